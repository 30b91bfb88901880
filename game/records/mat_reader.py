"""Reading ``.mat`` records, as GNU Backgammon, Jellyfish, eXtreme Gammon, XG Mobile, FIBS,
Backgammon Galaxy, Backgammon Studio, DailyGammon and hand transcriptions write them.

The layout is :mod:`game.records.mat`'s; real records differ from it in details, all accepted:

* before the ``N point match`` line: header tags (``; [Player 1 "Name"]``), other ``;`` or
  ``#`` comments, and any banner or remarks box an archive puts there;
* a byte-order mark, Windows or old Mac line endings, tabs, trailing blanks, Latin-1 text;
* ``Game 1`` and row numbers indented or not; names with spaces, ratings (``nori,1830``,
  ``Name (1798)``) or colons, and scores in any column of the score line;
* cells of any width: a row's entries start at a roll (``63:``) or a word such as ``Doubles``,
  two entries are the left and the right cell, and a lone entry goes to the column its
  position is nearer to (measured on the record's own two-entry rows);
* rolls either way round (``56``), an empty move (a dance; or a roll never played before a
  resignation), ``????``/``???`` for a roll never played (XG, Backgammon Studio), ``Cannot
  Move``; a phantom ``00:`` roll is left out; an illegal play written as the board after it
  (Snowie's ``Illegal play (...)``) is read as that board;
* ``Doubles => N``, ``Beavers``/``Raccoons`` (money), ``Takes``/``Accepts``,
  ``Drops``/``Passes``/``Rejects``, ``Wins N point(s) [and the match]``; ``Losses N point``
  (Backgammon Galaxy's mark of the loser), ``Resigns`` and ``Concedes`` (eXtreme Gammon,
  Backgammon Studio: on a row of its own, beside the ``Wins``, or after a roll in its cell, played
  or not) are read only when no ``Wins`` says who won; a roll conceded before its play is a roll
  never played; blank numbered rows and a second row number glued into a row are passed over;
* a game with no result written: :mod:`game.records.replay` settles it from the board (or
  keeps the record's last game as unfinished).

What is read is a :class:`game.records.mat.MatchRecord`; :mod:`game.records.replay` plays it
through the rules and says, in its notes, what it had to take on trust. Reading takes time
linear in the text (no backtracking patterns); a line over :data:`MAX_LINE` characters, a
number of more than :data:`MAX_DIGITS` digits or a match longer than :data:`MAX_LENGTH` points
is refused with a :class:`MatFileError` naming the line, and so is what every record is checked
for (:func:`game.records.mat.check_record`: a cube no cube shows, more entries than a record
holds; reading stops as soon as there are too many).
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field

from game.records.mat import (
    CELL,
    ROW_PREFIX,
    UNPLAYED,
    Action,
    GameRecord,
    Kind,
    MatchRecord,
    MatFileError,
    check_cube,
    check_entries,
)
from game.rules.cube import CubeAction
from game.rules.digits import is_digits
from game.rules.position import BAR, SLOTS, PositionError, impossible_board, pack, swap, validate

MAX_LINE = 10_000
"""The longest line read (characters); a longer one is not a record's."""

MAX_DIGITS = 9
"""The most digits a number in a record may have."""

MAX_LENGTH = 64
"""The longest match read (points)."""

_CUBE_WORDS = {"doubles": "double", "double": "double", "redoubles": "double", "beavers": "beaver",
               "beaver": "beaver", "raccoons": "raccoon", "raccoon": "raccoon"}  # fmt: skip
_ANSWERS = {"takes": "take", "take": "take", "accepts": "take", "drops": "drop", "drop": "drop",
            "passes": "drop", "pass": "drop", "rejects": "drop", "refuses": "drop"}  # fmt: skip
_CONCEDES = ("concedes", "concede", "conceded")
_RESULTS = {"wins": "wins", "win": "wins", "losses": "loses", "loses": "loses", "resigns": "resigns",
            "resign": "resigns", **dict.fromkeys(_CONCEDES, "resigns")}  # fmt: skip
_WORD = re.compile(r"\S+")
_KEYWORDS = {**_CUBE_WORDS, **_ANSWERS, **_RESULTS}
_NO_MOVE = ("", "cannot move", "can't move", "no move", "(no move)", "dance", "dances", "danced")


def decode(data: bytes) -> str:
    """The text of a record's bytes: UTF-8 (a byte-order mark dropped), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _is_rating(text: str) -> bool:
    whole, _, part = text.partition(".")
    return is_digits(whole) and (part == "" or is_digits(part))


def strip_rating(name: str) -> str:
    """A player's name without a rating written after it (``Name,1798``, ``Name (1798)``)."""
    bare = name.rstrip()
    if bare.endswith(")"):
        k = bare.rfind("(")
        rating = bare[k + 1 : -1]
    else:
        k = bare.rfind(",")
        rating = bare[k + 1 :]
    if k >= 0 and _is_rating(rating.strip()):
        bare = bare[:k]
    return bare.strip() or name.strip()


def shown(text: str, width: int = 60) -> str:
    """A piece of a record quoted in a message: stripped, and cut at ``width`` characters."""
    text = text.strip()
    return repr(text if len(text) <= width else text[: width - 3] + "...")


def _number(text: str, what: str, lineno: int) -> int:
    """A whole number of at most :data:`MAX_DIGITS` digits."""
    if len(text) > MAX_DIGITS:
        raise MatFileError(f"line {lineno}: {what} has {len(text)} digits, more than a record's")
    return int(text)


def _words(line: str) -> list[tuple[int, str]]:
    """The line's words (runs of non-blanks) with the column each starts at."""
    return [(m.start(), m.group()) for m in _WORD.finditer(line)]


def _row_number(word: str) -> bool:
    return len(word) > 1 and word.endswith(")") and is_digits(word[:-1])


def _word(word: str) -> str:
    """A word as the keywords are written: lower case, no punctuation after it."""
    return word.lower().rstrip(".,:!")


def _is_roll(word: str) -> bool:
    """``63:``, or a roll glued to its move."""
    return len(word) >= 3 and is_digits(word[:2]) and word[2] == ":"


def _starts_entry(word: str) -> bool:
    return _is_roll(word) or _word(word) in _KEYWORDS


def _tag(line: str) -> tuple[str, str] | None:
    """``; [Name "value"]`` as (name, value)."""
    body = line.lstrip()[1:].strip()
    if not (body.startswith("[") and body.endswith("]")):
        return None
    inner = body[1:-1]
    first, last = inner.find('"'), inner.rfind('"')
    if first <= 0 or last <= first:
        return None
    return inner[:first].strip(), inner[first + 1 : last]


def _match_length(line: str, lineno: int) -> int | None:
    """The match length of an ``N point match`` line (0 for money), or None for another line."""
    words = line.lower().split()
    negative = words[0].startswith("-") and is_digits(words[0][1:])
    if negative and len(words) >= 2 and words[1].startswith("point"):
        raise MatFileError(f"line {lineno}: {shown(line)} is not a match length (0 for money, 1 or more)")
    words = " ".join(words).replace("-", " ").split()  # 7-point match
    if len(words) >= 3 and is_digits(words[0]) and words[1] in ("point", "points") and words[2] == "match":
        length = _number(words[0], "the match length", lineno)
        if length > MAX_LENGTH:
            raise MatFileError(f"line {lineno}: a match to {length} points is longer than {MAX_LENGTH}")
        return length
    if len(words) >= 2 and words[0] in ("unlimited", "money") and words[1] in ("game", "games", "session"):
        return 0
    return None


def _score_line(line: str, lineno: int) -> tuple[tuple[str, str], tuple[int, int]]:
    """``name : score   name : score`` (names may hold spaces, ratings and colons)."""
    marks = []  # (colon column, end of the score's digits, the digits)
    for k, ch in enumerate(line):
        if ch != ":":
            continue
        a = k + 1
        while a < len(line) and line[a] == " ":
            a += 1
        b = a
        while b < len(line) and is_digits(line[b]):
            b += 1
        if b > a and (b == len(line) or line[b].isspace()):
            marks.append((k, b, line[a:b]))
    if len(marks) < 2:
        raise MatFileError(f"line {lineno}: expected the score line 'name : score   name : score', "
                           f"got {shown(line)}")  # fmt: skip
    (c0, e0, s0), (c1, _, s1) = marks[-2], marks[-1]
    names = (strip_rating(line[:c0]), strip_rating(line[e0:c1]))
    return names, (_number(s0, "a score", lineno), _number(s1, "a score", lineno))


@dataclass(slots=True)
class _Entry:
    """One entry of a row: its column, its words and the side it was read to be on."""

    col: int
    words: list[str]
    side: int = -1


@dataclass(slots=True)
class _Row:
    lineno: int
    number: int | None
    entries: list[_Entry]


@dataclass(slots=True)
class _Game:
    lineno: int
    score: tuple[int, int] | None = None
    score_line: int = 0
    names: tuple[str, str] | None = None
    rows: list[_Row] = field(default_factory=list)


def _row(line: str, lineno: int) -> _Row:
    words = _words(line)
    number = None
    if words and _row_number(words[0][1]):
        number = _number(words[0][1][:-1], "a row number", lineno)
        words = words[1:]
    words = [(c, w) for c, w in words if not _row_number(w)]  # a row glued onto this one
    entries: list[_Entry] = []
    for col, word in words:
        if entries and _is_roll(entries[-1].words[0]) and _word(word) in _CONCEDES:
            entries[-1].words.append(word)  # a roll, then conceded (XG, Backgammon Studio): one cell
        elif _starts_entry(word):
            if is_digits(word[:2]) and len(word) > 3:  # a roll glued to its move: 63:13/7
                entries.append(_Entry(col, [word[:3], word[3:]]))
            else:
                entries.append(_Entry(col, [word]))
        elif entries:
            entries[-1].words.append(word)
        else:
            raise MatFileError(f"line {lineno}: cannot read {shown(line)}")
    return _Row(lineno, number, entries)


class _Lines:
    """The record split into header, match length and games (rows not yet given sides)."""

    def __init__(self, text: str) -> None:
        self.tags: list[tuple[str, str]] = []
        self.length: int | None = None
        self.games: list[_Game] = []
        self.entries = 0
        """The entries of the rows read so far, results left out."""
        for lineno, raw in enumerate(text.splitlines(), 1):
            if len(raw) > MAX_LINE:
                raise MatFileError(f"line {lineno} has {len(raw)} characters, more than {MAX_LINE}")
            line = raw.expandtabs(8).rstrip()
            if line.strip():
                self.line(lineno, line)

    def line(self, lineno: int, line: str) -> None:
        head = line.lstrip()
        if head[0] in ";#":
            if self.length is None and (tag := _tag(head)):
                self.tags.append(tag)
            return
        if self.length is None:
            self.length = _match_length(line, lineno)  # anything before it is a banner
            return
        words = head.split()
        if len(words) == 2 and words[0].lower() == "game" and is_digits(words[1]):
            _number(words[1], "the game number", lineno)
            self.games.append(_Game(lineno))
            return
        if not self.games:
            return  # remarks between the match line and the first game
        game = self.games[-1]
        if game.score is None:
            game.names, game.score = _score_line(line, lineno)
            game.score_line = lineno
            return
        row = _row(line, lineno)
        self.entries += sum(1 for e in row.entries if _word(e.words[0]) not in _RESULTS)
        check_entries(self.entries)  # stop at once (what is read is checked whole, as every record is)
        game.rows.append(row)


def _place(games: list[_Game]) -> None:
    """Give every entry its side: two entries are left and right, one goes to the nearer column."""
    pairs = [kept for g in games for row in g.rows if len(kept := _kept(row)) == 2]
    lefts = [a.col for a, _ in pairs]
    rights = [b.col for _, b in pairs]
    left = statistics.median(lefts) if lefts else ROW_PREFIX
    right = statistics.median(rights) if rights else ROW_PREFIX + CELL
    middle = (left + right) / 2
    for g in games:
        for row in g.rows:
            kept = _kept(row)
            if len(kept) == 2:
                kept[0].side, kept[1].side = 0, 1
            for e in row.entries:
                if e.side < 0:
                    e.side = 1 if e.col >= middle else 0


def _kept(row: _Row) -> list[_Entry]:
    """The row's entries that record play or the result (``Losses``/``Resigns``/``Concedes`` only
    inform)."""
    return [e for e in row.entries if _RESULTS.get(_word(e.words[0])) not in ("loses", "resigns")]


def _points(words: list[str], where: str, lineno: int) -> int:
    for w in words[1:]:
        if is_digits(w):
            return _number(w, "the points", lineno)
    if len(words) == 1:
        return 0  # no number: the replay settles the points
    raise MatFileError(f"{where}: cannot read {shown(' '.join(words))}")


def _roll(e: _Entry, player: int, row: _Row, where: str) -> Action | None:
    head = e.words[0]
    if not (head[0] in "0123456" and head[1] in "0123456"):
        raise MatFileError(f"{where}: cannot read {shown(' '.join(e.words))}")
    dice = (int(head[0]), int(head[1]))
    words = e.words[1:]
    conceded = bool(words) and _word(words[-1]) in _CONCEDES
    if conceded:
        words = words[:-1]  # the result is the Wins cell's; a roll conceded before its play is unplayed
    move = " ".join(words) or (UNPLAYED if conceded else "")
    if dice == (0, 0):
        return None  # a phantom roll (00: ????)
    if 0 in dice:
        raise MatFileError(f"{where}: {head} is not a roll")
    if move.startswith("?"):
        move = UNPLAYED
    elif move.lower() in _NO_MOVE:
        move = ""
    elif move.lower().startswith("illegal play"):
        board = _illegal_board(move, where)
        return Action("move", player, dice, move, board=board, row=row.number or 0, line=row.lineno)
    elif not all("/" in w or "-" in w for w in words):
        raise MatFileError(f"{where}: cannot read {shown(' '.join(e.words))}")
    return Action("move", player, dice, move, row=row.number or 0, line=row.lineno)


SNOWIE_FIELDS = 40
"""Fields of a Snowie position (``Illegal play (...)``): length, Jacoby, two unknown, the side on
roll, two names, Crawford, two scores, cube value and owner, then the board (see :func:`_illegal_board`)
and the dice."""


def _illegal_board(move: str, where: str) -> int:
    """The board after an illegal play, seen from the mover, from Snowie's ``Illegal play (...)``.

    The parentheses hold a Snowie position with the opponent (who acts next) on roll: field 12 the
    mover's checkers on the bar, fields 13-36 the points 1-24 from the opponent's side (positive the
    opponent's checkers, negative the mover's), field 37 the opponent's checkers on the bar (as GNU
    Backgammon's ``import mat`` reads it)."""
    start, end = move.find("("), move.rfind(")")
    if start < 0 or end < start:
        raise MatFileError(
            f"{where}: an illegal play without its board in parentheses (Snowie's 'Illegal play')"
        )
    fields = move[start + 1 : end].split(";")
    if fields and not fields[-1].strip():
        fields.pop()  # the text ends with ';'
    if len(fields) != SNOWIE_FIELDS:
        raise MatFileError(
            f"{where}: an illegal play's board (Snowie's 'Illegal play') has {len(fields)} fields, "
            f"not {SNOWIE_FIELDS}"
        )
    counts = []
    for text in fields[12:38]:
        digits = text.strip().removeprefix("-")
        if not is_digits(digits) or len(digits) > 2:
            raise MatFileError(
                f"{where}: an illegal play's board (Snowie's 'Illegal play') holds {shown(text)}, "
                "not a number of checkers"
            )
        counts.append(int(text))
    mine, theirs = [0] * SLOTS, [0] * SLOTS
    mine[BAR], theirs[BAR] = abs(counts[0]), abs(counts[25])
    for i, n in enumerate(counts[1:25]):
        if n > 0:
            theirs[i] = n
        elif n < 0:
            mine[23 - i] = -n
    try:
        validate(mine, theirs)
    except PositionError as exc:
        raise MatFileError(
            f"{where}: an illegal play's board (Snowie's 'Illegal play') is not a board: {exc}"
        ) from None
    code = pack(mine, theirs)
    cannot = impossible_board(swap(code), over=True)  # the opponent is on roll; the mover may have won
    if cannot is not None:
        raise MatFileError(f"{where}: an illegal play's board (Snowie's 'Illegal play') cannot be: {cannot}")
    return code


def _cube(e: _Entry, kind: str, player: int, row: _Row) -> list[Action]:
    number = next((w for w in e.words[1:] if is_digits(w)), "")
    value = _number(number, "the cube", row.lineno) if number else 0
    if number:  # a written 0 too (the record's 0 is a cube not written)
        check_cube(value, f"line {row.lineno}")
    double = Action(CubeAction.DOUBLE, player, cube=value, row=row.number or 0, line=row.lineno)
    if kind == "double":
        return [double]
    # a beaver or raccoon: the double just offered is taken, and its taker redoubles at once
    return [Action(CubeAction.TAKE, player, row=row.number or 0, line=row.lineno), double]


def _game(number: int, game: _Game) -> GameRecord:
    if game.score is None:
        raise MatFileError(f"game {number} (line {game.lineno}) has no score line")
    actions: list[Action] = []
    result: tuple[int, int] | None = None
    fallback: tuple[int, int] | None = None
    for row in game.rows:
        for e in row.entries:
            where = (
                f"game {number}, row {row.number if row.number is not None else '-'} (line {row.lineno}), "
            )
            where += "left cell" if e.side == 0 else "right cell"
            word = _word(e.words[0])
            if is_digits(word[:2]):
                got = _roll(e, e.side, row, where)
                new = [got] if got else []
            elif word in _CUBE_WORDS:
                new = _cube(e, _CUBE_WORDS[word], e.side, row)
            elif word in _ANSWERS:
                kind: Kind = CubeAction.TAKE if _ANSWERS[word] == "take" else CubeAction.PASS
                new = [Action(kind, e.side, row=row.number or 0, line=row.lineno)]
            elif _RESULTS[word] == "wins":
                if result is None:
                    result = (e.side, _points(e.words, where, row.lineno))
                continue
            else:  # Losses N / Resigns N: the other player's win, if no Wins says more
                if fallback is None and any(is_digits(w) for w in e.words[1:]):
                    fallback = (1 - e.side, _points(e.words, where, row.lineno))
                continue
            if result is not None and any(a.kind != "move" or a.move not in ("", UNPLAYED) for a in new):
                raise MatFileError(f"{where}: play after the game's result")
            actions += new
    winner, points = result or fallback or (0, 0)
    return GameRecord(game.score, tuple(actions), winner, points, line=game.score_line)


def read_match(text: str) -> MatchRecord:
    """Read a record; :class:`MatFileError` says where it is wrong."""
    lines = _Lines(text)
    if lines.length is None:
        raise MatFileError("no match in the record (no 'N point match' line)")
    if not lines.games:
        raise MatFileError("the record has no games")
    _place(lines.games)
    games = tuple(_game(k, g) for k, g in enumerate(lines.games, 1))
    assert lines.games[0].names is not None
    tags = dict(lines.tags)
    names = tuple(
        n or tags.get(f"Player {k}", "") or f"Player {k}" for k, n in enumerate(lines.games[0].names, 1)
    )
    return MatchRecord(lines.length, (names[0], names[1]), games, tuple(lines.tags))


def parse_match(text: str) -> MatchRecord:
    """Read a record in this layout or another program's (:func:`read_match`)."""
    return read_match(text)
