"""The review request: a record judged in the worker with progress, stopped on cancel, a damaged
record answered with the reader's message."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ai.evaluation.load import default_evaluator
from ai.worker.messages import Failed, Progress, Reviewed, ReviewRequest
from ai.worker.transport import AIWorker

RECORD = (Path(__file__).parent / "data" / "mat" / "gnubg.mat").read_bytes()


@pytest.fixture(scope="module")
def worker() -> AIWorker:
    w = AIWorker(mode="thread", factory=default_evaluator)
    assert w.wait_ready()
    yield w  # type: ignore[misc]
    w.close()


def test_a_review_reports_progress_by_turn_then_the_review(worker: AIWorker) -> None:
    rid = worker.start(ReviewRequest(RECORD, 1))
    events = worker.wait(rid, timeout=60)
    progress = [e for e in events if isinstance(e, Progress)]
    assert progress and progress[0].done == 0 and progress[-1].done == progress[-1].total
    assert all(e.best is None for e in progress)
    done = events[-1]
    assert isinstance(done, Reviewed) and done.review.depth == 1
    assert done.review.match.record.players == ("Alice", "Bob")
    assert progress[-1].total == sum(len(g.turns) for g in done.review.match.games)


def test_a_record_that_does_not_replay_fails_naming_the_cell(worker: AIWorker) -> None:
    bad = RECORD.replace(b"62: 24/18 8/6", b"62: 24/14 8/6", 1)
    rid = worker.start(ReviewRequest(bad, 1))
    answer = worker.wait(rid, timeout=30)[-1]
    assert isinstance(answer, Failed)
    assert answer.message.startswith("game 1, row 1") and "24/14" in answer.message


def test_a_cancelled_review_never_answers(worker: AIWorker) -> None:
    rid = worker.start(ReviewRequest(RECORD, 2))
    worker.cancel(rid)
    end = time.monotonic() + 30
    while worker.busy and time.monotonic() < end:
        assert not [e for e in worker.poll() if isinstance(e, Reviewed)]
        time.sleep(0.01)
    assert not worker.busy


def test_a_review_request_checks_its_depth() -> None:
    with pytest.raises(ValueError, match="depth"):
        ReviewRequest(RECORD, 0)
