"""Where a line may break: at spaces, and between Chinese or Japanese characters (no pygame).

Japanese writes no spaces between words; a line may break between any two of its characters, except
where the rules every Japanese typesetter keeps (kinsoku shori) forbid it: no line starts with a
closing bracket, a comma or full stop, a small kana, the long-vowel mark or the iteration marks, and
no line ends with an opening bracket. :func:`pieces` cuts a paragraph into the pieces a wrapping
function may put on different lines, each with what joins it to the piece before (a space, or
nothing between CJK characters).
"""

from __future__ import annotations

import re

NO_LINE_START = frozenset(
    "、。，．,.・：；:;？！?!ー―‐〜～)）]］}｝〕〉》」』】〙〗〟’”»›ゝゞヽヾ々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ…‥%％"
)
"""Characters no line may start with (closing brackets, punctuation, small kana, ー, 々 ...)."""

NO_LINE_END = frozenset("(（[［{｛〔〈《「『【〘〖〝‘“«‹")
"""Characters no line may end with (opening brackets)."""

ENDING_COUNT = re.compile(r"\d+[.,;:]")
"""A count that ends a clause (``…, 24/18 13/11 3.``): it stays on the line of the word before it,
where at a line's start it would read as a numbered item (``3. 24/18 13/11 wins…``)."""

SHORT_CJK_WORD = 4
"""A word of Chinese or Japanese characters this long or shorter, written between spaces (日本語 in the
help's list of languages), is kept whole: Japanese runs its words together, so a spaced one is a name."""

CJK_RANGES = (
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x31F0, 0x31FF),  # katakana extensions
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # full-width forms
)
"""The code points of Chinese and Japanese writing, between whose characters a line may break."""


def is_cjk(c: str) -> bool:
    """True for a Chinese or Japanese character (or their punctuation)."""
    o = ord(c)
    return any(lo <= o <= hi for lo, hi in CJK_RANGES)


def may_break(before: str, after: str) -> bool:
    """True when a line may break between the characters ``before`` and ``after`` of one word (one
    of them CJK, and the break keeps the kinsoku rules)."""
    return (is_cjk(before) or is_cjk(after)) and after not in NO_LINE_START and before not in NO_LINE_END


def pieces(paragraph: str) -> list[tuple[str, str]]:
    """``paragraph`` cut where a line may break: each piece with what joins it to the one before
    (``" "`` where a space was, ``""`` between CJK characters and for the first)."""
    out: list[tuple[str, str]] = []
    for i, word in enumerate(paragraph.split(" ")):
        glue, piece = (" " if i else ""), ""
        if len(word) <= SHORT_CJK_WORD and all(map(is_cjk, word)):  # a name among spaced words
            out.append((glue, word))
            continue
        for c in word:
            if piece and may_break(piece[-1], c):
                out.append((glue, piece))
                glue, piece = "", c
            else:
                piece += c
        out.append((glue, piece))
    kept: list[tuple[str, str]] = []
    for glue, piece in out:
        if kept and glue == " " and ENDING_COUNT.fullmatch(piece):
            before, word = kept[-1]
            kept[-1] = (before, f"{word} {piece}")
        else:
            kept.append((glue, piece))
    return kept
