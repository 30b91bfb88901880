"""Choosing a language (issue 55): the languages named in themselves, the system's followed at first
start, the settings' row switching at once with no restart, numbers and dates per locale (Babel),
catalogues compiled from their .po at run time or read compiled."""

from __future__ import annotations

import datetime
import gettext
import json
import os
import plistlib
import time
from pathlib import Path

import pygame
import pytest

from ui import text as words
from ui.app.app import App
from ui.model.storage import Settings, Store
from ui.scenes.settings.menu import MenuScene
from ui.text import formats, languages
from ui.text.languages import BY_CODE, ENGLISH, LANGUAGES, language_of, system_language

NAMES = {
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt_BR": "Português (Brasil)",
    "nl": "Nederlands",
    "da": "Dansk",
    "sv": "Svenska",
    "fi": "Suomi",
    "pl": "Polski",
    "cs": "Čeština",
    "ru": "Русский",
    "el": "Ελληνικά",
    "tr": "Türkçe",
    "ja": "日本語",
    "he": "עברית",
    "en": "English",
}


def test_every_language_is_named_in_itself() -> None:
    assert {lang.code: lang.name for lang in LANGUAGES} == NAMES
    assert len(LANGUAGES) - 1 >= 16


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("pt_BR.UTF-8", "pt_BR"),
        ("pt_PT", "pt_BR"),
        ("pt", "pt_BR"),
        ("fr_CA@euro", "fr"),
        ("ja_JP.eucJP", "ja"),
        ("iw_IL", "he"),
        ("C", "en"),
        ("POSIX", "en"),
        ("en_GB.UTF-8", "en"),
    ],
)
def test_a_system_locale_name_stands_for_the_language_the_game_speaks(tag: str, code: str) -> None:
    found = language_of(tag)
    assert found is not None and found.code == code


@pytest.mark.parametrize("tag", ["zh_CN.UTF-8", "nb_NO", "", "xx"])
def test_a_system_language_the_game_does_not_speak_is_none(tag: str) -> None:
    assert language_of(tag) is None


def test_the_posix_variables_are_read_in_gettexts_order() -> None:
    env = {"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}
    assert system_language(env, "linux").code == "de"
    assert system_language({**env, "LC_ALL": "sv_SE.UTF-8"}, "linux").code == "sv"
    assert system_language({**env, "LANGUAGE": "zh_CN:ru:en"}, "linux").code == "ru"
    assert system_language({"LANG": "zh_CN.UTF-8"}, "linux") is ENGLISH
    assert system_language({}, "linux") is ENGLISH


def test_windows_follows_the_user_interface_language() -> None:
    assert system_language({"LANG": "fr_FR"}, "win32", windows=lambda: "tr_TR").code == "tr"
    assert system_language({}, "win32", windows=lambda: "").code == "en"


def test_macos_follows_apple_languages_else_lang(tmp_path: Path) -> None:
    preferences = tmp_path / languages.MAC_PREFERENCES
    preferences.parent.mkdir(parents=True)
    preferences.write_bytes(
        plistlib.dumps({"AppleLanguages": ["zh-Hans-CN", "el-GR", "en"]}, fmt=plistlib.FMT_BINARY)
    )
    assert languages.mac_languages(tmp_path) == ["zh-Hans-CN", "el-GR", "en"]
    read = lambda: languages.mac_languages(tmp_path)  # noqa: E731
    assert system_language({"LANG": "de_DE"}, "darwin", mac=read).code == "el"
    assert (
        system_language({"LANG": "de_DE"}, "darwin", mac=lambda: languages.mac_languages(tmp_path / "x")).code
        == "de"
    )


def test_a_damaged_mac_preferences_file_is_no_language(tmp_path: Path) -> None:
    preferences = tmp_path / languages.MAC_PREFERENCES
    preferences.parent.mkdir(parents=True)
    preferences.write_bytes(b"not a plist")
    assert languages.mac_languages(tmp_path) == []


def test_the_environment_variable_wins_then_the_setting_then_the_system() -> None:
    assert words.chosen_language("fi", {"LANG": "de_DE", words.LANGUAGE_VARIABLE: "pseudo"}) == "pseudo"
    assert words.chosen_language("fi", {"LANG": "de_DE"}) == "fi"
    assert words.chosen_language("", {"LANG": "de_DE"}) == "de"


@pytest.mark.parametrize(
    ("code", "value", "spec", "shown"),
    [
        ("en", -0.1234, "+.3f", "-0.123"),
        ("en", 0.1234, "+.3f", "+0.123"),
        ("en", 0.1234, ".1%", "12.3%"),
        ("de", -0.1234, "+.3f", "-0,123"),
        ("de", 0.1234, ".1%", "12,3\xa0%"),
        ("fr", 0.5, ".0%", "50\xa0%"),
        ("tr", 0.1234, ".1%", "%12,3"),
        ("sv", -0.25, "+.2f", "\u22120,25"),
        ("ja", 0.1234, ".1%", "12.3%"),
        ("de", 12345.5, ",.1f", "12.345,5"),
    ],
)
def test_numbers_and_percentages_are_written_as_the_language_writes_them(
    code: str, value: float, spec: str, shown: str
) -> None:
    assert formats.number(value, spec, formats.babel_locale(code)) == shown


def test_english_numbers_read_exactly_as_python_formats_them() -> None:
    where = formats.babel_locale("en")
    for value in (0.0005, -0.0004, 2.675, 0.125, 1 / 3, -12.5, 0.99995):
        for spec in ("+.3f", ".1%", ".0%", ".2f", "+.2f", ".0f"):
            assert formats.number(value, spec, where) == format(value, spec)


def test_a_phrase_fills_its_numbers_and_dates_in_the_language_spoken() -> None:
    words.use("de")
    phrase = words._("win {win:.1%} g {gammon:.1%} bg {backgammon:.1%}")
    assert "50,0" in phrase.format(win=0.5, gammon=0.1, backgammon=0.01)
    assert words.date(datetime.date(2026, 11, 21)) == "21.11.2026"
    words.use("")
    assert words._("{n:.2f}").format(n=1.5) == "1.50"
    assert words.date(datetime.date(2026, 11, 21)) == "Nov 21, 2026"


def test_a_catalogue_is_compiled_from_its_po_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; '
        'plural=(n != 1);\\n"\n\nmsgid "Quit"\nmsgstr "Beenden"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(words, "LOCALE_DIR", tmp_path)
    catalogue = words.load_catalogue("de")
    assert catalogue.gettext("Quit") == "Beenden"
    assert not (folder / "messages.mo").exists()


def test_a_compiled_catalogue_newer_than_its_po_is_read_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Quit"\nmsgstr "{}"\n'
    (folder / "messages.po").write_text(po.format("Beenden"), encoding="utf-8")
    (folder / "messages.mo").write_bytes(words.compiled(po.format("Verlassen").encode()))
    monkeypatch.setattr(words, "LOCALE_DIR", tmp_path)
    assert words.load_catalogue("de").gettext("Quit") == "Verlassen"
    later = time.time() + 5
    os.utime(folder / "messages.po", (later, later))
    assert words.load_catalogue("de").gettext("Quit") == "Beenden"


def test_a_catalogue_that_does_not_parse_is_said_with_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "fi" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_text('msgid "Quit"\nmsgtsr "Lopeta"\n', encoding="utf-8")
    monkeypatch.setattr(words, "LOCALE_DIR", tmp_path)
    with pytest.raises(words.CatalogueError, match=r"messages\.po"):
        words.load_catalogue("fi")
    catalogue, why = words.catalogue_or_why("fi")
    assert catalogue is None and why is not None and "messages.po" in why
    assert isinstance(words.translations_for("fi"), gettext.NullTranslations)


def test_the_language_setting_is_kept_and_checked() -> None:
    assert Settings.from_json({"language": "pt_BR"}).language == "pt_BR"
    assert Settings().language == ""
    settings, bad = Settings.repair({"language": "../../etc"})
    assert settings.language == "" and bad


# --- the settings' row ----------------------------------------------------------------------------------


def _app(home: Path, **settings: object) -> App:
    (home / "settings.json").write_text(json.dumps({"sound": False, "animation": "off", **settings}))
    return App((1024, 700), surface=pygame.Surface((1024, 700)), store=Store(home), sound=False)


def _wait_for_jobs(app: App) -> None:
    for _ in range(400):
        app.update(0.0)
        if not app.file_jobs.busy():
            app.update(0.0)
            return
        time.sleep(0.005)
    raise AssertionError("the file jobs did not finish")


def test_the_first_start_speaks_the_systems_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "el_GR.UTF-8")
    _app(tmp_path)
    assert words.language() == "el"


def test_the_language_row_switches_at_once_and_is_saved(tmp_path: Path) -> None:
    app = _app(tmp_path)
    app.open_menu()
    menu = app.stack.top()
    assert isinstance(menu, MenuScene)
    row = next(i for i, opt in enumerate(menu.rows) if opt.attr == "language")
    assert menu.shown(menu.rows[row]) == "English"
    menu.change(row, 1)  # English is last: one on is the first language, Deutsch
    _wait_for_jobs(app)
    assert app.settings.language == "de" and words.language() == "de"
    assert menu.shown(menu.rows[row]) == "Deutsch"
    assert Settings.from_json(app.settings.to_json()).language == "de"  # kept as the others are
    german = words._("New game & settings")
    assert menu.title == german and menu.rows[row].label == words._("Language")
    app.draw(app.screen)
    menu.change(row, -1)
    _wait_for_jobs(app)
    assert words.language() == "en" and menu.title == "New game & settings"


def test_the_language_chosen_is_spoken_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    _app(tmp_path, language="ja")
    assert words.language() == "ja" and words.current() is BY_CODE["ja"]


def test_the_selftest_runs_in_a_language_given(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.app import selftest

    monkeypatch.delenv(words.LANGUAGE_VARIABLE, raising=False)
    assert selftest.main(["--only", "frame", "--language", "de"]) == 0
    assert os.environ[words.LANGUAGE_VARIABLE] == "de"
    monkeypatch.delenv(words.LANGUAGE_VARIABLE)


def test_the_selftest_refuses_a_language_it_does_not_ship(capsys: pytest.CaptureFixture[str]) -> None:
    from ui.app import selftest

    assert selftest.main(["--only", "frame", "--language", "xx"]) == 2
    assert "no language 'xx'" in capsys.readouterr().err


def test_the_selftest_checks_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every language's catalogue loads and a frame draws in it (fails while a catalogue is missing)."""
    from ui.app import selftest

    result = selftest.run_check(selftest.Check.LANGUAGES, {})
    assert result.status == "ok", result.detail


def test_the_moves_list_says_a_turn_without_a_move_in_the_players_language() -> None:
    """A dance on the bar is "(no move)" in the match record, and in German words in the Moves list."""
    from helpers import side

    from game.rules.move import legal_moves
    from game.rules.position import Position
    from ui.model.seats import CheckerColour
    from ui.model.session import GameConfig, GameSession
    from ui.widgets.scoreboard import log_lines

    closed = Position.from_sides(side({}, bar=1), side({p: 2 for p in range(1, 7)}))
    s = GameSession(GameConfig("casual", 1, 0.0, 5, "you", CheckerColour.LIGHT), seed="dance", start=closed)
    s.begin()
    assert s.state.dice is not None and not legal_moves(s.state.position, s.state.dice)
    s.play(None)
    words.use("de")
    try:
        assert log_lines(s)[-1].endswith(": " + words._("(no move)"))
        assert "(no move)" not in log_lines(s)[-1]
    finally:
        words.use("")


def test_the_header_names_you_and_the_computer_in_the_players_language() -> None:
    """The match record keeps the English "You" and "Computer"; the header over the board says them in
    the language shown."""
    from ui.model.seats import COMPUTER_NAMES, CheckerColour
    from ui.model.session import GameConfig, GameSession
    from ui.widgets.scoreboard import shown_names

    s = GameSession(GameConfig("casual", 1, 0.0, 5, "you", CheckerColour.LIGHT), seed="names")
    words.use("de")
    try:
        assert shown_names(s) == (words._("You"), words._("Computer")) == ("Du", "Computer")
        words.use("fr")
        assert shown_names(s) == ("Vous", "Ordinateur")
        assert s.names() == COMPUTER_NAMES
    finally:
        words.use("")


def test_the_reasons_write_their_numbers_as_the_language_does() -> None:
    """The Why dialog's equities and chances: ``-0,261`` and ``44,5 %`` in German, as the panel's."""
    from ui.text import explain

    words.use("de")
    try:
        assert explain.equity(-0.261) == words.number(-0.261, "+.3f") == "-0,261"
        assert explain.share(0.445) == words.number(0.445, ".1%")
        assert "," in explain.share(0.445) and "." not in explain.share(0.445)
    finally:
        words.use("")
    assert (explain.equity(0.012), explain.share(0.523)) == ("+0.012", "52.3%")


def test_a_finished_match_writes_its_date_as_the_language_does() -> None:
    """The statistics' match lines: a date in the language's own format (Babel's medium one), not
    the ISO date the statistics keep."""
    from ui.model.player_stats import MatchEntry
    from ui.scenes.stats.scene import match_line

    entry = MatchEntry("20261102-120000-3pt.mat", "2026-11-02", 3, (0, 3), (0, 2), True, (6.0, 3.0))
    words.use("de")
    try:
        assert match_line(entry).startswith("02.11.2026 · ")
        words.use("ja")
        assert match_line(entry).startswith("2026/11/02")
    finally:
        words.use("")
    assert match_line(entry).startswith("Nov 2, 2026 · ")


def test_a_closed_reason_points_the_way_its_language_reads() -> None:
    """The Why list's closed entries: ▶ in German, ◀ in Hebrew (read from the right)."""
    from ui.scenes.why import closed_mark

    words.use("de")
    try:
        assert closed_mark() == "▶ "
        words.use("he")
        assert closed_mark() == "◀ "
    finally:
        words.use("")


def test_signed_numbers_outside_phrases_are_written_as_the_language_does() -> None:
    """A money session's scores, the temperature map's cells and the review graph's money scale: the
    language's signs and decimal mark (Hebrew's minus carries a left-to-right mark, so that it stays
    before its number in a right-to-left line), and English as before."""
    from ai.engine_types import CubeContext, RollCell
    from game.rules.match import MONEY, GameResult, Match
    from game.rules.outcome import Termination
    from ui.scenes.temperature import cell_words
    from ui.text.bidi import visual
    from ui.widgets.review_view import Graph
    from ui.widgets.scoreboard import score_words

    money = Match(MONEY, games=(GameResult(1, Termination.SINGLE, 2),))
    cell = RollCell((6, 5), 2 / 36, None, (0.5, 0.1, 0.0, 0.1, 0.0), -0.3125)
    graph = Graph(values=[0.0, -1.5], starts=(), money=True)
    assert score_words(money) == ("-2", "+2")
    assert cell_words(cell, None) == "-0.312"
    assert (graph.tick_label(-0.25), graph.tick_label(2.0)) == ("-0.25", "+2")
    words.use("he")
    try:
        mine, _ = score_words(money)
        assert visual(f"תוצאה {mine}", True).startswith("-2 ")  # the minus before the 2 where it is drawn
        assert visual(f"ערך {cell_words(cell, None)}", True).startswith("-0.312 ")
        words.use("de")
        assert cell_words(cell, None) == "-0,312" and graph.tick_label(0.5) == "+0,5"
        assert cell_words(cell, CubeContext(length=5, away=(5, 5))) != ""
    finally:
        words.use("")


def test_a_saved_matchs_time_is_written_as_the_language_does() -> None:
    """The open-match list: a file's time kept as ``YYYY-MM-DD HH:MM``, shown in the language's short
    date and time (German 02.01.26, 22:05; Japanese 2026/01/02 22:05)."""
    from ui.model.records import SavedMatch
    from ui.scenes.review.open_match import match_row

    saved = SavedMatch(Path("three.mat"), "2026-01-02 22:05", 5, ("Alice", "Bob"), (2, 5))
    words.use("de")
    try:
        assert match_row(saved).startswith("02.01.26, 22:05 · ")
        words.use("ja")
        assert match_row(saved).startswith("2026/01/02 22:05 · ")
    finally:
        words.use("")
    assert words.file_time("not a time") == "not a time"
