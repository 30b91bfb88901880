"""Every roll's results of many positions at once, as numpy boards: the search's deepest level.

:func:`all_rolls` gives what :func:`game.rules.movegen.results` gives for each position and each
of the 21 rolls, as one (N, 50) board array (:func:`ai.evaluation.evaluator.boards`' layout)
with the number of results of each (position, roll), position by position, the rolls in
:data:`game.rules.dice.ROLLS` order. The sets are the same (``tests/test_all_rolls.py``
compares them on positions from play and on the movegen tests' edge cases); the order
within a roll may differ.

Every case is worked out for all positions and rolls together with array operations:

* two different dice, nothing on the bar and two or more checkers outside the home board
  (nothing can bear off this turn): each die's single steps, every pair of steps of two
  checkers (or two from one point holding two), and one checker moving on with the second
  die, both ways round; a pair whose second step starts where the first ended is that
  checker moving on, and one checker moving on reaches the same position both ways round
  unless it passes a blot, so those are counted once. With no way to play both dice, the
  larger die's steps, else the smaller's, else the position stays;
* two different dice with checkers on the bar: one there enters with either die and the other
  die steps (entering and moving on counted once, as above); two or more enter with both;
* doubles, four or more checkers outside home or some on the bar (which enter first; the
  entered checkers are outside home, so nothing bears off): up to four hops of the die, taken
  from points in descending order (a hop never starts above the previous one's start), so that
  each playable set of hops is found once, and different sets give different positions; the
  most hops that can be played count;
* the rest (bearing off, or about to): two different dice step by step in both orders under
  all the rules, the same position reached twice counted once; doubles hop by hop in
  descending order as above, under all the rules.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ai.evaluation.batching import BLOCK
from ai.evaluation.distinct_rows import distinct_rows
from ai.evaluation.evaluator import boards
from game.rules.dice import ROLLS

Boards = npt.NDArray[np.uint8]
Lengths = npt.NDArray[np.int64]
_I = npt.NDArray[np.int64]
_B = npt.NDArray[np.bool_]

NROLLS = len(ROLLS)
_PAIR = [(r, a, b) for r, (a, b, _) in enumerate(ROLLS) if a != b]
_PAIR_ROLL = np.array([r for r, _, _ in _PAIR])
_PAIR_LOW = np.array([a for _, a, _ in _PAIR])
_PAIR_HIGH = np.array([b for _, _, b in _PAIR])
_DOUBLE = [(r, a) for r, (a, b, _) in enumerate(ROLLS) if a == b]
_DOUBLE_ROLL = np.array([r for r, _ in _DOUBLE])
_DOUBLE_DIE = np.array([d for _, d in _DOUBLE])
_POINTS = np.arange(24)
_SLOTS = np.arange(25)
_OPP_BAR = 49


def _none() -> None:
    return None


def all_rolls(codes: list[int], check: Callable[[], None] = _none) -> tuple[Boards, Lengths]:
    """The results of each of the 21 rolls for the side on roll of each code (mover still on
    roll, as :func:`game.rules.movegen.results`): boards, and the number of results of each
    (code, roll) in code-major order. ``check`` is called between the stages (to stop).

    Positions that move alike (:func:`_move_keys`) are worked out once: the others' results are
    the first one's, shifted by the difference of the boards."""
    if len(codes) > BLOCK:
        parts = [all_rolls(codes[at : at + BLOCK], check) for at in range(0, len(codes), BLOCK)]
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    b = boards(codes)
    _, first, which = np.unique(_move_keys(b), return_index=True, return_inverse=True)
    if len(first) == len(b):
        return _all_rolls(b, check)
    raw, lengths = _all_rolls(b[first], check)
    per_rep = lengths.reshape(len(first), NROLLS)
    rep_counts = per_rep.sum(axis=1)
    counts = rep_counts[which]
    starts = (np.cumsum(rep_counts) - rep_counts)[which]
    rows = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
    shift = (b.astype(np.int16) - b[first][which]).astype(np.uint8)  # wraps: the sum is exact
    out: Boards = raw[rows] + np.repeat(shift, counts, axis=0)
    return out, per_rep[which].ravel()


def _move_keys(b: Boards) -> npt.NDArray[np.void]:
    """One key a board: equal keys, equal moves. A roll's moves depend on the mover's checkers and,
    of the opponent's, only on which points hold one (a blot to hit) or more (a block); in a race
    on nothing of the opponent's."""
    mover = b[:, :25]
    opp_points = np.minimum(b[:, 25:49], 2)
    top_mover = 24 - np.argmax(mover[:, ::-1] > 0, axis=1)
    top_opp = 24 - np.argmax(b[:, 49:24:-1] > 0, axis=1)
    race = top_mover + top_opp <= 22
    opp_points[race] = 3  # nothing of the opponent's counts (3 is no real kind)
    keys = np.ascontiguousarray(np.concatenate([mover, opp_points], axis=1))
    return keys.view(np.dtype((np.void, keys.shape[1]))).ravel()


def _all_rolls(b: Boards, check: Callable[[], None]) -> tuple[Boards, Lengths]:
    """:func:`all_rolls` of distinct boards."""
    n = len(b)
    mine = b[:, :24]
    opp = b[:, 48:24:-1]  # the opponent's checkers on my index t (its byte 48 - t)
    bar = b[:, 24]
    outside = b[:, 6:25].sum(axis=1)
    out_boards: list[Boards] = []
    out_items: list[_I] = []
    pair_fast = (bar == 0) & (outside >= 2)
    double_fast = (bar > 0) | (outside >= 4)
    states = np.flatnonzero(pair_fast)
    if states.size:
        _pairs(b, mine, opp, states, out_boards, out_items)
        check()
    states = np.flatnonzero(bar > 0)
    if states.size:
        _pairs_entering(b, opp, states, out_boards, out_items)
        check()
    states = np.flatnonzero(double_fast)
    if states.size:
        _doubles(b, opp, states, out_boards, out_items)
        check()
    slow_pairs = np.flatnonzero(~pair_fast & (bar == 0))
    if slow_pairs.size:
        _pairs_general(b, slow_pairs, out_boards, out_items)
    slow_doubles = np.flatnonzero(~double_fast)
    if slow_doubles.size:
        _doubles_general(b, slow_doubles, out_boards, out_items)
    items = np.concatenate(out_items)
    order = np.argsort(items, kind="stable")
    raw = np.concatenate(out_boards)[order]
    return raw, np.bincount(items, minlength=n * NROLLS)


def _steps(mine: Boards, open_: _B, die: _I) -> _B:
    """(items, 24): a checker of the item's board on index i can step ``die`` (no bearing off)."""
    to = _POINTS[None, :] - die[:, None]
    inside = to >= 0
    landing = np.take_along_axis(open_, np.where(inside, to, 0), axis=1)
    ok: _B = inside & (mine > 0) & landing
    return ok


def _move(new: Boards, src: _I, dst: _I, opp_before: Boards | None = None) -> None:
    """One checker of each row of ``new`` (a fresh, C-ordered array) from ``src[row]`` to
    ``dst[row]`` (my indices), hitting a blot there: ``opp_before`` is the opponent's count on
    ``dst`` before the step (None: as ``new`` holds it). Works on flat indices (one index array,
    not two: half the time)."""
    flat = new.reshape(-1)
    at = np.arange(0, flat.size, new.shape[1])
    if opp_before is None:
        opp_before = flat[at + (48 - dst)]
    flat[at + src] -= 1
    flat[at + dst] += 1
    hit = opp_before == 1
    if hit.any():
        ah = at[hit]
        flat[ah + (48 - dst[hit])] -= 1
        flat[ah + _OPP_BAR] += 1


def _pair_items(states: _I) -> tuple[_I, _I, _I, _I]:
    """One item a state and roll of two different dice: its state, its number among all (state,
    roll) items, its low die and its high die."""
    n = len(states)
    item_state = np.repeat(states, len(_PAIR))
    return (
        item_state,
        item_state * NROLLS + np.tile(_PAIR_ROLL, n),
        np.tile(_PAIR_LOW, n),
        np.tile(_PAIR_HIGH, n),
    )


def _double_items(states: _I) -> tuple[_I, _I, _I]:
    """One item a state and double: its state, its number among all (state, roll) items, its die."""
    item_state = np.repeat(states, len(_DOUBLE))
    return (
        item_state,
        item_state * NROLLS + np.tile(_DOUBLE_ROLL, len(states)),
        np.tile(_DOUBLE_DIE, len(states)),
    )


def _pairs(
    b: Boards,
    mine: Boards,
    opp: Boards,
    states: _I,
    out_boards: list[Boards],
    out_items: list[_I],
) -> None:
    """Two different dice for ``states`` (nothing on the bar, nothing can bear off)."""
    item_state, item_id, d1, d2 = _pair_items(states)
    m = mine[item_state]
    o = opp[item_state]
    open_ = o < 2
    can1 = _steps(m, open_, d1)
    can2 = _steps(m, open_, d2)
    made: list[tuple[_I, Boards]] = []
    # two steps of different checkers (or two from one point holding two)
    e1_item, e1_src = np.nonzero(can1)
    e2_src = np.nonzero(can2)[1]
    n2 = can2.sum(axis=1)
    start2 = np.cumsum(n2) - n2
    rep = n2[e1_item]
    first = np.repeat(np.arange(len(e1_item)), rep)
    offset = np.arange(len(first)) - np.repeat(np.cumsum(rep) - rep, rep)
    it = e1_item[first]
    i = e1_src[first]
    j = e2_src[start2[it] + offset]
    t = i - d1[it]
    u = j - d2[it]
    keep = ((i != j) | (m[it, i] >= 2)) & (j != t) & (u != i)  # moving on: the chains below
    it, i, j, t, u = it[keep], i[keep], j[keep], t[keep], u[keep]
    if it.size:
        new = b[item_state[it]]
        _move(new, i, t, o[it, t])
        _move(new, j, u, np.where(u == t, 0, o[it, u]))
        made.append((it, new))
    # one checker moving on: with the low die first (via t), then the high die first (via u)
    for can, die, other in ((can1, d1, d2), (can2, d2, d1)):
        c_item, c_src = np.nonzero(can)
        mid = c_src - die[c_item]
        end = mid - other[c_item]
        ok = end >= 0
        ok[ok] = open_[c_item[ok], end[ok]]
        c_item, c_src, mid, end = c_item[ok], c_src[ok], mid[ok], end[ok]
        if die is d2:  # the same as via the low die's point unless one of the two passes a blot
            low_mid = c_src - d1[c_item]
            via_low = can1[c_item, c_src] & (o[c_item, low_mid] != 1) & (o[c_item, mid] != 1)
            c_item, c_src, mid, end = c_item[~via_low], c_src[~via_low], mid[~via_low], end[~via_low]
        if c_item.size:
            new = b[item_state[c_item]]
            _move(new, c_src, mid, o[c_item, mid])
            _move(new, mid, end, o[c_item, end])
            made.append((c_item, new))
    count = np.zeros(len(item_state), dtype=np.int64)
    for it, _ in made:
        count += np.bincount(it, minlength=len(item_state))
    for it, new in made:
        out_items.append(item_id[it])
        out_boards.append(new)
    # no way to play both dice: the larger die alone if it can move, else the smaller, else pass
    none = count == 0
    if none.any():
        high_ok = none & can2.any(axis=1)
        low_ok = none & ~high_ok & can1.any(axis=1)
        for which, can, die in ((high_ok, can2, d2), (low_ok, can1, d1)):
            s_item, s_src = np.nonzero(can & which[:, None])
            if s_item.size:
                new = b[item_state[s_item]]
                dst = s_src - die[s_item]
                _move(new, s_src, dst, o[s_item, dst])
                out_items.append(item_id[s_item])
                out_boards.append(new)
        stuck = np.flatnonzero(none & ~high_ok & ~low_ok)
        if stuck.size:
            out_items.append(item_id[stuck])
            out_boards.append(b[item_state[stuck]])


def _pairs_entering(
    b: Boards,
    opp: Boards,
    states: _I,
    out_boards: list[Boards],
    out_items: list[_I],
) -> None:
    """Two different dice for ``states`` with checkers on the bar. One there: enter with one die
    and step with the other (low die first, then high die first, each second step by its point in
    order, as the general search finds them); entering and moving on is one result both ways
    round unless the entry point of one way holds a blot. Two or more: enter with both dice.
    Nothing can bear off: the entered checker is outside the home board. With no way to play
    both dice, enter with the larger die if it can, else the smaller, else the position stays."""
    item_state, item_id, low, high = _pair_items(states)
    start = b[item_state]
    o = opp[item_state]
    rows = np.arange(len(item_state))
    into_low, into_high = 24 - low, 24 - high  # the entry points, my indices
    open_low = o[rows, into_low] < 2
    open_high = o[rows, into_high] < 2
    blot_low = o[rows, into_low] == 1
    blot_high = o[rows, into_high] == 1
    one = start[:, 24] == 1
    made: list[tuple[_I, Boards]] = []
    for first, second, into, open_first in (
        (low, high, into_low, open_low),
        (high, low, into_high, open_high),
    ):
        it = np.flatnonzero(one & open_first)
        entered = start[it]
        _move(entered, np.full(len(it), 24), into[it], o[it, into[it]])
        k, src = np.nonzero(_steps(entered[:, :24], o[it] < 2, second[it]))
        it = it[k]
        if first is high:  # entering and moving on, as the low die first found it
            again = (src == into_high[it]) & open_low[it] & ~blot_low[it] & ~blot_high[it]
            k, src, it = k[~again], src[~again], it[~again]
        if it.size:
            new = entered[k]
            dst = src - second[it]
            _move(new, src, dst)
            made.append((it, new))
    both = np.zeros(len(item_state), dtype=bool)
    for it, new in made:
        both[it] = True
        out_items.append(item_id[it])
        out_boards.append(new)
    # two or more on the bar: both dice enter; else (one die only) the larger if it can
    many = ~one & open_low & open_high
    it = np.flatnonzero(many)
    if it.size:
        new = start[it]
        _move(new, np.full(len(it), 24), into_low[it], o[it, into_low[it]])
        _move(new, np.full(len(it), 24), into_high[it], o[it, into_high[it]])
        out_items.append(item_id[it])
        out_boards.append(new)
    none = ~both & ~many
    for which, into in ((none & open_high, into_high), (none & ~open_high & open_low, into_low)):
        it = np.flatnonzero(which)
        if it.size:
            new = start[it]
            _move(new, np.full(len(it), 24), into[it], o[it, into[it]])
            out_items.append(item_id[it])
            out_boards.append(new)
    stuck = np.flatnonzero(none & ~open_high & ~open_low)
    if stuck.size:
        out_items.append(item_id[stuck])
        out_boards.append(start[stuck])


def _doubles(
    b: Boards,
    opp: Boards,
    states: _I,
    out_boards: list[Boards],
    out_items: list[_I],
) -> None:
    """Doubles for ``states``: four or more checkers outside home, or some on the bar (which enter
    first: the entered checkers are outside home, so nothing can bear off this turn)."""
    item_state, item_id, die = _double_items(states)
    to = _POINTS[None, :] - die[:, None]
    inside = to >= 0
    # a hop from index i is open when it lands inside on a point the opponent does not hold
    hop_open = inside & np.take_along_axis(opp[item_state] < 2, np.where(inside, to, 0), axis=1)
    frontier = b[item_state]
    hops = np.full(len(item_state), 4)
    on_bar = np.flatnonzero(frontier[:, 24])
    if on_bar.size:  # enter as many as the roll allows, all on the one entry point, or none
        into = 24 - die[on_bar]
        flat = frontier.reshape(-1)
        at = on_bar * 50
        held = flat[at + (48 - into)]
        entering = np.where(held < 2, np.minimum(frontier[on_bar, 24], 4), 0).astype(np.uint8)
        hops[on_bar] = np.where(entering > 0, 4 - entering, 0)
        flat[at + 24] -= entering
        flat[at + into] += entering
        hits = (held == 1) & (entering > 0)
        flat[at[hits] + (48 - into[hits])] -= 1
        flat[at[hits] + _OPP_BAR] += 1
    start = frontier
    f_item = np.arange(len(item_state))
    last = np.full(len(item_state), 23)
    levels: list[tuple[_I, Boards]] = []
    for level in range(4):
        can = (
            hop_open[f_item]
            & (frontier[:, :24] > 0)
            & (_POINTS[None, :] <= last[:, None])
            & (hops[f_item] > level)[:, None]
        )
        f, src = np.nonzero(can)
        if not f.size:
            break
        dst = src - die[f_item[f]]
        new = frontier[f]
        _move(new, src, dst)
        f_item, last, frontier = f_item[f], src, new
        levels.append((f_item, frontier))
    deepest = np.zeros(len(item_state), dtype=np.int64)
    for level, (it, _) in enumerate(levels, 1):
        deepest[it] = level
    for level, (it, new) in enumerate(levels, 1):
        keep = deepest[it] == level
        out_items.append(item_id[it[keep]])
        out_boards.append(new[keep])
    stuck = np.flatnonzero(deepest == 0)
    if stuck.size:
        out_items.append(item_id[stuck])
        out_boards.append(start[stuck])


def _can_step(frontier: Boards, die: _I) -> _B:
    """(rows, 25): a checker on index i (24: the bar) of each board of ``frontier`` can step
    ``die[row]`` under all the rules (the bar first, bearing off with all home by the exact die or
    from the highest point)."""
    n = len(frontier)
    mine = frontier[:, :25]
    on_bar = mine[:, 24] > 0
    # column j + 6 of `open_` is my index j (0..23); a step of d from index i lands on column
    # i - d + 6, so each row's landings are the window of 25 columns that starts at 6 - d
    open_ = np.zeros((n, 30), dtype=bool)
    open_[:, 6:] = frontier[:, 48:24:-1] < 2
    can: _B = (mine > 0) & open_.reshape(-1)[(np.arange(6, 30 * n, 30) - die)[:, None] + _SLOTS]
    can[on_bar, :24] = False
    # bearing off: everything home, by the exact die, or a larger one from the highest point
    home = ~on_bar & (mine[:, 6:25].sum(axis=1) == 0)
    if home.any():
        occupied = mine[:, :6] > 0
        highest = 5 - np.argmax(occupied[:, ::-1], axis=1)
        below = _POINTS[None, :6] < die[:, None]  # a step that leaves the board
        off = (_POINTS[None, :6] == die[:, None] - 1) | (_POINTS[None, :6] == highest[:, None])
        can[:, :6] |= home[:, None] & occupied & below & off
    return can


def _stepped(frontier: Boards, row: _I, src: _I, die: _I) -> Boards:
    """Boards ``frontier[row]``, each with a checker stepped ``die`` from ``src`` (off the board
    below index 0), hitting a blot where it lands."""
    dst = src - die
    new = frontier[row]
    flat = new.reshape(-1)
    at = np.arange(0, flat.size, 50)
    flat[at + src] -= 1
    stays = dst >= 0
    at, dst = at[stays], dst[stays]
    flat[at + dst] += 1
    theirs = at + (48 - dst)
    hit = flat[theirs] == 1
    if hit.any():
        flat[theirs[hit]] -= 1
        flat[at[hit] + _OPP_BAR] += 1
    return new


def _singles(frontier: Boards, die: _I) -> tuple[_I, Boards]:
    """Every legal single step of ``die[row]`` from each board of ``frontier`` (:func:`_can_step`):
    the row each comes from, and the new boards."""
    row, src = np.nonzero(_can_step(frontier, die))
    return row, _stepped(frontier, row, src, die[row])


def _distinct(item: _I, new: Boards) -> tuple[_I, Boards]:
    """The rows of (item, board) pairs with duplicates left out (the first kept)."""
    if len(item) < 2:
        return item, new
    first, _ = distinct_rows(np.concatenate([item.astype("<u4").view(np.uint8).reshape(-1, 4), new], axis=1))
    return item[first], new[first]


def _pairs_general(b: Boards, states: _I, out_boards: list[Boards], out_items: list[_I]) -> None:
    """Two different dice for ``states``, under all the rules: both orders of the dice, step by step."""
    item_state, item_id, low, high = _pair_items(states)
    start = b[item_state]
    firsts = []
    full_items, full_boards = [], []
    for one, two in ((low, high), (high, low)):
        p1, b1 = _singles(start, one)
        firsts.append((p1, b1))
        p2, b2 = _singles(b1, two[p1])
        full_items.append(p1[p2])
        full_boards.append(b2)
    it, new = _distinct(np.concatenate(full_items), np.concatenate(full_boards))
    out_items.append(item_id[it])
    out_boards.append(new)
    none = np.ones(len(item_state), dtype=bool)
    none[it] = False
    if none.any():
        (p_low, b_low), (p_high, b_high) = firsts
        high_ok = np.zeros(len(item_state), dtype=bool)
        high_ok[p_high] = True
        high_ok &= none
        low_ok = np.zeros(len(item_state), dtype=bool)
        low_ok[p_low] = True
        low_ok &= none & ~high_ok
        for ok, p, new in ((high_ok, p_high, b_high), (low_ok, p_low, b_low)):
            keep = ok[p]
            out_items.append(item_id[p[keep]])
            out_boards.append(new[keep])
        stuck = np.flatnonzero(none & ~high_ok & ~low_ok)
        out_items.append(item_id[stuck])
        out_boards.append(b[item_state[stuck]])


def _doubles_general(b: Boards, states: _I, out_boards: list[Boards], out_items: list[_I]) -> None:
    """Doubles for ``states``, under all the rules (:func:`_can_step`): up to four steps, each from
    a point no higher than the one before (the order in which any playable set of steps can be
    played, bearing off from the highest point included), so that each set is found once and
    different sets give different positions; the most steps that can be played count."""
    item_state, item_id, die = _double_items(states)
    f_item = np.arange(len(item_state))
    frontier = b[item_state]
    last = np.full(len(item_state), 24)
    levels = []
    for _ in range(4):
        can = _can_step(frontier, die[f_item]) & (_SLOTS[None, :] <= last[:, None])
        f, src = np.nonzero(can)
        if not f.size:
            break
        frontier = _stepped(frontier, f, src, die[f_item[f]])
        f_item, last = f_item[f], src
        levels.append((f_item, frontier))
    deepest = np.zeros(len(item_state), dtype=np.int64)
    for level, (it, _) in enumerate(levels, 1):
        deepest[it] = level
    for level, (it, new) in enumerate(levels, 1):
        keep = deepest[it] == level
        out_items.append(item_id[it[keep]])
        out_boards.append(new[keep])
    stuck = np.flatnonzero(deepest == 0)
    out_items.append(item_id[stuck])
    out_boards.append(b[item_state[stuck]])
