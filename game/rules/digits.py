"""Whole numbers in text: ASCII digits only.

``str.isdigit()`` is true of characters ``int()`` refuses (superscripts such as ``²``, circled
numbers such as ``①``; Latin-1's byte 0xB2 is ``²``), and ``str.isdecimal()`` of digits of other
scripts. A number in a record, a move or a name the game makes is ASCII ``0``-``9``: every
reader asks :func:`is_digits` before it calls ``int()``.
"""

from __future__ import annotations


def is_digits(text: str) -> bool:
    """``text`` is one or more of the ASCII digits ``0``-``9`` (and nothing else)."""
    return text.isascii() and text.isdigit()
