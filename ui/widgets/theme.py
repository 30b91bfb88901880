"""Colour themes: the classic wood-and-felt board, and one safe for colour-blind players.

The colour-blind theme uses the Okabe-Ito blue/orange pair for the checkers and
points that differ in lightness as well as hue; in every theme one side's
checkers also carry a ring mark, so the sides never depend on colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from ui.model.display import ThemeChoice
from ui.model.seats import CheckerColour
from ui.text import N_, _

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of the window and board."""

    name: ThemeChoice
    """The setting that picks it."""
    background: Colour
    """Behind everything."""
    panel: Colour
    """The side panel and status bars."""
    frame: Colour
    """The wooden frame of the board."""
    frame_dark: Colour
    """The frame's grain and shadow."""
    felt: Colour
    """The playing surface."""
    felt_dark: Colour
    """Felt shading near the edges."""
    bar: Colour
    """The bar between the halves."""
    point_a: Colour
    """Odd points."""
    point_b: Colour
    """Even points."""
    light: Colour
    """Light checkers."""
    light_edge: Colour
    """Their rim."""
    dark: Colour
    """Dark checkers."""
    dark_edge: Colour
    """Their rim."""
    mark: Colour
    """The ring mark on the dark checkers."""
    text: Colour
    """Text on the panel."""
    text_dim: Colour
    """Secondary text."""
    accent: Colour
    """Highlights: legal destinations, the cursor, the default button."""
    select: Colour
    """The picked-up checker."""
    warn: Colour
    """Gentle warnings."""
    button: Colour
    """A button."""
    button_hover: Colour
    """A button under the mouse."""
    button_text: Colour
    """A button's label."""
    die: Colour
    """Dice faces."""
    pip: Colour
    """Dice pips."""
    arrow: Colour
    """Arrows showing a move (the last one, or the best hint)."""
    cursor: Colour
    """The keyboard cursor, and nothing else."""
    movable: Colour
    """The ring round a checker that can move."""
    good: Colour = (64, 168, 92)
    """The best of a range of values (the temperature map's best roll)."""
    bad: Colour = (200, 64, 52)
    """The worst of a range of values."""
    light_name: str = N_("light")
    """What the light checkers are called in words."""
    dark_name: str = N_("dark")
    """What the dark checkers are called in words."""

    def checker_name(self, kind: CheckerColour) -> str:
        """The word for the checkers of ``kind`` in this theme."""
        match kind:
            case CheckerColour.LIGHT:
                return _(self.light_name)
            case CheckerColour.DARK:
                return _(self.dark_name)
            case _:
                assert_never(kind)

    def checker_colours(self, kind: CheckerColour) -> tuple[Colour, Colour]:
        """The fill and the rim of the checkers of ``kind``."""
        match kind:
            case CheckerColour.LIGHT:
                return self.light, self.light_edge
            case CheckerColour.DARK:
                return self.dark, self.dark_edge
            case _:
                assert_never(kind)


CLASSIC = Theme(
    name=ThemeChoice.CLASSIC,
    background=(34, 28, 24),
    panel=(46, 38, 32),
    frame=(120, 72, 38),
    frame_dark=(84, 48, 24),
    felt=(28, 96, 62),
    felt_dark=(20, 74, 48),
    bar=(104, 62, 32),
    point_a=(196, 160, 112),
    point_b=(150, 44, 36),
    light=(238, 228, 206),
    light_edge=(176, 160, 130),
    dark=(52, 44, 44),
    dark_edge=(18, 14, 14),
    mark=(214, 170, 84),
    text=(240, 232, 220),
    text_dim=(184, 170, 152),
    accent=(250, 214, 90),
    select=(120, 220, 255),
    warn=(255, 140, 110),
    button=(92, 64, 44),
    button_hover=(128, 90, 60),
    button_text=(248, 240, 228),
    die=(250, 246, 236),
    pip=(30, 24, 22),
    arrow=(255, 236, 120),
    cursor=(255, 120, 220),
    movable=(236, 236, 236),
)

COLOUR_BLIND = Theme(
    name=ThemeChoice.COLOUR_BLIND,
    background=(26, 28, 34),
    panel=(38, 42, 52),
    frame=(92, 96, 110),
    frame_dark=(60, 64, 76),
    felt=(70, 80, 96),
    felt_dark=(54, 62, 76),
    bar=(82, 86, 100),
    point_a=(222, 222, 214),
    point_b=(30, 34, 44),
    light=(240, 180, 60),  # Okabe-Ito orange, light
    light_edge=(168, 112, 10),
    dark=(0, 92, 170),  # Okabe-Ito blue, dark
    dark_edge=(0, 44, 92),
    mark=(250, 250, 250),
    text=(244, 244, 244),
    text_dim=(190, 194, 204),
    accent=(86, 220, 255),
    select=(255, 255, 255),
    warn=(240, 228, 66),
    button=(64, 70, 88),
    button_hover=(92, 100, 124),
    button_text=(250, 250, 250),
    die=(250, 250, 250),
    pip=(20, 20, 20),
    arrow=(86, 220, 255),
    cursor=(204, 121, 167),  # Okabe-Ito reddish purple
    movable=(0, 158, 115),  # Okabe-Ito bluish green
    good=(0, 114, 178),  # Okabe-Ito blue
    bad=(213, 94, 0),  # Okabe-Ito vermillion
    light_name=N_("orange"),
    dark_name=N_("blue (ringed)"),
)


def theme_for(choice: ThemeChoice) -> Theme:
    """The theme the setting ``choice`` picks."""
    match choice:
        case ThemeChoice.CLASSIC:
            return CLASSIC
        case ThemeChoice.COLOUR_BLIND:
            return COLOUR_BLIND
        case _:
            assert_never(choice)
