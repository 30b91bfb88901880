"""The turn state machine without a window: intents in, phase and effects out."""

from __future__ import annotations

import pytest
from ui_driver import side

from ai.worker.messages import CubeAnswer, CubeRequest, RankedMove
from game.rules.dice import Dice, Roll
from game.rules.move import legal_moves
from game.rules.position import Position
from ui.flow.events import (
    Animate,
    AskHint,
    CancelSearch,
    Confirm,
    CubeDone,
    Effect,
    FlowOptions,
    GameEnded,
    Landed,
    Message,
    MoveChecker,
    Phase,
    RollDice,
    Save,
    Search,
    SearchDone,
    SearchFailed,
    ShowLast,
    StartSearch,
    Tick,
    Undo,
    UseHint,
)
from ui.flow.turn_flow import DANCE_DELAY, OPENING_AI_DELAY, OPENING_DELAY, TurnFlow
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.model.turn import TurnBuilder
from ui.text.flow import said as worded
from ui.text.flow import status as status_line


def config(first: str = "you", match_length: int = 1) -> GameConfig:
    return GameConfig("casual", 1, 0.0, match_length, first, CheckerColour.LIGHT)


def flow_for(
    first: str = "you", start: Position | None = None, seed: str = "flow", **options: bool
) -> TurnFlow:
    opts = {"auto_forced": False, **options}
    return TurnFlow(GameSession(config(first), seed=seed, start=start), FlowOptions(**opts))


def messages(effects: list[Effect]) -> list[str]:
    return [worded(e.said) for e in effects if isinstance(e, Message)]


NO_DOUBLE = CubeAnswer(0, (0.5, 0.1, 0.0, 0.1, 0.0), 0.0, -0.2, 1.0, False, True)
"""The worker's answer: no double, no resignation."""


def wait(flow: TurnFlow, seconds: float) -> list[Effect]:
    """Let time pass; the computer's question before its roll is answered "no double"."""
    out: list[Effect] = []
    for _ in range(round(seconds / 0.05) + 1):
        out += flow.handle(Tick(0.05))
        if flow.search is Search.CUBE:
            out += flow.handle(CubeDone(NO_DOUBLE))
    return out


def to_human_move(flow: TurnFlow) -> None:
    wait(flow, OPENING_DELAY + 0.1)
    if flow.phase is Phase.AWAITING_ROLL:
        flow.handle(RollDice())
    assert flow.phase is Phase.MOVING and flow.builder is not None


def play_first_move(flow: TurnFlow) -> None:
    """The human rolls (when due), plays the first legal move and confirms it."""
    to_human_move(flow)
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    flow.handle(Confirm())


def test_opening_roll_is_said_and_shown_before_the_first_move() -> None:
    flow = flow_for(seed="flow")
    out = flow.handle(Tick(0.05))
    assert flow.phase is Phase.OPENING_ROLL and flow.showing_opening
    assert any("Opening roll: you" in m for m in messages(out)) and Save() in out
    wait(flow, OPENING_DELAY)
    assert flow.phase is Phase.MOVING and flow.showing_opening  # until the first checker moves


def test_tied_opening_roll_is_mentioned() -> None:
    assert Dice("s1").roll().is_double()  # this seed's first roll is a tie
    flow = flow_for(seed="s1")
    said = " ".join(messages(flow.handle(Tick(0.05))))
    assert "Tie at 5-5, rolled again" in said


def test_real_dice_opening_roll_waits_for_the_dice_typed_in() -> None:
    flow = flow_for(first="roll", seed="flow", real_dice=True)
    assert not messages(wait(flow, 3.0))  # no seeded opening roll happens
    assert flow.phase is Phase.OPENING_ROLL and flow.is_opening_due() and flow.wants_dice()
    assert not flow.is_roll_due()  # not a turn's roll: no cube before it
    assert status_line(flow.status()) == "Opening roll: enter both dice"
    out = flow.handle(RollDice(Roll(2, 5)))  # your 2, the computer's 5
    assert flow.session.opening == (2, 5) and flow.session.turn == AI
    assert "Opening roll: you 2, the computer 5. The computer moves first with 5-2." in messages(out)
    assert flow.session.dice.entered == [0] and flow.session.dice.drawn() == []


def test_real_dice_opening_tie_is_entered_again_and_named_in_the_opening() -> None:
    flow = flow_for(first="roll", seed="flow", real_dice=True)
    out = flow.handle(RollDice(Roll(4, 4)))
    assert "Tie at 4-4: roll both dice again." in messages(out) and Save() in out
    assert flow.phase is Phase.OPENING_ROLL and flow.is_opening_due() and flow.session.turn is None
    out = flow.handle(RollDice(Roll(6, 1)))
    said = " ".join(messages(out))
    assert "Tie at 4-4, rolled again. Opening roll: you 6, the computer 1. You move first with 6-1." in said
    assert flow.session.dice.history == [(4, 4), (6, 1)] and flow.session.dice.entered == [0, 1]
    wait(flow, OPENING_DELAY + 0.1)
    assert flow.phase is Phase.MOVING and flow.session.state.dice == (6, 1)


def test_real_dice_opening_roll_ignores_a_roll_without_dice() -> None:
    flow = flow_for(seed="flow", real_dice=True)
    assert flow.handle(RollDice()) == [] and flow.session.turn is None


def test_seeded_opening_roll_ignores_typed_dice_before_its_tick() -> None:
    flow = flow_for(seed="flow")
    assert not flow.is_opening_due()
    flow.handle(RollDice(Roll(2, 5)))
    assert flow.session.opening is None and flow.session.dice.entered == []


def test_session_refuses_a_tie_as_the_opening_and_a_non_tie_as_a_tie() -> None:
    s = GameSession(config("roll"), seed="flow")
    with pytest.raises(ValueError, match="tie"):
        s.begin(Roll(3, 3))
    with pytest.raises(ValueError, match="not a tie"):
        s.tie(Roll(3, 2))
    s.begin(Roll(3, 2))
    with pytest.raises(ValueError, match="already started"):
        s.tie(Roll(1, 1))


def test_roll_is_named_high_die_first_as_the_dice_are_shown() -> None:
    assert Roll(3, 4).text() == "4-3" and Roll(3, 4).dice() == (4, 3)
    assert Roll(2, 2).dice() == (2, 2, 2, 2) and Roll(2, 2).is_double()


def test_undo_after_a_one_click_move_over_both_dice_undoes_all_of_it() -> None:
    flow = flow_for()
    to_human_move(flow)
    b = flow.builder
    assert b is not None
    # find a checker that can go over both dice in one action
    src, dst = next(
        (s, d) for s in sorted(b.sources()) for d, route in b.destinations(s).items() if len(route) >= 2
    )
    flow.handle(MoveChecker(src, dst))
    assert len(b.played) >= 2
    flow.handle(Undo())
    assert b.played == [] and flow.session.partial == ()


def test_undo_with_nothing_played_says_so() -> None:
    flow = flow_for()
    to_human_move(flow)
    assert "Nothing to undo" in " ".join(messages(flow.handle(Undo())))


def test_half_played_move_is_saved_and_resumed() -> None:
    flow = flow_for()
    to_human_move(flow)
    b = flow.builder
    assert b is not None
    step = b.next_steps()[0]
    out = flow.handle(MoveChecker(step.step.src, step.step.dst))
    assert Save() in out and flow.session.partial == (step.step,)
    resumed = TurnFlow(GameSession.from_json(flow.session.to_json()))
    resumed.handle(Tick(0.05))
    assert resumed.phase is Phase.MOVING and resumed.builder is not None
    assert [p.step for p in resumed.builder.played] == [step.step]
    resumed.handle(Undo())
    assert resumed.builder.played == []


def test_no_legal_move_is_said_and_done_passes_before_the_pause_is_over() -> None:
    closed = Position.from_sides(
        side({6: 5, 8: 3, 13: 6}, bar=1), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    )
    flow = flow_for(start=closed)
    out = wait(flow, OPENING_DELAY + 0.1)
    assert flow.builder is not None and flow.builder.is_pass()
    assert status_line(flow.status()) == "No legal move"
    assert any(m.startswith("No legal move with ") for m in messages(out))
    assert flow.phase is Phase.MOVING and flow.session.turn == HUMAN  # a moment to read it
    flow.handle(Confirm())
    assert flow.session.turn == AI and flow.session.log[-1].steps == () and not flow.has_timer()


def test_forced_move_is_animated_then_played() -> None:
    # one checker left, far from home: only one way to play
    pos = Position.from_sides(side({24: 1, 1: 14}), side({2: 15}))
    flow = flow_for(start=pos, auto_forced=True)
    out = wait(flow, OPENING_DELAY + 0.1)
    anims = [e for e in out if isinstance(e, Animate)]
    b = flow.builder
    assert b is not None
    assert b.is_forced()
    assert anims and anims[0].mover == HUMAN and flow.animating
    flow.handle(Landed())
    assert flow.session.turn == AI and flow.session.log[-1].player == HUMAN


def computer_turn(flow: TurnFlow) -> list[Effect]:
    out = wait(flow, OPENING_AI_DELAY + 0.1)
    if flow.phase is Phase.COMPUTER_MOVING:
        out += wait(flow, 1.0)
    return out


def test_computer_move_goes_search_animate_commit() -> None:
    flow = flow_for(first="computer")
    out = computer_turn(flow)
    assert flow.phase is Phase.COMPUTER_THINKING
    req = next(e.request for e in out if isinstance(e, StartSearch))
    moves = legal_moves(req.position, req.dice)
    out = flow.handle(SearchDone((RankedMove(moves[0], 0.0, (0.5, 0.1, 0.0, 0.1, 0.0)),)))
    assert flow.phase is Phase.COMPUTER_MOVING and any(isinstance(e, Animate) for e in out)
    flow.handle(Landed())
    assert flow.session.log[-1].player == AI and flow.phase is Phase.AWAITING_ROLL


def test_failed_search_is_retried_once_then_the_first_legal_move_is_played() -> None:
    flow = flow_for(first="computer")
    computer_turn(flow)
    out = flow.handle(SearchFailed("boom"))
    assert any(isinstance(e, StartSearch) for e in out) and flow.phase is Phase.COMPUTER_THINKING
    flow.handle(SearchFailed("boom again"))
    out = flow.handle(Landed())
    assert any("failed twice" in m for m in messages(out))
    assert flow.session.log[-1].player == AI and flow.session.log[-1].steps


def test_computer_dance_is_shown_for_a_while_and_last_says_it_passed() -> None:
    # the computer is on the bar against a closed board: it cannot enter
    pos = Position.from_sides(side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}), side({13: 14}, bar=1))
    flow = flow_for(first="you", start=pos)
    to_human_move(flow)
    b = flow.builder
    assert b is not None
    move = b.moves[0]
    b.play_move(move)
    flow.handle(Confirm())
    flow.handle(Tick(0.05))
    wait(flow, 0.6)  # the computer rolls
    assert flow.phase is Phase.COMPUTER_MOVING and flow.session.turn == AI
    wait(flow, DANCE_DELAY - 0.5)
    assert flow.session.turn == AI  # still on show
    wait(flow, 0.6)
    assert flow.session.turn == HUMAN and flow.session.log[-1].steps == ()
    said = " ".join(messages(flow.handle(ShowLast())))
    assert "computer's last turn" in said and "no legal move" in said
    said = " ".join(messages(flow.handle(ShowLast())))
    assert "Your last move" in said and move.notation() in said


def test_hint_is_asked_at_the_chosen_depth_and_can_be_set_up_and_undone() -> None:
    flow = flow_for()
    to_human_move(flow)
    out = flow.handle(AskHint(3))
    req = next(e.request for e in out if isinstance(e, StartSearch))
    assert req.kind == "hint" and req.depth == 3 and flow.search is Search.HINT
    moves = legal_moves(req.position, req.dice)
    flow.handle(SearchDone(tuple(RankedMove(m, 0.1, (0.5, 0.1, 0.0, 0.1, 0.0)) for m in moves[:3])))
    assert len(flow.hints) == min(3, len(moves))
    flow.handle(UseHint(0))
    b = flow.builder
    assert b is not None and b.is_complete() and b.code == moves[0].after.code
    flow.handle(Undo())
    assert b.played == []


def test_confirming_while_a_hint_runs_cancels_it() -> None:
    flow = flow_for()
    to_human_move(flow)
    flow.handle(AskHint(2))
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    out = flow.handle(Confirm())
    assert CancelSearch() in out and flow.search is not Search.HINT  # the computer now weighs the cube


def test_auto_roll_rolls_for_the_human() -> None:
    flow = flow_for(auto_roll=True)
    play_first_move(flow)
    assert flow.session.turn == AI


def test_real_dice_for_both_sides_the_computers_roll_waits_for_the_dice_typed_in() -> None:
    flow = flow_for(computer_real_dice=True)
    play_first_move(flow)
    out = wait(flow, 3.0)  # the computer decides not to double, then waits for its dice
    assert flow.phase is Phase.COMPUTER_DICE and flow.is_computer_dice_due() and flow.wants_dice()
    assert not flow.is_roll_due() and flow.session.state.dice is None and not messages(out)
    assert status_line(flow.status()) == "Computer's turn: enter its dice"
    assert flow.handle(RollDice()) == []  # the game's own dice are not drawn for it
    drawn = len(flow.session.dice.history)
    out = flow.handle(RollDice(Roll(6, 4)))
    assert "The computer rolled 6-4." in messages(out) and flow.session.state.dice == (6, 4)
    assert flow.session.dice.entered == [drawn] and flow.phase is Phase.COMPUTER_THINKING
    req = next(e.request for e in out if isinstance(e, StartSearch))
    assert req.dice == (6, 4)


def test_the_computers_awaited_real_dice_are_drawn_once_the_setting_is_off() -> None:
    flow = flow_for(computer_real_dice=True)
    play_first_move(flow)
    wait(flow, 3.0)
    assert flow.phase is Phase.COMPUTER_DICE
    flow.options.computer_real_dice = False
    out = flow.handle(Tick(0.05))
    assert flow.session.state.dice is not None and flow.phase is Phase.COMPUTER_THINKING
    assert any(m.startswith("The computer rolled") for m in messages(out)) and flow.session.dice.entered == []


def test_game_over_phase_and_effect() -> None:
    pos = Position.from_sides(side({1: 1}), side({1: 1, 2: 14}))
    flow = flow_for(start=pos)
    to_human_move(flow)
    b = flow.builder
    assert b is not None
    b.play_move(b.moves[0])
    out = flow.handle(Confirm())
    assert flow.phase is Phase.MATCH_OVER and GameEnded() in out and flow.is_over()


def test_roll_is_refused_unless_due() -> None:
    flow = flow_for()
    to_human_move(flow)
    dice = flow.session.state.dice
    flow.handle(RollDice())
    assert flow.session.state.dice == dice


def test_builder_takes_a_roll_type() -> None:
    tb = TurnBuilder(Position.start(), Roll(1, 2))
    assert tb.remaining_dice() == (2, 1)


def test_the_computers_move_and_the_players_hint_are_searched_at_the_score() -> None:
    flow = flow_for(first="computer")
    out = computer_turn(flow)
    req = next(e.request for e in out if isinstance(e, StartSearch))
    assert req.context == flow.cube_context(AI) and req.context.length == 1
    moves = legal_moves(req.position, req.dice)
    flow.handle(SearchDone((RankedMove(moves[0], 0.0, (0.5, 0.1, 0.0, 0.1, 0.0)),)))
    flow.handle(Landed())
    to_human_move(flow)
    out = flow.handle(AskHint(2))
    hint = next(e.request for e in out if isinstance(e, StartSearch))
    assert hint.context == flow.cube_context(HUMAN)


def match_flow(length: int = 5) -> TurnFlow:
    return TurnFlow(GameSession(config("you", length), seed="flow"), FlowOptions(auto_forced=False))


def to_second_roll(flow: TurnFlow) -> TurnFlow:
    """Play the human's opening move and the computer's reply: the human is about to roll."""
    play_first_move(flow)
    req = next(e.request for e in computer_turn(flow) if isinstance(e, StartSearch))
    flow.handle(SearchDone((RankedMove(legal_moves(req.position, req.dice)[0], 0.0, NO_DOUBLE.probs),)))
    flow.handle(Landed())
    wait(flow, 0.2)
    return flow


def test_hint_before_the_roll_in_a_later_turn() -> None:
    flow = to_second_roll(match_flow())
    assert flow.phase is Phase.AWAITING_ROLL and flow.can_cube_hint()
    out = flow.handle(AskHint(2))
    ask = next(e.request for e in out if isinstance(e, StartSearch))
    assert isinstance(ask, CubeRequest) and ask.depth == 2 and ask.context == flow.cube_context(HUMAN)
    assert not ask.settle  # a hint's values are read: searched to the full depth
    assert flow.phase is Phase.AWAITING_ROLL and not flow.can_cube_hint()
    double_take = CubeAnswer(0, (0.7, 0.2, 0.0, 0.05, 0.0), 0.5, 0.6, 1.0, True, True)
    said = " ".join(messages(flow.handle(CubeDone(double_take))))
    assert "Cube hint: Double: the computer should take" in said and "70% to win" in said
    assert flow.phase is Phase.AWAITING_ROLL and flow.session.cube.value == 1  # advice only


def test_rolling_while_the_cube_hint_is_weighed_cancels_it() -> None:
    flow = to_second_roll(match_flow())
    flow.handle(AskHint(2))
    out = flow.handle(RollDice())
    assert any(isinstance(e, CancelSearch) for e in out) and flow.search is None
    assert flow.phase is Phase.MOVING
    said = messages(flow.handle(CubeDone(NO_DOUBLE)))  # a late answer changes nothing
    assert not any("Cube hint" in m for m in said) and flow.phase is Phase.MOVING
