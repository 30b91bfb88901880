"""The reasons dialog (issue 53), shared by every screen that explains: why the hints are ranked as
they are (each move's line opens to its reasons), why the tutor's better choice is better, why to
double, take or pass.

Each entry is a choice and its explanation (:class:`Explanation`: the sentences of
:mod:`ui.text.explain` and the facts beside them, side by side). With several entries the dialog
lists them, one open at a time: ↑ ↓ or a click open another; with one it shows it whole. The wheel,
PgUp and PgDn scroll; Esc or Enter closes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from ai.engine_types import Decision
from game.facts.explained import CubeExplained, DecisionExplained, PlayExplained
from game.rules.cube import CubeAction
from ui.scenes.base import ENTER, Choice, Context, Dialog
from ui.text import _, current
from ui.text.explain import CubeSide, Row, cube_rows, drill_why, move_rows, searched_note, why_cube, why_move
from ui.widgets.controls import mix, mouse_pos, wrap
from ui.widgets.move_list import BAR_W, scroll_bar
from ui.widgets.why_view import LINE, Cell, Line, draw_lines, last_first, lines_height, why_lines

SIZE = 15
"""The sentences' text size (in the default window)."""

INDENT = 14
"""How far an open entry's reasons are set in under its line (in the default window)."""

MOST_LINES = 40
"""The lines the box grows to hold at most, before it scrolls (the window is the limit too)."""


def closed_mark() -> str:
    """The mark before a closed entry of the list: pointing the way its language reads (▶, or ◀ in
    a right-to-left one, where the line's start is at its right)."""
    return "◀ " if current().right_to_left else "▶ "


@dataclass(frozen=True)
class Explanation:
    """One choice explained: its line in a list, its sentences, and its facts."""

    line: str
    """How the list names it (``2. 13/9 6/5*  -0.045 (-0.057)``); empty when it stands alone."""
    sentences: tuple[str, ...]
    """Why, worded (the first is the headline)."""
    rows: tuple[Row, ...]
    """The facts beside the words."""
    heads: tuple[str, str] | None = None
    """The two moves the table's columns are for (None: one column, a cube decision's)."""


def move_explanation(pair: PlayExplained, line: str = "") -> Explanation:
    """A move against the one it is compared with (:func:`ui.text.explain.why_move`)."""
    heads = None if pair.other is None else (pair.this.move, pair.other.move)
    return Explanation(line, tuple(why_move(pair)), tuple(move_rows(pair)), heads)


def cube_explanation(c: CubeExplained, side: CubeSide) -> Explanation:
    """A cube decision from ``side`` (:func:`ui.text.explain.why_cube`)."""
    return Explanation("", tuple(why_cube(c, side)), tuple(cube_rows(c)))


def decision_explanation(said: PlayExplained | CubeExplained, kind: CubeAction | None) -> Explanation:
    """A judged decision: a play, or the cube action ``kind`` (the doubler's or the taker's)."""
    if isinstance(said, PlayExplained):
        return move_explanation(said)
    side = CubeSide.DOUBLER if kind in (None, CubeAction.DOUBLE, CubeAction.NO_DOUBLE) else CubeSide.TAKER
    return cube_explanation(said, side)


def drill_reasons(
    decisions: Sequence[Decision], explained: Sequence[DecisionExplained | None]
) -> dict[tuple[int, int, str], str]:
    """The explanation a drill card of each judged decision keeps (:func:`ui.text.explain.drill_why`),
    by (game, turn, decision), as :class:`game.drills.card.Harvest` reads them: ``explained`` holds
    each decision's facts, in the decisions' order (None: not explained, a forced move)."""
    out = {}
    for d, said in zip(decisions, explained, strict=False):
        if said is not None:
            kind = None if d.kind == "move" else CubeAction(d.kind)
            note = searched_note(d)
            out[(d.game, d.turn, str(d.kind))] = (note + " " if note else "") + drill_why(said, kind)
    return out


class WhyDialog(Dialog):
    """Explanations, one open at a time (↑ ↓, a click), scrolled by the wheel, PgUp and PgDn."""

    max_size = (860, 640)
    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_TAB: 1})  # the arrows open the entries

    def __init__(self, ctx: Context, title: str, entries: Sequence[Explanation], opened: int = 0) -> None:
        self.title = title
        self.entries = tuple(entries)
        """What is explained."""
        self.opened = max(0, min(opened, len(self.entries) - 1))
        """The entry whose reasons are shown."""
        self.first = 0
        """The first line in view."""
        self.heads: list[tuple[int, int]] = []
        """Each entry's line: its index among the lines, and the entry's (where a click opens it)."""
        super().__init__(ctx)
        self.show(self.opened)

    def choices(self) -> list[Choice]:
        """Close (Esc, Enter)."""
        return [Choice("close", _("Close"), (pygame.K_ESCAPE, *ENTER), _("Esc"), self.dismiss, True)]

    def dismiss(self) -> None:
        """Close the dialog."""
        self.ctx.pop(self)

    # --- the lines -----------------------------------------------------------------------------------

    def lines(self, width: int) -> list[Line]:
        """Every line: with one entry its explanation; with several each entry's line, the open one's
        reasons under it."""
        th, fonts, size = self.ctx.theme, self.ctx.renderer.fonts, self.px(SIZE)
        if len(self.entries) == 1:
            self.heads = []
            e = self.entries[0]
            return why_lines(fonts, th, width, size, e.sentences, e.rows, e.heads)
        out: list[Line] = []
        self.heads = []
        indent = round(self.px(INDENT))
        for i, e in enumerate(self.entries):
            opened = i == self.opened
            mark = "▼ " if opened else closed_mark()
            colour = th.text if opened else th.text_dim
            for part in wrap(fonts.get(size, opened), f"{mark}{e.line}", width) or [mark]:
                self.heads.append((len(out), i))
                out.append(Line((Cell(0, part, colour, opened),), size, round(size * LINE)))
            out[-1] = Line(out[-1].cells, size, round(size * (LINE + 0.2)))
            if opened:
                for line in why_lines(fonts, th, width - indent, size, e.sentences, e.rows, e.heads):
                    cells = tuple(Cell(c.x + indent, c.words, c.colour, c.bold) for c in line.cells)
                    out.append(Line(cells, line.size, line.height))
                out.append(Line((), size, round(size * 0.5)))
        return out

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        """As wide as :attr:`max_size` allows, as high as the body needs (:meth:`body_height`)."""
        return super().box_size(w, h)[0], min(h - 40, round(self.px(160)))

    def body_height(self, width: int) -> int:
        """Room for the open explanation, up to :data:`MOST_LINES` lines (then it scrolls)."""
        lines = self.lines(width - 2 * BAR_W)
        return min(lines_height(lines), round(self.px(SIZE) * 1.3 * MOST_LINES)) + round(self.px(12))

    def _area(self) -> pygame.Rect:
        body = self.body()
        return pygame.Rect(body.x, body.y, body.width - 2 * BAR_W, body.height)

    # --- moving about ----------------------------------------------------------------------------------

    def show(self, index: int) -> None:
        """Open entry ``index`` and scroll its line to the top (as far as the list allows)."""
        self.opened = max(0, min(index, len(self.entries) - 1))
        area = self._area()
        lines = self.lines(area.width)
        start = min((at for at, i in self.heads if i == self.opened), default=0)
        self.first = min(start, last_first(lines, area.height))

    def scroll(self, delta: int) -> None:
        """Scroll by ``delta`` lines, within the lines."""
        area = self._area()
        lines = self.lines(area.width)
        self.first = max(0, min(self.first + delta, last_first(lines, area.height)))

    def on_key(self, event: pygame.event.Event) -> None:
        """↑ ↓ open the previous or next entry (one entry: scroll); PgUp, PgDn, Home, End scroll."""
        page = max(1, self._area().height // round(self.px(SIZE) * 1.3) - 1)
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key)
        if step is not None and len(self.entries) > 1:
            self.show(self.opened + step)
        elif step is not None:
            self.scroll(step)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(page if event.key == pygame.K_PAGEDOWN else -page)
        elif event.key == pygame.K_HOME:
            self.first = 0
        elif event.key == pygame.K_END:
            self.scroll(10**6)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on an entry's line opens it."""
        area = self._area()
        if not area.collidepoint(pos):
            return
        lines = self.lines(area.width)
        heads = dict(self.heads)
        y = area.y
        for at in range(self.first, len(lines)):
            h = lines[at].height
            if y <= pos[1] < y + h and at in heads:
                self.show(heads[at])
                return
            y += h

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls; the rest as every dialog."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        super().handle_event(event)

    # --- drawing ------------------------------------------------------------------------------------------

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The lines in view, the open entry's line shaded, a scroll bar when some are out of view."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        box = self._area()
        lines = self.lines(box.width)
        heads = dict(self.heads)
        y = box.y
        hover = mouse_pos()
        for at in range(self.first, len(lines)):
            line = lines[at]
            if y + line.height > box.bottom + round(line.size * 0.3):
                break
            if at in heads:
                band = pygame.Rect(box.x - 4, y - 1, box.width + 8, round(line.size * LINE) + 1)
                shade = 0.3 if heads[at] == self.opened else 0.18 if band.collidepoint(hover) else 0.1
                pygame.draw.rect(surface, mix(th.panel, th.arrow, shade), band, border_radius=4)
            y += line.height
        shown = draw_lines(surface, fonts, box, lines, self.first)
        if shown < len(lines):
            track = pygame.Rect(area.right - BAR_W, box.y, BAR_W, box.height)
            scroll_bar(surface, th, track, self.first, shown, len(lines))
