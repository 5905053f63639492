"""The celebration of a won game (or a new personal best), played frame by frame.

Three kinds, each its own picture:

- ``WIN``: the deck leaps off the table a card at a time, Kings first, and bounces
  along the felt, leaving a trail of cards behind it, as classic solitaire does.
- ``SWEEP`` (every round of a game of rounds cleared): the cards spring up in a
  fountain from the foot of the table, spinning as they fall, the trail in gold.
- ``BEST`` (a new personal best, won or not): gold stars shower over the table.

A new best on top of a win adds the stars to the win.  Everything advances in
fixed 16 ms steps from :meth:`Celebration.update`, so a slow frame never blocks and
the picture is the same at any frame rate.  With animations off, :func:`still`
runs the same steps at once and keeps the last picture.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from enum import StrEnum

import pygame

from thirteen.core.cards import Card, make_card
from thirteen.core.i18n import N_, tr
from thirteen.ui import cards as card_art
from thirteen.ui import theme

STEP_MS = 16.0
LAUNCH_MS = {"win": 105.0, "sweep": 70.0}
"""Time between two cards leaving, per kind."""
BEST_MS = 3200.0
"""How long the stars of a personal best fall when nothing else is celebrated."""
MOST_MS = 12000.0
"""No celebration lasts longer, whatever the cards do."""
STAR_COUNT = 70


class Kind(StrEnum):
    WIN = "win"
    SWEEP = "sweep"
    BEST = "best"


TITLES = {
    Kind.WIN: N_("You won!"),
    Kind.SWEEP: N_("Every pyramid cleared!"),
    Kind.BEST: N_("New personal best!"),
}


@dataclass
class Flyer:
    card: Card
    x: float
    y: float
    vx: float
    vy: float
    spin: float = 0.0
    angle: float = 0.0
    out: bool = False


@dataclass
class Star:
    x: float
    y: float
    vy: float
    phase: float
    size: int


def deck_order() -> list[Card]:
    """The deck as it leaves: the four Kings, then the Queens, and so on down to the Aces."""
    return [make_card(r, s) for r in range(13, 0, -1) for s in range(4)]


class Celebration:
    """One celebration over a picture of the table; ``done`` once it has played out
    or been skipped."""

    def __init__(
        self,
        kind: Kind,
        table: pygame.Surface,
        area: pygame.Rect,
        card_size: tuple[int, int],
        four_colour: bool = False,
        best: bool = False,
        seed: int = 13,
    ) -> None:
        """``table``: the finished table as drawn (copied); ``area``: where the cards
        fly (the table, not the panel); ``best``: add the stars of a personal best."""
        self.kind = kind
        self.best = best or kind is Kind.BEST
        self.trail = table.copy()
        self.area = pygame.Rect(area)
        self.card_w, self.card_h = card_size
        self.four = four_colour
        self.rng = random.Random(seed)
        self.waiting = deck_order() if kind is not Kind.BEST else []
        self.flyers: list[Flyer] = []
        self.stars: list[Star] = []
        self.elapsed = 0.0
        self._clock = 0.0
        self._next_launch = 0.0
        self.skipped = False
        self.hint = tr("Click, tap or press a key to go on")
        """The line under the title (none on a still picture)."""
        self.unit = self.area.h / 720  # speeds are set for a 720-pixel-tall table
        if self.best:
            for _ in range(STAR_COUNT):
                self.stars.append(self._star(initial=True))

    # -- time ----------------------------------------------------------------------
    @property
    def done(self) -> bool:
        if self.skipped or self.elapsed >= MOST_MS:
            return True
        if self.kind is Kind.BEST:
            return self.elapsed >= BEST_MS
        return not self.waiting and not self.flyers

    def skip(self) -> None:
        self.skipped = True

    def update(self, dt_ms: float) -> bool:
        """Advance by ``dt_ms`` (in whole steps); True while it still plays."""
        if self.done:
            return False
        self._clock += min(dt_ms, 250.0)  # after a stall, go on rather than jump
        while self._clock >= STEP_MS and not self.done:
            self._clock -= STEP_MS
            self._step()
        return not self.done

    def _step(self) -> None:
        self.elapsed += STEP_MS
        if self.waiting and self.elapsed >= self._next_launch:
            self.flyers.append(self._launch(self.waiting.pop(0), len(self.waiting)))
            self._next_launch = self.elapsed + LAUNCH_MS[self.kind.value]
        dt = STEP_MS / 1000
        gravity = (2400 if self.kind is Kind.WIN else 1500) * self.unit
        floor = self.area.bottom - self.card_h
        for f in self.flyers:
            f.vy += gravity * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            f.angle += f.spin * dt
            if self.kind is Kind.WIN and f.y > floor:
                f.y = floor
                f.vy = -f.vy * 0.74
                if abs(f.vy) < 120 * self.unit:  # rolled to a stop: slide on out
                    f.vy = 0
            outside = f.x < self.area.left - self.card_w or f.x > self.area.right
            f.out = outside or f.y > self.area.bottom + self.card_h
            if not f.out:
                self._stamp(f)
        self.flyers = [f for f in self.flyers if not f.out]
        for s in self.stars:
            s.y += s.vy * dt
            s.phase += dt * 6
        if self.elapsed < BEST_MS - 900:  # fallen stars start again at the top
            self.stars = [s if s.y < self.area.bottom else self._star() for s in self.stars]

    def _launch(self, card: Card, left: int) -> Flyer:
        u, rng = self.unit, self.rng
        if self.kind is Kind.SWEEP:
            x = self.area.centerx - self.card_w / 2 + rng.uniform(-30, 30) * u
            y = float(self.area.bottom)
            vx = rng.uniform(-520, 520) * u
            vy = -rng.uniform(1100, 1450) * u
            return Flyer(card, x, y, vx, vy, spin=rng.uniform(-400, 400))
        column = left % 4  # four launch points along the top, like foundations
        x = self.area.x + self.area.w * (0.2 + 0.2 * column) - self.card_w / 2
        y = self.area.y + 24 * u
        speed = rng.uniform(220, 520) * u
        vx = speed if rng.random() < 0.5 else -speed
        return Flyer(card, x, y, vx, -rng.uniform(0, 700) * u)

    def _star(self, initial: bool = False) -> Star:
        rng = self.rng
        top = self.area.y + (rng.uniform(0, self.area.h) if initial else -20)
        return Star(
            rng.uniform(self.area.x, self.area.right),
            top - (self.area.h if initial else 0) * rng.random(),
            rng.uniform(110, 260) * self.unit,
            rng.uniform(0, 6.3),
            rng.choice((10, 14, 18)),
        )

    def _stamp(self, f: Flyer) -> None:
        art = card_art.card_face(f.card, self.card_w, self.card_h, self.four)
        if f.spin:
            art = pygame.transform.rotate(art, round(f.angle / 10) * 10)
            rect = art.get_rect(center=(round(f.x + self.card_w / 2), round(f.y + self.card_h / 2)))
            if self.kind is Kind.SWEEP and int(self.elapsed / STEP_MS) % 3:
                return  # a thinner trail of spinning cards: every third step
            self.trail.blit(art, rect)
        else:
            self.trail.blit(art, (round(f.x), round(f.y)))

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.trail, (0, 0))
        for s in self.stars:
            _draw_star(surface, s.x, s.y, s.size * (0.75 + 0.25 * math.sin(s.phase)))
        self._draw_title(surface)

    def _draw_title(self, surface: pygame.Surface) -> None:
        words = tr(TITLES[self.kind])
        if self.best and self.kind is not Kind.BEST:
            words += "  " + tr("New personal best!")
        size = theme.fitting_size(words, self.area.w - 80, 64, 30)
        text = theme.text(words, size, theme.GOLD)
        hint_size = theme.fitting_size(self.hint, self.area.w - 80, 24, 16)
        hint = theme.text(self.hint, hint_size, theme.INK)
        box = pygame.Rect(0, 0, max(text.get_width(), hint.get_width()) + 48, 0)
        box.h = text.get_height() + hint.get_height() + 36
        box.center = (self.area.centerx, self.area.y + self.area.h // 3)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (8, 28, 20, 225), veil.get_rect(), border_radius=18)
        surface.blit(veil, box)
        pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=18)
        theme.put_text(surface, words, text, text.get_rect(midtop=(box.centerx, box.y + 14)))
        where = hint.get_rect(midbottom=(box.centerx, box.bottom - 12))
        theme.put_text(surface, self.hint, hint, where)


def _draw_star(surface: pygame.Surface, x: float, y: float, r: float) -> None:
    points = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        points.append((x + rr * math.cos(a), y - rr * math.sin(a)))
    pygame.draw.polygon(surface, theme.GOLD, points)
    pygame.draw.polygon(surface, (255, 244, 200), points, width=1)


STILL_CARDS = 12
"""Cards a still picture shows leaping (the court cards): few enough to draw at once."""


def still(celebration: Celebration) -> Celebration:
    """The celebration's picture without its motion (animations off): the court cards'
    leaps played through at once, the stars where they are, then shown as it stands."""
    del celebration.waiting[STILL_CARDS:]
    celebration.hint = ""
    steps = 0
    while not celebration.done and steps < MOST_MS / STEP_MS:
        celebration._step()
        steps += 1
    return celebration
