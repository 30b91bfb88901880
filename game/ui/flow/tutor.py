"""The human's advice in the turn flow (no pygame): hints, the last move again, tutor mode's check.

:class:`AdviceTurns` is mixed into :class:`game.ui.flow.turn_flow.TurnFlow`. With the tutor on,
the check of a decision is searched as soon as the decision is known: the roll's
moves ranked at the hint depth when the dice are rolled (``Search.TUTOR``), the cube
at the hint depth when a double is possible or offered (``Search.TUTOR_CUBE``). A hint
asked for meanwhile takes over that search (the same request answers both), so the
two never compete for the worker. When the human commits, the decision is held
(:class:`game.ui.model.tutor.Pending`): judged at once if the answer is in, else in the
``TUTOR_CHECKING`` phase until it comes (or the human skips); an error of at least the
chosen size opens ``TUTOR_WARNING`` with "Take back" and "Play it". The computer
never searches during the human's decisions, and every held decision is settled
before its turn starts, so a tutor search never stands in the way of its searches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

from ai.engine_types import CubeContext
from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove, Request
from game.rules.cube import CubeAction
from game.rules.move import Move
from game.rules.position import Position, swap
from game.ui.flow.cube import FlowHost, cube_hint_text
from game.ui.flow.events import (
    AdviceIntent,
    AskHint,
    CancelSearch,
    FlowOptions,
    Phase,
    Save,
    Search,
    ShowLast,
    SkipTutor,
    Sound,
    TutorPlayIt,
    TutorTakeBack,
    TutorWarn,
    UseHint,
)
from game.ui.flow.words import who, whose
from game.ui.model.session import HUMAN, GameSession, TurnRecord
from game.ui.model.turn import PlayedStep, TurnBuilder, unplay
from game.ui.model.tutor import Checked, CheckerPlay, Pending, Verdict, is_checked, verdict_for

HINT_COUNT = 3
"""Moves a hint lists."""

TUTOR_SEARCHES = frozenset({Search.TUTOR, Search.TUTOR_CUBE})
"""The worker searches the tutor starts on its own."""

MOVE_ANSWERS = frozenset({Search.TUTOR, Search.HINT})
"""Searches whose ranked moves the tutor can judge a checker play by."""

CUBE_ANSWERS = frozenset({Search.TUTOR_CUBE, Search.CUBE_HINT})
"""Searches whose cube answer the tutor can judge a cube action by."""


def decided_in(kind: Checked) -> Phase:
    """The phase a held decision was made in (where "Take back" returns to)."""
    match kind:
        case CheckerPlay.MOVE:
            return Phase.MOVING
        case CubeAction.DOUBLE | CubeAction.NO_DOUBLE:
            return Phase.AWAITING_ROLL
        case CubeAction.TAKE | CubeAction.PASS | CubeAction.BEAVER:
            return Phase.TAKE_OR_PASS
        case _:
            assert_never(kind)


class AdviceTurns(FlowHost):
    """Hints, the last move again, the tutor; the rest is :class:`~game.ui.flow.turn_flow.TurnFlow`'s."""

    session: GameSession
    options: FlowOptions
    phase: Phase
    search: Search | None
    builder: TurnBuilder | None
    groups: list[int]
    hints: list[RankedMove]
    hint_depth: int
    tutor_moves: tuple[RankedMove, ...] | None
    """The roll's moves ranked for the tutor (None: not known yet)."""
    tutor_cube: CubeAnswer | None
    """The cube answer for the human's cube decision, from the doubler's side (None: not known)."""
    pending: Pending | None
    """The decision held for the tutor (TUTOR_CHECKING, TUTOR_WARNING)."""
    verdict: Verdict | None
    """The tutor's warning on show (TUTOR_WARNING)."""
    arrows: list[tuple[int, int, bool]]
    animating: bool
    _shown_last: tuple[int, int]

    if TYPE_CHECKING:  # provided by TurnFlow and CubeTurns

        def _sync_partial(self) -> None:
            raise NotImplementedError

        def _animate(self, mover: int, start: int, steps: list[PlayedStep], then: Callable[[], None]) -> None:
            raise NotImplementedError

        def is_human_moving(self) -> bool:
            raise NotImplementedError

        def can_cube_hint(self) -> bool:
            raise NotImplementedError

        def can_double(self) -> bool:
            raise NotImplementedError

        def no_double_reason(self) -> str:
            raise NotImplementedError

        def cube_context(self, me: int) -> CubeContext:
            raise NotImplementedError

        def _ask_cube_hint(self, depth: int) -> None:
            raise NotImplementedError

        def advice_request(self, doubler: int, depth: int) -> CubeRequest:
            raise NotImplementedError

        def _carry_out(self, pending: Pending) -> None:
            raise NotImplementedError

        def _ask_take(self) -> None:
            raise NotImplementedError

    # --- facts -------------------------------------------------------------------------------------

    def _mover(self) -> int:
        """The side on roll (player 0 before the opening roll): the one hints and the tutor are for."""
        turn = self.session.turn
        return HUMAN if turn is None else turn

    def _hint_words(self, answer: CubeAnswer) -> str:
        """The cube hint for the side on roll, naming the other side."""
        return cube_hint_text(answer, who(self.session, 1 - self._mover(), mid=True))

    def is_tutor_on(self) -> bool:
        """True when the tutor checks the human's decisions."""
        return self.options.tutor is not None

    def can_hint(self) -> bool:
        """True when a hint can be asked for (a tutor search running is taken over)."""
        b = self.builder
        return (
            self.is_human_moving()
            and self.search in (None, Search.TUTOR)
            and b is not None
            and not b.is_pass()
        )

    def hint_ready(self) -> bool:
        """True when H asks for a hint now: the moves after the roll, or the cube before it (a
        tutor search running for the same question is taken over)."""
        tutor_cube = self.phase is Phase.AWAITING_ROLL and self.search is Search.TUTOR_CUBE
        return self.can_hint() or self.can_cube_hint() or tutor_cube

    def why_no_hint(self) -> str:
        """Why H gives no hint now, in words (for an H pressed when :meth:`hint_ready` is False)."""
        s, b = self.session, self.builder
        if s.outcome() is not None:
            return "The game is over: there is nothing to hint."
        if self.phase is Phase.AWAITING_ROLL and self.on_roll_is_human():
            if self.search is Search.CUBE_HINT:
                return "The cube is being weighed: its hint comes when the search ends."
            if not self.can_double():
                return f"{self.no_double_reason()}: no double to weigh. Roll, then H hints your move."
        if self.phase is Phase.MOVING and b is not None and b.is_pass():
            return "No legal move: nothing to hint."
        if self.search is Search.HINT:
            return "The hint is on its way: the best moves show in the panel when the search ends."
        return "Hints are for your own turn: before you roll (the cube), or after (your move)."

    def is_tutor_checking(self) -> bool:
        """True while a committed decision waits for the tutor's search."""
        return self.phase is Phase.TUTOR_CHECKING

    # --- the intents -----------------------------------------------------------------------------------

    def _on_advice_intent(self, intent: AdviceIntent) -> None:
        match intent:
            case AskHint():
                self._on_ask_hint(intent)
            case UseHint():
                self._on_use_hint(intent)
            case ShowLast():
                self._on_show_last()
            case SkipTutor():
                self._on_skip_tutor()
            case TutorTakeBack():
                self._on_tutor_take_back()
            case TutorPlayIt():
                self._on_tutor_play_it()
            case _:
                assert_never(intent)

    # --- starting the tutor's searches -------------------------------------------------------------------

    def _tutor_forget(self) -> None:
        """A new turn: what the tutor knew was about the last one."""
        self.tutor_moves = None
        self.tutor_cube = None
        self.pending = None
        self.verdict = None

    def _tutor_watch_moves(self) -> None:
        """The human has rolled: rank the roll's moves for the tutor (not a forced move or a pass)."""
        b = self.builder
        if not self.is_tutor_on() or b is None or not is_checked(b.moves) or self.tutor_moves is not None:
            return
        ctx = self.cube_context(self._mover())
        self._start_search(
            Search.TUTOR, Request("hint", b.position, b.dice, self.options.tutor_depth, context=ctx)
        )

    def _tutor_watch_cube(self, doubler: int) -> None:
        """A cube decision of the human's is due (``doubler`` doubles or may): weigh it for the tutor."""
        if not self.is_tutor_on() or self.tutor_cube is not None or self.search in CUBE_ANSWERS:
            return
        self._start_search(Search.TUTOR_CUBE, self.advice_request(doubler, self.options.tutor_depth))

    # --- holding a decision ------------------------------------------------------------------------------

    def _check(self, pending: Pending) -> None:
        """Carry out the human's decision, or hold it until the tutor has judged it."""
        is_move = pending.kind is CheckerPlay.MOVE
        if not self.is_tutor_on() or (is_move and not self._is_checked_move()):
            self._carry_out(pending)
            return
        known = self.tutor_moves if is_move else self.tutor_cube
        running = self.search in (MOVE_ANSWERS if is_move else CUBE_ANSWERS)
        if known is None and not running:
            if not is_move:  # not asked when it was due (a dead cube, the tutor just turned on)
                self._carry_out(pending)
                return
            self._tutor_watch_moves()  # the tutor was just turned on, or its search failed
        self.pending = pending
        if known is not None:
            self._judge()
            return
        self.phase = Phase.TUTOR_CHECKING
        self._say("Tutor is checking… (Esc skips the check)")

    def _is_checked_move(self) -> bool:
        b = self.builder
        return b is not None and is_checked(b.moves) and b.move() is not None

    def _judge(self) -> None:
        pending, least = self.pending, self.options.tutor
        assert pending is not None
        taker = who(self.session, 1 - self._mover(), mid=True)
        verdict = (
            None if least is None else verdict_for(pending, self.tutor_moves, self.tutor_cube, least, taker)
        )
        if verdict is None:
            self._release()
            return
        self.verdict = verdict
        self.phase = Phase.TUTOR_WARNING
        self._emit(TutorWarn(verdict, pending.kind))

    def _release(self) -> None:
        """Carry out the held decision (from the phase it was made in)."""
        pending = self.pending
        if pending is None:
            return
        self.pending = None
        self.verdict = None
        self.phase = decided_in(pending.kind)
        self._carry_out(pending)

    # --- what the worker and the human answer -------------------------------------------------------------

    def _tutor_heard_moves(self, kind: Search | None, moves: tuple[RankedMove, ...]) -> None:
        """Ranked moves came in (a tutor or hint search): keep them; judge a held move."""
        if kind not in MOVE_ANSWERS or self.builder is None:
            return
        if kind is Search.TUTOR or self.is_tutor_on():
            self.tutor_moves = moves
        if self.phase is Phase.TUTOR_CHECKING and self.pending is not None:
            self._judge()

    def _tutor_heard_cube(self, kind: Search | None, answer: CubeAnswer) -> bool:
        """A cube answer came in: keep it for the tutor, say the hint; True when it is dealt with."""
        if kind not in CUBE_ANSWERS:
            return False
        self.tutor_cube = answer
        if kind is Search.CUBE_HINT and self.phase in (Phase.AWAITING_ROLL, Phase.TUTOR_CHECKING):
            self._say(self._hint_words(answer), stays=True)
        if self.phase is Phase.TUTOR_CHECKING and self.pending is not None:
            self._judge()
        return True

    def _tutor_failed(self, kind: Search | None, message: str) -> bool:
        """A search failed: when the tutor waited on it, go on unchecked; True when it is dealt with."""
        if self.phase is Phase.TUTOR_CHECKING:
            self._say(f"The tutor could not check this ({message}).", warn=True)
            self._release()
            return True
        return kind in TUTOR_SEARCHES  # quietly: a check that nobody waits for

    def _on_skip_tutor(self) -> None:
        if self.phase is not Phase.TUTOR_CHECKING:
            return
        if self.search is not None:
            self.search = None
            self._emit(CancelSearch())
        self._say("Tutor check skipped.")
        self._release()

    def _on_tutor_play_it(self) -> None:
        if self.phase is Phase.TUTOR_WARNING:
            self._release()

    def _on_tutor_take_back(self) -> None:
        pending = self.pending
        if self.phase is not Phase.TUTOR_WARNING or pending is None:
            return
        self.pending = None
        self.verdict = None
        self.phase = decided_in(pending.kind)
        b = self.builder
        if pending.kind is CheckerPlay.MOVE and b is not None:
            b.undo_all()
            self.groups = []
            self._sync_partial()
            self._emit(Save())
            self._say("Taken back: the dice are as they were. Play again.")
        elif self.phase is Phase.TAKE_OR_PASS:
            self._ask_take()
        else:
            self._say("Taken back: decide again.")

    # --- hints -------------------------------------------------------------------------------------------

    def _on_ask_hint(self, intent: AskHint) -> None:
        if self.can_cube_hint() or (self.phase is Phase.AWAITING_ROLL and self.search is Search.TUTOR_CUBE):
            self._cube_hint(intent.depth)
            return
        b = self.builder
        if not self.can_hint() or b is None:
            if b is not None and b.is_pass():
                self._say("No legal move: nothing to hint.")
            return
        self.hints = []
        if self.tutor_moves is not None and self.options.tutor_depth == intent.depth:
            self.hint_depth = intent.depth
            self.hints = list(self.tutor_moves[:HINT_COUNT])
            return
        self.hint_depth = intent.depth
        if self.search is Search.TUTOR and self.options.tutor_depth == intent.depth:
            self.search = Search.HINT  # the tutor's search answers the hint too
            return
        top = None if self.is_tutor_on() else HINT_COUNT
        ctx = self.cube_context(self._mover())
        self._start_search(
            Search.HINT, Request("hint", b.position, b.dice, intent.depth, top=top, context=ctx)
        )

    def _cube_hint(self, depth: int) -> None:
        if self.tutor_cube is not None and self.options.tutor_depth == depth:
            self._say(self._hint_words(self.tutor_cube), stays=True)
        elif self.search is Search.TUTOR_CUBE:
            self.search = Search.CUBE_HINT
            self._say("Weighing the cube for you...")
        else:
            self._ask_cube_hint(depth)

    def _on_use_hint(self, intent: UseHint) -> None:
        b = self.builder
        if not self.is_human_moving() or b is None or not 0 <= intent.index < len(self.hints):
            return
        ranked = self.hints[intent.index]
        b.play_move(ranked.move)
        self.groups = [len(b.played)]
        self._sync_partial()
        self._emit(Sound("checker"), Save())
        self._say(f"{ranked.move.notation()} set up: press Enter or Done to play it, U to undo.")

    # --- the last move shown again -------------------------------------------------------------------

    def _on_show_last(self) -> None:
        s = self.session
        if not s.log:
            self._say("No move has been played yet.")
            return
        length, presses = self._shown_last
        presses = presses + 1 if length == len(s.log) else 0
        self._shown_last = (len(s.log), presses)
        newest = s.log[-1]
        other = next((r for r in reversed(s.log) if r.player != newest.player), None)
        rec = newest if presses % 2 == 0 or other is None else other
        self.arrows = [(st.src, st.dst, rec.player == HUMAN) for st in rec.steps]
        said = whose(s, rec.player)
        if not rec.steps:
            self._say(f"{said} last turn: {rec.dice.text()}, no legal move (it passed).")
            return
        self._say(f"{said} last move: {rec.notation()} with {rec.dice.text()}.")
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
