"""The score board's words and the doubling cube on the bar (drawing only: no scene, no flow)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, assert_never

import pygame

from game.records.model import row_numbers
from game.rules.cube import CubeAction
from game.rules.match import Match
from ui.model.cube_save import CubeRecord
from ui.model.records import game_entries
from ui.model.session import HUMAN, GameSession
from ui.text import N_, _, number
from ui.widgets.controls import mix, text
from ui.widgets.layout import Layout
from ui.widgets.render import Fonts
from ui.widgets.theme import Theme

CENTRED_FACE = 64
"""What a centred cube shows, as on a real board (its value is 1)."""


def match_words(match: Match) -> str:
    """ "Match to 5 · game 3 · Crawford", or "Money session · game 2"."""
    if match.is_money():
        return _("Money session · game {number}").format(number=match.game_number())
    words = _("Match to {length} · game {number}").format(length=match.length, number=match.game_number())
    if match.is_crawford():
        words += _(" · Crawford")
    elif match.is_post_crawford():
        words += _(" · post-Crawford")
    return words


def score_words(match: Match) -> tuple[str, str]:
    """Player 0's and player 1's score: points in a match, the running total (+/-) in a money session."""
    a, b = match.score
    if match.is_money():
        return number(a - b, "+.0f"), number(b - a, "+.0f")  # the sign as the language writes it
    return str(a), str(b)


PIPS_WIDEST = "888"
"""The widest pip count (at most 375: three digits): its slot's width."""
MONEY_WIDEST = "+888"
"""The widest money total the strip keeps a slot for."""


@dataclass(frozen=True)
class HeaderText:
    """One text of the top strip, placed."""

    text: str
    """The words."""
    pos: tuple[float, float]
    """Where its ``anchor`` point goes."""
    anchor: Literal["midleft", "midright"]
    """Which point of the text ``pos`` is (the status is right-aligned)."""
    size: float
    """The text size."""
    bold: bool
    """Drawn bold."""
    tone: Literal["text", "dim", "accent"]
    """Its colour in the theme: the names and scores, the small print, the status."""


@dataclass(frozen=True)
class HeaderPlan:
    """The top strip laid out in fixed slots: when a number changes width (a pip count loses a digit)
    nothing else moves."""

    icons: tuple[tuple[float, float], ...]
    """Each player's checker icon (its mid-left point)."""
    texts: tuple[HeaderText, ...]
    """The texts, left to right, the status last."""


def plan_header(
    fonts: Fonts,
    top: pygame.Rect,
    icon_w: int,
    players: tuple[tuple[str, str, int], ...],
    match: Match,
    status: str,
) -> HeaderPlan:
    """The strip ``top``: for each player (name, score, pip count) an icon ``icon_w`` wide, the name and
    the score in a slot as wide as the widest score the match can show, "pips" and the count in a slot
    as wide as three digits; then the match's words, and the status at the right."""
    size = top.height * 0.36
    while size > LEAST_HEADER and _header_width(fonts, top, icon_w, players, match, status, size) > top.width:
        size -= 0.5  # long names in a narrow window: smaller, never over each other
    big, small = size * 1.1, max(LEAST_HEADER, size * 0.85)
    widest_score = MONEY_WIDEST if match.is_money() else "8" * len(str(match.length))
    x, cy = top.x + top.height * 0.3, float(top.centery)
    icons: list[tuple[float, float]] = []
    texts: list[HeaderText] = []
    for name, score, pips in players:
        icons.append((x, cy))
        x += icon_w + 6
        texts.append(HeaderText(name, (x, cy), "midleft", big, True, "text"))
        x += fonts.get(big, True).size(f"{name} ")[0]
        texts.append(HeaderText(score, (x, cy), "midleft", big, True, "text"))
        x += max(fonts.get(big, True).size(t)[0] for t in (score, widest_score)) + 8
        pips_font = fonts.get(small)
        texts.append(HeaderText(_("pips"), (x, cy), "midleft", small, False, "dim"))
        x += pips_font.size(_("pips") + " ")[0]
        texts.append(HeaderText(str(pips), (x, cy), "midleft", small, False, "dim"))
        x += max(pips_font.size(t)[0] for t in (str(pips), PIPS_WIDEST)) + top.height * 0.6
    texts.append(HeaderText(match_words(match), (x, cy), "midleft", small, False, "dim"))
    texts.append(HeaderText(status, (top.right - top.height * 0.3, cy), "midright", size, True, "accent"))
    return HeaderPlan(tuple(icons), tuple(texts))


LEAST_HEADER = 9.0
"""The smallest size the top strip's text shrinks to."""


def _header_width(
    fonts: Fonts,
    top: pygame.Rect,
    icon_w: int,
    players: tuple[tuple[str, str, int], ...],
    match: Match,
    status: str,
    size: float,
) -> float:
    """The width the strip's text takes at ``size``: the players' slots, the match's words and the
    widest of the status and a player's "turn: roll" (so the size holds while the status changes)."""
    big, small = fonts.get(size * 1.1, True), fonts.get(max(LEAST_HEADER, size * 0.85))
    widest_score = MONEY_WIDEST if match.is_money() else "8" * len(str(match.length))
    width = top.height * 0.6
    for name, score, _pips in players:
        width += icon_w + 6 + big.size(f"{name} ")[0] + max(big.size(t)[0] for t in (score, widest_score)) + 8
        width += small.size(_("pips") + " ")[0] + small.size(PIPS_WIDEST)[0] + top.height * 0.6
    width += small.size(match_words(match))[0] + top.height * 0.6
    statuses = [status, *(_("{name}'s turn: roll").format(name=name) for name, _score, _count in players)]
    return width + max(fonts.get(size, True).size(s)[0] for s in statuses)


CUBE_VERBS: dict[CubeAction, tuple[str, str]] = {
    CubeAction.DOUBLE: (N_("double to"), N_("doubles to")),
    CubeAction.TAKE: (N_("take at"), N_("takes at")),
    CubeAction.PASS: (N_("pass"), N_("passes")),
    CubeAction.BEAVER: (N_("beaver to"), N_("beavers to")),
}
"""A cube action in the move log: (the human's verb, the computer's)."""


def shown_names(s: GameSession) -> tuple[str, str]:
    """The two sides' names as the header shows them: two players' own, else "You" and "Computer" in
    the player's language (the match record keeps its English names)."""
    if s.config.is_two_player():
        one, two = s.names()
        return one, two
    # TRANSLATORS: the computer's name in the header over the board, beside its score
    return _("You"), _("Computer")


def log_lines(s: GameSession) -> list[str]:
    """The move log: each turn and cube action numbered by the row the match record writes it on."""
    entries = game_entries(s)
    rows = row_numbers([a.player for _, actions in entries for a in actions])
    lines: list[str] = []
    first = 0  # the index of the entry's first action in ``rows``
    two = s.config.is_two_player()
    for item, actions in entries:
        who = s.names()[item.player] if two else (_("You") if item.player == HUMAN else _("AI"))
        if isinstance(item, CubeRecord):
            value = "" if item.kind is CubeAction.PASS else f" {item.value}"
            third = two or item.player != HUMAN
            lines.append(f"{rows[first]}. {who} {_(CUBE_VERBS[item.kind][third])}{value}")
        else:
            played = item.notation() if item.steps else _("(no move)")  # the record's words are English
            lines.append(f"{rows[first]}. {who} {item.dice.text()}: {played}")
        first += len(actions)
    return lines


def cube_face(value: int, owner: int | None) -> int:
    """The number the cube shows: 64 while centred at 1, else its value."""
    return CENTRED_FACE if owner is None and value == 1 else value


class CubeSpot(enum.Enum):
    """Where the cube sits on the bar."""

    CENTRE = "centre"
    """No one owns it."""
    BOTTOM = "bottom"
    """At the bottom player's edge: that player owns it, or is offered it."""
    TOP = "top"
    """At the top player's edge."""


def cube_spot(owner: int | None, bottom: int) -> CubeSpot:
    """Where a cube owned by player ``owner`` (None: centred) sits, player ``bottom`` at the bottom."""
    if owner is None:
        return CubeSpot.CENTRE
    return CubeSpot.BOTTOM if owner == bottom else CubeSpot.TOP


def offered_spot(doubler: int, bottom: int) -> CubeSpot:
    """Where a cube offered by player ``doubler`` sits: on the taker's side."""
    return CubeSpot.TOP if doubler == bottom else CubeSpot.BOTTOM


def cube_shown(
    value: int, owner: int | None, bottom: int, doubler: int | None = None
) -> tuple[int, CubeSpot]:
    """The face and spot of a cube at ``value`` owned by ``owner`` (None: centred), player ``bottom``
    at the bottom; offered by ``doubler`` (None: not offered), it shows twice its value on the
    taker's side."""
    if doubler is not None:
        return value * 2, offered_spot(doubler, bottom)
    return cube_face(value, owner), cube_spot(owner, bottom)


def session_cube(s: GameSession) -> tuple[int, CubeSpot, bool]:
    """The game's cube as drawn: its face, where it sits (the human at the bottom), and whether it
    is offered."""
    return (*cube_shown(s.cube.value, s.cube.owner, HUMAN, s.offered), s.offered is not None)


def cube_rect(lay: Layout, spot: CubeSpot) -> pygame.Rect:
    """The cube's rectangle at ``spot`` on the bar."""
    bar, size = lay.bar, lay.cube_size()
    rect = pygame.Rect(0, 0, size, size)
    rect.centerx = bar.centerx
    match spot:
        case CubeSpot.BOTTOM:
            rect.bottom = bar.bottom - round(size * 0.25)
        case CubeSpot.TOP:
            rect.top = bar.top + round(size * 0.25)
        case CubeSpot.CENTRE:
            rect.centery = bar.centery
        case _:
            assert_never(spot)
    return rect


def draw_cube(
    surface: pygame.Surface,
    fonts: Fonts,
    th: Theme,
    lay: Layout,
    face: int,
    spot: CubeSpot,
    offered: bool = False,
) -> pygame.Rect:
    """The cube showing ``face`` at ``spot``; outlined if offered."""
    rect = cube_rect(lay, spot)
    shadow = rect.move(2, 3)
    pygame.draw.rect(surface, mix(th.panel, (0, 0, 0), 0.6), shadow, border_radius=max(3, rect.width // 6))
    pygame.draw.rect(surface, (244, 240, 228), rect, border_radius=max(3, rect.width // 6))
    edge = th.accent if offered else mix((244, 240, 228), (0, 0, 0), 0.45)
    pygame.draw.rect(surface, edge, rect, 3 if offered else 1, border_radius=max(3, rect.width // 6))
    size = max(9.0, rect.height * (0.55 if face < 10 else 0.45))  # readable on the smallest board
    text(surface, fonts, str(face), rect.center, size, (30, 30, 30), True, "center")
    return rect
