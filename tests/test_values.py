"""The values of results for the mover (:func:`ai.evaluation.values.mover_values`): each board turned
round and valued for the mover, copies valued once, batches no larger than the caller's with a stop
check before each, a board the mover has won scored exactly."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from naive_reference import varied_positions

from ai.all_rolls import all_rolls
from ai.evaluation import batching
from ai.evaluation.batching import Batching
from ai.evaluation.evaluator import Boards, Evaluator, Probs, boards, flip, turned
from ai.evaluation.hand import HandEvaluator
from ai.evaluation.load import network_evaluator
from ai.evaluation.values import mover_values, on_roll_values

SEARCH = batching.SEARCH
NO_COPIES_LOOKED_FOR = Batching(chunk=SEARCH.chunk, dedupe_from=None)


class Recorder(Evaluator):
    """An evaluator whose five chances are a function of the board's bytes alone; it keeps every
    batch it was handed."""

    name = "recorder"

    def __init__(self) -> None:
        self.batches: list[Boards] = []

    def evaluate_boards(self, b: Boards) -> Probs:
        self.batches.append(b.copy())
        weights = np.arange(1, b.shape[1] + 1, dtype=np.float64)
        base = (b.astype(np.float64) @ weights) % 97 / 97.0
        return np.stack([base, base / 2, base / 4, (1 - base) / 2, (1 - base) / 4], axis=1)


def some_boards(n: int, copies_of_first: int, seed: int) -> Boards:
    """``n`` distinct boards (each side's 15 checkers spread over its first 12 points, so that the
    sides never share one), then the first again ``copies_of_first`` times."""
    rng = np.random.default_rng(seed)
    rows: dict[bytes, npt.NDArray[np.uint8]] = {}
    while len(rows) < n:
        row = np.zeros(50, dtype=np.uint8)
        row[:12] = rng.multinomial(15, [1 / 12] * 12)
        row[25:37] = rng.multinomial(15, [1 / 12] * 12)
        rows.setdefault(row.tobytes(), row)
    distinct = list(rows.values())
    return np.array(distinct + [distinct[0]] * copies_of_first, dtype=np.uint8)


def search_results() -> Boards:
    """Every result of every roll of some positions from play: copies among them, as a search meets them."""
    raw, _ = all_rolls([code for code, _ in varied_positions(12, seed=5)])
    return raw


def test_each_board_is_valued_for_the_mover_from_the_opponent_s_chances() -> None:
    raw = some_boards(5, 0, seed=1)
    ev = Recorder()
    got = mover_values(ev, raw, SEARCH)
    theirs = Recorder().evaluate_boards(turned(raw))
    np.testing.assert_array_equal(ev.batches[0], turned(raw))
    np.testing.assert_array_equal(got, flip(theirs))


def test_a_small_batch_is_evaluated_whole_copies_included() -> None:
    assert SEARCH.dedupe_from is not None
    raw = some_boards(SEARCH.dedupe_from - 10, 3, seed=2)
    ev = Recorder()
    got = mover_values(ev, raw, SEARCH)
    assert sum(len(b) for b in ev.batches) == len(raw)
    np.testing.assert_array_equal(got[-3:], np.repeat(got[:1], 3, axis=0))


def test_a_large_batch_evaluates_each_distinct_board_once_and_copies_share_its_value() -> None:
    assert SEARCH.dedupe_from is not None
    raw = some_boards(SEARCH.dedupe_from + 20, 30, seed=3)
    ev = Recorder()
    got = mover_values(ev, raw, SEARCH)
    assert sum(len(b) for b in ev.batches) == SEARCH.dedupe_from + 20
    np.testing.assert_array_equal(got[-30:], np.repeat(got[:1], 30, axis=0))


def test_de_duplication_gives_the_values_without_it() -> None:
    raw = search_results()
    ev = Recorder()
    once = mover_values(ev, raw, SEARCH)
    every = mover_values(Recorder(), raw, NO_COPIES_LOOKED_FOR)
    assert sum(len(b) for b in ev.batches) < len(raw)  # there were copies to find
    np.testing.assert_array_equal(once, every)


@pytest.mark.parametrize("which", ["hand", "net"])
def test_de_duplication_gives_the_values_without_it_with_the_real_evaluators(which: str) -> None:
    """The same to float32 rounding: the net's sums add in an order that depends on its batch."""
    ev: Evaluator = HandEvaluator() if which == "hand" else network_evaluator()
    raw = search_results()
    np.testing.assert_allclose(
        mover_values(ev, raw, SEARCH), mover_values(ev, raw, NO_COPIES_LOOKED_FOR), atol=1e-6
    )


def test_batches_are_no_larger_than_the_chunk_with_a_stop_check_before_each() -> None:
    raw = search_results()
    log: list[str] = []

    class Logging(Recorder):
        def evaluate_boards(self, b: Boards) -> Probs:
            log.append(f"eval {len(b)}")
            return super().evaluate_boards(b)

    def check() -> None:
        log.append("check")

    small = Batching(chunk=100, dedupe_from=None)
    got = mover_values(Logging(), raw, small, check)
    evals = [int(e.split()[1]) for e in log if e.startswith("eval")]
    assert max(evals) == 100 and sum(evals) == len(raw)
    assert all(a == "check" and b.startswith("eval") for a, b in zip(log[::2], log[1::2], strict=True))
    np.testing.assert_array_equal(got, mover_values(Recorder(), raw, batching.WHOLE))


def test_a_stop_check_that_raises_stops_before_the_next_batch() -> None:
    ev = Recorder()

    class Stop(Exception):
        pass

    def check() -> None:
        if ev.batches:
            raise Stop

    with pytest.raises(Stop):
        mover_values(ev, search_results(), Batching(chunk=100, dedupe_from=None), check)
    assert len(ev.batches) == 1


def test_a_board_where_the_mover_has_borne_off_everything_is_a_win_counted_exactly() -> None:
    raw = np.zeros((3, 50), dtype=np.uint8)  # the mover has nothing left in all three
    raw[0, 25] = 15  # the opponent has borne nothing off, all on its ace point: a gammon
    raw[1, 25] = 14  # and one in the mover's home board (its 19-point): a backgammon
    raw[1, 25 + 18] = 1
    raw[2, 25] = 14  # the opponent has borne one off: a single game, whatever else stands where
    got = mover_values(Recorder(), raw, SEARCH)
    assert got.tolist() == [[1.0, 1.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0]]


def test_positions_on_roll_are_valued_as_they_stand() -> None:
    raw = some_boards(7, 2, seed=4)
    np.testing.assert_array_equal(on_roll_values(Recorder(), raw, SEARCH), Recorder().evaluate_boards(raw))
    ev = Recorder()
    on_roll_values(ev, raw[:7], Batching(chunk=None, dedupe_from=1), distinct=True)
    assert sum(len(b) for b in ev.batches) == 7  # known distinct: not looked through for copies


def test_no_boards_no_values() -> None:
    ev = Recorder()
    assert mover_values(ev, boards([]), SEARCH).shape == (0, 5) and not ev.batches
