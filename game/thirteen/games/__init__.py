"""The games: one folder each (the pyramid games share one, Elevens and Fifteens another),
holding its rules, solver, record and words. May import the core and the searches.

The list below is the collection, in the order the menus show it: a new game is its own
folder, imported on the line below and listed on one line of ``COLLECTION``.  Import the
registry from this package (not from :mod:`thirteen.core.registry`) so that the games are
registered before it is read.
"""

from thirteen.core.registry import (
    GAMES,
    GameRecord,
    GameSetup,
    GameSpec,
    decks_text,
    game_spec,
    new_game,
    parse_decks,
    position_from_text,
    register,
    spec_of,
    unregister,
)
from thirteen.games import baroness, neighbour, pyramids, sums, thirteens

COLLECTION = (
    thirteens.THIRTEENS,
    pyramids.PYRAMID13,
    pyramids.PYRAMID,
    neighbour.NEIGHBOUR,
    pyramids.GIZA,
    baroness.BARONESS,
    sums.ELEVENS,
    sums.FIFTEENS,
)
"""Every game of the collection, in menu order."""

for _spec in COLLECTION:
    register(_spec)

__all__ = [
    "COLLECTION",
    "GAMES",
    "GameRecord",
    "GameSetup",
    "GameSpec",
    "decks_text",
    "game_spec",
    "new_game",
    "parse_decks",
    "position_from_text",
    "register",
    "spec_of",
    "unregister",
]
