"""The tutor's warning: what was played, what is better, what it loses; take it back or play it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.cube import CubeAction
from ui.flow.events import Intent, TutorPlayIt, TutorTakeBack
from ui.flow.said import COMPUTER, Side
from ui.model.tutor import Checked, Verdict
from ui.scenes.base import Choice, Context, Dialog
from ui.scenes.why import WhyDialog, decision_explanation
from ui.text import _
from ui.text.explain import brief_why
from ui.text.tutor import better, detail, loses, tutor_title, why_heading
from ui.widgets.controls import text, wrap


class TutorDialog(Dialog):
    """Take back (Enter, Esc: the board and dice as before the decision) or play it (Y); why the
    better choice is better, in two sentences, and all of it (W: the reasons dialog)."""

    max_size = (680, 250)

    def __init__(
        self,
        ctx: Context,
        verdict: Verdict,
        kind: Checked,
        dispatch: Callable[[Intent], None],
        taker: Side = COMPUTER,
    ) -> None:
        self.verdict = verdict
        """The tutor's finding."""
        self.taker = taker
        """Who would answer a double (the better cube action names them)."""
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
            Choice(
                "back", _("Take back"), back, _("Enter / Esc"), self._answer(TutorTakeBack()), primary=True
            ),
            Choice("play", _("Play it"), (pygame.K_y,), "Y", self._answer(TutorPlayIt())),
            *([Choice("why", _("Why"), (pygame.K_w,), "W", self.why)] if self.verdict.explained else []),
        ]

    def _kind(self) -> CubeAction | None:
        return self.verdict.kind if isinstance(self.verdict.kind, CubeAction) else None

    def why(self) -> None:
        """All the reasons, the facts side by side (over this warning: closing it comes back here)."""
        said = self.verdict.explained
        if said is not None:
            entry = decision_explanation(said, self._kind())
            # TRANSLATORS: the title of the dialog that says why the tutor's better choice is better
            # than the one made
            title = _("Why this is better")
            if self.verdict.confirmed and self.verdict.judged is not None:
                # TRANSLATORS: the same, when a rollout confirmed the error: the reasons' numbers are
                # the search's
                title = _("Why this is better, by the search at depth {depth}").format(
                    depth=self.verdict.judged.depth
                )
            self.ctx.push(WhyDialog(self.ctx, title, [entry]))

    def lines(self) -> list[tuple[str, int, bool]]:
        """The body: (text, size, bold); the reasons under a heading when a rollout confirmed the
        error (their numbers are the search's)."""
        v = self.verdict
        reasons = [] if v.explained is None else brief_why(v.explained, self._kind())
        heading = why_heading(v) if reasons else ""
        return [
            (loses(v), 19, True),
            (_("Better: {best}").format(best=better(v, self.taker)), 18, False),
            (detail(v), 15, False),
            *([(heading, 15, True)] if heading else []),
            *((line, 15, False) for line in reasons),
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
            colour = (th.text, th.accent, th.text_dim)[min(i, 2)] if i < 3 else th.text
            text(surface, fonts, part, (area.centerx, y), size, colour, bold, "midtop")
            y += size + self.px(8)
