"""The Open dialog's file browser (no pygame): the folders and match records it lists, the recent
files and saved matches it starts from, and what each key or click does with them.

A :class:`Browser` is one frozen value: the rows shown (a :class:`Listing`), the row picked, and
whether every file is shown or only the records. Each action is a method returning the next value
and, where the filesystem must be asked, an effect for the scene to carry out off the window's
thread: :class:`ListFolder` (list a folder, or open the path as a file when it is not one) or
:class:`OpenFile` (read the record and review it). :func:`list_folder` is that listing: it runs on
a thread of its own, reads at most :data:`MAX_ENTRIES` entries (a folder of a million files is
listed in part, and says so), and turns every way a folder or an entry can fail (no permission, a
link that leads round in a loop or to nothing, a name that is not valid text) into typed values
(:class:`Why`, :class:`Detail`, :class:`Told`) that :mod:`ui.text.browser` words.

The records listed are the files whose names end as a format of the registry says
(:func:`game.records.formats.suffixes`: ``.mat``, ``.txt``, ``.sgf``, ``.xg``); the reader tells
the formats apart by their content, so "all files" lists the rest too, and any of them may be
opened.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import stat
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum, auto
from pathlib import Path

from game.records.formats import suffixes
from game.support.files import UnknownHomeError, user_path
from ui.model.records import SavedMatch

MAX_ENTRIES = 5000
"""The most entries of one folder looked at: past it the listing stops and says how far it got."""


class Kind(Enum):
    """What a row of the browser is."""

    PARENT = "parent"
    """The folder above the one listed."""
    FOLDER = "folder"
    """A folder in the one listed."""
    PLACE = "place"
    """A folder to start from (the start view: home, the saved matches' folder, recent folders)."""
    RECORD = "record"
    """A file whose name is a match record's."""
    FILE = "file"
    """Any other file (listed when every file is shown)."""
    RECENT = "recent"
    """A file opened lately (the start view)."""
    SAVED = "saved"
    """One of the player's own matches (the start view)."""
    BROKEN = "broken"
    """An entry that cannot be looked at: a link that leads round in a loop or to nothing."""

    @property
    def is_folder(self) -> bool:
        """Opening it lists a folder."""
        return self in (Kind.PARENT, Kind.FOLDER, Kind.PLACE)


class Trouble(Enum):
    """Why an entry cannot be opened or a folder listed."""

    PERMISSION = auto()
    """The player may not read it."""
    LOOP = auto()
    """A link that leads round in a loop."""
    MISSING = auto()
    """Not there (moved, deleted, or a link to nothing)."""
    NOT_FOLDER = auto()
    """Not a folder."""
    NOT_A_FILE = auto()
    """A device, pipe or socket."""
    OTHER = auto()
    """The operating system's own reason (:attr:`Why.text`)."""


@dataclass(frozen=True, slots=True)
class Why:
    """Why an entry cannot be opened or a folder listed."""

    trouble: Trouble
    """The kind."""
    text: str = ""
    """The operating system's words (:attr:`Trouble.OTHER`)."""


class Detail(Enum):
    """What a row's detail column says."""

    NONE = auto()
    FOLDER = auto()
    """A folder."""
    BROKEN_LINK = auto()
    """A link that cannot be opened."""
    BROKEN_ENTRY = auto()
    """An entry that cannot be opened."""
    NOT_A_FILE = auto()
    """A device, pipe or socket."""
    FILE = auto()
    """A file: its size and date (:attr:`Row.size`, :attr:`Row.info`)."""
    PATH = auto()
    """Where it is (:attr:`Row.info`)."""
    READING = auto()
    """A saved match being read."""
    UNREADABLE = auto()
    """A saved match that cannot be read."""
    MATCH = auto()
    """A saved match: when, its length, players and score (:attr:`Row.match`)."""


class Say(Enum):
    """What the browser tells the player."""

    PICK_A_ROW = auto()
    CANNOT_OPEN_ROW = auto()
    AT_START = auto()
    AT_TOP = auto()
    CANNOT_LIST = auto()
    TOO_MANY = auto()
    TYPE_A_PATH = auto()
    NUL_IN_PATH = auto()
    UNKNOWN_HOME = auto()


@dataclass(frozen=True, slots=True)
class Told:
    """A message of the browser: what, the entry or path it names, why, a number."""

    say: Say
    """What."""
    name: str = ""
    """The entry's or path's name."""
    why: Why | None = None
    """Why (an entry or folder that cannot be opened)."""
    number: int = 0
    """A number (the entries listed at most)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the browser."""

    kind: Kind
    """What it is."""
    path: Path
    """The file or folder."""
    name: str
    """What is shown (a name that is not valid text made readable: :func:`shown_name`)."""
    detail: Detail = Detail.NONE
    """What its detail column says: its size and date, the match it holds, where it is."""
    info: str = ""
    """The detail's data: a file's date, a place's path."""
    size: int = 0
    """A file's size in bytes."""
    match: SavedMatch | None = None
    """A saved match (:attr:`Detail.MATCH`)."""
    why: Why | None = None
    """For an entry that cannot be opened: why."""


@dataclass(frozen=True, slots=True)
class Listing:
    """The rows of a folder, or of the start view."""

    folder: Path | None
    """The folder listed; None for the start view (recent files, saved matches, places)."""
    rows: tuple[Row, ...] = ()
    """Folders first, then files, each by name; the start view in its own order."""
    problem: Told | None = None
    """Why the folder could not be listed (or listed only in part); None when it was."""
    hidden: int = 0
    """Files left out because they are not records (or are hidden: their names start with a dot)."""


@dataclass(frozen=True, slots=True)
class ListFolder:
    """An effect: list ``path`` off the window's thread (:func:`list_folder`); when it is not a
    folder and ``or_open`` is set, open it as a file instead."""

    path: Path
    """The folder."""
    every_file: bool
    """List every file, not only records."""
    or_open: bool = False
    """A typed path: a file is opened, a folder listed."""


@dataclass(frozen=True, slots=True)
class OpenFile:
    """An effect: read the record in ``path`` off the window's thread and review it."""

    path: Path
    """The file."""


Effect = ListFolder | OpenFile | None
"""What the scene is asked to do after an action (None: nothing)."""


def shown_name(name: str) -> str:
    """A file name as it can be drawn: bytes that were not valid text (kept by Python as lone
    surrogates) become "�", control characters (a newline in a name) "?"."""
    out = []
    for ch in name:
        if "\ud800" <= ch <= "\udfff":
            out.append("\ufffd")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp"):
            out.append("?")
        else:
            out.append(ch)
    return "".join(out)


def why_not(exc: OSError) -> Why:
    """Why an OS error happened, for the player."""
    match exc.errno:
        case errno.EACCES | errno.EPERM:
            return Why(Trouble.PERMISSION)
        case errno.ELOOP:
            return Why(Trouble.LOOP)
        case errno.ENOENT:
            return Why(Trouble.MISSING)
        case errno.ENOTDIR:
            return Why(Trouble.NOT_FOLDER)
        case _:
            return Why(Trouble.OTHER, exc.strerror or str(exc))


def _when(seconds: float) -> str:
    try:
        return datetime.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):
        return ""


def is_record_name(name: str) -> bool:
    """The file's name is a match record's (any format's in :data:`~game.records.formats.FORMATS`)."""
    return os.path.splitext(name)[1].lower() in suffixes()


def _entry_row(entry: os.DirEntry[str], every_file: bool) -> Row | None:
    """A folder entry as a row; None when it is left out (not a record, or hidden)."""
    name, path = entry.name, Path(entry.path)
    hidden = name.startswith(".")
    try:
        info = entry.stat()  # follows a link
    except OSError as exc:
        if hidden and not every_file:
            return None
        detail = Detail.BROKEN_LINK if entry.is_symlink() else Detail.BROKEN_ENTRY
        return Row(Kind.BROKEN, path, shown_name(name), detail, why=why_not(exc))
    if stat.S_ISDIR(info.st_mode):
        return None if hidden and not every_file else Row(Kind.FOLDER, path, shown_name(name), Detail.FOLDER)
    record = is_record_name(name) and not hidden
    if not record and not every_file:
        return None
    if not stat.S_ISREG(info.st_mode):
        return Row(Kind.BROKEN, path, shown_name(name), Detail.NOT_A_FILE, why=Why(Trouble.NOT_A_FILE))
    kind = Kind.RECORD if record else Kind.FILE
    return Row(kind, path, shown_name(name), Detail.FILE, _when(info.st_mtime), info.st_size)


def _order(row: Row) -> tuple[int, str, str]:
    return (0 if row.kind is Kind.FOLDER else 1, row.name.casefold(), row.name)


def list_folder(folder: Path, every_file: bool, limit: int = MAX_ENTRIES) -> Listing:
    """The folders and records (or every file) in ``folder``, sorted, the folder above first; at
    most ``limit`` entries looked at. Never raises for the filesystem: what went wrong is the
    listing's :attr:`Listing.problem` (run it off the window's thread: a folder may be slow)."""
    parent = folder.parent
    rows: list[Row] = [] if parent == folder else [Row(Kind.PARENT, parent, "..", Detail.FOLDER)]
    kept: list[Row] = []
    left, seen, problem = 0, 0, None
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                seen += 1
                if seen > limit:
                    problem = Told(Say.TOO_MANY, number=limit)
                    break
                row = _entry_row(entry, every_file)
                if row is None:
                    left += 1
                else:
                    kept.append(row)
    except OSError as exc:
        return Listing(folder, tuple(rows), Told(Say.CANNOT_LIST, why=why_not(exc)))
    kept.sort(key=_order)
    return Listing(folder, (*rows, *kept), problem, left)


def look(effect: ListFolder) -> Listing | OpenFile:
    """Carry out a :class:`ListFolder` (off the window's thread): the folder's listing, or, for a
    typed path that is not a folder, the file to open."""
    if effect.or_open:
        try:
            folder = effect.path.is_dir()
        except (OSError, ValueError):
            folder = False
        if not folder:
            return OpenFile(effect.path)
    return list_folder(effect.path, effect.every_file)


def saved_row(m: SavedMatch) -> Row:
    """One of the player's saved matches: when, length, players and score once read."""
    if m.is_pending():
        detail = Detail.READING
    elif not m.is_readable():
        detail = Detail.UNREADABLE
    else:
        detail = Detail.MATCH
    return Row(Kind.SAVED, m.path, shown_name(m.path.name), detail, match=m)


def start_listing(
    recent: Sequence[str], saved: Sequence[SavedMatch], places: Sequence[tuple[str, Path]]
) -> Listing:
    """The start view: the files opened lately (newest first), the player's saved matches (newest
    first), then folders to browse from (``places``: a name and a folder each)."""
    rows = [
        Row(Kind.RECENT, Path(p), shown_name(Path(p).name or p), Detail.PATH, shown_name(str(Path(p).parent)))
        for p in recent
    ]
    opened = {Path(p) for p in recent}
    rows += [saved_row(m) for m in saved if m.path not in opened]
    rows += [Row(Kind.PLACE, folder, name, Detail.PATH, shown_name(str(folder))) for name, folder in places]
    return Listing(None, tuple(rows))


def expand(text: str) -> Path | Told:
    """A typed or pasted path (quotes and spaces about it dropped, ``~`` for a home folder): the
    path, or why it is not one."""
    typed = text.strip().strip('"').strip("'").strip()
    if not typed:
        return Told(Say.TYPE_A_PATH)
    if "\0" in typed:
        return Told(Say.NUL_IN_PATH)
    try:
        return user_path(typed)
    except UnknownHomeError as exc:  # ~someone who is not a user here
        return Told(Say.UNKNOWN_HOME, typed, Why(Trouble.OTHER, exc.strerror or str(exc)))


@dataclass(frozen=True, slots=True)
class Browser:
    """The Open dialog's list: what it shows, the row picked, and what is being listed."""

    listing: Listing
    """The rows shown."""
    selected: int | None = 0
    """The row picked (None: no row)."""
    every_file: bool = False
    """Every file is listed, not only records."""
    reading: Path | None = None
    """A folder being listed off the window's thread (its rows come with :meth:`listed`)."""
    came_from: Path | None = None
    """The folder left by going up: picked in its parent's listing when that comes."""
    message: Told | None = None
    """What the last action could not do (None when it did)."""

    @classmethod
    def starting(cls, listing: Listing) -> Browser:
        """The start view, its first row picked."""
        return cls(listing, 0 if listing.rows else None)

    def chosen(self) -> Row | None:
        """The row picked."""
        if self.selected is None or not 0 <= self.selected < len(self.listing.rows):
            return None
        return self.listing.rows[self.selected]

    def move(self, step: int) -> Browser:
        """The pick ``step`` rows down (up when negative), kept in the list."""
        n = len(self.listing.rows)
        if not n:
            return self
        at = (self.selected if self.selected is not None else (-1 if step > 0 else n)) + step
        return replace(self, selected=max(0, min(n - 1, at)), message=None)

    def pick(self, row: int) -> Browser:
        """Row ``row`` picked (a click)."""
        if not 0 <= row < len(self.listing.rows):
            return self
        return replace(self, selected=row, message=None)

    def activate(self) -> tuple[Browser, Effect]:
        """Open the row picked: a folder is listed, a file reviewed; an entry that cannot be opened
        says why."""
        row = self.chosen()
        if row is None:
            return replace(self, message=Told(Say.PICK_A_ROW)), None
        if row.kind is Kind.BROKEN:
            return replace(self, message=Told(Say.CANNOT_OPEN_ROW, row.name, row.why)), None
        if row.kind.is_folder:
            came = self.listing.folder if row.kind is Kind.PARENT else None
            return self.open_folder(row.path, came)
        return replace(self, message=None), OpenFile(row.path)

    def open_folder(self, folder: Path, came_from: Path | None = None) -> tuple[Browser, Effect]:
        """Ask for ``folder``'s listing (shown once it comes)."""
        return replace(self, reading=folder, came_from=came_from, message=None), ListFolder(
            folder, self.every_file
        )

    def up(self) -> tuple[Browser, Effect]:
        """The folder above the one listed."""
        folder = self.listing.folder
        if folder is None:
            return replace(self, message=Told(Say.AT_START)), None
        if folder.parent == folder:
            return replace(self, message=Told(Say.AT_TOP)), None
        return self.open_folder(folder.parent, folder)

    def toggle_every_file(self) -> tuple[Browser, Effect]:
        """Every file listed, or only records (the folder listed again)."""
        flipped = replace(self, every_file=not self.every_file, message=None)
        folder = self.listing.folder
        if folder is None:
            return flipped, None
        return flipped.open_folder(folder)

    def typed(self, text: str) -> tuple[Browser, Effect]:
        """A typed or pasted path: a folder is listed, a file reviewed; a name alone (a relative
        path) is looked for in the folder listed (at the start, in the home folder)."""
        path = expand(text)
        if isinstance(path, Told):
            return replace(self, message=path), None
        if not path.is_absolute():
            base = self.listing.folder
            if base is None:
                with contextlib.suppress(RuntimeError, KeyError):
                    base = Path.home()
            if base is not None:
                path = base / path
        return replace(self, reading=path, came_from=None, message=None), ListFolder(
            path, self.every_file, or_open=True
        )

    def listed(self, listing: Listing) -> Browser:
        """A listing has come: shown if it is the one asked for last (the folder left by going up
        picked in it), else dropped."""
        if listing.folder != self.reading:
            return self
        rows = listing.rows
        at = next(
            (i for i, r in enumerate(rows) if self.came_from is not None and r.path == self.came_from), None
        )
        if at is None:
            at = next((i for i, r in enumerate(rows) if r.kind is not Kind.PARENT), 0 if rows else None)
        return Browser(listing, at, self.every_file, None, None, listing.problem)

    def not_listed(self, why: Told | None = None) -> Browser:
        """The folder asked for could not be listed (a typed path to nothing): the list stays."""
        return replace(self, reading=None, came_from=None, message=why)

    def restart(self, listing: Listing) -> Browser:
        """The start view again (recent files, saved matches, places), its first row picked."""
        return Browser(listing, 0 if listing.rows else None, self.every_file, None, None, None)

    def refreshed(self, listing: Listing) -> Browser:
        """The start view's rows filled in (the saved matches read): the same row stays picked."""
        if self.listing.folder is not None or self.reading is not None:
            return self
        n = len(listing.rows)
        keep = None if self.selected is None or not n else min(self.selected, n - 1)
        return replace(self, listing=listing, selected=keep)
