"""A match: games played to a target number of points (1, 3, 5 or 7).

Pure bookkeeping, no user interface: each finished game adds the winner's points
(1 for a single win, 2 for a gammon, 3 for a backgammon; there is no doubling
cube, so no Crawford rule) and the first player to reach the match length wins
the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import validate
from game.outcome import Outcome, Termination

MATCH_LENGTHS: tuple[int, ...] = (1, 3, 5, 7)
"""The match lengths a player can choose."""


class MatchError(ValueError):
    """A match that cannot be built: a bad length, a finished match, or bad saved data."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match."""

    winner: int
    """The player (0 or 1) who won it."""

    termination: Termination
    """How: single win, gammon or backgammon."""

    @property
    def points(self) -> int:
        """The points it scored: 1, 2 or 3."""
        return self.termination.value


@dataclass(frozen=True, slots=True)
class Match:
    """An immutable match score; :meth:`record` returns the match after one more game."""

    length: int
    """Points needed to win the match."""

    games: tuple[GameResult, ...] = ()
    """The finished games, in order."""

    def __post_init__(self) -> None:
        if self.length not in MATCH_LENGTHS:
            raise MatchError(f"a match is played to 1, 3, 5 or 7 points, not {self.length!r}")

    @property
    def score(self) -> tuple[int, int]:
        """Points won so far by player 0 and player 1."""
        s = [0, 0]
        for g in self.games:
            s[g.winner] += g.points
        return s[0], s[1]

    def is_over(self) -> bool:
        """True when a player has reached the match length."""
        return max(self.score) >= self.length

    def winner(self) -> int | None:
        """The player who won the match, or None while it goes on."""
        a, b = self.score
        if a >= self.length:
            return 0
        if b >= self.length:
            return 1
        return None

    def needs(self, player: int) -> int:
        """Points the player still needs to win the match (0 once it is won)."""
        return max(0, self.length - self.score[player])

    def record(self, outcome: Outcome) -> Match:
        """The match with one more finished game."""
        if self.is_over():
            raise MatchError("the match is already over")
        if outcome.winner not in (0, 1):
            raise MatchError(f"a winner is player 0 or 1, not {outcome.winner!r}")
        return Match(self.length, (*self.games, GameResult(outcome.winner, outcome.termination)))

    def game_number(self) -> int:
        """The number of the game being played now (1 for the first)."""
        return len(self.games) + 1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (see :meth:`from_json`)."""
        return {"length": self.length, "games": [[g.winner, g.termination.name] for g in self.games]}

    @classmethod
    def from_json(cls, data: object) -> Match:
        """Read what :meth:`to_json` wrote; raise :class:`MatchError` on anything else."""
        try:
            d = validate.obj(data, "match")
            length = validate.choice(validate.field(d, "length"), "match length", MATCH_LENGTHS)
            games = validate.items(d.get("games", []), "match games", 2 * max(MATCH_LENGTHS))
            results = [
                GameResult(
                    validate.choice(w, f"match game {k + 1} winner", (0, 1)),
                    Termination[
                        validate.choice(t, f"match game {k + 1} result", tuple(Termination.__members__))
                    ],
                )
                for k, g in enumerate(games)
                for w, t in [validate.items(g, f"match game {k + 1}", 2, 2)]
            ]
        except validate.Invalid as exc:
            raise MatchError(str(exc)) from None
        match = cls(length)
        for r in results:
            if match.is_over():
                raise MatchError("match data has games after the match was won")
            match = Match(length, (*match.games, r))
        return match
