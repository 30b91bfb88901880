"""A checker-play set from real human matches, labelled by GNU Backgammon, for ``bgjudge.py loss``.

The strength issue judges the net on positions from real human matches as well as on gnubg's
self-play. This makes such a set from match records (``.mat``, ``.sgf``, ``.xg``, FIBS,
DailyGammon, Galaxy and Studio exports: whatever :func:`game.records.formats.load_match` reads),
in two steps, since the labels need gnubg's Python bindings, which live in the judge's own
environment and are never this project's dependency::

    python -m bench.human_set extract --corpus DIR --out positions.jsonl --count 300 --seed 1
    JUDGE_PYTHON -m bench.human_set label --positions positions.jsonl --out set.jsonl

``extract`` (this project's Python) replays every record under ``DIR`` and draws ``--count``
checker plays that had a choice (two or more legal moves, played legally), without repeats;
``label`` (the judge's Python, ``pip install gnubg``) values every legal move of each at gnubg's
``--plies`` (default 2), in the judge's set format. Records and sets stay out of git.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_JUDGE_TOOLS = _HERE.parent.parent / "shared" / "tools"


def plays(corpus: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Every checker play with a choice in the records under ``corpus`` (position ID of the side on
    roll, the dice, the record it came from), each position and roll once; and the records that
    could not be read, with why."""
    from game.records.errors import RecordError
    from game.records.formats import load_match
    from game.rules.position import position_id

    found: dict[tuple[str, tuple[int, int]], dict[str, Any]] = {}
    refused = []
    for path in sorted(p for p in corpus.rglob("*") if p.is_file() and p.suffix != ".md"):
        name = str(path.relative_to(corpus))
        try:
            match = load_match(path)
        except RecordError as exc:
            refused.append(f"{name}: {exc}")
            continue
        for game in match.games:
            for turn in game.turns:
                if turn.dice is None or turn.move is None or turn.legal < 2 or turn.illegal:
                    continue
                dice = (max(turn.dice), min(turn.dice))
                key = (position_id(turn.code), dice)
                found.setdefault(key, {"position_id": key[0], "dice": list(dice), "source": name})
    return list(found.values()), refused


def extract(args: argparse.Namespace) -> int:
    rows, refused = plays(Path(args.corpus))
    for line in refused:
        print(f"skipped {line}", file=sys.stderr)
    rng = random.Random(args.seed)
    chosen = rows if len(rows) <= args.count else rng.sample(rows, args.count)
    with open(args.out, "w", encoding="utf-8") as out:
        for row in chosen:
            out.write(json.dumps(row) + "\n")
    records = len({r["source"] for r in rows})
    print(f"{len(chosen)} of {len(rows)} checker plays with a choice from {records} records -> {args.out}")
    return 0


def label(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(Path(args.judge_tools)))
    import bgjudge  # type: ignore[import-not-found]  # the judge's tools, beside the checkout
    import gnubg  # type: ignore[import-untyped]  # the oracle, measuring only

    made = 0
    with open(args.positions, encoding="utf-8") as src, open(args.out, "w", encoding="utf-8") as out:
        for line in src:
            row = json.loads(line)
            board = gnubg.position_from_id(row["position_id"])
            moves = bgjudge.legal_moves(board, tuple(row["dice"]))
            rated = sorted(
                (
                    {
                        "position_id": gnubg.position_id(bgjudge.swap(after)),
                        "equity": round(bgjudge.move_equity(after, args.plies), 5),
                    }
                    for after in moves
                ),
                key=lambda m: -m["equity"],
            )
            if len(rated) < 2:
                continue
            row.update(plies=args.plies, moves=rated)
            out.write(json.dumps(row) + "\n")
            made += 1
    print(f"labelled {made} positions at {args.plies}-ply -> {args.out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.human_set", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="step", required=True)
    ex = sub.add_parser("extract", help="draw checker plays from match records (this project's Python)")
    ex.add_argument("--corpus", required=True, help="a folder of match records (searched recursively)")
    ex.add_argument("--out", required=True)
    ex.add_argument("--count", type=int, default=300)
    ex.add_argument("--seed", type=int, default=1)
    lb = sub.add_parser("label", help="value every legal move with gnubg (the judge's Python)")
    lb.add_argument("--positions", required=True, help="extract's output")
    lb.add_argument("--out", required=True)
    lb.add_argument("--plies", type=int, default=2)
    lb.add_argument("--judge-tools", default=str(_JUDGE_TOOLS), help="the folder holding bgjudge.py")
    args = ap.parse_args(argv)
    return extract(args) if args.step == "extract" else label(args)


if __name__ == "__main__":
    sys.exit(main())
