"""The analysis dialogs' hint answer (ui.model.hint_answer), without a window."""

from __future__ import annotations

from ai.worker.messages import CubeAnswer, Failed, Finished, RankedMove
from game.records.matchid import MatchInfo
from game.rules.cube import CubeState
from game.rules.move import legal_moves
from game.rules.position import Position
from ui.model.hint_answer import HintAnswer
from ui.text.analysis import answer_lines, chances, cube_action, proper_action

PROBS = (0.6, 0.2, 0.01, 0.1, 0.005)
MONEY = MatchInfo(cube=CubeState(), on_roll=0, length=0, score=(0, 0))


def cube_answer(request: int, nd: float = 0.5, dt: float = 0.8, dp: float = 1.0) -> CubeAnswer:
    return CubeAnswer(request, PROBS, nd, dt, dp, double=True, take=True)


def started(depth: int = 2, request: int = 7) -> HintAnswer:
    answer = HintAnswer(depth)
    answer.request = request
    return answer


def test_before_the_request_it_waits_for_the_computer() -> None:
    answer = HintAnswer(3)
    assert answer.is_waiting()
    assert answer_lines(answer, "you", MONEY) == [("Waiting for the computer's search…", False)]


def test_once_asked_it_says_it_is_searching_at_its_depth() -> None:
    assert answer_lines(started(3), "you", MONEY) == [("Searching at depth 3…", False)]


def test_an_answer_to_another_request_is_let_be() -> None:
    answer = started(request=7)
    answer.take(cube_answer(8))
    answer.take(Failed(6, "no"))
    assert answer.is_waiting() and answer.cube is None and not answer.failure


def test_an_answer_before_the_request_is_let_be() -> None:
    answer = HintAnswer(2)
    answer.take(cube_answer(0))
    assert answer.is_waiting()


def test_ranked_moves_are_listed_best_first_each_with_its_chances() -> None:
    moves = legal_moves(Position.start(), (3, 1))[:2]
    answer = started()
    answer.take(Finished(7, [RankedMove(moves[0], 0.16, PROBS), RankedMove(moves[1], -0.05, PROBS)]))
    assert not answer.is_waiting()
    assert answer_lines(answer, "you", MONEY) == [
        ("At depth 2, for you on roll:", False),
        (f"1. {moves[0].notation()}  +0.160", True),
        (chances(PROBS), False),
        (f"2. {moves[1].notation()}  -0.050", True),
        (chances(PROBS), False),
    ]


def test_no_legal_move_says_the_turn_passes() -> None:
    answer = started()
    answer.take(Finished(7, []))
    assert answer_lines(answer, "the player", MONEY)[1] == ("No legal move: the turn passes.", True)


def test_a_failure_is_all_that_is_shown() -> None:
    answer = started()
    answer.take(Failed(7, "the worker stopped"))
    assert not answer.is_waiting()
    assert answer_lines(answer, "you", MONEY) == [("The AI could not answer: the worker stopped", True)]


def test_the_cube_decision_shows_the_action_and_three_equities() -> None:
    answer = started()
    answer.take(cube_answer(7, nd=0.5, dt=0.8, dp=1.0))
    assert answer_lines(answer, "you", MONEY) == [
        ("At depth 2, for you on roll:", False),
        ("Double, take", True),
        ("No double +0.500", False),
        ("Double, take +0.800", False),
        ("Double, pass +1.000", False),
        (chances(PROBS), False),
    ]


def test_no_double_is_possible_in_the_crawford_game() -> None:
    crawford = MatchInfo(cube=CubeState(), on_roll=0, length=5, score=(4, 2), crawford=True)
    assert cube_action(cube_answer(1), crawford) == "No double possible: the Crawford game."


def test_no_double_is_possible_when_the_other_side_owns_the_cube() -> None:
    theirs = MatchInfo(cube=CubeState(2, 1), on_roll=0, length=0, score=(0, 0))
    assert cube_action(cube_answer(1), theirs) == "No double possible: the cube is the other side's."
    mine = MatchInfo(cube=CubeState(2, 0), on_roll=0, length=0, score=(0, 0))
    assert cube_action(cube_answer(1), mine) == "Double, take"


def test_proper_action_words() -> None:
    assert proper_action(0.5, 0.4, 1.0) == "No double, take"
    assert proper_action(0.5, 0.8, 1.0) == "Double, take"
    assert proper_action(0.5, 1.2, 1.0) == "Double, pass"
    assert proper_action(1.1, 1.4, 1.0) == "Too good to double, pass"


def test_chances_read_as_percentages_for_both_sides() -> None:
    lose = 1 - PROBS[0]
    both = f"win 60.0% g 20.0% bg 1.0% · lose {lose:.1%} g {PROBS[3]:.1%} bg {PROBS[4]:.1%}"
    assert chances(PROBS) == both
