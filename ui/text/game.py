"""The game screen's dialogs in words: the result of a game, the match, the dice check, the resume
prompt (no pygame)."""

from __future__ import annotations

from typing import assert_never

from ui.flow.said import Party, Side
from ui.text import _, ngettext
from ui.text.flow import named


def _win_kind(winner: Side, kind: int, points: int) -> str:
    match kind:
        case 1:
            return named(
                winner,
                ngettext(
                    "You win a single game: {points} point", "You win a single game: {points} points", points
                ),
                ngettext(
                    "The computer wins a single game: {points} point",
                    "The computer wins a single game: {points} points",
                    points,
                ),
                ngettext(
                    "{name} wins a single game: {points} point",
                    "{name} wins a single game: {points} points",
                    points,
                ),
                points=points,
            )
        case 2:
            return named(
                winner,
                ngettext("You win a gammon: {points} point", "You win a gammon: {points} points", points),
                ngettext(
                    "The computer wins a gammon: {points} point",
                    "The computer wins a gammon: {points} points",
                    points,
                ),
                ngettext(
                    "{name} wins a gammon: {points} point", "{name} wins a gammon: {points} points", points
                ),
                points=points,
            )
        case _:
            return named(
                winner,
                ngettext(
                    "You win a backgammon: {points} point", "You win a backgammon: {points} points", points
                ),
                ngettext(
                    "The computer wins a backgammon: {points} point",
                    "The computer wins a backgammon: {points} points",
                    points,
                ),
                ngettext(
                    "{name} wins a backgammon: {points} point",
                    "{name} wins a backgammon: {points} points",
                    points,
                ),
                points=points,
            )


def result_head(winner: Side, kind: int, points: int, passed: bool) -> str:
    """Who won what: "You win a gammon: 2 points" (``passed``: a double passed, "You win: 1 point")."""
    if passed:
        return named(
            winner,
            ngettext("You win: {points} point", "You win: {points} points", points),
            ngettext("The computer wins: {points} point", "The computer wins: {points} points", points),
            ngettext("{name} wins: {points} point", "{name} wins: {points} points", points),
            points=points,
        )
    return _win_kind(winner, kind, points)


def result_why(kind: int, how: str | None, cube: int, jacoby_single: bool) -> str:
    """Why the game scored as it did (``how``: "pass", "resign" or None for played out)."""
    if how == "pass":
        return _("The double was passed.")
    if how is not None:
        return (
            _("The resignation of a single game was accepted."),
            _("The resignation of a gammon was accepted."),
            _("The resignation of a backgammon was accepted."),
        )[min(kind, 3) - 1]
    why = (
        _("It is a single game because the loser had borne off at least one checker."),
        _("It is a gammon because the loser had not borne off any checker."),
        _(
            "It is a backgammon because the loser had borne off none and still had a checker on the bar"
            " or in the winner's home board."
        ),
    )[min(kind, 3) - 1]
    if cube > 1:
        return why + " " + _("The cube was on {cube}.").format(cube=cube)
    if jacoby_single:
        return why + " " + _("The Jacoby rule counts it single: the cube was never turned.")
    return why


def match_line(sides: tuple[Side, Side], length: int, score: tuple[int, int], games: int) -> str:
    """The match's score after the game (a money session: the first side's net and the games)."""
    one, two = sides
    if length == 0:
        diff = score[0] - score[1]
        if one.party is Party.PERSON:
            return ngettext(
                "Money session: {one} {diff:+d} after {games} game.",
                "Money session: {one} {diff:+d} after {games} games.",
                games,
            ).format(one=one.name, diff=diff, games=games)
        return ngettext(
            "Money session: you {diff:+d} after {games} game.",
            "Money session: you {diff:+d} after {games} games.",
            games,
        ).format(diff=diff, games=games)
    if one.party is Party.PERSON:
        return _("Match to {length}: {one} {a}, {two} {b}.").format(
            length=length, one=one.name, two=two.name, a=score[0], b=score[1]
        )
    return _("Match to {length}: you {a}, the computer {b}.").format(length=length, a=score[0], b=score[1])


def match_won(winner: Side) -> str:
    """The match's winner."""
    return named(
        winner, _("You win the match!"), _("The computer wins the match."), _("{name} wins the match!")
    )


def dice_checked(drawn: int, entered: int) -> str:
    """The dice check passed: the seed gives the ``drawn`` rolls (``entered`` more were typed in)."""
    if entered:
        said = ngettext(
            "Checked: the seed's SHA-256 is the one shown at the start, and it gives this roll"
            " (and {entered} you entered, marked *).",
            "Checked: the seed's SHA-256 is the one shown at the start, and it gives these {count} rolls"
            " (and {entered} you entered, marked *).",
            drawn,
        )
    else:
        said = ngettext(
            "Checked: the seed's SHA-256 is the one shown at the start, and it gives this roll.",
            "Checked: the seed's SHA-256 is the one shown at the start, and it gives these {count} rolls.",
            drawn,
        )
    return said.format(count=drawn, entered=entered)


def resume_lines(sides: tuple[Side, Side], length: int, score: tuple[int, int], game: int) -> str:
    """The saved game's match and score."""
    one, two = sides
    match (length == 0, one.party is Party.PERSON):
        case (False, False):
            said = _("Match to {length}: you {a}, computer {b}. Game {game}.")
        case (True, False):
            said = _("Money session: you {a}, computer {b}. Game {game}.")
        case (False, True):
            said = _("Match to {length}: {one} {a}, {two} {b}. Game {game}.")
        case (True, True):
            said = _("Money session: {one} {a}, {two} {b}. Game {game}.")
        case other:
            assert_never(other)  # type: ignore[arg-type]
    return said.format(length=length, one=one.name, two=two.name, a=score[0], b=score[1], game=game)


def turns_played(turns: int, against: str) -> str:
    """How far the saved game got, and against whom."""
    return ngettext("{count} turn played. {against}.", "{count} turns played. {against}.", turns).format(
        count=turns, against=against
    )
