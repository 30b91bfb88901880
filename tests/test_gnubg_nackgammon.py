"""GNU Backgammon reads our nackgammon records whole (gnubg as the oracle; dev-only, each test skips
with its reason where gnubg is absent).

Two whole nackgammon matches with the cube are played by :func:`ai.autoplay.play_match` and
written as ``.mat`` and as ``.sgf``. GNU Backgammon's Python module (``import mat``) must see a
nackgammon match whose every game starts at nackgammon's start (Position ID ``4Dl4ADbgOXgANg``,
what ``set variation nackgammon`` sets up) with our every roll, move, double, take and pass, each
game's score, winner and points; the GNU Backgammon program (``load match`` of the ``.sgf``,
``import mat`` of the ``.mat``) must save and export them again as nackgammon (``RU[...:Nackgammon]``,
``; [Variation "NackGammon"]``) with the same play, which replays only from nackgammon's start.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from gnubg_records import import_mat
from test_gnubg_mat_import import _gnubg_actions, _our_actions

from ai.autoplay import play_match
from ai.evaluation.load import default_evaluator
from ai.levels import level_by_key
from game.records.mat import format_match, read_bytes
from game.records.model import MatchRecord
from game.records.replay import replay
from game.records.sgf import format_sgf, read_sgf
from game.rules.cube import CubeAction
from game.rules.variant import Variant
from tests.test_record_formats import turns

NACKGAMMON_START = "4Dl4ADbgOXgANg"
"""The Position ID of nackgammon's start, as GNU Backgammon shows it."""

MATCHES = (("beginner", 5, 21), ("beginner", 5, 25))
"""(level, match length, seed) of the two matches."""

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


@pytest.fixture(scope="module")
def matches() -> list[MatchRecord]:
    evaluator, _ = default_evaluator()
    return [
        play_match(
            length, level_by_key(level), seed, evaluator, date="2026.11.28", variant=Variant.NACKGAMMON
        )
        for level, length, seed in MATCHES
    ]


def test_the_matches_are_nackgammon_with_the_cube_and_several_games(matches: list[MatchRecord]) -> None:
    kinds = {a.kind for r in matches for g in r.games for a in g.actions}
    assert {CubeAction.DOUBLE, CubeAction.TAKE} <= kinds
    assert all(r.variant is Variant.NACKGAMMON and len(r.games) > 1 for r in matches)


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_gnubgs_import_mat_of_our_nackgammon_mat_starts_each_game_at_nackgammons_start(
    matches: list[MatchRecord], index: int, tmp_path: Path
) -> None:
    gnubg = pytest.importorskip("gnubg", reason="GNU Backgammon's Python module is not installed")
    record = matches[index]
    path = tmp_path / "ours.mat"
    path.write_text(format_match(record), encoding="utf-8")
    imported = import_mat(gnubg, path, boards=True)
    info = imported["match-info"]
    assert (info["variation"], info["match-length"]) == ("Nackgammon", record.length)
    games = imported["games"]
    assert len(games) == len(record.games)
    for k, (theirs, ours) in enumerate(zip(games, record.games, strict=True)):
        first = next(a for a in theirs["game"] if a["action"] == "move")
        assert first["board"] == NACKGAMMON_START, f"game {k + 1} starts elsewhere"
        assert _gnubg_actions(theirs) == _our_actions(record, k), f"game {k + 1}"
        gi = theirs["info"]
        assert (gi["score-X"], gi["score-O"]) == ours.score
        assert (0 if gi["winner"] == "X" else 1, gi["points-won"]) == (ours.winner, ours.points)


def _program(commands: str, folder: Path) -> None:
    """Run the GNU Backgammon program on ``commands`` (a test skips where it is not installed)."""
    if GNUBG is None:
        pytest.skip("the GNU Backgammon program (/usr/games/gnubg) is not installed")
    script = folder / "commands"
    script.write_text("set confirm new off\n" + commands, encoding="utf-8")
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_gnubg_loads_our_nackgammon_sgf_whole(matches: list[MatchRecord], index: int, tmp_path: Path) -> None:
    record = matches[index]
    ours, back = tmp_path / "ours.sgf", tmp_path / "back.mat"
    ours.write_text(format_sgf(record), encoding="utf-8")
    _program(f'load match "{ours}"\nexport match mat "{back}"\n', tmp_path)
    text = back.read_text(encoding="utf-8")
    assert '; [Variation "NackGammon"]' in text
    theirs = read_bytes(back.read_bytes())
    assert theirs.variant is Variant.NACKGAMMON and len(theirs.games) == len(record.games)
    assert turns(replay(theirs)) == turns(replay(record))


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_gnubg_imports_our_nackgammon_mat_whole_and_saves_it_as_nackgammon(
    matches: list[MatchRecord], index: int, tmp_path: Path
) -> None:
    record = matches[index]
    ours, back = tmp_path / "ours.mat", tmp_path / "back.sgf"
    ours.write_text(format_match(record), encoding="utf-8")
    _program(f'import mat "{ours}"\nsave match "{back}"\n', tmp_path)
    text = back.read_text(encoding="utf-8")
    assert text.count("RU[Crawford:Nackgammon]") + text.count("RU[Crawford:CrawfordGame:Nackgammon]") == len(
        record.games
    )
    theirs = read_sgf(text)
    assert theirs.variant is Variant.NACKGAMMON
    assert turns(replay(theirs)) == turns(replay(record))
