"""The position editor driven headless: opened from the game, the review and the set-up dialog, clicks
and keys that edit, refusals said on screen, analysis, rollout, playing it out, leaving."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from ui_driver import game, key, point_pos, pump, run_until, to_human_move

from ai.cube.model import context_from_match
from game.records.matchid import from_match_id
from game.rules.move import Move, legal_moves
from game.rules.position import Position
from ui.app.app import App
from ui.app.window import DEFAULT_SIZE
from ui.model.points import BAR, OFF
from ui.model.position_ids import parse_setup, session_ids
from ui.model.session import AI
from ui.model.workbench.editor import EditorPosition, Side, from_session
from ui.scenes.base import ConfirmDialog
from ui.scenes.editor.actions import ACTIONS, FORM, GRID
from ui.scenes.editor.dialogs import DiceDialog, EditorAnalysis, EditorHelp
from ui.scenes.editor.panel import note_lines
from ui.scenes.editor.scene import HOW_TO, EditorScene
from ui.scenes.game.dialogs import HelpOverlay
from ui.scenes.ids.dialogs import SetUpDialog
from ui.scenes.review.scene import ReviewScene
from ui.scenes.rollout import RolloutDialog

DATA = Path(__file__).parent / "data"

MATCH_9 = "4HPwATDgc/ABMA:QYkqASAAIAAA"
"""The GNU Backgammon manual's example: 9-point match, 2-4, cube 2 owned by player 0, player 1 rolled 52."""


def legal_for(ids: str) -> list[Move]:
    """The legal moves of the set-up position ``ids`` for its dice."""
    setup = parse_setup(ids)
    assert not isinstance(setup, str)
    return legal_moves(Position(setup.code), (int(setup.info.dice[0]), int(setup.info.dice[1])))


def open_editor_over_a_game(make_app: Callable[..., App], **settings: object) -> tuple[App, EditorScene]:
    app = make_app(**settings)
    key(app, pygame.K_RETURN)  # a game from the menu
    to_human_move(app)
    key(app, pygame.K_e)
    editor = app.stack.top()
    assert isinstance(editor, EditorScene)
    return app, editor


def press(app: App, pos: tuple[float, float], button: int = 1) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button))
    app.frame(0.05)


def point(editor: EditorScene, p: int) -> tuple[int, int]:
    return editor.lay.point_rect(p).center


def button(editor: EditorScene, name: str) -> tuple[int, int]:
    return next(b.rect.center for b in editor.buttons if b.key == name)


def test_e_opens_the_editor_at_the_games_board_and_esc_returns_to_the_same_game(
    make_app: Callable[..., App],
) -> None:
    app, editor = open_editor_over_a_game(make_app, match_length=5)
    g = game(app)
    before = (g.session, session_ids(g.session), g.flow.phase)
    assert editor.value == from_session(g.session) and editor.source == "the game"
    assert editor.value.ids().split(":")[0] == session_ids(g.session)[0]
    assert editor.value.length == 5 and editor.value.dice == g.session.state.dice
    key(app, pygame.K_ESCAPE)  # nothing edited: no question
    assert app.stack.top() is g
    assert (g.session, session_ids(g.session), g.flow.phase) == before


def test_in_the_middle_of_a_move_the_editor_opens_at_the_position_before_it(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    st = g.session.state
    assert st.dice is not None
    step = legal_moves(st.position, st.dice)[0].steps[0]
    press(app, point_pos(app, step.src))
    press(app, point_pos(app, step.dst))
    assert g.flow.builder is not None and g.flow.builder.played
    key(app, pygame.K_e)
    editor = app.stack.top()
    assert isinstance(editor, EditorScene)
    assert editor.value.code() == st.position.code and editor.value.dice == st.dice
    key(app, pygame.K_ESCAPE)
    assert g.flow.builder is not None and g.flow.builder.played  # the half-made move is still there


def test_the_game_panel_has_an_edit_button(make_app: Callable[..., App]) -> None:
    app = make_app()
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    view = g.panel_view()
    assert view.edit is not None and view.edit.rect == g.panel.edit_rect
    press(app, g.panel.edit_rect.center)
    assert isinstance(app.stack.top(), EditorScene)


def test_clicks_on_points_add_and_remove_checkers(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    key(app, pygame.K_c)  # clear
    assert sum(editor.value.bottom) == sum(editor.value.top) == 0
    press(app, point(editor, 6))
    press(app, point(editor, 6))
    assert editor.value.count(6, Side.BOTTOM) == 2
    press(app, point(editor, 6), button=3)
    assert editor.value.count(6, Side.BOTTOM) == 1
    key(app, pygame.K_TAB)  # add the opponent's checkers now
    assert editor.adding is Side.TOP
    press(app, point(editor, 19))
    press(app, point(editor, 6))  # a held point takes the holder's checker, whatever side is chosen
    assert editor.value.count(19, Side.TOP) == 1 and editor.value.count(6, Side.BOTTOM) == 2
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    press(app, point(editor, 20))  # Shift: the other side than the chosen one
    pygame.key.set_mods(0)
    assert editor.value.count(20, Side.BOTTOM) == 1
    lay = editor.lay
    press(app, (lay.bar.centerx, lay.bar.centery + lay.bar.height // 4))  # the bottom half: your bar
    press(app, (lay.bar.centerx, lay.bar.centery - lay.bar.height // 4), button=1)  # the top half
    assert editor.value.count(BAR, Side.BOTTOM) == 1 and editor.value.count(BAR, Side.TOP) == 1
    press(app, lay.tray_half(True).center)  # your tray: add yours
    assert editor.adding is Side.BOTTOM
    assert editor.value.off(Side.BOTTOM) == 15 - 4 and lay.hit(lay.tray_half(True).center) == OFF


def test_a_refused_edit_says_why_on_screen(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    key(app, pygame.K_s)  # the starting position: all 30 checkers on the board
    press(app, point(editor, 5))  # a sixteenth: one moves from the 6 point, and the status line says so
    assert editor.value.count(5, Side.BOTTOM) == 1 and editor.value.count(6, Side.BOTTOM) == 4
    assert editor.refused == "" and app.message[0].endswith("one moved from point 6.")
    press(app, point(editor, 4), button=3)
    assert editor.refused == "No checker on point 4 to take off."
    assert app.message == (editor.refused, True)
    press(app, point(editor, 6), button=3)  # an edit made: the refusal goes
    assert editor.refused == "" and editor.value.count(6, Side.BOTTOM) == 3


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """The left button down at ``start``, the mouse moved (in steps) to ``end``, the button up."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(0.05)
    for k in range(1, 5):
        at = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        app.frame(0.05)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(0.05)


def test_checkers_are_dragged_from_point_to_point_onto_the_bar_and_into_the_tray(
    make_app: Callable[..., App],
) -> None:
    app, editor = open_editor_over_a_game(make_app)
    key(app, pygame.K_s)
    start = editor.value
    lay = editor.lay
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point(editor, 13), button=1))
    app.frame(0.05)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point(editor, 16), rel=(0, 0), buttons=(1, 0, 0))
    )
    app.frame(0.05)
    view = editor.board_view()  # the checker follows the mouse, lifted off its point
    assert view.drag == point(editor, 16) and view.human[12] == 4 and editor.value == start
    assert 15 - sum(view.human) - view.airborne[0] == 0  # in the hand: the tray shows none borne off
    editor.draw(app.screen)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point(editor, 16), button=1))
    app.frame(0.05)
    assert editor.value.count(13, Side.BOTTOM) == 4 and editor.value.count(16, Side.BOTTOM) == 1
    assert editor.drag_pos is None and editor.board_view().drag is None
    drag(app, point(editor, 6), lay.tray_half(True).center)  # into the tray: borne off
    assert editor.value.off(Side.BOTTOM) == 1 and editor.value.count(6, Side.BOTTOM) == 4
    drag(app, lay.tray_half(True).center, point(editor, 3))  # and back from the tray
    assert editor.value.off(Side.BOTTOM) == 0 and editor.value.count(3, Side.BOTTOM) == 1
    drag(app, point(editor, 12), (lay.bar.centerx, lay.bar.centery - lay.bar.height // 4))  # theirs, hit
    assert editor.value.count(BAR, Side.TOP) == 1 and editor.value.count(12, Side.TOP) == 4
    before = editor.value
    drag(app, point(editor, 8), point(editor, 19))  # onto the opponent's point: refused, said why
    assert editor.value == before and "holds the opponent's checkers" in editor.refused
    drag(app, point(editor, 8), (2, 2))  # off the board: it goes back
    assert editor.value == before
    key(app, pygame.K_u)  # a drag is one edit to undo
    assert editor.value.count(BAR, Side.TOP) == 0


def test_k_picks_up_a_checker_at_the_keyboard_cursor_and_puts_it_down(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    key(app, pygame.K_s)
    while editor.cursor_point() != (6, Side.BOTTOM):
        key(app, pygame.K_RIGHT if editor.cursor is None or editor.cursor_point() is None else pygame.K_LEFT)
    key(app, pygame.K_k)
    assert editor.carried == (6, Side.BOTTOM) and editor.board_view().drag is not None
    key(app, pygame.K_LEFT)  # over the bar to the 7 point (home on the right: left is outward)
    key(app, pygame.K_LEFT)
    assert editor.cursor_point() == (7, Side.BOTTOM)
    key(app, pygame.K_k)
    assert editor.carried is None and editor.value.count(7, Side.BOTTOM) == 1
    assert editor.value.count(6, Side.BOTTOM) == 4


def test_keys_edit_the_board_the_dice_the_cube_and_the_match(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app, match_length=0)
    key(app, pygame.K_c)
    key(app, pygame.K_RIGHT)  # the cursor appears on your 1-point
    assert editor.cursor_point() == (1, Side.BOTTOM)
    key(app, pygame.K_RIGHT)  # right of it: your tray
    assert editor.cursor_point() == (OFF, Side.BOTTOM)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # your 2-point
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_DELETE)
    assert editor.value.count(2, Side.BOTTOM) == 1
    key(app, pygame.K_UP)  # the top row: the opponent's 1-point (your 23)
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert editor.value.count(23, Side.TOP) == 1
    key(app, pygame.K_5)
    key(app, pygame.K_2)
    assert editor.value.dice == (5, 2)
    key(app, pygame.K_0)
    assert editor.value.dice is None
    key(app, pygame.K_r)
    assert editor.value.on_roll is Side.TOP
    for _ in range(5):
        key(app, pygame.K_l)
    key(app, pygame.K_l, mod=pygame.KMOD_SHIFT)
    assert editor.value.length == 4
    for _ in range(3):
        key(app, pygame.K_t)
    key(app, pygame.K_y)
    assert editor.value.score == (1, 3)
    key(app, pygame.K_f)
    assert editor.value.crawford
    key(app, pygame.K_v)
    assert "Nobody doubles in the Crawford game" in editor.refused
    key(app, pygame.K_f)
    key(app, pygame.K_v)
    key(app, pygame.K_v)
    key(app, pygame.K_w)
    assert (editor.value.cube, editor.value.owner) == (4, Side.BOTTOM)
    key(app, pygame.K_m)  # mirror: you take the other side
    assert (
        editor.value.owner is Side.TOP
        and editor.value.score == (3, 1)
        and editor.value.on_roll is Side.BOTTOM
    )
    ids = editor.value.ids()
    key(app, pygame.K_u)
    key(app, pygame.K_u, mod=pygame.KMOD_SHIFT)  # redo
    assert editor.value.ids() == ids
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert editor.value.owner is Side.BOTTOM


def test_every_panel_button_runs_its_action(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app, match_length=7)
    names = {n for _, row in FORM for n in row} | set(GRID)
    assert names == {b.key for b in editor.buttons}
    press(app, button(editor, "cube-up"))
    press(app, button(editor, "owner"))
    press(app, button(editor, "you-up"))
    press(app, button(editor, "length-down"))
    assert (editor.value.cube, editor.value.owner, editor.value.score[0], editor.value.length) == (
        2,
        Side.BOTTOM,
        1,
        6,
    )
    press(app, button(editor, "dice"))
    dialog = app.stack.top()
    assert isinstance(dialog, DiceDialog)
    press(app, dialog.die_rect(0, 3).center)
    press(app, dialog.die_rect(1, 3).center)
    assert app.stack.top() is editor and editor.value.dice == (3, 3)
    press(app, button(editor, "dice"))
    key(app, pygame.K_n)  # no dice
    assert editor.value.dice is None
    press(app, button(editor, "clear"))
    press(app, button(editor, "analyse"))  # greyed: says why instead
    assert not any(isinstance(s, EditorAnalysis) for s in app.stack)
    assert "no checker on the board" in editor.refused and app.message[1]
    press(app, button(editor, "start"))
    press(app, button(editor, "help"))
    assert isinstance(app.stack.top(), EditorHelp)


def test_help_lists_every_editor_action_with_help(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    key(app, pygame.K_F1)
    help_ = app.stack.top()
    assert isinstance(help_, EditorHelp)
    rows = help_.rows()
    for a in ACTIONS:
        if a.help:
            assert (a.keys_text, a.help) in rows
    help_.draw(app.screen)
    key(app, pygame.K_SPACE)
    assert app.stack.top() is editor


def test_analyse_ranks_the_moves_for_the_dice_set(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app, hint_depth=1)
    assert editor.paste_text(MATCH_9)
    key(app, pygame.K_a)
    dialog = app.stack.top()
    assert isinstance(dialog, EditorAnalysis)
    run_until(app, lambda: not dialog.is_waiting(), "the analysis")
    assert dialog.answer.moves is not None and len(dialog.answer.moves) == len(
        legal_for(MATCH_9)
    )  # every move
    equities = [m.equity for m in dialog.answer.moves]
    assert equities == sorted(equities, reverse=True)
    lines = [line for line, _ in dialog.lines()]
    assert lines[0] == "At depth 1, for you on roll:" and lines[1].startswith("1. ")
    best, second = dialog.answer.moves[0].move, dialog.answer.moves[1].move
    assert editor.board_view().arrows == [(st.src, st.dst, True) for st in best.steps]
    key(app, pygame.K_DOWN)  # the second move drawn on the board
    assert editor.board_view().arrows == [(st.src, st.dst, True) for st in second.steps]
    press(app, dialog.move_rect(0).center)
    assert dialog.shown_move() == best
    app.resize((1366, 768))  # the box follows the editor's panel
    assert editor.panel.rect.contains(dialog.box)
    key(app, pygame.K_2)  # depth 2: searched again
    assert dialog.answer.depth == 2 and dialog.is_waiting() and editor.depth == 2
    run_until(app, lambda: not dialog.is_waiting(), "the analysis at depth 2")
    assert dialog.answer.moves is not None and dialog.lines()[0][0] == "At depth 2, for you on roll:"
    pump(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is editor


def test_analyse_before_the_roll_gives_the_cube_decision(make_app: Callable[..., App]) -> None:
    app, _ = open_editor_over_a_game(make_app, hint_depth=1, match_length=0)
    key(app, pygame.K_s)
    key(app, pygame.K_0)
    key(app, pygame.K_a)
    dialog = app.stack.top()
    assert isinstance(dialog, EditorAnalysis)
    run_until(app, lambda: not dialog.is_waiting(), "the cube decision")
    assert dialog.answer.cube is not None
    lines = [line for line, _ in dialog.lines()]
    assert lines[1] == "No double, take" and lines[2].startswith("No double ")


def test_rollout_opens_on_the_edited_position_and_roll(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    assert editor.paste_text(MATCH_9)
    key(app, pygame.K_o)
    dialog = app.stack.top()
    assert isinstance(dialog, RolloutDialog)
    setup = parse_setup(MATCH_9)
    assert dialog.position == Position(setup.code) and dialog.dice == (5, 2)
    assert dialog.context == context_from_match(setup.info)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is editor


def test_play_it_out_asks_before_leaving_the_game_then_starts_at_the_position(
    make_app: Callable[..., App],
) -> None:
    app, editor = open_editor_over_a_game(make_app)
    old = game(app).session
    key(app, pygame.K_s)
    key(app, pygame.K_l)
    key(app, pygame.K_l)  # a 3-point match
    key(app, pygame.K_t)
    key(app, pygame.K_t)  # the opponent 2-away... 1-away: 2 points of 3
    key(app, pygame.K_f)  # the Crawford game
    key(app, pygame.K_6)
    key(app, pygame.K_4)
    ids = editor.value.ids()
    key(app, pygame.K_RETURN)
    confirm = app.stack.top()
    assert isinstance(confirm, ConfirmDialog)
    key(app, pygame.K_y)
    g = game(app)
    s = g.session
    assert s is not old and session_ids(s) == tuple(ids.split(":"))
    assert s.match.length == 3 and s.match.score == (0, 2) and s.match.is_crawford()
    run_until(app, g.human_to_move, "the human's move with the edited dice")
    assert s.state.dice == (6, 4)


def test_play_it_out_with_the_opponent_on_roll_lets_the_computer_move_first(
    make_app: Callable[..., App],
) -> None:
    app, editor = open_editor_over_a_game(make_app, match_length=0)
    key(app, pygame.K_s)
    key(app, pygame.K_r)  # the opponent on roll, before the roll
    key(app, pygame.K_0)
    ids = editor.value.ids()
    press(app, button(editor, "play"))
    key(app, pygame.K_y)  # abandon the game in progress
    g = game(app)
    assert g.session.setup == ids and g.session.turn == AI
    run_until(app, lambda: g.roll_due() or g.human_to_move(), "the human's turn after the computer's")
    assert g.session.log and g.session.log[0].player == AI  # the computer rolled and moved first


def test_esc_after_edits_asks_before_dropping_them(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    g = game(app)
    key(app, pygame.K_c)
    key(app, pygame.K_ESCAPE)
    confirm = app.stack.top()
    assert isinstance(confirm, ConfirmDialog) and confirm.no == "Keep editing"
    key(app, pygame.K_n)
    assert app.stack.top() is editor and sum(editor.value.bottom) == 0
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)
    assert app.stack.top() is g


def test_the_set_up_dialog_opens_pasted_ids_in_the_editor(make_app: Callable[..., App]) -> None:
    app = make_app()
    key(app, pygame.K_p)  # the set-up dialog from the menu
    assert isinstance(app.stack.top(), SetUpDialog)
    for ch in MATCH_9:
        key(app, 0, unicode=ch)
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL)
    editor = app.stack.top()
    assert isinstance(editor, EditorScene)
    assert (
        editor.value == EditorPosition.from_setup(parse_setup(MATCH_9)) and editor.source == "the pasted IDs"
    )


def test_the_review_opens_its_board_in_the_editor(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    data = (DATA / "mat" / "short.mat").read_bytes()
    app.open_review(data, "short.mat", None)
    review = app.stack.top()
    assert isinstance(review, ReviewScene)
    run_until(app, lambda: review.path is not None or bool(review.failed), "the review")
    assert review.path is not None
    for _ in range(7):
        key(app, pygame.K_RIGHT)
    stop = review.current()
    assert stop is not None
    key(app, pygame.K_e)
    editor = app.stack.top()
    assert isinstance(editor, EditorScene) and editor.source == "the review"
    turn = review.path.turn(stop)
    mover = editor.value.side(Side.BOTTOM if turn.player == 0 else Side.TOP)
    assert tuple(mover) == Position(turn.code).mine
    decision = review.path.decisions(stop)[0]
    info = from_match_id(decision.match_id)
    assert editor.value.length == info.length and editor.value.score == info.score
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is review


def test_the_editor_draws_at_every_size(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    for size in ((800, 600), (1366, 768), (1920, 1080)):
        app.resize(size)
        editor.draw(app.screen)
    key(app, pygame.K_c)
    editor.draw(app.screen)


FORUM_POST = "nHsiAwRrNpEBMA:8AnrAGAAKAAE"
"""A position posted with GNU Backgammon's board and IDs (boards.straightdope.com/t/backgammon-problem/813757,
2018): a 7-point match, X 5, O 6, the Crawford game, X to play 6-2. GNU Backgammon 1.07 at 0-ply
(``set matchid``, ``set board``, ``hint``) ranks 8/2 6/4* first, +0.269, the next 0.364 behind."""

FORUM_X = {6: 2, 5: 2, 3: 2, 2: 1, 1: 2, 11: 1, 8: 1, 13: 2, 24: 2}
"""X's checkers (you, at the bottom) by the post's point numbers."""
FORUM_O = {12: 2, 4: 1, 14: 1, 17: 1, 19: 4, 20: 3, 22: 3}
"""O's checkers (the opponent) by the same numbers."""


def test_a_forum_position_built_by_clicks_has_the_posts_ids_and_its_best_move(
    make_app: Callable[..., App],
) -> None:
    app, editor = open_editor_over_a_game(make_app, hint_depth=1, match_length=0)
    press(app, button(editor, "clear"))
    for checkers, side in ((FORUM_X, Side.BOTTOM), (FORUM_O, Side.TOP)):
        if editor.adding is not side:
            press(app, button(editor, "side"))
        for p, n in checkers.items():
            for _ in range(n):
                press(app, point(editor, p))
    for _ in range(7):
        press(app, button(editor, "length-up"))
    for _ in range(5):
        press(app, button(editor, "you-up"))
    for _ in range(6):
        press(app, button(editor, "them-up"))
    press(app, button(editor, "crawford"))
    key(app, pygame.K_6)
    key(app, pygame.K_2)
    assert editor.value.off(Side.BOTTOM) == editor.value.off(Side.TOP) == 0
    assert (editor.value.pips(Side.BOTTOM), editor.value.pips(Side.TOP)) == (125, 114)  # as the post says
    posted = EditorPosition.from_setup(parse_setup(FORUM_POST))
    assert editor.value.ids().split(":")[0] == FORUM_POST.split(":")[0]
    assert posted == replace(editor.value, bottom_player=1)  # X is GNU Backgammon's player 1 there
    key(app, pygame.K_a)
    dialog = app.stack.top()
    assert isinstance(dialog, EditorAnalysis)
    run_until(app, lambda: not dialog.is_waiting(), "the analysis")
    assert dialog.answer.moves is not None
    assert dialog.answer.moves[0].move.notation() == "8/2 6/4*"


@pytest.mark.parametrize("size", [DEFAULT_SIZE, (1100, 720)])
def test_every_help_row_fits_its_column_uncut_in_the_game_and_the_editor(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app = make_app()
    key(app, pygame.K_RETURN)  # a game from the menu
    to_human_move(app)
    key(app, pygame.K_F1)
    game_help = app.stack.top()
    key(app, pygame.K_SPACE)
    key(app, pygame.K_e)
    key(app, pygame.K_F1)
    editor_help = app.stack.top()
    assert isinstance(game_help, HelpOverlay) and isinstance(editor_help, EditorHelp)
    app.resize(size)
    for help_ in (game_help, editor_help):
        help_.on_resize()
        area = help_.body()
        plan = help_.plan(area)
        assert plan.fits  # every row and the note in the box, at the largest size that fits
        font = app.renderer.fonts.get(plan.size)
        columns = sorted({row.x for row in plan.rows})
        width = (area.width - (len(columns) - 1) * round(help_.px(20))) // len(columns)
        for row in plan.rows:
            for line in row.lines:  # each description wrapped to its column, never cut
                assert font.size(line)[0] <= width - row.keys_w, (type(help_).__name__, line)
        described = {what for _, what in help_.rows() if what}
        assert {" ".join(row.lines) for row in plan.rows if row.lines} == described


@pytest.mark.parametrize("size", [DEFAULT_SIZE, (1100, 720)])
def test_the_editors_how_to_shows_whole_under_its_buttons(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    app, editor = open_editor_over_a_game(make_app)
    app.resize(size)
    lines = note_lines(app.renderer.fonts, editor.panel, HOW_TO)
    assert " ".join(lines) == HOW_TO and not any("…" in line for line in lines)


def test_a_refusal_too_long_for_the_editors_note_ends_in_an_ellipsis(make_app: Callable[..., App]) -> None:
    app, editor = open_editor_over_a_game(make_app)
    long = "That position cannot be played out: " + "a reason given at length " * 20
    lines = note_lines(app.renderer.fonts, editor.panel, long)
    assert lines and lines[-1].endswith("…") and " ".join(lines) != long
