"""Hostile record text where the other tests do not reach it: a number of thousands of digits in
an ``.sgf`` file (Python's ``int()`` refuses more than 4,300 digits with a ValueError), and the
backtracking line of issue 33 in the record the game keeps at game over (read on the window's
thread). Each is a clear error, or handled, in under 5 s.

Issue 50's: a score at or past the match length (or negative) refused alike in every format, as
the neutral check of every record refuses it; replay in one pass (each roll's moves generated
once: ``python -m bench.records`` measures the largest records answering in under 5 s), and a
record of more entries than a record holds refused while it is read."""

from __future__ import annotations

import struct
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from test_mat_variants import HEAD, SPACES
from test_ui_cube import answer, flow_at

import game.records.replay as replay_module
import game.rules.move as move_module
from bench.records import last_move_illegal, mat_text, money_games, money_session
from game.records.formats import read_record
from game.records.mat import MAX_ENTRIES, MatFileError, format_match
from game.records.mat_reader import read_match
from game.records.replay import ReplayError, replay, replay_bytes
from game.records.xg import RECORD
from game.ui.flow.events import CubeDone, Pass
from game.ui.model.records import keep_game
from game.ui.model.session import AI
from tests.xg_build import archive, game_file

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


# --- issue 50: what every record is checked for, whatever its format ---------------------------


def _xg_with_scores(scores: tuple[int, int], length: int = 3) -> bytes:
    """An ``.xg`` file of a real-looking match whose first game starts at ``scores``."""
    content = bytearray(game_file(read_record(SGF_GAME.format(length=length, ws=0, bs=0).encode())))
    game_header = RECORD  # the match header is the first record, the game's the second
    struct.pack_into("<ii", content, game_header + 12, *scores)
    return archive(zlib.compress(bytes(content)), len(content), zlib.crc32(bytes(content)))


SGF_GAME = (
    "(;FF[4]GM[6]MI[length:{length}][game:0][ws:{ws}][bs:{bs}]PW[A]PB[B]RE[W+1]\n"
    ";W[31fehe];B[double];W[drop])"
)
"""One short game of GNU Backgammon's ``.sgf``: 31 played, a double dropped."""


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (SGF_GAME.format(length=3, ws=3, bs=0).encode(), "game 1: a score of 3 is at or past the match"),
        (SGF_GAME.format(length=3, ws=0, bs=7).encode(), "game 1: a score of 7 is at or past the match"),
        (_xg_with_scores((3, 0)), "game 1: a score of 3 is at or past the match length (3)"),
        (_xg_with_scores((0, -1)), "game 1: a score of -1 is not a score"),
        (_xg_with_scores((-2, 0), length=0), "game 1: a score of -2 is not a score"),
        (b" 3 point match\n\n Game 1\n A : 3    B : 0\n  1) 31: 8/5 6/5\n", "game 1 (line 4): a score of 3"),
    ],
    ids=["sgf-at", "sgf-past", "xg-at", "xg-negative", "xg-money-negative", "mat-at"],
)
def test_a_score_at_or_past_the_match_length_is_refused_in_every_format(data: bytes, says: str) -> None:
    with pytest.raises(MatFileError) as caught:
        replay_bytes(data)
    assert says in str(caught.value)


def _moves_generated(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every generation of a roll's legal moves the replay asks for."""
    calls: list[int] = []

    def counted(real: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object) -> object:
            calls.append(1)
            return real(*args)

        return call

    monkeypatch.setattr(move_module, "moves_with_steps", counted(move_module.moves_with_steps))
    if hasattr(replay_module, "results"):
        monkeypatch.setattr(replay_module, "results", counted(replay_module.results))
    return calls


def test_replay_generates_each_rolls_moves_once_so_its_time_grows_with_the_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = money_session(3000)
    rolls = sum(1 for g in record.games for a in g.actions if a.kind == "move")
    calls = _moves_generated(monkeypatch)
    match = replay(record)
    assert len(calls) == rolls  # once a roll: no move found by trying every way to play it again
    assert match.final_score() == replay(record).final_score() and not match.notes


def test_a_long_record_whose_last_move_is_illegal_is_refused_after_one_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = money_session(3000)
    rolls = sum(1 for g in record.games for a in g.actions if a.kind == "move")
    text = last_move_illegal(format_match(record))
    calls = _moves_generated(monkeypatch)
    with pytest.raises(ReplayError) as caught:
        replay(read_match(text))
    assert f"game {len(record.games)}, row" in str(caught.value) and "'24/1'" in str(caught.value)
    assert len(calls) == rolls


def test_a_record_of_more_entries_than_a_record_holds_is_refused_as_soon_as_they_are_counted() -> None:
    text = mat_text(money_games(MAX_ENTRIES + 1)) + "  1) this row cannot be read\n"
    with pytest.raises(MatFileError) as caught:
        read_match(text)
    assert f"more than {MAX_ENTRIES} rolls and cube actions" in str(caught.value)  # before the last row
    sgf = "(;FF[4]GM[6]MI[length:0]" + ";W[21]" * (MAX_ENTRIES + 1) + ")"
    with pytest.raises(MatFileError) as caught:
        read_record(sgf.encode())
    assert f"more than {MAX_ENTRIES} rolls and cube actions" in str(caught.value)
