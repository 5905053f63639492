"""A small table that plays a game's examples (``GameSpec.examples``) on the help screen.

The positions come from the engine (:func:`..examples.replay`) and are laid out by the
table's own geometry (:func:`.layout.geometry`), fitted into the rect the help screen
gives, so a new game's examples show as its table does with nothing written here. The
moves play one at a time, looping, each sliding as on the table (:class:`.anim.Animator`);
with animations off the example stands still and a click plays its next move. Time only
advances in :meth:`HelpExample.update`: nothing here ever waits.
"""

from __future__ import annotations

import dataclasses

import pygame

from thirteen.core.examples import ExampleStep, replay
from thirteen.core.game import Game
from thirteen.core.i18n import tr
from thirteen.core.moves import Draw, Move, MoveToEmpty, Recycle
from thirteen.core.spec import GameSpec
from thirteen.ui import cards as card_art
from thirteen.ui import theme
from thirteen.ui.anim import Animator
from thirteen.ui.layout import LANDSCAPE, Frame, Geometry, Spot, geometry
from thirteen.ui.spots import SpotKind

R = pygame.Rect

HOLD_START_MS = 1500.0
"""How long an example's start shows before its first move."""
MOVE_MS = 1100.0
"""From one move to the next (the move's own slide, :data:`.anim.MAX_MS` at most, is part
of it)."""
RING_MS = 500.0
"""The cards of the next move are ringed this long before it plays, as a selection."""
HOLD_END_MS = 2400.0
"""How long the last position stays before the next example starts."""

CAPTION_SIZE = 24
"""The size of the words under the example, in a picture tall enough for them."""
CAPTION_LEAST = 16
"""The smallest the words under the example are set, in a short picture."""
LABEL_SIZE = 26
"""The size the table's captions ("Draw 3") have on the table, before fitting."""
BOX = (16, 66, 46)
"""The example's own darker felt, set off from the help screen's."""


def _upright(w: int, h: int) -> Frame:
    """An upright table of its own, with no bars: its cards the whole frame."""
    return Frame((w, h), R(0, 0, w, h), R(0, 0, 0, 0), R(0, h, w, 0))


def _sideways(w: int, h: int) -> Frame:
    """A table held sideways, with no side panel."""
    return Frame((w, h), R(0, 0, w, h), R(w, 0, 0, h))


REFERENCES = (LANDSCAPE, _sideways(620, 720), _upright(720, 900), _upright(720, 640))
"""The frames an example is laid out in before it is fitted: the one that fits the box
with the largest cards is used (a narrow table keeps a grid's stock close to it; an
upright one puts a pyramid's piles under it; a short one keeps them close)."""


def _label_box(text: str, pos: tuple[int, int]) -> pygame.Rect:
    w, h = theme.font(LABEL_SIZE).size(text)
    return R(pos[0] - w // 2, pos[1], w, h)


def _extent(geo: Geometry, frame: Frame) -> pygame.Rect | None:
    """What of a position's table is shown: its spots, piles inside the table, labels."""
    rects = [s.rect for s in geo.spots]
    rects += [r for r in (geo.pile, geo.waste) if r is not None and frame.table.contains(r)]
    rects += [_label_box(text, pos) for text, pos in geo.labels]
    if not rects:
        return None
    return rects[0].unionall(rects[1:])


@dataclasses.dataclass(frozen=True)
class Fitted:
    """One example's positions laid out in a box."""

    geos: list[Geometry]
    pile_shown: bool
    """Whether the pile is in the box (a Thirteens grid held upright brings new cards in
    from above it, off the box)."""
    label_size: int


def fit(positions: list[Game], box: pygame.Rect) -> Fitted:
    """Lay every position out in each reference frame and fit the one whose cards come
    out largest into ``box``: the same scale and place for all, so nothing jumps."""
    best: tuple[float, Frame, list[Geometry], pygame.Rect] | None = None
    for frame in REFERENCES:
        geos = [geometry(p, frame) for p in positions]
        extents = [e for e in (_extent(g, frame) for g in geos) if e is not None]
        if not extents:
            continue
        extent = extents[0].unionall(extents[1:])
        scale = min(box.w / max(1, extent.w), box.h / max(1, extent.h))
        if best is None or scale > best[0]:
            best = (scale, frame, geos, extent)
    if best is None:
        return Fitted([Geometry(1, 1) for _ in positions], False, CAPTION_SIZE)
    scale, frame, geos, extent = best
    ox = box.x + (box.w - extent.w * scale) / 2 - extent.x * scale
    oy = box.y + (box.h - extent.h * scale) / 2 - extent.y * scale

    def at(r: pygame.Rect) -> pygame.Rect:
        return R(
            round(ox + r.x * scale), round(oy + r.y * scale), round(r.w * scale), round(r.h * scale)
        )

    def card_at(r: pygame.Rect, w: int, h: int) -> pygame.Rect:
        return R(round(ox + r.x * scale), round(oy + r.y * scale), w, h)

    out = []
    for g in geos:
        w, h = max(8, round(g.card_w * scale)), max(11, round(g.card_h * scale))
        spots = [
            dataclasses.replace(
                s,
                rect=card_at(s.rect, w, h),
                hit=at(s.hit),
                shown=None if s.shown is None else at(s.shown),
            )
            for s in g.spots
        ]
        out.append(
            Geometry(
                w,
                h,
                spots,
                None if g.pile is None else card_at(g.pile, w, h),
                None if g.waste is None else card_at(g.waste, w, h),
                [(t, (round(ox + x * scale), round(oy + y * scale))) for t, (x, y) in g.labels],
            )
        )
    pile = geos[0].pile
    shown = pile is not None and frame.table.contains(pile)
    return Fitted(out, shown, max(16, round(LABEL_SIZE * scale)))


LEAST_LABEL = 10
"""The smallest a caption on the example's table is set, to keep clear of the others."""


def apart_size(labels: list[tuple[str, tuple[int, int]]], size: int, bottom: int) -> int:
    """The largest type size up to ``size`` at which no two of the table's ``labels``
    (words, midtop) meet and none reaches ``bottom`` (the caption under the table):
    Larger text sets them larger, and a small picture has little room between piles."""

    def boxes(at: int) -> list[pygame.Rect]:
        f = theme.font(at)
        return [R(x - f.size(t)[0] // 2, y, *f.size(t)) for t, (x, y) in labels]

    while size > LEAST_LABEL:
        rects = boxes(size)
        apart = all(not a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :])
        if apart and all(r.bottom <= bottom for r in rects):
            break
        size -= 1
    return size


class HelpExample:
    """A game's examples, played in turn on a small table, looping."""

    def __init__(
        self, spec: GameSpec, *, animate: bool = True, four_colour: bool = False, back: str = "red"
    ):
        self.spec = spec
        self.examples: list[list[ExampleStep]] = [replay(spec, ex) for ex in spec.examples]
        self.animate = animate
        self.four_colour = four_colour
        self.index = 0
        """The example on show."""
        self.step = 0
        """Its position on show: 0 is the start, n the position after move n."""
        self.clock = 0.0
        """Time spent on this position."""
        self.back = back
        """The card back the player chose (see :data:`.cards.BACKS`)."""
        self.anim = Animator()
        self.anim.enabled = animate
        self.anim.back = back
        self._fitted: tuple[int, tuple[int, int, int, int], Fitted] | None = None
        self.caption_top = 1 << 30
        """Where the caption under the table begins (the table's captions keep above it)."""

    # -- time ---------------------------------------------------------------
    def active(self) -> bool:
        """Whether time alone changes the example: while it plays, the help screen keeps
        the loop at its full frame rate."""
        return self.animate and bool(self.examples)

    @property
    def steps(self) -> list[ExampleStep]:
        return self.examples[self.index]

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def hold_ms(self) -> float:
        """How long the position on show stays."""
        if self.step == 0:
            return HOLD_START_MS
        return HOLD_END_MS if self.step >= self.last else MOVE_MS

    def ringing(self) -> bool:
        """Whether the next move's cards are ringed now (always, standing still)."""
        if self.step >= self.last:
            return False
        return not self.animate or self.clock >= self.hold_ms() - RING_MS

    def update(self, dt_ms: float) -> bool:
        """Advance time; True when the picture changed (a move, a slide, a ring)."""
        if not self.active():
            return False
        ringing = self.ringing()
        changed = self.anim.update(dt_ms)
        self.clock += dt_ms
        if self.clock >= self.hold_ms():
            self.advance()
            return True
        return changed or ringing != self.ringing()

    def advance(self) -> None:
        """The next move, or the next example once this one is played out."""
        self.clock = 0.0
        if self.step < self.last:
            self.step += 1
            kept = self._fitted
            if kept is not None and kept[0] == self.index:
                fitted = kept[2]
                effect = self.steps[self.step].effect
                removed = set(effect.removed) if effect is not None else set()
                before, after = fitted.geos[self.step - 1], fitted.geos[self.step]
                self.anim.transition(before, after, removed)
            return
        self.anim.finish()
        self.index = (self.index + 1) % len(self.examples)
        self.step = 0

    # -- drawing --------------------------------------------------------------
    def fitted(self, box: pygame.Rect) -> Fitted:
        key = (box.x, box.y, box.w, box.h)
        if self._fitted is None or self._fitted[:2] != (self.index, key):
            if self._fitted is not None:
                self.anim.finish()  # laid out anew: what slid lands at once
            positions = [s.position for s in self.steps]
            self._fitted = (self.index, key, fit(positions, box))
        return self._fitted[2]

    def caption_lines(self, width: int, size: int = CAPTION_SIZE) -> list[str]:
        caption = tr(self.spec.examples[self.index].caption)
        lines = theme.wrap(caption, size, width)
        if not self.animate:
            more = self.step < self.last
            lines.append(tr("Click for the next move.") if more else tr("Click again."))
        return lines

    def caption_fit(self, width: int, room: int) -> tuple[int, list[str]]:
        """The caption's type size and lines: the largest that leaves the example's table
        half of ``room`` (the picture's height inside its margins), else the smallest (a
        short picture, larger text: the table keeps what room there is)."""
        for size in range(CAPTION_SIZE, CAPTION_LEAST, -2):
            lines = self.caption_lines(width, size)
            if len(lines) * theme.font(size).get_linesize() <= room // 2:
                return size, lines
        return CAPTION_LEAST, self.caption_lines(width, CAPTION_LEAST)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The example in ``area``: its table, the move about to play ringed, a caption."""
        pygame.draw.rect(surface, BOX, area, border_radius=16)
        if not self.examples:
            return
        pad = 14
        size, lines = self.caption_fit(area.w - 2 * pad, area.h - 2 * pad)
        line_h = theme.font(size).get_linesize()
        caption_top = area.bottom - pad - len(lines) * line_h
        box = R(
            area.x + pad, area.y + pad + 18, area.w - 2 * pad, caption_top - area.y - 2 * pad - 18
        )
        fitted = self.fitted(box)
        self.caption_top = caption_top
        geo = fitted.geos[self.step]
        clip = surface.get_clip()
        surface.set_clip(area.inflate(-4, -4).clip(clip))
        self.draw_table(surface, geo, fitted)
        if self.ringing():
            self.draw_ring(surface, geo, self.steps[self.step + 1].effect)
        self.anim.draw(surface, self.four_colour)
        surface.set_clip(clip)
        self.draw_ending(surface, area)
        self.draw_count(surface, area)
        y = caption_top
        for line in lines:
            theme.blit_text(surface, line, size, (area.centerx, y), theme.INK, "midtop")
            y += line_h

    def draw_count(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Which example this is: a dot for each, the one on show filled."""
        n = len(self.examples)
        if n < 2:
            return
        for k in range(n):
            centre = (area.right - 20 - (n - 1 - k) * 20, area.y + 16)
            if k == self.index:
                pygame.draw.circle(surface, theme.GOLD, centre, 6)
            else:
                pygame.draw.circle(surface, theme.INK_DIM, centre, 6, width=2)

    def draw_table(self, surface: pygame.Surface, geo: Geometry, fitted: Fitted) -> None:
        position = self.steps[self.step].position
        w, h = geo.card_w, geo.card_h
        stock = position.progress().stock or 0
        size = apart_size(geo.labels, fitted.label_size, self.caption_top)
        put: list[pygame.Rect] = []
        for text, pos in geo.labels:  # one that meets another even so is left out
            rect = theme.text(text, size).get_rect(midtop=pos)
            if rect.bottom <= self.caption_top and rect.collidelist(put) < 0:
                put.append(theme.blit_text(surface, text, size, pos, theme.INK_DIM, "midtop"))
        if geo.waste is not None:
            surface.blit(card_art.slot(w, h), geo.waste)
        has_stock_spot = any(s.kind is SpotKind.STOCK for s in geo.spots)
        if fitted.pile_shown and geo.pile is not None and not has_stock_spot:
            surface.blit(card_art.slot(w, h), geo.pile)
            for n in range(min(2, max(0, stock - 1))):  # the cards under the draw card
                surface.blit(
                    card_art.card_back(w, h, self.back), geo.pile.move(-3 * (2 - n), -3 * (2 - n))
                )
        shadow = card_art.shadow(w, h)
        for spot in geo.spots:
            self.draw_spot(surface, spot, w, h, stock, shadow)

    def draw_spot(
        self, surface: pygame.Surface, spot: Spot, w: int, h: int, stock: int, shadow
    ) -> None:
        if spot.kind is SpotKind.STOCK:
            for n in range(min(3, max(0, stock - 1))):
                surface.blit(
                    card_art.card_back(w, h, self.back), spot.rect.move(-3 * (3 - n), -3 * (3 - n))
                )
            surface.blit(card_art.card_back(w, h, self.back), spot.rect)
        elif spot.kind is SpotKind.CARD and spot.card is not None:
            if spot.card in self.anim.hidden:
                return  # on its way there: the animator draws it
            surface.blit(shadow, spot.rect.move(2, 3))
            if spot.free:
                art = card_art.card_face(
                    spot.card, w, h, self.four_colour, centre=spot.shown is None
                )
            else:
                art = card_art.dimmed(spot.card, w, h, self.four_colour)
            surface.blit(art, spot.rect)
        else:  # an empty column, an empty pile, or what a new kind of table adds
            surface.blit(card_art.slot(w, h), spot.rect)
            if spot.kind is SpotKind.PILE and spot.free:
                self.draw_turn_over(surface, spot.rect)

    @staticmethod
    def draw_turn_over(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The empty draw pile that turns the waste over: a round arrow."""
        r = max(6, rect.w // 4)
        box = R(0, 0, 2 * r, 2 * r)
        box.center = rect.center
        pygame.draw.arc(surface, theme.INK, box, 0.6, 5.8, max(2, r // 5))
        tip = (box.right - 1, box.centery - r // 2)
        k = max(4, r // 2)
        pygame.draw.polygon(
            surface, theme.INK, [tip, (tip[0] - k, tip[1] - k), (tip[0] + k, tip[1] - k)]
        )

    def ring_rects(self, geo: Geometry, move: Move) -> list[pygame.Rect]:
        """Where the player would click to play ``move``."""
        if isinstance(move, Draw | Recycle):
            draw = next(
                (s for s in geo.spots if s.rect == geo.pile and s.kind is not SpotKind.STOCK), None
            )
            return [draw.rect] if draw is not None else ([geo.pile] if geo.pile else [])
        if isinstance(move, MoveToEmpty):
            spot = geo.spot_for_card(move.card)
            slot = next(
                (s for s in geo.spots if s.kind is SpotKind.EMPTY and s.column == move.column), None
            )
            return [s.outline for s in (spot, slot) if s is not None]
        return [s.outline for s in (geo.spot_for_card(c) for c in move.cards) if s is not None]

    def draw_ring(self, surface: pygame.Surface, geo: Geometry, effect) -> None:
        if effect is None:
            return
        for rect in self.ring_rects(geo, effect.move):
            pygame.draw.rect(surface, (120, 80, 0), rect.inflate(10, 10), width=2, border_radius=10)
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), width=4, border_radius=9)

    def draw_ending(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """'Round over' or 'Game over' once the example's last move ended one: in the top
        left corner, clear of the cards."""
        here = self.steps[self.step]
        if here.effect is None or self.anim.active:
            return
        if here.effect.round_end is not None:
            words = tr("Round over")
        elif here.position.is_over:
            words = tr("Game over")
        else:
            return
        tag = theme.text(words, 24, theme.PRIMARY_TEXT)
        rect = tag.get_rect(topleft=(area.x + 18, area.y + 10)).inflate(20, 8)
        pygame.draw.rect(surface, theme.PRIMARY, rect, border_radius=12)
        theme.put_text(surface, words, tag, tag.get_rect(center=rect.center))

    def press(self) -> None:
        """A click on the example: its next move at once (standing still, the only way on)."""
        if self.examples:
            self.anim.finish()
            self.advance()
