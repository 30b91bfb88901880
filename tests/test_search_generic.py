"""The generic searches of seed_search.search on worked examples (and on backgammon itself)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from seed_search.backgammon import Backgammon
from seed_search.protocol import CHANCE
from seed_search.search import SearchStats, alphabeta, best_action, expectimax, expectiminimax, minimax

from ai.evaluation.evaluator import equity
from ai.evaluation.hand import HandEvaluator
from ai.search import FULL_WIDTH, analyse
from game.rules.position import Position, pack
from game.rules.state import GameState

# --- a tree game: nodes are tuples of choices made so far --------------------------------


@dataclass(frozen=True)
class TreeGame:
    """A game given as an explicit tree.

    A node is a dict ("max"/"min"/"chance", children) or a number (a terminal value for
    player 0). States are paths (tuples of child indices) from the root.
    """

    root: object

    def node(self, state: tuple[int, ...]) -> object:
        n = self.root
        for i in state:
            assert isinstance(n, tuple)
            n = n[1][i]
        return n

    def current_player(self, state: tuple[int, ...]) -> int:
        n = self.node(state)
        assert isinstance(n, tuple)
        return {"max": 0, "min": 1, "chance": CHANCE}[n[0]]

    def is_chance_node(self, state: tuple[int, ...]) -> bool:
        n = self.node(state)
        return isinstance(n, tuple) and n[0] == "chance"

    def chance_outcomes(self, state: tuple[int, ...]) -> Sequence[tuple[int, float]]:
        n = self.node(state)
        assert isinstance(n, tuple)
        return [(i, p) for i, (p, _) in enumerate(n[1])]

    def legal_actions(self, state: tuple[int, ...]) -> Sequence[int]:
        n = self.node(state)
        assert isinstance(n, tuple)
        return list(range(len(n[1])))

    def apply(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return not isinstance(self.node(state), tuple)

    def returns(self, state: tuple[int, ...]) -> tuple[float, float]:
        v = self.node(state)
        assert isinstance(v, int | float)
        return (float(v), -float(v))


class ChanceTree(TreeGame):
    """A TreeGame whose chance nodes hold (probability, subtree) pairs."""

    def apply(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def node(self, state: tuple[int, ...]) -> object:
        n = self.root
        for i in state:
            assert isinstance(n, tuple)
            child = n[1][i]
            n = child[1] if n[0] == "chance" else child
        return n


def no_heuristic(state: object) -> float:
    raise AssertionError("the heuristic should not be needed at full depth")


THREE_BINS = TreeGame(("max", [("min", [-50, 50]), ("min", [1, 3]), ("min", [-5, 15])]))
"""We choose a bin A, B or C; the opponent chooses a number from it."""


def uniform(game: TreeGame) -> object:
    def policy(state: tuple[int, ...]) -> Sequence[tuple[int, float]]:
        actions = game.legal_actions(state)
        return [(a, 1.0 / len(actions)) for a in actions]

    return policy


def test_three_bins_minimax_value_is_one_bin_b() -> None:
    assert minimax(THREE_BINS, (), 2, no_heuristic) == 1
    action, value = best_action(THREE_BINS, (), 2, no_heuristic)
    assert (action, value) == (1, 1)  # bin B


def test_three_bins_expectimax_uniform_opponent_is_five_bin_c() -> None:
    policy = uniform(THREE_BINS)
    assert expectimax(THREE_BINS, (), 2, no_heuristic, policy) == 5  # type: ignore[arg-type]
    action, value = best_action(THREE_BINS, (), 2, no_heuristic, policy=policy)  # type: ignore[arg-type]
    assert (action, value) == (2, 5)  # bin C


def test_three_bins_alphabeta_same_as_minimax_with_fewer_nodes() -> None:
    plain, pruned = SearchStats(), SearchStats()
    assert minimax(THREE_BINS, (), 2, no_heuristic, stats=plain) == 1
    assert alphabeta(THREE_BINS, (), 2, no_heuristic, stats=pruned) == 1
    assert plain.nodes == 10
    assert pruned.nodes < plain.nodes  # bin C is cut after its -5


def test_three_bins_expectiminimax_without_chance_is_minimax() -> None:
    assert expectiminimax(THREE_BINS, (), 2, no_heuristic) == 1


def test_minimax_uses_heuristic_at_depth_zero() -> None:
    calls: list[tuple[int, ...]] = []

    def h(state: tuple[int, ...]) -> float:
        calls.append(state)
        return 10.0 * state[0]

    assert minimax(THREE_BINS, (), 1, h) == 20.0  # the heuristic makes bin C look best
    assert calls == [(0,), (1,), (2,)]


def test_minimax_rejects_chance_nodes() -> None:
    with pytest.raises(ValueError, match="chance"):
        minimax(COIN, (1,), 3, no_heuristic)


def test_alphabeta_with_value_on_second_move_order() -> None:
    # best bin last: alpha-beta must still find it
    game = TreeGame(("max", [("min", [-5, 15]), ("min", [-50, 50]), ("min", [1, 3]), ("min", [7, 9])]))
    assert alphabeta(game, (), 2, no_heuristic) == minimax(game, (), 2, no_heuristic) == 7


# --- a tiny chance game ---------------------------------------------------------------
# We either stop (worth 1) or flip a fair coin; after heads the opponent picks 4 or 6,
# after tails 0 or 2 (values to us). Gambling is worth 0.5 * 4 + 0.5 * 0 = 2.
COIN = ChanceTree(
    (
        "max",
        [
            1,
            ("chance", [(0.5, ("min", [4, 6])), (0.5, ("min", [0, 2]))]),
        ],
    )
)


def test_tiny_chance_game_expectiminimax_averages_chance_and_minimises_opponent() -> None:
    assert expectiminimax(COIN, (1,), 2, no_heuristic) == 2.0
    assert expectiminimax(COIN, (), 3, no_heuristic) == 2.0
    assert best_action(COIN, (), 3, no_heuristic) == (1, 2.0)


def test_tiny_chance_game_risky_opponent_makes_stopping_best() -> None:
    game = ChanceTree(("max", [1, ("chance", [(0.25, ("min", [4, 6])), (0.75, ("min", [-3, 2]))])]))
    # 0.25 * 4 + 0.75 * -3 = -1.25 < 1
    assert expectiminimax(game, (), 3, no_heuristic) == 1.0
    assert best_action(game, (), 3, no_heuristic) == (0, 1.0)


def test_expectiminimax_depth_counts_chance_nodes() -> None:
    seen: list[tuple[int, ...]] = []

    def h(state: tuple[int, ...]) -> float:
        seen.append(state)
        return 0.0

    expectiminimax(COIN, (), 2, h)  # max -> chance -> (depth 0) the opponent's nodes
    assert sorted(seen) == [(1, 0), (1, 1)]


def test_expectimax_averages_opponent_by_policy_and_chance_by_probability() -> None:
    policy = uniform(COIN)
    # heads: (4 + 6) / 2 = 5, tails: (0 + 2) / 2 = 1 -> 3
    assert expectimax(COIN, (), 3, no_heuristic, policy) == 3.0  # type: ignore[arg-type]


# --- the generic search on backgammon agrees with the fast one ---------------------------


def test_generic_expectiminimax_on_backgammon_matches_analysis_depth_2() -> None:
    # a small bear-off position with contact-free play: few moves, quick to search naively
    mine = [2, 1, 0, 1, 0, 0] + [0] * 19
    theirs = [1, 0, 2, 0, 1, 0] + [0] * 19
    position = Position.from_sides(mine, theirs)
    state = GameState(position, 0, (2, 1))
    hand = HandEvaluator()
    game = Backgammon()

    def value_for_player0(s: GameState) -> float:
        e = float(equity(hand.evaluate([s.position.code]))[0])
        return e if s.turn == 0 else -e

    # generic: our move (1), the opponent's roll (2), their move (3), then the heuristic
    generic = expectiminimax(game, state, 3, value_for_player0)
    fast = analyse(position.code, (2, 1), 2, hand, filters=FULL_WIDTH)
    assert generic == pytest.approx(fast[0].equity, abs=1e-9)
    generic1 = expectiminimax(game, state, 1, value_for_player0)
    assert generic1 == pytest.approx(analyse(position.code, (2, 1), 1, hand)[0].equity, abs=1e-9)
    assert pack(mine, theirs) == position.code
