"""Tutor mode's catch confirmed by a rollout (issue 52), in the turn flow without a window: the
search's error judged again before the warning, cleared, unsure, skipped, failed; the warning's
numbers and the drill card are the rollout's. One catch goes through a real worker."""

from __future__ import annotations

from test_ui_flow import NO_DOUBLE, config, messages, wait
from test_ui_tutor import DOUBLE_TAKE, TOO_GOOD, computer_turn, ranked_for, ranked_for_moves, searches

from ai.engine_types import CONFIRM_MODES, Confirmation, Judgement
from ai.evaluation.load import default_evaluator
from ai.worker.messages import ConfirmRequest, CubeAnswer, DecisionConfirmed, Finished, Request
from ai.worker.transport import AIWorker
from game.rules.cube import CubeAction
from game.rules.move import legal_moves
from ui.flow.events import (
    AskTake,
    CancelSearch,
    Confirm,
    ConfirmDone,
    CubeDone,
    Effect,
    FlowOptions,
    Landed,
    Phase,
    RollDice,
    Search,
    SearchDone,
    SearchFailed,
    SkipTutor,
    StartSearch,
    Take,
    TutorWarn,
)
from ui.flow.turn_flow import TurnFlow
from ui.model.drills import tutor_card
from ui.model.session import AI, HUMAN, GameSession
from ui.model.tutor import CheckerPlay
from ui.text.flow import status as status_line
from ui.text.tutor import better, detail, loses, why_heading

Z = 1.959963984540054
"""The 95% interval's normal quantile (the rollout's interval is the error ± Z standard errors)."""

DEFAULT = CONFIRM_MODES["default"]


def confirming_flow(length: int = 1, least: float = 0.06, confirm: bool = True) -> TurnFlow:
    """A game against the computer, the tutor warning at ``least``, its catch confirmed unless not."""
    opts = FlowOptions(auto_forced=False, tutor=least, tutor_depth=2, confirm=DEFAULT if confirm else None)
    return TurnFlow(GameSession(config("you", length), seed="flow"), opts)


def caught(confirm: bool = True) -> tuple[TurnFlow, list[Effect]]:
    """The human plays a move the search puts 0.2 below the best; what committing it answered."""
    flow = confirming_flow(confirm=confirm)
    wait(flow, 1.3)
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[1])
    return flow, flow.handle(Confirm())


def rolled_out(flow: TurnFlow, estimate: float, se: float, best: int = 0) -> Confirmation:
    """The rollout's verdict on the held move: ``estimate`` ± Z ``se`` below move ``best``."""
    b = flow.builder
    assert b is not None
    played, better_move = b.moves[1].notation(), b.moves[best].notation()
    rolled = ((better_move, 0.12, 0.01), (played, 0.12 - estimate, 0.01))
    judged = Judgement(2, 144, estimate, se, 7, False, 0.2, rolled)
    return Confirmation(judged, better_move if estimate > 0 else played)


def confirm_request(out: list[Effect]) -> ConfirmRequest:
    asked = [r for r in searches(out) if isinstance(r, ConfirmRequest)]
    assert len(asked) == 1
    return asked[0]


def warning(out: list[Effect]) -> TutorWarn:
    return next(e for e in out if isinstance(e, TutorWarn))


def test_a_caught_checker_error_is_confirmed_by_a_rollout_before_the_warning() -> None:
    flow, out = caught()
    b = flow.builder
    assert b is not None
    assert not any(isinstance(e, TutorWarn) for e in out) and flow.session.log == []
    req = confirm_request(out)
    played, best = b.moves[1], b.moves[0]
    assert req.kind == "move" and req.position == b.position and req.context == flow.cube_context(HUMAN)
    assert req.moves[0] == (played.notation(), played.after.code, 0.0)  # the played move first
    assert req.moves[1] == (best.notation(), best.after.code, 0.2) and len(req.moves) == 3
    assert req.settings == DEFAULT and req.depth == 2 and abs(req.search_error - 0.2) < 1e-12
    assert flow.phase is Phase.TUTOR_CHECKING and flow.search is Search.TUTOR_CONFIRM
    assert status_line(flow.status()) == "Tutor is checking by a rollout…"
    assert any("a rollout checks it" in m for m in messages(out))
    out = flow.handle(ConfirmDone(rolled_out(flow, 0.15, 0.01)))
    warn = warning(out)
    assert warn.kind is CheckerPlay.MOVE and flow.phase is Phase.TUTOR_WARNING and flow.session.log == []
    assert warn.verdict.confirmed and abs(warn.verdict.loss - 0.15) < 1e-12 and warn.verdict.sure
    assert warn.verdict.best == best.notation() and warn.verdict.played == played.notation()


DONE = "The tutor's check is done: take it back, or play it."


def test_the_warning_replaces_the_rollouts_checking_note_in_the_status_line() -> None:
    flow, out = caught()
    assert messages(out)[-1].startswith("The tutor's search sees an error: a rollout checks it")
    out = flow.handle(ConfirmDone(rolled_out(flow, 0.15, 0.01)))
    assert messages(out)[-1] == DONE  # "(Esc skips)" no longer holds: Esc now takes the move back


def test_a_warning_the_search_alone_gives_replaces_the_checking_note_too() -> None:
    _, out = caught(confirm=False)
    assert warning(out) and messages(out)[-1] == DONE


def test_an_error_the_rollout_clears_is_played_without_a_warning() -> None:
    flow, _ = caught()
    b = flow.builder
    assert b is not None
    played = b.moves[1]
    out = flow.handle(ConfirmDone(rolled_out(flow, 0.01, 0.005)))
    assert not any(isinstance(e, TutorWarn) for e in out)
    assert flow.session.log[-1].steps == played.steps and flow.session.turn == AI
    assert messages(out)[-1] == "The rollout cleared it: no error worth a warning."  # not hidden by the next


def test_a_rollout_error_under_the_threshold_clears_it_though_its_interval_reaches_it() -> None:
    flow, _ = caught()
    out = flow.handle(ConfirmDone(rolled_out(flow, 0.05, 0.02)))  # 0.011 to 0.089 around "bad" (0.06)
    assert not any(isinstance(e, TutorWarn) for e in out) and flow.session.turn == AI


def test_the_warning_shows_the_rollouts_error_and_interval() -> None:
    flow, _ = caught()
    b = flow.builder
    assert b is not None
    played, best = b.moves[1].notation(), b.moves[0].notation()
    v = warning(flow.handle(ConfirmDone(rolled_out(flow, 0.15, 0.01)))).verdict
    half = Z * 0.01
    assert abs(v.half_interval() - half) < 1e-12
    assert loses(v) == f"{played} loses 0.150 ± 0.020 — a very bad error."
    assert detail(v) == f"Rollout of 144 trials: {best} +0.120, yours -0.030"  # 0.120 - -0.030 = 0.150
    assert why_heading(v) == "Why, by the search at depth 2:"  # the reasons' numbers are the search's


def test_an_unsure_rollout_warns_only_of_a_possible_error() -> None:
    flow, _ = caught()
    b = flow.builder
    assert b is not None
    played = b.moves[1].notation()
    v = warning(flow.handle(ConfirmDone(rolled_out(flow, 0.08, 0.02)))).verdict  # 0.041 to 0.119
    assert not v.sure and v.confirmed and abs(v.loss - 0.08) < 1e-12
    assert loses(v) == f"{played} may lose 0.080 ± 0.039 — possibly a bad error."
    assert detail(v).startswith("Rollout of 144 trials, still unsure: ")


def test_quick_verdicts_warn_on_the_search_alone() -> None:
    flow, out = caught(confirm=False)
    assert not any(isinstance(r, ConfirmRequest) for r in searches(out))
    v = warning(out).verdict
    assert not v.confirmed and abs(v.loss - 0.2) < 1e-12 and flow.phase is Phase.TUTOR_WARNING
    assert "±" not in loses(v) and why_heading(v) == ""


def test_skipping_the_rollout_lets_the_decision_through_and_cancels_it() -> None:
    flow, _ = caught()
    b = flow.builder
    assert b is not None
    played, late = b.moves[1], rolled_out(flow, 0.15, 0.01)
    out = flow.handle(SkipTutor())
    assert CancelSearch() in out and not any(isinstance(e, TutorWarn) for e in out)
    assert flow.session.log[-1].steps == played.steps and flow.search is Search.CUBE
    assert messages(out)[-1] == "Tutor check skipped."  # not hidden by what playing the move says
    assert flow.handle(ConfirmDone(late)) == []  # a late verdict: nothing
    assert flow.search is Search.CUBE  # the computer's search goes on


def test_a_rollout_that_cannot_tell_leaves_the_searchs_warning() -> None:
    flow, _ = caught()
    out = flow.handle(ConfirmDone(None))
    v = warning(out).verdict
    assert not v.confirmed and abs(v.loss - 0.2) < 1e-12
    assert messages(out)[-1] == "The rollout could not tell: the warning is the search's."  # kept


def test_a_failed_rollout_leaves_the_searchs_warning() -> None:
    flow, _ = caught()
    out = flow.handle(SearchFailed("no evaluator"))
    v = warning(out).verdict
    assert not v.confirmed and abs(v.loss - 0.2) < 1e-12 and flow.phase is Phase.TUTOR_WARNING
    assert "The rollout could not check this (no evaluator)" in messages(out)[-1]  # not hidden


def test_a_move_the_rollout_finds_another_best_for_names_it_without_the_searchs_why() -> None:
    flow, _ = caught()
    b = flow.builder
    assert b is not None
    v = warning(flow.handle(ConfirmDone(rolled_out(flow, 0.15, 0.01, best=2)))).verdict
    assert v.best == b.moves[2].notation() and v.explained is None  # the search argued for another


def to_take(flow: TurnFlow) -> list[Effect]:
    """The human's first move and the computer's, the human's second roll and move; the computer
    doubles: what its double answered."""
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
    flow.handle(CubeDone(NO_DOUBLE))  # the tutor: no double was right, so rolling is fine
    flow.handle(RollDice())
    flow.handle(SearchDone(ranked_for(flow)))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    flow.handle(Confirm())
    return flow.handle(CubeDone(CubeAnswer(0, (0.9, 0.5, 0.0, 0.0, 0.0), 1.2, 1.5, 1.0, True, False)))


def test_a_cube_action_caught_is_confirmed_with_the_doublers_position() -> None:
    flow = confirming_flow(length=5)
    out = to_take(flow)
    assert flow.phase is Phase.TAKE_OR_PASS and any(isinstance(e, AskTake) for e in out)
    flow.handle(CubeDone(TOO_GOOD))
    out = flow.handle(Take())
    req = confirm_request(out)
    assert req.kind is CubeAction.TAKE and req.moves == ()
    assert req.position == flow.session.state.position  # the computer's side: it doubled, on roll
    assert req.context == flow.cube_context(AI) and req.depth == 2 and abs(req.search_error - 0.5) < 1e-12
    assert flow.phase is Phase.TUTOR_CHECKING and flow.search is Search.TUTOR_CONFIRM
    judged = Judgement(
        2, 72, 0.45, 0.02, 7, True, 0.5, (("ND", 1.2, 0.0), ("DT", 1.45, 0.0), ("DP", 1.0, 0.0))
    )
    out = flow.handle(ConfirmDone(Confirmation(judged, "pass", (1.2, 1.45, 1.0))))
    warn = warning(out)
    v = warn.verdict
    assert warn.kind is CubeAction.TAKE and v.confirmed and abs(v.loss - 0.45) < 1e-12
    assert v.cube is not None and v.cube.dt == 1.45 and better(v, warn.taker) == "pass"
    assert detail(v) == "Rollout of 72 trials: taking scores -1.450, passing -1.000"


def test_a_missed_double_is_confirmed_from_the_doublers_side_before_the_roll() -> None:
    flow = confirming_flow(length=5)
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
    flow.handle(CubeDone(DOUBLE_TAKE))
    asked = confirm_request(flow.handle(RollDice()))
    assert asked.kind is CubeAction.NO_DOUBLE and flow.session.state.dice is None
    assert asked.position == flow.session.state.position and asked.context == flow.cube_context(HUMAN)


def test_a_cleared_error_makes_no_drill_card() -> None:
    flow, _ = caught()
    out = flow.handle(ConfirmDone(rolled_out(flow, 0.01, 0.005)))
    assert not any(isinstance(e, TutorWarn) for e in out)  # the scene keeps a card only of a warning


def test_the_drill_card_of_a_confirmed_error_keeps_the_rollouts_error_and_best_move() -> None:
    flow, _ = caught()
    b = flow.builder
    assert b is not None
    best, played = b.moves[2], b.moves[1]
    warn = warning(flow.handle(ConfirmDone(rolled_out(flow, 0.15, 0.01, best=2))))
    card = tutor_card(flow.session, warn.verdict, warn.kind)
    assert card is not None and abs(card.error - 0.15) < 1e-12 and card.best == best.notation()
    assert card.played == played.notation() and [o.equity for o in card.options] == [0.12, 0.12 - 0.15]
    assert card.judged_by == "rollout 144 trials: +0.150 ± 0.020" and card.depth == 2


def test_an_error_the_rollout_leaves_unsure_is_warned_of_but_makes_no_drill_card() -> None:
    flow, _ = caught()
    warn = warning(flow.handle(ConfirmDone(rolled_out(flow, 0.08, 0.02))))  # 0.08 ± 0.039 spans 0.06
    assert warn.verdict.confirmed and not warn.verdict.sure
    assert tutor_card(flow.session, warn.verdict, warn.kind) is None


def test_the_card_of_a_search_verdict_says_nothing_of_a_rollout() -> None:
    flow, out = caught(confirm=False)
    warn = warning(out)
    card = tutor_card(flow.session, warn.verdict, warn.kind)
    assert card is not None and card.judged_by == "" and abs(card.error - 0.2) < 1e-12


# --- through a real worker ------------------------------------------------------------------------------


def answer_of(worker: AIWorker, flow: TurnFlow, out: list[Effect]) -> list[Effect]:
    """Start the flow's search in ``worker``, wait for its answer, hand it to the flow."""
    start = next(e for e in out if isinstance(e, StartSearch))
    rid = worker.start(start.request)
    event = worker.wait(rid, timeout=300)[-1]
    if isinstance(event, DecisionConfirmed):
        return flow.handle(ConfirmDone(event.confirmation))
    assert isinstance(event, Finished), event
    return flow.handle(SearchDone(tuple(event.moves), event.explained))


def test_a_real_blunder_is_confirmed_by_the_workers_rollout_and_warned() -> None:
    worker = AIWorker(mode="thread", factory=default_evaluator)
    try:
        assert worker.wait_ready()
        opts = FlowOptions(auto_forced=False, tutor=0.06, tutor_depth=1, confirm=DEFAULT)
        flow = TurnFlow(GameSession(config("you"), seed="flow"), opts)
        out = wait(flow, 1.3)
        assert flow.search is Search.TUTOR
        answer_of(worker, flow, out)
        ranked = flow.tutor_moves
        b = flow.builder
        assert ranked is not None and b is not None
        worst = min(ranked, key=lambda r: r.equity)
        assert max(r.equity for r in ranked) - worst.equity >= 0.12  # a very bad play by the search
        b.play_move(worst.move)
        out = answer_of(worker, flow, flow.handle(Confirm()))
        warn = warning(out)
        assert warn.verdict.confirmed and warn.verdict.loss >= 0.06 and warn.verdict.judged is not None
        assert warn.verdict.judged.trials >= 36 and flow.phase is Phase.TUTOR_WARNING
        assert warn.verdict.best != worst.move.notation() and flow.session.log == []
    finally:
        worker.close()
