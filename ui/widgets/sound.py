"""Sounds made by the project: synthesized with numpy when the game starts.

A dice rattle (a few short knocks of filtered noise) and a checker click (a
damped wooden tone). If there is no audio device the game plays silently and says so once: the
audio libraries under SDL (ALSA) print their failure to find a sound card straight to the
process's standard error, eight lines at every start, so it is pointed at the null device while
the mixer starts.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator

import numpy as np
import pygame

from ui.text import N_, _

NO_DEVICE = N_("No sound device was found: sound is off.")
"""What the player is told once when the mixer cannot start."""


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """File descriptor 2 pointed at the null device for the block (what C libraries print there
    is dropped); left as it is where it cannot be (no descriptor 2, as in a windowed build)."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def checker_wave(rate: int, seed: int = 1) -> np.ndarray:
    """A short wooden click: two damped tones and a burst of noise, in -1..1."""
    n = int(rate * 0.09)
    t = np.arange(n) / rate
    rng = np.random.default_rng(seed)
    tone = 0.6 * np.sin(2 * np.pi * 820 * t) + 0.35 * np.sin(2 * np.pi * 1370 * t)
    env = np.exp(-t * 70)
    noise = rng.standard_normal(n) * np.exp(-t * 400) * 0.5
    wave = (tone * env + noise) * 0.8
    return np.clip(wave, -1, 1)


def dice_wave(rate: int, seed: int = 2) -> np.ndarray:
    """Dice shaken and thrown: a handful of knocks of decreasing loudness, in -1..1."""
    length = int(rate * 0.45)
    out = np.zeros(length)
    rng = np.random.default_rng(seed)
    knock_n = int(rate * 0.03)
    t = np.arange(knock_n) / rate
    times = np.sort(rng.uniform(0.0, 0.38, 9))
    for k, start in enumerate(times):
        freq = rng.uniform(1500, 2600)
        knock = np.sin(2 * np.pi * freq * t) * 0.5 + rng.standard_normal(knock_n) * 0.5
        knock *= np.exp(-t * rng.uniform(180, 320)) * (1.0 - 0.07 * k)
        i = int(start * rate)
        out[i : i + knock_n] += knock[: max(0, min(knock_n, length - i))]
    # a gentle low-pass so it sounds like bone on wood, not static
    kernel = np.ones(5) / 5
    out = np.convolve(out, kernel, mode="same")
    peak = float(np.max(np.abs(out))) or 1.0
    return out / peak * 0.7


class Sounds:
    """The game's sounds; silent when muted or when no audio device could be opened."""

    def __init__(
        self, enabled: bool = True, device: bool = True, tell: Callable[[str], None] | None = None
    ) -> None:
        """``tell`` hears :data:`NO_DEVICE` when a device is wanted, cannot start and sound is on."""
        self.enabled = enabled
        """False when muted."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        """True when the mixer works."""
        self.problem: str | None = None
        """What to tell the player once when a device was wanted and the mixer could not start."""
        if not device:
            return
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("the mixer did not start")
            rate, _size, channels = init
            for name, wave in (("checker", checker_wave(rate)), ("dice", dice_wave(rate))):
                pcm = (wave * 32767 * 0.6).astype(np.int16)
                if channels > 1:
                    pcm = np.repeat(pcm[:, None], channels, axis=1)
                self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
            self.available = True
        except (pygame.error, ValueError, TypeError):
            self._sounds.clear()
            self.problem = _(NO_DEVICE)
            if enabled and tell is not None:
                tell(_(NO_DEVICE))

    def play(self, name: str) -> None:
        """Play a sound by name ("checker", "dice") unless muted."""
        if self.enabled and name in self._sounds:
            self._sounds[name].play()
