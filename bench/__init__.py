"""Benchmarks: `python -m bench` (a table) or `python -m bench --json` (one JSON object).

Each benchmark module has ``run(quick: bool) -> dict[str, float]``; this package
runs them in order and merges their figures. Speed goals are checked here, never
in timed tests.
"""
