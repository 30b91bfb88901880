"""Why one move is better than another, or a cube action right: the facts that differ, as typed data.

For a candidate move other than the best, :func:`why` names the facts that differ most between it
and the best, each with its two values and the move it favours; for the best, the same against the
runner-up (what it achieves that the next best does not). Which way a fact points is a table
(:data:`BOARD_RULES`, :data:`CHANCE_RULES`): fewer shots, blots and checkers back are better, more
points, hits, anchors, prime, builders, outfield cover, pip lead and checkers off are better, and
so are more wins and gammons for the mover and fewer for the opponent. A reason says a fact
favours a move only where its value there is better by that table, so no reason contradicts the
order of the equities (the equity is itself a reason, favouring the move whose equity is higher).
Which facts count depends on the kind of position: in a race only the pips and the checkers off.

:func:`cube_why` says which way each of a cube decision's numbers points (the equities of No
double and Double, of take and pass, the taker's chance against its take point, the market losers).
Every value a reason carries is one of the facts' own values, as the facts show it. The words are
made from these later (ui/text); nothing here is English meant for a player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.facts.board import BoardFacts
from game.facts.chances import Chances, CubeFacts, MoveFacts
from game.rules.cube import CubeAction

FactValue = int | float | tuple[int, ...]
"""A fact's value as a reason carries it: a count, a chance or equity, or a list of points (pips:
the pair)."""


class Favours(StrEnum):
    """Which of the two compared moves a fact favours."""

    THIS = "this"
    """The move explained."""

    OTHER = "other"
    """The move it is compared with."""


class Kind(StrEnum):
    """The kind of position, which decides the facts that matter."""

    CONTACT = "contact"
    """A checker of either side can still meet one of the other, after either move."""

    RACE = "race"
    """Both moves leave a race."""


@dataclass(frozen=True, slots=True)
class Rule:
    """How one fact is compared: what is measured, which way is better, what difference is large."""

    fact: str
    """The fact's name (its key in the facts)."""

    measure: Callable[[MoveFacts], float]
    """The number compared (a list of points: how many)."""

    more_is_better: bool
    """True when a larger measure is better for the mover."""

    contact_unit: float
    """In a contact position, a difference of this much counts as one."""

    race_unit: float | None
    """In a race, the same (None: the fact does not count in a race)."""

    value: Callable[[MoveFacts], FactValue]
    """The value a reason shows (the fact as the facts hold it, or one side of a pair)."""

    side: int | None = None
    """For a pair compared one side at a time (chances): 0 the mover's, 1 the opponent's."""

    def unit(self, kind: Kind) -> float | None:
        """The difference that counts as one in ``kind`` of position (None: it does not count)."""
        return self.contact_unit if kind is Kind.CONTACT else self.race_unit


def _board(name: str, more_is_better: bool, contact: float, race: float | None = None) -> Rule:
    """A rule on a board fact whose measure is its value (a list of points: its length)."""

    def value(m: MoveFacts) -> FactValue:
        v: object = getattr(m.board, name)
        if isinstance(v, tuple):
            return tuple(int(x) for x in v)
        return v  # type: ignore[return-value]

    def measure(m: MoveFacts) -> float:
        v = value(m)
        return float(len(v)) if isinstance(v, tuple) else float(v)

    return Rule(name, measure, more_is_better, contact, race, value)


def _lead(m: MoveFacts) -> float:
    return float(m.board.pips[1] - m.board.pips[0])


BOARD_RULES: tuple[Rule, ...] = (
    _board("shots", False, 3.0),
    _board("hit", True, 0.5),
    _board("blots", False, 1.0),
    _board("home_points", True, 1.0),
    _board("prime", True, 1.0),
    _board("anchors", True, 1.0),
    _board("back", False, 2.0),
    _board("builders", True, 2.0),
    _board("outfield", True, 3.0),
    Rule("pips", _lead, True, 10.0, 2.0, lambda m: m.board.pips),
    _board("off", True, 1.0, 0.5),
)
"""The board's facts an explanation compares, in the order ties are listed: the measure, which way
is better, and the size of difference that counts as one in contact and in a race (pips: the
mover's lead, the opponent's count minus its own)."""


def _chance(name: str, side: int | None, more_is_better: bool) -> Rule:
    def value(m: MoveFacts) -> float:
        v: float | tuple[float, float] = getattr(m.chances, name)
        return v[side] if isinstance(v, tuple) and side is not None else float(v)  # type: ignore[arg-type]

    return Rule(name, value, more_is_better, 1.0, 1.0, value, side)


CHANCE_RULES: tuple[Rule, ...] = (
    _chance("equity", None, True),
    _chance("win", 0, True),
    _chance("gammon", 0, True),
    _chance("gammon", 1, False),
    _chance("backgammon", 0, True),
    _chance("backgammon", 1, False),
)
"""The engine's numbers an explanation compares: the equity, the mover's wins, both sides' gammons
and backgammons (the opponent's wins are the mover's losses, one number)."""

MAX_BOARD_REASONS = 4
"""The board's facts a reason list names at most, the largest differences first."""

EACH_WAY = 2
"""Of those, the largest differences each way that are always named (when there are any): what
the one move gains and what it gives up, however large the other side's differences."""

CHANCE_STEP = 0.005
"""A chance differing by less than this (half a percent) is not named (the equity always is)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact that differs between two moves, and which of them it favours."""

    fact: str
    """The fact's name, its key in the facts."""

    this: FactValue
    """Its value after the move explained."""

    other: FactValue
    """Its value after the move compared with."""

    favours: Favours
    """The move whose value is the better one by :class:`Rule`."""

    side: int | None = None
    """For a pair compared one side at a time: 0 the mover's value, 1 the opponent's."""

    size: float = 0.0
    """How large the difference is, in the rule's units (how the reasons are ordered)."""

    def to_json(self) -> dict[str, object]:
        """The reason as JSON-ready values."""
        out: dict[str, object] = {"fact": self.fact}
        if self.side is not None:
            out["side"] = ("mover", "opponent")[self.side]
        out.update(this=_plain(self.this), other=_plain(self.other), favours=str(self.favours))
        return out


@dataclass(frozen=True, slots=True)
class Why:
    """Why a move is ranked where it is: its differences from another move, in facts."""

    against: str
    """The move compared with, in notation: the best for every other move, the runner-up for the best."""

    kind: Kind
    """The kind of position (contact unless both moves leave a race)."""

    board: tuple[Reason, ...]
    """The board's facts that differ most (at most :data:`MAX_BOARD_REASONS`, the largest
    :data:`EACH_WAY` each way among them), largest first."""

    chances: tuple[Reason, ...]
    """The equity, then the chances that differ by :data:`CHANCE_STEP` or more, largest first."""

    def to_json(self) -> dict[str, object]:
        """The protocol's ``"why"`` object."""
        return {
            "against": self.against,
            "kind": str(self.kind),
            "board": [r.to_json() for r in self.board],
            "chances": [r.to_json() for r in self.chances],
        }


def _plain(value: FactValue) -> object:
    return list(value) if isinstance(value, tuple) else value


def kind_of(this: BoardFacts, other: BoardFacts) -> Kind:
    """Contact when either position has contact, else a race."""
    return Kind.CONTACT if this.contact or other.contact else Kind.RACE


def _reason(rule: Rule, this: MoveFacts, other: MoveFacts, kind: Kind) -> Reason | None:
    """The rule's reason for two moves, or None when the fact does not differ or does not count."""
    unit = rule.unit(kind)
    if unit is None:
        return None
    a, b = rule.measure(this), rule.measure(other)
    if a == b:
        return None
    better = a > b if rule.more_is_better else a < b
    favours = Favours.THIS if better else Favours.OTHER
    return Reason(rule.fact, rule.value(this), rule.value(other), favours, rule.side, abs(a - b) / unit)


def why(this: MoveFacts, other: MoveFacts) -> Why:
    """How ``this`` move differs from ``other`` (the best, or the runner-up when ``this`` is the best)."""
    kind = kind_of(this.board, other.board)
    board = [r for rule in BOARD_RULES if (r := _reason(rule, this, other, kind)) is not None]
    board.sort(key=lambda r: -r.size)  # stable: ties in table order
    kept = [r for way in Favours for r in [r for r in board if r.favours is way][:EACH_WAY]]
    kept += [r for r in board if r not in kept][: max(0, MAX_BOARD_REASONS - len(kept))]
    board = [r for r in board if r in kept]
    chances = [r for rule in CHANCE_RULES if (r := _reason(rule, this, other, kind)) is not None]
    equity = [r for r in chances if r.fact == "equity"]
    rest = sorted((r for r in chances if r.fact != "equity" and r.size >= CHANCE_STEP), key=lambda r: -r.size)
    return Why(other.move, kind, tuple(board), tuple(equity + rest))


def explain(moves: Sequence[MoveFacts]) -> list[Why | None]:
    """Each ranked move's :class:`Why`, best first: the best against the runner-up, every other
    against the best; None for a lone move."""
    if len(moves) < 2:
        return [None] * len(moves)
    return [why(moves[0], moves[1]), *(why(m, moves[0]) for m in moves[1:])]


@dataclass(frozen=True, slots=True)
class CubeReason:
    """One of a cube decision's numbers set against another, and the action it points to."""

    fact: str
    """What is compared: ``double`` (No double against the value of doubling), ``take`` (Double/take
    against Double/pass), ``take_point`` (the taker's winning chance against its take point),
    ``market_losers`` (how many of the 36 rolls lose the market), ``cash`` (No double against
    Double/pass, when the double would be passed)."""

    values: tuple[float, ...]
    """The numbers compared, each one of the cube facts' values."""

    favours: CubeAction
    """The action the comparison points to."""

    def to_json(self) -> dict[str, object]:
        """The reason as JSON-ready values."""
        return {"fact": self.fact, "values": list(self.values), "favours": str(self.favours)}


def cube_why(facts: CubeFacts) -> tuple[CubeReason, ...]:
    """Which way each of a cube decision's numbers points (the doubler's view, :class:`CubeFacts`).

    The equities decide (double when doubling is worth more than not, take when the take costs the
    doubler no more than the pass); the take point and the market losers say why: a taker at or
    above its take point takes, and while it does, every market loser is a roll the doubler would
    regret having waited for. When the double would be passed, ``cash`` compares playing on with
    cashing (a position too good to double plays on for the gammon)."""
    c: Chances = facts.chances
    double = facts.double_value
    reasons = [
        CubeReason(
            "double",
            (facts.nd, double),
            CubeAction.DOUBLE if double > facts.nd else CubeAction.NO_DOUBLE,
        ),
        CubeReason(
            "take", (facts.dt, facts.dp), CubeAction.TAKE if facts.dt <= facts.dp else CubeAction.PASS
        ),
    ]
    taker_win = c.win[1]
    takes = taker_win >= facts.take_point
    reasons.append(
        CubeReason("take_point", (taker_win, facts.take_point), CubeAction.TAKE if takes else CubeAction.PASS)
    )
    if takes:
        count = facts.market_loser_count
        reasons.append(
            CubeReason("market_losers", (count,), CubeAction.DOUBLE if count else CubeAction.NO_DOUBLE)
        )
    if facts.dt > facts.dp:
        reasons.append(
            CubeReason(
                "cash",
                (facts.nd, facts.dp),
                CubeAction.NO_DOUBLE if facts.nd > facts.dp else CubeAction.DOUBLE,
            )
        )
    return tuple(reasons)
