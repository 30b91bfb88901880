"""Drive the real UI headless: an App with a thread worker, posted key and mouse events, waits."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from helpers import side

from ai.evaluation.load import default_evaluator
from ai.worker.transport import AIWorker
from game.rules.move import Move, legal_moves
from game.rules.position import Position
from ui.app.app import App
from ui.model.storage import Store
from ui.scenes.game.dialogs import GameOverScene
from ui.scenes.game.scene import GameScene
from ui.widgets.layout import BAR, OFF

DT = 0.05
LIMIT_S = 30.0


NEAR_END = Position.from_sides(side({1: 2, 2: 1, 4: 1}), side({1: 2, 2: 2, 3: 1}))
"""A stacked near-end start: both sides bearing off, a few turns from the end."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path))
    return tmp_path


def write_settings(folder: Path, **values: object) -> None:
    base: dict[str, object] = {
        "level": "casual",
        "match_length": 1,
        "first": "roll",
        "animation": "off",
        "sound": False,
        "auto_roll": False,
        "auto_forced": False,
        "review_mode": "quick",  # the coach judges by the search alone unless a test asks for rollouts
    }
    base.update(values)
    (folder / "settings.json").write_text(json.dumps(base))


@functools.lru_cache(maxsize=1)
def shared_evaluator() -> tuple[object, str | None]:
    """The shipped evaluator, loaded once on the main thread and shared by every test's worker
    (loading it inside a worker thread while the test loop spins starves that thread)."""
    return default_evaluator()


@pytest.fixture
def make_app(home: Path) -> Iterator[Callable[..., App]]:
    apps: list[App] = []
    counter = iter(range(100_000))  # one seed sequence for every app of the test
    shared_evaluator()

    def make(start: Position | None = None, **settings: object) -> App:
        if settings or not (home / "settings.json").exists():
            write_settings(home, **settings)
        app = App(
            (1100, 720),
            store=Store(home),
            worker_factory=lambda: AIWorker(mode="thread", factory=shared_evaluator),  # type: ignore[arg-type]
            start=start,
            seeds=lambda: f"test-seed-{next(counter)}",
        )
        apps.append(app)
        return app

    yield make
    for app in apps:
        if app._worker is not None:
            app._worker.close()
    pygame.display.quit()


def pump(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.frame(DT)


def run_until(app: App, cond: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + LIMIT_S
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for: {what}")
        app.frame(DT)
        # Like the real loop's clock.tick: let the worker thread have the GIL between frames
        # (a loop that never sleeps starves it, and the AI's move never arrives).
        time.sleep(0.001)


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    app.frame(DT)


def click(app: App, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    app.frame(DT)


def point_pos(app: App, p: int) -> tuple[float, float]:
    lay = app.layout
    if p == BAR:
        return lay.checker_center(BAR, 0)
    if p == OFF:
        r = lay.tray_half(True)
        return r.center
    return lay.point_rect(p).center


def button_pos(app: App, key_: str) -> tuple[int, int]:
    game = app.game
    assert game is not None
    return next(b.rect.center for b in game.buttons if b.key == key_)


def game(app: App) -> GameScene:
    assert app.game is not None
    return app.game


def to_human_move(app: App) -> GameScene:
    """Wait for the human's turn, rolling if needed, until a checker can be moved."""
    g = game(app)
    run_until(app, lambda: g.roll_due() or g.human_to_move(), "the human's turn")
    if g.roll_due():
        key(app, pygame.K_SPACE)
        run_until(app, g.human_to_move, "the human's move")
    return g


def play_human_turn(app: App) -> Move | None:
    """Click through the first legal move (from the rules), then confirm it. The mover may be either
    side: the top player of two clicks the bottom player's 25 - q for their point q."""
    g = game(app)
    st = g.session.state
    mover = st.turn
    assert st.dice is not None
    moves = legal_moves(st.position, st.dice)
    if not moves:
        key(app, pygame.K_RETURN)  # the game waits for the player to see it
        run_until(app, lambda: g.session.turn != mover, "the pass")
        return None
    move = moves[0]
    screen = g.flow.mover_point
    for step in move.steps:
        click(app, point_pos(app, screen(step.src)))
        assert g.input.selected == step.src, f"could not pick up {step.src}"
        click(app, point_pos(app, screen(step.dst)))
    assert g.flow.builder is not None and g.flow.builder.is_complete()
    key(app, pygame.K_RETURN)
    return move


def to_game_over(app: App, turns: int = 60, settle: bool = True) -> None:
    """Play the human's turns by clicks until the game-over screen shows (and, when ``settle``, the
    game is kept: its record and statistics written)."""
    g = game(app)
    for _ in range(turns):
        run_until(
            app,
            lambda: g.session.outcome() is not None or g.roll_due() or g.human_to_move(),
            "the human's turn or the end",
        )
        if g.session.outcome() is not None:
            break
        to_human_move(app)
        play_human_turn(app)
    run_until(app, lambda: isinstance(app.stack.top(), GameOverScene), "game over")
    if settle:
        settle_files(app)


def settle_files(app: App) -> None:
    """Run frames until the file jobs asked for so far (the record, the statistics) are done and their
    results handed back (an off-screen app, which takes no events, only updates)."""
    end = time.monotonic() + LIMIT_S
    while app.file_jobs.busy():
        if time.monotonic() > end:
            raise AssertionError("gave up waiting for the file jobs")
        if app.headless:
            app.update(0.0)
        else:
            app.frame(DT)
        time.sleep(0.001)


def record_text(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """Every string ``module`` draws with its ``text`` helper from now on, in order."""
    drawn: list[str] = []
    real_text = module.text  # type: ignore[attr-defined]

    def recording_text(surf: pygame.Surface, fonts: object, s: str, *args: object, **kw: object) -> object:
        drawn.append(s)
        return real_text(surf, fonts, s, *args, **kw)

    monkeypatch.setattr(module, "text", recording_text)
    return drawn
