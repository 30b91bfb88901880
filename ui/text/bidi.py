"""A line of right-to-left text put in the order its glyphs are drawn, left to right (no pygame).

pygame draws a string's glyphs from left to right as they come. Hebrew is read from right to left,
with numbers and Latin words inside it still read from left to right, so a line is reordered before
it is drawn: the rules of the Unicode bidirectional algorithm (UAX #9) that a line without explicit
embeddings needs, from the characters' own classes (:func:`unicodedata.bidirectional`):

* weak types resolved: a mark takes its base's class (W1); a separator between two digits joins them
  (W4), a currency or percent sign next to digits is one of them (W5), other separators are neutral
  (W6), digits after a Latin letter are Latin (W7);
* a pair of brackets takes the direction of what it holds when that is the paragraph's, else that of
  what it holds and what comes before it where the two agree, else the paragraph's (N0);
* neutrals (spaces, punctuation) between two runs of the same direction take it, others the
  paragraph's (N1, N2; digits count as right to left there);
* levels given (I1, I2), trailing spaces at the paragraph's level (L1), each run of a level and above
  reversed from the highest down (L2), and a bracket in a right-to-left run drawn as its mirror (L4:
  ``(`` for ``)``).

The paragraph's direction is the language's (Hebrew: right to left), else its first strong letter's.
The invisible marks (LRM, RLM, and the like: class BN) decide directions and are then left out (the
fonts have no glyph for them). Hebrew letters do not join, so reversing them is all their drawing
needs; Arabic would need shaping, which pygame without HarfBuzz's direction does not do.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

RTL_CLASSES = frozenset({"R", "AL"})
"""The classes of right-to-left letters."""
NEUTRAL = frozenset({"WS", "ON", "B", "S"})
"""The classes that take their direction from their neighbours."""
INVISIBLE = frozenset({"BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
"""Classes drawn as nothing (marks and format characters: left out once they have done their work)."""
MARKS = frozenset({"\u200e", "\u200f", "\u061c"})
"""The direction marks (LRM, RLM, ALM): strong, but never drawn."""

MIRRORED = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True))
"""Each bracket and its mirror image (drawn in a right-to-left run)."""


def is_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left letter (only then does it need :func:`visual`)."""
    return any(unicodedata.bidirectional(c) in RTL_CLASSES for c in text)


def _strong(text: str) -> list[str]:
    """Each character's class with marks (W1) and direction marks resolved, Arabic letters as R."""
    out: list[str] = []
    for c in text:
        kind = unicodedata.bidirectional(c) or "L"
        if c in MARKS:
            kind = "L" if c == "\u200e" else "R"
        elif kind == "NSM":
            kind = out[-1] if out else "ON"
        elif kind == "AL":
            kind = "R"
        out.append(kind)
    return out


def _numbers(kinds: list[str]) -> list[str]:
    """W4 to W6: one separator between two digits joins them, a run of terminators next to digits
    is digits, every other separator or terminator is neutral."""
    out = list(kinds)
    for i in range(1, len(out) - 1):
        if out[i] in ("ES", "CS") and out[i - 1] == "EN" and out[i + 1] == "EN":
            out[i] = "EN"
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and out[j] == "ET":
            j += 1
        if j > i and ((i > 0 and out[i - 1] == "EN") or (j < len(out) and out[j] == "EN")):
            out[i:j] = ["EN"] * (j - i)
        i = max(j, i + 1)
    return ["ON" if k in ("ES", "ET", "CS") else k for k in out]


def classes(text: str) -> list[str]:
    """Each character's bidirectional class after the weak rules (W1 to W7)."""
    out = _numbers(_strong(text))
    strong = ""
    for i, kind in enumerate(out):  # W7: digits after a Latin letter are Latin
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and strong == "L":
            out[i] = "L"
    return out


OPENING = dict(zip("([{<«‹", ")]}>»›", strict=True))
"""Each opening bracket and its closing one (paired by rule N0)."""


def pairs(text: str) -> list[tuple[int, int]]:
    """The places of each matched pair of brackets (BD16: a closing one matches the nearest open
    one of its kind)."""
    found: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    for i, c in enumerate(text):
        if c in OPENING:
            stack.append((OPENING[c], i))
        else:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == c:
                    found.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    return sorted(found)


def levels(text: str, right_to_left: bool | None = None) -> tuple[list[int], int]:
    """Each character's embedding level, and the paragraph's (1: right to left); ``right_to_left``
    None: the first strong letter's direction."""
    kinds = classes(text)
    if right_to_left is None:
        first = next((k for k in kinds if k in ("L", "R")), "L")
        right_to_left = first == "R"
    base = 1 if right_to_left else 0
    edge = "R" if base else "L"
    direction = ["R" if k in ("R", "EN", "AN") else k for k in kinds]
    for a, b in pairs(text):  # N0: a pair of brackets takes one direction
        inside = {direction[k] for k in range(a + 1, b)} & {"L", "R"}
        before = next((direction[k] for k in range(a - 1, -1, -1) if direction[k] in ("L", "R")), edge)
        side = edge if edge in inside else (before if inside and before in inside else edge)
        kinds[a] = kinds[b] = direction[a] = direction[b] = side
    i = 0
    while i < len(kinds):  # N1, N2: a run of neutrals between two of one direction takes it
        if kinds[i] not in NEUTRAL and kinds[i] not in INVISIBLE:
            i += 1
            continue
        j = i
        while j < len(kinds) and (kinds[j] in NEUTRAL or kinds[j] in INVISIBLE):
            j += 1
        before = direction[i - 1] if i > 0 else edge
        after = direction[j] if j < len(kinds) else edge
        fill = before if before == after else edge
        for k in range(i, j):
            kinds[k] = fill
        i = j
    out = []
    for kind in kinds:  # I1, I2
        if base == 0:
            out.append({"R": 1, "EN": 2, "AN": 2}.get(kind, 0))
        else:
            out.append({"L": 2, "EN": 2, "AN": 2}.get(kind, 1))
    j = len(text)
    while j > 0 and unicodedata.bidirectional(text[j - 1]) in ("WS", "BN", "S"):  # L1
        j -= 1
        out[j] = base
    return out, base


def reorder(items: Sequence[str], level: Sequence[int]) -> list[str]:
    """``items`` in drawing order (L2): each run at a level or above reversed, from the highest
    level down to the lowest odd one."""
    order = list(range(len(items)))
    lv = list(level)
    if not lv:
        return []
    top = max(lv)
    lowest_odd = min((v for v in lv if v % 2), default=top + 1)
    for at in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if lv[i] < at:
                i += 1
                continue
            j = i
            while j < len(order) and lv[j] >= at:
                j += 1
            order[i:j] = order[i:j][::-1]
            lv[i:j] = lv[i:j][::-1]
            i = j
    return [items[k] for k in order]


def visual(text: str, right_to_left: bool | None = None) -> str:
    """One line of ``text`` in the order its glyphs are drawn from left to right (``right_to_left``:
    the paragraph's direction; None: its first strong letter's). A line with no right-to-left letter
    in a left-to-right paragraph is returned as it is."""
    if not text or (not right_to_left and not is_rtl(text)):
        return text
    level, _ = levels(text, right_to_left)
    shown = [MIRRORED.get(c, c) if v % 2 else c for c, v in zip(text, level, strict=True)]
    kept = [
        (c, v)
        for c, v, original in zip(shown, level, text, strict=True)
        if original not in MARKS and unicodedata.bidirectional(original) not in INVISIBLE
    ]
    return "".join(reorder([c for c, _ in kept], [v for _, v in kept]))
