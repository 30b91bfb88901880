"""The deepest level's board values (:func:`ai.leaves.board_values`): each board turned round and
valued for the mover, copies valued once in large batches, a board the mover has won scored exactly."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.leaves import DEDUPE_FROM, board_values

Boards = npt.NDArray[np.uint8]


class Recorder:
    """An evaluator of boards whose five chances are a function of the board's bytes; it keeps
    every batch it was handed."""

    def __init__(self) -> None:
        self.batches: list[Boards] = []

    def __call__(self, b: Boards) -> npt.NDArray[np.float64]:
        self.batches.append(b.copy())
        weights = np.arange(1, b.shape[1] + 1, dtype=np.float64)
        base = (b.astype(np.float64) @ weights) % 97 / 97.0
        return np.stack([base, base / 2, base / 4, (1 - base) / 2, (1 - base) / 4], axis=1)


def boards(n: int, copies_of_first: int, seed: int) -> Boards:
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


def never_stop() -> None:
    """The stop check of a search nobody stops."""


def test_each_board_is_valued_for_the_mover_from_the_opponent_s_chances() -> None:
    raw = boards(5, 0, seed=1)
    ev = Recorder()
    got = board_values(raw, ev, never_stop)
    turned = np.concatenate([raw[:, 25:], raw[:, :25]], axis=1)
    theirs = Recorder()(turned)
    np.testing.assert_array_equal(ev.batches[0], turned)
    np.testing.assert_allclose(got[:, 0], 1.0 - theirs[:, 0])
    np.testing.assert_allclose(got[:, 1:3], theirs[:, 3:5])
    np.testing.assert_allclose(got[:, 3:5], theirs[:, 1:3])


def test_a_small_batch_is_evaluated_whole_copies_included() -> None:
    raw = boards(DEDUPE_FROM - 10, 3, seed=2)
    ev = Recorder()
    got = board_values(raw, ev, never_stop)
    assert sum(len(b) for b in ev.batches) == len(raw)
    np.testing.assert_array_equal(got[-3:], np.repeat(got[:1], 3, axis=0))


def test_a_large_batch_evaluates_each_distinct_board_once_and_copies_share_its_value() -> None:
    raw = boards(DEDUPE_FROM + 20, 30, seed=3)
    ev = Recorder()
    got = board_values(raw, ev, never_stop)
    assert sum(len(b) for b in ev.batches) == DEDUPE_FROM + 20
    np.testing.assert_array_equal(got[-30:], np.repeat(got[:1], 30, axis=0))
    whole = Recorder()(np.concatenate([raw[:, 25:], raw[:, :25]], axis=1))
    np.testing.assert_allclose(got[:, 0], 1.0 - whole[:, 0])


def test_a_board_where_the_mover_has_borne_off_everything_is_a_win_counted_exactly() -> None:
    raw = np.zeros((3, 50), dtype=np.uint8)  # the mover has nothing left in all three
    raw[0, 25] = 15  # the opponent has borne nothing off, all on its ace point: a gammon
    raw[1, 25] = 14  # and one in the mover's home board (its 19-point): a backgammon
    raw[1, 25 + 18] = 1
    raw[2, 25] = 14  # the opponent has borne one off: a single game, whatever else stands where
    got = board_values(raw, Recorder(), never_stop)
    assert got.tolist() == [[1.0, 1.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0]]
