"""A list of ranked moves as GNU Backgammon and eXtreme Gammon players read one: each move with its
equity, its difference to the best, and both sides' chances (win, gammon, backgammon for the side
that moves and for the other side), wrapped to the width it is given and scrolled when longer than
its box. The side panel's hints, the analysis dialogs and the review's decision use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from ui.text import number
from ui.text.analysis import mine, theirs
from ui.widgets.controls import mix, text
from ui.widgets.render import Fonts
from ui.widgets.theme import Colour, Theme

LINE = 1.3
"""A line's height, in text sizes."""
GAP = 0.35
"""The space between two moves, in text sizes."""
CHANCES = 0.88
"""The chances' text size, as a share of the moves'."""
BAR_W = 4
"""The scroll bar's width, in pixels."""


@dataclass(frozen=True)
class MoveRow:
    """One ranked move."""

    rank: int
    """1 for the best."""
    move: str
    """The move in notation."""
    equity: float
    """Its equity for the side that moves (EMG in a match)."""
    diff: float
    """Its equity less the best one's (0 for the best; negative below it)."""
    probs: tuple[float, ...]
    """The mover's win, win gammon, win backgammon, lose gammon, lose backgammon."""
    mark: str = ""
    """A sign before the rank (the move played, in the review)."""


def figures(row: MoveRow, short: bool = False) -> str:
    """The equity and, below the best, the difference to it in brackets (``short``: the difference
    alone, still in its brackets: bare, it would read as an equity above the best one's)."""
    if row.rank == 1 and row.diff == 0:
        return number(row.equity, "+.3f")
    diff = number(row.diff, "+.3f")
    return f"({diff})" if short else f"{number(row.equity, '+.3f')} ({diff})"


@dataclass(frozen=True)
class Part:
    """One line of a move as drawn: words at the left, figures at the right."""

    left: str
    right: str
    chances: bool
    """A line of chances (smaller, dimmer)."""


def row_parts(fonts: Fonts, row: MoveRow, width: int, size: float) -> list[Part]:
    """The lines of ``row`` in ``width`` pixels: the move and its figures on one line where they fit
    (else the figures on a line of their own), both sides' chances on one line where they fit (else
    a line each)."""
    font, small = fonts.get(size), fonts.get(size * CHANCES)
    head, gap = f"{row.mark}{row.rank}. {row.move}", round(size * 0.8)
    parts = [Part(head, "", False), Part("", figures(row), False)]
    for nums in (figures(row), figures(row, short=True)):  # beside the move where they fit
        if font.size(head)[0] + gap + font.size(nums)[0] <= width:
            parts = [Part(head, nums, False)]
            break
    both = f"{mine(row.probs)} · {theirs(row.probs)}"
    if small.size(both)[0] <= width:
        return [*parts, Part(both, "", True)]
    return [*parts, Part(mine(row.probs), "", True), Part(theirs(row.probs), "", True)]


def row_height(parts: Sequence[Part], size: float) -> int:
    """The height of a move of ``parts``."""
    return round(sum(size * (CHANCES if p.chances else 1.0) * LINE for p in parts))


@dataclass(frozen=True)
class Shown:
    """A move in view: its index in the list, its box and its lines."""

    index: int
    rect: pygame.Rect
    parts: tuple[Part, ...]


def plan(fonts: Fonts, rect: pygame.Rect, rows: Sequence[MoveRow], first: int, size: float) -> list[Shown]:
    """The moves in view from ``first`` on: those whose every line fits in ``rect`` (a scroll bar at
    its right when some are out of view)."""
    width = rect.width - (2 * BAR_W if len(rows) > 1 else 0) - 6
    out: list[Shown] = []
    y = rect.y
    for i in range(max(0, first), len(rows)):
        parts = row_parts(fonts, rows[i], width, size)
        h = row_height(parts, size)
        if y + h > rect.bottom:
            break
        out.append(Shown(i, pygame.Rect(rect.x, y, width + 6, h), tuple(parts)))
        y += h + round(size * GAP)
    return out


def first_for(fonts: Fonts, rect: pygame.Rect, rows: Sequence[MoveRow], first: int, size: float) -> int:
    """``first`` kept within the list: no further than where the last move is in view."""
    first = max(0, min(first, len(rows) - 1))
    while first > 0 and len(plan(fonts, rect, rows, first - 1, size)) == len(rows) - first + 1:
        first -= 1
    return first


def draw_moves(
    surf: pygame.Surface,
    fonts: Fonts,
    th: Theme,
    rect: pygame.Rect,
    rows: Sequence[MoveRow],
    first: int,
    size: float,
    colours: Sequence[Colour] | None = None,
    picked: int | None = None,
) -> list[Shown]:
    """The moves in view, the best one's box brighter (``picked``: another one's), and a scroll bar
    when some are out of view; ``colours``: each move's colour (default: the text's)."""
    shown = plan(fonts, rect, rows, first, size)
    for s in shown:
        bright = s.index == (0 if picked is None else picked)
        pygame.draw.rect(surf, mix(th.panel, th.arrow, 0.3 if bright else 0.12), s.rect, border_radius=4)
        y = float(s.rect.y)
        colour = colours[s.index] if colours is not None else th.text
        for part in s.parts:
            at = size * (CHANCES if part.chances else 1.0)
            shade = th.text_dim if part.chances else colour
            if part.left:
                text(surf, fonts, part.left, (s.rect.x + 3, y), at, shade)
            if part.right:
                text(surf, fonts, part.right, (s.rect.right - 3, y), at, shade, anchor="topright")
            y += at * LINE
    if shown and len(shown) < len(rows):
        scroll_bar(
            surf,
            th,
            pygame.Rect(rect.right - BAR_W, rect.y, BAR_W, rect.height),
            shown[0].index,
            len(shown),
            len(rows),
        )
    return shown


def scroll_bar(
    surf: pygame.Surface, th: Theme, track: pygame.Rect, first: int, seen: int, count: int
) -> None:
    """A thin track with a thumb as long as the share of ``count`` items in view, at ``first``."""
    thumb = track.copy()
    thumb.height = max(8, track.height * seen // max(1, count))
    room = max(1, count - seen)
    thumb.y = track.y + round((track.height - thumb.height) * min(first, room) / room)
    pygame.draw.rect(surf, mix(th.panel, th.text, 0.12), track, border_radius=2)
    pygame.draw.rect(surf, mix(th.panel, th.text, 0.5), thumb, border_radius=2)


class Ranked(Protocol):
    """A ranked move as the worker answers it (:class:`ai.worker.messages.RankedMove`)."""

    @property
    def equity(self) -> float: ...

    @property
    def probs(self) -> tuple[float, ...]: ...

    @property
    def move(self) -> Notated: ...


class Notated(Protocol):
    """A move that can say itself in notation."""

    def notation(self) -> str: ...


def ranked_rows(moves: Sequence[Ranked]) -> list[MoveRow]:
    """``moves`` (best first) as rows: each with its difference to the best."""
    best = moves[0].equity if moves else 0.0
    return [
        MoveRow(i + 1, m.move.notation(), m.equity, m.equity - best, m.probs) for i, m in enumerate(moves)
    ]
