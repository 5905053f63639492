"""Folders in memory (Linux's /dev/shm) for tests that write and open many small
database files: the store's work is the same there, the disk's journal is not, and
the disk adds nothing to what these tests check (their fake disks count bytes, their
damage is made by hand).  Where the machine has no such folder, the test's own
temporary folder is used.  The tests of the real disk (a full one, a read-only one)
keep theirs.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MEMORY = Path("/dev/shm")


class FoldersInMemory:
    """New empty folders inside one folder, each named after what it is for."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def mktemp(self, basename: str) -> Path:
        """A new empty folder (the name of pytest's ``tmp_path_factory.mktemp``)."""
        return Path(tempfile.mkdtemp(prefix=f"{basename}-", dir=self.root))


@contextmanager
def folder_in_memory(fallback: Path) -> Iterator[Path]:
    """A new empty folder in memory, removed with all it holds after; ``fallback``
    where there is no memory folder."""
    if not MEMORY.is_dir():
        yield fallback
        return
    folder = Path(tempfile.mkdtemp(prefix="thirteen-test-", dir=MEMORY))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def folders_in_memory(fallback: Path) -> Iterator[FoldersInMemory]:
    """New folders made on demand in one folder in memory, all removed after."""
    with folder_in_memory(fallback) as root:
        yield FoldersInMemory(root)
