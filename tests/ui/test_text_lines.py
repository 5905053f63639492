"""Lines of text are spaced and sized by the font's own measures, at either text size:
a paragraph's lines never touch, and a line fitted to a row's height stays in it."""

from __future__ import annotations

import pygame
import pytest

from thirteen.ui import theme


@pytest.fixture(autouse=True)
def _normal_text_after():
    pygame.font.init()
    yield
    theme.set_display(False, False)


@pytest.mark.parametrize("larger", [False, True])
def test_a_paragraphs_lines_are_as_far_apart_as_the_font_says(larger):
    theme.set_display(False, larger)
    for size in range(14, 40, 2):
        linesize = theme.font(size).get_linesize()
        assert linesize <= theme.line_height(size) <= linesize + linesize // 10
        # two lines one line height apart: their inks do not meet
        top = theme.text("Ägypten", size).get_bounding_rect()
        under = top.move(0, theme.line_height(size))
        assert not top.colliderect(under)


@pytest.mark.parametrize("larger", [False, True])
def test_a_size_fitted_to_a_height_keeps_its_line_in_it(larger):
    theme.set_display(False, larger)
    words = "Keine Züge mehr"
    free = theme.fitting_size(words, 2000, 72, 20)
    assert free == 72  # without a height, only the width counts
    for height in (40, 50, 60, 66):
        size = theme.fitting_size(words, 2000, 72, 20, height=height)
        assert theme.font(size).get_height() <= height
        assert size == 72 or theme.font(size + 2).get_height() > height  # the largest
