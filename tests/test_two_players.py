"""Two players at one computer, without a window: the turn flow with a person on each side, the
settings and the saved game, the record with both names, the statistics left alone, the review of both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.evaluation.load import default_evaluator
from ai.ranking import RankedMove
from ai.worker.messages import CubeAnswer, CubeRequest, Request
from game.records.mat import read_match
from game.records.replay import replay
from game.rules.cube import CubeState, Resignation
from game.rules.position import Position
from ui.flow.events import (
    AcceptResign,
    AskHint,
    AskResign,
    AskTake,
    Confirm,
    CubeDone,
    DeclineResign,
    Double,
    Effect,
    FlowOptions,
    GameEnded,
    Message,
    MoveChecker,
    Pass,
    Phase,
    Resign,
    RollDice,
    Search,
    SearchDone,
    StartSearch,
    Take,
    Tick,
    TutorPlayIt,
    TutorWarn,
    UseHint,
)
from ui.flow.turn_flow import TurnFlow
from ui.model.player_stats import count_game, load_stats, record_review
from ui.model.records import keep_game
from ui.model.seats import CheckerColour, Control, clean_name
from ui.model.session import AI, HUMAN, GameConfig, GameSession, SaveError
from ui.model.storage import Settings, Store
from ui.text.flow import said as worded
from ui.text.flow import status as status_line
from ui.text.flow import take_advice
from ui.text.tutor import verdict_line

COMPUTER_SEARCHES = {Search.MOVE, Search.CUBE, Search.TAKE, Search.RESIGN}
"""The searches that would make the computer decide for a side."""

PROBS = (0.6, 0.2, 0.01, 0.1, 0.005)

NO_DOUBLE = CubeAnswer(0, (0.5, 0.1, 0.0, 0.1, 0.0), 0.0, -0.2, 1.0, False, True)
"""A cube answer: no double."""


def two_config(first: str = "you", match_length: int = 5, **kw: object) -> GameConfig:
    return GameConfig(
        "casual",
        1,
        0.0,
        match_length,
        first,
        CheckerColour.LIGHT,
        opponent=Control.HUMAN,
        names=("Ann", "Bob"),
        **kw,
    )  # type: ignore[arg-type]


def two_flow(first: str = "you", seed: str = "two", **options: object) -> TurnFlow:
    opts: dict[str, object] = {"auto_forced": False, "cube_advice": False, **options}
    return TurnFlow(GameSession(two_config(first), seed=seed), FlowOptions(**opts))  # type: ignore[arg-type]


class Driver:
    """Hands intents to a flow, keeps every effect, and checks the computer never decides."""

    def __init__(self, flow: TurnFlow) -> None:
        self.flow = flow
        self.effects: list[Effect] = []

    def __call__(self, intent: object) -> list[Effect]:
        out = self.flow.handle(intent)  # type: ignore[arg-type]
        self.effects += out
        assert self.flow.search not in COMPUTER_SEARCHES, f"the computer was asked: {self.flow.search}"
        assert self.flow.phase not in (
            Phase.COMPUTER_THINKING,
            Phase.COMPUTER_MOVING,
            Phase.CUBE_THINKING,
            Phase.DOUBLE_ANSWER,
            Phase.RESIGN_ANSWER,
        )
        for e in out:
            if isinstance(e, StartSearch) and isinstance(e.request, Request):
                assert e.request.kind != "move", "a computer move was requested"
        return out

    def said(self) -> str:
        return " ".join(worded(e.said) for e in self.effects if isinstance(e, Message))

    def wait(self, seconds: float) -> None:
        for _ in range(round(seconds / 0.05) + 1):
            self(Tick(0.05))

    def to_move(self) -> None:
        """Wait for the side on roll to move, rolling for it."""
        for _ in range(200):
            if self.flow.phase is Phase.MOVING:
                return
            if self.flow.search is Search.TUTOR_CUBE:  # the tutor weighs the cube: no double
                self(CubeDone(NO_DOUBLE))
            elif self.flow.phase is Phase.AWAITING_ROLL and self.flow.is_roll_due():
                self(RollDice())
            else:
                self(Tick(0.05))
        raise AssertionError(f"no move came: {self.flow.phase}")

    def play_first_move(self) -> None:
        """The side on roll plays its first legal move step by step (in its own points) and confirms."""
        b = self.flow.builder
        assert b is not None
        if b.moves and b.moves[0].steps:
            for st in b.moves[0].steps:
                self(MoveChecker(st.src, st.dst))
        self(Confirm())


def test_two_people_play_several_turns_and_the_computer_is_never_asked() -> None:
    drive = Driver(two_flow())
    s = drive.flow.session
    assert [s.controller(p).control for p in (HUMAN, AI)] == [Control.HUMAN, Control.HUMAN]
    movers = []
    for _ in range(8):
        drive.to_move()
        movers.append(s.turn)
        drive.play_first_move()
    assert movers == [HUMAN, AI] * 4 and len(s.log) == 8
    assert [r.player for r in s.log] == movers
    assert not any(isinstance(e, StartSearch) for e in drive.effects)  # no hint, tutor or advice asked
    said = drive.said()
    assert "Opening roll: Ann" in said and "Bob rolled" in said and "Ann played" in said
    assert "the computer" not in said.lower()


def test_the_status_line_names_the_player_on_roll() -> None:
    drive = Driver(two_flow())
    drive.to_move()
    assert status_line(drive.flow.status()) == "Ann's turn: move"
    drive.play_first_move()
    assert status_line(drive.flow.status()) == "Bob's turn: roll"
    drive(RollDice())
    assert status_line(drive.flow.status()) == "Bob's turn: move"


def test_the_top_player_moves_in_their_own_points_and_the_board_does_not_turn() -> None:
    drive = Driver(two_flow())
    drive.to_move()
    drive.play_first_move()
    drive.to_move()
    flow = drive.flow
    assert flow.session.turn == AI and flow.builder is not None
    # the top player's point q is the bottom player's 25 - q on the screen, and back
    assert flow.mover_point(24) == 1 and flow.mover_point(6) == 19 and flow.mover_point(25) == 25
    assert flow.mover_point(0) == 0
    b = flow.builder
    src = min(b.sources())
    assert flow.session.sides(b.code, AI)[1][src - 1] > 0  # the top side's own checkers


def to_double(drive: Driver) -> None:
    """Play until the player on roll may double (after the opening move)."""
    drive.to_move()
    drive.play_first_move()
    for _ in range(100):
        if drive.flow.can_double():
            return
        drive(Tick(0.05))
    raise AssertionError("no double came possible")


def test_a_double_by_one_player_is_answered_by_the_other_by_name() -> None:
    drive = Driver(two_flow())
    to_double(drive)
    s = drive.flow.session
    assert s.turn == AI
    out = drive(Double())
    asks = [e for e in out if isinstance(e, AskTake)]
    assert asks and (asks[0].doubler.name, asks[0].taker.name, asks[0].value) == ("Bob", "Ann", 2)
    assert drive.flow.phase is Phase.TAKE_OR_PASS and status_line(drive.flow.status()) == "Ann: take or pass?"
    drive(Take())
    assert s.cube == CubeState(2, HUMAN)  # Ann owns it
    assert drive.flow.phase is Phase.AWAITING_ROLL and s.turn == AI  # Bob, who doubled, rolls
    assert "Bob doubles" in drive.said() and "Ann takes: the cube is on 2, Ann's." in drive.said()
    drive(RollDice())
    assert drive.flow.phase is Phase.MOVING and s.turn == AI


def test_a_pass_ends_the_game_for_the_doubler() -> None:
    drive = Driver(two_flow())
    to_double(drive)
    drive(Double())
    out = drive(Pass())
    s = drive.flow.session
    assert GameEnded() in out and s.outcome() is not None and s.outcome().winner == AI
    assert s.match_now().score == (0, 1) and "Ann passes: Bob wins 1 point." in drive.said()


def test_the_take_advice_for_a_person_is_weighed_from_the_doublers_side() -> None:
    drive = Driver(two_flow(cube_advice=True))
    to_double(drive)
    s = drive.flow.session
    out = drive(Double())
    req = next(e.request for e in out if isinstance(e, StartSearch))
    assert isinstance(req, CubeRequest) and req.position == s.state.position  # Bob on roll
    assert req.noise == 0.0 and drive.flow.search is Search.TAKE_ADVICE
    answer = CubeAnswer(0, (0.7, 0.2, 0.0, 0.05, 0.0), 0.3, 0.4, 1.0, True, True)
    asks = [e for e in drive(CubeDone(answer)) if isinstance(e, AskTake)]
    assert asks and asks[0].taker.name == "Ann" and take_advice(asks[0].advice).startswith("Take")


def test_a_hint_is_for_the_player_on_roll_either_side() -> None:
    drive = Driver(two_flow())
    drive.to_move()
    drive.play_first_move()
    drive.to_move()
    s, flow = drive.flow.session, drive.flow
    assert s.turn == AI
    out = drive(AskHint(2))
    req = next(e.request for e in out if isinstance(e, StartSearch))
    assert isinstance(req, Request) and req.kind == "hint"
    assert req.position == s.state.position and req.dice == flow.builder.dice  # Bob's board and roll
    assert req.context is not None and req.context.away == (5, 5)
    b = flow.builder
    assert b is not None
    best = b.moves[-1]
    drive(SearchDone((RankedMove(best, 0.1, PROBS), RankedMove(b.moves[0], 0.0, PROBS))))
    assert [h.move for h in flow.hints][:1] == [best]
    drive(UseHint(0))
    drive(Confirm())
    assert s.log[-1].player == AI and s.log[-1].steps == best.steps


def test_the_tutor_warns_either_player() -> None:
    drive = Driver(two_flow(tutor=0.02))
    drive.to_move()
    flow, s = drive.flow, drive.flow.session
    req = next(e.request for e in drive.effects if isinstance(e, StartSearch))
    assert isinstance(req, Request) and flow.search is Search.TUTOR and req.position == s.state.position
    for player in (HUMAN, AI):
        assert s.turn == player and flow.search is Search.TUTOR
        asked = [e.request for e in drive.effects if isinstance(e, StartSearch)][-1]
        assert isinstance(asked, Request) and asked.position == s.state.position  # this player's board
        b = flow.builder
        assert b is not None
        worst = b.moves[0]
        ranked = tuple(RankedMove(m, 0.0 if m is worst else 0.5, PROBS) for m in b.moves)
        drive(SearchDone(ranked))
        for st in worst.steps:
            drive(MoveChecker(st.src, st.dst))
        warned = [e for e in drive(Confirm()) if isinstance(e, TutorWarn)]
        assert warned and warned[0].verdict.loss == pytest.approx(0.5), f"no warning for player {player}"
        drive(TutorPlayIt())
        drive.to_move()


def test_a_resignation_is_put_to_the_other_player() -> None:
    drive = Driver(two_flow())
    drive.to_move()
    drive.play_first_move()
    drive.to_move()
    s = drive.flow.session
    out = drive(Resign(Resignation.SINGLE))
    asks = [e for e in out if isinstance(e, AskResign)]
    assert asks and (asks[0].resigner.name, asks[0].taker.name, asks[0].points) == ("Bob", "Ann", 1)
    drive(DeclineResign())
    assert drive.flow.phase is Phase.MOVING and s.turn == AI  # Bob plays on
    drive(Resign(Resignation.SINGLE))
    drive(AcceptResign())
    out_ = s.outcome()
    assert out_ is not None and out_.winner == HUMAN and s.match_now().score == (1, 0)
    assert "Ann accepts: Ann wins 1 point." in drive.said()


def test_against_the_computer_the_second_side_is_the_computer_at_the_level() -> None:
    cfg = GameConfig("expert", 4, 0.0, 5, "you", CheckerColour.LIGHT)
    assert cfg.controller(HUMAN).is_human and not cfg.controller(AI).is_human
    assert (cfg.controller(AI).depth, cfg.player_names()) == (4, ("You", "Computer"))


# --- settings, saves, records ----------------------------------------------------------------------


def test_two_players_and_their_names_are_kept_in_the_settings(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(opponent=Control.HUMAN, name_one="Ann", name_two="Bob Ó"))
    loaded, told = store.load_settings()
    assert told is None and (loaded.opponent, loaded.name_one, loaded.name_two) == ("human", "Ann", "Bob Ó")
    cfg = loaded.game_config()
    assert cfg.is_two_player() and cfg.player_names() == ("Ann", "Bob Ó")


def test_a_bad_name_in_the_settings_falls_back_alone(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({"opponent": "human", "name_one": "   ", "name_two": "x" * 200, "match_length": 3})
    )
    loaded, told = Store(tmp_path).load_settings()
    assert told is not None and (loaded.name_one, loaded.name_two) == ("Player 1", "Player 2")
    assert loaded.opponent == "human" and loaded.match_length == 3
    assert clean_name("  Ann\x00 ", "P") == "Ann" and clean_name("\t", "P") == "P"


def test_a_two_player_game_survives_a_save_and_resumes_on_the_same_players_half_move() -> None:
    drive = Driver(two_flow())
    drive.to_move()
    drive.play_first_move()
    drive.to_move()
    b = drive.flow.builder
    assert b is not None and drive.flow.session.turn == AI
    step = b.moves[0].steps[0]
    drive(MoveChecker(step.src, step.dst))
    data = json.loads(json.dumps(drive.flow.session.to_json()))  # as written to disk
    back = GameSession.from_json(data)
    assert back.config.is_two_player() and back.names() == ("Ann", "Bob")
    assert back.partial == (step,) and back.turn == AI
    again = Driver(TurnFlow(back, FlowOptions(auto_forced=False)))
    again(Tick(0.05))
    assert again.flow.phase is Phase.MOVING and again.flow.builder is not None
    assert [p.step for p in again.flow.builder.played] == [step]
    assert status_line(again.flow.status()).startswith("Bob's turn")


def test_a_saved_game_with_unreadable_names_is_refused_in_words() -> None:
    data = GameSession(two_config(), seed="x").to_json()
    data["config"]["names"] = ["Ann"]
    with pytest.raises(SaveError, match="names"):
        GameSession.from_json(data)
    data["config"]["names"] = ["Ann", 7]
    with pytest.raises(SaveError, match="name 2"):
        GameSession.from_json(data)


def played_out(seed: str = "two-record") -> GameSession:
    """A two-player 1-point match played to its end, both sides by hand (their first legal moves)."""
    flow = TurnFlow(GameSession(two_config(match_length=1), seed=seed), FlowOptions(auto_forced=False))
    drive = Driver(flow)
    for _ in range(400):
        if flow.session.outcome() is not None:
            return flow.session
        drive.to_move()
        drive.play_first_move()
    raise AssertionError("the game did not end")


def test_the_record_keeps_both_names_and_the_statistics_leave_it_out(tmp_path: Path) -> None:
    s = played_out()
    s.record_name = "20261125-200000-1pt.mat"
    path = keep_game(tmp_path / "matches", s)
    assert path is not None
    text = path.read_text()
    record = read_match(text)
    assert record.players == ("Ann", "Bob") and "Ann : 0" in text and "Bob : 0" in text
    assert len(replay(record).games[0].turns) == len(s.log)
    assert count_game(tmp_path, s) is None
    record_review(tmp_path, s.record_name, (5.0, 6.0), record.players)
    stats, _ = load_stats(tmp_path)
    assert stats.matches() == [] and stats.entry(s.record_name) is None


def test_the_review_of_a_two_player_match_judges_both_players(tmp_path: Path) -> None:
    from ai.analysis.review import review

    s = played_out()
    s.record_name = "20261125-200001-1pt.mat"
    path = keep_game(tmp_path, s)
    assert path is not None
    evaluator, _ = default_evaluator()
    rev = review(replay(read_match(path.read_text())), 1, evaluator)
    assert rev.match.record.players == ("Ann", "Bob")
    for p in (HUMAN, AI):
        judged = [d for d in rev.decisions if d.player == p and d.kind == "move"]
        assert judged and rev.stats[p].unforced_moves == len(judged), f"player {p} not judged"


def test_a_match_against_the_computer_still_counts() -> None:
    s = GameSession(
        GameConfig("casual", 1, 0.0, 1, "you", CheckerColour.LIGHT), start=Position.start(), seed="c"
    )
    assert not s.config.is_two_player() and s.names() == ("You", "Computer")


def test_the_tutor_names_the_other_player_when_a_double_was_missed() -> None:
    drive = Driver(two_flow(tutor=0.02))
    drive.to_move()
    b = drive.flow.builder
    assert b is not None
    drive(SearchDone(tuple(RankedMove(m, 0.0, PROBS) for m in b.moves)))  # every move as good
    drive.play_first_move()
    flow = drive.flow
    assert flow.session.turn == AI and flow.phase is Phase.AWAITING_ROLL and flow.search is Search.TUTOR_CUBE
    drive(RollDice())  # Bob rolls without doubling
    assert flow.phase is Phase.TUTOR_CHECKING
    should_double = CubeAnswer(0, (0.75, 0.2, 0.0, 0.05, 0.0), 0.2, 0.5, 1.0, True, True)
    warned = [e for e in drive(CubeDone(should_double)) if isinstance(e, TutorWarn)]
    assert warned and "double, Ann should take" in verdict_line(warned[0].verdict, warned[0].taker)
