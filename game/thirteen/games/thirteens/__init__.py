"""Thirteens: a grid of C x R cards where neighbours making 13 go and the cards above fall;
its rules, its solver and their hooks."""

from thirteen.games.thirteens.rules import SPEC as THIRTEENS

__all__ = ["THIRTEENS"]
