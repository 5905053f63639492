"""The browser's pygame-ce reads the court pictures as the archive carries them (indexed
PNGs, scripts/build_art.py): in WebAssembly every picture is there, and its pixels are
the ones the desktop's pygame reads from the same file.

Needs THIRTEEN_WASM_CACHE, as tests/web/test_web_wasm_game.py does (see
wasm_harness.py); skips without it, and where `make art` has not built the pictures.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from wasm_harness import APP, VIEWPORT, WasmSite, close_harness, open_harness, py, running, started
from wasm_harness import wasm_site as wasm_site  # the fixture

pytestmark = pytest.mark.browser

ART = "assets/thirteen/ui/art/"
COURT_ART = "__import__('thirteen.ui.court_art').ui.court_art"


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


@pytest.fixture
def art_page(wasm_site: WasmSite) -> Iterator[Any]:
    page = open_harness(wasm_site, {"viewport": VIEWPORT})
    try:
        yield page
    finally:
        close_harness(page, wasm_site)


def test_the_browser_reads_the_indexed_court_pictures_as_the_desktop_does(
    art_page: Any, site_build: dict[str, Any]
) -> None:
    expected = desktop_pixels(Path(site_build["site"]))
    if not expected:
        pytest.skip("the court pictures were not built (make art)")
    assert len(expected) == 12
    page = art_page
    started(page)
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
    running(page)
    assert page.errors == []
    assert py(page, f"{APP}.first_frame_at is not None")
