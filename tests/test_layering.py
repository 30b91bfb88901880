"""The layers, read from the imports: the rules stay pure, the AI never touches the front end.

Each module obeys the rule of the longest package prefix in :data:`FORBIDDEN` that names it.
Every import counts: at the top, inside functions, ``from package import module``, relative
imports, and ``importlib.import_module("...")`` with a literal name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "game": ("pygame", "pygame_gui", "game.ui", "ai"),
    "game.ui": (),
    "ai": ("pygame", "pygame_gui", "game.ui"),
}
"""Package prefix -> what its modules may never import (a name, or anything under it).

A module follows the longest prefix that names it: ``game.ui.app`` follows ``game.ui``,
``game.movegen`` follows ``game``. Inside the front end the direction flow -> scenes ->
widgets is kept by entries such as ``"game.ui.widgets": ("game.ui.scenes", "game.ui.flow")``.
"""


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


def rule_for(module: str, rules: dict[str, tuple[str, ...]] = FORBIDDEN) -> str | None:
    """The rule (package prefix) ``module`` follows: the longest that names it, or None."""
    owners = [prefix for prefix in rules if _matches(module, prefix)]
    return max(owners, key=len, default=None)


def violations(rules: dict[str, tuple[str, ...]] = FORBIDDEN, root: Path = PROJECT) -> list[str]:
    """``module imports name (forbidden in prefix)`` for every import that breaks a rule."""
    found = []
    tops = {prefix.split(".")[0] for prefix in rules}
    for top in sorted(tops):
        for path in sorted((root / top).rglob("*.py")):
            module = module_name(path, root)
            rule = rule_for(module, rules)
            if rule is None:
                continue
            source = path.read_text(encoding="utf-8")
            for name in sorted(imported_names(source, module, path.name == "__init__.py")):
                bad = [f for f in rules[rule] if _matches(name, f)]
                if bad:
                    found.append(f"{module} imports {name} (forbidden in {rule})")
    return found


def test_no_module_breaks_the_layering() -> None:
    assert violations() == []


def test_every_rule_governs_some_module() -> None:
    modules = [module_name(p) for top in ("game", "ai") for p in (PROJECT / top).rglob("*.py")]
    assert {"game.movegen", "game.ui.app", "ai.worker"} <= set(modules)
    governed = {rule_for(m) for m in modules}
    assert set(FORBIDDEN) <= governed


@pytest.mark.parametrize(
    ("source", "module", "name"),
    [
        ("import pygame", "game.state", "pygame"),
        ("import pygame.freetype as ft", "game.state", "pygame.freetype"),
        ("from game import ui", "ai.worker", "game.ui"),
        ("from game.ui.app import App", "ai.worker", "game.ui.app"),
        ("from . import ui", "game.state", "game.ui"),
        ("from .ui import app", "game.state", "game.ui.app"),
        ("from ..ai import search", "game.ui.app", "game.ai.search"),
        ("def f():\n    import ai.search\n", "game.state", "ai.search"),
        ("import importlib\nimportlib.import_module('game.ui.app')", "ai.hint", "game.ui.app"),
    ],
)
def test_imports_are_read_in_every_form(source: str, module: str, name: str) -> None:
    assert name in imported_names(source, module)


def test_a_forbidden_import_is_reported_with_its_rule(tmp_path: Path) -> None:
    (tmp_path / "game" / "ui").mkdir(parents=True)
    (tmp_path / "ai").mkdir()
    (tmp_path / "game" / "rules.py").write_text("from ai import search\n")
    (tmp_path / "game" / "ui" / "app.py").write_text("import pygame\nimport ai.worker\n")
    (tmp_path / "ai" / "hint.py").write_text("def f():\n    from game import ui\n")
    assert violations(root=tmp_path) == [
        "ai.hint imports game.ui (forbidden in ai)",
        "game.rules imports ai (forbidden in game)",
        "game.rules imports ai.search (forbidden in game)",
    ]
