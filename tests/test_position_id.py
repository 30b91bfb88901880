"""GNU Backgammon Position IDs: known values, round trips, and bad IDs."""

from __future__ import annotations

import base64
import random
import re

import pytest
from helpers import side

from game.rules.position import (
    START_CODE,
    Position,
    PositionError,
    from_position_id,
    pack,
    position_id,
)

KNOWN = {
    "4HPwATDgc/ABMA": START_CODE,
    "AAAAAAAAAAAAAA": pack([0] * 25, [0] * 25),
}
"""IDs GNU Backgammon gives (the start is the one its manual shows)."""


def test_start_position_id() -> None:
    assert position_id(START_CODE) == "4HPwATDgc/ABMA"
    assert Position.start().position_id() == "4HPwATDgc/ABMA"
    assert str(Position.start()) == "4HPwATDgc/ABMA"


@pytest.mark.parametrize("pid", sorted(KNOWN))
def test_known_ids_decode(pid: str) -> None:
    assert from_position_id(pid) == KNOWN[pid]


def test_id_after_opening_31_from_the_opponents_side() -> None:
    # 8/5 6/5 played; the other player is now on roll (the value GNU Backgammon gives)
    played = side({24: 2, 13: 5, 8: 2, 6: 4, 5: 2})
    code = pack(side({24: 2, 13: 5, 8: 3, 6: 5}), played)
    assert position_id(code) == "sGfwATDgc/ABMA"
    assert from_position_id("sGfwATDgc/ABMA") == code


def test_id_with_checkers_on_the_bar() -> None:
    # two of the mover's on the bar, thirteen on its 6; the opponent's fifteen on its 6
    code = pack(side({25: 2, 6: 13}), side({6: 15}))
    assert position_id(code) == "4P8PAADg/wMAYA"
    assert from_position_id("4P8PAADg/wMAYA") == code


def test_id_round_trip_on_random_boards() -> None:
    rng = random.Random(11)
    for _ in range(500):
        mine = [0] * 25
        theirs = [0] * 25
        for _ in range(rng.randint(0, 15)):
            mine[rng.randrange(25)] += 1
        for _ in range(rng.randint(0, 15)):
            q = rng.randrange(25)
            if q == 24 or not mine[23 - q]:
                theirs[q] += 1
        code = pack(mine, theirs)
        pid = position_id(code)
        assert len(pid) == 14
        assert from_position_id(pid) == code


def test_id_surrounding_spaces_are_ignored() -> None:
    assert from_position_id("  4HPwATDgc/ABMA \n") == START_CODE


def test_id_letters_are_case_sensitive() -> None:
    # base64 distinguishes case: the lower-cased start ID is another (here invalid) ID
    with pytest.raises(PositionError):
        from_position_id("4hpwatdgc/abma")


def test_bad_id_wrong_length() -> None:
    with pytest.raises(PositionError, match="14 characters"):
        from_position_id("4HPwATDgc/ABM")
    with pytest.raises(PositionError, match="14 characters"):
        from_position_id("")


def test_bad_id_not_base64() -> None:
    with pytest.raises(PositionError, match="base64"):
        from_position_id("4HPwATDgc/AB!A")


def test_bad_id_not_a_string() -> None:
    with pytest.raises(PositionError, match="string"):
        from_position_id(12345)  # type: ignore[arg-type]


def test_bad_id_too_many_checkers() -> None:
    # all 80 bits set: the first side's first slot swallows every bit
    with pytest.raises(PositionError, match="runs out of bits"):
        from_position_id("/////////////w")


def test_bad_id_sixteen_checkers_for_one_side() -> None:
    # 16 ones then the separators: 16 checkers on the opponent's point 1
    bits = (1 << 16) - 1
    pid = base64.b64encode(bits.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(PositionError, match="more than 15"):
        from_position_id(pid)


def test_bad_id_both_colours_on_one_point() -> None:
    # the opponent's point 19 is the mover's point 6: put one of each there
    theirs = side({19: 1})
    mine = side({6: 1})
    bits = 0
    n = 0
    for s in (theirs, mine):
        for count in s:
            bits |= ((1 << count) - 1) << n
            n += count + 1
    pid = base64.b64encode(bits.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(PositionError, match="both sides"):
        from_position_id(pid)


def test_bad_id_bits_beyond_the_last_slot() -> None:
    # fifty separators use 50 bits; a 1 after them is no slot at all
    bits = 1 << 60
    pid = base64.b64encode(bits.to_bytes(10, "little")).decode()[:14]
    with pytest.raises(PositionError, match="beyond the last slot"):
        from_position_id(pid)


def test_position_from_id_classmethod() -> None:
    assert Position.from_id("4HPwATDgc/ABMA") == Position.start()
    with pytest.raises(PositionError):
        Position.from_id("nonsense")


def test_bad_id_stray_bits_in_the_last_character() -> None:
    # the last character's low 4 bits are unused: "B" instead of "A" must not pass silently
    with pytest.raises(PositionError, match="did you mean '4HPwATDgc/ABMA'"):
        from_position_id("4HPwATDgc/ABMB")


BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@pytest.mark.parametrize("low_bits", range(16))
def test_an_id_with_stray_bits_in_its_last_character_is_refused(low_bits: int) -> None:
    for canonical in ("4HPwATDgc/ABMA", "mHPMASLg28gBKA", "sGfwATDgc/ABMA", "2+4OAADb3gAAAA"):
        used = BASE64_ALPHABET.index(canonical[-1])  # its 2 bits of the key; the 4 below are unused
        text = canonical[:-1] + BASE64_ALPHABET[used | low_bits]
        if low_bits:
            with pytest.raises(PositionError, match=re.escape(f"(did you mean {canonical!r}?)")):
                from_position_id(text)
        else:
            assert position_id(from_position_id(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "4HPwATDgc/AB==",
        "4HPwATDgc/ABM=",
        "4HPwATDgc/A===",
        "4HPwAT=gc/ABMA",
        "==============",
        "4HPwATDgc/ABM-",
    ],
)
def test_an_id_with_padding_or_a_character_outside_base64_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(PositionError, match="bad base64 characters"):
        from_position_id(text)


def unary_position_id(code: int) -> str:
    """The Position ID by its definition: one unary run a slot, written one slot at a time."""
    raw = code.to_bytes(50, "little")
    order = list(raw[24::-1]) + list(raw[:24:-1])  # the mover's slots from the bar down, then the opponent's
    key = int("".join("0" + "1" * n for n in order), 2)
    return base64.b64encode(key.to_bytes(10, "little")).decode("ascii")[:14]


def test_ids_written_two_slots_at_a_time_match_the_definition() -> None:
    rng = random.Random(11)
    codes = []
    for _ in range(3000):
        mine, theirs = [0] * 25, [0] * 25
        for slots in (mine, theirs):
            for _ in range(rng.randint(0, 15)):
                slots[rng.randrange(25)] += 1
        codes.append(pack(mine, theirs))
    codes += [pack([15] + [0] * 24, [0] * 24 + [15]), pack([0] * 24 + [15], [15] + [0] * 24)]
    for code in codes:
        assert position_id(code) == unary_position_id(code)


def test_a_slot_over_fifteen_checkers_is_written_one_slot_at_a_time() -> None:
    # not a legal board, but the writer must not fall over: the pair table stops at 15
    code = pack([16, 0, 3] + [0] * 22, [0] * 25)
    assert position_id(code) == unary_position_id(code)
