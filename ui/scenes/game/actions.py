"""Every command of the game screen in one table: key, label, when it is enabled, what it does.

The panel's buttons, the key bindings and the help screen are all made from
``ACTIONS``, so they cannot disagree. Where several actions share a key (Space
rolls, or picks up at the cursor), the first enabled one in the table wins.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ai.engine_types import CubeContext
from game.rules.position import Position
from ui.flow.turn_flow import TurnFlow
from ui.scenes.action_table import Action, Key, first_action
from ui.scenes.base import Command, Context
from ui.scenes.game.board_input import BoardInput


class GameScreen(Protocol):
    """What the table runs on: the game screen's app, flow and board input, and its commands
    (:class:`~ui.scenes.game.scene.GameScene` is the one)."""

    @property
    def ctx(self) -> Context:
        """The app."""
        ...

    @property
    def flow(self) -> TurnFlow:
        """The turn state machine."""
        ...

    @property
    def input(self) -> BoardInput:
        """Selection, drag and keyboard cursor."""
        ...

    def roll(self) -> None:
        """Roll the dice."""
        ...

    def confirm(self) -> None:
        """Play the move built."""
        ...

    def explain_not_done(self) -> None:
        """Say why the move cannot be played yet."""
        ...

    def undo(self) -> None:
        """Take back the last step."""
        ...

    def hint(self) -> None:
        """Ask for the best moves."""
        ...

    def explain_no_hint(self) -> None:
        """Say why there is no hint now."""
        ...

    def use_hint(self, index: int) -> None:
        """Set up hint ``index``."""
        ...

    def skip_tutor(self) -> None:
        """Go on without the tutor's check."""
        ...

    def double(self) -> None:
        """Offer the cube."""
        ...

    def explain_no_double(self) -> None:
        """Say why the cube cannot be offered now."""
        ...

    def resign(self) -> None:
        """Offer to resign."""
        ...

    def can_rollout(self) -> bool:
        """True when the player's decision can be rolled out now."""
        ...

    def rollout(self) -> None:
        """Open the rollout of the player's decision."""
        ...

    def before_roll(self) -> tuple[Position, CubeContext] | None:
        """The position before the roll and its cube context, while a roll is due."""
        ...

    def open_analysis(self, evaluate: bool) -> None:
        """The temperature map, or Evaluate, of the position before the roll."""
        ...

    def show_last(self) -> None:
        """Show the last move again."""
        ...

    def page_log(self, pages: int) -> None:
        """Scroll the Moves list by pages."""
        ...

    def toggle_sha(self) -> None:
        """Show the whole SHA-256, or its start."""
        ...

    def cursor_act(self) -> None:
        """Pick up or put down at the keyboard cursor."""
        ...

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the keyboard cursor."""
        ...

    def cursor_next(self, forward: bool) -> None:
        """Move the keyboard cursor to the next checker or target."""
        ...


def _k(*codes: int) -> tuple[Key, ...]:
    return tuple(Key(c) for c in codes)


def _always(scene: GameScreen) -> bool:
    return True


def _hint_action(i: int) -> Action[GameScreen]:
    return Action(
        f"hint{i + 1}",
        f"Hint {i + 1}",
        _k(pygame.K_1 + i, pygame.K_KP1 + i),
        "1 / 2 / 3" if i == 0 else str(i + 1),
        "set up hint 1, 2 or 3 (then Enter plays it)" if i == 0 else "",
        lambda s: s.flow.is_human_moving() and len(s.flow.hints) > i,
        lambda s: s.use_hint(i),
    )


ACTIONS: tuple[Action[GameScreen], ...] = (
    Action(
        "skip-tutor",
        "Skip the check",
        _k(pygame.K_ESCAPE),
        "Esc",
        "while the tutor checks your decision: go on without its check",
        lambda s: s.flow.is_tutor_checking(),
        lambda s: s.skip_tutor(),
        help_last=True,
    ),
    Action(
        "roll",
        "Roll",
        _k(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER),
        "Space",
        "roll the dice",
        lambda s: s.flow.is_roll_due(),
        lambda s: s.roll(),
        button=True,
    ),
    Action(
        "double",
        "Double",
        _k(pygame.K_d),
        "D",
        "offer the doubling cube (before you roll)",
        lambda s: s.flow.can_double(),
        lambda s: s.double(),
        button=True,
    ),
    Action(
        "no-double",
        "Double",
        _k(pygame.K_d),
        "D",
        "",
        lambda s: not s.flow.can_double(),
        lambda s: s.explain_no_double(),
    ),
    Action(
        "done",
        "Done",
        _k(pygame.K_RETURN, pygame.K_KP_ENTER),
        "Enter",
        "play the move set up (before that it says which dice are left to play)",
        lambda s: s.flow.can_confirm(),
        lambda s: s.confirm(),
        button=True,
    ),
    Action(
        "not-done",
        "Done",
        _k(pygame.K_RETURN, pygame.K_KP_ENTER),
        "Enter",
        "",
        lambda s: s.flow.is_human_moving(),
        lambda s: s.explain_not_done(),
    ),
    Action(
        "pick",
        "Pick up / put down",
        _k(pygame.K_SPACE),
        "Space",
        "pick up / put down the checker at the cursor",
        lambda s: s.flow.is_human_moving() and not s.flow.is_passing(),
        lambda s: s.cursor_act(),
    ),
    Action(
        "undo",
        "Undo",
        (Key(pygame.K_u), Key(pygame.K_BACKSPACE), Key(pygame.K_z, ctrl=True)),
        "U / Ctrl+Z",
        "take back the last checker moved this turn",
        lambda s: s.flow.can_undo(),
        lambda s: s.undo(),
        button=True,
    ),
    Action(
        "hint",
        "Hint",
        _k(pygame.K_h),
        "H",
        "before rolling: whether to double; after: the best moves, with equity and chances",
        lambda s: s.flow.hint_ready(),
        lambda s: s.hint(),
        button=True,
    ),
    Action(
        "no-hint",
        "Hint",
        _k(pygame.K_h),
        "H",
        "",
        lambda s: not s.flow.hint_ready(),
        lambda s: s.explain_no_hint(),
    ),
    _hint_action(0),
    _hint_action(1),
    _hint_action(2),
    Action(
        "rollout",
        "Rollout",
        _k(pygame.K_o),
        "O",
        "settle your move or cube decision by playing it out many times, with error bars",
        lambda s: s.can_rollout(),
        lambda s: s.rollout(),
    ),
    Action(
        "temperature",
        "Map",
        (Key(pygame.K_t, ctrl=True),),
        "Ctrl+T",
        "before your roll: every roll's best move and its equity, a 6x6 grid (the temperature map)",
        lambda s: s.before_roll() is not None,
        lambda s: s.open_analysis(evaluate=False),
    ),
    Action(
        "evaluate",
        "Evaluate",
        _k(pygame.K_v),
        "V",
        "your position before the roll: both sides' chances, cubeless and cubeful equity, depth 1-4",
        lambda s: s.before_roll() is not None,
        lambda s: s.open_analysis(evaluate=True),
    ),
    Action(
        "resign",
        "Resign",
        _k(pygame.K_r),
        "R",
        "offer to resign a single game, a gammon or a backgammon",
        lambda s: s.flow.can_resign(),
        lambda s: s.resign(),
        button=True,
    ),
    Action(
        "last",
        "Last move",
        _k(pygame.K_l),
        "L",
        "show the last move again; again for the other side's",
        lambda s: bool(s.flow.session.log),
        lambda s: s.show_last(),
        button=True,
    ),
    Action(
        "deselect",
        "Put back",
        _k(pygame.K_ESCAPE),
        "Esc",
        "",
        lambda s: s.input.selected is not None,
        lambda s: s.input.reset(),
    ),
    Action(
        "ids",
        "IDs",
        _k(pygame.K_i),
        "I",
        "the position's GNU Backgammon Position ID and Match ID (Ctrl+C copies them)",
        _always,
        lambda s: s.ctx.run(Command.IDS),
        button=True,
    ),
    Action(
        "setup",
        "Set up",
        (Key(pygame.K_p, ctrl=True),),
        "Ctrl+P",
        "set up a position from pasted IDs: play it out or analyse it",
        _always,
        lambda s: s.ctx.run(Command.SETUP),
        button=True,
    ),
    Action(
        "edit",
        "Edit",
        _k(pygame.K_e),
        "E",
        "the position editor: build any position from this one, analyse it, play it out",
        _always,
        lambda s: s.ctx.run(Command.EDITOR),
    ),
    Action(
        "new",
        "New game",
        _k(pygame.K_n, pygame.K_ESCAPE),
        "N / Esc",
        "new game and settings (asks before leaving a game)",
        _always,
        lambda s: s.ctx.run(Command.MENU),
        button=True,
    ),
    Action(
        "open",
        "Open match",
        (Key(pygame.K_o, ctrl=True),),
        "Ctrl+O",
        "open a saved match record (or drop a .mat, .sgf or .xg file on the window) to review it",
        _always,
        lambda s: s.ctx.run(Command.OPEN_MATCH),
    ),
    Action(
        "help",
        "Help",
        (Key(pygame.K_F1), Key(char="?")),
        "F1 / ?",
        "this help",
        _always,
        lambda s: s.ctx.run(Command.HELP),
        button=True,
    ),
    Action(
        "sound",
        "Sound",
        _k(pygame.K_m),
        "M",
        "sound on / off",
        _always,
        lambda s: s.ctx.run(Command.SOUND),
        button=True,
    ),
    Action(
        "theme",
        "Theme",
        _k(pygame.K_c),
        "C",
        "switch the colours: the classic or the colour-blind theme",
        _always,
        lambda s: s.ctx.run(Command.THEME),
    ),
    Action(
        "stats",
        "Statistics",
        _k(pygame.K_g),
        "G",
        "your statistics: matches and games won, error rate and its trend",
        _always,
        lambda s: s.ctx.run(Command.STATS),
    ),
    Action(
        "sha",
        "Seed SHA-256",
        _k(pygame.K_s),
        "S",
        "show the dice seed's full SHA-256",
        _always,
        lambda s: s.toggle_sha(),
    ),
    Action(
        "dismiss",
        "Dismiss",
        _k(pygame.K_x),
        "X",
        "dismiss a warning that stays on screen",
        _always,
        lambda s: s.ctx.run(Command.DISMISS),
    ),
    Action(
        "moves-back",
        "Earlier moves",
        _k(pygame.K_PAGEUP),
        "PgUp / PgDn",
        "scroll the Moves list back and forward (or the mouse wheel over the panel)",
        _always,
        lambda s: s.page_log(-1),
    ),
    Action("moves-on", "Later moves", _k(pygame.K_PAGEDOWN), "PgDn", "", _always, lambda s: s.page_log(1)),
    Action("left", "Cursor left", _k(pygame.K_LEFT), "←", "", _always, lambda s: s.move_cursor(-1, 0)),
    Action("right", "Cursor right", _k(pygame.K_RIGHT), "→", "", _always, lambda s: s.move_cursor(1, 0)),
    Action(
        "updown",
        "Cursor",
        _k(pygame.K_UP, pygame.K_DOWN),
        "Arrows",
        "move the keyboard cursor",
        _always,
        lambda s: s.move_cursor(0, 1),
    ),
    Action(
        "tab",
        "Next",
        (Key(pygame.K_TAB, shift=False),),
        "Tab",
        "the next checker that can move",
        _always,
        lambda s: s.cursor_next(True),
    ),
    Action(
        "backtab",
        "Previous",
        (Key(pygame.K_TAB, shift=True),),
        "Shift+Tab",
        "",
        _always,
        lambda s: s.cursor_next(False),
    ),
)
"""The game screen's commands, in priority order."""

ANALYSIS = ("temperature", "evaluate")
"""The actions whose buttons sit in the panel's heading row over the Moves list, while a roll is due."""


def action_for(event: pygame.event.Event, scene: GameScreen) -> Action[GameScreen] | None:
    """The first enabled game-screen action whose key is ``event`` (a KEYDOWN)."""
    return first_action(ACTIONS, event, scene)


def by_name(name: str) -> Action[GameScreen]:
    """The action called ``name``."""
    return next(a for a in ACTIONS if a.name == name)


def help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every action that has help text."""
    ordered = sorted(ACTIONS, key=lambda a: a.help_last)  # stable: the table's order otherwise
    return [(a.keys_text, a.help) for a in ordered if a.help]
