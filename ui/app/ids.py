"""The app's IDs, set-up and editor commands: show the board's IDs, set up a position (from IDs, or
built in the position editor), play it or analyse it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.model.position_ids import SetUp, setup_session
from ui.model.workbench.editor import EditorPosition, from_session
from ui.scenes.base import ConfirmDialog
from ui.scenes.editor.scene import EditorScene
from ui.scenes.game.scene import GameScene
from ui.scenes.ids.dialogs import AnalysisDialog, IdsDialog, SetUpDialog
from ui.scenes.review.scene import ReviewScene

if TYPE_CHECKING:
    from ui.app.app import App


def open_ids(app: App) -> None:
    """The board's GNU Backgammon IDs, to copy."""
    s = app.game_session()
    if s is not None and not any(isinstance(x, IdsDialog) for x in app.stack):
        app.push(IdsDialog(app, s, lambda: open_setup(app)))


def open_setup(app: App) -> None:
    """The set-up dialog: paste IDs, then play them out or analyse them."""
    if not any(isinstance(x, SetUpDialog) for x in app.stack):
        app.push(
            SetUpDialog(
                app,
                lambda s: request_setup(app, s),
                lambda s: analyse_setup(app, s),
                lambda s: open_editor(app, EditorPosition.from_setup(s), "the pasted IDs"),
            )
        )


def analyse_setup(app: App, setup: SetUp) -> None:
    """The hint's answer for a set-up position, searched by the worker."""
    app.push(AnalysisDialog(app, setup, lambda s: request_setup(app, s)))


def request_setup(app: App, setup: SetUp) -> None:
    """Play a set-up position out, asking first when that would abandon a game or match in progress."""
    s = app.game_session()
    if s is None or not app.is_game_in_progress():
        start_setup(app, setup)
        return
    what = "game" if s.outcome() is None else "match"
    question = f"Abandon this {what}?"
    detail = f"The {what} in progress will be lost to play the set-up position."
    app.push(ConfirmDialog(app, question, detail, "Abandon it", lambda: start_setup(app, setup)))


def start_setup(app: App, setup: SetUp) -> None:
    """A new game at the set-up position (its match is not kept as a .mat record)."""
    session = setup_session(setup, app.config(), app.seeds())
    app.set_game(session)
    app.save_game(session)
    app.notify(f"Set up. {setup.summary()}")


def open_editor(app: App, start: EditorPosition | None = None, source: str = "") -> None:
    """The position editor over the current screen, opened at ``start`` (None: the board shown)."""
    if any(isinstance(x, EditorScene) for x in app.stack):
        return
    if start is None:
        start, source = editor_start(app)
    app.push(EditorScene(app, start, lambda s: request_setup(app, s), source))


def editor_start(app: App) -> tuple[EditorPosition, str]:
    """The position the editor opens at, and where it comes from: the review's board when a review
    is shown, else the game's, else the opening position."""
    for scene in reversed(app.stacked()):
        if isinstance(scene, ReviewScene):
            shown = scene.shown_position()
            if shown is not None:
                code, info = shown
                return EditorPosition.from_ids(code, info, 0), "the review"
        if isinstance(scene, GameScene):
            return from_session(scene.session), "the game"
    return EditorPosition(jacoby=app.settings.jacoby), "the opening position"
