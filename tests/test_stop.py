"""Ctrl+C and SIGTERM while the game runs (ui.app.stop): noted by the handler, then the loop
saves and ends at its next frame with 128 plus the signal's number."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import key, to_human_move

from ui.app.app import App
from ui.app.stop import STOP_SIGNALS, StopRequest, noting_signals

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def test_sigterm_in_the_block_is_noted_as_143_and_not_raised() -> None:
    request = StopRequest()
    with noting_signals(request):
        signal.raise_signal(signal.SIGTERM)
    assert request.code == 143


def test_ctrl_c_in_the_block_is_noted_as_130_and_not_raised() -> None:
    request = StopRequest()
    with noting_signals(request):
        signal.raise_signal(signal.SIGINT)
    assert request.code == 130


def test_the_first_stop_asked_for_is_the_one_that_counts() -> None:
    request = StopRequest()
    request.ask(143)
    request.ask(130)
    assert request.code == 143


def test_the_handlers_are_put_back_after_the_block() -> None:
    before = {sig: signal.getsignal(sig) for sig in STOP_SIGNALS}
    with noting_signals(StopRequest()):
        assert all(signal.getsignal(sig) != before[sig] for sig in STOP_SIGNALS)
    assert {sig: signal.getsignal(sig) for sig in STOP_SIGNALS} == before


def test_a_stop_asked_for_before_the_loop_saves_the_game_and_returns_its_code(
    make_app: Callable[..., App], home: Path
) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    to_human_move(app)
    app.stop.ask(143)
    assert app.run_loop() == 143
    assert not app.running and (home / "savegame.json").exists()


def test_a_signal_whose_handler_runs_inside_code_that_drops_errors_still_ends_the_loop(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What happened: SIGTERM's handler ran while pygame read a font through a Python file object;
    pygame printed the SystemExit it raised and dropped it, and the game played on. A handler that
    only notes the request cannot be dropped."""
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    frames = [0]
    update = g.update

    def update_and_signal(dt: float, covered: bool) -> None:
        frames[0] += 1
        if frames[0] == 3:
            with contextlib.suppress(BaseException):  # as pygame's C code did with the handler's
                signal.raise_signal(signal.SIGTERM)
        if frames[0] == 60:  # bounded: a stop that was lost ends the test, not the test run
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        update(dt, covered)

    monkeypatch.setattr(g, "update", update_and_signal)
    with noting_signals(app.stop):
        code = app.run_loop()
    assert code == 143 and frames[0] == 3
    assert (home / "savegame.json").exists()
