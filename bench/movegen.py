"""Legal-move generation speed: :func:`game.rules.movegen.results` on positions from real games.

The positions come from random self-play (each side picks a uniformly random legal
move; seeded, so every run measures the same positions). Each position is asked
for all 21 distinct rolls, on one core. Times are the process's CPU time, so other
work on a shared machine slows the figures less than it would wall-clock time.

Figures:

* ``movegen_rolls_per_s``: position-rolls generated per second, every roll counted once;
* ``movegen_rolls_per_s_weighted``: the same with each roll weighted by its probability
  (doubles 1/36, others 2/36), i.e. the rate for rolls as the dice deal them;
* ``movegen_worst_ms``: 1-1 in a position built to have more than 2,000 legal moves
  (``movegen_worst_moves`` is its count), the fastest of several timings;
* ``movegen_worst_legal_moves_ms``: the same roll through :func:`game.rules.move.legal_moves`,
  which also finds each move's steps and builds the :class:`~game.rules.move.Move` values (what
  the board UI asks for once a turn);
* ``all_rolls_rolls_per_s``: position-rolls a second from :func:`ai.all_rolls.all_rolls`, every
  roll of 256 positions at a time as boards (the search's deep levels), and
  ``all_rolls_speedup``: that over the rules' generator's rate with the boards made from its
  codes (:func:`ai.evaluation.evaluator.boards`), the work it replaces.

Targets (issue 2): at least 20,000 rolls per second, the worst case under 20 ms.
"""

from __future__ import annotations

import random
import sys
import time

from ai.all_rolls import all_rolls
from ai.evaluation.batching import BLOCK
from ai.evaluation.evaluator import boards
from game.rules.dice import ROLLS
from game.rules.move import legal_moves
from game.rules.movegen import results
from game.rules.position import START_CODE, Position, pack, swap

SEED = 20240601
PASSES = 3
"""Each roll is timed over all positions this many times and the fastest pass kept: on a
shared machine the slower passes measure the neighbours, not the code."""


def game_positions(count: int, seed: int = SEED) -> list[int]:
    """``count`` positions (side on roll) from random self-play games, in order of play."""
    rng = random.Random(seed)
    out: list[int] = []
    code = START_CODE
    while len(out) < count:
        out.append(code)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        after = rng.choice(results(code, d1, d2))
        # a finished game starts a new one
        code = START_CODE if not after & ((1 << 200) - 1) else swap(after)
    return out


def worst_case_code() -> int:
    """Fifteen single checkers in pairs, an opposing blot in every gap: 2,226 moves for 1-1."""
    mine = [0] * 25
    theirs = [0] * 25
    for p in (3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 23, 24):
        mine[p - 1] = 1
    for p in (4, 7, 10, 13, 16, 19, 22):  # the mover's point p is the opponent's 25 - p
        theirs[24 - p] = 1
    theirs[24] = 15 - 7  # the rest on the bar
    return pack(mine, theirs)


def run(quick: bool) -> dict[str, float]:
    """Measure; ``quick`` uses fewer positions and repetitions (a smoke run)."""
    positions = game_positions(300 if quick else 3000)
    clock = time.process_time  # CPU time of this process: one core, whatever else runs
    per_roll: dict[tuple[int, int], float] = {}
    for _ in range(1 if quick else PASSES):
        for d1, d2, _ in ROLLS:
            t = clock()
            for code in positions:
                results(code, d1, d2)
            spent = clock() - t
            per_roll[(d1, d2)] = min(spent, per_roll.get((d1, d2), spent))
    total = sum(per_roll.values())
    n = len(positions)
    mean_weighted = sum(p * per_roll[(d1, d2)] / n for d1, d2, p in ROLLS)

    worst = worst_case_code()
    moves = len(results(worst, 1, 1))
    times = []
    for _ in range(3 if quick else 11):
        t = clock()
        results(worst, 1, 1)
        times.append(clock() - t)
    slow = []
    for _ in range(3 if quick else 7):
        t = clock()
        legal_moves(Position(worst), (1, 1))
        slow.append(clock() - t)
    batch = boards_spent = float("inf")
    blocks = [positions[at : at + BLOCK] for at in range(0, n, BLOCK)]
    for _ in range(1 if quick else PASSES):
        t = clock()
        for block in blocks:
            all_rolls(block)
        batch = min(batch, clock() - t)
        t = clock()
        for code in positions:
            boards([r for d1, d2, _ in ROLLS for r in results(code, d1, d2)])
        boards_spent = min(boards_spent, clock() - t)
    return {
        "movegen_rolls_per_s": n * len(ROLLS) / total,
        "movegen_rolls_per_s_weighted": 1.0 / mean_weighted,
        "movegen_worst_ms": 1000.0 * min(times),
        "movegen_worst_moves": float(moves),
        "movegen_worst_legal_moves_ms": 1000.0 * min(slow),
        "all_rolls_rolls_per_s": n * len(ROLLS) / batch,
        "all_rolls_speedup": boards_spent / batch,
    }


if __name__ == "__main__":
    from bench.cli import module_main

    sys.exit(module_main("movegen", __doc__, run))
