"""A match: games played to a target number of points (1..25), or a money session (length 0).

Pure bookkeeping, no user interface: each finished game adds the winner's points
(the cube value times 1 for a single win, 2 for a gammon, 3 for a backgammon;
in money play the Jacoby rule may count a gammon single) and the first player to
reach the match length wins the match; points are awarded in full past it. The
Crawford game is the first game after a player first reaches length - 1: nobody
may double in it; the games after it are post-Crawford. A match may start at a score
(a position set up from a Match ID), in or after its Crawford game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.cube import CENTRED, CUBE_VALUES, DEFAULT_RULES, CubeRules, CubeState, is_jacoby_single
from game.rules.outcome import Outcome, Termination

MAX_MATCH_LENGTH = 25
"""The longest match."""

MATCH_LENGTHS: tuple[int, ...] = tuple(range(1, MAX_MATCH_LENGTH + 1, 2))
"""The match lengths a player can choose: the odd lengths, 1 to 25 points (any length 1..25 is valid)."""

MONEY = 0
"""The length of a money session: games are played for points, with no end."""


def show(value: object) -> str:
    """A value for a message: its repr, cut to about 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class MatchError(ValueError):
    """A match that cannot be built: a bad length, a finished match, or bad saved data."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match."""

    winner: int
    """The player (0 or 1) who won it."""

    termination: Termination
    """How: single win, gammon or backgammon (a passed double or resignation: what was conceded)."""

    cube: int = 1
    """The cube value the game was won at (before the double, for a passed double)."""

    jacoby_single: bool = False
    """True when the Jacoby rule counted a gammon or backgammon as a single game."""

    @property
    def points(self) -> int:
        """The points it scored: the cube value times 1, 2 or 3 (times 1 under the Jacoby rule)."""
        return self.cube * (1 if self.jacoby_single else self.termination.value)

    def to_json(self) -> list[Any]:
        """``[winner, kind]``, with the cube and the Jacoby flag when they matter."""
        if self.cube == 1 and not self.jacoby_single:
            return [self.winner, self.termination.name]
        return [self.winner, self.termination.name, self.cube, self.jacoby_single]


@dataclass(frozen=True, slots=True)
class Match:
    """An immutable match score; :meth:`record` returns the match after one more game."""

    length: int
    """Points needed to win the match."""

    games: tuple[GameResult, ...] = ()
    """The finished games, in order."""

    rules: CubeRules = DEFAULT_RULES
    """Jacoby and beavers (money sessions only)."""

    start: tuple[int, int] = (0, 0)
    """The score before the first game here (a match set up at a score from a Match ID)."""

    start_crawford: bool = False
    """The first game here is the Crawford game (a match set up at a score where a side is 1-away)."""

    def __post_init__(self) -> None:
        if (
            not isinstance(self.length, int)
            or isinstance(self.length, bool)
            or not MONEY <= self.length <= MAX_MATCH_LENGTH
        ):
            raise MatchError(
                f"a match is played to 1 to {MAX_MATCH_LENGTH} points (0 for money), not {self.length!r}"
            )
        _check_start(self.length, self.start, self.start_crawford)

    def is_money(self) -> bool:
        """True for a money session (no match length, no end)."""
        return self.length == MONEY

    @property
    def score(self) -> tuple[int, int]:
        """Points won so far by player 0 and player 1."""
        s = list(self.start)
        for g in self.games:
            s[g.winner] += g.points
        return s[0], s[1]

    def is_over(self) -> bool:
        """True when a player has reached the match length (never in a money session)."""
        return not self.is_money() and max(self.score) >= self.length

    def winner(self) -> int | None:
        """The player who won the match, or None while it goes on."""
        a, b = self.score
        if self.is_money():
            return None
        if a >= self.length:
            return 0
        if b >= self.length:
            return 1
        return None

    def needs(self, player: int) -> int:
        """Points the player still needs to win the match (0 once it is won; 0 in money play)."""
        return max(0, self.length - self.score[player])

    def crawford_game(self) -> int | None:
        """The number of the Crawford game (the game after a player first reached length - 1), if any yet."""
        if self.is_money():
            return None
        if self.length > 1 and self.length - 1 in self.start:  # set up 1-away: in this game or before
            return 1 if self.start_crawford else 0
        s = list(self.start)
        for k, g in enumerate(self.games, 1):
            before = s[g.winner]
            s[g.winner] += g.points
            if before < self.length - 1 == s[g.winner] and s[1 - g.winner] < self.length - 1:
                return k + 1
        return None

    def is_crawford(self) -> bool:
        """True when the game being played now is the Crawford game (no doubling)."""
        return not self.is_over() and self.crawford_game() == self.game_number()

    def is_post_crawford(self) -> bool:
        """True when the Crawford game has been played and the match goes on."""
        k = self.crawford_game()
        return not self.is_over() and k is not None and self.game_number() > k

    def may_double(self) -> bool:
        """True unless this is the Crawford game."""
        return not self.is_crawford()

    def record(self, outcome: Outcome, cube: CubeState = CENTRED) -> Match:
        """The match with one more finished game, won at the cube ``cube`` showed."""
        if self.is_over():
            raise MatchError("the match is already over")
        if outcome.winner not in (0, 1):
            raise MatchError(f"a winner is player 0 or 1, not {outcome.winner!r}")
        jacoby = is_jacoby_single(outcome.termination, cube, money=self.is_money(), rules=self.rules)
        result = GameResult(outcome.winner, outcome.termination, cube.value, jacoby)
        return Match(self.length, (*self.games, result), self.rules, self.start, self.start_crawford)

    def game_number(self) -> int:
        """The number of the game being played now (1 for the first)."""
        return len(self.games) + 1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (see :meth:`from_json`)."""
        data: dict[str, Any] = {"length": self.length, "games": [g.to_json() for g in self.games]}
        if self.rules != DEFAULT_RULES:
            data["jacoby"], data["beavers"] = self.rules.jacoby, self.rules.beavers
        if self.start != (0, 0) or self.start_crawford:
            data["start"], data["start_crawford"] = list(self.start), self.start_crawford
        return data

    @classmethod
    def from_json(cls, data: object) -> Match:
        """Read what :meth:`to_json` wrote; raise :class:`MatchError` on anything else."""
        if not isinstance(data, dict):
            raise MatchError("match data must be an object")
        length = data.get("length")
        games = data.get("games", [])
        if not isinstance(length, int) or isinstance(length, bool):
            raise MatchError(f"match length must be a number, got {show(length)}")
        if not isinstance(games, list):
            raise MatchError("match games must be a list")
        jacoby, beavers = data.get("jacoby", True), data.get("beavers", False)
        if not isinstance(jacoby, bool) or not isinstance(beavers, bool):
            raise MatchError("match jacoby and beavers must be true or false")
        start, start_crawford = data.get("start", [0, 0]), data.get("start_crawford", False)
        if (
            not isinstance(start, list)
            or len(start) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in start)
            or not isinstance(start_crawford, bool)
        ):
            raise MatchError(f"bad match start: {show(start)}, Crawford {show(start_crawford)}")
        results = [_game_from_json(g) for g in games]
        match = cls(length, (), CubeRules(jacoby, beavers), (start[0], start[1]), start_crawford)
        for r in results:
            if match.is_over():
                raise MatchError("match data has games after the match was won")
            match = Match(length, (*match.games, r), match.rules, match.start, match.start_crawford)
        return match


MAX_START_SCORE = (1 << 15) - 1
"""The highest starting score (a Match ID's 15 bits)."""


def _check_start(length: int, start: tuple[int, int], crawford: bool) -> None:
    """A starting score the match can go on from: below the match length, Crawford only when 1-away."""
    if not all(0 <= p <= MAX_START_SCORE for p in start):
        raise MatchError(f"a starting score is 0 to {MAX_START_SCORE} points, not {start}")
    if length != MONEY and max(start) >= length:
        raise MatchError(f"the score {start[0]}-{start[1]} has already won a {length}-point match")
    if crawford and (length <= 1 or length - 1 not in start or start == (length - 1, length - 1)):
        raise MatchError(
            f"a {length}-point match at {start[0]}-{start[1]} has no Crawford game: one side must be 1-away"
        )


def _game_from_json(g: object) -> GameResult:
    """One game of :meth:`Match.to_json`: ``[winner, kind]`` or ``[winner, kind, cube, jacoby]``."""
    if (
        not isinstance(g, list)
        or len(g) not in (2, 4)
        or g[0] not in (0, 1)
        or isinstance(g[0], bool)
        or not isinstance(g[1], str)
        or g[1] not in Termination.__members__
    ):
        raise MatchError(f"bad game record in match: {show(g)}")
    cube, jacoby = (1, False) if len(g) == 2 else (g[2], g[3])
    if isinstance(cube, bool) or cube not in CUBE_VALUES or not isinstance(jacoby, bool):
        raise MatchError(f"bad game record in match: {show(g)}")
    return GameResult(int(g[0]), Termination[g[1]], cube, jacoby)
