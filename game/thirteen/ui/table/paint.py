"""Painting the table: the felt, the cards with their selection, hint, hover, focus and
nudge, the notice over the table, and the end screen's veiled picture of it.  What is
drawn is a function of the game and the table's view state; nothing here changes
either (the panel is :mod:`.panel`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import pygame

from thirteen.core.cards import FULL_DECK, Card
from thirteen.core.i18n import tr
from thirteen.core.spec import TableKind
from thirteen.games import spec_of
from thirteen.search import budget
from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.feedback import draw_hover
from thirteen.ui.layout import PILE_X, Spot, pyramid_metrics
from thirteen.ui.lru import LruCache
from thirteen.ui.scene import backdrop
from thirteen.ui.spots import SpotKind, Zone
from thirteen.ui.table.panel import draw_panel, panel_key
from thirteen.ui.table.places import spot_key

if TYPE_CHECKING:
    from thirteen.ui.table.scene import TableScene

WARM_MS = 3.0
"""Milliseconds a frame gives to rendering card faces ahead of need (:func:`warm_art`)."""


def draw(table: TableScene, surface: pygame.Surface, buttons: bool = True) -> None:
    """The table and its panel; ``buttons`` False for the end screen's backdrop, where
    the panel's key letters (M for sound, Esc for menu) would contradict its own."""
    if table.celebration is not None:
        table.celebration.draw(surface)
        return
    surface.blit(backdrop(surface.get_size(), table.app.settings.table_colour), (0, 0))
    draw_table(table, surface)
    if table.summary is not None:
        table.summary.draw(surface, table.frame, table.geo, table.game)
    draw_panel(table, surface, buttons)
    if table.banner:
        draw_banner(table, surface)


def selected_lift(card_h: int) -> int:
    """How far a selected card is drawn above its place: a selection differs from the
    rest by its shape on the table, not by its outline's colour alone."""
    return max(4, card_h // 16)


def draw_hinted(surface: pygame.Surface, outline: pygame.Rect) -> None:
    """A hinted card's double outline (a selection has one thick one, the keyboard's
    focus a dashed one): told apart without the colours."""
    for grow in (8, 22):
        ring = outline.inflate(grow, grow)
        pygame.draw.rect(surface, theme.HINT, ring, width=3, border_radius=12)


def draw_table(table: TableScene, surface: pygame.Surface) -> None:
    """The cards and places of the position on the table, with what marks them."""
    geo, game = table.geo, table.on_table()
    settings = table.app.settings
    four = settings.four_colour
    w, h = geo.card_w, geo.card_h
    back = card_art.card_back(w, h, settings.card_back)
    table.anim.back = settings.card_back
    for text, pos in geo.labels:
        # a longer word in some languages: smaller, and never off the canvas's edge
        room = min(w + 20, 2 * min(pos[0], surface.get_width() - pos[0]) - 8)
        size = theme.fitting_size(text, room, 26, 14)
        words = theme.text(text, size, theme.INK_DIM)
        rect = words.get_rect(midtop=pos).clamp(surface.get_rect().inflate(-4, 0))
        theme.put_text(surface, text, words, rect)
    kind = spec_of(game).table
    pyramid: Any = game  # the draw pile's and the waste's counts are a pyramid's own
    # an empty place's edge only where no card lies on it: its rounded corner, of
    # another radius than a card's, would show beside the card's corner
    if geo.waste is not None and not (kind is TableKind.PYRAMID and pyramid.waste_count):
        surface.blit(card_art.slot(w, h), geo.waste)
    for place in geo.slots:
        surface.blit(card_art.slot(w, h), place)
    stock = game.progress().stock or 0
    if kind is TableKind.GRID and geo.pile is not None and not stock:
        surface.blit(card_art.slot(w, h), geo.pile)  # the stock's place, over "Stock 0"
    if kind is TableKind.PYRAMID and geo.pile is not None:
        if not pyramid.draw_count:
            surface.blit(card_art.slot(w, h), geo.pile)
        behind = pyramid.draw_count - 1
        for n in range(min(2, max(0, behind))):
            surface.blit(back, geo.pile.move(-4 * (2 - n), -4 * (2 - n)))
        if pyramid.waste_count > 1 and geo.waste is not None:
            surface.blit(back, geo.waste.move(-4, -4))
    shadow = card_art.shadow(w, h)
    hidden = table.anim.hidden
    chosen = set(table.controller.selection())
    lift = selected_lift(h)
    for spot in geo.spots:
        if spot.kind is SpotKind.STOCK:
            for n in range(min(3, max(0, stock - 1))):
                surface.blit(back, spot.rect.move(-3 * (3 - n), -3 * (3 - n)))
            surface.blit(back, spot.rect)
        elif spot.kind is SpotKind.EMPTY:
            # the bare felt first: in a wide grid the slot lies over the card on its left
            felt = backdrop(surface.get_size(), settings.table_colour)
            surface.blit(felt, spot.rect, area=spot.rect)
            surface.blit(card_art.slot(w, h), spot.rect)
            size = 24 if spot.outline.w >= 70 else 18  # a strip of a wide grid
            where = spot.outline.center
            empty = tr("empty")
            size = theme.fitting_size(empty, spot.outline.w - 6, size, 14)
            theme.blit_text(surface, empty, size, where, theme.INK_DIM, "center")
        elif spot.kind is SpotKind.PILE:
            if spot.free:
                draw_recycle(surface, spot.rect)
        elif spot.card in hidden:
            if spot.zone in (Zone.GRID, Zone.PILE):  # under the cards over it, as it lands
                table.anim.draw_card(surface, spot.card, four)
        elif spot.card is not None:
            up = lift_of(table, spot, chosen, lift)  # a selected card stands lifted
            place = spot.rect.move(shake_of(table, spot), -up)
            surface.blit(shadow, place.move(3, 4 + up))
            if not spot.free:
                art = card_art.dimmed(spot.card, w, h, four)
            else:
                art = card_art.card_face(spot.card, w, h, four, centre=spot.shown is None)
            surface.blit(art, place)
    for key in table.hint_spots:
        found = table.find(key)
        if found is not None:
            draw_hinted(surface, found.outline.move(0, -lift_of(table, found, chosen, lift)))
    for card in table.controller.selection():
        found = table.find((SpotKind.CARD, card))
        if found is not None:
            outline = found.outline.move(0, -lift_of(table, found, chosen, lift))
            pygame.draw.rect(
                surface, (120, 80, 0), outline.inflate(14, 14), width=3, border_radius=14
            )
            pygame.draw.rect(surface, theme.GOLD, outline.inflate(8, 8), width=5, border_radius=12)
    selected = [(SpotKind.CARD, card) for card in table.controller.selection()]
    if table.hover_key is not None and table.hover_key not in selected:
        found = table.find(table.hover_key)
        if found is not None:
            draw_hover(surface, found.outline, table.hover_plays)
    if table.show_focus:
        found = table.find(table.focus_key)
        if found is not None:
            draw_focus_ring(surface, found.outline.inflate(20, 20))
    table.anim.draw(surface, four)
    nudge = table.nudge
    if nudge is not None:
        found = table.find(nudge.key)
        if found is not None:
            nudge.draw_flash(surface, found.outline)
            nudge.draw_words(surface, found.outline, table.frame.table)


def lift_of(table: TableScene, spot: Spot, chosen: set[Card], lift: int) -> int:
    """How far up ``spot``'s card is drawn: ``lift`` when selected, less where the
    table's top edge is nearer (the card stays on the table)."""
    if spot.card not in chosen:
        return 0
    return max(0, min(lift, spot.rect.top - table.frame.table.top))


def shake_of(table: TableScene, spot: Spot) -> int:
    """How far sideways the refused card is drawn now (0 for every other)."""
    if table.nudge is None or table.nudge.key != spot_key(spot):
        return 0
    return table.nudge.offset()


def draw_recycle(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The empty draw pile that turns the waste over when clicked."""
    surface.blit(card_art.slot(rect.w, rect.h), rect)
    r = rect.w // 4
    box = pygame.Rect(0, 0, 2 * r, 2 * r)
    box.center = rect.center
    pygame.draw.arc(surface, theme.INK, box, 0.6, 5.8, 5)
    tip = (box.right - 2, box.centery - r // 2)
    pygame.draw.polygon(
        surface, theme.INK, [tip, (tip[0] - 10, tip[1] - 12), (tip[0] + 10, tip[1] - 10)]
    )
    words = tr("turn over")
    size = theme.fitting_size(words, rect.w - 8, 22, 14)
    theme.blit_text(surface, words, size, (rect.centerx, rect.bottom - 22), theme.INK_DIM, "center")


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The keyboard focus ring: white dashes, visible on cards and felt alike."""
    pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), width=2, border_radius=14)
    dash = 14
    for x in range(rect.left, rect.right, dash * 2):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, theme.FOCUS, (x, rect.top), (end, rect.top), 4)
        pygame.draw.line(surface, theme.FOCUS, (x, rect.bottom - 1), (end, rect.bottom - 1), 4)
    for y in range(rect.top, rect.bottom, dash * 2):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, theme.FOCUS, (rect.left, y), (rect.left, end), 4)
        pygame.draw.line(surface, theme.FOCUS, (rect.right - 1, y), (rect.right - 1, end), 4)


# -- the notice over the table -------------------------------------------------------
def banner_column(table: TableScene) -> pygame.Rect:
    """The notice's left edge and width (its height and top come with its lines): the
    table's width over a Thirteens grid, the room right of the draw pile over a
    pyramid, whose covered top it hides rather than the bottom row a player starts
    with."""
    frame = table.frame
    if spec_of(table.game).table is TableKind.PYRAMID and not frame.portrait:
        scale, w = pyramid_metrics(frame)[:2]
        left = frame.table.x + round(PILE_X * scale) + w + 20  # clear of the draw card too
        return pygame.Rect(left, 0, frame.table.right - 30 - left, 0)
    return pygame.Rect(frame.table.x + 30, 0, frame.table.w - 60, 0)


def banner_lines(table: TableScene) -> list[str]:
    return theme.wrap(table.banner, 26, banner_column(table).w - 40)[:5]


def banner_box(table: TableScene, lines: list[str] | None = None) -> pygame.Rect:
    """Where the notice is drawn (``lines``: its :func:`banner_lines`, when already
    wrapped): over the foot of a Thirteens grid, over the top of a pyramid."""
    if lines is None:
        lines = banner_lines(table)
    box = banner_column(table)
    box.h = 24 + 28 * len(lines)
    if spec_of(table.game).table in (TableKind.PYRAMID, TableKind.PYRAMID_RESERVES):
        box.top = table.frame.table.top + 16
    else:
        box.bottom = table.frame.table.bottom - 16
    return box


def draw_banner(table: TableScene, surface: pygame.Surface) -> None:
    lines = banner_lines(table)
    box = banner_box(table, lines)
    pygame.draw.rect(surface, theme.NOTICE, box, border_radius=14)  # opaque, as the words
    pygame.draw.rect(surface, theme.GOLD, box, width=2, border_radius=14)
    y = box.y + 12
    for line in lines:
        theme.blit_text(surface, line, 26, (box.x + 20, y), (255, 226, 150))
        y += 28


# -- the end screen's picture of the table ---------------------------------------------
_veils: LruCache[tuple, pygame.Surface] = LruCache("end veils", 2)
"""The veils of the last two canvas sizes (a phone turned, and back)."""


def end_veil(like: pygame.Surface) -> pygame.Surface:
    """The dark veil over the table behind the end screen, for ``like``'s size and pixel
    format, made once: one alpha for the whole of it blends much faster than an alpha
    per pixel where blits have no SIMD (the browser's), and a canvas-sized surface is
    not allocated again at every game's end."""
    size = like.get_size()
    key = (size, like.get_bitsize(), like.get_masks())
    veil = _veils.get(key)
    if veil is None:
        veil = _veils.put(key, pygame.Surface(size, 0, like), size)
        veil.fill((0, 20, 10))
        veil.set_alpha(170)
    return veil


def veiled_key(table: TableScene, size: tuple[int, int]) -> tuple:
    """Everything the end screen's picture of the table depends on."""
    return (
        size,
        panel_key(table, False),
        art_look(table),
        table.banner,
        table.summary is not None,
        table.celebration is not None,
        table.app.settings.table_colour,
    )


def veiling(table: TableScene, size: tuple[int, int]) -> Generator[None, None, pygame.Surface]:
    """The table without its buttons under the end screen's dark veil, drawn in steps
    (the table, the veil, one over the other) and kept while it shows the same: the end
    screen's warm-up draws it while the table waits to open the screen, whose first
    frame then only blits it."""
    key = veiled_key(table, size)
    if table.veiled_kept is not None and table.veiled_kept[0] == key:
        return table.veiled_kept[1]
    screen = pygame.display.get_surface()  # its pixel format: blits need no conversion
    picture = pygame.Surface(size, 0, screen) if screen else pygame.Surface(size)
    draw(table, picture, buttons=False)
    yield
    veil = end_veil(picture)
    yield
    picture.blit(veil, (0, 0))
    table.veiled_kept = (key, picture)
    return picture


def veiled(table: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """:func:`veiling` at once."""
    return budget.finish(veiling(table, size))


# -- card faces rendered ahead of need ---------------------------------------------------
def art_look(table: TableScene) -> tuple:
    """What the faces on the table are rendered for: size, colours, contrast."""
    return (
        table.geo.card_w,
        table.geo.card_h,
        table.app.settings.four_colour,
        theme.high_contrast,
    )


def warm_art(table: TableScene) -> None:
    """Render the faces at this size a few per frame, the table's own first, then the
    rest of the deck (what a new round or deal will show): see :func:`.cards.warm`."""
    look = art_look(table)
    if table.warmed == look:
        return
    w, h, four, _ = look
    shown = [spot.card for spot in table.geo.spots if spot.card is not None]
    blocked = any(not spot.free for spot in table.geo.spots if spot.card is not None)
    on_table = set(shown)
    order = [*shown, *(c for c in FULL_DECK if c not in on_table)]
    if card_art.warm(order, w, h, four, blocked, WARM_MS):
        table.warmed = look
