"""Run every benchmark and print a table, or one JSON object with --json."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time

MODULES = [
    "bench.movegen",
    "bench.search",
    "bench.ui_frames",
    "bench.startup",
    "bench.evaluator",
    "bench.cube",
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--quick", action="store_true", help="fewer positions, for a smoke run")
    ap.add_argument("--only", action="append", help="run only these modules (e.g. movegen)")
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
    if args.json:
        print(json.dumps(figures))
    else:
        width = max((len(k) for k in figures), default=10)
        for key, value in figures.items():
            print(f"{key:<{width}}  {value:.6g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
