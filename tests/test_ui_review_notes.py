"""A record's notes in the review: what its replay took on trust is told when the review opens,
listed by Notes (N) in place of the decision's moves, and marked on the turn it is about."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import click, key, run_until

from game.records.errors import Place
from game.records.notes import NoteKind, note
from ui.app.app import App
from ui.scenes.review.panels import board_caption
from ui.scenes.review.scene import REVIEW_ACTIONS, ReviewScene

MAT = Path(__file__).parent / "data" / "mat"

NOTE_HERE = "The record has a note on this turn"


def review(make_app: Callable[..., App], name: str) -> tuple[App, ReviewScene]:
    app = make_app(hint_depth=1, review_mode="quick")
    app.open_review((MAT / name).read_bytes(), name, None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None or bool(scene.failed), "the review")
    assert scene.path is not None, scene.failed
    return app, scene


def shown(scene: ReviewScene) -> str:
    return " ".join(" ".join(c.words for c in line.cells) for line in scene.notes_lines())


def note_colours(scene: ReviewScene) -> set[tuple[int, ...]]:
    """The colours the note's lines are drawn in (after the heading's)."""
    lines = scene.notes_lines()
    first = next(i for i, line in enumerate(lines) if line.cells[0].words.startswith("game 1"))
    return {tuple(c.colour) for line in lines[first:] for c in line.cells}


def side_panel(scene: ReviewScene) -> list[str]:
    assert scene.path is not None and scene.current() is not None
    stop = scene.current()
    assert stop is not None
    return [
        words
        for words, _, _ in board_caption(scene.path, stop, scene.ctx.theme, scene.ctx.settings.colour)[1]
    ]


def test_a_record_with_a_note_says_so_when_its_review_opens_until_the_next_key(
    make_app: Callable[..., App],
) -> None:
    app, scene = review(make_app, "illegal-play.mat")
    assert scene.told == "This record has 1 note on what its play does not confirm: Notes (N) shows it"
    key(app, pygame.K_RIGHT)
    assert scene.told == ""


def test_notes_lists_each_note_worded_in_place_of_the_moves_and_again_hides_it(
    make_app: Callable[..., App],
) -> None:
    app, scene = review(make_app, "illegal-play.mat")
    key(app, pygame.K_n)
    assert scene.notes_shown
    said = shown(scene)
    assert said.startswith("1 note: what the record says that its play does not confirm")
    assert "game 1, move 19 (line 25), right cell: an illegal play of 52 written as the board after" in said
    button = next(b for b in scene.buttons if b.key == "notes")
    click(app, button.rect.center)
    assert not scene.notes_shown and scene.notes_lines() == []


def test_the_turn_a_note_is_about_marks_it_and_shows_it_in_colour(make_app: Callable[..., App]) -> None:
    app, scene = review(make_app, "illegal-play.mat")
    assert scene.path is not None
    illegal = next(i for i, s in enumerate(scene.path.stops) if scene.path.turn(s).illegal)
    assert NOTE_HERE not in side_panel(scene)  # the first turn has none
    scene.go(illegal)
    assert NOTE_HERE in side_panel(scene)
    key(app, pygame.K_n)
    theme = scene.ctx.theme
    assert note_colours(scene) == {tuple(theme.accent)}
    scene.go(0)
    assert note_colours(scene) == {tuple(theme.text)}


def test_why_takes_the_place_of_the_notes_and_notes_of_the_why(make_app: Callable[..., App]) -> None:
    app, scene = review(make_app, "illegal-play.mat")
    assert scene.path is not None and scene.path.errors
    scene.show_error(0)
    key(app, pygame.K_n)
    key(app, pygame.K_w)
    assert scene.why_shown and not scene.notes_shown
    key(app, pygame.K_n)
    assert scene.notes_shown and not scene.why_shown


def test_a_record_the_rules_confirm_whole_has_no_notes_to_show(make_app: Callable[..., App]) -> None:
    app, scene = review(make_app, "short.mat")
    notes = next(a for a in REVIEW_ACTIONS if a.name == "notes")
    assert scene.told == "" and not notes.enabled(scene)
    key(app, pygame.K_n)
    assert not scene.notes_shown


def test_a_click_on_a_note_shows_the_turn_it_is_about(make_app: Callable[..., App]) -> None:
    app, scene = review(make_app, "illegal-play.mat")
    assert scene.path is not None
    key(app, pygame.K_n)
    laid = scene.notes_lines()
    first = next(i for i, line in enumerate(laid) if line.cells[0].words.startswith("game 1"))
    y = scene.detail_rect.y + sum(line.height for line in laid[:first]) + laid[first].height // 2
    click(app, (scene.detail_rect.x + 20, y))
    assert scene.path.turn(scene.path.stops[scene.stop]).illegal and scene.notes_shown
    click(app, (scene.detail_rect.x + 20, scene.detail_rect.y + 2))  # the heading goes nowhere
    assert scene.path.turn(scene.path.stops[scene.stop]).illegal


def test_a_note_on_a_whole_game_is_about_its_first_turn(make_app: Callable[..., App]) -> None:
    _, scene = review(make_app, "illegal-play.mat")
    assert scene.path is not None
    game_note = note(NoteKind.UNFINISHED, Place(game=2))
    first = scene.path.stop_of_note(game_note)
    assert first is not None and scene.path.stops[first] == next(s for s in scene.path.stops if s.game == 1)
    assert scene.path.stop_of_note(note(NoteKind.UNFINISHED, Place(game=9))) is None


UNPLAYED = (
    (MAT / "short.mat")
    .read_text(encoding="utf-8")
    .replace(
        "  2) 31: 8/5 6/5                 64: 24/14\n      Wins 1 point\n",
        "  2) 31: 8/5 6/5                 64: 24/14\n  3) 52:" + " " * 35 + "Wins 1 point\n",
    )
)
"""The short match with Alice's last roll of game 1 never played (Bob wins it): game 2's score line,
written for Alice's win, disagrees with the results."""


def test_a_roll_never_played_is_about_the_last_turn_before_it_and_a_score_line_about_its_game(
    make_app: Callable[..., App],
) -> None:
    app = make_app(hint_depth=1, review_mode="quick")
    app.open_review(UNPLAYED.encode(), "unplayed.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None or bool(scene.failed), "the review")
    path = scene.path
    assert path is not None, scene.failed
    rolled, score = path.review.match.notes
    assert (rolled.kind, score.kind) == (NoteKind.ROLLED_BEFORE_RESIGNATION, NoteKind.SCORE_LINE_DIFFERS)
    last = path.stops[path.stop_of_note(rolled) or 0]
    assert (last.game, path.turn(last).row, path.turn(last).player) == (0, 2, 1)  # Bob's 64: 24/14
    first = path.stops[path.stop_of_note(score) or 0]
    assert first == next(s for s in path.stops if s.game == 1)
