r"""Fit the contact net to the harvest's rollout targets (issue 56).

    python -m ai.training.harvest_fit --out new.npz [--weights assets/weights/net.npz] [--epochs 6] \
        [--lr 1.3e-4] [--lr-end 1.3e-5] [--held 3] [--anchor 100000] [--source self-play|records]

The contact positions of every shard in ``data/harvest/`` (:mod:`ai.training.harvest`) are fitted
towards their rolled-out chances (cross-entropy, Adam: :func:`ai.training.distill.fit_rows`),
starting from ``--weights``. ``--held`` whole shards, chosen by ``--seed``, are kept out and the
mean squared error on them said after each epoch. ``--anchor N`` adds N contact positions of the
starting net's own self-play valued by that net, so that the fit keeps what the net knew of the
positions the harvest does not pick; ``--source`` fits only the positions from self-play or from
real records. The weights' notes say what was fitted.

No other engine is involved: the positions, the rollouts and the net are all this program's own.
What a pilot fit at 119,600 positions did to the play is in docs/training.md.
"""

from __future__ import annotations

if __name__ == "__main__":  # one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ai.cli.options import non_negative
from ai.evaluation.features import contact_mask, encode
from ai.evaluation.network import NetSet, NetworkError, NeuralEvaluator, load_nets, save_nets
from ai.training.distill import DistillError, FitReport, fit_rows
from ai.training.harvest import DEFAULT_FOLDER, HarvestError, load_shard, read_manifest
from ai.training.self_play import met_positions
from game.support.resources import asset_path

SOURCES = {"self-play": 0, "records": 1}
"""``--source`` names and the shards' ``source`` codes."""

ANCHOR_SAMPLE = 0.25
"""Share of the self-play contact positions kept as anchors (from many games, every stage)."""


@dataclass(frozen=True, slots=True)
class Rows:
    """Positions to fit, encoded, with their targets."""

    x: npt.NDArray[np.float32]
    """The net's inputs, one row a position."""
    y: npt.NDArray[np.float32]
    """The five chances to fit each row to."""
    held: npt.NDArray[np.bool_]
    """Rows kept out of the fit and measured."""

    def __add__(self, more: Rows) -> Rows:
        """These rows and ``more``."""
        return Rows(
            np.concatenate([self.x, more.x]), np.concatenate([self.y, more.y]),
            np.concatenate([self.held, more.held]),
        )  # fmt: skip


def harvest_rows(folder: Path, held: int, seed: int, source: int | None = None) -> Rows:
    """The contact positions of the manifest's shards in ``folder`` and their rolled-out chances,
    ``held`` whole shards (chosen by ``seed``) kept out; ``source``: only that source's positions."""
    files = [folder / str(s["file"]) for s in read_manifest(folder)["shards"]]
    if len(files) <= held:
        raise HarvestError(f"{len(files)} shards in {folder}: a fit keeps {held} out and needs more")
    out = np.zeros(len(files), dtype=bool)
    out[np.random.default_rng(seed).permutation(len(files))[:held]] = True
    boards, targets, kept = [], [], []
    for path, keep_out in zip(files, out, strict=True):
        shard = load_shard(path)
        use = contact_mask(shard["boards"])
        if source is not None and not keep_out:  # the held shards stay whole: one measure for all fits
            use &= shard["source"] == source
        boards.append(shard["boards"][use])
        targets.append(shard["probs"][use].astype(np.float32))
        kept.append(np.full(int(use.sum()), keep_out))
    b = np.concatenate(boards)
    return Rows(encode(b).astype(np.float32), np.concatenate(targets), np.concatenate(kept))


def anchor_rows(nets: NetSet, count: int, seed: int) -> Rows:
    """``count`` contact positions of ``nets``' own self-play, each valued by ``nets`` itself."""
    got = [
        b
        for _, b in met_positions(
            NeuralEvaluator(nets), np.random.default_rng(seed), count, ANCHOR_SAMPLE, False
        )
    ]
    b = np.concatenate(got)[:count]
    b = b[contact_mask(b)]
    x = encode(b).astype(np.float32)
    return Rows(x, nets.contact.forward(x).astype(np.float32), np.zeros(len(x), dtype=bool))


def fit(
    nets: NetSet,
    rows: Rows,
    *,
    epochs: int,
    lr: float,
    lr_end: float | None,
    seed: int,
    note: dict[str, object],
    on_epoch: Callable[[int, float], None] | None = None,
) -> FitReport:
    """Train ``nets.contact`` in place towards ``rows`` and add ``note`` (with the report) to the
    weights' ``harvest_fits`` notes."""
    report = fit_rows(
        nets.contact, rows.x, rows.y, rows.held,
        epochs=epochs, lr=lr, lr_end=lr_end, batch=128, rng=np.random.default_rng(seed),
        on_epoch=on_epoch,
    )  # fmt: skip
    entry = {
        **note,
        "positions": report.rows,
        "held_positions": report.validation_rows,
        "held_mse": [round(report.mse_before, 7), *(round(m, 7) for m in report.mse_after)],
    }
    nets.meta["harvest_fits"] = [*nets.meta.get("harvest_fits", []), entry]
    return report


def main(argv: list[str] | None = None) -> int:
    """Fit from the command line; returns an exit status."""
    ap = argparse.ArgumentParser(
        prog="python -m ai.training.harvest_fit", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--weights", type=Path, help="the net to start from (default: the shipped one)")
    ap.add_argument("--harvest", type=Path, help="the harvest's folder (default: data/harvest)")
    ap.add_argument("--out", type=Path, required=True, help="weights file to write (a .sha256 beside it)")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--lr", type=non_negative, default=1.3e-4, help="Adam step size (default 1.3e-4)")
    ap.add_argument(
        "--lr-end", type=non_negative, default=1.3e-5, help="step size at the end (default 1.3e-5)"
    )
    ap.add_argument("--held", type=int, default=3, help="whole shards kept out and measured (default 3)")
    ap.add_argument("--anchor", type=int, default=0, help="self-play positions valued by the starting net")
    ap.add_argument("--source", choices=sorted(SOURCES), help="fit only the positions from this source")
    ap.add_argument("--seed", type=int, default=1, help="seed of the held shards, the anchors, the shuffles")
    args = ap.parse_args(argv)
    if args.epochs <= 0 or args.lr <= 0 or args.lr_end <= 0 or args.held < 1 or args.anchor < 0:
        ap.error("--epochs, --lr, --lr-end and --held must be positive, --anchor 0 or more")
    folder = args.harvest or DEFAULT_FOLDER
    weights = args.weights or asset_path("weights", "net.npz")
    try:
        nets = load_nets(weights)
        rows = harvest_rows(folder, args.held, args.seed, SOURCES.get(args.source))
        if args.anchor:
            rows = rows + anchor_rows(nets, args.anchor, args.seed)
        start = time.monotonic()

        def epoch_done(epoch: int, mse: float) -> None:
            print(f"epoch {epoch}: held-out MSE {mse:.6f}  ({time.monotonic() - start:.0f} s)", flush=True)

        note: dict[str, object] = {
            "epochs": args.epochs, "lr": args.lr, "lr_end": args.lr_end, "held_shards": args.held,
            "anchor": args.anchor, "source": args.source or "all", "seed": args.seed,
        }  # fmt: skip
        report = fit(
            nets, rows, epochs=args.epochs, lr=args.lr, lr_end=args.lr_end, seed=args.seed, note=note,
            on_epoch=epoch_done,
        )  # fmt: skip
        save_nets(args.out, nets)
    except (NetworkError, HarvestError, DistillError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(
        f"fitted {report.rows} positions ({report.validation_rows} held out): held-out MSE "
        f"{report.mse_before:.6f} -> {report.mse_after[-1]:.6f}; wrote {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
