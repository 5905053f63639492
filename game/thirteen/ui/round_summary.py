"""The pause between two rounds of a game played over several (Pyramid 13's three
pyramids): the finished round stays on the table with what it scored until the player
goes on, so the final position is seen and the points are read where they were made."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from thirteen.core.game import Game, RoundEnd
from thirteen.core.i18n import tr
from thirteen.ui import theme
from thirteen.ui.layout import Frame, Geometry
from thirteen.ui.widgets import Button, key_words

CONTINUE = "next-round"
BOX_W = 700
"""The summary's width: two columns of a label and its value, and the button."""
BUTTON_W = 180
ROW_H = 38


@dataclass
class RoundSummary:
    """A finished round on show: ``view`` its final position, ``ended`` what it scored,
    ``shown_at`` when it came (presses just after it are the rest of the last click)."""

    view: Game
    ended: RoundEnd
    shown_at: float

    def title(self) -> str:
        ended = self.ended
        if ended.cleared:
            return tr("Round {number} cleared!", number=ended.number)
        return tr("Round {number} over", number=ended.number)

    def figures(self, game: Game) -> list[tuple[str, str]]:
        """(label, value) of the summary; ``game`` is the game in play (the next round's
        start), whose score is the running total."""
        ended = self.ended
        card_points = ended.points - (ended.bonus if ended.cleared else 0)
        out = [
            (tr("Cards removed"), str(self.view.removed_cards)),
            (tr("Points for cards"), str(card_points)),
        ]
        if ended.cleared:
            out.append((tr("Clearing bonus"), f"+{ended.bonus}"))
        out.append((tr("Round score"), str(ended.points)))
        out.append((tr("Total so far"), str(game.score)))
        return out

    def box(self, frame: Frame, geo: Geometry, game: Game) -> pygame.Rect:
        """Where the summary goes: the height of the table that hides the fewest cards,
        piles and captions of the finished round (the player reads its last position),
        the lowest of those on a tie."""
        rows = (len(self.figures(game)) + 1) // 2
        box = pygame.Rect(0, 0, min(BOX_W, frame.table.w - 20), 74 + rows * ROW_H + 12)
        box.centerx = frame.table.centerx
        things = [s.rect for s in geo.spots] + [r for r in (geo.pile, geo.waste) if r]
        things += [pygame.Rect(x - 60, y, 120, 30) for _, (x, y) in geo.labels]
        best: tuple[int, int] | None = None
        top = frame.table.top + 10
        while top + box.h <= frame.table.bottom - 10:
            box.top = top
            hidden = sum(box.clip(r).w * box.clip(r).h for r in things)
            if best is None or hidden <= best[0]:
                best = (hidden, top)
            top += 10
        box.top = best[1] if best is not None else frame.table.top
        return box

    def button(self, frame: Frame, geo: Geometry, game: Game) -> Button:
        box = self.box(frame, geo, game)
        rect = pygame.Rect(0, 0, BUTTON_W, 84)
        rect.midright = (box.right - 20, box.centery)
        key = "" if frame.portrait else key_words("Enter")
        return Button(CONTINUE, rect, tr("Next round"), key, primary=True)

    def draw(self, surface: pygame.Surface, frame: Frame, geo: Geometry, game: Game) -> None:
        box = self.box(frame, geo, game)
        # opaque: the pyramid's cards must not show through the figures
        pygame.draw.rect(surface, theme.NOTICE, box, border_radius=16)
        pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=16)
        figures_w = box.w - BUTTON_W - 60
        title = (box.x + 20 + figures_w // 2, box.y + 14)
        heading = self.title()
        size = theme.fitting_size(heading, figures_w, 44, 28)
        theme.blit_text(surface, heading, size, title, theme.GOLD, "midtop")
        half = figures_w // 2
        figures = self.figures(game)
        for n, (label, value) in enumerate(figures):
            row, col = divmod(n, 2)
            x = box.x + 20 + col * half
            y = box.y + 72 + row * ROW_H
            total = n == len(figures) - 1  # the running total, last
            colour = theme.GOLD if total else theme.INK
            room = half - 24 - theme.font(30).size(value)[0] - 8
            size = theme.fitting_size(label, room, 26, 16)
            theme.blit_text(surface, label, size, (x + 10, y), theme.INK_DIM)
            theme.blit_text(surface, value, 30, (x + half - 14, y - 2), colour, "topright")
        self.button(frame, geo, game).draw(surface)
