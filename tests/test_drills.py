"""Drills from the player's own errors: cards made from a reviewed match, the deck (SQLite), FSRS's
schedule, a kill in the middle of an answer, a damaged deck, export and import (the command line:
tests/test_drills_cli.py)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from bench.drills import random_cards
from game.drills.card import (
    DEFAULT_MIN_ERROR,
    MOVE,
    Card,
    DrillKind,
    Harvest,
    Judged,
    Source,
    cards_from_decisions,
    chances,
    judge,
    kind_of,
    players_named,
    record_identity,
)
from game.drills.deck import COMPANIONS, DECK_FILE, DeckError, open_deck
from game.drills.exchange import ExchangeError, read, write_csv, write_json, write_xgids
from game.drills.schedule import Grade, grade
from game.records.mat import read_match
from game.records.xgid import read_xgid
from game.rules.cube import CubeAction
from game.rules.move import parse_move
from game.rules.position import Position, from_position_id
from tests.drill_cases import GAME_TWO, LASSE, NOW, ROOT, answered_deck, lasse_review

# --- cards made from a reviewed match ---------------------------------------------------------------


def test_a_reviewed_match_makes_a_card_of_each_of_the_players_errors_and_no_other() -> None:
    path, match, review = lasse_review()
    harvest = Harvest(
        players_named(match.record.players, "Lasse "), DEFAULT_MIN_ERROR, match.record.players, 1
    )
    cards = cards_from_decisions(review.decisions, Source(record_identity(match.record), path.name), harvest)
    errors = [d for d in review.decisions if d.player == 0 and d.error >= DEFAULT_MIN_ERROR]
    assert [(c.source.game, c.source.turn, c.decision) for c in cards] == [
        (d.game, d.turn, str(d.kind)) for d in errors
    ]
    blunder = cards[0]
    assert (blunder.played, blunder.best, blunder.dice) == ("24/23 24/21", "8/5 6/5", (3, 1))
    assert blunder.player == "lasse" and blunder.kind is DrillKind.OPENING and blunder.bottom == 0
    assert all(c.player == "lasse" for c in cards)
    assert "8/5 6/5" not in [c.played for c in cards]  # the book play is no error


def test_a_record_grown_by_a_game_keeps_its_identity() -> None:
    _, match, _ = lasse_review()
    longer = read_match(LASSE + GAME_TWO)
    assert record_identity(longer) == record_identity(match.record)
    other = read_match(LASSE.replace("24/21 24/23", "8/5 6/5"))
    assert record_identity(other) != record_identity(match.record)


def test_the_same_decision_from_the_tutor_and_from_the_review_is_one_card(home: Path) -> None:
    card = random_cards(1)[0]
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        assert len(deck.add([card], NOW)) == 1
        tutor = replace(card, source=Source("match:2027-01-15.mat", "", 1, 0))
        assert deck.add([tutor], NOW) == []
        assert deck.count() == 1


# --- the schedule ------------------------------------------------------------------------------------


def test_a_right_answer_is_due_later_than_a_wrong_one(home: Path) -> None:
    one, two = random_cards(2)
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        a, b = deck.add([one, two], NOW)
        right = deck.answer(a, Judged(one.best, 0.0, True, one.best), DEFAULT_MIN_ERROR, NOW)
        wrong = deck.answer(b, Judged(two.played, 0.08, False, two.best), DEFAULT_MIN_ERROR, NOW)
        assert right.due > wrong.due > NOW
        assert (right.reps, right.lapses, wrong.lapses) == (1, 0, 1)
        # answered right again once due: it comes back later still
        again = deck.answer(a, Judged(one.best, 0.0, True, one.best), DEFAULT_MIN_ERROR, right.due)
        assert again.due - right.due > right.due - NOW
        assert [x.grade for x in deck.answers(a)] == [Grade.GOOD, Grade.EASY]


def test_an_answer_is_graded_right_close_or_wrong_by_its_error() -> None:
    assert grade(0.0, True, 0.04) is Grade.GOOD
    assert grade(0.0, True, 0.04, right_before=True) is Grade.EASY
    assert grade(0.02, False, 0.04) is Grade.HARD
    assert grade(0.04, False, 0.04) is Grade.AGAIN


def test_ten_thousand_cards_list_soonest_due_first_and_the_next_due_is_the_soonest(home: Path) -> None:
    cards = random_cards(10_000)
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        ids = deck.add(cards, NOW - 3600)
        assert len(ids) == 10_000
        for k, cid in enumerate(ids[:300]):  # answered at different moments: their due dates spread
            wrong = k % 3 == 0
            deck.answer(cid, Judged("x", 0.1 if wrong else 0.0, not wrong, "y"), 0.04, NOW - 3000 + k)
        listed = deck.cards()
        assert len(listed) == 10_000
        dues = [s.due for _, s in listed]
        assert dues == sorted(dues)
        due_now = [s.due for _, s in listed if s.due <= NOW]
        assert deck.count(NOW) == len(due_now)
        found = deck.next_due(NOW)
        assert found is not None and found[1].due == min(dues)
        assert deck.next_due(min(dues) - 1) is None
        assert deck.next_due(NOW, [DrillKind.CUBE]) is None


# --- safety --------------------------------------------------------------------------------------------

_ANSWERING = """
import sys, time
from pathlib import Path
from game.drills.card import Judged
from game.drills.deck import open_deck
deck, _ = open_deck(Path(sys.argv[1]))
ids = [c.id for c, _ in deck.cards()]
print("ready", flush=True)
i = 0
while True:
    wrong = i % 2 == 1
    deck.answer(ids[i % len(ids)], Judged("x", 0.1 if wrong else 0.0, not wrong, "y"), 0.04, time.time() + i)
    i += 1
"""


def test_the_deck_survives_a_kill_minus_nine_in_the_middle_of_answers(home: Path) -> None:
    path = home / DECK_FILE
    deck, _ = open_deck(path)
    with deck:
        deck.add(random_cards(200), NOW)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", _ANSWERING, str(path)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(0.6)  # hundreds of answers, each a transaction: the kill lands inside one
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    deck, damage = open_deck(path)
    assert damage is None
    with deck:
        con = deck._con
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        reps = dict(con.execute("SELECT id, reps FROM cards").fetchall())
        answered = dict(con.execute("SELECT card, COUNT(*) FROM reviews GROUP BY card").fetchall())
        assert sum(answered.values()) > 0
        assert {k: v for k, v in reps.items() if v} == answered  # each answer with its schedule, or neither


@pytest.mark.parametrize(
    "damage",
    ["garbage", "torn", "folder", "other database"],
)
def test_a_damaged_deck_is_set_aside_and_a_fresh_one_made(home: Path, damage: str) -> None:
    path = home / DECK_FILE
    deck, _ = open_deck(path)
    with deck:
        deck.add(random_cards(300), NOW)
    if damage == "garbage":
        path.write_bytes(b"this is not a database" * 100)
    elif damage == "torn":
        data = bytearray(path.read_bytes())
        for at in range(4096, len(data), 4096):  # every page after the first scribbled on
            data[at + 8 : at + 200] = os.urandom(192)
        path.write_bytes(bytes(data))
    elif damage == "folder":
        path.unlink()
        path.mkdir()
    else:
        path.unlink()
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE photos (id INTEGER)")
        con.close()
    deck, told = open_deck(path)
    with deck:
        assert deck.count() == 0
    assert told is not None
    moved = Path(told.moved_to)
    assert moved.name.startswith(f"{DECK_FILE}.corrupt-") and moved.exists()
    assert told.path == str(path) and told.detail
    assert not any(Path(str(moved) + s).exists() and s == "-journal" for s in COMPANIONS)


def test_a_deck_of_a_newer_game_is_refused_and_left_alone(home: Path) -> None:
    path = home / DECK_FILE
    deck, _ = open_deck(path)
    deck._con.execute("PRAGMA user_version = 99")
    deck.close()
    with pytest.raises(DeckError, match="newer version"):
        open_deck(path)
    assert path.exists() and not list(home.glob("*.corrupt-*"))


# --- export and import ---------------------------------------------------------------------------------


@pytest.mark.parametrize("writer", [write_json, write_csv])
def test_an_export_imported_into_a_new_deck_is_the_same_deck(home: Path, tmp_path: Path, writer) -> None:
    entries = answered_deck(home)
    back = read(writer(entries))
    assert back == entries
    other, _ = open_deck(tmp_path / "other.sqlite3")
    with other:
        assert len(other.add_entries(back, NOW)) == len(entries)
        assert [(e.card.key(), e.schedule, e.answers) for e in other.entries()] == [
            (e.card.key(), e.schedule, e.answers) for e in entries
        ]
        assert other.add_entries(back, NOW) == []  # imported twice: nothing new


def test_the_xgid_list_holds_each_position_as_other_programs_read_it(home: Path) -> None:
    entries = answered_deck(home)
    lines = write_xgids(entries).decode("ascii").splitlines()
    assert len(lines) == len(entries)
    for line, e in zip(lines, entries, strict=True):
        x = read_xgid(line)
        assert x.code == from_position_id(e.card.position_id)
        assert sorted(x.info.dice) == sorted(e.card.dice or (0, 0))


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xff\xfe nonsense", "not UTF-8"),
        (b'{"format": "something else"}', "not a deck of drills"),
        (b"{not json", "not valid JSON"),
        (b"a,b\n1,2\n", "lacks the columns"),
        (
            json.dumps({"format": "backgammon-drills", "version": 1, "cards": [{"source": {}}]}).encode(),
            "card 1",
        ),
    ],
)
def test_a_file_that_is_no_deck_is_refused_saying_why(data: bytes, said: str) -> None:
    with pytest.raises(ExchangeError, match=said):
        read(data)


def test_a_bad_field_in_a_csv_row_is_named(home: Path) -> None:
    text = write_csv(answered_deck(home)).decode("utf-8")
    head, first, *rest = text.split("\r\n")
    broken = (
        first.replace("4HPwATDgc/ABMA", "nonsense!", 1)
        if "4HPwATDgc/ABMA" in first
        else first.replace(",move,", ",moove,", 1)
    )
    with pytest.raises(ExchangeError, match="row 2"):
        read("\r\n".join([head, broken, *rest]).encode("utf-8"))


# --- answers -------------------------------------------------------------------------------------------


def test_a_move_is_judged_by_where_it_leads_and_the_chances_say_why() -> None:
    card = random_cards(1)[0]
    position = Position.from_id(card.position_id)
    assert card.dice is not None
    best = judge(card, parse_move(card.best, position, card.dice))
    played = judge(card, parse_move(card.played, position, card.dice))
    assert best is not None and best.right and best.error == 0.0 and chances(card, best) is None
    assert played is not None and not played.right and played.error == pytest.approx(card.error)
    found = chances(card, played)
    assert found is not None and found.best == card.best and found.answer == card.played


def test_a_cube_card_is_answered_by_its_three_equities() -> None:
    card = Card(
        "4HPwATDgc/ABMA", "cAkAAAAAAAAA", str(CubeAction.DOUBLE), "double", "no double", 0.07,
        Source("r"), cube=(0.31, 0.24, 1.0), kind=DrillKind.CUBE,
    )  # fmt: skip
    right = judge(card, "no-double")
    wrong = judge(card, "double")
    assert right is not None and right.right
    assert wrong is not None and wrong.error == pytest.approx(0.07) and not wrong.right
    with pytest.raises(ValueError, match="does not answer"):
        judge(card, "take")
    with pytest.raises(ValueError, match="no cube action"):
        judge(card, "maybe")


def test_a_bear_off_a_race_and_the_opening_are_told_apart() -> None:
    start = from_position_id("4HPwATDgc/ABMA")
    assert kind_of(start, MOVE, 0) is DrillKind.OPENING
    assert kind_of(start, MOVE, 9) is DrillKind.CONTACT
    assert kind_of(start, str(CubeAction.TAKE)) is DrillKind.CUBE
    from game.rules.position import pack

    home = [0] * 25
    home[0:6] = [3, 3, 3, 2, 2, 2]
    far = [0] * 25
    far[8] = 15
    theirs = [0] * 25
    theirs[0:3] = [5, 5, 5]
    assert kind_of(pack(home, theirs), MOVE) is DrillKind.BEAROFF
    assert kind_of(pack(far, theirs), MOVE) is DrillKind.RACE
