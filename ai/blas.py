"""One BLAS thread for numpy: the search multiplies small matrices, where a second thread costs more.

OpenBLAS (numpy's BLAS) starts one thread per core by default. The search's
batches are small (a node's children for 21 rolls), so the threads mostly wait
for each other, and they take the core the rest of the program needs. Measured
on this project's 2-core machine (``bench/search.py`` positions, one other core
busy): depth 2 takes 6 ms a decision with one thread against 12 ms with two,
depth 3 45 ms against 60-100 ms, in wall-clock time, at a third of the CPU.

OpenBLAS reads the setting once, when numpy is first imported, so the entry
points (``main.py``, ``python -m bench`` and the research tools ``python -m
ai.training.train``, ``.distill`` and ``.ladder``) call :func:`use_one_thread` before
anything imports numpy; the AI's search process inherits it. A value the user has set is
kept. Training is faster on one thread too (1,500 self-play games: 5.9 s against 10.7 s, one core busy).
"""

from __future__ import annotations

import os
import sys

VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The thread-count settings of the BLAS libraries numpy may be built with."""


def use_one_thread() -> bool:
    """Ask for one BLAS thread (keeping any value already set); False if numpy is already loaded.

    After numpy is loaded the setting no longer takes effect in this process, though
    processes started from it still get it.
    """
    for name in VARIABLES:
        os.environ.setdefault(name, "1")
    return "numpy" not in sys.modules
