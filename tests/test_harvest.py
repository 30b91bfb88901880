"""The harvest (python -m ai.training.harvest): groups picked and rolled out, shards written whole,
listed in the manifest, resumed after a kill, and a signal that stops it with its shard written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from processes import descendants, is_running

from ai.evaluation.evaluator import boards, equity
from ai.search import position_values
from ai.training import harvest
from ai.training.harvest import (
    Group,
    HarvestError,
    HarvestSettings,
    Pending,
    harvest_group,
    load_pending,
    read_manifest,
    run,
    save_pending,
)

PROJECT = Path(__file__).resolve().parent.parent
WEIGHTS = PROJECT / "assets" / "weights" / "net.npz"
TINY = HarvestSettings(trials=2, truncate=1, group=3, pool=2)
"""Settings small enough for a test: three positions a group, from six candidates."""


@pytest.fixture(scope="module")
def evaluator() -> harvest.NeuralEvaluator:
    return harvest._evaluator(WEIGHTS)


def test_a_group_is_the_same_for_the_same_seed_and_index(evaluator: harvest.NeuralEvaluator) -> None:
    a = harvest_group(evaluator, TINY, 5, 2)
    b = harvest_group(evaluator, TINY, 5, 2)
    c = harvest_group(evaluator, TINY, 5, 3)
    assert (a.boards == b.boards).all() and (a.probs == b.probs).all() and (a.se == b.se).all()
    assert not (a.boards.shape == c.boards.shape and (a.boards == c.boards).all())


def test_a_group_holds_probabilities_with_standard_errors(evaluator: harvest.NeuralEvaluator) -> None:
    g = harvest_group(evaluator, TINY, 1, 0)
    assert g.boards.shape == (3, 50) and g.probs.shape == (3, 5) and g.se.shape == (3, 5)
    assert ((g.probs >= 0) & (g.probs <= 1)).all()
    assert (g.probs[:, 1] <= g.probs[:, 0] + 1e-6).all() and (g.probs[:, 3] <= 1 - g.probs[:, 0] + 1e-6).all()
    assert (g.se >= 0).all() and np.isfinite(g.se).all()
    assert (g.boards.reshape(3, 2, 25).sum(axis=2) <= 15).all()


def test_a_group_keeps_the_candidates_where_depth_one_and_depth_three_disagree_most(
    evaluator: harvest.NeuralEvaluator,
) -> None:
    """With every candidate from the records, the kept ones are the records' positions with the
    largest gap between the net alone and its depth-3 search, counted here independently."""
    met = harvest.met_positions(evaluator, np.random.default_rng(2), 8, 0.2, True)
    records = list(dict.fromkeys(c for codes, _ in met for c in codes))[:8]
    settings = HarvestSettings(trials=2, truncate=1, group=2, pool=4, record_share=1.0)
    g = harvest_group(evaluator, settings, 9, 0, records)
    static = equity(evaluator.evaluate(records))
    gaps = np.abs(static - equity(position_values(records, 2, evaluator)))
    best = np.argsort(-gaps)[:2]
    assert {bytes(b) for b in g.boards} == {bytes(b) for b in boards([records[i] for i in best])}
    assert sorted(g.gap.tolist()) == pytest.approx(sorted(gaps[best].tolist()), abs=1e-6)
    assert g.source.tolist() == [1, 1]


def test_a_record_slice_uses_every_position_once_before_any_again() -> None:
    records = list(range(10))
    seen = [c for i in range(5) for c in harvest._record_slice(records, 3, i, 2)]
    assert sorted(seen) == records


def test_a_run_writes_a_shard_and_names_it_in_the_manifest(tmp_path: Path) -> None:
    report = run(tmp_path, WEIGHTS, positions=6, settings=TINY)
    assert report.positions == 6 and report.shards == ("shard-000001.npz",)
    entry = read_manifest(tmp_path)["shards"][0]
    assert set(entry) == {"file", "positions", "settings", "net", "seed", "made"}
    assert entry["positions"] == 6 and entry["seed"] == 1 and entry["settings"]["trials"] == 2
    assert entry["net"]["sha256"] == harvest.file_sha256(WEIGHTS)
    shard = harvest.load_shard(tmp_path / entry["file"])
    assert shard["boards"].shape == (6, 50) and shard["probs"].shape == (6, 5)
    assert not (tmp_path / harvest.PENDING).exists()
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_the_next_run_draws_a_new_seed(tmp_path: Path) -> None:
    run(tmp_path, WEIGHTS, positions=3, settings=TINY)
    run(tmp_path, WEIGHTS, positions=3, settings=TINY)
    seeds = [s["seed"] for s in read_manifest(tmp_path)["shards"]]
    assert seeds == [1, 2]
    with pytest.raises(HarvestError, match="seed 1"):
        run(tmp_path, WEIGHTS, positions=3, settings=TINY, seed=1)


def test_a_drawn_seed_stays_below_the_seeds_given_to_runs_elsewhere(tmp_path: Path) -> None:
    run(tmp_path, WEIGHTS, positions=3, settings=TINY, seed=harvest.GIVEN_SEEDS + 100)
    assert harvest.next_seed(tmp_path) == 1
    run(tmp_path, WEIGHTS, positions=3, settings=TINY)
    run(tmp_path, WEIGHTS, positions=3, settings=TINY, seed=harvest.GIVEN_SEEDS - 1)
    assert harvest.next_seed(tmp_path) == harvest.GIVEN_SEEDS + 101  # the drawn ones reached the given
    seeds = [s["seed"] for s in read_manifest(tmp_path)["shards"]]
    assert seeds == [harvest.GIVEN_SEEDS + 100, 1, harvest.GIVEN_SEEDS - 1]


def test_a_run_stopped_by_its_caller_writes_what_it_has(tmp_path: Path) -> None:
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return (tmp_path / harvest.PENDING).exists()

    report = run(tmp_path, WEIGHTS, settings=TINY, should_stop=stop)
    assert report.positions >= 3 and len(report.shards) == 1
    assert read_manifest(tmp_path)["shards"][0]["positions"] == report.positions


def test_pending_groups_of_a_killed_run_are_resumed(
    tmp_path: Path, evaluator: harvest.NeuralEvaluator
) -> None:
    net = {"name": harvest.net_name(harvest.load_nets(WEIGHTS).meta), "sha256": harvest.file_sha256(WEIGHTS)}
    done = harvest_group(evaluator, TINY, 4, 0)
    save_pending(tmp_path, Pending(4, TINY, net, (done,)))
    report = run(tmp_path, WEIGHTS, positions=3, settings=TINY)
    entry = read_manifest(tmp_path)["shards"][0]
    assert entry["seed"] == 4 and entry["positions"] == 6 and report.positions == 3
    with np.load(tmp_path / entry["file"]) as z:
        assert sorted(z["groups"].tolist()) == [0, 1]


def test_pending_groups_made_otherwise_become_a_shard_of_their_own(
    tmp_path: Path, evaluator: harvest.NeuralEvaluator
) -> None:
    other = HarvestSettings(trials=3, truncate=1, group=3, pool=2)
    net = {"name": "x", "sha256": harvest.file_sha256(WEIGHTS)}
    save_pending(tmp_path, Pending(7, other, net, (harvest_group(evaluator, other, 7, 0),)))
    run(tmp_path, WEIGHTS, positions=3, settings=TINY)
    shards = read_manifest(tmp_path)["shards"]
    assert [(s["seed"], s["settings"]["trials"]) for s in shards] == [(7, 3), (8, 2)]


def test_a_full_shard_is_written_and_a_new_stream_begins(tmp_path: Path) -> None:
    report = run(tmp_path, WEIGHTS, positions=12, settings=TINY, shard_positions=6, jobs=1)
    shards = read_manifest(tmp_path)["shards"]
    assert len(report.shards) >= 2 and sum(s["positions"] for s in shards) == report.positions
    assert len({s["seed"] for s in shards}) == len(shards)


def test_a_damaged_pending_file_is_refused_with_a_reason(tmp_path: Path) -> None:
    (tmp_path / harvest.PENDING).write_bytes(b"not numpy")
    with pytest.raises(HarvestError, match="damaged"):
        load_pending(tmp_path)


def test_a_damaged_manifest_is_refused_with_a_reason(tmp_path: Path) -> None:
    (tmp_path / harvest.MANIFEST).write_text("{", encoding="utf-8")
    with pytest.raises(HarvestError, match="cannot be read"):
        read_manifest(tmp_path)


def test_pending_groups_round_trip(tmp_path: Path) -> None:
    g = Group(
        3,
        1,
        np.zeros((2, 50), np.uint8),
        np.full((2, 5), 0.25, np.float32),
        np.full((2, 5), 0.01, np.float32),
        np.array([0, 1], np.uint8),
        np.array([0.1, 0.2], np.float32),
    )
    save_pending(tmp_path, Pending(3, TINY, {"name": "n", "sha256": "s"}, (g, g)))
    back = load_pending(tmp_path)
    assert back is not None and back.positions == 4 and back.seed == 3 and back.settings == TINY
    assert [x.index for x in back.groups] == [1, 1] and (back.groups[1].gap == g.gap).all()


def test_pending_groups_made_before_the_depth_was_stored_resume_as_depth_one(tmp_path: Path) -> None:
    """Shards and pending groups before session 64 were played at depth 1 and did not say so: read
    as depth 1, whatever the default becomes."""
    probs, se = np.full((1, 5), 0.25, np.float32), np.full((1, 5), 0.01, np.float32)
    source, gap = np.array([0], np.uint8), np.array([0.1], np.float32)
    g = Group(5, 0, np.zeros((1, 50), np.uint8), probs, se, source, gap)
    deep = HarvestSettings(trials=2, truncate=1, group=3, pool=2, depth=2)
    save_pending(tmp_path, Pending(5, deep, {"name": "n", "sha256": "s"}, (g,)))
    path = tmp_path / harvest.PENDING
    with np.load(path, allow_pickle=False) as z:
        arrays = {name: z[name] for name in z.files}
    meta = json.loads(str(arrays["meta"]))
    assert meta["settings"]["depth"] == 2
    del meta["settings"]["depth"]
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(path, **arrays)  # as an older harvester wrote it
    back = load_pending(tmp_path)
    assert back is not None and back.settings.depth == 1


def test_the_play_inside_the_rollouts_is_at_the_settings_depth(
    tmp_path: Path, evaluator: harvest.NeuralEvaluator
) -> None:
    shallow = HarvestSettings(trials=36, truncate=2, group=3, pool=2, depth=1)
    deep = HarvestSettings(trials=36, truncate=2, group=3, pool=2, depth=2)
    one, two = harvest_group(evaluator, shallow, 9, 0), harvest_group(evaluator, deep, 9, 0)
    assert (one.boards == two.boards).all()  # the same positions, rolled out with other play
    assert not np.allclose(one.probs, two.probs)
    run(
        tmp_path,
        WEIGHTS,
        positions=3,
        settings=HarvestSettings(trials=2, truncate=1, group=3, pool=2, depth=2),
    )
    assert read_manifest(tmp_path)["shards"][0]["settings"]["depth"] == 2


def test_sigterm_stops_the_harvester_with_its_shard_written_and_no_process_left(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    tiny = ["--trials", "2", "--truncate", "1", "--group", "3", "--pool", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "ai.training.harvest", "run", "--out", str(tmp_path), "--records", "", *tiny],
        cwd=PROJECT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 300
    line = ""
    while time.monotonic() < deadline and not line.startswith("group"):
        line = proc.stdout.readline()
        assert line or proc.poll() is None, "the harvester ended before its first group"
    below = descendants(proc.pid)
    proc.send_signal(signal.SIGTERM)
    rest, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, rest
    assert "shards written: shard-000001.npz" in rest
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["shards"][0]["positions"] >= 3
    assert not (tmp_path / harvest.PENDING).exists()
    assert below
    deadline = time.monotonic() + 30  # the pool's helper ends once it sees its parent gone
    while [p for p in below if is_running(p)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in below if is_running(p)]
