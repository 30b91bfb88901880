"""Scenes on a stack, the Context they see the app through, and the Dialog base of every modal."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from ui.scenes.action_table import Key
from ui.text import _
from ui.widgets.controls import Button, dim, draw_button, label_size, mouse_pos, panel, text, wrap

if TYPE_CHECKING:
    from pathlib import Path

    from ai.worker.messages import AnyRequest, Event
    from ui.model.session import GameSession
    from ui.model.storage import Settings, Store
    from ui.widgets.layout import Layout
    from ui.widgets.render import Renderer
    from ui.widgets.sound import Sounds
    from ui.widgets.theme import Theme


class Worker(Protocol):
    """What the scenes use of the AI worker (ai.worker.transport.AIWorker)."""

    @property
    def busy(self) -> bool:
        """True while a search runs."""
        ...

    @property
    def evaluator_warning(self) -> str | None:
        """Why the AI is weaker than usual, if it is."""
        ...

    def start(self, request: AnyRequest) -> int:
        """Start a search; returns its id."""
        ...

    def cancel(self, request_id: int) -> None:
        """Stop a search."""
        ...

    def poll(self) -> Sequence[Event]:
        """The events that arrived (never blocks)."""
        ...

    def close(self) -> None:
        """Stop the worker."""
        ...


class Command(Enum):
    """The app-wide commands a scene may run (:meth:`Context.run`)."""

    NEW_GAME = "new-game"
    MENU = "menu"
    HELP = "help"
    STATS = "stats"
    QUIT = "quit"
    SOUND = "sound"
    THEME = "theme"
    DISMISS = "dismiss"
    GAME_OVER = "game-over"
    NEXT_GAME = "next-game"
    DECLINE_RESUME = "decline-resume"
    IDS = "ids"
    SETUP = "setup"
    OPEN_MATCH = "open-match"
    EDITOR = "editor"
    DRILL = "drill"


T = TypeVar("T")


class Context(Protocol):
    """The app as the scenes see it: services, the scene stack, and the few app-wide commands."""

    settings: Settings
    store: Store
    sounds: Sounds
    renderer: Renderer
    headless: bool

    @property
    def layout(self) -> Layout:
        """Geometry for the window's size."""
        ...

    @property
    def theme(self) -> Theme:
        """The colours in use."""
        ...

    @property
    def worker(self) -> Worker:
        """The AI worker."""
        ...

    def new_worker(self) -> Worker:
        """A worker of the caller's own (a review's), which the caller closes."""
        ...

    def now(self) -> float:
        """Seconds since the app started (the frame clock)."""
        ...

    def push(self, scene: Scene) -> None:
        """Open a scene on top."""
        ...

    def pop(self, scene: Scene) -> None:
        """Close a scene."""
        ...

    def stacked(self) -> list[Scene]:
        """Every scene on the stack, bottom first."""
        ...

    def notify(self, message: str, warn: bool = False, stays: bool = False) -> None:
        """A line in the status strip (the next one replaces it); it runs down after a few seconds,
        unless it ``stays`` until the next one."""
        ...

    def clear_warning(self) -> None:
        """Take a warning off the status strip (an ordinary line stays)."""
        ...

    def alert(self, message: str) -> None:
        """A warning that stays on screen until the player dismisses it."""
        ...

    def settings_changed(self) -> None:
        """Apply and save edited settings."""
        ...

    def save_game(self, session: GameSession) -> None:
        """Save the game in progress."""
        ...

    def level_label(self, key: str) -> str:
        """The words for an AI level."""
        ...

    def evaluator_warning(self) -> str | None:
        """Why the AI is not using its network, if known."""
        ...

    def run(self, command: Command) -> None:
        """An app-wide command (a new game, the menu, help, quit, the statistics...)."""
        ...

    def resume(self, session: GameSession) -> None:
        """Continue a saved game."""
        ...

    def game_session(self) -> GameSession | None:
        """The game on the board, if any."""
        ...

    def open_review(self, data: bytes, name: str, path: Path | None) -> None:
        """Review a match record (``data``, a ``.mat`` file's bytes, called ``name``) over this screen."""
        ...

    def run_file_job(self, job: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run ``job`` (reading, parsing or writing files: never done on the window's thread) after the
        jobs asked for before it; ``then`` gets its result on the window's thread a frame or so later."""
        ...


class Scene:
    """One screen or overlay. The loop sends it events, advances it, and draws it.

    ``draw`` only reads the scene's state: everything that changes does so in
    ``handle_event`` or ``update``.
    """

    modal = False
    """True when the scenes under it get no input and their clock stops (dialogs)."""

    opaque = False
    """True when it draws over the whole window (the alert band under it takes no clicks)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        """The app (window, settings, worker, sounds, the stack)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float, covered: bool = False) -> None:
        """Advance by ``dt`` seconds; ``covered`` when a modal scene is above it."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; changes nothing."""

    def on_resize(self) -> None:
        """The window size changed (the context's layout is already new)."""

    def on_language(self) -> None:
        """The player chose another language: word again what the scene keeps worded (its title, its
        rows) and lay it out again (the words' lengths changed)."""
        self.on_resize()

    def on_worker(self, event: Event) -> None:
        """An event from the AI worker (every scene sees each; each keeps to its own requests)."""

    def needs_frames(self) -> bool:
        """True while the scene changes with time though no input comes and its picture may stand
        still: an animation or a timer runs, or it waits for a worker's answer."""
        return False

    def close(self) -> None:
        """Let go of what the scene holds (a worker of its own); it leaves the stack for good."""


class SceneStack:
    """The scenes, bottom first: the board (game or backdrop), then overlays and dialogs."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        self._scenes.append(scene)

    def pop(self, scene: Scene) -> None:
        """Remove ``scene`` (wherever it is)."""
        if scene in self._scenes:
            self._scenes.remove(scene)

    def replace(self, scene: Scene) -> None:
        """Drop every scene (closing them) and make ``scene`` the only one."""
        for old in self._scenes:
            if old is not scene:
                old.close()
        self._scenes = [scene]

    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self._scenes[-1] if self._scenes else None

    def bottom(self) -> Scene | None:
        """The board scene."""
        return self._scenes[0] if self._scenes else None

    def above_bottom(self) -> list[Scene]:
        """The overlays over the board, bottom first."""
        return self._scenes[1:]

    def is_covered(self, scene: Scene) -> bool:
        """True when a modal scene is above ``scene``."""
        if scene not in self._scenes:
            return False
        return any(s.modal for s in self._scenes[self._scenes.index(scene) + 1 :])


ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The Enter keys, main and keypad."""


def chooses(key: int | Key, event: pygame.event.Event) -> bool:
    """True when the KEYDOWN ``event`` is a choice's ``key``: a bare key code matches the key pressed
    without Ctrl or Alt, a :class:`Key` as it says."""
    if isinstance(key, Key):
        return key.matches(event)
    held = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT))
    return bool(event.key == key) and not held


@dataclass(frozen=True)
class Choice:
    """A dialog button and its keys."""

    key: str
    """Name of the choice."""
    label: str
    """Text on the button."""
    keys: tuple[int | Key, ...]
    """Keys that choose it: a key code alone, pressed without Ctrl or Alt (so that the screen's Ctrl
    keys, Ctrl+T the temperature map, never pick a choice of the same letter, Take), or a
    :class:`Key` as it says (Ctrl+C)."""
    shortcut: str
    """The keys in words, under the label."""
    run: Callable[[], None]
    """What it does."""
    primary: bool = False
    """The default: drawn in the accent colour with the ring, and run by Enter until the arrows or
    Tab move the ring (Enter is the ring's key in every dialog, never a choice's own)."""


BUTTON_H = 46
"""Height of a dialog's buttons (in the default window: :meth:`Dialog.px`)."""
TITLE_SIZE, LEAST_TITLE = 26, 18
"""A dialog's title's size, and the least it is shrunk to before it takes two lines."""
MARGIN = 24
"""The space at the sides of a dialog's box."""
LEAST_LABEL = 14
"""The least size of a dialog's button labels in one row (else the buttons take two rows)."""

FOCUS_STEPS: Mapping[int, int] = MappingProxyType(
    {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1}
)
"""The keys that move a dialog's focus between its buttons, and which way (Shift+Tab goes back)."""

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The keys that run the ringed button (:meth:`Dialog.ringed`)."""


class Dialog(Scene):
    """A modal box: a title, a body, a row of buttons; the scenes under it get no input."""

    modal = True
    title = ""
    """The heading, in words (a dialog whose heading is fixed names its msgid in :attr:`heading`)."""
    heading = ""
    """The heading's msgid (marked ``N_``), worded into :attr:`title` when the dialog opens unless
    the dialog set its own title."""
    max_size = (560, 260)
    """The box's largest size."""
    dim_alpha = 140
    """How much the scenes under it are darkened."""
    focus_steps: Mapping[int, int] = FOCUS_STEPS
    """The keys that move the focus between the buttons (a dialog whose own content uses the
    arrows keeps those keys for itself)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        if not self.title and self.heading:
            self.title = _(self.heading)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self._choices: list[Choice] = []
        self.focus: int | None = None
        """The button the keyboard has moved to; None until an arrow or Tab is pressed (the ring and
        Enter are then on the primary choice: :meth:`ringed`)."""
        self.on_resize()

    def choices(self) -> list[Choice]:
        """The buttons, left to right."""
        return []

    def on_language(self) -> None:
        """Another language: the fixed heading worded again, the box and buttons laid out again."""
        if self.heading:
            self.title = _(self.heading)
        self.on_resize()

    def px(self, size: float) -> float:
        """A size given for the default window (a font's, a gap's), at this window's type scale."""
        return self.ctx.layout.px(size)

    def on_resize(self) -> None:
        """Centre the box (wide enough for its title, high enough for its body where the window
        allows) and lay out the buttons: one row, or two where their labels would be too small."""
        w, h = self.ctx.layout.size
        self._choices = self.choices()
        bw, bh = self.box_size(w, h)
        fonts = self.ctx.renderer.fonts
        title = fonts.get(self.px(TITLE_SIZE), True).size(self.title)[0] if self.title else 0
        bw = max(bw, min(w - 40, title + round(self.px(2 * MARGIN))))
        self.box = pygame.Rect(0, 0, bw, bh)
        rows = self._button_rows(bw)
        button_h, gap = round(self.px(BUTTON_H)), round(self.px(16))
        buttons_h = len(rows) * (button_h + gap) + round(self.px(2)) if rows else round(self.px(10))
        needed = self.title_height(bw) + self.body_height(bw - round(self.px(2 * MARGIN))) + buttons_h
        bh = max(bh, min(h - 20, needed))
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        self.buttons = []
        y = self.box.bottom - len(rows) * (button_h + gap) - round(self.px(2))
        for row in rows:
            n = len(row)
            width = (bw - (n + 1) * gap) // n
            for i, c in enumerate(row):
                rect = pygame.Rect(self.box.x + gap + i * (width + gap), y, width, button_h)
                self.buttons.append(Button(c.key, c.label, rect, primary=c.primary, shortcut=c.shortcut))
            y += button_h + gap
        if self.focus is not None and self.focus >= len(self._choices):
            self.focus = None

    def _button_rows(self, width: int) -> list[list[Choice]]:
        """The choices in one row, or in two, or three, where fewer rows would shrink their labels
        below :data:`LEAST_LABEL` (the window's scale); where none keeps them that large, the rows
        whose labels are largest (a longer language's many buttons in a small window)."""
        if not self._choices:
            return []
        n, gap = len(self._choices), round(self.px(16))
        fonts = self.ctx.renderer.fonts
        best: tuple[float, int] = (-1.0, -(-n // 3))  # none fits: the most rows
        for per_row in sorted({n, -(-n // 2), -(-n // 3)}, reverse=True):
            each = (width - (per_row + 1) * gap) // per_row
            trial = [
                Button(c.key, c.label, pygame.Rect(0, 0, each, round(self.px(BUTTON_H))))
                for c in self._choices
            ]
            size = label_size(fonts, trial)
            fits = all(fonts.get(size, True).size(b.label)[0] <= b.rect.width - 8 for b in trial)
            if (size >= self.px(LEAST_LABEL) and fits) or per_row == 1:
                best = (size, per_row)
                break
            if fits and size > best[0]:
                best = (size, per_row)
        per_row = best[1]
        return [self._choices[i : i + per_row] for i in range(0, n, per_row)]

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        """The box's size in a ``w`` x ``h`` window: :attr:`max_size` at the window's type scale."""
        return min(w - 40, round(self.px(self.max_size[0]))), min(h - 40, round(self.px(self.max_size[1])))

    def body_height(self, width: int) -> int:
        """The height the body needs at ``width`` pixels (the box grows to it where the window
        allows; 0: the box's own size is enough)."""
        return 0

    def title_lines(self, width: int | None = None) -> tuple[list[str], float]:
        """The title's lines in the box and their size: one line, shrunk where it must be, else two."""
        fonts, room = self.ctx.renderer.fonts, (width or self.box.width) - round(self.px(2 * MARGIN))
        size = self.px(TITLE_SIZE)
        while size > self.px(LEAST_TITLE) and fonts.get(size, True).size(self.title)[0] > room:
            size -= 1
        return wrap(fonts.get(size, True), self.title, room) if self.title else [], size

    def title_height(self, width: int | None = None) -> int:
        """The height from the box's top to its body's: the title's lines and the space about them."""
        lines, size = self.title_lines(width)
        return round(self.px(20) + max(1, len(lines)) * size * 1.25 + self.px(16))

    def body(self) -> pygame.Rect:
        """The area between the title and the buttons."""
        top = self.box.y + self.title_height()
        bottom = self.buttons[0].rect.y - round(self.px(10)) if self.buttons else self.box.bottom - 10
        margin = round(self.px(MARGIN))
        return pygame.Rect(self.box.x + margin, top, self.box.width - 2 * margin, max(0, bottom - top))

    def choose(self, key: str) -> None:
        """Run the choice called ``key``."""
        for c in self._choices:
            if c.key == key:
                c.run()
                return

    def move_focus(self, step: int) -> None:
        """Move the focus ``step`` buttons on (round the row); the first move starts from the default."""
        n = len(self._choices)
        if self.focus is None:
            default = next((i for i, c in enumerate(self._choices) if c.primary), 0)
            self.focus = (default + step) % n
        else:
            self.focus = (self.focus + step) % n

    def ringed(self) -> int | None:
        """The button drawn with the ring, which Enter runs: the one the keyboard moved to, else the
        default (the primary choice); None when the dialog has neither."""
        if self.focus is not None:
            return self.focus
        return next((i for i, c in enumerate(self._choices) if c.primary), None)

    def _focus_key(self, event: pygame.event.Event) -> bool:
        """Enter runs the ringed button (whatever the choices' own keys say: one rule for every
        dialog); arrows and Tab move the ring; True when the key was used."""
        if event.key in ENTER_KEYS:
            ringed = self.ringed()
            if ringed is None:
                return False
            self._choices[ringed].run()
            return True
        step = self.focus_steps.get(event.key)
        if step is None or len(self._choices) < 2:
            return False
        if event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            step = -step
        self.move_focus(step)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        """A choice's key, or a click on its button; nothing reaches the scenes below."""
        if event.type == pygame.KEYDOWN:
            if self._focus_key(event):
                return
            for c in self._choices:
                if any(chooses(k, event) for k in c.keys):
                    c.run()
                    return
            self.on_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.choose(b.key)
                    return
            self.on_click(event.pos)

    def on_key(self, event: pygame.event.Event) -> None:
        """A key no choice takes."""

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on no button."""

    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is under it, the box (opaque), the title, the body, the buttons (the ringed one
        with its ring)."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        dim(surface, self.dim_alpha)
        panel(surface, th, self.box, alpha=255)  # opaque: no text under the box shows through it
        lines, size = self.title_lines()
        y = self.box.y + self.px(20)
        for line in lines:
            text(surface, fonts, line, (self.box.centerx, y), size, th.text, True, "midtop")
            y += size * 1.25
        self.draw_body(surface, self.body())
        mouse, ringed = mouse_pos(), self.ringed()
        labels = label_size(fonts, self.buttons)
        for i, b in enumerate(self.buttons):
            draw_button(surface, fonts, th, b, mouse, labels)
            if i == ringed:
                ring = b.rect.inflate(8, 8)
                pygame.draw.rect(surface, th.text, ring, 2, border_radius=max(4, ring.height // 4))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The dialog's own content."""


class ConfirmDialog(Dialog):
    """Asks before something that cannot be taken back (leaving a game in progress)."""

    def __init__(
        self,
        ctx: Context,
        question: str,
        detail: str,
        yes: str,
        on_yes: Callable[[], None],
        no: str = "",
    ) -> None:
        self.title = question
        self.detail = detail
        """The line under the question."""
        self.yes = yes
        """The label of the button that does it."""
        self.on_yes = on_yes
        """What it does."""
        self.no = no or _("Keep playing")
        """The label of the button that keeps things as they are."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Do it (Y) or keep things as they are (Enter, Esc, N)."""

        def yes() -> None:
            self.ctx.pop(self)
            self.on_yes()

        return [
            Choice("yes", self.yes, (pygame.K_y,), "Y", yes),
            Choice(
                "no",
                self.no,
                (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_n),
                _("Enter / Esc"),
                lambda: self.ctx.pop(self),
                primary=True,
            ),
        ]

    def detail_lines(self, width: int) -> list[str]:
        """The detail, wrapped to ``width`` pixels."""
        return wrap(self.ctx.renderer.fonts.get(self.px(17)), self.detail, width)

    def body_height(self, width: int) -> int:
        """The detail's lines."""
        return round(len(self.detail_lines(width)) * self.px(17) * 1.35 + self.px(16))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The detail, wrapped."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        y = area.y + self.px(4)
        for line in self.detail_lines(area.width):
            text(surface, fonts, line, (area.centerx, y), self.px(17), th.text_dim, anchor="midtop")
            y += self.px(17) * 1.35


class WorkerDialog(Dialog):
    """A dialog that asks a worker of its own, one request at a time (a new one stops the last),
    and lets the worker go when it closes."""

    worker: Worker | None = None
    """The dialog's worker, made at its first request."""
    request: int | None = None
    """The request whose events count."""

    def ask(self, request: AnyRequest) -> None:
        """Start ``request`` in the dialog's worker (made now if it has none)."""
        if self.worker is None:
            self.worker = self.ctx.new_worker()
        self.request = self.worker.start(request)

    def answers(self) -> list[Event]:
        """The live request's events since the last call."""
        if self.worker is None:
            return []
        return [e for e in self.worker.poll() if e.request_id == self.request]

    def dismiss(self) -> None:
        """Stop the search, if it runs, and close the dialog (Esc)."""
        self.close()
        self.ctx.pop(self)

    def close(self) -> None:
        """Let go of the worker (its search stops); the dialog leaves the stack for good."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.request = None
