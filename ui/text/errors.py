"""The records' errors in words: a reader's, the replay's or a writer's :class:`RecordError` worded
from its kind, its place and its values (the records say them in English for the command line;
the window words them here; no pygame). Any other exception a file job meets is shown as it is, from
this one place (:func:`file_error`)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar

from game.records.errors import Numbered, Place, Problem, RecordError, Value
from ui.text import N_, Nn_, _, ngettext

K = TypeVar("K", bound=StrEnum)
"""The kind of what a record needed said: a :class:`Problem`, or a note's kind."""

# TRANSLATORS: Snowie's "Illegal play" is a record's board written after an illegal play.
SNOWIE = N_("an illegal play's board (Snowie's 'Illegal play')")
"""How an illegal play's board is named inside the problems that quote it."""

PROBLEMS: Mapping[Problem, str] = MappingProxyType(
    {
        Problem.TOO_MANY_ENTRIES: N_(
            "the record holds more than {most} rolls and cube actions, more than a match record holds"
        ),
        Problem.NEGATIVE_SCORE: N_("{where}: a score of {score} is not a score"),
        Problem.NOT_A_CUBE_VALUE: N_(
            "{where}: a double to {value} is not a cube value (2, 4, 8, ... {most})"
        ),
        Problem.TOO_MANY_DIGITS: N_("{where}: {what} has {digits} digits, more than a record's"),
        Problem.NOT_A_MATCH_LENGTH: N_("{where}: {text!r} is not a match length (0 for money, 1 or more)"),
        Problem.MATCH_TOO_LONG: N_("{where}: a match to {length} points is longer than {most}"),
        Problem.NOT_A_SCORE_LINE: N_(
            "{where}: expected the score line 'name : score   name : score', got {text!r}"
        ),
        Problem.CANNOT_READ: N_("{where}: cannot read {text!r}"),
        Problem.LINE_TOO_LONG: N_("{where} has {chars} characters, more than {most}"),
        Problem.NOT_A_ROLL: N_("{where}: {roll} is not a roll"),
        Problem.ILLEGAL_PLAY_WITHOUT_BOARD: N_(
            "{where}: an illegal play without its board in parentheses (Snowie's 'Illegal play')"
        ),
        Problem.ILLEGAL_PLAY_FIELD: N_("{where}: {snowie} holds {text!r}, not a number of checkers"),
        Problem.ILLEGAL_PLAY_NOT_A_BOARD: N_("{where}: {snowie} is not a board: {why}"),
        Problem.ILLEGAL_PLAY_CANNOT_BE: N_("{where}: {snowie} cannot be: {why}"),
        Problem.NO_SCORE_LINE: N_("{where} has no score line"),
        Problem.PLAY_AFTER_RESULT: N_("{where}: play after the game's result"),
        Problem.NO_MATCH_LINE: N_("no match in the record (no 'N point match' line)"),
        Problem.NO_GAMES: N_("the record has no games"),
        Problem.UNKNOWN_VARIATION: N_("the variation {text!r} is not one this game plays ({played})"),
        Problem.SGF_UNEXPECTED: N_("{where}: unexpected {char!r}"),
        Problem.SGF_TOO_DEEP: N_("{where}: game trees nested more than {most} deep"),
        Problem.SGF_CLOSE_WITHOUT_TREE: N_("{where}: ')' without a game tree to close"),
        Problem.SGF_NODE_OUTSIDE_TREE: N_("{where}: a node outside any game tree (a file starts with '(;')"),
        Problem.SGF_NODE_AFTER_VARIATION: N_(
            "{where}: a node after a variation (nodes come before the trees inside)"
        ),
        Problem.SGF_TOO_MANY_NODES: N_("{where}: more than {most} nodes"),
        Problem.SGF_PROPERTY_OUTSIDE_NODE: N_("{where}: property {name!r} outside a node"),
        Problem.SGF_VALUE_NOT_CLOSED: N_("{where}: the value of {name} is not closed with ']'"),
        Problem.SGF_NO_VALUE: N_("{where}: property {name} has no [value]"),
        Problem.SGF_NOT_BACKGAMMON: N_("{where}: not a backgammon record (GM[{value}]; backgammon is GM[6])"),
        Problem.SGF_CANNOT_READ_MI: N_("{where}: cannot read MI[{key}:{value}]"),
        Problem.SGF_MATCH_TOO_LONG: N_("{where}: a {length}-point match is longer than {most} points"),
        Problem.VARIANT_NOT_PLAYED: N_("{where}: {name} is not a variant this game plays ({played})"),
        Problem.SGF_AUTOMATIC_DOUBLES: N_(
            "{where}: the game starts with the cube at {value} (automatic doubles)"
        ),
        Problem.SGF_CANNOT_READ_RESULT: N_("{where}: cannot read the result RE[{value}]"),
        Problem.SGF_CANNOT_READ_ACTION: N_("{where}: cannot read {colour}[{value}]"),
        Problem.SGF_NOT_A_MOVE: N_("{where}: {colour}[{value}]: {pair} is not a move"),
        Problem.SGF_SETS_UP: N_(
            "{where} sets up a position: a match record starts every game at the opening"
        ),
        Problem.SGF_NO_GAME: N_("the file holds no game"),
        Problem.SGF_LENGTHS_DIFFER: N_("{where} is of a {length}-point match, game 1 of {first}"),
        Problem.SGF_VARIANTS_DIFFER: N_("{where} is played as {variant}, game 1 as {first}"),
        Problem.XG_DAMAGED: N_("{part} is damaged ({why})"),
        Problem.XG_UNPACKS_WRONG: N_("{part} unpacks to {size} bytes, not the {expected} its entry says"),
        Problem.XG_TOO_SHORT: N_("the file is {size} bytes: too short for an eXtreme Gammon file"),
        Problem.XG_NOT_XG: N_("not an eXtreme Gammon file (it does not start with RGMH)"),
        Problem.XG_HEADER_DAMAGED: N_("the file's header is damaged (its sizes do not fit the file)"),
        Problem.XG_CLOSING_RECORD: N_(
            "the file's archive is damaged (its closing record does not make sense)"
        ),
        Problem.XG_ARCHIVE_DOES_NOT_FIT: N_("the file is cut short or damaged (its archive does not fit)"),
        Problem.XG_ARCHIVE_CRC: N_("the file is damaged (the archive's CRC-32 does not match)"),
        Problem.XG_REGISTRY_CUT_SHORT: N_("the archive's registry is cut short"),
        Problem.XG_ENTRY_DAMAGED: N_("the archive's entry for {name!r} is damaged"),
        Problem.XG_FILE_CUT_SHORT: N_("{name} is cut short"),
        Problem.XG_FILE_CRC: N_("{name} is damaged (its CRC-32 does not match)"),
        Problem.XG_NO_DMLI: N_("the match header is damaged (no DMLI mark)"),
        Problem.XG_FILE_VERSION: N_("the match header is damaged (file version {version})"),
        Problem.XG_MATCH_LENGTH: N_("the match header is damaged (match length {length})"),
        Problem.XG_AUTOMATIC_DOUBLES: N_(
            "the match uses automatic doubles, which a match record cannot hold"
        ),
        Problem.XG_PLAYER: N_("{where}: the player is {value}, not 1 or -1"),
        Problem.XG_DICE: N_("{where}: the dice are {one} and {two}"),
        Problem.XG_MOVE: N_("{where}: cannot read the move {pairs}"),
        Problem.XG_ANSWER: N_("{where}: cannot read the answer to the double ({answer})"),
        Problem.XG_AFTER_THE_END: N_("{where} comes after the end of the match"),
        Problem.XG_SECOND_HEADER: N_("{where}: a second match header"),
        Problem.XG_NO_HEADER_FIRST: N_("the file does not start with a match header"),
        Problem.XG_PLAY_OUTSIDE_GAME: N_("{where}: play outside a game"),
        Problem.XG_UNKNOWN_RECORD: N_("{where} is of an unknown type ({kind})"),
        Problem.XG_NO_RESULT_BEFORE_GAME: N_("{where} has no result, but a game follows it"),
        Problem.XG_NOT_AT_THE_START: N_("{where} does not start at the opening position"),
        Problem.XG_GAME_AUTOMATIC_DOUBLES: N_("{where} starts with automatic doubles"),
        Problem.XG_RECORDS: N_("temp.xg is {size} bytes, not a whole number of {record}-byte records"),
        Problem.XG_NO_HEADER: N_("the file holds no match header"),
        Problem.XG_NO_GAME: N_("the file holds no game"),
        Problem.XG_NO_MATCH_FILE: N_("the archive holds no temp.xg (the match)"),
        Problem.NOT_WRITTEN: N_("{format} is read, not written: name a {written} file"),
        Problem.FILE_TOO_LARGE: N_("the file is more than a match record ({most} bytes)"),
        Problem.CANNOT_READ_FILE: N_("cannot read it: {why}"),
        Problem.SCORE_PAST_THE_END: N_(
            "{where}: a score of {score} is at or past the match length ({length})"
        ),
        Problem.REVIEW_TOO_LONG: N_(
            "a {length}-point match is longer than {most} points, the longest reviewed"
        ),
        Problem.OTHER_PLAYERS_TURN: N_("{where}: it is the other player's turn"),
        Problem.PLAY_AFTER_THE_END: N_("{where}: play after the game ended"),
        Problem.DOUBLE_ON_THE_OPENING_ROLL: N_("{where}: this player may not double here (the opening roll)"),
        Problem.MAY_NOT_DOUBLE: N_("{where}: this player may not double here"),
        Problem.CUBE_PAST_THE_TOP: N_("{where}: the cube cannot go past {most}"),
        Problem.BEAVER_PASSED: N_("{where}: a beaver cannot be passed"),
        Problem.ANSWER_WITHOUT_DOUBLE: N_("{where}: {answer} without a double to answer"),
        Problem.DOUBLE_NOT_ANSWERED: N_("{where}: the double was not answered"),
        Problem.OPENING_DOUBLES: N_("{where}: the opening roll cannot be a double ({roll})"),
        Problem.ILLEGAL_MOVE: N_("{where}: {roll}: {move!r}: {why}"),
        Problem.NO_MOVE_WRITTEN: N_("{where}: no move written, but {roll} can be played"),
        Problem.NO_RESULT_BUT_GAMES_FOLLOW: N_(
            "{where} has no result ('Wins N points') and its play does not end it, but games follow it"
        ),
        Problem.ILLEGAL_PLAY_NOT_WRITTEN: N_(
            "{where}: an illegal play (written as the board after it) cannot be written as .sgf"
        ),
        Problem.BEAVER_IN_A_MATCH: N_(
            "{where}: a beaver in a match cannot be written (beavers are for money play only)"
        ),
    }
)
"""Each problem, a template of its values and ``{where}`` (its place; ``{snowie}``: :data:`SNOWIE`)."""

COUNTED: Mapping[Problem, tuple[tuple[str, str], str]] = MappingProxyType(
    {
        Problem.ILLEGAL_PLAY_FIELDS: (
            Nn_(
                "{where}: {snowie} has {count} field, not {expected}",
                "{where}: {snowie} has {count} fields, not {expected}",
            ),
            "count",
        ),
        Problem.SGF_CUT_SHORT: (
            Nn_(
                "the file ends inside a game tree ({count} '(' not closed): it is cut short",
                "the file ends inside a game tree ({count} '(' not closed): it is cut short",
            ),
            "count",
        ),
        Problem.XG_POINTS: (
            Nn_("{where}: the points won are {points}", "{where}: the points won are {points}"),
            "points",
        ),
    }
)
"""The problems with a count: the template's two forms and the value that is the count."""

NUMBERED: Mapping[Numbered, str] = MappingProxyType(
    {
        Numbered.LENGTH: N_("the match length"),
        Numbered.GAME: N_("the game number"),
        Numbered.SCORE: N_("a score"),
        Numbered.ROW: N_("a row number"),
        Numbered.POINTS: N_("the points"),
        Numbered.CUBE: N_("the cube"),
    }
)
"""The numbers a ``.mat`` record holds, as :data:`Problem.TOO_MANY_DIGITS` names them."""


def place_words(place: Place | None) -> str:
    """Where a problem is: "game 2, move 7 (line 31), left cell", "line 4", "record 12"."""
    if place is None:
        return ""
    parts = []
    if place.record:
        parts.append(_("record {number}").format(number=place.record))
    if place.game:
        parts.append(_("game {number}").format(number=place.game))
    if place.action:
        parts.append(_("action {number}").format(number=place.action))
    if place.row is not None:
        # TRANSLATORS: a .mat record's numbered row ("7) 61: 8/2 6/5"), the move number the review
        # shows; the file's line ("line {line}") may follow it in brackets.
        parts.append(_("move {number}").format(number=place.row) if place.row else _("a move"))
    text = _(", ").join(parts)
    if place.line:
        text = (
            _("{place} (line {line})").format(place=text, line=place.line)
            if text
            else _("line {line}").format(line=place.line)
        )
    if place.side is not None:
        text += _(", left cell") if place.side == 0 else _(", right cell")
    return text


def template_of(
    kind: K,
    plain: Mapping[K, str],
    counted: Mapping[K, tuple[tuple[str, str], str]],
    values: Mapping[str, Value],
) -> str:
    """The template a record's problem or note of ``kind`` is worded by: the form its count
    (one of ``values``) takes where it has one (``counted``), else its one form (``plain``)."""
    if kind in counted:
        (one, many), count = counted[kind]
        n = values.get(count, 0)
        return ngettext(one, many, n if isinstance(n, int) else 0)
    return _(plain[kind])


def record_error(error: RecordError) -> str:
    """A record's problem in words."""
    values = dict(error.values)
    what = values.get("what")
    if isinstance(what, str) and what in {n.value for n in Numbered}:
        values["what"] = _(NUMBERED[Numbered(what)])
    template = template_of(error.problem, PROBLEMS, COUNTED, values)
    return template.format(where=place_words(error.place), snowie=_(SNOWIE), **values)


def file_error(error: BaseException) -> str:
    """Why a file could not be read or written, in words: a record's problem worded, an operating
    system's reason as it gives it (its own words, in the system's language), else the exception's
    text as it is."""
    if isinstance(error, RecordError):
        return record_error(error)
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)
