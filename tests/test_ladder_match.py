"""The match-play ladder: duplicate pairs, the report's interval, and saved results read back."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from ai.evaluation.load import hand_evaluator
from ai.training.ladder_match import MatchResult, play_pair_match, read_results, schedule, summarise


def test_pairs_share_the_dice_seed_with_the_sides_swapped() -> None:
    work = schedule("novice", "casual", 5, 10, 6)
    assert [(seed, left) for _, _, _, seed, left in work] == [
        (10, True),
        (10, False),
        (11, True),
        (11, False),
        (12, True),
        (12, False),
    ]


def _result(seed: int, left: bool, won: bool) -> MatchResult:
    return MatchResult("a", "b", 5, seed, left, won, (5, 2) if won else (2, 5), 3)


def test_interval_is_over_pairs() -> None:
    """Pairs split 1-1 have no spread: every pair scores one half, the interval is zero."""
    split = [_result(s, left, left) for s in range(4) for left in (True, False)]
    s = summarise(split)
    assert (s.matches, s.wins, s.share, s.ci) == (8, 4, 0.5, 0.0)
    swept = [_result(s, left, s % 2 == 0) for s in range(4) for left in (True, False)]
    assert summarise(swept).ci > 0.3


def test_one_pair_is_played_and_saved(tmp_path: Path) -> None:
    evaluator, _ = hand_evaluator()
    pair = [play_pair_match("novice", "casual", 3, 7, left, evaluator) for left in (True, False)]
    for r in pair:
        assert max(r.score) >= 3 and r.first_won == (r.score[0] >= 3)
    out = tmp_path / "m.jsonl"
    out.write_text("".join(json.dumps(asdict(r)) + "\n" for r in pair))
    assert read_results([out]) == pair


def test_a_single_pair_has_no_interval() -> None:
    assert summarise([_result(1, True, True), _result(1, False, False)]).ci == pytest.approx(float("inf"))


def test_a_played_match_carries_its_luck_adjusted_result_and_the_report_shows_it() -> None:
    """The luck-adjusted result is the match winning chance won over one half less the luck: the
    two sides of a match see it with opposite signs (one played, read from both seats)."""
    evaluator, _ = hand_evaluator()
    r = play_pair_match("novice", "casual", 3, 7, True, evaluator)
    assert r.luck_adjusted is not None and -1.5 < r.luck_adjusted < 1.5
    results = [
        MatchResult("a", "b", 5, s, left, won, (5, 2) if won else (2, 5), 3, adj)
        for s, (left, won, adj) in enumerate([(True, True, 0.1), (False, False, -0.3), (True, False, 0.0)])
    ]
    s = summarise(results)
    assert s.adjusted == pytest.approx(0.5 + (0.1 - 0.3 + 0.0) / 3)
    assert s.adjusted_ci is not None and s.adjusted_ci > 0


def test_results_saved_before_luck_was_kept_are_summarised_without_it(tmp_path: Path) -> None:
    out = tmp_path / "old.jsonl"
    old = {"first": "a", "second": "b", "length": 5, "seed": 1, "first_left": True, "first_won": True}
    out.write_text(json.dumps({**old, "score": [5, 2], "games": 3}) + "\n")
    (r,) = read_results([out])
    assert r.luck_adjusted is None and summarise([r]).adjusted is None
