"""How to play each game, and the keys and clicks of them all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...cards import make_card
from ...variants import GAMES
from .. import cards as card_art
from .. import theme
from ..widgets import Button
from .menu import MenuScene, back_button, draw_backdrop, shown_game

if TYPE_CHECKING:
    from ...app import App

R = pygame.Rect


PLAYING = [
    "Click or tap: a King goes at once; another card is selected, and a second card "
    "that makes 13 with it removes both; any other card is selected instead. Clicking "
    "the selected card again lets it go (the draw card goes to the waste instead); Esc "
    "or a right click also lets it go.",
    "Keyboard: arrows or Tab move the focus ring, Space or Enter clicks, D draws, "
    "U or Ctrl+Z undoes, H shows a hint, N starts a new deal, R restarts it, "
    "M switches sound, S shows statistics, F1 or ? opens this help, Esc backs out. "
    "The end screen's buttons show their own keys (P posts a score).",
    "Every move can be undone, also the last one from the end screen, unless its "
    "score is posted. Giving up a game in progress "
    "counts as a loss. A hint may look at the hidden cards: it says what its move "
    "rests on (a win, the most cards or points, or just a guess when nothing was "
    "proven in time).",
    "Every game has a deal number ('Deal #123'): the same number deals the same cards, "
    "so you can replay it or share it. The end screen shows its link (C copies it) and, "
    "after a loss, whether the deal could have been won.",
]
"""The "Playing" tab: clicks and keys common to every game."""

PLAYING_TAB = "keys"
ONE_ROW = 4
"""Tabs that fit in one row beside Back held sideways; more wrap, five to a row."""
UPRIGHT_PAIRS = 6
"""Tabs laid two to a row held upright; more go three to a row."""


def help_tabs() -> list[tuple[str, str]]:
    """(key, label) of each tab: every registered game, then "Playing"."""
    return [(spec.id, spec.title) for spec in GAMES.values()] + [(PLAYING_TAB, "Playing")]


def help_text(key: str) -> list[str]:
    return PLAYING if key == PLAYING_TAB else list(GAMES[key].help)


class HelpScene(MenuScene):
    UPRIGHT = True  # the tabs two to a row, the picture under the text

    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.tab = shown[0] if shown is not None else app.start_scene.game_id
        self.build()

    def build(self) -> None:
        self.widgets = [back_button(self.upright())]
        tabs = help_tabs()
        for n, (key, label) in enumerate(tabs):
            if self.upright() and len(tabs) <= UPRIGHT_PAIRS:  # two to a row, under the title
                rect = R(40 + (n % 2) * 325, 120 + (n // 2) * 100, 315, 90)
            elif self.upright():  # three to a row
                rect = R(40 + (n % 3) * 215, 120 + (n // 3) * 100, 205, 90)
            elif len(tabs) <= ONE_ROW:
                rect = R(220 + n * 215, 110, 205, 80)
            else:  # rows of five, right of Back
                rect = R(225 + (n % 5) * 208, 110 + (n // 5) * 88, 200, 80)
            b = Button(f"tab:{key}", rect, label)
            b.primary = key == self.tab
            self.widgets.append(b)
        self.dirty = True

    def text_top(self) -> int:
        if not self.upright():
            return max(220, max(w.rect.bottom for w in self.widgets) + 22)
        return max(w.rect.bottom for w in self.widgets) + 30

    @staticmethod
    def text_size(paragraphs: list[str], width: int, room: int) -> int:
        """The largest type size (30 down to 22) at which the paragraphs fit in ``room``
        pixels of height: a game with long rules under two rows of tabs is set smaller
        rather than run off the screen."""
        size = 30
        while size > 22:
            lines = sum(len(theme.wrap(p, size, width)) for p in paragraphs)
            if lines * (size - 2) + 14 * len(paragraphs) <= room:
                break
            size -= 2
        return size

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        else:
            self.tab = name[4:]
            self.build()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "How to play")
        y = self.text_top()
        width = surface.get_width() - 100 if self.upright() else 760
        x = 50 if self.upright() else 60
        paragraphs = help_text(self.tab)
        bottom = surface.get_height() - (480 if self.upright() else 10)
        size = self.text_size(paragraphs, width, bottom - y)
        for para in paragraphs:
            for line in theme.wrap(para, size, width):
                theme.blit_text(surface, line, size, (x, y), theme.INK)
                y += size - 2
            y += 14
        if self.upright():
            self.draw_picture(surface, R((surface.get_width() - 380) // 2, y + 20, 380, 440))
        else:
            top = max(230, self.text_top() + 10)
            self.draw_picture(surface, R(870, top, 380, min(440, surface.get_height() - 10 - top)))
        self.draw_widgets(surface)

    def draw_picture(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A small picture of a move: a pair making 13 leaves, a King leaves alone."""
        pygame.draw.rect(surface, (16, 66, 46), area, border_radius=16)
        w, h = 90, 126
        ace, queen, king = make_card(1, 3), make_card(12, 2), make_card(13, 1)
        x0, y0 = area.x + 40, area.y + 30
        surface.blit(card_art.card_face(ace, w, h, self.app.settings.four_colour), (x0, y0))
        q = R(x0 + w + 20, y0, w, h)
        surface.blit(card_art.card_face(queen, w, h, self.app.settings.four_colour), q)
        pygame.draw.rect(
            surface, theme.GOLD, R(x0, y0, w, h).inflate(8, 8), width=4, border_radius=10
        )
        theme.blit_text(surface, "1 + 12", 30, (q.right + 20, y0 + 30), theme.INK)
        theme.blit_text(surface, "= 13", 40, (q.right + 20, y0 + 62), theme.GOLD)
        theme.blit_text(
            surface,
            "click one, then the other",
            24,
            (area.centerx, y0 + h + 14),
            theme.INK_DIM,
            "midtop",
        )
        y1 = y0 + h + 60
        surface.blit(card_art.card_face(king, w, h, self.app.settings.four_colour), (x0, y1))
        theme.blit_text(surface, "King = 13", 36, (x0 + w + 24, y1 + 30), theme.GOLD)
        theme.blit_text(surface, "one click", 26, (x0 + w + 24, y1 + 70), theme.INK_DIM)
