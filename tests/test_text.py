"""The text seam: one catalogue of the game's words, up to date with the code, worded through gettext;
the pseudo-locale; counts worded with ngettext; no screen writing English of its own."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from ui import text as words
from ui.flow.said import COMPUTER, YOU, Note, Party, Side
from ui.text import catalogue
from ui.text.flow import NOTES, dice_left, said
from ui.text.pseudo import GROWTH, PLACEHOLDER, pseudo

PROJECT = Path(__file__).resolve().parent.parent
UI = PROJECT / "ui"


@pytest.fixture
def speaking() -> Iterator[None]:
    """Whatever a test chooses, English again after it."""
    yield
    words.use("")


def messages() -> list[tuple[str, ...]]:
    """Every message of the catalogue: its msgid, and its plural when it has one."""
    return [
        (m.id,) if isinstance(m.id, str) else tuple(m.id) for m in catalogue.read(catalogue.TEMPLATE) if m.id
    ]


def test_the_catalogue_holds_every_phrase_the_code_marks_and_no_other() -> None:
    assert catalogue.check() == []


def test_the_catalogue_is_not_empty_and_has_plurals() -> None:
    found = messages()
    assert len(found) > 300 and any(len(m) == 2 for m in found)


def test_a_phrase_added_to_the_code_is_reported_missing_from_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "new.py").write_text('from ui.text import _\n\nSAID = _("A brand new phrase")\n')
    (tmp_path / "babel.cfg").write_text("[python: ui/**.py]\n")
    monkeypatch.setattr(catalogue, "PROJECT", tmp_path)
    monkeypatch.setattr(catalogue, "MAPPING", tmp_path / "babel.cfg")
    monkeypatch.setattr(catalogue, "TEMPLATE", tmp_path / "messages.pot")
    assert "missing" in catalogue.check()[0]
    assert catalogue.main(["check"]) == 1
    assert catalogue.main(["extract"]) == 0 and catalogue.check() == []
    (tmp_path / "ui" / "new.py").write_text('from ui.text import _\n\nSAID = _("Another phrase")\n')
    problems = catalogue.check()
    assert any("missing" in p and "Another phrase" in p for p in problems)
    assert any("not in the code" in p and "A brand new phrase" in p for p in problems)


def test_extracting_a_catalogue_elsewhere_updates_the_translations_beside_it_and_leaves_the_game_s_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "new.py").write_text('from ui.text import _\n\nSAID = _("A brand new phrase")\n')
    (tmp_path / "babel.cfg").write_text("[python: ui/**.py]\n")
    beside = tmp_path / "locale" / "xx" / "LC_MESSAGES" / f"{words.DOMAIN}.po"
    beside.parent.mkdir(parents=True)
    with beside.open("wb") as f:
        write_po(f, Catalog(locale="fr", domain=words.DOMAIN))
    monkeypatch.setattr(catalogue, "PROJECT", tmp_path)
    monkeypatch.setattr(catalogue, "MAPPING", tmp_path / "babel.cfg")
    monkeypatch.setattr(catalogue, "TEMPLATE", tmp_path / "locale" / f"{words.DOMAIN}.pot")
    games = {po: po.read_bytes() for po in words.LOCALE_DIR.glob(f"*/LC_MESSAGES/{words.DOMAIN}.po")}
    assert catalogue.extract() == 1
    assert "A brand new phrase" in beside.read_text(encoding="utf-8")
    assert {po: po.read_bytes() for po in games} == games


def fields(message: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(message))


def test_every_placeholder_is_kept_in_the_pseudo_locale() -> None:
    for message in messages():
        for form in message:
            assert fields(pseudo(form)) == fields(form), form


def test_the_pseudo_locale_makes_every_phrase_at_least_forty_percent_longer() -> None:
    for message in messages():
        for form in message:
            assert len(pseudo(form)) >= len(form) * (1 + GROWTH), form


def test_the_pseudo_locale_accents_the_letters_and_fills_in_like_english() -> None:
    said_in = pseudo("{name} doubles: the cube to {cube}.")
    assert said_in.startswith("{name} dóúbĺéš") and "{cube}" in said_in
    assert said_in.format(name="Ann", cube=4).startswith("Ann dóúbĺéš")


def test_the_language_is_chosen_by_the_environment_and_switched_at_once(
    monkeypatch: pytest.MonkeyPatch, speaking: None
) -> None:
    monkeypatch.setenv(words.LANGUAGE_VARIABLE, "pseudo")
    words.VOICE.language = None  # as at start-up: not chosen yet
    assert words._("Roll") == pseudo("Roll") and words.language() == "pseudo"
    assert said(Note.NO_MOVE_YET) == pseudo("No move has been played yet.")
    assert words.ngettext("{n} point", "{n} points", 2) == pseudo("{n} points")
    words.use("")
    assert words._("Roll") == "Roll"
    assert words.ngettext("{n} point", "{n} points", 1) == "{n} point"


def test_an_unknown_language_speaks_english(speaking: None) -> None:
    words.use("xx")
    assert words._("Roll") == "Roll"


def test_every_note_of_the_flow_is_worded() -> None:
    assert set(NOTES) == set(Note)
    assert all(said(note) for note in Note)


def test_a_sentence_names_each_side_as_it_is_spoken_of() -> None:
    from ui.flow.said import Doubled

    ann = Side(Party.PERSON, "Ann")
    assert said(Doubled(YOU, 2)) == "You double: the cube to 2."
    assert said(Doubled(COMPUTER, 4)) == "The computer doubles: the cube to 4."
    assert said(Doubled(ann, 8)) == "Ann doubles: the cube to 8."


def test_dice_left_are_counted_with_plurals() -> None:
    assert dice_left((4,)) == "a 4 is left"
    assert dice_left((5, 5, 5)) == "three 5s are left"
    assert dice_left(()) == "no dice are left"


# --- counts are worded with ngettext ------------------------------------------------------------------

COUNTS = {"count", "points", "games", "turns", "rolls", "trials", "moves", "positions", "files", "entries"}
"""Placeholders that hold a count: a phrase with one takes its form from ``ngettext``."""


def test_every_phrase_with_a_count_has_a_plural() -> None:
    single = [m[0] for m in messages() if len(m) == 1]
    counted = [m for m in single if {f.strip("{}").split(":")[0] for f in fields(m)} & COUNTS]
    assert counted == []


def test_every_record_problem_is_worded_as_the_records_say_it_in_english() -> None:
    from game.records.errors import ENGLISH, Numbered, Place, Problem, RecordError
    from ui.text.errors import file_error, record_error

    for problem in Problem:
        names = {f for _, f, _, _ in string.Formatter().parse(ENGLISH[problem]) if f} - {"where"}
        values: dict[str, str | int] = {n: 3 for n in names}
        if "what" in names:
            values["what"] = Numbered.SCORE.value
        for place in (Place(game=2, row=7, line=31, side=1), Place(line=4), Place(record=12), None):
            error = RecordError(problem, place, **values)
            assert record_error(error) == error.message() == file_error(error), problem


def _binds_underscore(function: ast.AST) -> bool:
    """True when ``function`` itself (not a comprehension or a function inside it) binds the name ``_``."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.comprehension)):
            continue
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.arg) and node.arg == "_":
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def _words(function: ast.AST) -> bool:
    """True when ``function`` calls ``_(...)``."""
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
        for n in ast.walk(function)
    )


def test_no_function_that_words_a_phrase_binds_the_name_of_the_wording_function() -> None:
    """``rate, _, channels = ...`` in a function that also calls ``_("...")`` makes the call fail."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                and _binds_underscore(node)
                and _words(node)
            ):
                found.append(f"{path.relative_to(PROJECT)}:{node.lineno} {node.name}")
    assert found == []


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def _plural_by_hand(node: ast.AST) -> bool:
    """``"s" * (n > 1)``, ``"s" if n != 1 else ""``, ``"turn" if n == 1 else "turns"``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return any(isinstance(side, ast.Constant) and side.value == "s" for side in (node.left, node.right))
    if isinstance(node, ast.IfExp):
        a, b = node.body, node.orelse
        if isinstance(a, ast.Constant) and isinstance(b, ast.Constant):
            x, y = str(a.value), str(b.value)
            return (bool(x and y) and (x + "s" == y or y + "s" == x)) or {x, y} == {"s", ""}
    return False


def test_no_module_pluralises_a_count_by_hand() -> None:
    found = [
        f"{path.relative_to(PROJECT)}:{node.lineno}"
        for path in ui_modules()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if _plural_by_hand(node)
    ]
    assert found == []


def test_no_phrase_is_built_with_a_plural_s_inside_an_fstring() -> None:
    by_hand = re.compile(r"""\{['"]s['"] \*|point\{|game\{|turn\{""")
    found = [
        str(path.relative_to(PROJECT))
        for path in ui_modules()
        if by_hand.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# --- no screen writes English of its own --------------------------------------------------------------

SINKS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "text": ((2,), ()),
    "wrap": ((1,), ()),
    "fit_text": ((1,), ()),
    "Button": ((1,), ("label",)),
    "Choice": ((1, 3), ("label", "keys")),
    "notify": ((0,), ("message",)),
    "alert": ((0,), ("message",)),
    "say": ((0,), ()),
    "ConfirmDialog": ((1, 2, 3, 5), ("question", "detail", "yes", "no")),
    "HeaderText": ((0,), ()),
    "Message": ((0,), ("said",)),
    "Exported": ((1,), ("message",)),
}
"""The drawing functions and the values they draw: each callee's name, the positions and keywords of
the arguments it draws."""

MARKED = ("Action", "BrowserAction", "_edit")
"""Tables whose label (the 2nd argument) and help (the 5th) are the catalogue's msgids: ``N_(...)``."""

WORDING = {"_", "ngettext", "pgettext", "npgettext", "N_", "Nn_"}
"""The text package's wording and marking functions."""


def is_phrase(node: ast.AST) -> bool:
    """A literal that reads as English: a string (or an f-string's literal part) with a word in it."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.search(r"[A-Za-z]{2,}", node.value) is not None
    if isinstance(node, ast.JoinedStr):
        return any(is_phrase(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        return is_phrase(node.left) or is_phrase(node.right)
    if isinstance(node, ast.IfExp):
        return is_phrase(node.body) or is_phrase(node.orelse)
    return False


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _drawn(call: ast.Call, positions: tuple[int, ...], keywords: tuple[str, ...]) -> list[ast.AST]:
    args = [call.args[i] for i in positions if i < len(call.args)]
    return args + [k.value for k in call.keywords if k.arg in keywords]


def english_handed_to_drawing(source: str) -> list[str]:
    """Each place in ``source`` where a drawing function is handed a phrase of English written there,
    a table's label or help is not a msgid, or a dialog's title is a literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _callee(node)
            if name in SINKS:
                found += [f"{node.lineno}: {name}" for arg in _drawn(node, *SINKS[name]) if is_phrase(arg)]
            if name in MARKED:
                for arg in _drawn(node, (1, 4), ("label", "help")):
                    marked = isinstance(arg, ast.Call) and _callee(arg) in WORDING
                    if is_phrase(arg) and not marked:
                        found.append(f"{node.lineno}: {name} label or help")
        elif isinstance(node, ast.Assign) and is_phrase(node.value):
            for target in node.targets:
                attr = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                if attr in ("title", "heading", "note", "refused", "told", "message"):
                    found.append(f"{node.lineno}: {attr} =")
    return found


def test_the_check_finds_english_handed_to_a_drawing_function() -> None:
    bad = (
        'text(surface, fonts, "Your turn", pos, 12, colour)\n'
        'ctx.notify(f"Rolled {roll}.")\n'
        'Button("roll", "Roll", rect)\n'
        'Choice("ok", _("Play"), keys, "Enter or Esc", run)\n'
        'title = "Resign?"\n'
        'Action("roll", "Roll", keys, "Space", "roll the dice", on, run)\n'
    )
    assert len(english_handed_to_drawing(bad)) == 7  # the action: its label and its help
    good = (
        'text(surface, fonts, _("Your turn"), pos, 12, colour)\n'
        'ctx.notify(_("Rolled {roll}.").format(roll=roll))\n'
        'Button("roll", action.words(), rect)\n'
        'Choice("ok", _("Play"), keys, "Y", run)\n'
        'text(surface, fonts, f"{a}-{b}", pos, 12, colour)\n'
        'Action("roll", N_("Roll"), keys, N_("Space"), N_("roll the dice"), on, run)\n'
    )
    assert english_handed_to_drawing(good) == []


def test_no_module_outside_the_text_package_hands_english_to_a_drawing_function() -> None:
    found = [
        f"{path.relative_to(PROJECT)}:{where}"
        for path in ui_modules()
        if "text" not in path.relative_to(UI).parts[:1]
        for where in english_handed_to_drawing(path.read_text(encoding="utf-8"))
    ]
    assert found == []
