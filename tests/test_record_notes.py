"""What a replay takes on trust, as typed notes (game/records/notes.py): each kind at its place with
its values, worded in English for the command line and in every shipped language for the window
(ui/text/notes.py), from the real records as well as our own."""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpus import corpus_part

from game.records.errors import Place
from game.records.formats import load_match
from game.records.mat import read_match
from game.records.notes import ENGLISH, Note, NoteKind, note
from game.records.replay import replay
from ui import text
from ui.text.languages import LANGUAGES
from ui.text.notes import COUNTED, NOTES, note_words

DATA = Path(__file__).parent / "data"

SAMPLES: dict[NoteKind, dict[str, str | int]] = {
    NoteKind.ILLEGAL_PLAY_BOARD: {"roll": "52"},
    NoteKind.ILLEGAL_PLAY_BOARD_AFTER: {"roll": "43", "move": "'14/11 8/5'", "why": "not playable"},
    NoteKind.ONLY_LEGAL_MOVE: {"roll": "66"},
    NoteKind.AUTOMATIC_BEAR_OFF: {"roll": "41"},
    NoteKind.ROLLED_BEFORE_RESIGNATION: {"roll": "64"},
    NoteKind.STOPS_BEFORE_THE_PLAY: {"roll": "21"},
    NoteKind.RESULT_DIFFERS: {
        "written": "Ada",
        "written_points": 3,
        "winner": "Brook",
        "points": 4,
        "ending": "board",
    },
    NoteKind.SCORE_LINE_DIFFERS: {"a": 2, "b": 0, "c": 1, "d": 0},
    NoteKind.GAMES_AFTER_THE_END: {"a": 5, "b": 3, "count": 2},
    NoteKind.SCORE_PAST_THE_END: {"a": 3, "b": 0, "length": 3, "count": 1},
}
"""The values the replay gives each kind of note that has any."""


def sample(kind: NoteKind) -> Note:
    return note(kind, Place(game=2, row=7, line=31, side=0), **SAMPLES.get(kind, {}))


@pytest.fixture
def english() -> Iterator[None]:
    yield
    text.use("")


def test_every_kind_of_note_is_worded_in_english_and_for_the_window() -> None:
    for kind in NoteKind:
        assert kind in ENGLISH and (kind in NOTES) != (kind in COUNTED), kind
        said = sample(kind).words()
        assert said.startswith("game 2, move 7 (line 31), left cell") and "{" not in said, said


def test_a_notes_english_and_its_window_words_name_the_same_values(english: None) -> None:
    """What the command line says, the window says (the rules' English reason for an illegal play
    aside: the window names the move instead)."""
    for kind in NoteKind:
        used = set(re.findall(r"\{(\w+)\}", ENGLISH[kind]))
        window = NOTES[kind] if kind in NOTES else " ".join(COUNTED[kind][0])
        shown = set(re.findall(r"\{(\w+)\}", window))
        assert used - {"why"} == shown - {"move"}, kind
        assert used - {"where"} <= set(SAMPLES.get(kind, {})), kind


@pytest.mark.parametrize("code", [lang.code for lang in LANGUAGES])
def test_every_kind_of_note_is_worded_in_every_language(code: str, english: None) -> None:
    text.use(code)
    for kind in NoteKind:
        said = note_words(sample(kind))
        assert said and "{" not in said and "}" not in said, (code, kind, said)
        assert all(str(v) in said for k, v in SAMPLES.get(kind, {}).items() if k not in ("why", "ending")), (
            said
        )


def test_a_result_the_play_does_not_give_names_the_players_and_how_the_game_ended(english: None) -> None:
    said = note_words(sample(NoteKind.RESULT_DIFFERS))
    assert said.endswith(
        "the record says Ada wins 3 points; the play gives Brook 4 (the last checker borne off)"
    )
    one = note(
        NoteKind.RESULT_DIFFERS,
        Place(game=1),
        written="A",
        written_points=1,
        winner="B",
        points=2,
        ending="pass",
    )
    assert note_words(one) == "game 1: the record says A wins 1 point; the play gives B 2 (a double passed)"


def test_an_illegal_play_written_as_its_board_is_noted_at_its_row_and_cell() -> None:
    match = load_match(DATA / "mat" / "illegal-play.mat")
    (only,) = match.notes
    assert only.kind is NoteKind.ILLEGAL_PLAY_BOARD and only.value("roll") == "52"
    assert only.place == Place(game=1, row=19, line=25, side=1)


def test_a_score_line_that_disagrees_is_noted_with_both_scores() -> None:
    record = (DATA / "mat" / "short.mat").read_text(encoding="utf-8")
    lines = record.splitlines()
    second = next(i for i, line in enumerate(lines) if line.strip().startswith("Game 2"))
    lines[second + 1] = re.sub(r":\s*(\d+)\s*$", ": 4", lines[second + 1])  # the right player's score
    match = replay(read_match("\n".join(lines) + "\n"))
    noted = [n for n in match.notes if n.kind is NoteKind.SCORE_LINE_DIFFERS]
    assert len(noted) == 1 and noted[0].place.game == 2 and noted[0].value("b") == 4


def test_a_notes_json_gives_its_kind_place_and_values_as_typed() -> None:
    """``analyze --json``'s notes: a tool words each from its kind, place and values."""
    match = load_match(DATA / "mat" / "illegal-play.mat")
    (only,) = match.notes
    said = json.loads(json.dumps(only.to_json()))
    assert said == {
        "kind": "illegal-play-board",
        "place": {"game": 1, "move": 19, "line": 25, "cell": "right"},
        "values": {"roll": "52"},
        "words": only.words(),
    }
    assert note(NoteKind(said["kind"]), only.place, **said["values"]) == only


def test_a_place_in_json_has_only_the_fields_that_apply() -> None:
    assert Place(record=12).to_json() == {"record": 12}
    assert Place(game=3, action=40).to_json() == {"game": 3, "action": 40}
    assert Place(game=2, row=0, side=0).to_json() == {"game": 2, "move": 0, "cell": "left"}
    assert Place(line=4).to_json() == {"line": 4}


def test_notes_cross_to_and_from_the_analysers_processes_unchanged() -> None:
    match = load_match(DATA / "mat" / "illegal-play.mat")
    assert pickle.loads(pickle.dumps(match)).notes == match.notes


def real_records() -> list[Path]:
    found = [p for p in sorted((DATA / "mat").glob("*.mat"))]
    for part in ("mat", "formats"):
        folder = corpus_part(part)
        if folder is not None:
            found += sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(".md"))
    return found


def test_every_note_of_every_record_at_hand_is_worded_in_every_language(english: None) -> None:
    """The corpus of real records (where it is beside the checkout) and our own: each note any of
    them needs is worded, whole, in each language."""
    notes = [n for path in real_records() for n in load_match(path).notes]
    assert notes  # our own illegal play at the least
    for lang in LANGUAGES:
        text.use(lang.code)
        for n in notes:
            said = note_words(n)
            assert "{" not in said and str(n.place.game) in said, (lang.code, said)
