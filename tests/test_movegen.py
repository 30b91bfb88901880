"""Legal move generation: one named test per rule and per edge case.

Positions are built with :func:`board`: the mover's checkers by point (25 is the
bar) and the opponent's checkers by the *mover's* point numbers (0 is the
opponent's bar), so a test reads like a diagram seen from the side on roll.
Expected results are built the same way, independently of the generator.
"""

from __future__ import annotations

import pytest

from game.rules.dice import ROLLS
from game.rules.move import legal_moves
from game.rules.movegen import moves_with_steps, results, singles
from game.rules.position import BAR, START_CODE, Position, pack, unpack, validate

IMMOBILE = {1: 14}
"""Fourteen checkers on the mover's 1-point: they can never move while one checker is
outside the home board (no bearing off), which isolates the checker under test."""


def board(mine: dict[int, int], theirs: dict[int, int] | None = None) -> int:
    """A code from the mover's checkers {point: n} (25 = bar) and the opponent's
    checkers {mover's point: n} (0 = the opponent's bar); the rest are borne off."""
    me = [0] * 25
    opp = [0] * 25
    for p, n in mine.items():
        me[p - 1] += n
    for p, n in (theirs or {}).items():
        opp[24 if p == 0 else 24 - p] += n
    validate(me, opp)
    return pack(me, opp)


def result_set(code: int, d1: int, d2: int) -> set[int]:
    """The generator's results as a set, checking they are distinct and that the fast
    and the step-recording generators agree."""
    found = results(code, d1, d2)
    assert len(found) == len(set(found))
    with_steps = moves_with_steps(code, d1, d2)
    assert set(with_steps) == (set() if found == [code] else set(found))
    return set(found)


def notations(code: int, d1: int, d2: int) -> set[str]:
    return {m.notation() for m in legal_moves(Position(code), (d1, d2))}


# --- counts against published / gnubg figures ------------------------------------------

START_COUNTS = {
    (1, 1): 42, (1, 2): 15, (1, 3): 16, (1, 4): 14, (1, 5): 8, (1, 6): 10, (2, 2): 75,
    (2, 3): 17, (2, 4): 18, (2, 5): 8, (2, 6): 14, (3, 3): 73, (3, 4): 17, (3, 5): 9,
    (3, 6): 14, (4, 4): 52, (4, 5): 9, (4, 6): 14, (5, 5): 4, (5, 6): 7, (6, 6): 11,
}  # fmt: skip
"""Legal moves from the starting position, as GNU Backgammon counts them."""


@pytest.mark.parametrize(("d1", "d2"), sorted(START_COUNTS))
def test_start_position_move_counts(d1: int, d2: int) -> None:
    assert len(result_set(START_CODE, d1, d2)) == START_COUNTS[(d1, d2)]
    assert len(result_set(START_CODE, d2, d1)) == START_COUNTS[(d1, d2)]


def test_opening_31_makes_the_five_point() -> None:
    assert "8/5 6/5" in notations(START_CODE, 3, 1)


# --- single steps ------------------------------------------------------------------------


def test_step_may_not_land_on_point_held_by_two() -> None:
    code = board({24: 1, **IMMOBILE}, {21: 2})
    assert [step for _, step in singles(code, 3)] == []
    assert [step for _, step in singles(code, 2)] == [(23, 21, False)]


def test_step_may_land_on_own_point_of_any_height() -> None:
    code = board({24: 1, 21: 5, 1: 9})
    assert board({21: 6, 1: 9}) in {nc for nc, _ in singles(code, 3)}


def test_landing_on_a_blot_hits_it_to_the_bar() -> None:
    code = board({24: 1, **IMMOBILE}, {21: 1, 10: 14})
    hit = board({21: 1, **IMMOBILE}, {0: 1, 10: 14})
    assert singles(code, 3) == [(hit, (23, 20, True))]


def test_two_blots_hit_in_one_move_both_go_to_the_bar() -> None:
    code = board({24: 1, **IMMOBILE}, {22: 1, 20: 1, 10: 13})
    assert result_set(code, 2, 2) == {board({16: 1, **IMMOBILE}, {0: 2, 10: 13})}
    assert notations(code, 2, 2) == {"24/22*/20*/16"}


def test_hit_on_the_way_is_a_different_move_from_the_quiet_route() -> None:
    # 6-3 from 24 to 15: via 18 (a blot there) hits, via 21 does not
    code = board({24: 1, **IMMOBILE}, {18: 1, 10: 14})
    assert result_set(code, 6, 3) == {
        board({15: 1, **IMMOBILE}, {0: 1, 10: 14}),
        board({15: 1, **IMMOBILE}, {18: 1, 10: 14}),
    }
    assert notations(code, 6, 3) == {"24/18*/15", "24/15"}


def test_two_orders_that_end_in_the_same_position_are_one_move() -> None:
    # 3-1 from 24: 24/21/20 and 24/23/20 end in the same place
    code = board({24: 1, **IMMOBILE}, {10: 15})
    assert result_set(code, 3, 1) == {board({20: 1, **IMMOBILE}, {10: 15})}
    assert len(legal_moves(Position(code), (3, 1))) == 1


def test_two_checkers_two_orders_one_move() -> None:
    # 3-1 with checkers on 13 and 6: eight ways to play it, four positions
    code = board({13: 1, 6: 1, 1: 13}, {20: 15})
    assert len(result_set(code, 3, 1)) == 4
    assert notations(code, 3, 1) == {"13/9", "13/10 6/5", "13/12 6/3", "6/2"}


def test_doubles_play_four_steps() -> None:
    code = board({24: 4, 1: 11}, {10: 15})
    found = result_set(code, 6, 6)
    assert board({18: 4, 1: 11}, {10: 15}) in found
    assert board({12: 2, 24: 2, 1: 11}, {10: 15}) in found
    for c in found:
        assert _pips_moved(code, c) == 24


def _pips_moved(before: int, after: int) -> int:
    def pips(code: int) -> int:
        return sum((i + 1) * n for i, n in enumerate(unpack(code)[0]))

    return pips(before) - pips(after)


# --- entering from the bar ---------------------------------------------------------------


def test_bar_entry_blocked_by_closed_board_passes() -> None:
    code = board({25: 1, 13: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 6: 3})
    for d1, d2, _ in ROLLS:
        assert results(code, d1, d2) == [code]
        assert moves_with_steps(code, d1, d2) == {}
        assert legal_moves(Position(code), (d1, d2)) == []


def test_bar_entry_partly_blocked_enters_with_the_open_die() -> None:
    # 6-5 with the 19-point (entered with the 6) blocked: enter with the 5 on 20, then play the 6
    code = board({25: 1, **IMMOBILE}, {19: 2, 5: 13})
    assert result_set(code, 6, 5) == {board({14: 1, **IMMOBILE}, {19: 2, 5: 13})}
    assert notations(code, 6, 5) == {"bar/14"}


def test_bar_entry_with_either_die_then_the_other_die_anywhere() -> None:
    code = board({25: 1, 13: 2, 6: 12}, {3: 15})
    found = notations(code, 4, 2)
    assert {"bar/21 13/11", "bar/23 13/9", "bar/19", "bar/21 6/4", "bar/23 6/2"} <= found
    assert not any(n.startswith("13/") for n in found)  # the bar first, always


def test_checker_on_bar_must_enter_before_any_other_step() -> None:
    code = board({25: 1, 13: 14}, {3: 15})
    for nc, (src, _, _) in singles(code, 3):
        assert src == BAR
        assert unpack(nc)[0][BAR] == 0


def test_two_on_bar_one_entry_point_open_only_one_enters() -> None:
    # 6-5, the 19-point blocked: one checker enters on 20, the other stays, the 6 is lost
    code = board({25: 2, 13: 13}, {19: 2, 5: 13})
    assert result_set(code, 6, 5) == {board({25: 1, 20: 1, 13: 13}, {19: 2, 5: 13})}


def test_two_on_bar_both_enter_then_nothing_else_moves() -> None:
    code = board({25: 2, 13: 13}, {5: 15})
    assert result_set(code, 6, 5) == {board({19: 1, 20: 1, 13: 13}, {5: 15})}


def test_two_on_bar_double_enters_both_then_plays_two_more() -> None:
    code = board({25: 2, 13: 13}, {5: 15})
    found = result_set(code, 3, 3)
    assert board({22: 2, 13: 13}, {5: 15}) not in found  # four steps must be played
    assert board({19: 2, 13: 13}, {5: 15}) in found
    assert board({22: 2, 10: 2, 13: 11}, {5: 15}) in found


def test_three_on_bar_double_enters_three_and_plays_one() -> None:
    code = board({25: 3, 13: 12}, {5: 15})
    for c in result_set(code, 2, 2):
        me = unpack(c)[0]
        assert me[BAR] == 0
        assert _pips_moved(code, c) == 8


def test_four_on_bar_double_with_entry_blocked_passes() -> None:
    code = board({25: 4, 13: 11}, {22: 2, 5: 13})
    assert results(code, 3, 3) == [code]


def test_two_entering_on_a_blot_hit_it_once() -> None:
    # 3-3, two on the bar, a blot on 22: the first entry hits it, the second lands beside
    code = board({25: 2, 6: 13}, {22: 1, 12: 14})
    found = result_set(code, 3, 3)
    for c in found:
        theirs = unpack(c)[1]
        assert theirs[BAR] == 1  # exactly one opposing checker went to the bar
    assert board({22: 2, 6: 11, 3: 2}, {0: 1, 12: 14}) in found


def test_five_on_the_bar_double_enters_four() -> None:
    code = board({25: 5, 6: 10}, {12: 15})
    assert result_set(code, 2, 2) == {board({25: 1, 23: 4, 6: 10}, {12: 15})}


def test_entering_hits_a_blot_on_the_entry_point() -> None:
    code = board({25: 1, **IMMOBILE}, {22: 1, 5: 14})
    assert notations(code, 3, 1) == {"bar/22*/21", "bar/21"}


# --- forced-move rules -------------------------------------------------------------------


def test_both_dice_must_be_played_when_possible() -> None:
    # 6-5: 24/18 and 24/19 are open but 13 (where that checker would go on) is blocked;
    # 24/18 8/3, 24/19 8/2 and 8/2 8/3 play both dice, so a move of one die is not legal
    code = board({24: 1, 8: 2, 1: 12}, {13: 2, 6: 13})
    for c in result_set(code, 6, 5):
        assert _pips_moved(code, c) == 11


def test_both_dice_must_be_played_even_if_only_in_one_order() -> None:
    # 6-5 from 24: 18 is blocked, so the 6 cannot go first; 24/19/13 plays both
    code = board({24: 1, **IMMOBILE}, {18: 2, 5: 13})
    assert result_set(code, 6, 5) == {board({13: 1, **IMMOBILE}, {18: 2, 5: 13})}


def test_higher_die_forced_when_either_but_not_both_can_be_played() -> None:
    # 6-5 from 24: 24/18 and 24/19 are both open, but 13 (where either would go on) is blocked
    code = board({24: 1, **IMMOBILE}, {13: 2, 5: 13})
    assert result_set(code, 6, 5) == {board({18: 1, **IMMOBILE}, {13: 2, 5: 13})}
    assert notations(code, 6, 5) == {"24/18"}


def test_smaller_die_played_when_larger_cannot_be_played() -> None:
    # 6-5 from 24: 18 blocked, 19 open, 13 blocked: only the 5 can be played
    code = board({24: 1, **IMMOBILE}, {18: 2, 13: 2, 5: 11})
    assert result_set(code, 6, 5) == {board({19: 1, **IMMOBILE}, {18: 2, 13: 2, 5: 11})}


def test_only_one_die_playable_with_several_checkers() -> None:
    # 4-3: every 4 is blocked; the 3 can be played once only, by either checker
    code = board({24: 1, 23: 1, 1: 13}, {20: 2, 19: 2, 17: 2, 16: 2, 5: 7})
    found = result_set(code, 4, 3)
    assert found == {board({21: 1, 23: 1, 1: 13}, {20: 2, 19: 2, 17: 2, 16: 2, 5: 7})}


def test_double_only_partly_playable() -> None:
    # 3-3 from 24: 21, 18 and 15 are open, 12 is blocked: three steps, then the turn ends
    code = board({24: 1, **IMMOBILE}, {12: 2, 5: 13})
    assert result_set(code, 3, 3) == {board({15: 1, **IMMOBILE}, {12: 2, 5: 13})}


def test_double_partly_playable_by_several_checkers_plays_as_many_as_possible() -> None:
    # 5-5: each of the two checkers can make one step (19 and 18 open), none a second one
    code = board({24: 1, 23: 1, 1: 13}, {14: 2, 13: 2, 5: 11})
    assert result_set(code, 5, 5) == {board({19: 1, 18: 1, 1: 13}, {14: 2, 13: 2, 5: 11})}


def test_six_prime_blocks_everything() -> None:
    # all fifteen behind a full prime on 18..23: no roll moves anything
    code = board({24: 15}, {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 5: 3})
    for d1, d2, _ in ROLLS:
        assert results(code, d1, d2) == [code]
        assert moves_with_steps(code, d1, d2) == {}


def test_six_prime_lets_the_others_move_but_not_the_trapped_checker() -> None:
    code = board({24: 1, 13: 14}, {18: 2, 19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 5: 3})
    for d1, d2, _ in ROLLS:
        for c in result_set(code, d1, d2):
            assert unpack(c)[0][23] == 1


def test_five_prime_escaped_only_by_a_six() -> None:
    code = board({24: 1, **IMMOBILE}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 5: 5})
    for d1, d2, _ in ROLLS:
        moved = results(code, d1, d2) != [code]
        assert moved == (6 in (d1, d2))


def test_no_legal_step_passes_the_turn() -> None:
    code = board({24: 1, **IMMOBILE}, {22: 2, 21: 2, 5: 11})
    assert results(code, 3, 2) == [code]
    assert moves_with_steps(code, 3, 2) == {}
    assert legal_moves(Position(code), (3, 2)) == []


# --- bearing off -------------------------------------------------------------------------


def test_bear_off_with_the_exact_die() -> None:
    code = board({6: 2, 5: 2, 1: 1}, {19: 15})
    assert board({6: 1, 5: 1, 1: 1}, {19: 15}) in result_set(code, 6, 5)
    assert "6/off 5/off" in notations(code, 6, 5)


def test_bear_off_only_when_all_fifteen_are_home() -> None:
    code = board({7: 1, 6: 4, 5: 10}, {19: 15})
    steps = {step for _, step in singles(code, 6)}
    assert all(dst >= 0 for _, dst, _ in steps), "borne off with a checker still on the 7-point"
    assert (6, 0, False) in steps  # 7/1


def test_bear_off_not_allowed_with_a_checker_on_the_bar() -> None:
    code = board({25: 1, 6: 4, 5: 10}, {19: 14, 18: 1})
    for d1, d2, _ in ROLLS:
        for c in result_set(code, d1, d2):
            assert sum(unpack(c)[0]) == 15


def test_bear_off_once_the_last_checker_comes_home_in_the_same_roll() -> None:
    # 6-2: 8/2 brings the last checker home and the 2 bears it off (8/6 6/off is the same
    # position); or 8/2 then 6/4
    code = board({8: 1, 6: 4, 2: 10}, {19: 15})
    assert result_set(code, 6, 2) == {
        board({6: 4, 2: 10}, {19: 15}),
        board({6: 3, 4: 1, 2: 11}, {19: 15}),
    }
    assert notations(code, 6, 2) == {"8/off", "8/2 6/4"}


def test_bear_off_with_a_larger_die_from_the_highest_point() -> None:
    # 6-5 with checkers on 4, 3 and 2 only: both dice bear off from the highest point
    code = board({4: 1, 3: 1, 2: 13}, {19: 15})
    assert result_set(code, 6, 5) == {board({2: 13}, {19: 15})}
    assert notations(code, 6, 5) == {"4/off 3/off"}


def test_larger_die_may_not_bear_off_below_a_higher_checker() -> None:
    # a 4 with checkers on 5 and 3: it may not bear off from 3 while 5 is occupied, so 5/1
    # is the only 4
    code = board({5: 1, 3: 1, 1: 13}, {19: 15})
    steps = {step for _, step in singles(code, 4)}
    assert steps == {(4, 0, False)}  # 5/1 only


def test_larger_die_must_move_inside_when_a_higher_point_is_occupied() -> None:
    # 5-5 with checkers on 6 and 2: the 6 must move 6/1 first; then the 2-point is the
    # highest and the other fives bear off from 2, 1 and 1
    code = board({6: 1, 2: 1, 1: 13}, {19: 15})
    assert result_set(code, 5, 5) == {board({1: 12}, {19: 15})}


def test_bear_off_uses_smaller_die_inside_then_larger_off() -> None:
    # 6-1, one checker on 7: 7/6/off (or 7/1/off, the same position), or 7/1 5/4; a 6 may
    # not bear off from the 5-point while the 6-point is occupied
    code = board({7: 1, 5: 14}, {19: 15})
    assert result_set(code, 6, 1) == {
        board({5: 14}, {19: 15}),
        board({5: 13, 4: 1, 1: 1}, {19: 15}),
    }
    assert notations(code, 6, 1) == {"7/off", "7/1 5/4"}


def test_bearing_off_all_fifteen_ends_on_an_empty_side() -> None:
    code = board({1: 2}, {19: 15})
    assert result_set(code, 1, 1) == {board({}, {19: 15})}


def test_hit_during_bear_off_must_come_around_before_bearing_off_again() -> None:
    # the mover was hit while bearing off: it enters, and no roll bears anything off until
    # that checker is home again
    code = board({25: 1, 6: 3, 5: 3, 4: 3, 3: 3, 2: 2}, {20: 2, 10: 13})
    for d1, d2, _ in ROLLS:
        for c in result_set(code, d1, d2):
            me = unpack(c)[0]
            assert sum(me) == 15, f"{d1}{d2} bore off with a checker still coming around"
            assert me[BAR] == 0 or (d1 == d2 == 5 and me[BAR] == 1)


def test_opponent_checker_hit_during_their_bear_off_is_sent_back() -> None:
    # the mover hits a blot in the opponent's home board (the mover's 19..24)
    code = board({24: 1, **IMMOBILE}, {21: 1, 6: 2, 3: 2, 2: 10})
    after = board({21: 1, **IMMOBILE}, {0: 1, 6: 2, 3: 2, 2: 10})
    assert (after, (23, 20, True)) in singles(code, 3)


# --- the worst case for speed ------------------------------------------------------------

WORST_MINE = (3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 23, 24)
WORST_BLOTS = (4, 7, 10, 13, 16, 19, 22)


def worst_case_code() -> int:
    """Fifteen single checkers in pairs with an opposing blot in every gap: 1-1 has more
    than 2,000 legal moves (every combination of hits is a different position)."""
    return board(dict.fromkeys(WORST_MINE, 1), {**dict.fromkeys(WORST_BLOTS, 1), 0: 15 - len(WORST_BLOTS)})


def test_worst_case_one_one_has_more_than_2000_moves() -> None:
    code = worst_case_code()
    found = result_set(code, 1, 1)
    assert len(found) > 2000
    assert len(found) == 2226  # GNU Backgammon counts the same
    for c in found:
        assert _pips_moved(code, c) == 4


def test_worst_case_moves_with_steps_replay_to_their_results() -> None:
    code = worst_case_code()
    for result, steps in moves_with_steps(code, 1, 1).items():
        c = code
        for step in steps:
            c = next(nc for nc, s in singles(c, 1) if s == step)
        assert c == result
