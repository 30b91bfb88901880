"""Explanations ready to travel: ranked moves' facts with their whys, a judged play, a cube decision.

The engine's answers reach the window through the worker as frozen values (ai/worker/messages.py);
these are the values they carry for an explanation (no English: :mod:`ui.text.explain` words them,
and the command line writes them as JSON). Each is made from what the engine already found (the
ranked moves with their chances and equities, a cube decision's numbers and market) and the board
facts counted here (:func:`game.facts.board.board_facts`, the rules' own move generator), so the
window never counts a fact on its own thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.facts.board import board_facts
from game.facts.chances import Chances, CubeFacts, MoveFacts
from game.facts.why import CubeReason, Why, cube_why, explain, why
from game.rules.move import Move


class Ranked(Protocol):
    """A ranked move as the engine gives it (:class:`ai.ranking.RankedMove`, a review's option)."""

    @property
    def move(self) -> Move:
        """The move (its ``before`` and ``after`` positions)."""
        ...

    @property
    def probs(self) -> Sequence[float]:
        """The mover's five chances after it."""
        ...

    @property
    def equity(self) -> float:
        """Its equity for the mover."""
        ...


def move_facts(move: Move, probs: Sequence[float], equity: float) -> MoveFacts:
    """A move's facts: the board after it and the engine's ``probs`` and ``equity`` for it."""
    return MoveFacts(
        move.notation(), board_facts(move.before.code, move.after.code), Chances.of(probs, equity)
    )


def facts_of(ranked: Ranked) -> MoveFacts:
    """The facts of a ranked move."""
    return move_facts(ranked.move, ranked.probs, ranked.equity)


@dataclass(frozen=True, slots=True)
class PlayExplained:
    """One move set against another: the pair an explanation of a move is worded from."""

    this: MoveFacts
    """The move explained (the one played, or a listed one)."""

    other: MoveFacts | None
    """The move it is compared with: the best, or the runner-up when :attr:`this` is the best (None:
    a lone move)."""

    why: Why | None
    """How :attr:`this` differs from :attr:`other` (:func:`game.facts.why.why`); None with no other."""

    best: bool
    """:attr:`this` is the best move (ranked first)."""


@dataclass(frozen=True, slots=True)
class Explained:
    """A ranked list's explanations, best first: each move's facts and its why."""

    facts: tuple[MoveFacts, ...]
    """Each listed move's facts, in the list's order (best first)."""

    why: tuple[Why | None, ...]
    """Each one's why (:func:`game.facts.why.explain`: the best against the runner-up, every other
    against the best; None for a lone move)."""

    @classmethod
    def of(cls, ranked: Sequence[Ranked]) -> Explained:
        """The explanations of ``ranked`` (best first)."""
        facts = tuple(facts_of(r) for r in ranked)
        return cls(facts, tuple(explain(facts)))

    def pair(self, index: int) -> PlayExplained:
        """Move ``index`` of the list against the move it is compared with."""
        other = (self.facts[1] if len(self.facts) > 1 else None) if index == 0 else self.facts[0]
        return PlayExplained(self.facts[index], other, self.why[index], index == 0)


def play_explained(options: Sequence[Ranked], played: Ranked) -> PlayExplained:
    """A judged play: ``played`` against the best of ``options`` (best first), or, when it is the
    best, against the runner-up."""
    mine = facts_of(played)
    best = options[0]
    if best.move.after.code == played.move.after.code:
        runner_up = facts_of(options[1]) if len(options) > 1 else None
        return PlayExplained(mine, runner_up, None if runner_up is None else why(mine, runner_up), True)
    other = facts_of(best)
    return PlayExplained(mine, other, why(mine, other), False)


@dataclass(frozen=True, slots=True)
class CubeExplained:
    """A cube decision's numbers and which way each points (the doubler's view before its roll)."""

    facts: CubeFacts
    """The chances, the three equities, the take point at the score and the market losers."""

    why: tuple[CubeReason, ...]
    """:func:`game.facts.why.cube_why` of them."""

    @classmethod
    def of(cls, facts: CubeFacts) -> CubeExplained:
        """The reasons of ``facts``."""
        return cls(facts, cube_why(facts))


DecisionExplained = PlayExplained | CubeExplained
"""What explains one judged decision of a review: a checker play or a cube decision."""
