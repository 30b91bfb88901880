"""The cube inside a rollout: payoffs from the reported side's view, the players' cube actions.

A rollout reports every value from one side, the *root*: the side that chose the move (checker
play) or that holds the cube decision (cube). Its context (:class:`ai.cube.model.CubeContext`)
fixes the payoffs: points in money play, match winning chances at the score in a match, and the
unit the values are normalised to (per cube unit of the root's cube, or EMG), so that a double
that is passed is worth exactly +1 and the candidates of a decision are compared in one unit.

Cubeless play values a side's chances by a linear function of its five probabilities: the
cubeless equity (money), or the dead-cube EMG at the score (match), :meth:`Payoffs.linear`.
Cubeful play keeps each game's cube (its value and who owns it): the side on roll doubles when
the cube model (:class:`ai.cube.model.CubefulModel`) says so from its chances, the other side
takes or passes by the same model (:func:`cube_actions`).
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import numpy.typing as npt

from ai.cube.met import default_met
from ai.cube.model import CubeContext, CubefulModel, Owner

F = npt.NDArray[np.float64]


def pay(ctx: CubeContext, mine: int, theirs: int) -> float:
    """What a side with context ``ctx`` gets when it scores ``mine`` and the other ``theirs``
    points (one of them 0): points (money) or its match winning chance."""
    if ctx.is_money():
        return float(mine - theirs)
    post = ctx.crawford or ctx.post_crawford
    return default_met().mwc(ctx.away[0] - mine, ctx.away[1] - theirs, post)


@functools.cache
def linear_utility(ctx: CubeContext) -> tuple[tuple[float, ...], float]:
    """Coefficients and constant of the cubeless value (normalised) of five probabilities for the
    side with context ``ctx``: money equity, or the dead-cube EMG at ``ctx``'s cube and score."""
    v = ctx.value
    a = [pay(ctx, k * v, 0) for k in (1, 2, 3)]
    b = [pay(ctx, 0, k * v) for k in (1, 2, 3)]
    span = a[0] - b[0]
    if span <= 0:  # a side that can neither win nor lose anything: count the win chance
        return (1.0, 0.0, 0.0, 0.0, 0.0), 0.0
    s = 2.0 / span
    return (s * span, s * (a[1] - a[0]), s * (a[2] - a[1]), s * (b[1] - b[0]), s * (b[2] - b[1])), -1.0


class Payoffs:
    """Values from the root's side: its payoffs, the normalisation, the other side turned round."""

    def __init__(self, root: CubeContext) -> None:
        self.root = root
        """The root's context: whose value is reported, at which cube and score."""
        self.money = root.is_money()
        v0 = root.value
        self.hi = pay(root, v0, 0)
        """The root's payoff for a single win at its cube (normalised: +1)."""
        self.lo = pay(root, 0, v0)
        """For a single loss (normalised: -1)."""
        coef, const = linear_utility(root)
        self.coef = np.array(coef)
        self.const = const
        self._contexts: dict[tuple[int, int | None, bool], CubeContext] = {}

    def norm(self, raw: F | float) -> F:
        """Raw root values (points or match winning chances) per cube unit, or as EMG."""
        return np.asarray(2.0 * (np.asarray(raw) - self.lo) / (self.hi - self.lo) - 1.0)

    def to_root(self, raw: F, mover_is_root: npt.NDArray[np.bool_] | bool) -> F:
        """Raw values of the side on roll turned into the root's."""
        other = -raw if self.money else 1.0 - raw
        return np.where(mover_is_root, raw, other)

    def cubeless(self, probs: F) -> F:
        """The root's cubeless value of rows of the root's probabilities."""
        return np.asarray(np.asarray(probs, dtype=np.float64) @ self.coef + self.const, dtype=np.float64)

    def context(self, value: int, owner: int | None, mover_is_root: bool) -> CubeContext:
        """The context of the side on roll when the cube is at ``value``, owned by ``owner``
        (0: the root, 1: its opponent, None: centred)."""
        key = (value, owner, mover_is_root)
        got = self._contexts.get(key)
        if got is None:
            ctx = dataclasses.replace(self.root, value=value, owner=owner)
            got = self._contexts[key] = ctx if mover_is_root else ctx.flipped()
        return got

    def side_context(self, mover_is_root: bool) -> CubeContext:
        """The root's context, or its opponent's, at the root's cube (for cubeless play)."""
        return self.context(self.root.value, self.root.owner, mover_is_root)


def cubeful_raw(ctx: CubeContext, probs: F, x: F | float) -> F:
    """The cubeful value (points or match winning chance) for the side on roll at ``ctx`` of rows
    of its probabilities, with the cube as it is (no double now)."""
    m = CubefulModel(ctx, probs, x, None)
    return np.atleast_1d(np.asarray(m.value(Owner.of(ctx), ctx.value, m.p), dtype=np.float64))


def cube_actions(ctx: CubeContext, probs: F, x: F) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For rows of the chances of the side on roll at ``ctx``: does it double, and is a double taken.

    Double when the double (taken or passed, whichever is worse for the doubler) is worth more than
    no double; take when the take is worth no more to the doubler than the pass.
    """
    n = len(probs)
    never = np.zeros(n, dtype=bool)
    if not ctx.may_double():
        return never, never
    m = CubefulModel(ctx, probs, x, None)
    v = ctx.value
    if not m.can(0, v):
        return never, never
    nd = np.atleast_1d(np.asarray(m.value(Owner.of(ctx), v, m.p), dtype=np.float64))
    dt = np.atleast_1d(np.asarray(m.value(Owner.Y, 2 * v, m.p), dtype=np.float64))
    dp = m.cash_x(v)
    return np.minimum(dt, dp) > nd, dt <= dp
