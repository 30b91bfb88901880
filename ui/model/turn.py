"""A human's turn being built step by step, with undo (pure rules, no pygame).

The player moves one checker one die at a time; only steps that can still be
completed into a legal move (as many dice as possible, the larger die when only
one can be played) are offered. Points here are the mover's: 1..24, 25 for the
bar, 0 for off.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rules.dice import Roll
from game.rules.move import OFF_POINT, Move, Step, legal_moves
from game.rules.movegen import singles
from game.rules.position import BAR, Position
from ui.model.points import from_slot, from_target, slot


@dataclass(frozen=True, slots=True)
class PlayedStep:
    """A step played in the turn so far."""

    step: Step
    """From where to where, and whether it hit."""

    die: int
    """The die it used."""

    after: int
    """The position code after it (mover's view)."""


class TurnBuilder:
    """The steps of one turn, checked against the legal moves of the roll."""

    def __init__(self, position: Position, dice: tuple[int, int]) -> None:
        self.position = position
        """The position at the start of the turn (mover's view)."""
        self.dice = Roll.of(dice)
        """The roll."""
        self.moves: list[Move] = legal_moves(position, dice)
        """Every legal move of the roll (empty: the turn passes)."""
        self._finals = frozenset(m.after.code for m in self.moves)
        self.length = max((len(m.steps) for m in self.moves), default=0)
        """How many steps a complete move has."""
        self.played: list[PlayedStep] = []
        """The steps played so far, in order."""
        self._completes = lru_cache(maxsize=None)(self._can_complete)

    # --- state ------------------------------------------------------------------------------------

    @property
    def code(self) -> int:
        """The position code now, after the steps played."""
        return self.played[-1].after if self.played else self.position.code

    def remaining_dice(self) -> tuple[int, ...]:
        """The dice not yet used, high first."""
        pool = list(self.dice.dice())
        for p in self.played:
            pool.remove(p.die)
        return tuple(sorted(pool, reverse=True)[: max(0, self.length - len(self.played))])

    def left_to_play(self) -> tuple[int, ...]:
        """The dice the move still needs, high first (when only one die of two can be played, the one
        the rules leave)."""
        left = self.remaining_dice()
        playable = {p.die for p in self.next_steps()}
        return (playable.pop(),) if len(left) == 1 and len(playable) == 1 else left

    def is_pass(self) -> bool:
        """True when no step can be played at all."""
        return not self.moves

    def is_complete(self) -> bool:
        """True when the steps played make a whole legal move (or the turn passes)."""
        return len(self.played) == self.length

    def is_forced(self) -> bool:
        """True when the roll has exactly one legal move."""
        return len(self.moves) == 1

    def move(self) -> Move | None:
        """The legal move the steps make, once complete (None before, or for a pass)."""
        if not self.is_complete() or self.is_pass():
            return None
        code = self.code
        for m in self.moves:
            if m.after.code == code:
                return Move(m.before, m.after, tuple(p.step for p in self.played))
        raise AssertionError("a complete turn always ends in a legal move")

    # --- choices ----------------------------------------------------------------------------------

    def _can_complete(self, code: int, left: tuple[int, ...], need: int) -> bool:
        if need == 0:
            return code in self._finals
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            nxt = tuple(rest)
            for nc, _ in singles(code, die):
                if self._completes(nc, nxt, need - 1):
                    return True
        return False

    def next_steps(self) -> list[PlayedStep]:
        """Every single step that can be played now and still end in a legal move."""
        if self.is_complete():
            return []
        left = self.remaining_dice_all()
        need = self.length - len(self.played) - 1
        out: list[PlayedStep] = []
        seen: set[tuple[int, int, int]] = set()
        for die in sorted(set(left), reverse=True):
            rest = list(left)
            rest.remove(die)
            for nc, (s, t, hit) in singles(self.code, die):
                key = (s, t, die)
                if key in seen:
                    continue
                if self._completes(nc, tuple(sorted(rest)), need):
                    seen.add(key)
                    out.append(PlayedStep(Step(from_slot(s), from_target(t), hit), die, nc))
        return out

    def remaining_dice_all(self) -> tuple[int, ...]:
        """The unused dice, all of them (even ones no complete move needs)."""
        pool = list(self.dice.dice())
        for p in self.played:
            pool.remove(p.die)
        return tuple(sorted(pool))

    def sources(self) -> set[int]:
        """The points a checker can be picked up from now."""
        return {p.step.src for p in self.next_steps()}

    def destinations(self, src: int) -> dict[int, list[PlayedStep]]:
        """Where the checker on ``src`` can go this turn: destination -> the steps that take it there.

        Includes moves of the same checker over several dice (``24/13`` with 6-5); where
        several orders reach the same point, the one hitting most on the way is kept
        (``bar/20*/18`` rather than ``bar/23/18``: :meth:`routes` has the others).
        """
        return {dst: min(rs, key=_route_key) for dst, rs in self.routes(src).items()}

    def routes(self, src: int) -> dict[int, list[list[PlayedStep]]]:
        """Every way the checker on ``src`` can go this turn: destination -> each route there."""
        out: dict[int, list[list[PlayedStep]]] = {}
        saved = list(self.played)
        try:
            self._walk(src, [], out)
        finally:
            self.played = saved
        return out

    def _walk(self, src: int, path: list[PlayedStep], out: dict[int, list[list[PlayedStep]]]) -> None:
        for ps in self.next_steps():
            if ps.step.src != src:
                continue
            route = [*path, ps]
            out.setdefault(ps.step.dst, []).append(route)
            if ps.step.dst != OFF_POINT:
                self.played.append(ps)
                self._walk(ps.step.dst, route, out)
                self.played.pop()

    # --- actions ----------------------------------------------------------------------------------

    def play(self, src: int, dst: int) -> list[PlayedStep]:
        """Move the checker on ``src`` to ``dst`` (over one or more dice); returns the steps played.

        Raises ValueError when that is not possible now.
        """
        route = self.destinations(src).get(dst)
        if not route:
            raise ValueError(f"cannot move from {src} to {dst} now")
        self.played.extend(route)
        return route

    def play_farthest(self, src: int) -> list[PlayedStep]:
        """Move the checker on ``src`` one step with the highest die that can be played from it."""
        options = [p for p in self.next_steps() if p.step.src == src]
        if not options:
            raise ValueError(f"no checker can move from {src} now")
        best = max(options, key=lambda p: p.die)
        self.played.append(best)
        return [best]

    def play_move(self, move: Move) -> None:
        """Play a whole legal move from the start of the turn (replacing any steps played)."""
        found = self._fit(
            self.position.code, list(move.steps), self.remaining_dice_all_start(), move.after.code
        )
        if found is None:
            raise ValueError(f"{move} does not fit the dice {self.dice} in this position")
        self.played = found

    def remaining_dice_all_start(self) -> tuple[int, ...]:
        """All the dice of the roll (four for a double)."""
        return tuple(sorted(self.dice.dice()))

    def _fit(self, code: int, steps: list[Step], pool: tuple[int, ...], goal: int) -> list[PlayedStep] | None:
        if not steps:
            return [] if code == goal else None
        st = steps[0]
        src = slot(st.src)
        for die in sorted(set(pool), reverse=True):
            rest = list(pool)
            rest.remove(die)
            for nc, (s, t, _) in singles(code, die):
                if s == src and from_target(t) == st.dst:
                    tail = self._fit(nc, steps[1:], tuple(rest), goal)
                    if tail is not None:
                        return [PlayedStep(st, die, nc), *tail]
        return None

    def play_steps(self, steps: tuple[Step, ...] | list[Step]) -> None:
        """Play saved steps one by one (a half-played move resumed); raises ValueError if one does not fit."""
        for st in steps:
            match = next((p for p in self.next_steps() if p.step == st), None)
            if match is None:
                raise ValueError(f"the step {st.src}/{st.dst} cannot be played now")
            self.played.append(match)

    def undo(self) -> PlayedStep | None:
        """Take back the last step; returns it, or None when nothing was played."""
        return self.played.pop() if self.played else None

    def undo_all(self) -> None:
        """Take back every step of the turn."""
        self.played.clear()


def hits_on_the_way(route: list[PlayedStep]) -> int:
    """How many blots ``route`` hits before its last step."""
    return sum(p.step.hit for p in route[:-1])


def _route_key(route: list[PlayedStep]) -> tuple[int, int, int]:
    """Prefer fewer steps, then more hits on the way, then the smaller dice (exact bear-offs)."""
    return len(route), -hits_on_the_way(route), sum(p.die for p in route)


def unplay(code: int, steps: tuple[Step, ...] | list[Step]) -> int:
    """The position (mover's view) before ``steps`` were played to reach ``code``."""
    from game.rules.position import pack, unpack

    mine, theirs = (list(side) for side in unpack(code))
    for st in reversed(steps):
        if st.dst != OFF_POINT:
            mine[slot(st.dst)] -= 1
        mine[slot(st.src)] += 1
        if st.hit:
            theirs[BAR] -= 1
            theirs[24 - st.dst] += 1
    if min(mine) < 0 or min(theirs) < 0:
        raise ValueError("those steps do not lead to this position")
    return pack(mine, theirs)
