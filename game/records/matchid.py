"""GNU Backgammon's Match ID: cube, score, match length, turn and dice in 12 characters.

The key is 72 bits filled from the least significant bit of the first of 9
bytes, written in base64 (as GNU Backgammon's manual documents):

====== ===== =====================================================
bits   width field
====== ===== =====================================================
0-3    4     log2 of the cube value
4-5    2     cube owner: 0, 1, or 3 for centred
6      1     the player on roll (who rolls or rolled the dice)
7      1     Crawford game
8-10   3     game state: 0 none, 1 playing, 2 over, 3 resigned, 4 cube dropped
11     1     the player who must decide now (turn)
12     1     a double is offered
13-14  2     resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
15-17  3     die 1 (0 = not rolled)
18-20  3     die 2
21-35  15    match length (0 = money)
36-50  15    score of player 0
51-65  15    score of player 1
66     1     set when the Jacoby rule is *not* in effect
====== ===== =====================================================
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from game.rules.cube import CUBE_VALUES, CubeState

ID_LENGTH = 12
"""Characters in a Match ID."""

_FIELDS: tuple[tuple[str, int, int], ...] = (
    ("cube_log", 0, 4),
    ("owner", 4, 2),
    ("on_roll", 6, 1),
    ("crawford", 7, 1),
    ("game_state", 8, 3),
    ("turn", 11, 1),
    ("doubled", 12, 1),
    ("resigned", 13, 2),
    ("die1", 15, 3),
    ("die2", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("no_jacoby", 66, 1),
)

PLAYING = 1
"""The game state of a game in progress."""

MAX_SCORE = (1 << 15) - 1
"""The largest score a Match ID holds (15 bits). A money session may run past it: its score changes
no decision, so :func:`match_id` writes a larger money score as this."""


class MatchIdError(ValueError):
    """A Match ID that cannot be read, or match data that cannot be written as one."""


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What a Match ID holds. Players are GNU Backgammon's 0 and 1."""

    cube: CubeState
    """The cube's value and owner."""

    on_roll: int
    """The player on roll (about to roll, or who rolled ``dice``)."""

    length: int
    """Match length; 0 for money play."""

    score: tuple[int, int]
    """Points of player 0 and player 1."""

    dice: tuple[int, int] = (0, 0)
    """The roll, or (0, 0) before the roll."""

    crawford: bool = False
    """This game is the Crawford game."""

    jacoby: bool = False
    """The Jacoby rule is in effect (money play)."""

    game_state: int = PLAYING
    """0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a dropped cube."""

    turn: int | None = None
    """The player who must decide now; None means the player on roll."""

    doubled: bool = False
    """A double has been offered and not yet answered."""

    resigned: int = 0
    """Resignation on offer: 0 none, 1 single, 2 gammon, 3 backgammon."""

    def has_dice(self) -> bool:
        """True once the player on roll has rolled."""
        return self.dice != (0, 0)

    def is_money(self) -> bool:
        """True for money play (match length 0)."""
        return self.length == 0

    def away(self, player: int) -> int:
        """Points ``player`` still needs (match play)."""
        return self.length - self.score[player]

    def is_post_crawford(self) -> bool:
        """Match play after the Crawford game: a side is 1-away and this is not the Crawford game."""
        return (
            not self.is_money()
            and not self.crawford
            and self.length > 1
            and 1 in (self.away(0), self.away(1))
        )


def impossible(info: MatchInfo) -> str | None:
    """Why the match state ``info`` cannot happen, in words (None when it can): the one test of it,
    for Match IDs, XGIDs and whatever reads them (the hint protocol, rollouts, a set-up game).

    The Crawford game is a match's, with one side 1-away, the cube centred on 1 and no double in
    it; a double is offered before the roll, by the player on roll when
    it holds the cube or the cube is centred, to the other player, with no resignation on offer;
    the other player decides only on an offer."""
    if info.crawford:
        if info.is_money():
            return "there is no Crawford game in money play"
        if 1 not in (info.away(0), info.away(1)):
            where = f"{info.score[0]}-{info.score[1]} in a {info.length}-point match"
            return f"there is no Crawford game at {where}: no side needs one point"
        if info.cube.value != 1 or info.doubled:
            return "the cube is turned in the Crawford game, where there is no doubling"
    if info.doubled:
        if info.has_dice():
            return "a double is offered after the roll"
        if info.cube.owner is not None and info.cube.owner != info.on_roll:
            return "a double is offered by the player who does not own the cube"
        if info.turn == info.on_roll:
            return "a double is offered to the player who offered it"
        if info.resigned:
            return "a double and a resignation are on offer at once"
    elif info.game_state == PLAYING and not info.resigned and info.turn not in (None, info.on_roll):
        return "the player to decide is not the one on roll, and nothing is on offer"
    return None


def match_id(info: MatchInfo) -> str:
    """The 12-character Match ID of ``info`` (a money score past :data:`MAX_SCORE` written as it)."""
    score = tuple(min(s, MAX_SCORE) for s in info.score) if info.is_money() else info.score
    owner = 3 if info.cube.owner is None else info.cube.owner
    d1, d2 = info.dice
    values = {
        "cube_log": CUBE_VALUES.index(info.cube.value),
        "owner": owner,
        "on_roll": info.on_roll,
        "crawford": int(info.crawford),
        "game_state": info.game_state,
        "turn": info.on_roll if info.turn is None else info.turn,
        "doubled": int(info.doubled),
        "resigned": info.resigned,
        "die1": d1,
        "die2": d2,
        "length": info.length,
        "score0": score[0],
        "score1": score[1],
        "no_jacoby": int(not info.jacoby),
    }
    key = 0
    for name, start, width in _FIELDS:
        v = values[name]
        if not 0 <= v < 1 << width:
            raise MatchIdError(f"{name} {v} does not fit in a Match ID")
        key |= v << start
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def from_match_id(text: str) -> MatchInfo:
    """Read a Match ID; :class:`MatchIdError` with the reason when it is not one."""
    mid = text.strip()
    if len(mid) != ID_LENGTH:
        raise MatchIdError(f"a Match ID has {ID_LENGTH} characters, got {len(mid)} in {text!r}")
    try:
        raw = base64.b64decode(mid, validate=True)
    except (binascii.Error, ValueError):
        raise MatchIdError(f"not a Match ID (bad base64): {text!r}") from None
    key = int.from_bytes(raw, "little")
    f = {name: (key >> start) & ((1 << width) - 1) for name, start, width in _FIELDS}
    if f["cube_log"] >= len(CUBE_VALUES):
        raise MatchIdError(f"cube value 2^{f['cube_log']} in {text!r} is above {CUBE_VALUES[-1]}")
    if f["owner"] == 2:
        raise MatchIdError(f"bad cube owner in {text!r}")
    owner = None if f["owner"] == 3 else f["owner"]
    value = CUBE_VALUES[f["cube_log"]]
    if value == 1 and owner is not None:
        raise MatchIdError(f"a cube on 1 is centred, but {text!r} gives it an owner")
    dice = (f["die1"], f["die2"])
    if (dice[0] == 0) != (dice[1] == 0) or max(dice) > 6:
        raise MatchIdError(f"bad dice {dice} in {text!r}")
    if f["game_state"] > 4:
        raise MatchIdError(f"bad game state in {text!r}")
    length, score = f["length"], (f["score0"], f["score1"])
    if length and max(score) >= length and f["game_state"] == PLAYING:
        raise MatchIdError(f"score {score} in {text!r} has already won a {length}-point match")
    return MatchInfo(
        cube=CubeState(value, owner),
        on_roll=f["on_roll"],
        length=length,
        score=score,
        dice=dice,
        crawford=bool(f["crawford"]),
        jacoby=not f["no_jacoby"],
        game_state=f["game_state"],
        turn=f["turn"],
        doubled=bool(f["doubled"]),
        resigned=f["resigned"],
    )
