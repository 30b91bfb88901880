"""Judging a match: checker errors, cube errors and luck on hand-checked positions, and the
``analyze`` command's output and errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

import main as entry
from ai.analysis.review import RATINGS, TOP_MOVES, Review, rating, review
from ai.cli.progress import ProgressBar
from ai.cube.met import default_met
from ai.evaluation.evaluator import Evaluator
from ai.evaluation.load import default_evaluator
from game.records.mat import read_match
from game.records.replay import replay
from game.rules.cube import CubeAction

DATA = Path(__file__).parent / "data" / "mat"


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    ev, warning = default_evaluator()
    assert warning is None
    return ev


def judge(text: str, evaluator: Evaluator, depth: int = 2) -> Review:
    return review(replay(read_match(text)), depth, evaluator)


BLUNDERS = """ 5 point match

 Game 1
 A : 0                          B : 0
  1) 61: 8/2 6/5                 42: 8/4 6/4
  2) 31: 8/5 6/5                 64: 24/14
      Wins 1 point
"""


def test_an_opening_61_that_does_not_make_the_bar_point_is_a_big_error(evaluator: Evaluator) -> None:
    rev = judge(BLUNDERS, evaluator)
    first = rev.decisions[0]
    assert (first.player, first.kind, first.played, first.best) == (0, "move", "8/2 6/5", "13/7 8/7")
    assert first.error >= 0.12
    assert first.position_id == "4HPwATDgc/ABMA"


def test_not_hitting_two_blots_is_a_bad_move(evaluator: Evaluator) -> None:
    rev = judge(BLUNDERS, evaluator)
    reply = rev.decisions[1]
    assert reply.played == "8/4 6/4" and "*" in reply.best and reply.error >= 0.06


def test_totals_add_up_the_decisions(evaluator: Evaluator) -> None:
    rev = judge(BLUNDERS, evaluator)
    for p in (0, 1):
        moves = [d for d in rev.decisions if d.player == p and d.kind == "move"]
        assert rev.stats[p].unforced_moves == len(moves)
        assert rev.stats[p].checker_error == pytest.approx(sum(d.error for d in moves))
        assert rev.stats[p].bad_moves == sum(d.error >= 0.06 for d in moves)


CUBE = """ 5 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                  Doubles => 2
  2)  Takes                      54: 13/8 13/9
      Wins 2 points
"""


def test_doubling_after_the_opening_roll_is_a_wrong_double_and_the_take_is_right(
    evaluator: Evaluator,
) -> None:
    rev = judge(CUBE, evaluator)
    double = next(d for d in rev.decisions if d.kind == "double")
    take = next(d for d in rev.decisions if d.kind == "take")
    assert double.player == 1 and double.best == "no double" and double.error > 0.1
    assert take.player == 0 and take.error == 0.0 and take.best == "take"
    assert rev.stats[1].cube_decisions == 1 and rev.stats[0].cube_decisions == 1
    assert rev.stats[1].cube_error == pytest.approx(double.error)


MONEY_DROP = """ 0 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 54: 13/8 13/9
  2)  Doubles => 2                Drops
      Wins 1 point
"""


def test_dropping_an_early_money_double_is_a_wrong_pass(evaluator: Evaluator) -> None:
    rev = judge(MONEY_DROP, evaluator)
    passed = next(d for d in rev.decisions if d.kind is CubeAction.PASS)
    assert passed.player == 1 and passed.best == "take" and passed.error > 0.5
    assert rev.match.record.length == 0


def test_an_opening_31_is_luckier_than_an_opening_54(evaluator: Evaluator) -> None:
    rev = judge(MONEY_DROP, evaluator)
    lucky = rev.decisions[0]
    unlucky = next(d for d in rev.decisions if d.dice == (5, 4))
    assert lucky.dice == (3, 1) and lucky.luck > 0 > unlucky.luck


def test_luck_removed_result_is_zero_sum(evaluator: Evaluator) -> None:
    rev = judge(BLUNDERS, evaluator)
    assert rev.luck_adjusted(0) == pytest.approx(-rev.luck_adjusted(1))


def test_rating_words_run_from_best_to_worst() -> None:
    assert rating(0.0) == RATINGS[0][1]
    assert rating(1000.0) == RATINGS[-1][1]
    bounds = [b for b, _ in RATINGS]
    assert bounds == sorted(bounds)


def test_analyze_json_has_the_judge_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.run(["analyze", str(DATA / "gnubg.mat"), "--depth", "1", "--json", "--quick"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["match_length"] == 3 and out["players"] == ["Alice", "Bob"]
    assert out["games"] == [{"winner": 1, "points": 1}, {"winner": 1, "points": 4}] and out["notes"] == []
    for st in out["stats"]:
        for key in ("unforced_moves", "checker_error", "bad_moves", "cube_decisions", "cube_error", "luck"):
            assert key in st
        assert st["checker_error"] >= 0 and st["cube_error"] >= 0
    assert all(":" in d["gnubg_id"] for d in out["decisions"])
    base = {"game", "row", "player", "kind", "error", "played", "best", "verdict", "gnubg_id", "xgid"}
    base |= {"facts", "why"}  # what the decision's explanation stands on (issue 53, tests/test_explain.py)
    base |= {"judged"}  # how it was judged (issue 52, docs/analysis.md): here by the search alone
    for d in out["decisions"]:  # the review screen's details stay out of the JSON
        assert set(d) in (base, base | {"dice", "luck"})
        assert d["judged"] == {"by": "search", "depth": 1 if d["kind"] == "move" else 2}
    assert out["confirm"] == {"mode": "quick"}


def test_analyze_confirms_by_default_and_says_how_each_decision_was_judged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 52: the default rolls out again every decision it would report (here at most 36
    trials, in this process); the JSON says per decision how it was judged, the report after each
    of the worst decisions."""
    args = ["analyze", str(DATA / "short.mat"), "--depth", "1", "--trials", "36", "--jobs", "1"]
    assert entry.run([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["confirm"]["mode"] == "default" and out["confirm"]["max_trials"] == 36
    assert out["confirm"]["checked"] == out["confirm"]["to_check"] > 0
    rolled = [d for d in out["decisions"] if d["judged"]["by"] == "rollout"]
    assert len(rolled) == out["confirm"]["to_check"]
    for d in rolled:
        j = d["judged"]
        assert j["trials"] == 36 and j["se"] > 0 and j["interval"][0] <= j["error"] <= j["interval"][1]
        assert d["error"] == pytest.approx(max(0.0, j["error"]), abs=1e-5)
        assert (d["verdict"] == "unsure") == (
            not j["settled"] and j["interval"][0] < (0.03 if d["kind"] == "move" else 0) < j["interval"][1]
        )
    assert all(
        d["judged"] == {"by": "search", "depth": 1}
        for d in out["decisions"]
        if d["judged"]["by"] != "rollout" and d["kind"] == "move"
    )
    assert entry.run([*args, "--worst", "3"]) == 0
    captured = capsys.readouterr()
    assert "Judged by: 5 decisions confirmed by rollouts of at most 36 trials" in captured.out
    worst = [line for line in captured.out.split("Worst 3 decisions:")[1].splitlines() if "XGID=" in line]
    assert len(worst) == 3 and all("[rollout 36 trials: +" in line for line in worst)
    assert "confirm: 5 decisions to roll out" in captured.err


def test_analyze_refuses_a_budget_below_one_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.run(["analyze", str(DATA / "short.mat"), "--trials", "10"]) == 2
    assert "--trials must be 36 or more" in capsys.readouterr().err
    assert entry.run(["analyze", str(DATA / "short.mat"), "--quick", "--thorough"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_analyze_whose_rollouts_fail_says_so_and_gives_the_searchs_verdicts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ai.engine import Engine

    def failed(*_args: object, **_kwargs: object) -> Review:
        raise RuntimeError("a rollout process stopped unexpectedly (exit code -9)")

    monkeypatch.setattr(Engine, "confirm_review", failed)
    assert entry.run(["analyze", str(DATA / "short.mat"), "--depth", "1", "--json", "--jobs", "1"]) == 0
    said = capsys.readouterr()
    assert "the rollouts failed (a rollout process stopped unexpectedly (exit code -9))" in said.err
    assert "Traceback" not in said.err
    out = json.loads(said.out)
    assert out["confirm"] == {"mode": "quick"}
    assert all(d["judged"]["by"] == "search" for d in out["decisions"] if "judged" in d)


def test_analyze_json_carries_the_records_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "resigned.mat"
    path.write_text(
        " 1 point match\n\n Game 1\n A : 0                 B : 0\n"
        "  1) 31: 8/5 6/5              42: 8/4 6/4\n  2) 64:                       Wins 1 point\n",
        encoding="utf-8",
    )
    assert entry.run(["analyze", str(path), "--depth", "1", "--json", "--quick"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == [{"winner": 1, "points": 1}]
    assert out["notes"] == [
        {
            "kind": "rolled-before-resignation",
            "place": {"game": 1, "move": 2, "line": 6, "cell": "left"},
            "values": {"roll": "64"},
            "words": "game 1, move 2 (line 6), left cell: 64 was rolled and never played: the game ended "
            "by a resignation",
        }
    ]


def test_analyze_report_names_players_and_worst_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.run(["analyze", str(DATA / "fibs.mat"), "--depth", "1", "--worst", "3", "--quick"]) == 0
    captured = capsys.readouterr()
    assert "Alice" in captured.out and "Bob" in captured.out and "Worst 3 decisions" in captured.out
    assert "analyse: game 2/2 done" in captured.err


def test_analyze_an_illegal_record_exits_2_naming_the_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_text(BLUNDERS.replace("42: 8/4 6/4", "42: 8/3 6/4"))
    assert entry.run(["analyze", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "game 1, move 1" in err and "right cell" in err and "Traceback" not in err


def test_analyze_a_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.run(["analyze", str(tmp_path / "none.mat")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_analyze_a_file_that_is_not_a_record_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.mat"
    junk.write_bytes(b"\x00\xff garbage\n")
    assert entry.run(["analyze", str(junk)]) == 2
    assert "point match" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_lines_elsewhere() -> None:
    tty, plain = _Terminal(), io.StringIO()
    for stream in (tty, plain):
        progress = ProgressBar(stream, [2, 2])
        for done in range(1, 5):
            progress(done, 4)
    assert "\r" in tty.getvalue() and "4/4 turns" in tty.getvalue() and tty.getvalue().endswith("\n")
    assert plain.getvalue().splitlines() == ["analyse: game 1/2 done", "analyse: game 2/2 done"]


def test_each_error_is_named(evaluator: Evaluator) -> None:
    rev = judge(CUBE, evaluator)
    assert next(d for d in rev.decisions if d.kind == "double").verdict() == "wrong double"
    assert next(d for d in rev.decisions if d.kind == "take").verdict() == ""
    passed = next(d for d in judge(MONEY_DROP, evaluator).decisions if d.kind is CubeAction.PASS)
    assert passed.verdict() == "wrong pass"
    blunder = judge(BLUNDERS, evaluator).decisions[0]
    assert blunder.verdict() == "very bad" and blunder.to_json()["verdict"] == "very bad"


def test_a_checker_play_keeps_the_top_moves_best_first_and_the_played_one(evaluator: Evaluator) -> None:
    first = judge(BLUNDERS, evaluator).decisions[0]
    options = first.options
    ranks = [o.rank for o in options]
    assert ranks[:TOP_MOVES] == list(range(1, TOP_MOVES + 1)) and ranks == sorted(set(ranks))
    assert options[0].move.notation() == first.best == "13/7 8/7"
    played = first.played_option()
    assert played is not None and played.rank > 1
    assert options[0].equity - played.equity == pytest.approx(first.error)
    for o in options:
        win, gammon, backgammon = o.probs[:3]
        assert 0.0 < win < 1.0 and 0.0 <= backgammon <= gammon <= win


def test_a_played_move_below_the_top_five_is_kept_with_its_rank(evaluator: Evaluator) -> None:
    reply = judge(BLUNDERS, evaluator).decisions[1]  # 8/4 6/4 instead of hitting
    played = reply.played_option()
    assert played is not None and played.rank > TOP_MOVES
    assert len(reply.options) == TOP_MOVES + 1 and reply.options[-1] is played


def test_cube_decisions_keep_no_double_double_take_and_double_pass(evaluator: Evaluator) -> None:
    rev = judge(CUBE, evaluator)
    double = next(d for d in rev.decisions if d.kind == "double")
    take = next(d for d in rev.decisions if d.kind == "take")
    assert double.cube is not None and take.cube == double.cube
    nd, dt, dp = double.cube
    assert dp == pytest.approx(1.0)  # a pass gives the doubler one point at the cube
    assert double.error == pytest.approx(max(nd, min(dt, dp)) - min(dt, dp))
    assert take.error == pytest.approx(max(0.0, dt - dp))
    assert double.turn == take.turn == 1 and double.options == ()


def test_the_graph_has_the_left_players_chance_before_each_roll_and_after_each_game(
    evaluator: Evaluator,
) -> None:
    rev = judge(BLUNDERS, evaluator)
    rolls = sum(1 for g in rev.match.games for t in g.turns if t.dice is not None)
    assert len(rev.graph) == rolls + len(rev.match.games)
    assert [p.turn for p in rev.graph] == [0, 1, 2, 3, 4]
    assert all(0.0 <= p.value <= 1.0 for p in rev.graph)
    assert rev.graph[0].value == pytest.approx(0.5, abs=0.05)  # before the opening roll
    # A won game 1 of a 5-point match: 4-away against 5-away
    assert rev.graph[-1].value == pytest.approx(default_met().mwc(4, 5))


def test_the_graph_of_a_money_session_counts_points(evaluator: Evaluator) -> None:
    rev = judge(MONEY_DROP, evaluator)
    assert rev.graph[-1].value == 1.0  # B passed: A is one point up
    assert all(-3.0 < p.value < 3.0 for p in rev.graph)


def test_cube_decisions_deeper_than_the_screen_are_searched_again_only_where_they_count(
    evaluator: Evaluator, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ai.analysis.review

    calls: list[tuple[int, int]] = []
    real = ai.analysis.review.cube_decision

    def spy(code: int, ctx: object, depth: int, ev: Evaluator, settle: float | None) -> object:
        assert settle is None  # the coach judges every cube decision at the depth it says
        calls.append((code, depth))
        return real(code, ctx, min(depth, 2), ev)  # type: ignore[arg-type]

    monkeypatch.setattr(ai.analysis.review, "cube_decision", spy)
    match = replay(read_match(MONEY_DROP))
    rev = review(match, 1, evaluator, cube_depth=3)
    doubled = next(t.code for t in match.games[0].turns if t.doubled)
    screened = [c for c, d in calls if d == ai.analysis.review.SCREEN_DEPTH]
    deep = [c for c, d in calls if d == 3]
    assert doubled in screened and doubled in deep  # a double offered always counts
    assert len(deep) == sum(d.kind in ("no double", "double") for d in rev.decisions)
    assert set(deep) <= set(screened)


class _Reached(Exception):
    """Raised by a stand-in of ``review`` once it has seen its arguments."""


def test_analyze_judges_the_cube_one_ply_deeper_than_moves_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai.engine import Engine

    seen: list[tuple[int, int | None]] = []

    def fake(
        engine: Engine, match: object, depth: int, on_turn: object = None, cube_depth: int | None = None
    ) -> None:
        seen.append((depth, cube_depth))
        raise _Reached

    monkeypatch.setattr(Engine, "judge_match", fake)
    path = tmp_path / "m.mat"
    path.write_text(CUBE, encoding="utf-8")
    cases = ((["--depth", "3"], (3, 4)), (["--depth", "4"], (4, 4)), (["--cube-depth", "2"], (3, 2)))
    for argv, want in cases:
        with pytest.raises(_Reached):
            entry.main(["analyze", str(path), *argv])
        assert seen[-1] == want


def test_analyze_uses_the_weights_named_and_refuses_damaged_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ai.engine import Engine
    from ai.evaluation.network import NetSet, save_nets

    names: list[str] = []

    def fake(engine: Engine, match: object, depth: int, **_: object) -> None:
        names.append(engine.evaluator.name)
        raise _Reached

    monkeypatch.setattr(Engine, "judge_match", fake)
    path = tmp_path / "m.mat"
    path.write_text(CUBE, encoding="utf-8")
    nets = NetSet.random(8, np.random.default_rng(0))
    nets.meta.update(trained_games=11)
    save_nets(tmp_path / "w.npz", nets)
    with pytest.raises(_Reached):
        entry.main(["analyze", str(path), "--weights", str(tmp_path / "w.npz")])
    assert names == ["neural net (11 games)"]
    (tmp_path / "bad.npz").write_bytes(b"not weights")
    assert entry.main(["analyze", str(path), "--weights", str(tmp_path / "bad.npz")]) == 2
    assert "--weights" in capsys.readouterr().err and names == ["neural net (11 games)"]


def test_luck_only_judges_the_same_luck_and_no_decision(evaluator: Evaluator) -> None:
    match = replay(read_match(MONEY_DROP))
    full = review(match, 1, evaluator)
    luck = review(match, 1, evaluator, luck_only=True)
    assert luck.decisions == () and full.decisions
    assert [s.luck for s in luck.stats] == [s.luck for s in full.stats]
    assert [luck.luck_adjusted(p) for p in (0, 1)] == [full.luck_adjusted(p) for p in (0, 1)]
