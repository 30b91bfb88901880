"""``python main.py drills``: add a record's errors, list, answer, export and import; each refusal
in one line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from ai.engine import Engine, default_evaluator
from ai.engine_types import CONFIRM_MODES, Review
from bench.drills import random_cards
from game.drills.card import DEFAULT_MIN_ERROR, Card
from game.drills.deck import DECK_FILE, open_deck
from game.rules.cube import CubeAction
from game.rules.move import legal_moves
from game.rules.position import Position
from main import main
from tests.drill_cases import NOW, answered_deck, deck_cards, lasse_review
from ui.text.explain import drill_why, speak


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["drills", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_drills_add_keeps_the_players_errors_once_however_often_the_record_is_added(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, review = lasse_review()
    code, out, _ = _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")
    assert code == 0
    first = deck_cards(home)
    expected = [d for d in review.decisions if d.player == 0 and d.error >= DEFAULT_MIN_ERROR]
    assert len(first) == len(expected) >= 1
    assert out.startswith(f"{len(first)} card")
    code, out, _ = _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")
    assert code == 0 and out.startswith("0 cards added") and "already in the deck" in out
    assert deck_cards(home) == first


def test_a_player_not_in_the_record_is_refused_in_one_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = lasse_review()
    code, out, err = _run(capsys, "add", str(path), "--player", "nori", "--depth", "1", "--quick")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "'nori' is not a player" in err and "'lasse'" in err


def test_drills_answer_says_whether_it_was_right_the_best_why_and_when_it_is_due(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = lasse_review()
    _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")
    code, out, _ = _run(capsys, "list", "--due", "--json")
    assert code == 0
    listed = json.loads(out)
    first = next(c for c in listed if c["played"] == "24/23 24/21")
    assert set(first) >= {"id", "xgid", "dice", "played", "best", "error", "due"}
    assert first["dice"] == [3, 1] and first["best"] == "8/5 6/5"
    code, out, _ = _run(capsys, "answer", str(first["id"]), "24/21", "24/23", "--json")
    wrong = json.loads(out)
    assert code == 0 and wrong["correct"] is False and wrong["best"] == "8/5 6/5"
    assert wrong["error"] == pytest.approx(first["error"], abs=1e-4) and "8/5 6/5 wins" in wrong["why"]
    code, out, _ = _run(capsys, "answer", str(first["id"]), "6/5", "8/5", "--json")
    right = json.loads(out)
    assert right["correct"] is True and right["error"] == 0.0
    assert right["due"] > wrong["due"]
    code, out, _ = _run(capsys, "list", "--due", "--json")
    assert first["id"] not in [c["id"] for c in json.loads(out)]


def test_a_move_the_review_did_not_rank_is_judged_by_the_engine(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = lasse_review()
    _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")
    card = next(c for c in deck_cards(home) if c.played == "24/23 24/21")
    position = Position.from_id(card.position_id)

    ranked = {o.after for o in card.options}
    assert card.dice is not None
    other = next(
        m for m in legal_moves(position, card.dice) if Position(m.after.code).position_id() not in ranked
    )
    code, out, _ = _run(capsys, "answer", str(card.id), other.notation(), "--json", "--quick")
    said = json.loads(out)
    assert code == 0 and said["correct"] is False and said["error"] > 0 and said["best"] == "8/5 6/5"
    assert said["trials"] == 0  # the search alone


def test_a_costly_move_the_card_did_not_rank_is_judged_again_by_a_rollout(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = lasse_review()
    _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")
    card = next(c for c in deck_cards(home) if c.played == "24/23 24/21")
    code, out, _ = _run(capsys, "answer", str(card.id), "6/2", "--json")
    said = json.loads(out)
    assert code == 0 and said["correct"] is False and said["trials"] >= 36
    assert said["best"] == "8/5 6/5" and said["error"] > 0.1  # 6/2 leaves a blot and breaks the 6 point
    assert 0 < said["interval"] < said["error"]  # half the rollout's 95% interval
    code, out, _ = _run(capsys, "answer", str(card.id), "6/2")
    assert code == 0 and "(rollout, " in out and "trials)" in out
    assert f"it costs {said['error']:.3f} ± {said['interval']:.3f} (rollout" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("answer", "1", "13/7"), "there is no card 1"),
        (("export", "deck.doc"), "ends in .json"),
        (("import", "missing.json"), "No such file"),
    ],
)
def test_a_bad_command_is_refused_in_one_line(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args,
    said,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err


def test_an_illegal_answer_is_refused_in_one_line(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        (cid,) = deck.add(random_cards(1), NOW)
    code, _, err = _run(capsys, "answer", str(cid), "24/1")
    assert code == 2 and "is not a legal move" in err and err.count("\n") == 1
    code, _, err = _run(capsys, "answer", str(cid), "double")
    assert code == 2 and "is not a legal move" in err


def test_export_and_import_from_the_command_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entries = answered_deck(home)
    for name in ("deck.json", "deck.csv", "deck.txt"):
        code, out, _ = _run(capsys, "export", str(tmp_path / name))
        assert code == 0 and out.startswith(f"{len(entries)} cards written")
    other = tmp_path / "other.sqlite3"
    code, out, _ = _run(capsys, "--deck", str(other), "import", str(tmp_path / "deck.csv"))
    assert code == 0 and out.startswith(f"{len(entries)} cards imported")
    code, out, err = _run(capsys, "--deck", str(other), "import", str(tmp_path / "deck.txt"))
    assert code == 2 and "lacks the columns" in err


def test_drills_add_keeps_each_cards_explanation_in_english_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ai.engine import Engine, default_evaluator
    from game.rules.cube import CubeAction
    from ui.text.explain import drill_why

    path, _, review = lasse_review()
    assert _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")[0] == 0
    cards = deck_cards(home)
    engine = Engine(default_evaluator()[0])
    decisions = {(d.game, d.turn, str(d.kind)): d for d in review.decisions}
    assert cards
    for card in cards:
        d = decisions[(card.source.game, card.source.turn, card.decision)]
        said = engine.explain_decision(d)
        assert said is not None
        assert card.why == drill_why(said, None if d.kind == "move" else CubeAction(d.kind)) != ""
        assert " is better" not in card.why  # the two sentences after the headline the card's lines say


def test_drills_add_keeps_only_the_errors_a_rollout_confirms_valued_by_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, review = lasse_review()
    code, _, err = _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--trials", "36")
    assert code == 0 and "confirm" in err
    one_round = replace(CONFIRM_MODES["default"], max_trials=36, min_trials=36)
    confirmed = Engine(default_evaluator()[0]).confirm_review(review, one_round, processes=2)
    expected = [d for d in confirmed.vouched() if d.player == 0 and d.error >= DEFAULT_MIN_ERROR]
    cards = deck_cards(home)
    assert [(c.source.game, c.source.turn, c.decision) for c in cards] == [
        (d.game, d.turn, str(d.kind)) for d in expected
    ]
    assert [c.error for c in cards] == pytest.approx([d.error for d in expected])
    searched = [d for d in review.decisions if d.player == 0 and d.error >= DEFAULT_MIN_ERROR]
    assert len(cards) <= len(searched)  # a rollout never adds an error the search did not report
    for card in cards:
        assert card.why.startswith("By the search at depth ") and "(a rollout found the error" in card.why
        if card.dice is not None:  # the moves the rollout played, by its equities: the card's error
            assert 2 <= len(card.options) <= 3
            mine = next(o for o in card.options if o.move == card.played)
            assert card.options[0].equity - mine.equity == pytest.approx(card.error, abs=1e-5)


def reasons_in(language: str, cards: list[Card], review: Review) -> bool:
    """Whether each card keeps its decision's reasons as ``language`` words them."""
    engine = Engine(default_evaluator()[0])
    by_key = {(d.game, d.turn, str(d.kind)): d for d in review.decisions}
    speak(language)
    try:
        for card in cards:
            d = by_key[(card.source.game, card.source.turn, card.decision)]
            said = engine.explain_decision(d)
            assert said is not None
            if card.why != drill_why(said, None if d.kind == "move" else CubeAction(d.kind)):
                return False
    finally:
        speak("en")
    return bool(cards)


def test_drills_add_words_the_cards_reasons_in_the_language_asked(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, review = lasse_review()
    args = ("add", str(path), "--player", "lasse", "--depth", "1", "--quick")
    assert _run(capsys, *args, "--language", "de")[0] == 0
    cards = deck_cards(home)
    assert reasons_in("de", cards, review) and not reasons_in("en", cards, review)
    assert any(" gewinnt " in c.why or "Gammon" in c.why for c in cards), [c.why for c in cards]


def test_drills_add_speaks_the_language_chosen_in_the_windows_settings_by_default(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, review = lasse_review()
    (home / "settings.json").write_text(json.dumps({"language": "fr"}))
    assert _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")[0] == 0
    cards = deck_cards(home)
    assert reasons_in("fr", cards, review) and not reasons_in("en", cards, review)
    assert json.loads((home / "settings.json").read_text()) == {"language": "fr"}  # untouched


def test_a_damaged_settings_file_leaves_drills_add_in_the_systems_language_and_untouched(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, review = lasse_review()
    (home / "settings.json").write_bytes(b"{not json\xff")
    assert _run(capsys, "add", str(path), "--player", "lasse", "--depth", "1", "--quick")[0] == 0
    assert reasons_in("en", deck_cards(home), review)
    assert (home / "settings.json").read_bytes() == b"{not json\xff"  # the window's to set aside and tell


def test_drills_add_refuses_a_language_the_game_does_not_speak_in_one_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = lasse_review()
    code, out, err = _run(capsys, "add", str(path), "--player", "lasse", "--quick", "--language", "xx")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "does not speak 'xx'" in err and "de" in err
