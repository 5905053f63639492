"""The base of the screens around the table, and the pieces several of them share.

The start, help, statistics, settings, end and entry screens are all widgets that
answer to the pointer and the keyboard alike (Tab/arrows, Enter/Space, Esc), on the
felt with a title; the table is not one of them (see :mod:`..table`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core.i18n import tr
from thirteen.ui import HEIGHT, WIDTH, theme
from thirteen.ui.scene import Scene, backdrop
from thirteen.ui.widgets import Button, Checkbox, Choice, key_words

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect

Widget = Button | Checkbox | Choice


class MenuScene(Scene):
    """Widgets reachable by pointer and by keyboard (Tab/arrows, Enter/Space, Esc)."""

    def lays_out(self, size: tuple[int, int]) -> bool:
        """Every screen lays itself out on a canvas of any shape."""
        return True

    def upright(self) -> bool:
        """Whether the canvas is held upright (taller than wide) now."""
        w, h = self.app.screen.get_size()
        return w < h

    def classic(self) -> bool:
        """Whether the canvas is the 1280x720 the screens are designed for (laid out as
        designed there)."""
        return self.app.screen.get_size() == (WIDTH, HEIGHT)

    def touch(self) -> int:
        """The height of a button: 80 on 1280x720, else 90 (44 CSS px on a phone
        held either way, where a logical pixel is 0.54 CSS px)."""
        return touch_size(self.app.screen.get_size())

    def relayout(self) -> None:
        self.build()

    def build(self) -> None:
        """Make the widgets for the canvas's shape."""
        self.dirty = True

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
                    back = isinstance(w, Choice) and w.back_arrow().collidepoint(event.pos)
                    self._press(w, backwards=back)
                    return
            self.pointer(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def pointer(self, pos: tuple[int, int]) -> None:
        """A press outside every widget."""

    def _press(self, w: Widget, backwards: bool = False) -> None:
        if isinstance(w, Checkbox):
            w.checked = not w.checked
        elif isinstance(w, Choice):
            w.step(backwards)
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
                self._press(w, backwards=bool(event.mod & pygame.KMOD_SHIFT))

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


def touch_size(size: tuple[int, int]) -> int:
    """A button's height on a canvas of ``size`` (see :meth:`MenuScene.touch`)."""
    return 80 if size == (WIDTH, HEIGHT) else 90


def draw_backdrop(surface: pygame.Surface, title: str, back: bool = True) -> None:
    """The felt and a title: the common look of the menu scenes."""
    surface.blit(backdrop(surface.get_size()), (0, 0))
    w, h = surface.get_size()
    left = back_button(True).rect.right + 16
    if back and w < h:  # upright: beside Back, as large as fits there
        size = theme.fitting_size(title, w - left - 16, 64, 36)
        theme.blit_text(surface, title, size, ((left + w) // 2, 28), theme.INK, "midtop")
        return
    # centred, clear of Back on either side (a narrow canvas sets a long title smaller)
    size = theme.fitting_size(title, w - 2 * left, 64, 36) if back else 64
    theme.blit_text(surface, title, size, (w // 2, 28), theme.INK, "midtop")


def back_button(tall: bool = False) -> Button:
    """Back, top left (taller off 1280x720: 44 CSS px on a phone)."""
    return Button("back", R(24, 20, 150, 90 if tall else 80), tr("Back"), key_words("Esc"))


def flow(
    count: int, area: pygame.Rect, width: int, height: int, gap: int = 10, most: int = 0
) -> list[pygame.Rect]:
    """``count`` boxes of ``width`` x ``height`` in rows across ``area`` from its top, as
    many to a row as fit (at most ``most``, when given), each row centred: tabs and
    buttons that wrap onto another row on a narrow canvas rather than shrink."""
    per_row = max(1, (area.w + gap) // (width + gap))
    if most:
        per_row = min(per_row, most)
    per_row = min(per_row, max(1, count))
    rows = -(-count // per_row) if count else 0
    per_row = -(-count // rows) if rows else per_row  # rows as even as they can be
    out = []
    for n in range(count):
        row, col = divmod(n, per_row)
        in_row = min(per_row, count - row * per_row)
        x0 = area.centerx - (in_row * (width + gap) - gap) // 2
        out.append(R(x0 + col * (width + gap), area.y + row * (height + gap), width, height))
    return out


def shown_game(app: App) -> tuple[str, str | None] | None:
    """The game and layout a help or statistics screen opens on: those chosen on the start
    screen when it is opened from there (a game waiting to be resumed may be another),
    else the game on the table's."""
    if app.scene is app.start_scene:
        start = app.start_scene
        return start.game_id, start.layout_for()
    setup = getattr(app.game, "setup", None)
    return None if setup is None else (setup.game, setup.layout)
