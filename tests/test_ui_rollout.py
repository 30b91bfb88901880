"""The rollout dialog, headless: its settings, live results from the game's hint panel, the review
and a set-up position, Stop keeping the results so far, and no process left once it closes."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
from processes import descendants, is_running
from ui_driver import game, key, run_until, to_human_move

from ai.rollout.settings import CandidateResult, RolloutResult, RolloutSettings
from ui.app.app import App
from ui.model.workbench.rollout import TRIALS, RolloutForm, Stopwatch
from ui.scenes.review.scene import ReviewScene
from ui.scenes.rollout import DONE, RUNNING, SETTINGS, RolloutDialog
from ui.text.analysis import form_row, result_rows, status_line, verdict_line

SHORT = """; [Player 1 "Alice"]
; [Player 2 "Bob"]

 3 point match

 Game 1
 Alice : 0                          Bob : 0
  1) 61: 8/2 6/5                 42: 8/4 6/4
  2) 31: 8/5 6/5                 64: 24/14
      Wins 1 point
"""


def quick(app: App, dialog: RolloutDialog, trials: int = 36, truncate: int = 5) -> None:
    """Set the dialog's trials and truncation with the arrow keys, as a player would."""
    assert dialog.phase == SETTINGS
    while dialog.form.trials != trials:
        key(app, pygame.K_LEFT)  # the first row: trials
    key(app, pygame.K_DOWN)
    while dialog.form.truncate != truncate:
        key(app, pygame.K_RIGHT)
    if dialog.form.checker:
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)  # the candidates
        while dialog.form.candidates != 2:
            key(app, pygame.K_LEFT)


def rolled_out(app: App, dialog: RolloutDialog) -> RolloutResult:
    run_until(app, lambda: dialog.phase == DONE, "the rollout")
    assert dialog.result is not None, dialog.failure
    return dialog.result


def _is_resource_tracker(pid: int) -> bool:
    """multiprocessing's resource tracker, started once with the first process (it stays)."""
    try:
        return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


# --- the model ----------------------------------------------------------------------------------


def test_the_form_steps_through_its_choices_and_makes_the_settings() -> None:
    form = RolloutForm(checker=True, seed=12)
    assert form.fields() == ["trials", "truncate", "cubeful", "candidates", "depth", "seed"]
    assert RolloutForm(checker=False).fields() == ["trials", "truncate", "cubeful", "depth", "seed"]
    form.change("trials", 1)
    form.change("truncate", 1)
    form.change("cubeful", 1)
    form.change("candidates", -1)
    assert form.type_seed("3") and form.type_seed("\b") and form.type_seed("4") and not form.type_seed("x")
    s = form.settings(jobs=1)
    assert s == RolloutSettings(
        trials=TRIALS[TRIALS.index(1296) + 1],
        truncate=5,
        cubeful=False,
        depth=1,
        seed=124,
        jobs=1,
        candidates=4,
    )
    assert form_row(form, "seed")[1].startswith("124")


def test_the_best_row_is_marked_only_once_it_is_clear() -> None:
    a = CandidateResult("8/5 6/5", "x", 0.20, 0.01, (0.55, 0.15, 0.01, 0.1, 0.005), 72)
    b = CandidateResult("13/10 6/5", "y", 0.00, 0.01, (0.5, 0.14, 0.01, 0.14, 0.01), 72)
    running = RolloutResult((a, b), 72, 1296, 3.0, 9)
    assert [r.best for r in result_rows(running, False)] == [False, False]
    clear = RolloutResult((a, b), 72, 1296, 3.0, 9, clear=True)
    rows = result_rows(clear, True)
    assert [r.best for r in rows] == [True, False] and rows[0].equity.startswith("EMG +0.200 ± 0.010")
    assert rows[0].interval == "+0.180 to +0.220"
    assert "about 51 s left" in status_line(running) and "seed 9" in status_line(running)


def test_the_stopwatch_runs_until_stopped_and_then_stands_still() -> None:
    watch = Stopwatch(10.0)
    assert watch.seconds(12.5) == 2.5 and watch.seconds(40.0) == 30.0
    stopped = watch.stop(13.0)
    assert stopped.seconds(13.0) == stopped.seconds(500.0) == 3.0 and stopped.stop(99.0) == stopped


def test_the_status_says_how_far_the_round_under_way_has_got() -> None:
    a = CandidateResult("8/5 6/5", "x", 0.0, 0.0, (0.0,) * 5, 0)
    first = RolloutResult((a,), 0, 648, 1.0, 9, in_play=4.0, ply=12)
    line = status_line(first, seconds=2.0)
    assert line.startswith("0 of 648 trials · 4 more under way, at ply 12 · 2 s") and "left" in line
    assert result_rows(first, False)[0].equity == "…"  # no value before a trial is counted
    assert result_rows(replace(first, stopped="cancelled"), False)[0].interval == "no trial counted"
    assert verdict_line(first) == "No value yet: the first round of trials is being played."
    assert verdict_line(replace(first, stopped="cancelled")).startswith(
        "Stopped before the first round ended"
    )
    assert status_line(None, seconds=3.0) == "Starting the rollout… 3 s"
    starting = RolloutResult((a,), 0, 648, 0.5, 9, RolloutSettings(jobs=2))
    assert status_line(starting, seconds=1.0).startswith(
        "0 of 648 trials · starting the games (2 jobs) · 1 s"
    )


# --- the game's hint panel -----------------------------------------------------------------------


def test_the_hint_panel_rolls_out_the_players_roll_live(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    key(app, pygame.K_RETURN)  # a game from the menu
    to_human_move(app)
    g = game(app)
    assert g.can_rollout() and g.panel_view().rollout is not None
    g.draw(app.screen)
    key(app, pygame.K_o)
    dialog = app.stack.top()
    assert isinstance(dialog, RolloutDialog) and dialog.dice is not None
    assert dialog.position == g.flow.builder.position  # type: ignore[union-attr]
    quick(app, dialog)
    dialog.draw(app.screen)
    key(app, pygame.K_RETURN)
    assert dialog.phase == RUNNING
    result = rolled_out(app, dialog)
    assert result.trials == 36 and len(result.candidates) == 2 and result.settings.truncate == 5
    dialog.draw(app.screen)  # the results table, the verdict, the bar
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is g


def test_stop_keeps_the_results_so_far_and_leaves_no_process(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    key(app, pygame.K_RETURN)
    to_human_move(app)
    g = game(app)
    before = descendants(os.getpid())
    dialog = RolloutDialog(app, g.flow.builder.position, g.flow.builder.dice, None, "test", jobs=2)  # type: ignore[union-attr]
    app.push(dialog)
    quick(app, dialog, trials=1296, truncate=5)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: dialog.result is not None and dialog.result.ply > 0, "a ply of the first round")
    jobs = {p for p in descendants(os.getpid()) - before if not _is_resource_tracker(p)}
    assert len(jobs) == 2
    key(app, pygame.K_ESCAPE)  # Stop
    assert dialog.phase == DONE and dialog.worker is None
    assert dialog.result is not None and dialog.result.stopped == "cancelled"
    assert dialog.result.trials < 1296
    end = time.monotonic() + 10
    while any(is_running(p) for p in jobs) and time.monotonic() < end:
        time.sleep(0.05)
    assert not any(is_running(p) for p in jobs)
    key(app, pygame.K_a)  # a new rollout: back to the settings, with a new seed
    assert dialog.phase == SETTINGS
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is g


def test_the_elapsed_time_runs_while_the_rollout_does_and_stands_still_once_stopped(
    make_app: Callable[..., App],
) -> None:
    app = make_app(hint_depth=1)
    key(app, pygame.K_RETURN)
    to_human_move(app)
    g = game(app)
    dialog = RolloutDialog(app, g.flow.builder.position, g.flow.builder.dice, None, "test", jobs=1)  # type: ignore[union-attr]
    app.push(dialog)
    quick(app, dialog, trials=1296, truncate=0)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: dialog.result is not None, "the first report")
    before = dialog.elapsed()
    app.pass_idle_time(7.0)  # seven seconds with nothing from the rollout
    running = dialog.elapsed()
    assert before is not None and running is not None and running >= before + 7.0 - 1e-9  # sums of floats
    assert f"{running:.0f} s" in status_line(dialog.result, "", running)
    key(app, pygame.K_ESCAPE)  # Stop
    assert dialog.phase == DONE
    stopped = dialog.elapsed()
    shown = status_line(dialog.result, "", stopped)
    app.pass_idle_time(30.0)
    for _ in range(5):
        app.frame(0.5)
    assert dialog.elapsed() == stopped and status_line(dialog.result, "", dialog.elapsed()) == shown
    assert dialog.result is not None and dialog.result.fraction == dialog.result.trials / 1296
    dialog.draw(app.screen)


def test_the_dialog_starts_its_worker_as_it_opens_so_that_start_finds_it_ready(
    make_app: Callable[..., App],
) -> None:
    app = make_app(hint_depth=1)
    key(app, pygame.K_RETURN)
    to_human_move(app)
    g = game(app)
    dialog = RolloutDialog(app, g.flow.builder.position, g.flow.builder.dice, None, "test", jobs=1)  # type: ignore[union-attr]
    app.push(dialog)
    spare = dialog.spare
    assert spare is not None and dialog.worker is None and not dialog.needs_frames()
    quick(app, dialog)
    key(app, pygame.K_RETURN)
    assert dialog.worker is spare and dialog.spare is None  # the rollout took the worker made ready
    rolled_out(app, dialog)
    key(app, pygame.K_a)  # a new rollout: a worker made ready again
    assert dialog.phase == SETTINGS and dialog.spare is not None
    key(app, pygame.K_ESCAPE)
    assert dialog.spare is None and dialog.worker is None and app.stack.top() is g


def test_the_cube_decision_before_rolling_is_rolled_out(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1, match_length=5)
    key(app, pygame.K_RETURN)
    g = game(app)
    run_until(app, lambda: g.roll_due() and g.flow.can_cube_hint(), "the player's turn to roll")
    key(app, pygame.K_o)
    dialog = app.stack.top()
    assert isinstance(dialog, RolloutDialog) and dialog.dice is None
    assert dialog.form.fields() == ["trials", "truncate", "cubeful", "depth", "seed"]
    quick(app, dialog)
    key(app, pygame.K_RETURN)
    result = rolled_out(app, dialog)
    assert result.cube is not None
    assert [c.label for c in result.candidates] == ["No double", "Double, take", "Double, pass"]
    dialog.draw(app.screen)


# --- the review and the set-up position ----------------------------------------------------------


def test_the_review_rolls_out_the_decision_shown(make_app: Callable[..., App], home: Path) -> None:
    app = make_app(hint_depth=1)
    app.start_new_game()
    app.open_review(SHORT.encode(), "short.mat", None)
    scene = app.stack.top()
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.path is not None or bool(scene.failed), "the review")
    scene.go(0)
    target = scene.rollout_target()
    assert target is not None and target[1] == (6, 1)
    key(app, pygame.K_o)
    dialog = app.stack.top()
    assert isinstance(dialog, RolloutDialog) and dialog.dice == (6, 1)
    assert dialog.context is not None and dialog.context.length == 3
    quick(app, dialog)
    key(app, pygame.K_RETURN)
    result = rolled_out(app, dialog)
    assert result.candidates[0].label  # best first
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is scene


def test_the_analysis_of_a_set_up_position_has_a_rollout(make_app: Callable[..., App]) -> None:
    app = make_app(hint_depth=1)
    key(app, pygame.K_p)
    for ch in "4HPwATDgc/ABMA:QYkqASAAIAAA":
        key(app, 0, unicode=ch)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    analysis = app.stack.top()
    key(app, pygame.K_o)
    dialog = app.stack.top()
    assert isinstance(dialog, RolloutDialog) and dialog.dice == (5, 2)
    assert dialog.context is not None and dialog.context.length == 9
    key(app, pygame.K_ESCAPE)
    assert app.stack.top() is analysis
