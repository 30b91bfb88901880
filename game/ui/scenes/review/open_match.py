"""Opening a match record into the review: the list of the player's saved matches with a file-path box,
and the one way a file (chosen, typed, pasted or dropped on the window) becomes a review."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType

import pygame

from game.records.replay import MAX_FILE
from game.support.files import FileTooLargeError, UnknownHomeError, read_regular, user_path
from game.ui.model.records import MatchListing, SavedMatch
from game.ui.scenes.base import ENTER, Choice, Context, Dialog
from game.ui.scenes.review.scene import ReviewScene
from game.ui.widgets.controls import TextEntry, draw_text_entry, fit_text, text
from game.ui.widgets.review_view import ListView


def read_record(path: Path) -> bytes:
    """A record file's bytes (only read: nothing is moved or deleted); OSError or ValueError says why not."""
    try:
        return read_regular(path, MAX_FILE)
    except FileTooLargeError:
        raise ValueError(f"the file is more than a match record ({MAX_FILE} bytes)") from None


def read_or_why(path: Path) -> bytes | str:
    """The record file's bytes, or why it could not be read (in words for the player)."""
    try:
        return read_record(path)
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"{path.name or path}: cannot open it: {why}"


def open_record(ctx: Context, path: Path, told: Callable[[str], None]) -> None:
    """Read the record in ``path`` off the window's thread, then open its review over everything (a game
    stays underneath), closing any other review or open dialog first; or give ``told`` why not."""

    def show(read: bytes | str) -> None:
        if isinstance(read, str):
            told(read)
            return
        for scene in ctx.stacked():
            if isinstance(scene, ReviewScene | OpenMatchScene):
                scene.close()
                ctx.pop(scene)
        ctx.push(ReviewScene(ctx, read, path.name, path))

    ctx.run_file_job(lambda: read_or_why(path), show)


def open_dropped(ctx: Context, file: str) -> None:
    """A file dropped on the window: its review over whatever is open, or a warning saying why not."""
    open_record(ctx, Path(file), ctx.alert)


def match_row(m: SavedMatch) -> str:
    """One saved match in words: when, length, players and score."""
    if m.is_pending():
        return f"{m.when} · {m.path.name} · reading…"
    if not m.is_readable():
        return f"{m.path.name} · cannot be read"
    what = f"{m.length} pt" if m.length else "money"
    return f"{m.when} · {what} · {m.players[0]} {m.score[0]} - {m.score[1]} {m.players[1]}"


class OpenMatchScene(Dialog):
    """The player's matches, newest first (↑↓, Enter, click), or a typed or pasted path (Ctrl+V)."""

    title = "Open a match to review"
    max_size = (860, 620)

    def __init__(self, ctx: Context) -> None:
        self.listing = MatchListing(ctx.store.matches_folder)
        """The saved matches' files, read on a thread of their own."""
        self.matches = self.listing.matches()
        """The saved matches, newest first (each pending until the listing has read it)."""
        self.selected: int | None = 0 if self.matches else None
        """The row picked."""
        self.entry = TextEntry(max_len=1000)
        """A file's path, typed or pasted."""
        self.message = ""
        """Why the last file could not be opened."""
        self.list = ListView(pygame.Rect(0, 0, 0, 0), 24.0)
        super().__init__(ctx)

    def on_resize(self) -> None:
        """The list above the path box."""
        super().on_resize()
        body = self.body()
        self.list.rect = pygame.Rect(body.x, body.y + 4, body.width, body.height - 110)
        self.box_rect = pygame.Rect(body.x, self.list.rect.bottom + 34, body.width, 36)

    def update(self, dt: float, covered: bool = False) -> None:
        """The rows filled in once the listing has read the files."""
        if self.listing.ready() and any(m.is_pending() for m in self.matches):
            self.matches = self.listing.matches()

    def choices(self) -> list[Choice]:
        """Open (Enter), cancel (Esc)."""
        return [
            Choice("open", "Open", ENTER, "Enter", self.open_chosen, True),
            Choice("cancel", "Cancel", (pygame.K_ESCAPE,), "Esc", lambda: self.ctx.pop(self)),
        ]

    def open_chosen(self) -> None:
        """The typed path if there is one, else the selected match."""
        typed = self.entry.text.strip().strip('"')
        if typed:
            try:
                path = user_path(typed)
            except UnknownHomeError as exc:
                self.message = f"Cannot open {typed}: {exc.strerror}."
                return
            self.open(path)
        elif self.selected is not None:
            self.open(self.matches[self.selected].path)
        else:
            self.message = "Type or paste a file's path (Ctrl+V), or drop a match file on the window."

    def open(self, path: Path) -> None:
        """Review ``path``, or say why not (once the file is read)."""
        self.message = ""
        open_record(self.ctx, path, self.say)

    def say(self, message: str) -> None:
        """Why the file could not be opened."""
        self.message = message

    focus_steps: Mapping[int, int] = MappingProxyType({pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_TAB: 1})
    """←→ and Tab move between the buttons; ↑↓ pick a match."""

    def on_key(self, event: pygame.event.Event) -> None:
        """↑↓ pick a match; other keys edit the path box."""
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.matches:
            step = -1 if event.key == pygame.K_UP else 1
            self.selected = max(0, min(len(self.matches) - 1, (self.selected or 0) + step))
            self.list.show(self.selected, len(self.matches))
        elif self.entry.key(event) or event.key == pygame.K_BACKSPACE:
            self.message = ""

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the list; the rest as any dialog."""
        if event.type == pygame.MOUSEWHEEL:
            self.list.scroll(-event.y, len(self.matches))
            return
        super().handle_event(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a match opens it."""
        row = self.list.row_at(pos, len(self.matches))
        if row is not None:
            self.selected = row
            self.open(self.matches[row].path)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The list, the path box and any message."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        if self.matches:
            rows = [(match_row(m), th.text if m.is_readable() else th.text_dim) for m in self.matches]
            self.list.draw(surface, fonts, th, rows, self.selected)
        else:
            empty = "No saved matches yet: every match you play is kept here."
            text(surface, fonts, empty, self.list.rect.topleft, 16, th.text_dim)
        label = "Or a .mat, .sgf or .xg file's path (type, or paste with Ctrl+V; or drop the file here):"
        label = fit_text(fonts.get(14), label, area.width)
        text(surface, fonts, label, (area.x, self.box_rect.y - 22), 14, th.text_dim)
        shown_entry = TextEntry(self.entry.text, self.entry.max_len)
        font = fonts.get(self.box_rect.height * 0.55)
        while shown_entry.text and font.size(shown_entry.text)[0] > self.box_rect.width - 30:
            shown_entry.text = "…" + shown_entry.text[2:]
        draw_text_entry(surface, fonts, th, shown_entry, self.box_rect, caret=True)
        if self.message:
            shown = fit_text(fonts.get(14), self.message, area.width)
            text(surface, fonts, shown, (area.x, self.box_rect.bottom + 8), 14, th.warn)
