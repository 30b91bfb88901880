"""Pick the evaluator the game plays with: the shipped neural net, or the hand-made one with a warning.

:func:`load_evaluator` never raises for a bad or missing file: it falls back to
:class:`ai.evaluation.hand.HandEvaluator` and returns a warning the UI shows the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ai.evaluation.evaluator import Evaluator

WEIGHTS_NAME = "net.npz"
"""The shipped weights, under ``assets/weights/``."""


@dataclass(frozen=True)
class LoadedEvaluator:
    """An evaluator ready to use, and what the player should be told about it."""

    evaluator: Evaluator
    """The evaluator to search with."""
    warning: str | None
    """None when the full-strength evaluator loaded; otherwise a sentence for the player."""


def weights_path() -> Path:
    """Where the shipped weights live."""
    from game.support.resources import asset_path

    return asset_path("weights", WEIGHTS_NAME)


def load_evaluator(weights: Path | None = None, *, bearoff: bool = True) -> LoadedEvaluator:
    """The neural-net evaluator (exact in home-board bear-offs), or the hand-made one and a warning.

    ``weights`` overrides the shipped file (tests use it).
    """
    from ai.evaluation.hand import HandEvaluator
    from ai.evaluation.network import NetworkError

    try:
        return LoadedEvaluator(network_evaluator(weights, bearoff=bearoff), None)
    except NetworkError as exc:
        # what it means for the player first: the panel may only have room for that
        warning = (
            "The computer is playing with its simpler hand-made evaluation, so it is weaker than usual: "
            f"the neural-network weights could not be loaded ({exc})."
        )
        return LoadedEvaluator(HandEvaluator(), warning)


def network_evaluator(weights: Path | None = None, *, bearoff: bool = True) -> Evaluator:
    """The neural-net evaluator from ``weights`` (default: the shipped file); raises
    :class:`ai.evaluation.network.NetworkError` when the file is missing or damaged.

    The bear-off database is the shipped one or one cached earlier; it is never built
    here (that takes a minute), so without one the net plays those positions itself.
    """
    from ai.evaluation.network import NeuralEvaluator, load_nets

    nets = load_nets(weights if weights is not None else weights_path())
    db = None
    if bearoff:
        from ai.evaluation.bearoff import load_or_build

        db = load_or_build(allow_build=False)
    return NeuralEvaluator(nets, db, name=net_name(nets.meta))


def net_name(meta: dict[str, object]) -> str:
    """A short name for a net from its notes: games of self-play, and positions distilled if any.

    Saved games record it, so two different nets must not share a name.
    """
    games = meta.get("trained_games")
    distilled = meta.get("distilled_positions")
    parts = [f"{games} games"] if isinstance(games, int) else []
    if isinstance(distilled, int) and distilled > 0:
        parts.append(f"{distilled} distilled")
    return f"neural net ({', '.join(parts)})" if parts else "neural net"


def default_evaluator() -> tuple[Evaluator, str | None]:
    """The shipped network (``ai.evaluation.load.load_evaluator``), or the hand-made evaluator with a
    warning when the network cannot be loaded."""
    try:
        from ai.evaluation.load import load_evaluator
    except ImportError:
        return hand_evaluator()[0], None
    try:
        loaded = load_evaluator()
    except Exception as exc:  # a broken loader must not take the AI down
        return hand_evaluator()[
            0
        ], f"could not load the neural network ({exc}); using the hand-made evaluator"
    return loaded.evaluator, loaded.warning


def hand_evaluator() -> tuple[Evaluator, str | None]:
    """The hand-made evaluator, always available."""
    from ai.evaluation.hand import HandEvaluator

    return HandEvaluator(), None
