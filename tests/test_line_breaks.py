"""Japanese line breaking (issue 55): lines break between CJK characters without spaces, and keep the
basic kinsoku rules (no line starts with 。、）」 or a small kana, none ends with 「（)."""

from __future__ import annotations

import pygame
import pytest

from ui import text as words
from ui.text.breaks import NO_LINE_END, NO_LINE_START, may_break, pieces
from ui.widgets.controls import wrap
from ui.widgets.render import Fonts

SENTENCE = (
    "相手がダブルしました。「テイク」か「パス」を選んでください（ギャモンに注意）。"
    "次のロールでベアオフします。"
)


def test_a_japanese_paragraph_is_cut_between_its_characters() -> None:
    cut = pieces("ダブルしますか")
    assert [p for _, p in cut] == list("ダブルしますか") or len(cut) >= 5
    assert all(glue == "" for glue, _ in cut)


def test_latin_words_still_break_only_at_spaces() -> None:
    assert pieces("Double and take") == [("", "Double"), (" ", "and"), (" ", "take")]


def test_no_piece_starts_with_a_closing_mark_or_ends_with_an_opening_one() -> None:
    for _, piece in pieces(SENTENCE)[1:]:
        assert piece[0] not in NO_LINE_START, piece
    for _, piece in pieces(SENTENCE):
        assert piece[-1] not in NO_LINE_END, piece
    assert not may_break("ル", "。") and not may_break("「", "テ") and not may_break("ダ", "ッ")


@pytest.fixture
def fonts() -> Fonts:
    pygame.font.init()
    words.use("ja")
    return Fonts()


@pytest.mark.parametrize("width", [60, 90, 130, 200, 320])
def test_wrapped_japanese_lines_fit_and_keep_kinsoku(fonts: Fonts, width: int) -> None:
    font = fonts.get(16)
    lines = wrap(font, SENTENCE, width)
    assert "".join(lines) == SENTENCE  # nothing lost, no spaces added
    assert len(lines) > 1
    for line in lines:
        assert font.size(line)[0] <= width, line
        assert line[0] not in NO_LINE_START, line
        assert line[-1] not in NO_LINE_END, line


def test_a_count_ending_a_clause_never_starts_a_line() -> None:
    """A drill's reasons, two sentences run on: "…, 24/18 13/11 3." wrapped before its "3." read as a
    numbered item ("3. 24/18 13/11 wins…")."""
    pygame.font.init()
    said = "24/18 8/6 leaves 2 blots, 24/18 13/11 3. 24/18 13/11 wins 50.0% of the games."
    assert (" ", "13/11 3.") in pieces(said) and (" ", "2") in pieces(said)
    font = Fonts().get(14)
    for width in range(font.size("24/18 13/11 3.")[0], font.size(said)[0], 3):
        assert not any(line.startswith("3.") for line in wrap(font, said, width)), width


def test_a_short_japanese_word_between_spaces_is_kept_whole() -> None:
    """The help's list of languages broke 日本 / 語 across two lines in Japanese."""
    assert (" ", "日本語") in pieces("Türkçe · 日本語 · עברית")
    assert [p for _, p in pieces("日本語のマッチ")] != ["日本語のマッチ"]  # a sentence still breaks
