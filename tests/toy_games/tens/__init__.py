"""Tens: pairs that make 10, and Tens and pictures four of a rank at a time, on a 3x4 grid
filled from the stock."""

from toy_games.tens.record import SPEC as TENS

__all__ = ["TENS"]
