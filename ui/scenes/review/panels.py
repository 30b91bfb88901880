"""The review screen's words: the players' table, an error's row, a decision's lines, the board's captions."""

from __future__ import annotations

from ai.engine_types import ACTION_WORDS, BAD, CUBE_KINDS, EQUITY_LABELS, VERY_BAD, Decision, Review, rating
from game.rules.position import pip_count
from ui.model.review_steps import ReviewPath, Stop, sides
from ui.model.seats import CheckerColour
from ui.widgets.move_list import MoveRow
from ui.widgets.review_view import Line, Row
from ui.widgets.theme import Colour, Theme


def top_line(rev: Review) -> str:
    """Who played what, the final score and the depth."""
    rec = rev.match.record
    kind = f"{rec.length}-point match" if rec.length else "money session"
    final = rev.final_score()
    unfinished = rev.match.unfinished()
    score = f"final {final[0]}-{final[1]}"
    if unfinished is not None:
        score = f"{final[0]}-{final[1]}, game {unfinished.number} unfinished"
    return f"{rec.players[0]} vs {rec.players[1]} · {kind} · {score} · depth {rev.depth}"


def stats_rows(rev: Review) -> list[tuple[str, str, str]]:
    """The players' table: a heading, then error rate, PR, rating, errors, counts, luck."""
    rec = rev.match.record
    a, b = rev.stats
    unit = "mEMG" if rec.length else "mpts"

    def both(f: object) -> tuple[str, str]:
        return f(a, 0), f(b, 1)  # type: ignore[operator]

    def luck_adjusted(p: int) -> str:
        v = rev.luck_adjusted(p)
        return f"{100 * v:+.1f}%" if rec.length else f"{v:+.2f}"

    return [
        ("", rec.players[0], rec.players[1]),
        (f"Error rate ({unit})", *both(lambda s, p: f"{s.error_rate():.1f}")),
        ("PR (XG)", *both(lambda s, p: f"{s.pr():.1f}")),
        ("Rating", *both(lambda s, p: rating(s.error_rate()))),
        ("Checker errors (moves)", *both(lambda s, p: f"{s.checker_error:.3f} ({s.unforced_moves})")),
        ("Cube errors (decisions)", *both(lambda s, p: f"{s.cube_error:.3f} ({s.cube_decisions})")),
        ("Doubtful/bad/very bad", *both(lambda s, p: "{} / {} / {}".format(*s.counts))),
        ("Luck", *both(lambda s, p: f"{s.luck:+.3f}")),
        ("Result, luck removed", *both(lambda s, p: luck_adjusted(p))),
    ]


def severity_colour(error: float, th: Theme) -> Colour:
    """The colour an error is listed in."""
    if error >= VERY_BAD:
        return th.warn
    if error >= BAD:
        return th.accent
    return th.text


def possessive(name: str) -> str:
    """``Alice's``, and ``Your`` for the player called You in our own records."""
    return "Your" if name == "You" else f"{name}'s"


def error_row(rev: Review, d: Decision, th: Theme) -> tuple[str, Colour]:
    """An error's row: size, where, who, the roll and the move or action, its name (if it has one)."""
    who = rev.match.record.players[d.player]
    what = f"{d.dice[0]}{d.dice[1]}: {d.played or '(no move)'}" if d.dice else ACTION_WORDS[d.kind]
    verdict = d.verdict()
    name = f"  ({verdict})" if verdict else ""
    return (
        f"{d.error:.3f}  game {d.game} move {d.row or '-'}  {who}  {what}{name}",
        severity_colour(d.error, th),
    )


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
        out: list[Row] = [((f"Cube decision ({unit}, the doubler's side)",), th.accent, True)]
        for label, v in zip(EQUITY_LABELS, (nd, dt, dp), strict=True):
            out.append(((label, f"{v:+.3f}"), th.text, False))
        for d in here:
            who = rev.match.record.players[d.player]
            out.append(((f"{who}: {ACTION_WORDS[d.kind]} · right: {d.best}",), th.text, True))
            if d.error > 0:
                out.append(((f"   {d.verdict()}: {d.error:.3f}",), severity_colour(d.error, th), True))
        return out
    if not here:
        if turn.illegal:
            words = "An illegal play, recorded as the board after it: not judged"
        elif turn.move is None:
            words = "No legal move: the roll is lost"
        else:
            words = "A forced move: the only play"
        return [((words,), th.text_dim, False)]
    d = here[0]
    return [((f"Top moves ({unit}): equity (and its difference to the best)",), th.accent, True)]


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
    top = (
        f"{names[0]} ({colour}) {game.score[0]} · pips {pip_count(left)}   "
        f"{names[1]} ({other}) {game.score[1]} · pips {pip_count(right)}"
    )
    if rec.length:
        top += f"   · match to {rec.length}" + (" · Crawford" if game.crawford else "")
    who = names[turn.player]
    row = (turn.double_row if stop.cube else 0) or turn.row  # the record's row of what is shown
    side: list[Line] = [(f"Game {game.number} · move {row or '-'}", th.accent, True)]
    here = path.decisions(stop)
    if stop.cube:
        side.append((f"{who}: the cube", th.text, True))
        for d in here:
            side.append((f"{names[d.player]}: {ACTION_WORDS[d.kind]}", th.text, False))
            if d.error > 0:
                side.append((d.verdict(), severity_colour(d.error, th), True))
    elif turn.dice is not None:
        side.append((f"{who} rolled {turn.dice[0]}{turn.dice[1]}", th.text, True))
        played = turn.move.notation() if turn.move else "(illegal play)" if turn.illegal else "(no move)"
        side.append((f"Played: {played}", th.arrow, False))
    for d in here:
        if d.kind in CUBE_KINDS:
            continue
        if d.error > 0:
            side.append((f"Best: {d.best}", th.select, False))
            side.append((f"Error {d.error:.3f}", severity_colour(d.error, th), True))
            side.append((d.verdict(), severity_colour(d.error, th), True))
        else:
            side.append(("The best move", th.select, False))
        side.append((f"Luck {d.luck:+.3f}", th.text_dim, False))
    worst = max((d.error for d in here), default=0.0)
    status = "solid arrows: the move played · dashed: the best move" if not stop.cube else ""
    if stop.cube and worst > 0:
        status = "the cube decision lost equity: → shows the roll that followed"
    return top, side, status
