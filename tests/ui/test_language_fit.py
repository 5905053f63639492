"""Every screen fits every language at every shape: each text drawn lies inside the
canvas and inside the widget or box it touches, and no two texts overlap.

The words are those really drawn: :data:`thirteen.ui.theme.recorder` is told of every
text a scene puts on a surface (the rect of its ink), while the scene draws as it
would in play.  German, usually the longest, comes first."""

from __future__ import annotations

import pytest

from thirteen.core import i18n
from thirteen.core.i18n import tr
from thirteen.games import GAMES
from thirteen.ui import theme
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName

from .fit_helpers import (
    LANGUAGES,
    app_at,
    check_end_screen_fits,
    check_every_screen_fits,
    drawing,
)
from .shapes import SHAPES


@pytest.fixture(autouse=True)
def _no_recorder_after():
    yield
    theme.recorder = None


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_fits(make, language, viewport):
    size = canvas_size(*viewport)
    found: list[str] = []
    for spec in GAMES.values():
        app = app_at(make, size, f"?game={spec.id}&deal=5", language)
        table = app.table
        table.outlook = "lost"  # the indicator's longest words (without its search)
        table.say(tr("Only the top card of a column can move to an empty column."))
        found += drawing(app, f"{language} table {spec.id} {size}")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits(make, language, viewport):
    check_every_screen_fits(make, language, viewport)


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", ["pyramid13", "thirteens"])
def test_the_end_screen_fits(make, language, viewport, game_id):
    """A finished game's end screen, with its statistics, verdict, link and (Pyramid 13)
    Post score; and the question it asks before leaving an unposted score."""
    check_end_screen_fits(make, language, viewport, game_id)


def test_the_recorder_sees_what_does_not_fit(make):
    """The check itself: a label too long for its button is caught."""
    app = app_at(make, (1280, 720), "?game=pyramid&deal=5", "en")
    button = app.table.buttons[0]
    button.label = "An ever so much longer label than any button holds"
    found = drawing(app, "en table")
    assert any("runs out of" in line for line in found)


def test_changing_the_language_in_the_settings_takes_effect_at_once(make):
    app = app_at(make, (1280, 720), "?game=pyramid&deal=5", "en")
    assert app.table.buttons[0].label == "New"
    app.open(SceneName.SETTINGS)
    settings = app.scene
    while not any(w.name == "language" for w in settings.widgets):
        settings.activate("page:1")
    choice = next(w for w in settings.widgets if w.name == "language")
    while choice.value != "fr":
        choice.step()
    settings.activate("language")
    assert i18n.language() == "fr" and app.settings.language == "fr"
    choice = next(w for w in settings.widgets if w.name == "language")
    assert choice.label == "Langue"  # the screen itself is laid out anew in French
    assert app.table.buttons[0].label == tr("New") != "New"
    assert app.profile.settings.language == "fr"
