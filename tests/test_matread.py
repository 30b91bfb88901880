"""Reading .mat records as GNU Backgammon, Jellyfish, eXtreme Gammon and FIBS/Snowie write them,
and replaying them through the rules.

The four files in tests/data/mat hold the same 3-point match (two games: a passed double,
then a gammon at a cube of 2), each written the way one program writes it.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.records.errors import MatFileError, ReplayError
from game.records.mat import decode, format_match, read_match, strip_rating
from game.records.model import Action, GameRecord, MatchRecord
from game.records.replay import ReplayedMatch, normalise_move, replay
from game.rules.cube import CubeAction

DATA = Path(__file__).parent / "data" / "mat"


def load(name: str) -> ReplayedMatch:
    return replay(read_match(decode((DATA / name).read_bytes())))


def same_play(a: ReplayedMatch, b: ReplayedMatch) -> bool:
    """Every turn of ``b`` is the same position, cube action and move as ``a``'s (b may stop early)."""
    return all(
        (x.code, x.doubled, x.taken, x.dice, x.move) == (y.code, y.doubled, y.taken, y.dice, y.move)
        for ga, gb in zip(a.games, b.games, strict=True)
        for x, y in zip(ga.turns, gb.turns, strict=False)
    )


def test_gnubg_export_is_read_and_replayed() -> None:
    m = load("gnubg.mat")
    assert m.record.length == 3 and m.record.players == ("Alice", "Bob")
    assert [(g.winner, g.points, g.ending) for g in m.games] == [(1, 1, "pass"), (1, 4, "board")]
    assert [g.score for g in m.games] == [(0, 0), (0, 1)]
    assert m.notes == ()
    dance = [t for t in m.games[1].turns if t.dice is not None and t.move is None]
    assert len(dance) == 1 and dance[0].dice == (5, 2) and dance[0].legal == 0


def test_jellyfish_wider_cells_low_die_first_crlf_and_the_match_wins() -> None:
    raw = (DATA / "jellyfish.mat").read_bytes()
    assert b"\r\n" in raw and b"; [" not in raw
    assert same_play(load("gnubg.mat"), load("jellyfish.mat"))


def test_xg_export_with_bom_tags_and_gnubg_notation() -> None:
    raw = (DATA / "xg.mat").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"(2)" in raw and b"/off" in raw and b"bar/" in raw
    m = load("xg.mat")
    assert dict(m.record.tags)["Player 1"] == "Alice"
    assert same_play(load("gnubg.mat"), m)


def test_fibs_record_with_ratings_passes_and_a_resignation() -> None:
    m = load("fibs.mat")
    assert m.record.players == ("Alice", "Bob")
    assert [(g.winner, g.points, g.ending) for g in m.games] == [(1, 1, "pass"), (1, 4, "resign")]
    base = load("gnubg.mat")
    assert same_play(base, m) and len(m.games[1].turns) < len(base.games[1].turns)


@pytest.mark.parametrize(
    ("written", "name"),
    [("Kobber,1798", "Kobber"), ("Kobber (1798)", "Kobber"), ("bot2", "bot2"), ("Jo Ann", "Jo Ann")],
)
def test_a_rating_after_a_name_is_dropped(written: str, name: str) -> None:
    assert strip_rating(written) == name


def test_bar_as_25_and_off_as_0_are_read() -> None:
    assert normalise_move("25/20 6/0") == "25/20 6/off"
    assert normalise_move("bar/22* 8-4") == "bar/22* 8/4"


GAME = """ 1 point match

 Game 1
 A : 0                          B : 0
  1) 31: 8/5 6/5                 {reply}
  2) 64: 24/14
      Wins 1 point
"""


def read(reply: str) -> MatchRecord:
    return read_match(GAME.format(reply=reply))


def test_a_roll_written_either_way_round_gives_the_same_move() -> None:
    a, b = replay(read("42: 8/4 6/4")), replay(read("24: 8/4 6/4"))
    assert a.games[0].turns[1].move == b.games[0].turns[1].move


def test_an_illegal_move_names_game_row_and_cell() -> None:
    with pytest.raises(ReplayError, match=r"game 1, move 1 \(line 5\), right cell: 42: '8/3 6/4'"):
        replay(read("42: 8/3 6/4"))


def test_a_move_that_does_not_use_the_whole_roll_is_refused() -> None:
    with pytest.raises(ReplayError, match="right cell"):
        replay(read("42: 8/4"))


def test_no_move_written_for_a_playable_roll_is_refused() -> None:
    with pytest.raises(ReplayError, match="no move written"):
        replay(read("42:"))


def test_an_unreadable_cell_names_the_line() -> None:
    with pytest.raises(MatFileError, match="line 5"):
        read("42 8/4 6/4")


def test_a_take_without_a_double_is_refused() -> None:
    with pytest.raises(ReplayError, match="without a double"):
        replay(read("Takes"))


def test_a_double_in_the_opening_turn_is_refused() -> None:
    text = " 3 point match\n\n Game 1\n A : 0   B : 0\n  1)  Doubles => 2\n      Wins 1 point\n"
    with pytest.raises(ReplayError, match="may not double"):
        replay(read_match(text))


def test_a_beaver_without_a_double_is_refused() -> None:
    with pytest.raises(ReplayError, match="without a double"):
        replay(read("Beavers => 4"))


def test_a_game_without_a_result_before_the_last_is_refused() -> None:
    one = GAME.format(reply="42: 8/4 6/4").replace(" 1 point match", " 3 point match")
    two = one.replace("      Wins 1 point\n", "") + "\n" + one.split("\n", 2)[2].replace("B : 0", "B : 1")
    with pytest.raises(ReplayError, match=r"game 1 has no result"):
        replay(read_match(two))


def test_a_record_whose_only_game_is_unfinished_reads_as_one_unfinished_game() -> None:
    m = replay(read_match(GAME.format(reply="42: 8/4 6/4").replace("      Wins 1 point\n", "")))
    assert [(g.winner, g.points, g.ending) for g in m.games] == [(None, 0, "unfinished")]
    assert len(m.games[0].turns) == 3 and m.unfinished() is m.games[0] and m.final_score() == (0, 0)


def test_latin1_names_and_a_bom_are_decoded() -> None:
    text = GAME.format(reply="42: 8/4 6/4").replace(" A : 0", " Jörg : 0")
    assert read_match(decode(text.encode("latin-1"))).players[0] == "Jörg"
    assert read_match(decode(b"\xef\xbb\xbf" + text.encode("utf-8"))).players[0] == "Jörg"


def test_a_score_line_that_disagrees_is_kept_and_noted() -> None:
    two = GAME.format(reply="42: 8/4 6/4").replace(" 1 point match", " 3 point match")
    two += "\n Game 2\n A : 0                          B : 0\n  1) 31: 8/5 6/5\n      Wins 1 point\n"
    m = replay(read_match(two))
    assert m.games[1].score == (0, 0) and any("score line" in str(n) for n in m.notes)


def test_crawford_game_is_the_first_game_at_match_point_only() -> None:
    parts = [" 3 point match\n"]
    for k, score in enumerate([(0, 0), (2, 0), (2, 1)], 1):
        parts.append(f" Game {k}\n A : {score[0]}      B : {score[1]}\n  1) 31: 8/5 6/5\n")
        parts.append("      Wins 2 points\n" if k == 1 else "                                 Wins 1 point\n")
    m = replay(read_match("".join(parts)))
    assert [(g.crawford, g.post_crawford) for g in m.games] == [(False, False), (True, False), (False, True)]


def test_a_one_point_match_has_no_crawford_game() -> None:
    game = replay(read_match(GAME.format(reply="42: 8/4 6/4"))).games[0]
    assert replay(read_match(GAME.format(reply="42: 8/4 6/4"))).record.length == 1
    assert (game.crawford, game.post_crawford) == (False, False)


def test_jacoby_tag_turns_the_rule_on_for_money_only() -> None:
    money = GAME.format(reply="42: 8/4 6/4").replace(" 1 point match", " 0 point match")
    assert not replay(read_match(money)).is_jacoby()
    assert replay(read_match('; [Jacoby "On"]\n' + money)).is_jacoby()
    assert not replay(read_match('; [Jacoby "On"]\n' + GAME.format(reply="42: 8/4 6/4"))).is_jacoby()


def test_crawford_off_tag_means_no_crawford_game() -> None:
    text = '; [Crawford "Off"]\n 3 point match\n'
    for k, score in enumerate([(0, 0), (2, 0)], 1):
        text += f" Game {k}\n A : {score[0]}      B : {score[1]}\n  1) 31: 8/5 6/5\n      Wins 2 points\n"
    assert [g.crawford for g in replay(read_match(text)).games] == [False, False]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_damaged_record_is_read_or_refused_clearly_never_a_crash(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(["gnubg.mat", "xg.mat", "fibs.mat"]))
    lines = (DATA / name).read_text(encoding="utf-8-sig").splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        k = data.draw(st.integers(0, len(lines) - 1))
        edit = data.draw(st.sampled_from(["drop", "dup", "char", "cut"]))
        if edit == "drop":
            del lines[k]
        elif edit == "dup":
            lines.insert(k, lines[k])
        elif edit == "cut":
            lines[k] = lines[k][: data.draw(st.integers(0, len(lines[k])))]
        else:
            at = data.draw(st.integers(0, len(lines[k])))
            ch = data.draw(st.sampled_from(list("0123456789/*:() abx=>\t")))
            lines[k] = lines[k][:at] + ch + lines[k][at:]
        if not lines:
            break
    with contextlib.suppress(MatFileError, ReplayError):
        replay(read_match("\n".join(lines)))


def doubled(answer: CubeAction) -> MatchRecord:
    """A one-game record: a roll, a double, and ``answer`` to it."""
    actions = (
        Action("move", 0, (3, 1), "8/5 6/5"),
        Action(CubeAction.DOUBLE, 1, cube=2),
        Action(answer, 0),  # type: ignore[arg-type]
    )
    return MatchRecord(3, ("a", "b"), (GameRecord((0, 0), actions, 1, 1),))


@pytest.mark.parametrize("answer", [CubeAction.TAKE, CubeAction.PASS])
def test_cube_actions_round_trip_through_the_writer_and_the_reader(answer: CubeAction) -> None:
    record = doubled(answer)
    text = format_match(record)
    assert (" Drops" in text) is (answer is CubeAction.PASS)
    assert (" Takes" in text) is (answer is CubeAction.TAKE)
    back = read_match(text)
    assert back == record
    assert [a.kind for a in back.games[0].actions] == ["move", CubeAction.DOUBLE, answer]
    assert all(type(a.kind) is CubeAction for a in back.games[0].actions[1:])


@pytest.mark.parametrize("word", ["Drops", "Passes", "Rejects"])
def test_every_word_for_a_pass_reads_as_the_pass(word: str) -> None:
    (game,) = read_match(format_match(doubled(CubeAction.PASS)).replace("Drops", word)).games
    assert game.actions[-1].kind is CubeAction.PASS


@pytest.mark.parametrize("action", [CubeAction.NO_DOUBLE, CubeAction.BEAVER])
def test_a_cube_action_no_record_holds_is_not_written(action: CubeAction) -> None:
    with pytest.raises(AssertionError):
        format_match(doubled(action))
