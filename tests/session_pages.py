"""Tabs of the game as the session tests play them, without pygame: a table that saves
each move and counts the end once, a page (one tab) over its own profile on a shared
storage, and how many games a storage counts as played."""

from __future__ import annotations

from dataclasses import dataclass

from thirteen.core.game import Game
from thirteen.games import GameSetup
from thirteen.records.profile import Profile
from thirteen.session.game_session import Session, Showing


@dataclass
class Table:
    """The table's part, as the interface plays it: each move saved, the end counted
    once (``recorded``), the ending move taken back through the session."""

    session: Session
    game: Game
    recorded: bool = False
    detached: bool = False

    def play(self, n: int = 1) -> Table:
        for _ in range(n):
            moves = self.game.legal_moves()
            if not moves:
                break
            self.game.play(moves[0])
            self.session.save_game(self)
            if self.game.is_over and not self.recorded:
                self.recorded = True
                self.session.record_result(self)
        return self

    def play_out(self) -> Table:
        while not self.game.is_over:
            self.play()
        return self

    def undo(self) -> None:
        if self.game.is_over:
            assert self.session.can_take_back(self)
            self.session.take_back(self)
            self.recorded = False
        self.game.undo()
        self.session.save_game(self)


class Page:
    """One tab: a session over its own profile on the shared storage, what it told, and
    how often it said a score was settled."""

    def __init__(self, storage, query_setup: GameSetup | None = None, **settings) -> None:
        self.profile = Profile(storage)
        for name, value in settings.items():
            setattr(self.profile.settings, name, value)
        self.told: list[str] = []
        self.settled = 0
        self.session = Session(
            self.profile,
            tell=lambda message, ms: self.told.append(message),
            settled=self._settled,
        )
        self.shown = self.session.open(query_setup, [])
        self.table: Table | None = None
        if self.shown.game is not None:
            self.table = Table(self.session, self.shown.game, recorded=self.shown.game.is_over)

    def _settled(self) -> None:
        self.settled += 1

    def new_game(self, setup: GameSetup) -> Showing:
        """As the App does: the games on hand given up, then what the session shows."""
        shown = self.session.new_game(setup, self.table)
        assert shown.game is not None
        self.table = Table(self.session, shown.game, recorded=shown.game.is_over)
        return shown


def played(storage, game_id: str = "thirteens", layout: str | None = "3x5") -> int:
    """How many games of ``game_id`` (at ``layout``) the profile on ``storage`` counts as played."""
    return Profile(storage).stats(game_id, layout).played
