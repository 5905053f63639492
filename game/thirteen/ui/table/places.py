"""The spots of the table by name: the focus, the hover, a hint and a refused click's
nudge name the spot they mark by :func:`spot_key` (its card, its column or its kind), so
that a new layout of the same position (a move, a resized window) finds it again."""

from __future__ import annotations

from thirteen.ui.layout import Geometry, Spot
from thirteen.ui.spots import SpotKind, Zone


def spot_key(spot: Spot) -> tuple:
    """What names ``spot`` across layouts."""
    if spot.kind is SpotKind.CARD:
        return (SpotKind.CARD, spot.card)
    if spot.kind is SpotKind.EMPTY:
        return (SpotKind.EMPTY, spot.column)
    return (spot.kind,)


def find(geo: Geometry, key: tuple | None) -> Spot | None:
    """The spot of ``geo`` that ``key`` names (None: none does)."""
    if key is None:
        return None
    for s in geo.spots:
        if spot_key(s) == key:
            return s
    return None


def draw_place(geo: Geometry) -> Spot | None:
    """The spot where the draw card lies: the card, or the empty pile (Pyramid only)."""
    return next(
        (
            s
            for s in geo.spots
            if s.zone is Zone.DRAW
            or s.kind is SpotKind.PILE
            or (s.kind is SpotKind.STOCK and s.free)
        ),
        None,
    )
