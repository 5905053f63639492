"""The game in progress: one save slot (key ``game``) holding its setup and the moves
played, replayed when the game is resumed.

One slot is shared by every tab (and desktop window) on the storage; which of them may
write it is the session's rule (see :class:`~thirteen.session.game_session.SaveSlot`).
"""

from __future__ import annotations

from typing import Any

from thirteen.core.game import Game
from thirteen.games import GameRecord, GameSetup
from thirteen.records.record_format import RecordKind, dumps
from thirteen.records.storage import load_json

GAME_KEY = "game"

SAVED_GAME = RecordKind("game", 1)


def game_record_text(game: Game) -> str | None:
    """The text that stores ``game`` (setup + moves); None for a game not made from a
    GameSetup, which cannot be resumed."""
    try:
        record = GameRecord.of(game)
    except ValueError:
        return None
    return dumps(SAVED_GAME.stamped({"record": record.to_dict()}))


def replayed(data: dict[str, Any]) -> Game:
    """The game a saved record holds, replayed to where the player left off, undo
    history included; raises when it cannot be replayed."""
    return GameRecord.from_dict(data.get("record")).replay()


def saved_setup_in(text: str | None) -> GameSetup | None:
    """The setup of the game a stored text holds, without replaying it; None when it
    holds none that can be read."""
    try:
        return GameSetup.from_dict(load_json(text or "null")["record"])
    except Exception:  # any record that cannot be read: no setup to show
        return None


def is_save_slot(key: str) -> bool:
    """Whether the record at ``key`` (short, without the namespace) is a save slot: what
    a records file carries as a game in progress (today the one slot, ``game``)."""
    return key == GAME_KEY
