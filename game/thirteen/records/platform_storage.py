"""Which storage this platform gets: localStorage in the browser, the database on the
desktop, memory when neither works.

Apart from :mod:`.storage` so that the browser, which has no ``sqlite3``, never
imports :mod:`.database`: only the desktop's branch below does.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from thirteen.records.storage import (
    DB_NAME,
    FULL,
    NOT_KEPT,
    BrowserStorage,
    MemoryStorage,
    Storage,
    browser_window,
    data_dir,
)


def open_storage(
    platform: str | None = None,
    window: Callable[[], Any] = browser_window,
    path: str | os.PathLike[str] | None = None,
) -> Storage:
    """The best storage that works here; never raises.

    Browser (``sys.platform == "emscripten"``) → localStorage; elsewhere → the
    SQLite database in :func:`data_dir` (``path``: another), taking in the JSON file
    of earlier versions beside it.  The browser never imports :mod:`.database`, nor
    so ``sqlite3``, which pygbag's Python lacks.  One that can be read but not written
    (a localStorage filled by other games on an itch.io origin, a full disk, a read-only
    file or folder, the old data file in the way) is still used, with a notice saying
    why nothing is kept: its saved game and statistics stay in sight, and this
    session's writes are queued and retried.  Neither readable → memory with
    a notice.  The arguments exist for tests.
    """
    platform = sys.platform if platform is None else platform
    try:
        if platform == "emscripten":
            storage: Storage = BrowserStorage(window())
        else:
            from thirteen.records.database import DatabaseStorage

            storage = DatabaseStorage(path if path is not None else data_dir() / DB_NAME)
        if storage.usable():
            return storage
        if storage.readable():
            storage.notice = storage.blocked or FULL
            storage.read_only = True
            return storage
    except Exception:
        pass
    return MemoryStorage(notice=NOT_KEPT)
