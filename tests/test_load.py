"""Tests of choosing the evaluator (ai.load): the net when its weights are sound, else the hand-made one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ai.hand import HandEvaluator
from ai.load import LoadedEvaluator, load_evaluator, weights_path
from ai.network import NetSet, NeuralEvaluator, save_nets
from game.position import START_CODE


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path / "home"))


def test_missing_weights_fall_back_to_hand_evaluator_with_warning(tmp_path: Path) -> None:
    loaded = load_evaluator(tmp_path / "absent.npz")
    assert isinstance(loaded, LoadedEvaluator)
    assert isinstance(loaded.evaluator, HandEvaluator)
    assert loaded.warning is not None
    assert "not found" in loaded.warning and "hand-made" in loaded.warning


def test_damaged_weights_fall_back_with_warning(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    save_nets(path, NetSet.random(8, np.random.default_rng(0)))
    path.write_bytes(path.read_bytes()[:-10])
    loaded = load_evaluator(path)
    assert isinstance(loaded.evaluator, HandEvaluator)
    assert loaded.warning is not None and "damaged" in loaded.warning


def test_good_weights_load_the_net_without_warning(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    nets = NetSet.random(8, np.random.default_rng(0))
    nets.meta["trained_games"] = 42
    save_nets(path, nets)
    loaded = load_evaluator(path, bearoff=False)
    assert loaded.warning is None
    assert isinstance(loaded.evaluator, NeuralEvaluator)
    assert "42" in loaded.evaluator.name
    assert loaded.evaluator.evaluate([START_CODE]).shape == (1, 5)


def test_shipped_weights_load() -> None:
    if not weights_path().exists():
        pytest.fail(f"the shipped weights are missing: {weights_path()}")
    loaded = load_evaluator()
    assert loaded.warning is None, loaded.warning
    assert isinstance(loaded.evaluator, NeuralEvaluator)
