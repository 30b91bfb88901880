"""The hand-made evaluator: valid probabilities and the right sign on each of its terms."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import side
from naive_reference import varied_positions

from ai.evaluation.evaluator import boards, equity
from ai.evaluation.hand import HandEvaluator, move_scores
from game.rules.position import START_CODE, Position, swap


def eq(mine: dict[int, int], theirs: dict[int, int], my_bar: int = 0, their_bar: int = 0) -> float:
    code = Position.from_sides(side(mine, my_bar), side(theirs, their_bar)).code
    return float(equity(HandEvaluator().evaluate([code]))[0])


HAND = HandEvaluator()
POSITIONS = varied_positions(50)
CODES = [c for c, _ in POSITIONS] + [swap(c) for c, _ in POSITIONS] + [START_CODE]


def test_probabilities_are_ordered_and_in_range() -> None:
    p = HAND.evaluate(CODES)
    assert p.shape == (len(CODES), 5)
    assert np.all(p >= 0.0) and np.all(p <= 1.0)
    assert np.all(p[:, 1] <= p[:, 0] + 1e-12) and np.all(p[:, 2] <= p[:, 1] + 1e-12)
    assert np.all(p[:, 3] <= 1.0 - p[:, 0] + 1e-12) and np.all(p[:, 4] <= p[:, 3] + 1e-12)


def test_batch_equals_one_at_a_time() -> None:
    batch = HAND.evaluate(CODES)
    single = np.concatenate([HAND.evaluate([c]) for c in CODES])
    assert np.allclose(batch, single, atol=1e-12)


def test_evaluate_boards_equals_evaluate() -> None:
    assert np.array_equal(HAND.evaluate_boards(boards(CODES)), HAND.evaluate(CODES))


def test_empty_batch() -> None:
    assert HAND.evaluate([]).shape == (0, 5)


def test_start_position_favours_the_side_on_roll_slightly() -> None:
    e = float(equity(HAND.evaluate([START_CODE]))[0])
    assert 0.0 < e < 0.3


def test_race_pip_lead_raises_win_chance() -> None:
    ahead = eq({6: 5, 5: 5, 3: 5}, {6: 5, 5: 5, 4: 5})  # 70 pips against 75
    behind = eq({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 3: 5})
    assert ahead > behind


def test_race_equal_pips_favours_side_on_roll() -> None:
    assert eq({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5}) > 0.0


def test_race_no_gammon_once_opponent_has_borne_off() -> None:
    code = Position.from_sides(side({1: 2}), side({6: 14})).code  # they have borne one off
    p = HAND.evaluate([code])[0]
    assert p[1] == 0.0 and p[2] == 0.0


def test_race_gammon_likely_when_opponent_is_far_from_home() -> None:
    code = Position.from_sides(side({1: 2}), side({12: 15})).code
    p = HAND.evaluate([code])[0]
    assert p[0] > 0.95 and p[1] > 0.8


def test_decided_positions_are_exact() -> None:
    lost = Position.from_sides(side({6: 3}), side({})).code  # the opponent has no checkers left
    assert HAND.evaluate([lost])[0].tolist() == [0.0, 0.0, 0.0, 0.0, 0.0]


def test_blot_exposed_to_direct_shot_is_worse_than_safe_point() -> None:
    base = {6: 5, 8: 3, 13: 5}
    theirs = {24: 2, 13: 5, 8: 3, 6: 5}
    safe = eq({**base, 7: 2}, theirs)
    exposed = eq({**base, 7: 1, 9: 1}, theirs)
    assert safe > exposed


def test_checker_on_bar_against_closed_board_is_bad() -> None:
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
    on_bar = eq({6: 5, 8: 3, 13: 6}, closed, my_bar=1)
    not_on_bar = eq({6: 5, 8: 3, 13: 7}, closed)
    assert on_bar < not_on_bar


def test_prime_with_trapped_checker_is_good() -> None:
    theirs = {24: 1, 6: 5, 8: 3, 2: 6}  # their back checker sits on our 1 point
    prime = eq({2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 14: 3}, theirs)
    scattered = eq({2: 2, 4: 2, 6: 2, 8: 2, 10: 2, 11: 2, 14: 3}, theirs)
    assert prime > scattered


def test_advanced_anchor_beats_split_back_checkers_facing_attack() -> None:
    theirs = {6: 4, 8: 4, 13: 5, 7: 2}
    anchor = eq({20: 2, 13: 5, 8: 3, 6: 5}, theirs)
    split = eq({20: 1, 21: 1, 13: 5, 8: 3, 6: 5}, theirs)
    assert anchor > split


DECISIVE_EDGES = {
    "race won by 165 pips": ({1: 5, 2: 5, 3: 5}, {13: 15}, 0),
    "they are stuck behind our checkers": ({6: 5, 5: 5, 4: 5}, {24: 5, 23: 5, 22: 5}, 0),
    "closed board, one of theirs on the bar": ({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, {13: 14}, 1),
    "five checkers left against fifteen": ({1: 5}, {6: 15}, 0),
    "six checkers left against fifteen outside": ({2: 3, 3: 3}, {7: 15}, 0),
    "race won by 140 pips, two of theirs back": ({8: 15}, {24: 2, 13: 13}, 0),
    "closed board, two of theirs on the bar": ({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, {13: 13}, 2),
    "home board full, theirs all at mid-point": ({3: 4, 4: 4, 5: 4, 6: 3}, {13: 15}, 0),
    "three checkers left against fifteen": ({1: 3}, {12: 15}, 0),
    "all of theirs on our ace point": ({6: 15}, {24: 15}, 0),
}
"""Positions (our points, theirs, their checkers on the bar) where we win decisively whoever is on roll."""


@pytest.mark.parametrize(("mine", "theirs", "their_bar"), DECISIVE_EDGES.values(), ids=DECISIVE_EDGES.keys())
def test_swapping_sides_roughly_flips_the_evaluation(
    mine: dict[int, int], theirs: dict[int, int], their_bar: int
) -> None:
    # not exact (being on roll is worth something) but the sign of a decisive edge must flip
    code = Position.from_sides(side(mine), side(theirs, their_bar)).code
    a = float(equity(HAND.evaluate([code]))[0])
    b = float(equity(HAND.evaluate([swap(code)]))[0])
    assert a > 1.0 and b < -1.0


def test_race_detection_matches_position_is_race() -> None:
    me, them = boards(CODES)[:, :25].astype(float), boards(CODES)[:, 25:].astype(float)
    got = HandEvaluator._is_race(me, them).tolist()
    assert got == [Position(c).is_race() for c in CODES]
    assert any(got) and not all(got)


def move_score(mine: dict[int, int], theirs: dict[int, int], their_bar: int = 0) -> float:
    code = Position.from_sides(side(mine), side(theirs, their_bar)).code
    return float(move_scores(boards([code]))[0])


THEIRS = {24: 2, 13: 5, 8: 3, 6: 5}


def test_move_scores_prefer_bearing_off_the_last_checker() -> None:
    assert move_score({}, {6: 15}) > move_score({1: 1}, {6: 15})


def test_move_scores_prefer_a_made_point_to_two_blots() -> None:
    base = {6: 5, 8: 3, 13: 5}
    assert move_score({**base, 5: 2}, THEIRS) > move_score({**base, 5: 1, 4: 1}, THEIRS)


def test_move_scores_prefer_hitting() -> None:
    mine = {6: 5, 8: 3, 13: 5, 11: 2}
    hit = move_score(mine, {24: 1, 13: 5, 8: 3, 6: 5}, their_bar=1)
    no_hit = move_score(mine, {24: 1, 13: 5, 8: 3, 6: 5, 20: 1})
    assert hit > no_hit


def test_move_scores_punish_a_blot_in_direct_range() -> None:
    theirs = {24: 2, 6: 13}  # on our 1 point and our 19 point
    base = {6: 5, 8: 2, 13: 5, 10: 2}
    in_range = move_score({**base, 5: 1}, theirs)  # 4 pips in front of their back checkers
    out_of_range = move_score({**base, 16: 1}, theirs)  # 15 pips away: no shot
    assert out_of_range > in_range


def plain_move_score(b: list[int]) -> float:
    """The quick score as its docstring defines it, one point at a time."""
    from ai.evaluation.hand import _BLOT_COST, _MOVE_POINT_VALUE

    me, them = b[:25], b[25:]
    if not any(me):
        return 100.0
    score = sum(float(_MOVE_POINT_VALUE[p]) for p in range(24) if me[p] >= 2)
    # the opponent's checkers by my index (its point q is my index 23 - q); its bar is my index -1
    hitters = {23 - q for q in range(24) if them[q]} | ({-1} if them[24] else set())
    for i in range(24):
        if me[i] == 1:
            distances = {i - m for m in hitters}
            direct = any(1 <= d <= 6 for d in distances)
            indirect = any(7 <= d <= 11 for d in distances)
            score -= 0.9 * float(_BLOT_COST[i]) * (direct + 0.3 * indirect)
    pips = sum((k + 1) * them[k] for k in range(25)) - sum((k + 1) * me[k] for k in range(25))
    return score + 0.5 * them[24] + 0.012 * pips


def test_move_scores_match_their_plain_definition() -> None:
    b = boards(CODES)
    got = move_scores(b)
    assert got.tolist() == pytest.approx([plain_move_score(row.tolist()) for row in b], abs=1e-9)
