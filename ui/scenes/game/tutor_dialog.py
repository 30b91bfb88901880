"""The tutor's warning: what was played, what is better, what it loses; take it back or play it."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

import pygame

from game.rules.cube import CubeAction
from ui.flow.events import Intent, TutorPlayIt, TutorTakeBack
from ui.model.tutor import Checked, CheckerPlay, Verdict
from ui.scenes.base import Choice, Context, Dialog
from ui.widgets.controls import text, wrap


def tutor_title(kind: Checked) -> str:
    """The dialog's title for a decision."""
    match kind:
        case CheckerPlay.MOVE:
            return "Tutor: check this move"
        case CubeAction.DOUBLE:
            return "Tutor: check this double"
        case CubeAction.NO_DOUBLE:
            return "Tutor: a double was right"
        case CubeAction.TAKE:
            return "Tutor: check this take"
        case CubeAction.BEAVER:
            return "Tutor: check this beaver"
        case CubeAction.PASS:
            return "Tutor: check this pass"
        case _:
            assert_never(kind)


class TutorDialog(Dialog):
    """Take back (Enter, Esc: the board and dice as before the decision) or play it (Y)."""

    max_size = (640, 250)

    def __init__(
        self, ctx: Context, verdict: Verdict, kind: Checked, dispatch: Callable[[Intent], None]
    ) -> None:
        self.verdict = verdict
        """The tutor's finding."""
        self.title = tutor_title(kind)
        self.dispatch = dispatch
        """Hands the answer to the flow."""
        super().__init__(ctx)

    def _answer(self, intent: Intent) -> Callable[[], None]:
        def run() -> None:
            self.ctx.pop(self)
            self.dispatch(intent)

        return run

    def choices(self) -> list[Choice]:
        """Take back (the ringed default: Enter, Esc, Backspace) or play it (Y: a key that means
        nothing else in the game, so no habit plays an error)."""
        back = (pygame.K_BACKSPACE, pygame.K_ESCAPE)
        return [
            Choice("back", "Take back", back, "Enter / Esc", self._answer(TutorTakeBack()), primary=True),
            Choice("play", "Play it", (pygame.K_y,), "Y", self._answer(TutorPlayIt())),
        ]

    def lines(self) -> list[tuple[str, int, bool]]:
        """The body: (text, size, bold)."""
        v = self.verdict
        return [
            (f"{v.played} loses {v.loss:.3f} — a {v.severity()} error.", 19, True),
            (f"Better: {v.best}", 18, False),
            (v.detail, 15, False),
        ]

    def parts(self, width: int) -> list[tuple[str, float, bool, int]]:
        """The lines wrapped to ``width`` pixels: (text, size, bold, which line)."""
        fonts, out = self.ctx.renderer.fonts, []
        for i, (line, size, bold) in enumerate(self.lines()):
            at = self.px(size)
            out += [(part, at, bold, i) for part in wrap(fonts.get(at, bold), line, width)]
        return out

    def body_height(self, width: int) -> int:
        """The three lines, wrapped."""
        return round(sum(size + self.px(8) for _, size, _, _ in self.parts(width)) + self.px(8))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The three lines, wrapped to the box."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        y = float(area.y)
        for part, size, bold, i in self.parts(area.width):
            colour = (th.text, th.accent, th.text_dim)[i]
            text(surface, fonts, part, (area.centerx, y), size, colour, bold, "midtop")
            y += size + self.px(8)
