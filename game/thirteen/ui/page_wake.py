"""Sleeping on an idle screen in the browser until the page sees input.

The browser cannot block, so the loop yields; how often it wakes to look at the event
queue sets what an idle table costs.  Where the runtime can call Python from a page
event (Pyodide, the WebAssembly stand-in of the tests, through ``pyodide.ffi``), the
loop sleeps on an :class:`asyncio.Event` that listeners on the page's window set, in
the capture phase, at any pointer, key, wheel, touch, focus, resize or storage event:
the loop wakes the moment input comes and otherwise only once a second (for the looks
that count real time).  The input itself still reaches the game through SDL's queue.

At full rate the loop waits there for the page's next display frame
(``requestAnimationFrame``, :meth:`PageWake.next_frame`), as pygbag's runtime resumes it
once per display frame: Pyodide's own ``asyncio.sleep(0)`` resumes through a zero
timer, which would run frames faster than the screen shows them, and a frame's work
would not start where the browser expects to be handed the next picture.

pygbag's runtime has no such call (its page events reach Python through a queue that
Python polls), so there the loop keeps yielding ``PAGE_IDLE_SLEEP_MS`` at a time (see
:mod:`thirteen.ui.pacing`), and pygbag's display-frame clock sets the rest (docs/web.md).
"""

from __future__ import annotations

import asyncio
from typing import Any

WAKING_EVENTS = (
    "pointerdown",
    "pointerup",
    "pointermove",
    "mousedown",
    "mouseup",
    "mousemove",
    "wheel",
    "touchstart",
    "touchmove",
    "touchend",
    "touchcancel",
    "keydown",
    "keyup",
    "click",
    "focus",
    "blur",
    "resize",
    "storage",
)
"""Page events that may change what the game should do: input of every kind (the
hidden controls for screen readers are buttons, so their clicks and keys too), focus,
a new size, and another tab writing the save slot."""

FRAME_WAIT_MS = 250.0
"""The longest the full-rate loop waits for a display frame (see :meth:`PageWake.next_frame`)."""


class PageWake:
    """Wakes the browser loop at page input (see the module's text)."""

    def __init__(self) -> None:
        self.stirred: asyncio.Event | None = None
        self.listener: Any = None
        self.installed = False
        self.wakes = 0
        """Sleeps ended by page input (the tests count them)."""
        self.on_frame: Any = None
        self.frame: asyncio.Future[None] | None = None

    def install(self) -> bool:
        """Listen on the page's window, where the runtime can call Python from a page
        event; whether it can (then :meth:`sleep` wakes at input)."""
        if self.installed:
            return True
        try:
            import js
            import pyodide_js  # type: ignore[import-not-found]  # noqa: F401 - Pyodide's own, only in the page
            from pyodide.ffi import create_proxy, to_js
        except ImportError:
            return False
        self.stirred = asyncio.Event()
        self.listener = create_proxy(self._stir)
        self.on_frame = create_proxy(self._framed)
        options = to_js({"capture": True, "passive": True}, dict_converter=js.Object.fromEntries)
        for name in WAKING_EVENTS:
            js.window.addEventListener(name, self.listener, options)
        self.installed = True
        return True

    def _stir(self, _event: Any = None) -> None:
        if self.stirred is not None and not self.stirred.is_set():
            self.stirred.set()
            self.wakes += 1

    def _framed(self, _time: Any = None) -> None:
        if self.frame is not None and not self.frame.done():
            self.frame.set_result(None)

    async def next_frame(self) -> None:
        """Wait for the page's next display frame (installed first), or for
        :data:`FRAME_WAIT_MS` if none comes: a hidden page gets no display frames, and
        there the loop still goes on, slowly, as a timer lets it."""
        import js

        self.frame = asyncio.get_running_loop().create_future()
        js.requestAnimationFrame(self.on_frame)
        try:
            await asyncio.wait_for(self.frame, FRAME_WAIT_MS / 1000)
        except TimeoutError:
            pass

    async def sleep(self, ms: float) -> None:
        """Sleep until page input or ``ms`` pass.  Between the frame that decided to sleep
        and this, no page event can have run (both are one synchronous run of Python), so
        nothing that came before the sleep is missed."""
        assert self.stirred is not None, "install() first"
        self.stirred.clear()
        try:
            await asyncio.wait_for(self.stirred.wait(), ms / 1000)
        except TimeoutError:
            pass
