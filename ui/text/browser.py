"""The Open dialog's words: its rows' details, why an entry cannot be opened, what it tells the
player (:mod:`ui.model.file_browser`'s typed values worded; no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ui.model.file_browser import Detail, Kind, Listing, Row, Say, Told, Trouble, Why, shown_name
from ui.text import N_, _, file_time, ngettext

TROUBLES: Mapping[Trouble, str] = MappingProxyType(
    {
        Trouble.PERMISSION: N_("you may not read it (permission denied)"),
        Trouble.LOOP: N_("it is a link that leads round in a loop"),
        Trouble.MISSING: N_("it is not there (moved, deleted, or a link to nothing)"),
        Trouble.NOT_FOLDER: N_("it is not a folder"),
        Trouble.NOT_A_FILE: N_("it is a device, pipe or socket, not a file"),
    }
)
"""Why an entry cannot be opened (the operating system's own reason otherwise)."""


def why_words(why: Why | None) -> str:
    """Why an entry cannot be opened or a folder listed."""
    if why is None:
        return ""
    return _(TROUBLES[why.trouble]) if why.trouble in TROUBLES else why.text


def size_words(n: int) -> str:
    """A file's size: "10 bytes", "12 kB", "1.5 MB"."""
    if n < 1024:
        return ngettext("{count} byte", "{count} bytes", n).format(count=n)
    if n < 1024 * 1024:
        return _("{size:.0f} kB").format(size=n / 1024)
    return _("{size:.1f} MB").format(size=n / (1024 * 1024))


def detail_words(row: Row) -> str:
    """A row's detail column: its size and date, the match it holds, where it is (why, for an entry
    that cannot be opened)."""
    match row.detail:
        case Detail.NONE:
            return ""
        case Detail.FOLDER:
            return _("folder")
        case Detail.BROKEN_LINK:
            return why_words(row.why) if row.why else _("a link that cannot be opened")
        case Detail.BROKEN_ENTRY:
            return why_words(row.why) if row.why else _("an entry that cannot be opened")
        case Detail.NOT_A_FILE:
            return why_words(row.why) if row.why else _("not a file")
        case Detail.FILE:
            return f"{size_words(row.size)} · {row.info}"
        case Detail.PATH:
            return row.info
        case Detail.READING:
            return _("reading…")
        case Detail.UNREADABLE:
            return _("cannot be read")
        case Detail.MATCH:
            m = row.match
            if m is None:
                return ""
            what = _("{length} pt").format(length=m.length) if m.length else _("money")
            return shown_name(
                f"{file_time(m.when)} · {what} · {m.players[0]} {m.score[0]} - {m.score[1]} {m.players[1]}"
            )


def row_name(row: Row) -> str:
    """A row's name as listed (the folder above named so)."""
    return _(".. (the folder above)") if row.kind is Kind.PARENT else row.name


def title(listing: Listing) -> str:
    """What the listing is, for the line above it."""
    return (
        _("Recent files and your saved matches")
        if listing.folder is None
        else shown_name(str(listing.folder))
    )


def told(message: Told | None) -> str:
    """What the browser tells the player ("" for nothing)."""
    if message is None:
        return ""
    match message.say:
        case Say.PICK_A_ROW:
            return _("Pick a file or a folder in the list, or type a path.")
        case Say.CANNOT_OPEN_ROW:
            return _("{name}: cannot open it: {why}.").format(name=message.name, why=why_words(message.why))
        case Say.AT_START:
            return _("This is the start: open one of the folders listed, or type a path.")
        case Say.AT_TOP:
            return _("This folder is the top: there is none above it.")
        case Say.CANNOT_LIST:
            return _("This folder cannot be listed: {why}.").format(why=why_words(message.why))
        case Say.TOO_MANY:
            return ngettext(
                "Only the first {count} entry of this folder is listed: type a file's name below.",
                "Only the first {count} entries of this folder are listed: type a file's name below.",
                message.number,
            ).format(count=message.number)
        case Say.TYPE_A_PATH:
            return _("Type or paste a file's or folder's path (Ctrl+V), or pick one in the list.")
        case Say.NUL_IN_PATH:
            return _("A path holds no NUL character.")
        case Say.UNKNOWN_HOME:
            return _("Cannot open {path}: {why}.").format(path=message.name, why=why_words(message.why))
