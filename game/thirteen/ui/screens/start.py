"""The start screen: which game (and layout), then which deal."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import pygame

from ... import share
from ...cards import is_plain_number
from ...deals import MAX_DEAL
from ...variants import GAMES, GameSetup
from .. import theme
from ..scene import same_press
from ..scene_names import SceneName
from ..widgets import Button, Checkbox
from .entry import EntryScene
from .menu import MenuScene, draw_backdrop

if TYPE_CHECKING:
    from ...app import App

R = pygame.Rect


class StartButton(StrEnum):
    """The start screen's own buttons (besides each game's and layout's, and the
    screens it opens, named by :class:`SceneName`)."""

    PLAY = "play"
    TODAY = "today"
    NUMBER = "number"
    WINNABLE = "winnable"
    RESUME = "resume"


class StartScene(MenuScene):
    """Choose a game (and layout), then how to deal: random, today's, or a number."""

    UPRIGHT = True  # one column

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

    def enter(self) -> None:
        notices = self.app.session.notices
        if notices:
            self.message = " ".join(notices[-2:])
            notices.clear()
        self.build()
        super().enter()

    GAME_X, GAME_W = 70, 560
    DEAL_X, DEAL_W = 720, 490
    BLURB_Y = 422
    LAYOUT_Y = 484
    MESSAGE_Y = 556
    GAME_Y, GAME_PITCH, GAME_H = 150, 90, 80
    DEAL_Y = 150
    FOOT_Y = 604
    HEADS_Y = 122

    def place(self) -> None:
        """Where the columns go: side by side on 1280x720, one under the other upright."""
        cls = type(self)
        if not self.upright():
            for name in ("GAME_X", "GAME_W", "DEAL_X", "DEAL_W", "BLURB_Y", "LAYOUT_Y"):
                setattr(self, name, getattr(cls, name))
            for name in ("MESSAGE_Y", "GAME_Y", "GAME_PITCH", "GAME_H", "DEAL_Y"):
                setattr(self, name, getattr(cls, name))
            self.FOOT_Y, self.HEADS_Y = cls.FOOT_Y, cls.HEADS_Y
            self.deal_heads_y = cls.HEADS_Y
            return
        height = self.app.screen.get_height()
        self.GAME_X = self.DEAL_X = 40
        self.GAME_W = self.DEAL_W = self.app.screen.get_width() - 80
        self.GAME_Y, self.GAME_PITCH, self.GAME_H = 190, 104, 92
        self.HEADS_Y = 150
        bottom = self.GAME_Y + -(-len(GAMES) // self.games_across()) * self.GAME_PITCH
        self.BLURB_Y = bottom + 4
        self.LAYOUT_Y = self.BLURB_Y + 64
        self.deal_heads_y = self.LAYOUT_Y + 120
        self.DEAL_Y = self.deal_heads_y + 36
        self.FOOT_Y = height - 130
        self.MESSAGE_Y = self.DEAL_Y + 4 * 110 + 20

    def games_across(self) -> int:
        """Game buttons to a row: two once one column would crowd the screen (more than
        three sideways, where three rows fit above the blurb; more than four upright)."""
        return 2 if len(GAMES) > (4 if self.upright() else 3) else 1

    def build(self) -> None:
        self.place()
        w: list = []
        gx, gw = self.GAME_X, self.GAME_W
        across = self.games_across()
        bw = (gw - 10 * (across - 1)) // across
        for n, spec in enumerate(GAMES.values()):
            row, col = divmod(n, across)
            rect = R(gx + col * (bw + 10), self.GAME_Y + row * self.GAME_PITCH, bw, self.GAME_H)
            b = Button(f"game:{spec.id}", rect, spec.title)
            b.primary = spec.id == self.game_id
            w.append(b)
        layouts = GAMES[self.game_id].layouts
        if layouts:
            # a layout from a link that the menu does not offer is shown too
            if self.layout not in layouts:
                self.extra_layout = self.layout
            offered = layouts if self.extra_layout is None else (*layouts, self.extra_layout)
            bw = 120 if len(offered) == len(layouts) else 90
            x0 = self.GAME_X + self.GAME_W - len(offered) * (bw + 10) + 10
            for n, name in enumerate(offered):
                rect = R(x0 + n * (bw + 10), self.LAYOUT_Y, bw, 90 if self.upright() else 80)
                b = Button(f"layout:{name}", rect, name)
                b.primary = name == self.layout
                w.append(b)
        x, dw, y = self.DEAL_X, self.DEAL_W, self.DEAL_Y
        pitch = 110 if self.upright() else 100
        half = (dw - 10) // 2
        w.append(
            Button(StartButton.PLAY, R(x, y, dw, 88), "Play a new deal", "Enter", primary=True)
        )
        w.append(Button(StartButton.TODAY, R(x, y + pitch, half, 88), "Today's deal"))
        w.append(
            Button(StartButton.NUMBER, R(x + half + 10, y + pitch, half, 88), "Deal number...")
        )
        w.append(
            Checkbox(
                StartButton.WINNABLE,
                R(x, y + 2 * pitch, dw, 88),
                "Winnable deals only",
                self.app.settings.winnable_only,
                "new random deals are checked first",
            )
        )
        if self.app.suspended is not None:
            game = self.app.suspended.game
            label = ("Back to " if game.is_over else "Resume ") + game.title
            w.append(Button(StartButton.RESUME, R(x, y + 3 * pitch, dw, 88), label))
        bw = (gw - 2 * 20) // 3
        for n, (name, label) in enumerate(
            (
                (SceneName.HELP, "Help"),
                (SceneName.STATS, "Statistics"),
                (SceneName.SETTINGS, "Settings"),
            )
        ):
            w.append(Button(name, R(gx + n * (bw + 20), self.FOOT_Y, bw, 84), label))
        self.widgets = w
        self.dirty = True

    def text_lines(self) -> list[tuple[str, int, tuple[int, ...], pygame.Rect]]:
        """Every line of text below the title: (words, size, colour, rect).

        The selected game's blurb sits under the game buttons, the notices
        (link problems, fallbacks) under the deal buttons; tests check that
        none of them overlaps a widget.
        """
        out: list[tuple[str, int, tuple[int, ...], pygame.Rect]] = []
        spec = GAMES[self.game_id]
        y = self.BLURB_Y
        for line in theme.wrap(spec.blurb, 28, self.GAME_W)[:2]:
            rect = theme.text(line, 28).get_rect(topleft=(self.GAME_X, y))
            out.append((line, 28, theme.INK, rect))
            y += 26
        if spec.has_layout:
            rect = theme.text("Layout", 30).get_rect(midleft=(self.GAME_X, self.LAYOUT_Y + 40))
            out.append(("Layout", 30, theme.INK_DIM, rect))
        message = self.shown_message()
        if message:
            y = self.MESSAGE_Y
            for line in theme.wrap(message, 24, self.DEAL_W)[:6]:
                rect = theme.text(line, 24).get_rect(topleft=(self.DEAL_X, y))
                out.append((line, 24, (255, 226, 150), rect))
                y += 22
        return out

    def gives_up_first(self, name: str) -> bool:
        """Starting another game gives up the one waiting to be resumed (counted as lost):
        the first press says so, the second starts (as New does on the table), unless it
        came with the first (a double click)."""
        table = self.app.suspended
        if self.confirm == name and same_press(self.app, self.confirm_at):
            return True
        confirm, self.confirm = self.confirm, None
        if (
            table is None
            or table.game.is_over
            or not table.game.moves
            or table.recorded
            or confirm == name
        ):
            return False
        self.confirm = name
        self.confirm_at = self.app.now_ms
        self.dirty = True
        return True

    def shown_message(self) -> str:
        """The give-up warning while it waits for its button again (any other press
        takes it away with the question), else the notices."""
        table = self.app.suspended
        button = None if self.confirm is None else self.button(self.confirm)
        if button is None or table is None:
            return self.message
        return (
            f"Give up your {table.game.title} game in progress? It will count as a loss: "
            f"press {button.label} again."
        )

    def activate(self, name: str) -> None:
        app = self.app
        if name in (StartButton.PLAY, StartButton.TODAY, StartButton.NUMBER):
            if self.gives_up_first(name):
                return
            if name != StartButton.NUMBER:
                self.message = ""  # the notices were read; a new game starts
        else:
            self.confirm = None
        if name.startswith("game:"):
            self.game_id = name[5:]
            self.build()
        elif name.startswith("layout:"):
            self.layout = name[7:]
            self.build()
        elif name == StartButton.PLAY:
            app.new_game(app.session.random_setup(self.game_id, self.layout_for()))
        elif name == StartButton.TODAY:
            app.new_game(
                GameSetup(
                    self.game_id, deal=share.today_deal(self.game_id), layout=self.layout_for()
                )
            )
        elif name == StartButton.NUMBER:
            app.push(
                EntryScene(
                    app, "Deal number", f"A number from 1 to {MAX_DEAL}", self._number, digits=True
                )
            )
        elif name == StartButton.WINNABLE:
            app.settings.winnable_only = not app.settings.winnable_only
            app.profile.save_settings()
        elif name == StartButton.RESUME:
            self.message = ""
            app.resume()
        elif name in (SceneName.HELP, SceneName.STATS, SceneName.SETTINGS):
            app.open(SceneName(name))

    def _number(self, text: str) -> str | None:
        if not is_plain_number(text) or not 1 <= int(text) <= MAX_DEAL:
            return f"Type a number from 1 to {MAX_DEAL}."
        self.message = ""
        self.app.new_game(GameSetup(self.game_id, deal=int(text), layout=self.layout_for()))
        return None

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
                self.activate(StartButton.PLAY)
                return
        super().key(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "Thirteen", back=False)
        theme.blit_text(
            surface,
            "Solitaire games of pairs that make 13",
            30,
            (surface.get_width() // 2, 84),
            theme.INK_DIM,
            "midtop",
        )
        theme.blit_text(surface, "Game", 30, (self.GAME_X, self.HEADS_Y), theme.INK_DIM)
        theme.blit_text(surface, "Deal", 30, (self.DEAL_X, self.deal_heads_y), theme.INK_DIM)
        for words, size, colour, rect in self.text_lines():
            surface.blit(theme.text(words, size, colour), rect)
        self.draw_widgets(surface)
