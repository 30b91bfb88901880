"""The cube's part of a saved game (no pygame): cube actions, a game ended by a pass or a resignation.

Read and checked field by field (:mod:`game.support.validate`); a save without these fields
(from before the cube) loads with a centred cube.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.rules.cube import CENTRED, CubeState
from game.rules.outcome import Outcome, Termination
from game.support import validate as v

if TYPE_CHECKING:
    from game.ui.model.session import GameSession

HUMAN, AI = 0, 1
MAX_LOG = 100_000
"""More cube actions than any game has: a longer list is damage."""


class CubeSaveError(ValueError):
    """Cube data in a save that contradicts the rest of it."""


CUBE_KINDS = ("double", "take", "drop", "beaver")
"""What a cube record says."""

END_KINDS = ("drop", "resign")
"""How a game ended other than by bearing off."""


@dataclass(frozen=True, slots=True)
class CubeRecord:
    """A cube action: who, what, the cube value it names, and after how many turns of the log."""

    player: int
    """0 (human) or 1 (computer)."""
    kind: str
    """One of CUBE_KINDS."""
    value: int
    """The cube offered (double, beaver) or taken / dropped."""
    turn: int
    """How many turns of the log were played before it."""


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game ended by a passed double or an accepted resignation."""

    outcome: Outcome
    """Who won, and what kind of game was conceded."""
    how: str
    """"drop" or "resign"."""


def end_json(end: GameEnd) -> list[object]:
    return [end.outcome.winner, end.outcome.termination.name, end.how]


def cube_from_json(s: GameSession, d: dict[str, Any]) -> None:
    """The cube fields of a save (a save without them: a centred cube, no doubles)."""
    s.cube = CubeState.from_json(d.get("cube", CENTRED.to_json()))
    if s.cube.value > 1 and s.match.is_crawford():
        raise CubeSaveError("the cube was turned in the Crawford game")
    offered = d.get("offered")
    s.offered = None if offered is None else v.choice(offered, "offered", (HUMAN, AI))
    if s.offered is not None and (s.turn != s.offered or s.state.dice is not None):
        raise CubeSaveError("a double waits for an answer but its doubler is not about to roll")
    s.cube_log = [
        _cube_record(c, f"cube_log[{k}]", len(s.log))
        for k, c in enumerate(v.items(d.get("cube_log", []), "cube_log", MAX_LOG))
    ]
    crawford = v.flag(d.get("crawford", s.match.is_crawford()), "crawford")
    if crawford != s.match.is_crawford():
        raise CubeSaveError("the saved Crawford flag does not match the score")
    end = d.get("end")
    if end is not None:
        winner, kind, how = v.items(end, "end", 3, 3)
        kind = v.choice(kind, "end kind", tuple(Termination.__members__))
        s.end = GameEnd(
            Outcome(v.choice(winner, "end winner", (HUMAN, AI)), Termination[kind]),
            v.choice(how, "end how", END_KINDS),
        )
    record = d.get("record", "")
    s.record_name = "" if record == "" else v.text(record, "record", 80)
    if "/" in s.record_name or "\\" in s.record_name or s.record_name.startswith("."):
        raise CubeSaveError(f"bad record file name {v.show(s.record_name)}")


def _cube_record(data: object, name: str, turns: int) -> CubeRecord:
    """A logged cube action ``[player, kind, value, turn]``."""
    player, kind, value, turn = v.items(data, name, 4, 4)
    return CubeRecord(
        v.choice(player, f"{name} player", (HUMAN, AI)),
        v.choice(kind, f"{name} kind", CUBE_KINDS),
        v.choice(value, f"{name} value", (2, 4, 8, 16, 32, 64)),
        v.integer(turn, f"{name} turn", 0, turns),
    )
