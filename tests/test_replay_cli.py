"""``replay-seed``: a seed's commitment and rolls, as the game drew them."""

from __future__ import annotations

import hashlib
import json

import pytest

from ai.cli.replay_seed import describe, main
from game.rules.dice import Dice


def test_rolls_match_the_games_dice_stream(capsys: pytest.CaptureFixture[str]) -> None:
    seed = "f00dfeed"
    dice = Dice(seed)
    dice.opening_roll()
    for _ in range(10):
        dice.roll()
    assert main([seed, "--count", str(len(dice.history)), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [tuple(r["dice"]) for r in out["rolls"]] == dice.history
    assert out["sha256"] == hashlib.sha256(seed.encode()).hexdigest()


def test_table_shows_commitment_and_opening(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["abc", "--count", "5"]) == 0
    text = capsys.readouterr().out
    assert hashlib.sha256(b"abc").hexdigest() in text
    assert "opening roll" in text
    assert len([ln for ln in text.splitlines() if ln[:4].strip().isdigit()]) == 5


def test_opening_tie_is_noted_as_rolled_again() -> None:
    # find a seed whose first roll is a tie
    seed = next(s for s in (str(i) for i in range(1000)) if len(set(Dice(s).roll())) == 1)
    rows = describe(seed, 3)
    assert "tie" in str(rows[0]["note"])


def test_bad_count_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["abc", "--count", "0"])
    assert exc.value.code == 2
    assert "--count must be between" in capsys.readouterr().err


def test_main_dispatches_replay_seed(capsys: pytest.CaptureFixture[str]) -> None:
    import main as entry

    assert entry.main(["replay-seed", "xyz", "--count", "2"]) == 0
    assert hashlib.sha256(b"xyz").hexdigest() in capsys.readouterr().out
