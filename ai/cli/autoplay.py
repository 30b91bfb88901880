"""``python main.py autoplay``: the computer plays both sides of a match with the cube and writes the record.

    python main.py autoplay --match 5 --level intermediate --seed 1 --out match.mat [--variant nackgammon]

The match is played by :func:`ai.autoplay.play_match`, of the variant asked for (standard, or
nackgammon: :mod:`game.rules.variant`); the record is written atomically in the format the file's
name asks for (:func:`game.records.formats.format_for`): GNU Backgammon's ``.sgf`` for a ``.sgf``
file, else the ``.mat`` text.
"""

from __future__ import annotations

import argparse
import sys

from ai.autoplay import play_match
from ai.cli.hint import load
from ai.engine_types import LEVELS, level_by_key
from game.records import formats
from game.records.errors import RecordError
from game.records.formats import format_for, record_bytes
from game.rules.match import MAX_MATCH_LENGTH
from game.rules.variant import Variant
from game.support.files import UnknownHomeError, user_path, writable, write_atomic


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``autoplay`` command's options."""
    keys = [lv.key for lv in LEVELS]
    ap.description = "The computer plays both sides of a match with the cube and writes the record."
    ap.add_argument(
        "--match", type=int, required=True, metavar="N", help=f"match length, 1..{MAX_MATCH_LENGTH}"
    )
    ap.add_argument("--level", default="casual", choices=keys, help="both sides' level (default casual)")
    ap.add_argument("--opponent", choices=keys, help="the right-hand player's level (default: --level)")
    ap.add_argument("--seed", type=int, default=1, help="dice and noise seed (default 1)")
    ap.add_argument(
        "--out",
        required=True,
        metavar="FILE.mat",
        help=f"where to write the record: {_written_help()}",
    )
    ap.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default=Variant.STANDARD.value,
        help="the variant played (default standard; nackgammon starts with two more back checkers)",
    )


def _written_help() -> str:
    """How the file's name chooses the format, from the registry: ``a .sgf file as GNU
    Backgammon's .sgf, else .mat text``."""
    default = formats.WRITTEN_BY_DEFAULT
    others = [f"a {f.suffix} file as {f.title}" for f in formats.written() if f is not default]
    return ", ".join([*others, f"else {default.suffix} text"])


def main(argv: list[str] | None = None) -> int:
    """Run the autoplay command; returns the exit status."""
    ap = argparse.ArgumentParser(prog="python main.py autoplay")
    add_arguments(ap)
    return run(ap.parse_args(argv), ap)


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Play and write the match from parsed options; returns the exit status."""
    if not 1 <= args.match <= MAX_MATCH_LENGTH:
        ap.error(f"--match must be 1..{MAX_MATCH_LENGTH}")
    try:
        out = user_path(args.out).resolve()
    except UnknownHomeError as exc:
        print(f"autoplay: cannot write {args.out}: {exc.strerror}", file=sys.stderr)
        return 1
    problem = writable(out)
    try:
        fmt = format_for(out)
    except RecordError as exc:
        problem = problem or str(exc)
    if problem:
        print(f"autoplay: cannot write {out}: {problem}", file=sys.stderr)
        return 1
    evaluator = load("auto", sys.stderr)
    opponent = None if args.opponent is None else level_by_key(args.opponent)
    variant = Variant(args.variant)
    record = play_match(
        args.match, level_by_key(args.level), args.seed, evaluator, opponent=opponent, variant=variant
    )
    try:
        write_atomic(out, record_bytes(record, fmt, "Backgammon autoplay"))
    except (OSError, RecordError) as exc:
        print(f"autoplay: cannot write {out}: {exc}", file=sys.stderr)
        return 1
    last = record.games[-1]
    final = [last.score[0], last.score[1]]
    final[last.winner] += last.points
    games = len(record.games)
    print(f"{out}: {games} game{'s' * (games != 1)}, final score {final[0]}-{final[1]}")
    return 0
