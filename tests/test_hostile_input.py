"""Hostile input of issue 50 (each found by fuzzing): every one answered by a clear one-line error,
or handled, never a traceback. Timings belong to ``python -m bench hostile``; the timeouts here
only stop a hang."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ai.cube.model import CubeContext
from ai.evaluation.load import load_evaluator
from ai.rollout.play import Player, Start, Task
from ai.rollout.settings import RolloutSettings
from game.rules.position import from_position_id

ROOT = Path(__file__).resolve().parent.parent

PASS_ID = "32sAAOAAAAABAA"
"""A money position the side on roll doubles and the other side passes (public-cube-100, row 8)."""

SEED_1_PASSES = "mE/hACmwZ/AFIA:cAkAAAAAAAAE"
"""A cube decision whose second round of 36 trials (seed 1) all pass a double at the same ply."""


def run_main(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python main.py ARGS``; a generous timeout stops a hang (it is no time budget)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def one_clear_line(proc: subprocess.CompletedProcess[str]) -> str:
    """The error the command printed: one line, no traceback."""
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


# --- 1. a rollout batch whose every game passed a double at the same ply ------------------------


def test_a_rollout_batch_whose_every_game_passes_a_double_at_once_is_valued() -> None:
    ev = load_evaluator().evaluator
    code = from_position_id(PASS_ID)
    s = RolloutSettings(trials=36, seed=6)
    values = Player(Task((Start(code, True),), CubeContext(), s), ev).play(range(36))
    assert values.equity.shape == (36, 1) and (values.equity == 1.0).all()  # every double passed


def test_rollout_seed_1_of_a_cube_decision_whose_round_all_passes_answers() -> None:
    proc = run_main("rollout", SEED_1_PASSES, "--seed", "1", "--trials", "72", "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert "Verdict:" in proc.stdout and "Traceback" not in proc.stderr
