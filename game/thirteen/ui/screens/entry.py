"""Typing a short text: a deal number, or the screen name a score is posted under."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from thirteen.core.cards import is_plain_number
from thirteen.core.i18n import N_, tr, tr_n
from thirteen.ui import theme
from thirteen.ui.screens.menu import MenuScene, back_button, draw_backdrop
from thirteen.ui.widgets import Keyboard

if TYPE_CHECKING:
    from thirteen.ui.app import App

R = pygame.Rect


NAME_PROMPT = N_("Your screen name: 5 to 10 letters, digits, spaces, '-', '_' or '.'")


# -- text entry ---------------------------------------------------------------
class EntryScene(MenuScene):
    """A field and our own on-screen keyboard (pygbag shows none on phones).

    ``submit(text)`` returns an error message to show, or None when done (it
    then changes scene itself, or this scene goes back).
    """

    def __init__(
        self,
        app: App,
        title: str,
        prompt: str,
        submit: Callable[[str], str | None],
        initial: str = "",
        digits: bool = False,
        limit: int = 10,
        allowed: frozenset[str] | None = None,
    ) -> None:
        super().__init__(app)
        self.title, self.prompt, self.submit = title, prompt, submit
        self.text = initial
        self.digits = digits
        self.limit = limit
        self.allowed = allowed
        """The characters a name may hold: any other key says so at once, rather than
        being typed and refused only at OK."""
        self.error = ""
        self.build()

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        more = self.prompt_drop()  # a prompt on two lines: all below it goes lower
        if self.upright():  # the keys seven to a row, a thumb wide
            area = R(20, 300 + more, w - 40, min(h - 340 - more, 1000))
            self.keyboard = Keyboard(area, digits=self.digits, narrow=True)
        elif self.digits:
            self.keyboard = Keyboard(R((w - 400) // 2, 300 + more, 400, 400), digits=True)
        elif self.classic():
            self.keyboard = Keyboard(R(140, 300 + more, 1000, 400))
        else:  # as wide as the canvas allows, the rows down to its foot (keys 44 CSS px)
            width, top = min(1100, w - 40), 276 + self.header_drop() + more
            self.keyboard = Keyboard(R((w - width) // 2, top, width, h - top - 10))
        self.widgets = [back_button(not self.classic())]
        self.dirty = True

    def header_drop(self) -> int:
        """How far the prompt and the field sit lower to keep clear of the taller Back
        button: upright, and on a narrow canvas where the prompt reaches under it."""
        w, h = self.app.screen.get_size()
        return 30 if w < h or (not self.classic() and w < 1000) else 0

    def prompt_lines(self) -> tuple[list[str], int]:
        """The prompt's lines and their size: set smaller to fit the canvas's width, and
        where that is not enough (a phone's raised text) wrapped."""
        room = self.app.screen.get_width() - 40
        size = theme.fitting_size(self.prompt, room, 28, 20)
        return theme.wrap(self.prompt, size, room), size

    def prompt_drop(self) -> int:
        """How much lower the field, the error and the keys go for a prompt's lines after
        its first."""
        lines, size = self.prompt_lines()
        return (len(lines) - 1) * theme.font(size).get_linesize()

    def activate(self, name: str) -> None:
        if name == "back":
            self.app.back()

    def pointer(self, pos: tuple[int, int]) -> None:
        value = self.keyboard.press(pos)
        if value is not None:
            self.type(value)

    def type(self, value: str) -> None:
        self.dirty = True
        if value == "\b":
            self.text = self.text[:-1]
        elif value == "\n":
            scene = self.app.scene
            error = self.submit(self.text)
            if error:
                self.error = error
            elif self.app.scene is scene:
                self.app.back()
        elif value:
            if self.digits and not is_plain_number(value):
                self.error = tr("Digits only.")
            elif self.allowed is not None and not set(value) <= self.allowed:
                self.error = tr("Only letters A-Z, digits, spaces, '-', '_' and '.'.")
            elif len(self.text) >= self.limit:
                # said, so that a key that does nothing does not look broken
                if self.digits:
                    self.error = tr_n("{n} digit at most.", "{n} digits at most.", self.limit)
                else:
                    self.error = tr_n(
                        "{n} character at most.", "{n} characters at most.", self.limit
                    )
            else:
                self.text += value
                self.error = ""

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.back()
        elif event.key == pygame.K_BACKSPACE:
            self.type("\b")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.type("\n")
        elif event.unicode and event.unicode.isprintable():
            self.type(event.unicode)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.title)
        middle = surface.get_width() // 2
        top = self.header_drop()
        lines, size = self.prompt_lines()
        for n, line in enumerate(lines):
            where = (middle, 100 + top + n * theme.font(size).get_linesize())
            theme.blit_text(surface, line, size, where, theme.INK_DIM, "midtop")
        top += self.prompt_drop()
        field = R(0, 0, 560, 84)
        field.midtop = (middle, 140 + top)
        pygame.draw.rect(surface, (250, 250, 244), field, border_radius=12)
        pygame.draw.rect(surface, theme.GOLD, field, width=3, border_radius=12)
        rect = theme.blit_text(
            surface, self.text, 52, (field.x + 20, field.centery), (20, 30, 26), "midleft"
        )
        pygame.draw.line(
            surface,
            (20, 30, 26),
            (rect.right + 4, field.y + 18),
            (rect.right + 4, field.bottom - 18),
            3,
        )
        if self.error:
            size = theme.fitting_size(self.error, surface.get_width() - 40, 26, 18)
            where = (middle, 240 + top)
            theme.blit_text(surface, self.error, size, where, (255, 180, 160), "midtop")
        self.keyboard.draw(surface)
        self.draw_widgets(surface)
