"""GNU Backgammon's match files (``.sgf``, the Smart Game Format with ``GM[6]``): the format's
mapping onto :mod:`game.records.model`, its reader and its writer.

**The layout.** A file is a collection of game trees, one per game: ``(;FF[4]GM[6]...)``. A tree
is nodes (``;`` then properties); a property is an upper-case name and one or more ``[values]``
(``\\]`` and ``\\\\`` escaped). GNU Backgammon writes, in each game's root node,
``MI[length:7][game:0][ws:0][bs:0]`` (match length, game number from 0, the scores of White and
Black before the game), the players ``PW``/``PB``, the result ``RE[W+2]`` (``R`` after the
points: a resignation; no ``RE`` in a game saved before its end), the rules and the variant
``RU`` (below), and in the first game the date ``DT``, event ``EV``, place ``PC`` and round
``RO``. Then one node per action: ``W[double]``, ``B[take]``, ``B[drop]``, or a roll and its
move, ``W[52mhca]``: the two dice, then a letter pair per checker moved, from and to, in the
mover's own numbering (``a`` is point 1 for White, point 24 for Black; ``y`` the bar, ``z`` off).
White is the left column of a ``.mat`` record (player 0), Black the right.

**The model's variant and rules** are ``RU``'s words, joined by ``:``: ``Crawford`` (a match
under the Crawford rule; ``CrawfordGame`` in the Crawford game itself), ``Jacoby`` (money under
the Jacoby rule) and the variant, ``Nackgammon`` (none for the standard game): a nackgammon
match's games are ``RU[Crawford:Nackgammon]``, as GNU Backgammon writes them. Every game of a
record is of the same variant.

**Reading** (:func:`read_sgf`): analysis (``A``, ``DA``), comments, luck and marks are passed
over, and the first line of play is followed where a file holds variations. A double left
unanswered at the end of a game is not read: GNU Backgammon keeps one there for its hint (the
result says how the game ended). A game without a result is read with none
(:mod:`game.records.replay` settles it from the play, or keeps a last game as unfinished). A
set-up position (``AE``, ``AB``, ``AW``), a variant this game does not play (hypergammon) or
automatic doubles cannot be a match record, and say so.

**Writing** (:func:`format_sgf`): the record is replayed first (:func:`game.records.replay.replay`):
a game's moves are written from the legal moves the replay found, one letter pair per checker
step, and the replay says which game is the Crawford game and which games ended by a
resignation (``RE[W+2R]``); a last game that stops before its end is written without a result,
as GNU Backgammon saves one. A beaver is written as GNU Backgammon writes one, the other
player's double at once (``;W[double];B[double];W[take]``), in money play; a match with one is
refused. GNU Backgammon's ``load match`` takes what is written whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.records.errors import Place, Problem, ReplayError, SgfFileError, Value
from game.records.model import Action, GameRecord, MatchRecord, Rules
from game.records.replay import ReplayedGame, Turn, replay
from game.rules.cube import CubeAction
from game.rules.digits import is_digits
from game.rules.move import Step
from game.rules.variant import Variant

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
VARIANT_WORDS: dict[Variant, str] = {Variant.NACKGAMMON: "Nackgammon"}
"""The ``RU`` word of each variant but the standard game (which has none), as GNU Backgammon
writes it."""
_VARIANT_OF_WORD = {word: variant for variant, word in VARIANT_WORDS.items()}
_NOT_PLAYED = ("Hypergammon1", "Hypergammon2", "Hypergammon3")
"""The variants GNU Backgammon plays and this game does not."""
_SETUP = ("AE", "AB", "AW")
_TAG_PROPERTIES = (("EV", "Event"), ("RO", "Round"), ("PC", "Site"), ("AN", "Annotator"))
"""The root node's properties kept as header tags, with each tag's name."""


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

    def where(self, at: int) -> Place:
        return Place(line=self.text.count("\n", 0, at) + 1)

    def fail(self, at: int, problem: Problem, **values: Value) -> SgfFileError:
        return SgfFileError(problem, self.where(at), **values)

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
                raise self.fail(i, Problem.SGF_UNEXPECTED, char=c)
        if self.stack:
            raise SgfFileError(Problem.SGF_CUT_SHORT, count=len(self.stack))
        return self.games

    def open_tree(self, i: int) -> int:
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(i, Problem.SGF_TOO_DEEP, most=MAX_DEPTH)
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
            raise self.fail(i, Problem.SGF_CLOSE_WITHOUT_TREE)
        self.stack.pop()
        self.node = None
        return i + 1

    def new_node(self, i: int) -> int:
        if not self.stack:
            raise self.fail(i, Problem.SGF_NODE_OUTSIDE_TREE)
        if self.stack[-1].children:
            raise self.fail(i, Problem.SGF_NODE_AFTER_VARIATION)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(i, Problem.SGF_TOO_MANY_NODES, most=MAX_NODES)
        self.node = {}
        if self.stack[-1].main:
            self.games[-1].append(self.node)
        return i + 1

    def property(self, i: int, m: re.Match[str]) -> int:
        """A property's name and values; returns where it ends."""
        if self.node is None:
            raise self.fail(i, Problem.SGF_PROPERTY_OUTSIDE_NODE, name=m.group())
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
                raise self.fail(i, Problem.SGF_VALUE_NOT_CLOSED, name=name)
            raise self.fail(i, Problem.SGF_NO_VALUE, name=name)
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
    variant: Variant


def _info(k: int, root: Node) -> _GameInfo:
    where = Place(game=k)
    game_kind = _first(root, "GM")
    if game_kind is None or game_kind.strip() != "6":
        raise SgfFileError(Problem.SGF_NOT_BACKGAMMON, where, value=_short(game_kind or ""))
    mi = {}
    for value in root.get("MI", []):
        key, _, number = value.partition(":")
        mi[key.strip()] = number.strip()
    numbers = {}
    for key in ("length", "game", "ws", "bs"):
        raw = mi.get(key, "0") or "0"
        if not is_digits(raw) or len(raw) > 6 or int(raw) > 100_000:  # never int() of thousands of digits
            raise SgfFileError(Problem.SGF_CANNOT_READ_MI, where, key=key, value=_short(raw))
        numbers[key] = int(raw)
    if numbers["length"] > MAX_MATCH:
        raise SgfFileError(Problem.SGF_MATCH_TOO_LONG, where, length=numbers["length"], most=MAX_MATCH)
    rules = tuple(r.strip() for value in root.get("RU", []) for r in value.split(":") if r.strip())
    variant = Variant.STANDARD
    for r in rules:
        if r in _NOT_PLAYED:
            played = ", ".join(["standard backgammon", *VARIANT_WORDS.values()])
            raise SgfFileError(Problem.VARIANT_NOT_PLAYED, where, name=r, played=played)
        variant = _VARIANT_OF_WORD.get(r, variant)
    cube = _first(root, "CV")
    if cube is not None and cube.strip() not in ("", "1"):
        raise SgfFileError(Problem.SGF_AUTOMATIC_DOUBLES, where, value=_short(cube))
    result = (_first(root, "RE") or "").strip()
    m = _RESULT.match(result)
    if result and (m is None or len(m.group(2)) > 5):
        raise SgfFileError(Problem.SGF_CANNOT_READ_RESULT, where, value=_short(result))
    winner, points = (0, 0) if m is None else (0 if m.group(1).upper() == "W" else 1, max(1, int(m.group(2))))
    return _GameInfo(
        numbers["length"],
        numbers["game"],
        (numbers["ws"], numbers["bs"]),
        (_first(root, "PW") or "White", _first(root, "PB") or "Black"),
        winner,
        points,
        rules,
        variant,
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
    where = Place(game=k, action=n)
    if m is None:
        raise SgfFileError(Problem.SGF_CANNOT_READ_ACTION, where, colour=colour, value=value)
    dice = (int(m.group(1)), int(m.group(2)))
    letters = m.group(3)
    steps = []
    for a, b in zip(letters[0::2], letters[1::2], strict=True):
        src, dst = _point(a, player), _point(b, player)
        if src == 0 or dst == 25 or (src != 25 and dst != 0 and dst >= src):
            raise SgfFileError(Problem.SGF_NOT_A_MOVE, where, colour=colour, value=value, pair=a + b)
        steps.append(f"{src}/{dst}")
    return Action("move", player, dice, " ".join(steps), row=n)


def _game(k: int, nodes: list[Node], info: _GameInfo) -> GameRecord:
    actions: list[Action] = []
    for node in nodes[1:]:
        if any(name in node for name in _SETUP):
            raise SgfFileError(Problem.SGF_SETS_UP, Place(game=k))
        for colour in ("W", "B"):
            value = _first(node, colour)
            if value is not None:
                actions.append(_action(k, len(actions) + 1, "WB".index(colour), value.strip()))
                break  # GNU Backgammon reads one move a node
    while actions and actions[-1].kind is CubeAction.DOUBLE:
        actions.pop()  # never answered: GNU Backgammon keeps a last double for its hint, not as play
    return GameRecord(info.score, tuple(actions), info.winner, info.points)


def _tags(root: Node) -> tuple[tuple[str, str], ...]:
    tags: list[tuple[str, str]] = []
    date = _first(root, "DT")
    if date and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date.strip()):
        tags.append(("EventDate", date.strip().replace("-", ".")))
    for prop, name in _TAG_PROPERTIES:
        value = _first(root, prop)
        if value and value.strip():
            tags.append((name, " ".join(value.split())))
    return tuple(tags)


def _rules(info: _GameInfo) -> Rules:
    """The model's rules from the first game's ``RU``: the Crawford rule in a match of more than
    one point (off when ``RU`` does not say it), the Jacoby rule in money."""
    return Rules(
        crawford="Crawford" in info.rules if info.length > 1 else True,
        jacoby="Jacoby" in info.rules if info.length == 0 else False,
    )


def is_sgf(text: str) -> bool:
    """The text starts like a Smart Game Format file: ``(`` then ``;``, spaces allowed."""
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("(") and head[1:].lstrip().startswith(";")


def read_sgf(text: str) -> MatchRecord:
    """Read a GNU Backgammon match (:class:`SgfFileError` says where it is wrong)."""
    games = [nodes for nodes in parse_trees(text.lstrip("\ufeff")) if nodes]
    if not games:
        raise SgfFileError(Problem.SGF_NO_GAME)
    infos = [_info(k, nodes[0]) for k, nodes in enumerate(games, 1)]
    first = infos[0]
    for k, info in enumerate(infos[1:], 2):
        if info.length != first.length:
            raise SgfFileError(
                Problem.SGF_LENGTHS_DIFFER, Place(game=k), length=info.length, first=first.length
            )
        if info.variant is not first.variant:
            raise SgfFileError(
                Problem.SGF_VARIANTS_DIFFER, Place(game=k), variant=info.variant, first=first.variant
            )
    records = tuple(
        _game(k, nodes, info) for k, (nodes, info) in enumerate(zip(games, infos, strict=True), 1)
    )
    return MatchRecord(first.length, first.players, records, _tags(games[0][0]), first.variant, _rules(first))


def read_bytes(data: bytes) -> MatchRecord:
    """An ``.sgf`` file's bytes read (UTF-8, else Latin-1)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_sgf(text)


# --- writing -------------------------------------------------------------------------------------


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
        raise ReplayError(Problem.ILLEGAL_PLAY_NOT_WRITTEN, Place(row=turn.row))
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


def _rule_words(record: MatchRecord, game: ReplayedGame) -> list[str]:
    """The game's ``RU`` words: the Crawford rule (and the Crawford game) in a match, the Jacoby
    rule in money, then the variant's."""
    words = []
    if record.length > 1 and record.rules.crawford:
        words += ["Crawford", "CrawfordGame"] if game.crawford else ["Crawford"]
    elif record.length == 0 and record.rules.jacoby:
        words.append("Jacoby")
    if record.variant in VARIANT_WORDS:
        words.append(VARIANT_WORDS[record.variant])
    return words


def _game_tree(k: int, game: ReplayedGame, record: MatchRecord, app: str) -> str:
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
        head += [f"{prop}[{_escape(tags[name])}]" for prop, name in _TAG_PROPERTIES if tags.get(name)]
    if words := _rule_words(record, game):
        head.append(f"RU[{':'.join(words)}]")
    if game.winner is not None:  # an unfinished game has no result
        resigned = "R" if game.ending == "resign" else ""
        head.append(f"RE[{'WB'[game.winner]}+{game.points}{resigned}]")
    nodes = [node for turn in game.turns for node in _turn(turn)]
    return "".join(head) + "".join(f"\n{n}" for n in nodes) + ")\n"


def format_sgf(record: MatchRecord, application: str = "Backgammon") -> str:
    """The whole record as ``.sgf`` text, one game tree per game (``application`` names the
    program that wrote it, ``AP``); a record the rules do not allow raises
    :class:`game.records.errors.ReplayError`, and so does a beaver in a match (the rules allow
    them in money play only)."""
    replayed = replay(record)
    if record.length:
        for game in replayed.games:
            for turn in game.turns:
                if turn.beavers:
                    where = Place(game=game.number, row=turn.double_row or turn.row)
                    raise ReplayError(Problem.BEAVER_IN_A_MATCH, where)
    return "".join(_game_tree(k, g, record, application) for k, g in enumerate(replayed.games))


def write_bytes(record: MatchRecord, application: str = "Backgammon") -> bytes:
    """``record`` as an ``.sgf`` file's bytes (UTF-8; ``application`` is ``AP``)."""
    return format_sgf(record, application).encode("utf-8")
