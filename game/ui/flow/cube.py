"""The cube and resignation phases of the turn flow (no pygame): doubles, takes, passes, resignations.

:class:`CubeTurns` is mixed into :class:`game.ui.flow.turn_flow.TurnFlow`. The computer's
decisions come from the worker (:class:`ai.worker.messages.CubeRequest`): before each of its
rolls it asks whether to resign or double; when the human doubles it asks whether to
take; when the human resigns it asks whether to accept.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.cube.advice import ACTION_WORDS, CubeAdvice
from ai.cube.model import CubeContext, context_for
from ai.worker.messages import CubeAnswer, CubeRequest, Request
from game.rules.cube import MAX_CUBE, CubeAction, Resignation, resign_points
from game.rules.position import Position
from game.ui.flow.events import (
    AcceptResign,
    AskResign,
    AskTake,
    Beaver,
    CancelSearch,
    CubeDone,
    DeclineResign,
    Double,
    Effect,
    FlowOptions,
    Pass,
    Phase,
    Resign,
    Save,
    Take,
)
from game.ui.model.session import AI, HUMAN, GameSession
from game.ui.model.tutor import Pending

AI_ROLL_DELAY = 0.45
"""Seconds before the computer rolls."""

CUBE_SEARCHES = ("cube", "take", "resign", "cube hint")
"""The worker searches this module starts."""

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

    def _start_search(self, kind: str, request: Request | CubeRequest) -> None:
        raise NotImplementedError


class CubeTurns(FlowHost):
    """Doubles, answers and resignations; the rest is :class:`~game.ui.flow.turn_flow.TurnFlow`'s."""

    session: GameSession
    options: FlowOptions
    phase: Phase
    search: str | None
    animating: bool
    cube_answer: CubeAnswer | None
    """The computer's last cube answer (for the advice and the reason shown)."""
    resign_offer: Resignation | None
    """The resignation on the table (the human's, or the computer's offer)."""
    declined: set[Resignation]
    """The computer's offers the human declined this game (not offered again)."""

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

    def _tutor_heard_cube(self, kind: str | None, answer: CubeAnswer) -> bool:
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
        self._start_search("cube", self._request(AI, depth))

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

    # --- the human's answer -------------------------------------------------------------------------

    def _on_Take(self, intent: Take) -> None:
        if self.phase is Phase.TAKE_OR_PASS:
            self._check(Pending("take"))

    def _take_now(self, pending: Pending) -> None:
        self.session.answer(True)
        self._say(f"You take: the cube is on {self.session.cube.value}, yours.")
        self._emit(Save())
        self._ai_roll_later()

    def _on_Beaver(self, intent: Beaver) -> None:
        if self.can_beaver():
            self._check(Pending("beaver"))

    def _beaver_now(self, pending: Pending) -> None:
        s = self.session
        s.answer(True)
        s.beaver(HUMAN)
        self._say(f"You beaver: the cube is on {s.cube.value}, still yours.")
        self._emit(Save())
        self._ai_roll_later()

    def _on_Pass(self, intent: Pass) -> None:
        if self.phase is Phase.TAKE_OR_PASS:
            self._check(Pending("pass"))

    def _pass_now(self, pending: Pending) -> None:
        s = self.session
        s.answer(False)
        pts = s.points_now()
        self._say(f"You pass: the computer wins {pts} point{'s' * (pts > 1)}.")
        self._enter_turn()

    # --- the human doubles -----------------------------------------------------------------------------

    def _on_Double(self, intent: Double) -> None:
        if self.can_double():
            self._check(Pending("double"))

    def _double_now(self, pending: Pending) -> None:
        s = self.session
        s.double(HUMAN)
        self._say(f"You double: the cube to {s.cube.value * 2}.")
        self._emit(Save())
        self._ask_ai_take()

    def _ask_cube_hint(self, depth: int) -> None:
        """Ask the worker the human's cube question at the hint depth (the phase stays as it is)."""
        self._say("Weighing the cube for you...")
        self._start_search("cube hint", self.advice_request(HUMAN, depth))

    def _ask_ai_take(self) -> None:
        self.phase = Phase.DOUBLE_ANSWER
        self._start_search("take", self._request(HUMAN, self.session.config.depth))

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

    def _on_Resign(self, intent: Resign) -> None:
        if not self.can_resign():
            return
        if self.search == "hint":
            self.search = None
            self._emit(CancelSearch())
        self.resign_offer = intent.offer
        self.phase = Phase.RESIGN_ANSWER
        self._say(f"You offer to resign {RESIGN_WORDS[intent.offer]}.")
        self._start_search("resign", self._request(HUMAN, 1, intent.offer, 0))

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

    def _on_AcceptResign(self, intent: AcceptResign) -> None:
        offer = self.resign_offer
        if self.phase is not Phase.RESIGN_OFFERED or offer is None:
            return
        self.resign_offer = None
        self.session.resign(AI, offer)
        pts = self.session.points_now()
        self._say(f"You accept: you win {pts} point{'s' * (pts > 1)}.")
        self._enter_turn()

    def _on_DeclineResign(self, intent: DeclineResign) -> None:
        offer = self.resign_offer
        if self.phase is not Phase.RESIGN_OFFERED or offer is None:
            return
        self.resign_offer = None
        self.declined.add(offer)
        self._say("You decline: play on.")
        self._ai_roll_later()

    # --- the worker's answers ---------------------------------------------------------------------------

    def _on_CubeDone(self, intent: CubeDone) -> None:
        kind, self.search = self.search, None
        if self._tutor_heard_cube(kind, intent.answer):
            return
        wanted = {
            "cube": Phase.CUBE_THINKING,
            "take": Phase.DOUBLE_ANSWER,
            "resign": Phase.RESIGN_ANSWER,
        }
        if kind not in wanted or self.phase is not wanted[kind]:
            return
        {"cube": self._ai_cube, "take": self._ai_answers, "resign": self._ai_weighs}[kind](intent.answer)

    def _cube_failed(self, kind: str) -> None:
        """A cube search failed: the computer does not double, takes, and declines a resignation."""
        if kind == "cube" and self.phase is Phase.CUBE_THINKING:
            self._ai_roll_later()
        elif kind == "take" and self.phase is Phase.DOUBLE_ANSWER:
            self.session.answer(True)
            self._say("The computer takes (it could not weigh the double).")
            self._emit(Save())
            self.phase = Phase.AWAITING_ROLL
        elif kind == "resign" and self.phase is Phase.RESIGN_ANSWER:
            self.resign_offer = None
            self._say("The computer declines (it could not weigh the offer).", warn=True)
            self._enter_turn()

    def _resume_double(self) -> None:
        """A saved game stopped while a double waited for its answer: ask again."""
        if self.session.offered == AI:
            self._ask_take()
        else:
            self._ask_ai_take()
