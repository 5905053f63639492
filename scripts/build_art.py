"""Build the court-card pictures the game draws on its Jacks, Queens and Kings.

The pictures are Adrian Kennard's public-domain (CC0-1.0) card designs, carried
by the npm package ``@letele/playing-cards`` as React components.  This script
fetches that package once (the tarball is checked against its pinned SHA-512),
turns each court card's ``React.createElement`` calls back into SVG, copies every
``<use>`` in place (pygame's SVG loader does not follow ``<use>``), keeps only the
framed picture (the game draws its own corner indices, so the four-colour deck
still works) and renders it with pygame to a PNG of the largest size the game
shows; the game scales that down per card size and keeps the result.

The package is fetched the way npm fetches it: ``npm pack`` when npm is installed,
so the registry, proxy and cache set in npm's configuration apply; without npm, a
plain download from the registry that configuration names (``npm_config_registry``
in the environment, else ``registry=`` in the project's or the user's ``.npmrc``).
No registry address is written here.

Run by ``make art`` (and so by ``make play``, ``make test`` and ``make web``);
``--offline`` builds from the cached tarball only.  The game runs without the
pictures: it then draws a framed letter.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import re
import struct
import sys
import tarfile
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, imported by path too
from npm_package import NpmPackage  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "@letele/playing-cards"
VERSION = "0.1.0"
INTEGRITY = (  # as the registry states it: npm view @letele/playing-cards@0.1.0 dist.integrity
    "sha512-56Ga/sznspARugv/PS4X4HdFuq1at8dSkmI3veU2pV2PJ4mKviqImqOGkBgoSQE5rA+IgbKyBBhhJ6IjZLOXWg=="
)
CACHE = ROOT / ".venv" / "art-cache"
OUT = ROOT / "game" / "thirteen" / "ui" / "art"
COURTS = "JQK"
SUITS = "CDHS"
"""The package's suit letters, in the game's suit order (clubs, diamonds, hearts, spades)."""
PICTURE_HEIGHT = 300
"""Pixels of the whole picture's height: more than the picture on the largest card the
canvas shows (278 px tall, Thirteens 3x5 upright), so the game only ever scales down.
Only its top half is stored: a court picture is the same turned half a turn."""
PALETTE_COLOURS = 32
"""Colours of each small picture (the ones the browser's archive carries), stored as an
indexed PNG: the designs are a few flat inks, and 32 colours keep their edges' shading
(16 make them visibly jagged), at a fifth of the bytes of full colour."""
DESKTOP_HEIGHT = 900
"""The same pictures for the desktop alone, in ``desktop/`` (kept out of the browser's
archive): a desktop window of up to 4K shows the canvas three times enlarged, and its
text and cards are drawn again at the window's resolution (``ui/crisp.py``)."""
PAPER = (252, 251, 245)
"""The card face's colour (ui/cards.py FACE), under the picture's transparent parts."""
SVG_NS = "http://www.w3.org/2000/svg"

# -- the React components, read back as SVG ---------------------------------------

_TOKEN = re.compile(
    r"""\s+|/\*.*?\*/|//[^\n]*|(?P<str>"(?:[^"\\]|\\.)*")|(?P<num>-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?)"""
    r"""|'[^'\n]*'|(?P<name>[A-Za-z_$][\w$]*)|(?P<punct>\.\.\.|[(){}\[\],:?.=>;*])""",
    re.S,
)
KEEP_CASE = {"viewBox", "preserveAspectRatio", "patternUnits", "gradientUnits"}
DROP = {"aria-labelledby", "className", "id_"}


class ArtError(Exception):
    """The package is missing, changed, or could not be converted."""


def package() -> NpmPackage:
    """The package as this module's settings pin it now (tests change them)."""
    return NpmPackage(PACKAGE, VERSION, INTEGRITY, CACHE, ArtError, "make art")


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ArtError(f"unexpected text in the package at {text[pos : pos + 40]!r}")
        pos = m.end()
        kind = m.lastgroup
        if kind is not None:
            out.append((kind, m.group(kind)))
    return out


class _Parser:
    """Reads the small part of JavaScript the components are written in: nested
    ``React.createElement(tag, props, ...children)`` calls, object literals, strings,
    numbers, ``_extends(obj, props)`` and ``title ? ... : null``."""

    def __init__(self, tokens: list[tuple[str, str]], pos: int) -> None:
        self.toks, self.pos = tokens, pos

    def peek(self) -> str:
        return self.toks[self.pos][1] if self.pos < len(self.toks) else ""

    def take(self, want: str | None = None) -> tuple[str, str]:
        tok = self.toks[self.pos]
        if want is not None and tok[1] != want:
            raise ArtError(f"expected {want!r}, found {tok[1]!r}")
        self.pos += 1
        return tok

    def value(self) -> Any:
        kind, text = self.take()
        if kind == "str":
            result: Any = json.loads(text)
        elif kind == "num":
            result = float(text) if any(c in text for c in ".e") else int(text)
        elif text == "{":
            result = self.obj()
        elif text == "React":
            self.take(".")
            self.take("createElement")
            result = self.element()
        elif text == "_extends":
            self.take("(")
            result = self.value()
            while self.peek() == ",":
                self.take(",")
                self.value()  # the caller's props: none at build time
            self.take(")")
        elif kind == "name":
            result = None  # title, titleId, props, null: nothing at build time
        else:
            raise ArtError(f"unexpected {text!r} in the package")
        if self.peek() == "?":  # title ? <title> : null
            self.take("?")
            self.value()
            self.take(":")
            self.value()
            return None
        return result

    def obj(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while self.peek() != "}":
            kind, key = self.take()
            if kind == "str":
                key = json.loads(key)
            self.take(":")
            out[key] = self.value()
            if self.peek() == ",":
                self.take(",")
        self.take("}")
        return out

    def element(self) -> ET.Element:
        self.take("(")
        tag = self.value()
        self.take(",")
        attrs = self.value() or {}
        node = ET.Element(tag, {_attr(k): _text(v) for k, v in attrs.items() if k not in DROP})
        while self.peek() == ",":
            self.take(",")
            child = self.value()
            if isinstance(child, ET.Element):
                node.append(child)
            elif isinstance(child, str):
                node.text = (node.text or "") + child
        self.take(")")
        return node


def _attr(name: str) -> str:
    if name == "xlinkHref":
        return "href"
    if name == "xmlnsXlink" or name in KEEP_CASE or "-" in name:
        return name
    return re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), name)


def _text(value: Any) -> str:
    if isinstance(value, float):
        return repr(value).removesuffix(".0")
    return str(value)


def components(source: str) -> dict[str, ET.Element]:
    """Each ``const SvgXX = ...`` component of the package's module, as an <svg> tree."""
    tokens = _tokens(source)
    out: dict[str, ET.Element] = {}
    for i, (kind, text) in enumerate(tokens):
        if kind == "name" and text.startswith("Svg") and tokens[i - 1][1] == "const":
            j = i
            while tokens[j][1] != "return":
                j += 1
            svg = _Parser(tokens, j + 1).value()
            if not isinstance(svg, ET.Element):
                raise ArtError(f"{text}: no <svg> element")
            out[text[3:]] = svg
    return out


# -- <use> copied in place ---------------------------------------------------------


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?", text)]


def _viewport(symbol: ET.Element, w: float, h: float) -> str:
    """The transform that maps a symbol's viewBox into a ``w`` x ``h`` viewport."""
    box = symbol.get("viewBox")
    if box is None:
        return ""
    vx, vy, vw, vh = _numbers(box)
    align = (symbol.get("preserveAspectRatio") or "xMidYMid meet").split()
    if align[0] == "none":
        return f" scale({w / vw:g} {h / vh:g}) translate({-vx:g} {-vy:g})"
    scale = min(w / vw, h / vh) if (align[1:] or ["meet"])[0] == "meet" else max(w / vw, h / vh)
    spare_x, spare_y = w - vw * scale, h - vh * scale
    ox = {"xMin": 0.0, "xMid": spare_x / 2, "xMax": spare_x}[align[0][:4]]
    oy = {"YMin": 0.0, "YMid": spare_y / 2, "YMax": spare_y}[align[0][4:]]
    return f" translate({ox:g} {oy:g}) scale({scale:g}) translate({-vx:g} {-vy:g})"


def inline_uses(svg: ET.Element) -> ET.Element:
    """A copy of ``svg`` with every ``<use>`` replaced by a group holding a copy of what
    it refers to (placed, scaled and aligned as the SVG rules say), and the symbols
    dropped: the same picture, in the elements pygame's loader draws."""
    ids = {node.get("id"): node for node in svg.iter() if node.get("id")}

    def expand(node: ET.Element, depth: int) -> ET.Element:
        if depth > 20:
            raise ArtError("<use> refers to itself")
        if node.tag != "use":
            out = ET.Element(node.tag, dict(node.attrib))
            out.text = node.text
            out.extend([expand(child, depth) for child in node if child.tag != "symbol"])
            return out
        ref = node.get("href") or node.get("{http://www.w3.org/1999/xlink}href") or ""
        target = ids.get(ref.removeprefix("#"))
        if target is None:
            raise ArtError(f"<use> of an unknown {ref!r}")
        attrs = {
            k: v for k, v in node.attrib.items() if k not in {"href", "x", "y", "width", "height"}
        }
        x, y = float(node.get("x", 0)), float(node.get("y", 0))
        transform = f"{node.get('transform', '')} translate({x:g} {y:g})".strip()
        if target.tag == "symbol":
            w, h = float(node.get("width", 0)), float(node.get("height", 0))
            transform += _viewport(target, w, h)
            children = list(target)
        else:
            children = [target]
        attrs["transform"] = transform
        group = ET.Element("g", attrs)
        for child in children:
            placed = expand(copy.deepcopy(child), depth + 1)
            placed.attrib.pop("id", None)
            group.append(placed)
        return group

    return expand(svg, 0)


# -- the court pictures ------------------------------------------------------------


def court_picture(svg: ET.Element) -> ET.Element:
    """The framed picture of a court card alone, without its corner indices and pips:
    the ``<use>`` of the picture symbols and of the frame, in a viewBox around the frame."""
    ids = {node.get("id"): node for node in svg.iter() if node.get("id")}
    kept: list[ET.Element] = []
    frame: tuple[float, float, float, float] | None = None
    for node in svg:
        if node.tag != "use":
            continue
        target = ids.get((node.get("href") or "").removeprefix("#"))
        if target is None:
            continue
        if target.tag == "symbol" and target.get("viewBox") == "0 0 1300 2000":
            kept.append(node)
            frame = tuple(float(node.get(k, 0)) for k in ("x", "y", "width", "height"))  # type: ignore[assignment]
        elif target.tag == "path":
            kept.append(node)
    if frame is None:
        raise ArtError("no court picture in this card")
    x, y, w, h = frame
    m = 1.0  # the frame's stroke
    out = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "viewBox": f"{x - m:g} {y - m:g} {w + 2 * m:g} {h + 2 * m:g}",
            "width": f"{w + 2 * m:g}",
            "height": f"{h + 2 * m:g}",
        },
    )
    defs = svg.find("defs")
    if defs is not None:
        out.append(copy.deepcopy(defs))
    out.extend(copy.deepcopy(kept))
    return inline_uses(out)


def svg_text(svg: ET.Element) -> str:
    ET.register_namespace("", SVG_NS)
    text = ET.tostring(svg, encoding="unicode")
    if "xmlns=" not in text.split(">", 1)[0]:
        text = text.replace("<svg", f'<svg xmlns="{SVG_NS}"', 1)
    return text


def render(svg: str, height: int) -> Any:
    """The SVG drawn by pygame at ``height`` pixels (the width keeps its viewBox's shape)."""
    import pygame

    vx, vy, vw, vh = _numbers(re.search(r'viewBox="([^"]*)"', svg).group(1))  # type: ignore[union-attr]
    size = (round(height * vw / vh), height)
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode()), size)


# -- the small pictures in a palette ------------------------------------------------

Colour = tuple[int, int, int]


def palette(counts: Mapping[Colour, int], size: int) -> list[Colour]:
    """At most ``size`` colours standing for the ``counts`` of a picture's colours (median
    cut): the box of colours with the widest spread, weighted by how many pixels it
    holds, is split at its median pixel until there are ``size`` boxes; each box is
    then its most frequent colour, so the design's flat inks stay exact."""
    boxes = [sorted(counts.items())]
    while len(boxes) < size:
        best: tuple[float, int, int] | None = None
        for i, box in enumerate(boxes):
            if len(box) < 2:
                continue
            weight = sum(n for _, n in box) ** 0.5
            for channel in range(3):
                spread = max(c[channel] for c, _ in box) - min(c[channel] for c, _ in box)
                if best is None or spread * weight > best[0]:
                    best = (spread * weight, i, channel)
        if best is None:  # every box is one colour
            break
        _, i, channel = best
        box = sorted(boxes.pop(i), key=lambda item: (item[0][channel], item[0]))
        half, seen = sum(n for _, n in box) / 2, 0
        cut = len(box) - 1
        for j, (_, n) in enumerate(box):
            seen += n
            if seen >= half:
                cut = j + 1
                break
        cut = max(1, min(cut, len(box) - 1))
        boxes += [box[:cut], box[cut:]]
    return sorted(max(box, key=lambda item: (item[1], item[0]))[0] for box in boxes)


def _distance(a: Colour, b: Colour) -> int:
    """How far apart two colours look, roughly (green counts most, blue least)."""
    return 3 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 2 * (a[2] - b[2]) ** 2


def indexed(rgb: bytes, size: int) -> tuple[list[Colour], bytes]:
    """``rgb`` (3 bytes a pixel) in at most ``size`` colours: the palette, and each
    pixel's place in it (the nearest colour)."""
    pixels = [(rgb[i], rgb[i + 1], rgb[i + 2]) for i in range(0, len(rgb), 3)]
    counts = Counter(pixels)
    colours = palette(counts, size)
    nearest = {
        c: min(range(len(colours)), key=lambda k: (_distance(colours[k], c), k)) for c in counts
    }
    return colours, bytes(nearest[c] for c in pixels)


def png_indexed(width: int, height: int, colours: Sequence[Colour], indices: bytes) -> bytes:
    """An 8-bit indexed PNG file's bytes (no filter: the one that packs these smallest)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    rows = b"".join(b"\0" + indices[y * width : (y + 1) * width] for y in range(height))
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            chunk(b"PLTE", bytes(v for colour in colours for v in colour)),
            chunk(b"IDAT", zlib.compress(rows, 9)),
            chunk(b"IEND", b""),
        )
    )


def save_in_palette(surface: Any, path: Path, size: int = PALETTE_COLOURS) -> None:
    """``surface`` written to ``path`` as an indexed PNG of at most ``size`` colours."""
    import pygame

    colours, indices = indexed(pygame.image.tobytes(surface, "RGB"), size)
    path.write_bytes(png_indexed(surface.get_width(), surface.get_height(), colours, indices))


# -- the package -------------------------------------------------------------------


def tarball(
    offline: bool,
    cache: Path = CACHE,
    npm: str | None = None,
    download: Callable[[], bytes] | None = None,
) -> bytes:
    """The package's tarball: from the cache, or fetched once (``npm pack``, or
    :func:`download_from_registry` where npm is not installed) and checked against the
    pinned integrity (:class:`npm_package.NpmPackage`).  ``npm`` and ``download`` exist
    for tests."""
    return package().tarball(offline, cache, npm, download or download_from_registry)


def npm_registry(
    env: Mapping[str, str] | None = None, project: Path = ROOT, home: Path | None = None
) -> str | None:
    """The registry npm's configuration gives this package (``@letele:registry``, else
    ``registry``), read as npm reads it; None when nothing sets one."""
    return package().registry(env, project, home)


def download_from_registry(registry: str | None = None) -> bytes:
    """The tarball downloaded from the registry npm's configuration names
    (:func:`npm_registry`); for a machine without npm."""
    return package().download(registry or npm_registry())


def package_files(data: bytes) -> tuple[str, str]:
    """The module's source and the licence text from the tarball."""
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        source = tar.extractfile("package/dist/index.esm.js")
        licence = tar.extractfile("package/LICENSE")
        if source is None or licence is None:
            raise ArtError(f"{PACKAGE} {VERSION} has no dist/index.esm.js or LICENSE")
        return source.read().decode(), licence.read().decode()


def build(out: Path = OUT, offline: bool = False, data: bytes | None = None) -> list[Path]:
    """Write the twelve court pictures and the licence into ``out``; returns the files.
    ``data``: the package's tarball as bytes (by default the checked one, see
    :func:`tarball`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    source, licence = package_files(data if data is not None else tarball(offline))
    cards = components(source)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for suit in SUITS:
        for court in COURTS:
            svg = cards.get(f"{suit}{court}")
            if svg is None:
                raise ArtError(f"{PACKAGE} {VERSION} has no {suit}{court}")
            for folder, height in ((out, PICTURE_HEIGHT), (out / "desktop", DESKTOP_HEIGHT)):
                picture = render(svg_text(court_picture(svg)), height)
                top = pygame.Surface((picture.get_width(), height // 2))
                top.fill(PAPER)  # no alpha channel: a third smaller, and cards are opaque
                top.blit(picture, (0, 0))
                folder.mkdir(parents=True, exist_ok=True)
                path = folder / f"{court}{suit}.png".lower()
                if folder == out:  # the browser's: few colours, a fifth of the bytes
                    save_in_palette(top, path)
                else:
                    pygame.image.save(top, str(path))
                written.append(path)
    notice = out / "LICENSE.txt"
    notice.write_text(
        f"The court-card pictures in this folder are drawn from {PACKAGE} {VERSION}\n"
        "(Adrian Kennard's SVG playing cards, https://www.me.uk/cards/), under this licence:\n\n"
        + licence
    )
    written.append(notice)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline", action="store_true", help="use the cached tarball only")
    parser.add_argument("--out", type=Path, default=OUT, help="where the pictures go")
    args = parser.parse_args(argv)
    try:
        files = build(args.out, args.offline)
    except ArtError as error:
        print(f"build_art: {error}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in files)
    print(f"build_art: {len(files)} files, {size / 1024:.0f} KB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
