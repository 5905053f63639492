"""Redo, the pause between Pyramid 13's rounds and the end of a deal with no move,
driven by real pygame events."""

from __future__ import annotations

import pygame

from thirteen.cards import parse_card
from thirteen.ui.layout import TableButton, geometry
from thirteen.ui.scene import ARRIVE_MS
from thirteen.ui.screens.end import EndScene
from thirteen.ui.table import END_DELAY_MS

from .helpers import card_at, click, click_card, press, step, wait

ROUND_ONE = (
    "3s+Td 2s+Js D Kh D D D 4d+9s 2h+Jh Ks 6s+7c D D D As+Qs Ad+Qh 4s+9d D D Kd Kc "
    "5s+8h 5d+8d 5c+8s D 4h+9c 3d+Ts"
).split()
"""Pyramid 13 deal 3's first round, one draw short of its end (the last draw ends it)."""


def button(app, name):
    return next(b for b in app.table.buttons if b.name == name)


def test_redo_plays_the_moves_undone_again_until_a_new_move(make):
    app = make("?game=pyramid&deal=3", animations=False)
    game = app.game
    press(app, pygame.K_d)
    press(app, pygame.K_d)
    two = list(game.moves)
    assert not button(app, TableButton.REDO).enabled
    press(app, pygame.K_u)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.moves == [] and button(app, TableButton.REDO).enabled
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert game.moves == two[:1]
    click(app, button(app, TableButton.REDO).rect.center)
    assert game.moves == two and not button(app, TableButton.REDO).enabled
    press(app, pygame.K_u)
    press(app, pygame.K_u, pygame.KMOD_SHIFT)  # Shift+U redoes too
    assert game.moves == two
    press(app, pygame.K_u)
    press(app, pygame.K_u)
    assert button(app, TableButton.REDO).enabled
    click_card(app, "3s")
    click_card(app, "Td")  # a new move: what was undone cannot come back
    assert [m.text() for m in game.moves] == ["3s+Td"]
    assert not button(app, TableButton.REDO).enabled
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert len(game.moves) == 1
    assert app.profile.load_game().moves == game.moves  # the save is the moves played


def test_redo_after_the_last_move_was_undone_from_the_end_screen(make):
    app = make("?game=thirteens&deal=1", animations=False)
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[0])
    step(app, 3)
    assert isinstance(app.scene, EndScene)
    played = app.profile.stats("thirteens", "3x5").played
    press(app, pygame.K_u)
    assert app.scene is app.table and not game.is_over
    assert app.profile.stats("thirteens", "3x5").played == played - 1
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert game.is_over
    step(app, 3)
    assert isinstance(app.scene, EndScene)
    assert app.profile.stats("thirteens", "3x5").played == played  # counted once


def test_a_pyramid13_round_stays_on_the_table_with_its_summary(make):
    app = make("?game=pyramid13&deal=3")
    table = app.table
    table.game.play_all(ROUND_ONE)
    table.relayout()
    press(app, pygame.K_d)  # the last draw: the round is over
    summary = table.summary
    assert summary is not None and summary.ended.number == 1
    assert table.game.progress().round == 2  # the engine is on the next round's start
    shown = table.geo.card_rects()
    assert shown == geometry(summary.view, table.frame).card_rects()
    assert shown != geometry(table.game, table.frame).card_rects()  # not the next pyramid
    assert len(shown) == 15  # the 14 pyramid cards left and the waste's top
    figures = dict(summary.figures(table.game))
    assert figures["Cards removed"] == "30" and figures["Round score"] == "300"
    assert figures["Total so far"] == "300" and "Clearing bonus" not in figures
    assert not button(app, TableButton.HINT).enabled
    pyramid_card = next(s for s in table.geo.spots if s.card is not None)
    click(app, pyramid_card.rect.center)  # the rest of the last press: ignored
    assert table.summary is summary
    wait(app, ARRIVE_MS)
    step(app, int(END_DELAY_MS // 16))
    assert table.summary is summary  # it waits for the player, however long
    click(app, summary.button(table.frame, table.geo, table.game).rect.center)
    assert table.summary is None and table.game.progress().round == 2
    assert table.geo.card_rects() == geometry(table.game, table.frame).card_rects()
    assert "Round 1 scored 300." in table.message


def test_undo_reaches_back_across_the_round_summary(make):
    app = make("?game=pyramid13&deal=3", animations=False)
    table = app.table
    table.game.play_all(ROUND_ONE)
    table.relayout()
    press(app, pygame.K_d)
    assert table.summary is not None
    press(app, pygame.K_u)
    assert table.summary is None and table.game.progress().round == 1
    assert len(table.game.moves) == len(ROUND_ONE)
    press(app, pygame.K_y, pygame.KMOD_CTRL)  # redo ends the round again
    assert table.summary is not None
    wait(app, ARRIVE_MS)
    press(app, pygame.K_RETURN)
    assert table.summary is None
    press(app, pygame.K_u)  # from the next round's start, back into the first
    assert table.game.progress().round == 1 and table.summary is None


def test_a_deal_with_no_move_reaches_the_end_screen_and_counts_once(make):
    app = make("?game=thirteens&deal=17")
    assert app.game.is_over and not app.game.moves
    step(app, int(END_DELAY_MS // 16) + 2)
    assert isinstance(app.scene, EndScene)
    stats = app.profile.stats("thirteens", "3x5")
    assert stats.played == 1 and stats.won == 0
    assert app.profile.load_game() is None  # nothing to resume
    press(app, pygame.K_ESCAPE)  # see the table, then come back: still counted once
    step(app, 40)
    assert app.profile.stats("thirteens", "3x5").played == 1


def test_f1_opens_help_from_the_start_and_end_screens(make):
    from thirteen.ui.screens.help import HelpScene

    app = make()
    assert app.scene is app.start_scene
    press(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene)
    press(app, pygame.K_F1)  # over help itself: nothing new
    press(app, pygame.K_ESCAPE)
    assert app.scene is app.start_scene
    app = make("?game=thirteens&deal=17")
    step(app, int(END_DELAY_MS // 16) + 2)
    assert isinstance(app.scene, EndScene)
    press(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene) and app.scene.tab == "thirteens"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, EndScene)


def move_mouse(app, pos) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    )
    step(app)


def test_a_refused_click_shakes_its_card_and_says_why_next_to_it(make):
    from thirteen.ui.feedback import NUDGE_MS, SHAKE_MS

    app = make("?game=pyramid&deal=3")
    table = app.table
    blocked = next(s for s in table.geo.spots if s.card is not None and not s.free)
    click(app, blocked.outline.center)
    nudge = table.nudge
    assert nudge is not None and nudge.key == table.spot_key(blocked)
    assert nudge.words.startswith("Not free yet") and table.message == nudge.words
    offsets = set()
    for _ in range(int(SHAKE_MS // 16)):
        offsets.add(table.shake_of(blocked))
        step(app)
    assert len(offsets) > 3 and max(map(abs, offsets)) > 2  # it moved both ways
    assert table.shake_of(blocked) == 0
    box, lines = nudge.box(blocked.outline, table.frame.table)
    assert table.frame.table.contains(box)
    gap = max(blocked.outline.top - box.bottom, box.top - blocked.outline.bottom)
    assert 0 <= gap <= 20 and abs(box.centerx - blocked.outline.centerx) < box.w  # beside it
    step(app, int(NUDGE_MS // 16) + 1)
    assert table.nudge is None


def test_with_animations_off_a_refused_card_flashes_without_moving(make):
    app = make("?game=pyramid&deal=3", animations=False)
    table = app.table
    blocked = next(s for s in table.geo.spots if s.card is not None and not s.free)
    click(app, blocked.outline.center)
    assert table.nudge is not None and table.shake_of(blocked) == 0
    press(app, pygame.K_d)  # a move puts the word away
    assert table.nudge is None


def test_the_card_under_the_mouse_shows_what_a_click_would_do(make):
    app = make("?game=pyramid&deal=2", animations=False)  # Kh free, 3c+Ts a pair
    table = app.table
    move_mouse(app, card_at(app, parse_card("Kh")))
    assert table.hover_key == ("card", parse_card("Kh")) and table.hover_plays
    move_mouse(app, card_at(app, parse_card("3c")))
    assert table.hover_key == ("card", parse_card("3c")) and not table.hover_plays
    click_card(app, "3c")
    move_mouse(app, card_at(app, parse_card("Ts")))
    assert table.hover_key == ("card", parse_card("Ts")) and table.hover_plays  # completes
    blocked = next(s for s in table.geo.spots if s.card is not None and not s.free)
    move_mouse(app, blocked.outline.center)
    assert table.hover_key is None
    move_mouse(app, button(app, TableButton.UNDO).rect.center)
    assert table.hover_key is None


def test_a_finger_never_hovers(make):
    app = make("?game=pyramid&deal=2", animations=False)
    x, y = card_at(app, parse_card("Kh"))
    w, h = app.screen.get_size()
    pygame.event.post(
        pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=x / w, y=y / h)
    )
    step(app)
    move_mouse(app, (x, y))
    assert app.table.hover_key is None
