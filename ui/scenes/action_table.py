"""A scene's commands as one table: each action's keys, label, help, when it is enabled, what it does.

A screen's buttons, key bindings and help are all made from its table, so they cannot disagree.
Where several actions share a key, the first enabled one in the table wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from game.records.formats import named
from ui.text import _
from ui.widgets.controls import Button


@dataclass(frozen=True)
class Key:
    """A key press: the key code, or the character typed, and whether Ctrl / Shift must be held."""

    code: int = 0
    """pygame key code (0: match ``char`` instead)."""
    char: str = ""
    """The character typed (for keys like ``?`` that differ between layouts)."""
    ctrl: bool = False
    """Ctrl must be held."""
    shift: bool | None = None
    """Shift must be held (True), must not be (False), or either (None)."""

    def matches(self, event: pygame.event.Event) -> bool:
        """True when the KEYDOWN ``event`` is this key."""
        mod = getattr(event, "mod", 0)
        if self.ctrl != bool(mod & pygame.KMOD_CTRL):
            return False
        if self.shift is not None and self.shift != bool(mod & pygame.KMOD_SHIFT):
            return False
        if self.char:
            return getattr(event, "unicode", "") == self.char
        return bool(event.key == self.code)


S = TypeVar("S")
"""The scene a table of actions runs on."""


@dataclass(frozen=True)
class Action(Generic[S]):
    """One command of a scene's table."""

    name: str
    """Its name (the button's key)."""
    label: str
    """The button's text, or the command's name in help (a msgid, marked ``N_``: worded by :meth:`words`)."""
    keys: tuple[Key, ...]
    """The keys that run it."""
    keys_text: str
    """The keys in words (on the button, in help)."""
    help: str
    """What it does, for the help screen."""
    enabled: Callable[[S], bool]
    """True when it can run now."""
    run: Callable[[S], None]
    """Run it."""
    button: bool = False
    """Shown as a panel button."""
    help_last: bool = False
    """Listed after the others in help (a key that only matters in a passing moment, ahead in
    the table so that it wins its key then)."""

    def words(self) -> str:
        """The label in the player's language (the table holds the catalogue's msgid)."""
        return _(self.label)

    def keys_words(self) -> str:
        """The keys in the player's language ("Ctrl+Z" may be "Strg+Z")."""
        return _(self.keys_text)

    def help_words(self) -> str:
        """What it does, in the player's language ("" when it has no help); ``{formats}`` in it is
        the record formats read, as the registry names them (``.mat, .sgf or .xg``)."""
        return _(self.help).replace("{formats}", named())


def first_action(table: Sequence[Action[S]], event: pygame.event.Event, scene: S) -> Action[S] | None:
    """The first enabled action of ``table`` whose key is ``event`` (a KEYDOWN)."""
    for action in table:
        if any(k.matches(event) for k in action.keys) and action.enabled(scene):
            return action
    return None


def buttons_in_rows(
    actions: Sequence[Action[S]], per_row: int, width: int, top: int, height: int
) -> list[Button]:
    """The actions' buttons, ``per_row`` to a row across ``width`` pixels from ``top`` (a gap of 8
    between buttons, 6 between rows; each ``height`` high)."""
    gap = 8
    each = (width - gap * (per_row + 1)) // per_row
    return [
        Button(
            a.name,
            a.words(),
            pygame.Rect(
                gap + (i % per_row) * (each + gap), top + (i // per_row) * (height + 6), each, height
            ),
            shortcut=a.keys_words(),
        )
        for i, a in enumerate(actions)
    ]
