"""A hand-made static evaluator: five outcome probabilities from board features.

It is the evaluator the AI falls back on when no trained network is available,
and the one the search is tested with. Everything is computed with numpy over a
whole batch of positions at once (see :func:`ai.evaluator.boards`).

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
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ai.evaluator import Probs, boards

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


class HandEvaluator:
    """The hand-made evaluator (see the module docstring). Stateless; safe to share."""

    name: str = "hand-made"
    """Shown to the player as the evaluator's name."""

    def __init__(self) -> None:
        self._shots = _shot_matrix()
        self._pips_weight = np.arange(1, 26, dtype=np.float64)

    def evaluate(self, codes: Sequence[int]) -> Probs:
        """Five probabilities (win, win gammon, win backgammon, lose gammon, lose
        backgammon) for each code, from the side on roll's point of view."""
        if len(codes) == 0:
            return np.zeros((0, 5))
        return self.evaluate_boards(boards(codes))

    def evaluate_boards(self, b: npt.NDArray[np.uint8]) -> Probs:
        """Like :meth:`evaluate` for an (N, 50) array from :func:`ai.evaluator.boards`."""
        x = b.astype(np.float64)
        me, them = x[:, :25], x[:, 25:]
        pw = self._pips_weight
        pips_me, pips_them = me @ pw, them @ pw
        off_me = 15.0 - me.sum(axis=1)
        off_them = 15.0 - them.sum(axis=1)

        race = self._is_race(me, them)
        waste_me, waste_them = self._wastage(me), self._wastage(them)
        rolls_me = (pips_me + waste_me) / _ROLL_MEAN
        rolls_them = (pips_them + waste_them) / _ROLL_MEAN
        spread = _ROLL_SPREAD * np.sqrt((pips_me + pips_them) / _ROLL_MEAN + 1.0)
        race_z = (rolls_them - rolls_me + 0.5) / spread

        # gammon races: the winner's rolls against the loser's rolls to save the gammon
        save_me = self._save_rolls(me)
        save_them = self._save_rolls(them)
        bg_save_me = self._bg_save_rolls(me)
        bg_save_them = self._bg_save_rolls(them)
        rg_win = _phi((save_them - rolls_me + 0.5) / spread) * (off_them == 0)
        rg_lose = _phi((save_me - rolls_them - 0.5) / spread) * (off_me == 0)
        rbg_win = _phi((bg_save_them - rolls_me + 0.5) / spread) * (off_them == 0)
        rbg_lose = _phi((bg_save_me - rolls_them - 0.5) / spread) * (off_me == 0)

        # contact
        f_me = self._side_terms(me, them, on_roll=True)
        f_them = self._side_terms(them, me, on_roll=False)
        score = 0.55 * race_z + f_me - f_them + 0.15
        win_contact = _sigmoid(score)
        g_me = self._gammon_logit(me, them, pips_me, pips_them)
        g_them = self._gammon_logit(them, me, pips_them, pips_me)
        wg_c = win_contact * _sigmoid(g_me) * (off_them == 0)
        lg_c = (1.0 - win_contact) * _sigmoid(g_them) * (off_me == 0)
        wbg_c = wg_c * self._bg_share(them, me)
        lbg_c = lg_c * self._bg_share(me, them)

        win_race = _phi(race_z)
        win = np.where(race, win_race, win_contact)
        wg = np.where(race, np.minimum(rg_win, win_race), wg_c)
        wbg = np.where(race, np.minimum(rbg_win, np.minimum(rg_win, win_race)), wbg_c)
        lg = np.where(race, np.minimum(rg_lose, 1.0 - win_race), lg_c)
        lbg = np.where(race, np.minimum(rbg_lose, np.minimum(rg_lose, 1.0 - win_race)), lbg_c)
        stacked = np.stack([win, wg, wbg, lg, lbg], axis=1)
        probs: Probs = np.clip(stacked, 0.0, 1.0)
        # decided games: a side with nothing left on the board has won
        done_me = off_me >= 15
        done_them = off_them >= 15
        if done_me.any() or done_them.any():
            probs[done_me] = [1.0, 0.0, 0.0, 0.0, 0.0]
            probs[done_them] = [0.0, 0.0, 0.0, 0.0, 0.0]
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

    def _side_terms(self, me: F, them: F, on_roll: bool) -> F:
        """Positional value for one side (``me``), its opponent being ``them``."""
        n = me.shape[0]
        made = me[:, :24] >= 2
        value = made.astype(np.float64) @ (_HOME_POINT_VALUE + _ANCHOR_VALUE) * 0.25

        # the opponent in my coordinates: their point j (index j-1) is my point 25 - j
        them_mine = them[:, 23::-1]
        their_bar = them[:, 24]
        their_home_made = (them[:, :6] >= 2).sum(axis=1)
        my_home_made = made[:, :6].sum(axis=1)

        # blots exposed to shots: shooters are the opponent's checkers below my blot
        shooters = np.empty((n, 25))
        shooters[:, 0] = their_bar > 0
        shooters[:, 1:] = them_mine > 0
        hit = 1.0 - np.exp(shooters @ self._shots)
        blots = me[:, :24] == 1
        cost = (25.0 - np.arange(1, 25)) / 24.0
        enter_factor = 0.6 + 0.12 * their_home_made  # a hit hurts more against a strong board
        exposure = ((hit * blots) @ cost) * enter_factor
        value -= (0.8 if on_roll else 1.4) * exposure

        # prime: the longest run of my made points, valued by the opponent's checkers behind it
        run = np.zeros(n)
        best = np.zeros(n)
        best_start = np.zeros(n, dtype=np.int64)
        for i in range(24):
            run = np.where(made[:, i], run + 1, 0)
            better = run > best
            best = np.where(better, run, best)
            best_start = np.where(better, i + 1 - run.astype(np.int64), best_start)
        behind = np.concatenate([np.zeros((n, 1)), np.cumsum(them_mine, axis=1)], axis=1)
        trapped = behind[np.arange(n), best_start] + their_bar
        value += _PRIME_VALUE[np.minimum(best, 6).astype(np.int64)] * np.minimum(trapped, 2.0) * 0.35

        # checkers back and on the bar
        back = me[:, 18:24].sum(axis=1)
        value -= 0.04 * back
        value -= me[:, 24] * (0.25 + 0.1 * their_home_made + 0.05 * their_home_made**2 / 6.0)
        # an opponent on the bar facing my home board
        value += 0.05 * their_bar * my_home_made
        result: F = value
        return result

    @staticmethod
    def _gammon_logit(me: F, them: F, pips_me: F, pips_them: F) -> F:
        """Log-odds that ``me`` wins a gammon when it wins."""
        their_back = them[:, 18:25].sum(axis=1)  # their checkers in my home board or on the bar
        my_home = (me[:, :6] >= 2).sum(axis=1)
        lead = (pips_them - pips_me) / 40.0
        out: F = -1.4 + 0.22 * their_back + 0.12 * my_home + 0.25 * them[:, 24] + lead
        return out

    @staticmethod
    def _bg_share(loser: F, winner: F) -> F:
        """The share of the winner's gammons that are backgammons."""
        stuck = loser[:, 18:24].sum(axis=1) + 2.0 * loser[:, 24]
        closed = (winner[:, :6] >= 2).sum(axis=1)
        out: F = np.clip(0.02 + 0.03 * stuck * (1.0 + 0.3 * closed), 0.0, 0.6) * (stuck > 0)
        return out
