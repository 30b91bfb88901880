"""Tutor mode's judgement (no pygame, no worker): is the human's decision an error, and what to say.

Errors are in the units of the hint's answers: cubeful equity per cube unit for money,
normalised match equity (EMG) in a match. A checker play loses the best move's equity
minus the played one's (as the hint ranks them at the hint depth; a move the search's
filters cut keeps its shallower value, as the hint shows it). A cube action loses what
it gives up against the best action, the opponent answering a double correctly: the
doubler's best is ``max(ND, min(DT, DP))``.

The search's errors overstate (the best of noisy values is biased upwards), so an error it catches
may be judged again by a rollout (:func:`confirmed_verdict`): the warning then carries the
rollout's error, its 95% interval and its better choice, or none when the rollout clears it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import assert_never

from ai.engine_types import BAD, DOUBTFUL, VERY_BAD, Confirmation, Judgement, severity
from ai.worker.messages import CubeAnswer, RankedMove
from game.facts.explained import DecisionExplained, Explained
from game.rules.cube import CubeAction
from game.rules.dice import Roll
from game.rules.move import Move

TUTOR_LEVELS: Mapping[str, float | None] = MappingProxyType(
    {"off": None, "doubtful": DOUBTFUL, "bad": BAD, "very bad": VERY_BAD}
)
"""The tutor setting: warn on errors of at least this much (None: the tutor is off)."""


class CheckerPlay(Enum):
    """A checker play, as a decision the tutor checks (the cube's are :class:`CubeAction`)."""

    MOVE = "move"
    """A checker play."""


Checked = CheckerPlay | CubeAction
"""The kind of decision of the human's that the tutor checks: a checker play or a cube action
(``CubeAction.NO_DOUBLE``: rolling when a double was possible)."""

EVERY_CHECKED: tuple[Checked, ...] = (*CheckerPlay, *CubeAction)
"""Every kind of decision the tutor checks."""


@dataclass(frozen=True)
class Pending:
    """A decision of the human's held until the tutor has judged it."""

    kind: Checked
    """What is decided."""
    move: Move | None = None
    """The checker play (CheckerPlay.MOVE)."""
    given: Roll | None = None
    """The dice entered by hand for the roll (CubeAction.NO_DOUBLE)."""


@dataclass(frozen=True)
class Verdict:
    """An error the tutor warns about (worded by :mod:`ui.text.tutor`)."""

    loss: float
    """Equity lost against the best choice (positive)."""
    kind: Checked = CheckerPlay.MOVE
    """The decision judged."""
    played: str = ""
    """The move chosen, in notation (a checker play)."""
    best: str = ""
    """The best move, in notation (a checker play)."""
    equities: tuple[float, float] = (0.0, 0.0)
    """The best move's equity and the chosen one's (a checker play)."""
    cube: CubeAnswer | None = None
    """The cube's answer from the doubler's side (a cube action); confirmed, its no double,
    double/take and double/pass are the rollout's."""
    explained: DecisionExplained | None = None
    """Why the better choice is better, in facts (issue 53): the move chosen against the best, or
    the cube decision's numbers; None when the search did not give them. Always the search's
    (its numbers are the search's even when the rollout confirmed the error)."""
    judged: Judgement | None = None
    """The rollout that confirmed the error (its trials, interval and the search's depth); None: the
    search's verdict alone (review mode "quick", or a rollout that could not tell)."""
    sure: bool = True
    """False when the rollout's 95% interval still spans the tutor's threshold at its budget: a
    possible error, not a sure one."""

    def severity(self) -> str:
        """ "doubtful", "bad" or "very bad" (the key :mod:`ui.text.tutor` words)."""
        return severity(self.loss) or "doubtful"

    @property
    def confirmed(self) -> bool:
        """True when a rollout judged the error again (its numbers are the rollout's)."""
        return self.judged is not None and self.judged.confirmed

    def half_interval(self) -> float:
        """Half the width of the rollout's 95% interval (0 for the search's verdict)."""
        return 0.0 if self.judged is None else self.judged.half_width


def threshold(level: str) -> float | None:
    """The loss the tutor warns at for a setting (None: off; an unknown name is off)."""
    return TUTOR_LEVELS.get(level)


def is_checked(moves: Sequence[Move]) -> bool:
    """True when a roll's play is worth checking: two or more legal moves (not forced, not a pass)."""
    return len(moves) > 1


def move_verdict(
    ranked: Sequence[RankedMove], played: Move, least: float, explained: Explained | None = None
) -> Verdict | None:
    """The warning for ``played`` when it loses at least ``least`` against the best of ``ranked``
    (``explained``: their facts and whys, in their order).

    None when it does not, when the play was the only one, or when ``ranked`` lacks it
    (a search that did not list every move cannot judge it)."""
    if len(ranked) < 2:
        return None
    code = played.after.code
    index = next((i for i, r in enumerate(ranked) if r.move.after.code == code), None)
    if index is None:
        return None
    mine = ranked[index]
    best = max(ranked, key=lambda r: r.equity)
    loss = best.equity - mine.equity
    if loss < least or loss <= 0.0:
        return None
    why = None
    if explained is not None and len(explained.facts) == len(ranked) and best is ranked[0]:
        why = explained.pair(index)  # the move chosen against the best
    return Verdict(
        loss,
        CheckerPlay.MOVE,
        played.notation(),
        best.move.notation(),
        (best.equity, mine.equity),
        explained=why,
    )


def cube_loss(kind: CubeAction, answer: CubeAnswer) -> float:
    """What cube decision ``kind`` loses, ``answer`` being from the doubler's side.

    The doubler's: double, no double; the taker's: take (and beaver, as a take) and pass."""
    nd, dt, dp = answer.nd, answer.dt, answer.dp
    doubled = min(dt, dp)
    match kind:
        case CubeAction.DOUBLE:
            return max(nd, doubled) - doubled
        case CubeAction.NO_DOUBLE:
            return max(nd, doubled) - nd
        case CubeAction.TAKE | CubeAction.BEAVER:
            return dt - doubled
        case CubeAction.PASS:
            return dp - doubled
        case _:
            assert_never(kind)


def cube_verdict(kind: CubeAction, answer: CubeAnswer, least: float) -> Verdict | None:
    """The warning for cube decision ``kind`` losing at least ``least`` (``answer``: the doubler's side)."""
    loss = cube_loss(kind, answer)
    if loss < least or loss <= 0.0:
        return None
    return Verdict(loss, kind, cube=answer, explained=answer.explained)


def verdict_for(
    pending: Pending,
    moves: Sequence[RankedMove] | None,
    cube: CubeAnswer | None,
    least: float,
    explained: Explained | None = None,
) -> Verdict | None:
    """The tutor's warning for a held decision, given what the search found (``explained``: the
    moves' facts and whys, in their order; None: let it be)."""
    kind = pending.kind
    if kind is CheckerPlay.MOVE:
        if pending.move is None or moves is None:
            return None
        return move_verdict(moves, pending.move, least, explained)
    if cube is None:
        return None
    return cube_verdict(kind, cube, least)


def _rolled_equity(judged: Judgement, label: str) -> float | None:
    """The rollout's equity of candidate ``label`` (None: not rolled out)."""
    return next((equity for name, equity, _se in judged.rolled if name == label), None)


def confirmed_verdict(caught: Verdict, confirmation: Confirmation, least: float) -> Verdict | None:
    """The tutor's warning once the rollout has judged ``caught`` (the search's verdict) again.

    None when the rollout clears it (its error under ``least``); ``caught`` itself when the rollout's
    numbers cannot be read against it (a candidate missing). Otherwise the rollout's error, best
    choice and equities; not :attr:`Verdict.sure` while the 95% interval spans ``least``. The
    search's explanation is kept when the better choice is the same (it argues for the search's best)."""
    judged, error = confirmation.judged, confirmation.error
    if error < least or error <= 0.0:
        return None
    sure = judged.interval[0] >= least
    if caught.kind is CheckerPlay.MOVE:
        best = _rolled_equity(judged, confirmation.best)
        mine = _rolled_equity(judged, caught.played)
        if best is None or mine is None:
            return caught
        same = confirmation.best == caught.best
        return replace(
            caught,
            loss=error,
            best=confirmation.best,
            equities=(best, mine),
            explained=caught.explained if same else None,
            judged=judged,
            sure=sure,
        )
    if caught.cube is None or confirmation.cube is None:
        return caught
    nd, dt, dp = confirmation.cube
    rolled = replace(caught.cube, nd=nd, dt=dt, dp=dp)
    return replace(caught, loss=error, cube=rolled, judged=judged, sure=sure)
