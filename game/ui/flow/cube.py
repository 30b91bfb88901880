"""The cube and resignation phases of the turn flow (no pygame): doubles, takes, passes, resignations.

:class:`CubeTurns` is mixed into :class:`game.ui.flow.turn_flow.TurnFlow`. The computer's
decisions come from the worker (:class:`ai.worker.messages.CubeRequest`): before each of its
rolls it asks whether to resign or double; when the human doubles it asks whether to
take; when the human resigns it asks whether to accept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, assert_never

from ai.cube.advice import ACTION_WORDS, CubeAdvice
from ai.cube.model import CubeContext, context_for
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
from game.ui.model.session import AI, HUMAN, GameSession
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


def cube_hint_text(answer: CubeAnswer) -> str:
    """The cube hint for the human on roll (``answer`` is from the human's side)."""
    advice = CubeAdvice.of(answer.double, answer.take)
    if advice.doubler is CubeAction.DOUBLE:
        verdict = f"{ACTION_WORDS[CubeAction.DOUBLE]}: the computer should {advice.taker}"
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

    def _say(self, text: str, warn: bool = False) -> None:
        raise NotImplementedError

    def _start_search(self, kind: Search, request: Request | CubeRequest) -> None:
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

    def can_double(self) -> bool:
        """True when the human may double now (before rolling, the cube centred or theirs, not Crawford)."""
        return (
            self.phase is Phase.AWAITING_ROLL
            and self._timer_idle()
            and not self.animating
            and self.session.can_double(HUMAN)
        )

    def why_no_double(self) -> str:
        """Why the human may not double now, in words (for a D pressed when :meth:`can_double` is False)."""
        s = self.session
        if s.outcome() is not None:
            return "The game is over: there is nothing to double."
        if s.offered is not None:
            return "A double is already waiting for its answer."
        if s.turn != HUMAN:
            return "You can double only on your own turn, before you roll."
        rolled = s.state.dice is not None
        match double_refusal(s.cube, HUMAN, crawford=s.match.is_crawford(), rolled=rolled):
            case NoDouble.ROLLED if not s.log:
                return "Not on the opening roll: you can double from your next turn, before you roll."
            case NoDouble.ROLLED:
                return "You have rolled: a double comes before the roll, on your next turn."
            case NoDouble.CRAWFORD:
                return "No doubling in the Crawford game (a player is one point from winning the match)."
            case NoDouble.NOT_OWNER:
                return f"The computer owns the cube (on {s.cube.value}): only it can double next."
            case NoDouble.AT_MAX:
                return f"The cube is on {MAX_CUBE}, as high as it goes."
            case None:
                return "Not just now: you can double when the board is still and it is your turn to roll."
            case other:
                assert_never(other)

    def wants_cube_pause(self) -> bool:
        """True when "roll for me" waits for the human: a double is allowed and not dead."""
        return self.can_double() and not self.session.is_cube_dead(HUMAN)

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
        self, me: int, depth: int, resign: Resignation | None = None, resigner: int = 0
    ) -> CubeRequest:
        s = self.session
        cfg = s.config
        seed = (int(s.commitment[:8], 16) + 7919 * len(s.cube_log) + len(s.log)) & 0x7FFFFFFF
        pos: Position = s.state.position if s.turn == me else s.state.position.swapped()
        return CubeRequest(pos, self.cube_context(me), depth, cfg.noise, seed, resign, resigner)

    def advice_request(self, doubler: int, depth: int) -> CubeRequest:
        """The cube question of ``doubler`` before its roll, without the level's noise (advice)."""
        s = self.session
        pos: Position = s.state.position if s.turn == doubler else s.state.position.swapped()
        return CubeRequest(pos, self.cube_context(doubler), depth)

    # --- the computer before its roll ----------------------------------------------------------------

    def _ai_before_roll(self) -> None:
        """Ask the worker whether the computer resigns or doubles (a cheap look when it may not double)."""
        s = self.session
        depth = s.config.depth if s.can_double(AI) else 1
        self.phase = Phase.CUBE_THINKING
        self._start_search(Search.CUBE, self._request(AI, depth))

    def _ai_roll_later(self) -> None:
        self.phase = Phase.COMPUTER_MOVING
        self._later(AI_ROLL_DELAY, self._roll)

    def _ai_cube(self, a: CubeAnswer) -> None:
        s = self.session
        self.cube_answer = a
        if a.offer is not None and a.offer not in self.declined:
            self.resign_offer = a.offer
            self.phase = Phase.RESIGN_OFFERED
            pts = resign_points(a.offer, s.cube, money=s.is_money(), rules=s.config.rules())
            self._say(
                f"The computer offers to resign {RESIGN_WORDS[a.offer]} ({pts} point{'s' * (pts > 1)})."
            )
            self._emit(AskResign(a.offer, pts))
        elif a.double and s.can_double(AI):
            s.double(AI)
            self._ask_take()
        else:
            self._ai_roll_later()

    def _ask_take(self) -> None:
        s = self.session
        self.phase = Phase.TAKE_OR_PASS
        a = self.cube_answer
        advice = take_advice(a) if a is not None and self.options.cube_advice else ""
        self._emit(Save())
        self._say(f"The computer doubles: the cube to {s.cube.value * 2}. Take or pass?")
        self._emit(AskTake(s.cube.value * 2, advice, self.can_beaver()))
        self._tutor_watch_cube(AI)

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
        self.session.answer(True)
        self._say(f"You take: the cube is on {self.session.cube.value}, yours.")
        self._emit(Save())
        self._ai_roll_later()

    def _on_beaver(self) -> None:
        if self.can_beaver():
            self._check(Pending(CubeAction.BEAVER))

    def _beaver_now(self) -> None:
        s = self.session
        s.answer(True)
        s.beaver(HUMAN)
        self._say(f"You beaver: the cube is on {s.cube.value}, still yours.")
        self._emit(Save())
        self._ai_roll_later()

    def _on_pass(self) -> None:
        if self.phase is Phase.TAKE_OR_PASS:
            self._check(Pending(CubeAction.PASS))

    def _pass_now(self) -> None:
        s = self.session
        s.answer(False)
        pts = s.points_now()
        self._say(f"You pass: the computer wins {pts} point{'s' * (pts > 1)}.")
        self._enter_turn()

    # --- the human doubles -----------------------------------------------------------------------------

    def _on_double(self) -> None:
        if self.can_double():
            self._check(Pending(CubeAction.DOUBLE))

    def _double_now(self) -> None:
        s = self.session
        s.double(HUMAN)
        self._say(f"You double: the cube to {s.cube.value * 2}.")
        self._emit(Save())
        self._ask_ai_take()

    def _ask_cube_hint(self, depth: int) -> None:
        """Ask the worker the human's cube question at the hint depth (the phase stays as it is)."""
        self._say("Weighing the cube for you...")
        self._start_search(Search.CUBE_HINT, self.advice_request(HUMAN, depth))

    def _ask_ai_take(self) -> None:
        self.phase = Phase.DOUBLE_ANSWER
        self._start_search(Search.TAKE, self._request(HUMAN, self.session.config.depth))

    def _ai_answers(self, a: CubeAnswer) -> None:
        s = self.session
        self.cube_answer = a
        theirs = 1.0 - a.probs[0]
        if a.take:
            s.answer(True)
            said = f"The computer takes: {theirs:.0%} to win."
            if a.beaver and s.is_money() and s.config.beavers and s.cube.value < MAX_CUBE:
                s.beaver(AI)
                said = f"The computer takes and beavers: {theirs:.0%} to win; the cube is on {s.cube.value}."
            self._say(said)
            self._emit(Save())
            self.phase = Phase.AWAITING_ROLL
            return
        s.answer(False)
        pts = s.points_now()
        self._say(f"The computer passes: only {theirs:.0%} to win. You win {pts} point{'s' * (pts > 1)}.")
        self._enter_turn()

    # --- resignations ---------------------------------------------------------------------------------

    def _on_resign(self, intent: Resign) -> None:
        if not self.can_resign():
            return
        if self.search is Search.HINT:
            self.search = None
            self._emit(CancelSearch())
        self.resign_offer = intent.offer
        self.phase = Phase.RESIGN_ANSWER
        self._say(f"You offer to resign {RESIGN_WORDS[intent.offer]}.")
        self._start_search(Search.RESIGN, self._request(HUMAN, 1, intent.offer, 0))

    def _ai_weighs(self, a: CubeAnswer) -> None:
        offer = self.resign_offer
        self.resign_offer = None
        if a.accepts and offer is not None:
            self.session.resign(HUMAN, offer)
            pts = self.session.points_now()
            self._say(f"The computer accepts: it wins {pts} point{'s' * (pts > 1)}.")
        else:
            self._say("The computer declines: it expects to win more by playing on.", warn=True)
        self._enter_turn()

    def _on_accept_resign(self) -> None:
        offer = self.resign_offer
        if self.phase is not Phase.RESIGN_OFFERED or offer is None:
            return
        self.resign_offer = None
        self.session.resign(AI, offer)
        pts = self.session.points_now()
        self._say(f"You accept: you win {pts} point{'s' * (pts > 1)}.")
        self._enter_turn()

    def _on_decline_resign(self) -> None:
        offer = self.resign_offer
        if self.phase is not Phase.RESIGN_OFFERED or offer is None:
            return
        self.resign_offer = None
        self.declined.add(offer)
        self._say("You decline: play on.")
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
        """A saved game stopped while a double waited for its answer: ask again (the computer's
        double: with the take / pass advice weighed again first, when the advice is on)."""
        if self.session.offered != AI:
            self._ask_ai_take()
        elif self.options.cube_advice and self.cube_answer is None:
            self.phase = Phase.TAKE_OR_PASS
            self._say("Weighing the computer's double for you...")
            self._start_search(Search.TAKE_ADVICE, self.advice_request(AI, self.options.tutor_depth))
        else:
            self._ask_take()

    def _advised(self, a: CubeAnswer) -> None:
        """The take / pass advice weighed again after a resume: ask with it (the tutor keeps it too)."""
        self.cube_answer = a
        if self.is_tutor_on():
            self.tutor_cube = a
        self._ask_take()
