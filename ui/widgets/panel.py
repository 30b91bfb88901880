"""The side panel: its layout (computed once per window size) and its drawing from a PanelView."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui.text import N_, _
from ui.widgets.controls import (
    LABEL_SHARE,
    Button,
    draw_button,
    fit_size,
    fit_text,
    label_size,
    mix,
    mouse_pos,
    progress_bar,
    spinner,
    text,
    wrap,
)
from ui.widgets.layout import BASE_SIZE, SCALE_RANGE
from ui.widgets.move_list import MoveRow, Shown, draw_moves, first_for, plan, scroll_bar
from ui.widgets.render import Fonts
from ui.widgets.theme import Theme

HINT_ROWS = 3
"""Hints the panel keeps room for below its buttons (more are scrolled to)."""
TITLE_EMS = 7.8
"""The panel's title ("Backgammon", bold) is about this many times its size wide."""
MIN_BUTTON_H = 20
"""The lowest a panel button gets in a small window."""
INFO_LINES = 3
"""Lines for the level and the colours (each wrapped, the two together in at most three lines)."""
LABEL_GROWTH_MOST = 2.0
"""The most a panel label's room grows for a longer language than English (see :func:`longer`)."""


def longer(msgid: str, fonts: Fonts | None = None) -> float:
    """How much longer ``msgid`` is in the player's language than in English (1: no longer, at most
    :data:`LABEL_GROWTH_MOST`): the room a label of the panel is given grows with it. Measured in
    bold with ``fonts`` (Cyrillic's letters are wider than Latin ones, Japanese ones wider still),
    else guessed from the number of characters."""
    if fonts is not None:
        font = fonts.get(16, True)
        ratio = font.size(_(msgid))[0] / max(1, font.size(msgid)[0])
    else:
        ratio = len(_(msgid)) / max(1, len(msgid))
    return min(LABEL_GROWTH_MOST, max(1.0, ratio))


LEGIBLE = 9.0
"""The smallest a heading is shrunk to before a shorter one is taken."""

COLUMN_W = 150
"""The least width of a column of buttons: two columns, three or four in a wider panel."""
TITLE = N_("Backgammon")
"""The panel's title (a msgid)."""
EDIT = N_("Edit (E)")
"""The Edit button's label (a msgid)."""
ROLLOUT = N_("Rollout (O)")
"""The Rollout button's label (a msgid)."""
MAP, EVALUATE = N_("Map"), N_("Evaluate")
"""The analysis buttons' labels, as the game's actions table names them (msgids)."""
# TRANSLATORS: the button that shows why the hints are ranked as they are (or why to double or not); W
# is its key
WHY = N_("Why (W)")
"""The Why button's label (a msgid): the reasons of the hints, or of the cube hint before the roll."""
GROWN = (TITLE, EDIT, ROLLOUT, MAP, EVALUATE, WHY)
"""The panel's labels whose room grows with their length in the language shown."""
CHANCES_EMS = 31 * 0.88
"""Both sides' chances on one line are about this many times the panel's text size wide."""


def hint_height(width: int, small: float) -> float:
    """A hint's height with the gap after it, in pixels, for the room kept for :data:`HINT_ROWS`
    hints: its move, and both sides' chances on one line, or on two in a narrow panel."""
    lines = 1 if CHANCES_EMS * small <= width else 2
    return small * (1.3 + 0.88 * 1.3 * lines + 0.35)


def edit_width(fonts: Fonts, room: int, most: int, height: int) -> int:
    """The Edit button's width on the title line of ``room`` pixels (less the gap): at most ``most``
    (its room grown with the language), no wider than its label needs at the size a button ``height``
    high draws it, and narrower still where the title would not fit beside it at a legible size (a
    longer language's label then shrinks to fit, down to 9 pixels)."""
    need = fonts.get(height * LABEL_SHARE[1], True).size(_(EDIT))[0] + 10
    title = fonts.get(LEGIBLE + 1, True).size(_(TITLE))[0]
    return max(44, min(most, need, room - title))


def panel_scale(window_h: int) -> float:
    """The type's scale of a panel in a window ``window_h`` high (as :func:`layout.type_scale`)."""
    return max(SCALE_RANGE[0], min(SCALE_RANGE[1], window_h / BASE_SIZE[1]))


@dataclass(frozen=True)
class PanelLayout:
    """Where everything in the side panel goes, for one panel rectangle."""

    rect: pygame.Rect
    """The panel."""
    pad: int
    """The margin."""
    big: float
    """The title's font size (as large as fits beside the Edit button)."""
    small: float
    """The body's font size."""
    info_y: float
    """Top of the level and colour lines."""
    sha_rect: pygame.Rect
    """The SHA-256 lines (a click shows the full one)."""
    busy_y: float
    """Top of the thinking indicator (over the SHA-256's lines, which it hides while it is shown)."""
    buttons: tuple[pygame.Rect, ...]
    """The button rectangles, in rows of two, three or four."""
    list_y: float
    """Top of the heading over the hints or the move list."""
    edit_rect: pygame.Rect
    """The Edit button (the position editor), on the title line right of the title."""
    growth: tuple[tuple[str, float], ...] = ()
    """How much longer each of :data:`GROWN` is in the language shown, measured (empty: guessed)."""

    def longer(self, msgid: str) -> float:
        """How much more room the label ``msgid`` gets (:func:`longer`, measured where it was)."""
        return dict(self.growth).get(msgid) or longer(msgid)

    @classmethod
    def compute(
        cls,
        rect: pygame.Rect,
        buttons: int,
        window_h: int,
        scale: float | None = None,
        fonts: Fonts | None = None,
    ) -> PanelLayout:
        """The layout for a panel of ``rect`` with ``buttons`` buttons in a window ``window_h`` high;
        the type at ``scale`` (None: :func:`panel_scale` of the window's height); ``fonts``: the
        labels' lengths in the language shown measured with them."""
        growth = tuple((m, longer(m, fonts)) for m in GROWN) if fonts is not None else ()
        grown = dict(growth)
        k = panel_scale(window_h) if scale is None else scale
        pad = max(6, round(10 * k))
        small = max(11.0, 13.5 * k)
        inner = rect.width - 2 * pad
        edit_w, edit_h = max(44, round(small * 5.2 * grown.get(EDIT, longer(EDIT)))), round(small * 1.7)
        if fonts is not None:
            edit_w = edit_width(fonts, inner - pad, edit_w, edit_h)
        big = max(12.0, min(22.0 * k, (inner - edit_w - pad) / (TITLE_EMS * grown.get(TITLE, longer(TITLE)))))
        title_h = max(big * 1.3, edit_h)
        edit = pygame.Rect(
            rect.right - pad - edit_w, round(rect.y + pad + (title_h - edit_h) / 2), edit_w, edit_h
        )
        info_y = rect.y + pad + title_h + small * 0.3
        sha_y = info_y + INFO_LINES * small * 1.35
        sha_rect = pygame.Rect(rect.x + pad, round(sha_y), inner, round(small * 1.35 * 3))
        busy_y = sha_rect.y
        top = round(sha_rect.bottom + small * 0.3)
        columns = max(2, min(4, inner // COLUMN_W))
        rows = -(-buttons // columns)
        heading = small * 1.9
        hints = round(heading + HINT_ROWS * hint_height(inner, small)) + pad
        room = rect.bottom - top - pad - hints  # a small window shrinks the buttons first
        gap = max(4, pad // 2 + 2)
        bh = max(30, min(round(52 * k), round(window_h * 0.055)))
        bh = max(MIN_BUTTON_H, min(bh, room // max(1, rows) - gap))
        w = (inner - (columns - 1) * pad) // columns
        rects = tuple(
            pygame.Rect(rect.x + pad + (i % columns) * (w + pad), top + (i // columns) * (bh + gap), w, bh)
            for i in range(buttons)
        )
        list_y = (rects[-1].bottom if rects else top) + pad * 1.5
        return cls(rect, pad, big, small, info_y, sha_rect, busy_y, rects, list_y, edit, growth)

    @property
    def width(self) -> int:
        """The width inside the margins."""
        return self.rect.width - 2 * self.pad

    @property
    def heading_h(self) -> float:
        """The height of the heading row over the hints or the Moves list."""
        return self.small * 1.9

    @property
    def log_y(self) -> float:
        """Top of the Moves list's first line (under its heading)."""
        return self.list_y + self.heading_h

    @property
    def log_line(self) -> float:
        """The height of a line of the Moves list."""
        return self.small * 1.3

    @property
    def rollout_rect(self) -> pygame.Rect:
        """The Rollout button, at the right end of the heading over the hints or the Moves list."""
        w = max(64, round(self.small * 6.4 * self.longer(ROLLOUT)))
        h = round(self.small * 1.6)
        return pygame.Rect(self.rect.right - self.pad - w, round(self.list_y), w, h)

    def analysis_rect(self, index: int, widths: tuple[int, int] | None = None) -> pygame.Rect:
        """Button ``index`` of the heading row before the roll (0: the temperature map, 1: Evaluate),
        left of the Rollout button, where the Moves heading is otherwise; ``widths``: their labels'
        widths in bold at the panel's text size, measured (else guessed from the words' lengths)."""
        r, gap = self.rollout_rect, self.pad // 2
        left = self.rect.x + self.pad
        ems = (2.8 * self.longer(MAP), 5.2 * self.longer(EVALUATE))  # "Map", "Evaluate" at the text's size
        if widths is not None:  # each label's own width and a margin, at least the guess
            ems = (max(ems[0], widths[0] / self.small + 1.2), max(ems[1], widths[1] / self.small + 1.2))
        share = min(self.small, (r.left - gap - left - gap) / sum(ems))
        x = left + sum(round(e * share) + gap for e in ems[:index])
        return pygame.Rect(x, r.y, round(ems[index] * share), r.height)

    def hints_rect(self, bottom: float | None = None) -> pygame.Rect:
        """The box of the hints, under their heading (to ``bottom``: default, the panel's foot)."""
        y = round(self.list_y + self.heading_h)
        end = self.rect.bottom - self.pad if bottom is None else bottom
        return pygame.Rect(self.rect.x + self.pad, y, self.width, max(0, round(end) - y))


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
    hints: list[MoveRow] = field(default_factory=list)
    """Every move of the hint, best first."""
    hint_top: int = 0
    """The first hint in view (the list scrolls)."""
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
    why: Button | None = None
    """The Why button, when there are reasons to show (the hints', or before the roll the cube
    hint's), at the foot of the hints or the Moves list (:func:`foot_button`)."""
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
    """Where ``warning`` is drawn whole: at the foot of the panel (the Moves list, or the hints when
    :data:`HINT_ROWS` of them keep room above it, give it room), or where the foot has no room for it
    (a small window), over the lines at the top."""
    if not warning:
        return None
    lines = tuple(wrap(fonts.get(lay.small * 0.85), warning, lay.width))
    height = round(len(lines) * lay.small * 1.1)
    rect = pygame.Rect(lay.rect.x + lay.pad, lay.rect.bottom - lay.pad - height, lay.width, height)
    moves = lay.log_y + lay.log_line + lay.small * 0.5  # the Moves heading and one line above it
    floor = lay.log_y + min(hints, HINT_ROWS) * hint_height(lay.width, lay.small) if hints else moves
    if rect.y >= floor:
        return WarningBox(lines, rect, False)
    rect.y = lay.rect.y + lay.pad
    return WarningBox(lines, rect, True)


def _list_bottom(fonts: Fonts, lay: PanelLayout, warning: str, hints: int = 0) -> float:
    """Where the hints or the Moves list end: above the warning, if it is at the foot."""
    box = warning_box(fonts, lay, warning, hints)
    if box is not None and not box.over_header:
        return box.rect.y - lay.small * 0.5
    return lay.rect.bottom - lay.pad


def foot_button(fonts: Fonts, lay: PanelLayout, warning: str, hints: int = 0) -> pygame.Rect:
    """The Why button (the reasons of the hints, or before the roll of the cube hint), at the right
    of the foot of the hints or the Moves list (above the warning, if it is at the foot): the
    heading row over them holds their title or Map and Evaluate, and Rollout."""
    bottom = _list_bottom(fonts, lay, warning, hints)
    w, h = max(48, round(lay.small * 5.0 * lay.longer(WHY))), lay.rollout_rect.height
    return pygame.Rect(lay.rect.right - lay.pad - w, round(bottom) - h, w, h)


def _above_foot(fonts: Fonts, lay: PanelLayout, warning: str, hints: int, foot: bool) -> float:
    """Where the hints or the Moves list end: above the Why button when ``foot``."""
    if foot:
        return foot_button(fonts, lay, warning, hints).y - lay.pad / 2
    return _list_bottom(fonts, lay, warning, hints)


def log_rows(fonts: Fonts, lay: PanelLayout, warning: str, foot: bool = False) -> int:
    """How many lines of the Moves list fit (above the warning, if it is at the foot, and above the
    Why button when ``foot``)."""
    return max(0, int((_above_foot(fonts, lay, warning, 0, foot) - lay.log_y) // lay.log_line))


def hint_box(fonts: Fonts, lay: PanelLayout, warning: str, hints: int, foot: bool = False) -> pygame.Rect:
    """The box the hints are listed in (above the warning, if it is at the foot, and above the Why
    button when ``foot``)."""
    return lay.hints_rect(_above_foot(fonts, lay, warning, hints, foot))


def hints_shown(fonts: Fonts, lay: PanelLayout, view: PanelView) -> list[Shown]:
    """The hints in view, from the first scrolled to, with their boxes (where a click picks one)."""
    box = hint_box(fonts, lay, view.warning, len(view.hints), view.why is not None)
    return plan(fonts, box, view.hints, view.hint_top, lay.small)


def hint_top(fonts: Fonts, lay: PanelLayout, view: PanelView, top: int) -> int:
    """``top`` kept within the hints: no further down than where the last hint is in view."""
    box = hint_box(fonts, lay, view.warning, len(view.hints), view.why is not None)
    return first_for(fonts, box, view.hints, top, lay.small) if view.hints else 0


def draw_panel(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    """The whole side panel."""
    pr = lay.rect
    pygame.draw.rect(surface, th.panel, pr)
    pygame.draw.line(surface, mix(th.panel, th.text, 0.25), pr.topleft, pr.bottomleft)
    x, small = pr.x + lay.pad, lay.small
    title_y = lay.edit_rect.centery
    title = _(TITLE)
    room = (lay.edit_rect.left - lay.pad - x) if view.edit is not None else lay.width
    big = fit_size(fonts, [(title, True, room)], lay.big)  # a longer language: smaller, not under Edit
    text(surface, fonts, title, (x, title_y), big, th.text, bold=True, anchor="midleft")
    y = lay.info_y
    size, lines = info_lines(fonts, lay, view)
    for line in lines:
        text(surface, fonts, line, (x, y), size, th.text_dim)
        y += small * 1.35
    if not view.busy:
        _draw_sha(surface, fonts, th, lay, view)
    box = warning_box(fonts, lay, view.warning, len(view.hints))
    if box is not None and box.over_header:  # under the thinking indicator, which comes and goes
        _draw_warning(surface, fonts, th, lay, box)
    if view.busy:
        _draw_busy(surface, fonts, th, lay, view)
    mouse = mouse_pos()
    for b in view.buttons:
        draw_button(surface, fonts, th, b, mouse, label_size(fonts, view.buttons))
    heading = [b for b in (*view.analysis, view.why, view.rollout, view.edit) if b is not None]
    for b in heading:
        draw_button(surface, fonts, th, b, mouse, label_size(fonts, heading))
    if view.hints:
        _draw_hints(surface, fonts, th, lay, view)
    else:
        _draw_log(surface, fonts, th, lay, view, log_rows(fonts, lay, view.warning, view.why is not None))
    if box is not None and not box.over_header:
        _draw_warning(surface, fonts, th, lay, box)


def info_lines(fonts: Fonts, lay: PanelLayout, view: PanelView) -> tuple[float, list[str]]:
    """The level's and the colours' lines and their size: each wrapped, the two in at most
    :data:`INFO_LINES` lines, smaller where long names need it (to 9 pixels; then cut)."""
    size = lay.small
    while True:
        font = fonts.get(size)
        level, colour = wrap(font, view.level, lay.width), wrap(font, view.colour, lay.width)
        if len(level) + len(colour) <= INFO_LINES or size <= 9:
            break
        size -= 0.5
    level = wrap(font, view.level, lay.width, INFO_LINES - 1)
    return size, [*level, *wrap(font, view.colour, lay.width, INFO_LINES - len(level))]


def _draw_busy(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    """The spinner, what the computer does (as large as fits beside it), and the progress bar."""
    x, small = lay.rect.x + lay.pad, lay.small
    sp = round(small * 0.9)
    y = lay.busy_y
    spinner(surface, th, (x + sp, round(y + sp)), sp, view.spin)
    room = lay.width - 2 * sp - 8
    size = small
    while size > 8 and fonts.get(size, True).size(view.busy)[0] > room:
        size -= 0.5
    words = fit_text(fonts.get(size, True), view.busy, room)
    text(surface, fonts, words, (x + 2 * sp + 8, y + sp), size, th.text, bold=True, anchor="midleft")
    bar = pygame.Rect(x, round(y + 2 * sp + 6), lay.width, max(5, round(small * 0.45)))
    progress_bar(surface, th, bar, view.progress)


def _draw_sha(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    """The seed's SHA-256: its first digits (as many as fit) and how to see it all; or all of it, in
    the monospaced font, two lines of 32 digits (smaller where the panel is narrow)."""
    x, y, small = lay.sha_rect.x, float(lay.sha_rect.y), lay.small
    font = fonts.get(small)
    if not view.full_sha:
        digits, said = 16, _("Dice SHA-256 {sha}…")
        while digits > 6 and font.size(said.format(sha=view.sha[:digits]))[0] > lay.width:
            digits -= 1
        shown = said.format(sha=view.sha[:digits])
        at = fit_size(fonts, [(shown, False, lay.width)], small)  # a longer language: smaller
        text(surface, fonts, shown, (x, y), at, th.text_dim)
        hint = _("click or S: the full one")
        size = small * 0.85
        while size > 8 and fonts.get(size).size(hint)[0] > lay.width:
            size -= 0.5
        text(surface, fonts, hint, (x, y + small * 1.35), size, th.text_dim)
        return
    size = small * 0.9
    while size > 8 and fonts.get(size, mono=True).size(view.sha[:32])[0] > lay.width:
        size -= 0.5
    text(surface, fonts, _("Dice SHA-256:"), (x, y), small, th.text_dim)
    for i in range(0, 64, 32):
        y += small * 1.3
        text(surface, fonts, view.sha[i : i + 32], (x, y), size, th.text, mono=True)


def _heading(fonts: Fonts, lay: PanelLayout, view: PanelView, words: list[str]) -> tuple[str, float]:
    """The first of ``words`` that fits the heading row left of its buttons, and its size (the last
    one shrunk to fit)."""
    right = view.rollout.rect.left - lay.pad if view.rollout is not None else lay.rect.right - lay.pad
    room = right - (lay.rect.x + lay.pad)
    for w in words:
        if fonts.get(lay.small, True).size(w)[0] <= room:
            return w, lay.small
    for w in words:  # shrunk, down to a legible size
        size = fit_size(fonts, [(w, True, room)], lay.small, LEGIBLE)
        if fonts.get(size, True).size(w)[0] <= room:
            return w, size
    size = lay.small
    while size > 8 and fonts.get(size, True).size(words[-1])[0] > room:
        size -= 0.5
    return words[-1], size


def _draw_hints(surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView) -> None:
    """The heading (with the keys where they fit) and every hint in view, scrolled."""
    x = lay.rect.x + lay.pad
    full = f"{view.hint_title}: {view.hint_keys}" if view.hint_keys else view.hint_title
    title, size = _heading(fonts, lay, view, [full, view.hint_title, _("Hint")])  # the last: short
    y = lay.list_y + lay.small * 0.8
    text(surface, fonts, title, (x, y), size, th.text, bold=True, anchor="midleft")
    box = hint_box(fonts, lay, view.warning, len(view.hints), view.why is not None)
    draw_moves(surface, fonts, th, box, view.hints, view.hint_top, lay.small)


def _draw_log(
    surface: pygame.Surface, fonts: Fonts, th: Theme, lay: PanelLayout, view: PanelView, rows: int
) -> None:
    """The Moves list from its first line shown, the newest line brighter; where some lines are out of
    view, which are shown and a scroll bar."""
    log = view.log
    if not log or rows <= 0:
        return
    x, size = lay.rect.x + lay.pad, lay.small
    first = LogScroll(view.log_top).first(len(log), rows)
    shown = log[first : first + rows]
    if not view.analysis:  # else the heading row holds their buttons
        mid = lay.list_y + size * 0.8
        r = text(surface, fonts, _("Moves"), (x, mid), size, th.text, bold=True, anchor="midleft")
        right = view.rollout.rect.left - lay.pad if view.rollout is not None else lay.rect.right - lay.pad
        where = _("{first}-{last} of {total}").format(
            first=first + 1, last=first + len(shown), total=len(log)
        )
        at = fit_size(fonts, [(where, False, right - r.right - lay.pad)], size * 0.85)
        if len(log) > rows:
            text(surface, fonts, where, (right, mid), at, th.text_dim, anchor="midright")
    if len(log) > rows:
        track = pygame.Rect(
            lay.rect.right - lay.pad // 2 - 3, round(lay.log_y), 3, round(rows * lay.log_line)
        )
        scroll_bar(surface, th, track, first, rows, len(log))
    font_size = size * 0.95
    font = fonts.get(font_size)
    y = lay.log_y
    for i, line in enumerate(shown, start=first):
        colour = th.text if i == len(log) - 1 else th.text_dim
        at = font_size
        while at > 8 and font.size(line)[0] > lay.width - 6:
            at -= 0.5
            font = fonts.get(at)
        text(surface, fonts, line, (x, y), at, colour)
        font = fonts.get(font_size)
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
