r"""Train the evaluation nets by self-play with temporal differences.

    python -m ai.training.train --games 200000 --seed 1 --out assets/weights/net.npz
    python -m ai.training.train --games 400000 --seed 1 --out assets/weights/net.npz --resume run.ckpt.npz
    python -m ai.training.train --games 2400000 --seed 2 --out new.npz --init assets/weights/net.npz \
        --lr-min 2e-5

The method is TD(0) on the position before each roll: the net's estimate for the
side on roll is moved towards the value, after that side's best move, of the
position the opponent then faces (seen back from the mover's side), or towards
the actual result when the move ends the game. Moves are chosen greedily by the
current net (the dice give all the exploration needed). Positions with every
checker home are valued exactly by the bear-off database when it is available,
so those targets are exact. No other engine's evaluations are ever used.

Speed: many games (``--batch``) advance together; each ply the distinct results
of every game's roll are encoded and evaluated in one forward pass, and the nets
take one Adam step on the batch of (position, target) pairs.

Reproducible: the dice come from one seeded generator and the whole state
(weights, optimiser, generator, the games in flight) goes into the checkpoint,
so a run resumed from a checkpoint continues exactly as it would have. A weights
file alone (``--init``, e.g. the shipped net) can be trained further too, with a
fresh optimiser: not bit-for-bit the run it came from, but its nets and game count.

Every ``--bench-every`` games the nets play ``--bench-games`` games against the
hand-made evaluator (both sides 1-ply greedy, colours alternated, dice from a
separate seeded generator); the points per game go to a CSV learning curve.
"""

from __future__ import annotations

if (
    __name__ == "__main__"
):  # python -m ai.training.train: one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import csv
import json
import math
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ai.cli.options import non_negative
from ai.evaluation import batching
from ai.evaluation.evaluator import Evaluator, Probs, boards, equity, won_probs
from ai.evaluation.features import contact_mask, encode
from ai.evaluation.network import (
    KINDS,
    MLP,
    NetSet,
    NetworkError,
    NeuralEvaluator,
    load_arrays,
    load_nets,
    nets_from_arrays,
    save_nets,
)
from ai.evaluation.values import mover_values
from game.rules.movegen import results
from game.rules.position import SIDE_MASK, START_CODE, swap

F32 = npt.NDArray[np.float32]


def points(probs: Sequence[float]) -> float:
    """Points of a terminal outcome (:func:`ai.evaluation.evaluator.won_probs`)."""
    return 1.0 + float(probs[1]) + float(probs[2])


# --- optimiser -------------------------------------------------------------------------


@dataclass
class Adam:
    """Adam state for one net's parameters."""

    m: list[F32]
    """First moments."""
    v: list[F32]
    """Second moments."""
    t: int = 0
    """Steps taken."""

    @classmethod
    def zeros_like(cls, params: Sequence[F32]) -> Adam:
        """Fresh state."""
        return cls([np.zeros_like(p) for p in params], [np.zeros_like(p) for p in params])

    def step(self, params: list[F32], grads: list[F32], lr: float) -> None:
        """One update, in place."""
        b1, b2, eps = 0.9, 0.999, 1e-8
        self.t += 1
        c1 = 1.0 - b1**self.t
        c2 = 1.0 - b2**self.t
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1.0 - b1) * g
            v *= b2
            v += (1.0 - b2) * g * g
            p -= (lr * (m / c1) / (np.sqrt(v / c2) + eps)).astype(np.float32)


def gradients(net: MLP, x: F32, target: F32) -> tuple[list[F32], float]:
    """Cross-entropy gradients of the five sigmoid outputs towards ``target``, and the mean squared error."""
    h, out = net.forward_hidden(x)
    n = x.shape[0]
    dz = (out - target) / n
    gw2 = h.T @ dz
    gb2 = dz.sum(axis=0)
    dh = (dz @ net.w2.T) * (1.0 - h * h)
    gw1 = x.T @ dh
    gb1 = dh.sum(axis=0)
    mse = float(np.mean((out - target) ** 2))
    return [
        gw1.astype(np.float32),
        gb1.astype(np.float32),
        gw2.astype(np.float32),
        gb2.astype(np.float32),
    ], mse


# --- playing -----------------------------------------------------------------------------


EXPLORE_NOISE = (0.0, 0.03, 0.1, 0.2)
"""Noise (equity, standard deviation) that a game played to explore draws, one value per game."""


def choose(
    codes: Sequence[int],
    dice: npt.NDArray[np.int64],
    evaluator: Evaluator,
    noise: tuple[npt.NDArray[np.float64], np.random.Generator] | None = None,
) -> list[tuple[int, Probs | None]]:
    """For each game, the result of its roll to play and the value of its best result for the mover.

    Returns (result code in the mover's view, probabilities for the mover) per game; the
    probabilities are the terminal outcome when the move bears off the last checker.
    Without ``noise`` the result played is the best by 1-ply lookahead. With ``noise``
    (standard deviation per game, generator) each candidate's equity is blurred by that
    much before the result to play is taken, as the weaker levels play; the value returned
    is still the best result's, so that it is the position's value under best play.
    """
    cands: list[int] = []
    spans: list[tuple[int, int]] = []
    chosen: list[tuple[int, Probs | None]] = []
    for code, (d1, d2) in zip(codes, dice.tolist(), strict=True):
        res = results(code, d1, d2)
        start = len(cands)
        done = None
        for r in res:
            if not r & SIDE_MASK:
                done = r
                break
        if done is not None:
            spans.append((start, start))
            chosen.append((done, won_probs(done)[None, :]))
            continue
        cands.extend(res)
        spans.append((start, len(cands)))
        chosen.append((0, None))
    if cands:
        # all the games' results in one batch (:data:`ai.evaluation.batching.WHOLE`)
        mine = mover_values(evaluator, boards(cands), batching.WHOLE)
        eq = equity(mine)
        played = None
        if noise is not None:
            sd, rng = noise
            per_cand = np.concatenate([np.full(end - start, sd[i]) for i, (start, end) in enumerate(spans)])
            played = eq + rng.normal(0.0, 1.0, len(eq)) * per_cand
    for i, (start, end) in enumerate(spans):
        if end > start:
            best = start + int(np.argmax(eq[start:end]))
            k = best if played is None else start + int(np.argmax(played[start:end]))
            chosen[i] = (cands[k], mine[best : best + 1])
    return chosen


def roll_dice(rng: np.random.Generator, opening: Sequence[bool]) -> npt.NDArray[np.int64]:
    """Dice for each game; an opening roll is never a double (it is re-rolled, as the rules say)."""
    dice = rng.integers(1, 7, size=(len(opening), 2))
    for i, first in enumerate(opening):
        while first and dice[i, 0] == dice[i, 1]:
            dice[i] = rng.integers(1, 7, size=2)
    return dice


def play_match(
    first: Evaluator, second: Evaluator, games: int, seed: int, batch: int = 128
) -> tuple[float, float]:
    """Points per game of ``first`` against ``second`` (and its standard error), colours alternated.

    Game ``g`` starts with ``first`` on roll when ``g`` is even. All games run at once,
    each player evaluating its side's candidates in one batch.
    """
    rng = np.random.default_rng(seed)
    score: list[float] = []
    pending = list(range(games))
    live: list[tuple[int, int, int, bool]] = []  # (game, code, turn: 0 first 1 second, opening)
    while pending or live:
        while pending and len(live) < batch:
            g = pending.pop(0)
            live.append((g, START_CODE, g % 2, True))
        dice = roll_dice(rng, [x[3] for x in live])
        moves: list[tuple[int, Probs | None]] = [(0, None)] * len(live)
        for who, player in ((0, first), (1, second)):
            idx = [i for i, x in enumerate(live) if x[2] == who]
            if idx:
                got = choose([live[i][1] for i in idx], dice[idx], player)
                for i, m in zip(idx, got, strict=True):
                    moves[i] = m
        nxt = []
        for (g, _code, turn, _), (res, probs) in zip(live, moves, strict=True):
            if not res & SIDE_MASK:
                assert probs is not None
                pts = points(probs[0])
                score.append(pts if turn == 0 else -pts)
            else:
                nxt.append((g, swap(res), 1 - turn, False))
        live = nxt
    arr = np.array(score)
    return float(arr.mean()), float(arr.std(ddof=1) / math.sqrt(len(arr))) if len(arr) > 1 else 0.0


# --- the trainer -------------------------------------------------------------------------


@dataclass
class TrainConfig:
    """Settings of a training run (saved in the checkpoint)."""

    games: int = 1000
    """Total games to train (including those of earlier runs when resuming)."""
    seed: int = 1
    """Seed of the dice and the initial weights."""
    hidden: int = 128
    """Hidden units of the contact net (the race net keeps the size it started with)."""
    batch: int = 128
    """Games played at once."""
    lr: float = 1e-3
    """Adam step size at the start."""
    lr_min: float = 2e-4
    """Step size it decays to (halving every ``lr_halflife`` games)."""
    lr_halflife: int = 50000
    """Games over which the step size halves."""
    bench_every: int = 5000
    """Games between benchmark matches (0: never)."""
    bench_games: int = 200
    """Games per benchmark match."""
    explore: bool = False
    """Whether each game plays with noise drawn from :data:`EXPLORE_NOISE` (the targets stay
    the best move's value), so that positions off the net's greedy path are learnt too."""


@dataclass
class Trainer:
    """Self-play TD training state: everything a checkpoint holds."""

    config: TrainConfig
    """The run's settings."""
    nets: NetSet
    """The nets being trained."""
    rng: np.random.Generator
    """Dice of the self-play games."""
    adam: dict[str, Adam]
    """Optimiser state per net kind."""
    games_done: int = 0
    """Games finished."""
    games_started: int = 0
    """Games started."""
    live: list[tuple[int, int]] = field(default_factory=list)
    """Games in flight: (code with the mover on roll, plies played)."""
    live_noise: list[float] = field(default_factory=list)
    """The noise each game in flight plays with (all 0 unless ``config.explore``)."""
    positions: int = 0
    """Training positions seen."""
    loss_avg: float = float("nan")
    """Running average of the squared TD error."""
    bearoff: Any = None
    """Exact values for positions with all checkers home, or None
    (a :class:`ai.evaluation.bearoff.BearoffDatabase`)."""

    @classmethod
    def fresh(cls, config: TrainConfig, bearoff: Any = None) -> Trainer:
        """A new run from random weights."""
        rng = np.random.default_rng(config.seed)
        nets = NetSet.random(config.hidden, np.random.default_rng([config.seed, 7]))
        adam = {k: Adam.zeros_like(nets.net(k).params()) for k in KINDS}
        return cls(config, nets, rng, adam, bearoff=bearoff)

    @classmethod
    def from_weights(cls, path: Path, config: TrainConfig, bearoff: Any = None) -> Trainer:
        """Carry on training the nets of a weights file (the shipped net, say), which holds no
        training state: the optimiser starts afresh, the game and position counts go on from the
        file's notes, and the dice are seeded from ``config.seed`` and that game count. Raises
        :class:`NetworkError` for an unreadable file or one with a crashed net (self-play trains
        the contact and race nets only), and ValueError if the file has already been trained for
        ``config.games`` games or more."""
        nets = load_nets(path)
        if nets.crashed is not None:
            raise NetworkError(
                f"{path} holds a crashed net, which self-play does not train: start from weights without one"
            )
        done = nets.meta.get("trained_games", 0)
        positions = nets.meta.get("trained_positions", 0)
        if not isinstance(done, int) or not isinstance(positions, int) or done < 0 or positions < 0:
            raise NetworkError(f"{path}: its notes give no valid count of trained games")
        if config.games <= done:
            raise ValueError(
                f"{path} was trained for {done} games already; --games is the total, so give more than that"
            )
        config.hidden = nets.contact.hidden
        rng = np.random.default_rng([config.seed, done])
        adam = {k: Adam.zeros_like(nets.net(k).params()) for k in KINDS}
        t = cls(config, nets, rng, adam, done, done, bearoff=bearoff)
        t.positions = positions
        return t

    def evaluator(self) -> NeuralEvaluator:
        """The evaluator the games are played with: the nets as they are now, bear-off exact where
        the database is given."""
        return NeuralEvaluator(self.nets, self.bearoff, name="training")

    def lr(self) -> float:
        """The step size now."""
        c = self.config
        return float(max(c.lr_min, c.lr * 0.5 ** (self.games_done / max(1, c.lr_halflife))))

    def step(self) -> int:
        """Advance every game in flight by one ply and train on it; return games finished."""
        c = self.config
        while self.games_started < c.games and len(self.live) < c.batch:
            self.live.append((START_CODE, 0))
            self.live_noise.append(
                EXPLORE_NOISE[int(self.rng.integers(len(EXPLORE_NOISE)))] if c.explore else 0.0
            )
            self.games_started += 1
        if not self.live:
            return 0
        codes = [code for code, _ in self.live]
        dice = roll_dice(self.rng, [ply == 0 for _, ply in self.live])
        noise = (np.array(self.live_noise), self.rng) if c.explore else None
        moves = choose(codes, dice, self.evaluator(), noise)
        targets = np.concatenate([p for _, p in moves if p is not None]).astype(np.float32)
        b = boards(codes)
        # bear-off positions are exact already: no need to train the nets on them
        train = np.ones(len(codes), dtype=bool) if self.bearoff is None else ~self.bearoff.covered(b)
        contact = contact_mask(b)
        x = encode(b)
        lr = self.lr()
        for kind, mask in (("contact", contact & train), ("race", ~contact & train)):
            if mask.any():
                net = self.nets.net(kind)
                grads, mse = gradients(net, x[mask], targets[mask])
                self.adam[kind].step(net.params(), grads, lr)
                self.positions += int(mask.sum())
                self.loss_avg = mse if math.isnan(self.loss_avg) else 0.99 * self.loss_avg + 0.01 * mse
        finished = 0
        nxt = []
        nxt_noise = []
        for (_, ply), sd, (res, _) in zip(self.live, self.live_noise, moves, strict=True):
            if not res & SIDE_MASK:
                finished += 1
            else:
                nxt.append((swap(res), ply + 1))
                nxt_noise.append(sd)
        self.live = nxt
        self.live_noise = nxt_noise
        self.games_done += finished
        return finished

    # checkpoints
    def save(self, path: Path) -> None:
        """Write a checkpoint (weights file format, plus the training state)."""
        extra: dict[str, npt.NDArray[Any]] = {}
        for kind in KINDS:
            a = self.adam[kind]
            for i, (m, v) in enumerate(zip(a.m, a.v, strict=True)):
                extra[f"adam_{kind}_m{i}"] = m
                extra[f"adam_{kind}_v{i}"] = v
        extra["live_boards"] = (
            boards([c for c, _ in self.live]) if self.live else np.zeros((0, 50), dtype=np.uint8)
        )
        extra["live_plies"] = np.array([p for _, p in self.live], dtype=np.int64)
        extra["live_noise"] = np.array(self.live_noise, dtype=np.float64)
        state = {
            "config": self.config.__dict__,
            "rng": self.rng.bit_generator.state,
            "games_done": self.games_done,
            "games_started": self.games_started,
            "positions": self.positions,
            "loss_avg": self.loss_avg,
            "adam_t": {k: self.adam[k].t for k in KINDS},
        }
        extra["train_state"] = np.array(json.dumps(state))
        self.nets.meta.update(self.notes())
        save_nets(path, self.nets, extra)

    def notes(self) -> dict[str, Any]:
        """What the weights file records about the training."""
        return {
            "trained_games": self.games_done,
            "trained_positions": self.positions,
            "seed": self.config.seed,
            "hidden": self.config.hidden,
            "method": "TD(0) self-play, 1-ply greedy, Adam",
            **({"explore_noise": list(EXPLORE_NOISE)} if self.config.explore else {}),
        }

    @classmethod
    def load(cls, path: Path, games: int | None = None, bearoff: Any = None) -> Trainer:
        """Resume from a checkpoint; ``games`` raises the total to train."""
        arrays = load_arrays(path)
        nets = nets_from_arrays(arrays, source=str(path))
        if "train_state" not in arrays:
            raise NetworkError(f"{path} holds weights only, not a training checkpoint")
        state = json.loads(str(arrays["train_state"]))
        config = TrainConfig(**state["config"])
        if games is not None:
            config.games = games
        rng = np.random.default_rng()
        rng.bit_generator.state = state["rng"]
        adam = {}
        for kind in KINDS:
            n = len(nets.net(kind).params())
            adam[kind] = Adam(
                [arrays[f"adam_{kind}_m{i}"].astype(np.float32) for i in range(n)],
                [arrays[f"adam_{kind}_v{i}"].astype(np.float32) for i in range(n)],
                int(state["adam_t"][kind]),
            )
        live_codes = [int.from_bytes(row.tobytes(), "little") for row in arrays["live_boards"]]
        live = list(zip(live_codes, arrays["live_plies"].tolist(), strict=True))
        noise = arrays["live_noise"].tolist() if "live_noise" in arrays else [0.0] * len(live)
        t = cls(
            config, nets, rng, adam, state["games_done"], state["games_started"], live, noise, bearoff=bearoff
        )
        t.positions = int(state["positions"])
        t.loss_avg = float(state["loss_avg"])
        return t

    def widen(self, hidden: int) -> None:
        """Grow the contact net to ``hidden`` hidden units without changing what it computes
        (:meth:`ai.evaluation.network.MLP.widened`); the optimiser state of the new weights starts at zero."""
        old = self.nets.contact
        if hidden == old.hidden:
            return
        rng = np.random.default_rng([self.config.seed, 11, hidden])
        new = old.widened(hidden, rng)
        self.nets.contact = new
        a = self.adam["contact"]
        grown = Adam.zeros_like(new.params())
        for mine, theirs in ((grown.m, a.m), (grown.v, a.v)):
            mine[0][:, : old.hidden] = theirs[0]
            mine[1][: old.hidden] = theirs[1]
            mine[2][: old.hidden] = theirs[2]
            mine[3][:] = theirs[3]
        grown.t = a.t
        self.adam["contact"] = grown
        self.config.hidden = hidden

    def bench(self, games: int) -> tuple[float, float]:
        """Points per game of the current nets against the hand-made evaluator."""
        from ai.evaluation.hand import HandEvaluator

        hand = HandEvaluator()
        return play_match(self.evaluator(), hand, games, seed=self.config.seed * 1_000_003 + self.games_done)


# --- command line --------------------------------------------------------------------------


def _progress(t: Trainer, rate: float, bench: str) -> None:
    c = t.config
    width = 30
    filled = int(width * t.games_done / max(1, c.games))
    bar = "#" * filled + "-" * (width - filled)
    sys.stderr.write(
        f"\r[{bar}] {t.games_done}/{c.games} games  {rate:.1f} games/s  "
        f"td-mse {t.loss_avg:.4f}  lr {t.lr():.1e}  {bench}   "
    )
    sys.stderr.flush()


def _load_bearoff(enabled: bool) -> Any:
    if not enabled:
        return None
    from ai.evaluation.bearoff import load_or_build

    return load_or_build(progress=True)


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m ai.training.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, required=True, help="total games to train (counting resumed ones)")
    ap.add_argument("--seed", type=int, default=1, help="seed of dice and initial weights (default 1)")
    ap.add_argument(
        "--out", type=Path, required=True, help="weights file to write (.npz; a .sha256 beside it)"
    )
    start = ap.add_mutually_exclusive_group()
    start.add_argument("--resume", type=Path, help="checkpoint to continue from")
    start.add_argument(
        "--init",
        type=Path,
        help="weights file to continue training (e.g. the shipped net): a fresh optimiser, "
        "the game count carried on",
    )
    ap.add_argument("--checkpoint", type=Path, help="checkpoint file (default: OUT with .ckpt.npz)")
    ap.add_argument(
        "--checkpoint-minutes", type=non_negative, default=5.0, help="minutes between checkpoints"
    )
    ap.add_argument("--curve", type=Path, help="learning-curve CSV (default: OUT with .curve.csv)")
    ap.add_argument("--hidden", type=int, default=128, help="hidden units of a new run (default 128)")
    ap.add_argument(
        "--widen",
        type=int,
        help="when resuming, grow the contact net to this many hidden units (what it computes is kept)",
    )
    ap.add_argument("--batch", type=int, default=128, help="games played at once")
    ap.add_argument("--lr", type=non_negative, help="Adam step size at the start (default 1e-3)")
    ap.add_argument("--lr-min", type=non_negative, help="step size the decay stops at (default 2e-4)")
    ap.add_argument("--lr-halflife", type=int, help="games over which the step size halves (default 50000)")
    ap.add_argument("--bench-every", type=int, default=5000, help="games between benchmark matches (0: none)")
    ap.add_argument("--bench-games", type=int, default=200)
    ap.add_argument(
        "--explore",
        action="store_true",
        help=f"play each game with noise drawn from {', '.join(map(str, EXPLORE_NOISE))} "
        "(targets stay the best move's value)",
    )
    ap.add_argument("--no-bearoff", action="store_true", help="do not use the exact bear-off database")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap


def _widen(ap: argparse.ArgumentParser, trainer: Trainer, hidden: int | None) -> None:
    """Grow the contact net to ``hidden`` units if asked (never shrink it)."""
    if hidden is None:
        return
    if hidden < trainer.nets.contact.hidden:
        ap.error(f"--widen {hidden} is smaller than the net's {trainer.nets.contact.hidden} units")
    trainer.widen(hidden)


def _trainer(ap: argparse.ArgumentParser, args: argparse.Namespace, bearoff: Any) -> Trainer:
    """The trainer the command line asks for: resumed, from weights, or fresh."""
    if args.resume:
        trainer = Trainer.load(args.resume, games=args.games, bearoff=bearoff)
        # a step-size schedule given on the command line replaces the checkpoint's (annealing)
        for name in ("lr", "lr_min", "lr_halflife"):
            if getattr(args, name) is not None:
                setattr(trainer.config, name, getattr(args, name))
        if args.explore:
            trainer.config.explore = True
        _widen(ap, trainer, args.widen)
        return trainer
    if args.widen is not None and args.init is None:
        ap.error("--widen needs --resume or --init")
    defaults = TrainConfig()
    config = TrainConfig(
        games=args.games,
        seed=args.seed,
        hidden=args.hidden,
        batch=args.batch,
        lr=defaults.lr if args.lr is None else args.lr,
        lr_min=defaults.lr_min if args.lr_min is None else args.lr_min,
        lr_halflife=defaults.lr_halflife if args.lr_halflife is None else args.lr_halflife,
        bench_every=args.bench_every,
        bench_games=args.bench_games,
        explore=args.explore,
    )
    if args.init is None:
        return Trainer.fresh(config, bearoff=bearoff)
    trainer = Trainer.from_weights(args.init, config, bearoff=bearoff)
    _widen(ap, trainer, args.widen)
    return trainer


def main(argv: list[str] | None = None) -> int:
    """Run the trainer from the command line; returns an exit status."""
    ap = _parser()
    args = ap.parse_args(argv)
    if args.games <= 0:
        ap.error("--games must be positive")
    out: Path = args.out
    ckpt: Path = args.checkpoint or out.with_name(out.name.removesuffix(".npz") + ".ckpt.npz")
    curve: Path = args.curve or out.with_name(out.name.removesuffix(".npz") + ".curve.csv")
    bearoff = _load_bearoff(not args.no_bearoff)
    if bearoff is not None and not args.quiet:
        sys.stderr.write("\n")
    try:
        trainer = _trainer(ap, args, bearoff)
    except (NetworkError, ValueError) as exc:
        what = "resume" if args.resume else "start from the weights"
        print(f"error: cannot {what}: {exc}", file=sys.stderr)
        return 2

    stop_requested: list[int] = []

    def stop(signum: int, frame: object) -> None:
        stop_requested.append(signum)

    handlers = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        finished = run(
            trainer,
            out,
            ckpt,
            curve,
            args.checkpoint_minutes * 60.0,
            quiet=args.quiet,
            should_stop=lambda: bool(stop_requested),
        )
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    if not finished:
        print(
            f"stopped after {trainer.games_done} games; checkpoint saved to {ckpt} (continue with --resume)",
            file=sys.stderr,
        )
        return 130
    return 0


def run(
    trainer: Trainer,
    out: Path,
    ckpt: Path,
    curve: Path,
    checkpoint_seconds: float,
    quiet: bool = False,
    should_stop: Callable[[], bool] | None = None,
) -> bool:
    """Train until the configured number of games, writing checkpoints, the curve and the weights.

    ``should_stop()`` is checked after every ply; when it says so, the checkpoint and the
    weights are written and False is returned (True when all the games were played).
    """
    c = trainer.config
    start = time.monotonic()
    start_games = trainer.games_done
    last_ckpt = start
    last_draw = 0.0
    bench_text = ""
    next_bench = (trainer.games_done // c.bench_every + 1) * c.bench_every if c.bench_every else None
    if not curve.exists():
        curve.parent.mkdir(parents=True, exist_ok=True)
        with curve.open("w", newline="") as f:
            csv.writer(f).writerow(
                [
                    "games",
                    "positions",
                    "seconds",
                    "games_per_s",
                    "td_mse",
                    "lr",
                    "bench_games",
                    "ppg_vs_hand",
                    "ppg_se",
                ]
            )
    stopped = False
    while trainer.games_done < c.games:
        if should_stop is not None and should_stop():
            stopped = True
            break
        trainer.step()
        now = time.monotonic()
        rate = (trainer.games_done - start_games) / max(1e-9, now - start)
        if next_bench is not None and trainer.games_done >= next_bench:
            ppg, se = trainer.bench(c.bench_games)
            bench_text = f"vs hand {ppg:+.3f}±{se:.3f} ppg"
            with curve.open("a", newline="") as f:
                csv.writer(f).writerow(
                    [
                        trainer.games_done,
                        trainer.positions,
                        round(now - start, 1),
                        round(rate, 2),
                        round(trainer.loss_avg, 6),
                        trainer.lr(),
                        c.bench_games,
                        round(ppg, 4),
                        round(se, 4),
                    ]
                )
            next_bench += c.bench_every
        if now - last_ckpt >= checkpoint_seconds:
            trainer.save(ckpt)
            trainer.nets.meta.update(trainer.notes())
            save_nets(out, trainer.nets)
            last_ckpt = now
        if not quiet and now - last_draw >= 1.0:
            _progress(trainer, rate, bench_text)
            last_draw = now
    trainer.save(ckpt)
    trainer.nets.meta.update(trainer.notes())
    save_nets(out, trainer.nets)
    if not quiet:
        _progress(
            trainer, (trainer.games_done - start_games) / max(1e-9, time.monotonic() - start), bench_text
        )
        sys.stderr.write("\n")
    return not stopped


if __name__ == "__main__":
    sys.exit(main())
