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

import gettext
import os
from dataclasses import dataclass, field
from pathlib import Path

from ui.text.pseudo import PSEUDO, PseudoTranslations

LANGUAGE_VARIABLE = "BACKGAMMON_LANGUAGE"
"""The environment variable naming the language (unset or ``en``: English; ``pseudo``: the
pseudo-locale)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""The catalogue (``messages.pot``) and each language's compiled ``<lang>/LC_MESSAGES/messages.mo``."""

DOMAIN = "messages"
"""The gettext domain: the catalogue's file name."""


def translations_for(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language``: English (the msgids) for ``""`` or ``en``, the pseudo-locale
    for :data:`ui.text.pseudo.PSEUDO`, else the compiled catalogue under :data:`LOCALE_DIR`
    (English when there is none)."""
    if language in ("", "en", "C", "POSIX"):
        return gettext.NullTranslations()
    if language == PSEUDO:
        return PseudoTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


@dataclass
class Voice:
    """The catalogue in use. The one mutable thing of this package: a language is chosen once, from
    the environment at the first word (or by :func:`use`), and every phrase is looked up in it when
    it is shown, so that a switch takes effect at the next frame."""

    language: str | None = None
    """The language chosen (None: not yet; read from :data:`LANGUAGE_VARIABLE` when first needed)."""
    catalogue: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)
    """Its translations."""

    def get(self) -> gettext.NullTranslations:
        """The translations, choosing the environment's language the first time."""
        if self.language is None:
            self.use(os.environ.get(LANGUAGE_VARIABLE, ""))
        return self.catalogue

    def use(self, language: str) -> None:
        """Speak ``language`` from now on."""
        self.catalogue = translations_for(language)
        self.language = language


VOICE = Voice()
"""The game's one voice."""


def use(language: str) -> None:
    """Word everything in ``language`` from now on (``""``: English, ``pseudo``: the pseudo-locale)."""
    VOICE.use(language)


def language() -> str:
    """The language in use (``""``: English)."""
    VOICE.get()
    return VOICE.language or ""


def _(message: str) -> str:
    """``message`` (an English msgid of the catalogue) in the player's language (``""`` stays empty:
    gettext would answer the catalogue's header)."""
    return VOICE.get().gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a phrase that agrees with the count ``n`` (English: ``singular`` for 1, else
    ``plural``), in the player's language. The count is not filled in: pass it to ``format``."""
    return VOICE.get().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language where ``context`` tells its meaning apart (``"cube"``
    for "Take" the answer to a double, say)."""
    return VOICE.get().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context (:func:`pgettext`)."""
    return VOICE.get().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without wording it now (a table written at import time):
    the place that shows it words it with :func:`_`."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural phrase of a table for the catalogue without wording it now: the place that shows
    it words it with :func:`ngettext` and the count."""
    return singular, plural
