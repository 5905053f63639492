"""The browser's pygame-ce reads the archive's court pictures and font as the desktop's
does, on one page (one start of the WebAssembly stand-in for both):

- the pictures (indexed PNGs, scripts/build_art.py): every one is there, its pixels the
  ones the desktop's pygame reads from the same file;
- the font (scripts/build_font.py): it loads, is kerned (its legacy ``kern`` table,
  whether or not that build of SDL_ttf shapes with HarfBuzz) and measures words as the
  desktop's pygame does.

Needs THIRTEEN_WASM_CACHE, as tests/web/test_web_wasm_game.py does (see
wasm_harness.py); skips without it.  Where `make art` or `make font` has not built its
part, the other part is still checked and the test then skips saying which was missing;
under CI=true, where `make test` builds the font first, a missing font fails.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wasm_harness import APP, VIEWPORT, WasmSite, close_harness, open_harness, py, running, started
from wasm_harness import wasm_site as wasm_site  # the fixture

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ART = "assets/thirteen/ui/art/"
COURT_ART = "__import__('thirteen.ui.court_art').ui.court_art"
FONT = ROOT / "game" / "thirteen" / "ui" / "font" / "inter-semibold.ttf"
TYPEFACE = "__import__('thirteen.ui.typeface').ui.typeface"
THEME = "__import__('thirteen.ui.theme').ui.theme"
WORDS = ("Elevens", "AV", "A", "V", "To", "T", "o", "Wa", "W", "a", "Pas à pas →", "1\u202f000")


def desktop_pixels(site: Path) -> dict[str, str]:
    """Each court picture of the site's archive as the desktop's pygame reads it: the
    SHA-256 of its RGB bytes, by file name."""
    import pygame

    out = {}
    with zipfile.ZipFile(site / "thirteen.apk") as bundle:
        for name in bundle.namelist():
            if name.startswith(ART) and name.endswith(".png") and "/" not in name[len(ART) :]:
                data = bundle.read(name)
                assert data[25] == 3, f"{name} is not an indexed PNG"
                picture = pygame.image.load(io.BytesIO(data), name)
                rgb = pygame.image.tobytes(picture, "RGB")
                out[name[len(ART) :]] = hashlib.sha256(rgb).hexdigest()
    return out


def desktop_widths(size: int) -> dict[str, int]:
    """Each of :data:`WORDS`' width in the desktop's pygame, at the game's type size."""
    import pygame

    from thirteen.ui import typeface

    pygame.font.init()
    f = pygame.font.Font(str(FONT), round(size * typeface.SIZE_SCALE))
    return {words: f.size(words)[0] for words in WORDS}


@pytest.fixture
def assets_page(wasm_site: WasmSite) -> Iterator[Any]:
    page = open_harness(wasm_site, {"viewport": VIEWPORT})
    try:
        yield page
    finally:
        close_harness(page, wasm_site)


def check_pictures(page: Any, expected: dict[str, str]) -> None:
    assert len(expected) == 12
    assert py(page, f"{COURT_ART}.available()") is True
    seen = py(
        page,
        "{name: __import__('hashlib').sha256(__import__('pygame').image.tobytes("
        f"{COURT_ART}._half(name), 'RGB')).hexdigest() for name in {sorted(expected)!r}}}",
    )
    assert seen == expected
    # a King on the table is drawn from its picture, not a framed letter
    size = py(page, f"list({COURT_ART}.picture(13, 3, (90, 200)).get_size())")
    assert size == [90, 200]


def check_font(page: Any) -> None:
    assert py(page, f"{TYPEFACE}.shipped()") is True
    seen = py(page, f"{{w: {THEME}.font(40).size(w)[0] for w in {list(WORDS)!r}}}")
    for pair in ("AV", "To", "Wa"):
        assert seen[pair] < seen[pair[0]] + seen[pair[1]] - 1, (pair, seen)
    assert seen == desktop_widths(40)


def test_the_browser_reads_the_court_pictures_and_the_font_as_the_desktop_does(
    assets_page: Any, site_build: dict[str, Any]
) -> None:
    font_built = FONT.is_file()
    if not font_built and os.environ.get("CI") == "true":
        pytest.fail(f"{FONT} was not built: `make font` must run before the tests")
    pictures = desktop_pixels(Path(site_build["site"]))
    if not font_built and not pictures:
        pytest.skip("neither the court pictures nor the font were built (make art, make font)")
    page = assets_page
    started(page)
    if pictures:
        check_pictures(page, pictures)
    if font_built:
        check_font(page)
    running(page)
    assert page.errors == []
    assert py(page, f"{APP}.first_frame_at is not None")
    if not pictures:
        pytest.skip("the court pictures were not built (make art); the font was checked")
    if not font_built:
        pytest.skip("the font was not built (make font); the pictures were checked")
