"""Scenes, the end of a game, score posting, saving, sound and the idle loop."""

from __future__ import annotations

import pygame
import pytest

from thirteen.cli import main as cli_main
from thirteen.profile import Profile
from thirteen.pyramid import Pyramid13
from thirteen.storage import MemoryStorage
from thirteen.ui.sound import Sounds

from .test_table_events import click, press, step


def play_out(app) -> None:
    """Finish the game on the table through the table's own move path."""
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[0])


@pytest.mark.parametrize("name", ["help", "stats", "settings", "end"])
def test_every_scene_draws_and_backs_out(make, name):
    app = make("?game=pyramid&deal=3")
    app.open(name)
    step(app)
    press(app, pygame.K_ESCAPE)
    assert app.scene is app.table


def test_start_screen_starts_each_game(make):
    app = make()
    assert app.game is None and app.scene is app.start_scene
    for game_id in ("pyramid", "pyramid13", "thirteens"):
        app.go_start()
        button = next(w for w in app.start_scene.widgets if w.name == f"game:{game_id}")
        click(app, button.rect.center)
        play = next(w for w in app.start_scene.widgets if w.name == "play")
        click(app, play.rect.center)
        assert app.game is not None and app.game.game_id == game_id


def test_deal_number_entry_with_the_on_screen_keypad(make):
    app = make()
    number = next(w for w in app.start_scene.widgets if w.name == "number")
    click(app, number.rect.center)
    keys = {value: rect for value, rect, _ in app.scene.keyboard.keys}
    for ch in "42":
        click(app, keys[ch].center)
    click(app, keys["enter"].center)
    assert app.game.setup.deal == 42


def test_pyramid13_end_offers_posting_by_on_screen_keyboard(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    play_out(app)
    step(app, 3)
    assert type(app.scene).__name__ == "EndScene"
    assert app.profile.stats("pyramid13").played == 1
    post = next(w for w in app.scene.widgets if w.name == "post")
    click(app, post.rect.center)
    keys = {value: rect for value, rect, _ in app.scene.keyboard.keys}
    for ch in "ABC":  # too short: the rule's message is shown, nothing posted
        click(app, keys[ch].center)
    click(app, keys["enter"].center)
    assert "5 to 10" in app.scene.error
    for ch in "DE":
        click(app, keys[ch].center)
    press(app, pygame.K_x, unicode="x")  # a physical keyboard works too
    click(app, keys["enter"].center)
    board = app.profile.top_all_time("pyramid13")
    assert [(e.name, e.score) for e in board] == [("ABCDEx", app.game.score)]
    assert type(app.scene).__name__ == "EndScene"


def test_leaving_an_unposted_score_asks_first(make):
    app = make("?game=pyramid13&deal=5", animations=False)
    game = app.game
    play_out(app)
    step(app, 3)
    new = next(w for w in app.scene.widgets if w.name == "new")
    click(app, new.rect.center)
    assert app.game is game and "not posted" in app.scene.message
    click(app, new.rect.center)
    assert app.game is not game


def test_a_saved_game_is_resumed(make):
    profile = Profile(MemoryStorage())
    app = make("?game=thirteens&deal=9", profile=profile)
    app.table.play(app.game.legal_moves()[0])
    moves = list(app.game.moves)
    again = make(profile=profile)
    assert again.game is not None and again.game.moves == moves
    other = make("?game=pyramid&deal=2", profile=profile)
    assert other.game.game_id == "pyramid"


def test_giving_up_a_game_counts_it_once(make):
    app = make("?game=thirteens&deal=9")
    app.table.play(app.game.legal_moves()[0])
    press(app, pygame.K_n)
    assert app.game.setup.deal == 9  # first press only warns
    press(app, pygame.K_n)
    assert app.game.setup.deal != 9
    assert app.profile.stats("thirteens").played == 1


def test_idle_table_does_not_draw(make):
    app = make("?game=pyramid13&deal=1")
    step(app, 30)  # the deal animation ends
    assert not any(app.step(16) for _ in range(10))
    press(app, pygame.K_d)
    assert app.table.dirty or app.table.anim.active or app.game.moves


def test_sound_never_crashes_without_audio(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds(True)
    sounds.play("remove")
    assert sounds.failed and not sounds.sounds


def test_sound_effects_are_generated():
    sounds = Sounds(True)
    sounds.load()
    if sounds.ready:
        assert set(sounds.sounds) == {"select", "remove", "king", "deal", "win", "nomove"}
        sounds.play("win")


def test_hint_highlights_cards(make):
    app = make("?game=thirteens&deal=1")
    press(app, pygame.K_h)
    assert app.table.hint_spots
    step(app, 120)
    assert not app.table.hint_spots


def test_pyramid13_shows_deal_and_total(make):
    app = make("?game=pyramid13&deal=2", animations=False)
    game = app.game
    assert isinstance(game, Pyramid13)
    while game.deal_index == 0:
        app.table.play(game.legal_moves()[0])
    step(app)
    assert "Deal 1 scored" in app.table.message


def test_shot_command_writes_png(tmp_path):
    out = tmp_path / "t.png"
    assert (
        cli_main(
            ["shot", "--game", "thirteens", "--deal", "3", "--size", "640x360", "--out", str(out)]
        )
        == 0
    )
    assert pygame.image.load(str(out)).get_size() == (640, 360)
    for scene in ("start", "end", "help", "stats"):
        assert (
            cli_main(
                ["shot", "--game", "pyramid13", "--deal", "3", "--scene", scene, "--out", str(out)]
            )
            == 0
        )
