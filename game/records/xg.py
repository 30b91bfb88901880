"""eXtreme Gammon's binary match files (``.xg``), read into a :class:`game.records.model.MatchRecord`
(the format is read, not written).

The format is published by eXtreme Gammon's makers (GameSite 2000, "XG file format", free to
redistribute); this module follows that description. All numbers are little-endian.

* The file starts with a 8232-byte ``RichGameHeader``: ``RGMH``, a version, the header's size,
  then a JPEG thumbnail's offset and size, a GUID and four 1024-character names.
* What follows the header and the thumbnail is a ZLibArchive. Its last 36 bytes say: the
  CRC-32 of the archive (everything from its start to those 36 bytes), the number of files,
  a version, the size of the file registry, the size of the files' data and whether the
  registry is compressed. The registry (just before the 36 bytes) has 532 bytes a file: its
  name and path (Pascal strings of 256 bytes), its size, its stored size, where its data
  starts (from the start of the archive), its CRC-32, and 0 when its data is zlib-compressed.
* The file ``temp.xg`` holds the match: 2560-byte records, each starting with two pointers
  and a type byte at offset 8: 0 the match header, 1 a game's header, 2 a cube decision,
  3 a move, 4 a game's footer, 5 the match footer.

The fields read (offsets from the start of a record):

* match header: the names as Pascal strings (41 bytes at 9 and 50) and, from version 24 on,
  as 129 UTF-16 characters (at 880 and 1138); the match length (int at 92, 99999 for money);
  the variation (int at 96: 0 backgammon, 1 nackgammon; hypergammon and longgammon are refused);
  Crawford, Jacoby, beaver, automatic doubles (bytes at 100-103); the date (a Delphi date at
  128); the version (int at 552) and ``DMLI`` (at 556); from version 24 the event (622),
  place (1396) and round (1654);
* game header: the scores (ints at 12 and 16), the position at the start (26 signed bytes at
  21: the variant's start, :func:`stored_start`, or all zero), from version 26 the automatic
  doubles (int at 64);
* cube: who is on roll (int at 12: 1 player 1, -1 player 2), the double (at 16: 1 doubled;
  0 or less not), the answer (at 20: 1 take, 0 pass, 2 beaver);
* move: the board after it (26 signed bytes at 35, seen from the mover: :func:`_board_after`),
  who moves (int at 64), up to four (from, to) pairs (8 ints at 68: points from 0 in
  the mover's numbering, 24 the bar, -1 or -2 off, -1 ending the list), the dice (ints at 100);
* game footer: the winner (int at 24: 1 or -1) and the points won (int at 28); a match saved
  before its last game ended has none for that game, which is read with no result.

Player 1 is the left column of a ``.mat`` record (player 0). Every malformed file, cut short
or damaged, is a :class:`XgFileError` that says what is wrong; sizes are checked before
anything is decompressed, so a bad file is refused at once.
"""

from __future__ import annotations

import datetime
import struct
import zlib
from dataclasses import dataclass, field

from game.records.errors import Place, Problem, XgFileError
from game.records.model import Action, GameRecord, MatchRecord, Rules
from game.rules.cube import CubeAction
from game.rules.position import BAR, SLOTS, PositionError, pack, validate
from game.rules.variant import Variant

MAGIC = b"RGMH"
"""The first four bytes of an ``.xg`` file."""

HEADER_SIZE = 8232
"""The RichGameHeader's size."""

ARCHIVE_RECORD = 36
"""The ZLibArchive's closing record."""

FILE_RECORD = 532
"""One file's entry in the archive's registry."""

RECORD = 2560
"""One record of ``temp.xg``."""

MAX_FILES = 64
"""Most files an archive may list (eXtreme Gammon writes four)."""

MAX_GAME_FILE = 96 << 20
"""Largest ``temp.xg`` read (bytes): 39,000 records, hundreds of games."""

MONEY = 99999
"""The match length eXtreme Gammon writes for money play."""


def stored_start(variant: Variant) -> tuple[int, ...]:
    """A variant's start as a game header stores it, seen from player 1: the bar, then points 1-24
    (player 1's checkers positive, player 2's negative), then player 2's bar."""
    side = variant.start_side
    return (0, *(side[p - 1] - side[24 - p] for p in range(1, 25)), 0)


_UNSET = (0,) * 26
"""A game header's position left empty (recent versions): the opening position."""

_VARIATIONS = ("backgammon", "nackgammon", "hypergammon", "longgammon")
"""The match header's variations, by number."""

_PLAYED = {0: Variant.STANDARD, 1: Variant.NACKGAMMON}
"""The variations this game plays, by number."""


def is_xg(data: bytes) -> bool:
    """The bytes start like an eXtreme Gammon file."""
    return data[:4] == MAGIC


def _int(data: bytes, at: int) -> int:
    value: int = struct.unpack_from("<i", data, at)[0]
    return value


def _pascal(data: bytes, at: int, size: int) -> str:
    """A Pascal string (a length byte, then that many ANSI characters) in ``size`` bytes."""
    n = min(data[at], size - 1)
    return data[at + 1 : at + 1 + n].decode("cp1252", errors="replace")


def _wide(data: bytes, at: int, chars: int) -> str:
    """A NUL-ended UTF-16 string in ``chars`` characters."""
    raw = data[at : at + 2 * chars]
    for k in range(0, len(raw) - 1, 2):
        if raw[k] == 0 and raw[k + 1] == 0:
            raw = raw[:k]
            break
    return raw.decode("utf-16-le", errors="replace")


def _inflate(raw: bytes, size: int, what: str) -> bytes:
    """zlib data that must give exactly ``size`` bytes (never more are made)."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(raw, size + 1)
    except zlib.error as exc:
        raise XgFileError(Problem.XG_DAMAGED, part=what, why=str(exc)) from None
    if len(out) != size:
        raise XgFileError(Problem.XG_UNPACKS_WRONG, part=what, size=len(out), expected=size)
    return out


def _archive(data: bytes) -> tuple[int, int, bytes, int]:
    """Where the archive starts, where its closing record starts, its registry (unpacked)
    and the number of files; the header, the sizes and the CRC-32 checked."""
    if len(data) < HEADER_SIZE + ARCHIVE_RECORD:
        raise XgFileError(Problem.XG_TOO_SHORT, size=len(data))
    if not is_xg(data):
        raise XgFileError(Problem.XG_NOT_XG)
    header_size, thumbnail = _int(data, 8), _int(data, 20)
    start = header_size + thumbnail
    if header_size != HEADER_SIZE or thumbnail < 0 or start > len(data) - ARCHIVE_RECORD:
        raise XgFileError(Problem.XG_HEADER_DAMAGED)
    end = len(data) - ARCHIVE_RECORD
    crc, count, _version, registry_size, archive_size, packed = struct.unpack_from("<IiiiiI", data, end)
    if not (0 < count <= MAX_FILES and registry_size > 0 and archive_size >= 0):
        raise XgFileError(Problem.XG_CLOSING_RECORD)
    archive_start = end - registry_size - archive_size
    if archive_start < start:
        raise XgFileError(Problem.XG_ARCHIVE_DOES_NOT_FIT)
    if zlib.crc32(data[archive_start:end]) != crc:
        raise XgFileError(Problem.XG_ARCHIVE_CRC)
    registry = data[end - registry_size : end]
    if packed:
        registry = _inflate(registry, count * FILE_RECORD, "the archive's registry")
    elif len(registry) < count * FILE_RECORD:
        raise XgFileError(Problem.XG_REGISTRY_CUT_SHORT)
    return archive_start, end, registry, count


def archive_files(data: bytes, wanted: tuple[str, ...] = ("temp.xg",)) -> dict[str, bytes]:
    """The ``wanted`` files of the archive after the header and thumbnail, by name (sizes and
    CRC-32s checked)."""
    archive_start, end, registry, count = _archive(data)
    files: dict[str, bytes] = {}
    for k in range(count):
        entry = registry[k * FILE_RECORD : (k + 1) * FILE_RECORD]
        name = _pascal(entry, 0, 256).lower()
        size, stored, at, file_crc = struct.unpack_from("<iiiI", entry, 512)
        if not (
            0 <= size <= MAX_GAME_FILE and stored >= 0 and at >= 0 and archive_start + at + stored <= end
        ):
            raise XgFileError(Problem.XG_ENTRY_DAMAGED, name=name)
        if name not in wanted:
            continue  # the index, the rollouts and the comments are not needed
        raw = data[archive_start + at : archive_start + at + stored]
        content = _inflate(raw, size, name) if entry[528] == 0 else raw  # 0: compressed
        if len(content) != size:
            raise XgFileError(Problem.XG_FILE_CUT_SHORT, name=name)
        if zlib.crc32(content) != file_crc:
            raise XgFileError(Problem.XG_FILE_CRC, name=name)
        files[name] = content
    return files


@dataclass(slots=True)
class _Game:
    """A game being read."""

    number: int
    score: tuple[int, int]
    actions: list[Action] = field(default_factory=list)
    cube: int = 1


@dataclass(frozen=True, slots=True)
class _Header:
    """What the match header says."""

    version: int
    length: int
    """0: money."""
    players: tuple[str, str]
    tags: tuple[tuple[str, str], ...]
    variant: Variant
    rules: Rules


def _match_header(rec: bytes) -> _Header:
    """The file version, the match length, the players and the header tags."""
    version = _int(rec, 552)
    if rec[556:560] != b"DMLI":
        raise XgFileError(Problem.XG_NO_DMLI)
    if not 1 <= version <= 1000:
        raise XgFileError(Problem.XG_FILE_VERSION, version=version)
    length = _int(rec, 92)
    if length == MONEY:
        length = 0
    if not 0 <= length <= 999:
        raise XgFileError(Problem.XG_MATCH_LENGTH, length=length)
    variation = _int(rec, 96)
    variant = _PLAYED.get(variation)
    if variant is None:
        name = _VARIATIONS[variation] if 0 <= variation < len(_VARIATIONS) else f"variation {variation}"
        played = ", ".join(_VARIATIONS[k] for k in _PLAYED)
        raise XgFileError(Problem.VARIANT_NOT_PLAYED, name=name, played=played)
    crawford, jacoby, auto = rec[100], rec[101], rec[103]
    if auto:
        raise XgFileError(Problem.XG_AUTOMATIC_DOUBLES)
    names = (_pascal(rec, 9, 41), _pascal(rec, 50, 41))
    if version >= 24:
        wide = (_wide(rec, 880, 129), _wide(rec, 1138, 129))
        names = (wide[0] or names[0], wide[1] or names[1])
    tags = _header_tags(rec, version)
    rules = Rules(
        crawford=bool(crawford) if length > 1 else True, jacoby=bool(jacoby) if length == 0 else False
    )
    players = (names[0].strip() or "Player 1", names[1].strip() or "Player 2")
    return _Header(version, length, players, tuple(tags), variant, rules)


def _header_tags(rec: bytes, version: int) -> list[tuple[str, str]]:
    """The date, event, place and round, as ``.mat`` header tags."""
    tags: list[tuple[str, str]] = []
    date = struct.unpack_from("<d", rec, 128)[0]
    if 1 <= date < 2_000_000:  # days since 1899-12-30
        day = datetime.date(1899, 12, 30) + datetime.timedelta(days=int(date))
        tags.append(("EventDate", f"{day:%Y.%m.%d}"))
    if version >= 24:
        for name, at in (("Event", 622), ("Site", 1396), ("Round", 1654)):
            value = " ".join(_wide(rec, at, 129).split())
            if value:
                tags.append((name, value))
    return tags


def _player(value: int, where: Place) -> int:
    if value not in (1, -1):
        raise XgFileError(Problem.XG_PLAYER, where, value=value)
    return 0 if value == 1 else 1


def _move(rec: bytes, where: Place) -> Action | None:
    """The roll and move; None for a roll not played (the game was resigned after it)."""
    player = _player(_int(rec, 64), where)
    pairs = struct.unpack_from("<8i", rec, 68)
    if pairs[0] == pairs[1] == 0:
        return None
    dice = struct.unpack_from("<2i", rec, 100)
    if not all(1 <= d <= 6 for d in dice):
        raise XgFileError(Problem.XG_DICE, where, one=dice[0], two=dice[1])
    steps = []
    for src, dst in zip(pairs[0::2], pairs[1::2], strict=True):
        if src == -1:
            break
        if not (0 <= src <= 24 and -6 <= dst < src):
            raise XgFileError(Problem.XG_MOVE, where, pairs=str(pairs))
        steps.append(f"{src + 1}/{max(dst + 1, 0)}")
    after = _board_after(struct.unpack_from("<26b", rec, 35))
    return Action("move", player, (dice[0], dice[1]), " ".join(steps), after=after)


def _board_after(stored: tuple[int, ...]) -> int | None:
    """The board a move record stores after the move, seen from the mover: its checkers positive
    on points 1-24 (its own numbering), the opponent's negative, the mover's bar last and the
    opponent's first. None when it is not a board (it is only needed for a move that cannot be
    played, and is then refused with the move)."""
    mine, theirs = [0] * SLOTS, [0] * SLOTS
    for p, n in enumerate(stored[1:25], 1):
        if n > 0:
            mine[p - 1] = n
        elif n < 0:
            theirs[24 - p] = -n
    mine[BAR], theirs[BAR] = abs(stored[25]), abs(stored[0])
    try:
        validate(mine, theirs)
    except PositionError:
        return None
    return pack(mine, theirs)


def _cube(rec: bytes, game: _Game, where: Place) -> list[Action]:
    if _int(rec, 16) != 1:
        return []  # no double (0), or none possible (-2)
    doubler = _player(_int(rec, 12), where)
    taker = 1 - doubler
    answer = _int(rec, 20)
    game.cube *= 2
    double = Action(CubeAction.DOUBLE, doubler, cube=game.cube)
    if answer == 1:
        return [double, Action(CubeAction.TAKE, taker)]
    if answer == 0:
        return [double, Action(CubeAction.PASS, taker)]
    if answer == 2:  # a beaver: the taker redoubles at once and the doubler takes
        game.cube *= 2
        return [double, Action(CubeAction.DOUBLE, taker, cube=game.cube), Action(CubeAction.TAKE, doubler)]
    raise XgFileError(Problem.XG_ANSWER, where, answer=answer)


@dataclass(slots=True)
class _Reading:
    """The records of ``temp.xg`` being read in order."""

    header: _Header | None = None
    games: list[GameRecord] = field(default_factory=list)
    game: _Game | None = None
    ended: bool = False

    def record(self, k: int, rec: bytes) -> None:
        kind = rec[8]
        if self.ended:
            raise XgFileError(Problem.XG_AFTER_THE_END, Place(record=k + 1))
        if kind == 0:
            if self.header is not None:
                raise XgFileError(Problem.XG_SECOND_HEADER, Place(record=k + 1))
            self.header = _match_header(rec)
        elif self.header is None:
            raise XgFileError(Problem.XG_NO_HEADER_FIRST)
        elif kind == 1:
            self.start_game(rec, self.header)
        elif kind in (2, 3, 4):
            if self.game is None:
                raise XgFileError(Problem.XG_PLAY_OUTSIDE_GAME, Place(record=k + 1))
            self.play(kind, rec, self.game)
        elif kind == 5:
            self.ended = True
        else:
            raise XgFileError(Problem.XG_UNKNOWN_RECORD, Place(record=k + 1), kind=kind)

    def start_game(self, rec: bytes, header: _Header) -> None:
        number = len(self.games) + 1
        if self.game is not None:
            raise XgFileError(Problem.XG_NO_RESULT_BEFORE_GAME, Place(game=self.game.number))
        if tuple(struct.unpack_from("<26b", rec, 21)) not in (stored_start(header.variant), _UNSET):
            raise XgFileError(Problem.XG_NOT_AT_THE_START, Place(game=number))
        if header.version >= 26 and _int(rec, 64) != 0:
            raise XgFileError(Problem.XG_GAME_AUTOMATIC_DOUBLES, Place(game=number))
        self.game = _Game(number, (_int(rec, 12), _int(rec, 16)))

    def play(self, kind: int, rec: bytes, game: _Game) -> None:
        where = Place(game=game.number)
        if kind == 2:
            game.actions.extend(_cube(rec, game, where))
        elif kind == 3:
            move = _move(rec, where)
            if move is not None:
                game.actions.append(move)
        else:
            points = _int(rec, 28)
            if not 1 <= points <= 3 * 4096:
                raise XgFileError(Problem.XG_POINTS, where, points=points)
            winner = _player(_int(rec, 24), where)
            self.games.append(GameRecord(game.score, tuple(game.actions), winner, points))
            self.game = None


def _records(content: bytes) -> MatchRecord:
    if len(content) % RECORD or not content:
        raise XgFileError(Problem.XG_RECORDS, size=len(content), record=RECORD)
    reading = _Reading()
    for k in range(len(content) // RECORD):
        reading.record(k, content[k * RECORD : (k + 1) * RECORD])
    if reading.header is None:
        raise XgFileError(Problem.XG_NO_HEADER)
    if reading.game is not None:  # saved before the game's end: no result (the replay keeps it unfinished)
        game = reading.game
        reading.games.append(GameRecord(game.score, tuple(game.actions), 0, 0))
    if not reading.games:
        raise XgFileError(Problem.XG_NO_GAME)
    header = reading.header
    games = tuple(reading.games)
    return MatchRecord(header.length, header.players, games, header.tags, header.variant, header.rules)


def read_xg(data: bytes) -> MatchRecord:
    """Read an eXtreme Gammon match (:class:`XgFileError` says what is wrong)."""
    files = archive_files(data)
    content = files.get("temp.xg")
    if content is None:
        raise XgFileError(Problem.XG_NO_MATCH_FILE)
    try:
        return _records(content)
    except (struct.error, IndexError) as exc:
        raise XgFileError(Problem.XG_DAMAGED, part="temp.xg", why=str(exc)) from None
