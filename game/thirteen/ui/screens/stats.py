"""The statistics of each game (and Thirteens layout): figures, a chart, high scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core import numbers
from thirteen.core.i18n import N_, language, tr
from thirteen.games import GAMES
from thirteen.records.profile import Stats
from thirteen.session.screen_speech import layout_rows_words, stats_words
from thirteen.ui import WIDTH, theme
from thirteen.ui.canvas import SHORT_SIDE
from thirteen.ui.scene import backdrop, same_press
from thirteen.ui.screens.menu import (
    MenuScene,
    back_button,
    draw_backdrop,
    flow,
    shown_game,
)
from thirteen.ui.screens.score_charts import (
    CHART_UNITS,
    draw_board,
    draw_distribution,
    score_buckets,
)
from thirteen.ui.screens.stats_records import (
    LOAD,
    LOAD_LABEL,
    SAVE,
    SAVE_LABEL,
    RecordsActions,
    corner_rects,
    foot_rects,
    title_place,
    title_width,
)
from thirteen.ui.screens.tabs import tab_page
from thirteen.ui.table.words import clock_words
from thirteen.ui.widgets import Button

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect


def stats_tabs() -> tuple[tuple[str, str | None, str], ...]:
    """(game, layout, label) of each tab: one per layout a game offers, else one per game."""
    return tuple(
        (spec.id, layout, f"{tr(spec.title)} {layout}" if layout else tr(spec.title))
        for spec in GAMES.values()
        for layout in (spec.layouts or (None,))
    )


def layout_game() -> str:
    """The game whose other layouts (a link may choose any) share one table."""
    return next(spec.id for spec in GAMES.values() if spec.layouts)


OTHER_LABEL = N_("Other layouts")
"""The tab of the layouts without a tab of their own, all in one table."""
OTHER_ROWS = 8
RESET = "reset"
RESET_CONFIRM_MS = 5000
"""How long Reset's question waits for its second press."""


def win_rate(st: Stats) -> str:
    """The win percentage as shown: '<1%' and '>99%' rather than a rounded 0% beside some
    wins, or 100% beside a loss."""
    rate = st.win_percent
    if 0 < st.won and round(rate) == 0:
        return "<" + numbers.percent(1)
    if st.won < st.played and round(rate) == 100:
        return ">" + numbers.percent(99)
    return numbers.percent(rate)


class StatsScene(MenuScene):
    buckets = staticmethod(score_buckets)
    draw_distribution = staticmethod(draw_distribution)
    draw_board = staticmethod(draw_board)
    """The chart and the boards (:mod:`.score_charts`), as the scene draws them."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.layout_game = layout_game()
        offered = GAMES[self.layout_game].layouts
        self.current = shown[1] if shown is not None and shown[0] == self.layout_game else None
        played = app.profile.layouts_played(self.layout_game)
        self.others = [lay for lay in played if lay not in offered]
        if self.current is not None and self.current not in offered + tuple(self.others):
            self.others.append(self.current)  # the game on the table, not counted yet
        tabs = stats_tabs()
        self.other_tab = (self.layout_game, None, tr(OTHER_LABEL))
        self.tabs = tabs + ((self.other_tab,) if self.others else ())
        self.tab = 0
        self.tabs_page: int | None = None
        """The page of tabs shown, when they take pages (None: the open tab's)."""
        for n, (gid, layout, _) in enumerate(tabs):
            if shown is not None and shown[0] == gid and layout in (None, shown[1]):
                self.tab = n
        if self.current in self.others:
            self.tab = len(tabs)
        self.message = ""
        self.figures_scale = 1.0
        """The scale the figures were last drawn at (below 1 only where even drawn closer
        together they do not fit)."""
        self.reset_asked_at: float | None = None
        """When Reset asked to be pressed again (None: it did not, or the question went)."""
        self.records = RecordsActions(app)
        """Save records and Load records (:mod:`.stats_records`)."""
        self.build()

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        self.widgets = [back_button(not self.classic())]
        self.place_records_buttons(w, h)
        top = 130 if self.upright() else 110 if self.classic() else 120
        area = R(40, top, w - 80, 0)

        def place(count: int) -> list[pygame.Rect]:
            return self.tab_rects(area, count)

        bottom = h - self.FIGURES_ROOM
        page = tab_page(len(self.tabs), self.tab, self.tabs_page, place, bottom)
        self.tabs_page = page.page if page.pages > 1 else None
        for n, rect in zip(page.shown, page.rects, strict=True):
            b = Button(f"tab:{n}", rect, self.tabs[n][2])
            b.primary = n == self.tab
            self.widgets.append(b)
        self.widgets += [Button(name, rect, label) for name, label, rect in page.buttons]
        asking = self.reset_asked_at is not None
        save, load, reset = self.records_rects
        self.widgets.append(Button(SAVE, save, tr(SAVE_LABEL), ""))
        self.widgets.append(Button(LOAD, load, tr(LOAD_LABEL), ""))
        self.widgets.append(Button(RESET, reset, tr("Reset?") if asking else tr("Reset"), ""))
        self.dirty = True

    def place_records_buttons(self, w: int, h: int) -> None:
        """Where Save records, Load records and Reset go: in a row at the foot of a canvas
        held upright, else at the top right (one over the other beside Reset where three
        abreast would leave the title too little room)."""
        self.at_foot = self.upright()
        if self.at_foot:
            rects = foot_rects((w, h))
        else:
            rects = corner_rects((w, h), self.classic(), self.touch())
            if title_width((w, h), rects[0], back_button().rect.right) < 220:
                rects = corner_rects((w, h), False, self.touch(), stacked=True)
        self.records_rects = rects
        self.reset_rect = rects[2]
        self.corner = rects[0]

    def retext(self) -> None:
        """Another language: the tabs' labels anew (the same tab stays open)."""
        self.other_tab = (self.layout_game, None, tr(OTHER_LABEL))
        self.tabs = stats_tabs() + ((self.other_tab,) if self.others else ())
        self.build()

    TAB_SIZE = 30
    """The tabs' labels at full size: the tabs take more rows rather than shrink them."""
    FIGURES_ROOM = 100
    """The height the tabs leave under them for the figures, at least (drawn smaller when
    that is all they have): more tabs than that allows take pages."""

    def tab_rects(self, area: pygame.Rect, count: int) -> list[pygame.Rect]:
        """``count`` tabs across ``area`` in as few rows as fit the labels of all the tabs
        at full size (one row as wide as it goes, else rows as even as they can be)."""
        gap, tall = 10, self.touch()
        full = max(theme.font(self.TAB_SIZE).size(label)[0] for _, _, label in self.tabs) + 24
        width = 1200 if self.classic() else area.w
        step = width // count
        if not self.upright() and step - gap >= max(full, 0 if self.classic() else 160):
            return [R(area.x + n * step, area.y, step - gap, tall) for n in range(count)]
        per_row = max(1, (area.w + gap) // (full + gap))
        rows = -(-count // per_row)
        per_row = -(-count // rows)
        wide = min(260, (area.w + gap) // per_row - gap)
        return flow(count, area, wide, tall, gap, most=per_row)

    def classic_figures(self) -> bool:
        """Whether the figures sit as the 1280x720 arrangement places them: on that canvas,
        under one row of tabs."""
        return self.classic() and self.tabs_bottom() <= 190

    def shown_id(self) -> str:
        """The game whose statistics are on show."""
        return self.tabs[self.tab][0]

    def news(self) -> str:
        """The open tab's figures, said to a screen reader when they change."""
        if self.tabs[self.tab] is self.other_tab:
            return layout_rows_words(self.other_tab[2], self.other_rows())
        gid, layout, label = self.tabs[self.tab]
        st = self.app.profile.stats(gid, layout)
        return stats_words(label, st, win_rate(st), clock_words(st.best_ms) if st.best_ms else "")

    def reset(self) -> None:
        """Reset forgets the shown game's statistics, on a second press (not the rest of a
        double click): the first says what it would forget."""
        app, gid = self.app, self.shown_id()
        title = tr(GAMES[gid].title)
        asked = self.reset_asked_at
        if asked is None or app.now_ms - asked > RESET_CONFIRM_MS:
            if GAMES[gid].has_layout:
                words = tr(
                    "Forget all {game} statistics (every layout)? Press Reset again.", game=title
                )
            else:
                words = tr("Forget all {game} statistics? Press Reset again.", game=title)
            self.message = words
            self.reset_asked_at = app.now_ms
        elif not same_press(app, asked):
            app.profile.reset_stats(gid)
            self.message = tr("{game} statistics reset: high scores are kept.", game=title)
            self.reset_asked_at = None
        self.build()

    def tabs_bottom(self) -> int:
        """Where the tabs (and Back) end: the figures start under them."""
        return max(w.rect.bottom for w in self.widgets if w.name not in (RESET, SAVE, LOAD))

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        elif name == RESET:
            self.reset()
        elif name in (SAVE, LOAD):
            self.reset_asked_at = None
            self.message = self.records.press(name)
            self.loaded()
        elif name.startswith("tabs:"):  # another page of tabs; the open tab stays open
            self.tabs_page = (self.tabs_page or 0) + int(name[5:])
            self.focus = name
            self.build()
        else:
            self.tab = int(name[4:])
            self.reset_asked_at, self.message = None, ""  # the question was of another tab
            self.build()

    def other_rows(self) -> list[tuple[str, ...]]:
        """One line per other layout: layout, played, won, win rate, average, best streak."""
        out: list[tuple[str, ...]] = []
        for lay in self.others:
            st = self.app.profile.stats(self.layout_game, lay)
            out.append(
                (
                    lay,
                    str(st.played),
                    str(st.won),
                    win_rate(st),
                    numbers.decimal(st.average_score, 1),
                    str(st.best_streak),
                )
            )
        return out

    def others_columns(self) -> tuple[int, ...]:
        """Where the six columns start: as on 1280x720, spread over a narrower or wider
        canvas (the last one, "Best streak", ends inside it)."""
        w = self.app.screen.get_width()
        xs = (90, 300, 480, 640, 830, 1020)
        if self.classic():
            return xs
        left = 40 if w < 1000 else 90
        spread = (w - 130 - left) / (xs[-1] - xs[0])
        return tuple(round(left + (x - xs[0]) * spread) for x in xs)

    def draw_others(self, surface: pygame.Surface) -> None:
        heads: tuple[str, ...] = (N_("Layout"), N_("Played"), N_("Won"), N_("Win rate"))
        heads += (N_("Average"),)
        heads += (N_("Best streak"),)
        xs = self.others_columns()
        top = 226 if self.classic_figures() else self.tabs_bottom() + 36
        ends = [*xs[1:], surface.get_width() - 20]
        for x, end, head in zip(xs, ends, heads, strict=True):
            words = tr(head)
            size = theme.fitting_size(words, end - x - 12, 26, 16)
            theme.blit_text(surface, words, size, (x, top), theme.INK_DIM)
        rows = self.other_rows()
        # as many rows as the canvas holds, over the note at its foot
        foot = self.reset_rect.top - 20 if self.at_foot else surface.get_height()
        most = OTHER_ROWS if self.classic_figures() else max(1, (foot - top - 190) // 46)
        most = min(most, len(rows)) if len(rows) <= most else most - 1
        for n, row in enumerate(rows[:most]):
            y = top + 44 + n * 46
            colour = theme.GOLD if row[0] == self.current else theme.INK
            for x, cell in zip(xs, row, strict=True):
                theme.blit_text(surface, cell, 32, (x, y), colour)
        if len(rows) > most:
            more = len(rows) - most
            theme.blit_text(
                surface,
                tr("and {n} more", n=more),
                26,
                (xs[0], top + 44 + most * 46),
                theme.INK_DIM,
            )
        spec = GAMES[self.layout_game]
        offered = tr(
            "{layouts} and {last}", layouts=", ".join(spec.layouts[:-1]), last=spec.layouts[-1]
        )
        note = tr(
            "{game} layouts opened from links (the start screen offers {offered}).",
            game=tr(spec.title),
            offered=offered,
        )
        width = surface.get_width() - xs[0] - 40
        lines = theme.wrap(note, 26, width)
        y = 670 if self.classic() else foot - 50 - 24 * (len(lines) - 1)
        for line in lines:
            theme.blit_text(surface, line, 26, (xs[0], y), theme.INK_DIM)
            y += 24

    def update(self, dt_ms: float) -> None:
        """Take the file Load records asked the page for, once it has come."""
        said = self.records.poll()
        if said is not None:
            self.message = said
            self.loaded()

    def active(self) -> bool:
        return self.records.waiting_since is not None

    def loaded(self) -> None:
        """Records may have come: the layouts played elsewhere get their tab, settings
        taken from the file (where none were kept here) take effect, and all is drawn
        anew."""
        app = self.app
        offered = GAMES[self.layout_game].layouts
        for lay in app.profile.layouts_played(self.layout_game):
            if lay not in offered and lay not in self.others:
                self.others.append(lay)
        if app.show_display():  # settings taken from the file: larger text, contrast
            app.relayout()
        if language() != app.language_wanted():
            app.change_language()  # every screen, this one too, says it anew
        else:
            self.retext()

    def draw_title(self, surface: pygame.Surface) -> None:
        """The felt and the title: centred between Back and the buttons at the top right
        when they are there (else as on every menu screen)."""
        if self.at_foot:
            draw_backdrop(surface, tr("Statistics"))
            return
        surface.blit(backdrop(surface.get_size()), (0, 0))
        title, size = tr("Statistics"), surface.get_size()
        needed = theme.font(36).size(title)[0]
        back = back_button().rect.right
        centre, room = title_place(size, self.corner, back, needed)
        type_size = theme.fitting_size(title, room, 64, 24)
        theme.blit_text(surface, title, type_size, (centre, 28), theme.INK, "midtop")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_title(surface)
        if self.tabs[self.tab] is self.other_tab:
            self.draw_others(surface)
            self.draw_widgets(surface)
            return
        gid, layout, _ = self.tabs[self.tab]
        st = self.app.profile.stats(gid, layout)
        rows = [
            (tr("Games played"), str(st.played)),
            (tr("Games won"), str(st.won)),
            (tr("Win rate"), win_rate(st)),
            (tr("Average score"), numbers.decimal(st.average_score, 1)),
            (tr("Current streak"), str(st.current_streak)),
            (tr("Best streak"), str(st.best_streak)),
        ]
        if st.best_ms:
            rows.append((tr("Best time"), clock_words(st.best_ms)))
        spec = GAMES[gid]
        unit, cap = CHART_UNITS[spec.score_unit], spec.max_score
        w, h = surface.get_size()
        if self.classic_figures():
            self.draw_figures(surface, gid, rows, st, unit, cap, (0, 0))
        else:
            upright = self.upright()
            top = self.tabs_bottom() + (30 if upright else 10)
            bottom = self.reset_rect.top if self.at_foot else h  # Reset at the foot
            bottom -= self.MESSAGE_ROOM if self.message else 0  # its line under the figures
            room = R(0, top, w, bottom - top - 10)
            self.draw_in(surface, room, upright, gid, rows, st, unit, cap)
        if self.message:
            w, h = surface.get_size()
            where = (w // 2, 676)
            if self.at_foot:
                where = (w // 2, self.reset_rect.top - self.MESSAGE_ROOM + 6)
            elif not self.classic_figures():
                where = (w // 2, h - self.MESSAGE_ROOM + 4)
            size = theme.fitting_size(self.message, w - 40, 26, 18)
            theme.blit_text(surface, self.message, size, where, (255, 226, 150), "midtop")
        self.draw_widgets(surface)

    def draw_in(self, surface, room: pygame.Rect, upright: bool, gid, rows, st, unit, cap) -> None:
        """The figures, chart (and boards) in ``room``: laid out upright or as on 1280x720
        when that fits, else closer together at the same type sizes (the chart shorter,
        the boards' lines nearer), and only when even that does not fit, smaller."""
        top = room.y
        self.figures_scale = 1.0
        natural = (SHORT_SIDE, self.upright_height(gid)) if upright else (WIDTH, 480)
        if room.w >= natural[0] and room.h >= natural[1]:
            origin = (room.centerx - natural[0] // 2, top)
            self.draw_block(surface, upright, gid, rows, st, unit, cap, origin)
            return
        if upright and self.draw_close_upright(surface, room, gid, rows, st, unit, cap):
            return
        if self.draw_close_wide(surface, room, gid, rows, st, unit, cap):
            return
        scale = min(1.0, room.w / natural[0], room.h / natural[1])
        wide = min(1.0, room.w / WIDTH, room.h / 480)
        if upright and wide > scale:
            upright, natural, scale = False, (WIDTH, 480), wide
        block = pygame.Surface(natural, pygame.SRCALPHA)
        self.draw_block(block, upright, gid, rows, st, unit, cap, (0, 0))
        # no room at all (a message under the figures on a canvas nearly square): none drawn
        size = (max(0, round(natural[0] * scale)), max(0, round(natural[1] * scale)))
        block = pygame.transform.smoothscale(block, size)
        surface.blit(block, block.get_rect(midtop=(room.centerx, top)))
        self.figures_scale = scale

    MESSAGE_ROOM = 46
    """The line a message (Reset's question, its answer) takes under the figures."""
    CHART_HEAD = 58
    """Room above a chart's area for its heading."""
    CHART_FOOT = 80
    """Room under a chart's area for its ranges (on two lines at most) and its unit."""
    LEAST_CHART = 80
    """The shortest chart area the figures are drawn closer together for."""
    BOARD_HEAD = 42
    LEAST_BOARD_LINE = 30
    """The nearest lines of a board (28-point text) when the figures go closer together."""

    def board_pitch(self, height: int) -> int | None:
        """The lines' pitch of a board of ten lines in ``height``, or None when it does not
        fit at :data:`LEAST_BOARD_LINE`."""
        pitch = min(40, (height - self.BOARD_HEAD - 30) // 9)
        return pitch if pitch >= self.LEAST_BOARD_LINE else None

    def draw_close_wide(self, surface, room: pygame.Rect, gid, rows, st, unit, cap) -> bool:
        """The 1280x720 arrangement in a shorter ``room``, its type at full size: the
        figures nearer, the chart shorter, the boards' lines nearer.  False (nothing
        drawn) when even that does not fit."""
        ox, y = room.centerx - WIDTH // 2, room.y
        profile = self.app.profile
        if room.w < WIDTH - 40 and GAMES[gid].posts_scores:
            return False  # the boards have no room beside the figures
        if GAMES[gid].posts_scores:
            pitch = self.board_pitch(room.h)
            figures = -(-len(rows) // 2)
            head = theme.scaled(self.CHART_HEAD)  # the chart's heading grows with the text
            for line in map(theme.scaled, (46, 40, 36)):
                chart_h = room.h - figures * line - head - self.CHART_FOOT
                if chart_h >= self.LEAST_CHART:
                    break
            if pitch is None or chart_h < self.LEAST_CHART:
                return False
            for n, (label, value) in enumerate(rows):
                x, fy = ox + 60 + (n % 2) * 280, y + (n // 2) * line
                theme.blit_text(surface, label, 26, (x, fy + 4), theme.INK_DIM)
                theme.blit_text(surface, value, 34, (x + 170, fy), theme.INK)
            chart = R(ox + 100, y + figures * line + head, 480, chart_h)
            draw_distribution(surface, st.distribution, chart, unit, cap)
            boards = ((profile.top_today(gid), 650), (profile.top_all_time(gid), 960))
            titles = (tr("Today's top 10"), tr("All-time top 10"))
            for (entries, x), title in zip(boards, titles, strict=True):
                draw_board(surface, title, entries, ox + x, y, pitch)
            return True
        line = min(48, (room.h - 40) // max(1, len(rows) - 1))
        chart_h = min(320, room.h - self.CHART_HEAD - self.CHART_FOOT)
        left, chart_x, chart_w = ox + 60, ox + 660, 560
        if room.w < WIDTH - 40:  # a narrower canvas: the chart narrower, beside the figures
            left = room.x + 40
            chart_x = left + 460
            chart_w = min(560, room.right - 40 - chart_x)
        if line < 40 or chart_h < self.LEAST_CHART or chart_w < 320:
            return False
        for n, (label, value) in enumerate(rows):
            theme.blit_text(surface, label, 32, (left, y + n * line), theme.INK_DIM)
            theme.blit_text(surface, value, 38, (left + 270, y + n * line - 3), theme.INK)
        chart = R(chart_x, y + self.CHART_HEAD, chart_w, chart_h)
        draw_distribution(surface, st.distribution, chart, unit, cap)
        return True

    def draw_close_upright(self, surface, room: pygame.Rect, gid, rows, st, unit, cap) -> bool:
        """The upright arrangement in a shorter ``room``, its type at full size: the
        figures in two columns (as on 1280x720), the chart shorter, the boards' lines
        nearer.  False (nothing drawn) when even that does not fit."""
        if room.w < SHORT_SIDE:
            return False
        ox, y = room.centerx - SHORT_SIDE // 2, room.y
        figures = -(-len(rows) // 2)
        posts = GAMES[gid].posts_scores
        pitch: int | None = 40
        boards_h = 0
        if posts:
            boards_h = self.BOARD_HEAD + 30 + 9 * 40
            below = room.h - figures * 46 - self.CHART_HEAD - self.CHART_FOOT - 30
            if below - boards_h < self.LEAST_CHART:  # the boards' lines nearer
                pitch = self.board_pitch(below - self.LEAST_CHART)
                if pitch is None:
                    return False
                boards_h = self.BOARD_HEAD + 30 + 9 * pitch
        chart_h = min(
            300, room.h - figures * 46 - self.CHART_HEAD - self.CHART_FOOT - 30 - boards_h
        )
        if chart_h < self.LEAST_CHART:
            return False
        for n, (label, value) in enumerate(rows):
            x, fy = ox + 60 + (n % 2) * 320, y + (n // 2) * 46
            theme.blit_text(surface, label, 26, (x, fy + 4), theme.INK_DIM)
            theme.blit_text(surface, value, 34, (x + 190, fy), theme.INK)
        y += figures * 46 + self.CHART_HEAD
        draw_distribution(surface, st.distribution, R(ox + 100, y, 560, chart_h), unit, cap)
        if posts:
            y += chart_h + self.CHART_FOOT + 30
            profile = self.app.profile
            today, ever = profile.top_today(gid), profile.top_all_time(gid)
            draw_board(surface, tr("Today's top 10"), today, ox + 40, y, pitch)
            draw_board(surface, tr("All-time top 10"), ever, ox + 380, y, pitch)
        return True

    def draw_block(self, surface, upright, gid, rows, st, unit, cap, origin) -> None:
        """The figures, chart and boards with their top left at ``origin``."""
        if upright:
            self.draw_upright(surface, gid, rows, st, unit, cap, origin)
        else:  # the 1280x720 block, its top (y 215 there) at the origin
            self.draw_figures(surface, gid, rows, st, unit, cap, (origin[0], origin[1] - 215))

    def draw_figures(self, surface, gid, rows, st, unit, cap, origin) -> None:
        """As on 1280x720, moved by ``origin``."""
        ox, oy = origin
        profile = self.app.profile
        if GAMES[gid].posts_scores:
            # Two columns of figures, the chart under them, the boards on the right.
            for n, (label, value) in enumerate(rows):
                x, y = ox + 60 + (n % 2) * 280, oy + 220 + (n // 2) * 46
                size = theme.fitting_size(label, 160, 26, 16)
                theme.blit_text(surface, label, size, (x, y + 4), theme.INK_DIM)
                theme.blit_text(surface, value, 34, (x + 170, y), theme.INK)
            # under the figures (a seventh, the best time, takes a fourth row): shorter
            top = max(oy + 420, oy + 220 + -(-len(rows) // 2) * 46 + theme.scaled(self.CHART_HEAD))
            chart = R(ox + 100, top, 480, oy + 600 - top)
            draw_distribution(surface, st.distribution, chart, unit, cap)
            boards = ((profile.top_today(gid), 650), (profile.top_all_time(gid), 960))
            titles = (tr("Today's top 10"), tr("All-time top 10"))
            for (entries, x), title in zip(boards, titles, strict=True):
                draw_board(surface, title, entries, ox + x, oy + 220)
        else:
            for n, (label, value) in enumerate(rows):
                y = oy + 230 + n * 48
                size = theme.fitting_size(label, 260, 32, 20)
                theme.blit_text(surface, label, size, (ox + 60, y), theme.INK_DIM)
                theme.blit_text(surface, value, 38, (ox + 330, y - 3), theme.INK)
            chart = R(ox + 660, oy + 280, 560, 320)
            draw_distribution(surface, st.distribution, chart, unit, cap)

    @staticmethod
    def upright_height(gid: str) -> int:
        """How tall the upright block of figures, chart (and boards) is."""
        return 4 + 6 * 48 + 90 + 300 + 100 + ((110 + 442) if GAMES[gid].posts_scores else 0)

    def draw_upright(self, surface: pygame.Surface, gid: str, rows, st, unit, cap, origin) -> None:
        """Figures, then the chart, then (Pyramid 13) the two boards side by side."""
        ox, y = origin[0], origin[1] + 4  # a value is set 3 pixels higher than its label
        for n, (label, value) in enumerate(rows):
            size = theme.fitting_size(label, 330, 32, 20)
            theme.blit_text(surface, label, size, (ox + 60, y + n * 48), theme.INK_DIM)
            theme.blit_text(surface, value, 38, (ox + 400, y + n * 48 - 3), theme.INK)
        y += len(rows) * 48 + 90
        draw_distribution(surface, st.distribution, R(ox + 100, y, 560, 300), unit, cap)
        if GAMES[gid].posts_scores:
            y += 300 + 110
            profile = self.app.profile
            draw_board(surface, tr("Today's top 10"), profile.top_today(gid), ox + 40, y)
            draw_board(surface, tr("All-time top 10"), profile.top_all_time(gid), ox + 380, y)
