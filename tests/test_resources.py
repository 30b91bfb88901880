"""Tests of game.support.resources: bundled assets found from source and from a PyInstaller bundle,
user data always outside the bundle."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from game.support import resources
from game.support.resources import APP_NAME, asset_path, bundle_root, user_data_dir

PROJECT = Path(__file__).resolve().parent.parent


def test_asset_path_from_source_is_the_project_assets_folder() -> None:
    assert asset_path() == PROJECT / "assets"
    assert asset_path("icon", "icon.png") == PROJECT / "assets" / "icon" / "icon.png"
    assert asset_path("icon", "icon.png").is_file()


def test_asset_path_is_absolute_whatever_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = asset_path("fonts")
    assert path.is_absolute()
    assert path == PROJECT / "assets" / "fonts"


def test_asset_path_when_frozen_is_inside_the_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert bundle_root() == tmp_path / "bundle"
    assert asset_path("weights", "net.npz") == tmp_path / "bundle" / "assets" / "weights" / "net.npz"


def test_user_data_dir_honours_backgammon_home_and_creates_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "deep" / "home"
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    assert user_data_dir() == home
    assert home.is_dir()


def test_user_data_dir_defaults_to_the_per_user_folder_from_platformdirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    asked: list[tuple[str, object]] = []

    def fake_user_data_path(appname: str, appauthor: object = None) -> Path:
        asked.append((appname, appauthor))
        return tmp_path / "per-user" / appname

    monkeypatch.delenv("BACKGAMMON_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path", fake_user_data_path)
    path = user_data_dir()
    assert asked == [(APP_NAME, False)]
    assert path == tmp_path / "per-user" / APP_NAME and path.is_dir()


def test_user_data_dir_is_never_inside_the_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    bundle = tmp_path / "bundle"
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.delenv("BACKGAMMON_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path", lambda name, appauthor=None: tmp_path / "user" / name)
    path = user_data_dir()
    assert not path.is_relative_to(bundle)
    assert not bundle.exists()  # nothing was created in the bundle either


def _literal_asset_paths(source: Path) -> list[tuple[str, ...]]:
    """Every ``asset_path("a", "b")`` call in a file whose arguments are all string literals."""
    found = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name != "asset_path" or not node.args:
            continue
        if all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args):
            found.append(tuple(a.value for a in node.args))  # type: ignore[attr-defined]
    return found


def test_every_asset_the_code_names_is_in_assets() -> None:
    named = [
        (path, parts)
        for folder in ("game", "ai", "ui")
        for path in sorted((PROJECT / folder).rglob("*.py"))
        for parts in _literal_asset_paths(path)
    ]
    absent = [
        f"{p.relative_to(PROJECT)}: {'/'.join(parts)}"
        for p, parts in named
        if not asset_path(*parts).exists()
    ]
    assert not absent, "assets named in the code but not shipped: " + ", ".join(absent)


def test_resources_never_uses_the_current_folder() -> None:
    text = Path(resources.__file__).read_text(encoding="utf-8")
    assert "os.getcwd" not in text and "Path.cwd" not in text and 'Path(".")' not in text
