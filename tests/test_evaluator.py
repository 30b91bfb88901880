"""The evaluation protocol (:mod:`ai.evaluation.evaluator`): every evaluator class has the batch method
``evaluate_boards``, one without it is refused by mypy and at construction, and the
:class:`GameOver` wrapper scores finished games exactly for either side."""

from __future__ import annotations

import ast
import importlib
import inspect
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from helpers import side

from ai.evaluation.evaluator import (
    Boards,
    Evaluator,
    GameOver,
    Probs,
    boards,
    codes,
    game_over,
    turned,
    won_probs,
)
from ai.evaluation.hand import HandEvaluator
from game.rules.outcome import Termination, win_kind
from game.rules.position import pack, swap

PROJECT = Path(__file__).resolve().parent.parent
SEARCHED = ("ai", "tests", "bench", "ui")
"""The folders whose classes are searched for evaluators."""

SHIPPED = {"NeuralEvaluator", "HandEvaluator", "GameOver"}
"""The evaluator classes of ``ai`` (the search must at least find these)."""


@dataclass(frozen=True)
class Found:
    """A class of the project that is, or looks like, an evaluator."""

    path: Path
    """Its file, relative to the project."""
    node: ast.ClassDef
    """Its definition."""
    top_level: bool
    """Defined at the top of its module (so it can be imported)."""

    @property
    def methods(self) -> set[str]:
        return {m.name for m in self.node.body if isinstance(m, ast.FunctionDef)}

    @property
    def bases(self) -> set[str]:
        return {
            b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
            for b in self.node.bases
        }

    def __str__(self) -> str:
        return f"{self.path}:{self.node.lineno} {self.node.name}"


def _looks_like_an_evaluator(node: ast.ClassDef) -> bool:
    """It defines ``evaluate_boards``, or the old ``evaluate(codes)``."""
    for m in node.body:
        if isinstance(m, ast.FunctionDef) and m.name == "evaluate_boards":
            return True
        if isinstance(m, ast.FunctionDef) and m.name == "evaluate":
            params = [a.arg for a in m.args.args]
            if params[1:2] == ["codes"]:
                return True
    return False


def evaluator_classes() -> list[Found]:
    """Every evaluator class of the project (the protocol itself left out): those that define
    ``evaluate_boards`` or ``evaluate(codes)``, name ``Evaluator`` as a base, or subclass one of them."""
    classes: list[Found] = []
    for top in SEARCHED:
        for path in sorted((PROJECT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            top_level = {id(n) for n in tree.body}
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    classes.append(Found(path.relative_to(PROJECT), node, id(node) in top_level))
    protocol = Path("ai/evaluation/evaluator.py")
    classes = [c for c in classes if not (c.path == protocol and c.node.name == "Evaluator")]
    chosen: dict[int, Found] = {}
    grew = True
    while grew:
        grew = False
        names = {"Evaluator"} | {c.node.name for c in chosen.values()}
        for c in classes:
            if id(c.node) not in chosen and (_looks_like_an_evaluator(c.node) or c.bases & names):
                chosen[id(c.node)] = c
                grew = True
    return sorted(chosen.values(), key=str)


def test_every_evaluator_class_names_the_protocol_and_has_the_batch_method() -> None:
    found = evaluator_classes()
    assert {c.node.name for c in found if c.path.parts[0] == "ai"} >= SHIPPED
    by_name = {c.node.name: c for c in found}
    for c in found:
        # the protocol, or another evaluator class, as its base: what makes mypy and Python check it
        assert c.bases & ({"Evaluator"} | set(by_name)), f"{c} does not name Evaluator as its base"
        # the batch method, its own or inherited from an evaluator class of ours
        cls, seen = c, set()
        while "evaluate_boards" not in cls.methods and id(cls.node) not in seen:
            seen.add(id(cls.node))
            parents = [by_name[b] for b in cls.bases if b in by_name]
            assert parents, f"{c} has no evaluate_boards"
            cls = parents[0]
        assert "evaluate_boards" in cls.methods, f"{c} has no evaluate_boards"
        # codes go through the protocol's own evaluate (boards, finished games exact), never another
        assert "evaluate" not in c.methods, f"{c} overrides evaluate: evaluators implement evaluate_boards"


def test_the_shipped_evaluator_classes_can_be_built_and_are_evaluators() -> None:
    for c in evaluator_classes():
        if c.path.parts[0] != "ai" or not c.top_level:
            continue
        module = importlib.import_module(".".join(c.path.with_suffix("").parts))
        cls = getattr(module, c.node.name)
        assert Evaluator in cls.__mro__ and not inspect.isabstract(cls), c


def test_an_evaluator_without_evaluate_boards_cannot_be_constructed() -> None:
    incomplete = type("Incomplete", (Evaluator,), {"name": "incomplete"})
    with pytest.raises(TypeError, match="evaluate_boards"):
        incomplete()


def test_an_object_with_only_the_old_evaluate_is_refused_by_the_wrapper() -> None:
    def evaluate(self: object, codes: list[int]) -> Probs:
        return np.zeros((len(codes), 5))

    old = type("Old", (), {"name": "old", "evaluate": evaluate})  # what an evaluator was (made so, not
    # written as a class, for the test above not to find it)
    with pytest.raises(TypeError, match=r"Old is not an evaluator: it has no evaluate_boards"):
        GameOver(old())


FAKE = """
from collections.abc import Sequence

from ai.evaluation.evaluator import Evaluator, Probs
from ai.search import analyse


class Old:
    name = "old"

    def evaluate(self, codes: Sequence[int]) -> Probs:
        raise NotImplementedError


class Incomplete(Evaluator):
    name = "incomplete"


analyse(0, (3, 1), 1, Old())
Incomplete()
"""


def test_mypy_refuses_an_evaluator_without_evaluate_boards(tmp_path: Path) -> None:
    from mypy import api

    fake = tmp_path / "fake.py"
    fake.write_text(FAKE, encoding="utf-8")
    out, _, status = api.run(
        ["--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "cache"), str(fake)]
    )
    assert status == 1
    assert 'Argument 4 to "analyse" has incompatible type "Old"; expected "Evaluator"' in out
    assert "evaluate_boards" in out.split("Old")[-1]  # the member it lacks is named
    assert 'Cannot instantiate abstract class "Incomplete" with abstract attribute "evaluate_boards"' in out


# --- finished games ------------------------------------------------------------------------------


class Half(Evaluator):
    """One half for everything, keeping every batch it is handed."""

    name = "half"

    def __init__(self) -> None:
        self.batches: list[Boards] = []

    def evaluate_boards(self, b: Boards) -> Probs:
        self.batches.append(b.copy())
        return np.full((len(b), 5), 0.5)


LOSER_SINGLE = side({6: 14})
"""A loser that has borne one checker off."""
LOSER_GAMMON = side({6: 15})
"""A loser with all fifteen on its ace point (the far side of the board from the winner's home)."""
LOSER_BACKGAMMON_HOME = side({6: 14, 20: 1})
"""A gammoned loser with a checker in the winner's home board (its own 20-point)."""
LOSER_BACKGAMMON_BAR = side({6: 14}, bar=1)
"""A gammoned loser with a checker on the bar."""
LOSERS = [
    (LOSER_SINGLE, Termination.SINGLE),
    (LOSER_GAMMON, Termination.GAMMON),
    (LOSER_BACKGAMMON_HOME, Termination.BACKGAMMON),
    (LOSER_BACKGAMMON_BAR, Termination.BACKGAMMON),
]


def exact(kind: Termination) -> list[float]:
    """The winner's five probabilities for a win of ``kind``."""
    return [1.0, float(kind is not Termination.SINGLE), float(kind is Termination.BACKGAMMON), 0.0, 0.0]


@pytest.mark.parametrize(("loser", "kind"), LOSERS)
def test_the_side_on_roll_whose_opponent_has_borne_off_has_lost_exactly(
    loser: list[int], kind: Termination
) -> None:
    code = pack(loser, side({}))  # the side on roll is the loser: the opponent has nothing left
    assert win_kind(swap(code)) is kind  # the rules' own reading of it
    winner = exact(kind)
    assert GameOver(Half()).evaluate_boards(boards([code])).tolist() == [
        [0.0, 0.0, 0.0, winner[1], winner[2]]
    ]


@pytest.mark.parametrize(("loser", "kind"), LOSERS)
def test_the_side_on_roll_with_nothing_left_has_won_exactly(loser: list[int], kind: Termination) -> None:
    code = pack(side({}), loser)
    assert GameOver(Half()).evaluate_boards(boards([code])).tolist() == [exact(kind)]
    assert won_probs(code).tolist() == exact(kind)  # the same rule for one code


def test_the_inner_evaluator_sees_the_whole_batch_and_its_rows_of_going_games_stay() -> None:
    going = [
        pack(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 5, 8: 3, 13: 5, 24: 2})),
        pack(side({1: 2}), side({2: 3})),
    ]
    finished = [pack(side({3: 2}), side({})), pack(side({}), side({6: 15}))]
    b = boards([going[0], finished[0], going[1], finished[1]])
    inner = Half()
    got = GameOver(inner).evaluate_boards(b)
    assert len(inner.batches) == 1 and np.array_equal(inner.batches[0], b)  # the batch as it came
    assert got[[0, 2]].tolist() == [[0.5] * 5] * 2
    assert got[1].tolist() == [0.0, 0.0, 0.0, 0.0, 0.0] and got[3].tolist() == [1.0, 1.0, 0.0, 0.0, 0.0]


def test_a_batch_of_going_games_comes_back_as_the_inner_evaluator_gave_it() -> None:
    b = boards([pack(side({6: 5, 8: 3}), side({6: 5, 13: 2}))])
    hand = HandEvaluator()
    assert np.array_equal(GameOver(hand).evaluate_boards(b), hand.evaluate_boards(b))


def test_evaluate_of_codes_is_the_batch_method_with_finished_games_exact() -> None:
    hand = HandEvaluator()
    live = pack(side({6: 5, 8: 3}), side({6: 5, 13: 2}))
    lost = pack(side({6: 15}), side({}))
    got = hand.evaluate([live, lost])
    assert np.array_equal(got[0], hand.evaluate_boards(boards([live]))[0])
    assert got[1].tolist() == [0.0, 0.0, 0.0, 1.0, 0.0]
    assert hand.evaluate([]).shape == (0, 5)


def test_the_wrapper_is_put_on_once() -> None:
    hand = HandEvaluator()
    wrapped = game_over(hand)
    assert game_over(wrapped) is wrapped and wrapped.inner is hand and wrapped.name == hand.name


def test_turned_boards_are_the_swapped_positions_and_codes_undo_boards() -> None:
    found = [
        pack(side({6: 5, 8: 3, 13: 7}), side({1: 2, 12: 13}, bar=0)),
        pack(side({24: 15}), side({}, bar=15)),
    ]
    assert np.array_equal(turned(boards(found)), boards([swap(c) for c in found]))
    assert codes(boards(found)) == found
