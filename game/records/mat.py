"""Match records in the ``.mat`` text format (Jellyfish's, as GNU Backgammon's ``export match mat`` writes).

A record is comment header tags (``; [Name "value"]``), the line `` N point match``,
then per game `` Game K``, the score line (`` name : score`` for each side) and one
row per move number: ``NNN) `` and two 28-character cells, the left player's and the
right player's. A cell holds a roll and its move (``63: 13/7 18/15*``, points from
the mover's side, 25 the bar, 0 off), `` Doubles => 4``, `` Takes``, `` Drops`` or
`` Wins 2 points``. Actions alternate between the columns; the player who moves
first in a game may leave the left cell of row 1 empty, and a row that holds only
the winner's ``Wins`` has no number.

:func:`format_match` writes a :class:`MatchRecord`; :func:`read_match` reads it back, and
other programs' records too (the reading section below); :mod:`game.records.replay` plays one through
the rules.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, assert_never

from game.rules.cube import CubeAction
from game.rules.move import Step

Kind = Literal["move", CubeAction.DOUBLE, CubeAction.TAKE, CubeAction.PASS]
"""What a record's entry is: a roll and move, or one of the cube actions a record holds."""

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
    """A roll and move, a double, a take, or a pass (the text's ``Drops``)."""

    player: int
    """0 (the left column) or 1 (the right column)."""

    dice: tuple[int, int] | None = None
    """The roll (moves only)."""

    move: str = ""
    """The move in .mat notation (moves only; empty when the roll could not be played)."""

    cube: int = 0
    """The cube value offered (doubles only; 0 when a record does not say)."""

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
    cells = [(a.player, _cell(a)) for a in game.actions] + [(game.winner, _wins(game.points))]
    at = row_numbers([player for player, _ in cells])
    rows = [["", ""] for _ in range(at[-1])]
    for (player, cell), row in zip(cells, at, strict=True):
        rows[row - 1][player] = cell
    numbered = at[-2] if game.actions else 0  # a row holding only the result has no number
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


# What the reader accepts:
# GNU Backgammon's ``export match mat``, Jellyfish, eXtreme Gammon's text export and
# FIBS/Snowie records share one layout (see :mod:`game.records.mat`) but differ in details,
# all accepted here:
#
# * header tags ``; [Player 1 "Name"]``, other ``;`` comments, a byte-order mark,
#   Windows or old Mac line endings, tabs, trailing spaces;
# * names with ratings on the score line (``Name,1798 : 0``, ``Name (1798) : 0``);
# * cells of any width: a row is cut where its second entry starts, and a row with one
#   entry puts it in the column its position is nearer to (measured on the record's
#   own two-entry rows);
# * rolls written either way round (``31`` or ``13``), an empty move for a dance,
#   ``???`` for a roll that was not played (eXtreme Gammon writes it before a
#   resignation);
# * ``Doubles => N``, ``Takes``/``Accepts``, ``Drops``/``Passes``/``Rejects``,
#   ``Wins N point(s) [and the match]``, ``Resigns ...`` (the ``Wins`` cell says what);
# * moves are read by :mod:`game.rules.move` (``*`` hits, ``(2)`` repeats, ``bar``/``25``,
#   ``off``/``0``, either order) when the match is replayed (:mod:`game.records.replay`).
#
# Beavers and raccoons are refused with a clear message; so is anything unreadable,
# naming the line and the cell.

DEFAULT_SPLIT = ROW_PREFIX + CELL
"""Column where the right cell starts in GNU Backgammon's layout (used when a record has no
row with two entries to measure its own)."""

UNPLAYED = "???"
"""A move cell's text for a roll that was not played."""

_TAG = re.compile(r';\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
_LENGTH = re.compile(r"\s*(\d+)\s*-?\s*points?\s+match\b", re.IGNORECASE)
_MONEY = re.compile(r"\s*(?:unlimited|money)\s+(?:game|session)", re.IGNORECASE)
_GAME = re.compile(r"\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"\s*(.+?)\s*:\s*(\d+)\s+(.+?)\s*:\s*(\d+)\s*$")
_RATING = re.compile(r"\s*(?:,\s*\d+(?:\.\d+)?|\(\s*\d+(?:\.\d+)?\s*\))$")
_ROW = re.compile(r"\s*(\d+)\)")
_ENTRY = re.compile(
    r"(?<!\S)(?:[1-6][1-6]\s*:|(?:doubles|takes|accepts|drops|passes|rejects|wins|resigns|beavers|raccoons)\b)",
    re.IGNORECASE,
)
_CHUNK = re.compile(r"\S+(?: {1,2}\S+)*")
_ROLL = re.compile(r"([1-6])([1-6])\s*:(.*)$")
_DOUBLE = re.compile(r"doubles\s*(?:=>|to)?\s*(\d+)?$", re.IGNORECASE)
_WINS = re.compile(r"wins\s+(\d+)\s+points?\b", re.IGNORECASE)
_TAKE = ("takes", "accepts")
_PASS = ("drops", "passes", "rejects")
_NO_MOVE = ("", "cannot move", "can't move", "no move", "dance", "dances")


def decode(data: bytes) -> str:
    """The text of a record's bytes: UTF-8 (a byte-order mark dropped), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def strip_rating(name: str) -> str:
    """A player's name without a rating written after it (``Name,1798``, ``Name (1798)``)."""
    bare = _RATING.sub("", name).strip()
    return bare or name.strip()


@dataclass(slots=True)
class _Row:
    """One row's entries: (start column, text) each."""

    lineno: int
    number: int | None
    entries: list[tuple[int, str]]


@dataclass(slots=True)
class _Game:
    """A game being read: its score line and its rows."""

    lineno: int
    score: tuple[int, int] | None = None
    names: tuple[str, str] | None = None
    rows: list[_Row] = field(default_factory=list)


def _entries(line: str, start: int, lineno: int) -> list[tuple[int, str]]:
    """The entries of a row from column ``start`` on: where each starts and its text."""
    body = line[start:]
    starts = [m.start() for m in _ENTRY.finditer(body)]
    if body[: starts[0] if starts else len(body)].strip():
        raise MatFileError(f"line {lineno}: cannot read {body.strip()!r}")
    out = []
    for a, b in itertools.pairwise([*starts, len(body)]):
        for m in _CHUNK.finditer(body[a:b]):  # a wide gap inside an entry ends it: the rest is a cell
            out.append((start + a + m.start(), m.group().strip()))
    return out


class _Lines:
    """The record split into header, match length and games (rows not yet given columns)."""

    def __init__(self, text: str) -> None:
        self.tags: list[tuple[str, str]] = []
        self.length: int | None = None
        self.games: list[_Game] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.expandtabs(8).rstrip()
            if line.strip():
                self.line(lineno, line)

    def line(self, lineno: int, line: str) -> None:
        if m := _TAG.match(line):
            self.tags.append((m.group(1).strip(), m.group(2)))
            return
        if line.lstrip().startswith(";"):
            return
        if self.length is None:
            if m := _LENGTH.match(line):
                self.length = int(m.group(1))
            elif _MONEY.match(line):
                self.length = 0
            else:
                raise MatFileError(f"line {lineno}: expected 'N point match', got {line.strip()[:60]!r}")
            return
        if _GAME.match(line):
            self.games.append(_Game(lineno))
            return
        if not self.games:
            raise MatFileError(f"line {lineno}: expected 'Game 1', got {line.strip()[:60]!r}")
        game = self.games[-1]
        if game.score is None:
            if not (m := _SCORE.match(line)):
                raise MatFileError(f"line {lineno}: expected the score line, got {line.strip()[:60]!r}")
            game.names = (strip_rating(m.group(1)), strip_rating(m.group(3)))
            game.score = (int(m.group(2)), int(m.group(4)))
            return
        m = _ROW.match(line)
        number = int(m.group(1)) if m else None
        game.rows.append(_Row(lineno, number, _entries(line, m.end() if m else 0, lineno)))


def _split_column(games: list[_Game]) -> float:
    """Where the right column starts: the median start of second entries in two-entry rows."""
    seconds = [row.entries[1][0] for g in games for row in g.rows if len(row.entries) == 2]
    return statistics.median(seconds) if seconds else float(DEFAULT_SPLIT)


def _read_cell(text: str, player: int, row: _Row, game_no: int) -> Action | int | None:
    """An action, the points of a ``Wins`` cell, or None for a cell that records nothing."""
    where = f"game {game_no}, row {row.number if row.number is not None else '-'} (line {row.lineno}), "
    where += "left cell" if player == 0 else "right cell"
    lower = text.lower()
    if m := _ROLL.match(text):
        dice = (int(m.group(1)), int(m.group(2)))
        move = " ".join(m.group(3).split())
        if move.lower() in _NO_MOVE:
            move = ""
        return Action("move", player, dice, move, row=row.number or 0, line=row.lineno)
    if lower.startswith("doubles"):
        if not (m := _DOUBLE.match(text)):
            raise MatFileError(f"{where}: cannot read {text!r}")
        cube = int(m.group(1) or 0)
        return Action(CubeAction.DOUBLE, player, cube=cube, row=row.number or 0, line=row.lineno)
    if lower in _TAKE:
        return Action(CubeAction.TAKE, player, row=row.number or 0, line=row.lineno)
    if lower in _PASS:
        return Action(CubeAction.PASS, player, row=row.number or 0, line=row.lineno)
    if lower.startswith("wins"):
        if not (m := _WINS.match(text)):
            raise MatFileError(f"{where}: cannot read {text!r}")
        return int(m.group(1))
    if lower.startswith("resigns"):
        return None
    if lower.startswith(("beavers", "raccoons")):
        raise MatFileError(f"{where}: beavers and raccoons are not supported ({text!r})")
    raise MatFileError(f"{where}: cannot read {text!r}")


def _game(number: int, game: _Game, split: float) -> GameRecord:
    if game.score is None:
        raise MatFileError(f"game {number} (line {game.lineno}) has no score line")
    actions: list[Action] = []
    winner: int | None = None
    points = 0
    for row in game.rows:
        cells: list[tuple[int, str]]
        if len(row.entries) == 1:
            col, text = row.entries[0]
            row_start = 0 if row.number is None else ROW_PREFIX
            cells = [(1 if col >= (row_start + split) / 2 else 0, text)]
        elif len(row.entries) == 2:
            cells = [(0, row.entries[0][1]), (1, row.entries[1][1])]
        else:
            raise MatFileError(f"game {number}, line {row.lineno}: {len(row.entries)} entries on one row")
        for player, text in cells:
            got = _read_cell(text, player, row, number)
            if isinstance(got, Action):
                if winner is not None:
                    raise MatFileError(f"game {number}, line {row.lineno}: play after the game's result")
                if not (got.kind == "move" and got.move == UNPLAYED):
                    actions.append(got)
            elif isinstance(got, int):
                winner, points = player, got
    if winner is None:
        raise MatFileError(f"game {number} (line {game.lineno}) has no result ('Wins N points')")
    return GameRecord(game.score, tuple(actions), winner, points)


def read_match(text: str) -> MatchRecord:
    """Read a record; :class:`game.records.mat.MatFileError` says where it is wrong."""
    lines = _Lines(text)
    if lines.length is None:
        raise MatFileError("no match in the record (no 'N point match' line)")
    if not lines.games:
        raise MatFileError("the record has no games")
    split = _split_column(lines.games)
    games = tuple(_game(k, g, split) for k, g in enumerate(lines.games, 1))
    names = lines.games[0].names
    assert names is not None
    return MatchRecord(lines.length, names, games, tuple(lines.tags))


def parse_match(text: str) -> MatchRecord:
    """Read a record in this layout or another program's (:func:`read_match`)."""
    return read_match(text)
