"""The rollout dialog's model (no pygame): the settings the player edits, and the results as rows.

:class:`RolloutForm` holds the choices (trials, truncation, cubeful, candidates, depth inside,
seed) and makes the :class:`ai.rollout.settings.RolloutSettings`;
:func:`ui.text.analysis.result_rows` turns a rollout's results, so far or final, into the
:class:`ResultRow` lines the dialog draws; :class:`Stopwatch` is the time the dialog shows, running
from Start and standing still once the rollout stops.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace

from ai.engine_types import RolloutSettings, default_jobs

TRIALS = (36, 144, 324, 648, 1296, 2592, 5184)
"""The trial counts offered (multiples of 36: every first roll equally often)."""

TRUNCATE = (0, 5, 7, 10, 15, 20)
"""Plies after which each game stops and is evaluated (0: played to the end)."""

CANDIDATES = (2, 3, 4, 5, 6, 8, 10)
"""How many of the search's best moves are rolled out."""

DEPTHS = (1, 2)
"""The search depth of the play inside the games (deeper is far slower)."""

FIELDS = ("trials", "truncate", "cubeful", "candidates", "depth", "seed")
"""The form's rows, top to bottom."""

SEED_DIGITS = 9
"""The longest seed typed in the form."""


def _step(options: tuple[int, ...], value: int, step: int) -> int:
    i = options.index(value) if value in options else 0
    return options[(i + step) % len(options)]


@dataclass
class RolloutForm:
    """The settings of one rollout as the player edits them."""

    checker: bool
    """A checker play (the candidates row shows); else a cube decision."""

    trials: int = 1296
    truncate: int = 0
    cubeful: bool = True
    candidates: int = 5
    depth: int = 1
    seed: int = field(default_factory=lambda: secrets.randbelow(10**SEED_DIGITS))

    def fields(self) -> list[str]:
        """The rows shown (the candidates only for a checker play)."""
        return [f for f in FIELDS if f != "candidates" or self.checker]

    def change(self, name: str, step: int) -> None:
        """Move the value of row ``name`` one ``step`` along its choices (the seed: a new one)."""
        match name:
            case "trials":
                self.trials = _step(TRIALS, self.trials, step)
            case "truncate":
                self.truncate = _step(TRUNCATE, self.truncate, step)
            case "cubeful":
                self.cubeful = not self.cubeful
            case "candidates":
                self.candidates = _step(CANDIDATES, self.candidates, step)
            case "depth":
                self.depth = _step(DEPTHS, self.depth, step)
            case "seed":
                self.seed = secrets.randbelow(10**SEED_DIGITS)

    def type_seed(self, char: str) -> bool:
        """A digit typed on the seed row (Backspace: ``"\\b"``); True when the seed changed."""
        digits = str(self.seed)
        if char == "\b":
            digits = digits[:-1] or "0"
        elif char.isdigit() and len(char) == 1:
            digits = (digits + char).lstrip("0")[:SEED_DIGITS] or "0"
        else:
            return False
        self.seed = int(digits)
        return True

    def settings(self, jobs: int | None = None) -> RolloutSettings:
        """What the rollout is asked to do (on every core unless ``jobs`` says otherwise)."""
        return RolloutSettings(
            trials=self.trials,
            truncate=self.truncate,
            cubeful=self.cubeful,
            depth=self.depth,
            seed=self.seed,
            jobs=jobs if jobs is not None else default_jobs(),
            candidates=self.candidates,
        )


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One candidate's line in the dialog."""

    label: str
    """The move or the cube action."""
    equity: str
    """The equity (or EMG) with its standard error."""
    interval: str
    """The 95% interval."""
    chances: str
    """Both sides' win, gammon and backgammon (the side on roll's, then the other side's)."""
    best: bool
    """The best candidate, marked once it is clear beyond its error (or the finished verdict)."""


@dataclass(frozen=True, slots=True)
class Stopwatch:
    """A rollout's elapsed time as the dialog shows it: it runs from ``started`` (the app's clock)
    until ``stopped``, then stands still."""

    started: float
    """When the rollout started, on the app's clock."""
    stopped: float | None = None
    """When it stopped (Stop, the answer, a failure); None while it runs."""

    def seconds(self, now: float) -> float:
        """The time it has run by ``now`` (the time it ran, once stopped)."""
        end = self.stopped if self.stopped is not None else now
        return max(0.0, end - self.started)

    def stop(self, now: float) -> Stopwatch:
        """Stopped at ``now`` (a stopped watch keeps its time)."""
        return self if self.stopped is not None else replace(self, stopped=now)
