"""The deck: the player's drill cards, their answers and their schedule in one SQLite database.

One deck a user folder (:data:`DECK_FILE`). Written safely: every change is one transaction (an
answer's review and the card's new schedule together, or neither), in SQLite's write-ahead log
with full syncs, so a process killed at any moment leaves the deck as it was before or after the
change. Opening it runs ``PRAGMA integrity_check``; a file that is not a deck, or a damaged one, is
set aside as ``NAME.corrupt-TIME`` (never deleted) with its log, a fresh deck is made, and the
caller gets a :class:`DeckDamage` to tell the player. A deck written by a newer program is not
touched: :class:`DeckError` says so.

A card's natural key is where it came from (record, game, turn, decision): a second review of the
same record adds nothing. The same decision (position, match, dice, what was played) is one card
too, whichever way it came (the tutor during the match, the review after it).

A deck is used from one thread at a time (the window's file jobs, or a command).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game.drills.card import Card, DrillKind, Judged, Option, Source
from game.drills.exchange import (
    Answer,
    Entry,
    dice_from,
    dice_text,
    options_to_json,
)
from game.drills.schedule import Schedule, grade, new_schedule, next_schedule
from game.support.files import set_aside

DECK_FILE = "drills.sqlite3"
"""The deck's file in the user data folder."""

SCHEMA_VERSION = 1
"""The deck's layout (``PRAGMA user_version``); a newer one is not opened."""

COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database: set aside with it."""

DAMAGE_CODES = frozenset({getattr(sqlite3, "SQLITE_CORRUPT", 11), getattr(sqlite3, "SQLITE_NOTADB", 26)})
"""SQLite's error codes of a file that is damaged or no database (others, a locked or unreadable
file, leave the file where it is)."""

_SCHEMA = """
CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    record TEXT NOT NULL,
    game INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    decision TEXT NOT NULL,
    position_id TEXT NOT NULL,
    match_id TEXT NOT NULL,
    dice TEXT NOT NULL,
    played TEXT NOT NULL,
    best TEXT NOT NULL,
    error REAL NOT NULL,
    options TEXT NOT NULL,
    cube TEXT,
    kind TEXT NOT NULL,
    source_name TEXT NOT NULL,
    row INTEGER NOT NULL,
    player TEXT NOT NULL,
    bottom INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    judged_by TEXT NOT NULL,
    why TEXT NOT NULL,
    created REAL NOT NULL,
    due REAL NOT NULL,
    state INTEGER NOT NULL,
    step INTEGER,
    stability REAL,
    difficulty REAL,
    last_review REAL,
    reps INTEGER NOT NULL,
    lapses INTEGER NOT NULL,
    last_right INTEGER NOT NULL,
    UNIQUE (record, game, turn, decision),
    UNIQUE (position_id, match_id, dice, decision, played)
);
CREATE INDEX cards_due ON cards (due);
CREATE INDEX cards_kind_due ON cards (kind, due);
CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    card INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    at REAL NOT NULL,
    answer TEXT NOT NULL,
    error REAL NOT NULL,
    right INTEGER NOT NULL,
    grade INTEGER NOT NULL
);
CREATE INDEX reviews_card ON reviews (card, at);
CREATE INDEX reviews_at ON reviews (at);
"""

_CARD_COLUMNS = (
    "id, record, game, turn, decision, position_id, match_id, dice, played, best, error, options, cube, "
    "kind, source_name, row, player, bottom, depth, judged_by, why, "
    "due, state, step, stability, difficulty, last_review, reps, lapses, last_right"
)

TREND_WEEKS = 8
"""The weeks the statistics' error trend covers."""

WEEK = 7 * 24 * 3600.0


class DeckError(OSError):
    """The deck cannot be used: a newer program's, or one the system cannot read or write (the
    message says why)."""


@dataclass(frozen=True)
class DeckDamage:
    """A deck that could not be used and was set aside (what to tell the player)."""

    path: str
    """The deck's file."""
    detail: str
    """What SQLite said (the integrity check's first findings, or its error)."""
    moved_to: str
    """Where it was moved."""


@dataclass(frozen=True)
class DeckStats:
    """The deck's figures for the statistics."""

    cards: int
    """Cards in the deck."""
    due: int
    """Cards due now."""
    new: int
    """Cards never answered."""
    answers: int
    """Answers given."""
    right: int
    """Answers that were right."""
    retention: float | None
    """The share of answers right among those to cards answered before (recall after a gap);
    None before any."""
    first_error: float | None
    """The mean error of each answered card's first answer (None before any)."""
    last_error: float | None
    """The mean error of each answered card's latest answer (the trend on drilled positions)."""
    weekly: tuple[tuple[float, float, int], ...] = ()
    """The last :data:`TREND_WEEKS` weeks with answers: (week's start, mean error, answers)."""
    kinds: tuple[tuple[DrillKind, int, int], ...] = ()
    """Each kind's cards and cards due now."""


def open_deck(path: Path) -> tuple[Deck, DeckDamage | None]:
    """The deck at ``path``, made if there is none; a damaged one set aside and a fresh one made (the
    :class:`DeckDamage` says so). :class:`DeckError` when it cannot be opened at all."""
    damage: DeckDamage | None = None
    try:
        info = path.stat()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise DeckError(exc.errno, f"the deck {path} cannot be read ({exc.strerror or exc})") from None
    else:
        if not stat.S_ISREG(info.st_mode):
            damage = _aside(path, "not a regular file")
    try:
        return Deck(_connect(path)), damage
    except _Damaged as exc:
        damage = _aside(path, str(exc))
    try:
        return Deck(_connect(path)), damage
    except _Damaged as exc:
        raise DeckError(f"a fresh deck {path} could not be made ({exc})") from None


class _Damaged(Exception):
    """The file is no deck, or a damaged one."""


def _aside(path: Path, why: str) -> DeckDamage:
    try:
        moved = set_aside(path, COMPANIONS)
    except OSError as exc:
        raise DeckError(
            exc.errno,
            f"the deck {path} is damaged ({why}) and could not be moved aside ({exc.strerror or exc})",
        ) from None
    return DeckDamage(str(path), why, str(moved))


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        con = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise DeckError(f"the deck {path} cannot be opened ({exc})") from None
    try:
        _prepare(con)
    except sqlite3.DatabaseError as exc:
        con.close()
        if getattr(exc, "sqlite_errorcode", None) in DAMAGE_CODES:
            raise _Damaged(str(exc)) from None
        raise DeckError(f"the deck {path} cannot be used ({exc})") from None
    except BaseException:
        con.close()
        raise
    return con


def _prepare(con: sqlite3.Connection) -> None:
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA foreign_keys=ON")
    found = [r[0] for r in con.execute("PRAGMA integrity_check(5)").fetchall()]
    if found != ["ok"]:
        raise _Damaged("; ".join(str(f) for f in found))
    version = con.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version > SCHEMA_VERSION:
        raise DeckError(f"the deck was written by a newer version of the game (layout {version})")
    if version == 0:
        if tables:
            raise _Damaged(f"a database, but not a deck (its tables: {', '.join(sorted(tables))})")
        _create(con)
        return
    if not {"cards", "reviews"} <= tables:
        raise _Damaged("the deck's tables are missing")


def _create(con: sqlite3.Connection) -> None:
    """Make the tables in one transaction."""
    con.execute("BEGIN IMMEDIATE")
    try:
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                con.execute(statement)
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def _card_row(card: Card, schedule: Schedule, now: float) -> dict[str, Any]:
    return {
        "record": card.source.record,
        "game": card.source.game,
        "turn": card.source.turn,
        "decision": card.decision,
        "position_id": card.position_id,
        "match_id": card.match_id,
        "dice": dice_text(card.dice),
        "played": card.played,
        "best": card.best,
        "error": card.error,
        "options": json.dumps(options_to_json(card.options), separators=(",", ":")),
        "cube": None if card.cube is None else json.dumps(list(card.cube)),
        "kind": str(card.kind),
        "source_name": card.source.name,
        "row": card.source.row,
        "player": card.player,
        "bottom": card.bottom,
        "depth": card.depth,
        "judged_by": card.judged_by,
        "why": card.why,
        "created": now,
        **_schedule_row(schedule),
    }


def _schedule_row(s: Schedule) -> dict[str, Any]:
    return {
        "due": s.due,
        "state": s.state,
        "step": s.step,
        "stability": s.stability,
        "difficulty": s.difficulty,
        "last_review": s.last_review,
        "reps": s.reps,
        "lapses": s.lapses,
        "last_right": int(s.last_right),
    }


def _from_row(r: sqlite3.Row | tuple[Any, ...]) -> tuple[Card, Schedule]:
    (
        cid,
        record,
        game,
        turn,
        decision,
        position_id,
        match_id,
        dice,
        played,
        best,
        error,
        options,
        cube,
        kind,
        source_name,
        row,
        player,
        bottom,
        depth,
        judged_by,
        why,
        due,
        state,
        step,
        stability,
        difficulty,
        last_review,
        reps,
        lapses,
        last_right,
    ) = r
    card = Card(
        position_id=position_id,
        match_id=match_id,
        decision=decision,
        played=played,
        best=best,
        error=error,
        source=Source(record, source_name, game, turn, row),
        player=player,
        bottom=bottom,
        dice=dice_from(dice),
        options=_options(options),
        cube=None if cube is None else tuple(json.loads(cube)),
        kind=DrillKind(kind),
        depth=depth,
        judged_by=judged_by,
        why=why,
        id=cid,
    )
    schedule = Schedule(due, state, step, stability, difficulty, last_review, reps, lapses, bool(last_right))
    return card, schedule


def _options(text: str) -> tuple[Option, ...]:
    """The ranked moves the deck itself wrote (checked when they came in: read as they are)."""
    return tuple(Option(m, a, float(e), tuple(p)) for m, a, e, p in json.loads(text))


class Deck:
    """An open deck (:func:`open_deck`); :meth:`close` it when done."""

    def __init__(self, con: sqlite3.Connection) -> None:
        self._con = con

    def close(self) -> None:
        """Close the database (the log is folded back into it)."""
        self._con.close()

    def __enter__(self) -> Deck:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: every change in it is kept, or none."""
        try:
            self._con.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise DeckError(f"the deck cannot be written ({exc})") from None
        try:
            yield self._con
        except BaseException:
            self._con.execute("ROLLBACK")
            raise
        try:
            self._con.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                self._con.execute("ROLLBACK")
            raise DeckError(f"the deck could not be written ({exc})") from None

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._con.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise DeckError(f"the deck cannot be read ({exc})") from None

    # --- adding -----------------------------------------------------------------------------------

    def add(self, cards: Iterable[Card], now: float) -> list[int]:
        """Keep ``cards`` (due at once); one already in the deck (by its natural key, or the same
        decision) is left out. Returns the new cards' ids."""
        return self.add_entries((Entry(c, new_schedule(now)) for c in cards), now)

    def add_entries(self, entries: Iterable[Entry], now: float) -> list[int]:
        """Keep cards with their schedules and answers (an import), leaving out those already in."""
        added = []
        names = ", ".join(k for k in _card_row(_SAMPLE, new_schedule(0.0), 0.0))
        marks = ", ".join(f":{k}" for k in _card_row(_SAMPLE, new_schedule(0.0), 0.0))
        with self._transaction() as con:
            for e in entries:
                cur = con.execute(
                    f"INSERT OR IGNORE INTO cards ({names}) VALUES ({marks})",
                    _card_row(e.card, e.schedule, now),
                )
                if cur.rowcount != 1:
                    continue
                cid = int(cur.lastrowid or 0)
                added.append(cid)
                con.executemany(
                    "INSERT INTO reviews (card, at, answer, error, right, grade) VALUES (?, ?, ?, ?, ?, ?)",
                    [(cid, a.at, a.answer, a.error, int(a.right), a.grade) for a in e.answers],
                )
        return added

    def set_why(self, card_id: int, why: str) -> None:
        """Give a card its explanation in words."""
        with self._transaction() as con:
            con.execute("UPDATE cards SET why = ? WHERE id = ?", (why, card_id))

    def remove(self, card_id: int) -> bool:
        """Drop a card and its answers; False when there was none."""
        with self._transaction() as con:
            return con.execute("DELETE FROM cards WHERE id = ?", (card_id,)).rowcount == 1

    # --- reading ----------------------------------------------------------------------------------

    def card(self, card_id: int) -> tuple[Card, Schedule] | None:
        """A card and its schedule, by id."""
        rows = self._query(f"SELECT {_CARD_COLUMNS} FROM cards WHERE id = ?", (card_id,))
        return _from_row(rows[0]) if rows else None

    def cards(
        self,
        due_by: float | None = None,
        kinds: Iterable[DrillKind] | None = None,
        limit: int | None = None,
    ) -> list[tuple[Card, Schedule]]:
        """The cards, soonest due first (then oldest): only those due by ``due_by`` if given, of
        ``kinds`` if given, at most ``limit``."""
        where, args = _filter(due_by, kinds)
        sql = f"SELECT {_CARD_COLUMNS} FROM cards{where} ORDER BY due, id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [_from_row(r) for r in self._query(sql, args)]

    def next_due(self, now: float, kinds: Iterable[DrillKind] | None = None) -> tuple[Card, Schedule] | None:
        """The card due soonest among those due by ``now`` (None: nothing is due)."""
        found = self.cards(now, kinds, 1)
        return found[0] if found else None

    def count(self, due_by: float | None = None, kinds: Iterable[DrillKind] | None = None) -> int:
        """How many cards (due by ``due_by``, of ``kinds``, when given)."""
        where, args = _filter(due_by, kinds)
        return int(self._query(f"SELECT COUNT(*) FROM cards{where}", args)[0][0])

    def answers(self, card_id: int) -> tuple[Answer, ...]:
        """A card's answers, oldest first."""
        rows = self._query(
            "SELECT at, answer, error, right, grade FROM reviews WHERE card = ? ORDER BY at, id", (card_id,)
        )
        return tuple(
            Answer(at, answer, error, bool(right), grade) for at, answer, error, right, grade in rows
        )

    def entries(self) -> list[Entry]:
        """Every card with its schedule and answers (an export)."""
        by_card: dict[int, list[Answer]] = {}
        for cid, at, answer, error, right, g in self._query(
            "SELECT card, at, answer, error, right, grade FROM reviews ORDER BY card, at, id"
        ):
            by_card.setdefault(cid, []).append(Answer(at, answer, error, bool(right), g))
        return [Entry(c, s, tuple(by_card.get(c.id, ()))) for c, s in self.cards()]

    # --- answering --------------------------------------------------------------------------------

    def answer(self, card_id: int, judged: Judged, close: float, now: float) -> Schedule:
        """Keep an answer to a card and schedule it again (one transaction); ``close``: the least
        error that is wrong. Returns the new schedule; :class:`KeyError` for no such card."""
        with self._transaction() as con:
            rows = con.execute(f"SELECT {_CARD_COLUMNS} FROM cards WHERE id = ?", (card_id,)).fetchall()
            if not rows:
                raise KeyError(card_id)
            _, schedule = _from_row(rows[0])
            given = grade(judged.error, judged.right, close, schedule.last_right)
            after = next_schedule(schedule, given, now, judged.right)
            con.execute(
                "INSERT INTO reviews (card, at, answer, error, right, grade) VALUES (?, ?, ?, ?, ?, ?)",
                (card_id, now, judged.answer, judged.error, int(judged.right), int(given)),
            )
            row = _schedule_row(after)
            sets = ", ".join(f"{k} = :{k}" for k in row)
            con.execute(f"UPDATE cards SET {sets} WHERE id = :id", {**row, "id": card_id})
        return after

    # --- figures ----------------------------------------------------------------------------------

    def stats(self, now: float) -> DeckStats:
        """The deck's figures at ``now``."""
        cards, due, new = self._query(
            "SELECT COUNT(*), COALESCE(SUM(due <= ?), 0), COALESCE(SUM(reps = 0), 0) FROM cards", (now,)
        )[0]
        answers, right = self._query("SELECT COUNT(*), COALESCE(SUM(right), 0) FROM reviews")[0]
        ranked = (
            "SELECT card, error, right, ROW_NUMBER() OVER (PARTITION BY card ORDER BY at, id) AS n, "
            "COUNT(*) OVER (PARTITION BY card) AS total FROM reviews"
        )
        later, later_right, first, last = self._query(
            f"SELECT COALESCE(SUM(n > 1), 0), COALESCE(SUM(n > 1 AND right), 0), "
            f"AVG(CASE WHEN n = 1 THEN error END), AVG(CASE WHEN n = total THEN error END) FROM ({ranked})"
        )[0]
        since = now - TREND_WEEKS * WEEK
        weekly = tuple(
            (since + int(w) * WEEK, float(mean), int(n))
            for w, mean, n in self._query(
                "SELECT CAST((at - ?) / ? AS INTEGER) AS w, AVG(error), COUNT(*) FROM reviews "
                "WHERE at >= ? GROUP BY w ORDER BY w",
                (since, WEEK, since),
            )
        )
        kinds = tuple(
            (DrillKind(k), int(n), int(d))
            for k, n, d in self._query(
                "SELECT kind, COUNT(*), COALESCE(SUM(due <= ?), 0) FROM cards GROUP BY kind ORDER BY kind",
                (now,),
            )
        )
        return DeckStats(
            cards=int(cards),
            due=int(due),
            new=int(new),
            answers=int(answers),
            right=int(right),
            retention=later_right / later if later else None,
            first_error=None if first is None else float(first),
            last_error=None if last is None else float(last),
            weekly=weekly,
            kinds=kinds,
        )


def _filter(due_by: float | None, kinds: Iterable[DrillKind] | None) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    args: list[Any] = []
    if due_by is not None:
        clauses.append("due <= ?")
        args.append(due_by)
    if kinds is not None:
        chosen = sorted(str(k) for k in kinds)
        clauses.append(f"kind IN ({', '.join('?' for _ in chosen)})" if chosen else "0")
        args.extend(chosen)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", args


_SAMPLE = Card("", "", "move", "", "", 0.0, Source(""))
"""A card whose row gives the columns' names."""


def with_id(card: Card, card_id: int) -> Card:
    """``card`` numbered ``card_id``."""
    return replace(card, id=card_id)
