"""The desktop's storage: an SQLite database with one row per record.

Why a database and not a file rewritten whole: each record (the settings, each
statistics table, each board, the saved game) is its own row, so damage to one loses
only that one; every write is one transaction (``BEGIN IMMEDIATE``: read the record,
change it, write it back), so two windows adding to the same statistics keep both
additions; the write-ahead log with ``synchronous=FULL`` makes each commit atomic and
on the disk before it returns (a power cut leaves the last commit or the one before,
never an empty file); and a busy timeout makes a second window wait out the first's
short transaction instead of failing.

The JSON file of earlier versions (:data:`~thirteen.records.storage.FILE_NAME`) is taken in on
the first start, record by record (:func:`~thirteen.records.data_file.salvage_records`), and
kept beside the database as ``thirteen.json.bak``.  A database SQLite finds damaged is
read row by row, what can be read goes into a new one, and the damaged file is kept
as ``thirteen.db.corrupt-<n>``; :attr:`Storage.aside` names what was lost.

The browser never imports this module (pygbag's Python has no ``sqlite3``).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from urllib.parse import quote

from thirteen.records.data_file import Salvaged, read_data_file, refuse_unless_regular
from thirteen.records.storage import FILE_NAME, NAMESPACE, RECOVERY, Change, Storage

BUSY_TIMEOUT_S = 10.0
"""How long a write waits for another window's transaction (each takes milliseconds)."""

SCHEMA = "CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY, value TEXT NOT NULL)"

DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
"""The errors that mean the file is damaged, not merely busy, full or locked."""


def _is_damage(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(DAMAGED) or "malformed" in str(exc) or "not a database" in str(exc)


def _unless_there(text: str) -> Change:
    """A change that writes ``text`` where the record is missing, and keeps one that is
    there (the database's, written since by another window)."""
    return lambda old: text if old is None else old


def free_name(path: Path, suffix: str) -> Path:
    """``path`` with ``suffix`` (then ``-2``, ``-3``...) where no file is yet."""
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}{suffix}" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(target):
            return target
    return path.with_name(f"{path.name}{suffix}-{os.getpid()}")


class DatabaseStorage(Storage):
    """The records in an SQLite database at ``path`` (created when missing), taking in
    the JSON data file ``legacy`` (default: ``thirteen.json`` beside it) once.

    Raises OSError when ``path`` or the JSON file is there but no regular file (a
    folder, a FIFO) or cannot be opened: they are left alone, and
    :func:`~thirteen.records.platform_storage.open_storage` keeps nothing rather than touch them.
    """

    kind = "file"

    def __init__(
        self,
        path: str | os.PathLike[str],
        legacy: str | os.PathLike[str] | None = None,
        timeout: float = BUSY_TIMEOUT_S,
        durable: bool = True,
    ) -> None:
        super().__init__()
        self.durable = durable
        """False: commits are not flushed to the disk (``synchronous=NORMAL``): still
        atomic and safe from a crash of the program, not from a power cut; for tests
        that write thousands of times and test something else."""
        self.path = Path(path)
        self.legacy = Path(legacy) if legacy is not None else self.path.with_name(FILE_NAME)
        self.timeout = timeout
        refuse_unless_regular(self.path)
        try:  # read first: a file that cannot be read leaves the folder untouched
            legacy_found: Salvaged | None = read_data_file(self.legacy)
        except FileNotFoundError:
            legacy_found = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = self._open_sound()
        if legacy_found is not None:
            self._take_in(legacy_found)

    # -- opening ------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        try:
            return self._connect_to(self.path)
        except sqlite3.OperationalError as exc:
            if _is_damage(exc) or not self.path.is_file():
                raise
        # a database on a read-only disk: SQLite cannot open its log there, but no one
        # can write it either, so it is read as it is; every write is refused and queued
        return sqlite3.connect(
            f"file:{quote(str(self.path))}?immutable=1", uri=True, isolation_level=None
        )

    def _connect_to(self, path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=self.timeout, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            db.execute("PRAGMA fullfsync=ON")  # macOS: flush the drive's cache too
            db.execute(SCHEMA)
        except sqlite3.OperationalError as exc:
            if "readonly" not in str(exc):
                db.close()
                raise
            # a read-only file: read it; every write is refused and queued
        return db

    def _open_sound(self) -> sqlite3.Connection:
        """The database, rebuilt from what can be read when SQLite finds it damaged."""
        try:
            db = self._connect()
            if db.execute("PRAGMA quick_check").fetchall() == [("ok",)]:
                return db
            db.close()
        except sqlite3.DatabaseError as exc:
            if not _is_damage(exc):
                raise
        return self._rebuild()

    def _rebuild(self) -> sqlite3.Connection:
        rows, lost, unknown = readable_rows(self.path)
        aside = free_name(self.path, ".corrupt")
        for tail in ("-wal", "-shm", "-journal"):
            old = Path(f"{self.path}{tail}")
            if old.exists():
                os.replace(old, f"{aside}{tail}")
        os.replace(self.path, aside)
        db = self._connect()
        db.execute("BEGIN IMMEDIATE")
        db.executemany(
            "INSERT OR IGNORE INTO records (key, value) VALUES (?, ?)", sorted(rows.items())
        )
        db.execute("COMMIT")
        self.aside = lost + ([""] if unknown else [])
        self.kept = sorted(rows) if unknown else None
        return db

    def _take_in(self, found: Salvaged) -> None:
        """Put the JSON data file's records in the database (where it has a record
        already, the database's wins), then rename the file ``.bak``: kept, and never
        taken in twice."""
        rows = dict(found.records)
        for key, text in found.damaged.items():
            base = RECOVERY + key.removeprefix(NAMESPACE) + "/"
            n = 1
            while f"{base}{n}" in rows:
                n += 1
            rows[f"{base}{n}"] = text
        db = self.db
        taken = True
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT OR IGNORE INTO records (key, value) VALUES (?, ?)", sorted(rows.items())
            )
            db.execute("COMMIT")
        except sqlite3.Error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            # refused (a full disk, a read-only one): shown, queued, and the file stays
            # to be taken in again at the next start
            for key, text in sorted(rows.items()):
                self.update(key, _unless_there(text))
            taken = False
        if taken:
            try:
                os.replace(self.legacy, free_name(self.legacy, ".bak"))
            except FileNotFoundError:
                pass  # another window took it in at the same time
        self.aside = [*self.aside, *found.damaged, *([""] if found.unknown else [])]
        if found.unknown:
            self.kept = sorted(found.records)

    # -- the backend's part -------------------------------------------------
    def _get(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM records WHERE key = ?", (key,)).fetchone()
        return row[0] if row is not None and isinstance(row[0], str) else None

    def _keys(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT key FROM records")]

    def _update(self, key: str, change: Change) -> str | None:
        """Read, change and write the record in one transaction, which holds the write
        lock from its start: no other window writes between the read and the write."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT value FROM records WHERE key = ?", (key,)).fetchone()
            old = row[0] if row is not None and isinstance(row[0], str) else None
            new = change(old)
            if new != old:
                if new is None:
                    db.execute("DELETE FROM records WHERE key = ?", (key,))
                else:
                    db.execute(
                        "INSERT INTO records (key, value) VALUES (?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                        (key, new),
                    )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise
        return new

    def close(self) -> None:
        self.db.close()


def copied_rows(path: Path) -> tuple[dict[str, str], list[str], bool]:
    """:func:`readable_rows` of a copy of the database (and its log) in a temporary
    folder: the database itself is left byte for byte as it was, even the files
    SQLite keeps beside it."""
    with tempfile.TemporaryDirectory(prefix="thirteen-") as folder:
        copy = Path(folder) / path.name
        shutil.copyfile(path, copy)
        wal = Path(f"{path}-wal")
        if wal.is_file():
            shutil.copyfile(wal, f"{copy}-wal")
        return readable_rows(copy)


def readable_rows(path: Path) -> tuple[dict[str, str], list[str], bool]:
    """What a damaged database still gives up: the rows read whole, the keys whose
    value could not be read, and whether rows may be missing that no key names.

    The keys are listed by a full scan, or, where that fails, by walking the key index
    and the table each as far as they go; each value is then read on its own.
    """
    try:
        db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
    except sqlite3.Error:
        return {}, [], True
    try:
        keys, unknown = _list_keys(db)
        rows: dict[str, str] = {}
        lost: list[str] = []
        for key in keys:
            try:
                row = db.execute("SELECT value FROM records WHERE key = ?", (key,)).fetchone()
            except sqlite3.Error:
                row = None
            if row is not None and isinstance(row[0], str):
                rows[key] = row[0]
            else:
                lost.append(key)
        return rows, lost, unknown
    finally:
        db.close()


def _list_keys(db: sqlite3.Connection) -> tuple[list[str], bool]:
    try:
        return [r[0] for r in db.execute("SELECT key FROM records") if isinstance(r[0], str)], False
    except sqlite3.Error:
        pass
    found: set[str] = set()
    for query, start in (
        ("SELECT key, key FROM records WHERE key > ? ORDER BY key LIMIT 1", ""),
        ("SELECT key, rowid FROM records WHERE rowid > ? ORDER BY rowid LIMIT 1", -(2**63)),
    ):
        last: object = start
        while True:
            try:
                row = db.execute(query, (last,)).fetchone()
            except sqlite3.Error:
                break
            if row is None:
                break
            if isinstance(row[0], str):
                found.add(row[0])
            last = row[1]
    return sorted(found), True
