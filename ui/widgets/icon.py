"""The application icon: drawn here with pygame, written as PNG, Windows .ico and macOS .icns.

Run ``python -m ui.widgets.icon`` to (re)write ``assets/icon/icon.png``, ``icon.ico`` and
``icon.icns``; the files are committed, so a build never needs to run this. The
container formats are simple enough to write directly:

- PNG: a signature, then IHDR / IDAT (zlib, filter 0 on every row) / IEND chunks.
- ICO: a 6-byte header, one 16-byte directory entry per image, then the images: 32-bit
  bottom-up DIBs (with the 1-bit AND mask) below 256 pixels, PNG at 256 (as Windows
  itself does since Vista).
- ICNS: ``icns`` plus the total length, then one ``type, length, PNG`` block per size.

The picture: a wooden frame around green felt, four points from each edge, and a light
and a dark checker in the middle. It is drawn large and scaled down (supersampling is the
anti-aliasing), so small sizes stay crisp enough to read.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

import pygame

MASTER = 2048
"""The size the picture is drawn at before being scaled down."""

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""Sizes stored in icon.ico (Windows picks the one it needs)."""

ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
"""The icns block types and their pixel sizes (all PNG-encoded; the @2x types included)."""

PNG_SIZE = 512
"""Size of icon.png (the window icon, and the Linux build's icon)."""

_FRAME = (122, 74, 36)
_FRAME_EDGE = (84, 48, 20)
_FELT = (26, 96, 62)
_POINT_RED = (196, 52, 44)
_POINT_CREAM = (238, 226, 196)
_CHECKER_LIGHT = (246, 244, 236)
_CHECKER_LIGHT_RING = (176, 168, 150)
_CHECKER_DARK = (38, 34, 32)
_CHECKER_DARK_RING = (112, 104, 98)


def draw(size: int = MASTER) -> pygame.Surface:
    """The icon picture at ``size`` x ``size`` pixels, drawn directly (no anti-aliasing)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    s = size / 64.0  # design units: a 64 x 64 grid

    def r(v: float) -> int:
        return round(v * s)

    pygame.draw.rect(surf, _FRAME_EDGE, pygame.Rect(0, 0, size, size), border_radius=r(12))
    pygame.draw.rect(surf, _FRAME, pygame.Rect(r(1.5), r(1.5), r(61), r(61)), border_radius=r(11))
    felt = pygame.Rect(r(7), r(7), r(50), r(50))
    pygame.draw.rect(surf, _FELT, felt, border_radius=r(4))
    width = felt.width / 4
    height = felt.height * 0.40
    for i in range(4):
        x0 = felt.left + i * width
        top = _POINT_RED if i % 2 == 0 else _POINT_CREAM
        bottom = _POINT_CREAM if i % 2 == 0 else _POINT_RED
        pygame.draw.polygon(
            surf, top, [(x0, felt.top), (x0 + width, felt.top), (x0 + width / 2, felt.top + height)]
        )
        pygame.draw.polygon(
            surf,
            bottom,
            [(x0, felt.bottom), (x0 + width, felt.bottom), (x0 + width / 2, felt.bottom - height)],
        )
    radius = r(10.5)
    checkers = ((r(21.5), _CHECKER_DARK, _CHECKER_DARK_RING), (r(42.5), _CHECKER_LIGHT, _CHECKER_LIGHT_RING))
    cy = r(32)
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    for cx, _, _ in checkers:
        pygame.draw.circle(shadow, (0, 0, 0, 80), (cx + r(0.8), cy + r(1.4)), radius)
    surf.blit(shadow, (0, 0))
    for cx, face, ring in checkers:
        pygame.draw.circle(surf, ring, (cx, cy), radius)
        pygame.draw.circle(surf, face, (cx, cy), radius - r(1.6))
        pygame.draw.circle(surf, ring, (cx, cy), r(5.5), width=max(1, r(1.0)))
    return surf


def render(size: int, master: pygame.Surface | None = None) -> pygame.Surface:
    """The icon at ``size`` pixels: the master drawing, smoothly scaled down."""
    big = master if master is not None else draw()
    if big.get_width() == size:
        return big.copy()
    return pygame.transform.smoothscale(big, (size, size))


def rgba(surf: pygame.Surface) -> bytes:
    """The surface's pixels as RGBA bytes, rows top to bottom."""
    return pygame.image.tobytes(surf, "RGBA")


def png_bytes(width: int, height: int, pixels: bytes) -> bytes:
    """A PNG file (8-bit RGBA, not interlaced) holding ``pixels`` (RGBA rows, top first)."""
    if len(pixels) != width * height * 4:
        raise ValueError(f"expected {width * height * 4} bytes of RGBA, got {len(pixels)}")
    stride = width * 4
    raw = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _dib_bytes(size: int, pixels: bytes) -> bytes:
    """A 32-bit ICO image: BITMAPINFOHEADER, BGRA rows bottom-up, then the 1-bit AND mask."""
    stride = size * 4
    xor_rows = []
    and_rows = []
    mask_stride = ((size + 31) // 32) * 4
    for y in range(size - 1, -1, -1):
        row = pixels[y * stride : (y + 1) * stride]
        bgra = bytearray(row)
        bgra[0::4], bgra[2::4] = row[2::4], row[0::4]
        xor_rows.append(bytes(bgra))
        bits = bytearray(mask_stride)
        for x in range(size):
            if row[x * 4 + 3] == 0:
                bits[x // 8] |= 0x80 >> (x % 8)
        and_rows.append(bytes(bits))
    body = b"".join(xor_rows) + b"".join(and_rows)
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, len(body), 0, 0, 0, 0)
    return header + body


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding one image per ``(size, RGBA pixels)``; PNG for 256, DIB below."""
    blobs = [png_bytes(n, n, px) if n >= 256 else _dib_bytes(n, px) for n, px in images]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for (n, _), blob in zip(images, blobs, strict=True):
        dim = 0 if n >= 256 else n
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    return out + b"".join(blobs)


def icns_bytes(blocks: list[tuple[bytes, bytes]]) -> bytes:
    """A macOS .icns holding ``(type, PNG bytes)`` blocks."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in blocks)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


class IconFormatError(ValueError):
    """An icon file that is not what it claims to be."""


def png_size(data: bytes) -> tuple[int, int]:
    """The (width, height) of a PNG file, from its IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise IconFormatError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def read_ico(data: bytes) -> list[tuple[int, int, str]]:
    """The images in a .ico file as ``(width, height, "png" | "dib")``, checking every offset."""
    if len(data) < 6:
        raise IconFormatError("ico file too short")
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1 or count == 0:
        raise IconFormatError("not an icon file (bad ICONDIR header)")
    images = []
    for i in range(count):
        entry = data[6 + 16 * i : 22 + 16 * i]
        if len(entry) < 16:
            raise IconFormatError("ico directory runs past the end of the file")
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", entry)
        blob = data[offset : offset + length]
        if len(blob) != length:
            raise IconFormatError(f"ico image {i} runs past the end of the file")
        w, h = w or 256, h or 256
        if blob[:8] == b"\x89PNG\r\n\x1a\n":
            if png_size(blob) != (w, h):
                raise IconFormatError(f"ico image {i}: directory says {w}x{h}, PNG says {png_size(blob)}")
            images.append((w, h, "png"))
        else:
            size, bw, bh = struct.unpack("<Iii", blob[:12])
            if size != 40 or (bw, bh) != (w, 2 * h):
                raise IconFormatError(f"ico image {i}: bad bitmap header")
            images.append((w, h, "dib"))
    return images


def read_icns(data: bytes) -> list[tuple[str, int, int]]:
    """The blocks of a .icns file as ``(type, width, height)`` (PNG blocks only)."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise IconFormatError("not an icns file (bad header or length)")
    blocks = []
    pos = 8
    while pos < len(data):
        kind = data[pos : pos + 4].decode("ascii", "replace")
        (length,) = struct.unpack(">I", data[pos + 4 : pos + 8])
        if length < 8 or pos + length > len(data):
            raise IconFormatError(f"icns block {kind!r} has a bad length")
        width, height = png_size(data[pos + 8 : pos + length])
        blocks.append((kind, width, height))
        pos += length
    return blocks


def write_icons(folder: Path) -> list[Path]:
    """Draw the icon and write icon.png, icon.ico and icon.icns into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    master = draw()
    cache: dict[int, bytes] = {}

    def pixels(n: int) -> bytes:
        if n not in cache:
            cache[n] = rgba(render(n, master))
        return cache[n]

    files = {
        "icon.png": png_bytes(PNG_SIZE, PNG_SIZE, pixels(PNG_SIZE)),
        "icon.ico": ico_bytes([(n, pixels(n)) for n in ICO_SIZES]),
        "icon.icns": icns_bytes([(kind, png_bytes(n, n, pixels(n))) for kind, n in ICNS_TYPES]),
    }
    written = []
    for name, data in files.items():
        path = folder / name
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: write the icon files (default: the project's assets/icon/)."""
    from game.support.resources import asset_path

    ap = argparse.ArgumentParser(
        prog="python -m ui.widgets.icon", description="Write the application icon files."
    )
    ap.add_argument("--out", type=Path, default=None, help="folder to write to (default: assets/icon)")
    args = ap.parse_args(argv)
    out = args.out if args.out is not None else asset_path("icon")
    for path in write_icons(out):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
