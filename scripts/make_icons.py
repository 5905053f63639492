"""Draw the web app's icons (web/icons/*.png) with pygame.

The icons are committed, so the web build needs no drawing step; run this again
only to change their look: `.venv/bin/python scripts/make_icons.py`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ICON_DIR = Path(__file__).resolve().parent.parent / "web" / "icons"

FELT = (14, 92, 58)
FELT_DARK = (9, 64, 40)
CARD = (250, 248, 240)
INK = (24, 24, 24)
RED = (196, 30, 45)


def _card(size: int, scale: float) -> pygame.Surface:
    """A playing card showing "13", `scale` of the icon's height tall."""
    height = round(size * scale)
    width = round(height * 0.72)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, height // 12)
    pygame.draw.rect(card, CARD, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, INK, card.get_rect(), width=max(1, height // 60), border_radius=radius)
    font = pygame.font.Font(None, round(height * 0.62))
    text = font.render("13", True, RED)
    card.blit(text, text.get_rect(center=(width / 2, height / 2 + height * 0.03)))
    if size >= 96:
        pip_font = pygame.font.Font(None, round(height * 0.2))
        pip = pip_font.render("K", True, INK)
        card.blit(pip, (width * 0.1, height * 0.05))
        corner = pip.get_rect(bottomright=(width * 0.9, height * 0.95))
        card.blit(pygame.transform.rotate(pip, 180), corner)
    return card


def draw_icon(size: int, *, maskable: bool) -> pygame.Surface:
    """A card on green felt; maskable icons fill the square and keep the card in the safe zone."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    if maskable:
        icon.fill(FELT)
        card = _card(size, 0.56)
    else:
        radius = size // 5
        pygame.draw.rect(icon, FELT_DARK, icon.get_rect(), border_radius=radius)
        inner = icon.get_rect().inflate(-max(2, size // 32), -max(2, size // 32))
        pygame.draw.rect(icon, FELT, inner, border_radius=radius)
        card = _card(size, 0.78)
    card = pygame.transform.rotozoom(card, 8 if size >= 96 else 0, 1)
    icon.blit(card, card.get_rect(center=(size / 2, size / 2)))
    return icon


ICONS = {
    "favicon.png": (32, False),
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def main() -> int:
    """Write every icon in ICONS to web/icons/."""
    pygame.font.init()
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        path = ICON_DIR / name
        pygame.image.save(draw_icon(size, maskable=maskable), str(path))
        shown = path.relative_to(ICON_DIR.parent.parent)
        print(f"{shown}: {size}x{size}, {path.stat().st_size} bytes")
    pygame.font.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
