"""What a replay takes on trust, as typed values: a :class:`Note` is its kind (:class:`NoteKind`),
where it is in the record (:class:`~game.records.errors.Place`) and its values; the edge words it.

A record that the rules do not wholly confirm (a move not written, a result the board does not
give, a score line that disagrees) is still replayed, as GNU Backgammon reads it, and each such
liberty becomes a note. :meth:`Note.words` says it in English (:data:`ENGLISH`, one template a
kind) for the command line; a front end in another language words the same note from its kind,
place and values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from game.records.errors import Place, Value


class NoteKind(StrEnum):
    """What the replay took on trust: one member for each (its value names it)."""

    DICE_AFTER_THE_END = "dice-after-the-end"
    DOUBLE_IN_OTHER_COLUMN = "double-in-other-column"
    DOUBLE_IN_CRAWFORD_GAME = "double-in-crawford-game"
    BEAVER_IN_A_MATCH = "beaver-in-a-match"
    TAKE_IN_DOUBLERS_COLUMN = "take-in-doublers-column"
    PASS_IN_DOUBLERS_COLUMN = "pass-in-doublers-column"
    ILLEGAL_PLAY_BOARD = "illegal-play-board"
    ILLEGAL_PLAY_BOARD_AFTER = "illegal-play-board-after"
    ONLY_LEGAL_MOVE = "only-legal-move"
    AUTOMATIC_BEAR_OFF = "automatic-bear-off"
    ANSWER_NOT_WRITTEN = "answer-not-written"
    ROLLED_BEFORE_RESIGNATION = "rolled-before-resignation"
    RESULT_DIFFERS = "result-differs"
    STOPS_AT_A_DOUBLE = "stops-at-a-double"
    STOPS_BEFORE_THE_PLAY = "stops-before-the-play"
    SCORE_LINE_DIFFERS = "score-line-differs"
    UNFINISHED = "unfinished"
    GAMES_AFTER_THE_END = "games-after-the-end"
    SCORE_PAST_THE_END = "score-past-the-end"


ENGLISH: Mapping[NoteKind, str] = MappingProxyType(
    {
        NoteKind.DICE_AFTER_THE_END: "{where}: dice written after the game ended: left out",
        NoteKind.DOUBLE_IN_OTHER_COLUMN: "{where}: a double written in the other player's column: read as "
        "the player on roll's",
        NoteKind.DOUBLE_IN_CRAWFORD_GAME: "{where}: a double in what would be the Crawford game: the game is "
        "read as post-Crawford",
        NoteKind.BEAVER_IN_A_MATCH: "{where}: a beaver in a match",
        NoteKind.TAKE_IN_DOUBLERS_COLUMN: "{where}: the answer to the double is written in the doubler's "
        "column: read as the other's take",
        NoteKind.PASS_IN_DOUBLERS_COLUMN: "{where}: the answer to the double is written in the doubler's "
        "column: read as the other's pass",
        NoteKind.ILLEGAL_PLAY_BOARD: "{where}: an illegal play of {roll} written as the board after it "
        "(Snowie's 'Illegal play'): that board is taken, as GNU Backgammon takes it, and the play is not "
        "judged",
        NoteKind.ILLEGAL_PLAY_BOARD_AFTER: "{where}: an illegal play of {roll}: {why}; the board the file "
        "writes after it is taken, and the play is not judged",
        NoteKind.ONLY_LEGAL_MOVE: "{where}: no move written for {roll}: its only legal move is played",
        NoteKind.AUTOMATIC_BEAR_OFF: "{where}: no move written for {roll}: the bear-off of the most checkers "
        "is played (FIBS leaves its automatic bear-offs unwritten)",
        NoteKind.ANSWER_NOT_WRITTEN: "{where}: the answer to the last double is not written: read as a pass",
        NoteKind.ROLLED_BEFORE_RESIGNATION: "{where}: {roll} was rolled and never played: the game ended by "
        "a resignation",
        NoteKind.RESULT_DIFFERS: "{where}: the record says {written} wins {written_points} point(s); the "
        "play gives {winner} {points} ({ending})",
        NoteKind.STOPS_AT_A_DOUBLE: "{where}: the record stops at a double not yet answered: the double is "
        "left out",
        NoteKind.STOPS_BEFORE_THE_PLAY: "{where}: {roll} was rolled and the record stops before its play",
        NoteKind.SCORE_LINE_DIFFERS: "{where}: the score line says {a}-{b}, the results so far {c}-{d}",
        NoteKind.UNFINISHED: "{where}: no result, and the play stops before the end: the game is unfinished "
        "(no winner, no points); its decisions are judged",
        NoteKind.GAMES_AFTER_THE_END: "{where} ends the match at {a}-{b}: the {count} game(s) written after "
        "it are left out, as GNU Backgammon leaves them",
        NoteKind.SCORE_PAST_THE_END: "{where}: its score line says {a}-{b}, at or past the match length "
        "({length}): it and the {count} game(s) after it are left out, as GNU Backgammon leaves them",
    }
)
"""Each note in English: a :meth:`str.format` template of its values and ``{where}``, its place."""


@dataclass(frozen=True, slots=True)
class Note:
    """One thing a record says that the rules do not confirm, and how the replay read it."""

    kind: NoteKind
    """What was taken on trust."""

    place: Place
    """Where in the record (its game at the least)."""

    values: tuple[tuple[str, Value], ...] = ()
    """The note's values, by the names its template uses (a roll as ``"43"``, players by name)."""

    def value(self, name: str) -> Value:
        """One of :attr:`values` by its name."""
        return dict(self.values)[name]

    def words(self) -> str:
        """The note in English: ``game 2, move 7, left cell: no move written for 55: ...``."""
        return ENGLISH[self.kind].format(where=self.place.words(), **dict(self.values))

    def to_json(self) -> dict[str, object]:
        """The note, JSON-ready: its ``kind``, its ``place`` (:meth:`Place.to_json`), its
        ``values`` by name and its English ``words``."""
        return {
            "kind": self.kind.value,
            "place": self.place.to_json(),
            "values": dict(self.values),
            "words": self.words(),
        }

    def __str__(self) -> str:
        return self.words()


def note(kind: NoteKind, place: Place, **values: Value) -> Note:
    """A note of ``kind`` at ``place`` with its ``values``."""
    return Note(kind, place, tuple(values.items()))
