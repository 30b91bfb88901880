"""The window's computer and autoplay make their cube decisions through one engine method.

The window asks the worker (:mod:`ai.worker.handlers`, here in thread mode with the hand-made
evaluator); autoplay asks :meth:`ai.engine.Engine.level_cube_decision`. A level's noise must be
the same in both, and so must its one exception: a double that would decide the match for both
players is never made by a slip (:func:`ai.cube.decision.level_cube_decision`).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ai.cube.model import CubeContext
from ai.engine import Engine
from ai.evaluation.load import hand_evaluator
from ai.levels import Level, level_by_key
from ai.worker.messages import CubeAnswer, CubeRequest
from ai.worker.transport import AIWorker
from game.rules.position import Position

SEEDS = range(200)
"""Enough seeds for a slip to show: the beginner's comes about one time in twenty below."""

START = Position.start()

DECIDING = CubeContext(4, 0, 5, (5, 5))
"""A 5-point match at 0-0, the side on roll owning a 4-cube: doubling to 8 decides the match."""

OPEN = CubeContext(4, 0, 9, (9, 9))
"""The same cube in a 9-point match: doubling to 8 decides nothing."""

CLOSE_TAKE = Position.from_id("f9sBAEBtuxlAAA")
"""The side on roll far ahead: at :data:`DECIDING`'s cube its double nearly a pass (hand-made evaluator)."""

NOISY = ("novice", "beginner")


@pytest.fixture(scope="module")
def window() -> Iterator[AIWorker]:
    with AIWorker(mode="thread", factory=hand_evaluator) as worker:
        assert worker.wait_ready()
        yield worker


def ask(worker: AIWorker, request: CubeRequest) -> CubeAnswer:
    answer = worker.wait(worker.start(request))[-1]
    assert isinstance(answer, CubeAnswer), answer
    return answer


def window_doubles(worker: AIWorker, ctx: CubeContext, level: Level, seed: int) -> bool:
    """The window's computer, on roll at ``level``, asked whether it doubles."""
    return ask(worker, CubeRequest(START, ctx, level.depth, level.noise, seed)).double


def window_takes(worker: AIWorker, position: Position, ctx: CubeContext, level: Level, seed: int) -> bool:
    """The window's computer at ``level``, doubled by the side on roll, asked whether it takes."""
    return ask(worker, CubeRequest(position, ctx, level.depth, level.noise, seed, role=1)).take


@pytest.mark.parametrize("key", NOISY)
def test_the_windows_computer_never_doubles_a_match_deciding_cube_by_a_slip(
    window: AIWorker, key: str
) -> None:
    level = level_by_key(key)
    assert not any(window_doubles(window, DECIDING, level, s) for s in SEEDS)


@pytest.mark.parametrize("key", NOISY)
def test_the_windows_computer_doubles_by_a_slip_where_the_cube_decides_nothing(
    window: AIWorker, key: str
) -> None:
    level = level_by_key(key)
    assert not ask(window, CubeRequest(START, OPEN, level.depth)).double  # no double without noise
    assert any(window_doubles(window, OPEN, level, s) for s in SEEDS)


@pytest.mark.parametrize("ctx", [DECIDING, OPEN], ids=["deciding", "open"])
@pytest.mark.parametrize("key", NOISY)
def test_the_window_and_autoplay_double_alike_at_every_seed(
    window: AIWorker, key: str, ctx: CubeContext
) -> None:
    level = level_by_key(key)
    engine = Engine(hand_evaluator()[0])
    autoplay = [engine.level_cube_decision(START, ctx, level.depth, level.noise, s)[1].double for s in SEEDS]
    assert [window_doubles(window, ctx, level, s) for s in SEEDS] == autoplay


@pytest.mark.parametrize("key", NOISY)
def test_the_window_and_autoplay_take_alike_at_every_seed(window: AIWorker, key: str) -> None:
    """The taker's noise is its own (autoplay's role 1), and its answer to a match-deciding double
    may be a slip: the rule is the doubler's."""
    level = level_by_key(key)
    engine = Engine(hand_evaluator()[0])
    taker = 1
    autoplay = [
        engine.level_cube_decision(CLOSE_TAKE, DECIDING, level.depth, level.noise, s, taker)[1].take
        for s in SEEDS
    ]
    answers = [window_takes(window, CLOSE_TAKE, DECIDING, level, s) for s in SEEDS]
    assert answers == autoplay
    assert len(set(answers)) == 2  # the noise decides some of them
