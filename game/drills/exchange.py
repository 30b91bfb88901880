"""A deck's cards as files: JSON (everything, to move a deck), CSV (a spreadsheet opens it, and it
reads back) and a list of XGIDs (one position a line, which other programs read).

Each card is one JSON object (:func:`card_to_json`), its schedule and its answers beside it; a CSV
row holds the same fields, the ranked moves and the answers as JSON text in their cells. Reading
checks every field (:mod:`game.support.validate`): a bad file is refused with one line naming the
card and the field, before anything is added.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.drills.card import MOVE, Card, DrillKind, Option, Source
from game.drills.schedule import Schedule
from game.records.matchid import MatchIdError, from_match_id
from game.rules.cube import CubeAction
from game.rules.position import PositionError, from_position_id
from game.support import validate

FORMAT = "backgammon-drills"
"""What a JSON export says it is."""

VERSION = 1
"""The JSON export's version."""

MAX_CARDS = 200_000
"""The most cards a file may hold."""

MAX_OPTIONS = 64
"""The most ranked moves a card may hold."""

MAX_ANSWERS = 10_000
"""The most answers a card may carry."""

DECISIONS = (
    MOVE,
    *(str(a) for a in (CubeAction.DOUBLE, CubeAction.NO_DOUBLE, CubeAction.TAKE, CubeAction.PASS)),
)
"""The decisions a card may hold."""

CSV_FIELDS = (
    "id",
    "xgid",
    "kind",
    "decision",
    "dice",
    "played",
    "best",
    "error",
    "due",
    "player",
    "record",
    "source",
    "game",
    "turn",
    "row",
    "position_id",
    "match_id",
    "bottom",
    "depth",
    "judged_by",
    "why",
    "options",
    "cube",
    "schedule",
    "answers",
)
"""The CSV's columns: the ones a player reads first, then the rest."""


class ExchangeError(ValueError):
    """A file that is not a deck this program reads; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer given to a card, as the deck keeps it."""

    at: float
    """When, in seconds since the epoch."""
    answer: str
    """The move or the cube action."""
    error: float
    """What it cost."""
    right: bool
    """It was the best."""
    grade: int
    """FSRS's rating of it (1 again .. 4 easy)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A card with its schedule and answers: what moves between decks."""

    card: Card
    """The card."""
    schedule: Schedule
    """When it is due, FSRS's state."""
    answers: tuple[Answer, ...] = ()
    """Its answers, oldest first."""


def dice_text(dice: tuple[int, int] | None) -> str:
    """A roll as two digits (``"31"``), "" for none."""
    return "" if dice is None else f"{dice[0]}{dice[1]}"


def dice_from(text: str, name: str = "dice") -> tuple[int, int] | None:
    """Two digits 1..6 back into a roll ("" is none)."""
    if text == "":
        return None
    if len(text) != 2 or not all(c in "123456" for c in text):
        raise validate.Invalid(f"{name} must be two digits 1..6, not {validate.show(text)}")
    return int(text[0]), int(text[1])


def options_to_json(options: Sequence[Option]) -> list[list[Any]]:
    """Ranked moves as compact JSON rows."""
    return [[o.move, o.after, round(o.equity, 6), list(o.probs)] for o in options]


def options_from_json(value: object, name: str = "options") -> tuple[Option, ...]:
    """Ranked moves back from :func:`options_to_json`."""
    out = []
    for i, row in enumerate(validate.items(value, name, MAX_OPTIONS)):
        move, after, equity, probs = validate.items(row, f"{name}[{i}]", 4, 4)
        out.append(
            Option(
                validate.text(move, f"{name}[{i}] move", 80),
                _position(after, f"{name}[{i}] after"),
                validate.number(equity, f"{name}[{i}] equity", -1e6, 1e6),
                tuple(
                    validate.number(p, f"{name}[{i}] chance", 0.0, 1.0)
                    for p in validate.items(probs, f"{name}[{i}] chances", 5)
                ),
            )
        )
    return tuple(out)


def schedule_to_json(s: Schedule) -> dict[str, Any]:
    """A schedule as JSON."""
    return {
        "due": s.due,
        "state": s.state,
        "step": s.step,
        "stability": s.stability,
        "difficulty": s.difficulty,
        "last_review": s.last_review,
        "reps": s.reps,
        "lapses": s.lapses,
        "last_right": s.last_right,
    }


def _field(d: dict[str, Any], key: str, name: str) -> Any:
    """``d[key]``; :class:`validate.Invalid` naming the card and the field when it is absent."""
    if key not in d:
        raise validate.Invalid(f"{name}: {key} is missing")
    return d[key]


def _maybe(value: object, name: str, check: Any) -> Any:
    return None if value is None else check(value, name)


def schedule_from_json(value: object, name: str = "schedule") -> Schedule:
    """A schedule back from :func:`schedule_to_json`."""
    d = validate.obj(value, name)
    big = 1e12
    return Schedule(
        due=validate.number(_field(d, "due", name), f"{name} due", 0.0, big),
        state=validate.integer(d.get("state", 1), f"{name} state", 1, 3),
        step=_maybe(d.get("step"), f"{name} step", lambda v, n: validate.integer(v, n, 0, 100)),
        stability=_maybe(
            d.get("stability"), f"{name} stability", lambda v, n: validate.number(v, n, 0.0, big)
        ),
        difficulty=_maybe(
            d.get("difficulty"), f"{name} difficulty", lambda v, n: validate.number(v, n, 0.0, 11.0)
        ),
        last_review=_maybe(
            d.get("last_review"), f"{name} last review", lambda v, n: validate.number(v, n, 0.0, big)
        ),
        reps=validate.integer(d.get("reps", 0), f"{name} reps", 0, 10**9),
        lapses=validate.integer(d.get("lapses", 0), f"{name} lapses", 0, 10**9),
        last_right=validate.flag(d.get("last_right", False), f"{name} last right"),
    )


def answers_to_json(answers: Sequence[Answer]) -> list[list[Any]]:
    """Answers as compact JSON rows."""
    return [[a.at, a.answer, round(a.error, 6), a.right, a.grade] for a in answers]


def answers_from_json(value: object, name: str = "answers") -> tuple[Answer, ...]:
    """Answers back from :func:`answers_to_json`."""
    out = []
    for i, row in enumerate(validate.items(value, name, MAX_ANSWERS)):
        at, answer, error, right, grade = validate.items(row, f"{name}[{i}]", 5, 5)
        out.append(
            Answer(
                validate.number(at, f"{name}[{i}] time", 0.0, 1e12),
                validate.text(answer, f"{name}[{i}] answer", 80),
                validate.number(error, f"{name}[{i}] error", 0.0, 1e6),
                validate.flag(right, f"{name}[{i}] right"),
                validate.integer(grade, f"{name}[{i}] grade", 1, 4),
            )
        )
    return tuple(out)


def card_to_json(card: Card) -> dict[str, Any]:
    """A card as a JSON object (its id too: a reader may ignore it)."""
    return {
        "id": card.id,
        "xgid": card.xgid,
        "position_id": card.position_id,
        "match_id": card.match_id,
        "bottom": card.bottom,
        "decision": card.decision,
        "dice": None if card.dice is None else list(card.dice),
        "played": card.played,
        "best": card.best,
        "error": round(card.error, 6),
        "kind": str(card.kind),
        "player": card.player,
        "source": {
            "record": card.source.record,
            "name": card.source.name,
            "game": card.source.game,
            "turn": card.source.turn,
            "row": card.source.row,
        },
        "depth": card.depth,
        "judged_by": card.judged_by,
        "why": card.why,
        "options": options_to_json(card.options),
        "cube": None if card.cube is None else [round(x, 6) for x in card.cube],
    }


def _position(value: object, name: str) -> str:
    pid = validate.text(value, name, 20)
    try:
        from_position_id(pid)
    except (PositionError, ValueError) as exc:
        raise validate.Invalid(f"{name} is no Position ID ({exc})") from None
    return pid


def _match(value: object, name: str) -> str:
    mid = validate.text(value, name, 20)
    try:
        from_match_id(mid)
    except (MatchIdError, ValueError) as exc:
        raise validate.Invalid(f"{name} is no Match ID ({exc})") from None
    return mid


def _optional_text(value: object, name: str, most: int = validate.MAX_TEXT) -> str:
    if value is None or value == "":
        return ""
    return validate.text(value, name, most)


def card_from_json(value: object, name: str = "card") -> Card:
    """A card back from :func:`card_to_json` (its id kept; :class:`validate.Invalid` naming the field)."""
    d = validate.obj(value, name)
    src = validate.obj(_field(d, "source", name), f"{name} source")
    decision = str(validate.choice(_field(d, "decision", name), f"{name} decision", DECISIONS))
    dice = d.get("dice")
    cube = d.get("cube")
    card = Card(
        position_id=_position(_field(d, "position_id", name), f"{name} position_id"),
        match_id=_match(_field(d, "match_id", name), f"{name} match_id"),
        decision=decision,
        played=validate.text(_field(d, "played", name), f"{name} played", 80),
        best=validate.text(_field(d, "best", name), f"{name} best", 80),
        error=validate.number(_field(d, "error", name), f"{name} error", 0.0, 1e6),
        source=Source(
            validate.text(_field(src, "record", name), f"{name} source record", 200),
            _optional_text(src.get("name"), f"{name} source name"),
            validate.integer(src.get("game", 0), f"{name} source game", 0, 10**6),
            validate.integer(src.get("turn", -1), f"{name} source turn", -1, 10**6),
            validate.integer(src.get("row", 0), f"{name} source row", 0, 10**6),
        ),
        player=_optional_text(d.get("player"), f"{name} player", 200),
        bottom=validate.integer(d.get("bottom", 1), f"{name} bottom", 0, 1),
        dice=None if dice is None else validate.dice(dice, f"{name} dice"),
        options=options_from_json(d.get("options", []), f"{name} options"),
        cube=None
        if cube is None
        else tuple(
            validate.number(x, f"{name} cube", -1e6, 1e6) for x in validate.items(cube, f"{name} cube", 3, 3)
        ),  # type: ignore[arg-type]
        kind=validate.member(_field(d, "kind", name), f"{name} kind", DrillKind),
        depth=validate.integer(d.get("depth", 0), f"{name} depth", 0, 10),
        judged_by=_optional_text(d.get("judged_by"), f"{name} judged_by", 200),
        why=_optional_text(d.get("why"), f"{name} why", 4000),
        id=validate.integer(d.get("id", 0), f"{name} id", 0, 2**62),
    )
    if (card.decision == MOVE) != (card.dice is not None):
        raise validate.Invalid(f"{name}: a checker play has dice, a cube decision none")
    if card.decision == MOVE and not card.options:
        raise validate.Invalid(f"{name}: a checker play holds its ranked moves")
    if card.decision != MOVE and card.cube is None:
        raise validate.Invalid(f"{name}: a cube decision holds its three equities")
    return card


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """A card, its schedule and its answers as one JSON object."""
    out = card_to_json(entry.card)
    out["schedule"] = schedule_to_json(entry.schedule)
    out["answers"] = answers_to_json(entry.answers)
    return out


def entry_from_json(value: object, name: str) -> Entry:
    """An entry back from :func:`entry_to_json`."""
    d = validate.obj(value, name)
    return Entry(
        card_from_json(d, name),
        schedule_from_json(_field(d, "schedule", name), f"{name} schedule"),
        answers_from_json(d.get("answers", []), f"{name} answers"),
    )


def write_json(entries: Sequence[Entry]) -> bytes:
    """The JSON export."""
    doc = {"format": FORMAT, "version": VERSION, "cards": [entry_to_json(e) for e in entries]}
    return json.dumps(doc, indent=1, ensure_ascii=False).encode("utf-8")


def write_csv(entries: Sequence[Entry]) -> bytes:
    """The CSV export (UTF-8 with a byte-order mark, so that a spreadsheet reads its accents)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_FIELDS)
    for e in entries:
        j = entry_to_json(e)
        src = j["source"]
        row = {
            **{k: j[k] for k in ("id", "xgid", "kind", "decision", "played", "best", "error", "player")},
            "dice": dice_text(e.card.dice),
            "due": _iso(e.schedule.due),
            "record": src["record"],
            "source": src["name"],
            "game": src["game"],
            "turn": src["turn"],
            "row": src["row"],
            **{k: j[k] for k in ("position_id", "match_id", "bottom", "depth", "judged_by", "why")},
            "options": json.dumps(j["options"]),
            "cube": "" if j["cube"] is None else json.dumps(j["cube"]),
            "schedule": json.dumps(j["schedule"]),
            "answers": json.dumps(j["answers"]),
        }
        writer.writerow([row[k] for k in CSV_FIELDS])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _iso(seconds: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M:%S")


def write_xgids(entries: Sequence[Entry]) -> bytes:
    """One XGID a line, the decider at the bottom: the position list other programs read."""
    return "".join(e.card.xgid + "\n" for e in entries).encode("ascii")


def _json_cell(text: str, name: str) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise validate.Invalid(f"{name} is not JSON") from None


def _csv_entry(row: dict[str, str], n: int) -> Entry:
    name = f"row {n}"
    cell = {k: (row.get(k) or "") for k in CSV_FIELDS}
    numbers = {}
    for key in ("id", "game", "turn", "row", "bottom", "depth"):
        try:
            numbers[key] = int(cell[key]) if cell[key] else {"turn": -1, "bottom": 1}.get(key, 0)
        except ValueError:
            raise validate.Invalid(
                f"{name} {key} must be a whole number, not {validate.show(cell[key])}"
            ) from None
    try:
        error = float(cell["error"])
    except ValueError:
        raise validate.Invalid(f"{name} error must be a number, not {validate.show(cell['error'])}") from None
    dice = dice_from(cell["dice"], f"{name} dice")
    doc = {
        "id": numbers["id"],
        "position_id": cell["position_id"],
        "match_id": cell["match_id"],
        "bottom": numbers["bottom"],
        "decision": cell["decision"],
        "dice": None if dice is None else list(dice),
        "played": cell["played"],
        "best": cell["best"],
        "error": error,
        "kind": cell["kind"],
        "player": cell["player"],
        "source": {
            "record": cell["record"],
            "name": cell["source"],
            "game": numbers["game"],
            "turn": numbers["turn"],
            "row": numbers["row"],
        },
        "depth": numbers["depth"],
        "judged_by": cell["judged_by"],
        "why": cell["why"],
        "options": _json_cell(cell["options"] or "[]", f"{name} options"),
        "cube": _json_cell(cell["cube"], f"{name} cube") if cell["cube"] else None,
        "schedule": _json_cell(cell["schedule"], f"{name} schedule"),
        "answers": _json_cell(cell["answers"] or "[]", f"{name} answers"),
    }
    return entry_from_json(doc, name)


def read(data: bytes) -> list[Entry]:
    """The cards of a JSON or CSV export (told apart by their first character);
    :class:`ExchangeError` saying why in one line when it is neither, or a field is bad."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise ExchangeError("the file is not UTF-8 text: not a JSON or CSV deck") from None
    try:
        if text.lstrip().startswith("{"):
            return _read_json(text)
        return _read_csv(text)
    except validate.Invalid as exc:
        raise ExchangeError(str(exc)) from None


def _read_json(text: str) -> list[Entry]:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ExchangeError(f"the file is not valid JSON ({exc.__class__.__name__})") from None
    d = validate.obj(doc, "the file")
    if d.get("format") != FORMAT:
        raise ExchangeError(f'the JSON is not a deck of drills (no "format": "{FORMAT}")')
    validate.integer(d.get("version"), "version", 1, VERSION)
    cards = validate.items(validate.field(d, "cards"), "cards", MAX_CARDS)
    return [entry_from_json(c, f"card {i + 1}") for i, c in enumerate(cards)]


def _read_csv(text: str) -> list[Entry]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = tuple(reader.fieldnames or ())
    missing = [f for f in CSV_FIELDS if f not in header]
    if missing:
        raise ExchangeError(f"the CSV lacks the columns {', '.join(missing)}: not a deck of drills")
    out: list[Entry] = []
    for n, row in enumerate(reader, 2):
        if len(out) >= MAX_CARDS:
            raise ExchangeError(f"the file holds more than {MAX_CARDS} cards")
        out.append(_csv_entry(row, n))
    return out
