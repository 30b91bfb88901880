"""The cube exchange of the turn flow (no pygame): doubles, takes, passes, resignations.

:class:`CubeExchange` is a part of :class:`ui.flow.turn_flow.TurnFlow`: it keeps what is on
the table (the computer's last cube answer, a resignation offered, the offers declined), is told
intents (:data:`ui.flow.parts.CubeInput`) with a view of the turn, and answers steps
(:data:`ui.flow.parts.Step`). Each side's decisions are its controller's
(:meth:`GameSession.controller`): a person's come from the dialogs, the computer's from the worker
(:class:`ai.worker.messages.CubeRequest`): before each of its rolls it asks whether to resign or
double; when a person doubles it asks whether to take; when a person resigns it asks whether to
accept. When two people play, a double or a resignation is put to the other person.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from ai.engine_types import CubeContext, context_for
from ai.worker.messages import CubeAnswer, CubeRequest
from game.rules.cube import MAX_CUBE, CubeAction, NoDouble, Resignation, double_refusal, resign_points
from game.rules.position import Position
from ui.flow.events import (
    AcceptResign,
    AskResign,
    AskTake,
    Beaver,
    DeclineResign,
    Double,
    Message,
    Pass,
    Phase,
    Resign,
    Save,
    Search,
    Take,
)
from ui.flow.parts import (
    Advised,
    Ask,
    BeforeRoll,
    CarryOut,
    Check,
    ComputerRolls,
    CubeDue,
    CubeInput,
    Drop,
    EnterTurn,
    Failed,
    GoTo,
    PutAgain,
    ResumeDouble,
    Step,
    TurnView,
    Weighed,
)
from ui.flow.said import (
    Accepted,
    ComputerAccepts,
    ComputerOffersResignation,
    ComputerPasses,
    ComputerTakes,
    Declined,
    DoubleBlock,
    Doubled,
    DoubleWaits,
    NoDoubleNow,
    Note,
    OffersResignation,
    Passed,
    Took,
    WeighingDouble,
    side,
)
from ui.model.seats import Control
from ui.model.session import HUMAN, GameSession
from ui.model.tutor import CheckerPlay, Pending


def on_roll(session: GameSession) -> int:
    """The side on roll (player 0 before the opening roll)."""
    turn = session.turn
    return HUMAN if turn is None else turn


def cube_context(session: GameSession, me: int) -> CubeContext:
    """The cube and score seen by player ``me``."""
    s, m = session, session.match
    return context_for(
        s.cube,
        me,
        m.length,
        m.score,
        crawford=m.is_crawford(),
        post_crawford=m.is_post_crawford(),
        jacoby=s.config.jacoby,
    )


def advice_request(session: GameSession, doubler: int, depth: int) -> CubeRequest:
    """The cube question of ``doubler`` before its roll, without the level's noise (advice)."""
    s = session
    pos: Position = s.state.position if s.turn == doubler else s.state.position.swapped()
    return CubeRequest(pos, cube_context(s, doubler), depth, settle=False)


@dataclass
class CubeExchange:
    """Doubles, answers and resignations: what is on the table, told by intents, answered by steps."""

    session: GameSession
    """The game (its cube, its score; doubled, answered and resigned here)."""
    cube_answer: CubeAnswer | None = None
    """The computer's last cube answer (for the advice and the reason shown)."""
    resign_offer: Resignation | None = None
    """The resignation on the table (the human's, or the computer's offer)."""
    resigner: int | None = None
    """Who offered the resignation on the table."""
    declined: set[Resignation] = field(default_factory=set)
    """The computer's offers the human declined this game (not offered again)."""

    # --- facts -----------------------------------------------------------------------------------------

    def _doubler(self) -> int:
        """The side whose double waits (else the side on roll)."""
        offered = self.session.offered
        return on_roll(self.session) if offered is None else offered

    def can_double(self, view: TurnView) -> bool:
        """True when the person on roll may double now (before rolling, the cube centred or theirs, not
        Crawford)."""
        s = self.session
        return (
            view.phase is Phase.AWAITING_ROLL
            and not view.waiting
            and not view.animating
            and s.is_human(s.turn)
            and s.can_double(on_roll(s))
        )

    def why_no_double(self) -> NoDoubleNow:
        """Why the human may not double now (for a D pressed when :meth:`can_double` is False)."""
        s = self.session
        me = on_roll(s) if s.config.is_two_player() else HUMAN
        owner = side(s, 1 - me)
        if s.outcome() is not None:
            return NoDoubleNow(DoubleBlock.GAME_OVER, owner, s.cube.value)
        if s.offered is not None:
            return NoDoubleNow(DoubleBlock.WAITING, owner, s.cube.value)
        if s.turn != me:
            return NoDoubleNow(DoubleBlock.NOT_YOUR_TURN, owner, s.cube.value)
        rolled = s.state.dice is not None
        match double_refusal(s.cube, me, crawford=s.match.is_crawford(), rolled=rolled):
            case NoDouble.ROLLED if not s.log:
                return NoDoubleNow(DoubleBlock.OPENING, owner, s.cube.value)
            case NoDouble.ROLLED:
                return NoDoubleNow(DoubleBlock.ROLLED, owner, s.cube.value)
            case NoDouble.CRAWFORD:
                return NoDoubleNow(DoubleBlock.CRAWFORD, owner, s.cube.value)
            case NoDouble.NOT_OWNER:
                return NoDoubleNow(DoubleBlock.NOT_OWNER, owner, s.cube.value)
            case NoDouble.AT_MAX:
                return NoDoubleNow(DoubleBlock.AT_MAX, owner, MAX_CUBE)
            case None:
                return NoDoubleNow(DoubleBlock.NOT_NOW, owner, s.cube.value)
            case other:
                assert_never(other)

    def wants_cube_pause(self, view: TurnView) -> bool:
        """True when "roll for me" waits for the human: a double is allowed and not dead."""
        return self.can_double(view) and not self.session.is_cube_dead(on_roll(self.session))

    def can_cube_hint(self, view: TurnView) -> bool:
        """True when the human, about to roll with a double allowed, may ask whether to double."""
        return self.can_double(view) and view.search is None

    def can_resign(self, view: TurnView) -> bool:
        """True when the human may offer to resign (on their turn)."""
        return (
            view.phase in (Phase.AWAITING_ROLL, Phase.MOVING)
            and not view.animating
            and self.session.outcome() is None
        )

    def _beaver_allowed(self) -> bool:
        """True when the rules let the side facing a double beaver (money, beavers on, room on the cube)."""
        s = self.session
        return s.is_money() and s.config.beavers and s.cube.value * 4 <= MAX_CUBE

    def can_beaver(self, view: TurnView) -> bool:
        """True when the human, facing a double, may beaver."""
        return view.phase is Phase.TAKE_OR_PASS and self._beaver_allowed()

    def request(
        self, me: int, depth: int, resign: Resignation | None = None, resigner: int = 0, role: int = 0
    ) -> CubeRequest:
        """The computer's cube question about ``me`` before its roll, at the level's noise: ``role``
        0 asks whether ``me`` doubles, 1 whether its opponent takes (autoplay's decision, in the worker)."""
        s = self.session
        cfg = s.config
        seed = (int(s.commitment[:8], 16) + 7919 * len(s.cube_log) + len(s.log)) & 0x7FFFFFFF
        pos: Position = s.state.position if s.turn == me else s.state.position.swapped()
        ctx = cube_context(s, me)
        return CubeRequest(pos, ctx, depth, cfg.noise, seed, resign, resigner, role=role)

    # --- the intents -----------------------------------------------------------------------------------

    def handle(self, intent: CubeInput, view: TurnView) -> list[Step]:
        """React to one intent, the turn as ``view`` shows it; returns the steps, in order."""
        match intent:
            case Double() | Take() | Pass() | Beaver():
                return self._on_decision(intent, view)
            case Resign():
                return self._on_resign(intent, view)
            case AcceptResign():
                return self._on_accept_resign(view)
            case DeclineResign():
                return self._on_decline_resign(view)
            case BeforeRoll():
                return self._ai_before_roll()
            case ResumeDouble():
                return self._resume_double(view)
            case PutAgain():
                return self._ask_take(view)
            case CarryOut():
                return self._carry_out(intent.pending, view)
            case Weighed():
                return self._weighed(intent, view)
            case Failed():
                return self._failed(intent.kind, view)
            case _:
                assert_never(intent)

    def _on_decision(self, intent: Double | Take | Pass | Beaver, view: TurnView) -> list[Step]:
        """The human doubles or answers a double: checked by the tutor first, when allowed now."""
        match intent:
            case Double():
                return [Check(Pending(CubeAction.DOUBLE))] if self.can_double(view) else []
            case Take():
                return [Check(Pending(CubeAction.TAKE))] if view.phase is Phase.TAKE_OR_PASS else []
            case Pass():
                return [Check(Pending(CubeAction.PASS))] if view.phase is Phase.TAKE_OR_PASS else []
            case Beaver():
                return [Check(Pending(CubeAction.BEAVER))] if self.can_beaver(view) else []
            case _:
                assert_never(intent)

    def _carry_out(self, pending: Pending, view: TurnView) -> list[Step]:
        kind = pending.kind
        match kind:
            case CubeAction.DOUBLE:
                return self._double_now(view)
            case CubeAction.TAKE:
                return self._take_now()
            case CubeAction.PASS:
                return self._pass_now()
            case CubeAction.BEAVER:
                return self._beaver_now()
            case CheckerPlay.MOVE | CubeAction.NO_DOUBLE:
                return []  # the turn's decisions, not the cube's
            case _:
                assert_never(kind)

    # --- the computer before its roll ----------------------------------------------------------------

    def _ai_before_roll(self) -> list[Step]:
        """Ask the worker whether the computer resigns or doubles (a cheap look when it may not double)."""
        s, me = self.session, on_roll(self.session)
        depth = s.controller(me).depth if s.can_double(me) else 1
        return [GoTo(Phase.CUBE_THINKING), Ask(Search.CUBE, self.request(me, depth))]

    def _ai_cube(self, a: CubeAnswer, view: TurnView) -> list[Step]:
        s, me = self.session, on_roll(self.session)
        self.cube_answer = a
        if a.offer is not None and a.offer not in self.declined:
            self.resign_offer, self.resigner = a.offer, me
            pts = resign_points(a.offer, s.cube, money=s.is_money(), rules=s.config.rules())
            said = ComputerOffersResignation(a.offer, pts)
            return [GoTo(Phase.RESIGN_OFFERED), Message(said, stays=True), AskResign(a.offer, pts)]
        if a.double and s.can_double(me):
            s.double(me)
            return self._ask_take(view)
        return [ComputerRolls()]

    def _ask_take(self, view: TurnView) -> list[Step]:
        s, doubler = self.session, self._doubler()
        a = self.cube_answer
        advice = a if a is not None and view.options.cube_advice else None
        doubles, takes = side(s, doubler), side(s, 1 - doubler)
        beaver = self._beaver_allowed()  # the phase is TAKE_OR_PASS from here
        return [
            GoTo(Phase.TAKE_OR_PASS),
            Save(),
            Message(DoubleWaits(doubles, takes, s.cube.value * 2), stays=True),
            AskTake(s.cube.value * 2, advice, beaver, doubles, takes),
            CubeDue(doubler),
        ]

    # --- the human's answer -------------------------------------------------------------------------

    def _take_now(self) -> list[Step]:
        s, taker = self.session, 1 - self._doubler()
        s.answer(True)
        return [Message(Took(side(s, taker), s.cube.value)), Save(), *self._doubler_rolls()]

    def _doubler_rolls(self) -> list[Step]:
        """A double was taken: the doubler, still on roll, rolls (a person presses Roll)."""
        if self.session.is_human(self.session.turn):
            return [GoTo(Phase.AWAITING_ROLL)]
        return [ComputerRolls()]

    def _beaver_now(self) -> list[Step]:
        s, taker = self.session, 1 - self._doubler()
        s.answer(True)
        s.beaver(taker)
        return [Message(Took(side(s, taker), s.cube.value, beaver=True)), Save(), *self._doubler_rolls()]

    def _pass_now(self) -> list[Step]:
        s, doubler = self.session, self._doubler()
        s.answer(False)
        pts = s.points_now()
        return [Message(Passed(side(s, 1 - doubler), side(s, doubler), pts)), EnterTurn()]

    # --- the human doubles -----------------------------------------------------------------------------

    def _double_now(self, view: TurnView) -> list[Step]:
        s, me = self.session, on_roll(self.session)
        s.double(me)
        said: list[Step] = [
            Message(Doubled(side(s, me), s.cube.value * 2)),
            Save(),
        ]
        if s.is_human(1 - me):
            return said + self._ask_person_take(view)
        return said + self._ask_ai_take()

    def _ask_person_take(self, view: TurnView) -> list[Step]:
        """A person doubled a person: the take / pass advice weighed first (when it is on), then asked."""
        self.cube_answer = None
        if not view.options.cube_advice:
            return self._ask_take(view)
        s, doubler = self.session, self._doubler()
        computers = s.controller(doubler).control is Control.COMPUTER
        return [
            GoTo(Phase.TAKE_OR_PASS),
            Message(WeighingDouble(side(s, 1 - doubler), computers)),
            Ask(Search.TAKE_ADVICE, advice_request(s, doubler, view.options.tutor_depth)),
        ]

    def _ask_ai_take(self) -> list[Step]:
        doubler = self._doubler()
        depth = self.session.controller(1 - doubler).depth
        return [GoTo(Phase.DOUBLE_ANSWER), Ask(Search.TAKE, self.request(doubler, depth, role=1))]

    def _ai_answers(self, a: CubeAnswer) -> list[Step]:
        s = self.session
        self.cube_answer = a
        theirs = 1.0 - a.probs[0]
        if a.take:
            s.answer(True)
            said = ComputerTakes(theirs, s.cube.value)
            if a.beaver and s.is_money() and s.config.beavers and s.cube.value < MAX_CUBE:
                s.beaver(1 - self._doubler())
                said = ComputerTakes(theirs, s.cube.value, beaver=True)
            return [Message(said, stays=True), Save(), GoTo(Phase.AWAITING_ROLL)]
        s.answer(False)
        return [Message(ComputerPasses(theirs, s.points_now()), stays=True), EnterTurn()]

    # --- resignations ---------------------------------------------------------------------------------

    def _on_resign(self, intent: Resign, view: TurnView) -> list[Step]:
        if not self.can_resign(view):
            return []
        out: list[Step] = [Drop()] if view.search is Search.HINT else []
        s, me = self.session, on_roll(self.session)
        self.resign_offer, self.resigner = intent.offer, me
        out.append(Message(OffersResignation(side(s, me), intent.offer)))
        if s.is_human(1 - me):  # the other person answers
            pts = resign_points(intent.offer, s.cube, money=s.is_money(), rules=s.config.rules())
            return [
                *out,
                GoTo(Phase.RESIGN_OFFERED),
                AskResign(intent.offer, pts, side(s, me), side(s, 1 - me)),
            ]
        return [*out, GoTo(Phase.RESIGN_ANSWER), Ask(Search.RESIGN, self.request(me, 1, intent.offer, me))]

    def _ai_weighs(self, a: CubeAnswer) -> list[Step]:
        offer = self.resign_offer
        self.resign_offer = None
        if a.accepts and offer is not None:
            self.session.resign(on_roll(self.session), offer)
            said = Message(ComputerAccepts(self.session.points_now()), stays=True)
        else:
            said = Message(Note.COMPUTER_DECLINES_RESIGNATION, warn=True, stays=True)
        return [said, EnterTurn()]

    def _resigner(self) -> int:
        return self.resigner if self.resigner is not None else on_roll(self.session)

    def _on_accept_resign(self, view: TurnView) -> list[Step]:
        offer = self.resign_offer
        if view.phase is not Phase.RESIGN_OFFERED or offer is None:
            return []
        s, resigner = self.session, self._resigner()
        self.resign_offer = None
        s.resign(resigner, offer)
        pts = s.points_now()
        return [
            Message(Accepted(side(s, 1 - resigner), pts)),
            EnterTurn(),
        ]

    def _on_decline_resign(self, view: TurnView) -> list[Step]:
        offer = self.resign_offer
        if view.phase is not Phase.RESIGN_OFFERED or offer is None:
            return []
        s, resigner = self.session, self._resigner()
        self.resign_offer = None
        said = Message(Declined(side(s, 1 - resigner)))
        if s.is_human(resigner):
            return [said, EnterTurn()]  # the person who offered goes on with their turn
        self.declined.add(offer)
        return [said, ComputerRolls()]

    # --- the worker's answers ---------------------------------------------------------------------------

    def _weighed(self, intent: Weighed, view: TurnView) -> list[Step]:
        """The worker answered one of the computer's cube questions (or the advice on a double)."""
        match intent.kind:
            case Search.CUBE if view.phase is Phase.CUBE_THINKING:
                return self._ai_cube(intent.answer, view)
            case Search.TAKE if view.phase is Phase.DOUBLE_ANSWER:
                return self._ai_answers(intent.answer)
            case Search.RESIGN if view.phase is Phase.RESIGN_ANSWER:
                return self._ai_weighs(intent.answer)
            case Search.TAKE_ADVICE if view.phase is Phase.TAKE_OR_PASS:
                return self._advised(intent.answer, view)
            case _:
                return []  # an answer the phase no longer waits for

    def _failed(self, kind: Search | None, view: TurnView) -> list[Step]:
        """A cube search failed: the computer does not double, takes, and declines a resignation."""
        match kind:
            case Search.CUBE if view.phase is Phase.CUBE_THINKING:
                return [ComputerRolls()]
            case Search.TAKE if view.phase is Phase.DOUBLE_ANSWER:
                self.session.answer(True)
                return [
                    Message(Note.COMPUTER_TAKES_UNWEIGHED),
                    Save(),
                    GoTo(Phase.AWAITING_ROLL),
                ]
            case Search.RESIGN if view.phase is Phase.RESIGN_ANSWER:
                self.resign_offer = None
                return [
                    Message(Note.COMPUTER_DECLINES_UNWEIGHED, warn=True),
                    EnterTurn(),
                ]
            case Search.TAKE_ADVICE if view.phase is Phase.TAKE_OR_PASS:
                return self._ask_take(view)  # without the advice: the decision is still the player's
            case _:
                return []  # not a question the phase waits on

    def _resume_double(self, view: TurnView) -> list[Step]:
        """A saved game stopped while a double waited for its answer: ask again (a double put to a
        person: with the take / pass advice weighed again first, when the advice is on)."""
        if not self.session.is_human(1 - self._doubler()):
            return self._ask_ai_take()
        if self.cube_answer is None:
            return self._ask_person_take(view)
        return self._ask_take(view)

    def _advised(self, a: CubeAnswer, view: TurnView) -> list[Step]:
        """The take / pass advice weighed again after a resume: ask with it (the tutor may keep it too)."""
        self.cube_answer = a
        return [Advised(a), *self._ask_take(view)]
