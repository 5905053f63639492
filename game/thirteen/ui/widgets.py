"""Buttons, checkboxes and an on-screen keyboard, all at least 80 px a side.

pygbag shows no on-screen keyboard on phones, so name entry draws its own;
a physical keyboard works as well (the scene feeds TEXTINPUT/KEYDOWN).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from thirteen.core.i18n import N_, tr
from thirteen.ui import theme

KEY_WORDS = {
    key: key
    for key in (N_("Esc"), N_("Enter"), N_("Ctrl+Y"), N_("Space"), N_("Home"), N_("Delete"))
}
"""The keys whose names a keyboard spells in the player's language (Strg, Échap...)."""


def key_words(key: str) -> str:
    """A key's name as shown under a button (a letter or F1 is the same everywhere)."""
    return tr(key) if key in KEY_WORDS else key


keys_shown = True
"""Whether buttons show their keys and messages name them: not while a finger was the
last input (a phone has no keys to press); a key or a mouse brings them back."""


@dataclass
class Button:
    name: str
    rect: pygame.Rect
    label: str
    key: str = ""
    """A keyboard shortcut shown under the label."""
    enabled: bool = True
    primary: bool = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def label_size(self) -> int:
        """The label's type size: smaller for a long label ("Same deal") in a narrow
        button, so that it keeps a margin of 10 pixels each side."""
        largest = 30 if self.rect.h >= 70 else 26
        smallest = 22 if self.rect.w >= 100 else 18  # a phone's row of eight buttons
        size = theme.fitting_size(self.label, self.rect.w - 20 + (22 - smallest), largest, smallest)
        if theme.font(size).size(self.label)[0] > self.rect.w - 8:  # a long word of a language
            size = theme.fitting_size(self.label, self.rect.w - 8, size, 14)
        return size

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if self.primary and self.enabled:
            fill, edge = theme.PRIMARY, theme.PRIMARY_EDGE
            colour, hint_colour = theme.PRIMARY_TEXT, theme.PRIMARY_KEY
        elif self.enabled:
            fill, edge = theme.BUTTON, theme.BUTTON_EDGE
            colour, hint_colour = theme.BUTTON_TEXT, theme.BUTTON_KEY
        else:
            fill = edge = theme.DISABLED
            colour, hint_colour = theme.DISABLED_TEXT, theme.DISABLED_KEY
        shade = self.rect.move(0, 3)
        pygame.draw.rect(surface, theme.BUTTON_SHADE, shade, border_radius=12)
        pygame.draw.rect(surface, fill, self.rect, border_radius=12)
        pygame.draw.rect(surface, edge, self.rect, width=theme.EDGE_W, border_radius=12)
        size = self.label_size()
        key = self.key if keys_shown else ""
        cy = self.rect.centery - (8 if key else 0)
        lines = [self.label]
        if theme.font(size).size(self.label)[0] > self.rect.w - 8:  # lifted type: two lines
            wrapped = theme.wrap(self.label, size, self.rect.w - 12)
            lines = wrapped if len(wrapped) == 2 else lines  # more: shown (and caught) whole
        pitch = theme.font(size).get_linesize()
        if len(lines) > 1:  # centred in the room above the key's letter (or the whole button)
            room_top, room_bottom = self.rect.top + 4, self.rect.bottom - (32 if key else 4)
            cy = (room_top + room_bottom) // 2 - (len(lines) - 1) * pitch // 2
        for n, line in enumerate(lines):
            where = (self.rect.centerx, cy + n * pitch)
            theme.blit_text(surface, line, size, where, colour, "center")
        if key:
            theme.blit_text(
                surface,
                key,
                20,
                (self.rect.centerx, self.rect.bottom - 20),
                hint_colour,
                "center",
            )
        if focused:
            pygame.draw.rect(
                surface, theme.FOCUS, self.rect.inflate(8, 8), width=3, border_radius=15
            )


StackLine = tuple[str, int, tuple[int, ...]]
"""One line of an option's words: (text, size, colour)."""
STACK_MARGIN = 8
"""The least room above and below an option's words inside its box."""


def label_and_note(label: str, note: str, room: int) -> list[StackLine]:
    """An option's label and the note under it, as lines that fit ``room``: each set
    smaller first, then (a long word of a language, a phone's raised text) wrapped."""
    size = theme.fitting_size(label, room, 32, 22)
    if theme.font(size).size(label)[0] > room:
        size = theme.fitting_size(label, room, size, 14)
    lines: list[StackLine] = [(line, size, theme.INK) for line in theme.wrap(label, size, room)]
    if note:
        size = theme.fitting_size(note, room, 22, 16)
        if theme.font(size).size(note)[0] > room:
            size = theme.fitting_size(note, room, size, 13)
        lines += [(line, size, theme.INK_DIM) for line in theme.wrap(note, size, room)]
    return lines


def stack_height(lines: list[StackLine]) -> int:
    """The height of ``lines`` set one under another, each at its font's line height."""
    return sum(theme.font(size).get_linesize() for _, size, _ in lines)


def draw_stack(surface: pygame.Surface, lines: list[StackLine], x: int, centery: int) -> None:
    """``lines`` one under another, the whole centred on ``centery``."""
    y = centery - stack_height(lines) // 2
    for text, size, colour in lines:
        theme.blit_text(surface, text, size, (x, y), colour)
        y += theme.font(size).get_linesize()


@dataclass
class Checkbox:
    name: str
    rect: pygame.Rect
    label: str
    checked: bool = False
    note: str = ""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def words(self) -> list[StackLine]:
        """The label and its note, set to the room right of the box."""
        return label_and_note(self.label, self.note, self.rect.w - 18 - 44 - 18 - 30)

    def needs(self) -> int:
        """The height its words need, with a margin above and below."""
        return stack_height(self.words()) + 2 * STACK_MARGIN

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        pygame.draw.rect(surface, theme.OPTION, self.rect, border_radius=12)
        if theme.high_contrast:
            pygame.draw.rect(surface, theme.BUTTON_EDGE, self.rect, width=2, border_radius=12)
        box = pygame.Rect(0, 0, 44, 44)
        box.midleft = (self.rect.x + 18, self.rect.centery)
        pygame.draw.rect(surface, (245, 245, 240), box, border_radius=8)
        if self.checked:
            pygame.draw.rect(surface, (40, 150, 90), box.inflate(-8, -8), border_radius=6)
            pts = [
                (box.x + 11, box.centery),
                (box.x + 19, box.bottom - 11),
                (box.right - 10, box.y + 11),
            ]
            pygame.draw.lines(surface, (255, 255, 255), False, pts, 5)
        pygame.draw.rect(surface, theme.BUTTON_EDGE, box, width=theme.EDGE_W, border_radius=8)
        draw_stack(surface, self.words(), box.right + 18, self.rect.centery)
        if focused:
            pygame.draw.rect(
                surface, theme.FOCUS, self.rect.inflate(8, 8), width=3, border_radius=15
            )


@dataclass
class Choice:
    """An option of a few values shown as ``label: value``; a press steps to the next
    value (after the last, the first), a press on its left arrow (or Shift with Enter or
    Space) to the one before."""

    name: str
    rect: pygame.Rect
    label: str
    values: tuple[tuple[object, str], ...]
    """(value, the words shown for it) in the order a press steps through them."""
    index: int = 0
    note: str = ""

    @property
    def value(self) -> object:
        return self.values[self.index][0]

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def pill(self) -> pygame.Rect:
        """The box at the right that shows the value between its two arrows."""
        width = max(160, min(260, self.rect.w * 2 // 5))
        pill = pygame.Rect(0, 0, width, min(64, self.rect.h - 16))
        pill.midright = (self.rect.right - 14, self.rect.centery)
        return pill

    def back_arrow(self) -> pygame.Rect:
        """The left arrow's part of the pill (at least 44 logical px wide)."""
        pill = self.pill()
        return pygame.Rect(pill.x, self.rect.y, 52, self.rect.h)

    def words(self) -> list[StackLine]:
        """The label and its note, set to the room left of the pill."""
        return label_and_note(self.label, self.note, self.pill().x - self.rect.x - 36)

    def needs(self) -> int:
        """The height its words need, with a margin above and below."""
        return stack_height(self.words()) + 2 * STACK_MARGIN

    def step(self, backwards: bool = False) -> None:
        self.index = (self.index + (-1 if backwards else 1)) % len(self.values)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        pygame.draw.rect(surface, theme.OPTION, self.rect, border_radius=12)
        if theme.high_contrast:
            pygame.draw.rect(surface, theme.BUTTON_EDGE, self.rect, width=2, border_radius=12)
        pill = self.pill()
        draw_stack(surface, self.words(), self.rect.x + 18, self.rect.centery)
        pygame.draw.rect(surface, theme.BUTTON, pill, border_radius=10)
        pygame.draw.rect(surface, theme.BUTTON_EDGE, pill, width=theme.EDGE_W, border_radius=10)
        shown = self.values[self.index][1]
        size = theme.fitting_size(shown, pill.w - 76, 30, 18)
        theme.blit_text(surface, shown, size, pill.center, theme.BUTTON_TEXT, "center")
        for mark, x in (("<", pill.x + 20), (">", pill.right - 20)):
            theme.blit_text(surface, mark, 34, (x, pill.centery), theme.GOLD, "center")
        if focused:
            pygame.draw.rect(
                surface, theme.FOCUS, self.rect.inflate(8, 8), width=3, border_radius=15
            )


SpecialKey = tuple[str, str, int]
"""(value, label, width in key units) of a key that is not a character."""

KEY_ROWS: tuple[str, ...] = ("1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM-_.")
SPECIAL: tuple[SpecialKey, ...] = (
    ("shift", "aA", 2),
    ("space", N_("Space"), 4),
    ("back", N_("Delete"), 2),
    ("enter", N_("OK"), 2),
)
NARROW_ROWS: tuple[str, ...] = ("1234567", "890-_.", "ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ")
"""Upright, seven keys to a row in alphabetical order: each key a thumb wide."""
DIGIT_ROWS: tuple[str, ...] = ("123", "456", "789")
DIGIT_SPECIAL: tuple[SpecialKey, ...] = (
    ("back", N_("Delete"), 1),
    ("0", "0", 1),
    ("enter", N_("OK"), 1),
)


class Keyboard:
    """An on-screen keyboard; ``press(pos)`` gives a character, ``\\b``, ``\\n`` or None.

    ``digits``: a keypad of the ten digits only (a deal number has no use for letters)."""

    def __init__(self, area: pygame.Rect, digits: bool = False, narrow: bool = False) -> None:
        """``narrow``: seven keys to a row (a phone held upright) instead of QWERTY."""
        self.area = area
        self.upper = True
        self.keys: list[tuple[str, pygame.Rect, str]] = []
        """(value, rect, label) for every key."""
        key_rows, special = (DIGIT_ROWS, DIGIT_SPECIAL) if digits else (KEY_ROWS, SPECIAL)
        if narrow and not digits:
            key_rows = NARROW_ROWS
        gap = 6
        rows = len(key_rows) + 1
        columns = max(len(row) for row in key_rows)
        kh = (area.h - gap * (rows - 1)) // rows
        kw = (area.w - gap * (columns - 1)) // columns
        for r, row in enumerate(key_rows):
            y = area.y + r * (kh + gap)
            x0 = area.centerx - (len(row) * kw + (len(row) - 1) * gap) // 2
            if narrow:  # rows start at the left, as the alphabet reads
                x0 = area.x
            for i, ch in enumerate(row):
                rect = pygame.Rect(x0 + i * (kw + gap), y, kw, kh)
                self.keys.append((ch, rect, ch))
        y = area.y + len(key_rows) * (kh + gap)
        units = sum(u for _, _, u in special)
        unit = (area.w - gap * (len(special) - 1)) / units
        x = float(area.x)
        for value, label, u in special:
            rect = pygame.Rect(round(x), y, round(unit * u), kh)
            self.keys.append((value, rect, label))
            x += unit * u + gap

    def press(self, pos: tuple[int, int]) -> str | None:
        for value, rect, _ in self.keys:
            if rect.collidepoint(pos):
                if value == "shift":
                    self.upper = not self.upper
                    return ""
                if value == "space":
                    return " "
                if value == "back":
                    return "\b"
                if value == "enter":
                    return "\n"
                return value if self.upper else value.lower()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for value, rect, label in self.keys:
            special = len(value) > 1
            fill = (40, 88, 68) if special else (232, 236, 230)
            colour = theme.INK if special else (20, 30, 26)
            if value == "enter":
                fill, colour = theme.PRIMARY, theme.PRIMARY_TEXT
            pygame.draw.rect(surface, (6, 30, 20), rect.move(0, 3), border_radius=10)
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            shown = tr(label) if special else label if self.upper else label.lower()
            size = theme.fitting_size(shown, rect.w - 12, 34, 18) if special else 34
            theme.blit_text(surface, shown, size, rect.center, colour, "center")
