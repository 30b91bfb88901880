"""The engine's values in words: its levels, the cube's actions and verdicts, the sizes of errors
(the engine's own labels are English for its command line; the window words them here; no pygame)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ai.engine_types import CubeAdvice
from game.rules.cube import CubeAction
from ui.model.display import ThemeChoice
from ui.text import N_, _

LEVELS: Mapping[str, str] = MappingProxyType(
    {
        "novice": N_("Novice (depth 1, many mistakes)"),
        "beginner": N_("Beginner (depth 1, some mistakes)"),
        "casual": N_("Casual (depth 1)"),
        "intermediate": N_("Intermediate (depth 2)"),
        "strong": N_("Strong (depth 3)"),
        "expert": N_("Expert (depth 4)"),
    }
)
"""Each level of the computer (:data:`ai.engine_types.LEVELS`, by key)."""


def level_name(key: str) -> str:
    """A level by its key, in words (an unknown key as it is)."""
    return _(LEVELS[key]) if key in LEVELS else key


ACTIONS: Mapping[CubeAction, str] = MappingProxyType(
    {
        CubeAction.NO_DOUBLE: N_("No double"),
        CubeAction.DOUBLE: N_("Double"),
        CubeAction.TAKE: N_("Take"),
        CubeAction.PASS: N_("Pass"),
        CubeAction.BEAVER: N_("Beaver"),
    }
)
"""A cube action taken."""


def action_name(action: CubeAction) -> str:
    """A cube action taken, in words ("Take")."""
    return _(ACTIONS[action])


VERDICTS: Mapping[CubeAdvice, str] = MappingProxyType(
    {
        CubeAdvice.NO_DOUBLE: N_("No double, take"),
        CubeAdvice.TOO_GOOD: N_("Too good to double, pass"),
        CubeAdvice.DOUBLE_TAKE: N_("Double, take"),
        CubeAdvice.DOUBLE_PASS: N_("Double, pass"),
    }
)
"""The right cube actions of a position, as GNU Backgammon says them."""


def verdict(advice: CubeAdvice) -> str:
    """The right cube actions in words ("Double, take")."""
    return _(VERDICTS[advice])


def doubler_verdict(advice: CubeAdvice) -> str:
    """The doubler's right action as a review names it: "no double", "double, take", "double, pass"."""
    if advice.doubler is not CubeAction.DOUBLE:
        return _("no double")
    return _("double, take") if advice.taker is CubeAction.TAKE else _("double, pass")


EQUITY_LABELS = (N_("No double"), N_("Double, take"), N_("Double, pass"))
"""The names of ND, DT and DP (msgids)."""


def equity_labels() -> tuple[str, str, str]:
    """The names of ND, DT and DP: "No double", "Double, take", "Double, pass"."""
    nd, dt, dp = EQUITY_LABELS
    return _(nd), _(dt), _(dp)


RATINGS: Mapping[str, str] = MappingProxyType(
    {
        "Supernatural": N_("Supernatural"),
        "World class": N_("World class"),
        "Expert": N_("Expert"),
        "Advanced": N_("Advanced"),
        "Intermediate": N_("Intermediate"),
        "Casual player": N_("Casual player"),
        "Beginner": N_("Beginner"),
        "Awful": N_("Awful"),
    }
)
"""The engine's rating words (GNU Backgammon's), by the word it gives."""


def rating_words(word: str) -> str:
    """A rating the engine gave ("World class"), in words."""
    return _(RATINGS[word]) if word in RATINGS else word


THEMES: Mapping[ThemeChoice, str] = MappingProxyType(
    {ThemeChoice.CLASSIC: N_("classic"), ThemeChoice.COLOUR_BLIND: N_("colour-blind")}
)
"""Each theme's name."""


def theme_name(theme: ThemeChoice) -> str:
    """A theme's name ("colour-blind")."""
    return _(THEMES[theme])


ERROR_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "doubtful": N_("doubtful"),
        "bad": N_("bad"),
        "very bad": N_("very bad"),
        "missed double": N_("missed double"),
        "wrong double": N_("wrong double"),
        "wrong take": N_("wrong take"),
        "wrong pass": N_("wrong pass"),
        "unsure": N_("unsure"),
    }
)
"""The review's names of an error (:meth:`ai.engine_types.Decision.verdict`, by the name it gives)."""


def error_name(verdict: str) -> str:
    """An error's name ("wrong take"), in words ("" stays empty)."""
    return _(ERROR_NAMES[verdict]) if verdict in ERROR_NAMES else verdict


CUBE_BEST: Mapping[str, str] = MappingProxyType(
    {
        "no double": N_("no double"),
        "double, take": N_("double, take"),
        "double, pass": N_("double, pass"),
        "take": N_("take"),
        "pass": N_("pass"),
    }
)
"""The review's right cube action (:attr:`ai.engine_types.Decision.best` of a cube decision)."""


def best_words(kind: str, best: str) -> str:
    """A decision's best: a move's notation as it is, a cube action in words."""
    return best if kind == "move" else _(CUBE_BEST[best]) if best in CUBE_BEST else best


def action_words(kind: str) -> str:
    """A review decision's kind: a cube action in words ("Take")."""
    return _(ACTIONS[CubeAction(kind)]) if kind in set(CubeAction) else kind
