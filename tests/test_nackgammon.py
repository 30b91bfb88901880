"""Nackgammon end to end: the variant's start in the rules, autoplay, the records (written and read
as GNU Backgammon writes and reads them), the replay and review, saves, the new-game settings and
the editor's start. (GNU Backgammon loading what we write: tests/test_gnubg_nackgammon.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.autoplay import play_match
from ai.cli.autoplay import main as autoplay_main
from ai.evaluation.load import hand_evaluator
from ai.levels import level_by_key
from game.records import formats
from game.records.errors import MatFileError, ReplayError, SgfFileError
from game.records.formats import read_record, record_bytes, replay_bytes
from game.records.mat import format_match, read_match
from game.records.model import MatchRecord, Rules
from game.records.replay import replay
from game.records.sgf import format_sgf, read_sgf
from game.records.xg import read_xg
from game.rules.position import START_CODE, swap
from game.rules.variant import Variant
from tests.test_record_formats import turns
from tests.xg_build import xg_file
from ui.model.records import keep_game
from ui.model.session import GameConfig, GameSession
from ui.model.storage import Settings, Store
from ui.model.workbench.editor import EditorPosition

DATA = Path(__file__).parent / "data"
GNUBG_MAT = DATA / "mat" / "gnubg-nackgammon.mat"
"""A 3-point nackgammon match GNU Backgammon played and exported (tests/data/mat/SOURCES.md)."""
GNUBG_SGF = DATA / "sgf" / "gnubg-nackgammon.sgf"
"""The same match as GNU Backgammon saves it."""
NACK = Variant.NACKGAMMON.start_code


@pytest.fixture(scope="module")
def autoplayed() -> MatchRecord:
    """A whole 5-point nackgammon match the computer played against itself (cube and all)."""
    evaluator, _ = hand_evaluator()
    return play_match(5, level_by_key("novice"), 7, evaluator, date="2026.11.28", variant=Variant.NACKGAMMON)


# --- GNU Backgammon's own nackgammon records --------------------------------------------------


def test_gnu_backgammons_nackgammon_mat_is_read_as_nackgammon_and_replays_from_its_start() -> None:
    record = read_match(GNUBG_MAT.read_text(encoding="utf-8"))
    assert record.variant is Variant.NACKGAMMON
    played = replay(record)
    assert len(played.games) == 2 and played.final_score() == (0, 3)
    for game in played.games:
        first = game.turns[0]
        assert first.code == NACK  # both sides alike: whoever is on roll
    assert played.games[1].crawford


def test_gnu_backgammons_nackgammon_sgf_reads_the_same_match_as_its_mat() -> None:
    mat = replay(read_record(GNUBG_MAT.read_bytes()))
    sgf = replay(read_record(GNUBG_SGF.read_bytes()))
    assert sgf.record.variant is Variant.NACKGAMMON and sgf.record.rules == Rules(crawford=True)
    assert turns(sgf) == turns(mat)


def test_a_nackgammon_match_read_as_standard_does_not_replay() -> None:
    text = GNUBG_MAT.read_text(encoding="utf-8").replace('; [Variation "NackGammon"]\n', "")
    with pytest.raises(ReplayError, match="game 1, move 1"):  # 24/22 23/22: nobody is on the 23 point
        replay(read_match(text))


# --- written as GNU Backgammon writes it ------------------------------------------------------


def test_nackgammon_mat_says_its_variation_as_gnu_backgammon_does() -> None:
    text = GNUBG_MAT.read_text(encoding="utf-8")
    assert format_match(read_match(text)) == text  # GNU Backgammon's own export, byte for byte
    made = MatchRecord(3, ("a", "b"), read_match(text).games, variant=Variant.NACKGAMMON)
    assert format_match(made).startswith('; [Variation "NackGammon"]\n\n 3 point match\n')


def test_nackgammon_sgf_rules_are_gnu_backgammons() -> None:
    text = format_sgf(read_record(GNUBG_MAT.read_bytes()), "GNU Backgammon:1.07.001")
    assert [line[line.index("RU[") :].split("]")[0] + "]" for line in text.splitlines() if "RU[" in line] == [
        "RU[Crawford:Nackgammon]",
        "RU[Crawford:CrawfordGame:Nackgammon]",
    ]
    theirs = GNUBG_SGF.read_text(encoding="utf-8")
    assert turns(replay(read_sgf(text))) == turns(replay(read_sgf(theirs)))


@pytest.mark.parametrize(("jacoby", "rules"), [(True, "RU[Jacoby:Nackgammon]"), (False, "RU[Nackgammon]")])
def test_a_nackgammon_money_session_says_so_in_its_rules(jacoby: bool, rules: str) -> None:
    games = read_match(GNUBG_MAT.read_text(encoding="utf-8")).games[:1]
    money = MatchRecord(0, ("a", "b"), games, variant=Variant.NACKGAMMON, rules=Rules(jacoby=jacoby))
    text = format_sgf(money)
    assert rules in text
    back = read_sgf(text)
    assert (back.variant, back.rules.jacoby) == (Variant.NACKGAMMON, jacoby)


def test_a_variant_this_game_does_not_play_is_refused_in_each_format() -> None:
    text = GNUBG_MAT.read_text(encoding="utf-8").replace("NackGammon", "Hypergammon")
    with pytest.raises(MatFileError, match="the variation 'Hypergammon' is not one this game plays"):
        read_match(text)
    with pytest.raises(SgfFileError, match="Hypergammon2 is not a variant this game plays"):
        read_sgf("(;GM[6]MI[length:3]RU[Crawford:Hypergammon2];W[31hefe])")


def test_an_sgf_whose_games_are_of_two_variants_is_refused() -> None:
    text = "(;GM[6]MI[length:3][game:0]RU[Nackgammon]RE[W+1];W[31hefe])(;GM[6]MI[length:3][game:1]RE[W+1])"
    with pytest.raises(SgfFileError, match="game 2 is played as standard, game 1 as nackgammon"):
        read_sgf(text)


def test_a_nackgammon_xg_file_is_read_as_nackgammon() -> None:
    record = read_record(GNUBG_MAT.read_bytes())
    back = read_xg(xg_file(record))
    assert back.variant is Variant.NACKGAMMON
    assert turns(replay(back)) == turns(replay(record))


# --- autoplay -----------------------------------------------------------------------------------


def test_a_whole_autoplay_nackgammon_match_starts_each_game_at_nackgammons_start(
    autoplayed: MatchRecord,
) -> None:
    played = replay(autoplayed)
    assert autoplayed.variant is Variant.NACKGAMMON and max(played.final_score()) >= 5
    assert all(game.turns[0].code == NACK for game in played.games)
    assert {t.doubled for g in played.games for t in g.turns} == {False, True}  # the cube was used


@pytest.mark.parametrize("fmt", formats.written(), ids=lambda f: f.name)
def test_a_whole_autoplay_nackgammon_match_is_written_and_read_back(
    autoplayed: MatchRecord, fmt: formats.RecordFormat
) -> None:
    data = record_bytes(autoplayed, fmt)
    back = replay_bytes(data)
    assert back.record.variant is Variant.NACKGAMMON
    assert turns(back) == turns(replay(autoplayed))


def test_autoplay_variant_nackgammon_writes_a_nackgammon_record(tmp_path: Path) -> None:
    for name in ("m.mat", "m.sgf"):
        out = tmp_path / name
        args = [
            "--match",
            "1",
            "--level",
            "novice",
            "--seed",
            "3",
            "--variant",
            "nackgammon",
            "--out",
            str(out),
        ]
        assert autoplay_main(args) == 0
        back = replay_bytes(out.read_bytes())
        assert back.record.variant is Variant.NACKGAMMON and back.games[0].turns[0].code == NACK
    assert '; [Variation "NackGammon"]' in (tmp_path / "m.mat").read_text(encoding="utf-8")
    assert "RU[Nackgammon]" in (tmp_path / "m.sgf").read_text(encoding="utf-8")  # 1 point: no Crawford


def test_autoplay_refuses_a_variant_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        autoplay_main(["--match", "1", "--variant", "hypergammon", "--out", "x.mat"])
    assert "invalid choice: 'hypergammon'" in capsys.readouterr().err


# --- the window: the new game, saves, the kept record, the editor ------------------------------


def _config(variant: Variant, length: int = 3) -> GameConfig:
    return Settings(match_length=length, variant=variant).game_config()


def _play_out(session: GameSession) -> None:
    """Play the game to its end, each side the first legal move of every roll."""
    session.begin()
    while session.outcome() is None:
        if session.state.dice is None:
            session.roll()
        moves = session.state.legal_moves()
        session.play(moves[0] if moves else None)


def test_the_new_game_settings_choose_the_variant_and_a_new_game_starts_at_its_start() -> None:
    session = GameSession(_config(Variant.NACKGAMMON), seed="nack")
    assert session.config.variant is Variant.NACKGAMMON and session.start.code == NACK
    session.begin()
    assert session.state.position.code == NACK
    assert GameSession(_config(Variant.STANDARD), seed="std").start.code == START_CODE


def test_the_variant_setting_is_kept_and_a_bad_one_is_repaired() -> None:
    settings = Settings(variant=Variant.NACKGAMMON)
    back = Settings.from_json(json.loads(json.dumps(settings.to_json())))
    assert back.variant is Variant.NACKGAMMON
    repaired, bad = Settings.repair({"variant": "hypergammon"})
    assert repaired.variant is Variant.STANDARD and bad
    assert Settings.repair({})[0].variant is Variant.STANDARD  # settings saved before variants


def test_a_save_with_the_variant_resumes_as_nackgammon() -> None:
    session = GameSession(_config(Variant.NACKGAMMON), seed="resume")
    session.begin()  # the opening roll: the first move is due
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["config"]["variant"] == "nackgammon"
    back = GameSession.from_json(saved)
    assert back.config.variant is Variant.NACKGAMMON and back.start.code == NACK
    assert back.state == session.state


def test_an_old_save_without_the_variant_resumes_as_standard() -> None:
    session = GameSession(_config(Variant.STANDARD), seed="old")
    saved = json.loads(json.dumps(session.to_json()))
    del saved["config"]["variant"]
    back = GameSession.from_json(saved)
    assert back.config.variant is Variant.STANDARD and back.start.code == START_CODE


def test_the_next_game_of_a_nackgammon_match_starts_at_nackgammons_start() -> None:
    session = GameSession(_config(Variant.NACKGAMMON, length=5), seed="next")  # no game ends a 5-point match
    _play_out(session)
    assert session.next_game("again").start.code == NACK
    session.setup = "set up"  # a match set up from a position goes on from the variant's start
    assert session.next_game("again").start.code == NACK


def test_a_nackgammon_game_played_in_the_window_is_kept_as_a_nackgammon_record(tmp_path: Path) -> None:
    session = GameSession(_config(Variant.NACKGAMMON), seed="kept")
    _play_out(session)
    path = keep_game(Store(tmp_path).matches_folder, session)
    assert path is not None
    assert '; [Variation "NackGammon"]' in path.read_text(encoding="utf-8")
    played = replay_bytes(path.read_bytes())  # what the review opens: it replays from the start
    assert played.record.variant is Variant.NACKGAMMON and played.games[0].turns[0].code in (NACK, swap(NACK))


def test_the_editors_start_sets_the_variants_start_and_again_the_next_variants() -> None:
    standard = EditorPosition()  # the editor opens at the standard start
    nack = standard.starting(Variant.NACKGAMMON).value
    assert nack.bottom == nack.top == Variant.NACKGAMMON.start_side
    again = nack.starting(Variant.NACKGAMMON).value
    assert again.bottom == again.top == Variant.STANDARD.start_side
    assert nack.starting(Variant.STANDARD).value.bottom == Variant.STANDARD.start_side
    assert standard.starting(Variant.STANDARD).value.bottom == Variant.NACKGAMMON.start_side


def test_the_new_game_dialog_offers_every_variant_by_name() -> None:
    from ui.scenes.settings.menu import VARIANT_NAMES, options

    row = next(o for o in options() if o.attr == "variant")
    assert row.values == list(Variant) and set(VARIANT_NAMES) == set(Variant)
    assert row.names == ["Standard", "Nackgammon"]
