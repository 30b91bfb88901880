"""The evaluation network: a small numpy MLP with five sigmoid outputs, and the evaluator built on it.

Outputs are the gnubg convention (see :mod:`ai.evaluation.evaluator`): win, win gammon, win
backgammon, lose gammon, lose backgammon, for the side on roll, cumulative.
There are two nets, one for contact positions and one for races, and a weights file may
carry a third for crashed positions (:func:`ai.evaluation.features.crashed_mask`), which
then answers those instead of the contact net; race positions with every checker of both
sides home are answered exactly by the bear-off database when one is given.

Weights are saved as one ``.npz`` (arrays plus a JSON ``meta`` entry with the
format version, the feature version and training notes) and a ``.sha256`` file
beside it holding the file's SHA-256. :func:`load_nets` checks both and raises
:class:`NetworkError` with a readable message for a missing, damaged or
wrong-version file.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ai.evaluation.evaluator import Boards, Evaluator, Probs
from ai.evaluation.features import (
    CONTACT_INPUT,
    FEATURE_VERSION,
    N_INPUTS,
    OFF_INPUTS,
    crashed_mask,
    encode,
)
from game.support.files import checksum_path, read_regular, write_with_checksum

if TYPE_CHECKING:
    from ai.evaluation.bearoff import BearoffDatabase

FORMAT_VERSION = 1
"""Version of the weights file layout; files of another version are refused."""

N_OUTPUTS = 5
_LOGIT_LOW, _LOGIT_HIGH = np.float32(-30.0), np.float32(30.0)
"""The outputs' logits are clipped to this range before the sigmoid."""
SPARSE_ROWS = 4
"""Batches from this many rows up multiply only the inputs in use (for fewer, picking them costs
more than it saves)."""
KINDS = ("contact", "race")
"""The nets every weights file holds."""
CRASHED = "crashed"
"""The net a weights file may hold besides :data:`KINDS`."""

F32 = npt.NDArray[np.float32]


MAX_WEIGHTS_BYTES = 256 << 20
"""A weights file larger than this is not one (the shipped one is a third of a megabyte)."""


class NetworkError(Exception):
    """A weights file that is missing, damaged, or of another version."""


@dataclass
class MLP:
    """One hidden layer (tanh) and five sigmoid outputs; all arrays float32."""

    w1: F32
    """(inputs, hidden) weights."""
    b1: F32
    """(hidden,) biases."""
    w2: F32
    """(hidden, 5) weights."""
    b2: F32
    """(5,) biases."""

    @classmethod
    def random(cls, hidden: int, rng: np.random.Generator, n_inputs: int = N_INPUTS) -> MLP:
        """A freshly initialised net (scaled uniform weights, zero biases)."""
        s1 = 1.0 / np.sqrt(n_inputs)
        s2 = 1.0 / np.sqrt(hidden)
        return cls(
            w1=rng.uniform(-s1, s1, (n_inputs, hidden)).astype(np.float32),
            b1=np.zeros(hidden, dtype=np.float32),
            w2=rng.uniform(-s2, s2, (hidden, N_OUTPUTS)).astype(np.float32),
            b2=np.zeros(N_OUTPUTS, dtype=np.float32),
        )

    @property
    def hidden(self) -> int:
        """Hidden units."""
        return int(self.w1.shape[1])

    def params(self) -> list[F32]:
        """The four arrays, in a fixed order (training updates them in place)."""
        return [self.w1, self.b1, self.w2, self.b2]

    def forward_hidden(self, x: F32) -> tuple[F32, F32]:
        """(hidden activations, output probabilities) for (N, inputs) x."""
        h = np.tanh(x @ self.w1 + self.b1)
        z = h @ self.w2 + self.b2
        out = 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))
        return h.astype(np.float32), out.astype(np.float32)

    def forward(self, x: F32) -> F32:
        """Output probabilities (N, 5) for (N, inputs) x: :meth:`forward_hidden`'s, computed in place.

        A batch of :data:`SPARSE_ROWS` or more multiplies only the inputs some row sets: a board
        sets about 35 of the 220, a search's batch of boards from one position some 55 in all."""
        h: F32
        if len(x) >= SPARSE_ROWS and len(used := np.flatnonzero(x.any(axis=0))) < x.shape[1]:
            h = x[:, used] @ self.w1[used]
        else:
            h = x @ self.w1
        h += self.b1
        np.tanh(h, out=h)
        z: F32 = h @ self.w2
        z += self.b2
        np.maximum(z, _LOGIT_LOW, out=z)  # np.clip, at a third of its cost on small batches
        np.minimum(z, _LOGIT_HIGH, out=z)
        np.negative(z, out=z)
        np.exp(z, out=z)
        z += 1.0
        np.reciprocal(z, out=z)
        return z

    def copy(self) -> MLP:
        """A deep copy."""
        return MLP(self.w1.copy(), self.b1.copy(), self.w2.copy(), self.b2.copy())

    def widened(self, hidden: int, rng: np.random.Generator) -> MLP:
        """The same function with ``hidden`` hidden units: the new units get small random input
        weights and zero output weights, so they change nothing until training moves them."""
        extra = hidden - self.hidden
        if extra < 0:
            raise ValueError(f"cannot narrow a net of {self.hidden} hidden units to {hidden}")
        s1 = 0.1 / np.sqrt(self.w1.shape[0])
        return MLP(
            w1=np.concatenate(
                [self.w1, rng.uniform(-s1, s1, (self.w1.shape[0], extra)).astype(np.float32)], axis=1
            ),
            b1=np.concatenate([self.b1, np.zeros(extra, dtype=np.float32)]),
            w2=np.concatenate([self.w2, np.zeros((extra, N_OUTPUTS), dtype=np.float32)], axis=0),
            b2=self.b2.copy(),
        )


def consistent(probs: npt.NDArray[Any]) -> Probs:
    """Clip raw outputs into a consistent cumulative set (gammons within wins, backgammons within gammons)."""
    p = np.clip(np.asarray(probs, dtype=np.float64), 0.0, 1.0)
    win = p[:, 0]
    wg = np.minimum(p[:, 1], win)
    wbg = np.minimum(p[:, 2], wg)
    lg = np.minimum(p[:, 3], 1.0 - win)
    lbg = np.minimum(p[:, 4], lg)
    return np.stack([win, wg, wbg, lg, lbg], axis=1)


def _limited(out: npt.NDArray[Any], x: F32) -> Probs:
    """:func:`consistent` and then :func:`gammon_limits` of raw outputs, in place on one float64
    copy, with each side's checkers off read from the inputs ``x``."""
    p = np.asarray(out).astype(np.float64)
    np.maximum(p, 0.0, out=p)
    np.minimum(p, 1.0, out=p)
    np.minimum(p[:, 1], p[:, 0], out=p[:, 1])
    np.minimum(p[:, 2], p[:, 1], out=p[:, 2])
    np.minimum(p[:, 3], 1.0 - p[:, 0], out=p[:, 3])
    np.minimum(p[:, 4], p[:, 3], out=p[:, 4])
    p[x[:, OFF_INPUTS[1]] > 0, 1:3] = 0.0  # the opponent has borne off: it cannot be gammoned
    p[x[:, OFF_INPUTS[0]] > 0, 3:5] = 0.0
    return p


def gammon_limits(b: npt.NDArray[np.uint8], probs: Probs) -> Probs:
    """Zero the gammon chances that the board rules out: a side that has borne off cannot be gammoned."""
    me_on = b[:, :25].sum(axis=1, dtype=np.int64)
    them_on = b[:, 25:].sum(axis=1, dtype=np.int64)
    p = probs.copy()
    p[them_on < 15, 1:3] = 0.0
    p[me_on < 15, 3:5] = 0.0
    return p


@dataclass
class NetSet:
    """The contact and race nets together, with notes about their training."""

    contact: MLP
    """For positions where the sides can still meet."""
    race: MLP
    """For pure races."""
    meta: dict[str, Any] = field(default_factory=dict)
    """Free-form notes saved with the weights (games trained, seed, ...)."""
    crashed: MLP | None = None
    """For contact positions where a side has crashed; None: the contact net answers them."""

    @classmethod
    def random(cls, hidden: int, rng: np.random.Generator, race_hidden: int | None = None) -> NetSet:
        """Fresh nets."""
        return cls(MLP.random(hidden, rng), MLP.random(race_hidden or hidden, rng))

    def net(self, kind: str) -> MLP:
        """The net called ``kind`` ("contact", "race", or "crashed" when there is one)."""
        if kind == "contact":
            return self.contact
        if kind == "race":
            return self.race
        if kind == CRASHED and self.crashed is not None:
            return self.crashed
        raise KeyError(kind)

    def kinds(self) -> tuple[str, ...]:
        """The names of the nets this set holds."""
        return KINDS if self.crashed is None else (*KINDS, CRASHED)

    def copy(self) -> NetSet:
        """A deep copy."""
        crashed = None if self.crashed is None else self.crashed.copy()
        return NetSet(self.contact.copy(), self.race.copy(), dict(self.meta), crashed)

    def probabilities(self, b: Boards) -> Probs:
        """Consistent probabilities (N, 5) for (N, 50) boards, each routed to its net."""
        x = encode(b)
        contact = x[:, CONTACT_INPUT] != 0
        routes = [(contact, self.contact), (~contact, self.race)]
        if self.crashed is not None:
            crashed = crashed_mask(b)
            routes = [(contact & ~crashed, self.contact), (crashed, self.crashed), (~contact, self.race)]
        for rows, net in routes:
            if rows.all():
                return _limited(net.forward(x), x)
        out = np.empty((b.shape[0], N_OUTPUTS), dtype=np.float32)
        for rows, net in routes:
            if rows.any():
                out[rows] = net.forward(x[rows])
        return _limited(out, x)


class NeuralEvaluator(Evaluator):
    """The :class:`ai.evaluation.evaluator.Evaluator` of the trained nets, exact on home-board bear-offs
    when given the bear-off database (each board routed to the database or to its net)."""

    def __init__(
        self, nets: NetSet, bearoff: BearoffDatabase | None = None, name: str = "neural net"
    ) -> None:
        self.nets = nets
        """The contact and race nets."""
        self.bearoff = bearoff
        """The exact answers where both sides are home, if any."""
        self.name = name
        self.exact_bearoff = bearoff is not None

    def evaluate_boards(self, b: Boards) -> Probs:
        """Five probabilities for each (N, 50) board: the database's where both sides are home,
        the nets' elsewhere."""
        if self.bearoff is None:
            return self.nets.probabilities(b)
        home = self.bearoff.covered(b)
        if not home.any():
            return self.nets.probabilities(b)
        out = np.empty((b.shape[0], N_OUTPUTS), dtype=np.float64)
        out[home] = self.bearoff.probabilities(b[home])
        rest = ~home
        if rest.any():
            out[rest] = self.nets.probabilities(b[rest])
        return out


# --- saving and loading ---------------------------------------------------------------


def nets_to_bytes(nets: NetSet, extra: dict[str, npt.NDArray[Any]] | None = None) -> bytes:
    """The .npz bytes for ``nets`` (and optional extra arrays, e.g. training state)."""
    meta = dict(nets.meta)
    meta.update(format_version=FORMAT_VERSION, feature_version=FEATURE_VERSION, n_inputs=N_INPUTS)
    arrays: dict[str, npt.NDArray[Any]] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
    for kind in nets.kinds():
        for name, arr in zip(("w1", "b1", "w2", "b2"), nets.net(kind).params(), strict=True):
            arrays[f"{kind}_{name}"] = arr
    if extra:
        arrays.update(extra)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def save_nets(path: Path, nets: NetSet, extra: dict[str, npt.NDArray[Any]] | None = None) -> str:
    """Write the weights and their checksum (both atomically); return the SHA-256."""
    return write_with_checksum(path, nets_to_bytes(nets, extra))


def load_arrays(path: Path) -> dict[str, npt.NDArray[Any]]:
    """All arrays of a weights file after checking its checksum; raises :class:`NetworkError`."""
    path = Path(path)
    if not path.is_file():
        raise NetworkError(f"weights file not found: {path}")
    sums = checksum_path(path)
    if not sums.is_file():
        raise NetworkError(f"checksum file not found beside the weights: {sums}")
    try:
        data = read_regular(path, MAX_WEIGHTS_BYTES)
        expected = read_regular(sums, 4096).decode("utf-8", errors="replace").split()
    except OSError as exc:
        raise NetworkError(f"weights file cannot be read: {path} ({exc.strerror or exc})") from None
    if not expected or hashlib.sha256(data).hexdigest() != expected[0].lower():
        raise NetworkError(f"weights file is damaged (SHA-256 does not match {sums.name}): {path}")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    except Exception as exc:  # a corrupt archive whose checksum was regenerated
        raise NetworkError(f"weights file is not a readable .npz archive: {path} ({exc})") from None


def nets_from_arrays(arrays: dict[str, npt.NDArray[Any]], source: str = "weights") -> NetSet:
    """Build the nets from loaded arrays, checking versions and shapes; raises :class:`NetworkError`."""
    if "meta" not in arrays:
        raise NetworkError(f"{source}: no meta entry (not a weights file of this program)")
    try:
        meta = json.loads(str(arrays["meta"]))
    except (ValueError, RecursionError):
        raise NetworkError(f"{source}: meta entry is not valid JSON") from None
    if not isinstance(meta, dict):
        raise NetworkError(f"{source}: meta entry is not a JSON object")
    version = meta.get("format_version")
    if version != FORMAT_VERSION:
        raise NetworkError(f"{source}: weights format version {version}, this program reads {FORMAT_VERSION}")
    if meta.get("feature_version") != FEATURE_VERSION or meta.get("n_inputs") != N_INPUTS:
        raise NetworkError(
            f"{source}: made for input features v{meta.get('feature_version')} "
            f"({meta.get('n_inputs')} inputs), this program uses v{FEATURE_VERSION} ({N_INPUTS})"
        )
    contact, race = (_checked_net(arrays, kind, source) for kind in KINDS)
    crashed = _checked_net(arrays, CRASHED, source) if f"{CRASHED}_w1" in arrays else None
    return NetSet(contact, race, meta, crashed)


def _checked_net(arrays: dict[str, npt.NDArray[Any]], kind: str, source: str) -> MLP:
    """The net called ``kind`` from loaded arrays, its shapes and sizes checked."""
    try:
        raw = [arrays[f"{kind}_{n}"] for n in ("w1", "b1", "w2", "b2")]
    except KeyError as exc:
        raise NetworkError(f"{source}: missing array {exc.args[0]}") from None
    if not all(np.asarray(a).dtype.kind in "fiu" for a in raw):  # strings, objects, booleans...
        raise NetworkError(f"{source}: the {kind} net's arrays are not all numbers")
    w1, b1, w2, b2 = (np.asarray(a, dtype=np.float32) for a in raw)
    h = w1.shape[1] if w1.ndim == 2 else -1
    if (
        w1.shape != (N_INPUTS, h)
        or b1.shape != (h,)
        or w2.shape != (h, N_OUTPUTS)
        or b2.shape != (N_OUTPUTS,)
    ):
        raise NetworkError(f"{source}: the {kind} net's arrays have inconsistent shapes")
    if not all(np.isfinite(a).all() for a in (w1, b1, w2, b2)):
        raise NetworkError(f"{source}: the {kind} net has non-finite weights")
    if not sums_fit(w1, b1, w2, b2):
        raise NetworkError(f"{source}: the {kind} net's weights are so large that its sums overflow")
    return MLP(w1, b1, w2, b2)


INPUT_BOUND = 16.0
"""More than any network input's size (the largest, a side's 15 checkers on the bar, is 7.5): what
:func:`sums_fit` takes an input to be at most."""


def sums_fit(w1: F32, b1: F32, w2: F32, b2: F32) -> bool:
    """Every sum of the forward pass stays finite in float32, whatever the inputs (each at most
    :data:`INPUT_BOUND`; the hidden units' tanh at most 1): finite weights can still be so large
    that a sum overflows to infinity and the outputs turn to NaN, which searches read as nothing."""
    top = float(np.finfo(np.float32).max)
    hidden = INPUT_BOUND * np.abs(w1.astype(np.float64)).sum(axis=0) + np.abs(b1.astype(np.float64))
    out = np.abs(w2.astype(np.float64)).sum(axis=0) + np.abs(b2.astype(np.float64))
    return bool(hidden.max() < top and out.max() < top)


def load_nets(path: Path) -> NetSet:
    """Load and check a weights file; raises :class:`NetworkError` with a readable reason."""
    return nets_from_arrays(load_arrays(path), source=str(path))
