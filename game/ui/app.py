"""The application: one window, one loop that owns the clock, a stack of scenes.

``main(argv)`` opens the window and plays; ``render_snapshot(size)`` draws one
frame of a game off-screen (for ``--selftest``). Nothing here runs at import.

The loop each frame: take the window's events (closing the window saves the
game and stops any search), hand the rest to the top scene, poll the AI worker
(never blocking; the search runs elsewhere), advance every scene by the frame's
time, then draw the game, the status strip and any overlays.
"""

from __future__ import annotations

import argparse
import contextlib
import random
from collections.abc import Callable
from typing import Any

import pygame

from ai.levels import DEFAULT_LEVEL, LEVELS, level_by_key
from game.dice import new_seed
from game.position import Position, PositionError
from game.resources import asset_path
from game.ui.game_scene import GameScene
from game.ui.layout import Layout
from game.ui.render import BoardView, Renderer
from game.ui.scene import Scene
from game.ui.scenes import GameOverScene, HelpOverlay, MenuScene, ResumePrompt
from game.ui.session import HUMAN, GameConfig, GameSession, SaveError
from game.ui.sound import Sounds
from game.ui.storage import Settings, StorageError, Store
from game.ui.theme import Theme, theme_by_name
from game.ui.widgets import fit_text, text

FPS = 60
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (640, 420)
MESSAGE_SECONDS = 6.0


class App:
    """The game's window and everything it shows."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        store: Store | None = None,
        worker_factory: Callable[[], Any] | None = None,
        start: Position | None = None,
        surface: pygame.Surface | None = None,
        sound: bool = True,
        seeds: Callable[[], str] | None = None,
    ) -> None:
        """Open the window (or draw on ``surface`` off-screen), load settings, offer the saved game.

        ``start`` is the board new games start from, seen from the human (tests
        stack a near-end position); ``worker_factory`` makes the AI worker;
        ``seeds`` makes each game's dice seed (default: fresh random seeds).
        """
        if surface is None:
            pygame.display.init()
            pygame.font.init()
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_caption("Backgammon")
            icon = asset_path("icon", "icon.png")
            if icon.exists():
                with contextlib.suppress(pygame.error):
                    pygame.display.set_icon(pygame.image.load(str(icon)))
        else:
            pygame.font.init()
            self.screen = surface
        self.headless = surface is not None
        """True when drawing off-screen (no window, no events)."""
        self.store = store if store is not None else Store()
        """Settings and saved game on disk."""
        self.settings, warning = self.store.load_settings()
        """The player's settings."""
        self._worker_factory = worker_factory
        self._worker: Any = None
        self._warning_shown = False
        self.start = start
        """The starting board for new games (None: the standard start)."""
        self.seeds = seeds if seeds is not None else new_seed
        """Makes a new game's dice seed."""
        self.renderer = Renderer()
        """Draws boards; holds fonts and caches."""
        self.layout = Layout.compute(self.screen.get_size())
        """Geometry for the current window size."""
        self.sounds = Sounds(self.settings.sound, device=sound and not self.headless)
        """The synthesized sounds."""
        self.game: GameScene | None = None
        """The game being played (the bottom scene), if any."""
        self.scenes: list[Scene] = []
        """Overlays above the game, top last."""
        self.message: tuple[str, bool] = ("", False)
        self.message_ttl = 0.0
        self.running = True
        """False once the player quits."""
        self.clock = pygame.time.Clock()
        if warning:
            self.notify(warning, warn=True)
        if self.renderer.fonts.warning:  # hook (robust): a damaged or missing font file
            self.notify(self.renderer.fonts.warning, warn=True)
        if not self.headless:
            self._offer_saved_game()

    # --- properties ------------------------------------------------------------------------------------

    @property
    def theme(self) -> Theme:
        """The colours in use."""
        return theme_by_name(self.settings.theme)

    @property
    def worker(self) -> Any:
        """The AI worker (started on first use)."""
        if self._worker is None:
            if self._worker_factory is not None:
                self._worker = self._worker_factory()
            else:
                from ai.worker import AIWorker

                self._worker = AIWorker()
        return self._worker

    def evaluator_warning(self) -> str | None:
        """Why the AI is not using its neural network (None if it is, or not known yet)."""
        if self._worker is None:
            return None
        warning: str | None = self._worker.evaluator_warning
        return warning

    def level_label(self, key: str) -> str:
        """The words for a level key."""
        try:
            return level_by_key(key).label
        except ValueError:
            return key

    # --- start-up ----------------------------------------------------------------------------------

    def _offer_saved_game(self) -> None:
        data, warning = self.store.load_game_data()
        if warning:
            self.notify(warning, warn=True)
        session = None
        if data is not None:
            try:
                session = GameSession.from_json(data)
            except SaveError as exc:
                self.notify(self.store.reject_game(str(exc)), warn=True)
        if session is not None:
            self.scenes = [ResumePrompt(self, session)]
        else:
            self.scenes = [MenuScene(self)]
        _ = self.worker  # the evaluator loads while the player reads the menu

    def resume(self, session: GameSession) -> None:
        """Continue a saved game."""
        self._set_game(session)
        self.notify(
            f"Welcome back: game {session.match.game_number()}, match to {session.config.match_length}."
        )

    def decline_resume(self) -> None:
        """Go to the new-game dialog instead of the saved game."""
        self.scenes = [MenuScene(self)]

    # --- games -----------------------------------------------------------------------------------------

    def config(self) -> GameConfig:
        """The config for a new match, from the settings."""
        try:
            level = level_by_key(self.settings.level)
        except ValueError:
            level = level_by_key(DEFAULT_LEVEL)
        s = self.settings
        return GameConfig(level.key, level.depth, level.noise, s.match_length, s.first, s.colour)

    def _set_game(self, session: GameSession) -> None:
        if self.game is not None:
            self.game.cancel()
        self.game = GameScene(self, session)
        self.scenes = []

    def start_new_game(self) -> None:
        """Start a new match with the current settings (cancels any search at once)."""
        session = GameSession(self.config(), seed=self.seeds(), start=self.start)
        self._set_game(session)
        self.save_game()
        self.notify(f"New game. The dice seed's SHA-256 is {session.commitment}.")

    def after_game(self, session: GameSession) -> None:
        """From the game-over screen: the next game of the match, or a new match."""
        if session.match_now().is_over():
            self.start_new_game()
            return
        nxt = session.next_game(self.seeds())
        self._set_game(nxt)
        self.save_game()
        self.notify(f"Game {nxt.match.game_number()}. The dice seed's SHA-256 is {nxt.commitment}.")

    def game_over(self, scene: GameScene) -> None:
        """The game scene reports its game is over."""
        self.save_game()
        self.push(GameOverScene(self, scene.session))

    def save_game(self) -> None:
        """Save the game in progress (the match is forgotten once it is over)."""
        if self.game is None or self.headless:
            return
        s = self.game.session
        try:
            if s.match_now().is_over():
                self.store.clear_game()
            else:
                self.store.save_game(s.to_json())
        except OSError as exc:
            self.notify(f"Could not save the game: {exc}", warn=True)

    def settings_changed(self) -> None:
        """The settings were edited: apply what applies now and save them."""
        try:
            self.settings.validate()
        except StorageError as exc:
            self.notify(str(exc), warn=True)
            self.settings = Settings()
        self.sounds.enabled = self.settings.sound
        if not self.headless:
            try:
                self.store.save_settings(self.settings)
            except OSError as exc:
                self.notify(f"Could not save the settings: {exc}", warn=True)

    def toggle_sound(self) -> None:
        """The mute key."""
        self.settings.sound = not self.settings.sound
        self.settings_changed()
        self.notify("Sound on." if self.settings.sound else "Sound off.")

    def toggle_theme(self) -> None:
        """Switch between the classic and the colour-blind theme."""
        self.settings.theme = "colour-blind" if self.settings.theme == "classic" else "classic"
        self.settings_changed()
        self.notify(f"Theme: {self.settings.theme}.")

    # --- scenes ------------------------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        """Open an overlay."""
        self.scenes.append(scene)

    def pop(self, scene: Scene) -> None:
        """Close an overlay."""
        if scene in self.scenes:
            self.scenes.remove(scene)

    def open_menu(self) -> None:
        """The new-game dialog (the game goes on underneath)."""
        if not any(isinstance(s, MenuScene) for s in self.scenes):
            self.push(MenuScene(self))

    def open_help(self) -> None:
        """The help overlay."""
        if not self.scenes or not isinstance(self.scenes[-1], HelpOverlay):
            self.push(HelpOverlay(self))

    def notify(self, message: str, warn: bool = False) -> None:
        """Show a message in the status strip."""
        self.message = (message, warn)
        self.message_ttl = MESSAGE_SECONDS * (2 if warn else 1)

    # --- the loop --------------------------------------------------------------------------------------

    def quit(self) -> None:
        """Stop any search, save, and end the loop."""
        if self.game is not None:
            self.game.cancel()
            self.save_game()
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        """One event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.headless:
                self.screen = pygame.display.get_surface() or self.screen
            self.resize(self.screen.get_size())
            return
        if event.type == pygame.KEYDOWN:
            help_open = bool(self.scenes) and isinstance(self.scenes[-1], HelpOverlay)
            if not help_open:
                if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
                    self.open_help()
                    return
                if event.key == pygame.K_m:
                    self.toggle_sound()
                    return
                if event.key == pygame.K_t:
                    self.toggle_theme()
                    return
        target: Scene | None = self.scenes[-1] if self.scenes else self.game
        if target is not None:
            target.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out again for a new window size."""
        self.layout = Layout.compute(size)
        if self.game is not None:
            self.game.on_resize()
        for s in self.scenes:
            s.on_resize()

    def update(self, dt: float) -> None:
        """Advance the worker, the game and the overlays."""
        if self._worker is not None:
            events = self._worker.poll()
            if self.game is not None:
                for ev in events:
                    self.game.on_worker(ev)
            warning = self._worker.evaluator_warning
            if warning and not self._warning_shown:
                self._warning_shown = True
                self.notify(warning, warn=True)
        if self.game is not None:
            self.game.update(dt)
        for s in list(self.scenes):
            s.update(dt)
        if self.message_ttl > 0:
            self.message_ttl -= dt

    def draw(self, surface: pygame.Surface) -> None:
        """The whole window."""
        if self.game is not None:
            self.game.draw(surface)
        else:
            self._draw_backdrop(surface)
        self._draw_status(surface)
        for s in self.scenes:
            s.draw(surface)

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        # behind the resume prompt, the saved game's board; else the starting position
        saved = next((s.session for s in self.scenes if isinstance(s, ResumePrompt)), None)
        if saved is not None:
            human, ai = saved.sides()
            view = BoardView(human, ai, saved.config.colour)
        else:
            start = Position.start()
            view = BoardView(start.mine, start.theirs, self.settings.colour)
        self.renderer.draw(surface, self.layout, self.theme, view)
        pygame.draw.rect(surface, self.theme.panel, self.layout.top)
        pygame.draw.rect(surface, self.theme.panel, self.layout.panel)
        text(
            surface,
            self.renderer.fonts,
            "Backgammon",
            (self.layout.top.x + 16, self.layout.top.centery),
            self.layout.top.height * 0.45,
            self.theme.text,
            True,
            "midleft",
        )

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay, th = self.layout, self.theme
        rect = lay.status
        pygame.draw.rect(surface, th.panel, rect)
        size = rect.height * 0.45
        fonts = self.renderer.fonts
        hint = "F1 help"
        r = text(
            surface, fonts, hint, (rect.right - 12, rect.centery), size * 0.9, th.text_dim, anchor="midright"
        )
        msg, warn = self.message
        if msg and self.message_ttl > 0:
            shown = fit_text(fonts.get(size), msg, r.x - 30)
            text(
                surface,
                fonts,
                shown,
                (rect.x + 12, rect.centery),
                size,
                th.warn if warn else th.text,
                anchor="midleft",
            )

    def frame(self, dt: float) -> None:
        """One turn of the loop: events, update, draw, flip."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        self.update(dt)
        self.draw(self.screen)
        pygame.display.flip()

    def run(self) -> int:
        """The main loop, at 60 frames a second, until the player quits."""
        try:
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                self.frame(min(dt, 0.1))
        finally:
            if self.running:  # an exception: still save and stop the search
                self.quit()
        return 0


def _parse_size(text_: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text_.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, got {text_!r}") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    return w, h


def _parse_position(text_: str) -> Position:
    try:
        return Position.from_id(text_)
    except PositionError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``play`` command's options."""
    ap.add_argument("--size", type=_parse_size, default=DEFAULT_SIZE, help="window size, e.g. 1280x800")
    ap.add_argument(
        "--position",
        type=_parse_position,
        default=None,
        help="start new games from this GNU Backgammon Position ID (you on roll), for practice",
    )
    ap.add_argument("--level", choices=[lv.key for lv in LEVELS], help="AI level for new games")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> int:
    """Play backgammon in a window with parsed options; returns the exit code."""
    app = App(args.size, start=args.position)
    if args.level:
        app.settings.level = args.level
        app.settings_changed()
    try:
        return app.run()
    finally:
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    """Play backgammon in a window; returns the exit code."""
    ap = argparse.ArgumentParser(prog="python main.py play", description="Backgammon against the computer.")
    add_arguments(ap)
    return run(ap.parse_args(argv), ap)


def _snapshot_session() -> GameSession:
    """A game a few turns in, with the human to move: for the off-screen frame."""
    level = level_by_key(DEFAULT_LEVEL)
    config = GameConfig(level.key, level.depth, level.noise, 3, "you", "light")
    s = GameSession(config, seed="snapshot")
    s.begin()
    rng = random.Random(5)
    from game.move import legal_moves

    for _ in range(6):
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(rng.choice(moves) if moves else None)
        s.roll()
    while s.turn != HUMAN:
        moves = legal_moves(s.state.position, s.state.dice or (1, 2))
        s.play(rng.choice(moves) if moves else None)
        s.roll()
    return s


def render_snapshot(size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """One frame of a game board drawn off-screen (no window needed)."""
    surface = pygame.Surface(size)
    app = App(size, surface=surface, store=_NullStore())
    app.game = GameScene(app, _snapshot_session())
    app.game.update(0.0)
    b = app.game.builder
    if b is not None and b.sources():
        app.game.selected = max(b.sources())
    app.game.refresh()
    app.notify("Your turn: pick a checker; its legal destinations light up.")
    app.draw(surface)
    return surface


class _NullStore(Store):
    """A store that reads nothing and writes nothing (for off-screen frames)."""

    def __init__(self) -> None:
        pass

    def load_settings(self) -> tuple[Settings, str | None]:
        return Settings(), None

    def save_settings(self, settings: Settings) -> None:
        pass

    def save_game(self, data: object) -> None:
        pass

    def clear_game(self) -> None:
        pass
