"""The scene protocol: what the game loop calls on each screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen or overlay. The loop sends it events, advances it, and draws it.

    ``draw`` only reads the scene's state: everything that changes does so in
    ``handle_event`` or ``update``.
    """

    overlay = False
    """True when the scene is drawn on top of the one below (dialogs, help)."""

    def __init__(self, app: App) -> None:
        self.app = app
        """The application (window, settings, worker, sounds)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (called every frame, also when covered by an overlay)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; changes nothing."""

    def on_resize(self) -> None:
        """The window size changed (the app's layout is already new)."""
