"""One game of a match between the human (player 0) and the computer (player 1); no pygame.

Holds the rules state, the seeded dice, the match score and a log of the turns,
and reads/writes the JSON the game is saved as after every roll and move.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.dice import Dice, Roll, seed_commitment
from game.match import Match, MatchError
from game.move import Move, Step, format_steps
from game.outcome import Outcome
from game.position import Position, PositionError, from_position_id, swap, unpack
from game.state import GameState

HUMAN = 0
"""The human is always player 0."""

AI = 1
"""The computer is always player 1."""

SAVE_VERSION = 1


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
    first: str
    """"roll", "you" or "computer": who moves first."""
    colour: str
    """"light" or "dark": the human's checkers."""

    @classmethod
    def from_json(cls, data: object) -> GameConfig:
        """Read a config; raise SaveError on bad data."""
        if not isinstance(data, dict):
            raise SaveError("config must be an object")
        try:
            cfg = cls(
                level=str(data["level"]),
                depth=int(data["depth"]),
                noise=float(data["noise"]),
                match_length=int(data["match_length"]),
                first=str(data["first"]),
                colour=str(data["colour"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"bad config: {exc}") from None
        if not 1 <= cfg.depth <= 4 or cfg.first not in ("roll", "you", "computer"):
            raise SaveError("config values out of range")
        if cfg.colour not in ("light", "dark"):
            raise SaveError(f"bad colour {cfg.colour!r}")
        return cfg


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
        self.match = match if match is not None else Match(config.match_length)
        """The match score before this game."""
        self.dice = Dice(seed)
        """This game's dice stream."""
        self.start = start if start is not None else Position.start()
        """The starting board, seen from the human (a test may stack a near-end position)."""
        self.state = GameState(self.start, None, None)
        """The rules state (board from the player on roll)."""
        self.opening: Roll | None = None
        """The opening roll: (human's die, computer's die)."""
        self.log: list[TurnRecord] = []
        """The turns played."""
        self.partial: tuple[Step, ...] = ()
        """The steps of the human's move played so far and not yet confirmed (saved, so a quit keeps them)."""

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

    def outcome(self) -> Outcome | None:
        """How this game ended, or None."""
        return self.state.outcome()

    def match_now(self) -> Match:
        """The match including this game once it is over."""
        out = self.outcome()
        if out is None:
            return self.match
        return self.match.record(out)

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

    def begin(self) -> Roll:
        """Make the opening roll; returns (human's die, computer's die)."""
        if self.state.turn is not None:
            raise ValueError("the game has already started")
        opening = self.dice.opening_roll()
        self.opening = opening
        first = self.config.first
        human_first = opening.first > opening.second if first == "roll" else first == "you"
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

    def next_game(self, seed: str | None = None) -> GameSession:
        """The next game of the match (raises MatchError if the match is over)."""
        match = self.match_now()
        if match.is_over():
            raise MatchError("the match is over")
        return GameSession(self.config, match, seed, self.start)

    # --- saving -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume, as JSON-ready data."""
        st = self.state
        return {
            "version": SAVE_VERSION,
            "config": asdict(self.config),
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
        }

    @classmethod
    def from_json(cls, data: object) -> GameSession:
        """Rebuild a saved game; raise SaveError when the data is damaged or inconsistent."""
        if not isinstance(data, dict):
            raise SaveError("the saved game is not a JSON object")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"unknown saved-game version {data.get('version')!r}")
        try:
            config = GameConfig.from_json(data["config"])
            match = Match.from_json(data["match"])
            seed = data["seed"]
            if not isinstance(seed, str) or not seed:
                raise SaveError("bad seed")
            s = cls(config, match, seed, Position(from_position_id(data["start"])))
            entered = {int(i) for i in data.get("entered", [])}
            for i, want in enumerate(data["rolls"]):
                if i in entered:
                    s.dice.enter(Roll.of(want))
                elif s.dice.roll() != tuple(want):
                    raise SaveError("the saved dice do not match the game's seed")
            opening = data["opening"]
            s.opening = Roll.of(opening) if opening else None
            turn = data["turn"]
            if turn not in (None, 0, 1):
                raise SaveError(f"bad turn {turn!r}")
            dice = data["dice"]
            board = Position(from_position_id(data["board"]))
            s.state = GameState(board, turn, Roll.of(dice) if dice else None)
            for player, rd, steps in data["log"]:
                s.log.append(TurnRecord(int(player), Roll.of(rd), _steps_from_json(steps)))
            s.partial = _steps_from_json(data.get("partial", []))
            if s.partial and (turn != HUMAN or dice is None):
                raise SaveError("a half-played move without the human's roll")
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, PositionError, MatchError) as exc:
            raise SaveError(f"damaged saved game ({exc.__class__.__name__}: {exc})") from None
        return s


def _steps_json(steps: tuple[Step, ...]) -> list[list[object]]:
    return [[st.src, st.dst, st.hit] for st in steps]


def _steps_from_json(data: object) -> tuple[Step, ...]:
    if not isinstance(data, list):
        raise SaveError("steps must be a list")
    return tuple(Step(int(a), int(b), bool(h)) for a, b, h in data)
