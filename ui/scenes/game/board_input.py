"""The board under the mouse and the keyboard: pick up, put down, drag, double-click, the cursor.

Turns raw input into the flow's intents (``MoveChecker``, ``MoveFarthest``) and
gentle explanations for clicks that do nothing. The board gives the bottom side's points
(ui.model.points); the selection and the intents are in the moving side's own points
(the same but when the top player of two moves: :meth:`TurnFlow.mover_point`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ui.flow.events import Intent, Message, MoveChecker, MoveFarthest
from ui.flow.said import Note
from ui.flow.turn_flow import TurnFlow
from ui.model.points import BAR, OFF, slot
from ui.widgets.layout import Layout

DOUBLE_CLICK_MS = 400
DRAG_PIXELS = 6

Output = Intent | Message


@dataclass
class BoardInput:
    """Selection, drag and keyboard cursor of the human's move."""

    selected: int | None = None
    """The point whose checker is picked up (25 = bar), the moving side's numbering."""
    dragging: bool = False
    """True while the picked-up checker follows the mouse."""
    drag_pos: tuple[int, int] | None = None
    """Where the dragged checker is drawn."""
    cursor: tuple[int, int] | None = None
    """The keyboard cursor: (row, column) in the layout's cursor grid; None when the mouse is in use."""
    _press: tuple[int, tuple[int, int]] | None = None
    _last_click: tuple[int, int] | None = None
    out: list[Output] = field(default_factory=list)
    """What the last call produced, for the scene to carry out."""
    retarget: bool = False
    """True when the cursor should jump to the next target once the output is carried out."""

    def reset(self) -> None:
        """Forget the selection and any drag (a new turn, an undo)."""
        self.selected = None
        self.dragging = False
        self.drag_pos = None
        self._press = None
        self._last_click = None

    def _say(self, note: Note) -> None:
        self.out.append(Message(note, warn=True))

    # --- clicks --------------------------------------------------------------------------------------

    def click(self, flow: TurnFlow, screen: int, now_ms: int) -> list[Output]:
        """A click (or the keyboard's pick / put) on a point of the board: 1..24 (the bottom side's
        numbering), 25 the bar, 0 the tray."""
        self.out = []
        p = flow.mover_point(screen)
        b = flow.builder
        if b is None or not flow.is_human_moving():
            if flow.wants_dice():
                self.out.append(Message(Note.ROLL_FIRST))
            return self.out
        last, self._last_click = self._last_click, (p, now_ms)
        if self.selected == p and last is not None and last[0] == p and now_ms - last[1] <= DOUBLE_CLICK_MS:
            self.selected = None
            self._last_click = None
            self.out.append(MoveFarthest(p))
            return self.out
        if self.selected is not None:
            if p == self.selected:
                self.selected = None
                return self.out
            if p in b.destinations(self.selected):
                self.out.append(MoveChecker(self.selected, p))
                self.selected = None
                self._last_click = None
                return self.out
        if p in b.sources():
            self.selected = p
            return self.out
        self._explain(flow, p)
        return self.out

    def _explain(self, flow: TurnFlow, p: int) -> None:
        """Why a click did nothing."""
        b = flow.builder
        assert b is not None
        if b.is_complete():
            self._say(Note.ALL_DICE_PLAYED)
            return
        human = flow.session.sides(b.code, 0)[0]
        if human[slot(BAR)] and p != BAR:
            self._say(Note.ENTER_FROM_BAR)
        elif self.selected is not None:
            self._say(Note.CANNOT_GO_THERE)
            self.selected = None
        elif p == OFF:
            self._say(Note.PICK_UP_TO_BEAR_OFF)
        elif 1 <= p <= 24 and human[slot(p)]:
            self._say(Note.NO_LEGAL_MOVE_FOR_CHECKER)
        else:
            self._say(Note.PICK_A_RINGED_CHECKER)

    # --- the mouse -----------------------------------------------------------------------------------

    def mouse_down(self, flow: TurnFlow, lay: Layout, pos: tuple[int, int], now_ms: int) -> list[Output]:
        """The left button went down on the board (or off it)."""
        self.cursor = None
        p = lay.hit(pos)
        if p is None:
            self.selected = None
            self.out = []
            return self.out
        out = self.click(flow, p, now_ms)
        if self.selected == flow.mover_point(p):
            self._press = (self.selected, pos)
        return out

    def mouse_move(self, pos: tuple[int, int], held: bool) -> None:
        """The mouse moved; with the button held over a picked-up checker, it is dragged."""
        self.cursor = None
        if self._press is not None and held:
            p, start = self._press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_PIXELS and self.selected == p:
                self.dragging = True
        if self.dragging:
            self.drag_pos = pos

    def mouse_up(self, flow: TurnFlow, lay: Layout, pos: tuple[int, int]) -> list[Output]:
        """The button came up: a drag ends with a drop."""
        self.out = []
        press, self._press = self._press, None
        if not self.dragging:
            return self.out
        self.dragging = False
        self.drag_pos = None
        b = flow.builder
        src = self.selected
        if press is None or b is None or src is None:
            return self.out
        p = lay.hit(pos)
        if p is not None:
            p = flow.mover_point(p)
        if p is None or p == src:
            return self.out  # dropped back: it stays picked up
        if p in b.destinations(src):
            self.out.append(MoveChecker(src, p))
        else:
            self._say(Note.CANNOT_GO_THERE)
        self.selected = None
        return self.out

    # --- the keyboard cursor ---------------------------------------------------------------------------

    def cursor_point(self, lay: Layout) -> int | None:
        """The point under the keyboard cursor."""
        if self.cursor is None:
            return None
        row, col = self.cursor
        return lay.cursor_grid()[row][col]

    def cursor_move(self, flow: TurnFlow, lay: Layout, dx: int, dy: int) -> None:
        """An arrow key: the first press shows the cursor on a checker that can move."""
        if self.cursor is None:
            self.cursor_to_target(flow, lay)
            if self.cursor is None:
                self.cursor = (1, 12)
            return
        row, col = self.cursor
        self.cursor = (1 - row if dy else row, max(0, min(13, col + dx)))

    def cursor_to_target(self, flow: TurnFlow, lay: Layout, forward: bool = True) -> None:
        """Tab: the next checker that can move (or, holding one, the next place it can go)."""
        b = flow.builder
        if b is None or not flow.is_human_moving():
            return
        grid = lay.cursor_grid()
        stops = [(r, c) for r in (1, 0) for c in range(14)]
        wanted = set(b.destinations(self.selected)) if self.selected is not None else b.sources()
        if not wanted:
            return
        start = stops.index(self.cursor) if self.cursor in stops else -1
        if forward:
            order = stops[start + 1 :] + stops[: start + 1]
        else:
            order = stops[:start][::-1] + stops[start:][::-1]
        own_row = 0 if flow.session.turn == 1 else 1  # the bar and tray stops on the mover's side
        for r, c in order:
            p = grid[r][c]
            if flow.mover_point(p) in wanted and not (p in (BAR, OFF) and r != own_row):
                self.cursor = (r, c)
                return

    def cursor_act(self, flow: TurnFlow, lay: Layout, now_ms: int) -> list[Output]:
        """Space or Enter on the board: pick up or put down at the cursor."""
        p = self.cursor_point(lay)
        if p is None:
            self.cursor_to_target(flow, lay)
            self.out = []
            return self.out
        before = self.selected
        out = self.click(flow, p, now_ms)
        self._last_click = None
        self.retarget = (before is None) != (self.selected is None) or any(
            isinstance(o, MoveChecker) for o in out
        )
        return out
