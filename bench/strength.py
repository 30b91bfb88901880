"""Depth against depth, position by position, on a set of labelled positions.

    python -m bench.strength --set set.jsonl --depths 1 2 3 4 --losses runs/
    python -m bench.strength --set a.jsonl b.jsonl --depths 1 3 --against new.npz

The set is a file of JSON lines as ``../shared/tools/bgjudge.py make-set`` writes
them: a position (``position_id``, the side on roll), a roll (``dice``), and every
legal move's resulting ``position_id`` with an ``equity`` given by a stronger
judge. For each depth this plays the search's first choice in every position and
records the equity it gives away against the judge's best move (a move the set
does not know counts as its worst). Because every depth answers the same
positions, depths are compared pair by pair: the mean gain of depth ``d + 1`` over
depth ``d`` per position, with a 95% interval over positions, and on how many
positions the deeper search picked a better or a worse move. This is a far
steadier comparison of two depths than games between them, where the dice
dominate.

With ``--phases`` each depth's loss is also split by the game's phase (:func:`phase`): where
the net alone loses its equity, and so which positions a separate net could help.

With ``--losses DIR`` each depth's per-position losses are kept in
``DIR/<set name>-d<depth>.txt`` (one line each, in the set's order; a weights file
named by ``--weights`` or ``--against`` adds the start of its SHA-256 to the name) and
reused by later runs, so a long depth-4 pass is paid for once and can be stopped and
continued.

With ``--against WEIGHTS`` a second net answers the same positions at each depth, and the
two are compared position by position as the depths are: whether a newly trained net plays
better than the one it came from, far more steadily than either's mean loss alone says.
Several sets are pooled into one comparison.

Not part of ``python -m bench``: it needs a labelled set, and depth 4 on 1,000
positions takes the best part of an hour.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from ai.cli.protocol import parse_position
from ai.evaluation.evaluator import Evaluator, boards
from ai.evaluation.features import contact_mask, crashed_mask

BLUNDER = 0.08
"""A loss at least this large counts as a blunder (bgjudge's threshold)."""


class SetError(ValueError):
    """A set file that cannot be read."""


@dataclass(frozen=True, slots=True)
class Labelled:
    """One position of the set."""

    position_id: str
    """The position, seen from the side on roll."""
    dice: tuple[int, int]
    """The roll to play."""
    equities: dict[str, float]
    """Each legal move's resulting Position ID (opponent on roll) and its equity by the judge."""

    def loss(self, picked: str | None) -> float:
        """Equity given away by playing the move that leads to ``picked``."""
        best = max(self.equities.values())
        if picked not in self.equities:
            return best - min(self.equities.values())
        return best - self.equities[picked]


def read_set(path: Path) -> list[Labelled]:
    """The positions of a set file; :class:`SetError` naming the line for anything malformed."""
    rows: list[Labelled] = []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SetError(f"cannot read the set {path}: {exc}") from None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            d1, d2 = (int(d) for d in row["dice"])
            equities = {str(m["position_id"]): float(m["equity"]) for m in row["moves"]}
            if not equities or not (1 <= d1 <= 6 and 1 <= d2 <= 6):
                raise ValueError("no moves, or dice out of range")
            parse_position(str(row["position_id"]))  # a HintError (a ValueError) if it is not one
            rows.append(Labelled(str(row["position_id"]), (d1, d2), equities))
        except (ValueError, KeyError, TypeError) as exc:
            raise SetError(f"{path}, line {number}: not a labelled position ({exc})") from None
    if not rows:
        raise SetError(f"{path} holds no positions")
    return rows


def pick(row: Labelled, depth: int, evaluator: Evaluator) -> str | None:
    """The Position ID after the search's first choice (opponent on roll), None with no legal move."""
    from ai.search import analyse
    from game.rules.position import position_id, swap

    ranked = analyse(parse_position(row.position_id), row.dice, depth, evaluator)
    return position_id(swap(ranked[0].code)) if ranked else None


def per_position(
    count: int, compute: Callable[[int], str], keep: Path | None, label: str, quiet: bool
) -> list[str]:
    """``compute(i)`` for each position ``i < count``, one line each, continuing (and
    extending) the file ``keep`` if given, so a long pass can be stopped and resumed."""
    done: list[str] = []
    if keep is not None and keep.exists():
        done = keep.read_text().split()[:count]
    if len(done) == count:
        return done
    out = keep.open("a") if keep is not None else None
    try:
        for i in range(len(done), count):
            line = compute(i)
            done.append(line)
            if out is not None:
                out.write(line + "\n")
                out.flush()
            if not quiet:
                sys.stderr.write(f"\r{label}: {i + 1}/{count}")
                sys.stderr.flush()
    finally:
        if out is not None:
            out.close()
    if not quiet:
        sys.stderr.write("\n")
    return done


def losses_for_depth(
    rows: Sequence[Labelled], depth: int, evaluator: Evaluator, keep: Path | None, quiet: bool
) -> list[float]:
    """Per-position losses at ``depth``, continuing (and extending) the file ``keep`` if given."""

    def loss(i: int) -> str:
        return f"{rows[i].loss(pick(rows[i], depth, evaluator)):.6f}"

    return [float(x) for x in per_position(len(rows), loss, keep, f"depth {depth}", quiet)]


class Phase(StrEnum):
    """The game's phase in a position, as the literature splits nets by it."""

    CONTACT = "contact"
    """The sides can still meet, and neither has crashed."""
    CRASHED = "crashed"
    """The sides can still meet, and one of them has crashed
    (:data:`ai.evaluation.features.CRASHED_AT`)."""
    RACE = "race"
    """The sides are past each other."""


def phase(position_id: str) -> Phase:
    """The phase of a position (a Position ID, either side on roll)."""
    board = boards([parse_position(position_id)])
    if not contact_mask(board)[0]:
        return Phase.RACE
    return Phase.CRASHED if crashed_mask(board)[0] else Phase.CONTACT


def phase_lines(rows: Sequence[Labelled], losses: Sequence[float]) -> list[str]:
    """For each phase met: its positions, their mean loss and their share of the whole loss."""
    by_phase: dict[Phase, list[float]] = {}
    for row, loss in zip(rows, losses, strict=True):
        by_phase.setdefault(phase(row.position_id), []).append(loss)
    total = sum(losses)
    lines = []
    for kind in Phase:
        got = by_phase.get(kind, [])
        if got:
            share = sum(got) / total if total > 0 else 0.0
            mean = statistics.fmean(got)
            lines.append(
                f"{kind.value}: {len(got)} positions ({len(got) / len(rows):.0%}), mean {mean:.4f},"
                f" {share:.0%} of the loss"
            )
    return lines


@dataclass(frozen=True, slots=True)
class Paired:
    """How much a deeper search gains over a shallower one on the same positions."""

    gain: float
    """Mean loss of the shallower minus mean loss of the deeper search, per position."""
    interval: float
    """Half-width of the 95% interval of ``gain`` (normal approximation over positions)."""
    better: int
    """Positions where the deeper search's move is better."""
    worse: int
    """Positions where it is worse."""


def paired(shallow: Sequence[float], deep: Sequence[float]) -> Paired:
    """Compare two depths' losses position by position."""
    if len(shallow) != len(deep) or len(shallow) < 2:
        raise ValueError("paired comparison needs two equally long lists of at least two losses")
    diff = [a - b for a, b in zip(shallow, deep, strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    eps = 1e-9
    return Paired(
        statistics.fmean(diff),
        half,
        sum(1 for a, b in zip(shallow, deep, strict=True) if b < a - eps),
        sum(1 for a, b in zip(shallow, deep, strict=True) if b > a + eps),
    )


def weights_tag(weights: str | None) -> str:
    """What kept losses are named by for a net: empty for the shipped one, else ``-`` and the
    start of its weights file's SHA-256 (so losses are never reused for another net)."""
    if weights is None:
        return ""
    from ai.training.distill import file_sha256

    try:
        digest = file_sha256(Path(weights))
    except OSError:
        return ""  # the loader names the unreadable file
    return "-" + digest[:12]


def net_losses(
    sets: Sequence[tuple[Path, list[Labelled]]],
    depths: Sequence[int],
    evaluator: Evaluator,
    keep_dir: Path | None,
    tag: str,
    quiet: bool,
) -> dict[int, list[float]]:
    """Each depth's per-position losses over the sets, pooled in their order."""
    results: dict[int, list[float]] = {}
    for depth in depths:
        pooled: list[float] = []
        for path, rows in sets:
            keep = None
            if keep_dir is not None:
                keep_dir.mkdir(parents=True, exist_ok=True)
                keep = keep_dir / f"{path.stem}{tag}-d{depth}.txt"
            pooled += losses_for_depth(rows, depth, evaluator, keep, quiet)
        results[depth] = pooled
    return results


def loss_line(label: str, losses: Sequence[float]) -> str:
    """A mean loss and its blunders, as printed."""
    blunders = sum(1 for x in losses if x >= BLUNDER)
    return f"  {label}: {statistics.fmean(losses):.4f}  ({blunders} blunders >= {BLUNDER})"


def gain_line(what: str, p: Paired) -> str:
    """A paired comparison, as printed."""
    return (
        f"  {what}: gains {p.gain:+.4f} ± {p.interval:.4f} a move (95%); "
        f"better on {p.better} positions, worse on {p.worse}"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the comparison from the command line; returns an exit status."""
    ap = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--set", type=Path, nargs="+", required=True, help="labelled positions (bgjudge make-set output)"
    )
    ap.add_argument("--depths", type=int, nargs="+", default=[1, 2, 3], choices=range(1, 5), metavar="D")
    ap.add_argument("--losses", type=Path, help="folder to keep (and reuse) per-position losses in")
    ap.add_argument("--weights", help="weights file (default: the shipped net)")
    ap.add_argument("--against", help="a second weights file, compared with the first position by position")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    ap.add_argument(
        "--phases", action="store_true", help="split each depth's loss by contact, crashed and race"
    )
    args = ap.parse_args(argv)
    try:
        sets = [(path, read_set(path)) for path in args.set]
    except SetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from ai.cli.hint import load
    from ai.cli.protocol import HintError

    try:
        evaluator = load("auto", sys.stderr, args.weights)
        other = None if args.against is None else load("auto", sys.stderr, args.against)
    except HintError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = [row for _, got in sets for row in got]
    depths = sorted(set(args.depths))
    results = net_losses(sets, depths, evaluator, args.losses, weights_tag(args.weights), args.quiet)
    against = (
        None
        if other is None
        else net_losses(sets, depths, other, args.losses, weights_tag(args.against), args.quiet)
    )
    names = ", ".join(path.name for path, _ in sets)
    print(f"{len(rows)} positions of {names}; loss per move against the set's labels")
    for depth in depths:
        print(loss_line(f"depth {depth}", results[depth]))
        if args.phases:
            for line in phase_lines(rows, results[depth]):
                print(f"    {line}")
        if against is not None:
            print(loss_line(f"depth {depth}, {Path(args.against).name}", against[depth]))
            if args.phases:
                for line in phase_lines(rows, against[depth]):
                    print(f"    {line}")
            print(
                gain_line(
                    f"depth {depth}, {Path(args.against).name} over the first net",
                    paired(results[depth], against[depth]),
                )
            )
    for lo, hi in itertools.pairwise(depths):
        print(gain_line(f"depth {hi} over depth {lo}", paired(results[lo], results[hi])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
