"""Game state, the opening roll, passes, dice, and the search protocol."""

from __future__ import annotations

import hashlib
import math

import pytest
from helpers import side
from seed_search.backgammon import OPENING_OUTCOMES, ROLL_OUTCOMES, Backgammon
from seed_search.protocol import CHANCE

from game.rules.dice import ROLLS, Dice, new_seed, replay, seed_commitment
from game.rules.move import Move
from game.rules.position import START_CODE, Position, swap
from game.rules.state import GameState


def blocked_state(turn: int = 0) -> GameState:
    """The mover has one checker on the bar against a closed board: every roll passes."""
    position = Position.from_sides(
        side({25: 1, 13: 14}),
        side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 19: 3}),
    )
    return GameState(position, turn, (6, 5))


# --- the opening roll --------------------------------------------------------------------


def test_new_game_is_before_the_opening_roll() -> None:
    state = GameState.new()
    assert state.is_opening()
    assert state.turn is None and state.dice is None
    assert state.position == Position.start()
    assert state.outcome() is None


def test_opening_roll_tie_is_refused() -> None:
    with pytest.raises(ValueError, match="re-rolled"):
        GameState.new().after_opening_roll(4, 4)


@pytest.mark.parametrize(("die0", "die1", "turn", "dice"), [(6, 1, 0, (6, 1)), (2, 5, 1, (5, 2))])
def test_opening_roll_higher_die_moves_first_with_both_dice(
    die0: int, die1: int, turn: int, dice: tuple[int, int]
) -> None:
    state = GameState.new().after_opening_roll(die0, die1)
    assert state.turn == turn
    assert state.dice == dice
    moves = state.legal_moves()
    assert moves
    pips_before = state.position.pips()[0]
    for move in moves:
        assert pips_before - move.after.pips()[0] == die0 + die1  # both dice are played


def test_opening_61_can_make_the_bar_point() -> None:
    state = GameState.new().after_opening_roll(6, 1)
    assert "13/7 8/7" in {m.notation() for m in state.legal_moves()}


def test_dice_opening_roll_rerolls_ties() -> None:
    seed = next(s for s in range(1000) if len(set(Dice(s).roll())) == 1)  # first roll a tie
    dice = Dice(seed)
    die0, die1 = dice.opening_roll()
    assert die0 != die1
    assert len(dice.history) >= 2
    assert dice.history[0][0] == dice.history[0][1]
    assert dice.history[-1] == (die0, die1)


def test_dice_opening_roll_never_a_tie() -> None:
    for seed in range(300):
        a, b = Dice(seed).opening_roll()
        assert a != b


# --- turns and passes --------------------------------------------------------------------


def test_play_passes_the_turn_and_swaps_the_view() -> None:
    state = GameState.new().after_opening_roll(3, 1)
    move = next(m for m in state.legal_moves() if m.notation() == "8/5 6/5")
    after = state.play(move)
    assert after.turn == 1
    assert after.dice is None
    assert after.position.code == swap(move.after.code)


def test_no_legal_move_means_the_turn_passes() -> None:
    state = blocked_state()
    assert state.legal_moves() == []
    after = state.play(None)
    assert after.turn == 1
    assert after.position == state.position.swapped()
    assert after.dice is None


def test_pass_as_an_empty_move_from_the_protocol() -> None:
    game = Backgammon()
    state = blocked_state(turn=1)
    (action,) = game.legal_actions(state)
    assert action.steps == () and action.after == state.position
    assert str(action) == "(no move)"
    after = game.apply(state, action)
    assert after.turn == 0 and after.position == state.position.swapped()


def test_pass_is_refused_when_a_move_exists() -> None:
    state = GameState.new().after_opening_roll(3, 1)
    with pytest.raises(ValueError, match="cannot pass"):
        state.play(None)
    with pytest.raises(ValueError, match="cannot pass"):
        state.play(Move(state.position, state.position, ()))


def test_illegal_move_is_refused() -> None:
    # a move of the start position, but one that 6-5 makes: not legal for 3-1
    state = GameState.new().after_opening_roll(3, 1)
    other = GameState.new().after_opening_roll(6, 5).legal_moves()
    six_five = next(m for m in other if m.notation() == "24/18 13/8")
    with pytest.raises(ValueError, match="not a legal move for 31"):
        state.play(six_five)


def test_move_from_another_position_is_refused() -> None:
    state = GameState.new().after_opening_roll(3, 1)
    other = blocked_state()
    foreign = Move(other.position, other.position, ())
    with pytest.raises(ValueError, match="another position"):
        state.play(foreign)


def test_dice_must_be_rolled_before_moving() -> None:
    state = GameState(Position.start(), 0, None)
    with pytest.raises(ValueError, match="roll"):
        state.legal_moves()
    with pytest.raises(ValueError, match="roll"):
        state.play(None)


def test_with_dice_before_the_opening_roll_is_refused() -> None:
    with pytest.raises(ValueError, match="opening"):
        GameState.new().with_dice((3, 1))


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3, -1)])
def test_bad_dice_are_refused(dice: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match=r"1\.\.6"):
        GameState(Position.start(), 0, None).with_dice(dice)


def test_state_is_immutable_and_hashable() -> None:
    a = GameState(Position.start(), 0, (3, 1))
    b = GameState(Position(START_CODE), 0, (3, 1))
    assert a == b and hash(a) == hash(b)
    assert len({a, b, a.with_dice((4, 2))}) == 2
    with pytest.raises(AttributeError):
        a.turn = 1  # type: ignore[misc]


# --- dice --------------------------------------------------------------------------------


def test_same_seed_same_rolls() -> None:
    a, b = Dice("abc"), Dice("abc")
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]
    assert replay("abc", 50) == a.history


def test_rolls_are_fair_dice() -> None:
    dice = Dice(7)
    counts = [0] * 7
    for _ in range(6000):
        for d in dice.roll():
            counts[d] += 1
    assert counts[0] == 0
    assert all(1700 < n < 2300 for n in counts[1:])


def test_seed_commitment_is_sha256_of_the_seed() -> None:
    assert seed_commitment("abc") == hashlib.sha256(b"abc").hexdigest()
    seed = new_seed()
    assert len(seed) == 32 and int(seed, 16) >= 0
    assert new_seed() != seed


def test_twenty_one_rolls_with_probabilities_summing_to_one() -> None:
    assert len(ROLLS) == 21
    assert len({(a, b) for a, b, _ in ROLLS}) == 21
    assert all(a <= b for a, b, _ in ROLLS)
    assert math.isclose(sum(p for _, _, p in ROLLS), 1.0)
    assert all(math.isclose(p, 1 / 36 if a == b else 2 / 36) for a, b, p in ROLLS)


# --- the search protocol -----------------------------------------------------------------


def test_protocol_chance_node_has_21_rolls_summing_to_one() -> None:
    game = Backgammon()
    state = GameState(Position.start(), 0, None)
    assert game.is_chance_node(state)
    assert game.current_player(state) == CHANCE
    outcomes = game.chance_outcomes(state)
    assert outcomes == ROLL_OUTCOMES
    assert len(outcomes) == 21
    assert math.isclose(sum(p for _, p in outcomes), 1.0)


def test_protocol_opening_has_30_outcomes_without_ties() -> None:
    game = Backgammon()
    outcomes = game.chance_outcomes(GameState.new())
    assert outcomes == OPENING_OUTCOMES
    assert len(outcomes) == 30
    assert all(a != b for (a, b), _ in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    first = game.apply(GameState.new(), (2, 6))
    assert first.turn == 1 and first.dice == (6, 2)
    assert game.current_player(first) == 1


def test_protocol_roll_then_move() -> None:
    game = Backgammon()
    state = game.apply(GameState(Position.start(), 1, None), (4, 2))
    assert not game.is_chance_node(state)
    assert game.current_player(state) == 1
    actions = game.legal_actions(state)
    assert len(actions) == 18  # 4-2 from the start, as GNU Backgammon counts
    after = game.apply(state, actions[0])
    assert game.is_chance_node(after)
    assert not game.is_terminal(after)
    assert game.returns(after) == (0.0, 0.0)


def test_protocol_plays_a_whole_game_to_the_end() -> None:
    game = Backgammon()
    dice = Dice(3)
    state = game.apply(GameState.new(), dice.opening_roll())
    for _ in range(3000):
        if game.is_terminal(state):
            break
        if game.is_chance_node(state):
            state = game.apply(state, dice.roll())
        else:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[len(actions) // 2])
    assert game.is_terminal(state)
    p0, p1 = game.returns(state)
    assert p0 == -p1 and abs(p0) in (1.0, 2.0, 3.0)
    # the loser is the player on roll at the end; the winner has no checker left
    outcome = state.outcome()
    assert outcome is not None and outcome.winner != state.turn
    assert sum(state.position.theirs) == 0
    assert sum(state.position.mine) > 0
