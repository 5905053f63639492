"""Neighbour: a 5x5 grid where neighbours making 13 go and the cards close up in reading
order; its rules, its solver and its record."""

from thirteen.games.neighbour.record import NEIGHBOUR

__all__ = ["NEIGHBOUR"]
