"""``python main.py evaluate``: a position before its roll, its chances and equities at a depth.

::

    python main.py evaluate POSITION_ID[:MATCH_ID] [--depth N] [--json]

For the player on roll (a Position ID alone: money play, cube centred; with a Match ID: its cube
and score): both sides' chances to win, win a gammon and win a backgammon, the cubeless equity
(money, cube 1) and the cubeful equity with the cube handled right (per cube unit in money play,
EMG in a match, with the match winning chance), searched as the cube hint searches at that depth
(:mod:`ai.position_value`). ``--json`` prints one object::

    {"position_id": "...", "match_id": "..." or null, "depth": 2,
     "probs": [w, wg, wbg, lg, lbg],
     "on_roll": {"win": .., "gammon": .., "backgammon": ..},
     "opponent": {"win": .., "gammon": .., "backgammon": ..},
     "cubeless": 0.12, "cubeful": 0.15, "mwc": null or 0.61,
     "cube": {"nd": .., "dt": .., "dp": .., "double": false, "take": true}, "seconds": 0.05}
"""

from __future__ import annotations

import argparse
from typing import Any

from ai.cli import before_roll
from ai.engine_types import Evaluation


def evaluation_json(found: Evaluation, ids: str, seconds: float) -> dict[str, Any]:
    """The evaluation as a JSON-ready dict (the shape the module's docstring shows)."""
    pid, _, mid = ids.partition(":")
    mine, theirs = found.chances()
    d = found.decision
    mwc = found.mwc
    return {
        "position_id": pid,
        "match_id": mid or None,
        "depth": found.depth,
        "probs": [round(p, 5) for p in found.probs],
        "on_roll": dict(zip(("win", "gammon", "backgammon"), (round(x, 5) for x in mine), strict=True)),
        "opponent": dict(zip(("win", "gammon", "backgammon"), (round(x, 5) for x in theirs), strict=True)),
        "cubeless": round(found.cubeless, 5),
        "cubeful": round(found.cubeful, 5),
        "mwc": None if mwc is None else round(mwc, 6),
        "cube": {
            "nd": round(d.nd, 5),
            "dt": round(d.dt, 5),
            "dp": round(d.dp, 5),
            "double": d.double,
            "take": d.take,
        },
        "seconds": round(seconds, 4),
    }


def format_evaluation(found: Evaluation, ids: str, seconds: float) -> str:
    """The evaluation as a small table, for people."""
    mine, theirs = found.chances()
    match = not found.context.is_money()
    lines = [
        f"Evaluation of {ids} at depth {found.depth} ({seconds:.2f} s), before the roll:",
        "",
        f"{'':<10}{'win':>8}{'gammon':>9}{'backgammon':>12}",
    ]
    for who, (w, g, b) in (("on roll", mine), ("opponent", theirs)):
        lines.append(f"{who:<10}{w * 100:>7.1f}%{g * 100:>8.1f}%{b * 100:>11.1f}%")
    d = found.decision
    unit = "EMG" if match else "per cube unit"
    action = "double" if d.double else "no double"
    lines += [
        "",
        f"cubeless equity   {found.cubeless:+.3f}",
        f"cubeful equity    {found.cubeful:+.3f} ({unit}, {action};"
        f" no double {d.nd:+.3f}, double/take {d.dt:+.3f}, double/pass {d.dp:+.3f})",
    ]
    if found.mwc is not None:
        lines.append(f"match winning chance  {found.mwc * 100:.1f}%")
    return "\n".join(lines)


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``evaluate`` command's options."""
    before_roll.add_arguments(
        ap,
        "A position before its roll: both sides' chances, cubeless and cubeful equity.",
        "searched as the cube hint searches (1: the evaluation itself)",
    )


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Print the answer; returns the exit status (2: bad input)."""
    return before_roll.run(
        "evaluate",
        args,
        lambda engine, position, depth, ctx: engine.evaluate(position, depth, context=ctx),
        evaluation_json,
        format_evaluation,
    )
