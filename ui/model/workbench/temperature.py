"""What the temperature map and Evaluate dialogs show, in words and numbers (no pygame).

The map is a 6x6 grid of the 36 rolls: row ``r`` is the first die ``r + 1``, column ``c`` the second
die ``c + 1``, so 6-5 and 5-6 are two cells of one roll. Each cell shows the best move's value after
that roll for the side on roll: the equity the hint ranks moves by, or in a match the match winning
chance; its heat is where that value lies from the worst roll to the best, around their average.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.engine_types import CubeContext, RollCell

GRID = 6
"""Rows and columns: the faces of a die."""


def is_match(context: CubeContext | None) -> bool:
    """Match play (the cells show match winning chances)."""
    return context is not None and not context.is_money()


def shown_value(cell: RollCell, context: CubeContext | None) -> float:
    """The number a cell shows: the match winning chance in a match, else the equity."""
    return cell.mwc if is_match(context) and cell.mwc is not None else cell.equity


def cell_label(cell: RollCell, context: CubeContext | None) -> str:
    """A cell's text: ``+0.123`` or ``52.3%``."""
    value = shown_value(cell, context)
    return f"{value * 100:.1f}%" if is_match(context) else f"{value:+.3f}"


def heat(value: float, values: list[float]) -> float:
    """Where ``value`` lies from bad (0) to good (1) among ``values``: 0.5 is their average, and the one
    farthest from it is 0 or 1 (so the usual rolls look neutral and only the outliers glow)."""
    if not values:
        return 0.5
    mean = sum(values) / len(values)
    spread = max(abs(v - mean) for v in values)
    if spread < 1e-12:
        return 0.5
    return min(1.0, max(0.0, 0.5 + (value - mean) / (2 * spread)))


def dice_at(row: int, col: int) -> tuple[int, int]:
    """The roll of a grid cell, higher die first (the map's key)."""
    a, b = row + 1, col + 1
    return max(a, b), min(a, b)


@dataclass(frozen=True, slots=True)
class Selection:
    """The selected cell of the grid."""

    row: int = 5
    col: int = 4

    def moved(self, drow: int, dcol: int) -> Selection:
        """One step with the arrows, stopping at the edges."""
        return Selection(min(GRID - 1, max(0, self.row + drow)), min(GRID - 1, max(0, self.col + dcol)))

    @property
    def dice(self) -> tuple[int, int]:
        """The selected roll, higher die first."""
        return dice_at(self.row, self.col)
