"""Settings and the saved game on disk: JSON in the per-user folder, written atomically.

No pygame here. A file that cannot be read is renamed aside (never deleted) and
the caller gets a message to show the player; the game then starts fresh.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ai.levels import DEFAULT_LEVEL
from game.files import write_atomic
from game.match import MATCH_LENGTHS
from game.resources import user_data_dir

SETTINGS_FILE = "settings.json"
SAVE_FILE = "savegame.json"

ANIMATION_SPEEDS: Mapping[str, float] = MappingProxyType(
    {"off": 0.0, "fast": 0.12, "normal": 0.25, "slow": 0.45}
)
"""Seconds a checker takes for one step, by setting name ("off": no animation)."""

THEMES = ("classic", "colour-blind")
"""The board themes: wood and felt, or a palette safe for colour-blind players."""

FIRST_MOVERS = ("roll", "you", "computer")
"""Who moves first: the opening roll decides, or a fixed side (still with the opening dice)."""

COLOURS = ("light", "dark")
"""The checker colours the human can play."""

HINT_DEPTHS = (1, 2, 3, 4)
"""The depths a hint can be searched at."""

HOME_SIDES = ("right", "left")
"""Where the human's home board is drawn."""


class StorageError(ValueError):
    """A settings or saved-game file that cannot be used."""


@dataclass
class Settings:
    """The player's choices, kept between sessions."""

    level: str = DEFAULT_LEVEL
    """Key of the AI level (see ai.levels)."""
    match_length: int = 1
    """Points to win a match: 1, 3, 5 or 7."""
    first: str = "roll"
    """Who moves first: one of FIRST_MOVERS."""
    colour: str = "light"
    """The colour the human plays: one of COLOURS."""
    animation: str = "normal"
    """Animation speed: a key of ANIMATION_SPEEDS."""
    sound: bool = True
    """Sounds on or off."""
    auto_roll: bool = False
    """Roll the human's dice automatically."""
    auto_forced: bool = True
    """Play a forced move (the only legal one) automatically."""
    theme: str = "classic"
    """One of THEMES."""
    hint_depth: int = 2
    """The depth hints are searched at: one of HINT_DEPTHS."""
    home: str = "right"
    """The side the human's home board is drawn on: one of HOME_SIDES."""
    manual_dice: bool = False
    """The human rolls real dice and enters them (the computer's dice stay seeded)."""

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from saved JSON; unknown keys are ignored, bad values raise StorageError."""
        if not isinstance(data, dict):
            raise StorageError("settings must be a JSON object")
        s = cls()
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key in known:
                setattr(s, key, value)
        s.validate()
        return s

    def validate(self) -> None:
        """Raise StorageError when a value is out of range."""
        checks: list[tuple[str, bool]] = [
            ("level", isinstance(self.level, str) and bool(self.level)),
            ("match_length", self.match_length in MATCH_LENGTHS and not isinstance(self.match_length, bool)),
            ("first", self.first in FIRST_MOVERS),
            ("colour", self.colour in COLOURS),
            ("animation", self.animation in ANIMATION_SPEEDS),
            ("sound", isinstance(self.sound, bool)),
            ("auto_roll", isinstance(self.auto_roll, bool)),
            ("auto_forced", isinstance(self.auto_forced, bool)),
            ("theme", self.theme in THEMES),
            ("hint_depth", self.hint_depth in HINT_DEPTHS and not isinstance(self.hint_depth, bool)),
            ("home", self.home in HOME_SIDES),
            ("manual_dice", isinstance(self.manual_dice, bool)),
        ]
        for name, ok in checks:
            if not ok:
                raise StorageError(f"setting {name!r} has a bad value: {getattr(self, name)!r}")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


def write_json_atomic(path: Path, data: object) -> None:
    """Write JSON atomically: a crash leaves either the old file or the new one."""
    write_atomic(path, json.dumps(data, indent=1).encode("utf-8"))


def set_aside(path: Path) -> Path:
    """Rename a bad file to ``<name>.corrupt-<time>`` next to it; returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


class Store:
    """The per-user folder: settings and the game in progress."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else user_data_dir()
        """Where the files live (platformdirs, or BACKGAMMON_HOME)."""

    @property
    def settings_path(self) -> Path:
        """The settings file."""
        return self.folder / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        """The saved game file."""
        return self.folder / SAVE_FILE

    def _read(self, path: Path, what: str) -> tuple[object | None, str | None]:
        if not path.exists():
            return None, None
        try:
            return json.loads(path.read_text(encoding="utf-8")), None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            return None, self._aside(path, what, f"not valid JSON ({exc.__class__.__name__})")

    def _aside(self, path: Path, what: str, why: str) -> str:
        try:
            moved = set_aside(path)
        except OSError as exc:
            return f"The {what} file {path} could not be read ({why}) nor moved aside ({exc})."
        return f"The {what} could not be read ({why}). It was moved aside to {moved.name}; starting fresh."

    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings (defaults if none), and a message if the file was bad."""
        data, warning = self._read(self.settings_path, "settings")
        if data is None:
            return Settings(), warning
        try:
            return Settings.from_json(data), None
        except StorageError as exc:
            return Settings(), self._aside(self.settings_path, "settings", str(exc))

    def save_settings(self, settings: Settings) -> None:
        """Write the settings atomically."""
        write_json_atomic(self.settings_path, settings.to_json())

    def load_game_data(self) -> tuple[object | None, str | None]:
        """The raw saved game (None if none), and a message if the file was bad JSON."""
        return self._read(self.save_path, "saved game")

    def reject_game(self, why: str) -> str:
        """Move a saved game that could not be used aside; returns the message to show."""
        return self._aside(self.save_path, "saved game", why)

    def save_game(self, data: object) -> None:
        """Write the game in progress atomically."""
        write_json_atomic(self.save_path, data)

    def clear_game(self) -> None:
        """Forget the saved game (after the match is over, or a new one starts)."""
        with contextlib.suppress(FileNotFoundError):
            self.save_path.unlink()
