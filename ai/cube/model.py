"""The cubeful model: what a position is worth with the cube, from its cubeless probabilities.

One model serves money and match play. The side on roll is X, the opponent Y;
``p`` is X's chance to win. Outcomes are worth a *payoff*: in money play the
points won (cube value times 1, 2 or 3, single under the Jacoby rule while the cube is
centred), in a match the match winning chance (MWC) from the match equity table
(:mod:`ai.cube.met`) at the score the game would leave. With the gammon and backgammon
shares of wins and losses held fixed, a position's value is a function of ``p``:

* dead cube (nobody can use it): the cubeless value ``p*W + (1-p)*L``, where ``W``
  and ``L`` are the average payoffs of a win and a loss at the cube value;
* live cube (Janowski's model, generalised to any payoff): the value is linear in
  ``p`` between the points where the cube is used: an owner who can double cashes
  (the payoff of a single win at the current value) from its cash point on, and
  the cash point is where the opponent's take (owning the cube at twice the value,
  valued the same way, one level up) is worth exactly the pass; from the cash point
  on the owner cashes or plays on for the gammon, whichever is worth more. The
  levels are solved from the top (64) down; a player for whom a double gains nothing (a
  match player needing no more points than the cube shows, the Crawford game,
  or a cube at 64) has a dead cube;
* the cubeful value mixes the two with the cube efficiency ``x``:
  ``x * live + (1 - x) * dead`` (x about 0.68 in contact, by pip count in races).

Money payoffs with a linear payoff reduce to Janowski's formulas (take point
``(L - 1/2) / (W + L + x/2)`` and so on). Decisions: No double ``ND`` is the value
``(L - 1/2) / (W + L + x/2)`` and so on). Equities are normalised as GNU Backgammon does:
per cube unit in money play, EMG in a match (a single win at the cube value is +1,
a single loss -1). :mod:`ai.cube.decision` makes the cube decisions from this model,
:mod:`ai.cube.resign` the resignations.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ai.cube.met import MatchEquityTable, default_met
from ai.evaluation.evaluator import Probs
from game.records.matchid import MatchInfo
from game.rules.cube import MAX_CUBE, CubeState
from game.rules.position import is_race, pip_count, unpack

F = npt.NDArray[np.float64]

X_CONTACT = 0.68
"""Cube efficiency in contact positions (Janowski; GNU Backgammon's manual quotes 0.68)."""

X_RACE_MIN, X_RACE_MAX = 0.60, 0.70
"""Cube efficiency in races: from the short race (few rolls left) to the long race."""

X_RACE_PIPS = (30, 100)
"""Pip counts of the side on roll at which race efficiency reaches its minimum and maximum."""


@dataclass(frozen=True, slots=True)
class CubeContext:
    """The cube situation seen by the side on roll (X, who may double)."""

    value: int = 1
    """The cube value now."""

    owner: int | None = None
    """0: X owns the cube, 1: the opponent owns it, None: centred."""

    length: int = 0
    """Match length; 0 for money play."""

    away: tuple[int, int] = (0, 0)
    """Points X and the opponent still need (match play)."""

    crawford: bool = False
    """This is the Crawford game: no doubling."""

    post_crawford: bool = False
    """The Crawford game has been played."""

    jacoby: bool = False
    """Money: gammons count single while the cube is centred."""

    def is_money(self) -> bool:
        """True for money play."""
        return self.length == 0

    def flipped(self) -> CubeContext:
        """The same situation seen by the opponent."""
        owner = None if self.owner is None else 1 - self.owner
        return CubeContext(
            self.value,
            owner,
            self.length,
            (self.away[1], self.away[0]),
            self.crawford,
            self.post_crawford,
            self.jacoby,
        )

    def may_double(self) -> bool:
        """The rules let X double now (cube centred or X's, not Crawford, below the maximum)."""
        return not self.crawford and self.owner != 1 and self.value < MAX_CUBE


def context_from_match(info: MatchInfo, player: int | None = None) -> CubeContext:
    """The cube context of ``player`` (default: the player on roll) from a Match ID's contents."""
    me = info.on_roll if player is None else player
    owner = None if info.cube.owner is None else (0 if info.cube.owner == me else 1)
    away = (0, 0) if info.is_money() else (info.away(me), info.away(1 - me))
    return CubeContext(
        info.cube.value,
        owner,
        info.length,
        away,
        info.crawford,
        info.is_post_crawford(),
        info.jacoby and info.is_money(),
    )


def context_for(
    cube: CubeState,
    me: int,
    length: int,
    score: tuple[int, int],
    *,
    crawford: bool,
    post_crawford: bool,
    jacoby: bool,
) -> CubeContext:
    """The cube context of player ``me`` from the game's cube and the match score."""
    owner = None if cube.owner is None else (0 if cube.owner == me else 1)
    away = (0, 0) if length == 0 else (length - score[me], length - score[1 - me])
    return CubeContext(cube.value, owner, length, away, crawford, post_crawford, jacoby and length == 0)


def cube_efficiency(code: int) -> float:
    """Janowski's cube efficiency for the position (side on roll's view)."""
    if not is_race(code):
        return X_CONTACT
    pips = pip_count(unpack(code)[0])
    lo, hi = X_RACE_PIPS
    t = min(1.0, max(0.0, (pips - lo) / (hi - lo)))
    return X_RACE_MIN + t * (X_RACE_MAX - X_RACE_MIN)


def _shares(*probs: float) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The single, gammon and backgammon shares of one row's wins and of its losses (the
    same arithmetic as :class:`CubefulModel`'s on arrays)."""
    w, wg, wb, lg, lb = (min(max(q, 0.0), 1.0) for q in probs)
    wg, lg = min(wg, w), min(lg, 1.0 - w)
    wb, lb = min(wb, wg), min(lb, lg)
    safe_w = w if w > 1e-12 else 1.0
    safe_l = 1.0 - w if 1.0 - w > 1e-12 else 1.0
    win = ((w - wg) / safe_w, (wg - wb) / safe_w, wb / safe_w) if w > 1e-12 else (1.0, 0.0, 0.0)
    loss = ((1 - w - lg) / safe_l, (lg - lb) / safe_l, lb / safe_l) if 1.0 - w > 1e-12 else (1.0, 0.0, 0.0)
    return win, loss


class Owner(enum.Enum):
    """Who holds the cube, seen by the side on roll (X)."""

    X = "x"
    """The side on roll owns it."""

    Y = "y"
    """The opponent owns it."""

    CENTRED = "c"
    """Nobody has taken a double yet."""

    @classmethod
    def of(cls, ctx: CubeContext) -> Owner:
        """The owner of ``ctx``'s cube."""
        match ctx.owner:
            case None:
                return cls.CENTRED
            case 0:
                return cls.X
            case _:
                return cls.Y

    @property
    def turned(self) -> bool:
        """A double has been taken (the Jacoby rule no longer applies)."""
        return self is not Owner.CENTRED

    @property
    def x_may_double(self) -> bool:
        """X holds the cube or it is centred."""
        return self is not Owner.Y

    @property
    def y_may_double(self) -> bool:
        """The opponent holds the cube or it is centred."""
        return self is not Owner.X


class CubefulModel:
    """The value of positions as functions of X's win chance, for one context (vectorised over rows).

    A single row is held as plain floats (``p``, ``x``, the payoffs and cash points), where
    numpy's per-call cost would dominate; the value functions take either form.
    """

    def __init__(
        self, ctx: CubeContext, probs: npt.ArrayLike, x: float | F, met: MatchEquityTable | None
    ) -> None:
        pr = np.atleast_2d(np.asarray(probs, dtype=np.float64))
        self.ctx = ctx
        self.met = met if met is not None or ctx.is_money() else default_met()
        if self.met is not None and not ctx.is_money():
            needs = (ctx.length, *ctx.away)
            if not 1 <= min(ctx.away) <= max(ctx.away) <= ctx.length <= self.met.length:
                raise ValueError(f"no cube value at {needs} (length, points each needs): not a score in play")
        self.n = len(pr)
        self.x: Any
        self.p: Any
        if self.n == 1:  # plain floats: numpy's per-call cost would dominate
            w = min(max(float(pr[0, 0]), 0.0), 1.0)
            win, loss = _shares(*pr[0, :5].tolist())
            self.win_share, self.loss_share = np.array(win).reshape(3, 1), np.array(loss).reshape(3, 1)
            self.p, self.x = w, float(np.asarray(x, dtype=np.float64).reshape(-1)[0])
            self._zero, self._one = np.zeros(1), np.ones(1)
        else:
            w, wg, wb, lg, lb = np.clip(pr[:, :5], 0.0, 1.0).T
            wg, lg = np.minimum(wg, w), np.minimum(lg, 1.0 - w)
            wb, lb = np.minimum(wb, wg), np.minimum(lb, lg)
            safe_w, safe_l = np.where(w > 1e-12, w, 1.0), np.where(1.0 - w > 1e-12, 1.0 - w, 1.0)
            # shares of wins (losses) that are single, gammon, backgammon
            self.win_share = np.stack([(w - wg) / safe_w, (wg - wb) / safe_w, wb / safe_w])
            self.win_share[:, w <= 1e-12] = np.array([[1.0], [0.0], [0.0]])
            self.loss_share = np.stack([(1 - w - lg) / safe_l, (lg - lb) / safe_l, lb / safe_l])
            self.loss_share[:, 1.0 - w <= 1e-12] = np.array([[1.0], [0.0], [0.0]])
            self.x = np.broadcast_to(np.asarray(x, dtype=np.float64), w.shape)
            self.p = w
            self._zero, self._one = np.zeros_like(w), np.ones_like(w)
        self._cache: dict[tuple[str, int], Any] = {}
        self._wl: dict[tuple[int, bool], tuple[Any, Any]] = {}
        self._pay: dict[tuple[int, int], float] = {}
        self._inner: dict[int, F] = {}
        self._levels: dict[tuple[Owner, int], tuple[float, ...]] = {}
        self.money = ctx.is_money()

    # --- payoffs ------------------------------------------------------------------------

    def pay(self, mine: int, theirs: int) -> float:
        """X's payoff when X scores ``mine`` points and the opponent ``theirs`` (one is 0)."""
        if self.money:
            return float(mine - theirs)
        got = self._pay.get((mine, theirs))
        if got is None:
            assert self.met is not None
            ctx = self.ctx
            post = ctx.crawford or ctx.post_crawford
            got = self._pay[(mine, theirs)] = self.met.mwc(ctx.away[0] - mine, ctx.away[1] - theirs, post)
        return got

    def cash_x(self, v: int) -> float:
        return self.pay(v, 0)

    def cash_y(self, v: int) -> float:
        return self.pay(0, v)

    def win_loss(self, v: int, turned: bool) -> tuple[Any, Any]:
        """Average payoff of a win and of a loss at cube ``v``."""
        got = self._wl.get((v, turned))
        if got is None and self.money and v > 1:  # money payoffs scale with the cube (exactly: v is 2**k)
            w1, l1 = self.win_loss(1, turned)
            got = self._wl[(v, turned)] = (w1 * v, l1 * v)
        if got is None:
            single = not turned and self.money and self.ctx.jacoby
            k = (1, 1, 1) if single else (1, 2, 3)
            wins = np.array([self.pay(v * m, 0) for m in k])
            losses = np.array([self.pay(0, v * m) for m in k])
            got = (wins @ self.win_share, losses @ self.loss_share)
            if self.n == 1:
                got = (float(got[0][0]), float(got[1][0]))
            self._wl[(v, turned)] = got
        return got

    def can(self, player: int, v: int) -> bool:
        """Whether ``player`` (0 = X) gains anything by owning a cube on ``v``."""
        ctx = self.ctx
        if ctx.crawford or v >= MAX_CUBE:
            return False
        return self.money or ctx.away[player] > v

    # --- value functions ------------------------------------------------------------------

    def dead(self, v: int, p: Any, turned: bool = True) -> Any:
        wv, lv = self.win_loss(v, turned)
        return p * wv + (1.0 - p) * lv

    def live(self, owner: Owner, v: int, p: F) -> Any:
        """Full-efficiency value of rows with the cube held by ``owner``."""
        turned = owner.turned
        wv, lv = self.win_loss(v, turned)
        cx = owner.x_may_double and self.can(0, v)
        cy = owner.y_may_double and self.can(1, v)
        cash_x, cash_y = self.cash_x(v), self.cash_y(v)
        if cx:  # from the cash point on, X cashes or plays on towards a sure win (worth wv at p = 1)
            hi = self.inner(self.cp_x(v))
            top = np.maximum(cash_x, cash_x + (p - hi) / (1.0 - hi) * (wv - cash_x))
        if cy:  # below the opponent's cash point it cashes or plays on towards a sure loss
            lo = self.inner(self.lo_y(v))
            bottom = np.minimum(cash_y, lv + p / lo * (cash_y - lv))
        if cx and cy:
            hi = np.maximum(hi, lo + 1e-9)
            t = (p - lo) / (hi - lo)
            mid = cash_y + t * (cash_x - cash_y)
            return np.where(p <= lo, bottom, np.where(p >= hi, top, mid))
        if cx:
            return np.where(p >= hi, top, lv + p / hi * (cash_x - lv))
        if cy:
            return np.where(p <= lo, bottom, cash_y + (p - lo) / (1.0 - lo) * (wv - cash_y))
        return p * wv + (1.0 - p) * lv

    def value(self, owner: Owner, v: int, p: Any) -> Any:
        """Cubeful value: live and dead mixed by the cube efficiency."""
        if isinstance(p, float):
            return self._value_one(self._level_one(owner, v), p)
        return self.x * self.live(owner, v, p) + (1.0 - self.x) * self.dead(v, p, owner.turned)

    def _level_one(self, owner: Owner, v: int) -> tuple[float, ...]:
        """A single row's constants at ``owner``, ``v``: win and loss payoffs, both cashes, X's
        and the opponent's cash points as used and as solved (NaN where that side cannot
        use the cube)."""
        got = self._levels.get((owner, v))
        if got is None:
            wv, lv = self.win_loss(v, owner.turned)
            hi = self.cp_x(v) if owner.x_may_double and self.can(0, v) else np.nan
            lo = self.lo_y(v) if owner.y_may_double and self.can(1, v) else np.nan
            cash = (self.cash_x(v), self.cash_y(v))
            got = self._levels[(owner, v)] = (wv, lv, *cash, self.inner(hi), self.inner(lo), hi, lo)
        return got

    def _value_one(self, c: tuple[float, ...], p: float) -> float:
        """:meth:`value` of a single row at one ``p`` from its level's constants ``c`` (the
        same arithmetic as :meth:`live` and :meth:`dead` on arrays, in floats)."""
        wv, lv, cash_x, cash_y, hi, lo = c[:6]
        cx, cy = hi == hi, lo == lo  # NaN: that side cannot use the cube
        if cx:
            top = max(cash_x, cash_x + (p - hi) / (1.0 - hi) * (wv - cash_x))
        if cy:
            bottom = min(cash_y, lv + p / lo * (cash_y - lv))
        if cx and cy:
            hi = max(hi, lo + 1e-9)
            t = (p - lo) / (hi - lo)
            live = bottom if p <= lo else (top if p >= hi else cash_y + t * (cash_x - cash_y))
        elif cx:
            live = top if p >= hi else lv + p / hi * (cash_x - lv)
        elif cy:
            live = bottom if p <= lo else cash_y + (p - lo) / (1.0 - lo) * (wv - cash_y)
        else:
            live = p * wv + (1.0 - p) * lv
        x: float = self.x
        return x * live + (1.0 - x) * (p * wv + (1.0 - p) * lv)

    def _solve(self, owner: Owner, v: int, target: float) -> Any:
        """The ``p`` where ``value(owner, v, p)``, increasing and piecewise linear, reaches ``target``.

        The pieces meet only at the cash points of that cube level, so the value at
        0, those points and 1 pins the answer down exactly, row by row.
        """
        if self.n == 1:
            return self._solve_one(owner, v, target)
        ends = [self._zero, self._one]
        if owner.y_may_double and self.can(1, v):
            ends.append(self.lo_y(v))
        if owner.x_may_double and self.can(0, v):
            ends.append(self.cp_x(v))
        pts = np.sort(np.stack(ends), axis=0) if len(ends) > 2 else np.stack(ends)
        vals = self.value(owner, v, pts)
        inside = (vals[:-1] <= target) & (vals[1:] >= target)
        seg = np.argmax(inside, axis=0)
        cols = np.arange(pts.shape[1])
        q0, q1 = pts[seg, cols], pts[seg + 1, cols]
        v0, v1 = vals[seg, cols], vals[seg + 1, cols]
        rise = v1 - v0
        q = q0 + (target - v0) * (q1 - q0) / np.where(np.abs(rise) > 1e-15, rise, 1.0)
        q = np.where(np.abs(rise) > 1e-15, q, q0)
        q = np.where(vals[0] > target, 0.0, q)
        return np.where(vals[-1] < target, 1.0, q)

    def _solve_one(self, owner: Owner, v: int, target: float) -> float:
        """:meth:`_solve` for a single row, in floats (the same answer)."""
        c = self._level_one(owner, v)
        pts = sorted([0.0, 1.0, *(q for q in c[6:] if q == q)])
        vals = [self._value_one(c, q) for q in pts]
        if vals[-1] < target:
            return 1.0
        if vals[0] > target:
            return 0.0
        seg = next((i for i in range(len(pts) - 1) if vals[i] <= target <= vals[i + 1]), 0)
        rise = vals[seg + 1] - vals[seg]
        if abs(rise) <= 1e-15:
            return float(pts[seg])
        return float(pts[seg] + (target - vals[seg]) * (pts[seg + 1] - pts[seg]) / rise)

    def inner(self, q: Any) -> Any:
        """A cash point kept off 0 and 1 (it divides), computed once per array (NaN stays NaN)."""
        if isinstance(q, float):
            return min(max(q, 1e-9), 1.0 - 1e-9) if q == q else q
        got = self._inner.get(id(q))
        if got is None:
            got = self._inner[id(q)] = np.minimum(np.maximum(q, 1e-9), 1.0 - 1e-9)
        return got

    def cp_x(self, v: int) -> Any:
        """X's cash point at cube ``v``: the opponent's take of ``2v`` is worth the pass here."""
        key = ("cpx", v)
        if key not in self._cache:
            self._cache[key] = self._solve(Owner.Y, 2 * v, self.cash_x(v))
        return self._cache[key]

    def lo_y(self, v: int) -> Any:
        """The opponent's cash point at cube ``v``, as X's win chance."""
        key = ("loy", v)
        if key not in self._cache:
            self._cache[key] = self._solve(Owner.X, 2 * v, self.cash_y(v))
        return self._cache[key]

    def after_reply(self, owner: Owner, v: int, replies: npt.ArrayLike | None) -> F:
        """Cubeful value where the opponent is on roll (rows in ``replies``) and takes its cube action now.

        The opponent doubles where that leaves X less than not doubling; X then takes (owning
        twice the cube) or passes, whichever is worth more to X. Other rows: :meth:`value`.
        """
        nd = np.atleast_1d(self.value(owner, v, self.p))
        if replies is None or owner is Owner.X or not self.can(1, v):
            return nd
        answered = np.maximum(self.value(Owner.X, 2 * v, self.p), self.cash_y(v))
        return np.where(np.asarray(replies, dtype=bool), np.minimum(nd, answered), nd)

    def normalise(self, values: F | float) -> Any:
        """Per cube unit (money) or EMG (match) at the present cube value (an array or one value)."""
        v = self.ctx.value
        hi, lo = self.cash_x(v), self.cash_y(v)
        return 2.0 * (values - lo) / (hi - lo) - 1.0


def cubeful_equity(
    probs: npt.ArrayLike, ctx: CubeContext, x: float | F = X_CONTACT, met: MatchEquityTable | None = None
) -> F:
    """Cubeful equity (normalised: per cube unit, or EMG) of rows of five probabilities.

    Each row is from X's side at ``ctx``'s cube; use it to rank moves: pass the
    mover's context (the mover's probabilities after the move, with the cube as it is).
    """
    m = CubefulModel(ctx, probs, x, met)
    values: F = m.normalise(np.atleast_1d(m.value(Owner.of(ctx), ctx.value, m.p)))
    return values


def match_winning_chance(
    probs: npt.ArrayLike, ctx: CubeContext, x: float | F = X_CONTACT, met: MatchEquityTable | None = None
) -> F:
    """Cubeful match winning chance (match play) or points (money) of rows of five probabilities."""
    m = CubefulModel(ctx, probs, x, met)
    return np.atleast_1d(m.value(Owner.of(ctx), ctx.value, m.p))


@dataclass(frozen=True, slots=True)
class CubefulUtility:
    """What a mover ranks its results by at a cube and score: cubeful equity (EMG), its position's
    cube efficiency fixed. A plain value, so it can be sent to the search's helper processes."""

    ctx: CubeContext
    """The mover's cube context."""

    x: float
    """The cube efficiency."""

    def __call__(self, values: Probs) -> F:
        return cubeful_equity(values, self.ctx, self.x)


def move_utility(ctx: CubeContext, code: int) -> Callable[[Probs], F]:
    """What moves are ranked by in position ``code`` at ``ctx`` (the mover's): cubeful equity (EMG)."""
    return CubefulUtility(ctx, cube_efficiency(code))


def search_utilities(ctx: CubeContext, code: int) -> tuple[Callable[[Probs], F], Callable[[Probs], F]]:
    """``utility`` and ``reply_utility`` for :func:`ai.search.analyse`: the mover's and the opponent's.

    With both, every move of the search, the opponent's replies included, is chosen by
    its mover's cubeful equity at the score (EMG, the cube as it is).
    """
    return move_utility(ctx, code), move_utility(ctx.flipped(), code)
