"""Every script drawn (issue 55): every character of every language's catalogue, and every number
Babel writes for it, is in the font that draws that language (no tofu boxes), both weights; the
Japanese subset holds the Japanese catalogue's characters and every symbol the screens draw."""

from __future__ import annotations

import functools
import unicodedata

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.support.resources import asset_path
from ui import text as words
from ui.text import catalogue, formats
from ui.text.cjk_font import source_symbols
from ui.text.languages import LANGUAGES, Language, Script
from ui.widgets.render import REPLACEMENT, Fonts

SAMPLES = ((-0.1234, "+.3f"), (0.1234, "+.3f"), (0.1234, ".1%"), (12345.5, ",.1f"), (0.5, ".0%"))
"""Numbers each language writes (its signs, separators and percent sign must be drawn too)."""


@functools.cache
def cmap(name: str) -> frozenset[int]:
    """The code points the bundled font ``name`` draws."""
    return frozenset(TTFont(str(asset_path("fonts", name)), lazy=True).getBestCmap())


def files(language: Language) -> list[str]:
    """The font files that draw ``language`` (regular and bold)."""
    chosen = Fonts.SCRIPT_FILES.get(language.script, Fonts.FILES)
    return [chosen[False], chosen[True]]


def drawn(text: str) -> set[str]:
    """The characters of ``text`` that need a glyph (not spaces, controls or direction marks, which
    :func:`ui.widgets.render.shown` removes or draws as nothing)."""
    return {c for c in text if not c.isspace() and unicodedata.category(c) not in ("Cc", "Cf")}


def catalogue_characters(language: Language) -> set[str]:
    """Every character ``language``'s screens may draw from its catalogue (its translations, and the
    English of any message left untranslated) and from its numbers."""
    po, _ = words.catalogue_files(language.code)
    text = ""
    if po.is_file():
        for message in catalogue.read(po):
            for value in (message.string,) if isinstance(message.string, str) else message.string:
                text += value or ""
    for message in catalogue.read(catalogue.TEMPLATE):
        text += message.id if isinstance(message.id, str) else "".join(message.id)
    where = formats.babel_locale(language.code if language.code != "en" else "")
    text += "".join(formats.number(v, spec, where) for v, spec in SAMPLES)
    return drawn(text)


@pytest.mark.parametrize("language", LANGUAGES, ids=[lang.code for lang in LANGUAGES])
def test_every_character_of_a_catalogue_is_in_the_font_that_draws_it(language: Language) -> None:
    needed = catalogue_characters(language)
    for name in files(language):
        missing = sorted(c for c in needed if ord(c) not in cmap(name))
        assert not missing, f"{language.code}: {name} lacks {''.join(missing)!r} " + (
            "(run python -m ui.text.cjk_font)" if language.script is Script.CJK else ""
        )


@pytest.mark.parametrize("language", LANGUAGES, ids=[lang.code for lang in LANGUAGES])
def test_every_symbol_the_screens_draw_is_in_every_font(language: Language) -> None:
    """The arrows, bullets and signs written in ui/'s source (outside the catalogue); the languages'
    names only in the fonts of their own scripts and DejaVu's (the Language row shows each name as it
    switches to it)."""
    names = {c for lang in LANGUAGES for c in lang.name}
    own = {c for c in language.name}
    needed = drawn(source_symbols()) - names - {REPLACEMENT} | drawn(own)  # U+FFFD: the box is meant
    for name in files(language):
        missing = sorted(c for c in needed if ord(c) not in cmap(name))
        assert not missing, f"{language.code}: {name} lacks {''.join(missing)!r}"


def test_the_japanese_subset_is_small() -> None:
    for name in Fonts.SCRIPT_FILES[Script.CJK].values():
        size = asset_path("fonts", name).stat().st_size
        assert 0 < size < 2_000_000, f"{name} is {size} bytes: not a subset"


@pytest.mark.parametrize("code", ["it", "ja"])
def test_a_line_in_several_scripts_draws_each_letter_in_a_font_that_has_it(code: str) -> None:
    """The help's list of languages: Greek, Czech and Hebrew beside 日本語 on one line (no tofu boxes
    where one font lacks the other script)."""
    pygame.font.init()
    words.use(code)
    try:
        font = Fonts().get(14)
        line = "Čeština · Ελληνικά · Türkçe · 日本語 · עברית"
        runs = font.runs(line)
        assert "".join(part for _, part in runs) == line
        for drawer, part in runs:
            shown = drawn(part) - {"·"}
            metrics = (drawer or font).metrics(part)
            missing = [c for c, m in zip(part, metrics, strict=True) if c in shown and m is None]
            assert not missing, f"{code}: {''.join(missing)!r} drawn in a font without them"
        assert font.render(line, True, (0, 0, 0)).get_width() == font.size(line)[0]
    finally:
        words.use("")


def test_the_japanese_font_keeps_a_moves_parts_apart() -> None:
    """Noto's Latin space (0.224 em) ran ``8/2 6/2`` together as ``8/26/2`` at the panel's sizes: the
    subset's space is as wide as DejaVu's, both weights."""
    from ui.text.cjk_font import SPACE_EMS

    for bold in (False, True):
        font = TTFont(str(asset_path("fonts", Fonts.SCRIPT_FILES[Script.CJK][bold])))
        width, _ = font["hmtx"][font.getBestCmap()[ord(" ")]]
        assert width >= SPACE_EMS * font["head"].unitsPerEm - 1
