"""Small drawing helpers shared by the scenes: buttons, text, panels, the thinking spinner."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui.text.breaks import pieces
from ui.widgets.render import Fonts
from ui.widgets.theme import Colour, Theme


@dataclass
class Button:
    """A clickable labelled rectangle."""

    key: str
    """What it does (the scene maps it to an action)."""
    label: str
    """Text on it."""
    rect: pygame.Rect
    """Where it is."""
    enabled: bool = True
    """Greyed out and ignored when False."""
    primary: bool = False
    """Drawn in the accent colour: the thing to do next."""
    shortcut: str = ""
    """The key shown under the label."""

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on an enabled button."""
        return self.enabled and self.rect.collidepoint(pos)


LABEL_SHARE = (0.42, 0.55)
"""A button's label is at most this share of its height: with its keys under it, and alone."""
KEYS_UNDER = 34
"""The least height of a button that shows its keys under its label."""
LEAST_LABEL = 9.0
"""The smallest size a label is shrunk to so that it fits its button."""


TWO_LINES_GAIN = 1.2
"""A row's labels go on two lines (where a label's words and its button's height allow) only when
that draws them at least this much larger than on one line."""


def label_lines(font: pygame.font.Font, label: str, rect: pygame.Rect) -> list[str] | None:
    """``label`` on its button ``rect`` in ``font``: one line where it fits, else two lines where its
    words and the button's height allow (a longer language's label); None where neither fits."""
    room = rect.width - 8
    if font.size(label)[0] <= room:
        return [label]
    if any(font.size(word)[0] > room for _, word in pieces(label)):
        return None  # a word cut in two ("Doubl" "e") is no label
    lines = wrap(font, label, room)
    two = len(lines) == 2 and all(font.size(line)[0] <= room for line in lines)
    return lines if two and 2 * font.get_linesize() <= rect.height - 2 else None


def labels_fit(fonts: Fonts, buttons: Sequence[Button], size: float) -> bool:
    """True when every label fits its button at ``size``, on one line or two, no word cut."""
    font = fonts.get(size, True)
    return all(label_lines(font, b.label, b.rect) is not None for b in buttons)


def label_size(fonts: Fonts, buttons: Sequence[Button]) -> float:
    """One size for the labels of a row or grid of ``buttons``: the largest (up to
    :data:`LABEL_SHARE` of the lowest one's height) at which every label fits its button on one
    line; or, where that is much smaller (:data:`TWO_LINES_GAIN`), at which each fits on one line
    or two (:func:`label_lines`)."""
    if not buttons:
        return LEAST_LABEL
    low = min(b.rect.height for b in buttons)
    start = low * LABEL_SHARE[0 if low >= KEYS_UNDER and any(b.shortcut for b in buttons) else 1]
    one = start
    while one > LEAST_LABEL and any(
        fonts.get(one, True).size(b.label)[0] > b.rect.width - 8 for b in buttons
    ):
        one -= 0.5
    if one >= start:
        return one
    two = start
    while two > LEAST_LABEL and any(
        label_lines(fonts.get(two, True), b.label, b.rect) is None for b in buttons
    ):
        two -= 0.5
    return two if two >= one * TWO_LINES_GAIN or (one <= LEAST_LABEL and two > one) else one


def draw_button(
    surf: pygame.Surface,
    fonts: Fonts,
    th: Theme,
    b: Button,
    mouse: tuple[int, int],
    size: float | None = None,
) -> None:
    """Draw one button (hover and primary states); its label at ``size`` (None: as large as fits it
    alone; a row of buttons passes :func:`label_size` so that their labels match)."""
    hover = b.enabled and b.rect.collidepoint(mouse)
    base = th.button_hover if hover else th.button
    if b.primary and b.enabled:
        base = mix(th.accent, th.button, 0.25 if hover else 0.4)
    if not b.enabled:
        base = mix(th.button, th.panel, 0.6)
    radius = max(4, b.rect.height // 4)
    pygame.draw.rect(surf, (0, 0, 0), b.rect.move(0, 2), border_radius=radius)
    pygame.draw.rect(surf, base, b.rect, border_radius=radius)
    pygame.draw.rect(surf, mix(base, (255, 255, 255), 0.25), b.rect, 1, border_radius=radius)
    colour = th.button_text if b.enabled else mix(th.button_text, th.panel, 0.55)
    if b.primary and b.enabled:
        colour = th.pip
    if size is None:
        size = label_size(fonts, [b])
    lines = label_lines(fonts.get(size, bold=True), b.label, b.rect)
    if lines is not None and len(lines) == 2:  # a longer language's label on two lines, no keys
        step = fonts.get(size, bold=True).get_linesize()
        for i, part in enumerate(lines):
            at = (b.rect.centerx, b.rect.centery - step + i * step)
            text(surf, fonts, part, at, size, colour, True, "midtop")
        return
    label = fit_text(fonts.get(size, bold=True), b.label, b.rect.width - 8)
    font = fonts.get(size, bold=True)
    line = max(font.get_linesize(), font.size(label)[1])  # accents may stand above the line
    shortcut = max(LEAST_LABEL, b.rect.height * 0.24)
    sc_line = fonts.get(shortcut).get_linesize()
    if b.shortcut and b.rect.height >= KEYS_UNDER and line + sc_line <= b.rect.height - 2:
        top = b.rect.centery - (line + sc_line) / 2
        text(surf, fonts, label, (b.rect.centerx, round(top)), size, colour, True, "midtop")
        shortcut = fit_size(fonts, [(b.shortcut, False, b.rect.width - 8)], shortcut, LEAST_LABEL)
        sc = fit_text(fonts.get(shortcut), b.shortcut, b.rect.width - 8)
        text(
            surf,
            fonts,
            sc,
            (b.rect.centerx, round(top + line)),
            shortcut,
            mix(colour, base, 0.35),
            anchor="midtop",
        )
    else:
        text(surf, fonts, label, b.rect.center, size, colour, True, "center")


def fit_size(fonts: Fonts, cells: Sequence[tuple[str, bool, int]], size: float, least: float = 9.0) -> float:
    """The largest size up to ``size`` (and down to ``least``) at which every (text, bold, width)
    cell fits its width: a line, or a row of cells, shrunk rather than cut."""
    while size > least and any(fonts.get(size, bold).size(s)[0] > width for s, bold, width in cells):
        size -= 0.5
    return size


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits with the ellipsis, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


def wrap(font: pygame.font.Font, text: str, width: int, most: int | None = None) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels (long words are cut); with ``most``, at most
    that many, the last ending in an ellipsis when some of the text is left out."""
    lines = _wrapped(font, text, width)
    if most is None or len(lines) <= most:
        return lines
    if most <= 0:
        return []
    return [*lines[: most - 1], fit_text(font, lines[most - 1].rstrip() + "…", width)]


def _wrapped(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for glue, word in pieces(para):  # at spaces, and between CJK characters (kinsoku kept)
            trial = f"{line}{glue}{word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def text(
    surf: pygame.Surface,
    fonts: Fonts,
    s: str,
    pos: tuple[float, float],
    size: float,
    colour: Colour,
    bold: bool = False,
    anchor: str = "topleft",
    mono: bool = False,
) -> pygame.Rect:
    """Draw one line of text (``mono``: in the monospaced font); returns its rectangle."""
    img = fonts.render(s, size, colour, bold, mono)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surf.blit(img, rect)
    return rect


def panel(surf: pygame.Surface, th: Theme, rect: pygame.Rect, alpha: int = 235) -> None:
    """A rounded translucent panel for dialogs and overlays."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(6, min(rect.size) // 30)
    pygame.draw.rect(layer, (*th.panel, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*th.accent, 200), layer.get_rect(), 2, border_radius=radius)
    surf.blit(layer, rect.topleft)


def dim(surf: pygame.Surface, alpha: int = 140) -> None:
    """Darken everything drawn so far (under an overlay)."""
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surf.blit(shade, (0, 0))


def spinner(surf: pygame.Surface, th: Theme, center: tuple[int, int], radius: int, phase: float) -> None:
    """A rotating arc: the computer is thinking."""
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = center
    start = -phase * 2 * math.pi
    pygame.draw.circle(surf, mix(th.panel, th.text, 0.2), center, radius, max(2, radius // 4))
    pygame.draw.arc(surf, th.accent, rect, start, start + 1.9 * math.pi / 2, max(2, radius // 4))


def progress_bar(surf: pygame.Surface, th: Theme, rect: pygame.Rect, fraction: float) -> None:
    """A thin bar filled to ``fraction``."""
    pygame.draw.rect(surf, mix(th.panel, (0, 0, 0), 0.4), rect, border_radius=rect.height // 2)
    filled = rect.copy()
    filled.width = round(rect.width * max(0.0, min(1.0, fraction)))
    if filled.width > 0:
        pygame.draw.rect(surf, th.accent, filled, border_radius=rect.height // 2)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Colour ``t`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def mouse_pos() -> tuple[int, int]:
    """Where the mouse is (far off-screen when there is no display)."""
    return pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)


@dataclass
class TextEntry:
    """A one-line text box's content: typing, Backspace, Ctrl+V pastes (the clipboard if there is one)."""

    text: str = ""
    """What has been typed."""
    max_len: int = 64
    """The most characters it takes."""
    allowed: str = ""
    """The characters it takes (empty: any printable one)."""

    def key(self, event: pygame.event.Event) -> bool:
        """Apply a KEYDOWN; True when it changed the text."""
        if event.key == pygame.K_BACKSPACE:
            changed = bool(self.text)
            self.text = self.text[:-1]
            return changed
        if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            return self.insert(_clipboard())
        return self.insert(getattr(event, "unicode", ""))

    def insert(self, s: str) -> bool:
        """Add the allowed characters of ``s``; True when any were added."""
        keep = "".join(c for c in s if c.isprintable() and (not self.allowed or c in self.allowed))
        keep = keep[: max(0, self.max_len - len(self.text))]
        self.text += keep
        return bool(keep)


def _clipboard() -> str:
    try:
        return pygame.scrap.get_text() if pygame.display.get_init() else ""
    except pygame.error:
        return ""


def copy_to_clipboard(s: str) -> bool:
    """Put ``s`` on the system clipboard; False when there is none (no window, or no clipboard)."""
    if not pygame.display.get_init():
        return False
    try:
        pygame.scrap.put_text(s)
    except pygame.error:
        return False
    return True


def draw_text_entry(
    surf: pygame.Surface,
    fonts: Fonts,
    th: Theme,
    entry: TextEntry,
    rect: pygame.Rect,
    caret: bool,
    mono: bool = False,
) -> None:
    """The box with its text (``mono``: in the monospaced font) and, when ``caret``, a caret after it."""
    pygame.draw.rect(surf, mix(th.panel, (0, 0, 0), 0.35), rect, border_radius=6)
    pygame.draw.rect(surf, th.accent, rect, 2, border_radius=6)
    size = rect.height * 0.55
    pos = (rect.x + 10, rect.centery)
    r = text(surf, fonts, entry.text, pos, size, th.text, anchor="midleft", mono=mono)
    if caret:
        x = r.right + 2 if entry.text else rect.x + 10
        pygame.draw.line(surf, th.text, (x, rect.y + 6), (x, rect.bottom - 6), 2)


PROGRESS_RATE = 0.6
"""The most the shown progress moves in a second (so a search that reports in jumps still fills evenly)."""
PROGRESS_CAP = 0.97
"""The furthest the bar goes before the search has answered."""


@dataclass
class EasedProgress:
    """A progress bar's shown value: follows the reported one at a steady pace."""

    shown: float = 0.0
    """The fraction drawn, 0..1."""

    def reset(self) -> None:
        """Start again from empty."""
        self.shown = 0.0

    def advance(self, reported: float, dt: float) -> float:
        """Move towards ``reported`` by at most ``PROGRESS_RATE * dt``; returns the new value."""
        goal = min(max(0.0, reported), PROGRESS_CAP)
        if goal > self.shown:
            self.shown = min(goal, self.shown + PROGRESS_RATE * dt)
        return self.shown
