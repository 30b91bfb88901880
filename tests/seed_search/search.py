"""Generic game-tree search over the game protocol (:mod:`seed_search.protocol`).

These are the classic algorithms as the textbooks state them, written for any
game that implements :class:`seed_search.protocol.Game`; the evaluation is passed in.
Values are always from the point of view of one player (``player``, 0 by
default): that player maximises, the other minimises.

* :func:`expectiminimax` — at a node where ``player`` moves the largest child
  value, where the opponent moves the smallest, at a chance node the
  probability-weighted average, and the heuristic value at depth 0 or the game's
  returns at a terminal node. Every node (chance nodes too) uses one unit of
  depth, as in the classic pseudocode.
* :func:`minimax` and :func:`alphabeta` — for games without chance; alpha-beta
  returns the minimax value while visiting fewer nodes.
* :func:`expectimax` — the opponent is not assumed to play its best: its moves
  are a chance node with the probabilities a known ``policy`` gives.

The backgammon AI itself uses :mod:`ai.search`, a batched and much faster
specialisation of :func:`expectiminimax`; this module is the reference and the
general tool.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from seed_search.protocol import Game

S = TypeVar("S", bound=Hashable)
A = TypeVar("A")

Evaluate = Callable[[S], float]
"""A heuristic: the value of a (non-terminal) state for the maximising player."""

Policy = Callable[[S], Sequence[tuple[A, float]]]
"""The opponent's known behaviour: each action it may take with its probability."""


@dataclass(slots=True)
class SearchStats:
    """Counters a search fills in."""

    nodes: int = 0
    """Nodes visited (every call on a state, leaves included)."""


def _leaf(game: Game[S, A], state: S, depth: int, evaluate: Evaluate[S], player: int) -> float | None:
    if game.is_terminal(state):
        return float(game.returns(state)[player])
    if depth <= 0:
        return float(evaluate(state))
    return None


def expectiminimax(
    game: Game[S, A],
    state: S,
    depth: int,
    evaluate: Evaluate[S],
    *,
    player: int = 0,
    stats: SearchStats | None = None,
) -> float:
    """The expectiminimax value of ``state`` for ``player``, searching ``depth`` nodes deep."""
    if stats is not None:
        stats.nodes += 1
    leaf = _leaf(game, state, depth, evaluate, player)
    if leaf is not None:
        return leaf
    if game.is_chance_node(state):
        return sum(
            p * expectiminimax(game, game.apply(state, a), depth - 1, evaluate, player=player, stats=stats)
            for a, p in game.chance_outcomes(state)
        )
    values = [
        expectiminimax(game, game.apply(state, a), depth - 1, evaluate, player=player, stats=stats)
        for a in game.legal_actions(state)
    ]
    return max(values) if game.current_player(state) == player else min(values)


def _no_chance(game: Game[Any, Any], state: Any, name: str) -> None:
    if game.is_chance_node(state):
        raise ValueError(f"{name} does not handle chance nodes; use expectiminimax or expectimax")


def minimax(
    game: Game[S, A],
    state: S,
    depth: int,
    evaluate: Evaluate[S],
    *,
    player: int = 0,
    stats: SearchStats | None = None,
) -> float:
    """The minimax value of ``state`` for ``player`` (games without chance)."""
    if stats is not None:
        stats.nodes += 1
    leaf = _leaf(game, state, depth, evaluate, player)
    if leaf is not None:
        return leaf
    _no_chance(game, state, "minimax")
    values = [
        minimax(game, game.apply(state, a), depth - 1, evaluate, player=player, stats=stats)
        for a in game.legal_actions(state)
    ]
    return max(values) if game.current_player(state) == player else min(values)


def alphabeta(
    game: Game[S, A],
    state: S,
    depth: int,
    evaluate: Evaluate[S],
    *,
    player: int = 0,
    alpha: float = -math.inf,
    beta: float = math.inf,
    stats: SearchStats | None = None,
) -> float:
    """Minimax with alpha-beta pruning: the same value, fewer nodes (games without chance).

    With a window (``alpha``, ``beta``) narrower than the value, the result is only a
    bound (fail-hard): at most ``alpha`` or at least ``beta``.
    """
    if stats is not None:
        stats.nodes += 1
    leaf = _leaf(game, state, depth, evaluate, player)
    if leaf is not None:
        return leaf
    _no_chance(game, state, "alphabeta")

    def child(a: A, lo: float, hi: float) -> float:
        nxt = game.apply(state, a)
        return alphabeta(game, nxt, depth - 1, evaluate, player=player, alpha=lo, beta=hi, stats=stats)

    if game.current_player(state) == player:
        value = -math.inf
        for a in game.legal_actions(state):
            value = max(value, child(a, alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for a in game.legal_actions(state):
        value = min(value, child(a, alpha, beta))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def expectimax(
    game: Game[S, A],
    state: S,
    depth: int,
    evaluate: Evaluate[S],
    policy: Policy[S, A],
    *,
    player: int = 0,
    stats: SearchStats | None = None,
) -> float:
    """The value of ``state`` for ``player`` when the opponent plays by ``policy``.

    ``player`` takes its best action; at the opponent's nodes the actions are
    averaged with the probabilities ``policy(state)`` gives; chance nodes are
    averaged with the game's own probabilities.
    """
    if stats is not None:
        stats.nodes += 1
    leaf = _leaf(game, state, depth, evaluate, player)
    if leaf is not None:
        return leaf

    def child(a: A) -> float:
        return expectimax(game, game.apply(state, a), depth - 1, evaluate, policy, player=player, stats=stats)

    if game.is_chance_node(state):
        return sum(p * child(a) for a, p in game.chance_outcomes(state))
    if game.current_player(state) == player:
        return max(child(a) for a in game.legal_actions(state))
    return sum(p * child(a) for a, p in policy(state))


def best_action(
    game: Game[S, A],
    state: S,
    depth: int,
    evaluate: Evaluate[S],
    *,
    policy: Policy[S, A] | None = None,
    stats: SearchStats | None = None,
) -> tuple[A, float]:
    """The best action for the player to move at ``state`` and its value.

    Children are searched ``depth - 1`` deep with :func:`expectiminimax`, or with
    :func:`expectimax` when an opponent ``policy`` is given. Ties go to the first
    action in ``game.legal_actions`` order.
    """
    if game.is_chance_node(state) or game.is_terminal(state):
        raise ValueError("best_action needs a decision node")
    player = game.current_player(state)
    best: tuple[A, float] | None = None
    for a in game.legal_actions(state):
        child = game.apply(state, a)
        if policy is None:
            v = expectiminimax(game, child, depth - 1, evaluate, player=player, stats=stats)
        else:
            v = expectimax(game, child, depth - 1, evaluate, policy, player=player, stats=stats)
        if best is None or v > best[1]:
            best = (a, v)
    assert best is not None
    return best
