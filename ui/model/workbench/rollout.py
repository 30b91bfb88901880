"""The rollout dialog's model (no pygame): the settings the player edits, and the results as rows.

:class:`RolloutForm` holds the choices (trials, truncation, cubeful, candidates, depth inside,
seed) and makes the :class:`ai.rollout.settings.RolloutSettings`; :func:`result_rows` turns a
rollout's results, so far or final, into the lines the dialog draws; :class:`Stopwatch` is the
time the dialog shows, running from Start and standing still once the rollout stops.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace

from ai.engine_types import Z95, RolloutResult, RolloutSettings, default_jobs
from ui.model.hint_answer import chances as both_chances

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

    def label(self, name: str) -> tuple[str, str]:
        """(what the row is, its value) in words."""
        match name:
            case "trials":
                return "Trials", f"{self.trials}"
            case "truncate":
                stop = f"after {self.truncate} plies" if self.truncate else "none: play to the end"
                return "Truncation", stop
            case "cubeful":
                return "Cube", "cubeful: the cube is used in the games" if self.cubeful else "cubeless"
            case "candidates":
                return "Candidates", f"the best {self.candidates} moves by the search"
            case "depth":
                return "Play inside", f"depth {self.depth}" + (" (slow)" if self.depth > 1 else "")
            case _:
                return "Seed", f"{self.seed}  (type digits; N: a new one)"

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


def result_rows(r: RolloutResult, match: bool) -> list[ResultRow]:
    """The candidates of ``r`` as lines, best first (cube: no double, take, pass); before any
    trial is counted, the candidates with their values still to come."""
    rows = []
    for i, c in enumerate(r.candidates):
        if c.trials == 0 and not c.exact:
            rows.append(
                ResultRow(
                    c.label, "…", "no trial counted" if r.done else "playing the first round", "", False
                )
            )
            continue
        lo, hi = c.equity - Z95 * c.se, c.equity + Z95 * c.se
        interval = "exact" if c.exact else f"{lo:+.3f} to {hi:+.3f}"
        chances = both_chances(c.probs)
        if r.cube is not None:
            chosen = 0 if not r.cube.double else (1 if r.cube.take else 2)
            best = i == chosen and (r.clear or r.done)
        else:
            best = i == 0 and (r.clear or r.done) and len(r.candidates) > 1
        unit = "EMG " if match else ""
        rows.append(ResultRow(c.label, f"{unit}{c.equity:+.3f} ± {c.se:.3f}", interval, chances, best))
    return rows


def status_line(r: RolloutResult | None, failure: str = "", seconds: float | None = None) -> str:
    """Trials done (and the games of the rounds under way), the time spent (``seconds``, the
    dialog's stopwatch; else the rollout's own) and left, and why it stopped."""
    if failure:
        return f"The rollout failed: {failure}"
    spent = f"{(r.seconds if r is not None else 0.0) if seconds is None else seconds:.0f} s"
    if r is None:
        return "Starting the rollout…" + (f" {spent}" if seconds is not None else "")
    left = r.seconds_left
    parts = [f"{r.trials} of {r.total} trials"]
    if r.ply and not r.done:
        parts.append(f"{r.in_play:.0f} more under way, at ply {r.ply}")
    elif not r.trials and not r.done:
        jobs = r.settings.jobs
        parts.append(f"starting the games ({jobs} job{'s' * (jobs != 1)})")
    parts.append(spent)
    if r.stopped == "clear":
        parts.append("stopped: the best is clear beyond its error")
    elif r.stopped == "cancelled":
        parts.append("stopped")
    elif r.done:
        parts.append("done")
    elif left is not None:
        parts.append(f"about {left:.0f} s left")
    parts.append(f"seed {r.seed}")
    return " · ".join(parts)


def verdict_line(r: RolloutResult) -> str:
    """The cube verdict, or which move is best and whether that is clear (nothing before the first
    round's trials are counted)."""
    if r.trials == 0 and any(not c.exact for c in r.candidates):
        if r.stopped:
            return "Stopped before the first round ended: no value yet."
        return "No value yet: the first round of trials is being played."
    if r.cube is not None:
        action = cube_words(r.cube.double, r.cube.take)
        return f"{action} ({'clear' if r.clear else 'not yet clear'})"
    if not r.candidates:
        return "No legal move: the turn passes."
    if len(r.candidates) == 1:
        return f"{r.best.label} is the only candidate."
    return f"Best: {r.best.label}" + (" — clear beyond its error" if r.clear else " — not yet clear")


def cube_words(double: bool, take: bool) -> str:
    """The right cube action in words."""
    if double:
        return "Double, take" if take else "Double, pass"
    return "No double, take" if take else "Too good to double (a double would be passed)"
