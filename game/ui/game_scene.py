"""The game screen: the board, the human's turn by mouse or keyboard, the computer's turn via the worker."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ai.worker import Failed, Finished, Progress, RankedMove, Request
from game.move import Move, legal_moves
from game.position import BAR as BAR_INDEX
from game.position import Position, pip_count
from game.ui.layout import BAR, OFF, Layout
from game.ui.render import BoardView
from game.ui.scene import Scene
from game.ui.session import AI, HUMAN, GameSession
from game.ui.storage import ANIMATION_SPEEDS
from game.ui.turn import PlayedStep, TurnBuilder, unplay
from game.ui.widgets import Button, draw_button, fit_text, mix, progress_bar, spinner, text, wrap

if TYPE_CHECKING:
    from game.ui.app import App

DOUBLE_CLICK_MS = 400
DRAG_PIXELS = 6
AI_ROLL_DELAY = 0.45
PASS_DELAY = 1.6
OPENING_DELAY = 1.2
WARNING_LINES = 5
"""Lines of the panel given to a warning about the AI (the rest is cut with an ellipsis)."""


@dataclass
class Flight:
    """A move being animated, checker by checker."""

    mover: int
    """HUMAN or AI."""
    start: int
    """The position code (mover's view) before the first step."""
    steps: list[PlayedStep]
    """The steps, each with the code after it."""
    step_time: float
    """Seconds per step."""
    on_done: Callable[[], None] | None = None
    """Called once the last checker has landed."""
    index: int = 0
    """The step in flight."""
    t: float = 0.0
    """Seconds into the current step."""
    landed: list[int] = field(default_factory=list)
    """Steps already landed (for the click sound)."""

    def code(self) -> int:
        """The board (mover's view) with the steps landed so far."""
        return self.steps[self.index - 1].after if self.index else self.start

    def done(self) -> bool:
        """True when every step has landed."""
        return self.index >= len(self.steps)


class GameScene(Scene):
    """Plays one game of the match; the app swaps in a new one for the next game."""

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        """The game being played."""
        self.builder: TurnBuilder | None = None
        """The human's turn in progress."""
        self.selected: int | None = None
        """The human point (25 = bar) whose checker is picked up."""
        self.dragging = False
        """True while the picked-up checker follows the mouse."""
        self.drag_pos: tuple[int, int] | None = None
        self._press: tuple[int, tuple[int, int]] | None = None
        self._last_click: tuple[int, int] | None = None  # (point, ticks)
        self.cursor: tuple[int, int] | None = None
        """The keyboard cursor: (row, column) in Layout.cursor_grid(), or None when unused."""
        self.flight: Flight | None = None
        """The animation running, if any."""
        self.request: int | None = None
        """The worker request running, if any."""
        self.request_kind: str | None = None
        """"move" or "hint"."""
        self.progress: tuple[int, int] = (0, 0)
        """(done, total) of the running search."""
        self.hints: list[RankedMove] = []
        """The hint's best moves for the human."""
        self.arrows: list[tuple[int, int, bool]] = []
        """Arrows to draw: (from, to, is_human), mover's numbering."""
        self.wait = 0.0
        """Seconds until ``pending`` runs."""
        self.pending: Callable[[], None] | None = None
        self.clock = 0.0
        """Seconds since the scene started (drives the spinner)."""
        self.opening_show = 0.0
        """Seconds the opening roll (one die each side) is still shown."""
        self._last_shown: tuple[int, int] = (-1, 0)  # (log length, presses of L) to cycle the sides
        self.ai_failures = 0
        """Failed answers in a row for the computer's move."""
        self.over_shown = False
        """True once the game-over screen was opened."""
        self.buttons: list[Button] = []
        self._lit: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        self.hover: int | None = None
        """The point under the mouse."""
        self.hint_rects: list[tuple[pygame.Rect, RankedMove]] = []
        self.on_resize()

    # --- helpers --------------------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The app's current layout."""
        return self.app.layout

    def human_to_move(self) -> bool:
        """True when the human has dice to play and no animation is running."""
        s = self.session
        return (
            s.turn == HUMAN
            and s.state.dice is not None
            and self.builder is not None
            and self.flight is None
            and s.outcome() is None
        )

    def roll_due(self) -> bool:
        """True when the human should roll."""
        s = self.session
        return (
            s.turn == HUMAN
            and s.state.dice is None
            and s.outcome() is None
            and self.flight is None
            and self.pending is None
        )

    def thinking(self) -> bool:
        """True while a worker request for the computer's move runs."""
        return self.request is not None and self.request_kind == "move"

    def _later(self, seconds: float, action: Callable[[], None]) -> None:
        self.wait = seconds
        self.pending = action

    def _save(self) -> None:
        self.app.save_game()

    def _step_time(self) -> float:
        return ANIMATION_SPEEDS.get(self.app.settings.animation, 0.25)

    # --- the turn machine -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the animation, the timers, the worker and the turn."""
        try:
            self._update(dt)
        finally:
            self.refresh()

    def _update(self, dt: float) -> None:
        self.clock += dt
        self.opening_show = max(0.0, self.opening_show - dt)
        if self.flight is not None:
            self._advance_flight(dt)
            return
        if self.pending is not None:
            self.wait -= dt
            if self.wait <= 0:
                action, self.pending = self.pending, None
                action()
            return
        self._advance()

    def _advance(self) -> None:
        s = self.session
        if s.outcome() is not None:
            if not self.over_shown:
                self.over_shown = True
                self.app.game_over(self)
            return
        if s.turn is None:
            a, b = s.begin()
            self._save()
            self.app.sounds.play("dice")
            who = "You move" if s.turn == HUMAN else "The computer moves"
            self.app.notify(
                f"Opening roll: you {a}, the computer {b}. {who} first with {max(a, b)}-{min(a, b)}."
            )
            self.opening_show = OPENING_DELAY
            self._later(OPENING_DELAY, lambda: None)
            return
        if s.state.dice is None:
            if s.turn == AI:
                self._later(AI_ROLL_DELAY, self._roll)
            elif self.app.settings.auto_roll:
                self._roll()
            return
        if s.turn == HUMAN:
            if self.builder is None:
                self._start_human_turn()
            return
        if self.request is None:
            self._start_ai_turn()

    def _roll(self) -> None:
        s = self.session
        if s.state.dice is not None or s.outcome() is not None or s.turn is None:
            return
        d = s.roll()
        self.arrows = []
        self.app.sounds.play("dice")
        self._save()
        who = "You" if s.turn == HUMAN else "The computer"
        self.app.notify(f"{who} rolled {d[0]}-{d[1]}.")

    def _start_human_turn(self) -> None:
        s = self.session
        assert s.state.dice is not None
        self.builder = TurnBuilder(s.state.position, s.state.dice)
        self.selected = None
        self.hints = []
        d = s.state.dice
        if self.builder.is_pass():
            self.app.notify(f"You rolled {d[0]}-{d[1]}: no legal move, so your turn passes.", warn=True)
            self._later(PASS_DELAY, self._pass)
        elif self.builder.is_forced() and self.app.settings.auto_forced:
            move = self.builder.moves[0]
            self.app.notify(f"Only one move is possible: {move.notation()} (played for you).")
            self.builder.play_move(move)
            played = list(self.builder.played)
            self.builder.undo_all()
            self._fly(HUMAN, s.state.position.code, played, self._commit_forced)
        elif self.cursor is not None:
            self._cursor_to_source()

    def _commit_forced(self) -> None:
        b = self.builder
        if b is None:
            return
        b.play_move(b.moves[0])
        self.confirm()

    def _pass(self) -> None:
        s = self.session
        if s.state.dice is None or s.outcome() is not None:
            return
        if legal_moves(s.state.position, s.state.dice):
            return
        s.play(None)
        self.builder = None
        self._save()

    def _start_ai_turn(self) -> None:
        s = self.session
        assert s.state.dice is not None
        d = s.state.dice
        if not legal_moves(s.state.position, d):
            self.app.notify(f"The computer rolled {d[0]}-{d[1]} and cannot move.")
            self._later(PASS_DELAY, self._pass)
            return
        cfg = s.config
        seed = (int(s.commitment[:8], 16) + len(s.log)) & 0x7FFFFFFF
        req = Request("move", s.state.position, d, cfg.depth, noise=cfg.noise, seed=seed)
        self.request = self.app.worker.start(req)
        self.request_kind = "move"
        self.progress = (0, 0)

    def on_worker(self, event: object) -> None:
        """An event from the AI worker (the app polls it every frame)."""
        if not isinstance(event, Progress | Finished | Failed) or event.request_id != self.request:
            return
        if isinstance(event, Progress):
            self.progress = (event.done, event.total)
            return
        kind = self.request_kind
        self.request = None
        self.request_kind = None
        if isinstance(event, Failed):
            self.app.notify(f"The AI could not answer: {event.message}", warn=True)
            if kind == "move":
                self.ai_failures += 1
                if self.ai_failures < 2:
                    self._start_ai_turn()  # once more: the worker restarts itself if it died
                else:
                    self._ai_fallback()
            return
        if kind == "move":
            self.ai_failures = 0
        if kind == "hint":
            self.hints = list(event.moves[:3])
            if not self.hints:
                self.app.notify("No legal move: nothing to hint.")
            return
        self._ai_play(event.moves[0].move if event.moves else None)

    def _ai_fallback(self) -> None:
        """The worker failed twice: play the first legal move so the game can go on, and say so."""
        self.ai_failures = 0
        s = self.session
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        self._ai_play(moves[0] if moves else None, note=" (the AI failed twice, so: its first legal move)")

    def _ai_play(self, move: Move | None, note: str = "") -> None:
        s = self.session
        if s.turn != AI or s.state.dice is None:
            return
        if move is None:
            self._pass()
            return
        tb = TurnBuilder(s.state.position, s.state.dice)
        tb.play_move(move)

        def commit() -> None:
            if s.turn == AI and s.state.dice is not None:
                s.play(move)
                self.app.notify(f"The computer played {move.notation()}{note}.", warn=bool(note))
                self._save()

        self._fly(AI, s.state.position.code, list(tb.played), commit)

    # --- animation ------------------------------------------------------------------------------------

    def _fly(self, mover: int, start: int, steps: list[PlayedStep], on_done: Callable[[], None]) -> None:
        per = self._step_time()
        if per <= 0 or not steps:
            if steps:
                self.app.sounds.play("checker")
            on_done()
            return
        self.flight = Flight(mover, start, steps, per, on_done)

    def _advance_flight(self, dt: float) -> None:
        f = self.flight
        assert f is not None
        f.t += dt
        while not f.done() and f.t >= f.step_time:
            f.t -= f.step_time
            f.index += 1
            self.app.sounds.play("checker")
        if f.done():
            self.flight = None
            if f.on_done is not None:
                f.on_done()

    def _checker_xy(self, mover: int, code: int, point: int, arriving: bool) -> tuple[float, float]:
        """Screen position of a checker of ``mover`` at ``point`` (mover's numbering) in ``code``."""
        lay = self.layout
        mine, theirs = self.session.sides(code, mover)
        human = mover == HUMAN
        side = mine if human else theirs
        if point == 0:
            off = 15 - sum(side)
            r = lay.off_slab(human, off)
            return float(r.centerx), float(r.centery)
        if point == 25:
            n = side[BAR_INDEX]
            k = max(0, n - 1) if not arriving else n
            return lay.checker_center(BAR, k) if human else lay.their_bar_center(k)
        n = side[point - 1]
        k = n if arriving else max(0, n - 1)
        hp = point if human else 25 - point
        return lay.checker_center(hp, k)

    def _flight_view(self) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[float, float, bool]]]:
        f = self.flight
        assert f is not None
        before = f.code()
        step = f.steps[f.index]
        mine, theirs = (list(x) for x in self.session.sides(before, f.mover))
        side = mine if f.mover == HUMAN else theirs
        src = step.step.src
        x0, y0 = self._checker_xy(f.mover, before, src, arriving=False)
        side[BAR_INDEX if src == 25 else src - 1] -= 1
        lifted = tuple(mine), tuple(theirs)
        dst = step.step.dst
        # where it lands: count what is on the destination without it (a hit blot stays until it lands)
        tmp_code = self._code_from_sides(lifted, f.mover)
        x1, y1 = self._checker_xy(f.mover, tmp_code, dst, arriving=True)
        t = min(1.0, f.t / f.step_time)
        e = t * t * (3 - 2 * t)
        lift = -self.layout.unit * 0.6 * (4 * t * (1 - t))
        pos = (x0 + (x1 - x0) * e, y0 + (y1 - y0) * e + lift)
        return lifted[0], lifted[1], [(pos[0], pos[1], f.mover == HUMAN)]

    def _code_from_sides(self, sides: tuple[tuple[int, ...], tuple[int, ...]], mover: int) -> int:
        from game.position import pack

        human, ai = sides
        return pack(human, ai) if mover == HUMAN else pack(ai, human)

    # --- human actions --------------------------------------------------------------------------------

    def roll(self) -> None:
        """The Roll button / Space."""
        if self.roll_due():
            self._roll()

    def confirm(self) -> None:
        """Play the completed turn (the Done button / Enter)."""
        b = self.builder
        if b is None or self.flight is not None:
            return
        if b.is_pass():
            self.pending = None
            self._pass()
            return
        if not b.is_complete():
            left = len(b.remaining_dice())
            self.app.notify(f"Play {left} more {'die' if left == 1 else 'dice'} first.", warn=True)
            return
        move = b.move()
        assert move is not None
        if self.request_kind == "hint":
            self.cancel()
        self.session.play(move)
        self.builder = None
        self.selected = None
        self.hints = []
        self.app.notify(f"You played {move.notation()}.")
        self._save()

    def undo(self) -> None:
        """Take back the last step of this turn."""
        b = self.builder
        if b is None or self.flight is not None:
            return
        if b.undo() is None:
            self.app.notify("Nothing to undo this turn.")
        self.selected = None
        self.dragging = False

    def hint(self) -> None:
        """Ask the worker for the three best moves for the human."""
        b = self.builder
        if b is None or not self.human_to_move() or self.request is not None:
            return
        if b.is_pass():
            self.app.notify("No legal move: nothing to hint.")
            return
        assert b.dice is not None
        req = Request("hint", b.position, b.dice, self.session.config.depth, top=3)
        self.request = self.app.worker.start(req)
        self.request_kind = "hint"
        self.progress = (0, 0)
        self.hints = []

    def play_hint(self, ranked: RankedMove) -> None:
        """Set the board to a hinted move (the player still confirms it)."""
        b = self.builder
        if b is None:
            return
        b.play_move(ranked.move)
        self.selected = None
        self.app.sounds.play("checker")
        self.app.notify(f"{ranked.move.notation()} set up: press Enter or Done to play it, U to undo.")

    def show_last(self) -> None:
        """Show the last move again: arrows, and the animation when the board has not moved since."""
        s = self.session
        played = [r for r in reversed(s.log) if r.steps]
        if not played:
            self.app.notify("No move has been played yet.")
            return
        # pressing L again shows the other side's last move
        length, presses = self._last_shown
        presses = presses + 1 if length == len(s.log) else 0
        self._last_shown = (len(s.log), presses)
        other = next((r for r in played if r.player != played[0].player), None)
        rec = played[0] if presses % 2 == 0 or other is None else other
        self.arrows = [(st.src, st.dst, rec.player == HUMAN) for st in rec.steps]
        who = "Your" if rec.player == HUMAN else "The computer's"
        self.app.notify(f"{who} last move: {rec.notation()} with {rec.dice[0]}-{rec.dice[1]}.")
        last = s.log[-1] if s.log else None
        if last is not rec or self.flight is not None or s.turn is None or s.turn == rec.player:
            return
        if self.builder is not None and self.builder.played:
            return
        # the board is still as that move left it: replay it
        mover_after = _swap(s.state.position.code)
        try:
            before = unplay(mover_after, rec.steps)
            tb = TurnBuilder(Position(before), rec.dice)
            tb.play_move(Move(Position(before), Position(mover_after), rec.steps))
        except ValueError:
            return
        self._fly(rec.player, before, list(tb.played), lambda: None)

    def _play_to(self, src: int, dst: int) -> bool:
        b = self.builder
        assert b is not None
        try:
            b.play(src, dst)
        except ValueError:
            return False
        self.app.sounds.play("checker")
        self.selected = None
        if b.is_complete():
            self.app.notify("Move complete: press Enter or Done to play it, U to undo.")
        return True

    def click_point(self, p: int) -> None:
        """A click (or keyboard pick/put) on a human point: 1..24, 25 the bar, 0 the tray."""
        b = self.builder
        if b is None or not self.human_to_move():
            if self.roll_due():
                self.app.notify("Roll the dice first (Space or the Roll button).")
            return
        now = pygame.time.get_ticks()
        double = (
            self.selected == p
            and self._last_click is not None
            and self._last_click[0] == p
            and now - self._last_click[1] <= DOUBLE_CLICK_MS
        )
        self._last_click = (p, now)
        if double:
            try:
                b.play_farthest(p)
            except ValueError:
                return
            self.app.sounds.play("checker")
            self.selected = None
            self._last_click = None
            if b.is_complete():
                self.app.notify("Move complete: press Enter or Done to play it, U to undo.")
            return
        if self.selected is not None:
            if p == self.selected:
                self.selected = None
                return
            if p in b.destinations(self.selected):
                self._play_to(self.selected, p)
                self._last_click = None
                return
        sources = b.sources()
        if p in sources:
            self.selected = p
            return
        self._explain(p)

    def _explain(self, p: int) -> None:
        """Gentle feedback for a click that does nothing."""
        b = self.builder
        assert b is not None
        if b.is_complete():
            self.app.notify("All dice are played: press Enter or Done, or U to undo.", warn=True)
            return
        human = self.session.sides(b.code, HUMAN)[0]
        if human[BAR_INDEX] and p != BAR:
            self.app.notify("You have a checker on the bar: enter it first.", warn=True)
        elif self.selected is not None:
            self.app.notify("That checker cannot go there with these dice.", warn=True)
            self.selected = None
        elif p == OFF:
            self.app.notify("Pick up a checker first, then click the tray to bear it off.", warn=True)
        elif 1 <= p <= 24 and human[p - 1]:
            self.app.notify("That checker has no legal move with these dice.", warn=True)
        else:
            self.app.notify("Pick one of your checkers that can move (they are outlined).", warn=True)

    # --- input ----------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos, event.buttons[0] if event.buttons else 0)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        for btn in self.buttons:
            if btn.hit(pos):
                self.action(btn.key)
                return
        for rect, ranked in self.hint_rects:
            if rect.collidepoint(pos):
                self.play_hint(ranked)
                return
        p = self.layout.hit(pos)
        if p is None:
            if self.selected is not None:
                self.selected = None
            return
        self.cursor = None
        self.click_point(p)
        if self.selected == p:
            self._press = (p, pos)

    def _mouse_move(self, pos: tuple[int, int], held: int) -> None:
        if self._press is not None and held:
            p, start = self._press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_PIXELS and self.selected == p:
                self.dragging = True
        if self.dragging:
            self.drag_pos = pos

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        if not self.dragging:
            return
        self.dragging = False
        self.drag_pos = None
        if press is None or self.builder is None or self.selected is None:
            return
        p = self.layout.hit(pos)
        if p is None or p == self.selected:
            return  # dropped back: it stays picked up
        src = self.selected
        if p in self.builder.destinations(src):
            self._play_to(src, p)
        else:
            self.app.notify("That checker cannot go there with these dice.", warn=True)
            self.selected = None

    def action(self, key: str) -> None:
        """Run a panel action by its key."""
        actions: dict[str, Callable[[], None]] = {
            "roll": self.roll,
            "done": self.confirm,
            "undo": self.undo,
            "hint": self.hint,
            "last": self.show_last,
            "new": self.app.open_menu,
            "help": self.app.open_help,
            "sound": self.app.toggle_sound,
        }
        fn = actions.get(key)
        if fn is not None:
            fn()

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if k == pygame.K_SPACE:
            if self.roll_due():
                self.roll()
            elif self.human_to_move():
                self._cursor_act()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            b = self.builder
            if b is not None and (b.is_complete() or b.is_pass()):
                self.confirm()
            elif self.roll_due():
                self.roll()
            elif self.human_to_move():
                self._cursor_act()
        elif k in (pygame.K_u, pygame.K_BACKSPACE) or (k == pygame.K_z and ctrl):
            self.undo()
        elif k == pygame.K_h:
            self.hint()
        elif k == pygame.K_l:
            self.show_last()
        elif k == pygame.K_n:
            self.app.open_menu()
        elif k == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
            else:
                self.app.open_menu()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._cursor_move(k)
        elif k == pygame.K_TAB:
            self._cursor_to_source(forward=not (event.mod & pygame.KMOD_SHIFT))

    # --- keyboard cursor ------------------------------------------------------------------------------

    def cursor_point(self) -> int | None:
        """The point under the keyboard cursor."""
        if self.cursor is None:
            return None
        row, col = self.cursor
        return Layout.cursor_grid()[row][col]

    def _cursor_move(self, key: int) -> None:
        if self.cursor is None:
            self._cursor_to_source()
            if self.cursor is None:
                self.cursor = (1, 12)
            return
        row, col = self.cursor
        if key == pygame.K_LEFT:
            col = max(0, col - 1)
        elif key == pygame.K_RIGHT:
            col = min(13, col + 1)
        else:
            row = 1 - row
        self.cursor = (row, col)

    def _cursor_to_source(self, forward: bool = True) -> None:
        b = self.builder
        if b is None or not self.human_to_move():
            return
        grid = Layout.cursor_grid()
        stops = [(r, c) for r in (1, 0) for c in range(14)]
        wanted = b.destinations(self.selected) if self.selected is not None else b.sources()
        if not wanted:
            return
        start = stops.index(self.cursor) if self.cursor in stops else -1
        order = (
            stops[start + 1 :] + stops[: start + 1]
            if forward
            else (stops[:start][::-1] + stops[start:][::-1])
        )
        for r, c in order:
            p = grid[r][c]
            if p in wanted and not (p in (BAR, OFF) and r != 1):
                self.cursor = (r, c)
                return

    def _cursor_act(self) -> None:
        p = self.cursor_point()
        if p is None:
            self._cursor_to_source()
            return
        before = self.selected
        self.click_point(p)
        self._last_click = None
        if (before is None and self.selected is not None) or (before is not None and self.selected is None):
            self._cursor_to_source()

    # --- drawing --------------------------------------------------------------------------------------

    def on_resize(self) -> None:
        """Lay out the panel buttons for the new size."""
        lay = self.layout
        pr = lay.panel
        pad = max(6, pr.width // 20)
        bh = max(30, min(52, round(lay.size[1] * 0.055)))
        w2 = (pr.width - 3 * pad) // 2
        small = max(11.0, pr.width * 0.052)
        big = max(14.0, pr.width * 0.085)
        hex_lines = 2 if pr.width >= 240 else 4
        header = pad + big * 1.5 + (3 + hex_lines) * small * 1.35 + 2 * small + 22
        y = round(max(pr.y + pr.height * 0.34, pr.y + header))
        specs = [
            ("roll", "Roll", "Space"),
            ("done", "Done", "Enter"),
            ("undo", "Undo", "U / Ctrl+Z"),
            ("hint", "Hint", "H"),
            ("last", "Last move", "L"),
            ("new", "New game", "N / Esc"),
            ("help", "Help", "F1 / ?"),
            ("sound", "Sound", "M"),
        ]
        self.buttons = []
        for i, (key, label, sc) in enumerate(specs):
            col, row = i % 2, i // 2
            rect = pygame.Rect(pr.x + pad + col * (w2 + pad), y + row * (bh + pad // 2 + 2), w2, bh)
            self.buttons.append(Button(key, label, rect, shortcut=sc))

    def _refresh_buttons(self) -> None:
        b = self.builder
        for btn in self.buttons:
            if btn.key == "roll":
                btn.enabled = self.roll_due()
                btn.primary = btn.enabled
            elif btn.key == "done":
                btn.enabled = b is not None and self.human_to_move() and (b.is_complete() or b.is_pass())
                btn.primary = btn.enabled
            elif btn.key == "undo":
                btn.enabled = b is not None and bool(b.played) and self.flight is None
            elif btn.key == "hint":
                btn.enabled = (
                    self.human_to_move() and self.request is None and b is not None and not b.is_pass()
                )
            elif btn.key == "last":
                btn.enabled = self.session.last_turn() is not None
            elif btn.key == "sound":
                btn.label = "Sound: on" if self.app.settings.sound else "Sound: off"

    def board_view(self) -> BoardView:
        """What the board shows now."""
        s = self.session
        colour = s.config.colour
        if self.flight is not None:
            human, ai, flying = self._flight_view()
            view = BoardView(human, ai, colour, flying=flying)
            view.airborne = (1, 0) if self.flight.mover == HUMAN else (0, 1)
        elif self.builder is not None:
            human, ai = s.sides(self.builder.code, HUMAN)
            view = BoardView(human, ai, colour)
        else:
            human, ai = s.sides()
            view = BoardView(human, ai, colour)
        dice = s.state.dice
        if self.opening_show > 0 and s.opening is not None:
            view.opening = s.opening
        elif dice is not None:
            all_dice = (dice[0],) * 4 if dice[0] == dice[1] else (max(dice), min(dice))
            used: list[bool] = [False] * len(all_dice)
            if self.builder is not None and s.turn == HUMAN:
                for ps in self.builder.played:
                    for i, v in enumerate(all_dice):
                        if v == ps.die and not used[i]:
                            used[i] = True
                            break
            view.dice = all_dice
            view.dice_used = tuple(used)
            view.dice_human = s.turn == HUMAN
        b = self.builder
        if b is not None and self.human_to_move():
            if self.selected is not None:
                view.selected = self.selected
                view.highlights = self._lit[1]
            else:
                view.sources = self._lit[0]
            if self.hover in view.highlights or self.hover in view.sources:
                view.hover = self.hover
        if self.dragging and self.drag_pos is not None:
            view.drag = self.drag_pos
        view.arrows = list(self.arrows)
        if self.hints and self.builder is not None and not self.builder.played:
            view.arrows = [(st.src, st.dst, True) for st in self.hints[0].move.steps]
        cp = self.cursor_point()
        if cp is not None and self.cursor is not None:
            view.cursor = cp
            view.cursor_row = self.cursor[0]
        return view

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the top strip, the side panel (state changes none)."""
        app = self.app
        lay = self.layout
        th = app.theme
        app.renderer.draw(surface, lay, th, self.board_view())
        self._draw_top(surface)
        self._draw_panel(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        app, lay, th, s = self.app, self.layout, self.app.theme, self.session
        fonts = app.renderer.fonts
        top = lay.top
        pygame.draw.rect(surface, th.panel, top)
        pygame.draw.line(surface, mix(th.panel, th.text, 0.25), top.bottomleft, top.bottomright)
        size = top.height * 0.36
        code = self.builder.code if self.builder is not None else None
        human, ai = s.sides(code, HUMAN) if code is not None else s.sides()
        score = s.match_now().score
        you = "light" if s.config.colour == "light" else "dark"
        them = "dark" if you == "light" else "light"
        x = top.x + top.height * 0.3
        cy = top.centery
        # a little checker icon for each side, then name, score and pips
        for name, kind, pts, pips in (
            ("You", you, score[HUMAN], pip_count(human)),
            ("Computer", them, score[AI], pip_count(ai)),
        ):
            icon = app.renderer.sprite(top.height * 0.3, kind, th)
            surface.blit(icon, icon.get_rect(midleft=(round(x), cy)))
            x += icon.get_width() + 6
            r = text(
                surface, fonts, f"{name} {pts}", (x, cy), size * 1.1, th.text, bold=True, anchor="midleft"
            )
            x = r.right + 8
            r = text(surface, fonts, f"pips {pips}", (x, cy), size * 0.85, th.text_dim, anchor="midleft")
            x = r.right + top.height * 0.6
        match = s.config.match_length
        r = text(
            surface,
            fonts,
            f"Match to {match} · game {s.match.game_number()}",
            (x, cy),
            size * 0.85,
            th.text_dim,
            anchor="midleft",
        )
        status = self.status_text()
        text(
            surface,
            fonts,
            status,
            (top.right - top.height * 0.3, cy),
            size,
            th.accent,
            bold=True,
            anchor="midright",
        )

    def status_text(self) -> str:
        """Whose turn it is and what happens next, in words."""
        s = self.session
        if s.outcome() is not None:
            return "Game over"
        if s.turn is None:
            return "Opening roll"
        if self.flight is not None:
            return "Your move" if self.flight.mover == HUMAN else "Computer moves"
        if s.turn == AI:
            if self.thinking():
                return "Computer is thinking…"
            return "Computer's turn"
        if s.state.dice is None:
            return "Your turn: roll"
        b = self.builder
        if b is not None and b.is_pass():
            return "No legal move"
        if b is not None and b.is_complete():
            return "Your turn: confirm"
        return "Your turn: move"

    def _draw_panel(self, surface: pygame.Surface) -> None:
        app, lay, th, s = self.app, self.layout, self.app.theme, self.session
        fonts = app.renderer.fonts
        pr = lay.panel
        pygame.draw.rect(surface, th.panel, pr)
        pygame.draw.line(surface, mix(th.panel, th.text, 0.25), pr.topleft, pr.bottomleft)
        pad = max(6, pr.width // 20)
        x = pr.x + pad
        y: float = pr.y + pad
        big = max(14.0, pr.width * 0.085)
        text(surface, fonts, "Backgammon", (x, y), big, th.text, bold=True)
        y += big * 1.5
        small = max(11.0, pr.width * 0.052)
        level = app.level_label(s.config.level)
        for line in (level, f"You play {s.config.colour}"):
            shown = fit_text(fonts.get(small), line, pr.width - 2 * pad)
            text(surface, fonts, shown, (x, y), small, th.text_dim)
            y += small * 1.35
        # the caption wraps rather than lose its end on a narrow panel
        for line in wrap(fonts.get(small), "Dice SHA-256 (seed shown at the end):", pr.width - 2 * pad)[:3]:
            text(surface, fonts, line, (x, y), small, th.text_dim)
            y += small * 1.35
        hex_size = small
        chunk = 32
        while fonts.get(hex_size).size(s.commitment[:chunk])[0] > pr.width - 2 * pad:
            if hex_size > 9:
                hex_size -= 0.5
            elif chunk > 8:
                chunk //= 2
                hex_size = small
            else:
                break
        for part in [s.commitment[i : i + chunk] for i in range(0, 64, chunk)]:
            text(surface, fonts, part, (x, y), hex_size, th.text)
            y += hex_size * 1.35
        # the thinking indicator, just above the buttons
        sp = round(small * 0.9)
        y = self.buttons[0].rect.y - 2 * sp - 14 - max(5, round(small * 0.45))
        if self.request is not None:
            spinner(surface, th, (x + sp, round(y + sp)), sp, self.clock)
            label = "Thinking…" if self.request_kind == "move" else "Finding hints…"
            text(surface, fonts, label, (x + 2 * sp + 8, y + sp), small, th.text, bold=True, anchor="midleft")
            done, total = self.progress
            bar = pygame.Rect(x, round(y + 2 * sp + 6), pr.width - 2 * pad, max(5, round(small * 0.45)))
            progress_bar(surface, th, bar, done / total if total else 0.0)
        self._draw_buttons(surface)
        y = self.buttons[-1].rect.bottom + pad * 2
        # hints, else the last turns played
        if not self.hints:
            self._draw_log(surface, x, y, pr.width - 2 * pad, small)
        warning = app.evaluator_warning()
        if warning:
            warn_font, warn_width = fonts.get(small * 0.85), pr.width - 2 * pad
            warn_lines = wrap(warn_font, warning, warn_width)
            if len(warn_lines) > WARNING_LINES:
                last = fit_text(warn_font, warn_lines[WARNING_LINES - 1] + "…", warn_width)
                warn_lines = [*warn_lines[: WARNING_LINES - 1], last]
            yy = pr.bottom - pad - len(warn_lines) * small * 1.1
            for line in warn_lines:
                text(surface, fonts, line, (x, yy), small * 0.85, th.warn)
                yy += small * 1.1
        if self.hints:
            y = self.buttons[-1].rect.bottom + pad * 2
            title = fit_text(fonts.get(small, True), "Best moves (click to set up):", pr.width - 2 * pad)
            text(surface, fonts, title, (x, y), small, th.text, bold=True)
            y += small * 1.6
            for i, ranked in enumerate(self.hints):
                line = f"{i + 1}. {ranked.move.notation()}  {ranked.equity:+.3f}"
                rect = pygame.Rect(x - 2, round(y - 2), pr.width - 2 * pad + 4, round(small * 1.5))
                pygame.draw.rect(surface, mix(th.panel, th.accent, 0.15 if i else 0.3), rect, border_radius=4)
                text(
                    surface,
                    fonts,
                    fit_text(fonts.get(small), line, rect.width - 6),
                    (x + 2, y),
                    small,
                    th.text,
                )
                y += small * 1.8

    def _draw_log(self, surface: pygame.Surface, x: int, y: float, width: int, size: float) -> None:
        """The last few turns, newest last."""
        th = self.app.theme
        fonts = self.app.renderer.fonts
        log = self.session.log
        if not log:
            return
        text(surface, fonts, "Moves", (x, y), size, th.text, bold=True)
        y += size * 1.5
        room = int((self.layout.panel.bottom - y - size * 5.5) // (size * 1.3))
        first = max(0, len(log) - max(1, room))
        font = fonts.get(size * 0.95)
        for i in range(first, len(log)):
            rec = log[i]
            who = "You" if rec.player == HUMAN else "AI"
            line = f"{i + 1}. {who} {rec.dice[0]}{rec.dice[1]}: {rec.notation()}"
            colour = th.text if i == len(log) - 1 else th.text_dim
            text(surface, fonts, fit_text(font, line, width), (x, y), size * 0.95, colour)
            y += size * 1.3

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for btn in self.buttons:
            draw_button(surface, self.app.renderer.fonts, self.app.theme, btn, mouse)

    def refresh(self) -> None:
        """Update button states, lit points and hint hit-areas (so that drawing only reads)."""
        self._refresh_buttons()
        b = self.builder
        if b is not None and self.human_to_move():
            dests = frozenset(b.destinations(self.selected)) if self.selected is not None else frozenset()
            self._lit = (frozenset(b.sources()), dests)
        else:
            self._lit = (frozenset(), frozenset())
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() and not self.app.headless else None
        self.hover = self.layout.hit(mouse) if mouse is not None else None
        self.hint_rects = []
        if self.hints:
            pr = self.layout.panel
            pad = max(6, pr.width // 20)
            small = max(11.0, pr.width * 0.052)
            y = self.buttons[-1].rect.bottom + pad * 2 + small * 1.6
            for ranked in self.hints:
                rect = pygame.Rect(pr.x + pad - 2, round(y - 2), pr.width - 2 * pad + 4, round(small * 1.5))
                self.hint_rects.append((rect, ranked))
                y += small * 1.8

    def cancel(self) -> None:
        """Stop any search of this game (New game, Quit)."""
        if self.request is not None:
            self.app.worker.cancel(self.request)
        self.request = None
        self.request_kind = None


def _swap(code: int) -> int:
    from game.position import swap

    return swap(code)
