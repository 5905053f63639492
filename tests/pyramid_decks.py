"""Pyramid decks built card by card for the rules tests of Pyramid and Pyramid 13: a deck
cleared in one pass and its moves, a deck from given rows and draw pile, and the moves a
game offers as text."""

from __future__ import annotations

from thirteen.core.cards import FULL_DECK, card_text, deck_text, parse_cards

# Pyramid cells in removal order: bottom row first, each row left to right.
ROW_STARTS = [r * (r + 1) // 2 for r in range(7)]
BOTTOM_UP = [ROW_STARTS[r] + c for r in range(6, -1, -1) for c in range(r + 1)]


def win_deck(kings_at=(0, 1, 2, 3)) -> tuple[str, list[str]]:
    """A deck cleared in one pass without a draw, and its moves.

    The pyramid holds the four Kings (at ``kings_at``) and one card of each of
    the 24 suited pairs (A+Q, 2+J, ... 6+7 of one suit); the draw pile holds
    the partners in the order the pyramid cards are removed, bottom row first.
    """
    lows = [c for c in FULL_DECK if (c >> 2) < 6]  # Aces to Sixes, 24 cards
    kings = [c for c in FULL_DECK if c >= 48]
    pyramid: list[int] = [0] * 28
    draw: list[int] = []
    moves: list[str] = []
    low_iter, king_iter = iter(lows), iter(kings)
    for i in BOTTOM_UP:
        if i in kings_at:
            pyramid[i] = next(king_iter)
            moves.append(card_text(pyramid[i]))
        else:
            low = next(low_iter)
            high = (11 - (low >> 2)) * 4 + (low & 3)
            pyramid[i], draw = low, [*draw, high]
            moves.append(f"{card_text(low)}+{card_text(high)}")
    return deck_text(pyramid + draw), moves


def deck_from(pyramid: list[str], draw: str = "") -> str:
    """Pyramid rows (top first) and draw pile (top first), the rest in order after."""
    given = parse_cards(" ".join(pyramid) + " " + draw)
    return deck_text(given + [c for c in FULL_DECK if c not in given])


def moves_text(game) -> list[str]:
    """The legal moves of ``game`` in their text form."""
    return [m.text() for m in game.legal_moves()]
