"""The turn as a pure state machine: intents in, a phase and effects out (no pygame, no worker).

The game scene turns the player's clicks and keys, the frame clock and the AI
worker's replies into intents; :meth:`TurnFlow.handle` changes the phase and
returns the effects for the scene to carry out (animate, save, search, sound,
message). Undo, passing, forced moves and resuming a half-played move live here.

The flow is composed of two parts with their own state (:mod:`ui.flow.parts`): the cube
exchange (:class:`~ui.flow.cube.CubeExchange`) and the advice
(:class:`~ui.flow.tutor.Advice`). The flow tells a part an intent with a view of the turn
and carries out the steps it answers, in order: effects go out to the scene, the flow's own
steps change the phase, the search or the move, and intents for the other part are handed on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import assert_never

from ai.engine_types import CubeContext
from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove, Request
from game.facts.explained import Explained
from game.rules.cube import MAX_CUBE, CubeAction, NoDouble, double_refusal
from game.rules.dice import Roll
from game.rules.move import Move, format_steps, legal_moves
from game.rules.position import Position, swap
from ui.flow.cube import CubeExchange, advice_request, cube_context, on_roll
from ui.flow.events import (
    AdviceIntent,
    Animate,
    AskHint,
    CancelSearch,
    Confirm,
    ConfirmDone,
    CubeDone,
    CubeIntent,
    Effect,
    FlowOptions,
    FlowRequest,
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
    ShowLast,
    SkipTutor,
    Sound,
    StartSearch,
    Tick,
    TurnIntent,
    TutorPlayIt,
    TutorTakeBack,
    Undo,
    UseHint,
)
from ui.flow.parts import (
    Adopt,
    AdviceInput,
    Advised,
    Ask,
    BeforeRoll,
    CarryOut,
    Check,
    ComputerRolls,
    Confirmed,
    CubeDue,
    CubeHint,
    CubeInput,
    Drop,
    EnterTurn,
    Failed,
    FlowStep,
    GoTo,
    MovePlayed,
    NewTurn,
    PutAgain,
    Ranked,
    ResumeDouble,
    Rolled,
    Step,
    TakeBackMove,
    TurnView,
    Weighed,
)
from ui.flow.said import (
    AIFailed,
    ComputerCannotMove,
    ComputerPlayed,
    Danced,
    ForcedMove,
    HintBlock,
    HintSetUp,
    HitsOnTheWay,
    LastMove,
    NoDoubleNow,
    NoHintNow,
    NoLegalMove,
    NotDone,
    Note,
    Opening,
    OpeningTie,
    Played,
    RolledDice,
    Said,
    Undone,
    side,
)
from ui.flow.status import Status, status_of
from ui.flow.tutor import TUTOR_SEARCHES, Advice
from ui.model.points import opposite
from ui.model.session import HUMAN, GameSession, TurnRecord
from ui.model.turn import PlayedStep, TurnBuilder, hits_on_the_way, unplay
from ui.model.tutor import CheckerPlay, Pending

OPENING_DELAY = 1.2
"""Seconds the opening roll's two dice are on show before the human may move first (they stay
on show until the first checker moves)."""
OPENING_AI_DELAY = 2.5
"""Seconds the opening roll's two dice are on show before the computer, moving first, plays."""
DANCE_DELAY = 2.2
"""Seconds the computer's roll that cannot move stays on the board."""
AI_ROLL_DELAY = 0.45
"""Seconds before the computer rolls."""


@dataclass
class _Timer:
    seconds: float
    action: Callable[[], None]


@dataclass
class TurnFlow:
    """One game's turns: the phase, the human's move, the AI's search; the cube exchange and the
    advice (hints, the tutor) are its parts, told intents and answering steps."""

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
    arrows: list[tuple[int, int, bool]] = field(default_factory=list)
    """Arrows of a move shown again: (from, to, is_human), mover's numbering."""
    animating: bool = False
    """True while an :class:`Animate` is in flight (input waits)."""
    started: bool = False
    """False until the first tick (then the saved state is picked up)."""
    showing_opening: bool = False
    """True while the opening roll's dice are on show: from the opening roll until the first move starts."""
    cube: CubeExchange = field(init=False)
    """The cube exchange: doubles, answers, resignations (what is on the table)."""
    advice: Advice = field(init=False)
    """The human's advice: the hints and the tutor (what it knows and holds)."""
    _timer: _Timer | None = None
    _on_landed: Callable[[], None] | None = None
    _failures: int = 0
    _shown_last: tuple[int, int] = (-1, 0)
    _out: list[Effect] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cube = CubeExchange(self.session)
        self.advice = Advice(self.session)

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

    def _on_cube_intent(self, intent: CubeIntent) -> None:
        match intent:
            case CubeDone():
                self._on_cube_done(intent)
            case _:
                self._tell_cube(intent)

    def _on_advice_intent(self, intent: AdviceIntent) -> None:
        match intent:
            case AskHint():
                self._on_ask_hint(intent)
            case UseHint():
                self._on_use_hint(intent)
            case ShowLast():
                self._on_show_last()
            case SkipTutor() | TutorTakeBack() | TutorPlayIt():
                self._tell_advice(intent)
            case _:
                assert_never(intent)

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
            case ConfirmDone():
                self._on_confirm_done(intent)
            case SearchFailed():
                self._on_search_failed(intent)
            case _:
                assert_never(intent)

    # --- the parts ------------------------------------------------------------------------------------

    def _view(self) -> TurnView:
        """The turn as the parts see it now."""
        return TurnView(
            self.phase, self.search, self.options, self.builder, self.animating, self._timer is not None
        )

    def _tell_cube(self, intent: CubeInput) -> None:
        self._run(self.cube.handle(intent, self._view()))

    def _tell_advice(self, intent: AdviceInput) -> None:
        self._run(self.advice.handle(intent, self._view()))

    def _run(self, steps: list[Step]) -> None:
        """Carry out a part's steps, in order (each sees what the ones before it did)."""
        for step in steps:
            if isinstance(step, Check | CubeDue | Advised):
                self._tell_advice(step)
            elif isinstance(step, PutAgain):
                self._tell_cube(step)
            elif isinstance(step, FlowStep):
                self._take(step)
            else:
                self._emit(step)  # an effect for the scene

    def _take(self, step: FlowStep) -> None:
        """Take one step a part asked for."""
        match step:
            case GoTo():
                self.phase = step.phase
            case Ask():
                self._start_search(step.kind, step.request)
            case Adopt():
                self.search = step.kind
            case Drop():
                self.search = None
                self._emit(CancelSearch())
            case EnterTurn():
                self._enter_turn()
            case ComputerRolls() if self.options.computer_real_dice:
                self.phase = Phase.COMPUTER_DICE  # the human rolls them on the table
            case ComputerRolls():
                self.phase = Phase.COMPUTER_MOVING
                self._later(AI_ROLL_DELAY, self._roll)
            case CarryOut():
                self._carry_out(step.pending)
            case TakeBackMove():
                self._take_back_move()
            case _:
                assert_never(step)

    # --- what the parts know, asked by the scene ----------------------------------------------------

    @property
    def hints(self) -> list[RankedMove]:
        """The best moves found for the human's roll (the advice's)."""
        return self.advice.hints

    @property
    def hint_depth(self) -> int:
        """The depth the hints were searched at."""
        return self.advice.hint_depth

    @property
    def hints_explained(self) -> Explained | None:
        """Why the hints are ranked so: each one's facts and why, in their order (None: not known)."""
        return self.advice.hints_explained

    @property
    def tutor_moves(self) -> tuple[RankedMove, ...] | None:
        """The roll's moves ranked for the tutor (None: not known yet)."""
        return self.advice.tutor_moves

    @property
    def tutor_cube(self) -> CubeAnswer | None:
        """The tutor's answer for the human's cube decision, from the doubler's side (None: not known)."""
        return self.advice.tutor_cube

    def can_double(self) -> bool:
        """True when the person on roll may double now (before rolling, the cube centred or theirs, not
        Crawford)."""
        return self.cube.can_double(self._view())

    def why_no_double(self) -> NoDoubleNow:
        """Why the human may not double now, in words (for a D pressed when :meth:`can_double` is False)."""
        return self.cube.why_no_double()

    def wants_cube_pause(self) -> bool:
        """True when "roll for me" waits for the human: a double is allowed and not dead."""
        return self.cube.wants_cube_pause(self._view())

    def can_cube_hint(self) -> bool:
        """True when the human, about to roll with a double allowed, may ask whether to double."""
        return self.cube.can_cube_hint(self._view())

    def can_resign(self) -> bool:
        """True when the human may offer to resign (on their turn)."""
        return self.cube.can_resign(self._view())

    def can_beaver(self) -> bool:
        """True when the human, facing a double, may beaver."""
        return self.cube.can_beaver(self._view())

    def _request(self, me: int, depth: int, role: int = 0) -> CubeRequest:
        """The computer's cube question about ``me``, as the cube exchange asks the worker (``role`` 0:
        whether ``me`` doubles; 1: whether its opponent takes)."""
        return self.cube.request(me, depth, role=role)

    def cube_context(self, me: int) -> CubeContext:
        """The cube and score seen by player ``me``."""
        return cube_context(self.session, me)

    def advice_request(self, doubler: int, depth: int) -> CubeRequest:
        """The cube question of ``doubler`` before its roll, without the level's noise (advice)."""
        return advice_request(self.session, doubler, depth)

    def can_hint(self) -> bool:
        """True when a hint can be asked for (a tutor search running is taken over)."""
        return self.advice.can_hint(self._view())

    def _tutor_weighs_cube(self) -> bool:
        """True while the tutor's cube search runs before the human's roll (a cube hint takes it over)."""
        return self.phase is Phase.AWAITING_ROLL and self.search is Search.TUTOR_CUBE

    def hint_ready(self) -> bool:
        """True when H asks for a hint now: the moves after the roll, or the cube before it (a
        tutor search running for the same question is taken over)."""
        return self.can_hint() or self.can_cube_hint() or self._tutor_weighs_cube()

    def why_no_hint(self) -> NoHintNow:
        """Why H gives no hint now (for an H pressed when :meth:`hint_ready` is False)."""
        s, b = self.session, self.builder
        if s.outcome() is not None:
            return NoHintNow(HintBlock.GAME_OVER)
        if self.phase is Phase.AWAITING_ROLL and self.on_roll_is_human():
            if self.search is Search.CUBE_HINT:
                return NoHintNow(HintBlock.CUBE_BEING_WEIGHED)
            if not self.can_double():
                me = on_roll(s)
                why = double_refusal(
                    s.cube, me, crawford=s.match.is_crawford(), rolled=s.state.dice is not None
                )
                cube = MAX_CUBE if why is NoDouble.AT_MAX else s.cube.value
                return NoHintNow(HintBlock.NO_DOUBLE, why, side(s, 1 - me), cube)
        if self.phase is Phase.MOVING and b is not None and b.is_pass():
            return NoHintNow(HintBlock.NO_LEGAL_MOVE)
        if self.search is Search.HINT:
            return NoHintNow(HintBlock.ON_ITS_WAY)
        return NoHintNow(HintBlock.NOT_YOUR_TURN)

    def is_tutor_checking(self) -> bool:
        """True while a committed decision waits for the tutor's search."""
        return self.phase is Phase.TUTOR_CHECKING

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
        return self._view().is_human_moving()

    def is_roll_due(self) -> bool:
        """True when the human should roll."""
        return self.phase is Phase.AWAITING_ROLL and self._timer is None

    def is_opening_due(self) -> bool:
        """True when the opening roll waits for the real dice the human rolls for both sides."""
        return self.phase is Phase.OPENING_ROLL and self.options.real_dice and self._timer is None

    def is_computer_dice_due(self) -> bool:
        """True when the computer's roll waits for the real dice the human rolls for it."""
        return self.phase is Phase.COMPUTER_DICE and self._timer is None

    def wants_dice(self) -> bool:
        """True when the human's roll is due: a turn's, the opening roll of real dice, or the
        computer's roll of real dice."""
        return self.is_roll_due() or self.is_opening_due() or self.is_computer_dice_due()

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

    def status(self) -> Status:
        """Whose turn it is and what comes next (two players: by name), for :func:`ui.text.flow.status`."""
        now = status_of(self.session, self.phase, self.builder, self.cube.resigner, self.is_opening_due())
        if self.phase is Phase.TUTOR_CHECKING and self.search is Search.TUTOR_CONFIRM:
            return replace(now, rollout=True)
        return now

    # --- helpers ----------------------------------------------------------------------------------

    def _emit(self, *effects: Effect) -> None:
        self._out.extend(effects)

    def _say(self, said: Said, warn: bool = False, stays: bool = False) -> None:
        self._out.append(Message(said, warn, stays))

    def _later(self, seconds: float, action: Callable[[], None]) -> None:
        self._timer = _Timer(seconds, action)

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
        self._tell_advice(NewTurn())
        if s.log or s.outcome() is not None:
            self.showing_opening = False
        if s.outcome() is not None:
            self.phase = Phase.MATCH_OVER if s.match_now().is_over() else Phase.GAME_OVER
            self._emit(Save(), GameEnded())
        elif s.turn is None:
            self.phase = Phase.OPENING_ROLL
        elif s.offered is not None:
            self._tell_cube(ResumeDouble())
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
                self._tell_advice(CubeDue(s.turn))
        else:
            self._tell_cube(BeforeRoll())

    def _opening(self, given: Roll | None = None) -> None:
        s = self.session
        opening = s.begin(given)
        ties = s.opening_ties()
        first = s.turn if s.turn is not None else HUMAN
        self._emit(Sound("dice"), Save())
        self._say(
            Opening(
                tuple(t.text() for t in ties),
                (side(s, 0), side(s, 1)),
                (opening.first, opening.second),
                side(s, first),
                opening.text(),
            )
        )
        self.showing_opening = True  # until the first move starts
        self._later(OPENING_DELAY if s.is_human(first) else OPENING_AI_DELAY, self._enter_turn)

    def _roll(self, given: Roll | None = None) -> None:
        s = self.session
        roll = s.roll(given)
        self.arrows = []
        self._emit(Sound("dice"), Save())
        self._say(RolledDice(side(s, s.turn if s.turn is not None else HUMAN), roll.text()))
        self._enter_turn()

    def _begin_human_move(self) -> None:
        s = self.session
        dice = self.dice_shown()
        assert dice is not None and s.turn is not None
        mover = s.turn
        partial = s.partial
        self.phase = Phase.MOVING
        self.builder = b = TurnBuilder(s.state.position, dice)
        self._tell_advice(Rolled())
        if partial:
            try:
                b.play_steps(partial)
            except ValueError:
                b.undo_all()
            self.groups = [1] * len(b.played)
            self._sync_partial()
            return
        if b.is_pass():
            self._say(NoLegalMove(side(s, mover), dice.text()), warn=True)
            self._later(DANCE_DELAY, self._pass_by_itself)
        elif b.is_forced() and self.options.auto_forced:
            move = b.moves[0]
            self._say(ForcedMove(side(s, mover), dice.text(), move.notation()))
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
            self._say(ComputerCannotMove(dice.text()))
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
                context=cube_context(s, s.turn),
            ),
        )
        self.phase = Phase.COMPUTER_THINKING

    def _start_search(self, kind: Search, request: FlowRequest) -> None:
        self.search = kind
        self.progress = (0, 0)
        self._emit(StartSearch(request))

    def _ai_pass(self) -> None:
        self.session.play(None)
        self._emit(Save())
        self._enter_turn()

    def _ai_play(self, move: Move | None, fallback: bool = False) -> None:
        s = self.session
        if move is None:
            self._ai_pass()
            return
        tb = TurnBuilder(s.state.position, Roll.of(s.state.dice or (1, 2)))
        tb.play_move(move)
        self.phase = Phase.COMPUTER_MOVING

        def commit() -> None:
            s.play(move)
            self._say(ComputerPlayed(move.notation(), fallback), warn=fallback)
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
        self._tell_advice(MovePlayed())
        dice = Roll.of(b.dice)
        self._say(Played(side(s, mover), move.notation()) if move else Danced(side(s, mover), dice.text()))
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
            case CubeAction.DOUBLE | CubeAction.TAKE | CubeAction.PASS | CubeAction.BEAVER:
                self._tell_cube(CarryOut(pending))
            case _:
                assert_never(kind)

    def _take_back_move(self) -> None:
        """The tutor's Take back of a move: the checkers back where the turn started."""
        b = self.builder
        if b is not None:
            b.undo_all()
            self.groups = []
            self._sync_partial()

    # --- intent handlers --------------------------------------------------------------------------

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
        if self.phase is Phase.OPENING_ROLL and not self.options.real_dice:
            self._opening()
        elif self.phase is Phase.COMPUTER_DICE and not self.options.computer_real_dice:
            self._roll()  # the setting was changed while its dice were awaited
        elif self.phase is Phase.AWAITING_ROLL and self.options.auto_roll and not self.wants_cube_pause():
            self._roll()

    def _on_roll_dice(self, intent: RollDice) -> None:
        if self.is_opening_due() and intent.given is not None:
            if intent.given.is_double():
                self.session.tie(intent.given)
                self._emit(Sound("dice"), Save())
                self._say(OpeningTie(intent.given.text()))
            else:
                self._opening(intent.given)
        elif self.is_computer_dice_due() and intent.given is not None:
            self._roll(intent.given)
        elif self.is_roll_due():
            self._tell_advice(Check(Pending(CubeAction.NO_DOUBLE, given=intent.given)))

    def _played(self, steps: list[PlayedStep]) -> None:
        self.groups.append(len(steps))
        self._sync_partial()
        self._emit(Sound("checker"), Save())
        b = self.builder
        if b is not None and b.is_complete():
            self._say(Note.MOVE_COMPLETE)

    def _on_move_checker(self, intent: MoveChecker) -> None:
        if not self.is_human_moving() or self.builder is None:
            return
        routes = self.builder.routes(intent.src).get(intent.dst, [])
        try:
            steps = self.builder.play(intent.src, intent.dst)
        except ValueError:
            self._say(Note.CANNOT_GO_THERE, warn=True)
            return
        self._played(steps)
        quiet = any(len(r) == len(steps) and not hits_on_the_way(r) for r in routes)
        if hits_on_the_way(steps) and quiet:  # two ways there: say which one was taken
            self._say(HitsOnTheWay(format_steps(tuple(p.step for p in steps)), self.builder.is_complete()))

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
            self._say(Note.NOTHING_TO_UNDO)
            return
        for _ in range(self.groups.pop()):
            b.undo()
        self._sync_partial()
        self._emit(Save())
        self._say(Undone(b.left_to_play()))

    def _on_confirm(self) -> None:
        b = self.builder
        if not self.is_human_moving() or b is None:
            return
        if not (b.is_complete() or b.is_pass()):
            self._say(NotDone(b.left_to_play()), warn=True)
            return
        if b.is_pass():
            self._timer = None  # passed at once: the pause that would pass it is not needed
        self._tell_advice(Check(Pending(CheckerPlay.MOVE, b.move())))

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
            case Search.HINT | Search.TUTOR:
                self._tell_advice(Ranked(kind, intent.moves, intent.explained))
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
                | Search.TUTOR_CONFIRM
                | None
            ):
                pass  # no move search runs: ranked moves answer nothing
            case _:
                assert_never(kind)

    def _on_confirm_done(self, intent: ConfirmDone) -> None:
        """A rollout's verdict: the tutor's, when its confirmation runs (else it answers nothing, and
        the search running goes on)."""
        if self.search is Search.TUTOR_CONFIRM:
            self.search = None
            self._tell_advice(Confirmed(intent.confirmation))

    def _on_search_failed(self, intent: SearchFailed) -> None:
        kind, self.search = self.search, None
        if self.phase is Phase.TUTOR_CHECKING or kind in TUTOR_SEARCHES:
            self._tell_advice(Failed(kind, intent.message))  # the tutor waits on it, or it is the tutor's own
            return
        self._say(AIFailed(intent.message), warn=True)
        match kind:
            case Search.CUBE | Search.TAKE | Search.RESIGN | Search.TAKE_ADVICE:
                self._tell_cube(Failed(kind, intent.message))
            case Search.MOVE:
                if self.phase is Phase.COMPUTER_THINKING:
                    self._ai_search_failed()
            case (
                Search.HINT
                | Search.CUBE_HINT
                | Search.TUTOR
                | Search.TUTOR_CUBE
                | Search.TUTOR_CONFIRM
                | None
            ):
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
        self._ai_play(moves[0] if moves else None, fallback=True)

    def _on_cube_done(self, intent: CubeDone) -> None:
        """A cube answer: the advice's (a cube hint, the tutor's), else the cube exchange's."""
        kind, self.search = self.search, None
        match kind:
            case Search.CUBE_HINT | Search.TUTOR_CUBE:
                self._tell_advice(Weighed(kind, intent.answer))
            case Search.CUBE | Search.TAKE | Search.RESIGN | Search.TAKE_ADVICE:
                self._tell_cube(Weighed(kind, intent.answer))
            case Search.MOVE | Search.HINT | Search.TUTOR | Search.TUTOR_CONFIRM | None:
                pass  # no cube search runs: a cube answer answers nothing
            case _:
                assert_never(kind)

    def _on_ask_hint(self, intent: AskHint) -> None:
        """H: the cube hint before the roll (a double allowed, or the tutor weighing it), else the moves."""
        if self.can_cube_hint() or self._tutor_weighs_cube():
            self._tell_advice(CubeHint(intent.depth))
        else:
            self._tell_advice(intent)

    def _on_use_hint(self, intent: UseHint) -> None:
        b, hints = self.builder, self.advice.hints
        if not self.is_human_moving() or b is None or not 0 <= intent.index < len(hints):
            return
        ranked = hints[intent.index]
        b.play_move(ranked.move)
        self.groups = [len(b.played)]
        self._sync_partial()
        self._emit(Sound("checker"), Save())
        self._say(HintSetUp(ranked.move.notation()))

    # --- the last move shown again -------------------------------------------------------------------

    def _on_show_last(self) -> None:
        s = self.session
        if not s.log:
            self._say(Note.NO_MOVE_YET)
            return
        length, presses = self._shown_last
        presses = presses + 1 if length == len(s.log) else 0
        self._shown_last = (len(s.log), presses)
        newest = s.log[-1]
        other = next((r for r in reversed(s.log) if r.player != newest.player), None)
        rec = newest if presses % 2 == 0 or other is None else other
        self.arrows = [(st.src, st.dst, rec.player == HUMAN) for st in rec.steps]
        self._say(LastMove(side(s, rec.player), rec.dice.text(), rec.notation() if rec.steps else ""))
        if not rec.steps:
            return
        if rec is newest and self.phase is Phase.AWAITING_ROLL and not self.animating:
            self._replay(rec)

    def _replay(self, rec: TurnRecord) -> None:
        """Animate the newest move again (the board has not changed since)."""
        after = swap(self.session.state.position.code)
        try:
            before = unplay(after, rec.steps)
            tb = TurnBuilder(Position(before), rec.dice)
            tb.play_move(Move(Position(before), Position(after), rec.steps))
        except ValueError:
            return
        self._animate(rec.player, before, list(tb.played), lambda: None)

    def cancel(self) -> list[Effect]:
        """Stop any search (the game is being left)."""
        if self.search is None:
            return []
        self.search = None
        return [CancelSearch()]
