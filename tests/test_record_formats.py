"""GNU Backgammon's .sgf and eXtreme Gammon's .xg read into the same match record as .mat,
.sgf written, the format told by content, and every malformed file a clear error at once.

The .sgf files in tests/data/sgf were saved by GNU Backgammon from the .mat records beside
them (tests/data/sgf/SOURCES.md). The .xg files are built from records by tests/xg_build.py
in the published layout. Real files made by other people (eXtreme Gammon's own .xg, GNU
Backgammon .sgf from matches played) are read from a corpus folder when one is there:
``BACKGAMMON_RECORDS_CORPUS``, else ``shared/records`` in or beside the checkout
(tests/data/sgf/SOURCES.md lists the files and where each comes from)."""

from __future__ import annotations

import contextlib
import json
import os
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from corpus import corpus_part
from helpers import HANG_S

from game.records import formats
from game.records.errors import RecordError, ReplayError, SgfFileError, XgFileError
from game.records.formats import detect, read_record, replay_bytes
from game.records.mat import decode, read_match
from game.records.model import MatchRecord, Rules
from game.records.replay import ReplayedMatch, replay
from game.records.sgf import MAX_DEPTH, format_sgf, parse_trees, read_sgf
from game.records.xg import HEADER_SIZE, RECORD, read_xg
from game.rules.variant import Variant
from tests.xg_build import archive, game_file, xg_file

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
SAVED = ("gnubg", "jellyfish", "xg")
"""Records in tests/data/mat that GNU Backgammon imported and saved as tests/data/sgf/NAME.sgf."""


def turns(match: ReplayedMatch) -> list[object]:
    """Everything a replay establishes, game by game: scores, results, every turn's play."""
    return [
        (
            g.score,
            g.winner,
            g.points,
            g.ending,
            g.crawford,
            [(t.player, t.dice, t.move.after if t.move else None, t.doubled, t.taken) for t in g.turns],
        )
        for g in match.games
    ]


def mat(name: str) -> MatchRecord:
    return read_match(decode((DATA / "mat" / f"{name}.mat").read_bytes()))


def cube_record() -> MatchRecord:
    """A record with a double taken, a double dropped and a resignation (game 2)."""
    return read_sgf((DATA / "sgf" / "selfplay-1-6.sgf").read_text(encoding="utf-8"))


# --- .sgf --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAVED)
def test_a_match_saved_by_gnubg_as_sgf_replays_as_its_mat_does(name: str) -> None:
    record = read_sgf((DATA / "sgf" / f"{name}.sgf").read_text(encoding="utf-8"))
    source = mat(name)
    assert record.length == source.length and record.players == source.players
    assert turns(replay(record)) == turns(replay(source))


@pytest.mark.parametrize("name", ["selfplay-1-4", "selfplay-1-6"])
def test_gnubg_sgf_matches_with_the_cube_and_resignations_replay(name: str) -> None:
    record = read_sgf((DATA / "sgf" / f"{name}.sgf").read_text(encoding="utf-8"))
    played = replay(record)
    assert not played.notes
    kinds = {a.kind for g in record.games for a in g.actions}
    assert {"double", "move"} <= kinds and {"take", "pass"} & kinds
    assert "resign" in {g.ending for g in played.games}
    final = list(record.games[-1].score)
    final[record.games[-1].winner] += record.games[-1].points
    assert max(final) >= record.length


def test_sgf_root_properties_become_the_record_header() -> None:
    text = (
        "(;FF[4]GM[6]CA[UTF-8]MI[length:5][game:0][ws:0][bs:0]PW[Ann \\] B]PB[Bo]"
        "DT[2024-02-29]EV[Club night]RO[Final]PC[Paris]RU[Crawford]RE[B+1R]\n;W[31hefe])"
    )
    record = read_sgf(text)
    assert record.length == 5 and record.players == ("Ann ] B", "Bo")
    assert dict(record.tags) == {
        "EventDate": "2024.02.29",
        "Event": "Club night",
        "Round": "Final",
        "Site": "Paris",
    }
    assert record.rules == Rules(crawford=True) and record.variant is Variant.STANDARD
    (game,) = record.games
    assert (game.winner, game.points) == (1, 1)
    assert [(a.kind, a.player, a.dice, a.move) for a in game.actions] == [("move", 0, (3, 1), "8/5 6/5")]


def test_sgf_moves_are_letters_in_the_movers_numbering_with_bar_and_off() -> None:
    record = read_sgf("(;GM[6]MI[length:1]RE[W+1];W[21yw];B[65yffk];W[66];B[11azbz])")
    moves = [a.move for a in record.games[0].actions]
    assert moves[0] == "25/23"  # White: y is the bar, w is point 23
    assert moves[1] == "25/19 19/14"  # Black counts from the other side: f is its 19, k its 14
    assert moves[2] == ""  # a roll that could not be played
    assert moves[3] == "24/0 23/0"  # z is off


def test_a_game_tree_with_variations_is_read_along_its_first_line() -> None:
    trees = parse_trees("(;GM[6];W[31hemd](;B[42];W[11])(;B[66]))(;GM[6];B[21])")
    assert [[sorted(n) for n in nodes] for nodes in trees] == [
        [["GM"], ["W"], ["B"], ["W"]],
        [["GM"], ["B"]],
    ]
    assert trees[0][2]["B"] == ["42"]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "no game"),
        ("(;GM[1]MI[length:3]RE[W+1])", "not a backgammon record"),
        ("(;GM[6]MI[length:3]RE[W+x];W[31hemd])", "cannot read the result RE[W+x]"),
        ("(;GM[6]MI[length:3]RE[W+1234567];W[31hemd])", "cannot read the result"),
        ("(;GM[6]MI[length:3]RE[W+1];AE[a:y]AW[a][a])", "sets up a position"),
        ("(;GM[6]MI[length:3]RE[W+1]RU[Hypergammon1])", "not a variant this game plays"),
        ("(;GM[6]MI[length:3]RE[W+1]CV[4])", "automatic doubles"),
        ("(;GM[6]MI[length:3]RE[W+1];W[71hemd])", "cannot read W[71hemd]"),
        ("(;GM[6]MI[length:3]RE[W+1];B[31mhzz])", "is not a move"),
        ("(;GM[6]MI[length:3]RE[W+1];W[31hemd]", "cut short"),
        ("(;GM[6]MI[length:3]RE[W+1];W[31hemd)", "not closed"),
        ("(;GM[6]MI[length:x]RE[W+1])", "cannot read MI[length:x]"),
        ("(;GM[6] 7 )", "unexpected '7'"),
        ("(" * (MAX_DEPTH + 1) + ";GM[6]" + ")" * (MAX_DEPTH + 1), "nested more than"),
    ],
)
def test_a_malformed_sgf_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(SgfFileError) as caught:
        read_sgf(text)
    assert says in str(caught.value)
    assert isinstance(caught.value, RecordError)


def test_every_cut_of_a_real_sgf_is_a_clear_error_or_fewer_whole_games() -> None:
    data = (DATA / "sgf" / "selfplay-1-6.sgf").read_bytes()
    whole = read_record(data)
    for end in range(0, len(data), 37):
        try:
            record = read_record(data[:end])
        except RecordError:
            continue
        assert len(record.games) < len(whole.games)  # cut between games: the games before it


def test_garbled_sgf_bytes_never_raise_anything_but_a_record_error() -> None:
    data = bytearray((DATA / "sgf" / "gnubg.sgf").read_bytes())
    for k in range(0, len(data), 11):
        garbled = bytes(data[:k]) + bytes([data[k] ^ 0x5A]) + bytes(data[k + 1 :])
        with contextlib.suppress(RecordError):  # anything else fails the test
            replay_bytes(garbled)


def test_a_huge_flat_sgf_is_refused_quickly() -> None:
    text = "(;GM[6]" + ";" * 300_000 + ")"
    start = time.perf_counter()
    with pytest.raises(SgfFileError, match="nodes"):
        read_sgf(text)
    assert time.perf_counter() - start < HANG_S  # a hang, not a speed: bench.records times it


@pytest.mark.parametrize("name", [*SAVED, "selfplay-1-4", "selfplay-1-6"])
def test_sgf_we_write_reads_back_the_same_match(name: str) -> None:
    path = DATA / "sgf" / f"{name}.sgf"
    record = read_sgf(path.read_text(encoding="utf-8"))
    written = format_sgf(record)
    again = read_sgf(written)
    assert again.length == record.length and again.players == record.players
    assert turns(replay(again)) == turns(replay(record))
    assert written.startswith("(;FF[4]GM[6]CA[UTF-8]AP[Backgammon]") and written.count("(;") == len(
        record.games
    )


def test_sgf_we_write_marks_resignations_and_the_crawford_game() -> None:
    written = format_sgf(cube_record())
    assert "RE[W+2R]" in written and "[double]" in written and "[drop]" in written
    record = mat("xg")
    crawford = [g for g in replay(record).games if g.crawford]
    text = format_sgf(record)
    assert text.count("RU[Crawford:CrawfordGame]") == len(crawford)


BEAVER = """ 0 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2)  Doubles => 2                Doubles => 4
  3)  Takes
  4) 64: 24/14                   21: 13/11 6/5
      Wins 12 points
"""
"""A money game with a beaver as this game writes one (the redouble a second double, then the
doubler's take), resigned as a backgammon at a cube of 4: 12 points."""


def test_a_beaver_written_as_a_second_double_replays_at_four_times_the_stake() -> None:
    match = replay(read_match(BEAVER))
    beaver = match.games[0].turns[2]
    assert beaver.doubled and beaver.taken and beaver.beavers == 1 and not match.notes
    assert (match.games[0].winner, match.games[0].points) == (0, 12)


def test_sgf_we_write_keeps_a_beaver_and_reads_back_the_same_points() -> None:
    record = read_match(BEAVER)
    written = format_sgf(record)
    assert ";W[double]\n;B[double]\n;W[take]" in written and "RE[W+12R]" in written
    again = replay(read_sgf(written))
    assert turns(again) == turns(replay(record)) and again.games[0].turns[2].beavers == 1


def test_a_beaver_in_a_match_is_refused_by_the_sgf_writer() -> None:
    record = read_match(BEAVER.replace(" 0 point match", " 15 point match"))
    notes = replay(record).notes
    assert any("a beaver in a match" in str(n) for n in notes)  # read, as GNU Backgammon reads it
    with pytest.raises(ReplayError, match="a beaver in a match cannot be written"):
        format_sgf(record)


# --- .xg ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAVED)
@pytest.mark.parametrize("packed", [True, False])
def test_an_xg_file_reads_as_the_match_it_holds(name: str, packed: bool) -> None:
    source = mat(name)
    record = read_xg(xg_file(source, packed_registry=packed))
    assert record.length == source.length and record.players == source.players
    assert turns(replay(record)) == turns(replay(source))


def test_an_xg_beaver_reads_at_four_times_the_stake() -> None:
    source = read_match(BEAVER)
    record = read_xg(xg_file(source))
    assert turns(replay(record)) == turns(replay(source))
    assert replay(record).games[0].points == 12


def test_xg_cube_actions_resignations_and_old_file_versions_are_read() -> None:
    source = cube_record()
    for version in (21, 30):
        record = read_xg(xg_file(source, version=version))
        assert record.players == source.players
        assert turns(replay(record)) == turns(replay(source))


def _first_move_cut_to_one_step(content: bytes, board: tuple[int, ...] | None = None) -> bytes:
    """``temp.xg`` with its first move record's move cut to its first step (the opening roll's two
    dice can both be played, so one step is illegal), and its board after replaced by ``board``."""
    out = bytearray(content)
    at = next(k for k in range(0, len(out), RECORD) if out[k + 8] == 3)
    first_step = struct.unpack_from("<2i", out, at + 68)
    struct.pack_into("<8i", out, at + 68, *first_step, *([-1] * 6))
    if board is not None:
        struct.pack_into("<26b", out, at + 35, *board)
    return archive(zlib.compress(bytes(out)), len(out), zlib.crc32(bytes(out)))


def test_an_xg_move_that_cannot_be_played_takes_the_board_the_file_writes_after_it() -> None:
    source = mat("xg")
    played = replay(read_xg(_first_move_cut_to_one_step(game_file(source))))
    first, second = played.games[0].turns[:2]
    assert first.illegal and first.move is None and first.text.count("/") == 1
    expected = replay(read_xg(xg_file(source)))
    assert second.code == expected.games[0].turns[1].code  # the board the file wrote after it
    assert (
        turns(played)[1:] == turns(expected)[1:] and played.games[0].turns[2:] == expected.games[0].turns[2:]
    )
    assert len(played.notes) == 1 and "game 1, move 1" in str(played.notes[0])
    assert "an illegal play of" in str(
        played.notes[0]
    ) and "the board the file writes after it is taken" in str(played.notes[0])


def test_an_xg_move_that_cannot_be_played_without_a_board_after_it_is_refused() -> None:
    data = _first_move_cut_to_one_step(game_file(mat("xg")), board=(0,) + (15,) * 24 + (0,))
    with pytest.raises(ReplayError, match=r"game 1, move 1.*is not a legal move for 62"):
        replay_bytes(data)


def _xg_errors(data: bytes) -> str:
    start = time.perf_counter()
    try:
        replay_bytes(data)
    except RecordError as exc:
        message = str(exc)
    else:
        message = ""
    assert time.perf_counter() - start < HANG_S  # a hang, not a speed: bench.records times it
    return message


def test_every_cut_of_an_xg_file_is_a_clear_error_at_once() -> None:
    data = xg_file(cube_record())
    for end in [*range(0, 9000, 97), *range(9000, len(data), 13)]:
        message = _xg_errors(data[:end])
        assert message, f"cut at {end} read as a match"


def test_garbled_xg_bytes_are_a_clear_error_at_once() -> None:
    data = bytearray(xg_file(cube_record()))
    for k in range(0, len(data), max(1, len(data) // 400)):
        garbled = bytearray(data)
        garbled[k] ^= 0xA5
        message = _xg_errors(bytes(garbled))
        if HEADER_SIZE <= k < len(data) - 36:  # the archive: its CRC-32 catches every change
            assert message, f"a byte changed at {k} went unseen"


def test_an_xg_archive_that_would_unpack_huge_is_refused_without_unpacking_it() -> None:
    bomb = zlib.compress(b"\0" * (300 << 20), 9)
    assert len(bomb) < 1 << 20
    said_small = archive(bomb, 4 * RECORD, 0)
    assert "unpacks to" in _xg_errors(said_small)
    said_huge = archive(bomb, 300 << 20, 0)
    assert "entry for 'temp.xg' is damaged" in _xg_errors(said_huge)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: b"RGMX" + d[4:], "point match"),  # not an .xg file: read as text, and refused
        (lambda d: d[:8] + (9999).to_bytes(4, "little") + d[12:], "header is damaged"),
        (lambda d: d[:-32] + (0).to_bytes(4, "little") + d[-28:], "archive is damaged"),  # no files
    ],
)
def test_an_xg_file_with_a_broken_header_says_so(change: object, says: str) -> None:
    data = xg_file(mat("gnubg"))
    assert callable(change)
    assert says in _xg_errors(change(data))


# --- the format by content; the command and the file list --------------------------------------


def test_the_format_is_told_by_content_not_by_name() -> None:
    assert detect((DATA / "mat" / "gnubg.mat").read_bytes()) is formats.MAT
    assert detect(b"\xef\xbb\xbf  \n(\n;GM[6])") is formats.SGF
    assert detect(xg_file(mat("gnubg"))) is formats.XG
    with pytest.raises(XgFileError):
        read_record(b"RGMH" + b"\0" * 100)


@pytest.mark.parametrize("fmt", ["sgf", "xg"])
def test_analyze_judges_an_sgf_and_an_xg_file(fmt: str, tmp_path: Path) -> None:
    path = tmp_path / f"match.{fmt}"
    if fmt == "sgf":
        path.write_bytes((DATA / "sgf" / "gnubg.sgf").read_bytes())
    else:
        path.write_bytes(xg_file(mat("gnubg")))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "analyze", str(path), "--depth", "1", "--json", "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["match_length"] == 3 and out["players"] == ["Alice", "Bob"]
    assert out["games"] == [{"winner": 1, "points": 1}, {"winner": 1, "points": 4}]


# --- real files, when the corpus is there -----------------------------------------------------


CORPUS = corpus_part("formats")
needs_corpus = pytest.mark.skipif(CORPUS is None, reason="no corpus of real .sgf/.xg files here")
ILLEGAL = "Squire-Jørgensen-Harmand-Unger 7 point match 18-08-2024.xg"
"""A real .xg file with an illegal move (eXtreme Gammon marks it invalid in the file)."""


def real(*suffixes: str) -> list[Path]:
    if CORPUS is None:
        return []
    return sorted(p for p in CORPUS.iterdir() if p.suffix in suffixes)


@needs_corpus
@pytest.mark.parametrize("path", real(".sgf", ".xg"), ids=lambda p: p.name)
def test_each_real_file_replays(path: Path) -> None:
    data = path.read_bytes()
    start = time.perf_counter()
    played = replay_bytes(data)
    assert time.perf_counter() - start < HANG_S  # a hang, not a speed: bench.records times it
    if path.name == ILLEGAL:  # eXtreme Gammon's board after the illegal move is taken, as it plays on
        said = str(played.notes[0])
        assert len(played.notes) == 1 and said.startswith("game 7, move 14, right cell: an illegal")
        assert "'14/11 8/5' cannot be played with 43" in str(played.notes[0])
        assert [t.illegal for t in played.games[6].turns].count(True) == 1 and len(played.games) == 8
    else:
        assert played.games and not played.notes
    last = played.games[-1]
    final = list(last.score)
    final[last.winner] += last.points
    assert max(final) >= played.record.length  # every match in the corpus was played out


@needs_corpus
@pytest.mark.parametrize("path", real(".xg"), ids=lambda p: p.name)
def test_every_real_xg_move_leaves_the_board_the_file_writes_after_it(path: Path) -> None:
    record = read_xg(path.read_bytes())
    played = replay(record)
    checked = 0
    for game, replayed in zip(record.games, played.games, strict=False):
        moves = [a for a in game.actions if a.kind == "move"]
        rolls = [t for t in replayed.turns if t.dice is not None]
        assert len(moves) == len(rolls)
        for action, turn in zip(moves, rolls, strict=True):
            assert action.after is not None
            if turn.illegal:
                continue  # the board written is the board taken
            after = turn.move.after.code if turn.move is not None else turn.code
            assert action.after == after, f"game {replayed.number}, row {turn.row}"
            checked += 1
    assert checked > 20


@needs_corpus
@pytest.mark.parametrize("stem", ["test", "charlot1-charlot2_7p_2025-11-08-2305"])
def test_one_real_match_read_from_mat_sgf_and_xg_agrees(stem: str) -> None:
    assert CORPUS is not None
    matches = [replay_bytes((CORPUS / f"{stem}{suffix}").read_bytes()) for suffix in (".mat", ".sgf", ".xg")]
    assert matches[0].record.players == matches[1].record.players == matches[2].record.players
    assert turns(matches[0]) == turns(matches[1]) == turns(matches[2])


@needs_corpus
@pytest.mark.parametrize("path", real(".xg")[:3], ids=lambda p: p.name)
def test_cut_or_garbled_real_xg_files_are_clear_errors_at_once(path: Path) -> None:
    data = path.read_bytes()
    for end in range(0, len(data), max(1, len(data) // 60)):
        assert _xg_errors(data[:end])
    archive_start = HEADER_SIZE + int.from_bytes(data[20:24], "little")  # past the thumbnail (a JPEG)
    for k in range(archive_start, len(data) - 36, max(1, len(data) // 60)):
        garbled = bytearray(data)
        garbled[k] ^= 0x3C
        assert _xg_errors(bytes(garbled))
