"""The turn flow's parts on their own: the cube exchange and the advice take an intent with a view of
the turn and answer steps, keeping their own state; and no flow class is a mixin (issue 51)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from enum import Enum
from pathlib import Path

import ui.flow
from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove, Request
from game.rules.cube import CubeAction, CubeRules, Resignation
from game.rules.dice import Roll
from game.rules.match import Match
from game.rules.state import GameState
from ui.flow.cube import CubeExchange
from ui.flow.events import (
    AskHint,
    AskResign,
    AskTake,
    DeclineResign,
    Double,
    FlowOptions,
    Message,
    Phase,
    Save,
    Search,
    TutorTakeBack,
    TutorWarn,
)
from ui.flow.parts import (
    Ask,
    BeforeRoll,
    CarryOut,
    Check,
    ComputerRolls,
    CubeDue,
    EnterTurn,
    GoTo,
    NewTurn,
    Ranked,
    Rolled,
    TakeBackMove,
    TurnView,
    Weighed,
)
from ui.flow.turn_flow import TurnFlow
from ui.flow.tutor import Advice
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.model.turn import TurnBuilder
from ui.model.tutor import CheckerPlay, Pending
from ui.text.flow import said as worded
from ui.text.flow import take_advice

PROBS = (0.5, 0.1, 0.0, 0.1, 0.0)
FLOW_DIR = Path(ui.flow.__file__).parent


def session_before_roll(turn: int, length: int = 7) -> GameSession:
    """A game under way with ``turn`` about to roll (against the computer)."""
    config = GameConfig("casual", 1, 0.0, length, "you", CheckerColour.LIGHT)
    s = GameSession(config, Match(length, (), CubeRules(True, False)), seed="parts")
    s.begin()
    pos = s.start if turn == HUMAN else s.start.swapped()
    s.state = GameState(pos, turn, None)
    return s


def view(
    phase: Phase,
    search: Search | None = None,
    options: FlowOptions | None = None,
    builder: TurnBuilder | None = None,
) -> TurnView:
    return TurnView(phase, search, options or FlowOptions(), builder, animating=False, waiting=False)


def answer(take: bool = True, offer: Resignation | None = None, win: float = 0.5) -> CubeAnswer:
    return CubeAnswer(0, (win, 0.1, 0.0, 0.1, 0.0), 0.4, 0.3, 1.0, False, take, False, offer, False, 0.25)


# --- the cube exchange -------------------------------------------------------------------------------


def test_the_cube_exchange_holds_a_double_for_the_tutor_only_before_the_roll() -> None:
    exchange = CubeExchange(session_before_roll(HUMAN))
    assert exchange.handle(Double(), view(Phase.AWAITING_ROLL)) == [Check(Pending(CubeAction.DOUBLE))]
    assert exchange.handle(Double(), view(Phase.MOVING)) == []
    busy = TurnView(Phase.AWAITING_ROLL, None, FlowOptions(), None, animating=True, waiting=False)
    assert exchange.handle(Double(), busy) == []


def test_the_cube_exchange_doubles_and_asks_the_computer_to_take() -> None:
    s = session_before_roll(HUMAN)
    exchange = CubeExchange(s)
    steps = exchange.handle(CarryOut(Pending(CubeAction.DOUBLE)), view(Phase.AWAITING_ROLL))
    said, save, goto, ask = steps
    assert isinstance(said, Message) and worded(said.said) == "You double: the cube to 2." and save == Save()
    assert goto == GoTo(Phase.DOUBLE_ANSWER)
    assert isinstance(ask, Ask) and ask.kind is Search.TAKE
    assert isinstance(ask.request, CubeRequest) and ask.request.role == 1
    assert s.offered == HUMAN


def test_the_computers_pass_is_kept_and_ends_the_game_through_the_flow() -> None:
    s = session_before_roll(HUMAN)
    exchange = CubeExchange(s)
    exchange.handle(CarryOut(Pending(CubeAction.DOUBLE)), view(Phase.AWAITING_ROLL))
    passed = answer(take=False, win=0.8)
    assert exchange.handle(Weighed(Search.TAKE, passed), view(Phase.MOVING)) == []  # nothing waits for it
    steps = exchange.handle(Weighed(Search.TAKE, passed), view(Phase.DOUBLE_ANSWER))
    assert steps[-1] == EnterTurn() and isinstance(steps[0], Message)
    assert "The computer passes" in worded(steps[0].said)
    assert exchange.cube_answer == passed and s.outcome() is not None


def test_the_cube_exchange_keeps_the_computers_offer_and_the_offers_declined() -> None:
    exchange = CubeExchange(session_before_roll(AI))
    goto, ask = exchange.handle(BeforeRoll(), view(Phase.COMPUTER_MOVING))
    assert goto == GoTo(Phase.CUBE_THINKING) and isinstance(ask, Ask) and ask.kind is Search.CUBE
    offer = answer(offer=Resignation.SINGLE, win=0.0)
    steps = exchange.handle(Weighed(Search.CUBE, offer), view(Phase.CUBE_THINKING))
    assert steps[0] == GoTo(Phase.RESIGN_OFFERED) and isinstance(steps[-1], AskResign)
    assert (exchange.resign_offer, exchange.resigner) == (Resignation.SINGLE, AI)
    steps = exchange.handle(DeclineResign(), view(Phase.RESIGN_OFFERED))
    assert steps[-1] == ComputerRolls()
    assert exchange.resign_offer is None and exchange.declined == {Resignation.SINGLE}
    assert exchange.handle(Weighed(Search.CUBE, offer), view(Phase.CUBE_THINKING)) == [ComputerRolls()]


def test_the_cube_exchange_asks_the_human_to_take_and_tells_the_tutor_the_cube_is_due() -> None:
    s = session_before_roll(AI)
    exchange = CubeExchange(s)
    double = CubeAnswer(0, PROBS, 0.4, 0.6, 1.0, True, True, take_point=0.25)
    steps = exchange.handle(Weighed(Search.CUBE, double), view(Phase.CUBE_THINKING))
    assert steps[0] == GoTo(Phase.TAKE_OR_PASS) and steps[-1] == CubeDue(AI)
    (ask,) = [st for st in steps if isinstance(st, AskTake)]
    assert (
        ask.value == 2
        and ask.advice is not None
        and take_advice(ask.advice).startswith("Take")
        and not ask.beaver
    )
    assert s.offered == AI and exchange.cube_answer == double


# --- the advice ----------------------------------------------------------------------------------------


def builder_for(s: GameSession) -> TurnBuilder:
    """The human's roll of 3-1 from the start (many legal moves: the tutor checks it)."""
    s.state = GameState(s.state.position, HUMAN, (3, 1))
    return TurnBuilder(s.state.position, Roll.of((3, 1)))


def ranked(b: TurnBuilder) -> tuple[RankedMove, ...]:
    """The roll's moves, the first best by 0.2, the rest equal."""
    return tuple(RankedMove(m, 0.2 if i == 0 else 0.0, PROBS) for i, m in enumerate(b.moves))


def test_the_advice_asks_for_a_hint_and_keeps_the_moves_it_gets() -> None:
    s = session_before_roll(HUMAN)
    advice, b = Advice(s), builder_for(s)
    (ask,) = advice.handle(AskHint(3), view(Phase.MOVING, builder=b))
    assert isinstance(ask, Ask) and ask.kind is Search.HINT
    assert isinstance(ask.request, Request) and ask.request.depth == 3
    assert advice.handle(Ranked(Search.HINT, ranked(b)), view(Phase.MOVING, builder=b)) == []
    assert advice.hints and advice.hints == list(ranked(b)[: len(advice.hints)]) and advice.hint_depth == 3
    assert advice.tutor_moves is None  # the tutor is off: a hint is not kept for it


def test_the_advice_lets_a_decision_through_when_the_tutor_is_off() -> None:
    s = session_before_roll(HUMAN)
    advice, b = Advice(s), builder_for(s)
    b.play_move(b.moves[1])
    held = Pending(CheckerPlay.MOVE, b.move())
    assert advice.handle(Check(held), view(Phase.MOVING, builder=b)) == [CarryOut(held)]
    assert advice.pending is None


def test_the_advice_holds_a_move_until_the_tutor_has_judged_it_and_takes_it_back() -> None:
    s = session_before_roll(HUMAN)
    advice, b = Advice(s), builder_for(s)
    tutor = FlowOptions(tutor=0.06)
    (ask,) = advice.handle(Rolled(), view(Phase.MOVING, options=tutor, builder=b))
    assert isinstance(ask, Ask) and ask.kind is Search.TUTOR
    b.play_move(b.moves[1])
    held = Pending(CheckerPlay.MOVE, b.move())
    steps = advice.handle(Check(held), view(Phase.MOVING, Search.TUTOR, tutor, b))
    assert steps[0] == GoTo(Phase.TUTOR_CHECKING) and isinstance(steps[1], Message)
    assert worded(steps[1].said) == "Tutor is checking… (Esc skips the check)"
    assert advice.pending == held
    done, goto, warn = advice.handle(
        Ranked(Search.TUTOR, ranked(b)), view(Phase.TUTOR_CHECKING, None, tutor, b)
    )
    assert (
        isinstance(done, Message)
        and worded(done.said) == "The tutor's check is done: take it back, or play it."
    )
    assert goto == GoTo(Phase.TUTOR_WARNING) and isinstance(warn, TutorWarn)
    assert warn.verdict == advice.verdict and abs(warn.verdict.loss - 0.2) < 1e-12
    steps = advice.handle(TutorTakeBack(), view(Phase.TUTOR_WARNING, None, tutor, b))
    assert steps[:3] == [GoTo(Phase.MOVING), TakeBackMove(), Save()]
    assert advice.pending is None and advice.verdict is None and advice.tutor_moves == ranked(b)
    assert advice.handle(NewTurn(), view(Phase.COMPUTER_MOVING, options=tutor)) == []
    assert advice.tutor_moves is None


# --- no mixins -----------------------------------------------------------------------------------------


def flow_modules() -> list[str]:
    return [f"ui.flow.{m.name}" for m in pkgutil.iter_modules([str(FLOW_DIR)])]


def test_no_flow_class_is_a_mixin() -> None:
    assert TurnFlow.__bases__ == (object,)
    assert CubeExchange.__bases__ == (object,) and Advice.__bases__ == (object,)
    for name in flow_modules():
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == name:
                bases = cls.__bases__
                assert bases in ((object,), (Enum,)), f"{name}.{cls.__name__} has bases {bases}"


def only_raises_not_implemented(fn: ast.FunctionDef) -> bool:
    body = [st for st in fn.body if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    exc = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def test_no_flow_method_is_a_stub_that_only_raises_not_implemented() -> None:
    for path in sorted(FLOW_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                assert not only_raises_not_implemented(node), f"{path.name}: {node.name} is a stub"


def test_the_parts_use_only_what_they_define_themselves() -> None:
    """The cube exchange and the advice reach nothing of TurnFlow's: every ``self.x`` they use is
    their own field or method (the turn comes in a TurnView, the rest goes out as steps)."""
    for cls in (CubeExchange, Advice):
        own = set(vars(cls)) | set(cls.__dataclass_fields__)
        tree = ast.parse(inspect.getsource(cls))
        used = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self"
        }
        assert used <= own, f"{cls.__name__} uses {sorted(used - own)}, which it does not define"


def test_the_flow_finds_no_interface_by_getattr() -> None:
    for path in sorted(FLOW_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name = node.func.id
                assert name not in ("getattr", "hasattr", "setattr"), f"{path.name} calls {name}"


def test_the_flow_gives_its_parts_its_game() -> None:
    flow = TurnFlow(session_before_roll(HUMAN))
    assert flow.cube.session is flow.session and flow.advice.session is flow.session
    assert flow.hints is flow.advice.hints
