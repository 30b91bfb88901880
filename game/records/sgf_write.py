"""A :class:`game.records.mat.MatchRecord` written as GNU Backgammon's ``.sgf`` (the layout
:mod:`game.records.sgf` reads; GNU Backgammon's ``load match`` takes it whole).

The record is replayed first (:func:`game.records.replay.replay`): a game's moves are written
from the legal moves the replay found, one letter pair per checker step, and the replay says
which game is the Crawford game and which games ended by a resignation (``RE[W+2R]``); a last
game that stops before its end is written without a result, as GNU Backgammon saves one. A
beaver is written as GNU Backgammon writes one, the other player's double at once
(``;W[double];B[double];W[take]``), in money play; a match with one is refused.
"""

from __future__ import annotations

from game.records.mat import MatchRecord
from game.records.replay import ReplayedGame, ReplayError, Turn, replay, tag_is_on
from game.rules.digits import is_digits
from game.rules.move import Step

_TAG_PROPERTIES = (("Event", "EV"), ("Round", "RO"), ("Site", "PC"), ("Annotator", "AN"))


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _letter(point: int, player: int) -> str:
    """A point of the mover's numbering (25 the bar, 0 off) as a move letter."""
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - (point - 1))


def _steps(steps: tuple[Step, ...], player: int) -> str:
    return "".join(_letter(s.src, player) + _letter(s.dst, player) for s in steps)


def _turn(turn: Turn) -> list[str]:
    """The nodes of one turn: the double and its answer, then the roll and move."""
    if turn.illegal:
        raise ReplayError(
            f"row {turn.row}: an illegal play (written as the board after it) cannot be written as .sgf"
        )
    me, other = "WB"[turn.player], "WB"[1 - turn.player]
    nodes = []
    if turn.doubled:
        nodes.append(f";{me}[double]")
        # a beaver (a raccoon) is the other player's (then the doubler's) double at once, taken
        # by the player who redoubled before: GNU Backgammon's ;W[double];B[double];W[take]
        nodes += [f";{(other, me)[k % 2]}[double]" for k in range(turn.beavers)]
        answers = (other, me)[turn.beavers % 2]
        nodes.append(f";{answers}[{'take' if turn.taken else 'drop'}]")
    if turn.dice is not None:
        move = _steps(turn.move.steps, turn.player) if turn.move is not None else ""
        nodes.append(f";{me}[{turn.dice[0]}{turn.dice[1]}{move}]")
    return nodes


def _game(k: int, game: ReplayedGame, record: MatchRecord, crawford_rule: bool, app: str) -> str:
    names = record.players
    head = [
        f"(;FF[4]GM[6]CA[UTF-8]AP[{_escape(app)}]",
        f"MI[length:{record.length}][game:{k}][ws:{game.score[0]}][bs:{game.score[1]}]",
        f"PW[{_escape(names[0])}]PB[{_escape(names[1])}]",
    ]
    if k == 0:
        tags = dict(record.tags)
        date = tags.get("EventDate", "").strip().replace(".", "-")
        if len(date) == 10 and is_digits(date[:4]):
            head.append(f"DT[{date}]")
        head += [f"{prop}[{_escape(tags[name])}]" for name, prop in _TAG_PROPERTIES if tags.get(name)]
    if record.length > 1 and crawford_rule:
        head.append("RU[Crawford:CrawfordGame]" if game.crawford else "RU[Crawford]")
    elif record.length == 0 and tag_is_on(record, "Jacoby", default=False):
        head.append("RU[Jacoby]")
    if game.winner is not None:  # an unfinished game has no result
        resigned = "R" if game.ending == "resign" else ""
        head.append(f"RE[{'WB'[game.winner]}+{game.points}{resigned}]")
    nodes = [node for turn in game.turns for node in _turn(turn)]
    return "".join(head) + "".join(f"\n{n}" for n in nodes) + ")\n"


def format_sgf(record: MatchRecord, application: str = "Backgammon") -> str:
    """The whole record as ``.sgf`` text, one game tree per game (``application`` names the
    program that wrote it, ``AP``); a record the rules do not allow raises
    :class:`game.records.replay.ReplayError`, and so does a beaver in a match (the rules allow
    them in money play only)."""
    replayed = replay(record)
    if record.length:
        for game in replayed.games:
            for turn in game.turns:
                if turn.beavers:
                    raise ReplayError(
                        f"game {game.number}, row {turn.double_row or turn.row}: a beaver in a match "
                        "cannot be written (beavers are for money play only)"
                    )
    crawford_rule = tag_is_on(record, "Crawford", default=True)
    return "".join(_game(k, g, record, crawford_rule, application) for k, g in enumerate(replayed.games))
