"""The position editor's words: its sides, its refusals and notes, its one-line description of the
position (:class:`ui.model.workbench.editor.Reason` worded; no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ui.model.points import BAR
from ui.model.workbench.editor import EditorPosition, Reason, Side, Why
from ui.text import N_, _, ngettext


def side_label(p: EditorPosition, side: Side) -> str:
    """``side`` in words, capitalised: its player's name, or "You" / "Opponent"."""
    return p.name(side) or (_("You") if side is Side.BOTTOM else _("Opponent"))


def whose(p: EditorPosition, side: Side | None) -> str:
    """Whose (of ``side``): "Ann's", or "your" / "the opponent's"."""
    if side is None:
        return ""
    name = p.name(side)
    if name:
        return _("{name}'s").format(name=name)
    return _("your") if side is Side.BOTTOM else _("the opponent's")


PLAIN: Mapping[Why, str] = MappingProxyType(
    {
        Why.CUBE_ON_ONE: N_("a cube on 1 is in the middle: raise it first to give it to a side"),
        Why.MONEY_SCORE: N_("a money game has no score"),
        Why.MONEY_CRAWFORD: N_("a money game has no Crawford game"),
        Why.SCORE_NEGATIVE: N_("a score is 0 or more"),
        Why.CRAWFORD_AWAY: N_(
            "the Crawford game is the one after a side first gets to 1-away: one side must be 1-away"
        ),
        Why.CRAWFORD_CUBE: N_("nobody doubles in the Crawford game: the cube stays in the middle on 1"),
        Why.ADD_OFF_BOARD: N_("checkers not on the board are borne off: click a point or the bar"),
        Why.DROP_WHERE: N_("drop a checker on a point, the bar or the tray"),
        Why.REMOVE_WHERE: N_("click a point or the bar to take a checker off"),
        Why.WHOSE_BAR: N_("say whose bar: each side has its own half of the bar"),
        Why.CRAWFORD_NO_DOUBLE: N_("nobody doubles in the Crawford game: turn Crawford off first"),
        Why.CRAWFORD_OWNER: N_("nobody doubles in the Crawford game: the cube stays in the middle"),
        Why.OWNER_ON_ONE: N_("a cube on 1 is in the middle: raise it first (a doubled cube has an owner)"),
        Why.LENGTH_CRAWFORD: N_(
            "a side would no longer be 1-away in the Crawford game: turn Crawford off first",
        ),
        Why.MONEY_SCORE_SET: N_("a money game has no score: set a match length first (L)"),
        Why.CRAWFORD_NEEDS_AWAY: N_("the Crawford game needs one side 1-away: turn Crawford off first"),
        Why.CRAWFORD_CUBE_BACK: N_("nobody doubles in the Crawford game: put the cube back on 1 first"),
        Why.JACOBY_MATCH: N_("the Jacoby rule is for money games: a match counts gammons in full"),
        Why.NO_CHECKER_HERE: N_("no checker here to pick up: move the cursor to one (arrows)"),
    }
)
"""The refusals with nothing to fill in."""

WHOSE: Mapping[Why, str] = MappingProxyType(
    {
        Why.NOT_ON_BOARD: N_("{whose} checkers do not fit the board"),
        Why.NO_CHECKERS: N_("{whose} side has no checker on the board: put some on to play or analyse"),
        Why.NONE_BORNE_OFF: N_("all of {whose} checkers are on the board: none is borne off"),
        Why.BOTH_ON_POINT: N_(
            "both sides on point {point}: a point holds one side's checkers (right click takes one off)"
        ),
        Why.POINT_HELD: N_(
            "point {point} holds {whose} checkers:"
            " a point holds one side's checkers (right click takes one off)"
        ),
        Why.NOTHING_TO_REMOVE: N_("no checker on point {point} to take off"),
        Why.NO_POSITION_PASTED: N_("the clipboard holds no position: {detail}"),
    }
)
"""The refusals that name a side, a point or a reason of their own."""


def reason_words(r: Reason, p: EditorPosition) -> str:
    """Why an edit was refused (or what it did), as a clause: "a money game has no score"."""
    if r.why in PLAIN:
        return _(PLAIN[r.why])
    if r.why in WHOSE:
        return _(WHOSE[r.why]).format(whose=whose(p, r.side), point=r.point, detail=r.detail)
    return _counted(r, p)


def _counted(r: Reason, p: EditorPosition) -> str:
    """The refusals and notes with numbers."""
    n = r.numbers
    match r.why:
        case Why.ALL_ON_BOARD:
            said = ngettext(
                "all {count} of {whose} checker is on the board already (a right click takes one off)",
                "all {count} of {whose} checkers are on the board already (a right click takes one off)",
                n[0],
            )
            return said.format(count=n[0], whose=whose(p, r.side))
        case Why.MOVED_SPARE if r.point == BAR:
            said = ngettext(
                "all {count} of {whose} checker is on the board: one moved from the bar",
                "all {count} of {whose} checkers are on the board: one moved from the bar",
                n[0],
            )
            return said.format(count=n[0], whose=whose(p, r.side))
        case Why.MOVED_SPARE:
            said = ngettext(
                "all {count} of {whose} checker is on the board: one moved from point {point}",
                "all {count} of {whose} checkers are on the board: one moved from point {point}",
                n[0],
            )
            return said.format(count=n[0], whose=whose(p, r.side), point=r.point)
        case Why.NONE_THERE if r.point == BAR:
            return _("none of {whose} checkers is on the bar").format(whose=whose(p, r.side))
        case Why.NONE_THERE:
            return _("none of {whose} checkers is on point {point}").format(
                whose=whose(p, r.side),
                point=r.point,
            )
        case _:
            return _plain_counted(r)


def _plain_counted(r: Reason) -> str:
    """The refusals with numbers and no side."""
    n = r.numbers
    match r.why:
        case Why.DICE:
            return _("dice show 1 to 6, not {a}-{b}").format(a=n[0], b=n[1])
        case Why.CUBE_VALUE:
            return _("the cube shows 1, 2, 4, ... {most}, not {cube}").format(most=n[0], cube=n[1])
        case Why.MATCH_LENGTH:
            return _("a match is 1 to {most} points long (0: a money game), not {length}").format(
                most=n[0], length=n[1]
            )
        case Why.LENGTH_RANGE:
            return _("a match is 1 to {most} points long").format(most=n[0])
        case Why.LENGTH_WON:
            return _("the score {a}-{b} has won a {length}-point match: lower the score first").format(
                a=n[0], b=n[1], length=n[2]
            )
        case Why.SCORE_WON:
            return ngettext(
                "{count} point would have won a {length}-point match: a score is below the length",
                "{count} points would have won a {length}-point match: a score is below the length",
                n[0],
            ).format(count=n[0], length=n[1])
        case Why.SCORE_WON_THE:
            return ngettext(
                "{count} point would have won the {length}-point match: a score is below the length",
                "{count} points would have won the {length}-point match: a score is below the length",
                n[0],
            ).format(count=n[0], length=n[1])
        case _:
            return r.why.name


def sentence(r: Reason, p: EditorPosition) -> str:
    """:func:`reason_words` as a sentence: its first letter capitalised, a full stop after it."""
    said = reason_words(r, p)
    return said[:1].upper() + said[1:] + "."


def describe(p: EditorPosition) -> str:
    """The position's match, cube and turn in a line."""
    if p.length == 0:
        match = _("Money game, Jacoby") if p.jacoby else _("Money game")
    else:
        bottom = p.name(Side.BOTTOM) or _("you")
        top = p.name(Side.TOP) or _("opponent")
        match = _("{length}-point match, {bottom} {a}, {top} {b}").format(
            length=p.length, bottom=bottom, a=p.score[0], top=top, b=p.score[1]
        )
        if p.crawford:
            match += _(", Crawford")
        elif p.length > 1 and 1 in (p.length - p.score[0], p.length - p.score[1]):
            match += _(", post-Crawford")
    if p.owner is None:
        owner = _("in the middle")
    elif p.names[0]:
        owner = whose(p, p.owner)
    else:
        owner = _("yours") if p.owner is Side.BOTTOM else _("the opponent's")
    if p.dice is None:
        roll = _("{side} to roll.").format(side=side_label(p, p.on_roll))
    else:
        roll = _("{side} rolled {roll}.").format(
            side=side_label(p, p.on_roll),
            roll=f"{max(p.dice)}-{min(p.dice)}",
        )
    return _("{match}. Cube {cube}, {owner}.").format(match=match, cube=p.cube, owner=owner) + " " + roll
