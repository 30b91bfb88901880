"""The cube's and resignations' dialogs in words (no pygame)."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from game.rules.cube import Resignation
from ui.flow.said import Party, Side
from ui.text import _, ngettext
from ui.text.flow import named, offer_words


def take_title(doubler: Side, taker: Side) -> str:
    """The take / pass dialog's title: who doubles (and, two people playing, who answers)."""
    if taker.party is Party.PERSON:
        return _("{doubler} doubles: {taker}, take or pass?").format(doubler=doubler.name, taker=taker.name)
    return named(doubler, _("You double"), _("The computer doubles"), _("{name} doubles"))


def take_question(taker: Side, value: int) -> str:
    """What taking and passing mean: the cube at ``value``, or ``value // 2`` lost."""
    return named(
        taker,
        _("Take, and play on with the cube on {value}, yours? Or pass, and lose {lose}?"),
        _("Take, and play on with the cube on {value}, the computer's? Or pass, and lose {lose}?"),
        _("Take, and play on with the cube on {value}, {name}'s? Or pass, and lose {lose}?"),
        value=value,
        lose=value // 2,
    )


def resign_title(resigner: Side) -> str:
    """The resign dialog's title."""
    return named(resigner, _("Resign?"), _("Resign?"), _("{name}: resign?"))


def resign_question(taker: Side) -> str:
    """What an offer to resign puts to ``taker``."""
    return named(
        taker,
        _("Offer to resign? You accept or play on."),
        _("Offer to resign? The computer accepts if it cannot expect more by playing on."),
        _("Offer to resign? {name} accepts or plays on."),
    )


def resign_choice(offer: Resignation) -> str:
    """An offer as its button says it."""
    match offer:
        case Resignation.SINGLE:
            return _("Single")
        case Resignation.GAMMON:
            return _("Gammon")
        case Resignation.BACKGAMMON:
            return _("Backgammon")
        case other:
            assert_never(other)


def resign_costs(points: Callable[[Resignation], int]) -> str:
    """What each offer would cost: "Points: a single game 1, a gammon 2, a backgammon 3."."""
    costs = _(", ").join(
        _("{offer} {cost}").format(offer=offer_words(r), cost=points(r)) for r in Resignation
    )
    return _("Points: {costs}.").format(costs=costs)


def resign_offer_title(resigner: Side, taker: Side) -> str:
    """The title of a resignation offered to a person."""
    if resigner.party is Party.PERSON:
        return _("{resigner} resigns: {taker}, accept?").format(resigner=resigner.name, taker=taker.name)
    return named(resigner, _("You resign"), _("The computer resigns"), "")


def offered_to(resigner: Side, taker: Side, offer: Resignation, points: int) -> str:
    """The offer put to ``taker``: "The computer offers you a gammon: 2 points."."""
    if resigner.party is Party.PERSON:
        said = ngettext(
            "{resigner} offers {taker} {offer}: {points} point.",
            "{resigner} offers {taker} {offer}: {points} points.",
            points,
        )
        return said.format(resigner=resigner.name, taker=taker.name, offer=offer_words(offer), points=points)
    said = ngettext(
        "The computer offers you {offer}: {points} point.",
        "The computer offers you {offer}: {points} points.",
        points,
    )
    return said.format(offer=offer_words(offer), points=points)
