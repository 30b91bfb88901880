"""bench/human_set.py: checker plays drawn from real match records, for a set of human play."""

from __future__ import annotations

import json
from pathlib import Path

from bench.human_set import main, plays
from game.records.formats import load_match
from game.rules.move import legal_moves
from game.rules.position import Position, position_id

RECORDS = Path(__file__).parent / "data" / "mat"


def test_every_play_drawn_had_a_choice_and_comes_once_with_its_record() -> None:
    rows, refused = plays(RECORDS)
    assert refused == []
    assert len({(r["position_id"], tuple(r["dice"])) for r in rows}) == len(rows)
    # the same match exported by several programs counts once (jellyfish.mat, xg.mat: gnubg.mat's)
    assert {"fibs.mat", "gnubg.mat"} <= {r["source"] for r in rows} <= {p.name for p in RECORDS.iterdir()}
    for r in rows:
        high, low = r["dice"]
        assert high >= low
        assert len(legal_moves(Position.from_id(r["position_id"]), (high, low))) >= 2


def test_the_illegal_play_is_not_a_decision_drawn(tmp_path: Path) -> None:
    (tmp_path / "one.mat").write_bytes((RECORDS / "illegal-play.mat").read_bytes())
    rows, _ = plays(tmp_path)
    turns = [t for g in load_match(tmp_path / "one.mat").games for t in g.turns]
    illegal = [(position_id(t.code), t.dice) for t in turns if t.illegal]
    assert len(illegal) == 1 and illegal[0][1] == (5, 2)  # Brook's 52 in game 1 (SOURCES.md)
    assert rows and (illegal[0][0], [5, 2]) not in [(r["position_id"], r["dice"]) for r in rows]


def test_a_damaged_record_is_named_and_the_rest_still_read(tmp_path: Path) -> None:
    (tmp_path / "good.mat").write_bytes((RECORDS / "gnubg.mat").read_bytes())
    (tmp_path / "bad.mat").write_bytes(b"\x00\xff not a match at all")
    rows, refused = plays(tmp_path)
    assert rows and len(refused) == 1 and refused[0].startswith("bad.mat: ")


def test_extract_draws_the_same_plays_for_the_same_seed(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert (
            main(["extract", "--corpus", str(RECORDS), "--out", str(tmp_path / name), "--count", "25"]) == 0
        )
    first = [json.loads(line) for line in (tmp_path / "a").read_text().splitlines()]
    assert len(first) == 25 and (tmp_path / "a").read_text() == (tmp_path / "b").read_text()
