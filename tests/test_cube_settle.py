"""A cube question at depth 3 or 4 stands one depth shallower when the decision is clear there."""

from __future__ import annotations

import numpy as np
import pytest

from ai.cube.decision import CubeDecision, cube_decision, is_settled
from ai.cube.model import CubeContext
from ai.engine import Engine
from ai.evaluation.load import hand_evaluator
from game.rules.position import START_CODE, Position

HAND = hand_evaluator()[0]
MONEY = CubeContext()
MIDGAME = Position.from_id("mHPMASLg28gBKA").code
TO_FIVE = CubeContext(1, None, 5, (4, 3))


def decision(nd: float, dt: float, dp: float = 1.0) -> CubeDecision:
    return CubeDecision(nd, dt, dp, double=False, take=dt <= dp)


def test_a_decision_is_settled_when_the_doublers_and_the_takers_margins_are_both_wide() -> None:
    assert is_settled(decision(0.10, -0.20), 0.15)  # no double by 0.30, take by 1.20
    assert is_settled(decision(0.60, 0.80), 0.15)  # double by 0.20, take by 0.20
    assert not is_settled(decision(0.10, 0.00), 0.15)  # no double by only 0.10


def test_a_close_take_keeps_the_question_unsettled_even_far_from_a_double() -> None:
    assert not is_settled(decision(0.95, 0.92), 0.15)  # DT within 0.08 of DP
    assert not is_settled(decision(0.20, 1.10), 0.15)  # a pass by 0.10


def test_a_settled_question_is_the_shallower_search_and_says_its_depth() -> None:
    for code in (START_CODE, MIDGAME):
        got = cube_decision(code, MONEY, 3, HAND, settle=0.0)
        full2 = cube_decision(code, MONEY, 2, HAND, settle=None)
        assert got[1] == full2[1] and got[1].depth == 2
        np.testing.assert_array_equal(got[0], full2[0])


def test_an_unsettled_question_is_searched_to_the_full_depth() -> None:
    for ctx in (MONEY, TO_FIVE):
        got = cube_decision(MIDGAME, ctx, 3, HAND, settle=10.0)
        full = cube_decision(MIDGAME, ctx, 3, HAND, settle=None)
        assert got[1] == full[1] and got[1].depth == 3
        np.testing.assert_array_equal(got[0], full[0])


@pytest.mark.parametrize("depth", [1, 2])
def test_depths_1_and_2_never_settle(depth: int) -> None:
    assert cube_decision(MIDGAME, MONEY, depth, HAND, settle=0.0)[1].depth == depth


def test_the_full_depth_after_a_shallow_look_draws_the_same_noise_as_without_it() -> None:
    verdicts = []
    for seed in range(12):
        got, full = (
            cube_decision(MIDGAME, TO_FIVE, 3, HAND, noise=1.0, rng=np.random.default_rng(seed), settle=s)
            for s in (10.0, None)
        )
        assert got[1] == full[1]
        verdicts.append((full[1].double, full[1].take))
    assert len(set(verdicts)) > 1  # the noise is large enough to change verdicts


def test_the_engine_searches_a_players_question_to_the_full_depth() -> None:
    engine = Engine(HAND)
    full = engine.cube_decision(Position(MIDGAME), MONEY, 3, settle=False)[1]
    assert full == cube_decision(MIDGAME, MONEY, 3, HAND, settle=None)[1] and full.depth == 3
    settled = engine.cube_decision(Position(START_CODE), MONEY, 3)[1]
    assert settled == cube_decision(START_CODE, MONEY, 3, HAND)[1]
