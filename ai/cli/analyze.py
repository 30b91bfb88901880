"""``python main.py analyze FILE``: judge every decision of a match record.

    python main.py analyze match.mat [--quick | --thorough] [--depth 2] [--json] [--worst 10]

Reads the record in any format of the registry (:mod:`game.records.formats`: ``.mat``, GNU
Backgammon's ``.sgf``, eXtreme Gammon's ``.xg``), replays it through the rules
(:mod:`game.records.replay`) and judges every checker play, cube action and roll
(:mod:`ai.analysis.review`); a last game the record stops before its end is judged too, and
said to be unfinished. Prints a summary per player and the costliest decisions with their
GNU Backgammon IDs and XGID, or with ``--json`` one JSON object (each player's ``"pr"``, eXtreme
Gammon's Performance Rating; each decision's ``"xgid"``). Progress goes to standard
error: a bar when it is a terminal, a line per game otherwise. A file that cannot be
read or replayed is reported in one line, exit code 2. ``--rollout-errors N`` rolls out the N
largest errors to confirm them (:mod:`ai.cli.rollout_errors`; ``"rollouts"`` in the JSON).

By default every decision the search would report is then judged again by a short rollout
(:mod:`ai.analysis.confirm`, on every core; its progress a second bar or line): the report says
per decision how it was judged (``depth N``, or ``rollout T trials, E ± 1.96·SE``) and calls a
verdict whose interval still spans the least error it would name ``unsure``; the JSON gives each
decision's ``"judged"`` and the pass's ``"confirm"``. ``--quick`` is the search alone,
``--thorough`` longer rollouts with more trials (:data:`ai.engine_types.CONFIRM_MODES`).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import textwrap
from collections.abc import Callable, Sequence

from ai.cli.confirming import add_confirm_arguments, check_confirm_arguments, confirmed_review
from ai.cli.progress import ProgressBar
from ai.engine import Engine
from ai.engine_types import (
    BAD,
    CUBE_EXTRA_DEPTH,
    MAX_DEPTH,
    Decision,
    PlayerStats,
    Review,
    rating,
    review_json,
)
from ai.engine_types import REVIEW_DEPTH as DEFAULT_DEPTH
from game.records import formats
from game.records.errors import RecordError
from game.records.formats import load_match
from game.rules.cube import CubeAction
from game.support.files import UnknownHomeError, user_path

USAGE_ERROR = 2
"""Exit code for a file that cannot be analysed."""


def _sign(x: float) -> str:
    return f"{x:+.3f}"


def judged_words(d: Decision) -> str:
    """How ``d``'s error was found, in a few words: ``depth 2``, or ``rollout 144 trials: 0.071 ±
    0.012`` (the 95% interval's half-width), ``unsure`` added where the trials ran out first."""
    j = d.judged
    if j is None:
        return "by hand"
    if not j.confirmed:
        return f"depth {j.depth}"
    half = (j.interval[1] - j.interval[0]) / 2
    words = f"rollout {j.trials} trials: {j.estimate:+.3f} ± {half:.3f}"
    return words if j.settled else words + ", unsure at the budget"


def confirm_words(rev: Review) -> str:
    """The header's words on the second pass."""
    c = rev.confirm
    if c is None:
        return "search alone (--quick)"
    cut = f"truncated at {c.truncate} plies" if c.truncate else "played out"
    return f"{rev.to_check} decisions confirmed by rollouts of at most {c.max_trials} trials, {cut}"


def format_review(rev: Review, worst: int, why: Callable[[Decision], Sequence[str]] | None = None) -> str:
    """The plain-text report; ``why``: the sentences that explain a decision, written under each of
    the worst (:func:`explained_words`)."""
    rec = rev.match.record
    unit = "EMG" if rec.length else "equity per cube unit"
    kind = f"{rec.length}-point match" if rec.length else "money session"
    final = rev.final_score()
    n = len(rev.match.games)
    unfinished = rev.match.unfinished()
    games = f"{n} game{'' if n == 1 else 's'}"
    score = f"final score {final[0]}-{final[1]}"
    if unfinished is not None:
        games += f" (game {unfinished.number} unfinished)"
        score = f"score {final[0]}-{final[1]}"
    lines = [
        f"{rec.players[0]} vs {rec.players[1]}, {kind}, {games}, {score} "
        f"(depth {rev.depth}; errors in {unit})",
        f"Judged by: {confirm_words(rev)}",
        "",
    ]
    rows: list[tuple[str, Callable[[int, PlayerStats], str]]] = [
        (
            f"Error rate ({'mEMG' if rec.length else 'millipoints'} per decision)",
            lambda p, s: f"{s.error_rate():.1f}",
        ),
        ("Performance rating (PR, as eXtreme Gammon)", lambda p, s: f"{s.pr():.1f}"),
        ("Rating", lambda p, s: rating(s.error_rate())),
        ("Unforced moves", lambda p, s: str(s.unforced_moves)),
        ("Checker error total", lambda p, s: f"{s.checker_error:.3f}"),
        (f"Bad checker plays (>= {BAD:.2f})", lambda p, s: str(s.bad_moves)),
        ("Close or actual cube decisions", lambda p, s: str(s.cube_decisions)),
        ("Cube error total", lambda p, s: f"{s.cube_error:.3f}"),
        ("Doubtful / bad / very bad", lambda p, s: "{} / {} / {}".format(*s.counts)),
        ("Luck total", lambda p, s: _sign(s.luck)),
        (
            "Result with luck removed" + (" (MWC)" if rec.length else " (points)"),
            lambda p, s: f"{100 * rev.luck_adjusted(p):+.1f}%" if rec.length else _sign(rev.luck_adjusted(p)),
        ),
    ]
    width = max(len(r[0]) for r in rows) + 2
    col = max(16, *(len(n) + 2 for n in rec.players))
    lines.append(" " * width + "".join(n.ljust(col) for n in rec.players))
    for label, cell in rows:
        lines.append(label.ljust(width) + "".join(cell(p, s).ljust(col) for p, s in enumerate(rev.stats)))
    bad = rev.worst(worst)
    if bad:
        lines += ["", f"Worst {len(bad)} decision{'s' * (len(bad) != 1)}:"]
        for d in bad:
            who = rec.players[d.player]
            roll = f" {d.dice[0]}{d.dice[1]}" if d.dice else ""
            lines.append(
                f"  {d.error:.3f}  game {d.game} move {d.row or '-'}  {who}{roll}: "
                f"{d.played or '(no move)'}  best: {d.best}  ({d.verdict() or 'small'})  "
                f"{d.position_id}:{d.match_id}  {d.xgid()}  [{judged_words(d)}]"
            )
            said = list(why(d)) if why is not None else []
            if said and d.judged is not None and d.judged.confirmed:  # the words' numbers are the search's
                said.insert(0, f"Why, by the search at depth {rev.depth} (the rollout's error is above):")
            lines += [f"         {sentence}" for sentence in said]
    for note in rev.match.notes:
        lines.append(f"note: {note.words()}")
    return "\n".join(lines)


def explained_words(engine: Engine) -> Callable[[Decision], list[str]]:
    """A decision's explanation in English words (issue 53): the window's own sentences
    (:func:`ui.text.explain.why_decision`), the played move against the best or the cube action
    from its side, every number one of its facts (``analyze --json`` gives them)."""
    from ui.text.explain import english, why_decision

    english()  # the command line speaks English, whatever language the window is set to

    def words(decision: Decision) -> list[str]:
        said = engine.explain_decision(decision)
        if said is None:
            return []
        return why_decision(said, None if decision.kind == "move" else CubeAction(decision.kind))

    return words


def explain_decisions(out: dict[str, object], rev: Review, engine: Engine) -> None:
    """Give each decision of ``out`` (:func:`review_json`'s) its ``"facts"`` and ``"why"``
    (:func:`ai.cli.explain.explained_decision`)."""
    from ai.cli.explain import explained_decision

    rows = out.get("decisions")
    if isinstance(rows, list):
        for row, decision in zip(rows, rev.decisions, strict=True):
            row.update(explained_decision(engine, decision))


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``analyze`` command's options."""
    ap.description = textwrap.fill(
        f"Judge every checker play, cube action and roll of a match record: {formats.described()}: "
        "a summary per player and the worst decisions.",
        width=80,
    )
    ap.add_argument("file", metavar="FILE", help=f"a match record ({formats.named()})")
    ap.add_argument(
        "--depth",
        type=int,
        metavar="N",
        default=DEFAULT_DEPTH,
        help=f"search depth 1..{MAX_DEPTH} (default {DEFAULT_DEPTH}: GNU Backgammon's 2-ply)",
    )
    ap.add_argument(
        "--cube-depth",
        type=int,
        metavar="N",
        help="search depth of cube decisions 1..4 (default: one more than --depth, at most 4)",
    )
    add_confirm_arguments(ap)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    ap.add_argument("--worst", type=int, default=10, metavar="N", help="decisions listed (default 10)")
    ap.add_argument("--weights", metavar="FILE", help="network weights to use instead of the shipped ones")
    ap.add_argument(
        "--rollout-errors",
        type=int,
        default=0,
        metavar="N",
        help="roll out the N largest errors to confirm them (each a rollout of its own)",
    )
    ap.add_argument("--rollout-trials", type=int, default=648, metavar="T", help="their trials (648)")
    ap.add_argument(
        "--rollout-truncate", type=int, default=10, metavar="K", help="their truncation (10 plies; 0: none)"
    )
    ap.add_argument("--rollout-seed", type=int, default=1, metavar="S", help="their dice's seed (1)")


def _check_options(args: argparse.Namespace, ap: argparse.ArgumentParser) -> None:
    """Refuse options out of range (``ap.error`` exits with the usage code)."""
    if not 1 <= args.depth <= MAX_DEPTH:
        ap.error(f"--depth must be 1..{MAX_DEPTH}")
    if args.cube_depth is not None and not 1 <= args.cube_depth <= MAX_DEPTH:
        ap.error(f"--cube-depth must be 1..{MAX_DEPTH}")
    if args.worst < 0:
        ap.error("--worst must be 0 or more")
    check_confirm_arguments(args, ap)
    if args.rollout_errors < 0 or args.rollout_trials < 1 or args.rollout_truncate < 0:
        ap.error("--rollout-errors, --rollout-trials and --rollout-truncate must be 0 or more (trials: 1)")


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Analyse the file from parsed options; returns the exit status."""
    _check_options(args, ap)
    try:
        path = user_path(args.file)
    except UnknownHomeError as exc:
        print(f"analyze: {args.file}: {exc.strerror}", file=sys.stderr)
        return USAGE_ERROR
    try:
        match = load_match(path)
    except RecordError as exc:
        print(f"analyze: {path}: {exc}", file=sys.stderr)
        return USAGE_ERROR
    from ai.cli.hint import load
    from ai.cli.protocol import HintError
    from ai.engine import default_met
    from ai.engine_types import METError

    try:
        if match.record.length:
            default_met()  # a match's review needs it: say so now, not in a traceback later
    except METError as exc:
        print(f"analyze: {exc}", file=sys.stderr)
        return USAGE_ERROR

    try:
        evaluator = load("auto", sys.stderr, args.weights)
    except HintError as exc:
        print(f"analyze: {exc}", file=sys.stderr)
        return USAGE_ERROR
    progress = ProgressBar(sys.stderr, [len(g.turns) for g in match.games])
    cube_depth = args.cube_depth or min(args.depth + CUBE_EXTRA_DEPTH, MAX_DEPTH)
    engine = Engine(evaluator)
    rev = engine.judge_match(match, args.depth, on_turn=progress, cube_depth=cube_depth)
    rev = confirmed_review(engine, rev, args)
    confirmed = None
    if args.rollout_errors > 0:
        from ai.cli.rollout_errors import confirm_errors, format_confirmations
        from ai.engine_types import RolloutSettings, default_jobs

        settings = RolloutSettings(
            trials=args.rollout_trials,
            truncate=args.rollout_truncate,
            seed=args.rollout_seed,
            jobs=default_jobs(),
        )
        confirmed = confirm_errors(rev, engine, args.rollout_errors, settings)
    if args.json:
        out = review_json(rev)
        explain_decisions(out, rev, engine)
        out["notes"] = [n.to_json() for n in match.notes]  # what the record needed taken on trust
        if confirmed is not None:
            out["rollouts"] = confirmed
        print(json.dumps(out))
    else:
        if isinstance(sys.stdout, io.TextIOWrapper):  # names a terminal's encoding lacks become "?"
            sys.stdout.reconfigure(errors="replace")
        print(format_review(rev, args.worst, explained_words(engine)))
        if confirmed is not None:
            print(format_confirmations(confirmed, settings))
    return 0
