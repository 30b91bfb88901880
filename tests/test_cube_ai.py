"""Cube decisions against hand-checked cases, the match equity table, and the hint protocol's ID lines."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from ai.cli.hint import serve
from ai.cube.decision import CUBE_NOISE_RATIO, decide, is_match_deciding, level_cube_decision
from ai.cube.met import default_met
from ai.cube.model import CubeContext, cubeful_equity, match_winning_chance
from ai.cube.resign import resignation_offer, should_accept_resignation
from ai.evaluation.load import hand_evaluator
from ai.levels import level_by_key
from game.rules.cube import Resignation
from game.rules.position import START_CODE

MONEY = CubeContext()


def no_gammons(p: float) -> list[float]:
    return [p, 0.0, 0.0, 0.0, 0.0]


# --- the match equity table ---------------------------------------------------------------


def test_met_is_kazaross_25_points_and_symmetric() -> None:
    met = default_met()
    assert met.length == 64 and "Kazaross" in met.name
    for a in range(1, 65):
        for b in range(1, 65):
            assert met.mwc(a, b) + met.mwc(b, a) == pytest.approx(1.0, abs=2e-5)


def test_met_extended_to_64_points_monotone() -> None:
    """Past the published 25 points the table is extended (docs/cube.md): it starts where the table
    ends, and needing more points is always strictly worse, so no cube sum divides by zero."""
    met = default_met()
    assert met.mwc(25, 24) == pytest.approx(0.4691, abs=1e-4)  # the published entry, kept
    assert 0.44 < met.mwc(26, 25) < met.mwc(25, 25) == 0.5
    for a in range(1, 65):
        for b in range(1, 65):
            if a < 64:
                assert met.mwc(a + 1, b) < met.mwc(a, b), (a, b)
                assert met.mwc(a + 1, 1, post_crawford=True) < met.mwc(a, 1, post_crawford=True)
            if b < 64:
                assert met.mwc(a, b + 1) > met.mwc(a, b), (a, b)


def test_met_known_entries() -> None:
    met = default_met()
    assert met.mwc(1, 2) == pytest.approx(0.67736)  # Crawford game, 1-away vs 2-away
    assert met.mwc(2, 1, post_crawford=True) == pytest.approx(0.48803)  # free drop
    assert met.mwc(0, 3) == 1.0 and met.mwc(3, 0) == 0.0


# --- money: Janowski's take points ----------------------------------------------------------


@pytest.mark.parametrize(("x", "take_point"), [(0.0, 0.25), (1.0, 0.20)])
def test_money_take_point_dead_and_live_cube(x: float, take_point: float) -> None:
    """No gammons: the opponent takes up to 25% (dead cube) or 20% (fully live) of winning."""
    assert decide(no_gammons(1 - take_point - 0.01), MONEY, x).take
    assert not decide(no_gammons(1 - take_point + 0.01), MONEY, x).take


def take_point(x: float, gammons: float) -> float:
    """The opponent's take point (its chance to win) in money play, found by bisection."""
    lo, hi = 0.5, 1.0
    for _ in range(40):
        p = (lo + hi) / 2
        d = decide([p, gammons * p, 0.0, gammons * (1 - p), 0.0], MONEY, x)
        lo, hi = (p, hi) if d.dt <= d.dp else (lo, p)
    return 1 - lo


@pytest.mark.parametrize("gammons", [0.0, 0.3])
@pytest.mark.parametrize("x", [0.5, 0.68, 0.8])
def test_money_take_point_is_janowskis(x: float, gammons: float) -> None:
    """Janowski: take point (L - 1/2) / (W + L + x/2), W = L = 1 + gammon share here."""
    w = 1.0 + gammons
    assert take_point(x, gammons) == pytest.approx((w - 0.5) / (2 * w + 0.5 * x), abs=0.005)


def test_money_dead_cube_doubles_from_fifty_percent() -> None:
    assert decide(no_gammons(0.55), MONEY, 0.0).double
    assert not decide(no_gammons(0.45), MONEY, 0.0).double


def test_money_live_cube_waits_for_the_cash_point() -> None:
    """A fully live cube is worth as much kept as cashed; any dead part makes the cash better."""
    assert not decide(no_gammons(0.78), MONEY, 1.0).double
    assert decide(no_gammons(0.81), MONEY, 0.9).double


def test_janowski_doubling_window_opens_near_71_percent() -> None:
    """No gammons, x = 0.68: no double at 70%, double and take at 72%."""
    assert not decide(no_gammons(0.70), MONEY, 0.68).double
    d = decide(no_gammons(0.72), MONEY, 0.68)
    assert d.double and d.take and d.dp == 1.0 and d.nd < d.dt < 1.0


def test_too_good_to_double_plays_on_for_the_gammon() -> None:
    d = decide([0.95, 0.8, 0.1, 0.0, 0.0], MONEY, 0.68)
    assert d.nd > 1.0 and not d.double and not d.take


def test_opponents_cube_cannot_be_doubled() -> None:
    assert not decide(no_gammons(0.9), CubeContext(2, 1), 0.68).double


# --- match ----------------------------------------------------------------------------------


def test_no_double_in_the_crawford_game() -> None:
    ctx = CubeContext(1, None, 5, (1, 3), crawford=True)
    assert not decide(no_gammons(0.3), ctx.flipped(), 0.68).double


def test_post_crawford_trailer_doubles_at_once() -> None:
    ctx = CubeContext(1, None, 5, (2, 1), post_crawford=True)
    assert decide(no_gammons(0.5), ctx, 0.68).double


def test_dmp_gammons_are_worthless() -> None:
    ctx = CubeContext(1, None, 1, (1, 1))
    plain = match_winning_chance(no_gammons(0.6), ctx)[0]
    gammonish = match_winning_chance([0.6, 0.4, 0.1, 0.3, 0.05], ctx)[0]
    assert plain == pytest.approx(0.6) and gammonish == pytest.approx(0.6)


def test_gammons_count_at_two_away_four_away() -> None:
    ctx = CubeContext(1, None, 7, (4, 2))
    assert (
        match_winning_chance([0.5, 0.3, 0.0, 0.0, 0.0], ctx)[0]
        > match_winning_chance(no_gammons(0.5), ctx)[0]
    )


def test_match_dp_is_one_emg_and_mwc_of_a_single_win() -> None:
    ctx = CubeContext(1, None, 7, (3, 5))
    d = decide(no_gammons(0.75), ctx, 0.68)
    assert d.dp == pytest.approx(1.0)
    assert d.dp_mwc == pytest.approx(default_met().mwc(2, 5))


def test_dead_cube_for_the_leader_needing_less_than_the_cube() -> None:
    """2-away owning a 2-cube: a redouble gains nothing, so it never redoubles."""
    assert not decide([0.75, 0.0, 0.0, 0.0, 0.0], CubeContext(2, 0, 7, (2, 5)), 0.68).double


def test_cubeful_equity_ranks_rows_by_match_winning_chance() -> None:
    ctx = CubeContext(1, None, 5, (3, 3))
    rows = np.array([no_gammons(0.55), no_gammons(0.60), [0.55, 0.3, 0.0, 0.0, 0.0]])
    emg = cubeful_equity(rows, ctx)
    assert emg[1] > emg[0] and emg[2] > emg[0]


def test_cube_noise_is_seeded() -> None:
    a = decide(no_gammons(0.7), MONEY, 0.68, noise=0.3, rng=np.random.default_rng(1))
    b = decide(no_gammons(0.7), MONEY, 0.68, noise=0.3, rng=np.random.default_rng(1))
    assert a == b


@pytest.mark.parametrize(
    "ctx",
    [
        MONEY,
        CubeContext(jacoby=True),
        CubeContext(2, 1),
        CubeContext(1, None, 5, (5, 5)),
        CubeContext(2, 0, 7, (2, 5)),
        CubeContext(1, None, 5, (1, 3), post_crawford=True),
        CubeContext(4, 0, 5, (5, 5)),
    ],
)
def test_one_row_is_valued_as_in_a_batch(ctx: CubeContext) -> None:
    """A single row (computed in plain floats) gets the same decision and equity as in a batch of rows."""
    rng = np.random.default_rng(3)
    for _ in range(60):
        w = rng.random()
        wg, lg = w * rng.random() * rng.random(), (1 - w) * rng.random() * rng.random()
        row = [w, wg, 0.2 * wg * rng.random(), lg, 0.2 * lg * rng.random()]
        x = rng.uniform(0.5, 0.8)
        assert decide([row], ctx, x) == decide([row, row], ctx, x)
        assert cubeful_equity([row], ctx, x)[0] == pytest.approx(
            cubeful_equity([row, no_gammons(0.5)], ctx, x)[0]
        )


def test_opponent_on_roll_cashes_a_market_loser() -> None:
    """After X's roll X has 10%: the opponent, on roll, doubles and X passes, so X's value is the cash (-1).

    Valued without the opponent's turn (Janowski's interpolation alone) it would be above -1.
    """
    row = [no_gammons(0.1)]
    assert decide(row, MONEY, 0.68, replies=[True]).nd == pytest.approx(-1.0)
    assert decide(row, MONEY, 0.68, replies=[False]).nd > -0.95
    # the opponent owns the cube after a take: it redoubles and X passes, losing two
    assert decide(row, MONEY, 0.68, replies=[True]).dt == pytest.approx(-2.0)


def test_level_cube_noise_is_fixed_by_the_position_and_seed() -> None:
    """A noisy level asked the same question twice answers the same; other seeds may differ."""
    evaluator, _ = hand_evaluator()
    novice = level_by_key("novice")
    ctx = CubeContext(1, None, 0)
    probs = np.array([0.78, 0.0, 0.0, 0.0, 0.0])
    answers = {
        seed: level_cube_decision(START_CODE, ctx, novice.depth, novice.noise, evaluator, seed, 1, probs)[1]
        for seed in range(40)
    }
    assert all(
        level_cube_decision(START_CODE, ctx, novice.depth, novice.noise, evaluator, s, 1, probs)[1]
        == answers[s]
        for s in (0, 7)
    )
    assert len({a.take for a in answers.values()}) == 2


def test_novice_never_turns_a_match_deciding_cube_by_a_slip() -> None:
    """5-point match at 0-0, the novice owning a 4-cube at the start: no double to 8, whatever the seed."""
    evaluator, _ = hand_evaluator()
    novice = level_by_key("novice")
    ctx = CubeContext(4, 0, 5, (5, 5))
    assert is_match_deciding(ctx) and not is_match_deciding(CubeContext(1, None, 5, (5, 5)))
    probs = np.array([0.5, 0.13, 0.005, 0.13, 0.005])
    assert not any(
        level_cube_decision(START_CODE, ctx, novice.depth, novice.noise, evaluator, s, 0, probs)[1].double
        for s in range(200)
    )
    # without the guard the novice's noise alone would double here now and then
    noisy = [
        decide(probs, ctx, 0.68, noise=novice.noise * CUBE_NOISE_RATIO, rng=np.random.default_rng(s)).double
        for s in range(200)
    ]
    assert any(noisy)


# --- resignation ----------------------------------------------------------------------------


def test_resignation_accepted_when_it_gives_at_least_the_equity() -> None:
    assert should_accept_resignation([0.99, 0.0, 0.0, 0.0, 0.0], MONEY, Resignation.SINGLE)
    assert not should_accept_resignation([0.99, 0.9, 0.0, 0.0, 0.0], CubeContext(2, 0), Resignation.SINGLE)
    assert should_accept_resignation([0.99, 0.9, 0.0, 0.0, 0.0], CubeContext(2, 0), Resignation.GAMMON)


def test_a_gammon_certain_but_for_a_tiny_backgammon_chance_accepts_a_gammon_resignation() -> None:
    almost = [1.0, 1.0, 0.00001, 0.0, 0.0]
    assert should_accept_resignation(almost, CubeContext(), Resignation.GAMMON)
    assert should_accept_resignation(almost, CubeContext(length=7, away=(7, 7)), Resignation.GAMMON)
    assert not should_accept_resignation(almost, CubeContext(), Resignation.SINGLE)


def test_a_real_backgammon_chance_declines_a_gammon_resignation() -> None:
    assert not should_accept_resignation([1.0, 1.0, 0.05, 0.0, 0.0], CubeContext(), Resignation.GAMMON)


def test_no_resignation_while_there_is_a_chance() -> None:
    assert resignation_offer([0.02, 0.0, 0.0, 0.5, 0.0]) is None


@pytest.mark.parametrize(
    ("probs", "offer"),
    [
        ([0.0, 0.0, 0.0, 0.0, 0.0], Resignation.SINGLE),
        ([0.0, 0.0, 0.0, 1.0, 0.0], Resignation.GAMMON),
        ([0.0, 0.0, 0.0, 1.0, 1.0], Resignation.BACKGAMMON),
        ([0.0, 0.0, 0.0, 0.5, 0.0], None),
    ],
)
def test_resignation_offer_by_gammon_chances(probs: list[float], offer: Resignation | None) -> None:
    assert resignation_offer(probs) is offer


# --- the hint protocol ------------------------------------------------------------------------


def run(lines: list[str]) -> list[dict[str, object]]:
    evaluator, _ = hand_evaluator()
    out = io.StringIO()
    serve(lines, out, 1, evaluator, None)
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_hint_cube_line_answers_a_cube_decision() -> None:
    (answer,) = run(["4HPwATDgc/ABMA:cAkAAAAAAAAA\n"])
    cube = answer["cube"]
    assert isinstance(cube, dict)
    assert cube["double"] is False and cube["take"] is True and cube["dp"] == 1.0
    assert float(cube["dt"]) < float(cube["nd"]) < 1.0


def test_hint_match_cube_line_carries_mwc() -> None:
    (answer,) = run(["4HPwATDgc/ABMA:cAlgAAAAAAAE\n"])
    cube = answer["cube"]
    assert isinstance(cube, dict) and 0.0 < float(cube["nd_mwc"]) < 1.0


def test_hint_id_line_with_dice_ranks_moves_and_old_lines_still_work() -> None:
    with_dice, old, bad = run(
        ["4HPwATDgc/ABMA:cAkLAAAAAAAA\n", "4HPwATDgc/ABMA 62\n", "4HPwATDgc/ABMA:xyz\n"]
    )
    assert with_dice["moves"] and old["moves"]
    assert {m["move"] for m in with_dice["moves"]} == {m["move"] for m in old["moves"]}  # type: ignore[union-attr]
    assert "error" in bad
