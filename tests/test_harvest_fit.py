"""Tests of fitting the contact net to the harvest's rollout targets (ai.training.harvest_fit)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ai.evaluation.features import encode
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
