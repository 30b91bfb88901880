"""Every screen and dialog drawn off-screen at the smallest to the largest window, and nothing a player
needs cut: no text shortened with an ellipsis, none drawn outside its box, the window or the clip, none
over other text or over a button.

The text drawing is instrumented here (the game keeps no record of what it draws): the functions that
shorten text (``fit_text``, ``wrap`` with ``most``) are wrapped to note each cut, ``text`` to note
where each line's ink lands, ``draw_button`` and ``panel`` to note the boxes the text must stay in,
and each scene's ``draw`` to start a layer (a dialog's text may lie over the dimmed screen under it,
not over its own). The searches the screens show are the real engine's, answered in this thread by
:class:`InlineWorker` and kept for the next window size.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pygame
import pytest
from corpus import corpus_root
from helpers import side

from ai.engine_types import Confirmation, ConfirmSettings, Judgement
from ai.worker.handlers import answer
from ai.worker.messages import CubeRequest, Finished, Request, ReviewRequest
from bench.drills import random_cards
from game.drills.card import Card
from game.drills.deck import DECK_FILE, open_deck
from game.rules.cube import CubeAction, Resignation
from game.rules.dice import Roll
from game.rules.move import legal_moves, parse_move
from game.rules.position import Position
from tests.drill_cases import drill_cube_card
from ui import text as words
from ui.app.app import App
from ui.app.ids import analyse_setup, open_editor, open_ids, open_setup
from ui.flow.events import RollDice
from ui.flow.said import Party, Side
from ui.model import player_stats
from ui.model.drills import cards_of_review
from ui.model.position_ids import parse_setup
from ui.model.seats import NAME_LENGTH, CheckerColour, Control
from ui.model.session import HUMAN, FirstMove, GameConfig, GameSession
from ui.model.storage import RealDice, Store
from ui.model.tutor import CheckerPlay, Verdict, confirmed_verdict, cube_loss, cube_verdict, move_verdict
from ui.scenes.base import Command, ConfirmDialog, Scene
from ui.scenes.drill.scene import DrillScene
from ui.scenes.drill.scene import Stage as DrillStage
from ui.scenes.editor.dialogs import DiceDialog
from ui.scenes.editor.scene import EditorScene
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.game.cube_dialogs import ResignOfferDialog, TakePassDialog
from ui.scenes.game.dialogs import DiceEntry, GameOverScene, ResumePrompt
from ui.scenes.game.tutor_dialog import TutorDialog
from ui.scenes.ids.dialogs import SetUpDialog
from ui.scenes.review.open_match import OpenMatchScene
from ui.scenes.review.scene import ReviewScene
from ui.scenes.rollout import RolloutDialog
from ui.scenes.settings.names import NameDialog
from ui.scenes.stats.scene import StatisticsScene
from ui.scenes.temperature import TemperatureDialog
from ui.scenes.why import WhyDialog, drill_reasons
from ui.text.languages import TRANSLATED
from ui.text.pseudo import PSEUDO
from ui.widgets import controls
from ui.widgets import panel as side_panel

SIZES = ((800, 600), (1024, 600), (1366, 768), (2560, 1440))
"""The smallest window a player met, a netbook's, a laptop's and a large screen's."""


def legible(height: int) -> int:
    """The smallest text readable at arm's length in a window ``height`` pixels high: 9 pixels, and
    more on a large screen (14 at 1440)."""
    return max(9, height // 100)


DATA = Path(__file__).parent / "data" / "mat"

# --- what was drawn ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """One line of text as it landed on the window."""

    text: str
    """The words."""
    ink: pygame.Rect
    """Its glyphs' pixels, in window coordinates."""
    box: pygame.Rect
    """What it must stay inside: its button, its dialog's box, or the window."""
    clip: pygame.Rect
    """The surface's clip when it was drawn (what falls outside is not shown)."""
    layer: int
    """The scene that drew it (text of a dialog may lie over the scenes under it)."""
    button: int | None
    """The index of the button whose label it is, if it is one."""
    size: int
    """Its font's size in pixels."""


@dataclass
class Recorder:
    """Everything drawn in one frame that can cut text."""

    window: pygame.Rect
    cuts: list[str] = field(default_factory=list)
    texts: list[Drawn] = field(default_factory=list)
    buttons: list[tuple[pygame.Rect, str, int]] = field(default_factory=list)
    boxes: list[tuple[pygame.Rect, int]] = field(default_factory=list)
    layer: int = 0
    in_button: int | None = None
    labels: dict[int, int] = field(default_factory=dict)
    """Each button's label size (the first text drawn on it)."""

    def new_layer(self, opaque: bool) -> None:
        """A scene starts drawing (one over the whole window hides all drawn before it)."""
        self.layer += 1
        if opaque:
            self.texts.clear()
            self.buttons.clear()
            self.boxes.clear()
            self.labels.clear()

    def box_of(self, point: tuple[int, int]) -> pygame.Rect:
        """The box text anchored at ``point`` must stay in: its button, else the smallest box of its
        layer around it, else the window."""
        if self.in_button is not None:
            return self.buttons[self.in_button][0]
        around = [r for r, layer in self.boxes if layer == self.layer and r.collidepoint(point)]
        return min(around, key=lambda r: r.width * r.height, default=self.window)

    def problems(self) -> list[str]:
        """What a player would find cut, covered, too small to read, or a row of buttons whose
        labels are of different sizes."""
        out = [f"cut with an ellipsis: {s!r}" for s in self.cuts]
        least = legible(self.window.height)
        out += [f"too small to read ({d.size} px): {d.text!r}" for d in self.texts if d.size < least]
        rows: dict[tuple[int, int, int], set[int]] = {}
        for i, (rect, _, layer) in enumerate(self.buttons):
            if i in self.labels:
                rows.setdefault((layer, rect.y, rect.height), set()).add(self.labels[i])
        out += [f"a row of buttons with labels of sizes {sorted(v)}" for v in rows.values() if len(v) > 1]
        for d in self.texts:
            if not self.window.contains(d.ink):
                out.append(f"outside the window {tuple(self.window.size)}: {d.text!r} at {tuple(d.ink)}")
            elif not d.clip.contains(d.ink):
                out.append(f"clipped: {d.text!r} at {tuple(d.ink)} by {tuple(d.clip)}")
            elif not d.box.contains(d.ink):
                out.append(f"outside its box {tuple(d.box)}: {d.text!r} at {tuple(d.ink)}")
        for a, b in itertools.combinations(self.texts, 2):
            if a.layer == b.layer and a.ink.colliderect(b.ink):
                out.append(f"text over text: {a.text!r} at {tuple(a.ink)} and {b.text!r} at {tuple(b.ink)}")
        for d in self.texts:
            for i, (rect, label, layer) in enumerate(self.buttons):
                if layer == d.layer and d.button != i and d.ink.colliderect(rect):
                    out.append(
                        f"text over a button: {d.text!r} at {tuple(d.ink)} and [{label}] {tuple(rect)}"
                    )
        return out


def _everywhere(
    monkeypatch: pytest.MonkeyPatch, original: Callable[..., Any], wrapper: Callable[..., Any]
) -> None:
    """Put ``wrapper`` in place of ``original`` in every module of the front end that holds it."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("ui") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attr, wrapper)


def instrument(monkeypatch: pytest.MonkeyPatch, app: App) -> Recorder:
    """Note every cut and every line of text the app draws from now on."""
    rec = Recorder(pygame.Rect((0, 0), app.layout.size))
    fit, wrap, text, button, box = (
        controls.fit_text,
        controls.wrap,
        controls.text,
        controls.draw_button,
        controls.panel,
    )
    text_args = inspect.signature(text)

    def fit_(font: pygame.font.Font, s: str, width: int) -> str:
        shown = fit(font, s, width)
        if shown != s:
            rec.cuts.append(s)
        return shown

    def wrap_(font: pygame.font.Font, s: str, width: int, most: int | None = None) -> list[str]:
        lines = wrap(font, s, width, most)
        if most is not None and len(wrap(font, s, width)) > len(lines):
            rec.cuts.append(s)
        return lines

    def text_(*args: Any, **kwargs: Any) -> pygame.Rect:
        rect: pygame.Rect = text(*args, **kwargs)
        a = text_args.bind(*args, **kwargs)
        a.apply_defaults()
        v = a.arguments
        if not v["s"].strip():
            return rect
        img = v["fonts"].render(v["s"], v["size"], v["colour"], v["bold"], v["mono"])
        surf: pygame.Surface = v["surf"]
        offset = surf.get_abs_offset()
        ink = img.get_bounding_rect().move(rect.topleft).move(offset)
        clip = surf.get_clip().move(offset)
        anchor = (round(v["pos"][0]) + offset[0], round(v["pos"][1]) + offset[1])
        size = max(8, round(v["size"]))
        rec.texts.append(Drawn(v["s"], ink, rec.box_of(anchor), clip, rec.layer, rec.in_button, size))
        if rec.in_button is not None:
            rec.labels.setdefault(rec.in_button, size)
        return rect

    def button_(
        surf: pygame.Surface, fonts: Any, th: Any, b: controls.Button, *args: Any, **kwargs: Any
    ) -> None:
        rec.buttons.append((b.rect.move(surf.get_abs_offset()), b.label, rec.layer))
        rec.in_button = len(rec.buttons) - 1
        try:
            button(surf, fonts, th, b, *args, **kwargs)
        finally:
            rec.in_button = None

    def box_(surf: pygame.Surface, th: Any, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        rec.boxes.append((rect.move(surf.get_abs_offset()), rec.layer))
        box(surf, th, rect, *args, **kwargs)

    for original, wrapper in ((fit, fit_), (wrap, wrap_), (text, text_), (button, button_), (box, box_)):
        _everywhere(monkeypatch, original, wrapper)
    draw_panel = side_panel.draw_panel

    def draw_panel_(
        surface: pygame.Surface, fonts: Any, th: Any, lay: side_panel.PanelLayout, view: Any
    ) -> None:
        rec.boxes.append((lay.rect.move(surface.get_abs_offset()), rec.layer))
        draw_panel(surface, fonts, th, lay, view)

    _everywhere(monkeypatch, draw_panel, draw_panel_)
    return rec


def draw_frame(monkeypatch: pytest.MonkeyPatch, app: App) -> Recorder:
    """One frame of the app, each scene a layer; what it drew."""
    rec = instrument(monkeypatch, app)
    for scene in app.stack:
        monkeypatch.setattr(scene, "draw", _layered(rec, scene, scene.draw))
    app.draw(app.screen)
    return rec


def _layered(
    rec: Recorder, scene: Scene, draw: Callable[[pygame.Surface], None]
) -> Callable[[pygame.Surface], None]:
    def run(surface: pygame.Surface) -> None:
        rec.new_layer(scene.opaque)
        draw(surface)

    return run


# --- a worker answering in this thread ----------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def engine() -> Any:
    """The shipped evaluator's engine, loaded once."""
    from ai.engine import Engine
    from ai.evaluation.load import default_evaluator

    evaluator, _ = default_evaluator()
    return Engine(evaluator, None)


@functools.cache
def _answers() -> dict[str, tuple[Any, ...]]:
    """The worker's events for each request asked so far (by its ``repr``), for the next window size."""
    return {}


ONE_ROUND = ConfirmSettings("test", max_trials=36, min_trials=36, truncate=2)
"""The rollouts a review's verdicts are confirmed by here: one round each, in this process (the
screens show the same marks and intervals as after the real ones, in seconds)."""


def events(request: Any) -> tuple[Any, ...]:
    """The worker's events for ``request`` (request id 0), worked out once; a review's confirming
    rollouts are :data:`ONE_ROUND`'s."""

    class Never:
        value = 0

    if isinstance(request, ReviewRequest) and request.confirm is not None:
        request = dataclasses.replace(request, confirm=ONE_ROUND, processes=1)
    kept = _answers()
    key = repr(request)
    if key not in kept:
        out: list[Any] = []
        answer(0, request, engine(), lambda msg: out.append(msg[1]), Never())
        kept[key] = tuple(out)
    return kept[key]


class InlineWorker:
    """The AI worker's protocol, answered by the real engine in this thread, the answer given at the
    next poll (answers are kept across window sizes: the same request, the same events)."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._waiting: list[Any] = []
        self.evaluator_warning: str | None = None

    @property
    def busy(self) -> bool:
        return bool(self._waiting)

    def start(self, request: Any) -> int:
        rid = next(self._ids)
        self._waiting = [(rid, request)]
        return rid

    def cancel(self, request_id: int) -> None:
        self._waiting = []

    def poll(self) -> list[Any]:
        out = []
        for rid, request in self._waiting:
            out += [dataclasses.replace(e, request_id=rid) for e in events(request)]
        self._waiting = []
        return out

    def close(self) -> None:
        self._waiting = []


# --- the screens --------------------------------------------------------------------------------------


def new_app(home: Path, size: tuple[int, int], **settings: object) -> App:
    """An off-screen app of ``size`` with quick settings (no animation, hint depth 1)."""
    values: dict[str, object] = {
        "level": "casual",
        "match_length": 5,
        "first": "you",
        "animation": "off",
        "sound": False,
        "auto_roll": False,
        "hint_depth": 1,
    }
    values.update(settings)
    (home / "settings.json").write_text(json.dumps(values))
    seeds = (f"fits-{i}" for i in itertools.count())
    return App(
        size,
        surface=pygame.Surface(size),
        store=Store(home),
        worker_factory=InlineWorker,
        sound=False,
        seeds=lambda: next(seeds),
    )


def settle(app: App, frames: int = 3) -> None:
    """A few updates: answers in, effects carried out."""
    for _ in range(frames):
        app.update(0.0)


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Updates of a quarter of a second each until ``done`` (the flow's pauses run out)."""
    for _ in range(200):
        if done():
            return
        app.update(0.25)
    raise AssertionError(f"gave up waiting for {what}")


def game_to_move(app: App) -> GameSession:
    """A new match, the player rolled and about to move (a checker picked up)."""
    app.start_new_game()
    g = app.game
    assert g is not None
    until(app, lambda: g.human_to_move() or g.roll_due(), "the player's turn")
    if g.roll_due():
        g.roll()
        until(app, g.human_to_move, "the player's move")
    b = g.flow.builder
    assert b is not None and b.sources()
    g.input.selected = max(b.sources())
    return g.session


def played_session(turns: int, seed: int = 3) -> GameSession:
    """A match at least ``turns`` turns in (random legal moves), the player on roll, before the roll."""
    config = GameConfig("casual", 1, 0.0, 5, FirstMove.YOU, CheckerColour.LIGHT)
    s = GameSession(config, seed=f"played-{seed}")
    s.begin()
    rng = random.Random(seed)
    played = 0
    while played < turns or s.turn != HUMAN:
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(rng.choice(moves) if moves else None)
        played += 1
        if played >= turns and s.turn == HUMAN:
            break
        s.roll()
    return s


def finished_session(match_length: int) -> GameSession:
    """A game played to its end from a near-end position (a gammon race to the last checker)."""
    start = Position.from_sides(side({1: 2, 2: 1, 4: 1}), side({1: 2, 2: 2, 3: 1}))
    config = GameConfig("casual", 1, 0.0, match_length, FirstMove.YOU, CheckerColour.LIGHT)
    s = GameSession(config, seed="finished", start=start)
    s.begin()
    while s.outcome() is None:
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(moves[0] if moves else None)
        if s.outcome() is None:
            s.roll()
    return s


def opening(app: App) -> None:
    app.settings.first = FirstMove.ROLL
    app.start_new_game()
    settle(app, 1)


def your_roll(app: App) -> None:
    app.set_game(played_session(9))
    g = app.game
    assert g is not None
    settle(app, 2)
    assert g.roll_due()  # the player on roll, before the roll


def your_move(app: App) -> None:
    game_to_move(app)


def hints(app: App) -> None:
    game_to_move(app)
    g = app.game
    assert g is not None
    g.input.selected = None
    g.hint()
    settle(app)
    assert len(g.flow.hints) >= 3


def thinking(app: App) -> None:
    app.settings.first = FirstMove.COMPUTER
    app.start_new_game()
    g = app.game
    assert g is not None
    g.update(0.0)


def long_moves_list(app: App) -> None:
    app.set_game(played_session(40))
    settle(app, 1)


def two_long_names(app: App) -> None:
    """A new game of two people, each name as long as a name may be (20 letters)."""
    app.settings.opponent = Control.HUMAN
    app.settings.name_one = "Maximilian Alexandros"[:NAME_LENGTH]
    app.settings.name_two = "Anastasia Konstantin"
    app.start_new_game()


def two_players(app: App) -> None:
    """Two people with the longest names."""
    two_long_names(app)
    settle(app, 1)


def whole_sha(app: App) -> None:
    """The seed's whole SHA-256 in the panel (S)."""
    game_to_move(app)
    g = app.game
    assert g is not None
    g.toggle_sha()


def menu(app: App) -> None:
    game_to_move(app)
    app.settings.manual_dice = RealDice.BOTH  # the row's longest choice
    app.open_menu()


def name_dialog(app: App) -> None:
    app.push(NameDialog(app, "The second player", "Anastasia", "Player 2", lambda _: None))


def statistics(app: App) -> None:
    entries = [
        player_stats.MatchEntry(
            f"2026112{i}-120000-5pt.mat", f"2026-11-2{i}", 5, (5, i % 5), (3, 2), True, (7.5 + i, 4.0 + i)
        )
        for i in range(8)
    ]
    app.push(StatisticsScene(app, player_stats.PlayerStats(tuple(entries))))


def help_screen(app: App) -> None:
    game_to_move(app)
    app.open_help()


def ids(app: App) -> None:
    game_to_move(app)
    open_ids(app)


def set_up(app: App) -> None:
    game_to_move(app)
    open_setup(app)
    dialog = app.stack.top()
    assert isinstance(dialog, SetUpDialog)
    dialog.entry.insert("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10")


def analysis(app: App) -> None:
    game_to_move(app)
    setup = parse_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10")
    assert not isinstance(setup, str)
    analyse_setup(app, setup)
    settle(app)


def editor(app: App) -> None:
    game_to_move(app)
    open_editor(app)


def editor_dice(app: App) -> None:
    editor(app)
    app.push(DiceDialog(app, lambda _: None))


def editor_analysis(app: App) -> None:
    editor(app)
    scene = app.stack.top()
    assert isinstance(scene, EditorScene)
    scene.analyse()
    settle(app)


def editor_help(app: App) -> None:
    editor(app)
    scene = app.stack.top()
    assert isinstance(scene, EditorScene)
    scene.show_help()


def leave_editor(app: App) -> None:
    editor(app)
    scene = app.stack.top()
    assert isinstance(scene, EditorScene)
    scene.undo()
    scene.past.append(scene.value)  # an edit made
    scene.value = dataclasses.replace(scene.value, dice=(6, 5))
    scene.leave()
    assert isinstance(app.stack.top(), ConfirmDialog)


def _rollout(app: App, dice: tuple[int, int] | None) -> RolloutDialog:
    s = game_to_move(app)
    dialog = RolloutDialog(
        app, s.state.position, dice, None, "Your roll 6-5: the best moves by the search, played out", jobs=1
    )
    app.push(dialog)
    return dialog


def rollout_settings(app: App) -> None:
    _rollout(app, (6, 5))


def rollout_results(app: App) -> None:
    dialog = _rollout(app, (6, 5))
    dialog.form.trials, dialog.form.truncate, dialog.form.seed = 36, 5, 7
    dialog.start()
    settle(app)


def cube_rollout_results(app: App) -> None:
    dialog = _rollout(app, None)
    dialog.what = "Your cube decision before you roll: no double, double/take, double/pass"
    dialog.form.trials, dialog.form.truncate, dialog.form.seed = 36, 5, 7
    dialog.start()
    settle(app)


def temperature(app: App) -> None:
    s = played_session(9)
    app.set_game(s)
    app.push(TemperatureDialog(app, s.state.position, None, "Your position before the roll", 1))
    settle(app)


def evaluate(app: App) -> None:
    s = played_session(9)
    app.set_game(s)
    app.push(EvaluateDialog(app, s.state.position, None, "Your position before the roll", 1))
    settle(app)


def _cube_answer(app: App) -> Any:
    """The engine's cube answer for the player on roll of the game on the board."""
    g = app.game
    assert g is not None
    s = g.session
    (event,) = events(CubeRequest(s.state.position, g.flow.cube_context(s.turn or HUMAN), 1, settle=False))
    return event


def take_or_pass(app: App) -> None:
    s = played_session(9)
    app.set_game(s)
    advice = _cube_answer(app)
    ann, max_ = Side(Party.PERSON, "Anastasia"), Side(Party.PERSON, "Maximilian")
    app.push(TakePassDialog(app, 4, advice, lambda _: None, beaver=True, doubler=ann, taker=max_))


def resign(app: App) -> None:
    app.set_game(played_session(9))
    g = app.game
    assert g is not None
    g.resign()


def resign_offer(app: App) -> None:
    app.set_game(played_session(9))
    ann, max_ = Side(Party.PERSON, "Anastasia"), Side(Party.PERSON, "Maximilian")
    app.push(ResignOfferDialog(app, Resignation.BACKGAMMON, 12, lambda _: None, ann, max_))


def _worst_move_verdict(app: App) -> Verdict:
    s = game_to_move(app)
    assert s.state.dice is not None
    moves = legal_moves(s.state.position, s.state.dice)
    (finished,) = [
        e for e in events(Request("hint", s.state.position, s.state.dice, 1)) if isinstance(e, Finished)
    ]
    ranked = finished.moves
    worst = ranked[-1].move
    played = next(m for m in moves if m.after.code == worst.after.code)
    verdict = move_verdict(ranked, played, 0.0, finished.explained)  # with its reasons, as the flow's
    assert verdict is not None
    return verdict


def tutor_move(app: App) -> None:
    verdict = _worst_move_verdict(app)
    g = app.game
    assert g is not None
    app.push(TutorDialog(app, verdict, CheckerPlay.MOVE, g.dispatch))


def _unsure(verdict: Verdict, rolled: tuple[tuple[str, float, float], ...]) -> Judgement:
    """A rollout that finds the search's error again, its interval still spanning a threshold just
    under it (the warning's longest words: "may lose ... possibly")."""
    return Judgement(2, 144, verdict.loss, 0.02, 7, False, verdict.loss, rolled)


def tutor_confirmed_move(app: App) -> None:
    """The tutor's warning confirmed by a rollout, still unsure, the search's reasons under a heading."""
    verdict = _worst_move_verdict(app)
    g = app.game
    assert g is not None
    best, mine = verdict.equities
    judged = _unsure(verdict, ((verdict.best, best, 0.01), (verdict.played, mine, 0.01)))
    confirmed = confirmed_verdict(verdict, Confirmation(judged, verdict.best), verdict.loss - 0.01)
    assert confirmed is not None and confirmed.confirmed and not confirmed.sure
    app.push(TutorDialog(app, confirmed, CheckerPlay.MOVE, g.dispatch))


def tutor_confirmed_cube(app: App) -> None:
    """A wrong take or pass confirmed by a rollout, still unsure."""
    s = played_session(9)
    app.set_game(s)
    g = app.game
    assert g is not None
    a = _cube_answer(app)
    kind = max((CubeAction.TAKE, CubeAction.PASS), key=lambda k: cube_loss(k, a))
    verdict = cube_verdict(kind, a, 0.0)
    assert verdict is not None
    judged = _unsure(verdict, ())
    rolled = Confirmation(judged, "pass" if kind is CubeAction.TAKE else "take", (a.nd, a.dt, a.dp))
    confirmed = confirmed_verdict(verdict, rolled, verdict.loss - 0.01)
    assert confirmed is not None and confirmed.confirmed
    app.push(TutorDialog(app, confirmed, kind, g.dispatch))


def tutor_cube(app: App) -> None:
    s = played_session(9)
    app.set_game(s)
    g = app.game
    assert g is not None
    a = _cube_answer(app)
    verdict = next(v for k in CubeAction if (v := cube_verdict(k, a, 0.0)) is not None)
    app.push(TutorDialog(app, verdict, CubeAction.PASS, g.dispatch))


def game_over(app: App) -> None:
    app.set_game(finished_session(5))
    app.push(GameOverScene(app, finished_session(5)))


def match_over(app: App) -> None:
    s = finished_session(1)
    app.set_game(s)
    app.push(GameOverScene(app, s))


def abandon_game(app: App) -> None:
    game_to_move(app)
    app.request_new_game()
    assert isinstance(app.stack.top(), ConfirmDialog)


def resume(app: App) -> None:
    app.push(ResumePrompt(app, played_session(9)))


def dice_entry(app: App) -> None:
    game_to_move(app)
    app.push(DiceEntry(app, lambda _: None))


def opening_real_dice(app: App) -> None:
    """Two players with real dice (the longest names): the opening roll waits, a tie said."""
    app.settings.manual_dice = RealDice.YOURS
    two_long_names(app)
    g = app.game
    assert g is not None
    until(app, g.flow.is_opening_due, "the opening roll's dice")
    g.dispatch(RollDice(Roll(4, 4)))
    settle(app, 1)


def opening_dice_entry(app: App) -> None:
    """The opening roll's dice typed in, one for each of two people."""
    opening_real_dice(app)
    g = app.game
    assert g is not None
    g.roll()
    assert isinstance(app.stack.top(), DiceEntry)


def computer_dice_entry(app: App) -> None:
    """Real dice for both sides: the computer's roll typed in, after the player's first move."""
    app.settings.manual_dice = RealDice.BOTH
    app.settings.first = FirstMove.YOU
    app.start_new_game()
    g = app.game
    assert g is not None
    until(app, g.flow.is_opening_due, "the opening roll's dice")
    g.dispatch(RollDice(Roll(5, 2)))
    until(app, g.human_to_move, "the player's move")
    b = g.flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    g.confirm()
    until(app, g.flow.is_computer_dice_due, "the computer's dice")
    g.roll()
    assert isinstance(app.stack.top(), DiceEntry)


def open_match(app: App) -> None:
    app.push(OpenMatchScene(app))


def _review(app: App, record: str, stop: int | None = None, data: bytes | None = None) -> ReviewScene:
    data = (DATA / record).read_bytes() if data is None else data
    app.open_review(data, record, None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    settle(app)
    assert scene.path is not None, scene.failed
    if stop is not None:
        scene.go(stop)
    return scene


def review(app: App) -> None:
    _review(app, "gnubg.mat")


LONG_NAMES = ((b"Alice", "Kévin UNGER Nicolas HARMAND".encode()), (b"Bob", b"meisampourtaghi"))
"""Two of the longest names in the corpus of real records: a team's (an .xg of a French tournament)
and a Backgammon Galaxy player's."""


def review_long_names(app: App) -> None:
    """Long names, a long file's name (as Backgammon Studio names its records) and confirmed errors:
    a row that one line does not hold takes two, over none; the title leaves the file's name out."""
    data = (DATA / "gnubg.mat").read_bytes()
    for short, long in LONG_NAMES:
        data = data.replace(short, long)
    scene = _review(app, "BoardLord-Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.mat", data=data)
    assert scene.path is not None and scene.path.review.match.record.players[1] == "meisampourtaghi"
    scene.pick_error(1)


def review_worst_error(app: App) -> None:
    scene = _review(app, "gnubg.mat")
    scene.pick_error(0)


def review_cube(app: App) -> None:
    scene = _review(app, "gnubg.mat")
    assert scene.path is not None
    cube = next(i for i, s in enumerate(scene.path.stops) if s.cube)
    scene.go(cube)


def review_lost_race(app: App) -> None:
    """A decision where the mover cannot win: only the other side's chances tell the moves apart."""
    scene = _review(app, "gnubg.mat")
    assert scene.path is not None
    i = next(
        i
        for i, s in enumerate(scene.path.stops)
        if any(d.options and d.options[0].probs[0] < 0.001 and d.error > 0 for d in scene.path.decisions(s))
    )
    scene.go(i)


def _drill(app: App, cube: bool = False, cards: list[Card] | None = None) -> DrillScene:
    """The Drill screen over a deck of checker plays (or one cube decision, or ``cards``), its first
    card shown."""
    assert app.store.folder is not None
    deck, _ = open_deck(app.store.folder / DECK_FILE)
    with deck:
        if cards is None:
            cards = [drill_cube_card()] if cube else random_cards(12)
        deck.add(cards, time.time() - 60)
    app.run(Command.DRILL)
    scene = app.stack.top()
    assert isinstance(scene, DrillScene)
    for _ in range(500):
        if scene.stage is not DrillStage.LOADING:
            break
        time.sleep(0.01)
        app.update(0.0)
    return scene


def drill(app: App) -> None:
    _drill(app)


def drill_answered(app: App) -> None:
    """A checker play answered wrong: the verdict, the best, why in numbers, when it comes back."""
    scene = _drill(app)
    card = scene.card
    assert card is not None and card.dice is not None
    scene.answer_with(parse_move(card.played, Position.from_id(card.position_id), card.dice))
    for _ in range(500):
        if scene.schedule is not None:
            break
        time.sleep(0.01)
        app.update(0.0)


def drill_answered_why(app: App) -> None:
    """A reviewed match's checker play answered wrong, its card with why the best is better (the
    tutor's two sentences, kept with the card)."""
    review = _review(app, "gnubg.mat")
    assert review.path is not None
    rev = review.path.review
    why = drill_reasons(rev.decisions, [review.explained.get(id(d)) for d in rev.decisions])
    cards = [c for c in cards_of_review(rev, "gnubg.mat", frozenset({0, 1}), 0.04, why=why) if c.dice]
    longest = max(cards, key=lambda c: len(c.why))  # the most words a card keeps
    assert longest.why
    scene = _drill(app, cards=[longest])
    card = scene.card
    assert card is not None and card.dice is not None and card.why == longest.why
    scene.answer_with(parse_move(card.played, Position.from_id(card.position_id), card.dice))
    for _ in range(500):
        if scene.schedule is not None:
            break
        time.sleep(0.01)
        app.update(0.0)
    assert any(card.why in line for line, _, _ in scene.lines())


def drill_cube(app: App) -> None:
    scene = _drill(app, cube=True)
    scene.answer("double")


def drill_statistics(app: App) -> None:
    drill_answered(app)
    scene = app.stack.top()
    assert isinstance(scene, DrillScene)
    scene.toggle_stats()
    for _ in range(500):
        if scene.stats is not None:
            break
        time.sleep(0.01)
        app.update(0.0)


def hint_reasons(app: App) -> None:
    """Why the hints are ranked so (W after a hint): the list, the first move's reasons open."""
    hints(app)
    g = app.game
    assert g is not None and g.can_explain()
    g.explain()
    assert isinstance(app.stack.top(), WhyDialog)


def hint_reasons_of_the_last(app: App) -> None:
    """The reasons dialog with the last hint's reasons open (the list scrolled down to it)."""
    hint_reasons(app)
    dialog = app.stack.top()
    assert isinstance(dialog, WhyDialog)
    dialog.show(len(dialog.entries) - 1)


def cube_reasons(app: App) -> None:
    """Why to double or not (W after a cube hint, before the roll)."""
    app.set_game(played_session(9))
    settle(app)
    g = app.game
    assert g is not None and g.flow.can_cube_hint()
    g.hint()
    settle(app)
    assert g.can_explain()
    g.explain()
    assert isinstance(app.stack.top(), WhyDialog)


def tutor_reasons(app: App) -> None:
    """The tutor's Why (W): the move played and the best, side by side."""
    tutor_move(app)
    dialog = app.stack.top()
    assert isinstance(dialog, TutorDialog)
    dialog.why()
    assert isinstance(app.stack.top(), WhyDialog)


def tutor_cube_reasons(app: App) -> None:
    """The tutor's Why (W) on a cube action."""
    tutor_cube(app)
    dialog = app.stack.top()
    assert isinstance(dialog, TutorDialog)
    dialog.why()
    assert isinstance(app.stack.top(), WhyDialog)


def take_or_pass_reasons(app: App) -> None:
    """Why to take or pass (W in the take/pass dialog with its advice)."""
    take_or_pass(app)
    dialog = app.stack.top()
    assert isinstance(dialog, TakePassDialog)
    dialog.why()
    assert isinstance(app.stack.top(), WhyDialog)


def review_reasons(app: App) -> None:
    """The review's worst error, why the best is better (W) in place of its moves."""
    review_worst_error(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    scene.toggle_why()
    assert scene.why_lines()


def review_cube_reasons(app: App) -> None:
    """The review's cube decision explained (W)."""
    review_cube(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    scene.toggle_why()
    assert scene.why_lines()


def review_notes_told(app: App) -> None:
    """A record with a note (an illegal play written as its board): the help line says so."""
    scene = _review(app, "illegal-play.mat")
    assert scene.told


def review_notes(app: App) -> None:
    """The record's notes (N) in place of the moves, on the turn the note is about (its side panel
    says so)."""
    scene = _review(app, "illegal-play.mat")
    assert scene.path is not None
    scene.go(next(i for i, s in enumerate(scene.path.stops) if scene.path.turn(s).illegal))
    scene.toggle_notes()
    assert scene.notes_lines()


SCREENS: dict[str, Callable[[App], None]] = {
    "opening roll": opening,
    "your roll": your_roll,
    "your move": your_move,
    "hints": hints,
    "computer thinking": thinking,
    "long moves list": long_moves_list,
    "two players": two_players,
    "the whole SHA-256": whole_sha,
    "settings and new game": menu,
    "a player's name": name_dialog,
    "statistics": statistics,
    "help": help_screen,
    "IDs": ids,
    "set up a position": set_up,
    "analysis of IDs": analysis,
    "position editor": editor,
    "editor dice": editor_dice,
    "editor analysis": editor_analysis,
    "editor help": editor_help,
    "leave the editor": leave_editor,
    "rollout settings": rollout_settings,
    "rollout results": rollout_results,
    "cube rollout results": cube_rollout_results,
    "temperature map": temperature,
    "evaluate": evaluate,
    "take or pass": take_or_pass,
    "resign": resign,
    "resignation offered": resign_offer,
    "tutor warning": tutor_move,
    "tutor cube warning": tutor_cube,
    "tutor warning confirmed by a rollout": tutor_confirmed_move,
    "tutor cube warning confirmed by a rollout": tutor_confirmed_cube,
    "game over": game_over,
    "match over": match_over,
    "abandon the game": abandon_game,
    "resume": resume,
    "your dice": dice_entry,
    "opening roll with real dice": opening_real_dice,
    "opening roll's dice": opening_dice_entry,
    "the computer's dice": computer_dice_entry,
    "open a match": open_match,
    "review": review,
    "review of the worst error": review_worst_error,
    "review of a cube decision": review_cube,
    "review of a lost race": review_lost_race,
    "drills": drill,
    "drill answered": drill_answered,
    "drill answered, with why": drill_answered_why,
    "drill cube answered": drill_cube,
    "drill statistics": drill_statistics,
    "why the hints": hint_reasons,
    "why the last hint": hint_reasons_of_the_last,
    "why to double or not": cube_reasons,
    "why the tutor's move": tutor_reasons,
    "why the tutor's cube": tutor_cube_reasons,
    "why take or pass": take_or_pass_reasons,
    "review with long names": review_long_names,
    "review why": review_reasons,
    "review why of a cube decision": review_cube_reasons,
    "review of a record with a note": review_notes_told,
    "review notes": review_notes,
}
"""Every screen and dialog, set up as a player meets it."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path))
    yield tmp_path
    pygame.display.quit()


LANGUAGES = ("", PSEUDO)
"""English, and the pseudo-locale (every phrase 40% longer, accented: what a longer language needs)."""

TOO_LONG_IN_PSEUDO: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "analysis of IDs": ("800x600",),
        "editor analysis": ("800x600", "1366x768"),
        "editor dice": ("800x600", "1366x768"),
        "editor help": ("800x600", "1024x600", "1366x768"),
        "evaluate": ("800x600", "1024x600"),
        "help": ("800x600", "1024x600"),
        "hints": ("800x600",),
        "leave the editor": ("800x600", "1366x768"),
        "long moves list": ("800x600",),
        "opening roll with real dice": ("800x600",),
        "opening roll's dice": ("800x600",),
        "position editor": ("800x600", "1366x768"),
        "review of a cube decision": ("800x600",),
        "review with long names": ("800x600",),
        "settings and new game": ("800x600",),
        "temperature map": ("800x600", "1024x600", "1366x768"),
        "two players": ("800x600",),
        "why the hints": ("800x600",),
        "why the last hint": ("800x600",),
        "why to double or not": ("800x600",),
        "review why of a cube decision": ("800x600",),
        "your roll": ("800x600",),
    }
)
"""The screens and window sizes that do not fit the pseudo-locale yet (their text is cut or covered at
+40%): each is checked to fail still, so that one that comes to fit is taken off this table, and every
other screen and size must fit it. The position editor's grid keys, the line under a cube decision's
board in the review at 800x600, the statistics, Evaluate and the temperature map's lines, the
dialogs' buttons with their keys need room that a longer language will need too (issue 55); the
review's error rows take two lines, and its graph's title drops its hints and then takes two lines,
where one does not hold them. The help's 35 rows at +40% fill 1024x600 at its least size, where an
accented capital over a descender meets the next line's (every shipped language fits)."""


@pytest.fixture(params=LANGUAGES, ids=["english", "pseudo"])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The language the screens are drawn in, as the app chooses it at its start (English again
    after)."""
    monkeypatch.setenv(words.LANGUAGE_VARIABLE, request.param or "en")
    yield request.param
    words.use("")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_nothing_on_the_screen_is_cut_or_covered(
    screen: str, size: tuple[int, int], language: str, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = new_app(home, size)
    SCREENS[screen](app)
    rec = draw_frame(monkeypatch, app)
    assert rec.texts, "nothing was drawn"
    problems = rec.problems()
    shown = f"{screen} at {size[0]}x{size[1]}" + (f" in {language}" if language else "")
    if language == PSEUDO and f"{size[0]}x{size[1]}" in TOO_LONG_IN_PSEUDO.get(screen, ()):
        assert problems, f"{shown} fits now: take it off TOO_LONG_IN_PSEUDO"
        return
    assert not problems, f"{shown}:\n" + "\n".join(problems)


SHIPPED_SIZES = ((800, 600), (1366, 768))
"""The sizes every screen is drawn at in every shipped language: the smallest window a player met,
and a laptop's."""


@pytest.mark.parametrize("code", [lang.code for lang in TRANSLATED])
@pytest.mark.parametrize("size", SHIPPED_SIZES, ids=[f"{w}x{h}" for w, h in SHIPPED_SIZES])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screen_fits_in_every_language(
    screen: str, size: tuple[int, int], code: str, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(words.LANGUAGE_VARIABLE, code)
    app = new_app(home, size)
    assert words.language() == code
    SCREENS[screen](app)
    rec = draw_frame(monkeypatch, app)
    assert rec.texts, "nothing was drawn"
    problems = rec.problems()
    assert not problems, f"{screen} at {size[0]}x{size[1]} in {code}:\n" + "\n".join(problems)


REAL_REVIEWS = (
    "formats/ronde3-UngerHarmand-HuyckLarsen.xg",
    "formats/2-Intermediate-Round2-Unger-Lahme-7pt.xg",
    "mat/studio/Gibraltar_Mike-Llabba_13pt_Backgammon_Studio_2023_03_22_21_22_47.txt",
    "mat/galaxy/match1032950.txt",
    "mat/transcription/MochizukiMasayuki_TabataMakoto_11p_Final_090222.txt",
)
"""Real records that once did not fit the review at 800x600: two teams' names of 26 and 27 letters
and their cube decisions; games of a few moves each (the graph's game labels met); a long file's
name with 13 games; a Backgammon Galaxy player's long name; two names whose caption over the board
takes two lines of Japanese (tests/data/records/SOURCES.md and tests/data/sgf/SOURCES.md name them)."""


@pytest.mark.parametrize("code", ["en", "de", "ja"])
@pytest.mark.parametrize("name", REAL_REVIEWS)
def test_real_records_fit_the_review_at_800x600(
    name: str, code: str, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = corpus_root()
    if root is None:
        pytest.skip("no corpus of real records here (CI has one)")
    path = root / name
    monkeypatch.setenv(words.LANGUAGE_VARIABLE, code)
    app = new_app(home, (800, 600))
    scene = _review(app, path.name, data=path.read_bytes())
    assert scene.path is not None and scene.path.errors
    scene.pick_error(0)  # the worst error: the decision's panel in full
    problems = draw_frame(monkeypatch, app).problems()
    assert not problems, f"{name} in {code}:\n" + "\n".join(problems)
