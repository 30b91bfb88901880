"""Resignations: what the side with no chance left offers, and whether an offer is accepted."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.cube.model import X_CONTACT, CubeContext, CubefulModel, Owner
from ai.evaluation.evaluator import flip
from game.rules.cube import Resignation

RESIGN_EPSILON = 0.005
"""How sure the computer must be of the result before it offers to resign it."""


def should_accept_resignation(
    probs: npt.ArrayLike, ctx: CubeContext, offer: Resignation, x: float = X_CONTACT
) -> bool:
    """Whether X accepts the opponent's offer to lose ``offer``: yes when it gives X at least its equity.

    ``probs`` and ``ctx`` are from X's side (X need not be on roll). Chances within
    :data:`RESIGN_EPSILON` of 0 or 1 count as settled, as when the computer offers to resign:
    a gammon that is certain but for a 1e-5 backgammon is worth a gammon.
    """
    settled = np.asarray(probs, dtype=np.float64).reshape(5).copy()
    settled[settled < RESIGN_EPSILON] = 0.0
    settled[settled > 1.0 - RESIGN_EPSILON] = 1.0
    m = CubefulModel(ctx, settled, x, None)
    v = ctx.value
    kind = 1 if (ctx.is_money() and ctx.jacoby and ctx.owner is None) else offer.value
    offered = m.pay(v * kind, 0)
    return offered >= float(np.atleast_1d(m.value(Owner.of(ctx), v, m.p))[0]) - 1e-12


def accepts_resignation(
    probs: npt.NDArray[np.float64], ctx: CubeContext, offer: Resignation, resigner: int
) -> bool:
    """Whether the side that did not make ``offer`` accepts it: ``probs`` and ``ctx`` are the side on
    roll's, ``resigner`` 0 the side on roll (its opponent weighs the offer from its own side), 1 its
    opponent."""
    if resigner == 0:
        return should_accept_resignation(flip(probs.reshape(1, 5))[0], ctx.flipped(), offer)
    return should_accept_resignation(probs, ctx, offer)


def resignation_offer(probs: npt.ArrayLike, epsilon: float = RESIGN_EPSILON) -> Resignation | None:
    """What X offers to resign, when X has no chance left: the result it is sure to lose, else None.

    No chance to win (below ``epsilon``); then a single game if a gammon is as good as
    impossible, a gammon if it is certain and a backgammon impossible, a backgammon
    if that is certain. Between those, playing on loses less than resigning.
    """
    w, _, _, lg, lb = (float(v) for v in np.asarray(probs, dtype=np.float64).reshape(5))
    if w > epsilon:
        return None
    if lg < epsilon:
        return Resignation.SINGLE
    if lg > 1.0 - epsilon and lb < epsilon:
        return Resignation.GAMMON
    if lb > 1.0 - epsilon:
        return Resignation.BACKGAMMON
    return None
