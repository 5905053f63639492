"""The cells of the records table read straight from the bytes of an SQLite file and its
write-ahead log, without SQLite: what a damaged database still holds where SQLite's own
reading stops at the damage (a bad page header, a broken index, a cut file).

SQLite's file format is public and stable: each page of a table holds cells of
``payload length, rowid, record``, each record a header of serial types and then the
values; a payload longer than the page goes on in a chain of overflow pages.  Every
record of the store begins with its key, which begins with ``thirteen/``, so each place
those bytes occur is tried as a table cell (key, value, checksum, sequence number) and as
an index cell (key, rowid); a table cell counts only when its checksum matches, so a cell
read whole is the record as written, wherever it lies and whatever else is damaged.

The write-ahead log is read as SQLite reads it: frames up to the last commit whose salts
and checksums run on unbroken; the newest frame of a page stands for that page.

Standard library only; the desktop's database uses it, the browser never.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

HEADER = b"SQLite format 3\x00"
MARK = b"thirteen/"
"""How every key of the store begins (:data:`~thirteen.records.storage.ROOT`)."""
PAGE_SIZES = tuple(1 << n for n in range(9, 17))
"""The page sizes SQLite allows, 512 to 65536 bytes."""
WAL_MAGIC = (0x377F0682, 0x377F0683)
"""A write-ahead log's first four bytes: its checksums little-endian, or big-endian."""
MAX_PAYLOAD = 1 << 30
"""Longer payloads are no cell of ours (SQLite's own limit is a billion bytes)."""


def record_sum(key: str, value: str, seq: int) -> int:
    """The checksum stored with each record: CRC-32 of its key, value and sequence number,
    so a record read back whole is the one written, under its own key."""
    text = f"{key}\x00{value}\x00{seq}".encode("utf-8", "surrogatepass")
    return zlib.crc32(text)


@dataclass
class Found:
    """What the pages of a file hold of the records table."""

    rows: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Each key read whole: its value and sequence number (the newest where a key is
    found more than once)."""
    damaged: dict[str, int | None] = field(default_factory=dict)
    """Keys whose cell was found but is not whole (checksum wrong, cut short): the
    sequence number it claims where that could be read."""
    named: set[str] = field(default_factory=set)
    """Every key the index names (those that have a row, and those whose row is gone)."""
    cut: bool = False
    """The file is shorter than its header says, or has no header that can be read:
    records may be missing that nothing here names."""


def varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and where it ends.
    IndexError past the end of ``data``."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 8: 0, 9: 0}


def _int_value(serial: int, raw: bytes) -> int:
    if serial == 8:
        return 0
    if serial == 9:
        return 1
    return int.from_bytes(raw, "big", signed=True)


def _size(serial: int) -> int | None:
    """The bytes a value of this serial type takes; None for a float or a reserved type."""
    if serial in _INT_SIZES:
        return _INT_SIZES[serial]
    if serial == 0:
        return 0
    if serial >= 12:
        return (serial - 12) // 2
    return None


@dataclass
class _Pages:
    """The file as SQLite would read it: each page's bytes, by page number from 1."""

    size: int
    usable: int
    pages: dict[int, bytes]

    def chain(self, first: int, length: int) -> bytes | None:
        """``length`` bytes from the overflow chain that starts at page ``first``; None
        when the chain breaks (a page missing, a loop)."""
        out = bytearray()
        seen = set()
        page = first
        while len(out) < length:
            if page in seen or page not in self.pages:
                return None
            seen.add(page)
            data = self.pages[page]
            out += data[4 : self.usable]
            page = int.from_bytes(data[:4], "big")
        return bytes(out[:length])


def _local(size: int, usable: int, index: bool) -> int:
    """How much of a payload of ``size`` bytes a page keeps before its overflow chain."""
    most = usable - 35 if not index else ((usable - 12) * 64 // 255) - 23
    if size <= most:
        return size
    least = ((usable - 12) * 32 // 255) - 23
    k = least + (size - least) % (usable - 4)
    return k if k <= most else least


def _record_at(
    pages: _Pages, data: bytes, start: int, index: bool
) -> tuple[list[int], bytes, int] | None:
    """The cell of a leaf page at ``start``: its serial types, its payload and where in
    ``data`` its first value begins; None where no cell can be read."""
    try:
        size, at = varint(data, start)
        if not index:
            at = varint(data, at)[1]  # the rowid
    except IndexError:
        return None
    if not 0 < size < MAX_PAYLOAD:
        return None
    local = _local(size, pages.usable, index)
    if at + local > pages.usable or at + local > len(data):
        return None
    payload = data[at : at + local]
    if local < size:
        if at + local + 4 > len(data):
            return None
        rest = pages.chain(int.from_bytes(data[at + local : at + local + 4], "big"), size - local)
        if rest is None:
            return None
        payload += rest
    try:
        header, pos = varint(payload, 0)
        serials = []
        while pos < header:
            serial, pos = varint(payload, pos)
            serials.append(serial)
    except IndexError:
        return None
    if pos != header:
        return None
    return serials, payload, at + header


def _values(serials: list[int], payload: bytes) -> list[object] | None:
    """The values of a record (text as bytes, whole numbers as int, NULL as None); None
    when the serial types do not add up to the payload."""
    sizes = [_size(s) for s in serials]
    if any(s is None for s in sizes):
        return None
    pos = varint(payload, 0)[0]
    if pos + sum(s for s in sizes if s is not None) != len(payload):
        return None
    out: list[object] = []
    for serial, length in zip(serials, sizes, strict=True):
        assert length is not None
        raw = payload[pos : pos + length]
        pos += length
        if serial == 0:
            out.append(None)
        elif serial >= 12:
            out.append(raw)
        else:
            out.append(_int_value(serial, raw))
    return out


def _text(raw: object) -> str | None:
    if not isinstance(raw, bytes) or not raw.startswith(MARK):
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _cell_starts(data: bytes, mark: int, index: bool) -> Iterator[int]:
    """Where a cell whose key begins at ``mark`` may begin: its record header is just
    before the key (a size byte and 2 to 4 serial types of up to 5 bytes each), and the
    payload length and the rowid before that."""
    for header in range(3, 5) if index else range(5, 11):
        head = mark - header
        if head < 0 or data[head] != header:
            continue
        for back in range(1, 4) if index else range(2, 15):
            if head - back >= 0:
                yield head - back


def _read_cells(pages: _Pages, data: bytes, found: Found) -> None:
    """The cells of one page: each place a key begins is tried as a table cell and as
    an index cell that hold it."""
    at = data.find(MARK)
    while at >= 0:
        for start in _cell_starts(data, at, index=False):
            cell = _record_at(pages, data, start, index=False)
            if cell is None or len(cell[0]) != 4 or cell[2] != at:
                continue
            values = _values(cell[0], cell[1])
            if values is None:
                continue
            key, value, summed, seq = values
            key_text = _text(key)
            if key_text is None or not isinstance(value, bytes) or not isinstance(seq, int):
                continue
            try:
                value_text = value.decode("utf-8")
            except UnicodeDecodeError:
                value_text = None
            if value_text is not None and summed == record_sum(key_text, value_text, seq):
                kept = found.rows.get(key_text)
                if kept is None or kept[1] < seq:
                    found.rows[key_text] = (value_text, seq)
            elif isinstance(summed, int):
                found.damaged.setdefault(key_text, seq)
        for start in _cell_starts(data, at, index=True):
            cell = _record_at(pages, data, start, index=True)
            if cell is None or len(cell[0]) != 2 or cell[2] != at:
                continue
            values = _values(cell[0], cell[1])
            if values is not None and isinstance(values[1], int):
                key_text = _text(values[0])
                if key_text is not None:
                    found.named.add(key_text)
        at = data.find(MARK, at + 1)


def _wal_pages(wal: bytes, size: int) -> dict[int, bytes]:
    """The pages the write-ahead log holds as of its last commit: frames are read while
    their salts are the log's and their checksums run on unbroken (as SQLite reads it)."""
    if len(wal) < 32:
        return {}
    magic, _version, page_size = struct.unpack(">III", wal[:12])
    if magic not in WAL_MAGIC or page_size != size:
        return {}
    order = ">" if magic & 1 else "<"
    salts = wal[16:24]
    s0, s1 = _wal_sum(wal[:24], 0, 0, order)
    if (s0, s1) != struct.unpack(">II", wal[24:32]):
        return {}
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    at = 32
    while at + 24 + size <= len(wal):
        frame = wal[at : at + 24]
        if frame[8:16] != salts:
            break
        s0, s1 = _wal_sum(frame[:8], s0, s1, order)
        s0, s1 = _wal_sum(wal[at + 24 : at + 24 + size], s0, s1, order)
        if (s0, s1) != struct.unpack(">II", frame[16:24]):
            break
        number, commit = struct.unpack(">II", frame[:8])
        pending[number] = wal[at + 24 : at + 24 + size]
        if commit:
            pages.update(pending)
            pending = {}
        at += 24 + size
    return pages


def _wal_sum(data: bytes, s0: int, s1: int, order: str) -> tuple[int, int]:
    for x0, x1 in struct.iter_unpack(order + "II", data):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def _layouts(main: bytes) -> tuple[list[int], bool]:
    """The page sizes to read the file with, and whether its header is whole: the
    header's own, or every size SQLite allows when the header is damaged."""
    if len(main) >= 100 and main[:16] == HEADER:
        size = int.from_bytes(main[16:18], "big")
        size = 65536 if size == 1 else size
        if size in PAGE_SIZES and main[20] < 32:
            return [size], True
    return list(PAGE_SIZES), False


def current_image(main: bytes, wal: bytes = b"") -> bytes:
    """The database as SQLite would read it, in one piece: the file's pages with the
    log's committed pages put in their place, marked as a database without a log (so
    that SQLite can read it from memory)."""
    sizes, whole_header = _layouts(main)
    if not whole_header:
        return main
    size = sizes[0]
    image = bytearray(main)
    for number, data in sorted(_wal_pages(wal, size).items()):
        at = (number - 1) * size
        if len(image) < at:
            image += bytes(at - len(image))
        image[at : at + size] = data
    image[18:20] = b"\x01\x01"
    return bytes(image)


def read_pages(main: bytes, wal: bytes = b"") -> Found:
    """Every record of the store the file's bytes ``main`` (and its log's, ``wal``)
    still hold whole, the keys whose cells are damaged, and the keys the index names."""
    found = Found()
    sizes, whole_header = _layouts(main)
    if not whole_header:
        found.cut = True
    for size in sizes:
        usable = size - (main[20] if whole_header else 0)
        pages = {n + 1: main[n * size : (n + 1) * size] for n in range(-(-len(main) // size))}
        pages.update(_wal_pages(wal, size))
        if whole_header:
            stated = int.from_bytes(main[28:32], "big")
            valid = main[24:28] == main[92:96]
            if len(main) % size or (valid and stated > len(main) // size):
                found.cut = True
        reader = _Pages(size, usable, pages)
        for number in sorted(pages):
            _read_cells(reader, pages[number], found)
    for key in found.rows:
        if key in found.damaged and (found.damaged[key] or 0) <= found.rows[key][1]:
            del found.damaged[key]  # an older copy of a record read whole elsewhere
    return found
