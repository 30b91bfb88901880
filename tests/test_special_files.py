"""No file can hurt: a device (``/dev/zero``, ``/dev/urandom``), a link to one, a FIFO or a folder
where a file is expected is refused with a clear message, never read for ever or waited on."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from helpers import HANG_S

from game.records.errors import MatFileError
from game.records.formats import load_match
from game.support.files import FileTooLargeError, NotRegularFileError, read_regular
from ui.model.player_stats import STATS_FILE, load_stats
from ui.model.records import record_files, saved_match
from ui.model.storage import SAVE_FILE, SETTINGS_FILE, Store
from ui.text.model import notice

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")

LIMIT_S = HANG_S
ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def within(fn: Callable[[], T], seconds: float = LIMIT_S) -> T:
    """``fn()``'s result (or exception), failing the test if it takes longer than ``seconds``."""
    box: dict[str, object] = {}

    def go() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the test's thread
            box["error"] = exc

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"no answer in {seconds} s (a hang, or reading without end)"
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]


def make(kind: str, path: Path) -> None:
    """Put a hostile thing named ``kind`` at ``path``."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        os.symlink(f"/dev/{kind}", path)


KINDS = ("fifo", "zero", "urandom", "folder")


@pytest.mark.parametrize("kind", KINDS)
def test_read_regular_refuses_special_files(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "thing"
    make(kind, path)
    with pytest.raises(NotRegularFileError) as err:
        within(lambda: read_regular(path, 1000))
    assert err.value.strerror and ("regular file" in err.value.strerror or "folder" in err.value.strerror)


def test_read_regular_devices_themselves(tmp_path: Path) -> None:
    for name in ("/dev/zero", "/dev/urandom"):
        if os.path.exists(name):
            with pytest.raises(NotRegularFileError):
                within(lambda name=name: read_regular(Path(name), 1000))  # type: ignore[misc]


def test_read_regular_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 11)
    assert read_regular(path, 11) == b"x" * 11
    with pytest.raises(FileTooLargeError):
        read_regular(path, 10)
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none", 10)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", [SETTINGS_FILE, SAVE_FILE, STATS_FILE])
def test_special_user_files_are_set_aside(tmp_path: Path, kind: str, name: str) -> None:
    make(kind, tmp_path / name)
    store = Store(tmp_path)
    if name == SETTINGS_FILE:
        _, told = within(store.load_settings)
    elif name == SAVE_FILE:
        data, told = within(store.load_game_data)
        assert data is None
    else:
        _, told = within(lambda: load_stats(tmp_path))
    assert told is not None and "moved aside" in notice(told), told
    assert not os.path.lexists(tmp_path / name)  # out of the way: the next save writes a real file


@pytest.mark.parametrize("kind", KINDS)
def test_special_files_in_matches_folder(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "matches"
    folder.mkdir()
    (folder / "20260101-120000-3pt.mat").write_text("3 point match\n\n Game 1\n You : 0    Computer : 0\n")
    hostile = folder / "20260101-130000-5pt.mat"
    make(kind, hostile)
    files = within(lambda: record_files(folder))
    assert [p.name for p in files] == ["20260101-120000-3pt.mat"]
    assert not within(lambda: saved_match(hostile)).is_readable()


@pytest.mark.parametrize("kind", KINDS)
def test_special_file_as_a_record_to_open(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "match.mat"
    make(kind, path)
    with pytest.raises(MatFileError, match="cannot read it"):
        within(lambda: load_match(path))


@pytest.mark.parametrize("kind", KINDS)
def test_special_file_dropped_or_typed_in_open_match(tmp_path: Path, kind: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ui.scenes.review.open_match import read_record

    path = tmp_path / "match.sgf"
    make(kind, path)
    with pytest.raises(OSError, match=r"regular file|folder"):
        within(lambda: read_record(path))


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_analyze_refuses_special_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "match.mat"
    make(kind, path)
    proc = subprocess.run(
        [sys.executable, "main.py", "analyze", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "not a regular file" in proc.stderr or "folder" in proc.stderr
    assert "Traceback" not in proc.stderr
