"""Reading the largest records the readers take, and the hostile ones, each answered in time.

A record is read and replayed (:func:`game.records.replay.load_match`) from a file, as the
window's Open and ``analyze`` read it; each figure is the wall-clock seconds from the path to the
answer (the match, or the one-line error), the fastest of a few tries (on a shared machine the
slower ones measure the neighbours). Issue 50 asks each to answer in under 5 s.

The records are money sessions of random legal play (seeded: the same games every run), a few
games played again and again with the score carried on, written by :func:`money_session`:

* ``records_largest_mat_s``: a ``.mat`` session of :data:`game.records.mat.MAX_ENTRIES` entries,
  the most a record may hold, read whole (``records_largest_mat_entries``, its bytes
  ``records_largest_mat_bytes``); ``records_replay_us_per_entry`` is that time per entry;
* ``records_largest_sgf_s``: the same session as GNU Backgammon's ``.sgf``;
* ``records_last_move_illegal_s``: the largest ``.mat`` with its last move made illegal: refused;
* ``records_too_many_entries_s``: a ``.mat`` session one game past the limit: refused;
* ``records_16mb_mat_s``: a ``.mat`` session of :data:`game.records.replay.MAX_FILE` bytes (the
  size limit's largest file): refused as soon as the reader has counted too many entries;
* ``records_16mb_remarks_s``: a file of that size that is all remarks before one short game.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.records.formats import MAX_FILE, load_match
from game.records.mat import format_game, format_match
from game.records.model import MAX_ENTRIES, Action, GameRecord, MatchRecord, steps_text
from game.records.replay import ReplayedMatch
from game.records.sgf import format_sgf
from game.rules.move import legal_moves
from game.rules.outcome import win_kind
from game.rules.position import START_CODE, Position, swap

SEED = 20260150
GAMES = 5
"""Different games played; a session repeats them in turn."""

TRIES = 3

PLAYERS = ("Left", "Right")


def random_game(rng: random.Random) -> GameRecord:
    """One money game of uniformly random legal moves, no cube, from a score of 0-0."""
    code, player, actions = START_CODE, rng.randint(0, 1), list[Action]()
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if not actions and dice[0] == dice[1]:
            continue  # the opening roll is never a double
        moves = legal_moves(Position(code), dice)
        move = rng.choice(moves) if moves else None
        actions.append(Action("move", player, (max(dice), min(dice)), steps_text(move.steps) if move else ""))
        after = move.after.code if move else code
        kind = win_kind(after)
        if kind is not None:
            return GameRecord((0, 0), tuple(actions), player, kind.value)
        code, player = swap(after), 1 - player


def money_games(entries: int, seed: int = SEED) -> list[GameRecord]:
    """The games of a money session of at least ``entries`` entries (no more than one game over)."""
    rng = random.Random(seed)
    played = [random_game(rng) for _ in range(GAMES)]
    games: list[GameRecord] = []
    score, total = [0, 0], 0
    while total < entries:
        game = played[len(games) % GAMES]
        games.append(dataclasses.replace(game, score=(score[0], score[1])))
        score[game.winner] += game.points
        total += len(game.actions)
    return games


def money_session(entries: int, seed: int = SEED) -> MatchRecord:
    """A money session of whole games of at most ``entries`` entries (at most
    :data:`game.records.mat.MAX_ENTRIES`: no record holds more)."""
    games = money_games(entries, seed)
    while sum(len(g.actions) for g in games) > entries:
        games.pop()
    return MatchRecord(0, PLAYERS, tuple(games), (("Jacoby", "Off"),))


def mat_text(games: list[GameRecord]) -> str:
    """A money session's ``.mat`` text, of any size (a record past the limits cannot be made, but
    its text can)."""
    out = ["", " 0 point match", ""]
    for k, game in enumerate(games, 1):
        out += format_game(k, game, PLAYERS)
        out.append("")
    return "\n".join(out) + "\n"


def last_move_illegal(text: str) -> str:
    """``.mat`` text with its last written move changed to one no roll can play."""
    at = text.rindex(": ")
    end = text.index("\n", at)
    return text[:at] + ": 24/1" + text[end:]


def _timed(path: Path) -> tuple[float, str]:
    """The fastest of :data:`TRIES` reads of ``path``, and what the last one answered."""
    best, said = float("inf"), ""
    for _ in range(TRIES):
        start = time.perf_counter()
        try:
            match: ReplayedMatch | None = load_match(path)
        except ValueError as exc:  # MatFileError, ReplayError: the one-line answer
            match, said = None, str(exc)
        best = min(best, time.perf_counter() - start)
        if match is not None:
            said = f"{len(match.games)} games"
    return best, said


def run(quick: bool = False) -> dict[str, float]:
    entries = MAX_ENTRIES // 10 if quick else MAX_ENTRIES
    largest = money_session(entries)
    text = format_match(largest)
    per_entry = sum(len(g.actions) for g in largest.games)
    short = format_match(money_session(400))
    padding = "; a remark\n" * ((MAX_FILE - len(short)) // 11)
    cases: dict[str, Callable[[], str]] = {
        "largest_mat": lambda: text,
        "largest_sgf": lambda: format_sgf(largest),
        "last_move_illegal": lambda: last_move_illegal(text),
        "too_many_entries": lambda: mat_text(money_games(MAX_ENTRIES + 1)),
        "16mb_mat": lambda: mat_text(money_games(MAX_FILE // 30))[: MAX_FILE - 1],
        "16mb_remarks": lambda: padding + short,
    }
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, make in cases.items():
            path = Path(folder) / f"{name}.{'sgf' if 'sgf' in name else 'mat'}"
            path.write_text(make(), encoding="utf-8")
            seconds, said = _timed(path)
            out[f"records_{name}_s"] = seconds
            if name == "largest_mat":
                out["records_largest_mat_entries"] = per_entry
                out["records_largest_mat_bytes"] = path.stat().st_size
                out["records_replay_us_per_entry"] = seconds / per_entry * 1e6
            print(f"# {name}: {path.stat().st_size} bytes, {seconds:.2f} s: {said[:100]}", file=sys.stderr)
    return out


if __name__ == "__main__":
    from bench.cli import module_main

    sys.exit(module_main("records", __doc__, run))
