"""The cube and resignations through the turn flow, without a window: every cube path and rule edge case."""

from __future__ import annotations

from helpers import side

from ai.worker.messages import CubeAnswer, CubeRequest
from game.rules.cube import CubeRules, CubeState, Resignation
from game.rules.match import GameResult, Match
from game.rules.outcome import Termination
from game.rules.position import Position
from game.rules.state import GameState
from ui.flow.events import (
    AcceptResign,
    AskResign,
    AskTake,
    Beaver,
    Confirm,
    CubeDone,
    DeclineResign,
    Double,
    Effect,
    FlowOptions,
    GameEnded,
    Message,
    MoveChecker,
    Pass,
    Phase,
    Resign,
    RollDice,
    Search,
    SearchFailed,
    StartSearch,
    Take,
    Tick,
)
from ui.flow.turn_flow import TurnFlow
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.text.flow import said as worded
from ui.text.flow import status as status_line
from ui.text.flow import take_advice
from ui.widgets.scoreboard import cube_face, log_lines, match_words, score_words

GAMMON_SOON = Position.from_sides(side({1: 1}), side({6: 15}))
"""The human bears off its last checker with any roll; the computer has borne off none: a gammon."""


def answer(
    double: bool = False,
    take: bool = True,
    win: float = 0.5,
    offer: Resignation | None = None,
    accepts: bool = False,
    beaver: bool = False,
    dt: float = 0.3,
) -> CubeAnswer:
    return CubeAnswer(0, (win, 0.1, 0.0, 0.1, 0.0), 0.4, dt, 1.0, double, take, beaver, offer, accepts, 0.25)


def flow_at(
    turn: int,
    length: int = 7,
    games: tuple[GameResult, ...] = (),
    start: Position | None = None,
    cube: CubeState | None = None,
    jacoby: bool = True,
    beavers: bool = False,
) -> TurnFlow:
    """A game under way, ``turn`` about to roll, with the match ``games`` played before it."""
    config = GameConfig("casual", 1, 0.0, length, "you", CheckerColour.LIGHT, jacoby, beavers)
    match = Match(length, games, CubeRules(jacoby, beavers))
    s = GameSession(config, match, seed="cube", start=start)
    s.begin()
    pos = s.start if turn == HUMAN else s.start.swapped()
    s.state = GameState(pos, turn, None)
    if cube is not None:
        s.cube = cube
    flow = TurnFlow(s, FlowOptions(auto_forced=False))
    flow.handle(Tick(0.05))
    return flow


def said(effects: list[Effect]) -> str:
    return " ".join(worded(e.said) for e in effects if isinstance(e, Message))


def searches(effects: list[Effect]) -> list[CubeRequest]:
    return [e.request for e in effects if isinstance(e, StartSearch) and isinstance(e.request, CubeRequest)]


def roll_and_play_first(flow: TurnFlow) -> list[Effect]:
    """The human rolls and plays the first legal move."""
    flow.handle(RollDice())
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    return flow.handle(Confirm())


def win(player: int, kind: Termination = Termination.SINGLE, cube: int = 1) -> GameResult:
    return GameResult(player, kind, cube)


# --- who may double --------------------------------------------------------------------------------


def test_centred_cube_human_may_double_before_rolling() -> None:
    flow = flow_at(HUMAN)
    assert flow.phase is Phase.AWAITING_ROLL and flow.can_double()
    flow.handle(RollDice())
    assert not flow.can_double()  # only before the roll


def test_crawford_game_has_no_double() -> None:
    flow = flow_at(HUMAN, length=3, games=(win(AI, Termination.GAMMON),))  # 0-2 in a 3-point match
    assert flow.session.match.is_crawford()
    assert not flow.can_double()
    assert flow.handle(Double()) == [] and flow.session.cube.value == 1


def test_crawford_game_computer_never_doubles_even_if_asked() -> None:
    flow = flow_at(AI, length=3, games=(win(HUMAN, Termination.GAMMON),))
    assert flow.phase is Phase.CUBE_THINKING and flow.search is Search.CUBE
    flow.handle(CubeDone(answer(double=True)))
    assert flow.phase is Phase.COMPUTER_MOVING and flow.session.offered is None


def test_post_crawford_trailer_may_double() -> None:
    games = (win(AI, Termination.GAMMON), win(HUMAN))  # 1-2 to 3: the Crawford game was game 2
    flow = flow_at(HUMAN, length=3, games=games)
    assert flow.session.match.is_post_crawford() and flow.can_double()


def test_dead_cube_double_is_legal_and_roll_for_me_does_not_wait_for_it() -> None:
    flow = flow_at(HUMAN, length=1)
    assert flow.can_double() and flow.session.is_cube_dead(HUMAN)
    assert not flow.wants_cube_pause()


def test_redouble_only_by_the_owner() -> None:
    theirs = flow_at(HUMAN, cube=CubeState(2, AI))
    assert not theirs.can_double()
    mine = flow_at(HUMAN, cube=CubeState(2, HUMAN))
    assert mine.can_double()
    mine.handle(Double())
    assert mine.session.offered == HUMAN and mine.phase is Phase.DOUBLE_ANSWER


def test_cube_at_64_cannot_be_doubled() -> None:
    assert not flow_at(HUMAN, length=0, cube=CubeState(64, HUMAN)).can_double()
    assert flow_at(HUMAN, length=0, cube=CubeState(32, HUMAN)).can_double()


# --- the human doubles -----------------------------------------------------------------------------


def test_human_double_asks_the_worker_from_the_doublers_side() -> None:
    flow = flow_at(HUMAN, cube=CubeState(2, HUMAN))
    out = flow.handle(Double())
    (req,) = searches(out)
    assert req.context.owner == 0 and req.context.value == 2 and req.context.away == (7, 7)
    assert req.position == flow.session.state.position


def test_the_computers_take_is_asked_as_the_takers_question_and_its_double_as_the_doublers() -> None:
    """Role 1 draws the taker's noise, as autoplay's taker does (tests/test_engine_door.py)."""
    flow = flow_at(HUMAN, cube=CubeState(2, HUMAN))
    (take,) = searches(flow.handle(Double()))
    assert take.role == 1
    flow = flow_at(HUMAN)
    out = roll_and_play_first(flow)
    for _ in range(40):  # the move shown, the computer asks before its roll
        out += flow.handle(Tick(0.05))
    (double,) = searches(out)
    assert flow.search is Search.CUBE and double.role == 0 and double.position == flow.session.state.position


def test_pass_ends_the_game_with_the_cube_value() -> None:
    flow = flow_at(HUMAN, cube=CubeState(2, HUMAN))
    flow.handle(Double())
    out = flow.handle(CubeDone(answer(take=False, win=0.8)))
    s = flow.session
    assert GameEnded() in out and flow.phase is Phase.GAME_OVER
    assert s.outcome() is not None and s.outcome().winner == HUMAN  # type: ignore[union-attr]
    assert s.match_now().score == (2, 0) and "passes: only 20% to win" in said(out)


def test_computer_take_gives_it_the_cube_at_twice_with_a_reason() -> None:
    flow = flow_at(HUMAN)
    flow.handle(Double())
    out = flow.handle(CubeDone(answer(take=True, win=0.69)))
    assert flow.session.cube == CubeState(2, AI) and flow.phase is Phase.AWAITING_ROLL
    assert "The computer takes: 31% to win." in said(out)
    assert not flow.can_double()  # now the computer's cube


def test_take_then_win_a_gammon_scores_twice_the_cube_twice() -> None:
    flow = flow_at(HUMAN, start=GAMMON_SOON)
    flow.handle(Double())
    flow.handle(CubeDone(answer(take=True)))
    out = roll_and_play_first(flow)
    assert GameEnded() in out
    assert flow.session.outcome().termination is Termination.GAMMON  # type: ignore[union-attr]
    assert flow.session.match_now().score == (4, 0)


def test_jacoby_gammon_counts_single_in_money_while_the_cube_is_centred() -> None:
    for jacoby, points in ((True, 1), (False, 2)):
        flow = flow_at(HUMAN, length=0, start=GAMMON_SOON, jacoby=jacoby)
        roll_and_play_first(flow)
        assert flow.session.match_now().score == (points, 0), jacoby


def test_jacoby_does_not_apply_in_a_match() -> None:
    flow = flow_at(HUMAN, length=7, start=GAMMON_SOON, jacoby=True)
    roll_and_play_first(flow)
    assert flow.session.match_now().score == (2, 0)


def test_computer_beavers_in_money_when_beavers_are_on() -> None:
    flow = flow_at(HUMAN, length=0, beavers=True)
    flow.handle(Double())
    out = flow.handle(CubeDone(answer(take=True, beaver=True, dt=-0.2)))
    assert flow.session.cube == CubeState(4, AI) and "beavers" in said(out)


def test_computer_never_beavers_when_beavers_are_off() -> None:
    flow = flow_at(HUMAN, length=0, beavers=False)
    flow.handle(Double())
    flow.handle(CubeDone(answer(take=True, beaver=True, dt=-0.2)))
    assert flow.session.cube == CubeState(2, AI)


def test_a_failed_take_search_counts_as_a_take() -> None:
    flow = flow_at(HUMAN)
    flow.handle(Double())
    flow.handle(SearchFailed("boom"))
    assert flow.session.cube == CubeState(2, AI) and flow.phase is Phase.AWAITING_ROLL


# --- the computer doubles ----------------------------------------------------------------------------


def test_the_computers_own_cube_question_may_settle_early() -> None:
    flow = flow_at(AI)
    assert flow._request(AI, 4).settle and not flow.advice_request(AI, 4).settle


def test_computer_asks_before_its_roll_and_rolls_when_it_does_not_double() -> None:
    flow = flow_at(AI)
    assert flow.phase is Phase.CUBE_THINKING and flow.search is Search.CUBE
    flow.handle(CubeDone(answer(double=False)))
    assert flow.phase is Phase.COMPUTER_MOVING
    for _ in range(20):
        flow.handle(Tick(0.05))
    assert flow.session.state.dice is not None


def test_computer_double_asks_take_or_pass_with_the_advice() -> None:
    flow = flow_at(AI)
    out = flow.handle(CubeDone(answer(double=True, win=0.69, dt=0.5)))
    (ask,) = [e for e in out if isinstance(e, AskTake)]
    assert flow.phase is Phase.TAKE_OR_PASS and ask.value == 2 and not ask.beaver
    assert ask.advice is not None and take_advice(ask.advice).startswith(
        "Take: you need 25% to win, you have 31%"
    )
    assert status_line(flow.status()) == "Take or pass?"


def test_take_advice_says_pass_when_taking_loses_more() -> None:
    flow = flow_at(AI)
    out = flow.handle(CubeDone(answer(double=True, win=0.85, dt=1.4)))
    (ask,) = [e for e in out if isinstance(e, AskTake)]
    assert ask.advice is not None and take_advice(ask.advice).startswith(
        "Pass: you need 25% to win, you have 15%"
    )


def test_no_advice_when_it_is_turned_off() -> None:
    flow = flow_at(AI)
    flow.options.cube_advice = False
    out = flow.handle(CubeDone(answer(double=True)))
    (ask,) = [e for e in out if isinstance(e, AskTake)]
    assert ask.advice is None


def test_human_take_owns_the_cube_and_the_computer_rolls() -> None:
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(double=True)))
    flow.handle(Take())
    assert flow.session.cube == CubeState(2, HUMAN) and flow.phase is Phase.COMPUTER_MOVING


def test_human_pass_gives_the_computer_the_cube_value() -> None:
    flow = flow_at(AI, cube=CubeState(2, AI))
    flow.handle(CubeDone(answer(double=True)))
    out = flow.handle(Pass())
    assert GameEnded() in out and flow.session.match_now().score == (0, 2)


def test_human_beaver_in_money_only() -> None:
    money = flow_at(AI, length=0, beavers=True)
    out = money.handle(CubeDone(answer(double=True)))
    assert next(e for e in out if isinstance(e, AskTake)).beaver
    money.handle(Beaver())
    assert money.session.cube == CubeState(4, HUMAN)
    match = flow_at(AI, length=7, beavers=True)
    match.handle(CubeDone(answer(double=True)))
    assert not match.can_beaver()
    match.handle(Beaver())
    assert match.session.cube.value == 1 and match.phase is Phase.TAKE_OR_PASS


# --- resignations --------------------------------------------------------------------------------------


def test_human_resignation_accepted_ends_the_game() -> None:
    flow = flow_at(HUMAN, cube=CubeState(2, AI))
    out = flow.handle(Resign(Resignation.GAMMON))
    (req,) = searches(out)
    assert req.resign is Resignation.GAMMON and req.resigner == 0 and flow.phase is Phase.RESIGN_ANSWER
    out = flow.handle(CubeDone(answer(accepts=True)))
    assert GameEnded() in out and flow.session.match_now().score == (0, 4)


def test_human_resignation_declined_plays_on_with_the_move_half_made() -> None:
    flow = flow_at(HUMAN)
    flow.handle(RollDice())
    b = flow.builder
    assert b is not None
    step = b.moves[0].steps[0]
    flow.handle(MoveChecker(step.src, step.dst))
    flow.handle(Resign(Resignation.SINGLE))
    out = flow.handle(CubeDone(answer(accepts=False)))
    assert "declines" in said(out) and flow.phase is Phase.MOVING
    assert flow.builder is not None and len(flow.builder.played) == 1


def test_computer_offers_to_resign_and_the_human_accepts() -> None:
    flow = flow_at(AI, cube=CubeState(2, HUMAN))
    out = flow.handle(CubeDone(answer(win=0.0, offer=Resignation.SINGLE)))
    (ask,) = [e for e in out if isinstance(e, AskResign)]
    assert ask.points == 2 and flow.phase is Phase.RESIGN_OFFERED
    out = flow.handle(AcceptResign())
    assert GameEnded() in out and flow.session.match_now().score == (2, 0)


def test_declined_offer_is_not_made_again_this_game() -> None:
    flow = flow_at(AI)
    flow.handle(CubeDone(answer(win=0.0, offer=Resignation.SINGLE)))
    flow.handle(DeclineResign())
    assert flow.phase is Phase.COMPUTER_MOVING
    flow.phase = Phase.CUBE_THINKING
    flow.search = Search.CUBE
    out = flow.handle(CubeDone(answer(win=0.0, offer=Resignation.SINGLE)))
    assert not [e for e in out if isinstance(e, AskResign)] and flow.phase is Phase.COMPUTER_MOVING


def test_resign_points_follow_jacoby_in_money() -> None:
    flow = flow_at(AI, length=0)
    out = flow.handle(CubeDone(answer(win=0.0, offer=Resignation.GAMMON)))
    (ask,) = [e for e in out if isinstance(e, AskResign)]
    assert ask.points == 1  # Jacoby: the cube was never turned


def test_score_board_words_for_match_crawford_post_crawford_and_money() -> None:
    assert match_words(Match(5)) == "Match to 5 · game 1"
    crawford = Match(5, (win(HUMAN, Termination.GAMMON), win(HUMAN, Termination.GAMMON)))
    assert match_words(crawford) == "Match to 5 · game 3 · Crawford"
    post = Match(5, (*crawford.games, win(AI)))
    assert match_words(post) == "Match to 5 · game 4 · post-Crawford" and score_words(post) == ("4", "1")
    money = Match(0, (win(HUMAN, cube=4), win(AI, Termination.GAMMON)))
    assert match_words(money) == "Money session · game 3" and score_words(money) == ("+2", "-2")


def test_centred_cube_shows_64_and_an_owned_cube_its_value() -> None:
    assert cube_face(1, None) == 64 and cube_face(2, HUMAN) == 2 and cube_face(64, AI) == 64


def test_move_log_shows_the_cube_between_the_turns() -> None:
    flow = flow_at(HUMAN)
    flow.handle(Double())
    flow.handle(CubeDone(answer(take=True)))
    lines = log_lines(flow.session)
    assert lines == ["1. You double to 2", "1. AI takes at 2"]
