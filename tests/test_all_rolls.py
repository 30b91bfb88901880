"""The batch move generator (:mod:`ai.all_rolls`) gives exactly the rules' results for every roll.

:func:`game.rules.movegen.results` is checked move by move against GNU Backgammon
(``tests/test_movegen.py``, ``bgjudge.py movegen``); here the array version is compared with it,
set for set, on positions from random play (every stage of a game: contact, checkers on the bar,
races, bear-offs, hits during the bear-off) and on the edge cases the movegen tests build.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.all_rolls import NROLLS, all_rolls
from ai.evaluation.batching import BLOCK
from ai.evaluation.evaluator import boards
from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.position import SIDE_MASK, START_CODE, swap
from tests.test_movegen import IMMOBILE, board, worst_case_code


def played_positions(games: int, seed: int) -> list[int]:
    """Every position met before a roll in ``games`` games of random legal moves."""
    rng = random.Random(seed)
    found: list[int] = []
    for _ in range(games):
        code = START_CODE
        while True:
            found.append(code)
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            after = rng.choice(results(code, a, b))
            if not after & SIDE_MASK:
                break
            code = swap(after)
    return found


def edge_cases() -> list[int]:
    """Positions like the movegen tests' edge cases: entering, primes, bearing off, one die only."""
    return [
        worst_case_code(),
        board(
            {25: 2, 13: 5, 8: 3, 6: 5}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 1, 24: 2, 12: 4}
        ),  # two on the bar
        board({25: 5, 6: 10}, {19: 2, 20: 2, 21: 2, 22: 1, 1: 8}),  # five on the bar
        board({25: 1, 13: 4, 6: 10}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 0: 3}),  # a closed board
        board({**IMMOBILE, 24: 1}, {18: 2, 17: 2, 16: 2, 15: 2, 14: 2, 13: 2, 0: 3}),  # behind a six-prime
        board({7: 1, 5: 2, 3: 3, 1: 9}, {12: 2, 0: 13}),  # the last checker comes home, then bears off
        board({5: 1, 2: 3, 1: 2}, {24: 15}),  # a larger die from the highest point
        board({6: 1, 1: 1}, {4: 1, 0: 14}),  # a blot in the bear-off
        board({**IMMOBILE, 10: 1}, {4: 2, 5: 2, 8: 2, 0: 9}),  # only one die can be played
    ]


def check_same(codes: list[int]) -> None:
    raw, lengths = all_rolls(codes)
    assert raw.dtype == np.uint8 and raw.shape == (int(lengths.sum()), 50)
    assert len(lengths) == NROLLS * len(codes)
    at = 0
    for k, count in enumerate(lengths.tolist()):
        code, (d1, d2, _) = codes[k // NROLLS], ROLLS[k % NROLLS]
        got = [bytes(row) for row in raw[at : at + count]]
        at += count
        want = results(code, d1, d2)
        assert len(got) == len(set(got)), f"a result twice for {code:#x} {d1}{d2}"
        assert set(got) == {bytes(row) for row in boards(want)}, f"{code:#x} {d1}{d2}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_roll_of_positions_from_play_gives_the_rules_results(seed: int) -> None:
    check_same(played_positions(12, seed))


def test_the_movegen_edge_cases_give_the_rules_results() -> None:
    check_same(edge_cases())


def test_more_positions_than_a_block_come_back_in_order() -> None:
    codes = played_positions(8, 7)
    assert len(codes) > BLOCK
    check_same(codes)


def test_positions_that_move_alike_share_one_generation_and_keep_their_own_boards() -> None:
    race = board({6: 3, 5: 4, 3: 4, 1: 4}, {24: 5, 22: 4, 19: 6})  # a race: only the mover counts
    race_other = board({6: 3, 5: 4, 3: 4, 1: 4}, {23: 7, 20: 8})
    mine = {24: 2, 13: 5, 8: 3, 6: 5}
    contact = board(mine, {1: 2, 12: 5, 17: 3, 19: 5})  # the opening position
    contact_same_kinds = board(mine, {1: 3, 12: 4, 17: 3, 19: 5})  # its points held alike
    contact_blot = board(mine, {1: 2, 12: 5, 17: 3, 19: 4, 20: 1})  # a blot to hit on the 20 point
    codes = [race, contact, race_other, contact_same_kinds, contact_blot, race]
    check_same(codes)  # each with the rules' results, in their own order, duplicates too
    lengths = all_rolls(codes)[1]
    per_code = lengths.reshape(len(codes), NROLLS)
    assert (per_code[0] == per_code[2]).all() and (per_code[1] == per_code[3]).all()
    assert not (per_code[1] == per_code[4]).all()  # the blot on the 5 point changes some rolls


def results_of(code: int, d1: int, d2: int) -> set[bytes]:
    """The boards :func:`all_rolls` gives for one roll of ``code``, checked against the rules."""
    check_same([code])
    raw, lengths = all_rolls([code])
    k = next(i for i, (a, b, _) in enumerate(ROLLS) if {a, b} == {d1, d2})
    at = int(lengths[:k].sum())
    return {bytes(row) for row in raw[at : at + int(lengths[k])]}


def test_entering_and_moving_on_is_one_result_when_no_entry_point_holds_a_blot() -> None:
    assert len(results_of(board({25: 1, **IMMOBILE}), 3, 1)) == 1  # bar/21, by the 24 or the 22


def test_entering_and_moving_on_is_two_results_when_an_entry_point_holds_a_blot() -> None:
    assert len(results_of(board({25: 1, **IMMOBILE}, {22: 1, 0: 14}), 3, 1)) == 2  # bar/22*/21, bar/24/21


def test_two_on_the_bar_with_one_entry_point_closed_enter_one_and_play_nothing_more() -> None:
    found = results_of(board({25: 2, 1: 13}, {22: 2, 0: 13}), 3, 1)
    assert found == {bytes(row) for row in boards([board({25: 1, 24: 1, 1: 13}, {22: 2, 0: 13})])}


def test_entering_with_the_low_die_when_only_that_order_plays_both_dice() -> None:
    code = board({25: 1, 13: 1, 1: 13}, {14: 2, 8: 2, 0: 11})  # 6 then 5 cannot, 5 then 6 can
    want = board({20: 1, 7: 1, 1: 13}, {14: 2, 8: 2, 0: 11})
    assert results_of(code, 6, 5) == {bytes(row) for row in boards([want])}


def test_entering_with_the_larger_die_when_no_order_plays_both() -> None:
    code = board({25: 1, **IMMOBILE}, {14: 2, 0: 13})
    want = board({19: 1, **IMMOBILE}, {14: 2, 0: 13})
    assert results_of(code, 6, 5) == {bytes(row) for row in boards([want])}


@pytest.mark.parametrize("on_bar", [1, 2, 3, 4, 5])
def test_doubles_enter_from_the_bar_first_then_hop(on_bar: int) -> None:
    results_of(board({25: on_bar, 13: 2, 1: 13 - on_bar}, {21: 1, 0: 14}), 4, 4)  # a blot to hit on entry


def test_doubles_with_the_entry_point_closed_leave_the_position_as_it_is() -> None:
    code = board({25: 1, 13: 2, 1: 12}, {21: 2, 0: 13})
    assert results_of(code, 4, 4) == {bytes(row) for row in boards([code])}


def test_bearing_off_doubles_from_the_highest_point() -> None:
    assert len(results_of(board({3: 1, 1: 1}), 6, 6)) == 1
    results_of(board({5: 2, 2: 1}, {3: 1, 0: 14}), 4, 4)  # with a blot to hit on the way
    results_of(board({6: 1, 4: 2, 1: 1}), 2, 2)


def test_bearing_off_both_ways_round_to_one_position_is_one_result() -> None:
    assert len(results_of(board({4: 1, 2: 1}), 6, 5)) == 1


def test_rows_sharing_a_hash_are_compared_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.evaluation.distinct_rows as distinct_module

    zeros = np.zeros_like(distinct_module._MULTIPLIERS)
    monkeypatch.setattr(distinct_module, "_MULTIPLIERS", zeros)  # every row collides
    home = [c for c in played_positions(6, 4) if not any(c.to_bytes(50, "little")[6:25])]
    assert home
    check_same(home + edge_cases())
