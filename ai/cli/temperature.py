"""``python main.py temperature``: every roll's best move before the roll, as a 6x6 grid.

::

    python main.py temperature POSITION_ID[:MATCH_ID] [--depth N] [--json]

For the player on roll (a Position ID alone: money play, cubeless equity; with a Match ID: its cube
and score, cubeful equity, EMG in a match with the match winning chance beside), each of the 21 rolls'
moves is ranked as ``hint`` ranks them at that depth; the grid shows the best move's value after each
roll (rows: the first die, columns: the second), then each roll's best move and the average over the
36 rolls, which is the position's value as the search defines it (:mod:`ai.temperature`). ``--json``
prints one object::

    {"position_id": "...", "match_id": "..." or null, "depth": 2, "value": "cubeless",
     "rolls": [{"dice": [6, 5], "chance": 0.0556, "move": "24/13" or null, "equity": 0.21,
                "probs": [w, wg, wbg, lg, lbg], "mwc": null}, ...],            (21 rolls)
     "grid": [[e11, e12, ..., e16], ..., [e61, ..., e66]],                     (6 x 6)
     "average": {"equity": 0.05, "probs": [...], "mwc": null}, "seconds": 0.4}

``value`` says what the equities are: ``cubeless`` (money), ``cubeful`` (money, per cube unit) or
``emg`` (match play). A move ``null`` is a roll with no legal move.
"""

from __future__ import annotations

import argparse
from typing import Any

from ai.cli import before_roll
from ai.engine_types import CubeContext, TemperatureMap

ROWS = range(1, 7)
"""The dice, for the grid's rows and columns."""


def value_kind(context: CubeContext | None) -> str:
    """What the equities are: ``cubeless``, ``cubeful`` (money) or ``emg`` (match)."""
    if context is None:
        return "cubeless"
    return "cubeful" if context.is_money() else "emg"


def map_json(found: TemperatureMap, ids: str, seconds: float) -> dict[str, Any]:
    """The map as a JSON-ready dict (the shape the module's docstring shows)."""
    pid, _, mid = ids.partition(":")
    rolls = [
        {
            "dice": list(c.dice),
            "chance": round(c.weight, 6),
            "move": None if c.move is None else c.move.move.notation(),
            "equity": round(c.equity, 5),
            "probs": [round(p, 5) for p in c.probs],
            "mwc": None if c.mwc is None else round(c.mwc, 6),
        }
        for c in found.cells
    ]
    grid = [[round(found.cell(a, b).equity, 5) for b in ROWS] for a in ROWS]
    mwc = found.mwc
    return {
        "position_id": pid,
        "match_id": mid or None,
        "depth": found.depth,
        "value": value_kind(found.context),
        "rolls": rolls,
        "grid": grid,
        "average": {
            "equity": round(found.equity, 5),
            "probs": [round(p, 5) for p in found.probs],
            "mwc": None if mwc is None else round(mwc, 6),
        },
        "seconds": round(seconds, 4),
    }


def format_map(found: TemperatureMap, ids: str, seconds: float) -> str:
    """The map as a grid and a list, for people."""
    kind = value_kind(found.context)
    words = {
        "cubeless": "cubeless money equity",
        "cubeful": "cubeful money equity (per cube unit)",
        "emg": "cubeful equity at the score (EMG)",
    }[kind]
    lines = [
        f"Temperature map of {ids} at depth {found.depth} ({seconds:.2f} s): the best move's {words}",
        "after each roll, for the player on roll (rows: first die, columns: second die)",
        "",
        "      " + "".join(f"{b:>8}" for b in ROWS),
    ]
    for a in ROWS:
        lines.append(f"{a:>6}" + "".join(f"{found.cell(a, b).equity:>+8.3f}" for b in ROWS))
    lines += ["", "roll  best move                     value" + ("     MWC" if kind == "emg" else "")]
    for c in sorted(found.cells, key=lambda c: -c.equity):
        mwc = "" if c.mwc is None else f"  {c.mwc * 100:5.1f}%"
        lines.append(f"{c.dice[0]}-{c.dice[1]}   {c.words():<28}{c.equity:>+7.3f}{mwc}")
    p = found.probs
    avg_mwc = "" if found.mwc is None else f", MWC {found.mwc * 100:.1f}%"
    lines += [
        "",
        f"Average over the 36 rolls: {found.equity:+.3f}{avg_mwc}"
        f" (win {p[0] * 100:.1f}%, gammon {p[1] * 100:.1f}%, lose gammon {p[3] * 100:.1f}%)",
    ]
    return "\n".join(lines)


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``temperature`` command's options."""
    before_roll.add_arguments(
        ap,
        "Every roll's best move and its equity before the roll: the temperature map.",
        "each roll searched as hint searches it",
    )


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Print the answer; returns the exit status (2: bad input)."""
    return before_roll.run(
        "temperature",
        args,
        lambda engine, position, depth, ctx: engine.temperature_map(position, depth, context=ctx),
        map_json,
        format_map,
    )
