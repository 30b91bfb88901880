"""One game of a match: the human (player 0) against the computer (player 1), or two people at one
computer (both sides by hand); no pygame.

Holds the rules state, the seeded dice, the match score and a log of the turns,
and reads/writes the JSON the game is saved as after every roll and move.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any, assert_never

from ai.engine_types import MAX_DEPTH
from game.rules.cube import (
    CENTRED,
    CubeAction,
    CubeError,
    CubeRules,
    CubeState,
    Resignation,
    can_double,
    resign_outcome,
    take,
)
from game.rules.dice import Dice, Roll, seed_commitment
from game.rules.match import MATCH_LENGTHS, MAX_MATCH_LENGTH, MONEY, Match, MatchError
from game.rules.move import Move, Step, format_steps
from game.rules.outcome import Outcome, Termination
from game.rules.position import Position, PositionError, from_position_id, impossible_board, swap, unpack
from game.rules.state import GameState
from game.rules.variant import Variant
from game.support import validate as v
from ui.model.cube_save import CubeRecord, CubeSaveError, GameEnd, SaveFacts, cube_from_json, end_json
from ui.model.seats import (
    COMPUTER_NAMES,
    DEFAULT_NAMES,
    NAME_LENGTH,
    PERSON,
    CheckerColour,
    Control,
    Controller,
    clean_name,
)

HUMAN = 0
"""The human is always player 0 (against the computer; with two players, the one at the bottom)."""

AI = 1
"""The computer is always player 1 (with two players, the second person, at the top)."""

SAVE_VERSION = 1

MAX_NOISE = 10.0
"""The most noise (in equity) a saved config may add to the AI's choices."""


class FirstMove(StrEnum):
    """Who moves first in each game of a match (saved as its value)."""

    ROLL = "roll"
    """The opening roll decides."""
    YOU = "you"
    """The human (with two players, the first player), with the opening dice."""
    COMPUTER = "computer"
    """The computer (with two players, the second player), with the opening dice."""


MAX_ROLLS = 100_000
"""More rolls than any one game draws: a longer list is damage."""

MATCH_CHOICES = (MONEY, *MATCH_LENGTHS)
"""The match lengths offered in the settings (0: a money session); any length 0..25 loads."""


class SaveError(ValueError):
    """Saved game data that cannot be used."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How the match is played; fixed when it starts."""

    level: str
    """AI level key (ai.levels)."""
    depth: int
    """Search depth of the AI (1..4)."""
    noise: float
    """Noise added to the AI's equities (beginner levels)."""
    match_length: int
    """Points to win the match."""
    first: FirstMove
    """Who moves first."""
    colour: CheckerColour
    """The human's checkers (with two players, the first player's)."""
    jacoby: bool = True
    """Money: gammons count single until the cube is turned."""
    beavers: bool = False
    """Money: a doubled player may redouble at once and keep the cube."""
    opponent: Control = Control.COMPUTER
    """Who plays player 1: the computer, or a person (two people at one computer)."""
    names: tuple[str, str] = DEFAULT_NAMES
    """The two players' names (used when two people play)."""
    variant: Variant = Variant.STANDARD
    """The variant played: every game starts at its start (a save without it: standard)."""

    def rules(self) -> CubeRules:
        """The cube rules of a money session (a match ignores them)."""
        return CubeRules(self.jacoby, self.beavers)

    def is_two_player(self) -> bool:
        """True when two people play each other at this computer."""
        return self.opponent is Control.HUMAN

    def controller(self, player: int) -> Controller:
        """Who decides for ``player``: a person, or the computer at this config's level."""
        if player == HUMAN or self.is_two_player():
            return PERSON
        return Controller(Control.COMPUTER, self.depth, self.noise)

    def player_names(self) -> tuple[str, str]:
        """The names in the record and on the board: ("You", "Computer"), or the two players'."""
        return self.names if self.is_two_player() else COMPUTER_NAMES

    @classmethod
    def from_json(cls, data: object) -> GameConfig:
        """Read a config; raise SaveError on bad data."""
        try:
            d = v.obj(data, "config")
            return cls(
                level=v.text(v.field(d, "level"), "config level", 100),
                depth=v.integer(v.field(d, "depth"), "config depth", 1, MAX_DEPTH),
                noise=v.number(v.field(d, "noise"), "config noise", 0.0, MAX_NOISE),
                match_length=v.integer(
                    v.field(d, "match_length"), "config match_length", 0, MAX_MATCH_LENGTH
                ),
                first=v.member(v.field(d, "first"), "config first", FirstMove),
                colour=v.member(v.field(d, "colour"), "config colour", CheckerColour),
                jacoby=v.flag(d.get("jacoby", True), "config jacoby"),
                beavers=v.flag(d.get("beavers", False), "config beavers"),
                opponent=v.member(d.get("opponent", Control.COMPUTER), "config opponent", Control),
                names=_names(d.get("names", list(DEFAULT_NAMES))),
                variant=v.member(d.get("variant", Variant.STANDARD), "config variant", Variant),
            )
        except v.Invalid as exc:
            raise SaveError(f"bad config: {exc}") from None


def _names(data: object) -> tuple[str, str]:
    """Two saved names, each text of at most NAME_LENGTH characters."""
    one, two = v.items(data, "config names", 2, 2)
    return (
        clean_name(v.text(one, "config name 1", NAME_LENGTH), DEFAULT_NAMES[0]),
        clean_name(v.text(two, "config name 2", NAME_LENGTH), DEFAULT_NAMES[1]),
    )


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A turn played: who, with what dice, and the steps (in the mover's point numbers)."""

    player: int
    """0 (human) or 1 (computer)."""
    dice: Roll
    """The roll."""
    steps: tuple[Step, ...]
    """The steps played, in order; empty when the turn passed."""

    def notation(self) -> str:
        """The move in GNU Backgammon notation, or "(no move)"."""
        return format_steps(self.steps) or "(no move)"


class GameSession:
    """The game being played now and the match around it."""

    def __init__(
        self,
        config: GameConfig,
        match: Match | None = None,
        seed: str | None = None,
        start: Position | None = None,
    ) -> None:
        self.config = config
        """The match settings."""
        self.match = match if match is not None else Match(config.match_length, rules=config.rules())
        """The match score before this game."""
        self.dice = Dice(seed)
        """This game's dice stream."""
        self.start = start if start is not None else config.variant.start()
        """The starting board, seen from the human: the variant's start (a test may stack a near-end
        position)."""
        self.state = GameState(self.start, None, None)
        """The rules state (board from the player on roll)."""
        self.opening: Roll | None = None
        """The opening roll: (human's die, computer's die)."""
        self.log: list[TurnRecord] = []
        """The turns played."""
        self.partial: tuple[Step, ...] = ()
        """The steps of the human's move played so far and not yet confirmed (saved, so a quit keeps them)."""
        self.cube: CubeState = CENTRED
        """The doubling cube."""
        self.offered: int | None = None
        """The player whose double waits for an answer, if any."""
        self.cube_log: list[CubeRecord] = []
        """Doubles and answers, in order."""
        self.end: GameEnd | None = None
        """The game's end by a pass or a resignation (None: played out or going on)."""
        self.record_name = ""
        """The file the match's record is kept in (user data folder, matches/)."""
        self.setup = ""
        """The ``POSITIONID:MATCHID`` the match was set up from ("": it began at the opening position)."""
        self.id_player = HUMAN
        """The human's player number in GNU Backgammon's IDs (1 when a pasted Match ID made them player 1)."""

    # --- facts --------------------------------------------------------------------------------------

    @property
    def seed(self) -> str:
        """The dice seed (shown only when the game ends)."""
        return self.dice.seed

    @property
    def commitment(self) -> str:
        """SHA-256 of the seed, shown when the game starts."""
        return seed_commitment(self.dice.seed)

    @property
    def turn(self) -> int | None:
        """Who is on roll (None before the opening roll)."""
        return self.state.turn

    def controller(self, player: int) -> Controller:
        """Who decides for ``player`` (a person, or the computer at the match's level)."""
        return self.config.controller(player)

    def is_human(self, player: int | None) -> bool:
        """True when a person decides for ``player`` (False for None: nobody is on roll)."""
        return player is not None and self.controller(player).is_human

    def names(self) -> tuple[str, str]:
        """The players' names, player 0 first."""
        return self.config.player_names()

    def outcome(self) -> Outcome | None:
        """How this game ended, or None."""
        return self.end.outcome if self.end is not None else self.state.outcome()

    def match_now(self) -> Match:
        """The match including this game once it is over."""
        out = self.outcome()
        if out is None:
            return self.match
        return self.match.record(out, self.cube)

    def is_money(self) -> bool:
        """True in a money session."""
        return self.match.is_money()

    def can_double(self, player: int) -> bool:
        """``player`` may double now: on roll, not rolled, the cube theirs or centred, not Crawford."""
        return (
            self.state.turn == player
            and self.state.dice is None
            and self.outcome() is None
            and self.offered is None
            and can_double(self.cube, player, crawford=self.match.is_crawford())
        )

    def is_cube_dead(self, player: int) -> bool:
        """True in a match when ``player`` needs no more points than the cube shows."""
        return not self.is_money() and self.match.needs(player) <= self.cube.value

    def points_now(self) -> int:
        """The points this game is worth to its winner (0 while it goes on)."""
        before, after = self.match.score, self.match_now().score
        return sum(after) - sum(before)

    def human_code(self, code: int | None = None, turn: int | None = None) -> int:
        """A position code (default: the current board) seen from the human."""
        if code is None:
            code = self.state.position.code
            turn = self.state.turn
        return swap(code) if turn == AI else code

    def sides(
        self, code: int | None = None, turn: int | None = None
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(human's 25 slots, computer's 25 slots), each from its owner's side."""
        return unpack(self.human_code(code, turn))

    def opening_ties(self) -> tuple[Roll, ...]:
        """The tied opening rolls that were rolled again, in order (empty before the opening roll)."""
        if self.opening is None:
            return ()
        ties: list[Roll] = []
        for roll in self.dice.history:
            if not roll.is_double():
                break
            ties.append(roll)
        return tuple(ties)

    def last_turn(self, player: int | None = None) -> TurnRecord | None:
        """The last turn played (by ``player`` if given) that moved something."""
        for rec in reversed(self.log):
            if (player is None or rec.player == player) and rec.steps:
                return rec
        return None

    # --- actions ------------------------------------------------------------------------------------

    def tie(self, given: Roll) -> None:
        """Record a tied opening roll made with real dice (both are rolled again)."""
        if self.state.turn is not None:
            raise ValueError("the game has already started")
        if not given.is_double():
            raise ValueError(f"{given.text()} is not a tie")
        self.dice.enter(given)

    def begin(self, given: Roll | None = None) -> Roll:
        """Make the opening roll (``given``: real dice, entered by hand, not a tie); returns (human's
        die, computer's die)."""
        if self.state.turn is not None:
            raise ValueError("the game has already started")
        if given is not None and given.is_double():
            raise ValueError(f"the opening roll {given.text()} is a tie: it is rolled again")
        opening = self.dice.opening_roll() if given is None else self.dice.enter(given)
        self.opening = opening
        match self.config.first:
            case FirstMove.ROLL:
                human_first = opening.first > opening.second
            case FirstMove.YOU:
                human_first = True
            case FirstMove.COMPUTER:
                human_first = False
            case _:
                assert_never(self.config.first)
        turn = HUMAN if human_first else AI
        pos = self.start if turn == HUMAN else self.start.swapped()
        self.state = GameState(pos, turn, opening.played_order())
        return opening

    def roll(self, given: Roll | None = None) -> Roll:
        """Roll the dice for the player on roll (``given``: the human's own dice, entered by hand)."""
        if self.state.turn is None or self.state.dice is not None or self.state.is_over():
            raise ValueError("no roll is due")
        d = self.dice.roll() if given is None else self.dice.enter(given)
        self.state = self.state.with_dice(d)
        return d

    def play(self, move: Move | None) -> None:
        """Play the mover's move (None: the turn passes) and log it."""
        st = self.state
        if st.turn is None or st.dice is None:
            raise ValueError("no roll to play")
        if move is None and st.legal_moves():
            raise ValueError("a legal move exists: the turn cannot pass")
        self.log.append(TurnRecord(st.turn, Roll.of(st.dice), move.steps if move else ()))
        self.state = st.play(move)
        self.partial = ()

    def double(self, player: int) -> None:
        """``player`` doubles: the double waits for the opponent's answer."""
        if not self.can_double(player):
            raise ValueError("no double is allowed now")
        self.offered = player
        self.cube_log.append(CubeRecord(player, CubeAction.DOUBLE, self.cube.value * 2, len(self.log)))

    def answer(self, take_it: bool) -> None:
        """The opponent of the doubler takes (owning the cube at twice) or passes (the doubler wins)."""
        doubler = self.offered
        if doubler is None:
            raise ValueError("no double to answer")
        self.offered = None
        if take_it:
            self.cube = take(self.cube, doubler, crawford=self.match.is_crawford())
            self.cube_log.append(CubeRecord(1 - doubler, CubeAction.TAKE, self.cube.value, len(self.log)))
        else:
            self.cube_log.append(CubeRecord(1 - doubler, CubeAction.PASS, self.cube.value * 2, len(self.log)))
            self.end = GameEnd(Outcome(doubler, Termination.SINGLE), "pass")

    def beaver(self, player: int) -> None:
        """``player``, who has just taken, beavers: the cube doubles again and stays theirs."""
        if (
            not self.is_money()
            or not self.config.beavers
            or self.cube.owner != player
            or self.cube.value >= 64
        ):
            raise ValueError("no beaver is allowed now")
        self.cube = CubeState(self.cube.value * 2, player)
        self.cube_log.append(CubeRecord(player, CubeAction.BEAVER, self.cube.value, len(self.log)))

    def resign(self, resigner: int, offer: Resignation) -> None:
        """``resigner``'s offer was accepted: the game ends with the opponent winning ``offer``."""
        if self.outcome() is not None:
            raise ValueError("the game is over")
        self.offered = None
        self.end = GameEnd(resign_outcome(resigner, offer), "resign")

    def next_game(self, seed: str | None = None) -> GameSession:
        """The next game of the match (raises MatchError if the match is over)."""
        match = self.match_now()
        if match.is_over():
            raise MatchError("the match is over")
        nxt = GameSession(self.config, match, seed, self.config.variant.start() if self.setup else self.start)
        nxt.record_name, nxt.setup, nxt.id_player = self.record_name, self.setup, self.id_player
        return nxt

    # --- saving -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume, as JSON-ready data."""
        st = self.state
        return {
            "version": SAVE_VERSION,
            "config": {**asdict(self.config), "names": list(self.config.names)},
            "match": self.match.to_json(),
            "seed": self.dice.seed,
            "rolls": [list(r) for r in self.dice.history],
            "entered": list(self.dice.entered),
            "start": self.start.position_id(),
            "opening": list(self.opening) if self.opening else None,
            "turn": st.turn,
            "board": st.position.position_id(),
            "dice": list(st.dice) if st.dice else None,
            "log": [[r.player, list(r.dice), _steps_json(r.steps)] for r in self.log],
            "partial": _steps_json(self.partial),
            "cube": self.cube.to_json(),
            "offered": self.offered,
            "cube_log": [[c.player, c.kind.value, c.value, c.turn] for c in self.cube_log],
            "end": None if self.end is None else end_json(self.end),
            "crawford": self.match.is_crawford(),
            "record": self.record_name,
            "setup": self.setup,
            "id_player": self.id_player,
        }

    @classmethod
    def from_json(cls, data: object) -> GameSession:
        """Rebuild a saved game; raise SaveError when the data is damaged or inconsistent.

        Every field is checked by type and range before use (:mod:`game.support.validate`)."""
        try:
            return cls._from_json(data)
        except SaveError:
            raise
        except (v.Invalid, PositionError, MatchError, CubeError) as exc:
            raise SaveError(f"damaged saved game: {exc}") from None

    @classmethod
    def _from_json(cls, data: object) -> GameSession:
        d = v.obj(data, "the saved game")
        version = v.field(d, "version")
        if type(version) is not int or version != SAVE_VERSION:
            raise SaveError(f"unknown saved-game version {v.show(version)}")
        config = GameConfig.from_json(v.field(d, "config"))
        match = Match.from_json(v.field(d, "match"))
        if match.length != config.match_length:
            raise SaveError(
                f"the match is to {match.length} points but the config says {config.match_length}"
            )
        seed = v.text(v.field(d, "seed"), "seed")
        start = Position(from_position_id(v.text(v.field(d, "start"), "start", 20)))
        if (cannot := impossible_board(start.code)) is not None:
            raise SaveError(f"the saved starting board cannot be: {cannot}")
        s = cls(config, match, seed, start)
        rolls = v.items(v.field(d, "rolls"), "rolls", MAX_ROLLS)
        entered = {
            v.integer(i, "entered roll", 0, len(rolls) - 1)
            for i in v.items(d.get("entered", []), "entered", MAX_ROLLS)
        }
        for k, want in enumerate(rolls):
            roll = Roll(*v.dice(want, f"rolls[{k}]"))
            if k in entered:
                s.dice.enter(roll)
            elif s.dice.roll() != roll:
                raise SaveError("the saved dice do not match the game's seed")
        opening = v.field(d, "opening")
        s.opening = None if opening is None else Roll(*v.dice(opening, "opening"))
        turn = v.field(d, "turn")
        turn = None if turn is None else v.choice(turn, "turn", (HUMAN, AI))
        dice = v.field(d, "dice")
        if turn is None and (dice is not None or s.opening is not None):
            raise SaveError("the saved game has dice but nobody on roll")
        board = Position(from_position_id(v.text(v.field(d, "board"), "board", 20)))
        if (cannot := impossible_board(board.code, over=turn is not None and dice is None)) is not None:
            raise SaveError(f"the saved board cannot be: {cannot}")
        s.state = GameState(board, turn, None if dice is None else Roll(*v.dice(dice, "dice")))
        s.log = [
            _turn_record(rec, f"log[{k}]")
            for k, rec in enumerate(v.items(v.field(d, "log"), "log", MAX_ROLLS))
        ]
        s.partial = _steps_from_json(d.get("partial", []), "partial move step")
        if s.partial and (not s.is_human(turn) or dice is None):
            raise SaveError("a half-played move without the human's roll")
        facts = SaveFacts(s.match.is_crawford(), turn, s.state.dice is not None, len(s.log))
        try:
            saved = cube_from_json(d, facts)
        except CubeSaveError as exc:
            raise SaveError(str(exc)) from None
        s.cube, s.offered, s.cube_log, s.end = saved.cube, saved.offered, saved.cube_log, saved.end
        s.record_name = saved.record_name
        setup = d.get("setup", "")
        s.setup = "" if setup == "" else v.text(setup, "setup", 40)
        s.id_player = v.choice(d.get("id_player", HUMAN), "id_player", (HUMAN, AI))
        return s


def _steps_json(steps: tuple[Step, ...]) -> list[list[object]]:
    return [[st.src, st.dst, st.hit] for st in steps]


def _turn_record(data: object, name: str) -> TurnRecord:
    """A logged turn ``[player, [d1, d2], [[src, dst, hit], ...]]``, every number in range."""
    player, roll, steps = v.items(data, name, 3, 3)
    return TurnRecord(
        v.choice(player, f"{name} player", (HUMAN, AI)),
        Roll(*v.dice(roll, f"{name} dice")),
        _steps_from_json(steps, f"{name} steps"),
    )


def _steps_from_json(data: object, name: str) -> tuple[Step, ...]:
    """At most four steps of one turn."""
    return tuple(_step(step, f"{name} {k + 1}") for k, step in enumerate(v.items(data, name, 4)))


def _step(data: object, name: str) -> Step:
    """One logged step: from 1..25 (25: the bar) down 1..6 points to 0..24 (0: borne off)."""
    src, dst, hit = v.items(data, name, 3, 3)
    src = v.integer(src, f"{name} from", 1, 25)
    dst = v.integer(dst, f"{name} to", 0, 24)
    if not 1 <= src - dst <= 6:
        raise v.Invalid(f"{name} moves from {src} to {dst}, which no die does")
    return Step(src, dst, v.flag(hit, f"{name} hit"))
