"""Shared test setup: no test touches the real user folder or opens a real window.

* SDL uses its dummy video and audio drivers (set before any test imports pygame).
* ``BACKGAMMON_HOME`` points at a fresh temporary folder for every test, so
  settings and saved games written by a test never reach the user's data.
* The system's language is English for every test (``LANG=C.UTF-8``, no ``LANGUAGE``, ``LC_ALL`` or
  ``LC_MESSAGES``, no ``BACKGAMMON_LANGUAGE``): a developer's German desktop does not change what
  the tests read; English is spoken again after each test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ui import text as words

pytest_plugins = ["ui_driver"]  # the fixtures that drive the real UI headless (make_app, home)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def backgammon_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private, empty user-data folder for the test (also returned for direct use)."""
    home = tmp_path_factory.mktemp("backgammon_home")
    monkeypatch.setenv("BACKGAMMON_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def english_system(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The system asks for English; English is spoken again after the test."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", words.LANGUAGE_VARIABLE):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    words.use("")
