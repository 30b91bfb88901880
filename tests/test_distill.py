"""Tests of distilling the search into the net (ai.training.distill) and of the search values it fits to."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from naive_reference import ToyEvaluator, on_roll, varied_positions

from ai.evaluation.features import contact_mask
from ai.evaluation.load import load_evaluator, net_name
from ai.evaluation.network import NetSet, NeuralEvaluator, load_nets, save_nets
from ai.search import FULL_WIDTH, position_values
from ai.training.distill import (
    METHOD,
    ChunkSpec,
    DistillError,
    chunk_path,
    fit,
    generate,
    load_chunk,
    main,
    make_chunk,
    read_chunks,
    save_chunk,
)

# --- the search values --------------------------------------------------------------------


def test_position_values_with_no_decision_are_the_static_evaluation() -> None:
    toy = ToyEvaluator()
    codes = [c for c, _ in varied_positions(6)]
    assert np.allclose(position_values(codes, 0, toy), toy.evaluate(codes))


@pytest.mark.parametrize("decisions", [1, 2])
def test_position_values_match_the_textbook_recursion_without_pruning(decisions: int) -> None:
    toy = ToyEvaluator()
    codes = [c for c, _ in varied_positions(4 if decisions == 1 else 2, seed=11)]
    got = position_values(codes, decisions, toy, filters=FULL_WIDTH)
    want = np.array([on_roll(c, decisions, toy) for c in codes])
    assert np.allclose(got, want, atol=1e-12)


def test_position_values_of_no_positions_is_empty() -> None:
    assert position_values([], 2, ToyEvaluator()).shape == (0, 5)


@pytest.mark.parametrize("decisions", [-1, 5])
def test_position_values_refuse_a_depth_out_of_range(decisions: int) -> None:
    with pytest.raises(ValueError, match=r"decisions must be 0\.\.4"):
        position_values([varied_positions(1)[0][0]], decisions, ToyEvaluator())


# --- making chunks ---------------------------------------------------------------------------


def tiny_nets(seed: int = 0) -> NetSet:
    nets = NetSet.random(8, np.random.default_rng(seed))
    nets.meta.update(trained_games=7, method="TD(0) self-play, 1-ply greedy, Adam")
    return nets


def spec(index: int = 0, size: int = 12, seed: int = 5, decisions: int = 1) -> ChunkSpec:
    return ChunkSpec(seed, index, size, decisions, 0.5, "0" * 64)


def test_a_chunk_holds_contact_positions_valued_by_the_search() -> None:
    ev = NeuralEvaluator(tiny_nets())
    chunk = make_chunk(ev, spec(size=12))
    assert chunk.boards.shape == (12, 50) and chunk.targets.shape == (12, 5)
    assert contact_mask(chunk.boards).all()
    codes = [int.from_bytes(row.tobytes(), "little") for row in chunk.boards]
    assert np.allclose(chunk.targets, position_values(codes, 1, ev), atol=1e-6)
    # before the roll, after a move: never the starting position (its targets would all be one value)
    assert len(set(codes)) > 6


def test_a_chunk_is_the_same_every_time_and_differs_between_chunk_numbers() -> None:
    ev = NeuralEvaluator(tiny_nets())
    a, b, c = make_chunk(ev, spec(0)), make_chunk(ev, spec(0)), make_chunk(ev, spec(1))
    assert np.array_equal(a.boards, b.boards) and np.array_equal(a.targets, b.targets)
    assert not np.array_equal(a.boards, c.boards)


def test_a_saved_chunk_reads_back_unchanged(tmp_path: Path) -> None:
    chunk = make_chunk(NeuralEvaluator(tiny_nets()), spec())
    save_chunk(tmp_path / "c.npz", chunk)
    back = load_chunk(tmp_path / "c.npz")
    assert back.spec == chunk.spec
    assert np.array_equal(back.boards, chunk.boards) and np.array_equal(back.targets, chunk.targets)


def test_a_damaged_chunk_is_refused_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "chunk-00000.npz"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(DistillError, match=r"chunk-00000\.npz is not a readable chunk"):
        load_chunk(bad)


def test_a_chunk_with_targets_outside_zero_to_one_is_refused(tmp_path: Path) -> None:
    chunk = make_chunk(NeuralEvaluator(tiny_nets()), spec(size=4))
    chunk.targets[0, 0] = 1.5
    save_chunk(tmp_path / "c.npz", chunk)
    with pytest.raises(DistillError, match="not probabilities"):
        load_chunk(tmp_path / "c.npz")


def _weights(tmp_path: Path, seed: int = 0) -> Path:
    path = tmp_path / f"w{seed}.npz"
    save_nets(path, tiny_nets(seed))
    return path


def test_generate_continues_a_stopped_run_with_the_same_chunks(tmp_path: Path) -> None:
    w = _weights(tmp_path)
    out = tmp_path / "run"
    kw = {"decisions": 1, "chunk": 10, "use_bearoff": False}
    assert generate(w, out, 25, 3, **kw) == 3  # type: ignore[arg-type]
    sizes = [load_chunk(chunk_path(out, i)).spec.size for i in range(3)]
    assert sizes == [10, 10, 5]
    second = chunk_path(out, 1).read_bytes()
    chunk_path(out, 1).unlink()  # as if the run had been killed before chunk 1 was written
    seen: list[tuple[int, int]] = []
    assert generate(w, out, 25, 3, on_chunk=lambda d, t: seen.append((d, t)), **kw) == 1  # type: ignore[arg-type]
    assert chunk_path(out, 1).read_bytes() == second
    assert seen == [(15, 25), (25, 25)]  # positions, the last chunk counted by its own size


def test_generate_in_two_processes_makes_the_same_chunks(tmp_path: Path) -> None:
    w = _weights(tmp_path)
    kw = {"decisions": 1, "chunk": 6, "use_bearoff": False}
    generate(w, tmp_path / "one", 12, 4, jobs=1, **kw)  # type: ignore[arg-type]
    generate(w, tmp_path / "two", 12, 4, jobs=2, **kw)  # type: ignore[arg-type]
    for i in range(2):
        assert chunk_path(tmp_path / "one", i).read_bytes() == chunk_path(tmp_path / "two", i).read_bytes()


def test_generate_refuses_to_mix_runs_in_one_folder(tmp_path: Path) -> None:
    w = _weights(tmp_path)
    out = tmp_path / "run"
    generate(w, out, 5, 3, decisions=1, chunk=5, use_bearoff=False)
    with pytest.raises(DistillError, match=r"made differently .*seed 3, not 4"):
        generate(w, out, 5, 4, decisions=1, chunk=5, use_bearoff=False)
    with pytest.raises(DistillError, match="weights_sha256"):
        generate(_weights(tmp_path, seed=1), out, 5, 3, decisions=1, chunk=5, use_bearoff=False)


# --- fitting ------------------------------------------------------------------------------


def test_fit_brings_the_contact_net_towards_the_targets_and_leaves_the_race_net(tmp_path: Path) -> None:
    ev = NeuralEvaluator(tiny_nets(seed=1))  # the targets: another net's search
    chunks = [make_chunk(ev, spec(i, size=40)) for i in range(3)]
    nets = tiny_nets(seed=2)
    race = [p.copy() for p in nets.race.params()]
    report = fit(nets, chunks, epochs=30, lr=3e-3, batch=16, seed=0)
    assert report.rows + report.validation_rows == 120
    assert report.mse_after[-1] < 0.5 * report.mse_before
    assert all(np.array_equal(a, b) for a, b in zip(race, nets.race.params(), strict=True))


def test_fit_records_what_it_did_in_the_weights_notes(tmp_path: Path) -> None:
    chunks = [make_chunk(NeuralEvaluator(tiny_nets()), spec(i, size=20)) for i in range(2)]
    nets = tiny_nets()
    first = fit(nets, chunks, epochs=1, seed=0)
    fit(nets, chunks, epochs=2, lr=1e-4, seed=1)
    notes = nets.meta["distillations"]
    assert len(notes) == 2
    assert notes[0]["positions"] == first.rows and notes[0]["epochs"] == 1
    assert notes[1]["epochs"] == 2 and notes[1]["lr"] == 1e-4
    assert notes[0]["data"] == [
        {
            "seed": 5,
            "decisions": 1,
            "rollouts": 0,
            "truncate": 0,
            "explore": False,
            "sample": 0.5,
            "targets_from_sha256": "0" * 64,
        }
    ]
    assert nets.meta["distilled_positions"] == notes[0]["positions"] + notes[1]["positions"]
    assert nets.meta["method"].count(METHOD) == 1 and nets.meta["method"].startswith("TD(0)")
    assert len(notes[0]["validation_mse"]) == 2 and all(math.isfinite(m) for m in notes[0]["validation_mse"])
    # saved and loaded, the net says it was distilled, under a name no undistilled net has
    save_nets(tmp_path / "d.npz", nets)
    loaded = load_evaluator(tmp_path / "d.npz", bearoff=False).evaluator
    total = nets.meta["distilled_positions"]
    assert loaded.name == f"neural net (7 games, {total} distilled)"
    assert net_name(tiny_nets().meta) == "neural net (7 games)"


def test_fit_is_the_same_for_the_same_seed() -> None:
    chunks = [make_chunk(NeuralEvaluator(tiny_nets()), spec(i, size=15)) for i in range(2)]
    a, b = tiny_nets(seed=3), tiny_nets(seed=3)
    fit(a, chunks, epochs=2, seed=9)
    fit(b, chunks, epochs=2, seed=9)
    assert all(np.array_equal(x, y) for x, y in zip(a.contact.params(), b.contact.params(), strict=True))


def test_fit_holds_out_whole_chunks() -> None:
    chunks = [make_chunk(NeuralEvaluator(tiny_nets()), spec(i, size=10)) for i in range(10)]
    report = fit(tiny_nets(), chunks, epochs=1, validation=0.2, seed=4)
    assert (report.rows, report.validation_rows) == (80, 20)


def test_fit_refuses_a_single_chunk_as_nothing_would_be_left_to_measure_it() -> None:
    chunks = [make_chunk(NeuralEvaluator(tiny_nets()), spec(size=10))]
    with pytest.raises(DistillError, match="at least two chunks"):
        fit(tiny_nets(), chunks)


def test_fit_refuses_weights_with_a_crashed_net_as_it_fits_the_contact_net_alone() -> None:
    chunks = [make_chunk(NeuralEvaluator(tiny_nets()), spec(i, size=10)) for i in range(2)]
    nets = tiny_nets()
    nets.crashed = nets.contact.copy()
    with pytest.raises(DistillError, match="crashed net"):
        fit(nets, chunks)


def test_read_chunks_refuses_a_folder_without_chunks(tmp_path: Path) -> None:
    with pytest.raises(DistillError, match="no chunks of positions in"):
        read_chunks([tmp_path])


# --- command line --------------------------------------------------------------------------


def test_command_line_generates_then_fits_a_distilled_net(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    w = _weights(tmp_path)
    data, out = tmp_path / "data", tmp_path / "distilled.npz"
    args = ["generate", "--weights", str(w), "--out", str(data), "--positions", "16", "--chunk", "8"]
    assert main([*args, "--decisions", "1", "--no-bearoff", "--quiet"]) == 0
    assert "2 chunks made" in capsys.readouterr().out
    assert main(["fit", "--weights", str(w), "--data", str(data), "--out", str(out), "--epochs", "2"]) == 0
    printed = capsys.readouterr().out
    assert "epoch 2: validation MSE" in printed and f"wrote {out}" in printed
    assert load_nets(out).meta["distilled_positions"] > 0


def test_command_line_reports_missing_weights_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["generate", "--weights", str(tmp_path / "none.npz"), "--out", str(tmp_path / "d")]
    assert main([*args, "--positions", "4", "--no-bearoff", "--quiet"]) == 2
    assert "error: weights file not found" in capsys.readouterr().err


def test_command_line_reports_a_folder_without_chunks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    w = _weights(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["fit", "--weights", str(w), "--data", str(empty), "--out", str(tmp_path / "o.npz")]) == 2
    assert "error: no chunks of positions in" in capsys.readouterr().err


def test_fit_step_size_falls_to_lr_end_and_is_recorded() -> None:
    chunks = [make_chunk(NeuralEvaluator(tiny_nets()), spec(i, size=15)) for i in range(2)]
    constant, same, falling = tiny_nets(seed=3), tiny_nets(seed=3), tiny_nets(seed=3)
    fit(constant, chunks, epochs=2, lr=1e-3, seed=9)
    fit(same, chunks, epochs=2, lr=1e-3, lr_end=1e-3, seed=9)
    fit(falling, chunks, epochs=2, lr=1e-3, lr_end=1e-5, seed=9)
    a, b, c = (n.contact.w1 for n in (constant, same, falling))
    assert np.allclose(a, b) and not np.allclose(a, c)
    start = tiny_nets(seed=3).contact.w1
    assert np.abs(c - start).sum() < np.abs(a - start).sum()  # smaller steps, less distance travelled
    assert falling.meta["distillations"][0]["lr_end"] == 1e-5
