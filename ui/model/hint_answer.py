"""The worker's answer to a hint of one set-up position, as the analysis dialogs list it (no pygame).

The editor's analysis and the IDs' analysis both ask the worker for the hint of a position they
hold: the best moves when the dice are set, the cube decision before the roll. :class:`HintAnswer`
keeps that request and its answer, and words it the same way for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.engine_types import CubeAdvice
from ai.worker.messages import CubeAnswer, Failed, Finished, RankedMove
from game.records.matchid import MatchInfo
from game.rules.cube import can_double

Line = tuple[str, bool]
"""A line of the answer and whether it is strong (a move, the cube action, a failure)."""


def mine(probs: Sequence[float]) -> str:
    """The chances of the side the probabilities are for: win, gammon and backgammon."""
    return f"win {probs[0]:.1%} g {probs[1]:.1%} bg {probs[2]:.1%}"


def theirs(probs: Sequence[float]) -> str:
    """The other side's chances: its win (the first side's loss), gammon and backgammon."""
    return f"lose {1.0 - probs[0]:.1%} g {probs[3]:.1%} bg {probs[4]:.1%}"


def chances(probs: Sequence[float]) -> str:
    """Both sides' win, gammon and backgammon chances in a line (``probs``: win, win gammon, win
    backgammon, lose gammon, lose backgammon of the first side)."""
    return f"{mine(probs)} · {theirs(probs)}"


def proper_action(nd: float, dt: float, dp: float) -> str:
    """The right cube action from the doubler's equities (no double, double/take, double/pass)."""
    return CubeAdvice.from_equities(nd, dt, dp).words


def cube_action(answer: CubeAnswer, info: MatchInfo) -> str:
    """The cube action for the side on roll, or why it cannot double (the Crawford game, the cube
    on the other side)."""
    if can_double(info.cube, info.on_roll, crawford=info.crawford):
        return proper_action(answer.nd, answer.dt, answer.dp)
    why = "the Crawford game" if info.crawford else "the cube is the other side's"
    return f"No double possible: {why}."


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

    def take(self, event: object) -> None:
        """Keep ``event`` if it answers this request (events for other requests are let be)."""
        if self.request is None or getattr(event, "request_id", None) != self.request:
            return
        if isinstance(event, Finished):
            self.moves = list(event.moves)
        elif isinstance(event, CubeAnswer):
            self.cube = event
        elif isinstance(event, Failed):
            self.failure = event.message

    def lines(self, who: str, info: MatchInfo) -> list[Line]:
        """The answer for ``who`` on roll ("you", "the player") in ``info``'s match state: a
        heading, then the moves with their chances, or the cube action and its three equities."""
        head = f"At depth {self.depth}, for {who} on roll:"
        if self.failure:
            return [(f"The AI could not answer: {self.failure}", True)]
        if self.moves is not None:
            if not self.moves:
                return [(head, False), ("No legal move: the turn passes.", True)]
            out = [(head, False)]
            for i, m in enumerate(self.moves):
                out.append((f"{i + 1}. {m.move.notation()}  {m.equity:+.3f}", True))
                out.append((chances(m.probs), False))
            return out
        if self.cube is not None:
            c = self.cube
            return [
                (head, False),
                (cube_action(c, info), True),
                (f"No double {c.nd:+.3f}", False),
                (f"Double, take {c.dt:+.3f}", False),
                (f"Double, pass {c.dp:+.3f}", False),
                (chances(c.probs), False),
            ]
        if self.request is None:
            return [("Waiting for the computer's search…", False)]
        return [(f"Searching at depth {self.depth}…", False)]
