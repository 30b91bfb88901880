"""Tests of the network input encoding (ai.evaluation.features)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import side

from ai.evaluation.evaluator import boards
from ai.evaluation.features import (
    GLOBAL_FEATURES,
    N_INPUTS,
    RAW_PER_SIDE,
    SIDE_FEATURES,
    contact_mask,
    encode,
)
from game.rules.movegen import results
from game.rules.position import START_CODE, is_race, pack, swap

SIDE0 = 2 * RAW_PER_SIDE
MINE = {name: SIDE0 + i for i, name in enumerate(SIDE_FEATURES)}
THEIRS = {name: SIDE0 + len(SIDE_FEATURES) + i for i, name in enumerate(SIDE_FEATURES)}
GLOBAL = {name: SIDE0 + 2 * len(SIDE_FEATURES) + i for i, name in enumerate(GLOBAL_FEATURES)}


def enc(mine: list[int], theirs: list[int]) -> np.ndarray:
    return encode(boards([pack(mine, theirs)]))[0]


def sample_codes(n_games: int = 20, seed: int = 3) -> list[int]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n_games):
        code = START_CODE
        for _ in range(300):
            d1, d2 = (int(x) for x in rng.integers(1, 7, 2))
            res = results(code, d1, d2)
            code = swap(res[int(rng.integers(len(res)))])
            out.append(code)
            if not code & ((1 << 200) - 1) or not code >> 200:
                break
    return out


def test_shape_and_dtype() -> None:
    x = encode(boards([START_CODE, swap(START_CODE)]))
    assert x.shape == (2, N_INPUTS)
    assert x.dtype == np.float32


def test_empty_batch_encodes_to_empty_array() -> None:
    assert encode(np.zeros((0, 50), dtype=np.uint8)).shape == (0, N_INPUTS)


def test_wrong_shape_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="shape"):
        encode(np.zeros((3, 49), dtype=np.uint8))


def test_start_position_is_symmetric() -> None:
    x = encode(boards([START_CODE]))[0]
    assert np.array_equal(x[:RAW_PER_SIDE], x[RAW_PER_SIDE:SIDE0])
    assert np.allclose(
        x[SIDE0 : SIDE0 + len(SIDE_FEATURES)], x[SIDE0 + len(SIDE_FEATURES) : SIDE0 + 2 * len(SIDE_FEATURES)]
    )
    assert x[GLOBAL["pip_difference"]] == 0.0
    assert x[GLOBAL["contact"]] == 1.0


def test_swap_exchanges_the_two_sides() -> None:
    codes = sample_codes(5)
    a = encode(boards(codes))
    b = encode(boards([swap(c) for c in codes]))
    assert np.array_equal(a[:, :RAW_PER_SIDE], b[:, RAW_PER_SIDE:SIDE0])
    n = len(SIDE_FEATURES)
    assert np.allclose(a[:, SIDE0 : SIDE0 + n], b[:, SIDE0 + n : SIDE0 + 2 * n])
    assert np.allclose(a[:, GLOBAL["pip_difference"]], -b[:, GLOBAL["pip_difference"]], atol=1e-5)


def test_tesauro_units_for_point_counts() -> None:
    x = enc(side({6: 1, 8: 2, 13: 3, 24: 9}), side({1: 0}))
    unit = lambda p: x[4 * (p - 1) : 4 * p].tolist()  # noqa: E731
    assert unit(6) == [1, 0, 0, 0]
    assert unit(8) == [0, 1, 0, 0]
    assert unit(13) == [0, 0, 1, 0]
    assert unit(24) == [0, 0, 1, 3.0]
    assert unit(5) == [0, 0, 0, 0]


def test_bar_and_borne_off_units() -> None:
    x = enc(side({6: 10}, bar=2), side({1: 3}))
    assert x[96] == 1.0  # my bar: 2 / 2
    assert x[97] == pytest.approx(3 / 15)  # 12 on board: 3 off
    assert x[RAW_PER_SIDE + 97] == pytest.approx(12 / 15)


def test_pip_count_feature() -> None:
    x = enc(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5}))
    assert x[MINE["pips"]] * 167 == pytest.approx(167)
    assert x[THEIRS["pips"]] * 167 == pytest.approx(30)


def test_direct_shot_at_blot_six_away() -> None:
    # my blot on my 10 point; their checker on my 4 point (their 21) is 6 pips short of it
    x = enc(side({10: 1, 6: 14}), side({21: 1, 1: 14}))
    # a 6 (11 rolls), 1-5 and 2-4 (2 each), 3-3 and 2-2 (1 each); 1-1 reaches only 4 pips
    assert x[MINE["shots_against"]] == pytest.approx(17 / 36)


def test_no_shots_without_blots() -> None:
    x = enc(side({10: 2, 6: 13}), side({21: 1, 1: 14}))
    assert x[MINE["shots_against"]] == 0.0


def test_shots_from_the_bar() -> None:
    # their checker on the bar enters on my point equal to the die: a blot on my 3 point is 3 pips away
    x = enc(side({3: 1, 6: 14}), side({1: 14}, bar=1))
    # rolls with a 3, 1-2, 1-1 (1+1+1) = 11 + 2 + 1 = 14
    assert x[MINE["shots_against"]] == pytest.approx(14 / 36)


def test_longest_prime_and_made_points() -> None:
    x = enc(side({4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 13: 5}), side({1: 15}))
    assert x[MINE["longest_prime"]] * 6 == pytest.approx(5)
    assert x[MINE["made_points"]] * 7 == pytest.approx(6)
    assert x[MINE["home_points"]] * 6 == pytest.approx(3)


def test_anchor_counts_points_in_opponent_home() -> None:
    x = enc(side({20: 2, 24: 2, 6: 11}), side({6: 15}))
    assert x[MINE["anchors"]] * 2 == pytest.approx(2)
    assert x[MINE["back_checkers"]] * 5 == pytest.approx(4)


def test_rear_checker_fully_blocked_has_no_mobility() -> None:
    # my checker on the bar; they hold their points 1..6 (my 19..24): a closed board
    x = enc(side({6: 14}, bar=1), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}))
    assert x[MINE["rear_mobility"]] == 0.0


def test_contact_flag_matches_is_race() -> None:
    codes = sample_codes(20)
    mask = contact_mask(boards(codes))
    assert mask.any() and not mask.all()
    assert mask.tolist() == [not is_race(c) for c in codes]


def test_contact_flag_with_checker_on_bar() -> None:
    assert contact_mask(boards([pack(side({1: 14}, bar=1), side({1: 15}))]))[0]


def test_encoding_is_finite_and_bounded_on_game_positions() -> None:
    x = encode(boards(sample_codes(10)))
    assert np.isfinite(x).all()
    assert x.min() >= -8.0 and x.max() <= 8.0


def test_a_few_positions_encode_exactly_as_in_a_large_batch() -> None:
    """Small batches take a row-by-row path for the shot share; it must give the same bits."""
    b = boards(sample_codes(10))
    assert len(b) > 100
    whole = encode(b)
    one_by_one = np.concatenate([encode(b[i : i + 1]) for i in range(len(b))])
    pairs = np.concatenate([encode(b[i : i + 2]) for i in range(0, len(b) - 1, 2)])
    assert np.array_equal(whole, one_by_one)
    assert np.array_equal(whole[: len(pairs)], pairs)


def test_encoding_is_bit_for_bit_the_plain_definition() -> None:
    """The fast encoder (bit masks and tables) gives exactly the plain one's float32 values,
    on positions before and just after moves, in small batches and large."""
    from features_reference import contact_mask as plain_contact
    from features_reference import encode as plain

    codes = sample_codes(40)
    after = [r for c in codes[::7] for r in results(c, 6, 6)[:3] + results(c, 2, 1)[:3]]
    b = boards(codes + after)
    assert len(b) > 3000
    assert np.array_equal(encode(b), plain(b))
    assert np.array_equal(contact_mask(b), plain_contact(b))
    for n in (1, 2, 9):
        assert np.array_equal(encode(b[:n]), plain(b[:n]))
