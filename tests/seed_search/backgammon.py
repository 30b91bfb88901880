"""Backgammon on the game protocol (:mod:`seed_search.protocol`)."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.dice import ROLLS
from game.rules.move import Move
from game.rules.state import GameState
from seed_search.protocol import CHANCE

Action = Move | tuple[int, int]
"""A move at a decision node, a roll (dice) at a chance node."""

OPENING_OUTCOMES: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), 1 / 30) for a in range(1, 7) for b in range(1, 7) if a != b
)
"""The opening roll: (player 0's die, player 1's die), ties re-rolled, so 30 outcomes."""

ROLL_OUTCOMES: tuple[tuple[tuple[int, int], float], ...] = tuple(((a, b), p) for a, b, p in ROLLS)


class Backgammon:
    """Cubeless backgammon, one game; returns are the points won (1, 2 or 3)."""

    def current_player(self, state: GameState) -> int:
        if state.dice is None:
            return CHANCE
        assert state.turn is not None
        return state.turn

    def is_chance_node(self, state: GameState) -> bool:
        return state.dice is None and not state.is_over()

    def chance_outcomes(self, state: GameState) -> Sequence[tuple[tuple[int, int], float]]:
        return OPENING_OUTCOMES if state.is_opening() else ROLL_OUTCOMES

    def legal_actions(self, state: GameState) -> Sequence[Move]:
        moves = state.legal_moves()
        if not moves:
            return [Move(state.position, state.position, ())]
        return moves

    def apply(self, state: GameState, action: Action) -> GameState:
        if isinstance(action, Move):
            return state.play(action)
        if state.is_opening():
            return state.after_opening_roll(*action)
        return state.with_dice(action)

    def is_terminal(self, state: GameState) -> bool:
        return state.is_over()

    def returns(self, state: GameState) -> tuple[float, float]:
        outcome = state.outcome()
        if outcome is None:
            return (0.0, 0.0)
        p = float(outcome.points)
        return (p, -p) if outcome.winner == 0 else (-p, p)
