"""The app's IDs, set-up and editor commands: show the board's IDs, set up a position (from IDs, or
built in the position editor), play it or analyse it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ui.model.position_ids import SetUp, setup_session
from ui.model.session import GameConfig, GameSession
from ui.model.workbench.editor import EditorPosition, from_session
from ui.scenes.base import ConfirmDialog, Context
from ui.scenes.editor.scene import EditorScene
from ui.scenes.game.scene import GameScene
from ui.scenes.ids.dialogs import AnalysisDialog, IdsDialog, SetUpDialog
from ui.scenes.review.scene import ReviewScene
from ui.text import _
from ui.text.model import setup_summary


class SetUpApp(Context, Protocol):
    """What these commands use of the app beyond the scenes' Context: a new game's settings and
    dice seed, and putting a game on the board."""

    seeds: Callable[[], str]
    """Makes a new game's dice seed."""

    def config(self) -> GameConfig:
        """The config for a new match, from the settings."""
        ...

    def set_game(self, session: GameSession) -> None:
        """Put ``session`` on the board."""
        ...

    def is_game_in_progress(self) -> bool:
        """True when leaving now would throw away a game that has started, or a match not yet won."""
        ...


def open_ids(app: SetUpApp) -> None:
    """The board's GNU Backgammon IDs, to copy."""
    s = app.game_session()
    if s is not None and not any(isinstance(x, IdsDialog) for x in app.stacked()):
        app.push(IdsDialog(app, s, lambda: open_setup(app)))


def open_setup(app: SetUpApp) -> None:
    """The set-up dialog: paste IDs, then play them out or analyse them."""
    if not any(isinstance(x, SetUpDialog) for x in app.stacked()):
        app.push(
            SetUpDialog(
                app,
                lambda s: request_setup(app, s),
                lambda s: analyse_setup(app, s),
                lambda s: open_editor(app, EditorPosition.from_setup(s), _("the pasted IDs")),
            )
        )


def analyse_setup(app: SetUpApp, setup: SetUp) -> None:
    """The hint's answer for a set-up position, searched by the worker."""
    app.push(AnalysisDialog(app, setup, lambda s: request_setup(app, s)))


def request_setup(app: SetUpApp, setup: SetUp) -> None:
    """Play a set-up position out, asking first when that would abandon a game or match in progress."""
    s = app.game_session()
    if s is None or not app.is_game_in_progress():
        start_setup(app, setup)
        return
    if s.outcome() is None:
        question = _("Abandon this game?")
        detail = _("The game in progress will be lost to play the set-up position.")
    else:
        question = _("Abandon this match?")
        detail = _("The match in progress will be lost to play the set-up position.")
    app.push(ConfirmDialog(app, question, detail, _("Abandon it"), lambda: start_setup(app, setup)))


def start_setup(app: SetUpApp, setup: SetUp) -> None:
    """A new game at the set-up position (its match is not kept as a .mat record)."""
    session = setup_session(setup, app.config(), app.seeds())
    app.set_game(session)
    app.save_game(session)
    app.notify(_("Set up. {summary}").format(summary=setup_summary(setup)))


def open_editor(app: SetUpApp, start: EditorPosition | None = None, source: str = "") -> None:
    """The position editor over the current screen, opened at ``start`` (None: the board shown)."""
    if any(isinstance(x, EditorScene) for x in app.stacked()):
        return
    if start is None:
        start, source = editor_start(app)
    app.push(EditorScene(app, start, lambda s: request_setup(app, s), source))


def editor_start(app: SetUpApp) -> tuple[EditorPosition, str]:
    """The position the editor opens at, and where it comes from: the review's board when a review
    is shown, else the game's, else the opening position."""
    for scene in reversed(app.stacked()):
        if isinstance(scene, ReviewScene):
            shown = scene.shown_position()
            if shown is not None:
                code, info = shown
                return EditorPosition.from_ids(code, info, 0), _("the review")
        if isinstance(scene, GameScene):
            return from_session(scene.session), _("the game")
    return EditorPosition(jacoby=app.settings.jacoby), _("the opening position")
