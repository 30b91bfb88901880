"""game.support.validate: each kind of value JSON can hold, refused where it does not belong."""

from __future__ import annotations

import json
from dataclasses import asdict, fields

import pytest

from game.rules.move import Step
from game.support import validate as v
from ui.model.display import AnimationSpeed, HomeSide, ThemeChoice
from ui.model.seats import CheckerColour, Control
from ui.model.session import FirstMove, GameConfig, GameSession, SaveError
from ui.model.storage import _SETTING_CHECKS, RealDice, Settings


def test_integer_refuses_a_float_that_looks_whole() -> None:
    with pytest.raises(v.Invalid, match="whole number"):
        v.integer(3.0, "n", 1, 7)


def test_integer_refuses_true() -> None:
    with pytest.raises(v.Invalid, match="whole number"):
        v.integer(True, "n", 0, 1)


def test_integer_refuses_out_of_range_and_names_the_field() -> None:
    with pytest.raises(v.Invalid, match=r"depth must be 1\.\.4"):
        v.integer(5, "depth", 1, 4)


def test_number_refuses_infinity_from_1e400() -> None:
    with pytest.raises(v.Invalid, match="noise"):
        v.number(json.loads("1e400"), "noise", 0, 10)


def test_number_refuses_nan() -> None:
    with pytest.raises(v.Invalid):
        v.number(float("nan"), "x", 0, 10)


def test_number_takes_an_int() -> None:
    assert v.number(2, "x", 0, 10) == 2.0


def test_choice_refuses_the_same_value_of_another_type() -> None:
    with pytest.raises(v.Invalid):
        v.choice(3.0, "match_length", (1, 3, 5, 7))
    with pytest.raises(v.Invalid):
        v.choice(True, "player", (0, 1))
    assert v.choice(3, "match_length", (1, 3, 5, 7)) == 3


def test_text_refuses_empty_and_too_long() -> None:
    with pytest.raises(v.Invalid):
        v.text("", "seed")
    with pytest.raises(v.Invalid, match="longer than"):
        v.text("x" * 21, "board", 20)


def test_items_checks_length_and_type() -> None:
    with pytest.raises(v.Invalid, match="list"):
        v.items({"a": 1}, "log", 10)
    with pytest.raises(v.Invalid, match="2 items"):
        v.items([1], "dice", 2, 2)
    with pytest.raises(v.Invalid, match="more than"):
        v.items([0] * 11, "log", 10)


def test_field_says_which_is_missing() -> None:
    with pytest.raises(v.Invalid, match="seed is missing"):
        v.field({}, "seed")


def test_message_quotes_a_long_value_short() -> None:
    with pytest.raises(v.Invalid) as exc:
        v.integer("x" * 10_000, "n", 0, 1)
    assert len(str(exc.value)) < 120


def test_every_setting_is_checked() -> None:
    assert set(_SETTING_CHECKS) == {f.name for f in fields(Settings)}


def test_default_settings_pass_their_own_checks() -> None:
    Settings().validate()
    assert Settings.repair(Settings().to_json()) == (Settings(), [])


def test_a_saved_checker_colour_comes_back_as_a_colour_with_an_other_side() -> None:
    saved_text = json.dumps(Settings(colour=CheckerColour.DARK).to_json())
    loaded, problems = Settings.repair(json.loads(saved_text))
    assert problems == [] and loaded.colour is CheckerColour.DARK
    assert loaded.colour.other is CheckerColour.LIGHT and CheckerColour.LIGHT.other is CheckerColour.DARK
    config = GameConfig("casual", 1, 0.0, 3, "you", CheckerColour.DARK)
    assert GameConfig.from_json(json.loads(json.dumps(asdict(config)))).colour is CheckerColour.DARK


def test_a_saved_checker_colour_that_is_no_colour_is_refused() -> None:
    loaded, problems = Settings.repair({**Settings().to_json(), "colour": "purple"})
    assert loaded.colour is CheckerColour.LIGHT and problems


ENUM_SETTINGS = {
    "first": FirstMove.COMPUTER,
    "colour": CheckerColour.DARK,
    "animation": AnimationSpeed.SLOW,
    "theme": ThemeChoice.COLOUR_BLIND,
    "home": HomeSide.LEFT,
    "opponent": Control.HUMAN,
    "manual_dice": RealDice.BOTH,
}
"""A setting of each kind chosen from a list, with a value other than its default."""


@pytest.mark.parametrize("name", ENUM_SETTINGS)
def test_a_setting_chosen_from_a_list_is_saved_as_its_word_and_read_back_as_the_choice(name: str) -> None:
    chosen = ENUM_SETTINGS[name]
    text = json.dumps(Settings(**{name: chosen}).to_json())  # type: ignore[arg-type]
    assert json.loads(text)[name] == chosen.value
    loaded, problems = Settings.repair(json.loads(text))
    assert problems == [] and getattr(loaded, name) is chosen


@pytest.mark.parametrize("name", ENUM_SETTINGS)
@pytest.mark.parametrize("saved", ["purple", "", 1, None, ["left"]])
def test_a_saved_choice_that_is_not_on_the_list_is_refused_and_the_default_kept(
    name: str, saved: object
) -> None:
    loaded, problems = Settings.repair({name: saved})
    assert getattr(loaded, name) is getattr(Settings(), name)
    assert len(problems) == 1 and name in problems[0]


def test_real_dice_saved_as_true_or_false_by_older_versions_read_as_yours_or_none() -> None:
    assert Settings.repair({"manual_dice": True}) == (Settings(manual_dice=RealDice.YOURS), [])
    assert Settings.repair({"manual_dice": False}) == (Settings(manual_dice=RealDice.NONE), [])
    assert Settings.repair({"manual_dice": "yours"})[0].manual_dice is RealDice.YOURS


def test_member_takes_a_member_or_its_value_and_nothing_else() -> None:
    assert v.member(HomeSide.LEFT, "home", HomeSide) is HomeSide.LEFT
    assert v.member("left", "home", HomeSide) is HomeSide.LEFT
    with pytest.raises(v.Invalid, match="home must be one of 'right', 'left'"):
        v.member("LEFT", "home", HomeSide)
    with pytest.raises(v.Invalid):
        v.member(CheckerColour.DARK, "home", HomeSide)  # a member of another list


def test_the_theme_key_switches_between_the_two_themes_and_back() -> None:
    assert ThemeChoice.CLASSIC.other is ThemeChoice.COLOUR_BLIND
    assert ThemeChoice.COLOUR_BLIND.other is ThemeChoice.CLASSIC


def test_animation_speeds_run_from_none_to_slow() -> None:
    seconds = [speed.step_seconds for speed in AnimationSpeed]
    assert seconds[0] == 0.0 and seconds == sorted(seconds) and len(set(seconds)) == len(seconds)


def test_a_saved_game_s_first_mover_and_opponent_come_back_as_choices() -> None:
    config = GameConfig("casual", 1, 0.0, 3, FirstMove.COMPUTER, CheckerColour.LIGHT, opponent=Control.HUMAN)
    loaded = GameConfig.from_json(json.loads(json.dumps(asdict(config))))
    assert loaded.first is FirstMove.COMPUTER and loaded.opponent is Control.HUMAN and loaded.is_two_player()
    with pytest.raises(SaveError, match="config first"):
        GameConfig.from_json({**json.loads(json.dumps(asdict(config))), "first": "nobody"})


@pytest.mark.parametrize(("first", "human_first"), [(FirstMove.YOU, True), (FirstMove.COMPUTER, False)])
def test_a_fixed_first_mover_moves_first_whatever_the_opening_roll(
    first: FirstMove, human_first: bool
) -> None:
    for seed in ("a", "b", "c", "d"):
        s = GameSession(GameConfig("casual", 1, 0.0, 3, first, CheckerColour.LIGHT), seed=seed)
        s.begin()
        assert (s.state.turn == 0) is human_first


def test_with_the_opening_roll_deciding_the_higher_die_moves_first() -> None:
    for seed in ("a", "b", "c", "d", "e", "f"):
        s = GameSession(GameConfig("casual", 1, 0.0, 3, FirstMove.ROLL, CheckerColour.LIGHT), seed=seed)
        opening = s.begin()
        assert (s.state.turn == 0) is (opening.first > opening.second)


# --- saved games --------------------------------------------------------------------------


def saved() -> dict[str, object]:
    s = GameSession(GameConfig("casual", 1, 0.0, 3, "you", CheckerColour.LIGHT), seed="validate")
    s.begin()
    s.play(s.state.legal_moves()[0])
    s.roll()
    return s.to_json()


def test_saved_game_round_trips() -> None:
    data = saved()
    assert GameSession.from_json(data).to_json() == data


def test_save_whose_match_length_differs_from_its_config_is_refused() -> None:
    data = saved()
    data["match"] = {"length": 5, "games": []}
    with pytest.raises(SaveError, match="match is to 5"):
        GameSession.from_json(data)


def test_save_with_dice_and_nobody_on_roll_is_refused() -> None:
    data = saved()
    data["turn"] = None
    with pytest.raises(SaveError, match="nobody on roll"):
        GameSession.from_json(data)


def test_save_with_a_die_of_7_is_refused() -> None:
    data = saved()
    data["dice"] = [7, 1]
    with pytest.raises(SaveError, match=r"dice\[0\]"):
        GameSession.from_json(data)


def test_save_with_version_true_is_refused() -> None:
    data = saved()
    data["version"] = True
    with pytest.raises(SaveError, match="version"):
        GameSession.from_json(data)


@pytest.mark.parametrize(
    ("step", "ok"),
    [
        ([25, 20, False], True),  # entering from the bar with a 5
        ([3, 0, False], True),  # bearing off with a 3
        ([13, 7, True], True),
        ([99, -5, False], False),
        ([7, 13, False], False),  # backwards
        ([13, 3, False], False),  # ten points: no die does that
        ([13, 7, 1], False),  # hit must be true or false
        ([13.0, 7, False], False),
    ],
    ids=["bar", "bear-off", "hit", "99-to-minus-5", "backwards", "ten-points", "hit-1", "float-point"],
)
def test_logged_step_is_checked_by_type_and_range(step: list[object], ok: bool) -> None:
    data = saved()
    log = data["log"]
    assert isinstance(log, list)
    log[0][2] = [step]
    if ok:
        assert GameSession.from_json(data).log[0].steps == (Step(*step),)  # type: ignore[arg-type]
    else:
        with pytest.raises(SaveError):
            GameSession.from_json(data)


def test_log_turn_of_five_steps_is_refused() -> None:
    data = saved()
    log = data["log"]
    assert isinstance(log, list)
    log[0][2] = [[6, 5, False]] * 5
    with pytest.raises(SaveError, match="more than 4"):
        GameSession.from_json(data)
