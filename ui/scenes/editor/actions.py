"""Every command of the position editor in one table: keys, label, help, when enabled, what it does.

The editor's buttons (the rows of the match and cube, and the grid under them), its keys and its
help are all made from ``ACTIONS``. Where several actions share a key, the first enabled one wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.rules.variant import Variant
from ui.model.workbench.editor import Edit, EditorPosition, Side
from ui.scenes.action_table import Action, Key, first_action
from ui.scenes.export import ExportKind
from ui.text import N_


class EditorScreen(Protocol):
    """What the table runs on: the position editor's commands
    (:class:`~ui.scenes.editor.scene.EditorScene` is the one)."""

    def playable(self) -> bool:
        """True when the position can be analysed, rolled out or played."""
        ...

    def can_map(self) -> bool:
        """True when the temperature map can be drawn: a playable position before its roll."""
        ...

    def can_undo(self) -> bool:
        """True when there is an edit to take back."""
        ...

    def can_redo(self) -> bool:
        """True when an edit was taken back."""
        ...

    def apply(self, change: Callable[[EditorPosition], Edit]) -> None:
        """Make an edit of the position; a refused one says why."""
        ...

    def variant(self) -> Variant:
        """The variant chosen for a new game (the Start key sets its start first)."""
        ...

    def undo(self) -> None:
        """Take back the last edit."""
        ...

    def redo(self) -> None:
        """Do an edit taken back again."""
        ...

    def toggle_adding(self) -> None:
        """Add the other side's checkers."""
        ...

    def carry(self) -> None:
        """K: pick up a checker at the keyboard cursor, or put the one carried down there."""
        ...

    def type_die(self, n: int) -> None:
        """A digit typed: the first die, then the second (which sets the dice)."""
        ...

    def open_dice(self) -> None:
        """The dice dialog."""
        ...

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow key: along the row, or to the other row."""
        ...

    def cursor_add(self) -> None:
        """Add at the keyboard cursor."""
        ...

    def cursor_remove(self) -> None:
        """Take off at the keyboard cursor."""
        ...

    def analyse(self) -> None:
        """The hint at the chosen depth: the dice's best moves, or the cube decision."""
        ...

    def rollout(self) -> None:
        """Roll the position out: the dice's best moves, or the cube decision before the roll."""
        ...

    def play(self) -> None:
        """Play the position out against the computer, the player the bottom side."""
        ...

    def open_analysis(self, evaluate: bool) -> None:
        """The temperature map (before the roll only), or Evaluate, of the position."""
        ...

    def copy_ids(self) -> None:
        """Put the XGID on the clipboard (as the IDs dialog's Copy), or say where to read it."""
        ...

    def copy_gnu_ids(self) -> None:
        """Put GNU Backgammon's ``POSITIONID:MATCHID`` on the clipboard."""
        ...

    def paste_ids(self) -> None:
        """Set the board from the XGID or the IDs on the clipboard."""
        ...

    def export(self, kind: ExportKind) -> None:
        """Save a picture of the board, or the text diagram (also copied); the panel says where."""
        ...

    def show_help(self) -> None:
        """The editor's help."""
        ...

    def leave(self) -> None:
        """Back to what is under the editor, asking first when edits would be lost."""
        ...


def _k(*codes: int) -> tuple[Key, ...]:
    return tuple(Key(c) for c in codes)


def _always(scene: EditorScreen) -> bool:
    return True


def _edit(
    name: str,
    label: str,
    keys: tuple[Key, ...],
    keys_text: str,
    help_: str,
    change: Callable[[EditorPosition], Edit],
    button: bool = True,
) -> Action[EditorScreen]:
    """An action that edits the position (refused with the model's reason)."""
    return Action(name, label, keys, keys_text, help_, _always, lambda s: s.apply(change), button)


DIE_LABELS = (N_("Die 0"), N_("Die 1"), N_("Die 2"), N_("Die 3"), N_("Die 4"), N_("Die 5"), N_("Die 6"))
"""The digits' actions' names (msgids)."""


def _digit(n: int) -> Action[EditorScreen]:
    return Action(
        f"die{n}",
        DIE_LABELS[n],
        _k(pygame.K_0 + n, pygame.K_KP0 + n),
        "1-6 1-6",
        N_("type the dice: two digits (0: no dice, before the roll)") if n == 1 else "",
        _always,
        lambda s: s.type_die(n),
    )


ACTIONS: tuple[Action[EditorScreen], ...] = (
    Action(
        "side",
        N_("Swap"),
        (Key(pygame.K_TAB),),
        N_("Tab"),
        N_("which side a click on an empty point or the bar adds (a click on a side's tray picks it too)"),
        _always,
        lambda s: s.toggle_adding(),
        True,
    ),
    Action(
        "add",
        N_("Add"),
        (Key(pygame.K_SPACE), Key(pygame.K_INSERT), Key(char="+"), Key(pygame.K_KP_PLUS)),
        N_("Space / +"),
        N_("add a checker at the keyboard cursor (as a left click)"),
        _always,
        lambda s: s.cursor_add(),
    ),
    Action(
        "remove",
        N_("Remove"),
        (Key(pygame.K_DELETE), Key(pygame.K_BACKSPACE), Key(char="-"), Key(pygame.K_KP_MINUS)),
        N_("Delete / -"),
        N_("take a checker off at the keyboard cursor (as a right click)"),
        _always,
        lambda s: s.cursor_remove(),
    ),
    Action(
        "carry",
        N_("Move"),
        _k(pygame.K_k),
        "K",
        N_("pick up a checker at the keyboard cursor; K again puts it down at the cursor (as a drag)"),
        _always,
        lambda s: s.carry(),
    ),
    Action("left", N_("Cursor left"), _k(pygame.K_LEFT), "←", "", _always, lambda s: s.move_cursor(-1, 0)),
    Action("right", N_("Cursor right"), _k(pygame.K_RIGHT), "→", "", _always, lambda s: s.move_cursor(1, 0)),
    Action(
        "updown",
        N_("Cursor"),
        _k(pygame.K_UP, pygame.K_DOWN),
        N_("Arrows"),
        N_("move the keyboard cursor over the points, the bar and the trays"),
        _always,
        lambda s: s.move_cursor(0, 1),
    ),
    _edit("turn", N_("Swap"), _k(pygame.K_r), "R", N_("the other side on roll"), lambda v: v.swap_turn()),
    Action(
        "dice",
        N_("Set"),
        _k(pygame.K_d),
        "D",
        N_("set the dice, or none (before the roll: the cube decision)"),
        _always,
        lambda s: s.open_dice(),
        True,
    ),
    *(_digit(n) for n in range(1, 7)),
    _edit(
        "no-dice",
        N_("None"),
        _k(pygame.K_0, pygame.K_KP0),
        "0",
        "",
        lambda v: v.with_dice(None),
        button=False,
    ),
    _edit(
        "cube-down",
        "−",
        (Key(pygame.K_v, shift=True),),
        N_("Shift+V"),
        "",
        lambda v: v.cube_step(up=False),
    ),
    _edit(
        "cube-up",
        "+",
        (Key(pygame.K_v, shift=False),),
        N_("V / Shift+V"),
        N_("the cube's value up / down"),
        lambda v: v.cube_step(up=True),
    ),
    _edit(
        "owner",
        N_("Swap"),
        _k(pygame.K_w),
        "W",
        N_("whose cube: the middle, yours, the opponent's"),
        lambda v: v.cycle_owner(),
    ),
    _edit(
        "length-down",
        "−",
        (Key(pygame.K_l, shift=True),),
        N_("Shift+L"),
        "",
        lambda v: v.length_step(
            up=False,
        ),
    ),
    _edit(
        "length-up",
        "+",
        (Key(pygame.K_l, shift=False),),
        N_("L / Shift+L"),
        N_("the match one point longer / shorter (0: money)"),
        lambda v: v.length_step(up=True),
    ),
    _edit(
        "you-down",
        "−",
        (Key(pygame.K_y, shift=True),),
        N_("Shift+Y"),
        "",
        lambda v: v.score_step(Side.BOTTOM, up=False),
    ),
    _edit(
        "you-up",
        "+",
        (Key(pygame.K_y, shift=False),),
        N_("Y / Shift+Y"),
        N_("your score up / down"),
        lambda v: v.score_step(Side.BOTTOM, up=True),
    ),
    _edit(
        "them-down",
        "−",
        (Key(pygame.K_t, shift=True),),
        N_("Shift+T"),
        "",
        lambda v: v.score_step(Side.TOP, up=False),
    ),
    _edit(
        "them-up",
        "+",
        (Key(pygame.K_t, shift=False),),
        N_("T / Shift+T"),
        N_("the opponent's score up / down"),
        lambda v: v.score_step(Side.TOP, up=True),
    ),
    _edit(
        "crawford",
        N_("Swap"),
        _k(pygame.K_f),
        "F",
        N_("this game the Crawford game, or not"),
        lambda v: v.toggle_crawford(),
    ),
    _edit(
        "jacoby",
        N_("Swap"),
        _k(pygame.K_j),
        "J",
        N_("a money game's Jacoby rule on / off"),
        lambda v: v.toggle_jacoby(),
    ),
    Action(
        "analyse",
        N_("Analyse"),
        _k(pygame.K_a, pygame.K_h),
        "A / H",
        N_("the best moves for the dice, or the cube decision before the roll, at depth 1-4"),
        lambda s: s.playable(),
        lambda s: s.analyse(),
        True,
    ),
    Action(
        "rollout",
        N_("Rollout"),
        _k(pygame.K_o),
        "O",
        N_("roll the position out: the dice's best moves, or the cube decision"),
        lambda s: s.playable(),
        lambda s: s.rollout(),
        True,
    ),
    Action(
        "temperature",
        N_("Map"),
        (Key(pygame.K_t, ctrl=True),),
        N_("Ctrl+T"),
        N_("the temperature map: each roll's best move, before the roll (no dice)"),
        lambda s: s.can_map(),
        lambda s: s.open_analysis(evaluate=False),
        True,
    ),
    Action(
        "evaluate",
        N_("Evaluate"),
        _k(pygame.K_e),
        "E",
        N_("evaluate the position before its roll at depth 1-4 (dice set are left aside)"),
        lambda s: s.playable(),
        lambda s: s.open_analysis(evaluate=True),
        True,
    ),
    Action(
        "play",
        N_("Play it out"),
        _k(pygame.K_RETURN, pygame.K_KP_ENTER),
        N_("Enter"),
        N_("play it out from here, you (or the first player) the bottom side; asks before leaving a game"),
        lambda s: s.playable(),
        lambda s: s.play(),
        True,
    ),
    Action(
        "copy",
        N_("Copy XGID"),
        (Key(pygame.K_c, ctrl=True),),
        N_("Ctrl+C"),
        N_("copy the position's XGID (forums, eXtreme Gammon; GNU Backgammon reads it too)"),
        _always,
        lambda s: s.copy_ids(),
        True,
    ),
    Action(
        "copy-gnu",
        N_("Copy GNU IDs"),
        _k(pygame.K_g),
        "G",
        N_("copy GNU Backgammon's IDs (POSITIONID:MATCHID)"),
        _always,
        lambda s: s.copy_gnu_ids(),
        True,
    ),
    Action(
        "paste",
        N_("Paste"),
        (Key(pygame.K_v, ctrl=True),),
        N_("Ctrl+V"),
        N_("set the board from an XGID or GNU Backgammon IDs on the clipboard (alone or in a pasted text)"),
        _always,
        lambda s: s.paste_ids(),
        True,
    ),
    Action(
        "picture",
        N_("Picture"),
        _k(pygame.K_p),
        "P",
        N_("save a PNG picture of the board (the exports folder; the status line says where)"),
        _always,
        lambda s: s.export(ExportKind.PICTURE),
        True,
    ),
    Action(
        "diagram",
        N_("Diagram"),
        _k(pygame.K_x),
        "X",
        N_("save the text diagram (the ASCII board, X and O, with the IDs) and copy it to the clipboard"),
        _always,
        lambda s: s.export(ExportKind.TEXT),
        True,
    ),
    _edit(
        "clear",
        N_("Clear"),
        _k(pygame.K_c),
        "C",
        N_("clear the board (the match, cube and dice stay)"),
        lambda v: v.clear(),
    ),
    Action(
        "start",
        N_("Start"),
        _k(pygame.K_s),
        "S",
        N_("the starting position (of the variant chosen for a new game; again: the next variant's)"),
        _always,
        lambda s: s.apply(lambda v: v.starting(s.variant())),
    ),
    _edit(
        "mirror",
        N_("Mirror"),
        _k(pygame.K_m),
        "M",
        N_("swap the sides: you take the other colour's checkers, score and cube"),
        lambda v: v.mirror(),
    ),
    Action(
        "undo",
        N_("Undo"),
        (Key(pygame.K_u, shift=False), Key(pygame.K_z, ctrl=True)),
        N_("U / Ctrl+Z"),
        N_("take back the last edit"),
        lambda s: s.can_undo(),
        lambda s: s.undo(),
        True,
    ),
    Action(
        "redo",
        N_("Redo"),
        (Key(pygame.K_u, shift=True), Key(pygame.K_y, ctrl=True)),
        N_("Shift+U / Ctrl+Y"),
        N_("do the edit taken back again"),
        lambda s: s.can_redo(),
        lambda s: s.redo(),
        True,
    ),
    Action(
        "help",
        N_("Help"),
        (Key(pygame.K_F1), Key(char="?")),
        "F1 / ?",
        N_("this help"),
        _always,
        lambda s: s.show_help(),
        True,
    ),
    Action(
        "close",
        N_("Close"),
        _k(pygame.K_ESCAPE),
        N_("Esc"),
        N_("back to the game or the review (asks before dropping your edits)"),
        _always,
        lambda s: s.leave(),
        True,
    ),
)
"""The editor's commands, in priority order."""

FORM: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("adding", ("side",)),
    ("turn", ("turn",)),
    ("dice", ("dice",)),
    ("cube", ("cube-down", "cube-up")),
    ("owner", ("owner",)),
    ("length", ("length-down", "length-up")),
    ("you", ("you-down", "you-up")),
    ("them", ("them-down", "them-up")),
    ("crawford", ("crawford",)),
    ("jacoby", ("jacoby",)),
)
"""The panel's rows (a setting shown with its buttons): the row's name, its actions' names."""

GRID: tuple[str, ...] = (
    "analyse",
    "temperature",
    "evaluate",
    "rollout",
    "play",
    "copy",
    "copy-gnu",
    "paste",
    "picture",
    "diagram",
    "clear",
    "start",
    "mirror",
    "undo",
    "redo",
    "help",
    "close",
)
"""The buttons under the rows, three or four a line (as the panel's width allows)."""


def action_for(event: pygame.event.Event, scene: EditorScreen) -> Action[EditorScreen] | None:
    """The first enabled editor action whose key is ``event`` (a KEYDOWN)."""
    return first_action(ACTIONS, event, scene)


def by_name(name: str) -> Action[EditorScreen]:
    """The action called ``name``."""
    return next(a for a in ACTIONS if a.name == name)


def help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every action that has help text."""
    return [(a.keys_words(), a.help_words()) for a in ACTIONS if a.help]
