"""Hints that stay and speak, with real pygame events: the hinted cards stay marked until
the next move, undo or click elsewhere; the message names the move in card words for
every kind of move, in the player's language; pressing Hint again plays it."""

from __future__ import annotations

import pygame
import pytest

from thirteen.advice import hints
from thirteen.advice.hints import Basis
from thirteen.ui.table.places import spot_key

from .helpers import card_at, click, press, step, think

THIRTEENS_TO_AN_EMPTY_COLUMN = (
    "Ks 4s+9c 3h+Ts 6h+7d 5c+8d 4c+9d 2d+Js 2s+Jh 3d+Td Kc Ac+Qs Kd 4h+9s 5d+8c 6s+7s Kh "
    "2c+Jc 3c+Th 6d+7h 5h+8h Ah+Qh 6c+7c 3s+Tc 2h+Jd 4d+9h"
).split()
"""Thirteens deal 1 played until a column is empty and the Queen of diamonds may move to it."""


def hinting(monkeypatch, text: str) -> None:
    """The hint's search answers ``text`` (a legal move there), proven to win: the words
    of each kind of move are checked, whatever a search would pick."""

    def answer(game, budget_ms=150, memo=None, slice_ms=None):
        return hints.Hint(game.parse_move(text), Basis.WINS)
        yield

    monkeypatch.setattr(hints, "hint_steps", answer)


def play_on(app, texts: list[str]) -> None:
    for text in texts:
        assert app.table.play(app.game.parse_move(text))
    step(app)


def until_the_waste_turns(app) -> None:
    """Draw (or take the first move) until the waste can be turned over."""
    game = app.game
    while "R" not in [m.text() for m in game.legal_moves()]:
        legal = [m.text() for m in game.legal_moves()]
        play_on(app, ["D" if "D" in legal else legal[0]])


def hint_message(app) -> str:
    press(app, pygame.K_h)
    think(app)
    assert app.table.hint_spots
    return app.table.message


KINDS = {
    "pair": ("?game=thirteens&deal=1", [], "4s+9c"),
    "king": ("?game=thirteens&deal=1", [], "Ks"),
    "to an empty column": ("?game=thirteens&deal=1", THIRTEENS_TO_AN_EMPTY_COLUMN, "Qd>2"),
    "draw": ("?game=pyramid&deal=1", [], "D"),
    "turn the waste": ("?game=pyramid&deal=1", None, "R"),
    "pair with the draw card": ("?game=pyramid13&deal=3", [], "3s+Td"),
    "pair with a reserve card": ("?game=giza&deal=3", [], "5s+8c"),
    "baroness deal": ("?game=baroness&deal=1", [], "D"),
    "elevens trio": ("?game=elevens&deal=1", [], "Jc+Qh+Ks"),
    "fifteens group": ("?game=fifteens&deal=1", [], "Ad+3h+4s+7d"),
    "neighbour pair": ("?game=neighbour&deal=3", [], "3h+Th"),
}
"""Each kind of move a hint names: where it is legal, the moves played first (None: until
the waste can be turned over) and the move."""

WORDS = {
    "pair": (
        "Hint: remove Four of spades and Nine of clubs. It leads to a win.",
        "Tipp: Pik-Vier und Kreuz-Neun entfernen. Er führt zum Sieg.",
    ),
    "king": (
        "Hint: remove King of spades. It leads to a win.",
        "Tipp: Pik-König entfernen. Er führt zum Sieg.",
    ),
    "to an empty column": (
        "Hint: move Queen of diamonds to empty column 2. It leads to a win.",
        "Tipp: Karo-Dame in die leere Spalte 2 legen. Er führt zum Sieg.",
    ),
    "draw": (
        "Hint: draw a card (D). It leads to a win.",
        "Tipp: eine Karte ziehen (D). Er führt zum Sieg.",
    ),
    "turn the waste": (
        "Hint: turn the waste over. It leads to a win.",
        "Tipp: Die Ablage umdrehen. Er führt zum Sieg.",
    ),
    "pair with the draw card": (
        "Hint: remove Three of spades and Ten of diamonds (draw card). It leads to a win.",
        "Tipp: Pik-Drei und Karo-Zehn (Karte zum Ziehen) entfernen. Er führt zum Sieg.",
    ),
    "pair with a reserve card": (
        "Hint: remove Five of spades and Eight of clubs (reserve pile 8). It leads to a win.",
        "Tipp: Pik-Fünf und Kreuz-Acht (Reservestapel 8) entfernen. Er führt zum Sieg.",
    ),
    "baroness deal": (
        "Hint: deal a card onto each pile (D). It leads to a win.",
        "Tipp: auf jeden Stapel eine Karte geben (D). Er führt zum Sieg.",
    ),
    "elevens trio": (
        "Hint: remove Jack of clubs, Queen of hearts and King of spades. It leads to a win.",
        "Tipp: Kreuz-Bube, Herz-Dame und Pik-König entfernen. Er führt zum Sieg.",
    ),
    "fifteens group": (
        "Hint: remove Ace, Three, Four and Seven together. It leads to a win.",
        "Tipp: Ass, Drei, Vier und Sieben zusammen entfernen. Er führt zum Sieg.",
    ),
    "neighbour pair": (
        "Hint: remove Three of hearts and Ten of hearts. It leads to a win.",
        "Tipp: Herz-Drei und Herz-Zehn entfernen. Er führt zum Sieg.",
    ),
}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_hint_names_its_move_in_card_words(make, monkeypatch, kind, language):
    query, before, move = KINDS[kind]
    app = make(query, animations=False, language=language)
    if before is None:
        until_the_waste_turns(app)
    else:
        play_on(app, before)
    hinting(monkeypatch, move)
    english, german = WORDS[kind]
    assert hint_message(app) == (english if language == "en" else german)
    hinted = app.table.hint_move
    assert hinted is not None and hinted.text() == move
    for card in hinted.cards:  # every card it names is marked on the table
        assert spot_key(app.table.geo.spot_for_card(card)) in app.table.hint_spots


def test_the_marks_and_words_stay_until_the_move_is_made(make, patient):
    app = make("?game=pyramid&deal=1", animations=False)
    words = hint_message(app)
    marked = list(app.table.hint_spots)
    move = app.table.hint_move
    assert move is not None and len(move.cards) == 2
    step(app, 400)  # far longer than any message shows by itself
    assert app.table.hint_spots == marked and app.table.message == words
    first, second = move.cards
    click(app, card_at(app, first))  # following the hint: its marks stay for the partner
    assert app.table.selected == first and app.table.hint_spots == marked
    assert app.table.message == words
    click(app, card_at(app, second))
    assert app.game.moves[-1] == move
    assert not app.table.hint_spots and app.table.hint_move is None
    assert app.table.message != words


def test_an_undo_takes_the_hint_down(make, patient):
    app = make("?game=pyramid&deal=1", animations=False)
    press(app, pygame.K_d)
    assert len(app.game.moves) == 1
    words = hint_message(app)
    press(app, pygame.K_u)
    assert not app.game.moves
    assert not app.table.hint_spots and app.table.hint_move is None
    assert app.table.message != words


def test_a_click_elsewhere_takes_the_hint_down(make, patient):
    app = make("?game=thirteens&deal=1", animations=False)
    words = hint_message(app)
    felt = (app.table.frame.table.right - 60, app.table.frame.table.centery)
    assert app.table.geo.hit_test(felt) is None  # bare felt
    click(app, felt)
    assert not app.table.hint_spots and app.table.message != words
    hint_message(app)
    hinted = set(app.table.hint_move.cards)
    other = next(s.card for s in app.table.geo.spots if s.card and s.card not in hinted)
    click(app, card_at(app, other))  # another card: selected, and the hint goes
    assert not app.table.hint_spots and not app.game.moves


def test_hint_pressed_again_plays_the_hinted_move(make, patient):
    app = make("?game=pyramid&deal=1", animations=False)
    hint_message(app)
    move = app.table.hint_move
    press(app, pygame.K_h)
    assert [m for m in app.game.moves] == [move]
    assert not app.table.hint_spots
    hint_message(app)  # the next hint, for the position after it
    assert app.table.hint_move is not None and app.table.hint_move != move


def test_the_hint_button_pressed_twice_plays_it_too(make, patient):
    from thirteen.ui.layout import TableButton

    app = make("?game=thirteens&deal=1", animations=False)
    button = next(b for b in app.table.buttons if b.name == TableButton.HINT)
    click(app, button.rect.center)
    think(app)
    move = app.table.hint_move
    assert move is not None and app.table.hint_spots
    click(app, button.rect.center)
    assert app.game.moves == [move]


def test_a_long_hint_fits_where_it_is_shown(make):
    """German with larger text on a phone held sideways: the side panel has no room for
    the hint's words and what it rests on, so they go over the table's foot, whole."""
    from thirteen.ui import theme
    from thirteen.ui.canvas import canvas_size

    app = make("?game=pyramid13&deal=3", animations=False, language="de", larger_text=True)
    app.display.resize(*canvas_size(844, 390))
    app.relayout()
    words = []
    theme.recorder = lambda surface, text, rect: words.append((text, rect.copy()))
    try:
        app.table.say(
            "Tipp: Pik-Drei und Karo-Zehn (Karte zum Ziehen) entfernen. "
            "Nur geraten: In der Zeit ließ sich nichts beweisen.",
            0,
        )
        app.table.dirty = True
        step(app)
    finally:
        theme.recorder = None
    shown = " ".join(text for text, _ in words)
    assert "entfernen." in shown and "beweisen." in shown  # nothing cut
    canvas = app.screen.get_rect()
    assert all(canvas.contains(rect) for _, rect in words)


def test_a_hint_on_show_lets_an_idle_table_sleep(make, patient):
    """The hint has no countdown: while it stays, the loop may sleep between inputs."""
    from thirteen.ui import app as app_module

    from .helpers import settled

    app = make("?game=thirteens&deal=1")
    settled(app)
    hint_message(app)
    app.step(app_module.LINGER_MS + 500)
    assert app.table.hint_spots and not app.table.active()
    assert app.idle_wait_ms() > 0
