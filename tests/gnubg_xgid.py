"""GNU Backgammon's reading of XGIDs that we write: the pairs tests/test_xgid.py checks on every run.

``python tests/gnubg_xgid.py [COUNT] [SEED]`` plays random games to get boards, gives each a
random cube, score, match length, Crawford flag, dice and money rules, writes its XGID with
``game.records.xgid.write_xgid``, hands every XGID to GNU Backgammon's command line
(``/usr/games/gnubg -t -q``: ``set xgid``, then ``show board``) and rewrites
tests/data/xgid/gnubg_pairs.txt with one ``XGID<TAB>POSITIONID:MATCHID`` line per XGID, the
IDs as gnubg printed them, and tests/data/xgid/gnubg_boards.txt with gnubg's drawing of the
boards. When the XGID's top player is on roll, gnubg asks whether to swap the players so that
the player on roll is at the bottom, and with no terminal it does: its IDs then number the
players the other way round (the test exchanges them back). No gnubg is needed to run the
tests; only to remake the files.

A double offered (``D``) is left out: gnubg 1.07's ``set xgid`` takes the turn field of a
``D`` XGID as the doubler, where XG and the programs that read XG's IDs take it as the
player who must answer (see docs/workbench.md), and it drops the offer on reading.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.records.matchid import MatchInfo
from game.records.xgid import write_xgid
from game.rules.cube import CubeState
from game.rules.movegen import results
from game.rules.position import START_CODE, swap, unpack

PAIRS = Path(__file__).parent / "data" / "xgid" / "gnubg_pairs.txt"
BOARDS = Path(__file__).parent / "data" / "xgid" / "gnubg_boards.txt"
"""gnubg's ``show board`` of the pairs' XGIDs with the bottom player on roll: the frame lines and the
13 lines between them, cut after the tray (column 49), for tests/test_diagram.py."""
GNUBG = "/usr/games/gnubg"


def boards(rng: random.Random, count: int) -> list[int]:
    """Codes met in random games (from the side on roll), a few from each game."""
    out: list[int] = []
    while len(out) < count:
        code = START_CODE
        for ply in range(200):
            mine, theirs = unpack(code)
            if not any(mine) or not any(theirs):
                break
            if ply % 7 == 3:
                out.append(code)
            after = results(code, rng.randint(1, 6), rng.randint(1, 6))
            code = swap(rng.choice(after) if after else code)
    return out[:count]


def random_info(rng: random.Random) -> tuple[MatchInfo, bool]:
    """A random match state (never a double offered) and the money beaver flag."""
    length = rng.choice((0, 0, 1, 3, 5, 7, 9, 11, 15))
    score = (rng.randrange(length), rng.randrange(length)) if length else (0, 0)
    crawford = (
        bool(length) and length - 1 in score and score != (length - 1, length - 1) and rng.random() < 0.5
    )
    if crawford:
        cube = CubeState()
    else:
        value = rng.choice((1, 1, 2, 4, 8, 16, 32, 64))
        cube = CubeState(value, None if value == 1 else rng.choice((0, 1)))
    dice = (0, 0) if rng.random() < 0.3 else (rng.randint(1, 6), rng.randint(1, 6))
    on_roll = rng.choice((0, 1))
    jacoby = not length and rng.random() < 0.5
    info = MatchInfo(cube, on_roll, length, score, dice, crawford, jacoby, turn=on_roll)
    return info, not length and rng.random() < 0.5


def gnubg_ids(xgid: str) -> str:
    """gnubg's POSITIONID:MATCHID for an XGID, as it shows the board after reading it."""
    script = [f"set xgid {xgid}", "show board"]
    out = subprocess.run(
        [GNUBG, "-t", "-q"], input="\n".join(script) + "\n", capture_output=True, text=True, timeout=60
    ).stdout
    pids = re.findall(r"Position ID: (\S{14})", out)
    mids = re.findall(r"Match ID\s*: (\S{12})", out)
    return f"{pids[-1]}:{mids[-1]}"


def gnubg_board(xgid: str) -> list[str]:
    """The 13 lines of gnubg's board drawing of an XGID (bottom player on roll), up to the tray."""
    out = subprocess.run(
        [GNUBG, "-t", "-q"],
        input=f"set xgid {xgid}\nshow board\n",
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.splitlines()
    start = max(i for i, line in enumerate(out) if line.startswith(" +13-14"))
    return [line[:49].rstrip() for line in out[start : start + 13]]


def write_boards() -> None:
    """gnubg's drawing of every XGID of the pairs file with the bottom player on roll."""
    xgids = [line.split("\t")[0] for line in PAIRS.read_text("ascii").splitlines()]
    blocks = ["\n".join([x, *gnubg_board(x)]) for x in xgids if x.split(":")[3] == "1"]
    BOARDS.write_text("\n\n".join(blocks) + "\n", encoding="ascii")
    print(f"wrote {len(blocks)} boards to {BOARDS}")


def main(count: int = 120, seed: int = 37) -> None:
    rng = random.Random(seed)
    xgids = []
    for code in boards(rng, count):
        info, beavers = random_info(rng)
        xgids.append(write_xgid(code, info, beavers=beavers))
    ids = [gnubg_ids(x) for x in xgids]
    PAIRS.write_text("".join(f"{x}\t{i}\n" for x, i in zip(xgids, ids, strict=True)), encoding="ascii")
    print(f"wrote {len(xgids)} pairs to {PAIRS}")
    write_boards()


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
