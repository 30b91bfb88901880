"""The Drill screen: the positions the player got wrong, practised until they are right.

Each card's position is on the board as in a game, the player on roll at the bottom: the roll is
played with the mouse (a checker, then where it goes; Backspace takes a step back) or typed (M),
or the cube decision is answered (D double, R no double, T take, P pass). The answer is judged at
once from what the card holds (:func:`game.drills.card.judge`); a move the review did not rank is
ranked by the screen's own worker (never on the window's thread) and judged against that, and,
where it costs something and the coach's verdicts are confirmed (the ``review_mode`` setting), a
rollout of it against the card's best judges it again (issue 52). The
verdict comes with the best, what was played in the match, why, both moves drawn on the board
(the answer solid, the best dashed) and when the card comes back; Enter goes on to the next. The
deck is read and written only in file jobs (:mod:`ui.model.drills`). A session is the cards due,
at most the length chosen (L), of the kind chosen (K); S shows the deck's figures. Its commands
are one table, :data:`DRILL_ACTIONS`: key, button and help line come from it.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Sequence

import pygame

from ai.engine_types import ConfirmSettings, RankedMove, context_from_match
from ai.worker.messages import ConfirmRequest, DecisionConfirmed, Failed, Finished, Request
from game.drills.card import (
    Card,
    Judged,
    candidates,
    chances,
    cube_action,
    judge,
    judge_ranked,
    rolled_out,
    shallower,
)
from game.drills.deck import DeckStats
from game.drills.schedule import Schedule
from game.records.matchid import from_match_id
from game.rules.move import Move, MoveError, MoveProblem, parse_move
from game.rules.position import Position, unpack
from ui.model import drills
from ui.model.display import HomeSide
from ui.model.storage import ALL_KINDS, DRILL_MIN_ERRORS, DRILL_SESSIONS
from ui.model.turn import TurnBuilder
from ui.scenes.action_table import Action, Key, buttons_in_rows, first_action
from ui.scenes.base import Context, Scene, Worker
from ui.scenes.drill.names import NamesDialog
from ui.scenes.drill.typed import MoveDialog
from ui.text import N_, _
from ui.text import drills as words
from ui.widgets.controls import (
    Button,
    draw_button,
    fit_size,
    fit_text,
    label_size,
    labels_fit,
    mouse_pos,
    text,
    wrap,
)
from ui.widgets.layout import Layout
from ui.widgets.render import BoardView
from ui.widgets.review_view import draw_lines

HELP_SIZE = 13
"""The font size of the line of keys under the buttons."""

LEAST_LABEL = 13
"""The least size of the buttons' labels in one row (else the buttons take two rows)."""

ANSWER_CONFIRM = ConfirmSettings()
"""The rollout an answer the card did not hold is judged again by: the default confirmation's (the
player waits for it: never the thorough one)."""

KIND_CHOICES = (ALL_KINDS, "opening", "contact", "race", "bear-off", "cube")
"""The kinds the K key steps through."""


class Stage(enum.Enum):
    """Where the screen is."""

    LOADING = enum.auto()
    """The session's cards are being read."""
    ASKING = enum.auto()
    """A card waits for its answer."""
    JUDGING = enum.auto()
    """A move the card did not rank is being ranked by the worker (then, maybe, rolled out)."""
    ANSWERED = enum.auto()
    """The verdict is shown."""
    EMPTY = enum.auto()
    """No card is due (or the session is over)."""


def _k(*codes: int) -> tuple[Key, ...]:
    return tuple(Key(c) for c in codes)


def _asking(s: DrillScene) -> bool:
    return s.stage is Stage.ASKING


def _move_card(s: DrillScene) -> bool:
    return s.stage is Stage.ASKING and s.card is not None and not s.card.is_cube()


def _cube_answer(word: str) -> Action[DrillScene]:
    """The action answering a cube card with ``word`` (its key, label and help are the action's)."""
    table = {
        "double": (N_("Double"), pygame.K_d, "D"),
        "no double": (N_("No double"), pygame.K_r, "R"),
        "take": (N_("Take"), pygame.K_t, "T"),
        "pass": (N_("Pass"), pygame.K_p, "P"),
    }
    label, key, said = table[word]
    return Action(
        word.replace(" ", "-"),
        label,
        _k(key),
        said,
        "",
        lambda s: s.stage is Stage.ASKING and s.card is not None and cube_action(word) in s.card.answers(),
        lambda s: s.answer(word),
        True,
    )


DRILL_ACTIONS: tuple[Action[DrillScene], ...] = (
    Action(
        "next",
        N_("Next ▶"),
        (*_k(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n),),
        N_("Enter"),
        N_("next card"),
        lambda s: s.stage is Stage.ANSWERED,
        lambda s: s.next_card(),
        True,
    ),
    Action(
        "play",
        N_("Play"),
        _k(pygame.K_RETURN, pygame.K_KP_ENTER),
        N_("Enter"),
        N_("play the move made on the board"),
        lambda s: (
            _move_card(s) and s.builder is not None and s.builder.is_complete() and bool(s.builder.played)
        ),
        lambda s: s.play_built(),
        True,
    ),
    Action(
        "undo",
        N_("Undo"),
        _k(pygame.K_BACKSPACE),
        N_("Backspace"),
        N_("take a step back"),
        lambda s: _move_card(s) and s.builder is not None and bool(s.builder.played),
        lambda s: s.undo(),
        True,
    ),
    Action(
        "type",
        N_("Type it"),
        _k(pygame.K_m),
        "M",
        N_("type the move"),
        _move_card,
        lambda s: s.type_move(),
        True,
    ),
    _cube_answer("double"),
    _cube_answer("no double"),
    _cube_answer("take"),
    _cube_answer("pass"),
    Action(
        "kind",
        N_("Kind"),
        _k(pygame.K_k),
        "K",
        N_("drill one kind"),
        lambda s: s.stage is not Stage.JUDGING,
        lambda s: s.step_kind(),
        True,
    ),
    Action(
        "length",
        N_("Length"),
        _k(pygame.K_l),
        "L",
        N_("cards a session"),
        lambda s: s.stage is not Stage.JUDGING,
        lambda s: s.step_length(),
        True,
    ),
    Action(
        "least",
        N_("Least error"),
        _k(pygame.K_e),
        "E",
        N_("the least error that makes a card"),
        lambda s: True,
        lambda s: s.step_least(),
        True,
    ),
    Action(
        "after",
        N_("Review after a match"),
        _k(pygame.K_a),
        "A",
        N_("review each match when it ends (on / off)"),
        lambda s: True,
        lambda s: s.toggle_after_match(),
        True,
    ),
    Action(
        "names",
        N_("My names"),
        _k(pygame.K_i),
        "I",
        N_("the names you play under on sites: their errors in records you open become cards"),
        lambda s: s.stage is not Stage.JUDGING,
        lambda s: s.edit_names(),
        True,
    ),
    Action(
        "stats",
        N_("Statistics"),
        _k(pygame.K_s),
        "S",
        "",
        lambda s: True,
        lambda s: s.toggle_stats(),
        True,
    ),
    Action(
        "close",
        N_("Close"),
        _k(pygame.K_ESCAPE),
        N_("Esc"),
        N_("close"),
        lambda s: True,
        lambda s: s.close_scene(),
        True,
    ),
)
"""The Drill screen's commands, in priority order (where two share a key, the first enabled wins)."""


def keys_line() -> str:
    """The line under the buttons: the keys and what they do, and the mouse."""
    keys = " · ".join(f"{a.keys_words()} {a.help_words()}" for a in DRILL_ACTIONS if a.help)
    return _("{keys} · click a checker, then where it goes").format(keys=keys)


class DrillScene(Scene):
    """A session of drill cards over the whole window."""

    modal = True
    opaque = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.stage: Stage = Stage.LOADING
        """Where the screen is."""
        self.session: drills.Session | None = None
        """The session's cards, once read."""
        self.index = 0
        """The card shown, in the session."""
        self.right = 0
        """Answers right in this session."""
        self.builder: TurnBuilder | None = None
        """The move being played on the board (a checker play)."""
        self.selected: int | None = None
        """The point whose checker is picked up."""
        self.judged: Judged | None = None
        """The verdict of the answer given."""
        self.answer_move: Move | None = None
        """The move answered (a checker play), to draw."""
        self.schedule: Schedule | None = None
        """The card's schedule after the answer, once kept."""
        self.stats: DeckStats | None = None
        """The deck's figures, when shown."""
        self.show_stats = False
        """True while the figures are shown instead of the card's words."""
        self.note = ""
        """A passing word in the help line (why a click did nothing, a problem)."""
        self.worker: Worker | None = None
        """The screen's own worker, while a move is ranked."""
        self.request: int | None = None
        self.searched: Judged | None = None
        """The search's verdict on a move the card did not rank, while a rollout judges it again."""
        self.ranked: tuple[RankedMove, ...] = ()
        """The search's ranking of the card's roll, while a rollout judges the answer again."""
        self.buttons: list[Button] = []
        self.on_resize()
        self.load()

    # --- the deck ----------------------------------------------------------------------------------

    def load(self) -> None:
        """Read the session's cards (a file job), then show the first."""
        self.stage = Stage.LOADING
        settings, folder = self.ctx.settings, self.ctx.store.folder
        kind, length, now = settings.drill_kind, settings.drill_session, time.time()
        self.ctx.run_file_job(lambda: drills.start_session(folder, now, kind, length), self._loaded)

    def _loaded(self, session: drills.Session) -> None:
        if session.told.damage is not None:
            self.ctx.alert(words.damaged(session.told.damage))
        if session.told.problem:
            self.ctx.alert(words.unusable(session.told.problem))
        self.session, self.index, self.right = session, 0, 0
        self.show_card()

    def show_card(self) -> None:
        """Put the session's current card on the board (or say that none is left)."""
        self.judged, self.answer_move, self.schedule, self.selected, self.note = None, None, None, None, ""
        card = self.card
        if card is None:
            self.stage, self.builder = Stage.EMPTY, None
            return
        self.stage = Stage.ASKING
        self.builder = (
            None if card.dice is None else TurnBuilder(Position.from_id(card.position_id), card.dice)
        )

    @property
    def card(self) -> Card | None:
        """The card shown."""
        if self.session is None or self.index >= len(self.session.cards):
            return None
        return self.session.cards[self.index][0]

    def next_card(self) -> None:
        """On to the next card of the session."""
        self.index += 1
        self.show_card()

    # --- answering ---------------------------------------------------------------------------------

    def answer(self, word: str) -> None:
        """A cube card answered."""
        card = self.card
        if card is None or self.stage is not Stage.ASKING:
            return
        found = judge(card, word)
        if found is not None:
            self._judged(found)

    def play_built(self) -> None:
        """The move made on the board answered."""
        if self.builder is not None:
            move = self.builder.move()
            if move is not None:
                self.answer_with(move)

    def answer_with(self, move: Move) -> None:
        """A checker play answered: judged from the card, or ranked by the worker first."""
        card = self.card
        if card is None or card.dice is None or self.stage is not Stage.ASKING:
            return
        self.answer_move = move
        found = judge(card, move)
        if found is not None:
            self._judged(found)
            return
        self.stage = Stage.JUDGING
        self._rank(card, card.depth or self.ctx.settings.hint_depth)

    def _rank(self, card: Card, depth: int) -> None:
        """Ask the screen's worker to rank the card's roll at ``depth``."""
        assert card.dice is not None
        context = context_from_match(from_match_id(card.match_id))
        request = Request("hint", Position.from_id(card.position_id), card.dice, depth, context=context)
        if self.worker is None:
            self.worker = self.ctx.new_worker()
        self.request = self.worker.start(request)

    def _judged(self, found: Judged) -> None:
        card = self.card
        assert card is not None
        self.judged = found
        self.stage = Stage.ANSWERED
        self.right += found.right
        if self.builder is not None:
            self.builder.undo_all()
        self.selected = None
        folder, close, now = self.ctx.store.folder, self.ctx.settings.drill_min_error, time.time()
        self.ctx.run_file_job(lambda: drills.keep_answer(folder, card.id, found, close, now), self._kept)

    def _kept(self, kept: Schedule | str) -> None:
        if isinstance(kept, str):
            self.ctx.notify(words.unusable(kept), warn=True)
            return
        self.schedule = kept

    def update(self, dt: float, covered: bool = False) -> None:
        """Take the worker's ranking of a move the card did not hold."""
        if self.worker is None:
            return
        for event in self.worker.poll():
            if event.request_id != self.request:
                continue
            card, move = self.card, self.answer_move
            if isinstance(event, Finished) and card is not None and move is not None:
                depth = shallower(move, event.moves)
                if depth is not None:  # cut short by the search: every move ranked again at its depth
                    self._rank(card, depth)
                    return
                try:
                    searched = judge_ranked(card, move, event.moves)
                except ValueError as exc:
                    self._finish_worker()
                    self.stage, self.note = Stage.ASKING, str(exc)
                    return
                if not self._roll_out(card, move, searched, event.moves):
                    self._finish_worker()
                    self._judged(searched)
            elif isinstance(event, DecisionConfirmed) and self.searched is not None:
                found = self._confirmed(event)
                self._finish_worker()
                self._judged(found)
            elif isinstance(event, Failed):
                held = self.searched
                self._finish_worker()
                if held is not None:  # the rollout failed: the search's verdict stands
                    self._judged(held)
                else:
                    self.stage, self.note = Stage.ASKING, event.message

    def _roll_out(self, card: Card, move: Move, searched: Judged, ranked: Sequence[RankedMove]) -> bool:
        """Ask the worker to judge an answer the search finds costly again by a rollout against the
        card's best (and the search's, if another), as the coach's verdicts are (issue 52); False
        where the answer costs nothing, the verdicts are the search's alone, or nothing is to compare."""
        moves = candidates(card, move, ranked)
        if searched.right or not moves or self.ctx.settings.review_mode == "quick":
            return False
        assert self.worker is not None
        context = context_from_match(from_match_id(card.match_id))
        request = ConfirmRequest(
            Position.from_id(card.position_id),
            context,
            "move",
            ANSWER_CONFIRM,
            moves,
            card.depth,
            searched.error,
        )
        self.searched, self.ranked = searched, tuple(ranked)
        self.request = self.worker.start(request)
        return True

    def _confirmed(self, event: DecisionConfirmed) -> Judged:
        """The answer as the rollout judged it (the search's verdict where it could not tell)."""
        searched, found = self.searched, event.confirmation
        assert searched is not None
        if found is None:
            return searched
        card = self.card
        if card is None:
            return searched
        trials, half = found.judged.trials, found.judged.half_width
        return rolled_out(searched, card, self.ranked, found.error, found.best, trials, half)

    def needs_frames(self) -> bool:
        """True while the worker ranks a move."""
        return self.worker is not None

    def _finish_worker(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.request, self.searched, self.ranked = None, None, ()

    def close(self) -> None:
        """Stop the worker, if it ranks."""
        self._finish_worker()

    def close_scene(self) -> None:
        """Back to what was under the screen."""
        self.close()
        self.ctx.pop(self)

    # --- the board -----------------------------------------------------------------------------------

    def undo(self) -> None:
        """Take the last step back."""
        if self.builder is not None and self.builder.played:
            self.builder.undo()
        self.selected = None

    def type_move(self) -> None:
        """Open the box to type the move."""
        card = self.card
        if card is None or card.dice is None:
            return
        position, dice = Position.from_id(card.position_id), card.dice

        def read(typed: str) -> str:
            try:
                move = parse_move(typed, position, dice)
            except ValueError as exc:  # a MoveError says what is wrong; anything else is unreadable
                problem = exc.problem if isinstance(exc, MoveError) else MoveProblem.UNREADABLE
                return words.move_refused(problem, typed, dice)
            self.answer_with(move)
            return ""

        self.ctx.push(MoveDialog(self.ctx, words.question(card), read))

    def click_board(self, pos: tuple[int, int]) -> None:
        """A click on the board: pick up a checker that can move, or put it down where it may go."""
        b = self.builder
        if b is None or self.stage is not Stage.ASKING:
            return
        local = (pos[0] - self.board_rect.x, pos[1] - self.board_rect.y)
        p = self.board_layout.hit(local)
        if p is None:
            self.selected = None
            return
        if self.selected is not None and p in b.destinations(self.selected):
            b.play(self.selected, p)
            self.selected = None
            if b.is_complete():
                self.play_built()
            return
        self.selected = p if p in b.sources() and p != self.selected else None
        if self.selected is None and p not in b.sources():
            self.note = _("That checker cannot move with these dice.") if not b.is_complete() else ""

    def view(self) -> BoardView | None:
        """The board: the card's position, the decider at the bottom; after the answer, the answer's
        arrows and the best move's (dashed)."""
        card = self.card
        if card is None:
            return None
        mover, other = unpack(Position.from_id(card.position_id).code)
        taker = card.decision in ("take", "pass")
        colour = self.ctx.settings.colour
        if self.builder is not None:
            mover, other = unpack(self.builder.code)
        view = BoardView(other if taker else mover, mover if taker else other, colour)
        if card.dice is not None:
            a, b = card.dice
            view.dice = (a, b) if a != b else (a,) * 4
            if self.builder is not None and self.stage is Stage.ASKING:
                left = list(self.builder.remaining_dice())
                used = []
                for d in view.dice:
                    used.append(d not in left)
                    if d in left:
                        left.remove(d)
                view.dice_used = tuple(used)
                view.sources = frozenset(self.builder.sources())
                view.selected = self.selected
                if self.selected is not None:
                    view.highlights = frozenset(self.builder.destinations(self.selected))
        if self.stage is Stage.ANSWERED and card.dice is not None and self.judged is not None:
            position = Position.from_id(card.position_id)
            if self.answer_move is not None:
                view.arrows = [(st.src, st.dst, True) for st in self.answer_move.steps]
            try:
                best = parse_move(self.judged.best, position, card.dice)
            except (MoveError, ValueError):
                best = None
            if best is not None and (self.answer_move is None or best.after != self.answer_move.after):
                view.best_arrows = [(st.src, st.dst, True) for st in best.steps]
        return view

    # --- settings ------------------------------------------------------------------------------------

    def step_kind(self) -> None:
        """Drill the next kind (every kind, opening, contact, race, bear-off, cube): a new session."""
        s = self.ctx.settings
        i = KIND_CHOICES.index(s.drill_kind) if s.drill_kind in KIND_CHOICES else 0
        s.drill_kind = KIND_CHOICES[(i + 1) % len(KIND_CHOICES)]
        self.ctx.settings_changed()
        self._finish_worker()
        self.load()

    def step_length(self) -> None:
        """The next session length: a new session."""
        s = self.ctx.settings
        i = DRILL_SESSIONS.index(s.drill_session) if s.drill_session in DRILL_SESSIONS else 0
        s.drill_session = DRILL_SESSIONS[(i + 1) % len(DRILL_SESSIONS)]
        self.ctx.settings_changed()
        self._finish_worker()
        self.load()

    def step_least(self) -> None:
        """The next least error that makes a card (the answers' "close" bound too)."""
        s = self.ctx.settings
        i = DRILL_MIN_ERRORS.index(s.drill_min_error) if s.drill_min_error in DRILL_MIN_ERRORS else 0
        s.drill_min_error = DRILL_MIN_ERRORS[(i + 1) % len(DRILL_MIN_ERRORS)]
        self.ctx.settings_changed()
        self.ctx.notify(words.least_error(s.drill_min_error))

    def toggle_after_match(self) -> None:
        """Turn the review of each finished match (for the drills) on or off."""
        s = self.ctx.settings
        s.drill_after_match = not s.drill_after_match
        self.ctx.settings_changed()
        self.ctx.notify(words.after_match(s.drill_after_match))

    def edit_names(self) -> None:
        """Type the names the player goes by (the drill_names setting)."""

        def keep(names: tuple[str, ...]) -> None:
            self.ctx.settings.drill_names = names
            self.ctx.settings_changed()
            self.ctx.notify(words.names_kept(names))

        self.ctx.push(NamesDialog(self.ctx, self.ctx.settings.drill_names, keep))

    def toggle_stats(self) -> None:
        """Show the deck's figures (read in a file job), or the card again."""
        self.show_stats = not self.show_stats
        if self.show_stats:
            folder, now = self.ctx.store.folder, time.time()
            self.ctx.run_file_job(lambda: drills.deck_stats(folder, now), self._stats_read)

    def _stats_read(self, found: DeckStats | str) -> None:
        if isinstance(found, str):
            self.ctx.notify(words.unusable(found), warn=True)
            self.show_stats = False
            return
        self.stats = found

    # --- geometry ------------------------------------------------------------------------------------

    def on_resize(self) -> None:
        """Header; the board left, the card's words right; the buttons in one row or two; the keys."""
        w, h = self.ctx.layout.size
        px, fonts = self.ctx.layout.px, self.ctx.renderer.fonts
        self.header = pygame.Rect(0, 0, w, max(30, round(px(40))))
        bh, gap = max(34, round(px(46))), 8
        actions = [a for a in DRILL_ACTIONS if a.button]
        per_row = len(actions)
        for per_row in (len(actions), -(-len(actions) // 2), -(-len(actions) // 3)):
            each = (w - gap * (per_row + 1)) // per_row
            trial = [
                Button(a.name, a.words(), pygame.Rect(0, 0, each, bh), shortcut=a.keys_words())
                for a in actions
            ]
            size = label_size(fonts, trial)
            if size >= px(LEAST_LABEL) and labels_fit(fonts, trial, size):
                break
        self.help_lines = wrap(fonts.get(px(HELP_SIZE)), keys_line(), w - 24)
        help_h = round(len(self.help_lines) * px(HELP_SIZE) * 1.35 + 6)
        self.help_rect = pygame.Rect(0, h - help_h, w, help_h)
        rows = -(-len(actions) // per_row)
        top = self.help_rect.y - rows * (bh + 6)
        self.buttons = buttons_in_rows(actions, per_row, w, top, bh)
        body = pygame.Rect(0, self.header.bottom, w, top - self.header.bottom - 6)
        self.board_rect = pygame.Rect(0, body.y, w, body.height)  # the board's panel holds the words
        self.board_layout = Layout.compute(self.board_rect.size, self.ctx.settings.home is HomeSide.LEFT)
        left = self.board_rect.x + self.board_layout.board.right + 12  # the board's own panel is free
        self.words_rect = pygame.Rect(left, body.y + 10, w - left - 12, body.height - 16)

    # --- input ---------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys from the table; clicks on the buttons and the board."""
        if event.type == pygame.KEYDOWN:
            self.note = ""
            action = first_action(DRILL_ACTIONS, event, self)
            if action is not None:
                action.run(self)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.note = ""
            for b in self.buttons:
                if b.hit(event.pos):
                    action = next(a for a in DRILL_ACTIONS if a.name == b.key)
                    if action.enabled(self):
                        action.run(self)
                    return
            if self.board_rect.collidepoint(event.pos):
                self.click_board(event.pos)

    # --- drawing -------------------------------------------------------------------------------------

    def title(self) -> str:
        """The header's words: the session's progress, its kind and length."""
        s = self.ctx.settings
        said = _("Drills · {kind} · {length} a session").format(
            kind=words.kind_name(s.drill_kind), length=s.drill_session
        )
        if self.session is not None and self.session.cards and self.stage is not Stage.EMPTY:
            said += " · " + words.progress(self.index, len(self.session.cards))
        return said

    def lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The words beside the board."""
        th = self.ctx.theme
        if self.show_stats:
            if self.stats is None:
                return [(_("Reading the figures…"), th.text_dim, False)]
            return [
                (_("Your drills"), th.accent, True),
                *((line, th.text, False) for line in words.stats_lines(self.stats)),
            ]
        if self.stage is Stage.LOADING:
            return [(_("Reading your drills…"), th.text_dim, False)]
        card = self.card
        if self.stage is Stage.EMPTY or card is None:
            out = [(words.to_practise(0), th.accent, True)]
            if self.session is not None and self.session.cards:
                out.append(
                    (
                        _("Session over: {right} of {total} right.").format(
                            right=self.right, total=len(self.session.cards)
                        ),
                        th.text,
                        False,
                    )
                )
            said = _(
                "Your errors become positions here: review a match of yours (V after a game), or let "
                "the game review each match when it ends (A turns it on)."
            )
            out.append((said, th.text_dim, False))
            return out
        out = [
            (words.question(card), th.accent, True),
            (words.context_line(card), th.text, False),
            (words.origin(card), th.text_dim, False),
        ]
        if self.stage is Stage.JUDGING:
            said = _("Checking your move by a rollout…") if self.searched else _("Judging your move…")
            out.append((said, th.text_dim, False))
        if self.stage is Stage.ANSWERED and self.judged is not None:
            out += self._verdict_lines(card, self.judged)
        return out

    def _verdict_lines(self, card: Card, judged: Judged) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The answer judged: the verdict, how a rollout judged it again, the best, the move played,
        why, the chances or the cube's values, and when the card comes back."""
        th, close = self.ctx.theme, self.ctx.settings.drill_min_error
        colour = th.accent if judged.right else th.warn
        out = [
            (_("You: {answer}").format(answer=words.answer_words(card, judged.answer)), th.text, False),
            (words.verdict(judged, close), colour, True),
        ]
        if judged.trials:
            out.append((words.rolled(judged.trials), th.text_dim, False))
        out.append((words.best_line(card, judged), th.text, False))
        out.append((words.played_line(card), th.text_dim, False))
        if card.why:
            out.append((card.why, th.text, False))
        found = chances(card, judged)
        if found is not None:
            out.append((words.chances_line(found), th.text, False))
        if card.cube is not None:
            out.append((words.cube_line(card), th.text, False))
        if self.schedule is not None:
            out.append((words.back_in(self.schedule.due - time.time()), th.text_dim, False))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Everything, over the whole window."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        surface.fill(th.background)
        pygame.draw.rect(surface, th.panel, self.header)
        title = self.title()
        size = fit_size(fonts, [(title, True, self.header.width - 24)], self.header.height * 0.45)
        title = fit_text(fonts.get(size, True), title, self.header.width - 24)
        text(surface, fonts, title, (12, self.header.centery), size, th.text, True, "midleft")
        view = self.view()
        if view is not None:
            board = surface.subsurface(self.board_rect)
            self.ctx.renderer.draw(board, self.board_layout, th, view)
            lay = self.board_layout
            for part in (lay.top, lay.status):
                pygame.draw.rect(board, th.background, part)
        draw_lines(surface, fonts, self.words_rect, self.lines(), self.ctx.layout.px(17))
        mouse = mouse_pos()
        labels = label_size(fonts, self.buttons)
        for b in self.buttons:
            b.enabled = next(a for a in DRILL_ACTIONS if a.name == b.key).enabled(self)
            draw_button(surface, fonts, th, b, mouse, labels)
        size = self.ctx.layout.px(HELP_SIZE)
        lines, colour = self.help_lines, th.text_dim
        if self.note:
            lines, colour = wrap(fonts.get(size), self.note, self.help_rect.width - 24), th.warn
        y = self.help_rect.y + 3.0
        for line in lines:
            text(surface, fonts, line, (12, y), size, colour)
            y += size * 1.35
