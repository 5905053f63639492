"""The games in progress on the start screen: each game (and Thirteens layout) with one
waiting in its save slot shows how far along it is under its name, and a press on it
resumes it; the chosen game's can also be given up (counted as a loss).

The start screen (:mod:`.start`) asks here which slot a button stands for and what it
says; the slots themselves are the session's (:mod:`thirteen.session.game_session`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from thirteen.core.game import Game
from thirteen.core.i18n import tr, tr_n
from thirteen.core.spec import GameSpec
from thirteen.games import GAMES, GameSetup
from thirteen.records.saved_game import SLOT_PREFIX, Waiting, slot_key, slot_of
from thirteen.ui import theme
from thirteen.ui.scene_names import SceneName
from thirteen.ui.widgets import Button

if TYPE_CHECKING:
    from thirteen.ui.app import App
    from thirteen.ui.screens.start import StartScene


def moves_words(moves: int) -> str:
    """How far along a game in progress is, short enough for a game's button."""
    return tr_n("{n} move", "{n} moves", moves)


def in_progress_words(moves: int) -> str:
    """The same, said in full (under the Resume button)."""
    return tr("In progress: {moves}", moves=moves_words(moves))


@dataclass
class MarkedButton(Button):
    """A game's or a layout's button, with the mark of its game in progress (``mark``)
    under its name, each set as large as fits its half of the button."""

    mark: str = ""

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.mark:
            super().draw(surface, focused)
            return
        if self.primary:
            fill, edge, colour = theme.PRIMARY, theme.PRIMARY_EDGE, theme.PRIMARY_TEXT
            mark_colour = theme.PRIMARY_KEY
        else:
            fill, edge, colour = theme.BUTTON, theme.BUTTON_EDGE, theme.BUTTON_TEXT
            mark_colour = theme.BUTTON_KEY
        rect = self.rect
        pygame.draw.rect(surface, theme.BUTTON_SHADE, rect.move(0, 3), border_radius=12)
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, edge, rect, width=theme.EDGE_W, border_radius=12)
        room = rect.w - 12
        label_size = self.fitting(self.label, room, 30 if rect.h >= 70 else 26, rect.h // 2)
        mark_size = self.fitting(self.mark, room, 24, rect.h * 2 // 5)
        top, low = (
            (rect.centerx, rect.y + rect.h * 3 // 8),
            (rect.centerx, rect.bottom - rect.h // 5),
        )
        theme.blit_text(surface, self.label, label_size, top, colour, "center")
        theme.blit_text(surface, self.mark, mark_size, low, mark_colour, "center")
        if focused:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), width=3, border_radius=15)

    @staticmethod
    def fitting(words: str, width: int, largest: int, height: int) -> int:
        """The largest type size up to ``largest`` at which ``words`` fit ``width`` and
        ``height`` (down to 12)."""
        size = theme.fitting_size(words, width, largest, 12)
        while size > 12 and theme.font(size).get_height() > height:
            size -= 1
        return size


def game_slot(spec: GameSpec, layout: str | None) -> str:
    """The slot key of ``spec``'s game with ``layout`` (the chosen one, for a game with
    layouts)."""
    return SLOT_PREFIX + spec.id + (f"/{layout}" if spec.has_layout and layout else "")


def waiting_of(spec: GameSpec, layout: str | None, waiting: dict[str, Waiting]) -> Waiting | None:
    """The game in progress ``spec``'s button stands for: its own, or for a game with
    layouts that of ``layout`` if one waits there, else the latest of its layouts'."""
    own = waiting.get(game_slot(spec, layout))
    if own is not None or not spec.has_layout:
        return own
    prefix = SLOT_PREFIX + spec.id + "/"
    return next((w for key, w in waiting.items() if key.startswith(prefix)), None)


def resume(app: App, key: str) -> bool:
    """Put the game waiting in slot ``key`` back on the table (the table left for the
    start screen as it was, when it is that game's; a finished score not posted: its
    end screen); False when the slot holds none any more."""
    table = app.suspended
    if table is not None and slot_of(table.game) == key and not table.detached:
        app.resume()
        return True
    showing = app.session.resume(key)
    if showing.game is None:
        return False
    app.put_on_table(showing.game, deal=False)
    if showing.end is not None or showing.game.is_over:
        app.open(SceneName.END)
    return True


def given_up_by(app: App, setup: GameSetup) -> Game | None:
    """The game in progress that a new deal of ``setup`` gives up (counted as lost): the
    one in its game's slot, with a move played, not over and not counted yet (on the
    table, left for the start screen, or waiting from an earlier visit); None when there
    is none, so that no question is asked."""
    key = slot_key(setup)
    for table in (app.table, app.suspended):
        if table is not None and slot_of(table.game) == key and not table.detached:
            game = table.game
            return game if game.moves and not game.is_over and not table.recorded else None
    waiting = app.profile.waiting_games().get(key)
    if waiting is None or not waiting.moves:
        return None
    stored = app.profile.load_game(key)
    return stored if stored is not None and not stored.is_over else None


def give_up(app: App, key: str) -> str:
    """The player gives up the game waiting in slot ``key`` (counted as a loss); what to
    tell them."""
    table = app.suspended
    given: Game | None = app.session.give_up(key, table)
    if table is not None and slot_of(table.game) == key:
        app.suspended = None
    said = app.session.pending_say
    app.session.pending_say = None
    if said is not None and said in app.session.notices:
        app.session.notices.remove(said)
    return tr(said) if given is not None and said is not None else ""


def read_waiting(start: StartScene) -> None:
    """Read the games in progress for ``start``: those with a move played (a deal not
    begun is dealt again as well, and a new deal loses nothing of it); the chosen one's
    replayed, to know whether it is over and what it is called."""
    found = start.app.profile.waiting_games().items()
    start.waiting = {key: w for key, w in found if w.moves}  # a deal not begun: no progress
    key = start.chosen_slot()
    table = start.app.suspended
    if key not in start.waiting:
        start.chosen_game = None
    elif table is not None and slot_of(table.game) == key and not table.detached:
        start.chosen_game = table.game
    else:
        start.chosen_game = start.app.profile.load_game(key)


def resumes(start: StartScene, name: str) -> bool:
    """A press on a game's (or layout's) button whose game is in progress resumes it:
    at once for a game without layouts, and for one with layouts once it is chosen
    (the first press chooses it, with the layout of its latest game in progress, so
    that another layout can still be chosen for a new deal).  Whether it did."""
    kind, _, which = name.partition(":")
    if kind == "game" and which in GAMES:
        spec = GAMES[which]
        if spec.has_layout and which != start.game_id:
            return False
        key = game_slot(spec, start.layout)
    elif kind == "layout":
        key = game_slot(GAMES[start.game_id], which)
    else:
        return False
    if key not in start.waiting:
        return False
    start.message = ""
    if not resume(start.app, key):
        start.build()  # gone meanwhile (another tab): its button is marked no more
        return False
    return True
