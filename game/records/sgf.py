"""GNU Backgammon's match files (``.sgf``, the Smart Game Format with ``GM[6]``), read into a
:class:`game.records.mat.MatchRecord`.

A file is a collection of game trees, one per game: ``(;FF[4]GM[6]...)``. A tree is nodes
(``;`` then properties); a property is an upper-case name and one or more ``[values]`` (``\\]``
and ``\\\\`` escaped). GNU Backgammon writes, in each game's root node, ``MI[length:7][game:0]
[ws:0][bs:0]`` (match length, game number from 0, the scores of White and Black before the
game), the players ``PW``/``PB``, the result ``RE[W+2]`` (``R`` after the points: a
resignation; no ``RE`` in a game saved before its end), the rules ``RU[Crawford]``
(``Crawford:CrawfordGame`` in the Crawford game, ``Jacoby``), and in the first game the date
``DT``, event ``EV``, place ``PC`` and round ``RO``. Then one node per action: ``W[double]``,
``B[take]``, ``B[drop]``, or a roll and its move, ``W[52mhca]``: the two dice, then a letter
pair per checker moved, from and to, in the mover's own numbering (``a`` is point 1 for White,
point 24 for Black; ``y`` the bar, ``z`` off). White is the left column of a ``.mat`` record
(player 0), Black the right.

:func:`read_sgf` reads that; analysis (``A``, ``DA``), comments, luck and marks are passed
over, and the first line of play is followed where a file holds variations. A double left
unanswered at the end of a game is not read: GNU Backgammon keeps one there for its hint (the
result says how the game ended). A game without a result is read with none
(:mod:`game.records.replay` settles it from the play, or keeps a last game as unfinished). A
set-up position (``AE``, ``AB``, ``AW``), a variant (nackgammon, hypergammon) or automatic
doubles cannot be a match record, and say so. :mod:`game.records.sgf_write` writes the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.records.mat import Action, GameRecord, MatchRecord, MatFileError
from game.rules.cube import CubeAction
from game.rules.digits import is_digits

MAX_DEPTH = 64
"""Deepest nesting of game trees read (GNU Backgammon writes 1)."""

MAX_NODES = 200_000
"""Most nodes read in a file (a long match has a few thousand)."""

MAX_MATCH = 999
"""Longest match length accepted."""

_VALUE = re.compile(r"\[((?:[^\\\]]|\\.)*)\]", re.DOTALL)
_NAME = re.compile(r"[A-Za-z]+")
_ROLL = re.compile(r"([1-6])([1-6])((?:[a-z]{2}){0,4})$")
_RESULT = re.compile(r"([BW])\+([0-9]+)(R?)", re.IGNORECASE)
_UNSUPPORTED_RULES = ("Nackgammon", "Hypergammon1", "Hypergammon2", "Hypergammon3")
_SETUP = ("AE", "AB", "AW")


class SgfFileError(MatFileError):
    """An ``.sgf`` file that cannot be read: says where and what is wrong."""


Node = dict[str, list[str]]
"""One node: each property's name and its values."""


@dataclass(slots=True)
class _Tree:
    """A game tree being read."""

    main: bool
    """On the first line of play (its nodes are kept)."""

    children: int = 0
    """Trees opened inside it so far."""


@dataclass(slots=True)
class _Reader:
    """Splits the text into games: the nodes of each top-level tree's first line of play."""

    text: str
    games: list[list[Node]] = field(default_factory=list)
    nodes: int = 0

    def where(self, at: int) -> str:
        line = self.text.count("\n", 0, at) + 1
        return f"line {line}"

    def fail(self, at: int, what: str) -> SgfFileError:
        return SgfFileError(f"{self.where(at)}: {what}")

    stack: list[_Tree] = field(default_factory=list)
    node: Node | None = None

    def read(self) -> list[list[Node]]:
        text, n, i = self.text, len(self.text), 0
        while i < n:
            c = text[i]
            if c.isspace():
                i += 1
            elif c == "(":
                i = self.open_tree(i)
            elif c == ")":
                i = self.close_tree(i)
            elif c == ";":
                i = self.new_node(i)
            elif m := _NAME.match(text, i):
                i = self.property(i, m)
            else:
                raise self.fail(i, f"unexpected {c!r}")
        if self.stack:
            raise SgfFileError(
                f"the file ends inside a game tree ({len(self.stack)} '(' not closed): it is cut short"
            )
        return self.games

    def open_tree(self, i: int) -> int:
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(i, f"game trees nested more than {MAX_DEPTH} deep")
        parent = self.stack[-1] if self.stack else None
        main = parent is None or (parent.main and parent.children == 0)
        if parent is not None:
            parent.children += 1
        else:
            self.games.append([])
        self.stack.append(_Tree(main))
        self.node = None
        return i + 1

    def close_tree(self, i: int) -> int:
        if not self.stack:
            raise self.fail(i, "')' without a game tree to close")
        self.stack.pop()
        self.node = None
        return i + 1

    def new_node(self, i: int) -> int:
        if not self.stack:
            raise self.fail(i, "a node outside any game tree (a file starts with '(;')")
        if self.stack[-1].children:
            raise self.fail(i, "a node after a variation (nodes come before the trees inside)")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(i, f"more than {MAX_NODES} nodes")
        self.node = {}
        if self.stack[-1].main:
            self.games[-1].append(self.node)
        return i + 1

    def property(self, i: int, m: re.Match[str]) -> int:
        """A property's name and values; returns where it ends."""
        if self.node is None:
            raise self.fail(i, f"property {m.group()!r} outside a node")
        text, n = self.text, len(self.text)
        name = "".join(ch for ch in m.group() if ch.isupper())
        i = m.end()
        values = []
        while True:
            while i < n and text[i].isspace():
                i += 1
            v = _VALUE.match(text, i)
            if v is None:
                break
            values.append(_unescape(v.group(1)))
            i = v.end()
        if not values:
            if i < n and text[i] == "[":
                raise self.fail(i, f"the value of {name} is not closed with ']'")
            raise self.fail(i, f"property {name} has no [value]")
        self.node.setdefault(name, []).extend(values)
        return i


def _unescape(raw: str) -> str:
    """A value's text: ``\\`` then a newline is nothing, ``\\`` then a character is that character."""
    if "\\" not in raw:
        return raw
    out, i = [], 0
    while i < len(raw):
        c = raw[i]
        if c == "\\" and i + 1 < len(raw):
            nxt = raw[i + 1]
            if nxt not in "\r\n":
                out.append(nxt)
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def parse_trees(text: str) -> list[list[Node]]:
    """The nodes of each game (top-level tree) in ``text``, first line of play only."""
    return _Reader(text).read()


def _short(text: str) -> str:
    """A value quoted in a message, cut to a few words when it is long."""
    return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"


def _first(node: Node, name: str) -> str | None:
    values = node.get(name)
    return values[0] if values else None


def _point(ch: str, player: int) -> int:
    """A move letter as a point in the mover's numbering: 1-24, 25 the bar, 0 off."""
    if ch == "y":
        return 25
    if ch == "z":
        return 0
    index = ord(ch) - ord("a")  # 0..23
    return index + 1 if player == 0 else 24 - index


@dataclass(frozen=True, slots=True)
class _GameInfo:
    """What a game's root node says."""

    length: int
    number: int
    score: tuple[int, int]
    players: tuple[str, str]
    winner: int
    points: int
    """0: no result (``RE`` absent: the game was not finished)."""
    rules: tuple[str, ...]


def _info(k: int, root: Node) -> _GameInfo:
    where = f"game {k}"
    game_kind = _first(root, "GM")
    if game_kind is None or game_kind.strip() != "6":
        raise SgfFileError(
            f"{where}: not a backgammon record (GM[{_short(game_kind or '')}]; backgammon is GM[6])"
        )
    mi = {}
    for value in root.get("MI", []):
        key, _, number = value.partition(":")
        mi[key.strip()] = number.strip()
    numbers = {}
    for key in ("length", "game", "ws", "bs"):
        raw = mi.get(key, "0") or "0"
        if not is_digits(raw) or len(raw) > 6 or int(raw) > 100_000:  # never int() of thousands of digits
            raise SgfFileError(f"{where}: cannot read MI[{key}:{_short(raw)}]")
        numbers[key] = int(raw)
    if numbers["length"] > MAX_MATCH:
        raise SgfFileError(f"{where}: a {numbers['length']}-point match is longer than {MAX_MATCH} points")
    rules = tuple(r.strip() for value in root.get("RU", []) for r in value.split(":") if r.strip())
    for r in rules:
        if r in _UNSUPPORTED_RULES:
            raise SgfFileError(f"{where}: {r} is not standard backgammon")
    cube = _first(root, "CV")
    if cube is not None and cube.strip() not in ("", "1"):
        raise SgfFileError(f"{where}: the game starts with the cube at {_short(cube)} (automatic doubles)")
    result = (_first(root, "RE") or "").strip()
    m = _RESULT.match(result)
    if result and (m is None or len(m.group(2)) > 5):
        raise SgfFileError(f"{where}: cannot read the result RE[{_short(result)}]")
    winner, points = (0, 0) if m is None else (0 if m.group(1).upper() == "W" else 1, max(1, int(m.group(2))))
    return _GameInfo(
        numbers["length"],
        numbers["game"],
        (numbers["ws"], numbers["bs"]),
        (_first(root, "PW") or "White", _first(root, "PB") or "Black"),
        winner,
        points,
        rules,
    )


def _action(k: int, n: int, player: int, value: str) -> Action:
    """The action of a ``W[...]``/``B[...]`` node (``n`` counts the game's actions from 1)."""
    colour = "WB"[player]
    if value == "double":
        return Action(CubeAction.DOUBLE, player, row=n)
    if value == "take":
        return Action(CubeAction.TAKE, player, row=n)
    if value == "drop":
        return Action(CubeAction.PASS, player, row=n)
    m = _ROLL.match(value.strip())
    if m is None:
        raise SgfFileError(f"game {k}, action {n}: cannot read {colour}[{value}]")
    dice = (int(m.group(1)), int(m.group(2)))
    letters = m.group(3)
    steps = []
    for a, b in zip(letters[0::2], letters[1::2], strict=True):
        src, dst = _point(a, player), _point(b, player)
        if src == 0 or dst == 25 or (src != 25 and dst != 0 and dst >= src):
            raise SgfFileError(f"game {k}, action {n}: {colour}[{value}]: {a}{b} is not a move")
        steps.append(f"{src}/{dst}")
    return Action("move", player, dice, " ".join(steps), row=n)


def _game(k: int, nodes: list[Node], info: _GameInfo) -> GameRecord:
    actions: list[Action] = []
    for node in nodes[1:]:
        if any(name in node for name in _SETUP):
            raise SgfFileError(
                f"game {k} sets up a position: a match record starts every game at the opening"
            )
        for colour in ("W", "B"):
            value = _first(node, colour)
            if value is not None:
                actions.append(_action(k, len(actions) + 1, "WB".index(colour), value.strip()))
                break  # GNU Backgammon reads one move a node
    while actions and actions[-1].kind is CubeAction.DOUBLE:
        actions.pop()  # never answered: GNU Backgammon keeps a last double for its hint, not as play
    return GameRecord(info.score, tuple(actions), info.winner, info.points)


def _tags(root: Node, info: _GameInfo) -> tuple[tuple[str, str], ...]:
    tags: list[tuple[str, str]] = []
    date = _first(root, "DT")
    if date and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date.strip()):
        tags.append(("EventDate", date.strip().replace("-", ".")))
    for prop, name in (("EV", "Event"), ("RO", "Round"), ("PC", "Site"), ("AN", "Annotator")):
        value = _first(root, prop)
        if value and value.strip():
            tags.append((name, " ".join(value.split())))
    if info.length > 1:
        tags.append(("Crawford", "On" if "Crawford" in info.rules else "Off"))
    elif info.length == 0:
        tags.append(("Jacoby", "On" if "Jacoby" in info.rules else "Off"))
    return tuple(tags)


def is_sgf(text: str) -> bool:
    """The text starts like a Smart Game Format file: ``(`` then ``;``, spaces allowed."""
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("(") and head[1:].lstrip().startswith(";")


def read_sgf(text: str) -> MatchRecord:
    """Read a GNU Backgammon match (:class:`SgfFileError` says where it is wrong)."""
    games = [nodes for nodes in parse_trees(text.lstrip("\ufeff")) if nodes]
    if not games:
        raise SgfFileError("the file holds no game")
    infos = [_info(k, nodes[0]) for k, nodes in enumerate(games, 1)]
    first = infos[0]
    for k, info in enumerate(infos[1:], 2):
        if info.length != first.length:
            raise SgfFileError(f"game {k} is of a {info.length}-point match, game 1 of {first.length}")
    records = tuple(
        _game(k, nodes, info) for k, (nodes, info) in enumerate(zip(games, infos, strict=True), 1)
    )
    return MatchRecord(first.length, first.players, records, _tags(games[0][0], first))
