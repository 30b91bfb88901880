"""The words the player reads, from one catalogue (no pygame).

Every phrase the window shows goes through here: the screens mark theirs with :func:`_` (or
:func:`ngettext` where a count decides the form, :func:`pgettext` where one English word has two
meanings), and the layers below the screens (the flow, the model, the engine's values, the
records' errors) hand up typed values that the modules of this package word (:mod:`ui.text.flow`,
:mod:`ui.text.refusals`, :mod:`ui.text.engine`, :mod:`ui.text.errors`). A phrase written at import
time (a table of labels) is marked with :func:`N_` and worded where it is shown, so that a language
chosen later is the one the player sees.

The English is the catalogue's msgid itself (Python's :mod:`gettext`); ``ui/text/locale/messages.pot``
is the catalogue, extracted by Babel (``python -m ui.text.catalogue extract``, see
docs/development.md). :data:`LANGUAGE_VARIABLE` picks another language; ``pseudo`` is the
pseudo-locale of :mod:`ui.text.pseudo` (every phrase 40% longer, for the layout tests).
Placeholders are ``str.format`` fields with names (``{points}``), filled after the lookup.
"""

from __future__ import annotations

import datetime
import gettext
import io
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel import Locale

from ui.text.formats import LocaleFormatter, babel_locale
from ui.text.formats import date as _date
from ui.text.formats import moment as _moment
from ui.text.formats import number as _number
from ui.text.languages import BY_CODE, ENGLISH, Language, system_language
from ui.text.pseudo import PSEUDO, PseudoTranslations

LANGUAGE_VARIABLE = "BACKGAMMON_LANGUAGE"
"""The environment variable naming the language (unset: the settings' or the system's; ``en``:
English; ``pseudo``: the pseudo-locale). It wins over the settings (tests and screenshots use it)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""The catalogue (``messages.pot``), each language's ``<lang>/LC_MESSAGES/messages.po`` and, once
compiled, its ``messages.mo`` (the app's bundle carries only the compiled ones)."""

DOMAIN = "messages"
"""The gettext domain: the catalogue's file name."""


class CatalogueError(Exception):
    """A language's catalogue that cannot be read or compiled (its file and what is wrong)."""


def catalogue_files(language: str) -> tuple[Path, Path]:
    """Where ``language``'s catalogue is: its ``.po`` (the source) and its compiled ``.mo``."""
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def compiled(po: bytes) -> bytes:
    """A ``.po`` file's bytes compiled into a ``.mo`` file's (with Babel; fuzzy entries left out,
    as gettext leaves them): raises :class:`CatalogueError` when it does not parse."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        catalogue = read_po(io.BytesIO(po), abort_invalid=True)
    except Exception as exc:  # Babel raises its own errors and ValueErrors: all mean a bad file
        raise CatalogueError(str(exc)) from exc
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def load_catalogue(language: str) -> gettext.GNUTranslations:
    """``language``'s compiled catalogue: its ``.mo`` where it is as new as its ``.po`` (or there is
    no ``.po``: the app's bundle), else the ``.po`` compiled in memory. Raises
    :class:`CatalogueError` (naming the file) when there is none or it cannot be read."""
    po, mo = catalogue_files(language)
    use_mo = mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime)
    source = mo if use_mo else po
    try:
        data = mo.read_bytes() if use_mo else compiled(po.read_bytes())
        return gettext.GNUTranslations(io.BytesIO(data))
    except (CatalogueError, OSError, ValueError, IndexError, struct.error) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise CatalogueError(f"{source}: {why}") from exc


def translations_for(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language``: English (the msgids) for ``""`` or ``en``, the pseudo-locale
    for :data:`ui.text.pseudo.PSEUDO`, else its compiled catalogue (English when it has none or it
    cannot be read: :func:`load_catalogue` says why)."""
    if language in ("", ENGLISH.code, "C", "POSIX"):
        return gettext.NullTranslations()
    if language == PSEUDO:
        return PseudoTranslations()
    try:
        return load_catalogue(language)
    except CatalogueError:
        return gettext.NullTranslations()


def catalogue_or_why(language: str) -> tuple[gettext.NullTranslations | None, str | None]:
    """``language``'s translations (None for English and the pseudo-locale, which need no file), or
    why they cannot be read: run off the window's thread (it reads and may compile a file)."""
    if language not in BY_CODE or language == ENGLISH.code:
        return None, None
    try:
        return load_catalogue(language), None
    except CatalogueError as exc:
        return None, str(exc)


def name_of(language: str) -> str:
    """A language's name in itself (its code where the game does not speak it)."""
    found = BY_CODE.get(language)
    return found.name if found is not None else language


def chosen_language(setting: str, environ: dict[str, str] | None = None) -> str:
    """The language to speak: :data:`LANGUAGE_VARIABLE` where it is set, else the settings' choice
    (``setting``), else the system's (:func:`ui.text.languages.system_language`)."""
    env = dict(os.environ) if environ is None else environ
    forced = env.get(LANGUAGE_VARIABLE, "")
    if forced:
        return forced
    if setting:
        return setting
    return system_language(env).code


class Phrase(str):
    """A phrase in the player's language whose ``format`` fills its placeholders as that language
    writes numbers and dates (:class:`ui.text.formats.LocaleFormatter`)."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return VOICE.formatter.vformat(self, args, kwargs)


@dataclass
class Voice:
    """The catalogue in use. The one mutable thing of this package: a language is chosen once, from
    the environment at the first word (or by :func:`use`), and every phrase is looked up in it when
    it is shown, so that a switch takes effect at the next frame."""

    language: str | None = None
    """The language chosen (None: not yet; read from :data:`LANGUAGE_VARIABLE` when first needed)."""
    catalogue: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)
    """Its translations."""
    formatter: LocaleFormatter = field(default_factory=lambda: LocaleFormatter(babel_locale("en")))
    """How its numbers and dates are written."""
    loaded: dict[str, gettext.NullTranslations] = field(default_factory=dict)
    """The catalogues read so far, by language (a switch back is at once)."""

    def get(self) -> gettext.NullTranslations:
        """The translations, choosing the environment's language the first time."""
        if self.language is None:
            self.use(os.environ.get(LANGUAGE_VARIABLE, ""))
        return self.catalogue

    def use(self, language: str, catalogue: gettext.NullTranslations | None = None) -> None:
        """Speak ``language`` from now on (``catalogue``: its translations, read already)."""
        if catalogue is None:
            catalogue = self.loaded.get(language) or translations_for(language)
        self.loaded[language] = catalogue
        self.catalogue = catalogue
        self.formatter = LocaleFormatter(babel_locale(language if language in BY_CODE else ""))
        self.language = language


VOICE = Voice()
"""The game's one voice."""


def use(language: str, catalogue: gettext.NullTranslations | None = None) -> None:
    """Word everything in ``language`` from now on (``""``: English, ``pseudo``: the pseudo-locale;
    ``catalogue``: its translations where they were read already, off the window's thread)."""
    VOICE.use(language, catalogue)


def language() -> str:
    """The language in use (``""``: English)."""
    VOICE.get()
    return VOICE.language or ""


def current() -> Language:
    """The shipped language in use (English for the pseudo-locale)."""
    return BY_CODE.get(language(), ENGLISH)


def where() -> Locale:
    """The Babel locale of the language in use (for numbers and dates)."""
    VOICE.get()
    return VOICE.formatter.where


def number(value: float, spec: str) -> str:
    """``value`` formatted by the format spec ``spec`` (``+.3f``, ``.1%``) as the player's language
    writes numbers."""
    return _number(value, spec, where())


def date(day: datetime.date) -> str:
    """``day`` as the player's language writes a date."""
    return _date(day, where())


def moment(when: datetime.datetime) -> str:
    """A date and time (a file's) as the player's language writes them, short."""
    return _moment(when, where())


def file_time(stamp: str) -> str:
    """A file's time as the lists keep it (``YYYY-MM-DD HH:MM``) as the player's language writes it;
    the text as it is where it is not one."""
    try:
        return moment(datetime.datetime.strptime(stamp, "%Y-%m-%d %H:%M"))
    except ValueError:
        return stamp


def _(message: str) -> str:
    """``message`` (an English msgid of the catalogue) in the player's language (``""`` stays empty:
    gettext would answer the catalogue's header)."""
    return Phrase(VOICE.get().gettext(message)) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a phrase that agrees with the count ``n`` (English: ``singular`` for 1, else
    ``plural``), in the player's language. The count is not filled in: pass it to ``format``."""
    return Phrase(VOICE.get().ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language where ``context`` tells its meaning apart (``"cube"``
    for "Take" the answer to a double, say)."""
    return Phrase(VOICE.get().pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context (:func:`pgettext`)."""
    return Phrase(VOICE.get().npgettext(context, singular, plural, n))


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without wording it now (a table written at import time):
    the place that shows it words it with :func:`_`."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural phrase of a table for the catalogue without wording it now: the place that shows
    it words it with :func:`ngettext` and the count."""
    return singular, plural
