"""The hint protocol's shared parts: reading a request, refusing one, the moves answer.

``POSITION_ID D1D2`` lines (:mod:`ai.cli.hint`) and ``POSITION_ID:MATCH_ID`` lines
(:mod:`ai.cli.cube_hint`) are read with these, and answered with ranked moves by
:func:`analyse_json` (the JSON object :mod:`ai.cli.hint` describes).
"""

from __future__ import annotations

import base64
import re
import time
from typing import TYPE_CHECKING, Any

import numpy as np

from ai.engine_types import Evaluator, boards
from game.rules.position import (
    ID_LENGTH,
    Position,
    PositionError,
    from_position_id,
    position_id,
    swap,
    unpack,
)

if TYPE_CHECKING:
    from ai.engine_types import CubeContext, Pool

MAX_QUOTE = 100
"""An error reply quotes at most this many characters of the line it refuses."""


def quote(text: str, limit: int = MAX_QUOTE) -> str:
    """``text`` for an error message: its repr, cut to about ``limit`` characters."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def shorten(message: str, limit: int = 3 * MAX_QUOTE) -> str:
    """An error message cut to about ``limit`` characters (it may quote the input)."""
    if len(message) <= limit:
        return message
    return f"{message[:limit]}... ({len(message)} characters in all)"


class HintError(ValueError):
    """Input the hint tool cannot take (bad Position ID, bad dice, game over)."""


def parse_dice(text: str) -> tuple[int, int]:
    """Read a roll written ``31``, ``3-1``, ``3,1`` or ``3 1``."""
    digits = re.fullmatch(r"\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*", text)
    if not digits:
        raise HintError(f"dice must be two digits 1-6 like 31 or 3-1, got {quote(text)}")
    return int(digits.group(1)), int(digits.group(2))


def parse_line(line: str) -> tuple[int, tuple[int, int]]:
    """A request line ``POSITION_ID D1D2`` as (position code, dice)."""
    parts = line.split(None, 1)
    if len(parts) != 2:
        raise HintError(f"expected a line 'POSITION_ID D1D2', e.g. '4HPwATDgc/ABMA 31', got {quote(line)}")
    return parse_position(parts[0]), parse_dice(parts[1])


def parse_position(pid: str) -> int:
    """Decode a Position ID, refusing finished games."""
    if len(pid) > MAX_QUOTE:  # no Position ID is this long; do not echo it back whole
        raise HintError(f"not a Position ID (14 characters): {quote(pid)}")
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
    context: CubeContext | None = None,
    pool: Pool | None = None,
    explain: bool = False,
) -> dict[str, Any]:
    """The protocol's answer for one position and roll (a JSON-ready dict), as the engine ranks it
    (by cubeful equity at ``context``'s cube and score when given, else cubeless), searching
    in ``pool``'s helper processes too when one is given; ``explain``: each move with its
    ``"facts"`` and ``"why"`` (:mod:`ai.cli.explain`)."""
    from ai.engine import Engine

    t0 = time.perf_counter()
    ranked = Engine(evaluator, pool).rank_moves(Position(code), dice, depth, context=context)
    if top is not None:
        ranked = ranked[:top]
    # equity and the five chances of every move, rounded at once (one numpy call, not six a move)
    values = np.round(np.array([(r.equity, *r.probs) for r in ranked], dtype=np.float64), 5).tolist()
    ids = turned_ids([r.move.after.code for r in ranked])
    rows = [
        {
            "move": r.move.notation(),
            "position_id": pid,
            "equity": v[0],
            "probs": v[1:],
            "depth": int(r.depth),
        }
        for r, v, pid in zip(ranked, values, ids, strict=True)
    ]
    if explain:
        from ai.cli.explain import explained_moves, move_facts

        facts = [move_facts(r.move, v[1:], v[0]) for r, v in zip(ranked, values, strict=True)]
        for row, (fact, why) in zip(rows, explained_moves(facts), strict=True):
            row["facts"] = fact
            row["why"] = why
    return {"moves": rows, "depth": depth, "seconds": round(time.perf_counter() - t0, 4)}


_KEY_BITS = np.arange(80)
"""The bit positions of a Position ID's 80-bit key."""


def turned_ids(codes: list[int]) -> list[str]:
    """``position_id(swap(code))`` of each code (the ID with the other side on roll), all at once.

    The key lists each slot as that many 1-bits and a 0-bit, least significant bit first, the
    side not on roll first: for the turned board that is the code's own slots in order, so the
    0-bits fall at the running sums of (count + 1). Ten key bytes a board, padded to twelve so
    that the boards' base64 texts (16 characters each, the ID their first 14) can be made in one call.
    """
    if not codes:
        return []
    ends = np.cumsum(boards(codes), axis=1, dtype=np.int64) + np.arange(1, 51)
    if int(ends[:, -1].max()) > len(_KEY_BITS):  # over 30 checkers in all: no legal board
        return [position_id(swap(c)) for c in codes]
    bits = ends[:, -1:] > _KEY_BITS
    bits[np.arange(len(codes))[:, None], ends - 1] = False
    key = np.zeros((len(codes), 12), dtype=np.uint8)
    key[:, :10] = np.packbits(bits, axis=1, bitorder="little")
    text = base64.b64encode(key.tobytes()).decode("ascii")
    return [text[at : at + ID_LENGTH] for at in range(0, len(text), 16)]
