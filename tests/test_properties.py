"""Property tests (hypothesis): whole random games, and the generators agreeing."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.cli.protocol import turned_ids
from game.rules.dice import Dice
from game.rules.move import OFF_POINT, legal_moves
from game.rules.movegen import moves_with_steps, results, searched_moves_with_steps, singles
from game.rules.position import (
    CHECKERS,
    START_CODE,
    Position,
    from_position_id,
    pack,
    position_id,
    swap,
    unpack,
    validate,
)
from game.rules.state import GameState

MAX_TURNS = 4000
"""A random game lasts a few hundred turns at most in practice; this is a safe cap."""

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_board(code: int) -> None:
    mine, theirs = unpack(code)
    validate(mine, theirs)  # never two colours on one point, never more than 15


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_fifteen_checkers_a_side_and_always_end(seed: int) -> None:
    rng = random.Random(seed)
    dice = Dice(seed)
    state = GameState.new().after_opening_roll(*dice.opening_roll())
    off = [0, 0]  # checkers borne off, per player
    for _ in range(MAX_TURNS):
        assert state.turn is not None
        mover = state.turn
        moves = state.legal_moves()
        move = rng.choice(moves) if moves else None
        if move is not None:
            off[mover] += sum(1 for s in move.steps if s.dst == OFF_POINT)
        state = state.play(move)
        mine, theirs = state.position.mine, state.position.theirs  # now the other's view
        check_board(state.position.code)
        # the player who moved is now "theirs": board + off is always fifteen each
        assert sum(theirs) + off[mover] == CHECKERS
        assert sum(mine) + off[1 - mover] == CHECKERS
        if state.is_over():
            outcome = state.outcome()
            assert outcome is not None and outcome.winner == mover
            assert off[mover] == CHECKERS
            return
        state = state.with_dice(dice.roll())
    raise AssertionError(f"the game with seed {seed} did not end in {MAX_TURNS} turns")


def positions_from(seed: int, count: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    code = START_CODE
    while len(out) < count:
        out.append(code)
        after = rng.choice(results(code, rng.randint(1, 6), rng.randint(1, 6)))
        code = START_CODE if not any(unpack(after)[0]) else swap(after)
    return out


dice_st = st.tuples(st.integers(1, 6), st.integers(1, 6))
ROLL_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
"""Every roll in both orders of its dice."""


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1), st.lists(dice_st, min_size=1, max_size=6))
def test_results_equal_moves_with_steps_keys(seed: int, rolls: list[tuple[int, int]]) -> None:
    for code in positions_from(seed, 30):
        for d1, d2 in rolls:
            fast = results(code, d1, d2)
            assert len(fast) == len(set(fast))
            with_steps = moves_with_steps(code, d1, d2)
            assert set(fast) == (set(with_steps) if with_steps else {code})
            assert set(results(code, d2, d1)) == set(fast)  # the order of the dice is no matter


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_moves_with_steps_are_the_general_search_s_in_its_order_with_its_steps(seed: int) -> None:
    for code in positions_from(seed, 40):
        for d1, d2 in ROLL_PAIRS:
            fast = moves_with_steps(code, d1, d2)
            assert list(fast.items()) == list(searched_moves_with_steps(code, d1, d2).items())


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1), dice_st)
def test_steps_replay_to_their_result_and_play_the_dice(seed: int, roll: tuple[int, int]) -> None:
    d1, d2 = roll
    for code in positions_from(seed, 20):
        found = moves_with_steps(code, d1, d2)
        lengths = {len(steps) for steps in found.values()}
        assert len(lengths) <= 1  # every legal move plays the same number of dice
        for result, steps in found.items():
            pool = [d1] * 4 if d1 == d2 else [d1, d2]
            c = code
            for step in steps:
                # some die still unused must make exactly this step
                options = [(die, nc) for die in set(pool) if (nc := _apply(c, die, step)) is not None]
                assert options, f"step {step} is not a legal single step"
                die, c = options[0]
                pool.remove(die)
            assert c == result
            check_board(result)


def _apply(code: int, die: int, step: tuple[int, int, bool]) -> int | None:
    return next((nc for nc, s in singles(code, die) if s == step), None)


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_position_id_round_trip(seed: int) -> None:
    for code in positions_from(seed, 40):
        pid = position_id(code)
        assert len(pid) == 14
        assert from_position_id(pid) == code
        assert Position.from_id(pid).swapped().position_id() == position_id(swap(code))


@st.composite
def arbitrary_boards(draw: st.DrawFn) -> int:
    """A legal board of up to 15 checkers a side anywhere, bar included (a point one side holds is
    left to it)."""
    mine = [0] * 25
    theirs = [0] * 25
    for i in draw(st.lists(st.integers(0, 24), min_size=0, max_size=15)):
        mine[i] += 1
    for q in draw(st.lists(st.integers(0, 24), min_size=0, max_size=15)):
        if q == 24 or not mine[23 - q]:
            theirs[q] += 1
    return pack(mine, theirs)


@SETTINGS
@given(arbitrary_boards())
def test_position_id_round_trip_on_arbitrary_boards(code: int) -> None:
    assert from_position_id(position_id(code)) == code


@SETTINGS
@given(arbitrary_boards())
def test_turned_ids_made_all_at_once_are_each_boards_own(code: int) -> None:
    codes = [code, swap(code), START_CODE]
    assert turned_ids(codes) == [position_id(swap(c)) for c in codes]


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1), dice_st)
def test_legal_moves_are_distinct_results(seed: int, roll: tuple[int, int]) -> None:
    for code in positions_from(seed, 10):
        moves = legal_moves(Position(code), roll)
        afters = [m.after for m in moves]
        assert len(afters) == len(set(afters))
        assert all(m.before == Position(code) for m in moves)
