"""Evaluation and self-play training speed: the neural net and the trainer, on one core.

Figures:

* ``eval_net_positions_per_s``: positions per second through the shipped net's evaluator
  (features + forward pass + bear-off lookups), in batches of 1,000 positions from games;
* ``eval_hand_positions_per_s``: the same for the hand-made evaluator, for comparison;
* ``train_selfplay_games_per_s``: self-play training games per second (128 games at once,
  128 hidden units, TD updates included), measured after the first games have finished.
"""

from __future__ import annotations

import sys
import time

from ai.evaluation.bearoff import load_or_build
from ai.evaluation.hand import HandEvaluator
from ai.evaluation.load import load_evaluator
from ai.training.train import TrainConfig, Trainer
from bench.movegen import game_positions


def _rate(evaluate: object, codes: list[int], repeats: int) -> float:
    fn = evaluate.evaluate  # type: ignore[attr-defined]
    fn(codes[:1000])
    t = time.perf_counter()
    for _ in range(repeats):
        for i in range(0, len(codes), 1000):
            fn(codes[i : i + 1000])
    return repeats * len(codes) / (time.perf_counter() - t)


def run(quick: bool) -> dict[str, float]:
    """Measure; ``quick`` uses fewer positions and games (a smoke run)."""
    codes = game_positions(2000 if quick else 10000)
    repeats = 1 if quick else 3
    net = load_evaluator(bearoff=True).evaluator
    figures = {
        "eval_net_positions_per_s": _rate(net, codes, repeats),
        "eval_hand_positions_per_s": _rate(HandEvaluator(), codes, repeats),
    }
    config = TrainConfig(games=10**9, seed=1, hidden=128, batch=128, bench_every=0)
    trainer = Trainer.fresh(config, bearoff=load_or_build(allow_build=False))
    warm = 64 if quick else 256
    while trainer.games_done < warm:
        trainer.step()
    start_games = trainer.games_done
    t = time.perf_counter()
    target = start_games + (64 if quick else 512)
    while trainer.games_done < target:
        trainer.step()
    figures["train_selfplay_games_per_s"] = (trainer.games_done - start_games) / (time.perf_counter() - t)
    return figures


if __name__ == "__main__":
    from bench.cli import module_main

    sys.exit(module_main("evaluator", __doc__, run))
