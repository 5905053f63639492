"""What a spot on the table is and where its card lies: kept free of pygame, so that
the command line's shot options can name spots without loading it."""

from __future__ import annotations

from enum import StrEnum


class SpotKind(StrEnum):
    CARD = "card"
    """A face-up card."""
    EMPTY = "empty"
    """An empty column a card can move to."""
    PILE = "pile"
    """The pyramid draw pile once it has no draw card."""
    STOCK = "stock"
    """The grid's stock, shown only; a stock that deals when clicked is ``free``."""


class Zone(StrEnum):
    """Where a card lies."""

    NONE = ""
    GRID = "grid"
    PYRAMID = "pyramid"
    DRAW = "draw"
    WASTE = "waste"
    PILE = "pile"
    """On one of a row of piles fanned down (Baroness), or a reserve pile (Giza)."""
    RESERVE = "reserve"
    """A reserve card lying apart, free until removed."""
