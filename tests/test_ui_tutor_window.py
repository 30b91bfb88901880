"""Tutor mode in the real window, headless: a known bad move is warned, taken back, then played; a
blunder confirmed by the worker's rollout before the warning (issue 52)."""

from __future__ import annotations

import pygame
from ui_driver import click, key, make_app, point_pos, run_until, to_human_move  # noqa: F401

from game.rules.move import Move
from ui.app.app import App
from ui.flow.events import Phase, Search
from ui.scenes.game.scene import GameScene
from ui.scenes.game.tutor_dialog import TutorDialog


def set_up(app: App, g: GameScene, move: Move) -> None:
    for step in move.steps:
        click(app, point_pos(app, step.src))
        click(app, point_pos(app, step.dst))
    b = g.flow.builder
    assert b is not None and b.is_complete() and b.code == move.after.code


def test_a_bad_move_is_warned_taken_back_and_then_played(make_app: object) -> None:  # noqa: F811
    app: App = make_app(first="you", tutor="bad", hint_depth=1)  # type: ignore[operator]
    key(app, pygame.K_RETURN)  # start a new game from the dialog
    g = to_human_move(app)
    run_until(app, lambda: g.flow.tutor_moves is not None, "the tutor's check")
    ranked = g.flow.tutor_moves
    assert ranked is not None and g.flow.search is None
    worst = min(ranked, key=lambda r: r.equity)
    best = max(ranked, key=lambda r: r.equity)
    assert best.equity - worst.equity >= 0.06  # the worst play of the opening roll is a bad one
    before, dice = g.session.state.position.code, g.session.state.dice

    set_up(app, g, worst.move)
    key(app, pygame.K_RETURN)
    dialog = app.stack.top()
    assert isinstance(dialog, TutorDialog) and g.flow.phase is Phase.TUTOR_WARNING
    assert dialog.verdict.played == worst.move.notation() and dialog.verdict.best == best.move.notation()
    assert g.session.log == []

    key(app, pygame.K_RETURN)  # take back: the ringed choice
    b = g.flow.builder
    assert not isinstance(app.stack.top(), TutorDialog) and g.flow.phase is Phase.MOVING
    assert b is not None and b.played == [] and b.code == before and g.session.state.dice == dice

    set_up(app, g, worst.move)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top(), TutorDialog)
    key(app, pygame.K_y)  # play it
    assert g.session.log[-1].steps == worst.move.steps


def test_a_blunder_is_confirmed_by_the_workers_rollout_then_warned_with_its_numbers(make_app: object) -> None:  # noqa: F811
    app: App = make_app(first="you", tutor="bad", hint_depth=1, review_mode="default")  # type: ignore[operator]
    key(app, pygame.K_RETURN)  # start a new game from the dialog
    g = to_human_move(app)
    run_until(app, lambda: g.flow.tutor_moves is not None, "the tutor's check")
    ranked = g.flow.tutor_moves
    assert ranked is not None
    worst = min(ranked, key=lambda r: r.equity)
    assert max(r.equity for r in ranked) - worst.equity >= 0.12  # a very bad play by the search

    set_up(app, g, worst.move)
    key(app, pygame.K_RETURN)
    assert g.flow.phase is Phase.TUTOR_CHECKING and g.flow.search is Search.TUTOR_CONFIRM
    assert g.status_text() == "Tutor is checking by a rollout…" and g.request is not None
    run_until(app, lambda: isinstance(app.stack.top(), TutorDialog), "the rollout's verdict")
    dialog = app.stack.top()
    assert isinstance(dialog, TutorDialog) and dialog.verdict.confirmed and g.session.log == []
    first, _, _ = dialog.lines()[0]
    assert first.startswith(f"{worst.move.notation()} loses ") and " ± " in first
    key(app, pygame.K_y)  # play it
    assert g.session.log[-1].steps == worst.move.steps
