"""The doubling cube: its state, who may double, take and pass, points scored, resignations.

Pure rules, no user interface and no AI. A cube is centred at 1 at the start of
every game; a player may double before rolling when the cube is centred or is
theirs, except in the Crawford game, and never beyond :data:`MAX_CUBE`. The
opponent takes (and owns the cube at twice the value) or passes (and loses the
current value). In money play a player who has just been doubled may *beaver*
(redouble at once, keeping the cube) when beavers are on, and the Jacoby rule
(on by default) counts gammons and backgammons as single games while the cube
has not been turned.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from game.rules.outcome import Outcome, Termination

MAX_CUBE = 64
"""The largest cube value."""

CUBE_VALUES: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64)
"""Every value the cube can show."""


class CubeAction(enum.StrEnum):
    """A cube decision, by the one name each has everywhere (records, review, tutor, worker).

    A string enum: its value is the word a JSON answer or a saved file holds. The .mat text
    writes a pass as ``Drops`` (and reads ``Passes`` and ``Rejects`` too); the model calls it
    :attr:`PASS`.
    """

    NO_DOUBLE = "no double"
    """Rolling when a double was possible."""

    DOUBLE = "double"
    """Offering the cube at twice its value."""

    TAKE = "take"
    """Accepting a double: owning the cube at twice the value."""

    PASS = "pass"
    """Refusing a double: losing the game at the cube's value before the double."""

    BEAVER = "beaver"
    """Money play: taking and redoubling at once, keeping the cube."""


class CubeError(ValueError):
    """A cube action the rules do not allow, or bad saved cube data."""


@dataclass(frozen=True, slots=True)
class CubeRules:
    """Optional rules of a money session (a match ignores both)."""

    jacoby: bool = True
    """Money: gammons and backgammons count single until the cube has been turned."""

    beavers: bool = False
    """Money: a doubled player may redouble at once and keep the cube."""


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube in one game."""

    value: int = 1
    """What the cube shows: 1, 2, 4, ... 64."""

    owner: int | None = None
    """The player (0 or 1) who owns it and alone may redouble; None while centred."""

    def __post_init__(self) -> None:
        if self.value not in CUBE_VALUES:
            raise CubeError(f"a cube shows 1, 2, 4, ... {MAX_CUBE}, not {self.value!r}")
        if self.owner not in (None, 0, 1):
            raise CubeError(f"a cube is owned by player 0 or 1 or centred, not {self.owner!r}")
        if self.value == 1 and self.owner is not None:
            raise CubeError("a cube on 1 is always centred")

    def is_centred(self) -> bool:
        """True while nobody has taken a double (beavers included)."""
        return self.owner is None

    def is_turned(self) -> bool:
        """True once any double has been taken (what the Jacoby rule asks)."""
        return self.owner is not None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (see :meth:`from_json`)."""
        return {"value": self.value, "owner": self.owner}

    @classmethod
    def from_json(cls, data: object) -> CubeState:
        """Read what :meth:`to_json` wrote; :class:`CubeError` on anything else."""
        if not isinstance(data, dict):
            raise CubeError("cube data must be an object")
        value, owner = data.get("value"), data.get("owner")
        if not isinstance(value, int) or isinstance(value, bool):
            raise CubeError(f"cube value must be a number, got {value!r}")
        if owner is not None and (not isinstance(owner, int) or isinstance(owner, bool)):
            raise CubeError(f"cube owner must be 0, 1 or null, got {owner!r}")
        return cls(value, owner)


CENTRED = CubeState()
"""The cube at the start of a game."""

DEFAULT_RULES = CubeRules()
"""Jacoby on, beavers off."""


class NoDouble(enum.Enum):
    """Why the rules refuse a double."""

    ROLLED = "the player has rolled"
    CRAWFORD = "the Crawford game"
    NOT_OWNER = "the opponent owns the cube"
    AT_MAX = "the cube is at its largest value"


def double_refusal(
    cube: CubeState, player: int, *, crawford: bool = False, rolled: bool = False
) -> NoDouble | None:
    """Why ``player`` may not double now, or None when they may (see :func:`can_double`)."""
    if player not in (0, 1):
        raise CubeError(f"a player is 0 or 1, not {player!r}")
    if rolled:
        return NoDouble.ROLLED
    if crawford:
        return NoDouble.CRAWFORD
    if cube.owner is not None and cube.owner != player:
        return NoDouble.NOT_OWNER
    if cube.value >= MAX_CUBE:
        return NoDouble.AT_MAX
    return None


def can_double(cube: CubeState, player: int, *, crawford: bool = False, rolled: bool = False) -> bool:
    """Whether ``player`` may double now.

    Only before rolling (``rolled`` False), with the cube centred or owned by
    ``player``, outside the Crawford game, and while the cube is below :data:`MAX_CUBE`.
    """
    return double_refusal(cube, player, crawford=crawford, rolled=rolled) is None


def take(cube: CubeState, doubler: int, *, crawford: bool = False, rolled: bool = False) -> CubeState:
    """The cube after ``doubler`` doubled and the opponent took: twice the value, the taker's."""
    if not can_double(cube, doubler, crawford=crawford, rolled=rolled):
        raise CubeError(f"player {doubler} may not double here")
    return CubeState(cube.value * 2, 1 - doubler)


def pass_points(cube: CubeState) -> int:
    """What the doubler wins when the double is passed: the cube's value before doubling."""
    return cube.value


def pass_outcome(doubler: int) -> Outcome:
    """The end of the game when ``doubler``'s double is passed (a single win at the cube's value)."""
    return Outcome(doubler, Termination.SINGLE)


def can_beaver(cube_after_take: CubeState, player: int, *, money: bool, rules: CubeRules) -> bool:
    """Whether ``player``, who has just taken a double, may beaver (money, beavers on, cube below max)."""
    return money and rules.beavers and cube_after_take.owner == player and cube_after_take.value < MAX_CUBE


def beaver(cube_after_take: CubeState, player: int, *, money: bool, rules: CubeRules) -> CubeState:
    """The cube after ``player`` beavered: twice again, still ``player``'s."""
    if not can_beaver(cube_after_take, player, money=money, rules=rules):
        raise CubeError(f"player {player} may not beaver here")
    return CubeState(cube_after_take.value * 2, player)


def is_jacoby_single(termination: Termination, cube: CubeState, *, money: bool, rules: CubeRules) -> bool:
    """True when the Jacoby rule makes a gammon or backgammon count as a single game."""
    return money and rules.jacoby and not cube.is_turned() and termination is not Termination.SINGLE


def game_points(
    termination: Termination, cube: CubeState, *, money: bool, rules: CubeRules = DEFAULT_RULES
) -> int:
    """Points the winner scores: the cube value times 1, 2 or 3 (Jacoby: 1 until the cube is turned).

    In a match the points are awarded in full even past the match length.
    """
    kind = 1 if is_jacoby_single(termination, cube, money=money, rules=rules) else termination.value
    return cube.value * kind


class Resignation(enum.Enum):
    """What a resigning player offers to lose."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @property
    def termination(self) -> Termination:
        """The game end it stands for."""
        return Termination(self.value)


def resign_outcome(resigner: int, offer: Resignation) -> Outcome:
    """The end of the game when ``resigner``'s offer is accepted: the opponent wins that kind."""
    if resigner not in (0, 1):
        raise CubeError(f"a player is 0 or 1, not {resigner!r}")
    return Outcome(1 - resigner, offer.termination)


def resign_points(
    offer: Resignation, cube: CubeState, *, money: bool, rules: CubeRules = DEFAULT_RULES
) -> int:
    """Points the opponent scores when the offer is accepted (Jacoby applies as in play)."""
    return game_points(offer.termination, cube, money=money, rules=rules)
