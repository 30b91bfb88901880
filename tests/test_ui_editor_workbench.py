"""The position editor wired to the rest of the workbench, driven headless: XGIDs pasted and copied,
the picture and the text diagram exported, the temperature map and Evaluate, two players' names,
the panel at every window size; and the new-game dialog when two people play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import game, key, record_text, run_until, to_human_move

from game.rules.position import Position
from ui.app.app import App
from ui.app.window import MIN_SIZE
from ui.model.position_ids import parse_setup
from ui.model.session import AI, HUMAN
from ui.model.workbench.editor import EditorPosition, Side
from ui.model.workbench.temperature import cell_label
from ui.scenes import temperature as temperature_module
from ui.scenes.base import ConfirmDialog
from ui.scenes.editor import panel as panel_module
from ui.scenes.editor.actions import ACTIONS, FORM, GRID
from ui.scenes.editor.dialogs import EditorHelp
from ui.scenes.editor.scene import EditorScene
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.settings import menu as menu_module
from ui.scenes.settings.menu import MenuScene
from ui.scenes.temperature import TemperatureDialog

FOUR_SCORE = "XGID=---CBBBbB---bB----bdBcaa--:0:0:1:53:0:0:0:0:10"
"""BGonline.org Forums, a "four-score position" post (tests/data/xgid/SOURCES.md): money, Blue (the
bottom player) to play 53; pips Blue 121, White 117."""

FIVE_POINT = "XGID=-BBABBBbB---c-----B-babcb-:0:0:1:32:2:1:0:5:10"
"""BGonline.org Forums, "Explain XG rollout results to the not bot-savvy" (SOURCES.md): a 5-point match,
the bottom player 2, the top 1, the bottom player to play 32."""

POST = (
    "Blue to play 53 in an unlimited game. I played 13/10 13/8 and XG did not like it;\n"
    "the rollout prefers 8/5 8/3. What do you all think?\n\n"
    f"{FOUR_SCORE}\n\n"
    "Blue 121 pips, White 117 pips. Rolled out 1296 trials, 3-ply checker play and cube.\n"
)
"""A forum post's words around the posted XGID (ours, in the post's form: more text than an ID)."""

SIZES = ((MIN_SIZE[0], MIN_SIZE[1]), (800, 600), (1100, 720), (1366, 768), (1920, 1080))
"""The smallest window, the usual ones and a large one."""


def open_editor(make_app: Callable[..., App], **settings: object) -> tuple[App, EditorScene]:
    app = make_app(**settings)
    key(app, pygame.K_RETURN)  # a game from the menu
    to_human_move(app)
    key(app, pygame.K_e)
    editor = app.stack.top()
    assert isinstance(editor, EditorScene)
    return app, editor


def press_button(app: App, editor: EditorScene, name: str) -> None:
    pos = next(b.rect.center for b in editor.buttons if b.key == name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame(0.05)


# --- the XGID -------------------------------------------------------------------------------------


def test_ctrl_c_copies_the_xgid_g_the_gnu_ids_and_ctrl_v_pastes_either_back(
    make_app: Callable[..., App],
) -> None:
    app, editor = open_editor(make_app)
    built = editor.value
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    xgid = pygame.scrap.get_text()
    assert xgid == editor.xgid() and xgid.startswith("XGID=") and xgid in app.message[0]
    key(app, pygame.K_g)
    assert pygame.scrap.get_text() == built.ids() and "GNU Backgammon IDs" in app.message[0]
    key(app, pygame.K_c)  # C alone clears the board, as before
    assert not any(editor.value.bottom)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)  # the GNU IDs: the same position and IDs
    assert editor.value == built
    pygame.scrap.put_text(xgid)
    key(app, pygame.K_c)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)  # the XGID: the same board, drawn the same way
    v = editor.value
    assert (v.bottom, v.top, v.on_roll, v.dice, v.cube, v.owner) == (
        built.bottom,
        built.top,
        built.on_roll,
        built.dice,
        built.cube,
        built.owner,
    )
    assert editor.xgid() == xgid
    pygame.scrap.put_text("XGID=nonsense")
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert editor.value == v and editor.refused.startswith("The clipboard holds no position: XGID:")


def test_an_xgid_pasted_from_a_forum_post_shows_the_board_as_the_post_draws_it(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, editor = open_editor(make_app)
    assert len(POST) > 200  # more than an ID: the XGID is found in the text
    pygame.scrap.put_text(POST)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    v = editor.value
    assert editor.refused == "" and v == EditorPosition.from_setup(parse_setup(FOUR_SCORE))
    assert (v.pips(Side.BOTTOM), v.pips(Side.TOP), v.on_roll, v.dice) == (121, 117, Side.BOTTOM, (5, 3))
    assert editor.xgid() == FOUR_SCORE
    drawn = record_text(monkeypatch, panel_module)
    editor.draw(app.screen)
    assert FOUR_SCORE in "".join(drawn) and v.ids() in drawn  # the XGID shown beside the GNU IDs
    assert "On roll (R)" in drawn and "5-3" in drawn and "money" in drawn  # and the rows, labelled
    assert app.message[0] == "Set up from the XGID. Money game. Cube 1, in the middle. You rolled 5-3."


def test_a_posted_match_xgid_keeps_its_score_and_the_top_player_on_roll_when_it_says_so(
    make_app: Callable[..., App],
) -> None:
    _app, editor = open_editor(make_app)
    assert editor.paste_text(FIVE_POINT)
    v = editor.value
    assert (v.length, v.score, v.on_roll, v.dice) == (5, (2, 1), Side.BOTTOM, (3, 2))
    their_turn = FIVE_POINT.replace(":1:32:", ":-1:32:")
    assert editor.paste_text(their_turn)
    assert editor.value.on_roll is Side.TOP and editor.value.bottom == v.bottom
    assert editor.xgid() == their_turn


# --- exporting ------------------------------------------------------------------------------------


def test_p_saves_a_picture_and_x_the_text_diagram_which_pastes_back_as_the_same_position(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, editor = open_editor(make_app)
    assert editor.paste_text(FIVE_POINT)
    key(app, pygame.K_x)
    texts = sorted((home / "exports").glob("*.txt"))
    target = editor.export_target()
    assert len(texts) == 1 and texts[0].read_text(encoding="utf-8") == target.diagram()
    assert (
        FIVE_POINT in target.diagram() and "X: You" in target.diagram() and "O: Opponent" in target.diagram()
    )
    assert pygame.scrap.get_text() == target.diagram()
    assert str(texts[0]) in app.message[0] and editor.exported is not None
    assert editor.exported.message == app.message[0]
    drawn = record_text(monkeypatch, panel_module)
    editor.draw(app.screen)
    assert texts[0].name in "".join(drawn)  # told in the panel too, under the buttons (wrapped there)
    press_button(app, editor, "picture")
    pictures = sorted((home / "exports").glob("*.png"))
    assert len(pictures) == 1 and str(pictures[0]) in app.message[0]
    assert pygame.image.load(str(pictures[0])).get_size()[0] > 800
    before = editor.value
    key(app, pygame.K_c)  # clear, then paste the diagram: the XGID in it sets the same position
    assert editor.exported is None
    pygame.scrap.put_text(texts[0].read_text(encoding="utf-8"))
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert editor.value == before
    press_button(app, editor, "diagram")
    assert len(list((home / "exports").glob("*.txt"))) == 2


# --- the temperature map and Evaluate --------------------------------------------------------------


def test_the_map_is_offered_before_the_roll_and_evaluate_with_or_without_dice(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, editor = open_editor(make_app, hint_depth=1)
    assert editor.paste_text(FIVE_POINT)  # the bottom player to play 32
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    assert app.stack.top() is editor and "before the roll" in editor.refused
    assert editor.value.score == (2, 1)  # Ctrl+T is not T (the opponent's score)
    key(app, pygame.K_e)
    dialog = app.stack.top()
    assert isinstance(dialog, EvaluateDialog) and "3-2 left aside" in dialog.what
    assert dialog.position == Position(editor.value.code())
    assert dialog.context is not None and (dialog.context.length, dialog.context.away) == (5, (3, 4))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is editor
    key(app, pygame.K_r)  # the opponent on roll
    key(app, pygame.K_0)  # before the roll
    assert editor.can_map()
    press_button(app, editor, "temperature")
    tmap = app.stack.top()
    assert isinstance(tmap, TemperatureDialog)
    assert tmap.position == Position(editor.value.code())  # from the opponent's side, on roll
    assert tmap.context is not None and tmap.context.away == (4, 3)
    assert tmap.colour != app.settings.colour  # the opponent's checkers on the small board
    run_until(app, lambda: not tmap.is_computing(), "the map")
    assert tmap.map is not None and tmap.map.mwc is not None
    for size in ((1366, 768), (1100, 720), (800, 600)):  # each cell's value drawn whole (smaller if need be)
        app.resize(size)
        drawn = record_text(monkeypatch, temperature_module)
        tmap.draw(app.screen)
        assert all(cell_label(c, tmap.context) in drawn for c in tmap.cells.values()), size
    key(app, pygame.K_ESCAPE)
    press_button(app, editor, "evaluate")
    assert isinstance(app.stack.top(), EvaluateDialog)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_c)  # nothing on the board: neither is offered, and the panel says why
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_e)
    assert app.stack.top() is editor and "no checker on the board" in editor.refused


# --- the panel, the help ----------------------------------------------------------------------------


def test_every_new_action_has_a_key_a_button_and_a_help_line(make_app: Callable[..., App]) -> None:
    app, editor = open_editor(make_app)
    names = {"temperature", "evaluate", "picture", "diagram", "copy", "copy-gnu", "paste"}
    assert names <= set(GRID) and names <= {b.key for b in editor.buttons}
    for a in ACTIONS:
        if a.name in names:
            assert a.keys and a.help and a.button
    key(app, pygame.K_F1)
    help_ = app.stack.top()
    assert isinstance(help_, EditorHelp)
    rows = dict(help_.rows())
    assert "temperature map" in rows["Ctrl+T"] and "evaluate" in rows["E"]
    assert "XGID" in rows["Ctrl+C"] and "POSITIONID:MATCHID" in rows["G"]


@pytest.mark.parametrize("size", SIZES)
def test_the_panel_holds_every_button_apart_and_both_ids_whole_at_every_window_size(
    make_app: Callable[..., App], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, editor = open_editor(make_app)
    app.resize(size)
    editor = app.stack.top()
    assert isinstance(editor, EditorScene)
    panel = editor.panel.rect
    rects = [b.rect for b in editor.buttons]
    for i, r in enumerate(rects):
        assert panel.contains(r), (size, editor.buttons[i].key)
        assert r.collidelist(rects[i + 1 :]) == -1, (size, editor.buttons[i].key)
    grid = [b.rect for b in editor.buttons if b.key in GRID]
    assert min(r.height for r in grid) >= 16 and min(r.width for r in grid) >= 40
    assert editor.panel.note.bottom <= panel.bottom
    assert editor.paste_text(FIVE_POINT)
    drawn = record_text(monkeypatch, panel_module)
    editor.draw(app.screen)
    ids = drawn[1 : 2 + editor.panel.xgid_lines]  # after the "GNU IDs" label
    assert ids[0] == editor.value.ids() and "".join(ids[1:]) == FIVE_POINT, ids
    key(app, pygame.K_0)  # no dice: the longest value, "none (cube)"
    boxes = record_boxes(monkeypatch, panel_module)
    editor.draw(app.screen)
    for (_, names), row in zip(FORM, editor.panel.rows, strict=True):
        buttons = min(b.rect.x for b in editor.buttons if b.key in names)
        on_row = [r for r in boxes if r.x > row.x + row.width * 0.3 and r.centery == row.centery]
        assert on_row and all(r.right <= buttons for r in on_row), (size, row)  # clear of the buttons


def record_boxes(monkeypatch: pytest.MonkeyPatch, module: object) -> list[pygame.Rect]:
    """Where ``module`` draws each text with its ``text`` helper from now on."""
    boxes: list[pygame.Rect] = []
    real_text = module.text  # type: ignore[attr-defined]

    def recording_text(*args: object, **kw: object) -> pygame.Rect:
        box = real_text(*args, **kw)
        boxes.append(box)
        return box

    monkeypatch.setattr(module, "text", recording_text)
    return boxes


# --- two players ---------------------------------------------------------------------------------


def test_with_two_players_the_editor_names_them_and_plays_it_out_between_them(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, editor = open_editor(make_app, opponent="human", name_one="Ann", name_two="Bob", match_length=5)
    v = editor.value
    assert v.names == ("Ann", "Bob") and editor.row_values()["turn"] in ("Ann", "Bob")
    assert editor.row_labels() == {"you": "Ann's score (Y)", "them": "Bob's score (T)"}
    drawn = record_text(monkeypatch, panel_module)
    editor.draw(app.screen)
    assert "Ann's score (Y)" in drawn and "Bob's score (T)" in drawn and "Opponent (T)" not in drawn
    assert drawn.index("Ann's score (Y)") + 1 == drawn.index(
        editor.row_values()["you"], drawn.index("Ann's score (Y)")
    )
    key(app, pygame.K_c)  # clear: nothing to analyse, and the panel says whose checkers are missing
    key(app, pygame.K_a)
    assert "Ann's side has no checker" in editor.refused
    assert editor.paste_text(FIVE_POINT)
    key(app, pygame.K_r)  # Bob on roll
    assert editor.row_values()["turn"] == "Bob"
    key(app, pygame.K_RETURN)  # play it out: asks before leaving the game in progress
    assert isinstance(app.stack.top(), ConfirmDialog)
    key(app, pygame.K_y)
    g = game(app)
    s = g.session
    assert s.config.is_two_player() and s.names() == ("Ann", "Bob")
    assert s.turn == AI and s.config.controller(AI).is_human  # Bob, a person, moves first
    assert s.match.score == (2, 1)  # Ann's score first: she is the first player, at the bottom
    assert s.config.controller(HUMAN).is_human


# --- the new-game dialog with two players ----------------------------------------------------------


def test_the_new_game_dialog_names_who_moves_first_and_greys_ai_strength_for_two_players(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(opponent="human", name_one="Ann", name_two="Bob", first="you")
    menu = app.scenes[-1]
    assert isinstance(menu, MenuScene)
    rows = {opt.attr: i for i, opt in enumerate(menu.rows)}
    first = menu.rows[rows["first"]]
    assert menu.shown(first) == "Ann (first player)"
    menu.change(rows["first"], 1)
    assert app.settings.first == "computer" and menu.shown(first) == "Bob (second player)"
    level = menu.rows[rows["level"]]
    before = app.settings.level
    menu.change(rows["level"], 1)
    assert app.settings.level == before and "not used" in app.message[0]
    assert menu.unused(level) and menu.shown(level) == "Not used: two players"
    drawn = record_text(monkeypatch, menu_module)
    menu.draw(app.screen)
    assert "Bob (second player)" in drawn and "Not used: two players" in drawn
    menu.change(rows["opponent"], 1)  # against the computer again
    assert not menu.unused(level) and menu.shown(first) == "The computer (the second player)"
    menu.change(rows["level"], 1)
    assert app.settings.level != before


def test_against_the_computer_the_name_rows_are_greyed_and_cannot_be_typed_in(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(opponent="computer", name_one="Ann", name_two="Bob")
    menu = app.scenes[-1]
    assert isinstance(menu, MenuScene)
    rows = {opt.attr: i for i, opt in enumerate(menu.rows)}
    for attr in ("name_one", "name_two"):
        opt = menu.rows[rows[attr]]
        assert menu.unused(opt) and menu.shown(opt) == "Only for two players"
        depth = len(app.scenes)
        menu.change(rows[attr], 1)
        assert len(app.scenes) == depth, "no name box opens"
        assert "not used against the computer" in app.message[0]
    menu.change(rows["opponent"], 1)  # two players: the names are theirs to type
    assert not menu.unused(menu.rows[rows["name_one"]])
    assert menu.shown(menu.rows[rows["name_one"]]) == "Ann"
