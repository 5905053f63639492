"""Where everything is on the 1280x720 canvas, computed from the engine state.

Drawing, hit-testing, keyboard focus and animation all read the same
:class:`Geometry`, so what is drawn is exactly what is clicked.

Touch sizes.  A phone held sideways shows the canvas at about 640x360 CSS
pixels, half the logical size.  A fingertip needs about 9 mm, roughly 40 CSS
pixels, so every hit area here is at least 80 logical pixels in both
directions: buttons are 104x80, pyramid cards 100x140 (a free card is always
fully uncovered), Thirteens cells at least 88 wide and 124 tall in the
offered layouts (3x5, 4x4, 5x3; the hit area is the whole cell including the
gap).  Only unusual layouts from a link shrink below that: tall ones (2x15)
and wide ones (15x2) overlap their cards, so each shows and answers to a strip
about 40 pixels tall or 50 wide.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import pygame

from ..cards import Card
from ..game import Game
from ..moves import Recycle
from ..spec import TableKind
from ..variants import spec_of
from . import HEIGHT, WIDTH
from .spots import SpotKind, Zone

MIN_TARGET = 80
"""Smallest hit area side in logical pixels (40 CSS px on a sideways phone)."""

PANEL = pygame.Rect(WIDTH - 240, 0, 240, HEIGHT)
TABLE = pygame.Rect(0, 0, WIDTH - 240, HEIGHT)

BUTTON_W, BUTTON_H, BUTTON_GAP = 104, 80, 8


class TableButton(StrEnum):
    """The table's commands, each a panel button and a key."""

    NEW = "new"
    RESTART = "restart"
    UNDO = "undo"
    HINT = "hint"
    HELP = "help"
    SOUND = "sound"
    STATS = "stats"
    MENU = "menu"


TABLE_BUTTONS = tuple(TableButton)
"""In the panel's order: two columns, row by row."""


def panel_buttons() -> dict[str, pygame.Rect]:
    """The table's buttons: two columns at the bottom of the side panel."""
    out: dict[str, pygame.Rect] = {}
    rows = (len(TABLE_BUTTONS) + 1) // 2
    top = HEIGHT - 12 - rows * BUTTON_H - (rows - 1) * BUTTON_GAP
    for n, name in enumerate(TABLE_BUTTONS):
        x = PANEL.x + 12 + (n % 2) * (BUTTON_W + BUTTON_GAP)
        y = top + (n // 2) * (BUTTON_H + BUTTON_GAP)
        out[name] = pygame.Rect(x, y, BUTTON_W, BUTTON_H)
    return out


@dataclass
class Spot:
    """One thing on the table that can be drawn and maybe clicked.

    kind: ``card`` (a face-up card), ``empty`` (an empty Thirteens column),
    ``pile`` (the pyramid draw pile once it has no draw card), ``stock`` (the
    Thirteens stock, shown only).  ``zone`` says where a card lies:
    ``grid``, ``pyramid``, ``draw`` or ``waste``.
    """

    kind: SpotKind
    rect: pygame.Rect
    hit: pygame.Rect
    card: Card | None = None
    zone: Zone = Zone.NONE
    column: int | None = None
    free: bool = True
    index: int | None = None
    shown: pygame.Rect | None = None
    """The part left showing when another card lies over part of it (tall or wide
    Thirteens grids): drawn without centre art, outlined only there."""

    @property
    def outline(self) -> pygame.Rect:
        """What a selection, hint or focus ring goes around."""
        return self.shown if self.shown is not None else self.rect


@dataclass
class Geometry:
    card_w: int
    card_h: int
    spots: list[Spot] = field(default_factory=list)
    """Bottom to top: later spots are drawn over earlier ones."""
    pile: pygame.Rect | None = None
    """Where new cards come from (Thirteens stock, pyramid draw pile)."""
    waste: pygame.Rect | None = None
    labels: list[tuple[str, tuple[int, int]]] = field(default_factory=list)
    """Small captions (text, midtop) under piles."""

    def card_rects(self) -> dict[Card, pygame.Rect]:
        return {
            s.card: s.rect for s in self.spots if s.kind is SpotKind.CARD and s.card is not None
        }

    def spot_for_card(self, card: Card) -> Spot | None:
        for s in self.spots:
            if s.kind is SpotKind.CARD and s.card == card:
                return s
        return None

    def hit_test(self, pos: tuple[int, int]) -> Spot | None:
        """The topmost spot under ``pos`` (blocked cards included: callers ignore them)."""
        for s in reversed(self.spots):
            if s.hit.collidepoint(pos):
                return s
        return None

    def targets(self) -> list[Spot]:
        """What keyboard focus visits, in reading order."""
        out = [
            s
            for s in self.spots
            if s.free and s.kind in (SpotKind.CARD, SpotKind.EMPTY, SpotKind.PILE)
        ]
        out.sort(key=lambda s: (s.rect.y // 8, s.rect.x))
        return out


def geometry(game: Game) -> Geometry:
    """The table for any game, by the kind of table its record names."""
    return TABLES[spec_of(game).table](game)


# -- grids ----------------------------------------------------------------

STOCK_X = 36


OVERLAP_BELOW = 90
"""Cards shorter than this, one under the other, are drawn larger and overlapping instead."""

STRIP = 0.42
"""The part of a card's height an overlapping card leaves showing: its corner rank and
the small suit at the top right (see :func:`.cards.card_face`)."""

SIDE_STRIP = 0.45
"""The part of a card's width a card overlapping it from the right leaves showing: its
corner rank with the suit under it."""


def thirteens_metrics(columns: int, rows: int) -> tuple[int, int, int, int, int, int]:
    """Card size, pitch and grid origin for a C x R grid: (w, h, px, py, x0, y0).

    Tall grids from links (2x15, 3x10) would get tiny cards one under the other;
    there each card instead covers the lower part of the one above, like a column of
    solitaire, leaving its top strip (rank and suit) showing: ``py < h`` says so.
    Wide grids (15x2, 10x3) do the same sideways, each card covering the right part
    of the one on its left: ``px < w``.
    """
    region = pygame.Rect(TABLE.x + 170, TABLE.y + 16, TABLE.w - 190, TABLE.h - 32)
    cell_h = region.h / rows
    cell_w = region.w / columns
    highest = cell_h - 12
    widest = (cell_w - 24) / 0.714
    h = int(min(highest, widest, 160))
    w = int(h * 0.714)
    px = int(min(cell_w, w + 40))
    py = int(min(cell_h, h + 12))
    if h < OVERLAP_BELOW and highest <= widest and rows > 1:
        tall = int(min(region.h / (1 + (rows - 1) * STRIP), widest, 160))
        if tall > h:
            h, w = tall, int(tall * 0.714)
            px = int(min(cell_w, w + 40))
            py = int((region.h - h) / (rows - 1))
    elif h < OVERLAP_BELOW and columns > 1:
        wide = int(min(region.w / (1 + (columns - 1) * SIDE_STRIP) / 0.714, highest, 160))
        if wide > h:
            h, w = wide, int(wide * 0.714)
            px = int((region.w - w) / (columns - 1))
            py = int(min(cell_h, h + 12))
    x0 = region.centerx - (px * (columns - 1) + w) // 2
    y0 = region.centery - (py * (rows - 1) + h) // 2
    return w, h, px, py, x0, y0


def grid_geometry(game: Game) -> Geometry:
    """A grid of cells (``game.grid()``, rows from the top); an empty column is a slot a
    card can move to when the game has that move (``fills_empty_columns``)."""
    cells = game.grid()  # type: ignore[attr-defined]
    rows, cols = len(cells), len(cells[0])
    w, h, px, py, x0, y0 = thirteens_metrics(cols, rows)
    geo = Geometry(w, h)
    gx, gy = max(0, (px - w) // 2), max(0, (py - h) // 2)
    slots = getattr(game, "fills_empty_columns", False)

    def empty(c: int) -> bool:
        return all(cells[r][c] is None for r in range(rows))

    def covered_right(row: int, c: int) -> bool:
        """Whether the next column lies over the right part of this cell in a wide grid
        (an empty column's slot counts, on the bottom row)."""
        if c + 1 >= cols:
            return False
        return cells[row][c + 1] is not None or (empty(c + 1) and row == rows - 1)

    for c in range(cols):
        x = x0 + c * px
        if empty(c):
            if not slots:
                continue
            bottom = pygame.Rect(x, y0 + (rows - 1) * py, w, h)
            whole = pygame.Rect(x - gx, y0 - gy, px, (rows - 1) * py + h + 2 * gy)
            shown = None
            if px < w:  # a wide grid: the slot alone, clear of the cards above on its left
                whole = bottom.copy()
                if c + 1 < cols:  # the next column lies over its right part
                    shown = whole = pygame.Rect(x, bottom.y, px, h)
            geo.spots.append(
                Spot(SpotKind.EMPTY, bottom, whole, column=c, zone=Zone.GRID, shown=shown)
            )
            continue
        # the top card first: a lower card is drawn (and hit) over the one above it,
        # and a column over the one on its left
        for row in range(rows):
            card = cells[row][c]
            if card is None:
                continue
            rect = pygame.Rect(x, y0 + row * py, w, h)
            shown = None
            if py < h and row + 1 < rows and cells[row + 1][c] is not None:
                shown = pygame.Rect(x, rect.y, w, py)
            elif px < w and covered_right(row, c):
                shown = pygame.Rect(x, rect.y, px, h)
            geo.spots.append(
                Spot(
                    SpotKind.CARD,
                    rect,
                    rect.inflate(2 * gx, 2 * gy),
                    card,
                    Zone.GRID,
                    column=c,
                    index=row,
                    shown=shown,
                )
            )
    stock = pygame.Rect(STOCK_X, y0, w, h)
    geo.pile = stock
    left = game.progress().stock or 0
    if left:
        geo.spots.insert(0, Spot(SpotKind.STOCK, stock, stock.copy(), free=False))
    geo.labels.append((f"Stock {left}", (stock.centerx, stock.bottom + 10)))
    return geo


# -- Pyramids -------------------------------------------------------------

PYR_W, PYR_H, PYR_DX, PYR_DY = 100, 140, 106, 70
PILE_X = 34
CAPTION_GAP = 14
"""From a pile's bottom to its caption: clear of the keyboard focus ring, which is drawn
10 px out from the card with a 2 px dark edge."""


def pyramid_geometry(game: Game) -> Geometry:
    """A pyramid of 7 rows (``game.pyramid_cards()``), the draw pile and the waste."""
    geo = Geometry(PYR_W, PYR_H)
    centre = (PILE_X + PYR_W + TABLE.right) // 2 + 10
    y0 = (TABLE.h - (6 * PYR_DY + PYR_H)) // 2
    for r, c, card, free in game.pyramid_cards():  # type: ignore[attr-defined]
        x = centre - PYR_W // 2 - r * PYR_DX // 2 + c * PYR_DX
        rect = pygame.Rect(x, y0 + r * PYR_DY, PYR_W, PYR_H)
        index = r * (r + 1) // 2 + c
        geo.spots.append(
            Spot(SpotKind.CARD, rect, rect.copy(), card, Zone.PYRAMID, free=free, index=index)
        )
    draw = pygame.Rect(PILE_X, y0 + 10, PYR_W, PYR_H)
    waste = pygame.Rect(PILE_X, draw.bottom + 80, PYR_W, PYR_H)
    geo.pile, geo.waste = draw, waste
    top = game.waste_top  # type: ignore[attr-defined]
    if top is not None:
        geo.spots.append(Spot(SpotKind.CARD, waste.copy(), waste.copy(), top, Zone.WASTE))
    card = game.draw_card  # type: ignore[attr-defined]
    if card is not None:
        geo.spots.append(Spot(SpotKind.CARD, draw.copy(), draw.copy(), card, Zone.DRAW))
    else:
        can_recycle = game.is_legal(Recycle()) and not game.is_over
        geo.spots.append(Spot(SpotKind.PILE, draw.copy(), draw.copy(), free=can_recycle))
    # captions sit below the keyboard focus ring (10 px out, and its dark edge)
    geo.labels.append((f"Draw {game.draw_count}", (draw.centerx, draw.bottom + CAPTION_GAP)))  # type: ignore[attr-defined]
    geo.labels.append(
        (f"Waste {game.waste_count}", (waste.centerx, waste.bottom + CAPTION_GAP))  # type: ignore[attr-defined]
    )
    progress = game.progress()
    if progress.passes and progress.passes > 1 and progress.pass_number is not None:
        turns = progress.passes - progress.pass_number
        geo.labels.append(
            # the help's words: the waste is turned over (RULES.md's "recycle")
            (f"Turns left {turns}", (waste.centerx, waste.bottom + CAPTION_GAP + 26))
        )
    return geo


TABLES = {TableKind.GRID: grid_geometry, TableKind.PYRAMID: pyramid_geometry}
"""The table kinds a game's record may name, and how each is laid out."""
