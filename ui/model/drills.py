"""The drill deck as the window uses it (no pygame): each function here runs as a file job, off the
window's thread, and opens the deck (:mod:`game.drills.deck`) for the one thing it does.

Cards come from a judged match (:func:`cards_of_review`): the player's own matches against the
computer (the human is player 0) and any record with a player named as the player goes by (the
``drill_names`` setting, "I am 'lasse'"), each error at or above the ``drill_min_error`` setting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from ai.engine_types import Review
from game.drills.card import (
    MOVE,
    Card,
    DrillKind,
    Harvest,
    Judged,
    Option,
    Source,
    cards_from_decisions,
    kind_of,
    record_identity,
)
from game.drills.deck import DECK_FILE, DeckDamage, DeckError, DeckStats, open_deck
from game.drills.schedule import Schedule
from game.rules.cube import CubeAction
from game.rules.move import MoveError, parse_move
from game.rules.position import position_id as pid
from ui.model.position_ids import gnubg_player, session_ids
from ui.model.session import HUMAN, GameSession
from ui.model.tutor import Checked, Verdict

ALL = "all"
"""The kind setting that drills every kind (``Settings.drill_kind``)."""


@dataclass(frozen=True)
class Told:
    """What a file job on the deck has to tell the player besides its answer."""

    damage: DeckDamage | None = None
    """The deck was damaged and set aside (a fresh one was made)."""
    problem: str = ""
    """The deck could not be used at all (the system's or SQLite's words)."""


@dataclass(frozen=True)
class Session:
    """The cards of a drill session, and the deck's figures when it started."""

    cards: tuple[tuple[Card, Schedule], ...]
    """The cards due, soonest first, at most the session's length."""
    due: int
    """All the cards due now (of the kind chosen)."""
    total: int
    """All the cards of the deck."""
    told: Told = Told()
    """Anything to tell the player."""


def deck_path(folder: Path) -> Path:
    """The deck in the user data folder ``folder``."""
    return folder / DECK_FILE


def kinds_of(setting: str) -> tuple[DrillKind, ...] | None:
    """The kinds a ``drill_kind`` setting drills (None: every kind)."""
    return None if setting == ALL else (DrillKind(setting),)


def due_count(folder: Path | None, now: float) -> tuple[int, Told]:
    """How many cards are due now (the start screen's line); 0 without a folder."""
    if folder is None:
        return 0, Told()
    try:
        deck, damage = open_deck(deck_path(folder))
    except DeckError as exc:
        return 0, Told(problem=str(exc.strerror or exc))
    with deck:
        return deck.count(now), Told(damage)


def start_session(folder: Path | None, now: float, kind: str, length: int) -> Session:
    """The cards of a session: the ``length`` due soonest, of ``kind`` (a setting's value)."""
    if folder is None:
        return Session((), 0, 0)
    try:
        deck, damage = open_deck(deck_path(folder))
    except DeckError as exc:
        return Session((), 0, 0, Told(problem=str(exc.strerror or exc)))
    with deck:
        kinds = kinds_of(kind)
        cards = tuple(deck.cards(now, kinds, length))
        return Session(cards, deck.count(now, kinds), deck.count(), Told(damage))


def keep_answer(
    folder: Path | None, card_id: int, judged: Judged, close: float, now: float
) -> Schedule | str:
    """Keep an answer and schedule the card again; the new schedule, or why it could not be kept."""
    if folder is None:
        return "saving is off"
    try:
        deck, _ = open_deck(deck_path(folder))
        with deck:
            return deck.answer(card_id, judged, close, now)
    except (DeckError, KeyError) as exc:
        return str(exc)


def deck_stats(folder: Path | None, now: float) -> DeckStats | str:
    """The deck's figures, or why they cannot be read."""
    if folder is None:
        return "saving is off"
    try:
        deck, _ = open_deck(deck_path(folder))
        with deck:
            return deck.stats(now)
    except DeckError as exc:
        return str(exc)


def add_cards(folder: Path | None, cards: Sequence[Card], now: float) -> tuple[int, Told]:
    """Keep new cards (those already in the deck left out); how many were added."""
    if folder is None or not cards:
        return 0, Told()
    try:
        deck, damage = open_deck(deck_path(folder))
        with deck:
            return len(deck.add(cards, now)), Told(damage)
    except DeckError as exc:
        return 0, Told(problem=str(exc.strerror or exc))


def drilled_players(names: Sequence[str], own: bool, goes_by: Sequence[str]) -> frozenset[int]:
    """The players of a record whose errors become cards: the human (player 0) of one of the player's
    own matches against the computer (``own``), and any player named as the player goes by."""
    known = {n.strip().casefold() for n in goes_by if n.strip()}
    found = {i for i, n in enumerate(names) if n.strip().casefold() in known}
    return frozenset(found | ({0} if own else set()))


def cards_of_review(
    review: Review,
    name: str,
    players: frozenset[int],
    min_error: float,
    judged_by: str = "",
    why: Mapping[tuple[int, int, str], str] = MappingProxyType({}),
) -> list[Card]:
    """The cards of a judged match: the ``players``' errors of at least ``min_error``; ``name`` is the
    record's file name; ``why``: each decision's explanation in words, by (game, turn, decision).
    Of a review confirmed by rollouts, only the errors a rollout confirmed, valued by it
    (:meth:`ai.engine_types.Review.vouched`): an error the search alone found, or one a rollout
    left unsure, makes no card."""
    record = review.match.record
    names = (record.players[0], record.players[1])
    harvest = Harvest(players, min_error, names, review.depth, judged_by, why)
    return cards_from_decisions(review.vouched(), Source(record_identity(record), name), harvest)


def keep_review(
    folder: Path | None,
    review: Review,
    name: str,
    own: bool,
    goes_by: Sequence[str],
    min_error: float,
    now: float,
    why: Mapping[tuple[int, int, str], str] = MappingProxyType({}),
) -> tuple[int, Told]:
    """Keep the player's errors of a judged match as cards (a file job): the human's in one of the
    player's ``own`` matches, and those of a player named as the player ``goes_by``, each with its
    explanation in ``why`` (:func:`cards_of_review`); how many were added."""
    players = drilled_players(review.match.record.players, own, goes_by)
    if not players:
        return 0, Told()
    return add_cards(folder, cards_of_review(review, name, players, min_error, why=why), now)


def _cube_best(kind: CubeAction, cube: tuple[float, float, float]) -> str:
    """The right cube action in the review's words (``no double``, ``double, take``, ``take``...)."""
    nd, dt, dp = cube
    if kind in (CubeAction.TAKE, CubeAction.PASS, CubeAction.BEAVER):
        return "take" if dt <= dp else "pass"
    if nd >= min(dt, dp):
        return "no double"
    return "double, take" if dt <= dp else "double, pass"


def tutor_card(session: GameSession, verdict: Verdict, kind: Checked, why: str = "") -> Card | None:
    """The card of an error the tutor caught, at the moment it was caught (the human deciding, the
    move not yet played), ``why`` its explanation in words; None for a game set up from a position
    (no record to name), a move the verdict does not name, or a verdict a rollout left unsure (as
    the review keeps no card of an unsure verdict: it may be no error). A verdict a rollout confirmed
    keeps the rollout's error, best choice and equities (the verdict's), and says so (``judged_by``)."""
    if session.setup or (verdict.confirmed and not verdict.sure):
        return None
    judged, depth, judged_by = verdict.judged, 0, ""
    if judged is not None and verdict.confirmed:  # in the review's words (analyze's)
        depth = judged.depth
        judged_by = f"rollout {judged.trials} trials: {judged.estimate:+.3f} ± {verdict.half_interval():.3f}"
    position_id, match_id = session_ids(session)
    source = Source(
        "match:" + (session.record_name or "unnamed"),
        session.record_name,
        session.match.game_number(),
        len(session.log),
    )
    bottom = gnubg_player(session, HUMAN)
    if isinstance(kind, CubeAction):
        if verdict.cube is None:
            return None
        cube = (verdict.cube.nd, verdict.cube.dt, verdict.cube.dp)
        action = CubeAction.TAKE if kind is CubeAction.BEAVER else kind
        return Card(
            position_id, match_id, str(action), str(action), _cube_best(kind, cube), verdict.loss, source,
            bottom=bottom, cube=cube, kind=DrillKind.CUBE, depth=depth, judged_by=judged_by, why=why,
        )  # fmt: skip
    dice = session.state.dice
    if dice is None or not verdict.played or not verdict.best:
        return None
    position = session.state.position
    try:
        best = parse_move(verdict.best, position, (dice[0], dice[1]))
        played = parse_move(verdict.played, position, (dice[0], dice[1]))
    except (MoveError, ValueError):
        return None
    options = (
        Option(best.notation(), pid(best.after.code), verdict.equities[0]),
        Option(played.notation(), pid(played.after.code), verdict.equities[1]),
    )
    return Card(
        position_id, match_id, MOVE, played.notation(), best.notation(), verdict.loss, source,
        bottom=bottom, dice=(dice[0], dice[1]), options=options,
        kind=kind_of(position.code, MOVE, len(session.log)), depth=depth, judged_by=judged_by, why=why,
    )  # fmt: skip
