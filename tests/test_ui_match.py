"""A whole 3-point match with the cube, played headless through the real app to the match-over screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import (
    NEAR_END,
    button_pos,
    click,
    game,
    home,
    key,
    make_app,
    play_human_turn,
    run_until,
    settle_files,
)

from game.records.mat import read_match
from game.rules.cube import Resignation
from game.rules.match import GameResult, Match
from game.rules.outcome import Termination
from game.rules.state import GameState
from ui.app.app import App
from ui.flow.events import Phase
from ui.model.session import AI, HUMAN, GameSession
from ui.scenes.game.actions import by_name, help_rows
from ui.scenes.game.cube_dialogs import ResignDialog, ResignOfferDialog, TakePassDialog
from ui.scenes.game.dialogs import GameOverScene
from ui.scenes.game.scene import GameScene

__all__ = ["home", "make_app"]


def _answer_dialogs(app: App) -> bool:
    """Answer a dialog of the cube or a game's end; True if there was one."""
    top = app.stack.top()
    if isinstance(top, TakePassDialog):
        key(app, pygame.K_t)
    elif isinstance(top, ResignOfferDialog):
        key(app, pygame.K_a)
    elif isinstance(top, GameOverScene) and not top.session.match_now().is_over():
        key(app, pygame.K_RETURN)
    else:
        return False
    return True


def _human_step(app: App, doubled_games: set[int]) -> None:
    """Wait for the human's turn; double once a game when allowed, else roll and play the first move."""
    g = game(app)
    run_until(
        app,
        lambda: (
            g.session.outcome() is not None or g.roll_due() or g.human_to_move() or app.stack.top() is not g
        ),
        "the human's turn, a dialog or the end",
    )
    if app.stack.top() is not g or g.session.outcome() is not None:
        run_until(app, lambda: app.stack.top() is not g, "the result")
        return
    number = g.session.match.game_number()
    if g.flow.can_double() and number not in doubled_games:
        key(app, pygame.K_d)  # the Double action's key
        doubled_games.add(number)
        run_until(app, lambda: g.flow.phase is not Phase.DOUBLE_ANSWER, "the computer's answer")
        return
    if g.roll_due():
        key(app, pygame.K_SPACE)
        run_until(app, lambda: g.human_to_move() or g.session.turn != HUMAN, "the human's move")
    if g.human_to_move():
        play_human_turn(app)


def test_three_point_match_with_a_double_to_the_match_over_screen(
    make_app: Callable[..., App], home: Path
) -> None:
    app = make_app(NEAR_END, match_length=3, level="novice", first="you")
    key(app, pygame.K_RETURN)
    doubled_games: set[int] = set()
    for _ in range(400):
        if _answer_dialogs(app):
            continue
        top = app.stack.top()
        if isinstance(top, GameOverScene):
            break
        _human_step(app, doubled_games)
    over = app.stack.top()
    assert isinstance(over, GameOverScene)
    match = over.session.match_now()
    assert match.is_over() and max(match.score) >= 3
    assert doubled_games, "the human never had a chance to double"
    doubles = [c for c in over.session.cube_log if c.kind == "double"]
    assert doubles or len(match.games) > 1
    settle_files(app)  # the last game is written to the record by a file job
    records = list((home / "matches").glob("*-3pt.mat"))
    assert len(records) == 1
    rec = read_match(records[0].read_text())
    assert len(rec.games) == len(match.games)
    last = rec.games[-1]
    final = list(last.score)
    final[last.winner] += last.points
    assert tuple(final) == match.score
    assert any(a.kind == "double" for gm in rec.games for a in gm.actions)


def _human_on_roll(app: App, match: Match) -> GameScene:
    """Resume a game of ``match`` with the human about to roll (the opening already played)."""
    s = GameSession(game(app).session.config, match, seed="cube-app")
    s.begin()
    s.state = GameState(s.start, HUMAN, None)
    app.resume(s)
    g = game(app)
    run_until(app, g.roll_due, "the human's roll")
    return g


def test_double_button_and_key_follow_the_rules(make_app: Callable[..., App]) -> None:
    app = make_app(match_length=3, first="you")
    key(app, pygame.K_RETURN)
    crawford = _human_on_roll(app, Match(3, (GameResult(AI, Termination.GAMMON),)))
    assert crawford.session.match.is_crawford()
    assert not by_name("double").enabled(crawford)
    assert not next(b for b in crawford.buttons if b.key == "double").enabled
    key(app, pygame.K_d)
    assert crawford.session.offered is None and crawford.roll_due()
    normal = _human_on_roll(app, Match(3))
    assert by_name("double").enabled(normal) and next(b for b in normal.buttons if b.key == "double").enabled
    click(app, button_pos(app, "double"))
    assert normal.session.cube_log and normal.session.cube_log[0].kind == "double"
    run_until(app, lambda: normal.flow.phase is not Phase.DOUBLE_ANSWER, "the computer's answer")
    assert normal.session.cube.value == 2 or normal.session.outcome() is not None
    assert ("D", "offer the doubling cube (before you roll)") in help_rows()


def test_cube_dialogs_answer_by_key_and_close(make_app: Callable[..., App]) -> None:
    app = make_app()
    got: list[object] = []
    for k, want in ((pygame.K_t, "take"), (pygame.K_p, "pass"), (pygame.K_b, "beaver")):
        app.push(TakePassDialog(app, 4, None, got.append, beaver=True))
        key(app, k)
        assert got[-1] == want and not isinstance(app.stack.top(), TakePassDialog)
    app.push(TakePassDialog(app, 2, None, got.append))
    key(app, pygame.K_b)  # no beaver offered: nothing happens
    assert isinstance(app.stack.top(), TakePassDialog) and got[-1] == "beaver"
    key(app, pygame.K_p)
    for steps, offer in ((1, Resignation.SINGLE), (3, Resignation.BACKGAMMON)):
        app.push(ResignDialog(app, lambda r: r.value, got.append))
        key(app, pygame.K_1)  # a hint's key on the board: it offers nothing here
        assert isinstance(app.stack.top(), ResignDialog)
        for _ in range(steps):  # the ring starts on "Play on"; → goes round to Single
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        assert got[-1] is offer
    app.push(ResignDialog(app, lambda r: r.value, got.append))
    key(app, pygame.K_ESCAPE)
    assert got[-1] is Resignation.BACKGAMMON and not isinstance(app.stack.top(), ResignDialog)
    for k, yes in ((pygame.K_a, True), (pygame.K_ESCAPE, False)):
        app.push(ResignOfferDialog(app, Resignation.GAMMON, 2, got.append))
        key(app, k)
        assert got[-1] is yes
