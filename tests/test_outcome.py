"""How a game ends: single game, gammon and backgammon, and who wins."""

from __future__ import annotations

import pytest
from helpers import side
from seed_search.backgammon import Backgammon

from game.rules.outcome import Outcome, Termination, win_kind
from game.rules.position import Position, pack
from game.rules.state import GameState


def finished(loser: dict[int, int]) -> int:
    """A code seen from the winner, who has just borne off the last checker."""
    return pack(side({}), side(loser))


def test_not_over_while_the_mover_has_checkers() -> None:
    assert win_kind(pack(side({1: 1}), side({6: 15}))) is None


def test_single_win_when_the_loser_bore_off_one() -> None:
    assert win_kind(finished({6: 14})) is Termination.SINGLE


def test_single_win_even_with_loser_checkers_left_far_back() -> None:
    # the loser has borne off: no gammon, whatever is left on the board
    assert win_kind(finished({24: 1, 25: 1, 6: 12})) is Termination.SINGLE


def test_gammon_when_the_loser_bore_off_none() -> None:
    assert win_kind(finished({6: 10, 7: 5})) is Termination.GAMMON


def test_gammon_not_backgammon_with_checkers_in_the_winners_outer_board() -> None:
    # the loser's 13..18 is the winner's outer board: a gammon only
    assert win_kind(finished({18: 2, 13: 13})) is Termination.GAMMON


def test_backgammon_with_a_checker_on_the_bar() -> None:
    assert win_kind(finished({25: 1, 6: 14})) is Termination.BACKGAMMON


def test_backgammon_with_a_checker_in_the_winners_home_board() -> None:
    # the loser's 19..24 is the winner's home board
    assert win_kind(finished({19: 1, 6: 14})) is Termination.BACKGAMMON
    assert win_kind(finished({24: 1, 6: 14})) is Termination.BACKGAMMON


def test_points_per_termination() -> None:
    assert Outcome(0, Termination.SINGLE).points == 1
    assert Outcome(1, Termination.GAMMON).points == 2
    assert Outcome(0, Termination.BACKGAMMON).points == 3


def _last_move_state(turn: int, loser: dict[int, int]) -> GameState:
    """Player ``turn`` on roll with one checker left on its 1-point, rolling 2-1."""
    position = Position.from_sides(side({1: 1}), side(loser))
    return GameState(position, turn, (2, 1))


@pytest.mark.parametrize("turn", [0, 1])
def test_bearing_off_the_last_checker_wins(turn: int) -> None:
    state = _last_move_state(turn, {6: 15})
    (move,) = state.legal_moves()
    end = state.play(move)
    assert end.is_over()
    assert end.outcome() == Outcome(turn, Termination.GAMMON)


def test_backgammon_through_game_state_and_protocol() -> None:
    state = _last_move_state(1, {25: 1, 20: 14})
    end = state.play(state.legal_moves()[0])
    assert end.outcome() == Outcome(1, Termination.BACKGAMMON)
    game = Backgammon()
    assert game.is_terminal(end)
    assert game.returns(end) == (-3.0, 3.0)


def test_single_game_returns() -> None:
    state = _last_move_state(0, {6: 14})
    end = state.play(state.legal_moves()[0])
    assert Backgammon().returns(end) == (1.0, -1.0)


def test_no_move_after_the_game_is_over() -> None:
    state = _last_move_state(0, {6: 14})
    end = state.play(state.legal_moves()[0])
    with pytest.raises(ValueError, match="roll"):
        end.play(None)
    over_with_dice = end.with_dice((3, 1))
    with pytest.raises(ValueError, match="over"):
        over_with_dice.play(None)
    assert not Backgammon().is_chance_node(end)


def test_game_ends_exactly_when_the_last_checker_is_off() -> None:
    # two on the 1-point, 2-1: both come off and the game is over
    state = GameState(Position.from_sides(side({1: 2}), side({6: 15})), 0, (2, 1))
    assert state.play(state.legal_moves()[0]).is_over()
    # three on the 1-point: one is left, the game goes on with the other player on roll
    state = GameState(Position.from_sides(side({1: 3}), side({6: 15})), 0, (2, 1))
    after = state.play(state.legal_moves()[0])
    assert not after.is_over()
    assert after.outcome() is None
    assert after.turn == 1
