"""The click model driven with plain calls: a game, the spots of its geometry, and a view
that only writes down what it is told; nothing is drawn and no event is read."""

from __future__ import annotations

from thirteen.core.cards import card_text, parse_card
from thirteen.core.moves import Draw, RemoveKing, RemovePair, parse_move
from thirteen.games import new_game
from thirteen.ui.layout import Spot, geometry
from thirteen.ui.spots import SpotKind, Zone
from thirteen.ui.table.controller import AUTO_DRAW_MS, TableController


class Notes:
    """A :class:`~thirteen.ui.table.controller.TableView` that keeps what it is told."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.explained: list[tuple[str, Spot | None]] = []
        self.sounds: list[str] = []
        self.reselections = 0
        self.place: Spot | None = None
        self.takes_back = True

    def say(self, message: str, ms: float = 0, major: bool = False) -> None:
        self.said.append(message)

    def explain(self, message: str, spot: Spot | None = None) -> None:
        self.explained.append((message, spot))

    def sound(self, name: str) -> None:
        self.sounds.append(name)

    def reselected(self) -> None:
        self.reselections += 1

    def draw_place(self) -> Spot | None:
        return self.place

    def may_take_back(self) -> bool:
        return self.takes_back


def spot(game, text: str) -> Spot:
    found = geometry(game).spot_for_card(parse_card(text))
    assert found is not None, f"{text} is not on the table"
    return found


def click(control: TableController, text: str):
    """A click on the card ``text``; the move it plays is played, as the table does."""
    move = control.activate(spot(control.game, text))
    if move is not None:
        control.play(move)
    return move


def test_a_grid_game_pairs_two_clicks_and_takes_a_king_at_once():
    game = new_game("thirteens", deal=5)  # 9d Js 4h / 3c 9h 3s / 6c 5h 8c / 4d Kd 2s / ...
    notes = Notes()
    control = TableController(game, notes)
    assert click(control, "5h") is None
    assert control.selected == parse_card("5h") and control.selection() == [parse_card("5h")]
    assert notes.sounds == ["select"] and notes.reselections == 1
    assert control.click_plays(spot(game, "8c"))  # the partner would play
    assert not control.click_plays(spot(game, "9d"))
    move = click(control, "8c")
    assert move == parse_move("5h+8c") and isinstance(move, RemovePair)
    assert game.moves == [move] and control.selected is None
    assert isinstance(click(control, "Kd"), RemoveKing)  # a King goes on one click
    assert len(game.moves) == 2 and not notes.explained


def test_a_second_click_on_the_selected_card_lets_it_go():
    game = new_game("thirteens", deal=5)
    control = TableController(game, Notes())
    click(control, "9d")
    assert control.selected == parse_card("9d")
    click(control, "9d")
    assert control.selected is None and not game.moves
    click(control, "9d")
    click(control, "Js")  # no pair: the selection moves to the card clicked
    assert control.selected == parse_card("Js") and not game.moves


def test_undo_and_redo_in_a_grid_game():
    game = new_game("thirteens", deal=5)
    control = TableController(game, Notes())
    assert not control.can_undo() and control.redo_move() is None
    pair = click(control, "4h")
    assert pair is None
    pair = click(control, "9h")
    assert pair is not None and control.can_undo()
    control.undo()
    assert not game.moves and control.selected is None
    assert control.can_redo() and control.redo_move() == pair
    control.play(pair)
    assert game.moves == [pair] and control.redo_move() is None


def test_a_pyramid_game_clicked_through_kings_draws_and_a_covered_card():
    game = new_game("pyramid", deal=7)  # the bottom row Kh Ks 7d 5d 2s Qd Td, Kc to draw
    notes = Notes()
    control = TableController(game, notes)
    assert isinstance(click(control, "Kh"), RemoveKing)
    covered = spot(game, "Ah")  # the pyramid's top, under every other row
    assert not covered.free
    assert control.activate(covered) is None
    assert [(bool(words), at) for words, at in notes.explained] == [(True, covered)]  # why
    assert control.draw_or_recycle() == Draw()
    assert control.activate(spot(game, "Kc")) == RemoveKing(parse_card("Kc"))
    while not any(isinstance(m, RemovePair) for m in game.legal_moves()):
        control.play(Draw())
    pair = next(m for m in game.legal_moves() if isinstance(m, RemovePair))
    first, second = pair.cards
    assert control.activate(spot(game, card_text(first))) is None
    assert control.selected == first
    assert control.activate(spot(game, card_text(second))) == pair
    control.play(pair)
    assert game.moves[-1] == pair and control.selection() == []
    control.undo()
    assert game.moves[-1] != pair and control.redo_move() == pair


def test_the_selected_draw_card_clicked_again_draws():
    game = new_game("pyramid", deal=7)
    control = TableController(game, Notes())
    control.play(Draw())  # Kc to the waste: the next draw card is not a King
    draw = next(s for s in geometry(game).spots if s.zone is Zone.DRAW)
    assert draw.card is not None and game.removal((draw.card,)) is None
    assert control.activate(draw) is None and control.selected == draw.card
    assert control.click_plays(draw) == game.is_legal(Draw())
    assert control.activate(draw) == Draw()


def test_nothing_to_draw_is_told_at_the_draw_place():
    game = new_game("thirteens", deal=5)
    notes = Notes()
    notes.place = next(s for s in geometry(game).spots if s.kind is SpotKind.STOCK)
    control = TableController(game, notes)
    assert control.draw_or_recycle() is None
    assert notes.sounds == ["nomove"] and notes.said


def test_auto_draw_waits_for_the_cards_to_land():
    game = new_game("pyramid", deal=7)
    control = TableController(game, Notes())
    for move in [m for m in game.legal_moves() if isinstance(m, RemoveKing)]:
        control.play(move)
    while game.legal_moves() != [Draw()]:
        assert not game.is_over
        control.play(game.legal_moves()[0])
    control.plan_auto_draw(on=False)
    assert control.auto_left == 0
    control.plan_auto_draw(on=True)
    assert control.auto_left == AUTO_DRAW_MS
    assert not control.auto_draw_due(AUTO_DRAW_MS, landing=True)  # the last move lands first
    assert control.auto_draw_due(16, landing=False)
