"""One frame of a game board drawn off-screen, without a window (the selftest and the docs' picture)."""

from __future__ import annotations

import pygame

from ui.app.app import App
from ui.app.window import DEFAULT_SIZE
from ui.model.snapshot import NullStore, snapshot_session
from ui.scenes.game.scene import GameScene
from ui.text import _


def render_snapshot(size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """One frame of a game board drawn off-screen (no window needed)."""
    surface = pygame.Surface(size)
    app = App(size, surface=surface, store=NullStore())
    game = GameScene(app, snapshot_session())
    app.stack.replace(game)
    game.update(0.0)
    b = game.flow.builder
    if b is not None and b.sources():
        game.input.selected = max(b.sources())
    app.notify(_("Your turn: pick a checker; its legal destinations light up."))
    app.draw(surface)
    return surface
