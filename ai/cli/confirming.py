"""The confirming rollouts' options, shared by the commands that judge a record (``analyze``,
``drills add``): ``--quick`` (the search alone), the default (every decision the review would
report judged again by a rollout: :mod:`ai.analysis.confirm`), ``--thorough``; ``--trials`` and
``--jobs``."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from ai.cli.progress import ConfirmBar
from ai.engine import Engine
from ai.engine_types import CONFIRM_MODES, ConfirmSettings, Review


def add_confirm_arguments(ap: argparse.ArgumentParser) -> None:
    """The second pass's options."""
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument(
        "--quick", action="store_true", help="the search alone: no decision rolled out again (fastest)"
    )
    mode.add_argument("--thorough", action="store_true", help="longer confirming rollouts, more trials")
    ap.add_argument(
        "--trials",
        type=int,
        metavar="T",
        help="most trials of each confirming rollout (default: the mode's, 144 or 576; from 36)",
    )
    ap.add_argument(
        "--jobs", type=int, metavar="N", help="processes for the confirming rollouts (default: every core)"
    )


def check_confirm_arguments(args: argparse.Namespace, ap: argparse.ArgumentParser) -> None:
    """Refuse the second pass's options out of range (``ap.error`` exits with the usage code)."""
    if args.trials is not None and args.trials < 36:
        ap.error("--trials must be 36 or more")
    if args.jobs is not None and args.jobs < 1:
        ap.error("--jobs must be 1 or more")


def confirm_settings(args: argparse.Namespace) -> ConfirmSettings | None:
    """The second pass the options ask for (None: ``--quick``, the search alone)."""
    chosen = CONFIRM_MODES["quick" if args.quick else "thorough" if args.thorough else "default"]
    if chosen is None or args.trials is None:
        return chosen
    trials = -(-args.trials // 36) * 36  # whole rounds
    return replace(chosen, max_trials=trials, min_trials=min(chosen.min_trials, trials))


def confirmed_review(engine: Engine, rev: Review, args: argparse.Namespace) -> Review:
    """``rev`` judged again as the options ask, its progress on standard error."""
    second = confirm_settings(args)
    if second is None:
        return rev
    from ai.engine_types import default_jobs

    jobs = args.jobs or default_jobs()
    try:
        return engine.confirm_review(rev, second, processes=jobs, on_update=ConfirmBar(sys.stderr))
    except RuntimeError as exc:  # a rollout failed or its process died: the search's verdicts stand
        print(f"\nconfirm: the rollouts failed ({exc}): the search's verdicts are given", file=sys.stderr)
        return rev
