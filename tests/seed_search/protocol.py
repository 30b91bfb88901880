"""A small interface for two-player games with chance, which search algorithms use.

Modelled on OpenSpiel: a game object answers questions about immutable states and
makes new ones. Players are 0 and 1; chance is :data:`CHANCE`. Any game that
implements :class:`Game` can be searched by :mod:`seed_search.search`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

CHANCE = -1
"""The current player at a chance node."""

S = TypeVar("S", bound=Hashable)
A = TypeVar("A")


class Game(Protocol[S, A]):
    """The game protocol: everything a search needs to know about a game."""

    def current_player(self, state: S) -> int:
        """0 or 1, or :data:`CHANCE` when the next event is random."""
        ...

    def is_chance_node(self, state: S) -> bool:
        """True when the next event is random (dice to roll)."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]:
        """At a chance node: each outcome with its probability (they sum to 1)."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """At a decision node: the actions the current player may take (never empty)."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after an action or a chance outcome."""
        ...

    def is_terminal(self, state: S) -> bool:
        """True when the game is over."""
        ...

    def returns(self, state: S) -> tuple[float, float]:
        """At a terminal state: the points each player (0, 1) gets."""
        ...
