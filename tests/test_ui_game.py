"""The real UI, headless: posted mouse and key events drive whole games against the AI.

Covers a whole game to the game-over screen (human moves found from the rules,
played by clicking), undo, New game cancelling a running search, resuming after
a crash, and corrupt saved files. A screenshot is written for a person to look at.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from ui_driver import (
    DT,
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
    settle_files,
    side,
    to_game_over,
    to_human_move,
    write_settings,
)

from ai.worker.transport import AIWorker
from game.rules.cube import Resignation
from game.rules.move import legal_moves
from game.rules.position import Position
from ui.app.app import App
from ui.model.display import ThemeChoice
from ui.model.player_stats import load_stats
from ui.model.session import AI, HUMAN, GameSession
from ui.model.storage import Store
from ui.scenes.base import Command, ConfirmDialog
from ui.scenes.drill.scene import DrillScene
from ui.scenes.editor.scene import EditorScene
from ui.scenes.game.dialogs import GameOverScene, HelpOverlay, ResumePrompt
from ui.scenes.ids.dialogs import IdsDialog, SetUpDialog
from ui.scenes.review.open_match import OpenMatchScene
from ui.scenes.settings.menu import MenuScene
from ui.scenes.stats.scene import StatisticsScene
from ui.widgets.layout import OFF
from ui.widgets.panel import hints_shown


def test_whole_game_against_depth_one_ai_to_game_over(make_app: Callable[..., App]) -> None:
    app = make_app(NEAR_END)
    assert isinstance(app.scenes[-1], MenuScene)
    key(app, pygame.K_RETURN)  # start a new game from the dialog
    g = game(app)
    assert g.session.config.depth == 1
    turns = 0
    while g.session.outcome() is None:
        run_until(
            app,
            lambda: g.session.outcome() is not None or g.roll_due() or g.human_to_move(),
            "the human's turn or the end",
        )
        if g.session.outcome() is not None:
            break
        if g.roll_due():
            click(app, button_pos(app, "roll"))
            assert g.session.state.dice is not None
            run_until(app, lambda: g.human_to_move() or g.session.turn != HUMAN, "the human's move")
        if g.human_to_move():
            before = g.session.state.position
            move = play_human_turn(app)
            if move is not None:
                assert g.session.log[-1].player == HUMAN
                assert Position(g.session.human_code()) != before or move.after == before
        turns += 1
        assert turns < 40
    run_until(app, lambda: isinstance(app.scenes[-1] if app.scenes else None, GameOverScene), "game over")
    settle_files(app)  # the record and the statistics are written off the window's thread
    over = app.scenes[-1]
    assert isinstance(over, GameOverScene)
    head, why = over.headline()
    assert "because" in why
    outcome = g.session.outcome()
    assert outcome is not None
    assert ("You win" in head) == (outcome.winner == HUMAN)
    assert str(outcome.points) in head
    m = g.session.match_now()
    assert sum(m.score) == outcome.points and m.is_over()
    # the AI really played: every turn alternates and the computer moved at least once
    assert any(r.player == AI for r in g.session.log)
    # the match is over: the save is cleared, the statistics count it; Enter starts a new match
    assert not app.store.save_path.exists()
    stats, _ = load_stats(app.store.folder)
    entry = stats.entry(g.session.record_name)
    assert entry is not None and entry.finished and entry.score == m.score
    assert entry.is_won() == (outcome.winner == HUMAN) and stats.match_totals()["matches"] == 1
    key(app, pygame.K_RETURN)
    assert app.game is not g and not app.scenes


def test_illegal_click_gives_gentle_message_not_error(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = game(app)
    to_human_move(app)
    play_human_turn(app)
    run_until(app, g.roll_due, "roll due")
    click(app, point_pos(app, 1))  # before rolling
    assert "Roll the dice" in app.message[0]
    key(app, pygame.K_SPACE)
    run_until(app, g.human_to_move, "human to move")
    click(app, point_pos(app, 20))  # an empty point
    assert app.message[1] is True and g.input.selected is None
    app.notify("")
    click(app, point_pos(app, OFF))  # the tray with nothing picked up: a message, no error
    assert app.message[0] and app.message[1] is True
    assert g.flow.builder is not None and not g.flow.builder.played


def test_undo_by_key_ctrl_z_and_button(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None
    start = b.code
    st = g.session.state
    assert st.dice is not None
    move = legal_moves(st.position, st.dice)[0]
    first = move.steps[0]
    click(app, point_pos(app, first.src))
    click(app, point_pos(app, first.dst))
    assert len(b.played) == 1 and b.code != start
    key(app, pygame.K_u)
    assert not b.played and b.code == start
    click(app, point_pos(app, first.src))
    click(app, point_pos(app, first.dst))
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert not b.played
    click(app, point_pos(app, first.src))
    click(app, point_pos(app, first.dst))
    app.frame(DT)
    click(app, button_pos(app, "undo"))
    assert not b.played and b.code == start
    # the turn is not over until confirmed
    assert g.session.turn == HUMAN and g.session.state.position.code == start


def test_keyboard_alone_plays_a_turn(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None
    key(app, pygame.K_TAB)  # the cursor jumps to a checker that can move
    for _ in range(12):
        if b.is_complete():
            break
        p = g.input.cursor_point(app.layout)
        assert p is not None and p in b.sources()
        key(app, pygame.K_SPACE)  # pick up
        assert g.input.selected == p
        dest = g.input.cursor_point(app.layout)
        assert dest is not None and dest in b.destinations(p)  # the cursor moved to a destination
        key(app, pygame.K_SPACE)  # put down
    assert b.is_complete()
    key(app, pygame.K_RETURN)
    assert g.session.turn == AI


def test_new_game_cancels_running_search_at_once(make_app: Callable[..., App]) -> None:
    app = make_app(level="expert", first="computer")
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, g.thinking, "the computer thinking at depth 4")
    old_request = g.request
    worker = app.worker
    assert worker.busy
    key(app, pygame.K_n)  # the dialog opens over the game; the search goes on
    assert isinstance(app.scenes[-1], MenuScene) and g.thinking()
    menu = app.scenes[-1]
    for _ in range([r.attr for r in menu.rows].index("first")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # who moves first: from "the computer" back to "you"
    key(app, pygame.K_RETURN)  # start: a game is in progress, so it asks first
    assert isinstance(app.scenes[-1], ConfirmDialog) and app.game is g
    key(app, pygame.K_y)  # yes: the old search is cancelled
    assert app.game is not g and g.request is None
    assert app.settings.first == "you"
    run_until(app, lambda: not worker.busy, "the cancelled search to stop")
    # nothing of the old request reaches the new game
    assert app.game is not None and app.game.request != old_request
    assert app.game.session.log == []


def test_resume_after_a_crash(make_app: Callable[..., App], home: Path) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    play_human_turn(app)
    run_until(app, lambda: g.roll_due() or g.session.outcome() is not None, "the computer's reply")
    key(app, pygame.K_SPACE)  # roll, then "crash" before moving
    run_until(app, g.human_to_move, "human to move")
    saved = g.session.to_json()
    dice = g.session.state.dice
    # the crash: no quit, no save on exit; a new process starts
    pygame.display.quit()
    app2 = make_app()
    prompt = app2.scenes[-1]
    assert isinstance(prompt, ResumePrompt)
    key(app2, pygame.K_RETURN)
    g2 = game(app2)
    assert g2.session.to_json() == saved
    assert g2.session.state.dice == dice  # the same roll, not a new one
    run_until(app2, g2.human_to_move, "human to move after resume")
    play_human_turn(app2)
    assert len(g2.session.log) == len(saved["log"]) + 1


def test_corrupt_save_is_set_aside_with_message(make_app: Callable[..., App], home: Path) -> None:
    write_settings(home)
    (home / "savegame.json").write_text("{ this is not json")
    app = make_app()
    assert any("moved aside" in a for a in app.alerts)
    assert not (home / "savegame.json").exists()
    assert list(home.glob("savegame.json.corrupt-*"))
    assert isinstance(app.scenes[-1], MenuScene)
    key(app, pygame.K_RETURN)
    assert app.game is not None


def test_save_with_dice_not_from_its_seed_is_refused(make_app: Callable[..., App], home: Path) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    to_human_move(app)
    play_human_turn(app)
    run_until(app, game(app).roll_due, "roll due")
    key(app, pygame.K_SPACE)
    data = json.loads((home / "savegame.json").read_text())
    data["rolls"][-1] = [7 - data["rolls"][-1][0], data["rolls"][-1][1]]
    (home / "savegame.json").write_text(json.dumps(data))
    pygame.display.quit()
    app2 = make_app()
    assert any("do not match" in a for a in app2.alerts)
    assert isinstance(app2.scenes[-1], MenuScene)


def test_corrupt_settings_are_set_aside(make_app: Callable[..., App], home: Path) -> None:
    (home / "settings.json").write_text(json.dumps({"theme": "neon", "sound": False}))
    app = App((900, 600), store=Store(home), worker_factory=lambda: AIWorker(mode="thread"))
    try:
        assert any("settings" in a and "moved aside" in a for a in app.alerts)
        assert app.settings.theme == "classic"
        assert list(home.glob("settings.json.corrupt-*"))
    finally:
        app.quit()


def test_closing_the_window_saves_and_stops(make_app: Callable[..., App], home: Path) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    to_human_move(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(DT)
    assert not app.running
    data = json.loads((home / "savegame.json").read_text())
    assert data["dice"] == list(game(app).session.state.dice or ())


def test_hint_lists_every_move_and_sets_one_up(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    key(app, pygame.K_h)
    run_until(app, lambda: bool(g.flow.hints), "hints")
    st = g.session.state
    assert st.dice is not None
    legal = {m.after.code for m in legal_moves(st.position, st.dice)}
    assert len(g.flow.hints) == len(legal) and all(h.move.after.code in legal for h in g.flow.hints)
    assert g.flow.hints == sorted(g.flow.hints, key=lambda h: -h.equity)
    ranked = g.flow.hints[0]
    first = hints_shown(app.renderer.fonts, g.panel, g.panel_view())[0]
    click(app, first.rect.center)
    assert g.flow.builder is not None and g.flow.builder.is_complete()
    assert g.flow.builder.code == ranked.move.after.code


def test_resize_relays_out_and_help_opens(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    app.resize((800, 520))
    assert app.layout.size == (800, 520)
    assert app.layout.board.right <= app.layout.panel.x
    key(app, pygame.K_F1)
    from ui.scenes.game.dialogs import HelpOverlay

    assert isinstance(app.scenes[-1], HelpOverlay)
    key(app, pygame.K_ESCAPE)
    assert not app.scenes


def test_screenshot_of_a_game_looks_like_a_board(make_app: Callable[..., App], tmp_path: Path) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None
    click(app, point_pos(app, max(b.sources())))
    app.frame(DT)
    out = Path(os.environ.get("BACKGAMMON_SCREENSHOT", tmp_path / "board.png"))
    pygame.image.save(app.screen, str(out))
    assert out.exists() and out.stat().st_size > 10_000
    small = pygame.transform.scale(app.screen, (220, 144))
    raw = pygame.image.tobytes(small, "RGB")
    colours = {raw[i : i + 3] for i in range(0, len(raw), 3)}
    assert len(colours) > 50


def test_whole_game_from_the_standard_start_by_clicks(make_app: Callable[..., App]) -> None:
    """Hits, the bar, bearing off: a full game from the opening, every human step clicked."""
    app = make_app()
    key(app, pygame.K_RETURN)
    g = game(app)
    to_game_over(app, turns=400)
    assert g.session.outcome() is not None
    assert len([r for r in g.session.log if r.player == AI]) >= 5


def test_drag_and_drop_moves_a_checker(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    st = g.session.state
    assert st.dice is not None and g.flow.builder is not None
    step = legal_moves(st.position, st.dice)[0].steps[0]
    a = tuple(round(v) for v in point_pos(app, step.src))
    b = tuple(round(v) for v in point_pos(app, step.dst))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.frame(DT)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)))
    app.frame(DT)
    assert g.input.dragging and g.board_view().drag == mid
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.frame(DT)
    assert not g.input.dragging and len(g.flow.builder.played) == 1
    assert (g.flow.builder.played[0].step.src, g.flow.builder.played[0].step.dst) == (step.src, step.dst)


def test_double_click_plays_the_highest_die(make_app: Callable[..., App]) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None
    src = max(b.sources())
    expected = max(p.die for p in b.next_steps() if p.step.src == src)
    click(app, point_pos(app, src))
    click(app, point_pos(app, src))
    assert len(b.played) == 1 and b.played[0].die == expected and b.played[0].step.src == src


def test_auto_roll_and_animation_play_out(make_app: Callable[..., App]) -> None:
    app = make_app(first="computer", auto_roll=True, animation="fast")
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, lambda: g.flight is not None, "the computer's move animated")
    assert g.flight is not None and g.flight.mover == AI
    run_until(app, lambda: g.flight is None and g.session.turn == HUMAN, "the animation to finish")
    run_until(app, g.human_to_move, "the human's dice rolled automatically")
    assert g.session.state.dice is not None


def test_no_legal_move_is_announced_and_the_turn_passes_by_itself(make_app: Callable[..., App]) -> None:
    # the human is on the bar against a closed board: no roll enters
    closed = Position.from_sides(
        side({6: 5, 8: 3, 13: 6}, bar=1), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    )
    app = make_app(closed, first="you")
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, lambda: g.flow.builder is not None, "the human's turn")
    assert g.flow.builder is not None and g.flow.builder.is_pass()
    assert "No legal move with" in app.message[0] and g.status_text() == "No legal move"
    pump(app, 20)  # a moment to read it
    assert g.session.turn == HUMAN and g.flow.builder is not None
    run_until(app, lambda: g.session.turn == AI, "the pass, by itself")
    assert g.session.log[-1].player == HUMAN and g.session.log[-1].steps == ()
    assert g.session.log[-1].notation() == "(no move)"


def test_match_continues_after_resuming_at_game_over(make_app: Callable[..., App]) -> None:
    app = make_app(NEAR_END, match_length=3)
    key(app, pygame.K_RETURN)
    g = game(app)
    to_game_over(app)
    score = g.session.match_now().score
    assert not g.session.match_now().is_over()
    pygame.display.quit()  # crash at the game-over screen
    app2 = make_app()
    key(app2, pygame.K_RETURN)  # resume
    run_until(
        app2, lambda: bool(app2.scenes) and isinstance(app2.scenes[-1], GameOverScene), "game over again"
    )
    key(app2, pygame.K_RETURN)  # next game
    g2 = game(app2)
    assert g2.session.match.score == score and g2.session.match.game_number() == 2
    assert g2.session.seed != g.session.seed


def computer_first_app(home: Path, factory: Callable[[], tuple[object, str | None]], seed: str) -> App:
    """An app whose worker makes its evaluator with ``factory``, the computer to move first."""
    write_settings(home, first="computer")
    return App(
        (1100, 720),
        store=Store(home),
        worker_factory=lambda: AIWorker(mode="thread", factory=factory),  # type: ignore[arg-type]
        seeds=lambda: seed,
    )


def _broken_evaluator() -> tuple[object, str | None]:
    raise RuntimeError("no evaluator in this test")


def test_failing_ai_is_retried_then_the_game_goes_on(home: Path) -> None:
    app = computer_first_app(home, _broken_evaluator, "broken-ai")
    try:
        key(app, pygame.K_RETURN)
        g = game(app)
        run_until(app, lambda: g.session.turn == HUMAN, "the computer's turn to end")
        assert g.session.log and g.session.log[0].player == AI and g.session.log[0].steps
        assert "AI failed twice" in app.message[0] and app.message[1]  # said, as a warning
    finally:
        app.quit()
        pygame.display.quit()


def test_missing_weights_are_said_on_screen_and_the_computer_still_plays(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.widgets.panel as panel_module
    from ai.evaluation.load import load_evaluator

    def no_weights() -> tuple[object, str | None]:
        loaded = load_evaluator(tmp_path / "gone" / "net.npz")
        return loaded.evaluator, loaded.warning

    drawn = record_text(monkeypatch, panel_module)
    notices: list[tuple[str, bool]] = []
    monkeypatch.setattr(App, "notify", lambda self, m, warn=False, stays=False: notices.append((m, warn)))
    app = computer_first_app(home, no_weights, "no-weights")
    try:
        key(app, pygame.K_RETURN)
        g = game(app)
        run_until(app, lambda: g.session.turn == HUMAN, "the computer's first move")
        warning = app.evaluator_warning()
        assert warning is not None and "hand-made" in warning and "weaker" in warning
        assert notices.count((warning, True)) == 1  # told once, as a warning
        drawn.clear()
        pump(app)
        panel = " ".join(drawn)
        assert "hand-made evaluation" in panel and "weaker than usual" in panel  # and it stays on screen
        assert g.session.log and g.session.log[0].player == AI and g.session.log[0].steps
    finally:
        app.quit()
        pygame.display.quit()


def test_real_dice_are_typed_in_and_survive_a_resume(make_app: Callable[..., App], home: Path) -> None:
    from ui.model.session import GameSession
    from ui.scenes.game.dialogs import DiceEntry

    app = make_app(first="you", manual_dice=True, auto_roll=True)
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, g.flow.is_opening_due, "the opening roll's real dice")
    for tie, dice in ((True, "33"), (False, "25")):  # a tie first: both are rolled again
        key(app, pygame.K_SPACE)
        entry = app.stack.top()
        assert isinstance(entry, DiceEntry) and entry.title == "The opening roll"
        assert entry.labels() == ("Your die", "The computer's die")
        for digit in dice:
            key(app, pygame.K_0 + int(digit), unicode=digit)
        key(app, pygame.K_RETURN)
        assert g.flow.is_opening_due() is tie
    assert g.session.opening == (2, 5) and g.session.dice.entered == [0, 1]
    assert "Tie at 3-3, rolled again. Opening roll: you 2, the computer 5." in app.message[0]
    to_human_move(app)  # "you move first" plays the opening 5-2
    assert g.session.state.dice == (5, 2)
    play_human_turn(app)
    run_until(app, g.roll_due, "the human's roll")  # no auto roll with real dice
    key(app, pygame.K_SPACE)
    assert isinstance(app.stack.top(), DiceEntry)
    key(app, pygame.K_RETURN)  # nothing typed yet: it says so and stays
    assert isinstance(app.stack.top(), DiceEntry) and app.message[1]
    for digit in "7395":  # 7 and 9 are not dice
        key(app, pygame.K_0 + int(digit), unicode=digit)
    key(app, pygame.K_RETURN)
    assert g.session.state.dice == (3, 5) and "You rolled 5-3" in app.message[0]
    index = len(g.session.dice.history) - 1
    assert g.session.dice.entered == [0, 1, index]
    saved = json.loads((home / "savegame.json").read_text())
    assert saved["entered"] == [0, 1, index]
    again = GameSession.from_json(saved)
    assert again.state.dice == (3, 5) and again.dice.drawn() == g.session.dice.drawn()


def test_real_dice_are_picked_with_the_mouse_alone_and_a_pick_taken_back(
    make_app: Callable[..., App], home: Path
) -> None:
    from ui.scenes.game.dialogs import DiceEntry

    app = make_app(first="roll", manual_dice=True)
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, g.flow.is_opening_due, "the opening roll's real dice")
    click(app, button_pos(app, "roll"))
    entry = app.stack.top()
    assert isinstance(entry, DiceEntry)

    def face(row: int, value: int) -> tuple[int, int]:
        return entry.rows.die_rect(entry.rows_area(entry.body()), row, value).center

    click(app, face(1, 6))  # the second row waits for the first die
    assert entry.rows.picked == []
    click(app, face(0, 6))
    click(app, face(0, 3))  # the first die picked again
    key(app, pygame.K_4, unicode="4")
    key(app, pygame.K_BACKSPACE)  # takes the 4 back
    click(app, face(1, 5))
    assert entry.roll() == (3, 5)
    click(app, next(b.rect.center for b in entry.buttons if b.key == "ok"))
    assert app.stack.top() is not entry and g.session.opening == (3, 5) and g.session.turn == AI


def test_real_dice_for_both_sides_ask_for_the_computers_roll_too(make_app: Callable[..., App]) -> None:
    from ui.scenes.game.dialogs import DiceEntry

    app = make_app(first="you", manual_dice="both")
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, g.flow.is_opening_due, "the opening roll's real dice")
    key(app, pygame.K_SPACE)
    for digit in "52":
        key(app, pygame.K_0 + int(digit), unicode=digit)
    key(app, pygame.K_RETURN)
    to_human_move(app)
    play_human_turn(app)
    run_until(app, g.flow.is_computer_dice_due, "the computer's real dice")
    assert g.status_text() == "Computer's turn: enter its dice" and g.session.state.dice is None
    key(app, pygame.K_SPACE)
    entry = app.stack.top()
    assert isinstance(entry, DiceEntry) and entry.title == "The computer's roll"
    for digit in "64":
        key(app, pygame.K_0 + int(digit), unicode=digit)
    key(app, pygame.K_RETURN)
    assert g.session.state.dice == (6, 4) and "The computer rolled 6-4" in app.message[0]
    run_until(app, lambda: g.session.turn == HUMAN, "the computer's move")
    assert g.session.log[-1].player == AI and g.session.log[-1].dice == (6, 4)


class IdleWorker:
    """A worker that never answers (the commands below start no search of their own)."""

    busy = False
    evaluator_warning = None

    def start(self, request: object) -> int:
        return 1

    def cancel(self, request_id: int) -> None:
        pass

    def poll(self) -> list[object]:
        return []

    def close(self) -> None:
        pass


def _top(kind: type) -> Callable[[App, GameSession], bool]:
    return lambda app, before: isinstance(app.stack.top(), kind)


COMMAND_DONE: dict[Command, Callable[[App, GameSession], bool]] = {
    Command.NEW_GAME: _top(ConfirmDialog),  # the match is in progress: it asks first
    Command.MENU: _top(MenuScene),
    Command.HELP: _top(HelpOverlay),
    Command.STATS: _top(StatisticsScene),
    Command.QUIT: lambda app, before: not app.running,
    Command.SOUND: lambda app, before: app.settings.sound is False,
    Command.THEME: lambda app, before: app.settings.theme == "colour-blind",
    Command.DISMISS: lambda app, before: app.alerts == [],
    Command.GAME_OVER: _top(GameOverScene),
    Command.NEXT_GAME: lambda app, before: app.game_session() not in (None, before),
    Command.DECLINE_RESUME: lambda app, before: app.game is None and isinstance(app.stack.top(), MenuScene),
    Command.IDS: _top(IdsDialog),
    Command.SETUP: _top(SetUpDialog),
    Command.OPEN_MATCH: _top(OpenMatchScene),
    Command.EDITOR: _top(EditorScene),
    Command.DRILL: _top(DrillScene),
}
"""What each app-wide command does to a headless app whose game has just ended (a match in progress)."""


@pytest.mark.parametrize("command", list(Command), ids=lambda c: c.value)
def test_every_app_command_a_scene_may_run_is_carried_out(command: Command, tmp_path: Path) -> None:
    assert set(COMMAND_DONE) == set(Command)
    store = Store(tmp_path)
    app = App(
        (1100, 720),
        surface=pygame.Surface((1100, 720)),
        store=store,
        sound=False,
        worker_factory=IdleWorker,
        seeds=lambda: "test-seed",
    )
    app.settings.sound, app.settings.theme = True, ThemeChoice.CLASSIC
    app.start_new_game()
    session = app.game_session()
    assert session is not None
    session.begin()
    session.resign(HUMAN, Resignation.SINGLE)
    app.alert("a warning to dismiss")
    app.run(command)
    settle_files(app)  # the statistics are read off the window's thread
    assert COMMAND_DONE[command](app, session)
