"""GNU Backgammon Match IDs: known IDs, round trips, bad input."""

from __future__ import annotations

import pytest

from game.records.matchid import MatchIdError, MatchInfo, from_match_id, match_id
from game.rules.cube import CubeState


def test_money_ids_written_by_gnubg_decode() -> None:
    # IDs GNU Backgammon printed for a new money session, Jacoby on, then off
    on = from_match_id("cAkLAAAAAAAA")
    assert on.cube == CubeState(1, None) and on.length == 0 and on.score == (0, 0)
    assert on.on_roll == 1 and on.dice == (6, 2) and on.jacoby and on.game_state == 1
    off = from_match_id("MIEKAAAAAAAE")
    assert off.on_roll == 0 and off.dice == (5, 2) and not off.jacoby


@pytest.mark.parametrize(
    ("mid", "cube", "on_roll", "score", "dice"),
    [  # the GNU Backgammon manual's example, and one from the bug-gnubg list; read back by gnubg 1.x
        ("QYkqASAAIAAA", CubeState(2, 0), 1, (2, 4), (5, 2)),
        ("cIkmAQAAAAAA", CubeState(1, None), 1, (0, 0), (5, 1)),
    ],
)
def test_published_nine_point_match_ids(
    mid: str, cube: CubeState, on_roll: int, score: tuple[int, int], dice: tuple[int, int]
) -> None:
    info = from_match_id(mid)
    assert (info.cube, info.on_roll, info.length, info.score, info.dice) == (cube, on_roll, 9, score, dice)
    assert not info.crawford and match_id(info) == mid


def test_centred_cube_player_one_on_roll_no_dice() -> None:
    info = from_match_id("cAkAAAAAAAAA")
    assert info.cube == CubeState(1, None) and info.on_roll == 1 and not info.has_dice()


def test_known_match_id_with_score_and_post_crawford() -> None:
    # from the public cube set: 3-point match, player 1 on roll, score 2-1, post-Crawford
    info = from_match_id("cAlgACAACAAE")
    assert info.length == 3 and info.on_roll == 1
    assert info.score == (2, 1) and not info.crawford and info.is_post_crawford()
    assert not info.jacoby


def test_known_match_id_with_dice() -> None:
    info = MatchInfo(CubeState(2, 1), on_roll=1, length=7, score=(3, 4), dice=(5, 2))
    back = from_match_id(match_id(info))
    assert back.dice == (5, 2) and back.cube == CubeState(2, 1) and back.score == (3, 4)


@pytest.mark.parametrize(
    "info",
    [
        MatchInfo(CubeState(), 0, 0, (0, 0), jacoby=True),
        MatchInfo(CubeState(64, 1), 1, 25, (24, 23), dice=(6, 6)),
        MatchInfo(CubeState(4, 0), 0, 5, (4, 0), crawford=True),
        MatchInfo(CubeState(2, 0), 1, 0, (0, 0), doubled=True, turn=0, resigned=2),
    ],
)
def test_round_trip(info: MatchInfo) -> None:
    text = match_id(info)
    assert len(text) == 12
    back = from_match_id(text)
    assert match_id(back) == text
    assert (back.cube, back.on_roll, back.length, back.score, back.dice, back.crawford, back.jacoby) == (
        info.cube,
        info.on_roll,
        info.length,
        info.score,
        info.dice,
        info.crawford,
        info.jacoby,
    )


@pytest.mark.parametrize(
    ("mid", "length", "score", "cube", "owner", "crawford", "post_crawford"),
    [  # Match IDs from the public cube set (../shared/data/public-cube-100.jsonl) with its labels;
        # score is (side on roll, opponent), owner "centre" or "roller"
        ("MAEgAVAAGAAE", 9, (5, 3), 1, "centre", False, False),
        ("cAlgAAAAAAAE", 3, (0, 0), 1, "centre", False, False),
        ("cAlgACAACAAE", 3, (1, 2), 1, "centre", False, True),
        ("AQEAAAAAAAAE", 0, (0, 0), 2, "roller", False, False),
        ("UQkAAAAAAAAE", 0, (0, 0), 2, "roller", False, False),
    ],
)
def test_public_cube_set_ids_agree_with_their_labels(
    mid: str, length: int, score: tuple[int, int], cube: int, owner: str, crawford: bool, post_crawford: bool
) -> None:
    info = from_match_id(mid)
    me = info.on_roll
    assert match_id(info) == mid
    assert info.length == length
    assert (info.score[me], info.score[1 - me]) == score
    assert info.cube.value == cube
    assert ("centre" if info.cube.owner is None else "roller") == owner
    assert info.crawford == crawford and info.is_post_crawford() == post_crawford
    assert not info.has_dice()


@pytest.mark.parametrize(
    "text", ["", "cAkAAAAAAAA", "cAkAAAAAAAAA!", "c!kAAAAAAAAA", "PwkAAAAAAAAA", "cAnIAAAAAAAA"]
)
def test_bad_match_ids_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(MatchIdError):
        from_match_id(text)
