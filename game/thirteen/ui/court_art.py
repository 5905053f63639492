"""The court-card pictures, from the images ``make art`` builds (scripts/build_art.py).

Each image is the top half of a Jack's, Queen's or King's picture (a court picture is
the same turned half a turn).  A picture is put together, scaled to the size asked
for and cut to its width once per size, then kept for the last few sizes.  When the
images were not built (or cannot be read) :func:`picture` says None and the card shows
a framed letter.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from thirteen.ui.lru import LruCache

FOLDER = Path(__file__).resolve().parent / "art"
"""Where the built images are (beside this module, so the browser bundle has them)."""
DESKTOP = "desktop"
"""The folder in :data:`FOLDER` of the same images three times larger, for the desktop
only (not in the browser's archive): a picture larger than the small images is scaled
down from these."""
FRAME = (68, 68, 255)
"""The picture frame's blue, as the design draws it."""
COURT_LETTERS = {11: "j", 12: "q", 13: "k"}
SUIT_LETTERS = "cdhs"

SIZES_KEPT = 8
"""How many sizes of pictures are kept, the least recently drawn dropped: a card size
(on the canvas, and at a larger window's resolution) asks for one."""

_halves: dict[str, pygame.Surface | None] = {}
_pictures: LruCache[tuple[int, int, tuple[int, int]], pygame.Surface | None] = LruCache(
    "court pictures", SIZES_KEPT
)


def file_name(card_rank: int, card_suit: int) -> str:
    return f"{COURT_LETTERS[card_rank]}{SUIT_LETTERS[card_suit]}.png"


def _half(name: str, folder: Path | None = None) -> pygame.Surface | None:
    folder = FOLDER if folder is None else folder
    key = str(folder / name)
    if key not in _halves:
        path = folder / name
        try:
            _halves[key] = pygame.image.load(str(path)) if path.is_file() else None
        except (pygame.error, OSError, ValueError):
            _halves[key] = None
    return _halves[key]


def available() -> bool:
    """Whether every court picture was built."""
    return all(_half(file_name(r, s)) is not None for r in COURT_LETTERS for s in range(4))


def picture(card_rank: int, card_suit: int, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture of a court card filling ``size`` (scaled to its height, cut to its
    width about the middle), or None without the images."""
    key = (card_rank, card_suit, size)
    if key in _pictures:
        return _pictures.get(key)
    half = _half(file_name(card_rank, card_suit))
    if half is not None and size[1] > 2 * half.get_height():
        half = _half(file_name(card_rank, card_suit), FOLDER / DESKTOP) or half  # never enlarged
    result = None
    if half is not None and size[0] > 0 and size[1] > 1:
        hw, hh = half.get_size()
        whole = pygame.Surface((hw, 2 * hh))
        whole.blit(half, (0, 0))
        whole.blit(pygame.transform.rotate(half, 180), (0, hh))
        width = max(size[0], round(hw * size[1] / (2 * hh)))
        scaled = pygame.transform.smoothscale(whole, (width, size[1]))
        cut = pygame.Rect(0, 0, *size)
        cut.centerx = width // 2
        result = scaled.subsurface(cut).copy()
    return _pictures.put(key, result, size)


def forget() -> None:
    """Drop what was loaded (tests that build the images anew)."""
    _halves.clear()
    _pictures.clear()
