"""The pyramid games: Pyramid 13 (three deals, points), the classic Pyramid and Giza (an
open pyramid over eight reserve piles); their rules, solvers, heuristics and records."""

from thirteen.games.pyramids.record import GIZA, PYRAMID, PYRAMID13

__all__ = ["GIZA", "PYRAMID", "PYRAMID13"]
