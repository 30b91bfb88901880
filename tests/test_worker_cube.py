"""The worker answers cube and resignation questions (thread mode, the hand-made evaluator)."""

from __future__ import annotations

from helpers import side

from ai.cube.model import CubeContext, cube_efficiency
from ai.evaluation.load import hand_evaluator
from ai.worker.messages import CubeAnswer, CubeRequest
from ai.worker.transport import AIWorker
from game.rules.cube import Resignation
from game.rules.position import Position

HOPELESS = Position.from_sides(side({18: 15}), side({1: 1}))
"""The side on roll has not started home; the other side bears off its last checker next roll."""


def ask(request: CubeRequest) -> CubeAnswer:
    with AIWorker(mode="thread", factory=hand_evaluator) as worker:
        assert worker.wait_ready()
        events = worker.wait(worker.start(request))
    answer = events[-1]
    assert isinstance(answer, CubeAnswer), answer
    return answer


def test_cube_question_at_the_start_is_no_double_and_a_take() -> None:
    a = ask(CubeRequest(Position.start(), CubeContext(), 1))
    assert not a.double and a.take and 0.3 < a.probs[0] < 0.7 and a.offer is None
    assert 0.15 < a.take_point < 0.3  # money, centred cube: about Janowski's 21%, more with gammons


def test_take_point_without_gammons_is_janowskis() -> None:
    race = Position.from_sides(side({6: 5, 5: 5, 4: 5}), side({6: 5, 5: 5, 4: 5}))
    a = ask(CubeRequest(race, CubeContext(), 1))
    assert a.probs[1] < 0.001 and a.probs[3] < 0.001
    x = cube_efficiency(race.code)
    assert abs(a.take_point - 0.5 / (2 + x / 2)) < 0.01


def test_hopeless_side_offers_to_resign_and_the_opponent_accepts_the_most_it_can_win() -> None:
    a = ask(CubeRequest(HOPELESS, CubeContext(length=7, away=(7, 7)), 1, resign=Resignation.BACKGAMMON))
    assert a.probs[0] < 0.01 and a.probs[3] > 0.99 and a.offer is not None
    assert a.accepts


def test_opponent_declines_a_single_game_when_a_gammon_is_certain() -> None:
    a = ask(CubeRequest(HOPELESS, CubeContext(length=7, away=(7, 7)), 1, resign=Resignation.SINGLE))
    assert not a.accepts


def test_resignation_by_the_opponent_of_the_side_on_roll() -> None:
    winning = Position(HOPELESS.swapped().code)
    ctx = CubeContext(length=7, away=(7, 7))
    assert ask(CubeRequest(winning, ctx, 1, resign=Resignation.BACKGAMMON, resigner=1)).accepts
    assert not ask(CubeRequest(winning, ctx, 1, resign=Resignation.SINGLE, resigner=1)).accepts
