"""The state of one game: the board, who is on roll, and the dice."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.move import Move, legal_moves
from game.rules.movegen import results
from game.rules.outcome import Outcome, win_kind
from game.rules.position import Position, swap
from game.rules.variant import Variant


@dataclass(frozen=True, slots=True)
class GameState:
    """An immutable, hashable game state.

    The position is always seen from the player on roll. Before the opening roll
    nobody is on roll (``turn`` is None); between turns the dice are None.
    """

    position: Position
    """The board, seen from the player on roll (``turn``)."""

    turn: int | None
    """The player on roll, 0 or 1; None before the opening roll decides it."""

    dice: tuple[int, int] | None
    """The roll to play, or None while it is still to be rolled."""

    @classmethod
    def new(cls, variant: Variant = Variant.STANDARD) -> GameState:
        """A new game: the variant's start, before the opening roll."""
        return cls(variant.start(), None, None)

    def is_opening(self) -> bool:
        """True before the opening roll."""
        return self.turn is None

    def after_opening_roll(self, die0: int, die1: int) -> GameState:
        """Player 0 rolled ``die0``, player 1 ``die1`` (different): the higher moves first
        and plays both dice."""
        if die0 == die1:
            raise ValueError("the opening roll is re-rolled on a tie")
        turn = 0 if die0 > die1 else 1
        return GameState(self.position, turn, (die0, die1) if turn == 0 else (die1, die0))

    def with_dice(self, dice: tuple[int, int]) -> GameState:
        """The same state with the roll made."""
        if self.turn is None:
            raise ValueError("make the opening roll first")
        if not all(1 <= d <= 6 for d in dice):
            raise ValueError(f"dice must be 1..6, got {dice}")
        return GameState(self.position, self.turn, dice)

    def legal_moves(self) -> list[Move]:
        """The legal moves for the roll; empty when the turn must pass."""
        if self.dice is None:
            raise ValueError("roll the dice first")
        return legal_moves(self.position, self.dice)

    def play(self, move: Move | None) -> GameState:
        """Play a legal move (None or an empty move to pass, when nothing can be played);
        the other player is then on roll. An illegal move raises ValueError."""
        if self.turn is None or self.dice is None:
            raise ValueError("no roll to play")
        if self.outcome() is not None:
            raise ValueError("the game is over")
        code = self.position.code if move is None else move.after.code
        if move is not None and move.before != self.position:
            raise ValueError("that move belongs to another position")
        legal = results(self.position.code, *self.dice)  # [position] when the turn passes
        if code not in legal:
            d1, d2 = self.dice
            if code == self.position.code:
                raise ValueError(f"a legal move exists for {d1}{d2}: the turn cannot pass")
            raise ValueError(f"{move} is not a legal move for {d1}{d2}")
        return GameState(Position(swap(code)), 1 - self.turn, None)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if self.turn is None:
            return None
        kind = win_kind(swap(self.position.code))
        if kind is None:
            return None
        return Outcome(1 - self.turn, kind)

    def is_over(self) -> bool:
        """True when a player has borne off all fifteen."""
        return self.outcome() is not None
