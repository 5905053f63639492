"""The start screen: which game (and layout), then which deal; and the games in progress,
each waiting in its own slot, marked on its button and resumed by a press on it (see
:mod:`.in_progress`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core.cards import is_plain_number
from thirteen.core.deals import MAX_DEAL
from thirteen.core.game import Game
from thirteen.core.i18n import tr
from thirteen.games import GAMES, GameSetup
from thirteen.records.saved_game import Waiting
from thirteen.session import share
from thirteen.ui import theme
from thirteen.ui.scene import same_press
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens import in_progress
from thirteen.ui.screens.entry import EntryScene
from thirteen.ui.screens.in_progress import MarkedButton, game_slot, moves_words
from thirteen.ui.screens.menu import MenuScene, draw_backdrop
from thirteen.ui.screens.start_deals import StartButton, deal_column
from thirteen.ui.screens.start_speech import button_words, chosen_words
from thirteen.ui.widgets import Button

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect
FOOT_LABEL_LEAST = 22
"""The smallest a foot button's label is set before the row spreads under both columns."""


class StartScene(MenuScene):
    """Choose a game (and layout), then how to deal: random, today's, or a number."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        first = next(iter(GAMES.values()))
        self.game_id = first.id
        self.layout = next(s.default_layout for s in GAMES.values() if s.layouts)
        self.confirm_at = 0.0
        self.extra_layout: str | None = None
        """A layout from a link that the menu does not offer: kept as a button once seen,
        so a player who tries another can come back to it."""
        self.message = ""
        self.confirm: str | None = None
        self.games_page: int | None = None
        """The page of the games list shown (None: the chosen game's)."""
        self.waiting: dict[str, Waiting] = {}
        """The games in progress, by slot key, as last read (each :meth:`build`)."""
        self.chosen_game: Game | None = None
        """The game in progress of the chosen game and layout, replayed, or None."""
        self.build()

    def layout_for(self, game_id: str | None = None) -> str | None:
        return self.layout if GAMES[game_id or self.game_id].has_layout else None

    def choose_suspended(self) -> None:
        """Choose the game and layout of the game just left for this screen.  Done on
        arriving from the table only: coming back from help, statistics or settings
        keeps what the player chose here meanwhile."""
        game = self.app.suspended.game if self.app.suspended else None
        setup = getattr(game, "setup", None)
        if setup is not None:
            self.game_id = setup.game
            self.layout = setup.layout or self.layout
        self.confirm = None
        self.games_page = None

    def enter(self) -> None:
        notices = self.app.session.notices
        if notices:
            self.message = " ".join(tr(notice) for notice in notices[-2:])
            notices.clear()
        self.games_page = None  # the page with the chosen game, when the list takes pages
        self.build()
        super().enter()

    GAME_X, GAME_W = 70, 560
    DEAL_X, DEAL_W = 720, 490
    GAME_Y = 150
    DEAL_Y = 150
    FOOT_Y = 604
    HEADS_Y = 122
    GAME_WIDTHS = (130, 100)
    """The narrowest game button, tried in turn: the wider while every group fits its rows."""
    LIST_TOP = 122
    """The games list's top where it goes up into the headings' line (the "Game" heading
    then not shown): under the tagline."""
    HEADING_SIZE = 30
    """The type size of the columns' headings, "Game" and "Deal"."""
    HEAD_SIZE = 24
    """The type size of a group's heading, at the left of its games' row."""
    BLURB_Y: int
    """Where the chosen game's blurb starts (set with the layout buttons' places)."""
    LAYOUT_Y: int
    layout_rects: list[pygame.Rect]
    layout_label: tuple[int, int] | None
    """Where the "Layout" label goes (its left middle), when the chosen game has layouts."""

    def compact(self) -> int:
        """The height of a game or layout button: 62 on 1280x720 (a desktop window, where
        the games' rows fit over the layouts), else 82 (44 CSS px on a phone held either
        way, at 0.54 CSS px a logical pixel)."""
        return 62 if self.classic() else 82

    def gap(self) -> int:
        """Between two rows (or two buttons) of the games list."""
        return 10 if self.classic() else 8

    def row_h(self) -> int:
        return self.compact() + self.gap()

    def place(self) -> None:
        """Where the columns go: games beside deals (on any canvas held sideways, and
        upright when one column would not fit), else one under the other."""
        self.game_head = True
        if self.upright() and self.place_one_column():
            return
        w, h = self.app.screen.get_size()
        if self.classic():
            self.GAME_X, self.GAME_W, self.DEAL_X, self.DEAL_W = 70, 560, 720, 490
        else:
            margin, gap = (70, 90) if w >= 1200 else (24, 24)
            room = w - 2 * margin - gap
            gw = min(640, room * 560 // 1050)
            dw = min(560, room - gw)
            self.GAME_X = (w - gw - gap - dw) // 2
            self.GAME_W, self.DEAL_X, self.DEAL_W = gw, self.GAME_X + gw + gap, dw
        self.GAME_Y = self.DEAL_Y = 150
        # the headings' line ends over the columns, however tall larger text sets it
        self.HEADS_Y = self.deal_heads_y = min(122, self.GAME_Y - 2 - self.heading_height())
        self.pitch = 100
        self.foot_h = 84 if self.classic() else self.compact()
        self.FOOT_Y = h - 116 if self.classic() else h - self.foot_h - 10
        self.MESSAGE_Y = self.DEAL_Y + 4 * self.pitch + 6
        self.message_bottom = h - 8
        bottom = self.FOOT_Y - (20 if self.classic() else 10)
        end = self.roomiest_blurb_y(bottom) - (10 if self.classic() else 6)
        # the games under the "Game" heading if they fit there, else from its line
        for head in (True, False):
            top = self.GAME_Y if head else self.LIST_TOP
            if self.choose_widths(end - top):
                break
        else:
            head, top = True, self.GAME_Y
        self.game_head = head
        self.place_layouts(bottom)
        end = self.BLURB_Y - (10 if self.classic() else 6)
        self.games_area = R(self.GAME_X, top, self.GAME_W, end - top)
        need = self.games_height(self.game_items())
        if not self.classic() and need < self.games_area.h:  # the blurb right under the games
            rise = self.games_area.h - need
            self.games_area.h = need
            self.rise_layouts(rise)

    def roomiest_blurb_y(self, bottom: int) -> int:
        """Where the blurb would start over the layout row of any game that has one: the
        games list is sized for it, so that it stays put whichever game is chosen."""
        chosen = self.game_id
        tops = []
        for spec in GAMES.values():
            if spec.layouts or spec.id == chosen:
                self.game_id = spec.id
                self.place_layouts(bottom)
                tops.append(self.BLURB_Y)
        self.game_id = chosen
        return min(tops)

    def choose_widths(self, room: int) -> bool:
        """Take the widest narrowest game button at which the whole list fits ``room``
        (False, with the narrowest, when none does: the list then takes pages)."""
        for width in self.GAME_WIDTHS:
            self.min_game_w = width
            if self.games_height(self.game_items()) <= room:
                return True
        return False

    def rise_layouts(self, rise: int) -> None:
        """Move the blurb and the layout row up by ``rise``."""
        self.BLURB_Y -= rise
        self.LAYOUT_Y -= rise
        self.layout_rects = [r.move(0, -rise) for r in self.layout_rects]
        if self.layout_label is not None:
            self.layout_label = (self.layout_label[0], self.layout_label[1] - rise)

    def place_one_column(self) -> bool:
        """One column upright, games, layout, deals and the foot buttons one under
        another; False when the canvas is too short for it."""
        w, h = self.app.screen.get_size()
        self.GAME_X = self.DEAL_X = 40
        self.GAME_W = self.DEAL_W = w - 80
        self.HEADS_Y, self.GAME_Y, self.pitch = 150, 190, 110
        self.foot_h = self.touch()
        self.FOOT_Y = h - 130
        self.message_bottom = self.FOOT_Y - 10
        self.MESSAGE_Y = self.message_bottom - 6 * 22
        self.DEAL_Y = self.MESSAGE_Y - 20 - 4 * self.pitch
        self.deal_heads_y = self.DEAL_Y - 36
        self.choose_widths(self.roomiest_blurb_y(self.deal_heads_y - 30) - 4 - self.GAME_Y)
        self.place_layouts(self.deal_heads_y - 30)
        room = R(self.GAME_X, self.GAME_Y, self.GAME_W, self.BLURB_Y - 4 - self.GAME_Y)
        need = self.games_height(self.game_items())
        if room.h < min(need, 2 * self.row_h()):
            return False
        rise = max(0, room.h - need)  # what follows the games moves up under them
        room.h -= rise
        self.games_area = room
        self.rise_layouts(rise)
        self.deal_heads_y -= rise
        self.DEAL_Y -= rise
        self.MESSAGE_Y -= rise
        return True

    def place_layouts(self, bottom: int) -> None:
        """The layout buttons (the chosen game's), ending at ``bottom``, and the blurb over
        them: sets LAYOUT_Y, the buttons' places and BLURB_Y."""
        layouts = self.offered_layouts()
        tall = self.touch() if self.classic() else self.compact()
        self.layout_rects = []
        self.layout_label = None
        if not layouts:
            self.LAYOUT_Y = bottom
            self.BLURB_Y = bottom - self.blurb_room()
            return
        bw = 120 if len(layouts) == len(GAMES[self.game_id].layouts) else 90
        label_w = theme.font(30).size(tr("Layout"))[0] + 20
        self.LAYOUT_Y = bottom - tall
        right = self.GAME_X + self.GAME_W
        if self.GAME_W - len(layouts) * (bw + 10) + 10 >= label_w:  # the label on its left
            x0 = right - len(layouts) * (bw + 10) + 10
            self.layout_label = (self.GAME_X, self.LAYOUT_Y + tall // 2)
            top = self.LAYOUT_Y
        else:  # the label over a row of buttons as wide as the column allows
            bw = min(bw, (self.GAME_W - 10 * (len(layouts) - 1)) // len(layouts))
            x0 = self.GAME_X
            top = self.LAYOUT_Y - 34
            self.layout_label = (self.GAME_X, top + 15)
        self.layout_rects = [
            R(x0 + n * (bw + 10), self.LAYOUT_Y, bw, tall) for n in range(len(layouts))
        ]
        self.BLURB_Y = top - self.blurb_room()

    def heading_height(self) -> int:
        """The height of a line of the columns' headings ("Game", "Deal")."""
        return theme.font(self.HEADING_SIZE).get_height()

    def blurb_room(self) -> int:
        """The height of the blurb's two lines and the gap under them (the lines grow
        with larger text)."""
        return 2 * theme.scaled(26) + 8 if self.classic() else 2 * theme.scaled(24) + 6

    def offered_layouts(self) -> tuple[str, ...]:
        """The chosen game's layouts, and one from a link the menu does not offer."""
        layouts = GAMES[self.game_id].layouts
        if not layouts:
            return ()
        if self.layout not in layouts:
            self.extra_layout = self.layout
        return layouts if self.extra_layout is None else (*layouts, self.extra_layout)

    def groups(self) -> dict[str, list]:
        """The games by group, groups and games in registry order."""
        groups: dict[str, list] = {}
        for spec in GAMES.values():
            groups.setdefault(spec.group, []).append(spec)
        return groups

    def heads_w(self) -> int:
        """The width of the headings' column at the left of the games' rows (none when no
        game has a group)."""
        heads = [g for g in self.groups() if g]
        if not heads:
            return 0
        return max(theme.font(self.HEAD_SIZE).size(tr(g))[0] for g in heads) + 14

    def per_row(self) -> int:
        """Game buttons to a row beside the headings: as many as the largest group has,
        as far as they fit at the narrowest width tried (a larger group takes rows)."""
        gap = self.gap()
        room = self.GAME_W - self.heads_w()
        fit = (room + gap) // (getattr(self, "min_game_w", self.GAME_WIDTHS[0]) + gap)
        most = max(len(specs) for specs in self.groups().values())
        return max(1, min(most, fit))

    def game_items(self) -> list[tuple[str, list]]:
        """The games list as rows, (group, specs), one group's rows after another: each
        group's heading at the left of its first row."""
        per_row = self.per_row()
        items: list[tuple[str, list]] = []
        for group, specs in self.groups().items():
            for n in range(0, len(specs), per_row):
                items.append((group, specs[n : n + per_row]))
        return items

    def games_height(self, items: list[tuple[str, list]]) -> int:
        return len(items) * self.row_h() - (self.gap() if items else 0)

    def game_pages(self) -> list[list[tuple[str, list]]]:
        """The games list cut into pages that fit its area (one, when all fit): a last
        resort, for more games than a canvas holds."""
        items = self.game_items()
        room = self.games_area.h
        if self.games_height(items) <= room:
            return [items]
        room -= self.touch() + 10  # the page buttons' row
        per_page = max(1, (room + self.gap()) // self.row_h())
        return [items[n : n + per_page] for n in range(0, len(items), per_page)]

    def chosen_slot(self) -> str:
        """The save slot of the chosen game and layout."""
        return game_slot(GAMES[self.game_id], self.layout)

    def build(self) -> None:
        in_progress.read_waiting(self)
        self.place()
        touch = self.touch()
        w: list = []
        gx, gw = self.GAME_X, self.GAME_W
        pages = self.game_pages()
        chosen = next(
            (n for n, p in enumerate(pages) for _, row in p for s in row if s.id == self.game_id),
            0,
        )
        if self.games_page is None:
            self.games_page = chosen
        self.games_page %= len(pages)
        self.group_heads: list[tuple[str, tuple[int, int]]] = []
        y = self.games_area.y
        per_row, gap, tall = self.per_row(), self.gap(), self.compact()
        heads_w = self.heads_w()
        bw = (gw - heads_w - gap * (per_row - 1)) // per_row
        shown = ""
        for group, row in pages[self.games_page]:
            if group and group != shown:  # a group's first row on this page: its heading
                half = theme.font(self.HEAD_SIZE).get_height() // 2
                self.group_heads.append((tr(group), (gx, y + tall // 2 - half)))
            shown = group
            for n, spec in enumerate(row):
                rect = R(gx + heads_w + n * (bw + gap), y, bw, tall)
                w.append(self.game_button(spec, rect))
            y += tall + gap
        self.pages_words = ""
        if len(pages) > 1:
            y = self.games_area.bottom - touch
            w.append(Button("games:-1", R(gx, y, 100, touch), "<"))
            w.append(Button("games:1", R(gx + gw - 100, y, 100, touch), ">"))
            self.pages_words = tr(
                "Games {page} of {pages}", page=self.games_page + 1, pages=len(pages)
            )
        for name, rect in zip(self.offered_layouts(), self.layout_rects, strict=True):
            here = self.waiting.get(game_slot(GAMES[self.game_id], name))
            mark = moves_words(here.moves) if here is not None else ""
            chosen = name == self.layout
            w.append(MarkedButton(f"layout:{name}", rect, name, primary=chosen, mark=mark))
        w += deal_column(self)
        w += self.foot_buttons(gx, gw)
        self.widgets = w
        self.dirty = True

    def foot_buttons(self, left: int, width: int) -> list[Button]:
        """The foot row under the games column, or across both columns where their labels
        would be set smaller than :data:`FOOT_LABEL_LEAST` there (a long word, Larger
        text); the notice under the deals then ends above it."""
        entries = self.foot_entries()

        def row(width: int) -> list[Button]:
            bw = (width - 20 * (len(entries) - 1)) // len(entries)
            return [
                Button(name, R(left + n * (bw + 20), self.FOOT_Y, bw, self.foot_h), label)
                for n, (name, label) in enumerate(entries)
            ]

        buttons = row(width)
        across = self.DEAL_X + self.DEAL_W - left
        if across > width and min(b.label_size() for b in buttons) < FOOT_LABEL_LEAST:
            buttons = row(across)
            self.message_bottom = min(self.message_bottom, self.FOOT_Y - 10)
        return buttons

    def foot_entries(self) -> list[tuple[str, str]]:
        """The buttons of the foot row, (name, label), left to right: the screens the
        start screen opens (each name one :meth:`activate` knows)."""
        return [
            (SceneName.HELP, tr("Help")),
            (SceneName.STATS, tr("Statistics")),
            (SceneName.CALENDAR, tr("Calendar")),
            (SceneName.SETTINGS, tr("Settings")),
        ]

    def game_button(self, spec, rect: pygame.Rect) -> Button:
        """A game's button: its name, and under it how far along its game in progress is."""
        here = in_progress.waiting_of(spec, self.layout, self.waiting)
        mark = moves_words(here.moves) if here is not None else ""
        return MarkedButton(
            f"game:{spec.id}", rect, tr(spec.title), primary=spec.id == self.game_id, mark=mark
        )

    def blurb_lines(self) -> tuple[int, list[str]]:
        """The chosen game's blurb: two lines at most, set smaller in a narrow column."""
        blurb = tr(GAMES[self.game_id].blurb)
        for size in (28, 26, 24, 22, 20) if not self.classic() else (28,):
            lines = theme.wrap(blurb, size, self.GAME_W)
            if len(lines) <= 2:
                return size, lines
        return 20, lines[:2]

    def text_lines(self) -> list[tuple[str, int, tuple[int, ...], pygame.Rect]]:
        """Every line of text below the title: (words, size, colour, rect).

        The selected game's blurb sits under the game buttons, the notices
        (link problems, fallbacks) under the deal buttons; tests check that
        none of them overlaps a widget.
        """
        out: list[tuple[str, int, tuple[int, ...], pygame.Rect]] = []
        for words, where in self.group_heads:
            rect = theme.text(words, self.HEAD_SIZE).get_rect(topleft=where)
            out.append((words, self.HEAD_SIZE, theme.INK_DIM, rect))
        if self.pages_words:
            room = self.games_area.w - 2 * 110  # between the page buttons
            size = theme.fitting_size(self.pages_words, room, 26, 14)
            rect = theme.text(self.pages_words, size).get_rect(
                center=(self.games_area.centerx, self.games_area.bottom - self.touch() // 2)
            )
            out.append((self.pages_words, size, theme.INK_DIM, rect))
        y = self.BLURB_Y
        size, lines = self.blurb_lines()
        for line in lines:
            rect = theme.text(line, size).get_rect(topleft=(self.GAME_X, y))
            out.append((line, size, theme.INK, rect))
            y += theme.scaled(26 if self.classic() else 24)
        if self.layout_label is not None:
            words = tr("Layout")
            rect = theme.text(words, 30).get_rect(midleft=self.layout_label)
            out.append((words, 30, theme.INK_DIM, rect))
        message = self.shown_message()
        if message:
            y = self.MESSAGE_Y
            most = max(1, (self.message_bottom - y) // theme.scaled(22))
            for line in theme.wrap(message, 24, self.DEAL_W)[: min(6, most)]:
                rect = theme.text(line, 24).get_rect(topleft=(self.DEAL_X, y))
                out.append((line, 24, (255, 226, 150), rect))
                y += theme.scaled(22)
        return out

    def gives_up_first(self, name: str) -> bool:
        """Starting another game of the chosen game (and layout), or Give up, gives up
        its game in progress (counted as lost): the first press says so, the second does
        it (as New does on the table), unless it came with the first (a double click).
        The games in progress of other games wait in their own slots: no question."""
        game = self.chosen_game
        if self.confirm == name and same_press(self.app, self.confirm_at):
            return True
        confirm, self.confirm = self.confirm, None
        if game is None or game.is_over or not game.moves or confirm == name:
            return False
        self.confirm = name
        self.confirm_at = self.app.now_ms
        self.dirty = True
        return True

    def shown_message(self) -> str:
        """The give-up warning while it waits for its button again (any other press
        takes it away with the question), else the notices."""
        game = self.chosen_game
        button = None if self.confirm is None else self.button(self.confirm)
        if button is None or game is None:
            return self.message
        return tr(
            "Give up your {game} game in progress? It will count as a loss: press {button} again.",
            game=tr(game.title),
            button=button.label,
        )

    def todays_setup(self) -> GameSetup:
        return GameSetup(
            self.game_id, deal=share.today_deal(self.game_id), layout=self.layout_for()
        )

    def activate(self, name: str) -> None:
        app = self.app
        if name == StartButton.TODAY and self.chosen_game is not None:
            if getattr(self.chosen_game, "setup", None) == self.todays_setup():
                name = StartButton.RESUME  # today's deal is the one in progress: go on
        giving_up = (StartButton.PLAY, StartButton.TODAY, StartButton.NUMBER, StartButton.GIVE_UP)
        if name in giving_up:
            if self.gives_up_first(name):
                return
            if name != StartButton.NUMBER:
                self.message = ""  # the notices were read; a new game starts
        else:
            self.confirm = None
        if in_progress.resumes(self, name):
            return
        if name.startswith("game:"):
            self.game_id = name[5:]
            spec = GAMES[self.game_id]
            here = in_progress.waiting_of(spec, self.layout, self.waiting)
            if spec.has_layout and here is not None:  # the layout of its game in progress
                self.layout = here.setup.layout or self.layout
            self.build()
        elif name.startswith("games:"):
            self.games_page = (self.games_page or 0) + int(name[6:])
            self.focus = name
            self.build()
        elif name.startswith("layout:"):
            self.layout = name[7:]
            self.build()
        elif name == StartButton.PLAY:
            app.deal_random(self.game_id, self.layout_for())
        elif name == StartButton.TODAY:
            app.new_game(self.todays_setup())
        elif name == StartButton.NUMBER:
            app.push(
                EntryScene(
                    app,
                    tr("Deal number"),
                    tr("A number from 1 to {most}", most=MAX_DEAL),
                    self._number,
                    digits=True,
                )
            )
        elif name == StartButton.WINNABLE:
            app.settings.winnable_only = not app.settings.winnable_only
            app.profile.save_settings()
        elif name == StartButton.RESUME:
            self.message = ""
            if self.chosen_game is None or not in_progress.resume(app, self.chosen_slot()):
                app.resume()
        elif name == StartButton.GIVE_UP:
            self.message = in_progress.give_up(app, self.chosen_slot())
            self.build()
        elif name in (SceneName.HELP, SceneName.STATS, SceneName.SETTINGS, SceneName.CALENDAR):
            app.open(SceneName(name))

    def _number(self, text: str) -> str | None:
        if not is_plain_number(text) or not 1 <= int(text) <= MAX_DEAL:
            return tr("Type a number from 1 to {most}.", most=MAX_DEAL)
        self.message = ""
        self.app.new_game(GameSetup(self.game_id, deal=int(text), layout=self.layout_for()))
        return None

    def news(self) -> str:
        """The game chosen, said to a screen reader each time the choice moves."""
        return chosen_words(self)

    def widget_words(self, widget: object) -> str:
        """A focused button in a screen reader's words, where its label is not enough."""
        return button_words(self, widget)

    def back(self) -> None:
        if self.app.suspended is not None:
            self.app.resume()

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter is Play's key: also once the focused game or layout is the one chosen
            # (the first Enter chose it), not only with nothing focused
            w = self.focused()
            chosen = isinstance(w, Button) and w.primary and w.name.startswith(("game:", "layout:"))
            if w is None or chosen:
                resume = self.chosen_game is not None
                self.activate(StartButton.RESUME if resume else StartButton.PLAY)
                return
        super().key(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "Thirteen", back=False)
        tagline = tr("Solitaire games of cards that make 13, 11 or 15")
        theme.blit_text(
            surface,
            tagline,
            theme.fitting_size(tagline, surface.get_width() - 40, 30, 20),
            (surface.get_width() // 2, 84),
            theme.INK_DIM,
            "midtop",
        )
        if self.game_head:
            heading = tr("Game")
            where = (self.GAME_X, self.HEADS_Y)
            theme.blit_text(surface, heading, self.HEADING_SIZE, where, theme.INK_DIM)
        where = (self.DEAL_X, self.deal_heads_y)
        theme.blit_text(surface, tr("Deal"), self.HEADING_SIZE, where, theme.INK_DIM)
        for words, size, colour, rect in self.text_lines():
            theme.put_text(surface, words, theme.text(words, size, colour), rect)
        self.draw_widgets(surface)
