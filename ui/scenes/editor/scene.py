"""The position editor: a screen of its own over the game or the review, where the player builds any
position with the mouse and the keys, then analyses it, maps its rolls, evaluates it, rolls it out,
plays it out, copies its XGID or GNU IDs, or exports it as a picture or a text diagram.

The position is an :class:`~ui.model.workbench.editor.EditorPosition` (pure, tested without a window);
every edit goes through it, and a refused edit says why in the panel and the status strip. The
scene keeps the edits for undo and redo, the side a click on an empty point adds, the keyboard
cursor, and a checker being dragged (the mouse held on a checker and moved: dropped on a point,
a bar or the tray) or carried by the keyboard (K at the cursor picks it up, K puts it down).
Its commands are one table, :data:`~ui.scenes.editor.actions.ACTIONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import assert_never

import pygame

from ai.engine_types import CubeContext, context_from_match
from game.rules.position import Position
from game.rules.variant import Variant
from ui.model.display import HomeSide
from ui.model.points import BAR, OFF
from ui.model.position_ids import SetUp, SetUpError, parse_setup
from ui.model.workbench.editor import Edit, EditorPosition, Reason, Side, Why
from ui.model.workbench.exports import PositionExport
from ui.scenes.base import ConfirmDialog, Context, Scene
from ui.scenes.editor.actions import ACTIONS, GRID, action_for, by_name
from ui.scenes.editor.dialogs import DEPTHS, DiceDialog, EditorAnalysis, EditorHelp
from ui.scenes.editor.panel import EditorPanel, PanelView, board_layout, draw_panel
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.export import Exported, ExportKind, export_position
from ui.scenes.rollout import RolloutDialog
from ui.scenes.temperature import TemperatureDialog
from ui.text import N_, _, ngettext
from ui.text.editor import describe, sentence, side_label, whose
from ui.text.model import setup_problem
from ui.widgets.controls import Button, copy_to_clipboard, fit_text, mix, mouse_pos, text
from ui.widgets.layout import Layout
from ui.widgets.render import BoardView
from ui.widgets.scoreboard import cube_shown, draw_cube

HOW_TO = N_(
    "Click adds a checker (Shift: the other side's), right click takes one off, drag moves it. F1: keys."
)
"""The panel's last word while nothing has been refused."""

DRAG_PIXELS = 6
"""How far the mouse moves with the button held on a checker before it is dragged (less: a click)."""


@dataclass(frozen=True, slots=True)
class Press:
    """The left button held down on the board: a click when it comes up where it went down, else a
    drag of one of ``side``'s checkers from ``point``."""

    pos: tuple[int, int]
    """Where the button went down."""
    point: int
    """The point (1..24), bar (``BAR``) or tray (``OFF``) under it."""
    half: Side
    """The side whose half of the board it is in (whose bar or tray)."""
    shift: bool
    """Shift was held (a click adds the other side's checker)."""
    side: Side | None
    """Whose checker a drag carries (None: there is none to carry)."""


def _clipboard_text() -> str:
    try:
        return pygame.scrap.get_text() if pygame.display.get_init() else ""
    except pygame.error:
        return ""


class EditorScene(Scene):
    """Builds a position; the game or the review under it waits, unchanged."""

    modal = True
    opaque = True

    def __init__(
        self, ctx: Context, start: EditorPosition, on_play: Callable[[SetUp], None], source: str
    ) -> None:
        super().__init__(ctx)
        config = ctx.settings.game_config()
        self.names: tuple[str, str] = config.names if config.is_two_player() else ("", "")
        """The bottom and the top side's players' names when two people play (the new-game
        settings, which playing it out uses); "" for "you" and "the opponent"."""
        self.value = replace(start, names=self.names)
        """The position as edited."""
        self.opened = self.value
        """The position the editor opened with (leaving with no edit asks nothing)."""
        self.on_play = on_play
        """Starts a game at a set-up position (the app asks before leaving a game)."""
        self.source = source
        """Where the position came from, in words ("the game", "the review", ...)."""
        self.past: list[EditorPosition] = []
        """Earlier positions, for undo (latest last)."""
        self.future: list[EditorPosition] = []
        """Positions undone, for redo (latest last)."""
        self.adding = Side.BOTTOM
        """The side a click on an empty point or the bar adds."""
        self.cursor: tuple[int, int] | None = None
        """The keyboard cursor: (row, column) in the layout's cursor grid; None while the mouse is used."""
        self.press: Press | None = None
        """The left button held down on the board, until it comes up."""
        self.drag_pos: tuple[int, int] | None = None
        """Where the dragged checker is (the mouse), while one is dragged."""
        self.carried: tuple[int, Side] | None = None
        """The checker picked up with the keyboard (K): where from, and whose."""
        self.first_die: int | None = None
        """The first die typed, until the second comes."""
        self.refused = ""
        """The last refused edit's reason (until the next edit is made)."""
        self.depth = max(DEPTHS[0], min(DEPTHS[-1], ctx.settings.hint_depth))
        """The analysis depth."""
        self.exported: Exported | None = None
        """The last export, told in the panel until the next edit."""
        self.exported_kind = ExportKind.PICTURE
        """What the last export wrote."""
        self.buttons: list[Button] = []
        self.on_resize()
        ctx.notify(_("Position editor, starting from {source}. F1 lists every key.").format(source=source))

    # --- geometry ------------------------------------------------------------------------------

    def on_resize(self) -> None:
        """The board's layout, the panel beside it, the buttons."""
        w, h = self.ctx.layout.size
        self.lay: Layout = board_layout((w, h), self.ctx.settings.home is HomeSide.LEFT)
        p = self.lay.panel
        self.panel = EditorPanel.compute(pygame.Rect(p.x, p.y, w - p.x, p.height), self.ctx.layout.scale)
        labels = {a.name: a for a in ACTIONS}
        self.buttons = [
            Button(
                name,
                labels[name].words(),
                rect,
                shortcut=labels[name].keys_words() if name in GRID else "",
            )
            for name, rect in self.panel.buttons.items()
        ]

    # --- facts (for the actions table and tests) -------------------------------------------------

    def playable(self) -> bool:
        """True when the position can be analysed, rolled out or played."""
        return self.value.unplayable() is None

    def can_map(self) -> bool:
        """True when the temperature map can be drawn: a playable position before its roll."""
        return self.playable() and self.value.dice is None

    def can_undo(self) -> bool:
        """True when there is an edit to take back."""
        return bool(self.past)

    def can_redo(self) -> bool:
        """True when an edit was taken back."""
        return bool(self.future)

    def edited(self) -> bool:
        """True when leaving now would lose edits."""
        return self.value != self.opened

    # --- edits ---------------------------------------------------------------------------------

    def apply(self, change: Callable[[EditorPosition], Edit]) -> None:
        """Make an edit of the position; a refused one says why."""
        self.take(change(self.value))

    def variant(self) -> Variant:
        """The variant chosen for a new game (the settings'): the Start key sets its start first."""
        return self.ctx.settings.variant

    def take(self, step: Edit) -> bool:
        """Keep the result of an edit (for undo), or say why it was refused; what else it did (a
        checker moved from another point) is said in the status line."""
        self.first_die = None
        self.exported = None
        if not step.ok:
            assert step.refused is not None
            self.refused = sentence(step.refused, step.value)
            self.ctx.notify(self.refused, warn=True)
            return False
        self.refused = ""
        self.ctx.clear_warning()
        if step.note is not None:
            self.ctx.notify(sentence(step.note, step.value))
        if step.value != self.value:
            self.past.append(self.value)
            self.future.clear()
            self.value = step.value
        return True

    def undo(self) -> None:
        """Take back the last edit."""
        if self.past:
            self.future.append(self.value)
            self.value = self.past.pop()
            self.refused = ""

    def redo(self) -> None:
        """Do an edit taken back again."""
        if self.future:
            self.past.append(self.value)
            self.value = self.future.pop()
            self.refused = ""

    def toggle_adding(self) -> None:
        """Add the other side's checkers."""
        self.choose_adding(self.adding.other)

    def choose_adding(self, side: Side) -> None:
        """Add ``side``'s checkers on empty points and the bar."""
        self.adding = side
        self.ctx.notify(_("Adding {whose} checkers.").format(whose=whose(self.value, side)))

    def click_board(self, pos: tuple[int, int], button: int, shift: bool = False) -> None:
        """A click on the board: left adds, right takes off; a tray picks the side to add."""
        point = self.lay.hit(pos)
        if point is None:
            return
        top_half = pos[1] < self.lay.bar.centery
        self.act_at(point, Side.TOP if top_half else Side.BOTTOM, add=button == 1, shift=shift)

    def act_at(self, point: int, half: Side, add: bool, shift: bool = False) -> None:
        """Add (or take off) at ``point``; ``half`` is the side whose bar or tray it is."""
        if point == OFF:
            self.choose_adding(half)
            return
        if point == BAR:
            self.apply(lambda v: v.add(BAR, half) if add else v.remove(BAR, half))
            return
        chosen = self.adding.other if shift else self.adding
        self.apply(lambda v: v.add_here(point, chosen) if add else v.remove(point))

    # --- dragging --------------------------------------------------------------------------------

    def carrier(self, point: int, half: Side) -> Side | None:
        """Whose checker a drag from ``point`` carries: the point's holder; on the bar or in the tray,
        the side of that half (on the bar, the other side when that half's side has none there)."""
        v = self.value
        if point == OFF:
            return half if v.off(half) else None
        if point == BAR:
            return next((s for s in (half, half.other) if v.count(BAR, s)), None)
        return v.holder(point)

    def mouse_down(self, pos: tuple[int, int], shift: bool) -> None:
        """The left button down on the board: a click or a drag, as the mouse goes on to show."""
        point = self.lay.hit(pos)
        if point is None:
            return
        half = Side.TOP if pos[1] < self.lay.bar.centery else Side.BOTTOM
        self.press = Press(pos, point, half, shift, self.carrier(point, half))

    def mouse_move(self, pos: tuple[int, int]) -> None:
        """With the button held on a checker, past :data:`DRAG_PIXELS` the checker follows the mouse."""
        press = self.press
        if press is None or press.side is None:
            return
        moved = abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1])
        if self.drag_pos is not None or moved >= DRAG_PIXELS:
            self.drag_pos = pos

    def mouse_up(self, pos: tuple[int, int]) -> None:
        """The button up: a drag drops its checker where it is (off the board: it goes back); a press
        that never moved is a click."""
        press, self.press = self.press, None
        dragged, self.drag_pos = self.drag_pos is not None, None
        if press is None:
            return
        if not dragged or press.side is None:
            self.act_at(press.point, press.half, add=True, shift=press.shift)
            return
        self.drop(press.point, press.side, self.lay.hit(pos))

    def drop(self, source: int, side: Side, target: int | None) -> None:
        """One of ``side``'s checkers from ``source`` put down on ``target`` (None: off the board, so
        it goes back)."""
        if target is None:
            self.ctx.notify(_("Dropped off the board: the checker went back."))
            return
        if self.take(self.value.move(source, target, side)) and source != target:
            where = {BAR: _("the bar"), OFF: _("the tray")}
            whence = where.get(source, _("point {point}").format(point=source))
            whither = where.get(target, _("point {point}").format(point=target))
            self.ctx.notify(
                _("Moved a checker from {whence} to {whither}.").format(whence=whence, whither=whither),
            )

    def carry(self) -> None:
        """K: pick up a checker at the keyboard cursor, or put the one carried down there."""
        if self.cursor is None:
            self.move_cursor(0, 0)
        here = self.cursor_point()
        assert here is not None
        point, half = here
        if self.carried is not None:
            (source, side), self.carried = self.carried, None
            self.drop(source, side, point)
            return
        whose_here = self.carrier(point, half)
        if whose_here is None:
            self.take(Edit(self.value, Reason(Why.NO_CHECKER_HERE)))
            return
        self.carried = (point, whose_here)
        said = _("Picked up {whose} checker: move the cursor and press K to put it down.")
        self.ctx.notify(said.format(whose=whose(self.value, whose_here)))

    def type_die(self, n: int) -> None:
        """A digit typed: the first die, then the second (which sets the dice)."""
        if self.first_die is None:
            self.first_die = n
            self.ctx.notify(_("First die {n}: type the second.").format(n=n))
            return
        first, self.first_die = self.first_die, None
        if self.take(self.value.with_dice((first, n))):
            self.ctx.notify(_("Dice: {roll}.").format(roll=f"{max(first, n)}-{min(first, n)}"))

    def open_dice(self) -> None:
        """The dice dialog."""
        self.ctx.push(DiceDialog(self.ctx, lambda dice: self.apply(lambda v: v.with_dice(dice))))

    # --- the keyboard cursor -----------------------------------------------------------------------

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow key: along the row, or to the other row."""
        grid = self.lay.cursor_grid()
        if self.cursor is None:
            row, col = 1, grid[1].index(1)
        else:
            row, col = self.cursor
            row = (row + dy) % 2
            col = (col + dx) % len(grid[row])
        self.cursor = (row, col)

    def cursor_point(self) -> tuple[int, Side] | None:
        """The point under the keyboard cursor and the side of its half of the board."""
        if self.cursor is None:
            return None
        row, col = self.cursor
        return self.lay.cursor_grid()[row][col], Side.TOP if row == 0 else Side.BOTTOM

    def cursor_add(self) -> None:
        """Add at the keyboard cursor."""
        self._at_cursor(add=True)

    def cursor_remove(self) -> None:
        """Take off at the keyboard cursor."""
        self._at_cursor(add=False)

    def _at_cursor(self, add: bool) -> None:
        if self.cursor is None:
            self.move_cursor(0, 0)
        here = self.cursor_point()
        assert here is not None
        self.act_at(here[0], here[1], add)

    # --- what the position is for --------------------------------------------------------------

    def explain_unplayable(self) -> None:
        """Say why the position cannot be analysed or played yet."""
        why = self.value.unplayable()
        self.refused = sentence(why, self.value) if why is not None else ""
        self.ctx.notify(self.refused, warn=True)

    def analyse(self) -> None:
        """The hint at the chosen depth: the dice's best moves, or the cube decision."""
        if not self.playable():
            self.explain_unplayable()
            return
        self.ctx.push(
            EditorAnalysis(
                self.ctx, self.value, lambda: self.panel.rect, self.depth, self.set_depth, self.rollout
            )
        )

    def set_depth(self, depth: int) -> None:
        """The depth the next analysis searches at."""
        self.depth = depth

    def rollout(self) -> None:
        """Roll the position out: the dice's best moves, or the cube decision before the roll."""
        if not self.playable():
            self.explain_unplayable()
            return
        setup = self.value.setup()
        dice = self.value.dice
        if dice:
            what = _("Edited position: the roll {roll}, the best moves by the search").format(
                roll=f"{max(dice)}-{min(dice)}"
            )
        else:
            what = _("Edited position: the cube decision")
        ctx = context_from_match(setup.info)
        self.ctx.push(RolloutDialog(self.ctx, Position(setup.code), dice, ctx, what))

    def play(self) -> None:
        """Play the position out against the computer, the player the bottom side."""
        if not self.playable():
            self.explain_unplayable()
            return
        self.on_play(self.value.setup())

    def before_roll(self) -> tuple[Position, CubeContext, str]:
        """The position before its roll (any dice set left aside), the cube context of the side on
        roll, in words: what the temperature map and Evaluate look at."""
        setup = self.value.setup()
        dice = self.value.dice
        who = whose(self.value, self.value.on_roll)
        if dice is None:
            what = _("Edited position: {whose} position before the roll").format(whose=who)
        else:
            what = _("Edited position: {whose} position before the roll (the roll {roll} left aside)").format(
                whose=who, roll=f"{max(dice)}-{min(dice)}"
            )
        return Position(setup.code), context_from_match(setup.info), what

    def open_analysis(self, evaluate: bool) -> None:
        """The temperature map (before the roll only), or Evaluate, of the position."""
        if not self.playable():
            self.explain_unplayable()
            return
        if not evaluate and self.value.dice is not None:
            self.explain_no_map()
            return
        position, context, what = self.before_roll()
        if evaluate:
            self.ctx.push(EvaluateDialog(self.ctx, position, context, what, self.depth))
            return
        mine = self.ctx.settings.colour  # the side on roll's checkers, as on the board
        if self.value.on_roll is Side.TOP:
            mine = mine.other
        self.ctx.push(TemperatureDialog(self.ctx, position, context, what, self.depth, colour=mine))

    def explain_no_map(self) -> None:
        """Say why there is no temperature map of a position with dice."""
        self.refused = _("The temperature map is of the position before the roll: 0 takes the dice off.")
        self.ctx.notify(self.refused, warn=True)

    def xgid(self) -> str:
        """The position's XGID (beavers as the settings have them, unless an XGID pasted said)."""
        return self.value.xgid(beavers=self.ctx.settings.beavers)

    def copy_ids(self) -> None:
        """Put the XGID on the clipboard (as the IDs dialog's Copy), or say where to read it."""
        self._copy(self.xgid(), _("the XGID"))

    def copy_gnu_ids(self) -> None:
        """Put GNU Backgammon's ``POSITIONID:MATCHID`` on the clipboard."""
        self._copy(self.value.ids(), _("the GNU Backgammon IDs"))

    def _copy(self, what: str, name: str) -> None:
        if copy_to_clipboard(what):
            self.ctx.notify(_("Copied {name} to the clipboard: {what}").format(name=name, what=what))
        else:
            self.ctx.notify(_("No clipboard here: {name} is {what}").format(name=name, what=what), warn=True)

    def paste_ids(self) -> None:
        """Set the board from the XGID or the IDs on the clipboard."""
        self.paste_text(_clipboard_text())

    def paste_text(self, raw: str) -> bool:
        """Set the board from pasted text: an XGID (drawn as it says, its bottom player at the
        bottom) or GNU Backgammon IDs (the player who decides at the bottom), alone or in a longer
        text; a text that holds none says why."""
        try:
            setup = parse_setup(raw)
        except SetUpError as exc:
            return self.take(Edit(self.value, Reason(Why.NO_POSITION_PASTED, detail=setup_problem(exc))))
        if not self.take(Edit(replace(EditorPosition.from_setup(setup), names=self.names))):
            return False
        kind = _("the XGID") if setup.from_xgid else _("GNU Backgammon's IDs")
        self.ctx.notify(_("Set up from {kind}. {position}").format(kind=kind, position=describe(self.value)))
        return True

    def export_target(self) -> PositionExport:
        """The position to export: as the editor shows it, its sides named as in the panel."""
        v = self.value
        names = {v.player(side): side_label(v, side) for side in Side}
        beavers = self.ctx.settings.beavers if v.beavers is None else v.beavers
        return PositionExport(
            v.code(), v.info(), bottom=v.bottom_player, names=(names[0], names[1]), beavers=beavers
        )

    def export(self, kind: ExportKind) -> None:
        """Save a picture of the board, or the text diagram (also copied); the panel says where."""
        self.refused = ""
        self.exported, self.exported_kind = export_position(self.ctx, self.export_target(), kind), kind

    def export_note(self) -> str:
        """The last export in the panel's words: the file's name first, then its folder (the status
        line has the whole message)."""
        done = self.exported
        if done is None:
            return ""
        if done.path is None:
            return done.message
        match self.exported_kind:
            case ExportKind.PICTURE:
                what = _("Picture of the board saved")
            case ExportKind.TEXT:
                what = _("Text diagram copied to the clipboard and saved")
            case _:
                assert_never(self.exported_kind)
        return _("{what}: {name}, in {parent}").format(
            what=what,
            name=done.path.name,
            parent=done.path.parent,
        )

    def show_help(self) -> None:
        """The editor's help."""
        self.ctx.push(EditorHelp(self.ctx))

    def leave(self) -> None:
        """Back to what is under the editor, asking first when edits would be lost."""
        if not self.edited():
            self.close_scene()
            return
        detail = _("The position you set up here will be lost (Ctrl+C copies its XGID, to keep it).")
        self.ctx.push(
            ConfirmDialog(
                self.ctx,
                _("Leave the editor?"),
                detail,
                _("Leave it"),
                self.close_scene,
                _("Keep editing"),
            )
        )

    def close_scene(self) -> None:
        """Back to what is under the editor (a refusal's warning goes with it)."""
        self.ctx.clear_warning()
        self.ctx.pop(self)

    # --- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys from the table; clicks on the buttons and the board."""
        if event.type == pygame.KEYDOWN:
            action = action_for(event, self)
            if action is not None:
                action.run(self)
            elif any(k.matches(event) for a in ACTIONS for k in a.keys):
                self._explain_disabled(next(a.name for a in ACTIONS if any(k.matches(event) for k in a.keys)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.cursor = None
            if event.button == 1 and self._click_button(event.pos):
                return
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            if event.button == 1:
                self.mouse_down(event.pos, shift)
            else:
                self.click_board(event.pos, event.button, shift)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)

    def _click_button(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                action = by_name(b.key)
                if action.enabled(self):
                    action.run(self)
                else:
                    self._explain_disabled(b.key)
                return True
        return False

    def _explain_disabled(self, name: str) -> None:
        if name in ("analyse", "rollout", "play", "evaluate") or (
            name == "temperature" and not self.playable()
        ):
            self.explain_unplayable()
        elif name == "temperature":
            self.explain_no_map()
        elif name == "undo":
            self.ctx.notify(_("Nothing to undo."), warn=True)
        elif name == "redo":
            self.ctx.notify(_("Nothing to redo."), warn=True)

    # --- drawing -------------------------------------------------------------------------------

    def row_values(self) -> dict[str, str]:
        """Each panel row's value in words."""
        v = self.value
        money = v.length == 0
        dice = _("none (cube)") if v.dice is None else f"{max(v.dice)}-{min(v.dice)}"
        if self.first_die is not None:
            dice = f"{self.first_die}-?"
        owner = _("middle") if v.owner is None else side_label(v, v.owner)
        jacoby = (_("on") if v.jacoby else _("off")) + (_(", beavers") if v.beavers else "")
        return {
            "adding": side_label(v, self.adding),
            "turn": side_label(v, v.on_roll),
            "dice": dice,
            "cube": str(v.cube),
            "owner": owner,
            "length": _("money")
            if money
            else ngettext("{count} point", "{count} points", v.length).format(
                count=v.length,
            ),
            "you": "–" if money else str(v.score[0]),
            "them": "–" if money else str(v.score[1]),
            "crawford": "–" if money else (_("yes") if v.crawford else _("no")),
            "jacoby": jacoby if money else "–",
        }

    def row_labels(self) -> dict[str, str]:
        """The rows whose labels name the players (two people at one computer)."""
        bottom, top = self.names
        if not bottom:
            return {}
        return {
            "you": _("{bottom}'s score (Y)").format(bottom=bottom),
            "them": _("{top}'s score (T)").format(top=top),
        }

    def lifted(self) -> tuple[int, Side, tuple[int, int]] | None:
        """The checker off its point while it is dragged or carried: where from, whose, and where
        it is drawn (the mouse, or the keyboard cursor)."""
        press, here = self.press, self.cursor_point()
        if self.drag_pos is not None and press is not None and press.side is not None:
            return press.point, press.side, self.drag_pos
        if self.carried is not None and here is not None and self.cursor is not None:
            return *self.carried, self.lay.cursor_rect(here[0], self.cursor[0]).center
        return None

    def board_view(self) -> BoardView:
        """What the board shows: the position, its dice, the keyboard cursor."""
        v = self.value
        dice: tuple[int, ...] = ()
        if v.dice is not None:
            a, b = max(v.dice), min(v.dice)
            dice = (a,) * 4 if a == b else (a, b)
        lifted = self.lifted()
        if lifted is not None:  # the checker dragged or carried is drawn where it is, not on its point
            source, side, _ = lifted
            v = v.move(source, OFF, side).value if source != OFF else v
        view = BoardView(
            v.bottom, v.top, self.ctx.settings.colour, dice=dice, dice_human=v.on_roll is Side.BOTTOM
        )
        if lifted is not None:
            view.drag, view.mover_top = lifted[2], lifted[1] is Side.TOP
            view.airborne = (1, 0) if lifted[1] is Side.BOTTOM else (0, 1)  # in the hand, not borne off
        here = self.cursor_point()
        if here is not None and self.cursor is not None:
            view.cursor, view.cursor_row = here[0], self.cursor[0]
        analysis = next((s for s in self.ctx.stacked() if isinstance(s, EditorAnalysis)), None)
        move = None if analysis is None or analysis.position != v else analysis.shown_move()
        if move is not None:
            view.arrows = [(st.src, st.dst, v.on_roll is Side.BOTTOM) for st in move.steps]
        return view

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the top strip and the panel; the app's status strip stays in view."""
        ctx, lay = self.ctx, self.lay
        th, fonts = ctx.theme, ctx.renderer.fonts
        w = ctx.layout.size[0]
        surface.set_clip(pygame.Rect(0, 0, w, ctx.layout.status.y))
        surface.fill(th.background)
        ctx.renderer.draw(surface, lay, th, self.board_view())
        v = self.value
        if not v.crawford:
            owner = None if v.owner is None else (0 if v.owner is Side.BOTTOM else 1)
            draw_cube(surface, fonts, th, lay, *cube_shown(v.cube, owner, bottom=0))
        tray = lay.tray_half(self.adding is Side.BOTTOM)  # where the side being added keeps its checkers
        pygame.draw.rect(surface, th.accent, tray.inflate(-2, -2), 2, border_radius=3)
        self._draw_top(surface)
        mouse = mouse_pos()
        for b in self.buttons:
            b.enabled = by_name(b.key).enabled(self)
            b.primary = b.key == "analyse" and b.enabled
        values = self.row_values()
        told = self.exported
        note = self.refused or self.export_note() or _(HOW_TO)
        warn = bool(self.refused) or (told is not None and told.warn)
        view = PanelView(v.ids(), self.xgid(), self.row_labels(), values, note, warn)
        draw_panel(surface, fonts, th, self.panel, view, self.buttons, mouse)
        surface.set_clip(None)

    def _draw_top(self, surface: pygame.Surface) -> None:
        ctx, v = self.ctx, self.value
        th, fonts = ctx.theme, ctx.renderer.fonts
        top = pygame.Rect(0, 0, ctx.layout.size[0], self.lay.top.height)
        pygame.draw.rect(surface, th.panel, top)
        pygame.draw.line(surface, mix(th.panel, th.text, 0.25), top.bottomleft, top.bottomright)
        size = top.height * 0.34
        cy = top.centery
        r = text(surface, fonts, _("Position editor"), (top.x + 12, cy), size * 1.1, th.text, True, "midleft")
        x = r.right + top.height * 0.5
        you = ctx.settings.colour
        them = you.other
        for side, kind in ((Side.BOTTOM, you), (Side.TOP, them)):
            icon = ctx.renderer.sprite(top.height * 0.26, kind, th)
            surface.blit(icon, icon.get_rect(midleft=(round(x), cy)))
            x += icon.get_width() + 5
            words = _("{side}: pips {pips}, off {off}").format(
                side=side_label(v, side),
                pips=v.pips(side),
                off=v.off(side),
            )
            r = text(surface, fonts, words, (x, cy), size * 0.85, th.text_dim, anchor="midleft")
            x = r.right + top.height * 0.4
        why = v.unplayable()
        if why is not None:
            words, colour = sentence(why, v)[:-1], th.warn
        elif v.dice is None:
            words, colour = _("{side} to roll").format(side=side_label(v, v.on_roll)), th.accent
        else:
            rolled = _("{side} rolled {roll}").format(
                side=side_label(v, v.on_roll),
                roll=f"{max(v.dice)}-{min(v.dice)}",
            )
            words, colour = rolled, th.accent
        room = top.right - 12 - round(x)
        words = fit_text(fonts.get(size * 0.8, bold=True), words, room)
        text(surface, fonts, words, (top.right - 12, cy), size * 0.8, colour, True, "midright")
