"""Right to left (issue 55): a Hebrew line put in drawing order by the simple bidirectional rules of
ui/text/bidi.py: Hebrew runs reversed, numbers and Latin words kept in their order, brackets mirrored,
direction marks used and left out."""

from __future__ import annotations

import pytest

from ui.text.bidi import is_rtl, levels, visual


@pytest.mark.parametrize(
    ("logical", "drawn"),
    [
        ("שלום", "םולש"),
        ("שלום עולם", "םלוע םולש"),
        ("יש לך 12 נקודות", "תודוקנ 12 ךל שי"),
        ("לחץ Enter כדי להמשיך", "ךישמהל ידכ Enter ץחל"),
        ("לחץ Ctrl+Z לביטול", "לוטיבל Ctrl+Z ץחל"),
        ("סיכוי (12.5%)", "(12.5%) יוכיס"),
        ("ניצחון 50.0%, גאמון 10.0%", "10.0% ןומאג ,50.0% ןוחצינ"),
        ("שחקן: Anna Smith (ראשון)", "(ןושאר) Anna Smith :ןקחש"),
        ("\u200e-0.123 שווי", "יווש -0.123"),
        ("משחק עד 5 נקודות, 3-2", "3-2 ,תודוקנ 5 דע קחשמ"),
    ],
)
def test_a_hebrew_line_is_drawn_right_to_left_with_its_numbers_and_latin_in_order(
    logical: str, drawn: str
) -> None:
    assert visual(logical, True) == drawn


def test_a_line_without_hebrew_in_a_left_to_right_language_is_unchanged() -> None:
    for line in ("Double (take)", "12.5%", "", "3-2 a b"):
        assert visual(line) == line and not is_rtl(line)


def test_hebrew_inside_a_left_to_right_line_is_reversed_in_place() -> None:
    assert visual("Name: שלום, Anna") == "Name: םולש, Anna"
    assert visual("Name: שלום (1)") == "Name: (1) םולש"  # the bracketed number goes with the Hebrew


def test_brackets_in_a_right_to_left_run_are_mirrored() -> None:
    assert visual("(שלום)", True) == "(םולש)"
    assert visual("[א]", True) == "[א]"


def test_trailing_spaces_take_the_paragraphs_direction() -> None:
    level, base = levels("abc  ", True)
    assert base == 1 and level[-1] == 1 and level[0] == 2


def test_direction_marks_are_never_drawn() -> None:
    assert "\u200e" not in visual("\u200e+0.5 א", True) and "\u200f" not in visual("a\u200fb", True)
