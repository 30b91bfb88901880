"""The match equity table: a player's chance to win the match from any score.

The numbers are the published Kazaross XG2 table (see ``assets/met/kazaross-xg2.json``
and docs/cube.md for the source and credit): 25 x 25 before the Crawford game
(the 1-away row is the Crawford game's) and the trailer's chances after it, when
the leader needs one point (the free-drop rule is built into those numbers).
The file is read once, on first use.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from game.support.files import read_regular
from game.support.resources import asset_path

MET_FILE = ("met", "kazaross-xg2.json")
"""Where the table lives under ``assets/``."""


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
    return MatchEquityTable(name, pre, post)
