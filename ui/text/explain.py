"""Why one move is better than another, or a cube action right, in words (issue 53; no pygame).

The words are made from the facts alone (:mod:`game.facts`: the board counted exactly, the engine's
chances and equities, a cube decision's take point and market losers, and the typed comparison of
:mod:`game.facts.why`), so every number they name is one of the facts shown beside them, as the
tables here show it (:func:`move_rows`, :func:`cube_rows`), and nothing they say goes against the
order of the equities: only the move with the higher equity is called better.

The builders, for every screen that explains (the hint panel's reasons, the tutor, the review, the
cube dialogs, the temperature map, the Drill screen) and for ``analyze``'s report in English:

* :func:`why_move` -- a move against the one it is compared with (the best; for the best, the
  runner-up): a headline with both equities, then the facts that differ most, what the better
  move gains first, then the chances;
* :func:`move_rows` -- the two moves' facts side by side, as shown beside those words;
* :func:`why_cube` -- a cube decision from the doubler's or the taker's side (:class:`CubeSide`,
  :func:`cube_side` of an action): the action and its equities, the take, the chances and the
  gammons that make them, the take point at the score, the market losers;
* :func:`cube_rows` -- a cube decision's numbers, as shown beside those words;
* :func:`why_decision` and :func:`rows_of` -- either, for a judged decision of a review or a drill
  card (:data:`game.facts.explained.DecisionExplained`);
* :func:`brief_why` -- the two sentences of it a warning has room for (the tutor's).

Every sentence is written whole for each case (a translator gets the whole sentence, its
placeholders named), every count chooses its form with :func:`ui.text.ngettext`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ai.engine_types import Decision
from game.facts.chances import CubeFacts
from game.facts.explained import CubeExplained, DecisionExplained, PlayExplained
from game.facts.why import CubeReason, FactValue, Favours, Kind, Reason
from game.rules.cube import CubeAction
from ui.model.storage import Store
from ui.text import Nn_, _, chosen_language, ngettext, number, use
from ui.text.languages import BY_CODE

__all__ = [
    "CubeSide",
    "Row",
    "brief_why",
    "cube_rows",
    "cube_side",
    "drill_why",
    "english",
    "equity",
    "move_rows",
    "rows_of",
    "share",
    "why_cube",
    "why_decision",
    "why_move",
]


def english() -> None:
    """Word everything in English from now on: the command line's report (``analyze``) speaks it,
    whatever language the environment names for the window."""
    use("")


def speak(language: str | None) -> str:
    """Word everything in ``language`` from now on (a code of the game's languages, ``en`` English;
    None: the language the window speaks, the one chosen in its settings, else the environment's)
    and return its code; ValueError naming the languages for one the game does not speak. The words
    a drill card keeps for the window (``drills add``) are in it."""
    code = chosen_language(Store().chosen_language()) if language is None else language
    if code not in BY_CODE and code != "":
        raise ValueError(f"the game does not speak {language!r} (it speaks {', '.join(BY_CODE)})")
    use("" if code == "en" else code)
    return code or "en"


# --- a verdict's error, and whose reasons --------------------------------------------------------


def error_words(d: Decision) -> str:
    """A decision's error as the language writes numbers, with its 95% interval's half-width when a
    rollout confirmed it (``0.071 ± 0.012``)."""
    said = number(d.error, ".3f")
    j = d.judged
    if j is None or not j.confirmed:
        return said
    return f"{said} ± {number(j.half_width, '.3f')}"


def searched_note(d: Decision) -> str:
    """Where a rollout confirmed ``d``, the words that say its reasons are the search's, worded
    before them (their numbers are the search's; the error the review shows is the rollout's);
    "" otherwise."""
    j = d.judged
    if j is None or not j.confirmed:
        return ""
    return _("By the search at depth {depth} (a rollout found the error {error}):").format(
        depth=j.depth, error=error_words(d)
    )


# --- numbers as they are shown ----------------------------------------------------------------------


def equity(value: float) -> str:
    """An equity as the facts show it: ``+0.012`` (as the player's language writes numbers)."""
    return number(value, "+.3f")


def share(value: float) -> str:
    """A chance as the facts show it: ``52.3%`` (``52,3 %`` in German)."""
    return number(value, ".1%")


def _points(value: FactValue) -> int:
    """How many points a list fact holds (a count as it is)."""
    return len(value) if isinstance(value, tuple) else int(value)


def _listed(points: tuple[int, ...]) -> str:
    """A list of points as the table shows it: ``2 (13, 5)``; ``0`` for none."""
    if not points:
        return "0"
    return _("{number} ({which})").format(number=len(points), which=_(", ").join(str(p) for p in points))


# --- the table beside the words -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the facts beside the words: what, and its value after each move (or the cube's)."""

    label: str
    """What the line shows, worded."""

    this: str
    """Its value after the move explained (a cube decision: its value)."""

    other: str = ""
    """Its value after the move compared with (empty: none, or a cube decision)."""

    favours: Favours | None = None
    """The move it favours, when a reason names it."""


def _pips(pips: tuple[int, int]) -> str:
    # TRANSLATORS: a pip count in the facts' table: the mover's pips, then the opponent's
    return _("{mine} to {theirs}").format(mine=pips[0], theirs=pips[1])


def move_rows(pair: PlayExplained) -> list[Row]:
    """The two moves' facts side by side, as :func:`why_move`'s numbers are shown beside it: the
    equity and the chances, then the board's facts (in a race: the pips and the checkers off)."""
    this, other = pair.this, pair.other
    why = pair.why
    named = {} if why is None else {(r.fact, r.side): r.favours for r in (*why.board, *why.chances)}
    race = (why is not None and why.kind is Kind.RACE) or (other is None and not this.board.contact)

    def row(label: str, fact: str, shown: str, other_shown: str, side: int | None = None) -> Row:
        return Row(label, shown, other_shown if other is not None else "", named.get((fact, side)))

    def both(value: object) -> tuple[object, object]:
        return value, value

    o = other if other is not None else this
    out = [
        # TRANSLATORS: the facts' table, two moves side by side: the rows name a fact, each move's
        # value beside it
        row(_("Equity"), "equity", equity(this.chances.equity), equity(o.chances.equity)),
        row(_("Wins"), "win", share(this.chances.win[0]), share(o.chances.win[0]), 0),
        row(_("Gammons won"), "gammon", share(this.chances.gammon[0]), share(o.chances.gammon[0]), 0),
        row(_("Gammons lost"), "gammon", share(this.chances.gammon[1]), share(o.chances.gammon[1]), 1),
    ]
    if any(share(m.chances.backgammon[s]) != share(0.0) for m in (this, o) for s in (0, 1)):
        out += [
            row(
                _("Backgammons won"),
                "backgammon",
                share(this.chances.backgammon[0]),
                share(o.chances.backgammon[0]),
                0,
            ),
            row(
                _("Backgammons lost"),
                "backgammon",
                share(this.chances.backgammon[1]),
                share(o.chances.backgammon[1]),
                1,
            ),
        ]
    a, b = this.board, o.board
    out.append(row(_("Pip count"), "pips", _pips(a.pips), _pips(b.pips)))
    if race:
        out.append(row(_("Checkers off"), "off", str(a.off), str(b.off)))
        return out
    out += [
        row(_("Shots (rolls of 36 that hit)"), "shots", str(a.shots), str(b.shots)),
        row(_("Checkers hit"), "hit", str(a.hit), str(b.hit)),
        row(_("Blots"), "blots", _listed(a.blots), _listed(b.blots)),
        row(_("Home board points"), "home_points", _listed(a.home_points), _listed(b.home_points)),
        row(_("Longest prime"), "prime", str(a.prime), str(b.prime)),
        row(_("Anchors"), "anchors", _listed(a.anchors), _listed(b.anchors)),
        row(_("Checkers back"), "back", str(a.back), str(b.back)),
        row(_("Builders"), "builders", str(a.builders), str(b.builders)),
        row(_("Outfield points covered"), "outfield", str(a.outfield), str(b.outfield)),
    ]
    if a.off or b.off:
        out.append(row(_("Checkers off"), "off", str(a.off), str(b.off)))
    return out


# --- a move against another --------------------------------------------------------------------------

SLIGHT = 0.3
"""A board reason this small (in :mod:`game.facts.why`'s units: 3 pips of lead in contact, say) is
left unsaid: it does not explain the difference."""


def why_move(pair: PlayExplained, most: int | None = None) -> list[str]:
    """Why ``pair.this`` is ranked where it is, in sentences: a headline (which move is better, with
    both equities; for the best, what it is ahead of), then the board's facts that differ most, those
    that favour the better move first (``most``: at most this many), then the chances that differ."""
    this, other, why = pair.this, pair.other, pair.why
    if other is None or why is None:
        # TRANSLATORS: a move's reasons: {move} is a move (13/7 8/7), {equity} a signed equity (+0.130)
        only = _("{move} is the only move listed: equity {equity}.")
        return [only.format(move=this.move, equity=equity(this.chances.equity))]
    mine, theirs = equity(this.chances.equity), equity(other.chances.equity)
    equal = mine == theirs
    if pair.best and equal:
        # TRANSLATORS: the headline of a move's reasons: two moves, one equity (+0.130)
        head = _("{best} and {other} are worth the same: equity {equity}.").format(
            best=this.move, other=other.move, equity=mine
        )
    elif pair.best:
        # TRANSLATORS: the headline of the best move's reasons: {other} is the next best move;
        # the equities are signed (+0.130)
        head = _("{best} is the best move: equity {equity}, ahead of {other} at {other_equity}.").format(
            best=this.move, equity=mine, other=other.move, other_equity=theirs
        )
    elif equal:
        # TRANSLATORS: the headline of a move's reasons: {move} against the best move {best}
        head = _("{move} is worth as much as the best, {best}: equity {equity}.").format(
            move=this.move, best=other.move, equity=mine
        )
    else:
        # TRANSLATORS: the headline of a move's reasons: {best} is the better move, {move} the one
        # explained; the equities are signed (+0.130)
        head = _("{best} is better: equity {best_equity}, against {equity} for {move}.").format(
            best=other.move, best_equity=theirs, equity=mine, move=this.move
        )
    out = [head]
    if why.kind is Kind.RACE:
        # TRANSLATORS: said when both moves leave a race (no contact)
        out.append(_("It is a race: only the pip count and the checkers off set the moves apart."))
    better = Favours.THIS if pair.best else Favours.OTHER
    kept = [r for r in why.board if r.size > SLIGHT]
    board = [r for r in kept if r.favours is better] + [r for r in kept if r.favours is not better]
    if not board:
        # TRANSLATORS: said when two moves leave the same counts: the engine's search alone ranks them
        out.append(_("The board's facts are the same after both moves: the search alone tells them apart."))
    out += [_board_sentence(r, this.move, other.move) for r in board[:most]]
    named = [r for r in why.chances if r.fact != "equity"]
    named.sort(key=lambda r: (r.favours is not better, r.fact != "win"))  # stable: by size within
    chances = named
    out += [_chance_sentence(r, this.move, other.move) for r in chances[: 2 if most is None else 1]]
    return out


def _sides(r: Reason, this: str, other: str) -> tuple[str, FactValue, str, FactValue]:
    """The favoured move and its value, then the other move and its value."""
    if r.favours is Favours.THIS:
        return this, r.this, other, r.other
    return other, r.other, this, r.this


@dataclass(frozen=True, slots=True)
class Said:
    """How one of the board's facts is said: the move it favours first (``{better}``, its count
    ``{count}``), then the other (``{worse}``, ``{other}``)."""

    forms: tuple[str, str]
    """The sentence, singular and plural by ``{count}``."""

    none: tuple[str, str] | None = None
    """The sentence when one move has none: the move it favours, where fewer is better (its
    ``{count}`` then the other move's), or the other move, where more is better."""

    fewer_is_better: bool = False
    """Fewer is better (shots, blots, checkers back)."""


SAID: dict[str, Said] = {
    "shots": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "After {better}, {count} roll of 36 hits a blot; after {worse}, {other}.",
            "After {better}, {count} rolls of 36 hit a blot; after {worse}, {other}.",
        ),
        # TRANSLATORS: a move's reasons when one move has none of it: {better} is the move it
        # favours, {worse} the other; {count} is the count of the move that has some
        Nn_(
            "After {better} no roll hits a blot; after {worse}, {count} roll of 36 does.",
            "After {better} no roll hits a blot; after {worse}, {count} rolls of 36 do.",
        ),
        fewer_is_better=True,
    ),
    "hit": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} hits {count} checker, {worse} {other}.",
            "{better} hits {count} checkers, {worse} {other}.",
        ),
        # TRANSLATORS: a move's reasons when one move has none of it: {better} is the move it
        # favours, {worse} the other; {count} is the count of the move that has some
        Nn_(
            "{better} hits {count} checker; {worse} hits none.",
            "{better} hits {count} checkers; {worse} hits none.",
        ),
    ),
    "blots": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} leaves {count} blot, {worse} {other}.",
            "{better} leaves {count} blots, {worse} {other}.",
        ),
        # TRANSLATORS: a move's reasons when one move has none of it: {better} is the move it
        # favours, {worse} the other; {count} is the count of the move that has some
        Nn_(
            "{better} leaves no blot; {worse} leaves {count}.",
            "{better} leaves no blot; {worse} leaves {count}.",
        ),
        fewer_is_better=True,
    ),
    "home_points": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} holds {count} home board point, {worse} {other}.",
            "{better} holds {count} home board points, {worse} {other}.",
        ),
        # TRANSLATORS: a move's reasons when one move has none of it: {better} is the move it
        # favours, {worse} the other; {count} is the count of the move that has some
        Nn_(
            "{better} holds {count} home board point; {worse} holds none.",
            "{better} holds {count} home board points; {worse} holds none.",
        ),
    ),
    "prime": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} holds {count} point in a row, {worse} {other}.",
            "{better} holds {count} points in a row, {worse} {other}.",
        )
    ),
    "anchors": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} keeps {count} anchor in the opponent's home board, {worse} {other}.",
            "{better} keeps {count} anchors in the opponent's home board, {worse} {other}.",
        ),
        # TRANSLATORS: a move's reasons when one move has none of it: {better} is the move it
        # favours, {worse} the other; {count} is the count of the move that has some
        Nn_(
            "{better} keeps {count} anchor in the opponent's home board; {worse} keeps none.",
            "{better} keeps {count} anchors in the opponent's home board; {worse} keeps none.",
        ),
    ),
    "back": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} has {count} checker back, {worse} {other}.",
            "{better} has {count} checkers back, {worse} {other}.",
        ),
        # TRANSLATORS: a move's reasons when one move has none of it: {better} is the move it
        # favours, {worse} the other; {count} is the count of the move that has some
        Nn_(
            "{better} has no checker back; {worse} has {count}.",
            "{better} has no checker back; {worse} has {count}.",
        ),
        fewer_is_better=True,
    ),
    "builders": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} has {count} builder for the open home board points, {worse} {other}.",
            "{better} has {count} builders for the open home board points, {worse} {other}.",
        )
    ),
    "outfield": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} covers {count} outfield point, {worse} {other}.",
            "{better} covers {count} outfield points, {worse} {other}.",
        )
    ),
    "off": Said(
        # TRANSLATORS: a move's reasons: {better} is the move this fact favours, {count} its count;
        # {worse} is the other move, {other} its count (singular and plural by {count})
        Nn_(
            "{better} has {count} checker off, {worse} {other}.",
            "{better} has {count} checkers off, {worse} {other}.",
        )
    ),
}
"""The board's facts a reason may name (all but the pips, said on their own), each as it is said."""


def _board_sentence(r: Reason, this: str, other: str) -> str:
    """One of the board's facts, the move it favours named first."""
    a, x, b, y = _sides(r, this, other)
    if r.fact == "pips":
        assert isinstance(x, tuple) and isinstance(y, tuple)
        # TRANSLATORS: {better} and {worse} are two moves; each is followed by the pip counts it
        # leaves, the mover's first
        return _(
            "After {better} the pip count is {mine} to {theirs}; after {worse}, {other_mine} to"
            " {other_theirs}."
        ).format(better=a, mine=x[0], theirs=x[1], worse=b, other_mine=y[0], other_theirs=y[1])
    said = SAID[r.fact]
    n, m = _points(x), _points(y)
    forms, count = said.forms, n
    if said.none is not None and said.fewer_is_better and n == 0:
        forms, count = said.none, m
    elif said.none is not None and not said.fewer_is_better and m == 0:
        forms = said.none
    return ngettext(*forms, count).format(better=a, worse=b, count=count, other=m)


def _chance_sentence(r: Reason, this: str, other: str) -> str:
    """One of the chances that differ, the move it favours named first."""
    a, x, b, y = _sides(r, this, other)
    assert isinstance(x, float) and isinstance(y, float)
    match r.fact, r.side:
        case "win", _:
            # TRANSLATORS: a move's chances: {better} and {worse} are two moves, {share} and {other}
            # their chances in per cent (52.3%)
            said = _("{better} wins {share} of the games, {worse} {other}.")
        case "gammon", 0:
            said = _("{better} wins a gammon {share} of the time, {worse} {other}.")
        case "gammon", _:
            said = _("{better} loses a gammon {share} of the time, {worse} {other}.")
        case "backgammon", 0:
            said = _("{better} wins a backgammon {share} of the time, {worse} {other}.")
        case "backgammon", _:
            said = _("{better} loses a backgammon {share} of the time, {worse} {other}.")
        case _:
            raise ValueError(f"no words for the chance {r.fact!r}")
    return said.format(better=a, share=share(x), worse=b, other=share(y))


# --- a cube decision ---------------------------------------------------------------------------------


class CubeSide(Enum):
    """Whose cube decision is explained."""

    DOUBLER = "doubler"
    """Whether to double (the side on roll, before its roll)."""

    TAKER = "taker"
    """Whether to take the double."""


def _reason(reasons: Sequence[CubeReason], fact: str) -> CubeReason | None:
    return next((r for r in reasons if r.fact == fact), None)


def cube_rows(c: CubeExplained) -> list[Row]:
    """A cube decision's numbers as :func:`why_cube`'s are shown beside it (the doubler's view)."""
    f: CubeFacts = c.facts
    w, g, bg = f.chances.win, f.chances.gammon, f.chances.backgammon
    losers = f.market_loser_count
    rolls = " ".join(f"{a}{b}" for a, b in f.market_losers)
    return [
        # TRANSLATORS: the table of a cube decision's numbers: each row names a number
        Row(_("Doubler wins"), share(w[0])),
        Row(_("… with a gammon"), share(g[0])),
        Row(_("… with a backgammon"), share(bg[0])),
        Row(_("Taker wins"), share(w[1])),
        Row(_("… with a gammon"), share(g[1])),
        Row(_("… with a backgammon"), share(bg[1])),
        Row(_("No double"), equity(f.nd)),
        Row(_("Double, take"), equity(f.dt)),
        Row(_("Double, pass"), equity(f.dp)),
        Row(_("Take point at this score"), share(f.take_point)),
        Row(
            _("Market losers (of 36)"),
            _("{number}: {which}").format(number=losers, which=rolls) if rolls else "0",
        ),
    ]


def why_cube(c: CubeExplained, side: CubeSide) -> list[str]:
    """Why the right cube action is right, in sentences, from the doubler's numbers: for the
    doubler, double or not (with both equities), then the take; for the taker, the take or pass
    first. Then the chances with the gammons that make them, the take point at this score, and for
    the doubler (while the taker would take) the rolls that lose the market."""
    f = c.facts
    doubles = _reason(c.why, "double")
    takes = _reason(c.why, "take")
    assert doubles is not None and takes is not None
    double_right = doubles.favours is CubeAction.DOUBLE
    take_right = takes.favours is CubeAction.TAKE
    nd, dt, dp, worth = equity(f.nd), equity(f.dt), equity(f.dp), equity(f.double_value)
    if double_right and take_right:
        # TRANSLATORS: a cube decision's reasons: the equities are signed (+0.776); {double} is
        # what doubling is worth to the doubler, {nd} what playing on (no double) is worth
        action = _("Double: doubling is worth {double} to the doubler, playing on {nd}.")
    elif double_right:
        action = _("Double: a pass gives the doubler {double}, more than the {nd} of playing on.")
    elif take_right:
        action = _("No double: playing on is worth {nd} to the doubler, doubling only {double}.")
    else:
        action = _(
            "No double, too good: playing on is worth {nd} to the doubler, more than the {double} a pass"
            " would give."
        )
    action = action.format(double=worth, nd=nd)
    if take_right:
        # TRANSLATORS: a cube decision's reasons: {dt} is the doubler's equity after a take,
        # {dp} after a pass (signed)
        answer = _("The taker should take: taking leaves the doubler {dt}, passing would give it {dp}.")
    else:
        answer = _("The taker should pass: taking would leave the doubler {dt}, passing gives it {dp}.")
    answer = answer.format(dt=dt, dp=dp)
    out = [action, answer] if side is CubeSide.DOUBLER else [answer, action]
    w, g = f.chances.win, f.chances.gammon
    if share(g[0]) == share(g[1]) == share(0.0):
        # TRANSLATORS: a cube decision's chances in per cent (52.3%)
        chances = _("The doubler wins {win} of the games, the taker {their_win}; neither wins a gammon.")
    else:
        chances = _(
            "The doubler wins {win} of the games, {gammon} with a gammon; the taker wins {their_win},"
            " {their_gammon} with a gammon."
        )
    out.append(
        chances.format(win=share(w[0]), gammon=share(g[0]), their_win=share(w[1]), their_gammon=share(g[1]))
    )
    point = _reason(c.why, "take_point")
    if point is not None:
        have, need = share(w[1]), share(f.take_point)
        if (point.favours is CubeAction.TAKE) != take_right:
            # TRANSLATORS: the taker's winning chance {have} against its take point {need} at
            # the match score (per cent)
            said = _(
                "The taker wins {have}; the take point at this score is {need}, and the cube's value"
                " beyond it decides."
            )
        elif take_right:
            said = _("The taker wins {have}, at or above the {need} it needs to take at this score.")
        else:
            said = _("The taker wins {have}, below the {need} it needs to take at this score.")
        out.append(said.format(have=have, need=need))
    market = _reason(c.why, "market_losers")
    if market is not None and side is CubeSide.DOUBLER:
        count = f.market_loser_count
        if count:
            rolls = " ".join(f"{a}{b}" for a, b in f.market_losers)
            # TRANSLATORS: {rolls} lists the rolls that lose the market, high die first (66 65 43)
            said = ngettext(
                "{count} roll of 36 would lose the market, the taker passing after it: {rolls}.",
                "{count} rolls of 36 would lose the market, the taker passing after them: {rolls}.",
                count,
            )
            out.append(said.format(count=count, rolls=rolls))
        else:
            out.append(_("No roll of 36 would lose the market: the taker would still take after any."))
    return out


def cube_side(kind: CubeAction) -> CubeSide:
    """Whose decision a cube action is: the doubler's (double, no double) or the taker's."""
    return CubeSide.DOUBLER if kind in (CubeAction.DOUBLE, CubeAction.NO_DOUBLE) else CubeSide.TAKER


def why_decision(
    said: DecisionExplained, kind: CubeAction | None = None, most: int | None = None
) -> list[str]:
    """A judged decision in words: a play by :func:`why_move`, a cube decision by :func:`why_cube`
    from the side whose ``kind`` of action it was (the doubler's when None)."""
    if isinstance(said, PlayExplained):
        return why_move(said, most)
    return why_cube(said, CubeSide.DOUBLER if kind is None else cube_side(kind))


def brief_why(said: DecisionExplained, kind: CubeAction | None = None) -> list[str]:
    """The two sentences a warning has room for, after it has said what is better: for a move the
    fact that differs most and the chance; for a cube decision the chances and gammons, then (the
    taker's) the take point at the score or (the doubler's) the market losers."""
    if isinstance(said, PlayExplained):
        return why_move(said, 1)[1:3]
    rest = why_decision(said, kind)[2:]  # after the action and the answer
    if not rest:
        return []
    return (
        [rest[0], rest[-1]]
        if len(rest) > 1 and (kind is None or cube_side(kind) is CubeSide.DOUBLER)
        else rest[:2]
    )


def drill_why(said: DecisionExplained, kind: CubeAction | None = None) -> str:
    """A drill card's explanation (its ``why``, kept with the card in the language it was made in):
    the two sentences of :func:`brief_why`, as one text; the card's own lines say what is best."""
    return " ".join(brief_why(said, kind))


def rows_of(said: DecisionExplained) -> list[Row]:
    """The facts shown beside :func:`why_decision`'s words."""
    return move_rows(said) if isinstance(said, PlayExplained) else cube_rows(said)
