"""The statistics' pictures: the bar chart of games by score, and a board of high scores."""

from __future__ import annotations

import pygame

from thirteen.core.i18n import N_, tr
from thirteen.ui import theme

R = pygame.Rect


def score_buckets(
    dist: dict[int, int], most: int, cap: int | None = None
) -> list[tuple[int, int, int]]:
    """Scores grouped into at most ``most`` ranges of a round width: (low, high, games).

    The ranges start at 0 and cover the best score seen, or ``cap`` (the
    game's highest possible score) when there is one.
    """
    if not dist:
        return []
    top = cap if cap is not None else max(dist)
    size = next(
        (n for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500) if (top + n) // n <= most),
        -(-(top + 1) // most),
    )
    count = top // size + 1
    out = [(i * size, i * size + size - 1, 0) for i in range(count)]
    for score, games in dist.items():
        i = min(count - 1, max(0, score) // size)
        low, high, n = out[i]
        out[i] = (low, high, n + games)
    return out


def draw_distribution(
    surface: pygame.Surface,
    dist: dict[int, int],
    area: pygame.Rect,
    unit: str,
    cap: int | None = None,
) -> None:
    """A bar chart of games per score range: counts on the bars, ranges under them.

    Its labels are at least 26 logical pixels (13 CSS pixels on a phone held
    sideways, where the canvas is shown at half size)."""
    axis = theme.INK_DIM
    pygame.draw.line(surface, axis, area.bottomleft, area.bottomright, 2)
    pygame.draw.line(surface, axis, area.bottomleft, area.topleft, 2)
    unit_y = theme.blit_text(
        surface, tr("games"), 26, (area.x - 8, area.y - 4), axis, "bottomright"
    )
    # the heading over the axis' word where the room above the chart holds both lines
    # (measured in the font), else beside it, over the chart
    heading = tr("Games by score")
    over = unit_y.top - theme.font(32).get_height() >= area.y - 58
    x = area.x - 40 if over else area.x
    size = theme.fitting_size(heading, area.right - x, 32, 20)
    theme.blit_text(surface, heading, size, (x, area.y - 58), theme.INK_DIM, "topleft")
    buckets = score_buckets(dist, max(4, area.w // 64), cap)
    if not buckets:
        theme.blit_text(surface, tr("no games yet"), 28, area.center, theme.INK_DIM, "center")
        theme.blit_text(surface, tr(unit), 28, (area.centerx, area.bottom + 12), axis, "midtop")
        return
    most = max(n for _, _, n in buckets) or 1
    theme.blit_text(surface, str(most), 26, (area.x - 8, area.y + 18), axis, "midright")
    theme.blit_text(surface, "0", 26, (area.x - 8, area.bottom), axis, "midright")
    bw = (area.w - 8) // len(buckets)
    lines_below = 1
    for i, (low, high, count) in enumerate(buckets):
        x = area.x + 8 + i * bw
        bh = round((area.h - 32) * count / most)
        bar = R(x + 3, area.bottom - bh, bw - 6, bh)
        if count:
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=4)
            theme.blit_text(
                surface, str(count), 30, (bar.centerx, bar.top - 2), theme.INK, "midbottom"
            )
        if cap is not None:
            high = min(high, cap)
        label = str(low) if low == high else f"{low}-{high}"
        lines = [label]
        if theme.font(28).size(label)[0] > bw - 4:
            lines = [f"{low}-", str(high)]
            lines_below = 2
        for k, line in enumerate(lines):
            theme.blit_text(
                surface,
                line,
                28,
                (bar.centerx, area.bottom + 6 + k * 24),
                theme.INK_DIM,
                "midtop",
            )
    theme.blit_text(
        surface,
        tr(unit),
        28,
        (area.centerx, area.bottom + 14 + 24 * lines_below),
        axis,
        "midtop",
    )


NAME_SMALLEST = 16
"""The smallest size of a name on a board (ten wide letters beside a wide score)."""


def draw_board(
    surface: pygame.Surface,
    title: str,
    entries: list,
    x: int,
    top: int = 220,
    pitch: int | None = 40,
) -> None:
    """A board's title and its top ten, ``pitch`` apart."""
    pitch = pitch or 40
    theme.blit_text(surface, title, theme.fitting_size(title, 290, 32, 20), (x, top), theme.GOLD)
    if not entries:
        theme.blit_text(surface, tr("no scores yet"), 26, (x, top + 42), theme.INK_DIM)
    for n, e in enumerate(entries[:10]):
        y = top + 42 + n * pitch
        theme.blit_text(surface, f"{n + 1}.", 28, (x + 30, y), theme.INK_DIM, "topright")
        score = theme.blit_text(surface, str(e.score), 28, (x + 270, y), theme.INK, "topright")
        room = score.left - 12 - (x + 40)  # ten wide letters need a smaller size
        size = theme.fitting_size(e.name, room, 28, NAME_SMALLEST)
        # on the row's baseline, whatever its size
        line = y + theme.font(28).get_ascent() - theme.font(size).get_ascent()
        theme.blit_text(surface, e.name, size, (x + 40, line), theme.INK)


CHART_UNITS = {
    "cards": N_("score: cards removed"),
    "points": N_("score: points"),
    "pyramid cards": N_("score: pyramid cards cleared"),
}
"""What the chart's x axis counts, by the unit a game's record names (its top score is
the record's ``max_score``; None: open)."""
