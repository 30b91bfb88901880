"""The turn as a pure state machine: intents in, a phase and effects out (no pygame, no worker).

The game scene turns the player's clicks and keys, the frame clock and the AI
worker's replies into intents; :meth:`TurnFlow.handle` changes the phase and
returns the effects for the scene to carry out (animate, save, search, sound,
message). Undo, passing, forced moves and resuming a half-played move live here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import assert_never

from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove, Request
from game.rules.cube import CubeAction, Resignation
from game.rules.dice import Roll
from game.rules.move import Move, format_steps, legal_moves
from game.ui.flow.cube import CubeTurns
from game.ui.flow.events import (
    AdviceIntent,
    Animate,
    CancelSearch,
    Confirm,
    CubeIntent,
    Effect,
    FlowOptions,
    GameEnded,
    Intent,
    Landed,
    Message,
    MoveChecker,
    MoveFarthest,
    Phase,
    RollDice,
    Save,
    Search,
    SearchDone,
    SearchFailed,
    SearchProgress,
    Sound,
    StartSearch,
    Tick,
    TurnIntent,
    Undo,
)
from game.ui.flow.tutor import HINT_COUNT, AdviceTurns
from game.ui.flow.words import dice_left, does, is_you, status_words, who
from game.ui.model.points import opposite
from game.ui.model.session import HUMAN, GameSession, TurnRecord
from game.ui.model.turn import PlayedStep, TurnBuilder, hits_on_the_way
from game.ui.model.tutor import CheckerPlay, Pending, Verdict

OPENING_DELAY = 1.2
"""Seconds the opening roll's two dice are on show before the human may move first (they stay
on show until the first checker moves)."""
OPENING_AI_DELAY = 2.5
"""Seconds the opening roll's two dice are on show before the computer, moving first, plays."""
DANCE_DELAY = 2.2
"""Seconds the computer's roll that cannot move stays on the board."""


@dataclass
class _Timer:
    seconds: float
    action: Callable[[], None]


@dataclass
class TurnFlow(AdviceTurns, CubeTurns):
    """One game's turns: the phase, the human's move, the AI's search, the hints, the cube, the tutor."""

    session: GameSession
    """The game."""
    options: FlowOptions = field(default_factory=FlowOptions)
    """Settings that steer it."""
    phase: Phase = Phase.OPENING_ROLL
    """Where the turn is."""
    builder: TurnBuilder | None = None
    """The human's move being built (MOVING)."""
    groups: list[int] = field(default_factory=list)
    """Steps per action of the turn, for undo (a one-click move over two dice is one action)."""
    search: Search | None = None
    """What the running search is for (None: none runs)."""
    progress: tuple[int, int] = (0, 0)
    """(done, total) of the running search."""
    hints: list[RankedMove] = field(default_factory=list)
    """The best moves found for the human's roll."""
    hint_depth: int = 0
    """The depth the hints were searched at."""
    arrows: list[tuple[int, int, bool]] = field(default_factory=list)
    """Arrows of a move shown again: (from, to, is_human), mover's numbering."""
    animating: bool = False
    """True while an :class:`Animate` is in flight (input waits)."""
    started: bool = False
    """False until the first tick (then the saved state is picked up)."""
    showing_opening: bool = False
    """True while the opening roll's dice are on show: from the opening roll until the first move starts."""
    cube_answer: CubeAnswer | None = None
    """The computer's last cube answer."""
    resign_offer: Resignation | None = None
    """The resignation on the table."""
    resigner: int | None = None
    """Who offered the resignation on the table."""
    declined: set[Resignation] = field(default_factory=set)
    """The computer's offers the human declined this game."""
    tutor_moves: tuple[RankedMove, ...] | None = None
    """The roll's moves ranked for the tutor."""
    tutor_cube: CubeAnswer | None = None
    """The tutor's answer for the human's cube decision (the doubler's side)."""
    pending: Pending | None = None
    """The decision held for the tutor."""
    verdict: Verdict | None = None
    """The tutor's warning on show."""
    _timer: _Timer | None = None
    _on_landed: Callable[[], None] | None = None
    _failures: int = 0
    _shown_last: tuple[int, int] = (-1, 0)
    _out: list[Effect] = field(default_factory=list)

    # --- the entry point ----------------------------------------------------------------------------

    def handle(self, intent: Intent) -> list[Effect]:
        """React to one intent; returns the effects to carry out, in order."""
        self._out = []
        if isinstance(intent, CubeIntent):
            self._on_cube_intent(intent)
        elif isinstance(intent, AdviceIntent):
            self._on_advice_intent(intent)
        else:
            self._on_turn_intent(intent)
        out, self._out = self._out, []
        return out

    # --- facts ------------------------------------------------------------------------------------

    def on_roll_is_human(self) -> bool:
        """True when a person decides for the side on roll."""
        return self.session.is_human(self.session.turn)

    def is_two_player(self) -> bool:
        """True when two people play each other (both sides by hand)."""
        return self.session.config.is_two_player()

    def mover_point(self, screen: int) -> int:
        """The point of the side on roll drawn at the bottom player's point ``screen`` (and back: the
        board never turns, so the top player's point q is drawn at 25 - q)."""
        return screen if self.session.turn != 1 else opposite(screen)

    def is_human_moving(self) -> bool:
        """True when the human can move checkers now."""
        return self.phase is Phase.MOVING and self.builder is not None and not self.animating

    def is_roll_due(self) -> bool:
        """True when the human should roll."""
        return self.phase is Phase.AWAITING_ROLL and self._timer is None

    def can_confirm(self) -> bool:
        """True when Done would play the move (or accept a pass)."""
        b = self.builder
        return self.is_human_moving() and b is not None and (b.is_complete() or b.is_pass())

    def is_passing(self) -> bool:
        """True while the person on roll has no legal move: it passes in a moment, or on any key."""
        return self.is_human_moving() and self.builder is not None and self.builder.is_pass()

    def can_undo(self) -> bool:
        """True when a step of this turn can be taken back."""
        return self.is_human_moving() and bool(self.groups)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)

    def dice_shown(self) -> Roll | None:
        """The roll on the board now (None between turns)."""
        d = self.session.state.dice
        return None if d is None else Roll.of(d)

    def last_roll(self) -> TurnRecord | None:
        """The turn whose dice stay on the board between turns (the computer's, until you roll), or
        None while a roll is on the board, before the first move, and once the game is over."""
        s = self.session
        if s.state.dice is not None or self.showing_opening or not s.log or s.outcome() is not None:
            return None
        return s.log[-1]

    def status(self) -> str:
        """Whose turn it is and what comes next, in a few words (two players: by name)."""
        return status_words(self.session, self.phase, self.builder, self.resigner)

    # --- helpers ----------------------------------------------------------------------------------

    def _emit(self, *effects: Effect) -> None:
        self._out.extend(effects)

    def _say(self, text: str, warn: bool = False, stays: bool = False) -> None:
        self._out.append(Message(text, warn, stays))

    def _later(self, seconds: float, action: Callable[[], None]) -> None:
        self._timer = _Timer(seconds, action)

    def _timer_idle(self) -> bool:
        return self._timer is None

    def has_timer(self) -> bool:
        """True while a step waits on the frame clock (a pause before the game goes on)."""
        return self._timer is not None

    def _animate(self, mover: int, start: int, steps: list[PlayedStep], then: Callable[[], None]) -> None:
        self.showing_opening = False  # a move starts: the roll's dice take over from the opening's
        self.animating = True
        self._on_landed = then
        self._emit(Animate(mover, start, tuple(steps)))

    def _sync_partial(self) -> None:
        b = self.builder
        self.session.partial = tuple(p.step for p in b.played) if b is not None else ()
        if self.session.partial:
            self.showing_opening = False

    # --- turns ------------------------------------------------------------------------------------

    def _enter_turn(self) -> None:
        """Decide the phase from the game's state (after a move, the opening, a resume)."""
        s = self.session
        self.builder = None
        self.groups = []
        self._tutor_forget()
        if s.log or s.outcome() is not None:
            self.showing_opening = False
        if s.outcome() is not None:
            self.phase = Phase.MATCH_OVER if s.match_now().is_over() else Phase.GAME_OVER
            self._emit(Save(), GameEnded())
        elif s.turn is None:
            self.phase = Phase.OPENING_ROLL
        elif s.offered is not None:
            self._resume_double()
        elif s.state.dice is None:
            self._await_roll()
        elif self.on_roll_is_human():
            self._begin_human_move()
        else:
            self._begin_ai_move()

    def _await_roll(self) -> None:
        s = self.session
        if self.on_roll_is_human() and s.turn is not None:
            self.phase = Phase.AWAITING_ROLL
            if self.wants_cube_pause():
                self._tutor_watch_cube(s.turn)
        else:
            self._ai_before_roll()

    def _opening(self) -> None:
        s = self.session
        opening = s.begin()
        ties = s.opening_ties()
        tied = "".join(f"Tie at {t.text()}, rolled again. " for t in ties)
        first = s.turn if s.turn is not None else HUMAN
        one, two = (who(s, 0), who(s, 1)) if self.is_two_player() else ("you", "the computer")
        self._emit(Sound("dice"), Save())
        self._say(
            f"{tied}Opening roll: {one} {opening.first}, {two} {opening.second}."
            f" {does(s, first, 'move', 'moves')} first with {opening.text()}."
        )
        self.showing_opening = True  # until the first move starts
        self._later(OPENING_DELAY if s.is_human(first) else OPENING_AI_DELAY, self._enter_turn)

    def _roll(self, given: Roll | None = None) -> None:
        s = self.session
        roll = s.roll(given)
        self.arrows = []
        self._emit(Sound("dice"), Save())
        self._say(f"{who(s, s.turn if s.turn is not None else HUMAN)} rolled {roll.text()}.")
        self._enter_turn()

    def _begin_human_move(self) -> None:
        s = self.session
        dice = self.dice_shown()
        assert dice is not None and s.turn is not None
        mover, rolled = s.turn, ("You rolled" if is_you(s, s.turn) else f"{who(s, s.turn)} rolled")
        partial = s.partial
        self.phase = Phase.MOVING
        self.builder = b = TurnBuilder(s.state.position, dice)
        self.hints = []
        self._tutor_watch_moves()
        if partial:
            try:
                b.play_steps(partial)
            except ValueError:
                b.undo_all()
            self.groups = [1] * len(b.played)
            self._sync_partial()
            return
        if b.is_pass():
            passes = "you pass" if is_you(s, mover) else f"{who(s, mover)} passes"
            self._say(
                f"No legal move with {dice.text()}: {passes} in a moment (any key: at once).", warn=True
            )
            self._later(DANCE_DELAY, self._pass_by_itself)
        elif b.is_forced() and self.options.auto_forced:
            move = b.moves[0]
            self._say(f"{rolled} {dice.text()}: the only move is {move.notation()} (played for you).")
            b.play_move(move)
            steps = list(b.played)
            b.undo_all()
            self._animate(mover, s.state.position.code, steps, self._commit_forced)

    def _pass_by_itself(self) -> None:  # the pause after a roll with no legal move is over
        if self.is_passing():
            self._confirm()

    def _commit_forced(self) -> None:
        b = self.builder
        if b is not None:
            b.play_move(b.moves[0])
            self._confirm()

    def _begin_ai_move(self) -> None:
        s = self.session
        dice = self.dice_shown()
        assert dice is not None and s.turn is not None
        self.phase = Phase.COMPUTER_MOVING
        if not legal_moves(s.state.position, dice):
            self._say(f"The computer rolled {dice.text()} and cannot move.")
            self._later(DANCE_DELAY, self._ai_pass)
            return
        me = s.controller(s.turn)
        seed = (int(s.commitment[:8], 16) + len(s.log)) & 0x7FFFFFFF
        self._start_search(
            Search.MOVE,
            Request(
                "move",
                s.state.position,
                dice,
                me.depth,
                noise=me.noise,
                seed=seed,
                context=self.cube_context(s.turn),
            ),
        )
        self.phase = Phase.COMPUTER_THINKING

    def _start_search(self, kind: Search, request: Request | CubeRequest) -> None:
        self.search = kind
        self.progress = (0, 0)
        self._emit(StartSearch(request))

    def _ai_pass(self) -> None:
        self.session.play(None)
        self._emit(Save())
        self._enter_turn()

    def _ai_play(self, move: Move | None, note: str = "") -> None:
        s = self.session
        if move is None:
            self._ai_pass()
            return
        tb = TurnBuilder(s.state.position, Roll.of(s.state.dice or (1, 2)))
        tb.play_move(move)
        self.phase = Phase.COMPUTER_MOVING

        def commit() -> None:
            s.play(move)
            self._say(f"The computer played {move.notation()}{note}.", warn=bool(note))
            self._emit(Save())
            self._enter_turn()

        self._animate(s.turn if s.turn is not None else 1, s.state.position.code, list(tb.played), commit)

    def _confirm(self) -> None:
        b = self.builder
        assert b is not None
        if self.search in (Search.HINT, Search.TUTOR):
            self.search = None
            self._emit(CancelSearch())
        move, s = b.move(), self.session
        mover = s.turn if s.turn is not None else HUMAN
        s.play(move)
        self.hints = []
        dice = Roll.of(b.dice)
        passes = "you pass" if is_you(s, mover) else f"{who(s, mover)} passes"
        self._say(
            f"{who(s, mover)} played {move.notation()}."
            if move
            else f"{who(s, mover)} rolled {dice.text()}: no move, {passes}."
        )
        self._emit(Save())
        self._enter_turn()

    def _roll_now(self, given: Roll | None) -> None:
        if self.search in (Search.CUBE_HINT, Search.TUTOR_CUBE):
            self.search = None
            self._emit(CancelSearch())
        self._roll(given)

    def _carry_out(self, pending: Pending) -> None:
        """Carry out a decision of the human's (held for the tutor, or not)."""
        kind = pending.kind
        match kind:
            case CheckerPlay.MOVE:
                self._confirm()
            case CubeAction.NO_DOUBLE:
                self._roll_now(pending.given)
            case CubeAction.DOUBLE:
                self._double_now()
            case CubeAction.TAKE:
                self._take_now()
            case CubeAction.PASS:
                self._pass_now()
            case CubeAction.BEAVER:
                self._beaver_now()
            case _:
                assert_never(kind)

    # --- intent handlers --------------------------------------------------------------------------

    def _on_turn_intent(self, intent: TurnIntent) -> None:
        match intent:
            case Tick():
                self._on_tick(intent)
            case RollDice():
                self._on_roll_dice(intent)
            case MoveChecker():
                self._on_move_checker(intent)
            case MoveFarthest():
                self._on_move_farthest(intent)
            case Undo():
                self._on_undo()
            case Confirm():
                self._on_confirm()
            case Landed():
                self._on_animation_finished()
            case SearchProgress():
                self._on_search_progress(intent)
            case SearchDone():
                self._on_search_done(intent)
            case SearchFailed():
                self._on_search_failed(intent)
            case _:
                assert_never(intent)

    def _on_tick(self, intent: Tick) -> None:
        if not self.started:
            self.started = True
            if self.session.turn is not None:
                self._enter_turn()
        if self.animating:
            return
        if self._timer is not None:
            self._timer.seconds -= intent.dt
            if self._timer.seconds <= 0:
                action, self._timer = self._timer.action, None
                action()
            return
        if self.phase is Phase.OPENING_ROLL:
            self._opening()
        elif self.phase is Phase.AWAITING_ROLL and self.options.auto_roll and not self.wants_cube_pause():
            self._roll()

    def _on_roll_dice(self, intent: RollDice) -> None:
        if self.is_roll_due():
            self._check(Pending(CubeAction.NO_DOUBLE, given=intent.given))

    def _played(self, steps: list[PlayedStep]) -> None:
        self.groups.append(len(steps))
        self._sync_partial()
        self._emit(Sound("checker"), Save())
        b = self.builder
        if b is not None and b.is_complete():
            self._say("Move complete: press Enter or Done to play it, U to undo.")

    def _on_move_checker(self, intent: MoveChecker) -> None:
        if not self.is_human_moving() or self.builder is None:
            return
        routes = self.builder.routes(intent.src).get(intent.dst, [])
        try:
            steps = self.builder.play(intent.src, intent.dst)
        except ValueError:
            self._say("That checker cannot go there with these dice.", warn=True)
            return
        self._played(steps)
        quiet = any(len(r) == len(steps) and not hits_on_the_way(r) for r in routes)
        if hits_on_the_way(steps) and quiet:  # two ways there: say which one was taken
            then = " Or Enter / Done plays the move." if self.builder.is_complete() else ""
            self._say(
                f"{format_steps(tuple(p.step for p in steps))}: it hits on the way. To go round instead,"
                f" press U and move one die at a time.{then}"
            )

    def _on_move_farthest(self, intent: MoveFarthest) -> None:
        if not self.is_human_moving() or self.builder is None:
            return
        try:
            steps = self.builder.play_farthest(intent.src)
        except ValueError:
            return
        self._played(steps)

    def _on_undo(self) -> None:
        b = self.builder
        if not self.is_human_moving() or b is None:
            return
        if not self.groups:
            self._say("Nothing to undo this turn.")
            return
        for _ in range(self.groups.pop()):
            b.undo()
        self._sync_partial()
        self._emit(Save())
        self._say(f"Undone: {dice_left(b.left_to_play())} to play.")

    def _on_confirm(self) -> None:
        b = self.builder
        if not self.is_human_moving() or b is None:
            return
        if not (b.is_complete() or b.is_pass()):
            self._say(f"Not done: {dice_left(b.left_to_play())} to play.", warn=True)
            return
        if b.is_pass():
            self._timer = None  # passed at once: the pause that would pass it is not needed
        self._check(Pending(CheckerPlay.MOVE, b.move()))

    def _on_animation_finished(self) -> None:
        self.animating = False
        then, self._on_landed = self._on_landed, None
        if then is not None:
            then()

    def _on_search_progress(self, intent: SearchProgress) -> None:
        self.progress = (intent.done, intent.total)

    def _on_search_done(self, intent: SearchDone) -> None:
        kind, self.search = self.search, None
        match kind:
            case Search.HINT:
                self.hints = list(intent.moves[:HINT_COUNT])
                if not self.hints:
                    self._say("No legal move: nothing to hint.")
                self._tutor_heard_moves(kind, intent.moves)
            case Search.TUTOR:
                self._tutor_heard_moves(kind, intent.moves)
            case Search.MOVE:
                if self.phase is Phase.COMPUTER_THINKING:
                    self._failures = 0
                    self._ai_play(intent.moves[0].move if intent.moves else None)
            case (
                Search.CUBE
                | Search.TAKE
                | Search.RESIGN
                | Search.TAKE_ADVICE
                | Search.CUBE_HINT
                | Search.TUTOR_CUBE
                | None
            ):
                pass  # no move search runs: ranked moves answer nothing
            case _:
                assert_never(kind)

    def _on_search_failed(self, intent: SearchFailed) -> None:
        kind, self.search = self.search, None
        if self._tutor_failed(kind, intent.message):
            return
        self._say(f"The AI could not answer: {intent.message}", warn=True)
        match kind:
            case Search.CUBE | Search.TAKE | Search.RESIGN | Search.TAKE_ADVICE:
                self._cube_failed(kind)
            case Search.MOVE:
                if self.phase is Phase.COMPUTER_THINKING:
                    self._ai_search_failed()
            case Search.HINT | Search.CUBE_HINT | Search.TUTOR | Search.TUTOR_CUBE | None:
                pass  # the human's hints: asked for again if wanted (the tutor's were dealt with above)
            case _:
                assert_never(kind)

    def _ai_search_failed(self) -> None:
        """The computer's move search failed: once more, then its first legal move."""
        self._failures += 1
        if self._failures < 2:
            self._begin_ai_move()  # once more: the worker restarts itself if it died
            return
        self._failures = 0
        dice = self.dice_shown()
        assert dice is not None
        moves = legal_moves(self.session.state.position, dice)
        self._ai_play(moves[0] if moves else None, note=" (the AI failed twice, so: its first legal move)")

    def cancel(self) -> list[Effect]:
        """Stop any search (the game is being left)."""
        if self.search is None:
            return []
        self.search = None
        return [CancelSearch()]
