"""Two depths compared by rolling out the positions where their choices differ.

    python -m bench.rollouts --set set.jsonl --depths 3 4 --games 2000 --keep runs/

:mod:`bench.strength` scores each choice with the labels stored in the set, which
come from a search of a fixed shape (gnubg's 2-ply): a deeper search of another
shape can be right where the label is not, and the label cannot tell. A rollout
can: every position where the two depths pick different moves is played out to
the end from both resulting positions, ``--games`` times each, by a third player
that is neither depth (GNU Backgammon at 0-ply by default, as a measuring tool
only; ``--player self`` uses our depth-1 search instead). Both positions of a
pair are played with the same dice, game for game, so most of the luck cancels
in their difference. Cubeless money points; a gammon counts 2, a backgammon 3.

The result is the deeper search's gain per position of the whole set (positions
where the depths agree count zero) with a 95% interval over positions, and on
how many of the differing positions its move rolled out better or worse.
Each depth's choices are kept in ``DIR/<set name>-d<depth>.choices`` with
``--keep`` and reused, so a depth-4 pass is paid for once.

``--chooser gnubg`` compares GNU Backgammon's own choices at the two depths
instead (:func:`gnubg_chooser`: the same root filters, its net and its plies one
fewer than our depth), under the same judge: what a depth step gains with a
mature net, as a yardstick for ours.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.cli.protocol import parse_position
from ai.filters import DEFAULT_FILTERS
from ai.levels import MAX_DEPTH
from bench.strength import Labelled, SetError, per_position, pick, read_set
from game.rules.movegen import results
from game.rules.outcome import win_kind
from game.rules.position import from_position_id, pack, position_id, swap, unpack

Player = Callable[[int, tuple[int, int]], int]
"""Plays a roll: (position with the mover on roll, dice) -> the position after the move,
still seen from the mover (not swapped); the position unchanged when no move is legal."""


class RolloutError(RuntimeError):
    """A rollout player that cannot be set up (for example gnubg not installed)."""


def play_out(after: int, player: Player, rng: random.Random) -> int:
    """Points won by the side that just moved into ``after`` (seen from that side), playing
    both sides with ``player`` and dice from ``rng`` until someone has borne off all."""
    sign = 1
    while True:
        kind = win_kind(after)
        if kind is not None:
            return sign * kind.value
        sign = -sign
        after = player(swap(after), (rng.randint(1, 6), rng.randint(1, 6)))


def paired_rollout(a: int, b: int, player: Player, games: int, seed: str) -> float:
    """Mean points of ``b`` minus those of ``a`` (both positions after a move of the same
    side), each game of ``b`` played with the same dice as the same game of ``a``."""
    total = 0
    for g in range(games):
        total += play_out(b, player, random.Random(f"{seed}:{g}"))
        total -= play_out(a, player, random.Random(f"{seed}:{g}"))
    return total / games


def _gnubg() -> Any:
    try:
        return importlib.import_module("gnubg")  # a measuring tool, never a dependency
    except ImportError:
        raise RolloutError("measuring with gnubg needs its Python bindings: pip install gnubg") from None


def gnubg_value(plies: int) -> Callable[[int], float]:
    """GNU Backgammon's cubeless equity at ``plies`` of a position after a move, for the side
    that moved (exact when that side has borne off everything); a measuring tool only."""
    gnubg = _gnubg()
    context = gnubg.evalcontext(0, plies, 1, 1, 0.0)
    cube = gnubg.cubeinfo()

    def value(after: int) -> float:
        kind = win_kind(after)
        if kind is not None:
            return float(kind.value)
        mine, theirs = unpack(after)  # gnubg's board: (side not on roll, side on roll)
        return -float(gnubg.evaluate((list(mine), list(theirs)), cube, context)[5])

    return value


Chooser = Callable[[int, tuple[int, int], int], int | None]
"""Chooses a move at a depth: (position with the mover on roll, dice, depth) -> the position
after the move (mover's view), None when no move is legal."""


def gnubg_chooser(root: Sequence[tuple[int, float]] = DEFAULT_FILTERS.root) -> Chooser:
    """GNU Backgammon choosing a move at one of our depths (its plies are one fewer: our
    depth 3 is its 2-ply), through the same root filters as our search: every legal result
    ranked at 0-ply, then at each further depth the best ``keep`` within ``margin`` of the
    best searched one ply deeper. A measuring tool only: it shows what a depth step gains
    with a mature net."""
    values = [gnubg_value(plies) for plies in range(MAX_DEPTH)]

    def choose(code: int, dice: tuple[int, int], depth: int) -> int | None:
        legal = results(code, dice[0], dice[1])
        if legal == [code]:
            return None
        eqs = [values[0](r) for r in legal]
        order = sorted(range(len(legal)), key=lambda i: -eqs[i])
        for level in range(2, depth + 1):
            keep, margin = root[level - 2]
            best = eqs[order[0]]
            deeper = [i for i in order[:keep] if eqs[i] >= best - margin - 1e-12]
            for i in deeper:
                eqs[i] = values[level - 1](legal[i])
            rest = [i for i in order if i not in deeper]
            order = sorted(deeper, key=lambda i: -eqs[i]) + rest
        return legal[order[0]]

    return choose


def gnubg_player(plies: int = 0) -> Player:
    """GNU Backgammon's choice at ``plies`` (cubeless, money); a measuring tool only."""
    gnubg = _gnubg()
    context = gnubg.evalcontext(0, plies, 1, 1, 0.0)
    cube = gnubg.cubeinfo()
    value = gnubg_value(plies)

    def play(code: int, dice: tuple[int, int]) -> int:
        mine, theirs = unpack(code)
        me, opp = list(mine), list(theirs)
        # the bindings end the move at its first bear-off (they read "off" as the end of
        # the list), so a move that bears off may come back cut short
        steps = tuple(gnubg.findbestmove((opp, me), cube, context, dice))
        if len(steps) % 2:
            steps += (0,)
        for k in range(0, len(steps), 2):
            src, dst = steps[k], steps[k + 1]
            me[src - 1] -= 1
            if dst > 0:
                me[dst - 1] += 1
                if opp[24 - dst] == 1:
                    opp[24 - dst] = 0
                    opp[24] += 1
        legal = results(code, dice[0], dice[1])
        after = pack(me, opp)
        if after in legal:
            return after
        return max(legal, key=value)  # cut short: gnubg's choice among the legal results

    return play


def engine_player(depth: int = 1, weights: str | None = None) -> Player:
    """Our own search at ``depth`` (the shipped net unless ``weights``)."""
    from ai.cli.hint import load
    from ai.search import analyse

    evaluator = load("auto", sys.stderr, weights)

    def play(code: int, dice: tuple[int, int]) -> int:
        ranked = analyse(code, dice, depth, evaluator)
        return ranked[0].code if ranked else code

    return play


def choices_for_depth(
    rows: Sequence[Labelled],
    depth: int,
    weights: str | None,
    keep: Path | None,
    quiet: bool,
    chooser: str = "engine",
) -> list[str]:
    """Each position's chosen Position ID after the move ("-" with no legal move), continuing
    the file ``keep`` if given. ``chooser`` is "engine" (our search) or "gnubg"
    (:func:`gnubg_chooser`)."""
    from ai.cli.hint import load
    from ai.evaluation.evaluator import Evaluator

    @functools.cache
    def evaluator() -> Evaluator:  # loaded only if a choice is not kept yet
        return load("auto", sys.stderr, weights)

    @functools.cache
    def gnubg() -> Chooser:
        return gnubg_chooser()

    def choose(i: int) -> str:
        if chooser == "engine":
            return pick(rows[i], depth, evaluator()) or "-"
        after = gnubg()(parse_position(rows[i].position_id), rows[i].dice, depth)
        return "-" if after is None else position_id(swap(after))

    label = f"depth {depth}" if chooser == "engine" else f"gnubg at depth {depth}"
    return per_position(len(rows), choose, keep, label, quiet)


@dataclass(frozen=True, slots=True)
class Comparison:
    """What the rollouts say of the deeper search's choices against the shallower one's."""

    positions: int
    """Positions compared (the whole set)."""
    differing: int
    """Positions where the two depths chose different moves (the only ones rolled out)."""
    gain: float
    """The deeper search's rolled-out gain, in points, per position of the whole set."""
    interval: float
    """Half-width of the 95% interval of ``gain`` over positions (it includes the rollouts' own noise)."""
    better: int
    """Differing positions where the deeper search's move rolled out better."""
    worse: int
    """Differing positions where it rolled out worse."""


def compare(
    shallow: Sequence[str],
    deep: Sequence[str],
    player: Player,
    games: int,
    seed: int = 7,
    progress: Callable[[int, int], None] | None = None,
) -> Comparison:
    """Roll out every position where the two lists of choices differ; see the module docstring."""
    if len(shallow) != len(deep) or len(shallow) < 2:
        raise ValueError("compare needs two equally long lists of at least two choices")
    todo = [i for i, (a, b) in enumerate(zip(shallow, deep, strict=True)) if a != b and "-" not in (a, b)]
    gains = [0.0] * len(shallow)
    for n, i in enumerate(todo):
        a, b = (swap(from_position_id(pid)) for pid in (shallow[i], deep[i]))
        gains[i] = paired_rollout(a, b, player, games, f"{seed}:{i}")
        if progress is not None:
            progress(n + 1, len(todo))
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    return Comparison(
        len(gains),
        len(todo),
        statistics.fmean(gains),
        half,
        sum(1 for i in todo if gains[i] > 0),
        sum(1 for i in todo if gains[i] < 0),
    )


def main(argv: list[str] | None = None) -> int:
    """Run the comparison from the command line; returns an exit status."""
    ap = argparse.ArgumentParser(prog="python -m bench.rollouts", description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", type=Path, required=True, help="positions (bgjudge make-set output)")
    ap.add_argument("--depths", type=int, nargs=2, default=[3, 4], choices=range(1, 5), metavar="D")
    ap.add_argument("--games", type=int, default=1000, help="games per rollout (default 1000)")
    ap.add_argument("--count", type=int, help="only the first COUNT positions of the set")
    ap.add_argument("--player", choices=("gnubg", "self"), default="gnubg", help="who plays the rollouts")
    ap.add_argument(
        "--chooser",
        choices=("engine", "gnubg"),
        default="engine",
        help="whose choices at the two depths are compared: our search (default), or gnubg's "
        "through the same root filters (its plies one fewer), to see what a depth step gains "
        "with a mature net",
    )
    ap.add_argument("--seed", type=int, default=7, help="seed of the rollouts' dice")
    ap.add_argument("--keep", type=Path, help="folder to keep (and reuse) each depth's choices in")
    ap.add_argument("--weights", help="weights file (default: the shipped net)")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    try:
        rows = read_set(args.set)[: args.count]
        player = gnubg_player() if args.player == "gnubg" else engine_player(1, args.weights)
        if args.chooser == "gnubg":
            _gnubg()  # fail here, with the message, if gnubg is missing
    except (SetError, RolloutError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    lo, hi = sorted(args.depths)
    picks = {}
    for depth in (lo, hi):
        keep = None
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            who = "" if args.chooser == "engine" else "-gnubg"
            keep = args.keep / f"{args.set.stem}{who}-d{depth}.choices"
        picks[depth] = choices_for_depth(rows, depth, args.weights, keep, args.quiet, args.chooser)

    def progress(done: int, total: int) -> None:
        if not args.quiet:
            sys.stderr.write(f"\rrollouts: {done}/{total} positions")
            sys.stderr.flush()

    c = compare(picks[lo], picks[hi], player, args.games, args.seed, progress)
    whose = "our" if args.chooser == "engine" else "gnubg's"
    if not args.quiet:
        sys.stderr.write("\n")
    print(
        f"{c.positions} positions of {args.set.name}; {whose} depths {lo} and {hi} differ on {c.differing}, "
        f"each rolled out {args.games} times by {args.player}"
    )
    print(
        f"  depth {hi} over depth {lo}: gains {c.gain:+.5f} ± {c.interval:.5f} points a position (95%); "
        f"better on {c.better}, worse on {c.worse}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
