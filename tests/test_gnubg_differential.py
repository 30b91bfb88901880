"""Differential test against GNU Backgammon's Python bindings (the ``gnubg`` package).

gnubg is the oracle: on positions from random games, for every one of the 21 rolls,
the number of legal moves and the set of resulting Position IDs must be the same as
ours. gnubg is a dev-only dependency; where it is not installed this module skips.

gnubg reports a move as a tuple of (from, to) points, 1-based, 25 the bar and 0 off,
but the tuple stops at the first checker borne off: what follows is lost. A complete
tuple is replayed here with a few lines of independent rules (no code of ours) to get
the resulting position. A cut-off tuple is matched on what it does say (the steps up
to and including the bear-off) and on gnubg's own 0-ply score of the position, which
gnubg also gives for each of our results: every cut-off move must pair with a distinct
one of our remaining results that starts the same way and that gnubg scores the same.

Notation is checked both ways: gnubg's parser reads our text of every legal move to our
result, and gnubg's own text of every move it reports in full is exactly ours.
"""

from __future__ import annotations

import random

import pytest
from test_movegen import worst_case_code

from game.rules.dice import ROLLS
from game.rules.move import legal_moves
from game.rules.movegen import results
from game.rules.outcome import win_kind
from game.rules.position import START_CODE, Position, position_id, swap, unpack

gnubg = pytest.importorskip("gnubg")

POSITIONS = 2000
SEED = 1729
ID_EVERY = 10
"""Every tenth position also compares the Position IDs of the results (gnubg's encoder on
its boards, ours on our codes); the rest compare the boards themselves."""
SCORE_TOLERANCE = 2e-3
"""gnubg's move scores and its evaluate() of the same position differ by up to ~3e-4 in
bear-offs (single precision); the matching copes with near ties."""

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""gnubg's board: (the opponent's 25 slots, the mover's 25 slots), each from its owner's side."""


def random_game_positions(count: int, seed: int) -> list[int]:
    """Positions from random games (uniform random legal moves), the side on roll's view."""
    rng = random.Random(seed)
    out: list[int] = []
    code = START_CODE
    while len(out) < count:
        out.append(code)
        after = rng.choice(results(code, rng.randint(1, 6), rng.randint(1, 6)))
        code = START_CODE if not any(unpack(after)[0]) else swap(after)
    return out


def apply_gnubg_steps(board: bytes, steps: tuple[int, ...]) -> bytes:
    """Replay gnubg's (from, to) pairs on a board given as 50 bytes (the mover's 25 slots,
    then the opponent's, each from its owner's side): a blot on the landing point is hit.
    A cut-off tuple's last entry bears that checker off."""
    b = bytearray(board)
    for k in range(0, len(steps) - 1, 2):
        src, dst = steps[k], steps[k + 1]
        b[src - 1] -= 1
        if dst > 0:
            b[dst - 1] += 1
            if b[49 - dst] == 1:  # the mover's point p is the opponent's 25 - p
                b[49 - dst] = 0
                b[49] += 1
    if len(steps) % 2:
        b[steps[-1] - 1] -= 1
    return bytes(b)


def pid(board: Board) -> str:
    return str(gnubg.position_id(board))


def score_after(result_code: int, cube: object, ctx: object) -> float:
    """gnubg's 0-ply cubeless equity of a result for the side that moved, as
    find_best_moves scores it (a finished game scores the points won)."""
    kind = win_kind(result_code)
    if kind is not None:
        return float(kind.value)
    mine, theirs = unpack(result_code)
    return -float(gnubg.evaluate((mine, theirs), cube, ctx)[5])


def perfect_matching(fits: list[list[int]], right: int) -> bool:
    """Whether every left vertex can be paired with a distinct right vertex."""
    owner: list[int | None] = [None] * right

    def place(left: int, seen: set[int]) -> bool:
        for r in fits[left]:
            if r in seen:
                continue
            seen.add(r)
            holder = owner[r]
            if holder is None or place(holder, seen):
                owner[r] = left
                return True
        return False

    return all(place(k, set()) for k in range(len(fits)))


def starts_like(result_code: int, board: bytes, prefix: tuple[int, ...]) -> bool:
    """Whether a result agrees with the cut-off steps: after the known steps, the result
    must be reachable, i.e. every checker only moved further (nothing moved back)."""
    known = apply_gnubg_steps(board, prefix)
    mine, theirs = unpack(result_code)
    # opponent: only hits change it, so it must have at least the known hits
    if theirs[24] < known[49]:
        return False
    # mover: from the known board, checkers only move down or off: for every point p the
    # checkers on p and below, with those borne off, never decrease
    have = 15 - sum(mine)
    was = 15 - sum(known[:25])
    for p in range(25):
        have += mine[p]
        was += known[p]
        if have < was:
            return False
    return True


def test_gnubg_agrees_on_moves_for_every_roll() -> None:
    cube = gnubg.cubeinfo()
    ctx = gnubg.evalcontext(0, 0, 1, 1, 0.0)  # cubeless, 0-ply, deterministic, no pruning
    checked = 0
    cut_off = 0
    ids_compared = 0
    for n, code in enumerate(random_game_positions(POSITIONS, SEED)):
        mine, theirs = unpack(code)
        board: Board = (theirs, mine)
        raw = code.to_bytes(50, "little")
        for d1, d2, _ in ROLLS:
            where = f"{position_id(code)} {d1}{d2}"
            theirs_moves = gnubg.findbestmoves(board, cube, ctx, (d1, d2))
            ours = results(code, d1, d2)
            ours = [] if ours == [code] else ours
            assert len(ours) == len(set(ours)), f"{where}: duplicate results"
            assert len(ours) == len(theirs_moves), f"{where}: {len(ours)} moves, gnubg {len(theirs_moves)}"
            # a result as bytes: the mover's 25 slots then the opponent's, like a code
            left = {c.to_bytes(50, "little"): c for c in ours}
            partial: list[tuple[tuple[int, ...], float]] = []
            for m in theirs_moves:
                steps = tuple(m["move"])
                if len(steps) % 2:
                    partial.append((steps, float(m["score"])))
                    continue
                after = apply_gnubg_steps(raw, steps)
                c = left.pop(after, None)
                assert c is not None, f"{where}: gnubg's move {steps} is missing or repeated"
                if n % ID_EVERY == 0:  # the opponent is on roll: gnubg's board is (mover, opponent)
                    their_view = (tuple(after[:25]), tuple(after[25:]))
                    assert position_id(swap(c)) == pid(their_view), where
                    ids_compared += 1
            # the cut-off moves: a matching between them and our remaining results
            cut_off += len(partial)
            rest = list(left.values())
            assert len(rest) == len(partial)
            if partial:
                scores = [score_after(c, cube, ctx) for c in rest]
                fits = [
                    [
                        k
                        for k, c in enumerate(rest)
                        if abs(scores[k] - score) < SCORE_TOLERANCE and starts_like(c, raw, steps)
                    ]
                    for steps, score in partial
                ]
                assert perfect_matching(fits, len(rest)), f"{where}: gnubg's bear-offs differ from ours"
            checked += 1
    assert checked == POSITIONS * len(ROLLS)
    assert cut_off > 0  # the bear-off matching was exercised
    assert ids_compared > 10_000


def test_gnubg_agrees_on_the_worst_case_count() -> None:
    code = worst_case_code()
    mine, theirs = unpack(code)
    found = gnubg.findbestmoves((theirs, mine), gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 1, 1, 0.0), (1, 1))
    assert len(found) == len(results(code, 1, 1)) > 2000


def test_gnubg_agrees_on_position_ids() -> None:
    for code in random_game_positions(500, SEED + 1):
        mine, theirs = unpack(code)
        assert gnubg.position_id((theirs, mine)) == position_id(code)
        back = gnubg.position_from_id(position_id(code))
        assert (tuple(back[1]), tuple(back[0])) == (mine, theirs)


def test_gnubg_reads_our_notation_to_the_same_position() -> None:
    """Our notation of every legal move, read by gnubg's parser, gives our result."""
    read = 0
    for code in [START_CODE, *random_game_positions(100, SEED + 2)]:
        raw = code.to_bytes(50, "little")
        for d1, d2, _ in ROLLS:
            for move in legal_moves(Position(code), (d1, d2)):
                flat = tuple(p for step in gnubg.parse_move(move.notation()) for p in step)
                assert apply_gnubg_steps(raw, flat) == move.after.code.to_bytes(50, "little"), move.notation()
                read += 1
    assert read > 10_000


def test_gnubg_writes_every_move_as_we_do() -> None:
    """gnubg's own text for each move it reports in full equals our notation of it."""
    cube = gnubg.cubeinfo()
    ctx = gnubg.evalcontext(0, 0, 1, 1, 0.0)
    compared = 0
    for code in [START_CODE, *random_game_positions(150, SEED + 3)]:
        mine, theirs = unpack(code)
        raw = code.to_bytes(50, "little")
        for d1, d2, _ in ROLLS:
            ours = {m.after.code.to_bytes(50, "little"): m for m in legal_moves(Position(code), (d1, d2))}
            for m in gnubg.findbestmoves((theirs, mine), cube, ctx, (d1, d2)):
                steps = tuple(m["move"])
                if len(steps) % 2:
                    continue  # cut off after a bear-off: gnubg's text is cut off too
                text = gnubg.movetupletostring(steps, (theirs, mine))
                assert ours[apply_gnubg_steps(raw, steps)].notation() == text
                compared += 1
    assert compared > 5_000
