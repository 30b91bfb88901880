"""``python main.py hint``: rank the legal moves of a position, for people and for programs.

One position::

    python main.py hint --position-id 4HPwATDgc/ABMA --dice 31 [--depth N] [--top K]

prints a table of the legal moves, best first. Without ``--position-id`` it reads
lines ``POSITION_ID D1D2`` (e.g. ``4HPwATDgc/ABMA 31``) from standard input and
answers each with one JSON object on one line, flushed at once (a line
``POSITION_ID:MATCH_ID`` or an XGID is answered at its cube and score, see
:mod:`ai.cli.cube_hint`)::

    {"moves": [{"move": "8/5 6/5", "position_id": "...", "equity": 0.16,
                "probs": [w, wg, wbg, lg, lbg], "depth": d}, ...], "depth": N, "seconds": t}

``position_id`` is the position after the move with the opponent on roll (GNU
Backgammon's convention: an ID is always seen from the side on roll). A move's
``depth`` is how deep it was searched: the move filter (see :mod:`ai.search`)
searches only the most promising moves deeper and lists them first, and stops when it
leaves one, so the list is best first by the deepest search, not strictly by equity. A line it
cannot take gets ``{"error": "..."}`` (quoting at most about 100 characters of it)
and the next line is read. Input is read as bytes and each line decoded on its own:
a line that is not UTF-8 gets an error reply, a UTF-8 byte-order mark is ignored, a
last line without a newline is answered, and a line over a megabyte is refused
without being read into memory whole. This is the protocol
``../shared/tools/bgjudge.py`` speaks.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from ai.cli.cube_hint import gnubg_id_answer, xgid_answer
from ai.cli.protocol import (
    MAX_QUOTE,
    HintError,
    analyse_json,
    parse_dice,
    parse_line,
    parse_position,
    shorten,
)
from ai.engine import helper_pool
from ai.engine_types import Evaluator
from game.records.xgid import looks_like_xgid

if TYPE_CHECKING:
    from ai.engine_types import Pool

DEFAULT_DEPTH = 2

_DEPTH_HELP = """\
depth N searches N move decisions with the dice in between:
  1  each legal move is scored by the evaluation of the position it leads to
  2  adds the opponent's 21 rolls and best reply to each   (GNU Backgammon 1-ply)
  3  adds our next roll and reply                           (GNU Backgammon 2-ply)
  4  one more roll and reply                                (GNU Backgammon 3-ply)
Depth N is GNU Backgammon's (N-1)-ply. Deeper is stronger and slower."""


BOM = "\ufeff"


def decode_line(raw: bytes) -> str:
    """One input line as text: UTF-8 with any BOM and line ending dropped; raises HintError."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        shown = raw[:MAX_QUOTE]
        more = f"... ({len(raw)} bytes)" if len(raw) > MAX_QUOTE else ""
        raise HintError(
            f"the line is not UTF-8 text ({exc.reason} at byte {exc.start}): {shown!r}{more}"
        ) from None
    return text.lstrip(BOM).rstrip("\r\n")


def is_finite_json(reply: object) -> bool:
    """``reply`` is JSON with no ``NaN`` or ``Infinity`` in it (those are not JSON)."""
    try:
        json.dumps(reply, allow_nan=False)
    except ValueError:
        return False
    return True


class Answerer:
    """Answers protocol lines one at a time: a line in, one JSON-ready dict out."""

    def __init__(
        self,
        depth: int,
        evaluator: Evaluator,
        top: int | None = None,
        pool: Pool | None = None,
        explain: bool = False,
    ) -> None:
        self.depth = depth
        """The search depth of every answer."""
        self.evaluator = evaluator
        """What the search evaluates positions with."""
        self.top = top
        """Keep only the best ``top`` moves (None: all)."""
        self.pool = pool
        """Helper processes the searches use too (None: this process alone)."""
        self.explain = explain
        """Give every move (and cube decision) its ``"facts"`` and ``"why"``."""

    def answer(self, line: str) -> dict[str, Any]:
        """The reply to one request line (``{"error": ...}`` for a line it cannot take)."""
        return _as_json(self._answer(line))[0]

    def answer_line(self, raw: bytes | str) -> tuple[dict[str, Any], str]:
        """The reply to one line as read (:meth:`answer_raw`) and its JSON text, made once."""
        return _as_json(self._answer_raw(raw))

    def _answer(self, line: str) -> dict[str, Any]:
        try:
            if looks_like_xgid(line):  # eXtreme Gammon's XGID: answered as its GNU IDs would be
                return xgid_answer(
                    line.strip(), self.depth, self.evaluator, self.top, self.pool, self.explain
                )
            if ":" in line:  # a GNU Backgammon ID POSITION_ID:MATCH_ID (cube and match play)
                return gnubg_id_answer(
                    line.strip(), self.depth, self.evaluator, self.top, self.pool, self.explain
                )
            code, dice = parse_line(line.strip())
            return analyse_json(
                code, dice, self.depth, self.evaluator, self.top, pool=self.pool, explain=self.explain
            )
        except HintError as exc:
            return {"error": str(exc)}
        except Exception as exc:  # one bad position must not end the session
            return {"error": f"internal error: {type(exc).__name__}: {exc}"}

    def answer_raw(self, raw: bytes | str) -> dict[str, Any]:
        """The reply to one line as read: bytes are decoded on their own (see :func:`decode_line`)."""
        return _as_json(self._answer_raw(raw))[0]

    def answer_bytes(self, raw: bytes) -> dict[str, Any]:
        """The reply to one raw line of bytes, decoded on its own."""
        return self.answer_raw(raw)

    def _answer_raw(self, raw: bytes | str) -> dict[str, Any]:
        if isinstance(raw, str):
            return self._answer(raw.lstrip(BOM).rstrip("\r\n"))
        if isinstance(raw, TooLong):
            return {"error": f"the line is longer than {MAX_LINE_BYTES} bytes; it starts {bytes(raw)!r}"}
        try:
            line = decode_line(raw)
        except HintError as exc:
            return {"error": str(exc)}
        return self._answer(line)


NOT_FINITE = "no finite answer for this position (a value came out infinite or not a number)"


def _as_json(reply: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """``reply`` as sent and its JSON text: an error shortened (never a line echoed back whole), an
    answer holding a value that is not finite (not JSON) turned into an error."""
    if "error" not in reply:
        try:
            return reply, json.dumps(reply, allow_nan=False)
        except ValueError:
            reply = {"error": NOT_FINITE}
    reply["error"] = shorten(str(reply["error"]))
    return reply, json.dumps(reply)


MAX_LINE_BYTES = 1 << 20
"""A request line longer than this is refused without being kept in memory whole."""


class TooLong(bytes):
    """The start of an input line that went on past :data:`MAX_LINE_BYTES` (the rest was skipped)."""


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of ``stream`` as bytes, the last one even without a newline; a line longer
    than ``limit`` comes as :class:`TooLong` holding its start."""
    while raw := stream.readline(limit + 1):
        if len(raw) > limit and not raw.endswith(b"\n"):
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                pass
            yield TooLong(raw[:MAX_QUOTE])
            continue
        yield raw


def serve(
    lines: Iterable[bytes | str],
    out: TextIO,
    depth: int,
    evaluator: Evaluator,
    top: int | None,
    pool: Pool | None = None,
    explain: bool = False,
) -> int:
    """Answer each request line (bytes as read from stdin, or text) with one JSON line; returns the
    number of errors. ``explain``: every move with its ``"facts"`` and ``"why"``."""
    answerer = Answerer(depth, evaluator, top, pool, explain)
    errors = 0
    for raw in lines:
        reply, text = answerer.answer_line(raw)
        errors += "error" in reply
        out.write(text + "\n")
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
        if "facts" in m:
            from ai.cli.explain import facts_line, plain_line

            lines.append(f"       {facts_line(m['facts'])}")
            if m["why"] is not None:
                lines.append(f"       {plain_line(m['why'])}")
    return "\n".join(lines)


def load(choice: str, err: TextIO, weights: str | None = None) -> Evaluator:
    """The evaluator to use; warnings go to ``err`` (never to the protocol's output).

    ``choice`` is ``"hand"`` or ``"auto"``: the network from ``weights`` if given (a
    file that cannot be loaded raises :class:`HintError`), else the shipped network,
    falling back to the hand-made evaluator with a warning when it cannot be loaded."""
    from ai.engine import NetworkError, default_evaluator, hand_evaluator, network_evaluator

    if choice == "hand":
        evaluator, warning = hand_evaluator()
    elif weights is not None:
        try:
            return network_evaluator(Path(weights))
        except NetworkError as exc:
            raise HintError(f"--weights {weights}: {exc}") from None
    else:
        evaluator, warning = default_evaluator()
    if warning:
        print(f"warning: {warning}", file=err, flush=True)
    return evaluator


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``hint`` command's options."""
    ap.description = "Rank the legal moves of a position, for people and for programs."
    ap.epilog = (
        _DEPTH_HELP + "\n\nWithout --position-id, reads 'POSITION_ID D1D2' lines from stdin and answers"
        " each with one JSON line."
    )
    ap.add_argument("--position-id", help="GNU Backgammon Position ID of the side on roll")
    ap.add_argument("--dice", help="the roll, e.g. 31 (needed with --position-id)")
    ap.add_argument(
        "--depth", type=int, default=DEFAULT_DEPTH, choices=range(1, 5), metavar="N",
        help=f"move decisions to search, 1-4 (default {DEFAULT_DEPTH}; depth N = gnubg (N-1)-ply)",
    )  # fmt: skip
    ap.add_argument("--top", type=int, metavar="K", help="show only the best K moves")
    ap.add_argument(
        "--workers", type=int, default=1, metavar="N",
        help="processes a search uses (default 1; 0: one a core); the values agree to float32 rounding",
    )  # fmt: skip
    ap.add_argument("--json", action="store_true", help="with --position-id: print the JSON answer")
    ap.add_argument(
        "--explain", action="store_true",
        help='give every move its "facts" (counted exactly) and "why" (how it differs from the best)',
    )  # fmt: skip
    ap.add_argument(
        "--evaluator", choices=("auto", "hand"), default="auto",
        help="auto: the shipped neural network, or the hand-made one if it is missing; hand: hand-made",
    )  # fmt: skip
    ap.add_argument("--weights", metavar="FILE", help="network weights to use instead of the shipped ones")


def main(argv: list[str] | None = None) -> int:
    """Run the hint tool; returns the exit status."""
    ap = argparse.ArgumentParser(
        prog="python main.py hint", formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_arguments(ap)
    return run(ap.parse_args(argv), ap)


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Run the hint tool with parsed options; returns the exit status (2: bad input)."""
    try:
        return _run(args, ap)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away: nothing left to say
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keep the exit flush quiet
        return 0
    except HintError as exc:
        print(f"hint: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    if args.top is not None and args.top < 1:
        ap.error("--top must be at least 1")
    if args.workers < 0:
        ap.error("--workers must be 0 (one a core) or more")
    if args.weights is not None and args.evaluator == "hand":
        ap.error("--weights and --evaluator hand contradict each other")
    if args.position_id is None:
        if args.dice is not None:
            ap.error("--dice needs --position-id (or give 'POSITION_ID D1D2' lines on stdin)")
        evaluator = load(args.evaluator, sys.stderr, args.weights)
        with helper_pool(args.workers, evaluator) as pool:
            serve(
                read_lines(sys.stdin.buffer), sys.stdout, args.depth, evaluator, args.top, pool, args.explain
            )
        return 0
    if args.dice is None:
        ap.error("--position-id needs --dice, e.g. --dice 31")
    code = parse_position(args.position_id)
    dice = parse_dice(args.dice)
    evaluator = load(args.evaluator, sys.stderr, args.weights)
    with helper_pool(args.workers, evaluator) as pool:
        answer = analyse_json(code, dice, args.depth, evaluator, args.top, pool=pool, explain=args.explain)
    if not is_finite_json(answer):
        raise HintError(NOT_FINITE)
    if args.json:
        print(json.dumps(answer, allow_nan=False))
    else:
        print(format_table(answer, args.position_id.strip(), dice))
    return 0
