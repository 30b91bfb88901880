"""autoplay and the .mat record: a short match played with the cube, written, and read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.autoplay import play_match
from ai.cli.autoplay import main as autoplay_main
from ai.evaluation.load import hand_evaluator
from ai.levels import level_by_key
from game.records import formats
from game.records.errors import MatFileError
from game.records.formats import detect, read_record
from game.records.mat import format_match, read_match
from game.records.model import Action, GameRecord, MatchRecord
from game.records.replay import replay
from game.rules.cube import CubeAction
from game.rules.move import parse_move
from game.rules.state import GameState
from tests.test_record_formats import turns

SAMPLE = "\n".join(  # gnubg's layout, trailing spaces included
    [
        '; [EventDate "2026.11.24"]',
        "",
        " 3 point match",
        "",
        " Game 1",
        " gnubg : 0                      root : 0",
        "  1)                             43: 13/9 13/10 ",
        "  2) 66: 24/18 24/18 13/7 13/7   42: 24/22 13/9 ",
        "  3)  Doubles => 2                Drops",
        "      Wins 1 point",
        "",
        "",
    ]
)


def replay_game(game: GameRecord) -> GameState:
    """Play a record's moves from the start; every move must be legal for its roll."""
    first = next(a for a in game.actions if a.kind == "move")
    state: GameState | None = None
    for a in game.actions:
        if a.kind != "move":
            continue
        assert a.dice is not None
        if state is None:
            hi, lo = max(a.dice), min(a.dice)
            state = GameState.new().after_opening_roll(*((hi, lo) if first.player == 0 else (lo, hi)))
        else:
            assert state.turn == a.player
            state = state.with_dice(a.dice)
        if a.move:
            move = parse_move(a.move.replace("25/", "bar/").replace("/0", "/off"), state.position, a.dice)
            state = state.play(move)
        else:
            assert not state.legal_moves()
            state = state.play(None)
    assert state is not None
    return state


def test_three_point_autoplay_round_trips_and_replays_legally() -> None:
    evaluator, _ = hand_evaluator()
    record = play_match(3, level_by_key("novice"), 5, evaluator, date="2026.01.01")
    back = read_match(format_match(record))
    assert back == record
    score = [0, 0]
    for game in back.games:
        assert game.score == (score[0], score[1])
        end = replay_game(game)
        kinds = [a.kind for a in game.actions]
        assert kinds.count(CubeAction.DOUBLE) == kinds.count(CubeAction.TAKE) + kinds.count(CubeAction.PASS)
        cube = 2 ** kinds.count(CubeAction.TAKE)
        if kinds[-1] is CubeAction.PASS:
            assert game.points == cube
        else:
            outcome = end.outcome()
            assert outcome is not None and outcome.winner == game.winner
            assert game.points == cube * outcome.termination.value
        score[game.winner] += game.points
    assert max(score) >= 3 and min(score) < 3


def test_sample_in_gnubg_layout_is_read() -> None:
    rec = read_match(SAMPLE)
    assert rec.length == 3 and rec.players == ("gnubg", "root")
    (game,) = rec.games
    assert game.actions[0] == Action("move", 1, (4, 3), "13/9 13/10")
    assert game.actions[-2:] == (Action(CubeAction.DOUBLE, 0, cube=2), Action(CubeAction.PASS, 1))
    assert (game.winner, game.points) == (0, 1)


def test_a_move_longer_than_its_cell_still_reads_back() -> None:
    long = Action("move", 0, (6, 6), "24/18* 18/12* 12/6* 13/7*")
    game = GameRecord((0, 0), (long, Action(CubeAction.DOUBLE, 1, cube=2), Action(CubeAction.PASS, 0)), 1, 1)
    rec = read_match(format_match(MatchRecord(3, ("a", "b"), (game,))))
    assert rec.games == (game,)


def test_writer_reproduces_the_gnubg_layout() -> None:
    rec = read_match(SAMPLE)
    assert format_match(rec) == SAMPLE


@pytest.mark.parametrize(
    "text",
    [
        "",
        " x point match\n",
        " 3 point match\n  1) 43: 13/9\n",
        " 3 point match\n Game 1\n a : 0  b : 0\n  1) 9x\n",
    ],
)
def test_unreadable_records_raise_with_the_line(text: str) -> None:
    with pytest.raises(MatFileError):
        read_match(text)


def test_autoplay_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.mat"
    assert autoplay_main(["--match", "1", "--level", "novice", "--seed", "3", "--out", str(out)]) == 0
    rec = read_match(out.read_text())
    assert rec.length == 1 and len(rec.games) >= 1
    assert "final score" in capsys.readouterr().out


def test_autoplay_refuses_a_bad_length() -> None:
    with pytest.raises(SystemExit):
        autoplay_main(["--match", "30", "--out", "x.mat"])


def test_autoplay_with_an_opponent_level_names_both_sides(tmp_path: Path) -> None:
    out = tmp_path / "m.mat"
    args = ["--match", "1", "--level", "casual", "--opponent", "novice", "--seed", "2", "--out", str(out)]
    assert autoplay_main(args) == 0
    rec = read_match(out.read_text())
    assert rec.players == ("casual A", "novice B")


def test_autoplay_out_named_sgf_writes_gnu_backgammons_sgf_of_the_same_match(tmp_path: Path) -> None:
    mat, sgf = tmp_path / "m.mat", tmp_path / "m.sgf"
    for out in (mat, sgf):
        assert autoplay_main(["--match", "1", "--level", "novice", "--seed", "3", "--out", str(out)]) == 0
    assert sgf.read_text(encoding="utf-8").startswith("(;FF[4]GM[6]CA[UTF-8]AP[Backgammon autoplay]")
    assert detect(sgf.read_bytes()) is formats.SGF and detect(mat.read_bytes()) is formats.MAT
    assert turns(replay(read_record(sgf.read_bytes()))) == turns(replay(read_record(mat.read_bytes())))


def test_autoplay_refuses_an_xg_file_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "m.xg"
    assert autoplay_main(["--match", "25", "--out", str(out)]) == 1
    assert "eXtreme Gammon's .xg is read, not written" in capsys.readouterr().err and not out.exists()
