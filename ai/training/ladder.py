"""Play two difficulty levels against each other: the evidence that each level beats the one below.

    python -m ai.training.ladder casual intermediate --games 400 --seed 1 --jobs 2
    python -m ai.training.ladder 3 4 --games 200 --out d3-d4.jsonl
    python -m ai.training.ladder --report d3-d4.jsonl more-d3-d4.jsonl   # pool saved runs
    python -m ai.training.ladder 2 2 --weights new.npz --second-weights assets/weights/net.npz  # two nets

A player is a level key from :mod:`ai.levels` (``novice`` .. ``expert``), a depth
(``1``..``4``) or ``depth:noise`` (``1:0.12``). Games are cubeless money games
scored 1, 2 or 3 points. The report gives points per game for the first player
with a 95% confidence interval, raw and luck-adjusted.

Two standard tricks make a few hundred games say something:

* **Duplicate dice.** Games come in pairs that use the same stream of dice; the
  first player starts one game of the pair and the second the other, so a lucky
  opening roll is had by both. The confidence interval is computed over pairs.
* **Luck adjustment** (a control variate, as GNU Backgammon's "luck adjusted
  result"). The luck of a roll is how much better the roller's best depth-1
  equity is with the roll it got than on average over all 21 rolls (the
  opening roll: over the 15 non-doubles). Each term has expectation zero
  whatever the position, so subtracting the first player's total luck and adding
  the second's leaves the expected result unchanged and removes most of the
  dice's noise. The judge is the same static evaluation for both sides.

Deterministic: the same seed and players give the same games, whatever ``--jobs``.
Each saved game records the evaluator both sides played with (the net's name
gives its training games), and the report never pools games of different ones.
"""

from __future__ import annotations

if (
    __name__ == "__main__"
):  # python -m ai.training.ladder: one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import functools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ai.evaluation import batching
from ai.evaluation.evaluator import Evaluator, boards, equity, won_probs
from ai.evaluation.values import mover_values
from ai.search import analyse
from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.outcome import win_kind
from game.rules.position import SIDE_MASK, START_CODE, swap

MAX_PLIES = 5000
"""A game longer than this is abandoned with an error (it never happens in practice)."""

_OPENING = tuple((a, b, 1.0 / 15.0) for a, b, _ in ROLLS if a != b)
"""The 15 opening rolls (no doubles: a tie is re-rolled), equally likely."""


@dataclass(frozen=True, slots=True)
class Player:
    """How one side plays."""

    name: str
    """As given on the command line."""
    depth: int
    """Search depth, 1..4."""
    noise: float = 0.0
    """Standard deviation of the equity noise (the beginner levels)."""


def parse_player(text: str) -> Player:
    """A level key, a depth, or ``depth:noise``; ValueError with the accepted forms otherwise."""
    from ai.levels import LEVELS

    for level in LEVELS:
        if level.key == text:
            return Player(text, level.depth, level.noise)
    depth_text, _, noise_text = text.partition(":")
    try:
        depth = int(depth_text)
        noise = float(noise_text) if noise_text else 0.0
    except ValueError:
        depth, noise = 0, 0.0
    if not 1 <= depth <= 4 or not math.isfinite(noise) or noise < 0:
        keys = ", ".join(level.key for level in LEVELS)
        raise ValueError(f"unknown player {text!r}: use a level ({keys}), a depth 1-4, or depth:noise")
    return Player(text, depth, noise)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, from the first player's point of view."""

    game: int
    """Index of the game (games 2k and 2k+1 share their dice)."""
    first_starts: bool
    """Whether the first player made the opening move."""
    points: int
    """Points the first player won (negative: lost), 1 to 3 either way."""
    luck: float
    """The first player's luck minus the second's, in equity (see the module docstring)."""
    plies: int
    """Moves played, by both sides."""

    @property
    def adjusted(self) -> float:
        """The result with the luck taken out."""
        return self.points - self.luck


def best_values(code: int, rolls: Sequence[tuple[int, int, float]], evaluator: Evaluator) -> np.ndarray:
    """For each roll, the mover's best depth-1 equity in ``code`` (side on roll, before rolling)."""
    values = np.empty(len(rolls))
    going: list[int] = []
    spans: list[tuple[int, int, float]] = []
    for i, (d1, d2, _) in enumerate(rolls):
        best_terminal = -math.inf
        start = len(going)
        for r in results(code, d1, d2):
            if r & SIDE_MASK:
                going.append(r)
            else:
                best_terminal = max(best_terminal, float(equity(won_probs(r)[None, :])[0]))
        spans.append((start, len(going), best_terminal))
        values[i] = best_terminal
    # the games still going in one batch, as they always were (the finished ones are exact above)
    eqs = equity(mover_values(evaluator, boards(going), batching.WHOLE)) if going else np.zeros(0)
    for i, (a, b, terminal) in enumerate(spans):
        if b > a:
            values[i] = max(terminal, float(eqs[a:b].max()))
    return values


def roll_luck(code: int, dice: tuple[int, int], opening: bool, evaluator: Evaluator) -> float:
    """How much the roll ``dice`` gains the mover in ``code`` over an average roll (depth-1 judge)."""
    rolls = _OPENING if opening else ROLLS
    values = best_values(code, rolls, evaluator)
    weights = np.array([p for _, _, p in rolls])
    lo, hi = min(dice), max(dice)
    index = next(i for i, (a, b, _) in enumerate(rolls) if (a, b) == (lo, hi))
    return float(values[index] - weights @ values)


def pair_dice(seed: int, pair: int) -> random.Random:
    """The dice generator shared by the two games of a pair."""
    return random.Random(f"ladder:{seed}:{pair}")


def play_game(
    first: Player,
    second: Player,
    seed: int,
    game: int,
    evaluator: Evaluator,
    judge: Evaluator | None = None,
    second_evaluator: Evaluator | None = None,
) -> GameRecord:
    """Play game number ``game`` of a ladder match.

    Both players search with ``evaluator``, or the second with ``second_evaluator`` when given
    (two nets compared); ``judge`` (default ``evaluator``) measures the luck of both.
    """
    judge = judge or evaluator
    rng = pair_dice(seed, game // 2)
    first_starts = game % 2 == 0
    players = (first, second) if first_starts else (second, first)
    searchers = (evaluator, second_evaluator or evaluator)
    if not first_starts:
        searchers = searchers[::-1]
    code = START_CODE
    turn = 0  # index into players of the side on roll
    luck = 0.0  # the first player's luck minus the second's
    for ply in range(MAX_PLIES):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        if ply == 0:
            while d1 == d2:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        mover = players[turn]
        is_first = (turn == 0) == first_starts
        gained = roll_luck(code, (d1, d2), ply == 0, judge)
        luck += gained if is_first else -gained
        best = analyse(
            code,
            (d1, d2),
            mover.depth,
            searchers[turn],
            noise=mover.noise,
            seed=seed * 7919 + game * 1009 + ply,
        )[0]
        if not best.code & SIDE_MASK:
            kind = win_kind(best.code)
            pts = kind.value if kind is not None else 1
            return GameRecord(game, first_starts, pts if is_first else -pts, luck, ply + 1)
        code = swap(best.code)
        turn ^= 1
    raise RuntimeError(f"game {game} passed {MAX_PLIES} plies")


@dataclass(frozen=True, slots=True)
class Summary:
    """Points per game of the first player, with 95% intervals computed over pairs of games."""

    games: int
    """Games played."""
    ppg: float
    """Mean points per game."""
    ppg_ci: float
    """Half-width of its 95% interval."""
    adjusted_ppg: float
    """Mean luck-adjusted points per game."""
    adjusted_ci: float
    """Half-width of its 95% interval."""


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def summarise(records: Sequence[GameRecord], seeds: Sequence[int] | None = None) -> Summary:
    """Means and intervals; games are grouped by pair (an unpaired last game counts alone).

    ``seeds`` gives each record's match seed when records of several matches are pooled: a pair
    is then a seed and a pair number.
    """
    pairs: dict[tuple[int, int], list[GameRecord]] = {}
    for i, r in enumerate(records):
        pairs.setdefault((seeds[i] if seeds is not None else 0, r.game // 2), []).append(r)
    raw = [statistics.fmean(r.points for r in p) for p in pairs.values()]
    adj = [statistics.fmean(r.adjusted for r in p) for p in pairs.values()]
    ppg = statistics.fmean(r.points for r in records)
    adjusted = statistics.fmean(r.adjusted for r in records)
    return Summary(len(records), ppg, _mean_ci(raw)[1], adjusted, _mean_ci(adj)[1])


# --- parallel play: each worker process loads the evaluator once ---------------------------


@functools.cache
def _evaluator_for(weights: str | None) -> Evaluator:
    from ai.evaluation.load import load_evaluator

    return load_evaluator(Path(weights) if weights else None).evaluator


def _play_in_worker(args: tuple[Player, Player, int, int, str | None, str | None]) -> GameRecord:
    first, second, seed, game, weights, second_weights = args
    other = _evaluator_for(second_weights) if second_weights else None
    return play_game(first, second, seed, game, _evaluator_for(weights), second_evaluator=other)


Match = tuple[str, str, str]
"""The first player, the second and the evaluator they played with (``""``: not recorded;
"A against B" when the first searched with A and the second with B)."""


def _played_with(evaluator: str, second_evaluator: str | None) -> str:
    """The evaluator part of a :data:`Match`."""
    return f"{evaluator} against {second_evaluator}" if second_evaluator is not None else evaluator


def read_records(paths: Sequence[Path]) -> dict[Match, tuple[list[GameRecord], list[int]]]:
    """Games saved by ``--out``, by match (first, second, evaluator): records and their seeds.

    Games played with different evaluators (another net, the hand-made fallback) are never
    pooled. A game saved twice (the same players, evaluator, seed and game number) counts once.
    ValueError names the file and line of anything that is not a saved game.
    """
    seen: set[tuple[str, str, str, int, int]] = set()
    matches: dict[Match, tuple[list[GameRecord], list[int]]] = {}
    fields = [f for f in GameRecord.__dataclass_fields__]
    for path in paths:
        try:
            lines = path.read_text().splitlines()
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror}") from None
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                key = (
                    str(row["first"]),
                    str(row["second"]),
                    _played_with(str(row.get("evaluator", "")), row.get("second_evaluator")),
                    int(row["seed"]),
                    int(row["game"]),
                )
                record = GameRecord(**{f: row[f] for f in fields})
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{path}:{n}: not a saved ladder game") from None
            if key in seen:
                continue
            seen.add(key)
            records, seeds = matches.setdefault(key[:3], ([], []))
            records.append(record)
            seeds.append(key[3])
    return matches


def _summary_line(first: str, second: str, evaluator: str, s: Summary, seeds: str) -> str:
    played = f" ({evaluator})" if evaluator else ""
    return (
        f"{first} vs {second}{played}: {s.games} games ({seeds}), "
        f"{s.ppg:+.3f} ± {s.ppg_ci:.3f} ppg, luck-adjusted {s.adjusted_ppg:+.3f} ± {s.adjusted_ci:.3f} "
        f"(95%, over pairs of games sharing dice)"
    )


def report(paths: Sequence[Path]) -> int:
    """Print one summary line per match found in the saved games; an exit status."""
    try:
        matches = read_records(paths)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not matches:
        print("error: no saved games in " + ", ".join(map(str, paths)), file=sys.stderr)
        return 2
    for (first, second, evaluator), (records, seeds) in matches.items():
        distinct = sorted(set(seeds))
        label = "seed " if len(distinct) == 1 else "seeds "
        seeds_text = label + ", ".join(map(str, distinct))
        print(_summary_line(first, second, evaluator, summarise(records, seeds), seeds_text))
    return 0


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m ai.training.ladder", description=__doc__.split("\n\n")[0])
    ap.add_argument("first", nargs="?", help="level key (novice..expert), depth 1-4, or depth:noise")
    ap.add_argument("second", nargs="?", help="the same, for the other side")
    ap.add_argument(
        "--report",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="summarise games saved by --out (and play none)",
    )
    ap.add_argument("--games", type=int, default=200, help="games to play (even: pairs share dice)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--weights", type=Path, help="weights file (default: the shipped net)")
    ap.add_argument(
        "--second-weights",
        type=Path,
        metavar="FILE",
        help="weights the second player searches with (two nets compared; luck is judged by --weights)",
    )
    ap.add_argument("--out", type=Path, help="append one JSON line per game to this file")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    return ap


def _players(ap: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[Player, Player]:
    """The two players named on the command line (argparse's error and exit otherwise)."""
    if not (args.first and args.second):
        ap.error("name two players (or use --report FILE)")
    try:
        first, second = parse_player(args.first), parse_player(args.second)
    except ValueError as exc:
        ap.error(str(exc))
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be positive")
    return first, second


def _load(weights: Path | None, who: str) -> Evaluator:
    """The evaluator of ``weights`` (the shipped net by default), saying on stderr if it fell back."""
    from ai.evaluation.load import load_evaluator

    loaded = load_evaluator(weights)
    if loaded.warning:
        print(f"warning{who}: {loaded.warning}", file=sys.stderr)
    return loaded.evaluator


def _games(
    args: argparse.Namespace, first: Player, second: Player, evaluator: Evaluator, other: Evaluator | None
) -> Iterator[GameRecord]:
    """The match's games in order, played here or by ``args.jobs`` worker processes."""
    if args.jobs == 1:
        for game in range(args.games):
            yield play_game(first, second, args.seed, game, evaluator, second_evaluator=other)
        return
    weights = str(args.weights) if args.weights else None
    second_weights = str(args.second_weights) if args.second_weights else None
    work = [(first, second, args.seed, g, weights, second_weights) for g in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        yield from pool.map(_play_in_worker, work, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    """Command line; returns an exit status."""
    ap = _parser()
    args = ap.parse_args(argv)
    if args.report:
        if args.first or args.second:
            ap.error("--report takes no players")
        return report(args.report)
    first, second = _players(ap, args)
    evaluator = _load(args.weights, "")
    other = _load(args.second_weights, " (second player)") if args.second_weights else None
    saved = {
        "first": first.name,
        "second": second.name,
        "evaluator": evaluator.name,
        **({"second_evaluator": other.name} if other else {}),
        "seed": args.seed,
    }
    records: list[GameRecord] = []
    start = time.monotonic()
    for record in _games(args, first, second, evaluator, other):
        records.append(record)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps({**saved, **asdict(record)}) + "\n")
        if not args.quiet:
            s = summarise(records)
            rate = len(records) / max(1e-9, time.monotonic() - start)
            sys.stderr.write(
                f"\r{len(records)}/{args.games} games  {rate * 60:.1f}/min  "
                f"{s.ppg:+.3f} ppg, luck-adjusted {s.adjusted_ppg:+.3f}   "
            )
    if not args.quiet:
        sys.stderr.write("\n")
    played = _played_with(evaluator.name, other.name if other else None)
    print(_summary_line(first.name, second.name, played, summarise(records), f"seed {args.seed}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
