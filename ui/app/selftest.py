"""``python main.py --selftest``: a headless check that the game (or a built app) works.

It runs without a screen or sound card (it selects SDL's dummy drivers itself) and
checks, in order:

``bundle``
    every file of ``game.support.resources.REQUIRED_FILES`` (fonts, weights, bear-off table,
    icons) and of ``game.support.notices.REQUIRED_NOTICES`` (licences) is in the build;
``assets``
    every file under ``assets/`` loads as what it is (fonts render text, images and
    sounds load, icons parse, weights files open);
``weights``
    ``ai.evaluation.load.load_evaluator`` finds the shipped network and its checksum matches (a
    warning from it is a failure here), and the network evaluates the start position;
``frame``
    ``ui.app.offscreen.render_snapshot`` draws one frame of a game board off-screen;
``languages``
    every language the game ships: its compiled catalogue loads and translates, Babel writes its
    numbers and dates (its locale data is in the build), and a frame drawn in it (its font) is not
    blank; ``--language CODE`` runs every check in that language instead of English;
``game``
    the computer plays a whole game against itself at depth 1 through
    ``ai.search.analyse``, every candidate checked against the rules' legal moves;
``worker``
    the AI worker (in its own process, as in the game) answers a hint request.

On success it prints one line, ``selftest ok: ...``, and exits 0. On any failure it
prints what failed and why (no traceback) and exits 1. A part of the game that is not
in this build at all (its module is absent) is reported as ``missing``: a failure,
unless ``--allow-missing`` is given.

A windowed app on Windows may have no console, so no ``sys.stdout``: the selftest
then attaches to the parent's console if there is one, and ``--report FILE`` writes
the same lines to a file in any case.

``--first-frame`` measures start-up instead: it imports the UI, shows one frame in a
(dummy) window and prints how long that took since the process started.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import Enum
from pathlib import Path
from typing import Any, assert_never

from game.support.files import UnknownHomeError, user_path, writable, write_atomic
from game.support.process import ensure_streams, process_age
from ui.app.asset_check import load_asset


class Check(Enum):
    """The checks, in the order they run; the value is the check's name (``--only`` takes it)."""

    BUNDLE = "bundle"
    ASSETS = "assets"
    WEIGHTS = "weights"
    FRAME = "frame"
    LANGUAGES = "languages"
    GAME = "game"
    WORKER = "worker"


CHECKS = tuple(check.value for check in Check)
"""The checks' names, in the order they run."""

FRAME_SIZE = (1280, 800)
"""The size of the off-screen frame."""

GAME_SEED = "selftest"
"""The dice seed of the self-play game (the same game every run, for one evaluator)."""

MAX_TURNS = 600
"""A self-play game longer than this is taken as stuck."""

WORKER_TIMEOUT_S = 120.0
"""How long the worker may take to start and answer one depth-1 hint."""


class Missing(Exception):
    """A part of the game that is not in this build (its module does not exist)."""


class Failure(Exception):
    """A check that ran and found something wrong; the message says what."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of one check."""

    name: str
    """The check's name (one of :data:`CHECKS`)."""

    status: str
    """``"ok"``, ``"missing"`` or ``"failed"``."""

    detail: str
    """What was found: a short summary, or what is wrong."""

    seconds: float
    """How long the check took."""


def headless() -> None:
    """Select SDL's dummy video and audio drivers (before pygame starts)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _import(module: str) -> Any:
    """Import ``module``; :class:`Missing` if it (or its package) is not in the build."""
    import importlib

    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module == exc.name or module.startswith(exc.name + ".")):
            raise Missing(f"{module} is not in this build") from None
        raise Failure(f"{module} needs {exc.name}, which is not in this build") from None


def _attr(module: str, name: str) -> Any:
    """``module.name``; :class:`Missing` if either is absent."""
    mod = _import(module)
    if not hasattr(mod, name):
        raise Missing(f"{module}.{name} is not in this build")
    return getattr(mod, name)


# --- assets -----------------------------------------------------------------------------


def required_assets() -> tuple[str, ...]:
    """Assets that every build must have, relative to ``assets/`` (the rest are checked for
    whatever is there)."""
    from game.support.resources import REQUIRED_FILES

    return tuple(name.removeprefix("assets/") for name in REQUIRED_FILES if name.startswith("assets/"))


def check_assets(root: Path | None = None) -> str:
    """Every file under the assets folder loads; the required ones exist."""
    from game.support.resources import asset_path

    root = asset_path() if root is None else root
    if not root.is_dir():
        raise Failure(f"no assets folder at {root} (the build left it out)")
    files = sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith("."))
    have = {p.relative_to(root).as_posix() for p in files}
    absent = [name for name in required_assets() if name not in have]
    if absent:
        raise Failure(f"missing from {root}: {', '.join(absent)}")
    counts: dict[str, int] = {}
    problems = []
    for path in files:
        try:
            kind = load_asset(path)
        except Exception as exc:  # any damage at all is the finding
            problems.append(f"{path.relative_to(root).as_posix()} ({type(exc).__name__}: {exc})")
            continue
        counts[kind.value] = counts.get(kind.value, 0) + 1
    if problems:
        raise Failure("damaged: " + "; ".join(problems))
    parts = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()))
    return f"{len(files)} assets ({parts})"


def check_bundle(root: Path | None = None) -> str:
    """Every required file of the build (``game.support.resources.REQUIRED_FILES``) and every licence
    notice (``game.support.notices.REQUIRED_NOTICES``) is there and not empty."""
    from game.support.notices import REQUIRED_NOTICES
    from game.support.resources import REQUIRED_FILES, bundle_root, missing_files

    base = bundle_root() if root is None else root
    required = tuple(dict.fromkeys((*REQUIRED_FILES, *REQUIRED_NOTICES)))
    missing = missing_files(base, required)
    if missing:
        shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
        raise Failure(f"missing or empty in {base}: {shown}")
    return f"{len(required)} required files and notices"


# --- weights ----------------------------------------------------------------------------


def check_weights(context: dict[str, Any]) -> str:
    """The shipped network loads with a good checksum and evaluates the start position."""
    load_evaluator = _attr("ai.evaluation.load", "load_evaluator")
    weights_path = getattr(_import("ai.evaluation.load"), "weights_path", None)
    if weights_path is not None and not Path(weights_path()).exists():
        raise Missing(f"no weights file at {weights_path()} (the network is not shipped yet)")
    loaded = load_evaluator()
    warning = getattr(loaded, "warning", None)
    if warning:
        raise Failure(f"ai.evaluation.load: {warning}")
    evaluator = loaded.evaluator
    _sane_probs(evaluator)
    context["evaluator"] = evaluator
    return f"weights ok ({evaluator.name})"


def _sane_probs(evaluator: Any) -> None:
    from game.rules.position import START_CODE

    probs = evaluator.evaluate([START_CODE])
    shape = getattr(probs, "shape", None)
    if shape != (1, 5):
        raise Failure(f"{evaluator.name} returned shape {shape} for one position, not (1, 5)")
    values = [float(v) for v in probs[0]]
    if not all(math.isfinite(v) and -1e-6 <= v <= 1 + 1e-6 for v in values):
        raise Failure(f"{evaluator.name} gave impossible probabilities {values} at the start")


# --- frame ------------------------------------------------------------------------------


def check_frame() -> str:
    """One frame of a game board, drawn off-screen, of the right size and not blank."""
    import pygame

    render_snapshot = _attr("ui.app.offscreen", "render_snapshot")
    started = time.perf_counter()
    surface = render_snapshot(FRAME_SIZE)
    seconds = time.perf_counter() - started
    if not isinstance(surface, pygame.Surface):
        raise Failure(f"render_snapshot returned {type(surface).__name__}, not a Surface")
    if surface.get_size() != FRAME_SIZE:
        raise Failure(f"the frame is {surface.get_size()}, not {FRAME_SIZE}")
    colours = _colour_count(surface)
    if colours < 8:
        raise Failure(f"the frame looks blank ({colours} colours)")
    fonts = getattr(_import("ui.widgets.render"), "Fonts", None)
    warning = fonts().warning if fonts is not None else None
    if warning:  # the frame drew with pygame's stand-in font
        raise Failure(warning)
    return f"frame {FRAME_SIZE[0]}x{FRAME_SIZE[1]} ({colours} colours) in {seconds:.2f} s"


def check_languages() -> str:
    """Each shipped language: its catalogue loads (compiled in the build) and translates, Babel
    writes its numbers and dates, and a frame drawn in it is not blank, with its own font."""
    import datetime

    import pygame

    words = _import("ui.text")
    languages = _import("ui.text.languages")
    render_snapshot = _attr("ui.app.offscreen", "render_snapshot")
    spoken = words.language()
    size = (800, 600)
    try:
        for lang in languages.TRANSLATED:
            try:
                catalogue = words.load_catalogue(lang.code)
            except words.CatalogueError as exc:
                raise Failure(f"{lang.name} ({lang.code}): {exc}") from None
            if not getattr(catalogue, "_catalog", None) or catalogue.gettext("Quit") == "":
                raise Failure(f"{lang.name} ({lang.code}): the catalogue holds no translation")
            words.use(lang.code, catalogue)
            if not (words.number(-0.1234, "+.3f") and words.date(datetime.date(2026, 1, 31))):
                raise Failure(f"{lang.name} ({lang.code}): Babel writes no number or date")
            surface = render_snapshot(size)
            if not isinstance(surface, pygame.Surface) or _colour_count(surface) < 8:
                raise Failure(f"{lang.name} ({lang.code}): the frame looks blank")
            warning = _import("ui.widgets.render").Fonts().warning
            if warning:
                raise Failure(f"{lang.name} ({lang.code}): {warning}")
    finally:
        words.use(spoken)
    return f"{len(languages.TRANSLATED)} languages load, write their numbers and draw a frame"


def _colour_count(surface: Any) -> int:
    """Distinct colours in a small copy of the surface (a blank frame has one or two)."""
    import pygame

    small = pygame.transform.scale(surface, (160, 100))
    raw = pygame.image.tobytes(small, "RGB")
    return len({raw[i : i + 3] for i in range(0, len(raw), 3)})


# --- game -------------------------------------------------------------------------------


def _evaluator(context: dict[str, Any]) -> Any:
    """The evaluator the weights check loaded, else the hand-made one."""
    evaluator = context.get("evaluator")
    if evaluator is None:
        evaluator = _attr("ai.evaluation.hand", "HandEvaluator")()
        context["evaluator"] = evaluator
    return evaluator


def play_selftest_game(
    analyse: Callable[..., Any], evaluator: Any, seed: str = GAME_SEED, max_turns: int = MAX_TURNS
) -> tuple[int, Any]:
    """A whole game, the AI at depth 1 on both sides: (turns played, outcome).

    Every turn the analysis' candidates must be exactly the rules' legal results.
    """
    from game.rules.dice import Dice
    from game.rules.state import GameState

    dice = Dice(seed)
    state = GameState.new().after_opening_roll(*dice.opening_roll())
    turns = 0
    while (outcome := state.outcome()) is None:
        if turns >= max_turns:
            raise Failure(f"the self-play game had not ended after {max_turns} turns")
        if state.dice is None:
            state = state.with_dice(dice.roll())
        assert state.dice is not None
        moves = {m.after.code: m for m in state.legal_moves()}
        candidates = analyse(state.position.code, state.dice, 1, evaluator)
        codes = [c.code for c in candidates]
        if moves:
            if set(codes) != set(moves) or len(codes) != len(moves):
                raise Failure(
                    f"turn {turns + 1}: analyse gave {len(codes)} candidates for "
                    f"{state.position.position_id()} {state.dice}, the rules allow {len(moves)}"
                )
            state = state.play(moves[codes[0]])
        else:
            if codes not in ([], [state.position.code]):
                raise Failure(f"turn {turns + 1}: analyse found moves where the rules allow none")
            state = state.play(None)
        turns += 1
    return turns, outcome


def check_game(context: dict[str, Any]) -> str:
    """The AI plays itself at depth 1 to the end of a game."""
    analyse = _attr("ai.search", "analyse")
    evaluator = _evaluator(context)
    started = time.perf_counter()
    turns, outcome = play_selftest_game(analyse, evaluator)
    seconds = time.perf_counter() - started
    kind = outcome.termination.name.lower()
    return (
        f"AI game at depth 1 ({evaluator.name}): {turns} turns, player {outcome.winner} won "
        f"({kind}) in {seconds:.1f} s"
    )


# --- worker -----------------------------------------------------------------------------


def check_worker() -> str:
    """The AI worker, in its own process as in the game, answers a depth-1 hint."""
    worker_mod = _import("ai.worker.transport")
    messages = _import("ai.worker.messages")
    from game.rules.move import legal_moves
    from game.rules.position import Position

    position, roll = Position.start(), (3, 1)
    started = time.perf_counter()
    worker = worker_mod.AIWorker()
    try:
        rid = worker.start(messages.Request("hint", position, roll, depth=1))
        events = worker.wait(rid, timeout=WORKER_TIMEOUT_S)
    finally:
        worker.close()
    seconds = time.perf_counter() - started
    for event in events:
        if isinstance(event, messages.Failed):
            raise Failure(f"the worker failed: {event.message}")
        if isinstance(event, messages.Finished):
            legal = {m.after for m in legal_moves(position, roll)}
            if not event.moves:
                raise Failure("the worker answered with no moves for 31 at the start")
            if any(r.move.after not in legal for r in event.moves) or len(event.moves) != len(legal):
                raise Failure("the worker's moves for 31 at the start are not the legal ones")
            return f"worker answered in {seconds:.1f} s"
    raise Failure(f"the worker gave no answer within {WORKER_TIMEOUT_S:.0f} s")


# --- running ----------------------------------------------------------------------------


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {Path(last.filename).name}:{last.lineno})"


def _run(check: Check, context: dict[str, Any]) -> str:
    match check:
        case Check.BUNDLE:
            return check_bundle()
        case Check.ASSETS:
            return check_assets()
        case Check.WEIGHTS:
            return check_weights(context)
        case Check.FRAME:
            return check_frame()
        case Check.LANGUAGES:
            return check_languages()
        case Check.GAME:
            return check_game(context)
        case Check.WORKER:
            return check_worker()
        case _:
            assert_never(check)


def run_check(check: Check, context: dict[str, Any]) -> CheckResult:
    """Run one check, turning every outcome into a :class:`CheckResult`."""
    started = time.perf_counter()
    try:
        detail, status = _run(check, context), "ok"
    except Missing as exc:
        detail, status = str(exc), "missing"
    except Failure as exc:
        detail, status = str(exc), "failed"
    except Exception as exc:  # a bug or a broken build: report it in one line
        detail, status = f"{type(exc).__name__}: {exc}{_where(exc)}", "failed"
    return CheckResult(check.value, status, detail, time.perf_counter() - started)


def summary(results: list[CheckResult], allow_missing: bool, seconds: float) -> tuple[bool, str]:
    """(passed, the one-line summary)."""
    failed = [r for r in results if r.status == "failed" or (r.status == "missing" and not allow_missing)]
    missing = [r for r in results if r.status == "missing"]
    if failed:
        names = ", ".join(f"{r.name} ({r.status})" for r in failed)
        return (
            False,
            f"selftest FAILED: {names}; {len(results) - len(failed)} of {len(results)} checks passed",
        )
    parts = [r.detail for r in results if r.status == "ok"]
    if missing:
        parts.append("not built yet: " + ", ".join(r.name for r in missing))
    return True, "selftest ok: " + "; ".join(parts) + f"; {seconds:.1f} s in all"


def write_report(path: Path, lines: list[str]) -> bool:
    """Write the report lines to ``path`` atomically (temp file, then replace); False, said in one
    line, when it cannot be written."""
    try:
        write_atomic(path, ("\n".join(lines) + "\n").encode("utf-8"))
    except OSError as exc:
        print(f"selftest: cannot write the report {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def report_path(text: str | None) -> Path | None:
    """The ``--report`` file, checked before any check runs: a new path or a regular file
    (:func:`game.support.files.writable`, as ``autoplay --out``), never a FIFO, a device or a folder.
    Raises ValueError saying why not."""
    if not text:
        return None
    try:
        path = user_path(text)
    except UnknownHomeError as exc:
        raise ValueError(f"cannot write the report {text}: {exc.strerror}") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)  # as the report's writer would
    except OSError as exc:
        why = exc.strerror or exc
        raise ValueError(f"cannot write the report {path}: its folder cannot be made ({why})") from None
    problem = writable(path)
    if problem:
        raise ValueError(f"cannot write the report {path}: {problem}")
    return path


def first_frame() -> tuple[float, str]:
    """Start the game as a player would and show its first frame (in a dummy window).

    Returns (seconds, how they were counted). Uses ``ui.app.app.App`` (the real window,
    settings and first scene) when there is one, else draws ``render_snapshot`` to a
    window.
    """
    started = time.perf_counter()
    import pygame

    app_module = _import("ui.app.app")
    app_class = getattr(app_module, "App", None)
    if app_class is not None:
        app = app_class(FRAME_SIZE)
        app.frame(0.0)
        age = process_age()
        app.quit()
    else:
        render_snapshot = _attr("ui.app.offscreen", "render_snapshot")
        frame = render_snapshot(FRAME_SIZE)
        pygame.display.init()
        screen = pygame.display.set_mode(FRAME_SIZE)
        screen.blit(frame, (0, 0))
        pygame.display.flip()
        age = process_age()
    if age is not None:
        return age, "since the process started"
    return time.perf_counter() - started, "since the selftest started (process start unknown here)"


def prepare() -> None:
    """Before the command line is parsed: SDL's dummy drivers, and a console to print to."""
    headless()
    ensure_streams()


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``selftest`` command's options (``--selftest`` is accepted for it too)."""
    ap.description = "Headless check of the game: assets, weights, a frame, an AI game and the worker."
    ap.add_argument("--only", action="append", choices=CHECKS, help="run only this check (repeatable)")
    ap.add_argument("--allow-missing", action="store_true", help="parts not in the build do not fail")
    ap.add_argument("--report", metavar="FILE", help="also write the result to this (new or regular) file")
    ap.add_argument("--first-frame", action="store_true", help="measure the time to the first frame")
    ap.add_argument("--json", action="store_true", help="print the results as JSON, not one line")
    ap.add_argument("--language", metavar="CODE", help="run the checks in this language (de, ja, he ...)")


def main(argv: list[str] | None = None) -> int:
    """Run the selftest; 0 when everything passed, 1 otherwise (2 for bad arguments)."""
    prepare()
    ap = argparse.ArgumentParser(prog="main.py --selftest", description="Headless check of the game.")
    add_arguments(ap)
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return run(args, ap)


def run(args: argparse.Namespace, ap: argparse.ArgumentParser | None = None) -> int:
    """Run the selftest with parsed options; 0 when everything passed, 1 otherwise (2: the report
    cannot be written)."""
    prepare()
    try:
        report = report_path(args.report)
    except ValueError as exc:
        print(f"selftest: {exc}", file=sys.stderr)
        return 2
    if args.first_frame:
        try:
            seconds, how = first_frame()
        except (Missing, Failure) as exc:
            print(f"selftest FAILED: first frame: {exc}", file=sys.stderr)
            return 1
        line = f"first frame in {seconds:.2f} s {how}"
        print(line)
        if report is not None and not write_report(report, [line]):
            return 1
        return 0

    if getattr(args, "language", None):
        from ui.text.languages import BY_CODE

        if args.language not in BY_CODE:
            print(f"selftest: no language {args.language!r}: one of {', '.join(BY_CODE)}", file=sys.stderr)
            return 2
        os.environ["BACKGAMMON_LANGUAGE"] = args.language  # the frames are drawn in it
    started = time.perf_counter()
    context: dict[str, Any] = {}
    checks = [Check(name) for name in args.only] if args.only else list(Check)
    results = [run_check(check, context) for check in checks]
    passed, line = summary(results, args.allow_missing, time.perf_counter() - started)
    details = [f"  {r.name}: {r.status}: {r.detail}" for r in results if r.status != "ok"]
    if args.json:
        print(json.dumps({"passed": passed, "summary": line, "checks": [asdict(r) for r in results]}))
    else:
        print(line)
        for text in details:
            print(text, file=sys.stderr)
    if report is not None and not write_report(report, [line, *details]):
        passed = False
    try:
        import pygame

        pygame.quit()
    except ImportError:
        pass
    return 0 if passed else 1
