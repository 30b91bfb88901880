"""Distinct rows by a checked hash (:mod:`ai.evaluation.distinct_rows`): those ``numpy.unique`` finds."""

from __future__ import annotations

import numpy as np
import pytest

import ai.evaluation.distinct_rows as distinct_module
from ai.evaluation.distinct_rows import distinct_rows


def reference(rows: np.ndarray) -> tuple[list[int], list[int]]:
    """First occurrences in ascending order and each row's first, by a plain dictionary."""
    seen: dict[bytes, int] = {}
    first: list[int] = []
    owner: list[int] = []
    for i, row in enumerate(rows):
        key = bytes(row)
        if key not in seen:
            seen[key] = len(first)
            first.append(i)
        owner.append(seen[key])
    return first, owner


@pytest.mark.parametrize("width", [1, 7, 8, 9, 50, 54, 56])
def test_distinct_rows_are_the_first_of_each_in_order_with_every_row_s_first(width: int) -> None:
    rng = np.random.default_rng(width)
    base = rng.integers(0, 3, (40, width), dtype=np.uint8)
    rows = base[rng.integers(0, 40, 300)]  # many copies of a few rows
    first, owner = distinct_rows(rows)
    want_first, want_owner = reference(rows)
    assert first.tolist() == want_first
    assert owner.tolist() == want_owner


def test_rows_that_differ_only_past_the_first_word_are_told_apart() -> None:
    rows = np.zeros((3, 50), dtype=np.uint8)
    rows[1, 49] = 1
    rows[2, 49] = 1
    assert distinct_rows(rows)[0].tolist() == [0, 1]


def test_different_rows_sharing_a_hash_are_still_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(distinct_module, "_MULTIPLIERS", np.zeros_like(distinct_module._MULTIPLIERS))
    rows = np.random.default_rng(5).integers(0, 2, (200, 50), dtype=np.uint8)
    first, owner = distinct_rows(rows)
    want_first, want_owner = reference(rows)
    assert first.tolist() == want_first and owner.tolist() == want_owner


def test_no_rows_give_no_rows() -> None:
    first, owner = distinct_rows(np.zeros((0, 50), dtype=np.uint8))
    assert first.size == 0 and owner.size == 0
