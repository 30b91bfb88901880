"""The side panel: its layout (computed once per window size) and its drawing from a PanelView."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.widgets.controls import (
    Button,
    draw_button,
    fit_text,
    mix,
    mouse_pos,
    progress_bar,
    spinner,
    text,
    wrap,
)
from game.ui.widgets.render import Fonts
from game.ui.widgets.theme import Theme

WARNING_LINES = 5
"""Lines of the panel given to a warning about the AI (the rest is cut with an ellipsis)."""
HINT_ROWS = 3
"""Hints the panel has room for."""
MIN_BUTTON_H = 22
"""The lowest a panel button gets in a small window."""


@dataclass(frozen=True)
class PanelLayout:
    """Where everything in the side panel goes, for one panel rectangle."""

    rect: pygame.Rect
    """The panel."""
    pad: int
    """The margin."""
    big: float
    """The title's font size."""
    small: float
    """The body's font size."""
    info_y: float
    """Top of the level / colour / SHA lines."""
    sha_rect: pygame.Rect
    """The SHA-256 line (a click shows the full one)."""
    busy_y: float
    """Top of the thinking indicator."""
    buttons: tuple[pygame.Rect, ...]
    """The button rectangles, two a row."""
    list_y: float
    """Top of the hints or the move list."""

    @classmethod
    def compute(cls, rect: pygame.Rect, buttons: int, window_h: int) -> PanelLayout:
        """The layout for a panel of ``rect`` with ``buttons`` buttons."""
        pad = max(6, rect.width // 20)
        big = max(14.0, rect.width * 0.085)
        small = max(11.0, rect.width * 0.052)
        info_y = rect.y + pad + big * 1.5
        sha_y = info_y + 3 * small * 1.35
        sha_rect = pygame.Rect(rect.x + pad, round(sha_y), rect.width - 2 * pad, round(small * 1.35 * 3))
        busy_y = sha_rect.bottom + small * 0.6
        top = round(busy_y + 2 * small + 18)
        rows = (buttons + 1) // 2
        room = rect.bottom - top - pad  # a small window shrinks the buttons rather than cut the last row
        bh = max(30, min(52, round(window_h * 0.055)))
        bh = max(MIN_BUTTON_H, min(bh, room // max(1, rows) - (pad // 2 + 2)))
        w2 = (rect.width - 3 * pad) // 2
        rects = tuple(
            pygame.Rect(rect.x + pad + (i % 2) * (w2 + pad), top + (i // 2) * (bh + pad // 2 + 2), w2, bh)
            for i in range(buttons)
        )
        list_y = (rects[-1].bottom if rects else top) + pad * 2
        return cls(rect, pad, big, small, info_y, sha_rect, busy_y, rects, list_y)

    @property
    def width(self) -> int:
        """The width inside the margins."""
        return self.rect.width - 2 * self.pad

    def hint_rect(self, index: int) -> pygame.Rect:
        """The clickable row of hint ``index``."""
        y = self.list_y + self.small * 1.6 + index * self.small * 3.1
        return pygame.Rect(self.rect.x + self.pad - 2, round(y - 2), self.width + 4, round(self.small * 2.8))


@dataclass
class PanelView:
    """What the panel shows in one frame."""

    level: str
    """The AI level in words."""
    colour: str
    """The human's checkers in words."""
    sha: str
    """The dice seed's SHA-256 (hex)."""
    full_sha: bool = False
    """Show all 64 digits (else a short form)."""
    busy: str = ""
    """"Thinking…" or "Finding hints…" while a search runs."""
    progress: float = 0.0
    """How far the search is, 0..1."""
    spin: float = 0.0
    """Seconds on the clock (turns the spinner)."""
    hints: list[tuple[str, str]] = field(default_factory=list)
    """Per hint: the move and equity; the chances."""
    hint_title: str = ""
    """The heading over the hints."""
    log: list[str] = field(default_factory=list)
    """The last turns, newest last."""
    warning: str = ""
    """Why the AI is weaker than usual."""
    buttons: list[Button] = field(default_factory=list)
    """The buttons with their states."""


def draw_panel(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    """The whole side panel."""
    pr = lay.rect
    pygame.draw.rect(surface, th.panel, pr)
    pygame.draw.line(surface, mix(th.panel, th.text, 0.25), pr.topleft, pr.bottomleft)
    x, small = pr.x + lay.pad, lay.small
    text(surface, fonts, "Backgammon", (x, pr.y + lay.pad), lay.big, th.text, bold=True)
    y = lay.info_y
    for line in [*wrap(fonts.get(small), view.level, lay.width)[:2], view.colour][:3]:
        text(surface, fonts, line, (x, y), small, th.text_dim)
        y += small * 1.35
    _draw_sha(surface, fonts, th, lay, view)
    if view.busy:
        sp = round(small * 0.9)
        y = lay.busy_y
        spinner(surface, th, (x + sp, round(y + sp)), sp, view.spin)
        text(surface, fonts, view.busy, (x + 2 * sp + 8, y + sp), small, th.text, bold=True, anchor="midleft")
        bar = pygame.Rect(x, round(y + 2 * sp + 6), lay.width, max(5, round(small * 0.45)))
        progress_bar(surface, th, bar, view.progress)
    mouse = mouse_pos()
    for b in view.buttons:
        draw_button(surface, fonts, th, b, mouse)
    if view.hints:
        _draw_hints(surface, fonts, th, lay, view)
    else:
        _draw_log(surface, fonts, th, lay, view.log)
    if view.warning:
        _draw_warning(surface, fonts, th, lay, view.warning)


def _draw_sha(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    x, y, small = lay.sha_rect.x, float(lay.sha_rect.y), lay.small
    if not view.full_sha:
        line = f"Dice SHA-256 {view.sha[:10]}…"
        text(surface, fonts, fit_text(fonts.get(small), line, lay.width), (x, y), small, th.text_dim)
        text(surface, fonts, "click or S: the full one", (x, y + small * 1.35), small * 0.85, th.text_dim)
        return
    size = small * 0.9
    chunk = 32 if fonts.get(size).size(view.sha[:32])[0] <= lay.width else 16
    text(surface, fonts, "Dice SHA-256:", (x, y), small, th.text_dim)
    for i in range(0, 64, chunk):
        y += size * 1.25
        text(surface, fonts, view.sha[i : i + chunk], (x, y), size, th.text)


def _draw_hints(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    x, small = lay.rect.x + lay.pad, lay.small
    title = fit_text(fonts.get(small, True), view.hint_title, lay.width)
    text(surface, fonts, title, (x, lay.list_y), small, th.text, bold=True)
    for i, (line, chances) in enumerate(view.hints[:HINT_ROWS]):
        rect = lay.hint_rect(i)
        pygame.draw.rect(surface, mix(th.panel, th.arrow, 0.3 if i == 0 else 0.12), rect, border_radius=4)
        y = rect.y + 2
        text(surface, fonts, fit_text(fonts.get(small), line, rect.width - 6), (x + 2, y), small, th.text)
        shown = fit_text(fonts.get(small * 0.85), chances, rect.width - 6)
        text(surface, fonts, shown, (x + 2, y + small * 1.35), small * 0.85, th.text_dim)


def _draw_log(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, log: list[str]) -> None:
    if not log:
        return
    x, y, size = lay.rect.x + lay.pad, lay.list_y, lay.small
    text(surface, fonts, "Moves", (x, y), size, th.text, bold=True)
    y += size * 1.5
    room = int((lay.rect.bottom - y - size * 5.5) // (size * 1.3))
    font = fonts.get(size * 0.95)
    shown = log[-max(1, room) :]
    for i, line in enumerate(shown):
        colour = th.text if i == len(shown) - 1 else th.text_dim
        text(surface, fonts, fit_text(font, line, lay.width), (x, y), size * 0.95, colour)
        y += size * 1.3


def _draw_warning(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, warning: str) -> None:
    small = lay.small
    font = fonts.get(small * 0.85)
    lines = wrap(font, warning, lay.width)
    if len(lines) > WARNING_LINES:
        lines = [*lines[: WARNING_LINES - 1], fit_text(font, lines[WARNING_LINES - 1] + "…", lay.width)]
    y = lay.rect.bottom - lay.pad - len(lines) * small * 1.1
    for line in lines:
        text(surface, fonts, line, (lay.rect.x + lay.pad, y), small * 0.85, th.warn)
        y += small * 1.1


def hint_lines(i: int, notation: str, equity: float, probs: tuple[float, ...]) -> tuple[str, str]:
    """A hint's two lines: the move and equity; the win / gammon / backgammon chances."""
    win, gammon, backgammon = probs[0], probs[1], probs[2]
    return (
        f"{i + 1}. {notation}  {equity:+.3f}",
        f"win {win:.0%} · gammon {gammon:.0%} · bg {backgammon:.0%}",
    )
