"""The match equity table: a player's chance to win the match from any score.

The numbers are the published Kazaross XG2 table (see ``assets/met/kazaross-xg2.json``
and docs/cube.md for the source and credit): 25 x 25 before the Crawford game
(the 1-away row is the Crawford game's) and the trailer's chances after it, when
the leader needs one point (the free-drop rule is built into those numbers).
The file is read once, on first use, and extended to :data:`MET_LENGTH` points
(:func:`extend`; the method is in docs/cube.md).
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from statistics import NormalDist

from game.support.files import read_regular
from game.support.resources import asset_path

MET_FILE = ("met", "kazaross-xg2.json")
"""Where the table lives under ``assets/``."""

MET_LENGTH = 64
"""The longest match the extended table covers (GNU Backgammon's too); a longer one is refused."""


class METError(ValueError):
    """The table file is missing or malformed."""


@dataclass(frozen=True, slots=True)
class MatchEquityTable:
    """Match winning chances by the points each side still needs."""

    name: str
    """The table's published name."""

    pre: tuple[tuple[float, ...], ...]
    """``pre[i][j]``: chance of a player needing ``i + 1`` against one needing ``j + 1``."""

    post: tuple[float, ...]
    """``post[j]``: chance of the trailer needing ``j + 1`` after the Crawford game."""

    @property
    def length(self) -> int:
        """The longest match the table covers."""
        return len(self.pre)

    def mwc(self, away: int, their_away: int, post_crawford: bool = False) -> float:
        """Chance to win the match needing ``away`` points against ``their_away`` (0 or less: won).

        ``post_crawford``: the Crawford game has been played (a side needing 1 is then
        the leader of a post-Crawford score, not in the Crawford game).
        """
        if away <= 0:
            return 1.0
        if their_away <= 0:
            return 0.0
        n = self.length
        if post_crawford and their_away == 1:
            return self.post[min(away, n) - 1]
        if post_crawford and away == 1:
            return 1.0 - self.post[min(their_away, n) - 1]
        return self.pre[min(away, n) - 1][min(their_away, n) - 1]


@functools.cache
def default_met() -> MatchEquityTable:
    """The shipped table (read on the first call, then kept)."""
    path = asset_path(*MET_FILE)
    try:
        data = json.loads(read_regular(path, 1 << 20).decode("utf-8"))
        pre = tuple(tuple(float(x) for x in row) for row in data["pre"])
        post = tuple(float(x) for x in data["post"])
        name = str(data["name"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise METError(f"cannot read the match equity table {path}: {exc}") from None
    if not pre or any(len(r) != len(pre) for r in pre) or len(post) != len(pre):
        raise METError(f"the match equity table {path} is not square")
    if len(pre) < 3 or not all(0.0 < x < 1.0 for x in (*post[1:], *(x for r in pre for x in r))):
        raise METError(f"the match equity table {path} holds chances outside 0..1")
    try:
        return extend(MatchEquityTable(name, pre, post), MET_LENGTH)
    except (ValueError, ZeroDivisionError) as exc:  # a last row of even chances cannot be extended
        raise METError(f"the match equity table {path} cannot be extended: {exc}") from None


def _z(a: int, b: int) -> float:
    """The normal approximation's score gap: (b - a) over the root of the games left, (a + b) / 2."""
    return (b - a) / math.sqrt((a + b) / 2)


def extend(table: MatchEquityTable, length: int) -> MatchEquityTable:
    """``table`` extended to ``length`` points (docs/cube.md, "Match equity table").

    The normal approximation: a side needing ``a`` points against one needing ``b`` wins with
    ``Phi(_z(a, b) / sigma)``. For each ``b`` of the table (2 and more) ``sigma`` is the one that
    reproduces the table's last row (``a`` = its length), so the extension starts where the table
    ends; past the table's length ``sigma`` is that of its last column but one. The 1-away column
    (the Crawford game) scales the table's last entry by the post-Crawford row, which goes on
    falling by the ratio of its last two even steps. Entries below the diagonal come from
    ``1 - mwc`` of the swapped score, so every entry is strictly monotone in both scores."""
    n = table.length
    if length <= n:
        return table
    normal = NormalDist()
    post = list(table.post)
    ratio = post[n - 1] / post[n - 3]
    for j in range(n, length):
        post.append(post[j - 2] * ratio)
    sigma = {b: _z(n, b) / normal.inv_cdf(table.pre[n - 1][b - 1]) for b in range(2, n)}
    far = sigma[n - 1]

    def beyond(a: int, b: int) -> float:  # a > n, a >= b: the side needing more points
        if b == 1:
            return table.pre[n - 1][0] * post[a - 1] / post[n - 1]
        return normal.cdf(_z(a, b) / sigma.get(b, far))

    def entry(a: int, b: int) -> float:
        if a <= n and b <= n:
            return table.pre[a - 1][b - 1]
        return beyond(a, b) if a >= b else 1.0 - beyond(b, a)

    pre = tuple(tuple(entry(a, b) for b in range(1, length + 1)) for a in range(1, length + 1))
    return MatchEquityTable(table.name, pre, tuple(post))
