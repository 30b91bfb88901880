"""Hostile record text where the other tests do not reach it: a number of thousands of digits in
an ``.sgf`` file (Python's ``int()`` refuses more than 4,300 digits with a ValueError), and the
backtracking line of issue 33 in the record the game keeps at game over (read on the window's
thread). Each is a clear error, or handled (a hang is stopped at ``helpers.HANG_S``; how fast each
answers is ``python -m bench.records``'s to measure).

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
from helpers import HANG_S
from test_mat_variants import HEAD, SPACES
from test_ui_cube import answer, flow_at

import game.records.replay as replay_module
import game.rules.move as move_module
from bench.records import last_move_illegal, mat_text, money_games, money_session
from game.records.errors import MatFileError, RecordError, ReplayError, SgfFileError
from game.records.formats import read_record, replay_bytes
from game.records.mat import format_match, read_match
from game.records.model import MAX_ENTRIES
from game.records.replay import replay
from game.records.xg import RECORD
from game.rules.move import MoveError, parse_move
from game.rules.position import Position
from tests.xg_build import archive, game_file
from ui.flow.events import CubeDone, Pass
from ui.model.player_stats import record_length
from ui.model.records import keep_game
from ui.model.session import AI
from ui.text.model import notice

LIMIT_S = HANG_S
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
    with pytest.raises(RecordError) as caught:
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
    path = keep_game(folder, s, lambda n: told.append(notice(n)))
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


def test_an_sgf_game_past_the_matchs_end_is_left_out_as_gnubg_leaves_a_mat_ones() -> None:
    first = SGF_GAME.format(length=3, ws=0, bs=0)  # Black doubles, White drops: 0-1
    second = SGF_GAME.format(length=3, ws=3, bs=0).replace("game:0", "game:1")
    match = replay_bytes((first + second).encode())
    assert len(match.games) == 1 and match.final_score() == (0, 1)
    said = "game 2: its score line says 3-0, at or past the match length (3)"
    assert any(said in str(n) for n in match.notes)


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
    assert f"game {len(record.games)}, move" in str(caught.value) and "'24/1'" in str(caught.value)
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


NOT_ASCII_DIGITS = ("\u00b2", "\u00b9", "\u2460")
"""Characters ``str.isdigit()`` takes and ``int()`` refuses: superscript two and one, circled one."""

NUMBERS_IN_A_MAT = (
    " {d} point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n",
    " 3 point match\n\n Game {d}\n A : 0      B : 0\n  1) 31: 8/5 6/5\n",
    " 3 point match\n\n Game 1\n A : {d}      B : 0\n  1) 31: 8/5 6/5\n",
    " 3 point match\n\n Game 1\n A : 0      B : 0\n  {d}) 31: 8/5 6/5\n",
    " 3 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n      Wins {d} points\n",
    " 3 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n      Losses {d} points\n",
    " 3 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5            42: 8/4 6/4\n"
    "  2)  Doubles => {d}\n",
    " 3 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/{d} 6/5\n",
)
"""Every number a ``.mat`` record holds: the length, the game, a score, a row, the points won or
lost, the cube, a point of a move."""


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
@pytest.mark.parametrize("text", NUMBERS_IN_A_MAT, ids=range(len(NUMBERS_IN_A_MAT)))
def test_a_digit_int_refuses_in_a_mat_record_is_a_clear_error_or_no_number(text: str, digit: str) -> None:
    try:
        replay_bytes(text.format(d=digit).encode("utf-8"))  # a Losses with no number is left out
    except RecordError as exc:  # anything else (int()'s ValueError) fails the test
        assert "invalid literal" not in str(exc)


def test_latin1_byte_b2_in_a_score_is_a_clear_error() -> None:
    with pytest.raises(MatFileError) as caught:
        replay_bytes(b" 3 point match\n\n Game 1\n A : \xb2      B : 0\n  1) 31: 8/5 6/5\n")
    assert "score line" in str(caught.value)


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
@pytest.mark.parametrize("field", ["length", "game", "ws", "bs"])
def test_a_digit_int_refuses_in_an_sgf_match_info_is_a_clear_error(field: str, digit: str) -> None:
    with pytest.raises(SgfFileError, match=f"cannot read MI\\[{field}:"):
        read_record(f"(;FF[4]GM[6]MI[{field}:{digit}]RE[W+1];W[31fehe])".encode())


@pytest.mark.parametrize("digit", NOT_ASCII_DIGITS)
def test_a_digit_int_refuses_in_a_move_or_a_record_name_is_read_as_no_number(digit: str) -> None:
    with pytest.raises(MoveError, match="is not a point"):
        parse_move(f"8/{digit} 6/5", Position.start(), (3, 1))
    assert record_length(f"20261124-171500-{digit}pt.mat") == 0  # the statistics' match length


def test_a_negative_match_length_is_refused_not_read_as_positive() -> None:
    with pytest.raises(MatFileError, match="'-1 point match' is not a match length"):
        read_match(" -1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n")
    assert read_match(" 7-point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5\n").length == 7


@pytest.mark.parametrize("value", [3, 0, 6, 128, 65536, 123456])
def test_a_double_to_a_value_no_cube_shows_is_refused(value: int) -> None:
    text = f"{HEAD.format(length=0)}  1) 31: 8/5 6/5            42: 8/4 6/4\n  2)  Doubles => {value}\n"
    with pytest.raises(MatFileError, match=f"line 6: a double to {value} is not a cube value"):
        read_match(text)
