"""The hint as GNU Backgammon and eXtreme Gammon players read one: every legal move listed (the list
scrolls), each with its equity, its difference to the best and both sides' chances; the same in the
analysis of a set-up position and in the review's decision."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_every_screen_fits import DATA, game_to_move, new_app, settle

from ai.worker.messages import RankedMove, Request
from game.rules.move import legal_moves
from ui.app.app import App
from ui.flow.events import AskHint, SearchDone, StartSearch
from ui.model.position_ids import parse_setup
from ui.scenes.review.panels import decision_moves
from ui.scenes.review.scene import ReviewScene
from ui.text.analysis import chances
from ui.widgets import panel
from ui.widgets.move_list import MoveRow, ranked_rows, row_parts
from ui.widgets.render import Fonts


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path))
    return tmp_path


def with_hints(home: Path, size: tuple[int, int] = (800, 600)) -> App:
    """A game with the player to move and the hint asked (at depth 1, by the real engine)."""
    app = new_app(home, size)
    game_to_move(app)
    g = app.game
    assert g is not None
    g.input.selected = None
    g.hint()
    settle(app)
    return app


def test_the_hint_search_asks_for_every_move_and_the_flow_keeps_them_all(home: Path) -> None:
    app = new_app(home, (800, 600))
    game_to_move(app)
    g = app.game
    assert g is not None
    out = g.flow.handle(AskHint(1))
    (start,) = [e for e in out if isinstance(e, StartSearch)]
    request = start.request
    assert isinstance(request, Request) and request.top is None  # was the best three
    moves = legal_moves(request.position, request.dice)
    assert len(moves) > 3
    g.flow.handle(
        SearchDone(tuple(RankedMove(m, -0.01 * i, (0.5, 0.1, 0.0, 0.1, 0.0)) for i, m in enumerate(moves)))
    )
    assert [h.move for h in g.flow.hints] == moves


def test_each_hint_shows_its_equity_its_difference_to_the_best_and_both_sides_chances() -> None:
    probs = (0.541, 0.132, 0.008, 0.121, 0.005)
    best, second = ranked_rows(
        [RankedMove(m, e, probs) for m, e in ((_move("24/18 13/11"), 0.123), (_move("13/7 8/7"), 0.076))]
    )
    assert (second.rank, round(second.diff, 3)) == (2, -0.047)
    fonts = Fonts()
    for width in (170, 600):  # the narrowest panel (lines wrapped) and a wide one (a line each)
        words = " ".join(f"{p.left} {p.right}" for p in row_parts(fonts, second, width, 11.0))
        assert "13/7 8/7" in words and "-0.047" in words
        assert "win 54.1% g 13.2% bg 0.8%" in words and "lose 45.9% g 12.1% bg 0.5%" in words
        first = " ".join(f"{p.left} {p.right}" for p in row_parts(fonts, best, width, 11.0))
        assert "+0.123" in first and "(" not in first  # the best: its equity, no difference
    assert chances(probs) == "win 54.1% g 13.2% bg 0.8% · lose 45.9% g 12.1% bg 0.5%"


def _move(notation: str) -> object:
    class Notated:
        def notation(self) -> str:
            return notation

    return Notated()


def test_the_panel_lists_every_hint_and_the_wheel_and_page_keys_scroll_to_the_last(home: Path) -> None:
    app = with_hints(home)
    g = app.game
    assert g is not None
    fonts, count = app.renderer.fonts, len(g.flow.hints)
    shown = panel.hints_shown(fonts, g.panel, g.panel_view())
    assert 3 <= len(shown) < count and shown[0].index == 0  # the best first; the rest scroll into view
    app.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=g.panel.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert panel.hints_shown(fonts, g.panel, g.panel_view())[0].index == 1  # one move down
    for _ in range(count):
        g.page_log(1)
    last = panel.hints_shown(fonts, g.panel, g.panel_view())
    assert last[-1].index == count - 1 and len(last) >= 3  # the last move in view, the list full
    target = last[-1]
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.rect.center, button=1))
    b = g.flow.builder
    assert b is not None and b.code == g.flow.hints[count - 1].move.after.code  # a click sets it up


def test_new_hints_are_shown_from_the_best(home: Path) -> None:
    app = with_hints(home)
    g = app.game
    assert g is not None
    g.page_log(1)
    assert g.panel_view().hint_top > 0
    before = g.flow.hints
    g.undo()  # the hints go with the move set up ...
    g.hint()  # ... and come again: a new answer
    settle(app)
    assert g.flow.hints and g.flow.hints is not before
    assert g.panel_view().hint_top == 0


def test_the_analysis_of_a_set_up_position_asks_for_every_move() -> None:
    setup = parse_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10")
    assert not isinstance(setup, str)
    request = setup.analysis_request(1)
    assert isinstance(request, Request) and request.top is None  # was the best five


def test_a_review_row_where_the_mover_cannot_win_shows_the_chances_that_tell_the_moves_apart(
    home: Path,
) -> None:
    """gnubg.mat, game 2, move 24: Alice cannot win (0.0% for every move), and the moves differ in the
    gammons she loses (38.9% against 40.7%): the rows showed win, gammon and backgammon of the mover
    alone, 0.0 / 0.0 / 0.0 for both, beside an error."""
    app = new_app(home, (1366, 768))
    app.open_review((DATA / "gnubg.mat").read_bytes(), "gnubg.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    settle(app)
    assert scene.path is not None
    stop = next(
        s
        for s in scene.path.stops
        if any(d.options and d.error > 0 and d.options[0].probs[0] < 0.0005 for d in scene.path.decisions(s))
    )
    rows, _ = decision_moves(scene.path, stop, app.theme)
    assert len(rows) >= 2 and isinstance(rows[0], MoveRow)
    words = [" ".join(p.left for p in row_parts(app.renderer.fonts, r, 500, 14.0)) for r in rows[:2]]
    assert all("win 0.0% g 0.0% bg 0.0%" in w for w in words)  # the mover's: all zero
    assert words[0] != words[1] and all("lose 100.0%" in w for w in words)  # the other side's differ
    assert rows[1].diff < 0


def test_a_hint_too_long_for_its_equity_keeps_its_difference_in_brackets() -> None:
    """A narrow panel shows a lower hint's difference to the best alone: in its brackets, so that it
    does not read as an equity better than the best one's."""
    pygame.font.init()
    row = MoveRow(2, "24/18 13/8 6/5 8/7", -0.373, -0.111, (0.42, 0.1, 0.006, 0.19, 0.01))
    fonts = Fonts()
    width = next(w for w in range(100, 400) if row_parts(fonts, row, w, 11.0)[0].right)  # narrowest
    head = row_parts(fonts, row, width, 11.0)[0]
    assert head.left.endswith("24/18 13/8 6/5 8/7") and head.right == "(-0.111)"
    wide = row_parts(fonts, row, 600, 11.0)[0]
    assert wide.right == "-0.373 (-0.111)"
