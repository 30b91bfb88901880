"""A drill card: one decision the player got wrong, with what the coach found, to be answered again.

A card holds the position with its match context (GNU Backgammon's Position ID and Match ID of the
moment of the decision, the deciding player on roll; for a take or a pass, the double waiting), the
dice (None for a cube decision), what was played, the best and the error, the moves the judge
ranked (each with its equity and chances) or the three cube equities, where it came from (the
record, the game, the turn) and the explanation in words (``why``, filled by whoever explains it).

An answer is judged here from what the card holds: a move by the position it leads to (so two ways
of writing one play are the same answer), a cube action by the three equities. A move the judge did
not rank is not judged here (:func:`judge` answers None): the caller asks the engine.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Protocol

from game.records.matchid import from_match_id
from game.records.model import MatchRecord
from game.records.xgid import write_xgid
from game.rules.cube import CubeAction
from game.rules.move import Move
from game.rules.position import SLOTS, from_position_id, is_race, pip_count, position_id, unpack

MOVE = "move"
"""The decision of a checker play (the others are :class:`CubeAction` values)."""

DOUBLER_ACTIONS = (CubeAction.DOUBLE, CubeAction.NO_DOUBLE)
"""The answers to a doubler's question."""

TAKER_ACTIONS = (CubeAction.TAKE, CubeAction.PASS)
"""The answers to a taker's question."""

DEFAULT_MIN_ERROR = 0.04
"""The least error that makes a card (EMG, or equity per cube unit for money)."""

RIGHT_MARGIN = 0.0005
"""An answer within this of the best is right (equal equities written to five places)."""

OPENING_TURNS = 4
"""A checker play in the first turns of a game (both sides' first two rolls) is an opening card."""

HOME = 6
"""The home board's points: a side with every checker there (or off) is bearing off."""


class DrillKind(enum.StrEnum):
    """What a card practises (the player may drill one kind)."""

    OPENING = "opening"
    """A checker play in the first turns of a game."""
    CONTACT = "contact"
    """A checker play with contact (neither of the others)."""
    RACE = "race"
    """A checker play once the sides have passed each other."""
    BEAROFF = "bear-off"
    """A race with every checker of the mover's at home."""
    CUBE = "cube"
    """A cube decision: to double or not, to take or pass."""


@dataclass(frozen=True, slots=True)
class Option:
    """One ranked move of a checker play, as the judge valued it."""

    move: str
    """The move in GNU Backgammon's notation."""
    after: str
    """The Position ID after it (from the mover's side, before the turn passes): how answers are matched."""
    equity: float
    """Its cubeful equity for the mover (EMG, or per cube unit for money)."""
    probs: tuple[float, ...] = ()
    """The mover's win, win gammon, win backgammon, lose gammon, lose backgammon after it (empty if
    unknown)."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where a card came from: its natural key is (record, game, turn, decision)."""

    record: str
    """The record's identity (:func:`record_identity`), or the tutor's game's."""
    name: str = ""
    """The record's file name or the match's name, as the player knows it."""
    game: int = 0
    """The game, from 1."""
    turn: int = -1
    """The decision's turn in its game, from 0 (-1: unknown)."""
    row: int = 0
    """The record's move number (0: none)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One decision to practise."""

    position_id: str
    """GNU Backgammon Position ID, the deciding player on roll (the doubler for a take or a pass)."""
    match_id: str
    """GNU Backgammon Match ID of the moment (a double waiting, for a take or a pass)."""
    decision: str
    """:data:`MOVE`, or the cube action the player took (``double``, ``no double``, ``take``, ``pass``)."""
    played: str
    """What the player did: the move, or the cube action."""
    best: str
    """The best move or action, in words the judge gave."""
    error: float
    """What it cost, > 0."""
    source: Source
    """Where it came from."""
    player: str = ""
    """The player who erred, by name."""
    bottom: int = 1
    """GNU Backgammon's player of the decider (drawn at the bottom in the XGID)."""
    dice: tuple[int, int] | None = None
    """The roll (a checker play); None for a cube decision."""
    options: tuple[Option, ...] = ()
    """A checker play's ranked moves, best first (the played one among them)."""
    cube: tuple[float, float, float] | None = None
    """A cube decision's No double, Double/take and Double/pass, from the doubler's side."""
    kind: DrillKind = DrillKind.CONTACT
    """What it practises."""
    depth: int = 0
    """The search depth the error was found at (0: unknown); a move not ranked is judged at it."""
    judged_by: str = ""
    """How the error was judged (the review's own words: a depth, a rollout), "" if not said."""
    why: str = ""
    """The explanation in words ("" until one is given)."""
    id: int = 0
    """The deck's number for it (0 before it is kept)."""

    @property
    def xgid(self) -> str:
        """The position as an XGID, the deciding player at the bottom."""
        return write_xgid(
            from_position_id(self.position_id), from_match_id(self.match_id), bottom=self.bottom
        )

    def is_cube(self) -> bool:
        """True for a cube decision."""
        return self.decision != MOVE

    def answers(self) -> tuple[CubeAction, ...]:
        """The cube answers the card takes (none for a checker play)."""
        if not self.is_cube():
            return ()
        return TAKER_ACTIONS if self.decision in TAKER_ACTIONS else DOUBLER_ACTIONS

    def best_option(self) -> Option | None:
        """The best ranked move (a checker play)."""
        return self.options[0] if self.options else None

    def key(self) -> tuple[str, int, int, str]:
        """The natural key: the record, the game, the turn and the decision."""
        return (self.source.record, self.source.game, self.source.turn, self.decision)


@dataclass(frozen=True, slots=True)
class Judged:
    """An answer judged."""

    answer: str
    """The answer as given (a move in notation, or a cube action)."""
    error: float
    """What it costs against the best, >= 0."""
    right: bool
    """Within :data:`RIGHT_MARGIN` of the best."""
    best: str
    """The best move or action."""
    best_after: str = ""
    """The best move's Position ID after it (a checker play), to draw it."""
    after: str = ""
    """The answer's Position ID after it (a checker play)."""
    trials: int = 0
    """The trials of the rollout that judged it (0: the card's own values, or a fresh search)."""
    half_interval: float = 0.0
    """Half the width of that rollout's 95% interval of :attr:`error` (0 when not rolled out)."""


def candidates(
    card: Card, answer: Move, ranked: Sequence[RankedOption]
) -> tuple[tuple[str, int, float], ...]:
    """What a rollout judging ``answer`` again plays (a move the card did not hold, ``ranked`` a fresh
    ranking of the card's roll, best first): the answer, the card's best and the ranking's best,
    each its notation, the position after it and its equity; empty when there is nothing to set
    the answer against (no best held, or the answer is it)."""
    best = card.best_option()
    mine = next((r for r in ranked if r.move.after.code == answer.after.code), None)
    if best is None or mine is None:
        return ()
    out = [(answer.notation(), answer.after.code, float(mine.equity))]
    out.append((best.move, from_position_id(best.after), best.equity))
    if ranked:
        top = ranked[0]
        out.append((top.move.notation(), top.move.after.code, float(top.equity)))
    kept: list[tuple[str, int, float]] = []
    for c in out:
        if all(c[1] != k[1] for k in kept):
            kept.append(c)
    return tuple(kept) if len(kept) >= 2 else ()


def rolled_out(
    searched: Judged,
    card: Card,
    ranked: Sequence[RankedOption],
    error: float,
    best: str,
    trials: int,
    half_interval: float,
) -> Judged:
    """``searched`` (an answer the card did not hold, judged by the fresh ranking ``ranked``) as a
    rollout judged it again: its ``error`` ± ``half_interval`` against the rollout's ``best`` (found
    among the card's moves or the ranking's, to draw it), from ``trials`` trials."""
    afters = {o.move: o.after for o in card.options} | {
        r.move.notation(): position_id(r.move.after.code) for r in ranked
    }
    error = max(0.0, error)
    best_after = afters.get(best, searched.best_after)
    return replace(
        searched,
        error=error,
        right=error <= RIGHT_MARGIN,
        best=best,
        best_after=best_after,
        trials=trials,
        half_interval=half_interval,
    )


def cube_errors(cube: tuple[float, float, float]) -> Mapping[CubeAction, float]:
    """What each cube action loses against the best, from the doubler's (No double, Double/take,
    Double/pass): the doubler's best is ``max(ND, min(DT, DP))``, the taker's ``min(DT, DP)``."""
    nd, dt, dp = cube
    doubled = min(dt, dp)
    best = max(nd, doubled)
    return MappingProxyType(
        {
            CubeAction.DOUBLE: best - doubled,
            CubeAction.NO_DOUBLE: best - nd,
            CubeAction.TAKE: dt - doubled,
            CubeAction.PASS: dp - doubled,
        }
    )


def best_cube_action(card: Card) -> CubeAction:
    """The cube answer of least error among the card's :meth:`Card.answers`."""
    assert card.cube is not None
    errors = cube_errors(card.cube)
    return min(card.answers(), key=lambda a: (errors[a], a != CubeAction.NO_DOUBLE))


def judge(card: Card, answer: str | Move) -> Judged | None:
    """The card's answer judged from what it holds: a move (a :class:`Move` of the card's position
    and roll, matched by where it leads) or a cube action's word. None when the move is not among
    the ranked ones (the caller ranks it with the engine). ValueError for a cube action the card
    does not take, or a move for a cube card."""
    if card.is_cube():
        if isinstance(answer, Move):
            raise ValueError("a cube decision is answered with a cube action")
        action = cube_action(answer)
        if action not in card.answers():
            raise ValueError(f"{answer!r} does not answer this decision: {' or '.join(card.answers())}")
        assert card.cube is not None
        error = max(0.0, cube_errors(card.cube)[action])
        return Judged(str(action), error, error <= RIGHT_MARGIN, card.best)
    if not isinstance(answer, Move):
        raise ValueError("a checker play is answered with a move")
    best = card.best_option()
    after = position_id(answer.after.code)
    mine = next((o for o in card.options if o.after == after), None)
    if best is None or mine is None:
        return None
    error = max(0.0, best.equity - mine.equity)
    return Judged(answer.notation(), error, error <= RIGHT_MARGIN, best.move, best.after, after)


CUBE_WORDS: Mapping[str, CubeAction] = MappingProxyType(
    {
        "double": CubeAction.DOUBLE,
        "no-double": CubeAction.NO_DOUBLE,
        "no double": CubeAction.NO_DOUBLE,
        "nodouble": CubeAction.NO_DOUBLE,
        "roll": CubeAction.NO_DOUBLE,
        "take": CubeAction.TAKE,
        "pass": CubeAction.PASS,
        "drop": CubeAction.PASS,
    }
)
"""The words a cube answer may be given in (the command line's ``no-double``, the records' ``drop``)."""


def cube_action(word: str) -> CubeAction:
    """The cube action a word names (ValueError saying which words there are)."""
    found = CUBE_WORDS.get(word.strip().lower())
    if found is None:
        raise ValueError(f"{word!r} is no cube action: double, no-double, take or pass")
    return found


def kind_of(code: int, decision: str, turn: int = -1) -> DrillKind:
    """What a decision practises: a cube decision; else a bear-off (a race with all the mover's
    checkers home), a race, the opening (the first :data:`OPENING_TURNS` turns of a game) or contact."""
    if decision != MOVE:
        return DrillKind.CUBE
    if is_race(code):
        mine, _ = unpack(code)
        home = all(mine[i] == 0 for i in range(HOME, SLOTS))
        return DrillKind.BEAROFF if home else DrillKind.RACE
    if 0 <= turn < OPENING_TURNS:
        return DrillKind.OPENING
    return DrillKind.CONTACT


def pips(card: Card) -> tuple[int, int]:
    """The decider's pip count and the opponent's."""
    mine, theirs = unpack(from_position_id(card.position_id))
    return pip_count(mine), pip_count(theirs)


IDENTITY_ACTIONS = 8
"""How many of the first game's actions a record's identity reads (they never change once played)."""


def record_identity(record: MatchRecord) -> str:
    """A record's identity, the same for every copy of the match and as it grows game by game: a
    hash of its length, players, variant, header facts and the first game's first actions."""
    first = record.games[0].actions[:IDENTITY_ACTIONS] if record.games else ()
    facts = {
        "length": record.length,
        "players": list(record.players),
        "variant": str(record.variant),
        "tags": [list(t) for t in record.tags],
        "first": [[str(a.kind), a.player, list(a.dice or ()), a.move, a.cube] for a in first],
    }
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True).encode("utf-8")).hexdigest()
    return "record:" + digest[:24]


class RankedOption(Protocol):
    """What a card reads of a judge's ranked move (:class:`ai.engine_types` ``MoveOption``)."""

    @property
    def move(self) -> Move:
        """The legal move."""
        ...

    @property
    def equity(self) -> float:
        """Its equity for the mover."""
        ...

    @property
    def probs(self) -> Sequence[float]:
        """The mover's five chances after it."""
        ...


class JudgedDecision(Protocol):
    """What a card reads of a judged decision (the review's ``Decision``, :mod:`ai.engine_types`)."""

    @property
    def game(self) -> int: ...
    @property
    def row(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def error(self) -> float: ...
    @property
    def played(self) -> str: ...
    @property
    def best(self) -> str: ...
    @property
    def position_id(self) -> str: ...
    @property
    def match_id(self) -> str: ...
    @property
    def dice(self) -> tuple[int, int] | None: ...
    @property
    def turn(self) -> int: ...
    @property
    def options(self) -> Sequence[RankedOption]: ...
    @property
    def cube(self) -> tuple[float, float, float] | None: ...


def option_of(ranked: RankedOption) -> Option:
    """A judge's ranked move as a card keeps it."""
    return Option(
        ranked.move.notation(),
        position_id(ranked.move.after.code),
        float(ranked.equity),
        tuple(round(float(p), 5) for p in ranked.probs),
    )


@dataclass(frozen=True)
class Harvest:
    """Which decisions of a judged match become cards."""

    players: frozenset[int]
    """The record's players (0, 1) whose errors are kept."""
    min_error: float = DEFAULT_MIN_ERROR
    """The least error kept."""
    names: tuple[str, str] = ("", "")
    """The record's players' names."""
    depth: int = 0
    """The depth the match was judged at."""
    judged_by: str = ""
    """How it was judged, in the review's words."""
    why: Mapping[tuple[int, int, str], str] = field(default_factory=dict)
    """An explanation by (game, turn, decision), when one was given."""


def cards_from_decisions(decisions: Sequence[JudgedDecision], source: Source, harvest: Harvest) -> list[Card]:
    """The cards of ``decisions`` (one judged match): each of the chosen players' errors of at least
    ``harvest.min_error``, in order of play. ``source`` names the record (its game and turn are each
    decision's)."""
    out = []
    for d in decisions:
        if d.player not in harvest.players or d.error < harvest.min_error or d.error <= 0.0:
            continue
        decision = str(d.kind)
        code = from_position_id(d.position_id)
        out.append(
            Card(
                position_id=d.position_id,
                match_id=d.match_id,
                decision=decision,
                played=d.played,
                best=d.best,
                error=float(d.error),
                source=Source(source.record, source.name, d.game, d.turn, d.row),
                player=harvest.names[d.player],
                bottom=d.player,
                dice=d.dice if decision == MOVE else None,
                options=tuple(option_of(o) for o in d.options),
                cube=None if d.cube is None else (float(d.cube[0]), float(d.cube[1]), float(d.cube[2])),
                kind=kind_of(code, decision, d.turn),
                depth=harvest.depth,
                judged_by=harvest.judged_by,
                why=harvest.why.get((d.game, d.turn, decision), ""),
            )
        )
    return out


def players_named(names: Sequence[str], wanted: str) -> frozenset[int]:
    """The players of a record whose name is ``wanted`` (case and spaces aside)."""
    key = wanted.strip().casefold()
    return frozenset(i for i, n in enumerate(names) if n.strip().casefold() == key)


class DeepRanked(RankedOption, Protocol):
    """A ranked move with the depth it was searched to (the search's filters may cut a hopeless one
    short: :class:`ai.engine_types.RankedMove`)."""

    @property
    def depth(self) -> int:
        """The depth it was searched to."""
        ...


def shallower(answer: Move, ranked: Sequence[DeepRanked]) -> int | None:
    """The depth to rank the roll again at when the search cut ``answer`` short of the best's depth
    (its value is then not comparable with the best's: every move is ranked again at the answer's
    depth); None when it was searched as deep as the best."""
    after = answer.after.code
    mine = next((r for r in ranked if r.move.after.code == after), None)
    if mine is None or not ranked or mine.depth >= ranked[0].depth:
        return None
    return mine.depth


def judge_ranked(card: Card, answer: Move, ranked: Sequence[RankedOption]) -> Judged:
    """A move the card does not hold judged against a fresh ranking of the card's roll (``ranked``,
    best first, every legal move, the answer searched as deep as the best: :func:`shallower`): its
    error is against that ranking's best, the best named as the card's. ValueError when the ranking
    lacks the move."""
    after = answer.after.code
    mine = next((r for r in ranked if r.move.after.code == after), None)
    if mine is None or not ranked:
        raise ValueError(f"{answer.notation()} is not among the ranked moves")
    best = card.best_option() or option_of(ranked[0])
    error = max(0.0, float(ranked[0].equity) - float(mine.equity))
    return Judged(answer.notation(), error, error <= RIGHT_MARGIN, best.move, best.after, position_id(after))


@dataclass(frozen=True, slots=True)
class Chances:
    """Why one move is better, in numbers: the best move's chances and the answer's, for the mover."""

    best: str
    """The best move."""
    answer: str
    """The move given."""
    best_probs: tuple[float, ...]
    """After the best: win, win gammon, win backgammon, lose gammon, lose backgammon."""
    answer_probs: tuple[float, ...]
    """After the answer, the same."""


def chances(card: Card, judged: Judged) -> Chances | None:
    """The chances after the best move and after the answer, when the card holds both (None for a
    cube decision, a right answer or a move it did not rank)."""
    best = card.best_option()
    if best is None or judged.right or not best.probs:
        return None
    mine = next((o for o in card.options if o.after == judged.after), None)
    if mine is None or not mine.probs:
        return None
    return Chances(best.move, mine.move, best.probs, mine.probs)
