"""Saves carry the cube, the score and the Crawford state; finished games are kept as .mat records."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from test_ui_cube import GAMMON_SOON, answer, flow_at, roll_and_play_first, win

from game.records.mat import read_match
from game.rules.cube import CubeAction, CubeState
from game.rules.outcome import Termination
from ui.flow.events import CubeDone, Double, Pass, Phase, Search, Tick
from ui.flow.turn_flow import TurnFlow
from ui.model.records import keep_game, record_name
from ui.model.session import AI, HUMAN, GameSession, SaveError
from ui.model.storage import Settings, StorageError, Store


def test_save_keeps_the_cube_score_and_a_pending_double() -> None:
    flow = flow_at(AI, length=5, games=(win(HUMAN),), cube=CubeState(2, HUMAN))
    flow.handle(CubeDone(answer(double=False)))
    s = flow.session
    s.offered = None
    data = s.to_json()
    back = GameSession.from_json(data)
    assert back.cube == CubeState(2, HUMAN) and back.match.score == (1, 0) and back.offered is None
    assert data["crawford"] is False


def test_save_while_the_computers_double_waits_resumes_to_take_or_pass() -> None:
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(double=True)))
    back = GameSession.from_json(flow.session.to_json())
    assert back.offered == AI and [c.kind for c in back.cube_log] == ["double"]
    again = TurnFlow(back)
    again.handle(Tick(0.05))
    assert again.phase is Phase.TAKE_OR_PASS


def test_save_of_a_passed_game_keeps_its_end() -> None:
    flow = flow_at(AI, cube=CubeState(2, AI))
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())
    back = GameSession.from_json(flow.session.to_json())
    assert back.match_now().score == (0, 2) and back.end is not None and back.end.how == "pass"


def test_a_save_that_names_a_pass_drop_still_loads_as_a_pass() -> None:
    flow = flow_at(AI, cube=CubeState(2, AI))
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())
    data = flow.session.to_json()
    assert data["end"][2] == "pass" and data["cube_log"][-1][1] == "pass"
    data["end"][2] = "drop"
    data["cube_log"][-1][1] = "drop"
    back = GameSession.from_json(data)
    assert back.end is not None and back.end.how == "pass" and back.cube_log[-1].kind is CubeAction.PASS


def test_save_from_before_the_cube_still_loads() -> None:
    data = flow_at(HUMAN, length=3).session.to_json()
    for name in ("cube", "offered", "cube_log", "end", "crawford", "record"):
        del data[name]
    for name in ("jacoby", "beavers"):
        del data["config"][name]
    back = GameSession.from_json(data)
    assert back.cube == CubeState() and back.config.jacoby and not back.config.beavers


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("cube", {"value": 3, "owner": None}),
        ("cube", {"value": 2, "owner": 5}),
        ("cube", {"value": 1, "owner": 0}),
        ("cube", "big"),
        ("offered", 2),
        ("offered", HUMAN),  # the computer is on roll, so the human cannot have doubled
        ("cube_log", [[0, "redouble", 2, 0]]),
        ("cube_log", [[0, "double", 3, 0]]),
        ("cube_log", [[0, "double", 2, 99]]),
        ("end", [0, "HUGE", "drop"]),
        ("end", [0, "SINGLE", "walked away"]),
        ("crawford", True),
        ("crawford", "no"),
        ("record", "../../etc/passwd"),
    ],
)
def test_bad_cube_fields_in_a_save_are_refused(name: str, value: object) -> None:
    data = copy.deepcopy(flow_at(AI).session.to_json())
    data[name] = value
    with pytest.raises(SaveError):
        GameSession.from_json(data)


def test_turned_cube_in_the_crawford_game_is_refused() -> None:
    data = flow_at(HUMAN, length=3, games=(win(AI, Termination.GAMMON),)).session.to_json()
    data["cube"] = {"value": 2, "owner": 0}
    with pytest.raises(SaveError, match="Crawford"):
        GameSession.from_json(data)


def test_match_lengths_and_cube_settings_are_validated() -> None:
    assert Settings.from_json({"match_length": 0, "jacoby": False, "beavers": True}).beavers
    assert Settings.from_json({"match_length": 25}).match_length == 25
    for bad in (
        {"match_length": 27},
        {"match_length": -1},
        {"jacoby": "yes"},
        {"beavers": 1},
        {"cube_advice": None},
    ):
        with pytest.raises(StorageError):
            Settings.from_json(bad)


def test_finished_game_writes_a_mat_record_that_reads_back_with_the_same_score(tmp_path: Path) -> None:
    flow = flow_at(HUMAN, length=5, games=(win(AI),), start=GAMMON_SOON)
    flow.handle(Double())
    flow.handle(CubeDone(answer(take=True)))
    roll_and_play_first(flow)
    s = flow.session
    folder = Store(tmp_path).matches_folder
    path = keep_game(folder, s)
    assert path is not None and path.parent == tmp_path / "matches" and path.name.endswith("-5pt.mat")
    rec = read_match(path.read_text())
    (game,) = rec.games  # the earlier game was not played here: only this one is in the record
    assert rec.length == 5 and game.score == (0, 1) and game.winner == HUMAN and game.points == 4
    kinds = [a.kind for a in game.actions]
    assert kinds[:2] == ["double", "take"] and kinds[2] == "move"
    assert keep_game(folder, s) == path and len(read_match(path.read_text()).games) == 1  # not twice
    nxt = s.next_game("next")
    assert nxt.record_name == s.record_name


def test_no_record_when_saving_is_off(tmp_path: Path) -> None:
    flow = flow_at(AI, cube=CubeState(2, AI))
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())
    store = Store(tmp_path)
    store.folder = None  # what a folder that cannot be made leaves
    assert store.matches_folder is None
    assert keep_game(store.matches_folder, flow.session) is None
    assert not list(tmp_path.rglob("*.mat"))


def test_damaged_record_is_moved_aside_not_lost(tmp_path: Path) -> None:
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Pass())
    s = flow.session
    s.record_name = "old-5pt.mat"
    (tmp_path / s.record_name).write_text("this is not a match record\n")
    keep_game(tmp_path, s)
    assert [p.name for p in tmp_path.glob("old-5pt.mat.corrupt-*")]
    assert read_match((tmp_path / "old-5pt.mat").read_text()).games[0].winner == AI


def test_record_names_say_the_length_or_money() -> None:
    import datetime

    when = datetime.datetime(2026, 11, 24, 17, 15, 0)
    assert record_name(when, 5) == "20261124-171500-5pt.mat"
    assert record_name(when, 0) == "20261124-171500-money.mat"


def test_save_while_the_computer_weighs_the_humans_double_asks_it_again() -> None:
    flow = flow_at(HUMAN)
    flow.handle(Double())
    back = GameSession.from_json(flow.session.to_json())
    assert back.offered == HUMAN
    again = TurnFlow(back)
    out = again.handle(Tick(0.05))
    assert again.phase is Phase.DOUBLE_ANSWER and again.search is Search.TAKE
    assert any(getattr(e, "request", None) is not None for e in out)
