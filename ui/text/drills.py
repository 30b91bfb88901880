"""The drills in words: the start screen's line, a card's question and where it came from, the
verdict of an answer, when the card comes back, the deck's figures and its damage (no pygame)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from types import MappingProxyType

from game.drills.card import Card, Chances, DrillKind, Judged
from game.drills.deck import DeckDamage, DeckStats
from game.records.matchid import from_match_id
from game.rules.cube import CubeAction
from game.rules.move import MoveProblem
from ui.text import N_, _, ngettext, number
from ui.text.engine import action_name, best_words

KINDS: Mapping[str, str] = MappingProxyType(
    {
        "all": N_("Every kind"),
        DrillKind.OPENING: N_("Opening"),
        DrillKind.CONTACT: N_("Contact"),
        DrillKind.RACE: N_("Race"),
        DrillKind.BEAROFF: N_("Bear-off"),
        DrillKind.CUBE: N_("Cube"),
    }
)
"""Each kind of card (and every kind), as the player chooses them."""


def kind_name(kind: str) -> str:
    """A kind of card in words ("Race"), or every kind."""
    return _(KINDS[kind]) if kind in KINDS else kind


def to_practise(count: int) -> str:
    """The start screen's line: how many positions are due."""
    if not count:
        return _("No position to practise now")
    return ngettext("{count} position to practise", "{count} positions to practise", count).format(
        count=count
    )


def question(card: Card) -> str:
    """What the card asks."""
    if card.dice is not None:
        return _("Your roll: {roll}. Play it.").format(roll=f"{card.dice[0]}-{card.dice[1]}")
    if card.decision in (CubeAction.TAKE, CubeAction.PASS):
        return _("You are doubled: take or pass?")
    return _("Before your roll: double or not?")


def context_line(card: Card) -> str:
    """The match context: the score and the cube, as the player deciding sees them."""
    info = from_match_id(card.match_id)
    me = card.bottom
    cube = info.cube
    if cube.owner is None:
        held = _("cube {value} in the middle").format(value=cube.value)
    elif cube.owner == me:
        held = _("your cube on {value}").format(value=cube.value)
    else:
        held = _("their cube on {value}").format(value=cube.value)
    if info.is_money():
        return _("Money game · {cube}").format(cube=held)
    said = _("{length}-point match · you {mine}, they {theirs} · {cube}")
    if info.crawford:
        said = _("{length}-point match · you {mine}, they {theirs} · Crawford game · {cube}")
    return said.format(length=info.length, mine=info.score[me], theirs=info.score[1 - me], cube=held)


def origin(card: Card) -> str:
    """Where the card came from, and what kind it is."""
    where = card.source.name or _("a match")
    if card.source.row:
        said = _("{kind} · from {where}, game {game}, move {row}")
        return said.format(kind=kind_name(card.kind), where=where, game=card.source.game, row=card.source.row)
    return _("{kind} · from {where}, game {game}").format(
        kind=kind_name(card.kind), where=where, game=card.source.game
    )


def answer_words(card: Card, answer: str) -> str:
    """An answer in words: a move as written, a cube action named."""
    if card.is_cube():
        return action_name(CubeAction(answer))
    return answer


def rolled(trials: int) -> str:
    """How an answer the card did not hold was judged again: by a rollout of ``trials`` trials."""
    return ngettext("rollout, {trials} trial", "rollout, {trials} trials", trials).format(trials=trials)


def cost_words(judged: Judged) -> str:
    """What an answer costs as the language writes numbers, with its 95% interval's half-width when
    a rollout judged it (``0.079 ± 0.030``), as the review says a confirmed error."""
    said = number(judged.error, ".3f")
    return f"{said} ± {number(judged.half_interval, '.3f')}" if judged.trials else said


def verdict(judged: Judged, close: float) -> str:
    """Right, close or wrong, with what it costs."""
    if judged.right:
        return _("Right!")
    if judged.error < close:
        return _("Close: it costs {error}.").format(error=cost_words(judged))
    return _("Wrong: it costs {error}.").format(error=cost_words(judged))


def best_line(card: Card, judged: Judged) -> str:
    """The best move or action."""
    return _("Best: {best}").format(best=best_words(card.decision if card.is_cube() else "move", judged.best))


def played_line(card: Card) -> str:
    """What was played in the match, and what it cost."""
    return _("In the match: {played} (cost {error:.3f})").format(
        played=answer_words(card, card.played) if card.is_cube() else card.played, error=card.error
    )


def chances_line(c: Chances) -> str:
    """Why, in numbers: the best move's chances against the answer's."""
    b, a = c.best_probs, c.answer_probs
    return _(
        "{best}: wins {b_win:.1f}%, gammons {b_gammon:.1f}%, loses a gammon {b_lost:.1f}% · "
        "{answer}: wins {a_win:.1f}%, gammons {a_gammon:.1f}%, loses a gammon {a_lost:.1f}%"
    ).format(
        best=c.best,
        answer=c.answer,
        b_win=100 * b[0],
        b_gammon=100 * b[1],
        b_lost=100 * b[3],
        a_win=100 * a[0],
        a_gammon=100 * a[1],
        a_lost=100 * a[3],
    )


def cube_line(card: Card) -> str:
    """A cube card's three equities."""
    assert card.cube is not None
    nd, dt, dp = card.cube
    return _("No double {nd:+.3f} · Double, take {dt:+.3f} · Double, pass {dp:+.3f}").format(
        nd=nd, dt=dt, dp=dp
    )


def back_in(seconds: float) -> str:
    """When the card comes back."""
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return ngettext("Back in {count} minute.", "Back in {count} minutes.", minutes).format(count=minutes)
    hours = round(seconds / 3600)
    if hours < 36:
        return ngettext("Back in {count} hour.", "Back in {count} hours.", hours).format(count=hours)
    days = round(seconds / 86400)
    return ngettext("Back in {count} day.", "Back in {count} days.", days).format(count=days)


def added(count: int) -> str:
    """How many cards a review added."""
    return ngettext(
        "{count} position of yours added to your drills.",
        "{count} positions of yours added to your drills.",
        count,
    ).format(count=count)


def least_error(least: float) -> str:
    """The least error that makes a card, as just set."""
    return _("Errors of {least:.2f} or more become cards.").format(least=least)


def names_kept(names: tuple[str, ...]) -> str:
    """The names the player goes by, once typed."""
    if not names:
        return _("No name kept: only your own matches against the computer make positions")
    return _("Records' errors become positions for: {names}").format(names=", ".join(names))


def after_match(on: bool) -> str:
    """The review after each match, as just set."""
    if on:
        return _("Each match you finish is reviewed for your drills.")
    return _("Finished matches are no longer reviewed for your drills.")


def damaged(damage: DeckDamage) -> str:
    """A damaged deck set aside."""
    return _(
        "Your drills could not be read ({detail}). The deck was moved aside to {moved}; "
        "a new one was started."
    ).format(detail=damage.detail, moved=damage.moved_to)


def unusable(problem: str) -> str:
    """A deck that cannot be used at all."""
    return _("Your drills cannot be used: {problem}").format(problem=problem)


def progress(done: int, total: int) -> str:
    """How far the session has got."""
    return _("Card {number} of {total}").format(number=min(done + 1, total), total=total)


def stats_lines(stats: DeckStats) -> list[str]:
    """The deck's figures: cards, due, retention, the error trend on drilled positions."""
    lines = [
        ngettext("{count} card", "{count} cards", stats.cards).format(count=stats.cards)
        + " · "
        + ngettext("{count} due now", "{count} due now", stats.due).format(count=stats.due)
        + " · "
        + ngettext("{count} new", "{count} new", stats.new).format(count=stats.new),
        ngettext("{count} answer", "{count} answers", stats.answers).format(count=stats.answers)
        + " · "
        + _("{right} right").format(right=stats.right),
    ]
    if stats.retention is not None:
        lines.append(
            _("Retention (right when a card came back): {pct:.0f}%").format(pct=100 * stats.retention)
        )
    if stats.first_error is not None and stats.last_error is not None:
        lines.append(
            _("Error on drilled positions: {first:.3f} at the first answer, {last:.3f} at the latest").format(
                first=stats.first_error, last=stats.last_error
            )
        )
    for start, mean, n in stats.weekly[-4:]:
        week = datetime.date.fromtimestamp(start)  # written as the language writes a date
        lines.append(
            ngettext(
                "Week of {week}: mean error {mean:.3f} ({count} answer)",
                "Week of {week}: mean error {mean:.3f} ({count} answers)",
                n,
            ).format(week=week, mean=mean, count=n)
        )
    if stats.kinds:
        lines.append(
            " · ".join(
                _("{kind} {cards} ({due} due)").format(kind=kind_name(k), cards=n, due=d)
                for k, n, d in stats.kinds
            )
        )
    return lines


TYPED_MOVE_REFUSED: Mapping[MoveProblem, str] = MappingProxyType(
    {
        MoveProblem.UNREADABLE: N_(
            "“{typed}” is not written as a move (for example 13/7 8/7, bar/22, 6/off)."
        ),
        MoveProblem.NO_CHECKER: N_("“{typed}” starts where you have no checker."),
        MoveProblem.NOT_PLAYABLE: N_("“{typed}” cannot be played with {roll} in this position."),
        MoveProblem.NOT_ENOUGH: N_(
            "“{typed}” plays too little of {roll}: the rules want as much of the roll played as can be"
            " (the larger die when only one can be)."
        ),
        MoveProblem.AMBIGUOUS: N_("“{typed}” fits two moves: write every point where a checker stops."),
        MoveProblem.NO_MOVE: N_("{roll} has no move in this position: the turn passes."),
    }
)
"""Why a typed move was not taken, by what is wrong with it."""


def move_refused(problem: MoveProblem, typed: str, roll: tuple[int, int]) -> str:
    """Why the move typed in a drill was not taken."""
    return _(TYPED_MOVE_REFUSED[problem]).format(typed=typed.strip(), roll=f"{roll[0]}-{roll[1]}")
