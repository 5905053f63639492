"""Elevens and Fifteens: refilled grids where groups making 11 or 15 (and picture sets)
go wherever they lie; their rules, the grid they share, and their solver."""

from thirteen.games.sums.elevens import SPEC as ELEVENS
from thirteen.games.sums.fifteens import SPEC as FIFTEENS

__all__ = ["ELEVENS", "FIFTEENS"]
