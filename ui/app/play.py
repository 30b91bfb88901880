"""The ``play`` command: its options, then the game in a window until the player quits."""

from __future__ import annotations

import argparse

import pygame

from ai.engine_types import LEVELS
from game.rules.position import Position, PositionError
from ui.app.app import App
from ui.app.stop import StopRequest, noting_signals
from ui.app.window import MIN_SIZE


def _parse_size(text_: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text_.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, got {text_!r}") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    return w, h


def _parse_position(text_: str) -> Position:
    try:
        return Position.from_id(text_)
    except PositionError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``play`` command's options."""
    ap.add_argument(
        "--size",
        type=_parse_size,
        default=None,
        help="window size, e.g. 1280x800 (default: the size it had last, fitted to the screen)",
    )
    ap.add_argument(
        "--position",
        type=_parse_position,
        default=None,
        help="start new games from this GNU Backgammon Position ID (you on roll), for practice",
    )
    ap.add_argument("--level", choices=[lv.key for lv in LEVELS], help="AI level for new games")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> int:
    """Play backgammon in a window with parsed options; returns the exit code (128 plus the
    signal's number after Ctrl+C or SIGTERM, the game saved first)."""
    with noting_signals(StopRequest()) as stop:
        try:
            app = App(args.size, start=args.position, stop=stop)
            if args.level:
                app.settings.level = args.level
                app.settings_changed()
            return app.run_loop()
        finally:
            pygame.quit()


def main(argv: list[str] | None = None) -> int:
    """Play backgammon in a window; returns the exit code."""
    ap = argparse.ArgumentParser(prog="python main.py play", description="Backgammon against the computer.")
    add_arguments(ap)
    return run(ap.parse_args(argv), ap)
