r"""Distil the search into the net: fit the contact net to its own deeper search's values.

    python -m ai.training.distill generate --weights assets/weights/net.npz --positions 400000 --out q2 \
        --jobs 2
    python -m ai.training.distill fit --weights assets/weights/net.npz --data q2 --out new.npz --epochs 128 \
        --lr-end 1.3e-5

Temporal differences stop improving the net after about two million games (the
README's training section). This step teaches the net what its own search knows:

1. **generate**: the net plays itself (greedy at one decision, as in
   :mod:`ai.training.train`); a random quarter of the contact positions met before a roll
   are kept, each with ``Q(S, k)``, the value our search gives it looking ``k``
   move decisions ahead (:func:`ai.search.position_values`; ``k`` = 2 by
   default: our roll and move, the opponent's roll and reply, then the net).
2. **fit**: the contact net is trained towards those values (cross-entropy on the
   five outputs, Adam), starting from the weights that made them.

With ``--rollouts N`` the targets are instead each position's mean outcome over ``N``
games of the net's own greedy play (:mod:`ai.training.rollout`); with ``--truncate P`` as
well, ``N`` games of the game's own rollouts (variance reduction, stratified dice), each
stopped after ``P`` plies and valued there by the net, far less noisy for the time. With
``--explore`` the games that meet the positions are played with noise
(:data:`EXPLORE_NOISE`), so that positions off the net's own greedy path, where it
judges worst, are met too.

No other engine is involved: the positions, the values and the net are all this
program's own. Race positions are left to the race net (the bear-off database
already makes most of them exact).

Reproducible and resumable: positions are made in chunks (``--chunk``, 2,000 by
default), chunk ``i`` from its own generator seeded by ``(seed, i)``, and each
chunk is written atomically to ``OUT/chunk-00000.npz`` with what made it (seed,
depth, the weights' SHA-256). Running the same command again skips the chunks
already there, so a stopped run carries on where it was; ``--jobs`` makes chunks
in parallel processes without changing them. The fit shuffles and splits off its
validation chunks with ``--seed``, and writes what it did into the weights' notes.
"""

from __future__ import annotations

if (
    __name__ == "__main__"
):  # python -m ai.training.distill: one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import hashlib
import io
import json
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ai.cli.options import non_negative
from ai.evaluation.features import contact_mask, encode
from ai.evaluation.network import MLP, NetSet, NetworkError, NeuralEvaluator, load_nets, save_nets
from ai.search import position_values
from ai.training.rollout import rollout_values, truncated_rollout_values
from ai.training.self_play import met_positions
from ai.training.train import Adam, gradients
from game.support.files import write_atomic

ROLLOUT_GROUP = 100
"""Positions rolled out together when the targets are truncated rollouts (one evaluation batch a
ply for all their games; each group's dice seeded by the chunk and the group)."""

METHOD = (
    "then the contact net fitted (cross-entropy, Adam) to its own search's values Q(S, k) "
    "on self-play positions"
)
"""Added to the weights' ``method`` note by :func:`fit`."""

ROLLOUT_METHOD = (
    "then the contact net fitted (cross-entropy, Adam) to its own rollouts of self-play positions"
)
"""Added instead (or as well) when the chunks' targets are rollouts."""


class DistillError(Exception):
    """Data that cannot be used: a damaged chunk, or chunks made differently from the run asked for."""


@dataclass(frozen=True)
class ChunkSpec:
    """What a chunk of positions is made from; stored in the chunk and checked on resume."""

    seed: int
    """The run's seed; chunk ``index`` draws its dice from a generator seeded by (seed, index)."""
    index: int
    """Which chunk of the run."""
    size: int
    """Positions in the chunk."""
    decisions: int
    """``k`` of the targets ``Q(S, k)``."""
    sample: float
    """Probability that a contact position met in self-play is kept."""
    weights_sha256: str
    """SHA-256 of the weights file that played the games and valued the positions."""
    rollouts: int = 0
    """Games per position when the targets are rollouts (:mod:`ai.training.rollout`); 0: ``Q(S, k)``."""
    explore: bool = False
    """Whether the games that meet the positions are played with noise (:data:`EXPLORE_NOISE`)."""
    truncate: int = 0
    """With ``rollouts``: 0, plain games to the race (:func:`ai.training.rollout.rollout_values`);
    more, the game's rollouts with variance reduction stopped after this many plies
    (:func:`ai.training.rollout.truncated_rollout_values`)."""

    def __post_init__(self) -> None:
        if self.truncate < 0 or (self.truncate and not self.rollouts):
            raise DistillError(f"truncate {self.truncate} needs rollouts (and must not be negative)")


@dataclass(frozen=True)
class Chunk:
    """Positions and their search values."""

    spec: ChunkSpec
    """How it was made."""
    boards: npt.NDArray[np.uint8]
    """(N, 50) boards, side on roll before rolling (see :func:`ai.evaluation.evaluator.boards`)."""
    targets: npt.NDArray[np.float32]
    """(N, 5) ``Q(S, k)`` or rollout probabilities for the side on roll."""


# --- generating ------------------------------------------------------------------------------


def make_chunk(evaluator: NeuralEvaluator, spec: ChunkSpec) -> Chunk:
    """Play the net against itself and keep ``spec.size`` contact positions with their ``Q(S, k)``.

    Deterministic: the same evaluator and spec give the same chunk.
    """
    rng = np.random.default_rng([spec.seed, spec.index])
    kept_boards: list[npt.NDArray[np.uint8]] = []
    kept_targets: list[npt.NDArray[np.float32]] = []
    waiting: list[int] = []  # positions whose targets are truncated rollouts, made at the end
    for kept, b in met_positions(evaluator, rng, spec.size, spec.sample, spec.explore):
        if spec.truncate:
            waiting.extend(kept)
        else:
            if spec.rollouts:
                q = rollout_values(kept, spec.rollouts, evaluator, rng)
            else:
                q = position_values(kept, spec.decisions, evaluator)
            kept_targets.append(q.astype(np.float32))
        kept_boards.append(b)
    if spec.truncate:
        kept_targets = [_truncated_targets(waiting, spec, evaluator)]
    return Chunk(spec, np.concatenate(kept_boards), np.concatenate(kept_targets))


def _truncated_targets(
    codes: list[int], spec: ChunkSpec, evaluator: NeuralEvaluator
) -> npt.NDArray[np.float32]:
    """Truncated rollouts of ``codes``, :data:`ROLLOUT_GROUP` at a time."""
    parts = []
    for group, at in enumerate(range(0, len(codes), ROLLOUT_GROUP)):
        seed = int(np.random.default_rng([spec.seed, spec.index, group]).integers(1 << 31))
        part = codes[at : at + ROLLOUT_GROUP]
        parts.append(truncated_rollout_values(part, spec.rollouts, spec.truncate, evaluator, seed))
    return np.concatenate(parts).astype(np.float32)


def chunk_path(folder: Path, index: int) -> Path:
    """Where chunk ``index`` of a run is kept."""
    return folder / f"chunk-{index:05d}.npz"


def save_chunk(path: Path, chunk: Chunk) -> None:
    """Write a chunk atomically."""
    buf = io.BytesIO()
    np.savez_compressed(
        buf,
        boards=chunk.boards,
        targets=chunk.targets,
        spec=np.array(json.dumps(asdict(chunk.spec), sort_keys=True)),
    )
    write_atomic(path, buf.getvalue())


def load_chunk(path: Path) -> Chunk:
    """Read a chunk; raises :class:`DistillError` with the reason when it cannot be used."""
    try:
        with np.load(path, allow_pickle=False) as z:
            spec = ChunkSpec(**json.loads(str(z["spec"])))
            b = np.asarray(z["boards"], dtype=np.uint8)
            t = np.asarray(z["targets"], dtype=np.float32)
    except Exception as exc:
        raise DistillError(f"{path} is not a readable chunk of positions ({exc})") from None
    if b.ndim != 2 or b.shape[1] != 50 or t.shape != (b.shape[0], 5) or b.shape[0] != spec.size:
        raise DistillError(f"{path}: arrays of the wrong shape for a chunk of {spec.size} positions")
    if not (np.isfinite(t).all() and (t >= 0).all() and (t <= 1).all()):
        raise DistillError(f"{path}: targets that are not probabilities")
    return Chunk(spec, b, t)


def file_sha256(path: Path) -> str:
    """SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


_WORKER: dict[str, Any] = {}
"""Per worker process: the evaluator, loaded once (set by :func:`_init_worker`)."""


def _init_worker(weights: str, use_bearoff: bool) -> None:
    _WORKER["evaluator"] = _evaluator(Path(weights), use_bearoff)


def _make_in_worker(spec: ChunkSpec) -> Chunk:
    return make_chunk(_WORKER["evaluator"], spec)


def _evaluator(weights: Path, use_bearoff: bool) -> NeuralEvaluator:
    nets = load_nets(weights)
    db = None
    if use_bearoff:
        from ai.evaluation.bearoff import load_or_build

        db = load_or_build(progress=False)
    return NeuralEvaluator(nets, db)


def generate(
    weights: Path,
    out: Path,
    positions: int,
    seed: int,
    *,
    decisions: int = 2,
    rollouts: int = 0,
    explore: bool = False,
    sample: float = 0.25,
    chunk: int = 2000,
    jobs: int = 1,
    use_bearoff: bool = True,
    truncate: int = 0,
    on_chunk: Callable[[int, int], None] | None = None,
) -> int:
    """Make the chunks of a run that are not in ``out`` yet; returns how many were made.

    ``on_chunk(done, total)`` is called with the positions in ``out`` and the run's ``positions``
    before the first chunk is made and after each is written. Raises
    :class:`DistillError` when a chunk already in ``out`` was made differently.
    """
    sha = file_sha256(weights)
    count = -(-positions // chunk)
    specs = [
        ChunkSpec(
            seed, i, min(chunk, positions - i * chunk), decisions, sample, sha, rollouts, explore, truncate
        )
        for i in range(count)
    ]
    todo = []
    for spec in specs:
        path = chunk_path(out, spec.index)
        if path.exists():
            have = load_chunk(path).spec
            if have != spec:
                raise DistillError(
                    f"{path} was made differently ({_difference(have, spec)}); use another folder"
                )
        else:
            todo.append(spec)
    done = positions - sum(spec.size for spec in todo)
    if on_chunk is not None:
        on_chunk(done, positions)
    out.mkdir(parents=True, exist_ok=True)

    def saved(c: Chunk) -> None:
        nonlocal done
        save_chunk(chunk_path(out, c.spec.index), c)
        done += c.spec.size
        if on_chunk is not None:
            on_chunk(done, positions)

    if jobs <= 1:
        evaluator = _evaluator(weights, use_bearoff)
        for spec in todo:
            saved(make_chunk(evaluator, spec))
    elif todo:
        with ProcessPoolExecutor(
            jobs, initializer=_init_worker, initargs=(str(weights), use_bearoff)
        ) as pool:
            for c in pool.map(_make_in_worker, todo, chunksize=1):
                saved(c)
    return len(todo)


SPEC_FIELDS = ("seed", "size", "decisions", "rollouts", "truncate", "explore", "sample", "weights_sha256")
"""The fields of a :class:`ChunkSpec` a resumed run is checked against, in the order they are named."""


def _difference(have: ChunkSpec, want: ChunkSpec) -> str:
    diffs = [
        f"{name} {getattr(have, name)!r}, not {getattr(want, name)!r}"
        for name in SPEC_FIELDS
        if getattr(have, name) != getattr(want, name)
    ]
    return "; ".join(diffs)


# --- fitting ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FitReport:
    """What a fit did."""

    rows: int
    """Contact positions fitted (the held-out ones excluded)."""
    validation_rows: int
    """Positions held out (whole chunks) to measure the fit."""
    mse_before: float
    """Mean squared error of the starting net against the validation targets."""
    mse_after: list[float]
    """The same after each epoch."""


def read_chunks(folders: Sequence[Path]) -> list[Chunk]:
    """Every chunk in the folders, in name order; raises :class:`DistillError` if there are none."""
    chunks: list[Chunk] = []
    for folder in folders:
        paths = sorted(Path(folder).glob("chunk-*.npz"))
        if not paths:
            raise DistillError(f"no chunks of positions in {folder}")
        chunks.extend(load_chunk(p) for p in paths)
    return chunks


def fit(
    nets: NetSet,
    chunks: Sequence[Chunk],
    *,
    epochs: int = 4,
    lr: float = 1.3e-4,
    lr_end: float | None = None,
    batch: int = 128,
    seed: int = 0,
    validation: float = 0.1,
    on_epoch: Callable[[int, float], None] | None = None,
) -> FitReport:
    """Train ``nets.contact`` in place towards the chunks' targets and note it in ``nets.meta``.

    A ``validation`` share of the chunks (at least one, chosen with ``seed``) is held
    out and the mean squared error on it reported after every epoch (``on_epoch(epoch,
    mse)``). Whole chunks, not positions, are held out: the positions of one game are
    alike, and chunks come from different games, so the held-out error is not flattered
    by near-copies of the positions fitted.
    The Adam step size falls geometrically from ``lr`` to ``lr_end`` over the fit
    (constant when ``lr_end`` is None).
    """
    if nets.crashed is not None:
        raise DistillError(
            "the weights hold a crashed net, which a distillation does not fit:"
            " start from weights without one"
        )
    if len(chunks) < 2:
        raise DistillError("a fit needs at least two chunks: one is held out to measure it")
    rng = np.random.default_rng(seed)
    held = np.zeros(len(chunks), dtype=bool)
    held[rng.permutation(len(chunks))[: max(1, round(len(chunks) * validation))]] = True
    b = np.concatenate([c.boards for c in chunks])
    y = np.concatenate([c.targets for c in chunks]).astype(np.float32)
    in_held = np.repeat(held, [len(c.boards) for c in chunks])
    keep = contact_mask(b)
    report = fit_rows(
        nets.contact, encode(b[keep]).astype(np.float32), y[keep], in_held[keep],
        epochs=epochs, lr=lr, lr_end=lr_end, batch=batch, rng=rng, on_epoch=on_epoch,
    )  # fmt: skip
    _note(nets, chunks, report, epochs=epochs, lr=lr, lr_end=lr_end, batch=batch, seed=seed)
    return report


def fit_rows(
    net: MLP,
    x: npt.NDArray[np.float32],
    y: npt.NDArray[np.float32],
    held: npt.NDArray[np.bool_],
    *,
    epochs: int,
    lr: float,
    lr_end: float | None,
    batch: int,
    rng: np.random.Generator,
    on_epoch: Callable[[int, float], None] | None = None,
) -> FitReport:
    """Train ``net`` in place towards the targets ``y`` of the encoded positions ``x`` (cross-entropy
    on the five outputs, Adam, shuffled by ``rng``), the rows ``held`` kept out and measured after
    every epoch; the step size falls geometrically from ``lr`` to ``lr_end`` (constant when None)."""
    val = np.flatnonzero(held)
    train = rng.permutation(np.flatnonzero(~held))
    if len(val) == 0 or len(train) == 0:
        raise DistillError("too few contact positions to fit")
    adam = Adam.zeros_like(net.params())

    def mse(rows: npt.NDArray[np.int64]) -> float:
        return float(np.mean((net.forward(x[rows]) - y[rows]) ** 2))

    before = mse(val)
    after = []
    steps = epochs * -(-len(train) // batch)
    decay = (lr_end / lr) ** (1.0 / max(1, steps - 1)) if lr_end is not None else 1.0
    step_size = lr
    for epoch in range(1, epochs + 1):
        rng.shuffle(train)
        for start in range(0, len(train), batch):
            rows = train[start : start + batch]
            grads, _ = gradients(net, x[rows], y[rows])
            adam.step(net.params(), grads, step_size)
            step_size *= decay
        after.append(mse(val))
        if on_epoch is not None:
            on_epoch(epoch, after[-1])
    return FitReport(len(train), len(val), before, after)


def _note(nets: NetSet, chunks: Sequence[Chunk], report: FitReport, **settings: Any) -> None:
    """Record the fit in the weights' notes (a list: a net may be distilled more than once)."""
    specs = [c.spec for c in chunks]
    runs = sorted(
        {(s.seed, s.decisions, s.rollouts, s.truncate, s.explore, s.sample, s.weights_sha256) for s in specs}
    )
    entry = {
        "positions": report.rows,
        "validation_positions": report.validation_rows,
        "validation_mse": [round(report.mse_before, 7), *(round(m, 7) for m in report.mse_after)],
        "data": [
            {
                "seed": seed,
                "decisions": k,
                "rollouts": n,
                "truncate": t,
                "explore": e,
                "sample": p,
                "targets_from_sha256": sha,
            }
            for seed, k, n, t, e, p, sha in runs
        ],
        **settings,
    }
    meta = nets.meta
    meta["distillations"] = [*meta.get("distillations", []), entry]
    meta["distilled_positions"] = int(meta.get("distilled_positions", 0)) + report.rows
    method = str(meta.get("method", ""))
    for used, text in (
        (any(not s.rollouts for s in specs), METHOD),
        (any(s.rollouts for s in specs), ROLLOUT_METHOD),
    ):
        if used and text not in method:
            method = f"{method}; {text}" if method else text
    meta["method"] = method


# --- command line --------------------------------------------------------------------------


def _bar(done: int, total: int, start: float, what: str) -> None:
    width = 30
    filled = int(width * done / max(1, total))
    rate = done / max(1e-9, time.monotonic() - start)
    sys.stderr.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total} {what}  {rate:.2f}/s   ")
    sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    """Run ``generate`` or ``fit`` from the command line; returns an exit status."""
    ap = argparse.ArgumentParser(prog="python -m ai.training.distill", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="self-play positions valued by the search, in chunks")
    g.add_argument("--weights", type=Path, required=True, help="the net that plays and is searched with")
    g.add_argument("--out", type=Path, required=True, help="folder of chunks (an existing run is continued)")
    g.add_argument("--positions", type=int, required=True, help="positions in the whole run")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--decisions", type=int, default=2, help="k of the targets Q(S, k) (default 2)")
    g.add_argument(
        "--rollouts", type=int, default=0, help="targets by rolling each position out N times instead"
    )
    g.add_argument(
        "--truncate", type=int, default=0, metavar="P",
        help="with --rollouts: the game's rollouts (variance reduction) stopped after P plies",
    )  # fmt: skip
    g.add_argument("--explore", action="store_true", help="meet the positions in games played with noise")
    g.add_argument(
        "--sample", type=non_negative, default=0.25, help="share of contact positions kept (default 0.25)"
    )
    g.add_argument("--chunk", type=int, default=2000, help="positions a chunk (default 2000)")
    g.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    g.add_argument("--no-bearoff", action="store_true", help="do not use the exact bear-off database")
    g.add_argument("--quiet", action="store_true", help="no progress bar")
    f = sub.add_parser("fit", help="train the contact net towards the positions' search values")
    f.add_argument("--weights", type=Path, required=True, help="the net to start from")
    f.add_argument("--data", type=Path, nargs="+", required=True, help="folders of chunks")
    f.add_argument("--out", type=Path, required=True, help="weights file to write (a .sha256 beside it)")
    f.add_argument("--epochs", type=int, default=4)
    f.add_argument("--lr", type=non_negative, default=1.3e-4, help="Adam step size (default 1.3e-4)")
    f.add_argument(
        "--lr-end", type=non_negative, help="step size at the end, reached geometrically (default: --lr)"
    )
    f.add_argument("--batch", type=int, default=128)
    f.add_argument("--seed", type=int, default=0, help="seed of the validation split and the shuffles")
    args = ap.parse_args(argv)
    try:
        if args.command == "generate":
            return _generate(ap, args)
        return _fit(ap, args)
    except (NetworkError, DistillError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _generate_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with ``generate``'s options, if anything."""
    checks = (
        (min(args.positions, args.chunk, args.jobs) <= 0, "--positions, --chunk and --jobs must be positive"),
        (not 0 < args.sample <= 1, "--sample must be in (0, 1]"),
        (not 0 <= args.decisions <= 4, "--decisions must be 0..4"),
        (not 0 <= args.rollouts <= 100000, "--rollouts must be 0..100000"),
        (bool(args.truncate) and not args.rollouts, "--truncate needs --rollouts"),
        (not 0 <= args.truncate <= 1000, "--truncate must be 0..1000"),
    )
    return next((message for bad, message in checks if bad), None)


def _generate(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if (problem := _generate_problem(args)) is not None:
        ap.error(problem)
    load_nets(args.weights)  # a clear message now, not in every worker
    if not args.no_bearoff:
        from ai.evaluation.bearoff import load_or_build

        load_or_build(progress=not args.quiet)  # built (once, cached) here, not in every worker
    start = time.monotonic()
    first: list[int] = []

    def progress(done: int, total: int) -> None:  # positions: this run's, not those made before
        if not first:
            first.append(done)
        if not args.quiet:
            _bar(done - first[0], total - first[0], start, "positions")

    try:
        made = generate(
            args.weights,
            args.out,
            args.positions,
            args.seed,
            decisions=args.decisions,
            rollouts=args.rollouts,
            truncate=args.truncate,
            explore=args.explore,
            sample=args.sample,
            chunk=args.chunk,
            jobs=args.jobs,
            use_bearoff=not args.no_bearoff,
            on_chunk=progress,
        )
    except KeyboardInterrupt:
        print(
            f"\nstopped; the chunks written are kept in {args.out} (run again to continue)", file=sys.stderr
        )
        return 130
    if not args.quiet:
        sys.stderr.write("\n")
    print(f"{made} chunks made in {time.monotonic() - start:.0f} s; {args.out} holds the run")
    return 0


def _fit(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.epochs <= 0 or args.batch <= 0 or args.lr <= 0 or (args.lr_end is not None and args.lr_end <= 0):
        ap.error("--epochs, --batch, --lr and --lr-end must be positive")
    nets = load_nets(args.weights)
    chunks = read_chunks(args.data)
    start = time.monotonic()

    def epoch_done(epoch: int, mse: float) -> None:
        print(f"epoch {epoch}: validation MSE {mse:.6f}  ({time.monotonic() - start:.0f} s)", flush=True)

    report = fit(
        nets,
        chunks,
        epochs=args.epochs,
        lr=args.lr,
        lr_end=args.lr_end,
        batch=args.batch,
        seed=args.seed,
        on_epoch=epoch_done,
    )
    save_nets(args.out, nets)
    print(
        f"fitted {report.rows} positions ({report.validation_rows} held out): validation MSE "
        f"{report.mse_before:.6f} -> {report.mse_after[-1]:.6f}; wrote {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
