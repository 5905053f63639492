"""Card faces and backs drawn by our own code, cached per size and colour mode.

The default font has no suit symbols, so suits are vector shapes drawn four
times too large and smooth-scaled down: anti-aliased edges at every size
without any image files.  A rendered card is kept per (card, size, mode), so a
frame only blits, for the few sizes last drawn (:data:`SIZES_KEPT`).
"""

from __future__ import annotations

import functools
import sys
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import ParamSpec

import pygame

from thirteen.core.cards import Card, rank, suit
from thirteen.core.i18n import N_
from thirteen.ui import court_art, theme
from thirteen.ui.lru import LruCache

Rgb = tuple[int, int, int]
"""A colour: red, green and blue from 0 to 255 (the ink of a suit)."""
Colour = Rgb | tuple[int, int, int, int]
"""A colour, or a colour with its alpha (a card's paper and edge may see through)."""

FACE = (252, 251, 245)
FACE_EDGE = (150, 150, 140)
BLACK = (24, 24, 30)
RED = (204, 30, 42)
GREEN = (18, 128, 56)
BLUE = (28, 84, 204)

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_SS = 4  # supersampling factor for shapes

SIZES_KEPT = 4
"""How many card sizes of art are kept (faces, blocked faces, backs, empty places and
shadows of each size), the least recently drawn dropped: a table shows one size or
two, and a window dragged through sizes would otherwise keep every one."""
SUIT_SIZES_KEPT = 6 * SIZES_KEPT
"""How many sizes of suit symbols are kept: a card size draws up to five (corner, top
right, pips, an ace's, a back's medallion)."""
BLANK_SIZES_KEPT = 4 * SIZES_KEPT
"""How many sizes of rounded blanks are kept: a card's and its back's inner panel, at
the canvas's size and at the window's (:mod:`.crisp`)."""

_cache: LruCache[tuple, pygame.Surface] = LruCache("card art", SIZES_KEPT)
"""(kind, high contrast, arguments, keyword arguments) -> the art, by card size."""
_suits: LruCache[tuple, pygame.Surface] = LruCache("suit symbols", SUIT_SIZES_KEPT)
"""The same for the suit symbols, by symbol size."""
_Drawn = tuple[Callable[..., pygame.Surface], tuple, dict]
_made: weakref.WeakKeyDictionary[pygame.Surface, _Drawn] = weakref.WeakKeyDictionary()
"""A kept surface -> how it was drawn, so that :func:`art_at` can draw it at another
size; for as long as the surface lives, kept or not."""


_P = ParamSpec("_P")


def _cached(
    cache: LruCache[tuple, pygame.Surface], sizes_at: slice
) -> Callable[[Callable[_P, pygame.Surface]], Callable[_P, pygame.Surface]]:
    """Draw a surface once per set of arguments, then hand out the one kept in
    ``cache``, grouped by size: ``args[sizes_at]`` (passed by position)."""

    def decorate(draw: Callable[_P, pygame.Surface]) -> Callable[_P, pygame.Surface]:
        name = draw.__name__

        @functools.wraps(draw)
        def get(*args: _P.args, **kwargs: _P.kwargs) -> pygame.Surface:
            key = (name, theme.high_contrast, args, tuple(kwargs.items()))
            surf = cache.get(key)
            if surf is None:
                surf = cache.put(key, accelerated(draw(*args, **kwargs)), args[sizes_at])
                _made[surf] = (draw, args, kwargs)
            return surf

        return get

    return decorate


RUN_LENGTH = sys.platform == "emscripten"
"""Whether kept art is run-length encoded for blitting (see :func:`accelerated`)."""


def accelerated(surf: pygame.Surface, run_length: bool | None = None) -> pygame.Surface:
    """``surf``, marked to be blitted by SDL's run-length encoded alpha blit where
    :data:`RUN_LENGTH` (or ``run_length``) says so: a card is opaque but for its rounded
    corners, and this blit copies the opaque runs and blends only the rest, far cheaper
    where blits have no SIMD (the browser's WebAssembly); the result differs from the
    plain blend by at most one level in a few edge pixels.  On the desktop SDL's SIMD
    blend is as fast for faces and faster for shadows, so the art is left as it is
    there (see docs/performance.md)."""
    if run_length is None:
        run_length = RUN_LENGTH
    if run_length and surf.get_flags() & pygame.SRCALPHA:
        surf.set_alpha(255, pygame.RLEACCEL)
    return surf


CONTRAST_INK = {BLACK: (0, 0, 0), RED: (186, 0, 16), GREEN: (0, 104, 28), BLUE: (0, 48, 200)}
"""The suits' colours on high-contrast cards: deeper, each still its own (four colours)."""


def suit_colour(card_suit: int, four_colour: bool) -> tuple[int, int, int]:
    """Red and black, or one colour per suit (clubs green, diamonds blue)."""
    if four_colour:
        colour = (GREEN, BLUE, RED, BLACK)[card_suit]
    else:
        colour = RED if card_suit in (1, 2) else BLACK
    return CONTRAST_INK[colour] if theme.high_contrast else colour


def _circle(surf: pygame.Surface, colour: Rgb, cx: float, cy: float, r: float, s: int) -> None:
    pygame.draw.circle(surf, colour, (round(cx * s), round(cy * s)), round(r * s))


def _poly(surf: pygame.Surface, colour: Rgb, points: Sequence[tuple[float, float]], s: int) -> None:
    pygame.draw.polygon(surf, colour, [(round(x * s), round(y * s)) for x, y in points])


@_cached(_suits, slice(1, 2))
def suit_shape(card_suit: int, size: int, colour: tuple[int, int, int], /) -> pygame.Surface:
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


def _blank(w: int, h: int, fill: Colour, edge: Colour, thick: int = 1) -> pygame.Surface:
    """A rounded card shape with anti-aliased corners (drawn 4x, scaled down), its edge
    ``thick`` pixels wide: a copy of the one kept per size and colours, since drawing it
    4x is most of the time a face takes to render."""
    key = (w, h, tuple(fill), tuple(edge), thick)
    kept = _blanks.get(key)
    if kept is None:
        kept = _blanks.put(key, _draw_blank(w, h, fill, edge, thick), (w, h))
    return kept.copy()


_blanks: LruCache[tuple, pygame.Surface] = LruCache("rounded blanks", BLANK_SIZES_KEPT)


def _draw_blank(w: int, h: int, fill: Colour, edge: Colour, thick: int) -> pygame.Surface:
    big = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
    radius = max(2, w // 12) * _SS
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-2 * thick * _SS, -2 * thick * _SS)
    pygame.draw.rect(big, fill, inner, border_radius=max(1, radius - thick * _SS))
    return pygame.transform.smoothscale(big, (w, h))


def _paper(w: int, h: int) -> pygame.Surface:
    """A card's blank paper: off-white with a grey edge, or in high contrast white with a
    thick black outline."""
    if theme.high_contrast:
        return _blank(w, h, (255, 255, 255), (0, 0, 0), max(2, w // 30))
    return _blank(w, h, FACE, FACE_EDGE)


def corner_sizes(h: int) -> tuple[int, int]:
    """Font size of the corner rank and size of the corner suit for a card height: large
    enough to read on the strip of a covered card, narrow enough to leave the middle
    of the card to the pips."""
    return max(10, round(h * 0.24)), max(6, round(h * 0.12))


PIP_COLUMNS = (0.365, 0.5, 0.635)
"""Left, middle and right pip columns, as shares of the card's width."""
PIP_TOP, PIP_BOTTOM = 0.2, 0.8
"""Where the top and bottom pip rows' centres lie, as shares of the card's height."""
PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: (
        (0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3),
        (0, 2 / 3), (2, 2 / 3), (1, 5 / 6), (0, 1), (2, 1),
    ),
}  # fmt: skip
"""The pips of each number card as (column, row) with rows from 0 (top) to 1 (bottom),
as printed decks arrange them; pips below the middle stand upside down."""


def _index(card: Card, w: int, h: int, colour: Rgb) -> pygame.Surface:
    """The corner index: the rank over its suit, on a transparent strip."""
    rank_size, suit_size = corner_sizes(h)
    label = theme.plain_font(rank_size).render(RANK_TEXT[rank(card) - 1], True, colour)
    narrow = max(suit_size, theme.plain_font(rank_size).size("Q")[0])
    if label.get_width() > narrow:  # "10" set condensed, as printed decks do
        label = pygame.transform.smoothscale(label, (narrow, label.get_height()))
    width = max(label.get_width(), suit_size)
    sy = round(rank_size * 0.78)
    surf = pygame.Surface((width, sy + suit_size), pygame.SRCALPHA)
    surf.blit(label, ((width - label.get_width()) // 2, 0))
    surf.blit(suit_shape(suit(card), suit_size, colour), ((width - suit_size) // 2, sy))
    return surf


def _index_at(h: int, pad: int) -> int:
    """How far from the card's edge the index strip is placed: the default font has
    generous space above capitals, so the strip starts a little closer to the edge."""
    return pad - corner_sizes(h)[0] // 10


def _pips(surf: pygame.Surface, card: Card, colour: Rgb) -> None:
    """The number card's pips (the ace: one large one) in the middle of the card."""
    w, h = surf.get_size()
    r, s = rank(card), suit(card)
    if r == 1:
        big = suit_shape(s, round(min(w * 0.46, h * 0.34)), colour)
        surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
        return
    size = round(min(w * 0.165, h * 0.12))
    upright = suit_shape(s, size, colour)
    turned = pygame.transform.rotate(upright, 180)
    for column, row in PIPS[r]:
        x = w * PIP_COLUMNS[column]
        y = h * (PIP_TOP + (PIP_BOTTOM - PIP_TOP) * row)
        pip = turned if row > 0.5 else upright
        surf.blit(pip, pip.get_rect(center=(round(x), round(y))))


def _court(surf: pygame.Surface, card: Card, colour: Rgb, pad: int) -> None:
    """A Jack, Queen or King: its picture in a frame between the corner indices, or a
    framed letter where the pictures were not built."""
    w, h = surf.get_size()
    box = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.84))
    box.center = (w // 2, h // 2)
    picture = court_art.picture(rank(card), suit(card), box.size)
    line = max(1, w // 60)
    if picture is not None:
        surf.blit(picture, box)
        pygame.draw.rect(surf, court_art.FRAME, box, width=line)
        return
    tint = tuple(min(255, c // 6 + 214) for c in colour)
    pygame.draw.rect(surf, tint, box, border_radius=max(2, w // 16))
    pygame.draw.rect(surf, colour, box, width=max(1, w // 45), border_radius=max(2, w // 16))
    big = theme.plain_font(round(h * 0.34)).render(RANK_TEXT[rank(card) - 1], True, colour)
    surf.blit(big, big.get_rect(center=(box.centerx, box.centery + h // 60)))


@_cached(_cache, slice(1, 3))
def card_face(
    card: Card, w: int, h: int, /, four_colour: bool = False, centre: bool = True
) -> pygame.Surface:
    """The face of ``card`` at ``w`` x ``h``: a large index in the top-left corner and
    upside down in the bottom-right one, a small suit top right (a card is known from
    its top strip alone), and between them the pips or the court picture.

    ``centre=False`` leaves the middle and the lower index out: for covered cards,
    whose middle would otherwise peek out in slivers between the cards over them.
    """
    surf = _paper(w, h)
    colour = suit_colour(suit(card), four_colour)
    pad = max(3, w // 16)
    index = _index(card, w, h, colour)
    at = _index_at(h, pad)
    surf.blit(index, (pad, at))
    small = suit_shape(suit(card), max(6, corner_sizes(h)[1] * 3 // 4), colour)
    surf.blit(small, (w - pad - small.get_width(), pad))
    if centre:
        if rank(card) >= 11:
            _court(surf, card, colour, pad)
        else:
            _pips(surf, card, colour)
        turned = pygame.transform.rotate(index, 180)
        surf.blit(turned, turned.get_rect(bottomright=(w - pad, h - at)))
    return surf


BLOCKED_VEIL = (40, 60, 52, 70)
"""A light grey-green veil over a blocked card's paper: it reads as out of play."""


@_cached(_cache, slice(1, 3))
def dimmed(card: Card, w: int, h: int, /, four_colour: bool = False) -> pygame.Surface:
    """A blocked card: paper under a veil, its index drawn over the veil at full strength
    (the player plans with it), no middle art.

    A blocked pyramid card is always partly covered; without middle art only
    clean paper shows between the cards over it, never slivers of a symbol.
    """
    surf = _paper(w, h)
    surf.blit(_blank(w, h, BLOCKED_VEIL, BLOCKED_VEIL), (0, 0))
    colour = suit_colour(suit(card), four_colour)
    pad = max(3, w // 16)
    surf.blit(_index(card, w, h, colour), (pad, _index_at(h, pad)))
    small = suit_shape(suit(card), max(6, corner_sizes(h)[1] * 3 // 4), colour)
    surf.blit(small, (w - pad - small.get_width(), pad))
    return surf


def warm(
    cards: Iterable[Card], w: int, h: int, four_colour: bool, blocked: bool, budget_ms: float
) -> bool:
    """Render the faces of ``cards`` at ``w`` x ``h`` not rendered yet (and their blocked
    look when ``blocked``), in order, for up to about ``budget_ms``; whether all are done.

    A face takes several times longer to render in the browser than on the desktop, so a
    new round's pyramid rendered in its first frame would hold that frame there.  Warmed
    a few per frame ahead of need, no frame renders many."""
    end = time.perf_counter() + budget_ms / 1000
    for card in cards:
        if time.perf_counter() >= end:
            return False
        card_face(card, w, h, four_colour)
        if blocked:
            dimmed(card, w, h, four_colour)
    return True


BACKS: dict[str, tuple[str, tuple[int, int, int], tuple[int, int, int]]] = {
    "red": (N_("Red lattice"), (150, 36, 44), (196, 80, 84)),
    "blue": (N_("Blue lattice"), (32, 64, 140), (92, 128, 200)),
    "green": (N_("Green weave"), (22, 96, 62), (90, 160, 120)),
    "black": (N_("Black and gold"), (30, 30, 36), (196, 158, 64)),
}
"""The card backs to choose from: name shown in the settings, panel colour, line colour."""


@_cached(_cache, slice(0, 2))
def card_back(w: int, h: int, /, style: str = "red") -> pygame.Surface:
    """A back of our own: a coloured panel with a lattice (or a weave) inside a white
    margin, and a thin inner frame; unknown ``style`` names draw the red one."""
    _name, fill, line = BACKS.get(style, BACKS["red"])
    surf = _paper(w, h)
    m = max(3, w // 12)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(fill)
    step = max(6, w // 7)
    if style == "green":  # a basket weave of short strokes
        half = step // 2
        for y in range(0, inner.h + step, step):
            for x in range(0, inner.w + step, step):
                pygame.draw.line(pattern, line, (x, y + half // 2), (x + half, y + half // 2), 2)
                pygame.draw.line(
                    pattern, line, (x + half + half // 2, y), (x + step - half // 2, y + half), 2
                )
                pygame.draw.line(
                    pattern, line, (x + half // 2, y + half), (x + half // 2, y + step), 2
                )
                pygame.draw.line(
                    pattern,
                    line,
                    (x + half, y + step - half // 2),
                    (x + step, y + step - half // 2),
                    2,
                )
    else:
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.aaline(pattern, line, (x, 0), (x + inner.h, inner.h))
            pygame.draw.aaline(pattern, line, (x, inner.h), (x + inner.h, 0))
    if style in ("black", "blue"):  # an inner frame and a centre medallion
        frame = pattern.get_rect().inflate(-m, -m)
        pygame.draw.rect(pattern, line, frame, width=max(1, w // 40), border_radius=max(2, w // 20))
        medal = pygame.Rect(0, 0, inner.w // 2, inner.w // 2)
        medal.center = pattern.get_rect().center
        pygame.draw.ellipse(pattern, fill, medal)
        pygame.draw.ellipse(pattern, line, medal, width=max(1, w // 40))
        mark = suit_shape(3 if style == "black" else 2, max(6, medal.w // 2), line)
        pattern.blit(mark, mark.get_rect(center=medal.center))
    mask = _blank(inner.w, inner.h, (255, 255, 255), (255, 255, 255))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner)
    return surf


@_cached(_cache, slice(0, 2))
def slot(w: int, h: int, /) -> pygame.Surface:
    """An empty place on the felt (empty column, empty pile); in high contrast a clear
    white edge."""
    if theme.high_contrast:
        return _blank(w, h, (0, 0, 0, 40), (255, 255, 255, 230), 2)
    return _blank(w, h, (0, 0, 0, 40), (255, 255, 255, 70))


@_cached(_cache, slice(0, 2))
def shadow(w: int, h: int, /) -> pygame.Surface:
    """A soft shadow blitted a few pixels below and right of a card."""
    return _blank(w, h, (0, 0, 0, 60), (0, 0, 0, 40))


_SIZED: dict[str, tuple[int, bool]] = {
    "card_face": (1, False),
    "dimmed": (1, False),
    "card_back": (0, False),
    "slot": (0, True),
    "shadow": (0, True),
}
"""The art that can be drawn at any size: where its width and height are among its
arguments, and whether what lies under it shows through (an empty place, a shadow)."""


def shows_through(surf: pygame.Surface) -> bool | None:
    """Whether what lies under the card art ``surf`` shows through it (False for a face
    or a back, opaque but for its rounded corners); None when ``surf`` is not card art
    :func:`art_at` can draw at another size."""
    made = _made.get(surf)
    if made is None or made[0].__name__ not in _SIZED:
        return None
    return _SIZED[made[0].__name__][1]


def art_at(surf: pygame.Surface, w: int, h: int) -> pygame.Surface | None:
    """The card art ``surf`` drawn anew at ``w`` x ``h`` (not kept here: a window that
    shows the canvas scaled keeps its own), or None for any other surface."""
    if shows_through(surf) is None:
        return None
    draw, args, kwargs = _made[surf]
    at = _SIZED[draw.__name__][0]
    return draw(*args[:at], w, h, *args[at + 2 :], **kwargs)
