"""Card faces and backs drawn by our own code, cached per size and colour mode.

The default font has no suit symbols, so suits are vector shapes drawn four
times too large and smooth-scaled down: anti-aliased edges at every size
without any image files.  A rendered card is kept per (card, size, mode), so a
frame only blits.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec

import pygame

from ..cards import Card, rank, suit
from . import theme

FACE = (252, 251, 245)
FACE_EDGE = (150, 150, 140)
BLACK = (24, 24, 30)
RED = (204, 30, 42)
GREEN = (18, 128, 56)
BLUE = (28, 84, 204)
BACK = (150, 36, 44)
BACK_LINE = (196, 80, 84)

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_SS = 4  # supersampling factor for shapes

_cache: dict[tuple, pygame.Surface] = {}


_P = ParamSpec("_P")


def _cached(draw: Callable[_P, pygame.Surface]) -> Callable[_P, pygame.Surface]:
    """Draw a surface once per set of arguments, then hand out the kept one."""

    @functools.wraps(draw)
    def get(*args: _P.args, **kwargs: _P.kwargs) -> pygame.Surface:
        key = (draw.__name__, args, tuple(kwargs.items()))
        surf = _cache.get(key)
        if surf is None:
            surf = _cache[key] = draw(*args, **kwargs)
        return surf

    return get


def suit_colour(card_suit: int, four_colour: bool) -> tuple[int, int, int]:
    """Red and black, or one colour per suit (clubs green, diamonds blue)."""
    if four_colour:
        return (GREEN, BLUE, RED, BLACK)[card_suit]
    return RED if card_suit in (1, 2) else BLACK


def _circle(surf: pygame.Surface, colour, cx: float, cy: float, r: float, s: int) -> None:
    pygame.draw.circle(surf, colour, (round(cx * s), round(cy * s)), round(r * s))


def _poly(surf: pygame.Surface, colour, points, s: int) -> None:
    pygame.draw.polygon(surf, colour, [(round(x * s), round(y * s)) for x, y in points])


@_cached
def suit_shape(card_suit: int, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A suit symbol ``size`` pixels square, anti-aliased by supersampling."""
    s = max(1, size) * _SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    if card_suit == 1:  # diamonds
        _poly(big, colour, [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)], s)
    elif card_suit == 2:  # hearts
        _circle(big, colour, 0.285, 0.31, 0.235, s)
        _circle(big, colour, 0.715, 0.31, 0.235, s)
        _poly(big, colour, [(0.06, 0.38), (0.5, 0.94), (0.94, 0.38), (0.5, 0.3)], s)
    elif card_suit == 3:  # spades
        _circle(big, colour, 0.29, 0.58, 0.215, s)
        _circle(big, colour, 0.71, 0.58, 0.215, s)
        _poly(big, colour, [(0.08, 0.52), (0.5, 0.02), (0.92, 0.52), (0.5, 0.72)], s)
        _poly(big, colour, [(0.5, 0.6), (0.34, 0.98), (0.66, 0.98)], s)
    else:  # clubs
        _circle(big, colour, 0.5, 0.27, 0.21, s)
        _circle(big, colour, 0.27, 0.6, 0.21, s)
        _circle(big, colour, 0.73, 0.6, 0.21, s)
        _circle(big, colour, 0.5, 0.52, 0.12, s)
        _poly(big, colour, [(0.5, 0.5), (0.35, 0.98), (0.65, 0.98)], s)
    return pygame.transform.smoothscale(big, (size, size))


def _blank(w: int, h: int, fill, edge) -> pygame.Surface:
    """A rounded card shape with anti-aliased corners (drawn 4x, scaled down)."""
    big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
    radius = max(2, w // 12) * _SS
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-2 * _SS, -2 * _SS)
    pygame.draw.rect(big, fill, inner, border_radius=radius - _SS)
    return pygame.transform.smoothscale(big, (w, h))


def corner_sizes(h: int) -> tuple[int, int]:
    """Font size of the corner rank and size of the corner suit for a card height."""
    return max(10, round(h * 0.30)), max(6, round(h * 0.15))


@_cached
def card_face(
    card: Card, w: int, h: int, four_colour: bool = False, centre: bool = True
) -> pygame.Surface:
    """The face of ``card`` at ``w`` x ``h``: big corner index, centre symbol.

    ``centre=False`` leaves the centre blank: for covered pyramid cards, whose
    centre would otherwise peek out in slivers between the cards over them.
    """
    surf = _blank(w, h, FACE, FACE_EDGE)
    r, s = rank(card), suit(card)
    colour = suit_colour(s, four_colour)
    rank_size, suit_size = corner_sizes(h)
    label = theme.font(rank_size).render(RANK_TEXT[r - 1], True, colour)
    pad = max(3, w // 14)
    lx = pad + max(0, (suit_size - label.get_width()) // 2)
    # The default font has generous space above capitals; pull it up a little.
    top = pad - rank_size // 10
    surf.blit(label, (lx, top))
    corner = suit_shape(s, suit_size, colour)
    sy = top + round(rank_size * 0.78)
    surf.blit(corner, (pad + max(0, (label.get_width() - suit_size) // 2), sy))
    # Top-right small suit too, so a card is known from its top strip alone.
    small = suit_shape(s, max(6, suit_size * 3 // 4), colour)
    surf.blit(small, (w - pad - small.get_width(), pad))
    # Centre: a large suit, or for J/Q/K a framed letter.
    centre_y = sy + suit_size + (h - (sy + suit_size)) // 2
    if centre:
        if r >= 11:
            frame = pygame.Rect(0, 0, round(w * 0.56), round(h * 0.42))
            frame.center = (w // 2 + w // 10, centre_y)
            frame.bottom = min(frame.bottom, h - pad)
            tint = tuple(min(255, c // 6 + 214) for c in colour)
            pygame.draw.rect(surf, tint, frame, border_radius=max(2, w // 16))
            pygame.draw.rect(
                surf, colour, frame, width=max(1, w // 45), border_radius=max(2, w // 16)
            )
            big = theme.font(round(h * 0.34)).render(RANK_TEXT[r - 1], True, colour)
            surf.blit(big, big.get_rect(center=(frame.centerx, frame.centery + h // 60)))
        else:
            size = round(min(w * 0.5, h * 0.36))
            big = suit_shape(s, size, colour)
            rect = big.get_rect(center=(w // 2 + w // 10, centre_y))
            rect.bottom = min(rect.bottom, h - pad)
            surf.blit(big, rect)
    return surf


@_cached
def dimmed(card: Card, w: int, h: int, four_colour: bool = False) -> pygame.Surface:
    """A blocked card: its corner index, no centre art, under a grey veil.

    A blocked pyramid card is always partly covered; without centre art only
    clean grey shows between the cards over it, never slivers of a symbol.
    """
    surf = card_face(card, w, h, four_colour, centre=False).copy()
    surf.blit(_blank(w, h, (70, 84, 78, 120), (70, 84, 78, 120)), (0, 0))
    return surf


@_cached
def card_back(w: int, h: int) -> pygame.Surface:
    """Our own back: a red panel with a diamond lattice inside a white margin."""
    surf = _blank(w, h, FACE, FACE_EDGE)
    m = max(3, w // 12)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(BACK)
    step = max(6, w // 7)
    for x in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.aaline(pattern, BACK_LINE, (x, 0), (x + inner.h, inner.h))
        pygame.draw.aaline(pattern, BACK_LINE, (x, inner.h), (x + inner.h, 0))
    mask = _blank(inner.w, inner.h, (255, 255, 255), (255, 255, 255))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner)
    return surf


@_cached
def slot(w: int, h: int) -> pygame.Surface:
    """An empty place on the felt (empty column, empty pile)."""
    return _blank(w, h, (0, 0, 0, 40), (255, 255, 255, 70))


@_cached
def shadow(w: int, h: int) -> pygame.Surface:
    """A soft shadow blitted a few pixels below and right of a card."""
    return _blank(w, h, (0, 0, 0, 60), (0, 0, 0, 40))
