"""The notices drawn over the table (a round's figures, a banner) hide the cards under
them: a card must not show through their words."""

from __future__ import annotations

import pygame

from thirteen.ui import theme
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
