"""A match record played through the rules: every turn's position, cube and move.

:func:`replay` takes a :class:`game.records.mat.MatchRecord` and gives, per game, the
turns in order: the position before the roll (seen from the player on roll), the cube,
what the player did with the cube and the opponent's answer, the roll and the legal
move the record's text names (:func:`game.rules.move.parse_move`: exactly one legal move, or
a :class:`ReplayError` naming the game, row and cell). Scores and the Crawford game come
from the games' results; a score line that disagrees, or a result the board does not
give, is kept as written and reported in :attr:`ReplayedMatch.notes`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, assert_never

from game.records.formats import read_record
from game.records.mat import Action, GameRecord, MatchRecord, MatFileError, row_numbers
from game.rules.cube import CENTRED, CubeAction, CubeState, can_double, take
from game.rules.move import Move, MoveError, legal_moves, parse_move
from game.rules.outcome import Termination, win_kind
from game.rules.position import BAR, START_CODE, Position, swap, unpack

_OFF = re.compile(r"/0(?=\D|$)")
_DASH = re.compile(r"(?<=[\dr])-(?=[\dbo])", re.IGNORECASE)

Ending = Literal["board", "pass", "resign"]
"""How a game ended: borne off, a passed double, or a resignation."""


class ReplayError(ValueError):
    """A record whose play the rules do not allow: says the game, row and cell."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a player: the cube action before the roll, then the roll and move."""

    player: int
    """0 (left column) or 1."""

    code: int
    """The position before the roll, seen from ``player``."""

    cube: CubeState
    """The cube before any double this turn."""

    first: bool
    """The game's first turn (the opening roll: no cube action possible)."""

    doubled: bool = False
    """The player doubled before rolling."""

    taken: bool | None = None
    """The opponent's answer to the double (None: no double)."""

    dice: tuple[int, int] | None = None
    """The roll, high die first (None: the game ended on the cube, or the roll is unknown)."""

    move: Move | None = None
    """The legal move played (None for a dance or no roll)."""

    legal: int = 0
    """How many distinct legal moves the roll had."""

    row: int = 0
    """The move number of the row the roll was written on (for a game ended by a drop: the drop's)."""

    text: str = ""
    """The move as the record wrote it."""

    double_row: int = 0
    """The move number of the row the double was written on (0: no double, or a row without one)."""

    answer_row: int = 0
    """The move number of the row the answer to the double was written on (0: as ``double_row``)."""


@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """A game with its turns and result."""

    number: int
    """1, 2, ..."""

    score: tuple[int, int]
    """Points before the game, as its score line says."""

    crawford: bool
    """This is the Crawford game."""

    post_crawford: bool
    """The Crawford game has been played."""

    turns: tuple[Turn, ...]
    """Every turn, in order."""

    winner: int
    """0 or 1."""

    points: int
    """Points won, as written."""

    ending: Ending
    """How it ended: ``"board"`` (borne off), ``"pass"`` (a passed double) or ``"resign"``."""


@dataclass(frozen=True, slots=True)
class ReplayedMatch:
    """A whole record replayed."""

    record: MatchRecord
    """What was read."""

    games: tuple[ReplayedGame, ...]
    """The games, in order."""

    notes: tuple[str, ...] = ()
    """Things the record says that the rules do not confirm (kept as written)."""

    def is_jacoby(self) -> bool:
        """Money play under the Jacoby rule (a ``; [Jacoby "On"]`` tag; off otherwise)."""
        return self.record.length == 0 and tag_is_on(self.record, "Jacoby", default=False)


def tag_is_on(record: MatchRecord, name: str, default: bool) -> bool:
    """Whether a header tag such as ``; [Crawford "Off"]`` is on (``default`` when absent)."""
    value = dict(record.tags).get(name)
    if value is None:
        return default
    return value.strip().lower() not in ("off", "no", "false", "0")


def normalise_move(text: str) -> str:
    """A record's move text in the notation :func:`game.rules.move.parse_move` reads (``/0`` is off)."""
    return _OFF.sub("/off", _DASH.sub("/", text))


def _closed_out(code: int) -> bool:
    """The side on roll has a checker on the bar and every entry point is made."""
    mine, theirs = unpack(code)
    return bool(mine[BAR]) and all(theirs[i] >= 2 for i in range(18, 24))


class _GameReplay:
    """The state of one game being replayed."""

    def __init__(self, number: int, game: GameRecord, crawford: bool) -> None:
        self.number = number
        self.game = game
        self.crawford = crawford
        self.turns: list[Turn] = []
        self.player: int | None = None
        self.code = START_CODE
        self.cube = CENTRED
        self.doubled_at: CubeState | None = None
        """The cube before this turn's double, while the turn lasts."""
        self.taken: bool | None = None
        self.cube_rows = (0, 0)
        """The rows of this turn's double and of its answer (0: none yet)."""
        self.ended: Ending | None = None
        self.board_result: tuple[int, Termination] | None = None

    def where(self, a: Action) -> str:
        cell = "left cell" if a.player == 0 else "right cell"
        row = f"row {a.row}" if a.row else "a row"
        return f"game {self.number}, {row}{f' (line {a.line})' if a.line else ''}, {cell}"

    def turn_of(self, a: Action) -> None:
        """Make ``a.player`` the player on roll, passing a closed-out opponent's dance."""
        if self.player is None:
            self.player = a.player
            return
        if a.player != self.player:
            if self.doubled_at is not None or not _closed_out(self.code):
                raise ReplayError(f"{self.where(a)}: it is the other player's turn")
            self.finish_turn(None, 0, "")  # an unwritten dance from the bar

    def finish_turn(
        self, dice: tuple[int, int] | None, row: int, text: str, move: Move | None = None
    ) -> None:
        assert self.player is not None
        legal = len(legal_moves(Position(self.code), dice)) if dice else 0
        before = self.cube if self.doubled_at is None else self.doubled_at
        self.turns.append(
            Turn(
                self.player, self.code, before, not self.turns, self.doubled_at is not None, self.taken,
                dice, move, legal, row, text, *self.cube_rows,
            )
        )  # fmt: skip
        self.doubled_at, self.taken, self.cube_rows = None, None, (0, 0)
        after = self.code if move is None else move.after.code
        kind = win_kind(after) if move is not None else None
        if kind is not None:
            self.board_result = (self.player, kind)
            self.ended = "board"
        self.code = swap(after)
        self.player = 1 - self.player

    def action(self, a: Action) -> None:
        if self.ended is not None:
            raise ReplayError(f"{self.where(a)}: play after the game ended")
        match a.kind:
            case CubeAction.DOUBLE:
                self.turn_of(a)
                if self.turns == [] or not can_double(self.cube, a.player, crawford=self.crawford):
                    raise ReplayError(f"{self.where(a)}: this player may not double here")
                self.doubled_at = self.cube
                self.cube_rows = (a.row, 0)
            case CubeAction.TAKE | CubeAction.PASS:
                if self.doubled_at is None or a.player == self.player or self.taken is not None:
                    raise ReplayError(f"{self.where(a)}: {a.kind} without a double to answer")
                assert self.player is not None
                self.taken = a.kind is CubeAction.TAKE
                self.cube_rows = (self.cube_rows[0], a.row)
                if self.taken:
                    self.cube = take(self.cube, self.player, crawford=self.crawford)
                else:
                    self.finish_pass(a.row)
            case "move":
                self.move(a)
            case _:
                assert_never(a.kind)

    def finish_pass(self, row: int) -> None:
        assert self.player is not None
        assert self.doubled_at is not None
        double_row, answer_row = self.cube_rows
        self.turns.append(
            Turn(
                self.player, self.code, self.doubled_at, False, True, False,
                row=row, double_row=double_row, answer_row=answer_row,
            )
        )  # fmt: skip
        self.doubled_at, self.cube_rows = None, (0, 0)
        self.ended = "pass"

    def move(self, a: Action) -> None:
        self.turn_of(a)
        assert a.dice is not None
        if self.doubled_at is not None and self.taken is None:
            raise ReplayError(f"{self.where(a)}: the double was not answered")
        dice = (max(a.dice), min(a.dice))
        if self.turns == [] and dice[0] == dice[1]:
            raise ReplayError(
                f"{self.where(a)}: the opening roll cannot be a double ({a.dice[0]}{a.dice[1]})"
            )
        position = Position(self.code)
        moves = legal_moves(position, dice)
        if not a.move:
            if moves:
                raise ReplayError(f"{self.where(a)}: no move written, but {dice[0]}{dice[1]} can be played")
            self.finish_turn(dice, a.row, a.move)
            return
        try:
            move = parse_move(normalise_move(a.move), position, dice)
        except MoveError as exc:
            raise ReplayError(f"{self.where(a)}: {dice[0]}{dice[1]}: {a.move!r}: {exc}") from None
        self.finish_turn(dice, a.row, a.move, move)

    def result(self, notes: list[str], score: tuple[int, int], crawford: bool, post: bool) -> ReplayedGame:
        game = self.game
        ending: Ending = self.ended or "resign"
        if ending == "board" and self.board_result is not None:
            winner, kind = self.board_result
            points = self.cube.value * kind.value
            if (winner, points) != (game.winner, game.points):
                notes.append(
                    f"game {self.number}: the board gives player {winner} {points} point(s), "
                    f"the record says player {game.winner} {game.points}"
                )
        elif ending == "pass" and self.player is not None and game.winner != self.player:
            notes.append(
                f"game {self.number}: the double was passed, yet the record gives the game to the "
                "player who passed"
            )
        return ReplayedGame(
            self.number, score, crawford, post, tuple(self.turns), game.winner, game.points, ending
        )


def replay(record: MatchRecord) -> ReplayedMatch:
    """Play every game of ``record`` through the rules (:class:`ReplayError` if one breaks them)."""
    notes: list[str] = []
    score = [0, 0]
    crawford_done = False
    games = []
    length = record.length
    crawford_rule = tag_is_on(record, "Crawford", default=True)
    for number, game in enumerate(record.games, 1):
        if tuple(score) != game.score:
            notes.append(
                f"game {number}: the score line says {game.score[0]}-{game.score[1]}, "
                f"the results so far {score[0]}-{score[1]}"
            )
        s = game.score
        at_point = length > 1 and length - 1 in s  # a 1-point match has no Crawford game
        crawford = crawford_rule and at_point and not crawford_done
        post = crawford_rule and at_point and crawford_done
        if crawford:
            crawford_done = True
        g = _GameReplay(number, game, crawford)
        rows = row_numbers([a.player for a in game.actions])
        for a, row in zip(game.actions, rows, strict=True):
            g.action(a if a.row else replace(a, row=row))  # a record made in memory: the rows it would have
        games.append(g.result(notes, s, crawford, post))
        score = [s[0], s[1]]
        score[game.winner] += game.points
    return ReplayedMatch(record, tuple(games), tuple(notes))


MAX_FILE = 16 << 20
"""Largest record read (bytes)."""


def replay_bytes(data: bytes) -> ReplayedMatch:
    """A record's bytes (``.mat``, ``.sgf`` or ``.xg``: :mod:`game.records.formats`) read and
    replayed; :class:`MatFileError` or :class:`ReplayError` if they cannot be."""
    return replay(read_record(data))


def load_match(path: Path) -> ReplayedMatch:
    """Read and replay a record; :class:`MatFileError` or :class:`ReplayError` if it cannot be."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE:
            raise MatFileError(f"the file is {size} bytes, more than a match record ({MAX_FILE})")
        data = path.read_bytes()
    except OSError as exc:
        raise MatFileError(f"cannot read it: {exc.strerror or exc}") from None
    return replay_bytes(data)
