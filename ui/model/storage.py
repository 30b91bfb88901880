"""Settings and the saved game on disk: JSON in the per-user folder, written atomically.

No pygame here. A file that cannot be read is renamed aside (never deleted) and
the caller gets a message to show the player; the game then starts fresh.
"""

from __future__ import annotations

import contextlib
import enum
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ai.engine_types import CONFIRM_MODES, DEFAULT_LEVEL, level_by_key
from game.drills.card import DEFAULT_MIN_ERROR, DrillKind
from game.rules.match import MAX_MATCH_LENGTH
from game.rules.variant import Variant
from game.support import validate
from game.support.files import FileTooLargeError, NotRegularFileError, read_regular, set_aside, write_atomic
from game.support.resources import user_data_dir
from ui.model.display import AnimationSpeed, HomeSide, ThemeChoice
from ui.model.seats import DEFAULT_NAMES, NAME_LENGTH, CheckerColour, Control, clean_name
from ui.model.session import FirstMove, GameConfig
from ui.model.tutor import TUTOR_LEVELS

SETTINGS_FILE = "settings.json"
SAVE_FILE = "savegame.json"
ERROR_LOG = "errors.log"
"""What went wrong inside the game: each failure's time and traceback, appended."""
MAX_LOG_BYTES = 256_000
"""Once the error log is larger than this it becomes ``errors.log.old`` (replacing the older one)."""

HINT_DEPTHS = (1, 2, 3, 4)
"""The depths a hint can be searched at."""

MAX_WINDOW_SIDE = 16384
"""The longest side a saved window size may have; anything longer is a damaged setting."""

DRILL_MIN_ERRORS = (0.02, 0.03, 0.04, 0.06, 0.08, 0.12)
"""The least errors a card may be made from."""

DRILL_SESSIONS = (5, 10, 20, 50)
"""The lengths of a drill session, in cards."""

ALL_KINDS = "all"
"""The drill kind setting that drills every kind."""

DRILL_NAMES = 4
"""How many names the player may go by in records from elsewhere."""

RECENT_FILES = 10
"""How many match record files opened lately the settings remember."""

MAX_PATH_CHARS = 4096
"""The longest path the settings keep (Linux's own limit)."""


class StorageError(ValueError):
    """A settings or saved-game file that cannot be used."""


class RealDice(enum.StrEnum):
    """Whose dice are real ones, rolled on the table and entered by the human."""

    NONE = "none"
    """Every roll is drawn from the game's seed."""
    YOURS = "yours"
    """The human's (with two players, both players'); the computer's are drawn."""
    BOTH = "both"
    """The computer's too: the human enters them as well."""

    @classmethod
    def from_saved(cls, value: object, name: str) -> RealDice:
        """The setting as saved: one of the values, or (older files) True for yours, False for none."""
        if isinstance(value, bool):
            return cls.YOURS if value else cls.NONE
        return validate.member(value, name, cls)


@dataclass
class Settings:
    """The player's choices, kept between sessions."""

    level: str = DEFAULT_LEVEL
    """Key of the AI level (see ai.levels)."""
    match_length: int = 5
    """Points to win a match, 1..25; 0 for a money session."""
    first: FirstMove = FirstMove.ROLL
    """Who moves first: the opening roll decides, or a fixed side (still with the opening dice)."""
    colour: CheckerColour = CheckerColour.LIGHT
    """The colour the human plays."""
    animation: AnimationSpeed = AnimationSpeed.NORMAL
    """How fast checkers move."""
    sound: bool = True
    """Sounds on or off."""
    auto_roll: bool = False
    """Roll the human's dice automatically."""
    auto_forced: bool = True
    """Play a forced move (the only legal one) automatically."""
    theme: ThemeChoice = ThemeChoice.CLASSIC
    """The board's colours."""
    hint_depth: int = 2
    """The depth hints are searched at: one of HINT_DEPTHS."""
    home: HomeSide = HomeSide.RIGHT
    """The side the human's home board is drawn on."""
    manual_dice: RealDice = RealDice.NONE
    """Whose rolls are real dice the human enters (the rest are drawn from the seed)."""
    jacoby: bool = True
    """Money: gammons count single until the cube is turned (the Jacoby rule)."""
    beavers: bool = False
    """Money: a doubled player may redouble at once and keep the cube."""
    cube_advice: bool = True
    """Show the hint's advice when the computer doubles."""
    tutor: str = "off"
    """Tutor mode: warn before errors of at least this size (a key of TUTOR_LEVELS; "off": never)."""
    review_mode: str = "default"
    """How the coach judges (a key of CONFIRM_MODES): ``quick``, the search alone; ``default``,
    the errors it would report (the review's, the tutor's catch, the drill cards') confirmed by
    rollouts; ``thorough``, longer rollouts in the review."""
    window_size: tuple[int, int] | None = None
    """The window's size when the player last resized it; None: a size that fits the screen."""
    opponent: Control = Control.COMPUTER
    """Who plays the other side: the computer, or a person (two people at one computer)."""
    name_one: str = DEFAULT_NAMES[0]
    """With two players, the name of the first (the bottom side)."""
    name_two: str = DEFAULT_NAMES[1]
    """With two players, the name of the second (the top side)."""
    recent_files: tuple[str, ...] = ()
    """The match record files opened lately (the Open dialog's recent files), newest first, at
    most :data:`RECENT_FILES`."""
    variant: Variant = Variant.STANDARD
    """The variant of the next new match: standard backgammon or nackgammon."""
    drill_min_error: float = DEFAULT_MIN_ERROR
    """Drills: the least error of the player's that becomes a card (one of DRILL_MIN_ERRORS)."""
    drill_after_match: bool = False
    """Drills: review each finished match in the background and keep the player's errors as cards."""
    drill_names: tuple[str, ...] = ()
    """Drills: the names the player goes by in records from elsewhere ("I am 'lasse'"): a review of a
    record with a player of one of these names keeps that player's errors as cards."""
    drill_session: int = 10
    """Drills: the cards of a session (one of DRILL_SESSIONS)."""
    drill_kind: str = ALL_KINDS
    """Drills: the kind of card drilled (a DrillKind's value, or "all")."""
    language: str = ""
    """The language the game speaks: a gettext code (``de``, ``pt_BR``; ``ui.text.languages`` lists
    them), or ``""`` until the player chooses one (the system's language is spoken)."""

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from saved JSON; unknown keys are ignored, any bad value raises StorageError."""
        settings, bad = cls.repair(data)
        if bad:
            raise StorageError(f"bad settings: {'; '.join(bad)}")
        return settings

    @classmethod
    def repair(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from saved JSON, each bad value replaced by its default; and what was bad."""
        if not isinstance(data, dict):
            return cls(), ["settings must be a JSON object"]
        s = cls()
        bad: list[str] = []
        for name, check in _SETTING_CHECKS.items():
            if name not in data:
                continue
            try:
                setattr(s, name, check(data[name], name))
            except validate.Invalid as exc:
                bad.append(str(exc))
        return s, bad

    def validate(self) -> None:
        """Raise StorageError when a value is out of range."""
        for name, check in _SETTING_CHECKS.items():
            try:
                check(getattr(self, name), name)
            except validate.Invalid as exc:
                raise StorageError(f"setting {name!r} has a bad value: {exc}") from None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)

    def game_config(self) -> GameConfig:
        """The config of a new match with these settings (an unknown level: the default one)."""
        try:
            level = level_by_key(self.level)
        except ValueError:
            level = level_by_key(DEFAULT_LEVEL)
        names = (clean_name(self.name_one, DEFAULT_NAMES[0]), clean_name(self.name_two, DEFAULT_NAMES[1]))
        return GameConfig(
            level.key,
            level.depth,
            level.noise,
            self.match_length,
            self.first,
            self.colour,
            self.jacoby,
            self.beavers,
            self.opponent,
            names,
            self.variant,
        )


def _window_size(value: object, name: str) -> tuple[int, int] | None:
    """A window size: null, or [width, height] in pixels, each 1..MAX_WINDOW_SIDE."""
    if value is None:
        return None
    w, h = validate.items(list(value) if isinstance(value, tuple) else value, name, 2, 2)
    return validate.integer(w, f"{name}[0]", 1, MAX_WINDOW_SIDE), validate.integer(
        h, f"{name}[1]", 1, MAX_WINDOW_SIDE
    )


def _paths(value: object, name: str) -> tuple[str, ...]:
    """File paths: a list of at most RECENT_FILES strings of 1..MAX_PATH_CHARS characters, no NUL."""
    listed = validate.items(list(value) if isinstance(value, tuple) else value, name, RECENT_FILES)
    kept = tuple(validate.text(v, f"{name}[{i}]", MAX_PATH_CHARS) for i, v in enumerate(listed))
    if any("\0" in v for v in kept):
        raise validate.Invalid(f"{name} holds a path with a NUL character")
    return kept


def remember_file(recent: tuple[str, ...], path: str) -> tuple[str, ...]:
    """``recent`` with ``path`` first (once), the oldest dropped past :data:`RECENT_FILES`; a path the
    settings cannot keep (too long, a NUL) leaves them as they are."""
    if not path or len(path) > MAX_PATH_CHARS or "\0" in path:
        return recent
    return (path, *(p for p in recent if p != path))[:RECENT_FILES]


LANGUAGE_CODE = re.compile(r"(?:[a-z]{2,3}(?:_[A-Z]{2})?|pseudo)?")
"""A language setting's form: a gettext code (``de``, ``pt_BR``), the pseudo-locale, or empty (which
codes the game speaks is ``ui.text``'s to say: one it does not is English)."""


def _language(value: object, name: str) -> str:
    """A language code (:data:`LANGUAGE_CODE`), or ``""`` for the system's language."""
    if value == "":
        return ""
    kept = validate.text(value, name, 12)
    if not LANGUAGE_CODE.fullmatch(kept):
        raise validate.Invalid(f"{name} must be a language code such as de or pt_BR, not {kept!r}")
    return kept


def _name(value: object, name: str) -> str:
    """A player's name: text of 1..NAME_LENGTH printable characters, not only spaces."""
    kept = validate.text(value, name, NAME_LENGTH)
    if not kept.strip() or not kept.isprintable():
        raise validate.Invalid(f"{name} must be 1 to {NAME_LENGTH} printable characters")
    return kept


_SETTING_CHECKS: Mapping[str, Callable[[object, str], object]] = MappingProxyType(
    {
        "level": lambda x, n: validate.text(x, n, 40),
        "match_length": lambda x, n: validate.integer(x, n, 0, MAX_MATCH_LENGTH),
        "first": lambda x, n: validate.member(x, n, FirstMove),
        "colour": lambda x, n: validate.member(x, n, CheckerColour),
        "animation": lambda x, n: validate.member(x, n, AnimationSpeed),
        "sound": validate.flag,
        "auto_roll": validate.flag,
        "auto_forced": validate.flag,
        "theme": lambda x, n: validate.member(x, n, ThemeChoice),
        "hint_depth": lambda x, n: validate.choice(x, n, HINT_DEPTHS),
        "home": lambda x, n: validate.member(x, n, HomeSide),
        "manual_dice": RealDice.from_saved,
        "jacoby": validate.flag,
        "beavers": validate.flag,
        "cube_advice": validate.flag,
        "tutor": lambda x, n: validate.choice(x, n, tuple(TUTOR_LEVELS)),
        "review_mode": lambda x, n: validate.choice(x, n, tuple(CONFIRM_MODES)),
        "window_size": _window_size,
        "opponent": lambda x, n: validate.member(x, n, Control),
        "name_one": _name,
        "name_two": _name,
        "recent_files": _paths,
        "variant": lambda x, n: validate.member(x, n, Variant),
        "drill_min_error": lambda x, n: validate.choice(x, n, DRILL_MIN_ERRORS),
        "drill_after_match": validate.flag,
        "drill_names": lambda x, n: tuple(
            _name(v, f"{n}[{i}]")
            for i, v in enumerate(validate.items(list(x) if isinstance(x, tuple) else x, n, DRILL_NAMES))
        ),
        "drill_session": lambda x, n: validate.choice(x, n, DRILL_SESSIONS),
        "drill_kind": lambda x, n: validate.choice(x, n, (ALL_KINDS, *(str(k) for k in DrillKind))),
        "language": _language,
    }
)
"""How each setting is checked, by name (every field of :class:`Settings`)."""

MAX_FILE_BYTES = 4_000_000
"""A settings or saved-game file larger than this is damaged (a real one is a few kilobytes)."""

BOM = "\ufeff"


def write_json_atomic(path: Path, data: object) -> None:
    """Write JSON atomically: a crash leaves either the old file or the new one."""
    write_atomic(path, json.dumps(data, indent=1).encode("utf-8"))


class Stored(enum.Enum):
    """A file the game keeps for the player."""

    SETTINGS = enum.auto()
    SAVED_GAME = enum.auto()
    STATISTICS = enum.auto()
    MATCH_RECORD = enum.auto()


class Damage(enum.Enum):
    """Why a kept file could not be used (or saving is off)."""

    TOO_LARGE = enum.auto()
    """Larger than it may be (:attr:`Notice.number` bytes)."""
    NOT_REGULAR = enum.auto()
    """Not a regular file (the detail: the system's words, if any)."""
    NOT_UTF8 = enum.auto()
    """Not UTF-8 text."""
    TOO_DEEP = enum.auto()
    """JSON nested too deeply."""
    NOT_JSON = enum.auto()
    """Not valid JSON (the detail: the reader's error's name)."""
    BAD_VALUES = enum.auto()
    """Values that cannot be (the detail: which, and why, in the validator's words)."""
    CANNOT_READ = enum.auto()
    """The system could not read it (the detail: its words); it is left where it is."""
    SAVING_OFF = enum.auto()
    """The user data folder cannot be made (the path: the folder named, if any; the detail: why)."""


class Then(enum.Enum):
    """What the game does instead of a file it moved aside."""

    FRESH = enum.auto()
    """Starts fresh."""
    OTHERS_KEPT = enum.auto()
    """Keeps the other settings (each bad one at its default)."""
    NEW_RECORD = enum.auto()
    """Starts a new match record."""


@dataclass(frozen=True)
class Notice:
    """What to tell the player about a kept file that could not be used (:mod:`ui.text.model` words it)."""

    stored: Stored | None
    """The file (None: saving is off)."""
    damage: Damage
    """What is wrong."""
    detail: str = ""
    """The system's, the reader's or the validator's own words."""
    number: int = 0
    """A number (the most bytes)."""
    path: str = ""
    """The file (the folder, for :attr:`Damage.SAVING_OFF`)."""
    moved_to: str = ""
    """Where it was moved aside ("" when it was not)."""
    not_moved: str = ""
    """Why it could not be moved aside (the system's words; "" when it was)."""
    then: Then = Then.FRESH
    """What the game does instead."""
    error: Exception | None = field(default=None, compare=False)
    """The reader's own error, when it has one (a record's :class:`~game.records.errors.RecordError`)."""


def read_json(path: Path, what: Stored, limit: int = MAX_FILE_BYTES) -> tuple[object | None, Notice | None]:
    """The JSON in ``path`` (None if there is no file), and a notice for the player if it was set aside
    (a file over ``limit`` bytes among them)."""
    try:
        raw = read_regular(path, limit)
    except FileNotFoundError:
        return None, None
    except FileTooLargeError:
        return None, aside_told(path, what, Damage.TOO_LARGE, number=limit)
    except NotRegularFileError as exc:
        return None, aside_told(path, what, Damage.NOT_REGULAR, exc.strerror or "")
    except OSError as exc:
        return None, Notice(what, Damage.CANNOT_READ, str(exc.strerror or exc), path=str(path))
    try:
        return json.loads(raw.decode("utf-8").removeprefix(BOM)), None
    except UnicodeDecodeError:
        return None, aside_told(path, what, Damage.NOT_UTF8)
    except RecursionError:
        return None, aside_told(path, what, Damage.TOO_DEEP)
    except ValueError as exc:  # JSONDecodeError, or a number too long to read
        return None, aside_told(path, what, Damage.NOT_JSON, exc.__class__.__name__)


def aside_told(
    path: Path, what: Stored, damage: Damage, detail: str = "", number: int = 0, then: Then = Then.FRESH
) -> Notice:
    """Move the unreadable file ``path`` aside; returns what to tell the player."""
    try:
        moved = set_aside(path)
    except OSError as exc:
        return Notice(what, damage, detail, number, str(path), not_moved=str(exc), then=then)
    return Notice(what, damage, detail, number, str(path), moved_to=str(moved), then=then)


class Store:
    """The per-user folder: settings and the game in progress.

    When the folder cannot be made or used, saving is off: nothing is read or written,
    and :attr:`problem` says why (the game tells the player once, at the start)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.problem: Notice | None = None
        """Why saving is off; None when it works."""
        if folder is None:
            try:
                folder = user_data_dir()
            except OSError as exc:
                where = os.environ.get("BACKGAMMON_HOME") or ""
                self.problem = Notice(None, Damage.SAVING_OFF, str(exc.strerror or exc), path=where)
        self.folder = folder
        """Where the files live (platformdirs, or BACKGAMMON_HOME); None when saving is off."""

    @property
    def settings_path(self) -> Path:
        """The settings file."""
        assert self.folder is not None, "saving is off"
        return self.folder / SETTINGS_FILE

    @property
    def matches_folder(self) -> Path | None:
        """Where the played matches' .mat records are kept; None when saving is off."""
        return None if self.folder is None else self.folder / "matches"

    @property
    def save_path(self) -> Path:
        """The saved game file."""
        assert self.folder is not None, "saving is off"
        return self.folder / SAVE_FILE

    def _read(self, path: Path, what: Stored) -> tuple[object | None, Notice | None]:
        return read_json(path, what)

    def _aside(self, path: Path, what: Stored, why: str, then: Then = Then.FRESH) -> Notice:
        return aside_told(path, what, Damage.BAD_VALUES, why, then=then)

    def load_settings(self) -> tuple[Settings, Notice | None]:
        """The saved settings (defaults if none), and a message for the player if any.

        Bad values are replaced by their defaults and the rest kept: the file is moved
        aside as it was, and the repaired settings are written in its place."""
        if self.folder is None:
            return Settings(), self.problem
        data, warning = self._read(self.settings_path, Stored.SETTINGS)
        if data is None:
            return Settings(), warning
        settings, bad = Settings.repair(data)
        if not bad:
            return settings, None
        message = self._aside(self.settings_path, Stored.SETTINGS, "; ".join(bad), Then.OTHERS_KEPT)
        with contextlib.suppress(OSError):
            self.save_settings(settings)
        return settings, message

    def chosen_language(self) -> str:
        """The language the player chose in the saved settings ("" when none, or when the file is
        missing or unreadable), read without touching the file: a damaged one is the window's to set
        aside and tell of (a command-line tool that speaks as the window does asks this)."""
        if self.folder is None:
            return ""
        try:
            raw = read_regular(self.settings_path, MAX_FILE_BYTES)
            data = json.loads(raw.decode("utf-8").removeprefix(BOM))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            return ""
        return Settings.repair(data)[0].language

    def save_settings(self, settings: Settings) -> None:
        """Write the settings atomically (nothing when saving is off)."""
        if self.folder is not None:
            write_json_atomic(self.settings_path, settings.to_json())

    def load_game_data(self) -> tuple[object | None, Notice | None]:
        """The raw saved game (None if none), and a message if the file was bad JSON."""
        if self.folder is None:
            return None, None
        return self._read(self.save_path, Stored.SAVED_GAME)

    def reject_game(self, why: str) -> Notice:
        """Move a saved game that could not be used aside; returns what to tell the player."""
        return self._aside(self.save_path, Stored.SAVED_GAME, why)

    def save_game(self, data: object) -> None:
        """Write the game in progress atomically (nothing when saving is off)."""
        if self.folder is not None:
            write_json_atomic(self.save_path, data)

    def log_error(self, entry: str) -> Path | None:
        """Append ``entry`` (cut to a quarter of :data:`MAX_LOG_BYTES`) to the error log, kept under
        :data:`MAX_LOG_BYTES` by moving a full log aside first; its path (None when saving is off)."""
        if self.folder is None:
            return None
        path = self.folder / ERROR_LOG
        with contextlib.suppress(FileNotFoundError):
            if path.stat().st_size > MAX_LOG_BYTES:
                os.replace(path, path.with_name(ERROR_LOG + ".old"))
        with path.open("a", encoding="utf-8", errors="replace") as fh:
            fh.write(entry[: MAX_LOG_BYTES // 4])
        return path

    def clear_game(self) -> None:
        """Forget the saved game (after the match is over, or a new one starts)."""
        if self.folder is not None:
            with contextlib.suppress(FileNotFoundError):
                self.save_path.unlink()
