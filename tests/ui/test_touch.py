"""Finger events whose position is not a number: ignored, never a crash or a tap."""

from __future__ import annotations

import math

import pygame
import pytest

from thirteen.core.cards import parse_card
from thirteen.core.moves import RemoveKing
from thirteen.ui.touch import TapReader

from .helpers import card_at, step

ODD = [math.nan, math.inf, -math.inf]
"""What SDL may hand on from a confused touch screen or browser."""


def finger(kind: int, x: float, y: float, finger_id: int = 0) -> None:
    """One SDL finger event at window fractions ``x``, ``y``."""
    pygame.event.post(
        pygame.event.Event(
            kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=finger_id, touch_id=0, pressure=1.0
        )
    )


def fractions(app, pos) -> tuple[float, float]:
    width, height = app.screen.get_size()
    return pos[0] / width, pos[1] / height


@pytest.mark.parametrize("odd", ODD, ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("where", ["x", "y", "both"])
@pytest.mark.parametrize("when", ["down", "up", "motion", "all"])
def test_a_finger_at_no_number_is_ignored_by_the_app(make, odd, where, when):
    """Found by fuzzing: a touch event with a NaN or infinite position raised
    ValueError/OverflowError in finger_pos (9 tries in 9), which ended the game."""
    app = make("?game=thirteens&deal=1")
    king = next(m for m in app.game.legal_moves() if isinstance(m, RemoveKing))
    good = fractions(app, card_at(app, king.card))
    bad = (odd if where != "y" else good[0], odd if where != "x" else good[1])
    finger(pygame.FINGERDOWN, *(bad if when in ("down", "all") else good))
    finger(pygame.FINGERMOTION, *(bad if when in ("motion", "all") else good))
    finger(pygame.FINGERUP, *(bad if when in ("up", "all") else good))
    step(app)
    if when == "motion":  # a lost move of the finger: still a tap where it went down
        assert app.game.moves == [king]
    else:
        assert app.game.moves == []
        assert app.table.selected is None
    step(app, 20)  # the cards above a removed King have fallen
    # the next touch taps as ever
    finger(pygame.FINGERDOWN, *fractions(app, card_at(app, parse_card("4s"))))
    finger(pygame.FINGERUP, *fractions(app, card_at(app, parse_card("4s"))))
    step(app)
    assert app.table.selected == parse_card("4s")


@pytest.mark.parametrize("odd", ODD, ids=["nan", "inf", "-inf"])
def test_tap_reader_ignores_a_finger_at_no_number(odd):
    taps = TapReader()
    taps.down(0, 1, odd, 0.5)
    assert taps.up(0, 1, odd, 0.5) is None
    assert not taps.is_echo((0, 360))
    # a lift at no number ends the finger without a tap, and without a pinch after it
    taps.down(0, 1, 0.5, 0.5)
    assert taps.up(0, 1, 0.5, odd) is None
    taps.down(0, 2, 0.5, 0.5)
    taps.motion(0, 2, odd, odd)  # a lost move is no move
    assert taps.up(0, 2, 0.5, 0.5) == (640, 360)
    # a finger that went down at no number does not count as down for a pinch
    taps.down(0, 3, odd, odd)
    taps.down(0, 4, 0.25, 0.25)
    taps.motion(0, 3, 0.9, 0.9)
    assert taps.up(0, 4, 0.25, 0.25) == (320, 180)
