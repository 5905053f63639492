"""What a damaged database still holds: every record read whole, the records lost, and
whether records may be missing that nothing names.

Two readings are joined.  SQLite's own scans the table itself (never the key index, which
a flipped byte can point at the wrong row) and walks the index for the keys it names;
it stops where the damage is.  The pages' own (:mod:`.sqlite_pages`) reads every cell
wherever it lies and keeps those whose checksum matches.  A key named anywhere (the
index, a damaged cell) without a whole record is lost, and said.

Standard library only; the desktop's database uses it, the browser never.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from thirteen.records.sqlite_pages import current_image, read_pages, record_sum
from thirteen.records.storage import ROOT

PAGE_SIZE = 4096
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS records "
    "(key TEXT PRIMARY KEY, value TEXT NOT NULL, sum INTEGER, seq INTEGER)"
)
"""One row per record: its key, its text, and the checksum of both with its sequence
number (:func:`~.sqlite_pages.record_sum`), each write numbered one above the last."""
UNSUMMED = (
    "CREATE TRIGGER IF NOT EXISTS records_unsummed AFTER UPDATE OF value ON records "
    "WHEN new.sum IS old.sum BEGIN UPDATE records SET sum = NULL WHERE rowid = new.rowid; END"
)
"""A value changed without its checksum (by an earlier version of the game, which knows
no checksums) loses the checksum, rather than be taken for damage."""


@dataclass
class Salvage:
    """What a damaged database still holds."""

    rows: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Each record read whole: its text and sequence number."""
    lost: list[str] = field(default_factory=list)
    """Keys named in the file whose record could not be read whole."""
    unknown: bool = False
    """Part of the file is gone or unreadable where no key is named."""


def create_schema(db: sqlite3.Connection) -> None:
    """The table (with the checksum columns a table of earlier versions lacks) and the
    trigger, where they are missing."""
    db.execute(SCHEMA)
    columns = {row[1] for row in db.execute("PRAGMA table_info(records)")}
    for column in ("sum", "seq"):
        if column not in columns:
            db.execute(f"ALTER TABLE records ADD COLUMN {column} INTEGER")
    db.execute(UNSUMMED)


def image_of(rows: dict[str, tuple[str, int]]) -> bytes:
    """A new database holding ``rows``, as the bytes of its file."""
    db = sqlite3.connect(":memory:")
    try:
        db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        create_schema(db)
        db.executemany(
            "INSERT INTO records (key, value, sum, seq) VALUES (?, ?, ?, ?)",
            [(k, v, record_sum(k, v, seq), seq) for k, (v, seq) in sorted(rows.items())],
        )
        db.commit()
        return db.serialize()
    finally:
        db.close()


@dataclass
class _SqlReading:
    whole: dict[str, tuple[str, int]] = field(default_factory=dict)
    unsummed: dict[str, str] = field(default_factory=dict)
    damaged: set[str] = field(default_factory=set)
    named: set[str] = field(default_factory=set)


def _sql_reading(image: bytes) -> _SqlReading:
    """What SQLite itself reads of the database ``image``, up to the damage."""
    out = _SqlReading()
    if len(image) < 512:
        return out
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(image)
        _scan(db, out)
        out.named |= _index_keys(db)
    except Exception:  # any error SQLite meets in damaged bytes: read as far as it goes
        pass
    finally:
        db.close()
    return out


def _scan(db: sqlite3.Connection, out: _SqlReading) -> None:
    """The table itself, row after row, as far as it can be read."""
    try:
        columns = {row[1] for row in db.execute("PRAGMA table_info(records)")}
        summed = "sum, seq" if {"sum", "seq"} <= columns else "NULL, NULL"
        scan = db.execute(f"SELECT key, value, {summed} FROM records NOT INDEXED")
        while (row := scan.fetchone()) is not None:
            key, value, total, seq = row
            if not isinstance(key, str) or not key.startswith(ROOT):
                continue
            if not isinstance(value, str):
                out.damaged.add(key)
            elif total is None:
                out.unsummed[key] = value
            elif isinstance(seq, int) and total == record_sum(key, value, seq):
                out.whole[key] = (value, seq)
            else:
                out.damaged.add(key)
    except Exception:  # the damage: the walk of the index may still name the rest
        pass


def _index_keys(db: sqlite3.Connection) -> set[str]:
    """The keys the index names, walked one after another as far as it can be read."""
    found: set[str] = set()
    last = ""
    while True:
        try:
            row = db.execute(
                "SELECT key FROM records WHERE key > ? ORDER BY key LIMIT 1", (last,)
            ).fetchone()
        except Exception:  # the damage: as far as the walk goes
            return found
        if row is None or not isinstance(row[0], str):
            return found
        found.add(row[0])
        last = row[0]


def salvage(main: bytes, wal: bytes = b"") -> Salvage:
    """Every record the database file ``main`` (and its log ``wal``) still holds whole,
    and what was lost (see the module's note)."""
    raw = read_pages(main, wal)
    sql = _sql_reading(current_image(main, wal))
    rows = dict(raw.rows)
    for key, (value, seq) in sql.whole.items():
        if key not in rows or rows[key][1] < seq:
            rows[key] = (value, seq)
    for key, value in sql.unsummed.items():
        rows.setdefault(key, (value, 0))  # written by an earlier version: no checksum
    named = {k for k in raw.named | sql.named if k.startswith(ROOT)}
    damaged = set(raw.damaged) | {k for k in sql.damaged if k not in sql.whole}
    lost = sorted((named - set(rows)) | damaged)
    return Salvage(rows, lost, raw.cut)
