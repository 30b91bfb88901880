"""Checking values read from files before use: each by type and range, with a message naming it.

JSON gives any type anywhere (``1e400`` is infinity, ``3.0`` is not ``3``, ``true`` is
not ``1``): every reader of saved data takes each field through one of these, and a
value that does not pass raises :class:`Invalid`, never a crash further on.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from enum import StrEnum
from typing import Any, TypeVar

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)

MAX_TEXT = 1000
"""The longest string any saved field may hold."""


class Invalid(ValueError):
    """A value of the wrong type or out of range; the message names the field."""


def show(value: object) -> str:
    """A value for a message: its repr, cut to about 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def field(data: Mapping[str, Any], key: str) -> Any:
    """``data[key]``; :class:`Invalid` when it is absent."""
    if key not in data:
        raise Invalid(f"{key} is missing")
    return data[key]


def obj(value: object, name: str) -> dict[str, Any]:
    """A JSON object."""
    if not isinstance(value, dict):
        raise Invalid(f"{name} must be an object, not {show(value)}")
    return value


def integer(value: object, name: str, lo: int, hi: int) -> int:
    """A whole number lo..hi (not a float such as 3.0, not true/false)."""
    if type(value) is not int:
        raise Invalid(f"{name} must be a whole number, not {show(value)}")
    if not lo <= value <= hi:
        raise Invalid(f"{name} must be {lo}..{hi}, not {show(value)}")
    return value


def number(value: object, name: str, lo: float, hi: float) -> float:
    """A finite number lo..hi (an int or a float, not true/false)."""
    if type(value) not in (int, float):
        raise Invalid(f"{name} must be a number, not {show(value)}")
    assert isinstance(value, int | float)
    if not (math.isfinite(value) and lo <= value <= hi):
        raise Invalid(f"{name} must be {lo:g}..{hi:g}, not {show(value)}")
    return float(value)


def flag(value: object, name: str) -> bool:
    """true or false."""
    if type(value) is not bool:
        raise Invalid(f"{name} must be true or false, not {show(value)}")
    return value


def text(value: object, name: str, max_len: int = MAX_TEXT) -> str:
    """A non-empty string of at most ``max_len`` characters."""
    if not isinstance(value, str) or not value:
        raise Invalid(f"{name} must be a non-empty string, not {show(value)}")
    if len(value) > max_len:
        raise Invalid(f"{name} is longer than {max_len} characters")
    return value


def choice(value: T, name: str, options: Collection[T]) -> T:
    """One of ``options``, of the same type (``3.0`` is not the choice ``3``, ``true`` not ``1``)."""
    if not any(type(value) is type(o) and value == o for o in options):
        raise Invalid(f"{name} must be one of {', '.join(map(repr, options))}, not {show(value)}")
    return value


def member(value: object, name: str, kind: type[E]) -> E:
    """A member of the string enum ``kind``, held or as saved (its value)."""
    if isinstance(value, kind):
        return value
    return kind(str(choice(value, name, tuple(m.value for m in kind))))


def items(value: object, name: str, max_len: int, length: int | None = None) -> list[Any]:
    """A list of at most ``max_len`` items (exactly ``length`` if given)."""
    if not isinstance(value, list):
        raise Invalid(f"{name} must be a list, not {show(value)}")
    if length is not None and len(value) != length:
        raise Invalid(f"{name} must have {length} items, not {len(value)}")
    if len(value) > max_len:
        raise Invalid(f"{name} has {len(value)} items, more than {max_len}")
    return value


def dice(value: object, name: str) -> tuple[int, int]:
    """A roll: two whole numbers 1..6."""
    a, b = items(value, name, 2, 2)
    return integer(a, f"{name}[0]", 1, 6), integer(b, f"{name}[1]", 1, 6)
