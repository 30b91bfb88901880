"""Tests of the evaluation network and its weights files (ai.evaluation.network)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import side

from ai.evaluation.evaluator import boards, equity
from ai.evaluation.features import N_INPUTS, encode
from ai.evaluation.network import (
    FORMAT_VERSION,
    MLP,
    SPARSE_ROWS,
    NetSet,
    NetworkError,
    NeuralEvaluator,
    checksum_path,
    consistent,
    load_nets,
    nets_to_bytes,
    save_nets,
)
from game.rules.movegen import results
from game.rules.position import START_CODE, pack, swap


@pytest.fixture
def nets() -> NetSet:
    return NetSet.random(16, np.random.default_rng(5))


def test_forward_is_batched_and_in_range(nets: NetSet) -> None:
    x = np.random.default_rng(1).random((7, N_INPUTS), dtype=np.float32)
    out = nets.contact.forward(x)
    assert out.shape == (7, 5)
    assert ((out > 0) & (out < 1)).all()
    # the batch gives the same answer as one at a time
    one = np.concatenate([nets.contact.forward(x[i : i + 1]) for i in range(7)])
    assert np.allclose(out, one, atol=1e-6)


def test_a_batch_multiplying_only_the_inputs_in_use_gives_the_full_product() -> None:
    """Boards of a search's batch set a few of the inputs; :meth:`MLP.forward` leaves the rest out."""
    net = MLP.random(64, np.random.default_rng(3))
    codes = [START_CODE]
    for dice in ((3, 1), (6, 4), (5, 5), (2, 1)):
        codes += [swap(c) for c in results(codes[-1], *dice)]
    x = encode(boards(codes))
    assert len(x) >= SPARSE_ROWS and not x.any(axis=0).all()  # some inputs are unused: the short path
    full = net.forward_hidden(x)[1]
    assert np.allclose(net.forward(x), full, atol=1e-6)
    dense = np.random.default_rng(2).random((SPARSE_ROWS + 3, N_INPUTS), dtype=np.float32)
    assert np.allclose(net.forward(dense), net.forward_hidden(dense)[1], atol=1e-6)  # every input used


def test_consistent_keeps_gammons_within_wins() -> None:
    p = consistent(np.array([[0.3, 0.5, 0.6, 0.9, 0.95]]))
    win, wg, wbg, lg, lbg = p[0]
    assert wg <= win and wbg <= wg
    assert lg <= 1 - win and lbg <= lg


def test_evaluator_returns_probabilities_for_codes(nets: NetSet) -> None:
    ev = NeuralEvaluator(nets)
    codes = [START_CODE, swap(START_CODE), pack(side({1: 2, 2: 3}), side({20: 2, 6: 3}))]
    p = ev.evaluate(codes)
    assert p.shape == (3, 5) and p.dtype == np.float64
    assert np.isfinite(equity(p)).all()
    assert ev.evaluate([]).shape == (0, 5)


def test_no_gammon_once_the_loser_has_borne_off(nets: NetSet) -> None:
    # the opponent has 14 checkers on the board: one is off, it cannot be gammoned
    p = NeuralEvaluator(nets).evaluate([pack(side({6: 15}), side({24: 2, 6: 12}))])
    assert p[0, 1] == 0.0 and p[0, 2] == 0.0


def test_race_and_contact_positions_use_different_nets(nets: NetSet) -> None:
    race = pack(side({1: 5, 2: 5}), side({1: 5, 2: 5}))
    before = NeuralEvaluator(nets).evaluate([race, START_CODE])
    nets.race.b2[:] += 3.0
    after = NeuralEvaluator(nets).evaluate([race, START_CODE])
    assert not np.allclose(before[0], after[0])
    assert np.allclose(before[1], after[1])


CRUNCHED = pack(side({1: 6, 2: 5, 8: 2, 13: 2}), side({24: 2, 13: 5, 8: 3, 6: 5}))
"""Contact, and the side on roll has four checkers in play outside its 1 and 2 points: crashed."""
ONE_MORE = pack(side({1: 5, 2: 3, 8: 2, 13: 2, 20: 3}), side({24: 2, 13: 5, 8: 3, 6: 5}))
"""Contact with seven checkers in play outside the 1 and 2 points: not crashed."""


def test_a_crashed_net_answers_crashed_positions_and_only_them(nets: NetSet) -> None:
    race = pack(side({1: 5, 2: 5}), side({1: 5, 2: 5}))
    codes = [CRUNCHED, ONE_MORE, START_CODE, race]
    before = NeuralEvaluator(nets).evaluate(codes)
    nets.crashed = nets.contact.copy()
    assert np.array_equal(NeuralEvaluator(nets).evaluate(codes), before)  # a copy answers the same
    nets.crashed.b2[:] -= 3.0
    after = NeuralEvaluator(nets).evaluate(codes)
    assert after[0, 0] < before[0, 0] - 0.1
    assert np.array_equal(after[1:], before[1:])


def test_the_opponent_crashed_routes_to_the_crashed_net_too(nets: NetSet) -> None:
    nets.crashed = nets.contact.copy()
    nets.crashed.b2[:] -= 3.0
    theirs = swap(CRUNCHED)
    assert NeuralEvaluator(nets).evaluate([theirs])[0, 0] != pytest.approx(
        NeuralEvaluator(NetSet(nets.contact, nets.race)).evaluate([theirs])[0, 0]
    )


def test_a_crashed_net_is_saved_and_loaded_and_a_file_without_one_has_none(
    tmp_path: Path, nets: NetSet
) -> None:
    save_nets(tmp_path / "two.npz", nets)
    assert load_nets(tmp_path / "two.npz").crashed is None
    nets.crashed = MLP.random(8, np.random.default_rng(4))
    save_nets(tmp_path / "three.npz", nets)
    loaded = load_nets(tmp_path / "three.npz")
    assert loaded.kinds() == ("contact", "race", "crashed")
    assert loaded.crashed is not None and loaded.crashed.hidden == 8
    for a, b in zip(nets.crashed.params(), loaded.crashed.params(), strict=True):
        assert np.array_equal(a, b)


def test_a_crashed_net_of_the_wrong_shape_is_refused_by_name(tmp_path: Path, nets: NetSet) -> None:
    nets.crashed = MLP.random(8, np.random.default_rng(4), n_inputs=N_INPUTS - 1)
    save_nets(tmp_path / "bad.npz", nets)
    with pytest.raises(NetworkError, match="crashed net's arrays have inconsistent shapes"):
        load_nets(tmp_path / "bad.npz")


def test_save_and_load_round_trip(tmp_path: Path, nets: NetSet) -> None:
    nets.meta["trained_games"] = 12
    path = tmp_path / "w" / "net.npz"
    digest = save_nets(path, nets)
    assert checksum_path(path).read_text().split()[0] == digest
    loaded = load_nets(path)
    for kind in ("contact", "race"):
        for a, b in zip(nets.net(kind).params(), loaded.net(kind).params(), strict=True):
            assert np.array_equal(a, b)
    assert loaded.meta["trained_games"] == 12
    assert loaded.meta["format_version"] == FORMAT_VERSION


def test_missing_weights_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(NetworkError, match="not found"):
        load_nets(tmp_path / "nope.npz")


def test_missing_checksum_is_a_clear_error(tmp_path: Path, nets: NetSet) -> None:
    path = tmp_path / "net.npz"
    save_nets(path, nets)
    checksum_path(path).unlink()
    with pytest.raises(NetworkError, match="checksum"):
        load_nets(path)


def test_damaged_weights_file_is_detected(tmp_path: Path, nets: NetSet) -> None:
    path = tmp_path / "net.npz"
    save_nets(path, nets)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(NetworkError, match="damaged"):
        load_nets(path)


def _write_with_meta(path: Path, nets: NetSet, **changes: object) -> None:
    """A file whose meta was edited, with a matching checksum (so only the version check can refuse it)."""
    import hashlib
    import io

    data = nets_to_bytes(nets)
    with np.load(io.BytesIO(data)) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(str(arrays["meta"]))
    meta.update(changes)
    arrays["meta"] = np.array(json.dumps(meta))
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    path.write_bytes(buf.getvalue())
    checksum_path(path).write_text(hashlib.sha256(buf.getvalue()).hexdigest() + "\n")


def test_wrong_format_version_is_refused(tmp_path: Path, nets: NetSet) -> None:
    path = tmp_path / "net.npz"
    _write_with_meta(path, nets, format_version=FORMAT_VERSION + 1)
    with pytest.raises(NetworkError, match="format version"):
        load_nets(path)


def test_wrong_feature_version_is_refused(tmp_path: Path, nets: NetSet) -> None:
    path = tmp_path / "net.npz"
    _write_with_meta(path, nets, feature_version=0)
    with pytest.raises(NetworkError, match="features"):
        load_nets(path)


def test_not_an_archive_is_refused(tmp_path: Path) -> None:
    import hashlib

    path = tmp_path / "net.npz"
    path.write_bytes(b"hello")
    checksum_path(path).write_text(hashlib.sha256(b"hello").hexdigest())
    with pytest.raises(NetworkError, match="not a readable"):
        load_nets(path)


def test_mlp_copy_is_independent() -> None:
    net = MLP.random(4, np.random.default_rng(0))
    other = net.copy()
    other.w1[0, 0] += 1.0
    assert net.w1[0, 0] != other.w1[0, 0]


def test_evaluate_accepts_boards_array(nets: NetSet) -> None:
    ev = NeuralEvaluator(nets)
    assert np.allclose(ev.evaluate([START_CODE]), ev.evaluate_boards(boards([START_CODE])))
