"""The model's values in words: the checkers' colours, the model's refusals and reasons (no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from game.rules.match import MAX_MATCH_LENGTH
from ui.model.position_ids import EXAMPLE, Problem, SetUp, SetUpError
from ui.model.position_ids import Note as SetUpNote
from ui.model.seats import CheckerColour
from ui.model.storage import Damage, Notice, Stored, Then
from ui.text import N_, _, ngettext
from ui.text.errors import file_error

COLOURS: Mapping[CheckerColour, str] = MappingProxyType(
    {CheckerColour.LIGHT: N_("light"), CheckerColour.DARK: N_("dark")}
)
"""Each side's checkers' colour."""


def colour_name(colour: CheckerColour) -> str:
    """A side's checkers' colour ("light")."""
    return _(COLOURS[colour])


READERS: Mapping[Problem, str] = MappingProxyType(
    {
        Problem.POSITION_ID: N_("Position ID: {reason}"),
        Problem.MATCH_ID: N_("Match ID: {reason}"),
        Problem.XGID: N_("XGID: {reason}"),
        Problem.IMPOSSIBLE: N_("the Match ID cannot be: {reason}"),
    }
)
"""The refusals that quote a reader's own reason."""


def setup_problem(error: SetUpError) -> str:
    """Why pasted text is not a position that can be played."""
    n = error.number
    if error.problem in READERS:
        return _(READERS[error.problem]).format(reason=error.detail)
    match error.problem:
        case Problem.EMPTY:
            return _("paste or type a Position ID, or POSITIONID:MATCHID, e.g. {example}, or an XGID").format(
                example=EXAMPLE
            )
        case Problem.TOO_LONG:
            return ngettext(
                "that is {count} character: an ID pair has 27 (14, a colon, 12), an XGID about 50",
                "that is {count} characters: an ID pair has 27 (14, a colon, 12), an XGID about 50",
                n,
            ).format(count=n)
        case Problem.NO_GAME:
            return _(GAME_STATES.get(n, GAME_STATES[0]))
        case Problem.MATCH_TOO_LONG:
            return _("a {length}-point match is too long: matches here go to {most}").format(
                length=n, most=MAX_MATCH_LENGTH
            )
        case Problem.BAD_DOUBLE:
            return _("the Match ID has a double that the player on roll may not offer")
        case Problem.OVER_ON_ROLL:
            said = _("the game is over: the player on roll has borne off all {checkers} checkers")
            return said.format(checkers=n)
        case Problem.OVER_OTHER:
            said = _("the game is over: the other player has borne off all {checkers} checkers")
            return said.format(checkers=n)
        case _:
            return error.detail


GAME_STATES: Mapping[int, str] = MappingProxyType(
    {
        0: N_("the Match ID is of no game: nothing to play"),
        2: N_("the Match ID is of a finished game: nothing to play"),
        3: N_("the Match ID is of a resigned game: nothing to play"),
        4: N_("the Match ID is of a game ended by a pass: nothing to play"),
    }
)
"""The Match ID game states that cannot be played on."""

SETUP_NOTES: Mapping[SetUpNote, str] = MappingProxyType(
    {SetUpNote.RESIGNATION_DROPPED: N_("The resignation on offer in the Match ID is not carried over.")}
)
"""What of pasted IDs is not carried over."""


def setup_note(note: SetUpNote) -> str:
    """What of pasted IDs is not carried over, in words."""
    return _(SETUP_NOTES[note])


def setup_summary(setup: SetUp) -> str:
    """A set-up position's circumstances in words, from the human's side."""
    info, me = setup.info, setup.human
    if info.is_money():
        words = _("Money game")
    else:
        words = _("Match to {length}: you {mine}, the computer {its}").format(
            length=info.length, mine=info.score[me], its=info.score[1 - me]
        )
        if info.crawford:
            words += _(", Crawford game")
        elif info.is_post_crawford():
            words += _(", post-Crawford")
    owner = info.cube.owner
    if owner is None:
        cube = _("Cube {value}, centred.")
    elif owner == me:
        cube = _("Cube {value}, yours.")
    else:
        cube = _("Cube {value}, the computer's.")
    words += ". " + cube.format(value=info.cube.value)
    if info.doubled:
        words += " " + _("The computer doubles to {cube}: take or pass?").format(cube=2 * info.cube.value)
    elif info.has_dice():
        words += " " + _("You rolled {roll}.").format(roll=f"{info.dice[0]}{info.dice[1]}")
    else:
        words += " " + _("You are to roll.")
    return words


STORED: Mapping[Stored, str] = MappingProxyType(
    {
        Stored.SETTINGS: N_("settings"),
        Stored.SAVED_GAME: N_("saved game"),
        Stored.STATISTICS: N_("statistics"),
        Stored.MATCH_RECORD: N_("match record"),
    }
)
"""Each kept file, as a sentence names it ("The {what} could not be read")."""

THEN: Mapping[Then, str] = MappingProxyType(
    {
        Then.FRESH: N_("starting fresh"),
        Then.OTHERS_KEPT: N_("the other settings were kept"),
        Then.NEW_RECORD: N_("a new record was started"),
    }
)
"""What the game does instead of a file it moved aside."""


def damage_words(n: Notice) -> str:
    """Why a kept file could not be used."""
    match n.damage:
        case Damage.TOO_LARGE:
            return ngettext("larger than {count} byte", "larger than {count} bytes", n.number).format(
                count=n.number,
            )
        case Damage.NOT_REGULAR:
            return n.detail or _("not a regular file")
        case Damage.NOT_UTF8:
            return _("not UTF-8 text")
        case Damage.TOO_DEEP:
            return _("nested too deeply")
        case Damage.NOT_JSON:
            return _("not valid JSON ({error})").format(error=n.detail)
        case Damage.BAD_VALUES if n.error is not None:
            return file_error(n.error)
        case _:
            return n.detail


def notice(n: Notice) -> str:
    """What to tell the player about a kept file that could not be used (or that saving is off)."""
    if n.stored is None:
        where = n.path or _("the user data folder")
        return _(
            "Saving is off: the folder {where} cannot be made ({why}). Settings and games will not be kept."
        ).format(where=where, why=n.detail)
    what = _(STORED[n.stored])
    if n.damage is Damage.CANNOT_READ:
        return _("The {what} file {path} could not be read ({why}).").format(
            what=what,
            path=n.path,
            why=n.detail,
        )
    why = damage_words(n)
    if not n.moved_to:
        return _("The {what} file {path} could not be read ({why}) nor moved aside ({error}).").format(
            what=what, path=n.path, why=why, error=n.not_moved
        )
    return _("The {what} could not be read ({why}). It was moved aside to {moved}; {then}.").format(
        what=what, why=why, moved=n.moved_to, then=_(THEN[n.then])
    )
