"""Numbers from input at any value, finite or not, never raise: fingers, pointers,
window sizes, the page's viewport and the window's scale, swept by property tests,
through real pygame events posted to a real App on each kind of display."""

from __future__ import annotations

import math
import os
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirteen.core.cards import parse_card
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.ui import app as app_module
from thirteen.ui import display as display_module
from thirteen.ui.canvas import SHORT_SIDE, WIDEST, canvas_size, first_window_size
from thirteen.ui.crisp import SharpCanvas
from thirteen.ui.display import Display
from thirteen.ui.input_numbers import (
    FAR,
    MAX_SIDE,
    canvas_point,
    clamped,
    kept_point,
    real,
    window_side,
)
from thirteen.ui.touch import TapReader, finger_pos

from .helpers import card_at, step

EDGES = [
    1e308,
    -1e308,
    math.nan,
    math.inf,
    -math.inf,
    0,
    0.0,
    -0.0,
    -1,
    -1e-308,
    5e-324,
    0.5,
    2**31,
    -(2**63),
    10**400,
    -(10**400),
]
"""The numbers an attack tries first: the largest floats, NaN, the infinities, zero and
below it, the smallest, the edges of C's integers and integers no float holds."""
NUMBERS = st.sampled_from(EDGES) | st.floats() | st.integers()
PROPERTY = settings(
    max_examples=int(os.environ.get("THIRTEEN_FUZZ_EXAMPLES", "40")),
    deadline=None,
    derandomize=os.environ.get("CI") == "true",
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@given(NUMBERS, NUMBERS)
def test_arithmetic_on_any_number_gives_a_point_within_reach_or_none(x, y):
    at = canvas_point(x, y)
    assert at is None or (abs(at[0]) <= FAR and abs(at[1]) <= FAR)
    for value in (x, y):
        assert abs(clamped(value)) <= FAR
    kept = kept_point((x, y))
    assert all(abs(real(v)) <= FAR for v in kept)
    if abs(real(x)) <= FAR and abs(real(y)) <= FAR:
        assert kept == (x, y)  # a position within reach stays as it came
    side = window_side(x)
    assert side is None or 1 <= side <= MAX_SIDE


@given(NUMBERS, NUMBERS)
def test_any_window_or_viewport_gives_a_canvas_of_a_real_shape(width, height):
    w, h = canvas_size(width, height)
    assert min(w, h) == SHORT_SIDE and max(w, h) <= round(SHORT_SIDE * WIDEST)
    w, h = first_window_size((width, height))
    assert 0 < w <= 1280 and 0 < h <= 720


def test_a_window_of_a_usual_shape_gives_the_canvas_it_did():
    assert canvas_size(1280, 720) == (1280, 720)
    assert canvas_size(390, 844) == (720, 1558)
    assert canvas_size(1e308, 1) == (1680, 720)
    assert canvas_size(math.nan, 720) == canvas_size(math.inf, math.inf) == (1280, 720)
    assert first_window_size((1366, 768)) == (1229, 691)


@given(NUMBERS, NUMBERS, st.sampled_from([(1280, 720), (720, 1558), (1, 1)]))
def test_a_finger_anywhere_is_a_point_within_reach_or_none(x, y, size):
    """Found by attack: a finger at x = 1e308 passed the finiteness check and then
    overflowed when multiplied by the width (OverflowError in every game)."""
    at = finger_pos(x, y, size)
    assert at is None or (abs(at[0]) <= FAR and abs(at[1]) <= FAR)
    taps = TapReader()
    taps.size = size
    taps.down(0, 1, x, y)
    taps.motion(0, 1, x, y)
    tap = taps.up(0, 1, x, y)
    assert tap is None or tap == at
    assert isinstance(taps.is_echo((0, 0)), bool)


def test_a_finger_at_1e308_places_no_finger():
    assert finger_pos(1e308, 0.5) is None and finger_pos(0.5, -1e308) is None
    assert finger_pos(1e300, 0.5) is None  # finite, but no place on any screen
    assert finger_pos(0.5, 0.5) == (640, 360)


# -- through the App ------------------------------------------------------------


def page_window(viewport: list) -> SimpleNamespace:
    """The page's ``window`` as the display reads it: the viewport's box (the rest of
    the page is missing, as in an older page)."""
    return SimpleNamespace(thirteen_viewport=lambda: viewport[0])


@pytest.fixture(params=["fixed", "window", "page"])
def app(request, monkeypatch):
    """A real App on a headless canvas, a resizable desktop window, or the page."""
    viewport: list = [(1280, 720)]
    monkeypatch.setattr(display_module, "page_window", lambda: page_window(viewport))
    pygame.display.init()
    pygame.font.init()
    profile = Profile(MemoryStorage())
    profile.settings.sound = False
    display = Display(request.param, (1280, 720))
    made = app_module.App(display, profile, "?game=thirteens&deal=1")
    made.table.anim.finish()
    made.table.dealt_at = None
    made.viewport = viewport  # the test sets the page's box through it
    pygame.event.clear()
    step(made)
    yield made
    app_module.current = None
    pygame.display.quit()


def event_for(kind: str, a, b, c, d):
    """A real SDL event of ``kind`` carrying the numbers ``a`` to ``d``."""
    finger = {"touch_id": 0, "finger_id": 1, "dx": c, "dy": d, "pressure": 1.0}
    made = {
        "finger down": (pygame.FINGERDOWN, {"x": a, "y": b, **finger}),
        "finger motion": (pygame.FINGERMOTION, {"x": a, "y": b, **finger}),
        "finger up": (pygame.FINGERUP, {"x": a, "y": b, **finger}),
        "mouse motion": (
            pygame.MOUSEMOTION,
            {"pos": (a, b), "rel": (c, d), "buttons": (0, 0, 0), "touch": False},
        ),
        "mouse down": (pygame.MOUSEBUTTONDOWN, {"pos": (a, b), "button": 1, "touch": False}),
        "mouse up": (pygame.MOUSEBUTTONUP, {"pos": (a, b), "button": 1, "touch": False}),
        "wheel": (pygame.MOUSEWHEEL, {"x": a, "y": b, "precise_x": c, "precise_y": d}),
        "video resize": (pygame.VIDEORESIZE, {"size": (a, b), "w": a, "h": b}),
        "window resized": (pygame.WINDOWRESIZED, {"x": a, "y": b}),
        "window size changed": (pygame.WINDOWSIZECHANGED, {"x": a, "y": b}),
        "gesture": (
            pygame.MULTIGESTURE,
            {"touch_id": 0, "x": a, "y": b, "rotated": c, "pinched": d, "num_fingers": 2},
        ),
    }
    event_type, attrs = made[kind]
    return pygame.event.Event(event_type, **attrs)


KINDS = [
    "finger down",
    "finger motion",
    "finger up",
    "mouse motion",
    "mouse down",
    "mouse up",
    "wheel",
    "video resize",
    "window resized",
    "window size changed",
    "gesture",
]
EVENTS = st.tuples(st.sampled_from(KINDS), NUMBERS, NUMBERS, NUMBERS, NUMBERS)


def canvas_is_sane(app) -> None:
    w, h = app.display.size
    assert 1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE


@PROPERTY
@given(events=st.lists(EVENTS, min_size=1, max_size=6), viewport=st.tuples(NUMBERS, NUMBERS))
def test_events_carrying_any_numbers_never_raise(app, events, viewport):
    app.viewport[0] = viewport  # the page's box, read at its next poll
    for kind, a, b, c, d in events:
        pygame.event.post(event_for(kind, a, b, c, d))
    app.step(300)  # (past the page's poll of its viewport)
    canvas_is_sane(app)


@pytest.mark.parametrize("value", EDGES, ids=repr)
@pytest.mark.parametrize("kind", KINDS)
def test_each_event_at_each_edge_never_raises_and_play_goes_on(app, kind, value):
    """Every kind of event at every edge number, in each place it carries one; then a
    tap on a card still selects it."""
    for n in range(4):
        numbers = [0.5, 0.5, 0.0, 0.0]
        numbers[n] = value
        pygame.event.post(event_for(kind, *numbers))
        app.step(16)
    canvas_is_sane(app)
    app.display.resize(*app.display.window.get_size())  # the window as it really is
    step(app, 2)
    assert app.scene is app.table
    app.table.selected = None
    pos = card_at(app, parse_card("4s"))
    x, y = pos[0] / app.display.size[0], pos[1] / app.display.size[1]
    pygame.event.post(event_for("finger down", x, y, 0.0, 0.0))
    pygame.event.post(event_for("finger up", x, y, 0.0, 0.0))
    step(app)
    assert app.table.selected == parse_card("4s")


@pytest.mark.parametrize("app", ["window"], indirect=True)
@pytest.mark.parametrize("value", EDGES, ids=repr)
def test_a_window_scale_of_any_number_draws_and_shows(app, value):
    """The window's canvas told any scale: outside the ones a window can have it notes
    nothing and the frame is shown scaled."""
    canvas = app.display.canvas
    assert isinstance(canvas, SharpCanvas)  # only a desktop window's canvas has a scale
    canvas.set_scale(value)
    assert 0 < canvas.scale <= SharpCanvas.MAX_SCALE
    app.scene.dirty = True
    step(app)


@pytest.mark.parametrize("height", [721, 727, 733])
def test_statistics_with_a_message_on_a_canvas_nearly_square_draw(make, height):
    """Found by the memory benchmark's random session: an upright canvas barely taller
    than wide left the statistics' figures a room of negative height under a message
    (ValueError: cannot scale to negative size)."""
    from thirteen.ui.scene_names import SceneName

    app = make("?game=pyramid13&deal=5")
    app.open(SceneName.STATS)
    app.scene.message = "Pyramid 13 statistics reset: high scores are kept."
    pygame.event.post(event_for("video resize", 720, height, 0, 0))
    step(app)
    assert app.display.size == (720, height) and app.scene.figures_scale <= 0
