"""GNU Backgammon's reading of the real records of the corpus (its ``import mat``; tests/corpus.py).

``python tests/gnubg_records.py`` (in a venv with gnubg's Python module, ``pip install gnubg``)
rewrites tests/data/records/gnubg_truth.json: per record, the match length and, per game as
gnubg imports it, the winner (0 the left column, 1 the right, None for a game gnubg leaves
unfinished), the points won and the score before the game. tests/test_real_records.py compares
our reading with that file on every run, and with gnubg itself where gnubg is installed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from corpus import corpus_part

KEPT = Path(__file__).parent / "data" / "records"
"""What is committed of the corpus: SOURCES.md and gnubg's reading (gnubg_truth.json)."""
TRUTH = KEPT / "gnubg_truth.json"
RECORDS = corpus_part("mat")
"""The records themselves, <writer>/<file> (see tests/corpus.py), or None where there are none."""


def record_files() -> list[Path]:
    """Every record of the corpus: <writer>/<file> under :data:`RECORDS`."""
    if RECORDS is None:
        return []
    return sorted(p for p in RECORDS.glob("*/*") if p.is_file())


def key(path: Path) -> str:
    """The record's name in the truth file: <writer>/<file>."""
    return f"{path.parent.name}/{path.name}"


@contextmanager
def quiet() -> Iterator[None]:
    """gnubg prints to the process's standard output and error: send them to /dev/null meanwhile."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (null, *saved):
            os.close(fd)


def import_mat(gnubg: Any, path: Path, boards: bool = False) -> dict[str, Any]:
    """gnubg's ``import mat`` of one file, as ``gnubg.match`` gives it (``boards``: each action with
    the Position ID before it, ``"board"``; gnubg is then left in a new money session, as other
    tests expect it)."""
    with quiet():
        gnubg.command("set threads 1")
        gnubg.command(f'import mat "{path}"')
        try:
            match: dict[str, Any] = gnubg.match(analysis=0, boards=int(boards))
        finally:
            gnubg.command("new session")
    return match


def reading(gnubg: Any, path: Path) -> dict[str, Any]:
    """What gnubg's ``import mat`` makes of one record: the match length and the games."""
    match = import_mat(gnubg, path)
    games = []
    for game in match["games"]:
        info = game["info"]
        winner = {"X": 0, "O": 1}.get(info.get("winner"))
        games.append(
            [winner, info.get("points-won") if winner is not None else None, info["score-X"], info["score-O"]]
        )
    return {"length": match["match-info"]["match-length"], "games": games}


def main() -> int:
    import gnubg

    truth = {key(path): reading(gnubg, path) for path in record_files()}
    rows = [f" {json.dumps(name)}: {json.dumps(truth[name])}" for name in sorted(truth)]
    TRUTH.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")
    print(f"{len(truth)} records read by gnubg into {TRUTH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
