"""Short card animations computed from two geometries: before and after a move.

Comparing where each card was with where it is now covers every case with one
rule: removed cards fly off and fade, cards that changed place slide (falls in
Thirteens, draw to waste), cards that appear come from the pile (the stock
refills, a new deal), and cards that went back into the pile (a recycle) fly
to it face down.  Each animation lasts at most 300 ms and a new move simply
finishes the old ones, so input is never blocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from thirteen.core.cards import Card
from thirteen.ui import cards as card_art
from thirteen.ui.layout import Geometry, Spot
from thirteen.ui.spots import SpotKind, Zone

MAX_MS = 300


@dataclass
class Sprite:
    card: Card | None
    """None draws a card back."""
    start: pygame.Rect
    end: pygame.Rect
    delay: float
    duration: float
    fade: bool = False
    dim: bool = False
    elapsed: float = 0.0
    centre: bool = True
    """False for a card that ends partly covered (tall Thirteens grids)."""

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def rect(self) -> pygame.Rect:
        """Where the card is drawn now."""
        return _lerp(self.start, self.end, self.progress())

    def progress(self) -> float:
        t = (self.elapsed - self.delay) / self.duration
        t = min(1.0, max(0.0, t))
        return 1 - (1 - t) ** 3  # ease out


def _moved(
    rect: pygame.Rect, before: Geometry, after: Geometry, old: pygame.Rect, new: pygame.Rect
) -> pygame.Rect:
    """``rect`` of the old layout in the new one: the pile is the new pile; anything else
    keeps its place relative to the table and takes the new cards' size."""
    if before.pile is not None and after.pile is not None and rect == before.pile:
        return after.pile.copy()
    w = round(rect.w * after.card_w / max(1, before.card_w))
    h = round(rect.h * after.card_h / max(1, before.card_h))
    cx = new.x + (rect.centerx - old.x) * new.w / max(1, old.w)
    cy = new.y + (rect.centery - old.y) * new.h / max(1, old.h)
    moved = pygame.Rect(0, 0, max(1, w), max(1, h))
    moved.center = (round(cx), round(cy))
    return moved


def _lerp(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(
        round(a.x + (b.x - a.x) * t),
        round(a.y + (b.y - a.y) * t),
        round(a.w + (b.w - a.w) * t),
        round(a.h + (b.h - a.h) * t),
    )


class Animator:
    """The running sprites, and which cards the static table must not draw."""

    def __init__(self) -> None:
        self.sprites: list[Sprite] = []
        self.hidden: set[Card] = set()
        self.enabled = True
        self.back = "red"
        """The card back a card flying face down shows (the table keeps it current)."""
        self._placed: list[Sprite] = []
        """Sprites the table drew this frame in its own order (see :meth:`draw_card`)."""

    @property
    def active(self) -> bool:
        return bool(self.sprites)

    def finish(self) -> None:
        self.sprites.clear()
        self.hidden.clear()

    def transition(self, before: Geometry, after: Geometry, removed: set[Card]) -> None:
        """Animate everything that differs between two geometries."""
        self.finish()
        if not self.enabled:
            return
        old = before.card_rects()
        new = {s.card: s for s in after.spots if s.kind is SpotKind.CARD and s.card is not None}
        pile = after.pile or before.pile
        arriving = 0
        for card, spot in new.items():
            if card in old:
                if old[card] != spot.rect:
                    self._add(Sprite(card, old[card], spot.rect, 0, 200), spot)
            elif spot.zone is Zone.WASTE:
                continue  # uncovered in the waste, where it lay: no flight from the pile
            elif pile is not None:
                delay = min(80, arriving * 30)
                arriving += 1
                self._add(Sprite(card, pile, spot.rect, 60 + delay, 160), spot)
        for card, rect in old.items():
            if card in new:
                continue
            if card in removed:
                end = rect.inflate(-rect.w // 3, -rect.h // 3).move(0, -60)
                self.sprites.append(Sprite(card, rect, end, 0, 220, fade=True))
            elif pile is not None and rect != pile:
                self.sprites.append(Sprite(None, rect, pile, 0, 200))

    def deal(
        self, after: Geometry, removed_before: Sequence[tuple[Card, pygame.Rect]] = ()
    ) -> None:
        """A whole new layout flies out of the pile, staggered (total <= 300 ms)."""
        self.finish()
        if not self.enabled or after.pile is None:
            return
        for card, rect in removed_before:
            end = rect.inflate(-rect.w // 3, -rect.h // 3).move(0, -60)
            self.sprites.append(Sprite(card, rect, end, 0, 200, fade=True))
        spots = [s for s in after.spots if s.kind is SpotKind.CARD and s.card is not None]
        n = max(1, len(spots))
        for k, spot in enumerate(spots):
            delay = 40 + 100 * k / n
            self._add(Sprite(spot.card, after.pile, spot.rect, delay, 160), spot)

    def relayout(
        self, before: Geometry, after: Geometry, old: pygame.Rect, new: pygame.Rect
    ) -> None:
        """The table was laid out anew (a window resized, a phone turned) with cards in
        flight: each goes on from the same point of its flight, now towards its place in
        the new layout (``old`` and ``new``: where the cards go on the old and the new
        canvas); a card that flies off, or back into the pile, keeps its course mapped
        onto the new table."""
        spots = {s.card: s for s in after.spots if s.kind is SpotKind.CARD and s.card is not None}
        for sprite in self.sprites:
            sprite.start = _moved(sprite.start, before, after, old, new)
            spot = spots.get(sprite.card) if sprite.card is not None else None
            if spot is not None and not sprite.fade:
                sprite.end = spot.rect.copy()
                sprite.dim = not spot.free
                sprite.centre = spot.shown is None
            else:
                sprite.end = _moved(sprite.end, before, after, old, new)

    def _add(self, sprite: Sprite, spot: Spot) -> None:
        """A card moving to ``spot``: the table no longer draws it there meanwhile."""
        sprite.dim = not spot.free
        sprite.centre = spot.shown is None
        self.sprites.append(sprite)
        if sprite.card is not None:
            self.hidden.add(sprite.card)

    def update(self, dt_ms: float) -> bool:
        """Advance time; True while something is still moving (the frame is dirty)."""
        if not self.sprites:
            return False
        for s in self.sprites:
            s.elapsed += dt_ms
        if all(s.done for s in self.sprites):
            self.finish()
        return True

    def draw_card(self, surface: pygame.Surface, card: Card, four_colour: bool) -> None:
        """Draw the card moving to a place now, where the table draws that place: cards
        drawn later there (a lower card of a tall Thirteens grid) lie over it, as they
        will once it lands."""
        for s in self.sprites:
            if s.card == card and not s.fade:
                self._draw(surface, s, four_colour, self.back)
                self._placed.append(s)

    def draw(self, surface: pygame.Surface, four_colour: bool) -> None:
        """Draw every sprite the table did not place, over the table."""
        placed = self._placed
        for s in self.sprites:
            if not any(s is p for p in placed):
                self._draw(surface, s, four_colour, self.back)
        placed.clear()

    @staticmethod
    def _draw(surface: pygame.Surface, s: Sprite, four_colour: bool, back: str = "red") -> None:
        if s.elapsed < s.delay:
            return  # not started: the card is still in the pile
        rect = s.rect()
        if s.card is None:
            art = card_art.card_back(s.start.w, s.start.h, back)
        elif s.dim:
            art = card_art.dimmed(s.card, s.end.w, s.end.h, four_colour)
        else:
            art = card_art.card_face(s.card, s.start.w, s.start.h, four_colour, s.centre)
        if art.get_size() != rect.size:
            art = pygame.transform.smoothscale(art, rect.size)
        if s.fade:
            art = art.copy()
            art.set_alpha(round(255 * (1 - s.progress())))
        surface.blit(art, rect)
