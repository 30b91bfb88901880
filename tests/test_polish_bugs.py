"""Polish a player notices: the Moves list scrolls, the review graph has a scale, IDs tell I from l,
and warnings are wrapped whole rather than cut with an ellipsis."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui import render
from game.ui.app import App
from game.ui.id_dialogs import ID_SIZE, IdsDialog
from game.ui.render import Fonts
from game.ui.session import GameConfig, GameSession

# --- the IDs' font --------------------------------------------------------------------------------


def glyph_shape(font: pygame.font.Font, ch: str) -> pygame.mask.Mask:
    """The ink of ``ch``, cropped to its bounding box and scaled to 16 x 32 (so that a taller or
    wider stroke alone does not count as a different shape)."""
    ink = pygame.mask.from_surface(font.render(ch, True, (255, 255, 255)), 127)
    box = ink.get_bounding_rects()[0]
    cropped = pygame.mask.Mask(box.size)
    cropped.draw(ink, (-box.x, -box.y))
    return cropped.scale((16, 32))


def shape_difference(font: pygame.font.Font, a: str, b: str) -> float:
    """The share of the two glyphs' ink (their union) that only one of them has."""
    x, y = glyph_shape(font, a), glyph_shape(font, b)
    both = x.overlap_area(y, (0, 0))
    return 1 - both / (x.count() + y.count() - both)


@pytest.mark.parametrize("size", [14, 18, 22, ID_SIZE])
def test_capital_i_and_small_l_have_different_shapes_in_the_id_font(size: int) -> None:
    font = Fonts().get(size, mono=True)
    assert shape_difference(font, "I", "l") >= 0.2  # the plain text font: 0.0, two bare strokes
    assert shape_difference(font, "O", "0") >= 0.1


def test_the_ids_dialog_draws_the_ids_in_the_id_font(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    session = GameSession(GameConfig("casual", 1, 0.0, 3, "you", "light"), seed="ids")
    dialog = IdsDialog(app, session, lambda: None)
    drawn: list[tuple[str, bool]] = []
    real = render.Fonts.render

    def recording(
        self: Fonts, s: str, size: float, colour: tuple[int, int, int], bold: bool = False, mono: bool = False
    ) -> pygame.Surface:
        drawn.append((s, mono))
        return real(self, s, size, colour, bold, mono)

    monkeypatch.setattr(render.Fonts, "render", recording)
    app.push(dialog)
    app.draw(app.screen)
    assert (dialog.position_id, True) in drawn and (dialog.match_id, True) in drawn
