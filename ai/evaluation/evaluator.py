"""The evaluation interface: what every static evaluator provides, and the exact score of a finished game.

An evaluator scores positions from the side on roll's point of view, many at once: its one
method is :meth:`Evaluator.evaluate_boards`, on an (N, 50) array of boards (:func:`boards`). It
returns five probabilities per position, the gnubg convention: (win, win gammon, win backgammon,
lose gammon, lose backgammon), the gammon and backgammon figures *including* the ones above them
(win gammon counts win backgammons too). Cubeless equity follows from them (:func:`equity`).

Every evaluator class names :class:`Evaluator` as its base, so that one without
``evaluate_boards`` is refused by mypy and cannot be constructed (``tests/test_evaluator.py``
finds them all and checks). An evaluator need not know finished games: :class:`GameOver` wraps
one and answers them exactly (wildbg's evaluators are layered the same way), and everything in
``ai`` evaluates through it (:mod:`ai.evaluation.values`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from game.rules.outcome import Termination, win_kind
from game.rules.position import CHECKERS, SLOTS

Probs = npt.NDArray[np.float64]
"""An (N, 5) array of outcome probabilities."""

Boards = npt.NDArray[np.uint8]
"""An (N, 50) array of boards: the side on roll's 25 slots (points 1..24, then the bar), then the
other side's, each in its own numbering (:func:`boards`)."""

LOSER_BACK = slice(18, SLOTS)
"""A side's slots (its own numbering) that make a gammoned loser backgammoned: its points 19..24,
the winner's home board, and the bar."""


@runtime_checkable
class Evaluator(Protocol):
    """A static evaluation of positions, side on roll's view. Evaluators name this class as their
    base and implement :meth:`evaluate_boards`; :meth:`evaluate` comes with it."""

    name: str
    """A short name shown to the player (e.g. "neural net v3", "hand-made")."""

    exact_bearoff: bool = False
    """True when every position with both sides' checkers all on their home boards is answered
    exactly (the bear-off database): a rollout may end its games there."""

    @abstractmethod
    def evaluate_boards(self, b: Boards) -> Probs:
        """Five probabilities for each (N, 50) board (side on roll); finished games need not be
        right (:class:`GameOver` answers those)."""

    def evaluate(self, codes: Sequence[int]) -> Probs:
        """Five probabilities for each packed position code (side on roll), in one batch, a
        finished game exactly. Evaluators do not override it (the test of every evaluator checks)."""
        if len(codes) == 0:
            return np.zeros((0, 5))
        b = boards(codes)
        return settle_finished(b, np.asarray(self.evaluate_boards(b), dtype=np.float64))


class GameOver(Evaluator):
    """An evaluator that answers finished games exactly and asks ``inner`` for the rest.

    A game is finished when a side has no checker left: the side on roll has lost when the other
    side has none (what every result that bears off the last checker is, turned round for the
    opponent), and has won when it has none itself. The inner evaluator is handed every board
    of the batch, the finished ones too, and their rows replaced after: its batches are the ones
    its callers made, so its values are the same to the last bit whichever rows are finished.
    """

    def __init__(self, inner: Evaluator) -> None:
        # naming the protocol as a base is what evaluators do, and cheap to see; anything else is
        # looked over member by member (some 13 microseconds)
        if Evaluator not in type(inner).__mro__ and not isinstance(inner, Evaluator):
            raise TypeError(
                f"{type(inner).__name__} is not an evaluator: it has no evaluate_boards(boards) "
                "(evaluators name ai.evaluation.evaluator.Evaluator as their base)"
            )
        self.inner = inner
        """The evaluator of the games still going."""
        self.name = inner.name
        self.exact_bearoff = inner.exact_bearoff

    def evaluate_boards(self, b: Boards) -> Probs:
        """The inner evaluator's probabilities, exact where the game is over."""
        return settle_finished(b, np.asarray(self.inner.evaluate_boards(b), dtype=np.float64))


def game_over(evaluator: Evaluator) -> GameOver:
    """``evaluator`` answering finished games exactly: itself if it is a :class:`GameOver` already.
    Raises TypeError for anything that is not an :class:`Evaluator`."""
    return evaluator if isinstance(evaluator, GameOver) else GameOver(evaluator)


def settle_finished(b: Boards, probs: Probs) -> Probs:
    """``probs`` of boards ``b`` (side on roll) with each finished game's row made exact (a copy
    when any is; ``probs`` itself when none is)."""
    left = np.asarray(b.reshape(len(b), 2, SLOTS).any(axis=2), dtype=bool)  # a side has a checker
    if left.all():
        return probs
    out = np.array(probs, dtype=np.float64)
    lost = np.flatnonzero(~left[:, 1])
    won = np.flatnonzero(left[:, 1] & ~left[:, 0])
    if lost.size:
        gammon, backgammon = loss_kinds(b[lost, :SLOTS])
        out[lost] = 0.0
        out[lost, 3] = gammon
        out[lost, 4] = backgammon
    if won.size:
        gammon, backgammon = loss_kinds(b[won, SLOTS:])
        out[won] = 0.0
        out[won, 0] = 1.0
        out[won, 1] = gammon
        out[won, 2] = backgammon
    return out


def loss_kinds(loser: Boards) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For each losing side (its 25 slots, its own numbering) of a finished game: gammoned (it has
    borne no checker off), and backgammoned (gammoned with a checker still on the bar or in the
    winner's home board). The rule of :func:`game.rules.outcome.win_kind`, for arrays."""
    gammon = loser.sum(axis=1, dtype=np.int64) == CHECKERS
    return gammon, gammon & loser[:, LOSER_BACK].any(axis=1)


def won_probs(code: int) -> npt.NDArray[np.float64]:
    """The mover's exact probabilities in a result where it has borne off its last checker (``code``
    from the mover's side, not swapped; :func:`game.rules.outcome.win_kind`)."""
    kind = win_kind(code)
    gammon, backgammon = kind is not Termination.SINGLE, kind is Termination.BACKGAMMON
    return np.array([1.0, float(gammon), float(backgammon), 0.0, 0.0])


def boards(codes: Sequence[int]) -> Boards:
    """Codes as an (N, 50) uint8 array: the mover's 25 slots, then the opponent's 25."""
    raw = b"".join(c.to_bytes(2 * SLOTS, "little") for c in codes)
    return np.frombuffer(raw, dtype=np.uint8).reshape(len(codes), 2 * SLOTS)


def codes(b: Boards) -> list[int]:
    """The codes of (N, 50) boards (the inverse of :func:`boards`)."""
    data = np.ascontiguousarray(b).tobytes()
    return [int.from_bytes(data[at : at + 2 * SLOTS], "little") for at in range(0, len(data), 2 * SLOTS)]


def turned(b: Boards) -> Boards:
    """The same boards seen by the other side (a fresh array): each side's slots swapped."""
    return np.concatenate([b[:, SLOTS:], b[:, :SLOTS]], axis=1)


def equity(probs: Probs) -> npt.NDArray[np.float64]:
    """Cubeless equity (points per game) from (N, 5) probabilities."""
    p = np.asarray(probs, dtype=np.float64)
    return 2.0 * p[:, 0] - 1.0 + p[:, 1] + p[:, 2] - p[:, 3] - p[:, 4]


_FLIPPED = np.array([0, 3, 4, 1, 2])
"""The columns of five probabilities as the other side sees them (the win then turned to a loss)."""


def flip(probs: Probs) -> Probs:
    """The same probabilities seen by the other side (a fresh array)."""
    out = np.asarray(probs, dtype=np.float64)[:, _FLIPPED]
    np.subtract(1.0, out[:, 0], out=out[:, 0])
    return out
