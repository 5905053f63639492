"""Neighbour, Baroness and Giza at the table, driven by real pygame events: a pair
removed by clicks, a King by one click, the keyboard path, and each game's own parts
(Baroness's deal and reserve)."""

from __future__ import annotations

import pygame

from thirteen.core.moves import RemoveKing, RemovePair

from .helpers import card_at, click, press, step, tab_until, think


def focus_on(app, card) -> None:
    """Tab until the focus ring is on ``card``."""
    table = app.table
    tab_until(app, lambda: table.focus_key == ("card", card) and table.show_focus, card)


# -- Neighbour ------------------------------------------------------------------


def test_neighbour_pair_by_clicks_closes_the_grid_up(make):
    app = make("?game=neighbour&deal=1")
    game = app.game
    pair = next(m for m in game.legal_moves() if isinstance(m, RemovePair))
    click(app, card_at(app, pair.first))
    assert app.table.selected == pair.first
    click(app, card_at(app, pair.second))
    assert game.moves == [pair] and app.table.selected is None
    cards = [c for row in game.grid() for c in row]
    assert None not in cards and game.progress().stock == 25  # two holes filled
    spots = {s.card for s in app.table.geo.spots if s.kind == "card"}
    assert spots == set(cards)


def test_neighbour_king_goes_with_one_click(make):
    app = make("?game=neighbour&deal=1")
    king = next(m for m in app.game.legal_moves() if isinstance(m, RemoveKing))
    click(app, card_at(app, king.card))
    assert app.game.moves == [king]


def test_neighbour_a_pair_apart_says_why_and_moves_the_selection(make):
    app = make("?game=neighbour&deal=1")
    grid = app.game.grid()
    three, ten = grid[1][0], grid[0][4]  # 3h under Ks, Ts at the end of row 1
    click(app, card_at(app, three))
    click(app, card_at(app, ten))
    assert not app.game.moves and app.table.selected == ten
    assert "touch" in app.table.message


def test_neighbour_by_keyboard(make):
    app = make("?game=neighbour&deal=1")
    game = app.game
    king = next(m for m in game.legal_moves() if isinstance(m, RemoveKing))
    focus_on(app, king.card)
    press(app, pygame.K_RETURN)
    assert game.moves == [king]
    pair = next(m for m in game.legal_moves() if isinstance(m, RemovePair))
    focus_on(app, pair.first)
    press(app, pygame.K_SPACE)
    assert app.table.selected == pair.first
    focus_on(app, pair.second)
    press(app, pygame.K_SPACE)
    assert game.moves == [king, pair]
    press(app, pygame.K_u)
    step(app)
    assert game.moves == [king]
    press(app, pygame.K_d)  # no draw pile: it says so and nothing changes
    assert game.moves == [king] and "no draw pile" in app.table.message


# -- Baroness -------------------------------------------------------------------


def stock_spot(app):
    return next(s for s in app.table.geo.spots if s.kind == "stock")


def test_baroness_pair_by_clicks_and_a_covered_card_says_why(make):
    app = make("?game=baroness&deal=5")  # 9d Js 4h 3c 9h
    game = app.game
    pair = next(m for m in game.legal_moves() if isinstance(m, RemovePair))
    click(app, card_at(app, pair.first))
    click(app, card_at(app, pair.second))
    assert game.moves == [pair]
    click(app, stock_spot(app).rect.center)  # the stock deals when clicked
    assert [m.text() for m in game.moves] == [pair.text(), "D"]
    covered = next(p[0] for p in game.pile_cards() if len(p) > 1)
    step(app, 30)
    click(app, card_at(app, covered))
    assert app.table.selected is None and "Not free" in app.table.message


def test_baroness_king_deal_key_and_reserve(make):
    app = make("?game=baroness&deal=5")
    game = app.game
    while not any(isinstance(m, RemoveKing) for m in game.legal_moves()):
        press(app, pygame.K_d)
    step(app, 30)  # the cards dealt land
    king = next(m for m in game.legal_moves() if isinstance(m, RemoveKing))
    click(app, card_at(app, king.card))
    assert game.moves[-1] == king
    while game.progress().stock:
        press(app, pygame.K_d)
    step(app, 30)
    reserve = game.reserve_cards()
    assert len(reserve) == 2
    spots = {s.card: s for s in app.table.geo.spots if s.kind == "card"}
    assert all(spots[c].free and spots[c].zone == "reserve" for c in reserve)
    free = game.available_cards()
    partner = next((c for c in free if c != reserve[0] and game.removal((reserve[0], c))), None)
    if partner is not None:
        click(app, card_at(app, reserve[0]))
        click(app, card_at(app, partner))
        assert reserve[0] not in game.reserve_cards()
    press(app, pygame.K_d)  # nothing left to deal: it says so
    assert "Nothing left" in app.table.message


def test_baroness_by_keyboard_and_hint(make):
    app = make("?game=baroness&deal=5")
    game = app.game
    pair = next(m for m in game.legal_moves() if isinstance(m, RemovePair))
    focus_on(app, pair.first)
    press(app, pygame.K_RETURN)
    focus_on(app, pair.second)
    press(app, pygame.K_RETURN)
    assert game.moves == [pair]
    tab_until(app, lambda: app.table.focus_key == ("stock",), "the stock")
    press(app, pygame.K_SPACE)
    assert len(game.moves) == 2 and game.moves[-1].text() == "D"
    press(app, pygame.K_h)
    think(app)  # a hint is searched beside the game
    assert app.table.hint_spots and "Hint" in app.table.message


# -- Giza -----------------------------------------------------------------------


def giza_card(text: str) -> int:
    from thirteen.core.cards import parse_card

    return parse_card(text)


def test_giza_pair_by_clicks_and_a_king_on_a_reserve_pile(make):
    app = make("?game=giza&deal=1")  # bottom row Qc Js Jh 2d 6s 2s 3d; pile 1 Qs 2c Kc
    game = app.game
    step(app, 30)  # the opening deal lands
    click(app, card_at(app, giza_card("2d")))
    assert app.table.selected == giza_card("2d")
    click(app, card_at(app, giza_card("Jh")))
    assert [m.text() for m in game.moves] == ["2d+Jh"] and app.table.selected is None
    spot = app.table.geo.spot_for_card(giza_card("Ac"))  # uncovered in the pyramid
    assert spot is not None and spot.free and spot.zone == "pyramid"
    click(app, card_at(app, giza_card("2c")))  # under the King on its pile: not free
    assert app.table.selected is None and "Not free" in app.table.message
    click(app, card_at(app, giza_card("Kc")))  # a King goes with one click
    assert game.moves[-1] == RemoveKing(giza_card("Kc"))
    spot = app.table.geo.spot_for_card(giza_card("2c"))
    assert spot is not None and spot.free and spot.zone == "pile"


def test_giza_a_reserve_top_with_a_pyramid_card(make):
    app = make("?game=giza&deal=1")  # pile 7: 2h 7c As
    game = app.game
    step(app, 30)
    click(app, card_at(app, giza_card("As")))
    click(app, card_at(app, giza_card("Qc")))
    assert game.moves == [RemovePair(giza_card("As"), giza_card("Qc"))]
    assert game.reserve_piles()[6] == (giza_card("2h"), giza_card("7c"))
    spots = {s.card: s for s in app.table.geo.spots if s.kind == "card"}
    assert giza_card("As") not in spots and giza_card("Qc") not in spots
    assert spots[giza_card("7c")].free and not spots[giza_card("2h")].free


def test_giza_by_keyboard(make):
    app = make("?game=giza&deal=1")
    game = app.game
    step(app, 30)
    focus_on(app, giza_card("Kc"))
    press(app, pygame.K_RETURN)
    assert game.moves == [RemoveKing(giza_card("Kc"))]
    focus_on(app, giza_card("3d"))  # the pyramid's bottom right
    press(app, pygame.K_SPACE)
    assert app.table.selected == giza_card("3d")
    focus_on(app, giza_card("Tc"))  # pile 8's top
    press(app, pygame.K_SPACE)
    assert game.moves[-1] == RemovePair(giza_card("3d"), giza_card("Tc"))
    press(app, pygame.K_d)  # no stock: it says so and nothing changes
    assert len(game.moves) == 2 and "face up" in app.table.message
    press(app, pygame.K_u)
    step(app)
    assert len(game.moves) == 1
    press(app, pygame.K_h)
    think(app)  # a hint is searched beside the game
    assert app.table.hint_spots and "Hint" in app.table.message
