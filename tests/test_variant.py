"""The variant concept: nackgammon's start, as GNU Backgammon sets it up."""

from __future__ import annotations

from game.rules.position import START_CODE, swap
from game.rules.state import GameState
from game.rules.variant import VARIANTS, Variant, variant_of_start

NACKGAMMON_START_ID = "4Dl4ADbgOXgANg"
"""The Position ID GNU Backgammon shows after ``set variation nackgammon`` and a new game."""


def test_nackgammon_starts_with_two_checkers_on_each_sides_23_point() -> None:
    side = Variant.NACKGAMMON.start_side
    on = {point: side[point - 1] for point in range(1, 25) if side[point - 1]}
    assert on == {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    assert sum(side) == 15


def test_nackgammons_start_is_gnu_backgammons() -> None:
    assert Variant.NACKGAMMON.start().position_id() == NACKGAMMON_START_ID


def test_the_standard_variant_starts_where_the_game_always_started() -> None:
    assert Variant.STANDARD.start_code == START_CODE


def test_a_new_game_starts_at_its_variants_start() -> None:
    assert GameState.new().position.code == START_CODE
    assert GameState.new(Variant.NACKGAMMON).position.code == Variant.NACKGAMMON.start_code


def test_every_variant_has_its_facts_and_its_start_is_told_apart() -> None:
    assert set(VARIANTS) == set(Variant)
    for variant in Variant:
        assert variant_of_start(variant.start_code) is variant
        assert variant_of_start(swap(variant.start_code)) is variant
    assert variant_of_start(0) is None
