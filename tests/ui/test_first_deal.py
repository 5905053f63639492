"""The first deal that teaches, with real pygame events: the first time a game is dealt a
card over the table shows its one rule and its example; one tap or key puts it away for
good (kept in the profile's settings, also across a restart of the app); the settings
bring the tips back; and the card fits every shape in German with larger text."""

from __future__ import annotations

import itertools

import pygame
import pytest

from thirteen.core.i18n import tr
from thirteen.games import GAMES, GameSetup
from thirteen.records.profile import Profile
from thirteen.records.settings import SETTINGS_KEY, settings_in
from thirteen.records.storage import MemoryStorage
from thirteen.ui import theme
from thirteen.ui.canvas import canvas_size
from thirteen.ui.first_deal import RULES, rule_words
from thirteen.ui.scene_names import SceneName
from thirteen.ui.screens.help import HelpScene
from thirteen.ui.screens.settings import SettingsScene
from thirteen.ui.table.scene import TableScene

from .helpers import click, press, step
from .shapes import SHAPES


@pytest.fixture(autouse=True)
def known_deals(monkeypatch):
    """Play and New deal 1, 2, 3...: a random deal may be over before its first move
    (nothing to remove), and such a deal teaches nothing."""
    from thirteen.session import game_session

    numbers = itertools.count(1)
    monkeypatch.setattr(game_session.random, "randint", lambda low, high: next(numbers))


def tip_box(app):
    return app.table.tip.layout(app.table.frame).box


def stored_seen(storage) -> list[str] | None:
    return settings_in(storage.get(SETTINGS_KEY)).tips_seen


def test_every_game_has_its_rule():
    assert set(RULES) == set(GAMES)


def start(app, game_id: str) -> None:
    """Choose ``game_id`` on the start screen and press Play, with clicks."""
    if app.scene is not app.start_scene:
        app.go_start()
        step(app)
    scene = app.start_scene
    for _ in range(10):  # the games may take pages on a narrow canvas
        chosen = next((w for w in scene.widgets if w.name == f"game:{game_id}"), None)
        if chosen is not None:
            break
        click(app, next(w for w in scene.widgets if w.name == "games:1").rect.center)
    assert chosen is not None
    click(app, chosen.rect.center)
    click(app, next(w for w in scene.widgets if w.name == "play").rect.center)
    assert app.game is not None and app.game.game_id == game_id


def opened(make, profile=None, **settings):
    """An app on the start screen, with the tips (a link's game goes straight to its
    cards, without one)."""
    app = make("", profile=profile, tips=True, animations=False, **settings)
    step(app)
    return app


def test_a_link_s_game_goes_straight_to_its_cards(make):
    app = make("?game=thirteens&deal=1", tips=True, animations=False)
    assert app.table.tip is None
    step(app)
    press(app, pygame.K_r)  # the same deal dealt again, by the player: now it teaches
    assert app.table.tip is not None


def test_the_tip_shows_on_a_game_s_first_deal_and_a_tap_puts_it_away(make):
    storage = MemoryStorage()
    app = opened(make, Profile(storage))
    start(app, "thirteens")
    tip = app.table.tip
    assert tip is not None and tip.spec.id == "thirteens"
    assert rule_words(tip.spec).startswith("Remove two cards that touch and make 13")
    click(app, tip_box(app).center)  # on the card: it goes, and nothing is played
    assert app.table.tip is None and not app.game.moves and app.scene is app.table
    assert stored_seen(storage) == ["thirteens"]
    press(app, pygame.K_n)  # a new deal of the same game: no tip
    assert app.table.tip is None
    start(app, "pyramid")  # another game: its own tip, once
    assert app.table.tip is not None and app.table.tip.spec.id == "pyramid"


def test_a_key_puts_the_tip_away_and_does_nothing_else(make):
    app = opened(make)
    start(app, "pyramid")
    assert app.table.tip is not None
    press(app, pygame.K_d)  # would draw, were the tip not up
    assert app.table.tip is None and not app.game.moves
    assert app.settings.tips_seen == ["pyramid"]
    press(app, pygame.K_d)
    assert len(app.game.moves) == 1


def test_the_tip_s_help_button_opens_the_game_s_help(make):
    app = opened(make)
    start(app, "giza")
    help_button = next(b for b in app.table.tip.layout(app.table.frame).buttons if b.name == "help")
    click(app, help_button.rect.center)
    assert isinstance(app.scene, HelpScene) and app.scene.tab == "giza"
    assert app.table.tip is None and app.settings.tips_seen == ["giza"]


def test_the_question_mark_opens_the_help_too(make):
    app = opened(make)
    start(app, "elevens")
    press(app, pygame.K_SLASH, unicode="?")
    assert isinstance(app.scene, HelpScene)
    assert app.table.tip is None and app.settings.tips_seen == ["elevens"]


def test_a_tip_seen_never_shows_again_after_a_restart_of_the_app(make):
    storage = MemoryStorage()
    first = opened(make, Profile(storage))
    start(first, "baroness")
    assert first.table.tip is not None
    again = opened(make, Profile(storage))  # closed without putting it away: still due
    start(again, "baroness")
    assert again.table.tip is not None
    press(again, pygame.K_SPACE)
    assert again.table.tip is None
    third = opened(make, Profile(storage))
    start(third, "baroness")
    assert third.table.tip is None
    press(third, pygame.K_r)
    assert third.table.tip is None


def test_a_game_already_played_shows_no_tip(make):
    """A profile from before the tips keeps none seen: the games it has played are not
    taught again, the others are."""
    profile = Profile(MemoryStorage())
    profile.record_result(GameSetup("neighbour", deal=1).new_game())
    assert profile.stats("neighbour").played == 1
    app = opened(make, profile)
    start(app, "neighbour")
    assert app.table.tip is None
    start(app, "fifteens")
    assert app.table.tip is not None
    press(app, pygame.K_ESCAPE)
    assert app.table.tip is None and app.scene is app.table  # Esc only put it away
    assert app.settings.tips_seen == ["fifteens", "neighbour"]


def settings_widget(app, name: str):
    """The settings screen's widget ``name``, turning its pages with clicks until it shows."""
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    for _ in range(scene.pages()):
        widget = next((w for w in scene.widgets if w.name == name), None)
        if widget is not None:
            return widget
        turn = next(w for w in scene.widgets if w.name == "page:1")
        click(app, turn.rect.center)
    raise AssertionError(f"no {name} on any page")


def test_the_settings_bring_the_tips_back_and_can_turn_them_off(make):
    storage = MemoryStorage()
    app = opened(make, Profile(storage))
    start(app, "thirteens")
    press(app, pygame.K_RETURN)
    assert app.table.tip is None
    app.open(SceneName.SETTINGS)
    switch = settings_widget(app, "tips_again")
    assert switch.label == tr("Show first-deal tips again") and not switch.checked
    click(app, switch.rect.center)
    assert stored_seen(storage) == []
    assert settings_widget(app, "tips_again").checked
    app.back()
    press(app, pygame.K_n)  # the next deal of the same game teaches again
    assert isinstance(app.scene, TableScene) and app.table.tip is not None
    press(app, pygame.K_RETURN)
    app.open(SceneName.SETTINGS)
    click(app, settings_widget(app, "tips_again").rect.center)  # now on: turned off
    click(app, settings_widget(app, "tips_again").rect.center)
    assert stored_seen(storage) == sorted(GAMES)
    app.back()
    start(app, "pyramid13")
    assert app.table.tip is None


def test_tests_and_shots_see_no_tip_unless_they_ask(make, tmp_path):
    """The fixture marks the tips seen, and a shot's table is not dealt: neither shows
    the card unasked (the table's screenshots stay as they were)."""
    from thirteen.tools.shot import render_shot

    app = make("?game=thirteens&deal=1")
    assert app.table.tip is None
    out = tmp_path / "tip.png"
    plain = tmp_path / "plain.png"
    game = GameSetup("thirteens", deal=1).new_game()
    render_shot(game, str(plain))
    render_shot(GameSetup("thirteens", deal=1).new_game(), str(out), tips=True)
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(out))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("viewport", SHAPES, ids=lambda v: f"{v[0]}x{v[1]}")
def test_the_tip_fits_every_shape_in_german_with_larger_text(make, viewport):
    size = canvas_size(*viewport)
    app = opened(make, language="de", larger_text=True, sound=False)
    app.display.resize(*size)
    app.relayout()
    step(app)
    found: list[str] = []
    recorded: list[tuple[str, pygame.Rect]] = []
    for game_id in GAMES:
        app.new_game(GameSetup(game_id, deal=1))
        table = app.table
        assert table.tip is not None
        at = table.tip.layout(table.frame)
        box = at.box
        where = f"{game_id} {size}"
        if not table.frame.table.contains(box):
            found.append(f"{where}: the card {box} runs off the table {table.frame.table}")
        if at.example is None or not box.contains(at.example):
            found.append(f"{where}: the example {at.example} is not in the card {box}")
        for b in at.buttons:
            if not box.contains(b.rect):
                found.append(f"{where}: {b.name} {b.rect} runs out of the card {box}")
        drawn = recorded
        drawn.clear()
        theme.recorder = lambda surface, words, rect: recorded.append((words, rect.copy()))
        try:
            table.tip.draw(app.screen, table.frame)
        finally:
            theme.recorder = None
        assert drawn
        example = at.example
        for n, (words, rect) in enumerate(drawn):
            if not box.contains(rect):
                found.append(f"{where}: {words!r} {rect} runs out of the card {box}")
            for b in at.buttons:
                if rect.colliderect(b.rect) and not b.rect.contains(rect):
                    found.append(f"{where}: {words!r} {rect} runs out of {b.name}")
            inside = example is not None and example.contains(rect)
            for other, other_rect in drawn[n + 1 :]:
                apart = example is not None and example.contains(other_rect)
                if inside == apart and not inside and rect.colliderect(other_rect):
                    found.append(f"{where}: {words!r} {rect} overlaps {other!r} {other_rect}")
        press(app, pygame.K_RETURN)
    assert found == [], "\n".join(found)


def test_a_panel_button_pressed_under_the_tip_does_what_it_says(make):
    """The tip lies over the table, not the panel: Hint pressed there puts the tip away
    and asks for a hint."""
    from thirteen.ui.layout import TableButton

    from .helpers import think

    app = opened(make)
    start(app, "pyramid")
    assert app.table.tip is not None
    hint = next(b for b in app.table.buttons if b.name == TableButton.HINT)
    click(app, hint.rect.center)
    think(app)
    assert app.table.tip is None and app.table.hint_spots
