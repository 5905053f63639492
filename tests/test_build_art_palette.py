"""The court pictures the browser's archive carries are indexed PNGs of few colours
(scripts/build_art.py): the flat inks stay exact, the picture loads back in pygame as
it looked, and the desktop's large pictures keep full colour."""

from __future__ import annotations

import io
import os
import tarfile
from collections import Counter
from pathlib import Path

import pytest

from script_modules import load_script

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")


art = load_script("build_art")

INKS = [(252, 251, 245), (255, 204, 68), (255, 0, 0), (0, 0, 0), (68, 68, 255)]
"""The design's flat colours: paper, gold, red, black, the frame's blue."""


def inked_surface() -> pygame.Surface:
    """Flat inks with antialiased circles and a smooth ramp between them: a few thousand
    colours, most pixels in the inks."""
    surface = pygame.Surface((120, 90))
    surface.fill(INKS[0])
    for k, ink in enumerate(INKS[1:]):
        pygame.draw.rect(surface, ink, (5 + 28 * k, 5, 22, 30))
        pygame.draw.aacircle(surface, ink, (18 + 28 * k, 60), 11)
    for x in range(120):  # a ramp from red to blue along the bottom rows
        t = x / 119
        pygame.draw.line(surface, (round(255 * (1 - t)), 0, round(255 * t)), (x, 80), (x, 89))
    return surface


def colour_type(path: Path) -> int:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return data[25]


def test_the_palette_keeps_the_flat_inks_exact_and_has_at_most_its_size() -> None:
    rgb = pygame.image.tobytes(inked_surface(), "RGB")
    counts = Counter(zip(rgb[0::3], rgb[1::3], rgb[2::3], strict=True))
    assert len(counts) > art.PALETTE_COLOURS
    colours = art.palette(counts, art.PALETTE_COLOURS)
    assert len(colours) == art.PALETTE_COLOURS
    assert set(INKS) <= set(colours)
    assert art.palette(Counter({(1, 2, 3): 5, (4, 5, 6): 1}), 32) == [(1, 2, 3), (4, 5, 6)]


def test_an_indexed_picture_loads_back_close_to_the_full_colour_one(tmp_path: Path) -> None:
    surface = inked_surface()
    indexed, full = tmp_path / "indexed.png", tmp_path / "full.png"
    art.save_in_palette(surface, indexed)
    pygame.image.save(surface, str(full))
    assert colour_type(indexed) == 3 and colour_type(full) in (2, 6)
    loaded = pygame.image.load(str(indexed))
    assert loaded.get_size() == surface.get_size() and loaded.get_bitsize() == 8
    seen = Counter()
    worst = 0
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            want, got = surface.get_at((x, y)), loaded.get_at((x, y))
            seen[tuple(got)[:3]] += 1
            if tuple(want)[:3] in INKS:
                assert tuple(got)[:3] == tuple(want)[:3], (x, y)
            worst = max(worst, *(abs(a - b) for a, b in zip(want[:3], got[:3], strict=True)))
    assert len(seen) <= art.PALETTE_COLOURS
    assert worst <= 64  # the ramp's steps: 32 colours share it with the inks
    assert indexed.stat().st_size < full.stat().st_size


COURT_JS = """
const Svg{name} = _ref => {{
  return React.createElement("svg", _extends({{ xmlns: "http://www.w3.org/2000/svg",
    viewBox: "-120 -168 240 336", width: 240, height: 336 }}, props),
  React.createElement("defs", null,
    React.createElement("symbol", {{ id: "{name}b", viewBox: "0 0 1300 2000",
      preserveAspectRatio: "none" }},
      React.createElement("path", {{ fill: "#FC4", d: "M0 0h1300v1000H0z" }}),
      React.createElement("circle", {{ fill: "#F00", cx: 650, cy: 500, r: 300 }}),
      React.createElement("circle", {{ fill: "#44F", cx: 300, cy: 300, r: 170 }})),
    React.createElement("path", {{ id: "{name}i", d: "M-82.4-130.4H82.4v260.8H-82.4z" }})),
  React.createElement("use", {{ width: 164.8, height: 260.8, x: -82.4, y: -130.4,
    xlinkHref: "#{name}b" }}),
  React.createElement("use", {{ xlinkHref: "#{name}i", stroke: "#44F", fill: "none" }}));
}};
"""


def fake_package() -> bytes:
    """A tarball laid out as the npm package is, with twelve made-up court cards."""
    source = "import * as React from 'react';\n" + "".join(
        COURT_JS.format(name=f"{s}{c}") for s in art.SUITS for c in art.COURTS
    )
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, text in (("package/dist/index.esm.js", source), ("package/LICENSE", "CC0")):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def test_the_browser_s_pictures_are_indexed_and_the_desktop_s_full_colour(tmp_path: Path) -> None:
    files = art.build(tmp_path, data=fake_package())
    small = sorted(p for p in files if p.suffix == ".png" and p.parent == tmp_path)
    large = sorted(p for p in files if p.parent == tmp_path / "desktop")
    assert len(small) == len(large) == 12
    assert {colour_type(p) for p in small} == {3}
    assert {colour_type(p) for p in large} <= {2, 6}
    half = pygame.image.load(str(tmp_path / "ks.png"))
    assert half.get_height() == art.PICTURE_HEIGHT // 2
    middle = half.get_at((half.get_width() // 2, half.get_height() // 2))
    assert tuple(middle)[:3] == (255, 0, 0)  # the red disc, exact
