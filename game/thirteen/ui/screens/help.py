"""How to play each game, and the keys and clicks of them all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...cards import make_card
from ...variants import GAMES
from .. import cards as card_art
from .. import theme
from ..widgets import Button
from .menu import MenuScene, back_button, draw_backdrop, flow, shown_game

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


def help_tabs() -> list[tuple[str, str]]:
    """(key, label) of each tab: every registered game, then "Playing"."""
    return [(spec.id, spec.title) for spec in GAMES.values()] + [(PLAYING_TAB, "Playing")]


def help_text(key: str) -> list[str]:
    return PLAYING if key == PLAYING_TAB else list(GAMES[key].help)


class HelpScene(MenuScene):
    """The tabs in rows across the top, the text under them, and the picture beside the
    text where the canvas is wide enough, under it where it is tall enough."""

    PICTURE = (380, 440)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.tab = shown[0] if shown is not None else app.start_scene.game_id
        self.build()

    def build(self) -> None:
        self.widgets = [back_button(not self.classic())]
        tabs = help_tabs()
        w = self.app.screen.get_width()
        if self.upright():  # two to a row, under the title
            rects = flow(len(tabs), R(40, 120, w - 80, 0), 315, 90, most=2)
        else:  # right of Back on one row where they fit, else in rows under it
            top = 110 if self.classic() else 120
            rects = flow(len(tabs), R(10, top, w - 10, 0), 205, self.touch())
        for (key, label), rect in zip(tabs, rects, strict=True):
            b = Button(f"tab:{key}", rect, label)
            b.primary = key == self.tab
            self.widgets.append(b)
        self.dirty = True

    def text_top(self) -> int:
        """Under the tabs (in the classic window at 220, unless they take two rows)."""
        bottom = max(w.rect.bottom for w in self.widgets)
        if self.classic():
            return max(220, bottom + 22)
        return bottom + 30

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        else:
            self.tab = name[4:]
            self.build()

    def text_place(self) -> tuple[int, int, pygame.Rect | None]:
        """(left, width) of the text and where the picture goes (None: no room for it)."""
        w, h = self.app.screen.get_size()
        pw, ph = self.PICTURE
        if not self.upright() and w - pw - 50 - 60 >= 640:  # beside the text
            return 60, w - pw - 140, R(w - pw - 30, max(230, self.text_top() + 10), pw, ph)
        return 50, w - 100, None

    def lines(self) -> tuple[int, list[tuple[str, int]]]:
        """The type size and the lines (and the gap after each) of the tab's text: as
        large as fits the canvas, leaving room under it for the picture upright."""
        h = self.app.screen.get_height()
        _, width, beside = self.text_place()
        room = h - self.text_top() - 20
        for size in range(30, 19, -2):
            out: list[tuple[str, int]] = []
            for para in help_text(self.tab):
                wrapped = theme.wrap(para, size, width)
                out += [(line, 0) for line in wrapped[:-1]] + [(wrapped[-1], 14)]
            tall = sum(size - 2 + gap for _, gap in out)
            if tall <= room:
                break
        return size, out

    def picture_place(self) -> pygame.Rect | None:
        """Where the picture goes: beside the text, or under it when there is room."""
        w, h = self.app.screen.get_size()
        _, _, beside = self.text_place()
        if beside is not None:
            return beside
        size, lines = self.lines()
        bottom = self.text_top() + sum(size - 2 + gap for _, gap in lines)
        pw, ph = self.PICTURE
        if bottom + 20 + ph <= h - 10:
            return R((w - pw) // 2, bottom + 20, pw, ph)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "How to play")
        y = self.text_top()
        x, _, _ = self.text_place()
        size, lines = self.lines()
        for line, gap in lines:
            theme.blit_text(surface, line, size, (x, y), theme.INK)
            y += size - 2 + gap
        picture = self.picture_place()
        if picture is not None:
            self.draw_picture(surface, picture)
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
