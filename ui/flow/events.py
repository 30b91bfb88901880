"""The turn flow's vocabulary: its phases and options, the intents it takes, the effects it asks for."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ai.engine_types import Confirmation, ConfirmSettings
from ai.worker.messages import ConfirmRequest, CubeAnswer, CubeRequest, RankedMove, Request
from game.facts.explained import Explained
from game.rules.cube import Resignation
from game.rules.dice import Roll
from ui.flow.said import COMPUTER, YOU, Said, Side
from ui.model.turn import PlayedStep
from ui.model.tutor import Checked, Verdict


class Phase(Enum):
    """Where the turn is."""

    OPENING_ROLL = "opening roll"
    AWAITING_ROLL = "awaiting roll"
    MOVING = "moving"
    COMPUTER_THINKING = "computer thinking"
    COMPUTER_MOVING = "computer moving"
    COMPUTER_DICE = "computer's real dice awaited"
    GAME_OVER = "game over"
    MATCH_OVER = "match over"
    CUBE_THINKING = "computer considering the cube"
    TAKE_OR_PASS = "take or pass"
    DOUBLE_ANSWER = "computer answering a double"
    RESIGN_ANSWER = "computer weighing a resignation"
    RESIGN_OFFERED = "computer offers to resign"
    TUTOR_CHECKING = "tutor checking"
    TUTOR_WARNING = "tutor warning"


@dataclass
class FlowOptions:
    """The settings the flow follows (read each frame, so changes apply at once)."""

    auto_roll: bool = False
    """Roll the human's dice without a click."""
    real_dice: bool = False
    """The human rolls real dice and types them in: the opening roll waits for them too."""
    computer_real_dice: bool = False
    """The human rolls the computer's dice too and types them in: its roll waits for them."""
    auto_forced: bool = True
    """Play a move that is the only legal one."""
    cube_advice: bool = True
    """Show the hint's advice when the computer doubles."""
    tutor: float | None = None
    """Tutor mode: warn before a decision that loses at least this much (None: off)."""
    tutor_depth: int = 2
    """The depth the tutor checks at (the hint depth)."""
    confirm: ConfirmSettings | None = None
    """The rollout that judges the tutor's catch again before it warns (issue 52); None: the
    search's verdict alone (review mode "quick")."""


class Search(Enum):
    """What the running worker search is for."""

    MOVE = "move"
    """The computer's move."""
    HINT = "hint"
    """The best moves for the human's roll, asked for."""
    CUBE = "cube"
    """The computer's cube decision before its roll (and whether it offers to resign)."""
    TAKE = "take"
    """The computer's answer to the human's double."""
    RESIGN = "resign"
    """The computer's answer to the human's offer to resign."""
    CUBE_HINT = "cube hint"
    """The human's cube decision, asked for."""
    TUTOR = "tutor"
    """The human's roll's moves ranked for the tutor."""
    TUTOR_CUBE = "tutor cube"
    """The human's cube decision weighed for the tutor."""
    TUTOR_CONFIRM = "tutor confirm"
    """The error the tutor's search caught, judged again by a rollout before the warning."""
    TAKE_ADVICE = "take advice"
    """The take / pass advice on the computer's double, weighed again after a resume."""


# --- intents ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tick:
    """Time passed."""

    dt: float
    """Seconds."""


@dataclass(frozen=True)
class RollDice:
    """The player rolls (Roll button, Space), or enters the roll of real dice."""

    given: Roll | None = None
    """The dice the player rolled by hand (None: the game's seeded dice)."""


@dataclass(frozen=True)
class MoveChecker:
    """Move the checker on ``src`` to ``dst`` (one or more dice), human points."""

    src: int
    """From (25: the bar)."""
    dst: int
    """To (0: borne off)."""


@dataclass(frozen=True)
class MoveFarthest:
    """Move the checker on ``src`` by the highest die it can use (a double-click)."""

    src: int
    """From (25: the bar)."""


@dataclass(frozen=True)
class UseHint:
    """Set up the hinted move number ``index`` (0 is the best)."""

    index: int
    """Which hint."""


@dataclass(frozen=True)
class Undo:
    """Take back the last action of this turn (a whole one-click move at once)."""


@dataclass(frozen=True)
class Confirm:
    """Play the move set up (Done, Enter), or accept that the turn passes."""


@dataclass(frozen=True)
class AskHint:
    """Ask for the best moves at ``depth``."""

    depth: int
    """Search depth of the hint (a setting, not the opponent's level)."""


@dataclass(frozen=True)
class ShowLast:
    """Show the last turn again (L); pressed again, the other side's."""


@dataclass(frozen=True)
class Landed:
    """The animation asked for has finished."""


@dataclass(frozen=True)
class SearchProgress:
    """The running search has done ``done`` of ``total``."""

    done: int
    """Candidates searched."""
    total: int
    """Candidates to search."""


@dataclass(frozen=True)
class SearchDone:
    """The running search answered."""

    moves: tuple[RankedMove, ...]
    """The moves, best first."""

    explained: Explained | None = None
    """A hint's moves explained, in their order (:attr:`ai.worker.messages.Finished.explained`)."""


@dataclass(frozen=True)
class ConfirmDone:
    """The running rollout judged a decision again (:class:`ai.worker.messages.DecisionConfirmed`)."""

    confirmation: Confirmation | None
    """Its verdict; None where the rollout cannot tell."""


@dataclass(frozen=True)
class SearchFailed:
    """The running search failed."""

    message: str
    """Why."""


@dataclass(frozen=True)
class Double:
    """The human doubles (or redoubles) before rolling."""


@dataclass(frozen=True)
class Take:
    """The human takes the computer's double."""


@dataclass(frozen=True)
class Pass:
    """The human passes the computer's double (the game ends)."""


@dataclass(frozen=True)
class Beaver:
    """The human takes and at once redoubles, keeping the cube (money, beavers on)."""


@dataclass(frozen=True)
class Resign:
    """The human offers to resign."""

    offer: Resignation
    """A single game, a gammon or a backgammon."""


@dataclass(frozen=True)
class AcceptResign:
    """The human accepts the computer's offer to resign."""


@dataclass(frozen=True)
class DeclineResign:
    """The human declines the computer's offer to resign (play goes on)."""


@dataclass(frozen=True)
class CubeDone:
    """The worker answered a cube or resignation question."""

    answer: CubeAnswer
    """Its answer."""


@dataclass(frozen=True)
class SkipTutor:
    """Go on without waiting for the tutor's check."""


@dataclass(frozen=True)
class TutorTakeBack:
    """The tutor warned: go back to the start of the decision (the board and dice as before)."""


@dataclass(frozen=True)
class TutorPlayIt:
    """The tutor warned: play the decision all the same."""


TurnIntent = (
    Tick
    | RollDice
    | MoveChecker
    | MoveFarthest
    | Undo
    | Confirm
    | Landed
    | SearchProgress
    | SearchDone
    | ConfirmDone
    | SearchFailed
)
"""The intents of the turn itself: the clock, the dice, the checkers, the computer's move."""

AdviceIntent = AskHint | UseHint | ShowLast | SkipTutor | TutorTakeBack | TutorPlayIt
"""The intents of the human's advice: hints, the last move again, the tutor."""

CubeIntent = Double | Take | Pass | Beaver | Resign | AcceptResign | DeclineResign | CubeDone
"""The intents of the cube and of resignations."""

Intent = TurnIntent | AdviceIntent | CubeIntent
"""Everything the turn flow takes (:meth:`ui.flow.turn_flow.TurnFlow.handle`)."""


# --- effects ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Animate:
    """Fly ``steps`` of ``mover`` from the board ``start`` (mover's view); answer with :class:`Landed`."""

    mover: int
    """HUMAN or AI."""
    start: int
    """Position code before the first step, from the mover's side."""
    steps: tuple[PlayedStep, ...]
    """The steps, each with the code after it."""


@dataclass(frozen=True)
class Save:
    """Write the game to disk."""


FlowRequest = Request | CubeRequest | ConfirmRequest
"""What the turn flow asks the worker: a roll's moves, a cube decision, a rollout of the tutor's catch."""


@dataclass(frozen=True)
class StartSearch:
    """Ask the worker; answer with the Search* intents (:class:`ConfirmDone` a rollout's)."""

    request: FlowRequest
    """What to search."""


@dataclass(frozen=True)
class CancelSearch:
    """Stop the running search."""


@dataclass(frozen=True)
class Sound:
    """Play a sound."""

    name: str
    """"dice" or "checker"."""


@dataclass(frozen=True)
class Message:
    """Say something in the status line."""

    said: Said
    """What is said (worded by :func:`ui.text.flow.said`)."""
    warn: bool = False
    """Shown as a warning."""
    stays: bool = False
    """Stays in the status line until the next message takes its place (a cube hint, the computer's
    double and its reason for taking or passing), instead of running down after a few seconds."""


@dataclass(frozen=True)
class GameEnded:
    """The game is over: show the result."""


@dataclass(frozen=True)
class AskTake:
    """A double waits for a person's answer: ask them to take or pass."""

    value: int
    """The cube offered."""
    advice: CubeAnswer | None
    """The hint's answer from the doubler's side (the dialog says take or pass), or None."""
    beaver: bool
    """A beaver is allowed."""
    doubler: Side = COMPUTER
    """Who doubled."""
    taker: Side = YOU
    """Who is asked."""


@dataclass(frozen=True)
class AskResign:
    """A resignation is offered to a person: ask them to accept or decline."""

    offer: Resignation
    """What it offers."""
    points: int
    """What the human would score."""
    resigner: Side = COMPUTER
    """Who offers."""
    taker: Side = YOU
    """Who is asked."""


@dataclass(frozen=True)
class TutorWarn:
    """The tutor found an error: ask the human to take it back or play it."""

    verdict: Verdict
    """What it loses, and what is better."""
    kind: Checked
    """The decision."""
    taker: Side = COMPUTER
    """Who would answer a double (the better cube action names them)."""


Effect = (
    Animate
    | Save
    | StartSearch
    | CancelSearch
    | Sound
    | Message
    | GameEnded
    | AskTake
    | AskResign
    | TutorWarn
)
