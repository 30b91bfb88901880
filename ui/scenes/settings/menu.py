"""The new-game dialog with the settings (against the computer or two players, and their names)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import pygame

from ai.engine_types import BAD, CONFIRM_MODES, DOUBTFUL, LEVELS, VERY_BAD
from game.rules.variant import Variant
from ui.model.display import AnimationSpeed, HomeSide, ThemeChoice
from ui.model.drills import Told, due_count
from ui.model.seats import DEFAULT_NAMES, OPPONENTS, CheckerColour, Control
from ui.model.session import MATCH_CHOICES, FirstMove
from ui.model.storage import HINT_DEPTHS, RealDice
from ui.model.tutor import TUTOR_LEVELS
from ui.scenes.action_table import Key
from ui.scenes.base import Choice, Command, Context, Dialog
from ui.scenes.settings.names import NameDialog
from ui.text import N_, _, current, ngettext
from ui.text.drills import damaged, to_practise
from ui.text.engine import level_name
from ui.text.languages import LANGUAGES
from ui.widgets.controls import fit_size, fit_text, text

ANIMATION: Mapping[AnimationSpeed, str] = MappingProxyType(
    {
        AnimationSpeed.OFF: N_("Off"),
        AnimationSpeed.FAST: N_("Fast"),
        AnimationSpeed.NORMAL: N_("Normal"),
        AnimationSpeed.SLOW: N_("Slow"),
    }
)
"""Each animation speed's name."""

VARIANT_NAMES: Mapping[Variant, str] = MappingProxyType(
    {Variant.STANDARD: N_("Standard"), Variant.NACKGAMMON: N_("Nackgammon")}
)
"""Each variant's name."""

TWO_PLAYERS = Control.HUMAN
"""The ``opponent`` setting of two people playing each other."""

COMPUTER_ONLY = frozenset({"level"})
"""The rows that only matter against the computer (greyed when two people play)."""

TWO_PLAYERS_ONLY = frozenset({"name_one", "name_two"})
"""The rows that only matter when two people play (greyed against the computer)."""

ROW_TEXT = 1.3
"""A row is at least this many times its text's size high: in a small window, where the rows are
close, the text shrinks (down from 12) rather than run into the next row."""


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
    typed: str = ""
    """For a name typed rather than chosen: the name kept when none is typed (no ``values``)."""


def options() -> list[Option]:
    """The rows of the new-game dialog (the last: the language, each named in itself)."""
    return [
        Option(
            "opponent", _("Play against"), list(OPPONENTS), [_("The computer"), _("Each other (two players)")]
        ),
        Option("name_one", _("First player's name (bottom)"), [], [], typed=DEFAULT_NAMES[0]),
        Option("name_two", _("Second player's name (top)"), [], [], typed=DEFAULT_NAMES[1]),
        Option("level", _("AI strength"), [lv.key for lv in LEVELS], [level_name(lv.key) for lv in LEVELS]),
        Option(
            "match_length",
            _("Match length"),
            list(MATCH_CHOICES),
            [
                ngettext("{count} point", "{count} points", n).format(count=n) if n else _("Money session")
                for n in MATCH_CHOICES
            ],
        ),
        Option("variant", _("Variant"), list(Variant), [_(VARIANT_NAMES[v]) for v in Variant]),
        Option(
            "first",
            _("Who moves first"),
            list(FirstMove),
            [_("Opening roll decides"), _("You (the first player)"), _("The computer (the second player)")],
        ),
        Option(
            "colour",
            _("Your (first player's) checkers"),
            list(CheckerColour),
            [_("Light"), _("Dark (ringed)")],
        ),
        Option(
            "animation",
            _("Animation"),
            list(AnimationSpeed),
            [_(ANIMATION[speed]) for speed in AnimationSpeed],
            applies_now=True,
        ),
        Option("sound", _("Sound"), [True, False], [_("On"), _("Off")], applies_now=True),
        Option("auto_roll", _("Roll for me"), [False, True], [_("Off"), _("On")], applies_now=True),
        Option("auto_forced", _("Play forced moves"), [True, False], [_("On"), _("Off")], applies_now=True),
        Option(
            "hint_depth",
            _("Hint depth"),
            list(HINT_DEPTHS),
            [
                (_("{depth} (quick)") if d < 3 else _("{depth} (slower, stronger)")).format(depth=d)
                for d in HINT_DEPTHS
            ],
            applies_now=True,
        ),
        Option(
            "manual_dice",
            _("Dice"),
            list(RealDice),
            [_("Rolled for you"), _("Real dice: yours"), _("Real dice: both sides")],
            applies_now=True,
        ),
        Option("home", _("Home board"), list(HomeSide), [_("Right"), _("Left")], applies_now=True),
        Option(
            "theme",
            _("Theme"),
            list(ThemeChoice),
            [_("Classic wood"), _("Colour-blind safe")],
            applies_now=True,
        ),
        Option("jacoby", _("Jacoby rule (money)"), [True, False], [_("On"), _("Off")]),
        Option("beavers", _("Beavers (money)"), [False, True], [_("Off"), _("On")]),
        Option("cube_advice", _("Take / pass advice"), [True, False], [_("On"), _("Off")], applies_now=True),
        Option(
            "tutor",
            _("Tutor (warns before errors)"),
            list(TUTOR_LEVELS),
            [
                _("Off"),
                _("Doubtful and worse ({size})").format(size=DOUBTFUL),
                _("Bad and worse ({size})").format(size=BAD),
                _("Very bad only ({size})").format(size=VERY_BAD),
            ],
            applies_now=True,
        ),
        Option(
            "review_mode",
            _("Coach's verdicts"),
            list(CONFIRM_MODES),
            [_("Quick (the search alone)"), _("Confirmed by rollouts"), _("Thorough (longer rollouts)")],
            applies_now=True,
        ),
        Option(
            "language",
            _("Language"),
            [lang.code for lang in LANGUAGES],
            [lang.name for lang in LANGUAGES],
            applies_now=True,
        ),
    ]


class MenuScene(Dialog):
    """New game and settings; over the game (which waits underneath) or the empty board."""

    focus_steps: Mapping[int, int] = MappingProxyType({})
    """None: the arrows and Tab move between the settings' rows and change them."""

    def __init__(self, ctx: Context) -> None:
        self.title = _("New game & settings")
        self.rows = options()
        self.row = 0
        """The row the keyboard is on."""
        self.line = 30.0
        self.top = 0.0
        self.arrows: list[tuple[pygame.Rect, int, int]] = []  # rect, row, direction
        self.due: int | None = None
        """The drill cards due now, once counted (None: not yet)."""
        self.covered = False
        """A screen was over this one at the last frame (a review or the Drill screen, which may
        have added or answered cards: they are counted again when it closes)."""
        super().__init__(ctx)
        self.count_due()

    def count_due(self) -> None:
        """Count the drill cards due now (a file job); the Drill button says how many."""
        folder, now = self.ctx.store.folder, time.time()
        self.ctx.run_file_job(lambda: due_count(folder, now), self._counted)

    def update(self, dt: float, covered: bool = False) -> None:
        """Count the cards again when a screen over this one has closed."""
        super().update(dt, covered)
        if self.covered and not covered:
            self.count_due()
        self.covered = covered

    def on_language(self) -> None:
        """Another language: the title and the rows worded again, then laid out."""
        self.title = _("New game & settings")
        self.rows = options()
        super().on_language()

    def _counted(self, counted: tuple[int, Told]) -> None:
        """The drill cards due now: the Drill button says how many."""
        self.due, told = counted
        if told.damage is not None:
            self.ctx.alert(damaged(told.damage))
        self.on_resize()

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        """Most of the window."""
        return min(w - 40, max(round(self.px(640)), int(w * 0.66))), min(h - 16, max(460, int(h * 0.86)))

    def choices(self) -> list[Choice]:
        """Start (Enter), open a match (O), back to the game (Esc), statistics (G), set up (P), quit (Q)."""
        out = [
            Choice(
                "start",
                _("Start new game"),
                (pygame.K_RETURN, pygame.K_KP_ENTER),
                _("Enter"),
                lambda: self.ctx.run(Command.NEW_GAME),
                primary=True,
            )
        ]
        open_keys = (pygame.K_o, Key(pygame.K_o, ctrl=True))  # O, or Ctrl+O as on the board
        out.append(Choice("open", _("Open match"), open_keys, "O", lambda: self.ctx.run(Command.OPEN_MATCH)))
        session = self.ctx.game_session()
        if session is not None:
            label = _("Back") if session.outcome() is not None else _("Continue game")
            out.append(Choice("continue", label, (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self)))
        out.append(Choice("stats", _("Statistics"), (pygame.K_g,), "G", lambda: self.ctx.run(Command.STATS)))
        drill = _("Drills") if self.due is None else to_practise(self.due)
        out.append(Choice("drill", drill, (pygame.K_d,), "D", lambda: self.ctx.run(Command.DRILL)))
        setup_keys = (pygame.K_p, Key(pygame.K_p, ctrl=True))  # P, or Ctrl+P as on the board
        out.append(Choice("setup", _("Set up"), setup_keys, "P", lambda: self.ctx.run(Command.SETUP)))
        out.append(Choice("quit", _("Quit"), (pygame.K_q,), "Q", lambda: self.ctx.run(Command.QUIT)))
        return out

    def on_resize(self) -> None:
        """Lay out the rows and their arrows."""
        super().on_resize()
        box = self.box
        self.top = box.y + self.title_height()
        self.line = (self.buttons[0].rect.y - self.top) / (len(self.rows) + 1.0)
        aw = round(self.line * 0.8)
        vx0, vx1 = box.x + box.width * 0.42, box.right - box.width * 0.04
        self.arrows = []
        for i in range(len(self.rows)):
            y = round(self.top + i * self.line)
            self.arrows.append((pygame.Rect(round(vx0), y, aw, round(self.line * 0.8)), i, -1))
            self.arrows.append((pygame.Rect(round(vx1 - aw), y, aw, round(self.line * 0.8)), i, 1))

    def two_players(self) -> bool:
        """True when the next game is two people at this computer."""
        return self.ctx.settings.opponent is TWO_PLAYERS

    def unused(self, opt: Option) -> bool:
        """True when a row does not apply to the next game (the computer's strength when two
        people play, the players' names against the computer): shown greyed, and its choice
        cannot be changed."""
        if self.two_players():
            return opt.attr in COMPUTER_ONLY
        return opt.attr in TWO_PLAYERS_ONLY

    def shown(self, opt: Option) -> str:
        """A row's value as shown: the choice's name (the players named when two people play), the
        name typed, or that the row is not used."""
        if self.unused(opt):
            return _("Not used: two players") if self.two_players() else _("Only for two players")
        if opt.typed:
            return str(getattr(self.ctx.settings, opt.attr))
        index = self._value_index(opt)
        if opt.attr == "first" and self.two_players() and index > 0:
            names = self.ctx.settings.game_config().names
            said = _("{name} (first player)") if index == 1 else _("{name} (second player)")
            return said.format(name=names[index - 1])
        return opt.names[index]

    def _value_index(self, opt: Option) -> int:
        value = getattr(self.ctx.settings, opt.attr)
        if opt.attr == "language" and value not in opt.values:
            value = current().code  # not chosen yet: the system's, which is spoken
        try:
            return opt.values.index(value)
        except ValueError:
            return 0

    def change(self, row: int, direction: int) -> None:
        """Move a row's choice left or right and save the settings."""
        opt = self.rows[row]
        if self.unused(opt):
            when = _("when two people play each other") if self.two_players() else _("against the computer")
            self.ctx.notify(_("{label} is not used {when}.").format(label=opt.label, when=when))
            return
        if opt.typed:
            self.type_name(opt)
            return
        i = (self._value_index(opt) + direction) % len(opt.values)
        setattr(self.ctx.settings, opt.attr, opt.values[i])
        self.ctx.settings_changed()

    def type_name(self, opt: Option) -> None:
        """Open the box to type a player's name (kept in the settings when Enter is pressed)."""

        def keep(name: str) -> None:
            setattr(self.ctx.settings, opt.attr, name)
            self.ctx.settings_changed()

        who = _("The first player") if opt.attr == "name_one" else _("The second player")
        self.ctx.push(NameDialog(self.ctx, who, self.shown(opt), opt.typed, keep))

    def on_key(self, event: pygame.event.Event) -> None:
        """Arrows choose a row and change it (a name row: the box to type it); F1 opens help."""
        k = event.key
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_TAB: 1}
        if k in moves:
            self.row = (self.row + moves[k]) % len(self.rows)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.change(self.row, -1 if k == pygame.K_LEFT else 1)
        elif k == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.ctx.run(Command.HELP)

    def on_click(self, pos: tuple[int, int]) -> None:
        """An arrow, or a row (which steps its choice on)."""
        for rect, row, direction in self.arrows:
            if rect.collidepoint(pos):
                self.row = row
                self.change(row, direction)
                return
        for i in range(len(self.rows)):
            y = self.top + i * self.line
            if self.box.x < pos[0] < self.box.right and y <= pos[1] < y + self.line:
                self.row = i
                self.change(i, 1)
                return

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The rows, the current one outlined."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        bw = self.box.width
        size = min(self.px(20), max(self.line * 0.42, min(12.0, self.line / ROW_TEXT)))
        labels = [opt.label + ("" if opt.applies_now else " *") for opt in self.rows]
        room = round(self.arrows[0][0].x - (self.box.x + bw * 0.05) - 6) if self.arrows else bw
        at = fit_size(fonts, [(label, False, room) for label in labels], size)  # one size, a longer language
        for i, opt in enumerate(self.rows):
            y = self.top + i * self.line
            if i == self.row:
                row_rect = pygame.Rect(self.box.x + 10, round(y - 3), bw - 20, round(self.line * 0.8) + 6)
                pygame.draw.rect(surface, th.button, row_rect, border_radius=6)
                pygame.draw.rect(surface, th.accent, row_rect, 2, border_radius=6)
            label = fit_text(fonts.get(at), labels[i], room)
            mid = y + self.line * 0.4
            unused = self.unused(opt)
            colour = th.text_dim if unused else th.text
            text(surface, fonts, label, (self.box.x + bw * 0.05, mid), at, colour, anchor="midleft")
            left, right = self.arrows[2 * i][0], self.arrows[2 * i + 1][0]
            name = fit_text(fonts.get(size, True), self.shown(opt), right.x - left.right - 8)
            centre = ((left.right + right.x) / 2, mid)
            text(surface, fonts, name, centre, size, th.text_dim if unused else th.accent, True, "center")
            for rect, glyph in ((left, "◀"), (right, "▶")) if not unused else ():
                text(surface, fonts, glyph, rect.center, size, th.text_dim, anchor="center")
        note = _("* applies to the next new game · ↑↓ choose a row · ←→ change it")
        y = self.top + len(self.rows) * self.line
        least = max(10.0, self.ctx.layout.size[1] / 100)  # legible in a large window too
        note_at = fit_size(fonts, [(note, False, bw - 20)], max(least, size * 0.8), least)
        text(
            surface,
            fonts,
            fit_text(fonts.get(note_at), note, bw - 20),
            (self.box.centerx, y),
            note_at,
            th.text_dim,
            anchor="midtop",
        )
