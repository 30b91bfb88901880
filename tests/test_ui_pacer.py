"""The loop slows down while the picture stands still, and is at full rate whenever anything moves."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from ui_driver import key, pump, to_human_move

from ui.app.app import App
from ui.app.pacer import FramePacer
from ui.app.window import fingerprint


def test_pacer_starts_at_full_rate() -> None:
    pacer = FramePacer(busy_fps=60, idle_fps=15, still_frames=3)
    assert pacer.next_fps(1, had_input=False) == 60


def test_pacer_drops_after_enough_unchanged_frames() -> None:
    pacer = FramePacer(busy_fps=60, idle_fps=15, still_frames=3)
    rates = [pacer.next_fps("same", had_input=False) for _ in range(5)]
    assert rates == [60, 60, 60, 15, 15]


def test_pacer_returns_to_full_rate_when_the_picture_changes() -> None:
    pacer = FramePacer(busy_fps=60, idle_fps=15, still_frames=2)
    for _ in range(4):
        pacer.next_fps("a", had_input=False)
    assert pacer.is_idle()
    assert pacer.next_fps("b", had_input=False) == 60


def test_pacer_returns_to_full_rate_on_input_even_if_nothing_changed() -> None:
    pacer = FramePacer(busy_fps=60, idle_fps=15, still_frames=2)
    for _ in range(4):
        pacer.next_fps("a", had_input=False)
    assert pacer.next_fps("a", had_input=True) == 60


def test_fingerprint_changes_with_the_picture_and_not_without() -> None:
    surface = pygame.Surface((200, 100))
    surface.fill((10, 20, 30))
    before = fingerprint(surface)
    assert fingerprint(surface) == before
    pygame.draw.circle(surface, (200, 200, 200), (100, 50), 12)
    assert fingerprint(surface) != before


def test_a_game_waiting_for_the_player_stands_still(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)  # start the game from the settings dialog
    to_human_move(app)
    pump(app, 5)
    prints = set()
    for _ in range(10):
        assert not app.frame(0.05)
        prints.add(fingerprint(app.screen))
    assert len(prints) == 1, "an idle game screen keeps changing, so the loop would never slow down"


def test_a_key_press_counts_as_input(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    to_human_move(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    assert app.frame(0.05)
    key(app, pygame.K_ESCAPE)
