"""Search speed: seconds per decision at depths 1-4, the naive speed-up, the filters' cost.

Positions come from real games: the hand-made evaluator plays itself at depth 1
with a little seeded noise (so the games vary), and every third decision is
kept with the roll that was played. Each figure is the median (and worst) time
of one :func:`ai.search.analyse` call with a fresh cache, with the evaluator
the game ships (:func:`ai.evaluation.load.load_evaluator`; the hand-made one if that is
missing). ``depthN_median_s`` is CPU time of this process (the search is single
threaded, so this is its time on one core even when other work shares the
machine); ``depthN_median_wall_s`` is the wall-clock time of the same calls.

* ``naive_speedup_depth2``: time of the textbook recursion
  (``tests/naive_reference.py``, full width) over time of the fast search with
  the default filters, on the same positions and evaluator (the hand-made one:
  the reference evaluates one position per call).
* ``naive_speedup_depth2_full_width``: the same with the fast search's filters off.
* ``filter_equity_cost_depth2``: mean equity lost by the default filters at
  depth 2: the full-width depth-2 value of the full-width best move minus that of
  the move the filtered search picks. ``filter_equity_cost_depth3_root`` does the
  same for the root filter at depth 3, and ``filter_equity_cost_depth3`` (not in
  quick mode: full width at depth 3 is slow) for all filters at depth 3, on every
  eighth position.
"""

from __future__ import annotations

import statistics
import sys
import time

from ai.evaluation.evaluator import Evaluator
from ai.evaluation.hand import HandEvaluator
from ai.filters import DEFAULT_FILTERS, Filters
from ai.search import FULL_WIDTH, analyse
from game.rules.dice import Dice
from game.rules.position import SIDE_MASK, START_CODE, swap

Positions = list[tuple[int, tuple[int, int]]]


def game_positions(count: int, seed: int = 2024) -> list[tuple[int, tuple[int, int]]]:
    """Decisions from hand-evaluator self-play: (position code, roll), every third one."""
    hand = HandEvaluator()
    found: list[tuple[int, tuple[int, int]]] = []
    game = 0
    while len(found) < count:
        dice = Dice(f"bench-{seed}-{game}")
        code = START_CODE
        ply = 0
        while len(found) < count:
            roll = dice.roll()
            if ply % 3 == 1:
                found.append((code, roll))
            best = analyse(code, roll, 1, hand, noise=0.05, seed=ply)[0].code
            if not best & SIDE_MASK:
                break
            code = swap(best)
            ply += 1
        game += 1
    return found


def _evaluator() -> tuple[Evaluator, str]:
    try:
        from ai.evaluation.load import load_evaluator

        loaded = load_evaluator()
        return loaded.evaluator, loaded.evaluator.name
    except ImportError:
        return HandEvaluator(), HandEvaluator.name


def _times(
    positions: Positions, depth: int, ev: Evaluator, filters: Filters = DEFAULT_FILTERS
) -> tuple[list[float], list[float]]:
    """CPU and wall-clock seconds of each decision."""
    cpu, wall = [], []
    for code, roll in positions:
        t, w = time.process_time(), time.perf_counter()
        analyse(code, roll, depth, ev, filters=filters)
        cpu.append(time.process_time() - t)
        wall.append(time.perf_counter() - w)
    return cpu, wall


def _filter_cost(positions: Positions, depth: int, ev: Evaluator, exact: Filters) -> float:
    lost = []
    for code, roll in positions:
        full = analyse(code, roll, depth, ev, filters=exact)
        value = {c.code: c.equity for c in full}
        pick = analyse(code, roll, depth, ev)[0].code
        lost.append(full[0].equity - value[pick])
    return statistics.mean(lost)


def run(quick: bool) -> dict[str, float]:
    """Measure; ``quick`` uses fewer positions and skips depth 4."""
    ev, name = _evaluator()
    counts = {1: 30, 2: 30, 3: 10, 4: 0} if quick else {1: 100, 2: 100, 3: 40, 4: 12}
    positions = game_positions(max(counts.values()))
    figures: dict[str, float] = {}
    for depth, n in counts.items():
        if not n:
            continue
        cpu, wall = _times(positions[:n], depth, ev)
        figures[f"depth{depth}_median_s"] = statistics.median(cpu)
        figures[f"depth{depth}_worst_s"] = max(cpu)
        figures[f"depth{depth}_median_wall_s"] = statistics.median(wall)
        figures[f"depth{depth}_worst_wall_s"] = max(wall)
        figures[f"depth{depth}_positions"] = float(n)

    from tests.naive_reference import naive_analyse

    hand = HandEvaluator()
    few = positions[: 2 if quick else 5]
    t = time.process_time()
    for code, roll in few:
        naive_analyse(code, roll, 2, hand)
    naive = time.process_time() - t
    fast = sum(_times(few, 2, hand)[0])
    full = sum(_times(few, 2, hand, FULL_WIDTH)[0])
    figures["naive_speedup_depth2"] = naive / fast
    figures["naive_speedup_depth2_full_width"] = naive / full

    cost_positions = positions[: 20 if quick else 100]
    figures["filter_equity_cost_depth2"] = _filter_cost(cost_positions, 2, ev, FULL_WIDTH)
    root_only = Filters(root=FULL_WIDTH.root, inner=DEFAULT_FILTERS.inner)
    figures["filter_equity_cost_depth3_root"] = _filter_cost(
        positions[: 5 if quick else 20], 3, ev, root_only
    )
    if not quick:
        figures["filter_equity_cost_depth3"] = _filter_cost(positions[:48:8], 3, ev, FULL_WIDTH)
        figures["filter_equity_cost_depth3_positions"] = 6.0
    print(f"# search bench evaluator: {name}", file=sys.stderr, flush=True)
    return figures


if __name__ == "__main__":
    from bench.cli import module_main

    sys.exit(module_main("search", __doc__, run))
