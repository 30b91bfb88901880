"""The search on more than one core: wall-clock speed-up with 1, 2 and all cores at depths 3 and 4.

The same move decisions (:func:`bench.search.game_positions`, the shipped evaluator) are
timed in wall-clock seconds by one process alone and with search helpers
(:class:`ai.parallel.Pool`) making 2 processes and one a core (``cores``); each pool is
started before its timing. Figures: ``speedup_dN_2`` and ``speedup_dN_all``, the total time
alone over the total time with 2 processes or one a core (all the cores: the same as 2 on a
2-core machine), and ``dN_1core_ms``, the median decision alone. Other work on the machine
takes cores from the helpers: on a shared machine the speed-up is a lower bound.
"""

from __future__ import annotations

import statistics
import time

from ai.evaluation.load import default_evaluator
from ai.parallel import Pool, cores
from ai.search import analyse
from bench.search import game_positions

COUNTS = {3: 20, 4: 6}
"""Decisions timed at each depth."""


def run(quick: bool) -> dict[str, float]:
    evaluator, _ = default_evaluator()
    out: dict[str, float] = {"cores": float(cores())}
    positions = game_positions(max(COUNTS.values()))
    sizes = sorted({1, 2, cores()})
    for depth in (3,) if quick else (3, 4):
        chosen = positions[: COUNTS[depth] // (2 if quick else 1)]
        totals: dict[int, float] = {}
        for processes in sizes:
            with Pool.start(processes - 1, evaluator) as pool:
                times = []
                for code, dice in chosen:
                    t = time.perf_counter()
                    analyse(code, dice, depth, evaluator, pool=pool if processes > 1 else None)
                    times.append(time.perf_counter() - t)
            totals[processes] = sum(times)
            if processes == 1:
                out[f"d{depth}_1core_ms"] = statistics.median(times) * 1000
        out[f"speedup_d{depth}_2"] = totals[1] / totals[2]
        out[f"speedup_d{depth}_all"] = totals[1] / totals[max(sizes)]
    return out


if __name__ == "__main__":
    import sys

    from bench.cli import module_main

    sys.exit(module_main("cores", __doc__, run))
