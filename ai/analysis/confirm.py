"""The review's second look: every decision it would report judged again by a rollout.

A search's error is the best candidate's value less the played one's, each with the search's
noise; the largest of several noisy values is biased upwards, so the noise becomes extra error,
and a review by the search alone overstates a player's errors. A rollout
(:mod:`ai.rollout`: truncated, variance-reduced, quasi-random dice, cubeful, every candidate
played with the same dice) has far less of both. So after the search has judged every decision
(:func:`ai.analysis.review.review`), :func:`confirm` rolls out those it would report
(:func:`checks`):

* a checker play whose error the search puts at ``move_least`` (just under doubtful) or more:
  the played move and the search's best two; and a play the search calls best by less than
  ``move_close``: the played move and the next;
* a cube decision within ``cube_margin`` of a threshold (the doubler's: double or not; the
  taker's: take or pass), and every cube action the search calls wrong: no double, double/take
  and double/pass of the doubler's position (a double and its answer share one rollout).

Each rollout stops as soon as its verdicts are settled (:func:`ai.analysis.judgement.settled`:
the error's 95% interval inside one band), or at ``max_trials``, its budget; the error is then
the rollout's, with its standard error from the same trials, and the decision keeps how it was
judged (:class:`ai.analysis.judgement.Judgement`). The player's totals are counted again from
the new errors. The rollouts run on every core (:class:`ai.rollout.pool.Crew`: each process a
whole rollout at a time), the largest errors first; each one's answer depends only on its
position and the seed, so the verdicts are the same in any number of processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.analysis.judgement import Confirmation, ConfirmSettings, Judgement, settled
from ai.analysis.review import Decision, Kind, Review, played_cube, tally
from ai.cube.advice import CubeAdvice
from ai.cube.model import CubeContext, context_for
from ai.evaluation.evaluator import Evaluator
from ai.rollout.pool import Crew
from ai.rollout.run import rollout_cube, rollout_results
from ai.rollout.settings import RolloutResult, RolloutSettings
from game.rules.cube import CubeAction
from game.rules.position import Position


@dataclass(frozen=True, slots=True)
class Check:
    """One rollout of the second look: a checker play's candidates, or a cube decision's actions."""

    decisions: tuple[int, ...]
    """The decisions it judges, as indices in the review's (a double and its answer share one)."""

    kinds: tuple[Kind, ...]
    """Their kinds, in the same order."""

    code: int
    """The position before the decision, its side on roll (the doubler's for a cube decision)."""

    context: CubeContext
    """The cube and score of the side on roll (after a take, for a move: the cube it moves with)."""

    moves: tuple[tuple[str, int, float], ...] = ()
    """A checker play's candidates, the played move first: its notation, the position after it
    (the mover's view) and the search's equity. Empty for a cube decision."""

    priority: float = 0.0
    """The search's largest error among its decisions: the largest are rolled out first."""


def checks(review: Review, settings: ConfirmSettings) -> list[Check]:
    """The decisions of ``review`` to judge again, the largest errors by the search first."""
    out: list[Check] = []
    cube_at: dict[tuple[int, int], list[int]] = {}
    for i, d in enumerate(review.decisions):
        if d.kind == "move":
            check = _move_check(review, i, settings)
            if check is not None:
                out.append(check)
        else:
            cube_at.setdefault((d.game, d.turn), []).append(i)
    for at in cube_at.values():
        if any(_cube_matters(review.decisions[i], settings) for i in at):
            out.append(_cube_check(review, at))
    out.sort(key=lambda c: -c.priority)
    return out


def _context(review: Review, d: Decision, after_take: bool) -> tuple[int, CubeContext]:
    """The position and cube context of ``d``'s turn, for the side on roll."""
    game = review.match.games[d.game - 1]
    turn = game.turns[d.turn]
    cube = played_cube(turn) if after_take else turn.cube
    ctx = context_for(
        cube,
        turn.player,
        review.match.record.length,
        game.score,
        crawford=game.crawford,
        post_crawford=game.post_crawford,
        jacoby=review.match.is_jacoby(),
    )
    return turn.code, ctx


def _move_check(review: Review, i: int, settings: ConfirmSettings) -> Check | None:
    """A checker play's check: the played move and the search's best two, if the search's error
    reaches ``move_least``; the played move and the next, if the search calls it best by less
    than ``move_close``."""
    d = review.decisions[i]
    mine = d.played_option()
    if mine is None or len(d.options) < 2:
        return None
    moves = [(d.played, mine.move.after.code, mine.equity)]
    if d.error >= settings.move_least:
        best = d.options[:2]
    elif d.error == 0.0:
        runner = next((o for o in d.options if o.move.after.code != mine.move.after.code), None)
        if runner is None or not 0.0 <= mine.equity - runner.equity < settings.move_close:
            return None
        best = (runner,)
    else:
        return None
    for option in best:
        code = option.move.after.code
        if all(code != m[1] for m in moves):
            moves.append((option.move.notation(), code, option.equity))
    code, ctx = _context(review, d, after_take=True)
    return Check((i,), ("move",), code, ctx, tuple(moves), d.error)


def _cube_matters(d: Decision, settings: ConfirmSettings) -> bool:
    """A cube action the search calls wrong, or one within ``cube_margin`` of its threshold."""
    if d.cube is None:
        return False
    if d.error > 0.0:
        return True
    nd, dt, dp = d.cube
    if d.kind in (CubeAction.TAKE, CubeAction.PASS):
        return abs(dt - dp) < settings.cube_margin
    return abs(min(dt, dp) - nd) < settings.cube_margin


def _cube_check(review: Review, at: list[int]) -> Check:
    first = review.decisions[at[0]]
    code, ctx = _context(review, first, after_take=False)
    kinds = tuple(review.decisions[i].kind for i in at)
    return Check(tuple(at), kinds, code, ctx, (), max(review.decisions[i].error for i in at))


def found(kind: Kind, result: RolloutResult, played: str) -> tuple[float, float, str] | None:
    """The rollout's verdict on a decision of ``kind`` (``played``: the move made): its error
    (below 0: the choice made did better), that error's standard error from the same trials, and
    the best move or action in the review's words; None where the rollout cannot tell (no trial,
    a double the cube does not allow)."""
    cands = result.candidates
    if result.trials == 0 or not cands:
        return None
    if kind == "move":
        p = next((k for k, c in enumerate(cands) if c.label == played), None)
        if p is None or len(cands) < 2:
            return None
        b = 0 if p != 0 else 1
        estimate = cands[b].equity - cands[p].equity
        return estimate, result.se_of_difference(b, p), cands[b].label if estimate > 0 else played
    if len(cands) < 3:
        return None
    nd, dt, dp = (c.equity for c in cands[:3])
    doubled = 1 if dt <= dp else 2
    advice = CubeAdvice.of(cands[doubled].equity > nd, dt <= dp)
    match kind:
        case CubeAction.NO_DOUBLE:
            return cands[doubled].equity - nd, result.se_of_difference(doubled, 0), advice.doubler_words
        case CubeAction.DOUBLE:
            return nd - cands[doubled].equity, result.se_of_difference(doubled, 0), advice.doubler_words
        case CubeAction.TAKE:
            return dt - dp, result.se_of_difference(1, 2), str(advice.taker)
        case CubeAction.PASS:
            return dp - dt, result.se_of_difference(1, 2), str(advice.taker)
    return None


def _rollout_settings(settings: ConfirmSettings) -> RolloutSettings:
    return RolloutSettings(
        trials=settings.max_trials,
        truncate=settings.truncate,
        seed=settings.seed,
        jobs=1,
        stop_z=None,
        min_trials=settings.min_trials,
    )


def roll(
    evaluator: Evaluator, item: tuple[Check, ConfirmSettings], should_stop: Callable[[], bool]
) -> RolloutResult:
    """Roll out one check until every decision it judges is settled, or its trials run out (run
    in a :class:`ai.rollout.pool.Crew`'s process, or in this one)."""
    check, settings = item
    played = check.moves[0][0] if check.moves else ""

    def all_settled(r: RolloutResult) -> bool:
        for kind in check.kinds:
            verdict = found(kind, r, played)
            if verdict is None or not settled(verdict[0], verdict[1], kind == "move"):
                return False
        return True

    rs = _rollout_settings(settings)
    if check.moves:
        return rollout_results(
            check.moves, evaluator, rs, context=check.context, should_stop=should_stop, stop_when=all_settled
        )
    return rollout_cube(
        Position(check.code), check.context, evaluator, rs, should_stop=should_stop, stop_when=all_settled
    )


def judged_again(d: Decision, result: RolloutResult, settings: ConfirmSettings) -> Decision:
    """``d`` with the rollout's verdict: its error, best choice, cube values and how it was judged."""
    verdict = found(d.kind, result, d.played)
    if verdict is None:
        return d
    estimate, se, best = verdict
    move = d.kind == "move"
    before = d.judged if d.judged is not None else Judgement(0, search_error=d.error)
    judged = Judgement(
        before.depth,
        result.trials,
        estimate,
        se,
        settings.truncate,
        settled(estimate, se, move),
        before.search_error,
        tuple((c.label, c.equity, c.se) for c in result.candidates),
    )
    cube = d.cube
    if not move:
        nd, dt, dp = (c.equity for c in result.candidates[:3])
        cube = (nd, dt, dp)
    error = max(0.0, estimate)
    return replace(d, error=error, best=best if error > 0 or not move else d.played, cube=cube, judged=judged)


def confirm_decision(
    evaluator: Evaluator,
    code: int,
    context: CubeContext,
    kind: Kind,
    settings: ConfirmSettings,
    *,
    moves: tuple[tuple[str, int, float], ...] = (),
    depth: int = 0,
    search_error: float = 0.0,
    should_stop: Callable[[], bool] | None = None,
) -> Confirmation | None:
    """One decision judged again as :func:`confirm` judges a review's: a checker play of the
    position ``code`` (``moves``: the played move first, then the search's best; each its notation,
    the position after it and the search's equity), or cube action ``kind`` of the doubler's
    position ``code``; ``context`` the side on roll's cube and score. None where the rollout cannot
    tell (no trial, a double the cube does not allow)."""
    check = Check((0,), (kind,), code, context, moves, search_error)
    result = roll(evaluator, (check, settings), should_stop or (lambda: False))
    verdict = found(kind, result, moves[0][0] if moves else "")
    if verdict is None:
        return None
    estimate, se, best = verdict
    move = kind == "move"
    judged = Judgement(
        depth,
        result.trials,
        estimate,
        se,
        settings.truncate,
        settled(estimate, se, move),
        search_error,
        tuple((c.label, c.equity, c.se) for c in result.candidates),
    )
    nd, dt, dp = (c.equity for c in result.candidates[:3]) if not move else (0.0, 0.0, 0.0)
    cube = None if move else (nd, dt, dp)
    return Confirmation(judged, best, cube)


def confirm(
    review: Review,
    evaluator: Evaluator,
    settings: ConfirmSettings,
    *,
    processes: int = 1,
    on_update: Callable[[Review], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Review:
    """``review`` with every decision it would report judged again by a rollout (:func:`checks`),
    in ``processes`` processes (1: this one). ``on_update`` gets the review as each rollout ends
    (and once before the first, with nothing checked); ``should_stop`` ends it, raising
    :class:`ai.search.Stopped`, its processes ended."""
    todo = checks(review, settings)
    rev = replace(review, confirm=settings, checked=0, to_check=sum(len(c.decisions) for c in todo))
    if on_update is not None:
        on_update(rev)
    if not todo:
        return rev
    with Crew(roll, evaluator, min(processes, len(todo))) as crew:
        for k, result in crew.run([(c, settings) for c in todo], should_stop):
            decisions = list(rev.decisions)
            for i in todo[k].decisions:
                decisions[i] = judged_again(decisions[i], result, settings)
            rev = replace(
                rev,
                decisions=tuple(decisions),
                stats=tally(decisions, rev.stats),
                checked=rev.checked + len(todo[k].decisions),
            )
            if on_update is not None:
                on_update(rev)
    return rev
