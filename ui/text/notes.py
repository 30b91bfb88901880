"""A record's notes in words: what its replay took on trust (:class:`~game.records.notes.Note`),
worded from its kind, its place and its values (the records say them in English for the command
line; the window words them here; no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.records.notes import Note, NoteKind
from ui.text import N_, Nn_, _
from ui.text.errors import place_words, template_of

NOTES: Mapping[NoteKind, str] = MappingProxyType(
    {
        NoteKind.DICE_AFTER_THE_END: N_("{where}: dice written after the game ended: left out"),
        NoteKind.DOUBLE_IN_OTHER_COLUMN: N_(
            "{where}: a double written in the other player's column: read as the player on roll's"
        ),
        NoteKind.DOUBLE_IN_CRAWFORD_GAME: N_(
            "{where}: a double in what would be the Crawford game: the game is read as post-Crawford"
        ),
        NoteKind.BEAVER_IN_A_MATCH: N_("{where}: a beaver in a match: read as written"),
        NoteKind.TAKE_IN_DOUBLERS_COLUMN: N_(
            "{where}: the answer to the double is written in the doubler's column: read as the other "
            "player's take"
        ),
        NoteKind.PASS_IN_DOUBLERS_COLUMN: N_(
            "{where}: the answer to the double is written in the doubler's column: read as the other "
            "player's pass"
        ),
        # TRANSLATORS: Snowie's "Illegal play" is a record's board written after an illegal play.
        NoteKind.ILLEGAL_PLAY_BOARD: N_(
            "{where}: an illegal play of {roll} written as the board after it (Snowie's 'Illegal play'): "
            "that board is taken, as GNU Backgammon takes it, and the play is not judged"
        ),
        NoteKind.ILLEGAL_PLAY_BOARD_AFTER: N_(
            "{where}: {move} cannot be played with {roll}: the board the file writes after it is taken, "
            "and the play is not judged"
        ),
        NoteKind.ONLY_LEGAL_MOVE: N_("{where}: no move written for {roll}: its only legal move is played"),
        NoteKind.AUTOMATIC_BEAR_OFF: N_(
            "{where}: no move written for {roll}: the bear-off of the most checkers is played (FIBS "
            "leaves its automatic bear-offs unwritten)"
        ),
        NoteKind.ANSWER_NOT_WRITTEN: N_(
            "{where}: the answer to the last double is not written: read as a pass"
        ),
        NoteKind.ROLLED_BEFORE_RESIGNATION: N_(
            "{where}: {roll} was rolled and never played: the game ended by a resignation"
        ),
        NoteKind.STOPS_AT_A_DOUBLE: N_(
            "{where}: the record stops at a double not yet answered: the double is left out"
        ),
        NoteKind.STOPS_BEFORE_THE_PLAY: N_("{where}: {roll} was rolled and the record stops before its play"),
        NoteKind.SCORE_LINE_DIFFERS: N_(
            "{where}: the score line says {a}-{b}, the results so far {c}-{d}: the results are kept"
        ),
        NoteKind.UNFINISHED: N_(
            "{where}: no result, and the play stops before the end: the game is unfinished (no winner, "
            "no points); its decisions are judged"
        ),
    }
)
"""Each note that has no count in it."""

COUNTED: Mapping[NoteKind, tuple[tuple[str, str], str]] = MappingProxyType(
    {
        NoteKind.RESULT_DIFFERS: (
            Nn_(
                "{where}: the record says {written} wins {written_points} point; the play gives {winner} "
                "{points} ({ending})",
                "{where}: the record says {written} wins {written_points} points; the play gives {winner} "
                "{points} ({ending})",
            ),
            "written_points",
        ),
        NoteKind.GAMES_AFTER_THE_END: (
            Nn_(
                "{where} ends the match at {a}-{b}: the {count} game written after it is left out, as GNU "
                "Backgammon leaves it",
                "{where} ends the match at {a}-{b}: the {count} games written after it are left out, as "
                "GNU Backgammon leaves them",
            ),
            "count",
        ),
        NoteKind.SCORE_PAST_THE_END: (
            Nn_(
                "{where}: its score line says {a}-{b}, at or past the match length ({length}): it and the "
                "{count} game after it are left out, as GNU Backgammon leaves them",
                "{where}: its score line says {a}-{b}, at or past the match length ({length}): it and the "
                "{count} games after it are left out, as GNU Backgammon leaves them",
            ),
            "count",
        ),
    }
)
"""The notes with a count: the template's two forms and the value that is the count."""

ENDINGS: Mapping[str, str] = MappingProxyType(
    {
        "board": N_("the last checker borne off"),
        "pass": N_("a double passed"),
        "resign": N_("a resignation"),
    }
)
"""How the play ended a game, as :data:`NoteKind.RESULT_DIFFERS` names it."""


def note_words(note: Note) -> str:
    """A record's note in words."""
    values = dict(note.values)
    ending = values.get("ending")
    if isinstance(ending, str) and ending in ENDINGS:
        values["ending"] = _(ENDINGS[ending])
    template = template_of(note.kind, NOTES, COUNTED, values)
    return template.format(where=place_words(note.place), **values)
