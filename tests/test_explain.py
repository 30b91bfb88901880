"""Facts and reasons in the command-line answers (issue 53): ``hint --explain`` and ``analyze --json``.

The reasons ("why") are checked against the facts they stand on: every value a reason names is the
fact's own value in the two moves' facts, every reason favours the move whose value is better by a
direction table written here on its own, and the equity's reason agrees with the order of the
equities. Without ``--explain`` the protocol's answers are what they were.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_facts import board, random_positions

from ai.cli.explain import plain_line
from ai.cli.hint import serve
from ai.cli.protocol import analyse_json
from ai.engine import Engine
from ai.evaluation.load import hand_evaluator
from game.facts.board import board_facts
from game.facts.chances import Chances, CubeFacts, MoveFacts
from game.facts.why import MAX_BOARD_REASONS, Favours, cube_why, why
from game.rules.cube import CubeAction
from game.rules.move import legal_moves
from game.rules.position import Position, from_position_id, swap

ROOT = Path(__file__).resolve().parent.parent
START_ID = "4HPwATDgc/ABMA"
HINT = (sys.executable, str(ROOT / "main.py"), "hint", "--evaluator", "hand")
SHORT_MATCH = ROOT / "tests" / "data" / "mat" / "short.mat"

REQUIRED = ("pips", "blots", "shots", "hit", "home_points", "prime", "anchors", "back", "off")
"""The board facts every explained move carries, by these names."""

ENGINE_NUMBERS = ("win", "gammon", "backgammon", "equity")
"""The engine's numbers every explained move carries."""

FEWER_IS_BETTER = {"shots", "blots", "back"}
"""Board facts a move is better for having less of (lists: fewer points)."""


def better(fact: str, side: str | None, this: object, other: object) -> str:
    """Which of two values is better for the mover, by a table of our own: ``this`` or ``other``."""

    def size(v: object) -> float:
        if fact == "pips":
            assert isinstance(v, list)
            return float(v[1] - v[0])  # the lead
        return float(len(v)) if isinstance(v, list) else float(v)  # type: ignore[arg-type]

    a, b = size(this), size(other)
    assert a != b, f"{fact} does not differ but is named"
    less = fact in FEWER_IS_BETTER or side == "opponent"
    return "this" if (a < b) == less else "other"


def check_why(why: dict[str, object], mine: dict[str, object], against: dict[str, object]) -> None:
    """Every reason's values are the facts' own, and it favours the move that is better there."""
    for group in ("board", "chances"):
        reasons = why[group]
        assert isinstance(reasons, list)
        for r in reasons:
            fact, side = r["fact"], r.get("side")
            at = None if side is None else ("mover", "opponent").index(side)
            assert r["this"] == (mine[fact] if at is None else mine[fact][at]), r  # type: ignore[index]
            assert r["other"] == (against[fact] if at is None else against[fact][at]), r  # type: ignore[index]
            assert r["favours"] == better(fact, side, r["this"], r["other"]), r
    assert len(why["board"]) <= MAX_BOARD_REASONS  # type: ignore[arg-type]


def explained(code: int, dice: tuple[int, int], depth: int = 1) -> list[dict[str, object]]:
    answer = analyse_json(code, dice, depth, hand_evaluator()[0], explain=True)
    return answer["moves"]  # type: ignore[no-any-return]


def test_every_explained_move_has_the_facts_by_their_names_counted_from_the_board() -> None:
    rows = explained(from_position_id(START_ID), (3, 1))
    before = from_position_id(START_ID)
    moves = {m.notation(): m for m in legal_moves(Position(before), (3, 1))}
    assert len(rows) == len(moves)
    for row in rows:
        facts = row["facts"]
        assert isinstance(facts, dict)
        assert set(REQUIRED + ENGINE_NUMBERS) <= set(facts)
        counted = board_facts(before, moves[str(row["move"])].after.code).to_json()
        assert {k: facts[k] for k in counted} == counted
        assert facts["equity"] == row["equity"]
        assert facts["win"] == [row["probs"][0], round(1 - row["probs"][0], 5)]  # type: ignore[index]
        assert facts["gammon"] == [row["probs"][1], row["probs"][3]]  # type: ignore[index]
        assert facts["backgammon"] == [row["probs"][2], row["probs"][4]]  # type: ignore[index]


@pytest.mark.parametrize("seed", range(3))
def test_why_never_contradicts_the_facts_or_the_order_of_the_equities(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for code in random_positions(15, 100 + seed):
        turned = swap(code)  # the other side to move, as in the game
        dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        rows = explained(turned, dice)
        if not rows:
            continue
        by_move = {r["move"]: r for r in rows}
        for k, row in enumerate(rows):
            w = row["why"]
            if len(rows) == 1:
                assert w is None
                continue
            assert isinstance(w, dict)
            assert w["against"] == rows[1 if k == 0 else 0]["move"]  # the best against the runner-up
            other = by_move[w["against"]]
            check_why(w, row["facts"], other["facts"])  # type: ignore[arg-type]
            (equity,) = [r for r in w["chances"] if r["fact"] == "equity"] or [None]  # type: ignore[attr-defined]
            if row["equity"] != other["equity"]:
                assert equity is not None
                assert (equity["favours"] == "this") == (row["equity"] > other["equity"])


def test_the_best_hitting_play_names_the_hit_and_what_it_risks() -> None:
    # 4-2 after the opponent's 6-4 split to 20 (the analysed record's second move): hitting on 20
    # leaves shots; the reasons each way are named, the hit among them
    code = from_position_id("omfwATDgc/ABMA")
    before = Position(code)
    hit = next(m for m in legal_moves(before, (4, 2)) if m.notation() == "24/20* 13/11")
    quiet = next(m for m in legal_moves(before, (4, 2)) if m.notation() == "8/4 6/4")
    hitting = MoveFacts(
        hit.notation(), board_facts(code, hit.after.code), Chances.of([0.58, 0.17, 0.01, 0.10, 0.006], 0.34)
    )
    safe = MoveFacts(
        quiet.notation(),
        board_facts(code, quiet.after.code),
        Chances.of([0.52, 0.17, 0.01, 0.14, 0.009], 0.11),
    )
    w = why(safe, hitting)
    named = {(r.fact, r.favours) for r in w.board}
    assert ("hit", Favours.OTHER) in named
    assert ("shots", Favours.THIS) in named  # what the hit gives up
    assert w.chances[0].fact == "equity" and w.chances[0].favours is Favours.OTHER


def test_in_a_race_only_the_pips_and_the_checkers_off_are_reasons() -> None:
    before = board({1: 3, 2: 3, 3: 2, 6: 1}, {19: 5, 20: 5, 21: 5})
    rows = explained(before, (6, 5))
    for row in rows[1:]:
        w = row["why"]
        assert w["kind"] == "race"  # type: ignore[index]
        assert {r["fact"] for r in w["board"]} <= {"pips", "off"}  # type: ignore[index]


def test_without_explain_the_protocol_answers_are_unchanged() -> None:
    out = io.StringIO()
    serve([f"{START_ID} 31".encode(), f"{START_ID}:cAkAAAAAAAAA".encode()], out, 1, hand_evaluator()[0], 2)
    moves, cube = (json.loads(line) for line in out.getvalue().splitlines())
    assert set(moves) == {"moves", "depth", "seconds"}
    assert all(set(m) == {"move", "position_id", "equity", "probs", "depth"} for m in moves["moves"])
    assert set(cube) == {"cube", "probs", "depth", "seconds"}


def test_explain_gives_a_cube_decision_its_facts_and_reasons_each_a_shown_number() -> None:
    out = io.StringIO()
    serve([f"{START_ID}:cAkAAAAAAAAA".encode()], out, 1, hand_evaluator()[0], None, explain=True)
    answer = json.loads(out.getvalue())
    facts, reasons = answer["facts"], answer["why"]
    shown = {v for k, v in facts.items() if isinstance(v, (int, float))} | {
        x for v in facts.values() if isinstance(v, list) for x in v
    }
    for r in reasons:
        assert all(v in shown for v in r["values"]), r
    by_fact = {r["fact"]: r["favours"] for r in reasons}
    assert by_fact["double"] == ("double" if answer["cube"]["double"] else "no double")
    assert by_fact["take"] == ("take" if answer["cube"]["take"] else "pass")
    assert facts["take_point"] > 0


def test_cube_reasons_point_the_way_their_numbers_do() -> None:
    chances = [0.70, 0.20, 0.01, 0.05, 0.002]
    passed = CubeFacts.of(chances, (0.80, 1.30, 1.00), 0.25, [(6, 6)])
    reasons = {r.fact: r for r in cube_why(passed)}
    assert reasons["double"].favours is CubeAction.DOUBLE  # min(DT, DP) = 1.00 > ND 0.80
    assert reasons["take"].favours is CubeAction.PASS  # DT 1.30 > DP 1.00
    assert reasons["take_point"].favours is CubeAction.TAKE  # 30% >= 25%
    assert reasons["market_losers"].values == (1,)
    assert reasons["cash"].favours is CubeAction.DOUBLE  # cashing (1.00) beats playing on (0.80)
    too_good = CubeFacts.of(chances, (1.10, 1.30, 1.00), 0.32, [])
    reasons = {r.fact: r for r in cube_why(too_good)}
    assert reasons["double"].favours is CubeAction.NO_DOUBLE
    assert reasons["take_point"].favours is CubeAction.PASS  # 30% < 32%
    assert "market_losers" not in reasons  # a taker who passes has no market to lose
    assert reasons["cash"].favours is CubeAction.NO_DOUBLE  # playing on for the gammon is worth more


def test_market_losers_are_the_rolls_that_bear_off_before_a_taker_sure_to_win() -> None:
    # the doubler has checkers on its 6 and 5 points; the taker one on its ace point: 6-5 and the
    # doubles from 3-3 up bear both off at once, any other roll leaves the taker to bear off its last
    position = Position(board({6: 1, 5: 1}, {24: 1}))
    engine = Engine(hand_evaluator()[0])
    from ai.engine_types import CubeContext

    probs, _ = engine.cube_decision(position, CubeContext(), 1)
    market = engine.market(position, CubeContext(), probs)
    assert market.losers == ((3, 3), (4, 4), (5, 5), (6, 5), (6, 6))
    assert market.count == 6


def test_the_table_renders_the_facts_and_reasons_in_one_plain_line_each(tmp_path: Path) -> None:
    done = subprocess.run(
        [*HINT, "--position-id", START_ID, "--dice", "31", "--depth", "1", "--top", "2", "--explain"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ, BACKGAMMON_HOME=str(tmp_path)),
    )
    assert done.returncode == 0, done.stderr
    assert "shots 0" in done.stdout and "vs 8/5 6/5:" in done.stdout


def test_a_plain_line_marks_each_reason_by_the_move_it_favours() -> None:
    line = plain_line(
        {
            "against": "13/8 24/23",
            "board": [{"fact": "shots", "this": 11, "other": 3, "favours": "other"}],
            "chances": [{"fact": "win", "side": "mover", "this": 0.5, "other": 0.54, "favours": "other"}],
        }
    )
    assert line == "vs 13/8 24/23: -shots 11 vs 3, -win (mover) 0.5 vs 0.54"


def test_analyze_json_gives_every_decision_its_facts_and_reasons(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyze", str(SHORT_MATCH), "--json", "--depth", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=dict(os.environ, BACKGAMMON_HOME=str(tmp_path)),
    )
    assert done.returncode == 0, done.stderr
    decisions = json.loads(done.stdout)["decisions"]
    kinds = {d["kind"] for d in decisions}
    assert "move" in kinds and kinds - {"move"}  # checker plays and cube decisions both
    for d in decisions:
        facts, reasons = d["facts"], d["why"]
        if d["kind"] == "move":
            assert set(REQUIRED) <= set(facts["played"]) and set(REQUIRED) <= set(facts["best"])
            if d["error"] > 0:
                assert reasons["against"] == d["best"]
                check_why(reasons, facts["played"], facts["best"])
        else:
            assert {"win", "gammon", "take_point", "market_losers", "nd", "dt", "dp"} <= set(facts)
            assert {r["fact"] for r in reasons} >= {"double", "take", "take_point"}
