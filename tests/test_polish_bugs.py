"""Polish a player notices: the Moves list scrolls, the review graph has a scale, IDs tell I from l,
and warnings are wrapped whole rather than cut with an ellipsis."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ui import render, review_view
from game.ui.app import App
from game.ui.id_dialogs import ID_SIZE, IdsDialog
from game.ui.render import Fonts
from game.ui.review_view import Graph
from game.ui.session import GameConfig, GameSession
from game.ui.theme import CLASSIC

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
    session = GameSession(GameConfig("casual", 1, 0.0, 3, "you", "light"), seed="ids")
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
    graph.draw(surface, fonts, CLASSIC, rect, "a graph")
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
