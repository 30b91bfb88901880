"""The player's files kept during play: a finished game written to its match's record and counted in
the statistics, and the statistics read for their screen. All of it runs as file jobs (:mod:`file_jobs`),
off the window's thread; what it has to tell the player comes back to it.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from ui.model.player_stats import MatchEntry, PlayerStats, count_game, load_stats, record_date
from ui.model.records import keep_game, record_name
from ui.model.session import GameSession
from ui.model.storage import Notice
from ui.scenes.base import Context
from ui.scenes.stats.scene import StatisticsScene
from ui.text import _
from ui.text.errors import file_error
from ui.text.model import notice


def keep_finished(matches: Path | None, folder: Path | None, session: GameSession) -> list[str]:
    """Append the finished game ``session`` to its match's record in ``matches`` and count it in the
    statistics in ``folder`` (None: saving is off); the messages for the player, in order."""
    told: list[str] = []
    try:
        keep_game(matches, session, lambda n: told.append(notice(n)))
    except OSError as exc:
        told.append(_("The match record could not be written ({error}).").format(error=file_error(exc)))
    try:
        counted = count_game(folder, session)
    except OSError as exc:
        told.append(_("The statistics could not be written ({error}).").format(error=file_error(exc)))
    else:
        if counted is not None:
            told.append(notice(counted))
    return told


def keep_game_over(ctx: Context, session: GameSession) -> None:
    """The game ``session`` is over: keep it (record and statistics) off the window's thread; what
    went wrong becomes an alert when the job is done."""
    if not session.record_name:  # named here: the job only reads the finished session
        session.record_name = record_name(datetime.datetime.now(), session.match.length)
    matches = None if ctx.headless else ctx.store.matches_folder
    folder = None if ctx.headless else ctx.store.folder

    def told(messages: list[str]) -> None:
        for message in messages:
            ctx.alert(message)

    ctx.run_file_job(lambda: keep_finished(matches, folder, session), told)


def current_match(ctx: Context, stats: PlayerStats) -> MatchEntry | None:
    """The match being played against the computer, as the statistics count it (a new entry before
    its first game ends); None when there is none, or it is over, set up, or between two people."""
    session = ctx.game_session()
    if session is None or session.setup or session.config.is_two_player() or session.match_now().is_over():
        return None
    name = session.record_name
    counted = stats.entry(name) if name else None
    today = datetime.date.today().isoformat()
    return counted or MatchEntry(name, record_date(name) if name else today, session.match.length)


def open_statistics(ctx: Context) -> None:
    """Read the statistics off the window's thread and open their screen when they come (one
    screen: asking again while they are being read opens no second one), the match being played
    first."""
    if any(isinstance(s, StatisticsScene) for s in ctx.stacked()):
        return
    folder = ctx.store.folder

    def show(read: tuple[PlayerStats, Notice | None]) -> None:
        stats, told = read
        if told is not None:
            ctx.alert(notice(told))
        if not any(isinstance(s, StatisticsScene) for s in ctx.stacked()):
            ctx.push(StatisticsScene(ctx, stats, current_match(ctx, stats)))

    ctx.run_file_job(lambda: load_stats(folder), show)
