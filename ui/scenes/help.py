"""A help dialog made from a screen's rows of controls (key, what it does), for any screen."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.scenes.base import ENTER, Choice, Dialog
from ui.text import _
from ui.widgets.controls import text, wrap
from ui.widgets.render import Fonts

MIN_SIZE = 9.0
"""The smallest font the rows shrink to."""

KEYS_SHARE = (0.26, 0.3)
"""The keys' column's share of a column of rows: in one column, and in each of two."""


def line_height(fonts: Fonts, size: float) -> float:
    """The step from one line of help to the next: 1.3 times the size, or the font's own line where
    it is taller (the Japanese font's)."""
    return max(size * 1.3, fonts.get(size).get_linesize())


@dataclass(frozen=True)
class Placed:
    """A row of the help as drawn: its key or heading, its description's lines, where they go."""

    key: str
    lines: tuple[str, ...]
    """The description, wrapped (none for a heading)."""
    x: int
    y: float
    keys_w: int
    """The keys' column's width."""


@dataclass(frozen=True)
class HelpPlan:
    """The rows placed at one size, in one or two columns, and the note's lines under them."""

    size: float
    rows: tuple[Placed, ...]
    note: tuple[str, ...]
    note_y: float
    fits: bool
    """Every row and the note fit the area."""


class KeysHelp(Dialog):
    """The controls as rows, headings accented, then a closing note; any key or click closes it."""

    dim_alpha = 160
    note = ""
    """A paragraph under the rows."""

    def rows(self) -> list[tuple[str, str]]:
        """The lines of help: (key, what it does); a heading has an empty second part."""
        raise NotImplementedError

    def choices(self) -> list[Choice]:
        """Close."""
        return [
            Choice(
                "close", _("Close"), (pygame.K_ESCAPE, *ENTER), _("any key"), lambda: self.ctx.pop(self), True
            )
        ]

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        """As large as the window allows, up to :attr:`max_size` at the window's scale."""
        return min(w - 20, round(self.px(self.max_size[0]))), min(h - 20, round(self.px(self.max_size[1])))

    def on_key(self, event: pygame.event.Event) -> None:
        """Any key closes it."""
        self.ctx.pop(self)

    def on_click(self, pos: tuple[int, int]) -> None:
        """Any click closes it."""
        self.ctx.pop(self)

    def plan(self, area: pygame.Rect) -> HelpPlan:
        """The rows as large as they fit ``area``: in one column, or two where that lets them be
        larger; every description wrapped to its column (never cut)."""
        best: HelpPlan | None = None
        for columns in (1, 2):
            size = self.px(18)
            while True:
                trial = self._place(area, columns, size)
                if trial.fits or size <= MIN_SIZE:
                    break
                size = max(MIN_SIZE, size - 0.5)
            if best is None or (trial.fits and (not best.fits or trial.size > best.size)):
                best = trial
        assert best is not None
        return best

    def _place(self, area: pygame.Rect, columns: int, size: float) -> HelpPlan:
        fonts, rows = self.ctx.renderer.fonts, self.rows()
        font, line = fonts.get(size), line_height(fonts, size)
        gap = round(self.px(20))
        col_w = (area.width - (columns - 1) * gap) // columns
        keys_w = max(
            round(col_w * KEYS_SHARE[columns - 1]),
            max(fonts.get(size, True).size(k)[0] for k, what in rows if what) + 26,
        )
        note = tuple(wrap(fonts.get(size), self.note, area.width)) if self.note else ()
        bottom = area.bottom - (len(note) * line + self.px(8) if note else 0)
        heights = [line * (1 if not what else len(wrap(font, what, col_w - keys_w))) for _, what in rows]
        per_column = -(-len(rows) // columns)
        # each column takes its share of rows (a heading never ends a column)
        placed: list[Placed] = []
        y, column, count = float(area.y), 0, 0
        fits = True
        for (key, what), h in zip(rows, heights, strict=True):
            starts_column = count >= per_column and column < columns - 1
            if starts_column or (not what and count >= per_column - 1 and column < columns - 1 and count > 0):
                column, y, count = column + 1, float(area.y), 0
            lines = tuple(wrap(font, what, col_w - keys_w)) if what else ()
            placed.append(Placed(key, lines, area.x + column * (col_w + gap), y, keys_w))
            y += h
            count += 1
            fits = fits and y <= bottom
        note_y = max((p.y + line * max(1, len(p.lines)) for p in placed), default=float(area.y)) + self.px(8)
        return HelpPlan(size, tuple(placed), note, note_y, fits and note_y + len(note) * line <= area.bottom)

    def text_size(self, area: pygame.Rect) -> tuple[float, float]:
        """The font size and the line height of the rows in ``area``."""
        size = self.plan(area).size
        return size, line_height(self.ctx.renderer.fonts, size)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The rows in one or two columns, the largest size that fits, then the note."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        plan = self.plan(area)
        size, line = plan.size, line_height(fonts, plan.size)
        for row in plan.rows:
            if not row.lines:
                text(surface, fonts, row.key, (row.x, row.y), size, th.accent, True)
                continue
            text(surface, fonts, row.key, (row.x + 14, row.y), size, th.text, True)
            y = row.y
            for part in row.lines:
                text(surface, fonts, part, (row.x + row.keys_w, y), size, th.text_dim)
                y += line
        y = plan.note_y
        for part in plan.note:
            text(surface, fonts, part, (area.x, y), size, th.text_dim)
            y += line
