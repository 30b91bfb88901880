"""How a decision of a review was judged: by the search, or confirmed by a rollout, and how sure that is.

A review judges every decision by the search first (:mod:`ai.analysis.review`); the decisions it
would report are judged again by a rollout (:mod:`ai.analysis.confirm`), whose error comes with a
standard error from the same trials (every candidate played with the same dice). The verdict is
*settled* when the error's 95% interval lies inside one band: for a checker play the bands of
:mod:`ai.analysis.bands` (below doubtful, doubtful, bad, very bad), for a cube action the same
with one more edge at 0 (right or wrong). A verdict still spanning an edge when the rollout's
trials run out is *unsure*, and the review says so instead of naming an error it cannot vouch for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ai.analysis.bands import BAD, DOUBTFUL, VERY_BAD

Z = 1.959963984540054
"""The normal quantile of a 95% two-sided interval: the interval is the error ± Z standard errors."""

MOVE_EDGES = (DOUBTFUL, BAD, VERY_BAD)
"""The edges of a checker play's bands: an error's interval between two of them is settled."""

CUBE_EDGES = (0.0, DOUBTFUL, BAD, VERY_BAD)
"""The edges of a cube action's bands: right or wrong (0), then the bands' sizes."""


def edges(move: bool) -> tuple[float, ...]:
    """The band edges of a checker play (``move``) or a cube action."""
    return MOVE_EDGES if move else CUBE_EDGES


def settled(estimate: float, se: float, move: bool) -> bool:
    """True when ``estimate`` ± :data:`Z` ``se`` crosses no band edge (``move``: a checker play's,
    else a cube action's)."""
    low, high = estimate - Z * se, estimate + Z * se
    return not any(low < edge < high for edge in edges(move))


@dataclass(frozen=True, slots=True)
class Judgement:
    """How one decision's error was found."""

    depth: int
    """The depth of the search that judged it first (the cube's depth for a cube action)."""

    trials: int = 0
    """Trials of the rollout that judged it again (0: the search's verdict stands)."""

    estimate: float = 0.0
    """The rollout's error, best candidate less the choice made; below 0 when the choice made
    did better (the decision's ``error`` is this, or 0)."""

    se: float = 0.0
    """The standard error of :attr:`estimate`, from the same trials."""

    truncate: int = 0
    """The rollout's truncation, in plies (0: played to the end)."""

    settled: bool = True
    """The interval crosses no band edge (:func:`settled`); False: unsure when the trials ran out."""

    search_error: float = 0.0
    """The search's error, before the rollout (the error itself when not rolled out)."""

    rolled: tuple[tuple[str, float, float], ...] = ()
    """Each candidate rolled out, best first: its move or cube action, its equity and that
    equity's standard error."""

    @property
    def confirmed(self) -> bool:
        """Judged again by a rollout."""
        return self.trials > 0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rollout's error (the search's error twice over when not rolled out)."""
        if not self.confirmed:
            return self.search_error, self.search_error
        return self.estimate - Z * self.se, self.estimate + Z * self.se

    @property
    def half_width(self) -> float:
        """Half the width of :attr:`interval` (0 when not rolled out): the ``± 0.012`` said with the
        error."""
        low, high = self.interval
        return (high - low) / 2

    def to_json(self) -> dict[str, object]:
        """How it was judged, JSON-ready: the depth, and a rollout's trials, interval and whether
        the interval is settled."""
        if not self.confirmed:
            return {"by": "search", "depth": self.depth}
        low, high = self.interval
        return {
            "by": "rollout",
            "depth": self.depth,
            "trials": self.trials,
            "truncate": self.truncate,
            "error": round(self.estimate, 5),
            "se": round(self.se, 5),
            "interval": [round(low, 5), round(high, 5)],
            "settled": self.settled,
            "search_error": round(self.search_error, 5),
        }


@dataclass(frozen=True, slots=True)
class Confirmation:
    """One decision judged again by a rollout, outside a review (the tutor's catch)."""

    judged: Judgement
    """How: the rollout's trials, error, standard error and whether it is settled."""

    best: str
    """The better choice in the review's words: a move's notation, or the cube action
    (``no double``, ``double, take``, ``take``, ``pass``...)."""

    cube: tuple[float, float, float] | None = None
    """A cube decision's rolled-out (ND, DT, DP), the doubler's side; None for a checker play."""

    @property
    def error(self) -> float:
        """The error counted: the rollout's, or 0 where the choice made did better."""
        return max(0.0, self.judged.estimate)


@dataclass(frozen=True, slots=True)
class ConfirmSettings:
    """How a review judges again, by rollouts, the decisions it would report
    (:mod:`ai.analysis.confirm`)."""

    mode: str = "default"
    """Its name (:data:`CONFIRM_MODES`)."""

    max_trials: int = 144
    """The most trials of one decision's rollout: its budget (rounds of 36)."""

    min_trials: int = 36
    """The least trials before a rollout may stop as settled."""

    truncate: int = 7
    """Each trial is played this many plies and valued there by the evaluation."""

    move_least: float = 0.02
    """Checker plays whose error the search puts at this or more are rolled out: the doubtful band
    starts at 0.03, and where the search puts a play at 0.02-0.03 it is off GNU Backgammon's 2-ply
    by about 0.02 a play (``docs/analysis.md``), so such a play may be doubtful."""

    move_close: float = 0.02
    """A play the search calls best by less than this over the next move is rolled out against that
    move: the search cannot tell the two apart, and where it calls the played move best by a guess
    the error it hides is counted nowhere (``docs/analysis.md``)."""

    cube_margin: float = 0.1
    """Cube decisions within this of a threshold (double or not, take or pass) are rolled out, as
    is every cube action the search calls wrong."""

    seed: int = 1
    """The rollouts' dice: the same seed, the same verdicts."""

    def __post_init__(self) -> None:
        if not 36 <= self.min_trials <= self.max_trials:
            raise ValueError(f"trials must be 36 <= min <= max, got {self.min_trials}, {self.max_trials}")
        if self.truncate < 0:
            raise ValueError(f"truncate must be 0 (none) or more, got {self.truncate}")


CONFIRM_MODES: Mapping[str, ConfirmSettings | None] = MappingProxyType(
    {
        "quick": None,
        "default": ConfirmSettings(),
        "thorough": ConfirmSettings("thorough", max_trials=576, truncate=10),
    }
)
"""The analysis's modes: ``quick`` (the search alone), ``default`` (the reported decisions
confirmed by short rollouts), ``thorough`` (longer ones, more trials)."""
