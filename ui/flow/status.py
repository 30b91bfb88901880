"""The status line as a typed value (no words): the phase, and when a person is to act, who and
what (:func:`ui.text.flow.status` words it)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

from ui.flow.events import Phase
from ui.flow.said import Side, side
from ui.model.session import HUMAN, GameSession
from ui.model.turn import TurnBuilder


class Doing(Enum):
    """What the side on roll does next, when a person decides it."""

    ROLL = auto()
    ENTER_OPENING = auto()
    MOVE = auto()
    CONFIRM = auto()
    NO_MOVE = auto()
    TAKE_OR_PASS = auto()
    ACCEPT_RESIGNATION = auto()


@dataclass(frozen=True)
class Status:
    """The status line: the phase, and when a person is to act, who and what."""

    phase: Phase
    """Where the turn is."""
    doing: Doing | None = None
    """What the person does next (None: the phase says it)."""
    actor: Side | None = None
    """Who (None: you, against the computer)."""
    rollout: bool = False
    """The tutor checks the decision by a rollout (TUTOR_CHECKING, the search having caught an error)."""


def status_of(
    session: GameSession,
    phase: Phase,
    builder: TurnBuilder | None,
    resigner: int | None,
    opening_by_hand: bool = False,
) -> Status:
    """The status line: whose turn it is and what comes next (two players: by name;
    ``opening_by_hand``: the opening roll waits for real dice typed in)."""
    b, s = builder, session
    if opening_by_hand:
        return Status(phase, Doing.ENTER_OPENING)
    if not s.config.is_two_player():
        if phase is Phase.MOVING and b is not None:
            return Status(
                phase, Doing.NO_MOVE if b.is_pass() else Doing.CONFIRM if b.is_complete() else Doing.MOVE
            )
        return Status(phase)
    turn = s.turn if s.turn is not None else HUMAN
    match phase:
        case Phase.MOVING if b is not None and b.is_pass():
            return Status(phase, Doing.NO_MOVE, side(s, turn))
        case Phase.MOVING if b is not None:
            return Status(phase, Doing.CONFIRM if b.is_complete() else Doing.MOVE, side(s, turn))
        case Phase.AWAITING_ROLL | Phase.MOVING:
            return Status(phase, Doing.ROLL, side(s, turn))
        case Phase.TAKE_OR_PASS:
            return Status(
                phase, Doing.TAKE_OR_PASS, side(s, 1 - (s.offered if s.offered is not None else turn))
            )
        case Phase.RESIGN_OFFERED:
            taker = 1 - (resigner if resigner is not None else turn)
            return Status(phase, Doing.ACCEPT_RESIGNATION, side(s, taker))
        case _:
            return Status(phase)
