"""Neighbour: a 5x5 grid where neighbours making 13 go and the cards close up in reading
order; its rules and its solver."""

from thirteen.games.neighbour.rules import SPEC as NEIGHBOUR

__all__ = ["NEIGHBOUR"]
