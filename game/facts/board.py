"""The board's facts after a move, from the mover's side, each counted exactly.

A move's facts describe the position it leaves (the mover's view, the opponent next to move),
in the mover's point numbers (1..24, the mover bearing off from 1..6; the bar is 25):

* ``pips``: the pip counts [mover, opponent] (a checker on the bar counts 25);
* ``blots``: the mover's points holding exactly one checker, highest first;
* ``shots``: of the 36 rolls, how many let the opponent send at least one of the mover's checkers
  to the bar by a legal move (:func:`shots`: the rules' own generator, so entering from the bar,
  blocked points, the third and fourth step of a double and the must-play-both-dice rule are all
  counted as the rules count them);
* ``hit``: the opponent's checkers the move sent to the bar;
* ``home_points``: the points 1..6 the mover holds with two or more, highest first;
* ``prime``: the longest run of consecutive points (anywhere on 1..24) the mover holds;
* ``anchors``: the points 19..24 (the opponent's home board) the mover holds, highest first;
* ``back``: the mover's checkers on 19..24 and on the bar;
* ``off``: the mover's checkers borne off;

and a few more: ``contact`` (a checker of either side can still meet one of the other),
``lead`` (the racing lead in percent of the mover's count), ``builders`` (spare checkers that bear
on an open point of the home board or the bar point) and ``outfield`` (outfield points within a
direct shot). docs/explanations.md gives each definition in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import ROLLS
from game.rules.movegen import results
from game.rules.position import BAR, CHECKERS, SIDE_BITS, is_race, pip_count, swap, unpack

HOME_POINTS = range(1, 7)
"""The mover's home board."""

THEIR_HOME = range(19, 25)
"""The opponent's home board, in the mover's numbers: where the mover's anchors are."""

OUTFIELD = range(7, 19)
"""The outer boards, both sides' (the points a checker leaving the back crosses)."""

BUILDER_TARGETS = range(1, 8)
"""The points builders are counted for: the home board and the bar point."""

DIRECT = 6
"""A direct shot's longest distance: one die."""

_THEIR_BAR_SHIFT = SIDE_BITS + 8 * BAR
"""Bit position of the byte holding the opponent's bar in a code (the code's top byte)."""


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """The position after a move, counted from the mover's side (see the module docstring)."""

    pips: tuple[int, int]
    """Pip counts, the mover's and the opponent's."""

    blots: tuple[int, ...]
    """The mover's points with exactly one checker, highest first."""

    shots: int
    """Of the 36 rolls, those that let the opponent hit one of the mover's checkers (0..36)."""

    hit: int
    """The opponent's checkers this move sent to the bar."""

    home_points: tuple[int, ...]
    """The points 1..6 the mover holds (two or more checkers), highest first."""

    prime: int
    """The longest run of consecutive points the mover holds (0 when it holds none)."""

    anchors: tuple[int, ...]
    """The points 19..24 the mover holds, highest first."""

    back: int
    """The mover's checkers on 19..24 and on the bar."""

    off: int
    """The mover's checkers borne off."""

    contact: bool
    """A checker of either side can still meet one of the other (False: a race)."""

    lead: float | None
    """The mover's racing lead in percent of its own pip count (opponent's pips minus the mover's,
    over the mover's), one decimal; None when the mover has no pips left."""

    builders: int
    """The mover's spare checkers (a lone checker, or a point's third and later) on a point one to
    six pips above an open point of 1..7 (one neither side holds)."""

    outfield: int
    """The outfield points (7..18) one to six pips in front of at least one of the mover's checkers."""

    def to_json(self) -> dict[str, object]:
        """The facts as JSON-ready values, under their names."""
        return {
            "pips": list(self.pips),
            "blots": list(self.blots),
            "shots": self.shots,
            "hit": self.hit,
            "home_points": list(self.home_points),
            "prime": self.prime,
            "anchors": list(self.anchors),
            "back": self.back,
            "off": self.off,
            "contact": self.contact,
            "lead": self.lead,
            "builders": self.builders,
            "outfield": self.outfield,
        }


def board_facts(before: int, after: int) -> BoardFacts:
    """The facts of the position ``after`` a move from ``before`` (both codes from the mover's side,
    the mover still on roll: :attr:`game.rules.move.Move.after`)."""
    mine, theirs = unpack(after)
    held = tuple(p for p in range(1, 25) if mine[p - 1] >= 2)
    pips = (pip_count(mine), pip_count(theirs))
    return BoardFacts(
        pips=pips,
        blots=tuple(p for p in range(24, 0, -1) if mine[p - 1] == 1),
        shots=shots(after),
        hit=theirs[BAR] - unpack(before)[1][BAR],
        home_points=tuple(p for p in reversed(held) if p in HOME_POINTS),
        prime=longest_run(held),
        anchors=tuple(p for p in reversed(held) if p in THEIR_HOME),
        back=sum(mine[p - 1] for p in THEIR_HOME) + mine[BAR],
        off=CHECKERS - sum(mine),
        contact=not is_race(after),
        lead=round(100.0 * (pips[1] - pips[0]) / pips[0], 1) if pips[0] else None,
        builders=builders(mine, theirs),
        outfield=outfield(mine),
    )


def longest_run(points: tuple[int, ...]) -> int:
    """The longest run of consecutive numbers in ``points`` (ascending)."""
    best = run = 0
    last = None
    for p in points:
        run = run + 1 if last is not None and p == last + 1 else 1
        best = max(best, run)
        last = p
    return best


def spares(mine: tuple[int, ...], point: int) -> int:
    """The mover's checkers on ``point`` beyond the two that hold it (a lone checker is a spare)."""
    n = mine[point - 1]
    return n if n < 2 else n - 2


def builders(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """Spare checkers one to six pips above an open point of 1..7 (open: neither side holds it;
    the opponent's point ``p`` of the mover is its ``25 - p``), each checker counted once."""
    open_points = [p for p in BUILDER_TARGETS if mine[p - 1] < 2 and theirs[24 - p] < 2]
    sources = {q for p in open_points for q in range(p + 1, p + DIRECT + 1)}
    return sum(spares(mine, q) for q in sources)


def outfield(mine: tuple[int, ...]) -> int:
    """The outfield points one to six pips in front of (below) at least one of the mover's checkers."""
    return sum(1 for q in OUTFIELD if any(mine[p - 1] for p in range(q + 1, min(q + DIRECT, 24) + 1)))


def roll_distances(a: int, b: int) -> frozenset[int]:
    """How far one checker can travel with the roll: each die, their sum; a double's 1 to 4 steps."""
    if a == b:
        return frozenset(a * k for k in range(1, 5))
    return frozenset((a, b, a + b))


_DISTANCES = tuple(roll_distances(a, b) for a, b, _ in ROLLS)


def shots(code: int) -> int:
    """Of the 36 rolls, how many let the opponent hit one of the mover's checkers in ``code`` (the
    mover's view after its move; the opponent moves next): :func:`hitting_rolls` counted, a double
    once and any other roll twice."""
    return sum(1 if a == b else 2 for a, b in hitting_rolls(code))


def hitting_rolls(code: int) -> tuple[tuple[int, int], ...]:
    """The opponent's rolls (of the 21, low die first) that hit one of the mover's checkers in ``code``.

    A roll counts when at least one of the opponent's legal moves (:func:`game.rules.movegen.results`:
    entering first, blocked points, the larger die when only one can be played, every step of a
    double) sends a checker of the mover to the bar. Rolls that cannot carry any of the opponent's
    checkers the distance to a blot are passed over unasked; the rest are asked of the generator.
    """
    mine, theirs = unpack(code)
    # the mover's blots in the opponent's numbering (the mover's index i is the opponent's 23 - i)
    targets = [23 - i for i in range(24) if mine[i] == 1]
    if not targets or is_race(code):
        return ()
    sources = [j for j in range(BAR + 1) if theirs[j]]
    reach = {j - t for j in sources for t in targets if j > t}
    turned = swap(code)
    on_bar = mine[BAR]
    found = []
    for (a, b, _), distances in zip(ROLLS, _DISTANCES, strict=True):
        if reach.isdisjoint(distances):
            continue
        if any(r >> _THEIR_BAR_SHIFT > on_bar for r in results(turned, a, b)):
            found.append((a, b))
    return tuple(found)
