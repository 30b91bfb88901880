"""The cube's part of a saved game (no pygame): cube actions, a game ended by a pass or a resignation.

Read and checked field by field (:mod:`game.support.validate`); a save without these fields
(from before the cube) loads with a centred cube.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from game.rules.cube import CENTRED, CubeAction, CubeState
from game.rules.outcome import Outcome, Termination
from game.support import validate as v

HUMAN, AI = 0, 1
MAX_LOG = 100_000
"""More cube actions than any game has: a longer list is damage."""


class CubeSaveError(ValueError):
    """Cube data in a save that contradicts the rest of it."""


LOGGED = (CubeAction.DOUBLE, CubeAction.TAKE, CubeAction.PASS, CubeAction.BEAVER)
"""The cube actions a game's cube log holds."""

OLD_PASS = "drop"
"""How saves before the cube actions had one name wrote a pass (still read)."""

GameEndHow = Literal["pass", "resign"]
"""How a game ended other than by bearing off: a passed double or an accepted resignation."""

END_KINDS: tuple[GameEndHow, ...] = ("pass", "resign")

LOGGED_NAMES = tuple(a.value for a in LOGGED)


@dataclass(frozen=True, slots=True)
class CubeRecord:
    """A cube action: who, what, the cube value it names, and after how many turns of the log."""

    player: int
    """0 (human) or 1 (computer)."""
    kind: CubeAction
    """One of :data:`LOGGED`."""
    value: int
    """The cube offered (double, beaver) or taken / dropped."""
    turn: int
    """How many turns of the log were played before it."""


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game ended by a passed double or an accepted resignation."""

    outcome: Outcome
    """Who won, and what kind of game was conceded."""
    how: GameEndHow
    """A passed double or an accepted resignation."""


def end_json(end: GameEnd) -> list[object]:
    return [end.outcome.winner, end.outcome.termination.name, end.how]


@dataclass(frozen=True, slots=True)
class SavedCube:
    """The cube's fields of a saved game, read and checked against the rest of the save."""

    cube: CubeState
    """The doubling cube."""
    offered: int | None
    """The player whose double waits for an answer, if any."""
    cube_log: list[CubeRecord]
    """Doubles and answers, in order."""
    end: GameEnd | None
    """The game's end by a pass or a resignation (None: played out or going on)."""
    record_name: str
    """The file the match's record is kept in ("": none yet)."""


@dataclass(frozen=True, slots=True)
class SaveFacts:
    """What the cube's fields are checked against: the rest of the save, already read."""

    crawford: bool
    """Whether the saved score makes this game the Crawford game."""
    turn: int | None
    """The player on roll (None: nobody, the game not begun or over)."""
    rolled: bool
    """Whether the player on roll has rolled."""
    turns: int
    """How many turns the save's log holds."""


def cube_from_json(d: dict[str, Any], facts: SaveFacts) -> SavedCube:
    """The cube fields of a save (a save without them: a centred cube, no doubles)."""
    cube = CubeState.from_json(d.get("cube", CENTRED.to_json()))
    if cube.value > 1 and facts.crawford:
        raise CubeSaveError("the cube was turned in the Crawford game")
    offered_at = d.get("offered")
    offered = None if offered_at is None else v.choice(offered_at, "offered", (HUMAN, AI))
    if offered is not None and (facts.turn != offered or facts.rolled):
        raise CubeSaveError("a double waits for an answer but its doubler is not about to roll")
    cube_log = [
        _cube_record(c, f"cube_log[{k}]", facts.turns)
        for k, c in enumerate(v.items(d.get("cube_log", []), "cube_log", MAX_LOG))
    ]
    crawford = v.flag(d.get("crawford", facts.crawford), "crawford")
    if crawford != facts.crawford:
        raise CubeSaveError("the saved Crawford flag does not match the score")
    end = None
    saved_end = d.get("end")
    if saved_end is not None:
        winner, kind, how = v.items(saved_end, "end", 3, 3)
        kind = v.choice(kind, "end kind", tuple(Termination.__members__))
        end = GameEnd(
            Outcome(v.choice(winner, "end winner", (HUMAN, AI)), Termination[kind]),
            _end_how(how),
        )
    record = d.get("record", "")
    record_name = "" if record == "" else v.text(record, "record", 80)
    if "/" in record_name or "\\" in record_name or record_name.startswith("."):
        raise CubeSaveError(f"bad record file name {v.show(record_name)}")
    return SavedCube(cube, offered, cube_log, end, record_name)


def _cube_record(data: object, name: str, turns: int) -> CubeRecord:
    """A logged cube action ``[player, kind, value, turn]``."""
    player, kind, value, turn = v.items(data, name, 4, 4)
    return CubeRecord(
        v.choice(player, f"{name} player", (HUMAN, AI)),
        CubeAction(
            v.choice(CubeAction.PASS.value if kind == OLD_PASS else kind, f"{name} kind", LOGGED_NAMES)
        ),
        v.choice(value, f"{name} value", (2, 4, 8, 16, 32, 64)),
        v.integer(turn, f"{name} turn", 0, turns),
    )


def _new_name(kind: object) -> object:
    """A saved cube action's name, an old save's "drop" read as a pass."""
    return CubeAction.PASS.value if kind == OLD_PASS else kind


def _end_how(how: object) -> GameEndHow:
    """How a saved game ended, read."""
    match _new_name(how):
        case "pass":
            return "pass"
        case "resign":
            return "resign"
        case _:
            raise v.Invalid(f"end how must be one of {END_KINDS}, not {v.show(how)}")
