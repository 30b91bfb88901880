"""The Drill screen and the cards the window makes: the start screen's count, a card answered on the
board, by a cube key and by the worker's ranking, each answer kept in the deck, a damaged deck told,
and a reviewed record of the player's (by the name they go by) making its cards."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from ai.engine_types import ConfirmSettings
from bench.drills import random_cards
from game.drills.card import Card, DrillKind, Judged, Option, Source, judge
from game.drills.deck import DECK_FILE, open_deck
from game.rules.cube import CubeAction
from game.rules.move import MoveProblem, legal_moves, parse_move
from game.rules.position import Position
from tests.drill_cases import LASSE
from tests.ui_driver import key, run_until, to_human_move
from ui import text as words
from ui.app.app import App
from ui.model.records import keep_game
from ui.model.seats import CheckerColour
from ui.model.session import FirstMove, GameConfig, GameSession
from ui.scenes.base import Command
from ui.scenes.drill import scene as drill_scene
from ui.scenes.drill.names import NamesDialog, read_names
from ui.scenes.drill.scene import DRILL_ACTIONS, DrillScene, Stage
from ui.scenes.drill.typed import MoveDialog
from ui.scenes.game.tutor_dialog import TutorDialog
from ui.scenes.review.scene import ReviewScene
from ui.scenes.settings.menu import MenuScene
from ui.text.drills import move_refused
from ui.text.pseudo import PSEUDO
from ui.widgets.controls import label_lines, label_size


def _deck(home: Path, cards: list[Card]) -> None:
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        deck.add(cards, time.time() - 60)


def _drill(app: App) -> DrillScene:
    app.run(Command.DRILL)
    scene = app.stack.top()
    assert isinstance(scene, DrillScene)
    run_until(app, lambda: scene.stage is not Stage.LOADING, "the session's cards read")
    return scene


def _answers(home: Path, card_id: int) -> list[bool]:
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        return [a.right for a in deck.answers(card_id)]


def _cube_card() -> Card:
    return Card(
        "4HPwATDgc/ABMA", "cAkAAAAAAAAA", str(CubeAction.DOUBLE), "double", "no double", 0.07,
        Source("record:cube", "cube.mat", 1, 3, 2), cube=(0.31, 0.24, 1.0), kind=DrillKind.CUBE,
    )  # fmt: skip


def test_the_start_screen_says_how_many_positions_are_due(make_app: Callable[..., App], home: Path) -> None:
    _deck(home, random_cards(12))
    app = make_app()
    app.push(MenuScene(app))
    menu = app.stack.top()
    assert isinstance(menu, MenuScene)
    run_until(app, lambda: menu.due is not None, "the cards due counted")
    labels = {b.key: b.label for b in menu.buttons}
    assert labels["drill"] == "12 positions to practise"
    key(app, pygame.K_d)
    assert isinstance(app.stack.top(), DrillScene)


def test_a_move_played_on_the_board_is_judged_at_once_kept_and_the_next_card_follows(
    make_app: Callable[..., App], home: Path
) -> None:
    cards = random_cards(2)
    _deck(home, cards)
    app = make_app()
    scene = _drill(app)
    assert scene.stage is Stage.ASKING and scene.card is not None and scene.builder is not None
    card = scene.card
    assert card.dice is not None
    best = parse_move(card.best, Position.from_id(card.position_id), card.dice)
    first, *rest = best.steps
    scene.builder.play_steps([first])
    assert next(a for a in DRILL_ACTIONS if a.name == "undo").enabled(scene)
    scene.builder.play_steps(rest)
    key(app, pygame.K_RETURN)  # Enter plays the move made on the board
    assert scene.stage is Stage.ANSWERED and scene.judged is not None and scene.judged.right
    assert scene.view() is not None and scene.view().arrows  # type: ignore[union-attr]
    run_until(app, lambda: scene.schedule is not None, "the answer kept")
    assert _answers(home, card.id) == [True]
    key(app, pygame.K_RETURN)  # Enter: the next card
    assert scene.stage is Stage.ASKING and scene.card is not None and scene.card.id != card.id


def test_a_cube_card_is_answered_by_its_key_and_a_wrong_answer_comes_back_sooner(
    make_app: Callable[..., App], home: Path
) -> None:
    _deck(home, [_cube_card()])
    app = make_app()
    scene = _drill(app)
    assert scene.card is not None and scene.card.is_cube()
    assert not next(a for a in DRILL_ACTIONS if a.name == "take").enabled(scene)
    key(app, pygame.K_d)  # Double: the wrong answer
    assert scene.judged is not None and not scene.judged.right
    run_until(app, lambda: scene.schedule is not None, "the answer kept")
    assert scene.schedule is not None and scene.schedule.due - time.time() < 3600
    key(app, pygame.K_RETURN)
    assert scene.stage is Stage.EMPTY
    assert _answers(home, scene.session.cards[0][0].id) == [False]  # type: ignore[union-attr]


def test_a_move_the_card_did_not_rank_is_ranked_by_the_worker_off_the_windows_thread(
    make_app: Callable[..., App], home: Path
) -> None:
    card = random_cards(1)[0]
    assert card.dice is not None
    position = Position.from_id(card.position_id)
    ranked = {o.after for o in card.options}
    other = next(
        m for m in legal_moves(position, card.dice) if Position(m.after.code).position_id() not in ranked
    )
    _deck(home, [card])
    app = make_app()
    scene = _drill(app)
    scene.answer_with(other)
    assert scene.stage is Stage.JUDGING and scene.worker is not None
    run_until(app, lambda: scene.stage is Stage.ANSWERED, "the worker's ranking")
    assert scene.judged is not None and scene.judged.answer == other.notation()
    assert scene.worker is None


def test_a_damaged_deck_is_told_and_a_new_one_started(make_app: Callable[..., App], home: Path) -> None:
    (home / DECK_FILE).write_bytes(b"not a deck at all" * 64)
    app = make_app()
    scene = _drill(app)
    assert scene.stage is Stage.EMPTY
    assert any("moved aside" in a for a in app.alerts)
    assert list(home.glob(f"{DECK_FILE}.corrupt-*"))


def test_a_reviewed_record_of_a_player_named_as_i_go_by_makes_their_cards(
    make_app: Callable[..., App], home: Path, tmp_path: Path
) -> None:
    record = tmp_path / "lasse.mat"
    record.write_text(LASSE, encoding="utf-8")
    app = make_app(hint_depth=1, drill_names=["Lasse"])
    app.open_review(record.read_bytes(), record.name, record)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None, "the review")
    assert scene.path is not None
    errors = [d for d in scene.path.review.decisions if d.player == 0 and d.error >= 0.04]
    run_until(app, lambda: (home / DECK_FILE).exists() and not app.file_jobs.busy(), "the cards kept")
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        kept = deck.cards()
    assert len(kept) == len(errors) >= 1
    assert {c.player for c, _ in kept} == {"lasse"}
    assert "added to your drills" not in app.message[0]  # quietly: the status line is the review's
    # reviewed again: nothing new
    scene.close_scene()
    app.open_review(record.read_bytes(), record.name, record)
    again = app.stack.top()
    assert isinstance(again, ReviewScene)
    run_until(app, lambda: again.path is not None and not app.file_jobs.busy(), "the second review")
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        assert deck.count() == len(errors)


def _finished_match(seed: int = 5) -> GameSession:
    """A one-point match played to its end by random legal moves (the human errs, surely)."""
    config = GameConfig("casual", 1, 0.0, 1, FirstMove.YOU, CheckerColour.LIGHT)
    s = GameSession(config, seed=f"drills-{seed}")
    s.begin()
    rng = random.Random(seed)
    while s.outcome() is None:
        assert s.state.dice is not None
        moves = legal_moves(s.state.position, s.state.dice)
        s.play(rng.choice(moves) if moves else None)
        if s.outcome() is None:
            s.roll()
    return s


def test_a_finished_match_is_reviewed_in_the_background_and_the_players_errors_kept(
    make_app: Callable[..., App], home: Path
) -> None:
    app = make_app(hint_depth=1, drill_after_match=True)
    session = _finished_match()
    assert session.match_now().is_over()
    matches = app.store.matches_folder
    assert matches is not None
    keep_game(matches, session)  # as the game-over's file job does, before the review reads it
    assert app.after_match.start(app, session)
    run_until(app, lambda: "added to your drills" in app.message[0], "the match reviewed and its cards kept")
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        kept = deck.cards()
    assert kept and {c.bottom for c, _ in kept} == {0}  # the human's errors, none of the computer's
    assert not app.after_match.busy()


def test_no_background_review_unless_the_player_asks_for_it(make_app: Callable[..., App], home: Path) -> None:
    app = make_app()
    assert app.settings.drill_after_match is False
    session = _finished_match()
    assert not app.after_match.start(app, session)


def test_an_error_the_tutor_catches_becomes_a_card(make_app: Callable[..., App], home: Path) -> None:
    app = make_app(first="you", tutor="bad", hint_depth=1)
    key(app, pygame.K_RETURN)  # start a new game from the dialog
    g = to_human_move(app)
    run_until(app, lambda: g.flow.tutor_moves is not None, "the tutor's check")
    ranked = g.flow.tutor_moves
    assert ranked is not None
    worst = min(ranked, key=lambda r: r.equity)
    best = max(ranked, key=lambda r: r.equity)
    b = g.flow.builder
    assert b is not None
    b.play_steps(worst.move.steps)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top(), TutorDialog)
    run_until(app, lambda: (home / DECK_FILE).exists() and not app.file_jobs.busy(), "the card kept")
    deck, _ = open_deck(home / DECK_FILE)
    with deck:
        ((card, _),) = deck.cards()
    assert (card.played, card.best, card.dice) == (
        worst.move.notation(),
        best.move.notation(),
        g.session.state.dice,
    )
    assert card.error == pytest.approx(best.equity - worst.equity) and card.bottom == 0
    assert card.dice is not None
    right = judge(card, parse_move(card.best, Position.from_id(card.position_id), card.dice))
    assert right is not None and right.right


def test_a_typed_move_the_roll_cannot_play_is_refused_in_the_players_words_and_the_box_stays(
    make_app: Callable[..., App], home: Path
) -> None:
    _deck(home, random_cards(1))
    app = make_app()
    scene = _drill(app)
    card = scene.card
    assert card is not None and card.dice is not None
    mine = Position.from_id(card.position_id).mine
    empty = next(p for p in range(24, 1, -1) if not mine[p - 1] and not mine[p - 2])
    typed = f"{empty}/{empty - 1}"
    words.use(PSEUDO)  # the words come from the catalogue, not the rules' English
    try:
        scene.type_move()
        box = app.stack.top()
        assert isinstance(box, MoveDialog)
        box.entry.text = typed
        key(app, pygame.K_RETURN)
        assert app.stack.top() is box, "the box stays open to type again"
        assert box.why == move_refused(MoveProblem.NO_CHECKER, typed, card.dice)
        assert typed in box.why and "no checker of yours" not in box.why
    finally:
        words.use("")
    assert scene.stage is Stage.ASKING and _answers(home, card.id) == []


def test_the_names_the_player_goes_by_are_typed_on_the_drill_screen_and_kept_for_the_next_start(
    make_app: Callable[..., App], home: Path
) -> None:
    app = make_app()
    _drill(app)
    key(app, pygame.K_i)
    box = app.stack.top()
    assert isinstance(box, NamesDialog) and box.entry.text == ""
    for c in "lasse, Bob ,LASSE,":
        key(app, 0, unicode=c)
    assert box.entry.text == "lasse, Bob ,LASSE,"
    key(app, pygame.K_RETURN)  # Enter: the ringed "Keep these names"
    assert not isinstance(app.stack.top(), NamesDialog)
    assert app.settings.drill_names == ("lasse", "Bob")
    assert "lasse, Bob" in app.message[0]
    again = make_app()
    assert again.settings.drill_names == ("lasse", "Bob")


def test_names_typed_are_cleaned_kept_once_and_at_most_four() -> None:
    assert read_names("") == ((), 0)
    assert read_names(" , ,") == ((), 0)
    assert read_names("a\tb, A\tB") == (("ab",), 0)
    assert read_names("one, two, three, four, five, six") == (("one", "two", "three", "four"), 2)
    assert read_names("x" * 30) == (("x" * 20,), 0)


def test_at_800x600_every_drill_button_shows_its_whole_label_and_no_word_is_cut(
    make_app: Callable[..., App],
) -> None:
    app = make_app()
    scene = _drill(app)
    app.resize((800, 600))
    fonts = app.renderer.fonts
    assert {b.key for b in scene.buttons} == {a.name for a in DRILL_ACTIONS if a.button}
    size = label_size(fonts, scene.buttons)
    for b in scene.buttons:
        lines = label_lines(fonts.get(size, True), b.label, b.rect)
        assert lines is not None, b.label
        assert " ".join(lines).split() == b.label.split(), lines  # broken at spaces only
    assert all(b.rect.left >= 0 and b.rect.right <= 800 for b in scene.buttons)


def test_a_label_whose_word_is_wider_than_its_button_is_not_cut_in_two() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    narrow = pygame.Rect(0, 0, font.size("Doub")[0] + 8, 60)
    assert label_lines(font, "Double", narrow) is None
    wide = pygame.Rect(0, 0, font.size("Review after")[0] + 10, 60)
    assert label_lines(font, "Review after a match", wide) == ["Review after", "a match"]


ONE_ROUND = ConfirmSettings("test", max_trials=36, min_trials=36, truncate=2)
"""A confirming rollout of one round: an answer judged again in a second."""


def _opening_card() -> Card:
    """The opening 31 played 24/23 24/21, the best 8/5 6/5: the card holds only those two moves."""
    position = Position.from_id("4HPwATDgc/ABMA")
    played = parse_move("24/23 24/21", position, (3, 1))
    best = parse_move("8/5 6/5", position, (3, 1))
    return Card(
        "4HPwATDgc/ABMA", "cAkAAAAAAAAA", "move", played.notation(), best.notation(), 0.2,
        Source("record:opening", "opening.mat", 1, 0, 1), dice=(3, 1), depth=1,
        options=(
            Option(best.notation(), Position(best.after.code).position_id(), 0.16),
            Option(played.notation(), Position(played.after.code).position_id(), -0.04),
        ),
    )  # fmt: skip


def test_a_costly_answer_the_card_did_not_hold_is_judged_again_by_a_rollout(
    make_app: Callable[..., App], home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(drill_scene, "ANSWER_CONFIRM", ONE_ROUND)
    card = _opening_card()
    _deck(home, [card])
    app = make_app(review_mode="default")
    scene = _drill(app)
    position = Position.from_id(card.position_id)
    worst = parse_move("6/2", position, (3, 1))  # the search ranks it well below the best
    scene.answer_with(worst)
    run_until(app, lambda: scene.searched is not None or scene.stage is Stage.ANSWERED, "the ranking")
    assert scene.searched is not None and not scene.searched.right  # the search's verdict, held
    assert any("by a rollout" in line for line, _, _ in scene.lines())
    run_until(app, lambda: scene.stage is Stage.ANSWERED, "the rollout")
    judged = scene.judged
    assert judged is not None and judged.trials == 36 and judged.answer == worst.notation()
    assert judged.error > 0 and not judged.right and judged.best_after
    assert any(line == "rollout, 36 trials" for line, _, _ in scene.lines())
    assert scene.worker is None and scene.searched is None
    # its cost is said with the rollout's interval, as the review says a confirmed error
    said = f"Wrong: it costs {judged.error:.3f} ± {judged.half_interval:.3f}."
    assert judged.half_interval > 0 and any(line == said for line, _, _ in scene.lines())


def test_with_quick_verdicts_an_answer_the_card_did_not_hold_is_the_searchs_alone(
    make_app: Callable[..., App], home: Path
) -> None:
    card = _opening_card()
    _deck(home, [card])
    app = make_app(review_mode="quick")
    scene = _drill(app)
    worst = parse_move("6/2", Position.from_id(card.position_id), (3, 1))
    scene.answer_with(worst)
    run_until(app, lambda: scene.stage is Stage.ANSWERED, "the ranking")
    assert scene.judged is not None and scene.judged.trials == 0 and scene.judged.error > 0


def test_an_answers_cost_is_said_with_the_rollouts_interval_as_the_language_writes_numbers() -> None:
    from ui.text.drills import verdict

    searched = Judged("6/2", 0.0789, False, "8/5 6/5")
    rolled = replace(searched, trials=72, half_interval=0.0301)
    assert verdict(searched, 0.03) == "Wrong: it costs 0.079."  # the search's: no interval
    assert verdict(rolled, 0.03) == "Wrong: it costs 0.079 ± 0.030."
    assert verdict(replace(rolled, error=0.02), 0.03) == "Close: it costs 0.020 ± 0.030."
    words.use("de")
    try:
        assert verdict(rolled, 0.03) == "Falsch: Es kostet 0,079 ± 0,030."
    finally:
        words.use("")
