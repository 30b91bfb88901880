"""Two players at one computer, driven headless through the real App: posted keys and clicks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import click, game, key, play_human_turn, pump, record_text, run_until, to_human_move

from game.rules.cube import CubeState
from ui.app.app import App
from ui.model.session import AI, HUMAN
from ui.scenes.game import scene as game_scene
from ui.scenes.game.cube_dialogs import TakePassDialog
from ui.scenes.game.dialogs import ResumePrompt
from ui.scenes.settings.menu import MenuScene
from ui.scenes.settings.names import NameDialog
from ui.widgets import panel as panel_module

TWO = {"opponent": "human", "name_one": "Ann", "name_two": "Bob", "first": "you", "match_length": 5}


def test_two_people_play_turns_and_a_double_through_the_window(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(cube_advice=False, **TWO)
    key(app, pygame.K_RETURN)  # start
    g = game(app)
    assert g.session.names() == ("Ann", "Bob") and g.session.config.is_two_player()
    movers = []
    for _ in range(4):
        to_human_move(app)
        movers.append(g.session.turn)
        play_human_turn(app)
    assert movers == [HUMAN, AI, HUMAN, AI]
    assert g.flow.search is None and g.request is None  # the computer was never asked
    run_until(app, g.roll_due, "Ann's roll")
    assert g.status_text() == "Ann's turn: roll"
    top = record_text(monkeypatch, game_scene)
    side = record_text(monkeypatch, panel_module)
    pump(app)
    assert {"Ann", "Bob", "0"} <= set(top) and "Ann's turn: roll" in top  # the scoreboard and status
    assert "Two players" in side and "Ann plays light, Bob dark" in side
    key(app, pygame.K_d)  # Ann doubles
    dialog = app.stack.top()
    assert isinstance(dialog, TakePassDialog) and dialog.title == "Ann doubles: Bob, take or pass?"
    key(app, pygame.K_t)  # Bob takes
    assert g.session.cube == CubeState(2, AI) and app.stack.top() is g
    run_until(app, g.roll_due, "Ann rolls after the take")
    key(app, pygame.K_SPACE)
    run_until(app, g.human_to_move, "Ann's move")
    play_human_turn(app)
    to_human_move(app)
    assert g.session.turn == AI
    play_human_turn(app)
    assert len(g.session.log) == 6 and "Bob takes at 2" in " ".join(game_scene.log_lines(g.session))


def test_the_top_player_picks_up_their_own_checkers_on_the_unturned_board(
    make_app: Callable[..., App],
) -> None:
    app = make_app(**TWO)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    assert not g.board_view().top_numbers and not g.board_view().mover_top
    play_human_turn(app)
    to_human_move(app)
    assert g.session.turn == AI
    b = g.flow.builder
    assert b is not None
    src = max(b.sources())  # Bob's point, drawn at Ann's 25 - src
    click(app, app.layout.point_rect(25 - src).center)
    assert g.input.selected == src
    view = g.board_view()
    assert view.mover_top and view.selected == 25 - src and view.movable(25 - src) > 0
    assert view.top_numbers  # the frame numbers the points from Bob's side while he is on roll
    assert view.highlights == frozenset(g.flow.mover_point(p) for p in b.destinations(src))


def test_a_two_player_game_is_offered_again_after_a_crash(make_app: Callable[..., App], home: Path) -> None:
    app = make_app(**TWO)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    play_human_turn(app)
    to_human_move(app)  # Bob has rolled: the "crash" comes before he moves
    saved = g.session.to_json()
    pygame.display.quit()
    app2 = make_app()
    assert isinstance(app2.scenes[-1], ResumePrompt)
    key(app2, pygame.K_RETURN)
    g2 = game(app2)
    assert g2.session.to_json() == saved and g2.session.names() == ("Ann", "Bob")
    run_until(app2, g2.human_to_move, "Bob to move after the resume")
    assert g2.session.turn == AI
    play_human_turn(app2)
    assert len(g2.session.log) == 2 and g2.session.log[-1].player == AI


def test_the_names_are_typed_in_the_new_game_dialog(make_app: Callable[..., App], home: Path) -> None:
    app = make_app()
    menu = app.scenes[-1]
    assert isinstance(menu, MenuScene)
    key(app, pygame.K_RIGHT)  # play against: each other
    assert app.settings.opponent == "human"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # the first player's name: the box opens
    box = app.stack.top()
    assert isinstance(box, NameDialog)
    for _ in range(len("Player 1")):
        key(app, pygame.K_BACKSPACE)
    for ch in "Zoë":
        key(app, pygame.K_z if ch == "Z" else pygame.K_a, unicode=ch)
    key(app, pygame.K_RETURN)
    assert app.stack.top() is menu and app.settings.name_one == "Zoë"
    assert '"name_one": "Zo\\u00eb"' in (home / "settings.json").read_text()
    key(app, pygame.K_RETURN)  # start
    assert game(app).session.names() == ("Zoë", "Player 2")
