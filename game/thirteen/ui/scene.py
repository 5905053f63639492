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

CONFIRM_ARM_MS = 400
"""A give-up warning's button counts a second press only this long after the warning
came: a double click or double tap must not answer a question it never showed."""

DEAL_GRACE_MS = 200
"""Presses dropped after a new layout starts to fly out: the rest of a double click."""

ARRIVE_MS = 400
"""A screen that opens by itself (the end of a game) ignores presses this long: the
player's next click was meant for the cards it now covers."""


def same_press(app: App, asked_at: float) -> bool:
    """Whether a press now comes too soon after the warning it would answer (shown at
    ``asked_at``, in ``app.now_ms``) to be a second press: it is the rest of the press
    that asked, a double click or tap."""
    return app.now_ms - asked_at < CONFIRM_ARM_MS


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
        self.focus: str | None = None
        """The name of the focused widget: a name, not a place in the list, so the ring stays
        on its button when the list is rebuilt with buttons added or gone."""

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
            for w in self.widgets:
                if w.hit(event.pos):
                    self.focus = None
                    self._press(w)
                    return
            self.pointer(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def pointer(self, pos: tuple[int, int]) -> None:
        """A press outside every widget."""

    def _press(self, w: Widget) -> None:
        if isinstance(w, Checkbox):
            w.checked = not w.checked
        self.dirty = True
        self.activate(w.name)

    def usable(self) -> list[Widget]:
        """What the keyboard focus visits: every widget but disabled buttons."""
        return [w for w in self.widgets if not isinstance(w, Button) or w.enabled]

    def focused(self) -> Widget | None:
        """The focused widget, when it is there and usable."""
        return next((w for w in self.usable() if w.name == self.focus), None)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
            usable = self.usable()
            if not usable:
                return
            backwards = event.key in (pygame.K_UP, pygame.K_LEFT) or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            self.focus = self._step_focus(usable, backwards).name
            self.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            w = self.focused()
            if w is not None:
                self._press(w)

    def _step_focus(self, usable: list[Widget], backwards: bool) -> Widget:
        """The next usable widget after the focused one (from where it stood, when it is
        disabled now), or the first (last) one when nothing is focused."""
        names = [w.name for w in self.widgets]
        if self.focus not in names:
            return usable[-1 if backwards else 0]
        here = names.index(self.focus)
        before, after = self.widgets[:here], self.widgets[here + 1 :]
        order = before[::-1] + after[::-1] if backwards else after + before
        ids = {id(w) for w in usable}
        return next((w for w in order if id(w) in ids), self.widgets[here])

    def draw_widgets(self, surface: pygame.Surface) -> None:
        ring = self.focused()
        for w in self.widgets:
            w.draw(surface, focused=w is ring)


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
