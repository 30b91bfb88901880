"""The doubling cube, the Crawford rule, money play and resignations: one test per edge case."""

from __future__ import annotations

import pytest

from game.rules.cube import (
    CENTRED,
    MAX_CUBE,
    CubeError,
    CubeRules,
    CubeState,
    Resignation,
    beaver,
    can_beaver,
    can_double,
    game_points,
    pass_outcome,
    pass_points,
    resign_outcome,
    resign_points,
    take,
)
from game.rules.match import Match, MatchError
from game.rules.outcome import Outcome, Termination


def test_centred_cube_may_be_doubled_by_either_player_before_the_roll() -> None:
    assert can_double(CENTRED, 0) and can_double(CENTRED, 1)


def test_no_double_after_rolling() -> None:
    assert not can_double(CENTRED, 0, rolled=True)


def test_only_the_owner_may_redouble() -> None:
    cube = CubeState(2, 1)
    assert can_double(cube, 1)
    assert not can_double(cube, 0)


def test_no_double_in_the_crawford_game() -> None:
    assert not can_double(CENTRED, 0, crawford=True)


def test_cube_stops_at_64() -> None:
    assert can_double(CubeState(32, 0), 0)
    assert not can_double(CubeState(MAX_CUBE, 0), 0)
    with pytest.raises(CubeError):
        CubeState(128, 0)


def test_take_gives_the_taker_the_cube_at_twice_the_value() -> None:
    assert take(CENTRED, 0) == CubeState(2, 1)
    assert take(CubeState(2, 1), 1) == CubeState(4, 0)


def test_take_of_an_illegal_double_is_refused() -> None:
    with pytest.raises(CubeError, match="may not double"):
        take(CubeState(2, 1), 0)


def test_pass_loses_the_current_value() -> None:
    assert pass_points(CubeState(4, 1)) == 4
    assert pass_outcome(1) == Outcome(1, Termination.SINGLE)


def test_cube_on_one_with_an_owner_is_refused() -> None:
    with pytest.raises(CubeError, match="centred"):
        CubeState(1, 0)


def test_cube_json_round_trip_and_bad_data() -> None:
    cube = CubeState(8, 1)
    assert CubeState.from_json(cube.to_json()) == cube
    for bad in (None, {"value": 3, "owner": None}, {"value": 2, "owner": 2}, {"value": True, "owner": 0}):
        with pytest.raises(CubeError):
            CubeState.from_json(bad)


def test_beaver_only_in_money_with_beavers_on() -> None:
    taken = take(CENTRED, 0)
    assert not can_beaver(taken, 1, money=True, rules=CubeRules())
    assert not can_beaver(taken, 1, money=False, rules=CubeRules(beavers=True))
    assert not can_beaver(taken, 0, money=True, rules=CubeRules(beavers=True))
    assert beaver(taken, 1, money=True, rules=CubeRules(beavers=True)) == CubeState(4, 1)


def test_gammon_and_backgammon_count_double_and_triple_the_cube() -> None:
    cube = CubeState(4, 0)
    assert game_points(Termination.SINGLE, cube, money=False) == 4
    assert game_points(Termination.GAMMON, cube, money=False) == 8
    assert game_points(Termination.BACKGAMMON, cube, money=False) == 12


def test_jacoby_counts_a_gammon_single_while_the_cube_is_centred() -> None:
    assert game_points(Termination.GAMMON, CENTRED, money=True) == 1
    assert game_points(Termination.BACKGAMMON, CENTRED, money=True) == 1


def test_jacoby_lapses_once_the_cube_is_turned() -> None:
    assert game_points(Termination.GAMMON, CubeState(2, 1), money=True) == 4


def test_jacoby_off_counts_gammons_in_money() -> None:
    assert game_points(Termination.GAMMON, CENTRED, money=True, rules=CubeRules(jacoby=False)) == 2


def test_jacoby_never_applies_in_a_match() -> None:
    assert game_points(Termination.GAMMON, CENTRED, money=False) == 2


def test_resignation_outcome_and_points() -> None:
    assert resign_outcome(0, Resignation.GAMMON) == Outcome(1, Termination.GAMMON)
    assert resign_points(Resignation.BACKGAMMON, CubeState(2, 0), money=False) == 6
    assert resign_points(Resignation.GAMMON, CENTRED, money=True) == 1  # Jacoby


# --- match: Crawford, money sessions, points past the length -------------------------------


def test_a_win_that_skips_length_minus_one_ends_the_match_without_crawford() -> None:
    m = Match(5).record(Outcome(0, Termination.SINGLE))
    assert not m.is_crawford()
    m = m.record(Outcome(0, Termination.GAMMON), CubeState(2, 1))  # 1 + 4 points
    assert m.score == (5, 0) and m.is_over() and not m.is_crawford()


def test_crawford_flag_and_post_crawford() -> None:
    m = Match(5).record(Outcome(0, Termination.GAMMON), CubeState(2, 1))  # 4 points: 1-away
    assert m.score == (4, 0)
    assert m.is_crawford() and not m.may_double() and not m.is_post_crawford()
    m = m.record(Outcome(1, Termination.SINGLE))
    assert not m.is_crawford() and m.is_post_crawford() and m.may_double()


def test_crawford_game_happens_only_once() -> None:
    m = Match(3).record(Outcome(0, Termination.GAMMON))  # 2-0: Crawford next
    assert m.is_crawford()
    m = m.record(Outcome(1, Termination.GAMMON))  # 2-2: both 1-away, post-Crawford
    assert not m.is_crawford() and m.is_post_crawford()


def test_jumping_past_length_minus_one_gives_no_crawford_game() -> None:
    m = Match(5).record(Outcome(0, Termination.SINGLE)).record(Outcome(0, Termination.SINGLE))
    m = m.record(Outcome(1, Termination.GAMMON), CubeState(2, 1))  # 0 -> 4: reaches 1-away
    assert m.is_crawford()
    m2 = Match(5).record(Outcome(1, Termination.BACKGAMMON))  # 0 -> 3: 2-away, no Crawford
    assert not m2.is_crawford() and not m2.is_post_crawford()


def test_one_point_match_has_no_crawford_game() -> None:
    assert not Match(1).is_crawford()


def test_points_are_awarded_in_full_past_the_length() -> None:
    m = Match(3).record(Outcome(1, Termination.BACKGAMMON), CubeState(4, 0))
    assert m.score == (0, 12) and m.winner() == 1


def test_money_session_never_ends_and_has_no_crawford() -> None:
    m = Match(0)
    for _ in range(5):
        m = m.record(Outcome(0, Termination.GAMMON), CubeState(2, 1))
    assert m.score == (20, 0) and not m.is_over() and m.winner() is None and not m.is_crawford()


def test_money_jacoby_single_is_recorded_and_saved() -> None:
    m = Match(0).record(Outcome(1, Termination.GAMMON))
    assert m.score == (0, 1) and m.games[0].jacoby_single
    assert Match.from_json(m.to_json()) == m


def test_money_without_jacoby_saves_its_rules() -> None:
    m = Match(0, rules=CubeRules(jacoby=False, beavers=True)).record(Outcome(0, Termination.GAMMON))
    assert m.score == (2, 0)
    back = Match.from_json(m.to_json())
    assert back == m and back.rules.beavers


def test_old_saved_match_without_cube_still_loads() -> None:
    m = Match.from_json({"length": 5, "games": [[0, "GAMMON"], [1, "SINGLE"]]})
    assert m.score == (2, 1)


def test_saved_game_with_a_bad_cube_is_refused() -> None:
    with pytest.raises(MatchError):
        Match.from_json({"length": 5, "games": [[0, "SINGLE", 3, False]]})
