"""Numbers from input made safe to use: pointer and finger positions, window sizes.

SDL hands on what the system or the browser gives it, and a confused device, page or
synthetic event may carry NaN, an infinity, or a number so large that arithmetic on it
overflows (a finger at x = 1e308 is infinitely far once multiplied by the window's
width).  So every check here is made on the result of the arithmetic, and a position is
kept within :data:`FAR` of the canvas: pygame's rectangles wrap a coordinate beyond 32
bits round, so that a point far off the canvas could land on a button.  Free of pygame
(:mod:`.canvas` uses it, which the command line's options use).
"""

from __future__ import annotations

import math

FAR = 1 << 20
"""How far from the canvas's corner (logical pixels, either way) a position is kept:
farther than any window reaches, near enough for every coordinate pygame takes."""

MAX_SIDE = 16384
"""The largest side of a canvas set to a size asked for (headless): the largest texture
most graphics drivers take."""


def real(value: float) -> float:
    """``value`` as a float: an int too large for one is an infinity of its sign."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def canvas_point(x: float, y: float) -> tuple[int, int] | None:
    """The canvas pixel at ``x``, ``y`` (the results of arithmetic on input), or None
    when either is not a finite number or lies farther than :data:`FAR`."""
    x, y = real(x), real(y)
    if not (abs(x) <= FAR and abs(y) <= FAR):  # NaN compares false
        return None
    return (int(x), int(y))


def clamped(value: float) -> int:
    """``value`` (the result of arithmetic on input) as a whole number of pixels within
    :data:`FAR`: beyond it, the nearer of -FAR and FAR; NaN, -FAR (off the canvas)."""
    number = real(value)
    if not abs(number) <= FAR:
        return FAR if number > 0 else -FAR  # NaN compares false: -FAR
    return int(number)


def kept_point(pos: tuple[int, int]) -> tuple[int, int]:
    """A pointer position from input: ``pos`` itself when both are numbers within
    :data:`FAR`, else each one :func:`clamped`."""
    x, y = pos[0], pos[1]
    if abs(real(x)) <= FAR and abs(real(y)) <= FAR:
        return pos
    return (clamped(x), clamped(y))


def window_side(value: float) -> int | None:
    """A canvas side asked for, as a whole number of pixels from 1 to :data:`MAX_SIDE`,
    or None for any other number (NaN, an infinity, 0, a negative one, a huge one)."""
    number = real(value)
    if not 1 <= number <= MAX_SIDE:
        return None
    return int(number)
