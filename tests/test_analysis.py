"""The fast backgammon search (ai.search) against the textbook recursion, and its contract."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import SimpleNamespace

import numpy as np
import numpy.typing as npt
import pytest
from helpers import side
from naive_reference import ToyEvaluator, naive_analyse, varied_positions

from ai.cube.model import CubeContext, search_utilities
from ai.evaluation.evaluator import Boards, Evaluator, Probs, codes, equity, flip
from ai.evaluation.hand import HandEvaluator
from ai.filters import SCORING_FILTERS
from ai.search import DEFAULT_FILTERS, FULL_WIDTH, UNLIMITED, Candidate, Filters, Progress, Stopped, analyse
from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.position import SIDE_MASK, START_CODE, Position, swap

POSITIONS = varied_positions(50)


def test_varied_positions_cover_bar_races_and_doubles() -> None:
    bar = sum(1 for c, _ in POSITIONS if Position(c).mine[24])
    races = sum(1 for c, _ in POSITIONS if Position(c).is_race())
    doubles = sum(1 for _, d in POSITIONS if d[0] == d[1])
    assert bar >= 3 and races >= 3 and doubles >= 3


def assert_same(fast: list[Candidate], naive: dict[int, tuple[float, ...]]) -> None:
    assert sorted(c.code for c in fast) == sorted(naive)
    for c in fast:
        assert c.probs == pytest.approx(naive[c.code], abs=1e-9)
        assert c.equity == pytest.approx(float(equity(np.array([naive[c.code]]))[0]), abs=1e-9)
    eqs = [c.equity for c in fast]
    assert eqs == sorted(eqs, reverse=True)


def test_depth1_matches_naive_on_50_positions() -> None:
    toy = ToyEvaluator()
    for code, dice in POSITIONS:
        assert_same(analyse(code, dice, 1, toy, filters=FULL_WIDTH), naive_analyse(code, dice, 1, toy))


def test_depth2_full_width_matches_naive_on_50_positions() -> None:
    toy = ToyEvaluator()
    for code, dice in POSITIONS:
        assert_same(analyse(code, dice, 2, toy, filters=FULL_WIDTH), naive_analyse(code, dice, 2, toy))


def test_depth2_matches_naive_with_hand_evaluator() -> None:
    hand = HandEvaluator()
    small = sorted(POSITIONS, key=lambda p: len(results(p[0], *p[1])))[10:12]
    for code, dice in small:
        assert_same(analyse(code, dice, 2, hand, filters=FULL_WIDTH), naive_analyse(code, dice, 2, hand))


@pytest.mark.parametrize(
    ("depth", "mine", "theirs"),
    [(3, [2, 1, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0]), (4, [0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1])],
    ids=["depth3", "depth4"],
)
def test_deep_full_width_matches_naive_in_an_endgame(depth: int, mine: list[int], theirs: list[int]) -> None:
    # every move searched, three and four decisions deep: the textbook recursion's values
    code = Position.from_sides(mine + [0] * 19, theirs + [0] * 19).code
    toy = ToyEvaluator()
    fast = analyse(code, (2, 1), depth, toy, filters=FULL_WIDTH)
    assert_same(fast, naive_analyse(code, (2, 1), depth, toy))


def test_every_legal_result_is_listed_with_default_filters() -> None:
    hand = HandEvaluator()
    for code, dice in POSITIONS[:5]:
        for filters in (DEFAULT_FILTERS, SCORING_FILTERS):
            got = analyse(code, dice, 3, hand, filters=filters)
            assert sorted(c.code for c in got) == sorted(results(code, *dice))
            # deeper-searched candidates come first, each group best first
            depths = [c.depth for c in got]
            assert depths == sorted(depths, reverse=True)
            assert got[0].depth == 3 or filters.settle


def test_a_lone_candidate_left_by_a_filter_is_the_move_without_a_deeper_search() -> None:
    hand = HandEvaluator()
    settled = 0
    for code, dice in POSITIONS:
        got = analyse(code, dice, 3, hand)
        full = analyse(code, dice, 3, hand, filters=SCORING_FILTERS)
        assert got[0].code == full[0].code  # the same move either way
        if got[0].depth < 3:  # it settled: the next filter kept the best alone
            settled += 1
            margin = DEFAULT_FILTERS.root[got[0].depth - 1][1]
            assert len(got) == 1 or got[1].equity < got[0].equity - margin
            shallow = analyse(code, dice, got[0].depth, hand, filters=SCORING_FILTERS)
            assert got[0] == shallow[0]
    assert settled > 0  # the positions hold some that settle


def test_filtered_candidates_keep_shallower_values() -> None:
    hand = HandEvaluator()
    code, dice = START_CODE, (1, 1)
    narrow = Filters(root=((2, 10.0), (1, 10.0), (1, 10.0)), inner=(1, 1, 1))
    got = analyse(code, dice, 2, hand, filters=narrow)
    assert [c.depth for c in got].count(2) == 2
    shallow = {c.code: c.equity for c in analyse(code, dice, 1, hand)}
    for c in got[2:]:
        assert c.depth == 1 and c.equity == shallow[c.code]


# --- terminal scoring -------------------------------------------------------------------


def test_bearing_off_last_checkers_scores_single_win_exactly() -> None:
    code = Position.from_sides(side({1: 1}), side({6: 10})).code  # they have borne off 5
    best = analyse(code, (3, 1), 1, HandEvaluator())[0]
    assert best.equity == 1.0 and best.probs == (1.0, 0.0, 0.0, 0.0, 0.0)


def test_bearing_off_against_no_checkers_off_scores_gammon_exactly() -> None:
    code = Position.from_sides(side({2: 1}), side({12: 15})).code
    best = analyse(code, (4, 2), 2, HandEvaluator())[0]
    assert best.equity == 2.0 and best.probs == (1.0, 1.0, 0.0, 0.0, 0.0)


def test_checker_left_in_winners_home_scores_backgammon_exactly() -> None:
    # their checker on their 20 point is in our home board (our point 5)
    code = Position.from_sides(side({1: 2}), side({20: 1, 12: 14})).code
    best = analyse(code, (6, 5), 3, HandEvaluator())[0]
    assert best.equity == 3.0 and best.probs == (1.0, 1.0, 1.0, 0.0, 0.0)


def test_checker_on_bar_scores_backgammon_exactly() -> None:
    code = Position.from_sides(side({3: 1}), side({12: 14}, bar=1)).code
    best = analyse(code, (4, 4), 1, HandEvaluator())[0]
    assert best.equity == 3.0


def test_opponent_bears_off_next_turn_loses_exactly_at_depth_2() -> None:
    # we cannot finish; they bear their last checker off with any roll: we lose a single game
    code = Position.from_sides(side({6: 5, 5: 5}), side({1: 1})).code
    got = analyse(code, (2, 1), 2, HandEvaluator())
    assert len(got) == 5 and sorted(c.code for c in got) == sorted(results(code, 2, 1))
    # averaging 21 exact rolls: equal up to rounding
    assert [c.equity for c in got] == pytest.approx([-1.0] * len(got), abs=1e-12)
    assert [c.probs for c in got] == [pytest.approx((0.0, 0.0, 0.0, 0.0, 0.0), abs=1e-12)] * len(got)


def test_opponent_bears_off_next_turn_gammons_us_exactly() -> None:
    code = Position.from_sides(side({13: 15}), side({1: 1})).code
    got = analyse(code, (2, 1), 2, HandEvaluator())
    assert len(got) == 2 and sorted(c.code for c in got) == sorted(results(code, 2, 1))
    assert [c.equity for c in got] == pytest.approx([-2.0] * len(got), abs=1e-12)
    assert [c.probs for c in got] == [pytest.approx((0.0, 0.0, 0.0, 1.0, 0.0), abs=1e-12)] * len(got)


def test_no_legal_move_gives_the_single_pass_candidate() -> None:
    # on the bar against a closed board: nothing can be played
    code = Position.from_sides(side({13: 14}, bar=1), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})).code
    got = analyse(code, (6, 6), 2, HandEvaluator())
    assert [c.code for c in got] == [code]


# --- contract: determinism, stop, deadline, progress, noise, bad input ---------------------


def test_same_inputs_same_answer() -> None:
    hand = HandEvaluator()
    for code, dice in POSITIONS[:4]:
        assert analyse(code, dice, 3, hand) == analyse(code, dice, 3, hand)


def test_same_seed_same_noise_and_different_seed_different_noise() -> None:
    hand = HandEvaluator()
    code, dice = START_CODE, (3, 1)
    a = analyse(code, dice, 1, hand, noise=0.2, seed=5)
    b = analyse(code, dice, 1, hand, noise=0.2, seed=5)
    c = analyse(code, dice, 1, hand, noise=0.2, seed=6)
    plain = analyse(code, dice, 1, hand)
    assert a == b
    assert [x.equity for x in a] != [x.equity for x in c]
    assert {x.code: x.probs for x in a} == {x.code: x.probs for x in plain}
    assert [x.equity for x in a] == sorted((x.equity for x in a), reverse=True)


def test_stop_flag_raises_stopped() -> None:
    with pytest.raises(Stopped):
        analyse(START_CODE, (3, 1), 2, HandEvaluator(), should_stop=lambda: True)


def test_stop_flag_is_polled_during_a_deep_search() -> None:
    polls = []

    def stop() -> bool:
        polls.append(1)
        return len(polls) > 3

    with pytest.raises(Stopped):
        analyse(START_CODE, (6, 6), 4, HandEvaluator(), should_stop=stop, filters=SCORING_FILTERS)
    assert len(polls) == 4


def test_passed_deadline_returns_depth1_answer() -> None:
    hand = HandEvaluator()
    code, dice = POSITIONS[10]
    got = analyse(code, dice, 4, hand, deadline=time.monotonic() - 1.0)
    assert got == analyse(code, dice, 1, hand)


def test_deadline_during_depth3_returns_the_finished_depth2_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.search as analysis

    hand = HandEvaluator()
    code, dice = POSITIONS[3]
    depth2 = analyse(code, dice, 2, hand, filters=SCORING_FILTERS)
    tripped = []

    def watch(p: Progress) -> None:
        if p.best is not None and p.best.depth == 2:
            tripped.append(True)  # depth 2 is finished: from now on the clock is past the deadline

    monkeypatch.setattr(analysis, "time", SimpleNamespace(monotonic=lambda: 100.0 if tripped else 0.0))
    got = analyse(code, dice, 3, hand, deadline=50.0, on_progress=watch, filters=SCORING_FILTERS)
    assert tripped
    assert got == depth2


def test_progress_reports_reach_total_with_best() -> None:
    seen: list[Progress] = []
    got = analyse(START_CODE, (4, 2), 3, HandEvaluator(), on_progress=seen.append)
    assert seen and all(0 <= p.done <= p.total for p in seen)
    dones = [p.done for p in seen]
    assert dones == sorted(dones)
    assert seen[-1].done == seen[-1].total and seen[-1].best == got[0]


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (1,), "ab"])
def test_bad_dice_are_rejected_with_message(dice: object) -> None:
    with pytest.raises(ValueError, match="dice"):
        analyse(START_CODE, dice, 1, HandEvaluator())  # type: ignore[arg-type]


@pytest.mark.parametrize("depth", [0, 5])
def test_bad_depth_is_rejected_with_message(depth: int) -> None:
    with pytest.raises(ValueError, match="depth"):
        analyse(START_CODE, (3, 1), depth, HandEvaluator())


BAD_FILTERS = [
    (((8, 0.16),), (1, 1, 1)),  # too few root settings
    (((0, 0.1),) * 3, (1, 1, 1)),  # keeps nothing
    (((8, -0.1),) * 3, (1, 1, 1)),  # negative margin
    (((8, 0.1),) * 3, (0, 1, 1)),  # inner keeps nothing
]


@pytest.mark.parametrize(("root", "inner"), BAD_FILTERS)
def test_bad_filters_are_rejected_with_message(
    root: tuple[tuple[int, float], ...], inner: tuple[int, ...]
) -> None:
    with pytest.raises(ValueError, match=r"[Ff]ilters"):
        Filters(root=root, inner=inner)


def test_default_filters_are_documented_values() -> None:
    assert DEFAULT_FILTERS.root == ((8, 0.16), (4, 0.10), (2, 0.04))


# --- the pre-screen of long move lists ------------------------------------------------------


class CountingEvaluator(Evaluator):
    """The hand-made evaluator, counting the positions it is asked about."""

    name = "counting"

    def __init__(self) -> None:
        self.inner = HandEvaluator()
        self.count = 0

    def evaluate_boards(self, b: Boards) -> Probs:
        self.count += len(b)
        return self.inner.evaluate_boards(b)


def test_prescreen_leaves_the_root_alone() -> None:
    hand = HandEvaluator()
    for code, dice in POSITIONS[:10]:
        assert analyse(code, dice, 1, hand, filters=Filters(prescreen=1)) == analyse(code, dice, 1, hand)


def test_prescreen_cuts_long_move_lists_below_the_root() -> None:
    code, dice = START_CODE, (6, 5)
    narrow, wide = CountingEvaluator(), CountingEvaluator()
    cut = analyse(code, dice, 2, narrow, filters=Filters(prescreen=3))
    full = analyse(code, dice, 2, wide, filters=Filters(prescreen=UNLIMITED))
    assert narrow.count < wide.count / 2
    assert sorted(c.code for c in cut) == sorted(c.code for c in full)
    # the opponent's best replies can only be missed, never invented: we look no worse
    eq_full = {c.code: c.equity for c in full}
    assert all(c.equity >= eq_full[c.code] - 1e-12 for c in cut)


def test_pruning_evaluates_only_the_best_few_results_of_each_roll_at_the_deepest_level() -> None:
    code, dice = START_CODE, (6, 5)
    pruned, full = CountingEvaluator(), CountingEvaluator()
    cut = analyse(code, dice, 2, pruned, filters=Filters(prune=1))
    whole = analyse(code, dice, 2, full, filters=Filters(prune=UNLIMITED, prescreen=UNLIMITED))
    assert pruned.count < full.count / 2
    # the opponent's best replies can only be missed, never invented: we look no worse
    eq_full = {c.code: c.equity for c in whole}
    assert all(c.equity >= eq_full[c.code] - 1e-12 for c in cut)


def test_pruning_leaves_races_alone() -> None:
    race = Position.from_sides(side({1: 3, 2: 3, 3: 3, 4: 2, 8: 2, 9: 2}), side({2: 4, 3: 4, 5: 4, 7: 3}))
    assert race.is_race()
    pruned, full = CountingEvaluator(), CountingEvaluator()
    cut = analyse(race.code, (2, 1), 2, pruned, filters=Filters(prune=1))
    assert cut == analyse(race.code, (2, 1), 2, full, filters=Filters(prune=UNLIMITED))
    assert pruned.count == full.count


# --- match play inside the search ------------------------------------------------------------


class GammonTradeEvaluator(Evaluator):
    """Deterministic made-up probabilities per position: results differ in win and gammon chances."""

    name = "gammon trade"

    def evaluate_boards(self, b: Boards) -> Probs:
        out = np.empty((len(b), 5))
        for i, c in enumerate(codes(b)):
            u = np.random.default_rng(c & ((1 << 400) - 1)).random(3)
            w = 0.3 + 0.4 * u[0]
            wg = w * 0.8 * u[1]
            lg = (1.0 - w) * 0.5 * u[2]
            out[i] = (w, wg, 0.1 * wg, lg, 0.1 * lg)
        return out


def _replies_by(
    code: int, evaluator: GammonTradeEvaluator, rank: Callable[[Probs], npt.NDArray[np.float64]]
) -> Probs:
    """Per opponent roll after ``code`` (the root mover's result): its best reply by ``rank``."""
    chosen = []
    for a, b, _ in ROLLS:
        replies = results(swap(code), a, b)
        values = np.array([[1.0, 0.0, 0.0, 0.0, 0.0]] * len(replies))
        going = [i for i, r in enumerate(replies) if r & SIDE_MASK]
        values[going] = flip(evaluator.evaluate([swap(replies[i]) for i in going]))
        chosen.append(values[int(np.argmax(rank(values)))])
    return np.array(chosen)


def test_opponent_replies_follow_its_match_equity() -> None:
    """At double match point the opponent's replies maximise its win chance only: no gammon-only reply.

    Post-Crawford with the opponent 2-away against a 1-away leader, a gammon wins it the match: there
    some replies give up win chance for gammons. The root value is the average of those replies.
    """
    evaluator = GammonTradeEvaluator()
    weights = np.array([p for _, _, p in ROLLS])
    code = START_CODE
    dmp = CubeContext(1, None, 1, (1, 1), crawford=True)
    gammonish = CubeContext(1, None, 5, (1, 2), post_crawford=True)
    differs = False
    for ctx in (dmp, gammonish):
        mover, replier = search_utilities(ctx, code)
        ranked = analyse(code, (3, 1), 2, evaluator, filters=FULL_WIDTH, utility=mover, reply_utility=replier)
        for cand in ranked[:3]:
            theirs = _replies_by(cand.code, evaluator, replier)
            assert np.allclose(cand.probs, flip((weights @ theirs)[None, :])[0])
            by_wins = _replies_by(cand.code, evaluator, lambda v: v[:, 0])
            if ctx is dmp:
                assert np.allclose(theirs[:, 0], by_wins[:, 0])
            else:
                differs |= bool(
                    np.any(theirs[:, 0] < by_wins[:, 0] - 1e-9) and np.any(theirs[:, 1] > by_wins[:, 1])
                )
    assert differs
