"""Cube decisions from the cubeful model (:mod:`ai.cube.model`): double, take, and how sure.

Decisions: No double ``ND`` is the value
at the present cube, Double/take ``DT`` the value with the opponent owning twice
the cube, Double/pass ``DP`` the single win; double when ``min(DT, DP) > ND``,
take when ``DT <= DP`` (X's view). From a search, the cubeful values of the best
move of each of the 21 rolls are averaged, the opponent taking its own cube action
at each (:func:`cube_decision`). Equities are normalised as GNU Backgammon does:
per cube unit in money play, EMG in a match (a single win at the cube value is +1,
a single loss -1).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from ai.cube.met import MatchEquityTable
from ai.cube.model import X_CONTACT, X_RACE_MIN, CubeContext, CubefulModel, F, Owner, cube_efficiency
from ai.evaluation import batching
from ai.evaluation.evaluator import Evaluator, boards, equity, flip
from ai.evaluation.values import mover_values, on_roll_values
from ai.search import Pool, position_values
from game.rules.cube import MAX_CUBE
from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.position import SIDE_MASK, swap

CUBE_NOISE_RATIO = 0.5
"""A level's cube noise (normalised equity) per unit of its checker noise (:attr:`ai.levels.Level.noise`)."""


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """The cube decision of the side on roll, equities normalised from its side."""

    nd: float
    """No double."""

    dt: float
    """Double, take."""

    dp: float
    """Double, pass (1: a single win at the present cube)."""

    double: bool
    """Should X double (redouble) now."""

    take: bool
    """If X doubles, should the opponent take."""

    nd_mwc: float | None = None
    """No double as a match winning chance (match play)."""

    dt_mwc: float | None = None
    """Double, take as a match winning chance."""

    dp_mwc: float | None = None
    """Double, pass as a match winning chance."""

    depth: int = 1
    """The depth it was searched to (below the asked depth when it settled early)."""


def decide(
    probs: npt.ArrayLike,
    ctx: CubeContext,
    x: float | F = X_CONTACT,
    *,
    weights: npt.ArrayLike | None = None,
    met: MatchEquityTable | None = None,
    noise: float = 0.0,
    rng: np.random.Generator | None = None,
    replies: npt.ArrayLike | None = None,
) -> CubeDecision:
    """ND, DT and DP (X on roll, not rolled) and the verdicts.

    ``probs`` is one row of five probabilities, or one row per roll (the position
    after X's move for each roll, from X's side) with their ``weights``: the
    cubeful values are then averaged over the rolls (GNU Backgammon's way at n
    plies), so market losers count at what the cube makes them worth; ``replies``
    marks the rows where the opponent is now on roll and takes its own cube action
    (:meth:`CubefulModel.after_reply`). ``x`` is the
    cube efficiency, one value or one per row. ``noise`` (standard deviation,
    normalised equity) blurs ND and DT before the verdicts, for the weaker levels;
    the equities returned are the true ones. Where X may not double (Crawford game,
    the opponent's cube) or gains nothing by it (a match player needing no more
    points than the cube shows: a dead cube) ``double`` is False.
    """
    m = CubefulModel(ctx, probs, x, met)
    v = ctx.value
    w = np.ones(m.n) if weights is None else np.asarray(weights, dtype=np.float64)
    w = w / w.sum()
    nd_raw = float(w @ m.after_reply(Owner.of(ctx), v, replies))
    dt_raw = float(w @ m.after_reply(Owner.Y, 2 * v, replies)) if v < MAX_CUBE else nd_raw
    return _verdicts(m, nd_raw, dt_raw, noise, rng)


def _verdicts(
    m: CubefulModel, nd_raw: float, dt_raw: float, noise: float, rng: np.random.Generator | None
) -> CubeDecision:
    """The decision from the raw (points or MWC) ND and DT of X at ``m``'s context."""
    ctx, v = m.ctx, m.ctx.value
    dp_raw = m.cash_x(v)
    nd, dt, dp = (float(m.normalise(e)) for e in (nd_raw, dt_raw, dp_raw))
    nd_n, dt_n = nd, dt
    if noise > 0.0:
        gen = rng if rng is not None else np.random.default_rng()
        nd_n, dt_n = nd + gen.normal(0.0, noise), dt + gen.normal(0.0, noise)
    take = dt_n <= dp
    double = ctx.may_double() and m.can(0, v) and min(dt_n, dp) > nd_n
    mwc = (None, None, None) if ctx.is_money() else (nd_raw, dt_raw, dp_raw)
    return CubeDecision(nd, dt, dp, double, take, *mwc)


@dataclass(frozen=True, slots=True)
class RollResults:
    """Every result of every roll of X's position, valued from X's side."""

    rows: F
    """Five probabilities per result (exact where X has borne off)."""

    roll: npt.NDArray[np.int64]
    """The roll (index into :data:`game.rules.dice.ROLLS`) of each result."""

    first: npt.NDArray[np.int64]
    """Where each roll's results start in ``rows``."""

    replies: npt.NDArray[np.bool_]
    """The game goes on: the opponent is on roll (and may take a cube action)."""

    codes: list[int]
    """The results, from X's side (not swapped)."""


_ROLL_WEIGHTS = np.array([p for _, _, p in ROLLS])

SETTLE_MARGIN = 0.15
"""A cube decision at depth 3 or 4 is first made one depth shallower; when both of its margins
(``min(DT, DP) - ND`` for the doubler, ``DP - DT`` for the taker) are wider than this, in
normalised equity, it stands, as a root move filter that leaves one move ends a move
decision. On 200 cube questions no decision outside it changed from depth 3 to depth 4, and it
leaves about half of a game's questions (those far from any double) at the shallower cost."""


def roll_results(code: int, evaluator: Evaluator) -> RollResults:
    """Every result of each of X's 21 rolls with its static value, in one evaluation batch."""
    per_roll = [results(code, a, b) for a, b, _ in ROLLS]
    children = [c for rs in per_roll for c in rs]
    lengths = np.array([len(rs) for rs in per_roll])
    going = np.array([bool(c & SIDE_MASK) for c in children])
    rows = mover_values(evaluator, boards(children), batching.WHOLE)
    first = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    return RollResults(rows, np.repeat(np.arange(len(ROLLS)), lengths), first, going, children)


def _best_per_roll(values: F, res: RollResults) -> npt.NDArray[np.int64]:
    """The index of the best result of each roll by ``values`` (ties: the generator's first)."""
    order = np.lexsort((np.arange(len(values)), -values, res.roll))
    return order[res.first]


def cube_decision(
    code: int,
    ctx: CubeContext,
    depth: int,
    evaluator: Evaluator,
    *,
    noise: float = 0.0,
    rng: np.random.Generator | None = None,
    pool: Pool | None = None,
    should_stop: Callable[[], bool] | None = None,
    settle: float | None = SETTLE_MARGIN,
) -> tuple[F, CubeDecision]:
    """The cube decision of the side on roll of ``code`` searched as a move decision at ``depth`` would be.

    Depth 1: the position's static value. Deeper: for each of the 21 rolls X plays its
    best move by the static cubeless equity, as the search does; the result is valued by
    ``depth - 2`` further move decisions (:func:`ai.search.position_values`), and its
    cubeful value, with the opponent's cube action on its roll (:meth:`CubefulModel.after_reply`),
    averaged over the rolls. That is the cost of one candidate of a move decision at
    ``depth``. (Choosing each roll's move by the cubeful value of each cube state instead
    changed the judge's figures by less than 0.0005 on three sets and costs a model
    evaluation of every result.) ``pool`` lends helper processes for the 21 searches
    (:mod:`ai.parallel`); ``should_stop`` stops them (:class:`ai.search.Stopped`). Returns the five
    probabilities and the decision. ``settle``: at depth 3 or more, a decision whose margins at
    ``depth - 1`` are all wider than this stands there (:data:`SETTLE_MARGIN`; None: always the
    full depth); :attr:`CubeDecision.depth` says which.
    """
    if depth <= 1:
        rows = on_roll_values(evaluator, boards([code]), batching.WHOLE)
        return rows[0], decide(rows, ctx, cube_efficiency(code), noise=noise, rng=rng)
    res = roll_results(code, evaluator)
    best = _best_per_roll(equity(res.rows), res)
    x = _efficiencies(res, best)
    replies = res.replies[best]
    live = np.flatnonzero(replies)
    live_codes = [swap(res.codes[best[i]]) for i in live.tolist()]

    def searched(d: int, rng: np.random.Generator | None) -> tuple[F, CubeDecision]:
        rows = res.rows[best]
        if d > 2 and live.size:
            rows[live] = flip(
                position_values(live_codes, d - 2, evaluator, pool=pool, should_stop=should_stop)
            )
        m = CubefulModel(ctx, rows, x, None)
        v = ctx.value
        nd_raw = float(_ROLL_WEIGHTS @ m.after_reply(Owner.of(ctx), v, replies))
        dt_raw = float(_ROLL_WEIGHTS @ m.after_reply(Owner.Y, 2 * v, replies)) if v < MAX_CUBE else nd_raw
        return _ROLL_WEIGHTS @ rows, replace(_verdicts(m, nd_raw, dt_raw, noise, rng), depth=d)

    if settle is not None and depth >= 3:
        fresh = None if rng is None else copy.deepcopy(rng)  # the full depth draws the same noise
        probs, shallow = searched(depth - 1, rng)
        if is_settled(shallow, settle):
            return probs, shallow
        rng = fresh
    return searched(depth, rng)


def is_settled(d: CubeDecision, margin: float) -> bool:
    """Both of the decision's margins, the doubler's and the taker's, are wider than ``margin``."""
    return abs(min(d.dt, d.dp) - d.nd) > margin and abs(d.dp - d.dt) > margin


def _efficiencies(res: RollResults, best: npt.NDArray[np.int64]) -> F:
    """The cube efficiency of each chosen result: the opponent's position, or a race's at the end."""
    return np.array(
        [
            cube_efficiency(swap(res.codes[i])) if r else X_RACE_MIN
            for i, r in zip(best.tolist(), res.replies[best].tolist(), strict=True)
        ]
    )


def best_roll_results(code: int, evaluator: Evaluator) -> tuple[F, F, F]:
    """X's probabilities after its best move (by static cubeless equity) for each of the 21
    rolls, the rolls' probabilities, and the cube efficiency of each result."""
    res = roll_results(code, evaluator)
    best = _best_per_roll(equity(res.rows), res)
    return res.rows[best], _ROLL_WEIGHTS.copy(), _efficiencies(res, best)


def is_match_deciding(ctx: CubeContext) -> bool:
    """Whether a double now would put the cube at or past what both players still need (match play)."""
    return not ctx.is_money() and 2 * ctx.value >= max(ctx.away)


def cube_noise_rng(code: int, seed: int, role: int) -> np.random.Generator:
    """The noise of one cube decision, fixed by the position, ``seed`` and role (0 doubler, 1 taker)."""
    return np.random.default_rng([seed & 0xFFFFFFFF, role, code & ((1 << 400) - 1)])


def level_noise(noise: float, ctx: CubeContext, role: int) -> float:
    """The cube noise of a level whose checker noise is ``noise``, asked as ``role`` (0: the doubler,
    1: the taker): in proportion (:data:`CUBE_NOISE_RATIO`), and none for a double that would make
    the cube decide the match for both players (:func:`is_match_deciding`): no level turns the
    cube past what either side needs by a slip."""
    if role == 0 and is_match_deciding(ctx):
        return 0.0
    return noise * CUBE_NOISE_RATIO


def level_cube_decision(
    code: int,
    ctx: CubeContext,
    depth: int,
    noise: float,
    evaluator: Evaluator,
    seed: int,
    role: int = 0,
    probs: F | None = None,
    pool: Pool | None = None,
    settle: float | None = SETTLE_MARGIN,
) -> tuple[F, CubeDecision]:
    """The cube decision a level makes: its ``depth``, and cube noise in proportion to its checker
    ``noise`` (:func:`level_noise`).

    The noise is drawn from the position, ``seed`` and ``role`` (0: the doubler's question,
    1: the taker's; :func:`cube_noise_rng`), so a position asked twice gets the same answer.
    Pass the ``probs`` of an earlier call on the same position (the opponent answering
    a double) to skip the search. ``settle``: as :func:`cube_decision`'s.
    """
    level = level_noise(noise, ctx, role)
    rng = cube_noise_rng(code, seed, role)
    if probs is None:
        return cube_decision(code, ctx, depth, evaluator, noise=level, rng=rng, pool=pool, settle=settle)
    return probs, decide(probs, ctx, cube_efficiency(code), noise=level, rng=rng)


def is_beaver(ctx: CubeContext, d: CubeDecision) -> bool:
    """The opponent, having taken, should beaver: money play, and its side of DT is positive."""
    return ctx.is_money() and d.take and d.dt < 0.0


TAKE_POINT_STEPS = 30
"""Bisection steps of :func:`take_point` (2**-30: far finer than a percent)."""


def take_point(probs: F, ctx: CubeContext, code: int) -> float:
    """The taker's win chance at which a double's take and pass are worth the same.

    The doubler's chance ``w`` is varied with the gammon and backgammon shares of its
    wins and losses held; DT grows with ``w``, so a bisection finds where it meets DP.
    """
    w0 = float(probs[0])
    win_shares = (float(probs[1]) / w0, float(probs[2]) / w0) if w0 > 0 else (0.0, 0.0)
    loss_shares = (float(probs[3]) / (1 - w0), float(probs[4]) / (1 - w0)) if w0 < 1 else (0.0, 0.0)
    x = cube_efficiency(code)

    def take_is_worse(w: float) -> bool:
        row = np.array(
            [w, w * win_shares[0], w * win_shares[1], (1 - w) * loss_shares[0], (1 - w) * loss_shares[1]]
        )
        d = decide(row, ctx, x)
        return d.dt > d.dp

    lo, hi = 0.0, 1.0
    for _ in range(TAKE_POINT_STEPS):
        mid = (lo + hi) / 2
        if take_is_worse(mid):
            hi = mid
        else:
            lo = mid
    return 1.0 - (lo + hi) / 2
