"""Tests of ``main.py --selftest``: each check finds what it should, and every failure is one clear
line, never a traceback."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ai.evaluation.evaluator import Evaluator
from game.support.resources import asset_path
from ui.app import selftest
from ui.app.selftest import (
    Check,
    CheckResult,
    Failure,
    Missing,
    check_assets,
    main,
    play_selftest_game,
    run_check,
    summary,
)

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def _assets_copy(tmp_path: Path) -> Path:
    """A copy of the required assets only, to damage in a test."""
    root = tmp_path / "assets"
    for name in selftest.required_assets():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(asset_path(*name.split("/")), root / name)
    return root


# --- the command ------------------------------------------------------------------------


def test_selftest_command_prints_one_summary_line_and_exits_zero(tmp_path: Path) -> None:
    env = dict(os.environ, BACKGAMMON_HOME=str(tmp_path / "home"))
    env.pop("SDL_VIDEODRIVER", None)  # the selftest must pick the dummy drivers itself
    env.pop("SDL_AUDIODRIVER", None)
    proc = subprocess.run(
        [sys.executable, str(PROJECT / "main.py"), "--selftest"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(lines) == 1 and lines[0].startswith("selftest ok: "), proc.stdout
    assert "Traceback" not in proc.stderr


def test_bad_arguments_exit_2_with_usage_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--only", "no-such-check"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and "Traceback" not in err


def test_report_file_holds_the_summary(tmp_path: Path) -> None:
    report = tmp_path / "out" / "report.txt"
    assert main(["--only", "assets", "--report", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert text.startswith("selftest ok: ") and "assets" in text
    assert not list(report.parent.glob("*.tmp"))


def test_failing_run_exits_1_and_names_the_check(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> str:
        raise Failure("the board is upside down")

    monkeypatch.setattr(selftest, "check_frame", broken)
    assert main(["--only", "assets", "--only", "frame"]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == ["selftest FAILED: frame (failed); 1 of 2 checks passed"]
    assert "frame: failed: the board is upside down" in err


def test_windowed_app_without_stdout_still_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    report = tmp_path / "r.txt"
    try:
        assert main(["--only", "assets", "--report", str(report)]) == 0
        assert sys.stdout is not None and sys.stderr is not None
    finally:
        for stream in {sys.stdout, sys.stderr}:
            if stream is not None:
                stream.close()
    assert report.read_text(encoding="utf-8").startswith("selftest ok")


def test_json_output_lists_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["--only", "assets", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] is True
    assert [c["name"] for c in data["checks"]] == ["assets"]


# --- reporting --------------------------------------------------------------------------


def test_module_not_in_the_build_is_missing() -> None:
    with pytest.raises(Missing, match=r"game\.no_such_module is not in this build"):
        selftest._import("game.no_such_module")


def test_module_whose_dependency_is_absent_is_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "needs_absent_dep.py").write_text("import absent_dependency_xyz\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(Failure, match="needs absent_dependency_xyz"):
        selftest._import("needs_absent_dep")


def test_missing_part_fails_unless_allowed() -> None:
    results = [CheckResult("assets", "ok", "6 assets", 0.1), CheckResult("frame", "missing", "no UI", 0.0)]
    passed, line = summary(results, allow_missing=False, seconds=1.0)
    assert not passed and line == "selftest FAILED: frame (missing); 1 of 2 checks passed"
    passed, line = summary(results, allow_missing=True, seconds=1.0)
    assert passed and line == "selftest ok: 6 assets; not built yet: frame; 1.0 s in all"


def test_unexpected_exception_becomes_one_line_with_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    def buggy() -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(selftest, "check_frame", buggy)
    result = run_check(Check.FRAME, {})
    assert result.status == "failed"
    assert result.detail.startswith("RuntimeError: boom (at test_selftest.py:")
    assert "\n" not in result.detail


# --- assets -----------------------------------------------------------------------------


def test_every_shipped_asset_loads() -> None:
    detail = check_assets()
    assert detail.startswith(f"{sum(1 for p in asset_path().rglob('*') if p.is_file())} assets")


def test_missing_assets_folder_fails_clearly(tmp_path: Path) -> None:
    with pytest.raises(Failure, match=r"no assets folder at .*build left it out"):
        check_assets(tmp_path / "nowhere")


def test_missing_required_icon_fails(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    (root / "icon" / "icon.ico").unlink()
    with pytest.raises(Failure, match=r"missing from .*icon/icon\.ico"):
        check_assets(root)


def test_damaged_image_fails_naming_the_file(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    (root / "board.png").write_bytes(b"\x89PNG\r\n\x1a\n but then nothing")
    with pytest.raises(Failure, match=r"damaged: board\.png"):
        check_assets(root)


def test_damaged_font_fails_naming_the_file(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    (root / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00 not really a font")
    with pytest.raises(Failure, match=r"fonts/Broken\.ttf"):
        check_assets(root)


def test_damaged_sound_fails_naming_the_file(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    (root / "click.wav").write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunk")
    with pytest.raises(Failure, match=r"click\.wav"):
        check_assets(root)


def test_truncated_weights_archive_fails(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    np.savez(root / "w.npz", a=np.arange(1000))
    data = (root / "w.npz").read_bytes()
    (root / "w.npz").write_bytes(data[: len(data) // 2])
    with pytest.raises(Failure, match=r"w\.npz"):
        check_assets(root)


def test_file_that_does_not_match_its_sha256_fails(tmp_path: Path) -> None:
    import hashlib

    root = _assets_copy(tmp_path)
    (root / "data.bin").write_bytes(b"the real data")
    digest = hashlib.sha256(b"the real data").hexdigest()
    (root / "data.bin.sha256").write_text(f"{digest}  data.bin\n", encoding="utf-8")
    assert "3 checksum" in check_assets(root)  # with the weights' and the bear-off table's
    (root / "data.bin").write_bytes(b"the real dat4")
    with pytest.raises(Failure, match=r"data\.bin\.sha256 .*does not match its checksum"):
        check_assets(root)


def test_checksum_for_an_absent_file_fails(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    (root / "gone.npz.sha256").write_text("0" * 64 + "  gone.npz\n", encoding="utf-8")
    with pytest.raises(Failure, match=r"names gone\.npz, which is not there"):
        check_assets(root)


def test_damaged_icon_fails(tmp_path: Path) -> None:
    root = _assets_copy(tmp_path)
    (root / "icon" / "icon.icns").write_bytes(b"icns\x00\x00\x00\x09!")
    with pytest.raises(Failure, match=r"icon/icon\.icns"):
        check_assets(root)


# --- weights ----------------------------------------------------------------------------


class _Loaded:
    def __init__(self, evaluator: Any, warning: str | None) -> None:
        self.evaluator = evaluator
        self.warning = warning


class _Fixed(Evaluator):
    name = "fixed"

    def __init__(self, probs: Any) -> None:
        self.probs = np.asarray(probs, dtype=np.float64)

    def evaluate_boards(self, b: Any) -> Any:
        return self.probs


def test_absent_weights_file_is_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import ai.evaluation.load

    monkeypatch.setattr(ai.evaluation.load, "weights_path", lambda: tmp_path / "net.npz")
    with pytest.raises(Missing, match=r"no weights file at .*net\.npz"):
        selftest.check_weights({})


def test_damaged_weights_file_is_a_failure(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import ai.evaluation.load

    damaged = tmp_path / "net.npz"
    damaged.write_bytes(b"PK\x03\x04 nothing more")
    real_load = ai.evaluation.load.load_evaluator
    monkeypatch.setattr(ai.evaluation.load, "weights_path", lambda: damaged)
    monkeypatch.setattr(ai.evaluation.load, "load_evaluator", lambda: real_load(damaged))
    with pytest.raises(
        Failure,
        match=r"ai\.evaluation\.load: The computer is playing with its simpler hand-made .*weights could not",
    ):
        selftest.check_weights({})


@pytest.fixture
def weights_present(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """ai.evaluation.load's weights file exists (its loading is faked by each test)."""
    import ai.evaluation.load

    (tmp_path / "net.npz").write_bytes(b"present")
    monkeypatch.setattr(ai.evaluation.load, "weights_path", lambda: tmp_path / "net.npz")


@pytest.mark.usefixtures("weights_present")
def test_weights_warning_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.evaluation.load

    monkeypatch.setattr(
        ai.evaluation.load,
        "load_evaluator",
        lambda: _Loaded(_Fixed([[0.5] * 5]), "weights file not found: net.npz"),
    )
    with pytest.raises(Failure, match=r"ai\.evaluation\.load: weights file not found"):
        selftest.check_weights({})


@pytest.mark.usefixtures("weights_present")
def test_weights_with_impossible_probabilities_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.evaluation.load

    monkeypatch.setattr(
        ai.evaluation.load, "load_evaluator", lambda: _Loaded(_Fixed([[1.5, 0, 0, 0, float("nan")]]), None)
    )
    with pytest.raises(Failure, match="impossible probabilities"):
        selftest.check_weights({})


@pytest.mark.usefixtures("weights_present")
def test_weights_with_the_wrong_shape_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.evaluation.load

    monkeypatch.setattr(
        ai.evaluation.load, "load_evaluator", lambda: _Loaded(_Fixed([[0.5, 0.1, 0.0, 0.1]]), None)
    )
    with pytest.raises(Failure, match=r"shape \(1, 4\)"):
        selftest.check_weights({})


@pytest.mark.usefixtures("weights_present")
def test_sound_weights_pass_and_are_kept_for_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.evaluation.load

    good = _Fixed([[0.5, 0.1, 0.0, 0.1, 0.0]])
    monkeypatch.setattr(ai.evaluation.load, "load_evaluator", lambda: _Loaded(good, None))
    context: dict[str, Any] = {}
    assert selftest.check_weights(context) == "weights ok (fixed)"
    assert context["evaluator"] is good


# --- frame ------------------------------------------------------------------------------


def _fake_ui(monkeypatch: pytest.MonkeyPatch, render: Any) -> None:
    real = selftest._attr

    def attr(module: str, name: str) -> Any:
        if (module, name) == ("ui.app.offscreen", "render_snapshot"):
            return render
        return real(module, name)

    monkeypatch.setattr(selftest, "_attr", attr)


def test_blank_frame_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    _fake_ui(monkeypatch, lambda size: pygame.Surface(size))
    with pytest.raises(Failure, match="blank"):
        selftest.check_frame()


def test_frame_of_the_wrong_size_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    _fake_ui(monkeypatch, lambda size: pygame.Surface((640, 480)))
    with pytest.raises(Failure, match=r"\(640, 480\), not \(1280, 800\)"):
        selftest.check_frame()


def test_frame_with_a_picture_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def picture(size: tuple[int, int]) -> Any:
        surf = pygame.Surface(size)
        for i in range(16):
            surf.fill((i * 16, 255 - i * 16, 100), pygame.Rect(i * 80, 0, 80, size[1]))
        return surf

    _fake_ui(monkeypatch, picture)
    assert selftest.check_frame().startswith("frame 1280x800 (16 colours)")


def test_first_frame_starts_the_real_app_and_counts_from_process_start() -> None:
    import pygame

    seconds, how = selftest.first_frame()
    assert seconds > 0  # counted from the process's start: pytest's, here (a time, not a budget)
    if sys.platform.startswith("linux"):
        assert how == "since the process started"
    pygame.display.quit()


def test_first_frame_without_an_app_class_draws_the_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import pygame

    drawn: list[tuple[int, int]] = []

    def render(size: tuple[int, int]) -> Any:
        drawn.append(size)
        return pygame.Surface(size)

    monkeypatch.setattr(selftest, "_import", lambda module: types.SimpleNamespace())
    _fake_ui(monkeypatch, render)
    seconds, _ = selftest.first_frame()
    assert drawn == [selftest.FRAME_SIZE] and seconds > 0
    pygame.display.quit()


# --- the AI game and the worker ---------------------------------------------------------


def test_selftest_game_plays_to_the_end_with_the_hand_evaluator() -> None:
    from ai.evaluation.hand import HandEvaluator
    from ai.search import analyse

    turns, outcome = play_selftest_game(analyse, HandEvaluator())
    assert turns > 20
    assert outcome.winner in (0, 1)


def test_selftest_game_rejects_an_analysis_that_misses_moves() -> None:
    from ai.evaluation.hand import HandEvaluator
    from ai.search import analyse

    def lossy(code: int, dice: tuple[int, int], depth: int, evaluator: Any) -> Any:
        return analyse(code, dice, depth, evaluator)[:1]

    with pytest.raises(Failure, match="the rules allow"):
        play_selftest_game(lossy, HandEvaluator())


def test_selftest_game_that_never_ends_fails() -> None:
    from ai.evaluation.hand import HandEvaluator
    from ai.search import analyse

    with pytest.raises(Failure, match="had not ended after 5 turns"):
        play_selftest_game(analyse, HandEvaluator(), max_turns=5)


def test_worker_check_gets_a_legal_answer_from_the_worker_process() -> None:
    assert selftest.check_worker().startswith("worker answered in ")


def test_ensure_streams_leaves_real_streams_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    selftest.ensure_streams()
    assert sys.stdout is out and sys.stderr is err


# --- required files and fonts --------------------------------------------------------------


def _bundle_copy(tmp_path: Path) -> Path:
    """A copy of the bundle's required files and notices, to damage in a test."""
    from game.support.notices import REQUIRED_NOTICES
    from game.support.resources import REQUIRED_FILES, bundle_root

    for name in {*REQUIRED_FILES, *REQUIRED_NOTICES}:
        target = tmp_path.joinpath(*name.split("/"))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(bundle_root().joinpath(*name.split("/")), target)
    return tmp_path


def test_every_required_file_is_in_the_source_tree() -> None:
    from game.support.resources import missing_files

    assert missing_files() == []
    assert "required files" in selftest.check_bundle()


@pytest.mark.parametrize("name", ["assets/fonts/DejaVuSans.ttf", "assets/fonts/DejaVuSans-Bold.ttf"])
def test_missing_font_fails_the_bundle_check(tmp_path: Path, name: str) -> None:
    root = _bundle_copy(tmp_path)
    root.joinpath(*name.split("/")).unlink()
    with pytest.raises(Failure, match=re.escape(name)):
        selftest.check_bundle(root)


def test_empty_required_file_fails_the_bundle_check(tmp_path: Path) -> None:
    root = _bundle_copy(tmp_path)
    (root / "assets" / "icon" / "icon.png").write_bytes(b"")
    with pytest.raises(Failure, match=r"icon\.png"):
        selftest.check_bundle(root)


@pytest.mark.parametrize("name", ["LICENSE", "THIRD_PARTY_NOTICES.md", "licenses/LGPL-2.1.txt"])
def test_missing_licence_notice_fails_the_bundle_check(tmp_path: Path, name: str) -> None:
    root = _bundle_copy(tmp_path)
    assert "required files and notices" in selftest.check_bundle(root)
    root.joinpath(*name.split("/")).unlink()
    with pytest.raises(Failure, match=re.escape(name)):
        selftest.check_bundle(root)


def test_required_file_list_takes_more_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.support.resources as resources

    root = _bundle_copy(tmp_path)
    monkeypatch.setattr(resources, "REQUIRED_FILES", (*resources.REQUIRED_FILES, "extra/file.txt"))
    with pytest.raises(Failure, match=r"extra/file\.txt"):
        selftest.check_bundle(root)
    (root / "extra").mkdir()
    (root / "extra" / "file.txt").write_text("here")
    assert selftest.check_bundle(root)


@pytest.mark.parametrize("damage", ["missing", "damaged"])
def test_selftest_fails_when_a_font_is_missing_or_damaged(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import game.support.resources as resources

    root = _bundle_copy(tmp_path)
    font = root / "assets" / "fonts" / "DejaVuSans.ttf"
    if damage == "missing":
        font.unlink()
    else:
        font.write_bytes(b"\x00\x01\x00\x00 not really a font" * 10)
    monkeypatch.setattr(resources, "bundle_root", lambda: root)
    code = selftest.main(["--only", "bundle", "--only", "assets", "--only", "frame"])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.startswith("selftest FAILED")
    assert "DejaVuSans.ttf" in err
    assert "frame (failed)" in out  # the frame drew, but with the stand-in font: that fails too
