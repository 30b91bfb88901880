"""Typing a player's name (two players at one computer), from the new-game dialog."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.model.seats import NAME_LENGTH, clean_name
from ui.scenes.base import Choice, Context, Dialog
from ui.text import _, ngettext
from ui.widgets.controls import TextEntry, draw_text_entry, fit_size, text

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class NameDialog(Dialog):
    """A name typed (at most NAME_LENGTH characters; Backspace, Ctrl+V); Enter keeps it, Esc does not."""

    max_size = (520, 240)

    def __init__(
        self, ctx: Context, who: str, name: str, default: str, on_name: Callable[[str], None]
    ) -> None:
        self.title = _("{who}'s name").format(who=who)
        self.entry = TextEntry(name, NAME_LENGTH)
        """What has been typed."""
        self.default = default
        """The name kept when nothing is typed."""
        self.on_name = on_name
        """Called with the name kept."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Keep the name (Enter) or cancel (Esc)."""
        return [
            Choice("ok", _("Keep this name"), ENTER, _("Enter"), self._done, True),
            Choice("cancel", _("Cancel"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self)),
        ]

    def _done(self) -> None:
        self.ctx.pop(self)
        self.on_name(clean_name(self.entry.text, self.default))

    def on_key(self, event: pygame.event.Event) -> None:
        """Typing, Backspace, Ctrl+V."""
        self.entry.key(event)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The box with the name."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        hint = ngettext(
            "Type a name (up to {count} character), then Enter:",
            "Type a name (up to {count} characters), then Enter:",
            NAME_LENGTH,
        ).format(count=NAME_LENGTH)
        size = fit_size(fonts, [(hint, False, area.width)], 16)  # a longer language: smaller
        text(surface, fonts, hint, (area.centerx, area.y), size, th.text_dim, anchor="midtop")
        box = pygame.Rect(0, 0, min(area.width, 360), 44)
        box.midtop = (area.centerx, area.y + 30)
        draw_text_entry(surface, fonts, th, self.entry, box, caret=len(self.entry.text) < NAME_LENGTH)
