"""Keys and flow (issue 50): Enter runs the ringed button in every dialog, one meaning per key on a
screen, Enter keeps meaning Done, H and a roll with no legal move say what they do, messages and dice
that stay, dialogs that hide what is under them, a top strip that does not shift.

The flow is driven without a window (intents in, effects out); the dialogs and the game screen are
built on an off-screen app whose worker only notes what it is asked."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from helpers import side

import ui.scenes
from ai.worker.messages import CubeAnswer, RankedMove
from game.rules.cube import CubeAction, CubeState, Resignation
from game.rules.dice import Roll
from game.rules.match import Match
from game.rules.move import legal_moves
from game.rules.position import Position
from game.rules.state import GameState
from ui.app.app import App
from ui.flow.events import (
    Confirm,
    CubeDone,
    Double,
    Effect,
    FlowOptions,
    Intent,
    Message,
    MoveChecker,
    Phase,
    RollDice,
    SearchDone,
    Tick,
    TutorTakeBack,
    Undo,
)
from ui.flow.turn_flow import DANCE_DELAY, TurnFlow
from ui.model.display import AnimationSpeed
from ui.model.player_stats import PlayerStats
from ui.model.position_ids import parse_setup
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.model.storage import Store
from ui.model.tutor import CheckerPlay, Verdict
from ui.model.workbench.editor import from_session
from ui.scenes import base
from ui.scenes.action_table import Key
from ui.scenes.base import ConfirmDialog, Dialog, WorkerDialog
from ui.scenes.drill.names import NamesDialog
from ui.scenes.drill.typed import MoveDialog
from ui.scenes.editor.dialogs import DiceDialog, EditorAnalysis, EditorHelp
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.game.actions import ACTIONS
from ui.scenes.game.cube_dialogs import ResignDialog, ResignOfferDialog, TakePassDialog, _Lines
from ui.scenes.game.dialogs import DiceEntry, GameOverScene, HelpOverlay, ResumePrompt
from ui.scenes.game.scene import GameScene
from ui.scenes.game.tutor_dialog import TutorDialog
from ui.scenes.help import KeysHelp
from ui.scenes.ids.dialogs import AnalysisDialog, IdsDialog, SetUpDialog
from ui.scenes.review.open_match import OpenMatchScene
from ui.scenes.review.scene import REVIEW_ACTIONS
from ui.scenes.rollout import RolloutDialog
from ui.scenes.settings.menu import MenuScene
from ui.scenes.settings.names import NameDialog
from ui.scenes.stats.scene import StatisticsScene
from ui.scenes.temperature import TemperatureDialog
from ui.scenes.why import Explanation, WhyDialog
from ui.text.explain import Row
from ui.text.flow import dice_left
from ui.text.flow import said as worded
from ui.widgets.scoreboard import plan_header

SIZE = (1100, 720)
CLOSED = Position.from_sides(
    side({6: 5, 8: 3, 13: 6}, bar=1), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
)
"""The human has a checker on the bar against a closed board: no roll can move."""
NO_DOUBLE = CubeAnswer(0, (0.5, 0.1, 0.0, 0.1, 0.0), 0.0, -0.2, 1.0, False, True)
"""The worker's answer to the computer's cube question: no double."""


# --- helpers -------------------------------------------------------------------------------------------


class QuietWorker:
    """A worker that notes each request and never answers (the dialogs and the board only start
    searches here)."""

    busy = False
    evaluator_warning: str | None = None

    def __init__(self) -> None:
        self.requests: list[object] = []

    def start(self, request: object) -> int:
        self.requests.append(request)
        return len(self.requests)

    def cancel(self, request_id: int) -> None:
        pass

    def poll(self) -> list[object]:
        return []

    def close(self) -> None:
        pass


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    pygame.init()
    made = App(
        SIZE, surface=pygame.Surface(SIZE), store=Store(tmp_path), worker_factory=QuietWorker, sound=False
    )
    made.settings.animation = AnimationSpeed.OFF
    yield made


def config(length: int = 5, first: str = "you") -> GameConfig:
    return GameConfig("casual", 1, 0.0, length, first, CheckerColour.LIGHT)


def session_at(turn: int, start: Position | None = None, cube: CubeState | None = None) -> GameSession:
    """A game under way, ``turn`` about to roll (a 5-point match)."""
    s = GameSession(config(), Match(5), seed="keys", start=start)
    s.begin()
    s.state = GameState(s.start if turn == HUMAN else s.start.swapped(), turn, None)
    if cube is not None:
        s.cube = cube
    return s


def flow_of(s: GameSession) -> TurnFlow:
    flow = TurnFlow(s, FlowOptions(auto_forced=False))
    flow.handle(Tick(0.05))
    return flow


def said(effects: list[Effect]) -> list[Message]:
    return [e for e in effects if isinstance(e, Message)]


def words(effects: list[Effect]) -> str:
    return " ".join(worded(m.said) for m in said(effects))


def keydown(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def finished_session() -> GameSession:
    s = session_at(HUMAN)
    s.resign(AI, Resignation.SINGLE)
    return s


def verdict() -> Verdict:
    return Verdict(0.2, CheckerPlay.MOVE, "24/18 13/10", "13/10 13/7")


def reasons() -> list[Explanation]:
    """Two hints explained, as the reasons dialog lists them."""
    rows = (Row("Rolls of 36 that hit a blot", "0", "21"), Row("Blots", "0", "2"))
    return [
        Explanation(
            "1. 13/7 8/7  +0.130",
            ("13/7 8/7 is the best move: equity +0.130, ahead of 8/2 6/5 at -0.260.",),
            rows,
            ("13/7 8/7", "8/2 6/5"),
        ),
        Explanation(
            "2. 8/2 6/5  -0.260 (-0.390)",
            ("13/7 8/7 is better: equity +0.130, against -0.260 for 8/2 6/5.",),
            tuple(Row(r.label, r.other, r.this) for r in rows),
            ("8/2 6/5", "13/7 8/7"),
        ),
    ]


# --- 1. Enter runs the ringed choice, in every dialog --------------------------------------------------


def nothing(*_: object) -> None:
    pass


DIALOGS: dict[type[Dialog], Callable[[App], Dialog]] = {
    ConfirmDialog: lambda a: ConfirmDialog(a, "Leave the game?", "It is saved.", "Leave", nothing),
    TutorDialog: lambda a: TutorDialog(a, verdict(), CheckerPlay.MOVE, nothing),
    TakePassDialog: lambda a: TakePassDialog(a, 2, None, nothing, beaver=True),
    ResignDialog: lambda a: ResignDialog(a, lambda r: r.value, nothing),
    ResignOfferDialog: lambda a: ResignOfferDialog(a, Resignation.GAMMON, 2, nothing),
    ResumePrompt: lambda a: ResumePrompt(a, session_at(HUMAN)),
    GameOverScene: lambda a: GameOverScene(a, finished_session()),
    DiceEntry: lambda a: DiceEntry(a, nothing),
    HelpOverlay: HelpOverlay,
    EditorHelp: EditorHelp,
    MenuScene: MenuScene,
    NameDialog: lambda a: NameDialog(a, "The first player", "Ann", "Player 1", nothing),
    MoveDialog: lambda a: MoveDialog(a, "Your roll: 3-1. Play it.", lambda typed: ""),
    NamesDialog: lambda a: NamesDialog(a, ("lasse",), lambda names: None),
    StatisticsScene: lambda a: StatisticsScene(a, PlayerStats()),
    IdsDialog: lambda a: IdsDialog(a, session_at(HUMAN), nothing),
    SetUpDialog: lambda a: SetUpDialog(a, nothing, nothing, nothing),
    AnalysisDialog: lambda a: AnalysisDialog(a, parse_setup("4HPwATDgc/ABMA:cAkAAAAAAAAA"), nothing),
    OpenMatchScene: OpenMatchScene,
    RolloutDialog: lambda a: RolloutDialog(a, session_at(HUMAN).state.position, (6, 5), None, "Your roll"),
    TemperatureDialog: lambda a: TemperatureDialog(a, session_at(HUMAN).state.position, None, "Before", 1),
    EvaluateDialog: lambda a: EvaluateDialog(a, session_at(HUMAN).state.position, None, "Before", 1),
    DiceDialog: lambda a: DiceDialog(a, nothing),
    WhyDialog: lambda a: WhyDialog(a, "Why the moves are ranked so", reasons(), 1),
    EditorAnalysis: lambda a: EditorAnalysis(
        a, from_session(session_at(HUMAN)), lambda: pygame.Rect(700, 0, 400, 720), 1, nothing, nothing
    ),
}
"""How to build each dialog the game has (one that is missing here fails the walk below)."""

BASES = {Dialog, WorkerDialog, KeysHelp, _Lines}
"""The dialog bases, never shown themselves."""


def every_dialog_class() -> set[type[Dialog]]:
    """Every subclass of Dialog in the front end's screens (each module imported first)."""
    for info in pkgutil.walk_packages(ui.scenes.__path__, "ui.scenes."):
        importlib.import_module(info.name)
    found: set[type[Dialog]] = set()
    todo = [Dialog]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found - BASES


def test_every_dialog_of_the_game_is_built_by_these_tests() -> None:
    assert every_dialog_class() <= set(DIALOGS), every_dialog_class() - set(DIALOGS)


def tapped(dialog: Dialog) -> list[str]:
    """Make each of ``dialog``'s choices note its name when run, instead of running."""
    ran: list[str] = []
    dialog._choices = [
        dataclasses.replace(c, run=lambda key=c.key: ran.append(key))  # type: ignore[misc]
        for c in dialog._choices
    ]
    return ran


@pytest.mark.parametrize("kind", list(DIALOGS), ids=lambda k: k.__name__)
def test_enter_runs_the_ringed_choice_in_every_dialog(app: App, kind: type[Dialog]) -> None:
    dialog = DIALOGS[kind](app)
    app.push(dialog)
    choices = dialog._choices
    primaries = [c.key for c in choices if c.primary]
    assert len(primaries) == 1, f"{kind.__name__} rings {primaries}: one choice is the default"
    for c in choices:
        enter = [k for k in c.keys if (k.code if isinstance(k, Key) else k) in base.ENTER_KEYS]
        assert c.primary or not enter, f"{kind.__name__}: {c.label} lists Enter, the ringed choice's key"
    ran = tapped(dialog)
    dialog.handle_event(keydown(pygame.K_RETURN))
    assert ran == primaries
    if len(choices) > 1 and pygame.K_TAB in dialog.focus_steps:
        dialog.handle_event(keydown(pygame.K_TAB))
        ringed = dialog.ringed()
        assert ringed is not None and ringed != [c.key for c in choices].index(primaries[0])
        dialog.handle_event(keydown(pygame.K_KP_ENTER))
        assert ran == [*primaries, choices[ringed].key]


def test_enter_in_the_tutor_warning_takes_back(app: App) -> None:
    answered: list[Intent] = []
    dialog = TutorDialog(app, verdict(), CheckerPlay.MOVE, answered.append)
    app.push(dialog)
    assert [c.key for c in dialog._choices if c.primary] == ["back"]
    dialog.handle_event(keydown(pygame.K_RETURN))
    assert answered == [TutorTakeBack()] and dialog not in app.stacked()
    play = next(c for c in dialog._choices if c.key == "play")
    assert "Enter" not in play.shortcut and "P" not in play.shortcut


# --- 4. one meaning per key on a screen ----------------------------------------------------------------


def _named(code: int) -> str | None:
    """A letter or digit key's name (a keypad digit is its digit), else None."""
    if pygame.K_a <= code <= pygame.K_z or pygame.K_0 <= code <= pygame.K_9:
        return chr(code)
    if pygame.K_KP1 <= code <= pygame.K_KP9:
        return str(code - pygame.K_KP1 + 1)
    if code == pygame.K_KP0:
        return "0"
    return None


def meanings(table: object, dialogs: list[Dialog]) -> dict[tuple[str, bool], set[str]]:
    """Each letter or digit key (with Ctrl or not) of a screen's table and its dialogs, and the labels
    it has there."""
    out: dict[tuple[str, bool], set[str]] = {}
    for action in table:  # type: ignore[attr-defined]
        for k in action.keys:
            name = k.char if k.char else _named(k.code)
            if name is not None and name.isalnum():
                out.setdefault((name.lower(), k.ctrl), set()).add(action.label)
    for dialog in dialogs:
        for c in dialog._choices:
            for k in c.keys:
                key = (k.code, k.ctrl) if isinstance(k, Key) else (k, False)
                name = _named(key[0])
                if name is not None:
                    out.setdefault((name, key[1]), set()).add(c.label)
    return out


def game_dialogs(a: App) -> list[Dialog]:
    return [
        TakePassDialog(a, 2, None, nothing, beaver=True),
        ResignDialog(a, lambda r: r.value, nothing),
        ResignOfferDialog(a, Resignation.GAMMON, 2, nothing),
        TutorDialog(a, verdict(), CheckerPlay.MOVE, nothing),
        IdsDialog(a, session_at(HUMAN), nothing),
    ]


def review_dialogs(a: App) -> list[Dialog]:
    return [DIALOGS[k](a) for k in (RolloutDialog, TemperatureDialog, EvaluateDialog)]


@pytest.mark.parametrize(
    ("table", "dialogs"), [(ACTIONS, game_dialogs), (REVIEW_ACTIONS, review_dialogs)], ids=["game", "review"]
)
def test_no_key_has_two_meanings_on_a_screen_and_its_dialogs(
    app: App, table: object, dialogs: Callable[[App], list[Dialog]]
) -> None:
    twice = {key: labels for key, labels in meanings(table, dialogs(app)).items() if len(labels) > 1}
    assert not twice, f"keys with two meanings: {twice}"


def test_theme_is_not_t_which_takes_a_double_and_ctrl_t_takes_nothing(app: App) -> None:
    by_label = {a.label: a for a in ACTIONS}
    assert not any(k.matches(keydown(pygame.K_t)) for k in by_label["Theme"].keys)
    took: list[CubeAction] = []
    dialog = TakePassDialog(app, 2, None, took.append)
    app.push(dialog)
    dialog.handle_event(keydown(pygame.K_t, mod=pygame.KMOD_CTRL))  # the temperature map's key
    assert took == []
    dialog.handle_event(keydown(pygame.K_t))
    assert took == [CubeAction.TAKE]


# --- 2. Enter keeps meaning Done; Undo says what is left -----------------------------------------------


def test_dice_left_are_counted_in_words_doubles_too() -> None:
    assert dice_left((4,)) == "a 4 is left"
    assert dice_left((6, 2)) == "a 6 and a 2 are left"
    assert dice_left((5, 5, 5)) == "three 5s are left"
    assert dice_left((3, 3)) == "two 3s are left"


def play_one(flow: TurnFlow) -> list[Effect]:
    b = flow.builder
    assert b is not None
    step = b.next_steps()[0].step
    return flow.handle(MoveChecker(step.src, step.dst))


def test_undo_after_a_complete_move_says_which_die_is_left_not_move_complete() -> None:
    flow = flow_of(session_at(HUMAN))
    flow.handle(RollDice(Roll(6, 4)))
    play_one(flow)
    assert "Move complete" in words(play_one(flow))
    b = flow.builder
    assert b is not None
    left = b.played[-1].die
    out = flow.handle(Undo())
    assert words(out) == f"Undone: a {left} is left to play." and "complete" not in words(out)


def test_done_with_a_double_half_played_says_how_many_are_left_and_plays_nothing() -> None:
    flow = flow_of(session_at(HUMAN))
    flow.handle(RollDice(Roll(5, 5)))
    play_one(flow)
    out = flow.handle(Confirm())
    assert words(out) == "Not done: three 5s are left to play."
    assert said(out)[0].warn and flow.phase is Phase.MOVING and not flow.session.log


def test_enter_with_the_move_unfinished_says_what_is_left_and_never_picks_up_a_checker(app: App) -> None:
    game = GameScene(app, session_at(HUMAN))
    app.stack.replace(game)
    game.update(0.05)
    game.flow.handle(RollDice(Roll(6, 4)))
    play_one(game.flow)
    b = game.flow.builder
    assert b is not None
    for _ in range(2):
        game.handle_event(keydown(pygame.K_RETURN))
        assert app.message == (f"Not done: a {b.remaining_dice()[0]} is left to play.", True)
        assert game.input.selected is None and game.input.cursor is None
    assert len(b.played) == 1 and not game.session.log
    play_one(game.flow)
    game.handle_event(keydown(pygame.K_RETURN))
    assert game.session.log and game.session.log[-1].player == HUMAN  # complete: Enter is Done


# --- 3. H says why when there is no hint ---------------------------------------------------------------


def test_h_or_the_greyed_hint_before_the_roll_when_the_computer_owns_the_cube_says_why(app: App) -> None:
    s = session_at(HUMAN, cube=CubeState(2, AI))
    game = GameScene(app, s)
    app.stack.replace(game)
    game.update(0.05)
    assert game.flow.phase is Phase.AWAITING_ROLL and not game.flow.hint_ready()
    game.handle_event(keydown(pygame.K_h))
    text, warn = app.message
    assert warn and "The computer owns the cube (on 2)" in text and "Roll, then H" in text
    app.message = ("", False)
    game.draw(app.screen)  # the buttons as shown: Hint greyed
    hint = next(b for b in game.buttons if b.key == "hint")
    assert not hint.enabled
    game.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint.rect.center, button=1))
    assert app.message == (text, True)  # the greyed button says it too


def test_h_while_the_computer_plays_says_hints_are_for_your_turn() -> None:
    flow = flow_of(session_at(AI))
    assert not flow.hint_ready() and worded(flow.why_no_hint()).startswith("Hints are for your own turn")


# --- 5. no legal move: said, and passed by itself or on any key ----------------------------------------


def test_a_roll_with_no_legal_move_says_so_and_passes_by_itself() -> None:
    flow = flow_of(session_at(HUMAN, start=CLOSED))
    out = flow.handle(RollDice(Roll(6, 6)))
    assert "No legal move with 6-6: you pass in a moment" in words(out)
    assert flow.is_passing() and flow.has_timer()
    for _ in range(round(DANCE_DELAY / 0.05) - 2):
        flow.handle(Tick(0.05))
    assert flow.session.turn == HUMAN  # a moment to read it
    for _ in range(4):
        flow.handle(Tick(0.05))
    assert flow.session.log[-1].player == HUMAN and flow.session.log[-1].steps == ()
    assert flow.session.turn == AI


def test_any_key_passes_a_roll_with_no_legal_move_at_once(app: App) -> None:
    game = GameScene(app, session_at(HUMAN, start=CLOSED))
    app.stack.replace(game)
    game.update(0.05)
    game.flow.handle(RollDice(Roll(6, 6)))
    game.handle_event(keydown(pygame.K_q))
    assert game.session.log[-1].steps == () and game.session.turn == AI and not game.flow.is_passing()
    assert not any(isinstance(s, MenuScene) for s in app.stacked())


# --- 7. what stays on screen ---------------------------------------------------------------------------


def test_the_computers_double_and_its_reason_for_taking_stay_until_the_next_message() -> None:
    flow = flow_of(session_at(HUMAN))
    flow.handle(Double())
    assert flow.phase is Phase.DOUBLE_ANSWER
    takes = CubeAnswer(0, (0.54, 0.1, 0.0, 0.1, 0.0), 0.4, 0.3, 1.0, False, True)
    out = flow.handle(CubeDone(takes))
    assert [m.stays for m in said(out)] == [True] and "takes: 46% to win" in words(out)


def test_the_cube_hint_stays_until_the_next_message() -> None:
    from ui.flow.events import AskHint

    flow = flow_of(session_at(HUMAN))
    flow.handle(AskHint(1))
    out = flow.handle(CubeDone(NO_DOUBLE))
    hint = [m for m in said(out) if worded(m.said).startswith("Cube hint")]
    assert hint and hint[0].stays


def test_a_message_that_stays_is_on_screen_a_minute_later_until_the_next_replaces_it(app: App) -> None:
    app.notify("The computer takes: 46% to win.", stays=True)
    for _ in range(60):
        app.update(1.0)
    assert app._status_plan().message == ("The computer takes: 46% to win.",)
    app.notify("You rolled 6-4.")
    assert app._status_plan().message == ("You rolled 6-4.",)
    for _ in range(30):
        app.update(1.0)
    assert app._status_plan().message == ()


def test_the_computers_dice_stay_on_the_board_until_you_roll(app: App) -> None:
    s = session_at(AI)
    s.state = GameState(s.state.position, AI, (5, 2))
    game = GameScene(app, s)
    app.stack.replace(game)
    game.update(0.05)
    assert game.flow.phase is Phase.COMPUTER_THINKING
    move = legal_moves(s.state.position, Roll(5, 2))[0]
    game.dispatch(SearchDone((RankedMove(move, 0.0, (0.5, 0.1, 0.0, 0.1, 0.0)),)))
    assert game.flow.phase is Phase.AWAITING_ROLL and s.log[-1].player == AI and s.state.dice is None
    for _ in range(200):  # 10 seconds of thinking
        game.update(0.05)
    view = game.board_view()
    assert view.dice == (5, 2) and not view.dice_human
    game.dispatch(RollDice(Roll(2, 1)))
    view = game.board_view()
    assert view.dice == (2, 1) and view.dice_human


# --- 6. nothing bleeds through a dialog; the top strip does not shift ----------------------------------


@pytest.mark.parametrize(
    "kind", [MenuScene, GameOverScene, TakePassDialog, TutorDialog], ids=lambda k: k.__name__
)
def test_a_dialogs_box_hides_whatever_is_under_it(app: App, kind: type[Dialog]) -> None:
    dialog = DIALOGS[kind](app)
    shots = []
    for under in ((0, 0, 0), (255, 255, 255)):
        surface = pygame.Surface(SIZE)
        surface.fill(under)
        for y in range(0, SIZE[1], 24):  # text-like stripes under the box
            pygame.draw.line(surface, (255 - under[0], 0, 128), (0, y), (SIZE[0], y), 3)
        dialog.draw(surface)
        inside = dialog.box.inflate(-24, -24)
        shots.append(pygame.image.tobytes(surface.subsurface(inside), "RGB"))
    assert shots[0] == shots[1]


def test_the_settings_over_the_game_over_text_shows_none_of_it(app: App) -> None:
    game = GameScene(app, finished_session())
    app.stack.replace(game)
    over = GameOverScene(app, game.session)
    app.push(over)
    menu = MenuScene(app)
    app.push(menu)
    surface = pygame.Surface(SIZE)
    app.draw(surface)
    with_over = pygame.image.tobytes(surface.subsurface(menu.box.inflate(-24, -24)), "RGB")
    app.pop(over)
    app.draw(surface)
    without = pygame.image.tobytes(surface.subsurface(menu.box.inflate(-24, -24)), "RGB")
    assert with_over == without


@pytest.mark.parametrize(
    ("before", "after"), [((167, 167), (99, 167)), ((100, 8), (9, 120)), ((5, 375), (15, 75))]
)
def test_the_top_strip_keeps_every_slot_when_a_pip_count_changes_width(
    app: App, before: tuple[int, int], after: tuple[int, int]
) -> None:
    top = app.layout.top
    fonts = app.renderer.fonts

    def plan(pips: tuple[int, int], score: tuple[str, str]) -> list[tuple[tuple[float, float], str]]:
        players = (("You", score[0], pips[0]), ("Computer", score[1], pips[1]))
        p = plan_header(fonts, top, 20, players, Match(7), "Your turn: move")
        return [(t.pos, t.anchor) for t in p.texts] + [(i, "icon") for i in p.icons]

    assert plan(before, ("0", "0")) == plan(after, ("0", "0")) == plan(after, ("6", "3"))
