"""The game sets its words in the font it ships (``make font``, thirteen.ui.typeface):
kerned, with a real glyph for every character its screens draw, and pygame's default
font with one warning when the font was not built.

Skips where the font was not built, except under CI=true (``make test`` builds it
first): there a missing font fails.
"""

import os

import pygame
import pytest

from thirteen.core import i18n
from thirteen.ui import theme, typeface
from thirteen.ui.scene_names import SceneName

from .helpers import recording

NOT_A_CHARACTER = "\ue000"
"""A private-use character: no font maps it, so it is drawn as the missing-glyph box."""


@pytest.fixture
def shipped():
    if not typeface.FILE.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{typeface.FILE} was not built: `make font` must run before the tests")
        pytest.skip("the font was not built (make font)")
    typeface.forget()
    theme._fonts.clear()
    theme._texts.clear()
    return typeface.FILE


@pytest.fixture
def no_font(monkeypatch, tmp_path):
    """The game as it is where the font could not be built."""
    monkeypatch.setattr(typeface, "FILE", tmp_path / "missing.ttf")
    typeface.forget()
    theme._fonts.clear()
    theme._texts.clear()
    yield
    monkeypatch.undo()
    typeface.forget()
    theme._fonts.clear()
    theme._texts.clear()


def ink(surface: pygame.Surface) -> pygame.Rect:
    return pygame.mask.from_surface(surface).get_bounding_rects()[0]


def test_the_words_are_set_in_the_shipped_font(shipped):
    pygame.font.init()
    size = 40
    own = pygame.font.Font(str(shipped), round(size * typeface.SIZE_SCALE))
    default = pygame.font.Font(None, size)
    for words in ("Elevens", "Deal #123 · hard", "Réussite «Treize»"):
        assert theme.font(size).size(words) == own.size(words)
        assert theme.font(size).size(words) != default.size(words)
    # the card faces' indices too, at exactly their size
    assert theme.plain_font(size).size("10") == own.size("10")


def test_the_shipped_font_is_kerned(shipped):
    f = theme.font(60)
    for pair in ("AV", "To", "Wa"):
        assert f.size(pair)[0] < f.size(pair[0])[0] + f.size(pair[1])[0] - 1, pair


def test_the_arrow_and_the_narrow_space_are_real_glyphs(shipped):
    f = theme.font(60)
    arrow = f.render("→", True, (255, 255, 255))
    box = f.render(NOT_A_CHARACTER, True, (255, 255, 255))
    assert ink(arrow).w > ink(arrow).h  # a wide arrow
    # not the missing glyph's box: other ink
    arrow_ink = pygame.mask.from_surface(arrow)
    box_ink = pygame.mask.from_surface(box)
    assert arrow_ink.overlap_area(box_ink, (0, 0)) < arrow_ink.count() // 2
    # French groups digits with a narrow no-break space: narrower than a space, not a box
    assert 0 < f.size("1\u202f000")[0] - f.size("1000")[0] < f.size(" ")[0]


def test_every_character_the_screens_draw_has_a_glyph(make, shipped):
    """The words of the table, the start screen, help and the statistics, as drawn in
    every language (numbers formatted, titles, keys), all in the shipped font's map."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(shipped)).getBestCmap()
    seen: set[str] = set()
    try:
        for language in ("en", "de", "fr", "es", "it"):
            app = make("?game=elevens&deal=5", language=language, animations=False, timer=True)
            for open_scene in (None, SceneName.HELP, SceneName.STATS):
                if open_scene is not None:
                    app.open(open_scene)
                app.draw()
                with recording() as drawn:
                    app.draw()
                assert drawn
                seen.update(c for _, words, _ in drawn for c in words)
                if open_scene is not None:
                    app.back()
            app.go_start()
            with recording() as drawn:
                app.draw()
            seen.update(c for _, words, _ in drawn for c in words)
    finally:
        i18n.set_language(i18n.SOURCE)
    assert {"É", "«", "ü", "·"} & seen  # the languages' own letters were drawn
    missing = sorted(f"U+{ord(c):04X} {c!r}" for c in seen if ord(c) not in cmap)
    assert missing == []


def test_without_the_font_the_default_one_is_used_and_said_once(no_font, capsys):
    pygame.font.init()
    assert theme.font(30).size("Elevens") == pygame.font.Font(None, 30).size("Elevens")
    theme.font(24)
    theme.text("Elevens", 36)
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1
    assert "missing.ttf" in said[0] and "default font" in said[0]


def test_a_font_file_that_cannot_be_read_falls_back_too(no_font, capsys, tmp_path):
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(b"not a font")
    typeface.FILE = broken  # undone by no_font's monkeypatch
    typeface.forget()
    assert theme.font(30).size("Elevens") == pygame.font.Font(None, 30).size("Elevens")
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "cannot be read" in said[0]
