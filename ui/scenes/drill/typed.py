"""The box to type a drill's move in (the keyboard's way to play it)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.scenes.base import Choice, Context, Dialog
from ui.text import _
from ui.widgets.controls import TextEntry, draw_text_entry, text, wrap

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)

MOVE_LENGTH = 40
"""The most characters a typed move takes."""


class MoveDialog(Dialog):
    """A move typed in GNU Backgammon's notation (``13/7 8/7``); Enter answers with it, Esc does not.
    ``read`` gets the text and answers why it is no move ("" when it was taken)."""

    max_size = (560, 250)

    def __init__(self, ctx: Context, question: str, read: Callable[[str], str]) -> None:
        self.title = _("Type your move")
        self.question = question
        """What the card asks."""
        self.entry = TextEntry("", MOVE_LENGTH, "0123456789/*() barofBAROF")
        """What has been typed."""
        self.read = read
        """Answers with the text; why it is no move."""
        self.why = ""
        """Why the last text was no move."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Answer (Enter) or cancel (Esc)."""
        return [
            Choice("ok", _("Answer"), ENTER, _("Enter"), self._done, True),
            Choice("cancel", _("Cancel"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self)),
        ]

    def _done(self) -> None:
        self.ctx.pop(self)
        self.why = self.read(self.entry.text)
        if self.why:
            self.ctx.push(self)

    def on_key(self, event: pygame.event.Event) -> None:
        """Typing, Backspace, Ctrl+V."""
        self.entry.key(event)
        self.why = ""

    def body_height(self, width: int) -> int:
        """The question, the box and why the last text was no move."""
        return round(self.px(150))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The question, the box, and why the last text was no move."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        size = self.px(16)
        hint = _("{question} For example 13/7 8/7, bar/22, 6/off.").format(question=self.question)
        y = area.y
        for line in wrap(fonts.get(size), hint, area.width, 2):
            text(surface, fonts, line, (area.centerx, y), size, th.text_dim, anchor="midtop")
            y += round(size * 1.3)
        box = pygame.Rect(0, 0, min(area.width, round(self.px(360))), round(self.px(40)))
        box.midtop = (area.centerx, round(y + self.px(6)))
        draw_text_entry(surface, fonts, th, self.entry, box, caret=len(self.entry.text) < MOVE_LENGTH)
        y = round(box.bottom + self.px(6))
        for line in wrap(fonts.get(size), self.why, area.width, 2) if self.why else ():
            text(surface, fonts, line, (area.centerx, y), size, th.warn, anchor="midtop")
            y += round(size * 1.3)
