"""Choosing the evaluator (ai.evaluation.load): the net when its weights are sound, else the hand-made one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ai.evaluation.hand import HandEvaluator
from ai.evaluation.load import LoadedEvaluator, load_evaluator, weights_path
from ai.evaluation.network import NetSet, NeuralEvaluator, save_nets
from game.rules.position import START_CODE


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


def _best_move(evaluator: object, pid: str, dice: tuple[int, int]) -> str:
    from ai.evaluation.evaluator import equity, flip
    from game.rules.move import legal_moves
    from game.rules.position import Position, swap

    moves = legal_moves(Position.from_id(pid), dice)
    probs = flip(evaluator.evaluate([swap(m.after.code) for m in moves]))  # type: ignore[attr-defined]
    return str(moves[int(np.argmax(equity(probs)))])


def test_shipped_net_plays_the_standard_opening_31() -> None:
    loaded = load_evaluator()
    assert _best_move(loaded.evaluator, "4HPwATDgc/ABMA", (3, 1)) == "8/5 6/5"


def test_shipped_net_plays_the_standard_opening_42() -> None:
    loaded = load_evaluator()
    assert _best_move(loaded.evaluator, "4HPwATDgc/ABMA", (4, 2)) == "8/4 6/4"


def test_shipped_net_sees_a_big_race_lead() -> None:
    from game.rules.position import pack

    # a race: the side on roll has 5 checkers left (27 pips), the opponent all 15 (105 pips)
    mine = [0] * 25
    mine[4], mine[5] = 3, 2  # 3 on the 5 point, 2 on the 6 point
    theirs = [0] * 25
    theirs[5], theirs[8] = 10, 5
    p = load_evaluator().evaluator.evaluate([pack(mine, theirs)])
    assert p[0, 0] > 0.95
