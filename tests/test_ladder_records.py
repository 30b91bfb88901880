"""The ladder's table (bench/ladder/matches.csv) and its games regenerated on demand."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from ai.evaluation.load import load_evaluator
from ai.training.ladder_records import Row, commands, main, read_table, write_table

LEVEL_PAIRS = {("novice", "beginner"), ("beginner", "casual"), ("2", "1"), ("3", "2"), ("4", "3")}
"""Every level against the next (casual is depth 1, intermediate 2 ...)."""


def _shipped_rows() -> list[Row]:
    shipped = load_evaluator().evaluator.name
    return [row for row in read_table() if row.evaluator == shipped]


def test_table_has_every_level_against_the_next_with_the_shipped_net() -> None:
    games = Counter[tuple[str, str]]()
    for row in _shipped_rows():
        games[row.first, row.second] += row.games
    assert set(games) >= LEVEL_PAIRS
    assert all(games[pair] >= 100 for pair in LEVEL_PAIRS), games


def test_table_rows_hold_figures_a_match_can_have() -> None:
    rows = read_table()
    assert len({row.name for row in rows}) == len(rows)
    for row in rows:
        assert row.games >= 2 and f"-s{row.seed}" in row.name
        assert -3 <= float(row.ppg) <= 3 and -3 <= float(row.adjusted_ppg) <= 3
        assert 0 < float(row.adjusted_ci) < float(row.ppg_ci)  # the luck adjustment narrows the interval
        assert len(row.weights_sha256) == 12 and bool(row.second_weights) == bool(row.second_weights_sha256)
        points = [int(game.split("/")[0]) for game in row.first_pair.split()]
        assert len(points) == 2 and all(p in (-3, -2, -1, 1, 2, 3) for p in points)


def test_the_first_pair_of_a_match_regenerates_as_the_table_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    row = next(r for r in _shipped_rows() if (r.first, r.second) == ("2", "1"))
    assert main(["play", "--only", row.name, "--games", "2", "--dir", str(tmp_path)]) == 0
    assert f"{row.name}: agrees with the table" in capsys.readouterr().out
    games = [json.loads(line) for line in (tmp_path / f"{row.name}.jsonl").read_text().splitlines()]
    assert [(g["seed"], g["game"]) for g in games] == [(row.seed, 0), (row.seed, 1)]
    assert " ".join(f"{g['points']}/{g['plies']}" for g in games) == row.first_pair


def test_a_regenerated_pair_that_differs_from_the_table_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    row = next(r for r in _shipped_rows() if (r.first, r.second) == ("2", "1"))
    table = tmp_path / "matches.csv"
    write_table([dataclasses.replace(row, first_pair="3/10 -3/10")], table)
    args = [
        "play",
        "--only",
        row.name,
        "--games",
        "2",
        "--dir",
        str(tmp_path / "games"),
        "--table",
        str(table),
    ]
    assert main(args) == 1
    assert "the table says '3/10 -3/10'" in capsys.readouterr().out


def test_commands_name_the_seed_games_and_the_weights_commit() -> None:
    row = next(r for r in read_table() if r.second_weights)
    lines = commands([row])
    assert f"git show {row.weights}:assets/weights/net.npz > /tmp/net-{row.weights}.npz" in lines
    assert f"git show {row.second_weights}:assets/weights/net.npz.sha256" in "\n".join(lines)
    play = lines[-1]
    assert play.startswith(f"python -m ai.training.ladder {row.first} {row.second} --games {row.games} ")
    assert f"--seed {row.seed} " in play and f"--second-weights /tmp/net-{row.second_weights}.npz" in play
    assert play.endswith(f"--out bench/ladder/{row.name}.jsonl")


def test_table_write_fills_the_figures_from_the_games(tmp_path: Path) -> None:
    row = Row("a/3-2-s5", "3", "2", 5, 0, "c0ffee", "0" * 12, "", "", "net", "", "", "", "", "")
    table = tmp_path / "matches.csv"
    write_table([row], table)
    (tmp_path / "a").mkdir()
    with (tmp_path / "a" / "3-2-s5.jsonl").open("w") as f:
        for game, points, luck in [(0, 2, 0.5), (1, -1, 0.0), (2, 1, 1.0), (3, 1, 0.0)]:
            record = {"first": "3", "second": "2", "evaluator": "net", "seed": 5, "game": game}
            f.write(
                json.dumps(
                    {**record, "first_starts": game % 2 == 0, "points": points, "luck": luck, "plies": 40}
                )
            )
            f.write("\n")
    assert main(["table", "--write", "--table", str(table), "--dir", str(tmp_path)]) == 0
    [filled] = read_table(table)
    assert (filled.games, filled.ppg, filled.adjusted_ppg, filled.first_pair) == (
        4,
        "+0.750",
        "+0.375",
        "2/40 -1/40",
    )
    assert float(filled.ppg_ci) > 0


def test_an_unknown_match_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--only", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "no match nosuch" in err and "d2-d1-s11" in err
