"""The typeface the game sets its words in: Inter, semibold, as ``make font`` builds it.

scripts/build_font.py cuts the font to the characters the game draws and writes it
beside this module (so the browser's archive carries it too), with its licence.  When
it was not built, or cannot be read, the words are set in pygame's default font and
the terminal is told once.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

FOLDER = Path(__file__).resolve().parent / "font"
FILE = FOLDER / "inter-semibold.ttf"
"""The built font (scripts/build_font.py ``FILE_NAME``)."""
SIZE_SCALE = 0.7
"""What a type size asked for is multiplied by in Inter: the screens were laid out for
pygame's default font, whose letters at one size are narrower (pygame draws it smaller
than the size asked), and at this scale a line of the catalogues' words takes about
the width it took there."""

FONT_SIGNATURES = (b"\x00\x01\x00\x00", b"true", b"OTTO")
"""How a TrueType or OpenType file begins: pygame opens any file as a font and fails
only when it draws (or crashes asking a broken one its height)."""

_usable: bool | None = None
"""Whether the built font loads; None until the first font is asked for."""


def _warn(why: str) -> None:
    print(f"thirteen: {why}; the words are set in pygame's default font", file=sys.stderr)


def shipped() -> bool:
    """Whether the built font is there and reads as a font (told once when not)."""
    global _usable
    if _usable is None:
        if not FILE.is_file():
            _usable = False
            _warn(f"the font {FILE.name} was not built (make font)")
        else:
            try:
                if FILE.read_bytes()[:4] not in FONT_SIGNATURES:
                    raise ValueError("not a TrueType or OpenType file")
                pygame.font.Font(str(FILE), 12).size("A")  # a bad face fails only here
                _usable = True
            except (pygame.error, OSError, ValueError) as error:
                _usable = False
                _warn(f"the font {FILE.name} cannot be read ({error})")
    return _usable


def load(size: int) -> pygame.font.Font:
    """The game's font at type size ``size`` (scaled by :data:`SIZE_SCALE`), or pygame's
    default font at ``size`` when the built font is missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    if shipped():
        return pygame.font.Font(str(FILE), max(1, round(size * SIZE_SCALE)))
    return pygame.font.Font(None, size)


def forget() -> None:
    """Look for the built font again at the next :func:`load` (for tests that take it
    away or build it)."""
    global _usable
    _usable = None
