"""Does the UI stay smooth while the AI thinks? Frame times of the game screen during a depth-4 search.

The game's loop (events, update and draw the real game screen of ``ui`` with
its thinking bar, flip, ``clock.tick(60)``, poll the worker) runs under SDL's dummy
video driver, first with the worker idle, then while the worker searches at
depth 4, with the search in a child process (the game's setting) and in a thread
of the same process (to show what the GIL does).
A frame time is the wall time between two flips; 33.3 ms is 30 frames a second.
Also measured: how long a cancel takes to free the worker.

Figures: ``ui_frame_ms_p95_idle``, ``ui_frame_ms_p95_during_search`` (process
worker), ``ui_frame_ms_max_during_search``, ``ui_frame_ms_p95_during_search_thread``,
``cancel_latency_ms`` (median) and ``cancel_latency_ms_max`` (from ``cancel()`` until the
worker is free again), ``worker_ready_s`` (from creating the process worker until its
evaluator is loaded).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

from ai.worker.messages import Failed, Finished, Progress, Request
from ai.worker.transport import AIWorker, Mode
from game.rules.movegen import results
from game.rules.position import START_CODE, Position, swap

SEARCH_DEPTH = 4


def bench_positions(count: int, seed: int = 7) -> list[tuple[Position, tuple[int, int]]]:
    """Middle-game positions with a non-double roll, from seeded random play."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < count:
        code = START_CODE
        for _ in range(rng.randint(6, 14)):
            d = (rng.randint(1, 6), rng.randint(1, 6))
            code = swap(rng.choice(results(code, *d)))
        d1, d2 = rng.sample(range(1, 7), 2)
        if len(results(code, d1, d2)) >= 8:
            out.append((Position(code), (d1, d2)))
    return out


class _Scene:
    """The real game screen (ui: board, panel, status strip) drawn as the game's loop draws it."""

    def __init__(self) -> None:
        import pygame

        from ui.app.app import App
        from ui.flow.events import Search
        from ui.model.snapshot import NullStore, snapshot_session
        from ui.scenes.game.scene import GameScene

        self.pg = pygame
        self.thinking = Search.MOVE
        self.screen = pygame.display.set_mode((1280, 800))
        self.app = App((1280, 800), surface=self.screen, store=NullStore(), sound=False)
        self.game = GameScene(self.app, snapshot_session())
        self.app.stack.replace(self.game)
        self.clock = pygame.time.Clock()
        self.frame = 0

    def draw(self, progress: float) -> None:
        pg = self.pg
        pg.event.pump()
        for _ in pg.event.get():
            pass
        flow = self.game.flow
        flow.search = self.thinking if progress else None  # the thinking indicator, as during a search
        flow.progress = (round(progress * 100), 100)
        self.app.update(1 / 60)
        self.app.draw(self.screen)
        pg.display.flip()
        self.clock.tick(60)
        self.frame += 1


def _p95(xs: list[float]) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(0.95 * (len(ys) - 1)))]


def _frames_idle(scene: _Scene, seconds: float) -> list[float]:
    times: list[float] = []
    last = time.perf_counter()
    end = last + seconds
    while last < end:
        scene.draw(0.0)
        now = time.perf_counter()
        times.append((now - last) * 1000.0)
        last = now
    return times


def _frames_searching(scene: _Scene, worker: AIWorker, seconds: float, positions: list[Any]) -> list[float]:
    """Frame times while the worker is searching (only frames with a search running count)."""
    times: list[float] = []
    k = 0
    rid = worker.start(Request("move", positions[0][0], positions[0][1], SEARCH_DEPTH))
    progress = 0.0
    last = time.perf_counter()
    end = last + seconds
    while last < end:
        for e in worker.poll():
            if isinstance(e, Finished | Failed):
                if isinstance(e, Failed):
                    raise RuntimeError(f"search failed: {e.message}")
                k += 1
                pos, dice = positions[k % len(positions)]
                rid = worker.start(Request("move", pos, dice, SEARCH_DEPTH))
            elif isinstance(e, Progress) and e.request_id == rid:
                progress = e.done / max(1, e.total)
        scene.draw(progress)
        now = time.perf_counter()
        times.append((now - last) * 1000.0)
        last = now
    worker.cancel()
    return times


def _cancel_latencies(worker: AIWorker, positions: list[Any], count: int) -> list[float]:
    """Start a depth-4 search, let it run a little, cancel, time until the worker is free."""
    out: list[float] = []
    for k in range(count):
        pos, dice = positions[k % len(positions)]
        worker.start(Request("move", pos, dice, SEARCH_DEPTH))
        settle = time.perf_counter() + 0.3
        while time.perf_counter() < settle:
            worker.poll()
            time.sleep(0.002)
        t = time.perf_counter()
        worker.cancel()
        while worker.busy and time.perf_counter() - t < 5.0:
            worker.poll()
            time.sleep(0.0005)
        out.append((time.perf_counter() - t) * 1000.0)
    return out


def run(quick: bool) -> dict[str, float]:
    """Measure frame times idle and during a depth-4 search, and cancel latency."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.display.init()
    pygame.font.init()
    seconds = 3.0 if quick else 8.0
    positions = bench_positions(6)
    figures: dict[str, float] = {}
    try:
        scene = _Scene()
        _frames_idle(scene, 0.5)  # warm-up
        figures["ui_frame_ms_p95_idle"] = _p95(_frames_idle(scene, seconds / 2))
        modes: list[tuple[Mode, str]] = [("process", ""), ("thread", "_thread")]
        for mode, suffix in modes:
            t0 = time.perf_counter()
            with AIWorker(mode) as worker:
                if not worker.wait_ready(60.0):
                    raise RuntimeError(f"the {mode} worker did not start")
                if mode == "process":
                    figures["worker_ready_s"] = time.perf_counter() - t0
                times = _frames_searching(scene, worker, seconds, positions)
                figures[f"ui_frame_ms_p95_during_search{suffix}"] = _p95(times)
                figures[f"ui_frame_ms_max_during_search{suffix}"] = max(times)
                if mode == "process":
                    lat = _cancel_latencies(worker, positions, 3 if quick else 8)
                    figures["cancel_latency_ms"] = statistics.median(lat)
                    figures["cancel_latency_ms_max"] = max(lat)
    finally:
        pygame.quit()
    return figures


if __name__ == "__main__":
    from bench.cli import module_main

    sys.exit(module_main("ui_frames", __doc__, run))
