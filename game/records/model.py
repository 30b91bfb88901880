"""A match record, whatever format it was read from or is written to: the match, its games and
what was played in them, its variant and its rules.

Each format maps its own text or bytes onto this model and back (:mod:`game.records.mat`,
:mod:`game.records.sgf`, :mod:`game.records.xg`, told apart and chosen in
:mod:`game.records.formats`); :mod:`game.records.replay` plays a record through the rules. A move
is written in ``.mat`` notation (``13/7 8/7``, points from the mover's side, 25 the bar, 0 off),
the notation every reader turns its moves into. A player is 0 (the left column of a ``.mat``
record, White in an ``.sgf``, eXtreme Gammon's player 1) or 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from game.records.errors import MatFileError, Place, Problem
from game.rules.cube import CUBE_VALUES, MAX_CUBE, CubeAction
from game.rules.move import Step
from game.rules.variant import Variant

Kind = Literal["move", CubeAction.DOUBLE, CubeAction.TAKE, CubeAction.PASS]
"""What a record's entry is: a roll and move, or one of the cube actions a record holds."""

UNPLAYED = "???"
"""A move's text for a roll that was never played."""

MAX_ENTRIES = 30_000
"""The most rolls and cube actions a record may hold: a money session of some 600 games, ten times
a 25-point match. Replaying takes time linear in the entries, and this many answer within a few
seconds (``python -m bench.records``)."""

MAX_LENGTH = 64
"""The longest match replayed and reviewed (points): the match equity table goes to 64."""


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a game record."""

    kind: Kind
    """A roll and move, a double, a take, or a pass (the text's ``Drops``)."""

    player: int
    """0 (the left column) or 1 (the right column)."""

    dice: tuple[int, int] | None = None
    """The roll (moves only)."""

    move: str = ""
    """The move in .mat notation (moves only; empty when the roll could not be played,
    :data:`UNPLAYED` for a roll never played: the game ended by a resignation after it)."""

    cube: int = 0
    """The cube value offered (doubles only; 0 when a record does not say)."""

    board: int | None = None
    """For an illegal play written as the board after it (Snowie's ``Illegal play``): that board
    (a position code, seen from the mover); None for every other entry."""

    after: int | None = field(default=None, compare=False)
    """The board after the move as the file writes it beside the move (eXtreme Gammon's), a
    position code seen from the mover: taken only where the move written cannot be played."""

    row: int = field(default=0, compare=False)
    """The move number of the row it was read from (0: written, or a row without a number)."""

    line: int = field(default=0, compare=False)
    """The line of the file it was read from (0 when written)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: the score before it, what was played, and who won how much."""

    score: tuple[int, int]
    """Points of the left and right player before the game."""

    actions: tuple[Action, ...]
    """Everything played, in order."""

    winner: int
    """0 or 1."""

    points: int
    """Points the winner scored (0: the record writes no result; :mod:`game.records.replay`
    settles it from the play, or keeps a last game that stops before its end as unfinished)."""

    line: int = field(default=0, compare=False)
    """The line of the file its score was read from (0 when written, or read from a binary file)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a record's games were played under (beyond the variant's start)."""

    crawford: bool = True
    """A match: the Crawford rule (nobody doubles in the game after a side first reaches one point
    from the end)."""

    jacoby: bool = False
    """A money session: the Jacoby rule (gammons count single until the cube is turned)."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match."""

    length: int
    """The match length in points (0: a money session)."""

    players: tuple[str, str]
    """Names of the left and right player."""

    games: tuple[GameRecord, ...] = ()
    """The games, in order."""

    tags: tuple[tuple[str, str], ...] = field(default=())
    """The header's facts as ``.mat`` tags, in their order, e.g. (("EventDate", "2026.11.24"),).
    A tag that says the variant or a rule (``Variation``, ``Crawford``, ``Jacoby``) is kept as
    written, but :attr:`variant` and :attr:`rules` are what count (the ``.mat`` writer makes the
    two agree; the other formats carry them in their own way)."""

    variant: Variant = Variant.STANDARD
    """The variant played: every game starts at its start."""

    rules: Rules = Rules()
    """The Crawford rule (a match) and the Jacoby rule (money)."""

    def __post_init__(self) -> None:
        check_record(self)


def check_entries(count: int) -> None:
    """Refuse a record of more than :data:`MAX_ENTRIES` entries (a reader may call it while it
    counts, to stop early)."""
    if count > MAX_ENTRIES:
        raise MatFileError(Problem.TOO_MANY_ENTRIES, most=MAX_ENTRIES)


def check_record(record: MatchRecord) -> None:
    """What every record must be, whichever format it was read from (:class:`MatFileError` says
    what is wrong): each game's score before it a whole number of points (one at or past the match
    length ends the match where :func:`game.records.replay.replay` meets it); a double's cube, where
    written, a value the cube can show (2, 4, ... :data:`game.rules.cube.MAX_CUBE`); no more than
    :data:`MAX_ENTRIES` entries in all."""
    check_entries(sum(len(game.actions) for game in record.games))
    for k, game in enumerate(record.games, 1):
        for score in game.score:
            if score < 0:
                raise MatFileError(Problem.NEGATIVE_SCORE, Place(game=k, line=game.line), score=score)
        for a in game.actions:
            if a.kind is CubeAction.DOUBLE and a.cube:  # 0: the record does not say
                check_cube(a.cube, Place(game=k, row=a.row or None, line=a.line))


def check_cube(value: int, place: Place) -> None:
    """Refuse a double to ``value`` unless the cube can show it (2, 4, ... :data:`MAX_CUBE`)."""
    if value not in CUBE_VALUES[1:]:
        raise MatFileError(Problem.NOT_A_CUBE_VALUE, place, value=value, most=MAX_CUBE)


def steps_text(steps: tuple[Step, ...] | list[Step]) -> str:
    """A move's steps in .mat notation, one ``from/to`` per die, in playing order."""
    return " ".join(f"{s.src}/{s.dst}{'*' if s.hit else ''}" for s in steps)


def row_numbers(players: Sequence[int]) -> tuple[int, ...]:
    """The row (move number, from 1) each of a game's entries is written on, given who made each.

    Entries alternate between the left (player 0) and the right (player 1) cell of a row; an
    entry by the player whose cell was just filled leaves the other cell empty, and a row is
    full once its right cell is written (a left entry after a right one starts the next row).
    A double and its answer are entries like any other: a left player's double shares its row
    with the right player's answer, a right player's double is answered on the next row."""
    rows: list[int] = []
    row, col = 1, 0
    for player in players:
        if col != player:  # the other column's cell stays empty
            col = player
            if player == 0:
                row += 1
        rows.append(row)
        col = 1 - col
        if col == 0:
            row += 1
    return tuple(rows)
