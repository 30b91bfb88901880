"""A match record written in the format its file's name asks for.

``.sgf`` is GNU Backgammon's match file (:func:`game.records.sgf_write.format_sgf`); ``.mat``,
``.txt`` and any other name the ``.mat`` text (:func:`game.records.mat.format_match`). eXtreme
Gammon's ``.xg`` is read, never written: asking for it is refused before anything is done, so
that a command can say so before it plays a match.
"""

from __future__ import annotations

from pathlib import PurePath

from game.records.formats import RecordFormat
from game.records.mat import MatchRecord, MatFileError, format_match
from game.records.sgf_write import format_sgf

WRITTEN = {".sgf": RecordFormat.SGF}
"""Suffixes (lower case) written in a format other than ``.mat`` text."""

UNWRITTEN = {".xg": "eXtreme Gammon's .xg is read, not written: name a .mat or .sgf file"}
"""Suffixes that are refused, with why."""


def format_for(path: PurePath) -> RecordFormat:
    """The format a record written to ``path`` takes (:class:`MatFileError` for one not written)."""
    suffix = path.suffix.lower()
    if suffix in UNWRITTEN:
        raise MatFileError(UNWRITTEN[suffix])
    return WRITTEN.get(suffix, RecordFormat.MAT)


def record_bytes(record: MatchRecord, fmt: RecordFormat, application: str = "Backgammon") -> bytes:
    """``record`` in ``fmt``, as the file's bytes (UTF-8); a record the ``.sgf`` writer cannot
    write (the rules refuse its play, a beaver in a match) raises
    :class:`game.records.replay.ReplayError`."""
    match fmt:
        case RecordFormat.SGF:
            return format_sgf(record, application).encode("utf-8")
        case RecordFormat.MAT:
            return format_match(record).encode("utf-8")
        case RecordFormat.XG:
            raise MatFileError(UNWRITTEN[".xg"])
