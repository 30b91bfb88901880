"""Move notation as GNU Backgammon writes it, and reading it back."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import side

from game.rules.dice import ROLLS
from game.rules.move import (
    Move,
    MoveError,
    MoveProblem,
    Step,
    format_steps,
    legal_moves,
    parse_move,
    parse_segments,
)
from game.rules.movegen import results
from game.rules.position import START_CODE, Position, pack, swap, unpack


def position(mine: dict[int, int], theirs_by_my_point: dict[int, int]) -> Position:
    """The mover's checkers by point (25 = bar); the opponent's by the mover's point
    numbers (0 = the opponent's bar)."""
    theirs = [0] * 25
    for p, n in theirs_by_my_point.items():
        theirs[24 if p == 0 else 24 - p] += n
    return Position.from_sides(side(mine), theirs)


def notations(pos: Position, dice: tuple[int, int]) -> set[str]:
    return {m.notation() for m in legal_moves(pos, dice)}


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    code = START_CODE
    while len(out) < count:
        out.append(Position(code))
        after = rng.choice(results(code, rng.randint(1, 6), rng.randint(1, 6)))
        code = START_CODE if not any(unpack(after)[0]) else swap(after)
    return out


START = Position.start()


# --- writing -----------------------------------------------------------------------------


def test_two_checkers_highest_source_first() -> None:
    assert "24/18 13/11" in notations(START, (6, 2))


def test_one_checker_with_both_dice_is_one_path() -> None:
    assert "24/13" in notations(START, (6, 5))


def test_repeated_moves_are_counted() -> None:
    assert "8/5(2) 6/3(2)" in notations(START, (3, 3))
    assert "24/18(2) 13/7(2)" in notations(START, (6, 6))


def test_entering_with_a_hit() -> None:
    pos = position({25: 1, 6: 14}, {22: 1, 12: 14})
    assert notations(pos, (3, 5)) == {"bar/22* 6/1", "bar/22*/17", "bar/20 6/3", "bar/17"}


def test_bearing_off_two() -> None:
    pos = position({6: 2, 5: 2, 1: 3}, {20: 15})
    assert "6/off 5/off" in notations(pos, (6, 5))


def test_bearing_off_repeated() -> None:
    pos = position({6: 4, 1: 2}, {20: 15})
    assert "6/off(4)" in notations(pos, (6, 6))


def test_hit_on_the_way_shows_the_stop() -> None:
    pos = position({24: 1, 6: 14}, {18: 1, 12: 14})
    assert notations(pos, (6, 3)) >= {"24/18*/15", "24/15"}


def test_star_goes_on_the_first_path_to_the_hit_point() -> None:
    # 5-3 with a blot on 3: whichever checker hits first, GNU Backgammon writes 8/3* 6/3
    pos = position({8: 1, 6: 1, 13: 13}, {3: 1, 20: 14})
    assert "8/3* 6/3" in notations(pos, (5, 3))
    steps_6_first = (Step(6, 3, True), Step(8, 3, False))
    assert format_steps(steps_6_first) == "8/3* 6/3"


def test_two_hitters_of_one_blot_with_a_double() -> None:
    pos = position({6: 3, 13: 12}, {4: 1, 20: 14})
    assert "13/11(2) 6/4*(2)" in notations(pos, (2, 2))
    assert format_steps((Step(6, 4, True), Step(6, 4, False))) == "6/4*(2)"


def test_identical_paths_through_a_hit_point_are_counted() -> None:
    steps = (Step(21, 18, True), Step(18, 15), Step(21, 18), Step(18, 15))
    assert format_steps(steps) == "21/18*/15(2)"


def test_format_is_order_independent() -> None:
    steps = [Step(25, 22, True), Step(22, 17), Step(8, 5), Step(6, 5)]
    texts = {format_steps(list(p)) for p in itertools.permutations(steps)}
    assert texts == {"bar/22*/17 8/5 6/5"}


def test_no_steps_is_empty_text() -> None:
    assert format_steps(()) == ""


# --- reading -----------------------------------------------------------------------------


def test_round_trip_every_legal_move_of_many_positions() -> None:
    checked = 0
    for pos in [START, *random_positions(60, 31)]:
        for d1, d2, _ in ROLLS:
            for move in legal_moves(pos, (d1, d2)):
                text = move.notation()
                back = parse_move(text, pos, (d1, d2))
                assert back == move, f"{pos.position_id()} {d1}{d2} {text!r}"
                assert back.notation() == text
                checked += 1
    assert checked > 10_000


def test_parse_accepts_other_spellings() -> None:
    expected = parse_move("24/18 13/11", START, (6, 2))
    for text in ("13/11 24/18", "24/18, 13/11", "  24/18   13/11 ", "24/18* 13/11"):
        assert parse_move(text, START, (6, 2)) == expected


def test_parse_joined_and_split_paths_are_the_same_move() -> None:
    assert parse_move("24/18/13", START, (6, 5)) == parse_move("24/13", START, (6, 5))
    assert parse_move("24/18 18/13", START, (6, 5)) == parse_move("24/13", START, (6, 5))


def test_parse_repeat_count_equals_writing_it_out() -> None:
    four = parse_move("24/18(2) 13/7(2)", START, (6, 6))
    assert four == parse_move("24/18 24/18 13/7 13/7", START, (6, 6))


def test_parse_bar_spellings() -> None:
    pos = position({25: 1, 6: 14}, {22: 1, 12: 14})
    expected = parse_move("bar/22*/21", pos, (3, 1))
    assert expected.after.theirs[24] == 1  # the blot was hit
    assert parse_move("BAR/22*/21", pos, (3, 1)) == expected
    assert parse_move("25/22*/21", pos, (1, 3)) == expected


def test_parse_two_from_the_bar_each_moving_on() -> None:
    # both must enter before either moves on: the parser finds that order
    pos = position({25: 2, 6: 13}, {12: 15})
    move = parse_move("bar/15(2)", pos, (5, 5))
    assert move.after == position({15: 2, 6: 13}, {12: 15})


def test_parse_bear_off_with_a_larger_die() -> None:
    pos = position({4: 1, 3: 1, 1: 13}, {20: 15})
    move = parse_move("4/off 3/off", pos, (6, 5))
    assert move.after == position({1: 13}, {20: 15})


def test_parse_hit_stars_pick_between_two_routes() -> None:
    # 6-3 from 13 to 4 through 10 or 7, a blot on each: only the stops tell them apart
    pos = position({13: 1, 6: 14}, {10: 1, 7: 1, 20: 13})
    via10 = parse_move("13/10*/4", pos, (6, 3))
    via7 = parse_move("13/7*/4", pos, (6, 3))
    assert via10 != via7
    with pytest.raises(MoveError, match="ambiguous"):
        parse_move("13/4", pos, (6, 3))


# --- bad strings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("hello", "from/to"),
        ("x/5", "not a point"),
        ("24-18", "from/to"),
        ("24/", "from/to"),
        ("24//18", "from/to"),
        ("18/24", "backwards"),
        ("6/6", "backwards"),
        ("off/5", "'off' can only end"),
        ("6/bar", "'bar' can only start"),
        ("30/24", "out of range"),
        ("24/0", "out of range"),
        ("8/5(5)", "repeat count"),
        ("8/5(0)", "repeat count"),
        ("8/5(12)", "cannot read"),
        ("24/23 24/23 13/12 13/12 6/5", "too many"),
    ],
)
def test_unreadable_text_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        parse_move(text, START, (1, 1))


def test_parse_segments_expands_repeats() -> None:
    assert parse_segments("8/5(2) 6/off") == [(8, 5), (8, 5), (6, 0)]
    assert parse_segments("bar/22*/17") == [(25, 22), (22, 17)]


def test_moving_from_an_empty_point_is_named() -> None:
    with pytest.raises(MoveError, match="point 12, but no checker"):
        parse_move("12/6 6/5", START, (6, 1))


def test_moving_from_the_bar_with_nothing_there_is_named() -> None:
    with pytest.raises(MoveError, match="no checker of yours is on the bar"):
        parse_move("bar/20", START, (5, 2))


def test_move_that_does_not_fit_the_dice() -> None:
    with pytest.raises(MoveError, match="cannot be played with 31"):
        parse_move("24/18 13/11", START, (3, 1))


def test_move_that_plays_too_little_of_the_roll() -> None:
    with pytest.raises(MoveError, match="as much of the"):
        parse_move("24/18", START, (6, 5))


def test_move_that_plays_the_smaller_die_when_the_larger_is_forced() -> None:
    pos = position({24: 1, 1: 14}, {13: 2, 5: 13})  # 24/18 and 24/19 open, 13 blocked
    assert notations(pos, (6, 5)) == {"24/18"}
    with pytest.raises(MoveError, match="larger die"):
        parse_move("24/19", pos, (6, 5))


def test_moving_a_checker_before_entering_from_the_bar() -> None:
    pos = position({25: 1, 13: 14}, {3: 15})
    with pytest.raises(MoveError):
        parse_move("13/9 13/11", pos, (4, 2))


def test_parse_when_no_move_is_possible() -> None:
    pos = position({25: 1, 13: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 6: 3})
    with pytest.raises(MoveError, match="turn passes"):
        parse_move("bar/20", pos, (5, 2))


def test_each_refusal_says_what_is_wrong_as_a_kind_the_front_end_words() -> None:
    blocked = position({25: 1, 13: 14}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 6: 3})
    forced_six = position({24: 1, 1: 14}, {13: 2, 5: 13})
    two_routes = position({13: 1, 6: 14}, {10: 1, 7: 1, 20: 13})
    cases = [
        ("13/", START, (6, 1), MoveProblem.UNREADABLE),
        ("12/6 6/5", START, (6, 1), MoveProblem.NO_CHECKER),
        ("bar/20", START, (5, 2), MoveProblem.NO_CHECKER),
        ("24/18 13/11", START, (3, 1), MoveProblem.NOT_PLAYABLE),
        ("24/18", START, (6, 5), MoveProblem.NOT_ENOUGH),
        ("24/19", forced_six, (6, 5), MoveProblem.NOT_ENOUGH),
        ("13/4", two_routes, (6, 3), MoveProblem.AMBIGUOUS),
        ("bar/20", blocked, (5, 2), MoveProblem.NO_MOVE),
    ]
    for text, pos, dice, problem in cases:
        with pytest.raises(MoveError) as caught:
            parse_move(text, pos, dice)
        assert caught.value.problem is problem, (text, caught.value)


# --- moves as values ---------------------------------------------------------------------


def test_moves_are_equal_when_the_results_are() -> None:
    a = Move(START, Position(pack(side({1: 15}), side({}))), (Step(24, 23),))
    b = Move(START, Position(pack(side({1: 15}), side({}))), (Step(13, 12), Step(12, 11)))
    assert a == b and hash(a) == hash(b)


def test_step_text() -> None:
    assert str(Step(25, 22, True)) == "bar/22*"
    assert str(Step(3, 0)) == "3/off"


def test_two_steps_are_written_as_the_general_path_joining_writes_them() -> None:
    from game.rules.move import _joined_paths, _two_steps

    pairs = [
        m.steps
        for pos in [START, *random_positions(80, 7)]
        for d1, d2, _ in ROLLS
        for m in legal_moves(pos, (d1, d2))
        if len(m.steps) == 2
    ]
    rng = random.Random(3)
    pairs += [  # every shape two steps can take, legal or not: chains, repeats, hits, off
        (Step(rng.randint(1, 25), rng.randint(0, 24), rng.random() < 0.4),
         Step(rng.randint(1, 25), rng.randint(0, 24), rng.random() < 0.4))
        for _ in range(20_000)
    ]  # fmt: skip
    assert len(pairs) > 20_000
    for one, two in pairs:
        assert _two_steps(one, two) == _joined_paths((one, two)), (one, two)
        assert _two_steps(two, one) == _joined_paths((one, two)), (one, two)
