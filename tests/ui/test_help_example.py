"""The help screen's examples, with real pygame events: F1 opens help on the table's game,
its example plays on over the frames (the loop at full rate meanwhile), a tab switches
the game, and with animations off the example stands still until clicked."""

from __future__ import annotations

import pygame

from thirteen.ui.help_example import HOLD_START_MS, MOVE_MS
from thirteen.ui.screens.help import HelpScene

from .helpers import click, press, step


def frames(app, ms: float) -> None:
    step(app, int(ms // 16) + 1)


def tab(app, key: str) -> pygame.Rect:
    return next(w.rect for w in app.scene.widgets if w.name == f"tab:{key}")


def test_the_example_plays_over_frames_and_follows_the_tab(make):
    app = make("?game=thirteens&deal=1")
    press(app, pygame.K_F1)
    help_scene = app.scene
    assert isinstance(help_scene, HelpScene)
    example = help_scene.example
    assert example is not None and example.spec.id == "thirteens"
    assert example.active() and app.busy() and app.idle_wait_ms() == 0
    first = example.steps[0].position.key
    drawn = len(app.frame_ms)
    frames(app, HOLD_START_MS + 100)  # the first move played, its cards sliding
    assert example.step == 1 and example.anim.active
    assert example.steps[1].position.key != first
    assert len(app.frame_ms) > drawn + 3  # frames drawn while it moved
    frames(app, 300)
    assert not example.anim.active
    resting = len(app.frame_ms)
    frames(app, 120)  # landed, the next move's cards not yet ringed: nothing is drawn
    assert len(app.frame_ms) == resting and app.idle_wait_ms() == 0
    played = len(example.examples[0]) - 1
    frames(app, MOVE_MS * played + 2600)  # on to the next example
    assert example.index == 1
    click(app, tab(app, "pyramid13").center)
    assert help_scene.example is not example and help_scene.example.spec.id == "pyramid13"
    assert help_scene.example.step == 0
    frames(app, HOLD_START_MS + 100)
    assert help_scene.example.step == 1
    click(app, tab(app, "keys").center)  # "Playing": the picture, still
    assert help_scene.example is None and not app.scene.active()
    frames(app, 1100)
    assert app.idle_wait_ms() > 0


def test_standing_still_with_animations_off_a_click_plays_the_next_move(make):
    app = make("?game=pyramid&deal=1", animations=False)
    press(app, pygame.K_F1)
    example = app.scene.example
    assert not example.active()
    frames(app, 3000)
    assert example.step == 0 and app.idle_wait_ms() > 0
    assert example.ringing()  # the first move's cards are shown ringed
    click(app, app.scene.example_area.center)
    assert example.step == 1 and not example.anim.active
    for _ in range(len(example.steps) - 1):
        click(app, app.scene.example_area.center)
    assert example.index == 1 and example.step == 0


def count_colour(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    w, h = surface.get_size()
    return sum(
        1
        for x in range(0, w, 2)
        for y in range(0, h, 2)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


def test_the_example_shows_the_card_back_the_player_chose(make):
    """The stock of Thirteens' example is drawn with the chosen back (blue), not the red."""
    from thirteen.ui.cards import BACKS

    app = make("?game=thirteens&deal=1", card_back="blue", animations=False)
    press(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene) and app.scene.example is not None
    app.draw()
    assert count_colour(app.screen, BACKS["blue"][1]) > 50
    assert count_colour(app.screen, BACKS["red"][1]) == 0
