"""The hint protocol's GNU Backgammon ID lines: ``POSITION_ID:MATCH_ID``.

With no dice in the Match ID the line asks for the cube decision of the player on
roll, before rolling, at the Match ID's cube, score and Crawford state::

    {"cube": {"double": true, "take": true, "nd": 0.61, "dt": 0.72, "dp": 1.0}, ...}

(equities from the roller's side, per cube unit in money play, EMG in a match;
match answers also carry ``nd_mwc``, ``dt_mwc`` and ``dp_mwc``). With dice set,
the answer is the ranked moves as for ``POSITION_ID D1D2``, ranked by cubeful
equity (match play: cubeful EMG at the score, so gammons count as the score makes
them count). The cube decision searches ``depth - 1`` move decisions from the
position (the value of one candidate of a move decision at ``depth``), so it never
costs more than a move decision.

An XGID line (``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10``, eXtreme Gammon's
position ID, the ``XGID=`` optional) is answered the same way: with dice, the ranked moves
at its cube and score; with ``00`` (to roll) or ``D`` (a double offered: the doubler's
cube decision, whose ``take`` answers the taker) the cube decision.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ai.cli.protocol import HintError, analyse_json, parse_position
from ai.engine import Engine
from ai.engine_types import MET_LENGTH, CubeContext, Evaluator, context_from_match
from game.records.matchid import PLAYING, MatchIdError, MatchInfo, from_match_id, impossible
from game.records.xgid import XgidError, read_xgid
from game.rules.position import Position, unpack

if TYPE_CHECKING:
    from ai.engine_types import Pool


def parse_gnubg_id(text: str) -> tuple[int, MatchInfo]:
    """A ``POSITION_ID:MATCH_ID`` as (position code of the side on roll, match data)."""
    pid, sep, mid = text.strip().partition(":")
    if not sep or not pid or not mid:
        raise HintError(f"expected 'POSITION_ID:MATCH_ID', e.g. '4HPwATDgc/ABMA:cAkAAAAAAAAA', got {text!r}")
    try:
        info = from_match_id(mid)
    except MatchIdError as exc:
        raise HintError(str(exc)) from None
    code = parse_position(pid)
    check_match(info, mid)
    return code, info


def parse_xgid_line(text: str) -> tuple[int, MatchInfo]:
    """An XGID as (position code of the side on roll, match data), refused like a GNU ID line."""
    try:
        x = read_xgid(text)
    except XgidError as exc:
        raise HintError(f"XGID: {exc}") from None
    mine, theirs = unpack(x.code)
    if not any(mine) or not any(theirs):
        raise HintError("the game is over in this XGID: a side has no checkers left")
    check_match(x.info, "the XGID")
    return x.code, x.info


GAME_STATES = {
    0: "no game started",
    2: "the game is over",
    3: "the game was resigned",
    4: "a double was passed",
}
"""A Match ID's game states other than play (1), in words."""


def check_match(info: MatchInfo, mid: str) -> None:
    """Refuse (:class:`HintError`) a Match ID whose game is not in play or whose state cannot happen."""
    if info.game_state != PLAYING:
        why = GAME_STATES.get(info.game_state, f"game state {info.game_state}")
        raise HintError(f"nothing to decide in {mid}: {why}")
    if info.length > MET_LENGTH:
        raise HintError(
            f"{mid} is a {info.length}-point match: matches of up to {MET_LENGTH} points are supported"
        )
    cannot = impossible(info)
    if cannot is not None:
        raise HintError(f"{mid} cannot be: {cannot}")


def cube_answer(
    code: int,
    info: MatchInfo,
    depth: int,
    evaluator: Evaluator,
    pool: Pool | None = None,
    explain: bool = False,
) -> dict[str, Any]:
    """The cube decision of the player on roll (a JSON-ready dict); ``explain``: with its ``"facts"``
    and ``"why"`` (:mod:`ai.cli.explain`)."""
    t0 = time.perf_counter()
    engine = Engine(evaluator, pool)
    context = context_from_match(info)
    probs, d = engine.cube_decision(Position(code), context, depth)
    cube: dict[str, Any] = {
        "double": d.double,
        "take": d.take,
        "nd": round(d.nd, 5),
        "dt": round(d.dt, 5),
        "dp": round(d.dp, 5),
        "depth": d.depth,
    }
    if d.nd_mwc is not None and d.dt_mwc is not None and d.dp_mwc is not None:
        cube.update(nd_mwc=round(d.nd_mwc, 6), dt_mwc=round(d.dt_mwc, 6), dp_mwc=round(d.dp_mwc, 6))
    answer: dict[str, Any] = {"cube": cube, "probs": [round(float(p), 5) for p in probs], "depth": depth}
    if explain:
        from ai.cli.explain import cube_facts, explained_cube

        facts = cube_facts(engine, Position(code), context, [float(p) for p in probs], (d.nd, d.dt, d.dp))
        answer["facts"], answer["why"] = explained_cube(facts)
    answer["seconds"] = round(time.perf_counter() - t0, 4)
    return answer


def gnubg_id_answer(
    line: str,
    depth: int,
    evaluator: Evaluator,
    top: int | None = None,
    pool: Pool | None = None,
    explain: bool = False,
) -> dict[str, Any]:
    """The answer to one ``POSITION_ID:MATCH_ID`` line: a cube decision, or ranked moves when dice are set."""
    return match_answer(*parse_gnubg_id(line), depth, evaluator, top, pool, explain)


def xgid_answer(
    line: str,
    depth: int,
    evaluator: Evaluator,
    top: int | None = None,
    pool: Pool | None = None,
    explain: bool = False,
) -> dict[str, Any]:
    """The answer to one XGID line, as to the same position's ``POSITION_ID:MATCH_ID`` line."""
    return match_answer(*parse_xgid_line(line), depth, evaluator, top, pool, explain)


def match_answer(
    code: int,
    info: MatchInfo,
    depth: int,
    evaluator: Evaluator,
    top: int | None,
    pool: Pool | None,
    explain: bool = False,
) -> dict[str, Any]:
    """A cube decision, or ranked moves by cubeful equity when ``info`` has dice; ``explain``: with
    their facts and reasons."""
    if not info.has_dice():
        return cube_answer(code, info, depth, evaluator, pool, explain)
    context = context_from_match(info)
    return analyse_json(code, info.dice, depth, evaluator, top, context=context, pool=pool, explain=explain)


def parse_before_roll(text: str) -> tuple[Position, CubeContext | None]:
    """A position before its roll: a Position ID (cubeless money) or ``POSITION_ID:MATCH_ID`` (the
    Match ID's cube and score; any dice in it are left aside). Raises :class:`HintError`."""
    text = text.strip()
    if ":" not in text:
        return Position(parse_position(text)), None
    code, info = parse_gnubg_id(text)
    if info.doubled:
        raise HintError(f"a double waits for its answer in {text.partition(':')[2]}: no roll comes yet")
    return Position(code), context_from_match(info)
