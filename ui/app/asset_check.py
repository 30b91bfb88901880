"""Loading one asset file as what its name says it is (font, image, sound, icon, array, checksum...).

Each file is read as bytes first (:func:`game.support.resources.read_asset`: a regular file only,
size-limited) and pygame or numpy is handed the bytes, so a device or FIFO in an asset's place is
a finding at once, never a hang."""

from __future__ import annotations

import io
import json
from enum import Enum
from pathlib import Path
from typing import assert_never

from game.support.files import read_regular
from game.support.resources import MAX_ASSET_BYTES, read_asset

_FONTS = (".ttf", ".otf")
_IMAGES = (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp", ".tga")
_SOUNDS = (".wav", ".ogg", ".mp3", ".flac", ".opus")
_TEXT = (".txt", ".md", ".csv")


class AssetKind(Enum):
    """What an asset file is, by its name; the value is the word the selftest counts it under."""

    FONT = "font"
    IMAGE = "image"
    SOUND = "sound"
    ICON = "icon"
    CHECKSUM = "checksum"
    ARRAY = "array"
    JSON = "json"
    TEXT = "text"
    OTHER = "other"


def _asset_kind(path: Path) -> AssetKind:
    suffix = path.suffix.lower()
    if suffix in _FONTS:
        return AssetKind.FONT
    if suffix in _IMAGES:
        return AssetKind.IMAGE
    if suffix in _SOUNDS:
        return AssetKind.SOUND
    if suffix in (".ico", ".icns"):
        return AssetKind.ICON
    if suffix == ".sha256":
        return AssetKind.CHECKSUM
    if suffix in (".npz", ".npy"):
        return AssetKind.ARRAY
    if suffix == ".json":
        return AssetKind.JSON
    if suffix in _TEXT or path.name.upper().startswith(("LICENSE", "LICENCE", "README", "COPYING")):
        return AssetKind.TEXT
    return AssetKind.OTHER


def _load_font(path: Path) -> None:
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    text = pygame.font.Font(io.BytesIO(read_asset(path)), 24).render("Backgammon 0123456789", True, (0, 0, 0))
    if text.get_width() <= 0:
        raise ValueError("renders nothing")


def _load_image(path: Path) -> None:
    import pygame

    image = pygame.image.load(io.BytesIO(read_asset(path)), path.name)
    if image.get_width() <= 0 or image.get_height() <= 0:
        raise ValueError("is empty")


def _load_sound(path: Path) -> None:
    import pygame

    if not pygame.mixer.get_init():
        pygame.mixer.init()
    if pygame.mixer.Sound(file=io.BytesIO(read_asset(path))).get_length() <= 0:
        raise ValueError("is silent (length 0)")


def _load_icon(path: Path) -> None:
    from ui.widgets.icon import read_icns, read_ico

    data = read_regular(path, MAX_ASSET_BYTES)
    if not (read_ico(data) if path.suffix.lower() == ".ico" else read_icns(data)):
        raise ValueError("holds no images")


def _load_array(path: Path) -> None:
    import numpy as np

    loaded = np.load(io.BytesIO(read_asset(path)), allow_pickle=False)
    if hasattr(loaded, "files"):
        with loaded:
            for name in loaded.files:
                loaded[name]


def _load_other(path: Path) -> None:
    if not read_regular(path, MAX_ASSET_BYTES):
        raise ValueError("is empty")


def load_asset(path: Path) -> AssetKind:
    """Load one asset file as what its name says it is; returns its kind, raises on damage."""
    kind = _asset_kind(path)
    match kind:
        case AssetKind.FONT:
            _load_font(path)
        case AssetKind.IMAGE:
            _load_image(path)
        case AssetKind.SOUND:
            _load_sound(path)
        case AssetKind.ICON:
            _load_icon(path)
        case AssetKind.ARRAY:
            _load_array(path)
        case AssetKind.CHECKSUM:
            verify_checksum(path)
        case AssetKind.JSON:
            json.loads(read_regular(path, MAX_ASSET_BYTES).decode("utf-8"))
        case AssetKind.TEXT:
            read_regular(path, MAX_ASSET_BYTES).decode("utf-8")
        case AssetKind.OTHER:
            _load_other(path)
        case _:
            assert_never(kind)
    return kind


def verify_checksum(sums: Path) -> None:
    """Check a ``NAME.sha256`` file (``<hex digest>  NAME``) against the file NAME beside it."""
    import hashlib

    target = sums.with_name(sums.name[: -len(".sha256")])
    words = read_regular(sums, MAX_ASSET_BYTES).decode("utf-8").split()
    if not words or len(words[0]) != 64:
        raise ValueError("holds no SHA-256 digest")
    if not target.is_file():
        raise ValueError(f"names {target.name}, which is not there")
    digest = hashlib.sha256(read_regular(target, MAX_ASSET_BYTES)).hexdigest()
    if digest != words[0].lower():
        raise ValueError(f"{target.name} does not match its checksum (damaged or replaced)")
