"""The rollout dialog, shared by every screen that offers a Rollout button (the game's hint
panel, the review, the analysis of a set-up position).

First the settings (trials, truncation, cubeful, candidates, depth inside, seed), then the live
results as they come: each candidate's win / gammon / backgammon chances, its equity (or EMG)
with its standard error and 95% interval, the trials done, a progress bar and the time left, the
best marked once it is clear. The rollout runs in a worker of the dialog's own
(:meth:`Context.new_worker`, a process that starts one job per core, each a little below the
window's priority), so the window stays smooth and the game's own worker is never disturbed;
Stop or closing the dialog closes that worker, and its jobs with it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from types import MappingProxyType

import pygame

from ai.engine_types import CubeContext, RolloutResult
from ai.worker.messages import Failed, RolledOut, RolloutProgress, RolloutRequest
from game.rules.position import Position
from ui.model.workbench.rollout import RolloutForm, Stopwatch
from ui.scenes.base import ENTER, Choice, Context, Dialog, Worker
from ui.text import N_, _, ngettext
from ui.text.analysis import form_row, result_rows, status_line, verdict_line
from ui.widgets.controls import EasedProgress, fit_size, fit_text, progress_bar, text, wrap

SETTINGS, RUNNING, DONE = "settings", "running", "done"
"""The dialog's phases."""

ROW_H = 30
"""Height of a settings row."""


class RolloutDialog(Dialog):
    """Settings, then the rollout's live results; Stop keeps the results so far."""

    heading = N_("Rollout")
    max_size = (860, 540)
    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_TAB: 1})  # the arrows edit the settings

    def __init__(
        self,
        ctx: Context,
        position: Position,
        dice: tuple[int, int] | None,
        context: CubeContext | None,
        what: str,
        jobs: int | None = None,
    ) -> None:
        self.position = position
        """The position, side on roll's view."""
        self.dice = dice
        """The roll whose moves are rolled out (None: the cube decision before the roll)."""
        self.context = context
        """The cube and score of the side on roll (None: money)."""
        self.what = what
        """The decision in words, shown at the top."""
        self.jobs = jobs
        """Processes (None: every core)."""
        self.form = RolloutForm(checker=dice is not None)
        """The settings as edited."""
        self.row = 0
        """The settings row the arrows change."""
        self.phase = SETTINGS
        self.worker: Worker | None = None
        """The dialog's own worker, while the rollout runs."""
        self.spare: Worker | None = ctx.new_worker()
        """A worker started with the dialog, so that Start finds it ready (its process takes a
        second to start); the rollout takes it."""
        self.request: int | None = None
        self.result: RolloutResult | None = None
        """The latest results (so far, or final)."""
        self.failure = ""
        self.watch: Stopwatch | None = None
        """The time shown: running from Start, standing still once the rollout stops."""
        self.progress = EasedProgress()
        self.on_close: Callable[[], None] | None = None
        """Called once the dialog has closed (tests watch it)."""
        super().__init__(ctx)

    # --- the buttons -------------------------------------------------------------------------

    def choices(self) -> list[Choice]:
        """Start / Cancel, then Stop, then Again / Close."""
        if self.phase == SETTINGS:
            return [
                Choice("start", _("Start"), ENTER, _("Enter"), self.start, True),
                Choice("cancel", _("Cancel"), (pygame.K_ESCAPE,), _("Esc"), self.close),
            ]
        if self.phase == RUNNING:
            return [Choice("stop", _("Stop"), (pygame.K_ESCAPE, pygame.K_s), _("Esc"), self.stop, True)]
        return [
            Choice("again", _("New rollout"), (pygame.K_a,), "A", self.again),
            Choice("close", _("Close"), (pygame.K_ESCAPE, *ENTER), _("Esc"), self.close, True),
        ]

    def _phase(self, phase: str) -> None:
        self.phase = phase
        self.focus = None
        self.on_resize()

    # --- running ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the rollout in a worker of the dialog's own."""
        self.result, self.failure = None, ""
        self.progress.reset()
        request = RolloutRequest(self.position, self.dice, self.form.settings(self.jobs), self.context)
        self.worker, self.spare = self.spare or self.ctx.new_worker(), None
        self.request = self.worker.start(request)
        self.watch = Stopwatch(self.ctx.now())
        self._phase(RUNNING)

    def stop(self) -> None:
        """Stop the rollout; the results so far stay."""
        self._finish()
        if self.result is not None and not self.result.done:
            self.result = dataclasses.replace(self.result, stopped="cancelled", in_play=0.0, ply=0)
        self._phase(DONE)

    def again(self) -> None:
        """Back to the settings, with a new seed (and a worker made ready for the next Start)."""
        self.form.change("seed", 1)
        if self.spare is None:
            self.spare = self.ctx.new_worker()
        self._phase(SETTINGS)

    def close(self) -> None:
        """Stop the rollout, if it runs, let the spare worker go, and close."""
        self._finish()
        if self.spare is not None:
            self.spare.close()
            self.spare = None
        self.ctx.pop(self)
        if self.on_close is not None:
            self.on_close()

    def _finish(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        if self.watch is not None:
            self.watch = self.watch.stop(self.ctx.now())

    def elapsed(self) -> float | None:
        """The seconds shown: the rollout's time so far, or the time it ran once stopped."""
        return None if self.watch is None else self.watch.seconds(self.ctx.now())

    def update(self, dt: float, covered: bool = False) -> None:
        """Take the worker's results as they come."""
        if self.worker is not None:
            for event in self.worker.poll():
                if event.request_id != self.request:
                    continue
                if isinstance(event, RolloutProgress):
                    self.result = event.result
                elif isinstance(event, RolledOut):
                    self.result = event.result
                    self._finish()
                    self._phase(DONE)
                elif isinstance(event, Failed):
                    self.failure = event.message
                    self._finish()
                    self._phase(DONE)
        r = self.result
        self.progress.advance(r.fraction if r is not None else 0.0, dt)

    def needs_frames(self) -> bool:
        """True while the rollout runs (its worker is polled every frame, its time shown ticks)."""
        return self.worker is not None

    # --- the settings -------------------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> None:
        """Settings: up and down choose a row, left and right change it, digits type the seed, N a
        new seed."""
        if self.phase != SETTINGS:
            return
        names = self.form.fields()
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(names)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.form.change(names[self.row], 1 if event.key == pygame.K_RIGHT else -1)
        elif event.key == pygame.K_n:
            self.form.change("seed", 1)
        elif names[self.row] == "seed":
            char = "\b" if event.key == pygame.K_BACKSPACE else getattr(event, "unicode", "")
            self.form.type_seed(char)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a settings row changes it (the seed row: a new seed)."""
        if self.phase != SETTINGS:
            return
        for i, name in enumerate(self.form.fields()):
            if self._row_rect(i).collidepoint(pos):
                self.row = i
                self.form.change(name, 1)
                return

    def _row_rect(self, i: int) -> pygame.Rect:
        area = self.body()
        row = self.px(ROW_H)
        return pygame.Rect(area.x, round(area.y + self.px(34) + i * row), area.width, round(row - self.px(4)))

    # --- drawing ------------------------------------------------------------------------------

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The decision, then the settings or the results."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        size = fit_size(fonts, [(self.what, False, area.width)], self.px(16))
        what = fit_text(fonts.get(size), self.what, area.width)
        text(surface, fonts, what, (area.x, area.y - self.px(6)), size, th.text)
        if self.phase == SETTINGS:
            self._draw_settings(surface, area)
        else:
            self._draw_results(surface, area)

    def _draw_settings(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        th, fonts, size = self.ctx.theme, self.ctx.renderer.fonts, self.px(16)
        for i, name in enumerate(self.form.fields()):
            rect = self._row_rect(i)
            label, value = form_row(self.form, name)
            if i == self.row:
                pygame.draw.rect(surface, th.accent, rect, 1, border_radius=6)
            colour = th.text if i == self.row else th.text_dim
            text(surface, fonts, label, (rect.x + 10, rect.centery), size, colour, True, "midleft")
            at = (rect.x + rect.width * 0.3, rect.centery)
            text(surface, fonts, value, at, size, colour, anchor="midleft")
        y = self._row_rect(len(self.form.fields())).y + self.px(6)
        tip = _("↑↓ choose · ←→ or a click change · Enter starts · it runs on every core, Esc stops")
        for line in wrap(fonts.get(self.px(14)), tip, area.width):
            text(surface, fonts, line, (area.x, y), self.px(14), th.text_dim)
            y += self.px(14) * 1.3

    def _draw_results(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The status and the bar, the verdict, then each candidate on two lines (its equity with
        its error and interval; both sides' chances), as large as they fit; how it was played."""
        th, fonts, px = self.ctx.theme, self.ctx.renderer.fonts, self.px
        r = self.result
        y = area.y + px(22)
        status = status_line(r, self.failure, self.elapsed())
        colour = th.warn if self.failure else th.text_dim
        for line in wrap(fonts.get(px(15)), status, area.width):
            text(surface, fonts, line, (area.x, y), px(15), colour)
            y += px(15) * 1.3
        bar = pygame.Rect(area.x, round(y + px(4)), area.width, round(px(10)))
        done = r.fraction if r is not None else 0.0
        progress_bar(surface, th, bar, self.progress.shown if self.phase == RUNNING else done)
        y = bar.bottom + px(12)
        if r is None:
            return
        for line in wrap(fonts.get(px(16), True), verdict_line(r), area.width):
            text(surface, fonts, line, (area.x, y), px(16), th.accent, True)
            y += px(16) * 1.35
        s = r.settings
        played = (
            ngettext("truncated after {count} ply", "truncated after {count} plies", s.truncate).format(
                count=s.truncate
            )
            if s.truncate
            else _("to the end")
        )
        how = ngettext(
            "{cube} · {played} · variance reduction · depth {depth} inside · {count} job",
            "{cube} · {played} · variance reduction · depth {depth} inside · {count} jobs",
            s.jobs,
        ).format(
            cube=_("cubeful") if s.cubeful else _("cubeless"), played=played, depth=s.depth, count=s.jobs
        )
        how_lines = wrap(fonts.get(px(13)), how, area.width)
        bottom = area.bottom - len(how_lines) * px(13) * 1.3
        match = self.context is not None and not self.context.is_money()
        rows = result_rows(r, match)
        cols = (0.0, 0.42, 0.7)
        heads = ("candidate", _("EMG ± se") if match else _("equity ± se"), _("95% interval"))
        cells = [(h, False, round(area.width * 0.27) - 6) for h in heads]
        for row in rows:
            firsts = ("★ " + row.label, row.equity.removeprefix("EMG "), row.interval)
            widths = (cols[1] - cols[0], cols[2] - cols[1], 1.0 - cols[2])
            cells += [(c, row.best, round(area.width * w) - 8) for c, w in zip(firsts, widths, strict=True)]
            cells.append((row.chances, False, round(area.width / 0.88)))
        size = fit_size(fonts, cells, px(15))
        room = bottom - y - size * 1.5
        while size > 9 and len(rows) * size * (1.3 + 0.88 * 1.3 + 0.3) > room:  # every candidate in view
            size -= 0.5
        for x, head in zip(cols, heads, strict=True):
            text(surface, fonts, head, (area.x + x * area.width, y), size * 0.88, th.text_dim)
        y += size * 1.5
        for row in rows:
            if y + size * 2.6 > bottom + 1:
                break
            colour = th.accent if row.best else th.text
            mark = "★ " if row.best else ""
            for x, cell in zip(
                cols, (mark + row.label, row.equity.removeprefix("EMG "), row.interval), strict=True
            ):
                text(surface, fonts, cell, (area.x + x * area.width, y), size, colour, row.best)
            y += size * 1.3
            if row.chances:
                chances = fit_text(fonts.get(size * 0.88), row.chances, area.width)
                text(surface, fonts, chances, (area.x + size, y), size * 0.88, th.text_dim)
            y += size * (0.88 * 1.3 + 0.3)
        y = bottom
        for line in how_lines:
            text(surface, fonts, line, (area.x, y), px(13), th.text_dim)
            y += px(13) * 1.3
