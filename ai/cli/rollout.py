"""``python main.py rollout``: settle a checker play or a cube decision by playing it out.

    python main.py rollout POSITION_ID[:MATCH_ID] [DICE] [--trials N] [--truncate K] [--cubeless]
                           [--candidates N] [--within E] [--jobs N] [--seed S] [--json]

With dice, the best moves of the roll by the search are rolled out; without, the cube decision
of the side on roll (no double, double/take, double/pass). A Match ID gives the cube and the
score (its dice, if set, are the roll), else it is money play with a centred cube. Prints a
table, with a progress bar on standard error when that is a terminal; ``--json`` prints one
object instead::

    with dice:    {"seed": S, "trials": N, "seconds": T, "candidates": [{"move": "8/5 6/5",
                   "position_id": "...", "equity": 0.123, "se": 0.004, "probs": [w, wg, wbg, lg, lbg]},
                   ...]}                                            (best first)
    without dice: {"seed": S, "trials": N, "seconds": T, "position": {"equity", "se", "probs"},
                   "cube": {"nd": {"equity", "se"}, "dt": {...}, "dp": {...}, "double": b, "take": b}}

Equities are from the side on roll: cubeless or cubeful money equity (per cube unit), or EMG in
a match (a cubeless rollout in a match: the dead-cube EMG); a cubeless rollout of a cube
decision has no ``cube``. ``position_id`` is the position after the move, opponent on roll.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any, TextIO

from ai.cli.cube_hint import check_match
from ai.cli.hint import load
from ai.cli.options import non_negative
from ai.cli.protocol import HintError, parse_dice, parse_position
from ai.engine import Engine
from ai.engine_types import (
    DEFAULT_CANDIDATES,
    DEFAULT_TRIALS,
    MAX_DEPTH,
    CubeContext,
    RolloutResult,
    RolloutSettings,
    context_from_match,
    default_jobs,
)
from game.records.matchid import MatchIdError, from_match_id
from game.rules.position import Position

BAR_WIDTH = 30
USAGE_ERROR = 2


class ProgressBar:
    """A rollout's progress on a terminal: trials done, the time left, the best so far."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def __call__(self, r: RolloutResult) -> None:
        filled = BAR_WIDTH * r.trials // max(r.total, 1)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        left = r.seconds_left
        eta = "" if left is None or r.done else f", {left:.0f} s left"
        best = f", best {r.best.label} {r.best.equity:+.3f}" if r.candidates and not r.cube else ""
        self.stream.write(f"\rrollout [{bar}] {r.trials}/{r.total} trials{eta}{best}\033[K")
        if r.done:
            self.stream.write("\n")
        self.stream.flush()


def parse_target(text: str, dice_text: str | None) -> tuple[Position, tuple[int, int] | None, CubeContext]:
    """The position, the roll (None: the cube decision) and the cube context from the arguments."""
    pid, sep, mid = text.strip().partition(":")
    code = parse_position(pid)
    ctx = CubeContext()
    dice = parse_dice(dice_text) if dice_text is not None else None
    if sep:
        try:
            info = from_match_id(mid)
        except MatchIdError as exc:
            raise HintError(str(exc)) from None
        check_match(info, mid)
        ctx = context_from_match(info)
        if dice is None and info.has_dice():
            dice = (int(info.dice[0]), int(info.dice[1]))
    return Position(code), dice, ctx


def _r(x: float, digits: int = 5) -> float:
    return round(float(x), digits)


def result_json(r: RolloutResult, dice: tuple[int, int] | None) -> dict[str, Any]:
    """The ``--json`` object (see the module docstring)."""
    out: dict[str, Any] = {"seed": r.seed, "trials": r.trials, "seconds": round(r.seconds, 3)}
    if r.stopped:
        out["stopped"] = r.stopped
    if dice is not None:
        out["candidates"] = [
            {
                "move": c.label,
                "position_id": c.position_id,
                "equity": _r(c.equity),
                "se": _r(c.se, 6),
                "probs": [_r(p) for p in c.probs],
            }
            for c in r.candidates
        ]
        return out
    first = r.candidates[0]
    if r.cube is None:
        out["position"] = {
            "equity": _r(first.equity),
            "se": _r(first.se, 6),
            "probs": [_r(p) for p in first.probs],
        }
        return out
    out["position"] = {
        "equity": _r(r.cube.equity),
        "se": _r(r.cube.se, 6),
        "probs": [_r(p) for p in first.probs],
    }
    cube: dict[str, Any] = {}
    for key, c in zip(("nd", "dt", "dp"), r.candidates, strict=False):
        cube[key] = {"equity": _r(c.equity), "se": _r(c.se, 6)}
    cube.update(double=r.cube.double, take=r.cube.take)
    out["cube"] = cube
    return out


def format_table(r: RolloutResult, title: str, ctx: CubeContext) -> str:
    """The rollout as a readable table."""
    s = r.settings
    unit = "EMG" if not ctx.is_money() else "equity"
    how = [
        f"{r.trials} trials" + (f" of {r.total}" if r.trials < r.total else ""),
        f"truncated at {s.truncate} plies" if s.truncate else "to the end",
        "cubeful" if s.cubeful else "cubeless",
        "variance reduction" if s.variance_reduction else "no variance reduction",
        f"depth {s.depth} inside",
        f"seed {r.seed}",
        f"{r.seconds:.1f} s",
    ]
    lines = [f"Rollout of {title}: " + ", ".join(how)]
    if r.stopped == "clear":
        lines.append("Stopped early: the best is clear beyond its error.")
    elif r.stopped == "cancelled":
        lines.append("Stopped before the end: these are the trials done.")
    if not r.candidates:
        lines.append("No legal move: the turn passes.")
        return "\n".join(lines)
    width = max(12, *(len(c.label) for c in r.candidates))
    cols = "  ".join(f"{c:>6}" for c in ("win", "w g", "w bg", "l g", "l bg"))
    head = f"{'#':>3}  {'candidate':<{width}}  {unit:>7}  {'se':>6}  {'95% interval':>17}  {cols}"
    lines += [head, "-" * len(head)]
    for k, c in enumerate(r.candidates, 1):
        lo, hi = c.interval
        ci = "exact" if c.exact else f"{lo:+.3f} .. {hi:+.3f}"
        lines.append(
            f"{k:>3}  {c.label:<{width}}  {c.equity:>+7.3f}  {c.se:>6.4f}  {ci:>17}  "
            + "  ".join(f"{x * 100:5.1f}%" for x in c.probs)
        )
    if r.cube is not None:
        verdict = ("Double" if r.cube.double else "No double") + (", take" if r.cube.take else ", pass")
        lines.append(f"Verdict: {verdict} (value {r.cube.equity:+.3f} ± {1.96 * r.cube.se:.3f})")
    elif r.clear and len(r.candidates) > 1:
        lines.append(f"The best, {r.best.label}, is clear beyond its error.")
    return "\n".join(lines)


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``rollout`` command's options."""
    ap.description = "Settle a checker play or a cube decision by playing it out, on every core."
    add = ap.add_argument
    add("target", metavar="POSITION_ID[:MATCH_ID]", help="the position (and the cube and score)")
    add("dice", nargs="?", metavar="DICE", help="the roll, e.g. 31; none: the cube decision")
    add("--trials", type=int, default=DEFAULT_TRIALS, metavar="N", help="games per candidate (default 1296)")
    add("--truncate", type=int, default=0, metavar="K", help="stop each game after K plies (default: no)")
    add("--cubeless", action="store_true", help="play without the cube, report cubeless values")
    add("--candidates", type=int, default=DEFAULT_CANDIDATES, metavar="N", help="the search's best N moves")
    add("--within", type=non_negative, metavar="E", help="only moves within E equity of the search's best")
    depths = range(1, MAX_DEPTH + 1)
    add("--depth", type=int, default=1, choices=depths, metavar="D", help="depth of the play inside (1)")
    add(
        "--search-depth",
        type=int,
        default=2,
        choices=depths,
        metavar="D",
        help="depth picking candidates (2)",
    )
    add("--jobs", type=int, metavar="N", help="processes (default: every core)")
    add("--seed", type=int, metavar="S", help="the dice's seed (default: a fresh one, reported)")
    add("--no-variance-reduction", action="store_true", help="do not correct each roll's luck")
    add("--no-stop", action="store_true", help="play every trial even once the best is clear")
    add("--json", action="store_true", help="print one JSON object")
    add("--weights", metavar="FILE", help="network weights to use instead of the shipped ones")


def settings_from(args: argparse.Namespace) -> RolloutSettings:
    """The rollout settings the options ask for (ValueError for a bad value)."""
    return RolloutSettings(
        trials=args.trials,
        truncate=args.truncate,
        cubeful=not args.cubeless,
        variance_reduction=not args.no_variance_reduction,
        depth=args.depth,
        seed=args.seed if args.seed is not None else secrets.randbelow(1 << 31),
        jobs=args.jobs if args.jobs is not None else default_jobs(),
        stop_z=None if args.no_stop else 2.0,
        candidates=args.candidates,
        within=args.within,
        search_depth=args.search_depth,
    )


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Run the rollout; returns the exit status (2: bad input, 130: interrupted)."""
    try:
        settings = settings_from(args)
    except ValueError as exc:
        ap.error(str(exc))
    try:
        position, dice, ctx = parse_target(args.target, args.dice)
    except HintError as exc:
        print(f"rollout: {exc}", file=sys.stderr)
        return USAGE_ERROR
    evaluator = load("auto", sys.stderr, args.weights)
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    try:
        result = Engine(evaluator).rollout(position, dice, settings, context=ctx, on_progress=bar)
    except KeyboardInterrupt:
        return 130
    if args.json:
        print(json.dumps(result_json(result, dice)))
    else:
        title = args.target.strip() + (f", roll {dice[0]}{dice[1]}" if dice else ", cube decision")
        print(format_table(result, title, ctx))
    return 0
