"""The typeface the game ships (scripts/build_font.py, ``make font``): every character
the game can draw has a glyph in the built file, its kerning is there for a renderer
without HarfBuzz too, and the build's steps do what they say on small made-up fonts.

The tests of the built file skip where it was not built, except under CI=true (where
``make test`` builds it first): there a missing font fails them.
"""

import ast
import json
import os
import unicodedata
from pathlib import Path

import pytest

if os.environ.get("CI") != "true":  # under CI the dev tools hold fontTools: never skip
    pytest.importorskip("fontTools")

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString  # noqa: E402
from fontTools.fontBuilder import FontBuilder  # noqa: E402
from fontTools.pens.ttGlyphPen import TTGlyphPen  # noqa: E402
from fontTools.ttLib import TTFont  # noqa: E402

from script_modules import load_script  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game" / "thirteen"


build_font = load_script("build_font")
SHIPPED = GAME / "ui" / "font" / build_font.FILE_NAME


@pytest.fixture(scope="module")
def shipped() -> TTFont:
    if not SHIPPED.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{SHIPPED} was not built: `make font` must run before the tests")
        pytest.skip("the font was not built (make font)")
    return TTFont(str(SHIPPED))


# -- what the game draws, gathered here on its own (not with the build's function) ----


def catalogue_text() -> str:
    """Every source string and translation of every catalogue, run together."""
    parts: list[str] = []
    for path in sorted(GAME.glob("**/locale/*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            parts.append(key)
            parts.extend(value if isinstance(value, list) else [str(value)])
    return "".join(parts)


def code_text() -> str:
    """The string literals of every module that can put words on the screen."""
    parts: list[str] = []
    for path in sorted(GAME.rglob("*.py")):
        if {"cli", "tools"} & set(path.relative_to(GAME).parts) or path.name == "__main__.py":
            continue
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                parts.append(node.value)
    return "".join(parts)


def drawable(text: str) -> set[str]:
    """The characters of ``text`` a drawn text can hold (no controls, format marks or
    surrogates)."""
    return {c for c in text if unicodedata.category(c) not in {"Cc", "Cf", "Cs", "Co", "Cn"}}


DRAWN_SYMBOLS = "→·«»…’“„\u00a0\u202f%:#/+-"
"""Symbols the game draws that a broken gathering would miss: the replay's key for
Step, the dot between a deal and its difficulty, French quotes, the spaces of numbers."""


def test_what_is_gathered_holds_the_symbols_the_game_draws() -> None:
    gathered = drawable(catalogue_text()) | drawable(code_text())
    for symbol in "→·«»…’“„\u00a0\u202f":
        assert symbol in gathered, f"U+{ord(symbol):04X} is no longer gathered"
    assert {"é", "ß", "ñ", "ç", "œ", "¿", "¡"} <= gathered
    # the build's own gathering is at least as wide
    assert gathered <= build_font.drawn_characters()


def test_every_character_the_game_draws_has_a_glyph_in_the_shipped_font(
    shipped: TTFont,
) -> None:
    cmap = shipped.getBestCmap()
    glyf = shipped["glyf"]
    wanted = (
        drawable(catalogue_text())
        | drawable(code_text())
        | {chr(c) for c in range(0x20, 0x7F)}
        | set(DRAWN_SYMBOLS)
    )
    missing = sorted(f"U+{ord(c):04X} {c!r}" for c in wanted if ord(c) not in cmap)
    assert missing == [], f"no glyph for {missing}"
    blank = sorted(
        f"U+{ord(c):04X} {c!r}"
        for c in wanted
        if not c.isspace() and c != "\u200b" and glyf[cmap[ord(c)]].numberOfContours == 0
    )
    assert blank == [], f"these are drawn as nothing: {blank}"
    # the spaces are spaces: the narrow one narrower than the plain one
    width = shipped["hmtx"]
    assert 0 < width[cmap[0x202F]][0] < width[cmap[0x20]][0]
    assert width[cmap[0xA0]][0] == width[cmap[0x20]][0]


def test_the_shipped_font_carries_its_kerning_as_a_legacy_kern_table(shipped: TTFont) -> None:
    cmap = shipped.getBestCmap()
    pairs: dict[tuple[str, str], int] = {}
    for table in shipped["kern"].kernTables:
        for pair, value in table.kernTable.items():
            pairs[pair] = pairs.get(pair, 0) + value
    for left, right in ("AV", "To", "Wa", "Te"):
        assert pairs.get((cmap[ord(left)], cmap[ord(right)]), 0) < 0, f"{left}{right}"
    assert len(pairs) > 1000
    # and only there: HarfBuzz and FreeType alone then kern the same pairs alike
    assert "GPOS" not in shipped and "GSUB" not in shipped


def test_freetype_without_harfbuzz_kerns_the_shipped_font(shipped: TTFont) -> None:
    """pygame.freetype reads kerning only from the legacy table (no shaping), as SDL_ttf
    built without HarfBuzz does."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.freetype

    pygame.freetype.init()
    face = pygame.freetype.Font(str(SHIPPED), 48)
    face.kerning = True
    for pair in ("AV", "To", "Wa"):
        whole = face.get_rect(pair).width
        apart = sum(face.get_metrics(pair)[i][4] for i in range(2))
        assert whole < round(apart) - 1, pair


def test_the_shipped_font_is_small_and_licensed(shipped: TTFont) -> None:
    assert SHIPPED.stat().st_size < 80_000
    licence = (SHIPPED.parent / "LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert build_font.PACKAGE in licence and build_font.VERSION in licence


# -- the build's steps, on made-up fonts ----------------------------------------------


def made_font(glyphs: dict[str, int | None], features: str = "") -> TTFont:
    """A font of square glyphs: name -> the character it maps (None: drawn only through
    its layout, as Inter's arrow is), with ``features`` in feature-file syntax."""
    names = [".notdef", *glyphs]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({code: name for name, code in glyphs.items() if code is not None})
    outlines = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name != "space":
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((450, 700))
            pen.lineTo((450, 0))
            pen.closePath()
        outlines[name] = pen.glyph()
    builder.setupGlyf(outlines)
    builder.setupHorizontalMetrics({name: (500, 50) for name in names})
    builder.setupHorizontalHeader(ascent=900, descent=-300)
    builder.setupNameTable({"familyName": "Made", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    font = builder.font
    if features:
        addOpenTypeFeaturesFromString(font, features)
    return font


def test_characters_a_file_draws_without_mapping_are_mapped_to_their_glyphs() -> None:
    font = made_font({"A": 0x41, "arrowright": None, "uni2009": 0x2009, "space": 0x20})
    mapped = build_font.add_aliases(font)
    cmap = font.getBestCmap()
    assert sorted(mapped) == [0x202F, 0x2192]
    assert cmap[0x2192] == "arrowright"
    assert cmap[0x202F] == "uni2009"
    # a character the file maps already keeps its own glyph
    font = made_font({"A": 0x41, "arrowright": 0x2192, "B": None})
    assert build_font.add_aliases(font, {0x2192: ("B",)}) == []
    assert font.getBestCmap()[0x2192] == "arrowright"


KERNING = """
languagesystem DFLT dflt;
@LEFT = [T W];
@RIGHT = [o a];
feature kern {
    pos A V -80;
    pos A T 0;
    pos @LEFT @RIGHT -50;
} kern;
"""


def test_the_gpos_pair_kerning_is_written_again_as_a_legacy_kern_table() -> None:
    font = made_font({n: ord(n) for n in "AVTWoa"}, KERNING)
    pairs = build_font.pair_kerning(font)
    assert pairs == {
        ("A", "V"): -80,
        ("T", "o"): -50,
        ("T", "a"): -50,
        ("W", "o"): -50,
        ("W", "a"): -50,
    }
    assert build_font.add_legacy_kern(font, pairs) == 5
    assert font["kern"].kernTables[0].kernTable == pairs
    # the table survives being written and read back
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"made-kern-{os.getpid()}.ttf"
    try:
        font.save(str(path))
        again = TTFont(str(path))
        assert again["kern"].kernTables[0].kernTable == pairs
    finally:
        path.unlink(missing_ok=True)


def test_a_large_kerning_is_split_into_subtables_freetype_adds_up(monkeypatch) -> None:
    font = made_font({n: ord(n) for n in "AVTWoa"})
    monkeypatch.setattr(build_font, "KERN_PAIRS_PER_TABLE", 2)
    pairs = {("A", "V"): -80, ("T", "o"): -50, ("W", "a"): -40}
    assert build_font.add_legacy_kern(font, pairs) == 3
    tables = font["kern"].kernTables
    assert [len(t.kernTable) for t in tables] == [2, 1]
    assert {k: v for t in tables for k, v in t.kernTable.items()} == pairs


def test_a_font_is_cut_to_the_characters_asked_for_and_says_which_no_file_has() -> None:
    def woff(glyphs: dict[str, int | None], features: str = "") -> bytes:
        font = made_font(glyphs, features)
        font.flavor = "woff"
        import io

        out = io.BytesIO()
        font.save(out)
        return out.getvalue()

    files = {
        "latin": woff({"A": 0x41, "V": 0x56, "B": 0x42, "arrowright": None}),
        "latin-ext": woff({"Aogonek": 0x104, "C": 0x43}),
    }
    font, missing = build_font.build_font(files, set("AV→Ą") | {"\u4e00"})
    cmap = font.getBestCmap()
    assert {chr(c) for c in cmap} == set("AV→Ą")  # B and C were left out
    assert missing == {"\u4e00"}
    assert font["hhea"].ascent == 700 and font["hhea"].descent == 0


def test_a_build_that_cannot_fetch_the_package_fails_saying_the_default_font_is_used(
    monkeypatch, capsys, tmp_path
) -> None:
    def fails(offline: bool) -> bytes:
        raise build_font.FontError("could not fetch @fontsource/inter 5.3.0")

    monkeypatch.setattr(build_font, "tarball", fails)
    assert build_font.main(["--out", str(tmp_path / "font")]) == 1
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1
    assert "could not fetch" in said[0] and "default font" in said[0]
    assert not (tmp_path / "font").exists()


def test_a_changed_package_is_refused(tmp_path) -> None:
    with pytest.raises(build_font.FontError, match="digest"):
        build_font.tarball(False, cache=tmp_path, npm="", download=lambda: b"not the package")
