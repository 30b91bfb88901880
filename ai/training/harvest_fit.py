r"""Fit the contact net (and a crashed net) to the harvest's rollout targets (issue 56).

    python -m ai.training.harvest_fit --out new.npz [--weights assets/weights/net.npz] [--epochs 6] \
        [--lr 1.3e-4] [--lr-end 1.3e-5] [--held 3] [--anchor 100000] [--source self-play|records] \
        [--crashed]

The contact positions of every shard in ``data/harvest/`` (:mod:`ai.training.harvest`) are fitted
towards their rolled-out chances (cross-entropy, Adam: :func:`ai.training.distill.fit_rows`),
starting from ``--weights``. ``--held`` whole shards, chosen by ``--seed``, are kept out and the
mean squared error on them said after each epoch. ``--anchor N`` adds N contact positions of the
starting net's own self-play valued by that net, so that the fit keeps what the net knew of the
positions the harvest does not pick; ``--source`` fits only the positions from self-play or from
real records. With ``--crashed`` the crashed positions (:func:`ai.evaluation.features.crashed_mask`)
are fitted by a net of their own, started from the contact net (or the weights' own crashed net),
and the contact net by the rest; weights that carry a crashed net are always fitted so. The
weights' notes say what was fitted.

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
from ai.evaluation.features import contact_mask, crashed_mask, encode
from ai.evaluation.network import CRASHED, NetSet, NetworkError, NeuralEvaluator, load_nets, save_nets
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
    crashed: npt.NDArray[np.bool_]
    """Rows of crashed positions."""

    def __add__(self, more: Rows) -> Rows:
        """These rows and ``more``."""
        return Rows(
            np.concatenate([self.x, more.x]), np.concatenate([self.y, more.y]),
            np.concatenate([self.held, more.held]), np.concatenate([self.crashed, more.crashed]),
        )  # fmt: skip

    def only(self, rows: npt.NDArray[np.bool_]) -> Rows:
        """The rows where ``rows`` is true."""
        return Rows(self.x[rows], self.y[rows], self.held[rows], self.crashed[rows])


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
    return Rows(encode(b).astype(np.float32), np.concatenate(targets), np.concatenate(kept), crashed_mask(b))


def anchor_rows(nets: NetSet, count: int, seed: int) -> Rows:
    """``count`` contact positions of ``nets``' own self-play, each valued by the net of ``nets``
    that answers it (the crashed net where there is one and the position has crashed)."""
    got = [
        b
        for _, b in met_positions(
            NeuralEvaluator(nets), np.random.default_rng(seed), count, ANCHOR_SAMPLE, False
        )
    ]
    b = np.concatenate(got)[:count]
    b = b[contact_mask(b)]
    x = encode(b).astype(np.float32)
    crashed = crashed_mask(b)
    y = nets.contact.forward(x).astype(np.float32)
    if nets.crashed is not None and crashed.any():
        y[crashed] = nets.crashed.forward(x[crashed])
    return Rows(x, y, np.zeros(len(x), dtype=bool), crashed)


def fit(
    nets: NetSet,
    rows: Rows,
    *,
    epochs: int,
    lr: float,
    lr_end: float | None,
    seed: int,
    note: dict[str, object],
    on_epoch: Callable[[str, int, float], None] | None = None,
) -> dict[str, FitReport]:
    """Train ``nets`` in place towards ``rows`` and add ``note`` (with each net's report) to the
    weights' ``harvest_fits`` notes: the contact net on every row, or, where ``nets`` has a crashed
    net, that net on the crashed rows and the contact net on the rest."""
    parts = {"contact": rows}
    if nets.crashed is not None:
        crashed = rows.only(rows.crashed)
        if not crashed.held.any() or crashed.held.all():
            raise HarvestError(
                f"{len(crashed.held)} crashed positions, {int(crashed.held.sum())} of them in the held "
                "shards: too few to fit a crashed net and measure it"
            )
        parts = {"contact": rows.only(~rows.crashed), CRASHED: crashed}
    reports = {}
    for kind, part in parts.items():

        def said(epoch: int, mse: float, kind: str = kind) -> None:
            if on_epoch is not None:
                on_epoch(kind, epoch, mse)

        reports[kind] = fit_rows(
            nets.net(kind), part.x, part.y, part.held,
            epochs=epochs, lr=lr, lr_end=lr_end, batch=128, rng=np.random.default_rng(seed), on_epoch=said,
        )  # fmt: skip
    entry: dict[str, object] = {**note}
    for kind, report in reports.items():
        prefix = "" if kind == "contact" else f"{kind}_"
        entry[f"{prefix}positions"] = report.rows
        entry[f"{prefix}held_positions"] = report.validation_rows
        entry[f"{prefix}held_mse"] = [round(report.mse_before, 7), *(round(m, 7) for m in report.mse_after)]
    nets.meta["harvest_fits"] = [*nets.meta.get("harvest_fits", []), entry]
    return reports


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
    ap.add_argument("--crashed", action="store_true", help="fit the crashed positions by a net of their own")
    args = ap.parse_args(argv)
    if args.epochs <= 0 or args.lr <= 0 or args.lr_end <= 0 or args.held < 1 or args.anchor < 0:
        ap.error("--epochs, --lr, --lr-end and --held must be positive, --anchor 0 or more")
    folder = args.harvest or DEFAULT_FOLDER
    weights = args.weights or asset_path("weights", "net.npz")
    try:
        nets = load_nets(weights)
        if args.crashed and nets.crashed is None:
            nets.crashed = nets.contact.copy()
        rows = harvest_rows(folder, args.held, args.seed, SOURCES.get(args.source))
        if args.anchor:
            rows = rows + anchor_rows(nets, args.anchor, args.seed)
        start = time.monotonic()

        def epoch_done(kind: str, epoch: int, mse: float) -> None:
            took = time.monotonic() - start
            print(f"{kind} net, epoch {epoch}: held-out MSE {mse:.6f}  ({took:.0f} s)", flush=True)

        note: dict[str, object] = {
            "epochs": args.epochs, "lr": args.lr, "lr_end": args.lr_end, "held_shards": args.held,
            "anchor": args.anchor, "source": args.source or "all", "seed": args.seed,
            "crashed_net": nets.crashed is not None,
        }  # fmt: skip
        reports = fit(
            nets, rows, epochs=args.epochs, lr=args.lr, lr_end=args.lr_end, seed=args.seed, note=note,
            on_epoch=epoch_done,
        )  # fmt: skip
        save_nets(args.out, nets)
    except (NetworkError, HarvestError, DistillError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for kind, report in reports.items():
        print(
            f"{kind} net: fitted {report.rows} positions ({report.validation_rows} held out): held-out MSE "
            f"{report.mse_before:.6f} -> {report.mse_after[-1]:.6f}"
        )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
