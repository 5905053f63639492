"""Baroness (Five Piles): five piles dealt onto from the stock, pairs making 13 taken off
their tops; its rules and its solver."""

from thirteen.games.baroness.rules import SPEC as BARONESS

__all__ = ["BARONESS"]
