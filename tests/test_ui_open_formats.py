"""Open match takes GNU Backgammon's .sgf and eXtreme Gammon's .xg as it takes .mat, headless:
the list shows every record in the matches folder (the files read on a thread of their own,
never the window's), and a record chosen from it, or dropped on the window, is reviewed."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from test_ui_review import SHORT, reviewed, with_game
from ui_driver import key, run_until
from xg_build import xg_file

from game.records.mat import read_match
from game.records.sgf import format_sgf
from ui.app.app import App
from ui.model.records import PENDING, SavedMatch, saved_matches
from ui.scenes.review.open_match import OpenMatchScene, match_row
from ui.scenes.review.panels import top_line


@pytest.fixture
def records(home: Path) -> dict[str, Path]:
    """The short match as .sgf (newest) and .xg, and a damaged .xg (oldest)."""
    folder = home / "matches"
    folder.mkdir()
    record = read_match(SHORT)
    paths = {
        "sgf": folder / "club.sgf",
        "xg": folder / "club.xg",
        "broken": folder / "broken.xg",
    }
    paths["sgf"].write_text(format_sgf(record), encoding="utf-8")
    paths["xg"].write_bytes(xg_file(record))
    paths["broken"].write_bytes(xg_file(record)[:-50])
    for age, name in enumerate(("sgf", "xg", "broken")):
        os.utime(paths[name], (1_800_000_000 - 60 * age, 1_800_000_000 - 60 * age))
    return paths


def test_the_list_holds_sgf_and_xg_records_read_off_the_window_thread(
    make_app: Callable[..., App], records: dict[str, Path]
) -> None:
    app, _ = with_game(make_app)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene)
    run_until(app, dialog.ready, "the folder listed and the files read")
    assert [m.path for m in dialog.matches] == [records["sgf"], records["xg"], records["broken"]]
    sgf, xg, broken = dialog.matches
    for m in (sgf, xg):
        assert (m.length, m.players, m.score) == (5, ("Alice", "Bob"), (3, 0))
    assert not broken.is_readable() and "cannot be read" in match_row(broken)
    assert records["broken"].exists()  # listed, never moved


def test_a_file_not_yet_read_is_listed_by_name() -> None:
    row = match_row(SavedMatch(Path("club.xg"), "2026-11-24 17:15", PENDING))
    assert "club.xg" in row and "reading" in row


def test_the_folder_listing_reads_every_format(records: dict[str, Path]) -> None:
    listed = saved_matches(records["sgf"].parent)
    assert [m.path.suffix for m in listed] == [".sgf", ".xg", ".xg"]
    assert [m.is_readable() for m in listed] == [True, True, False]


@pytest.mark.parametrize("which", [0, 1])
def test_an_sgf_or_xg_record_chosen_in_the_list_is_reviewed(
    make_app: Callable[..., App], records: dict[str, Path], which: int
) -> None:
    app, _ = with_game(make_app)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene)
    run_until(app, dialog.ready, "the saved matches listed")
    for _ in range(which):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = reviewed(app)
    assert scene.path is not None, scene.failed
    assert scene.source == [records["sgf"], records["xg"]][which]
    assert scene.path.review.match.record.players == ("Alice", "Bob")


def test_a_dropped_xg_file_is_reviewed(make_app: Callable[..., App], records: dict[str, Path]) -> None:
    app, game = with_game(make_app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(records["xg"])))
    app.frame(0.05)
    scene = reviewed(app)
    assert scene.path is not None and app.stack.bottom() is game
    assert len(scene.path.review.match.games) == 2


def test_a_dropped_damaged_xg_file_says_why_in_the_review(
    make_app: Callable[..., App], records: dict[str, Path]
) -> None:
    app, _ = with_game(make_app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(records["broken"])))
    app.frame(0.05)
    scene = reviewed(app)
    assert scene.path is None and "damaged" in scene.failed


def test_a_dropped_sgf_file_is_reviewed(make_app: Callable[..., App], records: dict[str, Path]) -> None:
    app, game = with_game(make_app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(records["sgf"])))
    app.frame(0.05)
    scene = reviewed(app)
    assert scene.path is not None and app.stack.bottom() is game
    assert scene.source == records["sgf"] and len(scene.path.review.match.games) == 2


def test_a_dropped_unfinished_record_is_reviewed_and_said_to_be_unfinished(
    make_app: Callable[..., App],
) -> None:
    """GNU Backgammon's .sgf of a match saved in its game 2 (tests/data/sgf/unfinished.sgf)."""
    app, _ = with_game(make_app)
    path = Path(__file__).parent / "data" / "sgf" / "unfinished.sgf"
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.frame(0.05)
    scene = reviewed(app)
    assert scene.path is not None, scene.failed
    rev = scene.path.review
    assert [g.finished for g in rev.match.games] == [True, False]
    assert any(d.game == 2 and d.kind == "move" for d in rev.decisions)  # its decisions are judged
    assert "0-4, game 2 unfinished" in top_line(rev)
