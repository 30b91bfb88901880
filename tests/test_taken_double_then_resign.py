"""A double that is taken and then never rolled after (the game ends by a resignation, or the
record stops there) is still a turn: the double and the take are replayed, judged and written."""

from __future__ import annotations

from ai.analysis.review import review
from ai.evaluation.hand import HandEvaluator
from game.records.formats import replay_bytes
from game.records.mat import format_match
from game.records.replay import ReplayedMatch
from game.records.sgf import format_sgf, read_sgf

HEAD = """ 5 point match

 Game 1
 Ann : 0                            Bob : 0
  1) 61: 13/7 8/7                52: 13/8 13/11
  2) 31: 8/5 6/5                 Doubles => 2
  3)  Takes"""

RESIGNED = (HEAD + "                      Wins 2 points\n").encode()
"""Bob doubles early, Ann takes, then resigns a single game at the cube of 2 (Bob wins 2)."""

CUT = (HEAD + "\n").encode()
"""The same record stopping right after the take."""


def cube_turns(match: ReplayedMatch) -> list[tuple[int, bool, bool | None, object]]:
    return [(t.player, t.doubled, t.taken, t.dice) for g in match.games for t in g.turns if t.doubled]


def test_a_taken_double_before_a_resignation_is_kept_as_the_doublers_turn() -> None:
    match = replay_bytes(RESIGNED)
    game = match.games[0]
    assert (game.winner, game.points, game.ending) == (1, 2, "resign")
    assert cube_turns(match) == [(1, True, True, None)]
    assert game.turns[-1].cube.value == 1  # the cube before the double


def test_the_review_judges_the_double_and_the_take_before_a_resignation() -> None:
    rev = review(replay_bytes(RESIGNED), 1, HandEvaluator())
    last = [(d.player, d.kind) for d in rev.decisions if d.game == 1 and d.turn == 3]
    assert last == [(1, "double"), (0, "take")]


def test_a_record_that_stops_after_a_taken_double_keeps_the_double() -> None:
    match = replay_bytes(CUT)
    assert match.games[0].ending == "unfinished"
    assert cube_turns(match) == [(1, True, True, None)]


def test_a_taken_double_before_a_resignation_survives_sgf_and_mat_round_trips() -> None:
    match = replay_bytes(RESIGNED)
    again_sgf = replay_bytes(format_sgf(match.record).encode())
    assert cube_turns(again_sgf) == cube_turns(match)
    assert [(g.winner, g.points) for g in again_sgf.games] == [(1, 2)]
    assert read_sgf(format_sgf(match.record)).games[0].actions == again_sgf.record.games[0].actions
    again_mat = replay_bytes(format_match(match.record).encode())
    assert cube_turns(again_mat) == cube_turns(match)
