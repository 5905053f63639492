"""Thirteens: a grid of C x R cards where neighbours making 13 go and the cards above fall;
its rules, its solver, its heuristic and its record."""

from thirteen.games.thirteens.record import THIRTEENS

__all__ = ["THIRTEENS"]
