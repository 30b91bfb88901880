"""The computer plays both sides of a match with the cube (the `autoplay` command: :mod:`ai.cli.autoplay`).

Both sides play at the same level (or the right-hand player at another):
before each roll (except the opening roll) the
side on roll may double (:meth:`ai.engine.Engine.level_cube_decision`: the level's depth and
noise, as the window's computer decides), the opponent takes or passes; moves are chosen
by cubeful match equity at the score (:meth:`ai.engine.Engine.rank_moves`). The dice come
from :class:`game.rules.dice.Dice` seeded with ``autoplay-<seed>``, so a seed replays the
same match. The record is a :class:`game.records.mat.MatchRecord`.
No resignations are offered: every game is played out.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ai.engine import Engine
from ai.engine_types import CubeContext, Evaluator, Level, context_for
from game.records.mat import VARIATIONS
from game.records.model import Action, GameRecord, MatchRecord, steps_text
from game.rules.cube import CENTRED, CubeAction, CubeState, can_double, take
from game.rules.dice import Dice
from game.rules.match import Match
from game.rules.outcome import Outcome, Termination
from game.rules.state import GameState
from game.rules.variant import Variant

PLAYERS = ("Computer A", "Computer B")
"""Names in the record: left column (player 0), right column (player 1)."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game and how it scores."""

    record: GameRecord
    """What the .mat file shows."""

    outcome: Outcome
    """Who won, and how."""

    cube: CubeState
    """The cube the game was won at."""


def play_game(
    match: Match,
    levels: tuple[Level, Level],
    dice: Dice,
    evaluator: Evaluator,
    seed: int,
    variant: Variant = Variant.STANDARD,
) -> PlayedGame:
    """Play one game of ``match`` from ``variant``'s start to the end, player 0 at ``levels[0]``,
    player 1 at ``levels[1]``."""
    score = match.score
    crawford, post = match.is_crawford(), match.is_post_crawford()
    d0, d1 = dice.opening_roll()
    state = GameState.new(variant).after_opening_roll(d0, d1)
    cube = CENTRED
    actions: list[Action] = []
    engine = Engine(evaluator)

    def context(cube: CubeState, me: int) -> CubeContext:
        return context_for(cube, me, match.length, score, crawford=crawford, post_crawford=post, jacoby=False)

    while True:
        me = state.turn
        assert me is not None
        ctx = context(cube, me)
        if state.dice is None:
            if can_double(cube, me, crawford=crawford):
                level, taker = levels[me], levels[1 - me]
                probs, offer = engine.level_cube_decision(state.position, ctx, level.depth, level.noise, seed)
                if offer.double:
                    actions.append(Action(CubeAction.DOUBLE, me, cube=cube.value * 2))
                    known = probs if taker.depth == level.depth else None  # the taker searches its own depth
                    _, answer = engine.level_cube_decision(
                        state.position, ctx, taker.depth, taker.noise, seed, 1, known
                    )
                    if not answer.take:
                        actions.append(Action(CubeAction.PASS, 1 - me))
                        record = GameRecord(score, tuple(actions), me, cube.value)
                        return PlayedGame(record, Outcome(me, Termination.SINGLE), cube)
                    actions.append(Action(CubeAction.TAKE, 1 - me))
                    cube = take(cube, me, crawford=crawford)
                    ctx = context(cube, me)
            state = state.with_dice(dice.roll())
        assert state.dice is not None
        mine = levels[me]
        ranked = engine.rank_moves(
            state.position, state.dice, mine.depth, context=ctx, noise=mine.noise, seed=seed
        )
        move = ranked[0].move if ranked else None
        roll = (max(state.dice), min(state.dice))  # the record writes the high die first
        actions.append(Action("move", me, roll, steps_text(move.steps) if move else ""))
        state = state.play(move)
        outcome = state.outcome()
        if outcome is not None:
            points = cube.value * outcome.termination.value
            return PlayedGame(GameRecord(score, tuple(actions), outcome.winner, points), outcome, cube)


def play_match(
    length: int,
    level: Level,
    seed: int,
    evaluator: Evaluator,
    date: str | None = None,
    opponent: Level | None = None,
    variant: Variant = Variant.STANDARD,
) -> MatchRecord:
    """A whole match of ``variant`` to ``length`` points, both sides at ``level`` (the right-hand one
    at ``opponent``)."""
    levels = (level, level if opponent is None else opponent)
    dice = Dice(f"autoplay-{seed}")
    match = Match(length)
    games: list[GameRecord] = []
    while not match.is_over():
        played = play_game(match, levels, dice, evaluator, seed + len(games), variant)
        games.append(played.record)
        match = match.record(played.outcome, played.cube)
    when = date or datetime.date.today().strftime("%Y.%m.%d")
    tags = (("Site", "Backgammon autoplay"), ("EventDate", when), ("Variation", VARIATIONS[variant]))
    names = PLAYERS if opponent is None else (f"{levels[0].key} A", f"{levels[1].key} B")
    return MatchRecord(length, names, tuple(games), tags, variant)
