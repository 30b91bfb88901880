"""eXtreme Gammon's position ID, the XGID: read it into a board and a Match ID's contents, and write it.

An XGID is ``XGID=`` (optional) and ten fields separated by colons, e.g. the starting
position with 5-2 to play, money, Jacoby and beavers on::

    XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10

====== ==================================================================================
field  what it holds
====== ==================================================================================
1      the board, 26 characters, from the *bottom* player's side whoever is on roll:
       character 0 is the top player's bar, 1-24 the bottom player's points 1-24, 25 the
       bottom player's bar; ``-`` is an empty point, ``A``-``O`` 1-15 of the bottom
       player's checkers, ``a``-``o`` 1-15 of the top player's
2      log2 of the cube value (0 is a cube on 1)
3      the cube's owner: 1 the bottom player, -1 the top player, 0 centred
4      whose turn it is: 1 the bottom player, -1 the top player (with ``D`` the player who
       has been doubled and must take or pass)
5      the dice: ``00`` to roll (or double), two digits once rolled (read higher first, as
       GNU Backgammon and our records hold them), ``D`` a double offered
       (``B`` beavered and ``R`` raccooned are not read here)
6, 7   the bottom player's score, the top player's score
8      a match: 1 in the Crawford game; money: 1 the Jacoby rule + 2 beavers allowed
9      the match length, 0 for money
10     log2 of the largest cube allowed (10 in most XGIDs; kept, not used)
====== ==================================================================================

In the :class:`~game.records.matchid.MatchInfo` read from an XGID the bottom player is GNU
Backgammon's player 1 and the top player its player 0, as GNU Backgammon's own
``set xgid`` reads it, so an XGID and the IDs GNU Backgammon gives it describe the same
players. The board is a code from the side on roll (the doubler while a double waits),
like a Position ID. Reading is linear in the text and bounded: more than
:data:`MAX_INPUT` characters is refused before anything is split.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from game.records.matchid import PLAYING, MatchInfo, impossible
from game.rules.cube import CUBE_VALUES, CubeState
from game.rules.position import BAR, CHECKERS, SLOTS, PositionError, pack, unpack, validate

PREFIX = "XGID="
"""What an XGID starts with (optional when reading)."""

MAX_INPUT = 200
"""The most characters read (an XGID is about 50)."""

BOARD_CHARS = 26
"""Characters of the board field."""

DEFAULT_MAX_CUBE_LOG = 10
"""The largest-cube field most XGIDs carry (2^10); written when nothing else is known."""

_NUMBER = re.compile(r"-?[0-9]{1,5}")
_FIELDS = (
    "board",
    "cube",
    "cube owner",
    "turn",
    "dice",
    "bottom score",
    "top score",
    "rules",
    "length",
    "max cube",
)


class XgidError(ValueError):
    """Text that is not an XGID this program can read; the message says why."""


@dataclass(frozen=True, slots=True)
class Xgid:
    """What an XGID holds: the board, GNU Backgammon's match data, and the money rules."""

    code: int
    """The board as a position code from the side on roll (the doubler while a double waits)."""

    info: MatchInfo
    """Cube, score, length, Crawford, dice, a double offered; player 1 is the XGID's bottom player."""

    beavers: bool = False
    """Money play: beavers allowed."""

    max_cube_log: int = DEFAULT_MAX_CUBE_LOG
    """log2 of the largest cube the XGID allows (kept so the text reads back the same)."""

    @property
    def text(self) -> str:
        """The XGID, written back."""
        return write_xgid(self.code, self.info, beavers=self.beavers, max_cube_log=self.max_cube_log)


def looks_like_xgid(text: str) -> bool:
    """True when ``text`` is meant as an XGID: it says ``XGID=`` or has the 26-character board field."""
    raw = text.strip()
    if raw[: len(PREFIX)].upper() == PREFIX:
        return True
    head = raw.split(":", 1)[0]
    return len(head) == BOARD_CHARS and ":" in raw


def read_xgid(text: str) -> Xgid:
    """Read an XGID; :class:`XgidError` with the reason when it is not one this program can use."""
    if not isinstance(text, str):
        raise XgidError("an XGID is text")
    raw = text.strip()
    if len(raw) > MAX_INPUT:
        raise XgidError(f"that is {len(raw)} characters: an XGID has about 50")
    if raw[: len(PREFIX)].upper() == PREFIX:
        raw = raw[len(PREFIX) :]
    fields = raw.split(":")
    if len(fields) != len(_FIELDS):
        raise XgidError(
            f"an XGID has {len(_FIELDS)} fields separated by colons (board, cube, owner, turn, dice, "
            f"two scores, rules, length, max cube), this has {len(fields)}"
        )
    bottom, top = _read_board(fields[0])
    n = _read_numbers(fields[1:])
    cube_log, owner_field, turn_field = n["cube"], n["cube owner"], n["turn"]
    length, rules, max_cube_log = n["length"], n["rules"], n["max cube"]
    score_bottom, score_top = n["bottom score"], n["top score"]
    value = CUBE_VALUES[cube_log]
    owner = {1: 1, -1: 0, 0: None}[owner_field]
    if value == 1 and owner is not None:
        raise XgidError("a cube on 1 is centred, but the XGID gives it an owner")
    player = 1 if turn_field == 1 else 0
    doubled, dice = _read_dice(fields[4])
    on_roll = 1 - player if doubled else player
    info = MatchInfo(
        cube=CubeState(value, owner),
        on_roll=on_roll,
        length=length,
        score=(score_top, score_bottom),
        dice=dice,
        crawford=bool(length) and rules == 1,
        jacoby=not length and bool(rules & 1),
        game_state=PLAYING,
        turn=player,
        doubled=doubled,
    )
    why = impossible(info)
    if why is not None:
        raise XgidError(f"the XGID cannot be: {why}")
    mover, other = (bottom, top) if on_roll == 1 else (top, bottom)
    return Xgid(pack(mover, other), info, beavers=not length and bool(rules & 2), max_cube_log=max_cube_log)


def write_xgid(
    code: int,
    info: MatchInfo,
    *,
    beavers: bool = False,
    bottom: int = 1,
    max_cube_log: int = DEFAULT_MAX_CUBE_LOG,
) -> str:
    """The XGID of a board (a code from ``info.on_roll``'s side) and a Match ID's contents.

    ``bottom`` is the GNU Backgammon player drawn at the bottom (uppercase): 1 reads back
    through :func:`read_xgid` unchanged; a game passes the human's player so that the XGID
    shows them at the bottom, as the board does. A resignation on offer and the game's
    state are not part of an XGID and are left out.
    """
    if bottom not in (0, 1):
        raise ValueError(f"bottom is GNU Backgammon's player 0 or 1, not {bottom!r}")
    board = _write_board(*board_sides(code, info.on_roll, bottom))

    def side(player: int | None) -> int:
        return 0 if player is None else (1 if player == bottom else -1)

    if info.doubled:
        dice, turn = "D", side(1 - info.on_roll)
    else:
        dice, turn = f"{info.dice[0]}{info.dice[1]}", side(info.on_roll)
    rules = int(info.crawford) if info.length else int(info.jacoby) + 2 * int(beavers)
    cube_log = CUBE_VALUES.index(info.cube.value)
    scores = (info.score[bottom], info.score[1 - bottom])
    fields = (board, cube_log, side(info.cube.owner), turn, dice, *scores, rules, info.length, max_cube_log)
    return PREFIX + ":".join(str(f) for f in fields)


def board_sides(code: int, on_roll: int, bottom: int = 1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the bottom player's 25 slots, the top player's), each from its owner's side, of a code from
    ``on_roll``'s side; ``bottom`` is the GNU Backgammon player at the bottom."""
    mine, theirs = unpack(code)
    return (mine, theirs) if on_roll == bottom else (theirs, mine)


def swap_players(info: MatchInfo) -> MatchInfo:
    """The same match with GNU Backgammon's players 0 and 1 exchanged."""

    def other(p: int | None) -> int | None:
        return None if p is None else 1 - p

    return replace(
        info,
        cube=CubeState(info.cube.value, other(info.cube.owner)),
        on_roll=1 - info.on_roll,
        score=(info.score[1], info.score[0]),
        turn=other(info.turn),
    )


def _read_numbers(fields: list[str]) -> dict[str, int]:
    """The numeric fields by name, each checked on its own and against the others."""
    n = {
        name: _number(name, value) for name, value in zip(_FIELDS[1:], fields, strict=True) if name != "dice"
    }
    cube_log, length, rules, max_cube_log = n["cube"], n["length"], n["rules"], n["max cube"]
    if not 0 <= cube_log < len(CUBE_VALUES):
        raise XgidError(f"the cube field {cube_log} means a cube of 2^{cube_log}: cubes here go from 1 to 64")
    if n["cube owner"] not in (-1, 0, 1):
        raise XgidError(f"the cube owner is 1 (bottom), -1 (top) or 0 (centred), not {n['cube owner']}")
    if n["turn"] not in (-1, 1):
        raise XgidError(f"the turn is 1 (bottom player) or -1 (top player), not {n['turn']}")
    if length < 0 or n["bottom score"] < 0 or n["top score"] < 0:
        raise XgidError("the match length and the scores cannot be negative")
    if length and max(n["bottom score"], n["top score"]) >= length:
        raise XgidError(
            f"the score {n['bottom score']}-{n['top score']} has already won a {length}-point match"
        )
    if length and rules not in (0, 1):
        raise XgidError(f"in a match the rules field is 1 in the Crawford game, else 0; not {rules}")
    if not length and rules not in (0, 1, 2, 3):
        raise XgidError(f"in money play the rules field is 0-3 (1 Jacoby, 2 beavers), not {rules}")
    if not 0 <= max_cube_log <= 15:
        raise XgidError(f"the largest-cube field is 0-15 (a power of 2), not {max_cube_log}")
    if cube_log > max_cube_log:
        raise XgidError(f"the cube 2^{cube_log} is above the XGID's own largest cube 2^{max_cube_log}")
    return n


def _read_board(field: str) -> tuple[list[int], list[int]]:
    """(bottom player's 25 slots, top player's 25 slots), each from its owner's side."""
    if len(field) != BOARD_CHARS:
        raise XgidError(f"the board field of an XGID has {BOARD_CHARS} characters, this has {len(field)}")
    bottom, top = [0] * SLOTS, [0] * SLOTS
    for i, ch in enumerate(field):
        if ch == "-":
            continue
        if "A" <= ch <= "O":
            if i == 0:
                raise XgidError(
                    "character 1 of the board is the top player's bar: it cannot hold a bottom checker"
                )
            bottom[BAR if i == BOARD_CHARS - 1 else i - 1] = ord(ch) - ord("A") + 1
        elif "a" <= ch <= "o":
            if i == BOARD_CHARS - 1:
                raise XgidError(
                    "character 26 of the board is the bottom player's bar: it cannot hold a top checker"
                )
            top[BAR if i == 0 else 24 - i] = ord(ch) - ord("a") + 1
        else:
            raise XgidError(
                f"character {i + 1} of the board is {ch!r}: a point holds '-', A-O (bottom) or a-o (top)"
            )
    for name, slots in (("bottom", bottom), ("top", top)):
        if sum(slots) > CHECKERS:
            raise XgidError(f"the {name} player has {sum(slots)} checkers on the board, more than {CHECKERS}")
    try:
        validate(bottom, top)
    except PositionError as exc:
        raise XgidError(f"the board: {exc}") from None
    return bottom, top


def _write_board(bottom: tuple[int, ...], top: tuple[int, ...]) -> str:
    chars = ["-"] * BOARD_CHARS
    if top[BAR]:
        chars[0] = chr(ord("a") + top[BAR] - 1)
    if bottom[BAR]:
        chars[BOARD_CHARS - 1] = chr(ord("A") + bottom[BAR] - 1)
    for i in range(1, 25):
        if bottom[i - 1]:
            chars[i] = chr(ord("A") + bottom[i - 1] - 1)
        elif top[24 - i]:
            chars[i] = chr(ord("a") + top[24 - i] - 1)
    return "".join(chars)


def _number(name: str, value: str) -> int:
    if not _NUMBER.fullmatch(value.strip()):
        raise XgidError(f"the {name} field of an XGID is a whole number, not {value[:12]!r}")
    return int(value)


def _read_dice(field: str) -> tuple[bool, tuple[int, int]]:
    """(a double offered, the dice or (0, 0))."""
    f = field.strip().upper()
    if f == "D":
        return True, (0, 0)
    if f in ("B", "R"):
        what = "beavered" if f == "B" else "raccooned"
        raise XgidError(
            f"the dice field {f} (a double {what}) is not read here: paste the position before it"
        )
    if f == "00":
        return False, (0, 0)
    if len(f) == 2 and all(c in "123456" for c in f):
        high, low = max(f), min(f)
        return False, (int(high), int(low))
    raise XgidError(
        f"the dice field is 00 (to roll), two dice 1-6 (e.g. 52) or D (doubled), not {field[:8]!r}"
    )
