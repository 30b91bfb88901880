"""What the turn flow says, as typed values (no pygame, no words): the text package words them.

The flow never writes a sentence: each :class:`~ui.flow.events.Message` carries one of the values
here (:data:`Said`), a kind with its numbers and the sides it names, and :mod:`ui.text.flow` words
it in the player's language. A side is named by its :class:`Side`: against the computer the person
is "you" and the other side "the computer"; when two people play, each is called by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

from ai.worker.messages import CubeAnswer
from game.rules.cube import NoDouble, Resignation
from ui.model.session import HUMAN, GameSession


class Party(Enum):
    """How a side is spoken of."""

    YOU = auto()
    """The person playing the computer."""
    COMPUTER = auto()
    """The computer."""
    PERSON = auto()
    """One of two people playing each other: by name."""


@dataclass(frozen=True)
class Side:
    """A side as a sentence names it."""

    party: Party
    """You, the computer, or a person by name."""
    name: str = ""
    """The person's name (:attr:`Party.PERSON`)."""


YOU = Side(Party.YOU)
"""The person playing the computer."""
COMPUTER = Side(Party.COMPUTER)
"""The computer."""


def is_you(session: GameSession, player: int) -> bool:
    """True when ``player`` is spoken to as "you" (the person playing the computer)."""
    return player == HUMAN and not session.config.is_two_player()


def side(session: GameSession, player: int) -> Side:
    """How ``player`` is named: you, the computer, or (two people playing) their name."""
    if session.config.is_two_player():
        return Side(Party.PERSON, session.names()[player])
    return YOU if player == HUMAN else COMPUTER


class Note(Enum):
    """A message with nothing to fill in."""

    TUTOR_CHECKING = auto()
    TUTOR_CONFIRMING = auto()
    TUTOR_CLEARED = auto()
    TUTOR_UNCONFIRMED = auto()
    TUTOR_WARNING = auto()
    NOTHING_TO_HINT = auto()
    TUTOR_SKIPPED = auto()
    TAKEN_BACK_MOVE = auto()
    TAKEN_BACK = auto()
    WEIGHING_CUBE_FOR_YOU = auto()
    COMPUTER_DECLINES_RESIGNATION = auto()
    COMPUTER_TAKES_UNWEIGHED = auto()
    COMPUTER_DECLINES_UNWEIGHED = auto()
    MOVE_COMPLETE = auto()
    CANNOT_GO_THERE = auto()
    NOTHING_TO_UNDO = auto()
    NO_MOVE_YET = auto()
    ROLL_FIRST = auto()
    ALL_DICE_PLAYED = auto()
    ENTER_FROM_BAR = auto()
    PICK_UP_TO_BEAR_OFF = auto()
    NO_LEGAL_MOVE_FOR_CHECKER = auto()
    PICK_A_RINGED_CHECKER = auto()


# --- the dice and the checkers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    """The opening roll: each side's die (ties rolled again first), who moves first with what."""

    ties: tuple[str, ...]
    """The tied rolls before it (``"4-4"``), in order."""
    sides: tuple[Side, Side]
    """Player 1's and player 2's names."""
    dice: tuple[int, int]
    """Player 1's die and player 2's."""
    first: Side
    """Who moves first."""
    roll: str
    """The roll they play (``"5-3"``)."""


@dataclass(frozen=True)
class OpeningTie:
    """The real dice entered for the opening roll tie: both are rolled again."""

    roll: str
    """The tie (``"4-4"``)."""


@dataclass(frozen=True)
class RolledDice:
    """A side rolled."""

    roller: Side
    """Who."""
    roll: str
    """The dice (``"6-5"``)."""


@dataclass(frozen=True)
class NoLegalMove:
    """A person rolled and cannot move: the turn passes in a moment."""

    mover: Side
    """Who."""
    roll: str
    """The dice."""


@dataclass(frozen=True)
class ForcedMove:
    """A person rolled and has one move: played for them."""

    mover: Side
    """Who."""
    roll: str
    """The dice."""
    move: str
    """The move (``"24/18 13/8"``)."""


@dataclass(frozen=True)
class ComputerCannotMove:
    """The computer rolled and cannot move."""

    roll: str
    """The dice."""


@dataclass(frozen=True)
class ComputerPlayed:
    """The computer played a move."""

    move: str
    """The move."""
    fallback: bool = False
    """The AI failed twice, so this is its first legal move."""


@dataclass(frozen=True)
class Played:
    """A person's move played (confirmed)."""

    mover: Side
    """Who."""
    move: str
    """The move."""


@dataclass(frozen=True)
class Danced:
    """A person rolled, had no move and passed."""

    mover: Side
    """Who."""
    roll: str
    """The dice."""


@dataclass(frozen=True)
class HitsOnTheWay:
    """A checker moved by two dice hit on the way where it could have gone round."""

    steps: str
    """The steps taken (``"13/7*/4"``)."""
    complete: bool
    """The move is complete (Enter plays it)."""


@dataclass(frozen=True)
class Undone:
    """An action taken back: these dice are left to play."""

    left: tuple[int, ...]
    """The dice still to play."""


@dataclass(frozen=True)
class NotDone:
    """Enter pressed before the move is complete."""

    left: tuple[int, ...]
    """The dice still to play."""


@dataclass(frozen=True)
class HintSetUp:
    """A hinted move set up on the board."""

    move: str
    """The move."""


@dataclass(frozen=True)
class LastMove:
    """The last turn of a side shown again."""

    owner: Side
    """Whose turn."""
    roll: str
    """Its dice."""
    move: str
    """Its move ("": it had no legal move)."""


@dataclass(frozen=True)
class AIFailed:
    """The computer's search failed."""

    reason: str
    """What the engine said (its own words: an error, not a sentence of the game's)."""


@dataclass(frozen=True)
class TutorFailed:
    """The tutor's search failed: the decision goes unchecked (or, its rollout failing, the search's
    verdict stands)."""

    reason: str
    """What the engine said."""
    rollout: bool = False
    """The rollout confirming the search's catch failed, not the search."""


# --- the cube and resignations ------------------------------------------------------------------------


@dataclass(frozen=True)
class ComputerOffersResignation:
    """The computer offers to resign."""

    offer: Resignation
    """What it gives."""
    points: int
    """What the other side would score."""


@dataclass(frozen=True)
class DoubleWaits:
    """A double was offered and waits for its answer."""

    doubler: Side
    """Who doubled."""
    taker: Side
    """Who answers."""
    cube: int
    """The cube offered."""


@dataclass(frozen=True)
class Doubled:
    """A person doubles."""

    doubler: Side
    """Who."""
    cube: int
    """The cube offered."""


@dataclass(frozen=True)
class Took:
    """A double taken (``beaver``: and at once redoubled, the cube kept)."""

    taker: Side
    """Who took (and owns the cube)."""
    cube: int
    """The cube now."""
    beaver: bool = False
    """They beavered."""


@dataclass(frozen=True)
class Passed:
    """A double passed: the doubler wins."""

    passer: Side
    """Who passed."""
    winner: Side
    """Who doubled (and wins)."""
    points: int
    """What they win."""


@dataclass(frozen=True)
class WeighingDouble:
    """The take / pass advice is being weighed for a person facing a double."""

    taker: Side
    """Who is advised."""
    computers: bool
    """The double is the computer's."""


@dataclass(frozen=True)
class ComputerTakes:
    """The computer took a double (``beaver``: and beavered)."""

    chance: float
    """Its chance to win."""
    cube: int
    """The cube now."""
    beaver: bool = False
    """It beavered."""


@dataclass(frozen=True)
class ComputerPasses:
    """The computer passed a double."""

    chance: float
    """Its chance to win."""
    points: int
    """What the doubler wins."""


@dataclass(frozen=True)
class OffersResignation:
    """A person offers to resign."""

    resigner: Side
    """Who."""
    offer: Resignation
    """What they give."""


@dataclass(frozen=True)
class ComputerAccepts:
    """The computer accepted a resignation."""

    points: int
    """What it wins."""


@dataclass(frozen=True)
class Accepted:
    """A person accepted a resignation and wins."""

    accepter: Side
    """Who."""
    points: int
    """What they win."""


@dataclass(frozen=True)
class Declined:
    """A person declined a resignation: play goes on."""

    decliner: Side
    """Who."""


@dataclass(frozen=True)
class CubeHinted:
    """The cube hint for the side on roll."""

    answer: CubeAnswer
    """The engine's answer, from the side on roll."""
    taker: Side
    """The other side (who would answer a double)."""


# --- why a key does nothing ---------------------------------------------------------------------------


class DoubleBlock(Enum):
    """Why the person on roll may not double now."""

    GAME_OVER = auto()
    WAITING = auto()
    NOT_YOUR_TURN = auto()
    OPENING = auto()
    ROLLED = auto()
    CRAWFORD = auto()
    NOT_OWNER = auto()
    AT_MAX = auto()
    NOT_NOW = auto()


@dataclass(frozen=True)
class NoDoubleNow:
    """D pressed when no double may be made."""

    why: DoubleBlock
    """Why."""
    owner: Side
    """Who owns the cube (:attr:`DoubleBlock.NOT_OWNER`)."""
    cube: int
    """The cube's value (the largest, :attr:`DoubleBlock.AT_MAX`)."""


class HintBlock(Enum):
    """Why H gives no hint now."""

    GAME_OVER = auto()
    CUBE_BEING_WEIGHED = auto()
    NO_DOUBLE = auto()
    NO_LEGAL_MOVE = auto()
    ON_ITS_WAY = auto()
    NOT_YOUR_TURN = auto()


@dataclass(frozen=True)
class NoHintNow:
    """H pressed when no hint can be given."""

    why: HintBlock
    """Why."""
    double: NoDouble | None = None
    """Why no double can be weighed (:attr:`HintBlock.NO_DOUBLE`; None: not just now)."""
    owner: Side | None = None
    """Who owns the cube."""
    cube: int = 1
    """The cube's value."""


Said = (
    Note
    | Opening
    | OpeningTie
    | RolledDice
    | NoLegalMove
    | ForcedMove
    | ComputerCannotMove
    | ComputerPlayed
    | Played
    | Danced
    | HitsOnTheWay
    | Undone
    | NotDone
    | HintSetUp
    | LastMove
    | AIFailed
    | TutorFailed
    | ComputerOffersResignation
    | DoubleWaits
    | Doubled
    | Took
    | Passed
    | WeighingDouble
    | ComputerTakes
    | ComputerPasses
    | OffersResignation
    | ComputerAccepts
    | Accepted
    | Declined
    | CubeHinted
    | NoDoubleNow
    | NoHintNow
)
"""Everything the flow says (:class:`ui.flow.events.Message`), worded by :func:`ui.text.flow.said`."""
