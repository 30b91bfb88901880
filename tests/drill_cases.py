"""What the drills' tests share: a match with a known blunder, reviewed once for the whole run, and
a deck with answers (the user data folder is ui_driver's ``home`` fixture)."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from bench.drills import random_cards
from game.drills.card import Card, DrillKind, Judged, Source
from game.drills.deck import DECK_FILE, open_deck
from game.drills.exchange import Entry
from game.records.formats import load_match
from game.rules.cube import CubeAction

if TYPE_CHECKING:
    from ai.engine_types import Review
    from game.records.replay import ReplayedMatch

ROOT = Path(__file__).resolve().parent.parent

LASSE = """ 3 point match

 Game 1
 lasse : 0                          bot : 0
  1) 31: 24/21 24/23                42: 13/9 13/11
  2) 31: 8/5 6/5                    65: 24/13
  3)  Doubles => 2                   Drops
      Wins 1 point
"""
"""A match's first game: lasse's first move is a known blunder (3-1 is 8/5 6/5), his second the book
play, then a double far too early that the bot drops."""

GAME_TWO = """
 Game 2
 lasse : 1                          bot : 0
  1) 21: 13/11 6/5                  43: 24/20 13/10
"""
"""The match's next game."""

NOW = 1_800_000_000.0
"""A fixed moment (2027): schedules are compared from it."""


@functools.cache
def lasse_review() -> tuple[Path, ReplayedMatch, Review]:
    """The first game match reviewed at depth 1 through the engine, and its file."""
    from ai.engine import Engine, default_evaluator

    path = Path(tempfile.mkdtemp(prefix="drills-")) / "lasse.mat"
    path.write_text(LASSE, encoding="utf-8")
    match = load_match(path)
    return path, match, Engine(default_evaluator()[0]).judge_match(match, 1, cube_depth=2)


def deck_cards(home: Path) -> list[Card]:
    """The cards of the deck in ``home``."""
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        return [c for c, _ in deck.cards()]


def answered_deck(home: Path) -> list[Entry]:
    """A deck in ``home`` of 30 checker plays and a cube decision (a name with an accent, a source with
    a comma, an explanation with quotes), every third answered wrong; its entries."""
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        cards = random_cards(30)
        cube = Card(
            "4HPwATDgc/ABMA",
            "cAkAAAAAAAAA",
            str(CubeAction.DOUBLE),
            "double",
            "no double",
            0.07,
            Source("record:x", "a match, with a comma", 2, 7, 4),
            player="Lässe",
            cube=(0.31, 0.24, 1.0),
            kind=DrillKind.CUBE,
            why='he said "no"',
        )
        ids = deck.add([*cards, cube], NOW)
        for cid in ids[::3]:
            deck.answer(cid, Judged("x", 0.05, False, "y"), 0.04, NOW + cid)
        return deck.entries()


def drill_cube_card() -> Card:
    """A doubler's card at the start of a money game: no double is right, doubling costs 0.07."""
    return Card(
        "4HPwATDgc/ABMA",
        "cAkAAAAAAAAA",
        str(CubeAction.DOUBLE),
        "double",
        "no double",
        0.07,
        Source("record:cube", "cube.mat", 1, 3, 2),
        cube=(0.31, 0.24, 1.0),
        kind=DrillKind.CUBE,
    )
