"""Exact bear-offs: a one-sided database of every home-board position, built by dynamic programming.

A side's *home position* is up to 15 checkers on its points 1..6 (54,264 of them,
counting the empty board). For each the database holds the distribution of the
number of rolls needed to bear everything off, playing each roll to minimise the
expected number of rolls; and, for the 15,504 positions with all fifteen checkers
still on the board, the distribution of the rolls needed to bear off the *first*
checker (played to minimise that), which is what saving a gammon needs.

Two such one-sided answers give the exact race between two sides that are both
home (:meth:`BearoffDatabase.probabilities`): the side on roll with ``a(n)``
against ``b(n)`` wins with probability ``sum_n a(n) * P(b >= n)``. The gammon
chances use the first-checker distributions the same way (the two sides' plans
are taken as independent, so they are near-exact rather than exact); backgammons
cannot happen once both sides are home.

Positions are numbered by the combinatorial number system: a home position with
counts ``c1..c6`` and ``c0 = 15 - sum`` borne off is a row of 15 checkers and 6
separators, and its index is the rank of the separators' places. The database is
built once (about a minute, with a progress bar) and stored as a compressed
``.npz`` (probabilities in 1/65535ths) in ``assets/bearoff/`` or the user data
folder, with its SHA-256 checked on load.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import math
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ai.evaluation.evaluator import Probs
from game.rules.movegen import results
from game.support.files import read_regular, write_with_checksum

POINTS = 6
CHECKERS = 15
N_POSITIONS = math.comb(CHECKERS + POINTS, POINTS)
"""54,264: home positions of up to 15 checkers on 6 points."""
MAX_ROLLS = 32
"""Length of each distribution (longer bear-offs, vanishingly rare, are counted in the last entry)."""
FORMAT_VERSION = 1
SCALE = 65535
FILE_NAME = "bearoff-1s-6pt.npz"

_COMB = np.array(
    [[math.comb(n, k) for k in range(POINTS + 1)] for n in range(CHECKERS + POINTS + 1)], dtype=np.int64
)
_ROLLS = tuple((a, b, (1 if a == b else 2) / 36.0) for a in range(1, 7) for b in range(a, 7))
_PIPS = np.arange(1, POINTS + 1, dtype=np.int64)


class BearoffError(Exception):
    """A bear-off database file that is missing, damaged or of another version."""


def index_of(counts: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Index (0..54,263) of each home position; ``counts`` is (N, 6) checkers on points 1..6."""
    c = np.asarray(counts, dtype=np.int64).reshape(-1, POINTS)
    seps = np.cumsum(c, axis=1) + np.arange(POINTS)  # places of the separators after points 1..6
    out: npt.NDArray[np.int64] = _COMB[seps, np.arange(1, POINTS + 1)].sum(axis=1)
    return out


def all_positions() -> npt.NDArray[np.int64]:
    """Every home position as (54,264, 6) counts, row ``i`` the position of index ``i``."""
    out = np.zeros((N_POSITIONS, POINTS), dtype=np.int64)

    def fill(prefix: list[int], left: int) -> None:
        if len(prefix) == POINTS:
            row = np.array(prefix)
            out[index_of(row)[0]] = row
            return
        for n in range(left + 1):
            fill([*prefix, n], left - n)

    fill([], CHECKERS)
    return out


def _code(counts: npt.NDArray[np.int64]) -> int:
    return int.from_bytes(bytes(counts.tolist()), "little")


def build(
    progress: Callable[[int, int], None] | None = None, max_checkers: int = CHECKERS
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Compute (all-off distributions (54,264, 32), first-off distributions (54,264, 32)).

    The first-off rows are only meaningful for positions with 15 checkers; the
    others have all their weight on 0 rolls (a checker is off already).
    ``max_checkers`` below 15 fills only the rows of positions with that many
    checkers or fewer (moves never add checkers, so those rows are complete); tests use it.
    """
    positions = all_positions()
    pips = positions @ _PIPS
    order = np.argsort(pips, kind="stable")
    codes = [_code(row) for row in positions]
    index = {code: i for i, code in enumerate(codes)}
    on_board = positions.sum(axis=1)
    dist = np.zeros((N_POSITIONS, MAX_ROLLS))
    first = np.zeros((N_POSITIONS, MAX_ROLLS))
    mean = np.zeros(N_POSITIONS)
    first_mean = np.zeros(N_POSITIONS)
    for done, i in enumerate(order.tolist()):
        if progress is not None and done % 500 == 0:
            progress(done, N_POSITIONS)
        if on_board[i] > max_checkers:
            continue
        if on_board[i] == 0:
            dist[i, 0] = 1.0
            first[i, 0] = 1.0
            continue
        if on_board[i] < CHECKERS:
            first[i, 0] = 1.0
        row = np.zeros(MAX_ROLLS)
        frow = np.zeros(MAX_ROLLS)
        for d1, d2, w in _ROLLS:
            res = [index[r] for r in results(codes[i], d1, d2)]
            best = min(res, key=mean.__getitem__)
            row[1:] += w * dist[best, :-1]
            row[-1] += w * dist[best, -1]
            if on_board[i] == CHECKERS:
                if any(on_board[r] < CHECKERS for r in res):
                    frow[1] += w
                else:
                    fbest = min(res, key=first_mean.__getitem__)
                    frow[1:] += w * first[fbest, :-1]
                    frow[-1] += w * first[fbest, -1]
        dist[i] = row
        mean[i] = row @ np.arange(MAX_ROLLS)
        if on_board[i] == CHECKERS:
            first[i] = frow
            first_mean[i] = frow @ np.arange(MAX_ROLLS)
    if progress is not None:
        progress(N_POSITIONS, N_POSITIONS)
    return dist, first


def _quantise(p: npt.NDArray[np.float64]) -> npt.NDArray[np.uint16]:
    return np.rint(np.clip(p, 0.0, 1.0) * SCALE).astype(np.uint16)


class BearoffDatabase:
    """The one-sided bear-off tables, and exact evaluation of positions with both sides home."""

    def __init__(self, dist: npt.NDArray[np.float64], first: npt.NDArray[np.float64]) -> None:
        if dist.shape != (N_POSITIONS, MAX_ROLLS) or first.shape != (N_POSITIONS, MAX_ROLLS):
            raise BearoffError("bear-off tables have the wrong shape")
        # kept only as survival functions, P(rolls >= n), in float32 (7 MB each)
        self._surv = np.ascontiguousarray(np.cumsum(dist[:, ::-1], axis=1)[:, ::-1], dtype=np.float32)
        self._first_surv = np.ascontiguousarray(np.cumsum(first[:, ::-1], axis=1)[:, ::-1], dtype=np.float32)

    @staticmethod
    def _exact(surv: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """Rows of P(rolls == n) from rows of P(rolls >= n)."""
        d = surv.astype(np.float64)
        d[:, :-1] -= surv[:, 1:]
        return d

    @property
    def dist(self) -> npt.NDArray[np.float64]:
        """(54,264, 32): probability of needing exactly n rolls to bear off everything."""
        return self._exact(self._surv)

    @property
    def first(self) -> npt.NDArray[np.float64]:
        """(54,264, 32): probability of needing n rolls to bear off a first checker (15 on board)."""
        return self._exact(self._first_surv)

    def expected_rolls(self, counts: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """Mean rolls to bear off each (N, 6) home position."""
        return self._exact(self._surv[index_of(counts)]) @ np.arange(MAX_ROLLS, dtype=np.float64)

    @staticmethod
    def covered(b: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
        """True for each (N, 50) board where both sides have every checker on their points 1..6."""
        outside = b[:, 6:25].any(axis=1) | b[:, 31:50].any(axis=1)
        return np.asarray(~outside, dtype=bool)

    def probabilities(self, b: npt.NDArray[np.uint8]) -> Probs:
        """Five probabilities for the side on roll of covered (N, 50) boards."""
        me = index_of(b[:, 0:6])
        them = index_of(b[:, 25:31])
        a = self._exact(self._surv[me])
        # P(the opponent needs >= n rolls), n = 0..31
        win = (a * self._surv[them]).sum(axis=1)
        their_full = b[:, 25:31].sum(axis=1) == CHECKERS
        my_full = b[:, 0:6].sum(axis=1) == CHECKERS
        wg = np.where(their_full, (a * self._first_surv[them]).sum(axis=1), 0.0)
        # the opponent finishes on its roll m (after m of mine) while I still have not a checker off
        my_first_after = np.concatenate([self._first_surv[me][:, 1:], np.zeros((len(me), 1))], axis=1)
        lg = np.where(my_full, (self._exact(self._surv[them]) * my_first_after).sum(axis=1), 0.0)
        win = np.clip(win, 0.0, 1.0)
        wg = np.minimum(np.clip(wg, 0.0, 1.0), win)
        lg = np.minimum(np.clip(lg, 0.0, 1.0), 1.0 - win)
        zero = np.zeros_like(win)
        return np.stack([win, wg, zero, lg, zero], axis=1)

    # storage
    def to_bytes(self) -> bytes:
        """The compressed .npz form."""
        buf = io.BytesIO()
        np.savez_compressed(
            buf,
            version=np.array(FORMAT_VERSION),
            dist=_quantise(self.dist),
            first=_quantise(self.first),
        )
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "bear-off database") -> BearoffDatabase:
        """Read the .npz form; raises :class:`BearoffError`."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                version = int(z["version"])
                dist = z["dist"].astype(np.float64) / SCALE
                first = z["first"].astype(np.float64) / SCALE
        except Exception as exc:
            raise BearoffError(f"{source} is not readable ({exc})") from None
        if version != FORMAT_VERSION:
            raise BearoffError(f"{source} has format version {version}, expected {FORMAT_VERSION}")
        # undo quantisation drift: each distribution sums to 1
        dist /= np.maximum(dist.sum(axis=1, keepdims=True), 1e-12)
        first /= np.maximum(first.sum(axis=1, keepdims=True), 1e-12)
        return cls(dist, first)

    def save(self, path: Path) -> str:
        """Write the database and its .sha256 beside it (atomically); return the SHA-256."""
        return write_with_checksum(path, self.to_bytes())

    @classmethod
    def load(cls, path: Path) -> BearoffDatabase:
        """Read a saved database after checking its SHA-256; raises :class:`BearoffError`."""
        if not path.is_file():
            raise BearoffError(f"bear-off database not found: {path}")
        sums = path.with_name(path.name + ".sha256")
        if not sums.is_file():
            raise BearoffError(f"checksum file not found beside the bear-off database: {sums}")
        try:
            data = read_regular(path, 64 << 20)
            words = read_regular(sums, 4096).decode("utf-8", errors="replace").split()
        except OSError as exc:
            raise BearoffError(f"bear-off database cannot be read: {path} ({exc.strerror or exc})") from None
        if not words or hashlib.sha256(data).hexdigest() != words[0].lower():
            raise BearoffError(f"bear-off database is damaged (SHA-256 does not match): {path}")
        return cls.from_bytes(data, source=str(path))


def bundled_path() -> Path:
    """Where the shipped database lives."""
    from game.support.resources import asset_path

    return asset_path("bearoff", FILE_NAME)


def cache_path() -> Path:
    """Where a database built on first use is kept."""
    from game.support.resources import user_data_dir

    return user_data_dir() / "cache" / FILE_NAME


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(1, total)
    sys.stderr.write(f"\rbuilding bear-off database [{'#' * filled}{'-' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def load_or_build(progress: bool = False, allow_build: bool = True) -> BearoffDatabase | None:
    """The shipped database, else the cached one, else (when allowed) build and cache it.

    Returns None when nothing usable exists and building is not allowed.
    """
    for where in (bundled_path, cache_path):  # the cache only if the shipped file fails
        try:
            return BearoffDatabase.load(where())
        except (BearoffError, OSError):  # OSError: no user folder can be made (saving is off)
            continue
    if not allow_build:
        return None
    db = BearoffDatabase(*build(_bar if progress else None))
    db.save(cache_path())
    return db


def main(argv: list[str] | None = None) -> int:
    """Build the database into a file:
    ``python -m ai.evaluation.bearoff --out assets/bearoff/bearoff-1s-6pt.npz``."""
    ap = argparse.ArgumentParser(
        prog="python -m ai.evaluation.bearoff", description="Build the one-sided bear-off database."
    )
    ap.add_argument(
        "--out", type=Path, default=None, help=f"output file (default: assets/bearoff/{FILE_NAME})"
    )
    args = ap.parse_args(argv)
    out: Path = args.out or bundled_path()
    db = BearoffDatabase(*build(_bar))
    digest = db.save(out)
    print(f"wrote {out} ({out.stat().st_size} bytes, sha256 {digest[:16]}...)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
