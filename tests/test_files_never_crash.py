"""Files never crash the game and nothing good is lost: each damaged file starts the real app
headless, which runs, sets the file aside with its content intact, and tells the player where."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from processes import wait_for_children, with_ctrl_c

from ai.evaluation.load import hand_evaluator
from ai.worker.transport import AIWorker
from game.rules.move import legal_moves
from ui.app.app import App
from ui.model.seats import CheckerColour
from ui.model.session import GameConfig, GameSession
from ui.scenes.game.dialogs import ResumePrompt

FRAMES = 5
BOM = b"\xef\xbb\xbf"


def good_save() -> dict[str, object]:
    """A real game a few turns in, as the game saves it."""
    s = GameSession(GameConfig("casual", 1, 0.0, 3, "you", CheckerColour.LIGHT), seed="files-test")
    s.begin()
    for _ in range(4):
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(moves[0] if moves else None)
        s.roll()
    assert any(rec.steps for rec in s.log)
    return s.to_json()


def settings(**values: object) -> dict[str, object]:
    base: dict[str, object] = {"level": "casual", "match_length": 5, "theme": "colour-blind", "sound": False}
    base.update(values)
    return base


def with_depth(value: str) -> bytes:
    data = json.dumps(good_save())
    return data.replace('"depth": 1', f'"depth": {value}').encode()


def with_log_step(step: object) -> bytes:
    data = good_save()
    log = data["log"]
    assert isinstance(log, list)
    turn = next(rec for rec in log if rec[2])
    turn[2][0] = step
    return json.dumps(data).encode()


def with_log_player(player: object) -> bytes:
    data = good_save()
    log = data["log"]
    assert isinstance(log, list)
    log[0][0] = player
    return json.dumps(data).encode()


def told(app: App, *words: str) -> bool:
    """True when one alert (a message that stays until the player dismisses it) holds all ``words``."""
    return any(all(w in alert for w in words) for alert in app.alerts)


@pytest.fixture
def run_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], App]]:
    """Start the real app as ``main.py play`` does (its own store from BACKGAMMON_HOME) and run a few
    frames; the search runs in a thread to keep the test quick."""
    apps: list[App] = []

    def start() -> App:
        app = App((1000, 680), worker_factory=lambda: AIWorker("thread", hand_evaluator))
        apps.append(app)
        for _ in range(FRAMES):
            app.frame(0.05)
        assert app.running
        return app

    yield start
    for app in apps:
        app.quit()
    pygame.display.quit()


DAMAGED_SAVES = {
    "depth-1e400": with_depth("1e400"),
    "depth-float": with_depth("1.0"),
    "nested-brackets": b"[" * 100_000 + b"]" * 100_000,
    "log-step-99-to-minus-5": with_log_step([99, -5, False]),
    "log-step-not-a-list": with_log_step("13/7"),
    "log-player-9": with_log_player(9),
    "log-player-true": with_log_player(True),
    "not-utf8": b"\xff\xfe{}",
    "huge-number": b'{"version": 1' + b"1" * 5000 + b"}",
    "empty": b"",
}


@pytest.mark.parametrize("content", DAMAGED_SAVES.values(), ids=DAMAGED_SAVES.keys())
def test_damaged_save_is_set_aside_intact_and_the_player_told(
    content: bytes, backgammon_home: Path, run_app: Callable[[], App]
) -> None:
    (backgammon_home / "settings.json").write_text(json.dumps(settings()))
    (backgammon_home / "savegame.json").write_bytes(content)
    app = run_app()
    (aside,) = backgammon_home.glob("savegame.json.corrupt-*")
    assert aside.read_bytes() == content
    assert not (backgammon_home / "savegame.json").exists()
    assert told(app, str(aside))
    assert app.settings.theme == "colour-blind"  # the good settings file is untouched


def test_save_with_a_bom_is_accepted(backgammon_home: Path, run_app: Callable[[], App]) -> None:
    (backgammon_home / "savegame.json").write_bytes(BOM + json.dumps(good_save()).encode())
    app = run_app()
    assert isinstance(app.scenes[-1], ResumePrompt)
    assert not list(backgammon_home.glob("*.corrupt-*"))


def test_settings_with_a_bom_are_accepted(backgammon_home: Path, run_app: Callable[[], App]) -> None:
    (backgammon_home / "settings.json").write_bytes(BOM + json.dumps(settings()).encode())
    app = run_app()
    assert app.settings.match_length == 5 and app.settings.theme == "colour-blind"
    assert not list(backgammon_home.glob("*.corrupt-*"))


BAD_SETTINGS = {
    "match_length-3.0": ("match_length", 3.0),
    "match_length-true": ("match_length", True),
    "match_length-1e400": ("match_length", float("inf")),
    "sound-1": ("sound", 1),
    "theme-unknown": ("theme", "neon"),
    "level-empty": ("level", ""),
}


@pytest.mark.parametrize(("name", "value"), BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_bad_setting_is_reset_the_rest_kept_and_the_file_set_aside(
    name: str, value: object, backgammon_home: Path, run_app: Callable[[], App]
) -> None:
    content = json.dumps(settings(**{name: value})).encode()
    (backgammon_home / "settings.json").write_bytes(content)
    app = run_app()
    (aside,) = backgammon_home.glob("settings.json.corrupt-*")
    assert aside.read_bytes() == content
    assert told(app, str(aside))
    others = {k: v for k, v in settings().items() if k != name}
    for k, v in others.items():
        assert getattr(app.settings, k) == v
    # the repaired settings are saved, and the next start takes them without complaint
    app.quit()
    again = run_app()
    assert again.alerts == []
    assert len(list(backgammon_home.glob("settings.json.corrupt-*"))) == 1


def test_match_length_3_0_in_settings_no_longer_makes_a_save_the_next_start_rejects(
    backgammon_home: Path, run_app: Callable[[], App]
) -> None:
    (backgammon_home / "settings.json").write_text(json.dumps(settings(match_length=3.0)))
    app = run_app()
    app.start_new_game()
    app.quit()
    data = json.loads((backgammon_home / "savegame.json").read_text())
    GameSession.from_json(data)  # the game reads back what it wrote
    again = run_app()
    assert isinstance(again.scenes[-1], ResumePrompt)


def test_unmakeable_home_plays_on_with_saving_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_app: Callable[[], App]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BACKGAMMON_HOME", str(blocker / "home"))
    app = run_app()
    assert told(app, "Saving is off", str(blocker / "home"))
    app.start_new_game()
    for _ in range(FRAMES):
        app.frame(0.05)
    assert app.game is not None and app.running
    assert blocker.read_text() == "not a folder"


def test_save_folder_that_cannot_be_written_is_said(
    backgammon_home: Path, monkeypatch: pytest.MonkeyPatch, run_app: Callable[[], App]
) -> None:
    import ui.model.storage as storage

    def refuse(path: Path, data: bytes) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(storage, "write_atomic", refuse)  # a read-only folder (tests may run as root)
    app = run_app()
    app.start_new_game()
    for _ in range(FRAMES):
        app.frame(0.05)
    assert told(app, "could not be saved", "Permission denied")  # it stays until dismissed
    assert app.game is not None and app.running


@pytest.mark.parametrize("damage", ["damaged", "missing"])
def test_bad_font_falls_back_to_the_default_font_with_a_warning(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_app: Callable[[], App]
) -> None:
    import ui.widgets.render as render
    from game.support.resources import asset_path

    fonts = tmp_path / "assets" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "DejaVuSans-Bold.ttf").write_bytes(asset_path("fonts", "DejaVuSans-Bold.ttf").read_bytes())
    if damage == "damaged":
        (fonts / "DejaVuSans.ttf").write_bytes(b"\x00\x01\x00\x00 not really a font" * 10)
    monkeypatch.setattr(render, "asset_path", lambda *parts: tmp_path.joinpath("assets", *parts))
    app = run_app()
    assert told(app, "DejaVuSans.ttf")
    app.start_new_game()
    for _ in range(FRAMES):
        app.frame(0.05)
    assert app.running


# --- the real program, as a player starts it -------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def start_game(home: Path) -> subprocess.Popen[str]:
    """``main.py`` with its files in ``home``, no window or sound, Ctrl+C ending it; stderr piped."""
    env = dict(os.environ, BACKGAMMON_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py")],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        preexec_fn=with_ctrl_c,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="ends the program with SIGINT")
@pytest.mark.parametrize("case", ["depth-1e400", "nested-brackets", "log-player-9"])
def test_main_py_starts_with_a_damaged_save_and_sets_it_aside(case: str, tmp_path: Path) -> None:
    content = DAMAGED_SAVES[case]
    (tmp_path / "savegame.json").write_bytes(content)
    proc = start_game(tmp_path)
    try:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob("savegame.json.corrupt-*")) and time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()[1]
            time.sleep(0.05)
        time.sleep(1.0)  # a few frames with the menu up
        assert proc.poll() is None, "the game stopped"
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    (aside,) = tmp_path.glob("savegame.json.corrupt-*")
    assert aside.read_bytes() == content
    assert proc.returncode == 130 and "Traceback" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="ends the program with SIGINT")
def test_main_py_plays_on_when_its_folder_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    proc = start_game(blocker / "home")
    wait_for_children(proc.pid)  # the window is up and the AI's process started (where /proc tells)
    time.sleep(1.0)  # a few frames with the menu up
    running = proc.poll() is None
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert running, err
    assert proc.returncode == 130 and "Traceback" not in err


def test_unmakeable_home_keeps_the_full_strength_ai(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ai.evaluation.load import load_evaluator

    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("BACKGAMMON_HOME", str(blocker / "home"))
    loaded = load_evaluator()
    assert loaded.warning is None  # the bear-off cache's folder is not needed when the table ships
    assert loaded.evaluator.name.startswith("neural net")
