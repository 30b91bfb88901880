"""bench.strength: reading labelled sets, losses, and the paired comparison of depths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.evaluation.hand import HandEvaluator
from ai.search import analyse
from bench.strength import (
    Labelled,
    Phase,
    SetError,
    losses_for_depth,
    main,
    paired,
    phase,
    phase_lines,
    read_set,
)
from game.rules.position import START_CODE, Position, position_id, swap

START_ID = "4HPwATDgc/ABMA"


def labelled_start(dice: tuple[int, int] = (3, 1)) -> dict[str, object]:
    """The opening position with every move labelled by the hand-made evaluator at depth 1."""
    ranked = analyse(START_CODE, dice, 1, HandEvaluator())
    moves = [{"position_id": position_id(swap(c.code)), "equity": round(c.equity, 6)} for c in ranked]
    return {"position_id": START_ID, "dice": list(dice), "moves": moves}


def write_set(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_loss_is_zero_for_the_best_move_and_the_gap_for_another() -> None:
    row = Labelled(START_ID, (3, 1), {"a": 0.2, "b": 0.05, "c": -0.1})
    assert row.loss("a") == 0.0
    assert row.loss("b") == pytest.approx(0.15)


def test_a_move_the_set_does_not_know_costs_the_worst_move() -> None:
    row = Labelled(START_ID, (3, 1), {"a": 0.2, "b": 0.05, "c": -0.1})
    assert row.loss("zzz") == pytest.approx(0.3)
    assert row.loss(None) == pytest.approx(0.3)


def test_read_set_reads_positions_dice_and_moves(tmp_path: Path) -> None:
    rows = read_set(write_set(tmp_path / "s.jsonl", [labelled_start((3, 1)), labelled_start((6, 5))]))
    assert [r.dice for r in rows] == [(3, 1), (6, 5)]
    assert len(rows[0].equities) == 16  # the distinct results of an opening 31


def test_read_set_names_the_garbled_line(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(labelled_start()) + "\n{not json\n")
    with pytest.raises(SetError, match="line 2"):
        read_set(path)


def test_read_set_refuses_a_bad_position_id(tmp_path: Path) -> None:
    row = labelled_start()
    row["position_id"] = "not-an-id"
    with pytest.raises(SetError, match="line 1"):
        read_set(write_set(tmp_path / "s.jsonl", [row]))


def test_read_set_refuses_an_empty_or_missing_file(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_text("\n")
    with pytest.raises(SetError, match="no positions"):
        read_set(tmp_path / "empty.jsonl")
    with pytest.raises(SetError, match="cannot read"):
        read_set(tmp_path / "none.jsonl")


def test_depth_one_agrees_with_its_own_labels(tmp_path: Path) -> None:
    rows = read_set(write_set(tmp_path / "s.jsonl", [labelled_start((3, 1)), labelled_start((4, 2))]))
    assert losses_for_depth(rows, 1, HandEvaluator(), None, quiet=True) == [0.0, 0.0]


def test_kept_losses_are_reused_and_the_rest_appended(tmp_path: Path) -> None:
    rows = read_set(write_set(tmp_path / "s.jsonl", [labelled_start((3, 1)), labelled_start((4, 2))]))
    keep = tmp_path / "s-d1.txt"
    keep.write_text("9.000000\n")  # a value no search would give: proof it was not recomputed
    assert losses_for_depth(rows, 1, HandEvaluator(), keep, quiet=True) == [9.0, 0.0]
    assert keep.read_text().split() == ["9.000000", "0.000000"]


def test_paired_gain_interval_and_counts() -> None:
    p = paired([0.1, 0.0, 0.2, 0.0], [0.0, 0.0, 0.1, 0.1])
    assert p.gain == pytest.approx(0.025)
    assert p.better == 2 and p.worse == 1
    assert p.interval == pytest.approx(1.96 * 0.095742710775633 / 2)


def test_paired_needs_lists_of_one_length() -> None:
    with pytest.raises(ValueError):
        paired([0.1, 0.2], [0.1])


def test_command_line_prints_each_depth_and_the_paired_gain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = write_set(tmp_path / "s.jsonl", [labelled_start((3, 1)), labelled_start((6, 4))])
    code = main(["--set", str(s), "--depths", "1", "2", "--losses", str(tmp_path / "l"), "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "2 positions of s.jsonl" in out
    assert "depth 1:" in out and "depth 2:" in out and "depth 2 over depth 1: gains" in out
    assert len((tmp_path / "l" / "s-d2.txt").read_text().split()) == 2


def test_command_line_bad_set_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.jsonl").write_text("garbage\n")
    assert main(["--set", str(tmp_path / "bad.jsonl"), "--quiet"]) == 2
    assert "line 1" in capsys.readouterr().err


def board_id(mine: dict[int, int], theirs: dict[int, int]) -> str:
    """The Position ID of a board given as {point: checkers} for each side (own numbering, 25 = bar)."""
    sides = [[0] * 25, [0] * 25]
    for side, where in zip(sides, (mine, theirs), strict=True):
        for point, n in where.items():
            side[point - 1] = n
    return Position.from_sides(sides[0], sides[1]).position_id()


def test_the_opening_position_is_contact() -> None:
    assert phase(START_ID) is Phase.CONTACT


def test_sides_past_each_other_are_a_race() -> None:
    assert phase(board_id({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5})) is Phase.RACE


def test_a_side_with_its_board_crunched_onto_its_one_and_two_points_has_crashed() -> None:
    crunched = {1: 5, 2: 4, 3: 2, 4: 2, 24: 2}  # 6 in play outside its 1 and 2 points
    assert phase(board_id(crunched, {13: 5, 8: 3, 6: 5, 20: 2})) is Phase.CRASHED


def test_one_checker_more_outside_the_deep_points_is_not_crashed() -> None:
    seven = {1: 4, 2: 4, 3: 3, 4: 2, 24: 2}  # 7 in play outside its 1 and 2 points
    assert phase(board_id(seven, {13: 5, 8: 3, 6: 5, 20: 2})) is Phase.CONTACT


def test_the_opponent_crashed_counts_too() -> None:
    mostly_off = {2: 1, 3: 2, 5: 2}  # with one checker still back on its 24 point: 9 borne off
    assert phase(board_id({13: 5, 8: 3, 6: 5, 24: 2}, mostly_off | {24: 1})) is Phase.CRASHED


def test_phase_lines_give_each_phase_its_count_mean_and_share() -> None:
    race = board_id({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5})
    rows = [Labelled(START_ID, (3, 1), {}), Labelled(START_ID, (6, 4), {}), Labelled(race, (2, 1), {})]
    lines = phase_lines(rows, [0.03, 0.01, 0.0])
    assert lines == [
        "contact: 2 positions (67%), mean 0.0200, 100% of the loss",
        "race: 1 positions (33%), mean 0.0000, 0% of the loss",
    ]


def test_command_line_splits_the_loss_by_phase(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = write_set(tmp_path / "s.jsonl", [labelled_start((3, 1))])
    assert main(["--set", str(s), "--depths", "1", "--phases", "--quiet"]) == 0
    assert "contact: 1 positions (100%)" in capsys.readouterr().out


def random_weights(path: Path, seed: int) -> Path:
    """A small random net written as a weights file (with its checksum)."""
    import numpy as np

    from ai.evaluation.network import NetSet, save_nets

    save_nets(path, NetSet.random(8, np.random.default_rng(seed)))
    return path


def test_against_compares_two_nets_position_by_position_over_the_pooled_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write_set(tmp_path / "a.jsonl", [labelled_start((3, 1)), labelled_start((6, 4))])
    b = write_set(tmp_path / "b.jsonl", [labelled_start((5, 2))])
    first = random_weights(tmp_path / "first.npz", 1)
    second = random_weights(tmp_path / "second.npz", 2)
    argv = ["--set", str(a), str(b), "--depths", "1", "--weights", str(first), "--against", str(second)]
    assert main([*argv, "--losses", str(tmp_path / "l"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3 positions of a.jsonl, b.jsonl" in out
    assert "depth 1, second.npz: " in out
    assert "depth 1, second.npz over the first net: gains" in out
    kept = sorted(p.name for p in (tmp_path / "l").iterdir())
    assert len(kept) == 4  # two sets for each of two nets, each named by its weights
    assert all(name.endswith("-d1.txt") for name in kept)
    assert len({name.split("-")[1] for name in kept}) == 2


def test_a_net_against_itself_gains_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = write_set(tmp_path / "s.jsonl", [labelled_start((3, 1)), labelled_start((6, 4))])
    first = random_weights(tmp_path / "first.npz", 1)
    assert (
        main(["--set", str(s), "--depths", "1", "--weights", str(first), "--against", str(first), "--quiet"])
        == 0
    )
    assert "over the first net: gains +0.0000 ± 0.0000 a move (95%); better on 0 positions, worse on 0" in (
        capsys.readouterr().out
    )


def test_an_unreadable_against_net_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = write_set(tmp_path / "s.jsonl", [labelled_start((3, 1))])
    assert main(["--set", str(s), "--depths", "1", "--against", str(tmp_path / "none.npz"), "--quiet"]) == 2
    assert "none.npz" in capsys.readouterr().err
