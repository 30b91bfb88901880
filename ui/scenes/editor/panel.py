"""The position editor's geometry and its side panel: the IDs, a row for each setting with its
buttons, the grid of commands, and the last word (a refused edit, or how to edit)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from ui.scenes.editor.actions import FORM, GRID
from ui.text import N_, _
from ui.widgets.controls import Button, draw_button, fit_size, fit_text, label_size, mix, text, wrap
from ui.widgets.layout import Layout
from ui.widgets.render import Fonts
from ui.widgets.theme import Theme

MIN_EXTRA, MAX_EXTRA = 0.12, 0.22
"""The least and the most of the window's width the panel takes beyond the game's panel."""

GRID_COLUMNS = (3, 4)
"""Buttons a line in the grid of commands: three, or four in a panel wide enough."""

WIDE_GRID = 420
"""The panel's inner width (pixels) from which the grid has four buttons a line."""

FULL_BUTTON, LEAST_BUTTON, TIGHT_BUTTON = 42, 22, 16
"""The grid's buttons' height: at most, the least kept while the note below has room for
:data:`NOTE_LINES` lines, and the least at all (the smallest windows, where the note gives up its
room)."""

NOTE_LINES = 3
"""The lines the last word keeps room for (how to edit takes three in the narrowest panel)."""

XGID_WIDTH = 52 * 0.6
"""An XGID's width in a monospaced font, in font sizes (about 52 characters, each 0.6 of the size)."""

MIN_ID_SIZE = 8.0
"""The smallest font an ID is shrunk to so that it fits the panel (then it is shortened)."""

ROW_LABELS: Mapping[str, str] = {
    "adding": N_("Adding (Tab)"),
    "turn": N_("On roll (R)"),
    "dice": N_("Dice (D, 1-6)"),
    "cube": N_("Cube (V)"),
    "owner": N_("Cube owner (W)"),
    "length": N_("Match (L)"),
    "you": N_("Your score (Y)"),
    "them": N_("Opponent (T)"),
    "crawford": N_("Crawford (F)"),
    "jacoby": N_("Jacoby (J)"),
}
"""Each row's label, with its keys."""


def board_layout(size: tuple[int, int], home_left: bool) -> Layout:
    """The board's layout in a window of ``size``: narrower than the game's, so that the panel beside
    it has room for the settings, and as narrow as it can be with the board as large as then."""
    w, h = size
    least = round(w * MIN_EXTRA)
    full = Layout.compute((w - least, h), home_left)
    for extra in range(round(w * MAX_EXTRA), least, -4):
        lay = Layout.compute((w - extra, h), home_left)
        if lay.unit >= full.unit - 0.01:
            return lay
    return full


@dataclass(frozen=True)
class EditorPanel:
    """Where the panel's parts go, for one window size."""

    rect: pygame.Rect
    """The panel."""
    pad: int
    """The margin."""
    font: float
    """The rows' font size."""
    ids_y: int
    """Top of the two ID lines (GNU Backgammon's, the XGID)."""
    rows: tuple[pygame.Rect, ...]
    """Each setting's row, in the order of :data:`FORM`."""
    buttons: Mapping[str, pygame.Rect]
    """Every button, by its action's name."""
    note: pygame.Rect
    """The last word's box, at the bottom."""
    xgid_lines: int = 1
    """Lines the XGID takes: two (split after its board) where one line would be too small to read."""

    @property
    def note_line(self) -> int:
        """The height of a line of the last word (drawn at nine tenths of the rows' size)."""
        return round(self.font * 0.9 * 1.3)

    @classmethod
    def compute(cls, rect: pygame.Rect, scale: float = 1.0) -> EditorPanel:
        """The parts of a panel of ``rect``, its type at ``scale`` (the window's)."""
        pad = max(6, rect.width // 32)
        h = rect.height
        font = max(11.0, min(16.0 * scale, h * 0.024))
        ids_y = rect.y + pad
        row_h = max(16, min(round(30 * scale), round(h * 0.042)))
        xgid_lines = 1 if XGID_WIDTH * font * 0.85 <= rect.width - 2 * pad else 2  # a little smaller fits
        top = ids_y + round(font * (1.5 + 1.4 * xgid_lines)) + pad
        small = max(24, round(row_h * 1.5))
        rows: list[pygame.Rect] = []
        buttons: dict[str, pygame.Rect] = {}
        inner = rect.width - 2 * pad
        for i, (_row, names) in enumerate(FORM):
            row = pygame.Rect(rect.x + pad, top + i * row_h, inner, row_h - 2)
            rows.append(row)
            x = row.right
            for name in reversed(names):
                width = small if len(names) > 1 else round(small * 1.9)
                x -= width
                buttons[name] = pygame.Rect(x, row.y + 1, width - 3, row.height - 2)
        grid_top = top + len(FORM) * row_h + pad
        columns = GRID_COLUMNS[1] if inner >= WIDE_GRID else GRID_COLUMNS[0]
        lines = -(-len(GRID) // columns)
        gap = pad // 2
        room = rect.bottom - pad - grid_top  # for the grid and the note under it
        note_room = NOTE_LINES * round(font * 0.9 * 1.3) + pad
        bh = min(round(FULL_BUTTON * scale), round(h * 0.062), (room - note_room + gap) // lines - gap)
        if bh < LEAST_BUTTON:
            bh = max(TIGHT_BUTTON, min(LEAST_BUTTON, (room + gap) // lines - gap))
        bw = (inner - (columns - 1) * gap) // columns
        for i, name in enumerate(GRID):
            col, line = i % columns, i // columns
            x = rect.x + pad + col * (bw + gap)
            buttons[name] = pygame.Rect(x, grid_top + line * (bh + gap), bw, bh)
        note_top = grid_top + lines * (bh + gap) - gap + pad
        note = pygame.Rect(rect.x + pad, note_top, inner, max(0, rect.bottom - pad - note_top))
        return cls(rect, pad, font, ids_y, tuple(rows), buttons, note, xgid_lines)


@dataclass(frozen=True)
class PanelView:
    """What the panel shows in one frame."""

    ids: str
    """GNU Backgammon's ``POSITIONID:MATCHID``."""
    xgid: str
    """The XGID."""
    labels: Mapping[str, str]
    """Each row's label where it is not :data:`ROW_LABELS`' (the players' names)."""
    values: Mapping[str, str]
    """Each row's value, by the row's name."""
    note: str
    """The last word: a refused edit, or how to edit."""
    warn: bool
    """The note is a refusal (drawn in the warning colour)."""


LABEL_SHARE, LABEL_SHARE_MOST = 0.41, 0.6
"""The share of a row the row's name takes: 41%, up to 60% where a longer language's names need it
(the values, short, take the rest up to the row's buttons)."""


def draw_panel(
    surface: pygame.Surface,
    fonts: Fonts,
    th: Theme,
    panel: EditorPanel,
    view: PanelView,
    buttons: list[Button],
    mouse: tuple[int, int],
) -> None:
    """The panel: IDs, rows, buttons, the last word."""
    pygame.draw.rect(surface, th.panel, panel.rect)
    pygame.draw.line(surface, mix(th.panel, th.text, 0.25), panel.rect.topleft, panel.rect.bottomleft)
    size = panel.font
    y = panel.ids_y
    x, room = panel.rect.x + panel.pad, panel.rect.width - 2 * panel.pad
    r = text(surface, fonts, _("GNU IDs"), (x, y), size * 0.85, th.text_dim)
    head, colon, tail = view.xgid.partition(":")
    xgid = [(view.xgid, x)] if panel.xgid_lines == 1 else [(head + colon, x), (tail, x)]
    for value, left in ((view.ids, r.right + 8), *xgid):
        fitted = size
        while fitted > MIN_ID_SIZE and fonts.get(fitted, mono=True).size(value)[0] > x + room - left:
            fitted -= 0.5
        value = fit_text(fonts.get(fitted, mono=True), value, x + room - left)
        text(surface, fonts, value, (left, y - 1 + (size - fitted) * 0.5), fitted, th.text, mono=True)
        y += round(size * 1.4)
    labels = {name: view.labels.get(name, _(ROW_LABELS[name])) for name, _actions in FORM}
    row_w = panel.rows[0].width if panel.rows else 0
    widest = max((fonts.get(size * 0.9).size(words)[0] for words in labels.values()), default=0)
    values = [  # the most each row's name may take and leave its value whole
        min(panel.buttons[a].x for a in actions)
        - 4
        - fonts.get(size * 0.8, True).size(view.values.get(name, ""))[0]  # a value may shrink a little
        - row.x
        - round(row.width * 0.01)
        for (name, actions), row in zip(FORM, panel.rows, strict=True)
    ]
    label_w = max(  # a longer language's names get more room, never their values' own
        round(row_w * LABEL_SHARE), min(widest + 6, round(row_w * LABEL_SHARE_MOST), min(values, default=0))
    )
    at = fit_size(fonts, [(words, False, label_w) for words in labels.values()], size * 0.9)  # one size
    for (name, actions), row in zip(FORM, panel.rows, strict=True):
        label = fit_text(fonts.get(at), labels[name], label_w)
        text(surface, fonts, label, (row.x, row.centery), at, th.text_dim, anchor="midleft")
        value_x = round(row.x + label_w + row.width * 0.01)
        room = min(panel.buttons[a].x for a in actions) - 4 - value_x  # up to the row's buttons
        shown = view.values.get(name, "")
        fitted = fit_size(fonts, [(shown, True, room)], size)  # smaller where a longer name took room
        value = fit_text(fonts.get(fitted, True), shown, room)
        text(surface, fonts, value, (value_x, row.centery), fitted, th.text, True, "midleft")
    grid = [b for b in buttons if b.key in GRID]
    rows = [b for b in buttons if b.key not in GRID]
    for group in (grid, rows):
        size = label_size(fonts, group)
        for b in group:
            draw_button(surface, fonts, th, b, mouse, size)
    colour = th.warn if view.warn else th.text_dim
    y = panel.note.y
    for line in note_lines(fonts, panel, view.note):
        text(surface, fonts, line, (panel.note.x, y), size * 0.9, colour)
        y += panel.note_line


def note_lines(fonts: Fonts, panel: EditorPanel, note: str) -> list[str]:
    """The lines of the last word that its box holds (the last ends in an ellipsis when more is left)."""
    return wrap(fonts.get(panel.font * 0.9), note, panel.note.width, panel.note.height // panel.note_line)
