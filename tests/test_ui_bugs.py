"""Bugs players hit, each driven through the real UI with posted key and mouse events."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import (
    NEAR_END,
    button_pos,
    click,
    game,
    key,
    play_human_turn,
    point_pos,
    pump,
    record_text,
    run_until,
    shared_evaluator,
    side,
    to_game_over,
    to_human_move,
    write_settings,
)

from ai.worker.transport import AIWorker
from game.rules.dice import Dice
from game.rules.move import legal_moves
from game.rules.position import Position
from ui.app.app import App
from ui.model.session import AI, HUMAN
from ui.model.storage import Store
from ui.scenes.base import ConfirmDialog
from ui.scenes.game.dialogs import GameOverScene, HelpOverlay
from ui.scenes.settings.menu import MenuScene
from ui.widgets.layout import BAR, OFF, Layout


@pytest.mark.parametrize("opener", [pygame.K_ESCAPE, pygame.K_n], ids=["Esc", "N"])
def test_leaving_a_game_in_progress_asks_first(make_app: Callable[..., App], opener: int) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    played = len(g.session.log)
    key(app, opener)
    assert isinstance(app.stack.top(), MenuScene)
    key(app, pygame.K_RETURN)  # "Start new game": a game is going on, so it asks
    assert isinstance(app.stack.top(), ConfirmDialog) and app.game is g
    key(app, pygame.K_RETURN)  # the default is to keep playing
    assert isinstance(app.stack.top(), MenuScene) and app.game is g
    key(app, pygame.K_ESCAPE)  # back to the game, untouched
    assert app.stack.top() is g and len(g.session.log) == played and g.human_to_move()
    key(app, opener)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)  # now really abandon it
    assert app.game is not g and not app.scenes


def test_new_game_from_a_finished_game_does_not_ask(make_app: Callable[..., App]) -> None:
    app = make_app(NEAR_END, match_length=1)
    key(app, pygame.K_RETURN)
    g = game(app)
    to_game_over(app)
    key(app, pygame.K_ESCAPE)  # the menu, over the result
    key(app, pygame.K_RETURN)
    assert app.game is not g and not app.scenes


def test_new_game_between_games_of_a_match_asks_first(make_app: Callable[..., App]) -> None:
    app = make_app(NEAR_END, match_length=3)
    key(app, pygame.K_RETURN)
    g = game(app)
    to_game_over(app)
    assert not g.session.match_now().is_over()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    dialog = app.stack.top()
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Abandon this match?" and app.game is g


def test_space_on_game_over_keeps_the_result(make_app: Callable[..., App]) -> None:
    app = make_app(NEAR_END, match_length=3)
    key(app, pygame.K_RETURN)
    g = game(app)
    to_game_over(app)
    over = app.stack.top()
    for _ in range(3):
        key(app, pygame.K_SPACE)
    pump(app, 10)
    assert app.stack.top() is over and app.game is g and g.session.outcome() is not None


CLOSED = Position.from_sides(side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}), side({13: 14}, bar=1))
"""The human's home board is closed and the computer is on the bar: it cannot enter."""


def test_last_move_after_the_computer_danced_says_it_passed(make_app: Callable[..., App]) -> None:
    app = make_app(CLOSED, first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    st = g.session.state
    assert st.dice is not None
    # a move that keeps the board closed (only the checkers on 13 move)
    move = next(m for m in legal_moves(st.position, st.dice) if all(s.src == 13 for s in m.steps))
    for step in move.steps:
        click(app, point_pos(app, step.src))
        click(app, point_pos(app, step.dst))
    key(app, pygame.K_RETURN)
    run_until(app, lambda: g.session.turn == AI and g.session.state.dice is not None, "the computer's roll")
    assert "cannot move" in app.message[0]
    pump(app, 20)
    assert g.session.turn == AI  # the dance stays on show for a moment
    run_until(app, g.roll_due, "the human's roll")
    key(app, pygame.K_l)
    assert "computer's last turn" in app.message[0] and "no legal move" in app.message[0]
    key(app, pygame.K_l)
    assert "Your last move" in app.message[0] and move.notation() in app.message[0]


def test_half_played_move_survives_quit_and_resume(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    st = g.session.state
    assert st.dice is not None
    step = next(m for m in legal_moves(st.position, st.dice) if len(m.steps) >= 2).steps[0]
    click(app, point_pos(app, step.src))
    click(app, point_pos(app, step.dst))
    b = g.flow.builder
    assert b is not None and [p.step for p in b.played] == [step]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0.05)
    assert not app.running
    app2 = make_app()
    key(app2, pygame.K_RETURN)  # resume
    g2 = game(app2)
    run_until(app2, g2.human_to_move, "the resumed move")
    b2 = g2.flow.builder
    assert b2 is not None and [p.step for p in b2.played] == [step]
    assert g2.session.state.dice == st.dice


def test_colour_blind_theme_names_the_checkers_by_their_colour(make_app: Callable[..., App]) -> None:
    app = make_app(first="you", theme="colour-blind")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    assert g.panel_view().colour == "You play orange"
    key(app, pygame.K_c)  # back to classic: the words follow the theme
    assert g.panel_view().colour == "You play light"


def test_undo_after_a_one_click_move_over_both_dice_undoes_all_of_it(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None
    start = b.code
    src, dst = next(
        (s, d) for s in sorted(b.sources()) for d, route in b.destinations(s).items() if len(route) >= 2
    )
    click(app, point_pos(app, src))
    click(app, point_pos(app, dst))
    assert len(b.played) >= 2
    key(app, pygame.K_u)
    assert b.played == [] and b.code == start


def test_status_names_the_roll_as_the_dice_show_it(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    play_human_turn(app)
    run_until(app, g.roll_due, "the human's roll")
    key(app, pygame.K_SPACE)
    roll = g.flow.dice_shown()
    assert roll is not None
    assert f"You rolled {roll.high}-{roll.low}" in app.message[0]
    view = g.board_view()
    assert view.dice[0] == roll.high and view.dice[-1] == roll.low


def test_tied_opening_roll_is_mentioned(home: Path) -> None:
    assert Dice("s1").roll().is_double()
    write_settings(home)
    app = App(
        (1100, 720),
        store=Store(home),
        worker_factory=lambda: AIWorker(mode="thread", factory=shared_evaluator),  # type: ignore[arg-type]
        seeds=lambda: "s1",
    )
    try:
        key(app, pygame.K_RETURN)
        pump(app, 2)
        assert "Tie at 5-5, rolled again" in app.message[0]
    finally:
        app.quit()
        pygame.display.quit()


def test_keyboard_cursor_goes_away_when_the_mouse_is_used(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    key(app, pygame.K_TAB)
    assert g.board_view().cursor is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame(0.05)
    assert g.input.cursor is None and g.board_view().cursor is None


@pytest.mark.parametrize("home_left", [False, True])
def test_keyboard_cursor_box_never_covers_the_dice(home_left: bool) -> None:
    lay = Layout.compute((1100, 720), home_left)
    dice = lay.die_rect_area()
    for p in [*range(1, 25), BAR, OFF]:
        for row in (0, 1):
            assert not lay.cursor_rect(p, row).colliderect(dice), (p, row)


def test_hints_can_be_set_up_from_the_keyboard(make_app: Callable[..., App]) -> None:
    app = make_app(first="you", hint_depth=1)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    key(app, pygame.K_h)
    run_until(app, lambda: bool(g.flow.hints), "hints")
    assert g.flow.hint_depth == 1
    for i, k in enumerate((pygame.K_1, pygame.K_2, pygame.K_3)[: len(g.flow.hints)]):
        key(app, k)
        b = g.flow.builder
        assert b is not None and b.is_complete() and b.code == g.flow.hints[i].move.after.code
    key(app, pygame.K_RETURN)
    assert g.session.turn == AI


def test_help_and_game_over_check_the_dice_in_the_app(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.scenes.game.dialogs as dialogs

    drawn = record_text(monkeypatch, dialogs)
    app = make_app(NEAR_END, match_length=3)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top(), HelpOverlay)
    pump(app)
    key(app, pygame.K_ESCAPE)
    to_game_over(app)
    pump(app)
    key(app, pygame.K_c)  # Check the dice
    over = app.stack.top()
    assert isinstance(over, GameOverScene) and over.check.startswith("Checked")
    pump(app)
    shown = " ".join(drawn)
    assert "python" not in shown and "main.py" not in shown
    assert "Dice drawn, in order" in shown and over.check in shown


def test_storage_failure_stays_on_screen_until_dismissed(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(self: Store, data: object) -> None:
        raise PermissionError(13, "Permission denied", str(self.save_path))

    app = make_app(first="you")
    monkeypatch.setattr(Store, "save_game", read_only)
    key(app, pygame.K_RETURN)
    assert len(app.alerts) == 1 and "Saving is off" in app.alerts[0]
    g = to_human_move(app)
    play_human_turn(app)  # many more saves and status lines: said once, still there
    run_until(app, g.roll_due, "the human's roll")
    assert len(app.alerts) == 1 and "Saving is off" not in app.message[0]
    key(app, pygame.K_x)
    assert app.alerts == []
    to_human_move(app)
    play_human_turn(app)  # still failing: not said again until a save has worked
    assert app.alerts == []
    app.alert("Could not save the settings: read-only")
    click(app, app.alert_rect().center)  # a click on the band dismisses it too
    assert app.alerts == []


def test_roll_for_me_waits_while_a_dialog_is_open(make_app: Callable[..., App]) -> None:
    app = make_app(first="you", auto_roll=True)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    play_human_turn(app)
    key(app, pygame.K_F1)  # help opens during the computer's turn
    turns = len(g.session.log)
    pump(app, 120)
    assert len(g.session.log) == turns and g.session.turn == AI  # nothing moves under the dialog
    key(app, pygame.K_ESCAPE)
    run_until(app, lambda: g.session.turn == HUMAN and g.session.state.dice is not None, "the auto roll")


def test_computer_move_waits_while_a_dialog_is_open(make_app: Callable[..., App]) -> None:
    app = make_app(first="computer", level="intermediate")
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, g.thinking, "the computer thinking")
    key(app, pygame.K_F1)
    pump(app, 80)
    run_until(app, lambda: not app.worker.busy, "the search to end")
    pump(app, 5)
    assert g.session.log == [] and isinstance(app.stack.top(), HelpOverlay)  # its answer waits
    key(app, pygame.K_ESCAPE)
    run_until(app, lambda: bool(g.session.log), "the computer's move once the help is closed")
    assert g.session.log[0].player == AI


def test_keys_and_clicks_under_an_open_dialog_do_not_reach_the_game(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    play_human_turn(app)
    run_until(app, g.roll_due, "the human's roll")
    key(app, pygame.K_n)  # the settings dialog over the game
    assert isinstance(app.stack.top(), MenuScene)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_h)
    click(app, button_pos(app, "roll"))  # the Roll button beside the dialog
    assert g.session.state.dice is None and isinstance(app.stack.top(), MenuScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_SPACE)
    assert g.session.state.dice is not None
