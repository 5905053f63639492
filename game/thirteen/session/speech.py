"""What the game says aloud for a screen reader: card names, where a card lies, what a
move did, the whole table in reading order, and a game's end with its score.

Made from the registry (each game's table kind) and the engine's public queries alone
(the table views ``grid()``, ``pyramid_cards()``, ``pile_cards()``...), in the player's
language (every text is a catalogue text, the card-name pattern too: German says
"Herz-Dame").  No pygame: the interface hands the words to the page's live region (see
``ui/access.py``), and the tests read them without a display.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from thirteen.core.cards import RANK_NAMES, SUIT_NAMES, Card, rank, suit
from thirteen.core.game import Game, Outcome, Termination
from thirteen.core.i18n import N_, tr, tr_n
from thirteen.core.moves import Move, MoveToEmpty, Recycle
from thirteen.core.spec import (
    DrawPileView,
    GridView,
    PilesView,
    PyramidView,
    ReservePilesView,
    TableKind,
)
from thirteen.games import spec_of


def card_name(card: Card) -> str:
    """A card's spoken name: "Queen of hearts", "Dame de cœur", "Herz-Dame"."""
    return tr(
        "{rank} of {suit}", rank=tr(RANK_NAMES[rank(card) - 1]), suit=tr(SUIT_NAMES[suit(card)])
    )


def card_list(cards: Iterable[Card]) -> str:
    """Cards named one after the other: "Four of spades and Nine of clubs"."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return tr("{cards} and {last}", cards=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class Place:
    """Where a card lies on the table, as a screen reader says it.  ``kind``: ``cell``
    (row ``a``, column ``b`` of a grid), ``pyramid`` (row ``a``, card ``b`` of it),
    ``draw`` (the draw card), ``waste`` (its top), ``pile`` (pile ``a`` of a row of
    piles), ``reserve`` (a reserve card lying apart) or ``reserve pile`` (pile ``a``)."""

    kind: str
    a: int = 0
    b: int = 0

    def words(self) -> str:
        """The place alone: "row 3, column 2"."""
        if self.kind == "cell":
            return tr("row {row}, column {column}", row=self.a, column=self.b)
        if self.kind == "pyramid":
            return tr("pyramid row {row}, card {place}", row=self.a, place=self.b)
        if self.kind == "draw":
            return tr("draw card")
        if self.kind == "waste":
            return tr("top of the waste")
        if self.kind == "pile":
            return tr("pile {n}", n=self.a)
        if self.kind == "reserve pile":
            return tr("reserve pile {n}", n=self.a)
        return tr("reserve")

    def arrival(self, card: Card, dealt: bool) -> str:
        """A card that came here with the last move (``dealt``: from the stock)."""
        name = card_name(card)
        if self.kind == "cell":
            if dealt:
                return tr(
                    "{card} is dealt to row {row}, column {column}",
                    card=name,
                    row=self.a,
                    column=self.b,
                )
            return tr(
                "{card} moves to row {row}, column {column}", card=name, row=self.a, column=self.b
            )
        if self.kind == "draw":
            return tr("Next draw card: {card}", card=name)
        if self.kind == "waste":
            return tr("Top of the waste: {card}", card=name)
        if self.kind in ("pile", "reserve pile"):
            return tr("{card} is dealt onto pile {n}", card=name, n=self.a)
        if self.kind == "reserve":
            return tr("{card} goes to the reserve", card=name)
        return tr("{card}: {place}", card=name, place=self.words())


def places(game: Game) -> dict[Card, Place]:
    """Where each card on the table lies, in reading order (by the game's table kind)."""
    kind = spec_of(game).table
    out: dict[Card, Place] = {}
    if kind is TableKind.GRID:
        assert isinstance(game, GridView)
        for r, row in enumerate(game.grid()):
            for c, card in enumerate(row):
                if card is not None:
                    out[card] = Place("cell", r + 1, c + 1)
        return out
    if kind in (TableKind.PYRAMID, TableKind.PYRAMID_RESERVES):
        assert isinstance(game, PyramidView)
        for r, c, card, _free in game.pyramid_cards():
            out[card] = Place("pyramid", r + 1, c + 1)
    if kind is TableKind.PYRAMID:
        assert isinstance(game, DrawPileView)
        draw, waste = game.draw_card, game.waste_top
        if draw is not None:
            out[draw] = Place("draw")
        if waste is not None:
            out[waste] = Place("waste")
    elif kind is TableKind.PYRAMID_RESERVES:
        assert isinstance(game, ReservePilesView)
        for n, pile in enumerate(game.reserve_piles()):
            for card in pile:
                out[card] = Place("reserve pile", n + 1)
    elif kind is TableKind.PILES:
        assert isinstance(game, PilesView)
        for n, pile in enumerate(game.pile_cards()):
            for card in pile:
                out[card] = Place("pile", n + 1)
        for card in game.reserve_cards():
            out[card] = Place("reserve")
    return out


def place_of(game: Game, card: Card) -> Place | None:
    return places(game).get(card)


def focus_words(game: Game, card: Card, free: bool) -> str:
    """The focused card: "Queen of hearts, row 3, column 2, free"."""
    place = place_of(game, card)
    name = card_name(card) if place is None else f"{card_name(card)}, {place.words()}"
    return tr("{card}, free", card=name) if free else tr("{card}, covered", card=name)


def empty_column_words(column: int) -> str:
    """An empty grid column the keyboard focus is on (``column`` from 1)."""
    return tr("Empty column {n}: a column's top card can move here", n=column)


def empty_draw_words(can_turn: bool) -> str:
    """The empty draw pile the focus is on."""
    if can_turn:
        return tr("Draw pile, empty: select it or press D to turn the waste over")
    return tr("Draw pile, empty")


def stock_words(game: Game) -> str:
    """A stock the focus is on, which deals when selected."""
    n = game.progress().stock or 0
    return tr_n(
        "Stock, {n} card: select it or press D to deal",
        "Stock, {n} cards: select it or press D to deal",
        n,
    )


def _left_words(game: Game) -> str | None:
    """What is left to come: the stock, or the cards to draw."""
    stock = game.progress().stock
    if stock is not None:
        return tr_n("{n} card left in the stock", "{n} cards left in the stock", stock)
    if spec_of(game).table is TableKind.PYRAMID:
        assert isinstance(game, DrawPileView)
        n = game.draw_count
        return tr_n("{n} card left to draw", "{n} cards left to draw", n)
    return None


def score_words(game: Game) -> str:
    top = spec_of(game).max_score
    if top is not None:
        return tr("Score {score} of {most}.", score=game.score, most=top)
    return tr("Score {score}.", score=game.score)


END_WORDS: dict[Termination | None, str] = {
    Termination.CLEARED: N_("You won!"),
    Termination.NO_REMOVALS: N_("No pairs left."),
    Termination.NO_MOVES: N_("No moves left."),
    Termination.ROUNDS_PLAYED: N_("Game over."),
}


def end_words(game: Game) -> str:
    """A finished game: why it ended and its score ("You won! Score 52 of 52.")."""
    why = END_WORDS.get(game.termination, END_WORDS[Termination.NO_MOVES])
    if game.outcome is Outcome.WON:
        why = END_WORDS[Termination.CLEARED]
    return f"{tr(why)} {score_words(game)}"


MOVES_NAMED = 4
"""The most cards a move's words say moved one by one (more are counted)."""


def move_words(before: Game, after: Game, move: Move) -> str:
    """What a move did, from the positions before and after it: the cards removed,
    where cards moved or were dealt to, what is left to come, and the end of a round or
    the game: "Removed Four of spades and Nine of clubs; Five of diamonds moves to row 2,
    column 1; 3 cards left in the stock."."""
    was, now = places(before), places(after)
    parts: list[str] = []
    if move.cards and not isinstance(move, MoveToEmpty):
        parts.append(tr("Removed {cards}", cards=card_list(move.cards)))
    if isinstance(move, Recycle):
        parts.append(tr("The waste is turned over"))
    rounds_before, rounds_after = before.progress().round, after.progress().round
    if rounds_after is not None and rounds_after != rounds_before:
        total = after.progress().rounds
        parts.append(tr("Round {n} of {rounds} is dealt", n=rounds_after, rounds=total))
    else:
        arrived = [(c, p) for c, p in now.items() if was.get(c) != p]
        moved = [(c, p) for c, p in arrived if c in was]
        if len(moved) > MOVES_NAMED:  # the cards closing up: T reads where they are now
            n = len(moved)
            parts.append(tr_n("{n} card moves along", "{n} cards move along", n))
            arrived = [(c, p) for c, p in arrived if c not in was]
        for card, place in arrived:
            parts.append(place.arrival(card, card not in was))
        for kind, empty in (
            ("draw", N_("The draw pile is empty")),
            ("waste", N_("The waste is empty")),
        ):
            if any(p.kind == kind for p in was.values()) and not any(
                p.kind == kind for p in now.values()
            ):
                parts.append(tr(empty))
    left = _left_words(after)
    if left is not None and not after.is_over:
        parts.append(left)
    words = "; ".join(parts) + "." if parts else ""
    if after.is_over:
        words = f"{words} {end_words(after)}".strip()
    return words


def _row_words(cards: Iterable[Card | None]) -> str:
    return ", ".join(tr("empty") if c is None else card_name(c) for c in cards)


def _pile_words(label: str, pile: tuple[Card, ...]) -> str:
    """A pile from its top card down (``label``: its name, "Pile 2")."""
    if not pile:
        return tr("{pile}: empty", pile=label)
    if len(pile) == 1:
        return tr("{pile}: {top}", pile=label, top=card_name(pile[-1]))
    return tr(
        "{pile}: {top}, on top of {cards}",
        pile=label,
        top=card_name(pile[-1]),
        cards=card_list(reversed(pile[:-1])),
    )


def table_words(game: Game) -> str:
    """The whole table in reading order, then what is left to come, the round or pass,
    and the score."""
    kind = spec_of(game).table
    lines: list[str] = []
    if kind is TableKind.GRID:
        assert isinstance(game, GridView)
        for r, row in enumerate(game.grid()):
            lines.append(tr("Row {row}: {cards}", row=r + 1, cards=_row_words(row)))
    if kind in (TableKind.PYRAMID, TableKind.PYRAMID_RESERVES):
        assert isinstance(game, PyramidView)
        rows: dict[int, list[str]] = {}
        for r, _c, card, free in game.pyramid_cards():
            name = card_name(card)
            rows.setdefault(r, []).append(tr("{card} (free)", card=name) if free else name)
        for r, names in rows.items():
            lines.append(tr("Pyramid row {row}: {cards}", row=r + 1, cards=", ".join(names)))
        if not rows:
            lines.append(tr("The pyramid is cleared"))
    if kind is TableKind.PYRAMID:
        assert isinstance(game, DrawPileView)
        draw, waste = game.draw_card, game.waste_top
        lines.append(
            tr("Draw card: {card}", card=card_name(draw))
            if draw is not None
            else tr("The draw pile is empty")
        )
        lines.append(
            tr("Top of the waste: {card}", card=card_name(waste))
            if waste is not None
            else tr("The waste is empty")
        )
    elif kind is TableKind.PYRAMID_RESERVES:
        assert isinstance(game, ReservePilesView)
        for n, pile in enumerate(game.reserve_piles()):
            lines.append(_pile_words(tr("Reserve pile {n}", n=n + 1), pile))
    elif kind is TableKind.PILES:
        assert isinstance(game, PilesView)
        for n, pile in enumerate(game.pile_cards()):
            lines.append(_pile_words(tr("Pile {n}", n=n + 1), pile))
        reserve = game.reserve_cards()
        if reserve:
            lines.append(tr("Reserve: {cards}", cards=card_list(reserve)))
    left = _left_words(game)
    if left is not None:
        lines.append(left)
    progress = game.progress()
    if progress.round is not None and progress.rounds:
        lines.append(tr("Round {n} of {rounds}", n=progress.round, rounds=progress.rounds))
    if progress.pass_number is not None and progress.passes and progress.passes > 1:
        lines.append(tr("Pass {n} of {passes}", n=progress.pass_number, passes=progress.passes))
    ending = end_words(game) if game.is_over else score_words(game)
    return ". ".join(lines) + ". " + ending
