"""The cube's advice words and the error bands, each made in one place."""

from __future__ import annotations

import pytest

from ai.analysis.bands import BAD, DOUBTFUL, VERY_BAD, severity
from ai.cube.advice import ACTION_WORDS, EQUITY_LABELS, CubeAdvice
from game.rules.cube import CubeAction


@pytest.mark.parametrize(
    ("nd", "dt", "dp", "advice", "doubler_words"),
    [
        (0.5, 0.4, 1.0, CubeAdvice.NO_DOUBLE, "no double"),
        (0.5, 0.8, 1.0, CubeAdvice.DOUBLE_TAKE, "double, take"),
        (0.5, 1.2, 1.0, CubeAdvice.DOUBLE_PASS, "double, pass"),
        (1.1, 1.4, 1.0, CubeAdvice.TOO_GOOD, "no double"),
    ],
)
def test_the_advice_of_the_doublers_equities(
    nd: float, dt: float, dp: float, advice: CubeAdvice, doubler_words: str
) -> None:
    got = CubeAdvice.from_equities(nd, dt, dp)
    assert got is advice and got.doubler_words == doubler_words
    assert got is CubeAdvice.of(got.doubler is CubeAction.DOUBLE, got.taker is CubeAction.TAKE)


def test_every_action_has_its_words_and_the_equities_their_labels() -> None:
    assert set(ACTION_WORDS) == set(CubeAction)
    assert ACTION_WORDS[CubeAction.PASS] == "Pass"
    assert EQUITY_LABELS == ("No double", "Double, take", "Double, pass")


def test_the_bands() -> None:
    assert (DOUBTFUL, BAD, VERY_BAD) == (0.03, 0.06, 0.12)
    assert [severity(e) for e in (0.0, 0.029, 0.03, 0.06, 0.119, 0.12, 1.0)] == [
        "",
        "",
        "doubtful",
        "bad",
        "bad",
        "very bad",
        "very bad",
    ]


def test_a_cube_action_is_its_word() -> None:
    assert [str(a) for a in CubeAction] == ["no double", "double", "take", "pass", "beaver"]
    assert CubeAction("pass") is CubeAction.PASS
