"""``python main.py rollout``: the table, the JSON objects of a checker play and of a cube decision."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START_ID = "4HPwATDgc/ABMA"


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
        env=dict(os.environ),
    )


def test_a_checker_play_as_json_best_first_with_its_seed() -> None:
    done = run_main(
        "rollout", START_ID, "31", "--trials", "36", "--truncate", "2", "--candidates", "3",
        "--seed", "7", "--jobs", "2", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["seed"] == 7 and out["trials"] == 36 and out["seconds"] > 0
    cands = out["candidates"]
    assert len(cands) == 3 and cands[0]["move"] == "8/5 6/5"
    assert [c["equity"] for c in cands] == sorted((c["equity"] for c in cands), reverse=True)
    for c in cands:
        assert set(c) == {"move", "position_id", "equity", "se", "probs"}
        assert len(c["probs"]) == 5 and c["se"] > 0 and len(c["position_id"]) == 14
    assert done.stderr == ""  # no progress bar when standard error is not a terminal


def test_a_cube_decision_as_json_and_as_a_table_at_a_match_score() -> None:
    # 5-point match, 0-0, centred cube (a Match ID without dice: the cube decision)
    args = (
        "rollout",
        f"{START_ID}:cAkAAAAAAAAA",
        "--trials",
        "36",
        "--truncate",
        "2",
        "--seed",
        "3",
        "--jobs",
        "1",
    )
    done = run_main(*args, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) >= {"seed", "trials", "seconds", "position", "cube"}
    cube = out["cube"]
    assert set(cube) == {"nd", "dt", "dp", "double", "take"}
    assert cube["dp"] == {"equity": 1.0, "se": 0.0} and cube["double"] is False and cube["take"] is True
    assert set(out["position"]) == {"equity", "se", "probs"}
    table = run_main(*args)
    assert table.returncode == 0, table.stderr
    assert "No double" in table.stdout and "95% interval" in table.stdout and "seed 3" in table.stdout
    assert "Verdict: No double, take" in table.stdout


def test_a_bad_position_is_refused_in_one_line() -> None:
    done = run_main("rollout", "nonsense", "31")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("rollout: ") and len(done.stderr.strip().splitlines()) == 1


SHORT = (Path(__file__).parent / "data" / "mat" / "short.mat").read_bytes()


def test_analyze_rolls_out_its_largest_errors_to_confirm_them() -> None:
    from ai.cli.rollout_errors import confirm_errors, format_confirmations
    from ai.engine import Engine
    from ai.evaluation.load import default_evaluator
    from ai.rollout.settings import RolloutSettings
    from game.records.formats import replay_bytes

    engine = Engine(default_evaluator()[0])
    rev = engine.judge_match(replay_bytes(SHORT), 1)
    settings = RolloutSettings(trials=36, truncate=2, stop_z=None)
    rows = confirm_errors(rev, engine, 3, settings)
    worst = rev.worst(3)
    assert rows and len(rows) <= len(worst)
    for row in rows:
        assert set(row) >= {"error", "rollout_error", "se", "rollout_best", "confirmed", "trials", "gnubg_id"}
        assert row["trials"] == 36 and row["rollout_error"] >= 0 and row["se"] >= 0
    assert any(r["kind"] == "move" for r in rows)
    text = format_confirmations(rows, settings)
    assert "rolled out (36 trials, truncated at 2 plies" in text and ("confirmed" in text)
