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

HINT_ROWS = 3
"""Hints the panel has room for."""
TITLE_EMS = 7.8
"""The panel's title ("Backgammon", bold) is about this many times its size wide."""
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
        hints = round(small * (1.6 + HINT_ROWS * 3.1)) + pad  # the hints under the buttons, whole
        room = rect.bottom - top - pad - hints - 2 * pad  # a small window shrinks the buttons first
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

    @property
    def log_y(self) -> float:
        """Top of the Moves list's first line (under its heading)."""
        return self.list_y + self.small * 1.5

    @property
    def log_line(self) -> float:
        """The height of a line of the Moves list."""
        return self.small * 1.3

    @property
    def rollout_rect(self) -> pygame.Rect:
        """The Rollout button, at the right end of the heading over the hints or the Moves list."""
        w = max(64, round(self.width * 0.36))
        h = round(self.small * 1.45)
        return pygame.Rect(self.rect.right - self.pad - w, round(self.list_y - self.small * 0.25), w, h)

    def analysis_rect(self, index: int) -> pygame.Rect:
        """Button ``index`` of the heading row before the roll (0: the temperature map, 1: Evaluate),
        left of the Rollout button, where the Moves heading is otherwise."""
        r, gap = self.rollout_rect, self.pad // 2
        left = self.rect.x + self.pad
        w = (r.left - gap - left - gap) // 2
        return pygame.Rect(left + index * (w + gap), r.y, w, r.height)

    @property
    def edit_rect(self) -> pygame.Rect:
        """The Edit button (the position editor), on the title line right of the title."""
        title_right = self.rect.x + self.pad + TITLE_EMS * self.big
        w = max(44, min(round(self.width * 0.36), round(self.rect.right - 2 * self.pad - title_right)))
        h = round(self.small * 1.6)
        y = round(self.rect.y + self.pad + (self.big * 1.25 - h) / 2)
        return pygame.Rect(self.rect.right - self.pad - w, y, w, h)

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
    """The heading over the hints (``Hints at depth 2``)."""
    hint_keys: str = ""
    """How to pick a hint (``click, or 1-3``): after the heading where the room allows."""
    log: list[str] = field(default_factory=list)
    """Every turn so far, newest last."""
    log_top: int | None = None
    """The first line of the Moves list shown; None: the newest lines."""
    warning: str = ""
    """Why the AI is weaker than usual."""
    buttons: list[Button] = field(default_factory=list)
    """The buttons with their states."""
    rollout: Button | None = None
    """The Rollout button in the heading over the hints or the Moves list, when a rollout can start."""
    analysis: list[Button] = field(default_factory=list)
    """Before the roll: the temperature map and Evaluate buttons, in the heading row (for the Moves
    heading)."""
    edit: Button | None = None
    """The Edit button on the title line (the position editor)."""


@dataclass
class LogScroll:
    """Where the Moves list is scrolled to: the newest lines, unless the player scrolled back."""

    top: int | None = None
    """The first line shown; None: the newest lines (the list follows the game)."""

    def first(self, count: int, rows: int) -> int:
        """The first line shown of ``count`` lines with room for ``rows``."""
        newest = max(0, count - rows)
        return newest if self.top is None else min(self.top, newest)

    def scroll(self, lines: int, count: int, rows: int) -> None:
        """Move by ``lines`` (negative: back to older ones), within the list; back at the newest
        lines the list follows the game again."""
        top = max(0, self.first(count, rows) + lines)
        self.top = None if top >= max(0, count - rows) else top


@dataclass(frozen=True)
class WarningBox:
    """A warning wrapped whole, and where it goes in the panel."""

    lines: tuple[str, ...]
    """The warning's lines."""
    rect: pygame.Rect
    """Where they are drawn."""
    over_header: bool
    """Drawn over the title, level and seed lines: there is no room for it under the buttons."""


def warning_box(fonts: Fonts, lay: PanelLayout, warning: str, hints: int = 0) -> WarningBox | None:
    """Where ``warning`` is drawn whole: at the foot of the panel (the Moves list gives it room), or
    where the foot has no room for it (a small window, or ``hints`` hints shown), over the lines at
    the top."""
    if not warning:
        return None
    lines = tuple(wrap(fonts.get(lay.small * 0.85), warning, lay.width))
    height = round(len(lines) * lay.small * 1.1)
    rect = pygame.Rect(lay.rect.x + lay.pad, lay.rect.bottom - lay.pad - height, lay.width, height)
    moves = lay.log_y + lay.log_line + lay.small * 0.5  # the Moves heading and one line above it
    floor = lay.hint_rect(min(hints, HINT_ROWS) - 1).bottom + lay.small * 0.5 if hints else moves
    if rect.y >= floor:
        return WarningBox(lines, rect, False)
    rect.y = lay.rect.y + lay.pad
    return WarningBox(lines, rect, True)


def log_rows(fonts: Fonts, lay: PanelLayout, warning: str) -> int:
    """How many lines of the Moves list fit (above the warning, if it is at the foot)."""
    box = warning_box(fonts, lay, warning)
    bottom = (
        box.rect.y - lay.small * 0.5 if box is not None and not box.over_header else lay.rect.bottom - lay.pad
    )
    return max(0, int((bottom - lay.log_y) // lay.log_line))


def draw_panel(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    """The whole side panel."""
    pr = lay.rect
    pygame.draw.rect(surface, th.panel, pr)
    pygame.draw.line(surface, mix(th.panel, th.text, 0.25), pr.topleft, pr.bottomleft)
    x, small = pr.x + lay.pad, lay.small
    text(surface, fonts, "Backgammon", (x, pr.y + lay.pad), lay.big, th.text, bold=True)
    y = lay.info_y
    for line in [*wrap(fonts.get(small), view.level, lay.width, 2), view.colour]:
        text(surface, fonts, line, (x, y), small, th.text_dim)
        y += small * 1.35
    _draw_sha(surface, fonts, th, lay, view)
    box = warning_box(fonts, lay, view.warning, len(view.hints))
    if box is not None and box.over_header:  # under the thinking indicator, which comes and goes
        _draw_warning(surface, fonts, th, lay, box)
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
        _draw_log(surface, fonts, th, lay, view, log_rows(fonts, lay, view.warning))
    if view.rollout is not None:
        draw_button(surface, fonts, th, view.rollout, mouse)
    for b in view.analysis:
        draw_button(surface, fonts, th, b, mouse)
    if view.edit is not None:
        draw_button(surface, fonts, th, view.edit, mouse)
    if box is not None and not box.over_header:
        _draw_warning(surface, fonts, th, lay, box)


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
    room = lay.width - (lay.rollout_rect.width + lay.pad if view.rollout is not None else 0)
    font = fonts.get(small, True)
    full = f"{view.hint_title}: {view.hint_keys}" if view.hint_keys else view.hint_title
    title = full if font.size(full)[0] <= room else fit_text(font, view.hint_title, room)
    text(surface, fonts, title, (x, lay.list_y), small, th.text, bold=True)
    for i, (line, chances) in enumerate(view.hints[:HINT_ROWS]):
        rect = lay.hint_rect(i)
        pygame.draw.rect(surface, mix(th.panel, th.arrow, 0.3 if i == 0 else 0.12), rect, border_radius=4)
        y = rect.y + 2
        text(surface, fonts, fit_text(fonts.get(small), line, rect.width - 6), (x + 2, y), small, th.text)
        shown = fit_text(fonts.get(small * 0.85), chances, rect.width - 6)
        text(surface, fonts, shown, (x + 2, y + small * 1.35), small * 0.85, th.text_dim)


def _draw_log(
    surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView, rows: int
) -> None:
    """The Moves list from its first line shown, the newest line brighter; where some lines are out of
    view, which are shown and a scroll bar."""
    log = view.log
    if not log or rows <= 0:
        return
    x, y, size = lay.rect.x + lay.pad, lay.list_y, lay.small
    if not view.analysis:  # else the heading row holds their buttons
        text(surface, fonts, "Moves", (x, y), size, th.text, bold=True)
    first = LogScroll(view.log_top).first(len(log), rows)
    shown = log[first : first + rows]
    if len(log) > rows and not view.analysis:
        where = f"{first + 1}-{first + len(shown)} of {len(log)}"
        right = lay.rollout_rect.left - lay.pad if view.rollout is not None else lay.rect.right - lay.pad
        text(surface, fonts, where, (right, y), size * 0.85, th.text_dim, anchor="topright")
    if len(log) > rows:
        track = pygame.Rect(
            lay.rect.right - lay.pad // 2 - 3, round(lay.log_y), 3, round(rows * lay.log_line)
        )
        thumb = track.copy()
        thumb.height = max(8, track.height * rows // len(log))
        thumb.y = track.y + round((track.height - thumb.height) * first / (len(log) - rows))
        pygame.draw.rect(surface, mix(th.panel, th.text, 0.12), track, border_radius=1)
        pygame.draw.rect(surface, mix(th.panel, th.text, 0.5), thumb, border_radius=1)
    font = fonts.get(size * 0.95)
    y = lay.log_y
    for i, line in enumerate(shown, start=first):
        colour = th.text if i == len(log) - 1 else th.text_dim
        text(surface, fonts, fit_text(font, line, lay.width - 4), (x, y), size * 0.95, colour)
        y += lay.log_line


def _draw_warning(
    surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, box: WarningBox
) -> None:
    """The warning's lines; over the top lines, on a box of its own that hides them."""
    if box.over_header:
        back = box.rect.inflate(lay.pad, lay.pad // 2 + 2)
        pygame.draw.rect(surface, mix(th.panel, th.warn, 0.12), back, border_radius=4)
        pygame.draw.rect(surface, th.warn, back, 1, border_radius=4)
    y = float(box.rect.y)
    for line in box.lines:
        text(surface, fonts, line, (box.rect.x, y), lay.small * 0.85, th.warn)
        y += lay.small * 1.1


def hint_lines(i: int, notation: str, equity: float, probs: tuple[float, ...]) -> tuple[str, str]:
    """A hint's two lines: the move and equity; the win / gammon / backgammon chances."""
    win, gammon, backgammon = probs[0], probs[1], probs[2]
    return (
        f"{i + 1}. {notation}  {equity:+.3f}",
        f"win {win:.0%} · gammon {gammon:.0%} · bg {backgammon:.0%}",
    )
