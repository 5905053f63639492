"""Thirteen: make-13 solitaire games (Thirteens, Pyramid 13, Pyramid)."""

__version__ = "0.1.0"
