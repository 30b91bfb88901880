"""Match records in the ``.mat`` text format (Jellyfish's, as GNU Backgammon's ``export match mat`` writes).

A record is comment header tags (``; [Name "value"]``), the line `` N point match``,
then per game `` Game K``, the score line (`` name : score`` for each side) and one
row per move number: ``NNN) `` and two 28-character cells, the left player's and the
right player's. A cell holds a roll and its move (``63: 13/7 18/15*``, points from
the mover's side, 25 the bar, 0 off), `` Doubles => 4``, `` Takes``, `` Drops`` or
`` Wins 2 points``. Actions alternate between the columns; the player who moves
first in a game may leave the left cell of row 1 empty, and a row that holds only
the winner's ``Wins`` has no number.

:func:`format_match` writes a :class:`MatchRecord`; :mod:`game.records.mat_reader` reads it
back, and other programs' records too; :mod:`game.records.replay` plays one through the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, assert_never

from game.rules.cube import CUBE_VALUES, MAX_CUBE, CubeAction
from game.rules.move import Step

Kind = Literal["move", CubeAction.DOUBLE, CubeAction.TAKE, CubeAction.PASS]
"""What a record's entry is: a roll and move, or one of the cube actions a record holds."""

CELL = 28
"""Width of a player's cell."""

ROW_PREFIX = 5
"""Width of the ``NNN) `` move number."""

UNPLAYED = "???"
"""A move cell's text for a roll that was never played."""


MAX_ENTRIES = 30_000
"""The most rolls and cube actions a record may hold: a money session of some 600 games, ten times
a 25-point match. Replaying takes time linear in the entries, and this many answer within a few
seconds (``python -m bench.records``)."""


class MatFileError(ValueError):
    """A record that cannot be read: says the line and what is wrong."""


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
class MatchRecord:
    """A whole match."""

    length: int
    """The match length in points."""

    players: tuple[str, str]
    """Names of the left and right player."""

    games: tuple[GameRecord, ...] = ()
    """The games, in order."""

    tags: tuple[tuple[str, str], ...] = field(default=())
    """Header tags, e.g. (("EventDate", "2026.11.24"),)."""

    def __post_init__(self) -> None:
        check_record(self)


def check_entries(count: int) -> None:
    """Refuse a record of more than :data:`MAX_ENTRIES` entries (a reader may call it while it
    counts, to stop early)."""
    if count > MAX_ENTRIES:
        raise MatFileError(
            f"the record holds more than {MAX_ENTRIES} rolls and cube actions, more than a match record holds"
        )


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
                where = f"game {k}" + (f" (line {game.line})" if game.line else "")
                raise MatFileError(f"{where}: a score of {score} is not a score")
        for a in game.actions:
            if a.kind is CubeAction.DOUBLE and a.cube:  # 0: the record does not say
                row = f", row {a.row}" if a.row else ""
                check_cube(a.cube, f"game {k}{row}" + (f" (line {a.line})" if a.line else ""))


def check_cube(value: int, where: str) -> None:
    """Refuse a double to ``value`` unless the cube can show it (2, 4, ... :data:`MAX_CUBE`)."""
    if value not in CUBE_VALUES[1:]:
        raise MatFileError(f"{where}: a double to {value} is not a cube value (2, 4, 8, ... {MAX_CUBE})")


def steps_text(steps: tuple[Step, ...] | list[Step]) -> str:
    """A move's steps in .mat notation, one ``from/to`` per die, in playing order."""
    return " ".join(f"{s.src}/{s.dst}{'*' if s.hit else ''}" for s in steps)


def _cell(a: Action) -> str:
    match a.kind:
        case "move":
            assert a.dice is not None
            hi, lo = max(a.dice), min(a.dice)
            return f"{hi}{lo}: {a.move}" + (" " if a.move and a.move.count("/") < 4 else "")
        case CubeAction.DOUBLE:
            return f" Doubles => {a.cube}"
        case CubeAction.TAKE:
            return " Takes"
        case CubeAction.PASS:
            return " Drops"
        case _:
            assert_never(a.kind)


def _wins(points: int) -> str:
    return f" Wins {points} point{'s' if points != 1 else ''}"


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


def format_game(number: int, game: GameRecord, players: tuple[str, str]) -> list[str]:
    """The lines of one game (without the blank line after it)."""
    lines = [
        f" Game {number}",
        f" {players[0]} : {game.score[0]}".ljust(32) + f"{players[1]} : {game.score[1]}",
    ]
    cells = [(a.player, _cell(a)) for a in game.actions]
    if game.points:  # no result written: the game stops before its end
        cells.append((game.winner, _wins(game.points)))
    at = row_numbers([player for player, _ in cells])
    rows = [["", ""] for _ in range(at[-1] if at else 0)]
    for (player, cell), row in zip(cells, at, strict=True):
        rows[row - 1][player] = cell
    # a row holding only the result has no number; with no result, every row has one
    numbered = (at[-1] if at else 0) if not game.points else at[-2] if game.actions else 0
    for k, (left, right) in enumerate(rows, 1):
        head = f"{k:3d}) " if k <= numbered else " " * ROW_PREFIX
        padded = left.ljust(CELL) if len(left) < CELL else left + " "  # a long move keeps a space
        lines.append(head + padded + right if right else head + left)
    return lines


def format_match(record: MatchRecord) -> str:
    """The whole record as .mat text."""
    out = [f'; [{name} "{value}"]' for name, value in record.tags]
    out += ["", f" {record.length} point match", ""]
    for k, game in enumerate(record.games, 1):
        out += format_game(k, game, record.players)
        out.append("")
    return "\n".join(out) + "\n"
