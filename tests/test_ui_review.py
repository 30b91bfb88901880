"""The review screen driven headless: a real record analysed in the review's own worker, its
statistics, stepping with the keys, picking errors, and opening records from the list, a typed
path, a dropped file and the game-over screen, with a game in progress kept underneath."""

from __future__ import annotations

import dataclasses
import multiprocessing
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from drill_cases import deck_cards
from ui_driver import (
    NEAR_END,
    click,
    key,
    record_text,
    run_until,
    settle_files,
    shared_evaluator,
    to_game_over,
)

from ai.analysis.review import Decision
from ai.engine import Engine
from ai.engine_types import CONFIRM_MODES, DOUBTFUL, ConfirmSettings, Review
from game.drills.deck import DECK_FILE
from game.records.formats import replay_bytes
from ui.app.app import App
from ui.app.window import DEFAULT_SIZE
from ui.model import player_stats
from ui.model.seats import CheckerColour
from ui.scenes.game.dialogs import GameOverScene
from ui.scenes.game.scene import GameScene
from ui.scenes.review import panels as review_panels
from ui.scenes.review import scene as review_scene
from ui.scenes.review.open_match import OpenMatchScene
from ui.scenes.review.panels import confirm_status, stats_rows
from ui.scenes.review.scene import (
    HELP_SIZE,
    REVIEW_ACTIONS,
    ReviewScene,
    keys_line,
    review_depth,
)
from ui.scenes.settings.menu import MenuScene
from ui.text.explain import error_words
from ui.widgets import review_view
from ui.widgets.render import Fonts
from ui.widgets.review_view import CELL_GAP, Graph, ListView, table_height, table_lines, table_starts
from ui.widgets.theme import CLASSIC

SHORT = (Path(__file__).parent / "data" / "mat" / "short.mat").read_text(encoding="utf-8")
"""A short 5-point match with a double and a take (tests/data/mat/short.mat)."""
"""Two short games with blunders, a wrong double and a take: quick to review."""

MAT = Path(__file__).parent / "data" / "mat"


@pytest.fixture
def record(home: Path) -> Path:
    """The short match, in the player's matches folder."""
    folder = home / "matches"
    folder.mkdir()
    path = folder / "20261124-120000-5pt.mat"
    path.write_text(SHORT, encoding="utf-8")
    return path


def reviewed(app: App) -> ReviewScene:
    settle_files(app)  # from the game-over screen the review opens once the kept record is read
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None or bool(scene.failed), "the review")
    settle_files(app)  # the review counted in the statistics
    return scene


def with_game(make_app: Callable[..., App]) -> tuple[App, GameScene]:
    app = make_app(hint_depth=1)
    app.start_new_game()
    game = app.game
    assert game is not None
    return app, game


def open_newest(make_app: Callable[..., App]) -> tuple[App, ReviewScene]:
    """A game in progress, Ctrl+O, Enter on the newest saved match, its review finished or failed."""
    app, _ = with_game(make_app)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene)
    run_until(app, dialog.ready, "the saved matches listed")  # off the window's thread
    key(app, pygame.K_RETURN)
    return app, reviewed(app)


def open_saved(make_app: Callable[..., App]) -> tuple[App, ReviewScene]:
    """The newest saved match reviewed over a game in progress."""
    app, scene = open_newest(make_app)
    assert scene.path is not None, scene.failed
    return app, scene


def test_review_depth_is_the_hint_depth_capped_at_3() -> None:
    assert [review_depth(d) for d in (1, 2, 3, 4)] == [1, 2, 3, 3]


def test_opened_record_shows_progress_then_both_players_stats(
    make_app: Callable[..., App], record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, _ = with_game(make_app)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene)
    key(app, pygame.K_RETURN)  # the newest saved match is picked (it opens once the folder is listed)
    run_until(app, lambda: [m.path for m in dialog.matches] == [record], "the saved matches listed")
    settle_files(app)  # read off the window's thread
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.path is None and scene.worker is not None
    assert not any(isinstance(s, OpenMatchScene) for s in app.stack)
    drawn = review_view_text(monkeypatch)
    scene = reviewed(app)
    assert scene.path is not None and scene.worker is None  # the review's worker is closed once it answers
    app.frame(0.05)
    assert "Alice" in drawn and "Bob" in drawn and "Rating" in drawn
    assert any(s.startswith("Error rate") for s in drawn)
    stats = scene.path.review.stats
    assert f"{stats[0].error_rate():.1f}" in drawn and f"{stats[1].error_rate():.1f}" in drawn
    assert "PR (XG)" in drawn  # eXtreme Gammon's Performance Rating beside the error rate
    assert f"{stats[0].pr():.1f}" in drawn and f"{stats[1].pr():.1f}" in drawn


def review_view_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return record_text(monkeypatch, review_view)


def test_arrow_keys_step_through_every_decision_and_the_error_list(
    make_app: Callable[..., App], record: Path
) -> None:
    app, scene = open_saved(make_app)
    path = scene.path
    assert path is not None and scene.stop == 0
    rolls = sum(1 for g in path.review.match.games for t in g.turns if t.dice is not None)
    assert len(path.stops) >= rolls
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.stop == 2
    key(app, pygame.K_LEFT)
    assert scene.stop == 1
    key(app, pygame.K_END)
    assert scene.stop == len(path.stops) - 1
    key(app, pygame.K_RIGHT)  # stays at the end
    assert scene.stop == len(path.stops) - 1
    key(app, pygame.K_HOME)
    assert scene.stop == 0
    assert len(path.errors) > 1, "the record has errors to list"
    assert [d.error for d in path.errors] == sorted((d.error for d in path.errors), reverse=True)
    before = scene.error  # the list follows the board: the error at the first stop, if any
    key(app, pygame.K_DOWN)
    expected = 0 if before is None else min(before + 1, len(path.errors) - 1)
    assert scene.error == expected and scene.stop == path.stop_of(path.errors[expected])
    key(app, pygame.K_UP)
    assert scene.error == max(0, expected - 1)
    # a click on the first row in view shows that error
    top = scene.errors.top
    click(app, (scene.errors.rect.x + 20, scene.errors.rect.y + 5))
    assert scene.error == top and scene.stop == path.stop_of(path.errors[top])


def test_every_review_action_has_a_key_and_a_button(make_app: Callable[..., App], record: Path) -> None:
    app, scene = open_saved(make_app)
    assert {b.key for b in scene.buttons} == {a.name for a in REVIEW_ACTIONS}
    assert all(a.keys and a.keys_text for a in REVIEW_ACTIONS)
    next_button = next(b for b in scene.buttons if b.key == "next")
    click(app, next_button.rect.center)
    assert scene.stop == 1


def test_the_move_played_and_the_best_move_are_drawn_apart(
    make_app: Callable[..., App], record: Path
) -> None:
    app, scene = open_saved(make_app)
    path = scene.path
    assert path is not None
    moves = [d for d in path.errors if d.kind == "move"]
    assert moves
    scene.show_error(path.errors.index(moves[0]))
    drawn: list[object] = []
    real = app.renderer.draw
    app.renderer.draw = lambda surf, lay, th, view: (drawn.append(view), real(surf, lay, th, view))[1]  # type: ignore[method-assign]
    app.frame(0.05)
    view = drawn[-1]
    assert view.arrows and view.best_arrows and view.arrows != view.best_arrows  # type: ignore[attr-defined]
    options = moves[0].options
    assert options[0].rank == 1 and options[0].move.notation() == moves[0].best


def test_esc_while_analysing_stops_it_and_returns_to_the_game(
    make_app: Callable[..., App], record: Path
) -> None:
    shutil.copy(MAT / "gnubg.mat", record)  # a longer match: the review is still running at Esc
    app, game = with_game(make_app)
    session = game.session
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    settle_files(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.path is None
    key(app, pygame.K_ESCAPE)
    assert scene.worker is None and scene not in list(app.stack)
    assert app.stack.top() is game and game.session is session


def test_a_damaged_record_is_reported_with_its_cell_and_kept(
    make_app: Callable[..., App], home: Path
) -> None:
    folder = home / "matches"
    folder.mkdir()
    bad = folder / "20261124-130000-3pt.mat"
    data = SHORT.replace("61: 8/2 6/5", "61: 8/3 6/5", 1)
    bad.write_text(data, encoding="utf-8")
    app, scene = open_newest(make_app)
    assert scene.path is None and "game 1" in scene.failed and "move 1" in scene.failed
    app.frame(0.05)
    assert bad.read_text(encoding="utf-8") == data  # read, never moved or deleted
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is app.game


def test_a_typed_path_that_does_not_exist_is_said_in_the_box(
    make_app: Callable[..., App], home: Path
) -> None:
    app, _ = with_game(make_app)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    dialog = app.stack.top()
    assert isinstance(dialog, OpenMatchScene) and dialog.matches == []
    dialog.entry.insert(str(home / "nowhere.mat"))
    key(app, pygame.K_RETURN)
    run_until(app, lambda: "nowhere.mat" in dialog.message, "the path looked at, then read")
    assert app.stack.top() is dialog


def test_a_file_dropped_during_a_game_opens_over_it_and_the_game_goes_on(
    make_app: Callable[..., App], record: Path, tmp_path: Path
) -> None:
    app, game = with_game(make_app)
    session, position = game.session, game.session.state.position
    elsewhere = tmp_path / "elsewhere.mat"
    shutil.copy(record, elsewhere)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(elsewhere)))
    app.frame(0.05)
    scene = reviewed(app)
    assert scene.path is not None and app.stack.bottom() is game
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is game and game.session is session and session.state.position == position


def test_a_dropped_file_that_cannot_be_read_is_a_warning(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, game = with_game(make_app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "missing.mat")))
    app.frame(0.05)
    settle_files(app)
    assert app.stack.top() is game
    assert any("missing.mat" in a for a in app.alerts)


def test_the_game_over_of_a_set_up_match_offers_no_review(make_app: Callable[..., App]) -> None:
    app = make_app(NEAR_END, hint_depth=1)
    app.start_new_game()
    g = app.game
    assert g is not None
    g.session.setup = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    to_game_over(app)
    over = app.stack.top()
    assert isinstance(over, GameOverScene)
    assert not any(b.key == "review" for b in over.buttons)
    key(app, pygame.K_v)
    assert app.stack.top() is over


def test_game_over_offers_a_review_of_the_game_over_it(make_app: Callable[..., App]) -> None:
    """The game is played from a stacked near-end board (to be quick), which a .mat record cannot
    hold: the review opens on the game's record and says clearly that it cannot replay it."""
    app = make_app(NEAR_END, hint_depth=1)
    app.start_new_game()
    to_game_over(app)
    over = app.stack.top()
    assert isinstance(over, GameOverScene)
    assert any(b.key == "review" and b.shortcut == "V" for b in over.buttons)
    key(app, pygame.K_v)
    scene = reviewed(app)
    assert scene.source is not None and scene.name == scene.source.name  # the match's kept record
    assert scene.source.parent == app.store.matches_folder
    assert scene.path is None and scene.failed.startswith("game 1, move 1")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is over


def test_the_review_draws_in_the_smallest_window(make_app: Callable[..., App], record: Path) -> None:
    app, scene = open_saved(make_app)
    app.resize((640, 420))
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert scene.board_rect.bottom <= scene.graph_rect.y
    assert scene.graph_rect.bottom <= scene.buttons[0].rect.y
    assert all(b.rect.right <= 640 for b in scene.buttons)


@pytest.fixture
def stats_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """The calls to a stand-in of the player statistics' ``record_review``."""
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(player_stats, "record_review", lambda *args: calls.append(args))
    return calls


def test_a_review_of_an_own_match_goes_to_the_player_statistics(
    make_app: Callable[..., App], record: Path, home: Path, stats_calls: list[tuple[object, ...]]
) -> None:
    _, scene = open_saved(make_app)
    assert scene.path is not None
    rates = tuple(s.error_rate() for s in scene.path.review.stats)
    assert stats_calls == [
        (home, record.name, rates, ("Alice", "Bob"), len(scene.path.review.match.record.games))
    ]


def test_a_review_of_a_file_from_elsewhere_is_not_counted(
    make_app: Callable[..., App], tmp_path: Path, stats_calls: list[tuple[object, ...]]
) -> None:
    app, _ = with_game(make_app)
    elsewhere = tmp_path / "other.mat"
    elsewhere.write_text(SHORT, encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(elsewhere)))
    app.frame(0.05)
    assert reviewed(app).path is not None and stats_calls == []


def test_a_click_where_the_hidden_alert_band_is_reaches_the_review(
    make_app: Callable[..., App], record: Path
) -> None:
    app, scene = open_saved(make_app)
    app.alert("a warning drawn under the review")
    band = app.alert_rect()
    step = next(b for b in scene.buttons if b.key == "next")
    assert band.colliderect(step.rect)  # the band lies where the (last row of) buttons are
    scene.go(3)
    click(app, step.rect.center)
    assert scene.stop == 4 and app.alerts == ["a warning drawn under the review"]


def test_statistics_that_cannot_be_written_are_a_warning_not_a_crash(
    make_app: Callable[..., App], record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(player_stats, "record_review", full)
    app, scene = open_saved(make_app)
    assert scene.path is not None and "disk full" in app.message[0] and app.message[1]


def test_a_review_of_the_players_own_match_lands_in_the_real_statistics(
    make_app: Callable[..., App], home: Path
) -> None:
    folder = home / "matches"
    folder.mkdir()
    mine = folder / "20261124-130000-5pt.mat"
    mine.write_text(SHORT.replace("Alice", "You").replace("Bob", "Computer"), encoding="utf-8")
    _, scene = open_saved(make_app)
    assert scene.path is not None
    stats, _ = player_stats.load_stats(home)
    rates = tuple(s.error_rate() for s in scene.path.review.stats)
    entry = next(m for m in stats.entries if m.file == mine.name)
    assert entry.error_rates == pytest.approx(rates)


def test_the_graph_says_your_for_the_player_called_you_and_an_error_without_a_name_has_no_brackets(
    make_app: Callable[..., App], home: Path
) -> None:
    folder = home / "matches"
    folder.mkdir()
    (folder / "20261124-130000-5pt.mat").write_text(
        SHORT.replace("Alice", "You").replace("Bob", "Computer"), encoding="utf-8"
    )
    _, scene = open_saved(make_app)
    assert scene.path is not None
    assert scene._graph_title().startswith("Your match winning chance")
    rev, th = scene.path.review, scene.ctx.theme
    small = Decision(
        1, 2, 0, "move", 0.01, "8/5 6/5", "13/10 24/23", "4HPwATDgc/ABMA", "cAkAAAAAAAAA", (3, 1)
    )
    big = dataclasses.replace(small, error=0.2)
    assert review_panels.error_row(rev, small, th)[0].endswith("You  31: 8/5 6/5")
    assert review_panels.error_row(rev, big, th)[0].endswith("You  31: 8/5 6/5  (very bad)")
    assert review_panels.possessive("Alice") == "Alice's"


@pytest.mark.parametrize("size", [DEFAULT_SIZE, (1100, 720)])
def test_the_players_table_labels_and_the_top_moves_heading_show_uncut(
    make_app: Callable[..., App], record: Path, size: tuple[int, int]
) -> None:
    app, scene = open_saved(make_app)
    app.resize(size)
    assert scene.path is not None
    font = app.renderer.fonts.get(scene.grid_size, True)
    rows = stats_rows(scene.path.review)
    width = scene.stats_rect.width
    starts = table_starts(font, rows, width)
    for label, *_ in rows:
        assert font.size(label)[0] <= width * starts[1] - CELL_GAP, label
    stop = next(s for s in scene.path.stops if not s.cube and scene.path.decisions(s))
    scene.go(scene.path.stops.index(stop))
    for line in scene.detail_heading():  # wrapped to the column
        assert font.size(line)[0] <= scene.detail_rect.width, line


@pytest.mark.parametrize("size", [DEFAULT_SIZE, (1100, 720)])
def test_the_line_of_keys_under_the_buttons_shows_uncut(
    make_app: Callable[..., App], record: Path, size: tuple[int, int]
) -> None:
    app, scene = open_saved(make_app)
    app.resize(size)
    line = keys_line()
    assert "Esc close" in line and "click an error or the graph" in line
    font = app.renderer.fonts.get(app.layout.px(HELP_SIZE))
    assert " ".join(scene.help_lines) == line  # wrapped, every word kept
    assert all(font.size(part)[0] <= scene.help_rect.width - 24 for part in scene.help_lines)


ONE_ROUND = ConfirmSettings("test", max_trials=36, min_trials=36, truncate=2)
"""Confirming rollouts of one round each: the review's second pass in seconds."""

GNUBG = (MAT / "gnubg.mat").read_bytes()
"""A 3-game record with clear errors and cube actions (Alice and Bob)."""


def confirmed_app(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, **settings: object) -> App:
    """An app whose coach confirms its verdicts by :data:`ONE_ROUND`'s rollouts."""
    modes = {"quick": None, "default": ONE_ROUND, "thorough": ONE_ROUND}
    monkeypatch.setattr(review_scene, "CONFIRM_MODES", modes)
    return make_app(hint_depth=1, review_mode="default", **settings)


def test_a_review_shows_the_searchs_verdicts_first_then_each_confirmed_by_a_rollout(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = confirmed_app(make_app, monkeypatch)
    app.open_review(GNUBG, "gnubg.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.confirm == ONE_ROUND
    run_until(app, lambda: scene.path is not None, "the search's verdicts")
    assert scene.path is not None and scene.path.review.to_check > 0  # shown while the rollouts go on
    run_until(app, lambda: scene.worker is None, "the rollouts")
    rev = scene.path.review
    assert rev.checked == rev.to_check and not scene.confirming()
    reported = [d for d in scene.path.errors if d.error >= DOUBTFUL or d.kind != "move"]
    assert reported and all(d.confirmed() for d in reported)  # smaller ones keep the search's verdict
    assert confirm_status(rev, False).startswith(f"{rev.to_check} confirmed by rollouts")
    worst = scene.path.errors[0]
    text, _ = review_panels.error_row(rev, worst, app.theme)
    assert text.startswith(error_words(worst)) and " ± " in error_words(worst)
    scene.show_error(0)
    stop = scene.current()
    assert stop is not None
    side = [
        line
        for line, _, _ in review_panels.board_caption(scene.path, stop, app.theme, CheckerColour.LIGHT)[1]
    ]
    judged = worst.judged
    assert judged is not None and f"rollout, {judged.trials} trials" in side


def test_the_rollouts_progress_is_said_while_they_run_and_their_count_after() -> None:
    rev = review_of_gnubg(ONE_ROUND)
    assert confirm_status(dataclasses.replace(rev, checked=3, to_check=10), True) == "rollouts: 3 of 10"
    unsure = sum(d.unsure() for d in rev.decisions)
    said = confirm_status(rev, False)
    assert said.startswith(f"{rev.checked} confirmed by rollouts")
    assert ("unsure" in said) == (unsure > 0)
    assert confirm_status(review_of_gnubg(None), False) == "search alone"


def review_of_gnubg(confirm: ConfirmSettings | None) -> Review:
    engine = Engine(shared_evaluator()[0])  # type: ignore[arg-type]
    rev = engine.judge_match(replay_bytes(GNUBG), 1)
    return rev if confirm is None else engine.confirm_review(rev, confirm)


def test_the_coachs_verdicts_setting_chooses_how_the_review_is_confirmed(
    make_app: Callable[..., App],
) -> None:
    for mode, trials in (("quick", None), ("default", 144), ("thorough", 576)):
        app = make_app(hint_depth=1, review_mode=mode)
        app.open_review(GNUBG, "gnubg.mat", None)
        scene = app.stack.top()
        assert isinstance(scene, ReviewScene)
        assert (None if scene.confirm is None else scene.confirm.max_trials) == trials
        assert scene.confirm == CONFIRM_MODES[mode]
        scene.close_scene()


def test_closing_a_review_while_its_rollouts_run_stops_them_and_keeps_only_confirmed_errors_as_cards(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    long = ConfirmSettings("long", max_trials=1296, min_trials=1296, truncate=7)
    monkeypatch.setattr(review_scene, "CONFIRM_MODES", {"quick": None, "default": long, "thorough": long})
    app = make_app(hint_depth=1, review_mode="default", drill_names=["Alice", "Bob"])
    app.open_review(GNUBG, "gnubg.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None, "the search's verdicts")
    assert scene.confirming()
    key(app, pygame.K_ESCAPE)
    assert scene.worker is None and app.stack.top() is not scene
    settle_files(app)
    end = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < end:
        time.sleep(0.05)
    assert not multiprocessing.active_children()  # the rollouts' processes ended with the review
    assert scene.path is not None
    confirmed = {
        (d.game, d.turn, str(d.kind)) for d in scene.path.review.decisions if d.vouched() is not None
    }
    cards = deck_cards(home) if (home / DECK_FILE).exists() else []
    assert {c.key()[1:] for c in cards} <= confirmed  # none from a verdict the search alone gave


def test_the_start_screen_counts_again_the_cards_a_review_over_it_kept(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    app = confirmed_app(make_app, monkeypatch, drill_names=["Alice", "Bob"])
    app.push(MenuScene(app))  # the start screen, open before the review (Ctrl+O from it)
    menu = app.stack.top()
    assert isinstance(menu, MenuScene)
    run_until(app, lambda: menu.due is not None, "the cards due counted")
    assert menu.due == 0
    app.open_review(GNUBG, "gnubg.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None and scene.worker is None, "the rollouts")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is menu
    settle_files(app)  # the cards are kept by a file job, off this thread
    kept = deck_cards(home)
    run_until(app, lambda: menu.due == len(kept), "the cards counted again")
    assert kept and {b.key: b.label for b in menu.buttons}["drill"] == f"{len(kept)} positions to practise"


def test_a_screen_that_covers_the_window_hides_what_is_under_it_from_drawing_too(
    make_app: Callable[..., App],
) -> None:
    app, game = with_game(make_app)
    drawn: list[str] = []
    original = game.draw
    game.draw = lambda surface: (drawn.append("game"), original(surface))  # type: ignore[method-assign]
    app.draw(app.screen)
    assert drawn == ["game"]
    app.open_review(GNUBG, "gnubg.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.opaque
    drawn.clear()
    app.draw(app.screen)
    assert drawn == []  # the review covers the window: the game under it is not drawn for nothing
    scene.close_scene()
    app.draw(app.screen)
    assert drawn == ["game"]


# --- long names, confirmed intervals: rows and headings that one line does not hold ----------------


def test_error_rows_are_two_lines_high_where_a_long_name_makes_one_too_wide(
    make_app: Callable[..., App],
) -> None:
    heights = {}
    for name in ("Alice", "Kévin UNGER Nicolas HARMAND"):
        app = make_app(hint_depth=1, review_mode="quick")
        app.resize((800, 600))
        app.open_review(GNUBG.replace(b"Alice", name.encode()), "gnubg.mat", None)
        scene = app.stack.top()
        assert isinstance(scene, ReviewScene)
        run_until(app, lambda s=scene: s.path is not None, "the search's verdicts")
        heights[name] = (scene.errors.line, scene.tall_errors, scene.stats_rect.height)
        scene.close_scene()
    (short, one, table), (tall, two, taller) = heights.values()
    assert not one and two and tall > short  # every row as high as two lines, not only the long ones
    assert taller > table  # the long name takes more than a line of the players' table's heading


def test_a_row_drawn_two_lines_high_keeps_both_lines_inside_it(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[pygame.Rect] = []
    real_text = review_view.text

    def recording(surf: pygame.Surface, fonts: Fonts, s: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real_text(surf, fonts, s, *args, **kw)  # type: ignore[arg-type]
        drawn.append(rect)
        return rect

    monkeypatch.setattr(review_view, "text", recording)
    fonts = Fonts()
    row = (
        "0,129 ± 0,009  parti 1 tr. 4  Kévin UNGER Nicolas HARMAND  53: 6/3 6/1  (meget dårlig)",
        CLASSIC.text,
    )
    view = ListView(pygame.Rect(0, 0, 420, 200), 35.0, size=12.5)
    view.draw(pygame.Surface((420, 200)), fonts, CLASSIC, [row, row], None)
    assert len(drawn) == 4
    for k in (0, 1):
        box = pygame.Rect(0, round(k * view.line), 420, round(view.line))
        first, second = drawn[2 * k], drawn[2 * k + 1]
        assert box.top <= first.top and second.bottom <= box.bottom + 1 and first.bottom <= second.top + 1


def test_a_long_name_in_the_players_table_takes_two_lines_and_the_figures_keep_their_size() -> None:
    fonts = Fonts()
    rows = [("", "Kévin UNGER Nicolas HARMAND", "meisampourtaghi"), ("Error rate (mEMG)", "9.6", "7.0")]
    table = table_lines(fonts, rows, 340, 11.0)
    (size, head), (body_size, body) = table.head, table.body
    assert len(head) in (2, 3) and size >= 9.0 and body_size == 11.0 and body == [rows[1]]
    names = ["".join(line[k] for line in head).replace(" ", "") for k in (1, 2)]
    assert names == ["KévinUNGERNicolasHARMAND", "meisampourtaghi"]
    assert all("…" not in cell for line in head for cell in line)
    (short, one) = table_lines(fonts, [("", "Alice", "Bob"), *rows[1:]], 340, 11.0).head
    assert one == [("", "Alice", "Bob")] and short == 11.0
    assert table_height(fonts, rows, 340, 11.0) > table_height(
        fonts, [("", "Alice", "Bob"), *rows[1:]], 340, 11.0
    )


def test_the_players_table_keeps_every_word_whole_drawn_smaller_or_on_two_lines() -> None:
    """German at 800x600: a long label takes two lines, the longest rating's word stays whole."""
    fonts = Fonts()
    rows = [
        ("", "lasse", "meisampourtaghi"),
        ("Dopplerfehler (Entscheidungen)", "0,000 (4)", "0,000 (18)"),
        ("Zweifelhaft/schlecht/sehr schlecht", "1 / 0 / 2", "1 / 2 / 0"),
        ("Einstufung", "Gelegenheitsspieler", "Experte"),  # "casual player", "expert"
    ]
    table = table_lines(fonts, rows, 342, 11.2)
    size, body = table.body
    assert 9.0 <= size < 11.2
    cells = [cell for line in body for cell in line]
    assert "Gelegenheitsspieler" in cells and "Dopplerfehler" in cells and "(Entscheidungen)" in cells
    assert all("…" not in cell for line in (*body, *table.head[1]) for cell in line)
    font = fonts.get(size, True)
    edges = [*table.starts, 1.0]
    for line in body:
        for k, cell in enumerate(line):
            assert font.size(cell)[0] <= 342 * (edges[k + 1] - edges[k]) - CELL_GAP, cell


def test_a_graph_title_too_long_for_its_line_drops_its_hints_then_takes_two_lines() -> None:
    fonts = Fonts()
    graph = Graph(
        [0.5, 0.6], [(0, "G1")], money=False, title="Alice's match winning chance · click to go there"
    )
    size, lines = graph.title_lines(fonts, 200)
    assert lines == ["Alice's match winning chance"]
    long = Graph(
        [0.5, 0.6], [(0, "G1")], money=False, title="Kévin UNGER Nicolas HARMAND's match winning chance"
    )
    size, lines = long.title_lines(fonts, 200)
    assert len(lines) == 2 and " ".join(lines) == long.title and size >= 9.0
    rect = pygame.Rect(0, 0, 216, 150)
    assert long.plot(rect, fonts).top > graph.plot(rect, fonts).top  # the line goes below both lines
