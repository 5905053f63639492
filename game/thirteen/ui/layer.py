"""A part of the canvas drawn once and copied while what it shows stays the same.

The table's side panel (title, deal, score, moves, progress, message and nine buttons)
is about sixty text blits and as many rounded rectangles, a large share of a table
frame, and would be redrawn at every frame of a card's flight though nothing in it
changed.  A :class:`Layer` keeps the pixels of such a part with the state they show (its
key): while the key is the same, one blit puts them back.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from thirteen.ui import theme


class Layer:
    """The kept pixels of some rectangles of the canvas and the state they show."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.kept: list[tuple[pygame.Rect, pygame.Surface]] = []
        self.painted = 0
        """How many times the part was painted anew (the tests count them)."""

    def draw(
        self,
        surface: pygame.Surface,
        rects: Sequence[pygame.Rect],
        key: Hashable,
        paint: Callable[[pygame.Surface], None],
    ) -> None:
        """Show on ``surface`` what ``paint`` draws within ``rects``, painting it only
        when ``key`` differs from the last one (or the rectangles moved).  ``paint`` must
        draw nothing outside ``rects`` and depend on nothing ``key`` leaves out.

        A desktop window larger than the canvas notes each text and card blit to draw it
        again at the window's resolution (:mod:`.crisp`), and the tests of text fit note
        every text: both need the real blits, so there the part is always painted."""
        if getattr(surface, "scale", 1.0) > 1.0 or theme.recorder is not None:
            self.forget()
            paint(surface)
            return
        bounds = surface.get_rect()
        rects = [r.clip(bounds) for r in rects]
        full = (key, tuple(tuple(r) for r in rects), surface.get_size())
        if full != self.key or not self.kept:
            paint(surface)
            self.painted += 1
            self.kept = [(r, surface.subsurface(r).copy()) for r in rects if r.w and r.h]
            self.key = full
            return
        for rect, pixels in self.kept:
            surface.blit(pixels, rect)

    def forget(self) -> None:
        """Paint anew next time."""
        self.key = None
        self.kept = []
