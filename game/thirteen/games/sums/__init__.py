"""Elevens and Fifteens: refilled grids where groups making 11 or 15 (and picture sets)
go wherever they lie; their rules, the grid they share, their solver and their records."""

from thirteen.games.sums.record import ELEVENS, FIFTEENS

__all__ = ["ELEVENS", "FIFTEENS"]
