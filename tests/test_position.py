"""The packed position: layout, swap, validation, pips, race detection."""

from __future__ import annotations

import pytest
from helpers import side

from game.rules.position import (
    BAR,
    CHECKERS,
    START_CODE,
    START_SIDE,
    Position,
    PositionError,
    is_race,
    off_count,
    pack,
    pip_count,
    swap,
    unpack,
    validate,
)


def test_start_position_has_the_standard_layout() -> None:
    mine, theirs = unpack(START_CODE)
    assert mine == theirs == START_SIDE
    assert mine[23] == 2 and mine[12] == 5 and mine[7] == 3 and mine[5] == 5
    assert sum(mine) == CHECKERS


def test_pack_unpack_round_trip() -> None:
    mine = side({25: 1, 24: 2, 6: 5, 1: 3})
    theirs = side({25: 2, 13: 4, 2: 9})
    assert unpack(pack(mine, theirs)) == (tuple(mine), tuple(theirs))


def test_code_layout_bytes() -> None:
    code = pack(side({1: 3, 25: 1}), side({25: 2}))
    raw = code.to_bytes(50, "little")
    assert raw[0] == 3  # mover's point 1
    assert raw[BAR] == 1  # mover's bar
    assert raw[49] == 2  # opponent's bar


def test_swap_is_its_own_inverse() -> None:
    code = pack(side({25: 1, 24: 2, 6: 5}), side({13: 4, 2: 9}))
    assert swap(swap(code)) == code
    assert unpack(swap(code)) == tuple(reversed(unpack(code)))


def test_start_position_is_symmetric() -> None:
    assert swap(START_CODE) == START_CODE


def test_validate_rejects_too_many_checkers() -> None:
    with pytest.raises(PositionError, match="16 checkers"):
        validate(side({6: 16}), side({}))


def test_validate_rejects_two_colours_on_one_point() -> None:
    # the mover's point 6 is the opponent's point 19
    with pytest.raises(PositionError, match="both sides have checkers on point 6"):
        validate(side({6: 1}), side({19: 1}))


def test_validate_allows_both_bars_occupied() -> None:
    validate(side({25: 3}), side({25: 3}))


def test_validate_rejects_negative_counts_and_wrong_length() -> None:
    with pytest.raises(PositionError, match="negative"):
        validate([-1] + [0] * 24, side({}))
    with pytest.raises(PositionError, match="24 slots"):
        validate([0] * 24, side({}))


def test_position_from_sides_validates() -> None:
    with pytest.raises(PositionError):
        Position.from_sides(side({6: 1}), side({19: 1}))


def test_position_is_immutable_and_hashable() -> None:
    p = Position.start()
    assert hash(p) == hash(Position(START_CODE))
    assert p == Position(START_CODE)
    assert {p: 1}[Position.start()] == 1
    with pytest.raises(AttributeError):
        p.code = 0  # type: ignore[misc]


def test_accessors_off_counts_and_pips() -> None:
    p = Position.from_sides(side({6: 5, 25: 1}), side({1: 2}))
    assert p.my_off == 9 and p.their_off == 13
    assert p.pips() == (6 * 5 + 25, 2)
    assert Position.start().pips() == (167, 167)
    assert off_count(tuple(side({}))) == 15
    assert pip_count(tuple(START_SIDE)) == 167


def test_swapped_position_sees_the_other_side() -> None:
    p = Position.from_sides(side({6: 5}), side({1: 2}))
    assert p.swapped().mine == p.theirs
    assert p.swapped().theirs == p.mine


def test_is_race_when_the_sides_have_passed() -> None:
    # mover on its points 1..6, opponent on its own 1..6 (the mover's 19..24)
    assert is_race(pack(side({6: 5, 1: 3}), side({6: 4, 2: 2})))


def test_is_not_race_with_contact() -> None:
    assert not is_race(START_CODE)
    # mover's back checker on 20; opponent on its 10 (the mover's 15): still to pass
    assert not is_race(pack(side({20: 1, 6: 4}), side({10: 3})))


def test_is_not_race_with_a_checker_on_the_bar() -> None:
    assert not is_race(pack(side({25: 1, 6: 4}), side({6: 3})))
    assert not is_race(pack(side({6: 4}), side({25: 1, 6: 3})))


def test_is_race_when_a_side_has_no_checkers_left() -> None:
    assert is_race(pack(side({}), side({20: 3})))


def test_is_race_when_the_other_side_is_gone_even_with_a_checker_on_the_bar() -> None:
    # the game just ended: the loser's checker on the bar can meet nobody
    assert is_race(pack(side({25: 1, 6: 14}), side({})))
    assert is_race(pack(side({}), side({25: 1, 6: 14})))
