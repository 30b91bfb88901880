"""What the temperature map and Evaluate dialogs show, in words and numbers (no pygame).

The map is a 6x6 grid of the 36 rolls: row ``r`` is the first die ``r + 1``, column ``c`` the second
die ``c + 1``, so 6-5 and 5-6 are two cells of one roll. Each cell shows the best move's value after
that roll for the side on roll: the equity the hint ranks moves by, or in a match the match winning
chance; its heat is where that value lies from the worst roll to the best, around their average.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.engine_types import CubeContext, Evaluation, RollCell

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


def value_words(context: CubeContext | None) -> str:
    """What the cells show, in words."""
    if context is None:
        return "cubeless equity"
    if context.is_money():
        return "cubeful equity (per cube unit)"
    return "match winning chance (moves ranked by cubeful EMG)"


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


def chances_lines(probs: tuple[float, ...]) -> tuple[str, str]:
    """The side on roll's chances to win and to lose, each with its gammons and backgammons."""
    w, wg, wb, lg, lb = probs[:5]
    return f"win {w:.1%} (gammon {wg:.1%}, bg {wb:.1%})", f"lose {1 - w:.1%} (gammon {lg:.1%}, bg {lb:.1%})"


def chances_words(probs: tuple[float, ...]) -> str:
    """The side on roll's chances in one line."""
    return " · ".join(chances_lines(probs))


def cell_lines(cell: RollCell, context: CubeContext | None) -> list[str]:
    """The selected roll in words: its best move, its value, the chances after it (to win, then to
    lose: one line each, as the detail beside the grid is half the dialog wide)."""
    a, b = cell.dice
    value = f"equity {cell.equity:+.3f}"
    if cell.mwc is not None:
        value = f"match winning chance {cell.mwc:.1%} · EMG {cell.equity:+.3f}"
    return [f"Roll {a}-{b}: {cell.words()}", value, *chances_lines(cell.probs)]


def evaluation_rows(value: Evaluation) -> list[tuple[str, str, str, str]]:
    """The chances table: (who, win, gammon, backgammon) for the side on roll and the opponent."""
    mine, theirs = value.chances()
    return [
        (who, *(f"{x:.1%}" for x in chances))  # type: ignore[misc]
        for who, chances in (("On roll", mine), ("Opponent", theirs))
    ]


def evaluation_lines(value: Evaluation) -> list[str]:
    """The equities in words."""
    d = value.decision
    match = not value.context.is_money()
    unit = "EMG" if match else "per cube unit"
    action = "double" if d.double else "no double"
    lines = [
        f"Cubeless equity {value.cubeless:+.3f}",
        f"Cubeful equity {value.cubeful:+.3f} ({unit}, {action})",
        f"No double {d.nd:+.3f} · double/take {d.dt:+.3f} · double/pass {d.dp:+.3f}",
    ]
    if value.mwc is not None:
        lines.append(f"Match winning chance {value.mwc:.1%}")
    return lines
