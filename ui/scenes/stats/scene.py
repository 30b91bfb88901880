"""The player's statistics screen: the match being played, totals, win rate, error rate (and PR) and
its trend, a graph of it."""

from __future__ import annotations

import pygame

from ai.engine_types import rating
from ui.model.player_stats import TREND_RECENT, MatchEntry, PlayerStats
from ui.scenes.base import ENTER, Choice, Context, Dialog
from ui.widgets.controls import mix, text, wrap

RECENT = 3
"""The latest finished matches listed one by one."""

GRAPH_MATCHES = 40
"""The graph shows the error rate of at most this many reviewed matches (the latest)."""


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def review_words(e: MatchEntry) -> str:
    """A match's error rates and PR once reviewed; a review of only its first games, said so."""
    if e.error_rates is None:
        return "not reviewed"
    if e.review_is_partial():
        return (
            f"only games 1-{e.reviewed_games} of {e.games_played()} reviewed"
            f" (you {e.error_rates[0]:.1f}): review it all to count it"
        )
    prs = e.prs()
    assert prs is not None
    return (
        f"errors: you {e.error_rates[0]:.1f} (PR {prs[0]:.1f}),"
        f" computer {e.error_rates[1]:.1f} (PR {prs[1]:.1f})"
    )


def match_line(e: MatchEntry) -> str:
    """One finished match: date, length, final score, result, error rates if reviewed."""
    result = "won" if e.is_won() else "lost"
    return (
        f"{e.date} · {e.length} point{'s' * (e.length != 1)} · {e.score[0]} : {e.score[1]} {result}"
        f" · {review_words(e)}"
    )


def current_lines(e: MatchEntry) -> list[str]:
    """The match being played: its score and the games won and lost so far, its review if any."""
    what = f"{e.length} point match" if e.length else "Money session"
    if not e.games_played():
        return [f"{what}: no game finished yet."]
    return [
        f"{what} · score {e.score[0]} : {e.score[1]} · games won {e.games[0]}, lost {e.games[1]}",
        f"So far: {review_words(e)}" if e.error_rates is not None else "Not reviewed yet (V after a game).",
    ]


def summary_lines(stats: PlayerStats, current: MatchEntry | None = None) -> list[tuple[str, str]]:
    """(heading, line) pairs of the screen; a heading starts a group, its line is empty. ``current``:
    the match being played (its entry, or a new one before its first game ends), shown first."""
    t, m = stats.match_totals(), stats.money_totals()
    out: list[tuple[str, str]] = []
    if current is not None:
        out.append(("This match, so far", ""))
        out.extend(("", line) for line in current_lines(current))
    out.append(("Matches", ""))
    if t["matches"]:
        out.append(
            (
                "",
                f"{t['matches']} finished: won {t['won']}, lost {t['lost']} ({_pct(t['won'], t['matches'])})",
            )
        )
        out.append(
            (
                "",
                f"Games won {t['games_won']}, lost {t['games_lost']}"
                f" · points {t['points_won']} : {t['points_lost']}",
            )
        )
    else:
        out.append(("", "No match finished yet."))
    left = len([e for e in stats.unfinished() if current is None or e.file != current.file])
    if left:
        out.append(("", f"{left} not finished (abandoned or still going): not counted above"))
    out.append(("Money sessions", ""))
    if m["sessions"]:
        net = m["points_won"] - m["points_lost"]
        n = m["sessions"]
        games = f"games {m['games_won']} : {m['games_lost']}"
        points = f"points {m['points_won']} : {m['points_lost']} ({net:+d})"
        out.append(("", f"{n} session{'s' * (n != 1)} · {games} · {points}"))
    else:
        out.append(("", "None played yet."))
    done = stats.matches()[-RECENT:]
    if done:
        out.append(("Latest matches", ""))
        out.extend(("", match_line(e)) for e in reversed(done))
    out.append(("Error rate (reviewed matches, mEMG per decision) and PR", ""))
    rates = stats.error_rates()
    avg = stats.average_error()
    if avg is None:
        out.append(("", "No match reviewed yet: review a finished match to see it here."))
        return out
    pr = stats.average_pr()
    out.append(("", f"{len(rates)} reviewed · average {avg:.1f} ({rating(avg)}) · PR {pr:.1f}"))
    recent, before = stats.trend()
    if recent is not None and before is not None:
        word = "better" if recent < before else "worse" if recent > before else "the same"
        out.append(("", f"Trend: last {TREND_RECENT} {recent:.1f} · before {before:.1f} ({word})"))
    return out


class StatisticsScene(Dialog):
    """The statistics over the board; Esc, Enter or a click on Close shuts it."""

    title = "Your statistics"
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
                "Close",
                (pygame.K_ESCAPE, pygame.K_g, *ENTER),
                "Esc",
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
                text(surface, fonts, head, (area.x, y), size, th.accent, True)
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
            text(surface, fonts, f"{top * frac:.0f}", (box.x - 6, gy), size, th.text_dim, anchor="midright")
        step = box.width / (len(rates) - 1)
        points = [(box.x + i * step, box.bottom - r / top * box.height) for i, r in enumerate(rates)]
        pygame.draw.lines(surface, th.accent, False, points, 3)
        for p in points:
            pygame.draw.circle(surface, th.accent, (round(p[0]), round(p[1])), 4)
        label = f"error rate per reviewed match (the last {len(rates)}, oldest left; lower is better)"
        text(surface, fonts, label, (box.centerx, box.bottom + 6), size, th.text_dim, anchor="midtop")
