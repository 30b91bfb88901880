r"""The harvest: positions where the net is most likely wrong, rolled out, and kept for good.

    nice -n 19 python -m ai.training.harvest run [--jobs N] [--hours H] [--records DIR]
    python -m ai.training.harvest status
    python -m ai.training.harvest measure --set ../shared/data/public-cube-100.jsonl

The work is done in *groups* (:func:`harvest_group`), each fixed by the stream's seed and its
index: the net plays itself with exploring noise (:func:`ai.training.self_play.met_positions`) and,
where real records are at hand, a share of the candidates are positions from them; every candidate
is valued by the net alone (what depth 1 sees of it) and by its depth-3 search (``Q(S, 2)``), and
the ones where the two disagree most are rolled out (:func:`ai.training.rollout.truncated_rollouts`:
cubeless, stratified first rolls, each roll's luck taken out, stopped after a few plies and valued
there by the net). :data:`SETTINGS` says how many, and docs/training.md why.

Groups done are kept in a pending file (atomically, after each), so a run killed outright loses
only the groups in flight and the next run resumes them; a shard is written from the pending
groups when it is full, when the run's time is up, or on SIGINT/SIGTERM, and then named in
``manifest.json``. A shard is written whole or not at all (write, then rename). Each run of
shards draws a new seed, so no two shards share their dice or their self-play games.
"""

from __future__ import annotations

if __name__ == "__main__":  # one BLAS thread, set before numpy loads (see ai.blas)
    from ai.blas import use_one_thread

    use_one_thread()

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ai.cli.options import non_negative
from ai.evaluation.evaluator import boards, equity
from ai.evaluation.features import contact_mask
from ai.evaluation.load import net_name
from ai.evaluation.network import NeuralEvaluator, load_nets
from ai.search import position_values
from ai.training.distill import file_sha256
from ai.training.rollout import truncated_rollouts
from ai.training.self_play import met_positions
from game.support.files import write_atomic

REPOSITORY = Path(__file__).resolve().parents[2]
DEFAULT_FOLDER = REPOSITORY / "data" / "harvest"
"""Where the shards and the manifest are kept (committed; never bundled)."""
DEFAULT_WEIGHTS = REPOSITORY / "assets" / "weights" / "net.npz"
DEFAULT_RECORDS = REPOSITORY.parent / "shared" / "records"
"""The corpus of real records beside the checkout, when there is one."""

MANIFEST = "manifest.json"
PENDING = ".pending.npz"
"""The groups done towards the next shard (not committed)."""

DESCRIPTION = "Roll out positions where the net is most likely wrong, and keep them (data/harvest/)."

SHARD_POSITIONS = 5000
"""A shard is written once this many positions are pending (about 0.4 MB)."""


class HarvestError(Exception):
    """A harvest folder that cannot be used as it is: a damaged manifest or pending file."""


HARVEST_DEPTH = 1
"""The play inside the harvest's rollouts: the net's best move. Depth 2 (``--depth 2``) was
measured in session 64 (docs/training.md, "Depth 2 inside the rollouts"): four to five times the
time, and no nearer GNU Backgammon's plies or its own rollouts at 36 games cut at 5 plies."""


@dataclass(frozen=True)
class HarvestSettings:
    """How positions are picked and rolled out; stored with every shard."""

    trials: int = 36
    """Games rolled out per position: one round of the stratified first rolls."""
    truncate: int = 5
    """Plies each game is played before the net values it. On public-cube-100 against GNU
    Backgammon's 2-ply chances (``measure``), 36 games cut at 5 plies were as close as any setting
    tried (cubeless equity off by 0.0257 on average, against 0.0242-0.0273 for 36-144 games cut at
    7-15 plies, and 0.0551 for the net alone) in the least time; docs/training.md has the table."""
    group: int = 50
    """Positions rolled out per group (one evaluation batch a ply for their games)."""
    pool: int = 4
    """Candidates valued per position kept: the quarter where depth 1 and depth 3 disagree most."""
    sample: float = 0.05
    """Chance that a contact position met in self-play becomes a candidate (so they come from many
    games and from every stage of them)."""
    explore: bool = True
    """Self-play games played with noise (:data:`ai.training.train.EXPLORE_NOISE`)."""
    record_share: float = 0.25
    """Share of the candidates drawn from real records' positions, when records are given."""
    depth: int = HARVEST_DEPTH
    """The search depth of the checker play inside the rolled-out games (1: the net's best move);
    stored with the shards since session 64 (those before were played at 1)."""


SETTINGS = HarvestSettings()


@dataclass(frozen=True)
class Group:
    """The positions of one group with their rollouts."""

    seed: int
    index: int
    boards: npt.NDArray[np.uint8]
    """(N, 50) boards, side on roll before rolling."""
    probs: npt.NDArray[np.float32]
    """(N, 5) rolled-out chances (win, gammon, backgammon, lose gammon, lose backgammon)."""
    se: npt.NDArray[np.float32]
    """(N, 5) their standard errors."""
    source: npt.NDArray[np.uint8]
    """(N,) 0: met in self-play, 1: from a real record."""
    gap: npt.NDArray[np.float32]
    """(N,) how far the net alone and its depth-3 search were apart (cubeless equity)."""


FIELDS = ("boards", "probs", "se", "source", "gap")


def harvest_group(
    evaluator: NeuralEvaluator,
    settings: HarvestSettings,
    seed: int,
    index: int,
    records: Sequence[int] = (),
) -> Group:
    """Group ``index`` of stream ``seed``: deterministic for a given evaluator and records."""
    rng = np.random.default_rng([seed, index])
    want = settings.group * settings.pool
    real = _record_slice(records, seed, index, round(want * settings.record_share))
    codes: list[int] = list(real)
    seen = set(codes)
    for kept, _ in met_positions(evaluator, rng, want - len(real), settings.sample, settings.explore):
        for c in kept:
            if c not in seen:
                seen.add(c)
                codes.append(c)
    static = equity(evaluator.evaluate(codes))
    deep = equity(position_values(codes, 2, evaluator))
    gap = np.abs(static - deep)
    keep = np.sort(np.argsort(-gap, kind="stable")[: settings.group])
    chosen = [codes[i] for i in keep.tolist()]
    mean, se = truncated_rollouts(
        chosen, settings.trials, settings.truncate, evaluator, int(rng.integers(1 << 31)), settings.depth
    )
    return Group(
        seed,
        index,
        boards(chosen),
        mean.astype(np.float32),
        se.astype(np.float32),
        (keep < len(real)).astype(np.uint8),
        gap[keep].astype(np.float32),
    )


def _record_slice(records: Sequence[int], seed: int, index: int, count: int) -> list[int]:
    """Group ``index``'s share of the records' positions: consecutive slices of one permutation per
    stream, so a stream uses each position once before any again."""
    if not records or count <= 0:
        return []
    order = np.random.default_rng([seed, 0x7EC0]).permutation(len(records))
    at = index * count
    return [records[int(order[(at + k) % len(records)])] for k in range(min(count, len(records)))]


def record_positions(folder: Path) -> tuple[list[int], list[str]]:
    """The contact positions before a roll in every record under ``folder`` (each once), and the
    records that could not be read, with why."""
    from game.records.errors import RecordError
    from game.records.formats import load_match

    found: dict[int, None] = {}
    refused = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".md"):
        try:
            match = load_match(path)
        except RecordError as exc:
            refused.append(f"{path.relative_to(folder)}: {exc}")
            continue
        for game in match.games:
            for turn in game.turns:
                found.setdefault(turn.code)
    codes = list(found)
    if not codes:
        return [], refused
    contact = contact_mask(boards(codes))
    return [c for c, k in zip(codes, contact.tolist(), strict=True) if k], refused


# --- the folder: manifest, pending groups, shards -----------------------------------------------


def read_manifest(folder: Path) -> dict[str, Any]:
    """The manifest (``{"shards": [...]}``), empty where there is none yet."""
    path = folder / MANIFEST
    if not path.exists():
        return {"shards": []}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise HarvestError(f"{path} cannot be read ({exc}); mend or move it") from None
    if not isinstance(data, dict) or not isinstance(data.get("shards"), list):
        raise HarvestError(f"{path} is not a harvest manifest")
    return data


@dataclass(frozen=True)
class Pending:
    """Groups done towards the next shard, with what made them."""

    seed: int
    settings: HarvestSettings
    net: dict[str, str]
    groups: tuple[Group, ...]

    @property
    def positions(self) -> int:
        return sum(len(g.boards) for g in self.groups)


def _stack(groups: Sequence[Group]) -> dict[str, npt.NDArray[Any]]:
    return {name: np.concatenate([getattr(g, name) for g in groups]) for name in FIELDS}


def save_pending(folder: Path, pending: Pending) -> None:
    """Write the pending groups atomically."""
    arrays = _stack(pending.groups) if pending.groups else {}
    sizes = np.array([len(g.boards) for g in pending.groups], dtype=np.int64)
    indices = np.array([g.index for g in pending.groups], dtype=np.int64)
    meta = {"seed": pending.seed, "settings": asdict(pending.settings), "net": pending.net}
    _write_npz(folder / PENDING, meta, arrays, sizes=sizes, indices=indices)


def load_pending(folder: Path) -> Pending | None:
    """The pending groups, or None where there are none."""
    path = folder / PENDING
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            sizes, indices = z["sizes"].tolist(), z["indices"].tolist()
            arrays = {name: z[name] for name in FIELDS if name in z.files}
        settings = HarvestSettings(**{"depth": 1, **meta["settings"]})  # stored since session 64
        seed = int(meta["seed"])
        groups, at = [], 0
        for index, size in zip(indices, sizes, strict=True):
            part = {name: arrays[name][at : at + size] for name in FIELDS}
            groups.append(Group(seed, index, **part))
            at += size
    except Exception as exc:
        raise HarvestError(f"{path} is damaged ({exc}); move it aside to go on") from None
    return Pending(seed, settings, dict(meta["net"]), tuple(groups))


def write_shard(folder: Path, pending: Pending) -> dict[str, Any]:
    """Write the pending groups as a shard, name it in the manifest, drop the pending file; returns
    the manifest's entry."""
    manifest = read_manifest(folder)
    name = f"shard-{pending.seed:06d}.npz"
    settings = asdict(pending.settings)
    meta = {"seed": pending.seed, "settings": settings, "net": pending.net}
    indices = np.array([g.index for g in pending.groups], dtype=np.int64)
    _write_npz(folder / name, meta, _stack(pending.groups), groups=indices)
    entry = {
        "file": name,
        "positions": pending.positions,
        "settings": settings,
        "net": pending.net,
        "seed": pending.seed,
        "made": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    manifest["shards"] = [s for s in manifest["shards"] if s.get("file") != name] + [entry]
    write_atomic(folder / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
    (folder / PENDING).unlink(missing_ok=True)
    return entry


def load_shard(path: Path) -> dict[str, npt.NDArray[Any]]:
    """A shard's arrays (``boards``, ``probs``, ``se``, ``source``, ``gap``)."""
    with np.load(path, allow_pickle=False) as z:
        return {name: z[name] for name in FIELDS}


def _write_npz(path: Path, meta: dict[str, Any], arrays: dict[str, Any], **extra: Any) -> None:
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays, **extra)
    write_atomic(path, buf.getvalue())


GIVEN_SEEDS = 1001
"""Seeds from here up are given to runs elsewhere (``--seed``: an accelerator machine's); the seeds a
run draws for itself stay below, so the two kinds of stream never meet."""


def next_seed(folder: Path) -> int:
    """A seed no shard of the folder has used: the next after the highest drawn so far (below
    :data:`GIVEN_SEEDS`; once those are all used, the next after every seed)."""
    used = [int(s.get("seed", 0)) for s in read_manifest(folder)["shards"]]
    drawn = max((s for s in used if s < GIVEN_SEEDS), default=0) + 1
    return drawn if drawn < GIVEN_SEEDS else max(used) + 1


# --- running -------------------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init_worker(weights: str, records: list[int]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the run decides when to stop
    _lowest_priority()
    _WORKER["evaluator"] = _evaluator(Path(weights))
    _WORKER["records"] = records


def _group_in_worker(settings: HarvestSettings, seed: int, index: int) -> Group:
    return harvest_group(_WORKER["evaluator"], settings, seed, index, _WORKER["records"])


def _evaluator(weights: Path) -> NeuralEvaluator:
    from ai.evaluation.bearoff import load_or_build

    return NeuralEvaluator(load_nets(weights), load_or_build(progress=False))


def _lowest_priority() -> None:
    with contextlib.suppress(AttributeError, OSError):  # Windows has no nice; a refusal changes nothing
        os.nice(19 - os.nice(0))


@dataclass(frozen=True)
class RunReport:
    """What a run did."""

    positions: int
    """Positions rolled out by this run."""
    shards: tuple[str, ...]
    """Shards written."""
    seconds: float


def run(
    folder: Path,
    weights: Path,
    *,
    jobs: int = 1,
    seconds: float | None = None,
    positions: int | None = None,
    records: Sequence[int] = (),
    settings: HarvestSettings = SETTINGS,
    seed: int | None = None,
    shard_positions: int = SHARD_POSITIONS,
    should_stop: Callable[[], bool] = lambda: False,
    on_group: Callable[[Group, int], None] | None = None,
) -> RunReport:
    """Harvest until ``should_stop()``, ``seconds`` or ``positions`` (whichever first), then write
    a shard of what is pending. Pending groups of an earlier run are resumed if they were made the
    same way, else written as a shard of their own first."""
    start = time.monotonic()
    folder.mkdir(parents=True, exist_ok=True)
    net = {"name": net_name(load_nets(weights).meta), "sha256": file_sha256(weights)}
    written: list[str] = []
    pending = _resume(folder, settings, net, seed, written)
    done = 0
    next_index = max((g.index for g in pending.groups), default=-1) + 1

    def out_of_time() -> bool:
        return should_stop() or (seconds is not None and time.monotonic() - start >= seconds)

    def enough() -> bool:  # counting the groups in flight
        return positions is not None and done + len(flying) * settings.group >= positions

    flying: dict[int, AsyncResult[Group]] = {}
    ctx = multiprocessing.get_context("spawn")
    pool = ctx.Pool(max(1, jobs), _init_worker, (str(weights), list(records)))
    try:
        while not out_of_time():
            full = pending.positions >= shard_positions
            while len(flying) < 2 * max(1, jobs) and not full and not enough():
                flying[next_index] = pool.apply_async(_group_in_worker, (settings, pending.seed, next_index))
                next_index += 1
            if not flying:
                if not full:
                    break
                # the stream's groups are all in: its shard is written and a new stream begins
                written.append(write_shard(folder, pending)["file"])
                pending, next_index = Pending(next_seed(folder), settings, net, ()), 0
                continue
            ready = [i for i, r in flying.items() if r.ready()]
            if not ready:
                time.sleep(0.2)
                continue
            for i in sorted(ready):
                group = flying.pop(i).get()
                pending = Pending(pending.seed, settings, net, (*pending.groups, group))
                save_pending(folder, pending)
                done += len(group.boards)
                if on_group is not None:
                    on_group(group, done)
    finally:
        pool.terminate()
        pool.join()
    if pending.groups:
        written.append(write_shard(folder, pending)["file"])
    return RunReport(done, tuple(written), time.monotonic() - start)


def _resume(
    folder: Path, settings: HarvestSettings, net: dict[str, str], seed: int | None, written: list[str]
) -> Pending:
    """The stream to go on with: the pending groups if they were made the same way (and no seed is
    asked for), else a new stream, the pending groups first written as a shard of their own."""
    pending = load_pending(folder)
    if pending is not None and pending.settings == settings and pending.net == net and seed is None:
        return pending
    if pending is not None and pending.groups:
        written.append(write_shard(folder, pending)["file"])
    used = {int(s.get("seed", 0)) for s in read_manifest(folder)["shards"]}
    if seed is not None and seed in used:
        raise HarvestError(f"seed {seed} is a shard's already; leave --seed out for a new one")
    return Pending(seed if seed is not None else next_seed(folder), settings, net, ())


# --- measuring -------------------------------------------------------------------------------------


def measure(
    evaluator: NeuralEvaluator, rows: Sequence[dict[str, Any]], settings: HarvestSettings, seed: int
) -> dict[str, float]:
    """The harvest's rollouts of the positions of a cube set (``bgjudge.py make-cube-set``: each row's
    ``gnubg_id`` and gnubg's 2-ply ``cubeless`` chances) against gnubg's chances: the mean absolute
    error of the win and gammon chances and of the cubeless equity, for the rollouts and for the net
    alone, and the rollouts' mean standard error of the win chance. gnubg only measures here."""
    from game.rules.position import from_position_id

    codes = [from_position_id(str(r["gnubg_id"]).split(":")[0]) for r in rows]
    truth = np.array([r["cubeless"] for r in rows], dtype=np.float64)
    mean, se = truncated_rollouts(codes, settings.trials, settings.truncate, evaluator, seed, settings.depth)
    static = np.asarray(evaluator.evaluate(codes), dtype=np.float64)

    def errors(p: npt.NDArray[np.float64]) -> tuple[float, float, float]:
        return (
            float(np.mean(np.abs(p[:, 0] - truth[:, 0]))),
            float(np.mean(np.abs(p[:, 1] - truth[:, 1]))),
            float(np.mean(np.abs(equity(p) - equity(truth)))),
        )

    ro, net = errors(mean), errors(static)
    return {
        "positions": float(len(rows)),
        "rollout_win": ro[0],
        "rollout_gammon": ro[1],
        "rollout_equity": ro[2],
        "net_win": net[0],
        "net_gammon": net[1],
        "net_equity": net[2],
        "rollout_se_win": float(np.mean(se[:, 0])),
    }


# --- command line --------------------------------------------------------------------------------


def _cmd_run(args: argparse.Namespace) -> int:
    _lowest_priority()
    folder = Path(args.out)
    records: list[int] = []
    if args.records and Path(args.records).is_dir():
        records, refused = record_positions(Path(args.records))
        print(f"{len(records)} contact positions from the records ({len(refused)} records unread)")
    stop = {"now": False}

    def note(signum: int, _frame: object) -> None:
        stop["now"] = True
        print(f"\nsignal {signum}: writing the shard", file=sys.stderr)

    signal.signal(signal.SIGINT, note)
    signal.signal(signal.SIGTERM, note)
    started = time.monotonic()

    def progress(group: Group, done: int) -> None:
        rate = done / max(1e-9, time.monotonic() - started) * 3600
        print(f"group {group.seed}/{group.index}: {done} positions, {rate:.0f} an hour", flush=True)

    report = run(
        folder,
        Path(args.weights),
        jobs=args.jobs,
        seconds=None if args.hours is None else args.hours * 3600,
        positions=args.positions,
        records=records,
        seed=args.seed,
        settings=HarvestSettings(
            trials=args.trials, truncate=args.truncate, group=args.group, pool=args.pool, depth=args.depth
        ),
        should_stop=lambda: stop["now"],
        on_group=progress,
    )
    shards = ", ".join(report.shards) or "none"
    print(f"{report.positions} positions in {report.seconds:.0f} s; shards written: {shards}")
    return 0


def _cmd_status(args: argparse.Namespace) -> int:
    folder = Path(args.out)
    shards = read_manifest(folder)["shards"]
    total = sum(int(s["positions"]) for s in shards)
    pending = load_pending(folder)
    print(f"{len(shards)} shards, {total} positions" + (f"; {pending.positions} pending" if pending else ""))
    return 0


def _cmd_measure(args: argparse.Namespace) -> int:
    lines = Path(args.set).read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    if args.count:
        rows = rows[: args.count]
    settings = HarvestSettings(trials=args.trials, truncate=args.truncate, depth=args.depth)
    t0 = time.monotonic()
    result = measure(_evaluator(Path(args.weights)), rows, settings, args.seed)
    result["seconds"] = time.monotonic() - t0
    print(json.dumps({k: round(v, 5) for k, v in result.items()}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.training.harvest", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="harvest until stopped (Ctrl+C or SIGTERM write the shard)")
    p.add_argument("--out", default=str(DEFAULT_FOLDER))
    p.add_argument("--weights", default=str(DEFAULT_WEIGHTS))
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--hours", type=non_negative, help="stop after this long")
    p.add_argument("--positions", type=int, help="stop after this many positions")
    p.add_argument("--records", default=str(DEFAULT_RECORDS), help="real records to draw positions from")
    p.add_argument("--seed", type=int, help="the stream's seed (default: one no shard has used)")
    for name in ("trials", "truncate", "group", "pool"):
        p.add_argument(f"--{name}", type=int, default=getattr(SETTINGS, name), help=argparse.SUPPRESS)
    p.add_argument("--depth", type=int, default=SETTINGS.depth, help="the play's depth inside the games")
    p.set_defaults(func=_cmd_run)
    s = sub.add_parser("status", help="shards and positions so far")
    s.add_argument("--out", default=str(DEFAULT_FOLDER))
    s.set_defaults(func=_cmd_status)
    m = sub.add_parser("measure", help="the rollouts' error against gnubg 2-ply on a cube set")
    m.add_argument("--set", required=True)
    m.add_argument("--weights", default=str(DEFAULT_WEIGHTS))
    m.add_argument("--trials", type=int, default=SETTINGS.trials)
    m.add_argument("--truncate", type=int, default=SETTINGS.truncate)
    m.add_argument("--depth", type=int, default=SETTINGS.depth, help="the play's depth inside the games")
    m.add_argument("--count", type=int, default=0)
    m.add_argument("--seed", type=int, default=1)
    m.set_defaults(func=_cmd_measure)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except HarvestError as exc:
        print(f"harvest: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
