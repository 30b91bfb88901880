"""The names the player goes by on other sites ("I am 'lasse'"): the errors of a player with one of
these names, in any record the player opens, become drill cards."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.model.seats import NAME_LENGTH, clean_name
from ui.model.storage import DRILL_NAMES
from ui.scenes.base import Choice, Context, Dialog
from ui.text import _, ngettext
from ui.widgets.controls import TextEntry, draw_text_entry, text, wrap

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)

SEPARATOR = ","
"""Between two names typed."""


def read_names(typed: str) -> tuple[tuple[str, ...], int]:
    """The names kept from ``typed`` (separated by commas; each cleaned as a player's name, a name
    typed twice kept once, at most :data:`DRILL_NAMES`), and how many more were typed than kept."""
    kept: list[str] = []
    for part in typed.split(SEPARATOR):
        name = clean_name(part, "")
        if name and name.casefold() not in {k.casefold() for k in kept}:
            kept.append(name)
    return tuple(kept[:DRILL_NAMES]), max(0, len(kept) - DRILL_NAMES)


class NamesDialog(Dialog):
    """The names typed, separated by commas; Enter keeps them (none: no record's errors are kept
    but the player's own matches'), Esc does not."""

    max_size = (600, 300)

    def __init__(
        self, ctx: Context, names: tuple[str, ...], on_names: Callable[[tuple[str, ...]], None]
    ) -> None:
        self.title = _("The names you play under")
        self.entry = TextEntry(f"{SEPARATOR} ".join(names), DRILL_NAMES * (NAME_LENGTH + 2))
        """What has been typed."""
        self.on_names = on_names
        """Called with the names kept."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Keep the names (Enter) or cancel (Esc)."""
        return [
            Choice("ok", _("Keep these names"), ENTER, _("Enter"), self._done, True),
            Choice("cancel", _("Cancel"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self)),
        ]

    def _done(self) -> None:
        self.ctx.pop(self)
        self.on_names(read_names(self.entry.text)[0])

    def on_key(self, event: pygame.event.Event) -> None:
        """Typing, Backspace, Ctrl+V."""
        self.entry.key(event)

    def _lines(self, width: int) -> list[str]:
        """What the names do, wrapped."""
        about = ngettext(
            "Your name on a site or in a club's records ({count} name at most, separated by commas): the"
            " errors of a player with it, in any match record you open, become positions to practise.",
            "Your names on sites or in a club's records ({count} names at most, separated by commas):"
            " the errors of a player with one of them, in any match record you open, become positions"
            " to practise.",
            DRILL_NAMES,
        ).format(count=DRILL_NAMES)
        return wrap(self.ctx.renderer.fonts.get(self.px(16)), about, width, 4)

    def _kept_line(self) -> str:
        """The names that Enter keeps, as they will be kept."""
        kept, over = read_names(self.entry.text)
        if not kept:
            return _("No name: only your own matches against the computer make positions.")
        said = _("Kept: {names}").format(names=", ".join(kept))
        if over:
            said += " " + ngettext(
                "(one name too many is left out)", "({count} names too many are left out)", over
            ).format(count=over)
        return said

    def body_height(self, width: int) -> int:
        """The words, the box and the names kept."""
        size = self.px(16)
        return round(len(self._lines(width)) * size * 1.3 + self.px(44) + size * 2.6 + self.px(12))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The words, the box with the names typed, and the names Enter keeps."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        size = self.px(16)
        y = float(area.y)
        for line in self._lines(area.width):
            text(surface, fonts, line, (area.centerx, y), size, th.text_dim, anchor="midtop")
            y += size * 1.3
        box = pygame.Rect(0, 0, min(area.width, round(self.px(460))), round(self.px(40)))
        box.midtop = (area.centerx, round(y + self.px(4)))
        draw_text_entry(surface, fonts, th, self.entry, box, caret=len(self.entry.text) < self.entry.max_len)
        kept = wrap(fonts.get(size), self._kept_line(), area.width, 2)
        y = box.bottom + self.px(8)
        for line in kept:
            text(surface, fonts, line, (area.centerx, y), size, th.text, anchor="midtop")
            y += size * 1.3
