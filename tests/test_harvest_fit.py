"""Tests of fitting the contact net to the harvest's rollout targets (ai.training.harvest_fit)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ai.evaluation.features import crashed_mask, encode
from ai.evaluation.network import load_nets
from ai.training.harvest import DEFAULT_FOLDER, FIELDS, MANIFEST, load_shard, read_manifest
from ai.training.harvest_fit import anchor_rows, harvest_rows, main
from game.support.resources import asset_path

PER_SHARD = 1500


def small_harvest(folder: Path, shards: int) -> Path:
    """A harvest of ``shards`` shards, each the first positions of one of the repository's own."""
    folder.mkdir()
    listed = read_manifest(DEFAULT_FOLDER)["shards"][:shards]
    for entry in listed:
        arrays = load_shard(DEFAULT_FOLDER / entry["file"])
        np.savez(folder / entry["file"], **{k: arrays[k][:PER_SHARD] for k in FIELDS})
    (folder / MANIFEST).write_text(json.dumps({"shards": [{**e, "positions": PER_SHARD} for e in listed]}))
    return folder


def test_a_fit_to_the_harvest_lowers_the_held_out_error_and_notes_what_it_fitted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = small_harvest(tmp_path / "harvest", 4)
    out = tmp_path / "fitted.npz"
    args = ["--harvest", str(folder), "--out", str(out), "--epochs", "3", "--held", "1", "--lr", "3e-4"]
    assert main(args) == 0
    note = load_nets(out).meta["harvest_fits"][-1]
    before, *after = note["held_mse"]
    assert len(after) == 3 and after[-1] < before  # the rollouts' chances are nearer after the fit
    assert note["held_shards"] == 1 and note["source"] == "all" and note["epochs"] == 3
    rows = harvest_rows(folder, 1, 1)
    assert note["positions"] == int((~rows.held).sum()) and note["held_positions"] == int(rows.held.sum())
    assert "held-out MSE" in capsys.readouterr().out


def test_the_held_shards_stay_whole_whichever_source_is_fitted(tmp_path: Path) -> None:
    folder = small_harvest(tmp_path / "harvest", 3)
    every, records = harvest_rows(folder, 1, 5), harvest_rows(folder, 1, 5, source=1)
    assert records.held.sum() == every.held.sum() > 0
    assert 0 < (~records.held).sum() < (~every.held).sum()  # a quarter of the picks are real records'


def test_a_harvest_too_small_to_hold_shards_out_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = small_harvest(tmp_path / "harvest", 2)
    assert main(["--harvest", str(folder), "--out", str(tmp_path / "w.npz"), "--held", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "2 shards" in err and "needs more" in err
    assert not (tmp_path / "w.npz").exists()


def test_anchors_are_positions_of_self_play_valued_by_the_starting_net() -> None:
    nets = load_nets(asset_path("weights", "net.npz"))
    rows = anchor_rows(nets, 300, 2)
    assert 0 < len(rows.x) <= 300 and not rows.held.any()
    np.testing.assert_allclose(rows.y, nets.contact.forward(rows.x), atol=1e-6)
    assert rows.x.shape[1] == encode(np.zeros((1, 50), dtype=np.uint8)).shape[1]


def test_with_crashed_a_net_of_their_own_fits_the_crashed_positions_and_the_contact_net_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = small_harvest(tmp_path / "harvest", 4)
    out = tmp_path / "fitted.npz"
    args = ["--harvest", str(folder), "--out", str(out), "--epochs", "2", "--held", "1", "--crashed"]
    assert main(args) == 0
    shipped, fitted = load_nets(asset_path("weights", "net.npz")), load_nets(out)
    assert fitted.crashed is not None
    assert not np.array_equal(fitted.crashed.w1, shipped.contact.w1)  # started from it, then moved
    assert not np.array_equal(fitted.crashed.w1, fitted.contact.w1)
    rows = harvest_rows(folder, 1, 1)
    note = fitted.meta["harvest_fits"][-1]
    assert note["crashed_net"] is True
    assert note["crashed_positions"] == int((rows.crashed & ~rows.held).sum()) > 0
    assert note["positions"] == int((~rows.crashed & ~rows.held).sum())
    out_text = capsys.readouterr().out
    assert "crashed net: fitted" in out_text and "contact net: fitted" in out_text


def test_weights_with_a_crashed_net_are_fitted_by_both_nets_without_asking(tmp_path: Path) -> None:
    folder = small_harvest(tmp_path / "harvest", 4)
    first, second = tmp_path / "first.npz", tmp_path / "second.npz"
    base = ["--harvest", str(folder), "--epochs", "1", "--held", "1"]
    assert main([*base, "--out", str(first), "--crashed"]) == 0
    assert main([*base, "--out", str(second), "--weights", str(first)]) == 0
    once, twice = load_nets(first), load_nets(second)
    assert once.crashed is not None and twice.crashed is not None
    assert not np.array_equal(once.crashed.w1, twice.crashed.w1)
    assert twice.meta["harvest_fits"][-1]["crashed_net"] is True


def test_a_harvest_without_crashed_positions_in_its_held_shards_is_refused_for_a_crashed_net(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = small_harvest(tmp_path / "harvest", 3)
    for entry in read_manifest(folder)["shards"]:  # keep only the positions that have not crashed
        arrays = load_shard(folder / entry["file"])
        keep = ~crashed_mask(arrays["boards"])
        np.savez(folder / entry["file"], **{k: arrays[k][keep] for k in FIELDS})
    assert main(["--harvest", str(folder), "--out", str(tmp_path / "w.npz"), "--held", "1", "--crashed"]) == 2
    err = capsys.readouterr().err
    assert "0 crashed positions" in err and "too few to fit a crashed net" in err
    assert not (tmp_path / "w.npz").exists()


def test_anchors_of_a_crashed_position_are_valued_by_the_crashed_net() -> None:
    nets = load_nets(asset_path("weights", "net.npz"))
    nets.crashed = nets.contact.copy()
    nets.crashed.b2[:] -= 2.0
    rows = anchor_rows(nets, 2000, 3)
    assert rows.crashed.any() and not rows.crashed.all()
    np.testing.assert_allclose(rows.y[rows.crashed], nets.crashed.forward(rows.x[rows.crashed]), atol=1e-6)
    np.testing.assert_allclose(rows.y[~rows.crashed], nets.contact.forward(rows.x[~rows.crashed]), atol=1e-6)
