"""Every screen fits with the settings players turn on: Larger text, the game timer,
high contrast, a daily deal's longest number and each game's widest score, in every
language at the common shapes.  Nothing may overlap, leave its box or the canvas, be
cut short (a message missing words) or be set too small to read on a button, no help
page may drop its worked example or figure, and no English is left under another
language.

How the combinations are chosen: the dimensions are the scene, the game, the shape
(1280x720, 390x844, 844x390, 1024x768, 720x720), the language (en, de, fr, es, it),
Larger text, the timer, the daily deal and high contrast.  All of them at once are far
too many to draw, so :func:`.fit_helpers.all_pairs` lists a fixed set of rows, made
greedily and deterministically, in which every pair of values of any two dimensions
appears (every scene in every language, at every shape, with and without Larger text,
every game at every shape...).  To those rows the worst case is added for every scene
at every shape: German, Larger text, the timer on, the longest daily number and the
widest score (German is usually the longest language).  Every screen that shows a
score shows the widest its game can reach, and every figure is the widest it grows.

What is cheap is swept whole: the table's panel alone (no cards drawn) for every game,
language, text size, timer and shape; and the help's layout (where its text and
picture go, measured without drawing) for every game, language, text size and shape."""

from __future__ import annotations

import itertools

import pygame
import pytest

from thirteen.core import i18n
from thirteen.core.i18n import tr
from thirteen.games import GAMES, GameSetup
from thirteen.session import share
from thirteen.ui import theme
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.help import HelpScene
from thirteen.ui.screens.settings import SettingsScene
from thirteen.ui.table.panel import draw_panel

from .fit_cases import check, english_left, graded, make_app, open_scene
from .fit_helpers import (
    DAILY_DEAL,
    WIDEST_TIME_MS,
    all_pairs,
    problems,
)
from .helpers import recording, show_as

SHAPES = [(1280, 720), (390, 844), (844, 390), (1024, 768), (720, 720)]
LANGUAGES = ["en", "de", "fr", "es", "it"]
SCENES = [
    "table",
    "start",
    "menu",
    "help",
    "stats",
    "end-won",
    "end-lost",
    "settings",
    "entry",
    "calendar",
    "replay",
]
"""Every scene: ``menu`` is the start screen the table's Menu opens (a game waiting),
``replay`` a shown win's last move and its message, ``stats`` with its records part."""
GAME_IDS = list(GAMES)


# -- the combinations ------------------------------------------------------------------

DIMENSIONS = {
    "scene": SCENES,
    "game": GAME_IDS,
    "shape": SHAPES,
    "language": LANGUAGES,
    "larger": [False, True],
    "timer": [False, True],
    "daily": [False, True],
    "contrast": [False, True],
}


def pairwise_cases() -> list[dict]:
    """The all-pairs rows over :data:`DIMENSIONS`, as dicts."""
    names = list(DIMENSIONS)
    rows = all_pairs([len(DIMENSIONS[n]) for n in names])
    return [{n: DIMENSIONS[n][v] for n, v in zip(names, row, strict=True)} for row in rows]


def worst_cases() -> list[dict]:
    """German, Larger text, the timer, the longest daily number at every shape, for every
    scene (the games with the widest scores and longest words: Pyramid 13 and Thirteens)."""
    out = []
    for shape, scene in itertools.product(SHAPES, SCENES):
        game = "pyramid13" if SCENES.index(scene) % 2 else "thirteens"
        out.append(
            {
                "scene": scene,
                "game": game,
                "shape": shape,
                "language": "de",
                "larger": True,
                "timer": True,
                "daily": True,
                "contrast": False,
            }
        )
    return out


def case_id(case: dict) -> str:
    w, h = case["shape"]
    flags = [n for n in ("larger", "timer", "daily", "contrast") if case[n]]
    return "-".join([case["scene"], case["game"], f"{w}x{h}", case["language"], *flags])


CASES = worst_cases() + pairwise_cases()


def test_the_pairwise_rows_cover_every_pair():
    """The generator: every pair of values of every two dimensions is in some row."""
    names = list(DIMENSIONS)
    rows = pairwise_cases()
    for a, b in itertools.combinations(names, 2):
        seen = {(repr(r[a]), repr(r[b])) for r in rows}
        want = {(repr(x), repr(y)) for x in DIMENSIONS[a] for y in DIMENSIONS[b]}
        assert seen == want, (a, b)
    assert len(rows) < 2 * len(SCENES) * len(GAME_IDS)  # far fewer than all of them


# -- making a case ------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _no_recorder_after():
    yield
    theme.recorder = None


def settings_pages(app, what: str) -> list[str]:
    """Every page of the settings."""
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    found: list[str] = []
    for page in range(settings.pages()):
        found += check(app, f"{what} page {page + 1}")
        settings.activate("page:1")
    return found


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_screen_fits_with_the_settings_on(make, monkeypatch, case):
    app = make_app(make, case, monkeypatch)
    open_scene(app, case)
    what = case_id(case)
    found = settings_pages(app, what) if case["scene"] == "settings" else check(app, what)
    assert found == [], "\n".join(found)


# -- the cheap full sweeps -----------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_panel_fits_in_every_language_with_the_timer_and_the_longest_daily(
    make, monkeypatch, shape
):
    """The table's panel alone (no cards drawn), for every game, language, text size and
    timer, with today's longest deal number and its grade."""
    monkeypatch.setattr(share, "today_deal", lambda game_id, day=None: DAILY_DEAL)
    app = make(f"?game=pyramid&deal={DAILY_DEAL}", animations=False, sound=False, language="en")
    show_as(app, shape)
    found: list[str] = []
    for game_id in GAME_IDS:
        app.put_on_table(GameSetup(game_id, deal=DAILY_DEAL).new_game(), deal=False)
        graded(app.game.setup)
        for language, larger, timer in itertools.product(LANGUAGES, (False, True), (False, True)):
            i18n.set_language(language)
            app.settings.timer = timer
            if theme.set_display(False, larger):
                app.relayout()
            table = app.table
            table.elapsed_ms = WIDEST_TIME_MS
            with recording() as drawn:
                draw_panel(table, app.screen)
            what = f"panel {game_id} {shape} {language} larger={larger} timer={timer}"
            found += problems(app, drawn, what)
    theme.set_display(False, False)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_help_page_keeps_its_example_in_every_language(make, shape):
    """Where the help's text and picture go, measured (not drawn) for every game,
    language and text size: the picture always has a place, on the canvas and clear of
    the text."""
    app = make("?game=pyramid&deal=5", animations=False, sound=False)
    show_as(app, shape)
    canvas = app.screen.get_rect()
    found: list[str] = []
    for language, larger in itertools.product(LANGUAGES, (False, True)):
        i18n.set_language(language)
        theme.set_display(False, larger)
        app.relayout()
        app.open(SceneName.HELP)
        help_scene = app.scene
        assert isinstance(help_scene, HelpScene)
        for game_id in GAME_IDS:
            help_scene.activate(f"tab:{game_id}")
            what = f"help {game_id} {shape} {language} larger={larger}"
            picture = help_scene.picture_place()
            if picture is None:
                found.append(f"{what}: no room for the example")
                continue
            if not canvas.contains(picture):
                found.append(f"{what}: the example {picture} runs off the canvas")
            size, lines = help_scene.lines()
            x, width, _ = help_scene.text_place()
            y = help_scene.text_top()
            for line, gap in lines:
                rect = pygame.Rect(x, y, theme.font(size).size(line)[0], size - 2)
                if rect.colliderect(picture) or not canvas.contains(rect):
                    found.append(f"{what}: {line!r} {rect} meets the example {picture}")
                y += size - 2 + gap
        app.back()
    theme.set_display(False, False)
    assert found == [], "\n".join(found)


# -- the check itself ------------------------------------------------------------------

ORDINARY = {
    "game": "pyramid",
    "shape": (1280, 720),
    "language": "en",
    "larger": False,
    "timer": False,
    "daily": False,
    "contrast": False,
}


def test_the_check_sees_a_message_cut_short(make, monkeypatch):
    """A message the panel and the veil over the table have too few lines for."""
    from thirteen.ui.table import panel

    monkeypatch.setattr(panel, "PANEL_MESSAGE_LINES", 1)
    monkeypatch.setattr(panel, "VEIL_LINES", 1)
    app = make_app(make, {**ORDINARY, "scene": "table"}, monkeypatch)
    app.table.say(tr("Only the top card of a column can move to an empty column.") * 3)
    found = check(app, "cut")
    assert any("message cut" in line for line in found), found


def test_the_check_sees_a_help_page_without_its_example(make, monkeypatch):
    """A help page that finds no room for its worked example."""
    monkeypatch.setattr(HelpScene, "picture_place", lambda self: None)
    app = make_app(make, {**ORDINARY, "scene": "help"}, monkeypatch)
    open_scene(app, {**ORDINARY, "scene": "help"})
    found = check(app, "dropped")
    assert found == ["dropped: the help of pyramid draws no example or figure"]


def test_the_check_sees_a_label_set_too_small_and_english_left(make, monkeypatch):
    """A foot button too narrow for its label, and a word drawn untranslated."""
    from thirteen.ui.screens import start

    monkeypatch.setattr(start, "FOOT_LABEL_LEAST", 0)  # the foot row never spreads
    case = {**ORDINARY, "scene": "start", "shape": (720, 720), "language": "de"}
    case["larger"] = True
    app = make_app(make, case, monkeypatch)
    open_scene(app, case)
    found = check(app, "narrow")
    assert any("'Einstellungen' set at" in line for line in found), found
    with recording() as drawn:
        theme.blit_text(app.screen, "Settings", 30, (0, 0))
    assert english_left(drawn) == ["Settings"]
