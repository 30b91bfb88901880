"""A position drawn as a picture for export: the board as the game draws it, with a caption (IDs, score).

The board is drawn off-screen at :data:`PICTURE_SIZE` with the game's own renderer, theme and
checker colours (the bottom player in the player's colour), cropped to the board, and the
match, the XGID and GNU Backgammon's IDs written under it; :func:`png_bytes` encodes it.
"""

from __future__ import annotations

import io

import pygame

from game.records.xgid import board_sides
from ui.model.seats import CheckerColour
from ui.model.workbench.exports import PositionExport
from ui.text import _
from ui.widgets.controls import text
from ui.widgets.layout import Layout
from ui.widgets.render import BoardView, Renderer
from ui.widgets.scoreboard import cube_shown, draw_cube
from ui.widgets.theme import Theme

PICTURE_SIZE = (1280, 900)
"""The window size the board is laid out for (the picture is the board and its caption)."""

MARGIN = 16
"""Pixels of background around the board."""


def board_picture(
    renderer: Renderer, theme: Theme, export: PositionExport, colour: CheckerColour
) -> pygame.Surface:
    """The board of ``export`` with its caption, as a new surface."""
    lay = Layout.compute(PICTURE_SIZE)
    canvas = pygame.Surface(lay.size)
    info = export.info
    low, high = board_sides(export.code, info.on_roll, export.bottom)
    dice: tuple[int, ...] = ()
    if info.has_dice():
        a, b = info.dice
        dice = (a,) * 4 if a == b else (a, b)
    view = BoardView(low, high, colour, dice=dice, dice_human=info.on_roll == export.bottom)
    renderer.draw(canvas, lay, theme, view)
    if not info.crawford:
        doubler = info.on_roll if info.doubled else None
        face, where = cube_shown(info.cube.value, info.cube.owner, export.bottom, doubler)
        draw_cube(canvas, renderer.fonts, theme, lay, face, where, info.doubled)
    lines = caption(export)
    size = max(14, round(lay.unit * 0.36))
    line_h = round(size * 1.5)
    board = lay.board
    out = pygame.Surface((board.width + 2 * MARGIN, board.height + 2 * MARGIN + line_h * len(lines) + MARGIN))
    out.fill(theme.background)
    out.blit(canvas, (MARGIN, MARGIN), board)
    y = board.height + 2 * MARGIN
    for i, line in enumerate(lines):
        colour_ = theme.text if i == 0 else theme.text_dim
        text(out, renderer.fonts, line, (MARGIN, y), size, colour_, i == 0, mono=i > 0)
        y += line_h
    return out


def caption(export: PositionExport) -> list[str]:
    """The lines under the board: who plays whom at what score and who is to act, the XGID, the GNU IDs."""
    info, names = export.info, export.names
    bottom, top = export.bottom, 1 - export.bottom
    who = [names[p] or (_("bottom") if p == bottom else _("top")) for p in (0, 1)]
    if info.length:
        head = _("{one} {a}, {two} {b}, match to {length}").format(
            one=who[bottom], a=info.score[bottom], two=who[top], b=info.score[top], length=info.length
        )
        if info.crawford:
            head += " " + _("(Crawford)")
    else:
        head = _("{one} and {two}, money game").format(one=who[bottom], two=who[top])
    acting = info.on_roll
    if info.doubled:
        head += " · " + _("{one} doubles to {cube}: {two} to take or pass").format(
            one=who[acting], cube=2 * info.cube.value, two=who[1 - acting]
        )
    elif info.has_dice():
        head += " · " + _("{one} to play {roll}").format(
            one=who[acting],
            roll=f"{info.dice[0]}{info.dice[1]}",
        )
    else:
        head += " · " + _("{one} on roll").format(one=who[acting])
    return [head, export.xgid(), _("GNU Backgammon: {ids}").format(ids=export.gnu_ids())]


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    return buffer.getvalue()
