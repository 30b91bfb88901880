"""The player's files are read, parsed and written off the window's thread (file jobs), in order, and
none of it is lost when the game quits."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from helpers import HANG_S
from ui_driver import DT, NEAR_END, settle_files, to_game_over

from game.records.mat import read_match
from game.rules.cube import Resignation
from ui.app import app as app_module
from ui.app import bookkeeping
from ui.app.app import App
from ui.app.file_jobs import FileJobs
from ui.model import records
from ui.model.player_stats import load_stats
from ui.model.session import HUMAN, GameSession
from ui.scenes.base import Command
from ui.scenes.game.dialogs import GameOverScene, HelpOverlay
from ui.scenes.review import open_match
from ui.scenes.review.scene import ReviewScene
from ui.scenes.stats.scene import StatisticsScene

MAT = Path(__file__).parent / "data" / "mat"


def unexpected(exc: Exception) -> None:
    raise AssertionError(f"a job failed: {exc!r}")


def wait_for(jobs: FileJobs, limit_s: float = 10.0) -> None:
    end = time.monotonic() + limit_s
    while jobs.busy():
        assert time.monotonic() < end, "the jobs never finished"
        jobs.drain()
        time.sleep(0.001)


# --- the mechanism --------------------------------------------------------------------------------------


def test_jobs_run_off_the_calling_thread_one_after_another_and_their_results_come_back_in_order() -> None:
    jobs = FileJobs(unexpected)
    ran: list[tuple[int, bool]] = []
    got: list[int] = []
    running = threading.Lock()

    def job(n: int) -> Callable[[], int]:
        def work() -> int:
            assert running.acquire(blocking=False), "two jobs ran at once"
            time.sleep(0.01 * (5 - n))  # the first ones take longest: order is kept all the same
            ran.append((n, threading.current_thread() is threading.main_thread()))
            running.release()
            return n * n

        return work

    for n in range(5):
        jobs.submit(job(n), got.append)
    assert got == []  # results are handed over only by drain, on the caller's thread
    wait_for(jobs)
    assert ran == [(n, False) for n in range(5)]
    assert got == [0, 1, 4, 9, 16]
    assert jobs.close(1.0)


def test_a_result_is_handed_over_on_the_thread_that_drains() -> None:
    jobs = FileJobs(unexpected)
    where: list[bool] = []
    jobs.submit(lambda: None, lambda _: where.append(threading.current_thread() is threading.main_thread()))
    wait_for(jobs)
    assert where == [True]


def test_a_job_that_fails_unexpectedly_is_told_and_the_jobs_after_it_still_run() -> None:
    failures: list[Exception] = []
    jobs = FileJobs(failures.append)
    got: list[str] = []

    def broken() -> str:
        raise KeyError("a bug")

    jobs.submit(broken, got.append)
    jobs.submit(lambda: "after", got.append)
    wait_for(jobs)
    assert got == ["after"]
    assert len(failures) == 1 and isinstance(failures[0], KeyError)


def test_close_waits_for_the_queued_jobs_and_no_thread_is_left() -> None:
    jobs = FileJobs(unexpected)
    done: list[int] = []
    for n in range(3):
        jobs.submit(lambda n=n: (time.sleep(0.05), done.append(n)), lambda _: None)  # type: ignore[misc]
    assert jobs.close(5.0)
    assert done == [0, 1, 2]
    time.sleep(0.05)
    assert not any(t.name == "file-jobs" and t.is_alive() for t in threading.enumerate())


def test_close_gives_up_after_its_bound_on_a_job_that_hangs_and_the_thread_cannot_keep_the_game_alive() -> (
    None
):
    jobs = FileJobs(unexpected)
    release = threading.Event()
    jobs.submit(lambda: release.wait(30), lambda _: None)
    start = time.monotonic()
    assert not jobs.close(0.3)
    assert time.monotonic() - start >= 0.25  # it waited its bound, and gave up on the job still hung:
    hung = [t for t in threading.enumerate() if t.name == "file-jobs"]
    assert hung and all(t.daemon for t in hung)  # a daemon: the process can end without it
    release.set()
    assert jobs.close(5.0)


# --- in the game ----------------------------------------------------------------------------------------


@pytest.fixture
def keep_calls(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each game kept: whether it was kept on the main (window's) thread."""
    calls: list[bool] = []
    real = records.keep_game

    def watched(*args: object, **kw: object) -> Path | None:
        calls.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(bookkeeping, "keep_game", watched)
    return calls


def slow_keeping(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    real = records.keep_game

    def slow(*args: object, **kw: object) -> Path | None:
        time.sleep(seconds)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(bookkeeping, "keep_game", slow)


def kept(app: App, session: GameSession) -> int:
    """The games in the session's kept record (0: none)."""
    folder = app.store.matches_folder
    assert folder is not None
    path = folder / session.record_name
    return len(read_match(path.read_text("utf-8")).games) if path.exists() else 0


def test_the_finished_game_is_kept_off_the_windows_thread(
    make_app: Callable[..., App], keep_calls: list[bool]
) -> None:
    app = make_app(NEAR_END)
    app.start_new_game()
    to_game_over(app)
    session = app.game_session()
    assert session is not None
    assert keep_calls == [False]
    assert kept(app, session) == 1
    assert load_stats(app.store.folder)[0].entry(session.record_name) is not None


def test_the_window_keeps_drawing_and_answering_while_a_slow_record_is_written(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    real = records.keep_game

    def held(*args: object, **kw: object) -> Path | None:
        release.wait(HANG_S)  # the record is written only once the test has seen the frames go on
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(bookkeeping, "keep_game", held)
    app = make_app(NEAR_END)
    app.start_new_game()
    to_game_over(app, settle=False)
    session = app.game_session()
    assert session is not None
    drawn: list[int] = []
    real_flip = pygame.display.flip

    def flip() -> None:
        drawn.append(1)
        real_flip()

    monkeypatch.setattr(pygame.display, "flip", flip)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    app.frame(DT)
    assert isinstance(
        app.stack.top(), HelpOverlay
    )  # the key answered at once, the record still being written
    for _ in range(30):
        app.frame(DT)
    # frames went on being drawn while the record was being written: none waited for the file
    assert len(drawn) >= 30 and app.file_jobs.busy() and kept(app, session) == 0
    release.set()
    settle_files(app)
    assert kept(app, session) == 1


def test_a_game_kept_slowly_is_whole_when_the_player_quits_right_after_game_over(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_keeping(monkeypatch, 1.0)
    app = make_app(NEAR_END)
    app.start_new_game()
    to_game_over(app, settle=False)
    session = app.game_session()
    assert session is not None and kept(app, session) == 0
    app.run(Command.QUIT)
    assert not app.running
    assert kept(app, session) == 1
    entry = load_stats(app.store.folder)[0].entry(session.record_name)
    assert entry is not None and entry.games == (session.outcome().winner == 0, session.outcome().winner == 1)  # type: ignore[union-attr]


def test_quitting_waits_a_bounded_time_for_a_hung_file_and_says_so_in_the_error_log(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()

    def hung(*args: object, **kw: object) -> None:
        release.wait(30)

    monkeypatch.setattr(bookkeeping, "keep_game", hung)
    monkeypatch.setattr(app_module, "QUIT_WAIT_S", 0.3)
    app = make_app(NEAR_END)
    app.start_new_game()
    to_game_over(app, settle=False)
    start = time.monotonic()
    app.quit()
    assert time.monotonic() - start < 25  # it gave up on the job hung for 30 s (a hang guard, not a speed)
    log = (app.store.folder / "errors.log").read_text("utf-8")  # type: ignore[operator]
    assert "file jobs unfinished after 0.3 s at quit" in log
    release.set()


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ("keep_game", "The match record could not be written (disk full)."),
        ("count_game", "The statistics could not be written (disk full)."),
    ],
)
def test_a_file_that_cannot_be_written_at_game_over_is_told_as_before(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, broken: str, message: str
) -> None:
    def full(*args: object, **kw: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(bookkeeping, broken, full)
    app = make_app(NEAR_END)
    app.start_new_game()
    to_game_over(app)
    assert message in app.alerts


def test_a_review_asked_for_at_once_reads_the_record_with_the_game_in_it(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_keeping(monkeypatch, 0.5)
    app = make_app()  # the opening position: a record the review can replay
    app.start_new_game()
    session = app.game_session()
    assert session is not None
    session.begin()
    session.resign(HUMAN, Resignation.SINGLE)
    app.run(Command.GAME_OVER)
    assert isinstance(app.stack.top(), GameOverScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
    app.frame(DT)  # asked twice before the record is even written
    settle_files(app)
    reviews = [s for s in app.stacked() if isinstance(s, ReviewScene)]
    assert len(reviews) == 1
    assert reviews[0].source is not None and reviews[0].source.name == session.record_name


def test_the_statistics_open_within_a_couple_of_frames_and_only_once(make_app: Callable[..., App]) -> None:
    app = make_app()  # the new-game menu, where G opens the statistics
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    app.run(Command.STATS)
    frames = 0
    end = time.monotonic() + 5.0
    while not isinstance(app.stack.top(), StatisticsScene) and time.monotonic() < end:
        app.frame(DT)
        frames += 1
        time.sleep(1 / 60)
    assert isinstance(app.stack.top(), StatisticsScene) and frames <= 3
    settle_files(app)
    assert sum(isinstance(s, StatisticsScene) for s in app.stacked()) == 1


def test_a_dropped_record_is_read_off_the_windows_thread_and_then_reviewed(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    readers: list[bool] = []
    real = open_match.read_record

    def watched(path: Path) -> bytes:
        readers.append(threading.current_thread() is threading.main_thread())
        return real(path)

    monkeypatch.setattr(open_match, "read_record", watched)
    dropped = tmp_path / "dropped.mat"
    dropped.write_bytes((MAT / "gnubg.mat").read_bytes())
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(dropped)))
    app.frame(DT)
    settle_files(app)
    top = app.stack.top()
    assert readers == [False]
    assert isinstance(top, ReviewScene) and top.source == dropped
    top.close()
