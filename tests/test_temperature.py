"""The temperature map and Evaluate (ai.temperature, ai.position_value): the relation to the search's
value of the position, exact bear-offs, the worker's events, the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from helpers import side

from ai.cube.model import CubeContext
from ai.engine import Engine
from ai.evaluation.evaluator import Evaluator, boards, equity
from ai.evaluation.load import default_evaluator
from ai.filters import FULL_WIDTH, SCORING_FILTERS
from ai.search import Stopped, position_values
from ai.temperature import utilities
from ai.worker.messages import (
    Evaluated,
    EvaluateRequest,
    Failed,
    TemperatureAnswer,
    TemperatureProgress,
    TemperatureRequest,
)
from ai.worker.transport import AIWorker
from game.rules.position import Position

PROJECT = Path(__file__).resolve().parent.parent

MIDGAME = Position.from_id("mHPMASLg28gBKA")
"""A middle game position with gammons both ways."""

ENDGAME = Position.from_sides(side({1: 2, 2: 2, 3: 1, 13: 1}), side({1: 2, 2: 2, 4: 1, 10: 1}))
"""A small contact position: full-width searches of it are quick."""

MATCH = CubeContext(1, None, 7, (5, 4))
"""A 7-point match at 2-3, the cube centred: a live cube and gammons that count unevenly."""

OWNED = CubeContext(2, 0, 0)
"""Money play, the side on roll owns the cube at 2."""


@cache
def evaluator() -> Evaluator:
    ev, warning = default_evaluator()
    assert warning is None, warning
    return ev


def engine() -> Engine:
    return Engine(evaluator())


def search_value(position: Position, depth: int, context: CubeContext | None) -> np.ndarray:
    """``Q(S, depth)`` with every filter off, the moves chosen as the map chooses them."""
    pair = utilities(position, context)
    return position_values([position.code], depth, evaluator(), filters=FULL_WIDTH, utilities=pair)[0]


@pytest.mark.parametrize(
    ("position", "depth"), [(MIDGAME, 1), (ENDGAME, 1), (ENDGAME, 2), (ENDGAME, 3)], ids=str
)
@pytest.mark.parametrize("context", [None, MATCH, OWNED], ids=("cubeless", "match", "money-owned"))
def test_the_maps_average_over_the_36_rolls_is_the_searchs_value_of_the_position(
    position: Position, depth: int, context: CubeContext | None
) -> None:
    found = engine().temperature_map(position, depth, context=context, filters=FULL_WIDTH)
    assert len(found.cells) == 21 and sum(c.weight for c in found.cells) == pytest.approx(1.0, abs=1e-12)
    assert np.allclose(found.probs, search_value(position, depth, context), rtol=0, atol=1e-6)


@pytest.mark.parametrize("depth", [1, 2])
def test_with_cubeless_equity_the_average_of_the_cells_is_the_equity_of_the_positions_value(
    depth: int,
) -> None:
    found = engine().temperature_map(MIDGAME, depth)
    assert found.equity == pytest.approx(float(equity(np.array([found.probs]))[0]), abs=1e-12)
    for c in found.cells:
        assert c.move is not None and c.mwc is None
        assert c.equity == pytest.approx(float(equity(np.array([c.probs]))[0]), abs=1e-9)


def test_the_game_filters_give_each_roll_the_hints_best_move() -> None:
    e = engine()
    found = e.temperature_map(MIDGAME, 2, context=MATCH)
    for c in found.cells:
        hint = e.rank_moves(MIDGAME, c.dice, 2, context=MATCH, filters=SCORING_FILTERS)[0]
        assert c.move is not None and c.move.move == hint.move and c.equity == pytest.approx(hint.equity)
    assert found.mwc is not None and 0.0 < found.mwc < 1.0
    assert found.mwc == pytest.approx(sum(c.weight * (c.mwc or 0.0) for c in found.cells))


def test_the_map_at_depth_1_averages_to_evaluate_at_depth_2() -> None:
    """Both are the average over the rolls of the best move by the evaluation of what it leads to."""
    e = engine()
    found = e.temperature_map(MIDGAME, 1)
    value = e.evaluate(MIDGAME, 2)
    assert np.allclose(found.probs, value.probs, rtol=0, atol=1e-6)
    assert value.cubeless == pytest.approx(found.equity, abs=1e-6)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_two_checkers_on_the_six_point_against_a_sure_bear_off_win_only_with_33_44_55_66(
    depth: int,
) -> None:
    """Both checkers come off only with a double of 3 or more; else the opponent's last checker,
    on its one point, comes off next turn: exactly 4 rolls in 36 win, every other loses."""
    race = Position.from_sides(side({6: 2}), side({1: 1}))
    found = engine().temperature_map(race, depth)
    winners = {c.dice for c in found.cells if c.equity == pytest.approx(1.0, abs=1e-6)}
    assert winners == {(3, 3), (4, 4), (5, 5), (6, 6)}
    assert all(c.equity == pytest.approx(-1.0, abs=1e-6) for c in found.cells if c.dice not in winners)
    assert found.equity == pytest.approx(-28 / 36, abs=1e-6)
    assert found.probs[0] == pytest.approx(4 / 36, abs=1e-6)


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ({1: 1, 2: 1, 3: 1}, {2: 2, 5: 1}),
        ({4: 2, 6: 1}, {1: 1, 3: 2}),
        ({1: 3, 5: 2, 6: 2}, {2: 2, 3: 2, 4: 3}),
    ],
)
def test_in_a_bear_off_the_map_at_depth_1_averages_to_the_exact_chance_from_the_database(
    mine: dict[int, int], theirs: dict[int, int]
) -> None:
    """Both sides home: the bear-off database's chance for the side on roll, from the two sides'
    distributions of rolls to finish, is the average over the rolls of the best move's exact value
    (the tables are kept in float32, hence the tolerance)."""
    race = Position.from_sides(side(mine), side(theirs))
    exact = evaluator().bearoff.probabilities(boards([race.code]))[0]  # type: ignore[attr-defined]
    found = engine().temperature_map(race, 1)
    assert found.probs[0] == pytest.approx(float(exact[0]), abs=1e-5)


def test_a_roll_with_no_legal_move_keeps_the_position_valued_with_the_opponent_on_roll() -> None:
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    shut_out = Position.from_sides(side({13: 2, 8: 3, 6: 5}, bar=1), closed)
    found = engine().temperature_map(shut_out, 2)
    assert all(c.move is None for c in found.cells)
    assert "no legal move" in found.cells[0].words()
    assert len({round(c.equity, 9) for c in found.cells}) == 1
    assert np.allclose(found.probs, search_value(shut_out, 2, None), atol=1e-6)


def test_the_map_reports_each_roll_as_it_comes_and_stops_when_asked() -> None:
    seen: list[int] = []
    engine().temperature_map(ENDGAME, 1, on_cell=lambda cell, done: seen.append(done))
    assert seen == list(range(1, 22))
    with pytest.raises(Stopped):
        engine().temperature_map(MIDGAME, 3, should_stop=lambda: True)
    with pytest.raises(Stopped):
        engine().evaluate(MIDGAME, 4, should_stop=lambda: True)


def test_evaluate_gives_both_sides_chances_and_the_cube_handled_right() -> None:
    value = engine().evaluate(MIDGAME, 2, context=MATCH)
    (w, wg, wb), (lose, lg, lb) = value.chances()
    assert w + lose == pytest.approx(1.0) and wb <= wg <= w and lb <= lg <= lose
    d = value.decision
    assert value.cubeful == (min(d.dt, d.dp) if d.double else d.nd)
    assert value.mwc is not None and 0.0 < value.mwc < 1.0
    assert engine().evaluate(MIDGAME, 2).mwc is None


def test_evaluate_at_depth_1_is_the_evaluation_of_the_position_itself() -> None:
    value = engine().evaluate(MIDGAME, 1)
    assert np.allclose(value.probs, evaluator().evaluate([MIDGAME.code])[0], atol=1e-7)


def test_the_engine_refuses_a_depth_outside_1_to_4() -> None:
    with pytest.raises(ValueError, match="depth"):
        engine().temperature_map(MIDGAME, 5)
    with pytest.raises(ValueError, match="depth"):
        engine().evaluate(MIDGAME, 0)
    with pytest.raises(ValueError, match="depth"):
        TemperatureRequest(MIDGAME, 0)


# --- the worker ----------------------------------------------------------------------------------


def shared() -> tuple[Evaluator, None]:
    return evaluator(), None


def test_the_worker_sends_the_map_roll_by_roll_then_the_whole_map() -> None:
    with AIWorker(mode="thread", factory=shared) as worker:
        assert worker.wait_ready()
        events = worker.wait(worker.start(TemperatureRequest(MIDGAME, 1, MATCH)))
    *progress, answer = events
    assert isinstance(answer, TemperatureAnswer)
    assert [e.done for e in progress if isinstance(e, TemperatureProgress)] == list(range(1, 22))
    assert [e.cell for e in progress if isinstance(e, TemperatureProgress)] == list(answer.map.cells)


def test_the_worker_evaluates_and_refuses_a_finished_game() -> None:
    over = Position.from_sides(side({}), side({1: 1}))
    with AIWorker(mode="thread", factory=shared) as worker:
        assert worker.wait_ready()
        answer = worker.wait(worker.start(EvaluateRequest(MIDGAME, 2)))[-1]
        assert isinstance(answer, Evaluated) and answer.evaluation.depth == 2
        failed = worker.wait(worker.start(TemperatureRequest(over, 1)))[-1]
        assert isinstance(failed, Failed) and "game is over" in failed.message


def test_a_cancelled_map_sends_nothing_more() -> None:
    with AIWorker(mode="thread", factory=shared) as worker:
        assert worker.wait_ready()
        rid = worker.start(TemperatureRequest(MIDGAME, 3))
        worker.cancel(rid)
        later = worker.wait(worker.start(EvaluateRequest(MIDGAME, 1)))
    assert all(e.request_id != rid for e in later)
    assert isinstance(later[-1], Evaluated)


# --- the command line ----------------------------------------------------------------------------


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(PROJECT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=PROJECT,
    )


def test_temperature_prints_the_21_rolls_and_a_6x6_grid_as_json() -> None:
    done = run_main("temperature", "mHPMASLg28gBKA:cAlgAAAAAAAE", "--depth", "1", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["position_id"] == "mHPMASLg28gBKA" and answer["match_id"] == "cAlgAAAAAAAE"
    assert answer["depth"] == 1 and answer["value"] == "emg"
    assert len(answer["rolls"]) == 21 and len(answer["grid"]) == 6
    assert all(len(row) == 6 for row in answer["grid"])
    assert all(answer["grid"][a][b] == answer["grid"][b][a] for a in range(6) for b in range(6))
    by_dice = {tuple(r["dice"]): r for r in answer["rolls"]}
    assert answer["grid"][5][4] == by_dice[(6, 5)]["equity"]
    chances = sum(r["chance"] for r in answer["rolls"])
    assert chances == pytest.approx(1.0, abs=1e-5)
    average = sum(r["chance"] * r["equity"] for r in answer["rolls"])
    assert answer["average"]["equity"] == pytest.approx(average, abs=1e-4)
    assert 0.0 < answer["average"]["mwc"] < 1.0


def test_temperature_as_a_table_and_evaluate_as_json() -> None:
    table = run_main("temperature", "4HPwATDgc/ABMA", "--depth", "1")
    assert table.returncode == 0, table.stderr
    assert "6-6   24/18(2) 13/7(2)" in table.stdout and "Average over the 36 rolls" in table.stdout
    done = run_main("evaluate", "mHPMASLg28gBKA:cAkAAAAAAAAA", "--depth", "2", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert set(answer) >= {"probs", "on_roll", "opponent", "cubeless", "cubeful", "mwc", "cube"}
    assert answer["on_roll"]["win"] + answer["opponent"]["win"] == pytest.approx(1.0, abs=1e-4)
    assert answer["mwc"] is None and answer["match_id"] == "cAkAAAAAAAAA"


def test_bad_input_is_one_line_of_error_not_a_traceback() -> None:
    for args in (("temperature", "nonsense"), ("evaluate", "4HPwATDgc/ABMA:xyz"), ("temperature", "")):
        done = run_main(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
