"""The engine against a second, plain model of docs/rules.md.

The models below are written straight from the text of docs/rules.md, with none of
the engine's representation (lists of cards and dicts of cells, no bit masks,
no cached tables), so that a rule the engine gets wrong is unlikely to be got
wrong the same way here.  Seeded games are played move by move in both, with
random moves and, in some games, the solver's winning lines (random play almost
never wins, and wins, recycles and bonuses must be reached too); after every
move the legal moves, the cards on the table, the piles, the score and the
outcome must agree.  The solver is bounded by positions, not time, so the games played
are the same however loaded the machine.
"""

from __future__ import annotations

import itertools
import random

import pytest

from thirteen.advice.solving import solve
from thirteen.core.cards import card_text, rank
from thirteen.core.game import Outcome
from thirteen.core.moves import Draw, MoveToEmpty, Recycle, RemoveKing, RemovePair, parse_move
from thirteen.core.options import Layout
from thirteen.games.baroness.rules import Baroness
from thirteen.games.neighbour.rules import Neighbour
from thirteen.games.pyramids.giza import Giza
from thirteen.games.pyramids.rules import Pyramid, Pyramid13
from thirteen.games.thirteens.rules import Thirteens


def makes_13(a: int, b: int) -> bool:
    return rank(a) + rank(b) == 13


def king(card: int) -> bool:
    return rank(card) == 13


AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
"""The eight cells touching a cell, row and column steps: across, up and down, and on
the diagonals."""


class ThirteensModel:
    """docs/rules.md's Thirteens: a C x R grid, pairs that touch, falls and refills."""

    def __init__(self, deck: list[int], columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.grid: list[list[int | None]] = [
            [deck[r * columns + c] for c in range(columns)] for r in range(rows)
        ]
        self.stock = list(deck[columns * rows :])
        self.removed = 0

    def cells(self) -> list[tuple[int, int]]:
        return [
            (r, c)
            for r in range(self.rows)
            for c in range(self.columns)
            if self.grid[r][c] is not None
        ]

    def card(self, cell: tuple[int, int]) -> int:
        found = self.grid[cell[0]][cell[1]]
        assert found is not None
        return found

    def removals(self) -> set[str]:
        cells = self.cells()  # (once, not again for each cell)
        out = {card_text(self.card(x)) for x in cells if king(self.card(x))}
        for r, c in cells:  # each card with the cards touching it
            a = self.card((r, c))
            for dr, dc in AROUND:
                if 0 <= r + dr < self.rows and 0 <= c + dc < self.columns:
                    b = self.grid[r + dr][c + dc]
                    if b is not None and makes_13(a, b):
                        out.add(RemovePair(a, b).text())
        return out

    def column_moves(self) -> set[str]:
        """An empty column takes the top card of another column (to its bottom)."""
        out = set()
        empty = [c for c in range(self.columns) if all(row[c] is None for row in self.grid)]
        for e in empty:
            for c in range(self.columns):
                filled = [r for r in range(self.rows) if self.grid[r][c] is not None]
                if c != e and filled:
                    out.add(f"{card_text(self.card((filled[0], c)))}>{e + 1}")
        return out

    def play(self, text: str) -> None:
        move = parse_move(text)
        if isinstance(move, MoveToEmpty):
            cell = next(x for x in self.cells() if self.card(x) == move.card)
            self.grid[cell[0]][cell[1]] = None
            self.grid[self.rows - 1][move.column] = move.card
            return
        gone = {move.card} if isinstance(move, RemoveKing) else set(move.cards)
        for r, c in self.cells():
            if self.grid[r][c] in gone:
                self.grid[r][c] = None
                self.removed += 1
        for c in range(self.columns):  # the cards above a gap fall down their column
            left = [row[c] for row in self.grid if row[c] is not None]
            for r, card in enumerate([None] * (self.rows - len(left)) + left):
                self.grid[r][c] = card
        for c in range(self.columns):  # columns left to right, each from its lowest gap up
            for r in range(self.rows - 1, -1, -1):
                if self.grid[r][c] is None and self.stock:
                    self.grid[r][c] = self.stock.pop(0)

    def rows_text(self) -> str:
        return "/".join(
            "".join("--" if x is None else card_text(x) for x in row) for row in self.grid
        )


class PyramidModel:
    """docs/rules.md's pyramid deal: 28 cards in 7 rows, a draw pile, a waste pile."""

    def __init__(self, deck: list[int], recycles: int) -> None:
        cells = [(r, c) for r in range(7) for c in range(r + 1)]
        self.pyramid = dict(zip(cells, deck, strict=False))
        self.draw = list(deck[28:])
        self.waste: list[int] = []
        self.recycles = recycles
        self.removed = 0  # every card removed, pyramid or pile (Pyramid 13's points)

    def free(self, cell: tuple[int, int]) -> bool:
        r, c = cell
        return r == 6 or ((r + 1, c) not in self.pyramid and (r + 1, c + 1) not in self.pyramid)

    def available(self) -> list[int]:
        out = [card for cell, card in self.pyramid.items() if self.free(cell)]
        if self.draw:
            out.append(self.draw[0])
        if self.waste:
            out.append(self.waste[-1])
        return out

    def removals(self) -> set[str]:
        cards = self.available()
        out = {card_text(x) for x in cards if king(x)}
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                if makes_13(a, b):
                    out.add(RemovePair(a, b).text())
        return out

    def moves(self) -> set[str]:
        out = self.removals()
        if self.draw:
            out.add(Draw().text())
        elif self.waste and self.recycles:
            out.add(Recycle().text())
        return out

    def play(self, text: str) -> None:
        move = parse_move(text)
        if isinstance(move, Draw):
            self.waste.append(self.draw.pop(0))
            return
        if isinstance(move, Recycle):  # the same order as before
            self.draw, self.waste = self.waste, []
            self.recycles -= 1
            return
        gone = {move.card} if isinstance(move, RemoveKing) else set(move.cards)
        for cell in [x for x, card in self.pyramid.items() if card in gone]:
            del self.pyramid[cell]
            self.removed += 1
        if self.draw and self.draw[0] in gone:
            self.draw.pop(0)
            self.removed += 1
        if self.waste and self.waste[-1] in gone:
            self.waste.pop()
            self.removed += 1

    @property
    def cleared(self) -> bool:
        return not self.pyramid


def shuffled(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return deck


def pick(rng: random.Random, moves: set[str], draw_words: set[str]) -> str:
    """Mostly removals, so that games reach their ends and their piles run out."""
    removals = sorted(moves - draw_words)
    if removals and rng.random() < 0.8:
        return rng.choice(removals)
    return rng.choice(sorted(moves))


@pytest.mark.parametrize("layout", [(3, 5), (4, 4), (5, 3), (2, 2), (3, 3), (6, 5), (10, 3)])
def test_thirteens_agrees_with_the_rules_model(layout: tuple[int, int]) -> None:
    rng = random.Random(f"thirteens {layout}")
    columns, rows = layout
    outcomes = set()
    for _ in range(40):
        deck = shuffled(rng)
        game, model = Thirteens(deck, Layout(columns, rows)), ThirteensModel(deck, columns, rows)
        # every other game follows a winning line when the solver finds one in time
        found = solve(game, max_nodes=4_000) if rng.random() < 0.5 else None
        line = [m.text() for m in found.moves] if found and found.verdict == "winnable" else []
        for _ in range(300):
            assert game.text().split()[2] == model.rows_text()
            assert game.score == model.removed
            removals = model.removals()
            legal = {m.text() for m in game.legal_moves()}
            if model.removed == 52:
                assert game.outcome is Outcome.WON
                outcomes.add(Outcome.WON)
                break
            if game.outcome is Outcome.LOST:
                # README's decision: lost once no removal can ever be made again (only
                # column moves left, which the model checks one level deep here)
                assert not removals and legal == set()
                outcomes.add(Outcome.LOST)
                break
            column_moves = model.column_moves()
            assert legal == removals | column_moves
            move = line.pop(0) if line else pick(rng, legal, column_moves)
            game.play(parse_move(move))
            model.play(move)
    # both ends were reached (2x2 games are seldom won; none of these 40 is)
    assert outcomes == ({Outcome.WON, Outcome.LOST} if columns * rows > 4 else {Outcome.LOST})


def test_pyramid_agrees_with_the_rules_model() -> None:
    rng = random.Random("pyramid")
    outcomes, turned = set(), 0
    for _ in range(150):
        deck = shuffled(rng)
        game, model = Pyramid(deck), PyramidModel(deck, recycles=2)
        # every other game follows a winning line when there is one, so that wins and
        # the recycles they use are reached too
        found = solve(game, max_nodes=8_000) if rng.random() < 0.5 else None
        line = [m.text() for m in found.moves] if found and found.verdict == "winnable" else []
        while True:
            moves = set() if model.cleared else model.moves()
            assert {m.text() for m in game.legal_moves()} == moves
            assert game.deal.draw_pile(game.pos) == model.draw
            assert game.deal.waste(game.pos) == model.waste
            assert game.score == 28 - len(model.pyramid)
            if model.cleared:
                assert game.outcome is Outcome.WON
                break
            if not moves:
                assert game.outcome is Outcome.LOST
                break
            assert game.outcome is Outcome.IN_PROGRESS
            move = line.pop(0) if line else pick(rng, moves, {"D", "R"})
            turned += move == "R"
            game.play(parse_move(move))
            model.play(move)
        outcomes.add(game.outcome)
    assert outcomes == {Outcome.WON, Outcome.LOST} and turned


def test_pyramid13_agrees_with_the_rules_model() -> None:
    rng = random.Random("pyramid13")
    cleared: set[int] = set()
    for _ in range(150):
        decks = [shuffled(rng) for _ in range(3)]
        game = Pyramid13(decks)
        scores: list[int] = []
        for index, deck in enumerate(decks):
            model = PyramidModel(deck, recycles=0)  # one pass, no turning over
            # a clearing line when the solver finds one (else random moves), so that the
            # bonuses are reached: random play almost never clears a pyramid
            found = solve(game, max_nodes=8_000)
            line = [m.text() for m in found.moves] if found.verdict == "winnable" else []
            while not (model.cleared or (not model.draw and not model.removals())):
                assert game.deal_index == index and not game.is_over
                moves = model.moves()
                assert {m.text() for m in game.legal_moves()} == moves
                assert game.score == sum(scores) + 10 * model.removed
                move = line.pop(0) if line else pick(rng, moves, {"D"})
                game.play(parse_move(move))
                model.play(move)
            # the deal ends: 10 a card, +100 for clearing deal 1 or 2, +250 for deal 3
            bonus = (100 if index < 2 else 250) if model.cleared else 0
            if model.cleared:
                cleared.add(index)
            scores.append(10 * model.removed + bonus)
            assert list(game.deal_scores) == scores
        assert game.is_over and game.score == sum(scores) and game.legal_moves() == []
        assert game.outcome is (Outcome.WON if model.cleared else Outcome.LOST)
    assert cleared == {0, 1, 2}  # each deal's bonus was earned at least once


class NeighbourModel:
    """docs/rules.md's Neighbour: 5 rows of 5, pairs that touch, the cards close up in reading
    order and the stock fills the holes at the end."""

    def __init__(self, deck: list[int]) -> None:
        self.grid: list[list[int | None]] = [[deck[r * 5 + c] for c in range(5)] for r in range(5)]
        self.stock = list(deck[25:])
        self.removed = 0

    def cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(5) for c in range(5) if self.grid[r][c] is not None]

    def moves(self) -> set[str]:
        out = set()
        for r, c in self.cells():  # each card with the cards touching it
            x = self.grid[r][c]
            assert x is not None
            if king(x):
                out.add(card_text(x))
            for dr, dc in AROUND:
                if 0 <= r + dr < 5 and 0 <= c + dc < 5:
                    y = self.grid[r + dr][c + dc]
                    if y is not None and makes_13(x, y):
                        out.add(RemovePair(x, y).text())
        return out

    def play(self, text: str) -> None:
        move = parse_move(text)
        gone = {move.card} if isinstance(move, RemoveKing) else set(move.cards)
        reading = [card for row in self.grid for card in row if card is not None]
        kept = [card for card in reading if card not in gone]
        self.removed += len(reading) - len(kept)
        while len(kept) < 25 and self.stock:
            kept.append(self.stock.pop(0))
        kept += [None] * (25 - len(kept))
        self.grid = [kept[r * 5 : r * 5 + 5] for r in range(5)]

    def rows_text(self) -> str:
        return "/".join(
            "".join("--" if x is None else card_text(x) for x in row) for row in self.grid
        )


def test_neighbour_agrees_with_the_rules_model() -> None:
    rng = random.Random("neighbour")
    outcomes = set()
    for _ in range(80):
        deck = shuffled(rng)
        game, model = Neighbour(deck), NeighbourModel(deck)
        found = solve(game, max_nodes=8_000) if rng.random() < 0.5 else None
        line = [m.text() for m in found.moves] if found and found.verdict == "winnable" else []
        while True:
            assert game.text().split()[1] == model.rows_text()
            assert game.score == model.removed
            assert game.progress().stock == len(model.stock)
            moves = model.moves()
            assert {m.text() for m in game.legal_moves()} == moves
            if model.removed == 52:
                assert game.outcome is Outcome.WON
                break
            if not moves:
                assert game.outcome is Outcome.LOST
                break
            assert game.outcome is Outcome.IN_PROGRESS
            move = line.pop(0) if line else rng.choice(sorted(moves))
            game.play(parse_move(move))
            model.play(move)
        outcomes.add(game.outcome)
    assert outcomes == {Outcome.WON, Outcome.LOST}


class BaronessModel:
    """docs/rules.md's Baroness: five piles, the deck as the stock, D deals five (or lays the
    last two apart as the reserve)."""

    def __init__(self, deck: list[int]) -> None:
        self.piles: list[list[int]] = [[deck[n]] for n in range(5)]
        self.stock = list(deck[5:])
        self.reserve: list[int] = []
        self.removed = 0

    def available(self) -> list[int]:
        return [p[-1] for p in self.piles if p] + self.reserve

    def moves(self) -> set[str]:
        cards = self.available()
        out = {card_text(x) for x in cards if king(x)}
        out |= {RemovePair(a, b).text() for a in cards for b in cards if makes_13(a, b)}
        if self.stock:
            out.add("D")
        return out

    def play(self, text: str) -> None:
        move = parse_move(text)
        if isinstance(move, Draw):
            if len(self.stock) == 2:
                self.reserve, self.stock = self.stock, []
            else:
                for pile in self.piles:
                    pile.append(self.stock.pop(0))
            return
        gone = {move.card} if isinstance(move, RemoveKing) else set(move.cards)
        for pile in self.piles:
            if pile and pile[-1] in gone:
                pile.pop()
        self.reserve = [c for c in self.reserve if c not in gone]
        self.removed += len(gone)


def test_baroness_agrees_with_the_rules_model() -> None:
    rng = random.Random("baroness")
    outcomes = set()
    for _ in range(60):
        deck = shuffled(rng)
        game, model = Baroness(deck), BaronessModel(deck)
        found = solve(game, max_nodes=16_000) if rng.random() < 0.5 else None
        line = [m.text() for m in found.moves] if found and found.verdict == "winnable" else []
        while True:
            assert [list(p) for p in game.pile_cards()] == model.piles
            assert game.reserve_cards() == model.reserve
            assert game.score == model.removed
            moves = model.moves()
            assert {m.text() for m in game.legal_moves()} == moves
            if model.removed == 52:
                assert game.outcome is Outcome.WON
                break
            if not moves:
                assert game.outcome is Outcome.LOST
                break
            move = line.pop(0) if line else pick(rng, moves, {"D"})
            game.play(parse_move(move))
            model.play(move)
        outcomes.add(game.outcome)
    assert outcomes == {Outcome.WON, Outcome.LOST}


# -- the grids refilled in reading order ------------------------------------------------


def elevens_value(card: int) -> int | None:
    """docs/rules.md's Elevens values: Ace 1, number cards their face value, pictures none."""
    return rank(card) if rank(card) <= 10 else None


def elevens_groups(cards: list[int]) -> set[str]:
    """Two cards whose values make 11, and a Jack, a Queen and a King together."""
    out = set()
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            va, vb = elevens_value(a), elevens_value(b)
            if va is not None and vb is not None and va + vb == 11:
                out.add("+".join(card_text(c) for c in sorted((a, b))))
    for j in [c for c in cards if rank(c) == 11]:
        for q in [c for c in cards if rank(c) == 12]:
            for k in [c for c in cards if rank(c) == 13]:
                out.add("+".join(card_text(c) for c in sorted((j, q, k))))
    return out


class RefillGridModel:
    """docs/rules.md's Elevens and Fifteens grids: cards dealt row by row, any group removed
    wherever it lies, holes filled from the stock in reading order."""

    def __init__(self, deck: list[int], cells: int, groups) -> None:
        self.cells: list[int | None] = list(deck[:cells])
        self.stock = list(deck[cells:])
        self.groups = groups
        self.removed = 0

    def removals(self) -> set[str]:
        return self.groups([c for c in self.cells if c is not None])

    def play(self, text: str) -> None:
        gone = set(parse_move(text).cards)
        for i, card in enumerate(self.cells):
            if card in gone:
                self.cells[i] = None
                self.removed += 1
        for i in range(len(self.cells)):  # reading order: left to right, rows from the top
            if self.cells[i] is None and self.stock:
                self.cells[i] = self.stock.pop(0)

    def rows_text(self, columns: int) -> str:
        texts = ["--" if c is None else card_text(c) for c in self.cells]
        return "/".join("".join(texts[i : i + columns]) for i in range(0, len(texts), columns))


def check_refill_game(game_id: str, columns: int, cells: int, groups, deals: int) -> set:
    from thirteen.games import new_game

    rng = random.Random(game_id)
    outcomes = set()
    for _ in range(deals):
        deck = shuffled(rng)
        game = new_game(game_id, deck=" ".join(card_text(c) for c in deck))
        model = RefillGridModel(deck, cells, groups)
        found = solve(game, max_nodes=16_000) if rng.random() < 0.5 else None
        line = [m.text() for m in found.moves] if found and found.winnable else []
        while True:
            assert game.text().split()[1] == model.rows_text(columns)
            assert game.score == model.removed
            assert game.cards_in_play()["stock"] == model.stock
            moves = set() if model.removed == 52 else model.removals()
            assert {m.text() for m in game.legal_moves()} == moves
            if model.removed == 52:
                assert game.outcome is Outcome.WON
                break
            if not moves:
                assert game.outcome is Outcome.LOST
                break
            assert game.outcome is Outcome.IN_PROGRESS
            move = line.pop(0) if line else rng.choice(sorted(moves))
            game.play(parse_move(move))
            model.play(move)
        outcomes.add(game.outcome)
    return outcomes


def test_elevens_agrees_with_the_rules_model() -> None:
    assert check_refill_game("elevens", 3, 9, elevens_groups, 150) == {Outcome.WON, Outcome.LOST}


def fifteens_groups(cards: list[int]) -> set[str]:
    """Any two or more cards, all Ace to 9, whose values make exactly 15; and a Ten, a
    Jack, a Queen and a King together."""
    low = sorted((c for c in cards if rank(c) <= 9), key=rank)  # lowest value first
    out = set()

    def pick(i: int, chosen: list[int], total: int) -> None:  # each low card: in or not
        # (``total``: the values of ``chosen`` added up, carried along, not summed again)
        if total == 15 and len(chosen) >= 2:
            out.add("+".join(card_text(c) for c in sorted(chosen)))
        if total >= 15 or i == len(low) or total + rank(low[i]) > 15:
            return  # (the cards after ``low[i]`` are worth no less: none of them fits)
        pick(i + 1, [*chosen, low[i]], total + rank(low[i]))
        pick(i + 1, chosen, total)

    pick(0, [], 0)
    tens, jacks, queens, kings = ([c for c in cards if rank(c) == r] for r in (10, 11, 12, 13))
    for group in itertools.product(tens, jacks, queens, kings):
        out.add("+".join(card_text(c) for c in sorted(group)))
    return out


def test_fifteens_agrees_with_the_rules_model() -> None:
    # nearly every deal is winnable: random play supplies the losses
    assert check_refill_game("fifteens", 4, 16, fifteens_groups, 60) == {
        Outcome.WON,
        Outcome.LOST,
    }


class GizaModel:
    """docs/rules.md's Giza: Pyramid's 28-card pyramid, then eight face-up reserve piles of
    three (each listed bottom to top); free pyramid cards and the piles' tops are
    available; Kings alone and pairs that make 13; no stock."""

    def __init__(self, deck: list[int]) -> None:
        cells = [(r, c) for r in range(7) for c in range(r + 1)]
        self.pyramid = dict(zip(cells, deck, strict=False))
        self.reserves = [list(deck[28 + 3 * p : 31 + 3 * p]) for p in range(8)]
        self.removed = 0

    def free(self, cell: tuple[int, int]) -> bool:
        r, c = cell
        return (r + 1, c) not in self.pyramid and (r + 1, c + 1) not in self.pyramid

    def available(self) -> list[int]:
        out = [card for cell, card in self.pyramid.items() if self.free(cell)]
        return out + [pile[-1] for pile in self.reserves if pile]

    def moves(self) -> set[str]:
        cards = self.available()
        out = {card_text(x) for x in cards if king(x)}
        out |= {RemovePair(a, b).text() for a in cards for b in cards if makes_13(a, b)}
        return out

    def play(self, text: str) -> None:
        move = parse_move(text)
        gone = {move.card} if isinstance(move, RemoveKing) else set(move.cards)
        for cell in [x for x, card in self.pyramid.items() if card in gone]:
            del self.pyramid[cell]
        for pile in self.reserves:
            if pile and pile[-1] in gone:
                pile.pop()
        self.removed += len(gone)


def test_giza_agrees_with_the_rules_model() -> None:
    rng = random.Random("giza")
    outcomes = set()
    for _ in range(80):
        deck = shuffled(rng)
        game, model = Giza(deck), GizaModel(deck)
        found = solve(game, max_nodes=40_000) if rng.random() < 0.5 else None
        line = [m.text() for m in found.moves] if found and found.verdict == "winnable" else []
        while True:
            assert [list(p) for p in game.reserve_piles()] == model.reserves
            on_pyramid = {(r, c): card for r, c, card, _ in game.pyramid_cards()}
            assert on_pyramid == model.pyramid
            assert game.score == model.removed
            moves = model.moves()
            assert {m.text() for m in game.legal_moves()} == moves
            if model.removed == 52:
                assert game.outcome is Outcome.WON
                break
            if not moves:
                assert game.outcome is Outcome.LOST
                break
            assert game.outcome is Outcome.IN_PROGRESS
            move = line.pop(0) if line else rng.choice(sorted(moves))
            game.play(parse_move(move))
            model.play(move)
        outcomes.add(game.outcome)
    assert outcomes == {Outcome.WON, Outcome.LOST}
