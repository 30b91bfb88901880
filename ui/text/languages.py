"""The languages the game speaks, each named in itself, and the one the system asks for (no pygame).

A language is chosen in the settings (its ``language`` field: a :data:`LANGUAGES` code, or ``""``
until the player chooses one); until then the game follows the system's: the environment's
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` on POSIX (gettext's own order), the user's
interface language on Windows, the first of ``AppleLanguages`` on macOS (read from the user's global
preferences with :mod:`plistlib`, no new dependency), else ``LANG``. A system language the game does
not speak is English; ``pt`` alone is Brazilian Portuguese (the one Portuguese it speaks).
"""

from __future__ import annotations

import ctypes
import locale
import plistlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import MappingProxyType


class Script(Enum):
    """The writing a language is drawn in: it picks the font (:mod:`ui.widgets.render`)."""

    LATIN = "latin"
    GREEK = "greek"
    CYRILLIC = "cyrillic"
    HEBREW = "hebrew"
    CJK = "cjk"


@dataclass(frozen=True)
class Language:
    """One language the game speaks."""

    code: str
    """Its gettext code: the folder of its catalogue under ``ui/text/locale`` (``pt_BR``)."""
    name: str
    """Its name in itself, as the settings' Language row shows it."""
    script: Script
    """What it is written in (the font that draws it)."""
    right_to_left: bool = False
    """True when it is written from right to left (its lines are put in order for drawing by
    :mod:`ui.text.bidi`)."""


ENGLISH = Language("en", "English", Script.LATIN)
"""The catalogue's own language (its msgids)."""

LANGUAGES: tuple[Language, ...] = (
    Language("de", "Deutsch", Script.LATIN),
    Language("fr", "Français", Script.LATIN),
    Language("es", "Español", Script.LATIN),
    Language("it", "Italiano", Script.LATIN),
    Language("pt_BR", "Português (Brasil)", Script.LATIN),
    Language("nl", "Nederlands", Script.LATIN),
    Language("da", "Dansk", Script.LATIN),
    Language("sv", "Svenska", Script.LATIN),
    Language("fi", "Suomi", Script.LATIN),
    Language("pl", "Polski", Script.LATIN),
    Language("cs", "Čeština", Script.LATIN),
    Language("ru", "Русский", Script.CYRILLIC),
    Language("el", "Ελληνικά", Script.GREEK),
    Language("tr", "Türkçe", Script.LATIN),
    Language("ja", "日本語", Script.CJK),
    Language("he", "עברית", Script.HEBREW, right_to_left=True),
    ENGLISH,
)
"""Every language the game ships, in the order the settings' Language row steps through them."""

TRANSLATED: tuple[Language, ...] = tuple(lang for lang in LANGUAGES if lang is not ENGLISH)
"""The languages with a catalogue of their own (every one but English)."""

BY_CODE: Mapping[str, Language] = MappingProxyType({lang.code: lang for lang in LANGUAGES})
"""Each language by its code."""

ALIASES: Mapping[str, str] = MappingProxyType({"pt": "pt_BR", "iw": "he", "c": "en", "posix": "en"})
"""A system's code that names one of ours differently: Portuguese (ours is Brazil's), Hebrew's old
code, and the C locale (English)."""

POSIX_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the language on POSIX, first found first (gettext's order;
``LANGUAGE`` may list several, separated by colons)."""

MAC_PREFERENCES = Path("Library") / "Preferences" / ".GlobalPreferences.plist"
"""Where macOS keeps the user's languages (``AppleLanguages``), under the home folder."""


def language_of(tag: str) -> Language | None:
    """The shipped language a system's locale name stands for (``de_DE.UTF-8``, ``pt-BR``,
    ``fr_CA@euro``, ``zh-Hans-CN``); None when the game does not speak it."""
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not tag:
        return None
    parts = tag.split("_")
    first = ALIASES.get(parts[0].lower(), parts[0].lower())
    region = next((p.upper() for p in parts[1:] if len(p) == 2), "")
    return BY_CODE.get(f"{first}_{region}") or BY_CODE.get(first)


def _posix(environ: Mapping[str, str]) -> Language | None:
    """The first language the POSIX environment names that the game speaks (English for C)."""
    for variable in POSIX_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for tag in value.split(":"):
            found = language_of(tag)
            if found is not None:
                return found
        if variable != "LANGUAGE":
            return None  # the first variable that is set decides (LANGUAGE may only add to it)
    return None


def windows_ui_language() -> str:
    """The Windows user's interface language as a locale name (``de_DE``), ``""`` where it cannot be
    read; through ``GetUserDefaultUILanguage``, else :func:`locale.getlocale`."""
    try:
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        return str(locale.windows_locale.get(lcid, ""))
    except (AttributeError, OSError):
        return str(locale.getlocale()[0] or "")


def mac_languages(home: Path) -> list[str]:
    """The macOS user's preferred languages, first first (``["de-DE", "en"]``); empty where the
    preferences cannot be read."""
    try:
        with (home / MAC_PREFERENCES).open("rb") as f:
            found = plistlib.load(f).get("AppleLanguages", [])
    except (OSError, ValueError, plistlib.InvalidFileException, AttributeError):
        return []
    return [str(tag) for tag in found] if isinstance(found, list) else []


def system_language(
    environ: Mapping[str, str],
    platform: str = sys.platform,
    windows: Callable[[], str] = windows_ui_language,
    mac: Callable[[], list[str]] = lambda: mac_languages(Path.home()),
) -> Language:
    """The language the system asks for, where the game speaks it, else English (``platform`` as
    :data:`sys.platform` says it; ``windows`` and ``mac`` read those systems' own settings)."""
    if platform == "win32":
        found = language_of(windows())
        return found or _posix(environ) or ENGLISH
    if platform == "darwin":
        for tag in mac():
            found = language_of(tag)
            if found is not None:
                return found
    return _posix(environ) or ENGLISH
