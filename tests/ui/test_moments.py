"""Redo, the pause between Pyramid 13's rounds and the end of a deal with no move,
driven by real pygame events."""

from __future__ import annotations

import pygame

from thirteen.core.cards import parse_card
from thirteen.ui.layout import TableButton, geometry
from thirteen.ui.scene import ARRIVE_MS
from thirteen.ui.screens.end import EndScene
from thirteen.ui.table import paint
from thirteen.ui.table.places import spot_key
from thirteen.ui.table.scene import END_DELAY_MS

from .helpers import card_at, click, click_card, press, step, think, wait
from .pyramid13_rounds import ROUND_ONE


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
    assert nudge is not None and nudge.key == spot_key(blocked)
    assert nudge.words.startswith("Not free yet") and table.message == nudge.words
    offsets = set()
    for _ in range(int(SHAKE_MS // 16)):
        offsets.add(paint.shake_of(table, blocked))
        step(app)
    assert len(offsets) > 3 and max(map(abs, offsets)) > 2  # it moved both ways
    assert paint.shake_of(table, blocked) == 0
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
    assert table.nudge is not None and paint.shake_of(table, blocked) == 0
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


def only_draw_position(game_id: str):
    """A deal and the moves to a position whose one legal move is to draw."""
    from thirteen.core.moves import Draw
    from thirteen.games import new_game

    for deal in range(1, 200):
        game = new_game(game_id, deal=deal)
        if game.legal_moves() != [Draw()]:
            continue
        return deal
    raise AssertionError("no deal starts with drawing as its only move")


def test_auto_draw_draws_by_itself_when_drawing_is_the_only_move(make):
    from thirteen.core.moves import Draw
    from thirteen.ui.table.controller import AUTO_DRAW_MS

    deal = only_draw_position("pyramid")
    app = make(f"?game=pyramid&deal={deal}", auto_draw=True)
    table = app.table
    assert table.controller.auto_left > 0 and not app.game.moves  # it waits a moment first
    step(app)
    assert not app.game.moves
    step(app, int(AUTO_DRAW_MS // 16) + 2)
    assert app.game.moves[:1] == [Draw()]
    drawn = len(app.game.moves)
    press(app, pygame.K_u)  # the player goes back: it does not draw again by itself
    step(app, int(AUTO_DRAW_MS // 16) + 20)
    assert len(app.game.moves) == drawn - 1


def test_without_auto_draw_nothing_draws_by_itself(make):
    deal = only_draw_position("pyramid")
    app = make(f"?game=pyramid&deal={deal}")
    step(app, 60)
    assert not app.game.moves and app.table.controller.auto_left == 0


def test_a_click_on_the_empty_draw_pile_turns_the_waste_over(make):
    from thirteen.core.moves import Recycle

    app = make("?game=pyramid&deal=3", animations=False)
    while app.game.draw_count:
        app.table.play(next(m for m in app.game.legal_moves() if m.text() == "D"))
    pile = next(s for s in app.table.geo.spots if s.kind == "pile")
    assert pile.free
    click(app, pile.rect.center)
    assert app.game.moves[-1] == Recycle()


def test_the_timer_shows_on_the_table_and_a_won_game_keeps_its_best_time(make):
    from thirteen.advice.solving import solve

    app = make("?game=pyramid&deal=1", animations=False, timer=True)
    table = app.table
    line = solve(app.game).moves
    assert line
    app.rest(5000)
    step(app)
    assert table.elapsed_ms == 0  # the time runs from the first move
    table.play(line[0])
    app.rest(61_000)  # the loop slept: real time still counts
    step(app)
    assert table.time_words() == "1:01"
    for move in line[1:]:
        table.play(move)
    assert app.game.outcome.value == "won"
    best = app.profile.stats("pyramid").best_ms
    assert 61_000 <= best < 62_000


def test_statistics_are_reset_per_game_after_a_second_press(make):
    from thirteen.games import GameSetup
    from thirteen.ui.scene_names import SceneName

    app = make("?game=pyramid&deal=3")
    for game_id in ("pyramid", "thirteens"):
        app.profile.record_result(GameSetup(game_id, deal=3).new_game())
    app.open(SceneName.STATS)
    reset = next(w for w in app.scene.widgets if w.name == "reset")
    click(app, reset.rect.center)
    assert "Press Reset again" in app.scene.message
    assert app.profile.stats("pyramid").played == 1
    click(app, reset.rect.center)  # the rest of a double click: not an answer
    assert app.profile.stats("pyramid").played == 1
    wait(app)
    click(app, reset.rect.center)
    assert app.profile.stats("pyramid").played == 0
    assert app.profile.stats("thirteens", "3x5").played == 1  # another game's stay


def lose(app) -> None:
    """Play the last legal move (a draw while there is one) until the game ends: it
    loses Pyramid deal 1, which can be won."""
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[-1])
    step(app, int(END_DELAY_MS // 16) + 2)
    think(app)  # the end screen's verdict, searched beside the game


def test_show_a_win_replays_a_winning_line_without_counting(make, patient_verdicts):
    from thirteen.ui.replay import STEP_MS, ReplayScene

    app = make("?game=pyramid&deal=1", animations=False)
    lose(app)
    assert app.game.outcome.value == "lost" and isinstance(app.scene, EndScene)
    end = app.scene
    stats = app.profile.stats("pyramid")
    assert any(w.name == "replay" for w in end.widgets)
    wait(app, ARRIVE_MS)
    press(app, pygame.K_w)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and not replay.game.moves and replay.line
    step(app, int(STEP_MS // 16) + 2)
    assert len(replay.game.moves) == 1  # it plays by itself
    press(app, pygame.K_SPACE)  # pause
    step(app, int(STEP_MS // 16) * 3)
    assert len(replay.game.moves) == 1
    press(app, pygame.K_RIGHT)  # one step
    assert len(replay.game.moves) == 2 and not replay.playing
    click(app, next(b for b in replay.buttons if b.name == "replay-toggle").rect.center)
    step(app, int(STEP_MS // 16 + 2) * len(replay.line))
    assert replay.game.outcome.value == "won" and replay.game.moves == list(replay.line)
    assert app.profile.stats("pyramid") == stats  # not counted
    assert app.profile.load_game() is None  # nor saved over anything
    press(app, pygame.K_ESCAPE)
    assert app.scene is end and app.table.game.outcome.value == "lost"


def test_show_a_win_in_pyramid_13_plays_all_three_rounds_to_the_last_pyramid(
    make, patient_verdicts
):
    """A Pyramid 13 game is won by clearing its third pyramid: on deal 2 (rounds 1 and 2
    cannot be cleared, round 3 can) the replay plays each round, stops at each round's
    summary for the step's pause and goes on, and ends with the third pyramid cleared."""
    from thirteen.ui.replay import STEP_MS, ReplayScene

    app = make("?game=pyramid13&deal=2", animations=False)
    lose(app)
    assert app.game.outcome.value == "lost" and isinstance(app.scene, EndScene)
    assert any(w.name == "replay" for w in app.scene.widgets)
    stats = app.profile.stats("pyramid13")
    wait(app, ARRIVE_MS)
    press(app, pygame.K_w)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.line
    rounds_seen = set()
    for _ in range(len(replay.line) * 3):
        step(app, int(STEP_MS // 16) + 2)
        rounds_seen.add(replay.game.progress().round)
        if replay.game.is_over:
            break
    assert rounds_seen == {1, 2, 3}
    assert replay.game.outcome.value == "won" and replay.game.moves == list(replay.line)
    assert app.profile.stats("pyramid13") == stats  # not counted


def test_show_a_win_is_offered_only_for_a_lost_deal_that_could_be_won(make, patient_verdicts):
    app = make("?game=pyramid13&deal=1", animations=False)  # its third pyramid: lost
    lose(app)
    assert isinstance(app.scene, EndScene)
    assert not any(w.name == "replay" for w in app.scene.widgets)
    app = make("?game=thirteens&deal=17")  # lost from the start: nothing to show
    step(app, int(END_DELAY_MS // 16) + 2)
    assert not any(w.name == "replay" for w in app.scene.widgets)
