"""What the ``temperature`` and ``evaluate`` commands share: a position before its roll read from
``POSITION_ID[:MATCH_ID]``, the options, and one answer printed as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ai.cli.cube_hint import parse_before_roll
from ai.cli.hint import DEFAULT_DEPTH, is_finite_json, load
from ai.cli.protocol import HintError
from ai.engine_types import CubeContext
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.engine import Engine

T = TypeVar("T")
"""What the command computes."""


def add_arguments(ap: argparse.ArgumentParser, description: str, depth_help: str) -> None:
    """The options: the IDs, ``--depth`` and ``--json``."""
    ap.description = description
    ap.add_argument("ids", metavar="POSITION_ID[:MATCH_ID]", help="the position before its roll")
    ap.add_argument(
        "--depth", type=int, default=DEFAULT_DEPTH, choices=range(1, 5), metavar="N",
        help=f"{depth_help}, 1-4 (default {DEFAULT_DEPTH})",
    )  # fmt: skip
    ap.add_argument("--json", action="store_true", help="print one JSON object")


def run(
    name: str,
    args: argparse.Namespace,
    compute: Callable[[Engine, Position, int, CubeContext | None], T],
    to_json: Callable[[T, str, float], dict[str, Any]],
    to_text: Callable[[T, str, float], str],
) -> int:
    """Compute the answer for ``args.ids`` at ``args.depth`` and print it; the exit status (2: bad
    input, said in one line on standard error)."""
    from ai.engine import Engine

    ids = args.ids.strip()
    try:
        position, context = parse_before_roll(args.ids)
        evaluator = load("auto", sys.stderr)
        t0 = time.perf_counter()
        found = compute(Engine(evaluator), position, args.depth, context)
        seconds = time.perf_counter() - t0
        answer = to_json(found, ids, seconds)
        if not is_finite_json(answer):
            raise HintError("no finite answer for this position (a value came out infinite or not a number)")
    except HintError as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(json.dumps(answer, allow_nan=False) if args.json else to_text(found, ids, seconds))
    return 0
