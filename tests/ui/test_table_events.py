"""The click model and the keyboard path, driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from thirteen.core.cards import is_king, parse_card
from thirteen.core.moves import Draw, MoveToEmpty, Recycle, RemoveKing, RemovePair
from thirteen.games import GameSetup
from thirteen.games.thirteens.rules import Thirteens
from thirteen.ui.table import input as table_input

from .helpers import card_at, click, click_card, double_click, press, step, tab_until, wait

# -- helpers ------------------------------------------------------------------


def snapshot(app):
    t = app.table
    return (t.game.key, len(t.game.moves), t.selected)


# -- pointer ------------------------------------------------------------------


def test_query_opens_the_game_on_the_table(make):
    app = make("?game=thirteens&deal=1")
    from thirteen.ui import launch

    assert launch.current is app
    assert isinstance(app.game, Thirteens)
    assert app.game.setup.deal == 1
    assert pygame.display.get_surface().get_size() == (1280, 720)


def test_clicking_the_cards_of_a_pair_removes_them(make):
    app = make("?game=thirteens&deal=1")
    game = app.game
    pair = next(m for m in game.legal_moves() if isinstance(m, RemovePair))
    click(app, card_at(app, pair.first))
    assert app.table.selected == pair.first
    click(app, card_at(app, pair.second))
    assert game.moves == [pair]
    assert app.table.selected is None


def test_clicking_a_king_removes_it(make):
    app = make("?game=thirteens&deal=1")
    king = next(m for m in app.game.legal_moves() if isinstance(m, RemoveKing))
    click(app, card_at(app, king.card))
    assert app.game.moves == [king]


def test_clicking_the_selected_card_again_deselects(make):
    app = make("?game=thirteens&deal=1")
    card = next(c for c in app.game.cols[0] if not is_king(c))
    click(app, card_at(app, card))
    assert app.table.selected == card
    click(app, card_at(app, card))
    assert app.table.selected is None and not app.game.moves


def test_draw_card_double_click_moves_it_to_the_waste(make):
    app = make("?game=pyramid13&deal=1")
    game = app.game
    draw = game.deal.draw_card(game.pos)
    click(app, app.table.geo.pile.center)
    assert app.table.selected == draw and not game.moves
    click(app, app.table.geo.pile.center)
    assert game.moves == [Draw()]
    assert game.deal.waste_top(game.pos) == draw


def test_draw_card_then_pyramid_card_pairs(make):
    app = make("?game=pyramid&deal=1")
    game = app.game
    # Draw until the draw card pairs with a free pyramid card.
    for _ in range(24):
        draw = game.deal.draw_card(game.pos)
        partner = next(
            (
                m
                for m in game.legal_moves()
                if isinstance(m, RemovePair)
                and draw in m.cards
                and game.deal.where[m.first if m.second == draw else m.second][0] == "p"
            ),
            None,
        )
        if partner is not None:
            break
        press(app, pygame.K_d)
    assert partner is not None
    other = partner.first if partner.second == draw else partner.second
    click(app, app.table.geo.pile.center)
    click(app, card_at(app, other))
    assert game.moves[-1] == partner


def test_empty_column_move(make):
    app = make()
    game = Thirteens.from_text("thirteens 2x3 Qc--/5c--/Ac-- -")
    app.put_on_table(game, deal=False)
    click_card(app, "Qc")
    column_two = app.table.geo.targets()
    empty = next(s for s in column_two if s.kind == "empty")
    click(app, empty.hit.center)
    assert game.moves == [MoveToEmpty(parse_card("Qc"), 1)]


@pytest.mark.parametrize("layout", ["2x15", "3x10", "3x7"])
def test_tall_grids_overlap_larger_cards_each_answering_to_its_strip(make, layout):
    """Tall grids from links draw cards three times larger than side by side would allow
    (2x15: 100 pixels tall, not 33), each over the lower part of the one above; the top
    strip that shows is where it is drawn, outlined and clicked."""
    from thirteen.ui.layout import STRIP

    app = make(f"?game=thirteens&deal=3&layout={layout}", animations=False)
    geo = app.table.geo
    columns = int(layout.split("x")[0])
    grid = [s for s in geo.spots if s.kind == "card"]
    assert geo.card_h >= 100
    assert sum(s.shown is None for s in grid) == columns  # each column's lowest card
    for spot in grid:
        assert spot.outline.h >= max(40, STRIP * geo.card_h - 1)
        assert geo.hit_test(spot.outline.center) is spot
        over = geo.spots[geo.spots.index(spot) + 1 :]  # drawn after it
        assert not any(o.rect.colliderect(spot.outline) for o in over), spot.card


@pytest.mark.parametrize("layout", ["15x2", "10x3"])
def test_wide_grids_overlap_larger_cards_sideways(make, layout):
    """Wide grids do the same sideways (15x2: 160 pixels tall, not 45): each card under
    the one to its right shows, and answers to, its left strip with rank and suit."""
    from thirteen.ui.layout import SIDE_STRIP

    app = make(f"?game=thirteens&deal=3&layout={layout}", animations=False)
    geo = app.table.geo
    rows = int(layout.split("x")[1])
    grid = [s for s in geo.spots if s.kind == "card"]
    assert geo.card_h >= 150
    assert sum(s.shown is None for s in grid) == rows  # the right-hand column
    for spot in grid:
        assert spot.outline.w >= max(50, SIDE_STRIP * geo.card_w - 1)
        assert geo.hit_test(spot.outline.center) is spot
        over = geo.spots[geo.spots.index(spot) + 1 :]
        assert not any(o.rect.colliderect(spot.outline) for o in over), spot.card


def test_a_wide_grid_with_short_and_empty_columns(make):
    """Once columns differ in height, a card with no card to its right shows whole, and
    an empty column's slot lies over the card on its left like a card would, and shows
    (and takes a click) up to the next column."""
    app = make()
    game = Thirteens.from_text(
        "thirteens 10x3 3c------9c------2d--/2c--5c--8c----QcAd--/Ac--4c6c7c--TcJcKc3d -"
    )
    app.put_on_table(game, deal=False)
    geo = app.table.geo
    assert geo.spot_for_card(parse_card("5c")).shown is None  # column 3 is one card tall
    assert geo.spot_for_card(parse_card("2c")).shown is None  # column 1 is empty
    assert geo.spot_for_card(parse_card("Ac")).shown is not None  # under its slot
    assert geo.spot_for_card(parse_card("Qc")).shown is not None  # Ad lies over it
    empty = next(s for s in geo.spots if s.kind == "empty" and s.column == 1)
    assert geo.hit_test(empty.outline.center) is empty
    nine = geo.spot_for_card(parse_card("9c"))  # top row, column 4; column 5 is empty
    assert nine.shown is None and geo.hit_test((nine.rect.right - 5, nine.rect.centery)) is nine
    click_card(app, "5c")  # the top card of column 2
    click(app, empty.outline.center)
    assert game.moves == [MoveToEmpty(parse_card("5c"), 1)]


@pytest.mark.parametrize("layout", ["3x5", "4x4", "5x3", "5x6", "8x3"])
def test_other_grids_keep_their_cards_side_by_side(make, layout):
    app = make(f"?game=thirteens&deal=3&layout={layout}", animations=False)
    grid = [s for s in app.table.geo.spots if s.kind == "card"]
    assert all(s.shown is None for s in grid)
    assert not any(a.rect.colliderect(b.rect) for a in grid for b in grid if a is not b)


def test_a_covered_king_in_a_tall_grid_goes_at_a_click_on_its_strip(make):
    app = make("?game=thirteens&deal=3&layout=2x15", animations=False)
    king = parse_card("Ks")
    assert app.table.geo.spot_for_card(king).shown is not None
    click_card(app, "Ks")
    assert app.game.moves == [RemoveKing(king)]


def test_clicks_on_empty_felt_or_blocked_cards_change_nothing(make):
    app = make("?game=pyramid13&deal=1")
    game = app.game
    free = next(
        s for s in app.table.geo.spots if s.free and s.zone == "pyramid" and not is_king(s.card)
    )
    click(app, free.rect.center)
    before = snapshot(app)
    blocked = next(s for s in app.table.geo.spots if not s.free and s.kind == "card")
    click(app, (blocked.rect.centerx, blocked.rect.top + 10))
    assert snapshot(app) == before
    for pos in ((150, 680), (1000, 40), (600, 10)):
        click(app, pos)
        assert snapshot(app) == before
    assert not game.moves


def test_clicks_that_cannot_play_say_why_and_change_nothing_else(make):
    app = make("?game=pyramid13&deal=1", animations=False)
    table = app.table
    blocked = next(s for s in table.geo.spots if not s.free and s.kind == "card")
    click(app, (blocked.rect.centerx, blocked.rect.top + 10))
    assert table.message == "Not free yet: a card below still overlaps it."
    table.message = ""
    click(app, (600, 10))  # empty felt: no word
    assert table.message == "" and not app.game.moves
    for _ in range(24):
        press(app, pygame.K_d)
    click(app, table.geo.pile.center)
    assert table.message == "One pass per round: the waste is not turned over."
    assert app.game.deal.draw_card(app.game.pos) is None

    app = make("?game=pyramid&deal=2", animations=False)
    for _ in range(3 * 24 + 2):
        press(app, pygame.K_d)
    assert app.game.recycles_left == 0
    click(app, app.table.geo.pile.center)
    assert app.table.message == "No turns left: the waste cannot be turned over again."

    app = make("?game=thirteens&deal=1", animations=False)
    click(app, app.table.geo.pile.center)
    assert app.table.message == "The stock refills the grid by itself."
    # a pair apart: the selection moves to the second card (the click model), with a word
    game = Thirteens.from_text("thirteens 3x2 Ac5c2d/3dKdQc -")
    app.put_on_table(game, deal=False)
    click_card(app, "Ac")
    click_card(app, "Qc")
    assert app.table.selected == parse_card("Qc") and not game.moves
    assert app.table.message == "These make 13 but do not touch: a pair must be neighbours."
    # an empty column, with nothing selected and with a card that is not a top card
    game = Thirteens.from_text("thirteens 2x3 Qc--/5c--/Ac-- -")
    app.put_on_table(game, deal=False)
    empty = next(s for s in app.table.geo.targets() if s.kind == "empty")
    click(app, empty.hit.center)
    assert app.table.message.startswith("To fill an empty column, select")
    click_card(app, "Ac")
    click(app, empty.hit.center)
    assert app.table.message == "Only the top card of a column can move to an empty column."
    assert not game.moves and app.table.selected == parse_card("Ac")


def finger(app, kind: int, pos, finger_id: int = 0) -> None:
    """One SDL finger event at a logical point (SDL gives fractions of the window)."""
    pygame.event.post(
        pygame.event.Event(
            kind,
            x=pos[0] / 1280,
            y=pos[1] / 720,
            dx=0,
            dy=0,
            finger_id=finger_id,
            touch_id=0,
            pressure=1,
        )
    )


def tap(app, pos) -> None:
    finger(app, pygame.FINGERDOWN, pos)
    step(app)
    finger(app, pygame.FINGERUP, pos)
    step(app)


def test_touch_removes_a_king_once(make):
    app = make("?game=thirteens&deal=1")
    king = next(m for m in app.game.legal_moves() if isinstance(m, RemoveKing))
    x, y = card_at(app, king.card)
    finger(app, pygame.FINGERDOWN, (x, y))
    # SDL echoes a touch as a mouse press flagged touch=True: it must be ignored.
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True))
    step(app)
    assert app.game.moves == []  # a tap plays when the finger lifts
    finger(app, pygame.FINGERUP, (x + 3, y - 2))  # a finger wanders a little
    step(app)
    assert app.game.moves == [king]
    # a browser's own mouse press after a tap is an echo too
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
    step(app)
    assert app.game.moves == [king]


def test_taps_play_a_pair(make):
    app = make("?game=thirteens&deal=1")
    tap(app, card_at(app, parse_card("4s")))
    assert app.table.selected == parse_card("4s")
    tap(app, card_at(app, parse_card("9c")))
    assert app.game.moves[-1] == RemovePair(parse_card("4s"), parse_card("9c"))


def test_a_pinch_plays_nothing(make):
    """Found on a phone: each finger of a pinch counted as a click, so two fingers
    on the King and the 9 removed the King and selected the 9."""
    app = make("?game=thirteens&deal=1")
    king, nine = card_at(app, parse_card("Ks")), card_at(app, parse_card("9c"))
    before = snapshot(app)
    finger(app, pygame.FINGERDOWN, king, 0)
    finger(app, pygame.FINGERDOWN, nine, 1)
    step(app)
    finger(app, pygame.FINGERMOTION, (king[0], king[1] - 30), 0)
    finger(app, pygame.FINGERMOTION, (nine[0], nine[1] + 30), 1)
    finger(app, pygame.FINGERUP, (nine[0], nine[1] + 30), 1)
    step(app)
    finger(app, pygame.FINGERUP, (king[0], king[1] - 30), 0)
    step(app)
    assert snapshot(app) == before
    # one finger still on the King while the other spreads away: neither taps
    finger(app, pygame.FINGERDOWN, king, 0)
    finger(app, pygame.FINGERDOWN, nine, 1)
    finger(app, pygame.FINGERMOTION, (nine[0], nine[1] + 60), 1)
    finger(app, pygame.FINGERUP, king, 0)
    finger(app, pygame.FINGERUP, (nine[0], nine[1] + 60), 1)
    step(app)
    assert snapshot(app) == before
    tap(app, king)  # the next touch taps again
    assert [m.text() for m in app.game.moves] == ["Ks"]


def test_thumbs_that_roll_over_and_a_resting_finger_still_tap(make):
    """Two thumbs playing fast put the second down before the first is up, and a hand
    holding a tablet may rest a finger on the screen: neither is a pinch."""
    app = make("?game=thirteens&deal=1")
    four, nine = card_at(app, parse_card("4s")), card_at(app, parse_card("9c"))
    finger(app, pygame.FINGERDOWN, four, 0)
    finger(app, pygame.FINGERDOWN, nine, 1)
    finger(app, pygame.FINGERUP, four, 0)
    step(app)
    assert app.table.selected == parse_card("4s")
    finger(app, pygame.FINGERUP, nine, 1)
    step(app)
    assert [m.text() for m in app.game.moves] == ["4s+9c"]
    finger(app, pygame.FINGERDOWN, (620, 700), 5)  # resting on the felt, still
    step(app, 20)  # the cards above the pair have fallen
    tap(app, card_at(app, parse_card("Ks")))
    assert [m.text() for m in app.game.moves] == ["4s+9c", "Ks"]


def test_a_swipe_from_a_card_plays_nothing(make):
    """Found on a phone: a swipe that started on a card selected it (on a King it
    would have removed it)."""
    app = make("?game=thirteens&deal=1")
    king = card_at(app, parse_card("Ks"))
    before = snapshot(app)
    finger(app, pygame.FINGERDOWN, king)
    finger(app, pygame.FINGERMOTION, (king[0] + 120, king[1]))
    finger(app, pygame.FINGERUP, king)  # back where it started: still a swipe
    step(app)
    assert snapshot(app) == before
    finger(app, pygame.FINGERDOWN, king)
    finger(app, pygame.FINGERUP, (king[0], king[1] + 100))
    step(app)
    assert snapshot(app) == before


def test_a_finger_whose_lift_was_lost_stops_taps_only_a_while(make, monkeypatch):
    from thirteen.ui import touch

    clock = [1000.0]
    monkeypatch.setattr(touch.time, "monotonic", lambda: clock[0])
    app = make("?game=thirteens&deal=1")
    finger(app, pygame.FINGERDOWN, (640, 700), 7)  # its FINGERUP never comes
    step(app)
    clock[0] += 1
    finger(app, pygame.FINGERDOWN, (300, 400), 8)  # a swipe beside it: taken as a pinch
    finger(app, pygame.FINGERMOTION, (300, 200), 8)
    finger(app, pygame.FINGERUP, (300, 200), 8)
    step(app)
    king = card_at(app, parse_card("Ks"))
    tap(app, king)
    assert app.game.moves == []  # the lost finger is still down: the pinch goes on
    clock[0] += touch.STALE_S
    tap(app, king)
    assert [m.text() for m in app.game.moves] == ["Ks"]


def test_undo_by_button_and_keys(make):
    app = make("?game=thirteens&deal=1")
    game = app.game
    start = game.key
    king = next(m for m in game.legal_moves() if isinstance(m, RemoveKing))
    click(app, card_at(app, king.card))
    undo = next(b for b in app.table.buttons if b.name == "undo")
    click(app, undo.rect.center)
    assert game.key == start and not game.moves
    click(app, card_at(app, king.card))
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.key == start
    click(app, card_at(app, king.card))
    press(app, pygame.K_u)
    assert game.key == start


# -- keyboard -----------------------------------------------------------------


def focus_on(app, key: tuple) -> None:
    tab_until(app, lambda: app.table.focus_key == key, key)


def test_keyboard_only_plays_a_whole_thirteens_deal(make):
    app = make("?game=thirteens&deal=1", animations=False)
    game = app.game
    played = 0
    while not game.is_over and played < 80:
        move = game.legal_moves()[0]
        if isinstance(move, RemoveKing):
            focus_on(app, ("card", move.card))
            press(app, pygame.K_SPACE)
        elif isinstance(move, RemovePair):
            focus_on(app, ("card", move.first))
            press(app, pygame.K_RETURN)
            focus_on(app, ("card", move.second))
            press(app, pygame.K_SPACE)
        else:
            focus_on(app, ("card", move.card))
            press(app, pygame.K_SPACE)
            focus_on(app, ("empty", move.column))
            press(app, pygame.K_SPACE)
        played += 1
        assert len(game.moves) == played and game.moves[-1] == move
    assert game.is_over
    step(app, 3)
    assert type(app.scene).__name__ == "EndScene"
    stats = app.profile.stats("thirteens", "3x5")
    assert stats.played == 1


def test_keyboard_focus_stays_on_the_draw_place_as_cards_are_drawn(make):
    """Found by review: Enter twice on the draw card drew it, and the focus ring went
    with it to the waste, so the next Enter took the waste card; a pointer stays where
    it clicked.  Keyboard alone goes through the whole pile and a recycle."""
    app = make("?game=pyramid&deal=2", animations=False)
    game = app.game
    focus_on(app, ("card", game.deal.draw_card(game.pos)))
    while (drawn := game.deal.draw_card(game.pos)) is not None:
        press(app, pygame.K_RETURN)  # select it (a King goes at once)
        if is_king(drawn):
            assert game.moves[-1] == RemoveKing(drawn)
        else:
            press(app, pygame.K_RETURN)  # again: to the waste
            assert game.moves[-1] == Draw() and game.deal.waste_top(game.pos) == drawn
        assert app.table.find(app.table.focus_key) is app.table.draw_place()
    assert app.table.focus_key == ("pile",)
    press(app, pygame.K_SPACE)  # the empty pile: turn the waste over
    assert game.moves[-1] == Recycle()
    assert app.table.focus_key == ("card", game.deal.draw_card(game.pos))
    press(app, pygame.K_u)  # undo keeps it there too
    assert app.table.focus_key == ("pile",)


def test_arrow_keys_move_focus_and_escape_backs_out(make):
    app = make("?game=thirteens&deal=1")
    press(app, pygame.K_RIGHT)
    first = app.table.focus_key
    assert first is not None
    press(app, pygame.K_RIGHT)
    assert app.table.focus_key != first
    press(app, pygame.K_DOWN)
    press(app, pygame.K_SPACE)
    assert app.table.selected is not None or app.game.moves
    press(app, pygame.K_ESCAPE)
    assert app.table.selected is None
    press(app, pygame.K_ESCAPE)
    assert app.game is None and type(app.scene).__name__ == "StartScene"


def test_empty_draw_pile_click_and_d_key_recycle(make):
    app = make("?game=pyramid&deal=2", animations=False)
    game = app.game
    for _ in range(24):
        press(app, pygame.K_d)
    assert game.deal.draw_card(game.pos) is None
    click(app, app.table.geo.pile.center)
    assert game.recycles_left == 1
    for _ in range(24):
        press(app, pygame.K_d)
    press(app, pygame.K_d)
    assert game.recycles_left == 0


def test_the_focus_ring_goes_to_the_nearest_card_when_its_card_leaves(make):
    app = make("?game=pyramid&deal=1", animations=False)
    table, game = app.table, app.game
    pair = next(
        m
        for m in game.legal_moves()
        if isinstance(m, RemovePair) and all(game.deal.where[c][0] == "p" for c in m.cards)
    )
    first, second = pair.cards
    focus_on(app, ("card", first))
    press(app, pygame.K_SPACE)
    focus_on(app, ("card", second))
    old = table.find(table.focus_key).rect.center
    press(app, pygame.K_SPACE)
    assert game.moves == [pair]
    spot = table.find(table.focus_key)
    assert spot is not None and spot.free  # still shown, on a card still there
    nearest = min(
        (s.rect.centerx - old[0]) ** 2 + (s.rect.centery - old[1]) ** 2 for s in table.geo.targets()
    )
    assert (spot.rect.centerx - old[0]) ** 2 + (spot.rect.centery - old[1]) ** 2 == nearest
    x = spot.rect.centerx
    press(app, pygame.K_RIGHT)
    assert table.find(table.focus_key).rect.centerx > x  # on from there, not from the start


# -- presses at awkward moments (found by a timing review) -------------------------


def test_a_double_click_on_new_does_not_answer_its_own_warning(make):
    app = make("?game=thirteens&deal=9", animations=False)
    app.table.play(app.game.legal_moves()[0])
    new = next(b for b in app.table.buttons if b.name == "new")
    double_click(app, new.rect.center)
    assert app.game.setup.deal == 9 and app.table.message.startswith("Give up this game?")
    assert app.profile.stats("thirteens").played == 0
    wait(app)
    click(app, new.rect.center)  # seen, and pressed again
    assert app.game.setup.deal != 9 and app.profile.stats("thirteens").played == 1


def test_a_falling_card_is_clicked_where_it_is_drawn_not_where_it_lands(make):
    app = make("?game=thirteens&deal=1")  # animations on
    table, queen = app.table, parse_card("Qh")
    click_card(app, "9c")
    click_card(app, "4s")  # Ks, Jc and Qh fall two rows
    sprite = next(s for s in table.anim.sprites if s.card == queen)
    landing = table.geo.spot_for_card(queen).rect.center
    if sprite.rect().collidepoint(landing):  # (not yet there: the click means nothing)
        pytest.fail("the queen should still be above her landing place")
    click(app, landing)
    assert table.selected is None
    step(app)
    drawn = sprite.rect().center
    click(app, drawn)  # where the queen is drawn now
    assert table.selected == queen
    step(app, 20)
    assert not table.anim.active


def test_presses_wait_while_a_new_round_is_dealt(make):
    from thirteen.advice.solving import solve
    from thirteen.ui.scene import ARRIVE_MS

    app = make("?game=pyramid13&deal=1")  # animations on
    line = solve(app.game).moves
    for move in line[:-1]:
        app.table.play(move)
    step(app, 30)
    app.table.play(line[-1])  # clears the pyramid: it stays, with its score, until...
    assert app.table.summary is not None and not table_input.just_dealt(app.table)
    wait(app, ARRIVE_MS)
    press(app, pygame.K_RETURN)  # ...the player goes on: round 2 flies out
    assert app.game.deal_index == 1 and table_input.just_dealt(app.table)
    app.table.message_left = 10_000  # (the round's message stays for this test)
    message = app.table.message
    click(app, app.table.geo.pile.center)  # the second click of a double click
    press(app, pygame.K_d)  # and a key that would play
    assert len(app.game.moves) == len(line)
    blocked = next(s for s in app.table.geo.spots if s.kind == "card" and not s.free)
    click(app, blocked.rect.center)
    assert app.table.selected is None and app.table.message == message
    step(app, 30)
    assert not table_input.just_dealt(app.table)
    click(app, blocked.rect.center)  # a stray click's word does not wipe the round's score
    assert app.table.message == message
    click(app, app.table.geo.pile.center)
    assert app.table.selected == app.game.deal.draw_card(app.game.pos)


def test_space_after_a_click_shows_the_focus_before_acting(make):
    app = make("?game=thirteens&deal=1", animations=False)
    card = next(c for c in app.game.cols[0] if not is_king(c))
    click(app, card_at(app, card))
    assert app.table.selected == card and not app.table.show_focus
    press(app, pygame.K_SPACE)  # shows where the focus is: on the card just clicked
    assert app.table.show_focus and app.table.selected == card
    press(app, pygame.K_SPACE)
    assert app.table.selected is None


# -- at a fast player's tempo (found by a real-tempo review) -------------------------


def test_a_refilled_card_flying_over_a_staying_one_is_the_one_clicked(make):
    """A card refilled from the stock flies along the top row over cards that stay;
    clicked where it is drawn, on top, the click took the card under it."""
    app = make("?game=thirteens&deal=4")  # animations on
    table = app.table
    click_card(app, "As")
    click_card(app, "Qc")
    for _ in range(30):
        step(app)
        over = [
            (s, table.geo.hit_test(s.rect().center))
            for s in table.anim.sprites
            if s.card is not None and not s.fade and s.start != s.end and s.elapsed >= s.delay
        ]
        over = [(s, under) for s, under in over if under is not None and under.card != s.card]
        staying = {x.card for x in table.anim.sprites}
        over = [(s, under) for s, under in over if under.card not in staying]
        if over:
            break
    else:
        pytest.fail("no card flew over a staying one on this deal")
    sprite, under = over[0]
    click(app, sprite.rect().center)
    assert table.selected == sprite.card != under.card


def test_cards_that_have_landed_take_clicks_while_the_deal_ends(make):
    from thirteen.ui.scene import DEAL_GRACE_MS

    app = make("?game=thirteens&deal=1")  # animations on
    # a new deal, as N deals one, but a fixed number: a random one (17 of deals 1-3000)
    # may have no pair or King at all and be over before the click
    app.new_game(GameSetup("thirteens", deal=2))
    table = app.table
    assert not app.game.is_over
    assert table_input.just_dealt(table)
    first = next(s for s in table.geo.spots if s.kind == "card" and not is_king(s.card))
    click(app, first.rect.center)  # the rest of the click that dealt: dropped
    assert table.selected is None
    wait(app, DEAL_GRACE_MS)
    assert table.anim.active  # still dealing the last cards
    done = {x.card for x in table.anim.sprites if x.done}
    landed = next(
        s for s in table.geo.spots if s.kind == "card" and not is_king(s.card) and s.card in done
    )
    click(app, landed.rect.center)
    assert table.selected == landed.card


def test_a_card_uncovered_in_the_waste_does_not_fly_out_of_the_draw_pile(make):
    app = make("?game=pyramid&deal=1")  # animations on
    game, table = app.game, app.table
    for _ in range(24):
        under = game.deal.waste_top(game.pos)
        pair = next(
            (
                m
                for m in game.legal_moves()
                if isinstance(m, RemovePair) and under is not None and under in m.cards
            ),
            None,
        )
        if pair is not None and len(game.deal.waste(game.pos)) > 1:
            break
        table.play(Draw())
        step(app, 20)
    else:
        pytest.fail("no pair with a waste top over another waste card")
    revealed = game.deal.waste(game.pos)[-2]
    table.play(pair)
    assert game.deal.waste_top(game.pos) == revealed
    assert not any(s.card == revealed for s in table.anim.sprites)  # it lay there
