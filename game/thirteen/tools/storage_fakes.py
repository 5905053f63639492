"""Fakes the store is attacked with: a disk with so many bytes free, for SQLite; a
localStorage two tabs share, their calls interleaved as a schedule says; and one whose
reads sometimes return garbage.  Used by :mod:`.storage_attacks` and by the tests.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from thirteen.records.database_salvage import PAGE_SIZE

SHM_BYTES = 32768
"""What SQLite's shared-memory file takes when a connection creates it."""
FRAME = PAGE_SIZE + 24
"""What one page takes in the write-ahead log."""


class FakeDisk:
    """A disk holding the files of ``folder`` with ``free`` bytes left beyond them.

    What the files take is measured (their real sizes, so the log's growth counts); what
    a commit is about to add is counted from its statements (each page it may change, a
    frame of the log).  A commit that would not fit fails as SQLite fails on a full
    disk, before anything is written; opening fails while there is no room for the
    shared-memory file.  :attr:`capacity` may be changed at any time: space returns.
    """

    def __init__(self, folder: Path, free: int) -> None:
        self.folder = folder
        self.capacity = self.used() + free
        self.refused = 0
        """Writes refused for want of space."""
        self.peak = 0
        """The most the folder's files took at any commit."""

    def used(self) -> int:
        return sum(p.stat().st_size for p in self.folder.iterdir() if p.is_file())

    @property
    def free(self) -> int:
        return self.capacity - self.used()

    def set_free(self, free: int) -> None:
        """Leave ``free`` bytes beyond what the files take now; with none, what the log
        takes is taken too, as soon as it is freed (another program fills the disk)."""
        logs = sum(p.stat().st_size for p in self.folder.glob("*-wal"))
        self.capacity = self.used() + free - (logs if free == 0 else 0)

    def _full(self, why: str) -> sqlite3.OperationalError:
        self.refused += 1
        return sqlite3.OperationalError(why)

    def factory(self) -> type[sqlite3.Connection]:
        """The connection class that writes to this disk (``DatabaseStorage(factory=)``)."""
        disk = self

        class OnFakeDisk(sqlite3.Connection):
            pending = 0

            def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
                disk._before(self, sql.strip().upper(), parameters)
                return super().execute(sql, parameters)

        return OnFakeDisk

    def _before(self, db: Any, sql: str, parameters: Any) -> None:
        if sql.startswith("PRAGMA JOURNAL_MODE"):
            path = Path(db.execute("PRAGMA database_list").fetchone()[2])
            if not Path(f"{path}-shm").exists() and self.free < SHM_BYTES + FRAME:
                raise self._full("disk I/O error")
        elif sql.startswith(("INSERT", "UPDATE", "DELETE", "CREATE", "ALTER")):
            if sql.startswith(("CREATE", "ALTER")) and "IF NOT EXISTS" in sql:
                return  # there already, or made with the table: counted by the commit
            text = [p for p in parameters if isinstance(p, str)] if parameters else []
            pages = 2 + sum(len(t.encode()) for t in text) // (PAGE_SIZE - 35)
            db.pending += pages * FRAME
            if not db.in_transaction and db.pending > self.free:
                db.pending = 0
                raise self._full("database or disk is full")
        elif sql == "COMMIT":
            need, db.pending = db.pending, 0
            if need > self.free:
                raise self._full("database or disk is full")
            self.peak = max(self.peak, self.used() + need)
        elif sql == "ROLLBACK":
            db.pending = 0


# -- localStorage ---------------------------------------------------------------------


class SharedItems:
    """What localStorage holds for an origin, shared by every tab."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}


class TabStorage:
    """One tab's ``window.localStorage`` over ``shared``: each call first waits for this
    tab's turn (``turn``)."""

    def __init__(self, shared: SharedItems, turn: Callable[[], None] = lambda: None) -> None:
        self.shared = shared
        self.turn = turn

    def getItem(self, key: str) -> object:  # noqa: N802 - the JS name
        self.turn()
        return self.shared.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.turn()
        self.shared.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.turn()
        self.shared.items.pop(key, None)

    def key(self, index: int) -> object:
        self.turn()
        keys = list(self.shared.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        self.turn()
        return len(self.shared.items)


def window_of(storage: object) -> Any:
    """A page's ``window`` with this ``localStorage``."""
    return SimpleNamespace(localStorage=storage)


class FlakyTabStorage(TabStorage):
    """A tab's localStorage whose reads return garbage now and then (``rate``): a
    record cut short, or bytes that are no record at all."""

    def __init__(self, shared: SharedItems, rate: float, seed: int) -> None:
        super().__init__(shared)
        self.rate = rate
        self.rng = random.Random(seed)
        self.garbled = 0

    def getItem(self, key: str) -> object:  # noqa: N802 - the JS name
        value = super().getItem(key)
        if value is not None and self.rng.random() < self.rate:
            self.garbled += 1
            text = str(value)
            return text[: self.rng.randrange(len(text) or 1)] + "\ufffd"
        return value


class Interleaving:
    """Two tabs, ``a`` and ``b``, whose storage calls run one at a time in the order
    ``order`` gives (a tab whose turn it is not waits); past its end, or once one tab
    is done, the other runs on.  Each tab runs its part in a thread of its own."""

    def __init__(self, order: Iterable[str]) -> None:
        self.order: Iterator[str] = iter(order)
        self.now: str | None = next(self.order, None)
        self.done: set[str] = set()
        self.calls = {"a": 0, "b": 0}
        self.lock = threading.Condition()

    def turn(self, tab: str) -> Callable[[], None]:
        def wait() -> None:
            with self.lock:
                while self.now is not None and self.now != tab and self.now not in self.done:
                    if not self.lock.wait(timeout=10):
                        raise TimeoutError("the other tab never took its turn")
                self.calls[tab] += 1
                self.now = next(self.order, None)
                self.lock.notify_all()

        return wait

    def run(self, parts: dict[str, Callable[[], None]]) -> None:
        """Run each tab's part, interleaved; re-raise what either raised."""
        errors: list[BaseException] = []

        def runner(tab: str, part: Callable[[], None]) -> None:
            try:
                part()
            except BaseException as exc:  # reported in the main thread
                errors.append(exc)
            finally:
                with self.lock:
                    self.done.add(tab)
                    self.lock.notify_all()

        threads = [threading.Thread(target=runner, args=item) for item in parts.items()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        if errors:
            raise errors[0]
