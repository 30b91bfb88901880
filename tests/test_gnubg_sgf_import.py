"""GNU Backgammon loads the .sgf we write whole (gnubg as the oracle; dev-only, skips without it).

The ``gnubg`` Python module cannot load .sgf files (its ``load match`` crashes), so this runs the
GNU Backgammon program itself (Debian's ``gnubg`` package, ``/usr/games/gnubg``): ``load match``
of our file, then ``export match mat``. The exported record must replay, game by game, to the
same play as the record we wrote: every roll and move, every double, take and drop, each
game's starting score, winner and points.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ai.autoplay import play_match
from ai.evaluation.load import default_evaluator
from ai.levels import level_by_key
from game.records.mat import decode, read_match
from game.records.model import MatchRecord
from game.records.replay import replay
from game.records.sgf import format_sgf, read_sgf
from tests.test_record_formats import BEAVER, turns

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
pytestmark = pytest.mark.skipif(GNUBG is None, reason="the GNU Backgammon program is not installed")

DATA = Path(__file__).parent / "data"
MATCHES = (("beginner", 5, 12), ("casual", 3, 13))
"""(level, match length, seed) of the autoplay records."""


def gnubg_round_trip(record: MatchRecord, folder: Path) -> MatchRecord:
    """``record`` written as .sgf, loaded by GNU Backgammon and exported by it as .mat, read back."""
    sgf = folder / "ours.sgf"
    back = folder / "back.mat"
    sgf.write_text(format_sgf(record), encoding="utf-8")
    commands = folder / "commands"
    commands.write_text(
        f'set confirm new off\nload match "{sgf}"\nexport match mat "{back}"\n', encoding="utf-8"
    )
    assert GNUBG is not None
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(commands)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and back.exists(), done.stderr.decode(errors="replace")[-2000:]
    return read_match(decode(back.read_bytes()))


def records() -> list[MatchRecord]:
    evaluator, _ = default_evaluator()
    played = [
        play_match(length, level_by_key(level), seed, evaluator, date="2026.01.01")
        for level, length, seed in MATCHES
    ]
    names = ("selfplay-1-6", "xg")
    saved = [read_sgf((DATA / "sgf" / f"{n}.sgf").read_text(encoding="utf-8")) for n in names]
    return [*played, *saved]


@pytest.fixture(scope="module")
def matches() -> list[MatchRecord]:
    return records()


def test_the_records_use_the_cube_and_resign(matches: list[MatchRecord]) -> None:
    kinds = {a.kind for r in matches for g in r.games for a in g.actions}
    assert {"double", "take", "pass"} <= kinds
    assert "resign" in {g.ending for r in matches for g in replay(r).games}


@pytest.mark.parametrize("index", range(len(MATCHES) + 2))
def test_gnubg_loads_our_sgf_whole(matches: list[MatchRecord], index: int, tmp_path: Path) -> None:
    record = matches[index]
    theirs = gnubg_round_trip(record, tmp_path)
    assert theirs.length == record.length and theirs.players == record.players
    assert len(theirs.games) == len(record.games)
    assert turns(replay(theirs)) == turns(replay(record))


def test_gnubg_loads_a_beaver_we_write_at_four_times_the_stake(tmp_path: Path) -> None:
    record = read_match(BEAVER)  # a money game with a beaver, resigned at 12 points
    theirs = replay(gnubg_round_trip(record, tmp_path))
    assert turns(theirs) == turns(replay(record))
    assert (theirs.games[0].winner, theirs.games[0].points) == (0, 12)
