"""Starting the game: the window's own ``--query``, the display, the App and its loop.

``python -m thirteen play`` and the browser's ``main.py`` both come here.  The App made
last is :data:`current`, which the browser's tests read through the page.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

import pygame

from thirteen.records.profile import Profile
from thirteen.session import share
from thirteen.ui.app import App, drive
from thirteen.ui.display import Display

current: App | None = None
"""The running App (the web bundle's tests read ``current.game``)."""
WINDOW_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
"""Where SDL takes the desktop window's class from (which a dock or task bar groups and
names windows by): pygame sets them to the name of the script that started Python."""


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The window's own arguments: a link's query to open (the rest is the command line's)."""
    parser = argparse.ArgumentParser(prog="thirteen play")
    parser.add_argument("--query", default=None, help='a link query, e.g. "?game=thirteens&deal=1"')
    args, _ = parser.parse_known_args(list(argv or []))
    return args


def display_kind(platform: str = sys.platform, driver: str | None = None) -> str:
    """'page' in the browser, 'fixed' for the headless driver of tests and screenshots,
    else a desktop 'window' the player can resize or maximise (see :mod:`.ui.display`)."""
    if driver is None:
        driver = os.environ.get("SDL_VIDEODRIVER", "")
    if platform == "emscripten":
        return "page"
    return "fixed" if driver in ("dummy", "offscreen") else "window"


def make_app(
    argv: Sequence[str] | None = None,
    profile: Profile | None = None,
    size: tuple[int, int] | None = None,
) -> App:
    """Initialise pygame, open the display and build the App (``size``: the headless
    canvas, or the desktop window's first size)."""
    global current
    args = parse(argv)
    query = args.query if args.query is not None else share.page_query()
    for hint in WINDOW_CLASS_HINTS:  # before the display opens (pygame's import set it)
        os.environ[hint] = "Thirteen"
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Thirteen")  # the window is made with its name
    try:
        display = Display(display_kind(), size)
    except pygame.error:  # no window that can be resized: a plain canvas
        display = Display("fixed", size)
    current = App(display, profile, query or "")
    return current


async def run(argv: list[str] | None = None) -> None:
    """Run the game until the window closes (in the browser: for ever)."""
    app = make_app(argv)
    await drive(app)
    if sys.platform != "emscripten":
        unsaved = app.session.close()
        if unsaved:
            print(unsaved, file=sys.stderr)  # the window is gone: the terminal is told
        pygame.quit()


def run_desktop(args: argparse.Namespace) -> int:
    """``python -m thirteen play``: the same loop, driven by asyncio.run."""
    argv: list[str] = []
    if getattr(args, "query", None):
        argv += ["--query", args.query]
    asyncio.run(run(argv))
    return 0
