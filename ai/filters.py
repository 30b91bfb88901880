"""The search's move filters: how much of the tree it leaves out (forward pruning, as gnubg's).

:mod:`ai.search` describes what each setting cuts; :data:`DEFAULT_FILTERS` are the game's,
:data:`FULL_WIDTH` none at all (exact expectiminimax).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ai.levels import MAX_DEPTH


@dataclass(frozen=True, slots=True)
class Filters:
    """Forward pruning settings (gnubg-style move filters); see :mod:`ai.search`."""

    root: tuple[tuple[int, float], ...] = ((8, 0.16), (4, 0.10), (2, 0.04))
    """For depths 2, 3, 4: (keep, margin): how many of the previous depth's best candidates
    are searched deeper, and how far (in equity) behind the best they may be. Depth 4 keeps
    GNU Backgammon's last filter at 3 ply, 2 within 0.04 (3 within 0.06 before: the same loss
    per move on 600 positions, 6 choices changed, a quarter less time)."""

    inner: tuple[int, ...] = (1, 1, 1)
    """For inner decision nodes with 2, 3, 4 decisions left: results kept per roll, chosen
    by the static score."""

    prescreen: int = 24
    """At every decision node below the root, a roll with more results than this has only
    this many evaluated: the best by :func:`ai.evaluation.hand.move_scores`, a quick score (gnubg
    pre-screens with a small net in the same way). Only long lists are cut (big doubles)."""

    prune: int = 5
    """At the deepest level, where every result is otherwise evaluated, a roll with ``n`` results
    that leave the sides in contact (judged by its first result) has only the best
    ``prune + floor(log2(n))`` by the quick score evaluated, as GNU Backgammon prunes inside its
    n-ply evaluations (five plus the same logarithm, chosen by its small pruning nets). Races are
    left whole: the quick score does not rank race moves. It saves about a sixth of the time at
    depths 3 and 4; the loss per move against GNU Backgammon stayed within noise
    (``docs/architecture.md``)."""

    settle: bool = True
    """When a root filter leaves a single candidate, the search ends there: that candidate is the
    move, valued at the depth it reached (GNU Backgammon stops the same way). Searching it deeper
    could not change the choice, only its value; callers that need every value at the full depth
    (the temperature map, the review's best move) turn it off or deepen the one they need."""

    def __post_init__(self) -> None:
        if len(self.root) != MAX_DEPTH - 1 or len(self.inner) != MAX_DEPTH - 1:
            raise ValueError(f"Filters need {MAX_DEPTH - 1} root and {MAX_DEPTH - 1} inner settings")
        if (
            any(keep < 1 or margin < 0 for keep, margin in self.root)
            or any(k < 1 for k in self.inner)
            or self.prescreen < 1
            or self.prune < 1
        ):
            raise ValueError("filters must keep at least one candidate with a margin of 0 or more")


UNLIMITED = 1 << 30
"""A filter size larger than any move list."""

FULL_WIDTH = Filters(
    root=((UNLIMITED, math.inf),) * 3,
    inner=(UNLIMITED,) * 3,
    prescreen=UNLIMITED,
    prune=UNLIMITED,
    settle=False,
)
"""No forward pruning at all: exact expectiminimax (slow beyond depth 2)."""

DEFAULT_FILTERS = Filters()
"""The filters the game uses."""

SCORING_FILTERS = Filters(settle=False)
"""The game's filters without settling: for what compares or shows values at one depth (the
review's errors, the temperature map)."""
