"""Build the typeface the game sets its words in: Inter, cut to the characters it draws.

Inter (Rasmus Andersson's UI typeface, SIL Open Font License 1.1) comes from the npm
package ``@fontsource/inter``, which carries each weight split by script into WOFF
files (latin, latin-ext, cyrillic, ...).  This script fetches that package once (the
tarball checked against its pinned SHA-512, fetched as ``scripts/build_art.py`` fetches
the court pictures: ``npm pack`` where npm is installed, else a download from the
registry npm's configuration names), and with fontTools:

* keeps only the characters the game can draw (:func:`drawn_characters`): printable
  ASCII, every character of every catalogue, and every character of the string
  literals of the modules that put words on the screen;
* takes each from the first of the package's files that has it, merging files when one
  is not enough;
* maps the few characters the files carry a glyph for without mapping it (the arrow
  '→', drawn for ``->``) or lack altogether (the narrow no-break space U+202F, which
  French puts between groups of digits: the thin space's glyph), see :data:`ALIASES`;
* writes the kerning of the GPOS pair adjustments as a legacy ``kern`` table and drops
  the OpenType layout tables: FreeType applies that table where SDL_ttf is built
  without HarfBuzz, and HarfBuzz applies it where it is (a font without GPOS), so the
  words are kerned alike everywhere, in fewer bytes;
* sets the line's height to the tallest and deepest glyph kept (the font's own line is
  taller than any of them, and the game lays its text out line by line);

and writes a TrueType file (which SDL_ttf reads on the desktop and in the browser)
with the licence beside it into ``game/thirteen/ui/font/``.  The file is never
committed: ``make font`` (and so ``make play``, ``make test`` and ``make web``)
builds it.  A build that cannot fetch the package says so and the game sets its
words in pygame's default font.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import sys
import tarfile
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, imported by path too
from npm_package import NpmPackage  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game" / "thirteen"
PACKAGE = "@fontsource/inter"
VERSION = "5.3.0"
INTEGRITY = (  # as the registry states it: npm view @fontsource/inter@5.3.0 dist.integrity
    "sha512-RofMylZmjlJEfELXeNHFWBRcSs75rGU/6bV2S2jfnvv/3rPXPGe0LgUJTklcHZ9lM4OZmAVFhcJPnACfb91A3g=="
)
WEIGHT = 600
"""Semibold: the game's words were set in a bold face, and read on the felt at small
sizes; the regular weight looks faint there."""
SUBSETS = ("latin", "latin-ext", "vietnamese", "greek", "greek-ext", "cyrillic", "cyrillic-ext")
"""The package's files of one weight, in the order a character is looked for in them."""
CACHE = ROOT / ".venv" / "font-cache"
OUT = GAME / "ui" / "font"
FILE_NAME = "inter-semibold.ttf"
"""The built font's name in :data:`OUT` (``thirteen.ui.typeface`` loads it)."""
ALIASES = {0x2192: ("arrowright",), 0x202F: ("uni202F", "uni2009", "space")}
"""Characters the package's files do not map, and the glyphs of the same file to draw
them with, the first one present: the right arrow (the file draws it for '->' only),
and the narrow no-break space (a thin space)."""
DRAWING_PACKAGES = ("core", "games", "advice", "records", "session", "ui")
"""The packages of ``thirteen`` whose string literals may reach the screen (the command
line's and the tools' words are printed, never drawn)."""
NOT_DRAWN = {"Cc", "Cf", "Cs", "Co", "Cn"}
"""Unicode categories no text the game draws holds: controls, format marks (the byte
order mark), surrogates (the records' bad bytes), private and unassigned code points."""
LAYOUT_TABLES = ("GPOS", "GSUB", "GDEF")
"""The OpenType layout tables, dropped once the kerning is copied out of GPOS: the
legacy ``kern`` table alone kerns the text both where SDL_ttf shapes with HarfBuzz
(which falls back to it when a font has no GPOS) and where it does not, so the words
look the same on the desktop and in the browser, and the browser's archive carries no
contextual forms nothing needs."""
KERN_PAIRS_PER_TABLE = 10_000
"""Pairs in one subtable of the legacy ``kern`` table (whose length is a 16-bit number);
FreeType adds up the subtables."""


class FontError(Exception):
    """The package is missing, changed, or lacks a character the game draws."""


def package() -> NpmPackage:
    """The package as this module's settings pin it now (tests change them)."""
    return NpmPackage(PACKAGE, VERSION, INTEGRITY, CACHE, FontError, "make font")


# -- what the game draws ------------------------------------------------------------


def catalogue_characters(game: Path = GAME) -> set[str]:
    """Every character of every catalogue (the English source strings and their
    translations), the core's and each game's."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted(game.glob("**/locale/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def literal_characters(game: Path = GAME, packages: Iterable[str] = DRAWING_PACKAGES) -> set[str]:
    """Every character of the string literals in the modules of ``packages`` (the
    arrow of a key, the dot between a deal and its difficulty, the spaces of numbers)."""
    found: set[str] = set()
    for package in packages:
        for path in sorted((game / package).rglob("*.py")):
            tree = ast.parse(path.read_bytes(), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.update(node.value)
    return found


def drawn_characters(game: Path = GAME) -> set[str]:
    """The characters the game can draw: printable ASCII (a player's screen name, deal
    numbers, every word the code writes), the catalogues' and the literals' characters,
    less those no drawn text holds (:data:`NOT_DRAWN`) and line breaks."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    chars |= catalogue_characters(game) | literal_characters(game)
    return {c for c in chars if unicodedata.category(c) not in NOT_DRAWN}


# -- the font ------------------------------------------------------------------------


def _woff_name(subset: str, weight: int = WEIGHT) -> str:
    return f"package/files/inter-{subset}-{weight}-normal.woff"


def package_files(data: bytes, weight: int = WEIGHT) -> tuple[dict[str, bytes], str]:
    """The WOFF files of ``weight``, by subset, and the licence text from the tarball."""
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        licence = tar.extractfile("package/LICENSE")
        if licence is None:
            raise FontError(f"{PACKAGE} {VERSION} has no LICENSE")
        names = set(tar.getnames())
        for subset in SUBSETS:
            if _woff_name(subset, weight) in names:
                member = tar.extractfile(_woff_name(subset, weight))
                if member is not None:
                    files[subset] = member.read()
        if "latin" not in files:
            raise FontError(f"{PACKAGE} {VERSION} has no {_woff_name('latin', weight)}")
        return files, licence.read().decode()


def add_aliases(font: Any, aliases: Mapping[int, tuple[str, ...]] | None = None) -> list[int]:
    """Map each character of ``aliases`` (by default :data:`ALIASES`) the font does not
    map to the first of its glyphs the font has, in every Unicode cmap subtable; the
    characters mapped."""
    aliases = ALIASES if aliases is None else aliases
    order = set(font.getGlyphOrder())
    cmap = font.getBestCmap()
    mapped = []
    for code, glyphs in aliases.items():
        glyph = next((g for g in glyphs if g in order), None)
        if code in cmap or glyph is None:
            continue
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[code] = glyph
        mapped.append(code)
    return mapped


def subset_font(woff: bytes, chars: set[str]) -> Any:
    """One of the package's files, read and cut to ``chars`` (those it maps, after
    :func:`add_aliases`), keeping its kerning; None when it has none of them."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(woff))
    add_aliases(font)
    wanted = {ord(c) for c in chars} & set(font.getBestCmap())
    if not wanted:
        return None
    options = subset.Options()
    options.layout_features = ["kern"]  # the kerning, to copy; no forms to substitute
    options.name_IDs = ["*"]  # the copyright and licence lines among them
    options.notdef_outline = True
    options.flavor = None
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted))
    subsetter.subset(font)
    font.flavor = None
    return font


def pair_kerning(font: Any) -> dict[tuple[str, str], int]:
    """The horizontal kerning of every pair of glyphs the GPOS ``kern`` feature adjusts
    (pair adjustment lookups, both formats), as a legacy ``kern`` table holds it: in one
    lookup the first subtable that covers a pair sets it, and the lookups add up, as a
    shaper applies them."""
    if "GPOS" not in font:
        return {}
    table = font["GPOS"].table
    indices: set[int] = set()
    for record in table.FeatureList.FeatureRecord:
        if record.FeatureTag == "kern":
            indices.update(record.Feature.LookupListIndex)
    pairs: dict[tuple[str, str], int] = {}
    for index in sorted(indices):
        lookup = table.LookupList.Lookup[index]
        seen: dict[tuple[str, str], int] = {}  # in one lookup, the first subtable wins
        for sub in lookup.SubTable:
            if lookup.LookupType == 9:  # an extension: the real subtable is inside
                if sub.ExtensionLookupType != 2:
                    continue
                sub = sub.ExtSubTable
            elif lookup.LookupType != 2:
                continue
            for left, right, value in _pairs_of(sub, font.getGlyphOrder()):
                seen.setdefault((left, right), value)
        for pair, value in seen.items():  # the lookups add up
            pairs[pair] = pairs.get(pair, 0) + value
    return {pair: value for pair, value in pairs.items() if value}


def _pairs_of(sub: Any, glyph_order: list[str]) -> Iterable[tuple[str, str, int]]:
    """(left, right, x advance change) of one pair adjustment subtable."""
    if not hasattr(sub, "Coverage"):
        return
    firsts = sub.Coverage.glyphs
    if sub.Format == 1:
        for left, pair_set in zip(firsts, sub.PairSet, strict=True):
            for record in pair_set.PairValueRecord:
                value = getattr(record.Value1, "XAdvance", 0) if record.Value1 else 0
                yield left, record.SecondGlyph, int(value or 0)
    elif sub.Format == 2:
        left_classes = sub.ClassDef1.classDefs
        right_classes = sub.ClassDef2.classDefs
        for left in firsts:
            row = sub.Class1Record[left_classes.get(left, 0)]
            for right in glyph_order:
                record = row.Class2Record[right_classes.get(right, 0)]
                value = getattr(record.Value1, "XAdvance", 0) if record.Value1 else 0
                yield left, right, int(value or 0)


def add_legacy_kern(font: Any, pairs: Mapping[tuple[str, str], int]) -> int:
    """Write ``pairs`` into a legacy ``kern`` table (format 0, split into subtables of
    :data:`KERN_PAIRS_PER_TABLE` pairs); the number of pairs."""
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

    items = sorted(pairs.items(), key=lambda item: (font.getGlyphID(item[0][0]), item[0][1]))
    kern = newTable("kern")
    kern.version = 0
    kern.kernTables = []
    for start in range(0, len(items), KERN_PAIRS_PER_TABLE):
        sub = KernTable_format_0()
        sub.version, sub.coverage, sub.format = 0, 1, 0  # horizontal, kerning values
        sub.kernTable = dict(items[start : start + KERN_PAIRS_PER_TABLE])
        kern.kernTables.append(sub)
    if kern.kernTables:
        font["kern"] = kern
    return len(items)


def fit_line_to_glyphs(font: Any) -> tuple[int, int]:
    """Set the line's ascent and descent (hhea, and OS/2's typographic and Windows
    values) to the tallest and deepest glyph kept, so no glyph is cut and the line is no
    taller than what it holds; the (ascent, descent) set, descent negative."""
    glyf = font["glyf"]
    tops = [0]
    bottoms = [0]
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours:
            glyph.recalcBounds(glyf)
            tops.append(glyph.yMax)
            bottoms.append(glyph.yMin)
    ascent, descent = max(tops), min(bottoms)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, descent, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, -descent
    return ascent, descent


def build_font(files: Mapping[str, bytes], chars: set[str]) -> tuple[Any, set[str]]:
    """The font of ``chars``: cut from the first file (in :data:`SUBSETS` order) and
    merged with the cuts of the next files for the characters it lacks; also the
    characters no file has."""
    from fontTools.ttLib import TTFont

    pieces: list[Any] = []
    left = set(chars)
    for subset in (s for s in SUBSETS if s in files):
        piece = subset_font(files[subset], left)
        if piece is None:
            continue
        have = {chr(c) for c in piece.getBestCmap()}
        left -= have
        pieces.append(piece)
        if not left:
            break
    if not pieces:
        raise FontError(f"{PACKAGE} {VERSION} has none of the characters the game draws")
    if len(pieces) == 1:
        font = pieces[0]
    else:
        from fontTools.merge import Merger

        with tempfile.TemporaryDirectory(prefix="thirteen-font-") as folder:
            paths = []
            for n, piece in enumerate(pieces):
                path = Path(folder) / f"{n}.ttf"
                piece.save(str(path))
                paths.append(str(path))
            merged = Merger().merge(paths)
            out = io.BytesIO()
            merged.save(out)
        font = TTFont(io.BytesIO(out.getvalue()))
    add_legacy_kern(font, pair_kerning(font))
    for tag in LAYOUT_TABLES:
        if tag in font:
            del font[tag]
    fit_line_to_glyphs(font)
    return font, left


# -- the package ---------------------------------------------------------------------


def tarball(
    offline: bool,
    cache: Path = CACHE,
    npm: str | None = None,
    download: Callable[[], bytes] | None = None,
) -> bytes:
    """The package's tarball: from the cache, or fetched once (``npm pack``, or a
    download from the registry npm's configuration names where npm is not installed)
    and checked against the pinned integrity (:class:`npm_package.NpmPackage`)."""
    return package().tarball(offline, cache, npm, download)


def build(out: Path = OUT, offline: bool = False, data: bytes | None = None) -> list[Path]:
    """Write the font and its licence into ``out``; returns the files."""
    try:
        import fontTools  # noqa: F401
    except ImportError:
        raise FontError("fontTools is not installed (pip install -e '.[font]')") from None
    files, licence = package_files(data if data is not None else tarball(offline))
    chars = drawn_characters()
    font, missing = build_font(files, chars)
    if missing:
        shown = " ".join(f"U+{ord(c):04X}" for c in sorted(missing))
        raise FontError(f"{PACKAGE} {VERSION} has no glyph for {shown}")
    out.mkdir(parents=True, exist_ok=True)
    path = out / FILE_NAME
    font.save(str(path))
    notice = out / "LICENSE.txt"
    notice.write_text(
        f"{FILE_NAME} is Inter (https://rsms.me/inter/), weight {WEIGHT}, from the npm package\n"
        f"{PACKAGE} {VERSION}, cut to the characters the game draws, with its kerning also\n"
        "written as a legacy 'kern' table. It is licensed as Inter is:\n\n" + licence,
        encoding="utf-8",
    )
    return [path, notice]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline", action="store_true", help="use the cached tarball only")
    parser.add_argument("--out", type=Path, default=OUT, help="where the font goes")
    args = parser.parse_args(argv)
    try:
        files = build(args.out, args.offline)
    except FontError as error:
        print(f"build_font: {error}; the game will use pygame's default font", file=sys.stderr)
        return 1
    size = files[0].stat().st_size
    print(f"build_font: {files[0].name}, {size / 1024:.0f} KB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
