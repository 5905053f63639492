"""The window's pointer events as the scenes read them.

A tap is a left click where the finger went down (:mod:`.touch` tells a tap from a
swipe or a pinch), the mouse's echo of a touch is dropped, a finger never hovers, and a
position is where the scene on show reads it (a 1280x720 screen is shown scaled on
other canvases).  The scenes see a press as ``MOUSEBUTTONDOWN`` with ``touch`` False,
and the pointer as ``MOUSEMOTION``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from thirteen.ui.touch import TapReader

Point = tuple[int, int]


class PointerReader:
    """Turns the mouse's and the fingers' events into presses and motions on the scene."""

    def __init__(
        self,
        to_canvas: Callable[[Point], Point],
        canvas_size: Callable[[], Point],
        to_scene: Callable[[Point], Point],
    ) -> None:
        self.to_canvas = to_canvas
        """A point of the window on the canvas."""
        self.canvas_size = canvas_size
        """The canvas's size now (the fingers' fractions are of it)."""
        self.to_scene = to_scene
        """A point of the canvas where the scene on show reads it."""
        self.taps = TapReader()

    def finger_down(self, event: pygame.event.Event) -> None:
        self.taps.size = self.canvas_size()
        self.taps.down(event.touch_id, event.finger_id, event.x, event.y)

    def finger_motion(self, event: pygame.event.Event) -> None:
        self.taps.size = self.canvas_size()
        self.taps.motion(event.touch_id, event.finger_id, event.x, event.y)

    def tap(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A finger lifted: the left click its tap is, or None when it ends no tap."""
        self.taps.size = self.canvas_size()
        pos = self.taps.up(event.touch_id, event.finger_id, event.x, event.y)
        if pos is None:
            return None
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=self.to_scene(pos), button=1, touch=False
        )

    def press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A mouse button went down: the press on the scene, or None for the echo of a
        touch."""
        pos = self.to_canvas(event.pos)
        if getattr(event, "touch", False) or self.taps.is_echo(pos):
            return None
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=self.to_scene(pos), button=event.button, touch=False
        )

    def motion(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The mouse moved: the motion on the scene, or None once fingers are in use (a
        finger does not hover)."""
        pos = self.to_canvas(event.pos)
        if getattr(event, "touch", False) or self.taps.touched:
            return None
        return pygame.event.Event(pygame.MOUSEMOTION, pos=self.to_scene(pos), touch=False)
