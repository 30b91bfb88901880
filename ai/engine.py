"""The one door to the AI: rank a roll's moves, answer a cube question, judge a match.

The worker's handlers (:mod:`ai.worker.handlers`), the command-line tools (``hint``,
``analyze``, ``rollout``, ``autoplay``...) and the review request all go through an :class:`Engine`,
as wildbg's ``WildbgApi`` or python-chess's ``SimpleEngine`` are the one door to theirs; the values
they give and get are named in :mod:`ai.engine_types` beside it, and nothing else of ``ai`` is
theirs to import (``tests/test_layering.py``)::

    engine = Engine(evaluator)
    ranked = engine.rank_moves(position, (3, 1), depth=2)       # best first
    probs, decision = engine.cube_decision(position, context, depth=2)
    why = engine.market(position, context, probs)                 # take point, market losers
    said = engine.explain_decision(review.decisions[0])           # its facts and reasons
    probs, decision = engine.level_cube_decision(position, context, 1, 0.3, seed)  # a level's, noise and all
    review = engine.judge_match(replayed, depth=3)
    review = engine.confirm_review(review, CONFIRM_MODES["default"])   # its errors rolled out
    sure = engine.confirm_decision(position, context, "move", settings, moves=played_and_best)
    result = engine.rollout(position, (3, 1), RolloutSettings(trials=648))  # or dice None: the cube
    hot = engine.temperature_map(position, depth=2, context=context)  # every roll's best move
    value = engine.evaluate(position, depth=2, context=context)      # chances, equities

It holds the evaluator and, to search on every core, a pool of helper processes
(:class:`ai.parallel.Pool`, :func:`helper_pool`): every call is a fresh search (no cache is kept
between calls), so an engine may be shared by one caller at a time. What an engine is made of is
loaded here too: the evaluators (:func:`default_evaluator`, :func:`hand_evaluator`,
:func:`network_evaluator`) and the match equity table (:func:`default_met`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ai.analysis.confirm import confirm, confirm_decision
from ai.analysis.judgement import Confirmation, ConfirmSettings
from ai.analysis.review import Decision, Kind, Review, review
from ai.cube.decision import SETTLE_MARGIN, CubeDecision, cube_decision, level_cube_decision
from ai.cube.market import Market, market
from ai.cube.met import default_met
from ai.cube.model import F, context_from_match
from ai.evaluation.evaluator import Evaluator
from ai.evaluation.load import default_evaluator, hand_evaluator, network_evaluator
from ai.evaluation.network import NetworkError
from ai.filters import SCORING_FILTERS, Filters
from ai.levels import MAX_DEPTH
from ai.position_value import Evaluation, evaluate
from ai.ranking import Ranker
from ai.rollout.run import rollout_cube, rollout_moves
from ai.rollout.settings import RolloutResult, RolloutSettings
from ai.temperature import RollCell, TemperatureMap, temperature_map
from game.facts.chances import CubeFacts
from game.facts.explained import CubeExplained, DecisionExplained, play_explained
from game.records.matchid import from_match_id
from game.rules.position import Position, from_position_id

if TYPE_CHECKING:
    from ai.cube.model import CubeContext
    from ai.search import Pool
    from game.records.replay import ReplayedMatch

__all__ = [
    "Engine",
    "NetworkError",
    "default_evaluator",
    "default_met",
    "hand_evaluator",
    "helper_pool",
    "network_evaluator",
]


class Engine(Ranker):
    """The AI's searches with one evaluator; :meth:`rank_moves` is :class:`ai.ranking.Ranker`'s."""

    def cube_decision(
        self, position: Position, context: CubeContext, depth: int, *, settle: bool = True
    ) -> tuple[F, CubeDecision]:
        """The side on roll's chances and cube decision before its roll, without noise
        (:func:`ai.cube.decision.cube_decision`); ``settle``: a clear decision may stand one depth
        shallower (False: always the full depth, for values a player reads)."""
        margin = SETTLE_MARGIN if settle else None
        return cube_decision(position.code, context, depth, self.evaluator, pool=self.pool, settle=margin)

    def market(self, position: Position, context: CubeContext, probs: F) -> Market:
        """The take point at ``context``'s score and the doubler's market losers (:mod:`ai.cube.market`),
        the side on roll of ``position`` the doubler with the chances ``probs`` before its roll (a
        :meth:`cube_decision`'s)."""
        return market(position.code, context, probs, self.evaluator)

    def cube_explained(
        self,
        position: Position,
        context: CubeContext,
        probs: Sequence[float],
        equities: tuple[float, float, float],
    ) -> CubeExplained:
        """A cube decision's facts and reasons (issue 53): the doubler's chances ``probs`` and
        (ND, DT, DP) from its search, with :meth:`market`'s take point and market losers."""
        found = self.market(position, context, np.asarray(probs, dtype=np.float64))
        return CubeExplained.of(CubeFacts.of(probs, equities, found.take_point, found.losers))

    def explain_decision(self, decision: Decision) -> DecisionExplained | None:
        """What explains one judged decision of a review: a checker play's played move against the
        best (the best against the runner-up), a cube decision's facts and reasons from the
        doubler's side; None when there is nothing to compare (a forced move, a cube decision
        without its chances)."""
        if decision.kind == "move":
            played = decision.played_option()
            if not decision.options or played is None:
                return None
            return play_explained(decision.options, played)
        if decision.cube is None or decision.probs is None:
            return None
        info = from_match_id(decision.match_id)
        context = context_from_match(info, info.on_roll)  # the doubler's: it is on roll in the IDs
        position = Position(from_position_id(decision.position_id))
        return self.cube_explained(position, context, decision.probs, decision.cube)

    def level_cube_decision(
        self,
        position: Position,
        context: CubeContext,
        depth: int,
        noise: float,
        seed: int,
        role: int = 0,
        probs: F | None = None,
        *,
        settle: bool = True,
    ) -> tuple[F, CubeDecision]:
        """The cube decision the computer makes at a level: searched at its ``depth``, blurred by
        cube noise in proportion to its checker ``noise`` and drawn from the position, ``seed`` and
        ``role`` (0: the doubler's question, 1: the taker's), never a match-deciding double by a
        slip (:func:`ai.cube.decision.level_cube_decision`). The computer's every cube decision,
        the window's (the worker's cube answers) and autoplay's alike, is made here. ``probs``: an
        earlier answer's chances on the same position (no search); ``settle``: as
        :meth:`cube_decision`'s."""
        margin = SETTLE_MARGIN if settle else None
        return level_cube_decision(
            position.code, context, depth, noise, self.evaluator, seed, role, probs, self.pool, margin
        )

    def judge_match(
        self,
        match: ReplayedMatch,
        depth: int,
        *,
        cube_depth: int | None = None,
        on_turn: Callable[[int, int], None] | None = None,
        luck_only: bool = False,
    ) -> Review:
        """Every checker play, cube action and roll of a replayed match judged
        (:func:`ai.analysis.review.review`)."""
        return review(
            match, depth, self.evaluator, on_turn=on_turn, cube_depth=cube_depth, luck_only=luck_only
        )

    def confirm_review(
        self,
        rev: Review,
        settings: ConfirmSettings,
        *,
        processes: int = 1,
        on_update: Callable[[Review], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Review:
        """``rev`` (a :meth:`judge_match`'s) with every decision it would report judged again by a
        rollout, in ``processes`` processes (:func:`ai.analysis.confirm.confirm`): ``on_update``
        gets the review as each rollout ends, ``should_stop`` raises :class:`ai.search.Stopped`
        with every process ended."""
        return confirm(
            rev, self.evaluator, settings, processes=processes, on_update=on_update, should_stop=should_stop
        )

    def confirm_decision(
        self,
        position: Position,
        context: CubeContext,
        kind: Kind,
        settings: ConfirmSettings,
        *,
        moves: tuple[tuple[str, int, float], ...] = (),
        depth: int = 0,
        search_error: float = 0.0,
        should_stop: Callable[[], bool] | None = None,
    ) -> Confirmation | None:
        """One decision judged again by a rollout as :meth:`confirm_review` judges a review's (the
        tutor's catch; :func:`ai.analysis.confirm.confirm_decision`): a checker play of ``position``
        (``moves``: the played move first, then the search's best, each its notation, the position
        after it and the search's equity) or cube action ``kind`` of the doubler's ``position``."""
        return confirm_decision(
            self.evaluator,
            position.code,
            context,
            kind,
            settings,
            moves=moves,
            depth=depth,
            search_error=search_error,
            should_stop=should_stop,
        )

    def rollout(
        self,
        position: Position,
        dice: tuple[int, int] | None,
        settings: RolloutSettings,
        *,
        context: CubeContext | None = None,
        include: Sequence[int] = (),
        on_progress: Callable[[RolloutResult], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> RolloutResult:
        """Play a decision out (:mod:`ai.rollout`): the best moves of ``dice`` by the search, or with
        ``dice`` None the cube actions of the side on roll before its roll. ``context``: the cube and
        score of the side on roll (None: money, centred cube); ``include``: results rolled out too
        (:func:`ai.rollout.run.rollout_moves`). Progress after each round of trials;
        ``should_stop`` ends it with the trials done so far."""
        if dice is None:
            return rollout_cube(
                position, context, self.evaluator, settings, on_progress=on_progress, should_stop=should_stop
            )
        return rollout_moves(
            position,
            dice,
            self.evaluator,
            settings,
            context=context,
            include=include,
            on_progress=on_progress,
            should_stop=should_stop,
        )

    def temperature_map(
        self,
        position: Position,
        depth: int,
        *,
        context: CubeContext | None = None,
        filters: Filters = SCORING_FILTERS,
        on_cell: Callable[[RollCell, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> TemperatureMap:
        """Each of the 21 rolls' best move before the roll of ``position`` and its value, as the hint
        ranks them at ``depth`` and ``context`` (None: cubeless money); :mod:`ai.temperature`.
        ``on_cell(cell, done)`` after each roll; ``should_stop`` raises :class:`ai.search.Stopped`."""
        _check_depth(depth)
        return temperature_map(
            self,
            position,
            depth,
            context=context,
            filters=filters,
            on_cell=on_cell,
            should_stop=should_stop,
        )

    def evaluate(
        self,
        position: Position,
        depth: int,
        *,
        context: CubeContext | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Evaluation:
        """Both sides' chances and the cubeless and cubeful equity of ``position`` before its roll,
        at ``depth`` and ``context`` (None: money, cube centred); :mod:`ai.position_value`."""
        _check_depth(depth)
        return evaluate(self, position, depth, context, should_stop)


@contextlib.contextmanager
def helper_pool(workers: int, evaluator: Evaluator) -> Iterator[Pool | None]:
    """Helper processes for an engine searching in ``workers`` processes (1: this one alone, None;
    0: one a core), each with ``evaluator``, ended on the way out."""
    if workers == 1:
        yield None
        return
    from ai.parallel import Pool as Helpers
    from ai.parallel import cores

    pool = Helpers.start((workers or cores()) - 1, evaluator)
    try:
        yield pool
    finally:
        pool.close()


def _check_depth(depth: int) -> None:
    if not (isinstance(depth, int) and 1 <= depth <= MAX_DEPTH):
        raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {depth!r}")
