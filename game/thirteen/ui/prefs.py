"""The page's display preferences (reduced motion, more contrast) as the defaults of the
settings a player has not chosen.

A setting stored as None is "not chosen": it follows what the browser says through
``window.matchMedia`` (asked once, when the game starts), and on the desktop, where no
page asks, the setting's own default.  Once the player flips it in the settings, the
choice is stored and the browser no longer decides.

Only the standard library: this runs in the browser bundle.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from thirteen.records.storage import browser_window

if TYPE_CHECKING:
    from thirteen.records.settings import Settings

REDUCED_MOTION = "(prefers-reduced-motion: reduce)"
MORE_CONTRAST = "(prefers-contrast: more)"


@dataclass(frozen=True)
class PagePreferences:
    """What the browser (or the system under it) asks of the page."""

    reduced_motion: bool = False
    more_contrast: bool = False


UNCHOSEN: dict[str, Callable[[PagePreferences], bool]] = {
    "animations": lambda page: not page.reduced_motion,
    "high_contrast": lambda page: page.more_contrast,
}
"""For each setting that may be left "not chosen" (None), its value then."""


def page_preferences(
    platform: str | None = None, window: Callable[[], Any] = browser_window
) -> PagePreferences:
    """The page's preferences; none asked on the desktop or when the page cannot tell.
    ``platform`` and ``window`` exist for tests.  Never raises."""
    platform = sys.platform if platform is None else platform
    if platform != "emscripten":
        return PagePreferences()
    try:
        win = window()
    except Exception:
        return PagePreferences()
    return PagePreferences(_matches(win, REDUCED_MOTION), _matches(win, MORE_CONTRAST))


def _matches(win: Any, query: str) -> bool:
    try:
        return bool(win.matchMedia(query).matches)
    except Exception:  # an old browser without matchMedia, or one that refuses the query
        return False


def resolved(settings: Settings, name: str, page: PagePreferences) -> Any:
    """The value of setting ``name`` in effect: the player's choice, else the page's;
    ``motion`` (:attr:`.Settings.motion`): the animations' speed, or "off"."""
    if name == "motion":
        return settings.animation_speed if resolved(settings, "animations", page) else "off"
    value = getattr(settings, name)
    if value is None and name in UNCHOSEN:
        return UNCHOSEN[name](page)
    return value
