"""The review screen's words: the players' table, an error's row, a decision's lines, the board's captions."""

from __future__ import annotations

from collections.abc import Sequence

from ai.engine_types import BAD, CUBE_KINDS, VERY_BAD, Decision, Review, rating
from game.records.notes import Note
from game.rules.position import pip_count
from ui.model.review_steps import ReviewPath, Stop, sides
from ui.model.seats import CheckerColour
from ui.text import _, ngettext, number
from ui.text.engine import action_words, best_words, equity_labels, error_name, rating_words
from ui.text.explain import error_words
from ui.text.model import colour_name
from ui.text.notes import note_words
from ui.widgets.move_list import MoveRow
from ui.widgets.review_view import Line, Row
from ui.widgets.theme import Colour, Theme


def _counted(error: float, count: int | None = None) -> str:
    """An error total as the language writes numbers, with how many decisions it counts."""
    return number(error, ".3f") + (f" ({count})" if count is not None else "")


def top_line(rev: Review) -> str:
    """Who played what, the final score and the depth."""
    rec = rev.match.record
    kind = _("{length}-point match").format(length=rec.length) if rec.length else _("money session")
    final = rev.final_score()
    unfinished = rev.match.unfinished()
    score = _("final {a}-{b}").format(a=final[0], b=final[1])
    if unfinished is not None:
        score = _("{a}-{b}, game {number} unfinished").format(
            a=final[0],
            b=final[1],
            number=unfinished.number,
        )
    return _("{one} vs {two} · {kind} · {score} · depth {depth}").format(
        one=rec.players[0], two=rec.players[1], kind=kind, score=score, depth=rev.depth
    )


def stats_rows(rev: Review) -> list[tuple[str, str, str]]:
    """The players' table: a heading, then error rate, PR, rating, errors, counts, luck."""
    rec = rev.match.record
    a, b = rev.stats
    unit = "mEMG" if rec.length else "mpts"

    def both(f: object) -> tuple[str, str]:
        return f(a, 0), f(b, 1)  # type: ignore[operator]

    def luck_adjusted(p: int) -> str:
        v = rev.luck_adjusted(p)
        return number(v, "+.1%") if rec.length else number(v, "+.2f")

    return [
        ("", rec.players[0], rec.players[1]),
        (_("Error rate ({unit})").format(unit=unit), *both(lambda s, p: number(s.error_rate(), ".1f"))),
        (_("PR (XG)"), *both(lambda s, p: number(s.pr(), ".1f"))),
        (_("Rating"), *both(lambda s, p: rating_words(rating(s.error_rate())))),
        (_("Checker errors (moves)"), *both(lambda s, p: _counted(s.checker_error, s.unforced_moves))),
        (_("Cube errors (decisions)"), *both(lambda s, p: _counted(s.cube_error, s.cube_decisions))),
        (_("Doubtful/bad/very bad"), *both(lambda s, p: "{} / {} / {}".format(*s.counts))),
        (_("Luck"), *both(lambda s, p: number(s.luck, "+.3f"))),
        (_("Result, luck removed"), *both(lambda s, p: luck_adjusted(p))),
    ]


def judged_words(d: Decision) -> str:
    """How a decision was judged, in a few words: by a rollout and its trials, or by the search
    and its depth ("" when nothing judged it)."""
    j = d.judged
    if j is None:
        return ""
    if j.confirmed:
        said = ngettext("rollout, {trials} trial", "rollout, {trials} trials", j.trials)
        return said.format(trials=j.trials)
    return _("search, depth {depth}").format(depth=j.depth)


def confirm_status(rev: Review, confirming: bool) -> str:
    """The review's second pass in a few words: the search alone, the rollouts' progress, or how
    many verdicts they confirmed (and how many stayed unsure)."""
    if rev.confirm is None:
        return _("search alone")
    if confirming:
        return _("rollouts: {done} of {total}").format(done=rev.checked, total=rev.to_check)
    unsure = sum(d.unsure() for d in rev.decisions)
    said = ngettext("{count} confirmed by rollouts", "{count} confirmed by rollouts", rev.checked).format(
        count=rev.checked
    )
    if unsure:
        said += " · " + ngettext("{count} unsure", "{count} unsure", unsure).format(count=unsure)
    return said


def notes_sentences(path: ReviewPath, stop: Stop | None) -> list[tuple[str, bool]]:
    """The record's notes in words, headed by how many there are, each with whether it is on the
    turn shown."""
    notes = path.review.match.notes
    here = set(map(id, path.notes_at(stop))) if stop is not None else set()
    heading = ngettext(
        "{count} note: what the record says that its play does not confirm, and how it was read",
        "{count} notes: what the record says that its play does not confirm, and how each was read",
        len(notes),
    ).format(count=len(notes))
    return [(heading, False), *((note_words(n), id(n) in here) for n in notes)]


def notes_told(notes: Sequence[Note], button: str, key: str) -> str:
    """What the help line tells when a reviewed record has notes ("" when it has none): how many,
    and the button and key that show them."""
    if not notes:
        return ""
    return ngettext(
        "This record has {count} note on what its play does not confirm: {button} ({key}) shows it",
        "This record has {count} notes on what its play does not confirm: {button} ({key}) shows them",
        len(notes),
    ).format(count=len(notes), button=button, key=key)


def severity_colour(error: float, th: Theme) -> Colour:
    """The colour an error is listed in."""
    if error >= VERY_BAD:
        return th.warn
    if error >= BAD:
        return th.accent
    return th.text


def possessive(name: str) -> str:
    """``Alice's``, and ``Your`` for the player called You in our own records."""
    return _("Your") if name == "You" else _("{name}'s").format(name=name)


def error_row(rev: Review, d: Decision, th: Theme) -> tuple[str, Colour]:
    """An error's row: size, where, who, the roll and the move or action, its name (if it has one)."""
    who = rev.match.record.players[d.player]
    what = f"{d.dice[0]}{d.dice[1]}: {d.played or _('(no move)')}" if d.dice else action_words(d.kind)
    verdict = d.verdict()
    name = f"  ({error_name(verdict)})" if verdict else ""
    said = _("{error}  game {game} move {row}  {who}  {what}").format(
        error=error_words(d), game=d.game, row=d.row or "-", who=who, what=what
    )
    return said + name, severity_colour(d.error, th)


def decision_rows(path: ReviewPath, stop: Stop, th: Theme) -> list[Row]:
    """The decision in detail: the heading of the top moves (:func:`decision_moves` lists them), or the
    cube's ND / DT / DP and the actions taken (one cell a row)."""
    rev = path.review
    turn = path.turn(stop)
    here = path.decisions(stop)
    unit = "EMG" if rev.match.record.length else "equity"
    if stop.cube:
        first = here[0]
        assert first.cube is not None
        nd, dt, dp = first.cube
        out: list[Row] = [
            ((_("Cube decision ({unit}, the doubler's side)").format(unit=unit),), th.accent, True),
        ]
        for label, v in zip(equity_labels(), (nd, dt, dp), strict=True):
            out.append(((label, number(v, "+.3f")), th.text, False))
        judged = judged_words(first)
        if judged:
            out.append(((judged,), th.text_dim, False))
        for d in here:
            who = rev.match.record.players[d.player]
            said = _("{who}: {action} · right: {best}").format(
                who=who, action=action_words(d.kind), best=best_words(d.kind, d.best)
            )
            out.append(((said,), th.text, True))
            if d.error > 0 or d.unsure():
                said = f"   {error_name(d.verdict())}: {error_words(d)}"
                out.append(((said,), severity_colour(d.error, th), True))
        return out
    if not here:
        if turn.illegal:
            words = _("An illegal play, recorded as the board after it: not judged")
        elif turn.move is None:
            words = _("No legal move: the roll is lost")
        else:
            words = _("A forced move: the only play")
        return [((words,), th.text_dim, False)]
    d = here[0]
    heading = _("Top moves ({unit}): equity (and its difference to the best)").format(unit=unit)
    j = d.judged
    if j is not None and j.confirmed:
        heading += " · " + rolled_words(d)
    return [((heading,), th.accent, True)]


def rolled_words(d: Decision) -> str:
    """A checker play's rollout in a sentence: its trials, and the best move and the error with its
    interval (the search's moves are listed under it)."""
    j = d.judged
    assert j is not None
    if d.error > 0:
        return ngettext(
            "rolled out, {trials} trial: {best} is best, the move played loses {error}",
            "rolled out, {trials} trials: {best} is best, the move played loses {error}",
            j.trials,
        ).format(trials=j.trials, best=d.best, error=error_words(d))
    return ngettext(
        "rolled out, {trials} trial: the move played loses nothing ({error})",
        "rolled out, {trials} trials: the move played loses nothing ({error})",
        j.trials,
    ).format(trials=j.trials, error=error_words(d))


def decision_moves(path: ReviewPath, stop: Stop, th: Theme) -> tuple[list[MoveRow], list[Colour]]:
    """A checker play's top moves and the move played (marked ▶), each with its equity, its
    difference to the best and both sides' chances, and the colour each is listed in (the played
    move's, the best's); none for a cube decision or a turn that was not judged."""
    here = path.decisions(stop)
    if stop.cube or not here or not here[0].options:
        return [], []
    d = here[0]
    best = d.options[0].equity
    rows, colours = [], []
    for o in d.options:
        played = o.move.notation() == d.played
        rows.append(
            MoveRow(o.rank, o.move.notation(), o.equity, o.equity - best, o.probs, "▶" if played else "")
        )
        colours.append(th.arrow if played else (th.select if o.rank == 1 else th.text))
    return rows, colours


def board_caption(
    path: ReviewPath, stop: Stop, th: Theme, colour: CheckerColour
) -> tuple[str, list[Line], str]:
    """The board's top line (names, scores, pips), its side panel (the decision in short) and status line."""
    rev = path.review
    rec = rev.match.record
    game = path.game(stop)
    turn = path.turn(stop)
    left, right = sides(turn)
    names = rec.players
    other = colour.other
    top = _("{one} ({colour}) {a} · pips {pips}   {two} ({other}) {b} · pips {other_pips}").format(
        one=names[0],
        colour=colour_name(colour),
        a=game.score[0],
        pips=pip_count(left),
        two=names[1],
        other=colour_name(other),
        b=game.score[1],
        other_pips=pip_count(right),
    )
    if rec.length:
        top += "   · " + _("match to {length}").format(length=rec.length)
        if game.crawford:
            top += " · " + _("Crawford")
    who = names[turn.player]
    row = (turn.double_row if stop.cube else 0) or turn.row  # the record's row of what is shown
    side: list[Line] = [
        (_("Game {number} · move {row}").format(number=game.number, row=row or "-"), th.accent, True),
    ]
    here = path.decisions(stop)
    if stop.cube:
        side.append((_("{who}: the cube").format(who=who), th.text, True))
        for d in here:
            side.append((f"{names[d.player]}: {action_words(d.kind)}", th.text, False))
            if d.error > 0 or d.unsure():
                side.append((error_name(d.verdict()), severity_colour(d.error, th), True))
    elif turn.dice is not None:
        side.append(
            (_("{who} rolled {roll}").format(who=who, roll=f"{turn.dice[0]}{turn.dice[1]}"), th.text, True),
        )
        played = _("(illegal play)") if turn.illegal else _("(no move)")
        if turn.move:
            played = turn.move.notation()
        side.append((_("Played: {played}").format(played=played), th.arrow, False))
    for d in here:
        if d.kind not in CUBE_KINDS:
            side += _play_side(rev, d, th)
    if path.notes_at(stop):
        side.append((_("The record has a note on this turn"), th.accent, False))
    worst = max((d.error for d in here), default=0.0)
    status = _("solid arrows: the move played · dashed: the best move") if not stop.cube else ""
    if stop.cube and worst > 0:
        status = _("the cube decision lost equity: → shows the roll that followed")
    return top, side, status


def _play_side(rev: Review, d: Decision, th: Theme) -> list[Line]:
    """A checker play in the board's side panel: the best and the error (or that it was the best),
    how it was judged when rollouts confirm the review, the luck of the roll."""
    side: list[Line] = []
    if d.error > 0 or d.unsure():
        side.append((_("Best: {best}").format(best=d.best), th.select, False))
        side.append((_("Error {error}").format(error=error_words(d)), severity_colour(d.error, th), True))
        side.append((error_name(d.verdict()), severity_colour(d.error, th), True))
    else:
        side.append((_("The best move"), th.select, False))
    if rev.confirm is not None and judged_words(d):
        side.append((judged_words(d), th.text_dim, False))
    side.append((_("Luck {luck:+.3f}").format(luck=d.luck), th.text_dim, False))
    return side
