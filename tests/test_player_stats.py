"""The player's statistics: counted after each game, kept through a crash, a damaged file set aside."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from helpers import side
from ui_driver import key, make_app, record_text, settle_files, to_game_over  # noqa: F401  (make_app is a fixture)

from game.rules.position import Position
from game.support import files
from ui.app.app import App
from ui.flow.events import Confirm, FlowOptions, Tick
from ui.flow.turn_flow import TurnFlow
from ui.model.player_stats import (
    STATS_FILE,
    MatchEntry,
    PlayerStats,
    count_game,
    load_stats,
    record_date,
    record_length,
    record_review,
    save_stats,
)
from ui.model.seats import CheckerColour
from ui.model.session import GameConfig, GameSession
from ui.model.storage import Store
from ui.scenes.base import Command
from ui.scenes.stats import scene as stats_scene
from ui.scenes.stats.scene import StatisticsScene, match_line, summary_lines
from ui.text.model import notice

NAME = "20261124-171500-3pt.mat"


def finished_game(length: int = 3, name: str = NAME) -> GameSession:
    """A game the human wins with its last checker off: a gammon (the computer bore off none)."""
    start = Position.from_sides(side({1: 1}), side({1: 1, 2: 14}))
    session = GameSession(
        GameConfig("casual", 1, 0.0, length, "you", CheckerColour.LIGHT), seed="st", start=start
    )
    session.record_name = name
    flow = TurnFlow(session, FlowOptions(auto_forced=False))
    for _ in range(40):
        flow.handle(Tick(0.05))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    flow.handle(Confirm())
    assert session.outcome() is not None
    return session


def test_a_won_game_is_counted_once(tmp_path: Path) -> None:
    s = finished_game()
    assert count_game(tmp_path, s) is None
    assert count_game(tmp_path, s) is None  # the same game again: not counted twice
    stats, told = load_stats(tmp_path)
    assert told is None
    e = stats.entry(NAME)
    assert e is not None and e.games == (1, 0) and e.score == (2, 0) and not e.finished
    assert e.date == "2026-11-24" and e.length == 3
    assert stats.matches() == [] and stats.unfinished() == [e]


def test_a_finished_match_counts_in_the_totals(tmp_path: Path) -> None:
    count_game(tmp_path, finished_game(length=1))
    stats, _ = load_stats(tmp_path)
    assert stats.match_totals() == {
        "matches": 1,
        "won": 1,
        "lost": 0,
        "games_won": 1,
        "games_lost": 0,
        "points_won": 2,
        "points_lost": 0,
    }
    assert stats.win_rate() == 1.0


def test_an_abandoned_match_is_not_finished_and_counts_in_no_total() -> None:
    stats = PlayerStats().with_game("a-5pt.mat", "2026-11-01", 5, (1, 0), 0, False)
    stats = stats.with_game("b-1pt.mat", "2026-11-02", 1, (0, 1), 1, True)
    assert [e.file for e in stats.unfinished()] == ["a-5pt.mat"]
    t = stats.match_totals()
    assert t["matches"] == 1 and t["lost"] == 1 and t["games_won"] == 0
    said = " ".join(line for _, line in summary_lines(stats))
    assert "1 not finished (abandoned or still going): not counted above" in said


def test_money_sessions_are_counted_apart() -> None:
    stats = PlayerStats().with_game("x-money.mat", "2026-11-01", 0, (2, 0), 0, False)
    stats = stats.with_game("x-money.mat", "2026-11-01", 0, (2, 4), 1, False)
    assert stats.match_totals()["matches"] == 0 and stats.unfinished() == []
    assert stats.money_totals() == {
        "sessions": 1,
        "games_won": 1,
        "games_lost": 1,
        "points_won": 2,
        "points_lost": 4,
    }


def test_a_review_keeps_the_error_rates_of_the_players_own_match(tmp_path: Path) -> None:
    count_game(tmp_path, finished_game())
    record_review(tmp_path, NAME, (7.5, 3.25), ("You", "Computer"))
    record_review(tmp_path, "20250101-000000-7pt.mat", (20.0, 5.0), ("You", "Computer"))
    record_review(tmp_path, "other.mat", (1.0, 1.0), ("Alice", "Bob"))  # not the player's
    stats, _ = load_stats(tmp_path)
    e = stats.entry(NAME)
    assert e is not None and e.error_rates == (7.5, 3.25) and e.games == (1, 0)
    new = stats.entry("20250101-000000-7pt.mat")
    assert new is not None and new.length == 7 and new.date == "2025-01-01" and not new.finished
    assert stats.entry("other.mat") is None
    assert stats.error_rates() == [7.5, 20.0] and stats.average_error() == 13.75
    # eXtreme Gammon's PR of the same decisions: 500 instead of 1000 times the EMG lost per decision
    assert e.prs() == (3.75, 1.625) and stats.average_pr() == 6.875


def test_a_review_of_the_first_games_gives_way_once_the_match_plays_on_and_a_whole_review_replaces_it() -> (
    None
):
    five = "20261124-171500-5pt.mat"
    stats = PlayerStats().with_game(five, "2026-11-24", 5, (1, 0), 0, False)
    stats = stats.with_game(five, "2026-11-24", 5, (1, 2), 1, False)
    stats = stats.with_review(five, (12.0, 4.0), games=2)  # reviewed after game 2: the match so far
    assert stats.error_rates() == [12.0] and stats.average_error() == 12.0
    stats = stats.with_game(five, "2026-11-24", 5, (5, 2), 0, True)  # the match plays on and ends
    e = stats.entry(five)
    assert e is not None and e.finished and e.review_is_partial() and e.match_error_rates() is None
    assert stats.error_rates() == [] and stats.average_error() is None  # not the match's figures
    assert "only games 1-2 of 3 reviewed (you 12.0): review it all to count it" in match_line(e)
    said = " ".join(line for _, line in summary_lines(stats))
    assert "No match reviewed yet" in said and "errors: you 12.0" not in said
    stats = stats.with_review(five, (7.0, 3.0), games=3)  # the whole match reviewed
    assert stats.error_rates() == [7.0] and "errors: you 7.0 (PR 3.5)" in match_line(stats.entry(five))  # type: ignore[arg-type]


def test_the_games_a_review_covered_are_kept_in_the_file_and_older_files_still_read(tmp_path: Path) -> None:
    record_review(tmp_path, "20250101-000000-7pt.mat", (20.0, 5.0), ("You", "Computer"), 2)
    stats, told = load_stats(tmp_path)
    e = stats.entry("20250101-000000-7pt.mat")
    assert told is None and e is not None and e.reviewed_games == 2 and e.error_rates == (20.0, 5.0)
    old = {"file": "a-3pt.mat", "date": "2026-11-01", "length": 3, "score": [3, 0], "games": [2, 0]}
    (tmp_path / STATS_FILE).write_text(
        json.dumps({"version": 1, "matches": [{**old, "finished": True, "error_rates": [4.0, 2.0]}]})
    )
    stats, told = load_stats(tmp_path)
    assert told is None and stats.error_rates() == [4.0]  # a review from before the count: the whole match


def test_the_statistics_show_the_games_won_so_far_in_the_match_being_played(
    make_app: object,  # noqa: F811
    home: Path,
) -> None:
    near_end = Position.from_sides(side({1: 1}), side({1: 1}))
    app: App = make_app(start=near_end, match_length=5)  # type: ignore[operator]
    key(app, pygame.K_RETURN)  # the game from the menu
    to_game_over(app)
    session = app.game_session()
    assert session is not None and not session.match_now().is_over()
    app.run(Command.STATS)
    settle_files(app)
    scene = app.stack.top()
    assert isinstance(scene, StatisticsScene) and scene.current is not None
    won = session.match_now().score[0] > 0
    lines = summary_lines(scene.stats, scene.current)
    assert lines[0] == ("This match, so far", "")
    assert f"games won {int(won)}, lost {int(not won)}" in lines[1][1] and "5 point match" in lines[1][1]
    assert all("not finished" not in line for _, line in lines)  # the match being played is not "abandoned"
    scene.draw(app.screen)


def test_the_trend_is_the_last_ten_against_the_ones_before() -> None:
    stats = PlayerStats()
    for i, rate in enumerate([20.0] * 5 + [10.0] * 10):
        stats = stats.with_review(f"2026010{i % 9}-00000{i}-1pt.mat", (rate, 1.0))
    assert stats.trend() == (10.0, 20.0)
    said = " ".join(line for _, line in summary_lines(stats))
    assert "Trend: last 10 10.0 · before 20.0 (better)" in said and "average 13.3 (Intermediate)" in said


def test_record_names_give_the_length_and_date() -> None:
    assert record_length("20261124-171500-5pt.mat") == 5 and record_length("20261124-1-money.mat") == 0
    assert record_date("20261124-171500-5pt.mat") == "2026-11-24"


def test_a_kill_while_saving_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = PlayerStats().with_game(NAME, "2026-11-24", 3, (1, 0), 0, False)
    save_stats(tmp_path, old)

    def killed(src: object, dst: object) -> None:
        raise KeyboardInterrupt  # the process dies between writing the new file and renaming it

    monkeypatch.setattr(files.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        save_stats(tmp_path, old.with_game(NAME, "2026-11-24", 3, (2, 0), 0, False))
    monkeypatch.undo()
    stats, told = load_stats(tmp_path)
    assert told is None and stats == old
    assert [p.name for p in tmp_path.iterdir()] == [STATS_FILE]  # no half-written file left


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe", json.dumps({"version": 1, "matches": [{"file": 3}]}).encode()],
    ids=["bad-json", "not-utf8", "bad-entry"],
)
def test_a_damaged_file_is_set_aside_and_the_player_told(tmp_path: Path, content: bytes) -> None:
    (tmp_path / STATS_FILE).write_bytes(content)
    stats, told = load_stats(tmp_path)
    assert stats == PlayerStats() and told is not None and "moved aside" in notice(told)
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(STATS_FILE + ".corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    count_game(tmp_path, finished_game())  # and counting starts afresh
    assert load_stats(tmp_path)[0].entry(NAME) is not None


def test_the_statistics_screen_tells_of_a_damaged_file(make_app: object, home: Path) -> None:  # noqa: F811
    app: App = make_app()  # type: ignore[operator]
    (home / STATS_FILE).write_text("[1, 2")
    app.run(Command.STATS)
    settle_files(app)  # read off the window's thread, shown a frame later
    assert isinstance(app.stack.top(), StatisticsScene)
    assert any("statistics could not be read" in a for a in app.alerts)


def test_the_statistics_screen_draws_headless(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    surface = pygame.Surface((1100, 720))
    app = App((1100, 720), surface=surface, store=Store(tmp_path), sound=False)
    stats = PlayerStats(
        (
            MatchEntry("a-3pt.mat", "2026-11-01", 3, (3, 1), (2, 1), True, (12.5, 4.0)),
            MatchEntry("b-3pt.mat", "2026-11-02", 3, (0, 3), (0, 2), True, (6.0, 3.0)),
            MatchEntry("c-0.mat", "2026-11-03", 0, (4, 1), (2, 1), False, None),
        )
    )
    drawn = record_text(monkeypatch, stats_scene)
    app.push(StatisticsScene(app, stats))
    app.draw(surface)
    said = " | ".join(drawn)
    assert "2 finished: won 1, lost 1 (50%)" in said and "average 9.2 (Advanced)" in said
    assert "Nov 2, 2026 · 3 points · 0 : 3 lost · errors: you 6.0 (PR 3.0), computer 3.0 (PR 1.5)" in said
    assert "average 9.2 (Advanced) · PR 4.6" in said
    assert "1 session · games 2 : 1 · points 4 : 1 (+3)" in said and "error rate per reviewed match" in said
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not isinstance(app.stack.top(), StatisticsScene)
