"""eXtreme Gammon's XGID: published XGIDs, GNU Backgammon's reading of ours, round trips, bad input.

Sources of every XGID: tests/data/xgid/SOURCES.md.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from game.records.matchid import from_match_id, match_id
from game.records.xgid import MAX_INPUT, XgidError, looks_like_xgid, read_xgid, swap_players, write_xgid
from game.rules.cube import CubeState
from game.rules.move import legal_moves, parse_move
from game.rules.position import Position, from_position_id, position_id

DATA = Path(__file__).parent / "data" / "xgid"
PAIRS = [tuple(line.split("\t")) for line in (DATA / "gnubg_pairs.txt").read_text("ascii").splitlines()]

XG_EXAMPLE = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
FIVE_POINT = "XGID=-BBABBBbB---c-----B-babcb-:0:0:1:32:2:1:0:5:10"
FOUR_SCORE = "XGID=---CBBBbB---bB----bdBcaa--:0:0:1:53:0:0:0:0:10"
BEAR_IN = "XGID=aBBBBCC-A-----------------:1:1:1:14:0:0:3:0:10"
REDOUBLE = "-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:5:10"
PUBLISHED = (XG_EXAMPLE, FIVE_POINT, FOUR_SCORE, BEAR_IN, "XGID=" + REDOUBLE)


def gnu_ids(text: str) -> str:
    x = read_xgid(text)
    return f"{position_id(x.code)}:{match_id(x.info)}"


def test_the_format_example_is_the_opening_position_with_five_two_to_play_for_money() -> None:
    x = read_xgid(XG_EXAMPLE)
    assert Position(x.code) == Position.start()
    info = x.info
    assert (info.on_roll, info.dice, info.length, info.score) == (1, (5, 2), 0, (0, 0))
    assert info.cube == CubeState() and info.jacoby and x.beavers and not info.doubled
    assert gnu_ids(XG_EXAMPLE) == "4HPwATDgc/ABMA:cIkKAAAAAAAA"


@pytest.mark.parametrize(
    ("xgid", "pips", "dice", "plays"),
    [
        (FIVE_POINT, None, (3, 2), ("8/3", "6/4 6/3")),
        (FOUR_SCORE, (121, 117), (5, 3), ("8/5 8/3", "20/17 20/15", "13/10 13/8", "20/15 8/5", "13/5")),
        (BEAR_IN, (61, 25), (4, 1), ()),
    ],
)
def test_posted_xgids_read_as_the_boards_their_posts_describe(
    xgid: str, pips: tuple[int, int] | None, dice: tuple[int, int], plays: tuple[str, ...]
) -> None:
    x = read_xgid(xgid)
    position = Position(x.code)
    if pips is not None:
        assert position.pips() == pips
    assert x.info.dice == dice and x.info.on_roll == 1
    legal = {m.notation() for m in legal_moves(position, dice)}
    for play in plays:  # every play the post's rollout lists is legal on our board
        assert parse_move(play, position, dice).notation() in legal


def test_the_bear_in_post_has_the_top_player_on_the_bar_and_the_cube_on_two_owned_by_the_bottom() -> None:
    x = read_xgid(BEAR_IN)
    assert Position(x.code).theirs[24] == 1 and Position(x.code).their_off == 14
    assert x.info.cube == CubeState(2, 1) and x.info.jacoby and x.beavers


def test_the_five_point_match_post_has_its_score_the_right_way_round() -> None:
    info = read_xgid(FIVE_POINT).info
    # field 6 is the bottom player's score (GNU Backgammon's player 1), field 7 the top's
    assert (info.length, info.score, info.crawford) == (5, (1, 2), False)


def test_a_d_xgid_names_the_player_who_must_take_and_the_doubler_is_on_roll() -> None:
    x = read_xgid(REDOUBLE)
    info = x.info
    assert info.doubled and info.turn == 0 and info.on_roll == 1
    assert info.cube == CubeState(2, 1) and not info.has_dice()
    assert write_xgid(x.code, info) == "XGID=" + REDOUBLE


@pytest.mark.parametrize(("xgid", "ids"), PAIRS)
def test_our_reading_of_an_xgid_gives_the_ids_gnubg_gives_it(xgid: str, ids: str) -> None:
    x = read_xgid(xgid)
    info = x.info
    if xgid.split(":")[3] == "-1":  # gnubg swapped the players to put the one on roll at the bottom
        info = swap_players(info)
    assert f"{position_id(x.code)}:{match_id(info)}" == ids


@pytest.mark.parametrize("xgid", [*PUBLISHED, *(p[0] for p in PAIRS)])
def test_xgid_to_gnu_ids_and_back_is_the_same_xgid(xgid: str) -> None:
    x = read_xgid(xgid)
    pid, mid = gnu_ids(xgid).split(":")
    again = write_xgid(
        from_position_id(pid), from_match_id(mid), beavers=x.beavers, max_cube_log=x.max_cube_log
    )
    fields = (xgid if xgid.startswith("XGID=") else "XGID=" + xgid).split(":")
    if fields[4].isdigit():  # dice are kept higher first, as GNU Backgammon keeps them
        fields[4] = "".join(sorted(fields[4], reverse=True))
    assert again == ":".join(fields)


def test_written_with_the_other_player_at_the_bottom_reads_back_with_the_players_exchanged() -> None:
    x = read_xgid(FIVE_POINT)
    flipped = write_xgid(x.code, x.info, bottom=0)
    assert flipped.split(":")[3] == "-1" and flipped != FIVE_POINT
    y = read_xgid(flipped)
    assert y.code == x.code and y.info == swap_players(x.info)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "10 fields"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0", "10 fields"),
        ("XGID=-b----E-C---eE---c-e---B-:0:0:1:52:0:0:3:0:10", "26 characters"),
        ("XGID=-b----E-C---eE---c-e----B*:0:0:1:52:0:0:3:0:10", "character 26"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "top player's bar"),
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:52:0:0:3:0:10", "bottom player's bar"),
        ("XGID=-b----E-C---eE---c-e----J-:0:0:1:52:0:0:3:0:10", "more than 15"),
        ("XGID=-b----E-C---eE---c-e----B-:7:1:1:52:0:0:3:0:10", "from 1 to 64"),
        ("XGID=-b----E-C---eE---c-e----B-:0:1:1:52:0:0:3:0:10", "centred"),
        ("XGID=-b----E-C---eE---c-e----B-:1:2:1:52:0:0:3:0:10", "cube owner"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:3:0:10", "turn"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10", "dice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:3:0:10", "dice"),
        ("XGID=-b----E-C---eE---c-e----B-:1:0:1:B:0:0:3:0:10", "beavered"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:5:0:0:5:10", "already won"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:5:10", "Crawford"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:4:0:10", "0-3"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:-1:0:0:5:10", "negative"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:x:0:0:5:10", "whole number"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:999999:0:0:5:10", "whole number"),
        ("XGID=-b----E-C---eE---c-e----B-:3:0:1:52:0:0:0:0:2", "largest cube"),
        ("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:D:0:0:0:5:10", "does not own the cube"),
        ("XGID=" + "-" * 300, "characters"),
    ],
)
def test_bad_xgids_are_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(XgidError, match=words):
        read_xgid(text)


def test_any_mangled_xgid_is_read_or_refused_never_a_traceback() -> None:
    rng = random.Random(7)
    alphabet = "-:aAbBoOpPzZ0123456789D=XGID \t"
    seeds = [p[0] for p in PAIRS[:30]] + list(PUBLISHED)
    for _ in range(3000):
        chars = list(rng.choice(seeds))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            match rng.randrange(3):
                case 0:
                    chars[i] = rng.choice(alphabet)
                case 1:
                    del chars[i]
                case _:
                    chars.insert(i, rng.choice(alphabet))
        try:
            x = read_xgid("".join(chars))
        except XgidError:
            continue
        assert read_xgid(x.text) == x


def test_a_huge_paste_is_refused_by_its_length_before_it_is_split() -> None:
    with pytest.raises(XgidError, match="characters"):
        read_xgid("XGID=" + ":" * 5_000_000)
    assert MAX_INPUT < 1000


def test_what_looks_like_an_xgid() -> None:
    assert looks_like_xgid(XG_EXAMPLE) and looks_like_xgid(REDOUBLE) and looks_like_xgid(" xgid=junk")
    assert not looks_like_xgid("4HPwATDgc/ABMA:cIkKAAAAAAAA") and not looks_like_xgid("4HPwATDgc/ABMA")


def test_a_resignation_and_the_game_state_are_left_out_of_the_xgid() -> None:
    x = read_xgid(FIVE_POINT)
    assert write_xgid(x.code, replace(x.info, resigned=2, game_state=2)) == FIVE_POINT


@pytest.mark.skipif(shutil.which("/usr/games/gnubg") is None, reason="GNU Backgammon is not installed here")
def test_gnubg_itself_reads_the_published_xgids_as_we_do() -> None:
    for xgid in (XG_EXAMPLE, FIVE_POINT, FOUR_SCORE, BEAR_IN):
        out = subprocess.run(
            ["/usr/games/gnubg", "-t", "-q"],
            input=f"set xgid {xgid}\nshow board\n",
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout
        pid = out.rsplit("Position ID: ", 1)[1][:14]
        mid = out.rsplit("Match ID   : ", 1)[1][:12]
        assert f"{pid}:{mid}" == gnu_ids(xgid)
