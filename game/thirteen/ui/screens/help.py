"""How to play each game, and the keys and clicks of them all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core.cards import RANK_NAMES, Card, rank
from thirteen.core.game import THIRTEEN, PairRule
from thirteen.core.i18n import N_, tr
from thirteen.core.moves import parse_move_text
from thirteen.core.spec import THIRTEEN_PICTURE
from thirteen.games import GAMES
from thirteen.session.screen_speech import rules_part_words, rules_parts
from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.help_example import HelpExample
from thirteen.ui.pacing import animation_rate
from thirteen.ui.screens.menu import MenuScene, back_button, draw_backdrop, flow, shown_game
from thirteen.ui.screens.tabs import tab_page
from thirteen.ui.widgets import Button

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect
CARD_W, CARD_H = 90, 126


PLAYING = [
    N_(
        "Click or tap: a King goes at once; another card is selected, and a second card "
        "that makes 13 with it removes both; any other card is selected instead. Clicking "
        "the selected card again lets it go (the draw card goes to the waste instead); Esc "
        "or a right click also lets it go."
    ),
    N_(
        "Keyboard: arrows or Tab move the focus ring, Space or Enter clicks, D draws, "
        "U or Ctrl+Z undoes, H shows a hint, N starts a new deal, R restarts it, "
        "M switches sound, S shows statistics, F1 or ? opens this help, Esc backs out. "
        "The end screen's buttons show their own keys (P posts a score)."
    ),
    N_(
        "Every move can be undone, also the last one from the end screen, unless its "
        "score is posted. Giving up a game in progress "
        "counts as a loss. A hint may look at the hidden cards: it says what its move "
        "rests on (a win, the most cards or points, or just a guess when nothing was "
        "proven in time)."
    ),
    N_(
        "Every game has a deal number ('Deal #123'): the same number deals the same cards, "
        "so you can replay it or share it. The end screen shows its link (C copies it) and, "
        "after a loss, whether the deal could have been won."
    ),
]
"""The "Playing" tab: clicks and keys common to every game."""

PLAYING_TAB = "keys"


def help_tabs() -> list[tuple[str, str]]:
    """(key, label) of each tab: every registered game, then "Playing"."""
    tabs = [(spec.id, tr(spec.title)) for spec in GAMES.values()]
    return tabs + [(PLAYING_TAB, tr("Playing"))]


def help_text(key: str) -> list[str]:
    """The tab's paragraphs in the player's language."""
    return [tr(para) for para in (PLAYING if key == PLAYING_TAB else GAMES[key].help)]


class HelpScene(MenuScene):
    """The tabs in rows across the top, the text under them, and the picture beside the
    text where the canvas is wide enough, under it where it is tall enough."""

    PICTURE = (380, 440)
    card_w, card_h = CARD_W, CARD_H
    """The picture's card size (smaller in a short picture)."""
    TAB_W = 205
    TEXT_ROOM = 310
    """The height the tabs leave under them for the text, at least."""
    PICTURE_ROOM = 360
    PICTURE_LEAST = 300
    PICTURE_NARROW = 300
    PICTURE_UNDER = 600
    """The widest a picture under the text is drawn (its caption takes fewer lines)."""
    TEXT_LEAST = 440
    """The narrowest the text beside the picture is set."""
    """The shortest a game's picture under the text is drawn: its text is set smaller
    to leave it that room (a game's help never goes without its example)."""
    """The height the tabs leave for the picture beside the text, at least."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        shown = shown_game(app)
        self.tab = shown[0] if shown is not None else app.start_scene.game_id
        self.tabs_page: int | None = None
        """The page of tabs shown, when they take pages (None: the open tab's)."""
        self.example = self.make_example()
        self.example_area: pygame.Rect | None = None
        self.part = 0
        """The part of the open tab's text a screen reader heard last (F1 says the next)."""
        self.build()

    def make_example(self) -> HelpExample | None:
        """The examples of the game whose tab is open (none for "Playing")."""
        spec = GAMES.get(self.tab)
        if spec is None or not spec.examples:
            return None
        settings = self.app.settings
        return HelpExample(
            spec,
            animate=self.app.setting("animations"),
            four_colour=settings.four_colour,
            back=settings.card_back,
        )

    def update(self, dt_ms: float) -> None:
        paced_ms = dt_ms * animation_rate(self.app.setting("motion"))  # the settings' speed
        if self.example is not None and self.example.update(paced_ms):
            self.dirty = True

    def active(self) -> bool:
        return self.example is not None and self.example.active()

    def pointer(self, pos: tuple[int, int]) -> None:
        if self.example is not None and self.example_area and self.example_area.collidepoint(pos):
            self.example.press()
            self.dirty = True

    def build(self) -> None:
        self.widgets = [back_button(not self.classic())]
        tabs = help_tabs()
        w, h = self.app.screen.get_size()
        if self.upright():  # under the title, as many to a row as fit
            area = R(40, 120, w - 80, 0)
        else:  # right of Back on one row where they fit, else in rows under it
            area = R(10, 110 if self.classic() else 120, w - 10, 0)
        # rows of tabs while they leave the text (and the picture beside it) room enough:
        # the picture starts 40 under the tabs and ends 10 over the canvas's foot
        if self.picture_beside():
            bottom = h - 10 - self.PICTURE_ROOM - 40
        else:  # the text, and a game's picture under it (the same pages for every tab)
            bottom = h - self.TEXT_ROOM - self.PICTURE_LEAST - 30
        keys = [key for key, _ in tabs]
        chosen = keys.index(self.tab) if self.tab in keys else 0

        def place(count: int) -> list[pygame.Rect]:
            return flow(count, area, self.TAB_W, self.touch())

        page = tab_page(len(tabs), chosen, self.tabs_page, place, bottom)
        self.tabs_page = page.page if page.pages > 1 else None
        for n, rect in zip(page.shown, page.rects, strict=True):
            key, label = tabs[n]
            b = Button(f"tab:{key}", rect, label)
            b.primary = key == self.tab
            self.widgets.append(b)
        self.widgets += [Button(name, rect, label) for name, label, rect in page.buttons]
        self.dirty = True

    def text_top(self) -> int:
        under = max(w.rect.bottom for w in self.widgets) + 30
        return max(220, under) if self.classic() else under  # (tabs in two rows: lower)

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
        elif name.startswith("tabs:"):  # another page of tabs; the open tab stays open
            self.tabs_page = (self.tabs_page or 0) + int(name[5:])
            self.focus = name
            self.build()
        else:
            self.tab = name[4:]
            self.example = self.make_example()
            self.build()
            self.part = 0
            self.app.access.say(self.spoken())

    def spoken(self) -> str:
        """What a screen reader hears on opening help or another tab: the tab's name
        and the first part of its text (F1 says the next, see :meth:`key`)."""
        label = dict(help_tabs()).get(self.tab, "")
        parts = rules_parts(help_text(self.tab))
        return f"{tr('How to play: {game}.', game=label)} {rules_part_words(parts, 0)}"

    def key(self, event: pygame.event.Event) -> None:
        """F1 on help reads the open tab's text to a screen reader a part at a time."""
        if event.key != pygame.K_F1:
            super().key(event)
            return
        parts = rules_parts(help_text(self.tab))
        self.part = (self.part + 1) % len(parts)
        self.app.access.say(rules_part_words(parts, self.part))

    def picture_beside(self) -> bool:
        """Whether the canvas is wide enough for the picture beside the text (narrower
        there on a canvas a little wider than tall)."""
        w = self.app.screen.get_width()
        return not self.upright() and w - self.picture_width() - 50 - 60 >= self.TEXT_LEAST

    def picture_width(self) -> int:
        """The picture's width beside the text: narrower where the text needs the room."""
        w = self.app.screen.get_width()
        wide = w - self.PICTURE[0] - 50 - 60 >= 640
        return self.PICTURE[0] if wide else self.PICTURE_NARROW

    def text_place(self) -> tuple[int, int, pygame.Rect | None]:
        """(left, width) of the text and where the picture goes (None: no room for it)."""
        w, h = self.app.screen.get_size()
        pw, ph = self.picture_width(), self.PICTURE[1]
        if self.picture_beside():
            top = max(230, self.text_top() + 10)  # shorter under two rows of tabs
            return 60, w - pw - 140, R(w - pw - 30, top, pw, min(ph, h - 10 - top))
        return 50, w - 100, None

    def lines(self) -> tuple[int, list[tuple[str, int]]]:
        """The type size and the lines (and the gap after each) of the tab's text: as
        large as fits the canvas, leaving room under it for the picture upright."""
        h = self.app.screen.get_height()
        _, width, beside = self.text_place()
        room = h - self.text_top() - 20
        if beside is None and self.tab in GAMES:  # the picture under it, however short
            room -= 20 + self.PICTURE_LEAST + 10
        # below 20 only where a long language needs it; the paragraphs closer together
        # only where no size fits (a phone's type cannot shrink under its floor)
        for para_gap, size in [(14, n) for n in range(30, 15, -2)] + [(4, 16)]:
            out: list[tuple[str, int]] = []
            for para in help_text(self.tab):
                wrapped = theme.wrap(para, size, width)
                out += [(line, 0) for line in wrapped[:-1]] + [(wrapped[-1], para_gap)]
            tall = sum(theme.line_height(size) + gap for _, gap in out)
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
        bottom = self.text_top() + sum(theme.line_height(size) + gap for _, gap in lines)
        pw, ph = self.PICTURE
        pw = max(pw, min(w - 100, self.PICTURE_UNDER))  # as wide as the text, nearly
        ph = min(ph, h - 10 - bottom - 20)  # shorter where the text leaves less room
        if ph >= self.PICTURE_LEAST or self.tab in GAMES:
            return R((w - pw) // 2, bottom + 20, pw, ph)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, tr("How to play"))
        y = self.text_top()
        x, _, _ = self.text_place()
        size, lines = self.lines()
        for line, gap in lines:
            theme.blit_text(surface, line, size, (x, y), theme.INK)
            y += theme.line_height(size) + gap
        picture = self.picture_place()
        if picture is not None:
            self.draw_picture(surface, picture)
        self.draw_widgets(surface)

    def draw_picture(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The open game's examples, played; without any (and for "Playing"), small
        pictures of the game's moves (its record's ``picture``): a pair making the target
        with its first card selected, a card that goes alone, a group clicked card by card."""
        self.example_area = area
        if self.example is not None:
            self.example.draw(surface, area)
            return
        pygame.draw.rect(surface, (16, 66, 46), area, border_radius=16)
        spec = GAMES.get(self.tab)
        examples = spec.picture if spec is not None else THIRTEEN_PICTURE
        rule = spec.position_type.rule if spec is not None else THIRTEEN
        # the cards shrink with a picture shorter than its usual 440
        self.card_h = min(CARD_H, CARD_H * (area.h - 60) // (self.PICTURE[1] - 60))
        self.card_w = CARD_W * self.card_h // CARD_H
        x0, y = area.x + 40, area.y + (30 if self.card_h == CARD_H else 20)
        for text in examples[:2]:
            cards = parse_move_text(text).cards
            if len(cards) <= 2:
                self.draw_short(surface, area, cards, rule.target, x0, y)
                y += self.card_h + 60
            else:
                self.draw_long(surface, area, cards, rule, x0, y)
                y += self.card_h + 74

    def face(self, card: Card) -> pygame.Surface:
        return card_art.card_face(card, self.card_w, self.card_h, self.app.settings.four_colour)

    def draw_short(self, surface, area, cards, target: int, x0: int, y0: int) -> None:
        """One card (clicked once) or a pair (one clicked, then the other), words beside."""
        w, h = self.card_w, self.card_h
        surface.blit(self.face(cards[0]), (x0, y0))
        if len(cards) == 1:
            name = tr(RANK_NAMES[rank(cards[0]) - 1])
            where = (x0 + w + 24, y0 + 30)
            theme.blit_text(surface, f"{name} = {rank(cards[0])}", 36, where, theme.GOLD)
            theme.blit_text(surface, tr("one click"), 26, (x0 + w + 24, y0 + 70), theme.INK_DIM)
            return
        q = R(x0 + w + 20, y0, w, h)
        surface.blit(self.face(cards[1]), q)
        pygame.draw.rect(
            surface, theme.GOLD, R(x0, y0, w, h).inflate(8, 8), width=4, border_radius=10
        )
        sums = f"{rank(cards[0])} + {rank(cards[1])}"
        theme.blit_text(surface, sums, 30, (q.right + 20, y0 + 30), theme.INK)
        theme.blit_text(surface, f"= {target}", 40, (q.right + 20, y0 + 62), theme.GOLD)
        theme.blit_text(
            surface,
            tr("click one, then the other"),
            24,
            (area.centerx, y0 + h + 14),
            theme.INK_DIM,
            "midtop",
        )

    def draw_long(self, surface, area, cards, rule: PairRule, x0: int, y0: int) -> None:
        """A group of three or more, fanned, all but the last already selected."""
        w, h = self.card_w, self.card_h
        pitch = min(w + 20, (area.w - 80 - w) // (len(cards) - 1))
        for n, card in enumerate(cards):  # each card over the last one's ring
            surface.blit(self.face(card), (x0 + n * pitch, y0))
            if n < len(cards) - 1:
                box = R(x0 + n * pitch, y0, w, h).inflate(8, 8)
                pygame.draw.rect(surface, theme.GOLD, box, width=4, border_radius=10)
        values = [rank(c) for c in cards]
        if all(v in rule.valued for v in values) and sum(values) == rule.target:
            words = " + ".join(map(str, values)) + f" = {rule.target}"
        else:
            words = ", ".join(tr(RANK_NAMES[v - 1]) for v in values)
        theme.blit_text(surface, words, 30, (area.centerx, y0 + h + 10), theme.GOLD, "midtop")
        theme.blit_text(
            surface,
            tr("click each in turn"),
            24,
            (area.centerx, y0 + h + 44),
            theme.INK_DIM,
            "midtop",
        )
