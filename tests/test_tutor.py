"""Tutor mode's judgement, pure: thresholds, forced and single moves, checker and cube errors."""

from __future__ import annotations

from helpers import side

from ai.worker.messages import CubeAnswer, RankedMove
from game.rules.cube import CubeAction
from game.rules.move import legal_moves
from game.rules.position import Position
from ui.flow.said import COMPUTER
from ui.model.tutor import (
    TUTOR_LEVELS,
    CheckerPlay,
    Pending,
    Verdict,
    cube_loss,
    cube_verdict,
    is_checked,
    move_verdict,
    threshold,
    verdict_for,
)
from ui.text.tutor import better, detail, played, verdict_line

PROBS = (0.5, 0.1, 0.0, 0.1, 0.0)

CUBE_CHECKED: tuple[CubeAction, ...] = (
    CubeAction.DOUBLE,
    CubeAction.NO_DOUBLE,
    CubeAction.TAKE,
    CubeAction.BEAVER,
    CubeAction.PASS,
)


def ranked(equities: list[float]) -> list[RankedMove]:
    moves = legal_moves(Position.start(), (6, 5))
    return [RankedMove(m, e, PROBS) for m, e in zip(moves, equities, strict=False)]


def cube(nd: float, dt: float, dp: float) -> CubeAnswer:
    return CubeAnswer(0, (0.7, 0.2, 0.0, 0.05, 0.0), nd, dt, dp, False, True, take_point=0.25)


def test_the_settings_are_the_players_thresholds() -> None:
    assert dict(TUTOR_LEVELS) == {"off": None, "doubtful": 0.03, "bad": 0.06, "very bad": 0.12}
    assert threshold("bad") == 0.06 and threshold("off") is None and threshold("nonsense") is None


def test_the_message_names_the_move_the_loss_and_the_best() -> None:
    v = Verdict(0.085, CheckerPlay.MOVE, "13/7 8/7", "24/18 13/11")
    assert verdict_line(v, COMPUTER) == "13/7 8/7 loses 0.085 (bad); best 24/18 13/11"
    assert Verdict(0.03, CheckerPlay.MOVE, "a", "b").severity() == "doubtful"
    assert Verdict(0.12, CheckerPlay.MOVE, "a", "b").severity() == "very bad"


def test_a_move_losing_at_least_the_threshold_is_an_error() -> None:
    r = ranked([0.10, 0.04, 0.02])
    v = move_verdict(r, r[2].move, 0.06)
    assert v is not None and abs(v.loss - 0.08) < 1e-12
    assert v.played == r[2].move.notation() and v.best == r[0].move.notation()


def test_a_loss_exactly_at_the_threshold_warns() -> None:
    r = ranked([0.25, 0.0, 0.19])
    v = move_verdict(r, r[2].move, 0.06)
    assert v is not None and v.severity() == "bad"


def test_a_loss_under_the_threshold_is_let_be() -> None:
    r = ranked([0.10, 0.05])
    assert move_verdict(r, r[1].move, 0.06) is None
    assert move_verdict(r, r[1].move, 0.03) is not None


def test_the_best_move_is_never_an_error() -> None:
    r = ranked([0.10, 0.04])
    assert move_verdict(r, r[0].move, 0.0) is None


def test_a_single_legal_move_is_never_checked() -> None:
    one = Position.from_sides(side({24: 1, 1: 14}), side({2: 15}))
    moves = legal_moves(one, (6, 5))
    assert len(moves) == 1 and not is_checked(moves)
    assert move_verdict([RankedMove(moves[0], 0.0, PROBS)], moves[0], 0.0) is None


def test_a_pass_is_never_checked() -> None:
    assert not is_checked([])
    assert verdict_for(Pending(CheckerPlay.MOVE, None), ranked([0.1, 0.0]), None, 0.03) is None


def test_a_move_missing_from_the_answer_cannot_be_judged() -> None:
    r = ranked([0.3, 0.1, 0.0])
    assert move_verdict(r[:2], r[2].move, 0.03) is None


def test_cube_losses_when_double_take_is_right() -> None:
    answer = cube(nd=0.5, dt=0.8, dp=1.0)
    loss = {kind: cube_loss(kind, answer) for kind in CUBE_CHECKED}
    assert loss[CubeAction.DOUBLE] == 0.0 and loss[CubeAction.TAKE] == 0.0 and loss[CubeAction.BEAVER] == 0.0
    assert abs(loss[CubeAction.NO_DOUBLE] - 0.3) < 1e-12 and abs(loss[CubeAction.PASS] - 0.2) < 1e-12


def test_cube_losses_when_it_is_too_good_to_double() -> None:
    answer = cube(nd=1.2, dt=1.5, dp=1.0)
    loss = {kind: cube_loss(kind, answer) for kind in CUBE_CHECKED}
    assert abs(loss[CubeAction.DOUBLE] - 0.2) < 1e-12 and loss[CubeAction.NO_DOUBLE] == 0.0
    assert abs(loss[CubeAction.TAKE] - 0.5) < 1e-12 and abs(loss[CubeAction.BEAVER] - 0.5) < 1e-12
    assert loss[CubeAction.PASS] == 0.0


def test_a_missed_double_is_named_with_the_right_answer() -> None:
    v = cube_verdict(CubeAction.NO_DOUBLE, cube(nd=0.5, dt=0.8, dp=1.0), 0.12)
    assert (
        v is not None
        and verdict_line(v, COMPUTER)
        == "Not doubling loses 0.300 (very bad); best double, the computer should take"
    )
    assert "double/take +0.800" in detail(v)


def test_a_wrong_take_and_a_wrong_pass() -> None:
    v = cube_verdict(CubeAction.TAKE, cube(nd=1.2, dt=1.5, dp=1.0), 0.06)
    assert (
        v is not None
        and played(v) == "Taking"
        and better(v, COMPUTER) == "pass"
        and "you need 25%" in detail(v)
    )
    v = cube_verdict(CubeAction.PASS, cube(nd=0.5, dt=0.8, dp=1.0), 0.06)
    assert v is not None and played(v) == "Passing" and better(v, COMPUTER) == "take"
    assert cube_verdict(CubeAction.PASS, cube(nd=0.5, dt=0.97, dp=1.0), 0.06) is None  # 0.03: under "bad"


def test_a_cube_decision_without_an_answer_is_let_be() -> None:
    assert verdict_for(Pending(CubeAction.DOUBLE), None, None, 0.0) is None
