"""Board and window bugs: the mirrored board, the window's size, a failing scene, the idle loop."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import DT, click, game, key, point_pos, pump, record_text, run_until, to_human_move

from ai.evaluation.load import hand_evaluator
from ai.worker.transport import AIWorker
from game.rules.move import legal_moves
from ui.app import app as app_module
from ui.app import window as window_module
from ui.app.app import MESSAGE_SECONDS, App
from ui.app.pacer import STILL_FRAMES, FramePacer, Pace
from ui.app.recovery import MAX_FAILURES, guarded_frame, recover
from ui.app.window import DEFAULT_SIZE, MIN_SIZE, fills, fitting_size
from ui.model.display import HomeSide
from ui.model.snapshot import NullStore, snapshot_session
from ui.model.storage import ERROR_LOG, MAX_LOG_BYTES, Store
from ui.scenes.backdrop import Backdrop
from ui.scenes.base import Command, Scene
from ui.scenes.game.actions import ACTIONS
from ui.scenes.game.dialogs import ResumePrompt
from ui.scenes.game.scene import GameScene
from ui.widgets import panel as panel_module
from ui.widgets import status_bar
from ui.widgets.controls import Button
from ui.widgets.layout import Layout
from ui.widgets.move_list import MoveRow
from ui.widgets.panel import HINT_ROWS, PanelLayout, PanelView, draw_panel, hints_shown
from ui.widgets.render import BoardView, Fonts
from ui.widgets.scoreboard import CubeSpot, cube_rect
from ui.widgets.theme import CLASSIC, Colour, Theme

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
        app.settings.home = HomeSide.RIGHT if home == "left" else HomeSide.LEFT
        app.settings_changed()
        app.draw(surface)
    app.settings.home = HomeSide(home)
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
    for where in CubeSpot:
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


# --- the window's size ----------------------------------------------------------------------------

LAPTOP = (1366, 768)
"""A common small screen: the default 1280x800 window does not fit on it."""

HINT = MoveRow(1, "13/11 13/10", 0.014, 0.0, (0.5, 0.15, 0.01, 0.12, 0.005))
"""A hint as the panel lists it."""


@pytest.fixture
def open_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., App]]:
    """Start the real app as ``main.py play`` does (its own store, the window's size chosen by the app)
    on a desktop of ``LAPTOP`` size; the search runs in a thread."""
    monkeypatch.setattr(app_module, "desktop_size", lambda: LAPTOP)
    apps: list[App] = []

    def start(size: tuple[int, int] | None = None) -> App:
        app = App(size, worker_factory=lambda: AIWorker("thread", hand_evaluator), sound=False)
        apps.append(app)
        app.frame(0.05)
        return app

    yield start
    for app in apps:
        app.quit()
    pygame.display.quit()


def fits(size: tuple[int, int], desktop: tuple[int, int]) -> bool:
    """True when a window of ``size`` fits on ``desktop`` with room for a title bar and a taskbar, or
    takes the whole desktop (it opens maximised: the window manager keeps it to the work area), and
    is no smaller than the minimum."""
    w, h = size
    roomy = w <= desktop[0] - 16 and h <= desktop[1] - 64
    return MIN_SIZE[0] <= w and MIN_SIZE[1] <= h and (roomy or fills(size, desktop))


def resize_window(app: App, size: tuple[int, int]) -> None:
    """The player drags the window to ``size`` (the window manager lets it be that size)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.05)


@pytest.mark.parametrize("saved", [None, DEFAULT_SIZE, (1920, 1080)])
def test_the_size_chosen_for_a_small_desktop_fits_it(saved: tuple[int, int] | None) -> None:
    size = fitting_size(saved, LAPTOP)
    assert fits(size, LAPTOP)
    assert fitting_size(saved, (2560, 1440)) == (saved or DEFAULT_SIZE)


@pytest.mark.parametrize("desktop", [(1024, 600), LAPTOP, (800, 600)], ids=lambda d: f"{d[0]}x{d[1]}")
def test_a_window_too_large_for_the_desktop_and_its_bars_takes_the_whole_desktop_maximised(
    desktop: tuple[int, int],
) -> None:
    size = fitting_size(None, desktop)  # the default window does not fit with room for bars
    assert size == desktop and fills(size, desktop)  # 1024x600 was 984x504, a margin for bars it may lack
    assert not fills(fitting_size(None, (2560, 1440)), (2560, 1440))  # room to spare: the default size


def test_the_window_too_large_for_the_desktop_is_opened_maximised(
    open_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    maximised: list[bool] = []
    monkeypatch.setattr(app_module, "open_window", _spy(window_module.open_window, maximised))
    app = open_app()
    assert maximised == [True] and app.screen.get_size() == LAPTOP


def _spy(open_window: Callable[..., pygame.Surface], calls: list[bool]) -> Callable[..., pygame.Surface]:
    def spy(size: tuple[int, int], maximised: bool = False) -> pygame.Surface:
        calls.append(maximised)
        return open_window(size, maximised)

    return spy


def test_the_window_opens_at_a_size_that_fits_the_desktop(open_app: Callable[..., App]) -> None:
    app = open_app()
    assert fits(app.screen.get_size(), LAPTOP)
    assert app.layout.size == app.screen.get_size()


@pytest.mark.parametrize("asked", [(400, 300), (640, 200), (100, 500)])
def test_a_size_below_the_minimum_is_raised_to_the_minimum(asked: tuple[int, int]) -> None:
    w, h = fitting_size(asked, LAPTOP)
    assert (w, h) == (max(asked[0], MIN_SIZE[0]), max(asked[1], MIN_SIZE[1]))
    assert fitting_size(None, (500, 400)) == MIN_SIZE  # a screen smaller still: the minimum


def test_a_window_opened_or_resized_below_the_minimum_grows_to_it(open_app: Callable[..., App]) -> None:
    app = open_app((400, 300))
    assert app.screen.get_size() == MIN_SIZE
    resize_window(app, (900, 600))
    assert app.screen.get_size() == app.layout.size == (900, 600)
    resize_window(app, (400, 300))  # a window manager that ignores the minimum
    assert app.screen.get_size() == app.layout.size == MIN_SIZE


@pytest.mark.parametrize("asked", [MIN_SIZE, (400, 300)], ids=["minimum", "below-minimum"])
def test_at_the_minimum_size_every_panel_button_is_visible_and_inside_the_window(
    open_app: Callable[..., App], asked: tuple[int, int]
) -> None:
    app = open_app(MIN_SIZE)
    app.start_new_game()
    resize_window(app, asked)
    g = app.game
    assert g is not None and len(g.buttons) >= 12
    window = app.screen.get_rect()
    lay = app.layout
    for button in g.buttons:
        assert window.contains(button.rect), button.key
        assert lay.panel.contains(button.rect) and not button.rect.colliderect(lay.status), button.key
        assert button.rect.height >= 20 and button.rect.width >= 60, button.key
        others = [b.rect for b in g.buttons if b is not button]
        assert button.rect.collidelist(others) == -1, button.key
    for strip in (lay.top, lay.status, lay.board):
        assert window.contains(strip)


def test_a_resized_window_size_is_saved_and_used_on_the_next_start(
    open_app: Callable[..., App], backgammon_home: Path
) -> None:
    app = open_app()
    resize_window(app, (1000, 640))
    app.quit()
    saved = json.loads((backgammon_home / "settings.json").read_text())
    assert saved["window_size"] == [1000, 640]
    again = open_app()
    assert again.screen.get_size() == (1000, 640) and again.alerts == []


@pytest.mark.parametrize(
    "saved",
    [
        [0, 0],
        [99999, 99999],
        [-5, 600],
        [800.5, 600],
        [800],
        "big",
        {"w": 800},
        [True, 600],
        [10, 10],
        [4000, 3000],
    ],
)
def test_a_damaged_or_absurd_saved_size_falls_back_to_one_that_fits(
    open_app: Callable[..., App], backgammon_home: Path, saved: object
) -> None:
    (backgammon_home / "settings.json").write_text(json.dumps({"sound": False, "window_size": saved}))
    app = open_app()
    size = app.screen.get_size()
    assert fits(size, LAPTOP) and app.running
    assert app.settings.sound is False  # the other settings are kept


# --- a scene that raises --------------------------------------------------------------------------

WHERE = ["handle_event", "update", "draw"]
"""The scene methods the loop calls every frame (or on every event)."""


class Failing(Scene):
    """A dialog whose ``where`` method raises every time it is called."""

    modal = True

    def __init__(self, ctx: App, where: str) -> None:
        super().__init__(ctx)
        self.where = where
        self.calls = 0

    def _fail(self, name: str) -> None:
        if name == self.where:
            self.calls += 1
            raise RuntimeError(f"boom in {name}")

    def handle_event(self, event: pygame.event.Event) -> None:
        self._fail("handle_event")

    def update(self, dt: float, covered: bool = False) -> None:
        self._fail("update")

    def draw(self, surface: pygame.Surface) -> None:
        self._fail("draw")


class Quitter(Scene):
    """Quits after ``frames`` frames, noting each frame whether the game is saved (ends a test's loop)."""

    def __init__(self, ctx: App, frames: int, save: Path) -> None:
        super().__init__(ctx)
        self.frames = frames
        self.save = save
        self.seen: list[bool] = []

    def update(self, dt: float, covered: bool = False) -> None:
        self.seen.append(self.save.exists())
        if len(self.seen) == self.frames:
            self.ctx.run(Command.QUIT)

    def needs_frames(self) -> bool:
        return True


def errors(home: Path) -> str:
    return (home / ERROR_LOG).read_text(encoding="utf-8")


@pytest.mark.parametrize("where", WHERE)
def test_a_scene_that_raises_is_closed_the_game_saved_the_player_told_and_the_loop_goes_on(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    save = home / "savegame.json"
    save.unlink()
    quitter = Quitter(app, 12, save)
    failing = Failing(app, where)
    app.push(quitter)
    app.push(failing)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    drawn = record_text(monkeypatch, status_bar)
    assert app.run_loop() == 0
    assert failing.calls == 1 and failing not in app.stacked()
    assert len(quitter.seen) == 12, "the loop ended early"
    assert quitter.seen[-2], "the game was not saved after the failure"
    log = errors(home)
    assert log.count("Traceback (most recent call last)") == 1 and f"RuntimeError: boom in {where}" in log
    (told,) = app.alerts
    assert told.startswith(f"Something went wrong (RuntimeError: boom in {where})") and str(home) in told
    assert any(line.startswith("Something went wrong") for line in drawn), "the message was never drawn"
    assert app.game is g and g.session.turn is not None


def test_a_failing_board_is_set_up_again_from_the_saved_game(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    position = g.session.state.position

    def boom(surface: pygame.Surface) -> None:
        raise ValueError("the board cannot be drawn")

    monkeypatch.setattr(g, "draw", boom)
    assert guarded_frame(app, DT)
    assert app.running and app.game is None and isinstance(app.stack.top(), ResumePrompt)
    assert "ValueError: the board cannot be drawn" in errors(home)
    assert any("set up again from its last save" in a for a in app.alerts)
    key(app, pygame.K_RETURN)  # resume
    again = app.game
    assert again is not None and again is not g and again.session.state.position == position
    pump(app, 3)
    assert app.running and app.game is again


def test_failures_that_keep_coming_back_stop_the_game_after_a_few_tries(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    to_human_move(app)

    def boom(self: Scene, surface: pygame.Surface) -> None:
        raise RuntimeError("no board can be drawn")

    monkeypatch.setattr(GameScene, "draw", boom)
    monkeypatch.setattr(Backdrop, "draw", boom)
    assert app.run_loop() == 1
    assert not app.running and app.gave_up
    assert errors(home).count("RuntimeError: no board can be drawn") == MAX_FAILURES
    assert (home / "savegame.json").exists()


def test_the_error_log_keeps_to_a_bounded_size(tmp_path: Path) -> None:
    store = Store(tmp_path)
    entry = "Traceback (most recent call last):\n" + "x" * 10_000 + "\n"
    for _ in range(200):
        store.log_error(entry)
    store.log_error("y" * (10 * MAX_LOG_BYTES))
    sizes = [p.stat().st_size for p in tmp_path.glob(ERROR_LOG + "*")]
    assert len(sizes) == 2 and sum(sizes) <= 2 * MAX_LOG_BYTES + MAX_LOG_BYTES // 4 + len(entry)
    assert (tmp_path / ERROR_LOG).read_text().endswith("y")


def test_with_saving_off_a_failure_is_still_told_and_survived() -> None:
    surface = pygame.Surface((900, 600))
    app = App((900, 600), surface=surface, store=NullStore(), sound=False)
    failing = Failing(app, "update")
    app.push(failing)
    recover(app, RuntimeError("boom"), failing)
    assert app.running and failing not in app.stacked()
    assert any(a.startswith("Something went wrong (RuntimeError: boom)") for a in app.alerts)


# --- the idle loop --------------------------------------------------------------------------------


def test_the_loop_sleeps_once_the_picture_stands_still_and_nothing_runs() -> None:
    pacer = FramePacer(still_frames=3)
    paces = [pacer.next_pace("same", had_input=False, busy=False) for _ in range(5)]
    assert paces == [Pace.FULL] * 3 + [Pace.ASLEEP] * 2


def test_the_loop_keeps_a_frame_rate_while_a_search_or_a_timer_runs() -> None:
    pacer = FramePacer(still_frames=3)
    paces = [pacer.next_pace("same", had_input=False, busy=True) for _ in range(5)]
    assert paces == [Pace.FULL] * 3 + [Pace.SLOW] * 2


def test_a_change_or_input_wakes_the_loop_to_the_full_rate() -> None:
    pacer = FramePacer(still_frames=2)
    for _ in range(4):
        pacer.next_pace("a", had_input=False, busy=False)
    assert pacer.next_pace("a", had_input=True, busy=False) is Pace.FULL
    for _ in range(4):
        pacer.next_pace("a", had_input=False, busy=False)
    assert pacer.next_pace("b", had_input=False, busy=False) is Pace.FULL


def test_frames_are_needed_through_the_computers_turn_and_not_while_the_player_thinks(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you", animation="fast")
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, g.flow.has_timer, "the opening roll on show")
    assert app.needs_frames()
    to_human_move(app)
    pump(app, 3)
    assert not app.needs_frames(), "a game waiting for the player keeps the loop awake"
    st = g.session.state
    assert st.dice is not None
    move = legal_moves(st.position, st.dice)[0]
    for step in move.steps:
        click(app, point_pos(app, step.src))
        click(app, point_pos(app, step.dst))
    key(app, pygame.K_RETURN)
    end = time.monotonic() + 30
    seen = set()
    while not (g.roll_due() or g.human_to_move() or g.session.outcome() is not None):
        assert app.needs_frames(), f"the loop could sleep in the computer's turn ({g.flow.phase})"
        assert time.monotonic() < end, "the computer's turn never ended"
        seen.add((g.request is not None, g.flow.has_timer(), g.flight is not None))
        app.frame(DT)
        time.sleep(0.001)
    assert seen >= {(False, True, False), (False, False, True)}, "no pause before the roll, or no flight"


def test_an_idle_game_sleeps_and_wakes_at_once_for_input(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(first="you")
    key(app, pygame.K_RETURN)
    to_human_move(app)
    pump(app, 3)
    frames: list[float] = []
    real_frame = app.frame

    def counted(dt: float) -> bool:
        frames.append(time.monotonic())
        return real_frame(dt)

    monkeypatch.setattr(app, "frame", counted)
    quit_at: list[float] = []

    def post_quit() -> None:
        quit_at.append(time.monotonic())
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    timer = threading.Timer(2.0, post_quit)
    timer.start()
    try:
        assert app.run_loop() == 0
    finally:
        timer.cancel()
    ended = time.monotonic()
    assert len(frames) <= STILL_FRAMES + 4, f"{len(frames)} frames in 2 s of standing still"
    assert ended - quit_at[0] < 0.25, "the sleeping loop was slow to answer an event"


def test_a_status_message_runs_out_while_the_loop_sleeps(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(first="you")
    app.notify("Hello there.")
    drawn = record_text(monkeypatch, status_bar)
    pump(app)
    assert "Hello there." in drawn
    app.pass_idle_time(MESSAGE_SECONDS + 0.5)
    drawn.clear()
    pump(app)
    assert "Hello there." not in drawn


@pytest.mark.parametrize("desktop", [LAPTOP, (1280, 720), (1920, 1080)], ids=lambda d: f"{d[0]}x{d[1]}")
def test_the_three_hints_fit_under_the_buttons_at_the_size_the_window_opens_with(
    desktop: tuple[int, int],
) -> None:
    size = fitting_size(None, desktop)
    lay = Layout.compute(size)
    buttons = sum(1 for a in ACTIONS if a.button)
    panel_lay = PanelLayout.compute(lay.panel, buttons, size[1], lay.scale)
    view = PanelView("Casual (depth 1)", "You play light", "0" * 64, hints=[HINT] * 20)
    shown = hints_shown(Fonts(), panel_lay, view)
    assert len(shown) >= HINT_ROWS  # the others are scrolled to
    assert shown[0].rect.top >= panel_lay.buttons[-1].bottom
    assert shown[-1].rect.bottom <= lay.panel.bottom, (size, shown[-1].rect, lay.panel)


@pytest.mark.parametrize(
    "desktop", [LAPTOP, (1280, 720), (1280, 800), (1920, 1080)], ids=lambda d: f"{d[0]}x{d[1]}"
)
def test_the_hint_heading_keeps_its_depth_whole_beside_the_rollout_button(
    desktop: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real_text = panel_module.text

    def recording(surf: pygame.Surface, fonts: Fonts, s: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(s)
        return real_text(surf, fonts, s, *args, **kw)

    monkeypatch.setattr(panel_module, "text", recording)
    size = fitting_size(None, desktop)
    lay = Layout.compute(size)
    panel_lay = PanelLayout.compute(lay.panel, sum(1 for a in ACTIONS if a.button), size[1])
    hint = HINT
    view = PanelView(
        "Expert (depth 4)",
        "You play light",
        "0" * 64,
        hints=[hint] * 3,
        hint_title="Hints at depth 2",
        hint_keys="click, or 1-3",
        rollout=Button("rollout", "Rollout (O)", panel_lay.rollout_rect),
    )
    draw_panel(pygame.Surface(size), Fonts(), CLASSIC, panel_lay, view)
    (heading,) = [s for s in drawn if s.startswith("Hints")]
    assert heading in ("Hints at depth 2", "Hints at depth 2: click, or 1-3"), heading
