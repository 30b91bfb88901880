"""Hostile input of issue 50 (each found by fuzzing): every one answered by a clear one-line error,
or handled, never a traceback. Timings belong to ``python -m bench hostile``; the timeouts here
only stop a hang."""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pygame
import pytest

from ai.cli.options import non_negative
from ai.cube.model import CubeContext
from ai.evaluation.load import load_evaluator
from ai.evaluation.network import NetworkError, load_arrays, load_nets, sums_fit
from ai.rollout.play import Player, Start, Task
from ai.rollout.settings import RolloutSettings
from game.records.errors import MatFileError
from game.records.mat import read_match
from game.records.matchid import MAX_SCORE, MatchIdError, MatchInfo, from_match_id, impossible, match_id
from game.records.replay import replay
from game.records.xgid import XgidError, read_xgid
from game.rules.cube import CubeState
from game.rules.position import START_CODE, START_SIDE, Position, from_position_id, impossible_board, pack
from game.rules.state import GameState
from game.support.files import UnknownHomeError, user_path
from game.support.resources import asset_path, user_data_dir
from ui.app.app import App
from ui.app.selftest import report_path
from ui.model.position_ids import SetUpError, parse_setup
from ui.model.session import AI, HUMAN, GameSession, SaveError
from ui.model.storage import Settings, Store
from ui.scenes.review.open_match import OpenMatchScene
from ui.text.model import notice
from ui.widgets.sound import NO_DEVICE

ROOT = Path(__file__).resolve().parent.parent

PASS_ID = "32sAAOAAAAABAA"
"""A money position the side on roll doubles and the other side passes (public-cube-100, row 8)."""

SEED_1_PASSES = "mE/hACmwZ/AFIA:cAkAAAAAAAAE"
"""A cube decision whose second round of 36 trials (seed 1) all pass a double at the same ply."""


def run_main(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python main.py ARGS``; a generous timeout stops a hang (it is no time budget)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def one_clear_line(proc: subprocess.CompletedProcess[str]) -> str:
    """The error the command printed: one line, no traceback."""
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


# --- 1. a rollout batch whose every game passed a double at the same ply ------------------------


def test_a_rollout_batch_whose_every_game_passes_a_double_at_once_is_valued() -> None:
    ev = load_evaluator().evaluator
    code = from_position_id(PASS_ID)
    s = RolloutSettings(trials=36, seed=6)
    values = Player(Task((Start(code, True),), CubeContext(), s), ev).play(range(36))
    assert values.equity.shape == (36, 1) and (values.equity == 1.0).all()  # every double passed


@pytest.mark.parametrize("seed", [1, 6, 7])
@pytest.mark.parametrize(
    "root",
    [CubeContext(), CubeContext(length=7, away=(3, 4)), CubeContext(length=5, away=(2, 4), value=2, owner=1)],
    ids=["money", "match 3-away 4-away", "match redouble"],
)
@pytest.mark.parametrize("root_on_roll", [True, False], ids=["cube decision", "after a move"])
def test_a_rollout_whose_whole_batch_passes_a_double_is_valued_at_every_seed_money_and_match(
    seed: int, root: CubeContext, root_on_roll: bool
) -> None:
    ev = load_evaluator().evaluator
    code = from_position_id(PASS_ID)  # after a move: the opponent is on roll in it, and doubles
    s = RolloutSettings(trials=36, seed=seed)
    start = Start(code, root_on_roll, root.value, root.owner)
    values = Player(Task((start,), root, s), ev).play(range(36))
    assert values.equity.shape == (36, 1) and np.isfinite(values.equity).all()


def test_rollout_seed_1_of_a_cube_decision_whose_round_all_passes_answers() -> None:
    proc = run_main("rollout", SEED_1_PASSES, "--seed", "1", "--trials", "72", "--jobs", "1")
    assert proc.returncode == 0, proc.stderr
    assert "Verdict:" in proc.stdout and "Traceback" not in proc.stderr


# --- 2. a money session past the Match ID's 15-bit score ---------------------------------------

MONEY_MAT = """ Unlimited game

 Game 1
 Alice : 40000                      Bob : 0
  1) 61: 8/2 6/5                 42: 8/4 6/4
      Wins 1 point

 Game 2
 Alice : 40001                      Bob : 0
  1) 31: 8/5 6/5                 64: 24/14
      Wins 1 point
"""
"""A money session whose score is past 32,767, in two games (the scores follow the play)."""

MONEY_SGF = "(;FF[4]GM[6]CA[UTF-8]MI[length:0][game:0][ws:40000][bs:0]PW[Alice]PB[Bob]RE[W+1];W[31hefe])"


def test_a_money_match_id_past_15_bits_of_score_holds_the_largest_it_can() -> None:
    info = MatchInfo(CubeState(), 0, 0, (40_000, 70_000))
    assert from_match_id(match_id(info)).score == (MAX_SCORE, MAX_SCORE)
    with pytest.raises(MatchIdError, match="does not fit"):
        match_id(MatchInfo(CubeState(), 0, 64, (40_000, 0)))  # a match's score is never changed


@pytest.mark.parametrize(("name", "text"), [("money.mat", MONEY_MAT), ("money.sgf", MONEY_SGF)])
def test_analyze_a_money_session_past_32767_points(tmp_path: Path, name: str, text: str) -> None:
    record = tmp_path / name
    record.write_text(text, encoding="utf-8")
    proc = run_main("analyze", str(record), "--depth", "1")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert "Alice" in proc.stdout


# --- 3. ~unknownuser paths and BACKGAMMON_HOME ------------------------------------------------

NO_USER = "~nosuchuser-issue50"
"""A ``~name`` path naming no user (``Path.expanduser`` raises RuntimeError for it)."""


def test_a_path_under_an_unknown_users_home_is_a_clear_error() -> None:
    with pytest.raises(UnknownHomeError) as caught:
        user_path(f"{NO_USER}/x.mat")
    assert caught.value.strerror == f"{NO_USER} is no known user's home folder"
    assert user_path("~/x.mat") == Path.home() / "x.mat"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("analyze", f"{NO_USER}/x.mat"), 2),
        (("autoplay", "--match", "1", "--out", f"{NO_USER}/x.mat"), 1),
        (("selftest", "--only", "assets", "--report", f"{NO_USER}/r.txt"), 2),
    ],
)
def test_the_command_line_refuses_an_unknown_users_home_in_one_line(args: tuple[str, ...], code: int) -> None:
    proc = run_main(*args)
    assert proc.returncode == code
    assert "is no known user's home folder" in one_clear_line(proc)


def test_the_open_box_says_an_unknown_users_home_in_words(make_app: Callable[..., App]) -> None:
    app = make_app()
    scene = OpenMatchScene(app)
    app.push(scene)
    scene.entry.text = f"{NO_USER}/x.mat"
    scene.open_chosen()
    assert scene.message == f"Cannot open {NO_USER}/x.mat: {NO_USER} is no known user's home folder."


def test_backgammon_home_under_an_unknown_user_turns_saving_off_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BACKGAMMON_HOME", f"{NO_USER}/y")
    store = Store()
    assert store.folder is None and store.problem is not None
    assert f"({NO_USER} is no known user's home folder)" in notice(store.problem)
    assert not list(tmp_path.iterdir())  # no literal ~name folder made


def test_backgammon_home_starting_with_a_tilde_is_under_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("BACKGAMMON_HOME", "~/bg")
    assert user_data_dir() == tmp_path / "home" / "bg" and (tmp_path / "home" / "bg").is_dir()
    assert not (tmp_path / "~").exists()


# --- 4. selftest --report refuses all but a regular file or a new path --------------------------


@pytest.mark.parametrize("kind", ["fifo", "folder"])
@pytest.mark.parametrize("spelling", ["selftest", "--selftest"])
def test_selftest_report_refuses_a_fifo_or_a_folder(tmp_path: Path, kind: str, spelling: str) -> None:
    report = tmp_path / "r.txt"
    if kind == "fifo":
        os.mkfifo(report)
    else:
        report.mkdir()
    proc = run_main(spelling, "--only", "assets", "--report", str(report))
    assert proc.returncode == 2
    assert "not a regular file" in one_clear_line(proc)
    assert report.is_fifo() if kind == "fifo" else report.is_dir()  # left as it was
    assert not proc.stdout  # refused before any check ran


def test_selftest_report_takes_a_new_path_or_a_file_and_refuses_a_device(tmp_path: Path) -> None:
    new = tmp_path / "new" / "r.txt"
    assert report_path(None) is None and report_path(str(new)) == new
    new.write_text("an earlier report\n")
    assert report_path(str(new)) == new
    with pytest.raises(ValueError, match="not a regular file"):
        report_path("/dev/null")


# --- 5. numbers with a fraction: nan, inf and negatives refused -------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-0.5", "x"])
def test_rollout_within_refuses_nan_inf_and_negatives(value: str) -> None:
    proc = run_main("rollout", "4HPwATDgc/ABMA", "31", f"--within={value}", "--trials", "36")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"argument --within: {value!r} is not" in proc.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "module", ["ai.cli.rollout", "ai.training.distill", "ai.training.harvest", "ai.training.train"]
)
def test_every_float_option_of_the_command_lines_is_the_one_validator(module: str) -> None:
    source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
    assert "type=float" not in source and "type=non_negative" in source


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e400"])
def test_the_validator_refuses_what_is_not_a_finite_number_0_or_more(value: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="is not a finite number, 0 or more"):
        non_negative(value)
    assert non_negative("0") == 0.0 and non_negative("0.05") == 0.05


@pytest.mark.parametrize(("field", "value"), [("within", math.nan), ("within", -1.0), ("stop_z", math.inf)])
def test_rollout_settings_refuse_a_non_finite_bound(field: str, value: float) -> None:
    with pytest.raises(ValueError, match="finite"):
        RolloutSettings(**{field: value})  # type: ignore[arg-type]


# --- 6. Match IDs whose state cannot happen -----------------------------------------------------

IMPOSSIBLE = {
    "there is no Crawford game in money play": MatchInfo(CubeState(), 0, 0, (0, 0), (3, 1), crawford=True),
    "no side needs one point": MatchInfo(CubeState(), 0, 5, (2, 0), crawford=True),
    "no doubling": MatchInfo(CubeState(2, 1), 0, 5, (4, 0), crawford=True),
    "by the player who does not own the cube": MatchInfo(CubeState(2, 0), 1, 0, (0, 0), turn=0, doubled=True),
    "after the roll": MatchInfo(CubeState(), 0, 0, (0, 0), (3, 1), turn=1, doubled=True),
    "to the player who offered it": MatchInfo(CubeState(), 0, 7, (1, 2), turn=0, doubled=True),
    "a double and a resignation": MatchInfo(CubeState(), 0, 0, (0, 0), turn=1, doubled=True, resigned=1),
    "nothing is on offer": MatchInfo(CubeState(), 0, 0, (0, 0), turn=1),
}
"""Why each Match ID's state cannot happen, and the state."""

POSSIBLE = (
    MatchInfo(CubeState(), 0, 0, (0, 0), turn=1, doubled=True),  # a centred cube's double, waiting
    MatchInfo(CubeState(2, 0), 0, 0, (0, 0), turn=1, doubled=True),  # a redouble by its owner
    MatchInfo(CubeState(), 0, 5, (4, 2), (6, 5), crawford=True),  # the Crawford game, rolled
    MatchInfo(CubeState(), 1, 0, (0, 0), turn=0, resigned=2),  # a resignation on offer
)


def test_a_match_state_that_cannot_happen_says_why_and_one_that_can_passes() -> None:
    for words, info in IMPOSSIBLE.items():
        why = impossible(info)
        assert why is not None and words in why, (words, why)
    assert [impossible(info) for info in POSSIBLE] == [None] * len(POSSIBLE)


def test_hint_refuses_every_impossible_match_id_in_one_json_error_line() -> None:
    lines = "".join(f"4HPwATDgc/ABMA:{match_id(info)}\n" for info in IMPOSSIBLE.values())
    proc = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "hint", "--depth", "1", "--evaluator", "hand"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(IMPOSSIBLE)
    for words, reply in zip(IMPOSSIBLE, replies, strict=True):
        assert set(reply) == {"error"} and "cannot be" in reply["error"] and words in reply["error"]


def test_rollout_refuses_an_impossible_match_id_in_one_line() -> None:
    mid = match_id(IMPOSSIBLE["by the player who does not own the cube"])
    proc = run_main("rollout", f"4HPwATDgc/ABMA:{mid}", "--trials", "36")
    assert proc.returncode == 2 and "does not own the cube" in one_clear_line(proc)


def test_an_xgid_and_a_pasted_match_id_are_refused_by_the_same_test() -> None:
    with pytest.raises(XgidError, match="no side needs one point"):
        read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:1:5:10")  # Crawford at 0-0 of 5
    mid = match_id(IMPOSSIBLE["after the roll"])
    with pytest.raises(SetUpError, match="a double is offered after the roll"):
        parse_setup(f"4HPwATDgc/ABMA:{mid}")


# --- 7. impossible saved games are set aside like damaged ones --------------------------------

EMPTY = [0] * 25
ON_THE_BAR = [0] * 24 + [15]

IMPOSSIBLE_BOARDS = {
    "the board has no checkers": pack(EMPTY, EMPTY),
    "the side on roll has no checkers left": pack(EMPTY, START_SIDE),
    "the side not on roll has no checkers left": pack(START_SIDE, EMPTY),
    "every checker of both sides is on the bar": pack(ON_THE_BAR, ON_THE_BAR),
}
"""Why each board cannot be, with the board (the side on roll's view)."""


def saved_game(board: int, dice: tuple[int, int] | None = (3, 1)) -> dict[str, object]:
    """A saved game of the default match, the human on roll at ``board`` with ``dice``."""
    s = GameSession(Settings().game_config(), seed="issue-50")
    s.state = GameState(Position(board), HUMAN, dice)
    data = s.to_json()
    json.dumps(data)
    return data


def test_boards_no_game_reaches_say_why_and_a_won_game_is_over() -> None:
    for words, code in IMPOSSIBLE_BOARDS.items():
        why = impossible_board(code)
        assert why is not None and words in why, (words, why)
    assert impossible_board(pack(START_SIDE, EMPTY), over=True) is None  # the other side just won
    assert impossible_board(pack(ON_THE_BAR, START_SIDE)) is None  # one side all on the bar can be
    assert impossible_board(START_CODE) is None


@pytest.mark.parametrize("words", list(IMPOSSIBLE_BOARDS))
def test_an_impossible_saved_board_is_refused_like_a_damaged_file(words: str) -> None:
    with pytest.raises(SaveError, match=words):
        GameSession.from_json(saved_game(IMPOSSIBLE_BOARDS[words]))


def test_a_saved_game_just_won_still_resumes_at_its_end() -> None:
    data = saved_game(pack(START_SIDE, EMPTY), dice=None)  # the computer has borne off its last
    s = GameSession.from_json(data)
    assert s.outcome() is not None and s.outcome().winner == AI  # type: ignore[union-attr]


def test_an_impossible_saved_game_is_set_aside_and_a_fresh_start_told(
    make_app: Callable[..., App], home: Path
) -> None:
    (home / "savegame.json").write_text(json.dumps(saved_game(pack(ON_THE_BAR, ON_THE_BAR))))
    app = make_app()
    assert any("every checker of both sides is on the bar" in a and "moved aside" in a for a in app.alerts)
    assert not (home / "savegame.json").exists() and list(home.glob("savegame.json.corrupt-*"))
    assert app.game is None  # a fresh start: the new-game menu


# --- 8. Snowie's "Illegal play" boards no game reaches -----------------------------------------

ILLEGAL = ROOT / "tests" / "data" / "mat" / "illegal-play.mat"


def with_illegal_board(board: list[int]) -> str:
    """illegal-play.mat cut after its illegal play, that play's board (Snowie's fields 12-37: the
    mover's bar, the points from the other side, the other side's bar) replaced by ``board``."""
    lines = ILLEGAL.read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if "Illegal play" in line)
    head, _, rest = lines[k].partition("Illegal play (")
    fields = rest.rsplit(")", 1)[0].split(";")
    fields[12:38] = [str(n) for n in board]
    return "\n".join([*lines[:k], f"{head}Illegal play ({';'.join(fields)})", ""])


SNOWIE_BOARDS = {
    "the board has no checkers": [0] * 26,
    "every checker of both sides is on the bar": [15] + [0] * 24 + [15],
    "the side on roll has no checkers left": [0] * 24 + [-2, 0],  # the next to play has none
}
"""Why each illegal play's board cannot be, with its 26 Snowie fields."""


@pytest.mark.parametrize("words", list(SNOWIE_BOARDS))
def test_an_illegal_plays_board_no_game_reaches_is_refused_saying_why(words: str, tmp_path: Path) -> None:
    text = with_illegal_board(SNOWIE_BOARDS[words])
    with pytest.raises(MatFileError, match=f"Snowie's 'Illegal play'\\) cannot be: {words}"):
        replay(read_match(text))
    record = tmp_path / "snowie.mat"
    record.write_text(text, encoding="utf-8")
    proc = run_main("analyze", str(record), "--depth", "1")
    assert proc.returncode == 2 and words in one_clear_line(proc)


# --- 9. weights whose sums overflow -------------------------------------------------------------


def overflowing_weights(folder: Path) -> Path:
    """The shipped weights with the contact net's first layer made 10^37 times larger (finite in
    float32, but a hidden unit's sum overflows), written with their checksum."""
    arrays = load_arrays(asset_path("weights", "net.npz"))
    arrays["contact_w1"] = (arrays["contact_w1"].astype(np.float32) * np.float32(1e37)).astype(np.float32)
    assert np.isfinite(arrays["contact_w1"]).all()
    buf = io.BytesIO()
    np.savez(buf, **arrays)  # type: ignore[arg-type]
    path = folder / "huge.npz"
    path.write_bytes(buf.getvalue())
    (folder / "huge.npz.sha256").write_text(f"{hashlib.sha256(buf.getvalue()).hexdigest()}  huge.npz\n")
    return path


def test_weights_whose_sums_overflow_are_refused_when_loaded(tmp_path: Path) -> None:
    with pytest.raises(NetworkError, match="the contact net's weights are so large that its sums overflow"):
        load_nets(overflowing_weights(tmp_path))
    shipped = load_nets(asset_path("weights", "net.npz"))
    assert all(sums_fit(n.w1, n.b1, n.w2, n.b2) for n in (shipped.contact, shipped.race))


def test_hint_with_overflowing_weights_is_one_line_not_a_zero_analysis(tmp_path: Path) -> None:
    weights = overflowing_weights(tmp_path)
    proc = run_main("hint", "--weights", str(weights), "--position-id", "4HPwATDgc/ABMA", "--dice", "31")
    assert proc.returncode == 2 and not proc.stdout
    assert "sums overflow" in one_clear_line(proc)


# --- 10. the smaller: --selftest in --help, a start without a sound card ------------------------


def test_the_top_level_help_lists_selftest() -> None:
    proc = run_main("--help")
    assert proc.returncode == 0 and "--selftest" in proc.stdout and "selftest command" in proc.stdout


def test_no_sound_card_starts_quietly_with_sound_off() -> None:
    """ALSA without a card printed 8 error lines straight to the process's stderr; a driver that
    cannot start prints nothing and the sounds say why they are silent."""
    code = "from ui.widgets.sound import Sounds; s = Sounds(); print(s.available, s.problem)"
    for driver in ("alsa", "issue50-no-such-driver"):
        env = {**os.environ, "SDL_AUDIODRIVER": driver, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
        )
        assert proc.returncode == 0 and "ALSA" not in proc.stderr, proc.stderr
        assert proc.stdout.strip() in ("True None", f"False {NO_DEVICE}")
    assert proc.stdout.strip() == f"False {NO_DEVICE}"  # no such driver: never a device


def test_a_start_without_a_sound_device_says_so_once_in_the_status_line(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "issue50-no-such-driver")
    try:
        app = make_app(sound=True)
        assert app.message == (NO_DEVICE, False) and not app.sounds.available
        app.toggle_sound()
        assert app.message == ("Sound off.", False)
        app.toggle_sound()
        assert app.message == (NO_DEVICE, False)
    finally:
        pygame.mixer.quit()
