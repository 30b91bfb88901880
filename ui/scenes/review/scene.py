"""The coach's review: a match record judged in a worker of its own, then its statistics, its errors,
a graph of the match and every decision on the board.

The scene covers the whole window (modal: a game underneath waits, its clock stopped) and
starts its own :class:`ai.worker.transport.AIWorker` for the review, closed when the scene closes, so
the game's worker and its search are never disturbed. Its commands are one table,
:data:`REVIEW_ACTIONS`: key, button and help line come from it.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pygame

from ai.engine_types import (
    BAD,
    CONFIRM_MODES,
    ConfirmSettings,
    CubeContext,
    Decision,
    Review,
    context_for,
    context_from_match,
)
from ai.worker.messages import Failed, Progress, ReviewConfirmed, Reviewed, ReviewRequest
from game.facts.explained import DecisionExplained
from game.records.matchid import MatchInfo, from_match_id
from game.rules.cube import CubeAction
from game.rules.position import Position
from ui.model import drills, player_stats
from ui.model.display import HomeSide
from ui.model.review_steps import ReviewPath, Stop, sides
from ui.model.workbench.exports import PositionExport
from ui.scenes.action_table import Action, Key, buttons_in_rows, first_action
from ui.scenes.base import Command, Context, Scene, Worker
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.export import Exported, ExportKind, export_position
from ui.scenes.review.panels import (
    board_caption,
    confirm_status,
    decision_moves,
    decision_rows,
    error_row,
    notes_sentences,
    notes_told,
    possessive,
    stats_rows,
    top_line,
)
from ui.scenes.rollout import RolloutDialog
from ui.scenes.temperature import TemperatureDialog
from ui.scenes.why import decision_explanation, drill_reasons
from ui.text import N_, _, language
from ui.text import drills as drill_words
from ui.text.errors import file_error
from ui.text.explain import searched_note
from ui.widgets.controls import (
    Button,
    EasedProgress,
    draw_button,
    fit_size,
    fit_text,
    label_size,
    mouse_pos,
    panel,
    progress_bar,
    text,
    wrap,
)
from ui.widgets.layout import Layout
from ui.widgets.move_list import BAR_W, draw_moves, first_for, scroll_bar
from ui.widgets.render import BoardView
from ui.widgets.review_view import (
    Graph,
    ListView,
    draw_grid,
    draw_lines,
    draw_table,
    line_step,
    table_height,
)
from ui.widgets.scoreboard import cube_shown, draw_cube
from ui.widgets.why_view import Line, last_first, sentence_lines, why_lines
from ui.widgets.why_view import draw_lines as draw_why

MAX_REVIEW_DEPTH = 3
"""The deepest review the window runs (the hint depth setting, capped: depth 4 takes minutes)."""

GRID_SIZE = 14
"""The font size of the players' table and of the decision's rows (in the default window)."""

LEFT_SHARE = (0.55, 0.62)
"""The board's and the graph's share of the window's width (the right column has the rest): the
first in a window 800 pixels wide or less, growing to the second at 1300."""
DETAIL_SHARE = 0.62
"""The decision's share of the right column's height under the players' table (the errors have
the rest, at least :data:`ERROR_ROWS` rows)."""
STATS_ROWS = 9
"""The players' table's rows (its heading and eight figures)."""
ERROR_ROWS = 3
"""The errors the list keeps room for at the least (it scrolls)."""
ONE_LINE_ERRORS = 400
"""The least width (in the default window) at which an error's row is one line (else two)."""
ERROR_SIZE = 13
"""The size (in the default window) of an error's row."""
TALL_ERROR_ROW = 40
"""The height (in the default window) of an error's row while some row takes two lines."""
LEAST_TITLE = 13
"""The least size of the review's title on one line with how its verdicts are judged (else two lines)."""
LEAST_LABEL = 13
"""The least size of the buttons' labels in one row (else the buttons take two rows)."""
LEAST_BUTTON = 62
"""The least width (in the default window) of a button in one row (else the buttons take two
rows): narrower, a label and its key under it meet."""


def _k(*codes: int) -> tuple[Key, ...]:
    return tuple(Key(c) for c in codes)


def _ready(s: ReviewScene) -> bool:
    return s.path is not None


REVIEW_ACTIONS: tuple[Action[ReviewScene], ...] = (
    Action(
        "prev",
        N_("◀ Previous"),
        _k(pygame.K_LEFT),
        "←",
        N_("previous decision"),
        _ready,
        lambda s: s.step(-1),
        True,
    ),
    Action("next", N_("Next ▶"), _k(pygame.K_RIGHT), "→", N_("next"), _ready, lambda s: s.step(1), True),
    Action(
        "up",
        N_("Error ▲"),
        _k(pygame.K_UP),
        "↑",
        N_("larger error"),
        _ready,
        lambda s: s.pick_error(-1),
        True,
    ),
    Action(
        "down",
        N_("Error ▼"),
        _k(pygame.K_DOWN),
        "↓",
        N_("smaller error"),
        _ready,
        lambda s: s.pick_error(1),
        True,
    ),
    Action(
        "first",
        N_("First"),
        _k(pygame.K_HOME),
        N_("Home"),
        N_("first decision"),
        _ready,
        lambda s: s.go(0),
        True,
    ),
    Action("last", N_("Last"), _k(pygame.K_END), N_("End"), N_("last"), _ready, lambda s: s.go(-1), True),
    Action(
        "rollout",
        N_("Rollout"),
        _k(pygame.K_o),
        "O",
        "",  # the buttons from here on say what they do: the help line keeps to what they do not
        lambda s: s.rollout_target() is not None,
        lambda s: s.rollout(),
        True,
    ),
    Action(
        "picture",
        N_("Picture"),
        _k(pygame.K_p),
        "P",
        "",
        lambda s: s.current() is not None,
        lambda s: s.export(ExportKind.PICTURE),
        True,
    ),
    Action(
        "text",
        N_("Diagram"),
        _k(pygame.K_t),
        "T",
        "",
        lambda s: s.current() is not None,
        lambda s: s.export(ExportKind.TEXT),
        True,
    ),
    Action(
        "temperature",
        N_("Map"),
        (Key(pygame.K_t, ctrl=True),),
        N_("Ctrl+T"),
        "",
        lambda s: s.before_roll() is not None,
        lambda s: s.open_analysis(evaluate=False),
        True,
    ),
    Action(
        "evaluate",
        N_("Evaluate"),
        _k(pygame.K_v),
        "V",
        "",
        lambda s: s.before_roll() is not None,
        lambda s: s.open_analysis(evaluate=True),
        True,
    ),
    Action(
        "edit",
        N_("Edit"),
        _k(pygame.K_e),
        "E",
        "",
        lambda s: s.shown_position() is not None,
        lambda s: s.ctx.run(Command.EDITOR),
        True,
    ),
    Action(
        "why",
        N_("Why"),
        _k(pygame.K_w),
        "W",
        "",
        lambda s: s.reasons() is not None,
        lambda s: s.toggle_why(),
        True,
    ),
    Action(
        "notes",
        N_("Notes"),
        _k(pygame.K_n),
        "N",
        "",
        lambda s: s.path is not None and bool(s.path.review.match.notes),
        lambda s: s.toggle_notes(),
        True,
    ),
    Action(
        "close",
        N_("Close"),
        _k(pygame.K_ESCAPE),
        N_("Esc"),
        N_("close (stops the analysis)"),
        lambda s: True,
        lambda s: s.close_scene(),
        True,
    ),
)
"""The review screen's commands, in priority order."""


HELP_SIZE = 13
"""The font size of the line of keys under the buttons."""


def keys_line() -> str:
    """The line under the buttons: the keys whose buttons do not say it all, and the clicks."""
    keys = " · ".join(f"{a.keys_words()} {a.help_words()}" for a in REVIEW_ACTIONS if a.help)
    return _("{keys} · click an error or the graph to go there").format(keys=keys)


def review_depth(hint_depth: int) -> int:
    """The depth a review in the window runs at: the hint depth setting, at most :data:`MAX_REVIEW_DEPTH`."""
    return max(1, min(MAX_REVIEW_DEPTH, hint_depth))


def review_confirm(mode: str) -> ConfirmSettings | None:
    """How a review in the window confirms its verdicts: the ``review_mode`` setting's rollouts
    (None: the search alone; an unknown name is the default)."""
    return CONFIRM_MODES.get(mode, CONFIRM_MODES["default"])


def _key(d: Decision) -> tuple[int, int, str]:
    """A decision's place in the match, the same before and after a rollout judges it again."""
    return d.game, d.turn, str(d.kind)


class ReviewScene(Scene):
    """Analyses a record (progress bar, Esc cancels), then shows the review."""

    modal = True
    opaque = True

    def __init__(self, ctx: Context, data: bytes, name: str, source: Path | None = None) -> None:
        super().__init__(ctx)
        self.name = name
        """What is reviewed, in words (the file's name)."""
        self.source = source
        """The file, when the record came from one."""
        self.depth = review_depth(ctx.settings.hint_depth)
        """The search depth of the review."""
        self.confirm = review_confirm(ctx.settings.review_mode)
        """How the verdicts are confirmed by rollouts (None: the search alone)."""
        self.worker: Worker | None = ctx.new_worker()
        """The review's own worker, until the last answer comes (the last rollout's)."""
        self.request = self.worker.start(ReviewRequest(data, self.depth, self.confirm))
        self.kept = False
        """The review's errors were kept as drill cards and it was counted in the statistics."""
        self.done, self.total = 0, 0
        self.progress = EasedProgress()
        """The bar as drawn."""
        self.failed = ""
        """Why the record could not be reviewed, if it could not."""
        self.path: ReviewPath | None = None
        """The judged match, once the worker answers."""
        self.stop = 0
        """The stop shown on the board."""
        self.error: int | None = None
        """The selected row of the error list."""
        self.explained: dict[int, DecisionExplained] = {}
        """What explains each judged decision (by the decision's identity), from the worker."""
        self.said: list[DecisionExplained | None] = []
        """What explains each judged decision, in the review's order (None: nothing to compare)."""
        self.why_shown = False
        """The decision's box shows why the best is better (W) instead of its moves."""
        self.why_first = 0
        """The first line of the reasons in view."""
        self.notes_shown = False
        """The decision's box shows the record's notes (N) instead of its moves."""
        self.notes_first = 0
        """The first line of the notes in view."""
        self._notes_cache: tuple[tuple[object, ...], list[tuple[Line, int | None]]] | None = None
        """The notes as last laid out, with what they were laid out for."""
        self.told = ""
        """What the help line tells in place of the keys until the next key or click (that the
        record has notes)."""
        self.buttons: list[Button] = []
        self.exported: Exported | None = None
        """The last export, told in the help line until the next key or click."""
        self.on_resize()

    # --- geometry ----------------------------------------------------------------------------------

    def on_resize(self) -> None:
        """Header; board and graph left; statistics, the decision and the errors right; the buttons
        in one row, or two where one would shrink their labels; the line of keys, wrapped."""
        w, h = self.ctx.layout.size
        px, fonts = self.ctx.layout.px, self.ctx.renderer.fonts
        self.header = pygame.Rect(0, 0, w, max(30, round(px(40))))
        self.grid_size = px(GRID_SIZE)
        bh, gap = max(34, round(px(46))), 8
        actions = [a for a in REVIEW_ACTIONS if a.button]
        per_row = len(actions)
        for per_row in (len(actions), -(-len(actions) // 2)):
            each = (w - gap * (per_row + 1)) // per_row
            trial = [
                Button(a.name, a.words(), pygame.Rect(0, 0, each, bh), shortcut=a.keys_words())
                for a in actions
            ]
            if label_size(fonts, trial) >= px(LEAST_LABEL) and each >= px(LEAST_BUTTON):
                break
        self.help_lines = wrap(fonts.get(px(HELP_SIZE)), keys_line(), w - 24)
        help_h = round(len(self.help_lines) * px(HELP_SIZE) * 1.35 + 6)
        self.help_rect = pygame.Rect(0, h - help_h, w, help_h)
        rows = -(-len(actions) // per_row)
        top = self.help_rect.y - rows * (bh + 6)
        self.buttons = buttons_in_rows(actions, per_row, w, top, bh)
        body = pygame.Rect(0, self.header.bottom, w, top - self.header.bottom - 6)
        lw = round(
            w * (LEFT_SHARE[0] + (LEFT_SHARE[1] - LEFT_SHARE[0]) * max(0.0, min(1.0, (w - 800) / 500)))
        )
        self.board_rect = pygame.Rect(0, body.y, lw, round(body.height * 0.66))
        self.board_layout = Layout.compute(self.board_rect.size, self.ctx.settings.home is HomeSide.LEFT)
        self.graph_rect = pygame.Rect(
            8, self.board_rect.bottom + 6, lw - 16, body.bottom - self.board_rect.bottom - 6
        )
        right = pygame.Rect(lw + 10, body.y + 8, w - lw - 18, body.height - 8)
        self.stats_rect = pygame.Rect(right.x, right.y, right.width, self._stats_height(right.width))
        line = px(21) if right.width >= px(ONE_LINE_ERRORS) else px(36)  # tall rows hold two lines
        self.tall_errors = self._errors_too_wide(right.width)
        if self.tall_errors:  # a long name, an interval: every row two lines high
            line = max(line, px(TALL_ERROR_ROW))
        rest = right.bottom - self.stats_rect.bottom - round(px(8))
        errors_h = max(round(ERROR_ROWS * line + px(26)), round(rest * (1 - DETAIL_SHARE)))
        self.detail_rect = pygame.Rect(
            right.x, self.stats_rect.bottom + round(px(8)), right.width, rest - errors_h
        )
        list_top = self.detail_rect.bottom + round(px(26))
        self.errors = ListView(
            pygame.Rect(right.x, list_top, right.width, right.bottom - list_top),
            line,
            size=px(ERROR_SIZE),
        )
        self.detail_first = 0

    def _errors_too_wide(self, width: int) -> bool:
        """True when an error's row is too wide for one line of the list, ``width`` wide."""
        if self.path is None:
            return False
        font, th = self.ctx.renderer.fonts.get(self.ctx.layout.px(ERROR_SIZE)), self.ctx.theme
        room = width - ListView.MARGIN
        return any(font.size(error_row(self.path.review, d, th)[0])[0] > room for d in self.path.errors)

    def _stats_height(self, width: int) -> int:
        """The players' table's height: a line more for each name or word too long for one."""
        if self.path is None:
            return round(STATS_ROWS * self.grid_size * 1.4 + 2)
        return table_height(self.ctx.renderer.fonts, stats_rows(self.path.review), width, self.grid_size)

    def detail_heading(self) -> list[str]:
        """The heading over the decision's moves, wrapped to its width."""
        stop = self.current()
        if self.path is None or stop is None:
            return []
        words = decision_rows(self.path, stop, self.ctx.theme)[0][0][0]
        return wrap(self.ctx.renderer.fonts.get(self.grid_size, True), words, self.detail_rect.width)

    def detail_box(self) -> pygame.Rect:
        """Where the decision's moves are listed: under its heading."""
        head = round(len(self.detail_heading()) * self.grid_size * 1.35 + self.grid_size * 0.3)
        return pygame.Rect(
            self.detail_rect.x,
            self.detail_rect.y + head,
            self.detail_rect.width,
            self.detail_rect.height - head,
        )

    # --- the worker --------------------------------------------------------------------------------

    def update(self, dt: float, covered: bool = False) -> None:
        """Take the worker's progress and answer."""
        if self.worker is None:
            return
        for event in self.worker.poll():
            if isinstance(event, Progress):
                self.done, self.total = event.done, event.total
            elif isinstance(event, Reviewed):
                missing = len(event.review.decisions) - len(event.explained)
                self.said = [*event.explained, *([None] * missing)]
                self._show(event.review)
                self.go(0)
                shows = next(a for a in REVIEW_ACTIONS if a.name == "notes")
                self.told = notes_told(event.review.match.notes, shows.words(), shows.keys_words())
                if not event.review.confirming():
                    self._finish()
            elif isinstance(event, ReviewConfirmed) and self.path is not None:
                for i, _decision, said in event.changed:
                    self.said[i] = said
                self._show(event.applied(self.path.review))
                if not event.confirming:
                    self._finish()
            elif isinstance(event, Failed):
                self._finish()
                self.failed = event.message
        self.progress.advance(self.done / self.total if self.total else 0.0, dt)

    def _show(self, rev: Review) -> None:
        """Show ``rev``'s verdicts, in place of the last: the stop on the board stays, the error
        list follows it."""
        self.explained = {id(d): e for d, e in zip(rev.decisions, self.said, strict=False) if e is not None}
        picked = None if self.path is None or self.error is None else _key(self.path.errors[self.error])
        first = self.detail_first
        self.path = ReviewPath(rev)
        if (
            self._stats_height(self.stats_rect.width) != self.stats_rect.height
            or self._errors_too_wide(self.errors.rect.width) != self.tall_errors
        ):
            self.on_resize()  # long names or words: more lines in the players' table, error rows two high
        if not self.path.stops:
            return
        self.go(min(self.stop, len(self.path.stops) - 1))
        self.detail_first = first
        again = next((i for i, d in enumerate(self.path.errors) if _key(d) == picked), None)
        if again is not None:
            self.error = again
            self.errors.show(again, len(self.path.errors))

    def needs_frames(self) -> bool:
        """True until the review's worker answers its last (it is polled every frame)."""
        return self.worker is not None

    def confirming(self) -> bool:
        """The verdicts are shown and rollouts are still confirming them."""
        return self.worker is not None and self.path is not None

    def _finish(self) -> None:
        """Close the worker; a review shown is then kept: its errors as cards, its count in the
        statistics (the verdicts confirmed so far, when closed before its rollouts end)."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        if self.path is not None and not self.kept:
            self.kept = True
            self._on_review_done(self.path.review)

    def _on_review_done(self, rev: Review) -> None:
        """Count a review of one of the player's own matches in the player's statistics, and keep the
        player's errors as drill cards (theirs in their own matches, and those of a player named as
        they go by in any record)."""
        folder = self.ctx.store.matches_folder
        own = (
            self.source is not None
            and folder is not None
            and self.source.parent.resolve() == folder.resolve()
        )
        self._keep_drills(rev, own)
        if self.source is None or folder is None or not own:
            return
        assert self.ctx.store.folder is not None
        folder, name = self.ctx.store.folder, self.source.name
        rates = (rev.stats[0].error_rate(), rev.stats[1].error_rate())
        players = rev.match.record.players
        games = len(rev.match.record.games)  # the games reviewed: the match so far, or all of it

        def count() -> str:
            try:
                player_stats.record_review(folder, name, rates, (players[0], players[1]), games)
            except OSError as exc:
                return _("The review could not be added to your statistics ({error}).").format(
                    error=file_error(exc),
                )
            return ""

        self.ctx.run_file_job(count, lambda why: self.ctx.notify(why, warn=True) if why else None)

    def _keep_drills(self, rev: Review, own: bool) -> None:
        """Keep the player's errors as drill cards (a file job), quietly: the status line is the
        review's own (an export's path); the start screen counts the cards due."""
        settings, folder, name, now = self.ctx.settings, self.ctx.store.folder, self.name, time.time()
        names, least = settings.drill_names, settings.drill_min_error

        def told(kept: tuple[int, drills.Told]) -> None:
            said = kept[1]
            if said.damage is not None:
                self.ctx.alert(drill_words.damaged(said.damage))
            if said.problem:
                self.ctx.alert(drill_words.unusable(said.problem))

        why = drill_reasons(rev.decisions, [self.explained.get(id(d)) for d in rev.decisions])  # words here
        self.ctx.run_file_job(
            lambda: drills.keep_review(folder, rev, name, own, names, least, now, why), told
        )

    def close(self) -> None:
        """Stop the analysis and its worker."""
        self._finish()

    def close_scene(self) -> None:
        """Back to what was under the review."""
        self.close()
        self.ctx.pop(self)

    # --- moving about ------------------------------------------------------------------------------

    def go(self, index: int) -> None:
        """Show stop ``index`` (negative: from the end); the error list follows."""
        if self.path is None or not self.path.stops:
            return
        self.stop = index % len(self.path.stops)
        self.detail_first = 0
        here = self.path.decisions(self.path.stops[self.stop])
        worst = max((d for d in here if d.error > 0), key=lambda d: d.error, default=None)
        self.error = None if worst is None else self.path.errors.index(worst)
        self.errors.show(self.error, len(self.path.errors))

    def step(self, delta: int) -> None:
        """The previous or next stop."""
        if self.path is not None and self.path.stops:
            self.go(max(0, min(len(self.path.stops) - 1, self.stop + delta)))

    def pick_error(self, delta: int) -> None:
        """Select the error ``delta`` rows up or down the list and show it."""
        if self.path is None or not self.path.errors:
            return
        n = len(self.path.errors)
        i = 0 if self.error is None else max(0, min(n - 1, self.error + delta))
        self.show_error(i)

    def show_error(self, i: int) -> None:
        """Select error ``i`` and show its position."""
        assert self.path is not None
        self.stop = self.path.stop_of(self.path.errors[i])
        self.detail_first = 0
        self.error = i
        self.errors.show(i, len(self.path.errors))

    def rollout_target(self) -> tuple[Position, tuple[int, int] | None, CubeContext, str] | None:
        """The decision shown, to roll out: its position, roll (None: the cube), cube context, in words."""
        stop = self.current()
        if stop is None or self.path is None:
            return None
        found = self.path.decisions(stop)
        if not found or (not stop.cube and found[0].dice is None):
            return None
        d = found[0]
        ctx = context_from_match(from_match_id(d.match_id))
        who = self.path.review.match.record.players[d.player]
        if stop.cube:
            what = _("Game {game}: {who}'s cube decision").format(game=d.game, who=who)
            return Position.from_id(d.position_id), None, ctx, what
        assert d.dice is not None
        what = _("Game {game}: {who}'s roll {roll}, the best moves by the search").format(
            game=d.game, who=who, roll=f"{d.dice[0]}-{d.dice[1]}"
        )
        return Position.from_id(d.position_id), d.dice, ctx, what

    def rollout(self) -> None:
        """Open the rollout of the decision shown."""
        target = self.rollout_target()
        if target is not None:
            position, dice, ctx, what = target
            self.ctx.push(RolloutDialog(self.ctx, position, dice, ctx, what))

    def export_target(self) -> PositionExport | None:
        """The position on the board, to export: the left column's player at the bottom, as shown."""
        stop = self.current()
        if stop is None or self.path is None:
            return None
        code, info = self.path.position_at(stop)
        players = self.path.review.match.record.players
        return PositionExport(code, info, bottom=0, names=(players[0], players[1]))

    def export(self, kind: ExportKind) -> None:
        """Export the position on the board: a picture, or the text diagram (also copied)."""
        target = self.export_target()
        if target is not None:
            self.exported = export_position(self.ctx, target, kind)

    def before_roll(self) -> tuple[Position, CubeContext, str] | None:
        """The position shown before its roll, the cube and score of the player on roll, in words."""
        stop = self.current()
        if stop is None or self.path is None:
            return None
        turn, game, rev = self.path.turn(stop), self.path.game(stop), self.path.review
        length = rev.match.record.length
        cube = self.path.cube_shown(stop)
        jacoby = rev.match.is_jacoby()
        ctx = context_for(
            cube,
            turn.player,
            length,
            game.score,
            crawford=game.crawford,
            post_crawford=game.post_crawford,
            jacoby=jacoby,
        )
        who = rev.match.record.players[turn.player]
        what = _("Game {number}: {whose} position before the roll").format(
            number=game.number,
            whose=possessive(who),
        )
        return Position(turn.code), ctx, what

    def open_analysis(self, evaluate: bool) -> None:
        """The temperature map, or Evaluate, of the position shown before its roll."""
        if (found := self.before_roll()) is not None:
            if evaluate:
                self.ctx.push(EvaluateDialog(self.ctx, *found, self.depth))
                return
            mine = self.ctx.settings.colour  # the left column's, as on the review's board
            stop = self.current()
            if stop is not None and self.path is not None and self.path.turn(stop).player == 1:
                mine = mine.other
            self.ctx.push(TemperatureDialog(self.ctx, *found, self.depth, colour=mine))

    def shown_position(self) -> tuple[int, MatchInfo] | None:
        """The board shown (seen from its player on roll) with its cube, score and dice: what the
        position editor opens at."""
        stop = self.current()
        if stop is None or self.path is None:
            return None
        turn, game = self.path.turn(stop), self.path.game(stop)
        dice = turn.dice if turn.dice is not None and not stop.cube else (0, 0)
        length = self.path.review.match.record.length
        info = MatchInfo(self.path.cube_shown(stop), turn.player, length, game.score, dice, game.crawford)
        return turn.code, info

    # --- why (issue 53) -----------------------------------------------------------------------------

    def reasons(self) -> tuple[Decision, DecisionExplained] | None:
        """The decision shown and what explains it: the selected error when it is at this stop, else
        the stop's first decision with an explanation (None: nothing to compare, a forced move)."""
        stop = self.current()
        if stop is None or self.path is None:
            return None
        here = self.path.decisions(stop)
        picked = None if self.error is None else self.path.errors[self.error]
        order = ([picked] if picked is not None and any(d is picked for d in here) else []) + list(here)
        for d in order:
            said = self.explained.get(id(d))
            if said is not None:
                return d, said
        return None

    def toggle_why(self) -> None:
        """Show why the best is better in place of the decision's moves, or the moves again."""
        self.why_shown = not self.why_shown
        self.why_first = 0
        self.notes_shown = False

    def toggle_notes(self) -> None:
        """Show the record's notes in place of the decision's moves, or the moves again."""
        self.notes_shown = not self.notes_shown
        self.notes_first = 0
        self.why_shown = False

    def notes_lines(self) -> list[Line]:
        """The record's notes' lines in the decision's box, while they are shown (else none): those
        on the turn shown in the accent colour."""
        return [line for line, _ in self._notes_laid()]

    def _notes_laid(self) -> list[tuple[Line, int | None]]:
        """The notes' lines, each with the index of the note it words (None: the heading's); laid
        out again only when the turn, the box, the theme or the language changes (a record may
        have hundreds)."""
        if not self.notes_shown or self.path is None:
            return []
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        width = self.detail_rect.width - 2 * BAR_W
        key = (id(self.path), self.stop, width, self.grid_size, th, language())
        if self._notes_cache is not None and self._notes_cache[0] == key:
            return self._notes_cache[1]
        out: list[tuple[Line, int | None]] = []
        for i, (words, here) in enumerate(notes_sentences(self.path, self.current())):
            lines = sentence_lines(fonts, th, width, self.grid_size, [words], first_bold=i == 0)
            colour = th.accent if here or i == 0 else th.text
            owner = i - 1 if i else None
            out += [
                (replace(ln, cells=tuple(replace(c, colour=colour) for c in ln.cells)), owner) for ln in lines
            ]
        self._notes_cache = (key, out)
        return out

    def note_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the note listed at ``pos`` while the notes are shown (None: none there)."""
        if not self.detail_rect.collidepoint(pos):
            return None
        y = self.detail_rect.y
        for line, owner in self._notes_laid()[self.notes_first :]:
            if y <= pos[1] < y + line.height:
                return owner
            y += line.height
        return None

    def go_to_note(self, index: int) -> None:
        """Show the turn the record's note ``index`` is about (its game's first stop, for a note on
        the whole game); the notes stay listed."""
        assert self.path is not None
        stop = self.path.stop_of_note(self.path.review.match.notes[index])
        if stop is not None:
            self.go(stop)

    def scroll_notes(self, delta: int) -> None:
        """Scroll the notes by ``delta`` lines."""
        lines = self.notes_lines()
        self.notes_first = max(0, min(self.notes_first + delta, last_first(lines, self.detail_rect.height)))

    def why_lines(self) -> list[Line]:
        """The reasons' lines in the decision's box, while they are shown (else none)."""
        found = self.reasons() if self.why_shown else None
        if found is None:
            return []
        d, said = found
        entry = decision_explanation(said, None if d.kind == "move" else CubeAction(d.kind))
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        width = self.detail_rect.width - 2 * BAR_W
        note = searched_note(d)  # a rollout's error above, the search's numbers below
        sentences = (note, *entry.sentences) if note else entry.sentences
        return why_lines(fonts, th, width, self.grid_size, sentences, entry.rows, entry.heads)

    def scroll_why(self, delta: int) -> None:
        """Scroll the reasons by ``delta`` lines."""
        lines = self.why_lines()
        self.why_first = max(0, min(self.why_first + delta, last_first(lines, self.detail_rect.height)))

    def current(self) -> Stop | None:
        """The stop on the board."""
        return self.path.stops[self.stop] if self.path is not None and self.path.stops else None

    def graph(self) -> Graph:
        """The graph's values, games, error marks and the point of the stop shown."""
        assert self.path is not None
        rev = self.path.review
        points = rev.graph
        starts: list[tuple[int, str]] = []
        for i, p in enumerate(points):
            if i == 0 or points[i - 1].game != p.game:
                starts.append((i, f"G{p.game}"))
        index = {(p.game, p.turn): i for i, p in enumerate(points)}
        marks = [
            index[(d.game, d.turn)] for d in rev.decisions if d.error >= BAD and (d.game, d.turn) in index
        ]
        stop = self.current()
        picked = None if stop is None else self.path.graph_index(stop)
        turns = {g.number: g.turns for g in rev.match.games}
        rows = [turns[p.game][p.turn].row if p.turn < len(turns[p.game]) else 0 for p in points]
        values = [p.value for p in points]
        money = rev.match.record.length == 0
        return Graph(values, starts, money, marks, picked, rows, self.ctx.layout.scale, self._graph_title())

    # --- input -------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys from the table; clicks on buttons, the error list and the graph; the wheel scrolls."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.exported = None
            self.told = ""
        if event.type == pygame.KEYDOWN:
            action = first_action(REVIEW_ACTIONS, event, self)
            if action is not None:
                action.run(self)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.path is not None:
            pointer = mouse_pos()
            stop = self.current()
            if self.detail_rect.collidepoint(pointer) and self.notes_lines():
                self.scroll_notes(-event.y)
                return
            if self.detail_rect.collidepoint(pointer) and self.why_lines():
                self.scroll_why(-event.y)
                return
            if self.detail_rect.collidepoint(pointer) and stop is not None:
                rows, _ = decision_moves(self.path, stop, self.ctx.theme)
                fonts = self.ctx.renderer.fonts
                self.detail_first = first_for(
                    fonts, self.detail_box(), rows, self.detail_first - event.y, self.grid_size
                )
                return
            self.errors.scroll(-event.y, len(self.path.errors))

    def _click(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                action = next(a for a in REVIEW_ACTIONS if a.name == b.key)
                if action.enabled(self):
                    action.run(self)
                return
        if self.path is None:
            return
        noted = self.note_at(pos)
        if noted is not None:
            self.go_to_note(noted)
            return
        row = self.errors.row_at(pos, len(self.path.errors))
        if row is not None:
            self.show_error(row)
            return
        point = self.graph().pick(self.graph_rect, self.ctx.renderer.fonts, pos)
        if point is not None:
            p = self.path.review.graph[point]
            stop = self.path.stop_at(p.game, p.turn)
            if stop is not None:
                self.go(stop)

    # --- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Everything: over the whole window."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        surface.fill(th.background)
        pygame.draw.rect(surface, th.panel, self.header)
        self._draw_header(surface)
        if self.path is None:
            self._draw_waiting(surface)
        else:
            self._draw_review(surface)
        mouse = mouse_pos()
        labels = label_size(fonts, self.buttons)
        for b in self.buttons:
            b.enabled = next(a for a in REVIEW_ACTIONS if a.name == b.key).enabled(self)
            draw_button(surface, fonts, th, b, mouse, labels)
        size = self.ctx.layout.px(HELP_SIZE)
        lines, colour = self.help_lines, th.text_dim
        if self.exported is not None:  # where the export went, in place of the keys
            lines = wrap(fonts.get(size), self.exported.message, self.help_rect.width - 24)
            colour = th.warn if self.exported.warn else th.accent
        elif self.told:
            lines, colour = wrap(fonts.get(size), self.told, self.help_rect.width - 24), th.accent
        y = self.help_rect.y + 3.0
        for line in lines:
            text(surface, fonts, line, (12, y), size, colour)
            y += size * 1.35

    def _draw_header(self, surface: pygame.Surface) -> None:
        """The title (who played what, the score, the depth, the file) and, once the review is
        shown, how its verdicts are judged at the right (the rollouts' progress and its bar while
        they run): on one line where both fit at a readable size, else on two."""
        th, fonts, head = self.ctx.theme, self.ctx.renderer.fonts, self.header
        title = _("Review · {name} · depth {depth}").format(name=self.name, depth=self.depth)
        if self.path is None:
            self._line(surface, title, 12, head.centery, head.width - 24, head.height * 0.45, th.text, True)
            return
        match = top_line(self.path.review)
        title = _("Review · {match} · {name}").format(match=match, name=self.name)
        rev, confirming = self.path.review, self.confirming()
        said = confirm_status(rev, confirming)
        colour = th.accent if confirming else th.text_dim
        size = round(head.height * 0.38)
        width = fonts.get(size).size(said)[0]
        least = self.ctx.layout.px(LEAST_TITLE)
        right, h, full = head.right - 12, head.height, head.width - 24
        if fonts.get(least, True).size(title)[0] > full:  # the file's name goes before anything is cut
            title = _("Review · {match}").format(match=match)
        if fonts.get(least, True).size(title)[0] + width + 40 <= head.width:  # one line
            self._line(surface, said, right, head.centery, width, size, colour, anchor="midright")
            self._line(surface, title, 12, head.centery, head.width - width - 40, h * 0.45, th.text, True)
            bar = pygame.Rect(right - width, head.bottom - 6, width, 4)
        else:  # two lines: the title above, the verdicts under it at the right
            self._line(surface, title, 12, head.y + h * 0.3, full, h * 0.36, th.text, True)
            at = head.y + h * 0.74
            width = self._line(surface, said, right, at, full, h * 0.3, colour, anchor="midright")
            bar = pygame.Rect(right - width, head.bottom - 2, width, 2)
        if confirming and rev.to_check:
            progress_bar(surface, th, bar, rev.checked / rev.to_check)

    def _line(
        self,
        surface: pygame.Surface,
        words: str,
        x: int,
        y: float,
        room: int,
        size: float,
        colour: tuple[int, int, int],
        bold: bool = False,
        anchor: str = "midleft",
    ) -> int:
        """One line of the header at (``x``, ``y``), shrunk to fit ``room`` (cut only past the
        least size: a file's name may be long); its width."""
        fonts = self.ctx.renderer.fonts
        size = fit_size(fonts, [(words, bold, room)], size)
        words = fit_text(fonts.get(size, bold), words, room)
        return text(surface, fonts, words, (x, y), size, colour, bold, anchor).width

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, min(w - 40, 640), 190)
        box.center = (w // 2, h // 2)
        panel(surface, th, box)
        area = box.inflate(-48, -40)
        if self.failed:
            text(surface, fonts, _("This record cannot be reviewed"), (area.x, area.y), 20, th.warn, True)
            lines = wrap(fonts.get(15), self.failed, area.width, 5)
            draw_lines(surface, fonts, area.move(0, 34), [(s, th.text, False) for s in lines], 15)
            return
        what = _("Analysing {name} at depth {depth}…").format(name=self.name, depth=self.depth)
        text(surface, fonts, what, (area.x, area.y), 19, th.text, True)
        bar = pygame.Rect(area.x, area.y + 48, area.width, 14)
        progress_bar(surface, th, bar, self.progress.shown)
        done = _("turn {done} of {total}").format(done=self.done, total=self.total)
        progress = done if self.total else _("starting the analyser…")
        stops = _("{progress} · Esc stops").format(progress=progress)
        text(surface, fonts, stops, (area.x, bar.bottom + 16), 15, th.text_dim)

    def _draw_review(self, surface: pygame.Surface) -> None:
        assert self.path is not None
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        self._draw_board(surface.subsurface(self.board_rect))
        self.graph().draw(surface, fonts, th, self.graph_rect)
        size = self.grid_size
        draw_table(surface, fonts, th, self.stats_rect, stats_rows(self.path.review), size)
        stop = self.current()
        notes, why = self.notes_lines(), self.why_lines()
        first = self.notes_first if notes else self.why_first
        if stop is not None and (notes or why):
            lines = notes or why
            shown = draw_why(surface, fonts, self.detail_rect, lines, first)
            if shown < len(lines):
                box = self.detail_rect
                track = pygame.Rect(box.right - BAR_W, box.y, BAR_W, box.height)
                scroll_bar(surface, th, track, first, shown, len(lines))
        elif stop is not None:
            moves, colours = decision_moves(self.path, stop, th)
            rows = decision_rows(self.path, stop, th)
            if moves:
                y = self.detail_rect.y
                for line in self.detail_heading():
                    text(surface, fonts, line, (self.detail_rect.x, y), size, th.accent, True)
                    y += round(size * 1.35)
                box = self.detail_box()
                first = first_for(fonts, box, moves, self.detail_first, size)
                draw_moves(surface, fonts, th, box, moves, first, size, colours)
            else:
                draw_grid(surface, fonts, self.detail_rect, rows, (0.0, 0.6), size)
        n = len(self.path.errors)
        label = _("Errors, largest first ({total})").format(total=n) if n else _("No errors")
        at = self.ctx.layout.px(15)
        text(surface, fonts, label, (self.errors.rect.x, self.errors.rect.y - at * 1.5), at, th.accent, True)
        errors = [error_row(self.path.review, d, th) for d in self.path.errors]
        self.errors.draw(surface, fonts, th, errors, self.error)

    def _graph_title(self) -> str:
        assert self.path is not None
        rec = self.path.review.match.record
        what = _("match winning chance") if rec.length else _("points (money)")
        return _("{whose} {what} before each roll · click to go there · dots: bad errors").format(
            whose=possessive(rec.players[0]), what=what
        )

    def _draw_board(self, surf: pygame.Surface) -> None:
        """The position before the decision, the played move (solid) and the best (dashed)."""
        assert self.path is not None
        stop = self.current()
        if stop is None:
            return
        lay, th, fonts = self.board_layout, self.ctx.theme, self.ctx.renderer.fonts
        turn = self.path.turn(stop)
        left, right = sides(turn)
        view = BoardView(left, right, self.ctx.settings.colour)
        mover0 = turn.player == 0
        if not stop.cube and turn.dice is not None:
            a, b = turn.dice
            view.dice = (a, b) if a != b else (a,) * 4
            view.dice_human = mover0
            if turn.move is not None:
                view.arrows = [(st.src, st.dst, mover0) for st in turn.move.steps]
            d = next(iter(self.path.decisions(stop)), None)
            best = None if d is None else next((o for o in d.options if o.move.notation() == d.best), None)
            if best is not None and turn.move is not None and best.move != turn.move:
                view.best_arrows = [(st.src, st.dst, mover0) for st in best.move.steps]
        self.ctx.renderer.draw(surf, lay, th, view)
        game = self.path.game(stop)
        if not game.crawford:
            cube = self.path.cube_shown(stop)
            offered = stop.cube and turn.doubled
            face, where = cube_shown(cube.value, cube.owner, 0, (0 if mover0 else 1) if offered else None)
            draw_cube(surf, fonts, th, lay, face, where, offered)
        pygame.draw.rect(surf, th.panel, lay.top)
        pygame.draw.rect(surf, th.panel, lay.panel)
        pygame.draw.rect(surf, th.panel, lay.status)
        top, side, status = board_caption(self.path, stop, th, self.ctx.settings.colour)
        room = lay.top.width - 20
        size = fit_size(fonts, [(top, True, room)], lay.top.height * 0.4)
        lines = [top]
        if fonts.get(size, True).size(top)[0] > room:  # long names: two lines, each as large as fits
            size = lay.top.height * 0.4
            while size > 9 and 2 * line_step(fonts, size) > lay.top.height:
                size -= 0.5
            lines = wrap(fonts.get(size, True), top, room, most=2)
        step = line_step(fonts, size)
        y = lay.top.centery - (len(lines) - 1) * step / 2
        for line in lines:
            text(surf, fonts, line, (lay.top.x + 10, y), size, th.text, True, "midleft")
            y += step
        draw_lines(surf, fonts, lay.panel.inflate(-16, -16), side, self.ctx.layout.px(13))
        size = fit_size(fonts, [(status, False, lay.status.width - 20)], self.ctx.layout.px(13))
        text(
            surf, fonts, status, (lay.status.x + 10, lay.status.centery), size, th.text_dim, anchor="midleft"
        )
