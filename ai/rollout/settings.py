"""What a rollout is asked to do, and what it answers: plain, frozen values.

They travel between processes (the rollout's jobs, the AI worker and the window), so they
hold only numbers, strings and tuples. :mod:`ai.rollout.run` does the work.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ai.levels import MAX_DEPTH

ROUND = 36
"""Trials are played and counted in rounds of 36: each round sees every first roll once
(:mod:`ai.rollout.dice`), so a rollout stopped early is still stratified."""

DEFAULT_TRIALS = 1296
"""36 squared: every pair of first two rolls once."""

DEFAULT_CANDIDATES = 5
"""The best moves by the search that are rolled out, unless the player asks for more or fewer."""

Z95 = 1.959963984540054
"""The normal quantile of a 95% two-sided interval."""


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    """How to roll out; the defaults are the issue's (1296 trials, variance reduction, depth 1)."""

    trials: int = DEFAULT_TRIALS
    """Games played for each candidate (rounded up to a whole round of 36)."""

    truncate: int = 0
    """Stop each game after this many plies (half-moves) and take the evaluation there; 0: play
    to the end (or to the bear-off database)."""

    cubeful: bool = True
    """Play the games with the cube (both sides double, take and pass by the cube model) and report
    cubeful equity (money) or EMG (match); False: cubeless probabilities and equity."""

    variance_reduction: bool = True
    """Subtract each roll's luck, measured against the average of all 21 rolls."""

    quasi_random: bool = True
    """Stratified first two rolls (each of the 36 first rolls once a round, every pair of the
    first two once in 1296 trials); later rolls from the seed's generator."""

    depth: int = 1
    """The search depth of the checker play inside the games (1: the best move by the evaluation)."""

    seed: int = 1
    """All the dice come from this number: the same seed, the same games (and answer)."""

    jobs: int = 1
    """Processes that play the trials (each a share of the rounds); the answer does not depend on it."""

    stop_z: float | None = 2.0
    """Stop early once the best candidate leads every other by this many standard errors of the
    difference (the same dice make the difference far surer than either value); None: never."""

    min_trials: int = 144
    """No early stop before this many trials."""

    bearoff_stop: bool = True
    """End a game once both sides are in the bear-off database, whose answer is exact (cubeless)."""

    candidates: int = DEFAULT_CANDIDATES
    """Checker play: how many of the search's best moves to roll out."""

    within: float | None = None
    """Checker play: only candidates within this equity of the search's best (with ``candidates``
    as the most)."""

    search_depth: int = 2
    """Checker play: the depth of the search that picks the candidates."""

    def __post_init__(self) -> None:
        if self.trials < 1:
            raise ValueError(f"trials must be at least 1, got {self.trials}")
        if self.truncate < 0:
            raise ValueError(f"truncate must be 0 (none) or more, got {self.truncate}")
        if not 1 <= self.depth <= MAX_DEPTH:
            raise ValueError(f"depth inside the rollout must be 1..{MAX_DEPTH}, got {self.depth}")
        if not 1 <= self.search_depth <= MAX_DEPTH:
            raise ValueError(f"search depth must be 1..{MAX_DEPTH}, got {self.search_depth}")
        if self.jobs < 1:
            raise ValueError(f"jobs must be at least 1, got {self.jobs}")
        if self.candidates < 1:
            raise ValueError(f"candidates must be at least 1, got {self.candidates}")
        if self.within is not None and not (math.isfinite(self.within) and self.within >= 0):
            raise ValueError(f"within must be a finite number, 0 or more, got {self.within}")
        if self.stop_z is not None and not (math.isfinite(self.stop_z) and self.stop_z > 0):
            raise ValueError(f"stop_z must be a finite positive number, got {self.stop_z}")

    @property
    def rounds(self) -> int:
        """Whole rounds of :data:`ROUND` trials asked for."""
        return math.ceil(self.trials / ROUND)


@dataclass(frozen=True, slots=True)
class CandidateResult:
    """One candidate's rolled-out value so far, from the side that chose it."""

    label: str
    """The move in GNU Backgammon's notation, or the cube action ("No double", ...)."""

    position_id: str
    """The position the games start from (side on roll), as a Position ID."""

    equity: float
    """Mean equity: cubeless money equity, cubeful money equity per cube unit, or EMG in a match
    (cubeless in a match: the dead-cube EMG)."""

    se: float
    """Standard error of ``equity`` (0 for a value known exactly)."""

    probs: tuple[float, float, float, float, float]
    """Mean win, win gammon, win backgammon, lose gammon, lose backgammon (cubeless play's chances)."""

    trials: int
    """Games averaged."""

    prior: float = 0.0
    """The search's equity of this candidate (what picked it)."""

    exact: bool = False
    """Known without playing (a move that wins at once, a double that is passed)."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the equity."""
        return (self.equity - Z95 * self.se, self.equity + Z95 * self.se)


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """A rollout's answer, or its state while it runs: the candidates, best first."""

    candidates: tuple[CandidateResult, ...]
    """Checker play: the moves, best first by rolled-out equity. Cube: no double, double/take,
    double/pass, in that order."""

    trials: int
    """Trials done (per candidate)."""

    total: int
    """Trials planned."""

    seconds: float
    """Time so far."""

    seed: int
    """The seed the dice came from."""

    settings: RolloutSettings = field(default_factory=RolloutSettings)
    """What was asked."""

    clear: bool = False
    """The best candidate leads every other beyond ``settings.stop_z`` standard errors (checker
    play), or both cube verdicts are that clear (cube)."""

    stopped: str = ""
    """Why it ended before ``total``: "clear", "settled" (its caller's test), "cancelled", or ""
    (finished, or still running)."""

    cube: CubeVerdict | None = None
    """For a cube decision: the verdicts from the rolled-out values."""

    in_play: float = 0.0
    """Trials' worth of games over in the rounds still being played, not yet in ``trials`` (a
    round counts once every game of it is over, and rounds count in order)."""

    ply: int = 0
    """The furthest ply the rounds being played have reached (0: none is under way)."""

    covariance: tuple[tuple[float, ...], ...] = ()
    """The covariance of the candidates' mean equities (in the order of ``candidates``) over the
    same trials: the same dice for every candidate make two candidates' means move together, so
    a difference between them is far surer than either (:meth:`se_of_difference`). Empty before
    any trial is counted."""

    @property
    def done(self) -> bool:
        """All trials are in, or it stopped."""
        return self.trials >= self.total or bool(self.stopped)

    @property
    def fraction(self) -> float:
        """How much of the rollout is played, 0 to 1: the trials counted and the games over in
        the rounds under way."""
        if self.total <= 0:
            return 0.0
        return min(1.0, (self.trials + self.in_play) / self.total)

    @property
    def seconds_left(self) -> float | None:
        """A guess at the time to the end, from the pace so far (None before any game is over)."""
        if self.done:
            return 0.0 if self.trials > 0 else None
        played = self.fraction
        if played <= 0.0:
            return None
        return self.seconds * (1.0 - played) / played

    @property
    def best(self) -> CandidateResult:
        """The first candidate (the best of a checker play)."""
        return self.candidates[0]

    def se_of_difference(self, i: int, j: int) -> float:
        """The standard error of candidate ``i``'s equity less candidate ``j``'s, from the same
        trials (:attr:`covariance`); 0 when no trial is counted or both are known exactly."""
        if not self.covariance or i == j:
            return 0.0
        v = self.covariance
        return math.sqrt(max(0.0, v[i][i] + v[j][j] - 2.0 * v[i][j]))


@dataclass(frozen=True, slots=True)
class CubeVerdict:
    """The cube decision from a rollout: double or not, take or pass, and the position's value."""

    double: bool
    """The side on roll should double."""

    take: bool
    """The opponent should take a double."""

    equity: float
    """The position's value with the right cube action (ND, or the smaller of DT and DP)."""

    se: float
    """Its standard error."""
