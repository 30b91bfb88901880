"""What is wrong with a record, as typed values: a :class:`Problem` (the kind), where it is
(:class:`Place`) and the problem's values; the edge (the command line, the window) words them.

Every reader, the replay and the writers raise a :class:`RecordError` (one subclass a format,
:class:`ReplayError` for play the rules refuse). :meth:`RecordError.message` words it in
English (:data:`ENGLISH`, one template a problem): what the command line prints, and what
``str()`` gives. A front end in another language words the same problem from its kind, its
place's fields and its values instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class Problem(StrEnum):
    """What is wrong with a record: one member for each thing a reader, the replay or a writer
    refuses (its value names it; :data:`ENGLISH` words it)."""

    # what every record must be (game.records.model)
    TOO_MANY_ENTRIES = "too-many-entries"
    NEGATIVE_SCORE = "negative-score"
    NOT_A_CUBE_VALUE = "not-a-cube-value"
    # .mat text
    TOO_MANY_DIGITS = "too-many-digits"
    NOT_A_MATCH_LENGTH = "not-a-match-length"
    MATCH_TOO_LONG = "match-too-long"
    NOT_A_SCORE_LINE = "not-a-score-line"
    CANNOT_READ = "cannot-read"
    LINE_TOO_LONG = "line-too-long"
    NOT_A_ROLL = "not-a-roll"
    ILLEGAL_PLAY_WITHOUT_BOARD = "illegal-play-without-board"
    ILLEGAL_PLAY_FIELDS = "illegal-play-fields"
    ILLEGAL_PLAY_FIELD = "illegal-play-field"
    ILLEGAL_PLAY_NOT_A_BOARD = "illegal-play-not-a-board"
    ILLEGAL_PLAY_CANNOT_BE = "illegal-play-cannot-be"
    NO_SCORE_LINE = "no-score-line"
    PLAY_AFTER_RESULT = "play-after-result"
    NO_MATCH_LINE = "no-match-line"
    NO_GAMES = "no-games"
    UNKNOWN_VARIATION = "unknown-variation"
    # .sgf
    SGF_UNEXPECTED = "sgf-unexpected"
    SGF_CUT_SHORT = "sgf-cut-short"
    SGF_TOO_DEEP = "sgf-too-deep"
    SGF_CLOSE_WITHOUT_TREE = "sgf-close-without-tree"
    SGF_NODE_OUTSIDE_TREE = "sgf-node-outside-tree"
    SGF_NODE_AFTER_VARIATION = "sgf-node-after-variation"
    SGF_TOO_MANY_NODES = "sgf-too-many-nodes"
    SGF_PROPERTY_OUTSIDE_NODE = "sgf-property-outside-node"
    SGF_VALUE_NOT_CLOSED = "sgf-value-not-closed"
    SGF_NO_VALUE = "sgf-no-value"
    SGF_NOT_BACKGAMMON = "sgf-not-backgammon"
    SGF_CANNOT_READ_MI = "sgf-cannot-read-mi"
    SGF_MATCH_TOO_LONG = "sgf-match-too-long"
    VARIANT_NOT_PLAYED = "variant-not-played"
    SGF_AUTOMATIC_DOUBLES = "sgf-automatic-doubles"
    SGF_CANNOT_READ_RESULT = "sgf-cannot-read-result"
    SGF_CANNOT_READ_ACTION = "sgf-cannot-read-action"
    SGF_NOT_A_MOVE = "sgf-not-a-move"
    SGF_SETS_UP = "sgf-sets-up"
    SGF_NO_GAME = "sgf-no-game"
    SGF_LENGTHS_DIFFER = "sgf-lengths-differ"
    SGF_VARIANTS_DIFFER = "sgf-variants-differ"
    # .xg
    XG_DAMAGED = "xg-damaged"
    XG_UNPACKS_WRONG = "xg-unpacks-wrong"
    XG_TOO_SHORT = "xg-too-short"
    XG_NOT_XG = "xg-not-xg"
    XG_HEADER_DAMAGED = "xg-header-damaged"
    XG_CLOSING_RECORD = "xg-closing-record"
    XG_ARCHIVE_DOES_NOT_FIT = "xg-archive-does-not-fit"
    XG_ARCHIVE_CRC = "xg-archive-crc"
    XG_REGISTRY_CUT_SHORT = "xg-registry-cut-short"
    XG_ENTRY_DAMAGED = "xg-entry-damaged"
    XG_FILE_CUT_SHORT = "xg-file-cut-short"
    XG_FILE_CRC = "xg-file-crc"
    XG_NO_DMLI = "xg-no-dmli"
    XG_FILE_VERSION = "xg-file-version"
    XG_MATCH_LENGTH = "xg-match-length"
    XG_AUTOMATIC_DOUBLES = "xg-automatic-doubles"
    XG_PLAYER = "xg-player"
    XG_DICE = "xg-dice"
    XG_MOVE = "xg-move"
    XG_ANSWER = "xg-answer"
    XG_AFTER_THE_END = "xg-after-the-end"
    XG_SECOND_HEADER = "xg-second-header"
    XG_NO_HEADER_FIRST = "xg-no-header-first"
    XG_PLAY_OUTSIDE_GAME = "xg-play-outside-game"
    XG_UNKNOWN_RECORD = "xg-unknown-record"
    XG_NO_RESULT_BEFORE_GAME = "xg-no-result-before-game"
    XG_NOT_AT_THE_START = "xg-not-at-the-start"
    XG_GAME_AUTOMATIC_DOUBLES = "xg-game-automatic-doubles"
    XG_POINTS = "xg-points"
    XG_RECORDS = "xg-records"
    XG_NO_HEADER = "xg-no-header"
    XG_NO_GAME = "xg-no-game"
    XG_NO_MATCH_FILE = "xg-no-match-file"
    # the file and the formats (game.records.formats)
    NOT_WRITTEN = "not-written"
    FILE_TOO_LARGE = "file-too-large"
    CANNOT_READ_FILE = "cannot-read-file"
    # the replay (game.records.replay) and the writers that replay
    SCORE_PAST_THE_END = "score-past-the-end"
    REVIEW_TOO_LONG = "review-too-long"
    OTHER_PLAYERS_TURN = "other-players-turn"
    PLAY_AFTER_THE_END = "play-after-the-end"
    DOUBLE_ON_THE_OPENING_ROLL = "double-on-the-opening-roll"
    MAY_NOT_DOUBLE = "may-not-double"
    CUBE_PAST_THE_TOP = "cube-past-the-top"
    BEAVER_PASSED = "beaver-passed"
    ANSWER_WITHOUT_DOUBLE = "answer-without-double"
    DOUBLE_NOT_ANSWERED = "double-not-answered"
    OPENING_DOUBLES = "opening-doubles"
    ILLEGAL_MOVE = "illegal-move"
    NO_MOVE_WRITTEN = "no-move-written"
    NO_RESULT_BUT_GAMES_FOLLOW = "no-result-but-games-follow"
    ILLEGAL_PLAY_NOT_WRITTEN = "illegal-play-not-written"
    BEAVER_IN_A_MATCH = "beaver-in-a-match"


SNOWIE = "an illegal play's board (Snowie's 'Illegal play')"

ENGLISH: Mapping[Problem, str] = MappingProxyType(
    {
        Problem.TOO_MANY_ENTRIES: "the record holds more than {most} rolls and cube actions, more than a "
        "match record holds",
        Problem.NEGATIVE_SCORE: "{where}: a score of {score} is not a score",
        Problem.NOT_A_CUBE_VALUE: "{where}: a double to {value} is not a cube value (2, 4, 8, ... {most})",
        Problem.TOO_MANY_DIGITS: "{where}: {what} has {digits} digits, more than a record's",
        Problem.NOT_A_MATCH_LENGTH: "{where}: {text!r} is not a match length (0 for money, 1 or more)",
        Problem.MATCH_TOO_LONG: "{where}: a match to {length} points is longer than {most}",
        Problem.NOT_A_SCORE_LINE: "{where}: expected the score line 'name : score   name : score', got "
        "{text!r}",
        Problem.CANNOT_READ: "{where}: cannot read {text!r}",
        Problem.LINE_TOO_LONG: "{where} has {chars} characters, more than {most}",
        Problem.NOT_A_ROLL: "{where}: {roll} is not a roll",
        Problem.ILLEGAL_PLAY_WITHOUT_BOARD: "{where}: an illegal play without its board in parentheses "
        "(Snowie's 'Illegal play')",
        Problem.ILLEGAL_PLAY_FIELDS: "{where}: " + SNOWIE + " has {count} fields, not {expected}",
        Problem.ILLEGAL_PLAY_FIELD: "{where}: " + SNOWIE + " holds {text!r}, not a number of checkers",
        Problem.ILLEGAL_PLAY_NOT_A_BOARD: "{where}: " + SNOWIE + " is not a board: {why}",
        Problem.ILLEGAL_PLAY_CANNOT_BE: "{where}: " + SNOWIE + " cannot be: {why}",
        Problem.NO_SCORE_LINE: "{where} has no score line",
        Problem.PLAY_AFTER_RESULT: "{where}: play after the game's result",
        Problem.NO_MATCH_LINE: "no match in the record (no 'N point match' line)",
        Problem.NO_GAMES: "the record has no games",
        Problem.UNKNOWN_VARIATION: "the variation {text!r} is not one this game plays ({played})",
        Problem.SGF_UNEXPECTED: "{where}: unexpected {char!r}",
        Problem.SGF_CUT_SHORT: "the file ends inside a game tree ({count} '(' not closed): it is cut short",
        Problem.SGF_TOO_DEEP: "{where}: game trees nested more than {most} deep",
        Problem.SGF_CLOSE_WITHOUT_TREE: "{where}: ')' without a game tree to close",
        Problem.SGF_NODE_OUTSIDE_TREE: "{where}: a node outside any game tree (a file starts with '(;')",
        Problem.SGF_NODE_AFTER_VARIATION: "{where}: a node after a variation (nodes come before the trees "
        "inside)",
        Problem.SGF_TOO_MANY_NODES: "{where}: more than {most} nodes",
        Problem.SGF_PROPERTY_OUTSIDE_NODE: "{where}: property {name!r} outside a node",
        Problem.SGF_VALUE_NOT_CLOSED: "{where}: the value of {name} is not closed with ']'",
        Problem.SGF_NO_VALUE: "{where}: property {name} has no [value]",
        Problem.SGF_NOT_BACKGAMMON: "{where}: not a backgammon record (GM[{value}]; backgammon is GM[6])",
        Problem.SGF_CANNOT_READ_MI: "{where}: cannot read MI[{key}:{value}]",
        Problem.SGF_MATCH_TOO_LONG: "{where}: a {length}-point match is longer than {most} points",
        Problem.VARIANT_NOT_PLAYED: "{where}: {name} is not a variant this game plays ({played})",
        Problem.SGF_AUTOMATIC_DOUBLES: "{where}: the game starts with the cube at {value} (automatic "
        "doubles)",
        Problem.SGF_CANNOT_READ_RESULT: "{where}: cannot read the result RE[{value}]",
        Problem.SGF_CANNOT_READ_ACTION: "{where}: cannot read {colour}[{value}]",
        Problem.SGF_NOT_A_MOVE: "{where}: {colour}[{value}]: {pair} is not a move",
        Problem.SGF_SETS_UP: "{where} sets up a position: a match record starts every game at the opening",
        Problem.SGF_NO_GAME: "the file holds no game",
        Problem.SGF_LENGTHS_DIFFER: "{where} is of a {length}-point match, game 1 of {first}",
        Problem.SGF_VARIANTS_DIFFER: "{where} is played as {variant}, game 1 as {first}",
        Problem.XG_DAMAGED: "{part} is damaged ({why})",
        Problem.XG_UNPACKS_WRONG: "{part} unpacks to {size} bytes, not the {expected} its entry says",
        Problem.XG_TOO_SHORT: "the file is {size} bytes: too short for an eXtreme Gammon file",
        Problem.XG_NOT_XG: "not an eXtreme Gammon file (it does not start with RGMH)",
        Problem.XG_HEADER_DAMAGED: "the file's header is damaged (its sizes do not fit the file)",
        Problem.XG_CLOSING_RECORD: "the file's archive is damaged (its closing record does not make sense)",
        Problem.XG_ARCHIVE_DOES_NOT_FIT: "the file is cut short or damaged (its archive does not fit)",
        Problem.XG_ARCHIVE_CRC: "the file is damaged (the archive's CRC-32 does not match)",
        Problem.XG_REGISTRY_CUT_SHORT: "the archive's registry is cut short",
        Problem.XG_ENTRY_DAMAGED: "the archive's entry for {name!r} is damaged",
        Problem.XG_FILE_CUT_SHORT: "{name} is cut short",
        Problem.XG_FILE_CRC: "{name} is damaged (its CRC-32 does not match)",
        Problem.XG_NO_DMLI: "the match header is damaged (no DMLI mark)",
        Problem.XG_FILE_VERSION: "the match header is damaged (file version {version})",
        Problem.XG_MATCH_LENGTH: "the match header is damaged (match length {length})",
        Problem.XG_AUTOMATIC_DOUBLES: "the match uses automatic doubles, which a match record cannot hold",
        Problem.XG_PLAYER: "{where}: the player is {value}, not 1 or -1",
        Problem.XG_DICE: "{where}: the dice are {one} and {two}",
        Problem.XG_MOVE: "{where}: cannot read the move {pairs}",
        Problem.XG_ANSWER: "{where}: cannot read the answer to the double ({answer})",
        Problem.XG_AFTER_THE_END: "{where} comes after the end of the match",
        Problem.XG_SECOND_HEADER: "{where}: a second match header",
        Problem.XG_NO_HEADER_FIRST: "the file does not start with a match header",
        Problem.XG_PLAY_OUTSIDE_GAME: "{where}: play outside a game",
        Problem.XG_UNKNOWN_RECORD: "{where} is of an unknown type ({kind})",
        Problem.XG_NO_RESULT_BEFORE_GAME: "{where} has no result, but a game follows it",
        Problem.XG_NOT_AT_THE_START: "{where} does not start at the opening position",
        Problem.XG_GAME_AUTOMATIC_DOUBLES: "{where} starts with automatic doubles",
        Problem.XG_POINTS: "{where}: the points won are {points}",
        Problem.XG_RECORDS: "temp.xg is {size} bytes, not a whole number of {record}-byte records",
        Problem.XG_NO_HEADER: "the file holds no match header",
        Problem.XG_NO_GAME: "the file holds no game",
        Problem.XG_NO_MATCH_FILE: "the archive holds no temp.xg (the match)",
        Problem.NOT_WRITTEN: "{format} is read, not written: name a {written} file",
        Problem.FILE_TOO_LARGE: "the file is more than a match record ({most} bytes)",
        Problem.CANNOT_READ_FILE: "cannot read it: {why}",
        Problem.SCORE_PAST_THE_END: "{where}: a score of {score} is at or past the match length ({length})",
        Problem.REVIEW_TOO_LONG: "a {length}-point match is longer than {most} points, the longest reviewed",
        Problem.OTHER_PLAYERS_TURN: "{where}: it is the other player's turn",
        Problem.PLAY_AFTER_THE_END: "{where}: play after the game ended",
        Problem.DOUBLE_ON_THE_OPENING_ROLL: "{where}: this player may not double here (the opening roll)",
        Problem.MAY_NOT_DOUBLE: "{where}: this player may not double here",
        Problem.CUBE_PAST_THE_TOP: "{where}: the cube cannot go past {most}",
        Problem.BEAVER_PASSED: "{where}: a beaver cannot be passed",
        Problem.ANSWER_WITHOUT_DOUBLE: "{where}: {answer} without a double to answer",
        Problem.DOUBLE_NOT_ANSWERED: "{where}: the double was not answered",
        Problem.OPENING_DOUBLES: "{where}: the opening roll cannot be a double ({roll})",
        Problem.ILLEGAL_MOVE: "{where}: {roll}: {move!r}: {why}",
        Problem.NO_MOVE_WRITTEN: "{where}: no move written, but {roll} can be played",
        Problem.NO_RESULT_BUT_GAMES_FOLLOW: "{where} has no result ('Wins N points') and its play does not "
        "end it, but games follow it",
        Problem.ILLEGAL_PLAY_NOT_WRITTEN: "{where}: an illegal play (written as the board after it) cannot "
        "be written as .sgf",
        Problem.BEAVER_IN_A_MATCH: "{where}: a beaver in a match cannot be written (beavers are for money "
        "play only)",
    }
)
"""Each problem in English: a :meth:`str.format` template of its values and ``{where}``, its place."""


class Numbered(StrEnum):
    """The numbers a ``.mat`` record holds (:data:`Problem.TOO_MANY_DIGITS` says which); the value is
    its English."""

    LENGTH = "the match length"
    GAME = "the game number"
    SCORE = "a score"
    ROW = "a row number"
    POINTS = "the points"
    CUBE = "the cube"


@dataclass(frozen=True, slots=True)
class Place:
    """Where in a record a problem is; a field left at its default does not apply."""

    game: int = 0
    """The game, from 1."""

    row: int | None = None
    """The row (move number) of a ``.mat`` record; 0: a row without a number."""

    line: int = 0
    """The line of the file."""

    side: int | None = None
    """The cell: 0 the left player's, 1 the right player's."""

    action: int = 0
    """An ``.sgf`` game's action (node), from 1."""

    record: int = 0
    """An ``.xg`` file's record, from 1."""

    def words(self) -> str:
        """The place in English: ``game 2, move 7 (line 31), left cell``, ``line 4``, ``record 12``."""
        parts = [
            f"{name} {number}" for name, number in (("record", self.record), ("game", self.game)) if number
        ]
        if self.action:
            parts.append(f"action {self.action}")
        if self.row is not None:
            parts.append(f"move {self.row}" if self.row else "a move")
        text = ", ".join(parts)
        if self.line:
            text = f"{text} (line {self.line})" if text else f"line {self.line}"
        if self.side is not None:
            text += ", left cell" if self.side == 0 else ", right cell"
        return text

    def to_json(self) -> dict[str, int | str]:
        """The fields that apply, JSON-ready: ``game``, ``move`` (the row's number), ``line``,
        ``cell`` (``left`` / ``right``), ``action``, ``record``."""
        out: dict[str, int | str] = {}
        for name, number in (("record", self.record), ("game", self.game), ("action", self.action)):
            if number:
                out[name] = number
        if self.row is not None:
            out["move"] = self.row
        if self.line:
            out["line"] = self.line
        if self.side is not None:
            out["cell"] = "left" if self.side == 0 else "right"
        return out


Value = str | int
"""A problem's value: a number, a name, or a piece of the record quoted."""


class RecordError(ValueError):
    """A record that cannot be read, replayed or written: :attr:`problem` says what, :attr:`place`
    where, :attr:`values` the rest; ``str()`` is :meth:`message`."""

    def __init__(self, problem: Problem, place: Place | None = None, **values: Value) -> None:
        self.problem = problem
        """What is wrong."""
        self.place = place
        """Where (None: the record as a whole)."""
        self.values: Mapping[str, Value] = MappingProxyType(dict(values))
        """The problem's values, by the names its template uses."""
        super().__init__(self.message())

    def message(self) -> str:
        """The problem in English."""
        where = self.place.words() if self.place is not None else ""
        return ENGLISH[self.problem].format(where=where, **self.values)

    def __str__(self) -> str:
        return self.message()

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its kind, place and values (it crosses to and from helper processes)."""
        return (_rebuilt, (type(self), self.problem, self.place, dict(self.values)))


def _rebuilt(
    kind: type[RecordError], problem: Problem, place: Place | None, values: dict[str, Value]
) -> RecordError:
    return kind(problem, place, **values)


class MatFileError(RecordError):
    """A ``.mat`` record (or what every record must be) that cannot be read."""


class SgfFileError(RecordError):
    """An ``.sgf`` file that cannot be read."""


class XgFileError(RecordError):
    """An ``.xg`` file that cannot be read."""


class ReplayError(RecordError):
    """A record whose play the rules do not allow (or that a writer cannot write)."""


def excerpt(text: str, width: int = 60) -> str:
    """A piece of a record to quote in a message: stripped, and cut at ``width`` characters."""
    text = text.strip()
    return text if len(text) <= width else text[: width - 3] + "..."


def shown(text: str, width: int = 60) -> str:
    """A piece of a record quoted, as a message shows it (:func:`excerpt`, in quotes)."""
    return repr(excerpt(text, width))
