"""GNU Backgammon IDs of the game on the board, and a game set up from pasted IDs (no pygame).

The IDs read ``POSITIONID:MATCHID`` as GNU Backgammon writes them: the Position ID
from the side on roll, the Match ID with the player on roll, the cube, the score, the
Crawford flag and the dice once rolled (the higher die first, as in a ``.mat`` record and
the review's IDs). The human is GNU Backgammon's player 0 unless
the game was set up from a Match ID that made them player 1 (so pasted IDs read back
the same).

The text may also be GNU Backgammon's labelled form (``Position ID: ... Match ID: ...``), or
eXtreme Gammon's XGID (``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10``, alone or within
a pasted text). The XGID of the board (:func:`session_xgid`) shows the human at the bottom.
A game set up from IDs puts the human on the side that must decide now: the side on
roll, or the side facing a double when the Match ID holds one. A Position ID alone
sets up a money game, cube centred, the human on roll before rolling.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum, auto

from ai.engine_types import context_from_match
from ai.worker.messages import CubeRequest, Request
from game.records.matchid import PLAYING, MatchIdError, MatchInfo, from_match_id, impossible, match_id
from game.records.xgid import XgidError, looks_like_xgid, read_xgid, write_xgid
from game.rules.cube import DEFAULT_RULES, CubeAction, CubeState, can_double
from game.rules.dice import Roll
from game.rules.match import MAX_MATCH_LENGTH, Match, MatchError
from game.rules.position import CHECKERS, Position, PositionError, from_position_id, position_id, swap, unpack
from game.rules.state import GameState
from ui.model.cube_save import CubeRecord
from ui.model.session import AI, HUMAN, GameConfig, GameSession

MAX_INPUT = 200
"""The most characters of a paste read as IDs (an ID pair is 27)."""

MAX_TEXT = 10_000
"""The most characters of a longer paste searched for an XGID or GNU Backgammon's labelled IDs (a
forum post, eXtreme Gammon's or GNU Backgammon's text of a position)."""

EXAMPLE = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
"""The starting position, money, player 1 on roll: shown as an example of the form."""


class Problem(Enum):
    """Why a text is not a position that can be played (:func:`ui.text.model.setup_problem` words it)."""

    EMPTY = auto()
    """Nothing pasted."""
    TOO_LONG = auto()
    """Longer than any IDs (the number: its length)."""
    POSITION_ID = auto()
    """The Position ID does not read (the detail: the reader's reason)."""
    MATCH_ID = auto()
    """The Match ID does not read (the detail)."""
    XGID = auto()
    """The XGID does not read (the detail)."""
    NO_GAME = auto()
    """The Match ID's game is not being played (the number: its game state)."""
    MATCH_TOO_LONG = auto()
    """The match is longer than the game plays (the number: its length)."""
    IMPOSSIBLE = auto()
    """The Match ID cannot be (the detail: why)."""
    BAD_DOUBLE = auto()
    """A double the player on roll may not offer."""
    BAD_MATCH = auto()
    """The match cannot be set up (the detail)."""
    OVER_ON_ROLL = auto()
    """The player on roll has borne off every checker."""
    OVER_OTHER = auto()
    """The other player has borne off every checker."""


class SetUpError(ValueError):
    """Text that is not a position that can be played: :attr:`problem` says why."""

    def __init__(self, problem: Problem, number: int = 0, detail: str = "") -> None:
        super().__init__(problem.name, number, detail)
        self.problem = problem
        """Why."""
        self.number = number
        """Its number (a length, a game state), if it has one."""
        self.detail = detail
        """The reader's own reason (the IDs' and XGID's readers), if there is one."""


class Note(Enum):
    """What of pasted IDs is not carried over."""

    RESIGNATION_DROPPED = auto()
    """A resignation on offer in the Match ID."""


@dataclass(frozen=True, slots=True)
class SetUp:
    """A position read from IDs, ready to play out or analyse."""

    code: int
    """The board, seen from the side on roll."""

    info: MatchInfo
    """Cube, score, match length, Crawford, dice (players are GNU Backgammon's 0 and 1)."""

    human: int
    """The GNU Backgammon player the human takes: the one who must decide now."""

    notes: tuple[Note, ...] = ()
    """What of the IDs is not carried over (a resignation on offer)."""

    has_match_id: bool = True
    """False for a Position ID alone: a money game under the player's own Jacoby setting."""

    beavers: bool | None = None
    """Money play: beavers allowed, as an XGID says; None leaves it to the player's setting."""

    from_xgid: bool = False
    """Read from an XGID (whose bottom player is GNU Backgammon's player 1 here)."""

    @property
    def ids(self) -> str:
        """The IDs, canonical: ``POSITIONID:MATCHID``."""
        return f"{position_id(self.code)}:{match_id(self.info)}"

    @property
    def xgid(self) -> str:
        """The position's XGID, the human at the bottom."""
        return write_xgid(self.code, self.info, beavers=bool(self.beavers), bottom=self.human)

    def analysis_request(self, depth: int) -> Request | CubeRequest:
        """What to ask the worker to analyse it: the best moves for its dice, or, before the roll,
        the cube decision."""
        ctx = context_from_match(self.info)
        if self.info.has_dice():
            return Request("hint", Position(self.code), self.info.dice, depth, context=ctx)  # every move
        return CubeRequest(Position(self.code), ctx, depth, settle=False)

    def is_human_on_roll(self) -> bool:
        """True unless the human faces the computer's double."""
        return self.human == self.info.on_roll


def _checked_info(info: MatchInfo) -> MatchInfo:
    if info.game_state != PLAYING and not (info.game_state == 0 and not info.doubled):
        raise SetUpError(Problem.NO_GAME, info.game_state)
    if info.length > MAX_MATCH_LENGTH:
        raise SetUpError(Problem.MATCH_TOO_LONG, info.length)
    why = impossible(info)
    if why is not None:
        raise SetUpError(Problem.IMPOSSIBLE, detail=why)
    if info.doubled and (
        not can_double(info.cube, info.on_roll, crawford=info.crawford) or info.cube.value >= 64
    ):
        raise SetUpError(Problem.BAD_DOUBLE)
    try:
        _match(info, 0)
    except MatchError as exc:
        raise SetUpError(Problem.BAD_MATCH, detail=str(exc)) from None
    return info


def parse_setup(text: str) -> SetUp:
    """Read ``POSITIONID:MATCHID``, a Position ID alone or an XGID; a longer text (up to
    :data:`MAX_TEXT` characters) is searched for an XGID, then GNU Backgammon's labelled IDs.
    :class:`SetUpError` says why not."""
    raw = text.strip()
    if not raw:
        raise SetUpError(Problem.EMPTY)
    xgid = _xgid_in(raw[:MAX_TEXT])
    labelled = _labelled(raw[:MAX_TEXT]) if xgid is None else None
    if len(raw) > MAX_INPUT and (len(raw) > MAX_TEXT or (xgid is None and labelled is None)):
        raise SetUpError(Problem.TOO_LONG, len(raw))
    if xgid is not None:
        return _xgid_setup(xgid)
    pid, sep, mid = labelled or raw.partition(":")
    try:
        code = from_position_id(pid)
    except PositionError as exc:
        raise SetUpError(Problem.POSITION_ID, detail=str(exc)) from None
    _check_not_over(code)
    notes: tuple[Note, ...] = ()
    if not sep:
        info = MatchInfo(CubeState(), 0, 0, (0, 0), jacoby=True)
    else:
        try:
            info = from_match_id(mid)
        except MatchIdError as exc:
            raise SetUpError(Problem.MATCH_ID, detail=str(exc)) from None
        info = _checked_info(info)
        if info.resigned:
            notes = (Note.RESIGNATION_DROPPED,)
            info = replace(info, resigned=0, turn=None)
    human = info.turn if info.doubled and info.turn is not None else info.on_roll
    return SetUp(code, info, human, notes, bool(sep))


def _check_not_over(code: int) -> None:
    mine, theirs = unpack(code)
    for problem, side in ((Problem.OVER_ON_ROLL, mine), (Problem.OVER_OTHER, theirs)):
        if not any(side):
            raise SetUpError(problem, CHECKERS)


_XGID_IN_TEXT = re.compile(r"XGID=\S*", re.IGNORECASE)
"""An XGID within a pasted text (a forum post, eXtreme Gammon's text export)."""


def _xgid_in(raw: str) -> str | None:
    """The XGID the text holds, if it is or holds one."""
    found = _XGID_IN_TEXT.search(raw)
    if found is not None:
        return found.group(0)
    return raw if looks_like_xgid(raw) else None


def _xgid_setup(text: str) -> SetUp:
    """A set-up position from an XGID: the human takes the side that must decide now."""
    try:
        x = read_xgid(text)
    except XgidError as exc:
        raise SetUpError(Problem.XGID, detail=str(exc)) from None
    _check_not_over(x.code)
    info = _checked_info(x.info)
    human = info.turn if info.turn is not None else info.on_roll
    return SetUp(x.code, info, human, beavers=x.beavers if info.is_money() else None, from_xgid=True)


_LABELLED = re.compile(
    r"Position ID\s*:\s*(\S{14})(?:.*?Match ID\s*:\s*(\S{12}))?", re.IGNORECASE | re.DOTALL
)
"""GNU Backgammon's text of a position: ``Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA``."""


def _labelled(raw: str) -> tuple[str, str, str] | None:
    """(Position ID, ":" or "", Match ID) from GNU Backgammon's labelled text, if that is what it is."""
    found = _LABELLED.search(raw)
    if found is None:
        return None
    return found.group(1), ":" if found.group(2) else "", found.group(2) or ""


def _match(info: MatchInfo, human: int, config: GameConfig | None = None) -> Match:
    """The match at the IDs' score, from the human's side (human's score first)."""
    a, b = info.score[human], info.score[1 - human]
    rules = config.rules() if config is not None else DEFAULT_RULES
    if info.is_money():
        return Match(0, (), replace(rules, jacoby=info.jacoby), (a, b))
    return Match(info.length, (), rules, (a, b), info.crawford)


def setup_session(setup: SetUp, config: GameConfig, seed: str | None = None) -> GameSession:
    """A new game starting at the set-up position (the config's match length and Jacoby from the IDs)."""
    info, me = setup.info, setup.human
    jacoby = info.jacoby if info.is_money() and setup.has_match_id else config.jacoby
    beavers = config.beavers if setup.beavers is None else setup.beavers
    cfg = replace(config, match_length=info.length, jacoby=jacoby, beavers=beavers)
    info = replace(info, jacoby=jacoby)
    match = _match(info, me, cfg)
    human_on_roll = setup.is_human_on_roll()
    turn = HUMAN if human_on_roll else AI
    human_view = setup.code if human_on_roll else swap(setup.code)
    s = GameSession(cfg, match, seed, Position(human_view))
    s.setup, s.id_player = setup.ids, me
    owner = info.cube.owner
    s.cube = CubeState(info.cube.value, None if owner is None else (HUMAN if owner == me else AI))
    dice = None
    if info.has_dice():
        dice = s.dice.enter(Roll(*info.dice))
    s.state = GameState(Position(setup.code), turn, dice)
    if info.doubled:
        s.offered = AI
        s.cube_log.append(CubeRecord(AI, CubeAction.DOUBLE, 2 * info.cube.value, 0))
    return s


def gnubg_player(session: GameSession, player: int) -> int:
    """GNU Backgammon's player number of the session's ``player``."""
    return player if session.id_player == HUMAN else 1 - player


def session_info(session: GameSession) -> MatchInfo:
    """The Match ID's contents for the game on the board."""
    s = session
    g = gnubg_player
    turn = s.turn if s.turn is not None else HUMAN
    score = s.match.score
    owner = s.cube.owner
    out = s.outcome()
    state = PLAYING
    if out is not None:
        state = 2 if s.end is None else (4 if s.end.how == "pass" else 3)
    return MatchInfo(
        cube=CubeState(s.cube.value, None if owner is None else g(s, owner)),
        on_roll=g(s, turn),
        length=s.match.length,
        score=(score[0], score[1]) if s.id_player == HUMAN else (score[1], score[0]),
        dice=(0, 0) if s.state.dice is None else (max(s.state.dice), min(s.state.dice)),
        crawford=s.match.is_crawford(),
        jacoby=s.is_money() and s.config.jacoby,
        game_state=state,
        turn=None if s.offered is None else g(s, 1 - s.offered),
        doubled=s.offered is not None,
    )


def session_ids(session: GameSession) -> tuple[str, str]:
    """(Position ID, Match ID) of the game on the board, as GNU Backgammon writes them."""
    return position_id(session.state.position.code), match_id(session_info(session))


def session_xgid(session: GameSession) -> str:
    """The XGID of the game on the board, the human at the bottom (as the board shows them)."""
    beavers = session.is_money() and session.config.beavers
    info = session_info(session)
    return write_xgid(session.state.position.code, info, beavers=beavers, bottom=gnubg_player(session, HUMAN))
