"""``python main.py replay-seed SEED [--count N]``: the dice a game's seed gives.

When a game starts, the window shows the SHA-256 of its dice seed; when it ends,
the seed itself. This command prints the SHA-256 of a seed and the rolls it
gives, in the order the game drew them, so a player can check both that the
seed is the one promised and that the dice played were the seed's dice.

The game draws the opening roll first (one die for you, one for the computer,
drawn again on a tie), then one roll for each turn in turn order.
"""

from __future__ import annotations

import argparse
import json

from game.rules.dice import replay, seed_commitment

DEFAULT_COUNT = 40


def describe(seed: str, count: int) -> list[dict[str, object]]:
    """The first ``count`` rolls of ``seed``, each with a note on what the game used it for."""
    rolls = replay(seed, count)
    out: list[dict[str, object]] = []
    opening = True
    turn = 0
    for n, (a, b) in enumerate(rolls, start=1):
        if opening:
            if a == b:
                note = f"opening roll: tie ({a} each), rolled again"
            else:
                note = f"opening roll: you {a}, the computer {b}; the first move plays these two dice"
                opening = False
        else:
            turn += 1
            note = f"turn {turn + 1}"
        out.append({"roll": n, "dice": [a, b], "note": note})
    return out


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``replay-seed`` command's options."""
    ap.description = "Print the SHA-256 of a game seed and the dice it gives, to check a finished game."
    ap.add_argument("seed", help="the seed shown at the end of the game")
    ap.add_argument(
        "--count",
        type=int,
        default=DEFAULT_COUNT,
        help=f"how many rolls to print (default {DEFAULT_COUNT})",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def main(argv: list[str] | None = None) -> int:
    """Print a seed's commitment and rolls; returns the process exit code."""
    ap = argparse.ArgumentParser(prog="python main.py replay-seed")
    add_arguments(ap)
    return run(ap.parse_args(argv), ap)


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Print a seed's commitment and rolls from parsed options; returns the exit code."""
    seed = args.seed.strip()
    if not seed:
        ap.error("the seed is empty: copy it from the game-over screen")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 on the command line
        ap.error(f"the seed {seed!r} is not UTF-8 text: copy it from the game-over screen")
    if not 1 <= args.count <= 100_000:
        ap.error(f"--count must be between 1 and 100000, got {args.count}")
    rows = describe(seed, args.count)
    commitment = seed_commitment(seed)
    if args.json:
        print(json.dumps({"seed": seed, "sha256": commitment, "rolls": rows}))
        return 0
    print(f"seed:    {seed}")
    print(f"SHA-256: {commitment}  (compare with the one shown when the game started)")
    for row in rows:
        dice = row["dice"]
        assert isinstance(dice, list)
        print(f"{row['roll']:>4}  {dice[0]}-{dice[1]}  {row['note']}")
    return 0
