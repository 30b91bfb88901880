"""An explanation drawn (issue 53): its sentences, then the facts side by side, the value each reason
favours in the accent colour; laid out in lines that a box shows from a first line on (it scrolls).

The words and the table come from :mod:`ui.text.explain` (:func:`~ui.text.explain.why_move` and
:func:`~ui.text.explain.move_rows`, or the cube's); this module only places them: every sentence
and every cell is wrapped to its width, never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.facts.why import Favours
from ui.text.explain import Row
from ui.widgets.controls import text, wrap
from ui.widgets.render import Fonts
from ui.widgets.theme import Colour, Theme

LINE = 1.3
"""A line's height, in text sizes."""

GAP = 0.45
"""The space after a sentence and before the table, in text sizes."""

LABEL_SHARE = (0.44, 0.4)
"""The labels' share of a table's width: with two moves' values beside them, and with one."""

TABLE = 0.92
"""The table's text size, as a share of the sentences'."""


@dataclass(frozen=True)
class Cell:
    """One piece of a line: words at an offset from the line's left."""

    x: int
    """Pixels from the left of the box."""
    words: str
    """The text."""
    colour: Colour
    """Its colour."""
    bold: bool = False
    """Drawn in bold."""


@dataclass(frozen=True)
class Line:
    """One line of an explanation as drawn."""

    cells: tuple[Cell, ...]
    """What is on it."""
    size: float
    """Its text size."""
    height: int
    """Its height, with the gap after it."""


def _wrapped(fonts: Fonts, words: str, width: int, size: float, bold: bool = False) -> list[str]:
    return wrap(fonts.get(size, bold), words, max(8, width)) or [""]


def sentence_lines(
    fonts: Fonts, th: Theme, width: int, size: float, sentences: Sequence[str], first_bold: bool = True
) -> list[Line]:
    """The sentences wrapped to ``width``, the first one (the headline) in bold."""
    out: list[Line] = []
    for i, sentence in enumerate(sentences):
        bold = first_bold and i == 0
        parts = _wrapped(fonts, sentence, width, size, bold)
        for k, part in enumerate(parts):
            gap = GAP if k == len(parts) - 1 else 0.0
            out.append(Line((Cell(0, part, th.text, bold),), size, round(size * (LINE + gap))))
    return out


def table_lines(
    fonts: Fonts, th: Theme, width: int, size: float, rows: Sequence[Row], heads: tuple[str, str] | None
) -> list[Line]:
    """The facts in columns: a label, then the value after each move (``heads``: the two moves, a
    heading line over their columns), or one value (a cube decision). A value a reason names is in
    the accent colour, where it favours its move."""
    size *= TABLE
    pair = heads is not None
    label_w = round(width * LABEL_SHARE[0 if pair else 1])
    gap = round(size * 0.8)
    value_w = (width - label_w) // (2 if pair else 1)
    columns = (0, label_w + gap // 2, label_w + value_w + gap // 2)
    out: list[Line] = []

    def add(cells: Sequence[tuple[str, Colour, bool]], bold_row: bool = False) -> None:
        widths = (label_w - gap, value_w - gap, value_w - gap)
        parts = [
            _wrapped(fonts, words, widths[i], size, bold or bold_row)
            for i, (words, _, bold) in enumerate(cells)
        ]
        for k in range(max(len(p) for p in parts)):
            line = tuple(
                Cell(columns[i], parts[i][k], colour, bold or bold_row)
                for i, (_, colour, bold) in enumerate(cells)
                if k < len(parts[i]) and parts[i][k]
            )
            out.append(Line(line, size, round(size * LINE)))

    if heads is not None:
        add([("", th.text, True), (heads[0], th.text, True), (heads[1], th.text, True)], bold_row=True)
    for r in rows:
        this = th.accent if r.favours is Favours.THIS else th.text
        other = th.accent if r.favours is Favours.OTHER else th.text
        cells = [(r.label, th.text_dim, False), (r.this, this, r.favours is Favours.THIS)]
        if pair:
            cells.append((r.other, other, r.favours is Favours.OTHER))
        add(cells)
    return out


def why_lines(
    fonts: Fonts,
    th: Theme,
    width: int,
    size: float,
    sentences: Sequence[str],
    rows: Sequence[Row],
    heads: tuple[str, str] | None,
) -> list[Line]:
    """An explanation's lines: its sentences, then its table."""
    return [
        *sentence_lines(fonts, th, width, size, sentences),
        *table_lines(fonts, th, width, size, rows, heads),
    ]


def lines_height(lines: Sequence[Line]) -> int:
    """The height of ``lines`` drawn one under another."""
    return sum(line.height for line in lines)


def draw_lines(
    surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, lines: Sequence[Line], first: int = 0
) -> int:
    """The lines from ``first`` on that fit in ``rect``, one under another; how many were drawn."""
    y = rect.y
    drawn = 0
    for line in lines[max(0, first) :]:
        if y + round(line.size * LINE) > rect.bottom:
            break
        for cell in line.cells:
            text(surface, fonts, cell.words, (rect.x + cell.x, y), line.size, cell.colour, cell.bold)
        y += line.height
        drawn += 1
    return drawn


def last_first(lines: Sequence[Line], height: int) -> int:
    """The first line from which the last line is in view in ``height`` pixels (0 when all fit)."""
    room, first = height, len(lines)
    while first > 0 and lines[first - 1].height <= room:
        first -= 1
        room -= lines[first].height
    return first
