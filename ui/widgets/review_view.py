"""Drawing the review screen's parts: text blocks, the players' table, the list of errors, the graph.

Each function draws what it is given into a rectangle; none knows the review or the scene.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pygame

from ui.text import number
from ui.widgets.controls import fit_size, fit_text, mix, text, wrap
from ui.widgets.render import Fonts
from ui.widgets.theme import Colour, Theme

Line = tuple[str, Colour, bool]
"""A line of text, its colour, and whether it is bold."""


def line_parts(fonts: Fonts, lines: Sequence[Line], width: int, size: float) -> list[Line]:
    """``lines`` wrapped to ``width`` pixels at ``size`` (never cut)."""
    return [
        (part, colour, bold) for s, colour, bold in lines for part in wrap(fonts.get(size, bold), s, width)
    ]


def draw_lines(
    surf: pygame.Surface, fonts: Fonts, rect: pygame.Rect, lines: Sequence[Line], size: float
) -> None:
    """Lines from the top of ``rect``, each wrapped to its width, the size shrunk (to 9 pixels at
    the least) until all of them fit its height."""
    parts = line_parts(fonts, lines, rect.width, size)
    while size > 9 and len(parts) * size * 1.35 > rect.height + 1:
        size -= 0.5
        parts = line_parts(fonts, lines, rect.width, size)
    y = float(rect.y)
    for s, colour, bold in parts:
        text(surf, fonts, s, (rect.x, y), size, colour, bold)
        y += size * 1.35


Row = tuple[Sequence[str], Colour, bool]
"""A row of cells, its colour, and whether it is bold."""


CELL_GAP = 6
"""Pixels kept free at the right of each cell of a grid."""


def draw_grid(
    surf: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    rows: Sequence[Row],
    starts: Sequence[float],
    size: float,
) -> float:
    """Rows of cells, each cell starting at its fraction of the width, the size shrunk (to 9 pixels
    at the least) until every cell fits before the next, a row of one cell still too wide then on
    more lines (a long name in it); returns the height drawn. Rows that do not fit are left out."""
    edges = [*starts, 1.0]

    def width(k: int, cells: Sequence[str]) -> int:
        end = 1.0 if k == len(cells) - 1 else edges[k + 1]  # the last cell takes the rest
        return round(rect.width * (end - edges[k])) - CELL_GAP

    cells = [(cell, bold, width(k, cs)) for cs, _, bold in rows for k, cell in enumerate(cs)]
    size = fit_size(fonts, cells, size)
    step = size * 1.4
    y = float(rect.y)
    for cs, colour, bold in rows:
        font = fonts.get(size, bold)
        lines = [(line,) for line in wrap(font, cs[0], width(0, cs))] if len(cs) == 1 else [cs]
        if y + step * len(lines) > rect.bottom + 1:
            break
        for line in lines:
            for k, cell in enumerate(line):
                shown = fit_text(font, cell, width(k, line))
                text(surf, fonts, shown, (rect.x + rect.width * edges[k], y), size, colour, bold)
            y += step
    return y - rect.y


def draw_table(
    surf: pygame.Surface,
    fonts: Fonts,
    th: Theme,
    rect: pygame.Rect,
    rows: Sequence[tuple[str, str, str]],
    size: float,
) -> None:
    """A label column and two value columns under a heading (the first row): :func:`table_lines`."""
    if not rows:
        return
    table = table_lines(fonts, rows, rect.width, size)
    (head_size, head), (body_size, body) = table.head, table.body
    tall = table.head_height
    top = pygame.Rect(rect.x, rect.y, rect.width, tall)
    draw_grid(surf, fonts, top, [(r, th.accent, True) for r in head], table.starts, head_size)
    rest = pygame.Rect(rect.x, rect.y + tall, rect.width, rect.height - tall)
    draw_grid(surf, fonts, rest, [(row, th.text, True) for row in body], table.starts, body_size)


def table_height(fonts: Fonts, rows: Sequence[tuple[str, str, str]], width: int, size: float) -> int:
    """The height :func:`draw_table` draws ``rows`` in."""
    if not rows:
        return 0
    return table_lines(fonts, rows, width, size).height


HEADING_LINES = 2
"""The lines a value column's heading takes at the table's size before it is drawn smaller."""
LEAST_HEADING = 9.0
"""The least size of a heading drawn smaller, where it may take one line more."""

Lines = tuple[float, list[tuple[str, str, str]]]
"""A part of a table: its size and its lines (label, value, value)."""


@dataclass(frozen=True)
class TableLines:
    """:func:`draw_table`'s table as drawn."""

    starts: tuple[float, float, float]
    """Where its three columns start, as shares of its width."""
    head: Lines
    """The heading's size and lines."""
    body: Lines
    """The rest's size and lines."""

    @property
    def head_height(self) -> int:
        """The heading's height (its lines 1.4 times its size apart)."""
        return round(len(self.head[1]) * self.head[0] * 1.4)

    @property
    def height(self) -> int:
        """The whole table's height."""
        return self.head_height + round(len(self.body[1]) * self.body[0] * 1.4) + 2


def table_lines(fonts: Fonts, rows: Sequence[tuple[str, str, str]], width: int, size: float) -> TableLines:
    """:func:`draw_table`'s columns, heading and body, each row on as many lines as its cells need,
    no word broken while one can be kept whole: the body at ``size``, or smaller (down to 9 pixels)
    until the longest word of the labels and of each value column fit their columns side by side, a
    label or a value too long for its column on two lines; the heading (the players' names, say) on
    at most :data:`HEADING_LINES` lines, drawn smaller until it is (down to :data:`LEAST_HEADING`,
    one line more there)."""

    def longest(at: float, cells: Iterable[str]) -> int:
        font = fonts.get(at, True)
        return max((font.size(w)[0] + CELL_GAP for c in cells for w in c.split()), default=0)

    labels, values = [r[0] for r in rows[1:]], [v for r in rows[1:] for v in r[1:]]
    body_size = size
    while body_size > 9 and longest(body_size, labels) + 2 * longest(body_size, values) > width:
        body_size -= 0.5
    starts = table_starts(fonts.get(body_size, True), rows, width)
    edges = [*starts, 1.0]
    rooms = [round(width * (edges[k + 1] - edges[k])) - CELL_GAP for k in range(3)]

    def broken(row: tuple[str, str, str], at: float, most: int) -> list[tuple[str, str, str]]:
        font = fonts.get(at, True)
        cells = [wrap(font, c, room, most) or [""] for c, room in zip(row, rooms, strict=True)]
        count = max(map(len, cells))
        label, one, two = ([*c, *[""] * (count - len(c))] for c in cells)
        return [(label[i], one[i], two[i]) for i in range(count)]

    def awkward(lines: list[tuple[str, str, str]]) -> bool:  # too many, or a word broken in two
        return len(lines) > HEADING_LINES or any(
            " ".join(filter(None, (line[k] for line in lines))) != rows[0][k] for k in (1, 2)
        )

    head_size = size
    while head_size > LEAST_HEADING and awkward(broken(rows[0], head_size, 9)):
        head_size -= 0.5
    head = broken(rows[0], head_size, HEADING_LINES if head_size > LEAST_HEADING else HEADING_LINES + 1)
    body = [line for row in rows[1:] for line in broken(row, body_size, 2)]
    return TableLines(starts, (head_size, head), (body_size, body))


LABELS_AT_MOST = 0.56
"""The widest the label column of :func:`draw_table` grows, as a share of the table's width."""


def table_starts(
    font: pygame.font.Font, rows: Sequence[tuple[str, str, str]], width: int
) -> tuple[float, float, float]:
    """Where :func:`draw_table`'s three columns start: the labels as wide as the widest needs (between
    a third of the table and :data:`LABELS_AT_MOST`, less where the value columns need the room for
    their longest word, never less than the labels' longest word), the value columns sharing the rest."""
    need = max((font.size(row[0])[0] for row in rows), default=0) + CELL_GAP
    label = max((font.size(w)[0] for row in rows[1:] for w in row[0].split()), default=0) + CELL_GAP
    word = max((font.size(w)[0] for row in rows[1:] for v in row[1:] for w in v.split()), default=0)
    most = max(1 / 3, label / max(1, width), min(LABELS_AT_MOST, 1 - 2 * (word + CELL_GAP) / max(1, width)))
    first = min(most, max(1 / 3, need / max(1, width)))
    return 0.0, first, first + (1.0 - first) / 2


def line_step(fonts: Fonts, size: float) -> float:
    """From one line of text of ``size`` to the next, its accents clear of the descenders above (a
    bracket, or a ring over a letter, reaches a pixel beyond the font's height)."""
    font = fonts.get(size)
    return max(size * 1.2, font.get_height() + 2, font.get_linesize())


@dataclass
class ListView:
    """A scrolled list of rows with one selected."""

    MARGIN: ClassVar[int] = 16
    """What a row's text leaves of the list's width (its inset and the scroll mark)."""

    rect: pygame.Rect
    """Where it is drawn."""
    line: float
    """The height of a row."""
    top: int = 0
    """The first row shown."""
    size: float = 0.0
    """The rows' text size (0: in proportion to :attr:`line`); a row too wide for a line takes two
    where :attr:`line` holds two."""

    def visible(self) -> int:
        """How many rows fit."""
        return max(1, int(self.rect.height // self.line))

    def show(self, index: int | None, count: int) -> None:
        """Scroll so that row ``index`` is in view."""
        if index is not None:
            if index < self.top:
                self.top = index
            elif index >= self.top + self.visible():
                self.top = index - self.visible() + 1
        self.top = max(0, min(self.top, count - self.visible()))

    def scroll(self, rows: int, count: int) -> None:
        """Scroll by ``rows`` (the mouse wheel)."""
        self.top += rows
        self.show(None, count)

    def row_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The row under ``pos``, if any."""
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + int((pos[1] - self.rect.y) // self.line)
        return i if i < count else None

    def draw(
        self,
        surf: pygame.Surface,
        fonts: Fonts,
        th: Theme,
        rows: Sequence[tuple[str, Colour]],
        selected: int | None,
    ) -> None:
        """The rows in view, the selected one outlined; a scroll mark when some are out of view."""
        room = self.rect.width - self.MARGIN
        for k in range(self.visible()):
            i = self.top + k
            if i >= len(rows):
                break
            r = pygame.Rect(
                self.rect.x, round(self.rect.y + k * self.line), self.rect.width, round(self.line)
            )
            if i == selected:
                pygame.draw.rect(surf, th.button, r, border_radius=4)
                pygame.draw.rect(surf, th.accent, r, 2, border_radius=4)
            s, colour = rows[i]
            size = self.size or self.line * 0.62
            parts = wrap(fonts.get(size), s, room)
            while size > 9 and len(parts) * line_step(fonts, size) > self.line:  # within the row's height
                size -= 0.5
                parts = wrap(fonts.get(size), s, room)
            step = line_step(fonts, size)
            most = max(1, int(self.line // step))
            if len(parts) > most:  # still too many at the least size: the last line that fits is cut
                parts = [*parts[: most - 1], " ".join(parts[most - 1 :])]
            y = r.centery - (len(parts) - 1) * step / 2
            for part in parts:
                text(
                    surf,
                    fonts,
                    fit_text(fonts.get(size), part, room),
                    (r.x + 6, y),
                    size,
                    colour,
                    anchor="midleft",
                )
                y += step
        if len(rows) > self.visible():
            frac = self.top / max(1, len(rows) - self.visible())
            h = max(12, self.rect.height * self.visible() // len(rows))
            y = self.rect.y + (self.rect.height - h) * frac
            bar = pygame.Rect(self.rect.right - 5, round(y), 4, h)
            pygame.draw.rect(surf, mix(th.panel, th.text, 0.4), bar, border_radius=2)


SCALE_SIZE = 11
"""The size of the graph's scale labels (values up the side, move numbers along the foot)."""
MONEY_STEPS = (0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)
"""The steps a money graph's scale may take: the smallest that needs at most three above zero."""


@dataclass(frozen=True)
class Graph:
    """A line of values through the match on a labelled scale, the games and moves marked, one point
    picked."""

    values: Sequence[float]
    """The left column's standing at each point."""
    starts: Sequence[tuple[int, str]]
    """Where each game starts (index) and its label."""
    money: bool
    """Values are points (centred on 0) rather than chances (0..1)."""
    marks: Sequence[int] = ()
    """Points where a large error was made."""
    picked: int | None = None
    """The point shown on the board."""
    rows: Sequence[int] = ()
    """The move number (the record's row) at each point; 0 where there is none (a game's end)."""
    scale: float = 1.0
    """The type's scale (the window's)."""
    title: str = ""
    """Over the graph: its name, then how to use it (parts joined by " · ", the hints left out first
    where the line is too short for them)."""

    @property
    def scale_size(self) -> float:
        """The size of the scale's labels."""
        return SCALE_SIZE * self.scale

    def _reach(self) -> float:
        """The largest distance from 0 a money graph must show (at least a point)."""
        return max(1.0, *(abs(v) for v in self.values)) if self.values else 1.0

    def step(self) -> float:
        """The distance between two lines of the scale."""
        if not self.money:
            return 0.25
        reach = self._reach()
        return next((s for s in MONEY_STEPS if reach <= 3 * s), MONEY_STEPS[-1])

    def bounds(self) -> tuple[float, float]:
        """The lowest and highest value drawn: the scale's ends, which hold every value."""
        if not self.money:
            return 0.0, 1.0
        step = self.step()
        top = step * math.ceil(self._reach() / step - 1e-9)
        return -top, top

    def ticks(self) -> list[float]:
        """The values of the scale's lines, lowest first (ends and, for points, 0 included)."""
        lo, hi = self.bounds()
        step = self.step()
        return [lo + k * step for k in range(round((hi - lo) / step) + 1)]

    def tick_label(self, v: float) -> str:
        """A scale value in words: a chance in per cent, points signed."""
        if not self.money:
            return number(v, ".0%")
        if abs(v) < 1e-9:
            return "0"
        digits = next(d for d in range(3) if abs(v * 10**d - round(v * 10**d)) < 1e-9 or d == 2)
        return number(v, f"+.{digits}f")  # +2, +0.5, +0.25: the sign as the language writes it

    def plot(self, rect: pygame.Rect, fonts: Fonts) -> pygame.Rect:
        """Where the line is drawn in ``rect``: under the title, right of the values, above the moves."""
        left = 8 + max(fonts.get(self.scale_size).size(self.tick_label(v))[0] for v in self.ticks()) + 6
        # under the title's line (a taller font's: Japanese), the top value's label centred on the top
        half = fonts.get(self.scale_size).get_linesize() // 2
        size, lines = self.title_lines(fonts, rect.width - 16)
        title_h = max(fonts.get(13 * self.scale).get_linesize(), round(len(lines) * line_step(fonts, size)))
        top = max(round(24 * self.scale), title_h + 4 + half)
        return pygame.Rect(
            rect.x + left,
            rect.y + top,
            rect.width - left - 12,
            rect.height - top - round(self.scale_size) - 8,
        )

    def x_of(self, rect: pygame.Rect, i: int) -> float:
        """Where point ``i`` is drawn across ``rect``."""
        n = max(1, len(self.values) - 1)
        return rect.x + rect.width * i / n

    def y_of(self, rect: pygame.Rect, v: float) -> float:
        """Where value ``v`` is drawn up ``rect``."""
        lo, hi = self.bounds()
        return rect.bottom - rect.height * (v - lo) / (hi - lo)

    def pick(self, rect: pygame.Rect, fonts: Fonts, pos: tuple[int, int]) -> int | None:
        """The point nearest ``pos`` across, if ``pos`` is on the graph drawn in ``rect``."""
        if not self.values or not rect.collidepoint(pos):
            return None
        plot = self.plot(rect, fonts)
        n = max(1, len(self.values) - 1)
        return max(0, min(len(self.values) - 1, round((pos[0] - plot.x) / plot.width * n)))

    def title_lines(self, fonts: Fonts, width: int) -> tuple[float, list[str]]:
        """The title's size and lines in ``width``: one line, the hints left out while it is too long;
        the name alone on two lines where one does not hold it (a long player's name), smaller if
        need be."""
        parts = self.title.split(" · ")  # the graph's name, then how to use it: the hints go first
        for keep in range(len(parts), 0, -1):
            title = " · ".join(parts[:keep])
            size = fit_size(fonts, [(title, False, width)], 13 * self.scale)
            if fonts.get(size).size(title)[0] <= width:
                return size, [title]
        size = 13 * self.scale
        while size > LEAST_HEADING and len(wrap(fonts.get(size), parts[0], width)) > 2:
            size -= 0.5
        return size, wrap(fonts.get(size), parts[0], width, most=2)

    def draw(self, surf: pygame.Surface, fonts: Fonts, th: Theme, rect: pygame.Rect) -> None:
        """The frame, the title, the scale, the games and moves, the values, the error marks and the
        picked point."""
        pygame.draw.rect(surf, mix(th.panel, (0, 0, 0), 0.25), rect, border_radius=6)
        size, lines = self.title_lines(fonts, rect.width - 16)
        y = float(rect.y + 4)
        for line in filter(None, lines):
            text(surf, fonts, line, (rect.x + 8, y), size, th.text_dim)
            y += line_step(fonts, size)
        plot = self.plot(rect, fonts)
        self._draw_scale(surf, fonts, th, plot)
        free = -math.inf  # where the last game's label ends: a short game's label is left out
        for i, label in self.starts:
            x = self.x_of(plot, i)
            pygame.draw.line(surf, mix(th.panel, th.text, 0.22), (x, plot.y - 2), (x, plot.bottom))
            at = self.scale_size
            if x + 3 >= free:
                free = text(surf, fonts, label, (x + 3, plot.bottom - at * 1.3), at, th.text_dim).right + 4
        self._draw_moves(surf, fonts, th, plot)
        points = [(self.x_of(plot, i), self.y_of(plot, v)) for i, v in enumerate(self.values)]
        if len(points) > 1:
            pygame.draw.lines(surf, th.accent, False, points, 2)
        for i in self.marks:
            if 0 <= i < len(points):
                pygame.draw.circle(surf, th.warn, (round(points[i][0]), round(points[i][1])), 4)
        if self.picked is not None and 0 <= self.picked < len(points):
            x, y = points[self.picked]
            pygame.draw.line(surf, th.select, (x, plot.y), (x, plot.bottom), 2)
            pygame.draw.circle(surf, th.select, (round(x), round(y)), 5)
            v = self.values[self.picked]
            label = number(v, "+.2f") if self.money else number(v, ".0%")
            anchor = "bottomleft" if x < plot.centerx else "bottomright"
            text(
                surf,
                fonts,
                label,
                (x + (6 if x < plot.centerx else -6), plot.y + 16 * self.scale),
                13 * self.scale,
                th.select,
                True,
                anchor,
            )

    def _draw_scale(self, surf: pygame.Surface, fonts: Fonts, th: Theme, plot: pygame.Rect) -> None:
        """A line across at every tick (the middle one stronger), and as many labels as fit up the side."""
        ticks = self.ticks()
        middle = 0.0 if self.money else 0.5
        gaps = len(ticks) - 1
        room = plot.height / max(1, gaps)
        stride = next(
            (k for k in range(1, gaps) if gaps % k == 0 and room * k >= self.scale_size * 1.6), gaps
        )
        for k, v in enumerate(ticks):
            y = self.y_of(plot, v)
            strong = abs(v - middle) < 1e-9
            colour = mix(th.panel, th.text, 0.3 if strong else 0.13)
            pygame.draw.line(surf, colour, (plot.x - 3, y), (plot.right, y))
            if k % stride == 0:
                text(
                    surf,
                    fonts,
                    self.tick_label(v),
                    (plot.x - 6, y),
                    self.scale_size,
                    th.text_dim,
                    anchor="midright",
                )

    def _draw_moves(self, surf: pygame.Surface, fonts: Fonts, th: Theme, plot: pygame.Rect) -> None:
        """A tick under the line at every few moves of each game, with the move's number."""
        if len(self.rows) != len(self.values) or not self.values:
            return
        per_point = plot.width / max(1, len(self.values) - 1)
        room = fonts.get(self.scale_size).size("88")[0] + 10
        every = next((n for n in (1, 2, 5, 10, 20, 50, 100) if 2 * n * per_point >= room), 100)
        seen: set[tuple[int, int]] = set()
        game = 0
        starts = {i for i, _ in self.starts}
        colour = mix(th.panel, th.text, 0.35)
        free = -math.inf  # where the last number ends: one that would touch it is left out
        font = fonts.get(self.scale_size)
        for i, row in enumerate(self.rows):
            game += i in starts
            if row <= 0 or row % every or (game, row) in seen:
                continue
            seen.add((game, row))
            x = self.x_of(plot, i)
            if x - font.size(str(row))[0] / 2 < free:
                continue
            pygame.draw.line(surf, colour, (x, plot.bottom), (x, plot.bottom + 3))
            at = (x, plot.bottom + 3)
            free = text(surf, fonts, str(row), at, self.scale_size, th.text_dim, anchor="midtop").right + 3
