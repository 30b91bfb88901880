"""Real records of human play, written by seven programs and sites (the corpus folder of
tests/corpus.py; tests/data/records/SOURCES.md says where each came from): every one is read and
replayed, and agrees with GNU Backgammon's ``import mat`` on the match length, the games, each
game's winner and points and starting score, and the final score.

gnubg's reading is kept in tests/data/records/gnubg_truth.json (tests/gnubg_records.py makes it),
so the comparison runs everywhere; where gnubg's Python module is installed, the file is checked
against gnubg itself too. A game gnubg leaves unfinished (the record stops before its end) is the
record's last game, kept in ours as unfinished too (no winner, no points), with a note.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gnubg_records import KEPT, TRUTH, key, reading, record_files

from game.records.formats import load_match
from game.records.replay import ReplayedMatch

FILES = record_files()
SOURCES = (KEPT / "SOURCES.md").read_text(encoding="utf-8")
needs_corpus = pytest.mark.skipif(not FILES, reason="no corpus of real records here (see tests/corpus.py)")


def truth() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TRUTH.read_text(encoding="utf-8"))
    return data


def final_score(games: list[list[Any]]) -> tuple[int, int]:
    """The score after the last finished game of a [winner, points, score 0, score 1] list."""
    done = [g for g in games if g[0] is not None]
    if not done:
        return (0, 0)
    winner, points, s0, s1 = done[-1]
    score = [s0, s1]
    score[winner] += points
    return (score[0], score[1])


def ours(match: ReplayedMatch) -> list[list[Any]]:
    """Each game as the truth file has it: winner, points (None for an unfinished game), scores."""
    return [[g.winner, g.points if g.finished else None, g.score[0], g.score[1]] for g in match.games]


@needs_corpus
def test_the_corpus_has_forty_records_from_five_writers_each_with_its_source() -> None:
    writers = {p.parent.name for p in FILES}
    assert len(FILES) >= 40 and len(writers) >= 5
    for path in FILES:
        assert f"`{key(path)}`" in SOURCES, f"{key(path)} is not in SOURCES.md"
    known = truth()
    assert not [key(p) for p in FILES if key(p) not in known], "a record with no gnubg reading"
    for name in known:  # a record read on another machine's corpus is still named with its source
        assert f"`{name}`" in SOURCES, f"{name} has a reading but no source"


@needs_corpus
@pytest.mark.parametrize("path", FILES, ids=key)
def test_a_real_record_replays_and_agrees_with_gnubg(path: Path) -> None:
    match = load_match(path)
    theirs = truth()[key(path)]
    assert match.record.length == theirs["length"]
    assert ours(match) == theirs["games"]
    assert final_score(ours(match)) == final_score(theirs["games"]) == match.final_score()
    if theirs["games"][-1][0] is None:  # gnubg's last game is unfinished: so is ours, with a note
        assert any("the game is unfinished" in str(n) for n in match.notes)
        assert match.unfinished() is match.games[-1] and match.games[-1].turns


@needs_corpus
def test_the_irregular_records_carry_notes() -> None:
    """Whatever a record needed taken on trust is said: a roll never played, a result the play
    does not give, a double in the Crawford game of a resumed match, an unwritten forced move."""
    notes = {key(p): load_match(p).notes for p in FILES}
    said = "\n".join(str(n) for ns in notes.values() for n in ns)
    for words in (
        "was rolled and never played",
        "the record says",
        "read as post-Crawford",
        "its only legal move is played",
        "the bear-off of the most checkers is played",
        "the game is unfinished",
    ):
        assert words in said
    assert (
        notes["fibs/BlueNote-nori-2009Apr152320.txt"]
        and notes["xg-mobile/Ken-XG-Intermediate_Dec_24_2022.txt"]
    )


@needs_corpus
def test_gnubg_itself_reads_the_corpus_as_the_truth_file_says() -> None:
    gnubg = pytest.importorskip("gnubg")
    expected = truth()
    for path in FILES:
        assert reading(gnubg, path) == expected[key(path)], key(path)


def test_the_sources_and_gnubgs_reading_list_the_same_forty_records_from_five_writers() -> None:
    """What is committed of the corpus agrees with itself even where the records are absent."""
    names = sorted(truth())
    writers = {n.split("/")[0] for n in names}
    assert len(names) >= 40 and len(writers) >= 5
    for name in names:
        assert f"`{name}`" in SOURCES, f"{name} is not in SOURCES.md"
