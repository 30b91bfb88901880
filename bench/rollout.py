"""Rollouts: games per second per core, and the goal beside GNU Backgammon's own rollout.

The goal (issue #35): a 1296-trial cubeless rollout of the 5 best moves of a roll, truncated
at 10 plies, with variance reduction, in under 60 s on a 2-core machine, and within 3 times
GNU Backgammon's time for the same work. Measured on the opening 3-1 (the candidates of the
search at depth 2), with a job per core, wall clock; then GNU Backgammon's CLI
(``/usr/games/gnubg``, if installed) rolls out the same five positions with the same settings
(``set rollout trials 1296``, truncation at 10 plies, cubeless, variance reduction, quasi-random
dice, 0-ply checker play, a thread per core), one after the other in one session.

Figures: ``rollout_goal_s`` (wall seconds of our rollout), ``rollout_games_per_s_per_core``
(its games, trials times candidates, per second per job), ``rollout_cubeful_games_per_s``
(one job, cubeful, the same position, 144 trials), ``rollout_full_games_per_s`` (one job,
cubeless, played to the end, 72 trials), ``gnubg_goal_s`` and ``rollout_over_gnubg`` (our time
over GNU Backgammon's), ``rollout_first_progress_s`` (issue 50: from the start of a 648-trial
cubeful rollout played to the end, as the window's Rollout asks, to its first progress report;
players met nothing for 97 s; the goal is under 2 s). ``--quick`` does 144 trials for the goal.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from ai.evaluation.evaluator import Evaluator
from ai.evaluation.load import default_evaluator
from ai.ranking import Ranker
from ai.rollout.pool import default_jobs
from ai.rollout.run import rollout_moves
from ai.rollout.settings import RolloutResult, RolloutSettings
from game.rules.position import Position, position_id, swap

GNUBG = "/usr/games/gnubg"
"""GNU Backgammon's command line."""

DICE = (3, 1)
"""The roll of the opening position whose moves are rolled out."""


def _candidates(evaluator: object) -> list[str]:
    """The Position IDs (opponent on roll) after the search's five best moves."""
    ranked = Ranker(evaluator).rank_moves(Position.start(), DICE, 2)  # type: ignore[arg-type]
    return [position_id(swap(r.move.after.code)) for r in ranked[:5]]


def gnubg_seconds(pids: list[str], trials: int, threads: int) -> float | None:
    """Wall seconds GNU Backgammon's CLI takes to roll out ``pids`` (None without it)."""
    exe = shutil.which(GNUBG) or shutil.which("gnubg")
    if exe is None:
        return None
    lines = [
        f"set threads {threads}",
        "set player 0 human",
        "set player 1 human",
        f"set rollout trials {trials}",
        "set rollout truncation enable on",
        "set rollout truncation plies 10",
        "set rollout cubeful off",
        "set rollout varredn on",
        "set rollout quasirandom on",
        "set rollout chequerplay plies 0",
        "set rollout seed 1",
        "set rollout limit enable off",
        "new game",
    ]
    for pid in pids:
        lines += [f"set gnubgid {pid}:cAkAAAAAAAAA", "rollout"]
    with tempfile.TemporaryDirectory() as home:
        t = time.perf_counter()
        done = subprocess.run(
            [exe, "-t", "-q"],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            timeout=3600,
            check=False,
            env={"HOME": str(Path(home)), "PATH": "/usr/bin:/bin"},
        )
        seconds = time.perf_counter() - t
    return seconds if done.returncode == 0 and done.stdout.count("Rollout done") == len(pids) else None


def first_progress(evaluator: Evaluator, jobs: int) -> float:
    """Seconds from the start of a played-out 648-trial rollout to its first progress report with
    a ply played (the rollout is stopped there)."""
    settings = RolloutSettings(trials=648, stop_z=None, seed=1, jobs=jobs)
    start, first = time.perf_counter(), [0.0]

    def seen(now: RolloutResult) -> None:
        if now.trials or now.ply:  # games counted or a ply played (the report at the start has neither)
            first[0] = first[0] or time.perf_counter() - start

    rollout_moves(
        Position.start(), DICE, evaluator, settings, on_progress=seen, should_stop=lambda: first[0] > 0
    )
    return first[0]


def run(quick: bool) -> dict[str, float]:
    evaluator, _ = default_evaluator()
    jobs = default_jobs()
    trials = 144 if quick else 1296
    out: dict[str, float] = {}
    goal = RolloutSettings(trials=trials, truncate=10, cubeful=False, stop_z=None, jobs=jobs, seed=1)
    t = time.perf_counter()
    r = rollout_moves(Position.start(), DICE, evaluator, goal)
    seconds = time.perf_counter() - t
    games = r.trials * len(r.candidates)
    out["rollout_goal_s"] = seconds
    out["rollout_games_per_s_per_core"] = games / seconds / jobs
    one = RolloutSettings(trials=144, truncate=10, stop_z=None, seed=1, jobs=1)
    t = time.perf_counter()
    r = rollout_moves(Position.start(), DICE, evaluator, one)
    out["rollout_cubeful_games_per_s"] = r.trials * len(r.candidates) / (time.perf_counter() - t)
    full = RolloutSettings(trials=72, cubeful=False, stop_z=None, seed=1, jobs=1)
    t = time.perf_counter()
    r = rollout_moves(Position.start(), DICE, evaluator, full)
    out["rollout_full_games_per_s"] = r.trials * len(r.candidates) / (time.perf_counter() - t)
    out["rollout_first_progress_s"] = first_progress(evaluator, jobs)
    theirs = gnubg_seconds(_candidates(evaluator), trials, jobs)
    if theirs is not None:
        out["gnubg_goal_s"] = theirs
        out["rollout_over_gnubg"] = seconds / theirs
    return out


if __name__ == "__main__":
    import sys

    from bench.cli import module_main

    sys.exit(module_main("rollout", __doc__, run))
