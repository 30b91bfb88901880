"""The modal screens over the board: resume a saved game, help, and the game-over result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.records.mat import format_match
from game.rules.dice import Roll, replay, seed_commitment
from ui.flow.said import Party, Side, side
from ui.model.records import match_so_far
from ui.model.session import HUMAN, GameSession
from ui.scenes.base import Choice, Command, Context, Dialog
from ui.scenes.dice_pick import DiceRows
from ui.scenes.game.actions import help_rows
from ui.scenes.help import KeysHelp
from ui.text import N_, _
from ui.text.game import (
    dice_checked,
    match_line,
    match_won,
    result_head,
    result_why,
    resume_lines,
    turns_played,
)
from ui.text.languages import LANGUAGES
from ui.widgets.controls import text, wrap
from ui.widgets.theme import Colour

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class ResumePrompt(Dialog):
    """Offers the saved game when the program starts."""

    def __init__(self, ctx: Context, session: GameSession) -> None:
        self.title = _("Resume your game?")
        self.session = session
        """The saved game."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Resume (Enter, R) or start over (N, Esc)."""
        return [
            Choice(
                "resume",
                _("Resume"),
                (*ENTER, pygame.K_r),
                _("Enter"),
                lambda: self.ctx.resume(self.session),
                True,
            ),
            Choice(
                "new",
                _("New game"),
                (pygame.K_n, pygame.K_ESCAPE),
                "N",
                lambda: self.ctx.run(Command.DECLINE_RESUME),
            ),
        ]

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The score and how far the game got."""
        th, fonts, s = self.ctx.theme, self.ctx.renderer.fonts, self.session
        score = s.match_now().score
        against = _("Two players") if s.config.is_two_player() else self.ctx.level_label(s.config.level)
        sides = (side(s, HUMAN), side(s, 1))
        lines = [
            resume_lines(sides, s.config.match_length, (score[HUMAN], score[1]), s.match.game_number()),
            turns_played(len(s.log), against),
        ]
        y = area.y + self.px(8)
        for line in lines:
            for part in wrap(fonts.get(self.px(17)), line, area.width):
                text(surface, fonts, part, (area.centerx, y), self.px(17), th.text_dim, anchor="midtop")
                y += self.px(24)


MOUSE_HELP: tuple[tuple[str, str], ...] = (
    (N_("Click a checker"), N_("pick it up: its legal destinations light up")),
    (N_("Click a lit point"), N_("move there (the tray bears off)")),
    (N_("Drag and drop"), N_("the same, in one gesture")),
    (N_("Double-click"), N_("move the checker by the highest die it can use")),
)
"""What the mouse does (msgids: worded where shown)."""

DICE_HELP = N_(
    "Dice: each game's dice come from a seed. Its SHA-256 is shown when the game starts;"
    " the seed and every roll it gave are shown when it ends, with a button that checks them."
)
"""How the dice are made fair (a msgid)."""


class HelpOverlay(KeysHelp):
    """The controls, made from the actions table, and how the dice are made fair."""

    max_size = (1180, 720)

    def __init__(self, ctx: Context) -> None:
        self.title = _("How to play")
        self.note = _(DICE_HELP)
        super().__init__(ctx)

    def rows(self) -> list[tuple[str, str]]:
        """The lines of help: a heading has an empty second part."""
        mouse = [(_(key), _(what)) for key, what in MOUSE_HELP]
        spoken = " · ".join(lang.name for lang in LANGUAGES)  # each in itself; chosen in the settings
        return [(_("Mouse"), ""), *mouse, (_("Keyboard"), ""), *help_rows(), (_("Language"), spoken)]


class GameOverScene(Dialog):
    """Who won, how many points and why; the match score; the dice seed and rolls, and a check of them.

    The result stays until the player picks a button (Space does nothing here).
    """

    title = ""
    max_size = (760, 500)
    dim_alpha = 120

    def __init__(self, ctx: Context, session: GameSession) -> None:
        self.session = session
        """The finished game."""
        self.check = ""
        """The result of checking the dice, once asked."""
        self.reviewing = False
        """The match's record is being read for its review."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Next game or new match (Enter), review (V; no record of a set-up match), dice check (C), menu."""
        over = self.session.match_now().is_over()
        review = [Choice("review", _("Review"), (pygame.K_v,), "V", self.review)]
        return [
            Choice(
                "next",
                _("New match") if over else _("Next game"),
                ENTER,
                _("Enter"),
                lambda: self.ctx.run(Command.NEXT_GAME),
                True,
            ),
            *([] if self.session.setup else review),  # a set-up match has no record to replay
            Choice("check", _("Check the dice"), (pygame.K_c,), "C", self.check_dice),
            Choice(
                "menu", _("Menu"), (pygame.K_ESCAPE, pygame.K_n), _("Esc"), lambda: self.ctx.run(Command.MENU)
            ),
        ]

    def on_key(self, event: pygame.event.Event) -> None:
        """F1 opens help."""
        if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.ctx.run(Command.HELP)

    def review(self) -> None:
        """Review the match so far (the whole match once it is over) over this screen, once its kept
        record is read (off the window's thread, after the game is written to it)."""
        if self.reviewing:
            return
        self.reviewing = True
        folder = None if self.ctx.headless else self.ctx.store.matches_folder
        session = self.session

        def read() -> tuple[bytes, Path | None]:
            record, path = match_so_far(folder, session)
            return format_match(record).encode("utf-8"), path

        self.ctx.run_file_job(read, self._open_review)

    def _open_review(self, read: tuple[bytes, Path | None]) -> None:
        self.reviewing = False
        if self not in self.ctx.stacked():  # the player went on to the next game meanwhile
            return
        data, path = read
        self.ctx.open_review(
            data,
            path.name
            if path is not None
            else _("game {number}").format(number=self.session.match.game_number()),
            path,
        )

    def check_dice(self) -> None:
        """Replay the seed and compare: the same SHA-256 and the same rolls, in order."""
        s = self.session
        rolls = s.dice.history
        same_hash = seed_commitment(s.seed) == s.commitment
        drawn = s.dice.drawn()
        same_rolls = replay(s.seed, len(drawn)) == drawn
        if same_hash and same_rolls:
            self.check = dice_checked(len(drawn), len(rolls) - len(drawn))
        else:
            self.check = _("The check failed: the seed does not give these dice.")

    def headline(self) -> tuple[str, str]:
        """(who won what, why) in words."""
        s = self.session
        out = s.outcome()
        assert out is not None
        pts, kind = s.points_now(), out.termination.value
        how = s.end.how if s.end is not None else None
        winner = side(s, out.winner)
        head = result_head(winner, kind, pts, how == "pass")
        return head, result_why(kind, how, s.cube.value, kind > 1 and pts == s.cube.value)

    def title_height(self, width: int | None = None) -> int:
        """No title: the result heads the body."""
        return round(self.px(20))

    def parts(self, width: int) -> list[Part]:
        """The body's lines at ``width`` pixels: the result and why, the match, the seed and its
        SHA-256, the dice drawn and, once asked, the check."""
        th, fonts, s = self.ctx.theme, self.ctx.renderer.fonts, self.session
        px = self.px
        head, why = self.headline()
        out: list[Part] = []

        def add(
            words: str,
            size: float,
            colour: Colour,
            bold: bool = False,
            centre: bool = True,
            mono: bool = False,
            after: float = 0.0,
        ) -> None:
            lines = wrap(fonts.get(px(size), bold, mono), words, width)
            for i, line in enumerate(lines):
                out.append(
                    Part(
                        line, px(size), colour, bold, centre, mono, px(after) if i == len(lines) - 1 else 0.0
                    )
                )

        add(head, 26, th.accent, True, after=8)
        add(why, 16, th.text, after=8)
        m = s.match_now()
        sides = (side(s, 0), side(s, 1))
        line = match_line(sides, 0 if m.is_money() else m.length, (m.score[0], m.score[1]), len(m.games))
        winner = m.winner()
        if winner is not None:
            line += " " + match_won(side(s, winner))
        add(line, 19, th.text, True, after=14)
        for label, value in ((_("Dice seed:"), s.seed), (_("SHA-256 shown at the start:"), s.commitment)):
            add(label, 14, th.text_dim, centre=False)
            add(value, 14, th.text, centre=False, mono=True, after=6)
        hand = set(s.dice.entered)
        rolls = " ".join(f"{a}{b}{'*' * (i in hand)}" for i, (a, b) in enumerate(s.dice.history))
        add(_("Dice drawn, in order: {dice}").format(dice=rolls), 14, th.text_dim, centre=False, after=4)
        if self.check:
            add(self.check, 14, th.accent, centre=False)
        return out

    def body_height(self, width: int) -> int:
        """Every line of the body."""
        return round(sum(p.size * 1.3 + p.after for p in self.parts(width)))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The result, the match, the dice."""
        fonts = self.ctx.renderer.fonts
        y = float(area.y)
        for p in self.parts(area.width):
            at, anchor = ((area.centerx, y), "midtop") if p.centre else ((area.x, y), "topleft")
            text(surface, fonts, p.text, at, p.size, p.colour, p.bold, anchor, p.mono)
            y += p.size * 1.3 + p.after


@dataclass(frozen=True)
class Part:
    """A line of a dialog's body, as drawn."""

    text: str
    size: float
    colour: Colour
    bold: bool
    centre: bool
    """Centred (else from the left)."""
    mono: bool
    """In the monospaced font."""
    after: float
    """Space under it."""


class DiceEntry(Dialog):
    """The dice rolled on the table (real dice): clicked or typed (``63``), then played (Enter): the
    human's roll, the computer's (``computers``), or the opening roll's one die for each side (the
    first player's, then the second's; a tie allowed)."""

    max_size = (460, 320)

    def __init__(
        self,
        ctx: Context,
        on_roll: Callable[[Roll], None],
        opening: tuple[Side, Side] | None = None,
        computers: bool = False,
    ) -> None:
        self.heading = (
            N_("The opening roll") if opening else N_("The computer's roll") if computers else N_("Your roll")
        )
        self.rows = DiceRows(ctx)
        """The two dice picked."""
        self.on_roll = on_roll
        """Called with the roll once it is complete."""
        self.opening = opening
        """The two sides, each rolling one die, for the opening roll (None: a turn's roll)."""
        super().__init__(ctx)

    def labels(self) -> tuple[str, str]:
        """What each row of dice is for."""
        if self.opening is None:
            return _("First die"), _("Second die")
        one, two = self.opening
        if one.party is Party.PERSON:
            return _("{name}'s die").format(name=one.name), _("{name}'s die").format(name=two.name)
        return _("Your die"), _("The computer's die")

    def roll(self) -> Roll | None:
        """The roll picked, once both dice are in."""
        dice = self.rows.roll()
        return None if dice is None else Roll(*dice)

    def choices(self) -> list[Choice]:
        """Play the roll (Enter) or cancel (Esc)."""
        ok = _("Play this roll") if self.opening is None else _("Use these dice")
        return [
            Choice("ok", ok, ENTER, _("Enter"), self._done, True),
            Choice("cancel", _("Cancel"), (pygame.K_ESCAPE,), _("Esc"), lambda: self.ctx.pop(self)),
        ]

    def _done(self) -> None:
        roll = self.roll()
        if roll is None:
            self.ctx.notify(_("Pick both dice first: click them, or type them (e.g. 63)."), warn=True)
            return
        self.ctx.pop(self)
        self.on_roll(roll)

    def on_key(self, event: pygame.event.Event) -> None:
        """Digits 1-6 and Backspace."""
        self.rows.key(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click on a die picks it."""
        self.rows.click(self.rows_area(self.body()), pos)

    def word_lines(self, width: int) -> list[str]:
        """How to pick, wrapped to ``width`` pixels."""
        words = _("Click the dice, or type them (1-6); Backspace takes one back.")
        return wrap(self.ctx.renderer.fonts.get(self.px(15)), words, width)

    def rows_area(self, area: pygame.Rect) -> pygame.Rect:
        """The body under the words: the rows of dice."""
        top = round(len(self.word_lines(area.width)) * self.px(15) * 1.35 + self.px(10))
        return pygame.Rect(area.x, area.y + top, area.width, max(0, area.height - top))

    def body_height(self, width: int) -> int:
        """The words' lines and the dice under them."""
        words = len(self.word_lines(width)) * self.px(15) * 1.35 + self.px(10)
        return round(words + self.rows.height(width))

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """How to pick, and the two rows of dice."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        y = float(area.y)
        for line in self.word_lines(area.width):
            text(surface, fonts, line, (area.centerx, round(y)), self.px(15), th.text_dim, anchor="midtop")
            y += self.px(15) * 1.35
        self.rows.draw(surface, self.rows_area(area), self.labels())
