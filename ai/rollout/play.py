"""Playing a rollout's trials: every candidate's games, move by move, all in step.

A :class:`Task` names the starting positions (one per candidate, :class:`Start`), the root's
cube context and the settings. :meth:`Player.play` plays a list of trials of every start, all
games advancing a ply at a time so that each ply is one large evaluation batch, and returns
each game's value from the root's side (:class:`TrialValues`).

One ply of one game, the side on roll X:

1. The game ends here if it has reached the truncation ply, or (``bearoff_stop``) both sides are
   in the bear-off database: its value is then the evaluation of the position (exact in the
   database).
2. Cubeful: X may double (if the cube is centred or X's), the other side takes or passes
   (:func:`ai.rollout.cubeful.cube_actions`, from X's chances: the 21 rolls' average with
   variance reduction, else the evaluation). A pass ends the game.
3. X's best result of the roll, by its own value of the results: the cubeless value
   (:func:`ai.rollout.cubeful.linear_utility`), or the cubeful one at the game's cube. At depth 1
   that is the best by the evaluation; deeper, by the search (:func:`ai.search.analyse`).
4. Variance reduction: the best result of each of the 21 rolls (by the evaluation) is valued too,
   and the *luck* of the roll, its value less the 21 rolls' average, is added up; a game's value
   is its outcome less its luck. The average of the luck over the dice is exactly 0, so this
   changes no expectation, and it takes most of the dice's noise out of each game (GNU
   Backgammon's and eXtreme Gammon's method). Cubeless, the luck is kept for each of the five
   probabilities; cubeful, for the cubeful value as well.

Positions seen at the first plies repeat across trials (the stratified dice make them), so their
rolls' results and choices are kept for the whole rollout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ai.cube.model import CubeContext, cube_efficiency, move_utility
from ai.evaluation import batching
from ai.evaluation.evaluator import Evaluator, boards, flip, game_over, won_probs
from ai.evaluation.hand import move_scores
from ai.evaluation.values import mover_values, on_roll_values
from ai.rollout.cubeful import Payoffs, cube_actions, cubeful_raw, linear_utility, pay
from ai.rollout.dice import TrialDice
from ai.rollout.settings import RolloutSettings
from ai.search import Stopped, analyse
from game.rules.cube import MAX_CUBE
from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.outcome import win_kind
from game.rules.position import OUTSIDE_HOME_MASK, SIDE_BITS, SIDE_MASK, swap

F = npt.NDArray[np.float64]

ROLL_DICE = tuple((a, b) for a, b, _ in ROLLS)
ROLL_WEIGHTS = np.array([p for _, _, p in ROLLS])

PRESCREEN = 24
"""A roll with more results than this has only the best this many by the quick score evaluated
(the search's own pre-screen, :attr:`ai.search.Filters.prescreen`)."""

KEEP_PLIES = 2
"""Positions of plies up to this one keep their rolls' results and choices for the whole rollout
(they repeat across trials; later ones rarely do)."""


@dataclass(frozen=True, slots=True)
class Start:
    """Where one candidate's games start: a position with its side on roll, before its roll."""

    code: int
    """The position, side on roll's view."""

    root_on_roll: bool
    """The side on roll is the root (whose value is reported)."""

    cube_value: int = 1
    """The cube (cubeful rollouts)."""

    cube_owner: int | None = None
    """0: the root owns the cube, 1: its opponent, None: centred."""

    cube_first: bool = True
    """The side on roll may double before its first roll (False: the candidate is its cube action)."""


@dataclass(frozen=True, slots=True)
class Task:
    """What every job of one rollout plays."""

    starts: tuple[Start, ...]
    """One start per candidate played."""

    root: CubeContext
    """The root's context (money or the score; the cube of the decision)."""

    settings: RolloutSettings
    """Trials, truncation, variance reduction, depth, seed."""


@dataclass(frozen=True, slots=True)
class TrialValues:
    """The values of some trials of every start, from the root's side."""

    trials: npt.NDArray[np.int64]
    """The trial numbers, (T,)."""

    probs: F
    """(T, C, 5): each game's probabilities (its outcome less its luck)."""

    equity: F
    """(T, C): each game's equity (cubeless or cubeful, normalised)."""


@dataclass(frozen=True, slots=True)
class PlyDone:
    """Where the games of one :meth:`Player.play` stand after a ply, while they are played."""

    ply: int
    """Plies played."""

    over: int
    """Games ended so far (of every start)."""

    games: int
    """Games played in all: trials times starts."""


def _to_root(p: F, flipped: npt.NDArray[np.bool_]) -> F:
    """Rows of probabilities of the side on roll turned into the root's where ``flipped``."""
    out = p.copy()
    if flipped.any():
        out[flipped] = flip(p[flipped])
    return out


def _luck_to_root(d: F, flipped: npt.NDArray[np.bool_]) -> F:
    """Differences of probabilities seen from the other side where ``flipped``."""
    out = d.copy()
    if flipped.any():
        f = d[flipped]
        out[flipped] = np.stack([-f[:, 0], f[:, 3], f[:, 4], f[:, 1], f[:, 2]], axis=1)
    return out


class _Expansion:
    """A position's results for each of the 21 rolls (or one roll) and their values."""

    __slots__ = ("children", "first", "per_roll", "rows", "seg", "x")

    def __init__(self, code: int, per_roll: list[list[int]]) -> None:
        self.per_roll = per_roll
        self.children: list[int] = []
        self.seg = self.first = np.zeros(0, dtype=np.int64)
        self.rows: F = np.empty((0, 5))
        self.x = cube_efficiency(code)

    def settle(self) -> None:
        """Lay the (pre-screened) results of the rolls out in one list."""
        per_roll = self.per_roll
        self.children = [c for rs in per_roll for c in rs]
        lengths = np.array([len(rs) for rs in per_roll])
        self.seg = np.repeat(np.arange(len(per_roll)), lengths)
        self.first = np.concatenate([[0], np.cumsum(lengths)[:-1]])


def _prescreen(expansions: list[_Expansion]) -> None:
    """Cut every roll with more than :data:`PRESCREEN` results to the best by the quick score
    (:func:`ai.evaluation.hand.move_scores`), all in one batch, as the search does below its root."""
    long = [(e, r) for e in expansions for r, rs in enumerate(e.per_roll) if len(rs) > PRESCREEN]
    if long:
        codes = [c for e, r in long for c in e.per_roll[r]]
        chunk = batching.ROLLOUT.chunk or len(codes)
        scores = np.concatenate(
            [move_scores(boards(codes[i : i + chunk])) for i in range(0, len(codes), chunk)]
        )
        at = 0
        for e, r in long:
            rs = e.per_roll[r]
            part = scores[at : at + len(rs)]
            keep = np.sort(np.argsort(-part, kind="stable")[:PRESCREEN])
            e.per_roll[r] = [rs[i] for i in keep.tolist()]
            at += len(rs)
    for e in expansions:
        e.settle()


class _Choice:
    """The side on roll's best result of each roll of an expansion, at one cube, and its values."""

    __slots__ = ("children", "eq", "eq_mean", "mean", "rows")

    def __init__(self, exp: _Expansion, best: npt.NDArray[np.int64], eq: F | None) -> None:
        self.children = [exp.children[i] for i in best.tolist()]
        self.rows = exp.rows[best]
        weights = ROLL_WEIGHTS if len(best) == len(ROLLS) else np.ones(1)
        self.mean = weights @ self.rows
        self.eq = eq
        self.eq_mean = 0.0 if eq is None else float(weights @ eq)


_GameKey = tuple[int, bool, int, int | None]
"""A game's state for its choice: position, side on roll is the root, cube value, cube owner."""


class _Games:
    """The games of one :meth:`Player.play`, all in step: their state and their values so far."""

    def __init__(self, starts: Sequence[Start], trials: Sequence[int], settings: RolloutSettings) -> None:
        pairs = [(t, st) for t in trials for st in starts]
        self.code = [st.code for _, st in pairs]
        """Each game's position, side on roll's view."""
        self.side = np.array([st.root_on_roll for _, st in pairs], dtype=bool)
        """The side on roll is the root."""
        self.value = [st.cube_value for _, st in pairs]
        self.owner: list[int | None] = [st.cube_owner for _, st in pairs]
        self.cube_first = [st.cube_first for _, st in pairs]
        self.dice = [TrialDice(settings.seed, t, settings.quasi_random) for t, _ in pairs]
        n = len(pairs)
        self.out_p = np.zeros((n, 5))
        """Each game's outcome (root's probabilities)."""
        self.out_e = np.zeros(n)
        """Each game's cubeful outcome (root-normalised), cubeful rollouts."""
        self.luck_p = np.zeros((n, 5))
        self.luck_e = np.zeros(n)

    def key(self, g: int) -> _GameKey:
        return (self.code[g], bool(self.side[g]), self.value[g], self.owner[g])

    def may_double(self, g: int, ply: int) -> bool:
        """The side on roll of game ``g`` holds the cube or it is centred (the rules' other limits
        are the context's)."""
        theirs = 1 if self.side[g] else 0
        return bool(ply or self.cube_first[g]) and self.value[g] < MAX_CUBE and self.owner[g] != theirs


class Player:
    """Plays one task's trials with one evaluator (one per process)."""

    def __init__(self, task: Task, evaluator: Evaluator) -> None:
        self.task = task
        self.settings = task.settings
        self.evaluator = game_over(evaluator)
        self.pay = Payoffs(task.root)
        self.coef = {side: np.array(linear_utility(self.pay.side_context(side))[0]) for side in (True, False)}
        self.bearoff_stop = self.settings.bearoff_stop and evaluator.exact_bearoff
        """Games end once both sides are home, where the evaluator is exact."""
        self.expansions: dict[tuple[int, int], _Expansion] = {}
        self.choices: dict[tuple[_GameKey, int], _Choice] = {}

    # --- the building blocks -------------------------------------------------------------

    def _expand(self, wanted: list[tuple[int, int]], keep: bool) -> dict[tuple[int, int], _Expansion]:
        """Expansions of (code, roll) pairs (roll -1: all 21 rolls), evaluated in one batch."""
        got: dict[tuple[int, int], _Expansion] = {}
        new: list[tuple[tuple[int, int], _Expansion]] = []
        for key in dict.fromkeys(wanted):
            exp = self.expansions.get(key)
            if exp is None:
                code, roll = key
                rolls = ROLL_DICE if roll < 0 else (ROLL_DICE[roll],)
                exp = _Expansion(code, [results(code, a, b) for a, b in rolls])
                new.append((key, exp))
            got[key] = exp
        if new:
            _prescreen([e for _, e in new])
            children = [c for _, e in new for c in e.children]
            rows = mover_values(self.evaluator, boards(children), batching.ROLLOUT)
            at = 0
            for key, exp in new:
                exp.rows = rows[at : at + len(exp.children)]
                at += len(exp.children)
                if keep:
                    self.expansions[key] = exp
        return got

    def _choose(
        self, wanted: dict[tuple[_GameKey, int], _Expansion], keep: bool
    ) -> dict[tuple[_GameKey, int], _Choice]:
        """The choices of (game state, roll) pairs: each roll's best result by the mover's value."""
        got: dict[tuple[_GameKey, int], _Choice] = {}
        todo: dict[tuple[bool, int, int | None], list[tuple[tuple[_GameKey, int], _Expansion]]] = {}
        for key, exp in wanted.items():
            ch = self.choices.get(key)
            if ch is not None:
                got[key] = ch
                continue
            _, side, value, owner = key[0]
            group = (side, value, owner) if self.settings.cubeful else (side, 0, None)
            todo.setdefault(group, []).append((key, exp))
        for (side, value, owner), items in todo.items():
            rows = np.concatenate([e.rows for _, e in items])
            if self.settings.cubeful:
                ctx = self.pay.context(value, owner, side)
                x = np.concatenate([np.full(len(e.children), e.x) for _, e in items])
                vals = cubeful_raw(ctx, rows, x)
            else:
                vals = rows @ self.coef[side]
            seg = np.concatenate([e.seg + 21 * i for i, (_, e) in enumerate(items)])
            order = np.lexsort((-vals, seg))
            at = 0
            for key, exp in items:
                best = order[exp.first + at] - at
                eq = None
                if self.settings.cubeful:
                    eq = self.pay.norm(self.pay.to_root(vals[best + at], side))
                ch = _Choice(exp, best, eq)
                got[key] = ch
                if keep:
                    self.choices[key] = ch
                at += len(exp.children)
        return got

    def _static(self, codes: list[int]) -> F:
        return on_roll_values(self.evaluator, boards(codes), batching.WHOLE)

    def _in_database(self, code: int) -> bool:
        return not (code & OUTSIDE_HOME_MASK) and not ((code >> SIDE_BITS) & OUTSIDE_HOME_MASK)

    # --- the games -------------------------------------------------------------------------

    def play(
        self,
        trials: Sequence[int],
        should_stop: Callable[[], bool] | None = None,
        on_ply: Callable[[PlyDone], None] | None = None,
    ) -> TrialValues:
        """Play ``trials`` of every start; raises :class:`ai.search.Stopped` if ``should_stop()``.
        ``on_ply`` hears where the games stand after each ply (a round played to the end takes many)."""
        s = self.settings
        games = _Games(self.task.starts, trials, s)
        active = list(range(len(games.code)))
        ply = 0
        while active:
            if should_stop is not None and should_stop():
                raise Stopped("rollout stopped")
            active = self._ply(games, active, ply)
            ply += 1
            if on_ply is not None and active:
                on_ply(PlyDone(ply, len(games.code) - len(active), len(games.code)))
        probs = games.out_p - games.luck_p
        equity = games.out_e - games.luck_e if s.cubeful else self.pay.cubeless(probs)
        nt, nc = len(trials), len(self.task.starts)
        return TrialValues(
            np.asarray(trials, dtype=np.int64), probs.reshape(nt, nc, 5), equity.reshape(nt, nc)
        )

    def _ply(self, games: _Games, active: list[int], ply: int) -> list[int]:
        """One ply of the ``active`` games; returns those still going."""
        s = self.settings
        # 1. the games that end here, at the truncation or in the bear-off database
        if s.truncate and ply >= s.truncate:
            self._end(games, active)
            return []
        if self.bearoff_stop:
            ending = [g for g in active if self._in_database(games.code[g])]
            if ending:
                self._end(games, ending)
                gone = set(ending)
                active = [g for g in active if g not in gone]
        if not active:
            return []
        keep = ply <= KEEP_PLIES
        rolls = {g: games.dice[g].roll(ply) for g in active}
        exp_key = {g: (games.code[g], -1 if s.variance_reduction else rolls[g]) for g in active}
        exps = self._expand(list(exp_key.values()), keep)
        # 2. the cube
        if s.cubeful:
            deciding = [g for g in active if games.may_double(g, ply)]
            if deciding:
                passed = self._cube(games, deciding, exp_key, exps, keep)
                active = [g for g in active if g not in passed]
        # 3. the moves, and the luck of the rolls
        keys = {g: (games.key(g), exp_key[g][1]) for g in active}
        chosen = self._choose({keys[g]: exps[exp_key[g]] for g in active}, keep)
        return self._move(games, active, rolls, [chosen[keys[g]] for g in active])

    def _move(
        self, games: _Games, active: list[int], rolls: dict[int, int], chosen: list[_Choice]
    ) -> list[int]:
        """Each active game's move and the luck of its roll; returns the games still going."""
        vr = self.settings.variance_reduction
        going: list[int] = []
        won: list[tuple[int, int]] = []
        for g, ch in zip(active, chosen, strict=True):
            j = rolls[g] if vr else 0
            child = ch.children[j] if self.settings.depth <= 1 else self._searched(games, g, rolls[g])
            if not child & SIDE_MASK:
                won.append((g, child))
            else:
                games.code[g] = swap(child)
                going.append(g)
        if vr and active:  # none is left where every game of the batch passed a double at this ply
            idx = np.array(active, dtype=np.intp)
            diffs = np.array([ch.rows[rolls[g]] - ch.mean for g, ch in zip(active, chosen, strict=True)])
            games.luck_p[idx] += _luck_to_root(diffs, ~games.side[idx])
            if self.settings.cubeful:
                games.luck_e[idx] += [
                    float(ch.eq[rolls[g]]) - ch.eq_mean  # type: ignore[index]
                    for g, ch in zip(active, chosen, strict=True)
                ]
        if won:
            self._won(games, won)
        games.side[going] = ~games.side[going]
        return going

    def _end(self, games: _Games, ending: list[int]) -> None:
        """Games that stop here: valued by the evaluation of the position (side on roll)."""
        codes = [games.code[g] for g in ending]
        probs = self._static(codes)
        idx = np.array(ending, dtype=np.intp)
        games.out_p[idx] = _to_root(probs, ~games.side[idx])
        if not self.settings.cubeful:
            return
        groups: dict[tuple[int, int | None, bool], list[int]] = {}
        for i, g in enumerate(ending):
            groups.setdefault((games.value[g], games.owner[g], bool(games.side[g])), []).append(i)
        for (value, owner, side), rows in groups.items():
            ctx = self.pay.context(value, owner, side)
            x = np.array([cube_efficiency(codes[i]) for i in rows])
            raw = cubeful_raw(ctx, probs[rows], x)
            games.out_e[idx[rows]] = self.pay.norm(self.pay.to_root(raw, side))

    def _won(self, games: _Games, won: list[tuple[int, int]]) -> None:
        """Games the side on roll has just won by bearing off its last checker."""
        idx = np.array([g for g, _ in won], dtype=np.intp)
        games.out_p[idx] = _to_root(np.array([won_probs(c) for _, c in won]), ~games.side[idx])
        if not self.settings.cubeful:
            return
        for g, child in won:
            on_roll = bool(games.side[g])
            ctx = self.pay.context(games.value[g], games.owner[g], on_roll)
            kind = win_kind(child)
            points = 1 if kind is None or (ctx.jacoby and games.owner[g] is None) else kind.value
            raw = self.pay.to_root(np.array([pay(ctx, points * games.value[g], 0)]), on_roll)
            games.out_e[g] = float(self.pay.norm(raw)[0])

    def _cube(
        self,
        games: _Games,
        deciding: list[int],
        exp_key: dict[int, tuple[int, int]],
        exps: dict[tuple[int, int], _Expansion],
        keep: bool,
    ) -> set[int]:
        """The cube actions of the side on roll of ``deciding``: returns the games a pass ended."""
        if self.settings.variance_reduction:
            keys = [(games.key(g), exp_key[g][1]) for g in deciding]
            chosen = self._choose({k: exps[exp_key[g]] for k, g in zip(keys, deciding, strict=True)}, keep)
            probs = np.array([chosen[k].mean for k in keys])
        else:
            probs = self._static([games.code[g] for g in deciding])
        groups: dict[tuple[int, int | None, bool], list[int]] = {}
        for i, g in enumerate(deciding):
            groups.setdefault((games.value[g], games.owner[g], bool(games.side[g])), []).append(i)
        passed: set[int] = set()
        for (v, o, on_roll), rows in groups.items():
            ctx = self.pay.context(v, o, on_roll)
            x = np.array([cube_efficiency(games.code[deciding[i]]) for i in rows])
            double, take = cube_actions(ctx, probs[rows], x)
            for i, d, t in zip(rows, double.tolist(), take.tolist(), strict=True):
                if not d:
                    continue
                g = deciding[i]
                if t:
                    games.value[g] = 2 * v
                    games.owner[g] = 1 if on_roll else 0  # the taker owns it
                    continue
                passed.add(g)
                games.out_p[g] = _to_root(probs[i : i + 1], ~games.side[[g]])[0]
                raw = self.pay.to_root(np.array([pay(ctx, v, 0)]), on_roll)
                games.out_e[g] = float(self.pay.norm(raw)[0])
        return passed

    def _searched(self, games: _Games, g: int, roll: int) -> int:
        """The result the search at the rollout's depth chooses (depth 2 and deeper)."""
        code, on_roll = games.code[g], bool(games.side[g])
        if self.settings.cubeful:
            ctx = self.pay.context(games.value[g], games.owner[g], on_roll)
            utility, reply = move_utility(ctx, code), move_utility(ctx.flipped(), code)
        else:
            mine, theirs = self.coef[on_roll], self.coef[not on_roll]

            def utility(p: F) -> F:
                return np.asarray(np.asarray(p) @ mine, dtype=np.float64)

            def reply(p: F) -> F:
                return np.asarray(np.asarray(p) @ theirs, dtype=np.float64)

        found = analyse(
            code, ROLL_DICE[roll], self.settings.depth, self.evaluator, utility=utility, reply_utility=reply
        )
        return found[0].code
