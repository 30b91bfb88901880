"""The human's turn builder: only steps that complete into legal moves, undo, multi-die moves."""

from __future__ import annotations

import random

import pytest
from helpers import side

from game.rules.move import legal_moves
from game.rules.position import Position, swap
from ui.model.turn import TurnBuilder, unplay


def test_step_by_step_reaches_exactly_the_legal_moves() -> None:
    rng = random.Random(3)
    pos = Position.start()
    for _ in range(400):
        d = (rng.randint(1, 6), rng.randint(1, 6))
        tb = TurnBuilder(pos, d)
        finals: set[int] = set()

        def walk(tb: TurnBuilder = tb, finals: set[int] = finals) -> None:
            if tb.is_complete():
                finals.add(tb.code)
                return
            for ps in tb.next_steps():
                tb.played.append(ps)
                walk()
                tb.played.pop()

        if len(tb.moves) < 150:
            walk()
            assert finals == ({m.after.code for m in tb.moves} or {pos.code})
        if not tb.moves:
            pos = pos.swapped()
            continue
        m = rng.choice(tb.moves)
        if not any(m.after.mine):
            pos = Position.start()
            continue
        pos = Position(swap(m.after.code))


def test_every_legal_move_can_be_set_up_and_read_back() -> None:
    pos = Position.start()
    for d in [(3, 1), (6, 6), (5, 2), (1, 1)]:
        tb = TurnBuilder(pos, d)
        for m in tb.moves:
            tb.play_move(m)
            got = tb.move()
            assert got is not None and got.after == m.after


def test_bar_entry_blocked_by_closed_point_offers_only_open_points() -> None:
    # one checker on the bar; the opponent holds the mover's 20 and 19 (their 5 and 6)
    pos = Position.from_sides(side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1), side({5: 2, 6: 2, 13: 5, 8: 4, 24: 2}))
    blocked = TurnBuilder(pos, (5, 6))
    assert blocked.is_pass() and blocked.sources() == set()
    tb = TurnBuilder(pos, (5, 3))
    assert tb.sources() == {25}
    assert set(tb.destinations(25)) == {22}
    tb.play(25, 22)
    assert not tb.is_complete() and tb.remaining_dice() == (5,)
    assert 13 in tb.sources()


def test_checker_on_bar_must_enter_before_others_move() -> None:
    pos = Position.from_sides(side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1), side({6: 5, 8: 3, 13: 5, 24: 2}))
    tb = TurnBuilder(pos, (3, 1))
    assert tb.sources() == {25}
    tb.play(25, 22)
    assert 25 not in tb.sources() and tb.sources()


def test_one_checker_over_both_dice_is_offered_as_one_destination() -> None:
    tb = TurnBuilder(Position.start(), (6, 5))
    dests = tb.destinations(24)
    assert 13 in dests and [p.die for p in dests[13]] == [6, 5]
    tb.play(24, 13)
    assert tb.is_complete()
    move = tb.move()
    assert move is not None and move.notation() == "24/13"


def test_undo_takes_back_steps_in_order() -> None:
    tb = TurnBuilder(Position.start(), (3, 1))
    tb.play(8, 5)
    tb.play(6, 5)
    assert tb.is_complete()
    assert tb.undo() is not None
    assert len(tb.played) == 1 and not tb.is_complete()
    tb.undo()
    assert tb.code == Position.start().code
    assert tb.undo() is None


def test_only_larger_die_when_only_one_can_be_played() -> None:
    # a lone checker on 24; 18 and 19 are open but 13 is held: only one die fits, so the 6
    pos = Position.from_sides(side({24: 1}), side({12: 2}))
    tb = TurnBuilder(pos, (6, 5))
    assert tb.length == 1
    assert [(p.step.src, p.step.dst) for p in tb.next_steps()] == [(24, 18)]


def test_double_click_plays_highest_usable_die() -> None:
    tb = TurnBuilder(Position.start(), (6, 1))
    tb.play_farthest(24)
    assert tb.played[0].die == 6 and tb.played[0].step.dst == 18


def test_bear_off_prefers_the_exact_die() -> None:
    mine = side({4: 1, 2: 1})
    pos = Position.from_sides(mine, side({24: 2}))
    tb = TurnBuilder(pos, (6, 4))
    route = tb.destinations(4)[0]
    assert [p.die for p in route] == [4]


def test_illegal_destination_raises_value_error() -> None:
    tb = TurnBuilder(Position.start(), (3, 1))
    with pytest.raises(ValueError, match="cannot move"):
        tb.play(24, 12)


def test_unplay_restores_position_with_hit() -> None:
    pos = Position.from_sides(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 5, 24: 1, 4: 1}))
    # the opponent's 4 is the mover's 21: 24/21* hits it
    move = next(m for m in legal_moves(pos, (3, 1)) if m.steps and any(s.hit for s in m.steps))
    assert unplay(move.after.code, move.steps) == pos.code
