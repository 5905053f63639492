""" "Show a win": a winning line of a lost deal played on the table from the deal's start,
one move at a time (play, pause, step, leave).  It is the table without the session:
nothing is saved, counted or posted, and the cards answer to no click."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from thirteen.core.i18n import N_, tr, tr_n
from thirteen.core.moves import Move
from thirteen.games import GameSetup
from thirteen.ui.layout import TableButton, geometry
from thirteen.ui.table.scene import TableScene
from thirteen.ui.widgets import Button, key_words

if TYPE_CHECKING:
    from thirteen.ui.app import App

STEP_MS = 900
"""The pause between two moves while the replay plays."""

TOGGLE, STEP, FROM_START, LEAVE = "replay-toggle", "replay-step", "replay-again", "replay-leave"

CONTROLS = (
    (TOGGLE, N_("Pause"), "Space"),
    (STEP, N_("Step"), "\u2192"),
    (FROM_START, N_("From start"), "Home"),
    (LEAVE, N_("Leave"), "Esc"),
)
"""The replay's buttons, in the places of the table's first ones."""


class ReplayScene(TableScene):
    """A winning ``line`` of ``setup``'s deal, played out on a table of its own."""

    def __init__(self, app: App, setup: GameSetup, line: tuple[Move, ...]) -> None:
        self.line = line
        self.done = 0
        self.playing = True
        self.wait_left = float(STEP_MS)
        super().__init__(app, setup.new_game())
        self.recorded = True  # never counted
        self.detached = True  # nor saved
        self.say_where()

    def make_buttons(self) -> list[Button]:
        places = list(self.frame.buttons().values())
        upright = self.frame.portrait
        return [
            Button(name, places[n], tr(label), "" if upright else key_words(key))
            for n, (name, label, key) in enumerate(CONTROLS)
        ]

    def refresh_buttons(self) -> None:
        left = self.done < len(self.line)
        for b in self.buttons:
            if b.name == TOGGLE:
                b.label = tr("Pause") if self.playing and left else tr("Play")
                b.enabled = left
            elif b.name == STEP:
                b.enabled = left
            elif b.name == FROM_START:
                b.enabled = self.done > 0

    def say_where(self) -> None:
        if self.done >= len(self.line):
            words = tr_n(
                "A win in {n} move. This was a replay: it is not counted.",
                "A win in {n} moves. This was a replay: it is not counted.",
                len(self.line),
            )
        else:
            words = tr(
                "Showing a win: move {done} of {moves}.", done=self.done, moves=len(self.line)
            )
        self.say(words, 10**9, major=True)

    def _after_change(self, undone: bool | None = None) -> None:
        """A move of the line was played: nothing to save or count, only to show."""
        self.nudge = None
        self.refresh_buttons()
        self.say_where()
        self.dirty = True

    def finish(self) -> None:
        """The line's last move won the game: it stays on the table, uncounted."""
        self.playing = False
        self.refresh_buttons()

    def step_once(self) -> None:
        if self.done < len(self.line) and self.play(self.line[self.done]):
            self.done += 1
            self._after_change()
        self.wait_left = float(STEP_MS)

    def from_start(self) -> None:
        while self.done > 0 and self.game.can_undo:
            self.game.undo()
            self.done -= 1
        self.summary = None
        self.anim.finish()
        self.geo = geometry(self.on_table(), self.frame)
        self.deal_in()
        self.playing = True
        self.wait_left = float(STEP_MS)
        self._after_change()

    def plan_auto_draw(self) -> None:
        """The line plays every move itself: auto-draw would play one of its own."""

    def control(self, name: str) -> None:
        if name == TOGGLE:
            self.playing = not self.playing
            self.wait_left = float(STEP_MS)
        elif name == STEP:
            self.playing = False
            self.step_once()
        elif name == FROM_START:
            self.from_start()
        elif name == LEAVE:
            self.app.back()
        self.refresh_buttons()
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        """A click on a button (or on a finished round, to go on), or a key: the cards of
        a replay take no clicks."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def press(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    self.control(b.name)
                return
        if self.summary is not None:
            self.next_round()

    def key(self, event: pygame.event.Event) -> None:
        keys = {
            pygame.K_SPACE: TOGGLE,
            pygame.K_p: TOGGLE,
            pygame.K_RIGHT: STEP,
            pygame.K_RETURN: STEP,
            pygame.K_HOME: FROM_START,
            pygame.K_ESCAPE: LEAVE,
        }
        name = keys.get(event.key)
        if name is not None and any(b.name == name and b.enabled for b in self.buttons):
            self.control(name)
        elif name == LEAVE:
            self.app.back()

    def command(self, name: str) -> None:
        if name == TableButton.HELP:
            super().command(name)

    def active(self) -> bool:
        return super().active() or (self.playing and self.done < len(self.line))

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if self.summary is not None and self.playing:
            self.next_round()
        if self.playing and self.done < len(self.line) and not self.anim.active:
            self.wait_left -= dt_ms
            if self.wait_left <= 0:
                self.step_once()
