"""The text diagram of a position: GNU Backgammon's ASCII board, checked against gnubg's own drawing."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.records.diagram import text_diagram
from game.records.xgid import read_xgid, swap_players

BLOCKS = (
    (Path(__file__).parent / "data" / "xgid" / "gnubg_boards.txt").read_text("ascii").strip().split("\n\n")
)
GNUBG_BOARDS = [(b.splitlines()[0], b.splitlines()[1:]) for b in BLOCKS]
"""(XGID, gnubg's 13 board lines up to the tray) from ``show board`` (tests/gnubg_xgid.py)."""


def diagram_of(xgid: str, **kw: object) -> str:
    x = read_xgid(xgid)
    return text_diagram(x.code, x.info, beavers=x.beavers, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("xgid", "board"), GNUBG_BOARDS)
def test_the_board_is_drawn_as_gnubg_draws_it(xgid: str, board: list[str]) -> None:
    lines = diagram_of(xgid).splitlines()[2:15]
    assert [line[:49].rstrip() for line in lines] == board


def test_the_opening_diagram_with_its_ids_names_pips_and_roll() -> None:
    text = diagram_of("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", names=("Bob", "Alice"))
    assert text == (
        " Position ID: 4HPwATDgc/ABMA   Match ID: cIkKAAAAAAAA\n"
        " XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10\n"
        " +13-14-15-16-17-18------19-20-21-22-23-24-+     O: Bob\n"
        " | X           O    |   | O              X |     pips 167\n"
        " | X           O    |   | O              X |\n"
        " | X           O    |   | O                |\n"
        " | X                |   | O                |\n"
        " | X                |   | O                |\n"
        "v|                  |BAR|                  |     Money game, Jacoby (Cube: 1)\n"
        " | O                |   | X                |\n"
        " | O                |   | X                |\n"
        " | O           X    |   | X                |\n"
        " | O           X    |   | X              O |     Rolled 52\n"
        " | O           X    |   | X              O |     pips 167\n"
        " +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: Alice\n"
    )


def test_a_double_offered_names_the_doubler_and_the_taker_and_the_owned_cube() -> None:
    text = diagram_of("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:5:10", names=("Bob", "Alice"))
    lines = text.splitlines()
    assert lines[-1].endswith("X: Alice (Cube: 2)") and "Doubles to 4" in lines[-4]
    assert "Take or pass?" in lines[5] and "5 point match" in lines[8]
    assert lines[3].endswith("0 points")  # a match: the score beside each player's frame


def test_drawn_from_the_other_side_the_players_change_marks() -> None:
    x = read_xgid("XGID=aBBBBCC-A-----------------:1:1:1:41:0:0:3:0:10")
    other = text_diagram(x.code, x.info, bottom=0, beavers=x.beavers)
    assert other.splitlines()[1] == " XGID=-----------------a-ccbbbbA:1:-1:-1:41:0:0:3:0:10"
    edge = other.splitlines()[-2]  # the 14 checkers off and the one on the bar are now X's, at the bottom
    assert edge.startswith(" |                  | X |") and "| XXX pips 25" in edge
    assert other.splitlines()[-1].endswith("X: player X")
    assert read_xgid(other.splitlines()[1].strip()).info == swap_players(x.info)
