"""The pyramid games: Pyramid 13 (three deals, points), the classic Pyramid and Giza (an
open pyramid over eight reserve piles); their rules, solvers and hooks."""

from thirteen.games.pyramids.giza import SPEC as GIZA
from thirteen.games.pyramids.rules import SPEC as PYRAMID
from thirteen.games.pyramids.rules import SPEC13 as PYRAMID13

__all__ = ["GIZA", "PYRAMID", "PYRAMID13"]
