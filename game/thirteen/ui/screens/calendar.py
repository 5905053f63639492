"""The calendar of the day's deals (opened from the start screen, and from the end screen
of a day's deal): this month's days, each played or won (on its day, or later) with its
best score, for one game at a time; the daily streak and the month's goal (bronze,
silver and gold badges for 10, 20 and every day won, in any game).

A press on a day (or Enter on the focused one) deals that day's deal; a past day won
from here marks the day and the goal, not the streak.  Arrows move the focus from day
to day (up and down a week), Page Up and Page Down change the game, Escape goes back.
A screen reader hears the month, the streak and the goal when the screen opens, and
each day's date, result and score as the focus reaches it.

The screen lays itself out in one of three ways, the first that fits: the days beside
a column of the rest (a canvas held sideways), the rest over the days (upright), or
the game's button beside Back with the badges in a strip beside the days (a square).
"""

from __future__ import annotations

import calendar as month_tables
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from thirteen.core.i18n import N_, tr
from thirteen.games import GAMES, GameSetup
from thirteen.records.daily import DailyResult, DayState, badges, day_states, days_won, streak
from thirteen.session.share import today_deal
from thirteen.ui import theme
from thirteen.ui.scene import backdrop, same_press
from thirteen.ui.screens import calendar_words as words
from thirteen.ui.screens.in_progress import given_up_by
from thirteen.ui.screens.menu import MenuScene, back_button, draw_backdrop, shown_game
from thirteen.ui.widgets import Button

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect
M = 24
"""The margin at the canvas's edges and between the days and the rest."""
GAP = 6
"""Between two days."""
GAME = "game"
TextLine = tuple[str, int, tuple[int, ...], pygame.Rect]
"""Words drawn, their type size, colour and place."""
MEDALS = {"bronze": (205, 127, 50), "silver": (200, 204, 210), "gold": (255, 204, 64)}


def text_line(
    words: str, size: int, colour: tuple[int, ...], **anchor: tuple[int, int]
) -> TextLine:
    """``words`` set at ``size`` in ``colour``, placed by one rect anchor (``topleft=``...)."""
    return words, size, colour, theme.text(words, size).get_rect(**anchor)


def line_h(size: int) -> int:
    """From one line of words to the next (accents over capitals and descenders clear)."""
    return theme.font(size).get_linesize() + 3


@dataclass
class DayCell(Button):
    """One day of the month: pressed, it deals that day's deal (a day to come is not
    enabled); ``label`` is what a screen reader says of it, not drawn."""

    day: int = 0
    state: DayState | None = None
    today: bool = False
    won_elsewhere: bool = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        state = self.state or DayState()
        rect = self.rect
        ink: tuple[int, ...] = theme.INK
        edge, edge_w = theme.BUTTON_EDGE, theme.EDGE_W
        if not self.enabled:  # a day to come: its outline only
            fill, ink, edge = None, theme.DISABLED_TEXT, theme.DISABLED
        elif state.won_on_day:
            fill, ink, edge = theme.PRIMARY, theme.PRIMARY_TEXT, theme.PRIMARY_EDGE
        elif state.won:
            fill, edge, edge_w = theme.BUTTON, theme.GOLD, 3
        elif state.played:
            fill = theme.BUTTON_DOWN
        else:
            fill = theme.OPTION
        if self.today:
            edge, edge_w = theme.HINT, 4
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=10)
        pygame.draw.rect(surface, edge, rect, width=edge_w, border_radius=10)
        pad = max(5, rect.w // 14)
        size = theme.fitting_size(str(self.day), rect.w // 2, 28, 18)
        theme.blit_text(surface, str(self.day), size, (rect.x + pad, rect.y + pad - 2), ink)
        if state.won:
            tick = ink if state.won_on_day else theme.GOLD
            x, y, s = rect.x + pad, rect.bottom - pad - 4, max(12, rect.h // 6)
            points = [(x, y - s // 2), (x + s // 2, y), (x + s + 4, y - s)]
            pygame.draw.lines(surface, tick, False, points, 4)
        if state.best is not None:
            score = str(state.best)
            room = rect.w - 2 * pad - (max(12, rect.h // 6) + 8 if state.won else 0)
            size = theme.fitting_size(score, room, 22, 12)
            theme.blit_text(surface, score, size, (rect.right - pad, rect.bottom - pad), ink,
                            "bottomright")  # fmt: skip
        if self.won_elsewhere and not state.won:
            pygame.draw.circle(surface, theme.GOLD, (rect.right - pad - 4, rect.y + pad + 4), 6)
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(6, 6), width=3, border_radius=12)


@dataclass
class Arrangement:
    """Where everything goes on one canvas (see the module's docstring)."""

    mode: str
    """``side``, ``stacked`` or ``compact``."""
    game: pygame.Rect
    grid: pygame.Rect
    """The days, with the weekday names over them."""
    cell: tuple[int, int]
    lines: list[TextLine] = field(default_factory=list)
    medals: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    """Each badge's circle's box."""
    info: pygame.Rect | None = None
    legend: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    """What each mark of a day means: (the mark, its sample's box); its words are lines."""
    bigger: int = 0
    """How much larger the words are set than on a canvas held sideways (upright, where
    the canvas is shown smallest)."""
    """Where the focused day's words go (or the question, or what a day does)."""


class CalendarScene(MenuScene):
    """This month's days of one game's day's deals, the streak and the month's goal."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.game_id = shown[0] if shown is not None else next(iter(GAMES))
        self.layout = shown[1] if shown is not None else None
        self.message = ""
        """A question waiting for a second press (a game in progress would be given up)."""
        self.asked: tuple[int, float] | None = None
        self.results: list[DailyResult] = []
        self.today = app.profile.daily.today()
        self.arranged: Arrangement | None = None
        self.build()

    # -- what is shown ------------------------------------------------------------
    def refresh(self) -> None:
        self.results = self.app.profile.daily.all_results()
        self.today = self.app.profile.daily.today()

    def enter(self) -> None:
        self.build()  # the days as stored now (a game may have ended since)
        super().enter()

    def weeks(self) -> list[list[int]]:
        """The month's week rows, 0 for a place before the first or after the last day."""
        table = month_tables.Calendar(words.first_weekday())
        return table.monthdayscalendar(self.today.year, self.today.month)

    def month_days(self) -> int:
        return month_tables.monthrange(self.today.year, self.today.month)[1]

    def title(self) -> str:
        return tr(GAMES[self.game_id].title)

    def won_month(self) -> int:
        return days_won(self.results, self.today.year, self.today.month)

    def badges(self) -> list[tuple[str, int, bool]]:
        return badges(self.won_month(), self.today.year, self.today.month)

    def summary(self, bigger: int = 0) -> list[tuple[str, int, tuple[int, ...]]]:
        """The words beside the days: the month, the streak, the days won, the goal."""
        won = self.won_month()
        days = self.month_days()
        return [
            (words.month_words(self.today.year, self.today.month), 34 + bigger, theme.INK),
            (words.streak_words(streak(self.results, self.today)), 26 + bigger, theme.GOLD),
            (words.won_words(won, days), 24 + bigger, theme.INK),
            (words.goal_words(won, self.badges()), 24 + bigger, theme.INK_DIM),
        ]

    def info(self) -> str:
        """Under the rest: the question, else the focused day, else what a day does."""
        if self.message:
            return self.message
        cell = self.focused()
        if isinstance(cell, DayCell):
            return cell.label
        return tr("Choose a day to play its deal.")

    def spoken(self) -> str:
        """What a screen reader says as the screen opens."""
        won = self.won_month()
        days = self.month_days()
        parts = [
            tr("Daily deals, {month}, {game}.", month=self.summary()[0][0], game=self.title()),
            f"{words.streak_words(streak(self.results, self.today))}.",
            f"{words.won_words(won, days)}.",
            words.earned_words(self.badges()),
            f"{words.goal_words(won, self.badges())}.",
            tr("Arrows move from day to day, Enter plays its deal, Escape goes back."),
        ]
        return " ".join(parts)

    # -- layout ---------------------------------------------------------------------
    def least(self) -> int:
        """A day's side at least: 44 CSS px on a phone held either way."""
        return 80 if self.classic() else 82

    def top(self) -> int:
        return back_button(not self.classic()).rect.bottom + 10

    def head_h(self) -> int:
        return theme.font(22).get_height() + 4

    def place_text(
        self,
        items: list[tuple[str, int, tuple[int, ...]]],
        area: pygame.Rect,
        most_lines: int = 3,
    ) -> tuple[list[TextLine], int] | None:
        """``items`` one under another from the top of ``area``, each wrapped to its width
        (a long word set smaller); None when they do not all fit; else their lines and
        where they end."""
        out: list[TextLine] = []
        y = area.y
        for text, size, colour in items:
            if theme.font(size).size(max(text.split(), key=len, default=""))[0] > area.w:
                size = theme.fitting_size(max(text.split(), key=len), area.w, size, 14)
            lines = theme.wrap(text, size, area.w)
            if len(lines) > most_lines:
                return None
            for line in lines:
                tall = line_h(size)
                if y + tall > area.bottom:
                    return None
                out.append(
                    (line, size, colour, theme.text(line, size).get_rect(topleft=(area.x, y)))
                )
                y += tall
            y += 4
        return out, y

    def info_lines(self, area: pygame.Rect, size: int = 24) -> list[TextLine]:
        """The :meth:`info` words in ``area``, as many lines as it holds."""
        out: list[TextLine] = []
        y = area.y
        for line in theme.wrap(self.info(), size, area.w):
            tall = line_h(size)
            if y + tall > area.bottom or theme.font(24).size(line)[0] > area.w:
                break
            out.append(
                (line, size, theme.INK_DIM, theme.text(line, size).get_rect(topleft=(area.x, y)))
            )
            y += tall
        return out

    def medals_row(self, x: int, y: int, width: int, most: int = 84) -> tuple[list, list, int]:
        """The three badges side by side from (x, y) across ``width``: their circles, their
        names under them, and where they end."""
        slot = min(most + 12, width // 3)
        side = min(most, slot - 12)
        medals, lines = [], []
        bottom = y + side
        for n, (name, _, _) in enumerate(self.badges()):
            box = R(x + n * slot + (slot - side) // 2, y, side, side)
            medals.append((name, box))
            label = tr(words.BADGE_NAMES[name])
            size = theme.fitting_size(label, slot - 6, 20, 12)
            under = (box.centerx, box.bottom + 4)
            lines.append(text_line(label, size, theme.INK_DIM, midtop=under))
            bottom = max(bottom, lines[-1][3].bottom)
        return medals, lines, bottom

    LEGEND = (
        ("won", N_("won on its day")),
        ("later", N_("won later")),
        ("elsewhere", N_("won in another game only")),
    )

    def legend(
        self, area: pygame.Rect, bigger: int
    ) -> tuple[list[tuple[str, pygame.Rect]], list[TextLine], int]:
        """What the marks of a day mean, a sample and its words a line each from the top
        of ``area``, when all of them fit there (else none); and where they end."""
        side = 30
        room = area.w - side - 12
        size = min(theme.fitting_size(tr(m), room, 22 + bigger, 14) for _, m in self.LEGEND)
        samples, lines, y = [], [], area.y
        for mark, meaning in self.LEGEND:
            text = tr(meaning)
            if theme.font(size).size(text)[0] > room or y + max(side, line_h(size)) > area.bottom:
                return [], [], area.y - 12
            samples.append((mark, R(area.x, y, side, side)))
            lines.append(
                text_line(text, size, theme.INK_DIM, midleft=(area.x + side + 12, y + side // 2))
            )
            y += max(side, line_h(size)) + 6
        return samples, lines, y - 6

    def arrange_side(self, w: int, h: int, rows: int) -> Arrangement | None:
        """The days at the left, the rest in a column at their right."""
        top, least, head = self.top(), self.least(), self.head_h()
        ch = min(110, (h - top - 12 - head + GAP) // rows - GAP)
        cw = min(round(ch * 1.3), (w - 3 * M - 270 + GAP) // 7 - GAP)
        if ch < least or cw < least:
            return None
        grid = R(M, top, 7 * (cw + GAP) - GAP, head + rows * (ch + GAP) - GAP)
        panel = R(grid.right + M, top, w - grid.right - 2 * M, h - top - 12)
        game = R(panel.x, panel.y, panel.w, self.touch())
        text = R(panel.x, game.bottom + 12, panel.w, panel.bottom - game.bottom - 12)
        bigger = 0 if self.classic() else 4
        placed = self.place_text(self.summary(bigger), text)
        if placed is None:
            return None
        lines, y = placed
        medals, names, y = self.medals_row(panel.x, y + 6, panel.w)
        if y > panel.bottom:
            return None
        samples, told, y = self.legend(R(panel.x, y + 12, panel.w, panel.bottom - y - 12), bigger)
        info = R(panel.x, y + 12, panel.w, panel.bottom - y - 12)
        lines += names + told
        return Arrangement("side", game, grid, (cw, ch), lines, medals, info, samples, bigger)

    def arrange_stacked(self, w: int, h: int, rows: int) -> Arrangement | None:
        """The game's button, the words beside the badges, then the days under them."""
        top, least, head = self.top(), self.least(), self.head_h()
        game = R(M, top, w - 2 * M, self.touch())
        badges_w = min(3 * 96, (w - 2 * M) // 2)
        text = R(M, game.bottom + 12, w - 3 * M - badges_w, h)
        placed = self.place_text(self.summary(4), text)
        if placed is None:
            return None
        lines, y = placed
        medals, names, medals_end = self.medals_row(w - M - badges_w, game.bottom + 12, badges_w)
        lines += names
        grid_top = max(y, medals_end) + 12
        cw = min(130, (w - 2 * M + GAP) // 7 - GAP)
        room = h - grid_top - 12 - head
        ch = min(round(cw * 1.4), (room + GAP) // rows - GAP)
        if ch < least or cw < least:
            return None
        grid_w = 7 * (cw + GAP) - GAP
        grid = R((w - grid_w) // 2, grid_top, grid_w, head + rows * (ch + GAP) - GAP)
        samples, told, y = self.legend(R(M, grid.bottom + 16, w - 2 * M, h - grid.bottom), 4)
        info = R(M, y + 12, w - 2 * M, h - y - 24)
        lines += told
        return Arrangement("stacked", game, grid, (cw, ch), lines, medals, info, samples, 4)

    def arrange_compact(self, w: int, h: int, rows: int) -> Arrangement:
        """The game's button beside Back, one line of words, the days and a strip of
        badges at their right."""
        back = back_button(not self.classic()).rect
        game = R(back.right + 16, back.y, w - back.right - 16 - 16, back.h)
        words_line = self.message or (
            f"{self.summary()[0][0]} · {words.streak_words(streak(self.results, self.today))}"
        )
        size = theme.fitting_size(words_line, w - 32, 24, 14)
        lines: list[TextLine] = []
        y = game.bottom + 8
        for line in theme.wrap(words_line, size, w - 32)[:2]:
            lines.append(text_line(line, size, theme.INK, topleft=(16, y)))
            y += line_h(size)
        head = self.head_h()
        strip = 70
        cw = max(40, (w - 32 - strip - 8 + GAP) // 7 - GAP)
        ch = max(40, min(round(cw * 1.2), (h - y - 8 - head - 8 + GAP) // rows - GAP))
        grid = R(16, y + 4, 7 * (cw + GAP) - GAP, head + rows * (ch + GAP) - GAP)
        side = min(strip - 8, (grid.h - head) // 4)
        medals = []
        x = grid.right + 8 + (w - 16 - grid.right - 8 - side) // 2
        for n, (name, _, _) in enumerate(self.badges()):
            medals.append((name, R(x, grid.y + head + n * (side + 10), side, side)))
        count = f"{self.won_month()}/{self.month_days()}"
        size = theme.fitting_size(count, strip - 4, 22, 12)
        where = (x + side // 2, medals[-1][1].bottom + 10)
        lines.append(text_line(count, size, theme.INK, midtop=where))
        return Arrangement("compact", game, grid, (cw, ch), lines, medals)

    def arrange(self) -> Arrangement:
        w, h = self.app.screen.get_size()
        rows = len(self.weeks())
        if w >= h:
            found = self.arrange_side(w, h, rows)
            if found is not None:
                return found
        return self.arrange_stacked(w, h, rows) or self.arrange_compact(w, h, rows)

    def build(self) -> None:
        self.refresh()
        self.widgets = [back_button(not self.classic())]
        self.to_come: list[DayCell] = []
        """The days to come: drawn, not pressed."""
        self.arranged = arranged = self.arrange()
        self.widgets.append(Button(GAME, arranged.game, tr("Game: {game}", game=self.title())))
        states = day_states(self.results, self.today.year, self.today.month, self.game_id)
        anywhere = day_states(self.results, self.today.year, self.today.month)
        cw, ch = arranged.cell
        top = arranged.grid.y + self.head_h()
        for row, week in enumerate(self.weeks()):
            for col, day in enumerate(week):
                if not day:
                    continue
                when = self.today.replace(day=day)
                rect = R(arranged.grid.x + col * (cw + GAP), top + row * (ch + GAP), cw, ch)
                state = states.get(day)
                elsewhere = anywhere.get(day, DayState()).won
                label = words.day_words(when, self.today, state, self.title(), elsewhere)
                cell = DayCell(f"day:{day}", rect, label, enabled=when <= self.today, day=day)
                cell.state, cell.today, cell.won_elsewhere = state, when == self.today, elsewhere
                (self.widgets if cell.enabled else self.to_come).append(cell)
        self.dirty = True

    def text_lines(self) -> list[TextLine]:
        """Every line of text outside the widgets: tests check that none overlaps one."""
        arranged = self.arranged or self.arrange()
        out = list(arranged.lines)
        if arranged.info is not None:
            out += self.info_lines(arranged.info, 24 + arranged.bigger)
        cw, _ = arranged.cell
        start = words.first_weekday()
        for col in range(7):
            name = tr(words.WEEKDAYS_SHORT[(start + col) % 7])
            size = theme.fitting_size(name, cw - 4, 22, 12)
            x = arranged.grid.x + col * (cw + GAP) + cw // 2
            out.append(text_line(name, size, theme.INK_DIM, midtop=(x, arranged.grid.y)))
        return out

    def cells(self) -> Iterator[DayCell]:
        """Every day of the month, those to come too."""
        yield from (w for w in self.widgets if isinstance(w, DayCell))
        yield from self.to_come

    # -- input --------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> None:
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -7, pygame.K_DOWN: 7}
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.next_game(-1 if event.key == pygame.K_PAGEUP else 1)
            return
        focused = self.focused()
        if event.key in moves and (focused is None or isinstance(focused, DayCell)):
            day = self.today.day if focused is None else focused.day + moves[event.key]
            if any(c.day == day and c.enabled for c in self.cells()):
                self.focus = f"day:{day}"
                self.build()
            return
        super().key(event)

    def next_game(self, step: int) -> None:
        ids = list(GAMES)
        self.game_id = ids[(ids.index(self.game_id) + step) % len(ids)]
        if not GAMES[self.game_id].has_layout:
            self.layout = None
        self.message, self.asked = "", None
        self.build()

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        elif name == GAME:
            self.focus = GAME
            self.next_game(1)
        elif name.startswith("day:"):
            self.play(int(name[4:]))

    def gives_up_first(self, day: int) -> bool:
        """A game in progress would be given up (counted as lost): the first press says
        so, a second one on the same day (not the rest of a double click) plays."""
        game = given_up_by(self.app, self.setup_for(day))  # in its own slot only
        asked, self.asked = self.asked, None
        if asked is not None and asked[0] == day:
            if same_press(self.app, asked[1]):
                self.asked = asked
                return True
            return False
        if game is None:
            return False
        self.asked = (day, self.app.now_ms)
        self.message = tr(
            "Give up your {game} game in progress? It will count as a loss: choose the day again.",
            game=tr(game.title),
        )
        self.build()
        return True

    def setup_for(self, day: int) -> GameSetup:
        """The deal of ``day`` of this month in the game (and layout) shown."""
        when = self.today.replace(day=day)
        layout = self.layout if GAMES[self.game_id].has_layout else None
        return GameSetup(self.game_id, deal=today_deal(self.game_id, when), layout=layout)

    def play(self, day: int) -> None:
        """Deal ``day``'s deal of the game shown (a day to come cannot be pressed)."""
        when = self.today.replace(day=day)
        if when > self.today or self.gives_up_first(day):
            return
        self.message = ""
        self.app.new_game(self.setup_for(day))

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        arranged = self.arranged or self.arrange()
        if arranged.mode == "compact":  # no room for the title: the month says it
            surface.blit(backdrop(surface.get_size()), (0, 0))
        else:
            draw_backdrop(surface, tr("Daily deals"))
        earned = {name: got for name, _, got in self.badges()}
        for name, box in arranged.medals:
            need = next(n for b, n, _ in self.badges() if b == name)
            fill = MEDALS[name] if earned[name] else theme.DISABLED
            edge = theme.INK if earned[name] else theme.BUTTON_EDGE
            pygame.draw.circle(surface, fill, box.center, box.w // 2)
            pygame.draw.circle(surface, edge, box.center, box.w // 2, 3)
            ink = theme.PRIMARY_TEXT if earned[name] else theme.INK_DIM
            size = theme.fitting_size(str(need), box.w - 16, 30, 14)
            theme.blit_text(surface, str(need), size, box.center, ink, "center")
        for text, size, shade, rect in self.text_lines():
            theme.put_text(surface, text, theme.text(text, size, shade), rect)
        for mark, box in arranged.legend:
            if mark == "won":
                pygame.draw.rect(surface, theme.PRIMARY, box, border_radius=6)
                pygame.draw.rect(surface, theme.PRIMARY_EDGE, box, width=2, border_radius=6)
            elif mark == "later":
                pygame.draw.rect(surface, theme.BUTTON, box, border_radius=6)
                pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=6)
            else:
                pygame.draw.rect(surface, theme.OPTION, box, border_radius=6)
                pygame.draw.rect(surface, theme.BUTTON_EDGE, box, width=2, border_radius=6)
                pygame.draw.circle(surface, theme.GOLD, (box.right - 8, box.y + 8), 5)
        for cell in self.to_come:
            cell.draw(surface)
        self.draw_widgets(surface)
