"""Match records in the ``.mat`` text format (Jellyfish's, as GNU Backgammon's ``export match mat``
writes it): the format's mapping onto :mod:`game.records.model`, its reader (for every program's
records) and its writer.

**The layout.** A record is comment header tags (``; [Name "value"]``), the line `` N point
match``, then per game `` Game K``, the score line (`` name : score`` for each side) and one row
per move number: ``NNN) `` and two 28-character cells, the left player's and the right player's.
A cell holds a roll and its move (``63: 13/7 18/15*``, points from the mover's side, 25 the bar, 0
off), `` Doubles => 4``, `` Takes``, `` Drops`` or `` Wins 2 points``. Actions alternate between
the columns; the player who moves first in a game may leave the left cell of row 1 empty, and a
row that holds only the winner's ``Wins`` has no number.

**The model's variant and rules** are header tags: ``; [Variation "NackGammon"]`` (GNU
Backgammon's word; ``Backgammon`` the standard game, which a header without the tag is too),
``; [Crawford "Off"]`` (a match without the Crawford rule; on when absent) and
``; [Jacoby "On"]`` (money under the Jacoby rule; off when absent). The reader keeps every tag
as written (:attr:`~game.records.model.MatchRecord.tags`) and reads these three into the record's
typed variant and rules; :func:`format_match` writes the tags back in their order, those three
made to agree with the typed fields, and adds the ones a record needs and has not got (a
nackgammon record made in memory gets its ``Variation``).

**Reading** (:func:`read_match`): GNU Backgammon, Jellyfish, eXtreme Gammon, XG Mobile, FIBS,
Backgammon Galaxy, Backgammon Studio, DailyGammon and hand transcriptions write the layout with
differences in details, all accepted:

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

:mod:`game.records.replay` plays what is read through the rules and says, in its notes, what it
had to take on trust. Reading takes time linear in the text (no backtracking patterns); a line
over :data:`MAX_LINE` characters, a number of more than :data:`MAX_DIGITS` digits or a match
longer than :data:`game.records.model.MAX_LENGTH` points is refused with a :class:`MatFileError`
naming the line, and so is what every record is checked for
(:func:`game.records.model.check_record`: a cube no cube shows, more entries than a record holds;
reading stops as soon as there are too many).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import assert_never

from game.records.errors import MatFileError, Numbered, Place, Problem, excerpt
from game.records.model import (
    MAX_LENGTH,
    UNPLAYED,
    Action,
    GameRecord,
    Kind,
    MatchRecord,
    Rules,
    check_cube,
    check_entries,
    row_numbers,
)
from game.rules.cube import CubeAction
from game.rules.digits import is_digits
from game.rules.position import BAR, SLOTS, PositionError, impossible_board, pack, swap, validate
from game.rules.variant import Variant

CELL = 28
"""Width of a player's cell."""

ROW_PREFIX = 5
"""Width of the ``NNN) `` move number."""

# --- the model's variant and rules as header tags ------------------------------------------------

VARIATIONS: dict[Variant, str] = {Variant.STANDARD: "Backgammon", Variant.NACKGAMMON: "NackGammon"}
"""Each variant's ``Variation`` tag, as GNU Backgammon writes it."""

READ_VARIATIONS: dict[str, Variant] = {
    "backgammon": Variant.STANDARD,
    "standard": Variant.STANDARD,
    "standard backgammon": Variant.STANDARD,
    "nackgammon": Variant.NACKGAMMON,
}
"""The ``Variation`` tags read (lower case), each the variant it names."""


def _is_on(value: str) -> bool:
    return value.strip().lower() not in ("off", "no", "false", "0")


def _variation(value: str) -> Variant | None:
    """The variant a ``Variation`` tag names (None: one this game does not play)."""
    return READ_VARIATIONS.get(" ".join(value.lower().split()) or "backgammon")


def from_tags(tags: Sequence[tuple[str, str]]) -> tuple[Variant, Rules]:
    """The variant and the rules a header's tags say (:class:`MatFileError` for a variation this
    game does not play)."""
    said = dict(tags)
    variant = Variant.STANDARD
    if (variation := said.get("Variation")) is not None:
        found = _variation(variation)
        if found is None:
            played = ", ".join(VARIATIONS.values())
            raise MatFileError(Problem.UNKNOWN_VARIATION, text=excerpt(variation), played=played)
        variant = found
    crawford, jacoby = said.get("Crawford"), said.get("Jacoby")
    rules = Rules(
        crawford=True if crawford is None else _is_on(crawford),
        jacoby=False if jacoby is None else _is_on(jacoby),
    )
    return variant, rules


def _typed_words(name: str, record: MatchRecord) -> str:
    """What a typed tag's value is for ``record`` (``Variation``, ``Crawford``, ``Jacoby``)."""
    if name == "Variation":
        return VARIATIONS[record.variant]
    on = record.rules.crawford if name == "Crawford" else record.rules.jacoby
    return "On" if on else "Off"


def _agrees(name: str, value: str, record: MatchRecord) -> bool:
    """A tag's value says what ``record`` does (any tag but the typed ones does)."""
    if name == "Variation":
        return _variation(value) is record.variant
    if name in ("Crawford", "Jacoby"):
        return _is_on(value) == _is_on(_typed_words(name, record))
    return True


def to_tags(record: MatchRecord) -> tuple[tuple[str, str], ...]:
    """The header's tags: the record's own, in their order, with the variation and the rules made
    to say what the record's typed fields do (a tag that already agrees is kept as it was
    written); then, where no tag says it, a variation other than the standard game, a match
    without the Crawford rule, money under the Jacoby rule."""
    tags = [
        (name, value if _agrees(name, value, record) else _typed_words(name, record))
        for name, value in record.tags
    ]
    said = {name for name, _ in record.tags}
    needed = (
        ("Variation", record.variant is not Variant.STANDARD),
        ("Crawford", record.length > 1 and not record.rules.crawford),
        ("Jacoby", record.length == 0 and record.rules.jacoby),
    )
    tags += [(name, _typed_words(name, record)) for name, need in needed if need and name not in said]
    return tuple(tags)


# --- writing -------------------------------------------------------------------------------------


def _cell(a: Action) -> str:
    match a.kind:
        case "move":
            assert a.dice is not None
            hi, lo = max(a.dice), min(a.dice)
            return f"{hi}{lo}: {a.move}" + (" " if a.move and a.move.count("/") < 4 else "")
        case CubeAction.DOUBLE:
            return f" Doubles => {a.cube}"
        case CubeAction.TAKE:
            return " Takes"
        case CubeAction.PASS:
            return " Drops"
        case _:
            assert_never(a.kind)


def _wins(points: int) -> str:
    return f" Wins {points} point{'s' if points != 1 else ''}"


def format_game(number: int, game: GameRecord, players: tuple[str, str]) -> list[str]:
    """The lines of one game (without the blank line after it)."""
    lines = [
        f" Game {number}",
        f" {players[0]} : {game.score[0]}".ljust(32) + f"{players[1]} : {game.score[1]}",
    ]
    cells = [(a.player, _cell(a)) for a in game.actions]
    if game.points:  # no result written: the game stops before its end
        cells.append((game.winner, _wins(game.points)))
    at = row_numbers([player for player, _ in cells])
    rows = [["", ""] for _ in range(at[-1] if at else 0)]
    for (player, cell), row in zip(cells, at, strict=True):
        rows[row - 1][player] = cell
    # a row holding only the result has no number; with no result, every row has one
    numbered = (at[-1] if at else 0) if not game.points else at[-2] if game.actions else 0
    for k, (left, right) in enumerate(rows, 1):
        head = f"{k:3d}) " if k <= numbered else " " * ROW_PREFIX
        padded = left.ljust(CELL) if len(left) < CELL else left + " "  # a long move keeps a space
        lines.append(head + padded + right if right else head + left)
    return lines


def format_match(record: MatchRecord) -> str:
    """The whole record as .mat text."""
    out = [f'; [{name} "{value}"]' for name, value in to_tags(record)]
    out += ["", f" {record.length} point match", ""]
    for k, game in enumerate(record.games, 1):
        out += format_game(k, game, record.players)
        out.append("")
    return "\n".join(out) + "\n"


# --- reading -------------------------------------------------------------------------------------

MAX_LINE = 10_000
"""The longest line read (characters); a longer one is not a record's."""

MAX_DIGITS = 9
"""The most digits a number in a record may have."""

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


def _number(text: str, what: Numbered, lineno: int) -> int:
    """A whole number of at most :data:`MAX_DIGITS` digits."""
    if len(text) > MAX_DIGITS:
        raise MatFileError(Problem.TOO_MANY_DIGITS, Place(line=lineno), what=what, digits=len(text))
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
        raise MatFileError(Problem.NOT_A_MATCH_LENGTH, Place(line=lineno), text=excerpt(line))
    words = " ".join(words).replace("-", " ").split()  # 7-point match
    if len(words) >= 3 and is_digits(words[0]) and words[1] in ("point", "points") and words[2] == "match":
        length = _number(words[0], Numbered.LENGTH, lineno)
        if length > MAX_LENGTH:
            raise MatFileError(Problem.MATCH_TOO_LONG, Place(line=lineno), length=length, most=MAX_LENGTH)
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
        raise MatFileError(Problem.NOT_A_SCORE_LINE, Place(line=lineno), text=excerpt(line))
    (c0, e0, s0), (c1, _, s1) = marks[-2], marks[-1]
    names = (strip_rating(line[:c0]), strip_rating(line[e0:c1]))
    return names, (_number(s0, Numbered.SCORE, lineno), _number(s1, Numbered.SCORE, lineno))


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
        number = _number(words[0][1][:-1], Numbered.ROW, lineno)
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
            raise MatFileError(Problem.CANNOT_READ, Place(line=lineno), text=excerpt(line))
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
                raise MatFileError(Problem.LINE_TOO_LONG, Place(line=lineno), chars=len(raw), most=MAX_LINE)
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
            _number(words[1], Numbered.GAME, lineno)
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


def _points(words: list[str], where: Place, lineno: int) -> int:
    for w in words[1:]:
        if is_digits(w):
            return _number(w, Numbered.POINTS, lineno)
    if len(words) == 1:
        return 0  # no number: the replay settles the points
    raise MatFileError(Problem.CANNOT_READ, where, text=excerpt(" ".join(words)))


def _roll(e: _Entry, player: int, row: _Row, where: Place) -> Action | None:
    head = e.words[0]
    if not (head[0] in "0123456" and head[1] in "0123456"):
        raise MatFileError(Problem.CANNOT_READ, where, text=excerpt(" ".join(e.words)))
    dice = (int(head[0]), int(head[1]))
    words = e.words[1:]
    conceded = bool(words) and _word(words[-1]) in _CONCEDES
    if conceded:
        words = words[:-1]  # the result is the Wins cell's; a roll conceded before its play is unplayed
    move = " ".join(words) or (UNPLAYED if conceded else "")
    if dice == (0, 0):
        return None  # a phantom roll (00: ????)
    if 0 in dice:
        raise MatFileError(Problem.NOT_A_ROLL, where, roll=head)
    if move.startswith("?"):
        move = UNPLAYED
    elif move.lower() in _NO_MOVE:
        move = ""
    elif move.lower().startswith("illegal play"):
        board = _illegal_board(move, where)
        return Action("move", player, dice, move, board=board, row=row.number or 0, line=row.lineno)
    elif not all("/" in w or "-" in w for w in words):
        raise MatFileError(Problem.CANNOT_READ, where, text=excerpt(" ".join(e.words)))
    return Action("move", player, dice, move, row=row.number or 0, line=row.lineno)


SNOWIE_FIELDS = 40
"""Fields of a Snowie position (``Illegal play (...)``): length, Jacoby, two unknown, the side on
roll, two names, Crawford, two scores, cube value and owner, then the board (see :func:`_illegal_board`)
and the dice."""


def _illegal_board(move: str, where: Place) -> int:
    """The board after an illegal play, seen from the mover, from Snowie's ``Illegal play (...)``.

    The parentheses hold a Snowie position with the opponent (who acts next) on roll: field 12 the
    mover's checkers on the bar, fields 13-36 the points 1-24 from the opponent's side (positive the
    opponent's checkers, negative the mover's), field 37 the opponent's checkers on the bar (as GNU
    Backgammon's ``import mat`` reads it)."""
    start, end = move.find("("), move.rfind(")")
    if start < 0 or end < start:
        raise MatFileError(Problem.ILLEGAL_PLAY_WITHOUT_BOARD, where)
    fields = move[start + 1 : end].split(";")
    if fields and not fields[-1].strip():
        fields.pop()  # the text ends with ';'
    if len(fields) != SNOWIE_FIELDS:
        raise MatFileError(Problem.ILLEGAL_PLAY_FIELDS, where, count=len(fields), expected=SNOWIE_FIELDS)
    counts = []
    for text in fields[12:38]:
        digits = text.strip().removeprefix("-")
        if not is_digits(digits) or len(digits) > 2:
            raise MatFileError(Problem.ILLEGAL_PLAY_FIELD, where, text=excerpt(text))
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
        raise MatFileError(Problem.ILLEGAL_PLAY_NOT_A_BOARD, where, why=str(exc)) from None
    code = pack(mine, theirs)
    cannot = impossible_board(swap(code), over=True)  # the opponent is on roll; the mover may have won
    if cannot is not None:
        raise MatFileError(Problem.ILLEGAL_PLAY_CANNOT_BE, where, why=cannot)
    return code


def _cube(e: _Entry, kind: str, player: int, row: _Row) -> list[Action]:
    number = next((w for w in e.words[1:] if is_digits(w)), "")
    value = _number(number, Numbered.CUBE, row.lineno) if number else 0
    if number:  # a written 0 too (the record's 0 is a cube not written)
        check_cube(value, Place(line=row.lineno))
    double = Action(CubeAction.DOUBLE, player, cube=value, row=row.number or 0, line=row.lineno)
    if kind == "double":
        return [double]
    # a beaver or raccoon: the double just offered is taken, and its taker redoubles at once
    return [Action(CubeAction.TAKE, player, row=row.number or 0, line=row.lineno), double]


def _game(number: int, game: _Game) -> GameRecord:
    if game.score is None:
        raise MatFileError(Problem.NO_SCORE_LINE, Place(game=number, line=game.lineno))
    actions: list[Action] = []
    result: tuple[int, int] | None = None
    fallback: tuple[int, int] | None = None
    for row in game.rows:
        for e in row.entries:
            where = Place(game=number, row=row.number or 0, line=row.lineno, side=e.side)
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
                raise MatFileError(Problem.PLAY_AFTER_RESULT, where)
            actions += new
    winner, points = result or fallback or (0, 0)
    return GameRecord(game.score, tuple(actions), winner, points, line=game.score_line)


def read_match(text: str) -> MatchRecord:
    """Read a record; :class:`MatFileError` says where it is wrong."""
    lines = _Lines(text)
    if lines.length is None:
        raise MatFileError(Problem.NO_MATCH_LINE)
    if not lines.games:
        raise MatFileError(Problem.NO_GAMES)
    _place(lines.games)
    games = tuple(_game(k, g) for k, g in enumerate(lines.games, 1))
    assert lines.games[0].names is not None
    tags = dict(lines.tags)
    names = tuple(
        n or tags.get(f"Player {k}", "") or f"Player {k}" for k, n in enumerate(lines.games[0].names, 1)
    )
    variant, rules = from_tags(lines.tags)
    return MatchRecord(lines.length, (names[0], names[1]), games, tuple(lines.tags), variant, rules)


def read_bytes(data: bytes) -> MatchRecord:
    """A ``.mat`` file's bytes read (:func:`decode`, :func:`read_match`)."""
    return read_match(decode(data))


def write_bytes(record: MatchRecord, application: str = "") -> bytes:
    """``record`` as a ``.mat`` file's bytes (UTF-8; the text names no program)."""
    del application
    return format_match(record).encode("utf-8")
