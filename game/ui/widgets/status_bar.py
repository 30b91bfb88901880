"""The status strip at the bottom of the window, and the band of warnings that stay until dismissed."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.widgets.controls import fit_text, mix, text
from game.ui.widgets.render import Fonts
from game.ui.widgets.theme import Theme


@dataclass(frozen=True)
class StatusLines:
    """What the strip shows."""

    message: str
    """The latest status line ("" for none)."""
    warn: bool
    """The status line is a warning."""
    alerts: tuple[str, ...]
    """Warnings waiting to be dismissed, oldest first."""


def draw_status(
    surface: pygame.Surface, fonts: Fonts, th: Theme, rect: pygame.Rect, band: pygame.Rect, lines: StatusLines
) -> None:
    """The strip, and (if any) the oldest alert in ``band`` above it."""
    pygame.draw.rect(surface, th.panel, rect)
    size = rect.height * 0.45
    r = text(
        surface, fonts, "F1 help", (rect.right - 12, rect.centery), size * 0.9, th.text_dim, anchor="midright"
    )
    if lines.message:
        shown = fit_text(fonts.get(size), lines.message, r.x - 30)
        colour = th.warn if lines.warn else th.text
        text(surface, fonts, shown, (rect.x + 12, rect.centery), size, colour, anchor="midleft")
    if not lines.alerts:
        return
    pygame.draw.rect(surface, mix(th.panel, th.warn, 0.25), band)
    pygame.draw.rect(surface, th.warn, band, 2)
    more = f" (+{len(lines.alerts) - 1} more)" if len(lines.alerts) > 1 else ""
    line = fit_text(fonts.get(size), f"{lines.alerts[0]}{more}", band.width - 200)
    text(surface, fonts, line, (band.x + 12, band.centery), size, th.text, anchor="midleft")
    pos = (band.right - 12, band.centery)
    text(surface, fonts, "X or click: dismiss", pos, size * 0.9, th.text_dim, anchor="midright")
