"""Tens (``tests/toy_games/tens``), registered here through the public registry and
nowhere else, on every screen, with no other file changed: the start screen lists it and
starts it, help and the statistics open on its tab, at every shape; its table fits every
shape, its end screen upright; and every screen it is on fits every language."""

from __future__ import annotations

import pygame
import pytest

from thirteen.games import GAMES, register, unregister
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.help import HelpScene
from thirteen.ui.screens.stats import StatsScene
from toy_games.tens import TENS

from . import fit_helpers as fit
from . import shapes
from .helpers import click, game_button, step


@pytest.fixture(autouse=True, scope="module")
def registered():
    """Tens is in the registry for this module's tests only."""
    register(TENS)
    yield
    unregister(TENS.id)


def test_the_start_screen_starts_tens(make):
    app = make()
    click(app, game_button(app, "tens").rect.center)
    play = next(w for w in app.start_scene.widgets if w.name == "play")
    click(app, play.rect.center)
    assert app.game is not None and app.game.game_id == "tens"
    cards = [s for s in app.table.geo.spots if s.kind == "card"]
    assert len(cards) == 12 and all(s.free for s in cards)


def test_a_screenshot_of_the_table_of_tens(make, tmp_path):
    from thirteen.games import GameSetup
    from thirteen.tools.shot import render_shot

    make()  # pygame set up as the game does it
    out = tmp_path / "tens.png"
    render_shot(GameSetup("tens", deal=3).new_game(), str(out), scene="table")
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


@pytest.mark.parametrize("larger", shapes.TEXT_SIZES)
@pytest.mark.parametrize("viewport", shapes.SHAPES)
def test_the_start_screen_help_and_statistics_show_tens_at_every_shape(make, viewport, larger):
    """On the start screen among the others, beside its group's heading, its blurb whole
    under the list; help and the statistics opened from there on its tab."""
    app = shapes.open_menu(make, viewport, "start", larger=larger)
    seen, _ = shapes.sweep_start_screen(app, viewport)
    assert "tens" in seen
    click(app, game_button(app, "tens").rect.center)
    for name, kind in ((SceneName.HELP, HelpScene), (SceneName.STATS, StatsScene)):
        app.open(name)
        step(app)
        scene = app.scene
        assert isinstance(scene, kind)
        shown = [w for w in scene.widgets if getattr(w, "primary", False)]
        assert [w.label for w in shown] == ["Tens"], name
        shapes.check_menu(app, viewport, shapes.scene_texts(scene))
        app.back()
        step(app)


@pytest.mark.parametrize("larger", shapes.TEXT_SIZES)
@pytest.mark.parametrize("viewport", shapes.SHAPES)
def test_the_table_of_tens_fits_every_shape(make, viewport, larger):
    shapes.check_table_fits(make, viewport, "tens", None, larger)


def test_the_end_screen_of_tens_is_laid_out_upright(make):
    shapes.check_end_screen_upright(make, "tens")


@pytest.mark.parametrize("viewport", shapes.SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", fit.LANGUAGES)
def test_every_screen_of_tens_fits_every_language(make, language, viewport):
    """Its table, the start screen with it chosen, its help tab and its statistics tab,
    in its own words and the game's."""
    size = canvas_size(*viewport)
    app = fit.app_at(make, size, "?game=tens&deal=5", language)
    app.table.outlook = "lost"  # the indicator's longest words (without its search)
    found = fit.drawing(app, f"{language} table tens {size}")
    app.go_start()  # Tens chosen, waiting to be resumed
    assert app.start_scene.game_id == "tens"
    app.start_scene.message = fit.long_message()
    found += fit.drawing(app, f"{language} start {size}")
    for name in (SceneName.HELP, SceneName.STATS):
        app.open(name)
        found += fit.drawing(app, f"{language} {name} tens {size}")
        app.back()
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("viewport", [(1280, 720), (390, 844), (844, 390)])
@pytest.mark.parametrize("language", fit.LANGUAGES)
def test_the_end_screen_of_tens_fits_every_language(make, language, viewport):
    fit.check_end_screen_fits(make, language, viewport, "tens")


def test_tens_is_registered_here_only():
    assert GAMES["tens"] is TENS
