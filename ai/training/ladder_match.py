"""Two levels play N-point matches with the cube: the match-play rung of the ladder.

    python -m ai.training.ladder_match novice beginner --matches 100 --seed 1 --jobs 2
    python -m ai.training.ladder_match casual intermediate --matches 60 --out c-i.jsonl
    python -m ai.training.ladder_match --report c-i.jsonl more-c-i.jsonl

A player is a level key from :mod:`ai.levels`. Each match is played by
:func:`ai.autoplay.play_match` (the cube, the level's own cube decisions and noise,
moves by cubeful match equity). **Duplicate dice**: matches come in pairs with the
same dice seed, the first player sitting on the left in one and on the right in
the other, so both get the same dice until their plays make the games differ.
The report gives the first player's share of matches won with a 95% interval
computed over pairs (a pair scores 0, 1/2 or 1).
"""

from __future__ import annotations

if __name__ == "__main__":  # one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import functools
import json
import math
import statistics
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from ai.evaluation.evaluator import Evaluator
from ai.levels import LEVELS, level_by_key


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One match of a duplicate pair."""

    first: str
    """The first player's level key."""
    second: str
    """The second player's level key."""
    length: int
    """Match length."""
    seed: int
    """The dice seed the pair shares."""
    first_left: bool
    """The first player sat on the left (player 0)."""
    first_won: bool
    """The first player won the match."""
    score: tuple[int, int]
    """Final score, first player first."""
    games: int
    """Games played."""
    luck_adjusted: float | None = None
    """The first player's result with the dice's luck taken out: match winning chance over
    one half, minus its rolls' luck plus the other's (:meth:`ai.analysis.review.Review.luck_adjusted`)."""


def play_pair_match(
    first: str, second: str, length: int, seed: int, first_left: bool, ev: Evaluator
) -> MatchResult:
    """One match with dice seed ``seed``, the first player on the left if ``first_left``."""
    from ai.autoplay import play_match

    a, b = level_by_key(first), level_by_key(second)
    left, right = (a, b) if first_left else (b, a)
    from ai.analysis.review import review
    from game.records.replay import replay

    record = play_match(length, left, seed, ev, date="2000.01.01", opponent=right)
    last = record.games[-1]
    final = [last.score[0], last.score[1]]
    final[last.winner] += last.points
    mine = 0 if first_left else 1
    luck = review(replay(record), 1, ev, luck_only=True).luck_adjusted(mine)
    return MatchResult(
        first,
        second,
        length,
        seed,
        first_left,
        final[mine] >= length,
        (final[mine], final[1 - mine]),
        len(record.games),
        round(luck, 6),
    )


@functools.cache
def _evaluator() -> Evaluator:
    from ai.evaluation.load import load_evaluator

    return load_evaluator(None).evaluator


def _play_in_worker(args: tuple[str, str, int, int, bool]) -> MatchResult:
    return play_pair_match(*args, _evaluator())


def schedule(
    first: str, second: str, length: int, seed: int, matches: int
) -> list[tuple[str, str, int, int, bool]]:
    """The matches to play: pairs share the dice seed ``seed + pair``, the first player left, then right."""
    return [(first, second, length, seed + i // 2, i % 2 == 0) for i in range(matches)]


@dataclass(frozen=True, slots=True)
class Summary:
    """The first player's match wins."""

    matches: int
    """Matches played."""
    wins: int
    """Matches the first player won."""
    share: float
    """Share won."""
    ci: float
    """Half-width of the 95% interval, over duplicate pairs."""
    adjusted: float | None = None
    """The share with luck taken out (one half plus the mean luck-adjusted result), when every
    match has one."""
    adjusted_ci: float | None = None
    """Its 95% half-width, over duplicate pairs."""


def summarise(results: Sequence[MatchResult]) -> Summary:
    """Wins and the 95% interval of the share, the pairs (same seed) as the units."""
    pairs: dict[tuple[int, int], list[float]] = {}
    for r in results:
        pairs.setdefault((r.length, r.seed), []).append(1.0 if r.first_won else 0.0)
    means = [statistics.fmean(v) for v in pairs.values()]
    wins = sum(r.first_won for r in results)
    share = wins / len(results) if results else math.nan
    ci = _ci(means)
    lucky = [r.luck_adjusted for r in results]
    if not results or any(x is None for x in lucky):
        return Summary(len(results), wins, share, ci)
    adj: dict[tuple[int, int], list[float]] = {}
    for r in results:
        assert r.luck_adjusted is not None
        adj.setdefault((r.length, r.seed), []).append(r.luck_adjusted)
    adj_means = [statistics.fmean(v) for v in adj.values()]
    return Summary(len(results), wins, share, ci, 0.5 + statistics.fmean(adj_means), _ci(adj_means))


def _ci(means: Sequence[float]) -> float:
    """Half-width of the 95% interval of the mean of ``means``."""
    return 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else math.inf


def summary_line(first: str, second: str, length: int, s: Summary) -> str:
    """One line for the report."""
    line = (
        f"{first} v {second}, {length}-point matches with the cube: {first} wins {s.wins} of {s.matches} "
        f"({100 * s.share:.1f}% +- {100 * s.ci:.1f})"
    )
    if s.adjusted is not None and s.adjusted_ci is not None:
        line += f"; luck-adjusted {100 * s.adjusted:.1f}% +- {100 * s.adjusted_ci:.1f}"
    return line


def read_results(paths: Sequence[Path]) -> list[MatchResult]:
    """Matches saved by ``--out``."""
    out = []
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                d["score"] = tuple(d["score"])
                out.append(MatchResult(**d))
    return out


def _matches(args: argparse.Namespace) -> Iterator[MatchResult]:
    work = schedule(args.first, args.second, args.length, args.seed, args.matches)
    if args.jobs == 1:
        for w in work:
            yield _play_in_worker(w)
        return
    with ProcessPoolExecutor(args.jobs) as pool:
        yield from pool.map(_play_in_worker, work, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    """Command line; returns an exit status."""
    keys = [lv.key for lv in LEVELS]
    ap = argparse.ArgumentParser(
        prog="python -m ai.training.ladder_match", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("first", nargs="?", choices=keys)
    ap.add_argument("second", nargs="?", choices=keys)
    ap.add_argument("--matches", type=int, default=20, help="matches to play (even: whole duplicate pairs)")
    ap.add_argument("--length", type=int, default=5, help="match length (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--out", type=Path, help="append each match to this JSON-lines file")
    ap.add_argument("--report", type=Path, nargs="+", help="summarise saved files instead of playing")
    args = ap.parse_args(argv)
    if args.report:
        groups: dict[tuple[str, str, int], list[MatchResult]] = {}
        for r in read_results(args.report):
            groups.setdefault((r.first, r.second, r.length), []).append(r)
        for (a, b, n), rs in groups.items():
            print(summary_line(a, b, n, summarise(rs)))
        return 0
    if args.first is None or args.second is None:
        ap.error("give two levels, or --report FILES")
    if args.matches < 1 or args.jobs < 1 or not 1 <= args.length <= 25:
        ap.error("--matches and --jobs must be at least 1, --length 1..25")
    done: list[MatchResult] = []
    for r in _matches(args):
        done.append(r)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(asdict(r)) + "\n")
        won = summarise(done).wins
        sys.stderr.write(f"\r{len(done)}/{args.matches} matches, {args.first} {won}   ")
    sys.stderr.write("\n")
    print(summary_line(args.first, args.second, args.length, summarise(done)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
