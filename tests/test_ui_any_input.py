"""Any key, click, drag, wheel or window size at any moment: the window answers, never a traceback.

Seeded streams of random input at the real App (headless, a thread worker), in the game against the
computer with real dice and the tutor, in a two-player money session, and in the default game. A
click on Quit ends the app by its own wish; a new one goes on with the rest of the stream.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest
from ui_driver import DT

from ui.app.app import App

KEYS = (
    *(getattr(pygame, f"K_{c}") for c in "abcdefghijklmnoprstuvwxyz0123456789"),
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_F1,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_DELETE,
    pygame.K_KP_ENTER,
)
"""Every key a screen answers, and some none does (Q is left out: it asks to quit)."""

MODS = (0, 0, 0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)
"""Mostly plain keys, sometimes with Shift or Ctrl."""

STEPS = 300
"""Inputs a stream sends."""

SETTINGS = {
    "real dice and the tutor": {"manual_dice": "both", "tutor": "doubtful", "match_length": 3},
    "two players, money": {"opponent": "human", "match_length": 0},
    "the default game": {},
}


def send(app: App, rng: random.Random, size: list[int]) -> None:
    """One random input, then a frame (sometimes many: the computer's turn goes on)."""
    r = rng.random()
    if r < 0.1:  # out of a dialog (or into the menu), and often on into a game
        keys = (pygame.K_ESCAPE, pygame.K_RETURN) if rng.random() < 0.5 else (pygame.K_ESCAPE,)
        for k in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
            app.frame(DT)
    elif r < 0.55:
        k, mod = rng.choice(KEYS), rng.choice(MODS)
        typed = chr(k) if 32 <= k < 127 else ""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode=typed, scancode=0))
    elif r < 0.9:
        at = (rng.randrange(size[0]), rng.randrange(size[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=rng.choice((1, 1, 1, 3))))
        if rng.random() < 0.3:  # a drag
            at = (rng.randrange(size[0]), rng.randrange(size[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    elif r < 0.93:
        size[:] = [rng.randrange(800, 1500), rng.randrange(600, 1000)]
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=tuple(size), w=size[0], h=size[1]))
    elif r < 0.95:
        turn = rng.choice((-3, -1, 1, 3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=turn, flipped=False))
    else:
        for _ in range(rng.randrange(1, 40)):
            app.frame(DT)
    app.frame(DT)


@pytest.mark.parametrize("name", SETTINGS)
def test_a_stream_of_random_input_never_breaks_the_window(make_app: Callable[..., App], name: str) -> None:
    rng = random.Random(f"any input: {name}")
    app = make_app(**SETTINGS[name])
    size = [1100, 720]
    for _ in range(STEPS):
        send(app, rng, size)
        if not app.running:  # Quit clicked: the window closed as asked; go on in a new one
            app = make_app()
            size = [1100, 720]
    app.frame(DT)
    assert app.running
