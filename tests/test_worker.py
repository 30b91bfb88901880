"""The AI worker: answers, progress, request ids, cancel, failures, and the process backend."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import numpy as np
import pytest

from ai.evaluation import batching
from ai.evaluation.evaluator import Boards, Evaluator, Probs
from ai.evaluation.load import hand_evaluator
from ai.search import UNLIMITED, Filters, analyse
from ai.worker.messages import Failed, Finished, Progress, RankedMove, Request
from ai.worker.transport import AIWorker
from game.rules.move import Move, legal_moves
from game.rules.position import Position

START = Position.start()
BUSY = Position.from_id("mHPMASLg28gBKA")  # a middle game with 28 or more moves for most rolls

HANG_GUARD_S = 60.0
"""Only a guard against a hang: the tests never assert on speed."""


def closed_board_on_bar() -> Position:
    """The mover has a checker on the bar and the opponent's home board is closed."""
    mine = [0] * 25
    mine[5], mine[24] = 14, 1
    theirs = [2, 2, 2, 2, 2, 2] + [0] * 19
    theirs[12] = 3
    return Position.from_sides(mine, theirs)


def one_way_in() -> Position:
    """Two checkers on the bar and one open point (22) in the opponent's home board."""
    mine = [0] * 25
    mine[5], mine[24] = 13, 2
    theirs = [2, 2, 0, 2, 2, 2] + [0] * 19
    theirs[12] = 5
    return Position.from_sides(mine, theirs)


def game_over() -> Position:
    """The opponent has borne off every checker."""
    mine = [0] * 25
    mine[5] = 15
    return Position.from_sides(mine, [0] * 25)


def drain(worker: AIWorker, request_id: int) -> list[Progress | Finished | Failed]:
    return worker.wait(request_id, timeout=HANG_GUARD_S)


def wait_free(worker: AIWorker) -> list[Progress | Finished | Failed]:
    """Poll until the worker has nothing running; every event polled on the way."""
    seen: list[Progress | Finished | Failed] = []
    end = time.monotonic() + HANG_GUARD_S
    while worker.busy:
        assert time.monotonic() < end, "the worker never became free"
        seen.extend(worker.poll())
        time.sleep(0.002)
    seen.extend(worker.poll())
    return seen


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    w = AIWorker("thread", hand_evaluator)
    yield w
    w.close()


class BrokenEvaluator(Evaluator):
    """An evaluator that always raises."""

    name = "broken"

    def evaluate_boards(self, b: Boards) -> Probs:
        raise ArithmeticError("evaluator exploded")


class SlowEvaluator(Evaluator):
    """The hand-made evaluator, slowed down so a search is sure to be running when we cancel."""

    name = "slow"

    def __init__(self) -> None:
        self.inner: Evaluator = hand_evaluator()[0]

    def evaluate_boards(self, b: Boards) -> Probs:
        time.sleep(0.002)
        return self.inner.evaluate_boards(b)


# --- answers -----------------------------------------------------------------------------


def test_finished_ranks_every_legal_move_best_first(worker: AIWorker) -> None:
    rid = worker.start(Request("hint", START, (3, 1), depth=1))
    events = drain(worker, rid)
    final = events[-1]
    assert isinstance(final, Finished) and final.request_id == rid
    assert {m.move.after for m in final.moves} == {m.after for m in legal_moves(START, (3, 1))}
    equities = [m.equity for m in final.moves]
    assert equities == sorted(equities, reverse=True)
    assert all(isinstance(m, RankedMove) and isinstance(m.move, Move) for m in final.moves)
    assert all(len(m.probs) == 5 and 0.0 <= m.probs[0] <= 1.0 for m in final.moves)


def test_answer_matches_the_search_directly(worker: AIWorker) -> None:
    evaluator = hand_evaluator()[0]
    want = analyse(BUSY.code, (6, 4), 2, evaluator)
    rid = worker.start(Request("hint", BUSY, (6, 4), depth=2))
    final = drain(worker, rid)[-1]
    assert isinstance(final, Finished)
    assert [m.move.after.code for m in final.moves] == [c.code for c in want]
    assert [m.equity for m in final.moves] == pytest.approx([c.equity for c in want])


def test_top_keeps_only_the_best_moves(worker: AIWorker) -> None:
    full = drain(worker, worker.start(Request("hint", START, (6, 2), depth=1)))[-1]
    top = drain(worker, worker.start(Request("hint", START, (6, 2), depth=1, top=3)))[-1]
    assert isinstance(full, Finished) and isinstance(top, Finished)
    assert len(full.moves) > 3
    assert [m.move for m in top.moves] == [m.move for m in full.moves[:3]]


def test_progress_reports_done_total_and_best(worker: AIWorker) -> None:
    rid = worker.start(Request("hint", BUSY, (5, 3), depth=2))
    events = drain(worker, rid)
    progress = [e for e in events if isinstance(e, Progress)]
    assert progress, "a depth-2 search reports progress"
    assert all(e.request_id == rid for e in events)
    assert all(0 <= p.done <= p.total for p in progress)
    assert [p.done for p in progress] == sorted(p.done for p in progress)
    assert progress[-1].done == progress[-1].total  # the last report says it is complete
    assert progress[-1].total > len(legal_moves(BUSY, (5, 3)))  # depth 1 for all, then depth 2
    assert progress[-1].best is not None
    final = events[-1]
    assert isinstance(final, Finished)
    assert progress[-1].best.move == final.moves[0].move


def test_no_legal_move_finishes_with_no_moves(worker: AIWorker) -> None:
    pos = closed_board_on_bar()
    assert legal_moves(pos, (6, 5)) == []
    final = drain(worker, worker.start(Request("move", pos, (6, 5), depth=3)))[-1]
    assert isinstance(final, Finished) and final.moves == []


def test_forced_move_is_the_only_answer(worker: AIWorker) -> None:
    pos = one_way_in()
    only = legal_moves(pos, (3, 5))
    assert len(only) == 1
    final = drain(worker, worker.start(Request("move", pos, (3, 5), depth=4)))[-1]
    assert isinstance(final, Finished)
    assert [m.move for m in final.moves] == only
    assert final.moves[0].move.notation() == "bar/22"


def test_game_over_position_fails_with_a_message(worker: AIWorker) -> None:
    final = drain(worker, worker.start(Request("hint", game_over(), (3, 1), depth=1)))[-1]
    assert isinstance(final, Failed)
    assert "game is over" in final.message


def test_time_limit_still_answers_with_every_move(worker: AIWorker) -> None:
    rid = worker.start(Request("move", BUSY, (6, 5), depth=4, time_limit=0.05))
    final = drain(worker, rid)[-1]
    assert isinstance(final, Finished)
    assert {m.move.after for m in final.moves} == {m.after for m in legal_moves(BUSY, (6, 5))}


def test_same_request_and_seed_same_noisy_answer(worker: AIWorker) -> None:
    req = Request("move", BUSY, (4, 2), depth=1, noise=0.5, seed=11)
    a = drain(worker, worker.start(req))[-1]
    b = drain(worker, worker.start(req))[-1]
    assert isinstance(a, Finished) and isinstance(b, Finished)
    assert [m.move for m in a.moves] == [m.move for m in b.moves]
    assert [m.equity for m in a.moves] == [m.equity for m in b.moves]


def test_hint_ignores_noise(worker: AIWorker) -> None:
    clean = drain(worker, worker.start(Request("hint", BUSY, (4, 2), depth=1)))[-1]
    noisy = drain(worker, worker.start(Request("hint", BUSY, (4, 2), depth=1, noise=0.5, seed=3)))[-1]
    assert isinstance(clean, Finished) and isinstance(noisy, Finished)
    assert [m.equity for m in noisy.moves] == [m.equity for m in clean.moves]


def test_move_noise_changes_equities(worker: AIWorker) -> None:
    clean = drain(worker, worker.start(Request("move", BUSY, (4, 2), depth=1)))[-1]
    noisy = drain(worker, worker.start(Request("move", BUSY, (4, 2), depth=1, noise=0.5, seed=3)))[-1]
    assert isinstance(clean, Finished) and isinstance(noisy, Finished)
    by_move = {m.move: m.equity for m in clean.moves}
    assert any(abs(m.equity - by_move[m.move]) > 1e-6 for m in noisy.moves)


# --- request ids, cancel ---------------------------------------------------------------------


def test_request_ids_increase(worker: AIWorker) -> None:
    a = worker.start(Request("hint", START, (3, 1), depth=1))
    b = worker.start(Request("hint", START, (3, 1), depth=1))
    assert b > a


def test_new_request_drops_the_stale_answer() -> None:
    with AIWorker("thread", lambda: (SlowEvaluator(), None)) as w:
        old = w.start(Request("move", BUSY, (6, 5), depth=3))
        new = w.start(Request("move", START, (3, 1), depth=1))
        events = w.wait(new, timeout=HANG_GUARD_S)
        events += wait_free(w)
        assert all(e.request_id == new for e in events)
        assert old != new
        assert isinstance(events[-1], Finished)


def test_cancel_drops_events_and_frees_the_worker() -> None:
    with AIWorker("thread", lambda: (SlowEvaluator(), None)) as w:
        rid = w.start(Request("move", BUSY, (6, 5), depth=4))
        first: list[Progress | Finished | Failed] = []
        while not first:  # a search is under way once it has said something
            first = w.poll()
            time.sleep(0.001)
        assert isinstance(first[0], Progress)
        w.cancel()
        assert wait_free(w) == []
        assert not w.busy
        # and the worker takes the next request
        final = w.wait(w.start(Request("hint", START, (3, 1), depth=1)), timeout=HANG_GUARD_S)[-1]
        assert isinstance(final, Finished) and final.request_id == rid + 1


def test_cancel_of_a_stale_id_leaves_the_live_request(worker: AIWorker) -> None:
    old = worker.start(Request("hint", START, (3, 1), depth=1))
    new = worker.start(Request("hint", START, (4, 2), depth=1))
    worker.cancel(old)
    final = drain(worker, new)[-1]
    assert isinstance(final, Finished) and final.request_id == new


def test_cancel_by_id_of_the_live_request(worker: AIWorker) -> None:
    rid = worker.start(Request("hint", BUSY, (6, 5), depth=3))
    worker.cancel(rid)
    assert wait_free(worker) == []


# --- failures ---------------------------------------------------------------------------------


def test_bad_requests_are_refused_with_a_message() -> None:
    with pytest.raises(ValueError, match="depth"):
        Request("move", START, (3, 1), depth=5)
    with pytest.raises(ValueError, match="dice"):
        Request("move", START, (0, 3), depth=1)
    with pytest.raises(ValueError, match="kind"):
        Request("think", START, (3, 1), depth=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="top"):
        Request("hint", START, (3, 1), depth=1, top=0)
    with pytest.raises(ValueError, match="time limit"):
        Request("hint", START, (3, 1), depth=1, time_limit=0)


def test_search_error_becomes_failed_and_the_worker_goes_on() -> None:
    with AIWorker("thread", lambda: (BrokenEvaluator(), None)) as w:
        for _ in range(2):
            final = w.wait(w.start(Request("hint", START, (3, 1), depth=1)), timeout=HANG_GUARD_S)[-1]
            assert isinstance(final, Failed)
            assert "evaluator exploded" in final.message


def test_evaluator_that_cannot_be_made_fails_requests_with_the_reason() -> None:
    def factory() -> tuple[Evaluator, str | None]:
        raise OSError("weights unreadable")

    with AIWorker("thread", factory) as w:
        assert w.wait_ready(HANG_GUARD_S)
        assert w.evaluator_warning is not None and "weights unreadable" in w.evaluator_warning
        final = w.wait(w.start(Request("hint", START, (3, 1), depth=1)), timeout=HANG_GUARD_S)[-1]
        assert isinstance(final, Failed) and "weights unreadable" in final.message


def test_evaluator_warning_is_reported() -> None:
    with AIWorker("thread", lambda: (hand_evaluator()[0], "no network here")) as w:
        assert w.wait_ready(HANG_GUARD_S)
        assert w.evaluator_warning == "no network here"


def test_start_after_close_is_refused() -> None:
    w = AIWorker("thread", hand_evaluator)
    w.close()
    w.close()  # twice is fine
    with pytest.raises(RuntimeError, match="closed"):
        w.start(Request("hint", START, (3, 1), depth=1))


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="mode"):
        AIWorker("fiber")  # type: ignore[arg-type]


# --- the process backend ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def proc_worker() -> Iterator[AIWorker]:
    w = AIWorker("process", hand_evaluator)
    assert w.wait_ready(HANG_GUARD_S), "the worker process did not start"
    yield w
    w.close()


def test_process_worker_answers_like_the_thread_worker(proc_worker: AIWorker, worker: AIWorker) -> None:
    req = Request("hint", BUSY, (6, 4), depth=2)
    a = proc_worker.wait(proc_worker.start(req), timeout=HANG_GUARD_S)[-1]
    b = worker.wait(worker.start(req), timeout=HANG_GUARD_S)[-1]
    assert isinstance(a, Finished) and isinstance(b, Finished)
    assert [m.move for m in a.moves] == [m.move for m in b.moves]
    assert np.allclose([m.equity for m in a.moves], [m.equity for m in b.moves])
    assert proc_worker.evaluator_name == worker.evaluator_name


def test_process_cancel_frees_the_worker(proc_worker: AIWorker) -> None:
    proc_worker.start(Request("move", BUSY, (6, 5), depth=4))
    while not proc_worker.poll():
        time.sleep(0.001)
    proc_worker.cancel()
    assert wait_free(proc_worker) == []
    final = proc_worker.wait(proc_worker.start(Request("hint", START, (3, 1), depth=1)), HANG_GUARD_S)[-1]
    assert isinstance(final, Finished)


def test_process_crash_fails_the_request_and_the_next_start_recovers() -> None:
    with AIWorker("process", hand_evaluator) as w:
        assert w.wait_ready(HANG_GUARD_S)
        rid = w.start(Request("move", BUSY, (6, 5), depth=4))
        os.kill(w._proc.pid, signal.SIGKILL)
        events = w.wait(rid, timeout=HANG_GUARD_S)
        assert isinstance(events[-1], Failed) and "stopped unexpectedly" in events[-1].message
        final = w.wait(w.start(Request("hint", START, (3, 1), depth=1)), timeout=HANG_GUARD_S)[-1]
        assert isinstance(final, Finished)


# --- how often the search looks at the stop flag (what makes cancel fast) ------------------------


def test_search_checks_the_stop_flag_between_batches_and_leaf_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels kept in the caches (positions as codes) and the last level (boards, :mod:`ai.leaves`)."""
    import ai.search as analysis

    monkeypatch.setattr(batching, "SLICE", 1000)
    monkeypatch.setattr(batching, "SEARCH", batching.Batching(chunk=256, dedupe_from=128))
    log: list[tuple[str, int]] = []
    real_swap, real_results = analysis.swap, analysis.results

    def counting_swap(code: int) -> int:
        log.append(("swap", 1))
        return real_swap(code)

    def counting_results(code: int, d1: int, d2: int) -> list[int]:
        log.append(("gen", 1))
        return real_results(code, d1, d2)

    class Recording(Evaluator):
        name = "recording"

        def __init__(self) -> None:
            self.inner = hand_evaluator()[0]

        def evaluate_boards(self, b: Boards) -> Probs:
            log.append(("eval", len(b)))
            return self.inner.evaluate_boards(b)

    def should_stop() -> bool:
        log.append(("stop", 0))
        return False

    monkeypatch.setattr(analysis, "swap", counting_swap)
    monkeypatch.setattr(analysis, "results", counting_results)
    analysis.analyse(  # unpruned: a search big enough to need slices
        BUSY.code,
        (6, 5),
        3,
        Recording(),
        should_stop=should_stop,
        filters=Filters(prune=UNLIMITED, settle=False),
    )
    assert sum(n for kind, n in log if kind == "eval") > 5000  # a search big enough to need slices
    since: dict[str, int] = {"swap": 0, "gen": 0, "eval": 0}
    worst = dict(since)
    for kind, n in log:
        if kind == "stop":
            since = dict.fromkeys(since, 0)
            continue
        if kind == "eval":
            assert n <= 256, "an evaluator batch larger than CHUNK"
            assert since["eval"] == 0, "two evaluator batches without a stop check between them"
        since[kind] += n
        worst[kind] = max(worst[kind], since[kind])
    assert worst["gen"] <= analysis.CHECK_EVERY + 21
    assert worst["swap"] <= 2 * 1000


def die_in_a_child() -> tuple[Evaluator, str | None]:
    """An evaluator factory that kills the worker process before it is ready (a broken install)."""
    import multiprocessing

    if multiprocessing.parent_process() is not None:
        os._exit(3)
    return hand_evaluator()


def test_process_that_never_starts_falls_back_to_a_thread() -> None:
    with AIWorker("process", die_in_a_child) as w:
        first = w.wait(w.start(Request("hint", START, (3, 1), depth=1)), timeout=HANG_GUARD_S)[-1]
        assert isinstance(first, Failed) and "stopped unexpectedly" in first.message
        second = w.wait(w.start(Request("hint", START, (3, 1), depth=1)), timeout=HANG_GUARD_S)[-1]
        assert w.mode == "thread"
        assert isinstance(second, Finished) and second.moves
