"""The board takes the room the window gives it (issue 50: it used about 55% of the width at
1366x768, the rest left to a panel of text): it fills the height or the width, whichever binds, and
the side panel keeps the rest."""

from __future__ import annotations

import pytest

from ui.widgets.layout import Layout

SIZES = [(800, 600), (1024, 600), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("home_left", [False, True], ids=["home right", "home left"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_fills_the_height_or_the_width_whichever_binds(
    size: tuple[int, int], home_left: bool
) -> None:
    w, h = size
    lay = Layout.compute(size, home_left)
    assert lay.board.height >= 0.85 * h or lay.board.width >= 0.7 * w, lay.board
    assert lay.board.width >= 0.6 * w, "the board is no longer the larger part of the window"
    assert lay.board.left >= 0 and lay.board.top >= 0
    assert lay.board.right <= w and lay.board.bottom <= h
    assert not lay.board.colliderect(lay.panel) and lay.panel.right <= w


def test_at_1366x768_the_board_takes_more_of_the_width_than_the_55_percent_players_met() -> None:
    lay = Layout.compute((1366, 768), False)
    assert lay.board.width / 1366 > 0.6
