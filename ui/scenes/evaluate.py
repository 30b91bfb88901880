"""The Evaluate dialog, shared by every screen that offers it (the game before the roll, the review, a
set-up position): a position before its roll at a chosen depth, both sides' chances to win, win a
gammon and win a backgammon, the cubeless equity and the cubeful equity (in a match EMG and the
match winning chance).

The depth is chosen with 1-4 or the left and right arrows (each change searches again); Esc closes.
The search runs in a worker of the dialog's own (:meth:`Context.new_worker`), closed with the dialog.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from ai.engine_types import CubeContext, Evaluation
from ai.worker.messages import MAX_DEPTH, Evaluated, EvaluateRequest, Failed
from game.rules.position import Position
from ui.scenes.base import ENTER, Choice, Context, WorkerDialog
from ui.scenes.temperature import DEPTH_KEYS
from ui.text import N_, _
from ui.text.analysis import evaluation_lines, evaluation_rows
from ui.widgets.controls import fit_size, fit_text, mix, text


class EvaluateDialog(WorkerDialog):
    """A position's chances and equities at a depth the player chooses."""

    heading = N_("Evaluate")
    max_size = (640, 440)
    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_TAB: 1})  # the arrows change the depth

    def __init__(
        self, ctx: Context, position: Position, context: CubeContext | None, what: str, depth: int
    ) -> None:
        self.position = position
        """The position, side on roll's view, before its roll."""
        self.context = context
        """The cube and score of the side on roll (None: money, cube centred)."""
        self.what = what
        """Whose position it is, in words."""
        self.depth = max(1, min(MAX_DEPTH, depth))
        """The depth searched."""
        self.result: Evaluation | None = None
        self.failure = ""
        super().__init__(ctx)
        self.start()

    def choices(self) -> list[Choice]:
        """Shallower, deeper, close."""
        return [
            Choice("shallower", _("Depth −"), (pygame.K_LEFT, pygame.K_MINUS), "←", self.shallower),
            Choice(
                "deeper",
                _("Depth +"),
                (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS),
                "→",
                self.deeper,
            ),
            Choice("close", _("Close"), (pygame.K_ESCAPE, *ENTER), _("Esc"), self.dismiss, True),
        ]

    def shallower(self) -> None:
        """One depth less."""
        self.choose_depth(-1)

    def deeper(self) -> None:
        """One depth more."""
        self.choose_depth(1)

    def choose_depth(self, step: int) -> None:
        """One depth shallower or deeper (1..4), searched again."""
        depth = max(1, min(MAX_DEPTH, self.depth + step))
        if depth != self.depth:
            self.depth = depth
            self.start()

    def start(self) -> None:
        """Evaluate at :attr:`depth` in the dialog's worker (a search running stops)."""
        self.result, self.failure = None, ""
        self.ask(EvaluateRequest(self.position, self.depth, self.context))

    def update(self, dt: float, covered: bool = False) -> None:
        """Take the answer."""
        for event in self.answers():
            if isinstance(event, Evaluated):
                self.result = event.evaluation
            elif isinstance(event, Failed):
                self.failure = event.message

    def needs_frames(self) -> bool:
        """True while the search runs."""
        return self.worker is not None and self.result is None and not self.failure

    def on_key(self, event: pygame.event.Event) -> None:
        """1-4 choose the depth."""
        depth = DEPTH_KEYS.get(event.key)
        if depth is not None and depth != self.depth:
            self.depth = depth
            self.start()

    def depth_rect(self, depth: int) -> pygame.Rect:
        """The chip that chooses ``depth``."""
        area = self.body()
        return pygame.Rect(area.x + (depth - 1) * 52, area.y + 18, 44, 26)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a depth chooses it."""
        for d in range(1, MAX_DEPTH + 1):
            if self.depth_rect(d).collidepoint(pos) and d != self.depth:
                self.depth = d
                self.start()

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The position in words, the depth, the chances table, the equities."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        what = fit_size(fonts, [(self.what, False, area.width)], 15)
        text(
            surface,
            fonts,
            fit_text(fonts.get(what), self.what, area.width),
            (area.x, area.y - 8),
            what,
            th.text_dim,
        )
        y = area.y + 18
        for d in range(1, MAX_DEPTH + 1):
            rect = self.depth_rect(d)
            on = d == self.depth
            fill = th.accent if on else mix(th.panel, th.text, 0.12)
            pygame.draw.rect(surface, fill, rect, border_radius=5)
            text(surface, fonts, str(d), rect.center, 15, th.panel if on else th.text, True, "center")
        at = (self.depth_rect(MAX_DEPTH).right + 12, y + 13)
        text(surface, fonts, _("depth (1-4, ← →, or a click)"), at, 14, th.text_dim, anchor="midleft")
        y += 44
        if self.failure:
            text(
                surface,
                fonts,
                _("The AI could not answer: {failure}").format(failure=self.failure),
                (area.x, y),
                15,
                th.warn,
            )
            return
        if self.result is None:
            text(
                surface,
                fonts,
                _("Searching at depth {depth}…").format(depth=self.depth),
                (area.x, y),
                16,
                th.text_dim,
            )
            return
        cols = (0.0, 0.3, 0.5, 0.72)
        for x_, head in zip(cols, ("", "win", "gammon", "backgammon"), strict=True):
            text(surface, fonts, head, (area.x + x_ * area.width, y), 14, th.text_dim)
        y += 22
        for row in evaluation_rows(self.result):
            for i, (x_, cell) in enumerate(zip(cols, row, strict=True)):
                text(surface, fonts, cell, (area.x + x_ * area.width, y), 17, th.text, i == 0)
            y += 26
        y += 10
        for i, line in enumerate(evaluation_lines(self.result)):
            size = fit_size(fonts, [(line, i == 1, area.width)], 16 if i < 2 else 14)  # shrunk, not cut
            shown = fit_text(fonts.get(size, i == 1), line, area.width)
            text(surface, fonts, shown, (area.x, y), size, th.text if i < 2 else th.text_dim, i == 1)
            y += 24
