"""Thirteens (docs/rules.md): falls, refills, the empty-column move, the end."""

from __future__ import annotations

import pytest

from golden import regen
from thirteen.core.cards import (
    FULL_DECK,
    NotationError,
    card_text,
    deck_text,
    parse_card,
    parse_cards,
)
from thirteen.core.game import IllegalMoveError, Outcome
from thirteen.core.moves import Draw, MoveToEmpty, Recycle, RemoveKing, RemovePair, parse_move
from thirteen.core.options import Layout
from thirteen.games import GameSetup, new_game, position_from_text
from thirteen.games.thirteens.rules import Thirteens


def deck_from(rows: list[str], stock: str = "") -> str:
    """A full deck: the given tableau rows (top row first), stock cards, then the rest."""
    given = parse_cards(" ".join(rows) + " " + stock)
    return deck_text(given + [c for c in FULL_DECK if c not in given])


def grid_text(game: Thirteens) -> list[str]:
    return [" ".join(card_text(c) if c is not None else ".." for c in row) for row in game.grid()]


def moves_text(game) -> list[str]:
    return [m.text() for m in game.legal_moves()]


def test_deal_is_row_by_row_from_the_top_left():
    deck = deck_from(["Ac 2c 3c", "4c 5c 6c", "7c 8c 9c", "Tc Jc Qc", "Kc Ad 2d"], "3d 4d")
    g = new_game("thirteens", deck=deck)
    assert grid_text(g) == ["Ac 2c 3c", "4c 5c 6c", "7c 8c 9c", "Tc Jc Qc", "Kc Ad 2d"]
    assert g.stock_left == 37
    assert g.cards_in_play()["stock"][:2] == parse_cards("3d 4d")
    assert g.cell(0, 0) == parse_card("Ac") and g.cell(4, 2) == parse_card("2d")
    assert g.position_of(parse_card("Qc")) == (3, 2)
    assert g.position_of(parse_card("3d")) is None


def test_rules_md_example_cell_by_cell():
    """King on the top row removed, then an Ace and a Queen in neighbouring columns."""
    rows = ["5c Kh 2d", "4c Qs 3h", "Ad 8s 9s", "9d 7s 4h", "Jd 6d 3c"]
    g = new_game("thirteens", deck=deck_from(rows, "8h 7c 6s"))
    assert grid_text(g) == rows
    assert "Kh" in moves_text(g) and "Ad+Qs" in moves_text(g)
    assert "4c+9d" not in moves_text(g)  # not neighbours yet

    g.play("Kh")
    # The cards below the King do not move; the top stock card takes its cell.
    assert grid_text(g) == ["5c 8h 2d", "4c Qs 3h", "Ad 8s 9s", "9d 7s 4h", "Jd 6d 3c"]
    assert g.stock_left == 36 and g.score == 1

    g.play("Ad+Qs")
    assert grid_text(g) == [
        "7c 6s 2d",  # the two holes at the top, filled left to right from the stock
        "5c 8h 3h",  # 5c fell one cell; 8h (the King's replacement) fell into Qs's cell
        "4c 8s 9s",  # 4c fell one cell into the Ace's cell; 8s did not move
        "9d 7s 4h",
        "Jd 6d 3c",
    ]
    assert g.stock_left == 34 and g.score == 3 and g.removed_cards == 3
    # A new pair formed by the fall: 4c now sits on 9d.
    assert "4c+9d" in moves_text(g)
    assert g.text() == f"thirteens 3x5 7c6s2d/5c8h3h/4c8s9s/9d7s4h/Jd6d3c {g.text().split()[-1]}"


def test_falls_split_pairs_and_form_new_ones():
    rows = ["6c 7c 2d", "Ac 2h 3h", "Qc 4h 5h", "9s 7d Ts", "Jh 8h Th"]
    g = new_game("thirteens", deck=deck_from(rows, "3d 2s"))
    assert {"6c+7c", "Ac+Qc"} <= set(moves_text(g))
    assert "6c+7d" not in moves_text(g)
    g.play("Ac+Qc")
    # 6c fell two cells; the two holes above it were filled lowest first (3d, then 2s).
    assert grid_text(g) == ["2s 7c 2d", "3d 2h 3h", "6c 4h 5h", "9s 7d Ts", "Jh 8h Th"]
    assert "6c+7c" not in moves_text(g)  # split by the fall
    assert "6c+7d" in moves_text(g)  # formed by the fall


def test_refill_fills_lowest_cell_first_and_columns_left_to_right():
    # 3x2: removing a vertical pair empties a whole column.
    deck = deck_from(["Ac 5d 6d", "Qc 9h 9s"], "2c 3c 4c")
    g = new_game("thirteens", deck=deck, layout="3x2")
    g.play("Ac+Qc")
    assert grid_text(g) == ["3c 5d 6d", "2c 9h 9s"]
    assert not any(isinstance(m, MoveToEmpty) for m in g.legal_moves())


def test_refill_when_the_stock_runs_out_mid_way():
    # One stock card left, two holes: the left column gets it, the right hole stays.
    g = position_from_text("thirteens 3x2 Ac5d6d/2c8h9s 4c")
    g.play("5d+8h")
    assert grid_text(g) == ["Ac .. 6d", "2c 4c 9s"]
    assert g.stock_left == 0


def test_empty_column_move():
    # Stock empty, column 2 empty: 8c and 5d are not neighbours until one moves.
    g = position_from_text("thirteens 3x2 ------/8c--5d -")
    assert g.outcome is Outcome.IN_PROGRESS
    assert moves_text(g) == ["8c>2", "5d>2"]
    g.play("8c>2")
    assert grid_text(g) == [".. .. ..", ".. 8c 5d"]
    assert moves_text(g) == ["5d+8c", "8c>1", "5d>1"]
    g.play("5d+8c")
    assert g.outcome is Outcome.WON and g.score == 52 and g.legal_moves() == []


def test_empty_column_move_takes_the_top_card_even_a_lone_one():
    g = position_from_text("thirteens 3x5 ------/------/------/4c----/2c--9h -")
    # Top cards: 4c of column 1, 9h of column 3 (a lone card): both may move to column 2.
    assert set(moves_text(g)) == {"4c>2", "9h>2"}
    g.play("9h>2")
    assert grid_text(g)[-1] == "2c 9h .."
    assert "4c+9h" in moves_text(g)
    assert "9h>3" in moves_text(g)  # the lone card can go back: shuttling is allowed
    g.undo()
    for bad, why in [
        ("2c>2", "not the top card"),
        ("4c>1", "not empty"),
        ("4c>4", "no column 4"),
        ("5c>2", "not on the grid"),
    ]:
        with pytest.raises(IllegalMoveError, match=why):
            g.play(bad)


def test_column_emptied_while_others_are_not():
    g = position_from_text("thirteens 3x5 ------/------/------/--3c--/Kc2cJd -")
    g.play("Kc")
    assert grid_text(g)[-2:] == [".. 3c ..", ".. 2c Jd"]
    assert moves_text(g) == ["2c+Jd", "3c>1", "Jd>1"]


def test_no_empty_column_move_while_the_stock_lasts():
    g = new_game("thirteens", deal=1)
    while not g.is_over:
        for m in g.legal_moves():
            if isinstance(m, MoveToEmpty):
                assert g.stock_left == 0
        g.play(g.legal_moves()[0])
    # A position text with a hole while stock remains is not a Thirteens position.
    with pytest.raises(NotationError, match="stock"):
        position_from_text("thirteens 3x2 Ac--6d/2c8h9s 4c")


def test_won_game_deal_1():
    moves = regen.TRANSCRIPTS["thirteens_3x5"][4].split()
    g = new_game("thirteens", deal=1)
    g.play_all(moves[:-1])
    assert g.outcome is Outcome.IN_PROGRESS and g.score == 50
    g.play(moves[-1])
    assert g.outcome is Outcome.WON and g.score == 52 and g.removed_cards == 52
    assert g.legal_moves() == [] and g.cards_in_play() == {"grid": [], "stock": []}
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("D")
    assert "won" in g.render()


def has_removal(game: Thirteens) -> bool:
    """Independent scan of the grid for a King or a neighbouring pair."""
    grid = game.grid()
    cells = [(r, c, card) for r, row in enumerate(grid) for c, card in enumerate(row) if card]
    for r, c, card in cells:
        if card_text(card)[0] == "K":
            return True
        for r2, c2, other in cells:
            if max(abs(r - r2), abs(c - c2)) == 1 and (card >> 2) + (other >> 2) == 11:
                return True
    return False


def test_lost_game_when_no_move_remains():
    for number in range(1, 50):
        g = new_game("thirteens", deal=number)
        while not g.is_over:
            g.play(g.legal_moves()[0])
        if g.outcome is Outcome.LOST and g.stock_left:
            break
    else:  # pragma: no cover
        pytest.fail("no lost deal found")
    assert not has_removal(g)
    assert g.legal_moves() == []
    assert 0 < g.score < 52
    assert "lost" in g.render() and "Legal moves: none" in g.render()
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play(g.moves[0])


def test_lost_when_only_shuttles_remain():
    # Column moves exist, but no two remaining cards make 13 and there is no King.
    g = position_from_text("thirteens 3x5 ------/------/------/5c----/2c3d-- -")
    assert g.outcome is Outcome.LOST and g.legal_moves() == []


def test_in_progress_while_a_shuttle_can_lead_to_a_removal():
    g = position_from_text("thirteens 2x3 ----/Ac--/5c-- -")
    # The Ace can never reach a Queen: there is none.  Not so below.
    assert g.outcome is Outcome.LOST
    g = position_from_text("thirteens 4x2 --------/Qc----Ac -")
    assert g.outcome is Outcome.IN_PROGRESS
    assert "Ac+Qc" not in moves_text(g)
    g.play("Ac>3")
    assert "Ac+Qc" not in moves_text(g)
    g.play("Ac>2")
    assert moves_text(g)[0] == "Ac+Qc"


def test_kings_anywhere_and_pairs_only_between_neighbours():
    rows = ["Kc 2d 3d", "4d Kd 5d", "6d 7d Ks", "8d 9d Td", "Jd Qd Kh"]
    g = new_game("thirteens", deck=deck_from(rows))
    assert [m for m in moves_text(g) if "+" not in m] == ["Kc", "Kd", "Kh", "Ks"]
    assert "6d+7d" in moves_text(g)
    for bad, why in [
        ("2d+Jd", "not neighbours"),  # rows 0 and 4
        ("Ac+Qd", "Ac is not on the grid"),  # Ac is in the stock
        ("D", "no move like"),
        ("R", "no move like"),
    ]:
        with pytest.raises(IllegalMoveError, match=why):
            g.play(bad)
    assert g.moves == []


def test_illegal_move_leaves_the_position_unchanged():
    g = new_game("thirteens", deal=1)
    before = g.text()
    for bad in ("Kh", "Ac+Qd", "Ks>2", Draw(), Recycle()):
        with pytest.raises(IllegalMoveError):
            g.play(bad)
    assert g.text() == before and g.moves == []


def test_undo_restores_exactly():
    g = new_game("thirteens", deal=1)
    texts = [g.text()]
    for move in regen.TRANSCRIPTS["thirteens_3x5"][4].split():
        g.play(move)
        texts.append(g.text())
    while g.can_undo:
        texts.pop()
        g.undo()
        assert g.text() == texts[-1]
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()


@pytest.mark.parametrize("text", ["3x5", "4x4", "5x3", "2x2", "2x15", "15x2", "5x6", "6X5"])
def test_layouts_allowed(text):
    layout = Layout.parse(text)
    g = new_game("thirteens", deal=3, layout=text)
    assert len(g.grid()) == layout.rows and len(g.grid()[0]) == layout.columns
    assert g.stock_left == 52 - layout.cells
    assert position_from_text(g.text()).text() == g.text()


@pytest.mark.parametrize("text", ["1x5", "5x1", "6x6", "31x1", "3x11", "3by5", "3x", "x5", "3x5x1"])
def test_layouts_rejected(text):
    with pytest.raises(ValueError, match="layout"):
        Layout.parse(text)
    with pytest.raises(ValueError, match="layout"):
        GameSetup("thirteens", deal=1, layout=text)


def test_default_layout_is_3x5():
    assert str(new_game("thirteens", deal=1).layout) == "3x5"
    assert GameSetup("thirteens", deal=1).layout == "3x5"


@pytest.mark.parametrize(
    "text, named",
    [
        ("thirteens 3x5", "thirteens CxR ROWS STOCK"),
        ("pyramid 3x5 a b", "thirteens CxR ROWS STOCK"),
        ("thirteens 3y5 ------/------ -", "layout"),
        ("thirteens 3x2 ------ -", "needs 2 rows"),
        ("thirteens 3x2 ------/---- -", "row 2 has 2 cells"),
        ("thirteens 3x2 Ac----/------ -", "gap"),
        ("thirteens 3x2 ------/AcAc-- -", "duplicate card Ac"),
        ("thirteens 3x2 ------/Ac---- Ac", "duplicate card Ac"),
        ("thirteens 3x2 ------/Ac---- Kc--", "empty cells"),
        ("thirteens 3x2 ------/Ax---- -", "'Ax'"),
        ("thirteens 3x2 AcAdAh/AsKcKd 2c--", "stock cannot hold empty cells"),
    ],
)
def test_position_text_errors(text, named):
    with pytest.raises(NotationError) as err:
        Thirteens.from_text(text)
    assert named in str(err.value)


def test_position_text_round_trip_of_a_fresh_deal():
    g = new_game("thirteens", deal=1000000, layout="4x4")
    again = position_from_text(g.text())
    assert again.text() == g.text()
    assert again.key == g.key
    assert again.legal_moves() == g.legal_moves()
    assert isinstance(parse_move("Ks"), RemoveKing) and isinstance(parse_move("Ac+Qd"), RemovePair)
