"""The analysis's second look (issue 52, :mod:`ai.analysis.confirm`): the decisions a review would
report are judged again by rollouts. Two moves a thousandth apart are no error once rolled out; a
clear blunder is confirmed in the first round; the trials never pass the budget, and a verdict still
unsure there says so; the error's interval comes from the same trials for both candidates; a
cancelled pass leaves no process; cube decisions near each threshold, at money and at a match score.

The rollouts here are short (36 to 144 trials, truncated at a few plies) to keep the suite fast; no
test looks at a clock."""

from __future__ import annotations

import math
import os
import signal
import threading
from dataclasses import replace
from multiprocessing import resource_tracker
from pathlib import Path

import numpy as np
import pytest
from processes import descendants, is_running

from ai.analysis.bands import BAD, DOUBTFUL, VERY_BAD
from ai.analysis.confirm import Check, checks, confirm, found, judged_again, roll
from ai.analysis.judgement import CONFIRM_MODES, ConfirmSettings, Judgement, Z, settled
from ai.analysis.review import UNSURE, Decision, Review, review, tally
from ai.cube.model import context_from_match
from ai.evaluation.evaluator import Evaluator
from ai.evaluation.load import load_evaluator
from ai.rollout.play import Player, Start, Task
from ai.rollout.pool import Crew, round_trials
from ai.rollout.run import CUBE_LABELS
from ai.rollout.settings import CandidateResult, RolloutResult, RolloutSettings
from ai.search import Stopped
from game.records.mat import read_match
from game.records.matchid import from_match_id
from game.records.replay import replay
from game.rules.cube import CubeAction
from game.rules.position import Position, swap

DATA = Path(__file__).parent / "data" / "mat"

NEAR_TIE = ("q9XaAABzy6YBAA", (5, 4), "11/6 10/6", "11/6 8/4")
"""A race whose two best moves are 0.001 apart: cubeless, 0.2131 and 0.2119 by a rollout of 1296
trials played to the end (seed 7); the search at depth 2 has them 0.013 apart."""

BLUNDER = ("4HPwATDgc/ABMA", (3, 1), "24/23 24/21", "8/5 6/5")
"""The opening 31 played by running a back checker instead of making the 5 point: about 0.2 lost by
the search, very bad and far from any band's edge."""

FAST = ConfirmSettings("test", max_trials=144, min_trials=36, truncate=5)
"""The tests' budget: at most 144 trials of 5 plies."""

START_ID = "4HPwATDgc/ABMA"
"""The starting position's Position ID."""

MONEY = "cAkAAAAAAAAA"
"""A money game's Match ID, the cube centred (Jacoby rule)."""

ON_THE_EDGE = ("SxvwGQDrOcBhAA:UQlvAAAACAAE", (6, 3), "13/4", "13/7 5/2")
"""From tests/data/mat/gnubg.mat (3-point match, 0-1, Bob's 63): the played move about 0.03 worse
than the best by these short rollouts, right on the doubtful edge."""


def never() -> bool:
    return False


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    return load_evaluator().evaluator


def _move_check(
    ev: Evaluator, gnubg_id: str, dice: tuple[int, int], played: str, best: str
) -> tuple[Check, Decision]:
    """A checker play's check (the played move and the best) at the cube and score of ``gnubg_id``
    (a Position ID alone: money, the cube centred), and the decision a search judged doubtful
    (0.04: as a noisy search might)."""
    from ai.engine import Engine

    pid, _, mid = gnubg_id.partition(":")
    mid = mid or MONEY
    info = from_match_id(mid)
    ctx = context_from_match(info, info.on_roll)
    position = Position.from_id(pid)
    ranked = {r.move.notation(): r for r in Engine(ev).rank_moves(position, dice, depth=1, context=ctx)}
    moves = tuple((m, ranked[m].move.after.code, ranked[m].equity) for m in (played, best))
    check = Check((0,), ("move",), position.code, ctx, moves, 0.04)
    judged = Judgement(1, search_error=0.04)
    return check, Decision(1, 1, 0, "move", 0.04, played, best, pid, mid, dice, judged=judged)


@pytest.mark.parametrize("played,best", [(NEAR_TIE[2], NEAR_TIE[3]), (NEAR_TIE[3], NEAR_TIE[2])])
def test_two_moves_a_thousandth_apart_are_never_reported_as_an_error_after_confirmation(
    evaluator: Evaluator, played: str, best: str
) -> None:
    check, decision = _move_check(evaluator, NEAR_TIE[0], NEAR_TIE[1], played, best)
    for settings in (FAST, replace(FAST, seed=2), CONFIRM_MODES["default"]):
        assert settings is not None
        result = roll(evaluator, (check, settings), never)
        again = judged_again(decision, result, settings)
        assert again.error < DOUBTFUL and again.verdict() == "" and not again.unsure()
        assert again.judged is not None and again.judged.settled and again.confirmed()
        low, high = again.judged.interval
        assert high < DOUBTFUL and low < 0.01  # the interval holds the truth, and no error


def test_a_clear_blunder_is_confirmed_in_the_first_round(evaluator: Evaluator) -> None:
    check, decision = _move_check(evaluator, *BLUNDER)
    result = roll(evaluator, (check, FAST), never)
    assert result.trials == FAST.min_trials == 36 and result.stopped == "settled"
    again = judged_again(decision, result, FAST)
    assert again.judged is not None and again.judged.trials == 36 and again.judged.settled
    assert again.error >= BAD and again.verdict() in ("bad", "very bad") and again.best == BLUNDER[3]


def test_the_trials_never_pass_the_budget_and_a_verdict_unsure_there_says_so(evaluator: Evaluator) -> None:
    """A move about 0.03 worse than the best: whether that is doubtful or nothing is more than 72
    trials settle, so the rollout plays its whole budget, never more, and the decision calls
    itself unsure instead of naming an error it cannot vouch for."""
    check, decision = _move_check(evaluator, *ON_THE_EDGE)
    for budget in (36, 72, 108):
        settings = replace(FAST, max_trials=budget)
        result = roll(evaluator, (check, settings), never)
        assert result.trials == budget and result.stopped == ""
        again = judged_again(decision, result, settings)
        assert again.judged is not None and again.judged.trials == budget and not again.judged.settled
        low, high = again.judged.interval
        assert low < DOUBTFUL < high
        assert again.unsure() and again.verdict() == UNSURE
        assert again.to_json()["verdict"] == UNSURE and again.to_json()["judged"]["settled"] is False


def test_the_errors_interval_comes_from_the_same_trials_for_both_candidates(evaluator: Evaluator) -> None:
    """Both moves are played with the same dice; the error is the mean of the trials' differences,
    its standard error theirs (not the two values' taken apart), its interval the error ± 1.96 of
    them: the same numbers as the trials played again here, move by move."""
    check, decision = _move_check(evaluator, *BLUNDER)
    whole = replace(FAST, max_trials=72, min_trials=72)
    result = roll(evaluator, (check, whole), never)
    again = judged_again(decision, result, whole)
    j = again.judged
    assert j is not None and j.trials == 72
    ctx = check.context
    starts = tuple(Start(swap(after), False, ctx.value, ctx.owner, True) for _, after, _ in check.moves)
    settings = RolloutSettings(
        trials=72, truncate=whole.truncate, seed=whole.seed, stop_z=None, min_trials=72
    )
    player = Player(Task(starts, ctx, settings), evaluator)
    rounds = [player.play(round_trials(r, 72)).equity for r in (0, 1)]  # as the rollout plays them
    values = np.concatenate(rounds)
    diff = values[:, 1] - values[:, 0]  # the best less the played, trial by trial
    assert j.estimate == pytest.approx(float(diff.mean()), abs=1e-6)
    assert j.se == pytest.approx(float(diff.std(ddof=1) / math.sqrt(72)), rel=1e-4)
    assert j.interval == pytest.approx((j.estimate - Z * j.se, j.estimate + Z * j.se))


def _result(values: tuple[float, float, float], se: float, corr: float = 0.5) -> RolloutResult:
    """A cube rollout's answer (No double, Double/take, Double/pass; the pass exact) whose ND and DT
    each have standard error ``se``, correlated by ``corr``."""
    v = se * se
    cov = ((v, corr * v, 0.0), (corr * v, v, 0.0), (0.0, 0.0, 0.0))
    cands = tuple(
        CandidateResult(
            label, START_ID, e, 0.0 if k == 2 else se, (0.5, 0.1, 0.0, 0.1, 0.0), 144, 0.0, k == 2
        )
        for k, (label, e) in enumerate(zip(CUBE_LABELS, values, strict=True))
    )
    return RolloutResult(cands, 144, 144, 1.0, 1, covariance=cov)


CUBE_CASES = [
    # (unit, ND, DT, DP, kind, right): a few thousandths either side of each threshold, and the
    # rollout's verdict on each action, with its error (its interval holds 0: unsure) or none
    ("money", 0.600, 0.605, 1.0, CubeAction.NO_DOUBLE, False),  # just a double: unsure it is missed
    ("money", 0.600, 0.700, 1.0, CubeAction.NO_DOUBLE, False),  # a clear double, missed
    ("money", 0.600, 0.590, 1.0, CubeAction.DOUBLE, False),  # just no double: unsure it is wrong
    ("money", 0.960, 1.100, 1.0, CubeAction.PASS, True),  # a pass (DT above DP): passing is right
    ("money", 0.900, 0.995, 1.0, CubeAction.PASS, False),  # just a take: unsure the pass is wrong
    ("money", 0.900, 1.005, 1.0, CubeAction.TAKE, False),  # just a pass: unsure the take is wrong
    ("match", 0.300, 0.303, 0.5, CubeAction.NO_DOUBLE, False),  # 3-away 5-away, EMG
    ("match", 0.300, 0.297, 0.5, CubeAction.DOUBLE, False),
    ("match", 0.400, 0.497, 0.5, CubeAction.PASS, False),
    ("match", 0.400, 0.503, 0.5, CubeAction.TAKE, False),
    ("match", 0.400, 0.600, 0.5, CubeAction.TAKE, False),  # a clear pass, taken
]


@pytest.mark.parametrize("unit,nd,dt,dp,kind,right", CUBE_CASES)
def test_a_cube_action_near_its_threshold_is_unsure_and_far_from_it_an_error(
    unit: str, nd: float, dt: float, dp: float, kind: CubeAction, right: bool
) -> None:
    result = _result((nd, dt, dp), se=0.01)
    verdict = found(kind, result, str(kind))
    assert verdict is not None
    error, se, _ = verdict
    decision = Decision(1, 1, 0, kind, 0.05, str(kind), "", START_ID, MONEY, cube=(nd, dt, dp))
    again = judged_again(replace(decision, judged=Judgement(2, search_error=0.05)), result, FAST)
    assert again.cube == (nd, dt, dp) and again.error == max(0.0, error)
    near = abs(error) < Z * se
    if right:
        assert error < 0 and again.verdict() == ""
    elif near:
        assert again.unsure() and again.verdict() == UNSURE  # not called an error it cannot vouch for
    else:
        assert again.verdict() not in ("", UNSURE) and again.judged is not None and again.judged.settled


def test_the_doubler_and_the_takers_errors_use_the_right_difference() -> None:
    result = _result((0.5, 0.6, 1.0), se=0.01, corr=0.8)
    v = 0.01**2
    nd_dt = math.sqrt(2 * v - 2 * 0.8 * v)  # ND against DT: correlated by the same dice
    dt_dp = 0.01  # DT against the exact pass
    assert found(CubeAction.NO_DOUBLE, result, "")[:2] == pytest.approx((0.1, nd_dt))  # type: ignore[index]
    assert found(CubeAction.DOUBLE, result, "")[:2] == pytest.approx((-0.1, nd_dt))  # type: ignore[index]
    assert found(CubeAction.PASS, result, "")[:2] == pytest.approx((0.4, dt_dp))  # type: ignore[index]
    assert found(CubeAction.TAKE, result, "")[:2] == pytest.approx((-0.4, dt_dp))  # type: ignore[index]


def test_cube_decisions_within_the_margin_of_a_threshold_or_called_wrong_are_checked() -> None:
    from ai.analysis.confirm import _cube_matters

    def cube(kind: CubeAction, nd: float, dt: float, dp: float, error: float = 0.0) -> Decision:
        return Decision(1, 1, 0, kind, error, str(kind), "", START_ID, MONEY, cube=(nd, dt, dp))

    s = ConfirmSettings(cube_margin=0.05)
    assert _cube_matters(cube(CubeAction.NO_DOUBLE, 0.60, 0.62, 1.0), s)  # near the double
    assert not _cube_matters(cube(CubeAction.NO_DOUBLE, 0.20, 0.40, 1.0), s)  # far from it
    assert _cube_matters(cube(CubeAction.TAKE, 0.60, 0.98, 1.0), s)  # near the pass
    assert not _cube_matters(cube(CubeAction.TAKE, 0.60, 0.70, 1.0), s)
    assert _cube_matters(cube(CubeAction.DOUBLE, 0.20, 0.40, 1.0, error=0.2), s)  # called wrong


def test_which_checker_plays_are_rolled_out_and_against_what(evaluator: Evaluator) -> None:
    """From ``move_least`` up: the played move and the search's best two. A play the search calls
    best by less than ``move_close``: the played move and the next. Neither: none."""
    match = replay(read_match((DATA / "gnubg.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    settings = ConfirmSettings()
    checked = {c.decisions[0]: c for c in checks(first, settings) if c.kinds == ("move",)}
    close = least = 0
    for i, d in enumerate(first.decisions):
        mine = d.played_option()
        if d.kind != "move" or mine is None or len(d.options) < 2:
            assert i not in checked
            continue
        others = [o for o in d.options if o.move.after.code != mine.move.after.code]
        if d.error >= settings.move_least:
            least += 1
            assert checked[i].moves[0][0] == d.played and 2 <= len(checked[i].moves) <= 3
        elif d.error == 0.0 and mine.equity - others[0].equity < settings.move_close:
            close += 1
            assert [m[0] for m in checked[i].moves] == [d.played, others[0].move.notation()]
            assert checked[i].priority == 0.0  # after every play the search calls an error
        else:
            assert i not in checked, (d.played, d.error)
    assert close and least


def test_a_play_called_best_by_a_hair_is_judged_by_the_rollout_against_the_next(evaluator: Evaluator) -> None:
    """Its error becomes the rollout's (0 where the played move does better), its best the next
    move only when that one rolls out better."""
    match = replay(read_match((DATA / "gnubg.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    settings = replace(FAST, max_trials=72)
    todo = [c for c in checks(first, settings) if c.kinds == ("move",) and c.priority == 0.0]
    assert todo
    for check in todo[:3]:
        (i,) = check.decisions
        before = first.decisions[i]
        after = judged_again(before, roll(evaluator, (check, settings), never), settings)
        assert after.judged is not None and after.confirmed() and after.judged.search_error == 0.0
        assert after.error == max(0.0, after.judged.estimate)
        assert after.best == (check.moves[1][0] if after.error > 0 else before.played)


def test_a_confirmed_review_keeps_its_budget_recounts_its_totals_and_marks_what_it_judged(
    evaluator: Evaluator,
) -> None:
    """A whole 5-point match judged at depth 1, then confirmed with at most 72 trials a decision, in
    this process: every decision the search would report is rolled out (a double and its take
    share one rollout), none past the budget, and the players' totals are the new errors'."""
    match = replay(read_match((DATA / "short.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    budget = replace(FAST, max_trials=72)
    todo = checks(first, budget)
    assert todo and [c.priority for c in todo] == sorted((c.priority for c in todo), reverse=True)
    seen: list[int] = []
    rev = confirm(first, evaluator, budget, on_update=lambda r: seen.append(r.checked))
    assert seen[0] == 0 and seen[-1] == rev.checked == rev.to_check == sum(len(c.decisions) for c in todo)
    checked = {i for c in todo for i in c.decisions}
    for i, (before, after) in enumerate(zip(first.decisions, rev.decisions, strict=True)):
        assert after.judged is not None
        if i in checked:
            assert after.confirmed() and 36 <= after.judged.trials <= 72
            assert after.judged.search_error == before.error
        else:
            assert not after.confirmed() and after == before
            assert before.kind != "move" or before.error < budget.move_least
    got = [(s.checker_error, s.cube_error, s.bad_moves, s.counts) for s in rev.stats]
    want = [(s.checker_error, s.cube_error, s.bad_moves, s.counts) for s in tally(rev.decisions, first.stats)]
    assert got == want and [s.luck for s in rev.stats] == [s.luck for s in first.stats]


def test_a_cancelled_confirmation_leaves_no_process(evaluator: Evaluator) -> None:
    match = replay(read_match((DATA / "gnubg.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    resource_tracker.ensure_running()  # the interpreter's one tracker, shared, ends with the program
    before = descendants(os.getpid())
    seen: list[int] = []

    def stop() -> bool:
        seen.extend(descendants(os.getpid()) - before)
        return len(seen) > 0

    with pytest.raises(Stopped):
        confirm(first, evaluator, CONFIRM_MODES["thorough"] or FAST, processes=2, should_stop=stop)  # type: ignore[arg-type]
    left = [(p, Path(f"/proc/{p}/cmdline").read_bytes()) for p in seen if is_running(p)]
    assert seen and not left


def test_a_rollout_process_killed_midway_is_named_with_its_exit_code(evaluator: Evaluator) -> None:
    """A crew's process killed outright (out of memory, say) ends the run with why, never a hang."""
    check, _ = _move_check(evaluator, *ON_THE_EDGE)
    long = replace(FAST, max_trials=36 * 40, min_trials=36 * 40)
    with Crew(roll, evaluator, 2) as crew:
        victim = crew._procs[0].pid
        killer = threading.Timer(1.0, os.kill, (victim, signal.SIGKILL))
        killer.start()
        try:
            with pytest.raises(RuntimeError, match=r"stopped unexpectedly \(exit code -9\)"):
                list(crew.run([(check, long), (check, long)]))
        finally:
            killer.cancel()
    assert not is_running(victim)


def test_the_same_seed_gives_the_same_verdicts_in_one_process_or_two(evaluator: Evaluator) -> None:
    match = replay(read_match((DATA / "short.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    budget = replace(FAST, max_trials=72)
    one = confirm(first, evaluator, budget)
    two = confirm(first, evaluator, budget, processes=2)
    for a, b in zip(one.decisions, two.decisions, strict=True):
        assert a.verdict() == b.verdict() and a.best == b.best
        assert (a.judged and a.judged.trials) == (b.judged and b.judged.trials)
        assert a.error == pytest.approx(b.error, abs=1e-6)


def test_a_review_of_a_match_with_nothing_to_report_confirms_nothing(evaluator: Evaluator) -> None:
    match = replay(read_match((DATA / "short.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    calm = replace(
        first,
        decisions=tuple(
            replace(d, error=0.0, cube=(0.0, -0.5, 1.0) if d.cube else None) for d in first.decisions
        ),
    )
    clear = replace(FAST, move_close=0.0)  # and no play the search calls best by a hair
    rev = confirm(calm, evaluator, clear)
    assert rev.to_check == rev.checked == 0 and not rev.confirming() and rev.confirm == clear
    assert isinstance(rev, Review) and np.isfinite([s.checker_error for s in rev.stats]).all()


def test_settled_means_the_interval_crosses_no_band_edge() -> None:
    assert settled(0.2, 0.01, True) and settled(0.0, 0.01, True)
    assert not settled(VERY_BAD, 0.001, True) and not settled(0.0, 0.01, False)
    assert settled(0.045, 0.005, True) and not settled(0.045, 0.01, True)


def test_a_drill_card_keeps_only_a_confirmed_settled_verdict_with_the_rolled_moves_best_first(
    evaluator: Evaluator,
) -> None:
    match = replay(read_match((DATA / "short.mat").read_text()))
    first = review(match, 1, evaluator, cube_depth=1)
    rev = confirm(first, evaluator, replace(FAST, max_trials=72))
    assert first.vouched() == first.decisions  # the search alone: every verdict as it is
    vouched = rev.vouched()
    assert vouched and all(v.confirmed() and not v.unsure() for v in vouched)
    for d in rev.decisions:
        v = d.vouched()
        if not d.confirmed() or d.unsure():
            assert v is None
        elif d.kind == "move":
            assert v is not None and d.judged is not None
            rolled = sorted(d.judged.rolled, key=lambda r: -r[1])
            assert [(o.move.notation(), o.equity, o.rank) for o in v.options] == [
                (label, equity, rank) for rank, (label, equity, _) in enumerate(rolled, 1)
            ]
            mine = next(o for o in v.options if o.move.notation() == d.played)
            assert v.options[0].equity - mine.equity == pytest.approx(d.error)
        else:
            assert v is d
    unsure = replace(vouched[0], judged=replace(vouched[0].judged, estimate=0.03, se=0.02, settled=False))
    assert unsure.unsure() and unsure.vouched() is None
