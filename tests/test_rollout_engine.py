"""The player's rollouts (ai.rollout): correct where the answer is known, honest error bars,
variance reduction, stratified and duplicate dice, early stop, cancel, jobs, money and match."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from helpers import side
from processes import descendants, is_running

from ai.cube.model import CubeContext
from ai.engine import Engine
from ai.evaluation.evaluator import Evaluator, equity
from ai.evaluation.load import load_evaluator
from ai.evaluation.network import NeuralEvaluator
from ai.rollout.dice import OUTCOME_ROLL, TrialDice
from ai.rollout.play import Player, Start, Task
from ai.rollout.settings import RolloutResult, RolloutSettings
from ai.search import position_values
from game.rules.position import START_CODE, Position, pack

BEAROFF = pack(side({1: 2, 2: 2, 3: 3, 5: 2}), side({1: 3, 3: 2, 4: 2, 6: 1}))
"""Both sides home: the bear-off database knows the answer exactly."""


@pytest.fixture(scope="module")
def shipped() -> NeuralEvaluator:
    ev = load_evaluator().evaluator
    assert isinstance(ev, NeuralEvaluator) and ev.bearoff is not None
    return ev


def play(code: int, ev: Evaluator, trials: int, **kw: object) -> tuple[float, float, float]:
    """(mean equity, its standard error, mean win chance) of ``trials`` cubeless games from ``code``."""
    s = RolloutSettings(trials=trials, cubeful=False, **kw)  # type: ignore[arg-type]
    v = Player(Task((Start(code, True),), CubeContext(), s), ev).play(range(trials))
    e = v.equity[:, 0]
    return float(e.mean()), float(e.std(ddof=1) / math.sqrt(trials)), float(v.probs[:, 0, 0].mean())


# --- the dice ------------------------------------------------------------------------------


def test_each_round_of_36_has_every_first_and_second_roll_once_and_1296_every_pair() -> None:
    first = [TrialDice(7, t).roll(0) for t in range(1296)]
    second = [TrialDice(7, t).roll(1) for t in range(1296)]
    outcomes = Counter(OUTCOME_ROLL.tolist())  # a roll's share of the 36 outcomes
    for r in range(36):
        block = range(36 * r, 36 * r + 36)
        assert Counter(first[t] for t in block) == outcomes
        assert Counter(second[t] for t in block) == outcomes
    pairs = Counter(zip(first, second, strict=True))
    assert pairs == Counter({(a, b): outcomes[a] * outcomes[b] for a in outcomes for b in outcomes})


def test_a_trials_dice_depend_on_the_seed_and_the_trial_only() -> None:
    a = [TrialDice(3, 40).roll(p) for p in range(100)]
    assert a == [TrialDice(3, 40).roll(p) for p in range(100)]
    assert a != [TrialDice(4, 40).roll(p) for p in range(100)]
    assert a != [TrialDice(3, 41).roll(p) for p in range(100)]


# --- correctness where the answer is known ----------------------------------------------------


def test_a_bearoff_rolled_out_agrees_with_the_database_within_its_interval(shipped: NeuralEvaluator) -> None:
    """The database's exact answer lies in the 95% interval, with and without variance reduction."""
    exact = float(equity(shipped.evaluate([BEAROFF]))[0])
    for vr in (True, False):
        mean, se, _ = play(BEAROFF, shipped, 288, variance_reduction=vr, bearoff_stop=False)
        assert abs(mean - exact) <= 1.96 * se, (vr, mean, se, exact)


def test_variance_reduction_with_a_weaker_evaluator_is_still_unbiased(shipped: NeuralEvaluator) -> None:
    """Played and judged by the net alone (no database), the race's exact win chance is inside the
    rollout's interval: the luck's correction changes no expectation."""
    net = NeuralEvaluator(shipped.nets, None)
    exact = float(shipped.evaluate([BEAROFF])[0, 0])
    s = RolloutSettings(trials=288, cubeful=False, bearoff_stop=False)
    v = Player(Task((Start(BEAROFF, True),), CubeContext(), s), net).play(range(288))
    w = v.probs[:, 0, 0]
    assert abs(w.mean() - exact) <= 1.96 * w.std(ddof=1) / math.sqrt(len(w))


def test_truncated_after_one_ply_with_variance_reduction_is_the_one_ply_value_exactly(
    shipped: NeuralEvaluator,
) -> None:
    """Every game's value is then the 21 rolls' average of the best move: the search's 1-ply value."""
    code = Position.from_id("4PPgASTgc/ABMA").code
    mean, se, _ = play(code, shipped, 36, truncate=1)
    assert se < 1e-6  # the evaluation in float32, batched differently
    assert mean == pytest.approx(float(equity(position_values([code], 1, shipped))[0]), abs=1e-6)


def test_the_bearoff_database_settles_a_game_at_once(shipped: NeuralEvaluator) -> None:
    mean, se, _ = play(BEAROFF, shipped, 36)
    assert se < 1e-12
    assert mean == pytest.approx(float(equity(shipped.evaluate([BEAROFF]))[0]))


def test_the_standard_error_shrinks_as_one_over_the_root_of_the_trials(shipped: NeuralEvaluator) -> None:
    _, se1, _ = play(START_CODE, shipped, 144, truncate=4, variance_reduction=False)
    _, se4, _ = play(START_CODE, shipped, 576, truncate=4, variance_reduction=False)
    assert 1.6 < se1 / se4 < 2.5  # sqrt(4) = 2


def test_variance_reduction_cuts_the_standard_error_at_least_threefold(shipped: NeuralEvaluator) -> None:
    plain, se_plain, _ = play(START_CODE, shipped, 144, truncate=6, variance_reduction=False)
    reduced, se_vr, _ = play(START_CODE, shipped, 144, truncate=6)
    assert se_plain / se_vr >= 3.0
    assert abs(plain - reduced) < 2.5 * math.hypot(se_plain, se_vr)


# --- the engine's rollouts ----------------------------------------------------------------------


def test_checker_play_rolls_out_the_search_candidates_and_is_reproducible(shipped: NeuralEvaluator) -> None:
    s = RolloutSettings(trials=36, truncate=4, cubeful=False, candidates=3, stop_z=None, seed=11)
    engine = Engine(shipped)
    r = engine.rollout(Position.start(), (3, 1), s)
    assert len(r.candidates) == 3 and r.trials == 36 and r.seed == 11 and r.done
    assert r.candidates[0].label == "8/5 6/5"
    assert [c.equity for c in r.candidates] == sorted((c.equity for c in r.candidates), reverse=True)
    again = engine.rollout(Position.start(), (3, 1), s)
    assert again.candidates == r.candidates
    for c in r.candidates:
        lo, hi = c.interval
        assert lo < c.equity < hi and c.se > 0


def test_within_keeps_only_the_candidates_close_to_the_best(shipped: NeuralEvaluator) -> None:
    s = RolloutSettings(trials=36, truncate=2, cubeful=False, candidates=10, within=0.05, stop_z=None)
    r = Engine(shipped).rollout(Position.start(), (6, 5), s)
    best = max(c.prior for c in r.candidates)
    assert 1 <= len(r.candidates) < 5 and all(best - c.prior <= 0.05 for c in r.candidates)


def test_a_move_that_wins_at_once_is_exact(shipped: NeuralEvaluator) -> None:
    code = pack(side({1: 1, 2: 1}), side({19: 15}))
    r = Engine(shipped).rollout(Position(code), (2, 1), RolloutSettings(trials=36, cubeful=False))
    best = r.candidates[0]
    assert best.exact and best.se == 0.0 and best.equity == 3.0 and best.probs == (1.0, 1.0, 1.0, 0.0, 0.0)


def test_the_rollout_stops_once_the_best_move_is_clear(shipped: NeuralEvaluator) -> None:
    """6-5 at the start: running is far better than the rest; the rollout stops at the minimum."""
    s = RolloutSettings(trials=1296, truncate=2, cubeful=False, candidates=2, min_trials=72, stop_z=2.0)
    r = Engine(shipped).rollout(Position.start(), (6, 5), s)
    assert r.stopped == "clear" and r.clear and r.trials == 72 and r.total == 1296


def test_progress_comes_after_each_round_and_cancel_keeps_the_trials_done(shipped: NeuralEvaluator) -> None:
    seen: list[RolloutResult] = []
    s = RolloutSettings(trials=360, truncate=2, cubeful=False, candidates=2, stop_z=None)

    def rounds() -> list[RolloutResult]:  # the reports at a round's end (none under way)
        return [p for p in seen if p.trials and not p.ply]

    r = Engine(shipped).rollout(
        Position.start(), (3, 1), s, on_progress=seen.append, should_stop=lambda: len(rounds()) >= 2
    )
    assert r.stopped == "cancelled" and r.trials == 72 and r.done
    assert [p.trials for p in rounds()] == [36, 72, 72]
    assert rounds()[0].seconds_left is not None and rounds()[0].seconds_left > 0
    assert r.in_play == 0 and r.ply == 0 and r.fraction == 72 / 360


def test_the_first_progress_comes_while_the_first_round_is_still_played(shipped: NeuralEvaluator) -> None:
    """A round played to the end may take a minute: the candidates are reported at once, then the
    round's plies on the way, the first of them always."""
    seen: list[RolloutResult] = []
    s = RolloutSettings(trials=36, truncate=6, cubeful=False, candidates=2, stop_z=None)
    r = Engine(shipped).rollout(Position.start(), (3, 1), s, on_progress=seen.append)
    assert len(seen) >= 3 and seen[-1] == r and r.trials == 36
    start, first_ply = seen[0], seen[1]
    assert start.trials == 0 and start.ply == 0  # the candidates, before any game is played
    assert {c.label for c in start.candidates} == {c.label for c in r.candidates}
    assert first_ply.trials == 0 and first_ply.ply >= 1 and not first_ply.done  # before the only round ended
    assert [p.ply for p in seen[1:-1]] == sorted(p.ply for p in seen[1:-1])


def test_with_two_jobs_the_first_progress_comes_before_any_round_is_in(shipped: NeuralEvaluator) -> None:
    seen: list[RolloutResult] = []
    s = RolloutSettings(trials=72, truncate=6, cubeful=False, candidates=2, stop_z=None, jobs=2)
    r = Engine(shipped).rollout(Position.start(), (3, 1), s, on_progress=seen.append)
    assert r.trials == 72 and seen[0].trials == 0 and len(seen[0].candidates) == 2
    assert any(p.trials == 0 and p.ply >= 1 for p in seen)  # a round's ply, before any round is in


def test_a_pass_known_exactly_shows_its_value_before_any_trial_is_counted(shipped: NeuralEvaluator) -> None:
    seen: list[RolloutResult] = []
    s = RolloutSettings(trials=36, truncate=4, stop_z=None)
    r = Engine(shipped).rollout(Position.start(), None, s, on_progress=seen.append)  # money: a pass is +1
    first, final = seen[0], r
    assert (
        first.trials == 0
        and first.candidates[2].exact
        and first.candidates[2].equity == final.candidates[2].equity
    )
    assert first.candidates[2].equity > 0.5 and first.candidates[2].probs[0] == 1.0  # the taker passes: a win


def test_the_games_over_in_a_round_under_way_count_towards_the_progress() -> None:
    r = RolloutResult((), 36, 144, 10.0, 1, in_play=18.0, ply=9)
    assert r.fraction == 54 / 144 and r.seconds_left == pytest.approx(10.0 * 90 / 54)
    assert RolloutResult((), 0, 144, 1.0, 1, ply=1).seconds_left is None


def test_two_jobs_give_the_same_answer_and_cancel_leaves_no_process(shipped: NeuralEvaluator) -> None:
    import os

    s = RolloutSettings(trials=72, truncate=2, cubeful=False, candidates=2, stop_z=None)
    one = Engine(shipped).rollout(Position.start(), (4, 2), s)
    two = Engine(shipped).rollout(Position.start(), (4, 2), RolloutSettings(**{**_fields(s), "jobs": 2}))
    # the same games; the evaluation's float32 batches are cut differently, so the last digits may differ
    assert [c.label for c in two.candidates] == [c.label for c in one.candidates]
    assert [c.equity for c in two.candidates] == pytest.approx([c.equity for c in one.candidates], abs=1e-6)
    before = descendants(os.getpid())
    seen: list[int] = []
    long = RolloutSettings(trials=1296, truncate=8, cubeful=False, candidates=2, stop_z=None, jobs=2)

    def stop() -> bool:
        seen.extend(descendants(os.getpid()) - before)
        return len(seen) > 0

    r = Engine(shipped).rollout(Position.start(), (4, 2), long, should_stop=stop)
    assert r.stopped == "cancelled"
    assert seen and not any(is_running(p) for p in seen)


def _fields(s: RolloutSettings) -> dict[str, object]:
    return {f: getattr(s, f) for f in s.__slots__}  # type: ignore[attr-defined]


# --- the cube: money and match ------------------------------------------------------------------


def test_a_big_race_lead_is_a_pass_worth_the_cash_in_money(shipped: NeuralEvaluator) -> None:
    code = pack(side({2: 4, 3: 4, 4: 4}), side({5: 3, 7: 3, 8: 3}))
    r = Engine(shipped).rollout(Position(code), None, RolloutSettings(trials=36, stop_z=None))
    assert [c.label for c in r.candidates] == ["No double", "Double, take", "Double, pass"]
    nd, dt, dp = r.candidates
    assert r.cube is not None and not r.cube.take
    assert dp.equity == 1.0 and dp.exact and dt.equity > 1.5
    assert abs(nd.equity - 1.0) < 3 * nd.se + 0.05  # cashing next turn, or winning anyway


def test_the_start_is_no_double_take(shipped: NeuralEvaluator) -> None:
    s = RolloutSettings(trials=36, truncate=4, stop_z=None)
    r = Engine(shipped).rollout(Position.from_id("4PPgASTgc/ABMA"), None, s)
    assert r.cube is not None and not r.cube.double and r.cube.take
    assert abs(r.candidates[0].equity) < 0.2


def test_at_double_match_point_the_emg_is_twice_the_win_chance_less_one(shipped: NeuralEvaluator) -> None:
    """1-away/1-away: gammons and the cube count for nothing, each game is worth its win alone."""
    dmp = CubeContext(1, None, 5, (1, 1), crawford=False, post_crawford=True)
    s = RolloutSettings(trials=36, truncate=4, stop_z=None)
    r = Engine(shipped).rollout(Position.start(), (3, 1), s, context=dmp)
    for c in r.candidates:
        assert c.equity == pytest.approx(2 * c.probs[0] - 1, abs=1e-9)
    cube = Engine(shipped).rollout(Position.from_id("4PPgASTgc/ABMA"), None, s, context=dmp)
    assert cube.cube is not None and not cube.cube.double and len(cube.candidates) == 1


def test_cubeful_money_checker_play_and_match_play_agree_on_the_opening(shipped: NeuralEvaluator) -> None:
    s = RolloutSettings(trials=36, truncate=3, candidates=2, stop_z=None)
    money = Engine(shipped).rollout(Position.start(), (3, 1), s)
    match = Engine(shipped).rollout(Position.start(), (3, 1), s, context=CubeContext(1, None, 7, (7, 7)))
    assert money.candidates[0].label == match.candidates[0].label == "8/5 6/5"
    assert all(np.isfinite(c.equity) and c.se > 0 for c in (*money.candidates, *match.candidates))


def test_a_deeper_play_inside_is_searched_and_still_agrees(shipped: NeuralEvaluator) -> None:
    """Depth 2 inside: each move chosen by the search; the bear-off still agrees with the database
    (to 2e-4 beyond the interval, which the database's exact luck makes tiny: the database's own
    play, fewest rolls on average, is not quite the play that wins most often)."""
    exact = float(equity(shipped.evaluate([BEAROFF]))[0])
    mean, se, _ = play(BEAROFF, shipped, 36, depth=2, bearoff_stop=False, truncate=2)
    assert abs(mean - exact) <= 1.96 * se + 2e-4
