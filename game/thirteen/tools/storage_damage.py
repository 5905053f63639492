"""Every single-byte flip and every cut of a database, each opened by the store and
judged: was a record still whole in the file hidden, a loss left unsaid, a record
invented?  Where each record lies in the file is read from the table's own cell
pointers in the undamaged file, apart from the store's way of reading damaged ones.
:mod:`.storage_attacks` prints the figures; the tests run it on a small database.
"""

from __future__ import annotations

import random
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from thirteen.records.database import DatabaseStorage
from thirteen.records.sqlite_pages import varint
from thirteen.records.storage import DB_NAME, NAMESPACE


def fast_folder() -> str | None:
    """A folder in memory (Linux's /dev/shm) where there is one: thousands of files are
    written and opened, and the disk adds nothing to what is tested."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() else None


# -- where each record lies in a database file -----------------------------------------


def record_spans(image: bytes) -> dict[str, list[tuple[int, int]]]:
    """Where each record's cell, and each page of its overflow chain, lies in the
    undamaged database file ``image``, read from the table's leaf pages' cell pointers:
    the bytes a record needs to be whole."""
    size = int.from_bytes(image[16:18], "big")
    size = 65536 if size == 1 else size
    usable = size - image[20]
    spans: dict[str, list[tuple[int, int]]] = {}
    for number in range(len(image) // size):
        base = number * size
        head = base + (100 if number == 0 else 0)
        if image[head] != 13:  # a table's leaf page
            continue
        for i in range(int.from_bytes(image[head + 3 : head + 5], "big")):
            at = base + int.from_bytes(image[head + 8 + 2 * i : head + 10 + 2 * i], "big")
            payload, pos = varint(image, at)
            pos = varint(image, pos)[1]
            most, least = usable - 35, ((usable - 12) * 32 // 255) - 23
            local = payload
            if payload > most:
                k = least + (payload - least) % (usable - 4)
                local = k if k <= most else least
            header, hpos = varint(image, pos)
            serial = varint(image, hpos)[0]
            key = image[pos + header : pos + header + (serial - 13) // 2].decode()
            cell = [(at, pos + local + (4 if local < payload else 0))]
            page = int.from_bytes(image[pos + local : pos + local + 4], "big")
            left = payload - local
            while left > 0 and page:
                cell.append(((page - 1) * size, page * size))
                left -= usable - 4
                page = int.from_bytes(image[(page - 1) * size : (page - 1) * size + 4], "big")
            spans[key] = cell
    return spans


# -- one damaged file: what the store made of it ---------------------------------------


@dataclass
class Verdict:
    """What opening one damaged file did to each record written in it."""

    hidden: list[str] = field(default_factory=list)
    """Whole in the file, yet not read back as written."""
    untold: list[str] = field(default_factory=list)
    """Lost (not whole, not read back as written) without a word."""
    invented: list[str] = field(default_factory=list)
    """Read back, though never written."""
    told: int = 0
    """Records lost and said."""
    notice: bool = False
    """Whether anything was said at all (a loss, or a repair that lost nothing)."""

    @property
    def failed(self) -> bool:
        return bool(self.hidden or self.untold or self.invented)


def judge_damage(
    folder: Path, data: bytes, records: dict[str, str], whole: Callable[[str], bool]
) -> Verdict:
    """Open the store on the damaged bytes ``data`` and read every record, then open it
    again and read what it kept; ``whole(key)`` says whether a record is still whole in
    ``data``."""
    for stale in folder.iterdir():
        stale.unlink()
    path = folder / DB_NAME
    path.write_bytes(data)
    verdict = Verdict()
    storage = DatabaseStorage(path, durable=False)
    first = {key: storage.get(key) for key in storage.keys()}
    aside, kept, repairs = storage.aside, storage.kept, storage.repairs
    storage.close()
    again = DatabaseStorage(path, durable=False)
    kept_after = {key: again.get(key) for key in again.keys()}
    again.close()
    verdict.notice = bool(aside) or repairs > 0
    for key, value in records.items():
        read = [first.get(key), kept_after.get(key)]
        if all(r == value for r in read):
            continue
        if whole(key):
            verdict.hidden.append(key)
        elif key in aside or ("" in aside and kept is not None and key not in kept):
            verdict.told += 1
        else:
            verdict.untold.append(key)
    verdict.invented = sorted(
        k for k in {*first, *kept_after} if k not in records and not k.startswith(NAMESPACE + ".")
    )
    return verdict


@dataclass
class Sweep:
    """The figures of a sweep over many damaged copies of one file."""

    name: str
    cases: int = 0
    failed: list[tuple[int, Verdict]] = field(default_factory=list)
    lost: int = 0
    """Cases where a record was lost (and said)."""
    said: int = 0
    """Cases where the player was told something."""
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"{self.name}: {self.cases} cases, {len(self.failed)} failed (a whole record "
            f"hidden, a loss unsaid, a record invented); {self.lost} lost a record and said "
            f"so, {self.said} said something; {self.seconds:.1f} s"
        )


def sweep_damage(
    original: bytes,
    records: dict[str, str],
    flips: Iterable[int] = (),
    cuts: Iterable[int] = (),
    folder: Path | None = None,
) -> tuple[Sweep, Sweep]:
    """Every flip (each byte XOR 0xFF at the positions given) and every cut (the file
    ending after so many bytes) of the database ``original``, whose records are
    ``records``; the figures of each."""
    spans = record_spans(original)
    missing = set(records) - set(spans)
    assert not missing, f"records not found in the file: {sorted(missing)}"
    with tempfile.TemporaryDirectory(prefix="thirteen-attack-", dir=fast_folder()) as scratch:
        where = folder or Path(scratch)
        sweeps = []
        for name, cases in (("flips", flips), ("cuts", cuts)):
            sweep = Sweep(name)
            start = time.perf_counter()
            for at in cases:
                if name == "flips":
                    data = bytearray(original)
                    data[at] ^= 0xFF

                    def whole(key: str, at: int = at) -> bool:
                        return not any(a <= at < b for a, b in spans[key])

                else:
                    data = bytearray(original[:at])

                    def whole(key: str, at: int = at) -> bool:
                        return all(b <= at for _a, b in spans[key])

                verdict = judge_damage(where, bytes(data), records, whole)
                sweep.cases += 1
                sweep.lost += verdict.told > 0
                sweep.said += verdict.notice
                if verdict.failed:
                    sweep.failed.append((at, verdict))
            sweep.seconds = time.perf_counter() - start
            sweeps.append(sweep)
    return sweeps[0], sweeps[1]


def small_database(path: Path, records: dict[str, str], page_size: int = 4096) -> bytes:
    """A database written by the store holding ``records`` (pages of ``page_size``
    bytes), closed, as the bytes of its file."""
    if page_size != 4096:
        db = sqlite3.connect(path)
        db.execute(f"PRAGMA page_size = {page_size}")
        db.execute("VACUUM")
        db.close()
    storage = DatabaseStorage(path, durable=False)
    for key, value in records.items():
        storage.set(key, value)
    storage.close()
    return path.read_bytes()


def sample_records(n_logs: int = 4, scale: int = 1) -> dict[str, str]:
    """Records like a player's: settings, logs of finished games, a high-score log, and
    a saved game long enough to need an overflow page."""
    rng = random.Random(13)
    out = {NAMESPACE + "settings": '{"v":2,"sound":false,"four_colour":true,"volume":40}'}
    for n in range(n_logs):
        games = ",".join(
            f'{{"id":"w{n:x}.{i}","score":{rng.randint(0, 52)},'
            f'"won":{"true" if i % 3 else "false"},"ms":0,"at":{1700000000000 + i}}}'
            for i in range(3 * scale)
        )
        game = ["pyramid", "thirteens/3x5", "pyramid13", "elevens"][n % 4]
        out[f"{NAMESPACE}played/{game}/w{n:x}"] = f'{{"v":1,"games":[{games}]}}'
    moves = ",".join(f'"{rng.choice("KQJ")}{rng.choice("hdcs")}"' for _ in range(300 * scale))
    out[NAMESPACE + "game/pyramid"] = (
        f'{{"v":1,"record":{{"game":"pyramid","deal":3,"moves":[{moves}]}}}}'
    )
    return out
