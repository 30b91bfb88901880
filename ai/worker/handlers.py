"""Answering the worker's requests: each kind of request, one function, called in the worker.

The request loop (:func:`ai.worker.transport._serve`) hands each request here with
``put``, which sends ``("event", Event)`` messages back to the owner, and ``stop_before``, whose
value passing the request's id means "stop now".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ai.evaluation.evaluator import Evaluator
from ai.worker.messages import (
    CubeAnswer,
    CubeRequest,
    Failed,
    Finished,
    Progress,
    RankedMove,
    Request,
    Reviewed,
    ReviewRequest,
)
from game.rules.move import legal_moves
from game.rules.position import unpack

if TYPE_CHECKING:
    from ai.cube.model import CubeContext

PROGRESS_INTERVAL_S = 0.02
"""Progress events are sent at most this often (the last one always)."""

Put = Callable[[tuple[Any, ...]], None]
"""Sends one message to the worker's owner."""


class Counter(Protocol):
    """The stop number: requests with a lower id stop."""

    value: int


def _is_game_over(code: int) -> bool:
    """True when a side has no checker left on the board: someone has won."""
    mine, theirs = unpack(code)
    return not any(mine) or not any(theirs)


def answer(
    rid: int,
    request: Request | CubeRequest | ReviewRequest,
    evaluator: Evaluator,
    put: Put,
    stop_before: Counter,
) -> None:
    """Answer one request: its events go to ``put``."""
    if isinstance(request, CubeRequest):
        put(("event", _cube_answer(rid, request, evaluator)))
    elif isinstance(request, ReviewRequest):
        _review_answer(rid, request, evaluator, put, stop_before)
    else:
        _answer(rid, request, evaluator, put, stop_before)


def _cube_answer(rid: int, request: CubeRequest, evaluator: Evaluator) -> CubeAnswer:
    """The cube decision, resignation offer and resignation answer of one :class:`CubeRequest`."""
    import numpy as np

    from ai.cube.decision import CUBE_NOISE_RATIO, cube_decision, is_beaver, take_point
    from ai.cube.resign import accepts_resignation, resignation_offer

    t0 = time.monotonic()
    code = request.position.code
    if _is_game_over(code):
        raise ValueError("the game is over: there is no cube decision")
    ctx = request.context
    rng = np.random.default_rng(request.seed)
    probs, d = cube_decision(
        code, ctx, request.depth, evaluator, noise=request.noise * CUBE_NOISE_RATIO, rng=rng
    )
    accepts = False
    if request.resign is not None:
        accepts = accepts_resignation(probs, ctx, request.resign, request.resigner)
    p = tuple(float(x) for x in probs)
    return CubeAnswer(
        rid,
        (p[0], p[1], p[2], p[3], p[4]),
        d.nd,
        d.dt,
        d.dp,
        d.double,
        d.take,
        is_beaver(ctx, d),
        resignation_offer(probs),
        accepts,
        take_point(probs, ctx, code),
        time.monotonic() - t0,
    )


def _review_answer(
    rid: int,
    request: ReviewRequest,
    evaluator: Evaluator,
    put: Put,
    stop_before: Counter,
) -> None:
    """Read, replay and judge a record, with progress after each turn; stops between turns."""
    from ai.analysis.review import review
    from ai.search import Stopped
    from game.records.mat import MatFileError
    from game.records.replay import ReplayError, replay_bytes

    t0 = time.monotonic()
    try:
        match = replay_bytes(request.data)
    except (MatFileError, ReplayError) as exc:
        put(("event", Failed(rid, str(exc))))
        return
    last_sent = [0.0]

    def on_turn(done: int, total: int) -> None:
        if stop_before.value > rid:
            raise Stopped("review stopped")
        now = time.monotonic()
        if done == total or now - last_sent[0] >= PROGRESS_INTERVAL_S:
            last_sent[0] = now
            put(("event", Progress(done, total, None, rid)))

    put(("event", Progress(0, sum(len(g.turns) for g in match.games), None, rid)))
    try:
        rev = review(match, request.depth, evaluator, on_turn=on_turn)
    except Stopped:
        return
    put(("event", Reviewed(rid, rev, time.monotonic() - t0)))


def _answer(
    rid: int,
    request: Request,
    evaluator: Evaluator,
    put: Put,
    stop_before: Counter,
) -> None:
    from ai.search import Candidate, Stopped, analyse

    t0 = time.monotonic()
    code = request.position.code
    if _is_game_over(code):
        put(("event", Failed(rid, "the game is over: there is no move to find")))
        return
    legal = {m.after.code: m for m in legal_moves(request.position, request.dice)}
    if not legal:
        put(("event", Finished(rid, [], time.monotonic() - t0)))
        return

    def ranked(c: Candidate) -> RankedMove:
        move = legal.get(c.code)
        if move is None:
            raise RuntimeError("the search returned a position that is not a legal move")
        p = tuple(float(x) for x in c.probs)
        return RankedMove(move, float(c.equity), (p[0], p[1], p[2], p[3], p[4]))

    last_sent = [0.0]

    def on_progress(p: Progress[Candidate]) -> None:
        now = time.monotonic()
        if p.done < p.total and now - last_sent[0] < PROGRESS_INTERVAL_S:
            return
        last_sent[0] = now
        best = ranked(p.best) if p.best is not None else None
        put(("event", Progress(p.done, p.total, best, rid)))

    forced = request.kind == "move" and len(legal) == 1
    deadline = None if request.time_limit is None else t0 + request.time_limit
    try:
        found = analyse(
            code,
            request.dice,
            1 if forced else request.depth,
            evaluator,
            on_progress=on_progress,
            should_stop=lambda: stop_before.value > rid,
            deadline=deadline,
            noise=request.noise if request.kind == "move" else 0.0,
            seed=request.seed,
            **_utilities(request.context, code),
        )
    except Stopped:
        return
    moves = [ranked(c) for c in found]
    if request.top is not None:
        moves = moves[: request.top]
    put(("event", Finished(rid, moves, time.monotonic() - t0)))


def _utilities(context: CubeContext | None, code: int) -> dict[str, Any]:
    """The search's utilities for a request's cube and score (none: cubeless equity)."""
    if context is None:
        return {}
    from ai.cube.model import search_utilities

    mover, replier = search_utilities(context, code)
    return {"utility": mover, "reply_utility": replier}
