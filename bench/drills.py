"""The drill deck with 10,000 cards: listing them and picking the next due, as the Drill screen does.

The cards are made from random legal play (seeded: the same cards every run), each a checker play
with five ranked moves, kept in a fresh deck (:mod:`game.drills.deck`) in a temporary folder; half
are answered once (so the schedule is spread). Each figure is the fastest of a few tries, in
milliseconds:

* ``drills_add_10k_ms``: the 10,000 cards added in one transaction;
* ``drills_next_due_ms``: the card due soonest picked (the screen's next card; a frame is 16.7 ms);
* ``drills_due_count_ms``: the cards due now counted (the start screen's line);
* ``drills_list_all_ms``: every card listed with its schedule (``drills list``);
* ``drills_answer_ms``: one answer kept and the card scheduled again (one transaction, synced);
* ``drills_open_ms``: the deck opened, its integrity checked.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.drills.card import Card, DrillKind, Judged, Option, Source
from game.drills.deck import DECK_FILE, open_deck
from game.records.matchid import MatchInfo, match_id
from game.rules.cube import CubeState
from game.rules.move import legal_moves
from game.rules.position import START_CODE, Position, position_id, swap

SEED = 20260154
CARDS = 10_000
TRIES = 5


def random_cards(n: int, seed: int = SEED) -> list[Card]:
    """``n`` different checker-play cards from random legal play, each with up to five ranked moves
    (made-up equities, the played one last) and a made-up error."""
    rng = random.Random(seed)
    out: list[Card] = []
    seen: set[tuple[int, tuple[int, int]]] = set()
    code, turn, game = START_CODE, 0, 1
    while len(out) < n:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        moves = legal_moves(Position(code), dice)
        if len(moves) >= 2 and (code, dice) not in seen:
            seen.add((code, dice))
            ranked = rng.sample(moves, min(5, len(moves)))
            options = tuple(
                Option(m.notation(), position_id(m.after.code), 0.5 - 0.02 * k, (0.5, 0.1, 0.0, 0.1, 0.0))
                for k, m in enumerate(ranked)
            )
            out.append(
                Card(
                    position_id=position_id(code),
                    match_id=match_id(MatchInfo(CubeState(1, None), 1, 7, (0, 0), dice)),
                    decision="move",
                    played=ranked[-1].notation(),
                    best=ranked[0].notation(),
                    error=0.02 * (len(ranked) - 1),
                    source=Source(f"bench:{seed}", "random play", game, turn),
                    dice=dice,
                    options=options,
                    kind=DrillKind.CONTACT,
                    depth=1,
                )
            )
        if not moves or moves[0].after.is_race() or turn > 60:
            code, turn, game = START_CODE, 0, game + 1
            continue
        code = swap(rng.choice(moves).after.code)
        turn += 1
    return out


def _fastest(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(TRIES):
        t = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t)
    return 1000.0 * best


def run(quick: bool = False) -> dict[str, float]:
    n = CARDS // 10 if quick else CARDS
    cards = random_cards(n)
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / DECK_FILE
        now = time.time()
        deck, _ = open_deck(path)
        t = time.perf_counter()
        ids = deck.add(cards, now - 3600.0)
        out["drills_add_10k_ms"] = 1000.0 * (time.perf_counter() - t)
        right = Judged("x", 0.0, True, "x")
        for cid in ids[::2]:
            deck.answer(cid, right, 0.04, now - 1800.0)
        out["drills_next_due_ms"] = _fastest(lambda: deck.next_due(now))
        out["drills_due_count_ms"] = _fastest(lambda: deck.count(now))
        out["drills_list_all_ms"] = _fastest(lambda: deck.cards())
        out["drills_answer_ms"] = _fastest(lambda: deck.answer(ids[1], right, 0.04, now))
        deck.close()

        def reopen() -> None:
            opened, _ = open_deck(path)
            opened.close()

        out["drills_open_ms"] = _fastest(reopen)
    out["drills_cards"] = float(n)
    return out


if __name__ == "__main__":
    import sys

    from bench.cli import module_main

    sys.exit(module_main("drills", __doc__, run))
