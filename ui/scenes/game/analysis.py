"""The game screen's temperature map and Evaluate: the position before the human's roll, the dialogs
that look at it, and their buttons in the panel's heading row over the Moves list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.engine_types import CubeContext
from game.rules.position import Position
from ui.model.session import HUMAN
from ui.scenes.evaluate import EvaluateDialog
from ui.scenes.temperature import TemperatureDialog
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.scenes.game.scene import GameScene

LABELS = {"temperature": "Map", "evaluate": "Evaluate"}
"""The two actions (by name) and their buttons' words."""


def before_roll(scene: GameScene) -> tuple[Position, CubeContext] | None:
    """The position before the roll of the player on roll and its cube context, while a roll is due."""
    flow, s = scene.flow, scene.session
    return (s.state.position, flow.cube_context(s.turn or HUMAN)) if flow.is_roll_due() else None


def open_analysis(scene: GameScene, evaluate: bool) -> None:
    """The temperature map, or Evaluate, of the position before the roll."""
    found = before_roll(scene)
    if found is None:
        return
    ctx, what, depth = scene.ctx, "Your position before the roll", scene.ctx.settings.hint_depth
    if evaluate:
        ctx.push(EvaluateDialog(ctx, *found, what, depth))
        return
    mine = ctx.settings.colour  # the side on roll's checkers, as on the board
    if (scene.session.turn or HUMAN) != HUMAN:
        mine = mine.other
    ctx.push(TemperatureDialog(ctx, *found, what, depth, colour=mine))


def analysis_buttons(scene: GameScene) -> list[Button]:
    """The Map and Evaluate buttons of the heading row, while the roll is due (else none)."""
    if before_roll(scene) is None:
        return []
    return [Button(k, label, scene.panel.analysis_rect(i)) for i, (k, label) in enumerate(LABELS.items())]
