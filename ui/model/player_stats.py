"""The player's statistics across matches, kept in ``<user data>/stats.json`` (no pygame).

One entry per match record (``matches/<name>.mat``, see :mod:`ui.model.records`),
updated after each of its games: the score, the games won and lost, whether the match
was finished, and the error rates once the match has been reviewed, with the games the
review covered. A review of part of a match (the games so far, from the game-over dialog)
stops being the match's figures once more games are played: it counts in no average and is
shown as a review of the first games only, until the whole match is reviewed again. A match
left before its end stays "not finished" and counts in no total; a money session counts apart
(sessions and points). The file is written atomically; one that cannot be read is moved
aside (never deleted) and the player told, and a fresh one is started.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ai.engine_types import performance_rating
from game.rules.digits import is_digits
from game.rules.match import MAX_MATCH_LENGTH
from game.support import validate
from game.support.files import write_atomic
from ui.model.records import PLAYERS
from ui.model.session import GameSession
from ui.model.storage import Damage, Notice, Stored, aside_told, read_json

STATS_FILE = "stats.json"
"""The statistics file under the user data folder."""

VERSION = 1
"""The file's format."""

MAX_ENTRIES = 100_000
"""More matches than this in the file means it is damaged."""

MAX_STATS_BYTES = 32_000_000
"""The largest statistics file read; the writer keeps under it (:func:`save_stats`): 100,000 entries
take about 15 MB written compact."""

MAX_POINTS = 1_000_000
"""A larger score in one entry means the file is damaged."""

MAX_ERROR_RATE = 10_000.0
"""A larger error rate (mEMG per decision) means the file is damaged."""

TREND_RECENT = 10
"""The trend compares the last this many reviewed matches with the ones before."""


class StatsError(ValueError):
    """A statistics file that cannot be used."""


@dataclass(frozen=True)
class MatchEntry:
    """One match (or money session) of the player's."""

    file: str
    """The match record's file name in the matches folder (the entry's key)."""
    date: str
    """When it was started, ``YYYY-MM-DD``."""
    length: int
    """Points to win; 0 for a money session."""
    score: tuple[int, int] = (0, 0)
    """Points so far: (the player, the computer)."""
    games: tuple[int, int] = (0, 0)
    """Games won and lost by the player."""
    finished: bool = False
    """The match was played to its end (a money session never is)."""
    error_rates: tuple[float, float] | None = None
    """(the player's, the computer's) error rate in mEMG per decision, once reviewed."""
    reviewed_games: int | None = None
    """The games the review covered (None: not reviewed, or reviewed before this was kept, and
    then taken as the whole match)."""

    def is_money(self) -> bool:
        """True for a money session."""
        return self.length == 0

    def is_won(self) -> bool:
        """True when the player won the finished match."""
        return self.finished and self.score[0] > self.score[1]

    def games_played(self) -> int:
        """Games finished in this match so far."""
        return self.games[0] + self.games[1]

    def review_is_partial(self) -> bool:
        """The review covered fewer games than have been played since: its figures are not the match's."""
        return (
            self.error_rates is not None
            and self.reviewed_games is not None
            and self.reviewed_games < self.games_played()
        )

    def match_error_rates(self) -> tuple[float, float] | None:
        """The error rates of the match as played so far: the review's, unless it covered only part."""
        return None if self.review_is_partial() else self.error_rates

    def prs(self) -> tuple[float, float] | None:
        """(the player's, the computer's) Performance Rating, once reviewed: half the error rate."""
        if self.error_rates is None:
            return None
        return performance_rating(self.error_rates[0]), performance_rating(self.error_rates[1])

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "file": self.file,
            "date": self.date,
            "length": self.length,
            "score": list(self.score),
            "games": list(self.games),
            "finished": self.finished,
            "error_rates": None if self.error_rates is None else list(self.error_rates),
            "reviewed_games": self.reviewed_games,
        }

    @classmethod
    def from_json(cls, data: object, name: str) -> MatchEntry:
        """An entry from the file; :class:`validate.Invalid` on anything else."""
        d = validate.obj(data, name)

        def ints(key: str) -> tuple[int, int]:
            a, b = validate.items(validate.field(d, key), f"{name}.{key}", 2, 2)
            return validate.integer(a, f"{name}.{key}[0]", 0, MAX_POINTS), validate.integer(
                b, f"{name}.{key}[1]", 0, MAX_POINTS
            )

        rates = validate.field(d, "error_rates")
        if rates is not None:
            a, b = validate.items(rates, f"{name}.error_rates", 2, 2)
            rates = (
                validate.number(a, f"{name}.error_rates[0]", 0.0, MAX_ERROR_RATE),
                validate.number(b, f"{name}.error_rates[1]", 0.0, MAX_ERROR_RATE),
            )
        covered = d.get("reviewed_games")  # absent in files written before it was kept
        if covered is not None:
            covered = validate.integer(covered, f"{name}.reviewed_games", 0, MAX_POINTS)
        return cls(
            validate.text(validate.field(d, "file"), f"{name}.file", 200),
            validate.text(validate.field(d, "date"), f"{name}.date", 20),
            validate.integer(validate.field(d, "length"), f"{name}.length", 0, MAX_MATCH_LENGTH),
            ints("score"),
            ints("games"),
            validate.flag(validate.field(d, "finished"), f"{name}.finished"),
            rates,
            covered,
        )


@dataclass(frozen=True)
class PlayerStats:
    """Every match and money session of the player's, oldest first."""

    entries: tuple[MatchEntry, ...] = ()
    """The matches and sessions."""

    # --- what the scene shows --------------------------------------------------------------------------

    def matches(self) -> list[MatchEntry]:
        """The finished matches."""
        return [e for e in self.entries if not e.is_money() and e.finished]

    def unfinished(self) -> list[MatchEntry]:
        """Matches left before their end (abandoned, or still being played): in no total."""
        return [e for e in self.entries if not e.is_money() and not e.finished]

    def sessions(self) -> list[MatchEntry]:
        """The money sessions with at least one game played."""
        return [e for e in self.entries if e.is_money() and e.games != (0, 0)]

    def match_totals(self) -> dict[str, int]:
        """Over finished matches: matches won / lost, games won / lost, points won / lost."""
        done = self.matches()
        return {
            "matches": len(done),
            "won": sum(e.is_won() for e in done),
            "lost": sum(not e.is_won() for e in done),
            "games_won": sum(e.games[0] for e in done),
            "games_lost": sum(e.games[1] for e in done),
            "points_won": sum(e.score[0] for e in done),
            "points_lost": sum(e.score[1] for e in done),
        }

    def money_totals(self) -> dict[str, int]:
        """Over money sessions: sessions, games won / lost, points won / lost."""
        ss = self.sessions()
        return {
            "sessions": len(ss),
            "games_won": sum(e.games[0] for e in ss),
            "games_lost": sum(e.games[1] for e in ss),
            "points_won": sum(e.score[0] for e in ss),
            "points_lost": sum(e.score[1] for e in ss),
        }

    def win_rate(self) -> float | None:
        """The share of finished matches won (None before the first)."""
        t = self.match_totals()
        return t["won"] / t["matches"] if t["matches"] else None

    def error_rates(self) -> list[float]:
        """The player's error rate in each reviewed match, oldest first (a review of only the
        first games of a match played on since is left out)."""
        return [rates[0] for e in self.entries if (rates := e.match_error_rates()) is not None]

    def average_error(self) -> float | None:
        """The player's mean error rate over reviewed matches (None if none)."""
        return _mean(self.error_rates())

    def average_pr(self) -> float | None:
        """The player's mean Performance Rating over reviewed matches (None if none)."""
        avg = self.average_error()
        return None if avg is None else performance_rating(avg)

    def trend(self) -> tuple[float | None, float | None]:
        """(mean error rate of the last TREND_RECENT reviewed matches, of the ones before)."""
        rates = self.error_rates()
        return _mean(rates[-TREND_RECENT:]), _mean(rates[:-TREND_RECENT])

    # --- updates (pure) ---------------------------------------------------------------------------------

    def entry(self, file: str) -> MatchEntry | None:
        """The entry of a match record, if any."""
        return next((e for e in self.entries if e.file == file), None)

    def _put(self, entry: MatchEntry) -> PlayerStats:
        if self.entry(entry.file) is None:
            return PlayerStats((*self.entries, entry))
        return PlayerStats(tuple(entry if e.file == entry.file else e for e in self.entries))

    def with_game(
        self, file: str, date: str, length: int, score: tuple[int, int], winner: int, over: bool
    ) -> PlayerStats:
        """After a game of match ``file``: ``score`` is the match's score with it, ``winner`` 0 the player.

        A game already counted (the same score again) changes nothing."""
        old = self.entry(file) or MatchEntry(file, date, length)
        if old.score == score and old.games != (0, 0):
            return self
        games = (old.games[0] + (winner == 0), old.games[1] + (winner == 1))
        return self._put(replace(old, score=score, games=games, finished=over and length > 0))

    def with_review(
        self, file: str, error_rates: tuple[float, float], games: int | None = None
    ) -> PlayerStats:
        """The match ``file`` was reviewed: its error rates (the player's, the computer's) over its
        first ``games`` games (None: the whole match). They replace any earlier review's."""
        old = self.entry(file) or MatchEntry(file, record_date(file), record_length(file))
        return self._put(replace(old, error_rates=error_rates, reviewed_games=games))

    # --- the file ---------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"version": VERSION, "matches": [e.to_json() for e in self.entries]}

    @classmethod
    def from_json(cls, data: object) -> PlayerStats:
        """The statistics from the file's JSON; :class:`StatsError` on anything else."""
        try:
            d = validate.obj(data, "statistics")
            validate.choice(validate.field(d, "version"), "version", (VERSION,))
            rows = validate.items(validate.field(d, "matches"), "matches", MAX_ENTRIES)
            return cls(tuple(MatchEntry.from_json(r, f"matches[{i}]") for i, r in enumerate(rows)))
        except validate.Invalid as exc:
            raise StatsError(str(exc)) from None


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def stats_path(folder: Path) -> Path:
    """The statistics file in the user data folder ``folder``."""
    return folder / STATS_FILE


def load_stats(folder: Path | None) -> tuple[PlayerStats, Notice | None]:
    """The saved statistics (empty if none), and a message for the player when the file was set aside."""
    if folder is None:
        return PlayerStats(), None
    path = stats_path(folder)
    data, told = read_json(path, Stored.STATISTICS, MAX_STATS_BYTES)
    if data is None:
        return PlayerStats(), told
    try:
        return PlayerStats.from_json(data), None
    except StatsError as exc:
        return PlayerStats(), aside_told(path, Stored.STATISTICS, Damage.BAD_VALUES, str(exc))


def stats_bytes(stats: PlayerStats, limit: int = MAX_STATS_BYTES) -> bytes:
    """The file's bytes: compact JSON, at most :data:`MAX_ENTRIES` entries and ``limit`` bytes, so that
    its own reader always takes it back (the oldest entries are dropped when either is passed)."""
    entries = stats.entries[-MAX_ENTRIES:]
    while True:
        data = {"version": VERSION, "matches": [e.to_json() for e in entries]}
        raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        if len(raw) <= limit or not entries:
            return raw
        entries = entries[len(entries) // 10 + 1 :]  # a tenth of the oldest at a time


def save_stats(folder: Path, stats: PlayerStats) -> None:
    """Write the statistics atomically (a kill leaves the old file or the new one)."""
    write_atomic(stats_path(folder), stats_bytes(stats))


def count_game(folder: Path | None, session: GameSession) -> Notice | None:
    """Count the finished game ``session`` in the statistics in ``folder``; a message for the player, if any.

    Nothing when saving is off (``folder`` None) or the game goes on, nor for a match between
    two people at this computer (the statistics are the player's record against the computer).
    Raises OSError when the file cannot be written."""
    out = session.outcome()
    if folder is None or out is None or not session.record_name or session.config.is_two_player():
        return None
    stats, message = load_stats(folder)
    match = session.match_now()
    file = session.record_name
    stats = stats.with_game(file, record_date(file), match.length, match.score, out.winner, match.is_over())
    save_stats(folder, stats)
    return message


def record_review(
    store_folder: Path,
    match_file: str,
    error_rates: tuple[float, float],
    players: tuple[str, str],
    games: int | None = None,
) -> None:
    """A review of match ``match_file`` (in ``store_folder``'s matches folder) finished: keep its error
    rates and the ``games`` it covered (None: the whole match).

    ``error_rates`` are in the record's column order; only the player's own records against the
    computer ("You" and "Computer") count, so a match of two people at this computer never does;
    a match not counted yet is added (as not finished).
    A statistics file that cannot be read is moved aside. Raises OSError when it cannot
    be written."""
    if players != PLAYERS:
        return
    stats, _ = load_stats(store_folder)
    save_stats(store_folder, stats.with_review(Path(match_file).name, error_rates, games))


def record_length(file: str) -> int:
    """The match length in a record's name (``20261124-171500-5pt.mat``: 5; money or unknown: 0)."""
    tail = Path(file).stem.rsplit("-", 1)[-1]
    return int(tail[:-2]) if tail.endswith("pt") and is_digits(tail[:-2]) else 0


def record_date(file: str) -> str:
    """The date in a record's name as ``YYYY-MM-DD`` (today when the name has none)."""
    head = Path(file).name[:8]
    try:
        return datetime.datetime.strptime(head, "%Y%m%d").date().isoformat()
    except ValueError:
        return datetime.date.today().isoformat()
