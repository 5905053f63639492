"""The desktop's JSON data file (:data:`~thirteen.records.storage.FILE_NAME`), which the
database takes in once, read back record by record; and the check that a file the game
opens is a regular file (a FIFO or a device in its place is left alone).

Standard library only; the browser never reads a file.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from thirteen.records.storage import ROOT


def _not_regular(path: Path, mode: int) -> OSError:
    if stat.S_ISDIR(mode):
        return IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    return OSError(errno.EINVAL, "not a regular file", str(path))


def refuse_unless_regular(path: Path) -> None:
    """OSError when ``path`` is there but no regular file (a folder, a FIFO, a device):
    nothing at all is fine."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)


def read_regular_bytes(path: Path) -> bytes:
    """The bytes of the file at ``path``; OSError unless it is a regular file.

    A FIFO there would block the start for ever (opening one to read waits for a
    writer) and a device like /dev/zero would never end, so neither is read: the
    file is checked before it is opened, and opened without waiting, in case a FIFO
    took its place in between, and checked again.
    """
    mode = os.stat(path).st_mode  # FileNotFoundError when there is none
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as file:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode)
        return file.read()


@dataclass
class Salvaged:
    """What a data file written as one JSON object ``{key: text}`` still holds."""

    records: dict[str, str] = field(default_factory=dict)
    """The records read whole: our keys and their texts."""
    damaged: dict[str, str] = field(default_factory=dict)
    """Records whose key could be read but not their text (cut short, garbled, not a
    string): what there was of it, to set aside."""
    unknown: bool = False
    """Some of the file could not be told apart at all (cut off, or garbled where no
    key shows), so records may be missing that nothing names."""


_KEY_AT = re.compile(r'(?<!\\)"((?:[^"\\\n]|\\.)*)"\s*:\s*')
"""A key and its colon, not inside a string (the quotes inside our values are escaped)."""

_BAD_BYTES = re.compile("[\udc80-\udcff]")
"""A byte that was not UTF-8, as ``surrogateescape`` decodes it."""


def _latin1(text: str) -> str:
    """Text with each byte that was not UTF-8 read as Latin-1, the likeliest intent
    (a file saved by an editor in Latin-1); the profile then checks what it means."""
    return _BAD_BYTES.sub(lambda m: chr(ord(m.group()) - 0xDC00), text)


def salvage_records(raw: bytes) -> Salvaged:
    """The records of a JSON data file, record by record: one bad byte or a cut end
    loses only the records it touches.

    A UTF-8 byte-order mark is skipped; bytes that are not UTF-8 are read as Latin-1.
    Where the whole text is not JSON, each ``"key": value`` pair is read on its own, so
    a record cut short or garbled is set aside and those around it are kept.
    """
    text = _latin1(raw.decode("utf-8", errors="surrogateescape")).removeprefix("\ufeff")
    out = Salvaged()

    def take(key: str, value: Any) -> None:
        if not key.startswith(ROOT):
            return  # not ours: never listed, never set aside
        if isinstance(value, str):
            out.records[key] = value
        else:
            out.damaged[key] = json.dumps(value)

    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, dict):
        for key, value in whole.items():
            take(key, value)
        return out
    start = text.find("{")
    if start < 0 or whole is not None:
        out.unknown = True  # empty (a power cut before the old file's write) or no object
        return out
    decoder = json.JSONDecoder()
    pos = start + 1
    while True:
        found = _KEY_AT.search(text, pos)
        if found is None:
            break
        if text[pos : found.start()].strip(" \t\r\n,"):
            out.unknown = True  # something stood here that is no record
        try:
            key = json.loads(f'"{found.group(1)}"')
        except ValueError:
            key = None
        try:
            value, end = decoder.raw_decode(text, found.end())
        except (ValueError, RecursionError):
            after = _KEY_AT.search(text, found.end())
            end = after.start() if after else len(text)
            if isinstance(key, str) and key.startswith(ROOT):
                out.damaged[key] = text[found.end() : end].rstrip(" \t\r\n,}")
            else:
                out.unknown = True
            pos = end
            continue
        if isinstance(key, str):
            take(key, value)
        else:
            out.unknown = True
        pos = end
    if text[pos:].strip(" \t\r\n,") != "}":
        out.unknown = True  # cut off after the last record read
    return out


def read_data_file(path: Path) -> Salvaged:
    """What the JSON data file at ``path`` still holds (see :func:`salvage_records`).
    OSError, FileNotFoundError included, when it cannot be read at all (also when it is
    no regular file: a folder, a FIFO, a device)."""
    return salvage_records(read_regular_bytes(path))
