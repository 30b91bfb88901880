"""The desktop window: opening it, a cheap fingerprint of what it shows, and one frame drawn off-screen."""

from __future__ import annotations

import contextlib

import pygame

from game.support.resources import asset_path

DEFAULT_SIZE = (1280, 800)
"""The window's size unless asked otherwise."""
MIN_SIZE = (640, 420)
"""The smallest window the layout is made for."""


def fingerprint(surface: pygame.Surface) -> int:
    """A cheap value that changes when the picture does: a hash of every fourth pixel each way."""
    w, h = surface.get_size()
    small = pygame.transform.scale(surface, (max(1, w // 4), max(1, h // 4)))
    return hash(pygame.image.tobytes(small, "RGB"))


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """The game's resizable window, captioned, with its icon when the icon can be read."""
    pygame.display.init()
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption("Backgammon")
    icon = asset_path("icon", "icon.png")
    if icon.exists():
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(pygame.image.load(str(icon)))
    return screen
