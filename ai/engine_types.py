"""The engine's values: what callers of :class:`ai.engine.Engine` give it and get back.

Beside :mod:`ai.engine` (the one door to the searches) this is the one module the engine's callers
take their types from: the worker's handlers and messages, the command-line tools, autoplay and
the whole UI (which reaches the engine through the worker and imports nothing else of ``ai``;
``tests/test_layering.py`` holds every caller to it). The values are defined beside the code that
makes them and named here, so the search, its filters, the helper processes and the cube model
may be rebuilt without their callers noticing:

* settings: :class:`Level` (:data:`LEVELS`), :class:`Filters`, :class:`CubeContext` (built by
  :func:`context_for` from a game, or :func:`context_from_match` from a Match ID),
  :class:`RolloutSettings`, :class:`ConfirmSettings` (:data:`CONFIRM_MODES`: how a review's
  errors are rolled out again), the :class:`Evaluator` protocol an engine holds;
* results: :class:`RankedMove` (with :class:`Progress` while it is searched),
  :class:`CubeDecision` (:class:`Market`: its take point and market losers), :class:`Evaluation`,
  :class:`TemperatureMap` (:class:`RollCell`),
  :class:`RolloutResult`, :class:`Review` (:class:`Decision` of a :data:`DecisionKind`, :class:`PlayerStats`,
  :class:`Judgement`), :class:`Confirmation` (one decision rolled out again);
* what reads them: the take point, beaver and resignation verdicts of a cube decision, the
  review's bands and ratings, :func:`review_json`;
* :class:`Stopped`, raised by a search its caller's ``should_stop`` ended.

Importing it loads no process machinery (``multiprocessing``): the UI's pure turn flow takes its
types from here.
"""

from __future__ import annotations

from ai.analysis.bands import BAD, DOUBTFUL, VERY_BAD, severity
from ai.analysis.judgement import CONFIRM_MODES, Confirmation, ConfirmSettings, Judgement
from ai.analysis.pr import performance_rating
from ai.analysis.review import (
    CUBE_EXTRA_DEPTH,
    CUBE_KINDS,
    Decision,
    PlayerStats,
    Review,
    played_cube,
    rating,
    review_json,
)
from ai.analysis.review import DEFAULT_DEPTH as REVIEW_DEPTH
from ai.analysis.review import Kind as DecisionKind
from ai.cube.advice import ACTION_WORDS, EQUITY_LABELS, CubeAdvice
from ai.cube.decision import CubeDecision, is_beaver, take_point
from ai.cube.market import Market
from ai.cube.met import MET_LENGTH, METError
from ai.cube.model import CubeContext, F, context_for, context_from_match
from ai.cube.resign import accepts_resignation, resignation_offer
from ai.evaluation.evaluator import Evaluator, boards
from ai.filters import DEFAULT_FILTERS, SCORING_FILTERS, Filters
from ai.levels import DEFAULT_LEVEL, LEVELS, MAX_DEPTH, Level, level_by_key
from ai.position_value import Evaluation
from ai.ranking import RankedMove
from ai.rollout.settings import DEFAULT_CANDIDATES, DEFAULT_TRIALS, Z95, RolloutResult, RolloutSettings
from ai.search import Pool, Progress, Stopped
from ai.temperature import ROLL_COUNT, RollCell, TemperatureMap

__all__ = [
    "ACTION_WORDS",
    "BAD",
    "CONFIRM_MODES",
    "CUBE_EXTRA_DEPTH",
    "CUBE_KINDS",
    "DEFAULT_CANDIDATES",
    "DEFAULT_FILTERS",
    "DEFAULT_LEVEL",
    "DEFAULT_TRIALS",
    "DOUBTFUL",
    "EQUITY_LABELS",
    "LEVELS",
    "MAX_DEPTH",
    "MET_LENGTH",
    "REVIEW_DEPTH",
    "ROLL_COUNT",
    "SCORING_FILTERS",
    "VERY_BAD",
    "Z95",
    "ConfirmSettings",
    "Confirmation",
    "CubeAdvice",
    "CubeContext",
    "CubeDecision",
    "Decision",
    "DecisionKind",
    "Evaluation",
    "Evaluator",
    "F",
    "Filters",
    "Judgement",
    "Level",
    "METError",
    "Market",
    "PlayerStats",
    "Pool",
    "Progress",
    "RankedMove",
    "Review",
    "RollCell",
    "RolloutResult",
    "RolloutSettings",
    "Stopped",
    "TemperatureMap",
    "accepts_resignation",
    "boards",
    "context_for",
    "context_from_match",
    "default_helpers",
    "default_jobs",
    "is_beaver",
    "level_by_key",
    "performance_rating",
    "played_cube",
    "rating",
    "resignation_offer",
    "review_json",
    "severity",
    "take_point",
]


def default_helpers() -> int:
    """The helper processes the game's searches get by default (:func:`ai.parallel.default_helpers`;
    imported when asked, so that importing this module starts no process machinery)."""
    from ai.parallel import default_helpers as helpers

    return helpers()


def default_jobs() -> int:
    """The processes a rollout plays its trials in by default: every core this process may use
    (:func:`ai.rollout.pool.default_jobs`, imported when asked)."""
    from ai.rollout.pool import default_jobs as jobs

    return jobs()
