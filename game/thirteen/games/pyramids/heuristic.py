"""The pyramid games' heuristic (Pyramid and Pyramid 13), named by their records: the
hint's move when the solver gives no line, and the move of the players that never look at
hidden cards.  Game-owned: it reads where each card lies in the deal."""

from __future__ import annotations

from thirteen.core.game import Game
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair
from thirteen.games.pyramids.deal import ROW_OF
from thirteen.games.pyramids.rules import Pyramid, Pyramid13

MoveScore = tuple[float, ...]


def pyramid_move_score(game: Pyramid | Pyramid13, move: Move) -> MoveScore:
    """Sort key of a pyramid move for the heuristic (lower is better)."""
    deal = game.deal
    if isinstance(move, RemoveKing):
        return (0, 0)
    if isinstance(move, RemovePair):
        rows = []
        for card in move.cards:
            zone, index = deal.where[card]
            rows.append(ROW_OF[index] if zone == "p" else -1)
        in_pyramid = sum(1 for r in rows if r >= 0)
        # two pyramid cards first, then one; within, the lowest row first
        return (1 + (2 - in_pyramid), -max(rows))
    if isinstance(move, Draw):
        return (5, 0)
    if isinstance(move, Recycle):
        return (6, 0)
    return (7, 0)


def heuristic(game: Game) -> Move | None:
    """The heuristic's pick among the legal moves (the first of equals), or None."""
    assert isinstance(game, Pyramid | Pyramid13)
    moves = game.legal_moves()
    return min(moves, key=lambda m: pyramid_move_score(game, m)) if moves else None
