"""The canvas's shape for a window or viewport (free of pygame: the command line's shot
options use it): the short side :data:`SHORT_SIDE` logical pixels, the long side what the
shape gives, within 21:9 either way.  :mod:`.display` shows the canvas."""

from __future__ import annotations

import math

from thirteen.ui import HEIGHT, WIDTH
from thirteen.ui.input_numbers import real

SHORT_SIDE = 720
WIDEST = 21 / 9
"""The widest (and, upright, the tallest) canvas shape; beyond it the canvas stops
growing and the window or page shows felt-coloured margins."""
MIN_WINDOW = (480, 480)
"""The smallest desktop window the player can drag to."""
VIEWPORT_POLL_MS = 250
"""How often the browser's viewport is looked at for a new shape (a phone turned)."""


def canvas_size(width: float, height: float) -> tuple[int, int]:
    """The logical canvas for a window or viewport of ``width`` x ``height`` (any unit);
    1280x720 for one of no shape (a side not above 0, NaN, both sides infinite)."""
    width, height = real(width), real(height)
    if not (width > 0 and height > 0) or width == height == math.inf:
        return (WIDTH, HEIGHT)
    ratio = min(max(width / height, 1 / WIDEST), WIDEST)
    if ratio >= 1:
        return (round(SHORT_SIDE * ratio), SHORT_SIDE)
    return (SHORT_SIDE, round(SHORT_SIDE / ratio))


def first_window_size(screen: tuple[int, int] | None) -> tuple[int, int]:
    """The desktop window's size at start: 1280x720 where it fits in nine tenths of the
    screen, else the largest 16:9 window that does (a laptop 768 pixels high)."""
    if not screen or not all(0 < real(side) < math.inf for side in screen):
        return (WIDTH, HEIGHT)
    fit = min(1.0, 0.9 * screen[0] / WIDTH, 0.9 * screen[1] / HEIGHT)
    return (
        max(MIN_WINDOW[0], round(WIDTH * fit)),
        max(MIN_WINDOW[1], round(HEIGHT * fit)),
    )


def fit(inner: tuple[int, int], outer: tuple[int, int]) -> tuple[float, int, int]:
    """(scale, left, top) that shows ``inner`` as large as fits in ``outer``, centred."""
    scale = min(outer[0] / inner[0], outer[1] / inner[1])
    return (
        scale,
        round((outer[0] - inner[0] * scale) / 2),
        round((outer[1] - inner[1] * scale) / 2),
    )
