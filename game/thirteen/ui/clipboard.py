"""Putting text (a deal's link) on the system clipboard, in the browser and on the desktop.

The two ways differ and either can be refused, so callers get one of three
answers to word their message by:

* browser: a hidden text area selected and copied with ``document.execCommand``,
  which answers at once (the click that asked is still a user activation when the
  frame handles it); failing that, the asynchronous ``navigator.clipboard``, which
  may still refuse later (itch.io's frame, an insecure page) without telling us;
* desktop: SDL's clipboard through ``pygame.scrap``, read back to be sure.

Only the standard library and pygame-ce: this runs in the browser bundle.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from thirteen.records.storage import browser_window

COPIED = "copied"
"""The text is on the clipboard."""
ASKED = "asked"
"""Handed to the browser's asynchronous clipboard, which may yet refuse it."""
FAILED = "failed"
"""Nothing reached the clipboard."""


def copy_text(
    text: str, platform: str | None = None, window: Callable[[], Any] = browser_window
) -> str:
    """Put ``text`` on the clipboard: :data:`COPIED`, :data:`ASKED` or :data:`FAILED`.

    Never raises.  ``platform`` and ``window`` exist for tests.
    """
    platform = sys.platform if platform is None else platform
    if platform == "emscripten":
        return _copy_in_browser(text, window)
    return _copy_with_sdl(text)


def _copy_in_browser(text: str, window: Callable[[], Any]) -> str:
    try:
        win = window()
    except Exception:
        return FAILED
    try:
        doc = win.document
        had_focus = doc.activeElement
        area = doc.createElement("textarea")
        area.value = text
        area.setAttribute("readonly", "")
        area.style.position = "fixed"
        area.style.left = "-9999px"
        doc.body.appendChild(area)
        try:
            area.select()
            area.setSelectionRange(0, len(text))  # iOS selects nothing with select() alone
            copied = bool(doc.execCommand("copy"))
        finally:
            area.remove()
            if had_focus is not None:  # the canvas keeps the keyboard
                had_focus.focus()
        if copied:
            return COPIED
    except Exception:
        pass
    try:
        win.navigator.clipboard.writeText(text)
    except Exception:
        return FAILED
    return ASKED


def _copy_with_sdl(text: str) -> str:
    try:
        import pygame

        if not pygame.display.get_init():
            return FAILED
        pygame.scrap.put_text(text)
        return COPIED if pygame.scrap.get_text() == text else FAILED
    except Exception:
        return FAILED
