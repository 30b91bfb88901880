"""Run every benchmark and print a table, or one JSON object with --json."""

from __future__ import annotations

import argparse
import importlib
import sys
import time

from bench.cli import print_figures

MODULES = [
    "bench.movegen",
    "bench.search",
    "bench.ui_frames",
    "bench.startup",
    "bench.evaluator",
    "bench.cube",
    "bench.cores",
    "bench.rollout",
    "bench.records",
    "bench.hostile",
    "bench.drills",
]
"""The benchmarks ``python -m bench`` runs, in order (each also runs alone: ``python -m bench.movegen``)."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="fewer positions, for a smoke run")
    ap.add_argument(
        "--only",
        action="append",
        choices=[name.split(".")[-1] for name in MODULES],
        metavar="NAME",
        help="run only this benchmark (repeatable): %(choices)s",
    )
    args = ap.parse_args(argv)
    from ai.blas import use_one_thread

    use_one_thread()  # as the game runs: before the benchmarks import numpy
    figures: dict[str, float] = {}
    for name in MODULES:
        if args.only and name.split(".")[-1] not in args.only:
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        t = time.perf_counter()
        figures.update(module.run(args.quick))
        if not args.json:
            print(f"# {name} took {time.perf_counter() - t:.1f}s", file=sys.stderr)
    print_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
