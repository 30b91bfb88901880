"""The UI's parts without a game loop: settings and saves on disk, sessions, layout, drawing, sounds."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame
import pytest

from game.rules.cube import CubeState
from game.rules.dice import seed_commitment
from game.rules.move import legal_moves
from game.rules.position import Position
from game.support.files import set_aside
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession, SaveError
from ui.model.storage import Settings, StorageError, Store, write_json_atomic
from ui.widgets.layout import BAR, OFF, STACK, Layout
from ui.widgets.scoreboard import CubeSpot, cube_rect, cube_spot, offered_spot, session_cube
from ui.widgets.sound import checker_wave, dice_wave

CONFIG = GameConfig("casual", 1, 0.0, 3, "roll", CheckerColour.LIGHT)


# --- settings and files ---------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = Settings(
        level="strong",
        match_length=5,
        colour=CheckerColour.DARK,
        animation="off",
        sound=False,
        theme="colour-blind",
    )
    store.save_settings(s)
    back, warning = store.load_settings()
    assert warning is None and back == s


def test_missing_settings_give_defaults_without_warning(tmp_path: Path) -> None:
    s, warning = Store(tmp_path).load_settings()
    assert s == Settings() and warning is None


def test_unknown_settings_keys_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"sound": False, "from_the_future": 1}))
    s, warning = Store(tmp_path).load_settings()
    assert s.sound is False and warning is None


@pytest.mark.parametrize(
    "bad",
    [
        {"match_length": 26},
        {"match_length": 4.0},
        {"theme": "neon"},
        {"sound": "yes"},
        {"animation": "warp"},
        ["not", "a", "dict"],
    ],
)
def test_bad_setting_value_is_rejected(bad: object) -> None:
    with pytest.raises(StorageError):
        Settings.from_json(bad)


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    write_json_atomic(target, {"a": 1})
    write_json_atomic(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    write_json_atomic(target, {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomic(target, {"a": object()})
    assert json.loads(target.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_set_aside_never_overwrites(tmp_path: Path) -> None:
    a = tmp_path / "f.json"
    a.write_text("1")
    first = set_aside(a)
    a.write_text("2")
    second = set_aside(a)
    assert first != second and first.read_text() == "1" and second.read_text() == "2"


def test_store_uses_backgammon_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "home"))
    assert Store().folder == tmp_path / "home"


# --- sessions ---------------------------------------------------------------------------------------


def test_session_opening_roll_decides_who_moves() -> None:
    s = GameSession(CONFIG, seed="abc")
    a, b = s.begin()
    assert s.turn == (HUMAN if a > b else AI)
    assert s.state.dice == (max(a, b), min(a, b))
    assert s.commitment == seed_commitment("abc")


@pytest.mark.parametrize(("first", "turn"), [("you", HUMAN), ("computer", AI)])
def test_session_fixed_first_mover_plays_the_opening_dice(first: str, turn: int) -> None:
    cfg = GameConfig("casual", 1, 0.0, 1, first, CheckerColour.DARK)
    for seed in ("1", "2", "3", "4"):
        s = GameSession(cfg, seed=seed)
        a, b = s.begin()
        assert s.turn == turn and s.state.dice == (max(a, b), min(a, b))


def test_session_cannot_pass_with_a_legal_move() -> None:
    s = GameSession(CONFIG, seed="x")
    s.begin()
    with pytest.raises(ValueError, match="cannot pass"):
        s.play(None)


def test_session_json_round_trip_mid_game() -> None:
    s = GameSession(CONFIG, seed="round-trip")
    s.begin()
    for _ in range(7):
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(moves[-1] if moves else None)
        s.roll()
    data = json.loads(json.dumps(s.to_json()))
    back = GameSession.from_json(data)
    assert back.to_json() == s.to_json()
    assert back.state == s.state and back.log == s.log
    # the dice stream continues exactly where it was
    assert back.dice.roll() == s.dice.roll()


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(board="not-an-id"),
        lambda d: d.update(turn=5),
        lambda d: d.update(seed=""),
        lambda d: d.pop("config"),
        lambda d: d.update(rolls=[[7, 7]]),
        lambda d: d["config"].update(depth=9),
    ],
)
def test_damaged_save_raises_save_error(damage: object) -> None:
    s = GameSession(CONFIG, seed="d")
    s.begin()
    data = s.to_json()
    damage(data)  # type: ignore[operator]
    with pytest.raises(SaveError):
        GameSession.from_json(data)


def test_next_game_keeps_the_match_and_start() -> None:
    start = Position.from_sides([1] + [0] * 24, [1] + [0] * 24)
    s = GameSession(CONFIG, seed="m", start=start)
    s.begin()
    while s.outcome() is None:
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(moves[0] if moves else None)
        if s.outcome() is None:
            s.roll()
    nxt = s.next_game("n2")
    assert nxt.match.score == s.match_now().score and sum(nxt.match.score) >= 1
    assert nxt.start == start and nxt.turn is None


def test_human_view_is_the_same_board_whoever_is_on_roll() -> None:
    s = GameSession(CONFIG, seed="v")
    s.begin()
    before = s.sides()
    assert s.state.dice is not None
    move = legal_moves(s.state.position, s.state.dice)[0]
    mover = s.turn
    s.play(move)
    human, ai = s.sides()
    expected = s.sides(move.after.code, mover)
    assert (human, ai) == expected
    assert sum(before[0]) == 15 and sum(human) == 15


# --- layout -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(640, 420), (1280, 800), (1920, 1080), (800, 1000), (2560, 1080)])
def test_layout_fits_the_window_and_hits_every_point(size: tuple[int, int]) -> None:
    pygame.init()
    lay = Layout.compute(size)
    w, h = size
    assert lay.board.left >= 0 and lay.board.right <= lay.panel.x and lay.board.bottom <= lay.status.y
    assert lay.board.top >= lay.top.bottom
    for p in range(1, 25):
        assert lay.hit(lay.point_rect(p).center) == p
        x, y = lay.checker_center(p, 0)
        assert lay.hit((round(x), round(y))) == p
    assert lay.hit(lay.tray_half(True).center) == OFF
    bx, by = lay.checker_center(BAR, 0)
    assert lay.hit((round(bx), round(by))) == BAR
    assert lay.hit((w - 2, h // 2)) is None  # the panel is not the board


def test_points_are_numbered_from_the_human_side() -> None:
    lay = Layout.compute((1280, 800))
    # 1 bottom right, 12 bottom left, 13 top left, 24 top right
    assert lay.point_rect(1).x > lay.point_rect(6).x > lay.point_rect(7).x > lay.point_rect(12).x
    assert lay.point_rect(13).x < lay.point_rect(18).x < lay.point_rect(19).x < lay.point_rect(24).x
    assert lay.point_rect(13).y < lay.point_rect(12).y


# --- drawing and sound --------------------------------------------------------------------------------


def test_render_snapshot_is_a_full_coloured_frame() -> None:
    from ui.app.offscreen import render_snapshot

    frame = render_snapshot((1024, 640))
    assert frame.get_size() == (1024, 640)
    small = pygame.transform.scale(frame, (200, 125))
    raw = pygame.image.tobytes(small, "RGB")
    assert len({raw[i : i + 3] for i in range(0, len(raw), 3)}) > 50


def test_checker_sprites_differ_by_more_than_colour() -> None:
    from ui.widgets.render import Renderer
    from ui.widgets.theme import COLOUR_BLIND

    pygame.init()
    r = Renderer()
    light = (
        pygame.surfarray.array3d(r.sprite(30, CheckerColour.LIGHT, COLOUR_BLIND)).astype(float).mean(axis=2)
    )
    dark = pygame.surfarray.array3d(r.sprite(30, CheckerColour.DARK, COLOUR_BLIND)).astype(float).mean(axis=2)
    # in grey scale the marked (dark) checker has much more contrast inside: its ring
    c = light.shape[0] // 2
    inner = slice(c - 12, c + 12)
    assert dark[inner, inner].std() > 2 * light[inner, inner].std()


def test_synthesized_sounds_are_short_and_in_range() -> None:
    for wave in (checker_wave(44100), dice_wave(44100)):
        assert wave.ndim == 1 and 0 < len(wave) < 44100
        assert np.all(np.isfinite(wave)) and np.max(np.abs(wave)) <= 1.0
        assert np.max(np.abs(wave)) > 0.1


def test_progress_bar_fills_evenly_when_the_search_reports_in_jumps() -> None:
    from ui.widgets.controls import PROGRESS_CAP, PROGRESS_RATE, EasedProgress

    bar = EasedProgress()
    shown = [bar.advance(0.9, 0.1) for _ in range(20)]  # the search says 90% at once
    steps = [b - a for a, b in zip([0.0, *shown], shown, strict=False) if b > a]
    assert max(steps) <= PROGRESS_RATE * 0.1 + 1e-9 and shown[-1] == pytest.approx(0.9)
    assert bar.advance(1.0, 10.0) <= PROGRESS_CAP  # full only once the answer is in


def test_text_entry_types_pastes_and_erases() -> None:
    from ui.widgets.controls import TextEntry

    entry = TextEntry(max_len=14, allowed="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    assert entry.insert("4HPw ATDgc/ABMA!!") and entry.text == "4HPwATDgc/ABMA"
    backspace = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
    assert entry.key(backspace) and entry.text == "4HPwATDgc/ABM"
    assert not entry.insert("?")


@pytest.mark.parametrize("point", [1, 6, 7, 12, 13, 18, 19, 24])
def test_home_board_on_the_left_mirrors_the_points(point: int) -> None:
    right = Layout.compute((1100, 720))
    left = Layout.compute((1100, 720), home_left=True)
    r, m = right.point_rect(point), left.point_rect(point)
    assert r.y == m.y and abs((r.centerx - right.board.centerx) + (m.centerx - left.board.centerx)) <= 2
    assert left.hit(m.center) == point
    assert (left.tray.x < left.board.centerx) and (right.tray.x > right.board.centerx)


def test_buttons_keys_and_help_come_from_one_table() -> None:
    from ui.scenes.game.actions import ACTIONS, help_rows

    rows = help_rows()
    for action in ACTIONS:
        if action.button:
            assert action.keys and (action.keys_text, action.help) in rows
    names = [a.name for a in ACTIONS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("size", [(640, 420), (1100, 720), (1280, 800), (1920, 1080)])
def test_checkers_on_the_bar_stay_clear_of_the_centred_cube(size: tuple[int, int]) -> None:
    lay = Layout.compute(size)
    cube = cube_rect(lay, CubeSpot.CENTRE)
    r = lay.radius
    for k in range(STACK):
        for _, y in (lay.checker_center(BAR, k), lay.their_bar_center(k)):
            assert y - r >= cube.bottom or y + r <= cube.top, (size, k)


def test_a_centred_cube_sits_mid_bar_and_an_owned_one_at_its_owner_s_edge() -> None:
    lay = Layout.compute((1280, 800))
    assert cube_spot(None, 0) is CubeSpot.CENTRE and cube_spot(None, 1) is CubeSpot.CENTRE
    assert cube_spot(0, 0) is CubeSpot.BOTTOM and cube_spot(1, 0) is CubeSpot.TOP
    assert cube_spot(1, 1) is CubeSpot.BOTTOM and cube_spot(0, 1) is CubeSpot.TOP
    top, mid, bottom = (cube_rect(lay, s) for s in (CubeSpot.TOP, CubeSpot.CENTRE, CubeSpot.BOTTOM))
    assert top.bottom < mid.top and mid.bottom < bottom.top
    assert mid.centery == lay.bar.centery


def test_the_game_s_cube_shows_64_centred_its_value_owned_and_twice_it_offered_to_the_taker() -> None:
    s = GameSession(GameConfig("casual", 1, 0.0, 5, "you", CheckerColour.LIGHT), seed="cube-spot")
    assert session_cube(s) == (64, CubeSpot.CENTRE, False)
    s.offered = HUMAN  # the human doubles: the cube goes over to the computer's side
    assert session_cube(s) == (2, CubeSpot.TOP, True)
    s.cube, s.offered = CubeState(2, AI), None  # taken
    assert session_cube(s) == (2, CubeSpot.TOP, False)
    s.offered = AI  # the computer redoubles
    assert session_cube(s) == (4, CubeSpot.BOTTOM, True)
    s.cube, s.offered = CubeState(4, HUMAN), None
    assert session_cube(s) == (4, CubeSpot.BOTTOM, False)


def test_an_offered_cube_sits_on_the_taker_s_side() -> None:
    assert offered_spot(doubler=0, bottom=0) is CubeSpot.TOP
    assert offered_spot(doubler=1, bottom=0) is CubeSpot.BOTTOM
    assert offered_spot(doubler=1, bottom=1) is CubeSpot.TOP


def test_a_first_start_plays_a_5_point_match_so_the_cube_and_score_matter() -> None:
    assert Settings().match_length == 5


def test_help_starts_with_rolling_and_lists_the_tutors_esc_last() -> None:
    """The tutor's Esc comes first in the table (it must win Esc while the tutor checks) but
    help lists it after the everyday keys."""
    from ui.scenes.game.actions import ACTIONS, help_rows

    rows = help_rows()
    assert ACTIONS[0].name == "skip-tutor" and rows[0] == ("Space", "roll the dice")
    assert rows[-1][1].startswith("while the tutor checks")
    assert len(rows) == sum(1 for a in ACTIONS if a.help)


def test_wrapped_lines_each_fit_and_a_cut_text_ends_in_an_ellipsis() -> None:
    from ui.widgets.controls import wrap

    pygame.font.init()
    font = pygame.font.Font(None, 18)
    words = "the quick brown fox jumps over the lazy dog " * 6
    whole = wrap(font, words.strip(), 160)
    assert len(whole) > 3 and all(font.size(line)[0] <= 160 for line in whole)
    cut = wrap(font, words.strip(), 160, 3)
    assert len(cut) == 3 and cut[:2] == whole[:2] and cut[2].endswith("…") and font.size(cut[2])[0] <= 160
    assert wrap(font, words.strip(), 160, len(whole)) == whole  # room for all: nothing marked
    assert wrap(font, words.strip(), 160, 0) == []
    assert wrap(font, "one\ntwo", 160, 1) == ["one…"]  # a paragraph left out is marked too
