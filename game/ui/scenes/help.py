"""A help dialog made from a screen's rows of controls (key, what it does), for any screen."""

from __future__ import annotations

import pygame

from game.ui.scenes.base import ENTER, Choice, Dialog
from game.ui.widgets.controls import fit_text, text, wrap

MIN_SIZE = 9.0
"""The smallest font the rows shrink to."""

DESCRIPTIONS_AT = 0.32
"""Where the descriptions' column starts, as a share of the body's width (the keys are left of it)."""


class KeysHelp(Dialog):
    """The controls as rows, headings accented, then a closing note; any key or click closes it."""

    dim_alpha = 160
    note = ""
    """A paragraph under the rows (at most three lines)."""

    def rows(self) -> list[tuple[str, str]]:
        """The lines of help: (key, what it does); a heading has an empty second part."""
        raise NotImplementedError

    def choices(self) -> list[Choice]:
        """Close."""
        return [
            Choice("close", "Close", (pygame.K_ESCAPE, *ENTER), "any key", lambda: self.ctx.pop(self), True)
        ]

    def on_key(self, event: pygame.event.Event) -> None:
        """Any key closes it."""
        self.ctx.pop(self)

    def on_click(self, pos: tuple[int, int]) -> None:
        """Any click closes it."""
        self.ctx.pop(self)

    def text_size(self, area: pygame.Rect) -> tuple[float, float]:
        """The font size and the line height of the rows in ``area``: as large as fits the height,
        shrunk (down to :data:`MIN_SIZE`) until the widest description fits its column."""
        fonts, rows = self.ctx.renderer.fonts, self.rows()
        line = (area.height - (40 if self.note else 0)) / (len(rows) + (2 if self.note else 1))
        size = max(MIN_SIZE, min(18.0, line * 0.7))
        while size > MIN_SIZE and max(fonts.get(size).size(what)[0] for _, what in rows) > self.column(area):
            size -= 0.5
        return size, line

    @staticmethod
    def column(area: pygame.Rect) -> int:
        """The width of the descriptions' column."""
        return round(area.width * (1 - DESCRIPTIONS_AT) - 8)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The rows in two columns, the largest size that fits, then the note."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        size, line = self.text_size(area)
        y = float(area.y)
        for key, what in self.rows():
            if not what:
                text(surface, fonts, key, (area.x, y), size, th.accent, True)
            else:
                text(surface, fonts, key, (area.x + 14, y), size, th.text, True)
                shown = fit_text(fonts.get(size), what, self.column(area))  # never past the box
                text(surface, fonts, shown, (area.x + area.width * DESCRIPTIONS_AT, y), size, th.text_dim)
            y += line
        for part in wrap(fonts.get(size), self.note, area.width, 3) if self.note else []:
            text(surface, fonts, part, (area.x, y + 4), size, th.text_dim)
            y += size * 1.3
