"""GNU Backgammon IDs of the board and games set up from IDs: round trips on positions from real
play, GNU Backgammon's own reading of them, the review's IDs, and bad input."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai.analysis.review import review
from ai.evaluation.hand import HandEvaluator
from ai.worker.messages import CubeRequest
from game.records.mat import format_match, read_match
from game.records.matchid import from_match_id, match_id
from game.records.model import MatchRecord
from game.records.replay import replay
from game.rules.cube import CubeState
from game.rules.move import legal_moves
from game.rules.position import START_CODE, pack, position_id, swap, unpack
from ui.model.position_ids import SetUpError, parse_setup, session_ids, session_xgid, setup_session
from ui.model.records import PLAYERS, game_record
from ui.model.seats import CheckerColour
from ui.model.session import AI, HUMAN, GameConfig, GameSession
from ui.text.model import setup_problem, setup_summary

CONFIG = GameConfig("casual", 1, 0.0, 5, "roll", CheckerColour.LIGHT)
MATCH_LENGTH = 5
MONEY_START = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
SEED = 36
"""A seed whose random 5-point match has a Crawford game and a game after it."""


@dataclass(frozen=True)
class Seen:
    """A moment of play: the IDs and what they stand for."""

    ids: str
    human: tuple[int, ...]
    ai: tuple[int, ...]
    turn: int
    dice: tuple[int, int] | None
    cube: CubeState
    score: tuple[int, int]
    crawford: bool
    post_crawford: bool
    offered: int | None
    game: int


def _seen(s: GameSession) -> Seen:
    pid, mid = session_ids(s)
    human, ai = s.sides()
    assert s.turn is not None
    return Seen(
        f"{pid}:{mid}",
        human,
        ai,
        s.turn,
        None if s.state.dice is None else (s.state.dice[0], s.state.dice[1]),
        s.cube,
        s.match.score,
        s.match.is_crawford(),
        s.match.is_post_crawford(),
        s.offered,
        s.match.game_number(),
    )


def play_match(seed: int) -> Iterator[tuple[Seen, GameSession]]:
    """A 5-point match of random legal moves; in the first game the human doubles once and the
    computer takes. Yields every moment before a roll and with the dice rolled."""
    rng = random.Random(seed)
    s = GameSession(CONFIG, seed=f"ids-{seed}")
    while True:
        s.begin()
        doubled = s.match.game_number() > 1
        while s.outcome() is None:
            if s.state.dice is None:
                yield _seen(s), s
                if not doubled and s.turn == HUMAN and len(s.log) >= 6 and s.can_double(HUMAN):
                    s.double(HUMAN)
                    yield _seen(s), s
                    s.answer(True)
                    doubled = True
                s.roll()
            yield _seen(s), s
            moves = legal_moves(s.state.position, s.state.dice or (1, 1))
            s.play(rng.choice(moves) if moves else None)
        if s.match_now().is_over():
            return
        s = s.next_game(f"ids-{seed}-{s.match.game_number()}")


def _flip(player: int | None, flip: bool) -> int | None:
    return player if player is None or not flip else 1 - player


@pytest.fixture(scope="module")
def seen() -> list[Seen]:
    return [m for m, _ in play_match(SEED)]


def refusal(text: str) -> str:
    """Why ``text`` is refused, in words (fails when it is not)."""
    with pytest.raises(SetUpError) as refused:
        parse_setup(text)
    return setup_problem(refused.value)


def test_the_match_covers_bar_bear_off_owned_cube_crawford_post_crawford_and_dice(seen: list[Seen]) -> None:
    assert any(m.human[24] or m.ai[24] for m in seen)
    assert any(sum(m.human) < 15 or sum(m.ai) < 15 for m in seen)
    assert any(m.cube.owner is not None for m in seen)
    assert any(m.offered is not None for m in seen)
    assert any(m.crawford for m in seen) and any(m.post_crawford for m in seen)
    assert any(m.dice is not None for m in seen) and any(m.dice is None for m in seen)


def test_ids_set_up_again_give_the_same_ids_board_cube_score_and_crawford(seen: list[Seen]) -> None:
    for m in seen:
        s = setup_session(parse_setup(m.ids), CONFIG, seed="x")
        back = _seen(s)
        assert back.ids == m.ids
        decider = m.turn if m.offered is None else 1 - m.offered
        flip = decider != HUMAN  # set up, the human is the side that decides now
        sides = (m.ai, m.human) if flip else (m.human, m.ai)
        assert (back.human, back.ai, back.turn, back.offered) == (
            *sides,
            _flip(m.turn, flip),
            _flip(m.offered, flip),
        )
        assert back.dice is not None if m.dice else back.dice is None
        assert back.cube == CubeState(m.cube.value, _flip(m.cube.owner, flip))
        assert back.score == (m.score[::-1] if flip else m.score)
        assert (back.crawford, back.post_crawford) == (m.crawford, m.post_crawford)


def test_a_set_up_game_faced_with_a_double_puts_the_human_on_the_take(seen: list[Seen]) -> None:
    m = next(m for m in seen if m.offered is not None)
    s = setup_session(parse_setup(m.ids), CONFIG)
    assert s.offered == AI and s.turn == AI  # the human doubled: set up, the human takes the decision
    assert s.id_player == 1 and session_ids(s) == tuple(m.ids.split(":"))


def test_the_xgid_of_every_moment_sets_up_the_same_game_as_its_gnubg_ids() -> None:
    for m, s in play_match(SEED):
        xgid = session_xgid(s)
        assert xgid.split(":")[3] == (
            "1" if (m.turn if m.offered is None else 1 - m.offered) == HUMAN else "-1"
        )
        by_xgid, by_ids = parse_setup(xgid), parse_setup(m.ids)
        assert by_xgid.code == by_ids.code and setup_summary(by_xgid) == setup_summary(by_ids)
        a, b = setup_session(by_xgid, CONFIG, seed="x"), setup_session(by_ids, CONFIG, seed="x")
        # the same game; only GNU Backgammon's numbering of the players may differ
        assert replace(_seen(a), ids="") == replace(_seen(b), ids="")
        assert session_xgid(a) == session_xgid(b) == by_xgid.xgid


@pytest.fixture
def gnubg() -> Iterator[Any]:
    """GNU Backgammon's module, left as other tests expect it afterwards: money play, cube centred."""
    module = pytest.importorskip("gnubg")
    yield module
    module.set_gnubg_id(MONEY_START)  # ("new session" may stop to ask a question on stdin)


def test_gnubg_reads_our_ids_as_the_same_position(seen: list[Seen], gnubg: Any) -> None:
    checked_double = False
    for i, m in enumerate(seen):
        if i % 3 and m.offered is None:
            continue
        gnubg.set_gnubg_id(m.ids)
        if m.offered is not None:  # gnubg steps back to before the double: the IDs a moment before
            assert gnubg.gnubg_id() == seen[i - 1].ids
            cube = gnubg.cubeinfo()  # gnubg's own IDs of the double offered: the taker to decide
            offered = gnubg.posinfo(1 - cube["move"], 0, 1, 1, (0, 0))
            assert gnubg.gnubg_id(gnubg.board(), cube, offered) == m.ids
            checked_double = True
            continue
        assert gnubg.gnubg_id() == m.ids
        mine, theirs = (m.human, m.ai) if m.turn == HUMAN else (m.ai, m.human)
        assert gnubg.board() == (theirs, mine)  # gnubg's board: (opponent, side on roll)
        cube, pos = gnubg.cubeinfo(), gnubg.posinfo()
        assert (cube["matchto"], cube["score"], bool(cube["crawford"])) == (MATCH_LENGTH, m.score, m.crawford)
        owner = -1 if m.cube.owner is None else m.cube.owner
        assert (cube["cube"], cube["cubeowner"], cube["move"]) == (m.cube.value, owner, m.turn)
        assert sorted(pos["dice"]) == sorted(m.dice or (0, 0)) and not pos["doubled"]
    assert checked_double


def test_ids_gnubg_writes_set_up_and_read_back_unchanged(gnubg: Any) -> None:
    rng = random.Random(3)
    code = START_CODE
    for k in range(40):  # random play in gnubg's board format, IDs written by gnubg
        mine, theirs = unpack(code)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        cube = gnubg.cubeinfo(2 if k % 3 else 1, 0 if k % 3 else -1, 1, 7, (k % 5, 2), 0, 0)
        pos = gnubg.posinfo(1, 0, 0, 1, dice if k % 2 else (0, 0))
        ids = gnubg.gnubg_id((theirs, mine), cube, pos)
        high_first = gnubg.gnubg_id(
            (theirs, mine), cube, gnubg.posinfo(1, 0, 0, 1, tuple(sorted(pos["dice"], reverse=True)))
        )
        s = setup_session(parse_setup(ids), CONFIG)
        assert ":".join(session_ids(s)) == high_first
        moves = legal_moves(s.state.position, dice)
        after = rng.choice(moves).after.code if moves else code
        code = START_CODE if not any(unpack(after)[0]) else swap(after)


def test_the_reviews_ids_are_the_boards_ids() -> None:
    """A match played here, kept as a record, replayed and reviewed: each judged decision's IDs
    are the ones the IDs dialog showed at that moment."""
    shown: set[str] = set()
    sessions: dict[int, GameSession] = {}  # each game's session, finished at the end
    for m, s in play_match(SEED):
        shown.add(m.ids)
        sessions[s.match.game_number()] = s
    records = tuple(game_record(s) for s in sessions.values() if s.outcome() is not None)
    assert len(records) == len(sessions)
    record = read_match(format_match(MatchRecord(MATCH_LENGTH, PLAYERS, records, ())))
    rev = review(replay(record), 1, HandEvaluator())
    judged = [f"{d.position_id}:{d.match_id}" for d in rev.decisions if d.kind in ("move", "double", "take")]
    assert len(judged) > 50
    assert set(judged) <= shown


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "paste or type"),
        ("4HPwATDgc/AB", "14 characters"),
        ("4HPwATDgc/AB!A", "bad base64"),
        ("4HPwATDgc/ABMA:cAkAAAAAAAA", "12 characters"),
        ("4HPwATDgc/ABMA:cAkAAAAAAA!A", "bad base64"),
        ("////////////AA", "too many checkers"),
        ("4HPwATDgc/ABMA:cAkAAAAAAAAA:x", "12 characters"),
        ("x" * 500, "500 characters"),
    ],
)
def test_bad_input_says_what_is_wrong(text: str, words: str) -> None:
    assert words in refusal(text)


def test_both_sides_on_one_point_is_refused() -> None:
    mine = [0] * 25
    theirs = [0] * 25
    mine[5], theirs[18] = 15, 15  # my 6-point is their 19-point
    assert "both sides" in refusal(position_id(pack(mine, theirs)))  # pack does not check: the ID encodes it


def test_a_finished_game_is_refused() -> None:
    mine = [0] * 25
    theirs = [0] * 25
    theirs[0] = 15
    assert "borne off all 15" in refusal(position_id(pack(mine, theirs)))


def test_match_ids_that_cannot_be_played_are_refused() -> None:
    base = from_match_id("cAlgAAAAAAAE")  # 3-point match, player 1 on roll
    bad = {
        "a finished game": replace(base, game_state=2),
        "Crawford game": replace(base, crawford=True, cube=CubeState(2, 0), score=(2, 0)),
        "no Crawford game": replace(base, crawford=True),
        "too long": replace(base, length=31),
        "after the roll": replace(base, doubled=True, turn=0, dice=(3, 1)),
    }
    for words, info in bad.items():
        assert words in refusal(f"4HPwATDgc/ABMA:{match_id(info)}")


@pytest.mark.parametrize(
    "text",
    [
        "GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n                 Match ID   : cAlgACAACAAE",
        "Position ID: 4HPwATDgc/ABMAMatch ID: cAlgACAACAAE",  # lines joined by a one-line paste
    ],
)
def test_gnubgs_labelled_text_reads_too(text: str) -> None:
    assert parse_setup(text).ids == "4HPwATDgc/ABMA:cAlgACAACAAE"


def test_a_position_id_alone_is_a_money_game_with_the_human_on_roll_before_the_roll() -> None:
    s = setup_session(parse_setup(" 4HPwATDgc/ABMA "), CONFIG)
    assert s.is_money() and s.cube == CubeState() and s.turn == HUMAN and s.state.dice is None
    assert s.config.jacoby == CONFIG.jacoby and s.match.score == (0, 0)


def test_the_analysis_of_ids_before_the_roll_is_searched_to_the_full_depth() -> None:
    asked = parse_setup("4HPwATDgc/ABMA").analysis_request(4)
    assert isinstance(asked, CubeRequest) and asked.depth == 4 and not asked.settle


def test_dice_in_the_match_id_are_the_humans_roll_entered_not_drawn() -> None:
    s = setup_session(parse_setup("4HPwATDgc/ABMA:QYkqASAAIAAA"), CONFIG, seed="d")
    assert s.turn == HUMAN and s.state.dice == (5, 2) and s.dice.entered == [0]
    assert s.match.length == 9 and s.match.score == (4, 2) and s.cube == CubeState(2, AI)


@given(st.text(max_size=60))
def test_any_text_is_a_position_or_a_message(text: str) -> None:
    try:
        parse_setup(text)
    except SetUpError as exc:
        assert setup_problem(exc)


def test_an_xgid_or_labelled_ids_inside_a_long_pasted_text_are_read() -> None:
    xgid = "XGID=---CBBBbB---bB----bdBcaa--:0:0:1:53:0:0:0:0:10"  # BGonline (tests/data/xgid/SOURCES.md)
    post = "Blue to play 53. " * 20 + f"\n{xgid}\n" + "What would you play? " * 20
    assert len(post) > 500 and parse_setup(post) == parse_setup(xgid)
    labelled = "GNU Backgammon's board...\n" * 20 + " Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA\n"
    assert parse_setup(labelled).ids == "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    assert "characters" in refusal("x" * 20_000 + xgid)  # too long to search
