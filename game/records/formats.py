"""Match record files in every format the game reads, told apart by their content.

``.mat`` text (:mod:`game.records.mat`), GNU Backgammon's ``.sgf`` (:mod:`game.records.sgf`)
and eXtreme Gammon's binary ``.xg`` (:mod:`game.records.xg`): an ``.xg`` file starts with
``RGMH``, an ``.sgf`` file with ``(;``, and anything else is read as ``.mat`` text. The file's
name plays no part, so a record renamed or saved under another name still opens.
"""

from __future__ import annotations

from enum import Enum

from game.records.mat import MatchRecord
from game.records.mat_reader import decode, read_match
from game.records.sgf import is_sgf, read_sgf
from game.records.xg import is_xg, read_xg


class RecordFormat(Enum):
    """A match record's file format."""

    MAT = "mat"
    SGF = "sgf"
    XG = "xg"


SUFFIXES = (".mat", ".txt", ".sgf", ".xg")
"""The file name endings of match records, for listing a folder's records."""


def detect(data: bytes) -> RecordFormat:
    """The format of a record's bytes, from their content."""
    if is_xg(data):
        return RecordFormat.XG
    head = data[:64].removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark
    if is_sgf(head.decode("latin-1")):
        return RecordFormat.SGF
    return RecordFormat.MAT


def read_record(data: bytes) -> MatchRecord:
    """A record's bytes read in its format; :class:`game.records.mat.MatFileError` (or the
    format's own subclass of it) says what is wrong."""
    match detect(data):
        case RecordFormat.XG:
            return read_xg(data)
        case RecordFormat.SGF:
            return read_sgf(decode(data))
        case RecordFormat.MAT:
            return read_match(decode(data))
