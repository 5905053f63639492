"""The scene protocol, and a base for menu-like scenes with keyboard focus.

A scene handles already-normalised events (touch arrives as a left-button
MOUSEBUTTONDOWN), advances time in ``update`` and draws the whole canvas in
``draw``; it sets ``dirty`` whenever what it would draw changed, and the
loop draws only then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import theme
from .widgets import Button, Checkbox

if TYPE_CHECKING:
    from ..app import App

Widget = Button | Checkbox


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """React to one event."""

    def update(self, dt_ms: float) -> None:
        """Advance animations and timers."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole canvas."""

    def enter(self) -> None:
        """Called when the scene becomes the current one."""
        self.dirty = True


class MenuScene(Scene):
    """Widgets reachable by pointer and by keyboard (Tab/arrows, Enter/Space, Esc)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.focus: int | None = None

    def button(self, name: str) -> Button | None:
        """The button of that name, for words that must say what it is called."""
        return next((w for w in self.widgets if isinstance(w, Button) and w.name == name), None)

    def activate(self, name: str) -> None:
        """A widget was pressed."""

    def back(self) -> None:
        """Esc: leave the scene."""
        self.app.back()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for n, w in enumerate(self.widgets):
                if w.hit(event.pos):
                    self.focus = None
                    self._press(n)
                    return
            self.pointer(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def pointer(self, pos: tuple[int, int]) -> None:
        """A press outside every widget."""

    def _press(self, n: int) -> None:
        w = self.widgets[n]
        if isinstance(w, Checkbox):
            w.checked = not w.checked
        self.dirty = True
        self.activate(w.name)

    def key(self, event: pygame.event.Event) -> None:
        usable = [n for n, w in enumerate(self.widgets) if not isinstance(w, Button) or w.enabled]
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
            if not usable:
                return
            backwards = event.key in (pygame.K_UP, pygame.K_LEFT) or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            if self.focus not in usable:
                self.focus = usable[-1 if backwards else 0]
            else:
                i = usable.index(self.focus)
                self.focus = usable[(i + (-1 if backwards else 1)) % len(usable)]
            self.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is not None and self.focus in usable:
                self._press(self.focus)

    def draw_widgets(self, surface: pygame.Surface) -> None:
        for n, w in enumerate(self.widgets):
            w.draw(surface, focused=n == self.focus)


def draw_backdrop(surface: pygame.Surface, title: str) -> None:
    """The felt and a title: the common look of the menu scenes."""
    surface.blit(backdrop(), (0, 0))
    theme.blit_text(surface, title, 64, (surface.get_width() // 2, 28), theme.INK, "midtop")


_backdrop: list[pygame.Surface] = []


def backdrop() -> pygame.Surface:
    """Felt with a soft vignette, built once (a full-canvas blit per frame)."""
    if not _backdrop:
        from . import HEIGHT, WIDTH

        surf = pygame.Surface((WIDTH, HEIGHT))
        surf.fill(theme.FELT)
        glow = pygame.Surface((WIDTH // 8, HEIGHT // 8))
        cx, cy = glow.get_width() / 2, glow.get_height() / 2
        for y in range(glow.get_height()):
            for x in range(glow.get_width()):
                d = min(1.0, (((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2) ** 0.5 / 1.3)
                mix = d * d
                glow.set_at(
                    (x, y),
                    tuple(
                        round(a * (1 - mix) + b * mix)
                        for a, b in zip(theme.FELT, theme.FELT_DARK, strict=True)
                    ),
                )
        surf = pygame.transform.smoothscale(glow, (WIDTH, HEIGHT))
        _backdrop.append(surf.convert() if pygame.display.get_surface() else surf)
    return _backdrop[0]
