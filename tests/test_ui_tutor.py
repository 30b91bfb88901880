"""Tutor mode in the turn flow, without a window: the check, the warning, take back, play it."""

from __future__ import annotations

from test_ui_flow import NO_DOUBLE, computer_turn, config, messages, to_human_move, wait

from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove, Request
from game.rules.cube import CubeAction
from game.rules.move import Move, legal_moves
from ui.flow.events import (
    AskHint,
    AskTake,
    CancelSearch,
    Confirm,
    CubeDone,
    Effect,
    FlowOptions,
    Landed,
    Pass,
    Phase,
    RollDice,
    Search,
    SearchDone,
    SkipTutor,
    StartSearch,
    Take,
    TutorPlayIt,
    TutorTakeBack,
    TutorWarn,
)
from ui.flow.turn_flow import TurnFlow
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.model.tutor import EVERY_CHECKED, CheckerPlay
from ui.text.flow import status as status_line

PROBS = (0.5, 0.1, 0.0, 0.1, 0.0)


def tutor_flow(length: int = 1, least: float = 0.06) -> TurnFlow:
    opts = FlowOptions(auto_forced=False, tutor=least, tutor_depth=2)
    return TurnFlow(GameSession(config("you", length), seed="flow"), opts)


def searches(out: list[Effect]) -> list[Request | CubeRequest]:
    return [e.request for e in out if isinstance(e, StartSearch)]


def ranked_for(flow: TurnFlow) -> tuple[RankedMove, ...]:
    """The roll's moves, the first best by 0.2, the rest equal."""
    b = flow.builder
    assert b is not None
    return tuple(RankedMove(m, 0.2 if i == 0 else 0.0, PROBS) for i, m in enumerate(b.moves))


def at_human_move() -> tuple[TurnFlow, list[Effect]]:
    flow = tutor_flow()
    out = wait(flow, 1.3)
    assert flow.phase is Phase.MOVING and flow.builder is not None
    return flow, out


def test_the_tutor_search_starts_when_the_dice_are_rolled() -> None:
    flow, out = at_human_move()
    b = flow.builder
    assert b is not None and len(b.moves) > 1
    req = searches(out)[-1]
    assert isinstance(req, Request) and req.kind == "hint" and req.top is None and req.depth == 2
    assert req.context == flow.cube_context(HUMAN) and flow.search is Search.TUTOR


def test_a_bad_move_is_warned_and_not_played() -> None:
    flow, _ = at_human_move()
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[1])
    out = flow.handle(Confirm())
    warn = next(e for e in out if isinstance(e, TutorWarn))
    assert warn.kind is CheckerPlay.MOVE and abs(warn.verdict.loss - 0.2) < 1e-12
    assert warn.verdict.played == b.moves[1].notation() and warn.verdict.best == b.moves[0].notation()
    assert flow.phase is Phase.TUTOR_WARNING and flow.session.log == [] and flow.session.turn == HUMAN


def test_take_back_restores_the_position_and_the_dice() -> None:
    flow, _ = at_human_move()
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    before, dice = flow.session.state.position.code, flow.session.state.dice
    b.play_move(b.moves[1])
    flow.handle(Confirm())
    flow.handle(TutorTakeBack())
    assert flow.phase is Phase.MOVING and flow.builder is b and b.played == [] and b.code == before
    assert flow.session.state.dice == dice and flow.session.partial == () and flow.groups == []
    b.play_move(b.moves[0])  # the best move now goes through at once
    flow.handle(Confirm())
    assert flow.session.log[-1].steps == b.moves[0].steps and flow.session.turn == AI


def test_play_it_commits_the_move_and_the_computer_goes_on() -> None:
    flow, _ = at_human_move()
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    played = b.moves[1]
    b.play_move(played)
    flow.handle(Confirm())
    out = flow.handle(TutorPlayIt())
    assert flow.session.log[-1].steps == played.steps and flow.session.turn == AI
    assert flow.phase is Phase.CUBE_THINKING and flow.search is Search.CUBE
    ask = searches(out)
    assert len(ask) == 1 and isinstance(ask[0], CubeRequest)


def test_committing_before_the_check_is_in_waits_for_it() -> None:
    flow, _ = at_human_move()
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    out = flow.handle(Confirm())
    assert flow.phase is Phase.TUTOR_CHECKING and "Tutor is checking" in " ".join(messages(out))
    assert status_line(flow.status()) == "Tutor is checking…" and not flow.is_human_moving()
    flow.handle(SearchDone(ranked_for(flow)))  # the best move: no warning
    assert flow.session.log[-1].steps == b.moves[0].steps and flow.session.turn == AI


def test_skipping_the_check_cancels_it_and_plays_the_move() -> None:
    flow, _ = at_human_move()
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[1])
    flow.handle(Confirm())
    out = flow.handle(SkipTutor())
    assert CancelSearch() in out and flow.session.log[-1].steps == b.moves[1].steps
    cancel_at = out.index(CancelSearch())
    start_at = next(i for i, e in enumerate(out) if isinstance(e, StartSearch))
    assert cancel_at < start_at  # the tutor's search is stopped before the computer's starts
    assert flow.search is Search.CUBE
    flow.handle(SearchDone(ranked_for_moves(legal_moves(flow.session.state.position, (6, 5)))))
    assert flow.phase is Phase.CUBE_THINKING  # a stray move answer does not touch the computer's turn


def ranked_for_moves(moves: list[Move]) -> tuple[RankedMove, ...]:
    return tuple(RankedMove(m, 0.0, PROBS) for m in moves)


def test_a_hint_takes_over_the_tutor_search_without_a_new_one() -> None:
    flow, _ = at_human_move()
    out = flow.handle(AskHint(2))
    assert searches(out) == [] and flow.search is Search.HINT
    flow.handle(SearchDone(ranked_for(flow)))
    assert len(flow.hints) == len(ranked_for(flow)) and flow.tutor_moves is not None  # every move
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[1])
    assert any(isinstance(e, TutorWarn) for e in flow.handle(Confirm()))


def test_a_hint_after_the_check_is_in_is_answered_at_once() -> None:
    flow, _ = at_human_move()
    flow.handle(SearchDone(ranked_for(flow)))
    out = flow.handle(AskHint(2))
    assert searches(out) == [] and flow.hints[0].equity == 0.2


def test_the_tutor_is_quiet_while_the_computer_plays() -> None:
    flow = TurnFlow(GameSession(config("computer"), seed="flow"), FlowOptions(tutor=0.03))
    out = computer_turn(flow)
    assert flow.phase is Phase.COMPUTER_THINKING
    assert all(isinstance(r, CubeRequest) or r.kind == "move" for r in searches(out))
    assert flow.search is Search.MOVE


def test_tutor_off_checks_nothing() -> None:
    flow = TurnFlow(GameSession(config("you"), seed="flow"), FlowOptions(auto_forced=False))
    to_human_move(flow)
    assert flow.search is None
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[-1])
    flow.handle(Confirm())
    assert flow.session.turn == AI


# --- cube decisions ------------------------------------------------------------------------------------

DOUBLE_TAKE = CubeAnswer(0, (0.7, 0.2, 0.0, 0.05, 0.0), 0.5, 0.8, 1.0, True, True, take_point=0.25)
"""Double, take: not doubling loses 0.3, passing loses 0.2."""
TOO_GOOD = CubeAnswer(0, (0.9, 0.5, 0.0, 0.01, 0.0), 1.2, 1.5, 1.0, False, False, take_point=0.25)
"""Pass: taking loses 0.5."""


def to_second_roll(flow: TurnFlow) -> TurnFlow:
    """The human's first move (the best one) and the computer's reply: the human is about to roll."""
    wait(flow, 1.3)
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    flow.handle(Confirm())
    req = next(r for r in searches(computer_turn(flow)) if isinstance(r, Request))
    flow.handle(SearchDone(ranked_for_moves(legal_moves(req.position, req.dice)[:1])))
    flow.handle(Landed())
    wait(flow, 0.2)
    return flow


def test_rolling_when_a_double_was_right_is_warned_and_taken_back() -> None:
    flow = to_second_roll(tutor_flow(length=5))
    assert flow.phase is Phase.AWAITING_ROLL and flow.search is Search.TUTOR_CUBE
    flow.handle(CubeDone(DOUBLE_TAKE))
    out = flow.handle(RollDice())
    warn = next(e for e in out if isinstance(e, TutorWarn))
    assert warn.kind is CubeAction.NO_DOUBLE and abs(warn.verdict.loss - 0.3) < 1e-12
    assert flow.session.state.dice is None
    flow.handle(TutorTakeBack())
    assert flow.phase is Phase.AWAITING_ROLL and flow.can_double() and flow.session.state.dice is None
    flow.handle(RollDice())
    flow.handle(TutorPlayIt())
    assert flow.phase is Phase.MOVING and flow.session.state.dice is not None


def test_the_cube_hint_and_the_tutor_share_one_search() -> None:
    flow = to_second_roll(tutor_flow(length=5))
    out = flow.handle(AskHint(2))
    assert searches(out) == [] and flow.search is Search.CUBE_HINT
    said = messages(flow.handle(CubeDone(DOUBLE_TAKE)))
    assert any("Cube hint: Double" in m for m in said) and flow.tutor_cube == DOUBLE_TAKE


def test_the_tutor_cube_question_has_no_noise_and_is_searched_to_the_full_depth() -> None:
    noisy = GameConfig("beginner", 1, 0.3, 5, "you", CheckerColour.LIGHT)
    flow = TurnFlow(GameSession(noisy, seed="flow"), FlowOptions(auto_forced=False, tutor=0.06))
    wait(flow, 1.3)
    req = flow.advice_request(HUMAN, 2)
    assert req.noise == 0.0 and req.depth == 2 and not req.settle


def test_a_wrong_take_is_warned_and_the_question_asked_again() -> None:
    flow = to_second_roll(tutor_flow(length=5))
    flow.handle(CubeDone(NO_DOUBLE))  # the tutor: no double was right, so rolling is fine
    flow.handle(RollDice())
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    flow.handle(Confirm())
    assert flow.phase is Phase.CUBE_THINKING
    out = flow.handle(CubeDone(CubeAnswer(0, (0.9, 0.5, 0.0, 0.0, 0.0), 1.2, 1.5, 1.0, True, False)))
    assert flow.phase is Phase.TAKE_OR_PASS and any(isinstance(e, AskTake) for e in out)
    tutor_ask = searches(out)[-1]
    assert isinstance(tutor_ask, CubeRequest) and tutor_ask.noise == 0.0 and flow.search is Search.TUTOR_CUBE
    assert tutor_ask.position == flow.session.state.position  # the computer's view: it doubled
    flow.handle(CubeDone(TOO_GOOD))
    out = flow.handle(Take())
    warn = next(e for e in out if isinstance(e, TutorWarn))
    assert warn.kind is CubeAction.TAKE and abs(warn.verdict.loss - 0.5) < 1e-12
    out = flow.handle(TutorTakeBack())
    assert flow.phase is Phase.TAKE_OR_PASS and any(isinstance(e, AskTake) for e in out)
    assert searches(out) == [] and flow.session.offered == AI
    flow.handle(Pass())  # the right answer goes through
    assert flow.session.outcome() is not None and flow.session.outcome().winner == AI  # type: ignore[union-attr]


def test_every_checked_decision_has_its_title_and_the_phase_take_back_returns_to() -> None:
    from ui.flow.tutor import decided_in
    from ui.text.tutor import tutor_title

    assert tutor_title(CubeAction.NO_DOUBLE) == "Tutor: a double was right"
    assert len({tutor_title(kind) for kind in EVERY_CHECKED}) == len(EVERY_CHECKED)
    assert {kind: decided_in(kind) for kind in EVERY_CHECKED} == {
        CheckerPlay.MOVE: Phase.MOVING,
        CubeAction.DOUBLE: Phase.AWAITING_ROLL,
        CubeAction.NO_DOUBLE: Phase.AWAITING_ROLL,
        CubeAction.TAKE: Phase.TAKE_OR_PASS,
        CubeAction.BEAVER: Phase.TAKE_OR_PASS,
        CubeAction.PASS: Phase.TAKE_OR_PASS,
    }
