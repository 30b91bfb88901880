"""The coach says why, on screen (issue 53): each hint, the tutor's catch, each review error and the cube
decisions are explained in words, each by a key and a button from its screen's action table, Enter
doing what the ringed button does; the words and the facts beside them are the text seam's own
(:mod:`ui.text.explain`), every number in the words one the screen shows beside them.

The game is driven as a player drives it (keys and clicks on a real app, the shipped evaluator in its
worker thread); the dialogs a game reaches only by chance (the take/pass advice) and the review are
set up on the off-screen app of tests/test_every_screen_fits.py, answered by the real engine."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path

import pygame
import pytest

from game.drills.card import Card
from game.drills.deck import DECK_FILE, DeckError
from game.facts.explained import CubeExplained
from game.rules.cube import CubeAction
from tests.drill_cases import deck_cards
from tests.test_every_screen_fits import new_app, review_cube, review_worst_error, settle, take_or_pass
from tests.test_explain_words import numbers, shown
from tests.ui_driver import click, key, play_human_turn, run_until, to_human_move
from ui.app.app import App
from ui.flow.events import Phase
from ui.scenes.game.actions import ACTIONS
from ui.scenes.game.cube_dialogs import TakePassDialog
from ui.scenes.game.scene import GameScene
from ui.scenes.game.tutor_dialog import TutorDialog
from ui.scenes.review.scene import REVIEW_ACTIONS, ReviewScene
from ui.scenes.why import Explanation, WhyDialog
from ui.text.explain import (
    CubeSide,
    brief_why,
    cube_rows,
    cube_side,
    drill_why,
    error_words,
    move_rows,
    searched_note,
    why_cube,
    why_decision,
    why_move,
)
from ui.widgets.move_list import figures, ranked_rows
from ui.widgets.panel import hints_shown
from ui.widgets.why_view import Line


def the_game(app: App) -> GameScene:
    g = app.game
    assert g is not None
    return g


def reasons_open(app: App) -> WhyDialog:
    top = app.stack.top()
    assert isinstance(top, WhyDialog), f"the reasons are not open: {type(top).__name__} is"
    return top


def hinted(app: App) -> GameScene:
    """A new match, the player's move due, the hints in (H)."""
    key(app, pygame.K_RETURN)  # start a new game from the dialog
    g = to_human_move(app)
    key(app, pygame.K_h)
    run_until(app, lambda: bool(g.flow.hints) and g.can_explain(), "the hints and their reasons")
    return g


def words_fit_their_table(e: Explanation) -> None:
    """Every number in ``e``'s words is one its table shows (the moves' own points left out)."""
    beside = shown(e.rows)
    names = [h for h in e.heads or () if h]
    for sentence in e.sentences:
        assert all(n in beside for n in numbers(sentence, names)), (sentence, sorted(beside))


def drawn_words(lines: Sequence[Line]) -> str:
    """The words of ``lines`` as one string (wrapped lines joined again)."""
    return " ".join(c.words for line in lines for c in line.cells)


def test_the_game_and_the_review_have_a_why_action_with_a_key_and_a_button() -> None:
    why = next(a for a in ACTIONS if a.name == "why")
    assert [k.code for k in why.keys] == [pygame.K_w] and why.help
    review = next(a for a in REVIEW_ACTIONS if a.name == "why")
    assert [k.code for k in review.keys] == [pygame.K_w] and review.button


def test_w_after_a_hint_opens_why_each_hint_ranks_so_the_one_set_up_open(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you", hint_depth=1)
    g = hinted(app)
    hints, explained = g.flow.hints, g.flow.hints_explained
    assert explained is not None and len(hints) >= 2
    key(app, pygame.K_2)  # the second hint set up: its reasons open first
    key(app, pygame.K_w)
    dialog = reasons_open(app)
    assert dialog.opened == 1 and len(dialog.entries) == len(hints)
    for i, (e, row) in enumerate(zip(dialog.entries, ranked_rows(hints), strict=True)):
        pair = explained.pair(i)
        assert e.line == f"{row.rank}. {row.move}  {figures(row)}"  # as the hint panel lists it
        assert e.sentences == tuple(why_move(pair)) and e.rows == tuple(move_rows(pair))
        assert e.heads == (hints[i].move.notation(), hints[0 if i else 1].move.notation())
        words_fit_their_table(e)
    key(app, pygame.K_DOWN)
    assert dialog.opened == 2 % len(hints)
    key(app, pygame.K_RETURN)  # Enter: the ringed Close
    assert app.stack.top() is g


def test_the_why_button_under_the_hints_opens_their_reasons_and_keeps_the_hints_clickable(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you", hint_depth=1)
    g = hinted(app)
    view = g.panel_view()
    assert view.why is not None and view.why.rect == g.why_rect()
    fonts = app.renderer.fonts
    assert all(not s.rect.colliderect(view.why.rect) for s in hints_shown(fonts, g.panel, view))
    click(app, view.why.rect.center)
    assert reasons_open(app).opened == 0
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is g


def test_before_the_roll_w_and_the_why_button_say_why_to_double_or_not_after_a_cube_hint(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you", hint_depth=1, match_length=5)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    assert not g.can_explain()
    play_human_turn(app)
    run_until(
        app, lambda: g.roll_due() and g.flow.can_cube_hint(), "the player's next roll, a double allowed"
    )
    assert not g.can_explain() and g.panel_view().why is None  # nothing weighed yet
    key(app, pygame.K_h)
    run_until(app, g.can_explain, "the cube hint")
    answer = g.flow.tutor_cube
    assert answer is not None and answer.explained is not None
    view = g.panel_view()
    assert view.why is not None
    click(app, view.why.rect.center)
    (e,) = reasons_open(app).entries
    assert e.sentences == tuple(why_cube(answer.explained, CubeSide.DOUBLER))
    assert e.rows == tuple(cube_rows(answer.explained))
    words_fit_their_table(e)
    key(app, pygame.K_RETURN)
    assert app.stack.top() is g
    key(app, pygame.K_w)
    reasons_open(app)


def test_the_tutors_warning_says_why_and_its_why_button_shows_all_of_it_enter_still_takes_back(
    make_app: Callable[..., App],
) -> None:
    app = make_app(first="you", tutor="bad", hint_depth=1)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    run_until(app, lambda: g.flow.tutor_moves is not None, "the tutor's check")
    ranked = g.flow.tutor_moves
    assert ranked is not None
    worst = min(ranked, key=lambda r: r.equity)
    b = g.flow.builder
    assert b is not None
    b.play_steps(worst.move.steps)
    key(app, pygame.K_RETURN)
    warning = app.stack.top()
    assert isinstance(warning, TutorDialog)
    said = warning.verdict.explained
    assert said is not None, "the tutor's search gave the moves' facts"
    assert said.this.move == worst.move.notation() and said.other is not None
    assert said.other.move == max(ranked, key=lambda r: r.equity).move.notation()
    lines = [line for line, _, _ in warning.lines()]
    assert all(s in lines for s in brief_why(said)) and brief_why(said)
    why = next(c for c in warning._choices if c.key == "why")
    assert pygame.K_w in why.keys and not why.primary
    key(app, pygame.K_w)
    (e,) = reasons_open(app).entries
    assert e.sentences == tuple(why_decision(said, None)) and e.heads == (said.this.move, said.other.move)
    words_fit_their_table(e)
    key(app, pygame.K_RETURN)  # closes the reasons: back to the warning
    assert app.stack.top() is warning
    key(app, pygame.K_RETURN)  # the warning's ringed choice: take back
    assert app.stack.top() is g and g.flow.phase is Phase.MOVING


@pytest.fixture
def off_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path))
    return new_app(tmp_path, (1366, 768))


def test_the_take_or_pass_advice_has_a_why_w_that_explains_from_the_takers_side(off_screen: App) -> None:
    app = off_screen
    take_or_pass(app)
    dialog = app.stack.top()
    assert isinstance(dialog, TakePassDialog) and dialog.advice is not None
    said = dialog.advice.explained
    assert said is not None
    why = next(c for c in dialog._choices if c.key == "why")
    assert why.keys == (pygame.K_w,) and not why.primary
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    (e,) = reasons_open(app).entries
    assert e.sentences == tuple(why_cube(said, CubeSide.TAKER))
    assert e.sentences[0].startswith("The taker should")
    words_fit_their_table(e)


def test_the_take_or_pass_dialog_without_advice_has_no_why() -> None:
    pygame.init()
    app = App((1100, 720), surface=pygame.Surface((1100, 720)), sound=False)
    dialog = TakePassDialog(app, 2, None, lambda _: None)
    assert "why" not in {c.key for c in dialog.choices()}


def _review_why(scene: ReviewScene) -> tuple[str, list[str]]:
    found = scene.reasons()
    assert found is not None
    d, said = found
    kind = None if d.kind == "move" else CubeAction(d.kind)
    return drawn_words(scene.why_lines()), why_decision(said, kind)


def test_w_in_the_review_shows_why_the_best_is_better_and_follows_the_errors(off_screen: App) -> None:
    app = off_screen
    review_worst_error(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    assert scene.why_lines() == []  # the moves until asked
    button = next(b for b in scene.buttons if b.key == "why")
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    drawn, said = _review_why(scene)
    assert said and all(" ".join(s.split()) in drawn for s in said)
    first = scene.reasons()
    scene.pick_error(1)  # the next error: its reasons
    settle(app)
    drawn, said = _review_why(scene)
    assert scene.reasons() != first and all(" ".join(s.split()) in drawn for s in said)
    click_at = button.rect.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_at, button=1))
    assert scene.why_lines() == []  # the Why button again: the moves


def test_the_reviews_cube_decision_is_explained_from_the_side_that_took_the_action(off_screen: App) -> None:
    app = off_screen
    review_cube(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.path is not None
    scene.toggle_why()
    found = scene.reasons()
    assert found is not None
    d, said = found
    assert d.kind != "move", "the stop of a cube decision explains the cube decision"
    drawn, words = _review_why(scene)
    assert all(" ".join(s.split()) in drawn for s in words)
    assert isinstance(said, CubeExplained)
    assert words == why_cube(said, cube_side(CubeAction(d.kind)))


# --- the drill cards keep why (issue 54's ``why``, from the same explanations) ---------------------------


def test_an_error_the_tutor_catches_becomes_a_card_that_keeps_why_in_the_warnings_words(
    make_app: Callable[..., App], home: Path
) -> None:
    app = make_app(first="you", tutor="bad", hint_depth=1)
    key(app, pygame.K_RETURN)
    g = to_human_move(app)
    run_until(app, lambda: g.flow.tutor_moves is not None, "the tutor's check")
    ranked = g.flow.tutor_moves
    b = g.flow.builder
    assert ranked is not None and b is not None
    b.play_steps(min(ranked, key=lambda r: r.equity).move.steps)
    key(app, pygame.K_RETURN)
    warning = app.stack.top()
    assert isinstance(warning, TutorDialog) and warning.verdict.explained is not None
    run_until(app, lambda: (home / DECK_FILE).exists() and not app.file_jobs.busy(), "the card kept")
    (card,) = deck_cards(home)
    assert card.why == drill_why(warning.verdict.explained) != ""
    assert card.why == " ".join(brief_why(warning.verdict.explained))  # the warning's own two sentences


def test_a_reviewed_records_cards_keep_why_the_best_is_better(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BACKGAMMON_HOME", str(tmp_path))
    app = new_app(tmp_path, (1366, 768), drill_names=["Alice"])
    review_worst_error(app)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene) and scene.path is not None
    cards: list[Card] = []
    for _ in range(500):  # the cards are kept by a file job, off this thread
        settle(app, 1)
        time.sleep(0.02)
        if not app.file_jobs.busy() and (tmp_path / DECK_FILE).exists():
            with suppress(DeckError):  # the job may be making the deck still
                cards = deck_cards(tmp_path)
            if cards:
                break
    assert cards and all(c.player == "Alice" for c in cards)
    by_key = {(d.game, d.turn, str(d.kind)): d for d in scene.path.review.decisions}
    for card in cards:
        d = by_key[(card.source.game, card.source.turn, card.decision)]
        said = scene.explained.get(id(d))
        assert said is not None, card
        assert d.confirmed() and not d.unsure()  # the review's rollouts confirmed every card's error
        note = searched_note(d)  # the reasons are the search's: said so, with the rollout's error
        assert note.startswith("By the search at depth") and error_words(d) in note
        assert card.why == note + " " + drill_why(said, None if d.kind == "move" else CubeAction(d.kind))
