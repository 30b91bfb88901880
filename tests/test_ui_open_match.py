"""The Open dialog's file browser driven headless: folders listed off the window's thread (a slow one
never stops it), records opened with the keys and with the mouse, Enter running the ringed button,
and the files opened remembered among the recent files in the settings."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import click, key, run_until, settle_files

from ui.app.app import App
from ui.model.file_browser import Kind, Listing
from ui.model.storage import SETTINGS_FILE
from ui.scenes.review import open_match
from ui.scenes.review.open_match import OpenMatchScene
from ui.scenes.review.scene import ReviewScene
from ui.text.browser import row_name

SHORT = (Path(__file__).parent / "data" / "mat" / "short.mat").read_text(encoding="utf-8")


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    """A folder of records elsewhere: one inside a sub-folder, a note that is no record."""
    top = tmp_path / "shelf"
    (top / "club").mkdir(parents=True)
    (top / "club" / "final.mat").write_text(SHORT, encoding="utf-8")
    (top / "notes.txt.bak").write_text("no record")
    return top


def browser_of(make_app: Callable[..., App]) -> tuple[App, OpenMatchScene]:
    app = make_app(hint_depth=1)
    app.start_new_game()
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene)
    return app, dialog


def listed(app: App, dialog: OpenMatchScene, folder: Path) -> None:
    run_until(
        app, lambda: dialog.browser.listing.folder == folder and dialog.browser.reading is None, str(folder)
    )


def typed(app: App, text: str) -> None:
    for ch in text:
        key(app, 0, unicode=ch)


def test_keys_open_a_typed_folder_a_folder_in_it_and_a_record_there(
    make_app: Callable[..., App], shelf: Path
) -> None:
    app, dialog = browser_of(make_app)
    typed(app, str(shelf))
    key(app, pygame.K_RETURN)  # the ringed button, Open: a folder is listed
    listed(app, dialog, shelf)
    assert [row_name(r) for r in dialog.browser.listing.rows] == [".. (the folder above)", "club"]
    assert dialog.browser.listing.hidden == 1 and dialog.entry.text == ""
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)  # every file
    listed(app, dialog, shelf)
    assert "notes.txt.bak" in [r.name for r in dialog.browser.listing.rows]
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)  # records only again
    listed(app, dialog, shelf)
    chosen = dialog.browser.chosen()
    assert chosen is not None and chosen.name == "club"  # the first row under the folder above
    key(app, pygame.K_RETURN)
    listed(app, dialog, shelf / "club")
    key(app, pygame.K_UP, mod=pygame.KMOD_CTRL)  # the folder above: the folder left is picked
    listed(app, dialog, shelf)
    assert dialog.browser.chosen() == next(r for r in dialog.browser.listing.rows if r.name == "club")
    key(app, pygame.K_RETURN)
    listed(app, dialog, shelf / "club")
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)  # the record: read as a file job, reviewed by the review's worker
    settle_files(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.source == shelf / "club" / "final.mat"
    assert not any(isinstance(s, OpenMatchScene) for s in app.stack)


def test_the_mouse_picks_opens_and_presses_the_buttons(make_app: Callable[..., App], shelf: Path) -> None:
    app, dialog = browser_of(make_app)
    dialog.entry.insert(str(shelf / "club"))
    click(app, next(b for b in dialog.buttons if b.key == "open").rect.center)
    listed(app, dialog, shelf / "club")
    click(app, next(b for b in dialog.buttons if b.key == "up").rect.center)
    listed(app, dialog, shelf)
    rows = dialog.browser.listing.rows
    at = next(i for i, r in enumerate(rows) if r.name == "club")
    spot = (dialog.list_rect.x + 40, dialog.list_rect.y + (at - dialog.first) * open_match.ROW_H + 5)
    click(app, spot)  # a click picks the row
    assert dialog.browser.selected == at and dialog.browser.reading is None
    click(app, spot)  # a second click on it opens it
    listed(app, dialog, shelf / "club")
    record = next(i for i, r in enumerate(dialog.browser.listing.rows) if r.kind is Kind.RECORD)
    spot = (dialog.list_rect.x + 40, dialog.list_rect.y + (record - dialog.first) * open_match.ROW_H + 5)
    click(app, spot)
    click(app, spot)
    settle_files(app)
    assert isinstance(app.stack.top(), ReviewScene)


def test_enter_runs_the_ringed_button(make_app: Callable[..., App], shelf: Path) -> None:
    app, dialog = browser_of(make_app)
    assert dialog.ringed() == 0 and dialog.buttons[0].key == "open"
    key(app, pygame.K_TAB)  # the ring moves to the next button: Folder above
    assert dialog.buttons[dialog.ringed() or 0].key == "up"
    key(app, pygame.K_RETURN)  # at the start there is no folder above: it says so
    assert "This is the start" in dialog.message
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # back round to Cancel
    key(app, pygame.K_RETURN)
    assert dialog not in app.stack


def test_a_slow_folder_never_stops_the_window(
    make_app: Callable[..., App], shelf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    real = open_match.look
    threads: list[str] = []

    def slow(effect: open_match.ListFolder) -> Listing | open_match.OpenFile:
        threads.append(threading.current_thread().name)
        gate.wait(30)  # a network folder that takes its time
        return real(effect)

    monkeypatch.setattr(open_match, "look", slow)
    app, dialog = browser_of(make_app)
    typed(app, str(shelf))
    key(app, pygame.K_RETURN)
    frames = 0
    while frames < 20:  # the window goes on drawing frames while the folder is being listed
        app.frame(0.05)
        frames += 1
    assert dialog.browser.reading == shelf and dialog.needs_frames()
    dialog.draw(app.screen)  # "Listing ...": drawn while it waits
    key(app, pygame.K_ESCAPE)  # and it can be left
    assert dialog not in app.stack
    gate.set()
    assert threads and threads[0] != threading.main_thread().name
    time.sleep(0.05)


def test_a_file_opened_is_remembered_first_among_the_recent_files(
    make_app: Callable[..., App], shelf: Path, home: Path
) -> None:
    app, dialog = browser_of(make_app)
    path = shelf / "club" / "final.mat"
    dialog.entry.insert(str(path))
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.stack.top(), ReviewScene), "the review")
    assert app.settings.recent_files == (str(path),)
    key(app, pygame.K_ESCAPE)
    run_until(app, lambda: not isinstance(app.stack.top(), ReviewScene), "back to the game")
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    again = app.stack.top()
    assert isinstance(again, OpenMatchScene)
    first = again.browser.chosen()
    assert first is not None and first.kind is Kind.RECENT and first.path == path
    places = [r for r in again.browser.listing.rows if r.kind is Kind.PLACE]
    assert any(r.path == path.parent for r in places)  # its folder, to browse from
    saved = json.loads((home / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert saved["recent_files"] == [str(path)]


def test_a_long_folder_path_beside_longer_place_names_is_drawn_smaller_not_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """German's 'Deine gespeicherten Matches (Ordner)' left too little room at 800x600 for a folder
    path as long as a Windows user's data folder: the row's words get smaller (to 9 pixels) instead."""
    from test_every_screen_fits import draw_frame, new_app

    from ui import text as words

    home = tmp_path / ("h" * max(1, 72 - len(str(tmp_path)) - len("//matches")))  # 72 characters
    home.mkdir()
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    monkeypatch.setenv(words.LANGUAGE_VARIABLE, "de")
    try:
        app = new_app(home, (800, 600))
        app.push(OpenMatchScene(app))
        rec = draw_frame(monkeypatch, app)
        assert len(str(home / "matches")) >= 72
        assert not rec.problems(), rec.problems()
    finally:
        words.use("")
        pygame.display.quit()
