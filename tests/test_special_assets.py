"""A FIFO, a link to ``/dev/zero`` or a huge file in place of one of the game's fonts, images or
arrays (a damaged install, a hostile bundle) is refused at once with a message naming it, never
waited on or read without end: assets are read as bytes through
:func:`game.support.resources.read_asset` (regular files only, size-limited) and pygame is handed
the bytes. Each case is answered in under 5 s.

The assets folder is copied to a temporary folder and the game pointed at it the way a built game
finds its bundle (``sys._MEIPASS``, :func:`game.support.resources.bundle_root`)."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.support.resources import MAX_ASSET_BYTES, asset_path, bundle_root
from tests.test_special_files import within
from ui.app.asset_check import load_asset
from ui.app.selftest import Failure, check_assets
from ui.app.window import open_window
from ui.widgets.render import Fonts

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("fifo", "zero", "huge")
REASONS = {
    "fifo": "not a regular file",
    "zero": "not a regular file",
    "huge": f"larger than {MAX_ASSET_BYTES}",
}
"""What the message says for each kind of file."""


def put(kind: str, path: Path) -> None:
    """Put a FIFO, a link to /dev/zero, or a sparse file past the asset limit at ``path``."""
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        os.symlink("/dev/zero", path)
    else:
        with path.open("wb") as fh:
            fh.truncate(MAX_ASSET_BYTES + 1)


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str], Path]:
    """A copy of the assets folder the game reads from; ``spoil(kind, "fonts/X.ttf")`` puts a
    hostile file in place of that asset and returns its path."""
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert bundle_root() == tmp_path

    def spoil(kind: str, name: str) -> Path:
        path = asset_path(*name.split("/"))
        put(kind, path)
        return path

    return spoil


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_or_huge_file_in_place_of_a_font_is_a_warning_at_once(
    kind: str, bundle: Callable[[str, str], Path]
) -> None:
    bundle(kind, "fonts/DejaVuSans.ttf")
    fonts = within(Fonts)
    assert fonts.warning is not None
    assert "DejaVuSans.ttf" in fonts.warning and REASONS[kind] in fonts.warning
    assert fonts.render("Backgammon", 16, (0, 0, 0)).get_width() > 0  # the plain font stands in
    assert fonts.get(20, bold=True).size("Bold")[0] > 0  # the bold font, unspoiled, still loads


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_or_huge_file_in_place_of_the_icon_still_opens_the_window_at_once(
    kind: str, bundle: Callable[[str, str], Path]
) -> None:
    bundle(kind, "icon/icon.png")
    try:
        screen = within(lambda: open_window((700, 500)))
        assert screen.get_size()[0] >= 640
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", ["fonts/DejaVuSansMono.ttf", "icon/icon.png", "weights/net.npz"])
def test_the_asset_check_refuses_a_special_or_huge_asset_at_once_saying_why(
    kind: str, name: str, bundle: Callable[[str, str], Path]
) -> None:
    path = bundle(kind, name)
    with pytest.raises(OSError) as caught:
        within(lambda: load_asset(path))
    assert REASONS[kind] in str(caught.value.strerror)
    with pytest.raises(Failure) as failed:
        within(lambda: check_assets(asset_path()))
    assert name in str(failed.value)  # "missing from" a FIFO or device, "damaged" a huge one
