"""eXtreme Gammon's Performance Rating (PR) in the review and ``analyze``, and each decision's XGID."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import main as entry
from ai.analysis.pr import performance_rating
from ai.analysis.review import PlayerStats, Review, review
from ai.evaluation.evaluator import Evaluator
from ai.evaluation.load import hand_evaluator
from game.records.mat import read_match
from game.records.matchid import from_match_id, match_id
from game.records.replay import replay
from game.records.xgid import read_xgid, swap_players
from game.rules.position import from_position_id

DATA = Path(__file__).parent / "data" / "mat"

TWO_MOVES_AND_A_TAKE = """ 5 point match

 Game 1
 A : 0                          B : 0
  1) 61: 8/2 6/5                 Doubles => 2
  2)  Takes                      42: 8/4 6/4
  3) 31: 8/5 6/5                 64: 24/14
      Wins 2 points
"""
"""A short record: two blunders of A's, a double and a take, B's moves."""


@pytest.fixture(scope="module")
def evaluator() -> Evaluator:
    return hand_evaluator()[0]


def judge(text: str, evaluator: Evaluator) -> Review:
    return review(replay(read_match(text)), 1, evaluator)


def test_pr_is_the_equity_lost_per_counted_decision_times_500_worked_by_hand() -> None:
    # three unforced moves losing 0.050, 0.030 and 0.010, a cube decision losing 0.030:
    # 0.120 lost over 4 decisions is 0.030 a decision, times 500 is 15.0
    s = PlayerStats(unforced_moves=3, checker_error=0.09, cube_decisions=1, cube_error=0.03)
    assert s.pr() == pytest.approx(15.0) and s.error_rate() == pytest.approx(30.0)
    assert performance_rating(30.0) == pytest.approx(15.0)
    assert PlayerStats().pr() == 0.0  # no decision: nothing lost


def test_pr_of_a_small_record_adds_up_its_decisions(evaluator: Evaluator) -> None:
    rev = judge(TWO_MOVES_AND_A_TAKE, evaluator)
    for p in (0, 1):
        mine = [d for d in rev.decisions if d.player == p]
        assert mine, "each player has decisions"
        assert rev.stats[p].pr() == pytest.approx(500 * sum(d.error for d in mine) / len(mine))
    assert any(d.kind == "take" for d in rev.decisions) and any(d.kind == "double" for d in rev.decisions)


def test_every_decisions_xgid_is_its_gnu_ids_with_the_decider_at_the_bottom(evaluator: Evaluator) -> None:
    rev = judge(TWO_MOVES_AND_A_TAKE, evaluator)
    for d in rev.decisions:
        x = read_xgid(d.xgid())
        assert x.code == from_position_id(d.position_id)
        assert d.xgid().split(":")[3] == "1"  # the player deciding at the bottom
        info = x.info if d.player == 1 else swap_players(x.info)
        assert match_id(info) == d.match_id
        assert (d.xgid().split(":")[4] == "D") == (d.kind == "take")
        assert info == from_match_id(d.match_id) and info.doubled == (d.kind == "take")


def test_analyze_json_gives_each_players_pr_from_its_own_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry.run(["analyze", str(DATA / "short.mat"), "--depth", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for st in out["stats"]:
        n = st["unforced_moves"] + st["cube_decisions"]
        assert n > 0
        assert st["pr"] == pytest.approx(500 * (st["checker_error"] + st["cube_error"]) / n, abs=0.01)
        assert st["pr"] == pytest.approx(st["error_rate"] / 2, abs=0.01)
    for d in out["decisions"]:
        x = read_xgid(d["xgid"])
        assert x.code == from_position_id(d["gnubg_id"].split(":")[0])


def test_analyze_report_shows_pr_and_each_worst_decisions_xgid_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert entry.run(["analyze", str(DATA / "short.mat"), "--depth", "1", "--worst", "4"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("Performance rating (PR"))
    rate = next(line for line in out.splitlines() if line.startswith("Error rate"))
    prs, rates = (
        [float(v) for v in row.split(")")[-1].split()],
        [float(v) for v in rate.split(")")[-1].split()],
    )
    assert prs == pytest.approx([r / 2 for r in rates], abs=0.06)
    block = out.split("Worst 4 decisions:")[1].strip("\n").splitlines()
    worst = [line for line in block if not line.startswith(" " * 9)]
    assert len(worst) == 4
    for line in worst:
        words = line.split()
        at = next(i for i, w in enumerate(words) if w.startswith("XGID="))  # then how it was judged
        gnu, xgid = words[at - 1], words[at]
        assert read_xgid(xgid).code == from_position_id(gnu.split(":")[0])
    # under each, its explanation in words (issue 53): what is better, by the equities
    starts = [i for i, line in enumerate(block) if not line.startswith(" " * 9)] + [len(block)]
    for line, (a, b) in zip(worst, itertools.pairwise(starts), strict=True):
        said = [s.strip() for s in block[a + 1 : b]]
        confirmed = "[rollout " in line  # then the words say whose numbers they are: the search's
        assert said[0].startswith("Why, by the search at depth 1 (") == confirmed, said
        said = said[1:] if confirmed else said
        assert len(said) >= 2, line
        best = line.split("best: ")[1].split("  (")[0]
        if best in ("no double", "double", "take", "pass"):
            assert said[0].startswith(("Double", "No double", "The taker should")), said
        else:
            assert said[0].startswith(f"{best} is better: equity "), said
