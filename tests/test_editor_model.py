"""The position editor's model without a window: every legality rule, each edit, the IDs it gives."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import side

from game.records.matchid import MatchInfo, match_id
from game.rules.cube import CubeState
from game.rules.position import START_CODE, Position, swap
from ui.model.points import BAR, OFF
from ui.model.position_ids import EXAMPLE, parse_setup, setup_session
from ui.model.seats import CheckerColour
from ui.model.session import AI, GameConfig
from ui.model.workbench.editor import (
    EMPTY_SIDE,
    Edit,
    EditorPosition,
    Reason,
    Side,
    from_session,
    refusal,
)
from ui.text.editor import describe, reason_words, side_label

MATCH_9 = "4HPwATDgc/ABMA:QYkqASAAIAAA"
"""The GNU Backgammon manual's example: 9-point match, 2-4, cube 2 owned by player 0, player 1 rolled 52."""

START = EditorPosition()
EMPTY = START.clear().value


def worded(reason: Reason | None, p: EditorPosition) -> str:
    """A refusal or note in words ("" for none)."""
    return "" if reason is None else reason_words(reason, p)


def refused(step: Edit) -> str:
    """Why an edit was refused, in words ("" when it was made)."""
    return worded(step.refused, step.value)


def noted(step: Edit) -> str:
    """What an edit did beyond what was asked, in words."""
    return worded(step.note, step.value)


def build(*edits: tuple[int, Side]) -> EditorPosition:
    value = EMPTY
    for point, who in edits:
        step = value.add(point, who)
        assert step.ok, refused(step)
        value = step.value
    return value


# --- legality: each rule refused with its reason ----------------------------------------------------


def test_with_all_fifteen_on_the_board_an_added_checker_comes_from_the_tallest_stack_nearest_it() -> None:
    step = START.add(7, Side.BOTTOM)  # the 6 and the 13 points hold five each: the 6 is nearer
    assert step.ok and step.value.count(7, Side.BOTTOM) == 1 and step.value.count(6, Side.BOTTOM) == 4
    assert step.value.off(Side.BOTTOM) == 0 and noted(step).endswith("one moved from point 6")
    assert "all 15 of your checkers are on the board" in noted(step)
    far = START.add(20, Side.BOTTOM)  # nearer the 13 point
    assert far.ok and far.value.count(13, Side.BOTTOM) == 4 and far.value.count(20, Side.BOTTOM) == 1
    theirs = START.add(7, Side.TOP)  # the opponent's 18 point: from its 13 point (ours 12)
    assert theirs.ok and theirs.value.count(12, Side.TOP) == 4 and theirs.value.count(7, Side.TOP) == 1
    bar_only = replace(EMPTY, bottom=(0, 0, 14) + (0,) * 21 + (1,))
    from_bar = bar_only.add(3, Side.BOTTOM)  # no other point has one: the bar's comes
    assert from_bar.ok and from_bar.value.count(3, Side.BOTTOM) == 15 and "from the bar" in noted(from_bar)
    assert bar_only.spare(Side.BOTTOM, BAR) == 3


def test_a_sixteenth_checker_is_refused_with_the_reason_when_none_can_be_moved() -> None:
    all_on_ten = replace(EMPTY, bottom=(0,) * 9 + (15,) + (0,) * 15)
    step = all_on_ten.add(10, Side.BOTTOM)
    assert not step.ok and step.value is all_on_ten
    assert "all 15 of your checkers are on the board" in refused(step)
    held = START.add(1, Side.BOTTOM)  # the opponent's 24 point: no checker of ours may go there
    assert not held.ok and "point 1 holds the opponent's checkers" in refused(held)


def test_a_dragged_checker_moves_between_points_the_bar_and_the_tray() -> None:
    step = START.move(13, 20, Side.BOTTOM)
    assert step.ok and step.value.count(13, Side.BOTTOM) == 4 and step.value.count(20, Side.BOTTOM) == 1
    off = START.move(6, OFF, Side.BOTTOM)  # dropped on the tray: borne off
    assert off.ok and off.value.off(Side.BOTTOM) == 1 and off.value.count(6, Side.BOTTOM) == 4
    back = off.value.move(OFF, 5, Side.BOTTOM)  # from the tray back onto the board
    assert back.ok and back.value.count(5, Side.BOTTOM) == 1 and back.value.off(Side.BOTTOM) == 0
    hit = START.move(8, BAR, Side.BOTTOM)
    assert hit.ok and hit.value.count(BAR, Side.BOTTOM) == 1 and hit.value.count(8, Side.BOTTOM) == 2
    assert hit.value.move(BAR, 4, Side.BOTTOM).value.count(4, Side.BOTTOM) == 1
    assert START.move(6, 6, Side.BOTTOM) == Edit(START)  # put down where it was: no edit
    assert "point 19 holds the opponent's checkers" in refused(START.move(6, 19, Side.BOTTOM))
    assert "none of your checkers is on point 4" in refused(START.move(4, 5, Side.BOTTOM))
    assert "none is borne off" in refused(START.move(OFF, 5, Side.BOTTOM))
    assert START.move(12, 18, Side.TOP).value.count(18, Side.TOP) == 1  # the opponent's, the same way


def test_a_point_held_by_the_other_side_takes_no_checker_of_the_chosen_side() -> None:
    value = build((6, Side.BOTTOM))
    step = value.add(6, Side.TOP)
    assert not step.ok and "both sides on point 6" in refused(step)


def test_a_left_click_on_a_held_point_adds_the_holders_checker_not_the_chosen_sides() -> None:
    value = build((19, Side.TOP))
    step = value.add_here(19, Side.BOTTOM)
    assert step.ok and step.value.count(19, Side.TOP) == 2 and step.value.count(19, Side.BOTTOM) == 0


def test_an_empty_point_takes_the_chosen_side() -> None:
    step = EMPTY.add_here(7, Side.TOP)
    assert step.ok and step.value.holder(7) is Side.TOP and step.value.top[25 - 7 - 1] == 1


def test_both_sides_may_have_checkers_on_the_bar() -> None:
    value = build((BAR, Side.BOTTOM), (BAR, Side.TOP), (BAR, Side.TOP))
    assert value.count(BAR, Side.BOTTOM) == 1 and value.count(BAR, Side.TOP) == 2
    assert refusal(value) is None


def test_off_is_not_a_place_to_add_to_the_checkers_not_on_the_board_are_off() -> None:
    step = EMPTY.add(OFF, Side.BOTTOM)
    assert not step.ok and "borne off" in refused(step)
    assert EMPTY.off(Side.BOTTOM) == 15 and build((3, Side.BOTTOM)).off(Side.BOTTOM) == 14


def test_removing_from_an_empty_point_or_bar_is_refused() -> None:
    assert "no checker on point 4" in refused(EMPTY.remove(4))
    assert "none of your checkers is on the bar" in refused(EMPTY.remove(BAR, Side.BOTTOM))


def test_removing_takes_the_holders_checker() -> None:
    value = build((20, Side.TOP), (20, Side.TOP))
    step = value.remove(20)
    assert step.ok and step.value.count(20, Side.TOP) == 1


def test_dice_outside_one_to_six_are_refused() -> None:
    assert "dice show 1 to 6" in refused(START.with_dice((0, 7)))
    assert START.with_dice((6, 6)).ok and START.with_dice(None).ok


def test_a_cube_value_the_cube_does_not_have_is_refused() -> None:
    assert "the cube shows 1, 2, 4" in refused(START.with_cube(3))


def test_a_cube_on_one_has_no_owner() -> None:
    assert "a cube on 1 is in the middle" in refused(START.with_owner(Side.TOP))
    owned = START.with_cube(4).value.with_owner(Side.TOP).value
    back = owned.with_cube(1)
    assert back.ok and back.value.owner is None  # lowered to 1, it returns to the middle


def test_a_match_length_beyond_the_longest_is_refused() -> None:
    assert "1 to 25 points" in refused(START.with_length(26))
    assert START.length_step(up=False).value.length == 0  # money stays money


def test_a_money_game_has_no_score() -> None:
    assert "a money game has no score" in refused(START.with_score(Side.BOTTOM, 1))
    assert worded(refusal(replace(START, score=(1, 0))), START) == "a money game has no score"


def test_a_score_must_be_below_the_match_length() -> None:
    five = START.with_length(5).value
    assert "would have won the 5-point match" in refused(five.with_score(Side.TOP, 5))
    assert "0 or more" in refused(five.with_score(Side.TOP, -1))
    at_4_2 = five.with_score(Side.BOTTOM, 4).value.with_score(Side.TOP, 2).value
    assert "has won a 3-point match" in refused(at_4_2.with_length(3))
    assert at_4_2.with_length(7).ok


def test_money_drops_the_score_and_crawford() -> None:
    crawford = START.with_length(5).value.with_score(Side.TOP, 4).value.toggle_crawford().value
    money = crawford.with_length(0)
    assert money.ok and money.value.score == (0, 0) and not money.value.crawford


def test_crawford_only_with_exactly_one_side_one_away() -> None:
    five = START.with_length(5).value
    assert "one side must be 1-away" in refused(five.toggle_crawford())
    both = five.with_score(Side.BOTTOM, 4).value.with_score(Side.TOP, 4).value
    assert "one side must be 1-away" in refused(both.toggle_crawford())
    one = five.with_score(Side.TOP, 4).value
    assert one.toggle_crawford().ok
    assert "a money game has no Crawford game" in refused(START.toggle_crawford())
    assert "a side is 1-away" not in refused(START.with_length(1).value.toggle_crawford())
    assert "one side must be 1-away" in refused(START.with_length(1).value.toggle_crawford())


def test_crawford_keeps_the_score_one_away() -> None:
    c = START.with_length(5).value.with_score(Side.TOP, 4).value.toggle_crawford().value
    assert "turn Crawford off first" in refused(c.with_score(Side.TOP, 3))
    assert "turn Crawford off first" in refused(c.with_score(Side.BOTTOM, 4))
    assert "turn Crawford off first" in refused(c.with_length(7))
    assert c.with_score(Side.BOTTOM, 3).ok


def test_nobody_doubles_in_the_crawford_game() -> None:
    c = START.with_length(5).value.with_score(Side.TOP, 4).value.toggle_crawford().value
    assert "Crawford" in refused(c.with_cube(2))
    assert "Crawford" in refused(c.cycle_owner())
    cubed = START.with_length(5).value.with_score(Side.TOP, 4).value.with_cube(2).value
    assert "put the cube back on 1" in refused(cubed.toggle_crawford())


def test_the_jacoby_rule_is_only_for_money() -> None:
    assert START.toggle_jacoby().ok and not START.toggle_jacoby().value.jacoby
    assert "money games" in refused(START.with_length(3).value.toggle_jacoby())


def random_edit(value: EditorPosition, rng: random.Random) -> Edit:
    """One edit of any kind, with random arguments."""
    point = rng.choice([*range(1, 25), BAR])
    who = rng.choice(list(Side))
    up = rng.random() < 0.6
    match rng.randrange(9):
        case 0:
            return value.add(point, who)
        case 1:
            return value.remove(point, who)
        case 2:
            return value.cube_step(up)
        case 3:
            return value.cycle_owner()
        case 4:
            return value.length_step(up)
        case 5:
            return value.score_step(who, up)
        case 6:
            return value.toggle_crawford()
        case 7:
            return value.mirror()
        case _:
            return value.with_dice((rng.randint(1, 6), rng.randint(1, 6)))


def test_every_edit_of_a_long_random_walk_stays_legal() -> None:
    rng = random.Random(7)
    value = START
    made = 0
    for _ in range(3000):
        step = random_edit(value, rng)
        assert refusal(step.value) is None
        assert step.ok or step.value is value
        made += step.ok
        value = step.value
    assert 300 < made < 3000  # some refused, many made


# --- whole-board edits ------------------------------------------------------------------------------


def test_clear_and_starting_position_keep_the_match_cube_and_dice() -> None:
    v = START.with_length(7).value.with_score(Side.TOP, 3).value.with_cube(2).value.with_dice((3, 1)).value
    cleared = v.clear().value
    assert cleared.bottom == EMPTY_SIDE and cleared.top == EMPTY_SIDE
    assert (cleared.length, cleared.score, cleared.cube, cleared.dice) == (7, (0, 3), 2, (3, 1))
    assert cleared.starting().value.code() == START_CODE


def test_mirror_gives_the_other_side_the_same_position_and_the_same_ids() -> None:
    v = build((6, Side.BOTTOM), (6, Side.BOTTOM), (1, Side.TOP), (BAR, Side.TOP))
    v = v.with_length(5).value.with_score(Side.BOTTOM, 3).value.with_cube(2).value
    v = v.with_owner(Side.BOTTOM).value.with_dice((5, 2)).value
    m = v.mirror().value
    assert m.bottom == v.top and m.top == v.bottom and m.on_roll is Side.TOP
    assert m.owner is Side.TOP and m.score == (0, 3) and m.dice == (5, 2)
    assert m.ids() == v.ids() and m.mirror().value == v


def test_swap_turn_gives_the_roll_to_the_other_side() -> None:
    v = build((6, Side.BOTTOM), (1, Side.TOP))
    s = v.swap_turn().value
    assert s.on_roll is Side.TOP and s.code() == swap(v.code())


def test_a_side_with_no_checker_on_the_board_cannot_be_played() -> None:
    assert "your side has no checker" in worded(EMPTY.unplayable(), EMPTY)
    one = build((1, Side.BOTTOM))
    assert "the opponent's side has no checker" in worded(one.unplayable(), one)
    with pytest.raises(ValueError):
        EMPTY.setup()
    assert build((1, Side.BOTTOM), (24, Side.TOP)).unplayable() is None


# --- the IDs and the set-up value ------------------------------------------------------------------


def test_pasted_ids_come_back_the_same_from_the_editor() -> None:
    setup = parse_setup(MATCH_9)
    v = EditorPosition.from_setup(setup)
    assert v.ids() == MATCH_9[:-1] + "E"  # as gnubg writes it: the Jacoby bit off in a match
    assert v.on_roll is Side.BOTTOM and v.dice == (5, 2) and v.bottom_player == 1
    assert (v.length, v.score, v.cube, v.owner) == (9, (4, 2), 2, Side.TOP)
    assert v.setup() == replace(setup, info=replace(setup.info, jacoby=False))


def test_a_built_position_sets_up_as_the_ids_read_back() -> None:
    """An endgame built click by click: its IDs read back into the same set-up value."""
    v = build((1, Side.BOTTOM), (1, Side.BOTTOM), (2, Side.BOTTOM), (24, Side.TOP), (23, Side.TOP))
    v = v.with_length(3).value.with_score(Side.TOP, 2).value.toggle_crawford().value
    v = v.swap_turn().value.with_dice((4, 6)).value
    s = v.setup()
    assert replace(parse_setup(v.ids()), human=0) == s  # you keep the bottom side, the opponent on roll
    assert s.info.crawford and s.info.on_roll == 1 and s.info.dice == (6, 4) and s.human == 0
    assert list(Position(s.code).mine) == side({1: 1, 2: 1})  # the opponent on roll, from its own side


def test_the_start_money_ids_are_gnubgs() -> None:
    """GNU Backgammon writes the opening position of a money game, player 1 on roll, as EXAMPLE."""
    assert replace(START, bottom_player=1).ids() == EXAMPLE
    assert START.ids() == "4HPwATDgc/ABMA:MAEAAAAAAAAA"  # the same with player 0 on roll
    info = parse_setup(START.ids()).info
    assert info.is_money() and info.jacoby and info.on_roll == 0 and not info.has_dice()


def test_ids_of_a_finished_match_open_as_a_money_game() -> None:
    info = MatchInfo(CubeState(), 0, 3, (3, 1))
    v = EditorPosition.from_ids(START_CODE, info, 0)
    assert refusal(v) is None and v.length == 0


def test_a_double_on_offer_opens_as_the_position_before_it() -> None:
    info = MatchInfo(CubeState(), on_roll=0, length=5, score=(1, 2), doubled=True, turn=1)
    v = EditorPosition.from_ids(START_CODE, info, 1)
    assert v.on_roll is Side.TOP and v.dice is None and v.cube == 1


def test_describe_says_the_match_cube_and_turn() -> None:
    v = EditorPosition.from_setup(parse_setup(MATCH_9))
    assert describe(v) == "9-point match, you 4, opponent 2. Cube 2, the opponent's. You rolled 5-2."


def test_a_game_with_a_double_on_offer_opens_as_the_position_before_the_double() -> None:
    info = MatchInfo(CubeState(), on_roll=1, length=5, score=(1, 2), doubled=True, turn=0)
    session = setup_session(
        parse_setup(f"4HPwATDgc/ABMA:{match_id(info)}"),
        GameConfig("casual", 1, 0.0, 5, "roll", CheckerColour.LIGHT),
    )
    assert session.offered == AI
    v = from_session(session)
    assert v.on_roll is Side.TOP and v.dice is None and (v.cube, v.owner) == (1, None)
    assert (v.length, v.score) == (5, (1, 2)) and refusal(v) is None


# --- the XGID: pasted as it draws the board, copied back the same ------------------------------------

XGID_DATA = Path(__file__).parent / "data" / "xgid"
GNUBG_PAIRS = [
    tuple(line.split("\t")) for line in (XGID_DATA / "gnubg_pairs.txt").read_text("ascii").splitlines()
]
"""XGIDs and the IDs GNU Backgammon 1.07 gave them after ``set xgid`` (tests/data/xgid/SOURCES.md)."""

FOUR_SCORE = "XGID=---CBBBbB---bB----bdBcaa--:0:0:1:53:0:0:0:0:10"
"""BGonline.org Forums, a "four-score position" post: money, Blue (bottom) to play 53, pips Blue 121,
White 117 (tests/data/xgid/SOURCES.md)."""

XG_EXAMPLE = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
"""The format's example: the opening position, the bottom player to play 52, money, Jacoby and beavers."""


@pytest.mark.parametrize(("xgid", "ids"), GNUBG_PAIRS)
def test_a_pasted_xgid_sets_up_the_same_board_as_its_gnubg_ids(xgid: str, ids: str) -> None:
    value = EditorPosition.from_setup(parse_setup(xgid))
    assert value.bottom_player == 1  # the XGID's bottom player, as GNU Backgammon numbers it
    if xgid.split(":")[3] == "-1":  # gnubg put the player on roll at the bottom: its players swapped
        value = replace(value, bottom_player=0)
    assert value.ids() == ids


@pytest.mark.parametrize("xgid", [FOUR_SCORE, XG_EXAMPLE, *(p[0] for p in GNUBG_PAIRS[:40])])
def test_a_pasted_xgid_copies_back_the_same_xgid(xgid: str) -> None:
    value = EditorPosition.from_setup(parse_setup(xgid))
    fields = xgid.split(":")
    if fields[4].isdigit():  # dice are kept higher first
        fields[4] = "".join(sorted(fields[4], reverse=True))
    assert value.xgid() == ":".join(fields)


def test_a_posted_xgid_shows_its_bottom_player_at_the_bottom_with_the_posts_pip_counts() -> None:
    value = EditorPosition.from_setup(parse_setup(FOUR_SCORE))
    assert (value.pips(Side.BOTTOM), value.pips(Side.TOP)) == (121, 117)
    assert value.on_roll is Side.BOTTOM and value.dice == (5, 3) and value.length == 0
    # an XGID whose top player is on roll keeps its drawing too: the top side on roll
    flipped = parse_setup(value.xgid().replace(":1:53:", ":-1:53:"))
    top = EditorPosition.from_setup(flipped)
    assert top.on_roll is Side.TOP and top.bottom == value.bottom and top.top == value.top


def test_beavers_of_a_pasted_xgid_are_kept_and_played_out() -> None:
    value = EditorPosition.from_setup(parse_setup(XG_EXAMPLE))
    assert value.beavers is True and value.setup().beavers is True
    assert value.xgid(beavers=False).split(":")[7] == "3"  # Jacoby + beavers, as pasted
    assert EditorPosition().xgid(beavers=True).split(":")[7] == "3"  # the settings' rule otherwise
    assert EditorPosition().xgid(beavers=False).split(":")[7] == "1"


def test_the_sides_go_by_the_players_names_when_two_people_play() -> None:
    named = replace(EMPTY, names=("Ann", "Bob"))
    assert named == EMPTY  # the names are not part of the position
    assert (side_label(named, Side.BOTTOM), side_label(named, Side.TOP)) == ("Ann", "Bob")
    assert (side_label(EMPTY, Side.BOTTOM), side_label(EMPTY, Side.TOP)) == ("You", "Opponent")
    full = replace(named, bottom=(0,) * 9 + (15,) + (0,) * 15)
    assert "all 15 of Ann's checkers" in noted(full.add(3, Side.BOTTOM))
    assert "all 15 of Ann's checkers" in refused(full.add(10, Side.BOTTOM))
    assert "none of Bob's checkers is on the bar" in refused(named.remove(BAR, Side.TOP))
    said = worded(named.unplayable(), named)
    assert said == "Ann's side has no checker on the board: put some on to play or analyse"
    five = replace(named, length=5, score=(1, 3))
    assert describe(five).startswith("5-point match, Ann 1, Bob 3.") and describe(five).endswith(
        "Ann to roll."
    )
