"""What the UI and the AI worker say to each other: plain, frozen values, no process machinery.

A request (:class:`Request`, :class:`CubeRequest`, :class:`ReviewRequest`, :class:`ConfirmRequest`,
:class:`RolloutRequest`, :class:`TemperatureRequest`, :class:`EvaluateRequest`) goes to the worker
(:class:`ai.worker.transport.AIWorker`); events (:data:`Event`) come back: :class:`Progress`
(:class:`ai.engine_types.Progress`, with the request's id and the best move so far, a
:class:`ai.engine_types.RankedMove`) while it works,
or :class:`RolloutProgress` (a rollout's results so far), or :class:`TemperatureProgress` (one roll
of a temperature map), then one answer (:class:`Finished`, :class:`CubeAnswer`, :class:`Reviewed`,
:class:`DecisionConfirmed`, :class:`RolledOut`, :class:`TemperatureAnswer`, :class:`Evaluated`) or
:class:`Failed`; a review with confirming rollouts sends :class:`ReviewConfirmed` after its
:class:`Reviewed` until the last (:func:`is_last`). They are
pickled between processes, so they hold only values. This module imports no
:mod:`multiprocessing`, so the pure turn flow can take its types from here without loading the
process plumbing (a test holds it to that). Of ``ai`` they use only the engine's values
(:mod:`ai.engine_types`), as the UI does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from ai.engine_types import (
    MAX_DEPTH,
    ConfirmSettings,
    Progress,
    RankedMove,
    RolloutResult,
    RolloutSettings,
)
from game.facts.explained import CubeExplained, DecisionExplained, Explained, PlayExplained
from game.rules.cube import Resignation
from game.rules.position import Position

if TYPE_CHECKING:
    from ai.engine_types import (
        Confirmation,
        CubeContext,
        Decision,
        DecisionKind,
        Evaluation,
        PlayerStats,
        Review,
        RollCell,
        TemperatureMap,
    )

__all__ = [
    "MAX_DEPTH",
    "AnyRequest",
    "ConfirmRequest",
    "CubeAnswer",
    "CubeRequest",
    "DecisionConfirmed",
    "EvaluateRequest",
    "Evaluated",
    "Event",
    "Failed",
    "Finished",
    "Kind",
    "Progress",
    "RankedMove",
    "Request",
    "ReviewConfirmed",
    "ReviewRequest",
    "Reviewed",
    "RolledOut",
    "RolloutProgress",
    "RolloutRequest",
    "TemperatureAnswer",
    "TemperatureProgress",
    "TemperatureRequest",
    "is_last",
]

Kind = Literal["move", "hint"]


@dataclass(frozen=True, slots=True)
class Request:
    """What to search: a position and roll, how deep, and how the answer is used."""

    kind: Kind
    """``"move"``: the computer chooses its move (noise applies; a forced move is not
    searched deeply). ``"hint"``: rank the moves for the player (noise is ignored)."""

    position: Position
    """The board, seen from the side on roll."""

    dice: tuple[int, int]
    """The roll to play."""

    depth: int
    """Move decisions searched, 1..4 (depth N is GNU Backgammon's (N-1)-ply)."""

    noise: float = 0.0
    """Standard deviation of the seeded noise added to equities (beginner levels)."""

    time_limit: float | None = None
    """Seconds; when they run out the best fully searched shallower answer is returned."""

    top: int | None = None
    """Return only the best ``top`` moves (None: all of them)."""

    seed: int = 0
    """Seed of the noise: same request and seed, same answer."""

    context: CubeContext | None = None
    """The cube and score seen by the side on roll: moves are then chosen by cubeful equity at
    that score (match equity in a match, the mover's and the opponent's alike). None: cubeless
    money equity."""

    def __post_init__(self) -> None:
        if self.kind not in ("move", "hint"):
            raise ValueError(f"request kind must be 'move' or 'hint', got {self.kind!r}")
        if not isinstance(self.position, Position):
            raise ValueError("request position must be a game.rules.position.Position")
        if len(self.dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in self.dice):
            raise ValueError(f"dice must be two numbers 1..6, got {self.dice!r}")
        if not (isinstance(self.depth, int) and 1 <= self.depth <= MAX_DEPTH):
            raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {self.depth!r}")
        if self.noise < 0:
            raise ValueError(f"noise must be >= 0, got {self.noise}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError(f"time limit must be positive, got {self.time_limit}")
        if self.top is not None and self.top < 1:
            raise ValueError(f"top must be at least 1, got {self.top}")


@dataclass(frozen=True, slots=True)
class Finished:
    """The answer to a request."""

    request_id: int
    """The request this answers."""

    moves: list[RankedMove]
    """Legal moves, best first (only ``top`` of them if asked); empty when no move is
    possible and the turn passes."""

    seconds: float = 0.0
    """Time the search took."""

    explained: Explained | None = None
    """A hint's moves explained (issue 53): each listed move's facts and why, in :attr:`moves`'
    order; None for the computer's own move."""


@dataclass(frozen=True, slots=True)
class Failed:
    """A request that could not be answered."""

    request_id: int
    """The request that failed."""

    message: str
    """What went wrong, in words for the player."""


@dataclass(frozen=True, slots=True)
class CubeRequest:
    """A cube or resignation question about the side on roll, before its roll.

    Answered with a :class:`CubeAnswer`: the side on roll's chances, its cube decision
    (should it double; if it did, should the opponent take; beaver), what it would
    resign, and whether the other side accepts ``resign``.
    """

    position: Position
    """The board, seen from the side on roll (not yet rolled)."""

    context: CubeContext
    """The cube and score seen by the side on roll."""

    depth: int
    """Searched as a move decision at this depth would be (1..4)."""

    noise: float = 0.0
    """The level's checker noise; the cube noise is in proportion, and none for a match-deciding
    double (:meth:`ai.engine.Engine.level_cube_decision`, autoplay's too)."""

    seed: int = 0
    """Seed of the noise (with the position and ``role``)."""

    resign: Resignation | None = None
    """An offer to resign made by ``resigner``: the answer says whether the other side accepts."""

    resigner: int = 0
    """Who offers ``resign``: 0 the side on roll, 1 its opponent."""

    settle: bool = True
    """A clear decision may stand one depth shallower (the computer's own questions); False for
    the values a player reads (advice, the IDs dialog), always searched to ``depth`` and answered
    with their explanation (:attr:`CubeAnswer.explained`)."""

    role: int = 0
    """Whose question it is: 0 the side on roll's (does it double), 1 its opponent's (does it take
    the side on roll's double). It picks the noise drawn, and with noise the answer's ``double``
    (role 0) or ``take`` (role 1) is the one to act on."""

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise ValueError("request position must be a game.rules.position.Position")
        if not (isinstance(self.depth, int) and 1 <= self.depth <= MAX_DEPTH):
            raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {self.depth!r}")
        if self.noise < 0:
            raise ValueError(f"noise must be >= 0, got {self.noise}")
        if self.resigner not in (0, 1):
            raise ValueError(f"resigner must be 0 or 1, got {self.resigner!r}")
        if self.role not in (0, 1):
            raise ValueError(f"role must be 0 or 1, got {self.role!r}")


@dataclass(frozen=True, slots=True)
class CubeAnswer:
    """The answer to a :class:`CubeRequest`, from the side on roll's view."""

    request_id: int
    """The request this answers."""

    probs: tuple[float, float, float, float, float]
    """The side on roll's chances: win, win gammon, win backgammon, lose gammon, lose backgammon."""

    nd: float
    """No double (normalised cubeful equity)."""

    dt: float
    """Double, take."""

    dp: float
    """Double, pass."""

    double: bool
    """The side on roll doubles now (at its level, noise included)."""

    take: bool
    """The opponent takes a double (at its level)."""

    beaver: bool = False
    """The opponent, having taken, beavers (money, beavers on: its side of DT is positive)."""

    offer: Resignation | None = None
    """What the side on roll would resign now (no chance left), or None."""

    accepts: bool = False
    """The side that did not offer ``resign`` accepts it."""

    take_point: float = 0.0
    """The opponent's least chance to win at which taking is as good as passing (same gammon shares)."""

    seconds: float = 0.0
    """Time the search took."""

    explained: CubeExplained | None = None
    """The decision's facts and reasons (issue 53), for a question a player reads
    (``CubeRequest.settle`` False); None for the computer's own."""

    def take_right(self) -> bool:
        """Without noise: taking loses no more than passing (DT <= DP from the doubler's side)."""
        return self.dt <= self.dp


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """Judge every decision of a match record (:func:`ai.analysis.review.review`).

    Progress comes as :class:`Progress` events (``done`` and ``total`` count turns, ``best`` is
    None), the answer as :class:`Reviewed`; a record that cannot be read or replayed is a
    :class:`Failed` event whose message names the game, row and cell."""

    data: bytes
    """The ``.mat`` file's bytes (any format :mod:`game.records.mat` reads)."""

    depth: int
    """Checker plays and cube actions searched at this depth, 1..4."""

    confirm: ConfirmSettings | None = None
    """Then judge again by rollouts every decision the review would report
    (:meth:`ai.engine.Engine.confirm_review`): :class:`Reviewed` comes with the search's verdicts
    and the count to confirm, then a :class:`ReviewConfirmed` as each rollout ends. None: the
    search alone."""

    processes: int = 0
    """Processes the rollouts run in (0: one a core; 1: the worker's own)."""

    def __post_init__(self) -> None:
        if not (isinstance(self.depth, int) and 1 <= self.depth <= MAX_DEPTH):
            raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {self.depth!r}")
        if not (isinstance(self.processes, int) and self.processes >= 0):
            raise ValueError(f"processes must be 0 (one a core) or more, got {self.processes!r}")


@dataclass(frozen=True, slots=True)
class Reviewed:
    """The answer to a :class:`ReviewRequest`."""

    request_id: int
    """The request this answers."""

    review: Review
    """The judged match."""

    seconds: float = 0.0
    """Time the review took."""

    explained: tuple[DecisionExplained | None, ...] = ()
    """What explains each of ``review.decisions``, in their order (issue 53; None: nothing to
    compare, a forced move)."""


@dataclass(frozen=True, slots=True)
class ReviewConfirmed:
    """The decisions one rollout of a review's second pass judged again (:class:`ReviewRequest`
    with ``confirm``), sent as each ends; the last has :attr:`checked` equal to :attr:`to_check`."""

    request_id: int
    """The request this answers."""

    changed: tuple[tuple[int, Decision, DecisionExplained | None], ...]
    """Each decision judged again: its index in the review's decisions, the decision with the
    rollout's verdict, and what explains it (None: nothing to compare)."""

    stats: tuple[PlayerStats, PlayerStats]
    """Both players' totals counted again with the new verdicts."""

    checked: int
    """Decisions judged again so far."""

    to_check: int
    """Decisions to judge again in all."""

    seconds: float = 0.0
    """Time since the review began."""

    @property
    def confirming(self) -> bool:
        """More rollouts are to come."""
        return self.checked < self.to_check

    def applied(self, review: Review) -> Review:
        """``review`` (the last :class:`Reviewed` or :meth:`applied`) with these verdicts."""
        decisions = list(review.decisions)
        for i, decision, _explained in self.changed:
            decisions[i] = decision
        return replace(
            review, decisions=tuple(decisions), stats=self.stats, checked=self.checked, to_check=self.to_check
        )


@dataclass(frozen=True, slots=True)
class ConfirmRequest:
    """Judge one decision again by a rollout (:meth:`ai.engine.Engine.confirm_decision`: the tutor's
    catch), answered by :class:`DecisionConfirmed`."""

    position: Position
    """The board before the decision, seen from the side on roll (the doubler's for the cube)."""

    context: CubeContext
    """The cube and score seen by that side."""

    kind: DecisionKind
    """A checker play, or the cube action taken (a beaver is judged as a take)."""

    settings: ConfirmSettings
    """The rollout's budget, truncation and seed."""

    moves: tuple[tuple[str, int, float], ...] = ()
    """A checker play's candidates, the played move first: notation, the position after it (the
    mover's view) and the search's equity."""

    depth: int = 0
    """The depth of the search that judged it first."""

    search_error: float = 0.0
    """The search's error."""

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise TypeError(f"position must be a Position, got {type(self.position).__name__}")
        if self.kind == "move" and len(self.moves) < 2:
            raise ValueError("a checker play is confirmed against at least one other move")


@dataclass(frozen=True, slots=True)
class DecisionConfirmed:
    """The answer to a :class:`ConfirmRequest`."""

    request_id: int
    """The request this answers."""

    confirmation: Confirmation | None
    """The rollout's verdict; None where it cannot tell (no trial, a double the cube does not allow)."""

    seconds: float = 0.0
    """Time it took."""


@dataclass(frozen=True, slots=True)
class RolloutRequest:
    """Roll a decision out (:meth:`ai.engine.Engine.rollout`): the best moves of ``dice``, or with
    ``dice`` None the cube decision of the side on roll.

    Answered by :class:`RolloutProgress` events after each round of 36 trials (the results so
    far) and while a round is played (how far it has got), then :class:`RolledOut`; cancelling it
    (starting another request, or :meth:`ai.worker.transport.AIWorker.cancel`) stops its processes
    within a ply."""

    position: Position
    """The board, seen from the side on roll."""

    dice: tuple[int, int] | None
    """The roll whose moves are rolled out; None: the cube decision before the roll."""

    settings: RolloutSettings
    """Trials, truncation, cubeful, candidates, depth inside, seed, jobs."""

    context: CubeContext | None = None
    """The cube and score seen by the side on roll (None: money, centred cube)."""

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise ValueError("request position must be a game.rules.position.Position")
        if self.dice is not None and (
            len(self.dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in self.dice)
        ):
            raise ValueError(f"dice must be two numbers 1..6 or None, got {self.dice!r}")


@dataclass(frozen=True, slots=True)
class RolloutProgress:
    """A rollout's results so far (after each round of trials, and while a round is played)."""

    request_id: int
    """The request it is about."""

    result: RolloutResult
    """The candidates' values, errors and trials so far, the time spent and left."""


@dataclass(frozen=True, slots=True)
class RolledOut:
    """The answer to a :class:`RolloutRequest`."""

    request_id: int
    """The request this answers."""

    result: RolloutResult
    """The finished rollout (``result.stopped`` says if it stopped early because the best was clear)."""


def _check_before_roll(position: object, depth: object) -> None:
    if not isinstance(position, Position):
        raise ValueError("request position must be a game.rules.position.Position")
    if not (isinstance(depth, int) and 1 <= depth <= MAX_DEPTH):
        raise ValueError(f"depth must be 1..{MAX_DEPTH}, got {depth!r}")


@dataclass(frozen=True, slots=True)
class TemperatureRequest:
    """The temperature map of a position before its roll (:meth:`ai.engine.Engine.temperature_map`):
    every roll's best move as the hint ranks it. Answered by a :class:`TemperatureProgress` event
    after each of the 21 rolls, then :class:`TemperatureAnswer`; cancelling stops it within a search."""

    position: Position
    """The board, seen from the side on roll (not yet rolled)."""

    depth: int
    """Each roll's moves searched at this depth, 1..4."""

    context: CubeContext | None = None
    """The cube and score seen by the side on roll (None: cubeless money)."""

    def __post_init__(self) -> None:
        _check_before_roll(self.position, self.depth)


@dataclass(frozen=True, slots=True)
class TemperatureProgress:
    """One more roll of a temperature map."""

    request_id: int
    """The request it is about."""

    cell: RollCell
    """The roll, its best move and its value."""

    done: int
    """Rolls done so far (of 21)."""

    total: int = 21
    """Rolls in all."""

    explained: PlayExplained | None = None
    """The roll's best move against its runner-up: what it achieves (issue 53; None: one legal
    move, or none)."""


@dataclass(frozen=True, slots=True)
class TemperatureAnswer:
    """The answer to a :class:`TemperatureRequest`."""

    request_id: int
    """The request this answers."""

    map: TemperatureMap
    """Every roll's best move and the average."""

    seconds: float = 0.0
    """Time it took."""


@dataclass(frozen=True, slots=True)
class EvaluateRequest:
    """Evaluate a position before its roll (:meth:`ai.engine.Engine.evaluate`): both sides' chances,
    cubeless and cubeful equity. Answered by :class:`Evaluated`."""

    position: Position
    """The board, seen from the side on roll (not yet rolled)."""

    depth: int
    """Searched as the cube hint searches at this depth, 1..4."""

    context: CubeContext | None = None
    """The cube and score seen by the side on roll (None: money, cube centred)."""

    def __post_init__(self) -> None:
        _check_before_roll(self.position, self.depth)


@dataclass(frozen=True, slots=True)
class Evaluated:
    """The answer to an :class:`EvaluateRequest`."""

    request_id: int
    """The request this answers."""

    evaluation: Evaluation
    """The chances and equities."""

    seconds: float = 0.0
    """Time it took."""


AnyRequest = (
    Request
    | CubeRequest
    | ReviewRequest
    | ConfirmRequest
    | RolloutRequest
    | TemperatureRequest
    | EvaluateRequest
)
"""Every kind of request the worker answers."""


Event = (
    Progress[RankedMove]
    | RolloutProgress
    | TemperatureProgress
    | Finished
    | Failed
    | CubeAnswer
    | Reviewed
    | ReviewConfirmed
    | DecisionConfirmed
    | RolledOut
    | TemperatureAnswer
    | Evaluated
)


def is_last(event: Event) -> bool:
    """True when ``event`` is its request's last: an answer or a failure, not progress, and not a
    review whose confirming rollouts are still to come."""
    if isinstance(event, Progress | RolloutProgress | TemperatureProgress):
        return False
    if isinstance(event, Reviewed):
        return not event.review.confirming()
    if isinstance(event, ReviewConfirmed):
        return not event.confirming
    return True
