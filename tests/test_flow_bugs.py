"""Bugs of the game's flow players hit: advice lost on a resume, move numbers, words, rough edges."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from test_ui_cube import flow_at, win
from ui_driver import (
    DT,
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
    to_human_move,
    write_settings,
)

from ai.analysis.review import review
from ai.cli.analyze import format_review
from ai.cli.autoplay import main as autoplay_main
from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove
from game.records.mat import read_match
from game.records.model import MatchRecord
from game.records.replay import replay
from game.records.sgf import format_sgf, read_sgf
from game.rules.cube import CubeState, NoDouble, Resignation, can_double, double_refusal
from game.rules.move import Step, format_steps, legal_moves
from game.rules.outcome import Termination
from game.rules.position import Position
from game.rules.state import GameState
from ui.app.app import App
from ui.flow.events import (
    Animate,
    AskTake,
    CubeDone,
    FlowOptions,
    Message,
    MoveChecker,
    Phase,
    SearchDone,
    SearchFailed,
    StartSearch,
    Tick,
)
from ui.flow.turn_flow import TurnFlow
from ui.model.records import keep_game
from ui.model.review_steps import ReviewPath
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.model.storage import Store
from ui.scenes.game import dialogs
from ui.scenes.game.cube_dialogs import TakePassDialog
from ui.scenes.game.dialogs import GameOverScene
from ui.scenes.review.panels import board_caption
from ui.text.flow import said as worded
from ui.text.flow import take_advice
from ui.widgets.layout import BAR
from ui.widgets.scoreboard import log_lines
from ui.widgets.theme import CLASSIC

# --- take / pass advice after a resume ---------------------------------------------------------------


def doubled_by_the_computer(seed: str = "advice") -> GameSession:
    """A 5-point match a turn each into its first game, the computer's double waiting for the answer."""
    s = GameSession(GameConfig("casual", 1, 0.0, 5, "computer", CheckerColour.LIGHT), seed=seed)
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
    assert (
        take.value == 2
        and take.advice is not None
        and take_advice(take.advice).startswith("Take: you need 22% to win, you have 30%")
    )


def resumed(**options: bool) -> TurnFlow:
    """The turn flow of the saved game with the computer's double on offer, just loaded."""
    return TurnFlow(GameSession.from_json(doubled_by_the_computer().to_json()), FlowOptions(**options))


def test_advice_that_cannot_be_weighed_after_a_resume_still_asks_take_or_pass() -> None:
    flow = resumed(cube_advice=True)
    flow.handle(Tick(0.05))
    out = flow.handle(SearchFailed("the worker stopped"))
    take = next(e for e in out if isinstance(e, AskTake))
    assert take.advice is None and flow.phase is Phase.TAKE_OR_PASS


def test_no_advice_asked_after_a_resume_when_it_is_turned_off() -> None:
    flow = resumed(cube_advice=False)
    out = flow.handle(Tick(0.05))
    assert not any(isinstance(e, StartSearch) for e in out)
    assert next(e for e in out if isinstance(e, AskTake)).advice is None


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


# --- one move numbering: the record's, in the Moves panel and the review -------------------------------


def roll_and_play(s: GameSession) -> None:
    """The player on roll rolls (unless the opening roll is on the board) and plays the first legal move."""
    if s.state.dice is None:
        s.roll()
    moves = legal_moves(s.state.position, s.state.dice)  # type: ignore[arg-type]
    s.play(moves[0] if moves else None)


def match_with_cube_actions(folder: Path) -> tuple[list[list[str]], MatchRecord]:
    """Two games of a 7-point match, kept as the game keeps them: the computer doubles (answered
    on the next row), the human redoubles (answered on the same row), the computer's redouble is
    dropped; then the human's double is dropped. Returns each game's Moves panel at its end and
    the record read back from its file."""
    s = GameSession(GameConfig("casual", 1, 0.0, 7, "you", CheckerColour.LIGHT), seed="numbering")
    s.begin()
    panels: list[list[str]] = []
    for _ in range(3):  # you, the computer, you
        roll_and_play(s)
    s.double(AI)
    s.answer(True)
    roll_and_play(s)
    s.double(HUMAN)
    s.answer(True)
    for _ in range(3):  # you, the computer, you
        roll_and_play(s)
    s.double(AI)
    s.answer(False)
    panels.append(log_lines(s))
    path = keep_game(folder, s)
    s = s.next_game("numbering 2")
    s.begin()
    for _ in range(2):
        roll_and_play(s)
    s.double(HUMAN)
    s.answer(False)
    panels.append(log_lines(s))
    assert keep_game(folder, s) == path and path is not None
    return panels, read_match(path.read_text(encoding="utf-8"))


def test_the_moves_panel_the_record_and_the_review_number_every_move_and_cube_action_alike(
    tmp_path: Path,
) -> None:
    panels, record = match_with_cube_actions(tmp_path)
    written = [[a.row for a in g.actions] for g in record.games]
    assert [g.winner for g in record.games] == [AI, HUMAN] and all(r > 0 for rows in written for r in rows)
    # The computer's double (row 2, right) is taken on row 3 (left); the human's redouble and the
    # computer's take share row 4; the computer's last double (row 6) is dropped on row 7.
    cube_rows = [(a.kind, a.row) for a in record.games[0].actions if a.kind != "move"]
    assert cube_rows == [("double", 2), ("take", 3), ("double", 4), ("take", 4), ("double", 6), ("pass", 7)]

    # The Moves panel: one line an entry of the record, numbered by its row.
    for panel, game_record, rows in zip(panels, record.games, written, strict=True):
        assert len(panel) == len(game_record.actions)
        assert [int(line.split(".")[0]) for line in panel] == rows
    assert panels[0][3] == "2. AI doubles to 2" and panels[0][4] == "3. You take at 2"

    # The review: each decision carries the row of the entry it judges.
    evaluator, warning = shared_evaluator()
    assert warning is None
    rev = review(replay(record), 1, evaluator)  # type: ignore[arg-type]
    for g, game_record in enumerate(record.games):
        replayed = rev.match.games[g]
        mine = [d for d in rev.decisions if d.game == g + 1]
        for kind in ("double", "take", "pass"):
            assert [d.row for d in mine if d.kind == kind] == [
                a.row for a in game_record.actions if a.kind == kind
            ], kind
        moves = [a for a in game_record.actions if a.kind == "move"]
        rolled = [t for t, turn in enumerate(replayed.turns) if turn.dice is not None]
        for d in mine:
            if d.kind in ("move", "no double"):  # a no double is numbered as the roll it comes before
                assert d.row == moves[rolled.index(d.turn)].row, d
    # ... and so does the board's caption of a cube decision, and the list of errors
    path = ReviewPath(rev)
    for stop in path.stops:
        doubles = [d for d in path.decisions(stop) if d.kind == "double"]
        if stop.cube and doubles:
            _, side, _ = board_caption(path, stop, CLASSIC, CheckerColour.LIGHT)
            assert side[0][0] == f"Game {path.game(stop).number} · move {doubles[0].row}"
    assert sum(d.kind in ("double", "take", "pass") for d in rev.decisions) == 8


# --- one and more: "1 game", not "1 games" -------------------------------------------------------------


def resigned_at_once(match_length: int, seed: str, s: GameSession | None = None) -> GameSession:
    """A game (the next of ``s``'s match, if given) that the human resigns right after the opening roll."""
    s = (
        GameSession(GameConfig("casual", 1, 0.0, match_length, "you", CheckerColour.LIGHT), seed=seed)
        if s is None
        else s
    )
    s.begin()
    s.resign(HUMAN, Resignation.SINGLE)
    return s


def game_over_lines(app: App, s: GameSession, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], str]:
    """What the game-over screen of ``s`` draws, and what checking its dice says."""
    scene = GameOverScene(app, s)
    app.push(scene)
    drawn = record_text(monkeypatch, dialogs)
    pump(app)
    scene.check_dice()
    app.pop(scene)
    return drawn, scene.check


def test_money_session_after_one_game_says_one_game(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    first = resigned_at_once(0, "plural 1")
    assert len(first.dice.drawn()) == 1  # the opening roll, no tie
    drawn, check = game_over_lines(app, first, monkeypatch)
    assert "Money session: you -1 after 1 game." in drawn
    assert check.endswith("and it gives this roll.")
    second = resigned_at_once(0, "plural 2", first.next_game("plural 2"))
    drawn, check = game_over_lines(app, second, monkeypatch)
    assert "Money session: you -2 after 2 games." in drawn
    assert not any(" 1 games" in line or " 1 points" in line or " 1 rolls" in line for line in drawn)


def test_the_analysis_lists_its_one_worst_decision_as_one(tmp_path: Path) -> None:
    evaluator, _ = shared_evaluator()
    text = " 1 point match\n\n Game 1\n A : 0                          B : 0\n"
    text += "  1) 61: 8/2 6/5                 42: 8/4 6/4\n      Wins 1 point\n"
    rev = review(replay(read_match(text)), 1, evaluator)  # type: ignore[arg-type]
    assert "\nWorst 1 decision:\n" in format_review(rev, 1)
    assert "\nWorst 2 decisions:\n" in format_review(rev, 2)


def test_autoplay_of_a_one_point_match_reports_one_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "one.mat"
    assert autoplay_main(["--match", "1", "--level", "novice", "--seed", "3", "--out", str(out)]) == 0
    assert ": 1 game, final score " in capsys.readouterr().out


# --- rough edges ------------------------------------------------------------------------------------


def test_a_cannot_go_there_warning_clears_when_another_checker_is_picked_up(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None
    sources = sorted(b.sources())
    first, other = sources[0], sources[-1]
    click(app, point_pos(app, first))
    assert g.input.selected == first and app.message[0].startswith(("You rolled", "Opening roll"))
    assert not app.message[1]  # an ordinary line: picking up a checker leaves it
    bad = next(p for p in range(1, 25) if p not in b.destinations(first) and p not in b.sources())
    click(app, point_pos(app, bad))
    assert app.message == ("That checker cannot go there with these dice.", True)
    click(app, point_pos(app, other))
    assert g.input.selected == other
    assert "cannot go there" not in app.message[0] and not app.message[1]


def test_pressing_d_where_no_double_is_allowed_says_why(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    assert not g.session.log  # the opening roll is on the board
    key(app, pygame.K_d)
    assert app.message == (
        "Not on the opening roll: you can double from your next turn, before you roll.",
        True,
    )
    play_human_turn(app)
    run_until(app, g.roll_due, "the human's next roll")
    key(app, pygame.K_SPACE)
    run_until(app, g.human_to_move, "the human's move")
    key(app, pygame.K_d)
    assert app.message == ("You have rolled: a double comes before the roll, on your next turn.", True)
    app.message = ("", False)
    click(app, button_pos(app, "double"))  # the greyed button says it too
    assert app.message[1] and "You have rolled" in app.message[0]
    assert g.session.offered is None and g.session.cube.value == 1


def test_why_no_double_names_the_rule_that_refuses_it() -> None:
    crawford = flow_at(HUMAN, length=3, games=(win(AI, Termination.GAMMON),))
    assert not crawford.can_double() and "Crawford game" in worded(crawford.why_no_double())
    theirs = flow_at(HUMAN, cube=CubeState(4, AI))
    assert worded(theirs.why_no_double()) == "The computer owns the cube (on 4): only it can double next."
    top = flow_at(HUMAN, length=0, cube=CubeState(64, HUMAN))
    assert worded(top.why_no_double()) == "The cube is on 64, as high as it goes."
    computer = flow_at(AI)
    assert worded(computer.why_no_double()) == "You can double only on your own turn, before you roll."
    assert double_refusal(CubeState(2, HUMAN), HUMAN, rolled=True) is NoDouble.ROLLED
    assert double_refusal(CubeState(2, HUMAN), HUMAN) is None and can_double(CubeState(2, HUMAN), HUMAN)


def take_or_pass_on_screen(make_app: Callable[..., App], home: Path) -> tuple[App, TakePassDialog]:
    """The app, resumed on the computer's double (no advice, so the dialog comes at once)."""
    write_settings(home, cube_advice=False)
    Store(home).save_game(doubled_by_the_computer().to_json())
    app = make_app()
    return app, resume_to_take_or_pass(app)


def test_right_arrow_then_enter_on_take_or_pass_passes(make_app: Callable[..., App], home: Path) -> None:
    app, dialog = take_or_pass_on_screen(make_app, home)
    key(app, pygame.K_RIGHT)
    assert app.stack.top() is dialog  # moving the focus chooses nothing
    key(app, pygame.K_RETURN)  # Pass, the focused choice
    s = game(app).session
    assert app.stack.top() is not dialog and s.end is not None and s.end.how == "pass"
    assert s.match_now().score == (0, 1)


def test_arrows_and_tab_move_the_focus_round_the_buttons(make_app: Callable[..., App], home: Path) -> None:
    app, dialog = take_or_pass_on_screen(make_app, home)
    assert [c.key for c in dialog.choices()] == ["take", "pass"] and dialog.focus is None
    seen = []
    for k, mod in [
        (pygame.K_RIGHT, 0),
        (pygame.K_LEFT, 0),
        (pygame.K_DOWN, 0),
        (pygame.K_UP, 0),
        (pygame.K_TAB, 0),
        (pygame.K_TAB, pygame.KMOD_SHIFT),
        (pygame.K_LEFT, 0),  # round the row
    ]:
        key(app, k, mod=mod)
        seen.append(dialog.focus)
    assert seen == [1, 0, 1, 0, 1, 0, 1] and app.stack.top() is dialog
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # Take, focused again
    assert game(app).session.cube == CubeState(2, HUMAN) and app.stack.top() is not dialog


def test_enter_without_moving_the_focus_still_takes(make_app: Callable[..., App], home: Path) -> None:
    app, _ = take_or_pass_on_screen(make_app, home)
    key(app, pygame.K_RETURN)
    s = game(app).session
    assert s.end is None and s.cube == CubeState(2, HUMAN)


ON_THE_BAR = Position.from_sides(
    side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1), side({5: 1, 6: 4, 8: 3, 13: 5, 24: 2})
)
"""The human on the bar; the computer's blot on the human's 20 point, the 23 and 18 points open."""


def human_to_move_with(position: Position, dice: tuple[int, int]) -> TurnFlow:
    """The human about to move ``position`` with ``dice``."""
    s = GameSession(GameConfig("casual", 1, 0.0, 5, "you", CheckerColour.LIGHT), seed="route")
    s.begin()
    s.state = GameState(position, HUMAN, dice)
    flow = TurnFlow(s, FlowOptions(auto_forced=False))
    flow.handle(Tick(0.05))
    assert flow.phase is Phase.MOVING
    return flow


def test_bar_to_18_with_5_2_takes_the_hitting_path_and_says_so() -> None:
    flow = human_to_move_with(ON_THE_BAR, (5, 2))
    b = flow.builder
    assert b is not None
    routes = b.routes(BAR)[18]
    assert sorted(format_steps(tuple(p.step for p in r)) for r in routes) == ["bar/18", "bar/20*/18"]
    out = flow.handle(MoveChecker(BAR, 18))
    assert [p.step for p in b.played] == [Step(25, 20, True), Step(20, 18, False)]
    said = [worded(e.said) for e in out if isinstance(e, Message)]
    assert said[-1].startswith("bar/20*/18: it hits on the way. To go round instead, press U")
    assert flow.session.partial == (Step(25, 20, True), Step(20, 18, False))


def test_one_way_to_a_point_is_played_without_a_note() -> None:
    flow = human_to_move_with(ON_THE_BAR, (5, 2))
    out = flow.handle(MoveChecker(BAR, 20))  # one die: one way
    assert not any("on the way" in worded(e.said) for e in out if isinstance(e, Message))


def test_clicking_the_bar_then_18_through_the_board_hits_on_20(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    g.session.state = GameState(ON_THE_BAR, HUMAN, (5, 2))
    g.flow = TurnFlow(g.session, FlowOptions(auto_forced=False))
    pump(app)
    assert g.human_to_move()
    click(app, point_pos(app, BAR))
    click(app, point_pos(app, 18))
    b = g.flow.builder
    assert b is not None and [p.step for p in b.played] == [Step(25, 20, True), Step(20, 18, False)]
    assert app.message[0].startswith("bar/20*/18: it hits on the way")


def test_the_opening_roll_stays_on_the_board_until_the_human_moves_a_checker() -> None:
    flow = TurnFlow(GameSession(GameConfig("casual", 1, 0.0, 1, "you", CheckerColour.LIGHT), seed="open"))
    flow.handle(Tick(0.05))
    for _ in range(200):  # ten seconds of the player looking at it
        flow.handle(Tick(0.05))
    b = flow.builder
    assert flow.phase is Phase.MOVING and b is not None and flow.showing_opening
    step = b.moves[0].steps[0]
    flow.handle(MoveChecker(step.src, step.dst))
    assert not flow.showing_opening


def test_the_opening_roll_stays_while_the_computer_thinks_about_its_first_move() -> None:
    flow = TurnFlow(
        GameSession(GameConfig("casual", 1, 0.0, 1, "computer", CheckerColour.LIGHT), seed="open")
    )
    out = flow.handle(Tick(0.05))
    while not any(isinstance(e, StartSearch) for e in out):
        assert flow.showing_opening
        out = flow.handle(Tick(0.05))
    assert flow.phase is Phase.COMPUTER_THINKING and flow.showing_opening
    s = flow.session
    move = legal_moves(s.state.position, s.state.dice)[0]  # type: ignore[arg-type]
    out = flow.handle(SearchDone((RankedMove(move, 0.0, (0.5, 0.1, 0.0, 0.1, 0.0)),)))
    assert any(isinstance(e, Animate) for e in out) and not flow.showing_opening


def test_the_opening_roll_is_on_show_two_seconds_before_the_computer_plays(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="computer")
    key(app, pygame.K_RETURN)  # start
    g = game(app)
    run_until(app, lambda: g.board_view().opening is not None, "the opening roll")
    frames = 0
    while g.board_view().opening is not None:
        assert not g.session.log  # the computer has not played yet
        pump(app)
        frames += 1
    assert frames * DT >= 2.0
    run_until(app, lambda: bool(g.session.log), "the computer's first move")


def test_the_opening_dice_give_way_to_the_roll_when_the_human_moves(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    opening = g.session.opening
    assert opening is not None and g.board_view().opening == tuple(opening) and g.board_view().dice == ()
    b = g.flow.builder
    assert b is not None
    step = b.moves[0].steps[0]
    click(app, point_pos(app, step.src))
    assert g.board_view().opening is not None  # picking up is not moving
    click(app, point_pos(app, step.dst))
    view = g.board_view()
    assert view.opening is None and sorted(view.dice) == sorted(opening) and any(view.dice_used)


def test_a_money_game_with_a_beaver_is_kept_and_read_back_at_four_times_the_stake(tmp_path: Path) -> None:
    config = GameConfig("casual", 1, 0.0, 0, "you", CheckerColour.LIGHT, True, True)
    s = GameSession(config, seed="beaver")
    s.begin()
    s.play(legal_moves(s.state.position, s.state.dice)[0])  # type: ignore[arg-type]
    doubler = s.state.turn
    s.double(doubler)
    s.answer(True)
    s.beaver(1 - doubler)  # taken and beavered at once: the cube at 4, the taker's
    s.roll()
    s.play((legal_moves(s.state.position, s.state.dice) or [None])[0])  # type: ignore[arg-type]
    s.resign(s.state.turn, Resignation.SINGLE)
    assert sum(s.match_now().score) == 4
    path = keep_game(tmp_path, s)
    assert path is not None
    record = read_match(path.read_text(encoding="utf-8"))
    game = replay(record).games[0]
    assert game.points == 4 and sum(t.beavers for t in game.turns) == 1
    again = replay(read_sgf(format_sgf(record))).games[0]  # and as GNU Backgammon's .sgf
    assert (again.winner, again.points) == (game.winner, 4) and sum(t.beavers for t in again.turns) == 1
