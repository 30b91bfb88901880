"""Tests of the application icon: the committed files and the writer's PNG, ICO and ICNS formats."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.support.resources import asset_path
from ui.widgets.icon import (
    ICNS_TYPES,
    ICO_SIZES,
    PNG_SIZE,
    IconFormatError,
    icns_bytes,
    ico_bytes,
    png_bytes,
    png_size,
    read_icns,
    read_ico,
    write_icons,
)


def _pixels(width: int, height: int) -> bytes:
    """A test pattern: every pixel different, one fully transparent corner."""
    out = bytearray()
    for y in range(height):
        for x in range(width):
            alpha = 0 if (x, y) == (0, 0) else 255
            out += bytes((x * 40 % 256, y * 60 % 256, (x + y) * 25 % 256, alpha))
    return bytes(out)


def test_committed_png_is_square_at_its_size() -> None:
    assert png_size(asset_path("icon", "icon.png").read_bytes()) == (PNG_SIZE, PNG_SIZE)


def test_committed_ico_holds_every_size_bitmaps_below_256_png_at_256() -> None:
    images = read_ico(asset_path("icon", "icon.ico").read_bytes())
    assert [(w, h) for w, h, _ in images] == [(n, n) for n in ICO_SIZES]
    assert all(kind == ("png" if w >= 256 else "dib") for w, _, kind in images)


def test_committed_icns_holds_png_blocks_up_to_1024() -> None:
    blocks = read_icns(asset_path("icon", "icon.icns").read_bytes())
    assert [(kind, w) for kind, w, _ in blocks] == [(k.decode(), n) for k, n in ICNS_TYPES]
    assert max(w for _, w, _ in blocks) == 1024


def test_committed_png_loads_in_pygame_with_transparent_corners() -> None:
    image = pygame.image.load(str(asset_path("icon", "icon.png")))
    assert image.get_size() == (PNG_SIZE, PNG_SIZE)
    assert image.get_at((0, 0)).a == 0  # rounded corner
    assert image.get_at((PNG_SIZE // 2, PNG_SIZE // 2)).a == 255


def test_png_bytes_round_trip_through_pygame() -> None:
    pixels = _pixels(5, 3)
    image = pygame.image.load(io.BytesIO(png_bytes(5, 3, pixels)), "x.png")
    assert image.get_size() == (5, 3)
    assert pygame.image.tobytes(image, "RGBA") == pixels


def test_png_bytes_rejects_the_wrong_pixel_count() -> None:
    with pytest.raises(ValueError, match="RGBA"):
        png_bytes(4, 4, b"\x00" * 10)


def test_ico_bitmap_is_bottom_up_bgra_with_and_mask_for_transparent_pixels() -> None:
    pixels = _pixels(16, 16)
    data = ico_bytes([(16, pixels)])
    assert read_ico(data) == [(16, 16, "dib")]
    _, _, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6:22])
    blob = data[offset : offset + length]
    body = blob[40:]
    xor, mask = body[: 16 * 16 * 4], body[16 * 16 * 4 :]
    assert len(mask) == 16 * 4  # 16 rows of 32-bit padded bits
    last_row_first_pixel = xor[0:4]  # the bitmap's first row is the picture's last
    r, g, b, a = pixels[15 * 64 : 15 * 64 + 4]
    assert last_row_first_pixel == bytes((b, g, r, a))
    top_row_mask = mask[15 * 4 : 16 * 4]
    assert top_row_mask[0] & 0x80  # pixel (0, 0) is transparent
    assert not any(mask[: 15 * 4])


@pytest.mark.parametrize("size", [16, 32, 48])
def test_ico_bitmaps_decode_exactly_in_sdl_image(size: int) -> None:
    pixels = _pixels(size, size)
    image = pygame.image.load(io.BytesIO(ico_bytes([(size, pixels)])), "x.ico")
    assert image.get_size() == (size, size)
    assert pygame.image.tobytes(image, "RGBA") == pixels


def test_ico_stores_256_as_png_with_zero_in_the_directory() -> None:
    data = ico_bytes([(256, _pixels(256, 256))])
    assert data[6] == 0 and data[7] == 0
    assert read_ico(data) == [(256, 256, "png")]


def test_read_ico_rejects_garbage() -> None:
    with pytest.raises(IconFormatError):
        read_ico(b"not an icon at all")


def test_read_ico_rejects_an_image_past_the_end() -> None:
    data = ico_bytes([(16, _pixels(16, 16))])
    with pytest.raises(IconFormatError, match="past the end"):
        read_ico(data[:-100])


def test_read_icns_rejects_a_wrong_total_length() -> None:
    data = icns_bytes([(b"ic07", png_bytes(2, 2, _pixels(2, 2)))])
    assert read_icns(data) == [("ic07", 2, 2)]
    with pytest.raises(IconFormatError):
        read_icns(data + b"\x00")


def test_write_icons_writes_three_files_that_parse(tmp_path: Path) -> None:
    written = write_icons(tmp_path / "out")
    assert sorted(p.name for p in written) == ["icon.icns", "icon.ico", "icon.png"]
    assert png_size((tmp_path / "out" / "icon.png").read_bytes()) == (PNG_SIZE, PNG_SIZE)
    assert len(read_ico((tmp_path / "out" / "icon.ico").read_bytes())) == len(ICO_SIZES)
    assert len(read_icns((tmp_path / "out" / "icon.icns").read_bytes())) == len(ICNS_TYPES)
    assert not list((tmp_path / "out").glob("*.tmp"))
