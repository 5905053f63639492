"""Thirteen: make-13 solitaire games (Thirteens, Pyramid 13, Pyramid, Neighbour, Giza,
Baroness) and their cousins that make 11 or 15 (Elevens, Fifteens).

The package is built in layers, one way down: core, search, games, advice, records,
session, ui, cli, tools (see docs/architecture.md)."""

__version__ = "0.1.0"
