"""The canvas the scenes draw on, shaped like the window or the page it is shown in.

The logical canvas keeps its short side at :data:`SHORT_SIDE` pixels and takes its long
side from the shape of what shows it (a desktop window, the browser's viewport), within
21:9 either way: a phone held upright gets a tall canvas (720x1558 on a 390x844 phone),
sideways a wide one, a 4:3 tablet 960x720, the classic window 1280x720.

- Desktop: the window may be resized to any size; the canvas follows its shape and is
  scaled smoothly (not by whole numbers) to fill it, and pointer positions are mapped
  back onto the canvas.
- Browser: the canvas is the display itself (a new ``set_mode`` when the viewport's
  shape changes, which pygbag's runtime allows); the page's CSS scales it to the
  viewport with the aspect ratio the game tells it (see docs/web.md), and SDL maps
  pointer positions itself.
- Headless (tests, screenshots): the canvas is the display, at the size asked for.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any

import pygame

from thirteen.records.storage import browser_window
from thirteen.ui import HEIGHT, WIDTH
from thirteen.ui.canvas import MIN_WINDOW, VIEWPORT_POLL_MS, canvas_size, first_window_size
from thirteen.ui.canvas import fit as _fit
from thirteen.ui.crisp import SharpCanvas
from thirteen.ui.input_numbers import clamped, kept_point, window_side


class Display:
    """The window (or page canvas) and the logical canvas drawn on it."""

    def __init__(self, kind: str, size: tuple[int, int] | None = None) -> None:
        """``kind``: 'window' (a desktop window), 'page' (the browser), or 'fixed'
        (headless: ``size`` is the canvas)."""
        self.kind = kind
        self.changed = False
        """Set when the canvas got a new size; the App re-lays its scenes and clears it."""
        self.fullscreen = False
        """Whether the desktop window fills the screen (F11 switches, see
        :meth:`toggle_fullscreen`)."""
        self._since_poll = 0.0
        self.viewport: tuple[int, int] | None = None
        """The page's viewport in CSS pixels (the browser), or the one a headless canvas
        stands for (a test or a screenshot of a phone); None: not known."""
        self.window: pygame.Surface
        """What the player sees: the desktop window, else the canvas itself."""
        self.canvas: pygame.Surface
        """What the scenes draw on: a :class:`SharpCanvas` in a desktop window."""
        if kind == "window":
            window = size or first_window_size(_desktop_size())
            self.window = pygame.display.set_mode(window, pygame.RESIZABLE)
            _set_minimum_size(MIN_WINDOW)
            self.canvas = SharpCanvas(canvas_size(*window), self.window)
            self._scale_canvas()
        elif kind == "page":
            self.viewport = _viewport()
            self.window = self.canvas = self._page_mode(canvas_size(*self.viewport))
        else:
            self.window = self.canvas = pygame.display.set_mode(size or (WIDTH, HEIGHT))

    @staticmethod
    def _page_mode(size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.display.set_mode(size)
        _tell_page(size)
        return surface

    @property
    def size(self) -> tuple[int, int]:
        return self.canvas.get_size()

    def shown_at(self) -> float:
        """CSS (or screen) pixels per canvas pixel: how large the player sees the canvas,
        for the smallest type (see :func:`.theme.set_text_floor`)."""
        if self.kind == "window":
            return _fit(self.canvas.get_size(), self.window.get_size())[0]
        if self.viewport is None:
            return 1.0
        sides = [window_side(side) for side in self.viewport]
        if None in sides:  # a page's odd report: the type keeps the sizes asked for
            return 1.0
        return _fit(self.canvas.get_size(), (sides[0] or 1, sides[1] or 1))[0]

    def resize(self, width: int, height: int) -> None:
        """The window (or, headless, the canvas) is now ``width`` x ``height``; a headless
        canvas keeps its size when asked for one that is no size (see
        :func:`.input_numbers.window_side`)."""
        if self.kind == "window":
            self.window = pygame.display.get_surface() or self.window
            shape = canvas_size(width, height)
            if shape != self.canvas.get_size():
                self.canvas = SharpCanvas(shape, self.window)
                self.changed = True
            self._scale_canvas()
            return
        if self.kind == "fixed":
            sides = (window_side(width), window_side(height))
            if sides[0] is None or sides[1] is None:
                return
            shape = (sides[0], sides[1])
        else:
            self.viewport = (width, height)
            shape = canvas_size(width, height)
        if shape != self.canvas.get_size():
            if self.kind == "page":
                self.window = self.canvas = self._page_mode(shape)
            else:
                self.window = self.canvas = pygame.display.set_mode(shape)
            self.changed = True

    def toggle_fullscreen(self) -> bool:
        """The desktop window fills the screen (at the desktop's resolution, the same
        window), or comes back to its size before.  False where there is no such window
        (the browser has its own full screen, headless has none)."""
        if self.kind != "window":
            return False
        window = _display_window()
        try:
            if window is None:
                pygame.display.toggle_fullscreen()
            elif self.fullscreen:
                window.set_windowed()
            else:
                window.set_fullscreen(desktop=True)
        except pygame.error:
            return False
        self.fullscreen = not self.fullscreen
        surface = pygame.display.get_surface()
        if surface is not None:
            self.resize(*surface.get_size())
        return True

    def _scale_canvas(self) -> None:
        """Tell the window's canvas its scale (above 1 it notes what it can sharpen)."""
        if isinstance(self.canvas, SharpCanvas):
            self.canvas.set_scale(_fit(self.canvas.get_size(), self.window.get_size())[0])

    def poll(self, dt_ms: float) -> None:
        """In the browser, look at the viewport now and then: a phone turned, a window
        resized, the address bar hidden."""
        if self.kind != "page":
            return
        self._since_poll += dt_ms
        if self._since_poll < VIEWPORT_POLL_MS:
            return
        self._since_poll = 0.0
        self.resize(*_viewport())

    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A pointer position in the window, on the canvas (one far off it, or not a
        number, put within reach: see :func:`.input_numbers.kept_point`)."""
        pos = kept_point(pos)
        if self.kind != "window":
            return pos
        scale, left, top = _fit(self.canvas.get_size(), self.window.get_size())
        if not scale > 0:  # a window of no size: nothing on it to point at
            return pos
        return (clamped((pos[0] - left) / scale), clamped((pos[1] - top) / scale))

    def sharp(self, on: bool) -> None:
        """Whether the next frame's text and cards are drawn again at the window's
        resolution (see :mod:`.crisp`); a frame in motion is shown only scaled."""
        if isinstance(self.canvas, SharpCanvas):
            self.canvas.noting = on

    def present(self) -> None:
        """Show the canvas: scaled smoothly into the window, or as it is."""
        if self.kind == "window" and self.canvas.get_size() != self.window.get_size():
            scale, left, top = _fit(self.canvas.get_size(), self.window.get_size())
            w = round(self.canvas.get_width() * scale)
            h = round(self.canvas.get_height() * scale)
            if (w, h) != self.window.get_size():
                self.window.fill((10, 38, 27))  # beyond 21:9: felt-coloured margins
            scaled = pygame.transform.smoothscale(self.canvas, (w, h))
            self.window.blit(scaled, (left, top))
            if isinstance(self.canvas, SharpCanvas) and self.canvas.noting:
                self.canvas.sharpen(self.window, scaled, left, top)
        elif self.kind == "window":
            self.window.blit(self.canvas, (0, 0))
        if isinstance(self.canvas, SharpCanvas):
            self.canvas.forget()
        pygame.display.flip()


def _desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None


def _display_window() -> pygame.Window | None:
    """The display module's window as pygame-ce's Window, or None where it is missing."""
    try:
        with warnings.catch_warnings():
            # pygame-ce 2.5 calls this bridge deprecated, but keeps it (and it is the one
            # way to reach the display module's window)
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager for a smallest window (pygame-ce's Window; where it is
    missing, a smaller window still works: the canvas only scales further)."""
    window = _display_window()
    if window is not None:
        try:
            window.minimum_size = size
        except pygame.error:
            pass


def page_window() -> Any:  # pragma: no cover - the browser only
    """The page's ``window`` in the browser (:func:`~thirteen.records.storage.browser_window`), None
    elsewhere."""
    if sys.platform != "emscripten":
        return None
    try:
        return browser_window()
    except ImportError:
        return None


def page_languages() -> list[str]:
    """The languages the player asked for, first first, [] off the page: the language of
    the page they opened (``de.html`` says German in its ``data-page-language``),
    then the browser's preferred ones (``navigator.languages``)."""
    window = page_window()
    if window is None:
        return []
    return _page_own_language(window) + _browser_languages(window)


def _page_own_language(window: Any) -> list[str]:
    try:
        own = window.document.documentElement.getAttribute("data-page-language")
    except Exception:  # a page without a document to ask: the browser's languages decide
        return []
    return [str(own)] if isinstance(own, str) and own else []


def _browser_languages(window: Any) -> list[str]:
    try:
        # joined in the page: a string crosses the bridge alike in pygbag and Pyodide
        return [tag for tag in str(window.navigator.languages.join(",")).split(",") if tag]
    except Exception:  # an older browser: its one language, if even that
        try:
            return [str(window.navigator.language)]
        except Exception:
            return []


def _viewport() -> tuple[int, int]:
    """The size of the box the page lets the canvas fill, in CSS pixels."""
    window = page_window()
    if window is None:
        return (WIDTH, HEIGHT)
    try:
        box = window.thirteen_viewport()
        return (int(box[0]), int(box[1]))
    except Exception:  # an older page: the whole viewport
        try:
            return (int(window.innerWidth), int(window.innerHeight))
        except Exception:
            return (WIDTH, HEIGHT)


def _tell_page(size: tuple[int, int]) -> None:
    """Give the page the canvas's shape, so that its CSS shows it unstretched."""
    window = page_window()
    if window is None:
        return
    try:
        style = window.document.documentElement.style
        style.setProperty("--lw", str(size[0]))
        style.setProperty("--lh", str(size[1]))
    except Exception:  # the page keeps its own ratio: the picture stays whole
        pass
