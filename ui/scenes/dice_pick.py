"""Two dice picked in a dialog, by a click on their faces or by the digits 1-6 (shared by the game's
real dice and the editor's dice)."""

from __future__ import annotations

import pygame

from ui.scenes.base import Context
from ui.widgets.controls import text, wrap

DIGIT_KEYS = (pygame.K_1, pygame.K_KP1)
"""The first of each run of six keys that type a die: 1-6 on the top row and on the keypad."""

LABEL_SIZE = 16
"""The size of a row's label (at the window's type scale)."""

GAP = 12
"""The space between two dice of a row, and under a row (at the window's type scale)."""


class DiceRows:
    """Two rows of six dice: the first die picked from the first row, the second from the second.
    A digit 1-6 picks the next die and Backspace takes the last back; a click on a row already
    picked picks it again."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.picked: list[int] = []
        """The dice picked so far, in order (at most two)."""

    def roll(self) -> tuple[int, int] | None:
        """Both dice, once picked."""
        return (self.picked[0], self.picked[1]) if len(self.picked) == 2 else None

    def pick(self, row: int, value: int) -> None:
        """Die ``value`` for ``row`` (0 the first die): the next die, or one picked again."""
        if row < len(self.picked):
            self.picked[row] = value
        elif row == len(self.picked):
            self.picked.append(value)

    def key(self, event: pygame.event.Event) -> bool:
        """A digit 1-6 picks the next die, Backspace takes the last back; True when the key was one."""
        if event.key == pygame.K_BACKSPACE:
            if self.picked:
                self.picked.pop()
            return True
        for base in DIGIT_KEYS:
            if base <= event.key < base + 6:
                if len(self.picked) < 2:
                    self.picked.append(event.key - base + 1)
                return True
        return False

    def die_size(self, width: int) -> int:
        """One die's side in an area ``width`` pixels wide."""
        px = self.ctx.layout.px
        return max(16, min(round(px(44)), (width - 5 * round(px(GAP))) // 6))

    def row_top(self, area: pygame.Rect, row: int) -> int:
        """Where row ``row``'s label starts."""
        px = self.ctx.layout.px
        step = px(LABEL_SIZE) * 1.35 + self.die_size(area.width) + px(GAP)
        return round(area.y + row * step)

    def die_rect(self, area: pygame.Rect, row: int, value: int) -> pygame.Rect:
        """The face ``value`` of row ``row`` in ``area``: the rows centred, each under its label."""
        px = self.ctx.layout.px
        size, gap = self.die_size(area.width), round(px(GAP))
        left = area.centerx - (6 * size + 5 * gap) // 2
        top = round(self.row_top(area, row) + px(LABEL_SIZE) * 1.35)
        return pygame.Rect(left + (value - 1) * (size + gap), top, size, size)

    def height(self, width: int) -> int:
        """The two rows' height in an area ``width`` pixels wide."""
        px = self.ctx.layout.px
        return round(2 * (px(LABEL_SIZE) * 1.35 + self.die_size(width) + px(GAP)))

    def click(self, area: pygame.Rect, pos: tuple[int, int]) -> bool:
        """A click on a face picks it; True when it was on one."""
        for row in range(min(2, len(self.picked) + 1)):
            for value in range(1, 7):
                if self.die_rect(area, row, value).inflate(4, 4).collidepoint(pos):
                    self.pick(row, value)
                    return True
        return False

    def draw(self, surface: pygame.Surface, area: pygame.Rect, labels: tuple[str, str]) -> None:
        """Each row under its label: the row to pick from lit, a die picked ringed, the rest faded."""
        th, fonts, px = self.ctx.theme, self.ctx.renderer.fonts, self.ctx.layout.px
        font = fonts.get(px(LABEL_SIZE), True)
        for row, label in enumerate(labels):
            active = row == len(self.picked)
            shown = wrap(font, label, area.width, 1)
            colour = th.text if active else th.text_dim
            at = (area.centerx, self.row_top(area, row))
            text(surface, fonts, shown[0] if shown else "", at, px(LABEL_SIZE), colour, True, "midtop")
            chosen = self.picked[row] if row < len(self.picked) else None
            for value in range(1, 7):
                rect = self.die_rect(area, row, value)
                faded = not active and value != chosen
                self.ctx.renderer.draw_die(surface, th, rect.center, rect.width, value, faded)
                if value == chosen:
                    pygame.draw.rect(surface, th.accent, rect.inflate(6, 6), 3, border_radius=6)
