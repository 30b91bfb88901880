"""A hand-made static evaluator: five outcome probabilities from board features.

It is the evaluator the AI falls back on when no trained network is available,
and the one the search is tested with. Everything is computed with numpy over a
whole batch of positions at once (see :func:`ai.evaluation.evaluator.boards`).

How it scores a position (side on roll's view):

* **Races** (no contact left): each side's pip count plus a small wastage term
  gives the rolls it needs to bear off; the win chance is the normal
  approximation of the difference (a roll is worth 8.17 pips on average with a
  spread of about 4.3), the side on roll being half a roll ahead. Gammon and
  backgammon chances come from the same formula, comparing the winner's rolls
  with the rolls the loser needs to get a first checker off (or out of the
  winner's home board).
* **Contact**: the same race term, weighted down, plus positional terms for
  each side (the opponent's terms subtracted): blots exposed to direct and
  indirect shots (each weighted by the pips a hit would cost and the strength of
  the board the checker would have to enter against), made points by their
  value (home board, bar point, advanced anchors), the longest prime weighted by
  the checkers trapped behind it, checkers back and on the bar. The sum is mapped
  to a win chance with a logistic curve. Gammon chances grow with the loser's
  checkers back and on the bar, the winner's home board and the pip lead, and
  vanish once the loser has borne a checker off.

The weights are set by hand from common backgammon knowledge; they are not
fitted to any other program's evaluations.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from ai.evaluation.evaluator import Boards, Evaluator, Probs
from ai.evaluation.features import bit_masks, turned_masks

F = npt.NDArray[np.float64]

_ROLL_MEAN = 8.17
"""Average pips a roll moves (doubles count four times)."""

_ROLL_SPREAD = 0.45
"""Spread of the roll-count difference per square root of (total pips / roll mean)."""

_SHOT_ROLLS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1)
"""Rolls out of 36 that hit a blot at distance d (index d) with nothing in the way."""

_HOME_POINT_VALUE = np.array([0.35, 0.55, 0.75, 0.95, 1.1, 1.0, 0.85, 0.45, 0.25] + [0.1] * 8 + [0.0] * 7)
"""Value of holding each of one's own points 1..24 (home board, bar point, outfield)."""

_ANCHOR_VALUE = np.array([0.0] * 17 + [0.55, 0.45, 0.9, 0.8, 0.45, 0.25, 0.15])
"""Extra value of holding points 18..24 (an anchor in or next to the opponent's home)."""

_PRIME_VALUE = np.array([0.0, 0.0, 0.0, 0.3, 0.8, 1.6, 2.6])
"""Value of a prime of length 0..6 with checkers trapped behind it."""


def _shot_matrix() -> F:
    """(25, 24) matrix: log(1 - shot chance) from a shooter (bar, then points) to a blot."""
    m = np.zeros((25, 24))
    for c in range(25):  # c = 0: the bar (own index -1); c = k + 1: own index k
        for i in range(24):
            d = i - (c - 1)
            if 1 <= d <= 24 and _SHOT_ROLLS[d]:
                m[c, i] = math.log(1.0 - _SHOT_ROLLS[d] / 36.0)
    return m


def _phi(z: F) -> F:
    """The standard normal cumulative distribution, vectorised.

    Uses the Abramowitz and Stegun 7.1.26 approximation of erf (error below 2e-7).
    """
    x = np.abs(z) / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = 1.0 - poly * np.exp(-x * x)
    out: F = 0.5 * (1.0 + np.sign(z) * erf)
    return out


def _sigmoid(x: F) -> F:
    out: F = 1.0 / (1.0 + np.exp(-x))
    return out


_MOVE_POINT_VALUE = (_HOME_POINT_VALUE + _ANCHOR_VALUE) * 0.25
_BLOT_COST = (25.0 - np.arange(1, 25)) / 24.0
_PIPS = np.arange(1, 26, dtype=np.float64)
_POINT_BITS = np.arange(24, dtype=np.int64)


def _linear_weights() -> F:
    """Each slot's share of the quick score per checker: my pips against, the opponent's pips and
    checkers on the bar for (made points are scored from a bit mask)."""
    weights = np.zeros(50)
    weights[:25] = -0.012 * _PIPS
    weights[25:] = 0.012 * _PIPS
    weights[49] += 0.5
    return weights


def _bit_sums(values: F) -> tuple[F, F]:
    """For every 12-bit mask, the sum of ``values[k]`` over its bits, for the low and the high 12 bits."""
    bits = (np.arange(4096)[:, None] >> np.arange(12)) & 1
    return bits @ values[:12], bits @ values[12:24]


_LINEAR = _linear_weights()
_MADE_LOW, _MADE_HIGH = _bit_sums(np.asarray(_MOVE_POINT_VALUE, dtype=np.float64))
_COST_LOW, _COST_HIGH = _bit_sums(np.asarray(_BLOT_COST, dtype=np.float64))
_BOARD_BITS = (1 << 24) - 1


def move_scores(b: npt.NDArray[np.uint8]) -> F:
    """A quick score of results of a move, for ranking the moves of one roll.

    ``b`` holds (N, 50) boards from :func:`ai.evaluation.evaluator.boards` of positions *just
    after* a move, seen from the side that moved (not swapped). Higher is better
    for that side. Much cheaper than :meth:`HandEvaluator.evaluate` (no shot
    probabilities, no gammons): made points by their value, blots within direct
    (1-6) or indirect (7-11) range of an opposing checker weighted by what a hit
    would cost, opposing checkers sent to the bar and the pip counts. A result that
    bears off the last checker scores highest. The search uses it to pre-screen
    long move lists (see :mod:`ai.search`). Scores are rounded to nine decimals, so that
    moves worth the same compare equal however the sums were ordered (ties keep the move
    generator's order).
    """
    made = bit_masks(b[:, :24] >= 2)
    score = b @ _LINEAR + _MADE_LOW[made & 0xFFF] + _MADE_HIGH[made >> 12]
    blots = bit_masks(b[:, :24] == 1)
    # opposing checkers in my numbering, bit m + 1 for my index m, bit 0 for their bar; a blot on
    # my index i is in direct range of bits i - 5 .. i, in indirect range of bits i - 10 .. i - 6
    opp = (turned_masks(bit_masks(b[:, 25:49] > 0)) << 1) | (b[:, 49] > 0)
    near = opp | opp << 1 | opp << 2 | opp << 3 | opp << 4 | opp << 5
    far = (opp | opp << 1 | opp << 2 | opp << 3 | opp << 4) << 6
    direct = blots & near & _BOARD_BITS
    indirect = blots & far & _BOARD_BITS
    danger = _COST_LOW[direct & 0xFFF] + _COST_HIGH[direct >> 12]
    danger += 0.3 * (_COST_LOW[indirect & 0xFFF] + _COST_HIGH[indirect >> 12])
    score -= 0.9 * danger
    out: F = np.where(b[:, :25].any(axis=1), np.round(score, 9), 100.0)
    return out


class HandEvaluator(Evaluator):
    """The hand-made evaluator (see the module docstring). Stateless; safe to share."""

    name: str = "hand-made"
    """Shown to the player as the evaluator's name."""

    def __init__(self) -> None:
        self._shots = _shot_matrix()
        self._pips_weight = np.arange(1, 26, dtype=np.float64)
        self._point_value = (_HOME_POINT_VALUE + _ANCHOR_VALUE) * 0.25
        self._blot_cost = (25.0 - np.arange(1, 25)) / 24.0
        self._shots_own = self._shots[::-1].copy()  # rows: the shooter's own slots 1..24, then bar
        linear = np.zeros((25, 5))
        linear[:, 0] = np.arange(1, 26)
        linear[18:24, 1] = 1.0
        linear[24, 2] = 1.0
        linear[18:24, 3] = 1.0
        linear[24, 3] = 2.0
        linear[18:25, 4] = 1.0
        self._linear = linear
        made_linear = np.zeros((24, 2))
        made_linear[:, 0] = self._point_value
        made_linear[:6, 1] = 1.0
        self._made_linear = made_linear

    def evaluate_boards(self, b: Boards) -> Probs:
        """Five probabilities (win, win gammon, win backgammon, lose gammon, lose backgammon) for
        each (N, 50) board (:func:`ai.evaluation.evaluator.boards`), side on roll's view."""
        n = b.shape[0]
        x = b.astype(np.float64)
        # both sides at once: rows 0..n-1 are the side on roll, rows n..2n-1 the other side
        own = np.concatenate([x[:, :25], x[:, 25:]])
        pips = own @ self._pips_weight
        off = 15.0 - own.sum(axis=1)
        rolls = (pips + self._wastage(own)) / _ROLL_MEAN
        pips_me, pips_them = pips[:n], pips[n:]
        rolls_me, rolls_them = rolls[:n], rolls[n:]
        off_me, off_them = off[:n], off[n:]
        spread = _ROLL_SPREAD * np.sqrt((pips_me + pips_them) / _ROLL_MEAN + 1.0)
        race_z = (rolls_them - rolls_me + 0.5) / spread
        race = self._is_race(x[:, :25], x[:, 25:])
        probs = np.empty((n, 5))

        r = np.flatnonzero(race)
        if r.size:
            # gammon races: the winner's rolls against the loser's rolls to save the gammon
            rr = np.concatenate([r, r + n])
            save = self._save_rolls(own[rr])
            bg_save = self._bg_save_rolls(own[rr])
            k = r.size
            lead_w = -rolls_me[r] + 0.5
            lead_l = -rolls_them[r] - 0.5
            sp = spread[r]
            z = np.concatenate(
                [
                    race_z[r],
                    (save[k:] + lead_w) / sp,
                    (save[:k] + lead_l) / sp,
                    (bg_save[k:] + lead_w) / sp,
                    (bg_save[:k] + lead_l) / sp,
                ]
            )
            ph = _phi(z).reshape(5, k)
            win = ph[0]
            rg_win = np.minimum(ph[1] * (off_them[r] == 0), win)
            rg_lose = np.minimum(ph[2] * (off_me[r] == 0), 1.0 - win)
            probs[r, 0] = win
            probs[r, 1] = rg_win
            probs[r, 2] = np.minimum(ph[3], rg_win)
            probs[r, 3] = rg_lose
            probs[r, 4] = np.minimum(ph[4], rg_lose)

        c = np.flatnonzero(~race)
        if c.size:
            k = c.size
            own_c = np.concatenate([x[c, :25], x[c, 25:]])
            terms, gammon, bg_share = self._contact(own_c, k)
            score = 0.55 * race_z[c] + terms[:k] - terms[k:] + 0.15
            win = _sigmoid(score)
            g = _sigmoid(gammon)
            wg = win * g[:k] * (off_them[c] == 0)
            lg = (1.0 - win) * g[k:] * (off_me[c] == 0)
            probs[c, 0] = win
            probs[c, 1] = wg
            probs[c, 2] = wg * bg_share[:k]
            probs[c, 3] = lg
            probs[c, 4] = lg * bg_share[k:]

        np.clip(probs, 0.0, 1.0, out=probs)
        return probs

    # --- terms -------------------------------------------------------------------------

    @staticmethod
    def _is_race(me: F, them: F) -> npt.NDArray[np.bool_]:
        idx = np.arange(24)
        my_back = np.where(me[:, :24] > 0, idx, -1).max(axis=1)
        their_back = np.where(them[:, :24] > 0, idx, -1).max(axis=1)
        no_bar = (me[:, 24] == 0) & (them[:, 24] == 0)
        passed = (my_back < 23 - their_back) | (my_back < 0) | (their_back < 0)
        result: npt.NDArray[np.bool_] = no_bar & passed
        return result

    @staticmethod
    def _wastage(side: F) -> F:
        """Pips lost in the bear-off: checkers stacked deep and gaps on high points."""
        home = side[:, :6]
        deep = home[:, 0] * 1.0 + home[:, 1] * 0.6 + home[:, 2] * 0.25
        gaps = (home == 0)[:, 3:6].sum(axis=1) * 0.6
        on_board = side.sum(axis=1)
        out: F = np.where(on_board > 0, 2.0 + deep * 0.8 + gaps + 0.4 * np.maximum(on_board - 6, 0.0), 0.0)
        return out

    @staticmethod
    def _save_rolls(side: F) -> F:
        """Rolls a side needs to bear its first checker off (for saving the gammon)."""
        outside = side[:, 6:25] @ np.arange(1, 20, dtype=np.float64)  # pips to reach point 6
        home = side[:, :6]
        lowest = np.where(home > 0, np.arange(1, 7), 7).min(axis=1).astype(np.float64)
        # after the outside checkers come in they land anywhere in the home board: ~ 3 pips to go
        last = np.where(outside > 0, 3.0, np.minimum(lowest, 6.0))
        out: F = (outside + last) / _ROLL_MEAN + 0.3 * (side[:, 6:25].sum(axis=1) > 0)
        return out

    @staticmethod
    def _bg_save_rolls(side: F) -> F:
        """Rolls a side needs to get every checker out of the other side's home board."""
        pts = np.arange(1, 7, dtype=np.float64)  # own points 19..24 are 1..6 pips from leaving
        deep = side[:, 18:24] @ pts + side[:, 24] * 7.0
        out: F = np.where(deep > 0, deep / _ROLL_MEAN + 0.5, -10.0)
        return out

    def _contact(self, own: F, k: int) -> tuple[F, F, F]:
        """Contact terms for both sides of ``k`` positions at once.

        ``own`` holds 2k sides, each in its owner's numbering: rows ``0..k-1`` the
        sides on roll, rows ``k..2k-1`` the other side of the same positions, so
        the opponent of row ``i`` is row ``i ± k``. Returns, per row: the side's
        positional value, the log-odds that it wins a gammon when it wins, and the
        share of those gammons that are backgammons.
        """
        n = own.shape[0]

        def other(v: F) -> F:
            return np.concatenate([v[k:], v[:k]])

        lin = own @ self._linear  # pips, back (18..23), bar, stuck, back with bar
        pips, back, bar, stuck, back_bar = lin.T
        made = own[:, :24] >= 2
        madef = made.astype(np.float64)
        mlin = madef @ self._made_linear  # point values, home points made
        value = mlin[:, 0]
        home_made = mlin[:, 1]
        their_home_made = other(home_made)
        their_bar = other(bar)

        # blots exposed to shots: a shooter is an opposing checker below my blot (the bar lowest)
        present = (own > 0).astype(np.float64)
        hit = 1.0 - np.exp(other(present @ self._shots_own))
        blots = own[:, :24] == 1
        exposure = ((hit * blots) @ self._blot_cost) * (0.6 + 0.12 * their_home_made)
        exposure[:k] *= 0.8
        exposure[k:] *= 1.4
        value -= exposure

        # prime: the longest run of my made points (up to 6), valued by the checkers behind it
        runlen = madef.copy()
        cur = made
        for length in range(1, 6):
            cur = cur[:, :-1] & made[:, length:]
            runlen[:, : 24 - length] += cur
        best = runlen.max(axis=1).astype(np.int64)
        start = runlen.argmax(axis=1)
        # opposing checkers on my points below the prime's start: their points above 24 - start
        suffix = np.zeros((n, 25))
        np.cumsum(own[:, 23::-1], axis=1, out=suffix[:, 1:])  # suffix[:, m]: on their points > 24 - m
        partner = (np.arange(n) + k) % n
        trapped = suffix[partner, start] + their_bar
        value += _PRIME_VALUE[best] * np.minimum(trapped, 2.0) * 0.35

        # checkers back and on the bar; an opponent on the bar facing my home board
        value -= 0.04 * back
        value -= bar * (0.25 + 0.1 * their_home_made + 0.05 * their_home_made**2 / 6.0)
        value += 0.05 * their_bar * home_made

        gammon = -1.4 + 0.22 * other(back_bar) + 0.12 * home_made + 0.25 * their_bar
        gammon += (other(pips) - pips) / 40.0
        their_stuck = other(stuck)
        share = np.clip(0.02 + 0.03 * their_stuck * (1.0 + 0.3 * home_made), 0.0, 0.6) * (their_stuck > 0)
        return value, gammon, share
