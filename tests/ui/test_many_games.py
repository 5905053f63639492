"""Twelve games: the collection's eight and four made from Tens (``tests/toy_games/tens``)
under names of their own, registered here.  Every screen that lists games (start, help,
statistics, settings) still lays itself out at every shape, each game's button or tab on
a page of its own list and found where it is drawn, and fits every language."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from thirteen.games import COLLECTION, GAMES, register, unregister
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.menu import flow
from thirteen.ui.screens.tabs import NEXT, PREVIOUS, tab_page
from toy_games.tens import TENS

from . import fit_helpers as fit
from . import shapes
from .helpers import click, step

TOTAL = 12


@pytest.fixture(autouse=True, scope="module")
def twelve_games():
    """Tens and three of its copies, each its own game (its own position type, under
    Tens's folder, whose words it shares), for this module's tests only."""
    base = TENS.position_type
    made = [register(TENS)]
    for n in range(2, TOTAL - len(COLLECTION) + 1):
        game_id = f"tens{n}"
        kind = type(f"Tens{n}", (base,), {"game_id": game_id, "__module__": base.__module__})
        copy = replace(TENS, id=game_id, title=f"Tens {n}", position_type=kind, examples=())
        made.append(register(copy))
    yield
    for spec in made:
        unregister(spec.id)


def test_twelve_games_are_registered():
    assert len(GAMES) == TOTAL


def test_tabs_take_pages_only_when_their_rows_run_past_the_bottom():
    def place(count: int) -> list[pygame.Rect]:  # four to a row, rows 50 apart from 100
        return flow(count, pygame.Rect(0, 100, 450, 0), 100, 40)

    page = tab_page(8, 0, None, place, bottom=190)  # two rows
    assert page.shown == range(8) and page.pages == 1 and page.buttons == []
    page = tab_page(9, 8, None, place, bottom=190)  # six and the page buttons in two rows
    assert page.pages == 2 and page.page == 1 and page.shown == range(6, 9)
    assert [name for name, _, _ in page.buttons] == [PREVIOUS, NEXT]
    assert page.previous == place(5)[0] and page.rects == place(5)[1:4]
    assert tab_page(9, 0, None, place, 190).shown == range(6)  # the chosen tab's page
    assert tab_page(9, 8, 2, place, 190).page == 0  # past the last: the first again


def sweep_tabs(app, viewport, chosen) -> list[str]:
    """Click every tab on every page of the tabs of the scene on show, checking the screen
    each time (``chosen``: the open tab, from the clicked tab's name); the tabs clicked."""
    scene = app.scene
    seen: list[str] = []
    for _ in range(len(GAMES) + 2):
        tabs = [w for w in scene.widgets if w.name.startswith("tab:")]
        assert tabs, "a page without tabs"
        if tabs[0].name in seen:  # round to the first page again
            break
        for tab in tabs:
            click(app, tab.rect.center)
            assert chosen(scene) == tab.name
            assert scene.button(tab.name).primary
            shapes.check_menu(app, viewport, shapes.scene_texts(scene))
            seen.append(tab.name)
        pager = scene.button("tabs:1")
        if pager is None:
            break
        click(app, pager.rect.center)
    return seen


@pytest.mark.parametrize("larger", shapes.TEXT_SIZES)
@pytest.mark.parametrize("viewport", shapes.SHAPES)
def test_every_listing_screen_lays_itself_out_at_every_shape(make, viewport, larger):
    app = shapes.open_menu(make, viewport, "start", larger=larger)
    seen, _ = shapes.sweep_start_screen(app, viewport)
    assert len(seen) == TOTAL

    app.open(SceneName.HELP)
    step(app)
    tabs = sweep_tabs(app, viewport, lambda scene: f"tab:{scene.tab}")
    assert sorted(tabs) == sorted(f"tab:{key}" for key in (*GAMES, "keys"))
    app.back()

    app.open(SceneName.STATS)
    step(app)
    tabs = sweep_tabs(app, viewport, lambda scene: f"tab:{scene.tab}")
    assert sorted(tabs) == sorted(f"tab:{n}" for n in range(len(app.scene.tabs)))
    assert {gid for gid, _, _ in app.scene.tabs} == set(GAMES)
    app.back()

    app.open(SceneName.SETTINGS)
    settings = app.scene
    for _ in range(settings.pages()):
        step(app)
        shapes.check_menu(app, viewport, shapes.scene_texts(settings))
        settings.activate("page:1")


@pytest.mark.parametrize("viewport", shapes.SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", fit.LANGUAGES)
def test_every_listing_screen_fits_every_language(make, language, viewport):
    """The start screen, every help tab, every statistics tab and every settings page."""
    fit.check_every_screen_fits(make, language, viewport)
