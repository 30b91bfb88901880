"""The pseudo-locale: every phrase accented and 40% longer, placeholders kept (no pygame).

Not a language: a test of the layout. Where a screen fits its English but not the pseudo-locale, it
will not fit German or Finnish either, and an English phrase that shows unaccented is one that did
not come through the catalogue. Chosen with ``BACKGAMMON_LANGUAGE=pseudo``.
"""

from __future__ import annotations

import gettext
import math
import re

PSEUDO = "pseudo"
"""The pseudo-locale's name, as :data:`ui.text.LANGUAGE_VARIABLE` gives it."""

GROWTH = 0.4
"""How much longer each phrase is made: 40%, about what German or Finnish need beside English."""

ACCENTED = str.maketrans(
    "AaCcEeGgIiLlNnOoRrSsUuYyZz",
    "ÀáÇçÉéĜĝÍíĹĺÑñÖóŔŕŠšÛúÝýŽž",
)
"""Each letter that has an accented look-alike, and that look-alike (DejaVu draws them all)."""

PADDING = "àéîõüçœñ"
"""The letters added to make a phrase longer (letters of an ordinary width, so that the phrase is
about 40% wider, not just longer)."""

PLACEHOLDER = re.compile(
    r"\{[^{}]*\}|%\([A-Za-z_]\w*\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]|%[diouxXeEfFgGcrsa%]"
)
"""A ``str.format`` field or a ``%`` conversion: kept as it is."""

WORD = 6
"""The most padding letters in one word (a sentence's padding can wrap)."""


def pseudo(message: str) -> str:
    """``message`` accented and padded to 140% of its length (at least one letter more), its
    placeholders and line breaks kept as they are."""
    if not message:
        return message
    parts = PLACEHOLDER.split(message)
    fields = PLACEHOLDER.findall(message)
    out = [parts[0].translate(ACCENTED)]
    for field, part in zip(fields, parts[1:], strict=True):
        out += [field, part.translate(ACCENTED)]
    extra = math.ceil(len(message) * GROWTH)
    pad = (PADDING * (extra // len(PADDING) + 1))[:extra]
    if " " in message.strip():
        words = [pad[i : i + WORD] for i in range(0, len(pad), WORD)]
        pad = " " + " ".join(words)
    text = "".join(out)
    lines = text.split("\n")
    lines[-1] += pad
    return "\n".join(lines)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-locale as a catalogue: every lookup answers :func:`pseudo` of the English."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
