"""The backgammon search: rank every legal move of a roll by expectiminimax.

Depth is the number of move decisions searched, with the dice between them:

* depth 1 scores each of our moves by the static evaluation of the position it
  leads to (GNU Backgammon's 0-ply);
* depth 2 adds the opponent's 21 rolls and their best reply to each (1-ply);
* depth 3 adds our next roll and reply (2-ply); depth 4 one more (3-ply).

In the recursion, ``Q(S, k)`` is the value of position ``S`` for the side on
roll, before it rolls, with ``k`` move decisions left: ``Q(S, 0)`` is the static
evaluation, and ``Q(S, k)`` is the probability-weighted average over the 21
rolls of the best result ``r`` of the roll, valued as ``W(r, k)``: exactly 1, 2
or 3 points when ``r`` bears off the last checker, else the opponent's
``Q(swap(r), k - 1)`` turned round. A root candidate at depth ``N`` is worth
``W(r, N)``. Values carry the five outcome probabilities (win, win gammon, win
backgammon, lose gammon, lose backgammon, cumulative as in gnubg) and the
cubeless equity that follows from them.

How it is made fast:

* **Batched evaluation.** The recursion runs level by level, so every position on a level is
  evaluated in large batches (:data:`ai.evaluation.batching.SEARCH`, the stop flag checked
  between them), through :mod:`ai.evaluation.values` (results bearing off the last checker
  scored exactly there).
  The last level of every iteration and every level of the deepest, most of the work, are
  generated as boards for all their positions and rolls at once (:mod:`ai.all_rolls`) and
  scored on them (:mod:`ai.leaves`), uncached; the rest of an iteration's levels go through
  the caches as plain integers (:func:`game.rules.movegen.results`).
* **Caches** keyed by position code (static values, move lists, ``Q(S, k)``) for the whole call.
* **Move filters** (forward pruning, as gnubg's; :class:`ai.filters.Filters`): at the root,
  depth ``d`` (2..4) searches only the candidates that depth ``d - 1`` ranked within ``keep``
  places and ``margin`` equity of its best; the others keep their shallower value and are listed
  after the deeper-searched ones. At inner decision nodes with two or more decisions left, only
  the ``inner`` best results of each roll by the static score are searched deeper (gnubg keeps
  one too). Below the root, a roll with more than ``prescreen`` (24) results has only the best
  24 by a quick score (:func:`ai.evaluation.hand.move_scores`) evaluated, and at the deepest
  level a roll in contact only its best ``prune`` (5) and the logarithm of their number, as
  gnubg prunes with small nets. A root filter that leaves one candidate ends the search
  (``Filters.settle``, as gnubg stops). :data:`FULL_WIDTH` turns every filter off; depths 1
  and 2 are then exact expectiminimax (the tests compare them with a textbook recursion).
* **Every core** (:mod:`ai.parallel`): with a pool, the positions below the opponent's
  replies to a root candidate are searched in slices, by helper processes too.

Deterministic: the same position, dice, depth, evaluator, filters, seed and number of
processes give the same answer (ties go by the move generator's fixed order, the noise is
seeded from ``seed`` and the position).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from ai.all_rolls import all_rolls
from ai.evaluation import batching
from ai.evaluation.evaluator import Evaluator, Probs, boards, codes, equity, flip, game_over, won_probs
from ai.evaluation.values import mover_values, on_roll_values
from ai.filters import DEFAULT_FILTERS, Filters
from ai.filters import FULL_WIDTH as FULL_WIDTH  # the search's names, as they have always been
from ai.filters import UNLIMITED as UNLIMITED
from ai.leaves import best_results, prescreen, prescreen_codes, results_boards
from ai.levels import MAX_DEPTH
from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.position import BAR, SIDE_BITS, SIDE_MASK, SLOTS, swap

Probs5 = tuple[float, float, float, float, float]
"""Five outcome probabilities: win, win gammon, win backgammon, lose gammon, lose backgammon."""

CHECK_EVERY = 63
"""Move-generation calls between two stop and deadline checks (a few milliseconds)."""

Utility = Callable[[Probs], npt.NDArray[np.float64]]
"""What a mover ranks its results by: its five probabilities (rows) to one value each."""

_ROLL_DICE = tuple((a, b) for a, b, _ in ROLLS)
_POINT_KINDS = bytes(min(n, 2) for n in range(256))
"""An opponent's point as a move sees it: empty, a blot, or blocked."""
_ROLL_WEIGHTS = np.array([p for _, _, p in ROLLS])
_NROLLS = len(ROLLS)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One legal result of the roll with its value for the side that moves."""

    code: int
    """The position after the move, seen from the mover (not swapped)."""

    equity: float
    """Cubeless equity for the mover (points per game), noise included if any was asked for."""

    probs: Probs5
    """The mover's win, win gammon, win backgammon, lose gammon, lose backgammon."""

    depth: int = 1
    """The depth this candidate was searched to (below the requested depth if a filter cut it)."""


Best = TypeVar("Best")


@dataclass(frozen=True, slots=True)
class Progress(Generic[Best]):
    """How far a search (or a review) has got: what :func:`analyse` reports, and the worker's event."""

    done: int
    """Candidate searches finished, over all depths of the iterative deepening (a review: turns)."""

    total: int
    """Candidate searches planned (it can shrink when a filter cuts candidates)."""

    best: Best | None
    """The best candidate of the deepest finished depth, if any (:class:`Candidate` from
    :func:`analyse`, a ranked move from the worker; a review has none)."""

    request_id: int = 0
    """The worker request it is about (0 from a direct call)."""


class Stopped(Exception):
    """Raised by :func:`analyse` when ``should_stop()`` returned True."""


_TOKENS = itertools.count(1)
"""Numbers the searches, for the helpers that keep a search's caches (:func:`slice_search`)."""


class _Deadline(Exception):
    """Internal: the deadline passed during an iteration."""


SLICES_PER_PROCESS = 1
"""Slices a search cuts its tree into for each process of its pool (:meth:`_Engine.split`): one
each, so no helper waits idle while the search process works through a second slice of its own."""


class Pool(Protocol):
    """Processes that search slices of positions for a search (:class:`ai.parallel.Pool`)."""

    @property
    def processes(self) -> int: ...  # the processes searching: the helpers and the search's own

    def values(
        self,
        slices: list[list[int]],
        k: int,
        final: bool,
        side: int,
        utilities: tuple[Utility, Utility] | None,
        filters: Filters,
        local: Callable[[list[int]], Probs],
        check: Callable[[], None],
        token: int,
    ) -> list[Probs]:
        """``Q(S, k)`` of each slice's positions, ``local`` searching those this process takes;
        ``token`` names the search (helpers keep its caches from one slice to the next)."""


class _Engine:
    """One analysis: the caches, the node counter and the stop checks."""

    def __init__(
        self,
        evaluator: Evaluator,
        filters: Filters,
        should_stop: Callable[[], bool] | None,
        deadline: float | None,
        utilities: tuple[Utility, Utility] | None = None,
        pool: Pool | None = None,
    ) -> None:
        self.evaluator = game_over(evaluator)
        self.filters = filters
        self.utilities = utilities
        self.pool = pool
        self.token = next(_TOKENS)
        self.should_stop = should_stop
        self.deadline = deadline
        self.static_rows: dict[int, int] = {}
        self.store = np.zeros((0, 5))  # grown on first use: a depth-1 search never stores
        self.stored = 0
        self.q_cache: dict[tuple[int, int], npt.NDArray[np.float64]] = {}
        self.gen_cache: dict[int, list[list[int]]] = {}
        self.moves: dict[object, list[list[int]]] = {}
        self.calls = 0
        self.next_check = CHECK_EVERY
        self.deadline_active = False
        self.evaluated = 0

    # --- stop checks --------------------------------------------------------------------

    def check(self) -> None:
        """Raise :class:`Stopped` or :class:`_Deadline` if asked to."""
        if self.should_stop is not None and self.should_stop():
            raise Stopped("analysis stopped")
        if self.deadline_active and self.deadline is not None and time.monotonic() > self.deadline:
            raise _Deadline

    def tick(self, n: int) -> None:
        self.calls += n
        if self.calls >= self.next_check:
            self.next_check = self.calls + CHECK_EVERY
            self.check()

    # --- building blocks ----------------------------------------------------------------

    def static(self, codes: list[int], keep: bool = True) -> Probs:
        """Static probabilities for the side on roll of each code, through the cache
        (:func:`ai.evaluation.values.on_roll_values`: a finished game exactly)."""
        rows = self.static_rows
        idx = [rows.get(c, -1) for c in codes]
        miss = [c for c, i in zip(codes, idx, strict=True) if i < 0]
        if not miss:
            return self.store[idx]
        miss = list(dict.fromkeys(miss))
        new = on_roll_values(self.evaluator, boards(miss), batching.SEARCH, self.check, distinct=True)
        self.evaluated += len(miss)
        if not keep:
            local = dict(zip(miss, range(len(miss)), strict=True))
            out = np.empty((len(codes), 5))
            hit = [i for i, j in enumerate(idx) if j >= 0]
            if hit:
                out[hit] = self.store[[idx[i] for i in hit]]
            mi = [i for i, j in enumerate(idx) if j < 0]
            out[mi] = new[[local[codes[i]] for i in mi]]
            return out
        need = self.stored + len(miss)
        if need > len(self.store):
            grown = np.zeros((max(need, 2 * len(self.store), 4096), 5))
            grown[: self.stored] = self.store[: self.stored]
            self.store = grown
        self.store[self.stored : need] = new
        for i, c in enumerate(miss, self.stored):
            rows[c] = i
        self.stored = need
        return self.store[[rows[c] for c in codes]]

    def gen(self, s: int, keep: bool) -> list[list[int]]:
        """The results of each of the 21 rolls for the side on roll of ``s``.

        A roll's moves depend on the mover's checkers and, of the opponent's, only on which
        points hold one checker (a hit) or more (a block); in a race on nothing of the
        opponent's. They are kept as changes of the code by that key and reused for every
        position of the search that has it (a tree meets the same side again and again with
        the other side changed)."""
        got = self.gen_cache.get(s)
        if got is not None:
            return got
        mover = s & SIDE_MASK
        key: object = mover
        if (mover.bit_length() - 1) // 8 + ((s >> SIDE_BITS).bit_length() - 1) // 8 > 22:  # contact
            key = (mover, (s >> SIDE_BITS).to_bytes(SLOTS, "little")[:BAR].translate(_POINT_KINDS))
        moves = self.moves.get(key)
        if moves is None:
            moves = self.moves[key] = [[r - s for r in results(s, a, b)] for a, b in _ROLL_DICE]
            self.tick(_NROLLS)
        got = [[s + m for m in ms] for ms in moves]
        if keep:
            self.gen_cache[s] = got
        return got

    def after_move(self, children: list[int], keep: bool = True) -> Probs:
        """``W(r, 1)``: each result's static value for the mover (:func:`ai.evaluation.values.mover_values`
        with the static values cached by position); exact if it wins.

        Long lists go in slices of :data:`ai.evaluation.batching.SLICE` with a stop check before
        each, so the Python work on a deep level's hundred thousand leaves never runs unchecked.
        """
        slice_ = batching.SLICE
        if len(children) <= slice_:
            return flip(self.static([swap(r) for r in children], keep))
        parts = []
        for start in range(0, len(children), slice_):
            self.check()
            parts.append(self.static([swap(r) for r in children[start : start + slice_]], keep))
        return flip(np.concatenate(parts))

    def leaf_values(self, children: list[int]) -> Probs:
        """:meth:`after_move` for a last level from codes, from boards, never cached."""
        self.evaluated += len(children)
        raw = results_boards(children, self.check)
        return mover_values(self.evaluator, raw, batching.SEARCH, self.check)

    # --- the recursion --------------------------------------------------------------------

    def pick(self, values: Probs, side: int) -> npt.NDArray[np.float64]:
        """What the mover (``side`` 0: the root's mover, 1: its opponent) chooses its results by."""
        if self.utilities is None:
            return equity(values)
        return np.asarray(self.utilities[side](values), dtype=np.float64)

    def q(self, states: list[int], k: int, final: bool, side: int = 0) -> Probs:
        """``Q(S, k)`` for each state (side on roll, before rolling); rows of five probs.

        ``final`` is True in the deepest iteration: leaf data is then not cached. ``side`` says
        who is on roll in ``states`` (0: the root's mover, 1: its opponent), for :meth:`pick`.
        """
        if k == 0:
            return self.static(states, keep=not final)
        out = np.empty((len(states), 5))
        todo: list[int] = []
        todo_rows: dict[int, list[int]] = {}
        key_k = k if self.utilities is None else k + (MAX_DEPTH + 1) * side
        for i, s in enumerate(states):
            got = self.q_cache.get((s, key_k))
            if got is not None:
                out[i] = got
            elif (rows_of := todo_rows.get(s)) is None:
                todo.append(s)
                todo_rows[s] = [i]
            else:
                rows_of.append(i)
        if not todo:
            return out
        children: list[int] | None = None
        if final or k == 1:  # from boards, never cached
            raw, lengths = all_rolls(todo, self.check)
            if k == 1:
                pick = lambda v: self.pick(v, side)  # noqa: E731
                chosen, evaluated = best_results(raw, lengths, self.evaluator, pick, self.filters, self.check)
                self.evaluated += evaluated
                return self._store(todo, todo_rows, key_k, chosen, out)
            if self.filters.prescreen < int(lengths.max()):
                kept_rows, lengths = prescreen(raw, lengths, self.filters.prescreen, self.check)
                raw = raw[kept_rows]
            w1 = mover_values(self.evaluator, raw, batching.SEARCH, self.check)
            self.evaluated += len(raw)
        else:
            keep_gen = k >= 2 or not final
            rolls = [rs for s in todo for rs in self.gen(s, keep_gen)]
            children, lengths = [r for rs in rolls for r in rs], np.array([len(rs) for rs in rolls])
            if self.filters.prescreen < int(lengths.max()):
                children, _, lengths = prescreen_codes(children, lengths, self.filters.prescreen, self.check)
            w1 = self.after_move(children, keep=keep_gen)
        nseg = len(lengths)
        seg = np.repeat(np.arange(nseg), lengths)
        order = np.lexsort((-self.pick(w1, side), seg))
        start_arr = np.cumsum(lengths) - lengths
        if k == 1:
            chosen = w1[order[start_arr]]
        else:
            inner = self.filters.inner[k - 2]
            # the kept children of each segment: the first `inner` in the sorted order
            rank = np.arange(len(w1)) - np.repeat(start_arr, lengths)
            kept = order[rank < inner]  # positions in `order` whose rank in segment < inner
            kept_seg = seg[kept]
            kept_codes = [children[i] for i in kept.tolist()] if children is not None else codes(raw[kept])
            nxt_idx = [j for j, r in enumerate(kept_codes) if r & SIDE_MASK]
            deep = w1[kept].copy()
            if nxt_idx:
                nxt = [swap(kept_codes[j]) for j in nxt_idx]
                deep[nxt_idx] = flip(self.split(nxt, k - 1, final, 1 - side))
            o2 = np.lexsort((-self.pick(deep, side), kept_seg))
            first = np.searchsorted(kept_seg[o2], np.arange(nseg))
            chosen = deep[o2[first]]
        return self._store(todo, todo_rows, key_k, chosen, out)

    def split(self, states: list[int], k: int, final: bool, side: int = 0) -> Probs:
        """``Q(S, k)`` like :meth:`q`; with a pool, the first time below the top of the tree (``k``
        of 1 or more), in :data:`SLICES_PER_PROCESS` slices a process, which the pool's helper
        processes take one at a time while this process searches the others."""
        pool = self.pool
        if pool is None or k < 1:
            return self.q(states, k, final, side)
        key_k = k if self.utilities is None else k + (MAX_DEPTH + 1) * side
        todo = [s for s in dict.fromkeys(states) if (s, key_k) not in self.q_cache]
        cuts = np.linspace(0, len(todo), min(len(todo), SLICES_PER_PROCESS * pool.processes) + 1)
        slices = [todo[a:b] for a, b in itertools.pairwise(cuts.astype(int).tolist())]
        self.pool = None  # below the split, this process searches in place

        def local(part: list[int]) -> Probs:
            return self.q(part, k, final, side)

        try:
            parts = pool.values(
                slices, k, final, side, self.utilities, self.filters, local, self.check, self.token
            )
        finally:
            self.pool = pool
        for part, values in zip(slices, parts, strict=True):
            for s, v in zip(part, values, strict=True):
                self.q_cache[(s, key_k)] = v
        return np.array([self.q_cache[(s, key_k)] for s in states])

    def _store(
        self, todo: list[int], todo_rows: dict[int, list[int]], key_k: int, chosen: Probs, out: Probs
    ) -> Probs:
        """``Q`` of the ``todo`` states from each roll's chosen value (21 rows a state): cached and
        written to their rows of ``out``."""
        values = np.tensordot(_ROLL_WEIGHTS, chosen.reshape(len(todo), _NROLLS, 5), axes=(0, 1))
        for j, s in enumerate(todo):
            v = values[j]
            self.q_cache[(s, key_k)] = v
            out[todo_rows[s]] = v
        return out

    def root_values(self, cands: list[int], depth: int, final: bool) -> Probs:
        """``W(r, depth)`` for root candidates (all at once)."""
        if depth == 1:
            return self.leaf_values(cands) if final else self.after_move(cands)
        out = np.empty((len(cands), 5))
        live = [i for i, r in enumerate(cands) if r & SIDE_MASK]
        for i, r in enumerate(cands):
            if not r & SIDE_MASK:
                out[i] = won_probs(r)
        if live:
            out[live] = flip(self.q([swap(cands[i]) for i in live], depth - 1, final, 1))
        return out


def _noise(code: int, dice: tuple[int, int], seed: int, n: int, sd: float) -> npt.NDArray[np.float64]:
    rng = np.random.default_rng([seed & 0xFFFFFFFF, dice[0], dice[1], code & ((1 << 400) - 1)])
    return rng.normal(0.0, sd, n)


def analyse(
    code: int,
    dice: tuple[int, int] | Sequence[int],
    depth: int,
    evaluator: Evaluator,
    *,
    on_progress: Callable[[Progress[Candidate]], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    deadline: float | None = None,
    noise: float = 0.0,
    seed: int = 0,
    filters: Filters = DEFAULT_FILTERS,
    utility: Utility = equity,
    reply_utility: Utility | None = None,
    pool: Pool | None = None,
) -> list[Candidate]:
    """Every distinct legal result of rolling ``dice`` in ``code``, best first.

    ``depth`` 1..4 is the number of move decisions searched (see the module
    docstring). ``should_stop()`` is polled every few hundred move generations and
    between evaluation batches; when it returns True, :class:`Stopped` is raised.
    ``deadline`` (a :func:`time.monotonic` time) makes the search return the answer
    of the deepest depth it finished (depth 1 is always finished). ``noise`` adds
    seeded Gaussian noise of that standard deviation to each candidate's equity
    (for the beginner levels); ``seed`` picks the noise. ``utility`` turns the
    mover's five probabilities into the value the root candidates are ranked and
    filtered by (default the cubeless equity; e.g. cubeful match equity from
    :func:`ai.cube.model.cubeful_equity`); it is also what :attr:`Candidate.equity` holds.
    ``reply_utility`` is the opponent's: when given, every move inside the search is
    chosen by its mover's utility (the opponent's replies by ``reply_utility``, the
    root mover's later moves by ``utility``); without it, by cubeless equity. ``pool``
    lends helper processes that search slices of the tree (:mod:`ai.parallel`; the values
    agree to float32 rounding).
    """
    try:
        d = tuple(int(x) for x in dice)
    except (TypeError, ValueError):
        raise ValueError(f"dice must be two numbers 1..6, got {dice!r}") from None
    if len(d) != 2 or not all(1 <= x <= 6 for x in d):
        raise ValueError(f"dice must be two numbers 1..6, got {dice!r}")
    if not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {depth}")
    utilities = None if reply_utility is None else (utility, reply_utility)
    engine = _Engine(evaluator, filters, should_stop, deadline, utilities, pool)
    cands = results(code, d[0], d[1])
    n = len(cands)
    planned = [n] + [min(n, filters.root[i][0]) for i in range(depth - 1)]
    done = 0

    def report(best: int) -> None:  # how far the search is, candidate ``best`` leading
        if on_progress is not None:
            on_progress(Progress(done, done + sum(planned), _candidate(cands, values, eqs, reached, best)))

    engine.check()
    values = engine.root_values(cands, 1, final=depth == 1)
    eqs = np.asarray(utility(values), dtype=np.float64)
    reached = np.ones(n, dtype=np.int64)
    done += n
    planned[0] = 0
    ranking = _rank(eqs, reached)
    report(ranking[0])
    engine.deadline_active = True
    for level in range(2, depth + 1):
        keep, margin = filters.root[level - 2]
        prev = [i for i in ranking if reached[i] == level - 1]
        best_eq = eqs[prev[0]]
        chosen = [i for i in prev[:keep] if eqs[i] >= best_eq - margin - 1e-12]
        if filters.settle and len(chosen) == 1:
            break  # one candidate left: it is the move, whatever a deeper search says of it
        planned[level - 1] = len(chosen)
        report(ranking[0])
        final = level == depth
        new_vals = np.empty((len(chosen), 5))
        try:
            engine.check()
            at_once = level <= 3  # tens of milliseconds in all: one batch, not one a candidate
            for part in [chosen] if at_once else [[i] for i in chosen]:
                new_vals[chosen.index(part[0]) :][: len(part)] = engine.root_values(
                    [cands[i] for i in part], level, final
                )
                done += len(part)
                planned[level - 1] -= len(part)
                report(ranking[0])
        except _Deadline:
            break
        values[chosen] = new_vals
        eqs[chosen] = utility(new_vals)
        reached[chosen] = level
        ranking = _rank(eqs, reached)
    if noise > 0.0:
        eqs = eqs + _noise(code, (d[0], d[1]), seed, n, noise)
        ranking = _rank(eqs, reached)
    vl, el, rl = values.tolist(), eqs.tolist(), reached.tolist()
    result = [Candidate(cands[i], el[i], (*vl[i],), rl[i]) for i in ranking]
    if on_progress is not None:
        on_progress(Progress(done, done, result[0]))
    return result


def position_values(
    codes: Sequence[int],
    decisions: int,
    evaluator: Evaluator,
    *,
    filters: Filters = DEFAULT_FILTERS,
    should_stop: Callable[[], bool] | None = None,
    pool: Pool | None = None,
    utilities: tuple[Utility, Utility] | None = None,
) -> Probs:
    """``Q(S, k)`` of each position, side on roll before rolling: rows of five probabilities.

    ``decisions`` (``k``, 0..4) is how many move decisions are searched, with a roll
    before each: 0 is the static evaluation, 1 averages the best move of every roll
    (GNU Backgammon's 1-ply value of the position), 2 adds the opponent's reply to
    each. The positions share one search's caches, so many at once cost less than one by
    one; ``pool`` lends helper processes that search some of them (:mod:`ai.parallel`).
    ``utilities``: the side on roll's and the opponent's (:func:`analyse`'s ``utility`` and
    ``reply_utility``; None: cubeless). Raises :class:`Stopped` when ``should_stop()`` does.
    """
    if not 0 <= decisions <= MAX_DEPTH:
        raise ValueError(f"decisions must be 0..{MAX_DEPTH}, got {decisions}")
    if not (states := [int(c) for c in codes]):
        return np.zeros((0, 5))
    search = _Engine(evaluator, filters, should_stop, None, utilities, pool)
    return search.split(states, decisions, final=True)


SliceValues = Callable[[list[int], int, bool, int, Callable[[], bool] | None], Probs]
"""``Q(S, k)`` of a slice: (states, k, final, side, should_stop) to rows of five."""


def slice_search(
    evaluator: Evaluator, filters: Filters, utilities: tuple[Utility, Utility] | None
) -> SliceValues:
    """A search of its own for one split search's slices (a helper's, :mod:`ai.parallel`)."""
    engine = _Engine(evaluator, filters, None, None, utilities)

    def values(
        states: list[int], k: int, final: bool, side: int, should_stop: Callable[[], bool] | None
    ) -> Probs:
        engine.should_stop = should_stop
        return engine.q(states, k, final, side)

    return values


def _rank(eqs: npt.NDArray[np.float64], reached: npt.NDArray[np.int64]) -> list[int]:
    """Indices best first: deeper-searched first, then by equity; ties in generator order."""
    order = np.lexsort((np.arange(len(eqs)), -eqs, -reached))
    return [int(i) for i in order]


def _candidate(
    cands: list[int],
    values: Probs,
    eqs: npt.NDArray[np.float64],
    reached: npt.NDArray[np.int64],
    i: int,
) -> Candidate:
    p = values[i]
    probs: Probs5 = (float(p[0]), float(p[1]), float(p[2]), float(p[3]), float(p[4]))
    return Candidate(cands[i], float(eqs[i]), probs, int(reached[i]))
