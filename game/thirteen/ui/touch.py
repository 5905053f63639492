"""Fingers to taps: a finger that goes down and comes up in place is a click.

A tap acts when the finger lifts, as phone buttons do, so that a swipe or a pinch
that happens to start on a card plays nothing.  Acting the moment a finger touched
(as a mouse press does) would let a pinch count every finger as a click, which could
remove a King or a pair, and let an attempt to scroll select or remove the card
under it.

A pinch is told by movement, not by two fingers being down: two thumbs typing a
name roll over (the second lands before the first lifts), and a hand holding a
tablet may rest a finger on the screen; those taps all count.  Once a finger
moves while another is down, no finger of that touch taps.

Pure bookkeeping over SDL's finger events (x and y are fractions of the window).
A finger event whose position is not a finite number (NaN or infinity, from a
confused screen or browser) is ignored: it places no finger and plays no tap.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from thirteen.ui import HEIGHT, WIDTH
from thirteen.ui.input_numbers import canvas_point

TAP_SLOP = 24
"""Logical pixels a finger may wander between down and up and still tap (about
13 CSS pixels on a phone held sideways, which shows the canvas at about half size)."""

ECHO_MS = 600
"""A mouse press this soon after a touch near the same place is the system's echo of it."""

ECHO_NEAR = 40
"""How near (logical pixels, each way) a mouse press must be to a touch to be its echo."""

STALE_S = 5.0
"""A finger down this long when another comes down is forgotten: its lift may have
been lost (a tab switch, say), and a pinch would otherwise never end, so no tap
would ever play again."""


@dataclass
class _Finger:
    at: tuple[int, int]
    since: float
    moved: bool = False


def finger_pos(
    x: float, y: float, size: tuple[int, int] = (WIDTH, HEIGHT)
) -> tuple[int, int] | None:
    """SDL's finger fractions as a point on the logical canvas of ``size``; None when
    the point is not finite (a fraction of 1e308 overflows) or lies far off the canvas."""
    return canvas_point(x * size[0], y * size[1])


class TapReader:
    """Turns finger events into taps, and tells the mouse echo of a touch apart."""

    def __init__(self) -> None:
        self.size: tuple[int, int] = (WIDTH, HEIGHT)
        """The canvas the fingers' fractions are of (the App keeps it current)."""
        self._down: dict[tuple[int, int], _Finger] = {}
        self._pinch = False
        """A finger moved while another was down: no finger taps until all are up."""
        self._last_touch: tuple[float, tuple[int, int]] | None = None
        """When and where a finger last went down or came up (for :meth:`is_echo`)."""

    def down(self, touch_id: int, finger_id: int, x: float, y: float) -> None:
        now = time.monotonic()
        for key, finger in list(self._down.items()):
            if now - finger.since > STALE_S:
                del self._down[key]
        if not self._down:
            self._pinch = False
        at = finger_pos(x, y, self.size)
        if at is None:  # no place to tap: this finger is not followed
            self._down.pop((touch_id, finger_id), None)  # (nor an earlier touch of its id)
            return
        self._down[(touch_id, finger_id)] = _Finger(at, now)
        self._last_touch = (now, at)

    def motion(self, touch_id: int, finger_id: int, x: float, y: float) -> None:
        finger = self._down.get((touch_id, finger_id))
        at = finger_pos(x, y, self.size)
        if finger is not None and at is not None and not _near(finger.at, at, TAP_SLOP):
            finger.moved = True
            if len(self._down) > 1:
                self._pinch = True

    def up(self, touch_id: int, finger_id: int, x: float, y: float) -> tuple[int, int] | None:
        """Where the tap landed, or None when this lift ends no tap."""
        finger = self._down.pop((touch_id, finger_id), None)
        pinch = self._pinch
        if not self._down:
            self._pinch = False
        at = finger_pos(x, y, self.size)
        if at is None:
            return None  # lifted, somewhere: no tap
        self._last_touch = (time.monotonic(), at)
        if finger is None or pinch or finger.moved or not _near(finger.at, at, TAP_SLOP):
            return None
        return finger.at

    @property
    def touched(self) -> bool:
        """Whether a finger has touched the screen: a pointer that moves then is no mouse."""
        return self._last_touch is not None or bool(self._down)

    def is_echo(self, pos: tuple[int, int]) -> bool:
        """Whether a mouse press at ``pos`` is the echo of a touch: near a finger that is
        down, or near where one went down or came up just now."""
        if any(_near(f.at, pos, ECHO_NEAR) for f in self._down.values()):
            return True
        if self._last_touch is None:
            return False
        when, at = self._last_touch
        return (time.monotonic() - when) * 1000 < ECHO_MS and _near(at, pos, ECHO_NEAR)


def _near(a: tuple[int, int], b: tuple[int, int], by: int) -> bool:
    return abs(a[0] - b[0]) <= by and abs(a[1] - b[1]) <= by
