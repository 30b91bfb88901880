"""What :class:`~ui.flow.turn_flow.TurnFlow` and its parts say to each other (no pygame).

The flow is made of three objects: the turn itself (:class:`TurnFlow`: the phase, the clock,
the human's move, the computer's move, the running search), the cube exchange
(:class:`ui.flow.cube.CubeExchange`: doubles, answers, resignations) and the advice
(:class:`ui.flow.tutor.Advice`: hints and the tutor's check). A part is told an intent with
a :class:`TurnView` of the turn, changes only its own state (and the game it plays, the session),
and answers a list of :data:`Step`: effects for the scene, steps the flow takes itself
(:data:`FlowStep`), and intents for the other part, which the flow hands on in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.engine_types import Confirmation
from ai.worker.messages import CubeAnswer, RankedMove
from game.facts.explained import Explained
from ui.flow.events import (
    AcceptResign,
    AskHint,
    Beaver,
    DeclineResign,
    Double,
    Effect,
    FlowOptions,
    FlowRequest,
    Pass,
    Phase,
    Resign,
    Search,
    SkipTutor,
    Take,
    TutorPlayIt,
    TutorTakeBack,
)
from ui.model.turn import TurnBuilder
from ui.model.tutor import Pending


@dataclass(frozen=True)
class TurnView:
    """The turn as a part sees it while it is told one intent (the flow's state, read only)."""

    phase: Phase
    """Where the turn is."""
    search: Search | None
    """What the running worker search is for (None: none runs)."""
    options: FlowOptions
    """The settings the flow follows now."""
    builder: TurnBuilder | None
    """The human's move being built (MOVING), or None."""
    animating: bool
    """A checker flies (input waits)."""
    waiting: bool
    """A pause waits on the frame clock (the opening, a dance, the computer about to roll)."""

    def is_human_moving(self) -> bool:
        """True when the human can move checkers now."""
        return self.phase is Phase.MOVING and self.builder is not None and not self.animating

    def is_tutor_on(self) -> bool:
        """True when the tutor checks the human's decisions."""
        return self.options.tutor is not None


# --- steps the flow takes itself ----------------------------------------------------------------------


@dataclass(frozen=True)
class GoTo:
    """The flow's phase becomes ``phase``."""

    phase: Phase
    """The new phase."""


@dataclass(frozen=True)
class Ask:
    """Start a worker search (the flow keeps which search runs and its progress)."""

    kind: Search
    """What the search is for: its answer is routed by it."""
    request: FlowRequest
    """What to search."""


@dataclass(frozen=True)
class Adopt:
    """The running search answers as ``kind`` from now on (a hint takes over the tutor's search)."""

    kind: Search
    """What the running search is for now."""


@dataclass(frozen=True)
class Drop:
    """Stop the running search."""


@dataclass(frozen=True)
class EnterTurn:
    """Decide the phase from the game's state (a cube decision made, a resignation settled)."""


@dataclass(frozen=True)
class ComputerRolls:
    """The computer rolls after a short pause."""


@dataclass(frozen=True)
class CarryOut:
    """Carry out a decision of the human's (not held, or let through by the tutor): a checker play
    or a roll without a double for the turn, a cube action for the cube exchange."""

    pending: Pending
    """The decision."""


@dataclass(frozen=True)
class TakeBackMove:
    """Put the human's checkers back where the turn started (the tutor's Take back)."""


FlowStep = GoTo | Ask | Adopt | Drop | EnterTurn | ComputerRolls | CarryOut | TakeBackMove
"""What a part asks the flow to do itself."""


# --- what the flow tells the cube exchange ---------------------------------------------------------------


@dataclass(frozen=True)
class BeforeRoll:
    """The computer is on roll and has not rolled: weigh whether it resigns or doubles."""


@dataclass(frozen=True)
class ResumeDouble:
    """A saved game stopped while a double waited for its answer: ask for the answer again."""


@dataclass(frozen=True)
class PutAgain:
    """The tutor took back a take, pass or beaver: put the double to the human again."""


@dataclass(frozen=True)
class Weighed:
    """The worker weighed the cube for the search ``kind``."""

    kind: Search
    """The search it answers."""
    answer: CubeAnswer
    """Its answer."""


@dataclass(frozen=True)
class Failed:
    """The worker could not answer the search ``kind``."""

    kind: Search | None
    """The search that failed (None: none was running)."""
    message: str
    """Why."""


CubeInput = (
    Double
    | Take
    | Pass
    | Beaver
    | Resign
    | AcceptResign
    | DeclineResign
    | BeforeRoll
    | ResumeDouble
    | PutAgain
    | CarryOut
    | Weighed
    | Failed
)
"""Everything the cube exchange is told: the human's cube intents, the flow's moments, the
worker's answers to the computer's cube questions."""


# --- what the flow tells the advice ---------------------------------------------------------------------


@dataclass(frozen=True)
class NewTurn:
    """A new turn: what the tutor knew was about the last one."""


@dataclass(frozen=True)
class Rolled:
    """The human has a roll to play: the last hints are gone; the tutor ranks the roll's moves."""


@dataclass(frozen=True)
class MovePlayed:
    """The human's move is played: its hints are gone."""


@dataclass(frozen=True)
class CubeHint:
    """The human, about to roll, asks whether to double (H): hinted at ``depth``."""

    depth: int
    """Search depth of the hint."""


@dataclass(frozen=True)
class CubeDue:
    """A cube decision of the human's is due: ``doubler`` may double, or has doubled."""

    doubler: int
    """The side that doubles or may."""


@dataclass(frozen=True)
class Check:
    """The human decided: hold the decision until the tutor has judged it, or let it through."""

    pending: Pending
    """The decision."""


@dataclass(frozen=True)
class Advised:
    """The take / pass advice was weighed again after a resume (the tutor may keep it)."""

    answer: CubeAnswer
    """The answer, from the doubler's side."""


@dataclass(frozen=True)
class Ranked:
    """The worker ranked the roll's moves for the search ``kind`` (a hint, or the tutor's)."""

    kind: Search
    """The search it answers."""
    moves: tuple[RankedMove, ...]
    """The moves, best first."""
    explained: Explained | None = None
    """Their facts and whys, in their order (a hint's and the tutor's searches)."""


@dataclass(frozen=True)
class Confirmed:
    """The rollout judged the tutor's catch again (``Search.TUTOR_CONFIRM``)."""

    confirmation: Confirmation | None
    """Its verdict; None where it cannot tell (the search's verdict stands)."""


AdviceInput = (
    AskHint
    | CubeHint
    | SkipTutor
    | TutorTakeBack
    | TutorPlayIt
    | NewTurn
    | Rolled
    | MovePlayed
    | CubeDue
    | Check
    | Advised
    | Ranked
    | Weighed
    | Confirmed
    | Failed
)
"""Everything the advice is told: the human's asks, the flow's moments, the worker's answers."""


Step = Effect | FlowStep | Check | CubeDue | Advised | PutAgain
"""What a part answers, in order: an effect for the scene, a step for the flow, or an intent the
flow hands on to the other part."""
