"""The board's facts (issue 53), each on positions where it is easy to get wrong, and the shots
against an independent count on 1,000 positions from random games.

Positions are written from the mover's side: ``mine`` and ``theirs`` both in the mover's point
numbers (1..24, the mover bearing off from 1..6), so an opponent's checker "on 1" is on the
opponent's 24-point, its back checker; the opponent moves from the mover's 1 towards 24.
"""

from __future__ import annotations

import random

from game.facts.board import board_facts, hitting_rolls, shots
from game.rules.move import legal_moves, parse_move
from game.rules.movegen import results
from game.rules.position import START_CODE, Position, pack, swap, unpack


def board(mine: dict[int, int], theirs: dict[int, int], my_bar: int = 0, their_bar: int = 0) -> int:
    """A code from both sides' checkers in the mover's point numbers, and their bars."""
    me, opp = [0] * 25, [0] * 25
    for p, n in mine.items():
        me[p - 1] = n
    for p, n in theirs.items():
        opp[24 - p] = n  # the mover's point p is the opponent's 25 - p
    me[24], opp[24] = my_bar, their_bar
    return Position.from_sides(me, opp).code


THEIR_HOME = {19: 3, 20: 3, 21: 3, 22: 3, 23: 2}
"""14 of the opponent's checkers in its home board (the mover's 19..23), where none can reach
anything of the mover's that is not in that board too."""


def test_a_blot_the_opponent_can_hit_only_by_entering_from_the_bar_counts_every_entering_three() -> None:
    # the mover's home board is closed but for the blot on 3: only a 3 enters, and it hits
    code = board({6: 2, 5: 2, 4: 2, 2: 2, 1: 2, 3: 1, 13: 4}, THEIR_HOME, their_bar=1)
    assert hitting_rolls(code) == ((1, 3), (2, 3), (3, 3), (3, 4), (3, 5), (3, 6))
    assert shots(code) == 11


def test_an_entering_checker_hits_further_on_with_the_other_die_and_a_double_with_its_third_step() -> None:
    # 1 and 2 are open: 1-2 enters and steps on to 3 either way, 1-1 enters on 1 and hits with the
    # third step; 2-2 enters on 2 but 4 is held
    code = board({6: 2, 5: 2, 4: 2, 3: 1, 13: 8}, THEIR_HOME, their_bar=1)
    assert hitting_rolls(code) == ((1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 4), (3, 5), (3, 6))
    assert shots(code) == 14


def test_a_checker_on_the_bar_must_enter_before_another_can_hit() -> None:
    # the opponent's checker on 7 is a 5 away from the blot on 12, but its partner on the bar enters
    # only with a 1: 5-5 cannot enter and so cannot hit; only 5-1 does
    code = board({6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 12: 1, 13: 4}, {7: 1, **THEIR_HOME}, their_bar=0)
    free = shots(code)
    code = board(
        {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 12: 1, 13: 4}, {7: 1, 19: 3, 20: 3, 21: 3, 22: 3, 23: 1}, their_bar=1
    )
    assert hitting_rolls(code) == ((1, 5),)
    assert shots(code) == 2
    assert free > 2  # with nobody on the bar every 5 and the combinations hit


def test_shots_blocked_by_a_prime_do_not_count() -> None:
    # the blot on 9 is 8 from the opponent's checker on 1, and every stop on the way (2..7) is held
    primed = board({2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 9: 1, 13: 2}, {1: 1, **THEIR_HOME})
    assert shots(primed) == 0
    assert board_facts(primed, primed).prime == 6
    open_ = board({6: 2, 9: 1, 13: 12}, {1: 1, **THEIR_HOME})
    assert hitting_rolls(open_) == ((2, 2), (2, 6), (3, 5), (4, 4))  # the same 8 away, nothing held
    assert shots(open_) == 6


def test_a_closed_board_leaves_no_shot_even_to_a_checker_the_opponent_could_reach() -> None:
    # the opponent's checker on 8 is a 2 from the blot on 10, but its partner on the bar never enters
    code = board(
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 10: 1, 13: 2},
        {8: 1, 19: 3, 20: 3, 21: 3, 22: 3, 23: 1},
        their_bar=1,
    )
    assert shots(code) == 0
    facts = board_facts(code, code)
    assert facts.home_points == (6, 5, 4, 3, 2, 1)
    assert facts.prime == 6


def test_combination_shots_count_only_where_a_stop_on_the_way_is_open() -> None:
    # 8 from the checker on 1 to the blot on 9, the mover holding 3 and 7: 6-2 stops on 7 or 3 (both
    # held), 2-2 on 3 (held); 5-3 stops on 6 or 4 and 4-4 on 5, all open
    code = board({3: 2, 7: 2, 9: 1, 13: 10}, {1: 1, **THEIR_HOME})
    assert hitting_rolls(code) == ((3, 5), (4, 4))
    assert shots(code) == 3


def test_a_double_hits_with_its_third_step() -> None:
    # 12 from 1 to 13: 6-6 and 3-3 stop on the held 7; 4-4 stops on 5 and 9 and hits with its third 4
    code = board({7: 2, 13: 1, 6: 12}, {1: 1, **THEIR_HOME})
    assert hitting_rolls(code) == ((4, 4),)
    assert shots(code) == 1


def test_a_double_hits_with_its_fourth_step() -> None:
    # 16 from 1 to 17: only four 4s travel it
    code = board({17: 1, 6: 14}, {1: 1, **THEIR_HOME})
    assert hitting_rolls(code) == ((4, 4),)
    assert shots(code) == 1


def test_a_bear_off_in_a_race_leaves_no_shot_and_counts_the_checkers_off() -> None:
    before = Position(board({1: 3, 2: 3, 3: 2}, {19: 5, 20: 5, 21: 5}))
    move = parse_move("3/off(2)", before, (6, 5))
    facts = board_facts(before.code, move.after.code)
    assert (facts.off, facts.shots, facts.contact, facts.blots) == (9, 0, False, ())
    assert facts.pips == (3 + 6, 5 * 6 + 5 * 5 + 5 * 4)
    assert facts.home_points == (2, 1)


def test_a_bear_off_against_a_checker_on_the_bar_counts_the_sixes_that_enter_and_hit() -> None:
    # the mover's 1..5 are held and 6 is a blot: the opponent enters only with a 6, and hits
    before = Position(board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, THEIR_HOME, their_bar=1))
    move = parse_move("6/off 5/off", before, (6, 5))
    facts = board_facts(before.code, move.after.code)
    assert facts.off == 5
    assert facts.blots == (6, 5)
    assert facts.contact
    # 6s enter on the blot on 6; 5s enter on the blot on 5: every roll with a 5 or a 6
    assert facts.shots == 20


def test_a_checker_left_on_the_bar_counts_back_and_is_no_blot() -> None:
    # two on the bar against a board open only on 22: 3-1 enters one, the 1 cannot be played
    before = Position(board({6: 5, 8: 3, 13: 5}, {19: 2, 20: 2, 21: 2, 23: 2, 24: 2, 12: 5}, my_bar=2))
    (move,) = legal_moves(before, (3, 1))
    assert move.notation() == "bar/22"
    facts = board_facts(before.code, move.after.code)
    assert facts.back == 2  # the one still on the bar and the one on 22
    assert facts.blots == (22,)
    assert facts.pips[0] == 25 + 22 + 6 * 5 + 8 * 3 + 13 * 5


def test_hit_counts_each_checker_the_move_sent_to_the_bar() -> None:
    before = Position(board({6: 5, 8: 3, 13: 5, 24: 2}, {5: 1, 4: 1, 12: 5, 17: 3, 19: 5}))
    both = parse_move("6/5* 6/4*", before, (2, 1))
    one = parse_move("13/10", before, (2, 1))
    assert board_facts(before.code, both.after.code).hit == 2
    assert board_facts(before.code, one.after.code).hit == 0
    assert (
        board_facts(before.code, both.after.code).pips[1]
        == board_facts(before.code, one.after.code).pips[1] + 5 + 4
    )  # from 20 and 21 (its numbers) to the bar


def test_points_prime_anchors_and_back_checkers_are_counted_from_the_mover_side() -> None:
    code = board({24: 2, 20: 2, 8: 2, 7: 2, 6: 2, 5: 2, 4: 2, 2: 1}, {1: 2, 12: 5, 17: 3, 10: 5})
    facts = board_facts(code, code)
    assert facts.home_points == (6, 5, 4)
    assert facts.prime == 5  # 4, 5, 6, 7 and 8
    assert facts.anchors == (24, 20)
    assert facts.back == 4
    assert facts.blots == (2,)
    assert facts.off == 0


def test_builders_count_spares_above_an_open_point_and_outfield_the_points_in_direct_range() -> None:
    start = board_facts(START_CODE, START_CODE)
    # open points 2, 3, 4, 5 and 7 (1 is the opponent's anchor, 6 the mover's); the spares above
    # them: three on 6, one on 8, three on 13
    assert start.builders == 7
    # 7..12 from the 13-point, 18 from the 24-point, 7 from the 8-point too
    assert start.outfield == 7
    assert start.pips == (167, 167)
    assert start.lead == 0.0


def test_the_racing_lead_is_in_percent_of_the_mover_count() -> None:
    code = board({6: 10}, {19: 10})  # 60 pips each: the mover's 19 is the opponent's 6
    assert board_facts(code, code).lead == 0.0
    code = board({5: 10}, {19: 10})
    assert board_facts(code, code).lead == 20.0  # 50 against 60


# --- the independent count ---------------------------------------------------------------------


def _step(
    me: tuple[int, ...], opp: tuple[int, ...], src: int, die: int
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """One die's step of the side ``me`` (25 slots, its own numbering, index 24 the bar) from
    ``src``, or None when the rules forbid it: the bar first, no landing on two or more, bearing off
    only with all home, by the exact die or from the highest point."""
    if me[src] == 0 or (me[24] and src != 24):
        return None
    dst = src - die
    m, o = list(me), list(opp)
    m[src] -= 1
    if dst >= 0:
        there = o[23 - dst]
        if there >= 2:
            return None
        m[dst] += 1
        if there == 1:
            o[23 - dst] = 0
            o[24] += 1
        return tuple(m), tuple(o)
    if sum(me[6:25]) or (dst != -1 and sum(me[src + 1 : 6])):
        return None
    return tuple(m), tuple(o)


def slow_legal_results(
    me: tuple[int, ...], opp: tuple[int, ...], a: int, b: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every position a legal play of ``a``-``b`` leaves, by brute force: each order of the dice
    step by step, then only the plays that use the most dice, and the larger die when one is all."""
    orders = [(a,) * 4] if a == b else [(a, b), (b, a)]
    reached: dict[int, dict[int, set[tuple[tuple[int, ...], tuple[int, ...]]]]] = {}
    for order in orders:
        frontier = {(me, opp)}
        for used, die in enumerate(order, 1):
            frontier = {
                r for m, o in frontier for src in range(25) if (r := _step(m, o, src, die)) is not None
            }
            if not frontier:
                break
            reached.setdefault(used, {}).setdefault(order[0], set()).update(frontier)
    if not reached:
        return [(me, opp)]
    most = max(reached)
    if most == 1 and a != b and max(a, b) in reached[1]:
        return list(reached[1][max(a, b)])
    return [r for found in reached[most].values() for r in found]


def slow_shots(code: int) -> int:
    """The shots by the definition: for each of the 36 rolls, every legal play of the opponent,
    and whether any leaves one more of the mover's checkers on the bar."""
    mine, theirs = unpack(code)
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if any(o[24] > mine[24] for _, o in slow_legal_results(theirs, mine, a, b)):
                count += 1
    return count


def random_positions(n: int, seed: int) -> list[int]:
    """``n`` positions after a move, from games of random legal moves (the mover still on roll)."""
    rng = random.Random(seed)
    found: list[int] = []
    while len(found) < 3 * n:
        code = START_CODE
        while True:
            code = rng.choice(results(code, rng.randint(1, 6), rng.randint(1, 6)))
            mine, _ = unpack(code)
            if not any(mine):
                break
            found.append(code)
            code = swap(code)
    return rng.sample(found, n)


def test_the_slow_generator_agrees_with_the_rules_on_random_positions() -> None:
    """The independent count's own move generator finds what the rules' generator finds."""
    for code in random_positions(100, 7):
        mine, theirs = unpack(code)
        for a in range(1, 7):
            for b in range(a, 7):
                slow = {pack(m, o) for m, o in slow_legal_results(mine, theirs, a, b)}
                assert slow == set(results(code, a, b))


def test_shots_agree_with_an_independent_count_on_a_thousand_random_positions() -> None:
    positions = random_positions(1000, 53)
    counted = [shots(code) for code in positions]
    assert counted == [slow_shots(code) for code in positions]
    assert len(set(counted)) > 20  # the positions are varied: many different counts, 0 and 36 among them
    assert 0 in counted and 36 in counted


def test_the_other_facts_agree_with_their_definitions_on_random_positions() -> None:
    for code in random_positions(300, 11):
        mine, theirs = unpack(code)
        facts = board_facts(code, code)
        held = [p for p in range(1, 25) if mine[p - 1] >= 2]
        assert facts.blots == tuple(p for p in range(24, 0, -1) if mine[p - 1] == 1)
        assert facts.home_points == tuple(p for p in range(6, 0, -1) if p in held)
        assert facts.anchors == tuple(p for p in range(24, 18, -1) if p in held)
        assert facts.prime == max(
            (k for k in range(1, 25) for s in range(1, 26 - k) if all(p in held for p in range(s, s + k))),
            default=0,
        )
        assert facts.back == sum(mine[18:25])
        assert facts.off == 15 - sum(mine)
        assert facts.pips == (
            sum((i + 1) * n for i, n in enumerate(mine)),
            sum((i + 1) * n for i, n in enumerate(theirs)),
        )
        assert facts.hit == 0
