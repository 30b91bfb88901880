"""Board and window bugs: the mirrored board, the window's size, a failing scene, the idle loop."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_driver import click, key, to_human_move

from game.ui.app import App
from game.ui.game_scene import GameScene
from game.ui.layout import Layout
from game.ui.render import BoardView
from game.ui.scoreboard import cube_rect
from game.ui.snapshot import NullStore, snapshot_session
from game.ui.theme import Colour, Theme
from game.ui.window import MIN_SIZE

SIZES = [(1280, 800), (1100, 720), (1024, 700), MIN_SIZE, (1920, 1080)]
"""Window sizes the board is checked at, the smallest the window allows among them."""

EMPTY = BoardView(human=(0,) * 25, ai=(0,) * 25, airborne=(15, 15))
"""A board with every checker lifted off it: the points, bar, tray and frame show through."""


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def board_app(size: tuple[int, int], home: str, switched: bool) -> App:
    """A headless app showing a game; ``switched``: the home side is chosen after a frame was drawn."""
    surface = pygame.Surface(size)
    app = App(size, surface=surface, store=NullStore(), sound=False)
    app.stack.replace(GameScene(app, snapshot_session()))
    if switched:
        app.settings.home = "right" if home == "left" else "left"
        app.settings_changed()
        app.draw(surface)
    app.settings.home = home
    app.settings_changed()
    app.draw(surface)
    return app


def drawn_board(app: App) -> pygame.Surface:
    """The board as the app draws it now, with no checker on any point."""
    surface = pygame.Surface(app.layout.size)
    app.renderer.draw(surface, app.layout, app.theme, EMPTY)
    return surface


def point_colours(th: Theme, point: int) -> set[Colour]:
    """The colours a point's triangle is filled with (its edge band and its lighter middle)."""
    base = th.point_a if point % 2 else th.point_b
    return {base, _mix(base, (255, 255, 255), 0.08)}


def rgb(surface: pygame.Surface, pos: tuple[float, float]) -> Colour:
    c = surface.get_at((round(pos[0]), round(pos[1])))
    return (c.r, c.g, c.b)


@pytest.mark.parametrize("switched", [False, True], ids=["at-start", "switched-in-play"])
@pytest.mark.parametrize("home", ["left", "right"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_checker_stack_is_drawn_on_its_own_points_triangle(
    size: tuple[int, int], home: str, switched: bool
) -> None:
    app = board_app(size, home, switched)
    lay, board = app.layout, drawn_board(app)
    assert lay.home_left == (home == "left")
    for p in range(1, 25):
        for k in range(3):
            where = lay.checker_center(p, k)
            assert rgb(board, where) in point_colours(app.theme, p), (p, k, where)
            centroid = tuple(sum(c) / 3 for c in zip(*lay.triangle(p), strict=True))
            assert rgb(board, centroid) in point_colours(app.theme, p)
            assert lay.hit((round(centroid[0]), round(centroid[1]))) == p


@pytest.mark.parametrize("switched", [False, True], ids=["at-start", "switched-in-play"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_point_numbers_are_drawn_over_the_points_they_name(size: tuple[int, int], switched: bool) -> None:
    right = board_app(size, "right", False)
    left = board_app(size, "left", switched)
    pictures = {app: drawn_board(app) for app in (right, left)}
    lay_r, lay_l = right.layout, left.layout
    font = right.renderer.fonts.get(max(9.0, lay_r.unit * 0.3))
    for p in range(1, 25):
        w, h = font.size(str(p))
        crops = []
        for app, lay in ((right, lay_r), (left, lay_l)):
            b = lay.board
            margin = (b.height - lay.left.height) / 4
            x = lay.column_x(p) + lay.unit / 2
            y = b.y + margin if p >= 13 else b.bottom - margin
            box = pygame.Rect(0, 0, w, h)
            box.center = (round(x), round(y))
            crops.append(pygame.image.tobytes(pictures[app].subsurface(box), "RGB"))
        assert crops[0] == crops[1], f"the number over point {p} is not {p}"


@pytest.mark.parametrize("switched", [False, True], ids=["at-start", "switched-in-play"])
@pytest.mark.parametrize("home", ["left", "right"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tray_and_the_cube_are_drawn_where_they_belong(
    size: tuple[int, int], home: str, switched: bool
) -> None:
    app = board_app(size, home, switched)
    lay, board, th = app.layout, drawn_board(app), app.theme
    tray_on_left = lay.tray.centerx < lay.board.centerx
    assert tray_on_left == (home == "left")
    for frac in (0.25, 0.75):
        assert rgb(board, (lay.tray.centerx, lay.tray.y + lay.tray.height * frac)) == th.felt_dark
    for human in (True, False):
        for k in range(15):
            assert lay.tray.contains(lay.off_slab(human, k))
    for where in ("centre", "human", "computer"):
        cube = cube_rect(lay, where)
        assert lay.bar.contains(cube), where
        for corner in (cube.topleft, cube.topright, cube.bottomleft, cube.bottomright):
            assert rgb(board, (corner[0], corner[1] - 1 if corner[1] > cube.y else corner[1])) == th.bar


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home_board_on_the_left_is_the_right_handed_board_mirrored(size: tuple[int, int]) -> None:
    right, left = Layout.compute(size), Layout.compute(size, home_left=True)
    assert right.board == left.board and right.tray.x > right.board.centerx
    axis = right.board.x + right.board.right
    for p in range(1, 25):
        (xr, yr), (xl, yl) = right.checker_center(p, 0), left.checker_center(p, 0)
        assert yr == yl and abs(xr + xl - axis) <= 1, p
    assert abs(right.bar.centerx + left.bar.centerx - axis) <= 1
    assert abs(right.tray.centerx + left.tray.centerx - axis) <= 1


def test_a_click_on_a_drawn_point_picks_up_its_checker_with_home_on_the_left(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you", home="left")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    b = g.flow.builder
    assert b is not None and app.layout.home_left
    for p in sorted(b.sources()):
        tri = app.layout.triangle(p)
        click(app, (sum(x for x, _ in tri) / 3, sum(y for _, y in tri) / 3))
        assert g.input.selected == p
        click(app, (2, app.layout.size[1] // 2))  # off the board: put it down
        assert g.input.selected is None
