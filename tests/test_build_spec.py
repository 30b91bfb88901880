"""Tests of build.spec, run with stand-ins for PyInstaller's classes (the real build is in .ci/run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import game

PROJECT = Path(__file__).resolve().parent.parent
SPEC = PROJECT / "build.spec"


class _Recorder:
    """Stands in for one PyInstaller build class, recording how the spec called it."""

    def __init__(self, kind: str, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> None:
        self.kind = kind
        self.calls = calls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((self.kind, args, kwargs))
        result = type(self.kind, (), {})()
        if self.kind == "Analysis":
            result.pure, result.scripts = [], []
            result.binaries = [("libpython3.11.so.1.0", "/nonexistent/libpython3.11.so.1.0", "BINARY")]
            result.datas = [
                ("assets/icon/icon.png", str(PROJECT / "assets/icon/icon.png"), "DATA"),
                ("assets/__pycache__/x.pyc", "/x/__pycache__/x.pyc", "DATA"),
                ("assets/half.tmp", "/x/half.tmp", "DATA"),
            ]
        return result


def run_spec(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    platform: str = "linux",
    onefile: bool = False,
) -> tuple[dict[str, Any], list[tuple[str, tuple[Any, ...], dict[str, Any]]]]:
    """Execute build.spec as PyInstaller would, on ``platform``; (its namespace, the calls)."""
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("BACKGAMMON_ONEFILE", "1" if onefile else "0")
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    namespace: dict[str, Any] = {
        "__file__": str(SPEC),
        "SPEC": str(SPEC),
        "SPECPATH": str(PROJECT),
        "DISTPATH": str(tmp_path / "dist"),
        "workpath": str(tmp_path / "work"),
    }
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = _Recorder(kind, calls)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return namespace, calls


def _call(calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]], kind: str) -> dict[str, Any]:
    found = [kwargs for k, _, kwargs in calls if k == kind]
    assert len(found) == 1, f"{kind} called {len(found)} times"
    return found[0]


def test_spec_builds_one_windowed_folder_without_upx(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, calls = run_spec(monkeypatch, tmp_path)
    exe = _call(calls, "EXE")
    assert exe["name"] == "Backgammon"
    assert exe["console"] is False and exe["upx"] is False
    assert exe["exclude_binaries"] is True
    assert _call(calls, "COLLECT")["upx"] is False
    assert not [k for k, _, _ in calls if k == "BUNDLE"]


def test_spec_onefile_switch_makes_one_executable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, calls = run_spec(monkeypatch, tmp_path, onefile=True)
    exe_args = next(args for k, args, _ in calls if k == "EXE")
    assert len(exe_args) >= 4  # pyz, scripts, binaries, datas all inside the executable
    assert not [k for k, _, _ in calls if k == "COLLECT"]


def test_spec_bundles_all_assets_and_excludes_needless_modules(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _, calls = run_spec(monkeypatch, tmp_path)
    analysis = _call(calls, "Analysis")
    assert (str(PROJECT / "assets"), "assets") in analysis["datas"]
    for name in ("tkinter", "gnubg", "pytest", "numpy.f2py", "pygame.examples", "pygame.tests"):
        assert name in analysis["excludes"]
    assert {"game", "game.rules.movegen", "ui", "ui.app.app", "ai", "ai.worker.transport"} <= set(
        analysis["hiddenimports"]
    )
    assert not [m for m in analysis["hiddenimports"] if m.startswith(("ai.training", "bench", "tests"))]


def test_spec_bundles_every_catalogue_compiled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, calls = run_spec(monkeypatch, tmp_path)
    datas = _call(calls, "Analysis")["datas"]
    shipped = {Path(dest).parent.name: Path(src) for src, dest in datas if src.endswith(".mo")}
    written = {p.parent.parent.name for p in (PROJECT / "ui" / "text" / "locale").glob("*/LC_MESSAGES/*.po")}
    assert set(shipped) == written and written
    assert all(src.is_relative_to(tmp_path / "work") and src.stat().st_size > 0 for src in shipped.values())


def test_spec_bundles_only_the_locale_data_of_the_languages_spoken(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    namespace, _ = run_spec(monkeypatch, tmp_path)
    keep = namespace["_needed"]
    assert keep(("babel/locale-data/de.dat", "/x/de.dat", "DATA")) == ("de" in namespace["SPOKEN"])
    assert keep(("babel/locale-data/root.dat", "/x/root.dat", "DATA"))
    assert keep(("babel/locale-data/en.dat", "/x/en.dat", "DATA"))
    assert not keep(("babel/locale-data/zu_ZA.dat", "/x/zu_ZA.dat", "DATA"))
    assert keep(("babel/global.dat", "/x/global.dat", "DATA"))
    assert "babel" not in _call(run_spec(monkeypatch, tmp_path)[1], "Analysis")["excludes"]


def test_spec_drops_caches_and_temp_files_from_the_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    namespace, _ = run_spec(monkeypatch, tmp_path)
    assert [d[0] for d in namespace["a"].datas] == ["assets/icon/icon.png"]


def test_spec_uses_only_paths_inside_the_project(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, calls = run_spec(monkeypatch, tmp_path)
    _, mac_calls = run_spec(monkeypatch, tmp_path, platform="darwin")
    paths = [_call(mac_calls, "EXE")["icon"], *_call(calls, "Analysis")["pathex"]]
    paths += [src for src, _ in _call(calls, "Analysis")["datas"]]
    paths += list(next(args for k, args, _ in calls if k == "Analysis")[0])
    for path in paths:  # the project's files, or what the spec made in the build's work folder
        assert Path(path).is_relative_to(PROJECT) or Path(path).is_relative_to(tmp_path / "work"), path
        assert Path(path).exists(), path
    text = SPEC.read_text(encoding="utf-8")
    assert "/work/" not in text and "/home/" not in text and ":\\\\" not in text


@pytest.mark.parametrize(("platform", "icon"), [("win32", "icon.ico"), ("darwin", "icon.icns")])
def test_spec_icon_for_each_system(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str, icon: str
) -> None:
    _, calls = run_spec(monkeypatch, tmp_path, platform=platform)
    assert Path(_call(calls, "EXE")["icon"]) == PROJECT / "assets" / "icon" / icon
    assert Path(_call(calls, "EXE")["icon"]).is_file()


def test_spec_gives_linux_executables_no_icon(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, calls = run_spec(monkeypatch, tmp_path, platform="linux")
    assert _call(calls, "EXE")["icon"] is None


def test_spec_makes_a_mac_app_with_the_game_version(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _, calls = run_spec(monkeypatch, tmp_path, platform="darwin")
    bundle = _call(calls, "BUNDLE")
    assert bundle["name"] == "Backgammon.app"
    assert bundle["version"] == game.__version__
    assert bundle["info_plist"]["CFBundleShortVersionString"] == game.__version__
    assert bundle["icon"].endswith("icon.icns")


def test_spec_leaves_wheel_libraries_unstripped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    namespace, _ = run_spec(monkeypatch, tmp_path)
    strip = namespace["_without_debug_symbols"]
    wheel_lib = ("numpy.libs/libopenblas.so", os.path.join(tmp_path, "site", "libopenblas.so"), "BINARY")
    assert strip([wheel_lib]) == [wheel_lib]


OPTIONAL = {"_hashlib"}
"""Modules the app imports that may be missing: hashlib falls back to its built-in digests."""


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_nothing_the_app_imports_is_excluded_from_the_build(
    platform: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The modules the app loads to start, draw and speak every language (in a fresh process),
    none of them dropped by the spec (xml was, and plistlib, for macOS's languages, needs it)."""
    _, calls = run_spec(monkeypatch, tmp_path, platform)
    excludes = _call(calls, "Analysis")["excludes"]
    code = (
        "import sys, ui.app.app, ui.app.offscreen, ui.text.languages, ui.text.formats, ai.engine;"
        "print(' '.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    dropped = sorted(
        m for m in loaded if m not in OPTIONAL and any(m == x or m.startswith(x + ".") for x in excludes)
    )
    assert not dropped, f"the app imports what the build leaves out: {dropped}"
