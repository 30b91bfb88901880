"""Judge every decision of a replayed match: checker plays, cube actions and the luck of each roll.

Errors and luck are in EMG for a match (match winning chances turned into GNU
Backgammon's normalised equity at the score and cube: a single win at the cube is +1, a
single loss -1) and in cubeful equity per cube unit for money. For each turn of a
player (:class:`game.records.replay.Turn`):

* **cube** (when the player could double usefully: not the first roll, cube centred or
  theirs, not the Crawford game, the cube alive): :func:`ai.cube.decision.cube_decision` at the
  depth gives ND, DT and DP. The best action is worth ``max(ND, min(DT, DP))``; a
  missed double costs that minus ND, a wrong double that minus ``min(DT, DP)``; a
  wrong take costs the taker ``DT - DP``, a wrong pass ``DP - DT``. A decision counts
  as *close* when the best action is within 0.16 of ``min(DT, DP)``, as GNU Backgammon
  counts them; every double, take and pass counts too.
* **luck**: the cubeful value (one move decision, static evaluation) of the roll's best
  move minus the average over all rolls (the opening roll: over the 15 rolls that are
  not doubles).
* **checker play**: :func:`ai.search.analyse` ranks the legal moves by cubeful
  equity at the depth (its move filters skip the hopeless ones); a played move the
  filters cut is searched to the full depth on its own. The error is the best move's
  equity minus the played one's; moves with one legal choice are forced and not judged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ai.analysis.bands import BAD, DOUBTFUL, SEVERITY, severity
from ai.analysis.judgement import ConfirmSettings, Judgement
from ai.analysis.pr import performance_rating
from ai.cube.advice import CubeAdvice
from ai.cube.decision import best_roll_results, cube_decision
from ai.cube.met import default_met
from ai.cube.model import CubeContext, context_for, cubeful_equity, match_winning_chance, move_utility
from ai.evaluation.evaluator import Evaluator, flip
from ai.filters import SCORING_FILTERS
from ai.ranking import RankedMove, Ranker
from ai.search import position_values
from game.records.matchid import MatchInfo, from_match_id, match_id
from game.records.replay import ReplayedGame, ReplayedMatch, Turn
from game.records.xgid import write_xgid
from game.rules.cube import CubeAction, CubeState, can_double
from game.rules.dice import ROLLS
from game.rules.move import Move
from game.rules.position import SIDE_MASK, Position, from_position_id, position_id, swap

DEFAULT_DEPTH = 3
"""The depth ``analyze`` judges at: GNU Backgammon's 2-ply, its own analysis default."""

CLOSE_CUBE = 0.16
"""A cube decision is close when the best action is within this of doubling (GNU Backgammon's margin)."""

CUBE_EXTRA_DEPTH = 1
"""``analyze`` judges cube decisions this much deeper than moves (at most depth 4): at the default
depth, closer to GNU Backgammon's 2-ply cube errors on every set of records measured (docs/analysis.md)."""

SCREEN_DEPTH = 2
"""Cube decisions judged deeper than this are first searched at this depth; only those that
count (a double offered, or one within :data:`SCREEN_MARGIN` of close) are searched again."""

SCREEN_MARGIN = 0.05
"""How far past :data:`CLOSE_CUBE` a screened no-double must be to be left out unsearched."""

RATINGS: tuple[tuple[float, str], ...] = (
    (2.0, "Supernatural"),
    (5.0, "World class"),
    (8.0, "Expert"),
    (12.0, "Advanced"),
    (18.0, "Intermediate"),
    (26.0, "Casual player"),
    (35.0, "Beginner"),
    (float("inf"), "Awful"),
)
"""Rating words by error rate (mEMG per unforced decision), best first: the upper bound of each."""

Kind = Literal["move", CubeAction.DOUBLE, CubeAction.NO_DOUBLE, CubeAction.TAKE, CubeAction.PASS]
"""What a judged decision was: a checker play, or a cube action taken (a beaver is judged as a take)."""

CUBE_KINDS: tuple[Kind, ...] = (CubeAction.DOUBLE, CubeAction.NO_DOUBLE, CubeAction.TAKE, CubeAction.PASS)
"""The cube decisions a review judges."""

KINDS: tuple[Kind, ...] = ("move", *CUBE_KINDS)
"""What a judged decision was."""

UNSURE = "unsure"
"""The verdict of an error a rollout could neither confirm nor clear within its trials."""

CUBE_ERRORS: dict[Kind, str] = {
    CubeAction.NO_DOUBLE: "missed double",
    CubeAction.DOUBLE: "wrong double",
    CubeAction.TAKE: "wrong take",
    CubeAction.PASS: "wrong pass",
}
"""The name of an error in each kind of cube decision."""


TOP_MOVES = 5
"""How many of the best moves a checker play keeps for the review screen."""


def rating(error_rate: float) -> str:
    """The rating word for an error rate in mEMG per unforced decision."""
    return next(word for bound, word in RATINGS if error_rate < bound)


@dataclass(frozen=True, slots=True)
class MoveOption:
    """One ranked move of a checker play, for the review screen."""

    move: Move
    """The legal move."""

    equity: float
    """Its cubeful equity for the mover (EMG, or per cube unit for money)."""

    probs: tuple[float, float, float, float, float]
    """The mover's win, win gammon, win backgammon, lose gammon, lose backgammon after it."""

    rank: int
    """1 for the best move."""


@dataclass(frozen=True, slots=True)
class GraphPoint:
    """The left column's standing before one turn (or at a game's end)."""

    game: int
    """Game number, from 1."""

    turn: int
    """Index of the turn in its game (the number of turns at a game's end)."""

    value: float
    """Match winning chance (match) or points won so far plus the game's equity (money)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision."""

    game: int
    """Game number, from 1."""

    row: int
    """The record's move number: of the row the double, take or drop was written on, else of the
    roll's (a move, a no double); 0 when the record has none."""

    player: int
    """0 (left column) or 1."""

    kind: Kind
    """One of :data:`KINDS`."""

    error: float
    """What it cost, >= 0 (EMG, or per cube unit for money)."""

    played: str
    """The move or action taken."""

    best: str
    """The best move or action."""

    position_id: str
    """GNU Backgammon Position ID, the deciding player on roll (the doubler for take/pass)."""

    match_id: str
    """GNU Backgammon Match ID of the moment of the decision."""

    dice: tuple[int, int] | None = None
    """The roll (moves)."""

    luck: float = 0.0
    """The roll's luck for the mover (moves)."""

    turn: int = -1
    """Index of the decision's turn in its game (:attr:`ReplayedGame.turns`)."""

    options: tuple[MoveOption, ...] = ()
    """Moves: the best :data:`TOP_MOVES`, then the played move when it ranks lower."""

    cube: tuple[float, float, float] | None = None
    """Cube decisions: No double, Double/take, Double/pass from the doubler's side."""

    probs: tuple[float, float, float, float, float] | None = None
    """Cube decisions: the doubler's chances before its roll by the cube search (win, win gammon,
    win backgammon, lose gammon, lose backgammon), what the decision's explanation stands on."""

    judged: Judgement | None = None
    """How the error was found: the search's depth, or a rollout's trials and interval (None: a
    decision made by hand, not by a review)."""

    def played_option(self) -> MoveOption | None:
        """The played move among :attr:`options` (moves only)."""
        return next((o for o in self.options if o.move.notation() == self.played), None)

    def verdict(self) -> str:
        """What kind of error it is: ``""`` (none), ``doubtful``, ``bad`` or ``very bad`` for a
        move, ``missed double``, ``wrong double``, ``wrong take`` or ``wrong pass`` for the cube;
        ``unsure`` where a rollout's trials ran out with its interval still reaching below the
        least error it would name (:meth:`unsure`)."""
        if self.unsure():
            return UNSURE
        if self.error <= 0.0:
            return ""
        if self.kind == "move":
            return severity(self.error)
        return CUBE_ERRORS[self.kind]

    def unsure(self) -> bool:
        """A rollout judged it and ran out of trials with its error's interval reaching below the
        least error a verdict names (doubtful for a move, any for the cube) and above it."""
        j = self.judged
        if j is None or not j.confirmed or j.settled:
            return False
        low, high = j.interval
        least = DOUBTFUL if self.kind == "move" else 0.0
        return low < least < high

    def confirmed(self) -> bool:
        """A rollout judged it again."""
        return self.judged is not None and self.judged.confirmed

    def vouched(self) -> Decision | None:
        """The decision as its verdict is vouched for, for a drill card to keep: a checker play a
        rollout confirmed with its moves the rolled-out ones, each valued by the rollout, best first;
        a cube decision a rollout confirmed as it is (its (ND, DT, DP) are the rollout's); None when
        no rollout confirmed it or the rollout stayed unsure."""
        j = self.judged
        if j is None or not j.confirmed or self.unsure():
            return None
        if self.kind != "move":
            return self
        by_move = {o.move.notation(): o for o in self.options}
        rolled = sorted(
            ((label, equity) for label, equity, _se in j.rolled if label in by_move), key=lambda r: -r[1]
        )
        options = tuple(
            replace(by_move[label], equity=value, rank=rank) for rank, (label, value) in enumerate(rolled, 1)
        )
        return replace(self, options=options) if len(options) >= 2 else None

    def xgid(self) -> str:
        """The decision's XGID, the player deciding at the bottom (a take: the double offered, ``D``)."""
        return write_xgid(
            from_position_id(self.position_id), from_match_id(self.match_id), bottom=self.player
        )

    def to_json(self) -> dict[str, object]:
        """The decision as a JSON-ready dict."""
        out: dict[str, object] = {
            "game": self.game,
            "row": self.row,
            "player": self.player,
            "kind": self.kind,
            "error": round(self.error, 5),
            "played": self.played,
            "best": self.best,
            "verdict": self.verdict(),
            "gnubg_id": f"{self.position_id}:{self.match_id}",
            "xgid": self.xgid(),
        }
        if self.judged is not None:
            out["judged"] = self.judged.to_json()
        if self.dice is not None:
            out["dice"] = list(self.dice)
            out["luck"] = round(self.luck, 5)
        return out


@dataclass(slots=True)
class PlayerStats:
    """One player's totals."""

    unforced_moves: int = 0
    """Checker plays with more than one legal move."""

    checker_error: float = 0.0
    """Sum of checker-play errors."""

    bad_moves: int = 0
    """Checker plays losing at least :data:`BAD`."""

    cube_decisions: int = 0
    """Close or actual cube decisions."""

    cube_error: float = 0.0
    """Sum of cube errors."""

    luck: float = 0.0
    """Sum of the luck of the player's rolls."""

    luck_mwc: float = 0.0
    """The same in match winning chance (match) or points (money)."""

    counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Doubtful, bad and very bad decisions (checker and cube), each band on its own."""

    def error_rate(self) -> float:
        """mEMG per unforced decision (unforced moves and close cube decisions)."""
        n = self.unforced_moves + self.cube_decisions
        return 1000.0 * (self.checker_error + self.cube_error) / n if n else 0.0

    def pr(self) -> float:
        """eXtreme Gammon's Performance Rating (:mod:`ai.analysis.pr`): EMG lost per decision ×500."""
        return performance_rating(self.error_rate())

    def add_error(self, error: float) -> None:
        """Count ``error`` in its band (doubtful, bad or very bad), if any."""
        for k, (bound, _) in enumerate(SEVERITY):
            if error >= bound:
                self.counts[2 - k] += 1
                return

    def count(self, kind: Kind, error: float) -> None:
        """Count a judged decision of ``kind`` that cost ``error``."""
        if kind == "move":
            self.unforced_moves += 1
            self.checker_error += error
            self.bad_moves += error >= BAD
        else:
            self.cube_decisions += 1
            self.cube_error += error
        self.add_error(error)


def tally(
    decisions: Sequence[Decision], luck: tuple[PlayerStats, PlayerStats]
) -> tuple[PlayerStats, PlayerStats]:
    """Both players' totals counted afresh from ``decisions``, the luck taken from ``luck``'s."""
    stats = (
        PlayerStats(luck=luck[0].luck, luck_mwc=luck[0].luck_mwc),
        PlayerStats(luck=luck[1].luck, luck_mwc=luck[1].luck_mwc),
    )
    for d in decisions:
        stats[d.player].count(d.kind, d.error)
    return stats


@dataclass(frozen=True, slots=True)
class Review:
    """A whole match judged."""

    match: ReplayedMatch
    """The replayed record."""

    depth: int
    """The search depth used."""

    stats: tuple[PlayerStats, PlayerStats]
    """Per player, in the file's order."""

    decisions: tuple[Decision, ...]
    """Every judged decision, in order of play."""

    graph: tuple[GraphPoint, ...] = ()
    """The left column's match winning chance (or money standing) before each roll and at each game's end."""

    confirm: ConfirmSettings | None = None
    """How the decisions it reports are judged again by rollouts (None: by the search alone)."""

    checked: int = 0
    """Of the decisions to judge again, how many are done (the second pass's progress)."""

    to_check: int = 0
    """The decisions to judge again (0: none, or not yet chosen)."""

    def vouched(self) -> tuple[Decision, ...]:
        """The decisions whose verdicts the coach vouches for, as drill cards keep them: every one
        of a review by the search alone; of a confirmed review, those a rollout confirmed, valued by
        it (:meth:`Decision.vouched`)."""
        if self.confirm is None:
            return self.decisions
        return tuple(v for d in self.decisions if (v := d.vouched()) is not None)

    def confirming(self) -> bool:
        """The second pass has decisions still to judge."""
        return self.confirm is not None and self.checked < self.to_check

    def luck_adjusted(self, player: int) -> float:
        """The player's result with luck removed: match winning chance gained over 50% (match),
        points won (money), minus the player's luck and plus the opponent's."""
        final = self.final_score()
        length = self.match.record.length
        if length:
            actual = default_met().mwc(length - final[player], length - final[1 - player]) - 0.5
        else:
            actual = float(final[player] - final[1 - player])
        return actual - self.stats[player].luck_mwc + self.stats[1 - player].luck_mwc

    def final_score(self) -> tuple[int, int]:
        """Points at the end of the record (an unfinished last game adds none)."""
        return self.match.final_score()

    def worst(self, n: int = 10) -> list[Decision]:
        """The ``n`` costliest decisions, largest first."""
        return sorted((d for d in self.decisions if d.error > 0), key=lambda d: -d.error)[:n]


def _mwc_scale(ctx: CubeContext) -> float:
    """Match winning chance (match) or points (money) per unit of normalised equity."""
    if ctx.is_money():
        return float(ctx.value)
    met = default_met()
    post = ctx.crawford or ctx.post_crawford
    win = met.mwc(ctx.away[0] - ctx.value, ctx.away[1], post)
    lose = met.mwc(ctx.away[0], ctx.away[1] - ctx.value, post)
    return (win - lose) / 2.0


def _roll_index(dice: tuple[int, int]) -> int:
    lo, hi = min(dice), max(dice)
    return next(i for i, (a, b, _) in enumerate(ROLLS) if (a, b) == (lo, hi))


class _Judge:
    """The running state of one review."""

    def __init__(self, match: ReplayedMatch, depth: int, evaluator: Evaluator, cube_depth: int) -> None:
        self.match = match
        self.length = match.record.length
        self.depth = depth
        self.cube_depth = cube_depth
        self.jacoby = match.is_jacoby()
        self.evaluator = evaluator
        self.ranker = Ranker(evaluator)
        self.stats = (PlayerStats(), PlayerStats())
        self.decisions: list[Decision] = []
        self.graph: list[GraphPoint] = []
        self.turn_index = -1
        """The turn being judged, in its game."""

    def context(self, game: ReplayedGame, cube: CubeState, player: int) -> CubeContext:
        """The cube context of ``player`` in ``game``."""
        return context_for(
            cube,
            player,
            self.length,
            game.score,
            crawford=game.crawford,
            post_crawford=game.post_crawford,
            jacoby=self.jacoby,
        )

    def ids(
        self,
        code: int,
        game: ReplayedGame,
        cube: CubeState,
        player: int,
        dice: tuple[int, int] = (0, 0),
        taker: int | None = None,
    ) -> tuple[str, str]:
        """Position ID (``player`` on roll) and Match ID; ``taker`` set: a double waiting for its answer."""
        info = MatchInfo(
            cube,
            player,
            self.length,
            game.score,
            dice,
            game.crawford,
            self.jacoby,
            turn=taker,
            doubled=taker is not None,
        )
        return position_id(code), match_id(info)

    def cube_available(self, game: ReplayedGame, turn: Turn) -> bool:
        if turn.first or not can_double(turn.cube, turn.player, crawford=game.crawford):
            return False
        return self.length == 0 or self.length - game.score[turn.player] > turn.cube.value

    def cube(self, game: ReplayedGame, turn: Turn) -> None:
        ctx = self.context(game, turn.cube, turn.player)
        probs, d = cube_decision(
            turn.code, ctx, min(self.cube_depth, SCREEN_DEPTH), self.evaluator, settle=None
        )
        if self.cube_depth > SCREEN_DEPTH:
            double = min(d.dt, d.dp)
            if not turn.doubled and max(d.nd, double) - double >= CLOSE_CUBE + SCREEN_MARGIN:
                return  # nowhere near a double: not a decision that counts
            probs, d = cube_decision(turn.code, ctx, self.cube_depth, self.evaluator, settle=None)
        chances = (float(probs[0]), float(probs[1]), float(probs[2]), float(probs[3]), float(probs[4]))
        double_value = min(d.dt, d.dp)
        best_value = max(d.nd, double_value)
        advice = CubeAdvice.of(d.nd < double_value, d.take)
        best = advice.doubler_words
        ids = self.ids(turn.code, game, turn.cube, turn.player)
        judged = functools.partial(self.judged, cube=(d.nd, d.dt, d.dp), probs=chances)
        if not turn.doubled:
            if best_value - double_value < CLOSE_CUBE:
                judged(game, turn, turn.player, CubeAction.NO_DOUBLE, best_value - d.nd, best, ids)
            return
        judged(game, turn, turn.player, CubeAction.DOUBLE, best_value - double_value, best, ids)
        taker = 1 - turn.player
        ids = (ids[0], self.ids(turn.code, game, turn.cube, turn.player, taker=taker)[1])
        answer = str(advice.taker)
        if turn.taken:
            judged(game, turn, taker, CubeAction.TAKE, max(0.0, d.dt - d.dp), answer, ids)
        else:
            judged(game, turn, taker, CubeAction.PASS, max(0.0, d.dp - d.dt), answer, ids)

    def judged(
        self,
        game: ReplayedGame,
        turn: Turn,
        player: int,
        kind: Kind,
        error: float,
        best: str,
        ids: tuple[str, str],
        played: str | None = None,
        luck: float = 0.0,
        options: tuple[MoveOption, ...] = (),
        cube: tuple[float, float, float] | None = None,
        probs: tuple[float, float, float, float, float] | None = None,
    ) -> None:
        """Count a decision in ``player``'s totals and keep it."""
        self.stats[player].count(kind, error)
        text = kind if played is None else played
        dice = turn.dice if kind == "move" else None
        match kind:
            case CubeAction.DOUBLE:
                row = turn.double_row
            case CubeAction.TAKE | CubeAction.PASS:
                row = turn.answer_row
            case _:
                row = 0
        decision = Decision(game.number, row or turn.row, player, kind, error, text, best, *ids, dice, luck)
        judged = Judgement(self.depth if kind == "move" else self.cube_depth, search_error=error)
        self.decisions.append(
            replace(decision, turn=self.turn_index, options=options, cube=cube, probs=probs, judged=judged)
        )

    def move(self, game: ReplayedGame, turn: Turn, luck_only: bool = False) -> None:
        assert turn.dice is not None
        cube = played_cube(turn)
        ctx = self.context(game, cube, turn.player)
        me = self.stats[turn.player]
        luck = self.luck(game, turn, ctx)
        me.luck += luck
        me.luck_mwc += luck * _mwc_scale(ctx)
        if luck_only or turn.legal <= 1 or turn.move is None:
            return
        ids = self.ids(turn.code, game, cube, turn.player, dice=turn.dice)
        played = turn.move.notation()
        ranked = self.ranker.rank_moves(
            Position(turn.code),
            turn.dice,
            self.depth,
            context=ctx,
            cubeful_replies=False,
            filters=SCORING_FILTERS,
        )
        target = turn.move.after.code
        mine = next(r for r in ranked if r.move.after.code == target)
        value = mine.equity
        probs: tuple[float, ...] = mine.probs
        if mine.depth < self.depth and target & SIDE_MASK:
            deeper = flip(position_values([swap(target)], self.depth - 1, self.evaluator))
            value = float(move_utility(ctx, turn.code)(deeper)[0])
            probs = tuple(float(x) for x in deeper[0])
        best = ranked[0]
        error = max(0.0, best.equity - value)
        best_text = best.move.notation() if error > 0 else played
        options = _options(ranked, mine, value, probs)
        self.judged(game, turn, turn.player, "move", error, best_text, ids, played, luck, options)

    def luck(self, game: ReplayedGame, turn: Turn, ctx: CubeContext) -> float:
        """The roll's luck; also keeps the left column's standing before the roll for the graph."""
        assert turn.dice is not None
        rows, weights, xs = best_roll_results(turn.code, self.evaluator)
        values = cubeful_equity(rows, ctx, xs)
        w = weights.copy()
        if turn.first:
            w[[i for i, (a, b, _) in enumerate(ROLLS) if a == b]] = 0.0
        standing = float(w @ match_winning_chance(rows, ctx, xs) / w.sum())
        self.graph_point(game, self.turn_index, standing, turn.player)
        return float(values[_roll_index(turn.dice)] - w @ values / w.sum())

    def graph_point(self, game: ReplayedGame, turn: int, value: float, player: int) -> None:
        """Keep ``value`` (``player``'s match winning chance, or money equity of the game) as the
        left column's standing."""
        if self.length:
            left = value if player == 0 else 1.0 - value
        else:
            left = game.score[0] - game.score[1] + (value if player == 0 else -value)
        self.graph.append(GraphPoint(game.number, turn, left))

    def game_end(self, game: ReplayedGame) -> None:
        """The left column's standing once ``game`` is over (an unfinished game has no end)."""
        if game.winner is None:
            return
        score = [game.score[0], game.score[1]]
        score[game.winner] += game.points
        if self.length:
            post = game.crawford or game.post_crawford
            value = default_met().mwc(self.length - score[0], self.length - score[1], post)
        else:
            value = float(score[0] - score[1])
        self.graph.append(GraphPoint(game.number, len(game.turns), value))


def played_cube(turn: Turn) -> CubeState:
    """The cube when the roll is played: doubled and the opponent's after a take."""
    return CubeState(turn.cube.value * 2, 1 - turn.player) if turn.taken else turn.cube


def _options(
    ranked: list[RankedMove], played: RankedMove, value: float, probs: tuple[float, ...]
) -> tuple[MoveOption, ...]:
    """The best :data:`TOP_MOVES` of ``ranked`` and, when it ranks lower, the ``played`` move
    with its own ``value`` and ``probs`` (searched to the full depth even if a filter cut it),
    ranked among the others by that value."""
    target = played.move.after.code
    rank = 1 + sum(1 for r in ranked if r.move.after.code != target and r.equity > value)
    order: list[RankedMove | None] = [r for r in ranked if r.move.after.code != target]
    order.insert(rank - 1, None)  # None: the played move
    out = []
    mine = (probs[0], probs[1], probs[2], probs[3], probs[4])
    for k, r in enumerate(order, 1):
        if r is None:
            out.append(MoveOption(played.move, value, mine, k))
        elif k <= TOP_MOVES:
            out.append(MoveOption(r.move, r.equity, r.probs, k))
    return tuple(out)


def review(
    match: ReplayedMatch,
    depth: int,
    evaluator: Evaluator,
    on_turn: Callable[[int, int], None] | None = None,
    cube_depth: int | None = None,
    luck_only: bool = False,
) -> Review:
    """Judge every decision of ``match`` at ``depth`` (cube actions at ``cube_depth``, default
    ``depth``); ``on_turn(done, total)`` after each turn. ``luck_only``: judge only the rolls'
    luck (and the graph), no decision."""
    judge = _Judge(match, depth, evaluator, depth if cube_depth is None else cube_depth)
    total = sum(len(g.turns) for g in match.games)
    done = 0
    for game in match.games:
        for judge.turn_index, turn in enumerate(game.turns):
            if not luck_only and (judge.cube_available(game, turn) or turn.doubled):
                judge.cube(game, turn)
            if turn.dice is not None:
                judge.move(game, turn, luck_only)
            done += 1
            if on_turn is not None:
                on_turn(done, total)
        judge.game_end(game)
    return Review(match, depth, judge.stats, tuple(judge.decisions), tuple(judge.graph))


def confirm_json(rev: Review) -> dict[str, object]:
    """How the review's second pass judged again the decisions it reports: ``{"mode": "quick"}``
    (none: the search alone), else the mode, its budget and truncation, and how many decisions
    were rolled out, how many of them are still unsure."""
    c = rev.confirm
    if c is None:
        return {"mode": "quick"}
    return {
        "mode": c.mode,
        "max_trials": c.max_trials,
        "truncate": c.truncate,
        "checked": rev.checked,
        "to_check": rev.to_check,
        "unsure": sum(d.unsure() for d in rev.decisions),
    }


def review_json(rev: Review, decisions: bool = True) -> dict[str, object]:
    """The review as the ``--json`` object."""
    rec = rev.match.record
    stats = []
    for p, s in enumerate(rev.stats):
        stats.append(
            {
                "unforced_moves": s.unforced_moves,
                "checker_error": round(s.checker_error, 5),
                "bad_moves": s.bad_moves,
                "cube_decisions": s.cube_decisions,
                "cube_error": round(s.cube_error, 5),
                "luck": round(s.luck, 5),
                "error_rate": round(s.error_rate(), 2),
                "pr": round(s.pr(), 2),
                "rating": rating(s.error_rate()),
                "doubtful": s.counts[0],
                "bad": s.counts[1],
                "very_bad": s.counts[2],
                "luck_adjusted": round(rev.luck_adjusted(p), 5),
            }
        )
    out: dict[str, object] = {
        "match_length": rec.length,
        "players": list(rec.players),
        "games": [{"winner": g.winner, "points": g.points} for g in rev.match.games if g.finished],
        "stats": stats,
        "depth": rev.depth,
        "confirm": confirm_json(rev),
    }
    unfinished = rev.match.unfinished()
    if unfinished is not None:  # judged like the others, but with no result to list in "games"
        out["unfinished"] = {"game": unfinished.number, "score": list(unfinished.score)}
    if decisions:
        out["decisions"] = [d.to_json() for d in rev.decisions]
    return out
