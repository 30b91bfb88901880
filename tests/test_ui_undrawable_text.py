"""Text the game draws never crashes it: a NUL in a player's name or a statistics entry, or a byte of a
file or folder name that is not UTF-8 (BACKGAMMON_HOME, matches/), is drawn as U+FFFD."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from test_ui_review import SHORT, with_game
from ui_driver import key, run_until

from ui.app.app import App
from ui.model.player_stats import MatchEntry, PlayerStats
from ui.model.storage import Store
from ui.scenes.review.open_match import OpenMatchScene
from ui.scenes.stats.scene import StatisticsScene
from ui.widgets.render import REPLACEMENT, Fonts, drawable

NOT_UTF8 = os.fsdecode(b"caf\xe9")  # how Python names a folder whose name is not UTF-8: a lone surrogate


def test_drawable_replaces_nul_controls_and_surrogates() -> None:
    assert drawable("Al\x00ice") == f"Al{REPLACEMENT}ice"
    assert drawable(NOT_UTF8) == f"caf{REPLACEMENT}"
    assert drawable("a\x1bb\x7f") == f"a{REPLACEMENT}b{REPLACEMENT}"
    assert drawable("tab\tand\nnewline, é, ✓") == "tab\tand\nnewline, é, ✓"


@pytest.mark.parametrize("text", ["Al\x00ice", NOT_UTF8, "\ud800", "\x00"])
def test_every_font_draws_and_measures_any_text(text: str) -> None:
    pygame.font.init()
    fonts = Fonts()
    assert fonts.render(text, 14, (0, 0, 0)).get_width() > 0
    for mono in (False, True):
        assert fonts.get(14, mono=mono).size(text)[0] > 0
        assert fonts.get(14, mono=mono).render(text, True, (0, 0, 0)).get_width() > 0


def test_statistics_entry_with_nul_draws(tmp_path: Path) -> None:
    surface = pygame.Surface((1100, 720))
    app = App((1100, 720), surface=surface, store=Store(tmp_path), sound=False)
    stats = PlayerStats(
        (MatchEntry("a\x00-3pt.mat", "2026\x00-11-01", 3, (3, 1), (2, 1), True, (12.5, 4.0)),)
    )
    app.push(StatisticsScene(app, stats))
    app.draw(surface)


def test_non_utf8_home_with_a_message_draws(tmp_path: Path) -> None:
    """A damaged settings file in a folder whose name is not UTF-8: the message names the folder."""
    home = tmp_path / NOT_UTF8
    home.mkdir()
    (home / "settings.json").write_bytes(b"\x00{")
    surface = pygame.Surface((1100, 720))
    app = App((1100, 720), surface=surface, store=Store(home), sound=False)
    assert any(NOT_UTF8 in a for a in app.alerts)
    app.draw(surface)


def test_open_list_draws_non_utf8_names_and_nul_players(make_app: Callable[..., App], home: Path) -> None:
    folder = home / "matches"
    folder.mkdir()
    (folder / f"{NOT_UTF8}.mat").write_text(SHORT.replace("Alice", "Al\x00ice"), encoding="utf-8")
    (folder / f"{NOT_UTF8}-2.mat").write_text("damaged", encoding="utf-8")
    app, _ = with_game(make_app)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene)
    run_until(app, dialog.ready, "the files read")
    assert sorted(m.players[0] for m in dialog.matches) == ["", "Al\x00ice"]
    app.frame(0.05)
    key(app, pygame.K_RETURN)  # the review of the record with the NUL in a name draws too
    for _ in range(5):
        app.frame(0.05)
