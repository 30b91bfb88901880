"""The cube and resignation phases of the turn flow (no pygame): doubles, takes, passes, resignations.

:class:`CubeTurns` is mixed into :class:`game.ui.flow.turn_flow.TurnFlow`. Each side's
decisions are its controller's (:meth:`GameSession.controller`): a person's come from the
dialogs, the computer's from the worker (:class:`ai.worker.messages.CubeRequest`): before each
of its rolls it asks whether to resign or double; when a person doubles it asks whether to
take; when a person resigns it asks whether to accept. When two people play, a double or a
resignation is put to the other person.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, assert_never

from ai.engine_types import ACTION_WORDS, CubeAdvice, CubeContext, context_for
from ai.worker.messages import CubeAnswer, CubeRequest, Request
from game.rules.cube import MAX_CUBE, CubeAction, NoDouble, Resignation, double_refusal, resign_points
from game.rules.position import Position
from game.ui.flow.events import (
    AcceptResign,
    AskResign,
    AskTake,
    Beaver,
    CancelSearch,
    CubeDone,
    CubeIntent,
    DeclineResign,
    Double,
    Effect,
    FlowOptions,
    Pass,
    Phase,
    Resign,
    Save,
    Search,
    Take,
)
from game.ui.flow.words import does, is_you, who, wins
from game.ui.model.seats import Control
from game.ui.model.session import HUMAN, GameSession
from game.ui.model.tutor import Pending

AI_ROLL_DELAY = 0.45
"""Seconds before the computer rolls."""

ComputerCubeSearch = Literal[Search.CUBE, Search.TAKE, Search.RESIGN, Search.TAKE_ADVICE]
"""The cube searches whose answer the flow waits on: the computer's own cube and resignation
decisions, and the take / pass advice weighed before the dialog opens after a resume."""

RESIGN_WORDS = {
    Resignation.SINGLE: "a single game",
    Resignation.GAMMON: "a gammon",
    Resignation.BACKGAMMON: "a backgammon",
}
"""An offer in words."""


def take_advice(answer: CubeAnswer) -> str:
    """The hint for the human facing the computer's double (``answer`` is from the computer's side)."""
    mine = 1.0 - answer.probs[0]
    verdict = ACTION_WORDS[CubeAction.TAKE if answer.take_right() else CubeAction.PASS]
    return (
        f"{verdict}: you need {answer.take_point:.0%} to win, you have {mine:.0%}"
        f" (taking scores {-answer.dt:+.2f}, passing {-answer.dp:+.2f})"
    )


def cube_hint_text(answer: CubeAnswer, taker: str = "the computer") -> str:
    """The cube hint for the human on roll (``answer`` is from their side; ``taker``: the other side)."""
    advice = CubeAdvice.of(answer.double, answer.take)
    if advice.doubler is CubeAction.DOUBLE:
        verdict = f"{ACTION_WORDS[CubeAction.DOUBLE]}: {taker} should {advice.taker}"
    else:
        verdict = ACTION_WORDS[CubeAction.NO_DOUBLE]
    return (
        f"Cube hint: {verdict} (no double {answer.nd:+.3f}, double/take {answer.dt:+.3f},"
        f" double/pass {answer.dp:+.3f}; {answer.probs[0]:.0%} to win)."
    )


class FlowHost:
    """What the turn flow's parts call on :class:`game.ui.flow.turn_flow.TurnFlow`, which provides it."""

    def _emit(self, *effects: Effect) -> None:
        raise NotImplementedError

    def _say(self, text: str, warn: bool = False, stays: bool = False) -> None:
        raise NotImplementedError

    def _start_search(self, kind: Search, request: Request | CubeRequest) -> None:
        raise NotImplementedError

    def on_roll_is_human(self) -> bool:
        raise NotImplementedError


class CubeTurns(FlowHost):
    """Doubles, answers and resignations; the rest is :class:`~game.ui.flow.turn_flow.TurnFlow`'s."""

    session: GameSession
    options: FlowOptions
    phase: Phase
    search: Search | None
    animating: bool
    cube_answer: CubeAnswer | None
    """The computer's last cube answer (for the advice and the reason shown)."""
    resign_offer: Resignation | None
    """The resignation on the table (the human's, or the computer's offer)."""
    resigner: int | None
    """Who offered the resignation on the table."""
    declined: set[Resignation]
    """The computer's offers the human declined this game (not offered again)."""
    tutor_cube: CubeAnswer | None
    """The tutor's answer for the human's cube decision (the doubler's side)."""

    # provided by TurnFlow
    def _later(self, seconds: float, action: Callable[[], None]) -> None:
        raise NotImplementedError

    def _enter_turn(self) -> None:
        raise NotImplementedError

    def _roll(self) -> None:
        raise NotImplementedError

    def _timer_idle(self) -> bool:
        raise NotImplementedError

    def _check(self, pending: Pending) -> None:
        raise NotImplementedError

    def _tutor_watch_cube(self, doubler: int) -> None:
        raise NotImplementedError

    def _tutor_heard_cube(self, kind: Search | None, answer: CubeAnswer) -> bool:
        raise NotImplementedError

    def is_tutor_on(self) -> bool:
        raise NotImplementedError

    # --- facts -----------------------------------------------------------------------------------------

    def _on_roll(self) -> int:
        """The side on roll (player 0 before the opening roll)."""
        turn = self.session.turn
        return HUMAN if turn is None else turn

    def _doubler(self) -> int:
        """The side whose double waits (else the side on roll)."""
        offered = self.session.offered
        return self._on_roll() if offered is None else offered

    def can_double(self) -> bool:
        """True when the person on roll may double now (before rolling, the cube centred or theirs, not
        Crawford)."""
        return (
            self.phase is Phase.AWAITING_ROLL
            and self._timer_idle()
            and not self.animating
            and self.on_roll_is_human()
            and self.session.can_double(self._on_roll())
        )

    def why_no_double(self) -> str:
        """Why the human may not double now, in words (for a D pressed when :meth:`can_double` is False)."""
        s = self.session
        me = self._on_roll() if s.config.is_two_player() else HUMAN
        if s.outcome() is not None:
            return "The game is over: there is nothing to double."
        if s.offered is not None:
            return "A double is already waiting for its answer."
        if s.turn != me:
            return "You can double only on your own turn, before you roll."
        rolled = s.state.dice is not None
        match double_refusal(s.cube, me, crawford=s.match.is_crawford(), rolled=rolled):
            case NoDouble.ROLLED if not s.log:
                return "Not on the opening roll: you can double from your next turn, before you roll."
            case NoDouble.ROLLED:
                return "You have rolled: a double comes before the roll, on your next turn."
            case NoDouble.CRAWFORD:
                return "No doubling in the Crawford game (a player is one point from winning the match)."
            case NoDouble.NOT_OWNER if s.config.is_two_player():
                return f"{who(s, 1 - me)} owns the cube (on {s.cube.value}): only they can double next."
            case NoDouble.NOT_OWNER:
                return f"The computer owns the cube (on {s.cube.value}): only it can double next."
            case NoDouble.AT_MAX:
                return f"The cube is on {MAX_CUBE}, as high as it goes."
            case None:
                return "Not just now: you can double when the board is still and it is your turn to roll."
            case other:
                assert_never(other)

    def no_double_reason(self) -> str:
        """Why the person on roll may not double now, as the start of a sentence ("The computer owns
        the cube (on 2)"), for the hint that has no double to weigh."""
        s, me = self.session, self._on_roll()
        rolled = s.state.dice is not None
        match double_refusal(s.cube, me, crawford=s.match.is_crawford(), rolled=rolled):
            case NoDouble.NOT_OWNER:
                return f"{who(s, 1 - me)} owns the cube (on {s.cube.value})"
            case NoDouble.CRAWFORD:
                return "No doubling in the Crawford game"
            case NoDouble.AT_MAX:
                return f"The cube is on {MAX_CUBE}, as high as it goes"
            case NoDouble.ROLLED:
                return "The dice are rolled"
            case None:
                return "Not just now"
            case other:
                assert_never(other)

    def wants_cube_pause(self) -> bool:
        """True when "roll for me" waits for the human: a double is allowed and not dead."""
        return self.can_double() and not self.session.is_cube_dead(self._on_roll())

    def can_cube_hint(self) -> bool:
        """True when the human, about to roll with a double allowed, may ask whether to double."""
        return self.can_double() and self.search is None

    def can_resign(self) -> bool:
        """True when the human may offer to resign (on their turn)."""
        return (
            self.phase in (Phase.AWAITING_ROLL, Phase.MOVING)
            and not self.animating
            and self.session.outcome() is None
        )

    def can_beaver(self) -> bool:
        """True when the human, facing a double, may beaver."""
        s = self.session
        return (
            self.phase is Phase.TAKE_OR_PASS
            and s.is_money()
            and s.config.beavers
            and s.cube.value * 4 <= MAX_CUBE
        )

    def cube_context(self, me: int) -> CubeContext:
        """The cube and score seen by player ``me``."""
        s, m = self.session, self.session.match
        return context_for(
            s.cube,
            me,
            m.length,
            m.score,
            crawford=m.is_crawford(),
            post_crawford=m.is_post_crawford(),
            jacoby=s.config.jacoby,
        )

    def _request(
        self, me: int, depth: int, resign: Resignation | None = None, resigner: int = 0, role: int = 0
    ) -> CubeRequest:
        """The computer's cube question about ``me`` before its roll, at the level's noise: ``role``
        0 asks whether ``me`` doubles, 1 whether its opponent takes (autoplay's decision, in the worker)."""
        s = self.session
        cfg = s.config
        seed = (int(s.commitment[:8], 16) + 7919 * len(s.cube_log) + len(s.log)) & 0x7FFFFFFF
        pos: Position = s.state.position if s.turn == me else s.state.position.swapped()
        ctx = self.cube_context(me)
        return CubeRequest(pos, ctx, depth, cfg.noise, seed, resign, resigner, role=role)

    def advice_request(self, doubler: int, depth: int) -> CubeRequest:
        """The cube question of ``doubler`` before its roll, without the level's noise (advice)."""
        s = self.session
        pos: Position = s.state.position if s.turn == doubler else s.state.position.swapped()
        return CubeRequest(pos, self.cube_context(doubler), depth, settle=False)

    # --- the computer before its roll ----------------------------------------------------------------

    def _ai_before_roll(self) -> None:
        """Ask the worker whether the computer resigns or doubles (a cheap look when it may not double)."""
        s, me = self.session, self._on_roll()
        depth = s.controller(me).depth if s.can_double(me) else 1
        self.phase = Phase.CUBE_THINKING
        self._start_search(Search.CUBE, self._request(me, depth))

    def _ai_roll_later(self) -> None:
        self.phase = Phase.COMPUTER_MOVING
        self._later(AI_ROLL_DELAY, self._roll)

    def _ai_cube(self, a: CubeAnswer) -> None:
        s = self.session
        self.cube_answer = a
        if a.offer is not None and a.offer not in self.declined:
            self.resign_offer, self.resigner = a.offer, self._on_roll()
            self.phase = Phase.RESIGN_OFFERED
            pts = resign_points(a.offer, s.cube, money=s.is_money(), rules=s.config.rules())
            self._say(
                f"The computer offers to resign {RESIGN_WORDS[a.offer]} ({pts} point{'s' * (pts > 1)}).",
                stays=True,
            )
            self._emit(AskResign(a.offer, pts))
        elif a.double and s.can_double(self._on_roll()):
            s.double(self._on_roll())
            self._ask_take()
        else:
            self._ai_roll_later()

    def _ask_take(self) -> None:
        s, doubler = self.session, self._doubler()
        self.phase = Phase.TAKE_OR_PASS
        a = self.cube_answer
        advice = take_advice(a) if a is not None and self.options.cube_advice else ""
        self._emit(Save())
        asked = "" if is_you(s, 1 - doubler) else f"{who(s, 1 - doubler)}: "
        said = does(s, doubler, "double", "doubles")
        self._say(
            f"{said}: the cube to {s.cube.value * 2}. {asked + 'take' if asked else 'Take'} or pass?",
            stays=True,
        )
        self._emit(AskTake(s.cube.value * 2, advice, self.can_beaver(), who(s, doubler), who(s, 1 - doubler)))
        self._tutor_watch_cube(doubler)

    # --- the intents -----------------------------------------------------------------------------------

    def _on_cube_intent(self, intent: CubeIntent) -> None:
        match intent:
            case Double():
                self._on_double()
            case Take():
                self._on_take()
            case Pass():
                self._on_pass()
            case Beaver():
                self._on_beaver()
            case Resign():
                self._on_resign(intent)
            case AcceptResign():
                self._on_accept_resign()
            case DeclineResign():
                self._on_decline_resign()
            case CubeDone():
                self._on_cube_done(intent)
            case _:
                assert_never(intent)

    # --- the human's answer -------------------------------------------------------------------------

    def _on_take(self) -> None:
        if self.phase is Phase.TAKE_OR_PASS:
            self._check(Pending(CubeAction.TAKE))

    def _take_now(self) -> None:
        s, taker = self.session, 1 - self._doubler()
        s.answer(True)
        owns = "yours" if is_you(s, taker) else f"{who(s, taker)}'s"
        self._say(f"{does(s, taker, 'take', 'takes')}: the cube is on {s.cube.value}, {owns}.")
        self._emit(Save())
        self._doubler_rolls()

    def _doubler_rolls(self) -> None:
        """A double was taken: the doubler, still on roll, rolls (a person presses Roll)."""
        if self.on_roll_is_human():
            self.phase = Phase.AWAITING_ROLL
        else:
            self._ai_roll_later()

    def _on_beaver(self) -> None:
        if self.can_beaver():
            self._check(Pending(CubeAction.BEAVER))

    def _beaver_now(self) -> None:
        s, taker = self.session, 1 - self._doubler()
        s.answer(True)
        s.beaver(taker)
        owns = "yours" if is_you(s, taker) else f"{who(s, taker)}'s"
        self._say(f"{does(s, taker, 'beaver', 'beavers')}: the cube is on {s.cube.value}, still {owns}.")
        self._emit(Save())
        self._doubler_rolls()

    def _on_pass(self) -> None:
        if self.phase is Phase.TAKE_OR_PASS:
            self._check(Pending(CubeAction.PASS))

    def _pass_now(self) -> None:
        s, doubler = self.session, self._doubler()
        s.answer(False)
        pts = s.points_now()
        self._say(f"{does(s, 1 - doubler, 'pass', 'passes')}: {wins(s, doubler, pts)}.")
        self._enter_turn()

    # --- the human doubles -----------------------------------------------------------------------------

    def _on_double(self) -> None:
        if self.can_double():
            self._check(Pending(CubeAction.DOUBLE))

    def _double_now(self) -> None:
        s, me = self.session, self._on_roll()
        s.double(me)
        self._say(f"{does(s, me, 'double', 'doubles')}: the cube to {s.cube.value * 2}.")
        self._emit(Save())
        if s.is_human(1 - me):
            self._ask_person_take()
        else:
            self._ask_ai_take()

    def _ask_person_take(self) -> None:
        """A person doubled a person: the take / pass advice weighed first (when it is on), then asked."""
        self.cube_answer = None
        if self.options.cube_advice:
            self.phase = Phase.TAKE_OR_PASS
            s, doubler = self.session, self._doubler()
            what = (
                "the computer's double" if s.controller(doubler).control is Control.COMPUTER else "the double"
            )
            self._say(f"Weighing {what} for {who(s, 1 - doubler, mid=True)}...")
            self._start_search(
                Search.TAKE_ADVICE, self.advice_request(self._doubler(), self.options.tutor_depth)
            )
        else:
            self._ask_take()

    def _ask_cube_hint(self, depth: int) -> None:
        """Ask the worker the human's cube question at the hint depth (the phase stays as it is)."""
        self._say("Weighing the cube for you...")
        self._start_search(Search.CUBE_HINT, self.advice_request(self._on_roll(), depth))

    def _ask_ai_take(self) -> None:
        self.phase = Phase.DOUBLE_ANSWER
        doubler = self._doubler()
        depth = self.session.controller(1 - doubler).depth
        self._start_search(Search.TAKE, self._request(doubler, depth, role=1))

    def _ai_answers(self, a: CubeAnswer) -> None:
        s = self.session
        self.cube_answer = a
        theirs = 1.0 - a.probs[0]
        if a.take:
            s.answer(True)
            said = f"The computer takes: {theirs:.0%} to win."
            if a.beaver and s.is_money() and s.config.beavers and s.cube.value < MAX_CUBE:
                s.beaver(1 - self._doubler())
                said = f"The computer takes and beavers: {theirs:.0%} to win; the cube is on {s.cube.value}."
            self._say(said, stays=True)
            self._emit(Save())
            self.phase = Phase.AWAITING_ROLL
            return
        s.answer(False)
        pts = s.points_now()
        self._say(
            f"The computer passes: only {theirs:.0%} to win. You win {pts} point{'s' * (pts > 1)}.",
            stays=True,
        )
        self._enter_turn()

    # --- resignations ---------------------------------------------------------------------------------

    def _on_resign(self, intent: Resign) -> None:
        if not self.can_resign():
            return
        if self.search is Search.HINT:
            self.search = None
            self._emit(CancelSearch())
        s, me = self.session, self._on_roll()
        self.resign_offer, self.resigner = intent.offer, me
        self._say(f"{does(s, me, 'offer', 'offers')} to resign {RESIGN_WORDS[intent.offer]}.")
        if s.is_human(1 - me):  # the other person answers
            self.phase = Phase.RESIGN_OFFERED
            pts = resign_points(intent.offer, s.cube, money=s.is_money(), rules=s.config.rules())
            self._emit(AskResign(intent.offer, pts, who(s, me), who(s, 1 - me)))
            return
        self.phase = Phase.RESIGN_ANSWER
        self._start_search(Search.RESIGN, self._request(me, 1, intent.offer, me))

    def _ai_weighs(self, a: CubeAnswer) -> None:
        offer = self.resign_offer
        self.resign_offer = None
        if a.accepts and offer is not None:
            self.session.resign(self._on_roll(), offer)
            pts = self.session.points_now()
            self._say(f"The computer accepts: it wins {pts} point{'s' * (pts > 1)}.", stays=True)
        else:
            self._say("The computer declines: it expects to win more by playing on.", warn=True, stays=True)
        self._enter_turn()

    def _on_accept_resign(self) -> None:
        offer = self.resign_offer
        if self.phase is not Phase.RESIGN_OFFERED or offer is None:
            return
        s, resigner = self.session, self._resigner()
        self.resign_offer = None
        s.resign(resigner, offer)
        pts = s.points_now()
        self._say(f"{does(s, 1 - resigner, 'accept', 'accepts')}: {wins(s, 1 - resigner, pts)}.")
        self._enter_turn()

    def _resigner(self) -> int:
        return self.resigner if self.resigner is not None else self._on_roll()

    def _on_decline_resign(self) -> None:
        offer = self.resign_offer
        if self.phase is not Phase.RESIGN_OFFERED or offer is None:
            return
        s, resigner = self.session, self._resigner()
        self.resign_offer = None
        self._say(f"{does(s, 1 - resigner, 'decline', 'declines')}: play on.")
        if s.is_human(resigner):
            self._enter_turn()  # the person who offered goes on with their turn
            return
        self.declined.add(offer)
        self._ai_roll_later()

    # --- the worker's answers ---------------------------------------------------------------------------

    def _on_cube_done(self, intent: CubeDone) -> None:
        kind, self.search = self.search, None
        if self._tutor_heard_cube(kind, intent.answer):
            return
        match kind:
            case Search.CUBE:
                if self.phase is Phase.CUBE_THINKING:
                    self._ai_cube(intent.answer)
            case Search.TAKE:
                if self.phase is Phase.DOUBLE_ANSWER:
                    self._ai_answers(intent.answer)
            case Search.RESIGN:
                if self.phase is Phase.RESIGN_ANSWER:
                    self._ai_weighs(intent.answer)
            case Search.TAKE_ADVICE:
                if self.phase is Phase.TAKE_OR_PASS:
                    self._advised(intent.answer)
            case Search.MOVE | Search.HINT | Search.CUBE_HINT | Search.TUTOR | Search.TUTOR_CUBE | None:
                pass  # not a question of the computer's (the human's cube searches were dealt with above)
            case _:
                assert_never(kind)

    def _cube_failed(self, kind: ComputerCubeSearch) -> None:
        """A cube search failed: the computer does not double, takes, and declines a resignation."""
        match kind:
            case Search.CUBE:
                if self.phase is Phase.CUBE_THINKING:
                    self._ai_roll_later()
            case Search.TAKE:
                if self.phase is Phase.DOUBLE_ANSWER:
                    self.session.answer(True)
                    self._say("The computer takes (it could not weigh the double).")
                    self._emit(Save())
                    self.phase = Phase.AWAITING_ROLL
            case Search.RESIGN:
                if self.phase is Phase.RESIGN_ANSWER:
                    self.resign_offer = None
                    self._say("The computer declines (it could not weigh the offer).", warn=True)
                    self._enter_turn()
            case Search.TAKE_ADVICE:
                if self.phase is Phase.TAKE_OR_PASS:
                    self._ask_take()  # without the advice: the decision is still the player's
            case _:
                assert_never(kind)

    def _resume_double(self) -> None:
        """A saved game stopped while a double waited for its answer: ask again (a double put to a
        person: with the take / pass advice weighed again first, when the advice is on)."""
        if not self.session.is_human(1 - self._doubler()):
            self._ask_ai_take()
        elif self.cube_answer is None:
            self._ask_person_take()
        else:
            self._ask_take()

    def _advised(self, a: CubeAnswer) -> None:
        """The take / pass advice weighed again after a resume: ask with it (the tutor keeps it too)."""
        self.cube_answer = a
        if self.is_tutor_on():
            self.tutor_cube = a
        self._ask_take()
