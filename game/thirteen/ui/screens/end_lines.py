"""The end screen's box of text: how the game ended, its score, the player's figures for
the deal's game, whether the deal could have been won, the deal's link, and the message."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core import numbers
from thirteen.core.i18n import N_, tr
from thirteen.games import spec_of
from thirteen.session import share
from thirteen.ui import theme
from thirteen.ui.screens.stats import win_rate
from thirteen.ui.table.words import end_words, graded_words, titled

if TYPE_CHECKING:
    from thirteen.ui.screens.end import EndScene

Line = tuple[str, int, tuple[int, ...], pygame.Rect]
"""One line of text on the box: (words, size, colour, rect)."""

SCORE_WORDS = {
    "cards": N_("Score: {score} of {top} cards"),
    "pyramid cards": N_("Pyramid cards cleared: {score} of {top}"),
}
"""The end screen's score line, by the unit a game's record names (a game scored in
points without a top shows its rounds instead)."""


def box_lines(end: EndScene, posting: bool) -> list[Line]:
    """Every line of text on ``end``'s box: (words, size, colour, rect); ``posting``:
    the button that posts the score is shown (its words go with it where there is room).

    The deal number and the link query that opens this deal again are
    always shown, so a player can share the deal.
    """
    out: list[Line] = []

    def put(words: str, size: int, colour, **anchor) -> pygame.Rect:
        rect = theme.text(words, size, colour).get_rect(**anchor)
        out.append((words, size, colour, rect))
        return rect

    game, box = end.game, end.BOX
    cx, left = box.centerx, box.x + 40
    if not game.is_over:
        title = tr("Game not over yet")
    else:
        title = tr("You won!") if game.outcome.value == "won" else end_words(game)
    put(
        title,
        theme.fitting_size(title, box.w - 40, 72, 44, height=84 - 18),
        theme.GOLD,
        midtop=(cx, box.y + 18),
    )
    setup = getattr(game, "setup", None)
    spec = spec_of(game)
    sub = f"{titled(game)} \u00b7 {graded_words(setup)}"
    sub_size = theme.fitting_size(sub, box.w - 40, 30, 20, height=122 - 84)
    put(sub, sub_size, theme.INK_DIM, midtop=(cx, box.y + 84))
    if spec.max_score is None:
        progress = game.progress()
        parts = " + ".join(str(s) for s in progress.round_scores)
        if progress.round_points is not None and not game.is_over:
            so_far = tr("{points} so far", points=progress.round_points)
            parts += (" + " if parts else "") + so_far
        if parts:
            score = tr("Rounds: {parts} = {score} points", parts=parts, score=game.score)
        else:
            score = tr("{score} points", score=game.score)
    else:
        score = tr(SCORE_WORDS[spec.score_unit], score=game.score, top=spec.max_score)
    put(
        score,
        theme.fitting_size(score, box.w - 40, 40, 24, height=174 - 122),
        theme.INK,
        midtop=(cx, box.y + 122),
    )
    y = box.y + 174
    if setup is not None:
        st = end.app.profile.stats(setup.game, setup.layout)
        rows = [
            (tr("Played"), str(st.played)),
            (tr("Won"), f"{st.won} ({win_rate(st)})"),
            (
                tr("Streak"),
                tr("{streak} (best {best})", streak=st.current_streak, best=st.best_streak),
            ),
            (tr("Average"), numbers.decimal(st.average_score, 1)),
        ]
        y += figure_rows(put, rows, end, left, y)
        verdict = end.verdict()
        if verdict:
            size = theme.fitting_size(verdict, box.w - 80, 28, 20)
            pitch = theme.font(size).get_linesize()
            for line in theme.wrap(verdict, size, box.w - 80):  # two lines on a phone
                put(line, size, theme.INK, topleft=(left, y))
                y += pitch
            y += theme.scaled(40) - pitch
        # a deck's link takes three lines; Pyramid 13 keeps two above its score row
        most = 2 if spec.posts_scores else 3
        query = share.share_query(setup)
        shown = query_lines(query, box.w - 100, most)
        heading = (
            tr("Share this deal with the link ending:")
            if "".join(shown) == query
            else tr("This deal's link is too long to show whole; Copy link copies it:")
        )
        size = theme.fitting_size(heading, box.w - 80, 26, 18)
        put(heading, size, theme.INK_DIM, topleft=(left, y))
        y += theme.scaled(26)
        for line in shown:
            put(line, 30, (20, 30, 26), topleft=(left + 10, y + 8))
            y += theme.scaled(26)
        y += 24
    if end.message:
        size = theme.fitting_size(end.message, box.w - 40, 26, 18)
        if theme.font(size).size(end.message)[0] <= box.w - 40:
            put(end.message, size, (255, 226, 150), midtop=(cx, y))
        else:  # longer than a line at its smallest: two lines
            for line in theme.wrap(end.message, 22, box.w - 40)[:2]:
                put(line, 22, (255, 226, 150), midtop=(cx, y))
                y += 22
    if posting:
        where = (
            {"bottomleft": (left, end.POST_Y - 8)}
            if end.in_grid()
            else {"midleft": (left, end.POST_Y + end.POST_H // 2)}
        )
        words = tr("Post your score to the high-score board:")
        room = (box.w - 80) if end.in_grid() else (box.right - 40 - 250 - left - 16)
        size = theme.fitting_size(words, room, 28, 18)
        rect = theme.text(words, size).get_rect(**where)
        # a short box says it on the button alone, rather than over the link or a notice
        if not any(rect.colliderect(other) for *_, other in out):
            put(words, size, theme.INK, **where)
    return out


FIGURE_SIZES = (34, 16)
"""The largest and smallest sizes of a figure's value ("12 (best 30)")."""


FIGURE_ROOM = 150
"""What the end screen's box needs under its figures at least (the link, its heading)."""


def figure_rows(put, rows: list[tuple[str, str]], end: EndScene, left: int, y: int) -> int:
    """The player's figures in two columns, or in one where a value would be set smaller
    to fit its column (long words, Larger text, four-digit counts) and the box has the
    room; else in two, such a value smaller.  Returns how tall they are."""
    box = end.BOX
    compact = end.in_grid()
    column = 300 if compact else 420
    start = left + (10 if compact else 60)
    # in two columns each column's values start after its own widest label (at most
    # the usual width), so that a long value keeps clear of the next column
    label_ws = [
        min(theme.scaled(104), max(theme.font(28).size(label)[0] for label, _ in rows[c::2]))
        for c in (0, 1)
    ]
    columns = 2
    for n, (_, value) in enumerate(rows):
        value_x = label_ws[n % 2] + theme.scaled(16)
        room = (column if n % 2 == 0 else box.right - 20 - start - column) - value_x - 10
        if theme.font(FIGURE_SIZES[0]).size(value)[0] > room:  # it would be set smaller
            columns = 1
    if columns == 1 and y + 4 * theme.scaled(42) + FIGURE_ROOM > end.POST_Y:
        columns = 2  # no room for a column of four: two, their values set smaller
    if columns == 1:  # one under another, the values after the widest label
        label_w = max(theme.font(28).size(label)[0] for label, _ in rows)
        label_ws = [min(label_w, (box.right - 20 - start) // 2)] * 2
    pitch = theme.scaled(42)
    for n, (label, value) in enumerate(rows):
        x = start + (n % columns) * column
        yy = y + (n // columns) * pitch
        label_w = label_ws[n % columns]
        value_x = label_w + (16 if columns == 1 else theme.scaled(16))
        size = theme.fitting_size(label, label_w, 28, 18)
        put(label, size, theme.INK_DIM, topleft=(x, yy))
        room = (column if columns == 2 and n % 2 == 0 else box.right - 20 - x) - value_x - 10
        size = theme.fitting_size(value, room, *FIGURE_SIZES)
        put(value, size, theme.INK, topleft=(x + value_x, yy - 3))
    return -(-len(rows) // columns) * pitch + theme.scaled(10)


def query_lines(query: str, width: int, most: int = 2) -> list[str]:
    """The link query in lines that fit, broken between cards (a Pyramid 13 deck's
    link is too long for them and ends in '...')."""
    f = theme.font(30)
    lines: list[str] = []
    rest = query
    while rest and len(lines) < most:
        n = len(rest)
        while n > 1 and f.size(rest[:n])[0] > width:
            n -= 1
        if n < len(rest):  # break after a '+' or '&', not inside a card
            cut = max(rest.rfind("+", 0, n), rest.rfind("&", 0, n)) + 1
            if cut > n // 2:
                n = cut
        lines.append(rest[:n])
        rest = rest[n:]
    if rest:
        lines[-1] = lines[-1][:-3] + "..."
    return lines
