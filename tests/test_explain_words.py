"""The coach's words (issue 53): made from the facts, every number in them one of the facts shown beside
them as the table shows it, never against the order of the equities, whole sentences in every language.

The positions are real: every decision of three committed match records (tests/data/mat), judged at
depth 1 by the hand-made evaluator, and the cube decision before each of their rolls.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest

from ai.engine import Engine
from ai.engine_types import Decision, Review, context_from_match
from ai.evaluation.load import hand_evaluator
from game.facts.board import board_facts
from game.facts.chances import Chances, CubeFacts, MoveFacts
from game.facts.explained import CubeExplained, Explained, PlayExplained
from game.facts.why import why
from game.records.formats import load_match
from game.records.matchid import from_match_id
from game.rules.cube import CubeAction
from game.rules.move import legal_moves
from game.rules.position import Position, from_position_id
from ui import text as words
from ui.text.explain import (
    CubeSide,
    Row,
    cube_rows,
    equity,
    move_rows,
    rows_of,
    share,
    why_cube,
    why_decision,
    why_move,
)
from ui.text.pseudo import PSEUDO

DATA = Path(__file__).parent / "data" / "mat"
RECORDS = ("short.mat", "fibs.mat", "gnubg.mat")
"""Real matches (tests/data/mat/SOURCES.md): their decisions are the positions explained."""

NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?%?")
"""A number as the words and the tables write one: a count, a pip count, ``52.3%``, ``+0.012``."""


@pytest.fixture
def speaking() -> Iterator[None]:
    yield
    words.use("")


@cache
def engine() -> Engine:
    return Engine(hand_evaluator()[0])


@cache
def reviews() -> tuple[Review, ...]:
    return tuple(engine().judge_match(load_match(DATA / name), 1) for name in RECORDS)


def decisions() -> list[Decision]:
    return [d for rev in reviews() for d in rev.decisions]


@cache
def hint_lists() -> tuple[Explained, ...]:
    """Each judged roll's legal moves ranked at depth 1 (its best five) and explained, as a hint is."""
    out = []
    for d in decisions():
        if d.kind == "move" and d.dice is not None:
            ranked = engine().rank_moves(Position.from_id(d.position_id), d.dice, 1)
            if len(ranked) > 1:
                out.append(Explained.of(ranked[:5]))
    return tuple(out)


@cache
def cube_decisions() -> tuple[CubeExplained, ...]:
    """The cube decision before each judged roll, at the record's score, searched at depth 1."""
    out = []
    for d in decisions():
        if d.kind != "move" or d.dice is None:
            continue
        info = from_match_id(d.match_id)
        context = context_from_match(info, info.on_roll)
        position = Position(from_position_id(d.position_id))
        probs, found = engine().cube_decision(position, context, 1, settle=False)
        out.append(
            engine().cube_explained(
                position, context, [float(p) for p in probs], (found.nd, found.dt, found.dp)
            )
        )
    return tuple(out)


def pairs() -> list[PlayExplained]:
    return [e.pair(i) for e in hint_lists() for i in range(len(e.facts))]


def numbers(text: str, names: Sequence[str] = ()) -> list[str]:
    """The numbers written in ``text``, the moves ``names`` (their points) left out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return NUMBER.findall(text)


def shown(rows: Sequence[Row]) -> set[str]:
    """Every number the table beside the words shows (its labels' too: "of 36")."""
    return {n for r in rows for part in (r.label, r.this, r.other) for n in numbers(part)}


def test_there_are_thirty_real_positions_and_more_to_explain() -> None:
    assert len(hint_lists()) >= 30
    assert sum(1 for d in decisions() if d.kind != "move") >= 4
    assert len(cube_decisions()) >= 30


def test_every_number_in_a_moves_words_is_one_of_the_facts_shown_beside_them() -> None:
    for pair in pairs():
        moves = [pair.this.move] + ([pair.other.move] if pair.other is not None else [])
        beside = shown(move_rows(pair))
        for sentence in why_move(pair):
            for n in numbers(sentence, moves):
                assert n in beside, (sentence, n, sorted(beside))


def test_every_number_in_a_cube_decisions_words_is_one_of_its_facts_shown_beside_them() -> None:
    for c in cube_decisions():
        beside = shown(cube_rows(c))
        for side in CubeSide:
            for sentence in why_cube(c, side):
                for n in numbers(sentence):
                    assert n in beside, (sentence, n, sorted(beside))


def test_every_judged_decision_of_a_review_is_explained_with_numbers_from_its_facts() -> None:
    explained = 0
    for d in decisions():
        said = engine().explain_decision(d)
        if said is None:
            continue
        explained += 1
        names = (
            [said.this.move] + ([said.other.move] if said.other else [])
            if isinstance(said, PlayExplained)
            else []
        )
        kind = None if d.kind == "move" else CubeAction(d.kind)
        beside = shown(rows_of(said))
        for sentence in why_decision(said, kind):
            assert all(n in beside for n in numbers(sentence, names)), sentence
    assert explained >= 100


def _percent(text: str) -> float:
    return float(text.rstrip("%")) / 100


def test_the_table_shows_each_fact_at_the_rounding_the_words_use() -> None:
    for pair in pairs()[:60]:
        rows = {r.label: r for r in move_rows(pair)}
        facts = pair.this
        assert rows["Equity"].this == f"{facts.chances.equity:+.3f}"
        assert abs(_percent(rows["Wins"].this) - facts.chances.win[0]) <= 0.0005
        assert abs(_percent(rows["Gammons lost"].this) - facts.chances.gammon[1]) <= 0.0005
        assert rows["Pip count"].this == f"{facts.board.pips[0]} to {facts.board.pips[1]}"
        if facts.board.contact or (pair.other is not None and pair.other.board.contact):
            assert rows["Shots (rolls of 36 that hit)"].this == str(facts.board.shots)
            assert rows["Blots"].this.split(" ")[0] == str(len(facts.board.blots))
            assert rows["Checkers back"].this == str(facts.board.back)


def _headline_better(pair: PlayExplained, headline: str) -> tuple[MoveFacts, MoveFacts] | None:
    """The move the headline calls better (or best) and the other, or None when it calls them equal."""
    assert pair.other is not None
    if headline.startswith(f"{pair.other.move} is better"):
        return pair.other, pair.this
    if headline.startswith(f"{pair.this.move} is the best move"):
        return pair.this, pair.other
    return None


def test_the_words_never_contradict_the_order_of_the_equities() -> None:
    for pair in pairs():
        said = why_move(pair)
        if pair.other is None:
            continue
        called = _headline_better(pair, said[0])
        if called is None:  # worth the same, as shown
            assert equity(pair.this.chances.equity) == equity(pair.other.chances.equity), said[0]
        else:
            better, worse = called
            assert better.chances.equity > worse.chances.equity, said[0]
        assert not any("better" in s or "best" in s for s in said[1:]), said  # only the headline ranks


def test_a_cube_decisions_words_agree_with_its_equities() -> None:
    for c in cube_decisions():
        f = c.facts
        said = why_cube(c, CubeSide.DOUBLER)
        doubles = min(f.dt, f.dp) > f.nd
        assert said[0].startswith("Double:" if doubles else "No double"), said[0]
        assert said[1].startswith("The taker should take" if f.dt <= f.dp else "The taker should pass"), said[
            1
        ]
        assert why_cube(c, CubeSide.TAKER)[0] == said[1]


def test_a_move_explained_names_the_few_facts_that_differ_most_with_both_values() -> None:
    # 4-2 after the opponent's 6-4 split to 20: hitting on 20 leaves shots; the quiet point leaves none
    code = from_position_id("omfwATDgc/ABMA")
    moves = {m.notation(): m for m in legal_moves(Position(code), (4, 2))}
    hit, quiet = moves["24/20* 13/11"], moves["8/4 6/4"]
    hitting = MoveFacts(
        hit.notation(), board_facts(code, hit.after.code), Chances.of([0.58, 0.17, 0.01, 0.10, 0.006], 0.34)
    )
    safe = MoveFacts(
        quiet.notation(),
        board_facts(code, quiet.after.code),
        Chances.of([0.52, 0.17, 0.01, 0.14, 0.009], 0.11),
    )
    said = why_move(PlayExplained(safe, hitting, why(safe, hitting), False))
    assert said[0] == "24/20* 13/11 is better: equity +0.340, against +0.110 for 8/4 6/4."
    assert "24/20* 13/11 hits 1 checker; 8/4 6/4 hits none." in said
    assert any(s.startswith("After 8/4 6/4 no roll hits a blot; after 24/20* 13/11,") for s in said), said
    assert "24/20* 13/11 wins 58.0% of the games, 8/4 6/4 52.0%." in said
    best = why_move(PlayExplained(hitting, safe, why(hitting, safe), True))
    assert best[0] == "24/20* 13/11 is the best move: equity +0.340, ahead of 8/4 6/4 at +0.110."


def test_a_count_of_one_is_said_in_the_singular() -> None:
    code = from_position_id("omfwATDgc/ABMA")
    moves = {m.notation(): m for m in legal_moves(Position(code), (4, 2))}
    ranked = [(moves["24/20* 13/11"], 0.34), (moves["8/4 6/4"], 0.11)]
    facts = [
        MoveFacts(m.notation(), board_facts(code, m.after.code), Chances.of([0.5] * 5, e)) for m, e in ranked
    ]
    said = why_move(PlayExplained(facts[1], facts[0], why(facts[1], facts[0]), False))
    assert any("hits 1 checker;" in s for s in said) and not any("1 checkers" in s for s in said)


def test_moves_the_facts_cannot_tell_apart_are_said_to_differ_only_in_the_search() -> None:
    code = from_position_id("omfwATDgc/ABMA")
    move = legal_moves(Position(code), (4, 2))[0]
    a = MoveFacts("a", board_facts(code, move.after.code), Chances.of([0.5, 0.1, 0.0, 0.1, 0.0], 0.02))
    b = MoveFacts("b", board_facts(code, move.after.code), Chances.of([0.5, 0.1, 0.0, 0.1, 0.0], 0.01))
    said = why_move(PlayExplained(b, a, why(b, a), False))
    assert said[1] == "The board's facts are the same after both moves: the search alone tells them apart."


def test_a_race_is_explained_by_its_pips_and_checkers_off() -> None:
    races = [p for p in pairs() if p.why is not None and p.why.kind.value == "race"]
    for pair in races:
        said = why_move(pair)
        assert said[1].startswith("It is a race")
        assert not any("blot" in s or "anchor" in s for s in said)
    fact_sets = {r.label for p in races for r in move_rows(p)}
    assert not races or "Shots (rolls of 36 that hit)" not in fact_sets


def test_a_double_and_take_names_the_take_point_and_the_market_losers() -> None:
    facts = CubeFacts.of([0.74, 0.0, 0.0, 0.0, 0.0], (0.688, 0.776, 1.0), 0.215, [(6, 6), (6, 5), (3, 3)])
    said = why_cube(CubeExplained.of(facts), CubeSide.DOUBLER)
    assert said == [
        "Double: doubling is worth +0.776 to the doubler, playing on +0.688.",
        "The taker should take: taking leaves the doubler +0.776, passing would give it +1.000.",
        "The doubler wins 74.0% of the games, the taker 26.0%; neither wins a gammon.",
        "The taker wins 26.0%, at or above the 21.5% it needs to take at this score.",
        "4 rolls of 36 would lose the market, the taker passing after them: 66 65 33.",
    ]
    taker = why_cube(CubeExplained.of(facts), CubeSide.TAKER)
    assert taker[0] == said[1] and not any("market" in s for s in taker)


def test_too_good_to_double_plays_on_for_the_gammons() -> None:
    facts = CubeFacts.of([0.9, 0.55, 0.02, 0.01, 0.0], (1.25, 1.6, 1.0), 0.24, [])
    said = why_cube(CubeExplained.of(facts), CubeSide.DOUBLER)
    assert said[0] == (
        "No double, too good: playing on is worth +1.250 to the doubler, more than the +1.000 a pass"
        " would give."
    )
    assert said[2] == (
        "The doubler wins 90.0% of the games, 55.0% with a gammon; the taker wins 10.0%, 1.0% with a gammon."
    )
    assert "The taker wins 10.0%, below the 24.0% it needs to take at this score." in said


def test_the_words_are_whole_in_the_pseudo_locale(speaking: None) -> None:
    words.use(PSEUDO)
    for pair in pairs()[:40]:
        for sentence in why_move(pair) + [r.label for r in move_rows(pair)]:
            assert "{" not in sentence and "}" not in sentence, sentence
    for c in cube_decisions()[:10]:
        for sentence in why_cube(c, CubeSide.TAKER):
            assert "{" not in sentence, sentence


def test_share_and_equity_are_written_as_the_facts_are_shown() -> None:
    assert share(0.52312) == "52.3%" and equity(-0.04512) == "-0.045" and equity(0.0) == "+0.000"


# --- the worker carries the facts and whys, never English ---------------------------------------------


class _Never:
    value = 0
    """No request is stopped."""


def _answered(request: object) -> list[object]:
    from ai.worker.handlers import answer

    out: list[object] = []
    answer(1, request, engine(), lambda msg: out.append(msg[1]), _Never())  # type: ignore[arg-type]
    return out


OPENING_REPLY = "omfwATDgc/ABMA"
"""After the opponent's 6-4 split to 20 (the side on roll to play its 4-2)."""


def test_a_hints_answer_carries_each_moves_facts_and_why_and_the_computers_move_none() -> None:
    from ai.worker.messages import Finished, Request

    position = Position.from_id(OPENING_REPLY)
    (hint,) = [e for e in _answered(Request("hint", position, (4, 2), 1)) if isinstance(e, Finished)]
    assert hint.explained is not None
    assert [f.move for f in hint.explained.facts] == [m.move.notation() for m in hint.moves]
    assert hint.explained.pair(1).other == hint.explained.facts[0]
    (own,) = [e for e in _answered(Request("move", position, (4, 2), 1)) if isinstance(e, Finished)]
    assert own.explained is None


def test_a_cube_answer_a_player_reads_carries_its_facts_and_reasons() -> None:
    from ai.engine_types import context_for
    from ai.worker.messages import CubeAnswer, CubeRequest
    from game.rules.cube import CubeState

    position = Position.from_id(OPENING_REPLY)
    context = context_for(CubeState(), 0, 0, (0, 0), crawford=False, post_crawford=False, jacoby=False)
    (advice,) = _answered(CubeRequest(position, context, 1, settle=False))
    assert isinstance(advice, CubeAnswer) and advice.explained is not None
    assert advice.explained.facts.nd == round(advice.nd, 5)
    (own,) = _answered(CubeRequest(position, context, 1))
    assert isinstance(own, CubeAnswer) and own.explained is None


def test_a_temperature_maps_rolls_carry_the_best_move_against_the_runner_up() -> None:
    from ai.worker.messages import TemperatureProgress, TemperatureRequest

    cells = [
        e
        for e in _answered(TemperatureRequest(Position.from_id(OPENING_REPLY), 1))
        if isinstance(e, TemperatureProgress)
    ]
    assert len(cells) == 21
    for e in cells:
        assert e.explained is not None and e.cell.move is not None
        assert e.explained.best and e.explained.this.move == e.cell.move.move.notation()


def test_analyzes_report_explains_its_worst_decisions_in_the_windows_english_words(speaking: None) -> None:
    from ai.cli.analyze import explained_words, format_review

    words.use(PSEUDO)  # the window's language does not reach the command line
    rev = reviews()[1]
    report = format_review(rev, 5, explained_words(engine()))
    for d in rev.worst(5):
        said = engine().explain_decision(d)
        assert said is not None
        kind = None if d.kind == "move" else CubeAction(d.kind)
        block = "\n".join(f"         {s}" for s in why_decision(said, kind))
        assert block in report, block
    assert " is better: equity " in report or "The taker should" in report
    plain = format_review(rev, 5).splitlines()
    assert [line for line in report.splitlines() if line in plain] == plain  # the rest as it was
