"""An illegal play written as the board after it (Snowie's ``Illegal play (...)``, which real
transcriptions hold) is read as GNU Backgammon's ``import mat`` reads it: the board as written,
with a note naming the game and row; the play itself is not judged. A board that cannot be one
is refused, saying exactly why.

tests/data/mat/illegal-play.mat is a GNU Backgammon self-play match with one play made illegal in
that form (tests/data/mat/SOURCES.md, which gives GNU Backgammon's reading of it).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ai.engine import Engine
from ai.evaluation.hand import HandEvaluator
from game.records.errors import MatFileError, ReplayError
from game.records.formats import load_match
from game.records.mat import decode, read_match
from game.records.replay import replay
from game.records.sgf import format_sgf
from game.rules.position import position_id, unpack

DATA = Path(__file__).parent / "data"
ILLEGAL = DATA / "mat" / "illegal-play.mat"
GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")

GNUBG_BOARD = "95sBAEDD6wTAAQ"
"""GNU Backgammon 1.07's Position ID after the illegal play (its ``import mat``, Ada on roll)."""

SNOWIE = (
    "Illegal play (5;0;1;0;1;Ada;Brook;0;0;0;2;1;0;1;2;0;0;0;4;1;3;0;1;0;0;0;0;0;0;0;0;0;"
    "-2;3;-2;-6;-3;0;4;4;)"
)
"""The illegal play's cell text after its roll, as the record writes it."""


def test_an_illegal_play_written_as_a_board_is_taken_as_that_board_with_a_note() -> None:
    match = load_match(ILLEGAL)
    turns = match.games[0].turns
    k = next(i for i, t in enumerate(turns) if t.illegal)
    played, after = turns[k], turns[k + 1]
    assert (played.row, played.player, played.dice, played.move) == (19, 1, (5, 2), None)
    assert unpack(played.code)[0][:5] == (4, 6, 2, 0, 3)  # Brook before: 15 checkers home
    brook, ada = unpack(after.code)[1], unpack(after.code)[0]
    assert brook[:5] == (3, 6, 2, 0, 2) and sum(brook) == 13  # 5/0 and 1/0: two off
    assert ada[:10] == (1, 2, 0, 0, 0, 4, 1, 3, 0, 1) and ada[20] == 3
    assert after.player == 0 and position_id(after.code) == GNUBG_BOARD
    assert tuple(map(str, match.notes)) == (
        "game 1, move 19 (line 25), right cell: an illegal play of 52 written as the board after it "
        "(Snowie's 'Illegal play'): that board is taken, as GNU Backgammon takes it, "
        "and the play is not judged",
    )
    assert [(g.winner, g.points, g.ending) for g in match.games] == [(1, 4, "board"), (1, 1, "resign")]


def test_the_illegal_play_is_not_judged_but_every_other_play_is() -> None:
    match = load_match(ILLEGAL)
    k = next(i for i, t in enumerate(match.games[0].turns) if t.illegal)
    rev = Engine(HandEvaluator()).judge_match(match, 1, cube_depth=1)
    moves = {(d.game, d.turn) for d in rev.decisions if d.kind == "move"}
    assert (1, k) not in moves and (1, k + 1) in moves


def test_an_illegal_play_cannot_be_written_as_sgf() -> None:
    with pytest.raises(ReplayError, match="move 19: an illegal play"):
        format_sgf(read_match(decode(ILLEGAL.read_bytes())))


def with_field(k: int, value: str) -> str:
    """:data:`SNOWIE` with its field ``k`` (from 0) replaced."""
    head, _, rest = SNOWIE.partition("(")
    fields = rest.rstrip(")").split(";")
    fields[k] = value
    return f"{head}({';'.join(fields)})"


@pytest.mark.parametrize(
    ("board", "says"),
    [
        ("Illegal play", "without its board in parentheses"),
        ("Illegal play (5;0;1;0;1;Ada;Brook;0;0;0;2;1;0)", "has 13 fields, not 40"),
        (with_field(35, "-x"), "holds '-x', not a number of checkers"),
        (with_field(35, "-" + "6" * 4300), "not a number of checkers"),
        (with_field(35, "-9"), "mover has 16 checkers on the board, more than 15"),
        (with_field(12, "5"), "mover has 18 checkers on the board, more than 15"),
        (with_field(37, "3"), "opponent has 18 checkers on the board, more than 15"),
    ],
)
def test_an_illegal_plays_board_that_cannot_be_one_is_refused_saying_why(board: str, says: str) -> None:
    text = ILLEGAL.read_text(encoding="utf-8").replace(SNOWIE, board)
    with pytest.raises(MatFileError) as caught:  # how fast: bench/hostile, not a test
        replay(read_match(text))
    message = str(caught.value)
    assert message.startswith("game 1, move 19 (line 25), right cell: ") and says in message


@pytest.mark.skipif(GNUBG is None, reason="the GNU Backgammon program is not installed")
def test_gnubg_reads_the_same_games_from_the_record_with_an_illegal_play(tmp_path: Path) -> None:
    """GNU Backgammon's import reads the same winners, points and scores (its export leaves the
    illegal play's cell empty, so only the games are compared)."""
    script = tmp_path / "commands"
    back = tmp_path / "back.mat"
    script.write_text(
        f'set confirm new off\nimport mat "{ILLEGAL}"\nexport match mat "{back}"\n', encoding="utf-8"
    )
    assert GNUBG is not None
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0 and back.exists()
    theirs = read_match(decode(back.read_bytes()))
    ours = load_match(ILLEGAL)
    assert [(g.winner, g.points, g.score) for g in theirs.games] == [
        (g.winner, g.points, g.score) for g in ours.games
    ]
