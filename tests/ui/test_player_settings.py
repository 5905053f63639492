"""The settings a player expects, through real pygame events: the animations' speed
(slow, normal, fast, off), the left-handed table and one-tap draw in the pyramids."""

from __future__ import annotations

import json

import pygame
import pytest

from thirteen.core.cards import parse_card
from thirteen.records.profile import Profile
from thirteen.records.settings import settings_in
from thirteen.records.storage import MemoryStorage
from thirteen.ui import theme
from thirteen.ui.canvas import canvas_size
from thirteen.ui.layout import PANEL_W, TableButton
from thirteen.ui.scene_names import SceneName
from thirteen.ui.spots import SpotKind, Zone

from .helpers import card_at, click, click_card, press, step
from .shapes import TEXT_SIZES, layouts

PHONE_SHAPES = [(1280, 720), (390, 844), (844, 390)]


def settings_widget(app, name: str):
    """The option ``name`` on the settings screen, turning its pages until it shows."""
    scene = app.scene
    for _ in range(scene.pages()):
        found = [w for w in scene.widgets if w.name == name]
        if found:
            return found[0]
        click(app, scene.button("page:1").rect.center)
    raise AssertionError(f"no option {name}")


def choose_in_settings(app, name: str, times: int = 1) -> None:
    """Open the settings, click the option ``times`` times, go back: as a player does."""
    app.open(SceneName.SETTINGS)
    step(app)
    for _ in range(times):
        click(app, settings_widget(app, name).rect.center)
    press(app, pygame.K_ESCAPE)
    step(app)


def frames_moving(app) -> int:
    """Frames of 16 ms until the cards in flight have landed."""
    for n in range(1000):
        if not app.table.anim.active:
            return n
        step(app)
    raise AssertionError("the cards never landed")


# -- the animations' speed ---------------------------------------------------------------


@pytest.mark.parametrize("what", ["draw", "deal"])
def test_the_speed_changes_how_many_frames_a_move_and_a_deal_take(make, what):
    frames = {}
    for speed in ("slow", "normal", "fast", "off"):
        app = make("?game=pyramid&deal=3")
        app.settings.motion = speed
        if what == "draw":
            press(app, pygame.K_d)  # the draw card slides to the waste
        else:
            app.table.deal_in()
        frames[speed] = frames_moving(app)
    assert frames["off"] == 0  # nothing flies
    assert frames["normal"] >= 8, frames
    assert frames["slow"] >= 1.8 * frames["normal"], frames
    assert frames["fast"] <= 0.6 * frames["normal"], frames


def test_the_speed_is_chosen_on_the_settings_screen_and_kept(make):
    profile = Profile(MemoryStorage())
    app = make("?game=pyramid&deal=3", profile=profile)
    choose_in_settings(app, "motion")  # normal -> fast
    assert profile.settings.animation_speed == "fast" and profile.settings.animations is True
    again = Profile(profile.storage)
    assert again.settings.motion == "fast"
    choose_in_settings(app, "motion")  # fast -> off: reduce motion
    assert profile.settings.animations is False
    press(app, pygame.K_d)
    assert not app.table.anim.active  # nothing flies
    choose_in_settings(app, "motion")  # off -> slow
    assert profile.settings.motion == "slow" and app.setting("animations") is True


def test_an_old_profile_with_reduce_motion_reads_as_off_and_new_settings_at_defaults(make):
    old = {"v": 2, "animations": False, "sound": False, "volume": 50}
    settings = settings_in(json.dumps(old))
    assert settings.motion == "off" and settings.animation_speed == "normal"
    assert settings.left_handed is False and settings.one_tap_draw is False
    storage = MemoryStorage()
    storage.set("settings", json.dumps(old))
    app = make("?game=pyramid&deal=3", profile=Profile(storage))
    app.open(SceneName.SETTINGS)
    step(app)
    widget = settings_widget(app, "motion")
    assert widget.value == "off"
    assert settings_in(json.dumps({"v": 2, "animation_speed": "warp"})).animation_speed == "normal"


# -- the left-handed table ------------------------------------------------------------


def test_left_handed_puts_the_panel_on_the_left_and_a_click_still_plays(make):
    app = make("?game=pyramid&deal=3", animations=False)
    step(app)
    assert app.table.frame.panel.x > 0  # on the right
    assert tuple(app.screen.get_at((4, 700)))[:3] != theme.PANEL  # the felt
    choose_in_settings(app, "left_handed")
    assert app.settings.left_handed is True
    frame = app.table.frame
    assert frame.panel.x == 0 and frame.table.x == PANEL_W
    assert all(b.rect.right <= PANEL_W for b in app.table.buttons)
    click_card(app, "Js")
    click_card(app, "2s")
    assert len(app.game.moves) == 1  # the cards answer where they are drawn
    undo = next(b for b in app.table.buttons if b.name == TableButton.UNDO)
    click(app, undo.rect.center)
    assert app.game.moves == []
    app.table.dirty = True
    step(app)
    assert tuple(app.screen.get_at((4, 700)))[:3] == theme.PANEL  # drawn there too


def test_left_handed_upright_mirrors_the_buttons_rows(make):
    app = make("?game=thirteens&deal=3", animations=False)
    app.display.resize(*canvas_size(390, 844))
    app.relayout()
    right = {b.name: b.rect.copy() for b in app.table.buttons}
    choose_in_settings(app, "left_handed")
    bar = app.table.frame.bar
    assert bar is not None
    for b in app.table.buttons:
        assert b.rect.y == right[b.name].y
        assert b.rect.x == bar.x + bar.right - right[b.name].right  # mirrored
    first = [b for b in app.table.buttons if b.rect.y == bar.y + 5]
    assert max(first, key=lambda b: b.rect.x).name == TableButton.NEW  # from the right


@pytest.mark.parametrize("larger", TEXT_SIZES)
@pytest.mark.parametrize("viewport", PHONE_SHAPES)
@pytest.mark.parametrize(("game_id", "layout"), layouts())
def test_the_left_handed_table_fits(make, viewport, game_id, layout, larger):
    size = canvas_size(*viewport)
    query = f"?game={game_id}&deal=5" + (f"&layout={layout}" if layout else "")
    app = make(query, larger_text=larger, left_handed=True)
    app.display.resize(*size)
    app.relayout()
    table = app.table
    frame = table.frame
    canvas = pygame.Rect((0, 0), size)
    assert frame.left_handed
    if not frame.portrait:
        assert frame.panel.x == 0 and frame.table.left == frame.panel.right
    for rect in [b.rect for b in table.buttons] + [frame.panel, frame.table]:
        assert canvas.contains(rect), rect
    for n, a in enumerate(table.buttons):
        assert all(not a.rect.colliderect(b.rect) for b in table.buttons[n + 1 :])
        assert any(part.contains(a.rect) for part in frame.chrome())
    for spot in table.geo.spots:
        assert frame.table.contains(spot.rect) or spot.kind is SpotKind.STOCK, spot
        assert not any(spot.rect.colliderect(p) for p in frame.chrome()), spot
    for spot in [s for s in table.geo.spots if s.free and s.kind is SpotKind.CARD]:
        assert table.geo.hit_test(spot.outline.center) is spot
    table.draw(app.screen)


# -- one-tap draw ------------------------------------------------------------------------


def draw_card(app):
    return next(s.card for s in app.table.geo.spots if s.zone is Zone.DRAW)


def test_without_one_tap_draw_the_first_click_on_the_draw_card_selects_it(make):
    app = make("?game=pyramid&deal=3", animations=False)
    card = draw_card(app)
    click(app, card_at(app, card))
    assert app.game.moves == [] and app.table.selected == card
    click(app, card_at(app, card))
    assert len(app.game.moves) == 1 and app.game.waste_top == card  # the second draws


def test_one_tap_draw_draws_at_the_first_click(make):
    app = make("?game=pyramid&deal=3", animations=False)
    choose_in_settings(app, "one_tap_draw")
    assert app.settings.one_tap_draw is True
    card = draw_card(app)
    click(app, card_at(app, card))
    assert len(app.game.moves) == 1 and app.game.waste_top == card
    click_card(app, "5s")  # a pyramid card that makes no 13 with the next draw card
    nxt = draw_card(app)
    click(app, card_at(app, nxt))
    assert len(app.game.moves) == 2 and app.game.waste_top == nxt  # it draws


def test_one_tap_draw_still_pairs_a_pyramid_card_selected_first(make):
    app = make("?game=pyramid&deal=3", animations=False, one_tap_draw=True)
    card = draw_card(app)
    assert card == parse_card("Td")
    click_card(app, "3s")  # 3 + 10 = 13
    click(app, card_at(app, card))
    assert len(app.game.moves) == 1 and app.game.score == 1  # the pair went (one pyramid card)
    assert app.game.waste_count == 0  # nothing was drawn


def test_one_tap_draw_by_the_keyboard_too(make):
    app = make("?game=pyramid&deal=3", animations=False, one_tap_draw=True)
    card = draw_card(app)
    app.table.focus_key = (SpotKind.CARD, card)
    app.table.show_focus = True
    press(app, pygame.K_RETURN)
    assert len(app.game.moves) == 1 and app.game.waste_top == card


def test_the_help_example_plays_at_the_chosen_speed(make):
    frames = {}
    for speed in ("slow", "normal", "fast"):
        app = make("?game=pyramid&deal=1")
        app.settings.motion = speed
        press(app, pygame.K_F1)
        example = app.scene.example
        for n in range(1000):  # frames until the example's first move is played
            if example.step > 0:
                frames[speed] = n
                break
            step(app)
    assert frames["slow"] >= 1.8 * frames["normal"] and frames["fast"] <= 0.6 * frames["normal"]
