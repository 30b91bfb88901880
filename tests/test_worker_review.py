"""The review request: a record judged in the worker with progress, its reported decisions judged
again by rollouts when asked (issue 52), stopped on cancel, a damaged record answered with the
reader's message; one decision confirmed alone (the tutor's catch)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ai.engine import Engine
from ai.engine_types import ConfirmSettings, context_from_match
from ai.evaluation.load import default_evaluator
from ai.worker.messages import (
    ConfirmRequest,
    DecisionConfirmed,
    Event,
    Failed,
    Progress,
    ReviewConfirmed,
    Reviewed,
    ReviewRequest,
)
from ai.worker.transport import AIWorker
from game.records.formats import replay_bytes
from game.records.matchid import from_match_id
from game.rules.position import Position, from_position_id

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
    assert answer.message.startswith("game 1, move 1") and "24/14" in answer.message


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


QUICK_CONFIRM = ConfirmSettings("test", max_trials=36, min_trials=36, truncate=2)
"""Rollouts of one round, truncated at 2 plies: the second pass in seconds."""


def _confirmed_events(worker: AIWorker, rid: int) -> list[Event]:
    return worker.wait(rid, timeout=300)


def test_a_confirmed_review_sends_the_searchs_verdicts_then_each_rollouts_until_the_last(
    worker: AIWorker,
) -> None:
    rid = worker.start(ReviewRequest(RECORD, 1, confirm=QUICK_CONFIRM, processes=1))
    events = _confirmed_events(worker, rid)
    first = next(e for e in events if isinstance(e, Reviewed))
    assert first.review.confirm == QUICK_CONFIRM and first.review.to_check > 0
    assert first.review.checked == 0 and first.review.confirming()
    updates = [e for e in events if isinstance(e, ReviewConfirmed)]
    assert updates and events[-1] is updates[-1] and not updates[-1].confirming
    assert [u.checked for u in updates] == sorted(u.checked for u in updates)
    assert updates[-1].checked == updates[-1].to_check == first.review.to_check
    review = first.review
    for u in updates:
        review = u.applied(review)
    engine = Engine(default_evaluator()[0])
    replayed = replay_bytes(RECORD)
    alone = engine.confirm_review(engine.judge_match(replayed, 1), QUICK_CONFIRM)
    assert [d.error for d in review.decisions] == [d.error for d in alone.decisions]
    assert review.stats == alone.stats
    assert sum(d.confirmed() for d in review.decisions) == alone.to_check > 0


def test_each_decision_judged_again_comes_with_its_explanation(worker: AIWorker) -> None:
    rid = worker.start(ReviewRequest(RECORD, 1, confirm=QUICK_CONFIRM, processes=1))
    updates = [e for e in _confirmed_events(worker, rid) if isinstance(e, ReviewConfirmed)]
    changed = [c for u in updates for c in u.changed]
    assert changed and all(d.confirmed() for _, d, _ in changed)
    assert any(said is not None for _, d, said in changed if d.kind == "move")


def test_a_review_without_confirm_ends_with_its_first_answer(worker: AIWorker) -> None:
    rid = worker.start(ReviewRequest(RECORD, 1))
    events = worker.wait(rid, timeout=60)
    assert isinstance(events[-1], Reviewed) and events[-1].review.confirm is None
    assert not [e for e in events if isinstance(e, ReviewConfirmed)]


def test_a_cancelled_confirmation_sends_nothing_more_and_stops(worker: AIWorker) -> None:
    rid = worker.start(ReviewRequest(RECORD, 1, confirm=ConfirmSettings(max_trials=1296), processes=1))
    end = time.monotonic() + 120
    while time.monotonic() < end and not [e for e in worker.poll() if isinstance(e, Reviewed)]:
        time.sleep(0.02)
    worker.cancel(rid)
    end = time.monotonic() + 60
    while worker.busy and time.monotonic() < end:
        assert not [e for e in worker.poll() if isinstance(e, ReviewConfirmed)]
        time.sleep(0.01)
    assert not worker.busy


def test_a_clear_blunder_confirmed_alone_names_the_better_move(worker: AIWorker) -> None:
    position = Position(from_position_id("4HPwATDgc/ABMA"))
    engine = Engine(default_evaluator()[0])
    ranked = engine.rank_moves(position, (3, 1), 1)
    worst, best = ranked[-1], ranked[0]
    moves = tuple((r.move.notation(), r.move.after.code, r.equity) for r in (worst, best, ranked[1]))
    money = context_from_match(from_match_id("cAkAAAAAAAAA"))
    rid = worker.start(
        ConfirmRequest(position, money, "move", QUICK_CONFIRM, moves, 1, best.equity - worst.equity)
    )
    answer = worker.wait(rid, timeout=120)[-1]
    assert isinstance(answer, DecisionConfirmed) and answer.confirmation is not None
    assert answer.confirmation.best == best.move.notation()
    assert answer.confirmation.error > 0.1 and answer.confirmation.judged.trials == 36


def test_a_confirm_request_of_a_checker_play_needs_another_move() -> None:
    position = Position(from_position_id("4HPwATDgc/ABMA"))
    money = context_from_match(from_match_id("cAkAAAAAAAAA"))
    with pytest.raises(ValueError, match="other move"):
        ConfirmRequest(position, money, "move", QUICK_CONFIRM, (("8/5 6/5", 1, 0.0),))
