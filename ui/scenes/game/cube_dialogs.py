"""Dialogs of the cube and of resignations: take or pass, resign, the computer's offer to resign."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ai.worker.messages import CubeAnswer
from game.rules.cube import CubeAction, Resignation
from ui.flow.said import COMPUTER, YOU, Side
from ui.scenes.base import Choice, Context, Dialog
from ui.scenes.why import WhyDialog, cube_explanation
from ui.text import _
from ui.text.cube import (
    offered_to,
    resign_choice,
    resign_costs,
    resign_offer_title,
    resign_question,
    resign_title,
    take_question,
    take_title,
)
from ui.text.explain import CubeSide
from ui.text.flow import take_advice
from ui.widgets.controls import text, wrap


class _Lines(Dialog):
    """A dialog whose body is a few centred lines of text."""

    def __init__(self, ctx: Context, lines: list[str]) -> None:
        self.lines = lines
        """The body, line by line (the first one stands out)."""
        super().__init__(ctx)

    def closing(self, then: Callable[[], None]) -> Callable[[], None]:
        """A choice's action: close the dialog, then ``then``."""

        def run() -> None:
            self.ctx.pop(self)
            then()

        return run

    def parts(self, width: int) -> list[tuple[str, float, bool]]:
        """The lines wrapped to ``width`` pixels: (text, size, is the first line's)."""
        fonts, out = self.ctx.renderer.fonts, []
        for i, line in enumerate(self.lines):
            size = self.px(18 if i == 0 else 16)
            out += [(part, size, i == 0) for part in wrap(fonts.get(size, i == 0), line, width)]
        return out

    def body_height(self, width: int) -> int:
        """Every line, wrapped."""
        return round(sum(size + self.px(8) for _, size, _ in self.parts(width)) + self.px(8))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The lines, wrapped to the box."""
        th = self.ctx.theme
        y = float(area.y)
        for part, size, first in self.parts(area.width):
            colour = th.text if first else th.accent
            text(surface, self.ctx.renderer.fonts, part, (area.centerx, y), size, colour, first, "midtop")
            y += size + self.px(8)


class TakePassDialog(_Lines):
    """A double put to a person (by the computer, or with two players by the other person): take (T),
    pass (P), or beaver (B) when allowed; with the hint's advice. The title names who doubles and who
    answers."""

    max_size = (600, 300)

    def __init__(
        self,
        ctx: Context,
        value: int,
        advice: CubeAnswer | None,
        on_choice: Callable[[CubeAction], None],
        beaver: bool = False,
        doubler: Side = COMPUTER,
        taker: Side = YOU,
    ) -> None:
        self.title = take_title(doubler, taker)
        self.value = value
        """The cube offered."""
        self.on_choice = on_choice
        """Called with the answer: take, pass or beaver."""
        self.beaver = beaver
        """Offer a beaver too."""
        self.advice = advice
        """The hint's answer (from the doubler's side), when the player asked for advice."""
        first = take_question(taker, value)
        super().__init__(ctx, [first] + ([take_advice(advice)] if advice is not None else []))

    def _pick(self, what: CubeAction) -> Callable[[], None]:
        return self.closing(lambda: self.on_choice(what))

    def choices(self) -> list[Choice]:
        """Take (T, and Enter: the ring), pass (P), beaver (B)."""
        out = [
            Choice("take", _("Take"), (pygame.K_t,), "T", self._pick(CubeAction.TAKE), True),
            Choice("pass", _("Pass"), (pygame.K_p,), "P", self._pick(CubeAction.PASS)),
        ]
        if self.beaver:
            out.append(Choice("beaver", _("Beaver"), (pygame.K_b,), "B", self._pick(CubeAction.BEAVER)))
        if self.advice is not None and self.advice.explained is not None:
            out.append(Choice("why", _("Why"), (pygame.K_w,), "W", self.why))
        return out

    def why(self) -> None:
        """Why to take or pass: the chances, the gammons, the take point at this score (over this
        dialog: closing it comes back here)."""
        said = None if self.advice is None else self.advice.explained
        if said is not None:
            entry = cube_explanation(said, CubeSide.TAKER)
            # TRANSLATORS: the title of the dialog that says why to take or pass a double
            self.ctx.push(WhyDialog(self.ctx, _("Why to take or pass"), [entry]))


class ResignDialog(_Lines):
    """The human offers to resign a single game, a gammon or a backgammon (the arrows move the ring,
    Enter offers: the digits are the hints' keys on this screen), or not (Esc, Enter at first)."""

    max_size = (640, 260)

    def __init__(
        self,
        ctx: Context,
        points: Callable[[Resignation], int],
        on_offer: Callable[[Resignation], None],
        resigner: Side = YOU,
        taker: Side = COMPUTER,
    ) -> None:
        self.title = resign_title(resigner)
        self.points = points
        """What each offer would cost."""
        self.on_offer = on_offer
        """Called with the offer chosen."""
        super().__init__(ctx, [resign_question(taker), resign_costs(points)])

    def _offer(self, r: Resignation) -> Callable[[], None]:
        return self.closing(lambda: self.on_offer(r))

    def choices(self) -> list[Choice]:
        """Single, gammon, backgammon (← → and Enter), keep playing (Esc; ringed at first)."""
        out = [
            Choice(r.name.lower(), resign_choice(r), (), _("← → Enter"), self._offer(r)) for r in Resignation
        ]
        out.append(Choice("no", _("Play on"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self), True))
        return out


class ResignOfferDialog(_Lines):
    """A resignation offered to a person (by the computer, or the other person): accept (A, Enter) or
    decline (Esc)."""

    def __init__(
        self,
        ctx: Context,
        offer: Resignation,
        points: int,
        on_answer: Callable[[bool], None],
        resigner: Side = COMPUTER,
        taker: Side = YOU,
    ) -> None:
        self.title = resign_offer_title(resigner, taker)
        self.offer = offer
        """What it offers."""
        self.on_answer = on_answer
        """Called with True (accept) or False (decline)."""
        super().__init__(ctx, [offered_to(resigner, taker, offer, points), _("Accept, or play on for more?")])

    def _answer(self, yes: bool) -> Callable[[], None]:
        return self.closing(lambda: self.on_answer(yes))

    def choices(self) -> list[Choice]:
        """Accept (A, and Enter: the ring) or decline (Esc)."""
        return [
            Choice("accept", _("Accept"), (pygame.K_a,), _("A / Enter"), self._answer(True), True),
            Choice("decline", _("Play on"), (pygame.K_ESCAPE,), _("Esc"), self._answer(False)),
        ]
