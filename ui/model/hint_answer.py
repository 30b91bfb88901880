"""The worker's answer to a hint of one set-up position, as the analysis dialogs list it (no pygame).

The editor's analysis and the IDs' analysis both ask the worker for the hint of a position they
hold: the best moves when the dice are set, the cube decision before the roll. :class:`HintAnswer`
keeps that request and its answer; :func:`ui.text.analysis.answer_lines` words it the same way for both.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.worker.messages import CubeAnswer, Event, Failed, Finished, RankedMove

Line = tuple[str, bool]
"""A line of the answer and whether it is strong (a move, the cube action, a failure)."""


@dataclass
class HintAnswer:
    """One hint request of a position and what the worker answered (at most one of moves, cube and
    failure is set)."""

    depth: int
    """The search depth asked for."""
    request: int | None = None
    """The worker's request, once started."""
    moves: list[RankedMove] | None = None
    """The ranked moves, once answered (dice set)."""
    cube: CubeAnswer | None = None
    """The cube decision, once answered (no dice)."""
    failure: str = ""
    """Why the worker could not answer."""

    def is_waiting(self) -> bool:
        """True until the answer (or a failure) is in."""
        return self.moves is None and self.cube is None and not self.failure

    def take(self, event: Event) -> None:
        """Keep ``event`` if it answers this request (events for other requests are let be)."""
        if self.request is None or event.request_id != self.request:
            return
        if isinstance(event, Finished):
            self.moves = list(event.moves)
        elif isinstance(event, CubeAnswer):
            self.cube = event
        elif isinstance(event, Failed):
            self.failure = event.message
