"""Tests of self-play TD training (ai.training.train): tiny runs, reproducible from seed and checkpoint."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest
from helpers import side
from naive_reference import varied_positions

from ai.evaluation.evaluator import Boards, Evaluator, Probs, boards, flip, turned, won_probs
from ai.evaluation.features import N_INPUTS
from ai.evaluation.hand import HandEvaluator
from ai.evaluation.network import MLP, NetSet, NetworkError, load_nets, save_nets
from ai.training.train import (
    EXPLORE_NOISE,
    Adam,
    TrainConfig,
    Trainer,
    choose,
    gradients,
    main,
    play_match,
    points,
)
from game.rules.position import pack, swap


def tiny(games: int = 6, seed: int = 3) -> TrainConfig:
    return TrainConfig(games=games, seed=seed, hidden=8, batch=3, bench_every=0)


def run_to_end(t: Trainer) -> None:
    for _ in range(100000):
        if t.games_done >= t.config.games:
            return
        t.step()
    raise AssertionError("training did not finish")


def weights(nets: NetSet) -> list[np.ndarray]:
    return [p.copy() for kind in ("contact", "race") for p in nets.net(kind).params()]


def test_terminal_single_win() -> None:
    # the mover is off; the opponent has borne off 1 checker
    p = won_probs(pack(side({}), side({6: 14})))
    assert p.tolist() == [1.0, 0.0, 0.0, 0.0, 0.0] and points(p) == 1.0


def test_terminal_gammon() -> None:
    p = won_probs(pack(side({}), side({6: 15})))
    assert p.tolist() == [1.0, 1.0, 0.0, 0.0, 0.0] and points(p) == 2.0


def test_terminal_backgammon_with_checker_in_winners_home() -> None:
    p = won_probs(pack(side({}), side({6: 14, 20: 1})))
    assert p.tolist() == [1.0, 1.0, 1.0, 0.0, 0.0] and points(p) == 3.0


def test_terminal_backgammon_with_checker_on_bar() -> None:
    p = won_probs(pack(side({}), side({6: 14}, bar=1)))
    assert p[2] == 1.0


def test_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(0)
    net = MLP.random(5, rng)
    net.w1 = net.w1.astype(np.float64)  # type: ignore[assignment]
    net.b1 = net.b1.astype(np.float64)  # type: ignore[assignment]
    net.w2 = net.w2.astype(np.float64)  # type: ignore[assignment]
    net.b2 = net.b2.astype(np.float64)  # type: ignore[assignment]
    x = rng.random((4, N_INPUTS))
    target = rng.random((4, 5))

    def loss() -> float:
        _, out = net.forward_hidden(x)  # type: ignore[arg-type]
        out = out.astype(np.float64)
        return float(-np.mean(np.sum(target * np.log(out) + (1 - target) * np.log(1 - out), axis=1)))

    grads, _ = gradients(net, x, target)  # type: ignore[arg-type]
    cases: list[tuple[np.ndarray, np.ndarray, tuple[int, ...]]] = [
        (net.w2, grads[2], (3, 1)),
        (net.w1, grads[0], (10, 2)),
        (net.b2, grads[3], (4,)),
        (net.b1, grads[1], (2,)),
    ]
    for p, g, idx in cases:
        old = p[idx]
        p[idx] = old + 1e-3
        up = loss()
        p[idx] = old - 1e-3
        down = loss()
        p[idx] = old
        # float32 forward pass: a loose tolerance
        assert g[idx] == pytest.approx((up - down) / 2e-3, rel=0.05, abs=1e-4)


def test_adam_steps_reduce_the_error_on_a_fixed_batch() -> None:
    rng = np.random.default_rng(1)
    net = MLP.random(8, rng)
    x = rng.random((32, N_INPUTS), dtype=np.float32)
    target = (rng.random((32, 5)) > 0.5).astype(np.float32)
    adam = Adam.zeros_like(net.params())
    _, first = gradients(net, x, target)
    for _ in range(200):
        grads, _ = gradients(net, x, target)
        adam.step(net.params(), grads, 1e-2)
    _, last = gradients(net, x, target)
    assert last < 0.5 * first


def test_tiny_run_changes_the_weights_and_tracks_the_error() -> None:
    t = Trainer.fresh(tiny())
    before = weights(t.nets)
    run_to_end(t)
    assert t.games_done == 6
    assert t.positions > 6 * 10
    assert np.isfinite(t.loss_avg)
    after = weights(t.nets)
    assert any(not np.array_equal(a, b) for a, b in zip(before, after, strict=True))


def test_same_seed_reproduces_the_run() -> None:
    a, b = Trainer.fresh(tiny(seed=9)), Trainer.fresh(tiny(seed=9))
    run_to_end(a)
    run_to_end(b)
    assert a.positions == b.positions
    for x, y in zip(weights(a.nets), weights(b.nets), strict=True):
        assert np.array_equal(x, y)


def test_other_seed_gives_another_run() -> None:
    a, b = Trainer.fresh(tiny(seed=9)), Trainer.fresh(tiny(seed=10))
    run_to_end(a)
    run_to_end(b)
    assert any(not np.array_equal(x, y) for x, y in zip(weights(a.nets), weights(b.nets), strict=True))


def test_resume_from_checkpoint_reproduces_the_run(tmp_path: Path) -> None:
    whole = Trainer.fresh(tiny(seed=4))
    run_to_end(whole)
    part = Trainer.fresh(tiny(seed=4))
    for _ in range(40):  # stop part-way, games in flight
        part.step()
    assert 0 < part.games_done < 6 or part.live
    ckpt = tmp_path / "run.ckpt.npz"
    part.save(ckpt)
    resumed = Trainer.load(ckpt)
    run_to_end(resumed)
    assert resumed.positions == whole.positions
    for x, y in zip(weights(whole.nets), weights(resumed.nets), strict=True):
        assert np.array_equal(x, y)


def test_noisy_choice_plays_another_move_but_returns_the_best_moves_value() -> None:
    hand = HandEvaluator()
    found = varied_positions(20, seed=11)
    codes = [code for code, _ in found]
    dice = np.array([roll for _, roll in found], dtype=np.int64)
    greedy = choose(codes, dice, hand)
    noisy = choose(codes, dice, hand, (np.full(len(codes), 50.0), np.random.default_rng(1)))
    assert any(g[0] != n[0] for g, n in zip(greedy, noisy, strict=True))
    for (_, gp), (_, n_p) in zip(greedy, noisy, strict=True):
        assert gp is not None and n_p is not None
        assert np.array_equal(gp, n_p)


def test_explore_run_draws_a_noise_per_game_and_resumes_exactly(tmp_path: Path) -> None:
    config = tiny(seed=5)
    config.explore = True
    whole = Trainer.fresh(config)
    run_to_end(whole)
    plain = Trainer.fresh(tiny(seed=5))
    run_to_end(plain)
    assert whole.positions != plain.positions  # the noise changed the games
    part = Trainer.fresh(TrainConfig(**{**config.__dict__}))
    for _ in range(40):
        part.step()
    assert part.live and all(sd in EXPLORE_NOISE for sd in part.live_noise)
    assert len(part.live_noise) == len(part.live)
    ckpt = tmp_path / "explore.ckpt.npz"
    part.save(ckpt)
    resumed = Trainer.load(ckpt)
    assert resumed.config.explore and resumed.live_noise == part.live_noise
    run_to_end(resumed)
    assert resumed.positions == whole.positions
    for x, y in zip(weights(whole.nets), weights(resumed.nets), strict=True):
        assert np.array_equal(x, y)
    assert resumed.notes()["explore_noise"] == list(EXPLORE_NOISE)
    assert "explore_noise" not in plain.notes()


class Worst(Evaluator):
    """The hand-made evaluation turned upside down: every move chosen as the best for the opponent."""

    name = "worst"

    def evaluate_boards(self, b: Boards) -> Probs:
        return flip(HandEvaluator().evaluate_boards(b))


def test_play_match_scores_are_antisymmetric_in_sign() -> None:
    hand, worst = HandEvaluator(), Worst()
    as_first, se_first = play_match(hand, worst, games=8, seed=1, batch=8)
    as_second, se_second = play_match(worst, hand, games=8, seed=1, batch=8)
    # the same player's score, first or second: its sign turns with the seat
    assert as_first >= 1.0 and as_second <= -1.0
    assert 0.0 <= se_first < as_first and 0.0 <= se_second < -as_second


def test_the_turned_board_is_valued_as_the_swapped_position() -> None:
    """choose() values each result from the opponent's side by turning its board round."""
    nets = NetSet.random(8, np.random.default_rng(2))
    codes = [c for c, _ in varied_positions(40)]
    exchanged = nets.probabilities(turned(boards(codes)))
    swapped = nets.probabilities(boards([swap(c) for c in codes]))
    assert np.array_equal(exchanged, swapped)
    assert not np.allclose(swapped, nets.probabilities(boards(codes)))  # the swap does change the value


def test_command_line_run_writes_weights_checkpoint_and_curve(tmp_path: Path) -> None:
    out = tmp_path / "w" / "net.npz"
    code = main(
        [
            "--games",
            "4",
            "--seed",
            "2",
            "--out",
            str(out),
            "--hidden",
            "8",
            "--batch",
            "2",
            "--bench-every",
            "2",
            "--bench-games",
            "2",
            "--no-bearoff",
            "--quiet",
        ]
    )
    assert code == 0
    nets = load_nets(out)
    assert nets.meta["trained_games"] == 4
    assert (tmp_path / "w" / "net.ckpt.npz").exists()
    rows = list(csv.reader((tmp_path / "w" / "net.curve.csv").open()))
    assert rows[0][0] == "games" and len(rows) >= 2
    # resuming to more games continues the same run
    code = main(
        [
            "--lr-min",
            "5e-5",
            "--games",
            "6",
            "--out",
            str(out),
            "--resume",
            str(tmp_path / "w" / "net.ckpt.npz"),
            "--no-bearoff",
            "--quiet",
        ]
    )
    assert code == 0 and load_nets(out).meta["trained_games"] == 6
    assert Trainer.load(tmp_path / "w" / "net.ckpt.npz").config.lr_min == 5e-5


def test_resume_from_missing_checkpoint_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "--games",
            "4",
            "--out",
            str(tmp_path / "n.npz"),
            "--resume",
            str(tmp_path / "none.npz"),
            "--no-bearoff",
            "--quiet",
        ]
    )
    assert code == 2
    assert "not found" in capsys.readouterr().err


def test_stop_request_saves_a_checkpoint_that_resumes_exactly(tmp_path: Path) -> None:
    from ai.training.train import run

    whole = Trainer.fresh(tiny(seed=6))
    run_to_end(whole)
    part = Trainer.fresh(tiny(seed=6))
    calls = iter(range(10**6))
    out, ckpt, curve = tmp_path / "n.npz", tmp_path / "n.ckpt.npz", tmp_path / "n.csv"
    finished = run(part, out, ckpt, curve, 1e9, quiet=True, should_stop=lambda: next(calls) >= 25)
    assert finished is False
    assert part.games_done < 6
    resumed = Trainer.load(ckpt)
    assert run(resumed, out, ckpt, curve, 1e9, quiet=True) is True
    for x, y in zip(weights(whole.nets), weights(resumed.nets), strict=True):
        assert np.array_equal(x, y)


def test_widened_net_computes_the_same_function() -> None:
    rng = np.random.default_rng(5)
    net = MLP.random(8, rng)
    x = rng.uniform(0, 1, (20, N_INPUTS)).astype(np.float32)
    wide = net.widened(24, np.random.default_rng(6))
    assert wide.hidden == 24
    assert np.allclose(net.forward(x), wide.forward(x), atol=1e-6)
    # the new units can learn: their output weights get a gradient
    grads, _ = gradients(wide, x, np.full((20, 5), 0.5, dtype=np.float32))
    assert np.abs(grads[2][8:]).sum() > 0


def test_widen_cannot_narrow() -> None:
    with pytest.raises(ValueError, match="cannot narrow"):
        MLP.random(8, np.random.default_rng(1)).widened(4, np.random.default_rng(2))


def test_resume_with_widen_grows_the_contact_net_and_keeps_training(tmp_path: Path) -> None:
    t = Trainer.fresh(tiny(games=2, seed=6))
    run_to_end(t)
    ckpt = tmp_path / "run.ckpt.npz"
    t.save(ckpt)
    out = tmp_path / "net.npz"
    code = main(
        [
            *("--games", "4", "--out", str(out), "--resume", str(ckpt)),
            "--widen",
            "16",
            "--no-bearoff",
            "--quiet",
        ]
    )
    assert code == 0
    nets = load_nets(out)
    assert nets.contact.hidden == 16 and nets.race.hidden == 8
    assert nets.meta["trained_games"] == 4
    resumed = Trainer.load(tmp_path / "net.ckpt.npz")
    assert resumed.config.hidden == 16
    assert [m.shape for m in resumed.adam["contact"].m] == [p.shape for p in resumed.nets.contact.params()]


def test_widen_without_resume_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "2", "--out", str(tmp_path / "n.npz"), "--widen", "16", "--quiet"])


def test_init_from_weights_carries_on_the_game_count_and_the_nets(tmp_path: Path) -> None:
    t = Trainer.fresh(tiny(games=3, seed=6))
    run_to_end(t)
    first = tmp_path / "first.npz"
    t.nets.meta.update(t.notes())
    save_nets(first, t.nets)  # a weights file alone, no training state
    assert load_nets(first).meta["trained_games"] == 3
    carried = Trainer.from_weights(first, tiny(games=5, seed=9))
    assert carried.games_done == 3 and carried.positions == t.positions
    assert carried.config.hidden == 8
    for x, y in zip(weights(t.nets), weights(carried.nets), strict=True):
        assert np.array_equal(x, y)
    run_to_end(carried)
    assert carried.games_done == 5
    assert any(not np.array_equal(x, y) for x, y in zip(weights(t.nets), weights(carried.nets), strict=True))


def test_init_from_weights_is_reproducible_from_the_seed(tmp_path: Path) -> None:
    t = Trainer.fresh(tiny(games=2, seed=6))
    run_to_end(t)
    first = tmp_path / "first.npz"
    t.nets.meta.update(t.notes())
    save_nets(first, t.nets)
    a, b = (
        Trainer.from_weights(first, tiny(games=4, seed=9)),
        Trainer.from_weights(first, tiny(games=4, seed=9)),
    )
    run_to_end(a)
    run_to_end(b)
    for x, y in zip(weights(a.nets), weights(b.nets), strict=True):
        assert np.array_equal(x, y)


def test_init_needs_more_games_than_the_weights_have(tmp_path: Path) -> None:
    t = Trainer.fresh(tiny(games=3, seed=6))
    run_to_end(t)
    first = tmp_path / "first.npz"
    t.nets.meta.update(t.notes())
    save_nets(first, t.nets)
    with pytest.raises(ValueError, match="trained for 3 games already"):
        Trainer.from_weights(first, tiny(games=3))


def test_command_line_init_trains_on_from_a_weights_file(tmp_path: Path) -> None:
    t = Trainer.fresh(tiny(games=2, seed=6))
    run_to_end(t)
    first = tmp_path / "first.npz"
    t.nets.meta.update(t.notes())
    save_nets(first, t.nets)
    out = tmp_path / "more.npz"
    args = ["--games", "4", "--out", str(out), "--init", str(first), "--bench-every", "0"]
    code = main([*args, "--batch", "3", "--no-bearoff", "--quiet"])
    assert code == 0
    nets = load_nets(out)
    assert nets.meta["trained_games"] == 4 and nets.contact.hidden == 8
    assert Trainer.load(tmp_path / "more.ckpt.npz").games_done == 4


def test_command_line_init_from_a_damaged_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not weights")
    (tmp_path / "bad.npz.sha256").write_text("0" * 64 + "\n")
    code = main(
        ["--games", "4", "--out", str(tmp_path / "n.npz"), "--init", str(bad), "--no-bearoff", "--quiet"]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "cannot start from the weights" in err and "damaged" in err


def test_init_and_resume_together_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(
            [
                "--games",
                "4",
                "--out",
                str(tmp_path / "n.npz"),
                "--init",
                "a.npz",
                "--resume",
                "b.npz",
                "--quiet",
            ]
        )


def test_init_from_weights_with_a_crashed_net_is_refused_as_self_play_does_not_train_it(
    tmp_path: Path,
) -> None:
    t = Trainer.fresh(tiny(games=2, seed=6))
    run_to_end(t)
    t.nets.meta.update(t.notes())
    t.nets.crashed = t.nets.contact.copy()
    first = tmp_path / "first.npz"
    save_nets(first, t.nets)
    with pytest.raises(NetworkError, match="crashed net"):
        Trainer.from_weights(first, tiny(games=4))
