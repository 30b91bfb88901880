"""The front end's layers, read from the imports: flow (no pygame) <- scenes -> widgets, no arrow back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "game" / "ui"

MODEL = {
    "session",
    "turn",
    "flow",
    "flow_events",
    "cube_flow",
    "points",
    "storage",
    "theme",
    "snapshot",
    "records",
    "cube_save",
    "tutor",
    "tutor_flow",
    "player_stats",
    "review_steps",
    "position_ids",
}
"""Rules state and the turn flow: no pygame, no widgets, no scenes."""
WIDGETS = {
    "widgets",
    "render",
    "layout",
    "panel",
    "status_bar",
    "animation",
    "sound",
    "icon",
    "scoreboard",
    "review_view",
    "review_panels",
}
"""Drawing and geometry: may use the model's values, never the flow or a scene."""
SCENES = {
    "scene",
    "actions",
    "board_input",
    "game_scene",
    "menu",
    "dialogs",
    "backdrop",
    "cube_dialogs",
    "tutor_dialog",
    "stats_scene",
    "review_scene",
    "open_match",
    "id_dialogs",
}
"""Screens: the flow and the widgets, the app only through the Context protocol."""
APP = {"app", "play", "pacer", "selftest", "asset_check", "window", "position_setup"}
"""The window and loop, and the self-test."""
FLOW = {"flow", "flow_events", "cube_flow", "tutor_flow"}


def imports(module: str) -> set[str]:
    """Every module name ``module`` imports (also under TYPE_CHECKING)."""
    tree = ast.parse((UI / f"{module}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def ui_imports(module: str) -> set[str]:
    return {name.removeprefix("game.ui.") for name in imports(module) if name.startswith("game.ui.")}


def test_every_ui_module_has_a_layer() -> None:
    modules = {p.stem for p in UI.glob("*.py")}
    assert modules == MODEL | WIDGETS | SCENES | APP


@pytest.mark.parametrize("module", sorted(MODEL))
def test_model_never_imports_pygame_widgets_or_scenes(module: str) -> None:
    assert not any(name == "pygame" or name.startswith("pygame.") for name in imports(module))
    assert ui_imports(module) <= MODEL


@pytest.mark.parametrize("module", sorted(WIDGETS))
def test_widgets_never_import_the_flow_or_a_scene(module: str) -> None:
    assert ui_imports(module) <= (MODEL - FLOW) | WIDGETS


@pytest.mark.parametrize("module", sorted(SCENES))
def test_scenes_never_import_the_app(module: str) -> None:
    assert ui_imports(module) <= MODEL | WIDGETS | SCENES
