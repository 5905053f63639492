"""The solver's searches run beside the game, a slice a frame: hints, the end screen's
verdict and the "can this still be won?" indicator, with real pygame events."""

from __future__ import annotations

import pygame

from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, solve
from thirteen.ui.layout import TableButton
from thirteen.ui.table.words import BUTTON_LABELS

from .conftest import PATIENT_MS
from .helpers import card_at, click, press, step, think


def hint_button(app):
    return next(b for b in app.table.buttons if b.name == TableButton.HINT)


def test_a_hint_is_searched_over_several_frames_and_the_button_says_it_thinks(make):
    """Pyramid 13 deal 5: a hint that froze the browser's page for 410 ms in one frame."""
    app = make("?game=pyramid13&deal=5", animations=False)
    press(app, pygame.K_h)
    assert "hint" in app.tasks and hint_button(app).label == "Thinking"
    assert not app.table.hint_spots
    frames = think(app)
    assert frames >= 2  # it took slices, not one long frame
    assert app.table.hint_spots and app.table.message.startswith("Hint:")
    assert hint_button(app).label == BUTTON_LABELS[TableButton.HINT][0]


def test_a_move_made_while_a_hint_is_searched_drops_it(make):
    """The table stays playable while it thinks; the answer, for a position no longer on
    the table, is never shown."""
    app = make("?game=pyramid13&deal=5", animations=False)
    press(app, pygame.K_h)
    assert "hint" in app.tasks
    press(app, pygame.K_d)  # a move, by key, while the search runs
    assert len(app.game.moves) == 1
    assert "hint" not in app.tasks  # dropped with the position it was for
    think(app)
    assert not app.table.hint_spots and not app.table.message.startswith("Hint:")
    assert hint_button(app).label == BUTTON_LABELS[TableButton.HINT][0]


def test_a_stale_answer_is_not_shown_even_if_it_arrives(make):
    """Whatever drops the search, an answer tagged for another position is discarded."""
    app = make("?game=pyramid13&deal=5", animations=False)
    app.table.show_hint()
    task = app.tasks.running["hint"]
    app.game.play("D")  # the engine moved without the table knowing (no cancel)
    think(app)
    assert task.slices <= 1 and not app.table.hint_spots


def test_a_hint_in_slices_gives_the_hint_in_one_piece(make, patient):
    from thirteen.advice import hints

    app = make("?game=pyramid&deal=1", animations=False)
    press(app, pygame.K_h)
    think(app)
    sliced = app.hint_memo[app.game.text()]
    assert sliced == hints.hint_for(app.game.copy(), PATIENT_MS)


def test_the_indicator_is_off_by_default_and_answers_after_each_move(make, patient):
    app = make("?game=pyramid&deal=1", animations=False)
    think(app)
    assert app.table.outlook is None
    app = make("?game=pyramid&deal=1", animations=False, show_winnable=True)
    assert app.table.outlook == "thinking"
    think(app)
    assert app.table.outlook == "yes"


def losing_move(game):
    """A legal move after which the game can no longer be won, or None."""
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if solve(after).verdict == NOT_WINNABLE:
            return move
    return None


def test_the_indicator_tells_the_move_that_lost_the_game_and_its_undo(make, patient):
    app = make("?game=pyramid&deal=1", animations=False, show_winnable=True)
    think(app)
    game = app.game
    line = solve(game).moves
    assert solve(game).verdict == WINNABLE
    move = losing_move(game)
    while move is None:  # along a winning line to a position where one move loses
        app.table.play(line.pop(0))
        move = losing_move(game)
    think(app)
    assert app.table.outlook == "yes"
    if move.cards:
        for card in sorted(move.cards):
            click(app, card_at(app, card))
    else:
        press(app, pygame.K_d)
    assert app.game.moves[-1] == move
    think(app)
    assert app.table.outlook == "lost"
    press(app, pygame.K_u)
    think(app)
    assert app.table.outlook == "again"  # known at once: no new search
    step(app)


def test_the_end_screen_says_it_thinks_then_gives_the_verdict(make, patient):
    from thirteen.advice.verdicts import _known

    _known.clear()
    app = make("?game=pyramid&deal=3", animations=False)
    game = app.game
    while not game.is_over:
        app.table.play(game.legal_moves()[-1])
    assert not _known
    step(app, 2)
    end = app.scene
    think(app)
    assert _known
    assert end.verdict() == "No way of playing wins this deal: it was lost from the start."
