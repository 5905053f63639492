"""The scene protocol, the waits the scenes share, and the felt backdrop.

A scene handles already-normalised events (touch arrives as a left-button
MOUSEBUTTONDOWN), advances time in ``update`` and draws the whole canvas in
``draw``; it sets ``dirty`` whenever what it would draw changed, and the
loop draws only then.  It says in ``active`` whether time alone will change
it (an animation, a timer): only then does the loop keep its frame rate on
an idle screen, otherwise it sleeps until input.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

import pygame

from thirteen.ui import theme
from thirteen.ui.lru import LruCache

if TYPE_CHECKING:
    from thirteen.ui.app import App

CONFIRM_ARM_MS = 400
"""A give-up warning's button counts a second press only this long after the warning
came: a double click or double tap must not answer a question it never showed."""

DEAL_GRACE_MS = 200
"""Presses dropped after a new layout starts to fly out: the rest of a double click."""

ARRIVE_MS = 400
"""A screen that opens by itself (the end of a game) ignores presses this long: the
player's next click was meant for the cards it now covers."""


def same_press(app: App, asked_at: float) -> bool:
    """Whether a press now comes too soon after the warning it would answer (shown at
    ``asked_at``, in ``app.now_ms``) to be a second press: it is the rest of the press
    that asked, a double click or tap."""
    return app.now_ms - asked_at < CONFIRM_ARM_MS


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event."""

    def update(self, dt_ms: float) -> None:
        """Advance animations and timers."""

    def active(self) -> bool:
        """Whether time alone will change this scene (something moves or counts down in
        ``update``): while it does, the loop runs every frame; otherwise it may sleep
        until input comes."""
        return False

    def moving(self) -> bool:
        """Whether things move on screen this frame (cards in flight, a shake, a
        celebration): such frames may be shown at less than full sharpness."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole canvas."""

    def enter(self) -> None:
        """Called when the scene becomes the current one."""
        self.dirty = True

    def lays_out(self, size: tuple[int, int]) -> bool:
        """Whether the scene lays itself out on a canvas of ``size``; the others are laid
        out for 1280x720 and shown scaled to fit."""
        from thirteen.ui import HEIGHT, WIDTH

        return size == (WIDTH, HEIGHT)

    def relayout(self) -> None:
        """The canvas has a new size: lay the scene out again."""
        self.dirty = True

    def retext(self) -> None:
        """The player chose another language: make the words anew and fit them."""
        self.relayout()


BACKDROP_SIZES_KEPT = 3
"""How many canvas sizes of felt are kept, the least recently drawn dropped: a frame
draws the canvas's felt and a 1280x720 screen's."""
_backdrops: LruCache[tuple[int, int] | tuple[int, int, str], pygame.Surface] = LruCache(
    "backdrops", BACKDROP_SIZES_KEPT
)
"""The felt made for a canvas size, with the felt's name or "high contrast" unless it is
the green one, by size."""
_standing_in: list[pygame.Surface] = []
"""While a 1280x720 screen is drawn to be shown scaled on another canvas: the part of that
canvas's felt it will cover, so that the screen's felt and the canvas's are one."""


@contextmanager
def felt_under(surface: pygame.Surface) -> Iterator[None]:
    """Draw with ``surface`` as the felt of its size (see :data:`_standing_in`)."""
    _standing_in.append(surface)
    try:
        yield
    finally:
        _standing_in.pop()


VIGNETTE_SIZE = 64
"""The side of the vignette's one mask (:func:`_vignette`): smooth enough scaled to any
canvas, whose felt is itself an eighth of the canvas scaled up."""


@cache
def _vignette() -> pygame.Surface:
    """White whose alpha is how far the felt has turned from its centre colour to its
    edge colour: the square of the distance from the middle (1 at the edges' middles,
    reached at 1.3 times that), the same for every canvas shape once stretched to it.
    One mask for every canvas and felt: a felt for a new size or colour is then two
    blits and two scalings in its first frame, not a loop over its pixels."""
    side = VIGNETTE_SIZE
    half = side / 2
    pixels = bytearray()
    for y in range(side):
        dy = ((y + 0.5 - half) / half) ** 2
        for x in range(side):
            d = min(1.0, (((x + 0.5 - half) / half) ** 2 + dy) ** 0.5 / 1.3)
            pixels += bytes((255, 255, 255, round(255 * d * d)))
    return pygame.image.frombuffer(bytes(pixels), (side, side), "RGBA").copy()


def backdrop(size: tuple[int, int] | None = None, felt: str = "green") -> pygame.Surface:
    """Felt with a soft vignette for a canvas of ``size`` (1280x720 unless given), of one
    of :data:`theme.FELTS` (green unless named), built once per size and felt (a
    full-canvas blit per frame) and kept for the last few sizes."""
    from thirteen.ui import HEIGHT, WIDTH

    width, height = size or (WIDTH, HEIGHT)
    if _standing_in and _standing_in[-1].get_size() == (width, height):
        return _standing_in[-1]
    _label, centre, edge = theme.FELTS.get(felt, theme.FELTS["green"])
    key = (width, height) if felt == "green" else (width, height, felt)
    if theme.high_contrast:  # one plain dark table, whatever felt is chosen
        centre, edge = theme.CONTRAST_FELT
        key = (width, height, "high contrast")
    kept = _backdrops.get(key)
    if kept is None:
        surf = _dithered_felt((width, height), centre, edge)
        kept = surf.convert() if pygame.display.get_surface() else surf
        _backdrops.put(key, kept, (width, height))
    return kept


FELT_STEPS = 4
"""How many finer steps the felt's gradient is worked out in between two of a screen's
colour levels: a felt's centre and edge are a few dozen levels apart across half the
screen, so plain rounding would draw the gradient as visible bands."""


@cache
def _threshold_tile() -> pygame.Surface:
    """A tile of the ordered-dither thresholds 0 to :data:`FELT_STEPS` - 1 (a 2x2 Bayer
    matrix, repeated), in every colour channel."""
    side = 64
    bayer = ((0, 2), (3, 1))
    pixels = bytearray()
    for y in range(side):
        for x in range(side):
            t = bayer[y % 2][x % 2]
            pixels += bytes((t, t, t))
    return pygame.image.frombuffer(bytes(pixels), (side, side), "RGB").copy()


def _dithered_felt(
    size: tuple[int, int], centre: tuple[int, int, int], edge: tuple[int, int, int]
) -> pygame.Surface:
    """The felt's gradient from ``centre`` to ``edge``, ordered-dithered: worked out as
    :data:`FELT_STEPS` times the distance above the edge colour (every felt's centre is
    at most 63 levels above its edge, so that fits a channel), less a threshold from
    :func:`_threshold_tile`, scaled back down (rounding up) and laid on the edge colour.
    Neighbouring pixels then round differently where the gradient falls between two
    levels, and the eye sees the level between them instead of a band's edge."""
    width, height = size
    steps = FELT_STEPS
    span = tuple(steps * (c - e) for c, e in zip(centre, edge, strict=True))
    glow = pygame.Surface((max(1, width // 8), max(1, height // 8)))
    glow.fill(span)
    shade = _vignette().copy()
    shade.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)  # black, its alpha the edge
    glow.blit(pygame.transform.smoothscale(shade, glow.get_size()), (0, 0))
    surf = pygame.transform.smoothscale(glow, size)
    tile = _threshold_tile()
    side = tile.get_width()
    for y in range(0, height, side):
        for x in range(0, width, side):
            surf.blit(tile, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    surf.fill((256 // steps,) * 3, special_flags=pygame.BLEND_RGB_MULT)  # rounds up
    surf.fill(edge, special_flags=pygame.BLEND_RGB_ADD)
    return surf
