"""A rollout answering the hint protocol, to measure rollouts with ``../shared/tools/bgjudge.py``.

    python -m bench.rollout_hint [--trials N] [--truncate K] [--cubeless] [--jobs N]

reads ``POSITION_ID D1D2`` lines (a checker play: the search's best five moves rolled out,
cubeless, best first, then the other legal moves in the search's order) or
``POSITION_ID:MATCH_ID`` lines (a cube decision rolled out, cubeful, at the Match ID's cube and
score) and answers each with one JSON line, as ``python main.py hint`` does::

    python ../shared/tools/bgjudge.py loss --set SET -- python -m bench.rollout_hint --trials 324
    python ../shared/tools/bgjudge.py cube --set SET -- python -m bench.rollout_hint --trials 324

Not a benchmark of the suite (``python -m bench`` does not run it): a tool for docs/rollouts.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from ai.cli.protocol import parse_dice, parse_position
from ai.cli.rollout import parse_target
from ai.engine import Engine
from ai.evaluation.load import default_evaluator
from ai.rollout.pool import default_jobs
from ai.rollout.settings import RolloutSettings
from game.rules.position import Position, position_id, swap


def answer(engine: Engine, line: str, settings: RolloutSettings) -> dict[str, Any]:
    """The protocol's reply to one line."""
    if ":" in line:
        position, _, ctx = parse_target(line, None)
        r = engine.rollout(position, None, replace(settings, cubeful=True), context=ctx)
        if r.cube is None:
            return {"error": "no cube verdict"}
        nd, dt, dp = (c.equity for c in r.candidates[:3]) if len(r.candidates) >= 3 else (r.cube.equity,) * 3
        return {"cube": {"double": r.cube.double, "take": r.cube.take, "nd": nd, "dt": dt, "dp": dp}}
    pid, dice_text = line.split()
    code, dice = parse_position(pid), parse_dice(dice_text)
    r = engine.rollout(Position(code), dice, replace(settings, cubeful=False))
    moves = [{"move": c.label, "position_id": c.position_id, "equity": c.equity} for c in r.candidates]
    seen = {m["position_id"] for m in moves}
    for m in engine.rank_moves(Position(code), dice, settings.search_depth):
        pid_after = position_id(swap(m.move.after.code))
        if pid_after not in seen:
            moves.append({"move": m.move.notation(), "position_id": pid_after, "equity": m.equity - 1.0})
    return {"moves": moves}


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.rollout_hint", description=__doc__)
    ap.add_argument("--trials", type=int, default=324)
    ap.add_argument("--truncate", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    from ai.blas import use_one_thread

    use_one_thread()
    settings = RolloutSettings(trials=args.trials, truncate=args.truncate, jobs=args.jobs, seed=args.seed)
    engine = Engine(default_evaluator()[0])
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            reply = answer(engine, line, settings)
        except Exception as exc:  # one bad line must not end the session
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(reply), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
