"""The settings: sound, animations, four-colour deck, winnable deals, and where all
this is kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...storage import FULL, NOT_KEPT
from .. import theme
from ..widgets import Checkbox
from .menu import MenuScene, back_button, draw_backdrop

if TYPE_CHECKING:
    from ...app import App

R = pygame.Rect


class SettingsScene(MenuScene):
    UPRIGHT = True  # the checkboxes are 600 wide
    FIELDS = (
        ("sound", "Sound effects", "select, remove, deal, win"),
        ("animations", "Animations", "cards slide, fall and fly (short, never in the way)"),
        ("four_colour", "Four-colour deck", "clubs green, diamonds blue: easier to tell apart"),
        (
            "winnable_only",
            "Winnable deals only",
            "new random deals are checked by the solver first",
        ),
        ("auto_draw", "Auto-draw", "pyramids: draws by itself when drawing is the only move"),
        ("timer", "Game timer", "the time on the table; best times in the statistics"),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        self.widgets = [back_button(self.upright())]
        x = (self.app.screen.get_width() - 600) // 2 if self.upright() else 340
        top = 160 if self.upright() else 140
        for n, (name, label, note) in enumerate(self.FIELDS):
            value = getattr(self.app.settings, name)
            rect = R(x, top + n * 110, 600, 92)
            self.widgets.append(Checkbox(name, rect, label, value, note))
        self.dirty = True

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()
            return
        settings = self.app.settings
        setattr(settings, name, not getattr(settings, name))
        self.app.sounds.enabled = settings.sound
        self.app.profile.save_settings()
        if self.app.table is not None:
            self.app.table._refresh_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, "Settings")
        self.draw_widgets(surface)
        storage = self.app.profile.storage
        # storage that keeps nothing (full, blocked, or only read) keeps it for the session
        kind = "memory" if storage.notice in (NOT_KEPT, FULL) else storage.kind
        where = {
            "browser": "in this browser",
            "file": "on this computer",
            "memory": "only until you close the game",
        }
        theme.blit_text(
            surface,
            f"Settings and statistics are kept {where.get(kind, '')}.",
            24,
            (surface.get_width() // 2, 640 if self.upright() else 600),
            theme.INK_DIM,
            "midtop",
        )
