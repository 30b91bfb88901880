"""The IDs dialog and the set-up dialog driven headless: copy, paste, bad input, play out, analyse,
asking before a game is left, the set-up game saved and resumed, no record for it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import game, key, run_until, to_human_move

from ai.worker.messages import Request
from game.records.matchid import MatchInfo, match_id
from game.rules.cube import CubeState, Resignation
from game.rules.move import Move, legal_moves
from game.rules.position import Position
from ui.app.app import App
from ui.model.player_stats import count_game
from ui.model.position_ids import parse_setup, session_ids, session_xgid, setup_session
from ui.model.records import keep_game
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.model.snapshot import NullStore
from ui.model.storage import SAVE_FILE
from ui.scenes.base import ConfirmDialog
from ui.scenes.game.cube_dialogs import TakePassDialog
from ui.scenes.ids.dialogs import AnalysisDialog, IdsDialog, SetUpDialog
from ui.scenes.settings.menu import MenuScene
from ui.text.analysis import proper_action

MATCH_9 = "4HPwATDgc/ABMA:QYkqASAAIAAA"
"""The GNU Backgammon manual's example: 9-point match, 2-4, cube 2 owned by player 0, player 1 rolled 52."""
POST_CRAWFORD = "4HPwATDgc/ABMA:cAlgACAACAAE"
"""3-point match, 2-1, post-Crawford, player 1 on roll before rolling."""


def legal_for(ids: str) -> list[Move]:
    """The legal moves of the set-up position ``ids`` for its dice."""
    setup = parse_setup(ids)
    assert not isinstance(setup, str)
    return legal_moves(Position(setup.code), (int(setup.info.dice[0]), int(setup.info.dice[1])))


def type_text(app: App, text: str) -> None:
    for ch in text:
        key(app, 0, unicode=ch)


def open_setup_over_a_game(app: App) -> SetUpDialog:
    key(app, pygame.K_RETURN)  # start a game from the menu
    to_human_move(app)
    key(app, pygame.K_p, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, SetUpDialog)
    return dialog


def test_ids_dialog_shows_the_boards_ids_and_xgid_and_copies_either(make_app: Callable[..., App]) -> None:
    app = make_app(match_length=5)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    key(app, pygame.K_i)
    dialog = app.stack.top()
    assert isinstance(dialog, IdsDialog)
    assert (dialog.position_id, dialog.match_id) == session_ids(g.session)
    assert dialog.xgid == session_xgid(g.session) and dialog.xgid.startswith("XGID=")
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)  # the XGID, what forums and eXtreme Gammon read
    assert pygame.scrap.get_text() == dialog.xgid and "Copied the XGID" in dialog.note
    from_xgid = parse_setup(dialog.xgid)
    key(app, pygame.K_g, mod=pygame.KMOD_CTRL)
    assert pygame.scrap.get_text() == dialog.ids and "GNU Backgammon IDs" in dialog.note
    back = parse_setup(dialog.ids)
    assert back.info.length == 5 and back.info.has_dice() and back.human == HUMAN
    # the two say the same: the board from the side on roll, and the match, the human at the bottom
    assert from_xgid.code == back.code and from_xgid.info.dice == back.info.dice
    assert from_xgid.xgid == dialog.xgid and dialog.xgid.split(":")[3] == "1"
    dialog.draw(app.screen)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is g


def test_copy_without_a_display_says_so_instead_of_failing() -> None:
    pygame.display.quit()
    app = App((900, 600), surface=pygame.Surface((900, 600)), store=NullStore())
    session = setup_session(parse_setup(MATCH_9), app.config())
    dialog = IdsDialog(app, session, lambda: None)
    dialog.copy()
    assert "No clipboard" in dialog.note and app.message == (dialog.note, False)
    dialog.draw(app.screen)


def test_bad_input_is_a_message_and_the_dialog_stays(make_app: Callable[..., App]) -> None:
    app = make_app()
    dialog = open_setup_over_a_game(app)
    type_text(app, "4HPwATDgc/AB!A:zz\x00é")
    key(app, pygame.K_RETURN)
    assert app.stack.top() is dialog and dialog.setup is None
    assert "bad base64" in app.message[0] and app.message[1]
    dialog.draw(app.screen)
    for _ in range(len(dialog.entry.text)):
        key(app, pygame.K_BACKSPACE)
    assert dialog.entry.text == ""
    key(app, pygame.K_ESCAPE)
    assert app.game is not None and app.stack.top() is app.game


def test_paste_play_out_asks_before_leaving_the_game_then_sets_it_up(make_app: Callable[..., App]) -> None:
    app = make_app()
    dialog = open_setup_over_a_game(app)
    old = game(app).session
    pygame.scrap.put_text(MATCH_9)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert dialog.entry.text == MATCH_9 and dialog.setup is not None
    key(app, pygame.K_RETURN)
    confirm = app.stack.top()
    assert isinstance(confirm, ConfirmDialog)
    key(app, pygame.K_n)  # keep playing: nothing changes
    assert game(app).session is old
    key(app, pygame.K_p, mod=pygame.KMOD_CTRL)
    type_text(app, MATCH_9)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)  # abandon it
    g = game(app)
    s = g.session
    assert s is not old and s.setup == MATCH_9 and s.id_player == 1
    assert s.match.length == 9 and s.match.score == (4, 2) and s.cube == CubeState(2, AI)
    run_until(app, g.human_to_move, "the human's move with the set-up dice")
    assert s.turn == HUMAN and s.state.dice == (5, 2)
    assert session_ids(s) == ("4HPwATDgc/ABMA", "QYkqASAAIAAE")  # gnubg writes a match's Jacoby bit off


def test_a_pasted_xgid_sets_up_the_same_board_as_its_gnubg_ids(make_app: Callable[..., App]) -> None:
    app = make_app()
    dialog = open_setup_over_a_game(app)
    # a 5-point match at 2-1 posted on BGonline (tests/data/xgid/SOURCES.md), within the post's text
    pygame.scrap.put_text("XG: XGID=-BBABBBbB---c-----B-babcb-:0:0:1:32:2:1:0:5:10 8/3 is best")
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert dialog.setup is not None and dialog.setup.ids == "uzXAwQBb2wzAAA:cImpABAAEAAE"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_y)  # abandon the game in progress
    g = game(app)
    s = g.session
    assert session_ids(s) == ("uzXAwQBb2wzAAA", "cImpABAAEAAE")
    assert session_xgid(s) == "XGID=-BBABBBbB---c-----B-babcb-:0:0:1:32:2:1:0:5:10"
    assert s.match.length == 5 and s.match.score == (2, 1) and s.turn == HUMAN  # the poster leads 2-1


def test_a_bad_xgid_says_which_field_is_wrong(make_app: Callable[..., App]) -> None:
    app = make_app()
    dialog = open_setup_over_a_game(app)
    type_text(app, "XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:3:0:10")
    key(app, pygame.K_RETURN)
    assert app.stack.top() is dialog and dialog.setup is None
    assert app.message[0].startswith("XGID: the dice field") and app.message[1]
    dialog.draw(app.screen)


def test_setup_from_the_menu_starts_at_once_when_no_game_is_going(make_app: Callable[..., App]) -> None:
    app = make_app()
    assert isinstance(app.stack.top(), MenuScene)
    key(app, pygame.K_p)  # the menu's Set up
    type_text(app, POST_CRAWFORD)
    key(app, pygame.K_RETURN)
    s = game(app).session
    assert s.match.is_post_crawford() and s.match.score == (1, 2) and s.turn == HUMAN


def open_analysis(app: App, ids: str) -> AnalysisDialog:
    """Type ``ids`` in the set-up dialog and analyse them."""
    key(app, pygame.K_p)  # the menu's Set up
    type_text(app, ids)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, AnalysisDialog)
    return dialog


def test_analyse_lists_the_ranked_moves_for_dice(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    dialog = open_analysis(app, MATCH_9)
    run_until(app, lambda: not dialog.is_waiting(), "the analysis")
    assert dialog.answer.moves is not None and len(dialog.answer.moves) == len(
        legal_for(MATCH_9)
    )  # every move
    equities = [m.equity for m in dialog.answer.moves]
    assert equities == sorted(equities, reverse=True)
    lines = [line for line, _ in dialog.lines()]
    assert lines[0] == "At depth 1, for you on roll:"  # as the summary above it says: "You rolled 52."
    assert lines[1].startswith("1. ") and "win" in lines[2]
    key(app, pygame.K_RETURN)  # play it out from the analysis
    assert game(app).session.setup == MATCH_9


def test_analyse_without_dice_gives_the_cube_decision(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    dialog = open_analysis(app, POST_CRAWFORD)
    run_until(app, lambda: not dialog.is_waiting(), "the cube decision")
    c = dialog.answer.cube
    assert c is not None
    lines = [line for line, _ in dialog.lines()]
    assert lines[1] == proper_action(c.nd, c.dt, c.dp)
    assert any(line.startswith("No double ") for line in lines)
    dialog.draw(app.screen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top(), SetUpDialog | MenuScene)


def test_set_up_game_is_saved_and_resumed(make_app: Callable[..., App], home: Path) -> None:
    app = make_app()
    key(app, pygame.K_p)  # the menu's Set up
    type_text(app, MATCH_9)
    key(app, pygame.K_RETURN)
    s = game(app).session
    data = json.loads((home / SAVE_FILE).read_text())
    back = GameSession.from_json(data)
    assert back.setup == MATCH_9 and session_ids(back) == session_ids(s)
    assert back.match.score == (4, 2) and back.state.dice == (5, 2) and back.dice.entered == [0]
    again = make_app()
    run_until(again, lambda: again.stack.top() is not None, "the resume prompt")
    key(again, pygame.K_RETURN)
    assert session_ids(game(again).session) == session_ids(s)


def test_a_save_without_the_setup_fields_still_loads() -> None:
    s = setup_session(parse_setup(POST_CRAWFORD), make_config())
    data = s.to_json()
    del data["setup"], data["id_player"]
    back = GameSession.from_json(data)
    assert back.setup == "" and back.id_player == HUMAN and back.match.is_post_crawford()


def test_a_set_up_match_is_not_kept_as_a_record_and_its_next_game_starts_at_the_opening(
    tmp_path: Path,
) -> None:
    s = setup_session(parse_setup(POST_CRAWFORD), make_config(), seed="r")
    s.resign(AI, Resignation.SINGLE)
    assert keep_game(tmp_path, s) is None and count_game(tmp_path, s) is None
    assert not list(tmp_path.iterdir())  # no record, no statistics
    nxt = s.next_game("n")
    assert nxt.start == Position.start() and nxt.setup == s.setup and nxt.match.score == (2, 2)


def make_config() -> GameConfig:
    return GameConfig("casual", 1, 0.0, 0, "roll", CheckerColour.LIGHT)


def test_ids_with_a_double_offered_set_up_the_human_facing_it(make_app: Callable[..., App]) -> None:
    info = MatchInfo(CubeState(), on_roll=0, length=5, score=(1, 2), doubled=True, turn=1)
    ids = f"4HPwATDgc/ABMA:{match_id(info)}"
    app = make_app()
    key(app, pygame.K_p)  # the menu's Set up
    type_text(app, ids)
    key(app, pygame.K_RETURN)
    s = game(app).session
    assert s.offered == AI and s.match.score == (2, 1) and s.id_player == 1
    run_until(app, lambda: isinstance(app.stack.top(), TakePassDialog), "the take-or-pass question")
    assert session_ids(s) == tuple(ids.split(":"))


def test_analysis_waits_for_a_search_already_running(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    key(app, pygame.K_p)  # the menu's Set up
    type_text(app, MATCH_9)
    running = app.worker.start(Request("hint", Position.start(), (6, 5), 4))  # seconds at depth 4
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, AnalysisDialog) and app.worker.busy
    assert dialog.answer.request is None and "Waiting" in dialog.lines()[0][0]
    app.worker.cancel(running)
    run_until(app, lambda: not dialog.is_waiting(), "the analysis after the other search")
    assert dialog.answer.moves
