"""A record that stops before its last game ends (an interrupted match, a saved session) reads in
every format: the game is replayed as far as it goes and kept as unfinished (no winner, no
points), the review and ``analyze`` judge its decisions, and a note says it is unfinished.

tests/data/mat/unfinished.mat is a match GNU Backgammon played against itself, cut in game 2;
tests/data/sgf/unfinished.sgf is GNU Backgammon 1.07's own ``save match`` of it, which writes
game 2 without a result (tests/data/mat/SOURCES.md). GNU Backgammon's ``import mat`` likewise
leaves such a game without a winner, and ``bgjudge.py analysis`` lists only games with a winner,
so ``analyze --json`` lists the finished games in ``"games"`` and the unfinished one apart.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from corpus import corpus_part
from helpers import HANG_S
from test_mat_variants import BEAR_OFF

from ai.analysis.review import review_json
from ai.engine import Engine
from ai.evaluation.hand import HandEvaluator
from game.records.errors import ReplayError, XgFileError
from game.records.formats import load_match, read_record, replay_bytes
from game.records.mat import decode, format_match, read_match
from game.records.model import MatchRecord
from game.records.replay import ReplayedMatch, replay
from game.records.sgf import format_sgf, read_sgf
from game.records.xg import RECORD, archive_files, read_xg
from tests.test_record_formats import turns
from tests.xg_build import archive, xg_file

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
UNFINISHED_MAT = DATA / "mat" / "unfinished.mat"
UNFINISHED_SGF = DATA / "sgf" / "unfinished.sgf"
GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")

RESULTS = [(1, 4, "board"), (None, 0, "unfinished")]
"""Game 1 to Brook by a gammon at a cube of 2; game 2 cut after 29 turns."""


def results(match: ReplayedMatch) -> list[tuple[int | None, int, str]]:
    return [(g.winner, g.points, g.ending) for g in match.games]


def record() -> MatchRecord:
    return read_match(decode(UNFINISHED_MAT.read_bytes()))


def test_a_mat_record_that_stops_mid_game_keeps_the_game_unfinished_with_every_turn() -> None:
    match = load_match(UNFINISHED_MAT)
    assert results(match) == RESULTS
    last = match.games[1]
    assert len(last.turns) == 29 and last.turns[-1].row == 15 and last.turns[-1].player == 1
    assert match.unfinished() is last and not last.finished and match.games[0].finished
    assert match.final_score() == (0, 4)
    said = [str(n) for n in match.notes]
    assert any(n.startswith("game 2: no result") and "the game is unfinished" in n for n in said)


def test_gnubgs_sgf_of_an_unfinished_match_reads_as_the_mat_it_saved() -> None:
    sgf = read_sgf(UNFINISHED_SGF.read_text(encoding="utf-8"))
    assert sgf.games[1].points == 0  # no RE: no result
    assert turns(replay(sgf)) == turns(load_match(UNFINISHED_MAT))


@pytest.mark.parametrize("match_footer", [True, False])
def test_an_xg_file_saved_mid_game_reads_as_the_same_unfinished_game(match_footer: bool) -> None:
    data = xg_file(record(), match_footer=match_footer)
    assert turns(replay(read_xg(data))) == turns(load_match(UNFINISHED_MAT))


def test_a_game_without_a_result_before_the_last_is_still_refused_in_sgf_and_xg() -> None:
    text = UNFINISHED_SGF.read_text(encoding="utf-8")
    first, second = text.split("\n(;", 1)
    swapped = "(;" + second.strip() + "\n" + first.replace("RE[B+4]", "") + "\n"
    with pytest.raises(ReplayError, match=r"game 1 has no result .* but games follow it"):
        replay(read_sgf(swapped))
    whole = replay(record())
    content = bytearray(archive_files(xg_file(record()))["temp.xg"])
    footers = [k for k in range(len(content) // RECORD) if content[k * RECORD + 8] == 4]
    cut = bytes(content[: footers[0] * RECORD] + content[(footers[0] + 1) * RECORD :])
    with pytest.raises(XgFileError, match="game 1 has no result, but a game follows it"):
        read_xg(archive(zlib.compress(cut), len(cut), zlib.crc32(cut)))
    assert whole.games[0].finished


def test_unfinished_games_are_written_without_a_result_and_read_back_the_same() -> None:
    rec = record()
    sgf = format_sgf(rec)
    assert sgf.count("RE[") == 1 and "RE[B+4]" in sgf
    assert turns(replay(read_sgf(sgf))) == turns(replay(rec))
    mat = format_match(rec)
    assert "Wins" not in mat.split(" Game 2")[1]
    assert turns(replay(read_match(mat))) == turns(replay(rec))


def test_the_review_judges_the_unfinished_games_decisions_and_lists_only_finished_games() -> None:
    match = load_match(UNFINISHED_MAT)
    rev = Engine(HandEvaluator()).judge_match(match, 1, cube_depth=1)
    judged = {d.game for d in rev.decisions if d.kind == "move"}
    assert judged == {1, 2}
    assert sum(1 for d in rev.decisions if d.game == 2) >= 15
    assert rev.final_score() == (0, 4)
    assert [p for p in rev.graph if p.game == 2 and p.turn == len(match.games[1].turns)] == []  # no end
    out = review_json(rev)
    assert out["games"] == [{"winner": 1, "points": 4}]
    assert out["unfinished"] == {"game": 2, "score": [0, 4]}


def _analyze(path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyze", str(path), "--depth", "1", "--quick", *options],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


@pytest.mark.parametrize("name", ["mat/unfinished.mat", "sgf/unfinished.sgf"])
def test_analyze_judges_an_unfinished_game_and_says_it_is_unfinished(name: str) -> None:
    done = _analyze(DATA / name, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["games"] == [{"winner": 1, "points": 4}]  # what bgjudge compares with gnubg's
    assert out["unfinished"] == {"game": 2, "score": [0, 4]}
    unfinished = [n for n in out["notes"] if n["kind"] == "unfinished"]
    assert len(unfinished) == 1 and unfinished[0]["place"] == {"game": 2}
    assert "the game is unfinished" in unfinished[0]["words"]
    assert any(d["game"] == 2 and d["kind"] == "move" for d in out["decisions"])
    text = _analyze(DATA / name)
    assert text.returncode == 0, text.stderr
    head = text.stdout.splitlines()[0]
    assert "2 games (game 2 unfinished), score 0-4" in head
    assert "note: game 2: no result, and the play stops before the end: the game is unfinished" in text.stdout


# --- GNU Backgammon as the oracle, where it is installed -----------------------------------------


def _gnubg(commands: str, folder: Path) -> None:
    assert GNUBG is not None
    script = folder / "commands"
    script.write_text("set confirm new off\n" + commands, encoding="utf-8")
    done = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-c", str(script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]


@pytest.mark.skipif(GNUBG is None, reason="the GNU Backgammon program is not installed")
def test_gnubg_reads_our_unfinished_records_to_the_same_play(tmp_path: Path) -> None:
    """GNU Backgammon imports the .mat and loads the .sgf we write of an unfinished match, and
    exports each as a record that replays to the same play, game 2 still unfinished."""
    rec = record()
    (tmp_path / "ours.mat").write_text(format_match(rec), encoding="utf-8")
    (tmp_path / "ours.sgf").write_text(format_sgf(rec), encoding="utf-8")
    _gnubg(
        f'import mat "{tmp_path / "ours.mat"}"\nexport match mat "{tmp_path / "from-mat.mat"}"\n'
        f'load match "{tmp_path / "ours.sgf"}"\nexport match mat "{tmp_path / "from-sgf.mat"}"\n',
        tmp_path,
    )
    for name in ("from-mat.mat", "from-sgf.mat"):
        back = replay(read_match(decode((tmp_path / name).read_bytes())))
        assert turns(back) == turns(replay(rec)), name
        assert results(back) == RESULTS


# --- real files cut short, when the corpus is there ----------------------------------------------

CORPUS = corpus_part("formats")
needs_corpus = pytest.mark.skipif(CORPUS is None, reason="no corpus of real .sgf/.xg files here")


def _prefix_of(cut: ReplayedMatch, whole: ReplayedMatch) -> None:
    """``cut`` is ``whole`` up to a point in its last game, which is unfinished."""
    n = len(cut.games)
    assert turns(cut)[:-1] == turns(whole)[: n - 1]
    last, full = cut.games[-1], whole.games[n - 1]
    assert last.winner is None and last.points == 0 and last.score == full.score
    played = [(t.player, t.dice, t.move.after if t.move else None) for t in last.turns]
    assert len(played) >= 5
    assert played == [(t.player, t.dice, t.move.after if t.move else None) for t in full.turns][: len(played)]


@needs_corpus
@pytest.mark.parametrize("stem", ["test", "charlot1-charlot2_7p_2025-11-08-2305"])
def test_a_real_xg_file_cut_in_its_last_game_reads_as_an_unfinished_game(stem: str) -> None:
    assert CORPUS is not None
    data = (CORPUS / f"{stem}.xg").read_bytes()
    whole = replay_bytes(data)
    content = archive_files(data)["temp.xg"]
    kinds = [content[k * RECORD + 8] for k in range(len(content) // RECORD)]
    last_game = max(k for k, kind in enumerate(kinds) if kind == 1)
    cut = content[: (last_game + 12) * RECORD]  # the game's header and eleven of its records
    start = time.perf_counter()
    played = replay(read_record(archive(zlib.compress(cut), len(cut), zlib.crc32(cut))))
    assert time.perf_counter() - start < HANG_S  # a hang, not a speed
    _prefix_of(played, whole)
    assert any("the game is unfinished" in str(n) for n in played.notes)


@needs_corpus
@pytest.mark.parametrize("stem", ["test", "charlot1-charlot2_7p_2025-11-08-2305"])
def test_a_real_sgf_file_cut_in_its_last_game_reads_as_an_unfinished_game(stem: str) -> None:
    assert CORPUS is not None
    text = (CORPUS / f"{stem}.sgf").read_text(encoding="utf-8")
    whole = replay(read_sgf(text))
    head, _, last = text.rpartition("(;")
    last = re.sub(r"RE\[[^\]]*\]", "", last, count=1)  # saved before the game's end: no result
    moves = [m.start() for m in re.finditer(r";[BW]\[\d\d", last)]
    played = replay(read_sgf(head + "(;" + last[: moves[12]] + ")\n"))
    _prefix_of(played, whole)


def test_a_record_that_stops_after_a_roll_keeps_the_game_unfinished_with_the_roll_noted() -> None:
    """As GNU Backgammon 1.07's ``import mat`` reads it: the dice set, no move, no winner."""
    text = UNFINISHED_MAT.read_text(encoding="utf-8") + " 16) 42:\n"
    match = replay(read_match(text))
    assert results(match) == RESULTS and len(match.games[1].turns) == 29
    assert "game 2, move 16 (line 53), left cell: 42 was rolled and the record stops before its play" in map(
        str, match.notes
    )


def test_a_record_that_stops_at_an_unanswered_double_leaves_the_double_out_with_a_note() -> None:
    text = BEAR_OFF.replace(" 3 point match", " 0 point match")
    text = text[: text.index(" 11) ")] + " 11) 43: 4/1* 19/15               Doubles => 4\n"
    match = replay(read_match(text))
    assert results(match) == [(1, 1, "pass"), (None, 0, "unfinished")]
    turns = match.games[1].turns
    assert [t.double_row for t in turns if t.doubled] == [2]  # the taken double of row 2 only
    assert (turns[-1].row, turns[-1].player, turns[-1].dice) == (11, 0, (4, 3))
    said = "game 2: the record stops at a double not yet answered: the double is left out"
    assert said in map(str, match.notes)
