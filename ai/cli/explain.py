"""The facts and reasons the command-line answers carry (issue 53): ``hint --explain`` and ``analyze --json``.

The board's facts are counted by :mod:`game.facts.board`, the engine's numbers come from the engine
(the ranked moves' chances and equities, a cube decision's chances and equities, and
:meth:`ai.engine.Engine.market` for the take point and market losers), and :mod:`game.facts.why`
compares them. Everything here is JSON-ready: ``"facts"`` under the names docs/explanations.md
lists, ``"why"`` the typed comparison (no English: the words are made from it by ui/text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.facts.chances import CubeFacts, MoveFacts
from game.facts.explained import CubeExplained, PlayExplained, move_facts
from game.facts.why import cube_why, explain
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.engine import Engine
    from ai.engine_types import CubeContext, Decision

__all__ = [
    "cube_facts",
    "explained_cube",
    "explained_decision",
    "explained_moves",
    "facts_line",
    "move_facts",
    "plain_line",
]

Json = dict[str, object]


def explained_moves(moves: Sequence[MoveFacts]) -> list[tuple[Json, Json | None]]:
    """Each ranked move's ``"facts"`` and ``"why"`` (best first; the best's why is against the
    runner-up, None when it is alone)."""
    return [
        (m.to_json(), None if w is None else w.to_json()) for m, w in zip(moves, explain(moves), strict=True)
    ]


def cube_facts(
    engine: Engine,
    position: Position,
    context: CubeContext,
    probs: Sequence[float],
    equities: tuple[float, float, float],
) -> CubeFacts:
    """A cube decision's facts: the doubler's chances ``probs`` and (ND, DT, DP) from its search, the
    take point and market losers from the engine (:meth:`ai.engine.Engine.cube_explained`)."""
    return engine.cube_explained(position, context, probs, equities).facts


def explained_cube(facts: CubeFacts) -> tuple[Json, list[Json]]:
    """A cube decision's ``"facts"`` and ``"why"``."""
    return facts.to_json(), [r.to_json() for r in cube_why(facts)]


def explained_decision(engine: Engine, decision: Decision) -> Json:
    """``{"facts": ..., "why": ...}`` for one judged decision of a review
    (:meth:`ai.engine.Engine.explain_decision`): a checker play's played and best moves' facts and
    why the played one is ranked where it is (against the best; the best against the runner-up), a
    cube decision's facts and reasons from the doubler's side."""
    said = engine.explain_decision(decision)
    match said:
        case None:
            return {}
        case CubeExplained():
            return {"facts": said.facts.to_json(), "why": [r.to_json() for r in said.why]}
        case PlayExplained():
            best = said.this if said.best or said.other is None else said.other
            reason = None if said.why is None else said.why.to_json()
            return {"facts": {"played": said.this.to_json(), "best": best.to_json()}, "why": reason}


def plain_line(reasons: Json | None) -> str:
    """A move's ``"why"`` as one plain line for the readable table (the CLI's own rendering; the
    player's words are made by ui/text): each fact with this move's value, the other's, and a ``+``
    where it favours this move or ``-`` where it favours the other."""
    if reasons is None:
        return ""
    parts = []
    for r in [*_items(reasons, "board"), *_items(reasons, "chances")]:
        side = f" ({r['side']})" if "side" in r else ""
        mark = "+" if r["favours"] == "this" else "-"
        parts.append(f"{mark}{r['fact']}{side} {_shown(r['this'])} vs {_shown(r['other'])}")
    return f"vs {reasons['against']}: " + ", ".join(parts)


def _items(reasons: Json, key: str) -> list[dict[str, object]]:
    found = reasons.get(key)
    return [r for r in found if isinstance(r, dict)] if isinstance(found, list) else []


def _shown(value: object) -> str:
    if isinstance(value, list):
        return "[" + " ".join(str(v) for v in value) + "]"
    return str(value)


def facts_line(facts: Json) -> str:
    """A move's facts as one plain line for the readable table."""
    return "  ".join(f"{k} {_shown(v)}" for k, v in facts.items())
