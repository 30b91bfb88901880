"""The engine facade: one door, the same answers the worker, the hint and the review give."""

from __future__ import annotations

import pytest
from test_worker import closed_board_on_bar, one_way_in

from ai.cli.protocol import analyse_json
from ai.cube.model import CubeContext
from ai.engine import Engine
from ai.evaluation.load import hand_evaluator
from ai.filters import SCORING_FILTERS
from ai.ranking import RankedMove
from ai.search import Progress, analyse
from ai.worker.messages import Finished, Request
from ai.worker.transport import AIWorker
from game.rules.move import legal_moves
from game.rules.position import Position, position_id, swap

BUSY = Position.from_id("mHPMASLg28gBKA")
MATCH = CubeContext(1, None, 5, (3, 4))


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(hand_evaluator()[0])


def worker_answer(request: Request) -> list[RankedMove]:
    with AIWorker(mode="thread", factory=hand_evaluator) as worker:
        assert worker.wait_ready()
        final = worker.wait(worker.start(request))[-1]
    assert isinstance(final, Finished), final
    return final.moves


@pytest.mark.parametrize(
    ("dice", "depth", "context"), [((3, 1), 1, None), ((6, 4), 2, None), ((5, 2), 2, MATCH)]
)
def test_rank_moves_is_what_the_worker_and_the_hint_answer(
    engine: Engine, dice: tuple[int, int], depth: int, context: CubeContext | None
) -> None:
    ranked = engine.rank_moves(BUSY, dice, depth, context=context)
    assert [r.move.after for r in ranked] and {r.move.after for r in ranked} == {
        m.after for m in legal_moves(BUSY, dice)
    }
    assert worker_answer(Request("hint", BUSY, dice, depth, context=context)) == ranked
    hint = analyse_json(BUSY.code, dice, depth, engine.evaluator, context=context)
    assert hint["moves"] == [
        {
            "move": r.move.notation(),
            "position_id": position_id(swap(r.move.after.code)),
            "equity": round(r.equity, 5),
            "probs": [round(p, 5) for p in r.probs],
            "depth": r.depth,
        }
        for r in ranked
    ]


def test_rank_moves_keeps_the_search_order_values_and_depths(engine: Engine) -> None:
    ranked = engine.rank_moves(BUSY, (6, 4), 2)
    found = analyse(BUSY.code, (6, 4), 2, engine.evaluator)
    assert [(r.move.after.code, r.equity, r.probs, r.depth) for r in ranked] == [
        (c.code, c.equity, c.probs, c.depth) for c in found
    ]


def test_a_forced_move_is_searched_shallow_unless_its_value_is_wanted_at_full_depth(engine: Engine) -> None:
    pos = one_way_in()
    assert len(legal_moves(pos, (3, 5))) == 1
    assert engine.rank_moves(pos, (3, 5), 3)[0].depth == 1
    assert engine.rank_moves(pos, (3, 5), 3, filters=SCORING_FILTERS)[0].depth == 3


def test_no_legal_move_is_an_empty_ranking_and_no_search(engine: Engine) -> None:
    calls: list[object] = []
    pos = closed_board_on_bar()
    assert legal_moves(pos, (6, 5)) == []
    assert engine.rank_moves(pos, (6, 5), 2, on_progress=calls.append) == []
    assert calls == []


def test_progress_carries_the_best_move_so_far(engine: Engine) -> None:
    seen: list[Progress[RankedMove]] = []
    ranked = engine.rank_moves(BUSY, (5, 3), 2, on_progress=seen.append)
    assert seen and seen[-1].done == seen[-1].total and seen[-1].best == ranked[0]
    assert all(p.best is None or isinstance(p.best, RankedMove) for p in seen)
