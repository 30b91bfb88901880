"""One BLAS thread: the setting, and the entry points making it before numpy loads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ai.blas import VARIABLES, use_one_thread

ROOT = Path(__file__).resolve().parent.parent


def test_use_one_thread_sets_every_blas_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert np.ndarray  # numpy is loaded in this process, so the setting comes too late here
    assert use_one_thread() is False
    assert all(os.environ[name] == "1" for name in VARIABLES)


def test_use_one_thread_keeps_what_the_user_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    use_one_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"


_PROBE = """
import sys
import ai.blas
seen = []
real = ai.blas.use_one_thread
ai.blas.use_one_thread = lambda: seen.append("numpy" in sys.modules) or real()
import main
code = main.main(sys.argv[1:])
import os
print(code, seen, os.environ["OPENBLAS_NUM_THREADS"], "numpy" in sys.modules)
"""


def test_main_asks_for_one_thread_before_numpy_loads() -> None:
    args = ["hint", "--position-id", "4HPwATDgc/ABMA", "--dice", "31", "--depth", "1", "--top", "1"]
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    run = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    # asked before numpy loaded, and the hint (which then loads it) answered
    assert run.stdout.splitlines()[-1] == "0 [False] 1 True"


_MODULE_PROBE = """
import runpy
import sys
import ai.blas
seen = []
real = ai.blas.use_one_thread
ai.blas.use_one_thread = lambda: seen.append("numpy" in sys.modules) or real()
sys.argv = [sys.argv[1], "--help"]
try:
    runpy.run_module(sys.argv[0], run_name="__main__")
except SystemExit:
    pass
print(seen, "numpy" in sys.modules)
"""


@pytest.mark.parametrize(
    "module",
    [
        "ai.training.train",
        "ai.training.distill",
        "ai.training.harvest_fit",
        "ai.training.ladder",
        "ai.training.ladder_records",
    ],
)
def test_long_running_tools_ask_for_one_thread_before_numpy_loads(module: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", _MODULE_PROBE, module], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[False] True"
