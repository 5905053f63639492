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

from thirteen.core.cards import Card
from thirteen.core.game import Game
from thirteen.core.i18n import tr
from thirteen.core.moves import Draw, Recycle
from thirteen.core.spec import DrawPileView, GridView, PilesView, ReservePilesView, TableKind
from thirteen.games import spec_of
from thirteen.ui import HEIGHT, WIDTH, theme
from thirteen.ui.spots import SpotKind, Zone

MIN_TARGET = 80
"""Smallest hit area side in logical pixels (40 CSS px on a sideways phone)."""

BUTTON_W, BUTTON_H, BUTTON_GAP = 104, 80, 8
PANEL_W = 240
"""The side panel's width on a canvas held sideways."""
BAR_H = 140
"""The top bar's height on a canvas held upright (title, deal, score, progress)."""
BUTTON_BAR_GAP = 5
BUTTON_BAR_ROWS = 2
"""Rows of buttons in the bottom bar on a canvas held upright (720 wide): nine buttons
in one row would be under :data:`MIN_TARGET` wide."""
UPRIGHT_BUTTON_H = 84
"""A button's height in the bottom bar: 45 CSS px on a phone held upright (44 needed)."""
BUTTON_BAR_H = BUTTON_BAR_ROWS * (UPRIGHT_BUTTON_H + BUTTON_BAR_GAP) + BUTTON_BAR_GAP
"""The bottom bar's height on a canvas held upright: the rows of buttons, at the thumb."""


class TableButton(StrEnum):
    """The table's commands, each a panel button and a key."""

    NEW = "new"
    RESTART = "restart"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    HELP = "help"
    SOUND = "sound"
    STATS = "stats"
    MENU = "menu"


TABLE_BUTTONS = tuple(TableButton)
"""In the panel's order: two columns, row by row."""


@dataclass(frozen=True)
class Frame:
    """Where the table's parts go on a canvas of ``size``: held sideways, the cards on
    the left and a side panel on the right with the buttons at its foot; held upright, a
    bar of figures on top, the cards, and a row of buttons at the bottom where a thumb
    reaches."""

    size: tuple[int, int]
    table: pygame.Rect
    """Where the cards go."""
    panel: pygame.Rect
    """The title, deal, score and progress (and, sideways, the buttons too)."""
    bar: pygame.Rect | None = None
    """Upright only: the bottom bar that holds the buttons."""
    left_handed: bool = False
    """The settings' left-handed table: sideways the panel on the left, upright the
    buttons' rows mirrored."""

    @property
    def portrait(self) -> bool:
        return self.bar is not None

    def buttons(self) -> dict[TableButton, pygame.Rect]:
        """The table's buttons: two columns at the foot of the side panel, or rows in the
        bottom bar."""
        out: dict[TableButton, pygame.Rect] = {}
        if self.bar is not None:
            gap, rows = BUTTON_BAR_GAP, BUTTON_BAR_ROWS
            n = -(-len(TABLE_BUTTONS) // rows)  # buttons in a full row
            w = (self.bar.w - (n + 1) * gap) // n
            h = (self.bar.h - (rows + 1) * gap) // rows
            for i, name in enumerate(TABLE_BUTTONS):
                row, col = divmod(i, n)
                in_row = min(n, len(TABLE_BUTTONS) - row * n)
                x0 = self.bar.centerx - (in_row * w + (in_row - 1) * gap) // 2
                y = self.bar.y + gap + row * (h + gap)
                rect = pygame.Rect(x0 + col * (w + gap), y, w, h)
                if self.left_handed:  # mirrored: the first of each row at the right
                    rect.x = self.bar.x + self.bar.right - rect.right
                out[name] = rect
            return out
        rows = (len(TABLE_BUTTONS) + 1) // 2
        top = self.panel.bottom - 12 - rows * BUTTON_H - (rows - 1) * BUTTON_GAP
        bw = max(BUTTON_W, (self.panel.w - 24 - BUTTON_GAP) // 2)  # a wider panel: wider
        for n, name in enumerate(TABLE_BUTTONS):
            column = 1 - n % 2 if self.left_handed else n % 2  # mirrored: outer column first
            x = self.panel.x + 12 + column * (bw + BUTTON_GAP)
            y = top + (n // 2) * (BUTTON_H + BUTTON_GAP)
            out[name] = pygame.Rect(x, y, bw, BUTTON_H)
        return out

    def chrome(self) -> list[pygame.Rect]:
        """What is not the table: clicks there never reach a card."""
        return [self.panel] + ([self.bar] if self.bar is not None else [])


def frame_for(size: tuple[int, int], left_handed: bool = False) -> Frame:
    """The frame of a canvas: upright when it is taller than wide; ``left_handed``: the
    side panel on the left, or upright the buttons' rows mirrored."""
    w, h = size
    if h > w:
        panel = pygame.Rect(0, 0, w, BAR_H)
        bar = pygame.Rect(0, h - BUTTON_BAR_H, w, BUTTON_BAR_H)
        table = pygame.Rect(0, BAR_H, w, bar.top - BAR_H)
        return Frame(size, table, panel, bar, left_handed)
    pw = max(PANEL_W, round(PANEL_W * theme.min_type_size / 22))  # wider for lifted type
    if left_handed:
        return Frame(size, pygame.Rect(pw, 0, w - pw, h), pygame.Rect(0, 0, pw, h), None, True)
    return Frame(size, pygame.Rect(0, 0, w - pw, h), pygame.Rect(w - pw, 0, pw, h))


LANDSCAPE = frame_for((WIDTH, HEIGHT))
"""The 1280x720 frame the figures in this module's docstring speak of."""
PANEL, TABLE = LANDSCAPE.panel, LANDSCAPE.table


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
    slots: list[pygame.Rect] = field(default_factory=list)
    """Empty places drawn under the cards (an empty pile, the reserve's places)."""

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
            if s.free and s.kind in (SpotKind.CARD, SpotKind.EMPTY, SpotKind.PILE, SpotKind.STOCK)
        ]
        out.sort(key=lambda s: (s.rect.y // 8, s.rect.x))
        return out


def geometry(game: Game, frame: Frame = LANDSCAPE) -> Geometry:
    """The table for any game, by the kind of table its record names, in ``frame``."""
    return TABLES[spec_of(game).table](game, frame)


# -- grids ----------------------------------------------------------------

STOCK_X = 36


OVERLAP_BELOW = 90
"""Cards shorter than this, one under the other, are drawn larger and overlapping instead."""

STRIP = 0.42
"""The part of a card's height an overlapping card leaves showing: its corner rank and
the small suit at the top right (see :func:`.cards.card_face`)."""

FULL_FACE = 0.8
"""A card whose lower neighbour covers less than this share of it is drawn and outlined
whole (an upright phone's grid overlaps its rows a little)."""

SIDE_STRIP = 0.45
"""The part of a card's width a card overlapping it from the right leaves showing: its
corner rank with the suit under it."""


def thirteens_metrics(
    columns: int, rows: int, frame: Frame = LANDSCAPE
) -> tuple[int, int, int, int, int, int]:
    """Card size, pitch and grid origin for a C x R grid: (w, h, px, py, x0, y0).

    Tall grids from links (2x15, 3x10) would get tiny cards one under the other;
    there each card instead covers the lower part of the one above, like a column of
    solitaire, leaving its top strip (rank and suit) showing: ``py < h`` says so.
    Wide grids (15x2, 10x3) do the same sideways, each card covering the right part
    of the one on its left: ``px < w``.
    """
    table = frame.table
    if frame.portrait:  # the stock is counted in the top bar: the grid takes the width
        region = pygame.Rect(table.x + 10, table.y + 8, table.w - 20, table.h - 16)
    else:
        region = pygame.Rect(table.x + 170, table.y + 16, table.w - 190, table.h - 32)
    cell_h = region.h / rows
    cell_w = region.w / columns
    highest = cell_h - 12
    widest = (cell_w - 24) / 0.714
    h = int(min(highest, widest, 10_000 if frame.portrait else 160))
    w = int(h * 0.714)
    px = int(min(cell_w, w + 40))
    py = int(min(cell_h, h + 12))
    if (frame.portrait or frame.size != (WIDTH, HEIGHT)) and widest > highest and rows > 1:
        # upright, or sideways on a phone (shown at half size), the width allows larger
        # cards than the height: let each row cover the foot of the one above a little
        # (upright its rank and suit still show; sideways the card is still drawn whole)
        share = 0.92 if frame.portrait else FULL_FACE
        tall = int(min(widest, region.h / (1 + (rows - 1) * share), h * 2))
        if tall > h:
            h, w = tall, int(tall * 0.714)
            px = int(min(cell_w, w + 24))
            py = int((region.h - h) / (rows - 1))
    elif h < OVERLAP_BELOW and highest <= widest and rows > 1:
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


def grid_geometry(game: Game, frame: Frame = LANDSCAPE) -> Geometry:
    """A grid of cells (``game.grid()``, rows from the top); an empty column is a slot a
    card can move to when the game has that move (``fills_empty_columns``)."""
    assert isinstance(game, GridView)  # a grid game, as its table kind says
    cells = game.grid()
    rows, cols = len(cells), len(cells[0])
    w, h, px, py, x0, y0 = thirteens_metrics(cols, rows, frame)
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
            if py < h * FULL_FACE and row + 1 < rows and cells[row + 1][c] is not None:
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
    left = game.progress().stock or 0
    if frame.portrait:  # the bar counts the stock; new cards come in from above the grid
        geo.pile = pygame.Rect(frame.table.centerx - w // 2, frame.table.y - h, w, h)
        return geo
    stock = pygame.Rect(frame.table.x + STOCK_X, y0, w, h)
    geo.pile = stock
    if left:
        geo.spots.insert(0, Spot(SpotKind.STOCK, stock, stock.copy(), free=False))
    geo.labels.append((tr("Stock {n}", n=left), (stock.centerx, stock.bottom + 10)))
    return geo


# -- Pyramids -------------------------------------------------------------

PYR_W, PYR_H, PYR_DX, PYR_DY = 100, 140, 106, 70
PILE_X = 34
CAPTION_GAP = 14
"""From a pile's bottom to its caption: clear of the keyboard focus ring, which is drawn
10 px out from the card with a 2 px dark edge."""


PYRAMID_SPAN = PILE_X + PYR_W + 20 + 7 * PYR_DX
"""How wide a pyramid table sideways is at full size: the piles' column and seven cards."""


UPRIGHT_PITCH, UPRIGHT_ROWS = 1.03, 0.85
"""Upright, a pyramid's pitch across (its bottom row nearly edge to edge) and down (the
height to spare shows more of each covered card) as shares of a card."""


def upright_piles(frame: Frame, bottom: int, w: int, h: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Upright, the draw pile and the waste side by side under the pyramid's ``bottom``,
    in the middle of the height left over their captions (two lines) and a message's veil."""
    table = frame.table
    top = bottom + max(20, (table.bottom - bottom - 2 * CAPTION_GAP - 150 - h) // 2)
    gap = max(80, (table.w - 2 * w) // 4)
    draw = pygame.Rect(table.centerx - gap // 2 - w, top, w, h)
    return draw, pygame.Rect(table.centerx + gap // 2, top, w, h)


def pyramid_metrics(frame: Frame) -> tuple[float, int, int, int, int]:
    """(scale, card w, card h, pitch x, pitch y) of the pyramid in ``frame``: full size
    where it fits, smaller on a narrow table, and upright as wide as the canvas allows."""
    table = frame.table
    if frame.portrait:  # rows as far apart as the height allows (half a card at least)
        wide = (table.w - 12) / (7 * PYR_W * UPRIGHT_PITCH) * PYR_H  # the width's card height
        room = table.h - 214  # above it, the piles' gap, their captions, a message's veil
        rows = min(UPRIGHT_ROWS, max(0.5, (room / wide - 2) / 6))
        h = min(wide, room / (6 * rows + 2))
        w = round(h * PYR_W / PYR_H)
        return h / PYR_H, w, round(h), round(w * UPRIGHT_PITCH), round(h * rows)
    scale = min(1.0, (table.w - 20) / PYRAMID_SPAN, table.h / 720)
    w, h = round(PYR_W * scale), round(PYR_H * scale)
    return scale, w, h, round(PYR_DX * scale), round(PYR_DY * scale)


def pyramid_geometry(game: Game, frame: Frame = LANDSCAPE) -> Geometry:
    """A pyramid of 7 rows (``game.pyramid_cards()``), the draw pile and the waste: beside
    it on a canvas held sideways, under it (near the thumbs) held upright."""
    assert isinstance(game, DrawPileView)  # a pyramid with a draw pile, as its kind says
    table = frame.table
    scale, cw, ch, dx, dy = pyramid_metrics(frame)
    geo = Geometry(cw, ch)
    if frame.portrait:
        centre = table.centerx
        y0 = table.y + 16
    else:
        centre = round((table.x + PILE_X * scale + cw + table.right) / 2 + 10 * scale)
        y0 = table.y + (table.h - (6 * dy + ch)) // 2
    for r, c, card, free in game.pyramid_cards():
        x = centre - cw // 2 - r * dx // 2 + c * dx
        rect = pygame.Rect(x, y0 + r * dy, cw, ch)
        index = r * (r + 1) // 2 + c
        geo.spots.append(
            Spot(SpotKind.CARD, rect, rect.copy(), card, Zone.PYRAMID, free=free, index=index)
        )
    if frame.portrait:  # side by side under the pyramid, towards the thumbs
        draw, waste = upright_piles(frame, y0 + 6 * dy + ch, cw, ch)
    else:
        draw = pygame.Rect(table.x + round(PILE_X * scale), y0 + round(10 * scale), cw, ch)
        waste = pygame.Rect(draw.x, draw.bottom + round(80 * scale), cw, ch)
    geo.pile, geo.waste = draw, waste
    top_card = game.waste_top
    if top_card is not None:
        geo.spots.append(Spot(SpotKind.CARD, waste.copy(), waste.copy(), top_card, Zone.WASTE))
    drawn = game.draw_card
    if drawn is not None:
        geo.spots.append(Spot(SpotKind.CARD, draw.copy(), draw.copy(), drawn, Zone.DRAW))
    else:
        can_recycle = game.is_legal(Recycle()) and not game.is_over
        geo.spots.append(Spot(SpotKind.PILE, draw.copy(), draw.copy(), free=can_recycle))
    # captions sit below the keyboard focus ring (10 px out, and its dark edge)
    draws = game.draw_count
    geo.labels.append((tr("Draw {n}", n=draws), (draw.centerx, draw.bottom + CAPTION_GAP)))
    wastes = game.waste_count
    geo.labels.append((tr("Waste {n}", n=wastes), (waste.centerx, waste.bottom + CAPTION_GAP)))
    progress = game.progress()
    if progress.passes and progress.passes > 1 and progress.pass_number is not None:
        turns = progress.passes - progress.pass_number
        # the help's words: the waste is turned over (docs/rules.md's "recycle")
        where = (waste.centerx, waste.bottom + CAPTION_GAP + 26)
        geo.labels.append((tr("Turns left {n}", n=turns), where))
    return geo


# -- A row of piles ------------------------------------------------------------

FAN = 0.42
"""The part of a card's height the card dealt over it leaves showing: its rank and suit."""


def piles_geometry(game: Game, frame: Frame = LANDSCAPE) -> Geometry:
    """A row of piles fanned down (``game.pile_cards()``, each bottom to top), the stock
    that deals onto them and the reserve's places (``game.reserve_cards()``): sideways the
    stock and the reserve in a column on the left, upright in a row above the piles."""
    assert isinstance(game, PilesView)  # a game of piles, as its table kind says
    piles = game.pile_cards()
    reserve = game.reserve_cards()
    table = frame.table
    n = len(piles)
    tallest = max(10, *(len(p) for p in piles))
    if frame.portrait:
        region = pygame.Rect(table.x + 10, table.y + 10, table.w - 20, table.h - 20)
        w = min(PYR_W * 1.6, (region.w - (n - 1) * 16) / n)
        h = round(w / 0.714)
        top_row = h + 40
        fan = min(FAN * h, (region.h - top_row - h - 20) / (tallest - 1))
        w, h = round(w), round(h)
        pitch = (region.w - w) // (n - 1)
        x0, y0 = region.x, region.y + top_row
        stock = pygame.Rect(region.x, region.y, w, h)
        places = [pygame.Rect(region.right - w - k * (w + 16), region.y, w, h) for k in (1, 0)]
    else:
        region = pygame.Rect(table.x + 16, table.y + 16, table.w - 32, table.h - 32)
        tall = min(PYR_H, region.h / (1 + FAN * (tallest - 1)))
        w = round(tall * 0.714)
        fan = min(FAN * tall, (region.h - tall) / (tallest - 1))
        h = round(tall)
        side = w + 40
        pitch = min(w + 60, (region.w - side - w) // (n - 1))
        x0 = region.x + side + (region.w - side - (pitch * (n - 1) + w)) // 2
        y0 = region.y
        stock = pygame.Rect(region.x, region.y, w, h)
        places = [pygame.Rect(region.x, region.y + (h + 56) * k, w, h) for k in (1, 2)]
    geo = Geometry(w, h)
    geo.pile = stock
    geo.slots.append(stock)
    for p, pile in enumerate(piles):
        x = x0 + p * pitch
        geo.slots.append(pygame.Rect(x, y0, w, h))
        for i, card in enumerate(pile):
            rect = pygame.Rect(x, round(y0 + i * fan), w, h)
            top = i == len(pile) - 1
            shown = None if top else pygame.Rect(x, rect.y, w, round(fan))
            hit = rect.copy() if shown is None else shown.copy()
            geo.spots.append(
                Spot(SpotKind.CARD, rect, hit, card, Zone.PILE, column=p, free=top, shown=shown)
            )
    for rect in places:
        geo.slots.append(rect)
    for card, rect in zip(reserve, places, strict=False):
        geo.spots.append(Spot(SpotKind.CARD, rect.copy(), rect.copy(), card, Zone.RESERVE))
    left = game.progress().stock or 0
    if left:
        can_deal = game.is_legal(Draw()) and not game.is_over
        geo.spots.insert(0, Spot(SpotKind.STOCK, stock.copy(), stock.copy(), free=can_deal))
    geo.labels.append((tr("Stock {n}", n=left), (stock.centerx, stock.bottom + CAPTION_GAP)))
    under = (sum(p.centerx for p in places) // 2, places[-1].bottom + CAPTION_GAP)
    geo.labels.append((tr("Reserve"), under if frame.portrait else (stock.centerx, under[1])))
    return geo


# -- A pyramid over reserve piles ---------------------------------------------------

RESERVE_GAP = 0.15
"""Between two reserve piles, and between the pyramid and the reserves, as a part of a
card's width."""


def reserve_rows_fit(region: pygame.Rect, piles: int, rows: int, step: float = 0.5) -> int:
    """The card height at which the pyramid (its rows ``step`` card heights apart) and
    ``piles`` reserve piles of three, laid in ``rows`` rows under it, fit ``region`` (at
    most the pyramids' full size)."""
    per_row = -(-piles // rows)
    # heights in card heights: the pyramid six steps and a card, each row of piles
    # 1 + 2 * FAN, and a gap of RESERVE_GAP card widths above each row
    tall = 6 * step + 1 + rows * (1 + 2 * FAN) + rows * RESERVE_GAP * 0.714
    wide = max(7 * PYR_DX / PYR_W, per_row + (per_row - 1) * RESERVE_GAP) * 0.714
    return int(min(PYR_H, region.h / tall, region.w / wide))


def pyramid_reserves_geometry(game: Game, frame: Frame = LANDSCAPE) -> Geometry:
    """A pyramid of 7 rows (``game.pyramid_cards()``) over reserve piles fanned down
    (``game.reserve_piles()``, each bottom to top, its last card free), in one row or,
    where that gives larger cards (held upright, on a narrow table), two; no stock."""
    assert isinstance(game, ReservePilesView)  # a pyramid over reserves, as its kind says
    piles = game.reserve_piles()
    table = frame.table
    # sideways on a phone (shown at half size) the rows overlap as far as a reserve's
    # cards do, which leaves their corners showing and the cards large enough to read
    phone = not frame.portrait and frame.size != (WIDTH, HEIGHT)
    region, step = (table.inflate(-24, -12), FAN) if phone else (table.inflate(-24, -24), 0.5)
    rows = max((1, 2), key=lambda n: reserve_rows_fit(region, len(piles), n, step))
    h = reserve_rows_fit(region, len(piles), rows, step)
    w = round(h * 0.714)
    dx, dy = round(w * PYR_DX / PYR_W), round(h * step)
    fan, gap = round(FAN * h), round(RESERVE_GAP * w)
    per_row = -(-len(piles) // rows)
    spare = region.w - per_row * w
    px = w + min(round(0.5 * w), spare // max(1, per_row - 1) if per_row > 1 else 0)
    pile_h = h + 2 * fan
    whole = 6 * dy + h + rows * (gap + pile_h)
    y0 = region.y + (region.h - whole) // 2
    geo = Geometry(w, h)
    for r, c, card, free in game.pyramid_cards():
        x = region.centerx - w // 2 - r * dx // 2 + c * dx
        rect = pygame.Rect(x, y0 + r * dy, w, h)
        index = r * (r + 1) // 2 + c
        geo.spots.append(
            Spot(SpotKind.CARD, rect, rect.copy(), card, Zone.PYRAMID, free=free, index=index)
        )
    top = y0 + 6 * dy + h + gap
    x0 = region.centerx - (px * (per_row - 1) + w) // 2
    for p, pile in enumerate(piles):
        row, col = divmod(p, per_row)
        x, y = x0 + col * px, top + row * (pile_h + gap)
        geo.slots.append(pygame.Rect(x, y, w, h))
        for i, card in enumerate(pile):
            rect = pygame.Rect(x, y + i * fan, w, h)
            last = i == len(pile) - 1
            shown = None if last else pygame.Rect(x, rect.y, w, fan)
            hit = rect.copy() if shown is None else shown.copy()
            geo.spots.append(
                Spot(SpotKind.CARD, rect, hit, card, Zone.PILE, column=p, free=last, shown=shown)
            )
    # where the opening deal flies in from: above the table, as nothing is dealt later
    geo.pile = pygame.Rect(table.centerx - w // 2, table.y - h, w, h)
    return geo


TABLES = {
    TableKind.GRID: grid_geometry,
    TableKind.PYRAMID: pyramid_geometry,
    TableKind.PILES: piles_geometry,
    TableKind.PYRAMID_RESERVES: pyramid_reserves_geometry,
}
"""The table kinds a game's record may name, and how each is laid out."""
