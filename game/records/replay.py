"""A match record played through the rules: every turn's position, cube and move.

:func:`replay` takes a :class:`game.records.model.MatchRecord` and gives, per game (each from the
start of the record's variant), the turns in order: the position before the roll (seen from the
player on roll), the cube, what the player did with the cube and the opponent's answer, the roll
and the legal move the record's text names (:func:`game.rules.move.parse_move`: exactly one legal
move, or a :class:`ReplayError` naming the game, row and cell). Scores and the Crawford game come
from the games' results; a score line that disagrees, or a result the board does not give, is kept
as written and reported in :attr:`ReplayedMatch.notes` (:mod:`game.records.notes`). A record's last
game may stop before its end (an interrupted match, a saved session): it is kept as unfinished,
with no winner and no points, and its turns are there to be judged. An illegal play written as
the board after it (Snowie's ``Illegal play``) is taken as GNU Backgammon takes it: the board as written.

The replay is one pass: each roll's legal moves are generated once, and the move a text names is
found among them by what it does to the mover's checkers (:class:`_MoveTexts`), so the time is
linear in the record (``python -m bench.records`` measures the largest).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from game.records.errors import MatFileError, Place, Problem, ReplayError, excerpt, shown
from game.records.model import MAX_LENGTH, UNPLAYED, Action, GameRecord, MatchRecord, row_numbers
from game.records.notes import Note, NoteKind, note
from game.rules.cube import (
    CENTRED,
    DEFAULT_RULES,
    MAX_CUBE,
    CubeAction,
    CubeRules,
    CubeState,
    can_double,
    game_points,
    pass_points,
    take,
)
from game.rules.move import BAR_POINT, OFF_POINT, Move, MoveError, Step, parse_move, parse_segments
from game.rules.movegen import UNIT, results, singles
from game.rules.movegen import Step as RawStep
from game.rules.outcome import Termination, win_kind
from game.rules.position import BAR, SIDE_MASK, SLOTS, Position, impossible_board, off_count, swap, unpack

_OFF = re.compile(r"/0(?=[^0-9]|$)")
_DASH = re.compile(r"(?<=[0-9r])-(?=[0-9bo])", re.IGNORECASE)
_RUN_ON = re.compile(r"\*(?=[0-9])")
"""A hit run into the next checker's move without a space (``13/11*8/3``, a transcription's)."""

Ending = Literal["board", "pass", "resign", "unfinished"]
"""How a game ended: borne off, a passed double, a resignation, or not at all (the record stops
before the end)."""


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

    illegal: bool = False
    """The roll was played illegally, written as the board after it (``move`` is None, the next
    turn starts from that board): not a decision to judge."""

    beavers: int = 0
    """Redoubles at once after the double (money play): 1 a beaver (the taker redoubled, the
    doubler took), 2 a raccoon (the doubler redoubled again, the other took)."""


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

    winner: int | None
    """0 or 1; None for an unfinished game (only a record's last game can be one)."""

    points: int
    """Points won (0 for an unfinished game)."""

    ending: Ending
    """How it ended: ``"board"`` (borne off), ``"pass"`` (a passed double), ``"resign"``, or
    ``"unfinished"`` (the record stops before the end)."""

    @property
    def finished(self) -> bool:
        """The game has a winner (the record does not stop before its end)."""
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class ReplayedMatch:
    """A whole record replayed."""

    record: MatchRecord
    """What was read."""

    games: tuple[ReplayedGame, ...]
    """The games, in order."""

    notes: tuple[Note, ...] = ()
    """Things the record says that the rules do not confirm, and how each was read."""

    def is_jacoby(self) -> bool:
        """Money play under the Jacoby rule (the record's rules say so)."""
        return self.record.length == 0 and self.record.rules.jacoby

    def unfinished(self) -> ReplayedGame | None:
        """The last game, when the record stops before its end."""
        return self.games[-1] if self.games and not self.games[-1].finished else None

    def final_score(self) -> tuple[int, int]:
        """The score after the last finished game (an unfinished game adds nothing)."""
        if not self.games:
            return (0, 0)
        last = self.games[-1]
        score = [last.score[0], last.score[1]]
        if last.winner is not None:
            score[last.winner] += last.points
        return (score[0], score[1])


def normalise_move(text: str) -> str:
    """A record's move text in the notation :func:`game.rules.move.parse_move` reads: ``/0`` is
    off, ``-`` is ``/``, and a hit's ``*`` ends a checker's move (``13/11*8/3`` is ``13/11* 8/3``,
    as GNU Backgammon reads it)."""
    return _OFF.sub("/off", _DASH.sub("/", _RUN_ON.sub("* ", text)))


def _closed_out(code: int) -> bool:
    """The side on roll has a checker on the bar and every entry point is made."""
    mine, theirs = unpack(code)
    return bool(mine[BAR]) and all(theirs[i] >= 2 for i in range(18, 24))


Legal = list[int]
"""A roll's legal moves: each distinct result, the mover still on roll (:func:`results`; empty
when nothing can be played)."""


def legal_results(code: int, dice: tuple[int, int]) -> Legal:
    """The distinct results of the roll from ``code`` (none when the roll cannot be played)."""
    found = results(code, dice[0], dice[1])
    return [] if found == [code] else found


def _slack(code: int, after: int) -> tuple[int, ...]:
    """For each of the mover's slots k (0 point 1 .. 24 the bar): how many more of the mover's
    checkers stand on k or higher in ``code`` than in ``after``. Checkers only move down, so a
    step from i to t may be on the way to ``after`` only while the slack from t+1 to i is
    positive: the step takes one from each."""
    now = (code & SIDE_MASK).to_bytes(SLOTS, "little")
    then = (after & SIDE_MASK).to_bytes(SLOTS, "little")
    out = [0] * SLOTS
    total = 0
    for k in range(SLOTS - 1, -1, -1):
        total += now[k] - then[k]
        out[k] = total
    return tuple(out)


def _steps_to(
    code: int, after: int, dice: tuple[int, ...], slack: tuple[int, ...]
) -> tuple[RawStep, ...] | None:
    """One way of playing ``dice`` in this order from ``code`` that reaches ``after`` (None if
    there is none): a search that only takes the steps ``slack`` leaves room for."""
    if code == after:
        return ()
    if not dice:
        return None
    for nc, step in singles(code, dice[0]):
        src, dst, _ = step
        low = dst + 1 if dst >= 0 else 0
        if min(slack[low : src + 1]) < 1:
            continue
        left = slack[:low] + tuple(x - 1 for x in slack[low : src + 1]) + slack[src + 1 :]
        rest = _steps_to(nc, after, dice[1:], left)
        if rest is not None:
            return (step, *rest)
    return None


def _step(raw: RawStep) -> Step:
    src, dst, hit = raw
    return Step(BAR_POINT if src == BAR else src + 1, OFF_POINT if dst < 0 else dst + 1, hit)


def _made(code: int, after: int, dice: tuple[int, int]) -> Move:
    """The legal move from ``code`` to ``after`` with ``dice``, with one way of playing it."""
    d1, d2 = dice
    slack = _slack(code, after)
    for order in ((d1,) * 4,) if d1 == d2 else ((d1, d2), (d2, d1)):
        steps = _steps_to(code, after, order, slack)
        if steps is not None:
            return Move(Position(code), Position(after), tuple(_step(s) for s in steps))
    raise AssertionError("a legal result the dice do not reach")  # results() gives only reachable ones


class _MoveTexts:
    """The moves a record writes, each text read once for the whole replay.

    A text moves checkers from and to points: what it does to the mover's side is the same
    wherever it is played, so it is worked out once (a dict lookup for every later move with the
    same text) as a sum to add to the mover's half of a code. The move played is the one legal
    result of the roll with that side; where none or several have it (a hit that only the stars
    tell apart, a text that cannot be played), :func:`game.rules.move.parse_move` reads the text
    and says what is wrong. Each move costs one move generation and a pass over its results:
    the replay takes time linear in the record."""

    def __init__(self) -> None:
        self.deltas: dict[str, int | None] = {}
        """Each text read so far: the change it makes to the mover's half of a code (None: the
        text cannot be read as checker moves)."""

    def delta(self, text: str) -> int | None:
        if text in self.deltas:
            return self.deltas[text]
        try:
            segments = parse_segments(normalise_move(text))
        except MoveError:
            delta = None
        else:
            delta = 0
            for a, b in segments:
                delta += (UNIT[b - 1] if b != OFF_POINT else 0) - UNIT[BAR if a == BAR_POINT else a - 1]
        self.deltas[text] = delta
        return delta

    def played(self, code: int, dice: tuple[int, int], text: str, legal: Legal) -> Move | MoveError:
        """The legal move ``text`` names (a :class:`MoveError` saying why there is none)."""
        delta = self.delta(text)
        if delta is not None:
            mine = (code & SIDE_MASK) + delta
            found = [after for after in legal if after & SIDE_MASK == mine]
            if len(found) == 1:
                return _made(code, found[0], dice)
        try:
            return parse_move(normalise_move(text), Position(code), dice)
        except MoveError as exc:
            return exc


class _GameReplay:
    """The state of one game being replayed; what it takes on trust goes to ``notes``."""

    def __init__(
        self,
        number: int,
        game: GameRecord,
        crawford: bool,
        rules: CubeRules | None,
        notes: list[Note],
        texts: _MoveTexts,
        start: int,
        players: tuple[str, str],
    ) -> None:
        self.number = number
        self.game = game
        self.crawford = crawford
        self.rules = rules
        """The money session's cube rules (None in a match)."""
        self.notes = notes
        self.players = players
        """The players' names, as the record writes them."""
        self.texts = texts
        """The record's move texts, read once for the whole match."""
        self.turns: list[Turn] = []
        self.player: int | None = None
        self.code = start
        self.cube = CENTRED
        self.doubled_at: CubeState | None = None
        """The cube before this turn's double, while the turn lasts."""
        self.taken: bool | None = None
        self.redoubled_by: int | None = None
        """Who beavered (or raccooned) this turn's double, until the other takes it or rolls."""
        self.beavers = 0
        """This turn's redoubles at once (a beaver, a raccoon)."""
        self.cube_rows = (0, 0)
        """The rows of this turn's double and of its answer (0: none yet)."""
        self.ended: Ending | None = None
        self.board_result: tuple[int, Termination] | None = None
        self.passed: int = 0
        """The points of a passed double."""
        self.unplayed: Action | None = None
        """A roll made and never played: the game ended after it."""

    def where(self, a: Action) -> Place:
        return Place(game=self.number, row=a.row, line=a.line, side=a.player)

    def note(self, a: Action, kind: NoteKind, **values: str | int) -> None:
        self.notes.append(note(kind, self.where(a), **values))

    def game_note(self, kind: NoteKind, **values: str | int) -> None:
        self.notes.append(note(kind, Place(game=self.number), **values))

    def turn_of(self, a: Action) -> Action:
        """Make ``a.player`` the player on roll, passing a closed-out opponent's dance."""
        if self.player is None:
            self.player = a.player
        elif a.player != self.player:
            if self.doubled_at is not None or not _closed_out(self.code):
                raise ReplayError(Problem.OTHER_PLAYERS_TURN, self.where(a))
            self.finish_turn(None, 0, "")  # an unwritten dance from the bar
        return a

    def finish_turn(
        self,
        dice: tuple[int, int] | None,
        row: int,
        text: str,
        move: Move | None = None,
        board: int | None = None,
        legal: int = 0,
    ) -> None:
        """End the turn: ``move`` played, or (``board``) an illegal play that left that board;
        ``legal`` is how many legal moves the roll had."""
        assert self.player is not None
        before = self.cube if self.doubled_at is None else self.doubled_at
        self.turns.append(
            Turn(
                self.player, self.code, before, not self.turns, self.doubled_at is not None, self.taken,
                dice, move, legal, row, text, *self.cube_rows, illegal=board is not None,
                beavers=self.beavers,
            )
        )  # fmt: skip
        self.doubled_at, self.taken, self.cube_rows, self.beavers = None, None, (0, 0), 0
        after = board if board is not None else self.code if move is None else move.after.code
        borne_off = not after & SIDE_MASK  # the mover has no checker left on the board
        kind = win_kind(after) if borne_off and (move is not None or board is not None) else None
        if kind is not None:
            self.board_result = (self.player, kind)
            self.ended = "board"
        self.code = swap(after)
        self.player = 1 - self.player

    def action(self, a: Action, last: bool) -> None:
        if self.ended is not None:
            if a.kind == "move" and a.move in ("", UNPLAYED):
                self.note(a, NoteKind.DICE_AFTER_THE_END)
                return
            raise ReplayError(Problem.PLAY_AFTER_THE_END, self.where(a))
        if a.kind is CubeAction.DOUBLE:
            self.double(a)
        elif a.kind is CubeAction.TAKE or a.kind is CubeAction.PASS:
            self.answer(a)
        else:
            self.move(a, last)

    def double(self, a: Action) -> None:
        if self.taken and self.player is not None and a.player != self.player:
            self.redouble(a)  # a beaver
            return
        if self.doubled_at is not None and self.taken is None and a.player != self.player:
            # a beaver written as a second double (GNU Backgammon's .sgf, eXtreme Gammon's .xg,
            # this game's own records): the double is taken, and redoubled at once
            self.answer(replace(a, kind=CubeAction.TAKE))
            self.redouble(a)
            return
        if self.redoubled_by is not None and a.player != self.redoubled_by:
            self.redouble(a)  # a raccoon
            return
        wrong_column = self.player is not None and a.player != self.player and self.doubled_at is None
        if wrong_column and not _closed_out(self.code):
            assert self.player is not None
            self.note(a, NoteKind.DOUBLE_IN_OTHER_COLUMN)
            a = replace(a, player=self.player)
        self.turn_of(a)
        if not self.turns:
            raise ReplayError(Problem.DOUBLE_ON_THE_OPENING_ROLL, self.where(a))
        if not can_double(self.cube, a.player, crawford=self.crawford):
            if not (self.crawford and can_double(self.cube, a.player)):
                raise ReplayError(Problem.MAY_NOT_DOUBLE, self.where(a))
            self.note(a, NoteKind.DOUBLE_IN_CRAWFORD_GAME)
            self.crawford = False
        self.doubled_at = self.cube
        self.cube_rows = (a.row, 0)

    def redouble(self, a: Action) -> None:
        """A beaver (the taker redoubles at once) or a raccoon (the doubler again): the cube
        doubles and is theirs."""
        if self.rules is None:
            self.note(a, NoteKind.BEAVER_IN_A_MATCH)
        if self.cube.value * 2 > MAX_CUBE:
            raise ReplayError(Problem.CUBE_PAST_THE_TOP, self.where(a), most=MAX_CUBE)
        self.cube = CubeState(self.cube.value * 2, a.player)
        self.redoubled_by = a.player
        self.beavers += 1

    def answer(self, a: Action) -> None:
        if self.redoubled_by is not None:
            if a.kind is CubeAction.PASS:
                raise ReplayError(Problem.BEAVER_PASSED, self.where(a))
            self.redoubled_by = None  # the beaver taken (as rolling on would)
            return
        if self.doubled_at is None or self.taken is not None:
            raise ReplayError(Problem.ANSWER_WITHOUT_DOUBLE, self.where(a), answer=a.kind)
        assert self.player is not None
        if a.player == self.player:
            taken = a.kind is CubeAction.TAKE
            self.note(a, NoteKind.TAKE_IN_DOUBLERS_COLUMN if taken else NoteKind.PASS_IN_DOUBLERS_COLUMN)
        self.taken = a.kind is CubeAction.TAKE
        self.cube_rows = (self.cube_rows[0], a.row)
        if self.taken:
            self.cube = take(self.cube, self.player, crawford=self.crawford)
        else:
            self.finish_pass(a.row)

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
        self.passed = pass_points(self.doubled_at)
        self.doubled_at, self.cube_rows = None, (0, 0)
        self.ended = "pass"

    def move(self, a: Action, last: bool) -> None:
        if self.redoubled_by is not None and a.player == self.player:
            self.redoubled_by = None  # the doubler rolls on: the beaver taken
        self.turn_of(a)
        assert a.dice is not None
        if self.doubled_at is not None and self.taken is None:
            raise ReplayError(Problem.DOUBLE_NOT_ANSWERED, self.where(a))
        dice = (max(a.dice), min(a.dice))
        if self.turns == [] and dice[0] == dice[1]:
            raise ReplayError(Problem.OPENING_DOUBLES, self.where(a), roll=f"{a.dice[0]}{a.dice[1]}")
        legal = legal_results(self.code, dice)
        if a.board is not None:
            self.note(a, NoteKind.ILLEGAL_PLAY_BOARD, roll=f"{dice[0]}{dice[1]}")
            self.finish_turn(dice, a.row, a.move, board=a.board, legal=len(legal))
            return
        if a.move in ("", UNPLAYED):
            self.unwritten(a, dice, legal, last)
            return
        move = self.texts.played(self.code, dice, a.move, legal)
        if isinstance(move, MoveError):
            why = shown(str(move), 120)[1:-1]  # the rules' words, cut as a quote is
            if a.after is not None and impossible_board(swap(a.after), over=True) is None:
                roll = f"{dice[0]}{dice[1]}"
                self.note(a, NoteKind.ILLEGAL_PLAY_BOARD_AFTER, roll=roll, move=shown(a.move, 40), why=why)
                self.finish_turn(dice, a.row, a.move, board=a.after, legal=len(legal))
                return
            raise ReplayError(
                Problem.ILLEGAL_MOVE, self.where(a), roll=f"{dice[0]}{dice[1]}", move=excerpt(a.move), why=why
            )
        self.finish_turn(dice, a.row, a.move, move, legal=len(legal))

    def unwritten(self, a: Action, dice: tuple[int, int], legal: Legal, last: bool) -> None:
        """A roll written with no move: a dance, a forced move, FIBS's automatic bear-off, or a
        roll never played before the game ended."""
        if legal and last:
            self.unplayed = a  # rolled, then the game ended by a resignation
        elif len(legal) == 1:
            self.note(a, NoteKind.ONLY_LEGAL_MOVE, roll=f"{dice[0]}{dice[1]}")
            self.finish_turn(dice, a.row, a.move, _made(self.code, legal[0], dice), legal=1)
        elif legal and (greedy := _greedy_bear_off(self.code, legal)) is not None:
            self.note(a, NoteKind.AUTOMATIC_BEAR_OFF, roll=f"{dice[0]}{dice[1]}")
            self.finish_turn(dice, a.row, a.move, _made(self.code, greedy, dice), legal=len(legal))
        elif legal:
            raise ReplayError(Problem.NO_MOVE_WRITTEN, self.where(a), roll=f"{dice[0]}{dice[1]}")
        else:
            self.finish_turn(dice, a.row, "")

    def settle(self) -> tuple[int, int, Ending] | None:
        """The game's winner, points and ending (None: the play stops before the game's end)."""
        game = self.game
        written = (game.winner, game.points) if game.points else None
        offered = self.doubled_at if self.ended is None and self.taken is None else None
        if offered is not None and written and written[0] == self.player and written[1] <= offered.value:
            self.game_note(NoteKind.ANSWER_NOT_WRITTEN)
            self.finish_pass(0)
        ending: Ending
        if self.ended == "board" and self.board_result is not None:
            winner, kind = self.board_result
            money = self.rules is not None
            result = (winner, game_points(kind, self.cube, money=money, rules=self.rules or DEFAULT_RULES))
            ending = "board"
        elif self.ended == "pass" and self.player is not None:
            result, ending = (self.player, self.passed), "pass"
        elif written:
            self.keep_taken_double()
            result, ending = (written[0], _resignation_points(written[1], self.cube.value)), "resign"
            if self.unplayed is not None:
                a, dice = self.unplayed, self.unplayed.dice
                assert dice is not None
                self.note(a, NoteKind.ROLLED_BEFORE_RESIGNATION, roll=f"{max(dice)}{min(dice)}")
        else:
            self.keep_taken_double()
            self.unfinished()
            return None
        if written and written != result:
            self.game_note(
                NoteKind.RESULT_DIFFERS,
                written=self.players[written[0]],
                written_points=written[1],
                winner=self.players[result[0]],
                points=result[1],
                ending=ending,
            )
        return (*result, ending)

    def keep_taken_double(self) -> None:
        """A double taken with no roll after it (the game ended by a resignation, or the record
        stops there) is still a turn: its double and take are judged."""
        if self.doubled_at is not None and self.taken:
            assert self.player is not None
            double_row, answer_row = self.cube_rows
            self.turns.append(
                Turn(
                    self.player, self.code, self.doubled_at, False, True, True,
                    row=answer_row or double_row, double_row=double_row, answer_row=answer_row,
                    beavers=self.beavers,
                )
            )  # fmt: skip
            self.doubled_at, self.taken, self.cube_rows, self.beavers = None, None, (0, 0), 0

    def unfinished(self) -> None:
        """Say what the play leaves open where the record stops before the game's end."""
        if self.doubled_at is not None:
            self.game_note(NoteKind.STOPS_AT_A_DOUBLE)
        if self.unplayed is not None and self.unplayed.dice is not None:
            dice = self.unplayed.dice
            self.note(self.unplayed, NoteKind.STOPS_BEFORE_THE_PLAY, roll=f"{max(dice)}{min(dice)}")


def _greedy_bear_off(code: int, legal: Legal) -> int | None:
    """The one legal result that bears off the most checkers, all of them being home (None if
    there is none, or several)."""
    mine = unpack(code)[0]
    if any(mine[6:]):
        return None
    off = [off_count(unpack(after)[0]) for after in legal]
    best = max(off)
    if best == off_count(mine) or off.count(best) > 1:
        return None
    return legal[off.index(best)]


def _resignation_points(written: int, cube: int) -> int:
    """What a resignation scores: a single, gammon or backgammon at the cube, the least that
    covers the points written (as GNU Backgammon reads a ``Wins`` after no bear-off)."""
    level = 1 if written <= cube else 2 if written <= 2 * cube else 3
    return level * cube


def replay(record: MatchRecord) -> ReplayedMatch:
    """Play every game of ``record`` through the rules (:class:`ReplayError` if one breaks them).

    Each game's result is the play's: the board's at the last checker off, the cube's at a pass,
    else the written ``Wins`` read as a resignation; where the record says otherwise, or its
    last game stops before the end (it is kept as unfinished: no winner, no points),
    :attr:`ReplayedMatch.notes` says so. As GNU Backgammon's ``import mat``, the replay stops at
    the match's end: after the game that reaches the match length, or at a game whose score line
    is at or past it (the first game's is an error: :class:`MatFileError`); a note says which
    games are left out."""
    if record.length > MAX_LENGTH:  # .sgf and .xg say up to 999: the match equity table goes to 64
        raise ReplayError(Problem.REVIEW_TOO_LONG, length=record.length, most=MAX_LENGTH)
    notes: list[Note] = []
    texts = _MoveTexts()
    score = [0, 0]
    crawford_done = False
    games: list[ReplayedGame] = []
    length = record.length
    crawford_rule = record.rules.crawford
    rules = CubeRules(jacoby=record.rules.jacoby, beavers=True) if length == 0 else None
    start = record.variant.start_code
    for number, game in enumerate(record.games, 1):
        if length and max(game.score) >= length:
            _past_the_end(number, game, length, notes, len(record.games))
            break
        if tuple(score) != game.score:
            said = {"a": game.score[0], "b": game.score[1], "c": score[0], "d": score[1]}
            notes.append(note(NoteKind.SCORE_LINE_DIFFERS, Place(game=number), **said))
        s = game.score
        at_point = length > 1 and length - 1 in s  # a 1-point match has no Crawford game
        crawford = crawford_rule and at_point and not crawford_done
        if crawford:
            crawford_done = True
        g = _GameReplay(number, game, crawford, rules, notes, texts, start, record.players)
        rows = row_numbers([a.player for a in game.actions])
        for k, (a, row) in enumerate(zip(game.actions, rows, strict=True)):
            last = k == len(game.actions) - 1
            g.action(a if a.row else replace(a, row=row), last)  # made in memory: the rows it would have
        settled = g.settle()
        post = crawford_rule and at_point and not g.crawford
        if settled is None:
            if number < len(record.games):
                raise ReplayError(Problem.NO_RESULT_BUT_GAMES_FOLLOW, Place(game=number))
            notes.append(note(NoteKind.UNFINISHED, Place(game=number)))
            games.append(ReplayedGame(number, s, g.crawford, post, tuple(g.turns), None, 0, "unfinished"))
            break
        winner, points, ending = settled
        games.append(ReplayedGame(number, s, g.crawford, post, tuple(g.turns), winner, points, ending))
        score = [s[0], s[1]]
        score[winner] += points
        if length and max(score) >= length and number < len(record.games):
            left = len(record.games) - number
            ended = {"a": score[0], "b": score[1], "count": left}
            notes.append(note(NoteKind.GAMES_AFTER_THE_END, Place(game=number), **ended))
            break
    return ReplayedMatch(record, tuple(games), tuple(notes))


def _past_the_end(number: int, game: GameRecord, length: int, notes: list[Note], count: int) -> None:
    """A game whose score line is at or past the match length: the record's first is refused
    (there is no match to replay), a later one is left out with the games after it, as GNU
    Backgammon's ``import mat`` leaves them."""
    where = Place(game=number, line=game.line)
    high = max(game.score)
    if number == 1:
        raise MatFileError(Problem.SCORE_PAST_THE_END, where, score=high, length=length)
    a, b = game.score
    notes.append(note(NoteKind.SCORE_PAST_THE_END, where, a=a, b=b, length=length, count=count - number))
