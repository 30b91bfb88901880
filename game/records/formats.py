"""The match record formats, one registry: each format's name, file name endings, how its bytes are
told apart (its sniff), its reader and its writer.

:data:`FORMATS` is the registry. Everything that lists or chooses a format is made from it: the
Open dialog's file filter and the saved matches' list (:func:`suffixes`, :func:`is_record_name`),
the ``analyze`` command's help and the strings that name the formats (:func:`either`,
:func:`described`), the format a record read is in (:func:`detect`: by its content, never its
name, so a record renamed or saved under another name still opens) and the one a record is
written in (:func:`format_for`: by the file's name). Today's formats: ``.mat`` text
(:mod:`game.records.mat`), GNU Backgammon's ``.sgf`` (:mod:`game.records.sgf`) and eXtreme
Gammon's binary ``.xg`` (:mod:`game.records.xg`, read, not written): an ``.xg`` file starts
with ``RGMH``, an ``.sgf`` file with ``(;``, and anything else is read as ``.mat`` text.

:func:`load_match` reads a file in whichever format and replays it (:mod:`game.records.replay`);
every reader's refusal is a :class:`game.records.errors.RecordError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

from game.records import mat, sgf, xg
from game.records.errors import MatFileError, Problem
from game.records.model import MatchRecord
from game.records.replay import ReplayedMatch, replay
from game.support.files import FileTooLargeError, read_regular

Reader = Callable[[bytes], MatchRecord]
"""A format's reader: a file's bytes to the record (a :class:`~game.records.errors.RecordError`
says what is wrong)."""

Writer = Callable[[MatchRecord, str], bytes]
"""A format's writer: the record and the program writing it to the file's bytes (a
:class:`~game.records.errors.ReplayError` for a record the format cannot hold)."""


@dataclass(frozen=True, slots=True)
class RecordFormat:
    """One match record format."""

    name: str
    """Its short name: ``mat``, ``sgf``, ``xg``."""

    title: str
    """How a player knows it: ``GNU Backgammon's .sgf``."""

    suffixes: tuple[str, ...]
    """The file name endings of its records (lower case), the usual one first."""

    sniff: Callable[[bytes], bool]
    """Whether a file's bytes are in this format (for the :attr:`fallback` format: any bytes)."""

    read: Reader
    """Its reader."""

    write: Writer | None = None
    """Its writer (None: the format is read, not written)."""

    programs: str = ""
    """The programs whose records of the format are read, where several are ("": one)."""

    fallback: bool = False
    """Bytes no other format's sniff claims are read as this format."""

    @property
    def suffix(self) -> str:
        """The usual file name ending."""
        return self.suffixes[0]


def _any(data: bytes) -> bool:
    del data
    return True


def _sgf_sniff(data: bytes) -> bool:
    head = data[:64].removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark
    return sgf.is_sgf(head.decode("latin-1"))


MAT = RecordFormat(
    "mat",
    ".mat",
    (".mat", ".txt"),
    _any,
    mat.read_bytes,
    mat.write_bytes,
    programs="GNU Backgammon, Jellyfish, eXtreme Gammon or FIBS/Snowie",
    fallback=True,
)
"""``.mat`` text, every program's (a ``.txt`` file too)."""

SGF = RecordFormat("sgf", "GNU Backgammon's .sgf", (".sgf",), _sgf_sniff, sgf.read_bytes, sgf.write_bytes)
"""GNU Backgammon's match file."""

XG = RecordFormat("xg", "eXtreme Gammon's .xg", (".xg",), xg.is_xg, xg.read_xg)
"""eXtreme Gammon's binary match file (read, not written)."""

FORMATS: tuple[RecordFormat, ...] = (MAT, SGF, XG)
"""Every format, in the order they are named."""

WRITTEN_BY_DEFAULT = MAT
"""The format a record is written in when its file's name asks for none."""


def suffixes() -> tuple[str, ...]:
    """Every format's file name endings (lower case), for listing a folder's records."""
    return tuple(s for f in FORMATS for s in f.suffixes)


def is_record_name(name: str) -> bool:
    """The file's name ends as a match record's does (any format's, any case)."""
    return PurePath(name).suffix.lower() in suffixes()


def either(items: Sequence[str]) -> str:
    """``a, b or c``: the items, as a choice."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def named(formats: Sequence[RecordFormat] | None = None) -> str:
    """The formats' usual endings as a choice: ``.mat, .sgf or .xg`` (default: every format)."""
    return either([f.suffix for f in FORMATS if formats is None or f in formats])


def described() -> str:
    """Every format as a choice, with the programs whose records are read: ``.mat (GNU
    Backgammon, ...), GNU Backgammon's .sgf or eXtreme Gammon's .xg``."""
    return either([f"{f.title} ({f.programs})" if f.programs else f.title for f in FORMATS])


def written() -> tuple[RecordFormat, ...]:
    """The formats a record can be written in."""
    return tuple(f for f in FORMATS if f.write is not None)


def detect(data: bytes) -> RecordFormat:
    """The format of a record's bytes, from their content."""
    for f in sorted(FORMATS, key=lambda f: f.fallback):
        if f.sniff(data):
            return f
    return WRITTEN_BY_DEFAULT


def read_record(data: bytes) -> MatchRecord:
    """A record's bytes read in its format; a :class:`~game.records.errors.RecordError` (the
    format's own) says what is wrong."""
    return detect(data).read(data)


def format_for(path: PurePath) -> RecordFormat:
    """The format a record written to ``path`` takes: the one whose ending the name has, else
    :data:`WRITTEN_BY_DEFAULT` (:class:`MatFileError` for a format read and not written)."""
    suffix = path.suffix.lower()
    chosen = next((f for f in FORMATS if suffix in f.suffixes), WRITTEN_BY_DEFAULT)
    if chosen.write is None:
        raise MatFileError(Problem.NOT_WRITTEN, format=chosen.title, written=named(written()))
    return chosen


def record_bytes(record: MatchRecord, fmt: RecordFormat, application: str = "Backgammon") -> bytes:
    """``record`` written in ``fmt``, as the file's bytes (``application`` names the program, where
    the format says it); a record the format cannot hold (the ``.sgf`` writer replays it: the
    rules refuse its play, a beaver in a match) raises :class:`~game.records.errors.ReplayError`."""
    if fmt.write is None:
        raise MatFileError(Problem.NOT_WRITTEN, format=fmt.title, written=named(written()))
    return fmt.write(record, application)


MAX_FILE = 16 << 20
"""Largest record read (bytes)."""


def replay_bytes(data: bytes) -> ReplayedMatch:
    """A record's bytes, in any format, read and replayed; a
    :class:`~game.records.errors.RecordError` if they cannot be."""
    return replay(read_record(data))


def load_match(path: Path) -> ReplayedMatch:
    """Read and replay a record file; a :class:`~game.records.errors.RecordError` if it cannot be."""
    try:
        data = read_regular(path, MAX_FILE)
    except FileTooLargeError:
        raise MatFileError(Problem.FILE_TOO_LARGE, most=MAX_FILE) from None
    except OSError as exc:
        raise MatFileError(Problem.CANNOT_READ_FILE, why=str(exc.strerror or exc)) from None
    return replay_bytes(data)
