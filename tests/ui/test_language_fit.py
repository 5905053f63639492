"""Every screen fits every language at every shape: each text drawn lies inside the
canvas and inside the widget or box it touches, and no two texts overlap.

The words are those really drawn: :data:`thirteen.ui.theme.recorder` is told of every
text a scene puts on a surface (the rect of its ink), while the scene draws as it
would in play.  German, usually the longest, comes first."""

from __future__ import annotations

import pygame
import pytest

from thirteen.core import i18n
from thirteen.core.i18n import tr
from thirteen.games import GAMES
from thirteen.tools.shot import next_move_to_end
from thirteen.ui import theme
from thirteen.ui.canvas import canvas_size
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.end import EndScene
from thirteen.ui.screens.entry import NAME_PROMPT, EntryScene
from thirteen.ui.screens.help import HelpScene
from thirteen.ui.screens.settings import SettingsScene
from thirteen.ui.screens.stats import StatsScene
from thirteen.ui.table.scene import TableScene
from thirteen.ui.widgets import Choice

from .helpers import Drawn, recording
from .test_shapes import SHAPES

LANGUAGES = ["de", "fr", "es", "it"]
"""German first: it is usually the longest."""


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language(i18n.SOURCE)
    theme.recorder = None


def boxes_of(app) -> list[pygame.Rect]:
    """The widgets and boxes on show whose words must stay inside them."""
    scene = app.scene
    out: list[pygame.Rect] = []
    if isinstance(scene, TableScene):
        out += [b.rect for b in scene.buttons]
        frame = scene.frame
        out += [frame.panel] + ([frame.bar] if frame.bar is not None else [])
        if scene.message and not frame.portrait:
            pass  # the panel holds it
        return out
    for w in getattr(scene, "widgets", []):
        out.append(w.rect)
        if isinstance(w, Choice):
            out.append(w.pill())
    if isinstance(scene, EndScene):
        out.append(scene.BOX)
    if isinstance(scene, HelpScene) and scene.picture_place() is not None:
        out.append(scene.picture_place())
    return out


def problems(app, drawn: Drawn, what: str) -> list[str]:
    """What does not fit in one drawing of the scene on show."""
    out: list[str] = []
    screen = app.screen
    boxes = boxes_of(app)
    by_surface: dict[int, Drawn] = {}
    for item in drawn:
        by_surface.setdefault(id(item[0]), []).append(item)
    for items in by_surface.values():
        bounds = items[0][0].get_rect()
        for n, (surface, words, rect) in enumerate(items):
            if not bounds.contains(rect):
                out.append(f"{what}: {words!r} {rect} runs off {bounds.size}")
            if surface is screen:
                for box in boxes:
                    if rect.colliderect(box) and not box.contains(rect):
                        out.append(f"{what}: {words!r} {rect} runs out of {box}")
            for _, other, other_rect in items[n + 1 :]:
                if rect.colliderect(other_rect):
                    out.append(f"{what}: {words!r} {rect} overlaps {other!r} {other_rect}")
    return out


def drawing(app, what: str) -> list[str]:
    """Draw the scene on show twice (the first may take a picture of the table behind
    it) and check the second."""
    app.draw()
    if app.tasks.busy():  # a search the screen started (the end screen's verdict)
        app.tasks.finish_all()
        app.draw()
    with recording() as drawn:
        app.draw()
    assert drawn, f"{what}: no text drawn"
    return problems(app, drawn, what)


def app_at(make, size, query: str = "", language: str = "de"):
    app = make(query, language=language, animations=False, timer=True, sound=False)
    app.display.resize(*size)
    app.relayout()
    return app


def long_message() -> str:
    return tr(
        "Give up your {game} game in progress? It will count as a loss: press {button} again.",
        game=tr(next(iter(GAMES.values())).title),
        button=tr("Play a new deal"),
    )


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
    size = canvas_size(*viewport)
    found: list[str] = []
    app = app_at(make, size, "?game=pyramid13&deal=5", language)
    app.go_start()  # with a game to resume
    app.start_scene.message = long_message()
    found += drawing(app, f"{language} start {size}")
    app.open(SceneName.HELP)
    help_scene = app.scene
    for key, _ in [(k, None) for k in (*GAMES, "keys")]:
        help_scene.activate(f"tab:{key}")
        found += drawing(app, f"{language} help {key} {size}")
    app.back()
    app.open(SceneName.STATS)
    stats = app.scene
    assert isinstance(stats, StatsScene)
    for n in range(len(stats.tabs)):
        stats.activate(f"tab:{n}")
        found += drawing(app, f"{language} stats {n} {size}")
    stats.activate("reset")  # its question under the figures
    found += drawing(app, f"{language} stats reset {size}")
    app.back()
    app.open(SceneName.SETTINGS)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    for page in range(settings.pages()):
        found += drawing(app, f"{language} settings page {page + 1} {size}")
        settings.activate("page:1")
    app.back()
    title = tr("Post your score: {score}", score=123)
    app.push(EntryScene(app, title, tr(NAME_PROMPT), lambda text: None, "Lucky 13"))
    app.scene.error = tr("Only letters A-Z, digits, spaces, '-', '_' and '.'.")
    found += drawing(app, f"{language} entry {size}")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", ["pyramid13", "thirteens"])
def test_the_end_screen_fits(make, language, viewport, game_id):
    """A finished game's end screen, with its statistics, verdict, link and (Pyramid 13)
    Post score; and the question it asks before leaving an unposted score."""
    size = canvas_size(*viewport)
    app = app_at(make, size, f"?game={game_id}&deal=5", language)
    table = app.table
    seen: set = set()
    while not table.game.is_over:
        table.play(next_move_to_end(table.game, seen))
    table.end_left = None
    app.open(SceneName.END)
    end = app.scene
    assert isinstance(end, EndScene)
    found = drawing(app, f"{language} end {game_id} {size}")
    if end.button("menu") is not None and app.session.unposted(app.game):
        end.ask_to_leave("menu")
        found += drawing(app, f"{language} end asking {game_id} {size}")
    assert found == [], "\n".join(found)


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
