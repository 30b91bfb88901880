"""The player's statistics screen: the match being played, totals, win rate, error rate (and PR) and
its trend, a graph of it."""

from __future__ import annotations

import datetime

import pygame

from ai.engine_types import rating
from ui.model.player_stats import TREND_RECENT, MatchEntry, PlayerStats
from ui.scenes.base import ENTER, Choice, Context, Dialog
from ui.text import N_, _, ngettext, number
from ui.text.engine import rating_words
from ui.widgets.controls import fit_size, mix, text, wrap

RECENT = 3
"""The latest finished matches listed one by one."""

GRAPH_MATCHES = 40
"""The graph shows the error rate of at most this many reviewed matches (the latest)."""


def _pct(part: int, whole: int) -> str:
    return number(part / whole, ".0%") if whole else "-"


def review_words(e: MatchEntry) -> str:
    """A match's error rates and PR once reviewed; a review of only its first games, said so."""
    if e.error_rates is None:
        return _("not reviewed")
    if e.review_is_partial():
        return _(
            "only games 1-{reviewed} of {played} reviewed (you {rate:.1f}): review it all to count it"
        ).format(reviewed=e.reviewed_games, played=e.games_played(), rate=e.error_rates[0])
    prs = e.prs()
    assert prs is not None
    return _("errors: you {mine:.1f} (PR {my_pr:.1f}), computer {its:.1f} (PR {its_pr:.1f})").format(
        mine=e.error_rates[0], my_pr=prs[0], its=e.error_rates[1], its_pr=prs[1]
    )


def day(iso: str) -> datetime.date | str:
    """A match's date (kept as ``YYYY-MM-DD``) as a date, for its phrase to write as the player's
    language does; the text as it is where it is not one."""
    try:
        return datetime.date.fromisoformat(iso)
    except ValueError:
        return iso


def match_line(e: MatchEntry) -> str:
    """One finished match: date, length, final score, result, error rates if reviewed."""
    if e.is_won():
        said = ngettext(
            "{date} · {count} point · {mine} : {theirs} won · {review}",
            "{date} · {count} points · {mine} : {theirs} won · {review}",
            e.length,
        )
    else:
        said = ngettext(
            "{date} · {count} point · {mine} : {theirs} lost · {review}",
            "{date} · {count} points · {mine} : {theirs} lost · {review}",
            e.length,
        )
    return said.format(
        date=day(e.date),
        count=e.length,
        mine=e.score[0],
        theirs=e.score[1],
        review=review_words(e),
    )


def current_lines(e: MatchEntry) -> list[str]:
    """The match being played: its score and the games won and lost so far, its review if any."""
    what = ngettext("{count} point match", "{count} point match", e.length).format(count=e.length)
    if not e.length:
        what = _("Money session")
    if not e.games_played():
        return [_("{what}: no game finished yet.").format(what=what)]
    score = _("{what} · score {mine} : {theirs} · games won {won}, lost {lost}").format(
        what=what, mine=e.score[0], theirs=e.score[1], won=e.games[0], lost=e.games[1]
    )
    if e.error_rates is None:
        return [score, _("Not reviewed yet (V after a game).")]
    return [score, _("So far: {review}").format(review=review_words(e))]


def summary_lines(stats: PlayerStats, current: MatchEntry | None = None) -> list[tuple[str, str]]:
    """(heading, line) pairs of the screen; a heading starts a group, its line is empty. ``current``:
    the match being played (its entry, or a new one before its first game ends), shown first."""
    t, m = stats.match_totals(), stats.money_totals()
    out: list[tuple[str, str]] = []
    if current is not None:
        out.append((_("This match, so far"), ""))
        out.extend(("", line) for line in current_lines(current))
    out.append((_("Matches"), ""))
    if t["matches"]:
        out.append(
            (
                "",
                ngettext(
                    "{count} finished: won {won}, lost {lost} ({share})",
                    "{count} finished: won {won}, lost {lost} ({share})",
                    t["matches"],
                ).format(
                    count=t["matches"],
                    won=t["won"],
                    lost=t["lost"],
                    share=_pct(t["won"], t["matches"]),
                ),
            )
        )
        out.append(
            (
                "",
                _("Games won {won}, lost {lost} · points {mine} : {theirs}").format(
                    won=t["games_won"], lost=t["games_lost"], mine=t["points_won"], theirs=t["points_lost"]
                ),
            )
        )
    else:
        out.append(("", _("No match finished yet.")))
    left = len([e for e in stats.unfinished() if current is None or e.file != current.file])
    if left:
        said = ngettext(
            "{count} not finished (abandoned or still going): not counted above",
            "{count} not finished (abandoned or still going): not counted above",
            left,
        )
        out.append(("", said.format(count=left)))
    out.append((_("Money sessions"), ""))
    if m["sessions"]:
        net = m["points_won"] - m["points_lost"]
        n = m["sessions"]
        said = ngettext(
            "{count} session · games {won} : {lost} · points {mine} : {theirs} ({net:+d})",
            "{count} sessions · games {won} : {lost} · points {mine} : {theirs} ({net:+d})",
            n,
        )
        won, lost, mine, theirs = m["games_won"], m["games_lost"], m["points_won"], m["points_lost"]
        out.append(("", said.format(count=n, won=won, lost=lost, mine=mine, theirs=theirs, net=net)))
    else:
        out.append(("", _("None played yet.")))
    done = stats.matches()[-RECENT:]
    if done:
        out.append((_("Latest matches"), ""))
        out.extend(("", match_line(e)) for e in reversed(done))
    out.append((_("Error rate (reviewed matches, mEMG per decision) and PR"), ""))
    rates = stats.error_rates()
    avg = stats.average_error()
    if avg is None:
        out.append(("", _("No match reviewed yet: review a finished match to see it here.")))
        return out
    pr = stats.average_pr()
    said = ngettext(
        "{count} reviewed · average {average:.1f} ({rating}) · PR {pr:.1f}",
        "{count} reviewed · average {average:.1f} ({rating}) · PR {pr:.1f}",
        len(rates),
    )
    out.append(("", said.format(count=len(rates), average=avg, rating=rating_words(rating(avg)), pr=pr)))
    recent, before = stats.trend()
    if recent is not None and before is not None:
        word = _("better") if recent < before else _("worse") if recent > before else _("the same")
        said = ngettext(
            "Trend: last {count} {recent:.1f} · before {before:.1f} ({word})",
            "Trend: last {count} {recent:.1f} · before {before:.1f} ({word})",
            TREND_RECENT,
        )
        out.append(("", said.format(count=TREND_RECENT, recent=recent, before=before, word=word)))
    return out


class StatisticsScene(Dialog):
    """The statistics over the board; Esc, Enter or a click on Close shuts it."""

    heading = N_("Your statistics")
    max_size = (860, 640)
    dim_alpha = 215

    def __init__(self, ctx: Context, stats: PlayerStats, current: MatchEntry | None = None) -> None:
        self.stats = stats
        """What is shown (read when the screen opened)."""
        self.current = current
        """The match being played against the computer, if one is (shown first)."""
        super().__init__(ctx)

    def choices(self) -> list[Choice]:
        """Close."""
        return [
            Choice(
                "close",
                _("Close"),
                (pygame.K_ESCAPE, pygame.K_g, *ENTER),
                _("Esc"),
                lambda: self.ctx.pop(self),
                True,
            )
        ]

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The lines, then the graph below them."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        size = max(11.0, min(17.0, area.height / 28))
        y = float(area.y)
        for head, line in summary_lines(self.stats, self.current):
            if head:
                y += size * 0.4
                at = fit_size(fonts, [(head, True, area.width)], size)  # a longer language: smaller
                text(surface, fonts, head, (area.x, y), at, th.accent, True)
                y += size * 1.45
                continue
            for part in wrap(fonts.get(size), line, area.width - 16):  # a long line takes two
                text(surface, fonts, part, (area.x + 16, y), size, th.text)
                y += size * 1.45
        graph = pygame.Rect(
            area.x + 50, round(y + size), area.width - 60, round(area.bottom - y - size * 2.6)
        )
        if graph.height > 40 and len(self.stats.error_rates()) >= 2:
            self.draw_graph(surface, graph, size * 0.8)

    def draw_graph(self, surface: pygame.Surface, box: pygame.Rect, size: float) -> None:
        """The error rate per reviewed match, oldest left, with its scale."""
        th, fonts = self.ctx.theme, self.ctx.renderer.fonts
        rates = self.stats.error_rates()[-GRAPH_MATCHES:]
        top = max(10.0, max(rates) * 1.15)
        grid = mix(th.panel, th.text, 0.25)
        for frac in (0.0, 0.5, 1.0):
            gy = box.bottom - frac * box.height
            pygame.draw.line(surface, grid, (box.x, gy), (box.right, gy))
            tick = number(top * frac, ".0f")
            text(surface, fonts, tick, (box.x - 6, gy), size, th.text_dim, anchor="midright")
        step = box.width / (len(rates) - 1)
        points = [(box.x + i * step, box.bottom - r / top * box.height) for i, r in enumerate(rates)]
        pygame.draw.lines(surface, th.accent, False, points, 3)
        for p in points:
            pygame.draw.circle(surface, th.accent, (round(p[0]), round(p[1])), 4)
        label = ngettext(
            "error rate per reviewed match (the last {count}, oldest left; lower is better)",
            "error rate per reviewed match (the last {count}, oldest left; lower is better)",
            len(rates),
        ).format(count=len(rates))
        at = fit_size(fonts, [(label, False, box.width + 40)], size)  # a longer language: smaller
        text(surface, fonts, label, (box.centerx, box.bottom + 6), at, th.text_dim, anchor="midtop")
