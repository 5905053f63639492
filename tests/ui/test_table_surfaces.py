"""What lies over the table hides what is under it: the notices (a round's figures, a banner)
are opaque, and an empty place's edge is not drawn under a card."""

from __future__ import annotations

import pygame
import pytest

from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.scene import backdrop as scene_backdrop
from thirteen.ui.table import paint

from .helpers import press
from .pyramid13_rounds import ROUND_ONE

UNDER = (255, 0, 0)
"""What is under the notice in these tests: a colour no notice uses."""


def inside_points(box: pygame.Rect) -> list[tuple[int, int]]:
    """Points inside a notice's box, clear of its edge, corners and words."""
    return [(box.x + 9, box.centery), (box.right - 9, box.centery), (box.centerx, box.bottom - 7)]


def test_the_round_summary_is_opaque(make):
    app = make("?game=pyramid13&deal=3")
    table = app.table
    table.game.play_all(ROUND_ONE)
    table.relayout()
    press(app, pygame.K_d)  # the last draw: the round is over
    summary = table.summary
    assert summary is not None
    surface = pygame.Surface(app.screen.get_size())
    surface.fill(UNDER)
    summary.draw(surface, table.frame, table.geo, table.game)
    box = summary.box(table.frame, table.geo, table.game)
    for point in inside_points(box):
        assert surface.get_at(point)[:3] == theme.NOTICE, point


def test_a_banner_is_opaque(make):
    app = make("?game=pyramid13&deal=3")
    table = app.table
    table.show_banner("The link's deal is played from its start.")
    surface = pygame.Surface(app.screen.get_size())
    surface.fill(UNDER)
    paint.draw_banner(table, surface)
    box = paint.banner_box(table)
    for point in inside_points(box):
        assert surface.get_at(point)[:3] == theme.NOTICE, point


def test_no_empty_place_edge_shows_beside_the_draw_pile_in_high_contrast(make):
    """In high contrast an empty place has a bright white edge; under the draw pile's and
    the waste's cards its rounded corner would show beside theirs."""
    app = make("?game=pyramid&deal=1", high_contrast=True)
    table = app.table
    press(app, pygame.K_d)
    press(app, pygame.K_d)
    table.anim.finish()
    app.draw()
    game, screen = table.game, app.screen
    assert game.draw_count and game.waste_count
    felt = scene_backdrop(screen.get_size(), app.settings.table_colour)
    for rect in (table.geo.pile, table.geo.waste):
        card = next(s.card for s in table.geo.spots if s.rect == rect and s.card is not None)
        face = card_art.card_face(card, rect.w, rect.h)
        # the card's right and bottom edges (the pile's backs lie under its top and left
        # ones), where the card is not opaque: its rounded corners and soft edge
        edges = [(x, y) for x in range(rect.w) for y in range(rect.h)]
        edges = [(x, y) for x, y in edges if x >= rect.w - 8 or y >= rect.h - 8]
        outside = [(x, y) for x, y in edges if face.get_at((x, y)).a < 255]
        assert outside
        for x, y in outside:
            shown = screen.get_at((rect.x + x, rect.y + y))
            under = felt.get_at((rect.x + x, rect.y + y))
            assert sum(shown[:3]) <= sum(under[:3]) + 24, (rect, x, y, shown, under)


def neighbours_differing(felt: pygame.Surface) -> float:
    """Of the pixels of the felt's outer part (where its gradient falls fastest), the share
    whose right-hand neighbour has another colour: a few percent where the gradient is
    drawn as bands of one colour each, most of them where it is dithered."""
    w, h = felt.get_size()
    differing = pairs = 0
    for y in range(0, h, 15):
        row = [felt.get_at((x, y))[:3] for x in range(w)]
        for x in range(w - 1):
            dx, dy = (x - w / 2) / (w / 2), (y - h / 2) / (h / 2)
            if dx * dx + dy * dy >= 0.36:
                pairs += 1
                differing += row[x] != row[x + 1]
    return differing / pairs


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
@pytest.mark.parametrize("felt", [*theme.FELTS, "high contrast"])
def test_no_felt_shows_bands(felt, size):
    contrast = felt == "high contrast"
    theme.set_display(contrast, False)
    try:
        surf = scene_backdrop(size, "green" if contrast else felt)
        _label, centre, edge = theme.FELTS.get(felt, ("", *theme.CONTRAST_FELT))
        assert neighbours_differing(surf) > 0.5
        w, h = size
        middle = surf.get_at((w // 2, h // 2))[:3]
        corner = surf.get_at((0, 0))[:3]
        for got, want in ((middle, centre), (corner, edge)):
            assert all(abs(g - c) <= 1 for g, c in zip(got, want, strict=True)), (got, want)
    finally:
        theme.set_display(False, False)
