"""docs/rules.md's click model for groups (Elevens, Fifteens), driven by real pygame events:
the selection is a set of cards that goes as soon as it is a group the game removes."""

from __future__ import annotations

import pygame

from thirteen.advice.solving import solve
from thirteen.core.cards import card_text, rank
from thirteen.games import new_game

from .helpers import card_at, click, click_card, press, tab_until


def deal_with(game_id: str, wanted) -> int:
    """The first deal number whose opening grid has a legal move ``wanted`` accepts."""
    for deal in range(1, 500):
        if any(wanted(m) for m in new_game(game_id, deal=deal).legal_moves()):
            return deal
    raise AssertionError("no such deal")


def opening(app, wanted):
    return next(m for m in app.game.legal_moves() if wanted(m))


def names(cards) -> list[str]:
    return [card_text(c) for c in cards]


def test_elevens_pair_by_two_clicks(make):
    app = make(f"?game=elevens&deal={deal_with('elevens', lambda m: len(m.cards) == 2)}")
    pair = opening(app, lambda m: len(m.cards) == 2)
    a, b = pair.cards
    click(app, card_at(app, a))
    assert app.table.group == [a] and app.table.selected is None and not app.game.moves
    click(app, card_at(app, b))
    assert app.game.moves == [pair] and app.table.group == []


def test_elevens_picture_trio_goes_on_the_third_click(make):
    app = make(f"?game=elevens&deal={deal_with('elevens', lambda m: len(m.cards) == 3)}")
    trio = opening(app, lambda m: len(m.cards) == 3)
    jack, queen, king = sorted(trio.cards, key=rank)
    for n, card in enumerate((king, jack)):
        click(app, card_at(app, card))
        assert len(app.table.group) == n + 1 and not app.game.moves
    click(app, card_at(app, queen))
    assert app.game.moves == [trio] and app.table.group == []


def test_a_card_that_fits_no_group_starts_a_new_selection(make):
    app = make("?game=elevens&deal=1")  # Ks Td 6h / Jc Ts 3h / Qh 7d 5s
    click_card(app, "Jc")
    click_card(app, "Qh")
    assert names(app.table.group) == ["Jc", "Qh"]
    click_card(app, "6h")  # a number never goes with pictures
    assert names(app.table.group) == ["6h"]
    click_card(app, "3h")  # 6 + 3 could never make 11
    assert names(app.table.group) == ["3h"]
    click_card(app, "Ks")
    assert names(app.table.group) == ["Ks"] and not app.game.moves


def test_clicking_a_selected_card_takes_it_out(make):
    app = make(f"?game=elevens&deal={deal_with('elevens', lambda m: len(m.cards) == 3)}")
    trio = opening(app, lambda m: len(m.cards) == 3)
    first, second, _ = trio.cards
    click(app, card_at(app, first))
    click(app, card_at(app, second))
    assert app.table.group == [first, second]
    click(app, card_at(app, first))
    assert app.table.group == [second] and not app.game.moves
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card_at(app, second), button=3, touch=False)
    )
    app.step(16)
    assert app.table.group == []  # a right click lets the selection go
    click(app, card_at(app, first))
    press(app, pygame.K_ESCAPE)
    assert app.table.group == [] and not app.game.moves


def test_the_keyboard_toggles_and_completes_a_group(make):
    app = make(f"?game=elevens&deal={deal_with('elevens', lambda m: len(m.cards) == 2)}")
    pair = opening(app, lambda m: len(m.cards) == 2)
    a, b = pair.cards
    table = app.table

    def focus_on(card):
        tab_until(app, lambda: table.focus_key == ("card", card) and table.show_focus, card)

    focus_on(a)
    press(app, pygame.K_SPACE)
    assert table.group == [a]
    press(app, pygame.K_RETURN)  # Enter toggles it out again
    assert table.group == []
    press(app, pygame.K_SPACE)
    focus_on(b)
    press(app, pygame.K_SPACE)
    assert app.game.moves == [pair] and table.group == []


def test_a_won_elevens_deal_played_by_clicks(make):
    deal = next(n for n in range(1, 200) if solve(new_game("elevens", deal=n)).winnable)
    app = make(f"?game=elevens&deal={deal}", animations=False)
    line = solve(app.game).moves
    for move in line:
        for card in move.cards:
            click_card(app, card_text(card))
        app.table.anim.finish()
    assert app.game.outcome.value == "won" and names(app.table.group) == []


# -- Fifteens: deal 1 is Ks Td 6h Jc / Ts 3h Qh 7d / 5s 9c 7s Ad / 4s Th 7h 8d ------------


def test_fifteens_group_of_three(make):
    app = make("?game=fifteens&deal=1")
    for card in ("3h", "8d"):
        click_card(app, card)
    assert names(app.table.group) == ["3h", "8d"] and not app.game.moves  # 11 so far
    click_card(app, "4s")
    assert [m.text() for m in app.game.moves] == ["3h+4s+8d"] and app.table.group == []


def test_fifteens_group_of_four(make):
    app = make("?game=fifteens&deal=1")
    for n, card in enumerate(("7d", "Ad", "4s")):
        click_card(app, card)
        assert len(app.table.group) == n + 1 and not app.game.moves
    click_card(app, "3h")
    assert [m.text() for m in app.game.moves] == ["Ad+3h+4s+7d"]


def test_fifteens_ten_to_king_set(make):
    app = make("?game=fifteens&deal=1")
    for card in ("Ks", "Qh", "Td"):
        click_card(app, card)
    assert names(app.table.group) == ["Ks", "Qh", "Td"]
    click_card(app, "Th")  # a second Ten cannot join: a new selection
    assert names(app.table.group) == ["Th"]
    for card in ("Ks", "Qh", "Jc"):
        click_card(app, card)
    assert [m.text() for m in app.game.moves] == ["Th+Jc+Qh+Ks"]


def test_fifteens_a_sum_past_fifteen_starts_a_new_selection(make):
    app = make("?game=fifteens&deal=1")
    click_card(app, "9c")
    click_card(app, "7s")  # 16
    assert names(app.table.group) == ["7s"]
    click_card(app, "Td")  # a Ten never joins a sum
    assert names(app.table.group) == ["Td"]
    click_card(app, "5s")
    click_card(app, "7h")
    assert names(app.table.group) == ["5s", "7h"]
    click_card(app, "5s")  # out again
    assert names(app.table.group) == ["7h"]
    click_card(app, "8d")
    assert [m.text() for m in app.game.moves] == ["7h+8d"]
