"""Every language's catalogue complete and sound (issue 55): every message of the English catalogue
(``messages.pot``) present and translated in each shipped language, none fuzzy, every placeholder
kept (each plural form too), as many plural forms as the language has, and the catalogue compiling.

These fail for a language whose translation is not finished: a language is shipped only complete.
"""

from __future__ import annotations

import functools
import gettext
import io
from typing import Any

import pytest
from babel.messages.plurals import get_plural

from ui import text as words
from ui.text import catalogue
from ui.text.languages import TRANSLATED
from ui.text.pseudo import PLACEHOLDER

CODES = [lang.code for lang in TRANSLATED]

SHOWN = 12
"""How many problems a failure lists (the count says how many there are in all)."""


@functools.cache
def template() -> dict[Any, Any]:
    """The English catalogue's messages by key (msgid, context)."""
    return {
        (m.id if isinstance(m.id, str) else tuple(m.id), m.context): m
        for m in catalogue.read(catalogue.TEMPLATE)
        if m.id
    }


def po_of(code: str) -> Any:
    """``code``'s catalogue as Babel reads it (the test fails when there is none)."""
    po, _ = words.catalogue_files(code)
    assert po.is_file(), f"{po.relative_to(catalogue.PROJECT)} is missing"
    return catalogue.read(po)


def listed(problems: list[str]) -> str:
    return (
        f"{len(problems)} problems:\n"
        + "\n".join(problems[:SHOWN])
        + ("\n..." if len(problems) > SHOWN else "")
    )


def forms(message: Any) -> list[str]:
    """A message's translations: its one msgstr, or each plural form."""
    return [message.string] if isinstance(message.string, str) else list(message.string)


def fields(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    translated = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context): m for m in po_of(code) if m.id}
    problems = []
    for key, english in template().items():
        found = translated.get(key)
        shown = repr(english.id if isinstance(english.id, str) else english.id[0])
        if found is None:
            problems.append(f"missing: {shown}")
        elif found.fuzzy:
            problems.append(f"fuzzy: {shown}")
        elif not all(form.strip() for form in forms(found)):
            problems.append(f"not translated: {shown}")
    assert not problems, f"{code}: " + listed(problems)


@pytest.mark.parametrize("code", CODES)
def test_every_placeholder_is_kept_in_every_translation(code: str) -> None:
    problems = []
    for message in po_of(code):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = [fields(i) for i in ids]
        for n, form in enumerate(forms(message)):
            if not form:
                continue
            got = fields(form)
            if got not in wanted:  # a plural form may follow the singular's or the plural's fields
                problems.append(
                    f"{ids[0]!r} form {n}: {sorted(got)} but the English has {sorted(wanted[-1])}"
                )
    assert not problems, f"{code}: " + listed(problems)


@pytest.mark.parametrize("code", CODES)
def test_every_plural_has_as_many_forms_as_the_language(code: str) -> None:
    po = po_of(code)
    assert po.num_plurals == get_plural(code).num_plurals, "the Plural-Forms header is not the language's"
    problems = [
        f"{m.id[0]!r} has {len(m.string)} forms, the language {po.num_plurals}"
        for m in po
        if m.id and not isinstance(m.id, str) and len(m.string) != po.num_plurals
    ]
    assert not problems, f"{code}: " + listed(problems)


@pytest.mark.parametrize("code", CODES)
def test_every_catalogue_compiles_and_answers_each_count(code: str) -> None:
    messages = po_of(code)
    po, _ = words.catalogue_files(code)
    compiled = words.compiled(po.read_bytes())
    translations = gettext.GNUTranslations(io.BytesIO(compiled))
    plurals = [m for m in messages if m.id and not isinstance(m.id, str)]
    for message in plurals[:5]:
        for n in (0, 1, 2, 5, 11, 21, 22, 101):
            assert translations.ngettext(message.id[0], message.id[1], n)
    done = [m for m in messages if isinstance(m.id, str) and m.id and m.string and not m.fuzzy]
    assert done, f"{code}: nothing is translated"
    assert all(translations.gettext(m.id) == m.string for m in done)
