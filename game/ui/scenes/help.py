"""A help dialog made from a screen's rows of controls (key, what it does), for any screen."""

from __future__ import annotations

import pygame

from game.ui.scenes.base import ENTER, Choice, Dialog
from game.ui.widgets.controls import text, wrap


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

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The rows in two columns, the largest size that fits, then the note."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        rows = self.rows()
        spare = 40 if self.note else 0
        line = (area.height - spare) / (len(rows) + (2 if self.note else 1))
        size = max(9.0, min(18.0, line * 0.7))
        widest = max(fonts.get(size).size(what)[0] for _, what in rows)
        while size > 9 and widest > area.width * 0.66:
            size -= 0.5
            widest = max(fonts.get(size).size(what)[0] for _, what in rows)
        y = float(area.y)
        for key, what in rows:
            if not what:
                text(surface, fonts, key, (area.x, y), size, th.accent, True)
            else:
                text(surface, fonts, key, (area.x + 14, y), size, th.text, True)
                text(surface, fonts, what, (area.x + area.width * 0.32, y), size, th.text_dim)
            y += line
        for part in wrap(fonts.get(size), self.note, area.width)[:3] if self.note else []:
            text(surface, fonts, part, (area.x, y + 4), size, th.text_dim)
            y += size * 1.3
