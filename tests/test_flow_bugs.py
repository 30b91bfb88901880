"""Bugs of the game's flow players hit: advice lost on a resume, move numbers, words, rough edges."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import game, key, run_until, write_settings

from ai.worker import CubeAnswer, CubeRequest
from game.move import legal_moves
from game.ui.app import App
from game.ui.cube_dialogs import TakePassDialog
from game.ui.flow import TurnFlow
from game.ui.flow_events import AskTake, CubeDone, FlowOptions, Phase, SearchFailed, StartSearch, Tick
from game.ui.session import AI, GameConfig, GameSession
from game.ui.storage import Store

# --- take / pass advice after a resume ---------------------------------------------------------------


def doubled_by_the_computer(seed: str = "advice") -> GameSession:
    """A 5-point match a turn each into its first game, the computer's double waiting for the answer."""
    s = GameSession(GameConfig("casual", 1, 0.0, 5, "computer", "light"), seed=seed)
    s.begin()
    for _ in range(2):
        if s.state.dice is None:
            s.roll()
        s.play(legal_moves(s.state.position, s.state.dice)[0])  # type: ignore[arg-type]
    s.double(AI)
    return s


ADVICE = CubeAnswer(0, (0.7, 0.2, 0.0, 0.05, 0.0), 0.5, 0.6, 1.0, True, True, take_point=0.22)
"""A cube answer from the computer's side: a double the human should take."""


def test_take_or_pass_asked_again_after_a_resume_comes_with_the_advice() -> None:
    back = GameSession.from_json(doubled_by_the_computer().to_json())
    flow = TurnFlow(back, FlowOptions(cube_advice=True, tutor_depth=2))
    out = flow.handle(Tick(0.05))
    asked = [e.request for e in out if isinstance(e, StartSearch)]
    assert flow.phase is Phase.TAKE_OR_PASS and not any(isinstance(e, AskTake) for e in out)
    assert len(asked) == 1 and isinstance(asked[0], CubeRequest)
    assert asked[0].depth == 2 and asked[0].noise == 0.0
    assert asked[0].position == back.state.position  # the doubler's side: the computer is on roll
    out = flow.handle(CubeDone(ADVICE))
    take = next(e for e in out if isinstance(e, AskTake))
    assert take.value == 2 and take.advice.startswith("Take: you need 22% to win, you have 30%")


def resumed(**options: bool) -> TurnFlow:
    """The turn flow of the saved game with the computer's double on offer, just loaded."""
    return TurnFlow(GameSession.from_json(doubled_by_the_computer().to_json()), FlowOptions(**options))


def test_advice_that_cannot_be_weighed_after_a_resume_still_asks_take_or_pass() -> None:
    flow = resumed(cube_advice=True)
    flow.handle(Tick(0.05))
    out = flow.handle(SearchFailed("the worker stopped"))
    take = next(e for e in out if isinstance(e, AskTake))
    assert take.advice == "" and flow.phase is Phase.TAKE_OR_PASS


def test_no_advice_asked_after_a_resume_when_it_is_turned_off() -> None:
    flow = resumed(cube_advice=False)
    out = flow.handle(Tick(0.05))
    assert not any(isinstance(e, StartSearch) for e in out)
    assert next(e for e in out if isinstance(e, AskTake)).advice == ""


def resume_to_take_or_pass(app: App) -> TakePassDialog:
    """Resume the saved game in ``app`` and wait for the take / pass dialog."""
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.stack.top(), TakePassDialog), "the take / pass dialog")
    dialog = app.stack.top()
    assert isinstance(dialog, TakePassDialog)
    return dialog


def test_closing_the_window_on_the_computers_double_keeps_the_advice_for_the_resume(
    make_app: Callable[..., App], home: Path
) -> None:
    write_settings(home, cube_advice=True)
    Store(home).save_game(doubled_by_the_computer().to_json())  # what closing the window left
    for _ in range(2):  # resume, close the window on the dialog, resume again
        app = make_app()
        dialog = resume_to_take_or_pass(app)
        assert len(dialog.lines) == 2 and dialog.lines[1].startswith(("Take: you need", "Pass: you need"))
        assert game(app).session.offered == AI and game(app).session.turn == AI
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        app.frame(0.05)
        assert not app.running
