"""Hostile record text where the other tests do not reach it: a number of thousands of digits in
an ``.sgf`` file (Python's ``int()`` refuses more than 4,300 digits with a ValueError), and the
backtracking line of issue 33 in the record the game keeps at game over (read on the window's
thread). Each is a clear error, or handled, in under 5 s."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_mat_variants import HEAD, SPACES
from test_ui_cube import answer, flow_at

from game.records.formats import read_record
from game.records.mat import MatFileError
from game.ui.flow.events import CubeDone, Pass
from game.ui.model.records import keep_game
from game.ui.model.session import AI

LIMIT_S = 5.0
HUGE = "9" * 5000
"""A number of 5,000 digits."""


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f"(;GM[6]MI[length:{HUGE}]RE[W+1])", "cannot read MI[length:99999999999999999999..."),
        (f"(;GM[6]MI[length:3][ws:{HUGE}]RE[W+1])", "cannot read MI[ws:"),
        (f"(;GM[6]MI[length:3]RE[W+{HUGE}])", "cannot read the result RE[W+9999999999999999"),
        (f"(;GM[{HUGE}]MI[length:3]RE[W+1])", "not a backgammon record"),
        (f"(;GM[6]MI[length:3]CV[{HUGE}]RE[W+1])", "automatic doubles"),
    ],
)
def test_an_sgf_number_of_thousands_of_digits_is_a_clear_error_at_once(text: str, says: str) -> None:
    start = time.monotonic()
    with pytest.raises(MatFileError) as caught:
        read_record(text.encode("ascii"))
    assert time.monotonic() - start < LIMIT_S
    message = str(caught.value)
    assert says in message and len(message) < 200  # the number is cut, not echoed whole


def test_a_backtracking_line_in_the_kept_record_at_game_over_is_answered_at_once(tmp_path: Path) -> None:
    folder = tmp_path
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())  # the game is over: the record is kept
    s = flow.session
    s.record_name = "club-5pt.mat"
    (folder / s.record_name).write_text(HEAD.format(length=5) + SPACES + "\n", encoding="utf-8")
    told: list[str] = []
    start = time.monotonic()
    path = keep_game(folder, s, told.append)
    assert time.monotonic() - start < LIMIT_S
    assert path == folder / "club-5pt.mat" and len(told) == 1 and "moved aside" in told[0]
    assert len(list(folder.glob("club-5pt.mat.corrupt-*"))) == 1  # the damaged one, set aside
