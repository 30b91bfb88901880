"""The Open dialog's file browser without a window: folders and records listed, every way a folder
or an entry fails said in words, the recent files and saved matches it starts from, and each
action's next value and effect; the recent files kept in the settings through a crash."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game.support import files
from ui.model.file_browser import (
    Browser,
    Kind,
    ListFolder,
    Listing,
    OpenFile,
    Row,
    Told,
    expand,
    list_folder,
    look,
    shown_name,
    start_listing,
)
from ui.model.records import PENDING, SavedMatch
from ui.model.storage import RECENT_FILES, SETTINGS_FILE, Settings, Store, remember_file
from ui.text.browser import detail_words, row_name, told, why_words


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two folders, three records of each kind of name, a text note, a hidden file."""
    (tmp_path / "zeta").mkdir()
    (tmp_path / "Alpha").mkdir()
    for name in ("b.mat", "A.SGF", "c.xg", "notes.doc", ".hidden.mat"):
        (tmp_path / name).write_bytes(b"x" * 10)
    return tmp_path


def names(listing: Listing) -> list[str]:
    return [row_name(r) for r in listing.rows]


def test_a_folder_lists_the_folder_above_then_folders_then_records_each_by_name(folder: Path) -> None:
    listing = list_folder(folder, every_file=False)
    assert names(listing) == [".. (the folder above)", "Alpha", "zeta", "A.SGF", "b.mat", "c.xg"]
    assert [r.kind for r in listing.rows[:3]] == [Kind.PARENT, Kind.FOLDER, Kind.FOLDER]
    assert listing.rows[0].path == folder.parent and listing.hidden == 2 and listing.problem is None
    assert detail_words(listing.rows[4]).startswith("10 bytes · ")
    every = list_folder(folder, every_file=True)  # the reader goes by content: any file may be a record
    assert ".hidden.mat" in names(every) and "notes.doc" in names(every) and every.hidden == 0
    assert next(r for r in every.rows if r.name == "notes.doc").kind is Kind.FILE


def test_the_top_folder_has_no_folder_above() -> None:
    assert list_folder(Path("/"), every_file=False, limit=3).rows[0].kind is not Kind.PARENT


def test_a_huge_folder_is_listed_only_in_part_and_says_so(tmp_path: Path) -> None:
    for i in range(12):
        (tmp_path / f"{i:02}.mat").write_text("x")
    listing = list_folder(tmp_path, every_file=False, limit=5)
    assert len(listing.rows) == 1 + 5 and told(listing.problem).startswith(
        "Only the first 5 entries of this folder are listed"
    )


def test_a_folder_that_cannot_be_read_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(path: object) -> object:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(os, "scandir", refused)  # as for a user without the right (the tests run as root)
    listing = list_folder(tmp_path, every_file=False)
    assert told(listing.problem) == "This folder cannot be listed: you may not read it (permission denied)."
    assert [r.kind for r in listing.rows] == [Kind.PARENT]  # the way back stays


def test_links_that_loop_or_lead_nowhere_are_listed_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "loop.mat").symlink_to("loop.mat")
    (tmp_path / "gone.sgf").symlink_to("nothing-here.sgf")
    (tmp_path / "round").symlink_to("round")
    listing = list_folder(tmp_path, every_file=False)
    broken = {r.name: r for r in listing.rows if r.kind is Kind.BROKEN}
    assert set(broken) == {"loop.mat", "gone.sgf", "round"}
    assert why_words(broken["loop.mat"].why) == "it is a link that leads round in a loop"
    assert "not there" in why_words(broken["gone.sgf"].why)
    inside = list_folder(tmp_path / "round", every_file=False)
    assert told(inside.problem) == "This folder cannot be listed: it is a link that leads round in a loop."
    browser = Browser(listing, [r.name for r in listing.rows].index("loop.mat"))
    after, effect = browser.activate()
    assert (
        effect is None
        and told(after.message) == "loop.mat: cannot open it: it is a link that leads round in a loop."
    )


def test_odd_names_are_drawn_readable() -> None:
    assert shown_name("caf\udce9.mat") == "caf\ufffd.mat"  # a byte that was not UTF-8
    assert shown_name("two\nlines.mat") == "two?lines.mat" and shown_name("ok ♠.sgf") == "ok ♠.sgf"


def test_files_with_names_that_are_not_text_are_listed(tmp_path: Path) -> None:
    raw = os.fsencode(str(tmp_path)) + b"/caf\xe9\nx.mat"
    with open(raw, "wb") as fh:
        fh.write(b"x")
    (row,) = [r for r in list_folder(tmp_path, every_file=False).rows if r.kind is Kind.RECORD]
    assert row.name == "caf\ufffd?x.mat" and os.fsencode(row.path) == raw  # opened by its real name


def test_a_folder_row_lists_it_and_a_file_row_opens_it(folder: Path) -> None:
    browser = Browser(list_folder(folder, every_file=False), 1)
    listing_next, effect = browser.activate()
    assert effect == ListFolder(folder / "Alpha", False) and listing_next.reading == folder / "Alpha"
    alpha = list_folder(folder / "Alpha", every_file=False)
    assert listing_next.listed(alpha).listing is alpha
    stale = list_folder(folder / "zeta", every_file=False)  # not the folder asked for last: dropped
    assert listing_next.listed(stale) is listing_next
    _, opened = browser.move(2).activate()
    assert opened == OpenFile(folder / "A.SGF")


def test_going_up_picks_the_folder_left(folder: Path) -> None:
    inside = Browser(list_folder(folder / "zeta", every_file=False))
    up, effect = inside.up()
    assert effect == ListFolder(folder, False)
    shown = up.listed(list_folder(folder, every_file=False))
    chosen = shown.chosen()
    assert chosen is not None and chosen.path == folder / "zeta" and shown.reading is None


def test_the_pick_stays_in_the_list() -> None:
    rows = tuple(Row(Kind.RECORD, Path(f"{i}.mat"), f"{i}.mat") for i in range(4))
    b = Browser(Listing(Path("/x"), rows), 0)
    assert b.move(-1).selected == 0 and b.move(2).selected == 2 and b.move(10**9).selected == 3
    assert b.pick(7) is b and b.pick(1).selected == 1
    empty, effect = Browser(Listing(Path("/x")), None).activate()
    assert effect is None and "Pick a file or a folder" in told(empty.message)


def test_every_file_lists_the_folder_again(folder: Path) -> None:
    b = Browser(list_folder(folder, every_file=False))
    flipped, effect = b.toggle_every_file()
    assert flipped.every_file and effect == ListFolder(folder, True)


def test_a_typed_path_is_listed_if_a_folder_else_opened(folder: Path) -> None:
    b = Browser.starting(start_listing((), (), ()))
    asked, effect = b.typed(f'  "{folder}"  ')
    assert effect == ListFolder(folder, False, or_open=True) and asked.reading == folder
    assert isinstance(look(ListFolder(folder, False, or_open=True)), Listing)
    assert look(ListFolder(folder / "b.mat", False, or_open=True)) == OpenFile(folder / "b.mat")
    assert look(ListFolder(folder / "missing.mat", False, or_open=True)) == OpenFile(folder / "missing.mat")
    refused, nothing = b.typed("~nosuchuser-here-4711/x.mat")
    assert nothing is None and told(refused.message) == (
        "Cannot open ~nosuchuser-here-4711/x.mat: ~nosuchuser-here-4711 is no known user's home folder."
    )
    assert isinstance(expand("   "), Told) and expand("~") == Path.home()
    inside = Browser(list_folder(folder, every_file=False))
    assert inside.typed("b.mat")[1] == ListFolder(
        folder / "b.mat", False, or_open=True
    )  # in the folder listed
    assert b.typed("x.mat")[1] == ListFolder(Path.home() / "x.mat", False, or_open=True)  # at the start: home


def test_the_start_lists_recent_files_then_saved_matches_then_folders(tmp_path: Path) -> None:
    one, two = tmp_path / "one.mat", tmp_path / "m" / "two.sgf"
    saved = (
        SavedMatch(two, "", PENDING),
        SavedMatch(tmp_path / "m" / "three.mat", "2026-01-02 10:00", 5, ("You", "Computer"), (2, 5)),
    )
    listing = start_listing((str(one), str(two)), saved, (("Your home folder", tmp_path),))
    assert [r.kind for r in listing.rows] == [Kind.RECENT, Kind.RECENT, Kind.SAVED, Kind.PLACE]
    assert [r.name for r in listing.rows] == ["one.mat", "two.sgf", "three.mat", "Your home folder"]
    assert (
        detail_words(listing.rows[2]) == "1/2/26, 10:00\u202fAM · 5 pt · You 2 - 5 Computer"
        and listing.folder is None
    )
    b = Browser.starting(listing)
    assert b.activate()[1] == OpenFile(one) and b.move(3).activate()[1] == ListFolder(tmp_path, False)
    assert b.up()[1] is None and "This is the start" in told(b.up()[0].message)


def test_recent_files_are_newest_first_once_each_and_at_most_ten() -> None:
    recent: tuple[str, ...] = ()
    for i in range(12):
        recent = remember_file(recent, f"/m/{i}.mat")
    recent = remember_file(recent, "/m/5.mat")
    assert len(recent) == RECENT_FILES and recent[0] == "/m/5.mat" and recent.count("/m/5.mat") == 1
    assert recent[1] == "/m/11.mat" and "/m/0.mat" not in recent
    assert remember_file(recent, "bad\0path") == recent


def test_recent_files_are_kept_in_the_settings_and_survive_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(recent_files=("/m/a.mat", "/m/caf\udce9.sgf")))
    kept, told = store.load_settings()
    assert told is None and kept.recent_files == ("/m/a.mat", "/m/caf\udce9.sgf")

    def killed(src: object, dst: object) -> None:
        raise KeyboardInterrupt  # the process dies between writing the new file and renaming it

    monkeypatch.setattr(files.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save_settings(Settings(recent_files=("/m/b.mat",)))
    monkeypatch.undo()
    kept, told = store.load_settings()
    assert told is None and kept.recent_files == ("/m/a.mat", "/m/caf\udce9.sgf")
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]  # no half-written file left
    (tmp_path / SETTINGS_FILE).write_text('{"recent_files": ["ok.mat", 3]}')
    repaired, told = store.load_settings()  # a damaged entry: the setting's default, and said
    assert repaired.recent_files == () and told is not None
