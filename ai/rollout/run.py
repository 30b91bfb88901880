"""Rolling out a checker play or a cube decision: the candidates, the jobs, the running tally.

:func:`rollout_moves` rolls out the best moves of a roll by the search (the best ``candidates``,
or those within ``within`` of the best), :func:`rollout_results` exactly the results it is given
(the analysis's second look at a move played); :func:`rollout_cube` the cube actions of the side on
roll (no double and double/take are played, double/pass is worth a single win). Both report from
the side that decides, best first for the moves; progress comes to ``on_progress`` as
:class:`ai.rollout.settings.RolloutResult` snapshots after each round of 36 trials, and while a
round is played (its games are played a ply at a time, all in step, and a round played to the end
may take a minute) after its plies, at most every :data:`PLY_REPORT_S` seconds, with the games over
so far (``in_play``) and the ply reached; ``should_stop`` ends it early (the answer then holds the
trials done, ``stopped="cancelled"``), and so does ``stop_when`` once the trials counted settle
what its caller asks (``stopped="settled"``). The answer's covariance of the candidates' means
gives the standard error of any difference between them from the same trials.

The tally takes the rounds in order (round ``k`` counts only once rounds ``0..k-1`` are in), so
the early stop is decided on the same trials whatever the number of jobs, and a rollout is
reproducible from its seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from ai.cube.model import CubeContext
from ai.evaluation.evaluator import Evaluator
from ai.ranking import Ranker
from ai.rollout.cubeful import Payoffs, pay
from ai.rollout.play import PlyDone, Start, Task, TrialValues
from ai.rollout.pool import InProcess, Jobs
from ai.rollout.settings import CandidateResult, CubeVerdict, RolloutResult, RolloutSettings
from ai.search import Stopped
from game.rules.cube import MAX_CUBE
from game.rules.outcome import win_kind
from game.rules.position import SIDE_MASK, Position, position_id, swap

F = npt.NDArray[np.float64]

Probs5 = tuple[float, float, float, float, float]

POLL_S = 0.05
"""How often the owner of the jobs looks at ``should_stop`` while it waits for a round."""

PLY_REPORT_S = 0.25
"""The least time between two reports of the rounds under way (a round's end is always reported;
the rollout's start, with its candidates, and its first ply too, so that progress shows at once)."""

CUBE_LABELS = ("No double", "Double, take", "Double, pass")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate before it is played: what it is called, and its value if known at once."""

    label: str
    position_id: str
    prior: float = 0.0
    exact: tuple[Probs5, float] | None = None
    """(probs, equity) of a candidate whose value needs no game (it wins at once, a pass)."""


class _Tally:
    """The rounds' values, kept in order; the statistics of the rounds in so far."""

    def __init__(self, candidates: list[Candidate], rounds: int) -> None:
        self.candidates = candidates
        self.rounds: dict[int, TrialValues] = {}
        self.done = 0
        """Rounds counted: 0..done-1 are all in."""
        self.total_rounds = rounds
        played = [i for i, c in enumerate(candidates) if c.exact is None]
        self.column = {c: k for k, c in enumerate(played)}

    def add(self, r: int, values: TrialValues) -> bool:
        """Keep round ``r``; True when the counted prefix grew."""
        self.rounds[r] = values
        grew = False
        while self.done in self.rounds:
            self.done += 1
            grew = True
        return grew

    def arrays(self) -> tuple[F, F]:
        """(T, C, 5) probabilities and (T, C) equities of every candidate over the counted trials."""
        parts = [self.rounds[r] for r in range(self.done)]
        n = sum(len(p.trials) for p in parts)
        nc = len(self.candidates)
        probs, eq = np.zeros((n, nc, 5)), np.zeros((n, nc))
        at = 0
        for p in parts:
            t = len(p.trials)
            for i, c in enumerate(self.candidates):
                if c.exact is None:
                    probs[at : at + t, i] = p.probs[:, self.column[i]]
                    eq[at : at + t, i] = p.equity[:, self.column[i]]
                else:
                    probs[at : at + t, i] = c.exact[0]
                    eq[at : at + t, i] = c.exact[1]
            at += t
        return probs, eq


def _se(x: F) -> float:
    n = len(x)
    return float(np.std(x, ddof=1) / math.sqrt(n)) if n > 1 else 0.0


def _covariance(eq: F, order: list[int]) -> tuple[tuple[float, ...], ...]:
    """The covariance of the candidates' means over the (T, C) trials ``eq``, in ``order``."""
    n = eq.shape[0]
    if n < 2:
        return ()
    cov = np.cov(eq[:, order], rowvar=False, ddof=1).reshape(len(order), len(order)) / n
    return tuple(tuple(float(x) for x in row) for row in cov)


def _results(tally: _Tally) -> tuple[list[CandidateResult], F]:
    probs, eq = tally.arrays()
    n = eq.shape[0]
    out = []
    for i, c in enumerate(tally.candidates):
        p = tuple(float(v) for v in probs[:, i].mean(axis=0)) if n else (0.0,) * 5
        value = float(eq[:, i].mean()) if n else 0.0
        if c.exact is not None:  # known before any trial (a pass, a move that wins at once)
            p, value = c.exact
        out.append(
            CandidateResult(
                c.label,
                c.position_id,
                value,
                0.0 if c.exact is not None else _se(eq[:, i]),
                (p[0], p[1], p[2], p[3], p[4]),
                n,
                c.prior,
                c.exact is not None,
            )
        )
    return out, eq


def _moves_clear(eq: F, z: float) -> tuple[list[int], bool]:
    """Candidates best first, and whether the best leads each other by ``z`` paired standard errors."""
    means = eq.mean(axis=0)
    order = sorted(range(len(means)), key=lambda i: -means[i])
    best = order[0]
    clear = all(means[best] - means[j] > z * max(_se(eq[:, best] - eq[:, j]), 1e-12) for j in order[1:])
    return order, clear


def _cube_verdict(eq: F, z: float, may_double: bool) -> tuple[CubeVerdict, bool]:
    """From the (T, 3) values of ND, DT, DP: the verdicts, and whether both are clear by ``z``."""
    nd, dt, dp = eq[:, 0], eq[:, 1], eq[:, 2]
    take = dt.mean() <= dp.mean()
    doubled = dt if take else dp
    double = may_double and doubled.mean() > nd.mean()
    right = doubled if double else nd
    clear_double = abs(doubled.mean() - nd.mean()) > z * max(_se(doubled - nd), 1e-12)
    clear_take = abs(dt.mean() - dp.mean()) > z * max(_se(dt - dp), 1e-12)
    verdict = CubeVerdict(bool(double), bool(take), float(right.mean()), _se(right))
    return verdict, bool(clear_double and clear_take) or not may_double


class _Run:
    """One rollout in progress: its tally, the rounds under way, and the snapshots it reports."""

    def __init__(
        self,
        task: Task,
        candidates: list[Candidate],
        cube: bool,
        may_double: bool,
        on_progress: Callable[[RolloutResult], None] | None,
    ) -> None:
        self.task = task
        self.settings = task.settings
        self.tally = _Tally(candidates, task.settings.rounds)
        self.cube = cube
        self.may_double = may_double
        self.on_progress = on_progress
        self.playing: dict[int, PlyDone] = {}
        """Where each round under way stands, by round."""
        self.told_at: float | None = None
        """When progress was last reported (None: not yet)."""
        self.ply_told = False
        """A ply of a round under way has been reported (the first always is)."""
        self.t0 = time.monotonic()

    def tell(self, snapshot: RolloutResult) -> None:
        """Report ``snapshot`` to ``on_progress``."""
        self.told_at = time.monotonic()
        if self.on_progress is not None:
            self.on_progress(snapshot)

    def ply(self, r: int, done: PlyDone) -> None:
        """Round ``r`` has played a ply: report it unless a report went out in the last
        :data:`PLY_REPORT_S` seconds."""
        if r in self.tally.rounds:
            return
        self.playing[r] = done
        if not self.ply_told or self.told_at is None or time.monotonic() - self.told_at >= PLY_REPORT_S:
            self.ply_told = True
            self.tell(self.snapshot(""))

    def under_way(self) -> tuple[float, int]:
        """Trials' worth of games over but not yet counted (rounds in play, and rounds finished
        before an earlier one), and the furthest ply reached by a round in play."""
        starts = max(1, len(self.task.starts))
        over = sum(p.over for p in self.playing.values()) / starts
        waiting = sum(len(v.trials) for r, v in self.tally.rounds.items() if r >= self.tally.done)
        return over + waiting, max((p.ply for p in self.playing.values()), default=0)

    def snapshot(self, why: str, final: bool = False) -> RolloutResult:
        s = self.settings
        results, eq = _results(self.tally)
        verdict, clear = None, False
        order = list(range(len(results)))
        if len(eq):
            if self.cube:
                verdict, clear = _cube_verdict(eq, s.stop_z or 2.0, self.may_double)
            else:
                order, clear = _moves_clear(eq, s.stop_z or 2.0)
                results = [results[i] for i in order]
        trials = len(eq)
        total = s.trials if self.task.starts else trials
        seconds = time.monotonic() - self.t0
        in_play, ply = (0.0, 0) if final else self.under_way()
        in_play = min(in_play, float(total - trials))
        return RolloutResult(
            tuple(results),
            trials,
            total,
            seconds,
            s.seed,
            s,
            clear,
            why,
            verdict,
            in_play=in_play,
            ply=ply,
            covariance=_covariance(eq, order),
        )

    def drive(
        self,
        runner: InProcess | Jobs,
        should_stop: Callable[[], bool] | None,
        stop_when: Callable[[RolloutResult], bool] | None = None,
    ) -> str:
        """Collect the rounds until all are in, or the best is clear, or ``stop_when`` says the trials
        counted settle what was asked ("settled"), or ``should_stop()``: why it stopped."""
        s = self.settings
        while runner.running:
            if should_stop is not None and should_stop():
                return "cancelled"
            grew = False
            for r, got in runner.collect(should_stop, POLL_S):
                if isinstance(got, PlyDone):
                    self.ply(r, got)
                    continue
                self.playing.pop(r, None)
                grew = self.tally.add(r, got) or grew
            if not grew:
                continue
            now = self.snapshot("")
            if now.trials >= s.trials:
                continue
            if s.stop_z is not None and now.trials >= s.min_trials and now.clear:
                return "clear"
            if stop_when is not None and now.trials >= s.min_trials and stop_when(now):
                return "settled"
            self.tell(now)
        return ""


def run_candidates(
    task: Task,
    candidates: list[Candidate],
    evaluator: Evaluator,
    *,
    cube: bool = False,
    may_double: bool = True,
    on_progress: Callable[[RolloutResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    stop_when: Callable[[RolloutResult], bool] | None = None,
) -> RolloutResult:
    """Play ``task`` (one start per candidate without an exact value) and tally the candidates;
    ``stop_when(result)`` after each round counted (from ``min_trials`` on) ends it, "settled"."""
    run = _Run(task, candidates, cube, may_double, on_progress)
    rounds = task.settings.rounds
    jobs = min(task.settings.jobs, rounds)
    runner: InProcess | Jobs
    if not task.starts:  # every candidate is known: one trial of constants
        run.tally.add(0, TrialValues(np.arange(1), np.zeros((1, 0, 5)), np.zeros((1, 0))))
        runner = InProcess(task, evaluator, 0)
    else:  # the candidates at once, before any job has started (that takes a second or so)
        run.tell(run.snapshot(""))
        runner = (
            Jobs(task, evaluator, rounds, jobs) if jobs > 1 else InProcess(task, evaluator, rounds, run.ply)
        )
    try:
        stopped = run.drive(runner, should_stop, stop_when)
    except Stopped:
        stopped = "cancelled"
    finally:
        runner.close()
    final = run.snapshot(stopped, final=True)
    if on_progress is not None:
        on_progress(final)
    return final


# --- checker play -------------------------------------------------------------------------


def _root(context: CubeContext | None) -> CubeContext:
    return context if context is not None else CubeContext()


def _exact_win(after: int, ctx: CubeContext, cubeful: bool) -> tuple[Probs5, float]:
    """The value of a move that bears off the last checker."""
    kind = win_kind(after)
    k = 1 if kind is None else kind.value
    probs: Probs5 = (1.0, float(k >= 2), float(k >= 3), 0.0, 0.0)
    payoffs = Payoffs(ctx)
    if not cubeful:
        return probs, float(payoffs.cubeless(np.array([probs]))[0])
    if ctx.jacoby and ctx.owner is None:
        k = 1
    return probs, float(payoffs.norm(pay(ctx, k * ctx.value, 0)))


def rollout_moves(
    position: Position,
    dice: tuple[int, int],
    evaluator: Evaluator,
    settings: RolloutSettings,
    *,
    context: CubeContext | None = None,
    include: Sequence[int] = (),
    on_progress: Callable[[RolloutResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    stop_when: Callable[[RolloutResult], bool] | None = None,
) -> RolloutResult:
    """Roll out the best moves of ``dice`` by the search; best first by the rollout.

    ``context``: the mover's cube and score (None: money, centred cube). ``include``: results
    (mover's view, as ``move.after.code``) rolled out too wherever the search ranks them (a move
    played, to judge it). A roll with no legal move has no candidate: the answer is empty.
    """
    ctx = _root(context)
    every = Ranker(evaluator).rank_moves(
        position, dice, settings.search_depth, context=ctx if settings.cubeful else None
    )
    ranked = every
    if settings.within is not None and ranked:
        ranked = [r for r in ranked if ranked[0].equity - r.equity <= settings.within]
    ranked = ranked[: settings.candidates]
    chosen = {r.move.after.code for r in ranked}
    ranked += [r for r in every if r.move.after.code in include and r.move.after.code not in chosen]
    if not ranked:
        return RolloutResult((), 0, 0, 0.0, settings.seed, settings)
    chosen_results = [(r.move.notation(), r.move.after.code, r.equity) for r in ranked]
    return rollout_results(
        chosen_results,
        evaluator,
        settings,
        context=ctx,
        on_progress=on_progress,
        should_stop=should_stop,
        stop_when=stop_when,
    )


def rollout_results(
    results: Sequence[tuple[str, int, float]],
    evaluator: Evaluator,
    settings: RolloutSettings,
    *,
    context: CubeContext | None = None,
    on_progress: Callable[[RolloutResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    stop_when: Callable[[RolloutResult], bool] | None = None,
) -> RolloutResult:
    """Roll out exactly these results of one roll, each ``(label, after, prior)``: its name, the
    position after the move (the mover's view, as ``move.after.code``) and the equity that picked
    it; best first by the rollout. ``context``: the mover's cube and score (None: money, centred)."""
    ctx = _root(context)
    candidates: list[Candidate] = []
    starts: list[Start] = []
    for label, after, prior in results:
        pid = position_id(swap(after))
        exact = None if after & SIDE_MASK else _exact_win(after, ctx, settings.cubeful)
        candidates.append(Candidate(label, pid, prior, exact))
        if exact is None:
            starts.append(Start(swap(after), False, ctx.value, ctx.owner, True))
    if not candidates:
        return RolloutResult((), 0, 0, 0.0, settings.seed, settings)
    task = Task(tuple(starts), ctx, settings)
    return run_candidates(
        task, candidates, evaluator, on_progress=on_progress, should_stop=should_stop, stop_when=stop_when
    )


# --- the cube -----------------------------------------------------------------------------


def rollout_cube(
    position: Position,
    context: CubeContext | None,
    evaluator: Evaluator,
    settings: RolloutSettings,
    *,
    on_progress: Callable[[RolloutResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    stop_when: Callable[[RolloutResult], bool] | None = None,
) -> RolloutResult:
    """Roll out the cube decision of the side on roll (before its roll).

    Cubeful: no double and double/take are played with the cube inside the games, double/pass is
    a single win at the cube (+1); the verdicts are in ``result.cube``. Cubeless: one candidate, the
    position's cubeless value (no cube verdict).
    """
    ctx = _root(context)
    pid = position_id(position.code)

    def run(task: Task, candidates: list[Candidate], cube: bool = False) -> RolloutResult:
        return run_candidates(
            task,
            candidates,
            evaluator,
            cube=cube,
            on_progress=on_progress,
            should_stop=should_stop,
            stop_when=stop_when,
        )

    if not settings.cubeful:
        task = Task((Start(position.code, True, ctx.value, ctx.owner, False),), ctx, settings)
        return run(task, [Candidate("Cubeless", pid)])
    # a match player who needs no more points than the cube shows gains nothing by doubling
    may_double = ctx.may_double() and ctx.value < MAX_CUBE and (ctx.is_money() or ctx.away[0] > ctx.value)
    if not may_double:  # no double to consider: no double is the position's value
        task = Task((Start(position.code, True, ctx.value, ctx.owner, False),), ctx, settings)
        only = [Candidate(CUBE_LABELS[0], pid)]
        result = run(task, only)
        nd = result.candidates[0]
        return replace(result, cube=CubeVerdict(False, True, nd.equity, nd.se), clear=True)
    starts = (
        Start(position.code, True, ctx.value, ctx.owner, False),
        Start(position.code, True, 2 * ctx.value, 1, False),
    )
    dp = float(Payoffs(ctx).norm(pay(ctx, ctx.value, 0)))
    candidates = [
        Candidate(CUBE_LABELS[0], pid),
        Candidate(CUBE_LABELS[1], pid),
        Candidate(CUBE_LABELS[2], pid, exact=((1.0, 0.0, 0.0, 0.0, 0.0), dp)),
    ]
    return run(Task(starts, ctx, settings), candidates, cube=True)
