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

import pygame

from ..cards import Card
from ..game import Game
from ..moves import Recycle
from ..pyramid import COL_OF, PYRAMID_SIZE, ROW_OF, Pyramid, Pyramid13
from ..thirteens import Thirteens
from . import HEIGHT, WIDTH

MIN_TARGET = 80
"""Smallest hit area side in logical pixels (40 CSS px on a sideways phone)."""

PANEL = pygame.Rect(WIDTH - 240, 0, 240, HEIGHT)
TABLE = pygame.Rect(0, 0, WIDTH - 240, HEIGHT)

BUTTON_W, BUTTON_H, BUTTON_GAP = 104, 80, 8
TABLE_BUTTONS = ("new", "restart", "undo", "hint", "help", "sound", "stats", "menu")


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

    kind: str
    rect: pygame.Rect
    hit: pygame.Rect
    card: Card | None = None
    zone: str = ""
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
        return {s.card: s.rect for s in self.spots if s.kind == "card" and s.card is not None}

    def spot_for_card(self, card: Card) -> Spot | None:
        for s in self.spots:
            if s.kind == "card" and s.card == card:
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
        out = [s for s in self.spots if s.free and s.kind in ("card", "empty", "pile")]
        out.sort(key=lambda s: (s.rect.y // 8, s.rect.x))
        return out


def geometry(game: Game) -> Geometry:
    """The table for any game."""
    if isinstance(game, Thirteens):
        return thirteens_geometry(game)
    if isinstance(game, Pyramid | Pyramid13):
        return pyramid_geometry(game)
    raise TypeError(f"no table for {type(game).__name__}")


# -- Thirteens ------------------------------------------------------------

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


def thirteens_geometry(game: Thirteens) -> Geometry:
    cols, rows = game.layout.columns, game.layout.rows
    w, h, px, py, x0, y0 = thirteens_metrics(cols, rows)
    geo = Geometry(w, h)
    gx, gy = max(0, (px - w) // 2), max(0, (py - h) // 2)
    # in a wide grid, what lies over the right part of a column's cards: as many of the
    # next column's (an empty column's slot counts as one, on the bottom row)
    over = [len(game.cols[c + 1]) or 1 if c + 1 < cols else 0 for c in range(cols)]
    for c in range(cols):
        column = game.cols[c]
        x = x0 + c * px
        if not column:
            bottom = pygame.Rect(x, y0 + (rows - 1) * py, w, h)
            whole = pygame.Rect(x - gx, y0 - gy, px, (rows - 1) * py + h + 2 * gy)
            shown = None
            if px < w:  # a wide grid: the slot alone, clear of the cards above on its left
                whole = bottom.copy()
                if over[c]:  # the next column lies over its right part
                    shown = whole = pygame.Rect(x, bottom.y, px, h)
            geo.spots.append(Spot("empty", bottom, whole, column=c, zone="grid", shown=shown))
            continue
        # the top card first: a lower card is drawn (and hit) over the one above it,
        # and a column over the one on its left
        for i in range(len(column) - 1, -1, -1):
            row = rows - 1 - i
            rect = pygame.Rect(x, y0 + row * py, w, h)
            shown = None
            if py < h and i > 0:
                shown = pygame.Rect(x, rect.y, w, py)
            elif px < w and over[c] > i:
                shown = pygame.Rect(x, rect.y, px, h)
            geo.spots.append(
                Spot(
                    "card",
                    rect,
                    rect.inflate(2 * gx, 2 * gy),
                    column[i],
                    "grid",
                    column=c,
                    index=row,
                    shown=shown,
                )
            )
    stock = pygame.Rect(STOCK_X, y0, w, h)
    geo.pile = stock
    if game.stock_left:
        geo.spots.insert(0, Spot("stock", stock, stock.copy(), free=False))
    geo.labels.append((f"Stock {game.stock_left}", (stock.centerx, stock.bottom + 10)))
    return geo


# -- Pyramids -------------------------------------------------------------

PYR_W, PYR_H, PYR_DX, PYR_DY = 100, 140, 106, 70
PILE_X = 34
CAPTION_GAP = 14
"""From a pile's bottom to its caption: clear of the keyboard focus ring, which is drawn
10 px out from the card with a 2 px dark edge."""


def pyramid_geometry(game: Pyramid | Pyramid13) -> Geometry:
    deal, pos = game.deal, game.pos
    geo = Geometry(PYR_W, PYR_H)
    centre = (PILE_X + PYR_W + TABLE.right) // 2 + 10
    y0 = (TABLE.h - (6 * PYR_DY + PYR_H)) // 2
    for i in range(PYRAMID_SIZE):
        card = deal.pyramid[i]
        if card is None or pos[0] >> i & 1:
            continue
        r, c = ROW_OF[i], COL_OF[i]
        x = centre - PYR_W // 2 - r * PYR_DX // 2 + c * PYR_DX
        rect = pygame.Rect(x, y0 + r * PYR_DY, PYR_W, PYR_H)
        geo.spots.append(
            Spot("card", rect, rect.copy(), card, "pyramid", free=deal.free(pos, i), index=i)
        )
    draw = pygame.Rect(PILE_X, y0 + 10, PYR_W, PYR_H)
    waste = pygame.Rect(PILE_X, draw.bottom + 80, PYR_W, PYR_H)
    geo.pile, geo.waste = draw, waste
    top = deal.waste_top(pos)
    if top is not None:
        geo.spots.append(Spot("card", waste.copy(), waste.copy(), top, "waste"))
    card = deal.draw_card(pos)
    if card is not None:
        geo.spots.append(Spot("card", draw.copy(), draw.copy(), card, "draw"))
    else:
        can_recycle = game.is_legal(Recycle()) and not game.is_over
        geo.spots.append(Spot("pile", draw.copy(), draw.copy(), free=can_recycle))
    pile = len(deal.draw_pile(pos))
    # captions sit below the keyboard focus ring (10 px out, and its dark edge)
    geo.labels.append((f"Draw {pile}", (draw.centerx, draw.bottom + CAPTION_GAP)))
    geo.labels.append(
        (f"Waste {len(deal.waste(pos))}", (waste.centerx, waste.bottom + CAPTION_GAP))
    )
    if isinstance(game, Pyramid):
        geo.labels.append(
            # the help's words: the waste is turned over (RULES.md's "recycle")
            (f"Turns left {game.recycles_left}", (waste.centerx, waste.bottom + CAPTION_GAP + 26))
        )
    return geo
