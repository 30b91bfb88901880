"""``analyze --rollout-errors N``: the review's largest errors rolled out, to confirm them.

Each of the ``N`` costliest decisions of a review (:meth:`ai.analysis.review.Review.worst`) is
rolled out at its own cube and score (:meth:`ai.engine.Engine.rollout`): a checker play's best
moves by the search and the move played, or a cube decision's three choices. The rollout's
error is the equity between its best choice and the one played, with the standard error of
that difference (taken as if the two were independent: the same dice for both make the true
one smaller, so the bar is on the safe side). An error
is *confirmed* when the rollout finds one at least half as large as the review's, or more than
two standard errors from nothing.
"""

from __future__ import annotations

import math
from typing import Any

from ai.engine import Engine
from ai.engine_types import Decision, Review, RolloutResult, RolloutSettings, context_from_match
from game.records.matchid import from_match_id
from game.rules.cube import CubeAction
from game.rules.move import MoveError, parse_move
from game.rules.position import Position


def _move_error(d: Decision, r: RolloutResult) -> tuple[float, float, str] | None:
    """(error, its standard error, the rollout's best) of a checker play."""
    played = next((c for c in r.candidates if c.label == d.played), None)
    if played is None or not r.candidates:
        return None
    best = r.candidates[0]
    se = math.hypot(best.se, played.se) if best is not played else 0.0
    return best.equity - played.equity, se, best.label


def _cube_error(d: Decision, r: RolloutResult) -> tuple[float, float, str] | None:
    """(error, standard error, the right action) of a cube decision, from the decider's side."""
    if r.cube is None or len(r.candidates) < 3:
        return None
    nd, dt, dp = r.candidates[0], r.candidates[1], r.candidates[2]
    doubled = dt if dt.equity <= dp.equity else dp
    if d.kind in (CubeAction.DOUBLE, CubeAction.NO_DOUBLE):
        best = doubled if doubled.equity > nd.equity else nd
        played = doubled if d.kind is CubeAction.DOUBLE else nd
        error = best.equity - played.equity
        words = "Double" if best is doubled else "No double"
    else:  # the taker: its side of DT and DP
        best = doubled
        played = dt if d.kind is CubeAction.TAKE else dp
        error = played.equity - doubled.equity
        words = "Take" if doubled is dt else "Pass"
    se = math.hypot(best.se, played.se) if best is not played else 0.0
    return max(0.0, error), se, words


def confirm_errors(
    rev: Review, engine: Engine, count: int, settings: RolloutSettings
) -> list[dict[str, Any]]:
    """The ``count`` largest errors of ``rev``, each with its rollout's verdict (JSON-ready)."""
    out: list[dict[str, Any]] = []
    for d in rev.worst(count):
        position = Position.from_id(d.position_id)
        ctx = context_from_match(from_match_id(d.match_id))
        row: dict[str, Any] = {
            "game": d.game,
            "move": d.row,
            "kind": str(d.kind.value if isinstance(d.kind, CubeAction) else d.kind),
            "played": d.played,
            "best": d.best,
            "error": round(d.error, 5),
            "gnubg_id": f"{d.position_id}:{d.match_id}",
        }
        if d.kind == "move":
            if d.dice is None:
                continue
            try:
                include = [parse_move(d.played, position, d.dice).after.code]
            except MoveError:
                include = []
            r = engine.rollout(position, d.dice, settings, context=ctx, include=include)
            found = _move_error(d, r)
        else:
            r = engine.rollout(position, None, settings, context=ctx)
            found = _cube_error(d, r)
        if found is None:
            continue
        error, se, best = found
        row.update(
            rollout_error=round(error, 5),
            se=round(se, 5),
            rollout_best=best,
            trials=r.trials,
            confirmed=bool(error >= 0.5 * d.error or error > 2 * se),
        )
        out.append(row)
    return out


def format_confirmations(rows: list[dict[str, Any]], settings: RolloutSettings) -> str:
    """The rolled-out errors as lines of text."""
    how = f"{settings.trials} trials"
    if settings.truncate:
        how += f", truncated at {settings.truncate} plies"
    lines = ["", f"The largest errors rolled out ({how}, seed {settings.seed}):"]
    for r in rows:
        verdict = "confirmed" if r["confirmed"] else "NOT confirmed"
        lines.append(
            f"  game {r['game']} move {r['move'] or '-'}  {r['played'] or '(no move)'}: "
            f"review {r['error']:.3f}, rollout {r['rollout_error']:.3f} ± {1.96 * r['se']:.3f} "
            f"(best by the rollout: {r['rollout_best']})  {verdict}"
        )
    if not rows:
        lines.append("  (no error to roll out)")
    return "\n".join(lines)
