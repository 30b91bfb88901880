"""Tests of game.support.notices: the licence and notice files exist, are listed, and are bundled."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.support.notices import REQUIRED_NOTICES, missing_notices

PROJECT = Path(__file__).resolve().parent.parent
NOTICES = PROJECT / "THIRD_PARTY_NOTICES.md"


def _copy_notices(to: Path) -> None:
    for name in REQUIRED_NOTICES:
        target = to / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PROJECT / name, target)


def test_every_notice_is_in_the_source_tree() -> None:
    assert missing_notices() == []
    assert missing_notices(PROJECT) == []


def test_required_notices_are_exactly_the_licences_folder_and_the_top_files() -> None:
    on_disk = {path.relative_to(PROJECT).as_posix() for path in (PROJECT / "licenses").rglob("*")}
    on_disk = {name for name in on_disk if (PROJECT / name).is_file()}
    top = {
        "LICENSE",
        "THIRD_PARTY_NOTICES.md",
        "assets/fonts/LICENSE-DejaVu.txt",
        "assets/fonts/LICENSE-NotoSansCJK.txt",
    }
    assert set(REQUIRED_NOTICES) == on_disk | top
    assert len(REQUIRED_NOTICES) == len(set(REQUIRED_NOTICES))


def test_a_removed_notice_is_reported_by_name(tmp_path: Path) -> None:
    _copy_notices(tmp_path)
    assert missing_notices(tmp_path) == []
    (tmp_path / "licenses" / "LGPL-2.1.txt").unlink()
    (tmp_path / "LICENSE").unlink()
    assert missing_notices(tmp_path) == ["LICENSE", "licenses/LGPL-2.1.txt"]


def test_an_empty_notice_counts_as_missing(tmp_path: Path) -> None:
    _copy_notices(tmp_path)
    (tmp_path / "THIRD_PARTY_NOTICES.md").write_bytes(b"")
    assert missing_notices(tmp_path) == ["THIRD_PARTY_NOTICES.md"]


def test_a_folder_in_place_of_a_notice_counts_as_missing(tmp_path: Path) -> None:
    _copy_notices(tmp_path)
    (tmp_path / "licenses" / "Python.txt").unlink()
    (tmp_path / "licenses" / "Python.txt").mkdir()
    assert missing_notices(tmp_path) == ["licenses/Python.txt"]


def test_an_empty_bundle_misses_every_notice(tmp_path: Path) -> None:
    assert missing_notices(tmp_path) == list(REQUIRED_NOTICES)


def test_the_bundle_root_is_where_notices_are_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert missing_notices() == list(REQUIRED_NOTICES)
    _copy_notices(tmp_path)
    assert missing_notices() == []


def test_every_path_the_notices_file_names_exists() -> None:
    named = set(re.findall(r"`((?:licenses|assets)/[^`]+)`", NOTICES.read_text(encoding="utf-8")))
    assert "licenses/LGPL-2.1.txt" in named
    for name in named:
        assert (PROJECT / name).exists(), name


def test_every_licence_file_is_named_in_the_notices_file() -> None:
    text = NOTICES.read_text(encoding="utf-8")
    for name in REQUIRED_NOTICES:
        if name.startswith("licenses/numpy/numpy/"):
            assert "`licenses/numpy/numpy/`" in text
        elif name.startswith("licenses/"):
            assert f"`{name}`" in text or f"`{name.rsplit('/', 1)[1]}`" in text, name


def test_the_pinned_build_versions_are_the_ones_the_notices_list() -> None:
    pins = dict(
        re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", (PROJECT / "requirements-build.txt").read_text(), re.M)
    )
    assert set(pins) == {
        "pygame-ce",
        "numpy",
        "platformdirs",
        "fsrs",
        "typing-extensions",
        "Babel",
        "pyinstaller",
    }
    table = NOTICES.read_text(encoding="utf-8")
    rows = {
        name: name for name in ("pygame-ce", "numpy", "platformdirs", "fsrs", "typing-extensions", "Babel")
    }
    for package, label in rows.items():
        assert re.search(rf"^\| {re.escape(label)} \| {re.escape(pins[package])} \|", table, re.M), package
    assert re.search(rf"^\| PyInstaller bootloader \| {re.escape(pins['pyinstaller'])} \|", table, re.M)


def test_pygame_ce_source_location_is_stated() -> None:
    text = NOTICES.read_text(encoding="utf-8")
    assert "pygame-community/pygame-ce" in text
    assert "pygame_ce-2.5.8.tar.gz" in text


def test_build_spec_bundles_the_notices(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tests.test_build_spec import run_spec

    _, calls = run_spec(monkeypatch, tmp_path)
    (datas,) = [kwargs["datas"] for kind, _, kwargs in calls if kind == "Analysis"]
    bundled = {
        (Path(src).relative_to(PROJECT).as_posix(), dest) for src, dest in datas if not src.endswith(".mo")
    }
    assert ("LICENSE", ".") in bundled
    assert ("THIRD_PARTY_NOTICES.md", ".") in bundled
    assert ("licenses", "licenses") in bundled
    assert ("assets", "assets") in bundled
