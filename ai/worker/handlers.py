"""Answering the worker's requests: each kind of request, one function, called in the worker.

The request loop (:func:`ai.worker.transport._serve`) hands each request here with the
engine (:class:`ai.engine.Engine`, the one door to the searches: of ``ai`` this module uses only
it, its values in :mod:`ai.engine_types` and the messages), ``put``, which sends
``("event", Event)`` messages back to the owner, and ``stop_before``, whose value passing the
request's id means "stop now". The engine's modules are imported when a request comes, so the
owner's process, which imports the transport, never loads the search.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, assert_never

from ai.worker.messages import (
    AnyRequest,
    ConfirmRequest,
    CubeAnswer,
    CubeRequest,
    DecisionConfirmed,
    Evaluated,
    EvaluateRequest,
    Failed,
    Finished,
    Progress,
    RankedMove,
    Request,
    ReviewConfirmed,
    Reviewed,
    ReviewRequest,
    RolledOut,
    RolloutProgress,
    RolloutRequest,
    TemperatureAnswer,
    TemperatureProgress,
    TemperatureRequest,
)
from game.facts.explained import Explained, play_explained
from game.rules.position import unpack

if TYPE_CHECKING:
    from ai.engine import Engine
    from ai.engine_types import Review, RollCell, RolloutResult

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
    request: AnyRequest,
    engine: Engine,
    put: Put,
    stop_before: Counter,
) -> None:
    """Answer one request: its events go to ``put``."""
    match request:
        case Request():
            _moves_answer(rid, request, engine, put, stop_before)
        case CubeRequest():
            put(("event", _cube_answer(rid, request, engine)))
        case ReviewRequest():
            _review_answer(rid, request, engine, put, stop_before)
        case ConfirmRequest():
            _confirm_answer(rid, request, engine, put, stop_before)
        case RolloutRequest():
            _rollout_answer(rid, request, engine, put, stop_before)
        case TemperatureRequest():
            _temperature_answer(rid, request, engine, put, stop_before)
        case EvaluateRequest():
            _evaluate_answer(rid, request, engine, put, stop_before)
        case _:
            assert_never(request)


def _moves_answer(rid: int, request: Request, engine: Engine, put: Put, stop_before: Counter) -> None:
    """The ranked moves of a :class:`Request`, with progress while the search runs."""
    from ai.engine_types import DEFAULT_FILTERS, SCORING_FILTERS, Stopped

    t0 = time.monotonic()
    if _is_game_over(request.position.code):
        put(("event", Failed(rid, "the game is over: there is no move to find")))
        return
    match request.kind:
        case "move":  # the computer's own move: its level's noise; a lone candidate settles it
            noise, filters = request.noise, DEFAULT_FILTERS
        case "hint":  # a player reads and compares the values: each at the full depth
            noise, filters = 0.0, SCORING_FILTERS
        case _:
            assert_never(request.kind)
    last_sent = [0.0]

    def on_progress(p: Progress[RankedMove]) -> None:
        now = time.monotonic()
        if p.done < p.total and now - last_sent[0] < PROGRESS_INTERVAL_S:
            return
        last_sent[0] = now
        put(("event", Progress(p.done, p.total, p.best, rid)))

    try:
        moves = engine.rank_moves(
            request.position,
            request.dice,
            request.depth,
            context=request.context,
            filters=filters,
            noise=noise,
            seed=request.seed,
            on_progress=on_progress,
            should_stop=lambda: stop_before.value > rid,
            deadline=None if request.time_limit is None else t0 + request.time_limit,
        )
    except Stopped:
        return
    if request.top is not None:
        moves = moves[: request.top]
    explained = Explained.of(moves) if request.kind == "hint" else None
    put(("event", Finished(rid, moves, time.monotonic() - t0, explained)))


def _cube_answer(rid: int, request: CubeRequest, engine: Engine) -> CubeAnswer:
    """The cube decision, resignation offer and resignation answer of one :class:`CubeRequest`:
    the level's decision as autoplay makes it (:meth:`ai.engine.Engine.level_cube_decision`)."""
    from ai.engine_types import accepts_resignation, is_beaver, resignation_offer, take_point

    t0 = time.monotonic()
    code = request.position.code
    if _is_game_over(code):
        raise ValueError("the game is over: there is no cube decision")
    ctx = request.context
    probs, d = engine.level_cube_decision(
        request.position,
        ctx,
        request.depth,
        request.noise,
        request.seed,
        request.role,
        settle=request.settle,
    )
    accepts = False
    if request.resign is not None:
        accepts = accepts_resignation(probs, ctx, request.resign, request.resigner)
    p = tuple(float(x) for x in probs)
    explained = None
    if not request.settle:  # a player reads it: why, in facts
        explained = engine.cube_explained(request.position, ctx, p, (d.nd, d.dt, d.dp))
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
        explained,
    )


def _review_answer(rid: int, request: ReviewRequest, engine: Engine, put: Put, stop_before: Counter) -> None:
    """Read, replay and judge a record, with progress after each turn; stops between turns."""
    from ai.engine_types import Stopped
    from game.records.errors import RecordError
    from game.records.formats import replay_bytes

    t0 = time.monotonic()
    try:
        match = replay_bytes(request.data)
    except RecordError as exc:
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
        rev = engine.judge_match(match, request.depth, on_turn=on_turn)
    except Stopped:
        return
    explained = tuple(engine.explain_decision(d) for d in rev.decisions)
    if request.confirm is None:
        put(("event", Reviewed(rid, rev, time.monotonic() - t0, explained)))
        return
    from ai.engine_types import default_jobs

    last: list[Review] = []

    def on_update(now: Review) -> None:
        if not last:  # the search's verdicts, with how many decisions are to be rolled out
            put(("event", Reviewed(rid, now, time.monotonic() - t0, explained)))
        else:
            before = last[0].decisions
            changed = tuple(
                (i, d, engine.explain_decision(d)) for i, d in enumerate(now.decisions) if d is not before[i]
            )
            seconds = time.monotonic() - t0
            put(("event", ReviewConfirmed(rid, changed, now.stats, now.checked, now.to_check, seconds)))
        last[:] = [now]

    processes = request.processes or default_jobs()
    try:
        engine.confirm_review(
            rev,
            request.confirm,
            processes=processes,
            on_update=on_update,
            should_stop=lambda: stop_before.value > rid,
        )
    except Stopped:
        return


def _confirm_answer(
    rid: int, request: ConfirmRequest, engine: Engine, put: Put, stop_before: Counter
) -> None:
    """One decision judged again by a rollout; nothing once cancelled."""
    t0 = time.monotonic()
    if _is_game_over(request.position.code):
        put(("event", Failed(rid, "the game is over: there is nothing to roll out")))
        return

    def stopped() -> bool:
        return stop_before.value > rid

    found = engine.confirm_decision(
        request.position,
        request.context,
        request.kind,
        request.settings,
        moves=request.moves,
        depth=request.depth,
        search_error=request.search_error,
        should_stop=stopped,
    )
    if not stopped():
        put(("event", DecisionConfirmed(rid, found, time.monotonic() - t0)))


def _rollout_answer(
    rid: int, request: RolloutRequest, engine: Engine, put: Put, stop_before: Counter
) -> None:
    """A rollout, its results so far after each round, the answer at the end; nothing once cancelled."""
    if _is_game_over(request.position.code):
        put(("event", Failed(rid, "the game is over: there is nothing to roll out")))
        return

    def stopped() -> bool:
        return stop_before.value > rid

    def on_progress(r: RolloutResult) -> None:
        if not r.done and not stopped():
            put(("event", RolloutProgress(rid, r)))

    result = engine.rollout(
        request.position,
        request.dice,
        request.settings,
        context=request.context,
        on_progress=on_progress,
        should_stop=stopped,
    )
    if not stopped():
        put(("event", RolledOut(rid, result)))


def _temperature_answer(
    rid: int, request: TemperatureRequest, engine: Engine, put: Put, stop_before: Counter
) -> None:
    """A temperature map, each roll sent as it is found; nothing once cancelled."""
    from ai.engine_types import Stopped

    t0 = time.monotonic()
    if _is_game_over(request.position.code):
        put(("event", Failed(rid, "the game is over: there is no roll to come")))
        return

    def on_cell(cell: RollCell, done: int) -> None:
        best, second = cell.move, cell.runner_up
        explained = None if best is None or second is None else play_explained((best, second), best)
        put(("event", TemperatureProgress(rid, cell, done, explained=explained)))

    try:
        found = engine.temperature_map(
            request.position,
            request.depth,
            context=request.context,
            on_cell=on_cell,
            should_stop=lambda: stop_before.value > rid,
        )
    except Stopped:
        return
    put(("event", TemperatureAnswer(rid, found, time.monotonic() - t0)))


def _evaluate_answer(
    rid: int, request: EvaluateRequest, engine: Engine, put: Put, stop_before: Counter
) -> None:
    """A position's chances and equities; nothing once cancelled."""
    from ai.engine_types import Stopped

    t0 = time.monotonic()
    if _is_game_over(request.position.code):
        put(("event", Failed(rid, "the game is over: there is nothing to evaluate")))
        return
    try:
        found = engine.evaluate(
            request.position,
            request.depth,
            context=request.context,
            should_stop=lambda: stop_before.value > rid,
        )
    except Stopped:
        return
    put(("event", Evaluated(rid, found, time.monotonic() - t0)))
