"""The position editor's model: a position built by hand, legal after every edit (no pygame).

An :class:`EditorPosition` is a frozen value holding everything a position needs to be analysed
or played: both sides' checkers (each side's 25 slots from its own side, as in
:mod:`game.rules.position`), the side on roll, the dice (None: before the roll), the cube's value
and owner, the match length (0: money), the score and the Crawford flag. The bottom side is the
player's ("you"), the top side the opponent's; points are numbered from the bottom side, as the
board prints them.

Every edit is a method returning an :class:`Edit`: the next value, or the same value and the reason
the edit was refused. A checker is moved (dragged) with :meth:`EditorPosition.move`: from a point,
a bar or the borne-off checkers to a point, a bar or off the board. Adding a checker to a side that
has all 15 on the board moves one instead (:meth:`EditorPosition.add`): from the side's tallest
stack, the one nearest the point it goes to on a tie (a spare checker, from close by), and from the
bar only when no other point has one; the edit's note says where it came from.
What keeps a position legal is one function, :func:`refusal`; what a legal position still needs
before it can be analysed or played (checkers of both sides on the board) is
:meth:`EditorPosition.unplayable`. :meth:`EditorPosition.setup` gives the position as one
:class:`~ui.model.position_ids.SetUp` value (board, cube, score, dice), which the set-up
dialog, the analysis, the rollout and playing it out all take.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from game.records.matchid import PLAYING, MatchInfo, match_id
from game.records.xgid import write_xgid
from game.rules.cube import CUBE_VALUES, MAX_CUBE, CubeState
from game.rules.match import MAX_MATCH_LENGTH, MONEY
from game.rules.position import BAR as BAR_SLOT
from game.rules.position import CHECKERS, SLOTS, START_SIDE, pack, position_id, unpack
from game.rules.variant import Variant
from ui.model.points import BAR, OFF
from ui.model.position_ids import SetUp, session_info
from ui.model.session import GameSession

EMPTY_SIDE: tuple[int, ...] = (0,) * SLOTS
"""A side with no checker on the board (all borne off)."""

XGID_BOTTOM = 1
"""GNU Backgammon's player number of an XGID's bottom player, as :mod:`game.records.xgid` reads it."""


class Side(enum.Enum):
    """A side of the board being edited: the player's at the bottom, the opponent's at the top."""

    BOTTOM = "bottom"
    TOP = "top"

    @property
    def other(self) -> Side:
        """The opposite side."""
        return Side.TOP if self is Side.BOTTOM else Side.BOTTOM


def _slot_of(point: int) -> int:
    """The bottom side's slot of a board point 1..24 or the bar."""
    return BAR_SLOT if point == BAR else point - 1


def _their_slot(point: int) -> int:
    """The top side's slot of the board point ``point`` (numbered from the bottom), or its bar."""
    return BAR_SLOT if point == BAR else 24 - point


class Why(enum.Enum):
    """Why an edit was refused, or what it did beyond what was asked (:mod:`ui.text.editor` words it)."""

    NOT_ON_BOARD = enum.auto()
    ALL_ON_BOARD = enum.auto()
    BOTH_ON_POINT = enum.auto()
    DICE = enum.auto()
    CUBE_VALUE = enum.auto()
    CUBE_ON_ONE = enum.auto()
    MATCH_LENGTH = enum.auto()
    MONEY_SCORE = enum.auto()
    MONEY_CRAWFORD = enum.auto()
    SCORE_NEGATIVE = enum.auto()
    SCORE_WON = enum.auto()
    CRAWFORD_AWAY = enum.auto()
    CRAWFORD_CUBE = enum.auto()
    NO_CHECKERS = enum.auto()
    ADD_OFF_BOARD = enum.auto()
    NONE_BORNE_OFF = enum.auto()
    NONE_THERE = enum.auto()
    POINT_HELD = enum.auto()
    DROP_WHERE = enum.auto()
    REMOVE_WHERE = enum.auto()
    WHOSE_BAR = enum.auto()
    NOTHING_TO_REMOVE = enum.auto()
    CRAWFORD_NO_DOUBLE = enum.auto()
    CRAWFORD_OWNER = enum.auto()
    OWNER_ON_ONE = enum.auto()
    LENGTH_RANGE = enum.auto()
    LENGTH_WON = enum.auto()
    LENGTH_CRAWFORD = enum.auto()
    MONEY_SCORE_SET = enum.auto()
    SCORE_WON_THE = enum.auto()
    CRAWFORD_NEEDS_AWAY = enum.auto()
    CRAWFORD_CUBE_BACK = enum.auto()
    JACOBY_MATCH = enum.auto()
    NO_CHECKER_HERE = enum.auto()
    """A refusal of the editor screen's own: the keyboard's pick-up found no checker."""
    NO_POSITION_PASTED = enum.auto()
    """A refusal of the editor screen's own: the pasted text holds no position (the detail says why)."""
    MOVED_SPARE = enum.auto()
    """A note: a sixteenth checker added, so one was moved from the point given (:data:`BAR`: the bar)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an edit was refused, or what it did: the kind, the side and point it names, its numbers."""

    why: Why
    """What."""
    side: Side | None = None
    """The side whose checkers it names."""
    point: int = 0
    """The point it names (:data:`BAR`: the bar)."""
    numbers: tuple[int, ...] = ()
    """Its numbers (dice, a cube, a length, a score)."""
    detail: str = ""
    """Words of its own, worded already (:attr:`Why.NO_POSITION_PASTED`)."""


def refusal(p: EditorPosition) -> Reason | None:
    """Why ``p`` is not a legal position; None when it is. Every edit is checked here."""
    return _checkers_refusal(p) or _cube_refusal(p) or _match_refusal(p)


def _checkers_refusal(p: EditorPosition) -> Reason | None:
    """At most 15 checkers a side, never both sides on a point."""
    for side in Side:
        slots = p.side(side)
        if len(slots) != SLOTS or any(n < 0 for n in slots):
            return Reason(Why.NOT_ON_BOARD, side)
        if sum(slots) > CHECKERS:
            return Reason(Why.ALL_ON_BOARD, side, numbers=(CHECKERS,))
    for point in range(1, 25):
        if p.bottom[_slot_of(point)] and p.top[_their_slot(point)]:
            return Reason(Why.BOTH_ON_POINT, point=point)
    return None


def _cube_refusal(p: EditorPosition) -> Reason | None:
    """Dice 1 to 6, a cube value the cube has, an owner only once it has been turned."""
    if p.dice is not None and not all(1 <= d <= 6 for d in p.dice):
        return Reason(Why.DICE, numbers=p.dice)
    if p.cube not in CUBE_VALUES:
        return Reason(Why.CUBE_VALUE, numbers=(MAX_CUBE, p.cube))
    if p.cube == 1 and p.owner is not None:
        return Reason(Why.CUBE_ON_ONE)
    return None


def _match_refusal(p: EditorPosition) -> Reason | None:
    """A match length the game plays, scores below it, Crawford only where it can be."""
    if not MONEY <= p.length <= MAX_MATCH_LENGTH:
        return Reason(Why.MATCH_LENGTH, numbers=(MAX_MATCH_LENGTH, p.length))
    if p.length == MONEY:
        if p.score != (0, 0):
            return Reason(Why.MONEY_SCORE)
        return Reason(Why.MONEY_CRAWFORD) if p.crawford else None
    if min(p.score) < 0:
        return Reason(Why.SCORE_NEGATIVE)
    if max(p.score) >= p.length:
        return Reason(Why.SCORE_WON, numbers=(max(p.score), p.length))
    if p.crawford:
        if [p.length - s for s in p.score].count(1) != 1:
            return Reason(Why.CRAWFORD_AWAY)
        if p.cube != 1 or p.owner is not None:
            return Reason(Why.CRAWFORD_CUBE)
    return None


@dataclass(frozen=True, slots=True)
class Edit:
    """The result of an edit: the next position, or the position unchanged and why."""

    value: EditorPosition
    """The position after the edit (unchanged when refused)."""
    refused: Reason | None = None
    """Why the edit was refused; None when it was made."""
    note: Reason | None = None
    """What the edit did beyond what was asked (a checker taken from another point)."""

    @property
    def ok(self) -> bool:
        """True when the edit was made."""
        return self.refused is None


@dataclass(frozen=True, slots=True)
class EditorPosition:
    """A position being edited: checkers, side on roll, dice, cube, match and score."""

    bottom: tuple[int, ...] = START_SIDE
    """The player's 25 slots (points 1..24 from the bottom side, then the bar)."""
    top: tuple[int, ...] = START_SIDE
    """The opponent's 25 slots, from the top side's own numbering."""
    on_roll: Side = Side.BOTTOM
    """The side to roll, or that rolled the dice."""
    dice: tuple[int, int] | None = None
    """The roll, or None: before the roll (a cube decision)."""
    cube: int = 1
    """The cube's value."""
    owner: Side | None = None
    """Who owns the cube; None while it is in the middle."""
    length: int = MONEY
    """The match length; 0 for a money game."""
    score: tuple[int, int] = (0, 0)
    """The points of the bottom and the top side."""
    crawford: bool = False
    """This game is the Crawford game."""
    jacoby: bool = True
    """Money game: the Jacoby rule is on."""
    bottom_player: int = 0
    """GNU Backgammon's number (0 or 1) of the bottom side in the IDs: pasted IDs copy back the same."""
    beavers: bool | None = None
    """Money play: beavers allowed, as a pasted XGID says; None leaves it to the player's setting."""
    names: tuple[str, str] = field(default=("", ""), compare=False)
    """The names the bottom and the top side go by (two players at one computer); "" for "you" and
    "the opponent". Not part of the position: positions that differ only here are equal."""

    # --- reading -------------------------------------------------------------------------------

    def name(self, side: Side) -> str:
        """The name ``side`` goes by ("" for "you" and "the opponent")."""
        return self.names[0 if side is Side.BOTTOM else 1]

    def side(self, side: Side) -> tuple[int, ...]:
        """The 25 slots of ``side``, from its own side."""
        return self.bottom if side is Side.BOTTOM else self.top

    def holder(self, point: int) -> Side | None:
        """The side with checkers on board point ``point`` (1..24, bottom numbering), if any."""
        if self.bottom[_slot_of(point)]:
            return Side.BOTTOM
        if self.top[_their_slot(point)]:
            return Side.TOP
        return None

    def count(self, point: int, side: Side) -> int:
        """Checkers of ``side`` on board point ``point`` (bottom numbering) or on its bar (``BAR``)."""
        if side is Side.BOTTOM:
            return self.bottom[_slot_of(point)]
        return self.top[_their_slot(point)]

    def off(self, side: Side) -> int:
        """Checkers ``side`` has borne off: those not on the board."""
        return CHECKERS - sum(self.side(side))

    def pips(self, side: Side) -> int:
        """The pip count of ``side``."""
        return sum((i + 1) * n for i, n in enumerate(self.side(side)))

    def unplayable(self) -> Reason | None:
        """Why the position cannot be analysed or played yet (a side with no checker: the game is
        over), or None."""
        for side in Side:
            if not any(self.side(side)):
                return Reason(Why.NO_CHECKERS, side)
        return None

    def code(self) -> int:
        """The board as the rules pack it, seen from the side on roll."""
        if self.on_roll is Side.BOTTOM:
            return pack(self.bottom, self.top)
        return pack(self.top, self.bottom)

    def player(self, side: Side) -> int:
        """GNU Backgammon's player number of ``side`` in the IDs."""
        return self.bottom_player if side is Side.BOTTOM else 1 - self.bottom_player

    def info(self) -> MatchInfo:
        """The Match ID's contents: cube, side on roll, match, score, dice, Crawford."""
        score = self.score if self.bottom_player == 0 else (self.score[1], self.score[0])
        dice = (0, 0) if self.dice is None else (max(self.dice), min(self.dice))
        return MatchInfo(
            cube=CubeState(self.cube, None if self.owner is None else self.player(self.owner)),
            on_roll=self.player(self.on_roll),
            length=self.length,
            score=score,
            dice=dice,
            crawford=self.crawford,
            jacoby=self.length == MONEY and self.jacoby,
            game_state=PLAYING,
            turn=self.player(self.on_roll),
        )

    def ids(self) -> str:
        """GNU Backgammon's ``POSITIONID:MATCHID`` of the position."""
        return f"{position_id(self.code())}:{match_id(self.info())}"

    def xgid(self, beavers: bool = False) -> str:
        """eXtreme Gammon's XGID of the position, the bottom side at the bottom; ``beavers`` is the
        money rule written when the position does not say (:attr:`beavers` is None)."""
        allowed = beavers if self.beavers is None else self.beavers
        return write_xgid(self.code(), self.info(), beavers=allowed, bottom=self.bottom_player)

    def setup(self) -> SetUp:
        """The position as a set-up value (to analyse, roll out or play out), the player the bottom
        side; only for a playable position (:meth:`unplayable` is None)."""
        why = self.unplayable()
        if why is not None:
            raise ValueError(why)
        beavers = self.beavers if self.length == MONEY else None
        return SetUp(self.code(), self.info(), self.player(Side.BOTTOM), beavers=beavers)

    # --- made from IDs -------------------------------------------------------------------------

    @classmethod
    def from_ids(cls, code: int, info: MatchInfo, bottom_player: int) -> EditorPosition:
        """The position of a board seen from the player on roll in ``info``, the bottom side GNU
        Backgammon's ``bottom_player``. A double on offer is left out (the position before it, the
        doubler on roll); a match already won, or a Crawford flag that cannot be, becomes a money game."""
        mover, other = unpack(code)
        bottom_on_roll = info.on_roll == bottom_player
        bottom, top = (mover, other) if bottom_on_roll else (other, mover)
        owner = info.cube.owner
        score = info.score if bottom_player == 0 else (info.score[1], info.score[0])
        value = cls(
            bottom=bottom,
            top=top,
            on_roll=Side.BOTTOM if bottom_on_roll else Side.TOP,
            dice=None if info.doubled or not info.has_dice() else (info.dice[0], info.dice[1]),
            cube=info.cube.value,
            owner=None if owner is None else (Side.BOTTOM if owner == bottom_player else Side.TOP),
            length=info.length,
            score=(score[0], score[1]),
            crawford=info.crawford,
            jacoby=info.jacoby or info.length != MONEY,
            bottom_player=bottom_player,
        )
        if refusal(value) is not None:
            value = replace(value, length=MONEY, score=(0, 0), crawford=False)
        if refusal(value) is not None:
            value = replace(value, cube=1, owner=None)
        return value

    @classmethod
    def from_setup(cls, setup: SetUp) -> EditorPosition:
        """The position of a set-up value: an XGID's as it draws it (its bottom player, GNU
        Backgammon's player 1, at the bottom), GNU Backgammon's IDs with the player who decides now
        at the bottom."""
        bottom = XGID_BOTTOM if setup.from_xgid else setup.human
        value = cls.from_ids(setup.code, setup.info, bottom)
        return replace(value, beavers=setup.beavers) if value.length == MONEY else value

    # --- edits ---------------------------------------------------------------------------------

    def _to(self, candidate: EditorPosition) -> Edit:
        why = refusal(candidate)
        return Edit(self, why) if why is not None else Edit(candidate)

    def _with_count(self, point: int, side: Side, n: int) -> EditorPosition:
        if side is Side.BOTTOM:
            slots = list(self.bottom)
            slots[_slot_of(point)] = n
            return replace(self, bottom=tuple(slots))
        slots = list(self.top)
        slots[_their_slot(point)] = n
        return replace(self, top=tuple(slots))

    def add(self, point: int, side: Side) -> Edit:
        """One more checker of ``side`` on board point ``point`` (1..24) or on its bar (``BAR``).

        With all 15 of ``side``'s checkers on the board, one is moved there instead (:meth:`spare`
        says from where) and the edit's note says so."""
        if point == OFF or not 1 <= point <= BAR:
            return Edit(self, Reason(Why.ADD_OFF_BOARD))
        if self.off(side) > 0:
            return self._to(self._with_count(point, side, self.count(point, side) + 1))
        source = self.spare(side, point)
        if source is None:
            return self._to(self._with_count(point, side, self.count(point, side) + 1))  # refused: why
        moved = self.move(source, point, side)
        if not moved.ok:
            return moved
        return Edit(moved.value, note=Reason(Why.MOVED_SPARE, side, source, (CHECKERS,)))

    def spare(self, side: Side, point: int) -> int | None:
        """Where a checker of ``side`` is taken from to go to ``point`` when all are on the board: the
        point (bottom numbering) with the most of them, the one nearest ``point`` on a tie (then the
        one nearer ``side``'s home); the bar when no other point has one; None when none but
        ``point`` itself has any."""
        slot = _slot_of if side is Side.BOTTOM else _their_slot
        here = slot(point)
        points = [q for q in range(1, 25) if q != point and self.count(q, side)]
        if points:
            return min(points, key=lambda q: (-self.count(q, side), abs(slot(q) - here), slot(q)))
        return BAR if point != BAR and self.count(BAR, side) else None

    def move(self, source: int, target: int, side: Side) -> Edit:
        """One checker of ``side`` moved (dragged) from ``source`` to ``target``: board points 1..24
        (bottom numbering), the side's bar (``BAR``), or ``OFF`` (borne off: from there, one of the
        side's borne-off checkers comes back; to there, the checker is borne off)."""
        if source == target:
            return Edit(self)
        if source == OFF:
            if self.off(side) == 0:
                return Edit(self, Reason(Why.NONE_BORNE_OFF, side))
            return self.add(target, side)
        if not (1 <= source <= BAR) or self.count(source, side) == 0:
            return Edit(self, Reason(Why.NONE_THERE, side, source))
        if target not in (OFF, BAR) and self.holder(target) is side.other:
            return Edit(self, Reason(Why.POINT_HELD, side.other, target))
        taken = self._with_count(source, side, self.count(source, side) - 1)
        if target == OFF:
            return self._to(taken)
        if not 1 <= target <= BAR:
            return Edit(self, Reason(Why.DROP_WHERE))
        return self._to(taken._with_count(target, side, taken.count(target, side) + 1))

    def add_here(self, point: int, chosen: Side) -> Edit:
        """A left click on board point ``point``: one more of the side that holds it, or of
        ``chosen`` on an empty point; on the bar (``BAR``), of ``chosen``."""
        holder = None if point == BAR else self.holder(point)
        return self.add(point, holder if holder is not None else chosen)

    def remove(self, point: int, side: Side | None = None) -> Edit:
        """One checker fewer on board point ``point`` (of the side that holds it) or on ``side``'s bar."""
        if point == OFF or not 1 <= point <= BAR:
            return Edit(self, Reason(Why.REMOVE_WHERE))
        who = side if point == BAR else self.holder(point)
        if point == BAR and who is None:
            return Edit(self, Reason(Why.WHOSE_BAR))
        if who is None:
            return Edit(self, Reason(Why.NOTHING_TO_REMOVE, point=point))
        if self.count(point, who) == 0:
            return Edit(self, Reason(Why.NONE_THERE, who, BAR))
        return self._to(self._with_count(point, who, self.count(point, who) - 1))

    def clear(self) -> Edit:
        """Every checker off the board (the match, cube and dice stay)."""
        return self._to(replace(self, bottom=EMPTY_SIDE, top=EMPTY_SIDE))

    def starting(self, variant: Variant = Variant.STANDARD) -> Edit:
        """The checkers of ``variant``'s start (the match, cube and dice stay); at that start already,
        of the next variant's (standard, nackgammon, standard ...), so the key steps through them."""
        order = list(Variant)
        if self.bottom == self.top == variant.start_side:
            variant = order[(order.index(variant) + 1) % len(order)]
        return self._to(replace(self, bottom=variant.start_side, top=variant.start_side))

    def mirror(self) -> Edit:
        """The sides swapped: you take the opponent's checkers, score, cube and turn (the IDs stay)."""
        flip = {None: None, Side.BOTTOM: Side.TOP, Side.TOP: Side.BOTTOM}
        return self._to(
            replace(
                self,
                bottom=self.top,
                top=self.bottom,
                on_roll=self.on_roll.other,
                owner=flip[self.owner],
                score=(self.score[1], self.score[0]),
                bottom_player=1 - self.bottom_player,
            )
        )

    def swap_turn(self) -> Edit:
        """The other side on roll (the dice stay, now that side's roll)."""
        return self._to(replace(self, on_roll=self.on_roll.other))

    def with_dice(self, dice: tuple[int, int] | None) -> Edit:
        """The roll to play (None: before the roll, a cube decision)."""
        return self._to(replace(self, dice=dice))

    def with_cube(self, value: int) -> Edit:
        """The cube at ``value`` (back to 1, it returns to the middle)."""
        if self.crawford and value != 1:
            return Edit(self, Reason(Why.CRAWFORD_NO_DOUBLE))
        owner = None if value == 1 else self.owner
        return self._to(replace(self, cube=value, owner=owner))

    def cube_step(self, up: bool) -> Edit:
        """The cube one value up or down (64 wraps to 1, 1 to 64)."""
        i = CUBE_VALUES.index(self.cube) if self.cube in CUBE_VALUES else 0
        return self.with_cube(CUBE_VALUES[(i + (1 if up else -1)) % len(CUBE_VALUES)])

    def with_owner(self, owner: Side | None) -> Edit:
        """The cube given to ``owner`` (None: the middle)."""
        if owner is not None and self.crawford:
            return Edit(self, Reason(Why.CRAWFORD_OWNER))
        if owner is not None and self.cube == 1:
            return Edit(self, Reason(Why.OWNER_ON_ONE))
        return self._to(replace(self, owner=owner))

    def cycle_owner(self) -> Edit:
        """The cube's owner in turn: the middle, you, the opponent."""
        nxt = {None: Side.BOTTOM, Side.BOTTOM: Side.TOP, Side.TOP: None}[self.owner]
        return self.with_owner(nxt)

    def with_length(self, length: int) -> Edit:
        """The match length (0: a money game, which has no score and no Crawford game)."""
        if length == MONEY:
            return self._to(replace(self, length=MONEY, score=(0, 0), crawford=False))
        if not 1 <= length <= MAX_MATCH_LENGTH:
            return Edit(self, Reason(Why.LENGTH_RANGE, numbers=(MAX_MATCH_LENGTH,)))
        if max(self.score) >= length:
            return Edit(self, Reason(Why.LENGTH_WON, numbers=(self.score[0], self.score[1], length)))
        if self.crawford and (length - 1) not in self.score:
            return Edit(self, Reason(Why.LENGTH_CRAWFORD))
        return self._to(replace(self, length=length))

    def length_step(self, up: bool) -> Edit:
        """The match one point longer or shorter (0, money, below 1)."""
        return self.with_length(max(MONEY, min(MAX_MATCH_LENGTH, self.length + (1 if up else -1))))

    def with_score(self, side: Side, points: int) -> Edit:
        """``side``'s score."""
        if self.length == MONEY:
            return Edit(self, Reason(Why.MONEY_SCORE_SET))
        if points < 0:
            return Edit(self, Reason(Why.SCORE_NEGATIVE))
        if points >= self.length:
            return Edit(self, Reason(Why.SCORE_WON_THE, numbers=(points, self.length)))
        score = (points, self.score[1]) if side is Side.BOTTOM else (self.score[0], points)
        if self.crawford and [self.length - s for s in score].count(1) != 1:
            return Edit(self, Reason(Why.CRAWFORD_NEEDS_AWAY))
        return self._to(replace(self, score=score))

    def score_step(self, side: Side, up: bool) -> Edit:
        """``side``'s score one point up or down."""
        i = 0 if side is Side.BOTTOM else 1
        return self.with_score(side, self.score[i] + (1 if up else -1))

    def toggle_crawford(self) -> Edit:
        """This game the Crawford game, or not."""
        if self.crawford:
            return self._to(replace(self, crawford=False))
        if self.length == MONEY:
            return Edit(self, Reason(Why.MONEY_CRAWFORD))
        if self.cube != 1 or self.owner is not None:
            return Edit(self, Reason(Why.CRAWFORD_CUBE_BACK))
        return self._to(replace(self, crawford=True))

    def toggle_jacoby(self) -> Edit:
        """A money game's Jacoby rule on or off."""
        if self.length != MONEY:
            return Edit(self, Reason(Why.JACOBY_MATCH))
        return self._to(replace(self, jacoby=not self.jacoby))


def from_session(session: GameSession) -> EditorPosition:
    """The board of a game as the editor opens it: the player at the bottom, the position before
    the move being made (and before a double on offer)."""
    return EditorPosition.from_ids(session.state.position.code, session_info(session), session.id_player)
