"""The tutor's warning in words (:class:`ui.model.tutor.Verdict` worded; no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import assert_never

from ai.engine_types import Judgement
from game.rules.cube import CubeAction
from ui.flow.said import Side
from ui.model.tutor import Checked, CheckerPlay, Verdict
from ui.text import N_, _, ngettext
from ui.text.flow import named, percent

SEVERITY: Mapping[str, str] = MappingProxyType(
    {"doubtful": N_("doubtful"), "bad": N_("bad"), "very bad": N_("very bad")}
)
"""The size of an error (the engine's bands, by their keys)."""

ERRORS: Mapping[str, str] = MappingProxyType(
    {"doubtful": N_("a doubtful error"), "bad": N_("a bad error"), "very bad": N_("a very bad error")}
)
"""An error of each size, as a sentence's object."""

TUTOR_LEVELS: Mapping[str, str] = MappingProxyType(
    {"off": N_("off"), "doubtful": N_("doubtful"), "bad": N_("bad"), "very bad": N_("very bad")}
)
"""The tutor setting's choices (:data:`ui.model.tutor.TUTOR_LEVELS`' keys)."""


def severity(key: str) -> str:
    """An error's size ("bad") in words."""
    return _(SEVERITY[key]) if key in SEVERITY else key


def tutor_title(kind: Checked) -> str:
    """The dialog's title for a decision."""
    match kind:
        case CheckerPlay.MOVE:
            return _("Tutor: check this move")
        case CubeAction.DOUBLE:
            return _("Tutor: check this double")
        case CubeAction.NO_DOUBLE:
            return _("Tutor: a double was right")
        case CubeAction.TAKE:
            return _("Tutor: check this take")
        case CubeAction.BEAVER:
            return _("Tutor: check this beaver")
        case CubeAction.PASS:
            return _("Tutor: check this pass")
        case _:
            assert_never(kind)


def played(v: Verdict) -> str:
    """What was chosen: the move, or the cube action ("Doubling")."""
    match v.kind:
        case CheckerPlay.MOVE:
            return v.played
        case CubeAction.DOUBLE:
            return _("Doubling")
        case CubeAction.NO_DOUBLE:
            return _("Not doubling")
        case CubeAction.TAKE:
            return _("Taking")
        case CubeAction.BEAVER:
            return _("Beavering")
        case CubeAction.PASS:
            return _("Passing")
        case _:
            assert_never(v.kind)


def better(v: Verdict, taker: Side) -> str:
    """What is better: the best move, or the right cube action (``taker``: who would answer a double)."""
    match v.kind:
        case CheckerPlay.MOVE:
            return v.best
        case CubeAction.DOUBLE:
            return _("no double")
        case CubeAction.NO_DOUBLE if v.cube is not None and v.cube.dt > v.cube.dp:
            return named(
                taker,
                _("double, you should pass"),
                _("double, the computer should pass"),
                _("double, {name} should pass"),
            )
        case CubeAction.NO_DOUBLE:
            return named(
                taker,
                _("double, you should take"),
                _("double, the computer should take"),
                _("double, {name} should take"),
            )
        case CubeAction.TAKE | CubeAction.BEAVER:
            return _("pass")
        case CubeAction.PASS:
            return _("take")
        case _:
            assert_never(v.kind)


def rollout_words(judged: Judgement, sure: bool) -> str:
    """How the rollout judged: ``Rollout of 144 trials`` (``, still unsure`` when its interval spans
    the threshold)."""
    n = judged.trials
    if sure:
        return ngettext("Rollout of {count} trial", "Rollout of {count} trials", n).format(count=n)
    return ngettext(
        "Rollout of {count} trial, still unsure", "Rollout of {count} trials, still unsure", n
    ).format(count=n)


def rolled_detail(v: Verdict, judged: Judgement) -> str:
    """The rollout's numbers the confirmed error is the difference of: the two moves' equities, the
    cube's, or the taker's take and pass."""
    rollout, a = rollout_words(judged, v.sure), v.cube
    if v.kind is CheckerPlay.MOVE or a is None:
        best, mine = v.equities
        return _("{rollout}: {best} {value:+.3f}, yours {mine:+.3f}").format(
            rollout=rollout, best=v.best, value=best, mine=mine
        )
    if v.kind in (CubeAction.DOUBLE, CubeAction.NO_DOUBLE):
        return _("{rollout}: no double {nd:+.3f} · double/take {dt:+.3f} · double/pass {dp:+.3f}").format(
            rollout=rollout, nd=a.nd, dt=a.dt, dp=a.dp
        )
    taker = _("{rollout}: taking scores {dt:+.3f}, passing {dp:+.3f}")
    return taker.format(rollout=rollout, dt=-a.dt, dp=-a.dp)


def detail(v: Verdict) -> str:
    """A line more: the moves' equities, the cube's, or the taker's chances (confirmed: the rollout's
    numbers)."""
    a = v.cube
    if v.confirmed and v.judged is not None:
        return rolled_detail(v, v.judged)
    if v.kind is CheckerPlay.MOVE or a is None:
        best, mine = v.equities
        return _("equity: {best} {value:+.3f}, yours {mine:+.3f}").format(best=v.best, value=best, mine=mine)
    if v.kind in (CubeAction.DOUBLE, CubeAction.NO_DOUBLE):
        return _("no double {nd:+.3f} · double/take {dt:+.3f} · double/pass {dp:+.3f}").format(
            nd=a.nd, dt=a.dt, dp=a.dp
        )
    return _("you have {have} to win, you need {need} · taking scores {dt:+.3f}, passing {dp:+.3f}").format(
        have=percent(1.0 - a.probs[0]), need=percent(a.take_point), dt=-a.dt, dp=-a.dp
    )


def loses(v: Verdict) -> str:
    """The warning's first line: "13/7 8/7 loses 0.085 — a bad error."; confirmed by a rollout, with
    its 95% interval's half-width ("loses 0.085 ± 0.012"), and "may lose ... possibly" while the
    interval spans the threshold."""
    error = _(ERRORS.get(v.severity(), ERRORS["doubtful"]))
    if not v.confirmed:
        return _("{played} loses {loss:.3f} — {error}.").format(played=played(v), loss=v.loss, error=error)
    half = v.half_interval()
    if v.sure:
        return _("{played} loses {loss:.3f} ± {half:.3f} — {error}.").format(
            played=played(v), loss=v.loss, half=half, error=error
        )
    return _("{played} may lose {loss:.3f} ± {half:.3f} — possibly {error}.").format(
        played=played(v), loss=v.loss, half=half, error=error
    )


def why_heading(v: Verdict) -> str:
    """The line above the reasons when their numbers are the search's and the error the rollout's
    (``Why, by the search at depth 2:``); "" when the search judged alone."""
    if not v.confirmed or v.judged is None:
        return ""
    return _("Why, by the search at depth {depth}:").format(depth=v.judged.depth)


def verdict_line(v: Verdict, taker: Side) -> str:
    """One line: ``13/7 8/7 loses 0.085 (bad); best 24/18 13/11``."""
    return _("{played} loses {loss:.3f} ({severity}); best {best}").format(
        played=played(v), loss=v.loss, severity=severity(v.severity()), best=better(v, taker)
    )
