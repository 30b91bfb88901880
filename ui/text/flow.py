"""The turn flow's messages and status line in words (:mod:`ui.flow.said` worded; no pygame).

A sentence that names a side is written whole for each way of naming it (you, the computer, a
person by name) so that a language can make its verb agree; a count is worded with ``ngettext``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import assert_never

from ai.engine_types import CubeAdvice
from ai.worker.messages import CubeAnswer
from game.rules.cube import CubeAction, NoDouble, Resignation
from ui.flow.events import Phase, Search
from ui.flow.said import (
    Accepted,
    AIFailed,
    ComputerAccepts,
    ComputerCannotMove,
    ComputerOffersResignation,
    ComputerPasses,
    ComputerPlayed,
    ComputerTakes,
    CubeHinted,
    Danced,
    Declined,
    DoubleBlock,
    Doubled,
    DoubleWaits,
    ForcedMove,
    HintBlock,
    HintSetUp,
    HitsOnTheWay,
    LastMove,
    NoDoubleNow,
    NoHintNow,
    NoLegalMove,
    NotDone,
    Note,
    OffersResignation,
    Opening,
    OpeningTie,
    Party,
    Passed,
    Played,
    RolledDice,
    Said,
    Side,
    Took,
    TutorFailed,
    Undone,
    WeighingDouble,
)
from ui.flow.status import Doing, Status
from ui.text import N_, _, ngettext, number

NOTES: Mapping[Note, str] = MappingProxyType(
    {
        Note.TUTOR_CHECKING: N_("Tutor is checking… (Esc skips the check)"),
        Note.TUTOR_CONFIRMING: N_("The tutor's search sees an error: a rollout checks it… (Esc skips)"),
        Note.TUTOR_CLEARED: N_("The rollout cleared it: no error worth a warning."),
        Note.TUTOR_UNCONFIRMED: N_("The rollout could not tell: the warning is the search's."),
        Note.TUTOR_WARNING: N_("The tutor's check is done: take it back, or play it."),
        Note.NOTHING_TO_HINT: N_("No legal move: nothing to hint."),
        Note.TUTOR_SKIPPED: N_("Tutor check skipped."),
        Note.TAKEN_BACK_MOVE: N_("Taken back: the dice are as they were. Play again."),
        Note.TAKEN_BACK: N_("Taken back: decide again."),
        Note.WEIGHING_CUBE_FOR_YOU: N_("Weighing the cube for you..."),
        Note.COMPUTER_DECLINES_RESIGNATION: N_(
            "The computer declines: it expects to win more by playing on."
        ),
        Note.COMPUTER_TAKES_UNWEIGHED: N_("The computer takes (it could not weigh the double)."),
        Note.COMPUTER_DECLINES_UNWEIGHED: N_("The computer declines (it could not weigh the offer)."),
        Note.MOVE_COMPLETE: N_("Move complete: press Enter or Done to play it, U to undo."),
        Note.CANNOT_GO_THERE: N_("That checker cannot go there with these dice."),
        Note.NOTHING_TO_UNDO: N_("Nothing to undo this turn."),
        Note.NO_MOVE_YET: N_("No move has been played yet."),
        Note.ROLL_FIRST: N_("Roll the dice first (Space or the Roll button)."),
        Note.ALL_DICE_PLAYED: N_("All dice are played: press Enter or Done, or U to undo."),
        Note.ENTER_FROM_BAR: N_("You have a checker on the bar: enter it first."),
        Note.PICK_UP_TO_BEAR_OFF: N_("Pick up a checker first, then click the tray to bear it off."),
        Note.NO_LEGAL_MOVE_FOR_CHECKER: N_("That checker has no legal move with these dice."),
        Note.PICK_A_RINGED_CHECKER: N_("Pick one of your checkers that can move (they are ringed)."),
    }
)
"""Each message with nothing to fill in."""


def named(side: Side, you: str, computer: str, person: str, **values: object) -> str:
    """The sentence for ``side`` (each already worded: ``_("You ...")``), its placeholders filled in
    (``{name}`` is the person's name)."""
    match side.party:
        case Party.YOU:
            return you.format(**values)
        case Party.COMPUTER:
            return computer.format(**values)
        case Party.PERSON:
            return person.format(name=side.name, **values)
        case other:
            assert_never(other)


def subject(side: Side) -> str:
    """A side as the subject of a sentence: "You", "The computer", or the name."""
    return named(side, _("You"), _("The computer"), "{name}")


def whose(side: Side) -> str:
    """A side's, at the start of a sentence: "Your", "The computer's", "Ann's"."""
    return named(side, _("Your"), _("The computer's"), _("{name}'s"))


def percent(share: float) -> str:
    """A chance as a percentage ("62%")."""
    return number(share, ".0%")


NUMBER_WORDS = (N_("no"), N_("a"), N_("two"), N_("three"), N_("four"))
"""How many dice of one value, in words (a double gives at most four)."""


def dice_left(dice: tuple[int, ...]) -> str:
    """The dice still to play: "a 4 is left", "a 6 and a 2 are left", "three 5s are left" (a double's
    dice counted, high dice first)."""
    if not dice:
        return _("no dice are left")
    values = sorted(set(dice), reverse=True)
    parts = [
        ngettext("{count} {value}", "{count} {value}s", dice.count(v)).format(
            count=_(NUMBER_WORDS[dice.count(v)]), value=v
        )
        for v in values
    ]
    listed = (
        parts[0] if len(parts) == 1 else _("{first} and {second}").format(first=parts[0], second=parts[1])
    )
    return ngettext("{dice} is left", "{dice} are left", len(dice)).format(dice=listed)


RESIGN_OFFERS: Mapping[Resignation, str] = MappingProxyType(
    {
        Resignation.SINGLE: N_("a single game"),
        Resignation.GAMMON: N_("a gammon"),
        Resignation.BACKGAMMON: N_("a backgammon"),
    }
)
"""An offer to resign, in words (what the resigner gives)."""


def offer_words(offer: Resignation) -> str:
    """An offer to resign: "a gammon"."""
    return _(RESIGN_OFFERS[offer])


def said(message: Said) -> str:
    """What the flow says, in words."""
    match message:
        case Note():
            return _(NOTES[message])
        case (
            Opening()
            | OpeningTie()
            | RolledDice()
            | NoLegalMove()
            | ForcedMove()
            | ComputerCannotMove()
            | ComputerPlayed()
        ):
            return _dice_words(message)
        case Played() | Danced() | HitsOnTheWay() | Undone() | NotDone() | HintSetUp() | LastMove():
            return _move_words(message)
        case AIFailed():
            return _("The AI could not answer: {reason}").format(reason=message.reason)
        case TutorFailed() if message.rollout:
            return _("The rollout could not check this ({reason}): the warning is the search's.").format(
                reason=message.reason
            )
        case TutorFailed():
            return _("The tutor could not check this ({reason}).").format(reason=message.reason)
        case ComputerOffersResignation() | DoubleWaits() | Doubled() | Took() | Passed() | WeighingDouble():
            return _cube_words(message)
        case ComputerTakes() | ComputerPasses() | CubeHinted():
            return _computer_cube_words(message)
        case OffersResignation() | ComputerAccepts() | Accepted() | Declined():
            return _resign_words(message)
        case NoDoubleNow():
            return why_no_double(message)
        case NoHintNow():
            return why_no_hint(message)
        case _:
            assert_never(message)


def _dice_words(
    m: Opening | OpeningTie | RolledDice | NoLegalMove | ForcedMove | ComputerCannotMove | ComputerPlayed,
) -> str:
    match m:
        case Opening():
            ties = [_("Tie at {roll}, rolled again.").format(roll=t) for t in m.ties]
            one, two = m.sides
            if one.party is Party.PERSON:
                dice = _("Opening roll: {one} {a}, {two} {b}.").format(
                    one=one.name, two=two.name, a=m.dice[0], b=m.dice[1]
                )
            else:
                dice = _("Opening roll: you {a}, the computer {b}.").format(a=m.dice[0], b=m.dice[1])
            first = named(
                m.first,
                _("You move first with {roll}."),
                _("The computer moves first with {roll}."),
                _("{name} moves first with {roll}."),
                roll=m.roll,
            )
            return " ".join([*ties, dice, first])
        case OpeningTie():
            return _("Tie at {roll}: roll both dice again.").format(roll=m.roll)
        case RolledDice():
            return named(
                m.roller,
                _("You rolled {roll}."),
                _("The computer rolled {roll}."),
                _("{name} rolled {roll}."),
                roll=m.roll,
            )
        case NoLegalMove():
            return named(
                m.mover,
                _("No legal move with {roll}: you pass in a moment (any key: at once)."),
                _("No legal move with {roll}: the computer passes in a moment (any key: at once)."),
                _("No legal move with {roll}: {name} passes in a moment (any key: at once)."),
                roll=m.roll,
            )
        case ForcedMove():
            return named(
                m.mover,
                _("You rolled {roll}: the only move is {move} (played for you)."),
                _("The computer rolled {roll}: the only move is {move} (played for you)."),
                _("{name} rolled {roll}: the only move is {move} (played for you)."),
                roll=m.roll,
                move=m.move,
            )
        case ComputerCannotMove():
            return _("The computer rolled {roll} and cannot move.").format(roll=m.roll)
        case ComputerPlayed():
            if m.fallback:
                return _(
                    "The computer played {move} (the AI failed twice, so: its first legal move)."
                ).format(move=m.move)
            return _("The computer played {move}.").format(move=m.move)
        case _:
            assert_never(m)


def _move_words(m: Played | Danced | HitsOnTheWay | Undone | NotDone | HintSetUp | LastMove) -> str:
    match m:
        case Played():
            return named(
                m.mover,
                _("You played {move}."),
                _("The computer played {move}."),
                _("{name} played {move}."),
                move=m.move,
            )
        case Danced():
            return named(
                m.mover,
                _("You rolled {roll}: no move, you pass."),
                _("The computer rolled {roll}: no move, the computer passes."),
                _("{name} rolled {roll}: no move, {name} passes."),
                roll=m.roll,
            )
        case HitsOnTheWay():
            if m.complete:
                return _(
                    "{steps}: it hits on the way. To go round instead, press U and move one die at a time."
                    " Or Enter / Done plays the move."
                ).format(steps=m.steps)
            return _(
                "{steps}: it hits on the way. To go round instead, press U and move one die at a time."
            ).format(steps=m.steps)
        case Undone():
            return _("Undone: {left} to play.").format(left=dice_left(m.left))
        case NotDone():
            return _("Not done: {left} to play.").format(left=dice_left(m.left))
        case HintSetUp():
            return _("{move} set up: press Enter or Done to play it, U to undo.").format(move=m.move)
        case LastMove() if not m.move:
            return named(
                m.owner,
                _("Your last turn: {roll}, no legal move (it passed)."),
                _("The computer's last turn: {roll}, no legal move (it passed)."),
                _("{name}'s last turn: {roll}, no legal move (it passed)."),
                roll=m.roll,
            )
        case LastMove():
            return named(
                m.owner,
                _("Your last move: {move} with {roll}."),
                _("The computer's last move: {move} with {roll}."),
                _("{name}'s last move: {move} with {roll}."),
                move=m.move,
                roll=m.roll,
            )
        case _:
            assert_never(m)


def _offer_sentence(resigner: Side, offer: Resignation) -> str:
    match offer:
        case Resignation.SINGLE:
            return named(
                resigner,
                _("You offer to resign a single game."),
                _("The computer offers to resign a single game."),
                _("{name} offers to resign a single game."),
            )
        case Resignation.GAMMON:
            return named(
                resigner,
                _("You offer to resign a gammon."),
                _("The computer offers to resign a gammon."),
                _("{name} offers to resign a gammon."),
            )
        case Resignation.BACKGAMMON:
            return named(
                resigner,
                _("You offer to resign a backgammon."),
                _("The computer offers to resign a backgammon."),
                _("{name} offers to resign a backgammon."),
            )
        case other:
            assert_never(other)


def _computer_offer(offer: Resignation, points: int) -> str:
    match offer:
        case Resignation.SINGLE:
            said = ngettext(
                "The computer offers to resign a single game ({points} point).",
                "The computer offers to resign a single game ({points} points).",
                points,
            )
        case Resignation.GAMMON:
            said = ngettext(
                "The computer offers to resign a gammon ({points} point).",
                "The computer offers to resign a gammon ({points} points).",
                points,
            )
        case Resignation.BACKGAMMON:
            said = ngettext(
                "The computer offers to resign a backgammon ({points} point).",
                "The computer offers to resign a backgammon ({points} points).",
                points,
            )
        case other:
            assert_never(other)
    return said.format(points=points)


def _cube_words(m: ComputerOffersResignation | DoubleWaits | Doubled | Took | Passed | WeighingDouble) -> str:
    match m:
        case ComputerOffersResignation():
            return _computer_offer(m.offer, m.points)
        case DoubleWaits() if m.taker.party is Party.PERSON:
            return _("{name} doubles: the cube to {cube}. {taker}: take or pass?").format(
                name=m.doubler.name, cube=m.cube, taker=m.taker.name
            )
        case DoubleWaits():
            return named(
                m.doubler,
                _("You double: the cube to {cube}. The computer: take or pass?"),
                _("The computer doubles: the cube to {cube}. Take or pass?"),
                _("{name} doubles: the cube to {cube}. Take or pass?"),
                cube=m.cube,
            )
        case Doubled():
            return named(
                m.doubler,
                _("You double: the cube to {cube}."),
                _("The computer doubles: the cube to {cube}."),
                _("{name} doubles: the cube to {cube}."),
                cube=m.cube,
            )
        case Took() if m.beaver:
            return named(
                m.taker,
                _("You beaver: the cube is on {cube}, still yours."),
                _("The computer beavers: the cube is on {cube}, still the computer's."),
                _("{name} beavers: the cube is on {cube}, still {name}'s."),
                cube=m.cube,
            )
        case Took():
            return named(
                m.taker,
                _("You take: the cube is on {cube}, yours."),
                _("The computer takes: the cube is on {cube}, the computer's."),
                _("{name} takes: the cube is on {cube}, {name}'s."),
                cube=m.cube,
            )
        case Passed():
            return _passed(m)
        case WeighingDouble() if m.computers:
            return named(
                m.taker,
                _("Weighing the computer's double for you..."),
                "",
                _("Weighing the computer's double for {name}..."),
            )
        case WeighingDouble():
            return named(
                m.taker, _("Weighing the double for you..."), "", _("Weighing the double for {name}...")
            )
        case _:
            assert_never(m)


def _passed(m: Passed) -> str:
    n = m.points
    match m.passer.party:
        case Party.YOU:
            said = ngettext(
                "You pass: the computer wins {points} point.",
                "You pass: the computer wins {points} points.",
                n,
            )
        case Party.COMPUTER:
            said = ngettext(
                "The computer passes: you win {points} point.",
                "The computer passes: you win {points} points.",
                n,
            )
        case Party.PERSON:
            said = ngettext(
                "{name} passes: {winner} wins {points} point.",
                "{name} passes: {winner} wins {points} points.",
                n,
            )
        case other:
            assert_never(other)
    return said.format(name=m.passer.name, winner=m.winner.name, points=n)


def _computer_cube_words(m: ComputerTakes | ComputerPasses | CubeHinted) -> str:
    match m:
        case ComputerTakes() if m.beaver:
            return _("The computer takes and beavers: {chance} to win; the cube is on {cube}.").format(
                chance=percent(m.chance), cube=m.cube
            )
        case ComputerTakes():
            return _("The computer takes: {chance} to win.").format(chance=percent(m.chance))
        case ComputerPasses():
            return ngettext(
                "The computer passes: only {chance} to win. You win {points} point.",
                "The computer passes: only {chance} to win. You win {points} points.",
                m.points,
            ).format(chance=percent(m.chance), points=m.points)
        case CubeHinted():
            return cube_hint(m.answer, m.taker)
        case _:
            assert_never(m)


def _resign_words(m: OffersResignation | ComputerAccepts | Accepted | Declined) -> str:
    match m:
        case OffersResignation():
            return _offer_sentence(m.resigner, m.offer)
        case ComputerAccepts():
            return ngettext(
                "The computer accepts: it wins {points} point.",
                "The computer accepts: it wins {points} points.",
                m.points,
            ).format(points=m.points)
        case Accepted():
            return named(
                m.accepter,
                ngettext(
                    "You accept: you win {points} point.", "You accept: you win {points} points.", m.points
                ),
                ngettext(
                    "The computer accepts: the computer wins {points} point.",
                    "The computer accepts: the computer wins {points} points.",
                    m.points,
                ),
                ngettext(
                    "{name} accepts: {name} wins {points} point.",
                    "{name} accepts: {name} wins {points} points.",
                    m.points,
                ),
                points=m.points,
            )
        case Declined():
            return named(
                m.decliner,
                _("You decline: play on."),
                _("The computer declines: play on."),
                _("{name} declines: play on."),
            )
        case _:
            assert_never(m)


def cube_hint(answer: CubeAnswer, taker: Side) -> str:
    """The cube hint for the side on roll (``answer`` from its side; ``taker``: the other side)."""
    advice = CubeAdvice.of(answer.double, answer.take)
    if advice.doubler is not CubeAction.DOUBLE:
        verdict = _("No double")
    elif advice.taker is CubeAction.TAKE:
        verdict = named(
            taker,
            _("Double: you should take"),
            _("Double: the computer should take"),
            _("Double: {name} should take"),
        )
    else:
        verdict = named(
            taker,
            _("Double: you should pass"),
            _("Double: the computer should pass"),
            _("Double: {name} should pass"),
        )
    return _(
        "Cube hint: {verdict} (no double {nd:+.3f}, double/take {dt:+.3f},"
        " double/pass {dp:+.3f}; {chance} to win)."
    ).format(verdict=verdict, nd=answer.nd, dt=answer.dt, dp=answer.dp, chance=percent(answer.probs[0]))


def take_advice(answer: CubeAnswer) -> str:
    """The hint for the human facing the computer's double (``answer`` is from the computer's side)."""
    mine = 1.0 - answer.probs[0]
    if answer.take_right():
        said = _("Take: you need {need} to win, you have {have} (taking scores {dt:+.2f}, passing {dp:+.2f})")
    else:
        said = _("Pass: you need {need} to win, you have {have} (taking scores {dt:+.2f}, passing {dp:+.2f})")
    return said.format(need=percent(answer.take_point), have=percent(mine), dt=-answer.dt, dp=-answer.dp)


def why_no_double(m: NoDoubleNow) -> str:
    """Why the person on roll may not double now (a D pressed)."""
    match m.why:
        case DoubleBlock.GAME_OVER:
            return _("The game is over: there is nothing to double.")
        case DoubleBlock.WAITING:
            return _("A double is already waiting for its answer.")
        case DoubleBlock.NOT_YOUR_TURN:
            return _("You can double only on your own turn, before you roll.")
        case DoubleBlock.OPENING:
            return _("Not on the opening roll: you can double from your next turn, before you roll.")
        case DoubleBlock.ROLLED:
            return _("You have rolled: a double comes before the roll, on your next turn.")
        case DoubleBlock.CRAWFORD:
            return _("No doubling in the Crawford game (a player is one point from winning the match).")
        case DoubleBlock.NOT_OWNER:
            return named(
                m.owner,
                _("You own the cube (on {cube}): only you can double next."),
                _("The computer owns the cube (on {cube}): only it can double next."),
                _("{name} owns the cube (on {cube}): only they can double next."),
                cube=m.cube,
            )
        case DoubleBlock.AT_MAX:
            return _("The cube is on {cube}, as high as it goes.").format(cube=m.cube)
        case DoubleBlock.NOT_NOW:
            return _("Not just now: you can double when the board is still and it is your turn to roll.")
        case other:
            assert_never(other)


def _no_double_to_weigh(m: NoHintNow) -> str:
    match m.double:
        case NoDouble.NOT_OWNER:
            owner = m.owner if m.owner is not None else Side(Party.COMPUTER)
            return named(
                owner,
                _("You own the cube (on {cube}): no double to weigh. Roll, then H hints your move."),
                _(
                    "The computer owns the cube (on {cube}): no double to weigh."
                    " Roll, then H hints your move."
                ),
                _("{name} owns the cube (on {cube}): no double to weigh. Roll, then H hints your move."),
                cube=m.cube,
            )
        case NoDouble.CRAWFORD:
            return _("No doubling in the Crawford game: no double to weigh. Roll, then H hints your move.")
        case NoDouble.AT_MAX:
            return _(
                "The cube is on {cube}, as high as it goes: no double to weigh. Roll, then H hints your move."
            ).format(cube=m.cube)
        case NoDouble.ROLLED:
            return _("The dice are rolled: no double to weigh. Roll, then H hints your move.")
        case None:
            return _("Not just now: no double to weigh. Roll, then H hints your move.")
        case other:
            assert_never(other)


def why_no_hint(m: NoHintNow) -> str:
    """Why H gives no hint now."""
    match m.why:
        case HintBlock.GAME_OVER:
            return _("The game is over: there is nothing to hint.")
        case HintBlock.CUBE_BEING_WEIGHED:
            return _("The cube is being weighed: its hint comes when the search ends.")
        case HintBlock.NO_DOUBLE:
            return _no_double_to_weigh(m)
        case HintBlock.NO_LEGAL_MOVE:
            return _("No legal move: nothing to hint.")
        case HintBlock.ON_ITS_WAY:
            return _("The hint is on its way: the best moves show in the panel when the search ends.")
        case HintBlock.NOT_YOUR_TURN:
            return _("Hints are for your own turn: before you roll (the cube), or after (your move).")
        case other:
            assert_never(other)


PHASE_STATUS: Mapping[Phase, str] = MappingProxyType(
    {
        Phase.OPENING_ROLL: N_("Opening roll"),
        Phase.AWAITING_ROLL: N_("Your turn: roll"),
        Phase.MOVING: N_("Your turn: move"),
        Phase.COMPUTER_THINKING: N_("Computer is thinking…"),
        Phase.COMPUTER_MOVING: N_("Computer's turn"),
        Phase.COMPUTER_DICE: N_("Computer's turn: enter its dice"),
        Phase.GAME_OVER: N_("Game over"),
        Phase.MATCH_OVER: N_("Match over"),
        Phase.CUBE_THINKING: N_("Computer's turn"),
        Phase.TAKE_OR_PASS: N_("Take or pass?"),
        Phase.DOUBLE_ANSWER: N_("You doubled: computer decides…"),
        Phase.RESIGN_ANSWER: N_("You resigned: computer decides…"),
        Phase.RESIGN_OFFERED: N_("Computer offers to resign"),
        Phase.TUTOR_CHECKING: N_("Tutor is checking…"),
        Phase.TUTOR_WARNING: N_("Tutor: take it back?"),
    }
)
"""The status line for each phase (the moving phase says more when it can)."""

OPENING_BY_HAND = N_("Opening roll: enter both dice")
"""The status line while the opening roll waits for real dice."""


def status(s: Status) -> str:
    """The status line in words: whose turn it is and what comes next."""
    if s.rollout:
        return _("Tutor is checking by a rollout…")
    return _turn_status(s)


def _turn_status(s: Status) -> str:
    """The status line of a phase, or of whose turn it is and what they do."""
    if s.doing is None:
        return _(PHASE_STATUS[s.phase])
    if s.actor is None:
        said = DOING_STATUS.get(s.doing)
        return _(said) if said is not None else _(PHASE_STATUS[s.phase])
    return _(DOING_NAMED_STATUS[s.doing]).format(name=s.actor.name)


DOING_STATUS: Mapping[Doing, str] = MappingProxyType(
    {
        Doing.NO_MOVE: N_("No legal move"),
        Doing.CONFIRM: N_("Your turn: confirm"),
        Doing.MOVE: N_("Your turn: move"),
        Doing.ENTER_OPENING: OPENING_BY_HAND,
    }
)
"""The status line when you, playing the computer, are to act (else the phase's)."""

DOING_NAMED_STATUS: Mapping[Doing, str] = MappingProxyType(
    {
        Doing.NO_MOVE: N_("{name}'s turn: no legal move"),
        Doing.CONFIRM: N_("{name}'s turn: confirm"),
        Doing.MOVE: N_("{name}'s turn: move"),
        Doing.ROLL: N_("{name}'s turn: roll"),
        Doing.TAKE_OR_PASS: N_("{name}: take or pass?"),
        Doing.ACCEPT_RESIGNATION: N_("{name}: accept the resignation?"),
        Doing.ENTER_OPENING: OPENING_BY_HAND,
    }
)
"""The status line when one of two people is to act, by name."""


SEARCH_WORDS: Mapping[Search, str] = MappingProxyType(
    {
        Search.MOVE: N_("Thinking…"),
        Search.HINT: N_("Finding hints…"),
        Search.CUBE: N_("Weighing the cube…"),
        Search.CUBE_HINT: N_("Weighing the cube…"),
        Search.TAKE: N_("Weighing your double…"),
        Search.RESIGN: N_("Weighing your offer…"),
        Search.TAKE_ADVICE: N_("Weighing the double…"),
        Search.TUTOR: N_("Tutor is checking… (Esc skips)"),
        Search.TUTOR_CUBE: N_("Tutor is checking… (Esc skips)"),
        Search.TUTOR_CONFIRM: N_("Tutor's rollout… (Esc skips)"),
    }
)
"""The panel's words while the worker searches."""


def search_words(search: Search) -> str:
    """The panel's words while ``search`` runs."""
    return _(SEARCH_WORDS[search])
