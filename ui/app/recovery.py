"""What the game does when a screen fails: the traceback logged, the game saved, the screen taken
away and the player told; failures in a quick run escalate (see :func:`recover`)."""

from __future__ import annotations

import datetime
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Protocol

from game import __version__
from ui.model.session import GameSession
from ui.scenes.backdrop import Backdrop
from ui.scenes.base import Context, Scene, SceneStack
from ui.scenes.game.scene import GameScene
from ui.scenes.settings.menu import MenuScene
from ui.text import _

FAILURE_WINDOW_S = 5.0
"""Failures of the loop this close to the one before form a run, and the response escalates."""
MAX_FAILURES = 3
"""The failures in a run that make the game save and stop instead of trying again."""


@dataclass
class FailureRun:
    """The loop's failures that came close together (each within FAILURE_WINDOW_S of the last)."""

    times: list[float] = field(default_factory=list)
    """When each failure of the run came (the monotonic clock)."""

    def note(self, now: float) -> int:
        """A failure at ``now``: it joins the run, or starts a new one; how many the run holds."""
        if self.times and now - self.times[-1] > FAILURE_WINDOW_S:
            self.times = []
        self.times.append(now)
        return len(self.times)


class FailingApp(Context, Protocol):
    """What recovery uses of the app beyond the scenes' Context: the loop's state, the scene stack,
    saving, offering the saved game again and quitting."""

    stack: SceneStack
    """The scenes: the board at the bottom, dialogs above."""
    running: bool
    """False once the loop is to end."""
    gave_up: bool
    """True once failures in a row made the loop stop."""
    saving_failed: bool
    """True after a save failed."""
    current_scene: Scene | None
    """The scene whose code runs now (None: the app's own)."""
    failures: FailureRun
    """The loop's failures close together."""

    @property
    def game(self) -> GameScene | None:
        """The game being played (the bottom scene), if any."""
        ...

    def save_game(self, session: GameSession | None = None) -> None:
        """Save the game in progress (None: the one on the board)."""
        ...

    def offer_saved_game(self) -> None:
        """The saved game offered again (the new-game menu when there is none)."""
        ...

    def quit(self) -> None:
        """Save and stop."""
        ...

    def frame(self, dt: float) -> bool:
        """One frame of the loop; True when it had input."""
        ...

    def needs_frames(self) -> bool:
        """True while some scene changes with time."""
        ...


def recover(app: FailingApp, exc: Exception, scene: Scene | None) -> None:
    """After ``exc`` escaped ``scene`` (None: the app's own code): log the traceback, save the
    game, take the failing screen away and tell the player. Within a run of failures (each within
    FAILURE_WINDOW_S of the last) the remedy grows: first the scene is closed (the board's own
    scene: the saved game is offered again), then the new-game menu on a bare board, and at
    MAX_FAILURES the game saves and stops."""
    failures = app.failures.note(time.monotonic())
    where = log_failure(app, exc)
    had_game = app.game_session() is not None
    try:
        app.save_game()
    except Exception as save_exc:  # a game too broken to write: the last save stays
        log_failure(app, save_exc)
    what = _("Something went wrong ({name}: {error})").format(name=type(exc).__name__, error=exc)[:160]
    if failures >= MAX_FAILURES:
        print(f"{what}; it kept happening, so the game stopped. {where}", file=sys.stderr)
        app.gave_up = True
        try:
            app.quit()
        except Exception as quit_exc:  # the game is stopping anyway
            log_failure(app, quit_exc)
        app.running = False
        return
    try:
        done = _drop_failing(app, scene, first=failures == 1)
    except Exception as drop_exc:  # the remedy failed too: the next failure escalates
        log_failure(app, drop_exc)
        done = _("It may happen again")
    kept = had_game and not app.headless and not app.saving_failed
    saved = _(" Your game is saved.") if kept else ""
    app.alert(f"{what}. {done}.{saved} {where}")


def _drop_failing(app: FailingApp, scene: Scene | None, first: bool) -> str:
    """Take the failing ``scene`` off the screen; what was done, in words."""
    if first and scene is not None and scene is not app.stack.bottom() and scene in app.stack:
        app.stack.pop(scene)
        scene.close()
        return _("That window was closed")
    if app.game is not None:
        app.game.cancel()
    app.stack.replace(Backdrop(app))
    if first:
        app.offer_saved_game()
        return _("The game was set up again from its last save")
    app.push(MenuScene(app))
    return _("Back to the menu")


def log_failure(app: Context, exc: BaseException) -> str:
    """Append ``exc``'s traceback to the error log; where to find it, in words for the player."""
    entry = (
        f"--- {datetime.datetime.now().isoformat(timespec='seconds')} Backgammon {__version__}\n"
        + "".join(traceback.format_exception(exc))
    )
    try:
        path = app.store.log_error(entry)
    except OSError as log_exc:
        return _("The details could not be written ({error}).").format(error=log_exc)
    return "" if path is None else _("Details: {path}").format(path=path)


def guarded_frame(app: FailingApp, dt: float) -> bool:
    """``app.frame(dt)``, with any exception it lets out handed to :func:`recover`: the game goes on.
    True when the frame had input (or failed)."""
    app.current_scene = None
    try:
        return app.frame(dt)
    except Exception as exc:  # a bug in one screen must not end the game
        recover(app, exc, app.current_scene)
        return True


def guarded_needs_frames(app: FailingApp) -> bool:
    """``app.needs_frames()``, with any exception handed to :func:`recover` (then True)."""
    app.current_scene = None
    try:
        return app.needs_frames()
    except Exception as exc:  # a bug in one screen must not end the game
        recover(app, exc, app.current_scene)
        return True
