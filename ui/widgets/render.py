"""Drawing the board: frame, felt, points, checkers, dice, highlights and arrows.

A :class:`Renderer` keeps caches (the static board for a window size, checker
sprites, fonts) and draws a :class:`BoardView` - a plain description of what is
on the board - without changing anything else.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame

from game.support.resources import asset_path, read_asset
from ui.model.points import on_screen, opposite, slot
from ui.model.seats import CheckerColour
from ui.text import _, current
from ui.text.bidi import visual
from ui.text.breaks import is_cjk
from ui.text.languages import Script
from ui.widgets.layout import BAR, OFF, STACK, Layout
from ui.widgets.theme import Colour, Theme


@dataclass
class BoardView:
    """Everything the board shows in one frame."""

    human: tuple[int, ...]
    """The human's 25 slots (points 1..24 from the human's side, then the bar)."""
    ai: tuple[int, ...]
    """The computer's 25 slots, from the computer's side."""
    human_colour: CheckerColour = CheckerColour.LIGHT
    """The colour of the bottom player's checkers (the person's, against the computer)."""
    dice: tuple[int, ...] = ()
    """The dice to show (two, or four for a double)."""
    dice_used: tuple[bool, ...] = ()
    """Which of them are used."""
    dice_human: bool = True
    """True when the dice are the human's (drawn on the right half)."""
    highlights: frozenset[int] = frozenset()
    """Human points where the picked-up checker may go (0 = tray)."""
    sources: frozenset[int] = frozenset()
    """Human points a checker may be picked up from."""
    selected: int | None = None
    """The point the picked-up checker comes from."""
    cursor: int | None = None
    """The keyboard cursor's point (0 = tray, 25 = bar), or None."""
    cursor_row: int = 1
    """The row the cursor is in (0 top, 1 bottom), for the bar and tray stops."""
    flying: list[tuple[float, float, bool]] = field(default_factory=list)
    """Checkers in flight: (x, y, is_human)."""
    arrows: list[tuple[int, int, bool]] = field(default_factory=list)
    """Arrows (from, to, is_human) in the mover's own point numbers."""
    best_arrows: list[tuple[int, int, bool]] = field(default_factory=list)
    """A second move's arrows, dashed and hollow-headed in another colour (the review's best move)."""
    drag: tuple[int, int] | None = None
    """Where a dragged checker is drawn (the mouse), if dragging."""
    hover: int | None = None
    """A lit point under the mouse (drawn brighter)."""
    opening: tuple[int, int] | None = None
    """The opening roll (human's die, computer's die), shown one die on each half."""
    airborne: tuple[int, int] = (0, 0)
    """Checkers (human, computer) lifted off the board for an animation: not borne off."""
    mover_top: bool = False
    """True when the checkers being moved by hand are the top side's (two players: the second one's
    turn; the board never turns). ``highlights``, ``sources``, ``selected``, ``hover`` stay in the
    bottom side's point numbers, where they are drawn."""

    top_numbers: bool = False
    """True when the frame numbers the points from the top side's view (two players: the second
    one is on roll)."""

    def movable(self, p: int) -> int:
        """How many of the moving side's checkers are drawn at the bottom side's point ``p`` (25: the bar)."""
        if p == OFF:
            return 0
        if not self.mover_top:
            return self.human[slot(p)]
        return self.ai[slot(p if p == BAR else opposite(p))]


REPLACEMENT = "\ufffd"
"""What is drawn for a character that cannot be (U+FFFD, the replacement character)."""

_UNDRAWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def drawable(text: str) -> str:
    """``text`` as it can be drawn: a NUL or another control character (tab and newline kept), or a
    lone surrogate (how Python keeps a byte of a file or folder name that is not UTF-8) becomes
    :data:`REPLACEMENT`; pygame refuses the first and cannot encode the second."""
    return _UNDRAWABLE.sub(REPLACEMENT, text)


def shown(text: str) -> str:
    """``text`` as its glyphs are drawn: :func:`drawable`, and a line holding right-to-left letters
    put in drawing order (:func:`ui.text.bidi.visual`; a right-to-left language's lines read from
    the right)."""
    return visual(drawable(text), current().right_to_left or None)


def not_in_japanese(c: str) -> bool:
    """True for a letter the Japanese font's subset has no glyph for and DejaVu has: Latin beyond
    Latin-1, Greek, Cyrillic, Hebrew (a player's name, the Language row's names)."""
    return 0x100 <= ord(c) < 0x2000


class SafeFont(pygame.font.Font):
    """A font that draws and measures any text, through :func:`shown` (every font the game draws
    with is one: :meth:`Fonts.get`); a line holding a letter it has no glyph for (a Japanese name
    in DejaVu, a Hebrew one in the Japanese font: the Language row, the help) is drawn by the other
    bundled font of its size, :attr:`other`."""

    other: Callable[[], pygame.font.Font | None] | None = None
    """The other script's font of the same size and weight (None: none)."""
    lacks: Callable[[str], bool] = staticmethod(lambda c: False)
    """True for a character this font has no glyph for and :attr:`other` has."""

    def runs(self, line: str) -> list[tuple[pygame.font.Font | None, str]]:
        """``line`` (as :func:`shown` gives it) in runs, each with the font that draws it: None for
        this one, :attr:`other` for letters this one lacks (a Greek or Hebrew name beside 日本語 in the
        help's list of languages); spaces, digits and signs stay in the run they are in."""
        if self.other is None or line.isascii() or not any(self.lacks(c) for c in line):
            return [(None, line)]
        other = self.other()
        if other is None:
            return [(None, line)]
        runs: list[tuple[pygame.font.Font | None, str]] = []
        for c in line:
            font = other if self.lacks(c) else None
            if runs and (font is runs[-1][0] or not c.isalpha()):
                runs[-1] = (runs[-1][0], runs[-1][1] + c)
            else:
                runs.append((font, c))
        return runs

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        if not isinstance(text, str):
            return super().render(text, *args, **kwargs)
        runs = self.runs(shown(text))
        if len(runs) == 1:
            font, line = runs[0]
            return pygame.font.Font.render(font or self, line, *args, **kwargs)
        images = [(f or self, pygame.font.Font.render(f or self, s, *args, **kwargs)) for f, s in runs]
        # one baseline, this font's line box: the other font's taller ascent is blank above its glyphs
        ascent, height = self.get_ascent(), pygame.font.Font.size(self, " ")[1]
        out = pygame.Surface((sum(img.get_width() for _, img in images), height), pygame.SRCALPHA)
        background = args[2] if len(args) > 2 else kwargs.get("bgcolor")
        if background is not None:
            out.fill(background)
        x = 0
        for font, img in images:
            out.blit(img, (x, ascent - font.get_ascent()))
            x += img.get_width()
        return out

    def size(self, text: Any) -> tuple[int, int]:
        if not isinstance(text, str):
            return super().size(text)
        runs = self.runs(shown(text))
        if len(runs) == 1:
            font, line = runs[0]
            return pygame.font.Font.size(font or self, line)
        width = sum(pygame.font.Font.size(f or self, s)[0] for f, s in runs)
        return width, pygame.font.Font.size(self, " ")[1]


class Fonts:
    """The bundled fonts at any size (cached); pygame's default font when a file is missing,
    damaged, or not a regular file (a device or FIFO in its place), with :attr:`warning` saying so
    (the game shows it; the selftest fails on it). Each file is read once as bytes
    (:func:`game.support.resources.read_asset`) and pygame is handed those, never the path."""

    FILES: ClassVar[dict[bool, str]] = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
    """The font file for regular and bold text, under ``assets/fonts/`` (Latin, Greek, Cyrillic and
    Hebrew)."""
    SCRIPT_FILES: ClassVar[dict[Script, dict[bool, str]]] = {
        Script.CJK: {False: "NotoSansCJKjp-Regular.subset.otf", True: "NotoSansCJKjp-Bold.subset.otf"},
    }
    """The font files of a script DejaVu does not draw (Japanese: the subset of Noto Sans CJK JP that
    ``python -m ui.text.cjk_font`` makes), read when a language written in it is first shown."""
    MONO: ClassVar[str] = "DejaVuSansMono.ttf"
    """The monospaced font for IDs (its I, l, 1, O and 0 all differ), under ``assets/fonts/``."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str], pygame.font.Font] = {}
        self._images: dict[tuple[int, str, str, tuple[int, int, int], bool], pygame.Surface] = {}
        self._data: dict[str, bytes | None] = {}
        """Each font file's bytes; None for one that does not load."""
        why: list[str] = []
        for name in (*self.FILES.values(), self.MONO):
            self._data[name], problem = self._try(name)
            if problem:
                why.append(f"{name} ({problem})")
        self.warning: str | None = None
        """What is wrong with the bundled fonts, in words for the player; None when they load."""
        if why:
            self.warning = _("The font {fonts} could not be loaded: using a plain font instead.").format(
                fonts=_(" and ").join(why)
            )

    def _try(self, name: str) -> tuple[bytes | None, str]:
        """The bundled font file ``name``'s bytes when they load and render, else None and why."""
        if not pygame.font.get_init():
            pygame.font.init()
        try:
            data = read_asset(asset_path("fonts", name))
        except OSError as exc:
            return None, str(exc.strerror or exc)
        try:
            pygame.font.Font(io.BytesIO(data), 12).render("Backgammon", True, (0, 0, 0))
        except (pygame.error, OSError, ValueError) as exc:
            return None, f"damaged: {exc}"
        return data, ""

    def _file(self, bold: bool, mono: bool) -> str:
        """The font file for the language in use (:attr:`SCRIPT_FILES`, else :attr:`FILES`); DejaVu
        where the script's font does not load (:attr:`warning` says so)."""
        if mono:
            return self.MONO
        name = self.SCRIPT_FILES.get(current().script, self.FILES)[bold]
        if name not in self._data:
            self._data[name], problem = self._try(name)
            if problem:
                self.warning = _("The font {fonts} could not be loaded: using a plain font instead.").format(
                    fonts=f"{name} ({problem})"
                )
        return name if self._data[name] is not None else self.FILES[bold]

    def render(
        self, text: str, size: float, colour: tuple[int, int, int], bold: bool = False, mono: bool = False
    ) -> pygame.Surface:
        """``text`` drawn antialiased (cached: the same labels are drawn every frame); ``mono``: in the
        monospaced font (never bold)."""
        key = (max(8, round(size)), self._file(bold, mono), text, colour, current().right_to_left)
        img = self._images.get(key)
        if img is None:
            if len(self._images) > 600:
                self._images.clear()
            img = self.get(size, bold, mono).render(text, True, colour)
            self._images[key] = img
        return img

    def get(self, size: float, bold: bool = False, mono: bool = False) -> pygame.font.Font:
        """A font of ``size`` pixels; ``mono``: the monospaced one (never bold)."""
        name = self._file(bold, mono)
        key = (max(8, round(size)), name)
        font = self._cache.get(key)
        if font is None:
            data = self._data[name]
            font = SafeFont(io.BytesIO(data) if data is not None else None, key[0])
            if name == self.FILES[True] and data is None:
                font.set_bold(True)
            if not mono:
                font.other = lambda: self._other(key[0], bold, name)
                japanese = name == self.SCRIPT_FILES[Script.CJK][bold]
                font.lacks = not_in_japanese if japanese else is_cjk
            self._cache[key] = font
        return font

    def _other(self, size: int, bold: bool, name: str) -> pygame.font.Font | None:
        """The bundled font of the other script (DejaVu beside the Japanese font, and the Japanese
        beside DejaVu) at ``size``, plain :class:`pygame.font.Font` (no further fallback); None
        where it does not load."""
        japanese = self.SCRIPT_FILES[Script.CJK][bold]
        other = self.FILES[bold] if name == japanese else japanese
        key = (size, f"other:{other}")
        font = self._cache.get(key)
        if font is None:
            if other not in self._data:
                self._data[other], _problem = self._try(other)
            data = self._data[other]
            if data is None:
                return None
            font = pygame.font.Font(io.BytesIO(data), size)
            self._cache[key] = font
        return font


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class Renderer:
    """Draws boards; caches depend only on sizes and the theme."""

    def __init__(self) -> None:
        self.fonts = Fonts()
        """Fonts by size."""
        self._static: dict[tuple[tuple[int, int], bool, str, bool], pygame.Surface] = {}
        self._sprites: dict[tuple[int, str, str], pygame.Surface] = {}

    # --- static board -------------------------------------------------------------------------------

    def static_board(self, layout: Layout, theme: Theme, top_numbers: bool = False) -> pygame.Surface:
        """The frame, felt, points and numbers for this size, side of the home board and theme (cached);
        ``top_numbers``: the points numbered from the top side's view."""
        key = (layout.size, layout.home_left, theme.name, top_numbers)
        surf = self._static.get(key)
        if surf is None:
            if len(self._static) > 8:
                self._static.clear()
            surf = pygame.Surface(layout.size)
            self._draw_static(surf, layout, theme, top_numbers)
            self._static[key] = surf
        return surf

    def _draw_static(self, surf: pygame.Surface, lay: Layout, th: Theme, top_numbers: bool = False) -> None:
        surf.fill(th.background)
        b = lay.board
        u = lay.unit
        # shadow and frame with a little grain
        shadow = pygame.Surface((b.width + 12, b.height + 12), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=round(u * 0.3))
        surf.blit(shadow, (b.x + 4, b.y + 6))
        pygame.draw.rect(surf, th.frame, b, border_radius=round(u * 0.25))
        for i in range(0, b.height, max(3, round(u * 0.18))):
            t = (math.sin(i * 0.37) + 1) / 2
            c = _mix(th.frame, th.frame_dark, 0.15 + 0.25 * t)
            pygame.draw.line(surf, c, (b.x + 4, b.y + i), (b.right - 5, b.y + i), 1)
        pygame.draw.rect(surf, th.frame_dark, b, width=2, border_radius=round(u * 0.25))
        # felt halves and tray, slightly shaded towards the edges
        for half in (lay.left, lay.right):
            pygame.draw.rect(surf, th.felt_dark, half)
            felt = half.inflate(-round(u * 0.12), -round(u * 0.12))
            pygame.draw.rect(surf, th.felt, felt)
            pygame.draw.rect(surf, th.frame_dark, half, width=2)
        pygame.draw.rect(surf, th.bar, lay.bar)
        pygame.draw.line(surf, th.frame_dark, lay.bar.topleft, lay.bar.bottomleft, 2)
        pygame.draw.line(surf, th.frame_dark, lay.bar.topright, lay.bar.bottomright, 2)
        pygame.draw.rect(surf, th.felt_dark, lay.tray)
        mid = lay.tray.centery
        pygame.draw.line(
            surf, th.frame_dark, (lay.tray.x, mid), (lay.tray.right, mid), max(2, round(u * 0.1))
        )
        pygame.draw.rect(surf, th.frame_dark, lay.tray, width=2)
        # points
        for p in range(1, 25):
            colour = th.point_a if p % 2 else th.point_b
            corners = lay.triangle(p)
            pygame.draw.polygon(surf, colour, corners)
            pygame.draw.aalines(surf, _mix(colour, (0, 0, 0), 0.35), True, corners)
            inner = _shrink(corners, 0.22)
            pygame.draw.polygon(surf, _mix(colour, (255, 255, 255), 0.08), inner)
        # point numbers on the frame, from the human's side (or the top side's)
        font = self.fonts.get(max(9.0, u * 0.3))
        for p in range(1, 25):
            x = lay.column_x(p) + u / 2
            y = (
                b.y + (b.height - lay.left.height) / 4
                if p >= 13
                else b.bottom - (b.height - lay.left.height) / 4
            )
            img = font.render(
                str(opposite(p) if top_numbers else p), True, _mix(th.frame, (255, 255, 255), 0.6)
            )
            surf.blit(img, img.get_rect(center=(round(x), round(y))))

    # --- checkers -----------------------------------------------------------------------------------

    def sprite(self, radius: float, kind: CheckerColour, theme: Theme) -> pygame.Surface:
        """A checker of ``kind`` with shading, rim and (dark) ring mark."""
        r = max(4, round(radius))
        key = (r, kind, theme.name)
        s = self._sprites.get(key)
        if s is not None:
            return s
        scale = 3
        big_r = r * scale
        size = 2 * big_r + 4 * scale
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        base, edge = theme.checker_colours(kind)
        pygame.draw.circle(big, (0, 0, 0, 80), (c + scale * 2, c + scale * 3), big_r)
        pygame.draw.circle(big, edge, (c, c), big_r)
        pygame.draw.circle(big, base, (c, c), round(big_r * 0.9))
        # soft light from the top left
        steps = 10
        for i in range(steps):
            t = i / steps
            rr = round(big_r * 0.86 * (1 - t * 0.75))
            off = round(big_r * 0.18 * t)
            col = _mix(base, (255, 255, 255), 0.04 + 0.22 * t * t)
            pygame.draw.circle(big, col, (c - off, c - off), rr)
        # the groove every checker has
        pygame.draw.circle(
            big, _mix(edge, base, 0.4), (c, c), round(big_r * 0.62), max(1, round(scale * 1.2))
        )
        if kind is CheckerColour.DARK:
            # the ring mark that tells the sides apart without colour
            pygame.draw.circle(big, theme.mark, (c, c), round(big_r * 0.42), max(2, round(big_r * 0.1)))
            pygame.draw.circle(big, theme.mark, (c, c), max(2, round(big_r * 0.1)))
        s = pygame.transform.smoothscale(big, (size // scale, size // scale))
        self._sprites[key] = s
        return s

    def draw_checker(
        self, surf: pygame.Surface, lay: Layout, th: Theme, kind: CheckerColour, pos: tuple[float, float]
    ) -> None:
        """One checker centred at ``pos``."""
        img = self.sprite(lay.radius, kind, th)
        surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _count_label(
        self,
        surf: pygame.Surface,
        lay: Layout,
        th: Theme,
        kind: CheckerColour,
        pos: tuple[float, float],
        n: int,
    ) -> None:
        font = self.fonts.get(lay.radius * 0.85, bold=True)
        col = th.pip if kind is CheckerColour.LIGHT else th.text
        if kind is CheckerColour.DARK:
            pygame.draw.circle(surf, th.dark, (round(pos[0]), round(pos[1])), round(lay.radius * 0.55))
        img = font.render(str(n), True, col)
        surf.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    # --- the whole board ---------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView) -> None:
        """Draw the board and ``view`` onto ``surf`` (the whole window area of the layout)."""
        surf.blit(self.static_board(lay, th, view.top_numbers), (0, 0))
        mine = view.human_colour
        theirs = mine.other
        # highlights under the checkers
        for p in view.highlights:
            self._highlight(surf, lay, th, p, strong=p == view.hover, mover_top=view.mover_top)
        self._their_checkers(surf, lay, th, view, theirs)
        self._my_checkers(surf, lay, th, view, mine)
        moving = theirs if view.mover_top else mine
        # borne off, edge-on
        self._tray(surf, lay, th, mine, 15 - sum(view.human) - view.airborne[0], True)
        self._tray(surf, lay, th, theirs, 15 - sum(view.ai) - view.airborne[1], False)
        for p in view.sources:
            self._source_ring(surf, lay, th, view, p, strong=p == view.hover)
        if view.selected is not None:
            self._selected_ring(surf, lay, th, view)
        for x, y, is_human in view.flying:
            self.draw_checker(surf, lay, th, mine if is_human else theirs, (x, y))
        self._dice(surf, lay, th, view)
        for a, b, is_human in view.best_arrows:
            self._arrow(surf, lay, th, view, a, b, is_human, dashed=True)
        for a, b, is_human in view.arrows:
            self._arrow(surf, lay, th, view, a, b, is_human)
        if view.cursor is not None:
            self._cursor(surf, lay, th, view.cursor, view.cursor_row)
        if view.drag is not None:
            self.draw_checker(surf, lay, th, moving, view.drag)

    def _their_checkers(
        self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView, kind: CheckerColour
    ) -> None:
        # the computer's point q is drawn at the human's 25 - q
        dragged = view.selected if view.drag is not None and view.mover_top else None
        for q in range(1, 25):
            self._stack(surf, lay, th, kind, opposite(q), view.ai[slot(q)] - (dragged == opposite(q)))
        on_bar = view.ai[slot(BAR)] - (dragged == BAR)
        for k in range(min(on_bar, STACK)):
            self.draw_checker(surf, lay, th, kind, lay.their_bar_center(k))
        if on_bar > STACK:
            self._count_label(surf, lay, th, kind, lay.their_bar_center(STACK - 1), on_bar)

    def _my_checkers(
        self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView, kind: CheckerColour
    ) -> None:
        dragged = view.selected if view.drag is not None and not view.mover_top else None
        for p in range(1, 25):
            self._stack(surf, lay, th, kind, p, view.human[slot(p)] - (1 if dragged == p else 0))
        bar_n = view.human[slot(BAR)] - (1 if dragged == BAR else 0)
        for k in range(min(bar_n, STACK)):
            self.draw_checker(surf, lay, th, kind, lay.checker_center(BAR, k))
        if bar_n > STACK:
            self._count_label(surf, lay, th, kind, lay.checker_center(BAR, STACK - 1), bar_n)

    def _dice(self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView) -> None:
        if view.dice:
            self.draw_dice(surf, lay, th, view)
        if view.opening is not None:
            size = lay.die_size()
            self.draw_die(surf, th, lay.dice_centers(True, 1)[0], size, view.opening[0], False)
            self.draw_die(surf, th, lay.dice_centers(False, 1)[0], size, view.opening[1], False)

    def _stack(
        self, surf: pygame.Surface, lay: Layout, th: Theme, kind: CheckerColour, p: int, n: int
    ) -> None:
        for k in range(min(n, STACK)):
            self.draw_checker(surf, lay, th, kind, lay.checker_center(p, k))
        if n > STACK:
            self._count_label(surf, lay, th, kind, lay.checker_center(p, STACK - 1), n)

    def _tray(
        self, surf: pygame.Surface, lay: Layout, th: Theme, kind: CheckerColour, n: int, human: bool
    ) -> None:
        base, edge = th.checker_colours(kind)
        for k in range(n):
            r = lay.off_slab(human, k)
            pygame.draw.rect(surf, base, r, border_radius=2)
            pygame.draw.rect(surf, edge, r, width=1, border_radius=2)
            if kind is CheckerColour.DARK:
                pygame.draw.line(
                    surf, th.mark, (r.x + r.width * 0.3, r.centery), (r.x + r.width * 0.7, r.centery)
                )
        if n:
            font = self.fonts.get(lay.unit * 0.32, bold=True)
            img = font.render(str(n), True, th.text)
            half = lay.tray_half(human)
            y = half.y + img.get_height() * 0.7 if human else half.bottom - img.get_height() * 0.7
            surf.blit(img, img.get_rect(center=(half.centerx, round(y))))

    def _highlight(
        self,
        surf: pygame.Surface,
        lay: Layout,
        th: Theme,
        p: int,
        strong: bool = False,
        mover_top: bool = False,
    ) -> None:
        if p == OFF:
            rect = lay.tray_half(not mover_top)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*th.accent, 90))
            surf.blit(glow, rect.topleft)
            pygame.draw.rect(surf, th.accent, rect, 3)
            return
        tri = lay.triangle(p)
        x0 = min(x for x, _ in tri)
        y0 = min(y for _, y in tri)
        w = max(x for x, _ in tri) - x0 + 2
        h = max(y for _, y in tri) - y0 + 2
        glow = pygame.Surface((round(w), round(h)), pygame.SRCALPHA)
        pygame.draw.polygon(glow, (*th.accent, 170 if strong else 110), [(x - x0, y - y0) for x, y in tri])
        surf.blit(glow, (round(x0), round(y0)))
        pygame.draw.polygon(surf, th.accent, tri, 5 if strong else 3)
        # a dot where the checker would land
        n = 0  # the dot sits at the point's base: clear whatever the stack
        x, y = lay.checker_center(p, n)
        pygame.draw.circle(surf, th.accent, (round(x), round(y)), max(3, round(lay.radius * 0.25)))

    def _source_ring(
        self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView, p: int, strong: bool = False
    ) -> None:
        """A soft ring round the top checker of a point whose checker can move."""
        n = view.movable(p)
        if n <= 0:
            return
        x, y = self._top_checker(lay, view, p, n)
        r = round(lay.radius + 2)
        glow = pygame.Surface((2 * r + 8, 2 * r + 8), pygame.SRCALPHA)
        c = r + 4
        pygame.draw.circle(glow, (*th.movable, 70), (c, c), r + 3, 5)
        pygame.draw.circle(glow, (*th.movable, 255 if strong else 230), (c, c), r, 4 if strong else 2)
        surf.blit(glow, (round(x) - c, round(y) - c))

    def _selected_ring(self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView) -> None:
        p = view.selected
        assert p is not None
        if view.drag is not None:
            return
        n = view.movable(p)
        if n <= 0:
            return
        x, y = self._top_checker(lay, view, p, n)
        pygame.draw.circle(surf, th.select, (round(x), round(y)), round(lay.radius + 3), 3)

    @staticmethod
    def _top_checker(lay: Layout, view: BoardView, p: int, n: int) -> tuple[float, float]:
        """The centre of the moving side's top checker of ``n`` at the bottom side's point ``p``."""
        if p == BAR and view.mover_top:
            return lay.their_bar_center(min(n, STACK) - 1)
        return lay.checker_center(p, n - 1)

    def _cursor(self, surf: pygame.Surface, lay: Layout, th: Theme, p: int, row: int) -> None:
        pygame.draw.rect(surf, th.cursor, lay.cursor_rect(p, row).inflate(-2, -2), 3, border_radius=4)

    def _arrow(
        self,
        surf: pygame.Surface,
        lay: Layout,
        th: Theme,
        view: BoardView,
        a: int,
        b: int,
        is_human: bool,
        dashed: bool = False,
    ) -> None:
        def where(p: int, start: bool) -> tuple[float, float]:
            side = view.human if is_human else view.ai
            if p == OFF:
                r = lay.tray_half(is_human)
                return float(r.centerx), float(r.centery)
            k = max(0, side[slot(p)] - 1)
            if p == BAR:
                return lay.checker_center(BAR, k) if is_human else lay.their_bar_center(k)
            return lay.checker_center(on_screen(p, is_human), k)

        x0, y0 = where(a, True)
        x1, y1 = where(b, False)
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        w = max(3, round(lay.unit * 0.09))
        head = lay.unit * 0.38
        tip = (x1, y1)
        base = (x1 - ux * head, y1 - uy * head)
        shadow = (0, 0, 0)
        left = (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55)
        right = (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)
        if dashed:
            dash = max(4.0, lay.unit * 0.25)
            n = max(1, int((length - head) / dash))
            for i in range(0, n, 2):
                p0 = (x0 + ux * dash * i, y0 + uy * dash * i)
                p1 = (x0 + ux * dash * min(i + 1, n), y0 + uy * dash * min(i + 1, n))
                pygame.draw.line(surf, shadow, (p0[0] + 1, p0[1] + 2), (p1[0] + 1, p1[1] + 2), w + 2)
                pygame.draw.line(surf, th.select, p0, p1, w)
            pygame.draw.polygon(surf, shadow, [tip, left, right], w + 2)
            pygame.draw.polygon(surf, th.select, [tip, left, right], w)
            return
        pygame.draw.line(surf, shadow, (x0 + 1, y0 + 2), (base[0] + 1, base[1] + 2), w + 2)
        pygame.draw.line(surf, th.arrow, (x0, y0), base, w)
        pygame.draw.polygon(surf, th.arrow, [tip, left, right])
        pygame.draw.polygon(surf, shadow, [tip, left, right], 1)

    # --- dice -----------------------------------------------------------------------------------------

    def draw_dice(self, surf: pygame.Surface, lay: Layout, th: Theme, view: BoardView) -> None:
        """The dice on the roller's half; used dice are faded."""
        centers = lay.dice_centers(view.dice_human, len(view.dice))
        for i, (value, (cx, cy)) in enumerate(zip(view.dice, centers, strict=True)):
            used = i < len(view.dice_used) and view.dice_used[i]
            self.draw_die(surf, th, (cx, cy), lay.die_size(), value, used)

    def draw_die(
        self,
        surf: pygame.Surface,
        th: Theme,
        center: tuple[float, float],
        size: float,
        value: int,
        used: bool,
    ) -> None:
        """One die showing ``value``."""
        s = round(size)
        rect = pygame.Rect(0, 0, s, s)
        rect.center = (round(center[0]), round(center[1]))
        face = _mix(th.die, th.felt, 0.55) if used else th.die
        pip = _mix(th.pip, th.felt, 0.5) if used else th.pip
        pygame.draw.rect(surf, (0, 0, 0), rect.move(2, 3), border_radius=max(3, s // 6))
        pygame.draw.rect(surf, face, rect, border_radius=max(3, s // 6))
        pygame.draw.rect(surf, _mix(face, (0, 0, 0), 0.3), rect, 1, border_radius=max(3, s // 6))
        spots = {
            1: [(0, 0)],
            2: [(-1, -1), (1, 1)],
            3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }[value]
        off = s * 0.26
        pr = max(2, round(s * 0.085))
        for ox, oy in spots:
            pygame.draw.circle(
                surf, pip, (round(rect.centerx + ox * off), round(rect.centery + oy * off)), pr
            )


def _shrink(tri: list[tuple[float, float]], t: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in tri) / 3
    cy = sum(p[1] for p in tri) / 3
    return [(x + (cx - x) * t, y + (cy - y) * t) for x, y in tri]
