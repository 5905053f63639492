"""Colours, fonts and cached text: one place so every scene looks the same.

Text is rendered once per (text, size, colour) and kept, because rendering
glyphs is the slowest thing a frame would otherwise do; the texts and fonts last used
are kept, up to :data:`TEXT_PIXELS_KEPT` and :data:`FONTS_KEPT`.
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Callable

import pygame

from thirteen.core.i18n import N_
from thirteen.ui import typeface
from thirteen.ui.lru import LruCache

FELT = (22, 84, 58)
FELT_DARK = (14, 58, 40)
FELTS: dict[str, tuple[str, tuple[int, int, int], tuple[int, int, int]]] = {
    "green": (N_("Green felt"), FELT, FELT_DARK),
    "blue": (N_("Blue felt"), (24, 70, 112), (12, 40, 70)),
    "red": (N_("Red felt"), (112, 30, 40), (66, 16, 24)),
    "grey": (N_("Slate"), (64, 72, 78), (34, 40, 44)),
}
"""The table colours to choose from: name shown in the settings, centre and edge colour.
Menus stay on the green felt; the table takes the player's choice."""
PANEL = (10, 38, 27)
PANEL_EDGE = (40, 110, 80)
INK = (240, 244, 238)
INK_DIM = (170, 196, 182)
GOLD = (255, 204, 64)
HINT = (80, 220, 255)
FOCUS = (255, 255, 255)
BUTTON = (34, 104, 74)
BUTTON_EDGE = (90, 170, 130)
BUTTON_DOWN = (20, 70, 50)
BUTTON_TEXT = (245, 250, 245)
PRIMARY = (196, 150, 40)
"""The gold of the chosen or main button; its words are dark (white on it would be 2.6:1)."""
PRIMARY_TEXT = (16, 42, 28)
PRIMARY_KEY = (62, 48, 14)
DISABLED = (60, 90, 75)
DANGER = (200, 70, 60)
SHADOW = (0, 0, 0, 70)
PRIMARY_EDGE = (255, 214, 110)
BUTTON_KEY = (210, 230, 215)
"""A button's shortcut letters, under its label."""
DISABLED_TEXT = (140, 160, 150)
DISABLED_KEY = (120, 140, 130)
BUTTON_SHADE = (6, 30, 20)
OPTION = (16, 60, 42)
"""The box of one option in the settings."""
NOTICE = (8, 28, 20)
"""The box of a notice over the table (a banner, a round's figures): opaque, so that no
card shows through its words."""
EDGE_W = 2
"""How thick buttons' and boxes' edges are drawn."""

NORMAL: dict[str, object] = {
    name: value for name, value in globals().items() if name.isupper() and name != "FELTS"
}
"""The palette above, as :func:`set_display` puts it back."""
HIGH_CONTRAST: dict[str, object] = {
    "PANEL": (0, 0, 0),
    "PANEL_EDGE": (255, 255, 255),
    "INK_DIM": (235, 235, 235),
    "GOLD": (255, 230, 0),
    "HINT": (0, 240, 255),
    "FOCUS": (255, 230, 0),
    "BUTTON": (0, 0, 0),
    "BUTTON_EDGE": (255, 255, 255),
    "BUTTON_DOWN": (60, 60, 60),
    "BUTTON_TEXT": (255, 255, 255),
    "BUTTON_KEY": (255, 230, 0),
    "PRIMARY": (255, 230, 0),
    "PRIMARY_TEXT": (0, 0, 0),
    "PRIMARY_KEY": (0, 0, 0),
    "PRIMARY_EDGE": (255, 255, 255),
    "DISABLED": (40, 40, 40),
    "DISABLED_TEXT": (190, 190, 190),
    "DISABLED_KEY": (170, 170, 170),
    "DANGER": (255, 90, 70),
    "BUTTON_SHADE": (0, 0, 0),
    "OPTION": (0, 0, 0),
    "NOTICE": (0, 0, 0),
    "EDGE_W": 3,
}
"""The high-contrast palette: white and yellow on black, thick white edges, the keyboard
focus yellow (told from the white edges)."""
CONTRAST_FELT = ((14, 14, 16), (0, 0, 0))
"""The table in high contrast, whatever felt is chosen: near black, centre and edge."""
LARGER_TEXT = 1.25
"""How much larger text is set with the larger-text setting."""

high_contrast = False
"""Whether the high-contrast palette is in use (card art and the felt read it too)."""
text_scale = 1.0
"""Every type size asked for is multiplied by this where the font is chosen."""


MIN_TEXT_CSS = 11
"""The smallest type a player is shown, in CSS pixels (its em): smaller does not read
on a phone held at arm's length."""
min_text_px = 0.0
"""The smallest em any text is set at on the canvas now, in its pixels (see
:func:`set_text_floor`); 0: none."""
min_type_size = 0
"""The smallest size a font is opened at for that em."""


LEAST_SHOWN_AT = 0.4
"""The smallest scale the floor follows (the smallest phones show the canvas at about
0.45 of its size): a page reporting a smaller box gets this scale's floor, not type
too large for any layout."""


def set_text_floor(per_px: float) -> bool:
    """Keep text at least :data:`MIN_TEXT_CSS` on a canvas shown at ``per_px`` CSS pixels
    per pixel when that is under 1 (a phone shows its canvas at about half size; shown
    at its size or larger, the sizes asked for are kept); whether the floor changed (the
    screens then lay themselves out again)."""
    global min_text_px, min_type_size
    if not math.isfinite(per_px) or per_px <= 0:  # a page that reports no size: no floor
        per_px = 1.0
    per_px = max(per_px, LEAST_SHOWN_AT)
    floor = MIN_TEXT_CSS / per_px if per_px < 1 else 0.0
    if floor == min_text_px:
        return False
    min_text_px, size = floor, max(1, math.floor(floor))
    while floor and em_of(plain_font(size), size) < floor:  # the em is whole pixels, set smaller
        size += 1
    min_type_size = size if floor else 0
    return True


def em_of(font: pygame.font.Font, size: int) -> float:
    """The em of ``font`` set at ``size``, in pixels (the bundled default font is set
    smaller than the size asked for); its line's height where a runtime cannot say."""
    return float(getattr(font, "point_size", 0) or font.get_height() or size)


def type_size(size: int) -> int:
    """The size a font is opened at for text asked at ``size``: times :data:`text_scale`,
    and no smaller than its em reaching :data:`min_text_px`."""
    sized = round(size * text_scale) if text_scale != 1.0 else size
    return max(sized, min_type_size)


def scaled(px: int) -> int:
    """A distance between lines of text, grown with the text (:data:`text_scale`)."""
    return round(px * text_scale) if text_scale != 1.0 else px


def set_display(contrast: bool, larger: bool) -> bool:
    """Use the high-contrast palette or the normal one, and larger text or not; whether
    the text scale changed (screens laid out by their text then lay themselves out again)."""
    global high_contrast, text_scale
    scale = LARGER_TEXT if larger else 1.0
    if contrast == high_contrast and scale == text_scale:
        return False
    globals().update(HIGH_CONTRAST if contrast else NORMAL)
    resized = scale != text_scale
    high_contrast, text_scale = contrast, scale
    _texts.clear()
    return resized


FONTS_KEPT = 64
"""How many type sizes of the font are kept (each holds its glyphs): a screen sets text
in a dozen or two, and a window shown larger sets them again at its scale."""
TEXT_PIXELS_KEPT = 4_000_000
"""How many pixels of rendered text are kept (16 MB; three screens full of words), the
least recently used dropped."""

_TextKey = tuple[str, int, tuple[int, ...]]
"""The words, the size its font was opened at (:func:`type_size`) and the colour of a
rendered text."""
_fonts: LruCache[int, pygame.font.Font] = LruCache("fonts", FONTS_KEPT)
_texts: LruCache[_TextKey, pygame.Surface] = LruCache(
    "texts", TEXT_PIXELS_KEPT, lambda surf: max(1, surf.get_width() * surf.get_height())
)
_text_keys: weakref.WeakKeyDictionary[pygame.Surface, _TextKey] = weakref.WeakKeyDictionary()
"""A rendered text -> its key, for as long as the text lives (kept or not): a text can
be rendered anew at another scale (see :func:`text_at` and :mod:`.crisp`)."""


def font(size: int) -> pygame.font.Font:
    """The game's font (:mod:`.typeface`: Inter, in the browser build too), ``size``
    scaled by :data:`text_scale` (the larger-text setting)."""
    return plain_font(type_size(size))


def plain_font(size: int) -> pygame.font.Font:
    """The game's font at exactly ``size``, not grown by the larger-text setting: for
    the card faces' indices, which are sized to the card, not to the reader."""
    f = _fonts.get(size)
    if f is None:
        f = _fonts.put(size, typeface.load(size))
    return f


def text(words: str, size: int, colour: tuple[int, ...] = INK) -> pygame.Surface:
    """Rendered, anti-aliased text, kept (see :data:`TEXT_PIXELS_KEPT`)."""
    key = (words, type_size(size), tuple(colour))
    surf = _texts.get(key)
    if surf is None:
        surf = _texts.put(key, plain_font(key[1]).render(words, True, colour))
        _text_keys[surf] = key
    return surf


def is_text(surf: pygame.Surface) -> bool:
    """Whether ``surf`` is a text :func:`text` rendered (kept or not)."""
    return surf in _text_keys


def text_at(surf: pygame.Surface, scale: float) -> pygame.Surface | None:
    """The text of ``surf`` (from :func:`text`) rendered anew at its type size times
    ``scale``, for a window that shows the canvas scaled; None for any other surface."""
    if not is_text(surf):
        return None
    words, size, colour = _text_keys[surf]
    return plain_font(max(1, round(size * scale))).render(words, True, colour)


def blit_text(
    surface: pygame.Surface,
    words: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, ...] = INK,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw text anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
    surf = text(words, size, colour)
    rect = surf.get_rect(**{anchor: pos})
    put_text(surface, words, surf, rect)
    return rect


TextRecorder = Callable[[pygame.Surface, str, pygame.Rect], None]
recorder: TextRecorder | None = None
"""Told of every text drawn (the surface, the words, the rect of their ink), when a test
installs one to check that the words fit where they are drawn; None in play."""


SizeRecorder = Callable[[pygame.Surface, str, float], None]
size_recorder: SizeRecorder | None = None
"""Told of every text drawn (the surface, the words, the em of their type in pixels) when
a test installs one to check that no text is too small to read; None in play."""


def put_text(surface: pygame.Surface, words: str, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """Blit ``surf``, the rendered ``words``, at ``rect`` (and tell the recorders)."""
    surface.blit(surf, rect)
    if recorder is not None:
        ink = surf.get_bounding_rect().move(rect.topleft)
        recorder(surface, words, ink)
    if size_recorder is not None and surf in _text_keys:
        opened = _text_keys[surf][1]
        size_recorder(surface, words, em_of(plain_font(opened), opened))


def fitting_size(
    words: str, width: int, largest: int, smallest: int, height: int | None = None
) -> int:
    """The largest type size, from ``largest`` down to ``smallest`` in steps of 2, at which
    ``words`` fit in ``width`` pixels and, given ``height``, a line of them in ``height``
    pixels (``smallest`` when none does): a long label or name in a fixed box is set
    smaller rather than run out of it or over the line under it."""
    size = largest
    while size > smallest and (
        font(size).size(words)[0] > width
        or (height is not None and font(size).get_height() > height)
    ):
        size -= 2
    return size


def line_height(size: int) -> int:
    """The distance from one line of a paragraph at type ``size`` to the next: the font's
    own line spacing (its ascent, descent and gap), so that lines of any typeface at any
    text scale never touch, and a tenth more between them for the eye to follow."""
    linesize = font(size).get_linesize()
    return linesize + linesize // 10


BREAKS = re.compile(r"[ \t\r\n]+")
"""Where a line may break: the ordinary spaces, not the no-break ones."""


def wrap(words: str, size: int, width: int) -> list[str]:
    """Split a paragraph into lines that fit ``width`` pixels, at its ordinary spaces and
    line ends only: a no-break space (French sets one before ``:`` and inside « ») holds
    its neighbours on one line."""
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in BREAKS.split(words.strip()):
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
