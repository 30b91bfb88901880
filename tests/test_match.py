"""Match scoring: points per win kind, match end, saved form."""

from __future__ import annotations

import pytest

from game.rules.match import MATCH_LENGTHS, GameResult, Match, MatchError
from game.rules.outcome import Outcome, Termination


def test_lengths_offered_are_every_odd_length_from_one_to_twenty_five() -> None:
    assert MATCH_LENGTHS == (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25)


@pytest.mark.parametrize("length", [-1, 26, True, "5"])
def test_bad_length_is_refused_with_message(length: object) -> None:
    with pytest.raises(MatchError, match="1 to 25 points"):
        Match(length)  # type: ignore[arg-type]


def test_single_gammon_backgammon_score_one_two_three() -> None:
    m = Match(7)
    m = m.record(Outcome(0, Termination.SINGLE))
    m = m.record(Outcome(1, Termination.GAMMON))
    m = m.record(Outcome(1, Termination.BACKGAMMON))
    assert m.score == (1, 5)
    assert not m.is_over()
    assert m.winner() is None
    assert m.needs(0) == 6 and m.needs(1) == 2
    assert m.game_number() == 4


def test_one_point_match_ends_after_one_game() -> None:
    m = Match(1).record(Outcome(1, Termination.SINGLE))
    assert m.is_over() and m.winner() == 1


def test_gammon_counts_past_the_match_length() -> None:
    m = Match(3).record(Outcome(0, Termination.GAMMON))
    assert not m.is_over()
    m = m.record(Outcome(0, Termination.GAMMON))
    assert m.score == (4, 0) and m.winner() == 0 and m.needs(0) == 0


def test_no_game_after_match_is_won() -> None:
    m = Match(1).record(Outcome(0, Termination.SINGLE))
    with pytest.raises(MatchError, match="already over"):
        m.record(Outcome(1, Termination.SINGLE))


def test_json_round_trip() -> None:
    m = Match(5).record(Outcome(0, Termination.GAMMON)).record(Outcome(1, Termination.SINGLE))
    back = Match.from_json(m.to_json())
    assert back == m
    assert back.games[0] == GameResult(0, Termination.GAMMON)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"length": "3"},
        {"length": 3, "games": [[2, "SINGLE"]]},
        {"length": 3, "games": [[0, "HUGE"]]},
        {"length": 1, "games": [[0, "SINGLE"], [1, "SINGLE"]]},
        {"length": 3, "games": "x"},
    ],
)
def test_bad_saved_match_raises_match_error(data: object) -> None:
    with pytest.raises(MatchError):
        Match.from_json(data)
