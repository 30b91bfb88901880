"""A cube decision costs no more than a move decision at the same depth.

On positions from random self-play (:func:`bench.movegen.game_positions`), each
position is timed twice at each depth 1..3: the cube decision
(:func:`ai.cli.cube_hint.cube_answer`, money, cube centred) and the move decision for
one seeded roll (:func:`ai.search.analyse`). Fresh caches each time, CPU time,
the shipped evaluator (the hand-made one if it cannot load).

Figures: ``cube_dN_ms`` and ``move_dN_ms`` (median milliseconds) and
``cube_over_move_dN`` (their ratio; the target is at most 1).
"""

from __future__ import annotations

import random
import statistics
import time

from ai.cli.cube_hint import cube_answer
from ai.evaluation.load import default_evaluator
from ai.search import analyse
from bench.movegen import game_positions
from game.records.matchid import MatchInfo
from game.rules.cube import CENTRED
from game.rules.position import unpack


def run(quick: bool) -> dict[str, float]:
    evaluator, _ = default_evaluator()
    rng = random.Random(7)
    codes = [c for c in game_positions(12 if quick else 40) if all(any(s) for s in unpack(c))]
    money = MatchInfo(CENTRED, 0, 0, (0, 0))
    out: dict[str, float] = {}
    for depth in (1, 2) if quick else (1, 2, 3):
        cube_t, move_t = [], []
        for code in codes:
            t = time.process_time()
            cube_answer(code, money, depth, evaluator)
            cube_t.append(time.process_time() - t)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            t = time.process_time()
            analyse(code, dice, depth, evaluator)
            move_t.append(time.process_time() - t)
        c, m = statistics.median(cube_t) * 1000, statistics.median(move_t) * 1000
        out[f"cube_d{depth}_ms"], out[f"move_d{depth}_ms"] = c, m
        out[f"cube_over_move_d{depth}"] = c / m if m else 0.0
    return out


if __name__ == "__main__":
    import sys

    from bench.cli import module_main

    sys.exit(module_main("cube", __doc__, run))
