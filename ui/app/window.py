"""The desktop window: opening it, a cheap fingerprint of what it shows, and one frame drawn off-screen."""

from __future__ import annotations

import contextlib
import io
import warnings

import pygame

from game.support.resources import asset_path, read_asset
from ui.text import _

DEFAULT_SIZE = (1280, 800)
"""The window's size unless asked otherwise (shrunk to fit a smaller screen)."""
MIN_SIZE = (640, 420)
"""The smallest window the layout is made for: every panel button, the score and the status show."""
DESKTOP_ROOM = (40, 96)
"""Room a window needs beside it on the desktop for its title bar and borders, a taskbar or dock: a
window that does not fit with it opens maximised instead."""


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` raised to :data:`MIN_SIZE` where it is smaller."""
    return max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])


def fitting_size(wanted: tuple[int, int] | None, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size at start: ``wanted`` (None: :data:`DEFAULT_SIZE`) where it fits ``desktop``
    with :data:`DESKTOP_ROOM` beside it (None: the desktop is not known), else the whole desktop (the
    window then opens maximised: :func:`fills`); never below :data:`MIN_SIZE`. A small screen is
    used whole rather than left with a margin the size of bars it may not have."""
    w, h = wanted if wanted is not None else DEFAULT_SIZE
    known = desktop is not None and desktop[0] > 0 and desktop[1] > 0
    if (
        desktop is not None
        and known
        and (w > desktop[0] - DESKTOP_ROOM[0] or h > desktop[1] - DESKTOP_ROOM[1])
    ):
        w, h = desktop
    return at_least_minimum((w, h))


def fills(size: tuple[int, int], desktop: tuple[int, int] | None) -> bool:
    """True when a window of ``size`` takes the whole ``desktop``: it is opened maximised, so that a
    window manager keeps it to the desktop's work area (its bars stay in view)."""
    return desktop is not None and size[0] >= desktop[0] and size[1] >= desktop[1]


def desktop_size() -> tuple[int, int] | None:
    """The size of the first screen's desktop; None when the display cannot tell."""
    pygame.display.init()
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def fingerprint(surface: pygame.Surface) -> int:
    """A cheap value that changes when the picture does: a hash of every fourth pixel each way."""
    w, h = surface.get_size()
    small = pygame.transform.scale(surface, (max(1, w // 4), max(1, h // 4)))
    return hash(pygame.image.tobytes(small, "RGB"))


def open_window(size: tuple[int, int], maximised: bool = False) -> pygame.Surface:
    """The game's resizable window (never smaller than :data:`MIN_SIZE`), captioned, with its icon
    when the icon can be read; ``maximised``: as large as the window manager lets it be."""
    pygame.display.init()
    screen = pygame.display.set_mode(at_least_minimum(size), pygame.RESIZABLE)
    window = _display_window()
    if window is not None:
        window.minimum_size = MIN_SIZE
        if maximised:
            window.maximize()
    pygame.display.set_caption(_("Backgammon"))
    with contextlib.suppress(pygame.error, OSError):  # no icon rather than no window
        icon = io.BytesIO(read_asset(asset_path("icon", "icon.png")))
        pygame.display.set_icon(pygame.image.load(icon, "icon.png"))
    return screen


def _display_window() -> pygame.Window | None:
    """The window the display module opened, as a ``pygame.Window`` (its size and minimum size);
    None where this pygame has none."""
    with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
        # pygame-ce marks this as deprecated for drawing on the Window, not for sizing it
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()
    return None


def keep_minimum(screen: pygame.Surface) -> pygame.Surface:
    """The window's surface after a resize: made :data:`MIN_SIZE` again where it became smaller
    (a window manager that ignores the window's minimum size)."""
    size = screen.get_size()
    if at_least_minimum(size) == size:
        return screen
    window = _display_window()
    if window is None:  # set_mode makes a new window: the last resort
        return pygame.display.set_mode(at_least_minimum(size), pygame.RESIZABLE)
    window.size = at_least_minimum(size)
    return pygame.display.get_surface() or screen
