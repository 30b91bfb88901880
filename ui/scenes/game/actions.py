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
from ui.text import N_


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

    def can_explain(self) -> bool:
        """True when there are reasons to show: the hints', or before the roll the cube's."""
        ...

    def explain(self) -> None:
        """Open the reasons: why the hints are ranked so, or why to double or not."""
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


HINT_LABELS = (N_("Hint 1"), N_("Hint 2"), N_("Hint 3"))
"""The hints' actions' names (msgids)."""


def _hint_action(i: int) -> Action[GameScreen]:
    return Action(
        f"hint{i + 1}",
        HINT_LABELS[i],
        _k(pygame.K_1 + i, pygame.K_KP1 + i),
        "1 / 2 / 3" if i == 0 else str(i + 1),
        N_("set up hint 1, 2 or 3 (then Enter plays it)") if i == 0 else "",
        lambda s: s.flow.is_human_moving() and len(s.flow.hints) > i,
        lambda s: s.use_hint(i),
    )


ACTIONS: tuple[Action[GameScreen], ...] = (
    Action(
        "skip-tutor",
        N_("Skip the check"),
        _k(pygame.K_ESCAPE),
        N_("Esc"),
        N_("while the tutor checks your decision: go on without its check"),
        lambda s: s.flow.is_tutor_checking(),
        lambda s: s.skip_tutor(),
        help_last=True,
    ),
    Action(
        "roll",
        N_("Roll"),
        _k(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER),
        N_("Space"),
        N_("roll the dice"),
        lambda s: s.flow.wants_dice(),
        lambda s: s.roll(),
        button=True,
    ),
    Action(
        "double",
        N_("Double"),
        _k(pygame.K_d),
        "D",
        N_("offer the doubling cube (before you roll)"),
        lambda s: s.flow.can_double(),
        lambda s: s.double(),
        button=True,
    ),
    Action(
        "no-double",
        N_("Double"),
        _k(pygame.K_d),
        "D",
        "",
        lambda s: not s.flow.can_double(),
        lambda s: s.explain_no_double(),
    ),
    Action(
        "done",
        N_("Done"),
        _k(pygame.K_RETURN, pygame.K_KP_ENTER),
        N_("Enter"),
        N_("play the move set up (before that it says which dice are left to play)"),
        lambda s: s.flow.can_confirm(),
        lambda s: s.confirm(),
        button=True,
    ),
    Action(
        "not-done",
        N_("Done"),
        _k(pygame.K_RETURN, pygame.K_KP_ENTER),
        N_("Enter"),
        "",
        lambda s: s.flow.is_human_moving(),
        lambda s: s.explain_not_done(),
    ),
    Action(
        "pick",
        N_("Pick up / put down"),
        _k(pygame.K_SPACE),
        N_("Space"),
        N_("pick up / put down the checker at the cursor"),
        lambda s: s.flow.is_human_moving() and not s.flow.is_passing(),
        lambda s: s.cursor_act(),
    ),
    Action(
        "undo",
        N_("Undo"),
        (Key(pygame.K_u), Key(pygame.K_BACKSPACE), Key(pygame.K_z, ctrl=True)),
        N_("U / Ctrl+Z"),
        N_("take back the last checker moved this turn"),
        lambda s: s.flow.can_undo(),
        lambda s: s.undo(),
        button=True,
    ),
    Action(
        "hint",
        N_("Hint"),
        _k(pygame.K_h),
        "H",
        N_("before rolling: whether to double; after: the best moves, with equity and chances"),
        lambda s: s.flow.hint_ready(),
        lambda s: s.hint(),
        button=True,
    ),
    Action(
        "no-hint",
        N_("Hint"),
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
        "why",
        # TRANSLATORS: the button and the key (W) that show why: the hints' reasons, the cube's
        N_("Why"),
        _k(pygame.K_w),
        "W",
        # TRANSLATORS: the help's line for W
        N_("after a hint: why the moves rank so, each one's reasons; before the roll: why to double or not"),
        lambda s: s.can_explain(),
        lambda s: s.explain(),
    ),
    Action(
        "rollout",
        N_("Rollout"),
        _k(pygame.K_o),
        "O",
        N_("settle your move or cube decision by playing it out many times, with error bars"),
        lambda s: s.can_rollout(),
        lambda s: s.rollout(),
    ),
    Action(
        "temperature",
        N_("Map"),
        (Key(pygame.K_t, ctrl=True),),
        N_("Ctrl+T"),
        N_("before your roll: every roll's best move and its equity, a 6x6 grid (the temperature map)"),
        lambda s: s.before_roll() is not None,
        lambda s: s.open_analysis(evaluate=False),
    ),
    Action(
        "evaluate",
        N_("Evaluate"),
        _k(pygame.K_v),
        "V",
        N_("your position before the roll: both sides' chances, cubeless and cubeful equity, depth 1-4"),
        lambda s: s.before_roll() is not None,
        lambda s: s.open_analysis(evaluate=True),
    ),
    Action(
        "resign",
        N_("Resign"),
        _k(pygame.K_r),
        "R",
        N_("offer to resign a single game, a gammon or a backgammon"),
        lambda s: s.flow.can_resign(),
        lambda s: s.resign(),
        button=True,
    ),
    Action(
        "last",
        N_("Last move"),
        _k(pygame.K_l),
        "L",
        N_("show the last move again; again for the other side's"),
        lambda s: bool(s.flow.session.log),
        lambda s: s.show_last(),
        button=True,
    ),
    Action(
        "deselect",
        N_("Put back"),
        _k(pygame.K_ESCAPE),
        N_("Esc"),
        "",
        lambda s: s.input.selected is not None,
        lambda s: s.input.reset(),
    ),
    Action(
        "ids",
        N_("IDs"),
        _k(pygame.K_i),
        "I",
        N_("the position's GNU Backgammon Position ID and Match ID (Ctrl+C copies them)"),
        _always,
        lambda s: s.ctx.run(Command.IDS),
        button=True,
    ),
    Action(
        "setup",
        N_("Set up"),
        (Key(pygame.K_p, ctrl=True),),
        N_("Ctrl+P"),
        N_("set up a position from pasted IDs: play it out or analyse it"),
        _always,
        lambda s: s.ctx.run(Command.SETUP),
        button=True,
    ),
    Action(
        "edit",
        N_("Edit"),
        _k(pygame.K_e),
        "E",
        N_("the position editor: build any position from this one, analyse it, play it out"),
        _always,
        lambda s: s.ctx.run(Command.EDITOR),
    ),
    Action(
        "new",
        N_("New game"),
        _k(pygame.K_n, pygame.K_ESCAPE),
        N_("N / Esc"),
        N_("new game and settings (asks before leaving a game)"),
        _always,
        lambda s: s.ctx.run(Command.MENU),
        button=True,
    ),
    Action(
        "open",
        N_("Open match"),
        (Key(pygame.K_o, ctrl=True),),
        N_("Ctrl+O"),
        N_("open a saved match record (or drop a {formats} file on the window) to review it"),
        _always,
        lambda s: s.ctx.run(Command.OPEN_MATCH),
    ),
    Action(
        "help",
        N_("Help"),
        (Key(pygame.K_F1), Key(char="?")),
        "F1 / ?",
        N_("this help"),
        _always,
        lambda s: s.ctx.run(Command.HELP),
        button=True,
    ),
    Action(
        "sound",
        N_("Sound"),
        _k(pygame.K_m),
        "M",
        N_("sound on / off"),
        _always,
        lambda s: s.ctx.run(Command.SOUND),
        button=True,
    ),
    Action(
        "theme",
        N_("Theme"),
        _k(pygame.K_c),
        "C",
        N_("switch the colours: the classic or the colour-blind theme"),
        _always,
        lambda s: s.ctx.run(Command.THEME),
    ),
    Action(
        "stats",
        N_("Statistics"),
        _k(pygame.K_g),
        "G",
        N_("your statistics: matches and games won, error rate and its trend"),
        _always,
        lambda s: s.ctx.run(Command.STATS),
    ),
    Action(
        "sha",
        N_("Seed SHA-256"),
        _k(pygame.K_s),
        "S",
        N_("show the dice seed's full SHA-256"),
        _always,
        lambda s: s.toggle_sha(),
    ),
    Action(
        "dismiss",
        N_("Dismiss"),
        _k(pygame.K_x),
        "X",
        N_("dismiss a warning that stays on screen"),
        _always,
        lambda s: s.ctx.run(Command.DISMISS),
    ),
    Action(
        "moves-back",
        N_("Earlier moves"),
        _k(pygame.K_PAGEUP),
        N_("PgUp / PgDn"),
        N_("scroll the Moves list back and forward (or the mouse wheel over the panel)"),
        _always,
        lambda s: s.page_log(-1),
    ),
    Action(
        "moves-on", N_("Later moves"), _k(pygame.K_PAGEDOWN), N_("PgDn"), "", _always, lambda s: s.page_log(1)
    ),
    Action("left", N_("Cursor left"), _k(pygame.K_LEFT), "←", "", _always, lambda s: s.move_cursor(-1, 0)),
    Action("right", N_("Cursor right"), _k(pygame.K_RIGHT), "→", "", _always, lambda s: s.move_cursor(1, 0)),
    Action(
        "updown",
        N_("Cursor"),
        _k(pygame.K_UP, pygame.K_DOWN),
        N_("Arrows"),
        N_("move the keyboard cursor"),
        _always,
        lambda s: s.move_cursor(0, 1),
    ),
    Action(
        "tab",
        N_("Next"),
        (Key(pygame.K_TAB, shift=False),),
        N_("Tab"),
        N_("the next checker that can move"),
        _always,
        lambda s: s.cursor_next(True),
    ),
    Action(
        "backtab",
        N_("Previous"),
        (Key(pygame.K_TAB, shift=True),),
        N_("Shift+Tab"),
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
    return [(a.keys_words(), a.help_words()) for a in ordered if a.help]
