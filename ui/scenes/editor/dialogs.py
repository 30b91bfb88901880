"""The position editor's dialogs: the dice, its help, and the analysis of the position built."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import pygame

from ai.worker.messages import Event
from game.rules.move import Move
from ui.model.hint_answer import HintAnswer, Line
from ui.model.workbench.editor import EditorPosition, Side
from ui.scenes.base import ENTER, Choice, Context, Dialog
from ui.scenes.dice_pick import DiceRows
from ui.scenes.editor.actions import help_rows
from ui.scenes.help import KeysHelp
from ui.text import N_, _
from ui.text.analysis import answer_lines
from ui.text.editor import describe
from ui.widgets.controls import mix, text, wrap
from ui.widgets.move_list import draw_moves, first_for, plan, ranked_rows

DEPTHS = (1, 2, 3, 4)
"""The depths the analysis searches at."""
ANSWER_SIZE = 14
"""The analysis's text size (in the default window)."""
NOTE = N_("Esc closes: edit on, then A again · ↑↓ or a click: the move drawn")
"""How to go on, over the analysis."""

MOUSE_HELP = (
    (
        N_("Left click"),
        N_("on a point: one more checker of the side there (an empty point: the side being added)"),
    ),
    (N_("Shift + left click"), N_("on an empty point: a checker of the other side")),
    (N_("Right click"), N_("on a point: one checker fewer")),
    (N_("Bar"), N_("each side's half of the bar: left click adds, right click takes off")),
    (
        N_("Tray"),
        N_("a click on a side's tray picks the side to add; checkers not on the board are borne off"),
    ),
)
"""How the mouse edits the board."""


class DiceDialog(Dialog):
    """Pick two dice (click, or type two digits), or none: before the roll."""

    heading = N_("Dice")
    max_size = (520, 300)

    def __init__(self, ctx: Context, on_choose: Callable[[tuple[int, int] | None], None]) -> None:
        self.on_choose = on_choose
        """Sets the dice chosen (None: no dice)."""
        self.rows = DiceRows(ctx)
        """The two dice being picked: the second sets them."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """No dice (N / 0), cancel (Esc)."""
        return [
            Choice(
                "none",
                _("No dice"),
                (pygame.K_n, pygame.K_0, pygame.K_KP0),
                "N / 0",
                lambda: self._done(None),
            ),
            Choice("cancel", _("Cancel"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self), True),
        ]

    def _done(self, dice: tuple[int, int] | None) -> None:
        self.ctx.pop(self)
        self.on_choose(dice)

    def _picked(self) -> None:
        dice = self.rows.roll()
        if dice is not None:
            self._done(dice)

    def on_key(self, event: pygame.event.Event) -> None:
        """A digit 1-6 picks a die (Backspace takes the first back)."""
        if self.rows.key(event):
            self._picked()

    def die_rect(self, row: int, value: int) -> pygame.Rect:
        """The clickable die ``value`` of row ``row`` (0: the first die, 1: the second)."""
        return self.rows.die_rect(self.body(), row, value)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a die picks it."""
        if self.rows.click(self.body(), pos):
            self._picked()

    def body_height(self, width: int) -> int:
        """The two rows of dice."""
        return self.rows.height(width)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Two rows of dice: the row to pick from lit."""
        self.rows.draw(surface, area, (_("First die"), _("Second die")))


class EditorHelp(KeysHelp):
    """The editor's mouse and keys, made from its actions table."""

    heading = N_("Position editor")
    max_size = (1180, 720)

    def rows(self) -> list[tuple[str, str]]:
        """The lines of help: a heading has an empty second part."""
        mouse = [(_(key), _(what)) for key, what in MOUSE_HELP]
        return [(_("Mouse"), ""), *mouse, (_("Keyboard"), ""), *help_rows()]


class EditorAnalysis(Dialog):
    """The hint for the edited position at a chosen depth, over the editor's panel (the board stays in
    view): the best moves for the dice, or the cube decision before the roll. Searched by the worker."""

    heading = N_("Analysis")
    dim_alpha = 0

    def __init__(
        self,
        ctx: Context,
        position: EditorPosition,
        panel: Callable[[], pygame.Rect],
        depth: int,
        on_depth: Callable[[int], None],
        on_rollout: Callable[[], None],
    ) -> None:
        self.position = position
        """The position analysed."""
        self.panel = panel
        """Where the box goes: over the editor's panel (as it is after a resize)."""
        self.answer = HintAnswer(depth)
        """The request at the chosen depth and the worker's answer."""
        self.on_depth = on_depth
        """Tells the editor the depth chosen (the next analysis starts there)."""
        self.on_rollout = on_rollout
        """Opens the rollout of the position."""
        self.selected = 0
        """The move drawn on the board (the best until another is picked)."""
        self.first = 0
        """The first move in the list's view (it scrolls to keep the one picked in view)."""
        super().__init__(ctx)

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        """The editor's panel, less a margin."""
        panel = self.panel()
        return panel.width - 12, panel.height - 12

    def on_resize(self) -> None:
        """Over the editor's panel."""
        super().on_resize()
        panel = self.panel()
        dx, dy = panel.x + 6 - self.box.x, panel.y + 6 - self.box.y
        self.box.move_ip(dx, dy)
        for b in self.buttons:
            b.rect.move_ip(dx, dy)

    def choices(self) -> list[Choice]:
        """Deeper (D, or 1-4), roll out (O), close (Esc)."""
        return [
            Choice(
                "depth",
                _("Depth {depth}").format(depth=self.answer.depth),
                (pygame.K_d,),
                "D / 1-4",
                self.next_depth,
            ),
            Choice("rollout", _("Rollout"), (pygame.K_o,), "O", self._rollout),
            Choice("close", _("Close"), (pygame.K_ESCAPE, *ENTER), _("Esc"), self.close, True),
        ]

    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_TAB: 1})  # the arrows pick a move

    def on_key(self, event: pygame.event.Event) -> None:
        """1-4 searches at that depth; the arrows pick the move drawn on the board (the list
        follows)."""
        for base in (pygame.K_1, pygame.K_KP1):
            if base <= event.key < base + len(DEPTHS):
                self.set_depth(event.key - base + 1)
        moves = self.answer.moves
        if event.key in (pygame.K_UP, pygame.K_DOWN) and moves:
            step = -1 if event.key == pygame.K_UP else 1
            self.pick(max(0, min(len(moves) - 1, self.selected + step)))

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the moves; the rest as any dialog."""
        if event.type == pygame.MOUSEWHEEL:
            rows = ranked_rows(self.answer.moves or [])
            if rows:
                box, size = self.layout()[1], self.px(ANSWER_SIZE)
                self.first = first_for(self.ctx.renderer.fonts, box, rows, self.first - event.y, size)
            return
        super().handle_event(event)

    def pick(self, index: int) -> None:
        """Draw move ``index`` on the board, the list scrolled to keep it in view."""
        self.selected = index
        fonts, box, size = self.ctx.renderer.fonts, self.layout()[1], self.px(ANSWER_SIZE)
        rows = ranked_rows(self.answer.moves or [])
        self.first = min(self.first, index)
        while self.first < index and all(s.index != index for s in plan(fonts, box, rows, self.first, size)):
            self.first += 1

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a move draws it on the board."""
        for i in range(len(self.answer.moves or ())):
            if self.move_rect(i).collidepoint(pos):
                self.selected = i

    def move_rect(self, index: int) -> pygame.Rect:
        """Where move ``index`` of the answer is listed (its line and its chances' lines); an empty
        rectangle when it is out of the list's view."""
        fonts, box, size = self.ctx.renderer.fonts, self.layout()[1], self.px(ANSWER_SIZE)
        rows = ranked_rows(self.answer.moves or [])
        shown = plan(fonts, box, rows, first_for(fonts, box, rows, self.first, size), size)
        return next((s.rect for s in shown if s.index == index), pygame.Rect(0, 0, 0, 0))

    def layout(self) -> tuple[list[tuple[str, float, bool, int, float]], pygame.Rect]:
        """The note, the position's summary and the answer's lines with where each goes (text,
        size, strong, which: 0 the note, 1 the summary, 2 the answer; y), and the box the moves are
        listed in under them."""
        area, fonts, px = self.body(), self.ctx.renderer.fonts, self.px
        out: list[tuple[str, float, bool, int, float]] = []
        y = area.y - px(8)
        for which, words, size in ((0, _(NOTE), px(12)), (1, describe(self.position), px(13))):
            for part in wrap(fonts.get(size), words, area.width):
                out.append((part, size, False, which, y))
                y += size * 1.35
        y += px(6)
        size = px(ANSWER_SIZE)
        lines = self.lines()[:1] if self.answer.moves else self.lines()
        for line, strong in lines:
            for part in wrap(fonts.get(size, strong), line, area.width):
                out.append((part, size, strong, 2, y))
                y += size * 1.35
        top = round(y + px(4))
        return out, pygame.Rect(area.x, top, area.width, max(0, area.bottom - top))

    def shown_move(self) -> Move | None:
        """The move drawn on the board: the one picked, once the answer is in."""
        moves = self.answer.moves
        if not moves:
            return None
        return moves[min(self.selected, len(moves) - 1)].move

    def next_depth(self) -> None:
        """One depth deeper (4 wraps to 1)."""
        self.set_depth(self.answer.depth % len(DEPTHS) + 1)

    def set_depth(self, depth: int) -> None:
        """Search again at ``depth``."""
        if depth == self.answer.depth:
            return
        self._cancel()
        self.answer = HintAnswer(depth)
        self.on_depth(depth)
        self.selected = self.first = 0
        self.on_resize()  # the button shows the new depth

    def _rollout(self) -> None:
        self.close()
        self.on_rollout()

    def _cancel(self) -> None:
        if self.answer.request is not None and self.is_waiting():
            self.ctx.worker.cancel(self.answer.request)

    def close(self) -> None:
        """Stop the search and close."""
        self._cancel()
        self.ctx.pop(self)

    def is_waiting(self) -> bool:
        """True until the answer (or a failure) is in."""
        return self.answer.is_waiting()

    def start(self) -> None:
        """Ask the worker: ranked moves when dice are set, else the cube decision."""
        request = self.position.setup().analysis_request(self.answer.depth)
        self.answer.request = self.ctx.worker.start(request)

    def update(self, dt: float, covered: bool = False) -> None:
        """Start the search once the worker is free (a game's search is never cut short)."""
        if self.answer.request is None and not self.ctx.worker.busy:
            self.start()

    def needs_frames(self) -> bool:
        """True while the answer is awaited."""
        return self.is_waiting()

    def on_worker(self, event: Event) -> None:
        """The answer to this dialog's request."""
        self.answer.take(event)

    def lines(self) -> list[Line]:
        """The answer as (line, is strong)."""
        who = _("you") if self.position.on_roll is Side.BOTTOM else _("the opponent")
        return answer_lines(self.answer, who, self.position.info())

    def draw(self, surface: pygame.Surface) -> None:
        """The box on solid ground (the editor's panel under it would show through), then the dialog."""
        pygame.draw.rect(surface, self.ctx.theme.panel, self.box)
        super().draw(surface)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """How to go on, then the answer: the moves listed (scrolled, the move drawn on the board
        lit), or the cube's lines."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        lines, box = self.layout()
        for part, size, strong, which, y in lines:
            colour = (mix(th.text_dim, th.panel, 0.2), th.text_dim, th.text if strong else th.text_dim)[which]
            text(surface, fonts, part, (area.x, y), size, colour, strong)
        rows = ranked_rows(self.answer.moves or [])
        if rows:
            size = self.px(ANSWER_SIZE)
            first = first_for(fonts, box, rows, self.first, size)
            draw_moves(surface, fonts, th, box, rows, first, size, picked=min(self.selected, len(rows) - 1))
