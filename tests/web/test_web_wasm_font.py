"""The browser's pygame-ce sets the game's words in the font the archive carries
(scripts/build_font.py): in WebAssembly the font loads, is kerned (its legacy ``kern``
table, whether or not that build of SDL_ttf shapes with HarfBuzz) and measures words
as the desktop's pygame does.

Needs THIRTEEN_WASM_CACHE, as tests/web/test_web_wasm_game.py does (see
wasm_harness.py); skips without it, and where `make font` has not built the font
(fails instead under CI=true, where `make test` builds it first).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wasm_harness import APP, VIEWPORT, WasmSite, close_harness, open_harness, py, running, started
from wasm_harness import wasm_site as wasm_site  # the fixture

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "game" / "thirteen" / "ui" / "font" / "inter-semibold.ttf"
TYPEFACE = "__import__('thirteen.ui.typeface').ui.typeface"
THEME = "__import__('thirteen.ui.theme').ui.theme"
WORDS = ("Elevens", "AV", "A", "V", "To", "T", "o", "Wa", "W", "a", "Pas à pas →", "1\u202f000")


def desktop_widths(size: int) -> dict[str, int]:
    """Each of :data:`WORDS`' width in the desktop's pygame, at the game's type size."""
    import pygame

    from thirteen.ui import typeface

    pygame.font.init()
    f = pygame.font.Font(str(FONT), round(size * typeface.SIZE_SCALE))
    return {words: f.size(words)[0] for words in WORDS}


@pytest.fixture
def font_page(wasm_site: WasmSite) -> Iterator[Any]:
    page = open_harness(wasm_site, {"viewport": VIEWPORT})
    try:
        yield page
    finally:
        close_harness(page, wasm_site)


def test_the_browser_sets_the_words_in_the_shipped_font_kerned(font_page: Any) -> None:
    if not FONT.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{FONT} was not built: `make font` must run before the tests")
        pytest.skip("the font was not built (make font)")
    page = font_page
    started(page)
    assert py(page, f"{TYPEFACE}.shipped()") is True
    seen = py(page, f"{{w: {THEME}.font(40).size(w)[0] for w in {list(WORDS)!r}}}")
    for pair in ("AV", "To", "Wa"):
        assert seen[pair] < seen[pair[0]] + seen[pair[1]] - 1, (pair, seen)
    assert seen == desktop_widths(40)
    running(page)
    assert page.errors == []
    assert py(page, f"{APP}.first_frame_at is not None")
