"""The other screens: the new-game dialog with the settings, the resume prompt, help, game over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ai.levels import LEVELS
from game.match import MATCH_LENGTHS
from game.ui.scene import Scene
from game.ui.session import HUMAN, GameSession
from game.ui.storage import ANIMATION_SPEEDS, COLOURS, FIRST_MOVERS, THEMES
from game.ui.widgets import Button, dim, draw_button, fit_text, panel, text, wrap

if TYPE_CHECKING:
    from game.ui.app import App


@dataclass
class Option:
    """One row of the dialog: a setting and its choices."""

    attr: str
    """The Settings field."""
    label: str
    """What the row is called."""
    values: list[object]
    """The choices, in order."""
    names: list[str]
    """How each choice is shown."""
    applies_now: bool = False
    """True when a change takes effect at once (else at the next new game)."""


def options() -> list[Option]:
    """The rows of the new-game dialog."""
    return [
        Option("level", "AI strength", [lv.key for lv in LEVELS], [lv.label for lv in LEVELS]),
        Option(
            "match_length",
            "Match length",
            list(MATCH_LENGTHS),
            [f"{n} point{'s' * (n > 1)}" for n in MATCH_LENGTHS],
        ),
        Option(
            "first", "Who moves first", list(FIRST_MOVERS), ["Opening roll decides", "You", "The computer"]
        ),
        Option("colour", "Your checkers", list(COLOURS), ["Light", "Dark (ringed)"]),
        Option(
            "animation",
            "Animation",
            list(ANIMATION_SPEEDS),
            [k.capitalize() for k in ANIMATION_SPEEDS],
            applies_now=True,
        ),
        Option("sound", "Sound", [True, False], ["On", "Off"], applies_now=True),
        Option("auto_roll", "Roll for me", [False, True], ["Off", "On"], applies_now=True),
        Option("auto_forced", "Play forced moves", [True, False], ["On", "Off"], applies_now=True),
        Option("theme", "Theme", list(THEMES), ["Classic wood", "Colour-blind safe"], applies_now=True),
    ]


class MenuScene(Scene):
    """New game dialog and settings; an overlay over the game (or an empty board)."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows = options()
        self.row = 0
        """The row the keyboard is on."""
        self.buttons: list[Button] = []
        self.arrows: list[tuple[pygame.Rect, int, int]] = []  # rect, row, direction
        self.box = pygame.Rect(0, 0, 0, 0)
        self.on_resize()

    def on_resize(self) -> None:
        """Lay out the dialog."""
        w, h = self.app.layout.size
        bw = min(w - 40, max(520, int(w * 0.55)))
        bh = min(h - 30, max(460, int(h * 0.82)))
        self.box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        self.line = (bh - 0.3 * bh) / (len(self.rows) + 1.2)
        self.top = self.box.y + self.line * 1.6
        bhh = max(32, min(48, round(self.line * 0.9)))
        y = self.box.bottom - bhh - round(self.line * 0.4)
        specs = [("start", "Start new game", "Enter", True)]
        if self.app.game is not None:
            over = self.app.game.session.outcome() is not None
            specs.append(("continue", "Back" if over else "Continue game", "Esc", False))
        specs.append(("quit", "Quit", "Q", False))
        gap = 12
        width = (bw - (len(specs) + 1) * gap) // len(specs)
        self.buttons = [
            Button(
                key,
                label,
                pygame.Rect(self.box.x + gap + i * (width + gap), y, width, bhh),
                primary=prim,
                shortcut=sc,
            )
            for i, (key, label, sc, prim) in enumerate(specs)
        ]
        self.arrows = []
        aw = round(self.line * 0.8)
        vx0 = self.box.x + bw * 0.42
        vx1 = self.box.right - bw * 0.04
        for i in range(len(self.rows)):
            y = round(self.top + i * self.line)
            self.arrows.append((pygame.Rect(round(vx0), y, aw, round(self.line * 0.8)), i, -1))
            self.arrows.append((pygame.Rect(round(vx1 - aw), y, aw, round(self.line * 0.8)), i, 1))

    def _value_index(self, opt: Option) -> int:
        value = getattr(self.app.settings, opt.attr)
        try:
            return opt.values.index(value)
        except ValueError:
            return 0

    def change(self, row: int, direction: int) -> None:
        """Move a row's choice left or right and save the settings."""
        opt = self.rows[row]
        i = (self._value_index(opt) + direction) % len(opt.values)
        setattr(self.app.settings, opt.attr, opt.values[i])
        self.app.settings_changed()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows and Enter, or the mouse."""
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_UP:
                self.row = (self.row - 1) % len(self.rows)
            elif k in (pygame.K_DOWN, pygame.K_TAB):
                self.row = (self.row + 1) % len(self.rows)
            elif k == pygame.K_LEFT:
                self.change(self.row, -1)
            elif k == pygame.K_RIGHT:
                self.change(self.row, 1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.start_new_game()
            elif k == pygame.K_ESCAPE:
                self._continue()
            elif k == pygame.K_q:
                self.app.quit()
            elif k in (pygame.K_F1, pygame.K_QUESTION) or event.unicode == "?":
                self.app.open_help()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    if b.key == "start":
                        self.app.start_new_game()
                    elif b.key == "continue":
                        self._continue()
                    else:
                        self.app.quit()
                    return
            for rect, row, direction in self.arrows:
                if rect.collidepoint(event.pos):
                    self.row = row
                    self.change(row, direction)
                    return
            for i in range(len(self.rows)):
                y = self.top + i * self.line
                if self.box.x < event.pos[0] < self.box.right and y <= event.pos[1] < y + self.line:
                    self.row = i
                    self.change(i, 1)
                    return

    def _continue(self) -> None:
        if self.app.game is not None:
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        """The dialog over the dimmed board."""
        app = self.app
        th = app.theme
        fonts = app.renderer.fonts
        dim(surface)
        panel(surface, th, self.box)
        bw = self.box.width
        title = max(18.0, self.line * 0.62)
        text(
            surface,
            fonts,
            "New game & settings",
            (self.box.centerx, self.box.y + self.line * 0.5),
            title,
            th.text,
            True,
            "midtop",
        )
        size = max(12.0, self.line * 0.42)
        for i, opt in enumerate(self.rows):
            y = self.top + i * self.line
            row_rect = pygame.Rect(self.box.x + 10, round(y - 3), bw - 20, round(self.line * 0.8) + 6)
            if i == self.row:
                pygame.draw.rect(surface, th.button, row_rect, border_radius=6)
                pygame.draw.rect(surface, th.accent, row_rect, 2, border_radius=6)
            label = opt.label + ("" if opt.applies_now else " *")
            text(
                surface,
                fonts,
                label,
                (self.box.x + bw * 0.05, y + self.line * 0.4),
                size,
                th.text,
                anchor="midleft",
            )
            name = opt.names[self._value_index(opt)]
            left = self.arrows[2 * i][0]
            right = self.arrows[2 * i + 1][0]
            font = fonts.get(size, True)
            shown = fit_text(font, name, right.x - left.right - 8)
            text(
                surface,
                fonts,
                shown,
                ((left.right + right.x) / 2, y + self.line * 0.4),
                size,
                th.accent,
                True,
                "center",
            )
            for rect, glyph in ((left, "◀"), (right, "▶")):
                text(surface, fonts, glyph, rect.center, size, th.text_dim, anchor="center")
        note = "* applies to the next new game · ↑↓ choose a row · ←→ change it"
        y = self.top + len(self.rows) * self.line
        text(surface, fonts, note, (self.box.centerx, y), max(10.0, size * 0.8), th.text_dim, anchor="midtop")
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for b in self.buttons:
            draw_button(surface, fonts, th, b, mouse)


BUTTON_H = 46
"""Height of a dialog's buttons."""


def dialog_frame(window: tuple[int, int], max_w: int, max_h: int) -> tuple[pygame.Rect, int, int]:
    """A dialog box centred in the window: (box, y of its button row, width of a half-width button)."""
    w, h = window
    bw, bh = min(w - 40, max_w), min(h - 40, max_h)
    box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
    return box, box.bottom - BUTTON_H - 18, (bw - 3 * 16) // 2


class ResumePrompt(Scene):
    """Offers the saved game when the program starts."""

    overlay = True

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        """The saved game."""
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.on_resize()

    def on_resize(self) -> None:
        """Lay out the prompt."""
        self.box, y, half = dialog_frame(self.app.layout.size, 560, 260)
        bhh = BUTTON_H
        self.buttons = [
            Button(
                "resume", "Resume", pygame.Rect(self.box.x + 16, y, half, bhh), primary=True, shortcut="Enter"
            ),
            Button("new", "New game", pygame.Rect(self.box.x + 32 + half, y, half, bhh), shortcut="N"),
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter resumes, N starts over."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r):
                self.app.resume(self.session)
            elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                self.app.decline_resume()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    if b.key == "resume":
                        self.app.resume(self.session)
                    else:
                        self.app.decline_resume()

    def draw(self, surface: pygame.Surface) -> None:
        """The question."""
        th = self.app.theme
        fonts = self.app.renderer.fonts
        dim(surface)
        panel(surface, th, self.box)
        s = self.session
        score = s.match_now().score
        text(
            surface,
            fonts,
            "Resume your game?",
            (self.box.centerx, self.box.y + 22),
            26,
            th.text,
            True,
            "midtop",
        )
        lines = [
            f"Match to {s.config.match_length}: you {score[HUMAN]}, computer {score[1]}."
            f" Game {s.match.game_number()}.",
            f"{len(s.log)} {'turn' if len(s.log) == 1 else 'turns'} played."
            f" {self.app.level_label(s.config.level)}.",
        ]
        y = self.box.y + 74
        for line in lines:
            text(surface, fonts, line, (self.box.centerx, y), 17, th.text_dim, anchor="midtop")
            y += 28
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for b in self.buttons:
            draw_button(surface, fonts, th, b, mouse)


HELP: tuple[tuple[str, str], ...] = (
    ("Mouse", ""),
    ("Click a checker", "pick it up: its legal destinations light up"),
    ("Click a lit point", "move there (the tray bears off)"),
    ("Drag and drop", "the same, in one gesture"),
    ("Double-click", "move the checker by the highest die it can use"),
    ("Keyboard", ""),
    ("Space", "roll; or pick up / put down at the cursor"),
    ("Arrows, Tab", "move the cursor (Tab: next checker that can move)"),
    ("Enter", "confirm the move (or pick up / put down)"),
    ("U, Ctrl+Z, Backspace", "undo a step of this turn"),
    ("H", "hint: the AI's three best moves for you"),
    ("L", "show the last move again, with arrows"),
    ("N, Esc", "new game and settings"),
    ("M", "sound on / off"),
    ("T", "switch theme (classic / colour-blind)"),
    ("F1, ?", "this help"),
    ("Dice", ""),
    ("SHA-256", "shown when a game starts; the seed is revealed at the end:"),
    ("", "python main.py replay-seed SEED prints the dice it gives"),
)


class HelpOverlay(Scene):
    """The shortcuts, over whatever is showing."""

    overlay = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any key or click closes it."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        """The list of controls."""
        th = self.app.theme
        fonts = self.app.renderer.fonts
        w, h = surface.get_size()
        dim(surface, 160)
        bw, bh = min(w - 30, 760), min(h - 30, 640)
        box = pygame.Rect((w - bw) // 2, (h - bh) // 2, bw, bh)
        panel(surface, th, box)
        line = (bh - 90) / (len(HELP) + 1)
        size = max(10.0, min(19.0, line * 0.62))
        widest = max(HELP, key=lambda kv: fonts.get(size).size(kv[1])[0])[1]
        while size > 9 and fonts.get(size).size(widest)[0] > bw * 0.62 - 24:
            size -= 0.5
        text(surface, fonts, "How to play", (box.centerx, box.y + 14), size * 1.5, th.text, True, "midtop")
        y = box.y + 30 + size * 2
        for key, what in HELP:
            if not what:
                text(surface, fonts, key, (box.x + 24, y), size, th.accent, True)
            else:
                text(surface, fonts, key, (box.x + 40, y), size, th.text, True)
                text(surface, fonts, what, (box.x + bw * 0.38, y), size, th.text_dim)
            y += line
        text(
            surface,
            fonts,
            "any key to close",
            (box.centerx, box.bottom - 10),
            size * 0.8,
            th.text_dim,
            anchor="midbottom",
        )


class GameOverScene(Scene):
    """Who won, how many points and why; the match score; the dice seed revealed."""

    overlay = True

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        """The finished game."""
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.on_resize()

    def on_resize(self) -> None:
        """Lay out the panel."""
        self.box, y, half = dialog_frame(self.app.layout.size, 720, 440)
        bhh = BUTTON_H
        over = self.session.match_now().is_over()
        self.buttons = [
            Button(
                "next",
                "New match" if over else "Next game",
                pygame.Rect(self.box.x + 16, y, half, bhh),
                primary=True,
                shortcut="Enter",
            ),
            Button("menu", "Menu", pygame.Rect(self.box.x + 32 + half, y, half, bhh), shortcut="Esc"),
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter: next game (or a new match); Esc: the menu."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.app.after_game(self.session)
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.app.open_menu()
            elif event.key == pygame.K_F1 or event.unicode == "?":
                self.app.open_help()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    if b.key == "next":
                        self.app.after_game(self.session)
                    else:
                        self.app.open_menu()

    def headline(self) -> tuple[str, str]:
        """(who won what, why) in words."""
        out = self.session.outcome()
        assert out is not None
        pts = out.points
        kind = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[pts]
        why = {
            1: "the loser had borne off at least one checker",
            2: "the loser had not borne off any checker",
            3: "the loser had borne off none and still had a checker on the bar"
            " or in the winner's home board",
        }[pts]
        who = "You win" if out.winner == HUMAN else "The computer wins"
        return f"{who} {kind}: {pts} point{'s' * (pts > 1)}", f"It is {kind} because {why}."

    def draw(self, surface: pygame.Surface) -> None:
        """The result panel."""
        th = self.app.theme
        fonts = self.app.renderer.fonts
        s = self.session
        dim(surface, 120)
        panel(surface, th, self.box)
        head, why = self.headline()
        m = s.match_now()
        y = self.box.y + 20
        text(surface, fonts, head, (self.box.centerx, y), 28, th.accent, True, "midtop")
        y += 46
        small = fonts.get(16)
        for line in wrap(small, why, self.box.width - 40):
            text(surface, fonts, line, (self.box.centerx, y), 16, th.text, anchor="midtop")
            y += 22
        score = m.score
        y += 8
        line = f"Match to {m.length}: you {score[0]}, the computer {score[1]}."
        winner = m.winner()
        if winner is not None:
            line += " You win the match!" if winner == HUMAN else " The computer wins the match."
        text(surface, fonts, line, (self.box.centerx, y), 19, th.text, True, "midtop")
        y += 40
        for label, value in (("Dice seed", s.seed), ("SHA-256 shown at the start", s.commitment)):
            text(surface, fonts, label, (self.box.x + 24, y), 14, th.text_dim)
            y += 19
            text(
                surface,
                fonts,
                fit_text(fonts.get(14), value, self.box.width - 48),
                (self.box.x + 24, y),
                14,
                th.text,
            )
            y += 24
        check = f"Check the dice: python main.py replay-seed {s.seed} --count {len(s.dice.history)}"
        text(
            surface,
            fonts,
            fit_text(fonts.get(14), check, self.box.width - 48),
            (self.box.x + 24, y),
            14,
            th.text_dim,
        )
        y += 26
        rolls = " ".join(f"{a}{b}" for a, b in s.dice.history)
        for line in wrap(fonts.get(13), f"Dice drawn, in order: {rolls}", self.box.width - 48)[:4]:
            text(surface, fonts, line, (self.box.x + 24, y), 13, th.text_dim)
            y += 18
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for b in self.buttons:
            draw_button(surface, fonts, th, b, mouse)
