"""The IDs dialog (the GNU IDs and the XGID: show, copy) and the set-up dialog (paste, play, analyse)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ai.engine_types import context_from_match
from ai.worker.messages import Event
from game.rules.position import Position, unpack
from ui.model.hint_answer import HintAnswer, Line
from ui.model.position_ids import SetUp, SetUpError, parse_setup, session_ids, session_xgid
from ui.model.session import GameSession
from ui.scenes.action_table import Key
from ui.scenes.base import BUTTON_H, Choice, Context, Dialog
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.rollout import RolloutDialog
from ui.scenes.temperature import TemperatureDialog
from ui.text import N_, _
from ui.text.analysis import answer_lines
from ui.text.model import setup_note, setup_problem, setup_summary
from ui.widgets.controls import TextEntry, copy_to_clipboard, draw_text_entry, text, wrap
from ui.widgets.move_list import draw_moves, first_for, ranked_rows
from ui.widgets.render import BoardView
from ui.widgets.scoreboard import cube_shown, draw_cube

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
ID_SIZE = 26
"""The IDs' size in the IDs dialog (in the monospaced font, where I and l differ)."""
ANALYSIS_LEAST_W = 340
"""The analysis box's least width (in the default window): over the board's edge where the side
panel is narrower."""


class IdsDialog(Dialog):
    """The board's Position ID, Match ID and XGID.

    Copy (Ctrl+C, Enter) puts the XGID on the clipboard: the ID forums, eXtreme Gammon and
    Backgammon Galaxy use, which GNU Backgammon's paste reads too; Ctrl+G copies GNU Backgammon's
    ``POSITIONID:MATCHID``.
    """

    heading = N_("Position IDs")
    max_size = (700, 380)

    def __init__(self, ctx: Context, session: GameSession, on_setup: Callable[[], None]) -> None:
        self.position_id, self.match_id = session_ids(session)
        """The GNU Backgammon IDs shown."""
        self.xgid = session_xgid(session)
        """The XGID shown (the human at the bottom)."""
        self.on_setup = on_setup
        """Opens the set-up dialog."""
        self.note = _("Copy (Ctrl+C) puts the XGID on the clipboard; Ctrl+G copies POSITIONID:MATCHID.")
        """The line under the IDs: what Copy did."""
        super().__init__(ctx)

    @property
    def ids(self) -> str:
        """GNU Backgammon's pair, as Ctrl+G copies it."""
        return f"{self.position_id}:{self.match_id}"

    def choices(self) -> list[Choice]:
        """Copy the XGID (Ctrl+C; and Enter: the ring), copy the GNU IDs (Ctrl+G), set up a position
        (Ctrl+P), close (Esc): Ctrl keys, so that none means something else on the board (C the
        theme, G the statistics)."""
        return [
            Choice("copy", _("Copy XGID"), (Key(pygame.K_c, ctrl=True),), _("Ctrl+C"), self.copy, True),
            Choice(
                "copy gnu",
                _("Copy GNU IDs"),
                (Key(pygame.K_g, ctrl=True),),
                _("Ctrl+G"),
                self.copy_gnu,
            ),
            Choice("setup", _("Set up"), (Key(pygame.K_p, ctrl=True),), _("Ctrl+P"), self._setup),
            Choice("close", _("Close"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self)),
        ]

    def _setup(self) -> None:
        self.ctx.pop(self)
        self.on_setup()

    def copy(self) -> None:
        """Put the XGID on the clipboard, or say where to read it when there is none."""
        self._copy(self.xgid, _("the XGID"))

    def copy_gnu(self) -> None:
        """Put ``POSITIONID:MATCHID`` on the clipboard."""
        self._copy(self.ids, _("the GNU Backgammon IDs"))

    def _copy(self, what: str, name: str) -> None:
        if copy_to_clipboard(what):
            self.note = _("Copied {name} to the clipboard: {what}").format(name=name, what=what)
        else:
            self.note = _("No clipboard here: copy the IDs by hand from this box.")
        self.ctx.notify(self.note)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The IDs, large enough to copy by eye (the XGID as large as fits), and what Copy did."""
        th, fonts, px = self.ctx.theme, self.ctx.renderer.fonts, self.px
        y = area.y + px(4)
        labels = (_("Position ID"), _("Match ID"), "XGID")
        x_value = area.x + max(area.width * 0.22, max(fonts.get(px(17)).size(w)[0] for w in labels) + px(12))
        for label, value in ((_("Position ID"), self.position_id), (_("Match ID"), self.match_id)):
            text(surface, fonts, label, (area.x, y + px(6)), px(17), th.text_dim)
            size = px(ID_SIZE)
            while size > px(10) and fonts.get(size, mono=True).size(value)[0] > area.right - x_value:
                size -= 1
            text(surface, fonts, value, (x_value, y), size, th.text, mono=True)
            y += px(44)
        text(surface, fonts, _("XGID"), (area.x, y + px(6)), px(17), th.text_dim)
        size = px(ID_SIZE)
        while size > px(10) and fonts.get(size, mono=True).size(self.xgid)[0] > area.right - x_value:
            size -= 1
        text(surface, fonts, self.xgid, (x_value, y + (px(ID_SIZE) - size) * 0.5), size, th.text, mono=True)
        y += px(44)
        for line in wrap(fonts.get(px(15)), self.note, area.width):
            text(surface, fonts, line, (area.centerx, y + px(8)), px(15), th.accent, anchor="midtop")
            y += px(20)

    def body_height(self, width: int) -> int:
        """The three IDs and the note under them."""
        note = wrap(self.ctx.renderer.fonts.get(self.px(15)), self.note, width)
        return round(self.px(4 + 3 * 44 + 16) + len(note) * self.px(20))


class SetUpDialog(Dialog):
    """Paste or type ``POSITIONID:MATCHID``, a Position ID alone or an XGID; play it out or analyse it."""

    heading = N_("Set up a position")
    max_size = (700, 330)

    def __init__(
        self,
        ctx: Context,
        on_play: Callable[[SetUp], None],
        on_analyse: Callable[[SetUp], None],
        on_edit: Callable[[SetUp], None] | None = None,
    ) -> None:
        self.entry = TextEntry(max_len=120)
        """The text typed or pasted."""
        self.on_play = on_play
        """Starts a game at the position (the app asks before leaving a game)."""
        self.on_analyse = on_analyse
        """Opens the analysis of the position."""
        self.on_edit = on_edit
        """Opens the position in the position editor."""
        self.setup: SetUp | None = None
        """The position read from the text, if it reads."""
        self.error = ""
        """Why the text is not a position (shown once the player asks)."""
        self.shown_error = False
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Play it out (Enter), analyse (Ctrl+A), edit (Ctrl+E), cancel (Esc); no letter keys (typed)."""
        out = [
            Choice("play", _("Play it out"), (), _("Enter"), lambda: self._go(self.on_play), True),
            Choice("analyse", _("Analyse"), (), _("Ctrl+A"), lambda: self._go(self.on_analyse)),
        ]
        if self.on_edit is not None:
            on_edit = self.on_edit
            out.append(Choice("edit", _("Edit"), (), _("Ctrl+E"), lambda: self._go(on_edit)))
        return [*out, Choice("cancel", _("Cancel"), (), _("Esc"), lambda: self.ctx.pop(self))]

    def read(self) -> None:
        """Read the text again."""
        try:
            self.setup, self.error = parse_setup(self.entry.text), ""
        except SetUpError as exc:
            self.setup, self.error = None, setup_problem(exc)

    def _go(self, then: Callable[[SetUp], None]) -> None:
        self.read()
        if self.setup is None:
            self.shown_error = True
            self.ctx.notify(self.error, warn=True)
            return
        self.ctx.pop(self)
        then(self.setup)

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter plays, Ctrl+A analyses, Ctrl+E edits, Esc cancels; other keys edit the text (Ctrl+V)."""
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if event.key in ENTER:
            self.choose("play")
        elif event.key == pygame.K_a and ctrl:
            self.choose("analyse")
        elif event.key == pygame.K_e and ctrl:
            self.choose("edit")
        elif event.key == pygame.K_ESCAPE:
            self.choose("cancel")
        elif self.entry.key(event) or event.key == pygame.K_BACKSPACE:
            self.shown_error = False
            self.read()

    PROMPT = N_("Paste (Ctrl+V) or type an XGID, POSITIONID:MATCHID, or a Position ID alone (money):")
    """What the box takes."""

    def told(self) -> tuple[list[str], bool]:
        """What the text reads as (the summary and its notes), or why it does not, and whether that
        is a warning; nothing while too little is typed to judge."""
        if self.setup is not None:
            return [setup_summary(self.setup), *map(setup_note, self.setup.notes)], False
        if self.entry.text and (self.shown_error or len(self.entry.text.strip()) >= 14):
            return [self.error], True
        return [], False

    def body_height(self, width: int) -> int:
        """The prompt, the box, and four lines of what the text reads as."""
        prompt = wrap(self.ctx.renderer.fonts.get(self.px(15)), self.PROMPT, width)
        return round(len(prompt) * self.px(20) + self.px(44 + 16) + 4 * self.px(20))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The prompt, the text box, and what the text reads as (or why it does not)."""
        th, fonts, px = self.ctx.theme, self.ctx.renderer.fonts, self.px
        y = float(area.y)
        for line in wrap(fonts.get(px(15)), self.PROMPT, area.width):
            text(surface, fonts, line, (area.x, y), px(15), th.text_dim)
            y += px(20)
        box = pygame.Rect(area.x, round(y + px(4)), area.width, round(px(44)))
        font = fonts.get(box.height * 0.55, mono=True)
        shown = TextEntry(_tail(font, self.entry.text, box.width - 24), 200)
        draw_text_entry(surface, fonts, th, shown, box, caret=True, mono=True)
        y = box.bottom + px(10)
        lines, warn = self.told()
        colour = th.warn if warn else th.accent
        for line in wrap(fonts.get(px(15)), "\n".join(lines), area.width) if lines else []:
            text(surface, fonts, line, (area.x, y), px(15), colour)
            y += px(20)


class AnalysisDialog(Dialog):
    """The set-up position on the board and the hint's answer for it (searched by the worker)."""

    heading = N_("Analysis")
    dim_alpha = 60

    def __init__(self, ctx: Context, setup: SetUp, on_play: Callable[[SetUp], None]) -> None:
        self.setup = setup
        """The position analysed."""
        self.on_play = on_play
        """Starts a game at the position."""
        self.answer = HintAnswer(ctx.settings.hint_depth)
        """The request at the hint depth of the settings, and the worker's answer."""
        super().__init__(ctx)

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        """The side panel's size, under the top strip (wider where the panel is narrow: over the
        board's edge)."""
        lay = self.ctx.layout
        return max(lay.panel.width - 12, round(self.px(ANALYSIS_LEAST_W))), lay.status.y - lay.top.bottom - 12

    def on_resize(self) -> None:
        """Over the side panel, so the board stays in view; the buttons in two rows (the map and
        Evaluate over the others)."""
        super().on_resize()
        lay = self.ctx.layout
        self.box.topright = (lay.size[0] - 6, lay.top.bottom + 6)
        gap, h = round(self.px(16)), round(self.px(BUTTON_H))
        rows = (self.buttons[:2], self.buttons[2:])
        y = self.box.bottom - len(rows) * (h + gap // 2) - gap // 2
        for row in rows:
            width = (self.box.width - (len(row) + 1) * gap) // max(1, len(row))
            for i, b in enumerate(row):
                b.rect = pygame.Rect(self.box.x + gap + i * (width + gap), y, width, h)
            y += h + gap // 2
        self.first = 0

    def choices(self) -> list[Choice]:
        """The temperature map (T) and Evaluate (V) of the position before its roll, then play it out
        (Enter), roll it out (O), close (Esc)."""
        return [
            Choice("temperature", _("Map"), (pygame.K_t,), "T", lambda: self.open_analysis(False)),
            Choice("evaluate", _("Evaluate"), (pygame.K_v,), "V", lambda: self.open_analysis(True)),
            Choice("play", _("Play it out"), ENTER, _("Enter"), self._play, True),
            Choice("rollout", _("Rollout"), (pygame.K_o,), "O", self.rollout),
            Choice("close", _("Close"), (pygame.K_ESCAPE,), _("Esc"), self.close),
        ]

    def open_analysis(self, evaluate: bool) -> None:
        """The temperature map, or Evaluate, of the set-up position before its roll."""
        kind = EvaluateDialog if evaluate else TemperatureDialog
        what = _("Set-up position {ids}, before its roll").format(ids=self.setup.ids)
        ctx = context_from_match(self.setup.info)
        self.ctx.push(kind(self.ctx, Position(self.setup.code), ctx, what, self.answer.depth))

    def rollout(self) -> None:
        """Open the rollout of the position over the analysis: the roll's moves, or the cube."""
        info = self.setup.info
        dice = (int(info.dice[0]), int(info.dice[1])) if info.has_dice() else None
        if dice:
            what = _("Set-up position {ids}: the roll {roll}, the best moves by the search").format(
                ids=self.setup.ids, roll=f"{max(dice)}-{min(dice)}"
            )
        else:
            what = _("Set-up position {ids}: the cube decision").format(ids=self.setup.ids)
        ctx = context_from_match(info)
        self.ctx.push(RolloutDialog(self.ctx, Position(self.setup.code), dice, ctx, what))

    def _play(self) -> None:
        self.close()
        self.on_play(self.setup)

    def close(self) -> None:
        """Stop the search and close."""
        if self.answer.request is not None and self.is_waiting():
            self.ctx.worker.cancel(self.answer.request)
        self.ctx.pop(self)

    def is_waiting(self) -> bool:
        """True until the answer (or a failure) is in."""
        return self.answer.is_waiting()

    def start(self) -> None:
        """Ask the worker: ranked moves when dice are set, else the cube decision."""
        request = self.setup.analysis_request(self.answer.depth)
        self.answer.request = self.ctx.worker.start(request)

    def update(self, dt: float, covered: bool = False) -> None:
        """Start the search once the worker is free (a game's search is never cut short)."""
        if self.answer.request is None and not self.ctx.worker.busy:
            self.start()

    def on_worker(self, event: Event) -> None:
        """The answer to this dialog's request."""
        self.answer.take(event)

    def lines(self) -> list[Line]:
        """The answer as (line, is strong)."""
        who = _("you") if self.setup.is_human_on_roll() else _("the computer")
        return answer_lines(self.answer, who, self.setup.info)

    def draw(self, surface: pygame.Surface) -> None:
        """The set-up board (side on roll at the bottom), then the box with the answer."""
        ctx, s = self.ctx, self.setup
        mine, theirs = unpack(s.code)
        human, ai = (mine, theirs) if s.is_human_on_roll() else (theirs, mine)
        view = BoardView(human, ai, ctx.settings.colour, dice=_dice(s.info.dice), dice_human=True)
        lay, th = ctx.layout, ctx.theme
        ctx.renderer.draw(surface, lay, th, view)
        info, me = s.info, s.human
        if not info.crawford:
            doubler = 1 - me if info.doubled else None  # the computer's double, offered to the human
            face, where = cube_shown(info.cube.value, info.cube.owner, me, doubler)
            draw_cube(surface, ctx.renderer.fonts, th, lay, face, where, info.doubled)
        pygame.draw.rect(surface, th.panel, lay.top)
        pygame.draw.rect(surface, th.panel, lay.panel)
        fonts, size = ctx.renderer.fonts, lay.top.height * 0.36
        y = lay.top.centery
        r = text(surface, fonts, _("Set-up position"), (lay.top.x + 16, y), size, th.text, True, "midleft")
        text(surface, fonts, s.ids, (r.right + size * 0.5, y), size, th.text, anchor="midleft", mono=True)
        super().draw(surface)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the moves; the rest as any dialog."""
        if event.type == pygame.MOUSEWHEEL:
            if self.answer.moves:
                box, fonts = self._layout(self.body())[1], self.ctx.renderer.fonts
                rows = ranked_rows(self.answer.moves)
                self.first = first_for(fonts, box, rows, self.first - event.y, self.px(14))
            return
        super().handle_event(event)

    def _layout(self, area: pygame.Rect) -> tuple[list[tuple[str, bool, float]], pygame.Rect]:
        """The summary's and the answer's lines with where each goes (text, strong, y), and the box
        of the moves under them (the moves are listed there, the answer's heading above)."""
        fonts, size = self.ctx.renderer.fonts, self.px(14)
        out: list[tuple[str, bool, float]] = []
        y = area.y - self.px(8)
        for line in wrap(fonts.get(size), setup_summary(self.setup), area.width):
            out.append((line, False, y))
            y += size * 1.35
        y += self.px(8)
        lines = self.lines()[:1] if self.answer.moves else self.lines()
        for line, strong in lines:
            for part in wrap(fonts.get(size, strong), line, area.width):
                out.append((part, strong, y))
                y += size * 1.35
        top = round(y + self.px(4))
        return out, pygame.Rect(area.x, top, area.width, max(0, area.bottom - top))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The summary and the answer: the moves as a list that scrolls, or the cube's lines."""
        th, fonts, size = self.ctx.theme, self.ctx.renderer.fonts, self.px(14)
        lines, box = self._layout(area)
        for i, (line, strong, y) in enumerate(lines):
            colour = th.text if strong else th.text_dim
            text(surface, fonts, line, (area.x, y), size, colour if i else th.text_dim, strong)
        if self.answer.moves:
            rows = ranked_rows(self.answer.moves)
            draw_moves(surface, fonts, th, box, rows, first_for(fonts, box, rows, self.first, size), size)


def _tail(font: pygame.font.Font, s: str, width: int) -> str:
    """The end of ``s`` that fits ``width`` pixels (where the caret is), after an ellipsis."""
    if font.size(s)[0] <= width:
        return s
    while s and font.size("…" + s)[0] > width:
        s = s[1:]
    return "…" + s


def _dice(dice: tuple[int, int]) -> tuple[int, ...]:
    if dice == (0, 0):
        return ()
    return (dice[0],) * 4 if dice[0] == dice[1] else dice
