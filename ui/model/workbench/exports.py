"""A position exported for sharing: what is exported, where it goes, the text diagram written (no pygame).

Exports go to ``<user data>/exports/`` (``BACKGAMMON_HOME`` when set), named by the time they
were made (``position-20261125-203015.png`` and ``.txt``; ``-2``, ``-3``... when that name is
taken), each written atomically. The picture itself is drawn by the front end
(:mod:`ui.scenes.export`); the text diagram is :func:`game.records.diagram.text_diagram`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from game.records.diagram import text_diagram
from game.records.matchid import MatchInfo, match_id
from game.records.xgid import write_xgid
from game.rules.position import position_id
from game.support.files import write_atomic

EXPORTS_DIR = "exports"
"""The exports folder under the user data folder."""

MAX_SAME_NAME = 1000
"""Exports made within one second that are numbered before giving up on a free name."""


@dataclass(frozen=True, slots=True)
class PositionExport:
    """A position to export: the board, the match state and how to show it."""

    code: int
    """The board as a position code from ``info.on_roll``'s side."""

    info: MatchInfo
    """Cube, score, match, dice, a double offered (GNU Backgammon's players 0 and 1)."""

    bottom: int = 0
    """The GNU Backgammon player drawn at the bottom (X in the diagram, uppercase in the XGID)."""

    names: tuple[str, str] = ("", "")
    """GNU Backgammon's players 0 and 1 by name ("" for none)."""

    beavers: bool = False
    """Money play: beavers allowed (the XGID says so)."""

    def diagram(self) -> str:
        """The text diagram: GNU Backgammon's ASCII board with the IDs and the XGID."""
        return text_diagram(self.code, self.info, bottom=self.bottom, names=self.names, beavers=self.beavers)

    def xgid(self) -> str:
        """The XGID, the bottom player as drawn."""
        return write_xgid(self.code, self.info, beavers=self.beavers, bottom=self.bottom)

    def gnu_ids(self) -> str:
        """``POSITIONID:MATCHID``."""
        return f"{position_id(self.code)}:{match_id(self.info)}"


def exports_folder(user_folder: Path) -> Path:
    """Where exports go for the user data folder ``user_folder``."""
    return user_folder / EXPORTS_DIR


def export_path(folder: Path, suffix: str, when: datetime.datetime) -> Path:
    """A new file name in ``folder`` for an export made at ``when`` (``suffix`` like ``.png``)."""
    stem = f"position-{when:%Y%m%d-%H%M%S}"
    for n in range(1, MAX_SAME_NAME + 1):
        path = folder / f"{stem}{'' if n == 1 else f'-{n}'}{suffix}"
        if not path.exists():
            return path
    raise OSError(f"no free name for {stem}{suffix} in {folder}")


def write_export(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (making its folder); returns the path."""
    write_atomic(path, data)
    return path


def write_diagram(export: PositionExport, folder: Path, when: datetime.datetime) -> Path:
    """Write the text diagram of ``export`` to a new ``.txt`` file in ``folder``; returns its path."""
    return write_export(export_path(folder, ".txt", when), export.diagram().encode("utf-8"))
