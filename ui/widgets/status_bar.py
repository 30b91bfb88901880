"""The status strip at the bottom of the window, and the band of warnings that stay until dismissed.

Neither cuts its text: a message too long for one line is wrapped, and the strip or the band
grows upwards (over the board) to hold every line.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.text import N_, _
from ui.widgets.controls import mix, text, wrap
from ui.widgets.render import Fonts
from ui.widgets.theme import Colour, Theme

HELP = N_("F1 help")
"""The strip's reminder, at its right."""
DISMISS = N_("X or click: dismiss")
"""The band's reminder, at its right."""
LINE = 1.3
"""A line's height, in text sizes."""


@dataclass(frozen=True)
class StatusLines:
    """What the strip shows."""

    message: str
    """The latest status line ("" for none)."""
    warn: bool
    """The status line is a warning."""
    alerts: tuple[str, ...]
    """Warnings waiting to be dismissed, oldest first."""


@dataclass(frozen=True)
class StatusPlan:
    """Where the strip, its message and the band go, and their lines, for one frame."""

    strip: pygame.Rect
    """The strip: the window's status area."""
    message_rect: pygame.Rect
    """Where the message's lines go: the strip, or for a message of several lines, the strip's part
    under the board grown upwards (the side panel stays in view)."""
    message: tuple[str, ...]
    """The status message's lines."""
    band: pygame.Rect
    """The band of the oldest alert: on the message, across the board, as tall as its lines."""
    alert: tuple[str, ...]
    """The oldest alert's lines (none when there is no alert)."""
    size: float
    """The text size."""


def _grown(rect: pygame.Rect, lines: int, size: float) -> pygame.Rect:
    """``rect`` made taller upwards (its foot kept) by the height of ``lines`` - 1 lines."""
    extra = round(max(0, lines - 1) * size * LINE)
    return pygame.Rect(rect.x, rect.y - extra, rect.width, rect.height + extra)


def plan_status(fonts: Fonts, status: pygame.Rect, board_width: int, lines: StatusLines) -> StatusPlan:
    """The strip over ``status``; its message on one line beside the help reminder, or wrapped under
    the board (``board_width`` wide); the alert band above that, wrapped beside its reminder."""
    size = status.height * 0.45
    font = fonts.get(size)
    help_w = fonts.get(size * 0.9).size(_(HELP))[0]
    message: tuple[str, ...] = ()
    message_rect = status
    if lines.message and font.size(lines.message)[0] <= status.width - help_w - 54:
        message = (lines.message,)
    elif lines.message:
        message = tuple(wrap(font, lines.message, board_width - 24))
        message_rect = _grown(pygame.Rect(status.x, status.y, board_width, status.height), len(message), size)
    alert: tuple[str, ...] = ()
    if lines.alerts:
        more = _(" (+{value} more)").format(value=len(lines.alerts) - 1) if len(lines.alerts) > 1 else ""
        dismiss_w = fonts.get(size * 0.9).size(_(DISMISS))[0]
        alert = tuple(wrap(font, f"{lines.alerts[0]}{more}", board_width - dismiss_w - 48))
    first = pygame.Rect(status.x, message_rect.y - status.height, board_width, status.height)
    band = _grown(first, len(alert), size)
    return StatusPlan(status, message_rect, message, band, alert, size)


def _draw_lines(
    surface: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    lines: tuple[str, ...],
    size: float,
    colour: Colour,
) -> None:
    """``lines`` down the left of ``rect``, the block centred in its height."""
    y = rect.centery - (len(lines) - 1) * size * LINE / 2
    for line in lines:
        text(surface, fonts, line, (rect.x + 12, y), size, colour, anchor="midleft")
        y += size * LINE


def draw_status(surface: pygame.Surface, fonts: Fonts, th: Theme, plan: StatusPlan, warn: bool) -> None:
    """The strip (``warn``: its message is a warning), and the oldest alert in its band above it."""
    size = plan.size
    pygame.draw.rect(surface, th.panel, plan.strip)
    pygame.draw.rect(surface, th.panel, plan.message_rect)
    at = (plan.strip.right - 12, plan.strip.centery)
    text(surface, fonts, _(HELP), at, size * 0.9, th.text_dim, anchor="midright")
    _draw_lines(surface, fonts, plan.message_rect, plan.message, size, th.warn if warn else th.text)
    if not plan.alert:
        return
    band = plan.band
    pygame.draw.rect(surface, mix(th.panel, th.warn, 0.25), band)
    pygame.draw.rect(surface, th.warn, band, 2)
    _draw_lines(surface, fonts, band, plan.alert, size, th.text)
    pos = (band.right - 12, band.centery)
    text(surface, fonts, _(DISMISS), pos, size * 0.9, th.text_dim, anchor="midright")
