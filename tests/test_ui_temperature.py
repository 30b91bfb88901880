"""The temperature map and Evaluate dialogs, headless: opened from the game before the roll (keys and
the panel's buttons) and from the review, filled in live, the selection moved with the arrows, the
depth changed, and closed or changed mid-search with no stale answer left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import click, game, key, play_human_turn, run_until, shared_evaluator

from ai.engine import Engine
from ai.temperature import RollCell
from ui.app.app import App
from ui.model.session import HUMAN
from ui.model.workbench.temperature import Selection, cell_label, heat
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.game.actions import by_name
from ui.scenes.game.scene import GameScene
from ui.scenes.ids.dialogs import AnalysisDialog
from ui.scenes.review.scene import REVIEW_ACTIONS, ReviewScene
from ui.scenes.temperature import DETAIL_SIZE, TemperatureDialog
from ui.text.analysis import cell_lines

SHORT = (Path(__file__).parent / "data" / "mat" / "short.mat").read_text(encoding="utf-8")
"""A short 5-point match with a double and a take (tests/data/mat/short.mat)."""


def roll_due(app: App) -> GameScene:
    """A new game; the human's turns played (the first legal move) until the human is to roll."""
    if app.game is None:
        app.start_new_game()
    g = game(app)
    for _ in range(6):
        run_until(app, lambda: g.roll_due() or g.human_to_move(), "the human's turn")
        if g.roll_due():
            return g
        play_human_turn(app)
    raise AssertionError("the human never came to roll")


def top(app: App) -> object:
    return app.stack.top()


def mapped(app: App, dialog: TemperatureDialog) -> None:
    run_until(app, lambda: not dialog.is_computing(), "the temperature map")
    assert dialog.map is not None, dialog.failure


# --- the model ------------------------------------------------------------------------------------


def test_the_selection_moves_by_rows_and_columns_and_stops_at_the_edges() -> None:
    s = Selection(0, 0)
    assert s.moved(-1, -1) == Selection(0, 0)
    assert s.moved(1, 0).dice == (2, 1) and s.moved(0, 1).dice == (2, 1)
    assert Selection(5, 5).moved(1, 1) == Selection(5, 5) and Selection(5, 5).dice == (6, 6)


def test_heat_is_neutral_at_the_average_and_full_at_the_farthest_roll() -> None:
    assert heat(-0.5, [-0.5, 0.0, 0.5]) == 0.0 and heat(0.5, [-0.5, 0.0, 0.5]) == 1.0
    assert heat(0.0, [-0.5, 0.0, 0.5]) == 0.5 and heat(0.2, [0.2, 0.2]) == 0.5
    usual = [0.0, 0.0, 0.0, 0.4]  # the average 0.1, the outlier 0.3 from it
    assert heat(0.4, usual) == 1.0 and abs(heat(0.0, usual) - 1 / 3) < 1e-12


def test_a_cell_shows_equity_in_money_and_the_match_winning_chance_in_a_match() -> None:
    from ai.cube.model import CubeContext

    cell = RollCell((6, 5), 2 / 36, None, (0.6, 0.2, 0.0, 0.1, 0.0), 0.3123, 0.5731)
    assert cell_label(cell, None) == "+0.312"
    assert cell_label(cell, CubeContext(length=5, away=(5, 5))) == "57.3%"


# --- the game -----------------------------------------------------------------------------------


def test_before_the_roll_ctrl_t_maps_every_roll_live_and_the_arrows_move_the_selection(
    make_app: Callable[..., App],
) -> None:
    app = make_app(hint_depth=1, match_length=3)
    g = roll_due(app)
    assert by_name("temperature").enabled(g) and by_name("evaluate").enabled(g)
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    dialog = top(app)
    assert isinstance(dialog, TemperatureDialog) and dialog.depth == 1
    assert dialog.position == g.session.state.position and dialog.context == g.flow.cube_context(HUMAN)
    mapped(app, dialog)
    assert dialog.map is not None and len(dialog.cells) == 21
    expected = Engine(shared_evaluator()[0]).temperature_map(dialog.position, 1, context=dialog.context)
    assert [c.move for c in dialog.map.cells] == [c.move for c in expected.cells]
    before = dialog.selection
    key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)
    assert dialog.selection == before.moved(-1, -1)
    key(app, pygame.K_ESCAPE)
    assert top(app) is g and dialog.worker is None


def test_the_shown_rolls_value_and_chances_fit_beside_the_grid_uncut_in_a_match(
    make_app: Callable[..., App],
) -> None:
    from ai.cube.model import CubeContext

    app = make_app(hint_depth=1, match_length=5)
    roll_due(app)
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    dialog = top(app)
    assert isinstance(dialog, TemperatureDialog)
    mapped(app, dialog)
    font, width = app.renderer.fonts.get(DETAIL_SIZE), dialog.detail_rect().width
    widest = RollCell((6, 6), 1 / 36, None, (0.0, 0.0, 0.0, 1.0, 1.0), -3.0, 0.0)  # "100.0%" each
    context = CubeContext(length=5, away=(5, 5))
    for cell in [*dialog.cells.values(), widest]:
        for line in cell_lines(cell, context)[1:]:
            assert font.size(line)[0] <= width, (line, width)


def test_the_panels_map_and_evaluate_buttons_open_the_dialogs(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    g = roll_due(app)
    view = g.panel_view()
    assert [b.key for b in view.analysis] == ["temperature", "evaluate"]
    assert [b.label for b in view.analysis] == [by_name("temperature").label, by_name("evaluate").label]
    click(app, view.analysis[1].rect.center)
    dialog = top(app)
    assert isinstance(dialog, EvaluateDialog)
    run_until(app, lambda: dialog.result is not None, "the evaluation")
    assert dialog.result is not None and dialog.result.depth == 1
    key(app, pygame.K_RIGHT)  # deeper
    assert dialog.depth == 2 and dialog.result is None
    run_until(app, lambda: dialog.result is not None, "the evaluation at depth 2")
    assert dialog.result is not None and dialog.result.depth == 2
    key(app, pygame.K_ESCAPE)
    click(app, g.panel_view().analysis[0].rect.center)
    assert isinstance(top(app), TemperatureDialog)


def test_while_moving_the_map_is_not_offered(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1, first="you")
    app.start_new_game()
    g = game(app)
    run_until(app, g.human_to_move, "the human's move")
    assert not by_name("temperature").enabled(g) and not g.panel_view().analysis
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    assert top(app) is g


def test_closing_the_map_mid_search_stops_it_and_a_new_one_starts_afresh(
    make_app: Callable[..., App],
) -> None:
    app = make_app(hint_depth=3)
    g = roll_due(app)
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    first = top(app)
    assert isinstance(first, TemperatureDialog) and first.is_computing()
    worker = first.worker
    key(app, pygame.K_ESCAPE)
    assert top(app) is g and first.worker is None and worker is not None and not worker.busy
    for _ in range(5):
        app.frame(0.05)
    assert first.map is None and len(first.cells) < 21  # nothing came after the close
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    second = top(app)
    assert isinstance(second, TemperatureDialog) and second is not first and not second.cells
    app.quit()  # quitting with the map open lets go of its worker too
    assert second.worker is None


def test_a_new_depth_mid_search_drops_the_old_searchs_rolls(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=3)
    roll_due(app)
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    dialog = top(app)
    assert isinstance(dialog, TemperatureDialog)
    key(app, pygame.K_1)
    assert dialog.depth == 1 and not dialog.cells
    mapped(app, dialog)
    assert dialog.map is not None and dialog.map.depth == 1
    expected = Engine(shared_evaluator()[0]).temperature_map(dialog.position, 1, context=dialog.context)
    assert [c.equity for c in dialog.map.cells] == [c.equity for c in expected.cells]
    assert list(dialog.cells.values()) == [dialog.cells[c.dice] for c in expected.cells]


# --- the review -----------------------------------------------------------------------------------


def test_the_review_maps_and_evaluates_the_position_shown_before_its_roll(
    make_app: Callable[..., App],
) -> None:
    app = make_app(hint_depth=1)
    app.start_new_game()
    app.open_review(SHORT.encode(), "short.mat", None)
    scene = top(app)
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None or bool(scene.failed), "the review")
    assert {"temperature", "evaluate"} <= {b.key for b in scene.buttons}
    assert {"temperature", "evaluate"} <= {a.name for a in REVIEW_ACTIONS}
    scene.go(3)
    target = scene.before_roll()
    assert target is not None and scene.path is not None
    turn = scene.path.turn(scene.path.stops[3])
    assert target[0].code == turn.code and target[1].length == 5
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    dialog = top(app)
    assert isinstance(dialog, TemperatureDialog) and dialog.position.code == turn.code
    own = app.settings.colour  # the left column's on the review's board; the side on roll drawn in its own
    assert dialog.colour == (own if turn.player == 0 else own.other)
    mapped(app, dialog)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_v)
    evaluate = top(app)
    assert isinstance(evaluate, EvaluateDialog)
    run_until(app, lambda: evaluate.result is not None, "the evaluation")
    assert evaluate.result is not None and evaluate.result.mwc is not None
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene


# --- a set-up position ------------------------------------------------------------------------------


def test_the_set_up_analysis_maps_and_evaluates_the_pasted_position(make_app: Callable[..., App]) -> None:
    """The GNU Backgammon manual's example IDs: a 9-point match at 2-4, the cube on 2."""
    app = make_app(hint_depth=1)
    key(app, pygame.K_p)
    for ch in "4HPwATDgc/ABMA:QYkqASAAIAAA":
        key(app, 0, unicode=ch)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    analysis = top(app)
    assert isinstance(analysis, AnalysisDialog)
    assert {"temperature", "evaluate"} <= {b.key for b in analysis.buttons}
    assert all(analysis.box.contains(b.rect) for b in analysis.buttons)
    key(app, pygame.K_t)
    dialog = top(app)
    assert isinstance(dialog, TemperatureDialog)
    assert dialog.context is not None and dialog.context.length == 9 and dialog.context.value == 2
    mapped(app, dialog)
    assert dialog.map is not None and dialog.map.mwc is not None
    key(app, pygame.K_ESCAPE)
    assert top(app) is analysis
    click(app, next(b for b in analysis.buttons if b.key == "evaluate").rect.center)
    assert isinstance(top(app), EvaluateDialog)
