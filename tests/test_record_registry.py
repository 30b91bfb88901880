"""The record formats are one registry (game.records.formats.FORMATS), and everything that lists or
chooses a format is made from it: a format added to the registry shows in the Open dialog's filter,
the saved matches' list, ``analyze``'s help and the strings that name the formats, with no other
change. The neutral model round-trips through every format that writes; readers' refusals are
typed errors worded at the edge."""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import string
from pathlib import Path

import pytest

from ai.cli import analyze
from game.records import formats
from game.records.errors import ENGLISH, MatFileError, Place, Problem, RecordError, SgfFileError
from game.records.formats import FORMATS, RecordFormat, format_for, read_record, record_bytes
from game.records.mat import read_match
from game.records.model import Action, GameRecord, MatchRecord, Rules
from game.records.replay import replay
from game.records.sgf import read_sgf
from game.rules.cube import CubeAction
from game.rules.variant import Variant
from tests.test_record_formats import turns
from ui.model.file_browser import is_record_name, list_folder
from ui.model.records import record_files

FAKE = RecordFormat(
    "fake", "Fake Gammon's .fake", (".fake",), lambda data: data.startswith(b"FAKE"), read_match
)
"""A format the registry does not hold, to add to it."""


@pytest.fixture
def with_fake(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formats, "FORMATS", (*FORMATS, FAKE))


def _analyze_help() -> str:
    ap = argparse.ArgumentParser(prog="analyze")
    analyze.add_arguments(ap)
    return ap.format_help()


def test_the_open_dialogs_filter_lists_every_registered_formats_files(tmp_path: Path) -> None:
    for name in ("a.mat", "b.TXT", "c.sgf", "d.xg", "e.fake", "f.doc"):
        (tmp_path / name).write_bytes(b"")
    listed = {row.name for row in list_folder(tmp_path, every_file=False).rows if row.path.parent == tmp_path}
    assert listed == {"a.mat", "b.TXT", "c.sgf", "d.xg"}


def test_a_format_added_to_the_registry_is_in_the_open_dialogs_filter(
    tmp_path: Path, with_fake: None
) -> None:
    (tmp_path / "e.fake").write_bytes(b"")
    (tmp_path / "f.doc").write_bytes(b"")
    listed = {row.name for row in list_folder(tmp_path, every_file=False).rows if row.path.parent == tmp_path}
    assert listed == {"e.fake"}
    assert is_record_name("E.FAKE")
    assert record_files(tmp_path) == [tmp_path / "e.fake"]


def test_analyzes_help_names_every_registered_format() -> None:
    text = " ".join(_analyze_help().split())
    assert "a match record (.mat, .sgf or .xg)" in text
    for f in FORMATS:
        assert f.title in text


def test_a_format_added_to_the_registry_is_in_analyzes_help(with_fake: None) -> None:
    text = " ".join(_analyze_help().split())
    assert "a match record (.mat, .sgf, .xg or .fake)" in text
    assert "Fake Gammon's .fake" in text


def test_the_open_match_help_names_the_registrys_formats(with_fake: None) -> None:
    from ui.scenes.game.actions import ACTIONS

    (action,) = [a for a in ACTIONS if a.name == "open"]
    assert "drop a .mat, .sgf, .xg or .fake file on the window" in action.help_words()


def test_a_format_added_to_the_registry_is_told_by_its_sniff_and_read(with_fake: None) -> None:
    record = MatchRecord(1, ("a", "b"), (GameRecord((0, 0), (Action(CubeAction.DOUBLE, 0, cube=2),), 0, 1),))
    data = record_bytes(record, formats.MAT)
    assert formats.detect(b"FAKE" + data) is FAKE
    assert formats.detect(data) is formats.MAT


def test_the_strings_that_name_the_formats_are_the_registrys() -> None:
    assert formats.named() == ".mat, .sgf or .xg"
    assert formats.named(formats.written()) == ".mat or .sgf"
    assert formats.suffixes() == (".mat", ".txt", ".sgf", ".xg")


def test_a_record_is_written_in_the_format_its_name_asks_for() -> None:
    assert format_for(Path("m.SGF")) is formats.SGF
    assert format_for(Path("m.mat")) is formats.MAT and format_for(Path("m.txt")) is formats.MAT
    assert format_for(Path("m")) is formats.MAT
    with pytest.raises(
        MatFileError, match=r"^eXtreme Gammon's \.xg is read, not written: name a \.mat or \.sgf file$"
    ):
        format_for(Path("m.xg"))


# --- the neutral model through every format --------------------------------------------------


def _match(variant: Variant, rules: Rules, length: int) -> MatchRecord:
    """A short match: one game won by a pass, one resigned after a take."""
    one = GameRecord(
        (0, 0),
        (
            Action("move", 0, (3, 1), "8/5 6/5"),
            Action("move", 1, (5, 2), "24/22 13/8" if variant is Variant.STANDARD else "23/18 13/11"),
            Action(CubeAction.DOUBLE, 0, cube=2),
            Action(CubeAction.PASS, 1),
        ),
        0,
        1,
    )
    two = GameRecord(
        (1, 0),
        (
            Action("move", 1, (5, 2), "13/8 13/11"),
            Action(CubeAction.DOUBLE, 0, cube=2),
            Action(CubeAction.TAKE, 1),
        ),
        1,
        2,
    )
    games = (one, two) if length != 1 else (one,)
    return MatchRecord(length, ("Ann", "Bo"), games, (("EventDate", "2026.11.28"),), variant, rules)


CASES = [
    (Variant.STANDARD, Rules(), 5),
    (Variant.NACKGAMMON, Rules(), 5),
    (Variant.NACKGAMMON, Rules(crawford=False), 7),
    (Variant.STANDARD, Rules(jacoby=True), 0),
    (Variant.NACKGAMMON, Rules(jacoby=True), 0),
]


@pytest.mark.parametrize("fmt", formats.written(), ids=lambda f: f.name)
@pytest.mark.parametrize(("variant", "rules", "length"), CASES)
def test_the_neutral_model_round_trips_through_every_written_format(
    fmt: RecordFormat, variant: Variant, rules: Rules, length: int
) -> None:
    record = _match(variant, rules, length)
    back = read_record(record_bytes(record, fmt))
    assert (back.length, back.players, back.variant, back.rules) == (length, ("Ann", "Bo"), variant, rules)
    assert dict(back.tags)["EventDate"] == "2026.11.28"
    assert turns(replay(back)) == turns(replay(record))  # the same play, from the variant's start
    assert [(g.score, g.winner, g.points) for g in back.games] == [
        (g.score, g.winner, g.points) for g in record.games
    ]


def test_every_format_reads_what_it_writes_byte_for_byte_again() -> None:
    for fmt in formats.written():
        for variant, rules, length in CASES:
            data = record_bytes(_match(variant, rules, length), fmt)
            assert record_bytes(fmt.read(data), fmt) == data


# --- typed errors ------------------------------------------------------------------------------


def test_every_problem_has_its_english_and_the_english_names_only_where_and_values() -> None:
    assert set(ENGLISH) == set(Problem)
    for problem, template in ENGLISH.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert all(name.isidentifier() for name in fields), problem


def test_a_readers_refusal_is_a_typed_error_with_its_kind_place_and_values() -> None:
    with pytest.raises(SgfFileError) as caught:
        read_sgf("(;GM[6]MI[length:3]RE[W+1];W[71hemd])")
    error = caught.value
    assert error.problem is Problem.SGF_CANNOT_READ_ACTION
    assert error.place == Place(game=1, action=1)
    assert dict(error.values) == {"colour": "W", "value": "71hemd"}
    assert error.message() == str(error) == "game 1, action 1: cannot read W[71hemd]"


def test_a_mat_refusal_names_the_cell_it_is_in() -> None:
    text = " 3 point match\n\n Game 1\n a : 0      b : 0\n  1) 31: 8/5 6/5     05: 24/18\n"
    with pytest.raises(MatFileError) as caught:
        read_match(text)
    assert caught.value.place == Place(game=1, row=1, line=5, side=1)
    assert str(caught.value) == "game 1, move 1 (line 5), right cell: 05: is not a roll"


def test_a_typed_error_crosses_to_another_process_whole() -> None:
    error = SgfFileError(Problem.SGF_TOO_DEEP, Place(line=3), most=64)
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is SgfFileError and back.problem is error.problem and back.place == error.place
    assert str(back) == "line 3: game trees nested more than 64 deep"


def test_every_record_error_is_a_record_error() -> None:
    kinds = [MatFileError, SgfFileError]
    assert all(issubclass(kind, RecordError) and issubclass(kind, ValueError) for kind in kinds)
    assert dataclasses.is_dataclass(Place)
