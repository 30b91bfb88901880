"""The human's advice in the turn flow (no pygame): hints and tutor mode's check.

:class:`Advice` is a part of :class:`ui.flow.turn_flow.TurnFlow`: it keeps the hints and
what the tutor knows and holds, is told intents (:data:`ui.flow.parts.AdviceInput`) with a
view of the turn, and answers steps (:data:`ui.flow.parts.Step`). With the tutor on, the
check of a decision is searched as soon as the decision is known: the roll's moves ranked at the
hint depth when the dice are rolled (``Search.TUTOR``), the cube at the hint depth when a double
is possible or offered (``Search.TUTOR_CUBE``). A hint asked for meanwhile takes over that search
(the same request answers both), so the two never compete for the worker. When the human
commits, the decision is held (:class:`ui.model.tutor.Pending`): judged at once if the
answer is in, else in the ``TUTOR_CHECKING`` phase until it comes (or the human skips); an error
of at least the chosen size opens ``TUTOR_WARNING`` with "Take back" and "Play it". The search's
errors overstate (the best of noisy values is biased upwards), so unless the review mode is
"quick" (:attr:`ui.flow.events.FlowOptions.confirm`) an error the search catches is judged again by
a short rollout first (``Search.TUTOR_CONFIRM``, still ``TUTOR_CHECKING``): the warning comes only
when the rollout's error reaches the threshold too ("possibly" an error while its interval spans
the threshold), with the rollout's numbers; a rollout that cannot tell, or fails, leaves the
search's verdict. The computer
never searches during the human's decisions, and every held decision is settled before its turn
starts, so a tutor search never stands in the way of its searches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from ai.engine_types import ConfirmSettings
from ai.worker.messages import ConfirmRequest, CubeAnswer, RankedMove, Request
from game.facts.explained import Explained
from game.rules.cube import CubeAction
from ui.flow.cube import advice_request, cube_context, on_roll
from ui.flow.events import (
    AskHint,
    Message,
    Phase,
    Save,
    Search,
    SkipTutor,
    TutorPlayIt,
    TutorTakeBack,
    TutorWarn,
)
from ui.flow.parts import (
    Adopt,
    AdviceInput,
    Advised,
    Ask,
    CarryOut,
    Check,
    Confirmed,
    CubeDue,
    CubeHint,
    Drop,
    Failed,
    GoTo,
    MovePlayed,
    NewTurn,
    PutAgain,
    Ranked,
    Rolled,
    Step,
    TakeBackMove,
    TurnView,
    Weighed,
)
from ui.flow.said import CubeHinted, Note, TutorFailed, side
from ui.model.session import GameSession
from ui.model.tutor import (
    Checked,
    CheckerPlay,
    Pending,
    Verdict,
    confirmed_verdict,
    is_checked,
    verdict_for,
)

TUTOR_SEARCHES = frozenset({Search.TUTOR, Search.TUTOR_CUBE, Search.TUTOR_CONFIRM})
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


@dataclass
class Advice:
    """Hints and the tutor: what they know of this turn, told by intents, answered by steps."""

    session: GameSession
    """The game (the side on roll is the one advised)."""
    hints: list[RankedMove] = field(default_factory=list)
    """The best moves found for the human's roll."""
    hint_depth: int = 0
    """The depth the hints were searched at."""
    hints_explained: Explained | None = None
    """The hints' facts and whys, in their order (None: not known)."""
    tutor_moves: tuple[RankedMove, ...] | None = None
    """The roll's moves ranked for the tutor (None: not known yet)."""
    tutor_explained: Explained | None = None
    """Their facts and whys (None: not known)."""
    tutor_cube: CubeAnswer | None = None
    """The cube answer for the human's cube decision, from the doubler's side (None: not known)."""
    pending: Pending | None = None
    """The decision held for the tutor (TUTOR_CHECKING, TUTOR_WARNING)."""
    verdict: Verdict | None = None
    """The tutor's warning on show (TUTOR_WARNING)."""
    caught: Verdict | None = None
    """The search's verdict on the held decision while a rollout judges it again (TUTOR_CHECKING)."""

    # --- facts -------------------------------------------------------------------------------------

    def _hint_words(self, answer: CubeAnswer) -> CubeHinted:
        """The cube hint for the side on roll, naming the other side."""
        return CubeHinted(answer, side(self.session, 1 - on_roll(self.session)))

    def can_hint(self, view: TurnView) -> bool:
        """True when a move hint can be asked for (a tutor search running is taken over)."""
        b = view.builder
        return (
            view.is_human_moving()
            and view.search in (None, Search.TUTOR)
            and b is not None
            and not b.is_pass()
        )

    # --- the intents -----------------------------------------------------------------------------------

    def handle(self, intent: AdviceInput, view: TurnView) -> list[Step]:
        """React to one intent, the turn as ``view`` shows it; returns the steps, in order."""
        match intent:
            case AskHint():
                return self._move_hint(intent.depth, view)
            case CubeHint():
                return self._cube_hint(intent.depth, view)
            case SkipTutor():
                return self._on_skip_tutor(view)
            case TutorTakeBack():
                return self._on_take_back(view)
            case TutorPlayIt():
                return self._release() if view.phase is Phase.TUTOR_WARNING else []
            case Ranked():
                return self._heard_moves(intent, view)
            case Weighed():
                return self._heard_cube(intent, view)
            case Confirmed():
                return self._heard_rollout(intent, view)
            case Failed():
                return self._failed(intent.message, view)
            case _:
                return self._told(intent, view)

    def _told(
        self, intent: NewTurn | Rolled | MovePlayed | CubeDue | Check | Advised, view: TurnView
    ) -> list[Step]:
        """The flow's moments: a new turn, a roll, a move played, a decision due or made."""
        match intent:
            case NewTurn():
                self.tutor_moves = None
                self.tutor_explained = None
                self.tutor_cube = None
                self.pending = None
                self.verdict = None
                self.caught = None
                return []
            case Rolled():
                self.hints, self.hints_explained = [], None
                return self._watch_moves(view)
            case MovePlayed():
                self.hints, self.hints_explained = [], None
                return []
            case CubeDue():
                return self._watch_cube(intent.doubler, view)
            case Check():
                return self._check(intent.pending, view)
            case Advised():
                if view.is_tutor_on():
                    self.tutor_cube = intent.answer
                return []
            case _:
                assert_never(intent)

    # --- starting the tutor's searches -------------------------------------------------------------------

    def _watch_moves(self, view: TurnView) -> list[Step]:
        """The human has rolled: rank the roll's moves for the tutor (not a forced move or a pass)."""
        b = view.builder
        if not view.is_tutor_on() or b is None or not is_checked(b.moves) or self.tutor_moves is not None:
            return []
        ctx = cube_context(self.session, on_roll(self.session))
        return [Ask(Search.TUTOR, Request("hint", b.position, b.dice, view.options.tutor_depth, context=ctx))]

    def _watch_cube(self, doubler: int, view: TurnView) -> list[Step]:
        """A cube decision of the human's is due (``doubler`` doubles or may): weigh it for the tutor."""
        if not view.is_tutor_on() or self.tutor_cube is not None or view.search in CUBE_ANSWERS:
            return []
        return [Ask(Search.TUTOR_CUBE, advice_request(self.session, doubler, view.options.tutor_depth))]

    # --- holding a decision ------------------------------------------------------------------------------

    def _check(self, pending: Pending, view: TurnView) -> list[Step]:
        """Carry out the human's decision, or hold it until the tutor has judged it."""
        is_move = pending.kind is CheckerPlay.MOVE
        b = view.builder
        checked_move = b is not None and is_checked(b.moves) and b.move() is not None
        if not view.is_tutor_on() or (is_move and not checked_move):
            return [CarryOut(pending)]
        known = self.tutor_moves if is_move else self.tutor_cube
        running = view.search in (MOVE_ANSWERS if is_move else CUBE_ANSWERS)
        out: list[Step] = []
        if known is None and not running:
            if not is_move:  # not asked when it was due (a dead cube, the tutor just turned on)
                return [CarryOut(pending)]
            out = self._watch_moves(view)  # the tutor was just turned on, or its search failed
        self.pending = pending
        if known is not None:
            return self._judge(view)
        return [*out, GoTo(Phase.TUTOR_CHECKING), Message(Note.TUTOR_CHECKING)]

    def _judge(self, view: TurnView) -> list[Step]:
        """Judge the held decision by the search: let it through, warn, or (an error caught, the
        review mode not "quick") have a rollout judge it again first."""
        pending, least = self.pending, view.options.tutor
        assert pending is not None
        verdict = (
            None
            if least is None
            else verdict_for(pending, self.tutor_moves, self.tutor_cube, least, self.tutor_explained)
        )
        if verdict is None:
            return self._release()
        settings = view.options.confirm
        request = None if settings is None else self._confirm_request(pending, verdict, settings, view)
        if request is None:
            return self._warn(verdict)
        self.caught = verdict
        stop: list[Step] = [] if view.search is None else [Drop()]
        return [
            *stop,
            Ask(Search.TUTOR_CONFIRM, request),
            GoTo(Phase.TUTOR_CHECKING),
            Message(Note.TUTOR_CONFIRMING),
        ]

    def _confirm_request(
        self, pending: Pending, verdict: Verdict, settings: ConfirmSettings, view: TurnView
    ) -> ConfirmRequest | None:
        """The rollout that judges the search's ``verdict`` again: a checker play against the
        search's best two others, from the mover's side; a cube action from the doubler's side,
        before its roll (the cube question the tutor asked). None when there is nothing to roll out."""
        s, depth = self.session, view.options.tutor_depth
        if pending.kind is CheckerPlay.MOVE:
            b, ranked, move = view.builder, self.tutor_moves, pending.move
            if b is None or ranked is None or move is None:
                return None
            code = move.after.code
            mine = next((r for r in ranked if r.move.after.code == code), None)
            others = sorted((r for r in ranked if r.move.after.code != code), key=lambda r: -r.equity)[:2]
            if mine is None or not others:
                return None
            moves = (
                (move.notation(), code, mine.equity),
                *((r.move.notation(), r.move.after.code, r.equity) for r in others),
            )
            context = cube_context(s, on_roll(s))
            return ConfirmRequest(b.position, context, "move", settings, moves, depth, verdict.loss)
        kind = CubeAction.TAKE if pending.kind is CubeAction.BEAVER else pending.kind
        asked = advice_request(s, on_roll(s), depth)  # the doubler is on roll
        return ConfirmRequest(
            asked.position, asked.context, kind, settings, depth=depth, search_error=verdict.loss
        )

    def _warn(self, verdict: Verdict, said: bool = False) -> list[Step]:
        """Open the warning on the held decision; unless a note was ``said`` just before it, say the
        check is done (what the status line said, "checking… (Esc skips)", no longer holds)."""
        pending = self.pending
        assert pending is not None
        self.verdict = verdict
        note: list[Step] = [] if said else [Message(Note.TUTOR_WARNING)]
        return [
            *note,
            GoTo(Phase.TUTOR_WARNING),
            TutorWarn(verdict, pending.kind, side(self.session, 1 - on_roll(self.session))),
        ]

    def _release(self) -> list[Step]:
        """Carry out the held decision (from the phase it was made in)."""
        pending = self.pending
        if pending is None:
            return []
        self.pending = None
        self.verdict = None
        self.caught = None
        return [GoTo(decided_in(pending.kind)), CarryOut(pending)]

    # --- what the worker and the human answer -------------------------------------------------------------

    def _heard_moves(self, intent: Ranked, view: TurnView) -> list[Step]:
        """Ranked moves came in (a hint or a tutor search): show a hint's; keep them; judge a held move."""
        out: list[Step] = []
        if intent.kind is Search.HINT:
            self.hints = list(intent.moves)  # every move: the panel's list scrolls
            self.hints_explained = intent.explained
            if not self.hints:
                out.append(Message(Note.NOTHING_TO_HINT))
        if intent.kind not in MOVE_ANSWERS or view.builder is None:
            return out
        if intent.kind is Search.TUTOR or view.is_tutor_on():
            self.tutor_moves = intent.moves
            self.tutor_explained = intent.explained
        if view.phase is Phase.TUTOR_CHECKING and self.pending is not None:
            out += self._judge(view)
        return out

    def _heard_cube(self, intent: Weighed, view: TurnView) -> list[Step]:
        """A cube answer came in (a cube hint or the tutor's): keep it for the tutor, say the hint."""
        if intent.kind not in CUBE_ANSWERS:
            return []
        self.tutor_cube = intent.answer
        out: list[Step] = []
        if intent.kind is Search.CUBE_HINT and view.phase in (Phase.AWAITING_ROLL, Phase.TUTOR_CHECKING):
            out.append(Message(self._hint_words(intent.answer), stays=True))
        if view.phase is Phase.TUTOR_CHECKING and self.pending is not None:
            out += self._judge(view)
        return out

    def _heard_rollout(self, intent: Confirmed, view: TurnView) -> list[Step]:
        """The rollout judged the search's catch again: warn with its numbers, let the decision
        through when it clears it, keep the search's verdict when it cannot tell."""
        caught, least = self.caught, view.options.tutor
        if view.phase is not Phase.TUTOR_CHECKING or self.pending is None or caught is None:
            return []
        self.caught = None
        if least is None:  # the tutor was turned off meanwhile
            return self._release()
        if intent.confirmation is None:
            return [Message(Note.TUTOR_UNCONFIRMED), *self._warn(caught, said=True)]
        verdict = confirmed_verdict(caught, intent.confirmation, least)
        if verdict is None:  # said last: what carrying it out says would hide it at once
            return [*self._release(), Message(Note.TUTOR_CLEARED)]
        return self._warn(verdict)

    def _failed(self, message: str, view: TurnView) -> list[Step]:
        """A search failed: when the tutor waited on it, go on unchecked, or with the search's
        verdict when it was the rollout confirming it (else nothing: a check that nobody waits for)."""
        if view.phase is not Phase.TUTOR_CHECKING:
            return []
        caught, self.caught = self.caught, None
        if caught is not None and self.pending is not None:
            return [Message(TutorFailed(message, rollout=True), warn=True), *self._warn(caught, said=True)]
        return [Message(TutorFailed(message), warn=True), *self._release()]

    def _on_skip_tutor(self, view: TurnView) -> list[Step]:
        if view.phase is not Phase.TUTOR_CHECKING:
            return []
        out: list[Step] = [] if view.search is None else [Drop()]
        return [*out, *self._release(), Message(Note.TUTOR_SKIPPED)]  # last, as the cleared note

    def _on_take_back(self, view: TurnView) -> list[Step]:
        pending = self.pending
        if view.phase is not Phase.TUTOR_WARNING or pending is None:
            return []
        self.pending = None
        self.verdict = None
        phase = decided_in(pending.kind)
        if pending.kind is CheckerPlay.MOVE and view.builder is not None:
            said = Message(Note.TAKEN_BACK_MOVE)
            return [GoTo(phase), TakeBackMove(), Save(), said]
        if phase is Phase.TAKE_OR_PASS:
            return [GoTo(phase), PutAgain()]
        return [GoTo(phase), Message(Note.TAKEN_BACK)]

    # --- hints -------------------------------------------------------------------------------------------

    def _move_hint(self, depth: int, view: TurnView) -> list[Step]:
        """The best moves for the roll: the tutor's ranking when it has one at ``depth``, else searched."""
        b = view.builder
        if not self.can_hint(view) or b is None:
            return [Message(Note.NOTHING_TO_HINT)] if b is not None and b.is_pass() else []
        self.hints, self.hints_explained = [], None
        self.hint_depth = depth
        if self.tutor_moves is not None and view.options.tutor_depth == depth:
            self.hints = list(self.tutor_moves)  # every move: the panel's list scrolls
            self.hints_explained = self.tutor_explained
            return []
        if view.search is Search.TUTOR and view.options.tutor_depth == depth:
            return [Adopt(Search.HINT)]  # the tutor's search answers the hint too
        ctx = cube_context(self.session, on_roll(self.session))
        return [Ask(Search.HINT, Request("hint", b.position, b.dice, depth, context=ctx))]

    def _cube_hint(self, depth: int, view: TurnView) -> list[Step]:
        """Whether to double: the tutor's answer when it has one at ``depth``, else weighed."""
        if self.tutor_cube is not None and view.options.tutor_depth == depth:
            return [Message(self._hint_words(self.tutor_cube), stays=True)]
        if view.search is Search.TUTOR_CUBE:
            return [Adopt(Search.CUBE_HINT), Message(Note.WEIGHING_CUBE_FOR_YOU)]
        return [
            Message(Note.WEIGHING_CUBE_FOR_YOU),
            Ask(Search.CUBE_HINT, advice_request(self.session, on_roll(self.session), depth)),
        ]
