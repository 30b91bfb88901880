"""The hint protocol never prints NaN or Infinity (not JSON), and refuses a Match ID it cannot answer:
a match past 64 points, a game not in play, an impossible Crawford state; none hangs."""

from __future__ import annotations

import io
import json
import time

import pytest
from helpers import HANG_S

from ai.cli.hint import Answerer, serve
from ai.evaluation.load import hand_evaluator
from game.records.matchid import MatchInfo, match_id
from game.rules.cube import CubeState

START = "4HPwATDgc/ABMA"
LIMIT_S = HANG_S


def ask(info: MatchInfo) -> dict[str, object]:
    evaluator, _ = hand_evaluator()
    t0 = time.monotonic()
    reply = Answerer(1, evaluator).answer(f"{START}:{match_id(info)}")
    assert time.monotonic() - t0 < LIMIT_S
    json.dumps(reply, allow_nan=False)  # raises on NaN or Infinity
    return reply


def centred(length: int, score: tuple[int, int] = (0, 0), **kw: object) -> MatchInfo:
    return MatchInfo(CubeState(1, None), 0, length, score, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("length", [26, 40, 64])
@pytest.mark.parametrize("dice", [(0, 0), (3, 1)])
def test_hint_long_match_is_finite(length: int, dice: tuple[int, int]) -> None:
    """A 26-point Match ID gave "equity": Infinity; up to 64 points the extended table answers."""
    reply = ask(centred(length, dice=dice))
    assert "error" not in reply, reply
    if dice == (0, 0):
        cube = reply["cube"]
        assert isinstance(cube, dict) and -3 < cube["nd"] < 3


def test_hint_long_match_near_the_end_is_finite() -> None:
    assert "error" not in ask(centred(64, (63, 62)))


@pytest.mark.parametrize("length", [65, 100, 32767])
def test_hint_refuses_match_past_64_points(length: int) -> None:
    reply = ask(centred(length))
    assert "64 points" in str(reply["error"])
    assert "internal" not in str(reply["error"])


@pytest.mark.parametrize(("state", "words"), [(0, "no game"), (2, "over"), (3, "resigned"), (4, "passed")])
def test_hint_refuses_game_not_in_play(state: int, words: str) -> None:
    reply = ask(centred(5, (5, 0) if state else (0, 0), game_state=state))
    assert words in str(reply["error"]) and "internal" not in str(reply["error"])


@pytest.mark.parametrize(
    ("info", "words"),
    [
        (centred(5, crawford=True), "no side needs one point"),
        (MatchInfo(CubeState(2, 0), 0, 5, (4, 0), crawford=True), "no doubling"),
        (centred(0, crawford=True), "money play"),
    ],
)
def test_hint_refuses_impossible_crawford(info: MatchInfo, words: str) -> None:
    assert words in str(ask(info)["error"])


def test_hint_crawford_game_answers() -> None:
    assert "cube" in ask(centred(5, (4, 2), crawford=True))


def test_serve_never_writes_nan() -> None:
    """Whatever a reply held, the output lines are JSON (allow_nan=False); the checker turns a
    non-finite answer into an error reply."""
    evaluator, _ = hand_evaluator()
    out = io.StringIO()
    lines = [f"{START}:{match_id(centred(n))}\n".encode() for n in (26, 100)]
    serve(lines, out, 1, evaluator, None)
    for line in out.getvalue().splitlines():
        json.loads(line, parse_constant=lambda c: pytest.fail(f"{c} in the output"))


def test_non_finite_answer_becomes_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.cli.hint as hint

    monkeypatch.setattr(hint, "analyse_json", lambda *a, **k: {"moves": [{"equity": float("nan")}]})
    evaluator, _ = hand_evaluator()
    reply = Answerer(1, evaluator).answer(f"{START} 31")
    assert "not a number" in str(reply["error"])


@pytest.mark.parametrize("score", [(5, 0), (3, 9)])
def test_hint_refuses_score_at_or_past_the_length(score: tuple[int, int]) -> None:
    reply = ask(centred(5, score))
    assert "already won" in str(reply["error"])


def test_cube_model_refuses_a_score_outside_the_table() -> None:
    from ai.cube.model import CubeContext, cubeful_equity

    for away in ((0, 3), (3, 65), (6, 3)):
        with pytest.raises(ValueError, match="not a score in play"):
            cubeful_equity([0.5, 0.1, 0.0, 0.1, 0.0], CubeContext(1, None, 5, away))
