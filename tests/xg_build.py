"""eXtreme Gammon ``.xg`` files built from a match record, for the reader's tests.

Only what :mod:`game.records.xg` reads is filled in (the published layout: the RichGameHeader,
the ZLibArchive around ``temp.xg``, and its 2560-byte records); everything else is zero.
"""

from __future__ import annotations

import struct
import zlib

from game.records.model import MatchRecord
from game.records.replay import replay
from game.records.xg import HEADER_SIZE, MONEY, RECORD, stored_start
from game.rules.position import BAR, unpack
from game.rules.variant import Variant

VARIATION = {Variant.STANDARD: 0, Variant.NACKGAMMON: 1}
"""The match header's variation number of each variant."""


def _record(kind: int, fields: list[tuple[str, int, object]]) -> bytes:
    rec = bytearray(RECORD)
    rec[8] = kind
    for fmt, at, value in fields:
        values = value if isinstance(value, tuple) else (value,)
        struct.pack_into(fmt, rec, at, *values)
    return bytes(rec)


def _wide(text: str) -> bytes:
    return text.encode("utf-16-le")[:256].ljust(258, b"\0")


def _pascal(text: str, size: int) -> bytes:
    raw = text.encode("cp1252", errors="replace")[: size - 1]
    return (bytes([len(raw)]) + raw).ljust(size, b"\0")


def _side(player: int) -> int:
    return 1 if player == 0 else -1


def stored_board(code: int) -> tuple[int, ...]:
    """A board as a move record stores it after the move, seen from the mover (``code`` too): the
    opponent's bar, points 1-24 (the mover's checkers positive), the mover's bar."""
    mine, theirs = unpack(code)
    points = tuple(mine[p - 1] - theirs[24 - p] for p in range(1, 25))
    return (-theirs[BAR], *points, mine[BAR])


def game_file(record: MatchRecord, version: int = 30, match_footer: bool = True) -> bytes:
    """``temp.xg`` for ``record`` (which must replay): an unfinished last game has no game footer,
    and ``match_footer`` False leaves out the match's."""
    replayed = replay(record)
    crawford = record.rules.crawford
    head = bytearray(
        _record(
            0,
            [
                ("<i", 92, record.length or MONEY),
                ("<i", 96, VARIATION[record.variant]),
                ("<B", 100, int(crawford)),
                ("<B", 101, int(record.rules.jacoby)),
                ("<i", 552, version),
                ("<4s", 556, b"DMLI"),
            ],
        )
    )
    head[9:50] = _pascal(record.players[0], 41)
    head[50:91] = _pascal(record.players[1], 41)
    if version >= 24:
        head[880:1138] = _wide(record.players[0])
        head[1138:1396] = _wide(record.players[1])
    out = [bytes(head)]
    for game in replayed.games:
        out.append(_record(1, [("<ii", 12, game.score), ("<26b", 21, stored_start(record.variant))]))
        for turn in game.turns:
            side = _side(turn.player)
            if turn.doubled:  # the answer: 1 a take, 0 a pass, 2 a beaver (taken at once)
                answer = 2 if turn.beavers else 1 if turn.taken else 0
                out.append(_record(2, [("<iii", 12, (side, 1, answer))]))
            elif not turn.first:
                out.append(_record(2, [("<iii", 12, (side, 0, -1))]))
            if turn.dice is None:
                continue
            pairs = [-1] * 8
            for k, step in enumerate(turn.move.steps if turn.move is not None else ()):
                pairs[2 * k] = 24 if step.src == 25 else step.src - 1
                pairs[2 * k + 1] = -2 if step.dst == 0 else step.dst - 1
            after = stored_board(turn.move.after.code if turn.move is not None else turn.code)
            fields = [
                ("<26b", 35, after),
                ("<i", 64, side),
                ("<8i", 68, tuple(pairs)),
                ("<2i", 100, turn.dice),
            ]
            out.append(_record(3, fields))
        if game.winner is not None:
            out.append(_record(4, [("<ii", 24, (_side(game.winner), game.points))]))
    if match_footer:
        out.append(_record(5, []))
    return b"".join(out)


def xg_file(
    record: MatchRecord, version: int = 30, packed_registry: bool = True, match_footer: bool = True
) -> bytes:
    """A whole ``.xg`` file for ``record``: header, archive of ``temp.xg``, closing record."""
    content = game_file(record, version, match_footer)
    return archive(zlib.compress(content), len(content), zlib.crc32(content), packed_registry)


def archive(stored: bytes, size: int, crc: int, packed_registry: bool = True) -> bytes:
    """An ``.xg`` file whose archive holds ``temp.xg`` as ``stored`` (zlib data), said to
    unpack to ``size`` bytes with CRC-32 ``crc``."""
    entry = bytearray(532)
    entry[0:256] = _pascal("temp.xg", 256)
    struct.pack_into("<iiiI", entry, 512, size, len(stored), 0, crc)
    entry[528] = 0  # compressed
    registry = zlib.compress(bytes(entry)) if packed_registry else bytes(entry)
    data = stored + registry
    closing = struct.pack(
        "<IiiiiI12x", zlib.crc32(data), 1, 1, len(registry), len(stored), int(packed_registry)
    )
    header = bytearray(HEADER_SIZE)
    struct.pack_into("<4sIIqI", header, 0, b"RGMH", 1, HEADER_SIZE, 0, 0)
    return bytes(header) + data + closing
