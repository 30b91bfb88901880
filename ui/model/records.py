"""Every match the player plays, kept as a ``.mat`` record in the user data folder (no pygame).

After each game the match's file (``matches/<date>-<time>-<n>pt.mat``) is read back,
the game appended, and the whole written atomically; a record that cannot be read is
moved aside (never deleted) and a new one started.
"""

from __future__ import annotations

import datetime
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from game.records.errors import RecordError
from game.records.formats import read_record, suffixes
from game.records.mat import VARIATIONS, format_match, read_match
from game.records.model import Action, GameRecord, MatchRecord, steps_text
from game.rules.cube import CubeAction
from game.rules.variant import Variant
from game.support.files import FileTooLargeError, NotRegularFileError, read_regular, write_atomic
from ui.model.cube_save import CubeRecord
from ui.model.seats import COMPUTER_NAMES
from ui.model.session import GameSession, TurnRecord
from ui.model.storage import Damage, Notice, Stored, Then, aside_told


def shorten(text: str, limit: int = 200) -> str:
    """``text`` cut to about ``limit`` characters for a message."""
    return text if len(text) <= limit else text[:limit] + "..."


MATCHES_FOLDER = "matches"
"""The records' folder under the user data folder."""

PLAYERS = COMPUTER_NAMES
"""The names in the record against the computer: the human (left column), the computer (right). Two
players' records carry their names (:meth:`GameSession.names`)."""

MAX_RECORD_BYTES = 20_000_000
"""A record larger than this is damaged."""


def record_name(now: datetime.datetime, length: int) -> str:
    """A new match's file name: ``20261124-171500-5pt.mat`` (``-money`` for a money session)."""
    return f"{now:%Y%m%d-%H%M%S}-{f'{length}pt' if length else 'money'}.mat"


def _cube_action(c: CubeRecord) -> list[Action]:
    if c.kind is CubeAction.DOUBLE:
        return [Action(CubeAction.DOUBLE, c.player, cube=c.value)]
    if c.kind is CubeAction.BEAVER:  # a redouble at once, taken: what a .mat reader follows
        return [Action(CubeAction.DOUBLE, c.player, cube=c.value), Action(CubeAction.TAKE, 1 - c.player)]
    return [Action(CubeAction.TAKE if c.kind is CubeAction.TAKE else CubeAction.PASS, c.player)]


def _move_action(t: TurnRecord) -> Action:
    return Action("move", t.player, (t.dice.first, t.dice.second), steps_text(t.steps))


def game_entries(session: GameSession) -> list[tuple[CubeRecord | TurnRecord, list[Action]]]:
    """What has been played in ``session`` so far, in order: each turn and cube action with the
    record's entries for it (a beaver is two: the redouble and its take)."""
    out: list[tuple[CubeRecord | TurnRecord, list[Action]]] = []
    for k in range(len(session.log) + 1):
        out.extend((c, _cube_action(c)) for c in session.cube_log if c.turn == k)
        if k < len(session.log):
            out.append((session.log[k], [_move_action(session.log[k])]))
    return out


def game_record(session: GameSession) -> GameRecord:
    """The finished game ``session`` as a record: its moves and cube actions in order, the winner's points."""
    out = session.outcome()
    if out is None:
        raise ValueError("the game is not over")
    actions = tuple(a for _, entries in game_entries(session) for a in entries)
    return GameRecord(session.match.score, actions, out.winner, session.points_now())


NEW = Then.NEW_RECORD
"""A damaged record is moved aside and a new one started."""


def _read(path: Path, tell: Callable[[Notice], None] | None = None) -> MatchRecord | None:
    """The record in ``path``; None when there is none or it was damaged: then it is moved aside as
    the settings are (:func:`~ui.model.storage.aside_told`, never over an earlier one) and
    ``tell`` is given the message for the player."""
    try:
        return read_match(read_regular(path, MAX_RECORD_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return None
    except FileTooLargeError:
        message = aside_told(path, Stored.MATCH_RECORD, Damage.TOO_LARGE, number=MAX_RECORD_BYTES, then=NEW)
    except NotRegularFileError as exc:
        message = aside_told(path, Stored.MATCH_RECORD, Damage.NOT_REGULAR, exc.strerror or "", then=NEW)
    except UnicodeDecodeError:
        message = aside_told(path, Stored.MATCH_RECORD, Damage.NOT_UTF8, then=NEW)
    except ValueError as exc:  # RecordError among them: worded where it is shown
        message = aside_told(path, Stored.MATCH_RECORD, Damage.BAD_VALUES, shorten(str(exc)), then=NEW)
        message = replace(message, error=exc)
    if tell is not None:
        tell(message)
    return None


def _variation(variant: Variant) -> tuple[str, str]:
    return ("Variation", VARIATIONS[variant])


def keep_game(
    folder: Path | None, session: GameSession, tell: Callable[[Notice], None] | None = None
) -> Path | None:
    """Append the finished game to its match's record in ``folder`` (None: saving is off, nothing written).

    Returns the record's path. A game already in the record is not written twice. A match
    set up from a position is not kept: a ``.mat`` record starts every game at the opening
    position. A kept record that cannot be read is moved aside and ``tell`` told. Raises OSError
    when the folder cannot be written."""
    if folder is None or session.outcome() is None or session.setup:
        return None
    if not session.record_name:
        session.record_name = record_name(datetime.datetime.now(), session.match.length)
    path = folder / session.record_name
    old = _read(path, tell)
    games = () if old is None else old.games
    if games and games[-1].score == session.match.score:  # scores grow every game: this one is in
        return path
    when = datetime.date.today().strftime("%Y.%m.%d")
    variant = session.config.variant
    tags = old.tags if old is not None else (("Site", "Backgammon"), ("EventDate", when), _variation(variant))
    games = (*games, game_record(session))
    record = MatchRecord(session.match.length, session.names(), games, tags, variant)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(path, format_match(record).encode("utf-8"))
    return path


def match_so_far(folder: Path | None, session: GameSession) -> tuple[MatchRecord, Path | None]:
    """The match of the finished game ``session`` up to and with it: its kept record and file when
    that has the game (it is only read, never moved), else a record of this game alone at its score."""
    if folder is not None and session.record_name:
        path = folder / session.record_name
        try:
            kept = read_match(read_regular(path, MAX_RECORD_BYTES).decode("utf-8"))
        except (OSError, RecordError, UnicodeDecodeError, ValueError):
            kept = None
        if kept is not None and kept.games and kept.games[-1].score == session.match.score:
            return kept, path
    game = (game_record(session),)
    return MatchRecord(session.match.length, session.names(), game, (), session.config.variant), None


PENDING = -2
"""A :class:`SavedMatch`'s length while its file has not been read yet."""


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A record in the matches folder, for the list to open one from."""

    path: Path
    """The file."""
    when: str
    """When it was last written (local time, ``2026-11-24 17:15``)."""
    length: int
    """Match length (0: money); -1 when the file cannot be read, :data:`PENDING` before it is read."""
    players: tuple[str, str] = ("", "")
    """The players' names."""
    score: tuple[int, int] = (0, 0)
    """The score after the games recorded."""

    def is_readable(self) -> bool:
        """The file reads as a match record."""
        return self.length >= 0

    def is_pending(self) -> bool:
        """The file has not been read yet."""
        return self.length == PENDING


def _when(path: Path) -> str:
    stamp = path.stat().st_mtime
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def record_files(folder: Path | None, limit: int = 200) -> list[Path]:
    """The match records in ``folder`` (``.mat``, ``.sgf``, ``.xg``...), newest first, at most
    ``limit``; only their names and times are looked at."""
    if folder is None or not folder.is_dir():
        return []
    try:
        names = [p for p in folder.iterdir() if p.suffix.lower() in suffixes()]
    except OSError:
        return []
    files: list[tuple[float, Path]] = []
    for p in names:  # one file that cannot be looked at (a dangling link, a loop) is left out alone
        try:
            info = p.stat()
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(info.st_mode):
            files.append((info.st_mtime, p))
    files.sort(key=lambda f: f[0], reverse=True)
    return [p for _, p in files[:limit]]


def saved_match(path: Path) -> SavedMatch:
    """The record in ``path`` read (in any format) for the list; one that cannot be read is
    listed as such and left where it is."""
    try:
        when = _when(path)
        record = read_record(read_regular(path, MAX_RECORD_BYTES))
    except (OSError, RecordError, ValueError):
        return SavedMatch(path, "", -1)
    score = [0, 0]
    for g in record.games:
        score = [g.score[0], g.score[1]]
        score[g.winner] += g.points
    return SavedMatch(path, when, record.length, record.players, (score[0], score[1]))


def saved_matches(folder: Path | None, limit: int = 200) -> list[SavedMatch]:
    """The records in ``folder``, newest first (at most ``limit``), each read (:func:`saved_match`)."""
    return [saved_match(path) for path in record_files(folder, limit)]


class MatchListing:
    """A folder's records for the list to open one from (their paths, listed off the window's
    thread by the caller: :func:`record_files`): what each holds read on a thread of its own
    (reading a record is never done on the window's thread)."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        """The files, newest first."""
        self._read: list[SavedMatch] | None = None
        thread = threading.Thread(target=self._read_all, name="saved-matches", daemon=True)
        thread.start()

    def _read_all(self) -> None:
        self._read = [saved_match(path) for path in self.paths]

    def ready(self) -> bool:
        """Every file has been read."""
        return self._read is not None

    def matches(self) -> list[SavedMatch]:
        """The records as read, or (until they are) each file pending by its name."""
        if self._read is not None:
            return self._read
        return [SavedMatch(path, "", PENDING) for path in self.paths]
