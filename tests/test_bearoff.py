"""Tests of the one-sided bear-off database (ai.evaluation.bearoff), against hand-checked cases."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest
from helpers import side

from ai.evaluation.bearoff import (
    MAX_ROLLS,
    N_POSITIONS,
    BearoffDatabase,
    BearoffError,
    all_positions,
    build,
    bundled_path,
    index_of,
)
from ai.evaluation.evaluator import boards
from game.rules.position import pack


def home(points: dict[int, int]) -> list[int]:
    return [points.get(p, 0) for p in range(1, 7)]


@cache
def shipped() -> BearoffDatabase:
    return BearoffDatabase.load(bundled_path())


@cache
def small() -> BearoffDatabase:
    dist, first = build(max_checkers=3)
    return BearoffDatabase(dist, first)


def dist_of(db: BearoffDatabase, points: dict[int, int]) -> np.ndarray:
    return db.dist[index_of(home(points))[0]]


def test_there_are_54264_positions_numbered_one_to_one() -> None:
    assert N_POSITIONS == 54264
    rows = all_positions()
    assert rows.sum(axis=1).max() == 15
    assert np.array_equal(index_of(rows), np.arange(N_POSITIONS))
    assert len({tuple(r) for r in rows.tolist()}) == N_POSITIONS


def test_empty_board_needs_no_rolls() -> None:
    assert dist_of(small(), {})[0] == 1.0


def test_one_checker_on_the_one_point_needs_one_roll() -> None:
    assert dist_of(small(), {1: 1})[1] == pytest.approx(1.0)


def test_one_checker_on_the_six_point() -> None:
    # fails in one roll only with 1-2, 1-3, 1-4, 2-3 (8 rolls) and 1-1 (4 pips): 9 of 36
    d = dist_of(small(), {6: 1})
    assert d[1] == pytest.approx(27 / 36)
    assert d[2] == pytest.approx(9 / 36)


def test_two_checkers_on_the_one_point_need_one_roll() -> None:
    assert dist_of(small(), {1: 2})[1] == pytest.approx(1.0)


def test_three_checkers_on_the_one_point_need_a_double_to_finish_at_once() -> None:
    d = dist_of(small(), {1: 3})
    assert d[1] == pytest.approx(6 / 36)
    assert d[2] == pytest.approx(30 / 36)


def test_best_play_is_chosen_two_checkers_on_six_and_one() -> None:
    # 6-1 bears both off; 5-1 must not be played 6/1 1/off? it takes the 1 off and moves 6/1 = one left on 1.
    # Any roll bears at least one off; expected rolls is between 1 and 2.
    mean = small().expected_rolls([home({6: 1, 1: 1})])[0]
    assert 1.0 < mean < 2.0


def test_distributions_sum_to_one() -> None:
    db = small()
    rows = all_positions()
    few = rows.sum(axis=1) <= 3
    assert np.allclose(db.dist[few].sum(axis=1), 1.0)


def test_shipped_database_matches_a_fresh_build_on_small_positions() -> None:
    rows = all_positions()
    few = rows.sum(axis=1) <= 3
    assert np.allclose(shipped().dist[few], small().dist[few], atol=1e-4)


def test_shipped_distributions_sum_to_one_and_fit_in_the_table() -> None:
    db = shipped()
    assert db.dist.shape == (N_POSITIONS, MAX_ROLLS)
    assert np.allclose(db.dist.sum(axis=1), 1.0)
    # fifteen checkers on the six point need at most ~ 20 rolls in any plausible sequence
    assert db.dist[:, -1].max() < 1e-4


def test_more_checkers_never_need_fewer_rolls() -> None:
    db = shipped()
    a = db.expected_rolls([home({6: 5})])[0]
    b = db.expected_rolls([home({6: 6})])[0]
    assert b > a


def test_fifteen_on_the_six_point_first_checker_off() -> None:
    # a 6 (11 rolls), 5-1 and 4-2 (2 each), 3-3 and 2-2 (1 each) bear a checker off at once: 17 of 36
    first = shipped().first[index_of(home({6: 15}))[0]]
    assert first[1] == pytest.approx(17 / 36, abs=1e-4)


def test_race_both_sides_home_on_roll_wins_one_checker_each() -> None:
    db = shipped()
    b = boards([pack(side({1: 1}), side({1: 1}))])
    p = db.probabilities(b)[0]
    assert p[0] == pytest.approx(1.0)


def test_race_one_checker_on_six_against_one_on_one() -> None:
    db = shipped()
    p = db.probabilities(boards([pack(side({6: 1}), side({1: 1}))]))[0]
    assert p[0] == pytest.approx(27 / 36, abs=1e-4)
    assert p[1] == 0.0 and p[3] == 0.0  # both sides have borne off: no gammons


def test_win_gammon_when_opponent_has_all_fifteen() -> None:
    db = shipped()
    p = db.probabilities(boards([pack(side({1: 1}), side({6: 15}))]))[0]
    assert p[0] == pytest.approx(1.0) and p[1] == pytest.approx(1.0)
    assert p[2] == 0.0


def test_lose_gammon_when_first_checker_not_off_in_time() -> None:
    db = shipped()
    p = db.probabilities(boards([pack(side({6: 15}), side({1: 1}))]))[0]
    assert p[0] == pytest.approx(0.0, abs=1e-9)
    assert p[3] == pytest.approx(19 / 36, abs=1e-4)


def test_covered_only_when_both_sides_are_home() -> None:
    b = boards(
        [pack(side({1: 3}), side({2: 2})), pack(side({7: 1}), side({2: 2})), pack(side({1: 3}), side({8: 1}))]
    )
    assert BearoffDatabase.covered(b).tolist() == [True, False, False]


def test_damaged_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.npz"
    small().save(path)
    data = bytearray(path.read_bytes())
    data[100] ^= 0x55
    path.write_bytes(bytes(data))
    with pytest.raises(BearoffError, match="damaged"):
        BearoffDatabase.load(path)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "db.npz"
    small().save(path)
    back = BearoffDatabase.load(path)
    few = all_positions().sum(axis=1) <= 3
    assert np.allclose(back.dist[few], small().dist[few], atol=1e-4)


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BearoffError, match="not found"):
        BearoffDatabase.load(tmp_path / "none.npz")
