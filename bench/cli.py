"""The command line of one benchmark module: ``python -m bench.NAME [--quick] [--json]``."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence

Run = Callable[[bool], dict[str, float]]


def print_figures(figures: dict[str, float], as_json: bool) -> None:
    """Print the figures as one JSON object, or as a two-column table."""
    if as_json:
        print(json.dumps(figures))
        return
    width = max((len(k) for k in figures), default=10)
    for key, value in figures.items():
        print(f"{key:<{width}}  {value:.6g}")


def module_main(name: str, doc: str | None, run: Run, argv: Sequence[str] | None = None) -> int:
    """``python -m bench.NAME``: parse ``--quick``/``--json``, measure, print; the exit code.

    The module's imports load numpy before one BLAS thread can be asked for
    (``ai.blas``), so unless the thread count is already set, the measurement runs in a
    fresh ``python -m bench --only NAME``, which asks first: the figures are the suite's.
    """
    ap = argparse.ArgumentParser(
        prog=f"python -m bench.{name}",
        description=(doc or "").split("\n\n")[0],
        epilog=f"The same as: python -m bench --only {name}",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="fewer positions, for a smoke run")
    args = ap.parse_args(argv)
    from ai.blas import VARIABLES, use_one_thread

    preset = any(variable in os.environ for variable in VARIABLES)
    if not use_one_thread() and not preset:
        flags = [flag for flag, on in (("--quick", args.quick), ("--json", args.json)) if on]
        return subprocess.call([sys.executable, "-m", "bench", "--only", name, *flags])
    print_figures(run(args.quick), args.json)
    return 0
