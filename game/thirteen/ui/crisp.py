"""Crisp text and cards in a desktop window larger than the canvas.

The scenes draw on a logical canvas whose short side is 720 pixels; a larger window
shows it smooth-scaled, which blurs text and card faces.  Rather than lay every scene
out again at the window's resolution, the window's canvas (:class:`SharpCanvas`) notes
each blit of a surface that can be rendered again at any size: a text from
:func:`.theme.text` and a card's art from :mod:`.cards` (faces, backs, slots, shadows).
For each it keeps where it went, the canvas there just before it and just after.

When the frame is shown (:meth:`SharpCanvas.sharpen`), after the canvas was scaled into
the window, every noted blit is drawn again at its place in the window, at the window's
resolution: a text over what lay under it (scaled), a card's face or back rendered for
its size in window pixels.  Where something else was drawn over it since (a selection
ring, a veil, a card in flight), those pixels keep their scaled look; one mostly drawn
over keeps all of them.  A blit that a later noted blit overlaps is noted again after
that one and drawn again before it, so the later stays on top; where the later keeps
its scaled pixels, so does the earlier.  At a scale of 1 or less nothing is noted, and
the canvas of the browser and of the headless driver is the display itself, never a
:class:`SharpCanvas`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # for the annotations only, nothing at run time
    from pygame.typing import Point, RectLike

from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.lru import LruCache

GLOW_PIXELS = 40_000
"""The largest see-through surface of unknown origin noted as a :attr:`Kind.GLOW` (a
glow round a card; a veil over the whole table is left to cover what it covers)."""

KEPT_PIXELS = 16_000_000
"""How many pixels of surfaces rendered at the window's resolution are kept (64 MB), the
least recently shown dropped first; a new scale drops them all."""


class Kind(Enum):
    """How a noted surface is drawn again."""

    OPAQUE = "opaque"
    """A card's face or back: opaque but for its anti-aliased corners, simply drawn over."""
    TEXT = "text"
    """Words: what lay under them is put back (scaled), then the words drawn over it."""
    SOFT = "soft"
    """A shadow or an empty place: soft already, so its scaled pixels do; it is drawn
    again only over what was drawn again under it (a card it falls on)."""
    GLOW = "glow"
    """Any other small see-through surface (the glow round a card under the mouse): as
    a shadow, but drawn again scaled, since it cannot be rendered anew."""

    @property
    def soft(self) -> bool:
        return self in (Kind.SOFT, Kind.GLOW)


@dataclass
class Noted:
    """One blit of a surface that can be rendered again at another size."""

    source: pygame.Surface
    kind: Kind
    rect: pygame.Rect
    before: tuple[pygame.Rect, pygame.Surface] | None
    """For a text, the canvas under it and a pixel around."""
    after: pygame.Surface | None
    """The canvas over its rect just after it (and after the noted blits that overlap it);
    None for a shadow."""
    over: list[int] = field(default_factory=list)
    """The later noted blits that overlap it (indices)."""
    under: list[int] = field(default_factory=list)
    """The earlier noted blits it overlaps (indices)."""


def render_at(source: pygame.Surface, size: tuple[int, int], scale: float) -> pygame.Surface | None:
    """``source`` (a text or a card's art) rendered anew for a box of ``size`` pixels at
    ``scale`` (a text at its type size times ``scale``); None for a surface of unknown
    origin."""
    if theme.is_text(source):
        return theme.text_at(source, scale)
    return card_art.art_at(source, *size)


class SharpCanvas(pygame.Surface):
    """The desktop window's logical canvas, noting the blits it can sharpen when shown.

    Its copies and subsurfaces are of this class too (pygame keeps the class) but never
    note anything: their scale stays the class's 1."""

    scale = 1.0
    noting = True
    MAX_SCALE = 64.0
    """The largest scale over the canvas a window can have (a 46080-pixel window); any
    other number is taken as 1 (nothing noted, the frame shown only scaled)."""

    def __init__(self, size: tuple[int, int], like: pygame.Surface) -> None:
        super().__init__(size, 0, like)
        self.scale = 1.0
        """The window's scale over the canvas; noting happens only above 1."""
        self.noting = True
        """Off while cards move: a frame in motion is shown scaled (drawing it again at
        the window's resolution costs more than the frame itself), and the frame where
        everything comes to rest is drawn sharp."""
        self.noted: list[Noted] = []
        self._rects: list[pygame.Rect] = []
        self._renders: LruCache[tuple, tuple[pygame.Surface | None, pygame.Surface]]
        self._renders = LruCache("sharp renders", KEPT_PIXELS, _render_pixels)
        """(id of a noted surface, size) -> (its render at the window's resolution, the
        surface: kept with it, so that no other surface takes its id meanwhile)."""

    def set_scale(self, scale: float) -> None:
        if not 0 < scale <= self.MAX_SCALE:  # (NaN too)
            scale = 1.0
        if abs(scale - self.scale) > 1e-9:
            self._renders.clear()
        self.scale = scale
        self.forget()

    def forget(self) -> None:
        """Drop what was noted (after each frame shown)."""
        self.noted.clear()
        self._rects.clear()

    def blit(
        self,
        source: pygame.Surface,
        dest: Point | RectLike = (0, 0),
        area: RectLike | None = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        """A blit as pygame's; above scale 1, a known surface's blit is noted."""
        if (
            not self.noting
            or self.scale <= 1.0
            or area is not None
            or special_flags
            or source is self
        ):
            return super().blit(source, dest, area, special_flags)
        kind = _kind(source)
        if kind is None and _glow(source):
            kind = Kind.GLOW
        if kind is None:
            return super().blit(source, dest, area, special_flags)
        corner = _corner(dest)
        if corner is None:
            return super().blit(source, dest, area, special_flags)
        rect = pygame.Rect(*corner, *source.get_size())
        if not self.get_rect().contains(rect) or source.get_alpha() not in (None, 255):
            return super().blit(source, dest, area, special_flags)
        earlier = rect.collidelistall(self._rects)
        if kind.soft and not earlier:
            # a shadow on the bare felt: its scaled pixels are as good as any
            return super().blit(source, dest, area, special_flags)
        before = None
        if kind is Kind.TEXT:
            # a pixel more all round: smooth scaling spreads the old pixels that far
            under = rect.inflate(2, 2).clip(self.get_rect())
            before = (under, self.subsurface(under).copy())
        drawn = super().blit(source, rect)
        for i in earlier:
            item = self.noted[i]
            if item.after is not None:
                both = rect.clip(item.rect)
                item.after.blit(self, both.move(-item.rect.x, -item.rect.y), both)
            item.over.append(len(self.noted))
        # a shadow is drawn again only over the noted blits under it, whose own pixels
        # (the shadow's part of them included) tell whether anything covered it
        after = None if kind.soft else self.subsurface(rect).copy()
        if kind is Kind.GLOW:
            source = source.copy()  # its maker may draw on it again
        self.noted.append(Noted(source, kind, rect, before, after, under=earlier))
        self._rects.append(rect)
        return drawn

    def sharpen(self, window: pygame.Surface, scaled: pygame.Surface, left: int, top: int) -> int:
        """Draw the noted blits again at the window's resolution over ``scaled``, the
        canvas scaled into ``window`` at (``left``, ``top``): where something else was
        drawn over one since, its pixels there keep their scaled look (and all of them
        when that is most of it); returns how many were drawn again."""
        k = self.scale
        keep = self._kept_scaled()
        done = 0
        clip = window.get_clip()
        for i, item in enumerate(self.noted):
            kept = keep[i]
            if kept is False:
                continue
            box = _scaled(item.rect, k, left, top)
            big: pygame.Surface | None
            if item.kind is Kind.GLOW:
                big = pygame.transform.smoothscale(item.source, box.size)
            else:
                big = self._render(item.source, box.size)
            if big is None:
                continue
            at = big.get_rect(center=box.center)
            if item.kind is Kind.OPAQUE:
                window.blit(big, at)
            elif item.kind is Kind.TEXT and item.before is not None:
                under, pixels = item.before
                place = _scaled(under, k, left, top)
                window.blit(pygame.transform.smoothscale(pixels, place.size), place)
                window.blit(big, at)
            else:  # a shadow: again over what was drawn again under it
                for j in item.under:
                    if keep[j] is not False and not self.noted[j].kind.soft:
                        window.set_clip(_scaled(item.rect.clip(self.noted[j].rect), k, left, top))
                        window.blit(big, at)
                window.set_clip(clip)
            if isinstance(kept, pygame.mask.Mask):  # what was drawn over it, as scaled
                kept.scale(box.size).to_surface(
                    window.subsurface(box),
                    setsurface=scaled.subsurface(box.move(-left, -top)),
                    unsetcolor=None,
                )
            done += 1
        return done

    def _kept_scaled(self) -> list[bool | pygame.mask.Mask]:
        """For each noted blit, from the last: True when it shows as it was drawn, a mask
        of its canvas pixels drawn over since (by anything, or by a later noted blit that
        keeps its scaled pixels), or False when that is most of it."""
        keep: list[bool | pygame.mask.Mask] = [True] * len(self.noted)
        for i in range(len(self.noted) - 1, -1, -1):
            item = self.noted[i]
            if item.after is None:
                continue  # a shadow: drawn only over what is drawn again under it
            current = self.subsurface(item.rect)
            mask = None if _same(current, item.after) else _changed(current, item.after)
            for j in item.over:
                if keep[j] is False:
                    mask = mask or pygame.mask.Mask(item.rect.size)
                    hole = item.rect.clip(self.noted[j].rect)
                    mask.draw(
                        pygame.mask.Mask(hole.size, fill=True),
                        (hole.x - item.rect.x, hole.y - item.rect.y),
                    )
            if mask is not None:
                keep[i] = False if mask.count() * 2 > item.rect.w * item.rect.h else mask
        return keep

    def _render(self, source: pygame.Surface, size: tuple[int, int]) -> pygame.Surface | None:
        key = (id(source), size)
        kept = self._renders.get(key)
        if kept is not None:
            return kept[0]
        made = render_at(source, size, self.scale)
        if made is not None and pygame.display.get_surface() is not None:
            made = made.convert_alpha()  # the window's own format: blitted the fastest
        self._renders.put(key, (made, source))
        return made


def _render_pixels(kept: tuple[pygame.Surface | None, pygame.Surface]) -> int:
    """The pixels of a kept render (at least 1: an empty one still takes an entry)."""
    made = kept[0]
    return 1 if made is None else max(1, made.get_width() * made.get_height())


def _corner(dest: Point | RectLike) -> tuple[int, int] | None:
    """Where a blit to ``dest`` puts the source's top left corner: a point's or a rect's
    first two numbers; None for a rect given another way (a pair of pairs, an object
    with a ``rect``), which pygame draws and nothing notes."""
    if isinstance(dest, pygame.Rect | pygame.FRect):
        return int(dest.x), int(dest.y)
    if hasattr(dest, "rect"):
        return None
    x, y = dest[0], dest[1]
    if not isinstance(x, int | float) or not isinstance(y, int | float):
        return None
    return int(x), int(y)


def _scaled(rect: pygame.Rect, k: float, left: int, top: int) -> pygame.Rect:
    """Where ``rect`` of the canvas lies in the window (the edges scaled and rounded, as
    smooth scaling places them)."""
    x0, y0 = left + round(rect.x * k), top + round(rect.y * k)
    return pygame.Rect(x0, y0, left + round(rect.right * k) - x0, top + round(rect.bottom * k) - y0)


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether two surfaces of one size hold the same pixels."""
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def _changed(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where two surfaces of one size differ."""
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = b.copy()
    back.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|, each channel
    same = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (1, 1, 1, 255))
    same.invert()
    return same


def _glow(source: pygame.Surface) -> bool:
    """Whether ``source`` is small and see-through (per-pixel alpha)."""
    w, h = source.get_size()
    return bool(source.get_flags() & pygame.SRCALPHA) and w * h <= GLOW_PIXELS


def _kind(source: pygame.Surface) -> Kind | None:
    """What ``source`` is, None for a surface that cannot be rendered anew."""
    if theme.is_text(source):
        return Kind.TEXT
    through = card_art.shows_through(source)
    if through is None:
        return None
    return Kind.SOFT if through else Kind.OPAQUE
