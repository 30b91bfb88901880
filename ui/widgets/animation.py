"""Checkers in flight: a move animated step by step, and where each checker is drawn on the way."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.position import pack, swap, unpack
from ui.model.points import OFF, on_screen, slot
from ui.model.session import HUMAN
from ui.model.turn import PlayedStep
from ui.widgets.layout import BAR, Layout

Sides = tuple[tuple[int, ...], tuple[int, ...]]


def sides_of(code: int, mover: int) -> Sides:
    """(human's 25 slots, computer's 25 slots) of a position code seen from ``mover``."""
    return unpack(code if mover == HUMAN else swap(code))


@dataclass
class Flight:
    """A move being animated, checker by checker."""

    mover: int
    """HUMAN or AI."""
    start: int
    """The position code (mover's view) before the first step."""
    steps: tuple[PlayedStep, ...]
    """The steps, each with the code after it."""
    step_time: float
    """Seconds per step."""
    index: int = 0
    """The step in flight."""
    t: float = 0.0
    """Seconds into the current step."""

    def code(self) -> int:
        """The board (mover's view) with the steps landed so far."""
        return self.steps[self.index - 1].after if self.index else self.start

    def is_done(self) -> bool:
        """True when every step has landed."""
        return self.index >= len(self.steps)

    def advance(self, dt: float) -> int:
        """Move on by ``dt`` seconds; returns how many checkers landed."""
        self.t += dt
        landed = 0
        while not self.is_done() and self.t >= self.step_time:
            self.t -= self.step_time
            self.index += 1
            landed += 1
        return landed

    def view(self, lay: Layout) -> tuple[Sides, tuple[float, float]]:
        """The board without the checker in the air, and where that checker is drawn now."""
        before = self.code()
        step = self.steps[self.index].step
        human = self.mover == HUMAN
        mine, theirs = (list(x) for x in sides_of(before, self.mover))
        own = mine if human else theirs
        x0, y0 = checker_xy(lay, (tuple(mine), tuple(theirs)), human, step.src, arriving=False)
        own[slot(step.src)] -= 1
        lifted = (tuple(mine), tuple(theirs))
        # where it lands: what is on the destination without it (a hit blot stays until it lands)
        x1, y1 = checker_xy(lay, lifted, human, step.dst, arriving=True)
        t = min(1.0, self.t / self.step_time)
        e = t * t * (3 - 2 * t)
        lift = -lay.unit * 0.6 * (4 * t * (1 - t))
        return lifted, (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e + lift)


def checker_xy(lay: Layout, sides: Sides, human: bool, point: int, arriving: bool) -> tuple[float, float]:
    """Screen centre of the top checker (or the next one, ``arriving``) of a side at its own ``point``."""
    own = sides[0] if human else sides[1]
    if point == OFF:
        r = lay.off_slab(human, 15 - sum(own))
        return float(r.centerx), float(r.centery)
    n = own[slot(point)]
    k = n if arriving else max(0, n - 1)
    if point == BAR:
        return lay.checker_center(BAR, k) if human else lay.their_bar_center(k)
    return lay.checker_center(on_screen(point, human), k)


def code_of(sides: Sides, mover: int) -> int:
    """The position code of (human, computer) sides, seen from ``mover``."""
    human, ai = sides
    return pack(human, ai) if mover == HUMAN else pack(ai, human)
