"""Games in progress: one save slot per game (and, for a game with layouts, per layout),
each holding the game's setup and the moves played, replayed when it is resumed.

Slot keys (under the storage's namespace, ``thirteen/v1/``):

* ``game/<game>`` for a game without layouts: ``game/pyramid``, ``game/baroness``;
* ``game/<game>/<layout>`` for a game with layouts: ``game/thirteens/3x5``.

Each slot holds one :data:`SAVED_GAME` record, ``{"v": 2, "at": <ms since 1970>,
"record": <GameRecord dict>}``: ``at`` is when it was last saved (the game a page opens
on is the latest; the oldest makes room when :data:`MAX_SLOTS` are full).  Version 1 had
no ``at``: it reads as saved at 0, the oldest.

Earlier versions kept one slot for the whole collection, key ``game``
(:data:`LEGACY_KEY`); :func:`migrate_legacy` moves its text, unchanged, into its game's
own slot.  :func:`saved_games` lists every slot's text (for a file of all the records).

One slot may be open in several tabs (and desktop windows) on the same storage; which of
them may write it is the session's rule (see :class:`~thirteen.session.game_session.SaveSlot`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from thirteen.core.game import Game
from thirteen.games import GAMES, GameRecord, GameSetup
from thirteen.records.record_format import RecordKind, dumps, is_whole
from thirteen.records.storage import NAMESPACE, Storage, full_key, load_json

LEGACY_KEY = "game"
"""The one slot of earlier versions (and the first part of every slot key)."""

SLOT_PREFIX = LEGACY_KEY + "/"

SAVED_GAME = RecordKind("game", 2, {1: lambda data: {**data, "v": 2, "at": 0}})

MAX_SLOTS = 12
"""Games kept in progress at once: one for each game and each Thirteens layout the menus
offer (10), and two for layouts from links.  Each slot is small (a setup and the moves
as short texts), so twelve stay far inside a browser's storage quota."""


def slot_key(setup: GameSetup) -> str:
    """The key of the slot a game of ``setup`` is saved in (see the module's docstring)."""
    return SLOT_PREFIX + setup.game + (f"/{setup.layout}" if setup.layout else "")


def slot_of(game: Game) -> str | None:
    """The slot key of ``game``; None for a game not made from a GameSetup."""
    setup: GameSetup | None = getattr(game, "setup", None)
    return None if setup is None else slot_key(setup)


def is_slot_key(key: str) -> bool:
    """Whether ``key`` (with or without the namespace) is a game's slot: ``game/<id>``
    or ``game/<id>/<layout>`` of a known game (the legacy ``game`` is not)."""
    short = full_key(key).removeprefix(NAMESPACE)
    kind, _, rest = short.partition("/")
    game_id, _, layout = rest.partition("/")
    spec = GAMES.get(game_id)
    return kind == LEGACY_KEY and spec is not None and bool(layout) == spec.has_layout


def game_record_text(game: Game, at: int | None = None) -> str | None:
    """The text that stores ``game`` (setup + moves) as saved now (or at ``at``, ms since
    1970); None for a game not made from a GameSetup, which cannot be resumed."""
    try:
        record = GameRecord.of(game)
    except ValueError:
        return None
    when = _stamp() if at is None else at
    return dumps(SAVED_GAME.stamped({"at": when, "record": record.to_dict()}))


_last_stamp = 0


def _stamp() -> int:
    """Now in ms since 1970, later than any stamp given before here: two saves within
    one millisecond are still told apart (the latest game is the one a page opens on)."""
    global _last_stamp
    _last_stamp = max(int(time.time() * 1000), _last_stamp + 1)
    return _last_stamp


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
    """Whether the record at ``key`` (short, without the namespace) is a save slot, what
    a records file carries as a game in progress: a game's or layout's slot, or the one
    slot of a profile from before the slots (``game``)."""
    return key == LEGACY_KEY or is_slot_key(key)


@dataclass(frozen=True)
class Waiting:
    """A game waiting in its slot, as the start screen tells of it (not replayed)."""

    key: str
    setup: GameSetup
    moves: int
    """How many moves the player has made in it."""
    at: int
    """When it was last saved (ms since 1970; 0 for a game saved by an earlier version)."""


def _record_in(text: str | None) -> tuple[GameRecord, int] | None:
    """The game record a stored text holds and when it was saved; None when it holds
    none that can be read."""
    data = SAVED_GAME.read(text)
    if data is None:
        return None
    try:
        at: Any = data.get("at")
        when = at if is_whole(at) and at > 0 else 0
        return GameRecord.from_dict(data.get("record")), when
    except Exception:  # any record that cannot be read: none
        return None


def waiting_in(key: str, text: str | None) -> Waiting | None:
    """What the slot ``key`` holding ``text`` has waiting; None when it holds nothing
    that can be read, or a game of another slot."""
    found = _record_in(text)
    if found is None or slot_key(found[0].setup) != key:
        return None
    record, at = found
    return Waiting(key, record.setup, len(record.moves), at)


def slot_keys(storage: Storage) -> list[str]:
    """The keys of every slot that holds something (short, without the namespace)."""
    found = (k.removeprefix(NAMESPACE) for k in storage.keys() if k.startswith(NAMESPACE))
    return [k for k in found if k.startswith(SLOT_PREFIX) and is_slot_key(k)]


SetAside = Callable[[str, str], object]
"""Keeps an unreadable stored text under a recovery key (the profile's, which says so)."""


def waiting_games(storage: Storage, set_aside: SetAside | None = None) -> dict[str, Waiting]:
    """Every game waiting in a slot, by slot key, the latest saved first; a slot that
    holds no game of its own, read twice the same, is given to ``set_aside``."""
    found: list[Waiting] = []
    for key in slot_keys(storage):
        text = storage.get(key)
        waiting = waiting_in(key, text)
        if waiting is not None:
            found.append(waiting)
        elif text is not None and set_aside is not None and storage.get(key) == text:
            set_aside(key, text)
    return {w.key: w for w in sorted(found, key=lambda w: -w.at)}


class HasStorage(Protocol):
    """A profile, as far as the listing of its slots needs it."""

    storage: Storage


def saved_games(profile: HasStorage) -> dict[str, str]:
    """Every save slot's stored text by its key (``game/<game>[/<layout>]``, see the
    module's docstring; also ``game``, the legacy slot, while it holds text not moved
    yet): what a file of all the player's records keeps of the games in progress.  A
    text written back under its key is resumed as it was."""
    storage = profile.storage
    keys = slot_keys(storage) + [LEGACY_KEY]
    texts = {key: storage.get(key) for key in keys}
    return {key: text for key, text in texts.items() if text is not None}


def migrate_legacy(storage: Storage, set_aside: SetAside) -> None:
    """Move the one slot of earlier versions (:data:`LEGACY_KEY`) into its game's own
    slot, its text unchanged; ``set_aside(key, raw)`` keeps a text that holds no game
    (or whose game's slot holds another game already) under a recovery key.

    The slot is written first, the legacy key emptied after, each only while it holds
    what was read: a second window doing the same, or stopped halfway, loses nothing."""
    raw = storage.get(LEGACY_KEY)
    if raw is None:
        return
    found = _record_in(raw)
    if found is None:
        if storage.get(LEGACY_KEY) == raw:  # read twice the same: stored, not a misread
            set_aside(LEGACY_KEY, raw)
        return
    key = slot_key(found[0].setup)
    now = storage.update(key, lambda old: raw if old is None else old)
    if now == raw:
        storage.update(LEGACY_KEY, lambda old: None if old == raw else old)
    else:  # the slot holds another game, written by this version: both are kept
        set_aside(LEGACY_KEY, raw)
