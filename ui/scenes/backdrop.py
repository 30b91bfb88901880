"""The board behind the first dialogs: the saved game's position, or the start."""

from __future__ import annotations

import pygame

from game.rules.position import Position
from ui.model.session import GameSession
from ui.scenes.base import Context, Scene
from ui.text import _
from ui.widgets.controls import text
from ui.widgets.render import BoardView


class Backdrop(Scene):
    """The board behind the first dialogs: the saved game's position, or the start."""

    def __init__(self, ctx: Context, session: GameSession | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        """The saved game being offered, if any."""

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the empty panel and the title."""
        ctx = self.ctx
        if self.session is not None:
            human, ai = self.session.sides()
            view = BoardView(human, ai, self.session.config.colour)
        else:
            start = Position.start()
            view = BoardView(start.mine, start.theirs, ctx.settings.colour)
        lay, th = ctx.layout, ctx.theme
        ctx.renderer.draw(surface, lay, th, view)
        pygame.draw.rect(surface, th.panel, lay.top)
        pygame.draw.rect(surface, th.panel, lay.panel)
        pos = (lay.top.x + 16, lay.top.centery)
        text(
            surface, ctx.renderer.fonts, _("Backgammon"), pos, lay.top.height * 0.45, th.text, True, "midleft"
        )
