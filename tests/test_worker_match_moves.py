"""The worker chooses moves by cubeful equity at the score when a request carries the cube and score."""

from __future__ import annotations

from ai.cube.model import CubeContext, search_utilities
from ai.evaluation.load import hand_evaluator
from ai.search import analyse
from ai.worker.messages import Finished, Request
from ai.worker.transport import AIWorker
from game.rules.position import Position

DMP = CubeContext(length=1, away=(1, 1))
"""Double match point: only winning counts, gammons are worth nothing."""


def ranked(request: Request) -> list[tuple[int, float, tuple[float, ...]]]:
    with AIWorker(mode="thread", factory=hand_evaluator) as worker:
        assert worker.wait_ready()
        events = worker.wait(worker.start(request))
    answer = events[-1]
    assert isinstance(answer, Finished), answer
    return [(m.move.after.code, m.equity, m.probs) for m in answer.moves]


def test_a_request_with_a_match_score_ranks_moves_by_match_equity() -> None:
    code = Position.start().code
    got = ranked(Request("hint", Position.start(), (6, 4), 2, context=DMP))
    mover, replier = search_utilities(DMP, code)
    want = analyse(code, (6, 4), 2, hand_evaluator()[0], utility=mover, reply_utility=replier)
    assert [c for c, _, _ in got] == [c.code for c in want]
    assert [round(e, 9) for _, e, _ in got] == [round(float(c.equity), 9) for c in want]


def test_at_double_match_point_the_equity_is_twice_the_winning_chance_less_one() -> None:
    moves = ranked(Request("hint", Position.start(), (3, 1), 1, context=DMP))
    assert len(moves) > 1
    for _, emg, probs in moves:
        assert abs(emg - (2 * probs[0] - 1)) < 1e-6


def test_a_request_without_a_score_keeps_cubeless_money_equity() -> None:
    code = Position.start().code
    got = ranked(Request("hint", Position.start(), (6, 4), 1))
    want = analyse(code, (6, 4), 1, hand_evaluator()[0])
    assert [round(e, 9) for _, e, _ in got] == [round(float(c.equity), 9) for c in want]
