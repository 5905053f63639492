"""The settings: sound and its volume, the animations' speed, the left-handed table,
four-colour deck, winnable deals, auto-draw and one-tap draw, the timer, the card back
and the table's colour, and where all this is kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core import i18n, numbers
from thirteen.core.i18n import N_, tr
from thirteen.records.settings import MOTION_OFF
from thirteen.records.storage import FULL, NOT_KEPT
from thirteen.ui import theme
from thirteen.ui.cards import BACKS
from thirteen.ui.screens.menu import MenuScene, back_button, draw_backdrop
from thirteen.ui.widgets import Button, Checkbox, Choice

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect


Field = tuple[str, str, str] | tuple[str, str, str, tuple[tuple[object, str], ...]]
"""One option: (the :class:`~thirteen.records.profile.Settings` field, label, note) for a switch,
with (value, words) pairs after them for a choice (volume, card back, difficulty...)."""

OPTION_W, OPTION_H, OPTION_PITCH = 600, 92, 110
PAGE_W = 120
"""The previous and next page buttons' width."""


class SettingsScene(MenuScene):
    """The options in as many columns of 600 as fit and as many rows as fit, on pages
    turned by two buttons at the foot when they do not all fit at once."""

    FIELDS: tuple[Field, ...] = (
        ("sound", N_("Sound effects"), N_("select, remove, deal, win")),
        (
            "volume",
            N_("Volume"),
            N_("how loud the sound effects are"),
            tuple((v, numbers.percent(v)) for v in (25, 50, 75, 100)),
        ),
        (
            "motion",
            N_("Animations"),
            N_("how fast the cards move"),
            (
                ("slow", N_("Slow")),
                ("normal", N_("Normal")),
                ("fast", N_("Fast")),
                (MOTION_OFF, N_("Off")),
            ),
        ),
        (
            "high_contrast",
            N_("High contrast"),
            N_("black table, white cards, bold outlines"),
        ),
        ("larger_text", N_("Larger text"), N_("every word a quarter larger")),
        (
            "left_handed",
            N_("Left-handed"),
            N_("the buttons on the left side of the table"),
        ),
        (
            "four_colour",
            N_("Four-colour deck"),
            N_("clubs green, diamonds blue: easier to tell apart"),
        ),
        (
            "winnable_only",
            N_("Winnable deals only"),
            N_("new random deals are checked by the solver first"),
        ),
        (
            "auto_draw",
            N_("Auto-draw"),
            N_("pyramids: draws by itself when drawing is the only move"),
        ),
        (
            "one_tap_draw",
            N_("One-tap draw"),
            N_("pyramids: one click on the draw card draws it"),
        ),
        ("timer", N_("Game timer"), N_("the time on the table; best times in the statistics")),
        (
            "card_back",
            N_("Card back"),
            N_("the pattern on the cards face down"),
            tuple((name, label) for name, (label, *_colours) in BACKS.items()),
        ),
        (
            "table_colour",
            N_("Table"),
            N_("the colour of the felt the cards lie on"),
            tuple((name, label) for name, (label, *_colours) in theme.FELTS.items()),
        ),
        (
            "show_winnable",
            N_("Can this still be won?"),
            N_("after each move the table says if a win is left"),
        ),
        (
            "winnable_difficulty",
            N_("Difficulty"),
            N_("of new winnable deals"),
            (
                ("any", N_("Any")),
                ("easy", N_("Easy")),
                ("medium", N_("Medium")),
                ("hard", N_("Hard")),
            ),
        ),
        (
            "language",
            N_("Language"),
            N_("the words of the game"),
            (("", N_("Automatic")), *i18n.LANGUAGES.items()),
        ),
        (
            "tips_again",
            N_("Show first-deal tips again"),
            N_("each game's main rule when it is next dealt; off: never"),
        ),
    )
    UNTRANSLATED = frozenset(i18n.LANGUAGES.values())
    """Words a choice shows as they are: each language named in itself."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.option_h = OPTION_H
        """The options' height: taller where some option's words need more room (a
        phone's raised text wraps a note onto two lines)."""
        self.build()

    def grid(self) -> tuple[int, int, int, int]:
        """(columns, rows, left, top) of the options on a page: one column while they fit
        in it, else as many as the canvas holds."""
        w, h = self.app.screen.get_size()
        top = 140 if self.classic() else 160 if self.upright() else 130
        # the line saying where settings are kept, and the page buttons
        bottom = h - (120 if self.classic() else 160)
        pitch = self.option_h + OPTION_PITCH - OPTION_H
        rows = max(1, (bottom - top - self.option_h) // pitch + 1)
        fit = max(1, (w - 40 + 20) // (OPTION_W + 20))
        columns = min(fit, -(-len(self.FIELDS) // rows))
        rows = min(rows, -(-len(self.FIELDS) // columns))
        left = (w - columns * (OPTION_W + 20) + 20) // 2
        return columns, rows, left, top

    def pages(self) -> int:
        columns, rows, _, _ = self.grid()
        return max(1, -(-len(self.FIELDS) // (columns * rows)))

    def make_option(self, field: Field, rect: pygame.Rect) -> Checkbox | Choice:
        """The switch or the choice of one field, in ``rect``."""
        name, label, note = field[0], tr(field[1]), tr(field[2])
        value = self.app.setting(name)  # a switch not chosen shows what is in effect
        if len(field) > 3:
            values = tuple(
                (v, words if words in self.UNTRANSLATED else tr(words)) for v, words in field[3]
            )
            index = next((i for i, (v, _) in enumerate(values) if v == value), 0)
            return Choice(name, rect, label, values, index, note)
        return Checkbox(name, rect, label, value, note)

    def option_height(self) -> int:
        """The height every option's box is given: the most any option's words need,
        and never under :data:`OPTION_H`."""
        probe = R(0, 0, OPTION_W, OPTION_H)
        return max(OPTION_H, *(self.make_option(f, probe).needs() for f in self.FIELDS))

    def build(self) -> None:
        self.widgets = [back_button(not self.classic())]
        self.option_h = self.option_height()
        pitch = self.option_h + OPTION_PITCH - OPTION_H
        columns, rows, left, top = self.grid()
        per_page = columns * rows
        self.page = min(self.page, self.pages() - 1)
        shown = self.FIELDS[self.page * per_page : (self.page + 1) * per_page]
        for n, field in enumerate(shown):
            col, row = divmod(n, rows)
            rect = R(left + col * (OPTION_W + 20), top + row * pitch, OPTION_W, self.option_h)
            self.widgets.append(self.make_option(field, rect))
        if self.pages() > 1:
            w, h = self.app.screen.get_size()
            y = h - 20 - self.touch()
            self.widgets.append(Button("page:-1", R(24, y, PAGE_W, self.touch()), "<"))
            right = R(w - 24 - PAGE_W, y, PAGE_W, self.touch())
            self.widgets.append(Button("page:1", right, ">"))
        self.dirty = True

    def page_words(self) -> str:
        if self.pages() <= 1:
            return ""
        return tr("Page {page} of {pages}", page=self.page + 1, pages=self.pages())

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
            return
        if name.startswith("page:"):
            self.page = (self.page + int(name[5:])) % self.pages()
            self.focus = name
            self.build()
            return
        settings = self.app.settings
        widget = next(w for w in self.widgets if w.name == name)
        if isinstance(widget, Choice):
            setattr(settings, name, widget.value)
        else:
            setattr(settings, name, not self.app.setting(name))
        self.app.sounds.enabled = settings.sound
        self.app.sounds.set_volume(settings.volume)
        self.app.profile.save_settings()
        if name == "language":
            self.focus = name  # the ring stays on the choice, laid out anew in its words
            self.app.change_language()
        if name == "left_handed":
            self.app.relayout()  # the tables lay their panels out on the other side
        if self.app.table is not None:
            self.app.table.refresh_buttons()

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.pages() > 1:
            self.activate("page:1" if event.key == pygame.K_PAGEDOWN else "page:-1")
            return
        super().key(event)

    def text_lines(self) -> list[tuple[str, int, pygame.Rect]]:
        """The lines under the options: where settings are kept, and the page shown."""
        w, h = self.app.screen.get_size()
        storage = self.app.profile.storage
        # storage that keeps nothing (full, blocked, or only read) keeps it for the session
        kind = "memory" if storage.notice in (NOT_KEPT, FULL) else storage.kind
        where = {
            "browser": N_("Settings and statistics are kept in this browser."),
            "file": N_("Settings and statistics are kept on this computer."),
            "memory": N_("Settings and statistics are kept only until you close the game."),
        }
        words = tr(where.get(kind, where["memory"]))
        _, rows, _, top = self.grid()
        below = top + (rows - 1) * (self.option_h + OPTION_PITCH - OPTION_H) + self.option_h
        y = 600 if self.classic() and self.pages() == 1 else below + 20
        size = theme.fitting_size(words, w - 40, 24, 18)
        out = [(words, size, theme.text(words, size).get_rect(midtop=(w // 2, y)))]
        if self.page_words():
            size = 28
            rect = theme.text(self.page_words(), size).get_rect(
                center=(w // 2, h - 20 - self.touch() // 2)
            )
            out.append((self.page_words(), size, rect))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, tr("Settings"))
        self.draw_widgets(surface)
        for words, size, rect in self.text_lines():
            theme.blit_text(surface, words, size, rect.topleft, theme.INK_DIM)
