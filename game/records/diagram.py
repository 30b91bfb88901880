"""A position as a text diagram: the ASCII board GNU Backgammon prints and forum posts use.

::

     Position ID: 4HPwATDgc/ABMA   Match ID: cIkKAAAAAAAA
     XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10
     +13-14-15-16-17-18------19-20-21-22-23-24-+     O: Bob
     | X           O    |   | O              X |     pips 167
     ...
    v|                  |BAR|                  |     Money game (Cube: 1)
     ...
     | O           X    |   | X              O |     Rolled 52
     +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: Alice

The bottom player is X, moving from 24 down to 1; the top player O. As GNU Backgammon draws it,
a point shows up to five checkers, the fifth replaced by the count when there are more (one
character: 6-9, then A for 10 up to F for 15); checkers
on the bar stand in the BAR column on their owner's half, and checkers borne off in the tray on
the right, spread over the five rows. The board comes from the same side-on-roll
code and Match ID contents as :mod:`game.records.xgid` writes, so it is a pure function of them.
"""

from __future__ import annotations

from game.records.matchid import MatchInfo, match_id
from game.records.xgid import board_sides, write_xgid
from game.rules.position import BAR, CHECKERS, pip_count, position_id

ROWS = 5
"""Checker rows drawn on each half of a point."""

TOP_FRAME = " +13-14-15-16-17-18------19-20-21-22-23-24-+"
BOTTOM_FRAME = " +12-11-10--9--8--7-------6--5--4--3--2--1-+"
MIDDLE = "v|                  |BAR|                  |"


def _cell(count: int, row: int, mark: str) -> str:
    """A 3-character cell of a stack of ``count`` checkers at ``row`` (0 nearest the edge)."""
    if count <= row:
        return "   "
    if row == ROWS - 1 and count > ROWS:
        return f" {'0123456789ABCDEF'[count]} "  # one character, as GNU Backgammon: 10 is A, 15 is F
    return f" {mark} "


def _stack(bottom: tuple[int, ...], top: tuple[int, ...], point: int, row: int) -> str:
    """The cell of the bottom player's ``point`` (1-24) at ``row`` of its half."""
    mine, theirs = bottom[point - 1], top[24 - point]
    return _cell(mine, row, "X") if mine else _cell(theirs, row, "O")


def text_diagram(
    code: int,
    info: MatchInfo,
    *,
    bottom: int = 1,
    names: tuple[str, str] = ("", ""),
    beavers: bool = False,
) -> str:
    """The diagram of a board (a code from ``info.on_roll``'s side) and its match state.

    ``bottom`` is the GNU Backgammon player drawn at the bottom as X (as for
    :func:`game.records.xgid.write_xgid`); ``names`` are GNU Backgammon's players 0 and 1.
    """
    low, high = board_sides(code, info.on_roll, bottom)
    top_player = 1 - bottom
    beside_top = _side_lines(info, top_player, high)
    beside = _side_lines(info, bottom, low)
    beside_bottom = [""] * (ROWS - len(beside)) + beside[::-1]
    lines = [
        f" Position ID: {position_id(code)}   Match ID: {match_id(info)}",
        f" {write_xgid(code, info, beavers=beavers, bottom=bottom)}",
        f"{TOP_FRAME}     O: {_name(names, top_player, 'O')}{_cube_mark(info, top_player)}",
    ]
    for r in range(ROWS):  # the top half, from the frame down: O's bar and tray from the top edge
        left = "".join(_stack(low, high, p, r) for p in range(13, 19))
        right = "".join(_stack(low, high, p, r) for p in range(19, 25))
        bar = _cell(high[BAR], r, "O")
        lines.append(f" |{left}|{bar}|{right}|{_tray(high, r, 'O')}{_at(beside_top, r)}")
    lines.append(f"{MIDDLE}     {_middle(info)}")
    for i, r in enumerate(reversed(range(ROWS))):  # the bottom half, down to the frame
        left = "".join(_stack(low, high, p, r) for p in range(12, 6, -1))
        right = "".join(_stack(low, high, p, r) for p in range(6, 0, -1))
        bar = _cell(low[BAR], r, "X")
        lines.append(f" |{left}|{bar}|{right}|{_tray(low, r, 'X')}{_at(beside_bottom, i)}")
    lines.append(f"{BOTTOM_FRAME}     X: {_name(names, bottom, 'X')}{_cube_mark(info, bottom)}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _name(names: tuple[str, str], player: int, mark: str) -> str:
    return names[player] or f"player {mark}"


def _tray(side: tuple[int, ...], row: int, mark: str) -> str:
    """The tray beside ``row`` (0 nearest the edge): the checkers borne off, spread over the rows."""
    off = CHECKERS - sum(side)
    marks = off // ROWS + (row < off % ROWS)
    return f" {mark * marks:<3} "


def _at(lines: list[str], i: int) -> str:
    return lines[i] if i < len(lines) else ""


def _cube_mark(info: MatchInfo, player: int) -> str:
    return f" (Cube: {info.cube.value})" if info.cube.owner == player else ""


def _side_lines(info: MatchInfo, player: int, side: tuple[int, ...]) -> list[str]:
    """What is written beside a player's half, from the frame inwards."""
    out = []
    if info.length:
        n = info.score[player]
        out.append(f"{n} point{'s' * (n != 1)}")
    out.append(f"pips {pip_count(side)}")
    if info.doubled and info.on_roll == player:
        out.append(f"Doubles to {2 * info.cube.value}")
    elif info.doubled:
        out.append("Take or pass?")
    elif info.on_roll == player:
        out.append(f"Rolled {info.dice[0]}{info.dice[1]}" if info.has_dice() else "On roll")
    return out


def _middle(info: MatchInfo) -> str:
    """The line beside the bar: the match (or money) and a centred cube."""
    if info.length:
        what = f"{info.length} point match"
        if info.crawford:
            what += ", Crawford game"
    else:
        what = "Money game" + (", Jacoby" if info.jacoby else "")
    return what + (f" (Cube: {info.cube.value})" if info.cube.owner is None else "")
