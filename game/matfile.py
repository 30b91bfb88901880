"""Match records in the ``.mat`` text format (Jellyfish's, as GNU Backgammon's ``export match mat`` writes).

A record is comment header tags (``; [Name "value"]``), the line `` N point match``,
then per game `` Game K``, the score line (`` name : score`` for each side) and one
row per move number: ``NNN) `` and two 28-character cells, the left player's and the
right player's. A cell holds a roll and its move (``63: 13/7 18/15*``, points from
the mover's side, 25 the bar, 0 off), `` Doubles => 4``, `` Takes``, `` Drops`` or
`` Wins 2 points``. Actions alternate between the columns; the player who moves
first in a game may leave the left cell of row 1 empty, and a row that holds only
the winner's ``Wins`` has no number.

:func:`format_match` writes a :class:`MatchRecord`; :func:`parse_match` reads the
same layout back (rolls, moves as text, cube actions and results), enough for
round trips and a start for a reader of other programs' records.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from game.move import Step

Kind = Literal["move", "double", "take", "drop"]

CELL = 28
"""Width of a player's cell."""

ROW_PREFIX = 5
"""Width of the ``NNN) `` move number."""


class MatFileError(ValueError):
    """A record that cannot be read: says the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a game record."""

    kind: Kind
    """A roll and move, a double, a take, or a drop."""

    player: int
    """0 (the left column) or 1 (the right column)."""

    dice: tuple[int, int] | None = None
    """The roll (moves only)."""

    move: str = ""
    """The move in .mat notation (moves only; empty when the roll could not be played)."""

    cube: int = 0
    """The cube value offered (doubles only)."""


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
    """Points the winner scored."""


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


def steps_text(steps: tuple[Step, ...] | list[Step]) -> str:
    """A move's steps in .mat notation, one ``from/to`` per die, in playing order."""
    return " ".join(f"{s.src}/{s.dst}{'*' if s.hit else ''}" for s in steps)


def _cell(a: Action) -> str:
    if a.kind == "move":
        assert a.dice is not None
        hi, lo = max(a.dice), min(a.dice)
        return f"{hi}{lo}: {a.move}" + (" " if a.move and a.move.count("/") < 4 else "")
    if a.kind == "double":
        return f" Doubles => {a.cube}"
    return " Takes" if a.kind == "take" else " Drops"


def _wins(points: int) -> str:
    return f" Wins {points} point{'s' if points != 1 else ''}"


def format_game(number: int, game: GameRecord, players: tuple[str, str]) -> list[str]:
    """The lines of one game (without the blank line after it)."""
    lines = [
        f" Game {number}",
        f" {players[0]} : {game.score[0]}".ljust(32) + f"{players[1]} : {game.score[1]}",
    ]
    rows: list[list[str]] = [["", ""]]
    col = 0

    def place(player: int, text: str) -> None:
        nonlocal col
        if col != player:  # the other column's cell stays empty
            col = player
            if player == 0:
                rows.append(["", ""])
        rows[-1][col] = text
        col = 1 - col
        if col == 0:
            rows.append(["", ""])

    for a in game.actions:
        place(a.player, _cell(a))
    numbered = len(rows) if any(rows[-1]) else len(rows) - 1  # a row holding only the result has none
    place(game.winner, _wins(game.points))
    if not rows[-1][0] and not rows[-1][1]:
        rows.pop()
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


# --- reading ---------------------------------------------------------------------------

_TAG = re.compile(r';\s*\[(\w[\w ]*?)\s+"(.*)"\]\s*$')
_LENGTH = re.compile(r"\s*(\d+)\s+point match\s*$")
_GAME = re.compile(r"\s*Game\s+(\d+)\s*$")
_SCORE = re.compile(r"\s*(.+?)\s*:\s*(\d+)\s+(.+?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"\s*(\d+)\)(.*)$")
_ROLL = re.compile(r"([1-6])([1-6]):(.*)$")
_DOUBLE = re.compile(r"Doubles\s*=>\s*(\d+)$")
_WINS = re.compile(r"Wins\s+(\d+)\s+points?$")


def _parse_cell(text: str, player: int, lineno: int) -> Action | int | None:
    """An action, the points of a ``Wins`` cell (int), or None for an empty cell."""
    t = text.strip()
    if not t:
        return None
    if m := _ROLL.match(t):
        return Action("move", player, (int(m.group(1)), int(m.group(2))), " ".join(m.group(3).split()))
    if m := _DOUBLE.match(t):
        return Action("double", player, cube=int(m.group(1)))
    if t in ("Takes", "Accepts"):
        return Action("take", player)
    if t in ("Drops", "Rejects", "Passes"):
        return Action("drop", player)
    if m := _WINS.match(t):
        return int(m.group(1))
    raise MatFileError(f"line {lineno}: cannot read {t!r}")


@dataclass(slots=True)
class _OpenGame:
    """A game being read."""

    score: tuple[int, int] | None = None
    actions: list[Action] = field(default_factory=list)
    winner: int | None = None
    points: int = 0


class _Reader:
    """The state of :func:`parse_match` between lines."""

    def __init__(self) -> None:
        self.tags: list[tuple[str, str]] = []
        self.length: int | None = None
        self.players: tuple[str, str] | None = None
        self.games: list[GameRecord] = []
        self.current: _OpenGame | None = None

    def close(self) -> None:
        game = self.current
        if game is None:
            return
        if game.score is None or game.winner is None:
            raise MatFileError(f"game {len(self.games) + 1} has no score line or no result")
        self.games.append(GameRecord(game.score, tuple(game.actions), game.winner, game.points))

    def line(self, lineno: int, line: str) -> None:
        if m := _TAG.match(line):
            self.tags.append((m.group(1), m.group(2)))
        elif line.lstrip().startswith(";"):
            return
        elif self.length is None:
            if not (m := _LENGTH.match(line)):
                raise MatFileError(f"line {lineno}: expected 'N point match', got {line.strip()!r}")
            self.length = int(m.group(1))
        elif _GAME.match(line):
            self.close()
            self.current = _OpenGame()
        elif self.current is None:
            raise MatFileError(f"line {lineno}: expected 'Game 1', got {line.strip()!r}")
        elif self.current.score is None:
            if not (m := _SCORE.match(line)):
                raise MatFileError(f"line {lineno}: expected the score line, got {line.strip()!r}")
            self.players = (m.group(1), m.group(3))
            self.current.score = (int(m.group(2)), int(m.group(4)))
        else:
            self.row(lineno, line, self.current)

    def row(self, lineno: int, line: str, game: _OpenGame) -> None:
        if not (_ROW.match(line) or not line[:ROW_PREFIX].strip()):
            raise MatFileError(f"line {lineno}: cannot read {line.strip()!r}")
        body = line[ROW_PREFIX:]
        cut = CELL
        if len(body) > CELL and body[CELL - 1] != " ":  # a long move runs past its cell
            cut = body.find(" ", CELL - 1)
            cut = len(body) if cut < 0 else cut
        for player, cell in ((0, body[:cut]), (1, body[cut:])):
            got = _parse_cell(cell, player, lineno)
            if isinstance(got, Action):
                game.actions.append(got)
            elif isinstance(got, int):
                game.winner, game.points = player, got


def parse_match(text: str) -> MatchRecord:
    """Read a record written in this layout; :class:`MatFileError` says where it is wrong."""
    reader = _Reader()
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.strip():
            reader.line(lineno, line)
    reader.close()
    if reader.length is None or reader.players is None:
        raise MatFileError("no match in the record")
    return MatchRecord(reader.length, reader.players, tuple(reader.games), tuple(reader.tags))
