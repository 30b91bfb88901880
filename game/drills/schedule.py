"""When a card comes back: each answer graded, and the next due date from FSRS.

The scheduling is the ``fsrs`` package's (the Free Spaced Repetition Scheduler, the one Anki uses),
not one written here: this module only grades an answer and keeps FSRS's card state as plain values
the deck stores. The grade follows the answer's error (:func:`grade`):

========  ==========================================================================
Good      right (the best move or action), the first time or after a wrong answer
Easy      right, and right the last time too
Hard      close: not the best, but costing less than the least error that makes a card
Again     wrong: costing at least that
========  ==========================================================================

Fuzzing (FSRS's random spread of intervals) is off, so a schedule follows from its answers alone.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler, State

DESIRED_RETENTION = 0.9
"""The share of cards FSRS aims to have remembered when they come back (its default)."""


class Grade(enum.IntEnum):
    """How an answer went, as FSRS rates a review."""

    AGAIN = Rating.Again
    """Wrong."""
    HARD = Rating.Hard
    """Close."""
    GOOD = Rating.Good
    """Right."""
    EASY = Rating.Easy
    """Right again."""


def grade(error: float, right: bool, close: float, right_before: bool = False) -> Grade:
    """The grade of an answer costing ``error`` (``right``: it is the best); ``close``: the least
    error that is wrong (the deck's threshold); ``right_before``: the card's last answer was right."""
    if right:
        return Grade.EASY if right_before else Grade.GOOD
    return Grade.HARD if error < close else Grade.AGAIN


@dataclass(frozen=True, slots=True)
class Schedule:
    """FSRS's state of one card."""

    due: float
    """When it is next due, in seconds since the epoch (UTC)."""
    state: int = State.Learning
    """FSRS's state: 1 learning, 2 review, 3 relearning."""
    step: int | None = 0
    """The learning or relearning step (None in the review state)."""
    stability: float | None = None
    """FSRS's stability in days (None before the first answer)."""
    difficulty: float | None = None
    """FSRS's difficulty, 1..10 (None before the first answer)."""
    last_review: float | None = None
    """When it was last answered (None: never)."""
    reps: int = 0
    """Answers given."""
    lapses: int = 0
    """Wrong answers given."""
    last_right: bool = False
    """The last answer was right."""


def new_schedule(now: float) -> Schedule:
    """A new card's schedule: due at once, learning."""
    return Schedule(due=now)


def _when(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def next_schedule(schedule: Schedule, given: Grade, now: float, right: bool = False) -> Schedule:
    """The schedule after an answer graded ``given`` at ``now`` (``right``: the answer was the best)."""
    card = FsrsCard(
        card_id=1,
        state=State(schedule.state),
        step=schedule.step,
        stability=schedule.stability,
        difficulty=schedule.difficulty,
        due=_when(schedule.due),
        last_review=None if schedule.last_review is None else _when(schedule.last_review),
    )
    scheduler = Scheduler(desired_retention=DESIRED_RETENTION, enable_fuzzing=False)
    after, _ = scheduler.review_card(card, Rating(int(given)), review_datetime=_when(now))
    return Schedule(
        due=after.due.timestamp(),
        state=int(after.state),
        step=after.step,
        stability=after.stability,
        difficulty=after.difficulty,
        last_review=now,
        reps=schedule.reps + 1,
        lapses=schedule.lapses + (given is Grade.AGAIN),
        last_right=right,
    )


def retrievability(schedule: Schedule, now: float) -> float:
    """FSRS's chance that the card is remembered at ``now`` (0 for a card never answered)."""
    if schedule.last_review is None or schedule.stability is None:
        return 0.0
    card = FsrsCard(
        card_id=1,
        state=State(schedule.state),
        step=schedule.step,
        stability=schedule.stability,
        difficulty=schedule.difficulty,
        due=_when(schedule.due),
        last_review=_when(schedule.last_review),
    )
    scheduler = Scheduler(desired_retention=DESIRED_RETENTION, enable_fuzzing=False)
    return float(scheduler.get_card_retrievability(card, current_datetime=_when(now)))
