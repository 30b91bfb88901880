"""The architecture, read from the imports: layers by package prefix, no import circle, small rooms.

Each module of ours obeys the rule of the longest package prefix in :data:`LAYERS` that names
it: it may import, of our own code, only what that rule allows, and never a third-party name the
rule forbids. Every import counts: at the top, inside functions, ``from package import module``,
relative imports, ``importlib.import_module("...")`` with a literal name, and imports under
``if TYPE_CHECKING:``: they never run, but a circle of types is a circle of ideas all the same (the
lower module names what it needs of the upper one as a Protocol of its own).
docs/architecture.md describes the same layout in words.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent

OURS = ("game", "ai", "ui")
"""The top-level packages the rules govern."""

SHARED = ("game.rules", "game.records", "game.support", "game.facts", "game.drills")
"""What every layer above the records may use (the facts an explanation stands on among them, and
the drill cards and their deck)."""


@dataclass(frozen=True)
class Layer:
    """What the modules under one package prefix may import."""

    may_import: tuple[str, ...]
    """Our own packages (prefixes) it may import; anything else of ours is forbidden."""
    never: tuple[str, ...] = ()
    """Third-party or standard names it must never import."""


NO_DISPLAY = ("pygame",)

DOOR = ("ai.engine", "ai.engine_types")
"""The engine's one door: :class:`ai.engine.Engine` and its values. The worker's handlers, the
command-line tools and autoplay reach the AI through it and nothing else of ``ai``: no search,
filters, helper processes, cube model or rollout internals by a side door."""

UI_AI = ("ai.engine_types", "ai.worker.messages")
"""All of ``ai`` the UI may import: the engine's values and the worker's messages (the UI asks the
engine through the worker; the app also starts it, :mod:`ai.worker.transport`)."""

BELOW_SEARCH = ("ai.evaluation", "ai.levels", "ai.blas", *SHARED)
"""What the search and everything above it may use: the evaluation, the levels table, BLAS threads."""
SEARCH = ("ai.search", "ai.filters", "ai.all_rolls", "ai.leaves", "ai.parallel")
"""The search and its parts (filters, every roll's moves at once, the deep levels, helper processes)."""
ABOVE_CUBE = ("ai.cube", *SEARCH, *BELOW_SEARCH)
"""What the layers on the cube model may use (ranking, the temperature map, Evaluate, the review,
rollouts)."""
ENGINE_PARTS = (
    *ABOVE_CUBE,
    "ai.ranking",
    "ai.temperature",
    "ai.position_value",
    "ai.analysis",
    "ai.rollout",
)
"""Everything the engine is built from; the engine is the one door to all of it."""

CLI_WORDS = ("ui.text.explain",)
"""The window's words the command line shares (in English): ``analyze``'s report explains its worst
decisions with the same sentences as the review (issue 53)."""

LAYERS: dict[str, Layer] = {
    "game": Layer(()),
    "game.rules": Layer(("game.rules",), NO_DISPLAY),
    "game.support": Layer(("game.support",), NO_DISPLAY),
    "game.records": Layer(("game.rules", "game.records", "game.support"), NO_DISPLAY),
    "game.facts": Layer(("game.rules", "game.facts"), NO_DISPLAY),
    "game.drills": Layer(
        ("game.rules", "game.records", "game.support", "game.facts", "game.drills"), NO_DISPLAY
    ),
    "ai": Layer(("ai", *SHARED), NO_DISPLAY),
    "ai.levels": Layer((), NO_DISPLAY),
    "ai.blas": Layer((), NO_DISPLAY),
    "ai.evaluation": Layer(("ai.evaluation", *SHARED), NO_DISPLAY),
    **{m: Layer((*SEARCH, *BELOW_SEARCH), NO_DISPLAY) for m in SEARCH},
    "ai.cube": Layer(("ai.cube", *SEARCH, *BELOW_SEARCH), NO_DISPLAY),
    "ai.ranking": Layer(("ai.ranking", *ABOVE_CUBE), NO_DISPLAY),
    "ai.temperature": Layer(("ai.temperature", "ai.ranking", *ABOVE_CUBE), NO_DISPLAY),
    "ai.position_value": Layer(("ai.position_value", "ai.ranking", *ABOVE_CUBE), NO_DISPLAY),
    "ai.analysis": Layer(("ai.analysis", "ai.ranking", "ai.rollout", *ABOVE_CUBE), NO_DISPLAY),
    "ai.rollout": Layer(("ai.rollout", "ai.ranking", *ABOVE_CUBE), NO_DISPLAY),
    "ai.engine": Layer((*ENGINE_PARTS, *DOOR), NO_DISPLAY),
    "ai.engine_types": Layer((*ENGINE_PARTS, "ai.engine_types"), NO_DISPLAY),
    "ai.worker.transport": Layer(("ai.worker", *DOOR, "ai.evaluation", "ai.parallel", *SHARED), NO_DISPLAY),
    "ai.cli": Layer(("ai.cli", "ai.autoplay", *DOOR, *SHARED, *CLI_WORDS), NO_DISPLAY),
    "ai.autoplay": Layer((*DOOR, *SHARED), NO_DISPLAY),
    "ai.worker.handlers": Layer(("ai.worker.messages", *DOOR, *SHARED), NO_DISPLAY),
    "ai.worker.messages": Layer(("ai.engine_types", *SHARED), (*NO_DISPLAY, "multiprocessing")),
    "ui": Layer(()),
    "ui.model": Layer(("game", "ui.model", *UI_AI, *SHARED), NO_DISPLAY),
    "ui.flow": Layer(("game", "ui.model", "ui.flow", *UI_AI, *SHARED), NO_DISPLAY),
    "ui.text": Layer(("game", "ui.model", "ui.flow", "ui.text", *UI_AI, *SHARED), NO_DISPLAY),
    "ui.widgets": Layer(("game", "ui.model", "ui.text", "ui.widgets", *UI_AI, *SHARED)),
    "ui.scenes": Layer(
        ("game", "ui.model", "ui.flow", "ui.text", "ui.widgets", "ui.scenes", *UI_AI, *SHARED)
    ),
    "ui.app": Layer(("game", "ui", *UI_AI, "ai.worker.transport", *SHARED)),
}
"""Package prefix -> its layer. ``"game"`` as an import means the package itself (the version)."""

SCENES = "ui.scenes"
SCENES_SHARED = (
    "ui.scenes.base",
    "ui.scenes.action_table",
    "ui.scenes.backdrop",
    "ui.scenes.rollout",
    "ui.scenes.export",
    "ui.scenes.help",
    "ui.scenes.temperature",
    "ui.scenes.evaluate",
    "ui.scenes.why",
    "ui.scenes.dice_pick",
)
"""What every screen may use of the scenes package; a screen's own package is its own business."""


def _matches(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def module_name(path: Path, root: Path = PROJECT) -> str:
    """The dotted name of the module in ``path`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module name ``source`` (the text of ``module``) imports, or may import.

    ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a module); relative imports
    are resolved against ``module``.
    """
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call):
            names.update(_import_call_names(node))
    return names


def _import_call_names(call: ast.Call) -> list[str]:
    """The module of ``importlib.import_module("x")``, ``import_module("x")`` or ``__import__("x")``."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    first = call.args[0] if call.args else None
    if name in ("import_module", "__import__") and isinstance(first, ast.Constant):
        return [str(first.value)]
    return []


def rule_for(module: str, rules: dict[str, Layer] = LAYERS) -> str | None:
    """The rule (package prefix) ``module`` follows: the longest that names it, or None."""
    owners = [prefix for prefix in rules if _matches(module, prefix)]
    return max(owners, key=len, default=None)


def modules(root: Path = PROJECT) -> dict[str, Path]:
    """Every module of ours under ``root``: dotted name -> file."""
    found = {}
    for top in OURS:
        for path in sorted((root / top).rglob("*.py")):
            found[module_name(path, root)] = path
    return found


def _own(name: str, known: dict[str, Path]) -> str | None:
    """The module of ours that ``name`` refers to (``a.b.attr`` -> ``a.b``), or None."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _screen(module: str) -> str | None:
    """The screen package of a module under the scenes (``ui.scenes.game``), or None."""
    if not _matches(module, SCENES) or module == SCENES:
        return None
    head = ".".join(module.split(".")[: SCENES.count(".") + 2])
    return head if head not in SCENES_SHARED else None


def _allowed(module: str, target: str, layer: Layer) -> bool:
    if target == "game":
        return "game" in layer.may_import
    if not any(_matches(target, p) for p in layer.may_import if p != "game"):
        return False
    screen, other = _screen(module), _screen(target)
    return not (screen and other and screen != other)


def violations(rules: dict[str, Layer] = LAYERS, root: Path = PROJECT) -> list[str]:
    """``module imports name (rule)`` for every import that breaks its layer's rule."""
    known = modules(root)
    found = []
    for module, path in known.items():
        rule = rule_for(module, rules)
        if rule is None:
            continue
        layer = rules[rule]
        source = path.read_text(encoding="utf-8")
        for name in sorted(imported_names(source, module, path.name == "__init__.py")):
            if any(_matches(name, f) for f in layer.never):
                found.append(f"{module} imports {name} (never in {rule})")
                continue
            if not any(_matches(name, top) for top in OURS):
                continue
            target = _own(name, known) or name
            if target == module or _matches(module, target):
                continue  # a package's own modules, or a module its own name's parent
            if not _allowed(module, target, layer):
                found.append(f"{module} imports {target} (not allowed in {rule})")
    return sorted(set(found))


def import_graph(root: Path = PROJECT) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (``if TYPE_CHECKING:`` imports included)."""
    known = modules(root)
    graph: dict[str, set[str]] = {}
    for module, path in known.items():
        names = imported_names(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
        graph[module] = {
            t for n in names if (t := _own(n, known)) and t != module and not _matches(module, t)
        }
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_module_breaks_its_layer() -> None:
    assert violations() == []


def test_no_import_circle_anywhere_function_level_and_type_only_imports_included() -> None:
    assert circles(import_graph()) == []


def test_every_layer_governs_some_module() -> None:
    governed = {rule_for(m) for m in modules()}
    assert set(LAYERS) <= governed
    assert all(rule_for(m) is not None for m in modules())


@pytest.mark.parametrize(
    ("source", "module", "name"),
    [
        ("import pygame", "game.rules.state", "pygame"),
        ("import pygame.freetype as ft", "game.rules.state", "pygame.freetype"),
        ("from game import records", "ai.worker.transport", "game.records"),
        ("from ui.app.app import App", "ai.worker.transport", "ui.app.app"),
        ("from . import move", "game.rules.state", "game.rules.move"),
        ("from .. import records", "game.rules.state", "game.records"),
        ("from ..support import files", "game.rules.state", "game.support.files"),
        ("def f():\n    import ai.search\n", "game.rules.state", "ai.search"),
        ("import importlib\nimportlib.import_module('ui.app')", "ai.cli.hint", "ui.app"),
    ],
)
def test_imports_are_read_in_every_form(source: str, module: str, name: str) -> None:
    assert name in imported_names(source, module)


def test_imports_under_type_checking_are_read() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import ai.search\nimport game.rules\n"
    assert {"ai.search", "game.rules"} <= imported_names(source, "x")


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for folder in [p for p in tmp_path.rglob("*") if p.is_dir()]:
        (folder / "__init__.py").touch()
    return tmp_path


def test_the_arrows_inside_ai_point_down_from_the_engine_to_the_evaluation(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "ai/evaluation/network.py": "from ai import search\n",
            "ai/search.py": "from ai.cube import model\n",
            "ai/cube/model.py": "from ai.rollout import play\n",
            "ai/rollout/play.py": "from ai.cube import model\nfrom ai import search, ranking\n",
            "ai/ranking.py": "from ai.cube import model\n",
            "ai/levels.py": "from ai import search\n",
            "ai/engine.py": "from ai.rollout import play\nfrom ai.worker import handlers\n",
            "ai/worker/handlers.py": "",
        },
    )
    assert violations(root=root) == [
        "ai.cube.model imports ai.rollout (not allowed in ai.cube)",
        "ai.cube.model imports ai.rollout.play (not allowed in ai.cube)",
        "ai.engine imports ai.worker (not allowed in ai.engine)",
        "ai.engine imports ai.worker.handlers (not allowed in ai.engine)",
        "ai.evaluation.network imports ai.search (not allowed in ai.evaluation)",
        "ai.levels imports ai.search (not allowed in ai.levels)",
        "ai.search imports ai.cube (not allowed in ai.search)",
        "ai.search imports ai.cube.model (not allowed in ai.search)",
    ]


def test_a_forbidden_import_is_reported_with_its_rule(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "game/rules/state.py": "from ai import search\nfrom game.support import files\n",
            "game/support/files.py": "",
            "ui/model/session.py": "import pygame\n",
            "ui/scenes/game/scene.py": "from ui.scenes.review import scene\n",
            "ui/scenes/review/scene.py": "from ui.scenes.base import Scene\n",
            "ui/scenes/base.py": "",
            "ai/search.py": "def f():\n    from ui.app import app\n",
            "ui/app/app.py": "",
        },
    )
    assert violations(root=root) == [
        "ai.search imports ui.app (not allowed in ai.search)",
        "ai.search imports ui.app.app (not allowed in ai.search)",
        "game.rules.state imports ai (not allowed in game.rules)",
        "game.rules.state imports ai.search (not allowed in game.rules)",
        "game.rules.state imports game.support (not allowed in game.rules)",
        "game.rules.state imports game.support.files (not allowed in game.rules)",
        "ui.model.session imports pygame (never in ui.model)",
        "ui.scenes.game.scene imports ui.scenes.review (not allowed in ui.scenes)",
        "ui.scenes.game.scene imports ui.scenes.review.scene (not allowed in ui.scenes)",
    ]


def test_a_side_door_into_the_engine_is_reported(tmp_path: Path) -> None:
    """The engine's callers take the engine and its values; the search, filters, helper processes,
    cube model and rollout internals are reported, as is the engine itself from the UI."""
    root = _tree(
        tmp_path,
        {
            "ai/engine.py": "",
            "ai/engine_types.py": "",
            "ai/search.py": "",
            "ai/filters.py": "",
            "ai/parallel.py": "",
            "ai/cube/decision.py": "",
            "ai/rollout/settings.py": "",
            "ai/cli/hint.py": "from ai.engine import Engine\nfrom ai.engine_types import Level\n"
            "import ai.parallel\n",
            "ai/worker/handlers.py": "def f():\n    from ai.cube.decision import decide\n",
            "ai/worker/messages.py": "from ai.engine_types import RankedMove\n",
            "ai/autoplay.py": "from ai.filters import DEFAULT_FILTERS\n",
            "ui/flow/cube.py": "from ai.engine_types import CubeContext\nimport ai.search\n",
            "ui/model/tutor.py": "from ai.worker.messages import Request\nimport ai.engine\n",
            "ui/scenes/rollout.py": "from ai.rollout.settings import RolloutResult\n",
        },
    )
    assert violations(root=root) == [
        "ai.autoplay imports ai.filters (not allowed in ai.autoplay)",
        "ai.cli.hint imports ai.parallel (not allowed in ai.cli)",
        "ai.worker.handlers imports ai.cube.decision (not allowed in ai.worker.handlers)",
        "ui.flow.cube imports ai.search (not allowed in ui.flow)",
        "ui.model.tutor imports ai.engine (not allowed in ui.model)",
        "ui.scenes.rollout imports ai.rollout.settings (not allowed in ui.scenes)",
    ]


def test_a_circle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "game/rules/a.py": "from game.rules import b\n",
            "game/rules/b.py": "def f():\n    from game.rules.c import x\n",
            "game/rules/c.py": "import game.rules.a\n",
            "game/rules/d.py": "import typing\nif typing.TYPE_CHECKING:\n    import game.rules.a\n",
            "ai/x.py": "",
        },
    )
    assert circles(import_graph(root)) == [["game.rules.a", "game.rules.b", "game.rules.c"]]


def test_a_circle_through_a_type_checking_import_is_found(tmp_path: Path) -> None:
    """A module that imports another only for its types, under ``if TYPE_CHECKING:``, still closes a
    circle: the lower one should name what it needs as a Protocol of its own."""
    root = _tree(
        tmp_path,
        {
            "ui/scenes/game/scene.py": "from ui.scenes.game import actions\n",
            "ui/scenes/game/actions.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from ui.scenes.game.scene import GameScene\n",
            "ui/model/cube_save.py": "import typing\n"
            "if typing.TYPE_CHECKING:\n    from ui.model import session\n",
            "ui/model/session.py": "from ui.model.cube_save import CubeRecord\n",
        },
    )
    assert circles(import_graph(root)) == [
        ["ui.model.cube_save", "ui.model.session"],
        ["ui.scenes.game.actions", "ui.scenes.game.scene"],
    ]
