"""Where the corpus of real records made by other people lies, when this checkout has one.

Records other people wrote are not committed here: they come from public repositories, which
workplace rules keep out of the project's commits. The tests read them from a corpus folder:
``BACKGAMMON_RECORDS_CORPUS`` if set, else ``shared/records`` in or beside the checkout (the
``shared/`` folder every developer and CI run has). Inside it, ``mat/<writer>/<file>`` holds the
text records (tests/data/records/SOURCES.md says where each came from; gnubg_truth.json there is
GNU Backgammon's reading of them) and ``formats/`` the real ``.sgf``/``.xg`` files
(tests/data/sgf/SOURCES.md).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def corpus_root() -> Path | None:
    """The corpus folder, or None where this checkout has none."""
    named = os.environ.get("BACKGAMMON_RECORDS_CORPUS")
    if named:
        return Path(named)
    for base in (ROOT, *ROOT.parents):
        folder = base / "shared" / "records"
        if folder.is_dir():
            return folder
    return None


def corpus_part(name: str) -> Path | None:
    """One part of the corpus (``mat`` or ``formats``), or None."""
    root = corpus_root()
    return None if root is None or not (root / name).is_dir() else root / name
