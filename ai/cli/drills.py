"""``python main.py drills``: the player's errors as cards to practise, from the command line.

    python main.py drills add RECORD --player NAME [--depth N] [--min-error E] [--language CODE]
                                  [--quick | --thorough] [--trials T] [--jobs N]
    python main.py drills list [--due] [--json]
    python main.py drills answer ID MOVE|double|no-double|take|pass [--json] [--quick]
    python main.py drills export FILE       (.json, .csv, or .txt: one XGID a line)
    python main.py drills import FILE       (a .json or .csv export)

``add`` reviews a record (any format of the registry) through the engine, confirms the errors it
would report by rollouts as ``analyze`` does (``--quick``: the search alone), and keeps each of the
named player's confirmed decisions that cost at least ``--min-error`` (0.04) as a card, its reasons
in the window's language (``--language``); a second ``add`` of the same record adds nothing.
``list`` prints each card (``--json``: a list of objects with ``id``, ``xgid``, ``dice``,
``played``, ``best``, ``error``, ``due``, ``kind``); ``answer`` judges an answer (a costly move the
card did not rank: by the search, then a rollout, ``"trials"`` and ``"interval"`` (half its 95%
width) in the JSON; ``--quick``: the search alone), keeps it and schedules the card again (FSRS:
:mod:`game.drills.schedule`), printing whether it was right, the best, its error, why and when the
card is due next. The deck is the one in the user data folder (``BACKGAMMON_HOME``), or
``--deck FILE``. A bad argument or file is refused in one line, exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ai.cli.confirming import add_confirm_arguments, confirmed_review
from ai.cli.options import non_negative
from ai.engine import Engine
from ai.engine_types import CUBE_EXTRA_DEPTH, MAX_DEPTH, ConfirmSettings, Decision, context_from_match
from ai.engine_types import REVIEW_DEPTH as DEFAULT_DEPTH
from game.drills.card import (
    DEFAULT_MIN_ERROR,
    Card,
    Chances,
    Harvest,
    Judged,
    Source,
    candidates,
    cards_from_decisions,
    chances,
    judge,
    judge_ranked,
    players_named,
    record_identity,
    rolled_out,
    shallower,
)
from game.drills.deck import DECK_FILE, Deck, DeckError, open_deck
from game.drills.exchange import ExchangeError, read, write_csv, write_json, write_xgids
from game.drills.schedule import Schedule
from game.records.errors import RecordError
from game.records.formats import load_match
from game.records.matchid import from_match_id
from game.rules.cube import CubeAction
from game.rules.move import MoveError, parse_move
from game.rules.position import Position
from game.support.files import UnknownHomeError, read_regular, user_path, writable, write_atomic
from game.support.resources import user_data_dir

USAGE_ERROR = 2
"""Exit code for an argument or a file that cannot be used."""

MAX_IMPORT = 256 << 20
"""The largest file ``import`` reads."""

WRITERS = {".json": write_json, ".csv": write_csv, ".txt": write_xgids, ".xgid": write_xgids}
"""The export's format by the file's ending."""


class DrillsError(Exception):
    """A refusal, said in one line."""


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The ``drills`` command's sub-commands and options."""
    ap.description = (
        "Your errors as positions to practise: add them from a record, list, answer, export, import."
    )
    ap.add_argument("--deck", metavar="FILE", help=f"the deck (default: {DECK_FILE} in the user data folder)")
    sub = ap.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = sub.add_parser("add", help="review a record and keep a player's errors as cards")
    add.add_argument("record", metavar="RECORD", help="a match record")
    add.add_argument("--player", required=True, metavar="NAME", help="whose errors (a name in the record)")
    add.add_argument(
        "--depth",
        type=int,
        default=DEFAULT_DEPTH,
        metavar="N",
        help=f"review depth 1..{MAX_DEPTH} ({DEFAULT_DEPTH})",
    )
    add.add_argument(
        "--min-error",
        type=non_negative,
        default=DEFAULT_MIN_ERROR,
        metavar="E",
        help=f"the least error kept ({DEFAULT_MIN_ERROR})",
    )
    add.add_argument(
        "--language",
        metavar="CODE",
        help="the language of the reasons the cards keep, as the window shows them (de, fr, ja...; "
        "default: the window's: BACKGAMMON_LANGUAGE, else the one chosen in its settings, else the system's)",
    )
    add_confirm_arguments(add)
    listing = sub.add_parser("list", help="the cards, soonest due first")
    listing.add_argument("--due", action="store_true", help="only the cards due now")
    listing.add_argument("--json", action="store_true", help="one JSON list")
    answer = sub.add_parser("answer", help="answer a card: a move, or double, no-double, take, pass")
    answer.add_argument("id", type=int, metavar="ID", help="the card")
    answer.add_argument("answer", nargs="+", metavar="MOVE", help="a move (13/7 8/7) or a cube action")
    answer.add_argument("--json", action="store_true", help="one JSON object")
    answer.add_argument(
        "--min-error",
        type=non_negative,
        default=DEFAULT_MIN_ERROR,
        metavar="E",
        help="an answer costing this is wrong",
    )
    answer.add_argument(
        "--quick",
        action="store_true",
        help="a move the card did not rank is judged by the search alone (else a rollout confirms it)",
    )
    export = sub.add_parser("export", help="write the deck: .json, .csv, or .txt (XGIDs)")
    export.add_argument("file", metavar="FILE")
    imported = sub.add_parser("import", help="add the cards of a .json or .csv export")
    imported.add_argument("file", metavar="FILE")


def deck_path(args: argparse.Namespace) -> Path:
    """The deck's file."""
    if args.deck:
        return user_path(args.deck)
    return user_data_dir() / DECK_FILE


def open_told(path: Path) -> Deck:
    """The deck; a damaged one set aside is said on standard error."""
    deck, damage = open_deck(path)
    if damage is not None:
        print(
            f"drills: the deck {damage.path} was damaged ({damage.detail}); "
            f"it was moved aside to {damage.moved_to} and a new deck started",
            file=sys.stderr,
        )
    return deck


def when(seconds: float) -> str:
    """A time as UTC ISO 8601 to the second."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def card_json(card: Card, schedule: Schedule) -> dict[str, Any]:
    """A card as ``list --json`` prints it."""
    return {
        "id": card.id,
        "xgid": card.xgid,
        "dice": None if card.dice is None else list(card.dice),
        "decision": card.decision,
        "played": card.played,
        "best": card.best,
        "error": round(card.error, 5),
        "due": when(schedule.due),
        "kind": str(card.kind),
        "player": card.player,
        "source": {"name": card.source.name, "game": card.source.game, "row": card.source.row},
    }


def chances_words(c: Chances) -> str:
    """The best move's chances against the answer's, in English."""

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    b, a = c.best_probs, c.answer_probs
    return (
        f"{c.best} wins {pct(b[0])} (gammons {pct(b[1])}, loses gammons {pct(b[3])}); "
        f"{c.answer} wins {pct(a[0])} (gammons {pct(a[1])}, loses gammons {pct(a[3])})"
    )


def why_of(card: Card, judged: Judged) -> str:
    """Why, in words: the card's explanation, else the chances after the best and after the answer."""
    if card.why:
        return card.why
    found = chances(card, judged)
    return "" if found is None else chances_words(found)


def _add(args: argparse.Namespace, path: Path) -> int:
    if not 1 <= args.depth <= MAX_DEPTH:
        raise DrillsError(f"--depth must be 1..{MAX_DEPTH}")
    record_path = user_path(args.record)
    try:
        match = load_match(record_path)
    except RecordError as exc:
        raise DrillsError(f"{record_path}: {exc}") from None
    players = players_named(match.record.players, args.player)
    if not players:
        said = " and ".join(repr(n) for n in match.record.players)
        raise DrillsError(f"{args.player!r} is not a player of {record_path.name} (its players: {said})")
    from ai.cli.hint import load
    from ui.text.explain import speak

    try:
        speak(args.language)  # the cards' reasons, in the window's words
    except ValueError as exc:
        raise DrillsError(f"--language: {exc}") from None
    evaluator = load("auto", sys.stderr)
    cube_depth = min(args.depth + CUBE_EXTRA_DEPTH, MAX_DEPTH)
    engine = Engine(evaluator)
    review = confirmed_review(engine, engine.judge_match(match, args.depth, cube_depth=cube_depth), args)
    names = (match.record.players[0], match.record.players[1])
    vouched = review.vouched()  # of a confirmed review, only the errors a rollout confirmed
    why = _explained(engine, vouched, players, args.min_error)
    harvest = Harvest(players, args.min_error, names, args.depth, why=why)
    source = Source(record_identity(match.record), record_path.name)
    cards = cards_from_decisions(vouched, source, harvest)
    with open_told(path) as deck:
        added = deck.add(cards, time.time())
    kept = len(cards) - len(added)
    print(
        f"{len(added)} card{'s' * (len(added) != 1)} added from {record_path.name}"
        + (f" ({kept} already in the deck)" if kept else "")
    )
    return 0


def _explained(
    engine: Engine, decisions: Sequence[Decision], players: frozenset[int], least: float
) -> dict[tuple[int, int, str], str]:
    """The explanation of each error of ``players`` of at least ``least`` (those that become cards),
    in the language spoken (:func:`ui.text.explain.speak`; issue 53), by (game, turn, decision) as
    :class:`Harvest` reads them: the two sentences a card keeps (after a rollout's confirmation,
    said to be the search's)."""
    from ui.text.explain import drill_why, searched_note

    out = {}
    for d in decisions:
        wanted = d.player in players and d.error >= least and d.error > 0
        said = engine.explain_decision(d) if wanted else None
        if said is not None:
            note = searched_note(d)
            why = drill_why(said, None if d.kind == "move" else CubeAction(d.kind))
            out[(d.game, d.turn, str(d.kind))] = (note + " " if note else "") + why
    return out


def _list(args: argparse.Namespace, path: Path) -> int:
    now = time.time()
    with open_told(path) as deck:
        found = deck.cards(now if args.due else None)
    if args.json:
        print(json.dumps([card_json(c, s) for c, s in found]))
        return 0
    for c, s in found:
        roll = f"{c.dice[0]}{c.dice[1]}" if c.dice else "cube"
        print(
            f"{c.id:>5}  due {when(s.due)}  {c.kind:<8} {roll:<4} played {c.played}  best {c.best}  "
            f"error {c.error:.3f}  {c.xgid}"
        )
    if not found:
        print("no card is due" if args.due else "the deck is empty")
    return 0


def _judge(card: Card, words: str, quick: bool = False) -> Judged:
    """The answer judged from the card, or by ranking the roll's moves with the engine (a costly one
    then judged again by a rollout unless ``quick``)."""
    if card.is_cube():
        try:
            found = judge(card, words)
        except ValueError as exc:
            raise DrillsError(str(exc)) from None
        assert found is not None
        return found
    assert card.dice is not None
    position = Position.from_id(card.position_id)
    try:
        move = parse_move(words, position, card.dice)
    except (MoveError, ValueError) as exc:
        raise DrillsError(
            f"{words!r} is not a legal move of {card.dice[0]}{card.dice[1]} here ({exc})"
        ) from None
    found = judge(card, move)
    if found is not None:
        return found
    from ai.cli.hint import load

    context = context_from_match(from_match_id(card.match_id))
    engine = Engine(load("auto", sys.stderr))
    depth: int | None = card.depth or DEFAULT_DEPTH
    while depth is not None:
        ranked = engine.rank_moves(position, card.dice, depth, context=context, cubeful_replies=False)
        depth = shallower(move, ranked)  # cut short by the search: all ranked again at its depth
    searched = judge_ranked(card, move, ranked)
    moves = candidates(card, move, ranked)
    if quick or searched.right or not moves:
        return searched
    # a costly answer judged again by a rollout, as the coach's verdicts are (issue 52)
    settings, error = ConfirmSettings(), searched.error
    again = engine.confirm_decision(
        position, context, "move", settings, moves=moves, depth=card.depth, search_error=error
    )
    if again is None:
        return searched
    judged = again.judged
    return rolled_out(searched, card, ranked, again.error, again.best, judged.trials, judged.half_width)


def _answer(args: argparse.Namespace, path: Path) -> int:
    words = " ".join(args.answer)
    with open_told(path) as deck:
        held = deck.card(args.id)
        if held is None:
            raise DrillsError(f"there is no card {args.id} in the deck")
        card = held[0]
        judged = _judge(card, words, args.quick)
        schedule = deck.answer(card.id, judged, args.min_error, time.time())
    out = {
        "id": card.id,
        "answer": judged.answer,
        "correct": judged.right,
        "best": judged.best,
        "error": round(judged.error, 5),
        "trials": judged.trials,
        "interval": round(judged.half_interval, 5),
        "why": why_of(card, judged),
        "due": when(schedule.due),
    }
    if args.json:
        print(json.dumps(out))
        return 0
    cost = f"{judged.error:.3f}" + (f" ± {judged.half_interval:.3f}" if judged.trials else "")
    verdict = "right" if judged.right else f"wrong: it costs {cost}"
    by = f" (rollout, {judged.trials} trials)" if judged.trials else ""
    print(f"{judged.answer}: {verdict}{by}. Best: {judged.best}.")
    if out["why"]:
        print(f"Why: {out['why']}")
    print(f"Due again {out['due']}.")
    return 0


def _export(args: argparse.Namespace, path: Path) -> int:
    out = user_path(args.file)
    writer = WRITERS.get(out.suffix.lower())
    if writer is None:
        raise DrillsError(f"{out.name}: the export's name ends in {', '.join(WRITERS)}")
    why = writable(out)
    if why:
        raise DrillsError(f"{out}: {why}")
    with open_told(path) as deck:
        entries = deck.entries()
    write_atomic(out, writer(entries))
    print(f"{len(entries)} card{'s' * (len(entries) != 1)} written to {out}")
    return 0


def _import(args: argparse.Namespace, path: Path) -> int:
    source = user_path(args.file)
    try:
        entries = read(read_regular(source, MAX_IMPORT))
    except ExchangeError as exc:
        raise DrillsError(f"{source}: {exc}") from None
    with open_told(path) as deck:
        added = deck.add_entries(entries, time.time())
    kept = len(entries) - len(added)
    print(
        f"{len(added)} card{'s' * (len(added) != 1)} imported from {source.name}"
        + (f" ({kept} already in the deck)" if kept else "")
    )
    return 0


ACTIONS = {"add": _add, "list": _list, "answer": _answer, "export": _export, "import": _import}
"""Each sub-command's code."""


def run(args: argparse.Namespace, ap: argparse.ArgumentParser) -> int:
    """Run a sub-command; a refusal in one line on standard error, exit code 2."""
    try:
        return ACTIONS[args.action](args, deck_path(args))
    except (DrillsError, DeckError, UnknownHomeError) as exc:
        print(f"drills: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except OSError as exc:
        print(
            f"drills: {exc.filename or ''}{': ' if exc.filename else ''}{exc.strerror or exc}",
            file=sys.stderr,
        )
        return USAGE_ERROR
