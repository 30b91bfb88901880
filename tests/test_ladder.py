"""The ladder tool: players, luck, duplicate dice, the summary and the command line."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from helpers import side

from ai.evaluation.evaluator import Boards, Evaluator, Probs
from ai.evaluation.hand import HandEvaluator
from ai.evaluation.network import NetSet, save_nets
from ai.training.ladder import (
    GameRecord,
    Player,
    best_values,
    main,
    pair_dice,
    parse_player,
    play_game,
    read_records,
    roll_luck,
    summarise,
)
from game.rules.dice import ROLLS
from game.rules.position import START_CODE, pack

HAND = HandEvaluator()


def test_parse_player_accepts_level_keys_depths_and_noise() -> None:
    assert parse_player("expert") == Player("expert", 4, 0.0)
    assert parse_player("beginner").noise > 0
    assert parse_player("3") == Player("3", 3, 0.0)
    assert parse_player("1:0.25") == Player("1:0.25", 1, 0.25)


@pytest.mark.parametrize("text", ["5", "0", "grandmaster", "1:x", "1:-0.1", "", "2:nan"])
def test_parse_player_refuses_bad_players_with_the_choices(text: str) -> None:
    with pytest.raises(ValueError, match="novice"):
        parse_player(text)


def test_luck_averages_to_zero_over_all_rolls() -> None:
    code = pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 4, 8: 3, 13: 5, 24: 2, 20: 1}))
    total = sum(p * roll_luck(code, (a, b), False, HAND) for a, b, p in ROLLS)
    assert math.isclose(total, 0.0, abs_tol=1e-9)
    # and some rolls are lucky, some unlucky
    lucks = [roll_luck(code, (a, b), False, HAND) for a, b, _ in ROLLS]
    assert max(lucks) > 0.01 and min(lucks) < -0.01


def test_opening_luck_averages_to_zero_over_the_fifteen_non_doubles() -> None:
    lucks = [roll_luck(START_CODE, (a, b), True, HAND) for a, b, _ in ROLLS if a != b]
    assert len(lucks) == 15
    assert math.isclose(sum(lucks) / 15, 0.0, abs_tol=1e-9)


def test_bearing_off_the_last_checker_is_worth_exactly_the_win() -> None:
    # one checker left on the 1-point: every roll wins; the loser has borne off one: single win
    single = pack(side({1: 1}), side({6: 14}))
    assert np.allclose(best_values(single, ROLLS, HAND), 1.0)
    # the loser has borne off none: a gammon whatever the roll, so no roll is lucky
    gammon = pack(side({1: 1}), side({6: 15}))
    assert np.allclose(best_values(gammon, ROLLS, HAND), 2.0)
    assert roll_luck(gammon, (2, 1), False, HAND) == 0.0


def test_bearing_off_with_only_some_rolls_is_lucky_for_those_rolls() -> None:
    # two checkers on the 6-point: only 6-6 wins at once
    code = pack(side({6: 2}), side({1: 2}))
    assert roll_luck(code, (6, 6), False, HAND) > 0.5
    assert roll_luck(code, (2, 1), False, HAND) < 0


def test_pairs_of_games_share_their_dice() -> None:
    a, b = pair_dice(9, 4), pair_dice(9, 4)
    assert [a.randint(1, 6) for _ in range(20)] == [b.randint(1, 6) for _ in range(20)]
    c = pair_dice(9, 5)
    assert [pair_dice(9, 4).randint(1, 6) for _ in range(20)] != [c.randint(1, 6) for _ in range(20)]


def test_play_game_is_reproducible_and_scores_a_real_result() -> None:
    p1, p2 = Player("1", 1), Player("1:0.3", 1, 0.3)
    r1 = play_game(p1, p2, seed=5, game=0, evaluator=HAND)
    r2 = play_game(p1, p2, seed=5, game=0, evaluator=HAND)
    assert r1 == r2
    assert r1.points in (-3, -2, -1, 1, 2, 3)
    assert r1.plies > 10 and r1.first_starts
    other = play_game(p1, p2, seed=5, game=1, evaluator=HAND)
    assert not other.first_starts


class _Counting(Evaluator):
    """The hand-made evaluation, counting the positions it is asked about."""

    name = "counting"

    def __init__(self) -> None:
        self.asked = 0

    def evaluate_boards(self, b: Boards) -> Probs:
        self.asked += len(b)
        return HAND.evaluate_boards(b)


def test_second_evaluator_is_searched_with_only_by_the_second_player() -> None:
    p1, p2 = Player("1", 1), Player("2:0.3", 2, 0.3)
    mine, theirs, both = _Counting(), _Counting(), _Counting()
    split = play_game(p1, p2, seed=5, game=0, evaluator=mine, judge=HAND, second_evaluator=theirs)
    shared = play_game(p1, p2, seed=5, game=0, evaluator=both, judge=HAND)
    # the same evaluation under other names: the same game, its searches shared out between the two
    assert split == shared
    assert mine.asked > 0 and theirs.asked > 0
    assert mine.asked + theirs.asked == both.asked


def test_summary_groups_games_by_pair() -> None:
    recs = [
        GameRecord(0, True, 2, 1.5, 50),
        GameRecord(1, False, -1, -1.0, 40),
        GameRecord(2, True, 1, 0.0, 60),
        GameRecord(3, False, 1, 0.5, 60),
    ]
    s = summarise(recs)
    assert s.games == 4
    assert math.isclose(s.ppg, 0.75)
    assert math.isclose(s.adjusted_ppg, (0.5 + 0.0 + 1.0 + 0.5) / 4)
    # pair means 0.5 and 1.0: stdev 0.3536, over two pairs
    assert math.isclose(s.ppg_ci, 1.96 * 0.35355339 / math.sqrt(2), rel_tol=1e-6)


def test_command_line_reports_and_writes_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    missing = tmp_path / "none.npz"  # no weights: the hand-made evaluator, with a warning
    code = main(["1", "novice", "--games", "2", "--seed", "4", "--weights", str(missing), "--out", str(out)])
    assert code == 0
    captured = capsys.readouterr()
    assert "1 vs novice (hand-made): 2 games (seed 4)" in captured.out and "luck-adjusted" in captured.out
    assert "hand-made" in captured.err
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game"] for r in rows] == [0, 1] and rows[0]["first"] == "1"
    assert {r["evaluator"] for r in rows} == {"hand-made"}


def test_command_line_plays_two_nets_against_each_other_and_records_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    tiny = tmp_path / "tiny.npz"
    nets = NetSet.random(8, np.random.default_rng(0))
    nets.meta["trained_games"] = 7
    save_nets(tiny, nets)
    missing = tmp_path / "none.npz"
    args = ["1", "1", "--games", "2", "--weights", str(missing), "--second-weights", str(tiny)]
    args += ["--out", str(out)]
    assert main([*args, "--quiet"]) == 0
    assert "1 vs 1 (hand-made against neural net (7 games)): 2 games" in capsys.readouterr().out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {(r["evaluator"], r["second_evaluator"]) for r in rows} == {("hand-made", "neural net (7 games)")}
    assert set(read_records([out])) == {("1", "1", "hand-made against neural net (7 games)")}
    # the same match in two worker processes plays the same games
    again = tmp_path / "again.jsonl"
    assert main([*args[:-1], str(again), "--jobs", "2", "--quiet"]) == 0
    assert again.read_text() == out.read_text()


def test_parallel_jobs_play_the_same_games(tmp_path: Path) -> None:
    missing = tmp_path / "none.npz"
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["1", "1:0.2", "--games", "2", "--weights", str(missing), "--out", str(one), "--quiet"]) == 0
    args = ["1", "1:0.2", "--games", "2", "--jobs", "2", "--weights", str(missing), "--out", str(two)]
    assert main([*args, "--quiet"]) == 0
    assert one.read_text() == two.read_text()


def test_command_line_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["casual", "wizard"])
    assert "unknown player 'wizard'" in capsys.readouterr().err


def _saved(path: Path, seed: int, games: list[tuple[int, int, float]], evaluator: str | None = None) -> None:
    with path.open("a") as f:
        for game, points, luck in games:
            row = {"first": "3", "second": "2", "seed": seed, "game": game, "first_starts": game % 2 == 0}
            if evaluator is not None:
                row["evaluator"] = evaluator
            f.write(json.dumps({**row, "points": points, "luck": luck, "plies": 40}) + "\n")


def test_report_pools_runs_of_different_seeds_as_separate_pairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _saved(a, 1, [(0, 2, 0.0), (1, 0, 0.0)])
    _saved(b, 2, [(0, 1, 0.0), (1, -1, 0.0)])
    assert main(["--report", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    # pairs (seed 1: mean 1.0) and (seed 2: mean 0.0); pooled by game number they would be one pair
    assert "3 vs 2: 4 games (seeds 1, 2), +0.500 ± 0.980 ppg" in out


def test_report_counts_a_game_saved_twice_once(tmp_path: Path) -> None:
    a = tmp_path / "a.jsonl"
    _saved(a, 1, [(0, 2, 0.5), (1, -1, 0.0)])
    _saved(a, 1, [(0, 2, 0.5)])
    matches = read_records([a])
    records, seeds = matches[("3", "2", "")]
    assert len(records) == 2 and seeds == [1, 1]


def test_report_never_pools_games_of_different_evaluators(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = tmp_path / "a.jsonl"
    _saved(a, 1, [(0, 2, 0.0), (1, 0, 0.0)], evaluator="neural net (10 games)")
    _saved(a, 1, [(0, -1, 0.0), (1, -1, 0.0)], evaluator="neural net (20 games)")
    ten, twenty = ("3", "2", "neural net (10 games)"), ("3", "2", "neural net (20 games)")
    assert set(read_records([a])) == {ten, twenty}
    assert main(["--report", str(a)]) == 0
    out = capsys.readouterr().out
    assert "3 vs 2 (neural net (10 games)): 2 games (seed 1), +1.000" in out
    assert "3 vs 2 (neural net (20 games)): 2 games (seed 1), -1.000" in out


def test_report_names_the_line_of_a_garbled_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = tmp_path / "a.jsonl"
    _saved(a, 1, [(0, 2, 0.5)])
    with a.open("a") as f:
        f.write("{not json\n")
    assert main(["--report", str(a)]) == 2
    assert f"{a}:2: not a saved ladder game" in capsys.readouterr().err


def test_command_line_needs_two_players_or_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["casual"])
    assert "name two players" in capsys.readouterr().err
