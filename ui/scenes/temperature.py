"""The temperature map dialog, shared by every screen that offers it (the game before the roll, the
review, a set-up position): the 36 rolls in a 6x6 grid, each cell the best move's value after that
roll, coloured from the best roll to the worst, filled in live as the worker finds them.

Rows are the first die, columns the second. The selected cell (the arrows, a click, or the mouse
over it) shows its roll's best move in words and on a small board; the digits 1-4 search again at
that depth; Esc closes. The search runs in a worker of the dialog's own
(:meth:`Context.new_worker`), closed with the dialog, so nothing of it outlives the dialog and the
game's own worker is never disturbed.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from ai.engine_types import ROLL_COUNT, CubeContext, RollCell, TemperatureMap
from ai.worker.messages import MAX_DEPTH, Failed, TemperatureAnswer, TemperatureProgress, TemperatureRequest
from game.facts.explained import PlayExplained
from game.rules.position import Position, unpack
from ui.model.seats import CheckerColour
from ui.model.workbench.temperature import (
    GRID,
    Selection,
    dice_at,
    heat,
    is_match,
    shown_value,
)
from ui.scenes.base import ENTER, Choice, Context, WorkerDialog
from ui.text import N_, _, number
from ui.text.analysis import cell_lines, chances_words, value_words
from ui.text.explain import why_move
from ui.widgets.controls import fit_size, fit_text, mix, progress_bar, text
from ui.widgets.layout import Layout
from ui.widgets.render import BoardView
from ui.widgets.why_view import sentence_lines

DEPTH_KEYS = {k + i: i + 1 for i in range(MAX_DEPTH) for k in (pygame.K_1, pygame.K_KP1)}
"""The keys that search again at a depth (1-4, main and keypad)."""

MIN_CELL_FONT = 9.0
"""The smallest font a cell's value is shrunk to so that it fits (then it is shortened)."""

DETAIL_TITLE_SIZE = 17
"""The font size of the shown roll's move, above its board."""

DETAIL_SIZE = 14
"""The font size of the shown roll's value and chances."""

WHY_SIZE = 13
"""The font size of what the shown roll's best move achieves (against its runner-up)."""

ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
"""The arrows move the selection."""


def cell_words(cell: RollCell, context: CubeContext | None) -> str:
    """A cell's text as the player's language writes numbers: ``+0.123``, or ``52.3%`` in a match
    (``%52,3`` in Turkish; the minus kept before the number in Hebrew)."""
    value = shown_value(cell, context)
    return number(value, ".1%") if is_match(context) else number(value, "+.3f")


class TemperatureDialog(WorkerDialog):
    """Every roll's best move before the roll of a position, as a 6x6 grid."""

    heading = N_("Temperature map")
    max_size = (960, 620)
    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_TAB: 1})  # the arrows move the selection

    def __init__(
        self,
        ctx: Context,
        position: Position,
        context: CubeContext | None,
        what: str,
        depth: int,
        colour: CheckerColour | None = None,
    ) -> None:
        self.position = position
        """The position, side on roll's view, before its roll."""
        self.context = context
        """The cube and score of the side on roll (None: cubeless money)."""
        self.what = what
        """Whose position it is, in words."""
        self.depth = max(1, min(MAX_DEPTH, depth))
        """The depth each roll is searched to."""
        self.colour = colour or ctx.settings.colour
        """The colour of the side on roll's checkers on the small board (default: the player's)."""
        self.cells: dict[tuple[int, int], RollCell] = {}
        """The rolls found so far (higher die first)."""
        self.explained: dict[tuple[int, int], PlayExplained] = {}
        """Each roll's best move against its runner-up: what it achieves (issue 53)."""
        self.map: TemperatureMap | None = None
        """The whole map, once it is in."""
        self.failure = ""
        self.selection = Selection()
        """The cell chosen with the arrows or a click."""
        self.hover: Selection | None = None
        """The cell under the mouse, which is shown while it is there."""
        super().__init__(ctx)
        self.start()

    def choices(self) -> list[Choice]:
        """Close (Esc or Enter)."""
        return [Choice("close", _("Close"), (pygame.K_ESCAPE, *ENTER), _("Esc"), self.dismiss, True)]

    # --- the search ------------------------------------------------------------------------------

    def start(self) -> None:
        """Search every roll at :attr:`depth`, in the dialog's worker (a search running stops)."""
        self.cells, self.map, self.failure, self.explained = {}, None, "", {}
        self.ask(TemperatureRequest(self.position, self.depth, self.context))

    def is_computing(self) -> bool:
        """True until the whole map (or a failure) is in."""
        return self.map is None and not self.failure

    def update(self, dt: float, covered: bool = False) -> None:
        """Take each roll as it comes."""
        for event in self.answers():
            if isinstance(event, TemperatureProgress):
                self.cells[event.cell.dice] = event.cell
                if event.explained is not None:
                    self.explained[event.cell.dice] = event.explained
            elif isinstance(event, TemperatureAnswer):
                self.map = event.map
                self.cells = {c.dice: c for c in event.map.cells}
            elif isinstance(event, Failed):
                self.failure = event.message

    def needs_frames(self) -> bool:
        """True while the rolls come in."""
        return self.worker is not None and self.is_computing()

    # --- input -------------------------------------------------------------------------------------

    def shown(self) -> Selection:
        """The cell whose roll is described: the one under the mouse, else the selected one."""
        return self.hover if self.hover is not None else self.selection

    def on_key(self, event: pygame.event.Event) -> None:
        """Arrows move the selection; 1-4 search again at that depth."""
        step = ARROWS.get(event.key)
        if step is not None:
            self.selection = self.selection.moved(*step)
            self.hover = None
        elif event.key in DEPTH_KEYS and DEPTH_KEYS[event.key] != self.depth:
            self.depth = DEPTH_KEYS[event.key]
            self.start()

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a cell selects it."""
        hit = self.cell_at(pos)
        if hit is not None:
            self.selection = hit

    def handle_event(self, event: pygame.event.Event) -> None:
        """The dialog's keys and clicks; the mouse over a cell shows that roll."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(event.pos)
            return
        super().handle_event(event)

    # --- geometry -------------------------------------------------------------------------------

    def grid_rect(self) -> pygame.Rect:
        """The grid with its die labels (a square at the left of the body)."""
        area = self.body()
        size = max(70, min(area.height - 84, round(area.width * 0.5)))
        return pygame.Rect(area.x, area.y + 26, size, size)

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        """One cell (after a label row and column)."""
        g = self.grid_rect()
        step = g.width / (GRID + 1)
        x, y = g.x + step * (col + 1), g.y + step * (row + 1)
        return pygame.Rect(round(x), round(y), round(step) - 3, round(step) - 3)

    def detail_rect(self) -> pygame.Rect:
        """The shown roll's words and board, right of the grid."""
        area, g = self.body(), self.grid_rect()
        return pygame.Rect(g.right + 24, g.y, area.right - g.right - 24, g.height)

    def cell_at(self, pos: tuple[int, int]) -> Selection | None:
        """The cell at ``pos``, if any."""
        for row in range(GRID):
            for col in range(GRID):
                if self.cell_rect(row, col).collidepoint(pos):
                    return Selection(row, col)
        return None

    # --- drawing -------------------------------------------------------------------------------------

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """What is mapped, the grid, the chosen roll with its board, the average."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        head = _("{what} · depth {depth} (1-4 to change) · cells: {cells}").format(
            what=self.what, depth=self.depth, cells=value_words(self.context)
        )
        text(surface, fonts, fit_text(fonts.get(15), head, area.width), (area.x, area.y - 8), 15, th.text_dim)
        self._draw_grid(surface)
        g = self.grid_rect()
        self._draw_detail(surface, self.detail_rect())
        self._draw_summary(surface, pygame.Rect(area.x, g.bottom + 8, area.width, area.bottom - g.bottom - 8))

    def _draw_grid(self, surface: pygame.Surface) -> None:
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        values = [
            shown_value(c, self.context) for c in self.cells.values() for _ in range(round(c.weight * 36))
        ]
        size = max(11.0, self.cell_rect(0, 0).height * 0.3)
        for i in range(GRID):
            top, left = self.cell_rect(0, i), self.cell_rect(i, 0)
            text(surface, fonts, str(i + 1), (top.centerx, top.y - 6), size, th.text_dim, True, "midbottom")
            text(surface, fonts, str(i + 1), (left.x - 8, left.centery), size, th.text_dim, True, "midright")
        shown = self.shown()
        labels = [cell_words(c, self.context) for c in self.cells.values()]
        room = self.cell_rect(0, 0).width - 6
        cell_size = size  # one size for every cell: the widest label fits, in bold as drawn
        while cell_size > MIN_CELL_FONT and any(fonts.get(cell_size, True).size(x)[0] > room for x in labels):
            cell_size -= 0.5
        for row in range(GRID):
            for col in range(GRID):
                rect = self.cell_rect(row, col)
                cell = self.cells.get(dice_at(row, col))
                if cell is None:
                    pygame.draw.rect(surface, mix(th.panel, th.text, 0.08), rect, border_radius=4)
                    continue
                t = heat(shown_value(cell, self.context), values)
                colour = mix(mix(th.bad, th.good, t), th.panel, 0.25)
                pygame.draw.rect(surface, colour, rect, border_radius=4)
                label = fit_text(fonts.get(cell_size, True), cell_words(cell, self.context), rect.width - 4)
                text(surface, fonts, label, rect.center, cell_size, th.text, True, "center")
        ring = self.cell_rect(shown.row, shown.col).inflate(4, 4)
        pygame.draw.rect(surface, th.text, ring, 2, border_radius=5)
        if self.hover is not None and self.hover != self.selection:
            sel = self.cell_rect(self.selection.row, self.selection.col).inflate(4, 4)
            pygame.draw.rect(surface, th.accent, sel, 1, border_radius=5)

    def _draw_detail(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        cell = self.cells.get(self.shown().dice)
        a, b = self.shown().dice
        searching = _("Roll {roll}: searching…").format(roll=f"{a}-{b}")
        lines = [searching] if cell is None else cell_lines(cell)
        y = rect.y
        for i, line in enumerate(lines):
            size = fit_size(fonts, [(line, i == 0, rect.width)], DETAIL_TITLE_SIZE if i == 0 else DETAIL_SIZE)
            shown = fit_text(fonts.get(size, i == 0), line, rect.width)
            text(surface, fonts, shown, (rect.x, y), size, th.text if i == 0 else th.text_dim, i == 0)
            y += 26 if i == 0 else 20
        pair = self.explained.get(self.shown().dice)
        if pair is not None:  # what the best move achieves that the runner-up does not
            said = why_move(pair, 1)[:2]  # the headline and what differs most
            y += 4
            for row in sentence_lines(fonts, th, rect.width, WHY_SIZE, said, first_bold=False):
                if y + row.height > rect.bottom:
                    break
                for c in row.cells:
                    text(surface, fonts, c.words, (rect.x + c.x, y), row.size, th.text, c.bold)
                y += row.height
        board = pygame.Rect(rect.x, y + 6, rect.width, rect.bottom - y - 6)
        if board.height > 60 and board.width > 100:
            self._draw_board(surface, board, cell)

    def _draw_board(self, surface: pygame.Surface, rect: pygame.Rect, cell: RollCell | None) -> None:
        """The position with the shown roll's best move as arrows, side on roll at the bottom."""
        th = self.ctx.theme
        lay = Layout.compute((round(rect.width * 1.3), round(rect.height * 1.25)))
        canvas = pygame.Surface(lay.size)
        mine, theirs = unpack(self.position.code)
        view = BoardView(mine, theirs, self.colour)
        a, b = self.shown().dice
        view.dice = (a,) * 4 if a == b else (a, b)
        if cell is not None and cell.move is not None:
            view.arrows = [(st.src, st.dst, True) for st in cell.move.move.steps]
        self.ctx.renderer.draw(canvas, lay, th, view)
        part = canvas.subsurface(lay.board)
        scale = min(rect.width / part.get_width(), rect.height / part.get_height())
        size = (round(part.get_width() * scale), round(part.get_height() * scale))
        surface.blit(pygame.transform.smoothscale(part, size), rect.topleft)

    def _draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        if self.failure:
            text(
                surface,
                fonts,
                _("The AI could not answer: {failure}").format(failure=self.failure),
                rect.topleft,
                15,
                th.warn,
            )
            return
        if self.map is None:
            done = len(self.cells)
            line = _("Searching each roll at depth {depth}: {done} of {total}").format(
                depth=self.depth, done=done, total=ROLL_COUNT
            )
            text(surface, fonts, line, rect.topleft, 15, th.text_dim)
            bar = pygame.Rect(rect.x, rect.y + 24, rect.width, 8)
            progress_bar(surface, th, bar, done / ROLL_COUNT)
            return
        m = self.map
        value = number(m.equity, "+.3f")
        if is_match(self.context) and m.mwc is not None:
            value = _("{mwc:.1%} MWC (EMG {equity:+.3f})").format(mwc=m.mwc, equity=m.equity)
        best, worst = m.best(), m.worst()
        line = _("Average over the 36 rolls: {value} · best roll {best}, worst {worst}").format(
            value=value, best=f"{best.dice[0]}-{best.dice[1]}", worst=f"{worst.dice[0]}-{worst.dice[1]}"
        )
        text(surface, fonts, fit_text(fonts.get(16, True), line, rect.width), rect.topleft, 16, th.text, True)
        chances = fit_text(fonts.get(14), chances_words(m.probs), rect.width)
        text(surface, fonts, chances, (rect.x, rect.y + 24), 14, th.text_dim)
