"""The records the review opens: the player's saved matches listed newest first (unreadable ones
listed, never moved), and the match so far after a game."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from test_ui_cube import answer, flow_at

from ui.flow.events import CubeDone, Pass
from ui.model.records import keep_game, match_so_far, saved_matches
from ui.model.session import AI

MAT = Path(__file__).parent / "data" / "mat"


def test_saved_matches_are_listed_newest_first_with_length_players_and_score(tmp_path: Path) -> None:
    old = Path(shutil.copy(MAT / "gnubg.mat", tmp_path / "a-3pt.mat"))
    new = Path(shutil.copy(MAT / "fibs.mat", tmp_path / "b-3pt.mat"))
    os.utime(old, (1_000_000_000, 1_000_000_000))
    listed = saved_matches(tmp_path)
    assert [m.path for m in listed] == [new, old]
    assert listed[1].length == 3 and listed[1].players == ("Alice", "Bob") and listed[1].score == (0, 5)


def test_an_unreadable_saved_match_is_listed_as_such_and_left_in_place(tmp_path: Path) -> None:
    bad = tmp_path / "broken-3pt.mat"
    bad.write_text("not a record\n")
    (listed,) = saved_matches(tmp_path)
    assert not listed.is_readable() and listed.path == bad
    assert bad.read_text() == "not a record\n" and sorted(p.name for p in tmp_path.iterdir()) == [bad.name]


def test_no_matches_folder_lists_nothing(tmp_path: Path) -> None:
    assert saved_matches(None) == [] and saved_matches(tmp_path / "missing") == []


def test_the_match_so_far_is_the_kept_record_when_it_has_the_game(tmp_path: Path) -> None:
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())
    s = flow.session
    alone, where = match_so_far(tmp_path, s)
    assert where is None and len(alone.games) == 1 and alone.games[0].winner == AI
    path = keep_game(tmp_path, s)
    kept, where = match_so_far(tmp_path, s)
    assert where == path and kept.games == alone.games
