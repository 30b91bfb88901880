"""``python main.py hint``: rank the legal moves of a position, for people and for programs.

One position::

    python main.py hint --position-id 4HPwATDgc/ABMA --dice 31 [--depth N] [--top K]

prints a table of the legal moves, best first. Without ``--position-id`` it reads
lines ``POSITION_ID D1D2`` (e.g. ``4HPwATDgc/ABMA 31``) from standard input and
answers each with one JSON object on one line, flushed at once::

    {"moves": [{"move": "8/5 6/5", "position_id": "...", "equity": 0.16,
                "probs": [w, wg, wbg, lg, lbg], "depth": d}, ...], "depth": N, "seconds": t}

``position_id`` is the position after the move with the opponent on roll (GNU
Backgammon's convention: an ID is always seen from the side on roll). A move's
``depth`` is how deep it was searched: the move filter (see :mod:`ai.analysis`)
searches only the most promising moves to the full depth and lists them first,
so the list is best first by the deepest search, not strictly by equity. A line it
cannot take gets ``{"error": "..."}`` and the next line is read. This is the
protocol ``../shared/tools/bgjudge.py`` speaks.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from ai.evaluator import Evaluator, Probs, equity
from game.move import legal_moves
from game.position import Position, PositionError, from_position_id, position_id, swap, unpack

DEFAULT_DEPTH = 2

_DEPTH_HELP = """\
depth N searches N move decisions with the dice in between:
  1  each legal move is scored by the evaluation of the position it leads to
  2  adds the opponent's 21 rolls and best reply to each   (GNU Backgammon 1-ply)
  3  adds our next roll and reply                           (GNU Backgammon 2-ply)
  4  one more roll and reply                                (GNU Backgammon 3-ply)
Depth N is GNU Backgammon's (N-1)-ply. Deeper is stronger and slower."""


class HintError(ValueError):
    """Input the hint tool cannot take (bad Position ID, bad dice, game over)."""


def parse_dice(text: str) -> tuple[int, int]:
    """Read a roll written ``31``, ``3-1``, ``3,1`` or ``3 1``."""
    digits = re.fullmatch(r"\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*", text)
    if not digits:
        raise HintError(f"dice must be two digits 1-6 like 31 or 3-1, got {text!r}")
    return int(digits.group(1)), int(digits.group(2))


def parse_line(line: str) -> tuple[int, tuple[int, int]]:
    """A request line ``POSITION_ID D1D2`` as (position code, dice)."""
    parts = line.split(None, 1)
    if len(parts) != 2:
        raise HintError("expected a line 'POSITION_ID D1D2', e.g. '4HPwATDgc/ABMA 31'")
    return parse_position(parts[0]), parse_dice(parts[1])


def parse_position(pid: str) -> int:
    """Decode a Position ID, refusing finished games."""
    try:
        code = from_position_id(pid)
    except PositionError as exc:
        raise HintError(str(exc)) from None
    mine, theirs = unpack(code)
    if not any(mine) or not any(theirs):
        raise HintError(f"the game is over in {pid}: a side has no checkers left")
    return code


def analyse_json(
    code: int,
    dice: tuple[int, int],
    depth: int,
    evaluator: Evaluator,
    top: int | None = None,
    utility: Callable[[Probs], npt.NDArray[np.float64]] = equity,
) -> dict[str, Any]:
    """The protocol's answer for one position and roll (a JSON-ready dict)."""
    from ai.analysis import analyse

    t0 = time.perf_counter()
    moves = {m.after.code: m for m in legal_moves(Position(code), dice)}
    rows: list[dict[str, Any]] = []
    if moves:
        for c in analyse(code, dice, depth, evaluator, utility=utility):
            rows.append(
                {
                    "move": moves[c.code].notation(),
                    "position_id": position_id(swap(c.code)),
                    "equity": round(float(c.equity), 5),
                    "probs": [round(float(p), 5) for p in c.probs],
                    "depth": int(c.depth),
                }
            )
    if top is not None:
        rows = rows[:top]
    return {"moves": rows, "depth": depth, "seconds": round(time.perf_counter() - t0, 4)}


def serve(lines: Iterable[str], out: TextIO, depth: int, evaluator: Evaluator, top: int | None) -> int:
    """Answer each request line with one JSON line; returns the number of errors."""
    errors = 0
    for line in lines:
        try:
            if ":" in line:  # a GNU Backgammon ID POSITION_ID:MATCH_ID (cube and match play)
                from ai.cubehint import gnubg_id_answer

                answer = gnubg_id_answer(line.strip(), depth, evaluator, top)
            else:
                code, dice = parse_line(line.strip())
                answer = analyse_json(code, dice, depth, evaluator, top)
        except HintError as exc:
            answer = {"error": str(exc)}
            errors += 1
        except Exception as exc:  # one bad position must not end the session
            answer = {"error": f"internal error: {type(exc).__name__}: {exc}"}
            errors += 1
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return errors


def format_table(answer: dict[str, Any], pid: str, dice: tuple[int, int]) -> str:
    """The answer as a readable table."""
    lines = [f"Position {pid}, roll {dice[0]}{dice[1]}, depth {answer['depth']} ({answer['seconds']:.3f} s)"]
    if not answer["moves"]:
        lines.append("No legal move: the turn passes.")
        return "\n".join(lines)
    width = max(12, *(len(m["move"]) for m in answer["moves"]))
    cols = "  ".join(f"{c:>6}" for c in ("win", "w g", "w bg", "l g", "l bg"))
    head = f"{'#':>3}  {'move':<{width}}  {'equity':>7}  {cols}"
    lines += [head, "-" * len(head)]
    best = answer["moves"][0]["equity"]
    for k, m in enumerate(answer["moves"], 1):
        p = m["probs"]
        diff = "" if k == 1 else f"  ({m['equity'] - best:+.3f})"
        if m["depth"] < answer["depth"]:
            diff += f"  [searched to depth {m['depth']}]"
        lines.append(
            f"{k:>3}  {m['move']:<{width}}  {m['equity']:>+7.3f}  "
            + "  ".join(f"{x * 100:5.1f}%" for x in p)
            + diff
        )
    return "\n".join(lines)


def load(choice: str, err: TextIO, weights: str | None = None) -> Evaluator:
    """The evaluator to use; warnings go to ``err`` (never to the protocol's output).

    ``choice`` is ``"hand"`` or ``"auto"`` (the shipped network, or ``weights`` if
    given; the hand-made evaluator with a warning when it cannot be loaded)."""
    from ai.worker import default_evaluator, hand_evaluator

    if choice == "hand":
        evaluator, warning = hand_evaluator()
    elif weights is not None:
        from ai.load import load_evaluator

        loaded = load_evaluator(Path(weights))
        evaluator, warning = loaded.evaluator, loaded.warning
    else:
        evaluator, warning = default_evaluator()
    if warning:
        print(f"warning: {warning}", file=err, flush=True)
    return evaluator


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python main.py hint",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog=_DEPTH_HELP
        + "\n\nWithout --position-id, reads 'POSITION_ID D1D2' lines from stdin and answers"
        " each with one JSON line.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--position-id", help="GNU Backgammon Position ID of the side on roll")
    ap.add_argument("--dice", help="the roll, e.g. 31 (needed with --position-id)")
    ap.add_argument(
        "--depth", type=int, default=DEFAULT_DEPTH, choices=range(1, 5), metavar="N",
        help=f"move decisions to search, 1-4 (default {DEFAULT_DEPTH}; depth N = gnubg (N-1)-ply)",
    )  # fmt: skip
    ap.add_argument("--top", type=int, metavar="K", help="show only the best K moves")
    ap.add_argument("--json", action="store_true", help="with --position-id: print the JSON answer")
    ap.add_argument(
        "--evaluator", choices=("auto", "hand"), default="auto",
        help="auto: the shipped neural network, or the hand-made one if it is missing; hand: hand-made",
    )  # fmt: skip
    ap.add_argument("--weights", metavar="FILE", help="network weights to use instead of the shipped ones")
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run the hint tool; returns the exit status."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away: nothing left to say
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keep the exit flush quiet
        return 0


def _main(argv: list[str] | None) -> int:
    ap = _parser()
    args = ap.parse_args(argv)
    if args.top is not None and args.top < 1:
        ap.error("--top must be at least 1")
    if args.weights is not None and args.evaluator == "hand":
        ap.error("--weights and --evaluator hand contradict each other")
    if args.position_id is None:
        if args.dice is not None:
            ap.error("--dice needs --position-id (or give 'POSITION_ID D1D2' lines on stdin)")
        evaluator = load(args.evaluator, sys.stderr, args.weights)
        serve(sys.stdin, sys.stdout, args.depth, evaluator, args.top)
        return 0
    if args.dice is None:
        ap.error("--position-id needs --dice, e.g. --dice 31")
    try:
        code = parse_position(args.position_id)
        dice = parse_dice(args.dice)
    except HintError as exc:
        print(f"hint: {exc}", file=sys.stderr)
        return 2
    evaluator = load(args.evaluator, sys.stderr, args.weights)
    answer = analyse_json(code, dice, args.depth, evaluator, args.top)
    if args.json:
        print(json.dumps(answer))
    else:
        print(format_table(answer, args.position_id.strip(), dice))
    return 0
