"""Sleeping until input on the desktop, at next to no cost, and waking when it comes.

``pygame.event.wait`` cannot do it: pygame-ce implements it as a loop that looks at
the queue every millisecond, which costs more than the 60-frames-a-second loop it
would replace.  SDL itself can block: its own
``SDL_WaitEventTimeout`` sleeps in the window system (X11, Wayland, Windows, macOS)
until an event comes or one is posted from another thread or a timer.  Called with no
event to fill, it leaves the event queued for the next frame.  So :func:`wait_for_event`
calls it in the SDL library pygame loaded, found with ctypes.  Where that library
cannot be found, or the video driver cannot block (the headless ``dummy`` driver of
tests and benchmarks, where SDL would poll every millisecond too), it looks at the
queue once a frame instead: input is still seen within a frame.

Never used in the browser, which cannot block at all (see :mod:`thirteen.ui.app`).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

LOOK_MS = 16
"""How often the fallback looks at the queue: once a frame at 60 frames a second."""

BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""SDL video drivers whose SDL_WaitEventTimeout sleeps in the window system until an
event comes (asked of SDL 2.0.22 or later); the others poll every millisecond."""

SDL_INIT_VIDEO = 0x20

_blocking: Callable[[int], int] | None = None
_resolved = False


def wait_for_event(ms: float) -> None:
    """Sleep until an event is queued (it stays queued) or ``ms`` pass."""
    block = _sdl_wait()
    if block is not None:
        start = time.perf_counter()
        if block(max(1, math.ceil(ms))) or (time.perf_counter() - start) * 1000 >= ms / 2:
            return
        _give_up_blocking()  # it came back at once with nothing: this SDL cannot wait
    look_until_event(ms)


def how_it_waits() -> str:
    """Which of the two waits :func:`wait_for_event` uses here, in words (for figures)."""
    if _sdl_wait() is not None:
        return "SDL's blocking wait"
    return f"a look at the event queue every {LOOK_MS} ms"


def look_until_event(ms: float) -> None:
    """Sleep ``ms`` in steps of :data:`LOOK_MS`, returning at the end of the step in which
    an event came."""
    end = time.perf_counter() + ms / 1000
    while not pygame.event.peek():
        left = (end - time.perf_counter()) * 1000
        if left <= 0:
            return
        pygame.time.wait(min(LOOK_MS, math.ceil(left)))


def _give_up_blocking() -> None:
    global _blocking
    _blocking = None


def _sdl_wait() -> Callable[[int], int] | None:
    """SDL_WaitEventTimeout(NULL, ms) in pygame's SDL, once the driver can block; None
    where it cannot (looked up once)."""
    global _blocking, _resolved
    if not _resolved:
        _resolved = True
        driver = pygame.display.get_driver() if pygame.display.get_init() else ""
        if driver in BLOCKING_DRIVERS and pygame.get_sdl_version() >= (2, 0, 22):
            _blocking = _find_sdl_wait()
    return _blocking


def _find_sdl_wait() -> Callable[[int], int] | None:
    """The wait function of the SDL library this process runs pygame with: the one
    whose video is initialised (another copy on the disk would not be)."""
    import ctypes

    for name in _sdl_libraries():
        try:
            lib = ctypes.CDLL(name)
            was_init, wait = lib.SDL_WasInit, lib.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        was_init.argtypes, was_init.restype = [ctypes.c_uint32], ctypes.c_uint32
        if not was_init(SDL_INIT_VIDEO):
            continue
        wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
        return lambda ms: wait(None, ms)
    return None


def _sdl_libraries() -> list[str]:
    """Where pygame's SDL 2 library may be: on Linux the one mapped into this process,
    on Windows the DLL of that name (found among the loaded ones first), on macOS the
    copy pygame's wheel carries."""
    if sys.platform.startswith("linux"):
        try:
            lines = Path("/proc/self/maps").read_text().splitlines()
        except OSError:
            return []
        paths = {line.split(maxsplit=5)[-1] for line in lines if "libSDL2" in line}
        return sorted(p for p in paths if os.path.basename(p)[7:8] in ("-", "."))
    here = Path(pygame.__file__).parent
    if sys.platform == "win32":
        return ["SDL2.dll", str(here / "SDL2.dll")]
    if sys.platform == "darwin":
        return [str(p) for p in sorted((here / ".dylibs").glob("libSDL2-*.dylib"))]
    return []
