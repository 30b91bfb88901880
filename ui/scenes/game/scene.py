"""The game screen: carries out the turn flow's effects, feeds it input, draws the board and panel."""

from __future__ import annotations

import time
from typing import assert_never

import pygame

from ai.engine_types import CONFIRM_MODES, CubeContext
from ai.worker.messages import CubeAnswer, DecisionConfirmed, Event, Failed, Finished, Progress
from game.rules.cube import CubeAction, Resignation, resign_points
from game.rules.dice import Roll
from game.rules.position import Position, pip_count
from ui.flow.events import (
    AcceptResign,
    Animate,
    AskHint,
    AskResign,
    AskTake,
    Beaver,
    CancelSearch,
    Confirm,
    ConfirmDone,
    CubeDone,
    DeclineResign,
    Double,
    Effect,
    FlowOptions,
    GameEnded,
    Intent,
    Landed,
    Message,
    Pass,
    Phase,
    Resign,
    RollDice,
    Save,
    SearchDone,
    SearchFailed,
    SearchProgress,
    ShowLast,
    SkipTutor,
    Sound,
    StartSearch,
    Take,
    Tick,
    TutorWarn,
    Undo,
    UseHint,
)
from ui.flow.said import side
from ui.flow.turn_flow import TurnFlow
from ui.flow.tutor import TUTOR_SEARCHES
from ui.model import drills
from ui.model.session import AI, HUMAN, GameSession
from ui.model.storage import RealDice
from ui.model.tutor import threshold
from ui.scenes.base import Command, Context, Scene
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.game.actions import ACTIONS, ANALYSIS, action_for, by_name
from ui.scenes.game.board_input import BoardInput, Output
from ui.scenes.game.cube_dialogs import ResignDialog, ResignOfferDialog, TakePassDialog
from ui.scenes.game.dialogs import DiceEntry
from ui.scenes.game.tutor_dialog import TutorDialog
from ui.scenes.rollout import RolloutDialog
from ui.scenes.temperature import TemperatureDialog
from ui.scenes.why import WhyDialog, cube_explanation, move_explanation
from ui.text import _
from ui.text import drills as drill_words
from ui.text.explain import CubeSide, drill_why
from ui.text.flow import said, search_words, status
from ui.widgets.animation import Flight
from ui.widgets.controls import Button, EasedProgress, mix, mouse_pos, text
from ui.widgets.layout import Layout
from ui.widgets.move_list import figures, ranked_rows
from ui.widgets.panel import (
    WHY,
    LogScroll,
    PanelLayout,
    PanelView,
    draw_panel,
    foot_button,
    hint_top,
    hints_shown,
    log_rows,
)
from ui.widgets.render import BoardView
from ui.widgets.scoreboard import draw_cube, log_lines, plan_header, score_words, session_cube, shown_names


class GameScene(Scene):
    """Plays one game of the match; the app puts a new one at the bottom of the stack for the next game."""

    def __init__(self, ctx: Context, session: GameSession) -> None:
        super().__init__(ctx)
        self.session = session
        """The game being played."""
        self.flow: TurnFlow = TurnFlow(session, self._options())
        """The turn state machine."""
        self.input: BoardInput = BoardInput()
        """Selection, drag and keyboard cursor."""
        self.flight: Flight | None = None
        """The animation running, if any."""
        self.request: int | None = None
        """The worker request running, if any."""
        self._answers: list[Finished | Failed | CubeAnswer | DecisionConfirmed] = []
        self.clock = 0.0
        """Seconds since the scene started (turns the spinner)."""
        self.progress = EasedProgress()
        """The thinking bar as drawn."""
        self.full_sha = False
        """True when the panel shows the whole SHA-256."""
        self.buttons: list[Button] = []
        self.log_scroll = LogScroll()
        """Where the panel's Moves list is scrolled to."""
        self.pointer: tuple[int, int] | None = None
        """Where the mouse was last seen (the wheel scrolls what is under it)."""
        self.hint_first = 0
        """The first hint in the panel's list (it scrolls: every move is listed)."""
        self._hints_shown: object = None
        """The hints the list was scrolled in (new hints are shown from the best)."""
        self.hint_used = 0
        """The hint set up last (its reasons open first: W)."""
        self.panel = PanelLayout.compute(
            ctx.layout.panel, 0, ctx.layout.size[1], ctx.layout.scale, ctx.renderer.fonts
        )
        self.on_resize()

    # --- facts (for the actions table and tests) ------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The window's layout."""
        return self.ctx.layout

    def human_to_move(self) -> bool:
        """True when the human can move checkers now."""
        return self.flow.is_human_moving()

    def roll_due(self) -> bool:
        """True when the human should roll."""
        return self.flow.is_roll_due()

    def thinking(self) -> bool:
        """True while the computer's move is being searched."""
        return self.flow.phase is Phase.COMPUTER_THINKING

    def _options(self) -> FlowOptions:
        s = self.ctx.settings
        return FlowOptions(
            auto_roll=s.auto_roll and s.manual_dice is RealDice.NONE,
            real_dice=s.manual_dice is not RealDice.NONE,
            computer_real_dice=s.manual_dice is RealDice.BOTH,
            auto_forced=s.auto_forced,
            cube_advice=s.cube_advice,
            tutor=threshold(s.tutor),
            tutor_depth=s.hint_depth,
            confirm=None if s.review_mode == "quick" else CONFIRM_MODES["default"],
        )

    # --- effects ------------------------------------------------------------------------------------

    def dispatch(self, intent: Intent) -> None:
        """Hand an intent to the flow and carry out what it answers."""
        for effect in self.flow.handle(intent):
            self._apply(effect)

    def _apply(self, effect: Effect) -> None:
        match effect:
            case Animate():
                self._animate(effect)
            case Save():
                self.ctx.save_game(self.session)
            case StartSearch():
                self._start_search(effect)
            case CancelSearch():
                self.cancel_search()
            case Sound():
                self.ctx.sounds.play(effect.name)
            case Message():
                self.ctx.notify(said(effect.said), effect.warn, effect.stays)
            case GameEnded():
                self.ctx.run(Command.GAME_OVER)
            case AskTake():
                e = effect
                self.ctx.push(
                    TakePassDialog(
                        self.ctx, e.value, e.advice, self._take_choice, e.beaver, e.doubler, e.taker
                    )
                )
            case TutorWarn():
                self.keep_drill(effect)
                self.ctx.push(TutorDialog(self.ctx, effect.verdict, effect.kind, self.dispatch, effect.taker))
            case AskResign():
                e2 = effect
                self.ctx.push(
                    ResignOfferDialog(
                        self.ctx, e2.offer, e2.points, self._resign_choice, e2.resigner, e2.taker
                    )
                )
            case _:
                assert_never(effect)

    def keep_drill(self, warned: TutorWarn) -> None:
        """An error the tutor caught, at or above the drills' least error, kept as a card (a file job)."""
        settings = self.ctx.settings
        if warned.verdict.loss < settings.drill_min_error:
            return
        said, kind = warned.verdict.explained, warned.kind
        why = "" if said is None else drill_why(said, kind if isinstance(kind, CubeAction) else None)
        card = drills.tutor_card(self.session, warned.verdict, warned.kind, why)
        if card is None:
            return
        folder, now = self.ctx.store.folder, time.time()

        def told(kept: tuple[int, drills.Told]) -> None:
            if kept[1].damage is not None:
                self.ctx.alert(drill_words.damaged(kept[1].damage))

        self.ctx.run_file_job(lambda: drills.add_cards(folder, [card], now), told)

    def _resign_choice(self, yes: bool) -> None:
        self.dispatch(AcceptResign() if yes else DeclineResign())

    def _animate(self, effect: Animate) -> None:
        per = self.ctx.settings.animation.step_seconds
        if per <= 0 or not effect.steps:
            if effect.steps:
                self.ctx.sounds.play("checker")
            self.dispatch(Landed())
            return
        self.flight = Flight(effect.mover, effect.start, effect.steps, per)

    def _start_search(self, effect: StartSearch) -> None:
        self.request = self.ctx.worker.start(effect.request)
        self.progress.reset()

    def needs_frames(self) -> bool:
        """True while a checker flies, a search runs or the flow waits on its timer."""
        return self.flight is not None or self.request is not None or self.flow.has_timer()

    def cancel_search(self) -> None:
        """Stop the worker's search for this game, if one runs."""
        if self.request is not None:
            self.ctx.worker.cancel(self.request)
        self.request = None

    def cancel(self) -> None:
        """Leave the game: stop any search."""
        for effect in self.flow.cancel():
            self._apply(effect)
        self.cancel_search()

    def on_worker(self, event: Event) -> None:
        """An event from the AI worker (the app polls it every frame); answers wait while a dialog is open."""
        if (
            not isinstance(event, Progress | Finished | Failed | CubeAnswer | DecisionConfirmed)
            or event.request_id != self.request
        ):
            return
        if isinstance(event, Progress):
            self.dispatch(SearchProgress(event.done, event.total))
            return
        self._answers.append(event)

    def _answer(self, event: Finished | Failed | CubeAnswer | DecisionConfirmed) -> None:
        if event.request_id != self.request:
            return
        self.request = None
        if isinstance(event, CubeAnswer):
            self.dispatch(CubeDone(event))
        elif isinstance(event, DecisionConfirmed):
            self.dispatch(ConfirmDone(event.confirmation))
        elif isinstance(event, Failed):
            self.dispatch(SearchFailed(event.message))
        else:
            self.dispatch(SearchDone(tuple(event.moves), event.explained))

    # --- the clock ----------------------------------------------------------------------------------

    def update(self, dt: float, covered: bool = False) -> None:
        """Advance the animation or the flow (both wait while a dialog covers the board)."""
        self.clock += dt
        done, total = self.flow.progress
        self.progress.advance(done / total if total else 0.0, dt)
        if covered:
            return
        answers, self._answers = self._answers, []
        for event in answers:
            self._answer(event)
        self.flow.options = self._options()
        if self.flight is None:
            self.dispatch(Tick(dt))
            return
        for _landed in range(self.flight.advance(dt)):
            self.ctx.sounds.play("checker")
        if self.flight.is_done():
            self.flight = None
            self.dispatch(Landed())

    # --- commands (the ACTIONS table calls these) -------------------------------------------------------

    def roll(self) -> None:
        """Roll the dice (or, with real dice, ask for them: for the opening roll, one for each side)."""

        def enter(roll: Roll) -> None:
            self.dispatch(RollDice(roll))

        if self.flow.is_opening_due():
            s = self.flow.session
            self.ctx.push(DiceEntry(self.ctx, enter, opening=(side(s, 0), side(s, 1))))
        elif self.flow.is_computer_dice_due():
            self.ctx.push(DiceEntry(self.ctx, enter, computers=True))
        elif self.ctx.settings.manual_dice is not RealDice.NONE:
            self.ctx.push(DiceEntry(self.ctx, enter))
        else:
            self.dispatch(RollDice())

    def confirm(self) -> None:
        """Play the move set up, or pass."""
        self.input.reset()
        self.dispatch(Confirm())

    def explain_not_done(self) -> None:
        """Enter before the move is complete: say which dice are left (Enter means Done, nothing else)."""
        self.dispatch(Confirm())

    def undo(self) -> None:
        """Take back the last action of this turn."""
        self.input.reset()
        self.dispatch(Undo())

    def hint(self) -> None:
        """Ask for the best moves at the hint depth of the settings."""
        self.dispatch(AskHint(self.ctx.settings.hint_depth))

    def explain_greyed(self, button: str) -> None:
        """A click on a greyed button: the Double and Hint buttons say why they are greyed."""
        explain = {"double": self.explain_no_double, "hint": self.explain_no_hint}.get(button)
        if explain is not None:
            explain()

    def explain_no_hint(self) -> None:
        """Say why H gives no hint now."""
        self.ctx.notify(said(self.flow.why_no_hint()), warn=True)

    def can_rollout(self) -> bool:
        """True when the player's checker play or cube decision can be rolled out now."""
        return self.flow.can_hint() or self.flow.can_cube_hint()

    def rollout(self) -> None:
        """Open the rollout of the player's decision: this roll's best moves, or before rolling, the cube."""
        flow, ctx = self.flow, self.flow.cube_context(self.session.turn or HUMAN)
        b = flow.builder
        if flow.can_hint() and b is not None:
            dice = (b.dice[0], b.dice[1])
            what = _("Your roll {high}-{low}: the best moves by the search, played out").format(
                high=max(dice), low=min(dice)
            )
            self.ctx.push(RolloutDialog(self.ctx, b.position, dice, ctx, what))
        elif flow.can_cube_hint():
            what = _("Your cube decision before you roll: no double, double/take, double/pass")
            self.ctx.push(RolloutDialog(self.ctx, self.session.state.position, None, ctx, what))

    def before_roll(self) -> tuple[Position, CubeContext] | None:
        """The position before the roll of the player on roll and its cube context, while a roll is due."""
        flow, s = self.flow, self.session
        return (s.state.position, flow.cube_context(s.turn or HUMAN)) if flow.is_roll_due() else None

    def open_analysis(self, evaluate: bool) -> None:
        """The temperature map, or Evaluate, of the position before the roll."""
        found = self.before_roll()
        if found is None:
            return
        ctx, what, depth = self.ctx, _("Your position before the roll"), self.ctx.settings.hint_depth
        if evaluate:
            ctx.push(EvaluateDialog(ctx, *found, what, depth))
            return
        mine = ctx.settings.colour  # the side on roll's checkers, as on the board
        if (self.session.turn or HUMAN) != HUMAN:
            mine = mine.other
        ctx.push(TemperatureDialog(ctx, *found, what, depth, colour=mine))

    def analysis_buttons(self) -> list[Button]:
        """The Map and Evaluate buttons of the panel's heading row over the Moves list, while the roll
        is due (else none); their words are the actions table's."""
        if self.before_roll() is None:
            return []
        actions = [by_name(name) for name in ANALYSIS]
        font = self.ctx.renderer.fonts.get(self.panel.small, True)
        widths = (font.size(actions[0].words())[0], font.size(actions[1].words())[0])
        return [Button(a.name, a.words(), self.panel.analysis_rect(i, widths)) for i, a in enumerate(actions)]

    def use_hint(self, index: int) -> None:
        """Set up hint ``index``."""
        self.input.reset()
        self.hint_used = index
        self.dispatch(UseHint(index))

    def _reasons(self) -> WhyDialog | None:
        """The reasons there are to show now: the hints' (the one set up last open), or while the
        player's roll is due the cube's (once weighed: a cube hint, or the tutor's)."""
        flow = self.flow
        explained = flow.hints_explained
        if flow.hints and explained is not None and len(explained.facts) == len(flow.hints):
            rows = ranked_rows(flow.hints)
            lines = [f"{r.rank}. {r.move}  {figures(r)}" for r in rows]
            entries = [move_explanation(explained.pair(i), line) for i, line in enumerate(lines)]
            opened = self.hint_used if self.hint_used < len(entries) else 0
            # TRANSLATORS: the title of the dialog that lists the hints, each with why it ranks where it does
            return WhyDialog(self.ctx, _("Why the moves are ranked so"), entries, opened)
        cube = flow.tutor_cube
        if flow.can_cube_hint() and cube is not None and cube.explained is not None:
            entry = cube_explanation(cube.explained, CubeSide.DOUBLER)
            # TRANSLATORS: the title of the dialog that says why to double or not (the cube hint's reasons)
            return WhyDialog(self.ctx, _("Why to double or not, before your roll"), [entry])
        return None

    def why_rect(self) -> pygame.Rect:
        """The Why button, at the foot of the hints or (before the roll) of the Moves list."""
        fonts, warning = self.ctx.renderer.fonts, self.ctx.evaluator_warning() or ""
        return foot_button(fonts, self.panel, warning, len(self.flow.hints))

    def can_explain(self) -> bool:
        """True when there are reasons to show (W)."""
        flow = self.flow
        if flow.hints:
            return flow.hints_explained is not None
        cube = flow.tutor_cube
        return flow.can_cube_hint() and cube is not None and cube.explained is not None

    def explain(self) -> None:
        """Open the reasons: why the hints are ranked so, or why to double or not."""
        dialog = self._reasons()
        if dialog is not None:
            self.ctx.push(dialog)

    def skip_tutor(self) -> None:
        """Go on without the tutor's check."""
        self.dispatch(SkipTutor())

    def double(self) -> None:
        """Double (or redouble) before rolling."""
        self.dispatch(Double())

    def explain_no_double(self) -> None:
        """Say why the human may not double now."""
        self.ctx.notify(said(self.flow.why_no_double()), warn=True)

    def resign(self) -> None:
        """Ask what to offer, then offer to resign."""
        s = self.session

        def points(r: Resignation) -> int:
            return resign_points(r, s.cube, money=s.is_money(), rules=s.config.rules())

        me = s.turn or HUMAN
        names = (side(s, me), side(s, 1 - me))
        self.ctx.push(ResignDialog(self.ctx, points, lambda r: self.dispatch(Resign(r)), *names))

    def _take_choice(self, answer: CubeAction) -> None:
        match answer:
            case CubeAction.TAKE:
                self.dispatch(Take())
            case CubeAction.PASS:
                self.dispatch(Pass())
            case CubeAction.BEAVER:
                self.dispatch(Beaver())
            case CubeAction.DOUBLE | CubeAction.NO_DOUBLE:
                raise ValueError(f"{answer} does not answer a double")
            case _:
                assert_never(answer)

    def show_last(self) -> None:
        """Show the last turn again."""
        self.dispatch(ShowLast())

    def log_rows(self) -> int:
        """How many lines of the Moves list the panel shows."""
        warning = self.ctx.evaluator_warning() or ""
        return log_rows(self.ctx.renderer.fonts, self.panel, warning, self.can_explain())  # the Why under it

    def scroll_log(self, lines: int) -> None:
        """Scroll the hints by ``lines`` moves, while they are shown, else the Moves list by ``lines``
        (negative: back to better moves, or older turns)."""
        if self.flow.hints:
            self.hint_first = hint_top(
                self.ctx.renderer.fonts, self.panel, self.panel_view(), self.hint_first + lines
            )
            return
        self.log_scroll.scroll(lines, len(log_lines(self.session)), self.log_rows())

    def page_log(self, pages: int) -> None:
        """Scroll the hints, or the Moves list, by ``pages`` of its height (negative: back)."""
        if self.flow.hints:
            seen = len(hints_shown(self.ctx.renderer.fonts, self.panel, self.panel_view()))
            self.scroll_log(pages * max(1, seen - 1))
            return
        self.scroll_log(pages * max(1, self.log_rows() - 1))

    def toggle_sha(self) -> None:
        """Show or hide the full SHA-256."""
        self.full_sha = not self.full_sha

    def cursor_act(self) -> None:
        """Pick up or put down at the keyboard cursor."""
        before = self.input.selected
        self._carry_out(self.input.cursor_act(self.flow, self.layout, pygame.time.get_ticks()))
        self._picked_up(before)
        if self.input.retarget:
            self.input.cursor_to_target(self.flow, self.layout)

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow key."""
        self.input.cursor_move(self.flow, self.layout, dx, dy)

    def cursor_next(self, forward: bool) -> None:
        """Tab: the next checker that can move."""
        self.input.cursor_to_target(self.flow, self.layout, forward)

    def _picked_up(self, before: int | None) -> None:
        """A checker was just picked up: a warning about an earlier click is old news."""
        if self.input.selected is not None and self.input.selected != before:
            self.ctx.clear_warning()

    def _carry_out(self, outputs: list[Output]) -> None:
        for o in list(outputs):
            if isinstance(o, Message):
                self.ctx.notify(said(o.said), o.warn)
            else:
                self.dispatch(o)

    # --- input --------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.input.mouse_move(event.pos, bool(event.buttons[0]) if event.buttons else False)
        elif event.type == pygame.MOUSEWHEEL:
            pointer = self.pointer if self.pointer is not None else mouse_pos()
            if self.panel.rect.collidepoint(pointer):
                self.scroll_log(-event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._carry_out(self.input.mouse_up(self.flow, self.layout, event.pos))
        elif event.type == pygame.KEYDOWN:
            if self.flow.is_passing():  # no legal move: any key passes now (else it passes by itself)
                self.confirm()
                return
            action = action_for(event, self)
            if action is not None:
                action.run(self)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        for btn in self.buttons:
            if btn.rect.collidepoint(pos):
                action = by_name(btn.key)
                if action.enabled(self):
                    action.run(self)
                else:
                    self.explain_greyed(btn.key)
                return
        if self.can_explain() and self.why_rect().collidepoint(pos):
            by_name("why").run(self)
            return
        if self.can_rollout() and self.panel.rollout_rect.collidepoint(pos):
            self.rollout()
            return
        for b in self.analysis_buttons():
            if b.rect.collidepoint(pos):
                return by_name(b.key).run(self)
        if self.panel.edit_rect.collidepoint(pos):
            by_name("edit").run(self)
            return
        for shown in (
            hints_shown(self.ctx.renderer.fonts, self.panel, self.panel_view()) if self.flow.hints else ()
        ):
            if shown.rect.collidepoint(pos):
                self.use_hint(shown.index)
                return
        if self.panel.sha_rect.collidepoint(pos):
            self.toggle_sha()
            return
        before = self.input.selected
        self._carry_out(self.input.mouse_down(self.flow, self.layout, pos, pygame.time.get_ticks()))
        self._picked_up(before)

    # --- drawing ------------------------------------------------------------------------------------

    def on_resize(self) -> None:
        """Lay out the panel for the new size (once per size)."""
        specs = [a for a in ACTIONS if a.button]
        self.panel = PanelLayout.compute(
            self.layout.panel, len(specs), self.layout.size[1], self.layout.scale, self.ctx.renderer.fonts
        )
        self.buttons = [
            Button(a.name, a.words(), rect, shortcut=a.keys_words())
            for a, rect in zip(specs, self.panel.buttons, strict=True)
        ]

    def _refresh_buttons(self) -> None:
        for btn in self.buttons:
            action = by_name(btn.key)
            btn.enabled = action.enabled(self)
            btn.primary = btn.enabled and btn.key in ("roll", "done", "double")
            btn.label = action.words()  # a language switched meanwhile shows at once
            if btn.key == "sound":
                btn.label = _("Sound: on") if self.ctx.settings.sound else _("Sound: off")

    def board_view(self) -> BoardView:
        """What the board shows now."""
        s = self.session
        colour = s.config.colour
        if self.flight is not None:
            (human, ai), (x, y) = self.flight.view(self.layout)
            view = BoardView(human, ai, colour, flying=[(x, y, self.flight.mover == HUMAN)])
            view.airborne = (1, 0) if self.flight.mover == HUMAN else (0, 1)
        else:
            b = self.flow.builder
            human, ai = s.sides(b.code, s.turn) if b is not None else s.sides()
            view = BoardView(human, ai, colour, mover_top=s.turn == AI and self.flow.is_human_moving())
        view.top_numbers = s.config.is_two_player() and s.turn == AI
        self._view_dice(view)
        self._view_choices(view)
        view.arrows = list(self.flow.arrows)
        b = self.flow.builder
        if self.flow.hints and b is not None and not b.played:
            view.arrows = [(st.src, st.dst, s.turn != AI) for st in self.flow.hints[0].move.steps]
        cp = self.input.cursor_point(self.layout)
        if cp is not None and self.input.cursor is not None:
            view.cursor = cp
            view.cursor_row = self.input.cursor[0]
        return view

    def _view_dice(self, view: BoardView) -> None:
        s = self.session
        if self.flow.showing_opening and s.opening is not None:
            view.opening = s.opening
            return
        roll = self.flow.dice_shown()
        last = self.flow.last_roll()
        if last is not None:  # between turns: the last roll stays, as it was when its move ended
            view.dice = last.dice.dice()
            view.dice_used = (s.is_human(last.player),) * len(view.dice)  # a person's were all used
            view.dice_human = last.player == HUMAN
            return
        if roll is None or self.flow.showing_opening:
            return
        view.dice = roll.dice()
        used = [False] * len(view.dice)
        b = self.flow.builder
        for ps in b.played if b is not None else []:
            i = next(i for i, v in enumerate(view.dice) if v == ps.die and not used[i])
            used[i] = True
        view.dice_used = tuple(used)
        view.dice_human = s.turn == HUMAN

    def _view_choices(self, view: BoardView) -> None:
        b = self.flow.builder
        if b is None or not self.flow.is_human_moving():
            return
        sel, screen = self.input.selected, self.flow.mover_point
        if sel is not None:
            view.selected = screen(sel)
            view.highlights = frozenset(screen(p) for p in b.destinations(sel))
        else:
            view.sources = frozenset(screen(p) for p in b.sources())
        if self.input.dragging and self.input.drag_pos is not None:
            view.drag = self.input.drag_pos
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() and not self.ctx.headless else None
        hover = self.layout.hit(mouse) if mouse is not None else None
        if hover in view.highlights or hover in view.sources:
            view.hover = hover

    def draw(self, surface: pygame.Surface) -> None:
        """The board (kept out of the panel), the top strip, the side panel."""
        lay = self.layout
        self._refresh_buttons()
        surface.set_clip(pygame.Rect(0, 0, lay.panel.x, lay.size[1]))
        self.ctx.renderer.draw(surface, lay, self.ctx.theme, self.board_view())
        self._draw_cube(surface)
        surface.set_clip(None)
        self._draw_top(surface)
        draw_panel(surface, self.ctx.renderer.fonts, self.ctx.theme, self.panel, self.panel_view())

    def _draw_cube(self, surface: pygame.Surface) -> None:
        if self.session.match.is_crawford():
            return
        face, where, offered = session_cube(self.session)
        draw_cube(surface, self.ctx.renderer.fonts, self.ctx.theme, self.layout, face, where, offered)

    def panel_view(self) -> PanelView:
        """What the side panel shows now."""
        s, th, flow = self.session, self.ctx.theme, self.flow
        names, light = s.names(), th.checker_name(s.config.colour)
        dark = th.checker_name(s.config.colour.other)
        two = s.config.is_two_player()
        view = PanelView(
            level=_("Two players") if two else self.ctx.level_label(s.config.level),
            colour=_("{one} plays {light}, {two} {dark}").format(
                one=names[0], light=light, two=names[1], dark=dark
            )
            if two
            else _("You play {light}").format(light=light),
            sha=s.commitment,
            full_sha=self.full_sha,
            buttons=self.buttons,
            spin=self.clock,
            warning=self.ctx.evaluator_warning() or "",
            log_top=self.log_scroll.top,
        )
        if flow.search is not None and (flow.search not in TUTOR_SEARCHES or flow.is_tutor_checking()):
            view.busy = search_words(flow.search)
            view.progress = self.progress.shown
        if flow.hints:
            if self._hints_shown is not flow.hints:  # new hints: from the best
                self._hints_shown, self.hint_first, self.hint_used = flow.hints, 0, 0
            view.hint_title = _("Hints at depth {hint_depth}").format(hint_depth=flow.hint_depth)
            # TRANSLATORS: after the hints' heading: a click or the keys 1 to {last} set up a hint;
            # W shows why they rank so
            view.hint_keys = _("click, or 1-{last} · W why").format(last=min(3, len(flow.hints)))
            view.hints = ranked_rows(flow.hints)
            view.hint_top = self.hint_first
        if self.can_rollout():
            view.rollout = Button("rollout", _("Rollout (O)"), self.panel.rollout_rect)
        if self.can_explain():
            view.why = Button("why", _(WHY), self.why_rect())
        view.analysis = self.analysis_buttons()
        view.edit = Button("edit", _("Edit (E)"), self.panel.edit_rect)
        view.log = log_lines(s)
        return view

    def _draw_top(self, surface: pygame.Surface) -> None:
        ctx, s = self.ctx, self.session
        lay, th, fonts = self.layout, ctx.theme, ctx.renderer.fonts
        top = lay.top
        pygame.draw.rect(surface, th.panel, top)
        pygame.draw.line(surface, mix(th.panel, th.text, 0.25), top.bottomleft, top.bottomright)
        b = self.flow.builder
        human, ai = s.sides(b.code, s.turn) if b is not None else s.sides()
        score, names = score_words(s.match_now()), shown_names(s)
        players = ((names[HUMAN], score[HUMAN], pip_count(human)), (names[AI], score[AI], pip_count(ai)))
        icons = [
            ctx.renderer.sprite(top.height * 0.3, kind, th)
            for kind in (s.config.colour, s.config.colour.other)
        ]
        plan = plan_header(fonts, top, icons[0].get_width(), players, s.match, status(self.flow.status()))
        for icon, (x, y) in zip(icons, plan.icons, strict=True):
            surface.blit(icon, icon.get_rect(midleft=(round(x), round(y))))
        tones = {"text": th.text, "dim": th.text_dim, "accent": th.accent}
        for t in plan.texts:
            text(surface, fonts, t.text, t.pos, t.size, tones[t.tone], t.bold, t.anchor)

    def status_text(self) -> str:
        """Whose turn it is and what happens next, in words."""
        return status(self.flow.status())
