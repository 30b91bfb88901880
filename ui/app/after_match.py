"""A finished match reviewed in the background, so that the player's errors become drill cards
without a click (the ``drill_after_match`` setting, off until the player turns it on: A on the Drill screen).

When a match against the computer ends, its record (written by the file jobs a moment before) is
read in a file job, judged by a worker of its own (never the game's, never on the window's thread)
at the review's depth, its errors confirmed by rollouts in that worker's own process as the coach's
verdicts setting asks (one core: a new match may be under way), and the human's confirmed errors at
or above ``drill_min_error`` are kept in the deck in another file job; the status line says how
many. One match at a time: a match that ends while another is being reviewed waits for the next,
and quitting stops the review.
"""

from __future__ import annotations

import time
from pathlib import Path

from ai.engine_types import Review
from ai.worker.messages import Failed, ReviewConfirmed, Reviewed, ReviewRequest
from game.facts.explained import DecisionExplained
from game.records.formats import MAX_FILE
from game.support.files import read_regular
from ui.model import drills
from ui.model.session import GameSession
from ui.scenes.base import Context, Worker
from ui.scenes.review.scene import review_confirm, review_depth
from ui.scenes.why import drill_reasons
from ui.text import drills as words


class AfterMatch:
    """The background review of the last match finished, if one runs."""

    def __init__(self) -> None:
        self.worker: Worker | None = None
        """The review's worker while it runs."""
        self.request: int | None = None
        """The review's request."""
        self.name = ""
        """The record's file name."""
        self.review: Review | None = None
        """The verdicts so far, once the search has judged the match (the rollouts then confirm them)."""
        self.said: list[DecisionExplained | None] = []
        """What explains each decision of :attr:`review`, in its order."""

    def busy(self) -> bool:
        """True while a review runs (the loop keeps polling)."""
        return self.worker is not None

    def start(self, ctx: Context, session: GameSession) -> bool:
        """Review ``session``'s match once its record is written, when the setting asks for it and the
        match is over and was played against the computer; True when a review was started."""
        matches = ctx.store.matches_folder
        wanted = ctx.settings.drill_after_match and not ctx.headless and matches is not None
        if not wanted or self.busy() or session.setup or session.config.is_two_player():
            return False
        if not session.match_now().is_over() or not session.record_name:
            return False
        assert matches is not None
        path, depth = matches / session.record_name, review_depth(ctx.settings.hint_depth)
        ctx.run_file_job(lambda: _read(path), lambda data: self._review(ctx, data, path.name, depth))
        return True

    def _review(self, ctx: Context, data: bytes | None, name: str, depth: int) -> None:
        if data is None or self.busy():
            return
        self.worker, self.name, self.review = ctx.new_worker(), name, None
        confirm = review_confirm(ctx.settings.review_mode)
        self.request = self.worker.start(ReviewRequest(data, depth, confirm, processes=1))

    def poll(self, ctx: Context) -> None:
        """Take the review's answer and keep the human's errors as cards (a file job)."""
        if self.worker is None:
            return
        for event in self.worker.poll():
            if event.request_id != self.request:
                continue
            if isinstance(event, Reviewed):
                self.review, self.said = event.review, list(event.explained)
                if not event.review.confirming():
                    self._keep(ctx)
            elif isinstance(event, ReviewConfirmed) and self.review is not None:
                self.review = event.applied(self.review)
                for i, _decision, said in event.changed:
                    self.said[i] = said
                if not event.confirming:
                    self._keep(ctx)
            elif isinstance(event, Failed):
                self.close()

    def _keep(self, ctx: Context) -> None:
        """Keep the human's confirmed errors as cards (a file job), the review done."""
        review, explained = self.review, self.said
        self.close()
        assert review is not None
        settings, folder, name, now = ctx.settings, ctx.store.folder, self.name, time.time()
        names, least = settings.drill_names, settings.drill_min_error

        def told(kept: tuple[int, drills.Told]) -> None:
            count, said = kept
            if said.damage is not None:
                ctx.alert(words.damaged(said.damage))
            if said.problem:
                ctx.alert(words.unusable(said.problem))
            if count:
                ctx.notify(words.added(count))

        why = drill_reasons(review.decisions, explained)  # worded here, in the player's language
        ctx.run_file_job(lambda: drills.keep_review(folder, review, name, True, names, least, now, why), told)

    def close(self) -> None:
        """Stop the review, if it runs (a review stopped before its rollouts end keeps no card)."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.request, self.review, self.said = None, None, []


def _read(path: Path) -> bytes | None:
    """A record's bytes (None when it cannot be read: the review is then skipped)."""
    try:
        return read_regular(path, MAX_FILE)
    except OSError:
        return None
