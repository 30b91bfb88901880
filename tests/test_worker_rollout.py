"""The rollout request: results after each round, then the answer; a cancel stops its jobs."""

from __future__ import annotations

import os
import time

import pytest
from processes import descendants, is_running

from ai.evaluation.load import default_evaluator
from ai.rollout.settings import RolloutSettings
from ai.worker.messages import RolledOut, RolloutProgress, RolloutRequest
from ai.worker.transport import AIWorker
from game.rules.position import Position

QUICK = RolloutSettings(trials=108, truncate=2, cubeful=False, candidates=2, stop_z=None, seed=5)


def test_a_rollout_reports_each_round_then_the_answer() -> None:
    with AIWorker(mode="thread", factory=default_evaluator) as worker:
        assert worker.wait_ready()
        rid = worker.start(RolloutRequest(Position.start(), (3, 1), QUICK))
        events = worker.wait(rid, timeout=120)
    progress = [e for e in events if isinstance(e, RolloutProgress)]
    assert [p.result.trials for p in progress if p.result.trials and not p.result.ply] == [
        36,
        72,
    ]  # each round's end
    assert progress[0].result.trials == 0  # the first round under way
    done = events[-1]
    assert isinstance(done, RolledOut) and done.result.trials == 108 and done.result.seed == 5
    assert done.result.candidates[0].label == "8/5 6/5"


def test_a_cube_rollout_answers_the_three_choices() -> None:
    with AIWorker(mode="thread", factory=default_evaluator) as worker:
        assert worker.wait_ready()
        s = RolloutSettings(trials=36, truncate=2, stop_z=None)
        rid = worker.start(RolloutRequest(Position.from_id("4PPgASTgc/ABMA"), None, s))
        done = worker.wait(rid, timeout=120)[-1]
    assert isinstance(done, RolledOut) and done.result.cube is not None
    assert [c.label for c in done.result.candidates] == ["No double", "Double, take", "Double, pass"]


def test_cancelling_a_rollout_in_the_worker_process_ends_its_jobs() -> None:
    me = os.getpid()
    with AIWorker(mode="process", factory=default_evaluator) as worker:
        assert worker.wait_ready(timeout=60)
        before = descendants(me)
        long = RolloutSettings(trials=1296, truncate=3, cubeful=False, candidates=2, stop_z=None, jobs=2)
        rid = worker.start(RolloutRequest(Position.start(), (3, 1), long))
        end = time.monotonic() + 90
        got: list[RolloutProgress] = []
        while not got and time.monotonic() < end:  # a ply played: the jobs are running
            got = [
                e
                for e in worker.poll()
                if isinstance(e, RolloutProgress) and (e.result.ply or e.result.trials)
            ]
            time.sleep(0.02)
        assert got and got[0].request_id == rid
        jobs = descendants(me) - before
        assert len(jobs) >= 2
        worker.cancel(rid)
        end = time.monotonic() + 10
        while any(is_running(p) for p in jobs) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(is_running(p) for p in jobs)
        assert not [e for e in worker.poll() if isinstance(e, RolledOut)]


def test_a_rollout_request_checks_its_dice() -> None:
    with pytest.raises(ValueError, match="dice"):
        RolloutRequest(Position.start(), (0, 7), QUICK)
