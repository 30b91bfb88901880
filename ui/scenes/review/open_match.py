"""Opening a match record into the review: a file browser (the files opened lately, the player's
saved matches, folders to browse, a typed or pasted path), and the one way a file (chosen, typed,
pasted or dropped on the window) becomes a review.

What the browser shows and does is the model :class:`ui.model.file_browser.Browser` (tested
without a window); this screen draws it and carries out its effects off the window's thread: a
folder is listed on a thread of its own (a slow or huge folder never stops the window), a record is
read as a file job (:mod:`ui.app.file_jobs`) and parsed by the review's worker. Its commands
are one table, :data:`BROWSER_ACTIONS`: each a button and its keys; Enter runs the ringed button.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pygame

from game.records.errors import Problem, RecordError
from game.records.formats import MAX_FILE
from game.support.files import FileTooLargeError, read_regular
from ui.model.file_browser import (
    Browser,
    Effect,
    Kind,
    ListFolder,
    Listing,
    OpenFile,
    Row,
    look,
    shown_name,
    start_listing,
)
from ui.model.records import MatchListing, SavedMatch, record_files
from ui.model.storage import remember_file
from ui.scenes.action_table import Key
from ui.scenes.base import Choice, Context, Dialog
from ui.scenes.review.scene import ReviewScene
from ui.text import N_, _, file_time, ngettext
from ui.text.browser import detail_words, row_name, title, told
from ui.text.errors import file_error
from ui.widgets.controls import TextEntry, draw_text_entry, fit_size, fit_text, mix, text

ROW_H = 26
"""The height of a row of the list."""

DOUBLE_CLICK_MS = 450
"""A second click on the same row within this time opens it."""


LEAST_ROW_SIZE = 9.0
"""The smallest a row's name and details are drawn so that both fit beside each other (a longer
language's place names beside a long folder path at 800x600)."""


def read_record(path: Path) -> bytes:
    """A record file's bytes (only read: nothing is moved or deleted); OSError or ValueError says why not."""
    try:
        return read_regular(path, MAX_FILE)
    except FileTooLargeError:
        raise RecordError(Problem.FILE_TOO_LARGE, most=MAX_FILE) from None


def read_or_why(path: Path) -> bytes | str:
    """The record file's bytes, or why it could not be read (in words for the player)."""
    try:
        return read_record(path)
    except (OSError, ValueError) as exc:
        return _("{name}: cannot open it: {why}").format(
            name=shown_name(path.name or str(path)),
            why=file_error(exc),
        )


def open_record(ctx: Context, path: Path, told: Callable[[str], None]) -> None:
    """Read the record in ``path`` off the window's thread, then open its review over everything (a game
    stays underneath), closing any other review or open dialog first, and remember it among the recent
    files; or give ``told`` why not."""

    def show(read: bytes | str) -> None:
        if isinstance(read, str):
            told(read)
            return
        for scene in ctx.stacked():
            if isinstance(scene, ReviewScene | OpenMatchScene):
                scene.close()
                ctx.pop(scene)
        recent = remember_file(ctx.settings.recent_files, str(path.absolute()))
        if recent != ctx.settings.recent_files:
            ctx.settings.recent_files = recent
            ctx.settings_changed()  # written atomically: a crash leaves the old settings or the new
        ctx.push(ReviewScene(ctx, read, path.name, path))

    ctx.run_file_job(lambda: read_or_why(path), show)


def open_dropped(ctx: Context, file: str) -> None:
    """A file dropped on the window: its review over whatever is open, or a warning saying why not."""
    open_record(ctx, Path(file), ctx.alert)


def match_row(m: SavedMatch) -> str:
    """One saved match in words: when, length, players and score."""
    if m.is_pending():
        return _("{when} · {name} · reading…").format(when=file_time(m.when), name=m.path.name)
    if not m.is_readable():
        return _("{name} · cannot be read").format(name=m.path.name)
    what = _("{length} pt").format(length=m.length) if m.length else _("money")
    return f"{file_time(m.when)} · {what} · {m.players[0]} {m.score[0]} - {m.score[1]} {m.players[1]}"


class Lister:
    """Folders listed on threads of their own, their listings handed back by :meth:`done` (the latest
    asked for counts; one that never ends, a hung network folder, holds nothing up)."""

    def __init__(self) -> None:
        self._done: queue.SimpleQueue[tuple[ListFolder, Listing | OpenFile]] = queue.SimpleQueue()

    def ask(self, effect: ListFolder) -> None:
        """List ``effect``'s folder (or find that a typed path is a file) off this thread."""

        def work() -> None:
            self._done.put((effect, look(effect)))

        threading.Thread(target=work, name="list-folder", daemon=True).start()

    def done(self) -> list[tuple[ListFolder, Listing | OpenFile]]:
        """The answers that came since the last call."""
        out = []
        while True:
            try:
                out.append(self._done.get_nowait())
            except queue.Empty:
                return out


@dataclass(frozen=True)
class BrowserAction:
    """A command of the browser: its button and its keys."""

    name: str
    """Its name (the button's key)."""
    label: str
    """The button's text."""
    keys: tuple[int | Key, ...]
    """Its keys (Enter is the ringed button's, never an action's own)."""
    keys_text: str
    """The keys in words, under the label."""
    run: Callable[[OpenMatchScene], None]
    """What it does."""
    primary: bool = False
    """The default button (ringed until Tab moves the ring)."""


def _ctrl(code: int) -> Key:
    return Key(code, ctrl=True)


BROWSER_ACTIONS: tuple[BrowserAction, ...] = (
    BrowserAction("open", N_("Open"), (), N_("Enter"), lambda s: s.open_chosen(), primary=True),
    BrowserAction(
        "up",
        N_("Folder above"),
        (_ctrl(pygame.K_UP), _ctrl(pygame.K_BACKSPACE)),
        N_("Ctrl+↑"),
        lambda s: s.go_up(),
    ),
    BrowserAction("recent", N_("Recent"), (_ctrl(pygame.K_r),), N_("Ctrl+R"), lambda s: s.show_start()),
    BrowserAction(
        "all",
        N_("All files"),
        (_ctrl(pygame.K_a),),
        N_("Ctrl+A"),
        lambda s: s.toggle_every_file(),
    ),
    BrowserAction("cancel", N_("Cancel"), (pygame.K_ESCAPE,), N_("Esc"), lambda s: s.ctx.pop(s)),
)
"""The browser's commands, left to right: each a button and its keys."""

FAR = 10**9
"""A step past either end of the list (Home, End)."""

LIST_KEYS: Mapping[int, int] = MappingProxyType(
    {
        pygame.K_UP: -1,
        pygame.K_DOWN: 1,
        pygame.K_PAGEUP: -10,
        pygame.K_PAGEDOWN: 10,
        pygame.K_HOME: -FAR,
        pygame.K_END: FAR,
    }
)
"""The keys that move the pick in the list, and how far."""


class OpenMatchScene(Dialog):
    """The file browser: the files opened lately and the saved matches first, then any folder; ↑↓
    pick, Enter opens (a folder lists it), a typed or pasted path (Ctrl+V) opens that instead."""

    heading = N_("Open a match to review")
    max_size = (900, 640)
    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_TAB: 1})
    """Tab moves the ring between the buttons; the arrows pick a row."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.listing: MatchListing | None = None
        """The saved matches' files (listed as a file job: the folder the game's records are written
        to), then read on a thread of their own; None until they are listed."""
        self.matches: list[SavedMatch] = []
        """The saved matches, newest first (each pending until the listing has read it)."""
        self.browser = Browser.starting(self.start())
        """What the list shows, the row picked, the folder being listed."""
        self.lister = Lister()
        self.entry = TextEntry(max_len=4096)
        """A file's or folder's path, typed or pasted."""
        self.told = ""
        """Why the last file could not be opened (once its reading failed)."""
        self.first = 0
        """The first row drawn (the list scrolls)."""
        self.last_click: tuple[int, int] | None = None
        """The row last clicked and when (for a double click)."""
        self.opening_first = False
        """Enter came before the saved matches were listed: the first row opens once they are."""
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.box_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(ctx)
        folder = ctx.store.matches_folder
        ctx.run_file_job(lambda: record_files(folder), self.saved_listed)

    # --- what it shows ------------------------------------------------------------------------------

    @property
    def message(self) -> str:
        """What the last action could not do, in words (empty when it did)."""
        return self.told or told(self.browser.message)

    def start(self) -> Listing:
        """The start view's rows: the recent files, the saved matches, the folders to start from."""
        return start_listing(self.ctx.settings.recent_files, self.matches, self.places())

    def places(self) -> list[tuple[str, Path]]:
        """Folders to browse from: the saved matches', the home folder, the folders of recent files."""
        out: list[tuple[str, Path]] = []
        if self.ctx.store.matches_folder is not None:
            out.append((_("Your saved matches (folder)"), self.ctx.store.matches_folder))
        with contextlib.suppress(RuntimeError, KeyError):  # no home folder known
            out.append((_("Your home folder"), Path.home()))
        for recent in self.ctx.settings.recent_files:
            folder = Path(recent).parent
            if len(out) < 6 and all(folder != f for _, f in out):
                out.append((_("Folder of {name}").format(name=shown_name(Path(recent).name)), folder))
        return out

    def choices(self) -> list[Choice]:
        """The buttons, from :data:`BROWSER_ACTIONS`."""
        return [
            Choice(a.name, self.label(a), a.keys, _(a.keys_text), self.runner(a), a.primary)
            for a in BROWSER_ACTIONS
        ]

    def runner(self, action: BrowserAction) -> Callable[[], None]:
        """What ``action``'s button and keys do here."""
        return lambda: action.run(self)

    def label(self, action: BrowserAction) -> str:
        """A button's text: All files reads Records only while every file is shown."""
        if action.name == "all" and self.browser.every_file:
            return _("Records only")
        return _(action.label)

    # --- carrying out the model's effects ----------------------------------------------------------

    def apply(self, step: tuple[Browser, Effect]) -> None:
        """Keep the browser's next value and carry out its effect."""
        self.browser, effect = step
        self.told = ""
        if isinstance(effect, ListFolder):
            self.lister.ask(effect)
        elif isinstance(effect, OpenFile):
            self.open(effect.path)

    def open(self, path: Path) -> None:
        """Review ``path``, or say why not (once the file is read)."""
        open_record(self.ctx, path, self.say)

    def say(self, message: str) -> None:
        """Why the file could not be opened."""
        self.told = message

    def saved_listed(self, paths: list[Path]) -> None:
        """The saved matches' files have been listed: their rows (read next, on a thread of their
        own); an Enter that came before them opens the first row now."""
        if self not in self.ctx.stacked():  # closed meanwhile
            return
        self.listing = MatchListing(paths)
        self.matches = self.listing.matches()
        self.browser = self.browser.refreshed(self.start())
        if self.opening_first:
            self.opening_first = False
            self.apply(self.browser.activate())

    def update(self, dt: float, covered: bool = False) -> None:
        """The saved matches once read; the folders listed off the window's thread."""
        if self.listing is not None and any(m.is_pending() for m in self.matches) and self.listing.ready():
            self.matches = self.listing.matches()
            self.browser = self.browser.refreshed(self.start())
        for effect, answer in self.lister.done():
            if isinstance(answer, OpenFile):
                if self.browser.reading == effect.path:
                    self.browser = self.browser.not_listed()
                    self.open(answer.path)
            else:
                before = self.browser
                self.browser = self.browser.listed(answer)
                if self.browser is not before:
                    self.first = 0
                    self.on_resize()  # the All files button's label
                    self.show_chosen()

    def ready(self) -> bool:
        """The start view shows every saved match, listed and read (tests wait for it)."""
        return self.listing is not None and not any(m.is_pending() for m in self.matches)

    def needs_frames(self) -> bool:
        """True while a folder is being listed or the saved matches read."""
        return self.browser.reading is not None or self.listing is None or not self.listing.ready()

    # --- the commands -------------------------------------------------------------------------------

    def open_chosen(self) -> None:
        """The typed path if there is one (a folder is listed, a file opened), else the row picked."""
        if self.entry.text.strip():
            self.apply(self.browser.typed(self.entry.text))
            self.entry.text = ""
        elif self.listing is None and self.browser.listing.folder is None and self.first_is_a_place():
            self.opening_first = True  # the saved matches, listed before the places, are still coming
        else:
            self.apply(self.browser.activate())

    def first_is_a_place(self) -> bool:
        """The first row is picked and is a folder to start from (no recent file is listed)."""
        rows = self.browser.listing.rows
        return self.browser.selected in (0, None) and (not rows or rows[0].kind is Kind.PLACE)

    def go_up(self) -> None:
        """The folder above."""
        self.apply(self.browser.up())

    def show_start(self) -> None:
        """The recent files and saved matches again."""
        self.browser = self.browser.restart(self.start())
        self.told, self.first = "", 0

    def toggle_every_file(self) -> None:
        """Every file listed, or only the records."""
        self.apply(self.browser.toggle_every_file())
        self.on_resize()

    # --- input --------------------------------------------------------------------------------------

    def on_key(self, event: pygame.event.Event) -> None:
        """↑↓, Page Up/Down, Home/End pick a row; Backspace in an empty box goes up; other keys type
        the path."""
        step = LIST_KEYS.get(event.key)
        if step is not None and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.browser = self.browser.move(step)
            self.show_chosen()
        elif event.key == pygame.K_BACKSPACE and not self.entry.text:
            self.go_up()
        elif self.entry.key(event) or event.key == pygame.K_BACKSPACE:
            self.told = ""

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the list; the rest as any dialog."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return
        super().handle_event(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click picks a row; a second click on it (or a double click) opens it."""
        row = self.row_at(pos)
        if row is None:
            return
        now = pygame.time.get_ticks()
        again = self.browser.selected == row and (
            self.last_click is not None
            and self.last_click[0] == row
            and now - self.last_click[1] <= DOUBLE_CLICK_MS
        )
        self.browser = self.browser.pick(row)
        self.last_click = (row, now)
        if again:
            self.last_click = None
            self.apply(self.browser.activate())

    # --- geometry and the list ----------------------------------------------------------------------

    def on_resize(self) -> None:
        """The folder's line, the list, the path box under it, the message line."""
        super().on_resize()
        body, px = self.body(), self.px
        self.row_h = round(px(ROW_H))
        box_h = round(px(34))
        self.box_rect = pygame.Rect(body.x, round(body.bottom - box_h - px(22)), body.width, box_h)
        top = round(body.y + px(24))
        rows = max(
            3, round(self.box_rect.y - px(42) - top) // self.row_h
        )  # the picked row in full, the label
        self.list_rect = pygame.Rect(body.x, top, body.width, rows * self.row_h)

    def visible(self) -> int:
        """How many rows the list shows at once."""
        return max(1, self.list_rect.height // self.row_h)

    def scroll(self, step: int) -> None:
        """The list ``step`` rows on (back when negative)."""
        most = max(0, len(self.browser.listing.rows) - self.visible())
        self.first = max(0, min(most, self.first + step))

    def show_chosen(self) -> None:
        """Scroll so that the row picked is in view."""
        at = self.browser.selected
        if at is None:
            return
        if at < self.first:
            self.first = at
        elif at >= self.first + self.visible():
            self.first = at - self.visible() + 1

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos``, if any."""
        if not self.list_rect.collidepoint(pos):
            return None
        row = self.first + (pos[1] - self.list_rect.y) // self.row_h
        return row if row < len(self.browser.listing.rows) else None

    # --- drawing ------------------------------------------------------------------------------------

    def row_words(self, row: Row) -> tuple[str, str]:
        """A row's name (a folder's ends in "/") and its detail."""
        name = row_name(row) + ("/" if row.kind in (Kind.FOLDER,) else "")
        return name, detail_words(row)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The folder's line, the list, the path box and any message."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        b = self.browser
        head = (
            title(b.listing)
            if b.reading is None
            else _("Listing {name}…").format(
                name=shown_name(str(b.reading)),
            )
        )
        font = fonts.get(self.px(15), True)
        while font.size(head)[0] > area.width and len(head) > 2:  # a long path: its end shows
            head = "…" + head[2:]
        text(surface, fonts, head, (area.x, area.y), self.px(15), th.accent, True)
        self.draw_rows(surface)
        self.draw_under(surface)
        hidden = b.listing.hidden
        label = _("A path (type, or paste with Ctrl+V; Enter opens it; a file may also be dropped here):")
        if hidden and not b.every_file:
            label = ngettext(
                "{count} other file not shown (Ctrl+A) · or type a path, Enter opens it:",
                "{count} other files not shown (Ctrl+A) · or type a path, Enter opens it:",
                hidden,
            ).format(count=hidden)
        size = fit_size(fonts, [(label, False, area.width)], self.px(13))
        label = fit_text(fonts.get(size), label, area.width)
        text(surface, fonts, label, (area.x, self.box_rect.y - self.px(18)), size, th.text_dim)
        shown_entry = TextEntry(self.entry.text, self.entry.max_len)
        font = fonts.get(self.box_rect.height * 0.55)
        while shown_entry.text and font.size(shown_entry.text)[0] > self.box_rect.width - 30:
            shown_entry.text = "…" + shown_entry.text[2:]
        draw_text_entry(surface, fonts, th, shown_entry, self.box_rect, caret=True)
        if self.message:
            size = fit_size(fonts, [(self.message, False, area.width)], self.px(14))
            said = fit_text(fonts.get(size), self.message, area.width)
            text(surface, fonts, said, (area.x, self.box_rect.bottom + 4), size, th.warn)

    def draw_rows(self, surface: pygame.Surface) -> None:
        """The rows in view, the picked one lit: each name, and its detail where there is room."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        b = self.browser
        pygame.draw.rect(surface, mix(th.panel, th.text, 0.12), self.list_rect, border_radius=6)
        rows = b.listing.rows
        if not rows:
            empty = _("This folder is empty.")
            if b.listing.folder is None:
                empty = _("Nothing here yet: open a folder, or type a path.")
            elif not b.every_file:
                empty = _("No match record in this folder (Ctrl+A lists every file).")
            text(
                surface, fonts, empty, (self.list_rect.x + 10, self.list_rect.y + 6), self.px(15), th.text_dim
            )
        shown = range(self.first, min(len(rows), self.first + self.visible()))
        small, big = self.px(13), self.px(15)
        while True:  # names and details side by side: both smaller (to 9 pixels) rather than cut
            widest = max((fonts.get(small).size(self.row_words(rows[i])[1])[0] for i in shown), default=0)
            names = max((fonts.get(big, True).size(self.row_words(rows[i])[0])[0] for i in shown), default=0)
            if names + widest + 64 <= self.list_rect.width or small <= LEAST_ROW_SIZE:
                break
            small, big = max(LEAST_ROW_SIZE, small - 0.5), max(LEAST_ROW_SIZE, big - 0.5)
        leave = max(round(self.list_rect.width * 0.45), self.list_rect.width - names - 40)  # what names leave
        name_w = self.list_rect.width - min(leave, widest + 24)  # names first, details the rest
        for i in shown:
            row = rows[i]
            rect = pygame.Rect(
                self.list_rect.x,
                self.list_rect.y + (i - self.first) * self.row_h,
                self.list_rect.width,
                self.row_h,
            )
            if i == b.selected:
                pygame.draw.rect(surface, mix(th.panel, th.accent, 0.35), rect, border_radius=5)
            name, detail = self.row_words(row)
            colour = (
                th.text_dim if row.kind is Kind.BROKEN else (th.accent if row.kind.is_folder else th.text)
            )
            bold = row.kind.is_folder
            said = fit_text(fonts.get(big, bold), name, name_w - 16)
            text(surface, fonts, said, (rect.x + 8, rect.centery), big, colour, bold, "midleft")
            room = rect.width - name_w - 8
            if detail and room > 40:
                at = fit_size(fonts, [(detail, False, room)], small, least=min(small, 10.0))
                said = fit_text(fonts.get(at), detail, room)
                text(surface, fonts, said, (rect.x + name_w, rect.centery), at, th.text_dim, anchor="midleft")

    def draw_under(self, surface: pygame.Surface) -> None:
        """Under the list: the row picked in full (the list may have cut it), and which rows show."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        rows, room = self.browser.listing.rows, self.list_rect.width
        if len(rows) > self.visible():
            last = min(len(rows), self.first + self.visible())
            where = _("{first}-{last} of {total}").format(first=self.first + 1, last=last, total=len(rows))
            at = (self.list_rect.right, self.list_rect.bottom + 2)
            room -= text(surface, fonts, where, at, self.px(12), th.text_dim, anchor="topright").width + 12
        picked = self.browser.chosen()
        if picked is not None:  # in full: as small as it takes, to 9 pixels (then cut)
            words = " · ".join(w for w in self.row_words(picked) if w)
            size = fit_size(fonts, [(words, False, room)], self.px(12))
            whole = fit_text(fonts.get(size), words, room)
            text(surface, fonts, whole, (self.list_rect.x, self.list_rect.bottom + 2), size, th.text_dim)
