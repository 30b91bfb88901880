"""The search on every core (ai.parallel): helpers give the same answers, stop, and survive a loss."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from naive_reference import varied_positions

from ai.evaluation.load import hand_evaluator
from ai.filters import SCORING_FILTERS
from ai.parallel import Pool, cores, default_helpers
from ai.search import Stopped, analyse, position_values
from ai.worker.messages import Finished, Request
from ai.worker.transport import AIWorker
from game.rules.position import START_CODE, Position, swap

HAND = hand_evaluator()[0]
POSITIONS = [p for p in varied_positions(40, seed=11) if p[0] & ((1 << 200) - 1) and p[0] >> 200][:4]


@pytest.fixture(scope="module")
def pool() -> Iterator[Pool]:
    with Pool.start(2, HAND) as p:
        assert p.processes == 3
        yield p


def test_helpers_give_the_answer_of_one_process(pool: Pool) -> None:
    """Values agree to float rounding (a batch's make-up moves the last bits), the order too."""
    for code, dice in [(START_CODE, (6, 5)), *POSITIONS]:
        alone = analyse(code, dice, 3, HAND, filters=SCORING_FILTERS)
        shared = analyse(code, dice, 3, HAND, filters=SCORING_FILTERS, pool=pool)
        assert [c.code for c in shared] == [c.code for c in alone]
        assert [c.equity for c in shared] == pytest.approx([c.equity for c in alone], abs=1e-9)
        assert [c.depth for c in shared] == [c.depth for c in alone]


def test_position_values_with_helpers(pool: Pool) -> None:
    states = [swap(c) for c, _ in POSITIONS] + [START_CODE]
    for k in (1, 2):
        alone = position_values(states, k, HAND)
        assert np.allclose(position_values(states, k, HAND, pool=pool), alone, atol=1e-9)


def test_a_stopped_search_leaves_the_pool_ready(pool: Pool) -> None:
    calls = [0]

    def stop_soon() -> bool:
        calls[0] += 1
        return calls[0] > 40

    with pytest.raises(Stopped):
        analyse(START_CODE, (6, 5), 4, HAND, should_stop=stop_soon, pool=pool, filters=SCORING_FILTERS)
    code, dice = POSITIONS[0]
    assert (
        analyse(code, dice, 3, HAND, filters=SCORING_FILTERS, pool=pool)[0].code
        == analyse(code, dice, 3, HAND, filters=SCORING_FILTERS)[0].code
    )


def test_a_lost_helper_is_done_without() -> None:
    with Pool.start(1, HAND) as p:
        os.kill(p.helpers[0].process.pid, signal.SIGKILL)
        p.helpers[0].process.join(5)
        code, dice = POSITIONS[1]
        assert [c.code for c in analyse(code, dice, 3, HAND, filters=SCORING_FILTERS, pool=p)] == [
            c.code for c in analyse(code, dice, 3, HAND, filters=SCORING_FILTERS)
        ]
        assert p.processes == 1


def test_the_game_worker_searches_with_helpers_and_ends_them() -> None:
    code, dice = POSITIONS[2]
    with AIWorker("process", hand_evaluator, helpers=1) as w:
        assert w.wait_ready(60)
        procs = list(w._helper_procs)
        assert len(procs) == 1 and procs[0].is_alive()
        final = w.wait(w.start(Request("hint", Position(code), dice, depth=3)), timeout=120)[-1]
        assert isinstance(final, Finished)
        assert final.moves[0].move.after.code == analyse(code, dice, 3, HAND, filters=SCORING_FILTERS)[0].code
    assert not procs[0].is_alive()


def test_the_game_uses_a_helper_a_core_within_the_cap() -> None:
    assert 0 <= default_helpers() <= 7
    assert default_helpers() == min(cores() - 1, 7)


HELPER_ALONE = """
import multiprocessing as mp
from ai.evaluation.hand import HandEvaluator
from ai.parallel import _helper_main
jobs_in, _jobs_out = mp.Pipe(duplex=False)
values_in, values_out = mp.Pipe(duplex=False)
values_in.close()  # the owner is gone (ended by Ctrl+C) before the helper says it is ready
_helper_main(jobs_in, values_out, HandEvaluator(), 0)
"""


def test_a_helper_whose_owner_is_gone_exits_quietly() -> None:
    """No traceback on the player's terminal when the game is interrupted as a helper starts."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", HELPER_ALONE],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_a_helper_is_late_only_when_it_has_had_its_slice_half_again_as_long_as_this_process_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ai.parallel

    monkeypatch.setattr(ai.parallel.time, "monotonic", lambda: 100.0)
    spent = [0.010]  # this process searches a slice in 10 ms
    out: list[object] = [None, None]
    just_behind = {7: (1, 100.0 - 0.012)}  # sent with this process's own slice, a little slower
    assert Pool._late(out, just_behind, spent) is None  # type: ignore[arg-type]
    slowed = {7: (1, 100.0 - 0.016)}
    assert Pool._late(out, slowed, spent) == 1  # type: ignore[arg-type]
    assert Pool._late(out, slowed, []) is None  # type: ignore[arg-type]
