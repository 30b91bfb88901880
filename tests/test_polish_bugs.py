"""Polish a player notices: the Moves list scrolls, the review graph has a scale, IDs tell I from l,
and warnings are wrapped whole rather than cut with an ellipsis."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from ui_driver import DT, click, game, key, play_human_turn, pump, record_text, run_until, to_human_move

from game.rules.move import legal_moves
from ui.app.app import App
from ui.model.seats import CheckerColour
from ui.model.session import HUMAN, GameConfig, GameSession
from ui.scenes.game.actions import ACTIONS, Key, by_name, help_rows
from ui.scenes.ids.dialogs import ID_SIZE, IdsDialog
from ui.widgets import panel, render, review_view, status_bar
from ui.widgets.layout import Layout
from ui.widgets.move_list import MoveRow
from ui.widgets.render import Fonts
from ui.widgets.review_view import Graph
from ui.widgets.scoreboard import log_lines
from ui.widgets.theme import CLASSIC

# --- the IDs' font --------------------------------------------------------------------------------


def glyph_shape(font: pygame.font.Font, ch: str) -> pygame.mask.Mask:
    """The ink of ``ch``, cropped to its bounding box and scaled to 16 x 32 (so that a taller or
    wider stroke alone does not count as a different shape)."""
    ink = pygame.mask.from_surface(font.render(ch, True, (255, 255, 255)), 127)
    box = ink.get_bounding_rects()[0]
    cropped = pygame.mask.Mask(box.size)
    cropped.draw(ink, (-box.x, -box.y))
    return cropped.scale((16, 32))


def shape_difference(font: pygame.font.Font, a: str, b: str) -> float:
    """The share of the two glyphs' ink (their union) that only one of them has."""
    x, y = glyph_shape(font, a), glyph_shape(font, b)
    both = x.overlap_area(y, (0, 0))
    return 1 - both / (x.count() + y.count() - both)


@pytest.mark.parametrize("size", [14, 18, 22, ID_SIZE])
def test_capital_i_and_small_l_have_different_shapes_in_the_id_font(size: int) -> None:
    font = Fonts().get(size, mono=True)
    assert shape_difference(font, "I", "l") >= 0.2  # the plain text font: 0.0, two bare strokes
    assert shape_difference(font, "O", "0") >= 0.1


def test_the_ids_dialog_draws_the_ids_in_the_id_font(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    session = GameSession(GameConfig("casual", 1, 0.0, 3, "you", CheckerColour.LIGHT), seed="ids")
    dialog = IdsDialog(app, session, lambda: None)
    drawn: list[tuple[str, bool]] = []
    real = render.Fonts.render

    def recording(
        self: Fonts, s: str, size: float, colour: tuple[int, int, int], bold: bool = False, mono: bool = False
    ) -> pygame.Surface:
        drawn.append((s, mono))
        return real(self, s, size, colour, bold, mono)

    monkeypatch.setattr(render.Fonts, "render", recording)
    app.push(dialog)
    app.draw(app.screen)
    assert (dialog.position_id, True) in drawn and (dialog.match_id, True) in drawn


# --- the review graph's scale ----------------------------------------------------------------------


def drawn_graph(
    graph: Graph, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (800, 200)
) -> tuple[pygame.Rect, dict[str, tuple[float, float]]]:
    """Draw ``graph`` filling a surface of ``size``; its plot and every string drawn, with where."""
    drawn: dict[str, tuple[float, float]] = {}
    real_text = review_view.text

    def recording(
        surf: pygame.Surface, fonts: Fonts, s: str, pos: tuple[float, float], *args: Any, **kw: Any
    ) -> pygame.Rect:
        drawn[s] = pos
        return real_text(surf, fonts, s, pos, *args, **kw)

    monkeypatch.setattr(review_view, "text", recording)
    surface = pygame.Surface(size)
    fonts = Fonts()
    rect = surface.get_rect()
    graph.draw(surface, fonts, CLASSIC, rect)
    return graph.plot(rect, fonts), drawn


def test_a_match_graph_is_labelled_in_per_cent_from_0_to_100(monkeypatch: pytest.MonkeyPatch) -> None:
    values = [0.5, 0.55, 0.42, 0.61, 0.3, 0.0]
    graph = Graph(values, [(0, "G1")], money=False)
    plot, drawn = drawn_graph(graph, monkeypatch)
    for label, v in (("0%", 0.0), ("25%", 0.25), ("50%", 0.5), ("75%", 0.75), ("100%", 1.0)):
        assert label in drawn, label
        assert drawn[label][1] == pytest.approx(graph.y_of(plot, v))  # drawn level with its line
    assert drawn["100%"][1] == pytest.approx(plot.top) and drawn["0%"][1] == pytest.approx(plot.bottom)


def test_a_money_graph_scale_reaches_past_the_largest_swing_in_round_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    values = [0.0, 0.4, -1.2, -2.3, 1.7, 0.9]
    graph = Graph(values, [(0, "G1"), (3, "G2")], money=True)
    plot, drawn = drawn_graph(graph, monkeypatch)
    labels = {s: pos for s, pos in drawn.items() if s in ("-3", "-2", "-1", "0", "+1", "+2", "+3")}
    assert set(labels) == {"-3", "-2", "-1", "0", "+1", "+2", "+3"}  # every value lies inside the scale
    for s, (_, y) in labels.items():
        assert y == pytest.approx(graph.y_of(plot, float(s)))
    assert all(plot.top <= graph.y_of(plot, v) <= plot.bottom for v in values)
    assert graph.bounds() == (-3.0, 3.0)


def test_small_money_swings_keep_a_scale_of_a_point_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = Graph([0.0, 0.1, -0.2], [(0, "G1")], money=True)
    _, drawn = drawn_graph(graph, monkeypatch)
    assert graph.bounds() == (-1.0, 1.0)
    assert {"-1", "-0.5", "0", "+0.5", "+1"} <= set(drawn)


def test_a_short_graph_labels_fewer_values_but_always_both_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = Graph([0.5, 0.4, 0.6], [(0, "G1")], money=False)
    _, drawn = drawn_graph(graph, monkeypatch, size=(500, 80))
    assert {"0%", "100%"} <= set(drawn) and "25%" not in drawn  # no labels on top of each other


def test_the_graph_numbers_the_moves_of_each_game_along_its_foot(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 1, 1, 2, 2, 3, 0]  # game 2 starts at point 11; 0: its end
    values = [0.5] * len(rows)
    graph = Graph(values, [(0, "G1"), (11, "G2")], money=False, rows=rows)
    plot, drawn = drawn_graph(graph, monkeypatch)
    numbers = [s for s in drawn if s.isdigit()]
    assert set(numbers) == {"1", "2", "3", "4", "5"}
    assert drawn["5"][0] == pytest.approx(graph.x_of(plot, 8))  # at the move's first point
    assert drawn["5"][1] > plot.bottom  # under the line


# --- the Moves list scrolls ------------------------------------------------------------------------


def long_game(turns: int = 44) -> GameSession:
    """A game ``turns`` turns in (random legal moves), the human to move with the dice rolled."""
    session = GameSession(GameConfig("casual", 1, 0.0, 1, "you", CheckerColour.LIGHT), seed="a long game")
    session.begin()
    rng = random.Random(3)
    while len(session.log) < turns or session.turn != HUMAN:
        assert session.state.dice is not None and session.outcome() is None
        moves = legal_moves(session.state.position, session.state.dice)
        session.play(rng.choice(moves) if moves else None)
        session.roll()
    return session


def wheel(app: App, pos: tuple[int, int], y: int, times: int = 1) -> None:
    """The mouse moved to ``pos``, then the wheel turned ``times`` notches (y > 0: away from the player)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, which=0))
    app.frame(DT)


def shown(drawn: list[str], app: App) -> list[str]:
    """The Moves list's lines drawn in the next frame."""
    g = game(app)
    lines = log_lines(g.session)
    drawn.clear()
    pump(app)
    return [s for s in drawn if s in lines]


def test_the_moves_list_of_a_long_game_shows_the_newest_and_the_wheel_scrolls_to_the_first(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    app.set_game(long_game())
    g = game(app)
    drawn = record_text(monkeypatch, panel)
    lines = log_lines(g.session)
    rows = g.log_rows()
    assert 3 <= rows < len(lines)
    assert shown(drawn, app) == lines[-rows:]  # the newest turns, the last one included
    assert f"{len(lines) - rows + 1}-{len(lines)} of {len(lines)}" in drawn  # there is more above
    list_pos = (g.panel.rect.centerx, round(g.panel.log_y + g.panel.log_line))
    wheel(app, list_pos, 1)
    assert shown(drawn, app) == lines[-rows - 1 : -1]  # one line back
    wheel(app, list_pos, 1, times=len(lines) + 10)
    assert shown(drawn, app) == lines[:rows]  # the first turn, and no further
    assert f"1-{rows} of {len(lines)}" in drawn
    wheel(app, list_pos, -1, times=len(lines) + 10)
    assert shown(drawn, app) == lines[-rows:]  # the newest again, and no further
    assert g.log_scroll.top is None  # following the game again


def test_the_wheel_over_the_board_leaves_the_moves_list_alone(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    app.set_game(long_game())
    drawn = record_text(monkeypatch, panel)
    before = shown(drawn, app)
    wheel(app, app.layout.board.center, 1, times=5)
    assert shown(drawn, app) == before


def test_page_keys_scroll_the_moves_list_which_stays_put_while_play_goes_on_until_back_at_the_end(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    app.set_game(long_game())
    g = game(app)
    drawn = record_text(monkeypatch, panel)
    lines = log_lines(g.session)
    rows = g.log_rows()
    key(app, pygame.K_PAGEUP)
    back = shown(drawn, app)
    assert back == lines[-rows - (rows - 1) : -(rows - 1)]  # a page back, one line kept in view
    to_human_move(app)
    play_human_turn(app)
    run_until(app, g.roll_due, "the computer's reply")
    assert len(log_lines(g.session)) == len(lines) + 2
    assert shown(drawn, app) == back  # not dragged along by the new turns
    for _ in range(4):
        key(app, pygame.K_PAGEDOWN)
    now = log_lines(g.session)
    assert shown(drawn, app) == now[-rows:] and g.log_scroll.top is None
    to_human_move(app)
    play_human_turn(app)
    run_until(app, g.roll_due, "the computer's reply")
    assert shown(drawn, app)[-1] == log_lines(g.session)[-1]  # following the game: its newest turn


def test_the_moves_list_keys_are_in_help() -> None:
    assert ("PgUp / PgDn", by_name("moves-back").help) in help_rows()
    assert by_name("moves-on").keys == (Key(pygame.K_PAGEDOWN),)


# --- warnings are wrapped whole ---------------------------------------------------------------------

LONG_WARNING = (
    "The computer is playing with its simpler hand-made evaluation, so it is weaker than usual: the "
    "neural-network weights could not be loaded (weights file not found: C:\\Users\\someone\\AppData\\"
    "Local\\Temp\\_MEI123456\\assets\\weights\\net.npz)."
)
"""As long as the evaluator's warning gets, with a frozen app's path in it."""
SIZES = [(640, 420), (800, 600), (1100, 720), (1920, 1080)]
"""The smallest window the game allows, and larger ones."""


def words_drawn(drawn: list[str], message: str) -> None:
    """Every word of ``message`` drawn, none cut with an ellipsis (a long path may break across lines)."""
    assert not any("…" in s for s in drawn)
    assert "".join(message.split()) in "".join("".join(drawn).split())


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_panels_warning_about_the_ai_is_shown_whole_clear_of_the_buttons(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setattr(App, "evaluator_warning", lambda self: LONG_WARNING)
    app = make_app()
    app.set_game(long_game())
    app.resize(size)
    g = game(app)
    drawn = record_text(monkeypatch, panel)
    pump(app)
    assert "".join(LONG_WARNING.split()) in "".join("".join(drawn).split())  # every word, in order
    box = panel.warning_box(app.renderer.fonts, g.panel, LONG_WARNING)
    assert box is not None
    warning = [s for s in drawn if s in box.lines]
    assert warning == list(box.lines)
    words_drawn(warning, LONG_WARNING)
    assert g.panel.rect.contains(box.rect)
    assert not any(box.rect.colliderect(b.rect) for b in g.buttons)
    if not box.over_header:  # at the foot: the Moves list ends above it
        assert g.panel.log_y + g.log_rows() * g.panel.log_line <= box.rect.y


def test_a_long_status_warning_in_the_smallest_window_is_wrapped_under_the_board(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    app.set_game(long_game())
    app.resize((640, 420))
    drawn = record_text(monkeypatch, status_bar)
    app.notify(LONG_WARNING, warn=True)
    pump(app)
    words_drawn([s for s in drawn if s not in ("F1 help",)], LONG_WARNING)
    plan = app._status_plan()
    assert len(plan.message) > 1 and plan.message_rect.height > app.layout.status.height
    assert plan.message_rect.right <= app.layout.panel.x  # the panel's buttons stay in view


def test_a_long_alert_in_the_smallest_window_is_wrapped_in_a_taller_band_that_a_click_dismisses(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    app.set_game(long_game())
    app.resize((640, 420))
    drawn = record_text(monkeypatch, status_bar)
    alert = "Saving is off: the game could not be saved ([Errno 28] No space left on device: " + (
        "'/home/someone/.local/share/Backgammon/saved-game.json')."
    )
    app.alert(alert)
    app.alert("A second warning, waiting behind the first.")
    pump(app)
    words_drawn([s for s in drawn if s not in ("F1 help", "X or click: dismiss")], alert + " (+1 more)")
    band = app.alert_rect()
    assert band.height > app.layout.status.height and band.bottom <= app.layout.status.y
    click(app, (band.centerx, band.y + 3))  # its top line, above where a one-line band would be
    assert app.alerts == ["A second warning, waiting behind the first."]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_panels_warning_leaves_the_hints_in_view(size: tuple[int, int]) -> None:
    lay = Layout.compute(size)
    buttons = sum(1 for a in ACTIONS if a.button)
    panel_lay = panel.PanelLayout.compute(lay.panel, buttons, size[1], lay.scale)
    hint = MoveRow(1, "13/11 13/10", 0.014, 0.0, (0.5, 0.15, 0.01, 0.12, 0.005))
    view = panel.PanelView(
        "Casual (depth 1)", "You play light", "0" * 64, hints=[hint] * 3, warning=LONG_WARNING
    )
    box = panel.warning_box(Fonts(), panel_lay, LONG_WARNING, hints=3)
    assert box is not None
    shown = panel.hints_shown(Fonts(), panel_lay, view)
    assert len(shown) == (3 if size[1] >= 600 else 1)  # whole, clear of the warning; more scroll into view
    assert not any(box.rect.colliderect(s.rect) for s in shown)
    assert not any(box.rect.colliderect(b) for b in panel_lay.buttons)
