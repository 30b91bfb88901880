"""Tests of the benchmarks' command lines: every module answers --help, bad input exits 2."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import bench
from bench.__main__ import MODULES
from bench.cli import module_main, print_figures

PROJECT = Path(__file__).resolve().parent.parent
RUNNABLE = sorted(
    f"bench.{info.name}"
    for info in pkgutil.iter_modules(bench.__path__)
    if (not info.ispkg or (PROJECT / "bench" / info.name / "__main__.py").exists())
    and info.name not in ("__main__", "cli")
)
"""The benchmarks ``python -m`` runs: bench's modules, and its packages with a ``__main__``."""


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_runnable_modules_include_every_suite_module() -> None:
    assert set(MODULES) <= set(RUNNABLE)
    assert "bench.rollouts" in RUNNABLE and "bench.strength" in RUNNABLE


@pytest.mark.parametrize("module", ["bench", *RUNNABLE])
def test_every_bench_module_answers_help(module: str) -> None:
    done = _bench(module, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: python -m {module} ")
    assert "Traceback" not in done.stderr


def test_only_with_an_unknown_name_is_an_error_listing_the_choices() -> None:
    done = _bench("bench", "--only", "nosuch")
    assert done.returncode == 2
    assert "invalid choice: 'nosuch'" in done.stderr
    for name in MODULES:
        assert repr(name.split(".")[-1]) in done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr


def test_unknown_flag_of_a_bench_module_is_an_error() -> None:
    done = _bench("bench.movegen", "--nosuch")
    assert done.returncode == 2
    assert "unrecognized arguments: --nosuch" in done.stderr


def test_figures_print_as_an_aligned_table(capsys: pytest.CaptureFixture[str]) -> None:
    print_figures({"a": 1.5, "longer_name": 1234567.0}, as_json=False)
    assert capsys.readouterr().out.splitlines() == ["a            1.5", "longer_name  1.23457e+06"]


def test_figures_print_as_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    print_figures({"a": 1.5}, as_json=True)
    assert json.loads(capsys.readouterr().out) == {"a": 1.5}


def test_module_main_measures_in_process_when_the_thread_count_is_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")
    asked: list[bool] = []

    def run(quick: bool) -> dict[str, float]:
        asked.append(quick)
        return {"x_per_s": 2.0}

    assert module_main("movegen", "Doc.", run, ["--quick", "--json"]) == 0
    assert asked == [True]
    assert json.loads(capsys.readouterr().out) == {"x_per_s": 2.0}
