"""The application: one window, one loop that owns the clock, a stack of scenes.

``main(argv)`` opens the window and plays; ``render_snapshot(size)`` draws one
frame of a game off-screen (for ``--selftest``). Nothing here runs at import.

The loop each frame: take the window's events (closing the window saves the
game and stops any search), hand the rest to the top scene, poll the AI worker
(never blocking; the search runs elsewhere), advance every scene by the frame's
time, then draw the game, the status strip and any overlays.
"""

from __future__ import annotations

import datetime
import gettext
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TypeVar, assert_never

import pygame

from game.rules.dice import new_seed
from game.rules.position import Position
from ui import text as words
from ui.app.after_match import AfterMatch
from ui.app.bookkeeping import keep_game_over, open_statistics
from ui.app.file_jobs import QUIT_WAIT_S, FileJobs
from ui.app.ids import open_editor, open_ids, open_setup
from ui.app.pacer import NAP_S, SLEEP_S, FramePacer, Pace
from ui.app.recovery import FailureRun, guarded_frame, guarded_needs_frames, log_failure
from ui.app.stop import StopRequest
from ui.app.window import desktop_size, fills, fingerprint, fitting_size, keep_minimum, open_window
from ui.model.display import HomeSide
from ui.model.records import record_name
from ui.model.session import GameConfig, GameSession, SaveError
from ui.model.storage import Settings, StorageError, Store
from ui.scenes.backdrop import Backdrop
from ui.scenes.base import Command, ConfirmDialog, Scene, SceneStack, Worker
from ui.scenes.drill.scene import DrillScene
from ui.scenes.game.dialogs import GameOverScene, HelpOverlay, ResumePrompt
from ui.scenes.game.scene import GameScene
from ui.scenes.review.open_match import OpenMatchScene, open_dropped
from ui.scenes.review.scene import ReviewScene
from ui.scenes.settings.menu import MenuScene
from ui.text import _, chosen_language
from ui.text.engine import level_name, theme_name
from ui.text.model import notice
from ui.widgets.layout import Layout
from ui.widgets.render import Renderer
from ui.widgets.sound import Sounds
from ui.widgets.status_bar import StatusLines, StatusPlan, draw_status, plan_status
from ui.widgets.theme import Theme, theme_for

MESSAGE_SECONDS = 6.0

T = TypeVar("T")

ScreenCommand = Literal[
    Command.MENU,
    Command.HELP,
    Command.STATS,
    Command.IDS,
    Command.SETUP,
    Command.OPEN_MATCH,
    Command.EDITOR,
    Command.DRILL,
]
"""The app-wide commands that open a screen or a dialog."""


class App:
    """The game's window and everything it shows (the Context the scenes see)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        store: Store | None = None,
        worker_factory: Callable[[], Worker] | None = None,
        start: Position | None = None,
        surface: pygame.Surface | None = None,
        sound: bool = True,
        seeds: Callable[[], str] | None = None,
        stop: StopRequest | None = None,
    ) -> None:
        """Open the window (or draw on ``surface`` off-screen), load settings, offer the saved game.

        ``size``: the window's size (None: the size the player last gave it, or the default, fitted
        to the screen); ``start``: the board new games start from, seen from the human (tests stack
        a near-end position); ``worker_factory`` makes the AI worker, ``seeds`` each game's dice seed.
        """
        self.stop = stop if stop is not None else StopRequest()
        """An end asked for by a signal (:mod:`ui.app.stop`): the loop saves and ends."""
        self.store = store if store is not None else Store()
        """Settings and saved game on disk."""
        self.settings, warning = self.store.load_settings()
        """The player's settings."""
        self._saved_window_size = self.settings.window_size
        self.headless = surface is not None
        """True when drawing off-screen (no window, no events)."""
        if surface is None:
            desktop = desktop_size()
            wanted = size if size is not None else fitting_size(self.settings.window_size, desktop)
            surface = open_window(wanted, maximised=size is None and fills(wanted, desktop))
        self.screen = surface
        self._language = self.settings.language
        """The language setting last applied (a change in the settings is spoken at once)."""
        words.use(chosen_language(self._language))  # the catalogue read before the first frame
        pygame.font.init()
        self._worker_factory = worker_factory
        self._worker: Worker | None = None
        self._warning_shown = False
        self.start = start
        """The starting board for new games (None: the start of the variant in the settings)."""
        self.seeds = seeds if seeds is not None else new_seed
        """Makes a new game's dice seed."""
        self.renderer = Renderer()
        """Draws boards; holds fonts and caches."""
        self._layout = Layout.compute(self.screen.get_size(), self.settings.home is HomeSide.LEFT)
        self.stack = SceneStack()
        """The scenes: the board at the bottom, dialogs above."""
        self.message: tuple[str, bool] = ("", False)
        """The status line: (text, is a warning)."""
        self.message_ttl = 0.0
        self.sounds = Sounds(self.settings.sound, device=sound and not self.headless, tell=self.notify)
        """The synthesized sounds (a start without a sound device says so in the status line)."""
        self.alerts: list[str] = []
        """Warnings that stay until dismissed (a file that could not be saved or read)."""
        self.saving_failed = False
        """True after a save failed (said once, until one works again)."""
        self.running = True
        """False once the player quits."""
        self.file_jobs = FileJobs(self._file_job_failed)
        """Reading and writing the player's files during play, off this thread."""
        self.after_match = AfterMatch()
        """A finished match reviewed in the background for the drills (:mod:`ui.app.after_match`)."""
        self.clock = pygame.time.Clock()
        self._time = 0.0
        self.current_scene: Scene | None = None
        """The scene whose code runs now (None: the app's own); a failure is blamed on it."""
        self.failures = FailureRun()
        """The loop's failures close together (:mod:`ui.app.recovery`)."""
        self.gave_up = False
        """True once failures in a row made the loop stop (see :func:`~ui.app.recovery.recover`)."""
        self.stack.push(Backdrop(self))
        if warning is not None:
            self.alert(notice(warning))
        if self.renderer.fonts.warning:  # hook (robust): a damaged or missing font file
            self.alert(self.renderer.fonts.warning)
        if not self.headless:
            self.offer_saved_game()

    # --- the Context ------------------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """Geometry for the current window size."""
        return self._layout

    @property
    def theme(self) -> Theme:
        """The colours in use."""
        return theme_for(self.settings.theme)

    @property
    def worker(self) -> Worker:
        """The AI worker (started on first use), with a search helper a core (:mod:`ai.parallel`)."""
        if self._worker is None:
            self._worker = self._make_worker(every_core=True)
        return self._worker

    def new_worker(self) -> Worker:
        """A worker of the caller's own (a review's): the caller closes it."""
        return self._make_worker(every_core=False)

    def _make_worker(self, every_core: bool) -> Worker:
        if self._worker_factory is not None:
            return self._worker_factory()
        from ai.engine_types import default_helpers
        from ai.worker.transport import AIWorker

        return AIWorker(helpers=default_helpers() if every_core else 0)

    def now(self) -> float:
        """Seconds of frames since the app started."""
        return self._time

    def evaluator_warning(self) -> str | None:
        """Why the AI is not using its neural network (None if it is, or not known yet)."""
        return None if self._worker is None else self._worker.evaluator_warning

    def level_label(self, key: str) -> str:
        """The words for a level key."""
        return level_name(key)

    @property
    def game(self) -> GameScene | None:
        """The game being played (the bottom scene), if any."""
        bottom = self.stack.bottom()
        return bottom if isinstance(bottom, GameScene) else None

    @property
    def scenes(self) -> list[Scene]:
        """The scenes over the board, bottom first."""
        return self.stack.above_bottom()

    def game_session(self) -> GameSession | None:
        """The game on the board, if any."""
        return self.game.session if self.game is not None else None

    def push(self, scene: Scene) -> None:
        """Open a scene on top."""
        self.stack.push(scene)

    def pop(self, scene: Scene) -> None:
        """Close a scene."""
        self.stack.pop(scene)

    def stacked(self) -> list[Scene]:
        """Every scene on the stack, bottom first."""
        return list(self.stack)

    def notify(self, message: str, warn: bool = False, stays: bool = False) -> None:
        """Show a message in the status strip until the next, or for a few seconds unless it ``stays``."""
        self.message = (message, warn)
        self.message_ttl = float("inf") if stays else MESSAGE_SECONDS * (2 if warn else 1)

    def clear_warning(self) -> None:
        """Take a warning off the status strip (an ordinary message stays)."""
        if self.message[1]:
            self.message = ("", False)
            self.message_ttl = 0.0

    def alert(self, message: str) -> None:
        """A warning that stays on screen until dismissed (X, or a click on it)."""
        if message not in self.alerts:
            self.alerts.append(message)

    def dismiss_alert(self) -> None:
        """Take the oldest warning off the screen."""
        if self.alerts:
            self.alerts.pop(0)

    def open_review(self, data: bytes, name: str, path: Path | None) -> None:
        """Review a match record over the current screen."""
        self.push(ReviewScene(self, data, name, path))

    def run_file_job(self, job: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run ``job`` (reading, parsing or writing files) off this thread after the jobs before it;
        ``then`` gets its result on this thread, in a frame soon after."""
        self.file_jobs.submit(job, then)

    def _file_job_failed(self, exc: Exception) -> None:
        where = log_failure(self, exc)
        self.alert(
            _("A file could not be read or written ({name}). {where}").format(
                name=type(exc).__name__, where=where
            ),
        )

    def run(self, command: Command) -> None:
        """An app-wide command."""
        match command:
            case Command.NEW_GAME:
                self.request_new_game()
            case Command.GAME_OVER:
                self.game_over()
            case Command.NEXT_GAME:
                self.after_game()
            case Command.DECLINE_RESUME:
                self.decline_resume()
            case Command.QUIT:
                self.quit()
            case Command.SOUND:
                self.toggle_sound()
            case Command.THEME:
                self.toggle_theme()
            case Command.DISMISS:
                self.dismiss_alert()
            case _:
                self._open(command)

    def _open(self, screen: ScreenCommand) -> None:
        """The commands that open a screen or a dialog over the current one."""
        match screen:
            case Command.MENU:
                self.open_menu()
            case Command.HELP:
                self.open_help()
            case Command.STATS:
                self.open_stats()
            case Command.IDS:
                open_ids(self)
            case Command.SETUP:
                open_setup(self)
            case Command.OPEN_MATCH:
                self.push(OpenMatchScene(self))
            case Command.EDITOR:
                open_editor(self)
            case Command.DRILL:
                if not any(isinstance(s, DrillScene) for s in self.stack):
                    self.push(DrillScene(self))
            case _:
                assert_never(screen)

    # --- start-up ----------------------------------------------------------------------------------

    def offer_saved_game(self) -> None:
        """The saved game offered again (or the new-game menu when there is none or it is damaged)."""
        data, warning = self.store.load_game_data()
        if warning is not None:
            self.alert(notice(warning))
        session = None
        if data is not None:
            try:
                session = GameSession.from_json(data)
            except SaveError as exc:
                self.alert(notice(self.store.reject_game(str(exc))))
        if session is not None:
            self.stack.replace(Backdrop(self, session))
            self.push(ResumePrompt(self, session))
        else:
            self.push(MenuScene(self))
        _ = self.worker  # the evaluator loads while the player reads the menu

    def resume(self, session: GameSession) -> None:
        """Continue a saved game."""
        self.set_game(session)
        self.notify(
            _("Welcome back: game {number}, match to {length}.").format(
                number=session.match.game_number(), length=session.config.match_length
            )
        )

    def decline_resume(self) -> None:
        """Go to the new-game dialog instead of the saved game."""
        self.stack.replace(Backdrop(self))
        self.push(MenuScene(self))

    # --- games -----------------------------------------------------------------------------------------

    def config(self) -> GameConfig:
        """The config for a new match, from the settings."""
        return self.settings.game_config()

    def set_game(self, session: GameSession) -> None:
        """Put ``session`` on the board (any search of the game before stops)."""
        if self.game is not None:
            self.game.cancel()
        self.stack.replace(GameScene(self, session))

    def is_game_in_progress(self) -> bool:
        """True when leaving now would throw away a game that has started, or a match not yet won."""
        s = self.game_session()
        return s is not None and s.turn is not None and not s.match_now().is_over()

    def request_new_game(self) -> None:
        """Start a new match, asking first when that would abandon a game or match in progress."""
        s = self.game_session()
        if s is None or not self.is_game_in_progress():
            self.start_new_game()
            return
        if s.outcome() is None:
            question, detail = _("Abandon this game?"), _("The game in progress will be lost.")
        else:
            question, detail = _("Abandon this match?"), _("The match in progress will be lost.")
        self.push(ConfirmDialog(self, question, detail, _("Abandon it"), self.start_new_game))

    def start_new_game(self) -> None:
        """Start a new match with the current settings (cancels any search at once)."""
        session = GameSession(self.config(), seed=self.seeds(), start=self.start)
        session.record_name = record_name(datetime.datetime.now(), session.match.length)
        self.set_game(session)
        self.save_game(session)
        self.notify(_("New game. The dice seed's SHA-256 is in the panel."))

    def after_game(self) -> None:
        """From the game-over screen: the next game of the match, or a new match."""
        s = self.game_session()
        if s is None or s.match_now().is_over():
            self.start_new_game()
            return
        nxt = s.next_game(self.seeds())
        self.set_game(nxt)
        self.save_game(nxt)
        self.notify(_("Game {number} of the match.").format(number=nxt.match.game_number()))

    def game_over(self) -> None:
        """The game scene reports its game is over."""
        s = self.game_session()
        if s is not None and not any(isinstance(x, GameOverScene) for x in self.stack):
            self.push(GameOverScene(self, s))
            keep_game_over(self, s)
            self.after_match.start(self, s)  # after the record is written: the file jobs keep order

    def save_game(self, session: GameSession | None = None) -> None:
        """Save the game in progress (the match is forgotten once it is over)."""
        s = session if session is not None else self.game_session()
        if s is None or self.headless:
            return
        try:
            if s.match_now().is_over():
                self.store.clear_game()
            else:
                self.store.save_game(s.to_json())
        except OSError as exc:
            if not self.saving_failed:
                self.alert(_("Saving is off: the game could not be saved ({error}).").format(error=exc))
            self.saving_failed = True
            return
        self.saving_failed = False

    def settings_changed(self) -> None:
        """The settings were edited: apply what applies now and save them."""
        try:
            self.settings.validate()
        except StorageError as exc:
            self.alert(str(exc))
            self.settings = Settings()
        self.sounds.enabled = self.settings.sound
        if self.settings.language != self._language:
            self._language = self.settings.language
            code = self._language or chosen_language("")  # the player's choice (or the system's)
            self.run_file_job(lambda: words.catalogue_or_why(code), lambda read: self.speak(code, *read))
        if self.layout.home_left != (self.settings.home is HomeSide.LEFT):
            self.resize(self.layout.size)
        if not self.headless:
            self._save_settings()

    def speak(
        self, language: str, catalogue: gettext.NullTranslations | None = None, why: str | None = None
    ) -> None:
        """Word everything in ``language`` from the next frame (``catalogue``: its translations, read
        off this thread; ``why`` it could not be read, said in an alert, English shown): every scene
        re-words and lays itself out again."""
        if why is not None:
            self.alert(
                _("The words of {language} could not be read ({why}): English is shown.").format(
                    language=words.name_of(language), why=why
                )
            )
        words.use(language, gettext.NullTranslations() if why is not None else catalogue)
        for s in self.stack:
            self.current_scene = s
            s.on_language()
        self.current_scene = None

    def _save_settings(self) -> None:
        try:
            self.store.save_settings(self.settings)
        except OSError as exc:
            self.alert(_("Could not save the settings: {error}").format(error=exc))
            return
        self._saved_window_size = self.settings.window_size

    def toggle_sound(self) -> None:
        """The mute key."""
        self.settings.sound = not self.settings.sound
        self.settings_changed()
        self.notify((self.sounds.problem or _("Sound on.")) if self.settings.sound else _("Sound off."))

    def toggle_theme(self) -> None:
        """Switch between the classic and the colour-blind theme."""
        self.settings.theme = self.settings.theme.other
        self.settings_changed()
        self.notify(_("Theme: {theme}.").format(theme=theme_name(self.settings.theme)))

    def open_menu(self) -> None:
        """The new-game dialog (the game waits underneath)."""
        if not any(isinstance(s, MenuScene) for s in self.stack):
            self.push(MenuScene(self))

    def open_stats(self) -> None:
        """The player's statistics, once read (a damaged file is moved aside, and the player told)."""
        open_statistics(self)

    def open_help(self) -> None:
        """The help overlay."""
        if not isinstance(self.stack.top(), HelpOverlay):
            self.push(HelpOverlay(self))

    # --- the loop --------------------------------------------------------------------------------------

    def quit(self) -> None:
        """Stop any search, save, finish the file jobs (a bounded wait), and end the loop."""
        if self.game is not None:
            self.game.cancel()
            self.save_game()
        if not self.file_jobs.close(QUIT_WAIT_S):
            why = f"file jobs unfinished after {QUIT_WAIT_S:g} s at quit: a record or statistic may be lost"
            log_failure(self, TimeoutError(why))
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.after_match.close()
        for scene in self.stack:
            scene.close()
        if not self.headless and self.settings.window_size != self._saved_window_size:
            self._save_settings()  # the window's size, for the next start
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        """One event: window events and the alert banner here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.headless:
                self.screen = keep_minimum(pygame.display.get_surface() or self.screen)
                if self.screen.get_size() != self.layout.size:  # the player resized it
                    self.settings.window_size = self.screen.get_size()
            self.resize(self.screen.get_size())
            return
        if event.type == pygame.DROPFILE:  # a record dropped on the window: reviewed over the game
            open_dropped(self, event.file)
            return
        if self._alert_event(event):
            return
        target = self.stack.top()
        if target is not None:
            self.current_scene = target
            target.handle_event(event)
            self.current_scene = None

    def _alert_event(self, event: pygame.event.Event) -> bool:
        top = self.stack.top()
        if not self.alerts or (top is not None and top.opaque):  # the band is hidden
            return False
        # a click on the band dismisses it; on the game screen so does X (the ACTIONS table)
        if event.type == pygame.MOUSEBUTTONDOWN and self.alert_rect().collidepoint(event.pos):
            self.dismiss_alert()
            return True
        return False

    def alert_rect(self) -> pygame.Rect:
        """Where the oldest alert is drawn: a band just above the status strip, as tall as its lines."""
        return self._status_plan().band

    def _status_plan(self) -> StatusPlan:
        msg = self.message[0] if self.message_ttl > 0 else ""
        lines = StatusLines(msg, self.message[1], tuple(self.alerts))
        return plan_status(self.renderer.fonts, self.layout.status, self.layout.panel.x, lines)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out again for a new window size."""
        self._layout = Layout.compute(size, self.settings.home is HomeSide.LEFT)
        for s in self.stack:
            self.current_scene = s
            s.on_resize()
        self.current_scene = None

    def needs_frames(self) -> bool:
        """True while something runs that the picture may not show: a search, or a scene's
        animation or timer (the loop keeps its frame rate and polls the worker)."""
        if (
            self.file_jobs.busy()
            or (self._worker is not None and self._worker.busy)
            or self.after_match.busy()
        ):
            return True
        for s in self.stack:
            self.current_scene = s
            if s.needs_frames():
                self.current_scene = None
                return True
        self.current_scene = None
        return False

    def pass_idle_time(self, seconds: float) -> None:
        """Time the loop slept with nothing moving: the status line's message runs down by it."""
        self._time += seconds
        if self.message_ttl > 0:
            self.message_ttl -= seconds

    def update(self, dt: float) -> None:
        """Advance the worker, the game and the overlays."""
        self._time += dt
        self.file_jobs.drain()
        self.after_match.poll(self)
        if self._worker is not None:
            for ev in self._worker.poll():
                for scene in self.stack:
                    self.current_scene = scene
                    scene.on_worker(ev)
                self.current_scene = None
            warning = self._worker.evaluator_warning
            if warning and not self._warning_shown:
                self._warning_shown = True
                self.notify(warning, warn=True)
        for s in self.stack:
            self.current_scene = s
            s.update(dt, self.stack.is_covered(s))
        self.current_scene = None
        if self.message_ttl > 0:
            self.message_ttl -= dt

    def draw(self, surface: pygame.Surface) -> None:
        """The whole window: the scenes from the topmost that covers it all (those under it are
        not seen), the status strip over the bottom one."""
        scenes = list(self.stack)
        first = max((i for i, s in enumerate(scenes) if s.opaque), default=0)
        if first == 0 and scenes:
            self.current_scene = scenes[0]
            scenes[0].draw(surface)
            self.current_scene = None
        if first == 0:
            self._draw_status(surface)
        for s in scenes[max(1, first) :]:
            self.current_scene = s
            s.draw(surface)
        self.current_scene = None

    def _draw_status(self, surface: pygame.Surface) -> None:
        draw_status(surface, self.renderer.fonts, self.theme, self._status_plan(), self.message[1])

    def frame(self, dt: float) -> bool:
        """One turn of the loop: events, update, draw, flip. True when the frame had input."""
        events = pygame.event.get()
        for event in events:
            self.handle_event(event)
            if not self.running:
                return True
        self.update(dt)
        self.draw(self.screen)
        pygame.display.flip()
        return bool(events)

    def wait_for_frame(self, pace: Pace, pacer: FramePacer) -> float:
        """Wait as ``pace`` says; the seconds the next frame advances by."""
        match pace:
            case Pace.FULL:
                return min(self.clock.tick(pacer.busy_fps) / 1000.0, 0.1)
            case Pace.SLOW:
                return min(self.clock.tick(pacer.idle_fps) / 1000.0, 0.1)
            case Pace.ASLEEP:
                limit = SLEEP_S if self.message_ttl <= 0 else min(SLEEP_S, self.message_ttl)
                end = time.monotonic() + limit
                # short naps, not pygame.event.wait: its timeout polls the queue every millisecond
                while time.monotonic() < end and not pygame.event.peek() and self.stop.code is None:
                    time.sleep(NAP_S)
                slept = self.clock.tick() / 1000.0
                step = 1.0 / pacer.busy_fps  # what the event sets going starts afresh
                self.pass_idle_time(max(0.0, slept - step))
                return step
            case _:
                assert_never(pace)

    def run_loop(self) -> int:
        """The main loop until the player quits: 60 frames a second while anything moves, 15 while
        the picture stands still but a search or a timer runs, and none while nothing does (it
        sleeps until an event comes). Returns :attr:`stop`'s code when one came (the game saved as
        at a quit), 1 when failures made it stop (see ``recovery``), else 0."""
        pacer = FramePacer()
        pace = Pace.FULL
        try:
            while self.running and self.stop.code is None:
                had_input = guarded_frame(self, self.wait_for_frame(pace, pacer))
                pace = pacer.next_pace(fingerprint(self.screen), had_input, guarded_needs_frames(self))
        finally:
            if self.running:  # asked from outside, or an exception: still save and stop the search
                self.quit()
        return self.stop.code if self.stop.code is not None else int(self.gave_up)
