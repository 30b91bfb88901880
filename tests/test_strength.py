"""bench.strength: reading labelled sets, losses, and the paired comparison of depths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.evaluation.hand import HandEvaluator
from ai.search import analyse
from bench.strength import Labelled, SetError, losses_for_depth, main, paired, read_set
from game.rules.position import START_CODE, position_id, swap

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
