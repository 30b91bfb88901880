"""Numbers, percentages and dates as the player's language writes them, with Babel (no pygame).

A phrase's placeholders keep Python's format specs (``{equity:+.3f}``, ``{win:.1%}``); the
:class:`LocaleFormatter` fills them as the language writes numbers: its decimal sign and group
separator, its plus and minus signs, where its percent sign goes (``12,5 %`` in German, ``%12,5`` in
Turkish). The digits are rounded by Python's own ``format`` first, so that English reads exactly as
``str.format`` writes it. A date placeholder is given a :class:`datetime.date` and is written in the
language's medium date format.
"""

from __future__ import annotations

import datetime
import re
import string
from typing import Any

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import (
    get_decimal_symbol,
    get_group_symbol,
    get_minus_sign_symbol,
    get_plus_sign_symbol,
)

NUMBER_SPEC = re.compile(r"(?P<sign>[+\- ]?)(?P<group>,?)(?:\.(?P<digits>\d+))?(?P<kind>[f%])")
"""The format specs written per language: a sign, grouping, a precision, fixed or percent."""

DATE_FORMAT = "medium"
"""How a date is written: the language's medium format (``21.11.2026``, ``Nov 21, 2026``)."""


def babel_locale(code: str) -> Locale:
    """The Babel locale of a gettext language code (English for ``""``, the pseudo-locale or a code
    Babel does not know)."""
    try:
        return Locale.parse(code or "en")
    except (ValueError, TypeError, LookupError):
        return Locale.parse("en")


def number(value: float, spec: str, where: Locale) -> str:
    """``value`` formatted by ``spec`` (``+.3f``, ``.1%``, ``,.0f``) as ``where`` writes numbers;
    a spec this does not know is Python's own."""
    match = NUMBER_SPEC.fullmatch(spec)
    if match is None:
        return format(value, spec)
    percent = match["kind"] == "%"
    python = f"{match['sign']}{match['group']}.{match['digits'] or 6}f"
    plain = format(value * 100 if percent else value, python)
    sign = ""
    if plain[:1] in "+- ":
        sign, plain = plain[0], plain[1:]
    symbols = {"+": get_plus_sign_symbol(where), "-": get_minus_sign_symbol(where), " ": " ", "": ""}
    marks: dict[str, str | int | None] = {".": get_decimal_symbol(where), ",": get_group_symbol(where)}
    digits = plain.translate(str.maketrans(marks))
    if not percent:
        return symbols[sign] + digits
    pattern = where.percent_formats[None]
    mark = str(where.number_symbols.get("latn", {}).get("percentSign", "%"))
    prefix, suffix = (str(part).replace("%", mark) for part in (pattern.prefix[0], pattern.suffix[0]))
    return symbols[sign] + prefix + digits + suffix


def date(day: datetime.date, where: Locale) -> str:
    """``day`` in ``where``'s medium date format."""
    return str(format_date(day, DATE_FORMAT, locale=where))


def moment(when: datetime.datetime, where: Locale) -> str:
    """``when`` (a file's time) in ``where``'s short date and time format (``02.01.26, 22:05``)."""
    return str(format_datetime(when, "short", locale=where))


class LocaleFormatter(string.Formatter):
    """``str.format`` with a language's numbers and dates (see the module's doc)."""

    def __init__(self, where: Locale) -> None:
        self.where = where
        """The Babel locale numbers and dates are written for."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and format_spec:
            return number(value, format_spec, self.where)
        if isinstance(value, datetime.date) and not format_spec:
            return date(value, self.where)
        return super().format_field(value, format_spec)
