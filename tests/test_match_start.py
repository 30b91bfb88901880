"""A match that starts at a score (set up from a Match ID): score, Crawford state, saving."""

from __future__ import annotations

import pytest

from game.rules.match import Match, MatchError
from game.rules.outcome import Outcome, Termination


def test_the_score_counts_from_the_start() -> None:
    m = Match(7, start=(3, 1)).record(Outcome(1, Termination.GAMMON))
    assert m.score == (3, 3) and m.game_number() == 2 and not m.is_over()


def test_set_up_in_the_crawford_game_forbids_doubling_and_the_next_is_post_crawford() -> None:
    m = Match(5, start=(4, 2), start_crawford=True)
    assert m.is_crawford() and not m.may_double()
    after = m.record(Outcome(1, Termination.SINGLE))
    assert after.score == (4, 3) and after.is_post_crawford() and after.may_double()


def test_set_up_one_away_without_the_flag_is_post_crawford() -> None:
    m = Match(5, start=(2, 4))
    assert not m.is_crawford() and m.is_post_crawford()


def test_set_up_double_match_point_is_post_crawford() -> None:
    assert Match(3, start=(2, 2)).is_post_crawford()


def test_set_up_below_one_away_reaches_crawford_by_play() -> None:
    m = Match(5, start=(2, 1)).record(Outcome(0, Termination.GAMMON))
    assert m.score == (4, 1) and m.is_crawford()


def test_a_one_point_match_at_the_start_has_no_crawford_game() -> None:
    m = Match(1, start=(0, 0))
    assert not m.is_crawford() and not m.is_post_crawford()


@pytest.mark.parametrize(
    ("length", "start", "crawford"),
    [(5, (5, 0), False), (5, (1, 2), True), (3, (2, 2), True), (1, (0, 0), True), (5, (-1, 0), False)],
)
def test_impossible_starts_are_refused(length: int, start: tuple[int, int], crawford: bool) -> None:
    with pytest.raises(MatchError):
        Match(length, start=start, start_crawford=crawford)


def test_json_keeps_the_start_and_a_match_without_one_reads_as_before() -> None:
    m = Match(5, start=(4, 1), start_crawford=True).record(Outcome(1, Termination.SINGLE))
    back = Match.from_json(m.to_json())
    assert back == m and back.is_post_crawford()
    plain = Match(5).record(Outcome(0, Termination.SINGLE))
    assert "start" not in plain.to_json() and Match.from_json(plain.to_json()) == plain


@pytest.mark.parametrize(
    "bad", [{"start": [1]}, {"start": "1-2"}, {"start": [1, True]}, {"start_crawford": 1}]
)
def test_damaged_start_in_json_is_an_error(bad: dict[str, object]) -> None:
    with pytest.raises(MatchError):
        Match.from_json({"length": 5, "games": [], **bad})
