"""GNU Backgammon imports our autoplay records whole (gnubg as the oracle; dev-only, skips without it).

Four short matches with the cube are played by :func:`ai.autoplay.play_match` at
different levels and lengths and written as .mat files; gnubg's ``import mat`` must
read back, game by game, every roll and move, every double, take and pass, each
game's winner and points and starting score, and the final score, exactly as the
engine played them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gnubg_records import import_mat

from ai.autoplay import play_match
from ai.evaluation.load import default_evaluator
from ai.levels import level_by_key
from game.records.mat import format_match
from game.records.model import MatchRecord
from game.rules.cube import CubeAction

gnubg = pytest.importorskip("gnubg")

MATCHES = (("novice", 3, 11), ("beginner", 5, 12), ("casual", 3, 13), ("intermediate", 1, 14))
"""(level, match length, seed) of the four records."""


def _steps(text: str) -> list[tuple[int, int]]:
    return sorted((int(a), int(b)) for a, b in (s.rstrip("*").split("/") for s in text.split()))


def _gnubg_actions(
    game: dict[str, Any],
) -> list[tuple[str, int, tuple[int, ...] | None, list[tuple[int, int]] | None]]:
    out = []
    for a in game["game"]:
        kind = a["action"]
        if kind not in ("move", "double", "take", "drop"):
            continue
        kind = {"drop": CubeAction.PASS}.get(kind, kind)  # gnubg's "drop" is our pass
        player = 0 if a["player"] == "X" else 1
        if kind == "move":
            steps = sorted((int(f), int(t)) for f, t in (a.get("move") or ()))
            out.append((kind, player, tuple(sorted(a["dice"])), steps))
        else:
            out.append((kind, player, None, None))
    return out


def _our_actions(
    record: MatchRecord, k: int
) -> list[tuple[str, int, tuple[int, ...] | None, list[tuple[int, int]] | None]]:
    return [
        (a.kind, a.player, tuple(sorted(a.dice)), _steps(a.move))
        if a.kind == "move"
        else (a.kind, a.player, None, None)
        for a in record.games[k].actions
    ]


@pytest.fixture(scope="module")
def records() -> list[MatchRecord]:
    evaluator, _ = default_evaluator()
    return [
        play_match(length, level_by_key(level), seed, evaluator, date="2026.01.01")
        for level, length, seed in MATCHES
    ]


def test_the_four_records_use_the_cube(records: list[MatchRecord]) -> None:
    """The records exercise what the import must carry: doubles, takes and passes, several games."""
    kinds = [a.kind for r in records for g in r.games for a in g.actions]
    assert kinds.count(CubeAction.DOUBLE) and kinds.count(CubeAction.TAKE) and kinds.count(CubeAction.PASS)
    assert sum(len(r.games) for r in records) > len(records)


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_gnubg_imports_an_autoplay_record_whole(
    records: list[MatchRecord], index: int, tmp_path: Path
) -> None:
    record = records[index]
    path = tmp_path / f"match-{index}.mat"
    path.write_text(format_match(record), encoding="utf-8")
    imported = import_mat(gnubg, path)
    info = imported["match-info"]
    assert info["match-length"] == record.length
    games = imported["games"]
    assert len(games) == len(record.games)
    for k, (theirs, ours) in enumerate(zip(games, record.games, strict=True)):
        assert _gnubg_actions(theirs) == _our_actions(record, k), f"game {k + 1}"
        gi = theirs["info"]
        assert (gi["score-X"], gi["score-O"]) == ours.score, f"game {k + 1} starting score"
        assert (0 if gi["winner"] == "X" else 1, gi["points-won"]) == (ours.winner, ours.points), (
            f"game {k + 1}"
        )
    last, gl = record.games[-1], games[-1]["info"]
    final = [last.score[0], last.score[1]]
    final[last.winner] += last.points
    theirs_final = [gl["score-X"], gl["score-O"]]
    theirs_final[0 if gl["winner"] == "X" else 1] += gl["points-won"]
    assert theirs_final == final and max(final) >= record.length
