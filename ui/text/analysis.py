"""The analysis dialogs' words: a hint's answer, the temperature map's cells, Evaluate's equities, the
rollout's form, rows and status (the model holds the numbers; no pygame)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ai.engine_types import Z95, CubeAdvice, CubeContext, Evaluation, RollCell, RolloutResult
from ai.worker.messages import CubeAnswer
from game.records.matchid import MatchInfo
from game.rules.cube import can_double
from ui.model.hint_answer import HintAnswer, Line
from ui.model.workbench.rollout import ResultRow, RolloutForm
from ui.text import N_, _, ngettext, number
from ui.text.engine import verdict


def mine(probs: Sequence[float]) -> str:
    """The chances of the side the probabilities are for: win, gammon and backgammon."""
    return _("win {win:.1%} g {gammon:.1%} bg {backgammon:.1%}").format(
        win=probs[0], gammon=probs[1], backgammon=probs[2]
    )


def theirs(probs: Sequence[float]) -> str:
    """The other side's chances: its win (the first side's loss), gammon and backgammon."""
    return _("lose {lose:.1%} g {gammon:.1%} bg {backgammon:.1%}").format(
        lose=1.0 - probs[0], gammon=probs[3], backgammon=probs[4]
    )


def chances(probs: Sequence[float]) -> str:
    """Both sides' win, gammon and backgammon chances in a line (``probs``: win, win gammon, win
    backgammon, lose gammon, lose backgammon of the first side)."""
    return f"{mine(probs)} · {theirs(probs)}"


def proper_action(nd: float, dt: float, dp: float) -> str:
    """The right cube action from the doubler's equities (no double, double/take, double/pass)."""
    return verdict(CubeAdvice.from_equities(nd, dt, dp))


def cube_action(answer: CubeAnswer, info: MatchInfo) -> str:
    """The cube action for the side on roll, or why it cannot double (the Crawford game, the cube
    on the other side)."""
    if can_double(info.cube, info.on_roll, crawford=info.crawford):
        return proper_action(answer.nd, answer.dt, answer.dp)
    if info.crawford:
        return _("No double possible: the Crawford game.")
    return _("No double possible: the cube is the other side's.")


def answer_lines(answer: HintAnswer, who: str, info: MatchInfo) -> list[Line]:
    """The answer for ``who`` on roll ("you", "the player", worded) in ``info``'s match state: a
    heading, then the moves with their chances, or the cube action and its three equities."""
    head = _("At depth {depth}, for {who} on roll:").format(depth=answer.depth, who=who)
    if answer.failure:
        return [(_("The AI could not answer: {reason}").format(reason=answer.failure), True)]
    if answer.moves is not None:
        if not answer.moves:
            return [(head, False), (_("No legal move: the turn passes."), True)]
        out = [(head, False)]
        for i, m in enumerate(answer.moves):
            out.append((f"{i + 1}. {m.move.notation()}  {number(m.equity, '+.3f')}", True))
            out.append((chances(m.probs), False))
        return out
    if answer.cube is not None:
        c = answer.cube
        return [
            (head, False),
            (cube_action(c, info), True),
            (_("No double {value:+.3f}").format(value=c.nd), False),
            (_("Double, take {value:+.3f}").format(value=c.dt), False),
            (_("Double, pass {value:+.3f}").format(value=c.dp), False),
            (chances(c.probs), False),
        ]
    if answer.request is None:
        return [(_("Waiting for the computer's search…"), False)]
    return [(_("Searching at depth {depth}…").format(depth=answer.depth), False)]


# --- the temperature map and Evaluate ---------------------------------------------------------------


def value_words(context: CubeContext | None) -> str:
    """What the map's cells show, in words."""
    if context is None:
        return _("cubeless equity")
    if context.is_money():
        return _("cubeful equity (per cube unit)")
    return _("match winning chance (moves ranked by cubeful EMG)")


def chances_lines(probs: tuple[float, ...]) -> tuple[str, str]:
    """The side on roll's chances to win and to lose, each with its gammons and backgammons."""
    w, wg, wb, lg, lb = probs[:5]
    win = _("win {win:.1%} (gammon {gammon:.1%}, bg {backgammon:.1%})").format(
        win=w,
        gammon=wg,
        backgammon=wb,
    )
    lose = _("lose {lose:.1%} (gammon {gammon:.1%}, bg {backgammon:.1%})").format(
        lose=1 - w, gammon=lg, backgammon=lb
    )
    return win, lose


def chances_words(probs: tuple[float, ...]) -> str:
    """The side on roll's chances in one line."""
    return " · ".join(chances_lines(probs))


def cell_lines(cell: RollCell, context: CubeContext | None = None) -> list[str]:
    """The selected roll in words: its best move, its value, the chances after it (to win, then to
    lose: one line each, as the detail beside the grid is half the dialog wide). The value is the
    cell's own (a match's cells carry their winning chance); ``context`` is not needed for it."""
    a, b = cell.dice
    value = _("equity {equity:+.3f}").format(equity=cell.equity)
    if cell.mwc is not None:
        value = _("match winning chance {mwc:.1%} · EMG {equity:+.3f}").format(
            mwc=cell.mwc,
            equity=cell.equity,
        )
    best = cell.move.move.notation() if cell.move is not None else _("no legal move: the turn passes")
    return [_("Roll {roll}: {best}").format(roll=f"{a}-{b}", best=best), value, *chances_lines(cell.probs)]


def evaluation_rows(value: Evaluation) -> list[tuple[str, str, str, str]]:
    """The chances table: (who, win, gammon, backgammon) for the side on roll and the opponent."""
    mine_, theirs_ = value.chances()
    return [
        (who, *(number(x, ".1%") for x in shares))  # type: ignore[misc]
        for who, shares in ((_("On roll"), mine_), (_("Opponent"), theirs_))
    ]


def evaluation_lines(value: Evaluation) -> list[str]:
    """The equities in words."""
    d = value.decision
    match = not value.context.is_money()
    if match:
        cubeful = (
            _("Cubeful equity {equity:+.3f} (EMG, double)")
            if d.double
            else _("Cubeful equity {equity:+.3f} (EMG, no double)")
        )
    else:
        cubeful = (
            _("Cubeful equity {equity:+.3f} (per cube unit, double)")
            if d.double
            else _("Cubeful equity {equity:+.3f} (per cube unit, no double)")
        )
    lines = [
        _("Cubeless equity {equity:+.3f}").format(equity=value.cubeless),
        cubeful.format(equity=value.cubeful),
        _("No double {nd:+.3f} · double/take {dt:+.3f} · double/pass {dp:+.3f}").format(
            nd=d.nd,
            dt=d.dt,
            dp=d.dp,
        ),
    ]
    if value.mwc is not None:
        lines.append(_("Match winning chance {mwc:.1%}").format(mwc=value.mwc))
    return lines


# --- the rollout ---------------------------------------------------------------------------------------

CUBE_CANDIDATES: Mapping[str, str] = MappingProxyType(
    {
        "No double": N_("No double"),
        "Double, take": N_("Double, take"),
        "Double, pass": N_("Double, pass"),
        "Cubeless": N_("Cubeless"),
    }
)
"""The engine's names of a cube rollout's candidates (a move's is its notation)."""


def candidate(label: str) -> str:
    """A rollout candidate's name: a move's notation as it is, a cube action in words."""
    return _(CUBE_CANDIDATES[label]) if label in CUBE_CANDIDATES else label


def form_row(form: RolloutForm, name: str) -> tuple[str, str]:
    """(what the form's row ``name`` is, its value) in words."""
    match name:
        case "trials":
            return _("Trials"), f"{form.trials}"
        case "truncate":
            stop = (
                ngettext("after {count} ply", "after {count} plies", form.truncate).format(
                    count=form.truncate,
                )
                if form.truncate
                else _("none: play to the end")
            )
            return _("Truncation"), stop
        case "cubeful":
            return _("Cube"), _("cubeful: the cube is used in the games") if form.cubeful else _("cubeless")
        case "candidates":
            said = ngettext(
                "the best {count} move by the search",
                "the best {count} moves by the search",
                form.candidates,
            )
            return _("Candidates"), said.format(count=form.candidates)
        case "depth":
            return _("Play inside"), (
                _("depth {depth} (slow)") if form.depth > 1 else _("depth {depth}")
            ).format(depth=form.depth)
        case _:
            return _("Seed"), _("{seed}  (type digits; N: a new one)").format(seed=form.seed)


def result_rows(r: RolloutResult, match: bool) -> list[ResultRow]:
    """The candidates of ``r`` as lines, best first (cube: no double, take, pass); before any
    trial is counted, the candidates with their values still to come."""
    rows = []
    for i, c in enumerate(r.candidates):
        if c.trials == 0 and not c.exact:
            waiting = _("no trial counted") if r.done else _("playing the first round")
            rows.append(ResultRow(candidate(c.label), "…", waiting, "", False))
            continue
        lo, hi = c.equity - Z95 * c.se, c.equity + Z95 * c.se
        interval = _("exact") if c.exact else _("{low:+.3f} to {high:+.3f}").format(low=lo, high=hi)
        if r.cube is not None:
            chosen = 0 if not r.cube.double else (1 if r.cube.take else 2)
            best = i == chosen and (r.clear or r.done)
        else:
            best = i == 0 and (r.clear or r.done) and len(r.candidates) > 1
        equity = f"{number(c.equity, '+.3f')} ± {number(c.se, '.3f')}"
        if match:
            equity = _("EMG {equity}").format(equity=equity)
        rows.append(ResultRow(candidate(c.label), equity, interval, chances(c.probs), best))
    return rows


def status_line(r: RolloutResult | None, failure: str = "", seconds: float | None = None) -> str:
    """Trials done (and the games of the rounds under way), the time spent (``seconds``, the
    dialog's stopwatch; else the rollout's own) and left, and why it stopped."""
    if failure:
        return _("The rollout failed: {reason}").format(reason=failure)
    spent = _("{seconds:.0f} s").format(
        seconds=(r.seconds if r is not None else 0.0) if seconds is None else seconds,
    )
    if r is None:
        return _("Starting the rollout…") + (f" {spent}" if seconds is not None else "")
    left = r.seconds_left
    parts = [
        ngettext("{done} of {count} trial", "{done} of {count} trials", r.total).format(
            done=r.trials, count=r.total
        ),
    ]
    if r.ply and not r.done:
        parts.append(
            ngettext(
                "{count:.0f} more under way, at ply {ply}",
                "{count:.0f} more under way, at ply {ply}",
                round(r.in_play),
            ).format(count=r.in_play, ply=r.ply)
        )
    elif not r.trials and not r.done:
        jobs = r.settings.jobs
        parts.append(
            ngettext("starting the games ({count} job)", "starting the games ({count} jobs)", jobs).format(
                count=jobs
            ),
        )
    parts.append(spent)
    if r.stopped == "clear":
        parts.append(_("stopped: the best is clear beyond its error"))
    elif r.stopped == "cancelled":
        parts.append(_("stopped"))
    elif r.done:
        parts.append(_("done"))
    elif left is not None:
        parts.append(_("about {seconds:.0f} s left").format(seconds=left))
    parts.append(_("seed {seed}").format(seed=r.seed))
    return " · ".join(parts)


def verdict_line(r: RolloutResult) -> str:
    """The cube verdict, or which move is best and whether that is clear (nothing before the first
    round's trials are counted)."""
    if r.trials == 0 and any(not c.exact for c in r.candidates):
        if r.stopped:
            return _("Stopped before the first round ended: no value yet.")
        return _("No value yet: the first round of trials is being played.")
    if r.cube is not None:
        action = cube_words(r.cube.double, r.cube.take)
        return (_("{action} (clear)") if r.clear else _("{action} (not yet clear)")).format(action=action)
    if not r.candidates:
        return _("No legal move: the turn passes.")
    best = candidate(r.best.label)
    if len(r.candidates) == 1:
        return _("{move} is the only candidate.").format(move=best)
    if r.clear:
        return _("Best: {move} — clear beyond its error").format(move=best)
    return _("Best: {move} — not yet clear").format(move=best)


def cube_words(double: bool, take: bool) -> str:
    """The right cube action in words."""
    if double:
        return _("Double, take") if take else _("Double, pass")
    return _("No double, take") if take else _("Too good to double (a double would be passed)")
