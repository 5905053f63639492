"""Display preferences: high contrast, larger text, reduced motion; the browser's
preferences as the defaults of what the player has not chosen, and selections and hints
told apart by their shape, not their colour alone.  Real events and drawn pixels."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from thirteen.core.cards import parse_card
from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.ui import app as app_module
from thirteen.ui import prefs, theme
from thirteen.ui.layout import SpotKind
from thirteen.ui.scene_names import SceneName
from thirteen.ui.table import paint

from .helpers import click, click_card, press, step


@pytest.fixture(autouse=True)
def _plain_display_after():
    yield
    theme.set_display(False, False)


class FakeMedia:
    """The page's ``window`` as far as :mod:`thirteen.ui.prefs` reaches it."""

    def __init__(self, *matching: str) -> None:
        self.matching = set(matching)
        self.asked: list[str] = []

    def matchMedia(self, query: str) -> SimpleNamespace:  # noqa: N802 - the DOM's name
        self.asked.append(query)
        return SimpleNamespace(matches=query in self.matching)


def in_browser(monkeypatch, window: FakeMedia) -> None:
    """Apps made from now on read the page's preferences from ``window``."""
    monkeypatch.setattr(
        app_module,
        "page_preferences",
        lambda: prefs.page_preferences("emscripten", lambda: window),
    )


def settings_widget(app, name: str):
    """The option ``name`` on the settings screen, turning its pages until it shows."""
    scene = app.scene
    for _ in range(scene.pages()):
        found = [w for w in scene.widgets if w.name == name]
        if found:
            return found[0]
        click(app, scene.button("page:1").rect.center)
    raise AssertionError(f"no option {name}")


def toggle_in_settings(app, name: str) -> None:
    """Open the settings, click the option, go back to the table: as a player does."""
    app.open(SceneName.SETTINGS)
    step(app)
    click(app, settings_widget(app, name).rect.center)
    press(app, pygame.K_ESCAPE)
    step(app)


def felt_at(app) -> tuple[int, int, int]:
    """The table's colour at its top-left corner, inside the table, off every card."""
    frame = app.table.frame.table
    return tuple(app.screen.get_at((frame.x + 4, frame.bottom - 4)))[:3]


def test_the_page_preferences_are_asked_through_match_media():
    window = FakeMedia(prefs.REDUCED_MOTION)
    page = prefs.page_preferences("emscripten", lambda: window)
    assert page == prefs.PagePreferences(reduced_motion=True, more_contrast=False)
    assert window.asked == [prefs.REDUCED_MOTION, prefs.MORE_CONTRAST]
    assert prefs.page_preferences("linux", lambda: window) == prefs.PagePreferences()

    def broken():
        raise RuntimeError("no page")

    assert prefs.page_preferences("emscripten", broken) == prefs.PagePreferences()
    assert prefs.page_preferences("emscripten", lambda: object()) == prefs.PagePreferences()


def test_high_contrast_chosen_in_settings_turns_the_table_black_and_back(make):
    app = make("?game=thirteens&deal=3", animations=False)
    step(app)
    green = felt_at(app)
    assert green[1] > green[0] + 20  # the green felt
    toggle_in_settings(app, "high_contrast")
    assert app.settings.high_contrast is True
    assert app.scene is app.table
    dark = felt_at(app)
    assert max(dark) <= 20, dark
    # white paper and a black outline on the cards
    spot = app.table.find((SpotKind.CARD, parse_card("7s")))
    assert tuple(app.screen.get_at((spot.rect.centerx, spot.rect.y + 1)))[:3] == (0, 0, 0)
    toggle_in_settings(app, "high_contrast")
    assert app.settings.high_contrast is False
    assert felt_at(app) == green


def first_line_height(surface: pygame.Surface, rect: pygame.Rect, ground) -> int:
    """How many rows tall the first line of writing in ``rect`` is (its ink against the
    colour ``ground``, from the first row with ink to the next row without)."""
    rows = []
    for y in range(rect.top, rect.bottom):
        rows.append(
            any(
                sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], ground, strict=True))
                > 120
                for x in range(rect.left, rect.right)
            )
        )
    start = rows.index(True)
    return rows[start:].index(False)


def test_larger_text_draws_the_panel_s_words_larger(make):
    app = make("?game=pyramid&deal=3", animations=False)
    step(app)
    panel = app.table.frame.panel
    top = pygame.Rect(panel.x + 4, panel.y, panel.w - 8, 120)
    before = first_line_height(app.screen, top, theme.PANEL)
    toggle_in_settings(app, "larger_text")
    assert app.settings.larger_text is True and theme.text_scale > 1.2
    after = first_line_height(app.screen, top, theme.PANEL)
    assert after >= before * 1.2, (before, after)  # the title's letters a quarter taller


def test_the_browser_s_reduced_motion_stops_the_cards_until_the_player_chooses(make, monkeypatch):
    in_browser(monkeypatch, FakeMedia(prefs.REDUCED_MOTION))
    profile = Profile(MemoryStorage())
    app = make("?game=thirteens&deal=3", profile=profile)
    assert profile.settings.animations is None  # not chosen: the browser decides
    assert app.setting("animations") is False and app.table.anim.enabled is False
    click_card(app, "3h")
    click_card(app, "Th")  # the pair goes at once: nothing flies
    assert not app.table.anim.active
    app.open(SceneName.SETTINGS)
    step(app)
    assert settings_widget(app, "motion").value == "off"  # shows what is in effect
    press(app, pygame.K_ESCAPE)
    toggle_in_settings(app, "motion")  # from off to the first speed
    assert profile.settings.animations is True  # the player's choice, stored
    assert profile.settings.animation_speed == "slow"
    again = make("?game=thirteens&deal=3", profile=Profile(profile.storage))
    assert again.setting("animations") is True and again.table.anim.enabled is True


def test_the_browser_s_more_contrast_turns_high_contrast_on_until_the_player_chooses(
    make, monkeypatch
):
    in_browser(monkeypatch, FakeMedia(prefs.MORE_CONTRAST))
    profile = Profile(MemoryStorage())
    app = make("?game=thirteens&deal=3", profile=profile, animations=False)
    step(app)
    assert profile.settings.high_contrast is None
    assert max(felt_at(app)) <= 20  # drawn in high contrast by default
    toggle_in_settings(app, "high_contrast")
    assert profile.settings.high_contrast is False
    assert felt_at(app)[1] > 40  # the player's choice wins over the browser's
    again = make("?game=thirteens&deal=3", profile=Profile(profile.storage), animations=False)
    step(again)
    assert felt_at(again)[1] > 40


def test_without_a_browser_preference_nothing_changes(make, monkeypatch):
    in_browser(monkeypatch, FakeMedia())
    app = make("?game=thirteens&deal=3")
    assert app.setting("animations") is True and app.setting("high_contrast") is False


def hint_runs(surface, outline: pygame.Rect) -> int:
    """How many separate bands of the hint's colour a line going left from the middle of
    ``outline``'s left edge crosses."""
    runs, inside = 0, False
    y = outline.centery
    for x in range(outline.left + 2, max(0, outline.left - 20), -1):
        pixel = tuple(surface.get_at((x, y)))[:3]
        on = sum(abs(a - b) for a, b in zip(pixel, theme.HINT, strict=True)) < 60
        runs += on and not inside
        inside = on
    return runs


@pytest.mark.parametrize("contrast", [False, True])
def test_a_selected_card_stands_lifted_and_a_hinted_one_has_a_double_outline(make, contrast):
    app = make("?game=pyramid&deal=3", animations=False, high_contrast=contrast)
    step(app)
    table = app.table
    spot = table.find((SpotKind.CARD, parse_card("Js")))
    above = (spot.rect.centerx, spot.rect.top - 3)
    felt_above = tuple(app.screen.get_at(above))[:3]
    click_card(app, "Js")
    assert table.selected == parse_card("Js")
    step(app)
    lifted = tuple(app.screen.get_at(above))[:3]
    assert lifted != felt_above  # the card (or its outline) now covers where felt was
    assert spot.rect.top - paint.lift_of(table, spot, {spot.card}, 99) < spot.rect.top
    click_card(app, "Js")  # put down again
    table.hint_spots = [(SpotKind.CARD, parse_card("2s"))]
    table.dirty = True
    step(app)
    hinted = table.find((SpotKind.CARD, parse_card("2s")))
    assert hint_runs(app.screen, hinted.outline) == 2  # two rings, not one
