"""Exporting a position from any screen: a PNG picture of the board, or the text diagram.

A screen builds a :class:`~ui.model.workbench.exports.PositionExport` (the board, the match state,
who is at the bottom, the names) and calls :func:`export_position`: the file goes to the
exports folder under the user data folder, the text diagram is also put on the clipboard, and
the player is told where it went. :func:`write_picture` and
:func:`~ui.model.workbench.exports.write_diagram` write to a folder of the caller's choosing.
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

import pygame

from ui.model.seats import CheckerColour
from ui.model.workbench.exports import (
    PositionExport,
    export_path,
    exports_folder,
    write_diagram,
    write_export,
)
from ui.scenes.base import Context
from ui.text import _
from ui.text.errors import file_error
from ui.widgets.board_picture import board_picture, png_bytes
from ui.widgets.controls import copy_to_clipboard
from ui.widgets.render import Renderer
from ui.widgets.theme import Theme


class ExportKind(enum.Enum):
    """What an export writes."""

    PICTURE = "picture"
    """A PNG picture of the board with its caption."""

    TEXT = "text"
    """The ASCII diagram, also copied to the clipboard."""


@dataclass(frozen=True, slots=True)
class Exported:
    """What an export did, as told to the player."""

    path: Path | None
    """The file written, or None when nothing was."""

    message: str
    """What the player was told (where it went, or why not)."""

    warn: bool = False
    """True when it failed."""


def write_picture(
    renderer: Renderer,
    theme: Theme,
    export: PositionExport,
    colour: CheckerColour,
    folder: Path,
    when: datetime.datetime,
) -> Path:
    """Draw ``export`` and write it as a new PNG file in ``folder``; returns its path."""
    surface = board_picture(renderer, theme, export, colour)
    return write_export(export_path(folder, ".png", when), png_bytes(surface))


def export_position(ctx: Context, export: PositionExport, kind: ExportKind) -> Exported:
    """Export ``export`` to the player's exports folder and tell the player where it went."""
    done = _export(ctx, export, kind)
    ctx.notify(done.message, warn=done.warn)
    return done


def _export(ctx: Context, export: PositionExport, kind: ExportKind) -> Exported:
    when = datetime.datetime.now()
    copied = kind is ExportKind.TEXT and copy_to_clipboard(export.diagram())
    if ctx.store.folder is None:
        if copied:
            return Exported(
                None,
                _("Saving is off, so no file was written; the diagram is on the clipboard."),
            )
        return Exported(None, _("Saving is off, so nothing was exported."), warn=True)
    folder = exports_folder(ctx.store.folder)
    try:
        match kind:
            case ExportKind.PICTURE:
                path = write_picture(ctx.renderer, ctx.theme, export, ctx.settings.colour, folder, when)
                return Exported(path, _("Picture of the board saved: {path}").format(path=path))
            case ExportKind.TEXT:
                path = write_diagram(export, folder, when)
                clip = _("copied to the clipboard and ") if copied else ""
                return Exported(path, _("Text diagram {clip}saved: {path}").format(clip=clip, path=path))
            case _:
                assert_never(kind)
    except (OSError, pygame.error) as exc:
        return Exported(
            None,
            _("The export could not be written to {folder} ({error}).").format(
                folder=folder,
                error=file_error(exc),
            ),
            warn=True,
        )
