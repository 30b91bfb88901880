"""Backgammon: play against the computer, or use the command-line tools.

python main.py                 play (the pygame window); same as `python main.py play`
python main.py hint ...        rank the legal moves of a position
python main.py replay-seed S   the dice a game seed gives, to check a finished game
python main.py autoplay ...    the computer plays a match against itself, written as a record
python main.py analyze FILE    judge every decision of a match record
python main.py rollout ID [DICE]  play a decision out: the moves of a roll, or the cube
python main.py temperature ID  every roll's best move before the roll (the temperature map)
python main.py evaluate ID     a position's chances and cubeless and cubeful equity
python main.py drills ...      your errors as positions to practise (add, list, answer, export, import)
python main.py --selftest      headless check of assets, weights, a frame and an AI game
python main.py COMMAND --help  the options of one command
"""

from __future__ import annotations

import os
import signal
import sys

# before anything can import pygame: its greeting would land in the hint protocol's output
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would turn Ctrl+C into a window-close event; let Python see it, as in every other command
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
if __name__ == "__mp_main__":  # the AI's search process (spawn): Ctrl+C is the parent's to handle
    signal.signal(signal.SIGINT, signal.SIG_IGN)

import argparse
import contextlib
from dataclasses import dataclass

from game.records.formats import named, written


@dataclass(frozen=True)
class Command:
    """A sub-command: its name, the module that holds its options and code, and one line of help."""

    name: str
    """What the player types after ``main.py``."""
    module: str
    """The module with ``add_arguments(parser)`` and ``run(args, parser) -> int`` (``parser.error``
    for a usage error), and optionally ``prepare()``, called before parsing; imported only when
    the command is used."""
    help: str
    """The line shown by ``main.py --help``."""


COMMANDS: tuple[Command, ...] = (
    Command("play", "ui.app.play", "play against the computer in a window (the default)"),
    Command("hint", "ai.cli.hint", "rank the legal moves of a position, or answer a JSON protocol on stdin"),
    Command(
        "replay-seed", "ai.cli.replay_seed", "print the SHA-256 of a game's dice seed and the dice it gives"
    ),
    Command(
        "autoplay",
        "ai.cli.autoplay",
        f"the computer plays a match against itself (a {named(written())} record)",
    ),
    Command(
        "analyze",
        "ai.cli.analyze",
        f"judge every decision of a match record, {named()} (errors, cube, luck)",
    ),
    Command(
        "rollout",
        "ai.cli.rollout",
        "settle a checker play or a cube decision by playing it out, on every core, with error bars",
    ),
    Command(
        "temperature",
        "ai.cli.temperature",
        "every roll's best move and its equity before the roll, as a 6x6 grid (the temperature map)",
    ),
    Command(
        "evaluate",
        "ai.cli.evaluate",
        "a position before its roll: both sides' chances, cubeless and cubeful equity at a depth",
    ),
    Command(
        "drills",
        "ai.cli.drills",
        "your errors as positions to practise: add them from a record, list, answer, export, import",
    ),
    Command("selftest", "ui.app.selftest", "headless check of assets, weights, a frame and an AI game"),
)
"""Every sub-command, in the order ``--help`` lists them."""

DEFAULT_COMMAND = "play"
"""The command run when none is named (options alone go to it)."""

INTERRUPTED = 130
"""The exit code after Ctrl+C (128 + SIGINT), as shells use."""


def version() -> str:
    """The program's version (one source: ``game.__version__``)."""
    from game import __version__

    return __version__


def choose(args: list[str]) -> list[str]:
    """The arguments with the command named first: ``--selftest`` anywhere means ``selftest``;
    options without a command go to ``play``; a top-level ``--help``/``--version`` stays as it is."""
    if "--selftest" in args:
        return ["selftest", *(a for a in args if a != "--selftest")]
    if not args:
        return [DEFAULT_COMMAND]
    first = args[0]
    if first in ("-h", "--help", "--version") or not first.startswith("-"):
        return args  # a command name, or a word argparse will refuse with the list of commands
    return [DEFAULT_COMMAND, *args]


def build_parser(selected: str | None) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line and its sub-command parsers; only the ``selected`` command's module is
    imported to add its options."""
    import importlib

    ap = argparse.ArgumentParser(
        description="Backgammon against the computer, and its command-line tools.",
        epilog="Without a command the game starts (options such as --size go to 'play').",
    )
    ap.add_argument("--version", action="version", version=f"Backgammon {version()}")
    ap.add_argument(  # never parsed: choose() makes it the selftest command first; listed for --help
        "--selftest",
        action="store_true",
        help="the selftest command: a headless check of assets, weights, a frame and an AI game",
    )
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    parsers = {}
    for cmd in COMMANDS:
        parsers[cmd.name] = parser = sub.add_parser(
            cmd.name,
            help=cmd.help,
            description=cmd.help,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if cmd.name == selected:
            module = importlib.import_module(cmd.module)
            if hasattr(module, "prepare"):
                module.prepare()
            module.add_arguments(parser)
    return ap, parsers


def run(args: list[str]) -> int:
    """Parse ``args`` and run the command; returns the exit code."""
    import importlib

    args = choose(args)
    names = {c.name: c for c in COMMANDS}
    selected = args[0] if args[0] in names else None
    if selected is not None:
        from ai.blas import use_one_thread

        use_one_thread()  # before anything imports numpy; the AI's search process inherits it
    try:
        top, parsers = build_parser(selected)
        parsed = top.parse_args(args)
        module = importlib.import_module(names[parsed.command].module)
        code: int = module.run(parsed, parsers[parsed.command])
    except SystemExit as exc:  # --help, --version, or a usage error (code 2)
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        raise
    return code


TERMINATED = 143
"""The exit code after SIGTERM (128 + 15)."""


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(TERMINATED)  # unwinds like Ctrl+C: the game saves and stops its search


def main(argv: list[str] | None = None) -> int:
    """Run the command line; Ctrl+C ends any command quietly with :data:`INTERRUPTED`, SIGTERM
    with :data:`TERMINATED` (SDL's own handlers, which made them window-close events, are off)."""
    with contextlib.suppress(ValueError):  # only the main thread may set handlers
        signal.signal(signal.SIGTERM, _terminate)
    try:
        return run(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:
        return INTERRUPTED


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the AI's search process, when frozen by PyInstaller
    sys.exit(main())
