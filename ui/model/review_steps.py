"""Walking through a judged match: every stop (a cube decision or a roll), its decisions, the errors
(no pygame)."""

from __future__ import annotations

from dataclasses import dataclass

from ai.engine_types import CUBE_KINDS, Decision, Review, played_cube
from game.records.matchid import MatchInfo
from game.records.notes import Note
from game.records.replay import ReplayedGame, Turn
from game.rules.cube import CubeState
from game.rules.position import unpack


@dataclass(frozen=True, slots=True)
class Stop:
    """One place to look at: the cube action before a roll, or the roll's move."""

    game: int
    """Index of the game in the match (0 for game 1)."""

    turn: int
    """Index of the turn in its game."""

    cube: bool
    """The cube action before the roll (else the move)."""


class ReviewPath:
    """The stops of a judged match in order of play, with their decisions and the errors largest first."""

    def __init__(self, review: Review) -> None:
        self.review = review
        """The judged match."""
        self._at: dict[tuple[int, int, bool], list[Decision]] = {}
        for d in review.decisions:
            self._at.setdefault((d.game, d.turn, d.kind in CUBE_KINDS), []).append(d)
        self.stops: list[Stop] = []
        """Every cube decision judged and every roll, in order."""
        for g, game in enumerate(review.match.games):
            for t, turn in enumerate(game.turns):
                if (game.number, t, True) in self._at:
                    self.stops.append(Stop(g, t, True))
                if turn.dice is not None:
                    self.stops.append(Stop(g, t, False))
        self.errors: list[Decision] = sorted(
            (d for d in review.decisions if d.error > 0), key=lambda d: -d.error
        )
        """Every decision that cost something, largest first."""

    def game(self, stop: Stop) -> ReplayedGame:
        """The game of ``stop``."""
        return self.review.match.games[stop.game]

    def turn(self, stop: Stop) -> Turn:
        """The turn of ``stop``."""
        return self.game(stop).turns[stop.turn]

    def decisions(self, stop: Stop) -> list[Decision]:
        """The judged decisions at ``stop`` (a double and its answer share a stop)."""
        return self._at.get((self.game(stop).number, stop.turn, stop.cube), [])

    def notes_at(self, stop: Stop) -> list[Note]:
        """The record's notes on ``stop``'s turn: on its double's or its answer's row, either cell
        (the cube); on its roll's row, in its player's cell (a move: the other's shares the row)."""
        game, turn = self.game(stop), self.turn(stop)
        rows = {turn.double_row, turn.answer_row} if stop.cube else {turn.row}
        rows.discard(0)
        return [
            n
            for n in self.review.match.notes
            if n.place.game == game.number
            and n.place.row in rows
            and (stop.cube or n.place.side != 1 - turn.player)
        ]

    def stop_of_note(self, note: Note) -> int | None:
        """The stop a note is about: its turn's; else the last of its game up to its row (a roll
        never played comes after it); else its game's first (a note on the whole game). None: its
        game has no stop."""
        in_game = [i for i, s in enumerate(self.stops) if self.game(s).number == note.place.game]
        here = next((i for i in in_game if note in self.notes_at(self.stops[i])), None)
        if here is not None or not in_game:
            return here
        row = note.place.row
        before = [i for i in in_game if row and (self.turn(self.stops[i]).row or row + 1) <= row]
        return before[-1] if before else in_game[0]

    def stop_of(self, decision: Decision) -> int:
        """The index of the stop where ``decision`` was taken."""
        key = (decision.game - 1, decision.turn, decision.kind in CUBE_KINDS)
        return next(i for i, s in enumerate(self.stops) if (s.game, s.turn, s.cube) == key)

    def stop_at(self, game_number: int, turn: int) -> int | None:
        """The first stop of a game's turn (by the game's number), if any."""
        for i, s in enumerate(self.stops):
            if self.game(s).number == game_number and s.turn >= turn:
                return i
        return None

    def graph_index(self, stop: Stop) -> int | None:
        """The index in :attr:`Review.graph` of the point before ``stop``'s roll."""
        number = self.game(stop).number
        return next(
            (i for i, p in enumerate(self.review.graph) if p.game == number and p.turn >= stop.turn),
            None,
        )

    def cube_shown(self, stop: Stop) -> CubeState:
        """The cube as it stands at ``stop``: before any double (cube), after a take (move)."""
        turn = self.turn(stop)
        return turn.cube if stop.cube else played_cube(turn)

    def position_at(self, stop: Stop) -> tuple[int, MatchInfo]:
        """The board (from the side on roll) and the match state at ``stop``, as the review's IDs have
        them: a cube stop before the roll (with the double offered, if one was), a move stop with
        its roll (the record's columns are GNU Backgammon's players 0 and 1)."""
        game, turn = self.game(stop), self.turn(stop)
        doubled = stop.cube and turn.doubled
        dice = (0, 0) if stop.cube or turn.dice is None else (max(turn.dice), min(turn.dice))
        info = MatchInfo(
            self.cube_shown(stop),
            turn.player,
            self.review.match.record.length,
            game.score,
            dice,
            game.crawford,
            self.review.match.is_jacoby(),
            turn=1 - turn.player if doubled else turn.player,
            doubled=doubled,
        )
        return turn.code, info


def sides(turn: Turn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The left column's and the right column's 25 slots before ``turn``, each from its owner's side."""
    mover, other = unpack(turn.code)
    return (mover, other) if turn.player == 0 else (other, mover)
