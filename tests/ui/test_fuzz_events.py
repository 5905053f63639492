"""Random real pygame events against a real App, hunting crashes and lost state.

Each example builds an App (dummy video and audio) on one game, then feeds it
a random sequence of mouse clicks (biased toward the cards, piles and buttons
the current scene really has), touches, the game's keys and text entry,
interleaved with frames of random length, with animations on or off.  After
every frame:

* nothing has raised;
* the game on the table accounts for all 52 cards and its position text
  round-trips;
* a click on empty felt or a blocked card changed nothing (the click model);

and at the end, the game in progress reloads from the same storage, in a new
App, to the same position.
"""

from __future__ import annotations

import itertools
import os

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirteen.core.cards import FULL_DECK, card_text
from thirteen.games import position_from_text
from thirteen.records.database import DatabaseStorage
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.session.game_session import WINNABLE_NOT_FOUND
from thirteen.ui import HEIGHT, WIDTH, launch
from thirteen.ui.layout import PANEL
from thirteen.ui.screens.entry import EntryScene
from thirteen.ui.table import input as table_input
from thirteen.ui.table.scene import TableScene

EXAMPLES = int(os.environ.get("THIRTEEN_FUZZ_EXAMPLES", "40"))
"""Set THIRTEEN_FUZZ_EXAMPLES=500 (say) for a longer hunt."""
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("CI") == "true",
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)

STARTS = [
    "?game=thirteens&deal=1",
    "?game=thirteens&deal=77&layout=4x4",
    "?game=thirteens&deal=5&layout=5x3",
    "?game=thirteens&deal=3&layout=2x2",
    "?game=pyramid13&deal=5",
    "?game=pyramid13&deal=12",
    "?game=pyramid&deal=3",
    "?game=pyramid&deal=40",
    "?game=thirteens&deal=8&layout=15x2",
    "?game=thirteens&deal=8&layout=2x15",
    "?game=thirteens&deal=8&layout=6x5",
    "?game=pyramid&deck=" + "+".join(card_text(c) for c in reversed(FULL_DECK)),
    "?game=chess&deal=-1",
    "",  # the start screen
]

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_d,
    pygame.K_u,
    pygame.K_h,
    pygame.K_n,
    pygame.K_r,
    pygame.K_m,
    pygame.K_s,
    pygame.K_p,
    pygame.K_F1,
    pygame.K_SLASH,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
    pygame.K_a,
    pygame.K_x,
    pygame.K_0,
    pygame.K_4,
    pygame.K_9,
    pygame.K_PERIOD,
    pygame.K_MINUS,
]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_META]
DTS = st.sampled_from([0, 1, 16, 16, 33, 100, 250, 700, 3500]) | st.floats(0, 1000)

# The strategies each session draws from, made once: a strategy made afresh at each draw
# draws the same, and making it again thousands of times is hypothesis's work, not the game's
STARTS_DRAWN = st.sampled_from(STARTS)
ON_OR_OFF = st.booleans()
STEP_COUNTS = st.integers(5, 60)
ACTIONS = st.sampled_from(
    ["click", "click", "touch", "key", "key", "move", "move", "right", "frame"]
)
KEYS_DRAWN = st.sampled_from(KEYS)
MODS_DRAWN = st.sampled_from(MODS)
UNDO_ONE_IN_TEN = st.integers(0, 9)
MOVE_COUNTS = st.sampled_from([1, 1, 2, 5, 40])
PICKS = st.integers(0, 2**16)
"""Which of a list (a legal move, a widget) by its index modulo the list's length."""
ON_WIDGET = st.integers(0, 3)
FRACTIONS = st.integers(0, 9999)
"""Where in a widget, in ten-thousandths of its width or height."""
ANYWHERE_X = st.integers(-5, WIDTH + 5)
ANYWHERE_Y = st.integers(-5, HEIGHT + 5)


def unicode_for(key: int, mod: int) -> str:
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        return chr(key - pygame.K_a + 1) if pygame.K_a <= key <= pygame.K_z else ""
    if key in (pygame.K_SPACE, pygame.K_TAB, pygame.K_RETURN, pygame.K_BACKSPACE):
        return {pygame.K_SPACE: " ", pygame.K_TAB: "\t", pygame.K_RETURN: "\r"}.get(key, "\b")
    if 32 < key < 127:
        ch = chr(key)
        return ch.upper() if mod & pygame.KMOD_SHIFT else ch
    return ""


def rects_of(scene) -> list[pygame.Rect]:
    """What can be pressed on this scene (and, on the table, blocked cards too)."""
    out: list[pygame.Rect] = []
    if isinstance(scene, TableScene):
        out += [s.hit for s in scene.geo.spots]
        out += [r for r in (scene.geo.pile, scene.geo.waste) if r is not None]
        out += [b.rect for b in scene.buttons]
    out += [w.rect for w in getattr(scene, "widgets", [])]
    if isinstance(scene, EntryScene):
        out += [rect for _, rect, _ in scene.keyboard.keys] * 2
    return out


@st.composite
def positions(draw, scene) -> tuple[int, int]:
    # the same draws whatever the scene shows (its widgets may depend on time): which
    # widget and where in it are picked from fixed ranges
    on_widget, which = draw(ON_WIDGET), draw(PICKS)
    fx, fy = draw(FRACTIONS), draw(FRACTIONS)
    anywhere = draw(ANYWHERE_X), draw(ANYWHERE_Y)
    rects = rects_of(scene)
    if rects and on_widget:
        r = rects[which % len(rects)]
        return r.left + fx * max(r.w, 1) // 10000, r.top + fy * max(r.h, 1) // 10000
    return anywhere


def engine_state(app):
    t = app.table
    return (t.game.key, len(t.game.moves), t.selected)


def dead_spot(app, pos) -> bool:
    """Whether a left click at ``pos`` on the table should change nothing at all."""
    t = app.scene
    if not isinstance(t, TableScene) or t is not app.table or PANEL.collidepoint(pos):
        return False
    if any(b.rect.collidepoint(pos) for b in t.buttons):
        return False
    if table_input.just_dealt(t):
        return False  # (dropped now, but the step's time may end the wait first)
    spot = table_input.spot_under(t, pos)  # (a card in flight is where it is drawn)
    return spot is None or not spot.free or t.game.is_over


def check_game(app) -> None:
    for table in (app.table, app.suspended):
        if table is None:
            continue
        game = table.game
        in_play = [c for zone in game.cards_in_play().values() for c in zone]
        assert len(in_play) == len(set(in_play))
        assert len(in_play) + game.removed_cards == 52
        text = game.text()
        assert position_from_text(text).text() == text


def post(event_type, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def play_a_legal_move_by_clicks(app, data) -> None:
    """Click (or press D for) one legal move, so games get somewhere."""
    # drawn before anything that depends on the app's state, which searches run beside
    # the game make depend on time: the data drawn keep one shape from run to run
    pick = data.draw(PICKS, label="move")
    t = app.table
    if t is None or app.scene is not t or t.game.is_over:
        return
    if t.summary is not None:  # a finished round on show: go on to the next first
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        return
    legal = t.game.legal_moves()
    if not legal:
        return
    move = legal[pick % len(legal)]
    kind = type(move).__name__
    if kind in ("Draw", "Recycle"):
        post(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)
        return
    t.selected = None  # a fresh click sequence (the click model starts from nothing)
    if kind == "MoveToEmpty":
        targets = [t.geo.spot_for_card(move.card)]
        targets += [s for s in t.geo.spots if s.kind == "empty" and s.column == move.column]
    else:
        cards = [move.card] if kind == "RemoveKing" else list(move.cards)
        targets = [t.geo.spot_for_card(c) for c in cards]
    for spot in targets:
        pos = spot.rect.center
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        app.step(16)


def one_action(app, data) -> None:
    kind = data.draw(ACTIONS, label="action")
    if kind in ("click", "touch", "right"):
        pos = data.draw(positions(app.scene), label="pos")
        dead = kind != "right" and dead_spot(app, pos)
        before = engine_state(app) if dead else None
        if kind == "touch":
            post(pygame.FINGERDOWN, x=pos[0] / WIDTH, y=pos[1] / HEIGHT, touch_id=1, finger_id=0)
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)  # SDL's echo
            post(pygame.FINGERUP, x=pos[0] / WIDTH, y=pos[1] / HEIGHT, touch_id=1, finger_id=0)
        else:
            button = 3 if kind == "right" else 1
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
            post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        app.step(data.draw(DTS, label="dt"))
        if dead:
            assert engine_state(app) == before, f"a click at {pos} on nothing changed the game"
        return
    if kind == "key":
        key = data.draw(KEYS_DRAWN, label="key")
        mod = data.draw(MODS_DRAWN, label="mod")
        if data.draw(UNDO_ONE_IN_TEN, label="undo?") == 0:
            key, mod = pygame.K_z, pygame.KMOD_CTRL
        post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode_for(key, mod), scancode=0)
    elif kind == "move":
        for _ in range(data.draw(MOVE_COUNTS, label="moves")):
            play_a_legal_move_by_clicks(app, data)
    app.step(data.draw(DTS, label="dt"))


def reload_check(app, storage) -> None:
    """The game in progress comes back from the same storage, in a new App."""
    table = app.table or app.suspended
    if table is None or table.game.is_over or getattr(table.game, "setup", None) is None:
        return
    game = table.game
    saved = Profile(storage).load_game()
    assert saved is not None
    assert saved.text() == game.text() and saved.moves == game.moves
    again = launch.make_app([], Profile(storage))
    assert again.game is not None
    assert again.game.text() == game.text() and again.game.moves == game.moves


@pytest.fixture(autouse=True, scope="module")
def no_graded_search():
    """A deal of a chosen difficulty is searched for against the clock (the settings
    may ask for one): without a search, a session's deals do not depend on the machine."""
    from thirteen.session import game_session as session

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session, "GRADED_BUDGET_MS", 0)
        yield


@pytest.fixture
def display():
    yield
    launch.current = None
    pygame.display.quit()


def run_session(data, storage) -> None:
    query = data.draw(STARTS_DRAWN, label="start")
    profile = Profile(storage)
    profile.settings.animations = data.draw(ON_OR_OFF, label="animations")
    profile.settings.sound = data.draw(ON_OR_OFF, label="sound")
    app = launch.make_app(["--query", query] if query else [], profile)
    pygame.event.clear()
    app.step(16)
    for _ in range(data.draw(STEP_COUNTS, label="steps")):
        one_action(app, data)
        check_game(app)
        if not app.running:
            break
    reload_check(app, storage)


class FlakyStorage(MemoryStorage):
    """Storage that refuses writes when told (a full quota, a blocked iframe)."""

    def __init__(self, failing) -> None:
        super().__init__()
        self.failing = failing
        self.refused = 0

    def _set(self, key: str, value: str) -> None:
        if next(self.failing):
            self.refused += 1
            raise OSError("quota exceeded")
        super()._set(key, value)


@FUZZ
@given(st.data())
def test_random_events_never_crash_or_lose_the_game(display, data):
    run_session(data, MemoryStorage())


@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(st.data(), st.lists(st.booleans(), min_size=1, max_size=8))
def test_random_events_with_storage_that_fails_writes(display, data, pattern):
    storage = FlakyStorage(itertools.cycle(pattern))
    run_session(data, storage)
    if storage.refused:
        assert storage.notice  # the player is told progress may not be kept


@settings(FUZZ, max_examples=max(1, EXAMPLES // 3))
@given(st.data())
def test_random_events_with_file_storage(display, tmp_path_factory, data):
    run_session(
        data, DatabaseStorage(tmp_path_factory.mktemp("fuzz") / "thirteen.db", durable=False)
    )


# -- regressions the fuzzing found ---------------------------------------------


def test_winnable_search_is_bounded_in_time(display):
    """Found by fuzzing: with "Winnable deals only" on, a 2x2 Thirteens (never
    winnable) searched 10,000 deals at 200 ms each before giving up, freezing
    the game for seconds (15x2 and Pyramid 13 also took over a second)."""
    import time

    profile = Profile(MemoryStorage())
    profile.settings.winnable_only = True
    app = launch.make_app(["--query", "?game=thirteens&deal=3&layout=2x2"], profile)
    start = time.perf_counter()
    setup = app.session.random_setup("thirteens", "2x2")
    assert time.perf_counter() - start < 1.5
    assert setup.layout == "2x2"
    assert app.session.pending_say == WINNABLE_NOT_FOUND  # told, and told why
    assert "unchecked" in app.session.pending_say
