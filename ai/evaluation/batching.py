"""The AI's batch sizes, all in one place: how many boards go to the evaluator at once, when copies
are looked for first, and how long a list of positions is worked on between two stop checks.

Each caller of :func:`ai.evaluation.values.mover_values` names its :class:`Batching`: the search
(and the cube's searches) checks its stop flag between batches of :data:`SEARCH`, rollouts play
a ply at a time in batches of :data:`ROLLOUT`, and the training games and one cube question hand
over :data:`WHOLE` lists. An evaluator's values depend on the batch they come in by the last
float32 bit (its matrix products add in a different order), so a caller's batches are part of
its answers: changing one of these changes answers at that bit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Batching:
    """How one caller's boards go to the evaluator."""

    chunk: int | None
    """Most boards handed to the evaluator at once, a stop check before each batch (None: the whole
    list in one batch)."""

    dedupe_from: int | None
    """Fewest boards worth looking for copies among (:func:`ai.evaluation.distinct_rows.distinct_rows`),
    each distinct board then evaluated once (None: never looked for)."""


SEARCH = Batching(chunk=1024, dedupe_from=128)
"""The search: a batch of 1024 takes a few milliseconds, which keeps a cancel well under 100 ms;
below 128 boards finding copies (some 20 microseconds) costs more than evaluating the few there
are (about 1.3 microseconds a board)."""

ROLLOUT = Batching(chunk=4096, dedupe_from=None)
"""A rollout's ply: all its games' results, with no stop check inside (the rollout checks between
plies)."""

WHOLE = Batching(chunk=None, dedupe_from=None)
"""One batch as it comes: a cube question's results, the training games' moves, a rollout's
positions at its truncation."""

SLICE = 8192
"""Longest list of positions or results turned into boards, pre-screened or looked up between
two stop checks of a search."""

BLOCK = 256
"""Most positions whose every roll's moves are generated at once (:func:`ai.all_rolls.all_rolls`;
larger blocks outgrow the processor's caches)."""
