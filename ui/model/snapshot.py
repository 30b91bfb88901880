"""A game a few turns in and a store that keeps nothing: for frames drawn off-screen (selftest, docs)."""

from __future__ import annotations

import random

from ai.engine_types import DEFAULT_LEVEL, level_by_key
from game.rules.move import legal_moves
from ui.model.seats import CheckerColour
from ui.model.session import HUMAN, FirstMove, GameConfig, GameSession
from ui.model.storage import Notice, Settings, Store


def snapshot_session() -> GameSession:
    """A game a few turns in, with the human to move: for the off-screen frame."""
    level = level_by_key(DEFAULT_LEVEL)
    config = GameConfig(level.key, level.depth, level.noise, 3, FirstMove.YOU, CheckerColour.LIGHT)
    s = GameSession(config, seed="snapshot")
    s.begin()
    rng = random.Random(5)
    for _ in range(6):
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(rng.choice(moves) if moves else None)
        s.roll()
    while s.turn != HUMAN:
        moves = legal_moves(s.state.position, s.state.dice or (1, 2))
        s.play(rng.choice(moves) if moves else None)
        s.roll()
    return s


class NullStore(Store):
    """A store that reads nothing and writes nothing (for off-screen frames)."""

    def __init__(self) -> None:
        self.folder = None  # saving off, silently: nothing here is the player's
        self.problem = None

    def load_settings(self) -> tuple[Settings, Notice | None]:
        return Settings(), None

    def save_settings(self, settings: Settings) -> None:
        pass

    def save_game(self, data: object) -> None:
        pass

    def clear_game(self) -> None:
        pass
