"""The ladder's matches: a committed table, and their games regenerated on demand.

    python -m ai.training.ladder_records commands                      # the command of every match
    python -m ai.training.ladder_records play --only d2-d1-s11 --jobs 2   # regenerate its games
    python -m ai.training.ladder_records table --write                 # refresh the table's figures

``bench/ladder/matches.csv`` holds one row a match (:class:`Row`): the players, seed, games,
the weights (the commit that shipped them and their SHA-256), and the figures of
:func:`ai.training.ladder.summarise`. The games themselves (one JSON line each, written by
``ai.training.ladder --out``) are results, not source: git ignores them, and ``play`` writes
them again into ``bench/ladder/<name>.jsonl``. A game depends only on the players, the weights,
the seed and its number, so ``--games 2`` plays the first pair of the full match; ``play``
checks it against the table's ``first_pair``, and a full match against its figures. (Replayed
games are the same move for move; their luck may differ in the sixth decimal, from rounding.)

To add a match: add its row (players, seed, games, weights; figures empty), ``play --only`` it,
then ``table --write``.
"""

from __future__ import annotations

if __name__ == "__main__":  # one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import csv
import dataclasses
import hashlib
import io
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.training import ladder

ROOT = Path(__file__).resolve().parent.parent.parent
"""The project folder (the games are research output of a work tree, never of the app)."""

LADDER_DIR = ROOT / "bench" / "ladder"
"""Where the table lives and the games are written."""

TABLE = LADDER_DIR / "matches.csv"
"""The committed table of matches."""

SHIPPED_WEIGHTS = ROOT / "assets" / "weights" / "net.npz"
"""The net the game ships; older nets are taken from the commit that shipped them."""

NETS_DIR = LADDER_DIR / "nets"
"""Older nets extracted from git (ignored by git)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One match of the ladder table."""

    name: str
    """The games' file under bench/ladder, without ``.jsonl`` (``net-392418/d2-d1-s11``)."""
    first: str
    """The first player (a level key, a depth or ``depth:noise``)."""
    second: str
    """The second player."""
    seed: int
    """The match's seed."""
    games: int
    """Games played (0, 1, ... games - 1)."""
    weights: str
    """Commit that shipped the weights both sides search with (the first side only with second_weights)."""
    weights_sha256: str
    """The first 12 hex digits of those weights' SHA-256."""
    second_weights: str
    """Commit of the weights the second player searches with, or empty: the same as ``weights``."""
    second_weights_sha256: str
    """The first 12 hex digits of their SHA-256, or empty."""
    evaluator: str
    """What the games record they were played with (the nets' names)."""
    ppg: str
    """Points per game of the first player (``+0.123``), empty until played."""
    ppg_ci: str
    """Half-width of its 95% interval, over pairs of games."""
    adjusted_ppg: str
    """Luck-adjusted points per game."""
    adjusted_ci: str
    """Half-width of its 95% interval."""
    first_pair: str
    """Points/plies of games 0 and 1 (``1/39 -1/41``): a quick check of a regenerated run."""


FIELDS = [f.name for f in dataclasses.fields(Row)]


def read_table(path: Path = TABLE) -> list[Row]:
    """The rows of the table; ValueError names the line of a damaged one."""
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != FIELDS:
            raise ValueError(f"{path}: the header must be {','.join(FIELDS)}")
        rows = []
        for n, raw in enumerate(reader, 2):
            try:
                values: dict[str, Any] = {**raw, "seed": int(raw["seed"]), "games": int(raw["games"])}
                rows.append(Row(**values))
            except (TypeError, ValueError):
                raise ValueError(f"{path}:{n}: not a match row") from None
    return rows


def table_text(rows: Sequence[Row]) -> str:
    """The table as CSV text, header first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    writer.writerows([getattr(row, f) for f in FIELDS] for row in rows)
    return out.getvalue()


def write_table(rows: Sequence[Row], path: Path = TABLE) -> None:
    """Write the table (rows in the order given), atomically."""
    from game.support.files import write_atomic

    write_atomic(path, table_text(rows).encode("utf-8"))


def _sha12(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def weights_file(commit: str, sha12: str, nets_dir: Path = NETS_DIR) -> Path:
    """The weights a row names: the shipped file if its SHA-256 matches, else extracted from git.

    ValueError says what is missing when git cannot give them (a shallow clone, say).
    """
    if SHIPPED_WEIGHTS.is_file() and _sha12(SHIPPED_WEIGHTS) == sha12:
        return SHIPPED_WEIGHTS
    target = nets_dir / commit / "net.npz"
    if not (target.is_file() and _sha12(target) == sha12):
        target.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", ".sha256"):
            blob = f"{commit}:assets/weights/net.npz{suffix}"
            run = subprocess.run(["git", "show", blob], cwd=ROOT, capture_output=True, check=False)
            if run.returncode != 0:
                raise ValueError(
                    f"cannot take {blob} from git: {run.stderr.decode(errors='replace').strip()}"
                )
            target.with_name("net.npz" + suffix).write_bytes(run.stdout)
        if _sha12(target) != sha12:
            raise ValueError(f"{commit}:assets/weights/net.npz is not the weights {sha12}")
    return target


def ladder_args(row: Row, out: Path, games: int | None = None) -> list[str]:
    """The arguments of ``python -m ai.training.ladder`` that play the row's match into ``out``."""
    args = [row.first, row.second, "--games", str(games or row.games), "--seed", str(row.seed)]
    args += ["--weights", str(weights_file(row.weights, row.weights_sha256))]
    if row.second_weights:
        args += ["--second-weights", str(weights_file(row.second_weights, row.second_weights_sha256))]
    return [*args, "--out", str(out)]


def commands(rows: Sequence[Row]) -> list[str]:
    """The shell commands that regenerate the rows' games (run from the project folder)."""
    lines = []
    for row in rows:
        args = [row.first, row.second, "--games", str(row.games), "--seed", str(row.seed)]
        for option, commit in (("--weights", row.weights), ("--second-weights", row.second_weights)):
            if commit:
                lines.append(f"git show {commit}:assets/weights/net.npz > /tmp/net-{commit}.npz")
                lines.append(
                    f"git show {commit}:assets/weights/net.npz.sha256 > /tmp/net-{commit}.npz.sha256"
                )
                args += [option, f"/tmp/net-{commit}.npz"]
        lines.append(
            "python -m ai.training.ladder " + " ".join(args) + f" --out bench/ladder/{row.name}.jsonl"
        )
    return lines


def first_pair(records: Sequence[ladder.GameRecord]) -> str:
    """``points/plies`` of games 0 and 1, as the table keeps them."""
    pair = sorted((r for r in records if r.game < 2), key=lambda r: r.game)
    return " ".join(f"{r.points}/{r.plies}" for r in pair)


def with_figures(row: Row, records: Sequence[ladder.GameRecord]) -> Row:
    """The row with its games, figures and first pair taken from ``records``."""
    s = ladder.summarise(records)
    return dataclasses.replace(
        row,
        games=s.games,
        ppg=f"{s.ppg:+.3f}",
        ppg_ci=f"{s.ppg_ci:.3f}",
        adjusted_ppg=f"{s.adjusted_ppg:+.3f}",
        adjusted_ci=f"{s.adjusted_ci:.3f}",
        first_pair=first_pair(records),
    )


def match_records(row: Row, path: Path) -> list[ladder.GameRecord]:
    """The games of ``row`` saved in ``path``; ValueError if the file holds another match."""
    matches = ladder.read_records([path])
    key = (row.first, row.second, row.evaluator)
    if set(matches) != {key}:
        found = ", ".join(" / ".join(k) for k in matches) or "nothing"
        raise ValueError(f"{path}: expected the games of {' / '.join(key)}, found {found}")
    return matches[key][0]


def check(row: Row, records: Sequence[ladder.GameRecord]) -> list[str]:
    """What in ``records`` disagrees with the table's row (empty: all agrees)."""
    problems = []
    if row.first_pair and first_pair(records) != row.first_pair:
        problems.append(f"first pair {first_pair(records)!r}, the table says {row.first_pair!r}")
    if len(records) == row.games and row.ppg:
        new = with_figures(row, records)
        for field in ("ppg", "ppg_ci", "adjusted_ppg", "adjusted_ci"):
            if getattr(new, field) != getattr(row, field):
                problems.append(f"{field} {getattr(new, field)}, the table says {getattr(row, field)}")
    return problems


def play(row: Row, out_dir: Path, games: int | None, jobs: int) -> list[str]:
    """Play the row's match (or its first ``games``) into ``out_dir``; the disagreements with the table."""
    out = out_dir / f"{row.name}.jsonl"
    if out.exists():
        raise ValueError(f"{out} exists: delete it to play the match again")
    out.parent.mkdir(parents=True, exist_ok=True)
    status = ladder.main([*ladder_args(row, out, games), "--jobs", str(jobs), "--quiet"])
    if status != 0:
        return [f"the ladder exited with status {status}"]
    return check(row, match_records(row, out))


def _selected(rows: list[Row], only: list[str] | None) -> list[Row]:
    if not only:
        return rows
    unknown = sorted(set(only) - {r.name for r in rows})
    if unknown:
        raise ValueError(
            f"no match {', '.join(unknown)} in {TABLE.name}; the matches: {[r.name for r in rows]}"
        )
    return [r for r in rows if r.name in only]


def main(argv: list[str] | None = None) -> int:
    """Command line; returns an exit status."""
    ap = argparse.ArgumentParser(
        prog="python -m ai.training.ladder_records", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("action", choices=("commands", "play", "table"))
    ap.add_argument("--only", nargs="+", metavar="NAME", help="these matches (names as in the table)")
    ap.add_argument("--games", type=int, help="play: only the first games (2: the first pair)")
    ap.add_argument("--jobs", type=int, default=1, help="play: worker processes")
    ap.add_argument(
        "--dir", type=Path, default=LADDER_DIR, help="where the games are (default: bench/ladder)"
    )
    ap.add_argument("--table", type=Path, default=TABLE, help="the table (default: bench/ladder/matches.csv)")
    ap.add_argument("--write", action="store_true", help="table: write the figures back into the table")
    args = ap.parse_args(argv)
    if (args.games is not None and args.games < 1) or args.jobs < 1:
        ap.error("--games and --jobs must be positive")
    try:
        rows = read_table(args.table)
        selected = _selected(rows, args.only)
        if args.action == "commands":
            print("\n".join(commands(selected)))
            return 0
        if args.action == "play":
            failed = False
            for row in selected:
                problems = play(row, args.dir, args.games, args.jobs)
                failed |= bool(problems)
                print(f"{row.name}: " + ("; ".join(problems) if problems else "agrees with the table"))
            return 1 if failed else 0
        return _table(rows, selected, args.dir, args.table if args.write else None)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _table(rows: list[Row], selected: list[Row], folder: Path, write_to: Path | None) -> int:
    """Recompute the selected rows' figures from their games; print the table or write it."""
    chosen = {r.name for r in selected}
    fresh = []
    for row in rows:
        path = folder / f"{row.name}.jsonl"
        fresh.append(
            with_figures(row, match_records(row, path)) if row.name in chosen and path.exists() else row
        )
    if write_to is not None:
        write_table(fresh, write_to)
    else:
        sys.stdout.write(table_text(fresh))
    return 0


if __name__ == "__main__":
    sys.exit(main())
