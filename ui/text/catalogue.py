"""The catalogue's tool: extract every marked phrase into ``ui/text/locale/messages.pot`` (with
Babel), update each language's ``.po`` from it, compile each into its ``.mo``, and check that the
catalogue is up to date.

Run from the project's folder::

    python -m ui.text.catalogue update    # all of it: extract, update every .po, compile every .mo,
                                          # and remake the Japanese font's subset where it can
    python -m ui.text.catalogue extract   # write messages.pot, update every messages.po
    python -m ui.text.catalogue compile   # compile every messages.po into messages.mo (a build
                                          # output, never committed: the game reads it when newer)
    python -m ui.text.catalogue check     # exit 1, naming them, when a phrase is missing or stale

The mapping is ``babel.cfg``; the keywords are Babel's defaults (``_``, ``N_``, ``ngettext``,
``pgettext``, ``npgettext``) and :data:`KEYWORDS`' own. The same extraction by hand:
``pybabel extract -F babel.cfg -k Nn_:1,2 -c TRANSLATORS: --no-wrap -o ui/text/locale/messages.pot .``
(with line numbers, which this tool leaves out so that an edit elsewhere in a file does not change
the catalogue).
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ui.text import DOMAIN, LOCALE_DIR

PROJECT = LOCALE_DIR.parent.parent.parent
"""The project's folder (the catalogue's locations are relative to it)."""

MAPPING = PROJECT / "babel.cfg"
"""Which files are read, and how."""

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
"""The English catalogue."""

KEYWORDS: dict[str, Any] = {"Nn_": (1, 2)}
"""The marks of ours beside Babel's: ``Nn_(singular, plural)`` marks a table's plural phrase."""

COMMENT_TAG = "TRANSLATORS:"
"""A comment starting so, just above a phrase, goes into the catalogue for its translators."""

Key = tuple[str | tuple[str, ...], str | None]
"""A message as the catalogue knows it: its msgid (a plural's two) and its context."""


def extracted() -> Any:
    """A Babel catalogue of every phrase marked in the code (locations by file, no line numbers)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    catalogue = Catalog(project="backgammon", domain=DOMAIN, fuzzy=False, charset="utf-8")
    found = extract_from_dir(
        PROJECT,
        method_map,
        options_map,
        keywords={**DEFAULT_KEYWORDS, **KEYWORDS},
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    )
    for filename, line, message, comments, context in found:
        catalogue.add(
            message, None, [(Path(filename).as_posix(), line)], auto_comments=comments, context=context
        )
    return catalogue


def keys(catalogue: Any) -> set[Key]:
    """The messages of ``catalogue`` (its header left out)."""
    return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in catalogue if m.id}


def read(path: Path) -> Any:
    """The catalogue in ``path``."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f)


def text_of(catalogue: Any) -> bytes:
    """``catalogue`` as a ``.po`` file's bytes (unwrapped, locations without line numbers)."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalogue, width=0, include_lineno=False)
    return out.getvalue()


def _described(found: Iterable[Key]) -> list[str]:
    return sorted(f"{ident!r}" + (f" (context {context!r})" if context else "") for ident, context in found)


def check() -> list[str]:
    """What is wrong with the catalogue: each phrase in the code but not in it, each in it but no
    longer in the code (empty: up to date)."""
    if not TEMPLATE.is_file():
        return [f"{TEMPLATE.relative_to(PROJECT)} is missing: run python -m ui.text.catalogue extract"]
    code, kept = keys(extracted()), keys(read(TEMPLATE))
    return [f"missing from the catalogue: {m}" for m in _described(code - kept)] + [
        f"in the catalogue but not in the code: {m}" for m in _described(kept - code)
    ]


def extract() -> int:
    """Write the catalogue (its creation date kept when it had one) and update each language's
    ``.po`` beside it (in its folder's ``<lang>/LC_MESSAGES``) from it; the number of messages."""
    catalogue = extracted()
    if TEMPLATE.is_file():
        catalogue.creation_date = read(TEMPLATE).creation_date
    else:
        catalogue.creation_date = datetime.datetime.now(datetime.UTC)
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    new = text_of(catalogue)
    if not TEMPLATE.is_file() or TEMPLATE.read_bytes() != new:
        TEMPLATE.write_bytes(new)
    for po in sorted(TEMPLATE.parent.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):  # the languages beside it
        translated = read(po)
        translated.update(catalogue)
        po.write_bytes(text_of(translated))
    return len(keys(catalogue))


def compile_all() -> list[str]:
    """Compile each language's ``.po`` into the ``.mo`` beside it; a line for each (its messages
    translated, of how many), or why it does not compile."""
    from ui.text import CatalogueError, compiled

    total = len(keys(read(TEMPLATE))) if TEMPLATE.is_file() else 0
    said = []
    for po in sorted(TEMPLATE.parent.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):  # the template's languages
        where = po.relative_to(PROJECT)
        try:
            po.with_suffix(".mo").write_bytes(compiled(po.read_bytes()))
        except (CatalogueError, OSError) as exc:
            said.append(f"{where}: does not compile: {exc}")
            continue
        done = sum(
            1
            for m in read(po)
            if m.id and not m.fuzzy and all([m.string] if isinstance(m.string, str) else m.string)
        )
        said.append(f"{where}: {done} of {total} messages translated")
    return said


def main(argv: list[str] | None = None) -> int:
    """The command line: ``update``, ``extract``, ``compile`` or ``check``."""
    parser = argparse.ArgumentParser(prog="python -m ui.text.catalogue", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "extract", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command in ("update", "extract"):
        count = extract()
        print(f"{TEMPLATE.relative_to(PROJECT)}: {count} messages")
    if args.command in ("update", "compile"):
        said = compile_all()
        print("\n".join(said))
        if any("does not compile" in line for line in said):
            return 1
    if args.command == "update":
        from ui.text import cjk_font

        if cjk_font.main([]) != 0:
            print("the Japanese font's subset was not remade (see above)", file=sys.stderr)
    if args.command != "check":
        return 0
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("run: python -m ui.text.catalogue extract", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
