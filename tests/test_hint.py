"""`python main.py hint`: the protocol bgjudge speaks, the table, and bad input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.cli.hint import serve
from ai.cli.protocol import HintError, analyse_json, parse_dice, parse_line, turned_ids
from ai.evaluation.load import hand_evaluator
from game.rules.dice import ROLLS
from game.rules.move import legal_moves
from game.rules.movegen import results
from game.rules.position import Position, from_position_id, position_id, swap

ROOT = Path(__file__).resolve().parent.parent
START_ID = "4HPwATDgc/ABMA"
BUSY_ID = "mHPMASLg28gBKA"


def closed_board_on_bar_id() -> str:
    mine = [0] * 25
    mine[5], mine[24] = 14, 1
    theirs = [2, 2, 2, 2, 2, 2] + [0] * 19
    theirs[12] = 3
    return Position.from_sides(mine, theirs).position_id()


def game_over_id() -> str:
    mine = [0] * 25
    mine[5] = 15
    return Position.from_sides(mine, [0] * 25).position_id()


def answer_lines(lines: list[str], depth: int = 1, top: int | None = None) -> list[dict[str, object]]:
    out = io.StringIO()
    serve([line.encode() for line in lines], out, depth, hand_evaluator()[0], top)
    return [json.loads(line) for line in out.getvalue().splitlines()]


# --- reading input ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["31", "3-1", "3,1", "3 1", " 31 "])
def test_parse_dice_accepts_common_spellings(text: str) -> None:
    assert parse_dice(text) == (3, 1)


@pytest.mark.parametrize("text", ["", "3", "71", "30", "312", "ab", "3/x"])
def test_parse_dice_rejects_bad_rolls(text: str) -> None:
    with pytest.raises(HintError, match="dice"):
        parse_dice(text)


def test_parse_line_reads_id_and_dice() -> None:
    code, dice = parse_line(f"{START_ID} 62")
    assert code == from_position_id(START_ID) and dice == (6, 2)


def test_parse_line_needs_two_fields() -> None:
    with pytest.raises(HintError, match="POSITION_ID D1D2"):
        parse_line(START_ID)


def test_parse_line_rejects_a_bad_position_id() -> None:
    with pytest.raises(HintError, match="Position ID"):
        parse_line("not-an-id!!!!! 31")


def test_terminal_position_is_refused() -> None:
    with pytest.raises(HintError, match="game is over"):
        parse_line(f"{game_over_id()} 31")


# --- the JSON answers -----------------------------------------------------------------------


def test_answer_lists_every_legal_move_with_the_id_after_it() -> None:
    [ans] = answer_lines([f"{START_ID} 31"])
    moves = ans["moves"]
    assert isinstance(moves, list)
    start = Position.from_id(START_ID)
    legal = legal_moves(start, (3, 1))
    want_ids = {position_id(swap(m.after.code)) for m in legal}
    assert {m["position_id"] for m in moves} == want_ids
    assert len(moves) == len(legal)
    assert {m["move"] for m in moves} == {m.notation() for m in legal}
    assert "8/5 6/5" in {m["move"] for m in moves}
    equities = [m["equity"] for m in moves]
    assert equities == sorted(equities, reverse=True)
    assert all(len(m["probs"]) == 5 for m in moves)
    assert ans["depth"] == 1 and isinstance(ans["seconds"], float)


GNUBG_POSITION_IDS = [
    line.split("\t")[1].split(":")[0]
    for line in (ROOT / "tests" / "data" / "xgid" / "gnubg_pairs.txt").read_text("ascii").splitlines()
]
"""120 Position IDs GNU Backgammon 1.07 wrote (tests/data/xgid/SOURCES.md)."""


def test_ids_after_the_moves_made_all_at_once_are_each_boards_own() -> None:
    checked = 0
    for pid in GNUBG_POSITION_IDS:
        code = from_position_id(pid)
        for d1, d2, _ in ROLLS:
            codes = results(code, d1, d2)
            assert turned_ids(codes) == [position_id(swap(c)) for c in codes]
            checked += len(codes)
    assert checked > 10_000


def test_ids_of_boards_at_the_edges_made_all_at_once() -> None:
    fifteen_on_bar = [0] * 24 + [15]
    all_on_the_ace = [15] + [0] * 24
    one_left = [0] * 23 + [1, 0]
    codes = [
        Position.from_sides(fifteen_on_bar, fifteen_on_bar).code,
        Position.from_sides(all_on_the_ace, [0] * 22 + [1, 0, 0]).code,
        Position.from_sides(one_left, [0] * 25).code,
        Position.from_id(START_ID).code,
    ]
    assert turned_ids(codes) == [position_id(swap(c)) for c in codes]
    assert turned_ids([]) == []


def test_answer_probabilities_give_the_equity() -> None:
    [ans] = answer_lines([f"{BUSY_ID} 64"])
    for m in ans["moves"]:  # type: ignore[union-attr]
        w, wg, wbg, lg, lbg = m["probs"]
        assert m["equity"] == pytest.approx(2 * w - 1 + wg + wbg - lg - lbg, abs=1e-3)


def test_top_limits_the_answer() -> None:
    full, top = answer_lines([f"{START_ID} 62"]), answer_lines([f"{START_ID} 62"], top=2)
    assert top[0]["moves"] == full[0]["moves"][:2]  # type: ignore[index]


def test_no_legal_move_gives_an_empty_list() -> None:
    [ans] = answer_lines([f"{closed_board_on_bar_id()} 65"])
    assert ans["moves"] == []


def test_garbled_lines_get_errors_and_the_session_goes_on() -> None:
    lines = [
        f"{START_ID} 31",
        "garbage",
        "",
        f"{START_ID} 77",
        "AAAAAAAAAAAAAA 31",
        f"{game_over_id()} 31",
        f"{START_ID} 42",
    ]
    answers = answer_lines(lines)
    assert len(answers) == len(lines)
    assert [("error" in a) for a in answers] == [False, True, True, True, True, True, False]
    assert all(isinstance(a["error"], str) and a["error"] for a in answers if "error" in a)
    assert "game is over" in str(answers[5]["error"])


def test_depth_two_answer_has_every_move() -> None:
    [ans] = answer_lines([f"{BUSY_ID} 53"], depth=2)
    assert ans["depth"] == 2
    assert len(ans["moves"]) == len(legal_moves(Position.from_id(BUSY_ID), (5, 3)))  # type: ignore[arg-type]


def test_analyse_json_with_no_legal_move_skips_the_search() -> None:
    ans = analyse_json(from_position_id(closed_board_on_bar_id()), (4, 4), 3, hand_evaluator()[0])
    assert ans["moves"] == [] and ans["depth"] == 3


# --- the real command line ------------------------------------------------------------------


def run_cli(args: list[str], stdin: str = "", home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if home is not None:
        env["BACKGAMMON_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "hint", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )


def test_cli_protocol_over_stdin(tmp_path: Path) -> None:
    stdin = f"{START_ID} 31\nthis is not a position\n{closed_board_on_bar_id()} 66\n{BUSY_ID} 21\n"
    done = run_cli(["--depth", "1"], stdin, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    answers = [json.loads(line) for line in lines]
    assert len(answers[0]["moves"]) == len(legal_moves(Position.from_id(START_ID), (3, 1)))
    assert "error" in answers[1]
    assert answers[2]["moves"] == []
    assert answers[3]["moves"] and answers[3]["depth"] == 1
    assert "Traceback" not in done.stderr


def test_cli_answers_each_line_before_the_next_arrives(tmp_path: Path) -> None:
    env = dict(os.environ, BACKGAMMON_HOME=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "hint", "--depth", "1", "--evaluator", "hand"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for dice in ("31", "xx", "55"):
            proc.stdin.write(f"{START_ID} {dice}\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())  # would hang without a flush per line
            assert ("error" in answer) == (dice == "xx")
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0


def test_cli_table_for_one_position(tmp_path: Path) -> None:
    done = run_cli(["--position-id", START_ID, "--dice", "31", "--depth", "1", "--top", "3"], home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "equity" in done.stdout and "roll 31" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line[:3].strip().isdigit()]
    assert len(rows) == 3


def test_cli_json_for_one_position(tmp_path: Path) -> None:
    done = run_cli(["--position-id", START_ID, "--dice", "3-1", "--depth", "1", "--json"], home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["moves"]) == len(legal_moves(Position.from_id(START_ID), (3, 1)))


def test_cli_bad_dice_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    done = run_cli(["--position-id", START_ID, "--dice", "71"], home=tmp_path)
    assert done.returncode == 2
    assert "dice" in done.stderr and "Traceback" not in done.stderr


def test_cli_bad_position_id_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    done = run_cli(["--position-id", "hello", "--dice", "31"], home=tmp_path)
    assert done.returncode == 2
    assert "Position ID" in done.stderr and "Traceback" not in done.stderr


def test_cli_bad_depth_is_refused(tmp_path: Path) -> None:
    done = run_cli(["--position-id", START_ID, "--dice", "31", "--depth", "7"], home=tmp_path)
    assert done.returncode == 2 and "depth" in done.stderr


def test_cli_help_explains_depth(tmp_path: Path) -> None:
    done = run_cli(["--help"], home=tmp_path)
    assert done.returncode == 0
    assert "(N-1)-ply" in done.stdout and "POSITION_ID D1D2" in done.stdout


def test_cli_damaged_weights_named_on_the_command_line_are_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "net.npz"
    bad.write_bytes(b"this is not a weights file")
    done = run_cli(["--depth", "1", "--weights", str(bad)], f"{START_ID} 31\n", tmp_path)
    assert done.returncode == 2
    assert str(bad) in done.stderr and "Traceback" not in done.stderr
    assert done.stdout == ""  # no answer from a silently weaker evaluator


def test_cli_missing_weights_named_on_the_command_line_are_an_error(tmp_path: Path) -> None:
    done = run_cli(["--weights", "/nonexistent"], f"{START_ID} 42\n", tmp_path)
    assert done.returncode == 2
    assert "/nonexistent" in done.stderr and "not found" in done.stderr
    assert done.stdout == ""


def test_damaged_default_weights_fall_back_and_say_so_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ai.evaluation.load
    from ai.cli.hint import main

    bad = tmp_path / "net.npz"
    bad.write_bytes(b"damaged")
    monkeypatch.setattr(ai.evaluation.load, "weights_path", lambda: bad)
    assert main(["--position-id", START_ID, "--dice", "31", "--depth", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert "warning" in err and "hand-made" in err
    assert len(json.loads(out)["moves"]) == len(legal_moves(Position.from_id(START_ID), (3, 1)))


def test_default_evaluator_survives_a_broken_loader(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.evaluation.load
    from ai.evaluation.load import default_evaluator

    def explode() -> object:
        raise RuntimeError("loader bug")

    monkeypatch.setattr(ai.evaluation.load, "load_evaluator", explode)
    evaluator, warning = default_evaluator()
    assert warning is not None and "loader bug" in warning
    assert evaluator.evaluate([from_position_id(START_ID)]).shape == (1, 5)


# --- any bytes on stdin -------------------------------------------------------------------


def run_cli_bytes(args: list[str], stdin: bytes, home: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "hint", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ, BACKGAMMON_HOME=str(home)),
    )


def replies(done: subprocess.CompletedProcess[bytes]) -> list[dict[str, object]]:
    return [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]


def test_line_that_is_not_utf8_gets_an_error_and_the_next_line_is_answered(tmp_path: Path) -> None:
    done = run_cli_bytes(["--depth", "1", "--evaluator", "hand"], f"{START_ID} 31\n\xff\n".encode("latin-1")
                         + f"{START_ID} 42\n".encode(), tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    first, bad, last = replies(done)
    assert first["moves"] and last["moves"]
    assert "UTF-8" in str(bad["error"])
    assert b"Traceback" not in done.stderr


def test_utf8_bom_before_the_first_line_is_ignored(tmp_path: Path) -> None:
    done = run_cli_bytes(
        ["--depth", "1", "--evaluator", "hand"], b"\xef\xbb\xbf" + f"{START_ID} 31\n".encode(), tmp_path
    )
    (answer,) = replies(done)
    assert len(answer["moves"]) == len(legal_moves(Position.from_id(START_ID), (3, 1)))  # type: ignore[arg-type]


def test_last_line_without_a_newline_is_answered(tmp_path: Path) -> None:
    done = run_cli_bytes(
        ["--depth", "1", "--evaluator", "hand"], f"{START_ID} 31\n{START_ID} 55".encode(), tmp_path
    )
    first, last = replies(done)
    assert first["moves"] and last["moves"]


def test_windows_line_endings_are_accepted(tmp_path: Path) -> None:
    done = run_cli_bytes(["--depth", "1", "--evaluator", "hand"], f"{START_ID} 31\r\n".encode(), tmp_path)
    (answer,) = replies(done)
    assert answer["moves"]


@pytest.mark.parametrize(
    "line",
    [
        "x" * 2_000_000,  # one word: not a Position ID
        f"{START_ID} " + "9" * 2_000_000,  # bad dice
        "y " * 1_000_000,  # many words
        f"{START_ID}:" + "z" * 2_000_000,  # a long Match ID
        f"{START_ID}:cAkAAAAAAAAA " + "9" * 1_000_000,  # an ID line with a long tail
    ],
    ids=["long-word", "long-dice", "many-words", "long-match-id", "long-id-line"],
)
def test_error_reply_quotes_at_most_about_100_characters(line: str) -> None:
    (reply,) = answer_lines([line])
    assert "error" in reply
    assert len(json.dumps(reply)) < 400


def test_long_line_of_bad_bytes_is_quoted_short() -> None:
    from ai.cli.hint import Answerer

    reply = Answerer(1, hand_evaluator()[0]).answer_bytes(b"\xff" * 1_000_000)
    assert "UTF-8" in reply["error"] and len(json.dumps(reply)) < 600


def test_answer_is_one_function_of_one_line() -> None:
    from ai.cli.hint import Answerer

    answerer = Answerer(1, hand_evaluator()[0], top=2)
    assert len(answerer.answer(f"{START_ID} 31")["moves"]) == 2
    assert "error" in answerer.answer("")


def test_line_longer_than_the_limit_is_refused_and_the_next_answered() -> None:
    from ai.cli.hint import Answerer, read_lines

    stream = io.BytesIO(b"x" * 5000 + b"\n" + f"{START_ID} 31".encode())
    lines = list(read_lines(stream, limit=1000))
    assert len(lines) == 2
    answerer = Answerer(1, hand_evaluator()[0])
    first, second = (answerer.answer_bytes(raw) for raw in lines)
    assert "longer than" in first["error"] and len(json.dumps(first)) < 400
    assert second["moves"]


def _without_time(reply: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in reply.items() if k != "seconds"}


@pytest.mark.parametrize(
    ("xgid", "ids"),
    [  # posted XGIDs and a double offered (tests/data/xgid/SOURCES.md), with the GNU IDs they read as
        ("XGID=-BBABBBbB---c-----B-babcb-:0:0:1:32:2:1:0:5:10", "uzXAwQBb2wzAAA:cImpABAAEAAE"),
        ("---CBBBbB---bB----bdBcaa--:0:0:1:53:0:0:0:0:10", "6ryBwQDcNoMBAw:cIkOAAAAAAAE"),
        ("XGID=aBBBBCC-A-----------------:1:1:1:00:0:0:3:0:10", "AAAAbdudAAAAAA:UQkAAAAAAAAA"),
        ("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:5:10", "4HPwATDgc/ABMA:URGgAAAAAAAE"),
    ],
)
def test_an_xgid_line_is_answered_like_its_gnu_id_line(xgid: str, ids: str) -> None:
    by_xgid, by_ids = answer_lines([xgid, ids], depth=1)
    assert "error" not in by_xgid and _without_time(by_xgid) == _without_time(by_ids)
    assert ("moves" in by_xgid) == (xgid.split(":")[4] not in ("00", "D"))


def test_a_bad_xgid_line_gets_an_error_that_names_the_field() -> None:
    (reply,) = answer_lines(["XGID=-b----E-C---eE---c-e----B-:0:0:1:52:9:0:0:5:10"])
    assert str(reply["error"]).startswith("XGID: the score 9-0")
