"""The Japanese font: Noto Sans CJK JP cut down to the characters the game draws (no pygame).

DejaVu draws every other language the game speaks; Japanese needs a CJK font, and the whole of Noto
Sans CJK (16 MB a weight) would make the app four times larger. So the font the app carries holds
only what Japanese screens draw: every character of the Japanese catalogue (``ja/messages.po``, the
translations and the English it came from), every character the catalogue's English uses (a phrase
that falls back to it), printable ASCII and Latin-1 (players' names, file names), and the symbols the
screens draw outside the catalogue (every non-ASCII character in ``ui/``'s source: arrows, ``◀``,
``·``). ``tests/test_fonts.py`` fails when the catalogue holds a character the subset lacks.

Made with fontTools from Debian's ``fonts-noto-cjk`` (``apt-get install fonts-noto-cjk``) or any
``NotoSansCJK-*.ttc``/``NotoSansCJKjp-*.otf`` given; the subsets are committed (Windows and macOS
builds have no such package), so run this after the Japanese catalogue changes::

    python -m ui.text.cjk_font [--from FOLDER]

fontTools is a development dependency (``requirements-dev.txt``), never the game's.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ui.text import LOCALE_DIR

PROJECT = LOCALE_DIR.parent.parent.parent
"""The project's folder."""

FONTS = PROJECT / "assets" / "fonts"
"""Where the subsets go."""

WEIGHTS = ("Regular", "Bold")
"""The weights made: regular text and bold (titles, buttons)."""

FAMILY = "Noto Sans CJK JP"
"""The face taken from a collection of the CJK fonts."""

SEARCHED = (
    Path("/usr/share/fonts/opentype/noto"),
    Path("/usr/share/fonts/noto-cjk"),
    Path("/usr/share/fonts"),
)
"""Where the full fonts are looked for when no folder is given (Debian's and Fedora's places)."""

JAPANESE = "ja"
"""The language whose characters the subset holds."""

SPACE_EMS = 0.32
"""The least advance of the subset's space, in ems: Noto's Latin space (0.224 em) runs a move's
parts together at the panel's small sizes (``8/2 6/2`` read as ``8/26/2``); DejaVu's is 0.318 em."""


def subset_file(weight: str) -> Path:
    """The subset of ``weight`` in the assets."""
    return FONTS / f"NotoSansCJKjp-{weight}.subset.otf"


def catalogue_text(language: str) -> str:
    """Every msgid and translation of ``language``'s catalogue, and the English catalogue's msgids,
    run together (the characters a screen in ``language`` may draw from the catalogue)."""
    from babel.messages.pofile import read_po  # the catalogue's own reader (its module runs this one)

    parts: list[str] = []
    po = LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"
    for path in (LOCALE_DIR / "messages.pot", po):
        if not path.is_file():
            continue
        with path.open("rb") as f:
            messages = list(read_po(f))
        for message in messages:
            for value in (message.id, message.string):
                parts += [value] if isinstance(value, str) else [v for v in value or () if v]
    return "".join(parts)


NOT_DRAWN = ("breaks.py", "bidi.py", "pseudo.py")
"""Source files of ``ui/text`` whose characters are tables about text, never drawn as they are (the
line-breaking and bidirectional rules' characters; the pseudo-locale draws only in tests)."""


def source_symbols(root: Path = PROJECT / "ui") -> str:
    """Every non-ASCII character written in the front end's source (symbols drawn outside the
    catalogue, and the languages' own names in the settings), :data:`NOT_DRAWN` left out."""
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        if path.parent.name == "text" and path.name in NOT_DRAWN:
            continue
        found.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 127)
    return "".join(sorted(found))


def wanted(language: str = JAPANESE) -> set[int]:
    """The code points the subset should hold (those the font has are kept)."""
    text = catalogue_text(language) + source_symbols()
    base = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100)) | {0x2026, 0x2013, 0x2014, 0x2212, 0x00D7}
    return {ord(c) for c in text if c.isprintable()} | base


def find_source(weight: str, folders: Iterable[Path]) -> tuple[Path, int]:
    """The full font of ``weight`` and its index in a collection (0 for a single font)."""
    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped]

    for folder in folders:
        for path in sorted(folder.rglob(f"NotoSansCJK*{weight}.tt[cf]")) + sorted(
            folder.rglob(f"NotoSansCJKjp-{weight}.otf")
        ):
            if path.suffix == ".otf":
                return path, 0
            collection = TTCollection(str(path), lazy=True)
            for i, font in enumerate(collection.fonts):
                if font["name"].getDebugName(1) == FAMILY:
                    return path, i
    raise FileNotFoundError(f"no {FAMILY} {weight} font found (apt-get install fonts-noto-cjk)")


def widen_space(font: Any) -> None:
    """Give ``font``'s space an advance of at least :data:`SPACE_EMS` (its outline, none, is kept)."""
    space = font.getBestCmap().get(ord(" "))
    if space is None:
        return
    width, side = font["hmtx"][space]
    font["hmtx"][space] = (max(width, round(SPACE_EMS * font["head"].unitsPerEm)), side)


def make(weight: str, folders: Iterable[Path]) -> tuple[Path, int, int]:
    """Write the subset of ``weight``; its path, its size in bytes and its characters."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont

    source, index = find_source(weight, folders)
    font = TTFont(str(source), fontNumber=index, lazy=False)
    keep = wanted() & set(font.getBestCmap())
    options = subset.Options()
    options.layout_features = ["kern", "palt", "vert", "liga", "locl", "ccmp"]
    options.name_IDs = ["*"]  # the copyright, trademark and licence names stay
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(keep))
    subsetter.subset(font)
    widen_space(font)
    target = subset_file(weight)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(target))
    return target, target.stat().st_size, len(keep)


def main(argv: list[str] | None = None) -> int:
    """Make both weights' subsets."""
    parser = argparse.ArgumentParser(prog="python -m ui.text.cjk_font", description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="folder", type=Path, help="a folder holding the full fonts")
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is needed: pip install -r requirements-dev.txt", file=sys.stderr)
        return 2
    folders = [args.folder] if args.folder else [f for f in SEARCHED if f.is_dir()]
    for weight in WEIGHTS:
        try:
            path, size, chars = make(weight, folders)
        except (FileNotFoundError, OSError) as exc:
            print(re.sub(r"\s+", " ", str(exc)), file=sys.stderr)
            return 1
        print(f"{path.relative_to(PROJECT)}: {chars} characters, {size // 1024} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
