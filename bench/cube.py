"""The decisions of a match at each depth: the move, the cubeful move, the cube question.

On positions from games (:func:`bench.search.game_positions`: the hand-made evaluator
playing itself, a roll each), at each depth 1..4 (1..3 with ``--quick``), three decisions
of one process with fresh caches, the shipped evaluator (the hand-made one if it cannot
load), CPU time:

* ``move_dN_ms``: the cubeless (money) move decision for the position's roll;
* ``match_move_dN_ms`` (median) and ``match_move_dN_max_ms`` (worst): the same roll ranked as
  the game does in a match, by cubeful equity at the score (5-point match, 1-2, cube centred,
  the opponent's replies by its own cubeful equity);
* ``cube_dN_ms``: the cube question before the roll at that score
  (:func:`ai.cli.cube_hint.cube_answer`), and ``cube_over_move_dN``, its median over the
  match move's (the target is at most 1: a cube question never costs more than the move).

The targets of issue 34 for depth 4: the match move in a median of 500 ms or less, and no
decision over 3 s.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from ai.cli.cube_hint import cube_answer
from ai.cube.model import context_from_match
from ai.engine import Engine
from ai.evaluation.load import default_evaluator
from bench.search import game_positions
from game.records.matchid import MatchInfo
from game.rules.cube import CENTRED
from game.rules.position import Position

MATCH = MatchInfo(CENTRED, 5, 0, (1, 2))
"""The score the match figures are taken at: 5-point match, the player on roll 1, the other 2."""

CONTEXT = context_from_match(MATCH)
"""The same score as the player on roll's cube context: 4-away against 3-away."""

COUNTS = {1: 40, 2: 40, 3: 30, 4: 12}
"""Positions timed at each depth."""


def _cpu_ms(work: Callable[[], object]) -> float:
    t = time.process_time()
    work()
    return (time.process_time() - t) * 1000


def run(quick: bool) -> dict[str, float]:
    evaluator, _ = default_evaluator()
    engine = Engine(evaluator)
    positions = game_positions(max(COUNTS.values()))
    out: dict[str, float] = {}
    for depth in (1, 2, 3) if quick else (1, 2, 3, 4):
        moves, match_moves, cubes = [], [], []
        for code, dice in positions[: COUNTS[depth] // (3 if quick else 1)]:
            pos = Position(code)
            moves.append(_cpu_ms(lambda: engine.rank_moves(pos, dice, depth)))  # noqa: B023
            match_moves.append(_cpu_ms(lambda: engine.rank_moves(pos, dice, depth, context=CONTEXT)))  # noqa: B023
            cubes.append(_cpu_ms(lambda: cube_answer(code, MATCH, depth, evaluator)))  # noqa: B023
        m, mm, c = statistics.median(moves), statistics.median(match_moves), statistics.median(cubes)
        out[f"move_d{depth}_ms"] = m
        out[f"match_move_d{depth}_ms"] = mm
        out[f"match_move_d{depth}_max_ms"] = max(match_moves)
        out[f"cube_d{depth}_ms"] = c
        out[f"cube_over_move_d{depth}"] = c / mm if mm else 0.0
    return out


if __name__ == "__main__":
    import sys

    from bench.cli import module_main

    sys.exit(module_main("cube", __doc__, run))
