"""The desktop's storage: an SQLite database with one row per record.

Why a database and not a file rewritten whole: each record (the settings, each log of
finished games, the saved game) is its own row, so damage to one loses only that one;
every write is one transaction (``BEGIN IMMEDIATE``: read the record, change it, write
it back), so two windows never undo each other's writes; the write-ahead log with
``synchronous=FULL`` makes each commit atomic and on the disk before it returns (a power
cut leaves the last commit or the one before, never an empty file); and a busy timeout
makes a second window wait out the first's short transaction instead of failing.

Damage is found, said and repaired from what is left.  Each row holds a checksum of its
key, text and sequence number, checked on every read (a row read under another key, or
changed by a flipped byte, is damage, never data); opening runs ``PRAGMA
integrity_check`` and checks every row.  A damaged file is kept as
``thirteen.db.corrupt[-<n>]`` and a new one is written of every record still whole
(:mod:`.database_salvage`); :attr:`Storage.aside` names what was lost.

Space that returns is used again.  The log is checkpointed every few pages and cut back
(``journal_size_limit``), so it stays a few pages long; a write refused for want of space
checkpoints the log and is tried once more.  A database that cannot be written (a full
disk, a read-only folder, the old data file in the way) is read as it is, from memory
when SQLite cannot open it in place; each later write first tries to open it for
writing again, so the queued writes are kept once it can be.

The JSON file of earlier versions (:data:`~thirteen.records.storage.FILE_NAME`) is taken
in on the first start, record by record (:func:`~thirteen.records.data_file.salvage_records`),
and kept beside the database as ``thirteen.json.bak``.

The browser never imports this module (pygbag's Python has no ``sqlite3``).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from thirteen.records.data_file import (
    Salvaged,
    read_data_file,
    read_regular_bytes,
    refuse_unless_regular,
)
from thirteen.records.database_salvage import (
    PAGE_SIZE,
    Salvage,
    create_schema,
    image_of,
    salvage,
)
from thirteen.records.sqlite_pages import current_image, record_sum
from thirteen.records.storage import (
    FILE_NAME,
    LEGACY_UNREADABLE,
    NAMESPACE,
    RECOVERY,
    Change,
    Storage,
)

BUSY_TIMEOUT_S = 10.0
"""How long a write waits for another window's transaction (each takes milliseconds)."""
CHECKPOINT_PAGES = 8
"""The log is copied into the database once it holds this many pages."""
LOG_LIMIT = 8 * (PAGE_SIZE + 24)
"""The bytes of log file kept once it has been copied in (the rest is cut off)."""

MIN_FILE = 512
"""The smallest database file SQLite writes (one page of the smallest size): a shorter
one was cut short, though SQLite would take it for a new, empty database."""

DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_FORMAT")
"""The errors that mean the file is damaged, not merely busy, full or locked."""


class DamageFound(Exception):
    """A row read back is not what was written (another key's row, a checksum that
    does not match)."""


def _is_damage(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    return name.startswith(DAMAGED) or any(
        words in text for words in ("malformed", "not a database", "unsupported file format")
    )


def _is_full(exc: BaseException) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_FULL") or "full" in str(exc)


def _select(db: sqlite3.Connection, how: str = "", where: str = "") -> str:
    """The query of key, value, checksum and sequence number (NULLs from a table of
    earlier versions that could not be given the columns: a read-only file)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(records)")}
    summed = "sum, seq" if {"sum", "seq"} <= columns else "NULL, NULL"
    return f"SELECT key, value, {summed} FROM records {how} {where}"


def _sums_up(key: str, value: str, total: object, seq: object) -> bool:
    """Whether a row's checksum is the one its key, text and number make."""
    return isinstance(seq, int) and total == record_sum(key, value, seq)


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


def _size_of(path: Path) -> int:
    """The size of the file at ``path``; -1 when there is none."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return -1


def _file_bytes(path: Path) -> bytes:
    try:
        return read_regular_bytes(path)
    except FileNotFoundError:
        return b""


def copied_rows(path: Path) -> tuple[dict[str, str], list[str], bool]:
    """What the database at ``path`` holds, read from its bytes (and its log's) without
    opening it: the records read whole, the keys lost, and whether records may be
    missing that no key names.  The files are only read."""
    found = salvage(read_regular_bytes(path), _file_bytes(Path(f"{path}-wal")))
    return {k: v for k, (v, _seq) in found.rows.items()}, found.lost, found.unknown


@contextlib.contextmanager
def opening(path: Path) -> Iterator[None]:
    """Hold the data file's opening lock (``<file>.lock``) while a window opens it: a
    window that is creating the file leaves it empty, or a page long, for a moment, which
    another window opening it then would take for a file cut short and set aside. Without
    ``fcntl`` (Windows) or where the lock cannot be made (a read-only folder), SQLite's
    own locks are all there is."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    try:
        handle = open(f"{path}.lock", "a")  # noqa: SIM115 - held across the yield
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class DatabaseStorage(Storage):
    """The records in an SQLite database at ``path`` (created when missing), taking in
    the JSON data file ``legacy`` (default: ``thirteen.json`` beside it) once.

    Raises OSError when ``path`` is there but no regular file (a folder, a FIFO), or
    when nothing can be read: no database, and the JSON file there but unreadable; they
    are left alone, and :func:`~thirteen.records.platform_storage.open_storage` keeps
    nothing rather than touch them.  A database that can be read but not written is
    read (see the module's note), with :attr:`blocked` saying why when the reason is
    not the disk's.  ``factory`` makes the connections (a test's fake disk).
    """

    kind = "file"

    def __init__(
        self,
        path: str | os.PathLike[str],
        legacy: str | os.PathLike[str] | None = None,
        timeout: float = BUSY_TIMEOUT_S,
        durable: bool = True,
        factory: type[sqlite3.Connection] = sqlite3.Connection,
    ) -> None:
        super().__init__()
        self.durable = durable
        """False: commits are not flushed to the disk (``synchronous=NORMAL``): still
        atomic and safe from a crash of the program, not from a power cut; for tests
        that write thousands of times and test something else."""
        self.path = Path(path)
        self.legacy = Path(legacy) if legacy is not None else self.path.with_name(FILE_NAME)
        self.timeout = timeout
        self.factory = factory
        self.writable = False
        """Whether :attr:`db` is the file itself, open for writing."""
        self._pending: bytes | None = None
        """A database rebuilt from a damaged one that could not be written yet."""
        refuse_unless_regular(self.path)
        legacy_found: Salvaged | None = None
        try:  # read first: a file that cannot be read leaves the folder untouched
            legacy_found = read_data_file(self.legacy)
        except FileNotFoundError:
            pass
        except OSError:
            if not self.path.is_file():
                raise  # nothing that can be read
            self.blocked = LEGACY_UNREADABLE  # it may hold records: write nothing over them
        if not self.path.is_file():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        with opening(self.path):
            self.db = self._open()
        if legacy_found is not None:
            self._take_in(legacy_found)

    # -- opening ------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """The file, open for writing when it can be: ``writable`` says whether it is."""
        db = sqlite3.connect(
            self.path, timeout=self.timeout, isolation_level=None, factory=self.factory
        )
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            db.execute("PRAGMA fullfsync=ON")  # macOS: flush the drive's cache too
            db.execute("PRAGMA secure_delete=ON")  # no stale copy of a record left behind
            db.execute(f"PRAGMA journal_size_limit={LOG_LIMIT}")
            db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
            try:
                create_schema(db)
                db.execute("BEGIN IMMEDIATE")
                db.execute("ROLLBACK")
                self.writable = self.blocked is None
            except sqlite3.OperationalError as exc:
                if "readonly" not in str(exc):
                    raise
                self.writable = False  # a read-only file: read in place
        except BaseException:
            db.close()
            raise
        return db

    def _in_memory(self, image: bytes) -> sqlite3.Connection:
        """A database read from memory, for one that cannot be opened in place."""
        db = sqlite3.connect(":memory:", isolation_level=None)
        if image:
            db.deserialize(image)
        else:
            create_schema(db)
        self.writable = False
        return db

    def _snapshot(self) -> sqlite3.Connection:
        """The file and its log as SQLite would read them, from memory: SQLite cannot
        open it in place (no room for its log or shared-memory file, a read-only
        folder)."""
        main = _file_bytes(self.path)
        return self._in_memory(current_image(main, _file_bytes(Path(f"{self.path}-wal"))))

    def _open(self) -> sqlite3.Connection:
        """The database, checked, rebuilt from what is whole when it is damaged."""
        size = _size_of(self.path)
        if 0 <= size < MIN_FILE:
            return self._rebuild()  # cut short before its first page ends: not a database
        db: sqlite3.Connection | None = None
        try:
            db = self._connect()
            sound = self._sound(db)
        except Exception as exc:
            if db is not None:
                db.close()
            if size < 0 and _size_of(self.path) == 0:
                with contextlib.suppress(OSError):
                    self.path.unlink()  # the empty file SQLite made before it failed
            elif not isinstance(exc, sqlite3.DatabaseError) or _is_damage(exc):
                return self._rebuild()  # SQLite stumbled over the file's bytes
            if not self.path.parent.is_dir():
                raise
            db = self._snapshot()  # full, read-only, locked out: read it as it is
            sound = self._sound(db, in_memory=True)
        if not sound:
            db.close()
            return self._rebuild()
        if self.writable:
            self._add_sums(db)
        return db

    def _sound(self, db: sqlite3.Connection, in_memory: bool = False) -> bool:
        """Whether SQLite finds the file whole and every row's checksum matches (read
        from memory, where nothing can be busy or locked, any error is damage)."""
        try:
            if db.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                return False
            for key, value, total, seq in db.execute(_select(db, "NOT INDEXED")):
                if not isinstance(key, str) or not isinstance(value, str):
                    return False
                if total is not None and not _sums_up(key, value, total, seq):
                    return False
        except Exception as exc:
            if in_memory or not isinstance(exc, sqlite3.DatabaseError) or _is_damage(exc):
                return False
            raise
        return True

    def _add_sums(self, db: sqlite3.Connection) -> None:
        """Give rows written by earlier versions their checksums (when there is room)."""
        try:
            rows = db.execute("SELECT rowid, key, value FROM records WHERE sum IS NULL").fetchall()
            if not rows:
                return
            db.execute("BEGIN IMMEDIATE")
            seq = db.execute("SELECT coalesce(max(seq), 0) FROM records").fetchone()[0]
            for n, (rowid, key, value) in enumerate(rows, start=seq + 1):
                db.execute(
                    "UPDATE records SET sum = ?, seq = ? WHERE rowid = ?",
                    (record_sum(key, value, n), n, rowid),
                )
            db.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")

    # -- repairing -----------------------------------------------------------
    def _rebuild(self) -> sqlite3.Connection:
        """A new database of every record still whole in the damaged file, which is kept
        aside; read from memory until it can be written (:meth:`_install`)."""
        found = salvage(_file_bytes(self.path), _file_bytes(Path(f"{self.path}-wal")))
        self._tell(found)
        image = image_of(found.rows)
        try:
            self._install(image)
            db = self._connect()
        except (OSError, sqlite3.Error):
            self._pending = image
            return self._in_memory(image)
        return db

    def _tell(self, found: Salvage) -> None:
        self.repairs += 1
        self.aside = [*self.aside, *found.lost, *([""] if found.unknown else [])]
        if found.unknown:
            self.kept = sorted(found.rows)

    def _install(self, image: bytes) -> None:
        """Put the database ``image`` in place of the damaged file, which is kept as
        ``thirteen.db.corrupt[-<n>]`` with its log: the new file is written and flushed
        beside it first, and takes its name in one rename."""
        new = free_name(self.path, ".rebuilt")
        try:
            with open(new, "xb") as file:
                file.write(image)
                file.flush()
                if self.durable:
                    os.fsync(file.fileno())
            if self.path.exists():
                aside = free_name(self.path, ".corrupt")
                try:
                    os.link(self.path, aside)
                except OSError:
                    os.replace(self.path, aside)
                for tail in ("-wal", "-shm", "-journal"):
                    old = Path(f"{self.path}{tail}")
                    if old.exists():
                        os.replace(old, f"{aside}{tail}")
            os.replace(new, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                new.unlink()
            raise
        self._pending = None

    def _repair(self) -> None:
        """Damage found in use: rebuild, as at the start."""
        self.db.close()
        self.writable = False
        self.db = self._rebuild()

    def _become_writable(self) -> None:
        """Open the file for writing again (space back, the folder writable, the old data
        file out of the way); raises while it cannot be."""
        legacy_found: Salvaged | None = None
        if self.blocked == LEGACY_UNREADABLE:
            try:
                legacy_found = read_data_file(self.legacy)
            except FileNotFoundError:
                pass
            self.blocked = None
        if self._pending is not None:
            self._install(self._pending)
        db = self._connect()
        if not self.writable:
            db.close()
            raise sqlite3.OperationalError("attempt to write a readonly database")
        if not self._sound(db):
            db.close()
            self._repair()
            if not self.writable:
                raise sqlite3.OperationalError("the database could not be rebuilt in place")
        else:
            self.db.close()
            self.db = db
            self._add_sums(db)
        if legacy_found is not None:
            self._take_in(legacy_found)

    # -- the old JSON file -----------------------------------------------------
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
        taken = False
        if self.writable:
            try:
                for key, text in sorted(rows.items()):
                    self._write(key, _unless_there(text))
                taken = True
            except sqlite3.Error:
                pass
        if not taken:
            # refused (a full disk, a read-only one): shown, queued, and the file stays
            # to be taken in again at the next start
            for key, text in sorted(rows.items()):
                self.update(key, _unless_there(text))
        if taken:
            try:
                os.replace(self.legacy, free_name(self.legacy, ".bak"))
            except FileNotFoundError:
                pass  # another window took it in at the same time
        self.aside = [*self.aside, *found.damaged, *([""] if found.unknown else [])]
        if found.unknown:
            self.kept = sorted(found.records)

    # -- the backend's part -------------------------------------------------
    def _row(self, key: str) -> str | None:
        """The record at ``key``, checked; DamageFound when it is not what was written."""
        row = self.db.execute(_select(self.db, where="WHERE key = ?"), (key,)).fetchone()
        if row is None:
            return None
        found, value, total, seq = row
        if found != key or not isinstance(value, str):
            raise DamageFound(key)
        if total is not None and not _sums_up(key, value, total, seq):
            raise DamageFound(key)
        return value

    def _get(self, key: str) -> str | None:
        try:
            return self._row(key)
        except DamageFound:
            self._repair()
        except sqlite3.DatabaseError as exc:
            if not _is_damage(exc):
                raise
            self._repair()
        return self._row(key)

    def _keys(self) -> list[str]:
        try:
            return [row[0] for row in self.db.execute("SELECT key FROM records")]
        except sqlite3.DatabaseError as exc:
            if not _is_damage(exc):
                raise
        self._repair()
        return [row[0] for row in self.db.execute("SELECT key FROM records")]

    def _update(self, key: str, change: Change) -> str | None:
        if not self.writable:
            self._become_writable()
        for attempt in range(3):
            try:
                return self._write(key, change)
            except DamageFound:
                self._repair()
            except sqlite3.DatabaseError as exc:
                if _is_damage(exc):
                    self._repair()
                elif _is_full(exc) and attempt == 0:
                    self._make_room()
                else:
                    raise
            if not self.writable:
                raise sqlite3.OperationalError("the database could not be rebuilt in place")
        return self._write(key, change)

    def _make_room(self) -> None:
        """Copy the log into the database and cut it to nothing, freeing its space."""
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _write(self, key: str, change: Change) -> str | None:
        """Read, change and write the record in one transaction, which holds the write
        lock from its start: no other window writes between the read and the write."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            old = self._row(key)
            new = change(old)
            if new != old:
                if new is None:
                    db.execute("DELETE FROM records WHERE key = ?", (key,))
                else:
                    seq = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM records").fetchone()[0]
                    db.execute(
                        "INSERT INTO records (key, value, sum, seq) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                        "sum = excluded.sum, seq = excluded.seq",
                        (key, new, record_sum(key, new, seq), seq),
                    )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise
        return new

    def close(self) -> None:
        self.db.close()
