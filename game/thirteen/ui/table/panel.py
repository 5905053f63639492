"""Painting the table's panel: the game's name, its deal, time, score, moves and
progress, the message and the buttons; at the side (landscape), or upright in a bar
above the table and one below it.  Its pixels are kept while what it shows stays the
same (:class:`thirteen.ui.layer.Layer`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core import i18n
from thirteen.core.game import Game
from thirteen.core.i18n import tr
from thirteen.games import spec_of
from thirteen.ui import theme, widgets
from thirteen.ui.table.words import OUTLOOK_WORDS, end_words, graded_words, round_words, titled

if TYPE_CHECKING:
    from thirteen.ui.table.scene import TableScene

PANEL_MESSAGE_SIZES = (24, 22, 20, 18, 16)
"""The sizes the side panel's message tries, largest first, until it fits its room."""
PANEL_MESSAGE_LINES = 5
"""The most lines of the side panel's message; a longer one goes over the table."""
VEIL_LINES = 4
"""The most lines of the message over the table's foot."""

Line = tuple[str, int, tuple[int, int, int], int]
"""One line of the panel: (text, size, colour, height)."""


def progress_lines(table: TableScene) -> list[Line]:
    """What the panel says of the game's progress."""
    game = table.game
    progress = game.progress()
    out: list[Line] = []
    if progress.rounds is not None and progress.rounds > 1:
        out.append((round_words(progress), 30, theme.INK, 28))
        if progress.round_points is not None:
            line = tr("This round: {points}", points=progress.round_points)
            out.append((line, 26, theme.INK_DIM, 24))
        if progress.round_scores:
            scores = " + ".join(str(s) for s in progress.round_scores)
            line = tr("Rounds: {scores}", scores=scores)
            out.append((line, 26, theme.INK_DIM, 24))
    elif progress.passes is not None and progress.passes > 1:
        line = tr("Pass {number} of {passes}", number=progress.pass_number, passes=progress.passes)
        out.append((line, 30, theme.INK, 30))
    elif progress.stock is not None:
        out.append((tr("Stock {n}", n=progress.stock), 30, theme.INK, 30))
    if table.outlook is not None and not game.is_over:
        colour = theme.GOLD if table.outlook in ("yes", "again") else theme.INK_DIM
        out.append((tr(OUTLOOK_WORDS[table.outlook]), 22, colour, 24))
    return out


def score_text(game: Game) -> str:
    spec = spec_of(game)
    score = str(game.score)
    return score + (f" / {spec.max_score}" if spec.max_score is not None else "")


def status_text(game: Game) -> str | None:
    """Won, or what the finished game that was not won is called; None while it goes on."""
    if not game.is_over:
        return None
    return tr("Won!") if game.outcome.value == "won" else end_words(game)


def draw_panel(table: TableScene, surface: pygame.Surface, buttons: bool = True) -> None:
    """The side panel, or upright the bars above and below the table: painted when
    what they show changed, else put back as kept (:class:`.Layer`)."""
    frame = table.frame
    if frame.portrait:
        if table.message:  # its veil lies over the table, outside the bars
            draw_bars(table, surface, buttons)
            return
        assert frame.bar is not None
        rects = [frame.panel, frame.bar]
        table.panel_layer.draw(
            surface, rects, panel_key(table, buttons), lambda s: draw_bars(table, s, buttons)
        )
        return
    table.panel_layer.draw(
        surface,
        [frame.panel],
        panel_key(table, buttons),
        lambda s: paint_panel(table, s, buttons),
    )
    if table.message and table.message_over_table:
        draw_message_veil(table, surface)


def panel_key(table: TableScene, buttons: bool) -> tuple:
    """Everything the panel's pixels depend on: while it is the same, the kept pixels
    are shown (a card's flight changes none of it)."""
    game = table.game
    setup = getattr(game, "setup", None)
    return (
        buttons,
        titled(game),
        table.time_words() if table.app.settings.timer else None,
        graded_words(setup) if setup is not None else None,
        score_text(game),
        len(game.moves),
        tuple(progress_lines(table)),
        status_text(game),
        table.message,
        tuple((b.name, tuple(b.rect), b.label, b.key, b.enabled, b.primary) for b in table.buttons)
        if buttons
        else (),
        theme.high_contrast,
        theme.text_scale,
        i18n.language(),
        widgets.keys_shown,
    )


def paint_panel(table: TableScene, surface: pygame.Surface, buttons: bool = True) -> None:
    """The side panel, drawn (landscape)."""
    game, panel = table.game, table.frame.panel
    pygame.draw.rect(surface, theme.PANEL, panel)
    # the edge towards the table: the panel's right one on a left-handed table
    edge = panel.right - 2 if table.frame.left_handed else panel.left
    pygame.draw.line(surface, theme.PANEL_EDGE, (edge, panel.top), (edge, panel.bottom), 2)
    x, y = panel.x + 18, 16
    room = panel.right - 12 - x
    name = titled(game)
    title = theme.fitting_size(name, room, 38, 28)  # larger text: may shrink
    if table.app.settings.timer and theme.font(title).size(name)[0] > room // 2:
        title = theme.fitting_size(name, room // 2 + 20, title, 28)  # room for the clock
    drawn = theme.blit_text(surface, name, title, (x, y), theme.INK)
    y += theme.scaled(36)
    y = paint_deal_and_clock(table, surface, x, y, room, drawn)
    theme.blit_text(surface, tr("Score"), 24, (x, y), theme.INK_DIM)
    theme.blit_text(surface, tr("Moves"), 24, (x + 120, y), theme.INK_DIM)
    y += theme.scaled(20)
    score = theme.fitting_size(score_text(game), 112, 48, 30)
    theme.blit_text(surface, score_text(game), score, (x, y), theme.GOLD)
    moves = theme.fitting_size(str(len(game.moves)), room - 120, 48, 30)
    theme.blit_text(surface, str(len(game.moves)), moves, (x + 120, y), theme.INK)
    y += theme.scaled(46)
    limit = min(b.rect.top for b in table.buttons) - 4 if table.buttons else panel.bottom
    for text, size, colour, pitch, top in stacked_progress(table, room, y, limit):
        theme.blit_text(surface, text, size, (x, top), colour)
        y = top + pitch
    table.message_over_table = False
    if table.message:
        y += 8
        room = min(b.rect.top for b in table.buttons) - 4 - y  # the message above them
        # a long message (a hint's card words, larger text) steps down rather than be cut
        for size in PANEL_MESSAGE_SIZES:
            pitch = max(theme.scaled(size - 2), theme.font(size).get_linesize())
            lines = theme.wrap(table.message, size, panel.w - 32)
            if len(lines) * pitch <= room and len(lines) <= PANEL_MESSAGE_LINES:
                break
        else:  # too long for the panel even so: over the table's foot instead
            table.message_over_table = True
            lines = []
        for line in lines:
            theme.blit_text(surface, line, size, (x, y), (255, 226, 150))
            y += pitch
    if buttons:
        for b in table.buttons:
            b.draw(surface)


PROGRESS_SHRINK = (0, 4, 8)
"""How much smaller the side panel's progress lines are asked for, in turn, until they
fit above the buttons (larger text, the timer's line and a long deal line leave less)."""

Placed = tuple[str, int, tuple[int, int, int], int, int]
"""One drawn line of the side panel's progress: (text, size, colour, pitch, top)."""


def stacked_progress(table: TableScene, room: int, y: int, limit: int) -> list[Placed]:
    """The side panel's progress lines and the finished game's word, from ``y`` down: set
    a little smaller, then without the lesser lines (this round's points, the rounds'
    scores, the outlook), until they end above ``limit`` (the buttons' top); the first
    progress line and the finished game's word are always kept."""
    kept = progress_lines(table)
    status = status_text(table.game)
    while True:
        for shrink in PROGRESS_SHRINK:
            placed = place_progress(kept, status, room, y, shrink)
            if not placed or placed[-1][4] + placed[-1][3] <= limit:
                return placed
        if len(kept) <= 1:
            return placed
        kept = kept[:-1]


def place_progress(
    lines: list[Line], status: str | None, room: int, y: int, shrink: int
) -> list[Placed]:
    """Where each of ``lines`` and then the finished game's ``status`` go, each asked
    ``shrink`` smaller; a line too wide even at its smallest size wraps onto two."""
    out: list[Placed] = []
    for text, size, colour, height in lines:
        size = theme.fitting_size(text, room, size - shrink, 14)
        parts = theme.wrap(text, size, room)  # two lines where the type has a floor
        for part in parts:
            one = theme.scaled(height - shrink)
            pitch = one if len(parts) == 1 else theme.font(size).get_linesize()
            out.append((part, size, colour, pitch, y))
            y += pitch
    if status is not None:
        size = theme.fitting_size(status, room, 30 - shrink, 18)
        out.append((status, size, theme.GOLD, theme.scaled(30 - shrink) - 4, y + 4))
    return out


CLOCK_SMALLEST = 20
"""The smallest size of the side panel's clock, set at the right of the title."""
DEAL_SIZES = (26, 18)
"""The largest and smallest sizes of the side panel's deal line ("Today's deal #..")."""
DEAL_GAP = 10
"""Between the side panel's deal line (or the clock under it) and the score's label."""


def paint_deal_and_clock(
    table: TableScene, surface: pygame.Surface, x: int, y: int, room: int, title: pygame.Rect
) -> int:
    """The side panel's deal line and (with the timer on) the clock at its right; where
    they do not fit on one line, the deal's words wrap and the clock goes at the right
    of their last line, else of the game's ``title``, else on a line of its own.
    Returns the top of what comes next."""
    setup = getattr(table.game, "setup", None)
    clock = table.time_words() if table.app.settings.timer else ""
    clock_w = theme.font(26).size(clock)[0] + 12 if clock else 0
    largest, smallest = DEAL_SIZES
    lines: list[str] = []
    size = largest
    if setup is not None:
        sub = graded_words(setup)  # fitted: today's ten-digit number is wide at 26
        size = theme.fitting_size(sub, room - clock_w, largest, smallest)
        lines = [sub]
        if theme.font(size).size(sub)[0] > room - clock_w:  # too long beside the clock
            size = theme.fitting_size(sub, room, largest, smallest)
            if theme.font(size).size(sub)[0] > room:  # too long for a line: two
                size = smallest
                lines = theme.wrap(sub, size, room)
    pitch = theme.font(size).get_linesize()
    for n, line in enumerate(lines):
        top = y + n * pitch + ((26 - size) // 2 if len(lines) == 1 else 0)
        theme.blit_text(surface, line, size, (x, top), theme.INK_DIM)
    last = theme.font(size).size(lines[-1])[0] if lines else 0
    # what comes next starts a gap under the deal's last line, measured in its font
    below = y + max(1, len(lines)) * pitch + DEAL_GAP
    if not clock:
        return below
    if last + clock_w <= room:  # at the right of the deal's last line, taller than it
        top = y + max(0, len(lines) - 1) * pitch
        below = max(below, top + theme.font(26).get_linesize() + DEAL_GAP // 2)
    elif title.right + theme.font(CLOCK_SMALLEST).size(clock)[0] + 12 <= x + room:
        size = theme.fitting_size(clock, x + room - title.right - 12, 26, CLOCK_SMALLEST)
        top = title.bottom - theme.font(size).get_linesize()  # at the right of the title
        theme.blit_text(surface, clock, size, (x + room - 2, top), theme.INK, "topright")
        return below
    else:  # on a line of its own, under the deal's
        top = y + len(lines) * pitch
        below = top + theme.font(26).get_linesize() + DEAL_GAP
    theme.blit_text(surface, clock, 26, (x + room - 2, top), theme.INK, "topright")
    return below


def draw_bars(table: TableScene, surface: pygame.Surface, buttons: bool = True) -> None:
    """Upright: the figures in a bar on top, the message just above the buttons' bar."""
    game, bar, foot = table.game, table.frame.panel, table.frame.bar
    assert foot is not None
    for part in (bar, foot):
        pygame.draw.rect(surface, theme.PANEL, part)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, 2)
    pygame.draw.line(surface, theme.PANEL_EDGE, foot.topleft, foot.topright, 2)
    x = bar.x + 18
    right = bar.right - 18
    theme.blit_text(surface, titled(game), 34, (x, 10), theme.INK)
    moves_x = right - 90
    score_x = moves_x - 30
    score_left = score_x - max(
        theme.font(44).size(score_text(game))[0], theme.font(22).size(tr("Score"))[0]
    )
    y = 76
    setup = getattr(game, "setup", None)
    if setup is not None:
        y = draw_bar_deal(surface, graded_words(setup), x, score_left - 12 - x)
    lines = progress_lines(table)
    status = status_text(game)
    if status is not None:
        lines = lines[:1] + [(status, 28, theme.GOLD, 28)]
    lines = lines[: max(1, (bar.bottom - 2 - y) // 28)]  # what fits under the deal's line(s)
    if status is not None and len(lines) == 1:
        lines = [(status, 28, theme.GOLD, 28)]  # the finished game's word before its stock
    timer = table.app.settings.timer
    clock = theme.font(26).size(table.time_words())[0] + 12 if timer else 0
    for text, size, colour, _ in lines:
        room = right - x - clock  # the clock at the right, between the two lines
        size = theme.fitting_size(text, room, min(size, 26), 14)
        theme.blit_text(surface, text, size, (x, y), colour)
        y += 28
    theme.blit_text(surface, tr("Moves"), 22, (right, 12), theme.INK_DIM, "topright")
    theme.blit_text(surface, str(len(game.moves)), 44, (right, 36), theme.INK, "topright")
    theme.blit_text(surface, tr("Score"), 22, (score_x, 12), theme.INK_DIM, "topright")
    theme.blit_text(surface, score_text(game), 44, (score_x, 36), theme.GOLD, "topright")
    if timer:
        theme.blit_text(surface, table.time_words(), 26, (right, 90), theme.INK, "topright")
    if table.message:
        draw_message_veil(table, surface, foot.top)
    if buttons:
        for b in table.buttons:
            b.draw(surface)


def draw_bar_deal(surface: pygame.Surface, sub: str, x: int, room: int) -> int:
    """The upright bar's deal line under the title, in the ``room`` left of the score: set
    smaller, else (today's ten-digit number and its grade, where the type has a floor)
    wrapped onto two lines.  Returns the top of what comes under it."""
    size = theme.fitting_size(sub, room, 24, 18)
    if theme.font(size).size(sub)[0] <= room:
        theme.blit_text(surface, sub, size, (x, 46), theme.INK_DIM)
        return 76
    pitch = theme.font(size).get_linesize()
    lines = theme.wrap(sub, size, room)
    for n, line in enumerate(lines):
        theme.blit_text(surface, line, size, (x, 46 + n * pitch), theme.INK_DIM)
    return 46 + len(lines) * pitch + 2


def draw_message_veil(
    table: TableScene, surface: pygame.Surface, bottom: int | None = None
) -> None:
    """The message on a dark veil over the foot of the table (up to ``bottom``, the
    upright bar of buttons): where the panel has no room for it."""
    table_rect = table.frame.table
    words = theme.wrap(table.message, 26, table_rect.w - 60)[:VEIL_LINES]
    pitch = theme.scaled(28)
    box = pygame.Rect(table_rect.x + 20, 0, table_rect.w - 40, 20 + pitch * len(words))
    box.bottom = (table_rect.bottom if bottom is None else bottom) - 12
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (8, 28, 20, 225), veil.get_rect(), border_radius=14)
    surface.blit(veil, box)
    ty = box.y + 10
    for line in words:
        theme.blit_text(surface, line, 26, (box.x + 20, ty), (255, 226, 150))
        ty += pitch
