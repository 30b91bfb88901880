"""Where everything is for a given window size: the board, points, bar, trays, dice, panel.

Recomputed on every resize; all sizes scale with the window. Point numbers are
the human's (ui.model.points: 1..24, 25 the bar, 0 the tray). With the home board
on the right (the default) point 1 is at the bottom right; ``home_left`` mirrors
the board, tray included.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.model.points import BAR, OFF, column

__all__ = ["BAR", "OFF", "STACK", "Layout", "type_scale"]

STACK = 5
"""Checkers drawn on a point before a count is shown."""

PANEL_SHARE, PANEL_MOST = 0.24, 0.42
"""The least and the most of the window's width the side panel takes (the board takes the rest, as
large as the height allows, and the panel what the board leaves)."""
PANEL_LEAST = 180
"""The narrowest side panel, in pixels (two buttons a row, the title beside the Edit button)."""

BASE_SIZE = (1280, 800)
"""The window the type's sizes are given for (the default window)."""
SCALE_RANGE = (0.8, 3.0)
"""The smallest and the largest :func:`type_scale`."""


def type_scale(size: tuple[int, int]) -> float:
    """How much larger than at :data:`BASE_SIZE` text and dialogs are drawn in a window of ``size``: in
    proportion to the window (its tighter side), within :data:`SCALE_RANGE`."""
    factor = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    return max(SCALE_RANGE[0], min(SCALE_RANGE[1], factor))


@dataclass(frozen=True)
class Layout:
    """Geometry for one window size."""

    size: tuple[int, int]
    """The window size."""
    unit: float
    """The width of one point; everything scales with it."""
    board: pygame.Rect
    """The whole board including its frame."""
    left: pygame.Rect
    """The left half of the playing surface."""
    right: pygame.Rect
    """The right half."""
    bar: pygame.Rect
    """The bar between the halves."""
    tray: pygame.Rect
    """The bear-off tray (the human's half is the bottom)."""
    panel: pygame.Rect
    """The side panel with the buttons."""
    top: pygame.Rect
    """The top strip: score, pip counts, turn."""
    status: pygame.Rect
    """The bottom strip: messages."""
    radius: float
    """A checker's radius."""
    home_left: bool = False
    """True when the human's home board is drawn on the left."""
    columns: tuple[float, ...] = ()
    """The left edge of each of the 12 point columns, left to right on screen."""
    scale: float = 1.0
    """How large the type and the dialogs are drawn: :func:`type_scale` of the window."""

    def px(self, size: float) -> float:
        """A font size or length given for the default window, at this window's :attr:`scale`."""
        return size * self.scale

    @classmethod
    def compute(cls, size: tuple[int, int], home_left: bool = False) -> Layout:
        """The layout for a window of ``size`` pixels: the board as large as the window allows beside a
        panel of at least :data:`PANEL_SHARE` of its width, and the panel the rest of the width."""
        w, h = max(size[0], 320), max(size[1], 240)
        top_h = max(28, round(h * 0.055))
        status_h = max(24, round(h * 0.045))
        margin = max(4, round(min(w, h) * 0.01))
        least_panel = max(PANEL_LEAST, round(w * PANEL_SHARE))
        avail_h = h - top_h - status_h - 2 * margin
        unit = min((w - least_panel - 2 * margin) / 15.6, avail_h / 12.4)
        f = 0.4 * unit
        bar_w = 1.1 * unit
        tray_w = 1.3 * unit
        bw = 15.6 * unit
        bh = 12.4 * unit
        panel_w = max(least_panel, min(round(w * PANEL_MOST), round(w - bw - 2 * margin)))
        bx = margin + (w - panel_w - 2 * margin - bw) / 2
        by = top_h + margin + (avail_h - bh) / 2
        inner_y = by + f
        inner_h = bh - 2 * f
        left = pygame.Rect(round(bx + f), round(inner_y), round(6 * unit), round(inner_h))
        bar = pygame.Rect(round(bx + f + 6 * unit), round(by), round(bar_w), round(bh))
        right = pygame.Rect(round(bx + f + 6 * unit + bar_w), round(inner_y), round(6 * unit), round(inner_h))
        tray = pygame.Rect(
            round(bx + 2 * f + 12 * unit + bar_w), round(inner_y), round(tray_w), round(inner_h)
        )
        board = pygame.Rect(round(bx), round(by), round(bw), round(bh))
        if home_left:
            left, right, bar, tray = (_mirror(r, board) for r in (left, right, bar, tray))
        lo, hi = sorted((left, right), key=lambda r: r.x)
        columns = tuple(half.x + i * unit for half in (lo, hi) for i in range(6))
        return cls(
            size=(w, h),
            unit=unit,
            board=board,
            left=left,
            right=right,
            bar=bar,
            tray=tray,
            panel=pygame.Rect(w - panel_w, top_h, panel_w, h - top_h - status_h),
            top=pygame.Rect(0, 0, w, top_h),
            status=pygame.Rect(0, h - status_h, w, status_h),
            radius=unit * 0.47,
            home_left=home_left,
            columns=columns,
            scale=type_scale((w, h)),
        )

    # --- points ---------------------------------------------------------------------------------------

    def is_top(self, point: int) -> bool:
        """True for points 13..24 (the top row)."""
        return point >= 13

    def column_x(self, point: int) -> float:
        """The left edge of a point's column."""
        return self.columns[column(point, self.home_left)]

    def point_rect(self, point: int) -> pygame.Rect:
        """The clickable area of a point: its column in its half of the board."""
        half = self.left.height / 2
        y = self.left.y if self.is_top(point) else self.left.y + half
        return pygame.Rect(round(self.column_x(point)), round(y), round(self.unit), round(half))

    def triangle(self, point: int) -> list[tuple[float, float]]:
        """The three corners of a point's triangle."""
        x = self.column_x(point)
        u = self.unit
        depth = 5.0 * u
        if self.is_top(point):
            y0 = self.left.y
            return [(x, y0), (x + u, y0), (x + u / 2, y0 + depth)]
        y0 = self.left.bottom
        return [(x, y0), (x + u, y0), (x + u / 2, y0 - depth)]

    def cube_size(self) -> int:
        """The doubling cube's side: it sits on the bar (centred, or at its owner's edge)."""
        return round(min(self.bar.width * 0.78, self.bar.height * 0.09))

    def bar_gap(self) -> float:
        """How far the first checker on the bar sits from the bar's middle: clear of a centred cube."""
        r = self.radius
        return max(1.6 * r, self.cube_size() / 2 + r + 2)

    def checker_center(self, point: int, index: int) -> tuple[float, float]:
        """Centre of the ``index``-th checker (0 at the edge) on a point, 25 = bar (human's)."""
        r = self.radius
        d = 2 * r
        slot = min(index, STACK - 1)
        if point == BAR:
            return float(self.bar.centerx), self.bar.centery + self.bar_gap() + slot * d
        cx = self.column_x(point) + self.unit / 2
        if self.is_top(point):
            return cx, self.left.y + r + slot * d
        return cx, self.left.bottom - r - slot * d

    def their_bar_center(self, index: int) -> tuple[float, float]:
        """Centre of the computer's ``index``-th checker on the bar (above the middle)."""
        r = self.radius
        return self.bar.centerx, self.bar.centery - self.bar_gap() - min(index, STACK - 1) * 2 * r

    def off_slab(self, human: bool, index: int) -> pygame.Rect:
        """A borne-off checker drawn edge-on in the tray."""
        h = max(3, round(self.unit * 0.26))
        pad = round(self.unit * 0.12)
        x = self.tray.x + pad
        w = self.tray.width - 2 * pad
        y = self.tray.bottom - pad - (index + 1) * h if human else self.tray.y + pad + index * h
        return pygame.Rect(x, y, w, h - 1)

    def tray_half(self, human: bool) -> pygame.Rect:
        """The half of the tray a side bears off into."""
        half = self.tray.height // 2
        if human:
            return pygame.Rect(self.tray.x, self.tray.y + half, self.tray.width, self.tray.height - half)
        return pygame.Rect(self.tray.x, self.tray.y, self.tray.width, half)

    def dice_centers(self, human: bool, count: int) -> list[tuple[float, float]]:
        """Where to draw ``count`` dice: on the right half for the human, the left for the computer."""
        half = self.right if human else self.left
        size = self.die_size()
        gap = size * 0.35
        total = count * size + (count - 1) * gap
        x0 = half.centerx - total / 2 + size / 2
        return [(x0 + i * (size + gap), half.centery) for i in range(count)]

    def die_size(self) -> float:
        """The side of a die."""
        return self.unit * 0.85

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The human point under ``pos`` (1..24), 25 for the bar, 0 for the tray, None elsewhere."""
        x, y = pos
        if self.tray.collidepoint(x, y):
            return OFF
        if self.bar.collidepoint(x, y):
            return BAR
        for p in range(1, 25):
            if self.point_rect(p).collidepoint(x, y):
                return p
        return None

    def target_center(self, point: int, count: int) -> tuple[float, float]:
        """Where a checker arriving on ``point`` (0 = tray) would sit when ``count`` are already there."""
        if point == OFF:
            r = self.off_slab(True, count)
            return float(r.centerx), float(r.centery)
        return self.checker_center(point, count)

    # --- keyboard cursor --------------------------------------------------------------------------------

    def cursor_grid(self) -> list[list[int]]:
        """The keyboard cursor's stops, row by row, left to right as drawn: points, the bar and the tray."""
        top = [13, 14, 15, 16, 17, 18, BAR, 19, 20, 21, 22, 23, 24, OFF]
        bottom = [12, 11, 10, 9, 8, 7, BAR, 6, 5, 4, 3, 2, 1, OFF]
        if self.home_left:
            return [top[::-1], bottom[::-1]]
        return [top, bottom]

    def cursor_rect(self, point: int, row: int) -> pygame.Rect:
        """The keyboard cursor's box on ``point`` (``row`` 0 top, 1 bottom), clear of the dice strip."""
        if point == OFF:
            rect = self.tray_half(row == 1)
        elif point == BAR:
            half = self.bar.height // 2
            rect = pygame.Rect(self.bar.x, self.bar.y + (half if row == 1 else 0), self.bar.width, half)
        else:
            rect = self.point_rect(point)
        dice = self.die_rect_area()
        if not rect.colliderect(dice):
            return rect
        if rect.centery < dice.centery:
            return pygame.Rect(rect.x, rect.y, rect.width, dice.y - rect.y)
        return pygame.Rect(rect.x, dice.bottom, rect.width, rect.bottom - dice.bottom)

    def die_rect_area(self) -> pygame.Rect:
        """The strip across the middle of the board where dice are drawn (kept clear of the cursor)."""
        d = self.die_size()
        return pygame.Rect(self.board.x, round(self.left.centery - d * 0.7), self.board.width, round(d * 1.4))


def _mirror(rect: pygame.Rect, board: pygame.Rect) -> pygame.Rect:
    """``rect`` reflected left to right inside ``board``."""
    return pygame.Rect(board.x + board.right - rect.right, rect.y, rect.width, rect.height)
