"""bench.rollouts: playing positions out, pairing rollouts on common dice, comparing choices."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from helpers import side

import bench.rollouts as rollouts
from bench.rollouts import compare, paired_rollout, play_out
from bench.strength import Labelled
from game.rules.movegen import results
from game.rules.outcome import win_kind
from game.rules.position import CHECKERS, pack, position_id, swap, unpack

START_ID = "4HPwATDgc/ABMA"


def first_move(code: int, dice: tuple[int, int]) -> int:
    """A quick, deterministic player: the first result the move generator gives."""
    return results(code, dice[0], dice[1])[0]


def never_called(code: int, dice: tuple[int, int]) -> int:
    raise AssertionError("the game was already over")


ALL_OFF = side({})
"""A side that has borne off every checker."""


def test_play_out_scores_a_single_win_for_the_side_that_bore_off() -> None:
    after = pack(ALL_OFF, side({6: 14}))
    assert play_out(after, never_called, random.Random(1)) == 1


def test_play_out_scores_a_gammon_when_the_loser_has_none_off() -> None:
    after = pack(ALL_OFF, side({13: CHECKERS}))
    assert play_out(after, never_called, random.Random(1)) == 2


def test_play_out_scores_a_backgammon_with_a_loser_on_the_bar() -> None:
    after = pack(ALL_OFF, side({13: CHECKERS - 1}, bar=1))
    assert play_out(after, never_called, random.Random(1)) == 3


def test_play_out_counts_against_the_mover_when_the_opponent_finishes_first() -> None:
    # after our move the opponent, on roll, has one checker left on their 1-point:
    # every roll bears it off, and we have all fifteen out of their home: a gammon
    after = pack(side({13: CHECKERS}), side({1: 1}))
    for seed in range(5):
        assert play_out(after, first_move, random.Random(seed)) == -2


def test_a_won_race_rolls_out_as_a_win_whatever_the_dice() -> None:
    # we have one checker on our 1-point; they need two turns at least
    after = pack(side({1: 1}), side({20: 1, 21: 1, 22: 1}))
    assert all(play_out(after, first_move, random.Random(s)) == 1 for s in range(20))


def test_paired_rollout_of_a_position_with_itself_is_exactly_zero() -> None:
    after = swap(pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 5, 24: 2})))
    assert paired_rollout(after, after, first_move, 10, "s") == 0.0


def test_paired_rollout_is_reproducible_from_its_seed() -> None:
    a = pack(side({1: 2, 2: 2, 5: 3}), side({3: 3, 4: 2, 6: 2}))
    b = pack(side({1: 1, 2: 3, 5: 3}), side({3: 3, 4: 2, 6: 2}))
    first = paired_rollout(a, b, first_move, 30, "x")
    assert paired_rollout(a, b, first_move, 30, "x") == first


def test_compare_rolls_out_only_where_the_choices_differ() -> None:
    win = position_id(swap(pack(ALL_OFF, side({6: 14}))))  # we bore off: +1
    lose = position_id(swap(pack(side({13: CHECKERS}), side({1: 1}))))  # they finish next: -2
    shallow = [START_ID, lose, START_ID, win]
    deep = [START_ID, win, START_ID, win]
    c = compare(shallow, deep, first_move, games=4)
    assert (c.positions, c.differing, c.better, c.worse) == (4, 1, 1, 0)
    assert c.gain == pytest.approx(3 / 4)
    assert c.interval > 0


def test_compare_of_identical_choices_gains_nothing() -> None:
    c = compare([START_ID] * 3, [START_ID] * 3, never_called, games=5)
    assert (c.differing, c.gain, c.interval) == (0, 0.0, 0.0)


def test_choices_are_kept_and_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [Labelled(START_ID, (3, 1), {}), Labelled(START_ID, (6, 5), {})]
    keep = tmp_path / "s-d1.choices"
    first = rollouts.choices_for_depth(rows, 1, None, keep, quiet=True)
    assert keep.read_text().split() == first and len(first) == 2

    def no_search(*args: object) -> str:
        raise AssertionError("a kept choice was searched again")

    monkeypatch.setattr(rollouts, "pick", no_search)
    assert rollouts.choices_for_depth(rows, 1, None, keep, quiet=True) == first


def test_without_gnubg_the_default_player_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "gnubg", None)  # import gnubg now fails
    path = tmp_path / "s.jsonl"
    path.write_text(
        json.dumps(
            {"position_id": START_ID, "dice": [3, 1], "moves": [{"position_id": START_ID, "equity": 0}]}
        )
    )
    assert rollouts.main(["--set", str(path), "--quiet"]) == 2
    assert "pip install gnubg" in capsys.readouterr().err


def test_a_garbled_set_is_refused_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text("{nope\n")
    assert rollouts.main(["--set", str(path), "--player", "self", "--quiet"]) == 2
    assert "line 1" in capsys.readouterr().err


def test_the_gnubg_player_always_plays_a_legal_move() -> None:
    # gnubg is a dev requirement (a test oracle); its move tuples are turned back into
    # positions by bench.rollouts, including bear-offs, where gnubg leaves out a final 0
    play = rollouts.gnubg_player()
    rng = random.Random(3)
    start = pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 5, 24: 2}))
    checked = bore_off = 0
    for _ in range(6):
        after = start
        while True:
            code = swap(after)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            after = play(code, dice)
            assert after in results(code, *dice)
            checked += 1
            bore_off += sum(unpack(after)[0]) < sum(unpack(code)[0])
            if win_kind(after) is not None:
                break
    assert checked > 200 and bore_off > 20


def gnubg_positions(count: int, seed: int) -> list[tuple[int, tuple[int, int]]]:
    """Positions (mover on roll) and rolls from a game gnubg plays against itself."""
    play = rollouts.gnubg_player()
    rng = random.Random(seed)
    start = pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 5, 24: 2}))
    out: list[tuple[int, tuple[int, int]]] = []
    after = start
    while len(out) < count:
        code = swap(after)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(results(code, *dice)) > 1:
            out.append((code, dice))
        after = play(code, dice)
        if win_kind(after) is not None:
            after = start
    return out


def test_gnubg_chooser_agrees_with_gnubg_over_every_legal_move() -> None:
    # depth 2 is gnubg's 1-ply through our root filter; it must find the move an exhaustive
    # 1-ply ranking finds (the filter may cut a rare close one), and a wrong sign or side
    # would pick poor moves instead
    choose = rollouts.gnubg_chooser()
    value = rollouts.gnubg_value(1)
    exact = 0
    for code, dice in gnubg_positions(15, 5):
        legal = results(code, *dice)
        eqs = {r: value(r) for r in legal}
        chosen = choose(code, dice, 2)
        assert chosen in legal
        assert eqs[chosen] >= max(eqs.values()) - 0.02
        exact += eqs[chosen] == max(eqs.values())
    assert exact >= 13


def test_gnubg_chooser_takes_the_move_that_bears_off_the_last_checkers() -> None:
    code = pack(side({1: 1, 2: 1}), side({19: 5, 20: 5, 21: 5}))
    assert win_kind(rollouts.gnubg_chooser()(code, (2, 1), 3) or 0) is not None


def test_gnubg_chooser_returns_none_without_a_legal_move() -> None:
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert rollouts.gnubg_chooser()(pack(side({13: 14}, bar=1), closed), (6, 5), 4) is None


def test_gnubg_choices_are_compared_and_kept_apart_from_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        json.dumps(
            {
                "position_id": position_id(c),
                "dice": list(d),
                "moves": [{"position_id": position_id(c), "equity": 0}],
            }
        )
        for c, d in gnubg_positions(4, 9)
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(rows) + "\n")
    argv = [
        "--set",
        str(path),
        "--depths",
        "1",
        "2",
        "--games",
        "2",
        "--chooser",
        "gnubg",
        "--keep",
        str(tmp_path),
        "--quiet",
    ]
    assert rollouts.main(argv) == 0
    assert "gnubg's depths 1 and 2" in capsys.readouterr().out
    kept = (tmp_path / "s-gnubg-d2.choices").read_text().split()
    assert len(kept) == 4 and not (tmp_path / "s-d2.choices").exists()


def test_without_gnubg_the_gnubg_chooser_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "gnubg", None)
    path = tmp_path / "s.jsonl"
    path.write_text(
        json.dumps(
            {"position_id": START_ID, "dice": [3, 1], "moves": [{"position_id": START_ID, "equity": 0}]}
        )
        + "\n"
    )
    assert rollouts.main(["--set", str(path), "--player", "self", "--chooser", "gnubg", "--quiet"]) == 2
    assert "pip install gnubg" in capsys.readouterr().err
