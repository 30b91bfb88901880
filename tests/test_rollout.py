"""Tests of rollouts by the net's own play (ai.training.rollout), targets of `distill generate --rollouts`
(plain, and with `--truncate` the game's rollouts with variance reduction, cut after a few plies)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from helpers import side

from ai.evaluation.load import load_evaluator
from ai.evaluation.network import NetSet, NeuralEvaluator, save_nets
from ai.filters import UNLIMITED, Filters
from ai.search import position_values
from ai.training.distill import (
    METHOD,
    ROLLOUT_METHOD,
    ChunkSpec,
    DistillError,
    chunk_path,
    fit,
    generate,
    load_chunk,
    main,
)
from ai.training.rollout import rollout_values, truncated_rollout_values
from game.rules.position import START_CODE, is_race, pack


@pytest.fixture(scope="module")
def shipped() -> NeuralEvaluator:
    ev = load_evaluator().evaluator
    assert isinstance(ev, NeuralEvaluator)
    return ev


def test_a_last_checker_borne_off_is_a_backgammon_win_for_the_side_on_roll(shipped: NeuralEvaluator) -> None:
    """One checker on the ace point: any roll bears it off; the opponent has all 15 in our home board."""
    code = pack(side({1: 1}), side({19: 15}))
    v = rollout_values([code], 8, shipped, np.random.default_rng(1))
    assert v.tolist() == [[1.0, 1.0, 1.0, 0.0, 0.0]]


def test_a_race_lost_at_the_opponents_next_roll_is_a_single_loss(shipped: NeuralEvaluator) -> None:
    """After our move it is a race the opponent wins with any roll (bear-off database), and we have ten
    off: stopped at the race and valued from the opponent's side, then turned to ours."""
    code = pack(side({6: 5}), side({1: 1}))
    assert is_race(code)
    v = rollout_values([code], 8, shipped, np.random.default_rng(1))
    assert np.allclose(v, [[0.0, 0.0, 0.0, 0.0, 0.0]])


def test_rollouts_are_probabilities_and_the_same_for_the_same_dice(shipped: NeuralEvaluator) -> None:
    codes = [START_CODE, pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 4, 20: 1, 24: 2}))]
    a = rollout_values(codes, 6, shipped, np.random.default_rng(3))
    b = rollout_values(codes, 6, shipped, np.random.default_rng(3))
    c = rollout_values(codes, 6, shipped, np.random.default_rng(4))
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert a.shape == (2, 5) and (a >= 0).all() and (a <= 1).all()
    assert (a[:, 1] <= a[:, 0] + 1e-12).all() and (a[:, 3] <= 1 - a[:, 0] + 1e-12).all()
    assert (a[:, 2] <= a[:, 1]).all() and (a[:, 4] <= a[:, 3]).all()


def test_rollouts_agree_with_the_net_where_it_is_right_and_correct_it_where_it_is_not(
    shipped: NeuralEvaluator,
) -> None:
    """The opening position is about even (the side on roll has no edge until it rolls); a crunched
    late-contact position (GNU Backgammon ID /npBAAH/PgAKAA) that the net overrates (0.756; GNU
    Backgammon has 0.711) plays out below the net's own value."""
    start = rollout_values([START_CODE], 300, shipped, np.random.default_rng(5))[0]
    assert abs(start[0] - 0.5) < 0.07
    crunched = pack(side({1: 8, 2: 5, 13: 1, 14: 1}), side({2: 7, 3: 1, 4: 4, 5: 1, 10: 1, 19: 1}))
    static = np.asarray(shipped.evaluate([crunched]))[0, 0]
    played = rollout_values([crunched], 3000, shipped, np.random.default_rng(6))[0, 0]
    assert static - played > 0.01


def test_generate_with_rollouts_records_them_and_refuses_to_mix_with_search_values(tmp_path: Path) -> None:
    w = tmp_path / "w.npz"
    save_nets(w, NetSet.random(8, np.random.default_rng(0)))
    generate(w, tmp_path / "run", 6, 2, rollouts=3, chunk=6, use_bearoff=False)
    chunk = load_chunk(chunk_path(tmp_path / "run", 0))
    assert chunk.spec.rollouts == 3 and chunk.targets.shape == (6, 5)
    with pytest.raises(Exception, match="rollouts 3, not 0"):
        generate(w, tmp_path / "run", 6, 2, chunk=6, use_bearoff=False)


def test_explore_meets_other_positions_and_is_recorded(tmp_path: Path) -> None:
    w = tmp_path / "w.npz"
    save_nets(w, NetSet.random(8, np.random.default_rng(0)))
    generate(w, tmp_path / "greedy", 20, 2, rollouts=2, chunk=20, use_bearoff=False)
    generate(w, tmp_path / "noisy", 20, 2, rollouts=2, explore=True, chunk=20, use_bearoff=False)
    greedy, noisy = (load_chunk(chunk_path(tmp_path / d, 0)) for d in ("greedy", "noisy"))
    assert noisy.spec.explore and not greedy.spec.explore
    assert not np.array_equal(greedy.boards, noisy.boards)
    with pytest.raises(Exception, match="explore True, not False"):
        generate(w, tmp_path / "noisy", 20, 2, rollouts=2, chunk=20, use_bearoff=False)


def test_a_fit_to_rollouts_says_so_in_the_weights_notes(tmp_path: Path) -> None:
    w = tmp_path / "w.npz"
    save_nets(w, NetSet.random(8, np.random.default_rng(0)))
    generate(w, tmp_path / "run", 20, 2, rollouts=2, explore=True, chunk=10, use_bearoff=False)
    nets = NetSet.random(8, np.random.default_rng(0))
    nets.meta["method"] = "TD(0) self-play"
    fit(nets, [load_chunk(chunk_path(tmp_path / "run", i)) for i in range(2)], epochs=1, seed=0)
    assert ROLLOUT_METHOD in nets.meta["method"] and METHOD not in nets.meta["method"]
    assert nets.meta["distillations"][0]["data"][0]["rollouts"] == 2
    assert nets.meta["distillations"][0]["data"][0]["explore"] is True


# --- truncated rollouts with variance reduction ------------------------------------------------

MIDGAME = pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 4, 20: 1, 24: 2}))


def consistent_probabilities(a: np.ndarray) -> bool:
    return bool(
        (a >= 0).all()
        and (a <= 1).all()
        and (a[:, 1] <= a[:, 0]).all()
        and (a[:, 2] <= a[:, 1]).all()
        and (a[:, 3] <= 1 - a[:, 0] + 1e-12).all()
        and (a[:, 4] <= a[:, 3]).all()
    )


def test_a_rollout_cut_after_one_ply_is_every_rolls_best_result_averaged_whatever_the_dice(
    shipped: NeuralEvaluator,
) -> None:
    """Cut after the first roll, a game's value less its luck is the 21 rolls' average of the best
    result by the evaluation (Q(S, 1), the search unpruned), so every seed gives it."""
    codes = [START_CODE, MIDGAME]
    want = position_values(codes, 1, shipped, filters=Filters(prune=UNLIMITED))
    for seed in (1, 2):
        assert np.allclose(truncated_rollout_values(codes, 36, 1, shipped, seed), want, atol=1e-4)


def test_truncated_rollouts_are_probabilities_and_the_same_for_the_same_seed(
    shipped: NeuralEvaluator,
) -> None:
    codes = [START_CODE, MIDGAME]
    a = truncated_rollout_values(codes, 36, 4, shipped, 3)
    b = truncated_rollout_values(codes, 36, 4, shipped, 3)
    c = truncated_rollout_values(codes, 36, 4, shipped, 4)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert a.shape == (2, 5) and consistent_probabilities(a)


@pytest.mark.parametrize(("trials", "truncate"), [(0, 4), (36, 0)])
def test_truncated_rollouts_refuse_no_trials_or_no_plies(
    shipped: NeuralEvaluator, trials: int, truncate: int
) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        truncated_rollout_values([START_CODE], trials, truncate, shipped, 1)


def test_generate_with_truncated_rollouts_records_the_cut_and_refuses_another(tmp_path: Path) -> None:
    w = tmp_path / "w.npz"
    save_nets(w, NetSet.random(8, np.random.default_rng(0)))
    generate(w, tmp_path / "run", 6, 2, rollouts=36, truncate=2, chunk=6, use_bearoff=False)
    chunk = load_chunk(chunk_path(tmp_path / "run", 0))
    assert (chunk.spec.rollouts, chunk.spec.truncate) == (36, 2)
    assert chunk.targets.shape == (6, 5) and consistent_probabilities(chunk.targets.astype(np.float64))
    with pytest.raises(DistillError, match="truncate 2, not 3"):
        generate(w, tmp_path / "run", 6, 2, rollouts=36, truncate=3, chunk=6, use_bearoff=False)
    nets = NetSet.random(8, np.random.default_rng(0))
    generate(w, tmp_path / "run", 12, 2, rollouts=36, truncate=2, chunk=6, use_bearoff=False)
    fit(nets, [load_chunk(chunk_path(tmp_path / "run", i)) for i in range(2)], epochs=1, seed=0)
    assert nets.meta["distillations"][0]["data"][0]["truncate"] == 2


def test_a_cut_without_rollouts_is_refused() -> None:
    with pytest.raises(DistillError, match="needs rollouts"):
        ChunkSpec(1, 0, 10, 2, 0.5, "0" * 64, rollouts=0, truncate=5)


def test_command_line_refuses_truncate_without_rollouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    w = tmp_path / "w.npz"
    save_nets(w, NetSet.random(8, np.random.default_rng(0)))
    with pytest.raises(SystemExit) as exc:
        main(
            [
                "generate",
                "--weights",
                str(w),
                "--out",
                str(tmp_path / "o"),
                "--positions",
                "5",
                "--truncate",
                "3",
            ]
        )
    assert exc.value.code == 2
    assert "--truncate needs --rollouts" in capsys.readouterr().err
