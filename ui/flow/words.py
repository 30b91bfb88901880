"""How the turn flow names the players in its messages (no pygame).

Against the computer the person is "you" and the other side "the computer"; when two
people play, each is called by name.
"""

from __future__ import annotations

from ui.flow.events import PHASE_STATUS, Phase
from ui.model.session import HUMAN, GameSession
from ui.model.turn import TurnBuilder


def is_you(session: GameSession, player: int) -> bool:
    """True when ``player`` is spoken to as "you" (the person playing the computer)."""
    return player == HUMAN and not session.config.is_two_player()


def who(session: GameSession, player: int, mid: bool = False) -> str:
    """The subject of a sentence about ``player``: "You", "The computer", or the player's name
    (``mid``: inside a sentence, "you", "the computer")."""
    if session.config.is_two_player():
        return session.names()[player]
    said = "You" if player == HUMAN else "The computer"
    return said.lower() if mid else said


def whose(session: GameSession, player: int) -> str:
    """``player``'s, at the start of a sentence: "Your", "The computer's", "Ann's"."""
    return "Your" if is_you(session, player) else f"{who(session, player)}'s"


def does(session: GameSession, player: int, you: str, they: str, mid: bool = False) -> str:
    """``player`` and the verb that agrees: ``does(s, 0, "take", "takes")`` is "You take" or "Ann takes"."""
    return f"{who(session, player, mid)} {you if is_you(session, player) else they}"


def wins(session: GameSession, player: int, points: int) -> str:
    """``player`` wins ``points`` point(s), inside a sentence: "the computer wins 2 points"."""
    return f"{does(session, player, 'win', 'wins', mid=True)} {points} point{'s' * (points > 1)}"


NUMBER_WORDS = ("no", "a", "two", "three", "four")
"""How many dice of one value, in words (a double gives at most four)."""


def dice_left(dice: tuple[int, ...]) -> str:
    """The dice still to play, in a sentence's words: "a 4 is left", "a 6 and a 2 are left",
    "three 5s are left" (a double's dice counted, high dice first)."""
    if not dice:
        return "no dice are left"
    values = sorted(set(dice), reverse=True)
    parts = [f"{NUMBER_WORDS[dice.count(v)]} {v}{'s' * (dice.count(v) > 1)}" for v in values]
    return f"{' and '.join(parts)} {'is' if len(dice) == 1 else 'are'} left"


def status_words(
    session: GameSession, phase: Phase, builder: TurnBuilder | None, resigner: int | None
) -> str:
    """The status line: whose turn it is and what comes next (two players: by name)."""
    b = builder
    if session.config.is_two_player():
        return _two_player_status(session, phase, b, resigner)
    if phase is Phase.MOVING and b is not None:
        if b.is_pass():
            return "No legal move"
        return "Your turn: confirm" if b.is_complete() else "Your turn: move"
    return PHASE_STATUS[phase]


def _two_player_status(s: GameSession, phase: Phase, b: TurnBuilder | None, resigner: int | None) -> str:
    turn = s.turn if s.turn is not None else HUMAN
    match phase:
        case Phase.MOVING if b is not None and b.is_pass():
            return f"{whose(s, turn)} turn: no legal move"
        case Phase.MOVING if b is not None:
            return f"{whose(s, turn)} turn: {'confirm' if b.is_complete() else 'move'}"
        case Phase.AWAITING_ROLL | Phase.MOVING:
            return f"{whose(s, turn)} turn: roll"
        case Phase.TAKE_OR_PASS:
            taker = 1 - (s.offered if s.offered is not None else turn)
            return f"{who(s, taker)}: take or pass?"
        case Phase.RESIGN_OFFERED:
            return f"{who(s, 1 - (resigner if resigner is not None else turn))}: accept the resignation?"
        case _:
            return PHASE_STATUS[phase]
