"""Moves as values, the legal moves of a roll, and GNU Backgammon move notation.

Notation is written as GNU Backgammon writes it: points from the mover's side,
``bar`` and ``off``, a ``*`` after a point where a blot is hit, one checker's
consecutive steps joined (``24/18*/15`` only where it hits on the way, else
``24/15``), repeated moves counted (``8/5(2)``), sources from high to low:
``24/18 13/11``, ``bar/22*``, ``6/off 5/off``. On positions from random games the
text is identical to gnubg's for every move gnubg can print in full (checked on
tens of thousands of moves; see tests/test_gnubg_differential.py).

Reading accepts the same forms and more (any order, ``25`` for the bar, paths split
or joined, stars optional unless they are what tells two moves apart) and says
what is wrong with a string it cannot take.
"""

from __future__ import annotations

import enum
import itertools
import re
from dataclasses import dataclass, field

from game.rules.digits import is_digits
from game.rules.movegen import Step as RawStep
from game.rules.movegen import moves_with_steps, singles
from game.rules.position import BAR, SLOTS, Position

BAR_POINT = 25
"""The bar, as a point number in notation and in :class:`Step`."""

OFF_POINT = 0
"""Borne off, as a point number in notation and in :class:`Step`."""


class MoveProblem(enum.Enum):
    """What is wrong with a move string, for the front end to word (the message is the protocol's)."""

    UNREADABLE = "unreadable"
    """Not written as a move: ``13/7 8/7``, ``bar/22*``, ``6/off``."""
    NO_CHECKER = "no checker"
    """It starts where the mover has no checker (or from the bar with none there)."""
    NOT_PLAYABLE = "not playable"
    """A move the roll cannot play in this position."""
    NOT_ENOUGH = "not enough"
    """Legal steps, but the rules want more of the roll played (or the larger die)."""
    AMBIGUOUS = "ambiguous"
    """Two moves fit it: the stars or the stops would tell them apart."""
    NO_MOVE = "no move"
    """The roll has no legal move: the turn passes."""


class MoveError(ValueError):
    """A move string that cannot be read, or that is not legal for the roll: ``str()`` is the
    protocol's English, :attr:`problem` what the front end words."""

    def __init__(self, message: str, problem: MoveProblem = MoveProblem.UNREADABLE) -> None:
        super().__init__(message)
        self.problem = problem
        """What is wrong, as a kind."""


@dataclass(frozen=True, slots=True)
class Step:
    """One die's worth of movement of one checker, in the mover's point numbers."""

    src: int
    """Where the checker starts: 1..24, or 25 for the bar."""

    dst: int
    """Where it ends: 1..24, or 0 when it is borne off."""

    hit: bool = False
    """True when it lands on a lone opposing checker and sends it to the bar."""

    def __str__(self) -> str:
        return f"{_point_name(self.src)}/{_point_name(self.dst)}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Move:
    """A legal move: where the roll takes the board. Equal when the results are equal.

    Two orders of the same steps that end in the same position are one move; the
    steps kept are one way to play it.
    """

    before: Position
    """The position before the move (mover on roll)."""

    after: Position
    """The position after the move, still seen from the mover (not swapped)."""

    steps: tuple[Step, ...] = field(compare=False)
    """One sequence of steps that plays the move, in playing order; empty for a pass."""

    def notation(self) -> str:
        """The move as GNU Backgammon writes it (``"8/5 6/5"``); ``""`` for no move."""
        return format_steps(self.steps)

    def __str__(self) -> str:
        return self.notation() or "(no move)"


def _point_name(p: int) -> str:
    if p == BAR_POINT:
        return "bar"
    if p == OFF_POINT:
        return "off"
    return str(p)


_POINT_NAMES = tuple(_point_name(p) for p in range(BAR_POINT + 1))


def _to_step(raw: tuple[int, int, bool]) -> Step:
    src, dst, hit = raw
    return Step(BAR_POINT if src == BAR else src + 1, OFF_POINT if dst < 0 else dst + 1, hit)


def legal_moves(position: Position, dice: tuple[int, int]) -> list[Move]:
    """Every legal move for the roll, one per distinct resulting position.

    An empty list means no step can be played: the turn passes.
    """
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    found = moves_with_steps(position.code, d1, d2)
    made: dict[RawStep, Step] = {}  # Steps are immutable: one object per distinct step
    moves = []
    for code, raw_steps in found.items():
        steps = []
        for raw in raw_steps:
            step = made.get(raw)
            if step is None:
                step = made[raw] = _to_step(raw)
            steps.append(step)
        moves.append(Move(position, Position(code), tuple(steps)))
    return moves


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """Canonical notation for a set of steps, as GNU Backgammon writes it (order-independent).

    Steps of one checker are joined into one path (``24/15``), which shows every
    point where a blot was hit on the way (``24/18/15`` only when 18 was hit); the
    ``*`` goes on the first path (highest source first) that stops on the hit point,
    so the playing order does not change the text (``8/3* 6/3``). Identical paths
    are written once with a count (``8/5(2)``, ``6/4*(2)``, ``21/18*/15(2)``).
    """
    if len(steps) == 2:
        return _two_steps(*steps)
    return _joined_paths(steps)


def _joined_paths(steps: tuple[Step, ...] | list[Step]) -> str:
    """:func:`format_steps` for any number of steps: path by path, highest source first."""
    pending = sorted(((s.src, s.dst) for s in steps), reverse=True)  # highest source first
    hit_points = {s.dst for s in steps if s.hit}
    unstarred = set(hit_points)
    keys: list[str] = []
    texts: dict[str, str] = {}
    counts: dict[str, int] = {}
    names = _POINT_NAMES
    while pending:
        src, dst = pending.pop(0)
        key = text = names[src]
        while True:  # the same checker on: a step from where this one ended
            nxt = -1
            if dst != OFF_POINT:
                for k, step in enumerate(pending):
                    if step[0] == dst:
                        nxt = k
                        break
            if nxt < 0 or dst in hit_points:
                key += "/" + names[dst]
                text += "/" + names[dst] + ("*" if dst in unstarred else "")
                unstarred.discard(dst)
            if nxt < 0:
                break
            dst = pending.pop(nxt)[1]
        if key not in texts:
            keys.append(key)
            texts[key] = text
        counts[key] = counts.get(key, 0) + 1
    return " ".join(f"{texts[k]}({counts[k]})" if counts[k] > 1 else texts[k] for k in keys)


def _two_steps(one: Step, two: Step) -> str:
    """:func:`format_steps` of two steps (most moves), worked out case by case."""
    if (two.src, two.dst) > (one.src, one.dst):
        one, two = two, one  # highest source first
    names = _POINT_NAMES
    hits = {s.dst for s in (one, two) if s.hit}
    star_one = one.dst in hits
    star_two = two.dst in hits and not (star_one and two.dst == one.dst)  # one star a point
    if one.dst == two.src and one.dst != OFF_POINT:  # one checker on: one path
        mid = "/" + names[one.dst] + "*" if star_one else ""
        return names[one.src] + mid + "/" + names[two.dst] + ("*" if star_two else "")
    first = names[one.src] + "/" + names[one.dst]
    second = names[two.src] + "/" + names[two.dst]
    if first == second:
        return first + ("*" if star_one else "") + "(2)"
    return first + ("*" if star_one else "") + " " + second + ("*" if star_two else "")


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>[0-9])\))?$")


def _parse_point(text: str, token: str, first: bool) -> int:
    t = text.lower()
    if t == "bar":
        if not first:
            raise MoveError(f"'bar' can only start a move, in {token!r}")
        return BAR_POINT
    if t == "off":
        if first:
            raise MoveError(f"'off' can only end a move, in {token!r}")
        return OFF_POINT
    if not is_digits(t):
        raise MoveError(f"{text!r} is not a point (1-24, bar or off) in {token!r}")
    p = int(t)
    if first and p == 25:
        return BAR_POINT
    if not 1 <= p <= 24:
        raise MoveError(f"point {p} is out of range 1-24 in {token!r}")
    return p


def parse_segments(text: str) -> list[tuple[int, int]]:
    """Read notation into (from, to) segments of single checkers, repeats expanded."""
    if not text or not text.strip():
        raise MoveError("empty move")
    segments: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        m = _TOKEN.match(token)
        if not m:
            raise MoveError(f"cannot read {token!r}: expected like 24/18, bar/22*, 6/off or 8/5(2)")
        count = int(m.group("count") or 1)
        if count < 1 or count > 4:
            raise MoveError(f"a repeat count must be 1-4 in {token!r}")
        parts = m.group("path").split("/")
        if len(parts) < 2 or any(not p for p in parts):
            raise MoveError(f"cannot read {token!r}: a move needs from/to, like 13/11")
        points = [_parse_point(p.rstrip("*"), token, k == 0) for k, p in enumerate(parts)]
        for a, b in itertools.pairwise(points):
            if b != OFF_POINT and b >= a:
                raise MoveError(f"{token!r} moves backwards ({_point_name(a)}/{_point_name(b)})")
        path = list(itertools.pairwise(points))
        segments.extend(path * count)
    if len(segments) > 4:
        raise MoveError(f"too many checker moves in {text!r}")
    return segments


def parse_move(text: str, position: Position, dice: tuple[int, int]) -> Move:
    """The legal move that ``text`` describes for this position and roll.

    Raises :class:`MoveError` saying what is wrong: unreadable text, a move that
    does not fit the dice, or a move that the rules do not allow.
    """
    segments = parse_segments(text)
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise MoveError(f"dice must be 1..6, got {dice}")
    code = position.code
    most = _most_dice(code, d1, d2)
    if not most:
        raise MoveError(f"no move is possible with {d1}{d2}: the turn passes", MoveProblem.NO_MOVE)
    mine = position.mine
    ends = {b for _, b in segments}
    for a, _ in segments:
        if a == BAR_POINT and not mine[BAR]:
            raise MoveError(
                f"{text!r} moves from the bar, but no checker of yours is on the bar", MoveProblem.NO_CHECKER
            )
        if a != BAR_POINT and not mine[a - 1] and a not in ends:
            raise MoveError(
                f"{text!r} moves from point {a}, but no checker of yours is there", MoveProblem.NO_CHECKER
            )
    pool = [d1] * 4 if d1 == d2 else [d1, d2]
    reached: dict[int, tuple[RawStep, ...]] = {}
    _realize(code, tuple(sorted(segments, reverse=True)), tuple(pool), (), reached, set())
    found = [c for c, steps in reached.items() if len(steps) == most]
    if most == 1 and d1 != d2:
        # only one die can be played: the larger one, when it can
        high = {nc for nc, _ in singles(code, max(d1, d2))}
        if high:
            found = [c for c in found if c in high]
    if not found:
        if reached:
            raise MoveError(
                f"{text!r} is not a legal move for {d1}{d2}: the rules require playing as much of the"
                " roll as possible (and the larger die when only one can be played)",
                MoveProblem.NOT_ENOUGH,
            )
        raise MoveError(f"{text!r} cannot be played with {d1}{d2} in this position", MoveProblem.NOT_PLAYABLE)
    if len(found) > 1:
        # the same checker paths with different hits: the stars decide
        wanted_hits = text.count("*")
        bar_before = code >> (8 * (2 * SLOTS - 1))  # the opponent's bar, the top byte
        found = [c for c in found if (c >> (8 * (2 * SLOTS - 1))) - bar_before == wanted_hits]
        if len(found) != 1:
            raise MoveError(
                f"{text!r} is ambiguous: write every point where a checker stops", MoveProblem.AMBIGUOUS
            )
    after = found[0]
    return Move(position, Position(after), tuple(_to_step(s) for s in reached[after]))


def _most_dice(code: int, d1: int, d2: int) -> int:
    """How many dice of the roll can be played (0..4): a depth-first search that stops
    at the first way to play them all."""
    if d1 == d2:
        for n in (4, 3, 2, 1):
            if _can_play(code, (d1,) * n):
                return n
        return 0
    if _can_play(code, (d1, d2)) or _can_play(code, (d2, d1)):
        return 2
    return 1 if singles(code, d1) or singles(code, d2) else 0


def _can_play(code: int, dice: tuple[int, ...]) -> bool:
    if not dice:
        return True
    return any(_can_play(nc, dice[1:]) for nc, _ in singles(code, dice[0]))


def _realize(
    code: int,
    segments: tuple[tuple[int, int], ...],
    dice: tuple[int, ...],
    steps: tuple[RawStep, ...],
    out: dict[int, tuple[RawStep, ...]],
    seen: set[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]],
) -> None:
    """Add to ``out`` every code reached by playing all the segments with the dice, with
    the steps that reach it.

    The segments may be played in any interleaving (a second checker may have to
    enter from the bar before the first moves on), one die at a time; a segment
    longer than the die continues from where the die took it.
    """
    if not segments:
        if len(steps) > len(out.get(code, ())):  # keep the way that plays the most dice
            out[code] = steps
        return
    key = (code, segments, dice)
    if key in seen:
        return
    seen.add(key)
    for die in set(dice):
        k = dice.index(die)
        left = dice[:k] + dice[k + 1 :]
        stepped = singles(code, die)
        for n, (a, b) in enumerate(segments):
            if n and segments[n - 1] == (a, b):
                continue
            src = BAR if a == BAR_POINT else a - 1
            rest = segments[:n] + segments[n + 1 :]
            for nc, step in stepped:
                if step[0] != src:
                    continue
                t = step[1]
                here = OFF_POINT if t < 0 else t + 1
                if here == b:
                    _realize(nc, rest, left, (*steps, step), out, seen)
                elif here != OFF_POINT and (b == OFF_POINT or here > b):
                    more = tuple(sorted((*rest, (here, b)), reverse=True))
                    _realize(nc, more, left, (*steps, step), out, seen)
