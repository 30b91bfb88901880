"""Exporting a position from any screen: a PNG picture of the board, or the text diagram.

A screen builds a :class:`~game.ui.model.exports.PositionExport` (the board, the match state,
who is at the bottom, the names) and calls :func:`export_position`: the file goes to the
exports folder under the user data folder, the text diagram is also put on the clipboard, and
the player is told where it went. :func:`write_picture` and
:func:`~game.ui.model.exports.write_diagram` write to a folder of the caller's choosing.
"""

from __future__ import annotations

import datetime
import enum
from pathlib import Path
from typing import assert_never

import pygame

from game.ui.model.exports import PositionExport, export_path, exports_folder, write_diagram, write_export
from game.ui.scenes.base import Context
from game.ui.widgets.board_picture import board_picture, png_bytes
from game.ui.widgets.controls import copy_to_clipboard
from game.ui.widgets.render import Renderer
from game.ui.widgets.theme import Theme


class ExportKind(enum.Enum):
    """What an export writes."""

    PICTURE = "picture"
    """A PNG picture of the board with its caption."""

    TEXT = "text"
    """The ASCII diagram, also copied to the clipboard."""


def write_picture(
    renderer: Renderer,
    theme: Theme,
    export: PositionExport,
    colour: str,
    folder: Path,
    when: datetime.datetime,
) -> Path:
    """Draw ``export`` and write it as a new PNG file in ``folder``; returns its path."""
    surface = board_picture(renderer, theme, export, colour)
    return write_export(export_path(folder, ".png", when), png_bytes(surface))


def export_position(ctx: Context, export: PositionExport, kind: ExportKind) -> Path | None:
    """Export ``export`` to the player's exports folder and say where it went; the path, or None."""
    when = datetime.datetime.now()
    copied = False
    if kind is ExportKind.TEXT:
        copied = copy_to_clipboard(export.diagram())
    if ctx.store.folder is None:
        said = " It is on the clipboard." if copied else ""
        ctx.notify(f"Saving is off, so nothing was written.{said}", warn=not copied)
        return None
    folder = exports_folder(ctx.store.folder)
    try:
        match kind:
            case ExportKind.PICTURE:
                path = write_picture(ctx.renderer, ctx.theme, export, ctx.settings.colour, folder, when)
                ctx.notify(f"Picture of the board saved: {path}")
            case ExportKind.TEXT:
                path = write_diagram(export, folder, when)
                clip = "copied to the clipboard and " if copied else ""
                ctx.notify(f"Text diagram {clip}saved: {path}")
            case _:
                assert_never(kind)
    except (OSError, pygame.error) as exc:
        ctx.notify(f"The export could not be written to {folder} ({exc}).", warn=True)
        return None
    return path
