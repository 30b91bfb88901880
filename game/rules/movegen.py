"""Legal move generation on packed codes (see :mod:`game.rules.position`).

Two entry points:

* :func:`results` — the distinct positions a roll can lead to (the mover still
  on roll, not swapped). This is what the AI calls millions of times, so it works
  on bare integers and takes a fast path for the common case.
* :func:`moves_with_steps` — the same set, each result with one sequence of steps
  that reaches it, for notation and for the board UI.

The rules applied: each die is one step, doubles give four; a step may not land
on a point the opponent holds with two or more; landing on a lone opposing checker
hits it; checkers on the bar enter before anything else moves; bearing off only
with all fifteen home, by the exact die or, from the highest occupied point, by a
larger one; as many dice as possible must be played, and if only one of two
different dice can be played, the larger one when it can.
"""

from __future__ import annotations

from game.rules.position import BAR, OUTSIDE_HOME_MASK

UNIT = tuple(1 << (8 * i) for i in range(50))
"""UNIT[i] adds one checker to byte i of a code."""

OPP_BAR_UNIT = UNIT[49]
MY_BAR_UNIT = UNIT[BAR]
MOVER_BYTES = 50

Step = tuple[int, int, bool]
"""One die's step as (source index, destination index or -1 for off, hit?).
Indices are the mover's: index i is point i+1, index 24 the bar."""


def singles(code: int, die: int) -> list[tuple[int, Step]]:
    """Every legal single step with ``die``: (resulting code, step)."""
    b = code.to_bytes(MOVER_BYTES, "little")
    out: list[tuple[int, Step]] = []
    if b[BAR]:
        t = BAR - die
        oc = b[48 - t]
        if oc < 2:
            nc = code - MY_BAR_UNIT + UNIT[t]
            if oc:
                nc += OPP_BAR_UNIT - UNIT[48 - t]
            out.append((nc, (BAR, t, oc == 1)))
        return out
    can_bear = not (code & OUTSIDE_HOME_MASK)
    for i in range(23, -1, -1):
        if not b[i]:
            continue
        t = i - die
        if t >= 0:
            oc = b[48 - t]
            if oc >= 2:
                continue
            nc = code - UNIT[i] + UNIT[t]
            if oc:
                nc += OPP_BAR_UNIT - UNIT[48 - t]
            out.append((nc, (i, t, oc == 1)))
        elif can_bear and (t == -1 or not any(b[i + 1 : 6])):
            out.append((code - UNIT[i], (i, -1, False)))
    return out


def _single_codes(code: int, die: int) -> list[int]:
    """Like :func:`singles` but only the resulting codes (hot path)."""
    b = code.to_bytes(MOVER_BYTES, "little")
    if b[BAR]:
        t = BAR - die
        oc = b[48 - t]
        if oc >= 2:
            return []
        nc = code - MY_BAR_UNIT + UNIT[t]
        if oc:
            nc += OPP_BAR_UNIT - UNIT[48 - t]
        return [nc]
    out = []
    can_bear = not (code & OUTSIDE_HOME_MASK)
    unit = UNIT
    for i in range(23, -1, -1):
        if b[i]:
            t = i - die
            if t >= 0:
                oc = b[48 - t]
                if oc < 2:
                    if oc:
                        out.append(code - unit[i] + unit[t] + OPP_BAR_UNIT - unit[48 - t])
                    else:
                        out.append(code - unit[i] + unit[t])
            elif can_bear and (t == -1 or not any(b[i + 1 : 6])):
                out.append(code - unit[i])
    return out


def _outside_home(b: bytes) -> int:
    """The mover's checkers outside the home board, the bar included."""
    return sum(b[6:25])


def results(code: int, d1: int, d2: int) -> list[int]:
    """The distinct positions the roll (d1, d2) can lead to, mover still on roll.

    When nothing can be played the only result is ``code`` itself (the turn passes).
    """
    if d1 == d2:
        return _results_double(code, d1)
    b = code.to_bytes(MOVER_BYTES, "little")
    if not b[BAR] and _outside_home(b) >= 2:
        return _results_pair_fast(code, b, d1, d2)
    return _results_pair_general(code, d1, d2)


def _results_double(code: int, d: int) -> list[int]:
    b = code.to_bytes(MOVER_BYTES, "little")
    steps = 4
    on_bar = b[BAR]
    if on_bar:
        # every checker on the bar enters on the same point, before anything else moves
        t = BAR - d
        oc = b[48 - t]
        if oc >= 2:
            return [code]
        enter = min(on_bar, 4)
        code += enter * (UNIT[t] - MY_BAR_UNIT)
        if oc:
            code += OPP_BAR_UNIT - UNIT[48 - t]
        steps -= enter
        if not steps:  # four entered (more may wait on the bar)
            return [code]
        b = code.to_bytes(MOVER_BYTES, "little")
    if _outside_home(b) >= steps:
        return _results_double_fast(code, b, d, steps)
    frontier = {code}
    for _ in range(steps):
        nxt: set[int] = set()
        for c in frontier:
            nxt.update(_single_codes(c, d))
        if not nxt:
            break
        frontier = nxt
    return list(frontier)


def _results_double_fast(code: int, b: bytes, d: int, steps: int) -> list[int]:
    """Up to ``steps`` (1..4) steps of the die ``d`` with nothing on the bar and no bear-off
    possible this turn (at least ``steps`` checkers outside the home board).

    A move is then a multiset of hops (one checker, one die). Taking hops in order of
    descending source, a checker that arrives somewhere is there before any hop from
    that point is considered, so every playable multiset is found exactly once, and
    different multisets give different positions: no deduplication is needed. A blot is
    hit by the first hop that lands on it only.
    """
    hops = _double_hops(b, d)
    cnt = list(b[:24])
    n_hops = len(hops)
    r1: list[int] = []
    r2: list[int] = []
    r3: list[int] = []
    r4: list[int] = []
    for k1 in range(n_hops):
        i1, t1, m1, h1 = hops[k1]
        if not cnt[i1]:
            continue
        c1 = code + m1 + h1
        r1.append(c1)
        if steps == 1:
            continue
        cnt[i1] -= 1
        cnt[t1] += 1
        for k2 in range(k1, n_hops):
            i2, t2, m2, h2 = hops[k2]
            if not cnt[i2]:
                continue
            c2 = c1 + m2 if h2 and t2 == t1 else c1 + m2 + h2
            r2.append(c2)
            if steps == 2:
                continue
            cnt[i2] -= 1
            cnt[t2] += 1
            for k3 in range(k2, n_hops):
                i3, t3, m3, h3 = hops[k3]
                if not cnt[i3]:
                    continue
                c3 = c2 + m3 if h3 and t3 in (t1, t2) else c2 + m3 + h3
                r3.append(c3)
                if steps == 3:
                    continue
                cnt[i3] -= 1
                cnt[t3] += 1
                for k4 in range(k3, n_hops):
                    i4, t4, m4, h4 = hops[k4]
                    if cnt[i4]:
                        r4.append(c3 + m4 if h4 and t4 in (t1, t2, t3) else c3 + m4 + h4)
                cnt[i3] += 1
                cnt[t3] -= 1
            cnt[i2] += 1
            cnt[t2] -= 1
        cnt[i1] += 1
        cnt[t1] -= 1
    return r4 or r3 or r2 or r1 or [code]  # the first hop is from a checker: r1 is empty only with no hops


def _double_hops(b: bytes, d: int) -> list[tuple[int, int, int, int]]:
    """(source, destination, move delta, hit delta) for each hop of ``d`` a checker can make
    with nothing on the bar and no bear-off: from a point it holds or can reach during the
    move, to a point that is open."""
    unit = UNIT
    hops = []
    live = 0  # bit i: a checker can be on index i during the move
    for i in range(23, d - 1, -1):
        if b[i]:
            live |= 1 << i
        elif not (live >> i) & 1:
            continue
        t = i - d
        oc = b[48 - t]
        if oc < 2:
            hops.append((i, t, unit[t] - unit[i], OPP_BAR_UNIT - unit[48 - t] if oc else 0))
            live |= 1 << t
    return hops


def _results_pair_general(code: int, d1: int, d2: int) -> list[int]:
    full: set[int] = set()
    half: dict[int, set[int]] = {d1: set(), d2: set()}
    for first, second in ((d1, d2), (d2, d1)):
        for c in _single_codes(code, first):
            nxt = _single_codes(c, second)
            if nxt:
                full.update(nxt)
            else:
                half[first].add(c)
    if full:
        return list(full)
    high, low = (d1, d2) if d1 > d2 else (d2, d1)
    if half[high]:
        return list(half[high])
    if half[low]:
        return list(half[low])
    return [code]


def _steps_deltas(code: int, b: bytes, die: int) -> list[tuple[int, int, int, int]]:
    """Single steps with no bar and no bearing off: (source, destination, delta, hit delta)."""
    out = []
    for i in range(23, die - 1, -1):
        if b[i]:
            t = i - die
            oc = b[48 - t]
            if oc < 2:
                hit = OPP_BAR_UNIT - UNIT[48 - t] if oc else 0
                out.append((i, t, UNIT[t] - UNIT[i], hit))
    return out


def _results_pair_fast(code: int, b: bytes, d1: int, d2: int) -> list[int]:
    """Two different dice, nothing on the bar, no bear-off possible this turn.

    Steps of different checkers do not affect each other's legality here, so the
    result of two steps is ``code`` plus both deltas; only a checker that moves
    twice needs its intermediate point checked.
    """
    s1 = _steps_deltas(code, b, d1)
    s2 = _steps_deltas(code, b, d2)
    out: set[int] = set()
    for i, t, delta, hit in s1:
        base = code + delta + hit
        lone = b[i] == 1
        for j, u, delta2, hit2 in s2:
            if j == i and lone:
                continue
            out.add(base + delta2 + hit2 * (u != t))  # on the same point the blot is hit already
        # the same checker moves on with the second die
        u = t - d2
        if u >= 0:
            oc = b[48 - u]
            if oc < 2:
                out.add(base + UNIT[u] - UNIT[t] + (OPP_BAR_UNIT - UNIT[48 - u]) * oc)
    for _j, u, delta2, hit2 in s2:
        v = u - d1
        if v >= 0:
            oc = b[48 - v]
            if oc < 2:
                out.add(code + delta2 + hit2 + UNIT[v] - UNIT[u] + (OPP_BAR_UNIT - UNIT[48 - v]) * oc)
    if out:
        return list(out)
    # not both dice: the larger if it can be played, else the smaller, else pass
    high, low = (s1, s2) if d1 > d2 else (s2, s1)
    if high:
        return list({code + delta + hit for _, _, delta, hit in high})
    if low:
        return list({code + delta + hit for _, _, delta, hit in low})
    return [code]


def moves_with_steps(code: int, d1: int, d2: int) -> dict[int, tuple[Step, ...]]:
    """Every distinct result of the roll with one sequence of steps reaching it.

    Returns {} when nothing can be played. The order of the dict is the order the
    results were found: deterministic for a given code and roll.
    """
    if d1 != d2:
        b = code.to_bytes(MOVER_BYTES, "little")
        if not b[BAR] and _outside_home(b) >= 2 and (both := _pair_with_steps(code, b, d1, d2)):
            return both
    return searched_moves_with_steps(code, d1, d2)


def searched_moves_with_steps(code: int, d1: int, d2: int) -> dict[int, tuple[Step, ...]]:
    """:func:`moves_with_steps` by the general search, playing the dice in each order as far as
    they go (every case; the definition the fast paths are tested against)."""
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    found: dict[int, tuple[Step, ...]] = {}
    for order in orders:
        for c, steps in _played_as_far_as_possible(code, order).items():
            if steps:
                prev = found.get(c)
                if prev is None or len(steps) > len(prev):
                    found[c] = steps
    if not found:
        return {}
    most = max(len(s) for s in found.values())
    found = {c: s for c, s in found.items() if len(s) == most}
    if most == 1 and d1 != d2:
        high_results = {nc for nc, _ in singles(code, max(d1, d2))}
        if high_results & found.keys():  # only one die can be played: the higher if it can
            found = {c: s for c, s in found.items() if c in high_results}
    return found


def _pair_with_steps(code: int, b: bytes, d1: int, d2: int) -> dict[int, tuple[Step, ...]]:
    """:func:`moves_with_steps` for two different dice with nothing on the bar and no bear-off
    possible this turn, when both dice can be played (else {}): the same results, in the same
    order, with the same steps as the general search, without a board made for each first step."""
    found: dict[int, tuple[Step, ...]] = {}
    for first, second in ((d1, d2), (d2, d1)):
        s2 = _steps_deltas(code, b, second)
        for i, t, delta, hit in _steps_deltas(code, b, first):
            c1 = code + delta + hit
            step1 = (i, t, hit != 0)
            gone = b[i] == 1  # the first step took the last checker from i
            new_source = not b[t]  # the first step put the only checker on t
            for j, u, delta2, hit2 in s2:
                if new_source and j < t:  # the checker on t comes in its place in descending order
                    new_source = False
                    _step_on(found, c1, step1, b, t, second)
                if j == i and gone:
                    continue
                if hit2 and hit and u == t:  # the blot there was hit by the first step
                    nc = c1 + delta2
                    if nc not in found:
                        found[nc] = (step1, (j, u, False))
                else:
                    nc = c1 + delta2 + hit2
                    if nc not in found:
                        found[nc] = (step1, (j, u, hit2 != 0))
            if new_source:
                _step_on(found, c1, step1, b, t, second)
    return found


def _step_on(found: dict[int, tuple[Step, ...]], c1: int, step1: Step, b: bytes, t: int, die: int) -> None:
    """The checker the first step put on ``t`` moves on with ``die`` (if it can): into ``found``."""
    u = t - die
    if u < 0:
        return
    oc = b[48 - u]
    if oc >= 2:
        return
    nc = c1 + UNIT[u] - UNIT[t] + (OPP_BAR_UNIT - UNIT[48 - u] if oc else 0)
    if nc not in found:
        found[nc] = (step1, (t, u, oc == 1))


def _played_as_far_as_possible(code: int, order: tuple[int, ...]) -> dict[int, tuple[Step, ...]]:
    """The results of playing the dice in ``order`` until one cannot be played, each with the
    first sequence of steps found reaching it (``{code: ()}`` when the first die cannot be played)."""
    frontier: dict[int, tuple[Step, ...]] = {code: ()}
    for die in order:
        nxt: dict[int, tuple[Step, ...]] = {}
        for c, steps in frontier.items():
            for nc, step in singles(c, die):
                if nc not in nxt:
                    nxt[nc] = (*steps, step)
        if not nxt:
            break
        frontier = nxt
    return frontier
