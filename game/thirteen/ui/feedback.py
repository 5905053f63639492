"""Answers at the cards: a click that cannot play shakes the card (or flashes it, with
animations off) and says why next to it; the card under the mouse shows what a click on
it would do (play, or select).  The side panel keeps the words too, but a player looks
at the card they clicked, not at the panel."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from thirteen.ui import theme

NUDGE_MS = 2200
"""How long the reason stays next to the card."""
SHAKE_MS = 360
SHAKE_PX = 9
FLASH_MS = 2 * SHAKE_MS
"""How long the refused card's red ring shows (the shake is its first half)."""
FLASH = (226, 84, 70)
PLAYABLE = (255, 236, 150)
SELECTABLE = (140, 205, 255)
WORDS_SIZE = 24
WORDS_W = 340


@dataclass
class Nudge:
    """A refused click: on the spot of ``key``, for ``words``."""

    key: tuple
    words: str
    elapsed: float = 0.0
    shake: bool = True

    @property
    def done(self) -> bool:
        return self.elapsed >= NUDGE_MS

    def offset(self) -> int:
        """The card's sideways shift now: a quick, dying wobble."""
        if not self.shake or self.elapsed >= SHAKE_MS:
            return 0
        t = self.elapsed / SHAKE_MS
        return round(SHAKE_PX * (1 - t) * math.sin(t * 6 * math.pi))

    def moving(self) -> bool:
        """Whether the card still moves (each frame draws anew)."""
        return self.shake and self.elapsed < SHAKE_MS

    def box(self, outline: pygame.Rect, table: pygame.Rect) -> tuple[pygame.Rect, list[str]]:
        """Where the words go: just above the card, or below it when the top of the table
        is too near; inside the table."""
        lines = theme.wrap(self.words, WORDS_SIZE, WORDS_W)[:3]
        width = max(theme.font(WORDS_SIZE).size(line)[0] for line in lines) + 28
        box = pygame.Rect(0, 0, width, 16 + 24 * len(lines))
        box.centerx = outline.centerx
        box.bottom = outline.top - 10
        if box.top < table.top + 6:
            box.top = outline.bottom + 10
        box.clamp_ip(table.inflate(-8, -8))
        return box, lines

    def draw_flash(self, surface: pygame.Surface, outline: pygame.Rect) -> None:
        if self.elapsed < FLASH_MS:
            rect = outline.move(self.offset(), 0).inflate(8, 8)
            pygame.draw.rect(surface, FLASH, rect, width=5, border_radius=12)

    def draw_words(self, surface: pygame.Surface, outline: pygame.Rect, table: pygame.Rect) -> None:
        box, lines = self.box(outline, table)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (40, 12, 10, 235), veil.get_rect(), border_radius=12)
        surface.blit(veil, box)
        pygame.draw.rect(surface, FLASH, box, width=2, border_radius=12)
        y = box.y + 8
        for line in lines:
            theme.blit_text(surface, line, WORDS_SIZE, (box.centerx, y), (255, 236, 220), "midtop")
            y += 24


def draw_hover(surface: pygame.Surface, outline: pygame.Rect, playable: bool) -> None:
    """The card under the mouse: a warm glow when a click plays it, a thin blue ring when
    a click selects it."""
    if playable:
        glow = pygame.Surface(outline.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*PLAYABLE, 70), glow.get_rect(), border_radius=14)
        surface.blit(glow, outline.inflate(16, 16))
        pygame.draw.rect(surface, PLAYABLE, outline.inflate(6, 6), width=4, border_radius=11)
    else:
        pygame.draw.rect(surface, SELECTABLE, outline.inflate(8, 8), width=3, border_radius=11)
