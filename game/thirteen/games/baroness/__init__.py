"""Baroness (Five Piles): five piles dealt onto from the stock, pairs making 13 taken off
their tops; its rules, its solver and its record."""

from thirteen.games.baroness.record import BARONESS

__all__ = ["BARONESS"]
