"""Exporting a position: the PNG picture and the text diagram, from the review (driven headless) and
from any caller with a position, a match state and a folder."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import click, key, record_text, run_until, settle_files

from game.records.diagram import text_diagram
from game.records.xgid import read_xgid
from ui.app.app import App
from ui.model.display import ThemeChoice
from ui.model.seats import CheckerColour
from ui.model.workbench.exports import PositionExport, export_path, write_diagram
from ui.scenes.export import ExportKind, export_position, write_picture
from ui.scenes.review import scene as review_scene_module
from ui.scenes.review.scene import ReviewScene
from ui.widgets.board_picture import caption
from ui.widgets.render import Renderer
from ui.widgets.theme import theme_for

SHORT = (Path(__file__).parent / "data" / "mat" / "short.mat").read_text(encoding="utf-8")
"""A short 5-point match with a double and a take (tests/data/mat/short.mat)."""

POSTED = "XGID=-BBABBBbB---c-----B-babcb-:0:0:1:32:2:1:0:5:10"
"""A 5-point match at 2-1 posted on BGonline (tests/data/xgid/SOURCES.md)."""

WHEN = datetime.datetime(2026, 11, 25, 20, 30, 15)


def posted() -> PositionExport:
    x = read_xgid(POSTED)
    return PositionExport(x.code, x.info, bottom=1, names=("Bob", "Alice"))


def test_export_names_are_by_time_and_never_overwrite(tmp_path: Path) -> None:
    first = export_path(tmp_path, ".png", WHEN)
    assert first.name == "position-20261125-203015.png"
    first.write_bytes(b"x")
    assert export_path(tmp_path, ".png", WHEN).name == "position-20261125-203015-2.png"
    assert export_path(tmp_path, ".txt", WHEN).name == "position-20261125-203015.txt"


def test_a_diagram_written_for_a_position_from_anywhere(tmp_path: Path) -> None:
    export = posted()
    path = write_diagram(export, tmp_path / "exports", WHEN)
    assert path.parent == tmp_path / "exports"
    written = path.read_text(encoding="utf-8")
    assert written == text_diagram(export.code, export.info, bottom=1, names=("Bob", "Alice"))
    assert POSTED in written and "X: Alice" in written and "2 points" in written


def test_a_picture_written_for_a_position_from_anywhere_is_a_png_of_the_board(tmp_path: Path) -> None:
    pygame.font.init()
    export = posted()
    path = write_picture(
        Renderer(), theme_for(ThemeChoice.CLASSIC), export, CheckerColour.LIGHT, tmp_path, WHEN
    )
    assert path.suffix == ".png" and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = pygame.image.load(str(path))
    w, h = image.get_size()
    assert 800 < w < 1280 and 600 < h < 1000 and w > h
    other = write_picture(
        Renderer(),
        theme_for(ThemeChoice.CLASSIC),
        PositionExport(0, export.info),
        CheckerColour.LIGHT,
        tmp_path,
        WHEN,
    )
    assert other.read_bytes() != path.read_bytes()  # an empty board is another picture


def test_the_pictures_caption_says_the_score_the_roll_and_both_ids() -> None:
    lines = caption(posted())
    assert lines[0] == "Alice 2, Bob 1, match to 5 · Alice to play 32"
    assert lines[1] == POSTED and lines[2] == "GNU Backgammon: uzXAwQBb2wzAAA:cImpABAAEAAE"


def open_review(make_app: Callable[..., App], home: Path) -> tuple[App, ReviewScene]:
    folder = home / "matches"
    folder.mkdir()
    (folder / "20261124-120000-5pt.mat").write_text(SHORT, encoding="utf-8")
    app = make_app(hint_depth=1)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    settle_files(app)  # the file is read off the window's thread
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None, "the review")
    return app, scene


def test_the_review_exports_the_position_shown_as_a_picture_and_a_diagram(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = open_review(make_app, home)
    key(app, pygame.K_RIGHT)  # the second decision
    target = scene.export_target()
    assert target is not None and target.bottom == 0 and target.names == ("Alice", "Bob")
    key(app, pygame.K_t)
    texts = sorted((home / "exports").glob("*.txt"))
    assert len(texts) == 1 and texts[0].read_text(encoding="utf-8") == target.diagram()
    assert pygame.scrap.get_text() == target.diagram()
    assert str(texts[0]) in app.message[0] and "clipboard" in app.message[0]
    assert scene.exported is not None and scene.exported.message == app.message[0]
    drawn = record_text(monkeypatch, review_scene_module)
    app.frame(0.05)
    assert scene.exported.message in drawn  # told on the review screen itself, in the help line
    button = next(b for b in scene.buttons if b.key == "picture")
    click(app, button.rect.center)
    pictures = sorted((home / "exports").glob("*.png"))
    assert len(pictures) == 1 and str(pictures[0]) in app.message[0]
    assert pygame.image.load(str(pictures[0])).get_size()[0] > 900
    # the diagram's IDs are the review's own for the decision shown
    d = scene.path.decisions(scene.current())[0] if scene.path and scene.current() else None
    assert d is not None and f"Position ID: {d.position_id}" in target.diagram()


def test_with_saving_off_the_diagram_still_reaches_the_clipboard(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.store.folder = None
    assert export_position(app, posted(), ExportKind.TEXT).path is None
    assert pygame.scrap.get_text() == posted().diagram() and "clipboard" in app.message[0]


def test_an_unwritable_exports_folder_is_a_message_not_a_crash(
    make_app: Callable[..., App], home: Path
) -> None:
    app = make_app()
    (home / "exports").write_text("a file where the folder should be", encoding="utf-8")
    done = export_position(app, posted(), ExportKind.PICTURE)
    assert done.path is None and done.warn and app.message == (done.message, True)
    assert "could not be written" in done.message


@pytest.mark.parametrize("kind", list(ExportKind))
def test_every_export_kind_writes_a_file(make_app: Callable[..., App], home: Path, kind: ExportKind) -> None:
    app = make_app()
    path = export_position(app, posted(), kind).path
    assert path is not None and path.parent == home / "exports" and path.stat().st_size > 100
